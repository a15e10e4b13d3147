//! Where things go, chosen from the window's size alone (the same code natively and on the
//! web): three columns on a wide window; the board and one column with tabs on a medium
//! one; on a phone or an upright tablet the status line, the board at the full width, the
//! actions, and the other sections as tabs under it, all in one scrolling page.

use super::{board, games, mark, App};
use crate::msg;
use qipan_session::Command;

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
}

impl App {
    /// Lays the window out; returns whether the person completed a move on the board.
    pub(super) fn show_layout(&mut self, ui: &mut egui::Ui, now: f64) -> bool {
        let layout = Layout::for_size(ui.available_size());
        self.layout = layout;
        egui::Panel::top("status").show(ui, |ui| {
            ui.add_space(4.0);
            self.status_bar(ui, now);
            self.engine_failure(ui);
            self.coach_notes(ui);
            ui.add_space(2.0);
        });
        match layout {
            Layout::Wide => {
                egui::Panel::left("side")
                    .default_size(280.0)
                    .resizable(true)
                    .show(ui, |ui| self.play_column(ui));
                egui::Panel::right("rules")
                    .default_size(340.0)
                    .resizable(true)
                    .show(ui, |ui| {
                        // The review, once asked for, takes the rules' place.
                        if self.game().review_running().is_some() {
                            ui.heading(self.tr(msg!("heading-review")));
                            ui.separator();
                            egui::ScrollArea::vertical()
                                .id_salt("review")
                                .auto_shrink([false, false])
                                .show(ui, |ui| self.review_section(ui));
                        } else {
                            ui.heading(self.tr(msg!("heading-rules")));
                            ui.separator();
                            self.rules_section(ui, true);
                        }
                    });
                self.central_board(ui, now)
            }
            Layout::Medium => {
                egui::Panel::left("side")
                    .default_size(280.0)
                    .resizable(true)
                    .show(ui, |ui| {
                        ui.horizontal(|ui| {
                            let play = !matches!(self.tab, Tab::Rules | Tab::Review);
                            let r = ui.selectable_label(play, self.tr(msg!("tab-play")));
                            mark(ui, "tab:play", &r);
                            if r.clicked() {
                                self.tab = Tab::Games;
                            }
                            for (tab, id, key) in [
                                (Tab::Rules, msg!("heading-rules"), "tab:rules"),
                                (Tab::Review, msg!("heading-review"), "tab:review"),
                            ] {
                                let r = ui.selectable_label(self.tab == tab, self.tr(id));
                                mark(ui, key, &r);
                                if r.clicked() {
                                    self.tab = tab;
                                }
                            }
                        });
                        ui.separator();
                        match self.tab {
                            Tab::Rules => self.rules_section(ui, true),
                            Tab::Review => {
                                egui::ScrollArea::vertical()
                                    .id_salt("review")
                                    .auto_shrink([false, false])
                                    .show(ui, |ui| self.review_section(ui));
                            }
                            _ => self.play_column(ui),
                        }
                    });
                self.central_board(ui, now)
            }
            Layout::Narrow => self.page(ui, now),
        }
    }

    /// The left column of the wide and medium layouts.
    fn play_column(&mut self, ui: &mut egui::Ui) {
        egui::ScrollArea::vertical()
            .id_salt("left-panel")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                // The actions first: in reach without scrolling in every layout.
                self.actions_row(ui);
                ui.separator();
                ui.heading(self.tr(msg!("heading-games")));
                self.games_section(ui);
                ui.separator();
                // Folded until wanted (it would push the moves out of reach), open while
                // a game with a friend is on.
                let online = self.session.online().is_some();
                let header = egui::CollapsingHeader::new(
                    egui::RichText::new(self.tr(msg!("online-heading"))).heading(),
                )
                .id_salt("online")
                .default_open(false)
                .open(online.then_some(true))
                .show(ui, |ui| self.online_section(ui));
                mark(ui, "section:online", &header.header_response);
                ui.separator();
                ui.heading(self.tr(msg!("heading-settings")));
                self.settings_section(ui);
                ui.separator();
                self.file_section(ui);
                self.keys_section(ui);
                ui.separator();
                ui.heading(self.tr(msg!("heading-moves")));
                self.moves_section(ui);
            });
    }

    /// The board filling the central panel, under the game-over banner.
    fn central_board(&mut self, ui: &mut egui::Ui, now: f64) -> bool {
        let mut moved = false;
        egui::CentralPanel::default().show(ui, |ui| {
            self.game_over_banner(ui);
            let (rect, _) = ui.allocate_exact_size(ui.available_size(), egui::Sense::hover());
            moved = self.board_in(ui, rect, now);
        });
        moved
    }

    /// The phone layout: one page that scrolls, the board at its full width.
    fn page(&mut self, ui: &mut egui::Ui, now: f64) -> bool {
        let mut moved = false;
        let viewport_height = ui.available_height();
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("page")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    // Bigger buttons for fingers.
                    ui.style_mut().spacing.button_padding = egui::vec2(10.0, 7.0);
                    ui.style_mut().spacing.item_spacing = egui::vec2(8.0, 6.0);
                    self.game_over_banner(ui);
                    let width = ui.available_width();
                    let aspect = games::describe(self.game().variant().game).board_aspect;
                    // Tall enough to be the largest thing on screen, short enough that the
                    // actions stay in view under it.
                    let height = (width * aspect).min(viewport_height * 0.8).max(120.0);
                    let (rect, _) =
                        ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::hover());
                    moved = self.board_in(ui, rect, now);
                    self.actions_row(ui);
                    ui.separator();
                    ui.horizontal_wrapped(|ui| {
                        for (tab, id, key) in [
                            (Tab::Games, msg!("heading-games"), "tab:games"),
                            (Tab::Online, msg!("online-heading"), "tab:online"),
                            (Tab::Settings, msg!("heading-settings"), "tab:settings"),
                            (Tab::Moves, msg!("heading-moves"), "tab:moves"),
                            (Tab::Rules, msg!("heading-rules"), "tab:rules"),
                            (Tab::Review, msg!("heading-review"), "tab:review"),
                        ] {
                            let r = ui.selectable_label(self.tab == tab, self.tr(id));
                            mark(ui, key, &r);
                            if r.clicked() {
                                self.tab = tab;
                            }
                        }
                    });
                    ui.separator();
                    match self.tab {
                        Tab::Games => {
                            self.games_section(ui);
                            ui.separator();
                            self.file_section(ui);
                        }
                        Tab::Online => self.online_section(ui),
                        Tab::Settings => {
                            self.settings_section(ui);
                            ui.separator();
                            self.keys_section(ui);
                        }
                        Tab::Moves => self.moves_section(ui),
                        Tab::Rules => self.rules_section(ui, false),
                        Tab::Review => self.review_section(ui),
                    }
                });
        });
        moved
    }

    /// Draws the board into `rect`; returns whether the person completed a move.
    fn board_in(&mut self, ui: &mut egui::Ui, rect: egui::Rect, now: f64) -> bool {
        if self.game().epoch() != self.painted_epoch {
            self.painted_epoch = self.game().epoch();
            board::clear(&mut self.painters);
        }
        let rect = self.evaluation_bar(ui, rect);
        let glide = self.glide_progress(now);
        let keys = std::mem::take(&mut self.board_keys);
        let chosen = board::show(
            self.session.game(),
            &mut self.painters,
            ui,
            rect,
            &self.i18n,
            now,
            glide,
            keys,
        );
        match chosen {
            Some(mv) => {
                self.send(Command::Play(mv));
                true
            }
            None => false,
        }
    }
}
