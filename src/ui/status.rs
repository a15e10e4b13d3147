//! The status line (whose turn, the clock, the game's own counts, the latest notice) and the
//! game-over banner.

use super::{board, theme, App};
use crate::msg;
use qipan_engine::games::{Side, Status};
use qipan_session::timer;
use qipan_session::Command;
use qipan_session::Notice;

impl App {
    /// The notice in the current language.
    pub(super) fn notice_message(&self, notice: &Notice) -> String {
        let i18n = &self.i18n;
        let side = |s: Side| i18n.tr(board::side_name(self.game(), s));
        match notice {
            Notice::Timeout(s) => {
                i18n.tr_args(msg!("timeout-skipped"), &[("side", side(*s).into())])
            }
            Notice::Passed(s) => i18n.tr_args(msg!("push-pass"), &[("side", side(*s).into())]),
            Notice::Saved(p) => {
                // The web cannot write a path: the file went to the browser's downloads.
                let id = if cfg!(target_arch = "wasm32") {
                    msg!("saved-web")
                } else {
                    msg!("saved")
                };
                i18n.tr_args(id, &[("path", p.as_str().into())])
            }
            Notice::Loaded(p) => i18n.tr_args(msg!("loaded"), &[("path", p.as_str().into())]),
            Notice::File(e) => i18n.save_error(e),
            Notice::ComputerMoved(s, text) => i18n.tr_args(
                msg!("computer-moved"),
                &[("side", side(*s).into()), ("move", text.as_str().into())],
            ),
            Notice::NotRestored(e) => {
                i18n.tr_args(msg!("err-restore"), &[("error", i18n.save_error(e).into())])
            }
            Notice::Engine(e) => {
                i18n.tr_args(msg!("engine-error"), &[("error", e.to_string().into())])
            }
        }
    }

    pub(super) fn status_bar(&mut self, ui: &mut egui::Ui, now: f64) {
        let i18n = &self.i18n;
        ui.horizontal_wrapped(|ui| {
            let side = self.game().side_to_move();
            let side_name = i18n.tr(board::side_name(self.game(), side));
            let status = self.game().status();
            let stuck = self.game().deadlocked();
            if status == Status::Ongoing {
                let turn = if stuck {
                    i18n.tr(msg!("push-stuck"))
                } else if self.game().thinking() {
                    i18n.tr_args(
                        msg!("turn-computer"),
                        &[("side", side_name.as_str().into())],
                    )
                } else if !self.game().computer_to_move() {
                    i18n.tr_args(msg!("turn-you"), &[("side", side_name.as_str().into())])
                } else {
                    i18n.tr_args(msg!("turn-side"), &[("side", side_name.as_str().into())])
                };
                ui.strong(turn);
                if !stuck {
                    let left = self.game().remaining(now);
                    let secs = left.ceil() as i64;
                    let color = if left <= 10.0 {
                        theme::RED
                    } else {
                        ui.visuals().text_color()
                    };
                    ui.add(
                        egui::ProgressBar::new((left / timer::TURN_SECONDS) as f32)
                            .desired_width(90.0)
                            .fill(color.gamma_multiply(0.7)),
                    );
                    ui.label(
                        egui::RichText::new(
                            i18n.tr_args(msg!("timer-seconds"), &[("seconds", secs.into())]),
                        )
                        .color(color)
                        .strong()
                        .monospace(),
                    );
                }
            } else {
                let over = ui.strong(i18n.tr(msg!("game-over")));
                live(ui, over.id);
            }
            if let Some(line) = board::status_line(self.game(), i18n) {
                ui.separator();
                ui.label(line);
            }
            self.perfect_play_label(ui);
            let side_name = |side| i18n.tr(board::side_name(self.game(), side));
            if let Some(line) = super::online::status(&self.session, i18n, &side_name) {
                ui.separator();
                let said = ui.label(line);
                live(ui, said.id);
            }
            if let Some(notice) = self.game().notice() {
                ui.separator();
                let said = ui.colored_label(theme::PLATFORM, self.notice_message(notice));
                live(ui, said.id);
            }
        });
    }

    /// When the computer failed: try it again, or let the person play both sides.
    pub(super) fn engine_failure(&mut self, ui: &mut egui::Ui) {
        if !matches!(self.game().notice(), Some(Notice::Engine(_))) {
            return;
        }
        ui.horizontal_wrapped(|ui| {
            if ui.button(self.tr(msg!("engine-retry"))).clicked() {
                self.send(Command::RetryComputer);
            }
            if ui.button(self.tr(msg!("engine-hot-seat"))).clicked() {
                self.send(Command::SetPlayers(None));
            }
        });
    }

    /// The banner over the board once the game is over: who won and by which rule.
    pub(super) fn game_over_banner(&mut self, ui: &mut egui::Ui) {
        let status = self.game().status();
        if status == Status::Ongoing {
            return;
        }
        let headline = match status.winner() {
            Some(side) => self.i18n.tr_args(
                msg!("game-over-win"),
                &[("side", self.tr(board::side_name(self.game(), side)).into())],
            ),
            None => self.tr(msg!("game-over-draw")),
        };
        egui::Frame::new()
            .fill(theme::GOLD.gamma_multiply(0.35))
            .stroke(egui::Stroke::new(2.0, theme::GOLD))
            .corner_radius(8.0)
            .inner_margin(10.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.vertical_centered(|ui| {
                    ui.label(egui::RichText::new(headline).size(20.0).strong());
                    ui.label(board::end_reason(self.game(), &self.i18n));
                    // A game that ended with no move played has nothing to review, and an
                    // online game is not reviewed (the coach is off).
                    if self.game().review_running().is_none()
                        && !self.game().is_empty()
                        && self.session.online().is_none()
                    {
                        self.review_button(ui);
                    }
                });
            });
    }
}

/// Makes a label a live region: screen readers say it aloud when it changes (the computer's
/// move, a lost turn, the end of the game, the coach's hint and alert).
pub(super) fn live(ui: &egui::Ui, id: egui::Id) {
    ui.ctx().accesskit_node_builder(id, |node| {
        node.set_live(egui::accesskit::Live::Polite);
    });
}
