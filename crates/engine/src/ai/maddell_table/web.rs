//! The table in the browser: fetched once from the site (the reduced table, a 12.7 MB static
//! file that hosts send compressed, about 4.3 MB), or, when that fails, built inside the page
//! in slices between frames (the page has a single thread); kept in IndexedDB for the next
//! visit.

use super::{
    claim_preparation, install, set_readiness, BuildError, Builder, Progress, Readiness, Table,
    MAX_PIECES,
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
        // A stored table that cannot be used is built again; the console says why.
        match idb_get(KEY).await {
            Ok(Some(bytes)) => match Table::from_bytes(bytes) {
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
            Ok(table) => {
                let table = Arc::new(table);
                install(Arc::clone(&table));
                set_readiness(Readiness::Ready { note: None });
                wake();
                let note = idb_put(KEY, table.as_bytes()).await.err();
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
        let note = idb_put(KEY, table.as_bytes()).await.err();
        set_readiness(Readiness::Ready { note });
        wake();
    });
}

/// The table from the site, next to the page (`dist/` ships it: docs/web.md), checked as a
/// stored one is (checksum, then positions against their children).
async fn fetch_from_site() -> Result<Table, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(super::FILE_NAME))
        .await
        .map_err(describe)?;
    let response: web_sys::Response = response.dyn_into().map_err(describe)?;
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    // Read piece by piece into the page's memory (never the whole file as one JavaScript
    // buffer besides: a phone's tab has little memory to spare).
    let body = response.body().ok_or("an empty answer")?;
    let reader: web_sys::ReadableStreamDefaultReader = body.get_reader().unchecked_into();
    let mut bytes = Vec::new();
    let expected = super::HEADER_LEN + super::Layout::reduced(MAX_PIECES).payload_len;
    if bytes.try_reserve_exact(expected).is_err() {
        return Err(format!("no memory for {expected} bytes"));
    }
    loop {
        let chunk: web_sys::ReadableStreamReadResult = JsFuture::from(reader.read())
            .await
            .map_err(describe)?
            .unchecked_into();
        if chunk.get_done().unwrap_or(true) {
            break;
        }
        let piece: js_sys::Uint8Array = chunk.get_value().dyn_into().map_err(describe)?;
        // A longer answer is not our table: stop reading it.
        if bytes.len() + piece.length() as usize > expected {
            return Err("longer than the table".to_owned());
        }
        let start = bytes.len();
        bytes.resize(start + piece.length() as usize, 0);
        piece.copy_to(&mut bytes[start..]);
    }
    let table = Table::from_bytes(bytes).map_err(|e| e.to_string())?;
    if table.max_pieces() != MAX_PIECES {
        return Err(format!(
            "it covers {} pieces a side, not {MAX_PIECES}",
            table.max_pieces()
        ));
    }
    Ok(table)
}

fn warn(message: &str) {
    web_sys::console::warn_1(&JsValue::from_str(message));
}

/// Bytes per IndexedDB entry: a stored blob is split into parts so that no single copy
/// (into the page's memory, or IndexedDB's own) holds up the page for long or takes much of
/// a phone's memory at once.
const PART: usize = 1 << 20;

/// The bytes stored under `key` by [`idb_put`], if all of them are there.
pub async fn idb_get(key: &str) -> Result<Option<Vec<u8>>, String> {
    let database = open().await?;
    let result = read_parts(&database, key).await;
    database.close();
    result
}

async fn read_parts(database: &IdbDatabase, key: &str) -> Result<Option<Vec<u8>>, String> {
    // The entry under `key` itself: the number of parts and of bytes, 8 bytes each.
    let Some(index) = get_one(database, key).await? else {
        return Ok(None);
    };
    let Ok(index) = <[u8; 16]>::try_from(index.as_slice()) else {
        return Ok(None);
    };
    let number = |at: usize| {
        let mut word = [0u8; 8];
        word.copy_from_slice(&index[at..at + 8]);
        u64::from_le_bytes(word)
    };
    let (parts, len) = (number(0), number(8));
    // Anything else is not what `idb_put` wrote: treat it as missing.
    if len > u32::MAX as u64 || parts != len.div_ceil(PART as u64) {
        return Ok(None);
    }
    let mut bytes = Vec::new();
    if bytes.try_reserve_exact(len as usize).is_err() {
        return Err(format!("no memory for {len} bytes"));
    }
    let browser = Yielder::new();
    for part in 0..parts {
        let Some(piece) = get_one(database, &format!("{key}/{part}")).await? else {
            return Ok(None);
        };
        bytes.extend_from_slice(&piece);
        browser.yield_now().await;
    }
    Ok((bytes.len() as u64 == len).then_some(bytes))
}

/// Stores `bytes` under `key` in the app's IndexedDB store, in parts, yielding to the
/// page between them. The entry under `key` itself is written last, so that a write cut
/// short reads back as missing.
pub async fn idb_put(key: &str, bytes: &[u8]) -> Result<(), String> {
    let database = open().await?;
    let result = write_parts(&database, key, bytes).await;
    database.close();
    result
}

async fn write_parts(database: &IdbDatabase, key: &str, bytes: &[u8]) -> Result<(), String> {
    let mut parts = 0u64;
    let browser = Yielder::new();
    for (part, piece) in bytes.chunks(PART).enumerate() {
        put_one(database, &format!("{key}/{part}"), piece).await?;
        parts += 1;
        browser.yield_now().await;
    }
    let mut index = [0u8; 16];
    index[..8].copy_from_slice(&parts.to_le_bytes());
    index[8..].copy_from_slice(&(bytes.len() as u64).to_le_bytes());
    put_one(database, key, &index).await
}

async fn get_one(database: &IdbDatabase, key: &str) -> Result<Option<Vec<u8>>, String> {
    let store = database
        .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readonly)
        .and_then(|t| t.object_store(STORE))
        .map_err(describe)?;
    let request = store.get(&JsValue::from_str(key)).map_err(describe)?;
    let value = finish(&request).await?;
    // Something else under our key is not ours to read.
    Ok(value
        .dyn_into::<js_sys::Uint8Array>()
        .ok()
        .map(|array| array.to_vec()))
}

async fn put_one(database: &IdbDatabase, key: &str, bytes: &[u8]) -> Result<(), String> {
    let store = database
        .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)
        .and_then(|t| t.object_store(STORE))
        .map_err(describe)?;
    let array = js_sys::Uint8Array::new_with_length(bytes.len() as u32);
    array.copy_from(bytes);
    let request = store
        .put_with_key(&array, &JsValue::from_str(key))
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
