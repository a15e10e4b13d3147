//! The sections around the board: the game picker, Game Settings, the actions, the saved
//! game file, the move list and the rules. The layout ([`super::layout`]) places them in
//! columns on a wide window and in tabs under the board on a narrow one.

use super::{board, games, mark, move_list, settings, App};
use crate::msg;
use qipan_engine::games::GameId;
use qipan_session::Command;

impl App {
    /// The five games, each with its one-line pitch.
    pub(super) fn games_section(&mut self, ui: &mut egui::Ui) {
        for id in GameId::ALL {
            let selected = self.game().variant().game == id;
            let game = games::describe(id);
            let text = egui::RichText::new(self.tr(game.name)).strong();
            let response = ui.selectable_label(selected, text);
            mark(ui, format_args!("game:{}", id.name()), &response);
            ui.small(self.tr(game.tagline));
            if response.clicked() && !selected {
                self.send(Command::PickGame(id));
            }
        }
    }

    /// Playing a friend on another device ([`super::online`]).
    pub(super) fn online_section(&mut self, ui: &mut egui::Ui) {
        let (session, i18n, view) = (&self.session, &self.i18n, &mut self.online_view);
        let side_name = |side| i18n.tr(board::side_name(session.game(), side));
        let commands = super::online::show(ui, session, view, i18n, &side_name);
        for command in commands {
            self.send(command);
        }
    }

    pub(super) fn settings_section(&mut self, ui: &mut egui::Ui) {
        let lang = self.i18n.lang();
        for command in settings::show(ui, &self.session, &mut self.i18n) {
            self.send(command);
        }
        // What this frame drew before a new language catches up in the next frame, at once.
        if self.i18n.lang() != lang {
            ui.ctx().request_repaint();
        }
    }

    /// New game, undo and redo: always in reach, next to the board on a phone.
    pub(super) fn actions_row(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            // Online the server holds the game: nothing here changes it but a move.
            let local = self.session.online().is_none();
            let new = ui.add_enabled(local, egui::Button::new(self.tr(msg!("action-new"))));
            mark(ui, "action:new", &new);
            if new.clicked() {
                self.send(Command::NewGame);
            }
            let can_undo = local && self.game().cursor() > 0;
            let undo = ui.add_enabled(can_undo, egui::Button::new(self.tr(msg!("action-undo"))));
            mark(ui, "action:undo", &undo);
            if undo.clicked() {
                self.send(Command::Undo);
            }
            let can_redo = local && self.game().cursor() < self.game().len();
            let redo = ui.add_enabled(can_redo, egui::Button::new(self.tr(msg!("action-redo"))));
            mark(ui, "action:redo", &redo);
            if redo.clicked() {
                self.send(Command::Redo);
            }
            if local && self.session.coach().hints() {
                let can_hint = self.game().human_to_move() && !self.game().hint_pending();
                let hint =
                    ui.add_enabled(can_hint, egui::Button::new(self.tr(msg!("action-hint"))));
                mark(ui, "action:hint", &hint);
                if hint.clicked() {
                    self.send(Command::Hint);
                }
            }
        });
        if self.session.confirming_new_game() {
            egui::Frame::new()
                .fill(super::theme::GOLD.gamma_multiply(0.25))
                .corner_radius(6.0)
                .inner_margin(6.0)
                .show(ui, |ui| {
                    ui.label(self.tr(msg!("confirm-new")));
                    ui.horizontal_wrapped(|ui| {
                        let yes = ui.button(self.tr(msg!("confirm-new-yes")));
                        mark(ui, "action:new-yes", &yes);
                        if yes.clicked() {
                            self.send(Command::ConfirmNewGame);
                        }
                        let no = ui.button(self.tr(msg!("confirm-new-no")));
                        mark(ui, "action:new-no", &no);
                        if no.clicked() {
                            self.send(Command::CancelNewGame);
                        }
                    });
                });
        }
    }

    /// The keys the app answers to, behind a toggle (F1 opens it too).
    pub(super) fn keys_section(&mut self, ui: &mut egui::Ui) {
        self.about_line(ui);
        let heading = self.tr(msg!("keys-heading"));
        let toggle = ui.toggle_value(&mut self.show_keys_help, heading);
        mark(ui, "action:keys", &toggle);
        if self.show_keys_help {
            egui::Grid::new("keys").num_columns(2).show(ui, |ui| {
                for (keys, what) in [
                    (msg!("keys-arrows"), msg!("keys-arrows-what")),
                    (msg!("keys-enter"), msg!("keys-enter-what")),
                    (msg!("keys-escape"), msg!("keys-escape-what")),
                    (msg!("keys-undo"), msg!("action-undo")),
                    (msg!("keys-redo"), msg!("action-redo")),
                    (msg!("keys-new"), msg!("action-new")),
                    (msg!("keys-hint"), msg!("action-hint")),
                    (msg!("keys-help"), msg!("keys-heading")),
                ] {
                    ui.monospace(self.tr(keys));
                    ui.label(self.tr(what));
                    ui.end_row();
                }
            });
        }
    }

    /// What draws the window ("About"): the renderer the start-up fallback settled on.
    pub(super) fn about_line(&self, ui: &mut egui::Ui) {
        if let Some(renderer) = crate::renderer::renderer_in_use() {
            ui.small(
                self.i18n
                    .tr_args(msg!("about-renderer"), &[("renderer", renderer.into())]),
            );
        }
    }

    /// Save and load, with the file name they use.
    pub(super) fn file_section(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(self.tr(msg!("save-path")));
            ui.add(egui::TextEdit::singleline(&mut self.save_path).desired_width(150.0))
                .labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            let save = ui.button(self.tr(msg!("action-save")));
            mark(ui, "action:save", &save);
            if save.clicked() {
                self.save_game();
            }
            let load = ui.button(self.tr(msg!("action-load")));
            mark(ui, "action:load", &load);
            if load.clicked() {
                self.load_game(ui.ctx());
            }
        });
        #[cfg(target_arch = "wasm32")]
        ui.small(self.tr(msg!("save-web-note")));
    }

    /// The plies played; a click steps the board back to one of them.
    pub(super) fn moves_section(&mut self, ui: &mut egui::Ui) {
        if self.game().reviewing() {
            ui.small(self.tr(msg!("reviewing")));
            if ui.button(self.tr(msg!("action-resume"))).clicked() {
                self.send(Command::Resume);
            }
        }
        if let Some(cursor) = move_list::show(ui, self.game(), &self.i18n) {
            self.send(Command::StepTo(cursor));
        }
        if self.game().review_running().is_none() {
            self.review_button(ui);
        }
    }

    /// The rules of the game on the board, in the current language. `scroll` gives them a
    /// scroll area of their own (a column); under the board on a phone the page scrolls.
    pub(super) fn rules_section(&self, ui: &mut egui::Ui, scroll: bool) {
        if scroll {
            egui::ScrollArea::vertical()
                .id_salt("rules")
                .auto_shrink([false, false])
                .show(ui, |ui| self.rules_text(ui));
        } else {
            self.rules_text(ui);
        }
    }

    fn rules_text(&self, ui: &mut egui::Ui) {
        let game = games::describe(self.game().variant().game);
        ui.label(egui::RichText::new(self.tr(game.name)).heading().strong());
        ui.label(
            egui::RichText::new(self.tr(msg!("rules-overview")))
                .size(17.0)
                .strong(),
        );
        ui.label(egui::RichText::new(self.tr(game.tagline)).italics());
        ui.label(self.tr(game.intro));
        for line in self.tr(game.rules).lines() {
            let line = line.trim_end();
            if let Some(h) = line.strip_prefix("## ") {
                ui.add_space(8.0);
                ui.label(egui::RichText::new(h).size(17.0).strong());
            } else if let Some(h) = line.strip_prefix("### ") {
                ui.add_space(4.0);
                ui.label(egui::RichText::new(h).strong());
            } else if let Some(item) = line.strip_prefix("- ") {
                ui.horizontal_top(|ui| {
                    // The bullet is drawn, not typed: every visible text comes from the
                    // locale files.
                    let size = egui::vec2(10.0, ui.text_style_height(&egui::TextStyle::Body));
                    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
                    let color = ui.visuals().text_color();
                    ui.painter().circle_filled(rect.center(), 2.2, color);
                    ui.add(egui::Label::new(item).wrap());
                });
            } else if !line.is_empty() {
                ui.add(egui::Label::new(line).wrap());
            }
        }
    }
}
