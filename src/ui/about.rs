//! About Qipan: the version and what draws the window, which a bug report wants, and the
//! licences that the bundled fonts and the crates built in ask to travel with the app. Folded
//! under its header at the end of the settings, out of the way of play; the header is a
//! button like any other, for the keyboard (Tab, then Enter or Space) and screen readers.

use super::marks::mark;
use super::storage::THIRD_PARTY_LICENCES;
use crate::i18n::I18n;
use crate::msg;

/// Draws the About section under its folding header.
pub fn show(ui: &mut egui::Ui, i18n: &I18n) {
    let header = egui::CollapsingHeader::new(i18n.tr(msg!("about-heading")))
        .id_salt("about")
        .default_open(false)
        .show(ui, |ui| {
            let version = env!("CARGO_PKG_VERSION");
            ui.label(i18n.tr_args(msg!("about-version"), &[("version", version.into())]));
            // Known once the app runs in a window (natively and on the web).
            if let Some(renderer) = crate::renderer::renderer_in_use() {
                let line = i18n.tr_args(msg!("about-renderer"), &[("renderer", renderer.into())]);
                ui.label(line);
            }
            ui.add_space(4.0);
            ui.label(i18n.tr(msg!("about-licence")));
            ui.label(i18n.tr(msg!("about-fonts")));
            let file = [("file", THIRD_PARTY_LICENCES.into())];
            ui.label(i18n.tr_args(msg!("about-crates"), &file));
            licences_here(ui, i18n);
        });
    mark(ui, "section:about", &header.header_response);
}

/// The web: a link to the licences beside the page (`tools/web.mjs` puts them there).
#[cfg(target_arch = "wasm32")]
fn licences_here(ui: &mut egui::Ui, i18n: &I18n) {
    let text = i18n.tr(msg!("about-crates-open"));
    let link = ui
        .add(egui::Hyperlink::from_label_and_url(text, THIRD_PARTY_LICENCES).open_in_new_tab(true));
    mark(ui, "about:licences", &link);
}

/// The desktop: where this computer has the licences, if it does (the app opens no files).
#[cfg(not(target_arch = "wasm32"))]
fn licences_here(ui: &mut egui::Ui, i18n: &I18n) {
    if let Some(path) = super::storage::third_party_licences() {
        ui.label(i18n.tr_args(msg!("about-crates-here"), &[("path", path.into())]));
    }
}
