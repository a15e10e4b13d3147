//! The desktop app: one window with the board, the rules and the settings.
//!
//! `qipan [--game push|shuangcheng|maddell|blockade|cannon] [--lang en-US|zh-CN]` opens on
//! the given game and language (handy for screenshots); otherwise the saved settings apply.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> eframe::Result {
    use qipan::games::Variant;
    use qipan::i18n::{I18n, Lang};

    let mut game = None;
    let mut lang = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--game" => game = args.next().and_then(|g| Variant::parse(&g).ok()),
            "--lang" => {
                lang = args
                    .next()
                    .and_then(|l| Lang::ALL.into_iter().find(|x| x.tag() == l))
            }
            _ => {}
        }
    }

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
        Box::new(move |cc| {
            let mut app = qipan::ui::App::new(cc);
            app.update_settings(|s| {
                if let Some(variant) = game {
                    s.game = variant.game;
                    s.solidarity = variant.solidarity;
                }
                if let Some(lang) = lang {
                    s.lang = lang;
                }
            });
            Ok(Box::new(app))
        }),
    )
}

#[cfg(target_arch = "wasm32")]
fn main() {}
