//! The browser's stand-in for `storage_native.rs`: a page cannot write or read a path, so
//! saving hands the JSON to the browser as a download, and loading asks for a file with an
//! `<input type=file>` and reads it. The text then goes through the same `save::from_json`
//! as on the desktop, with the same localized errors.
//!
//! Also the page around the canvas: its title follows the game and language, and a few
//! `data-*` attributes on `<body>` tell an outside observer (the end-to-end test) the move
//! count, whether the computer is thinking, the language and how far Maddell's solved table
//! is, since the canvas has no DOM.

use qipan_session::save::SaveError;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// The id of the hidden `<input type=file>` behind the Load button.
const PICKER_ID: &str = "qipan_file_input";

/// A file the player picked: its name and its text, or why it could not be read.
pub type Picked = (String, Result<String, SaveError>);

/// Where the picked file's text arrives once the browser has read it.
pub type PickedSlot = Rc<RefCell<Option<Picked>>>;

fn io_error(path: &str, error: impl std::fmt::Debug) -> SaveError {
    SaveError::Io {
        path: path.to_owned(),
        error: format!("{error:?}"),
    }
}

fn document() -> Result<web_sys::Document, SaveError> {
    web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| io_error("", "no document"))
}

/// Offers `text` to the player as a download named `name`.
pub fn download(name: &str, text: &str) -> Result<(), SaveError> {
    let err = |e| io_error(name, e);
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(err)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(err)?;
    let anchor = document()?
        .create_element("a")
        .map_err(err)?
        .dyn_into::<web_sys::HtmlAnchorElement>()
        .map_err(|_| io_error(name, "no <a> element"))?;
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    // The click has handed the blob to the browser's download; the URL is no longer needed.
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Opens the browser's file picker. When the player has chosen a file and the browser has
/// read it, its name and text land in the returned slot and `wake` is called (to repaint).
/// Cancelling the picker leaves the slot empty.
///
/// Browsers open a picker only during a user gesture; eframe runs the app's frame inside the
/// pointer-up handler, so a click on the Load button qualifies.
pub fn pick_file(wake: impl Fn() + 'static) -> Result<PickedSlot, SaveError> {
    let err = |e| io_error("", e);
    let document = document()?;
    // The input lives hidden in the page while the picker is open (some browsers and test
    // drivers need it attached); the one a cancelled pick left behind goes first.
    if let Some(old) = document.get_element_by_id(PICKER_ID) {
        old.remove();
    }
    let input = document
        .create_element("input")
        .map_err(err)?
        .dyn_into::<web_sys::HtmlInputElement>()
        .map_err(|_| io_error("", "no <input> element"))?;
    input.set_id(PICKER_ID);
    input.set_type("file");
    input.set_accept(".json,application/json");
    input.set_hidden(true);
    if let Some(body) = document.body() {
        body.append_child(&input).map_err(err)?;
    }
    let slot: PickedSlot = Rc::new(RefCell::new(None));
    let target = Rc::clone(&slot);
    let picker = input.clone();
    let on_change = Closure::once(move |_: web_sys::Event| {
        let Some(file) = picker.files().and_then(|files| files.get(0)) else {
            return;
        };
        picker.remove();
        let name = file.name();
        // `File.text()` reads the whole file as UTF-8 into a promise.
        let reading = wasm_bindgen_futures::JsFuture::from(file.text());
        wasm_bindgen_futures::spawn_local(async move {
            let text = match reading.await {
                Ok(value) => value.as_string().ok_or_else(|| io_error(&name, "not text")),
                Err(e) => Err(io_error(&name, e)),
            };
            *target.borrow_mut() = Some((name, text));
            wake();
        });
    });
    input.set_onchange(Some(on_change.as_ref().unchecked_ref()));
    // The closure must live as long as the input may fire; it is small and fires once.
    on_change.forget();
    input.click();
    Ok(slot)
}

/// What the page shows outside the canvas.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageState {
    pub title: String,
    pub lang: &'static str,
    pub plies: usize,
    pub thinking: bool,
    pub over: bool,
    /// The game id with its option (`blockade:solidarity`).
    pub game: String,
    /// The position text on the board.
    pub position: String,
    /// `wide`, `medium` or `narrow`.
    pub layout: String,
    /// Where the named controls and board points are: JSON `{"key": [x, y, w, h]}` in CSS
    /// pixels (keys such as `point:c3`, `action:undo`, `tab:rules`, `lang:zh-CN`).
    pub marks: String,
    /// Nodes per second of the computer's last search in this page.
    pub nps: Option<u64>,
    /// The coach: the hint's move, and the review's progress and rows (`data-hint`,
    /// `data-review`: `running 42` or `done 31`, empty without a review).
    pub hint: String,
    pub review: String,
    /// Where Maddell's solved table stands (`Readiness`'s plain text: `building 0.420`,
    /// `ready`, ...).
    pub perfect: String,
    /// The online game: `ROOM SEAT LINK` (`ABCDEFGH x open`), empty when playing here.
    pub online: String,
    /// The puzzle on the board: `STATE LINE` (`solving c-th,r-c,br-r`), empty without one.
    pub puzzle: String,
}

/// The page's state for the game on the board: the tab title (game name, localized) and
/// the state attributes the end-to-end test reads.
#[inline(never)] // V8 optimises it on its own: docs/web.md, "rustc made large functions"
pub fn page_state(
    ctx: &egui::Context,
    session: &qipan_session::Session,
    i18n: &crate::i18n::I18n,
    layout: super::layout::Layout,
    perfect: &qipan_engine::ai::maddell_table::Readiness,
) -> PageState {
    use crate::msg;
    use qipan_session::online::{Link, Seat};
    let game = session.game();
    let name = super::board::description(game).name;
    let title = i18n.tr_args(
        msg!("page-title"),
        &[
            ("game", i18n.tr(name).into()),
            ("app", i18n.tr(msg!("app-title")).into()),
        ],
    );
    PageState {
        title,
        lang: i18n.lang().tag(),
        plies: game.cursor(),
        thinking: game.thinking(),
        over: game.status().is_over(),
        game: game.variant().to_string(),
        position: game.position_text(),
        layout: format!("{layout:?}").to_lowercase(),
        marks: super::marks::to_json(ctx),
        nps: game
            .last_search()
            .filter(|(_, t)| !t.is_zero())
            .map(|(nodes, t)| (nodes as f64 / t.as_secs_f64()) as u64),
        hint: game
            .hint()
            .and_then(|(best, _)| game.format_move(best))
            .unwrap_or_default(),
        review: match game.review_view() {
            None => String::new(),
            Some(r) if r.running => format!("running {}", (r.progress * 100.0) as u32),
            Some(r) => format!("done {}", r.rows.iter().flatten().count()),
        },
        perfect: perfect.to_string(),
        online: session.online().map_or_else(String::new, |online| {
            let seat = match online.seat() {
                Some(Seat::Player(side)) => side.letter().to_string(),
                Some(Seat::Spectator) => "spectator".to_owned(),
                None => "-".to_owned(),
            };
            let link = match online.link() {
                Link::Open => "open",
                Link::Connecting => "connecting",
                Link::Lost { .. } => "lost",
            };
            format!("{} {seat} {link}", online.room().unwrap_or("-"))
        }),
        puzzle: session.puzzle().map_or_else(String::new, |run| {
            let state = format!("{:?}", run.state()).to_lowercase();
            format!("{state} {}", run.puzzle().line.join(","))
        }),
    }
}

/// Writes `state` into the page; cheap to call every frame (only changes touch the DOM).
#[inline(never)] // V8 optimises it on its own: docs/web.md, "rustc made large functions"
pub fn publish(state: &PageState, last: &mut Option<PageState>) {
    if last.as_ref() == Some(state) {
        return;
    }
    let Ok(document) = document() else {
        return;
    };
    document.set_title(&state.title);
    if let Some(root) = document.document_element() {
        let _ = root.set_attribute("lang", state.lang);
    }
    if let Some(body) = document.body() {
        let data = body.dataset();
        let _ = data.set("lang", state.lang);
        let _ = data.set("plies", &state.plies.to_string());
        let _ = data.set("thinking", if state.thinking { "1" } else { "0" });
        let _ = data.set("over", if state.over { "1" } else { "0" });
        let _ = data.set("game", &state.game);
        let _ = data.set("position", &state.position);
        let _ = data.set("layout", &state.layout);
        let _ = data.set("marks", &state.marks);
        let _ = data.set("nps", &state.nps.map(|n| n.to_string()).unwrap_or_default());
        let _ = data.set("hint", &state.hint);
        let _ = data.set("review", &state.review);
        let _ = data.set("perfect", &state.perfect);
        let _ = data.set("online", &state.online);
        let _ = data.set("puzzle", &state.puzzle);
    }
    *last = Some(state.clone());
}

/// The WebSocket address of the server that served this page (`qipan-server --site`):
/// `wss://HOST/ws` on an https page, `ws://HOST/ws` otherwise.
pub fn page_server() -> String {
    let location = web_sys::window().map(|w| w.location());
    let host = location
        .as_ref()
        .and_then(|l| l.host().ok())
        .unwrap_or_default();
    let secure = location
        .and_then(|l| l.protocol().ok())
        .is_some_and(|p| p == "https:");
    format!("{}://{host}/ws", if secure { "wss" } else { "ws" })
}

/// The room a `?room=ROOM` link names, if the page was opened with one.
pub fn page_room() -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    let query = search.strip_prefix('?').unwrap_or(&search);
    query.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        (key == "room" && !value.is_empty()).then(|| value.to_ascii_uppercase())
    })
}

/// The game link in the page's address (`?game=…`), taken out of the address once read:
/// a reload then goes back to the game as played since, not to the link's start again.
pub fn page_link() -> Option<qipan_session::link::GameLink> {
    let window = web_sys::window()?;
    let location = window.location();
    let search = location.search().ok()?;
    let link = qipan_session::link::parse_query(&search)?;
    let rest: Vec<&str> = search
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| {
            let key = pair.split_once('=').map_or(*pair, |(key, _)| key);
            !matches!(key, "game" | "pos" | "moves" | "ply")
        })
        .collect();
    let path = location.pathname().unwrap_or_default();
    let address = if rest.is_empty() {
        path
    } else {
        format!("{path}?{}", rest.join("&"))
    };
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&address));
    }
    Some(link)
}

/// The address of the page with `query` (a game's link to copy or share).
pub fn page_address(query: &str) -> String {
    let Some(location) = web_sys::window().map(|w| w.location()) else {
        return format!("?{query}");
    };
    let origin = location.origin().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    format!("{origin}{path}?{query}")
}

/// Whether the browser has a share sheet (`navigator.share`, phones mostly).
pub fn can_share() -> bool {
    web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w.navigator(), &"share".into()).ok())
        .is_some_and(|share| share.is_function())
}

/// Opens the browser's share sheet with the link.
pub fn share(link: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let navigator = window.navigator();
    let Ok(share) = js_sys::Reflect::get(&navigator, &"share".into()) else {
        return;
    };
    let Ok(share) = share.dyn_into::<js_sys::Function>() else {
        return;
    };
    let data = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&data, &"url".into(), &link.into());
    // The promise is the browser's: a person who closes the sheet is no error of ours.
    let _ = share.call1(&navigator, &data);
}
