//! The move list: plies in the game's notation, two to a row, each one a button that steps
//! the board back (or forward) to the position after it, in a table (egui_extras).

use crate::i18n::I18n;
use crate::msg;
use egui_extras::{Column, TableBuilder};
use qipan_session::AnyMatch;

/// Draws the list; returns the cursor the player picked, if any.
pub fn show(ui: &mut egui::Ui, game: &AnyMatch, i18n: &I18n) -> Option<usize> {
    let texts = game.ply_texts();
    let cursor = game.cursor();
    let mut picked = None;
    if ui
        .selectable_label(cursor == 0, i18n.tr(msg!("move-start")))
        .clicked()
    {
        picked = Some(0);
    }
    let row_height = ui.spacing().interact_size.y;
    let height = ui.available_height().max(80.0);
    TableBuilder::new(ui)
        .id_salt("move-list")
        .max_scroll_height(height)
        .auto_shrink([false, true])
        .stick_to_bottom(true)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(Column::auto().at_least(28.0))
        .columns(Column::auto().at_least(64.0), 2)
        .body(|mut body| {
            // Every row drawn, not only those in view: each ply is a named control.
            for number in 0..texts.len().div_ceil(2) {
                body.row(row_height, |mut row| {
                    row.col(|ui| {
                        ui.monospace(format!("{}.", number + 1));
                    });
                    for i in [2 * number, 2 * number + 1] {
                        row.col(|ui| {
                            let Some(text) = texts.get(i) else {
                                return;
                            };
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
                        });
                    }
                });
            }
        });
    picked
}
