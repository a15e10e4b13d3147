//! Where things go, chosen from the window's size alone (the same code natively and on the
//! web): three columns on a wide window; the board and one column with tabs on a medium
//! one; on a phone or an upright tablet the status line, the board at the full width, the
//! actions, and the other sections as tabs under it, all in one scrolling page.
//!
//! Every tab bar, and what each tab draws, comes from one table ([`TABS`]): a new tab is one
//! row there.

use super::board::BoardView;
use super::boards::BoardInput;
use super::challenges::{self, ChallengeView};
use super::command::{AppCommand, Tab};
use super::editor::EditorView;
use super::file::FileView;
use super::games::description;
use super::keys::Keyboard;
use super::marks::mark;
use super::online::OnlineView;
use super::perfect_play::PerfectPlay;
use super::players::PlayersView;
use super::records::RecordsView;
use super::settings::Prefs;
use super::{
    about, coach, lessons, online, panels, puzzles, records, settings, stats, status, widgets,
    your_games,
};
use crate::i18n::{I18n, Lang, Msg};
use crate::msg;
use qipan_engine::games::Variant;
use qipan_session::{Command, CommandError, ModeKind, Session};
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

    /// Its name, as the web page reports it (`data-layout`).
    pub fn name(self) -> &'static str {
        match self {
            Layout::Wide => "wide",
            Layout::Medium => "medium",
            Layout::Narrow => "narrow",
        }
    }
}

/// One tab: its title, the name its mark carries (`tab:rules`; `side:rules` in the wide
/// layout's right-hand column), its place in each layout's tab bar (tabs with the same place
/// keep this table's order), and the view it draws.
struct TabRow {
    tab: Tab,
    title: Msg,
    name: &'static str,
    /// Its place from the left in the wide layout's right-hand column, in the medium
    /// layout's column and on the narrow layout's page; `None`: not in that bar.
    wide: Option<u8>,
    medium: Option<u8>,
    narrow: Option<u8>,
    view: TabView,
}

/// What a tab draws, in a column or on the page.
type TabView = fn(&mut Views, &mut egui::Ui, Frame<'_>, Place) -> Vec<AppCommand>;

/// Every tab. Beside them, the wide layout keeps the play column on its left, and the review
/// takes its right-hand column by itself while there is one.
const TABS: [TabRow; 12] = [
    TabRow {
        tab: Tab::Play,
        title: msg!("tab-play"),
        name: "play",
        wide: None,
        medium: Some(0),
        narrow: None,
        view: |views, ui, frame, _| views.play_column(ui, frame),
    },
    TabRow {
        tab: Tab::Games,
        title: msg!("heading-games"),
        name: "games",
        wide: None,
        medium: None,
        narrow: Some(0),
        view: games_tab,
    },
    TabRow {
        tab: Tab::Online,
        title: msg!("online-heading"),
        name: "online",
        wide: None,
        medium: None,
        narrow: Some(1),
        view: |views, ui, frame, place| {
            place.scroll(ui, "online", |ui| views.online_section(ui, frame))
        },
    },
    TabRow {
        tab: Tab::Puzzles,
        title: msg!("puzzles-heading"),
        name: "puzzles",
        wide: Some(1),
        medium: Some(3),
        narrow: Some(2),
        view: |_, ui, frame, place| {
            place.scroll(ui, "puzzles", |ui| {
                session_commands(puzzles::show(ui, frame.session, frame.i18n))
            })
        },
    },
    TabRow {
        tab: Tab::Settings,
        title: msg!("heading-settings"),
        name: "settings",
        wide: None,
        medium: None,
        narrow: Some(3),
        view: |views, ui, frame, place| {
            place.scroll(ui, "settings", |ui| {
                let commands = settings::show(
                    ui,
                    frame.session,
                    &views.prefs,
                    frame.i18n,
                    frame.notifications,
                );
                ui.separator();
                views.keyboard.help_section(ui, frame.i18n);
                about::show(ui, frame.i18n);
                commands
            })
        },
    },
    TabRow {
        tab: Tab::Moves,
        title: msg!("heading-moves"),
        name: "moves",
        wide: None,
        medium: None,
        narrow: Some(4),
        view: |_, ui, frame, place| {
            place.scroll(ui, "moves", |ui| {
                panels::moves_section(ui, frame.session, frame.i18n)
            })
        },
    },
    TabRow {
        tab: Tab::Rules,
        title: msg!("heading-rules"),
        name: "rules",
        wide: Some(0),
        medium: Some(1),
        narrow: Some(5),
        view: |_, ui, frame, place| {
            place.scroll(ui, "rules", |ui| {
                panels::rules_section(ui, frame.session, frame.i18n)
            })
        },
    },
    // Beside the rules, in every bar.
    TabRow {
        tab: Tab::Learn,
        title: msg!("learn-heading"),
        name: "learn",
        wide: Some(0),
        medium: Some(1),
        narrow: Some(5),
        view: |_, ui, frame, place| {
            place.scroll(ui, "learn", |ui| {
                // The phone's page has the lesson itself under the board.
                let with_panel = place == Place::Column;
                session_commands(lessons::show(ui, frame.session, frame.i18n, with_panel))
            })
        },
    },
    TabRow {
        tab: Tab::Review,
        title: msg!("heading-review"),
        name: "review",
        wide: None,
        medium: Some(2),
        narrow: Some(6),
        view: |_, ui, frame, place| {
            place.scroll(ui, "review", |ui| {
                coach::review_section(ui, frame.session, frame.i18n)
            })
        },
    },
    TabRow {
        tab: Tab::Stats,
        title: msg!("stats-heading"),
        name: "stats",
        wide: Some(2),
        medium: Some(4),
        narrow: Some(7),
        view: |_, ui, frame, place| {
            place.scroll(ui, "stats", |ui| {
                session_commands(stats::show(ui, frame.session, frame.i18n))
            })
        },
    },
    TabRow {
        tab: Tab::Profile,
        title: msg!("profile-heading"),
        name: "profile",
        wide: Some(3),
        medium: Some(5),
        narrow: Some(8),
        view: |views, ui, frame, place| {
            place.scroll(ui, "profile", |ui| {
                let server = views.online.server.trim();
                records::profile(ui, frame.session, &mut views.records, server, frame.i18n)
            })
        },
    },
    TabRow {
        tab: Tab::Leaderboard,
        title: msg!("leaderboard-heading"),
        name: "leaderboard",
        wide: Some(4),
        medium: Some(6),
        narrow: Some(9),
        view: |views, ui, frame, place| {
            place.scroll(ui, "leaderboard", |ui| {
                let server = views.online.server.trim();
                records::leaderboard(ui, frame.session, &mut views.records, server, frame.i18n)
            })
        },
    },
];

/// The Games tab: the game picker, and Save and Load under it.
fn games_tab(
    views: &mut Views,
    ui: &mut egui::Ui,
    frame: Frame<'_>,
    place: Place,
) -> Vec<AppCommand> {
    place.scroll(ui, "games", |ui| {
        let (session, i18n) = (frame.session, frame.i18n);
        let mut out = session_commands(panels::games_section(ui, session.game(), i18n));
        ui.separator();
        if !below_the_first_screen(ui) {
            out.extend(session_commands(views.file.show(ui, session, i18n)));
        }
        out
    })
}

impl TabRow {
    fn place_in(&self, layout: Layout) -> Option<u8> {
        match layout {
            Layout::Wide => self.wide,
            Layout::Medium => self.medium,
            Layout::Narrow => self.narrow,
        }
    }
}

/// The tabs of `layout`'s bar, in their order.
fn bar(layout: Layout) -> Vec<&'static TabRow> {
    let mut rows: Vec<(u8, &TabRow)> = TABS
        .iter()
        .filter_map(|row| Some((row.place_in(layout)?, row)))
        .collect();
    rows.sort_by_key(|&(place, _)| place);
    rows.into_iter().map(|(_, row)| row).collect()
}

/// The tab a bar shows for `open`: its own row, or the bar's first where it has none (the
/// medium layout's Play column holds the narrow layout's Games, Online, Settings and Moves).
fn shown<'r>(bar: &[&'r TabRow], open: Tab) -> Option<&'r TabRow> {
    bar.iter()
        .find(|row| row.tab == open)
        .or_else(|| bar.first())
        .copied()
}

/// How many of the player's games wait for their move (0 without a player).
fn waiting(session: &Session) -> usize {
    session.player_link().map_or(0, |link| link.waiting_count())
}

/// `title`, or the title that counts the games waiting for the player's move where there
/// are any: "Play online (2)".
fn counted(i18n: &I18n, title: Msg, counted: Msg, waiting: usize) -> String {
    match i64::try_from(waiting) {
        Ok(count) if count > 0 => i18n.tr_args(counted, &[("count", count.into())]),
        _ => i18n.tr(title),
    }
}

/// A tab's title; the tabs that hold Play online count the games waiting.
fn tab_title(row: &TabRow, i18n: &I18n, waiting: usize) -> String {
    match row.tab {
        Tab::Online => counted(i18n, row.title, msg!("online-heading-waiting"), waiting),
        Tab::Play => counted(i18n, row.title, msg!("tab-play-waiting"), waiting),
        _ => i18n.tr(row.title),
    }
}

/// Draws `layout`'s tab bar with `open`'s tab selected; returns the tab clicked.
fn tab_bar(
    ui: &mut egui::Ui,
    layout: Layout,
    bar: &[&TabRow],
    open: Tab,
    frame: Frame<'_>,
) -> Option<Tab> {
    let (i18n, waiting) = (frame.i18n, waiting(frame.session));
    let selected = shown(bar, open).map(|row| row.tab);
    let mut clicked = None;
    let add = |ui: &mut egui::Ui| {
        for row in bar {
            let on = selected == Some(row.tab);
            let title = tab_title(row, i18n, waiting);
            let r = match layout {
                Layout::Wide => ui.selectable_label(on, egui::RichText::new(title).heading()),
                Layout::Medium | Layout::Narrow => ui.selectable_label(on, title),
            };
            crate::a11y::tab(&r);
            let prefix = if layout == Layout::Wide {
                "side"
            } else {
                "tab"
            };
            mark(ui, format_args!("{prefix}:{}", row.name), &r);
            if r.clicked() {
                clicked = Some(row.tab);
            }
        }
    };
    match layout {
        // The phone's page: one row that scrolls sideways (two rows of eleven tabs pushed
        // the tab's view down, and a row that wraps jumps as the language changes).
        Layout::Narrow => {
            egui::ScrollArea::horizontal()
                .id_salt("tabs")
                .show(ui, |ui| ui.horizontal(add));
        }
        // Wrapped in the columns: the medium column's row of tabs would otherwise widen the
        // column and shrink the board beside it.
        Layout::Wide | Layout::Medium => {
            ui.horizontal_wrapped(add);
        }
    }
    clicked
}

/// Where a tab's view is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// A column beside the board: the view scrolls on its own.
    Column,
    /// The phone's page, which scrolls as a whole.
    Page,
}

impl Place {
    /// Draws `add` in a scroll area of its own (`id`) in a column; as it is on the page.
    fn scroll<R>(self, ui: &mut egui::Ui, id: &str, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
        match self {
            Place::Column => {
                egui::ScrollArea::vertical()
                    .id_salt(id)
                    .auto_shrink([false, false])
                    .show(ui, add)
                    .inner
            }
            Place::Page => add(ui),
        }
    }
}

/// A section's session commands, as the view's requests.
fn session_commands(commands: Vec<Command>) -> Vec<AppCommand> {
    commands.into_iter().map(AppCommand::Session).collect()
}

/// What the views keep between frames: the arrangement, the open tab, and each view's own
/// state. Drawing reads the session and returns what the views ask for.
pub struct Views {
    /// The arrangement of the last frame.
    pub layout: Layout,
    /// The tab open under the board or in the column.
    tab: Tab,
    /// What the right-hand column of the wide layout shows.
    side: Tab,
    /// Whether a puzzle was on the board last frame (a new one brings its view forward).
    solving: bool,
    /// Whether a lesson was on the board last frame (a new one brings its view forward).
    learning: bool,
    /// The phone's page goes back to its top at the next frame.
    page_to_top: bool,
    pub board: BoardView,
    pub keyboard: Keyboard,
    pub online: OnlineView,
    pub file: FileView,
    /// The board editor's palette and focus.
    pub editor: EditorView,
    /// Whose profile and which leaderboard are shown.
    pub records: RecordsView,
    /// The challenge form's name, rated and time.
    pub challenge: ChallengeView,
    /// Play online was asked for (a challenge from a profile): its section opens once.
    open_online: bool,
    /// The wide layout's Play online section was unfolded in the last frame: the player
    /// reads it rather than the board (see [`Views::reading`]).
    online_unfolded: bool,
    /// The challenge form was asked for: it opens once.
    open_challenge: bool,
    /// What the player chose of the app's own (coordinates), kept with the settings.
    pub prefs: Prefs,
    /// The question before resigning, and a draw offer declined.
    pub players: PlayersView,
    /// The status line's height kept from growing back smaller.
    status: SteadyStatus,
}

/// What the status line's kept height holds for: a game, in a mode (a lesson's line is
/// another), at a width, in a language.
type StatusKey = (Variant, ModeKind, i32, Lang);

/// The status line's tallest height in this game and mode, at this width and in this language: the
/// computer's move said, a refusal or a thinking line wrap to one more or one fewer line on a
/// phone, and the board under the line moved at every move (issue 43: a layout that jumps).
/// It may grow once; then the board stays.
#[derive(Default)]
struct SteadyStatus {
    key: Option<StatusKey>,
    height: f32,
}

impl SteadyStatus {
    /// Draws `add` and pads it to the tallest it has been for `key`.
    fn show(&mut self, ui: &mut egui::Ui, key: StatusKey, add: impl FnOnce(&mut egui::Ui)) {
        if self.key != Some(key) {
            *self = SteadyStatus {
                key: Some(key),
                height: 0.0,
            };
        }
        let used = widgets::padded_to(ui, self.height, add);
        self.height = self.height.max(used);
    }
}

/// What one frame's drawing reads: the session, the words, the solved table's readiness, the
/// time, and the last refused command while it is said.
#[derive(Clone, Copy)]
pub struct Frame<'a> {
    pub session: &'a Session,
    pub i18n: &'a I18n,
    pub perfect_play: &'a PerfectPlay,
    pub now: f64,
    pub refusal: Option<&'a CommandError>,
    /// Whether notifications of moves and challenges are on (the settings show it).
    pub notifications: bool,
}

impl Views {
    pub fn new(save_path: String, server: String, prefs: Prefs) -> Views {
        Views {
            layout: Layout::Wide,
            tab: Tab::default(),
            side: Tab::Rules,
            solving: false,
            learning: false,
            page_to_top: false,
            board: BoardView::default(),
            keyboard: Keyboard::default(),
            online: OnlineView::new(server),
            file: FileView::new(save_path),
            editor: EditorView::default(),
            records: RecordsView::default(),
            challenge: ChallengeView::default(),
            open_online: false,
            online_unfolded: false,
            open_challenge: false,
            prefs,
            players: PlayersView::default(),
            status: SteadyStatus::default(),
        }
    }

    /// The challenge form with `name` in it, brought forward.
    pub fn challenge(&mut self, name: String) {
        self.challenge.to = name;
        self.open_tab(Tab::Online);
        self.open_online = true;
        self.open_challenge = true;
    }

    /// Play online: the player's games, a challenge, someone new and a friend.
    fn online_section(&mut self, ui: &mut egui::Ui, frame: Frame<'_>) -> Vec<AppCommand> {
        let (session, i18n) = (frame.session, frame.i18n);
        let mut commands = your_games::show(ui, session, i18n, frame.now);
        if session.player_link().is_some() {
            // Folded until wanted, so that seeking stays in reach; a name sent here from a
            // profile opens it.
            let open = std::mem::take(&mut self.open_challenge);
            let header = egui::CollapsingHeader::new(i18n.tr(msg!("challenge-heading")))
                .id_salt("challenge")
                .default_open(false)
                .open(open.then_some(true))
                .show(ui, |ui| {
                    commands.extend(challenges::form(ui, session, &mut self.challenge, i18n))
                });
            mark(ui, "challenge:heading", &header.header_response);
            ui.separator();
        }
        commands.extend(online::show(ui, session, &mut self.online, i18n));
        session_commands(commands)
    }

    /// Brings `tab` forward (a view asked for it: [`AppCommand::OpenTab`]), in the wide
    /// layout's right-hand column too when it is one of its tabs.
    pub fn open_tab(&mut self, tab: Tab) {
        self.tab = tab;
        if TABS.iter().any(|row| row.tab == tab && row.wide.is_some()) {
            self.side = tab;
        }
    }

    /// Lays the window out and draws every view; returns what they ask for.
    #[inline(never)] // V8 optimises it on its own: docs/web.md, "rustc made large functions"
    pub fn show(&mut self, ui: &mut egui::Ui, frame: Frame<'_>) -> Vec<AppCommand> {
        let mut out = Vec::new();
        let (session, i18n) = (frame.session, frame.i18n);
        let game = session.game();
        let layout = Layout::for_size(ui.available_size());
        self.layout = layout;
        // A puzzle just put on the board brings its view forward.
        let solving = session.puzzle().is_some();
        let (was_solving, was_learning) = (self.solving, self.learning);
        if solving && !self.solving {
            self.side = Tab::Puzzles;
            if self.tab != Tab::Puzzles && layout != Layout::Wide {
                self.tab = Tab::Puzzles;
            }
        }
        self.solving = solving;
        let learning = session.lesson().is_some();
        if learning && !self.learning {
            self.side = Tab::Learn;
            if layout != Layout::Wide {
                self.tab = Tab::Learn;
            }
        }
        self.learning = learning;
        // A lesson or a puzzle just put on the board: the phone's page shows it from the top
        // (Try it is far down the rules, and the page would keep its place there).
        if (learning && !was_learning) || (solving && !was_solving) {
            self.page_to_top = true;
        }
        egui::Panel::top("status").show(ui, |ui| {
            ui.add_space(4.0);
            // A challenge made to the player, wherever they are.
            out.extend(session_commands(challenges::banner(ui, session, i18n)));
            // Setting up a position: the game behind it waits, and the bar says so.
            if session.editor().is_some() {
                status::editing_bar(ui, session, i18n, frame.refusal);
                ui.add_space(2.0);
                return;
            }
            let (perfect_play, now) = (frame.perfect_play, frame.now);
            let width = ui.available_width() as i32;
            let key = (game.variant(), session.mode().kind(), width, i18n.lang());
            self.status.show(ui, key, |ui| {
                status::status_bar(ui, session, i18n, perfect_play, now, frame.refusal);
            });
            out.extend(lessons::offer(ui, session, i18n));
            out.extend(session_commands(status::engine_failure(ui, game, i18n)));
            out.extend(session_commands(coach::coach_notes(ui, game, i18n)));
            ui.add_space(2.0);
        });
        match layout {
            Layout::Wide => {
                egui::Panel::left("side")
                    .default_size(280.0)
                    .resizable(true)
                    .show(ui, |ui| out.extend(self.play_column(ui, frame)));
                egui::Panel::right("rules")
                    .default_size(340.0)
                    .resizable(true)
                    .show(ui, |ui| out.extend(self.side_column(ui, frame)));
                out.extend(self.central_board(ui, frame));
            }
            Layout::Medium => {
                egui::Panel::left("side")
                    .default_size(280.0)
                    .resizable(true)
                    .show(ui, |ui| out.extend(self.tabbed_column(ui, frame)));
                out.extend(self.central_board(ui, frame));
            }
            Layout::Narrow => out.extend(self.page(ui, frame)),
        }
        out
    }

    /// The wide layout's right-hand column: the rules, lessons, puzzles and statistics as
    /// tabs; the review, once asked for, takes their place.
    fn side_column(&mut self, ui: &mut egui::Ui, frame: Frame<'_>) -> Vec<AppCommand> {
        let i18n = frame.i18n;
        if frame.session.game().review_running().is_some() {
            ui.heading(i18n.tr(msg!("heading-review")));
            ui.separator();
            return self.draw(Tab::Review, ui, frame, Place::Column);
        }
        let bar = bar(Layout::Wide);
        if let Some(tab) = tab_bar(ui, Layout::Wide, &bar, self.side, frame) {
            self.side = tab;
        }
        ui.separator();
        let tab = shown(&bar, self.side).map_or(self.side, |row| row.tab);
        self.draw(tab, ui, frame, Place::Column)
    }

    /// Whether the player is reading rather than looking at the board: the keys' help, the
    /// wide layout's Play online unfolded, or (where the tab takes the board's column or
    /// page) the rules, the lessons, the settings, Play online, the statistics, a profile or
    /// the leaderboard. Against the computer the clock waits meanwhile (issue 43). The wide
    /// layout's rules stand beside the board all the time, so they do not count there.
    pub fn reading(&self) -> bool {
        let tab_over_board = self.layout != Layout::Wide
            && matches!(
                self.tab,
                Tab::Rules
                    | Tab::Learn
                    | Tab::Settings
                    | Tab::Online
                    | Tab::Stats
                    | Tab::Profile
                    | Tab::Leaderboard
            );
        let online_open = self.layout == Layout::Wide && self.online_unfolded;
        self.keyboard.help_open() || tab_over_board || online_open
    }

    /// The medium layout's column: its tabs, and the open one.
    fn tabbed_column(&mut self, ui: &mut egui::Ui, frame: Frame<'_>) -> Vec<AppCommand> {
        let bar = bar(Layout::Medium);
        if let Some(tab) = tab_bar(ui, Layout::Medium, &bar, self.tab, frame) {
            self.tab = tab;
        }
        ui.separator();
        let tab = shown(&bar, self.tab).map_or(self.tab, |row| row.tab);
        self.draw(tab, ui, frame, Place::Column)
    }

    /// Draws `tab`'s view, as the table of tabs says.
    fn draw(
        &mut self,
        tab: Tab,
        ui: &mut egui::Ui,
        frame: Frame<'_>,
        place: Place,
    ) -> Vec<AppCommand> {
        match TABS.iter().find(|row| row.tab == tab) {
            Some(row) => (row.view)(self, ui, frame, place),
            None => Vec::new(),
        }
    }

    /// The left column of the wide and medium layouts.
    fn play_column(&mut self, ui: &mut egui::Ui, frame: Frame<'_>) -> Vec<AppCommand> {
        let mut out = Vec::new();
        let (session, i18n) = (frame.session, frame.i18n);
        let game = session.game();
        egui::ScrollArea::vertical()
            .id_salt("left-panel")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                // The board editor takes the column while a position is set up.
                if session.editor().is_some() {
                    out.extend(session_commands(self.editor.panel(ui, session, i18n)));
                    ui.separator();
                    ui.heading(i18n.tr(msg!("heading-games")));
                    out.extend(session_commands(panels::games_section(ui, game, i18n)));
                    return;
                }
                // The actions first: in reach without scrolling in every layout.
                out.extend(panels::actions_row(ui, session, i18n));
                ui.separator();
                ui.heading(i18n.tr(msg!("heading-games")));
                out.extend(session_commands(panels::games_section(ui, game, i18n)));
                ui.separator();
                // Folded until wanted (it would push the moves out of reach), open while
                // a game online is on or a seek waits.
                let online = session.online().is_some()
                    || session.seeking().is_some()
                    || std::mem::take(&mut self.open_online);
                let title = counted(
                    i18n,
                    msg!("online-heading"),
                    msg!("online-heading-waiting"),
                    waiting(session),
                );
                let header = egui::CollapsingHeader::new(egui::RichText::new(title).heading())
                    .id_salt("online")
                    .default_open(false)
                    .open(online.then_some(true))
                    .show(ui, |ui| out.extend(self.online_section(ui, frame)));
                mark(ui, "section:online", &header.header_response);
                self.online_unfolded = header.body_returned.is_some();
                ui.separator();
                ui.heading(i18n.tr(msg!("heading-settings")));
                out.extend(settings::show(
                    ui,
                    session,
                    &self.prefs,
                    i18n,
                    frame.notifications,
                ));
                ui.separator();
                out.extend(session_commands(self.file.show(ui, session, i18n)));
                self.keyboard.help_section(ui, i18n);
                about::show(ui, i18n);
                ui.separator();
                ui.heading(i18n.tr(msg!("heading-moves")));
                out.extend(panels::moves_section(ui, session, i18n));
            });
        out
    }

    /// The board filling the central panel, under the game-over banner.
    fn central_board(&mut self, ui: &mut egui::Ui, frame: Frame<'_>) -> Vec<AppCommand> {
        let mut out = Vec::new();
        egui::CentralPanel::default().show(ui, |ui| {
            if frame.session.editor().is_none() {
                out.extend(status::game_over_banner(ui, frame.session, frame.i18n));
                let bar = self.players.show(ui, frame.session, frame.i18n, frame.now);
                out.extend(session_commands(bar));
            }
            let (rect, _) = ui.allocate_exact_size(ui.available_size(), egui::Sense::hover());
            out.extend(session_commands(self.board_in(ui, rect, frame)));
        });
        out
    }

    /// The phone layout: one page that scrolls, the board at its full width.
    fn page(&mut self, ui: &mut egui::Ui, frame: Frame<'_>) -> Vec<AppCommand> {
        let mut out = Vec::new();
        let (session, i18n) = (frame.session, frame.i18n);
        let game = session.game();
        let viewport_height = ui.available_height();
        let mut area = egui::ScrollArea::vertical()
            .id_salt("page")
            .auto_shrink([false, false]);
        if std::mem::take(&mut self.page_to_top) {
            area = area.vertical_scroll_offset(0.0);
        }
        egui::CentralPanel::default().show(ui, |ui| {
            area.show(ui, |ui| {
                // Bigger buttons for fingers.
                ui.style_mut().spacing.button_padding = egui::vec2(10.0, 7.0);
                ui.style_mut().spacing.item_spacing = egui::vec2(8.0, 6.0);
                let editing = session.editor().is_some();
                if !editing {
                    out.extend(status::game_over_banner(ui, session, i18n));
                    let bar = self.players.show(ui, session, i18n, frame.now);
                    out.extend(session_commands(bar));
                }
                let width = ui.available_width();
                let aspect = description(game).board_aspect;
                // Tall enough to be the largest thing on screen, short enough that the
                // actions stay in view under it.
                let height = (width * aspect).min(viewport_height * 0.8).max(120.0);
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::hover());
                out.extend(session_commands(self.board_in(ui, rect, frame)));
                // The board editor's panel under its board, then the games to pick.
                if editing {
                    out.extend(session_commands(self.editor.panel(ui, session, i18n)));
                    ui.separator();
                    out.extend(session_commands(panels::games_section(ui, game, i18n)));
                    return;
                }
                // A lesson takes none of the actions: what it says goes there instead.
                if session.lesson().is_some() {
                    out.extend(session_commands(lessons::panel(ui, session, i18n)));
                } else {
                    out.extend(panels::actions_row(ui, session, i18n));
                }
                ui.separator();
                let bar = bar(Layout::Narrow);
                if let Some(tab) = tab_bar(ui, Layout::Narrow, &bar, self.tab, frame) {
                    self.tab = tab;
                }
                ui.separator();
                if below_the_first_screen(ui) {
                    return;
                }
                let tab = shown(&bar, self.tab).map_or(self.tab, |row| row.tab);
                out.extend(self.draw(tab, ui, frame, Place::Page));
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
            // A puzzle's or a lesson's reply, or its wrong move taken back.
            ctx.request_repaint_after(Duration::from_secs_f64((at - now).max(0.0)));
        } else if session.online().is_some_and(|o| o.days().is_some()) {
            // Days a move: the time left is shown in days, hours and minutes.
            ctx.request_repaint_after(Duration::from_secs(30));
        } else if game.game_on()
            && session.puzzle().is_none()
            && session.lesson().is_none()
            && session.editor().is_none()
        {
            // A clock that waits (for the first move, or while the player is away) shows
            // the same second until it runs again: a command then asks for the frame.
            let mut delay = if game.clock_held() {
                None
            } else {
                let left = game.remaining(now);
                Some(Duration::from_secs_f64((left - left.floor()).max(0.02)))
            };
            if game.human_to_move() && self.board.animating(game) {
                let breath = Duration::from_millis(33);
                delay = Some(delay.map_or(breath, |d| d.min(breath)));
            }
            if let Some(delay) = delay {
                ctx.request_repaint_after(delay);
            }
        }
        // The player's games count their time left down by the minute.
        if session.player_link().is_some_and(|l| !l.games().is_empty()) {
            ctx.request_repaint_after(Duration::from_secs(30));
        }
        // A review's progress bar moves a few times a second; its end wakes the app.
        if game.review_running() == Some(true) {
            ctx.request_repaint_after(Duration::from_millis(250));
        }
    }

    /// Draws the board into `rect`, with the keys meant for it this frame: the set-up's
    /// while the editor is open, else the game's under the coach's evaluation bar.
    fn board_in(&mut self, ui: &mut egui::Ui, rect: egui::Rect, frame: Frame<'_>) -> Vec<Command> {
        let input = BoardInput {
            keys: std::mem::take(&mut self.keyboard.board),
            looks: self.board.looks(frame.session, self.prefs.coordinates),
        };
        if let Some(editor) = frame.session.editor() {
            return self.editor.board(ui, rect, editor, frame.i18n, input);
        }
        let rect = coach::evaluation_bar(ui, frame.session, frame.i18n, rect);
        let (session, i18n, now) = (frame.session, frame.i18n, frame.now);
        self.board.show(ui, rect, session, i18n, now, input)
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
