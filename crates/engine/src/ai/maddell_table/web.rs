//! The table in the browser: fetched once from the site (the reduced table, a 12.7 MB static
//! file that hosts send compressed, about 4.3 MB), or, when that fails, built inside the page
//! in slices between frames (the page has a single thread); kept in IndexedDB for the next
//! visit, as a `Blob`, whose bytes the browser keeps outside the page's memory. A fetched or
//! stored table is read into a packed one (deflated blocks: about 5 MB of the page's memory
//! instead of 12.7), never whole.

use super::{
    claim_preparation, install, set_readiness, BuildError, Builder, Progress, Readiness, Table,
    TableReader, MAX_PIECES,
};
use crate::ai::worker::{run_in_slices, Job, Yielder};
use std::sync::Arc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbRequest, IdbTransactionMode};
use web_time::Duration;

const DATABASE: &str = "qipan";
const STORE: &str = "tables";
/// The key carries the format version, so that versions never read each other's bytes.
const KEY: &str = "maddell-table-v2";

/// The build as a [`Job`], so that the worker's slice loop runs it as it runs the search:
/// slices of half a frame, longer in a hidden tab, the page's thread handed back between.
struct BuildJob {
    /// `None` once the table is handed over.
    builder: Option<Builder>,
}

impl Job for BuildJob {
    type Output = Result<Table, BuildError>;

    fn step(&mut self, slice: Duration) -> Option<Self::Output> {
        let Some(builder) = self.builder.as_mut() else {
            return Some(Err(BuildError::Unfinished));
        };
        match builder.step(slice) {
            Err(e) => Some(Err(e)),
            Ok(Progress::Working(_)) => None,
            Ok(Progress::Done) => self.builder.take().map(Builder::finish),
        }
    }

    fn progress(&self) -> f32 {
        self.builder.as_ref().map_or(1.0, Builder::fraction)
    }
}

/// Loads the table from IndexedDB, or builds it in slices and stores it there, then installs
/// it; the first call starts this and later calls do nothing. [`super::readiness`] tells how
/// far it is; `wake` is called whenever that changes (e.g. to repaint the status note).
pub fn prepare_in_background(wake: impl Fn() + 'static) {
    if !claim_preparation() {
        return;
    }
    wake();
    wasm_bindgen_futures::spawn_local(async move {
        // A stored table that cannot be used is fetched or built again; the console says why.
        match stored_table().await {
            Ok(Some(blob)) => match read_table(&blob).await {
                Ok(table) if table.max_pieces() == MAX_PIECES => {
                    install(Arc::new(table));
                    set_readiness(Readiness::Ready { note: None });
                    wake();
                    return;
                }
                Ok(table) => warn(&format!(
                    "the stored table covers {} pieces a side, not {MAX_PIECES}: building it again",
                    table.max_pieces()
                )),
                Err(e) => warn(&format!(
                    "the stored table is unusable ({e}): building it again"
                )),
            },
            Ok(None) => {}
            Err(e) => warn(&format!(
                "the stored table could not be read ({e}): building it again"
            )),
        }
        match fetch_from_site().await {
            Ok((table, blob)) => {
                install(Arc::new(table));
                set_readiness(Readiness::Ready { note: None });
                wake();
                let note = store_table(&blob).await.err();
                set_readiness(Readiness::Ready { note });
                wake();
                return;
            }
            Err(e) => warn(&format!(
                "the solved table could not be fetched from the site ({e}): building it in the page"
            )),
        }
        let builder = match Builder::new(MAX_PIECES, 1) {
            Ok(builder) => builder,
            Err(e) => {
                set_readiness(Readiness::Failed(e.to_string()));
                wake();
                return;
            }
        };
        let mut shown = -1.0f32;
        set_readiness(Readiness::Building(0.0));
        wake();
        let mut job = BuildJob {
            builder: Some(builder),
        };
        // The note moves once a percent: a wake (a frame) each time, no more.
        let built = run_in_slices(
            &mut job,
            || false,
            |done| {
                if done - shown >= 0.01 {
                    shown = done;
                    set_readiness(Readiness::Building(done));
                    wake();
                }
            },
        )
        .await;
        let table = match built {
            // Stored and played from in the reduced layout: an eleventh of the memory.
            Some(Ok(table)) => Arc::new(table.reduced()),
            Some(Err(e)) => {
                set_readiness(Readiness::Failed(e.to_string()));
                wake();
                return;
            }
            // Never cancelled: the build runs for as long as the page is open.
            None => return,
        };
        install(Arc::clone(&table));
        set_readiness(Readiness::Ready { note: None });
        wake();
        let note = match table.as_bytes().map(blob_of) {
            Some(Ok(blob)) => store_table(&blob).await.err(),
            Some(Err(e)) => Some(e),
            None => Some("a packed table keeps no file to store".to_owned()),
        };
        set_readiness(Readiness::Ready { note });
        wake();
    });
}

/// The table from the site, next to the page (`dist/` ships it: docs/web.md), checked as a
/// stored one is (checksum, then positions against their children); and the file as the
/// browser keeps it (a `Blob`, outside the page's memory), for IndexedDB.
async fn fetch_from_site() -> Result<(Table, web_sys::Blob), String> {
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(super::FILE_NAME))
        .await
        .map_err(describe)?;
    let response: web_sys::Response = response.dyn_into().map_err(describe)?;
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let blob: web_sys::Blob = JsFuture::from(response.blob().map_err(describe)?)
        .await
        .map_err(describe)?
        .dyn_into()
        .map_err(describe)?;
    let table = read_table(&blob).await?;
    if table.max_pieces() != MAX_PIECES {
        return Err(format!(
            "it covers {} pieces a side, not {MAX_PIECES}",
            table.max_pieces()
        ));
    }
    Ok((table, blob))
}

/// Bytes read from a `Blob` at a time: the page's memory holds the packed table and one
/// piece, never the whole file (a phone's tab has little memory to spare).
const PIECE: usize = 1 << 20;
/// Bytes packed between two hand-backs of the page's thread (on a phone a piece of 1 MB takes
/// a few frames to pack).
const PACKED_BETWEEN_FRAMES: usize = 1 << 18;

/// The table in `blob`, read piece by piece into a packed table ([`TableReader`]), the page's
/// thread handed back between pieces.
async fn read_table(blob: &web_sys::Blob) -> Result<Table, String> {
    let len = blob.size() as usize;
    let expected = super::HEADER_LEN + super::Layout::reduced(MAX_PIECES).payload_len;
    // Anything else is not our table: refuse it before reading it.
    if len != expected {
        return Err(format!("{len} bytes, not the table's {expected}"));
    }
    let mut reader = Reader {
        table: TableReader::new(len),
        read: 0,
        len,
        scratch: Vec::new(),
        browser: Yielder::new(),
    };
    // A byte stream reads every piece into the same buffer; a browser without one gets a new
    // buffer a piece, garbage that its collector may leave for long (on a phone profile 20 MB
    // of the tab's memory after the table was in: docs/web.md).
    match web_sys::ReadableStreamByobReader::new(&blob.stream()) {
        Ok(stream) => read_stream(&stream, &mut reader).await?,
        Err(_) => read_slices(blob, &mut reader).await?,
    }
    if reader.read != len {
        return Err(CHANGED.to_owned());
    }
    reader.table.finish().map_err(|e| e.to_string())
}

/// Where reading a table stands.
struct Reader {
    table: TableReader,
    read: usize,
    len: usize,
    /// Part of a piece, copied out of the browser's buffer into the page's memory.
    scratch: Vec<u8>,
    browser: Yielder,
}

impl Reader {
    /// Packs `piece` (which must stay within the table's length), handing the page's thread
    /// back now and then.
    async fn add(&mut self, piece: &js_sys::Uint8Array) -> Result<(), String> {
        let size = piece.length() as usize;
        if self.read + size > self.len {
            return Err(CHANGED.to_owned());
        }
        self.read += size;
        for start in (0..size).step_by(PACKED_BETWEEN_FRAMES) {
            let end = (start + PACKED_BETWEEN_FRAMES).min(size);
            self.scratch.resize(end - start, 0);
            piece
                .subarray(start as u32, end as u32)
                .copy_to(&mut self.scratch);
            self.table.push(&self.scratch).map_err(|e| e.to_string())?;
            self.browser.yield_now().await;
        }
        Ok(())
    }
}

/// Reads `stream` to its end into `reader`, through one reused buffer.
async fn read_stream(
    stream: &web_sys::ReadableStreamByobReader,
    reader: &mut Reader,
) -> Result<(), String> {
    let mut buffer = js_sys::ArrayBuffer::new(PIECE as u32);
    loop {
        let view = js_sys::Uint8Array::new_with_byte_offset_and_length(&buffer, 0, PIECE as u32);
        let result = JsFuture::from(stream.read_with_array_buffer_view(&view))
            .await
            .map_err(describe)?;
        let field = |name: &str| js_sys::Reflect::get(&result, &JsValue::from_str(name));
        if field("done").map_err(describe)?.is_truthy() {
            return Ok(());
        }
        // The buffer comes back, moved into the piece read: it is the next read's too.
        let piece: js_sys::Uint8Array = field("value")
            .map_err(describe)?
            .dyn_into()
            .map_err(describe)?;
        reader.add(&piece).await?;
        buffer = piece.buffer();
    }
}

/// Reads `blob` into `reader` a slice at a time (each slice its own buffer).
async fn read_slices(blob: &web_sys::Blob, reader: &mut Reader) -> Result<(), String> {
    while reader.read < reader.len {
        let start = reader.read;
        let end = (start + PIECE).min(reader.len);
        let piece = blob
            .slice_with_f64_and_f64(start as f64, end as f64)
            .map_err(describe)?;
        let buffer = JsFuture::from(piece.array_buffer())
            .await
            .map_err(describe)?;
        let piece = js_sys::Uint8Array::new(&buffer);
        if piece.length() as usize != end - start {
            return Err(CHANGED.to_owned());
        }
        reader.add(&piece).await?;
    }
    Ok(())
}

/// What a table that is not the size it said becomes.
const CHANGED: &str = "the stored table changed while it was read";

/// A `Blob` of `bytes` (the table built in the page), for IndexedDB.
fn blob_of(bytes: &[u8]) -> Result<web_sys::Blob, String> {
    let parts = js_sys::Array::new();
    parts.push(&js_sys::Uint8Array::from(bytes));
    web_sys::Blob::new_with_u8_array_sequence(&parts).map_err(describe)
}

/// The stored table's file, if IndexedDB holds one under [`KEY`] (something else under our
/// key is not ours to read).
async fn stored_table() -> Result<Option<web_sys::Blob>, String> {
    let database = open().await?;
    let value = get_one(&database, KEY).await;
    database.close();
    Ok(value?.and_then(|v| v.dyn_into::<web_sys::Blob>().ok()))
}

/// Stores the table's file under [`KEY`], in place of anything else in the store (an older
/// version's table, such as format 1's 132 MB in parts): the browser keeps a `Blob`'s bytes
/// itself, so the page's memory holds no copy for it.
async fn store_table(blob: &web_sys::Blob) -> Result<(), String> {
    let database = open().await?;
    let result = put_only(&database, KEY, blob).await;
    database.close();
    result
}

fn warn(message: &str) {
    web_sys::console::warn_1(&JsValue::from_str(message));
}

async fn get_one(database: &IdbDatabase, key: &str) -> Result<Option<JsValue>, String> {
    let store = database
        .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readonly)
        .and_then(|t| t.object_store(STORE))
        .map_err(describe)?;
    let request = store.get(&JsValue::from_str(key)).map_err(describe)?;
    let value = finish(&request).await?;
    Ok((!value.is_undefined()).then_some(value))
}

/// Empties the store and puts `value` under `key`, in one transaction.
async fn put_only(database: &IdbDatabase, key: &str, value: &JsValue) -> Result<(), String> {
    let store = database
        .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)
        .and_then(|t| t.object_store(STORE))
        .map_err(describe)?;
    store.clear().map_err(describe)?;
    let request = store
        .put_with_key(value, &JsValue::from_str(key))
        .map_err(describe)?;
    finish(&request).await.map(|_| ())
}

/// Opens the app's database, creating its store on first use.
async fn open() -> Result<IdbDatabase, String> {
    let factory = web_sys::window()
        .ok_or("no window")?
        .indexed_db()
        .map_err(describe)?
        .ok_or("IndexedDB is not available")?;
    let request = factory.open_with_u32(DATABASE, 1).map_err(describe)?;
    let upgrading = request.clone();
    let on_upgrade = Closure::once_into_js(move |_: web_sys::Event| {
        if let Ok(database) = upgrading.result() {
            let database: IdbDatabase = database.unchecked_into();
            if !database.object_store_names().contains(STORE) {
                let _ = database.create_object_store(STORE);
            }
        }
    });
    request.set_onupgradeneeded(Some(on_upgrade.unchecked_ref()));
    let database = finish(&request).await?;
    Ok(database.unchecked_into())
}

/// Waits for an IndexedDB request; its result, or its error's text.
async fn finish(request: &IdbRequest) -> Result<JsValue, String> {
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        let on_success = Closure::once_into_js(move |_: web_sys::Event| {
            let _ = resolve.call0(&JsValue::NULL);
        });
        let on_error = Closure::once_into_js(move |_: web_sys::Event| {
            let _ = reject.call0(&JsValue::NULL);
        });
        request.set_onsuccess(Some(on_success.unchecked_ref()));
        request.set_onerror(Some(on_error.unchecked_ref()));
    });
    match JsFuture::from(promise).await {
        Ok(_) => request.result().map_err(describe),
        Err(_) => Err(match request.error() {
            Ok(Some(error)) => error.message(),
            _ => "IndexedDB request failed".to_owned(),
        }),
    }
}

fn describe(error: JsValue) -> String {
    error
        .as_string()
        .or_else(|| {
            error
                .dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| format!("{error:?}"))
}
