//! The move list: plies in the game's notation, two to a row, each one a button that steps
//! the board back (or forward) to the position after it.

use crate::i18n::I18n;
use crate::msg;
use qipan_session::AnyMatch;

/// Draws the list; returns the cursor the player picked, if any.
pub fn show(ui: &mut egui::Ui, game: &AnyMatch, i18n: &I18n) -> Option<usize> {
    let texts = game.ply_texts();
    let cursor = game.cursor();
    let mut picked = None;
    egui::ScrollArea::vertical()
        .id_salt("move-list")
        .max_height(ui.available_height().max(80.0))
        .auto_shrink([false, true])
        .stick_to_bottom(true)
        .show(ui, |ui| {
            if ui
                .selectable_label(cursor == 0, i18n.tr(msg!("move-start")))
                .clicked()
            {
                picked = Some(0);
            }
            egui::Grid::new("move-grid")
                .num_columns(3)
                .spacing([10.0, 2.0])
                .show(ui, |ui| {
                    for (row, pair) in texts.chunks(2).enumerate() {
                        ui.monospace(format!("{}.", row + 1));
                        for (k, text) in pair.iter().enumerate() {
                            let i = row * 2 + k;
                            let shown = if game.is_skip(i) {
                                i18n.tr(msg!("move-skip"))
                            } else {
                                text.clone()
                            };
                            let label = egui::RichText::new(shown).monospace();
                            let label = if i >= cursor { label.weak() } else { label };
                            if ui.selectable_label(cursor == i + 1, label).clicked() {
                                picked = Some(i + 1);
                            }
                        }
                        ui.end_row();
                    }
                });
        });
    picked
}
