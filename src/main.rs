//! The app: one window with the board, the rules and the settings.
//!
//! Desktop: `qipan [--game ID] [--lang en-US|zh-CN] [--link LINK]` (ID as in saved games,
//! with its option: `blockade:solidarity`) opens on the given game and language (handy for
//! screenshots), and a link's game (`qipan:?game=…&pos=…&moves=…&ply=…`, also given alone
//! as the only argument); otherwise the saved settings apply (anything else is refused: one line on standard error, exit code 2, no
//! window). Web: `tools/web.mjs` builds this binary for wasm32 (see `index.html`), and `main`
//! starts the same app on the page's canvas.
//!
//! Natively the window is drawn by wgpu, or by glow (OpenGL) where wgpu cannot start: see
//! `qipan::renderer`.

// The release exe of the app opens no console window on Windows (qipan-cli keeps its own).
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

#[cfg(not(target_arch = "wasm32"))]
fn main() -> eframe::Result {
    use qipan::i18n::{I18n, Lang};
    use qipan_session::Command;

    let (game, lang, link) = match parse_args(std::env::args_os().skip(1)) {
        Ok(Launch::Open { game, lang, link }) => (game, lang, link),
        Ok(Launch::Help) => {
            println!("{}", usage());
            return Ok(());
        }
        Err(message) => {
            // One line, even when the offending text holds a line break.
            eprintln!("qipan: {}; {}", message.replace('\n', "\\n"), usage());
            std::process::exit(2);
        }
    };

    let title = I18n::new(Lang::En).tr(qipan::msg!("app-title"));
    let options = eframe::NativeOptions {
        viewport: qipan::renderer::with_icon(
            egui::ViewportBuilder::default()
                .with_title(title)
                .with_app_id("qipan")
                .with_inner_size([1280.0, 800.0])
                .with_min_inner_size([360.0, 480.0]),
        ),
        ..Default::default()
    };
    // Tries wgpu, then wgpu without the graphics API that failed, then glow.
    qipan::renderer::run_native(
        "qipan",
        options,
        Box::new(move |cc| {
            let mut app = qipan::ui::App::new(cc);
            if let Some(variant) = game {
                app.send(Command::PickGame(variant.game));
                for &option in variant.game.options() {
                    app.send(Command::SetOption(option, variant.has(option)));
                }
            }
            if let Some(lang) = lang {
                app.set_lang(lang);
            }
            // A link that names no game opens nothing; the notice says so.
            if let Some(text) = link {
                let query = text.split_once('?').map_or(text.as_str(), |(_, q)| q);
                let link = qipan_session::link::parse_query(query).unwrap_or_default();
                app.send(Command::OpenLink(link));
            }
            Ok(Box::new(app))
        }),
    )
}

#[cfg(not(target_arch = "wasm32"))]
/// The usage line; the games after `--game` come from the registry.
fn usage() -> String {
    let games: Vec<String> = qipan_engine::games::Variant::ALL
        .iter()
        .map(ToString::to_string)
        .collect();
    format!(
        "usage: qipan [--game {}] [--lang en-US|zh-CN] [--link 'qipan:?game=ID&pos=TEXT&moves=M1,M2&ply=N']",
        games.join("|")
    )
}

/// What `qipan`'s arguments ask for.
#[cfg(not(target_arch = "wasm32"))]
enum Launch {
    Help,
    /// Open the app, on this game and in this language if given.
    Open {
        game: Option<qipan_engine::games::Variant>,
        lang: Option<qipan::i18n::Lang>,
        /// A link to a game (`qipan:?game=…`), opened once the app runs.
        link: Option<String>,
    },
}

/// Reads `--game ID`, `--lang TAG` and `--link LINK` (or a `qipan:` link alone). Anything else, or an unknown game or language, is
/// refused with a message naming it, so that a typo never silently opens the wrong game.
#[cfg(not(target_arch = "wasm32"))]
fn parse_args(args: impl IntoIterator<Item = std::ffi::OsString>) -> Result<Launch, String> {
    use lexopt::prelude::*;
    use qipan::i18n::Lang;
    let (mut game, mut lang, mut link) = (None, None, None);
    let mut parser = lexopt::Parser::from_args(args);
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Long("game") => {
                let text = parser
                    .value()
                    .and_then(|v| v.string())
                    .map_err(|e| e.to_string())?;
                game = Some(qipan_engine::games::Variant::parse(&text).map_err(|e| e.to_string())?);
            }
            Long("lang") => {
                let text = parser
                    .value()
                    .and_then(|v| v.string())
                    .map_err(|e| e.to_string())?;
                let found = Lang::ALL.into_iter().find(|l| l.tag() == text);
                lang = Some(found.ok_or_else(|| {
                    format!("unknown language '{text}' (expected en-US or zh-CN)")
                })?);
            }
            Long("link") => {
                link = Some(
                    parser
                        .value()
                        .and_then(|v| v.string())
                        .map_err(|e| e.to_string())?,
                );
            }
            // What a desktop's link handler passes: the `qipan:` address alone.
            Value(value) if link.is_none() && value.to_string_lossy().starts_with("qipan:") => {
                link = Some(value.string().map_err(|e| e.to_string())?);
            }
            Long("help") | Short('h') => return Ok(Launch::Help),
            other => return Err(other.unexpected().to_string()),
        }
    }
    Ok(Launch::Open { game, lang, link })
}

/// The web entry point: runs the app on `<canvas id="qipan_canvas">` and swaps the page's
/// loading note for the canvas, or for the panic message if the app dies.
#[cfg(target_arch = "wasm32")]
fn main() {
    use eframe::wasm_bindgen::JsCast;

    eframe::WebLogger::init(log::LevelFilter::Warn).ok();
    let runner = eframe::WebRunner::new();
    wasm_bindgen_futures::spawn_local(async move {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let Some(canvas) = document
            .get_element_by_id("qipan_canvas")
            .and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        else {
            log::error!("the page has no <canvas id=\"qipan_canvas\">");
            return;
        };
        prepare_webgl(&canvas);
        let started = runner
            .start(
                canvas,
                eframe::WebOptions::default(),
                Box::new(|cc| {
                    qipan::renderer::record(cc);
                    // The accessibility tree in the page (eframe's web runner drops it).
                    qipan::a11y::Mirror::install(&cc.egui_ctx);
                    Ok(Box::new(qipan::ui::App::new(cc)))
                }),
            )
            .await;
        // The page shows a note while the wasm loads; it gives way to the app, or says why
        // the app could not start.
        if let Some(note) = document.get_element_by_id("qipan_loading") {
            match started {
                Ok(()) => note.remove(),
                Err(e) => {
                    // The person reads that it failed, in their language; why is for the
                    // console (the browser's value, as the browser shows it).
                    let lang = qipan::i18n::Lang::for_locales(&qipan::i18n::system_locales());
                    let said = qipan::i18n::I18n::new(lang).tr(qipan::msg!("app-start-failed"));
                    note.set_text_content(Some(&said));
                    log::error!("the app could not start: {e:?}");
                }
            }
        }
    });
}

/// Creates the canvas's WebGL context before eframe asks for one, so that eframe gets this
/// one (a canvas has only one context; a second `getContext` returns the first). Without
/// multisampling: egui smooths its own edges (feathering) and the desktop build renders
/// without it too, while the browser's default (`antialias: true`) makes every frame resolve
/// a multisampled buffer. With software WebGL (headless Chromium, SwiftShader) that halved
/// the frame rate and doubled the time from a click to its frame on screen (see README,
/// "In the browser"). No depth or stencil buffer: egui uses neither. Where WebGL2 is
/// missing, WebGL1 gets the same attributes; eframe then finds that context.
#[cfg(target_arch = "wasm32")]
fn prepare_webgl(canvas: &web_sys::HtmlCanvasElement) {
    use eframe::wasm_bindgen::JsValue;

    let attributes = js_sys::Object::new();
    for (key, value) in [("antialias", false), ("depth", false), ("stencil", false)] {
        let _ = js_sys::Reflect::set(
            &attributes,
            &JsValue::from_str(key),
            &JsValue::from_bool(value),
        );
    }
    if let Ok(Some(context)) = canvas.get_context_with_context_options("webgl2", &attributes) {
        answer_extension_requests(&context);
        return;
    }
    let _ = canvas.get_context_with_context_options("webgl", &attributes);
}

/// glow asks a new WebGL2 context for every extension it knows (35, in
/// `glow::Context::from_webgl2_context`), and the browser answers each one it has with
/// synchronous round trips to its GPU process: about 70 ms of the phone profile's start
/// (docs/web.md, "glow's extensions"). egui's painter needs none of them on WebGL2: glow uses
/// them for WebGL1's instancing, vertex arrays and draw buffers, and in calls egui never makes.
/// So this context answers those requests itself: not available. WebGL1 keeps the browser's.
#[cfg(target_arch = "wasm32")]
fn answer_extension_requests(context: &js_sys::Object) {
    use eframe::wasm_bindgen::{closure::Closure, JsValue};

    let not_available = Closure::<dyn Fn(JsValue) -> JsValue>::new(|_name| JsValue::NULL);
    let set = js_sys::Reflect::set(
        context,
        &JsValue::from_str("getExtension"),
        not_available.as_ref(),
    );
    if set.is_ok() {
        // Called for as long as the page lives.
        not_available.forget();
    }
}
