//! The desktop app: one window with the board, the rules and the settings.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> eframe::Result {
    use qipan::i18n::{I18n, Lang};
    let title = I18n::new(Lang::En).tr(qipan::msg!("app-title"));
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(title)
            .with_app_id("qipan")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([800.0, 560.0]),
        ..Default::default()
    };
    eframe::run_native(
        "qipan",
        options,
        Box::new(|cc| Ok(Box::new(qipan::ui::App::new(cc)))),
    )
}

#[cfg(target_arch = "wasm32")]
fn main() {}
