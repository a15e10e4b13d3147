//! Where the named controls are on screen. The web build publishes these places to the page
//! (`data-marks`) so that the browser test can tap controls at any size and in either
//! language; natively it costs nothing (the kittest tests find widgets by their labels).

/// Notes where a named control is on screen (web only; nothing natively).
pub(crate) fn mark(ui: &egui::Ui, key: impl std::fmt::Display, response: &egui::Response) {
    #[cfg(target_arch = "wasm32")]
    ui.ctx().data_mut(|d| {
        d.get_temp_mut_or_default::<Marks>(egui::Id::NULL.with(MARKS))
            .0
            .push((key.to_string(), response.rect));
    });
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (ui, key, response);
}

/// The controls' places this frame.
#[cfg(target_arch = "wasm32")]
#[derive(Clone, Default)]
struct Marks(Vec<(String, egui::Rect)>);

#[cfg(target_arch = "wasm32")]
const MARKS: &str = "qipan-marks";

/// Forgets the last frame's places (before a frame is drawn).
#[cfg(target_arch = "wasm32")]
pub(crate) fn clear(ctx: &egui::Context) {
    ctx.data_mut(|d| d.remove::<Marks>(egui::Id::NULL.with(MARKS)));
}

/// This frame's places as JSON: `{"key": [x, y, w, h], ...}` in CSS pixels.
#[cfg(target_arch = "wasm32")]
pub(crate) fn to_json(ctx: &egui::Context) -> String {
    let marks = ctx.data(|d| d.get_temp::<Marks>(egui::Id::NULL.with(MARKS)));
    let map: std::collections::BTreeMap<String, [f32; 4]> = marks
        .map(|m| m.0)
        .unwrap_or_default()
        .into_iter()
        .map(|(k, r)| (k, [r.min.x, r.min.y, r.width(), r.height()]))
        .collect();
    serde_json::to_string(&map).unwrap_or_default()
}
