//! What every test of the app that taps the board needs (the app's tests and the snapshot
//! tests): its points are widgets named by the point's name, then what stands there ("c3,
//! dark piece, can move"; after a Chinese comma in Chinese).

// Each test binary that includes this module uses a part of it.
#![allow(dead_code)]

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipan::ui::App;

/// Whether `node` is the board point `name`: its label starts with the name ("c3, dark
/// piece, can move").
pub fn is_point(node: &egui_kittest::kittest::AccessKitNode<'_>, name: &str) -> bool {
    node.label().is_some_and(|label| {
        label.starts_with(&format!("{name}, ")) || label.starts_with(&format!("{name}，"))
    })
}

/// The board point `name`.
pub fn point<'h>(harness: &'h Harness<'static, App>, name: &'h str) -> egui_kittest::Node<'h> {
    harness.get_by(|n| is_point(n, name))
}

/// Clicks the board points named in `taps` (the points are named widgets).
pub fn tap(harness: &mut Harness<'static, App>, taps: &[&str]) {
    for name in taps {
        point(harness, name).click();
        harness.run();
    }
}

/// Brings the widget named `label` into view (a column may have scrolled it out, and a
/// click lands where the widget is drawn), then clicks it; the caller runs the next frames.
pub fn click_in_view(harness: &mut Harness<'static, App>, label: &str) {
    harness.get_by_label(label).scroll_to_me();
    harness.run();
    harness.get_by_label(label).click();
}
