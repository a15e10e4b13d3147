//! The running server: HTTP (axum), the sockets, the rooms in memory and their clocks.
//!
//! Each room in use has a [`RoomCell`] holding the latest stored copy behind an async lock.
//! A change is made by locking the cell, applying a pure function from `room.rs`, storing
//! the result (SQLite, or a compare-and-swap on the NATS bucket) and only then broadcasting
//! it to the room's sockets. So what anyone was told is always what storage holds.

use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::serve::ListenerExt;
use axum::Router;
use futures_util::StreamExt;
use qipan_engine::games::{Side, Variant};
use qipan_protocol::{
    normalize_room_code, ClientFrame, ErrorCode, SeatName, ServerFrame, SideChoice,
    ROOM_CODE_ALPHABET, ROOM_CODE_LEN,
};
use tokio::sync::{broadcast, watch};
use tokio::task::AbortHandle;

use crate::nats::Nats;
use crate::room::{hash_token, Room, ROOM_TTL_MS, TURN_MS};
use crate::store::Store;

/// How the server is started (the command line's options, and the tests' knobs).
#[derive(Clone, Debug)]
pub struct Config {
    pub listen: SocketAddr,
    pub data: PathBuf,
    pub site: Option<PathBuf>,
    pub nats: Option<String>,
    /// The turn's length for new rooms (the spec's 60 s; shorter in tests).
    pub turn_ms: u64,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 8090)),
            data: PathBuf::from("qipan-server.sqlite"),
            site: None,
            nats: None,
            turn_ms: TURN_MS,
        }
    }
}

/// Frames a connection may send in a burst, then per second on average.
pub const RATE_BURST: f64 = 20.0;
pub const RATE_PER_SECOND: f64 = 10.0;
/// More bad frames than this within [`BAD_WINDOW`] close the connection.
pub const BAD_FRAMES_LIMIT: usize = 20;
pub const BAD_WINDOW: Duration = Duration::from_secs(60);
/// The largest message the socket layer reads at all; between 8 KiB and this a frame is
/// answered `too-large`, past it the connection is closed (it would only be buffered).
pub const SOCKET_MAX_BYTES: usize = 64 * 1024;
/// Each socket's read buffer (it grows for a larger frame, up to [`SOCKET_MAX_BYTES`]).
pub const SOCKET_BUFFER_BYTES: usize = 4 * 1024;

/// Resolves once the server is told to stop (the guard `wait_for` returns is dropped here,
/// so the futures that wait on it stay `Send`).
async fn stopping(shutdown: &mut watch::Receiver<bool>) {
    let _ = shutdown.wait_for(|stop| *stop).await;
}

pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// OS randomness for codes and tokens. If the OS cannot give any, nothing can be made
/// safely, so the request fails rather than falling back to a weaker source.
fn random_bytes<const N: usize>() -> Option<[u8; N]> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes)
}

/// A seat token: 128 bits from the OS, as 32 hex digits.
fn new_token() -> Option<String> {
    Some(
        random_bytes::<16>()?
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect(),
    )
}

// The draw below is written for 23 letters.
const _: () = assert!(ROOM_CODE_ALPHABET.len() == 23);

/// A room code: [`ROOM_CODE_LEN`] letters of [`ROOM_CODE_ALPHABET`], drawn without bias.
fn new_code() -> Option<String> {
    let mut code = String::with_capacity(ROOM_CODE_LEN);
    while code.len() < ROOM_CODE_LEN {
        for b in random_bytes::<16>()? {
            // 230 = 10 × 23: bytes at or above it are dropped so every letter is as likely.
            if b < 230 && code.len() < ROOM_CODE_LEN {
                code.push(ROOM_CODE_ALPHABET[(b % 23) as usize] as char);
            }
        }
    }
    Some(code)
}

enum Backend {
    Sqlite(Store),
    Nats(Box<Nats>),
}

/// The stored copy of a room and, with NATS, the bucket revision it was read at.
struct Loaded {
    room: Arc<Room>,
    revision: u64,
}

/// A room in memory: its latest copy, the broadcast to its sockets and its clock's timer.
struct RoomCell {
    code: String,
    state: tokio::sync::Mutex<Option<Loaded>>,
    tx: broadcast::Sender<Arc<Update>>,
    /// The pending clock task and its generation (so a firing timer is not aborted by the
    /// change it makes itself).
    timer: Mutex<(u64, Option<AbortHandle>)>,
}

/// A change as the room's sockets get it: the room, and its `state` frame rendered once so
/// that everyone is sent the very same text.
struct Update {
    room: Arc<Room>,
    state: String,
}

impl Update {
    fn new(room: Arc<Room>) -> Arc<Update> {
        let state = room.state_frame(now_ms()).to_text();
        Arc::new(Update { room, state })
    }
}

struct Shared {
    /// This process's name in rooms' presence counts (random at every start).
    server_id: String,
    backend: Backend,
    rooms: Mutex<HashMap<String, Arc<RoomCell>>>,
    turn_ms: u64,
    shutdown: watch::Receiver<bool>,
}

/// Locks a std mutex even if a thread panicked while holding it (the data are plain maps).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Shared {
    /// The cell for `code`, made empty if new; `subscribe` also joins its broadcast, under
    /// the same lock as the cache sweep, so a cell in use is never swept away.
    fn cell(
        &self,
        code: &str,
        subscribe: bool,
    ) -> (Arc<RoomCell>, Option<broadcast::Receiver<Arc<Update>>>) {
        let mut rooms = lock(&self.rooms);
        let cell = rooms
            .entry(code.to_owned())
            .or_insert_with(|| {
                Arc::new(RoomCell {
                    code: code.to_owned(),
                    state: tokio::sync::Mutex::new(None),
                    tx: broadcast::channel(64).0,
                    timer: Mutex::new((0, None)),
                })
            })
            .clone();
        let rx = subscribe.then(|| cell.tx.subscribe());
        (cell, rx)
    }

    async fn fetch(&self, code: &str) -> Result<Option<Loaded>, ErrorCode> {
        let now = now_ms();
        let found = match &self.backend {
            Backend::Sqlite(store) => store.load(code).await.map(|r| r.map(|room| (room, 0))),
            Backend::Nats(nats) => nats.load(code).await,
        };
        let (room, revision) = match found {
            Ok(Some(found)) => found,
            Ok(None) => return Ok(None),
            Err(e) => {
                eprintln!("qipan-server: reading room {code}: {e}");
                return Err(ErrorCode::Unavailable);
            }
        };
        if let Err(e) = room.check() {
            eprintln!("qipan-server: room {code} in storage is not valid, not served: {e}");
            return Ok(None);
        }
        if room.code != code || room.expired(now) {
            return Ok(None);
        }
        // With SQLite this process is the only server: counts of earlier processes are stale.
        let keep = matches!(self.backend, Backend::Sqlite(_)).then_some(self.server_id.as_str());
        let room = room.reloaded(keep, now);
        Ok(Some(Loaded {
            room: Arc::new(room),
            revision,
        }))
    }

    /// Applies `f` to the room and stores the result before broadcasting it. `f` answers
    /// `Ok(None)` for "nothing to change". With NATS, a lost compare-and-swap re-reads the
    /// room and runs `f` again on the newer copy.
    async fn change(
        self: &Arc<Self>,
        cell: &Arc<RoomCell>,
        mut f: impl FnMut(&Room) -> Result<Option<Room>, ErrorCode>,
    ) -> Result<Arc<Room>, ErrorCode> {
        let mut state = cell.state.lock().await;
        if state.is_none() {
            *state = self.fetch(&cell.code).await?;
        }
        for _ in 0..8 {
            let Some(loaded) = state.as_ref() else {
                return Err(ErrorCode::NoSuchRoom);
            };
            let Some(next) = f(&loaded.room)? else {
                return Ok(loaded.room.clone());
            };
            let revision = match &self.backend {
                Backend::Sqlite(store) => match store.save(&next).await {
                    Ok(()) => 0,
                    Err(e) => {
                        eprintln!("qipan-server: writing room {}: {e}", cell.code);
                        return Err(ErrorCode::Unavailable);
                    }
                },
                Backend::Nats(nats) => match nats.update(&next, loaded.revision).await {
                    Ok(Ok(revision)) => revision,
                    Ok(Err(_conflict)) => {
                        // Another server changed the room first. Its change is news for
                        // the sockets here too (the watch will skip it: same revision).
                        *state = self.fetch(&cell.code).await?;
                        if let Some(newer) = state.as_ref() {
                            self.publish(cell, &newer.room);
                        }
                        continue;
                    }
                    Err(e) => {
                        eprintln!("qipan-server: writing room {} to NATS: {e}", cell.code);
                        return Err(ErrorCode::Unavailable);
                    }
                },
            };
            let room = Arc::new(next);
            *state = Some(Loaded {
                room: room.clone(),
                revision,
            });
            self.publish(cell, &room);
            return Ok(room);
        }
        Err(ErrorCode::Unavailable)
    }

    /// Tells the room's local sockets and re-arms its clock.
    fn publish(self: &Arc<Self>, cell: &Arc<RoomCell>, room: &Arc<Room>) {
        let _ = cell.tx.send(Update::new(room.clone()));
        self.arm_timer(cell, room);
    }

    /// (Re)starts the task that plays `timeout` when the turn's time is up.
    fn arm_timer(self: &Arc<Self>, cell: &Arc<RoomCell>, room: &Room) {
        let mut timer = lock(&cell.timer);
        if let Some(old) = timer.1.take() {
            old.abort();
        }
        timer.0 = timer.0.wrapping_add(1);
        let Some(deadline) = room.deadline() else {
            return;
        };
        let generation = timer.0;
        let ply = room.plies.len() as u64;
        let wait = Duration::from_millis(deadline.saturating_sub(now_ms()));
        let shared = self.clone();
        let cell2 = cell.clone();
        let task = tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            {
                let mut timer = lock(&cell2.timer);
                if timer.0 != generation {
                    return;
                }
                timer.1 = None;
            }
            // A move that came first, or another server's timer, makes this `stale`.
            let _ = shared
                .change(&cell2, |r| r.timeout(ply, now_ms()).map(Some))
                .await;
        });
        timer.1 = Some(task.abort_handle());
    }

    /// A change another server made, seen on the NATS bucket.
    async fn seen(self: &Arc<Self>, room: Room, revision: u64) {
        let cell = lock(&self.rooms).get(&room.code).cloned();
        let Some(cell) = cell else { return };
        let mut state = cell.state.lock().await;
        if let Some(loaded) = state.as_ref() {
            if loaded.revision >= revision {
                return;
            }
        }
        let room = Arc::new(room);
        *state = Some(Loaded {
            room: room.clone(),
            revision,
        });
        self.publish(&cell, &room);
    }

    /// Drops cells no socket and no task uses (a room's clock task holds its cell).
    fn sweep_cache(&self) {
        lock(&self.rooms)
            .retain(|_, cell| Arc::strong_count(cell) > 1 || cell.tx.receiver_count() > 0);
    }

    /// Makes a room with a fresh code and the creator seated and present.
    async fn create(
        &self,
        variant: Variant,
        side: Side,
        token_hash: &str,
    ) -> Result<(Arc<RoomCell>, broadcast::Receiver<Arc<Update>>, Arc<Room>), ErrorCode> {
        for _ in 0..16 {
            let code = new_code().ok_or(ErrorCode::Unavailable)?;
            let now = now_ms();
            let room = Room::create(
                code.clone(),
                variant,
                side,
                token_hash.to_owned(),
                self.turn_ms,
                now,
            )
            .presence(&self.server_id, side, true, now);
            let revision = match &self.backend {
                Backend::Sqlite(store) => match store.insert(&room).await {
                    Ok(true) => Some(0),
                    Ok(false) => None,
                    Err(e) => {
                        eprintln!("qipan-server: writing a new room: {e}");
                        return Err(ErrorCode::Unavailable);
                    }
                },
                Backend::Nats(nats) => match nats.create(&room).await {
                    Ok(revision) => revision,
                    Err(e) => {
                        eprintln!("qipan-server: writing a new room to NATS: {e}");
                        return Err(ErrorCode::Unavailable);
                    }
                },
            };
            let Some(revision) = revision else { continue };
            let (cell, rx) = self.cell(&code, true);
            let room = Arc::new(room);
            let mut state = cell.state.lock().await;
            *state = Some(Loaded {
                room: room.clone(),
                revision,
            });
            drop(state);
            let rx = rx.ok_or(ErrorCode::Unavailable)?;
            return Ok((cell, rx, room));
        }
        Err(ErrorCode::Unavailable)
    }
}

/// A running server.
pub struct Running {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
    sockets: Arc<()>,
}

impl Running {
    /// Where it listens (the real port when 0 was asked for).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops accepting, closes every socket (each leaves its room, which is stored) and
    /// waits for that, at most a few seconds.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let deadline = Instant::now() + Duration::from_secs(5);
        let _ = tokio::time::timeout(Duration::from_secs(5), self.task).await;
        // Each socket task holds a clone until it has left its room.
        while Arc::strong_count(&self.sockets) > 1 && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

#[derive(Clone)]
struct AppState {
    shared: Arc<Shared>,
    sockets: Arc<()>,
}

/// Opens storage, binds the address and starts serving. Errors are for the person starting
/// it (a file that cannot be opened, a port in use, NATS unreachable).
pub async fn start(config: Config) -> Result<Running, String> {
    let backend = match &config.nats {
        Some(url) => Backend::Nats(Box::new(Nats::connect(url).await?)),
        None => Backend::Sqlite(Store::open(&config.data)?),
    };
    let server_id: String = new_token().ok_or("no OS randomness")?[..12].to_owned();
    let (stop, shutdown) = watch::channel(false);
    let shared = Arc::new(Shared {
        server_id,
        backend,
        rooms: Mutex::new(HashMap::new()),
        turn_ms: config.turn_ms.max(1),
        shutdown: shutdown.clone(),
    });
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|e| format!("{}: {e}", config.listen))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;

    if let Backend::Nats(nats) = &shared.backend {
        let stream = nats.watch().await?;
        tokio::spawn(watch_bucket(shared.clone(), (**nats).clone(), stream));
    }
    tokio::spawn(housekeeping(shared.clone()));

    let sockets = Arc::new(());
    let state = AppState {
        shared: shared.clone(),
        sockets: sockets.clone(),
    };
    let mut app = Router::new()
        .route("/health", get(|| async { "ok" }))
        .route("/ws", get(ws_upgrade));
    if let Some(site) = &config.site {
        // `/` and `/?room=...` are the directory, whose index.html ServeDir serves; a
        // `.br` or `.gz` beside a file is sent instead when the client accepts it (the web
        // build writes them: tools/precompress.mjs). `Vary: Accept-Encoding`, which ServeDir
        // leaves out, so that no cache in between hands a Brotli body to a client that
        // asked for none.
        let files = tower_http::services::ServeDir::new(site)
            .precompressed_br()
            .precompressed_gzip();
        let files = tower_http::set_header::SetResponseHeader::if_not_present(
            files,
            axum::http::header::VARY,
            axum::http::HeaderValue::from_static("accept-encoding"),
        );
        app = app.fallback_service(files);
    }
    let app = app.with_state(state);
    let mut until = shutdown.clone();
    let task = tokio::spawn(async move {
        // No Nagle: a state frame is small and should leave at once, not wait for an ACK.
        let listener = listener.tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
        let serve = axum::serve(listener, app).with_graceful_shutdown(async move {
            stopping(&mut until).await;
        });
        if let Err(e) = serve.await {
            eprintln!("qipan-server: {e}");
        }
    });
    Ok(Running {
        addr,
        stop,
        task,
        sockets,
    })
}

async fn watch_bucket(shared: Arc<Shared>, nats: Nats, mut stream: crate::nats::Watch) {
    let mut shutdown = shared.shutdown.clone();
    loop {
        tokio::select! {
            seen = stream.next() => match seen {
                Some(seen) => shared.seen(seen.room, seen.revision).await,
                None => {
                    // The watch ended (connection lost): start another after a pause.
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    match nats.watch().await {
                        Ok(next) => stream = next,
                        Err(e) => eprintln!("qipan-server: NATS watch: {e}"),
                    }
                }
            },
            _ = stopping(&mut shutdown) => return,
        }
    }
}

/// Every minute: unused cells leave memory; every hour: expired rooms leave SQLite (the
/// NATS bucket expires its keys itself).
async fn housekeeping(shared: Arc<Shared>) {
    let mut shutdown = shared.shutdown.clone();
    let mut minute = 0u64;
    loop {
        if minute.is_multiple_of(60) {
            if let Backend::Sqlite(store) = &shared.backend {
                match store.expire(now_ms().saturating_sub(ROOM_TTL_MS)).await {
                    Ok(0) => {}
                    Ok(n) => eprintln!("qipan-server: {n} expired room(s) removed"),
                    Err(e) => eprintln!("qipan-server: expiring rooms: {e}"),
                }
            }
        }
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_secs(60)) => {}
            _ = stopping(&mut shutdown) => return,
        }
        shared.sweep_cache();
        minute += 1;
    }
}

async fn ws_upgrade(ws: WebSocketUpgrade, State(state): State<AppState>) -> impl IntoResponse {
    // Small buffers: frames are small, and tungstenite's 128 KiB default read buffer per
    // socket would be most of a game's memory.
    ws.max_message_size(SOCKET_MAX_BYTES)
        .max_frame_size(SOCKET_MAX_BYTES)
        .read_buffer_size(SOCKET_BUFFER_BYTES)
        .write_buffer_size(0)
        .on_upgrade(move |socket| async move {
            let _alive = state.sockets.clone();
            Connection::new(state.shared).run(socket).await;
        })
}

/// The room a connection is in, and the seat it holds there.
struct Joined {
    cell: Arc<RoomCell>,
    rx: broadcast::Receiver<Arc<Update>>,
    seat: Option<Seat>,
}

struct Seat {
    token: String,
    hash: String,
    side: Side,
    round: u32,
}

struct Connection {
    shared: Arc<Shared>,
    joined: Option<Joined>,
    tokens: f64,
    refilled: Instant,
    bad: VecDeque<Instant>,
}

fn seat_name(side: Side) -> SeatName {
    match side {
        Side::X => SeatName::X,
        Side::O => SeatName::O,
    }
}

async fn next_update(joined: &mut Option<Joined>) -> Option<Arc<Update>> {
    let Some(joined) = joined.as_mut() else {
        return std::future::pending().await;
    };
    loop {
        match joined.rx.recv().await {
            Ok(room) => return Some(room),
            // A slow socket missed some states: the latest one is all it needs.
            Err(broadcast::error::RecvError::Lagged(_)) => {
                let state = joined.cell.state.lock().await;
                if let Some(loaded) = state.as_ref() {
                    return Some(Update::new(loaded.room.clone()));
                }
            }
            Err(broadcast::error::RecvError::Closed) => return std::future::pending().await,
        }
    }
}

impl Connection {
    fn new(shared: Arc<Shared>) -> Connection {
        Connection {
            shared,
            joined: None,
            tokens: RATE_BURST,
            refilled: Instant::now(),
            bad: VecDeque::new(),
        }
    }

    async fn run(mut self, mut socket: WebSocket) {
        let mut shutdown = self.shared.shutdown.clone();
        loop {
            tokio::select! {
                message = socket.recv() => {
                    let text = match message {
                        Some(Ok(Message::Text(text))) => text,
                        Some(Ok(Message::Binary(_))) => {
                            if !self.refuse(&mut socket, ErrorCode::Malformed).await { break; }
                            continue;
                        }
                        Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                        Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                    };
                    if !self.rate_ok() {
                        if !self.refuse(&mut socket, ErrorCode::RateLimited).await { break; }
                        continue;
                    }
                    let frames = match ClientFrame::from_text(text.as_str()) {
                        Ok(frame) => self.handle(frame).await,
                        Err(code) => Err(code),
                    };
                    match frames {
                        Ok(frames) => {
                            if !send_all(&mut socket, frames).await { break; }
                        }
                        Err(code) => {
                            if !self.refuse(&mut socket, code).await { break; }
                        }
                    }
                }
                update = next_update(&mut self.joined) => {
                    let Some(update) = update else { continue };
                    let mut frames = self.on_update(&update.room);
                    frames.push(update.state.clone());
                    if !send_texts(&mut socket, frames).await { break; }
                }
                _ = stopping(&mut shutdown) => {
                    let _ = socket.send(Message::Close(Some(CloseFrame { code: 1001, reason: "server stopping".into() }))).await;
                    break;
                }
            }
        }
        self.leave().await;
    }

    /// The token bucket: [`RATE_BURST`] frames at once, [`RATE_PER_SECOND`] after that.
    fn rate_ok(&mut self) -> bool {
        let now = Instant::now();
        let elapsed = now.duration_since(self.refilled).as_secs_f64();
        self.refilled = now;
        self.tokens = (self.tokens + elapsed * RATE_PER_SECOND).min(RATE_BURST);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Sends an error frame; `false` when the connection should end (it sent too many bad
    /// frames, or the socket is gone).
    async fn refuse(&mut self, socket: &mut WebSocket, code: ErrorCode) -> bool {
        let now = Instant::now();
        while self
            .bad
            .front()
            .is_some_and(|t| now.duration_since(*t) > BAD_WINDOW)
        {
            self.bad.pop_front();
        }
        self.bad.push_back(now);
        let sent = send_all(socket, vec![ServerFrame::error(code)]).await;
        if self.bad.len() > BAD_FRAMES_LIMIT {
            let _ = socket
                .send(Message::Close(Some(CloseFrame {
                    code: 1008,
                    reason: "too many bad frames".into(),
                })))
                .await;
            return false;
        }
        sent
    }

    /// A room changed: before its state, a new `seat` frame when a rematch swapped
    /// this connection's seat.
    fn on_update(&mut self, room: &Room) -> Vec<String> {
        let mut frames = Vec::new();
        if let Some(seat) = self.joined.as_mut().and_then(|j| j.seat.as_mut()) {
            if seat.round != room.round {
                seat.round = room.round;
                if let Some(side) = room.seat_of(&seat.hash) {
                    seat.side = side;
                    let frame = ServerFrame::Seat {
                        room: room.code.clone(),
                        seat: seat_name(side),
                        token: Some(seat.token.clone()),
                    };
                    frames.push(frame.to_text());
                }
            }
        }
        frames
    }

    /// Leaves the current room: its seat's presence count goes down (stored, broadcast).
    async fn leave(&mut self) {
        let Some(joined) = self.joined.take() else {
            return;
        };
        let Joined { cell, rx, seat } = joined;
        drop(rx);
        if let Some(seat) = seat {
            let server = self.shared.server_id.clone();
            let _ = self
                .shared
                .change(&cell, |r| {
                    Ok(r.seat_of(&seat.hash)
                        .map(|side| r.presence(&server, side, false, now_ms())))
                })
                .await;
        }
    }

    /// Subscribes to room `code`'s broadcast. The room it was in is left only once the
    /// new one has let it in (an error changes nothing).
    fn enter(&mut self, code: &str) -> (Arc<RoomCell>, broadcast::Receiver<Arc<Update>>) {
        let (cell, rx) = self.shared.cell(code, true);
        match rx {
            Some(rx) => (cell, rx),
            None => {
                let rx = cell.tx.subscribe();
                (cell, rx)
            }
        }
    }

    async fn handle(&mut self, frame: ClientFrame) -> Result<Vec<ServerFrame>, ErrorCode> {
        let server = self.shared.server_id.clone();
        match frame {
            ClientFrame::Create { game, side } => {
                let variant = Variant::parse(&game).map_err(|_| ErrorCode::UnknownGame)?;
                let side = match side {
                    SideChoice::X => Side::X,
                    SideChoice::O => Side::O,
                    SideChoice::Random => {
                        let [b] = random_bytes::<1>().ok_or(ErrorCode::Unavailable)?;
                        if b & 1 == 0 {
                            Side::X
                        } else {
                            Side::O
                        }
                    }
                };
                let token = new_token().ok_or(ErrorCode::Unavailable)?;
                let hash = hash_token(&token);
                let (cell, rx, room) = self.shared.create(variant, side, &hash).await?;
                self.leave().await;
                self.joined = Some(Joined {
                    cell,
                    rx,
                    seat: Some(Seat {
                        token: token.clone(),
                        hash,
                        side,
                        round: room.round,
                    }),
                });
                Ok(vec![
                    ServerFrame::Seat {
                        room: room.code.clone(),
                        seat: seat_name(side),
                        token: Some(token),
                    },
                    room.state_frame(now_ms()),
                ])
            }
            ClientFrame::Join { room } => {
                let code = normalize_room_code(&room).ok_or(ErrorCode::NoSuchRoom)?;
                let token = new_token().ok_or(ErrorCode::Unavailable)?;
                let hash = hash_token(&token);
                let (cell, rx) = self.enter(&code);
                let mut taken = None;
                let room = self
                    .shared
                    .change(&cell, |r| {
                        let now = now_ms();
                        taken = None;
                        Ok(r.join(hash.clone(), now).map(|(room, side)| {
                            taken = Some(side);
                            room.presence(&server, side, true, now)
                        }))
                    })
                    .await;
                let room = match room {
                    Ok(room) => room,
                    Err(code) => {
                        drop(rx);
                        return Err(code);
                    }
                };
                self.leave().await;
                match taken {
                    Some(side) => {
                        self.joined = Some(Joined {
                            cell,
                            rx,
                            seat: Some(Seat {
                                token: token.clone(),
                                hash,
                                side,
                                round: room.round,
                            }),
                        });
                        // The state follows through the broadcast (everyone sees the arrival).
                        Ok(vec![ServerFrame::Seat {
                            room: code,
                            seat: seat_name(side),
                            token: Some(token),
                        }])
                    }
                    None => {
                        self.joined = Some(Joined {
                            cell,
                            rx,
                            seat: None,
                        });
                        Ok(vec![
                            ServerFrame::Seat {
                                room: code,
                                seat: SeatName::Spectator,
                                token: None,
                            },
                            room.state_frame(now_ms()),
                        ])
                    }
                }
            }
            ClientFrame::Resume { room, token } => {
                let code = normalize_room_code(&room).ok_or(ErrorCode::NoSuchRoom)?;
                let hash = hash_token(&token);
                let (cell, rx) = self.enter(&code);
                let mut side_found = None;
                let room = self
                    .shared
                    .change(&cell, |r| {
                        let side = r.seat_of(&hash).ok_or(ErrorCode::BadToken)?;
                        side_found = Some(side);
                        Ok(Some(r.presence(&server, side, true, now_ms())))
                    })
                    .await;
                let (room, side) = match (room, side_found) {
                    (Ok(room), Some(side)) => (room, side),
                    (Err(code), _) => {
                        drop(rx);
                        return Err(code);
                    }
                    (Ok(_), None) => return Err(ErrorCode::BadToken),
                };
                self.leave().await;
                self.joined = Some(Joined {
                    cell,
                    rx,
                    seat: Some(Seat {
                        token: token.clone(),
                        hash,
                        side,
                        round: room.round,
                    }),
                });
                Ok(vec![ServerFrame::Seat {
                    room: code,
                    seat: seat_name(side),
                    token: Some(token),
                }])
            }
            ClientFrame::Move {
                room,
                token,
                ply,
                mv,
            } => {
                let hash = hash_token(&token);
                self.act(&room, |r| r.play(&hash, ply, &mv, now_ms())).await
            }
            ClientFrame::Resign { room, token } => {
                let hash = hash_token(&token);
                self.act(&room, |r| r.resign(&hash, now_ms())).await
            }
            ClientFrame::Rematch { room, token } => {
                let hash = hash_token(&token);
                self.act(&room, |r| r.ask_rematch(&hash, now_ms())).await
            }
            // lobby.md's frames (issue 35) are not served yet: answered as before they read.
            ClientFrame::Register { .. }
            | ClientFrame::Login { .. }
            | ClientFrame::Seek { .. }
            | ClientFrame::Unseek
            | ClientFrame::Abort { .. }
            | ClientFrame::Draw { .. }
            | ClientFrame::Claim { .. } => Err(ErrorCode::Malformed),
        }
    }

    /// A move, a resignation or a rematch request on room `room`. Its sockets hear of it
    /// through the broadcast; a sender that is not in that room gets the state directly.
    async fn act(
        &mut self,
        room: &str,
        mut f: impl FnMut(&Room) -> Result<Room, ErrorCode>,
    ) -> Result<Vec<ServerFrame>, ErrorCode> {
        let code = normalize_room_code(room).ok_or(ErrorCode::NoSuchRoom)?;
        let (cell, _) = self.shared.cell(&code, false);
        let room = self.shared.change(&cell, |r| f(r).map(Some)).await?;
        let here = self.joined.as_ref().is_some_and(|j| j.cell.code == code);
        Ok(if here {
            Vec::new()
        } else {
            vec![room.state_frame(now_ms())]
        })
    }
}

async fn send_all(socket: &mut WebSocket, frames: Vec<ServerFrame>) -> bool {
    send_texts(socket, frames.iter().map(ServerFrame::to_text).collect()).await
}

async fn send_texts(socket: &mut WebSocket, texts: Vec<String>) -> bool {
    for text in texts {
        if socket.send(Message::Text(text.into())).await.is_err() {
            return false;
        }
    }
    true
}
