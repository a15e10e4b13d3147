//! Where things go, chosen from the window's size alone (the same code natively and on the
//! web): three columns on a wide window; the board and one column with tabs on a medium
//! one; on a phone or an upright tablet the status line, the board at the full width, the
//! actions, and the other sections as tabs under it, all in one scrolling page.

use super::board::BoardView;
use super::editor::EditorView;
use super::file::FileView;
use super::keys::Keyboard;
use super::online::OnlineView;
use super::perfect_play::PerfectPlay;
use super::{coach, mark, panels, puzzles, settings, stats, status};
use crate::i18n::I18n;
use crate::msg;
use qipan_session::{Command, Session};
use web_time::Duration;

/// The arrangement of the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Game list and settings left, board centre, rules right.
    Wide,
    /// One column (play or rules, as tabs) beside the board.
    Medium,
    /// A page: status, board, actions, then tabs; it scrolls.
    Narrow,
}

/// Below this width the rules column goes behind a tab.
const WIDE_FROM: f32 = 1100.0;
/// A landscape window at least this wide keeps the board beside one column.
const MEDIUM_FROM: f32 = 640.0;

impl Layout {
    pub fn for_size(size: egui::Vec2) -> Layout {
        if size.x >= WIDE_FROM {
            Layout::Wide
        } else if size.x >= MEDIUM_FROM && size.x > size.y {
            Layout::Medium
        } else {
            Layout::Narrow
        }
    }
}

/// The tabs under the board on a narrow screen, and of the column on a medium one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tab {
    #[default]
    Games,
    /// Playing a friend on another device.
    Online,
    Settings,
    Moves,
    Rules,
    /// The coach's review of the game.
    Review,
    /// "Find the move".
    Puzzles,
    /// The player's record and ratings.
    Stats,
}

/// What the views keep between frames: the arrangement, the open tab, and each view's own
/// state. Drawing reads the session and returns what the views ask of it.
pub struct Views {
    /// The arrangement of the last frame.
    pub layout: Layout,
    /// The tab open under the board or in the column.
    tab: Tab,
    /// What the right-hand column of the wide layout shows.
    side: Tab,
    /// Whether a puzzle was on the board last frame (a new one brings its view forward).
    solving: bool,
    pub board: BoardView,
    pub keyboard: Keyboard,
    pub online: OnlineView,
    pub file: FileView,
    /// The board editor's palette and focus.
    pub editor: EditorView,
}

/// What one frame's drawing reads: the session, the solved table's readiness, the time.
/// The words are apart: Game Settings changes the language at once.
#[derive(Clone, Copy)]
pub struct Frame<'a> {
    pub session: &'a Session,
    pub perfect_play: &'a PerfectPlay,
    pub now: f64,
}

impl Views {
    pub fn new(save_path: String, server: String) -> Views {
        Views {
            layout: Layout::Wide,
            tab: Tab::default(),
            side: Tab::Rules,
            solving: false,
            board: BoardView::default(),
            keyboard: Keyboard::default(),
            online: OnlineView::new(server),
            file: FileView::new(save_path),
            editor: EditorView::default(),
        }
    }

    /// Lays the window out and draws every view; returns what they ask of the session.
    #[inline(never)] // V8 optimises it on its own: docs/web.md, "rustc made large functions"
    pub fn show(&mut self, ui: &mut egui::Ui, frame: Frame<'_>, i18n: &mut I18n) -> Vec<Command> {
        let mut out = Vec::new();
        let (session, game) = (frame.session, frame.session.game());
        let layout = Layout::for_size(ui.available_size());
        self.layout = layout;
        // A puzzle just put on the board brings its view forward.
        let solving = session.puzzle().is_some();
        if solving && !self.solving {
            self.side = Tab::Puzzles;
            if self.tab != Tab::Puzzles && layout != Layout::Wide {
                self.tab = Tab::Puzzles;
            }
        }
        self.solving = solving;
        egui::Panel::top("status").show(ui, |ui| {
            ui.add_space(4.0);
            // Setting up a position: the game behind it waits, and the bar says so.
            if let Some(editor) = session.editor() {
                ui.label(egui::RichText::new(super::editor::status_line(editor, i18n)).strong());
                ui.add_space(2.0);
                return;
            }
            status::status_bar(ui, session, i18n, frame.perfect_play, frame.now);
            out.extend(status::engine_failure(ui, game, i18n));
            out.extend(coach::coach_notes(ui, game, i18n));
            ui.add_space(2.0);
        });
        match layout {
            Layout::Wide => {
                egui::Panel::left("side")
                    .default_size(280.0)
                    .resizable(true)
                    .show(ui, |ui| out.extend(self.play_column(ui, session, i18n)));
                egui::Panel::right("rules")
                    .default_size(340.0)
                    .resizable(true)
                    .show(ui, |ui| {
                        // The review, once asked for, takes the rules' place.
                        if game.review_running().is_some() {
                            ui.heading(i18n.tr(msg!("heading-review")));
                            ui.separator();
                            egui::ScrollArea::vertical()
                                .id_salt("review")
                                .auto_shrink([false, false])
                                .show(ui, |ui| {
                                    let tab = &mut self.tab;
                                    out.extend(coach::review_section(ui, game, i18n, tab));
                                });
                            return;
                        }
                        ui.horizontal_wrapped(|ui| {
                            for (tab, id, key) in [
                                (Tab::Rules, msg!("heading-rules"), "side:rules"),
                                (Tab::Puzzles, msg!("puzzles-heading"), "side:puzzles"),
                                (Tab::Stats, msg!("stats-heading"), "side:stats"),
                            ] {
                                let text = egui::RichText::new(i18n.tr(id)).heading();
                                let r = ui.selectable_label(self.side == tab, text);
                                crate::a11y::tab(&r);
                                mark(ui, key, &r);
                                if r.clicked() {
                                    self.side = tab;
                                }
                            }
                        });
                        ui.separator();
                        match self.side {
                            Tab::Puzzles => out.extend(puzzles::show(ui, session, i18n)),
                            Tab::Stats => {
                                egui::ScrollArea::vertical()
                                    .id_salt("stats")
                                    .auto_shrink([false, false])
                                    .show(ui, |ui| out.extend(stats::show(ui, session, i18n)));
                            }
                            _ => panels::rules_section(ui, game, i18n, true),
                        }
                    });
                out.extend(self.central_board(ui, frame, i18n));
            }
            Layout::Medium => {
                egui::Panel::left("side")
                    .default_size(280.0)
                    .resizable(true)
                    .show(ui, |ui| {
                        ui.horizontal(|ui| {
                            let play = !matches!(
                                self.tab,
                                Tab::Rules | Tab::Review | Tab::Puzzles | Tab::Stats
                            );
                            let r = ui.selectable_label(play, i18n.tr(msg!("tab-play")));
                            crate::a11y::tab(&r);
                            mark(ui, "tab:play", &r);
                            if r.clicked() {
                                self.tab = Tab::Games;
                            }
                            for (tab, id, key) in [
                                (Tab::Rules, msg!("heading-rules"), "tab:rules"),
                                (Tab::Review, msg!("heading-review"), "tab:review"),
                                (Tab::Puzzles, msg!("puzzles-heading"), "tab:puzzles"),
                                (Tab::Stats, msg!("stats-heading"), "tab:stats"),
                            ] {
                                let r = ui.selectable_label(self.tab == tab, i18n.tr(id));
                                crate::a11y::tab(&r);
                                mark(ui, key, &r);
                                if r.clicked() {
                                    self.tab = tab;
                                }
                            }
                        });
                        ui.separator();
                        match self.tab {
                            Tab::Rules => panels::rules_section(ui, game, i18n, true),
                            Tab::Puzzles => out.extend(puzzles::show(ui, session, i18n)),
                            Tab::Stats => out.extend(stats::show(ui, session, i18n)),
                            Tab::Review => {
                                egui::ScrollArea::vertical()
                                    .id_salt("review")
                                    .auto_shrink([false, false])
                                    .show(ui, |ui| {
                                        let tab = &mut self.tab;
                                        out.extend(coach::review_section(ui, game, i18n, tab));
                                    });
                            }
                            _ => out.extend(self.play_column(ui, session, i18n)),
                        }
                    });
                out.extend(self.central_board(ui, frame, i18n));
            }
            Layout::Narrow => out.extend(self.page(ui, frame, i18n)),
        }
        out
    }

    /// The left column of the wide and medium layouts.
    fn play_column(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        i18n: &mut I18n,
    ) -> Vec<Command> {
        let mut out = Vec::new();
        let game = session.game();
        egui::ScrollArea::vertical()
            .id_salt("left-panel")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                // The board editor takes the column while a position is set up.
                if session.editor().is_some() {
                    out.extend(self.editor.panel(ui, session, i18n));
                    ui.separator();
                    ui.heading(i18n.tr(msg!("heading-games")));
                    out.extend(panels::games_section(ui, game, i18n));
                    return;
                }
                // The actions first: in reach without scrolling in every layout.
                out.extend(panels::actions_row(ui, session, i18n));
                ui.separator();
                ui.heading(i18n.tr(msg!("heading-games")));
                out.extend(panels::games_section(ui, game, i18n));
                ui.separator();
                // Folded until wanted (it would push the moves out of reach), open while
                // a game with a friend is on.
                let online = session.online().is_some();
                let header = egui::CollapsingHeader::new(
                    egui::RichText::new(i18n.tr(msg!("online-heading"))).heading(),
                )
                .id_salt("online")
                .default_open(false)
                .open(online.then_some(true))
                .show(ui, |ui| out.extend(self.online_section(ui, session, i18n)));
                mark(ui, "section:online", &header.header_response);
                ui.separator();
                ui.heading(i18n.tr(msg!("heading-settings")));
                out.extend(settings_section(ui, session, i18n));
                ui.separator();
                out.extend(self.file.show(ui, session, i18n));
                self.keyboard.help_section(ui, i18n);
                ui.separator();
                ui.heading(i18n.tr(msg!("heading-moves")));
                out.extend(panels::moves_section(ui, game, i18n, &mut self.tab));
            });
        out
    }

    /// Playing a friend on another device ([`super::online`]).
    fn online_section(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        i18n: &I18n,
    ) -> Vec<Command> {
        let side_name = |side| i18n.tr(super::board::side_name(session.game(), side));
        super::online::show(ui, session, &mut self.online, i18n, &side_name)
    }

    /// The board filling the central panel, under the game-over banner.
    fn central_board(&mut self, ui: &mut egui::Ui, frame: Frame<'_>, i18n: &I18n) -> Vec<Command> {
        let mut out = Vec::new();
        egui::CentralPanel::default().show(ui, |ui| {
            let game = frame.session.game();
            if frame.session.editor().is_none() {
                out.extend(status::game_over_banner(ui, game, i18n, &mut self.tab));
            }
            let (rect, _) = ui.allocate_exact_size(ui.available_size(), egui::Sense::hover());
            out.extend(self.board_in(ui, rect, frame, i18n));
        });
        out
    }

    /// The phone layout: one page that scrolls, the board at its full width.
    fn page(&mut self, ui: &mut egui::Ui, frame: Frame<'_>, i18n: &mut I18n) -> Vec<Command> {
        let mut out = Vec::new();
        let (session, game) = (frame.session, frame.session.game());
        let viewport_height = ui.available_height();
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("page")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    // Bigger buttons for fingers.
                    ui.style_mut().spacing.button_padding = egui::vec2(10.0, 7.0);
                    ui.style_mut().spacing.item_spacing = egui::vec2(8.0, 6.0);
                    let editing = session.editor().is_some();
                    if !editing {
                        out.extend(status::game_over_banner(ui, game, i18n, &mut self.tab));
                    }
                    let width = ui.available_width();
                    let aspect = super::board::description(game).board_aspect;
                    // Tall enough to be the largest thing on screen, short enough that the
                    // actions stay in view under it.
                    let height = (width * aspect).min(viewport_height * 0.8).max(120.0);
                    let (rect, _) =
                        ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::hover());
                    out.extend(self.board_in(ui, rect, frame, i18n));
                    // The board editor's panel under its board, then the games to pick.
                    if editing {
                        out.extend(self.editor.panel(ui, session, i18n));
                        ui.separator();
                        out.extend(panels::games_section(ui, game, i18n));
                        return;
                    }
                    out.extend(panels::actions_row(ui, session, i18n));
                    ui.separator();
                    ui.horizontal_wrapped(|ui| {
                        for (tab, id, key) in [
                            (Tab::Games, msg!("heading-games"), "tab:games"),
                            (Tab::Online, msg!("online-heading"), "tab:online"),
                            (Tab::Puzzles, msg!("puzzles-heading"), "tab:puzzles"),
                            (Tab::Settings, msg!("heading-settings"), "tab:settings"),
                            (Tab::Moves, msg!("heading-moves"), "tab:moves"),
                            (Tab::Rules, msg!("heading-rules"), "tab:rules"),
                            (Tab::Review, msg!("heading-review"), "tab:review"),
                            (Tab::Stats, msg!("stats-heading"), "tab:stats"),
                        ] {
                            let r = ui.selectable_label(self.tab == tab, i18n.tr(id));
                            crate::a11y::tab(&r);
                            mark(ui, key, &r);
                            if r.clicked() {
                                self.tab = tab;
                            }
                        }
                    });
                    ui.separator();
                    if below_the_first_screen(ui) {
                        return;
                    }
                    match self.tab {
                        Tab::Games => {
                            out.extend(panels::games_section(ui, game, i18n));
                            ui.separator();
                            if !below_the_first_screen(ui) {
                                out.extend(self.file.show(ui, session, i18n));
                            }
                        }
                        Tab::Online => out.extend(self.online_section(ui, session, i18n)),
                        Tab::Settings => {
                            out.extend(settings_section(ui, session, i18n));
                            ui.separator();
                            self.keyboard.help_section(ui, i18n);
                        }
                        Tab::Moves => {
                            out.extend(panels::moves_section(ui, game, i18n, &mut self.tab));
                        }
                        Tab::Rules => panels::rules_section(ui, game, i18n, false),
                        Tab::Review => {
                            out.extend(coach::review_section(ui, game, i18n, &mut self.tab));
                        }
                        Tab::Puzzles => out.extend(puzzles::show(ui, session, i18n)),
                        Tab::Stats => out.extend(stats::show(ui, session, i18n)),
                    }
                });
        });
        out
    }

    /// Frames only when something changes: at once after a move, each frame while a move
    /// glides, about 30 a second while Push the Line's rings breathe, and otherwise once a
    /// second for the clock while the game is on. Nothing at all once it is over or while
    /// the player looks back. The worker wakes the app itself, so thinking needs no extra
    /// frames: on the web every frame is time the search does not get.
    pub fn ask_for_frames(&mut self, ctx: &egui::Context, session: &Session, now: f64) {
        let game = session.game();
        if session.has_pending() || self.board.glide_progress(game, now).is_some() {
            ctx.request_repaint();
        } else if let Some(at) = session.next_moment() {
            // A puzzle's reply, or its wrong move taken back.
            ctx.request_repaint_after(Duration::from_secs_f64((at - now).max(0.0)));
        } else if game.game_on() && session.puzzle().is_none() && session.editor().is_none() {
            let left = game.remaining(now);
            let to_next_second = (left - left.floor()).max(0.02);
            let mut delay = Duration::from_secs_f64(to_next_second);
            if game.human_to_move() && self.board.animating(game) {
                delay = delay.min(Duration::from_millis(33));
            }
            ctx.request_repaint_after(delay);
        }
        // A review's progress bar moves a few times a second; its end wakes the app.
        if game.review_running() == Some(true) {
            ctx.request_repaint_after(Duration::from_millis(250));
        }
    }

    /// Draws the board into `rect`, with the keys meant for it this frame.
    fn board_in(
        &mut self,
        ui: &mut egui::Ui,
        rect: egui::Rect,
        frame: Frame<'_>,
        i18n: &I18n,
    ) -> Vec<Command> {
        let keys = std::mem::take(&mut self.keyboard.board);
        if let Some(editor) = frame.session.editor() {
            return self.editor.board(ui, rect, editor, i18n, keys);
        }
        self.board
            .show(ui, rect, frame.session, i18n, frame.now, keys)
    }
}

/// Whether the app's very first frame has reached the bottom of the screen at `ui`'s cursor:
/// then what would come next is left to the second frame, asked for at once. The first frame
/// is the one a player waits for (on a phone over a mobile network, seconds after opening the
/// page, most of them the browser compiling each function the frame calls for the first
/// time), and nobody sees what lies below the screen's edge before it scrolls.
fn below_the_first_screen(ui: &egui::Ui) -> bool {
    let wait = ui.ctx().cumulative_frame_nr() == 0 && ui.cursor().top() > ui.clip_rect().bottom();
    if wait {
        ui.ctx().request_repaint();
    }
    wait
}

/// Game Settings ([`settings::show`]); a new language is drawn at once, in the next frame.
fn settings_section(ui: &mut egui::Ui, session: &Session, i18n: &mut I18n) -> Vec<Command> {
    let lang = i18n.lang();
    let commands = settings::show(ui, session, i18n);
    if i18n.lang() != lang {
        ui.ctx().request_repaint();
    }
    commands
}

#[cfg(test)]
mod tests {
    use super::below_the_first_screen;

    #[test]
    fn the_first_frame_leaves_what_lies_below_the_screen_to_the_second() {
        let ctx = egui::Context::default();
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(390.0, 844.0));
        let mut seen = Vec::new();
        for _ in 0..2 {
            let input = egui::RawInput {
                screen_rect: Some(screen),
                ..Default::default()
            };
            let output = ctx.run_ui(input, |ui| {
                let at_the_top = below_the_first_screen(ui);
                ui.add_space(1000.0);
                seen.push((at_the_top, below_the_first_screen(ui)));
            });
            output.drop_without_applying_deltas();
        }
        assert_eq!(seen, [(false, true), (false, false)]);
    }
}
