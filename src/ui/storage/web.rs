//! The browser's stand-in for `native.rs`: a page cannot write or read a path, so saving
//! hands the JSON to the browser as a download, and loading asks for a file with an
//! `<input type=file>` and reads it. The text then goes through the same `save::from_json`
//! as on the desktop, with the same localized errors.
//!
//! Also what the page's address holds (the server, a room, a game's link) and its share
//! sheet.

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

/// A file that could not be used, and why.
fn io_error(path: &str, why: &str) -> SaveError {
    SaveError::Io {
        path: path.to_owned(),
        error: why.to_owned(),
    }
}

/// A file the browser refused, with its reason as the browser words it (an exception's
/// message, in the browser's language), never a value's debug form.
fn browser_error(path: &str, error: wasm_bindgen::JsValue) -> SaveError {
    let why = match error.dyn_ref::<js_sys::Error>() {
        Some(exception) => String::from(exception.message()),
        None => error.as_string().unwrap_or_default(),
    };
    io_error(path, &why)
}

/// The page's document.
pub fn document() -> Result<web_sys::Document, SaveError> {
    web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| io_error("", "no document"))
}

/// Offers `text` to the player as a download named `name`.
pub fn download(name: &str, text: &str) -> Result<(), SaveError> {
    let err = |e| browser_error(name, e);
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
    let err = |e| browser_error("", e);
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
                Err(e) => Err(browser_error(&name, e)),
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
pub fn link_address(query: &str) -> String {
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
