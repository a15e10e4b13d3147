//! The rooms' registry: the rooms in use, a cache of cells, the one path by which a room
//! changes, each room's turn timer, and the changes other servers make (`upkeep.rs`). What
//! the lobby asks of it too: paired rooms made and read, the rooms the computer plays in.
//!
//! Each room in use has a cell holding the latest stored copy behind an async lock. A
//! change is made by locking the cell, applying a rule of `room/` at the clock's time,
//! storing the result (a compare-and-swap where storage is shared) and only then
//! broadcasting it to the room's sockets. So what anyone was told is always what storage
//! holds.

mod upkeep;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use qipan_engine::games::{Side, Variant};
use qipan_protocol::{Days, ErrorCode};
use tokio::sync::{broadcast, mpsc};
use tokio::task::AbortHandle;

use crate::clock::Clock;
use crate::draw;
use crate::hosting::metrics::Metrics;
use crate::room::{PairedSeat, Room};
use crate::store::{Revision, RoomStore, Stored, Written};
use crate::sync::lock;

/// How many times a change is tried again after losing a compare-and-swap.
const CHANGE_TRIES: usize = 8;
/// How many fresh codes a new room tries before giving up.
const CODE_TRIES: usize = 16;

/// The rooms this server has in memory, and what they are kept with.
pub struct Rooms {
    /// This process's name in rooms' presence counts (random at every start).
    server_id: String,
    store: Arc<dyn RoomStore>,
    clock: Arc<dyn Clock>,
    /// The turn's length for new rooms.
    turn_ms: u64,
    /// How long a correspondence game's day lasts (`--day-ms`).
    day_ms: u64,
    cells: Mutex<HashMap<String, Arc<RoomCell>>>,
    /// Told of every change to a room the computer plays in (`watch_computer_rooms`).
    computer_rooms: Mutex<Option<mpsc::UnboundedSender<Arc<Room>>>>,
    /// What the rooms' changes add to `/metrics` (plies, finished games).
    metrics: Metrics,
    /// Told of every change seen to a correspondence room, this server's and other
    /// servers' (`watch_correspondence`): the lobby's deadline queue.
    correspondence: Mutex<Option<mpsc::UnboundedSender<Arc<Room>>>>,
}

/// The stored copy of a room and the revision it was read at.
struct Loaded {
    room: Arc<Room>,
    revision: Revision,
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
pub struct Update {
    pub room: Arc<Room>,
    pub state: String,
}

/// A room a connection has entered: the changes made to it since.
pub struct Entered {
    cell: Arc<RoomCell>,
    rx: broadcast::Receiver<Arc<Update>>,
}

impl Entered {
    pub fn code(&self) -> &str {
        &self.cell.code
    }
}

impl Rooms {
    pub fn new(
        server_id: String,
        store: Arc<dyn RoomStore>,
        clock: Arc<dyn Clock>,
        turn_ms: u64,
        day_ms: u64,
    ) -> Rooms {
        Rooms {
            server_id,
            store,
            clock,
            turn_ms: turn_ms.max(1),
            day_ms: day_ms.max(1),
            cells: Mutex::new(HashMap::new()),
            computer_rooms: Mutex::new(None),
            metrics: Metrics::default(),
            correspondence: Mutex::new(None),
        }
    }

    pub fn clock(&self) -> &Arc<dyn Clock> {
        &self.clock
    }

    /// The server's figures (`/metrics`): every part that holds the rooms counts there.
    pub fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    /// The rooms held here whose game is not over, counted by game id (every game id,
    /// so that a scrape always shows the figure, 0 included).
    pub async fn live_by_game(&self) -> Vec<(String, i64)> {
        let cells: Vec<Arc<RoomCell>> = lock(&self.cells).values().cloned().collect();
        let mut counts: std::collections::BTreeMap<String, i64> =
            Variant::ALL.iter().map(|v| (v.to_string(), 0)).collect();
        for cell in cells {
            if let Some(loaded) = cell.state.lock().await.as_ref() {
                if !loaded.room.is_over() {
                    *counts.entry(loaded.room.game.to_string()).or_default() += 1;
                }
            }
        }
        counts.into_iter().collect()
    }

    /// Counts what a change from `before` to `after` did: plies played, a game finished.
    fn count(&self, before: &Room, after: &Room) {
        let game = after.game.to_string();
        let played = after.plies.len().saturating_sub(before.plies.len());
        if played > 0 && after.round == before.round {
            self.metrics.moves_played(&game, played as u64);
        }
        if after.is_over() && (!before.is_over() || after.round != before.round) {
            self.metrics.game_finished(&game, after.rated);
        }
    }

    /// Whether other servers share the storage (and so the rooms and the lobby).
    pub fn shared(&self) -> bool {
        self.store.shared()
    }

    fn update(&self, room: Arc<Room>) -> Arc<Update> {
        let state = room.state_frame(self.clock.now_ms()).to_text();
        Arc::new(Update { room, state })
    }

    /// The cell for `code`, made empty if new.
    fn cell(&self, code: &str) -> Arc<RoomCell> {
        self.cell_entered(code, false).0
    }

    /// The cell for `code`; `subscribe` also joins its broadcast, under the same lock as
    /// the cache sweep, so a cell in use is never swept away.
    fn cell_entered(
        &self,
        code: &str,
        subscribe: bool,
    ) -> (Arc<RoomCell>, Option<broadcast::Receiver<Arc<Update>>>) {
        let mut cells = lock(&self.cells);
        let cell = cells
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

    /// Starts hearing of room `code`'s changes (before asking to be let in, so that the
    /// change that lets a connection in reaches it too).
    pub fn enter(&self, code: &str) -> Entered {
        let (cell, rx) = self.cell_entered(code, true);
        let rx = rx.unwrap_or_else(|| cell.tx.subscribe());
        Entered { cell, rx }
    }

    /// The room with that code as it stands (read from storage if it is not in memory).
    pub async fn peek(self: &Arc<Self>, code: &str) -> Result<Option<Arc<Room>>, ErrorCode> {
        let cell = self.cell(code);
        let mut state = cell.state.lock().await;
        if state.is_none() {
            *state = self.fetch(code).await?;
        }
        Ok(state.as_ref().map(|loaded| loaded.room.clone()))
    }

    /// The next change of an entered room. A slow socket that missed some gets the latest
    /// one, all it needs.
    pub async fn next_update(&self, entered: &mut Entered) -> Arc<Update> {
        loop {
            match entered.rx.recv().await {
                Ok(update) => return update,
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    let state = entered.cell.state.lock().await;
                    if let Some(loaded) = state.as_ref() {
                        return self.update(loaded.room.clone());
                    }
                }
                Err(broadcast::error::RecvError::Closed) => std::future::pending().await,
            }
        }
    }

    async fn fetch(&self, code: &str) -> Result<Option<Loaded>, ErrorCode> {
        let now = self.clock.now_ms();
        let Stored { room, revision } = match self.store.load_room(code).await {
            Ok(Some(found)) => found,
            Ok(None) => return Ok(None),
            Err(e) => {
                tracing::error!(room = %code, error = %e, "reading the room");
                return Err(ErrorCode::Unavailable);
            }
        };
        if let Err(e) = room.check() {
            tracing::warn!(room = %code, error = %e, "the stored room is not valid: not served");
            return Ok(None);
        }
        if room.code != code || room.expired(now) {
            return Ok(None);
        }
        // When no other server shares the storage, counts of earlier processes are stale.
        let keep = (!self.store.shared()).then_some(self.server_id.as_str());
        let (room, revision) = if room.needs_settling() {
            // A paired game ended and was not recorded (a server stopped in between):
            // recorded now, by whoever reads it first.
            match self.write(&room, revision).await {
                Ok(Some(settled)) => settled,
                // Another server changed it first; a change made here reads it again.
                Ok(None) => (room, revision),
                Err(e) => {
                    tracing::error!(room = %code, error = %e, "recording a finished game");
                    (room, revision)
                }
            }
        } else {
            (room, revision)
        };
        Ok(Some(Loaded {
            room: Arc::new(room.reloaded(keep, now)),
            revision,
        }))
    }

    /// Stores `room` over revision `base`, recording the end of its paired game when it
    /// has just ended: the room as stored and its revision, or `None` when another server
    /// changed it first.
    async fn write(
        &self,
        room: &Room,
        base: Revision,
    ) -> Result<Option<(Room, Revision)>, crate::store::StoreError> {
        if room.needs_settling() {
            return self.store.finish_room(room, base).await;
        }
        Ok(match self.store.update_room(room, base).await? {
            Written::Done(revision) => Some((room.clone(), revision)),
            Written::Conflict => None,
        })
    }

    /// Applies `f` to the room at the clock's time and stores the result before
    /// broadcasting it. `f` answers `Ok(None)` for "nothing to change". A lost
    /// compare-and-swap re-reads the room and runs `f` again on the newer copy.
    async fn change(
        self: &Arc<Self>,
        cell: &Arc<RoomCell>,
        mut f: impl FnMut(&Room, u64) -> Result<Option<Room>, ErrorCode>,
    ) -> Result<Arc<Room>, ErrorCode> {
        let mut state = cell.state.lock().await;
        if state.is_none() {
            *state = self.fetch(&cell.code).await?;
        }
        for _ in 0..CHANGE_TRIES {
            let Some(loaded) = state.as_ref() else {
                return Err(ErrorCode::NoSuchRoom);
            };
            let Some(next) = f(&loaded.room, self.clock.now_ms())? else {
                return Ok(loaded.room.clone());
            };
            let (next, revision) = match self.write(&next, loaded.revision).await {
                Ok(Some(written)) => written,
                Ok(None) => {
                    // Another server changed the room first. Its change is news for the
                    // sockets here too (the watch will skip it: same revision).
                    *state = self.fetch(&cell.code).await?;
                    if let Some(newer) = state.as_ref() {
                        self.publish(cell, &newer.room);
                    }
                    continue;
                }
                Err(e) => {
                    tracing::error!(room = %cell.code, error = %e, "writing the room");
                    return Err(ErrorCode::Unavailable);
                }
            };
            self.count(&loaded.room, &next);
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

    /// Tells `watcher` of every change to a room the computer plays in, from here or from
    /// another server (the lobby plays the computer's seats through [`Rooms::act`], like
    /// any change).
    pub fn watch_computer_rooms(&self, watcher: mpsc::UnboundedSender<Arc<Room>>) {
        *lock(&self.computer_rooms) = Some(watcher);
    }

    /// Tells `watcher` of every change seen to a correspondence room (its deadline and
    /// its `your-turn`), from here or from another server.
    pub fn watch_correspondence(&self, watcher: mpsc::UnboundedSender<Arc<Room>>) {
        *lock(&self.correspondence) = Some(watcher);
    }

    /// A correspondence room changed (here, or seen changed by another server).
    fn tell_correspondence(&self, room: &Arc<Room>) {
        if room.days.is_some() {
            if let Some(watcher) = lock(&self.correspondence).as_ref() {
                let _ = watcher.send(room.clone());
            }
        }
    }

    /// Tells the room's local sockets (and the computer, if it plays there) and re-arms
    /// its clock.
    fn publish(self: &Arc<Self>, cell: &Arc<RoomCell>, room: &Arc<Room>) {
        let _ = cell.tx.send(self.update(room.clone()));
        if room.computer_side().is_some() {
            if let Some(watcher) = lock(&self.computer_rooms).as_ref() {
                let _ = watcher.send(room.clone());
            }
        }
        self.tell_correspondence(room);
        self.arm_timer(cell, room);
    }

    /// (Re)starts the task that plays `timeout` when the turn's time is up. Not for a
    /// correspondence room: the lobby's one deadline queue watches those.
    fn arm_timer(self: &Arc<Self>, cell: &Arc<RoomCell>, room: &Room) {
        let mut timer = lock(&cell.timer);
        if let Some(old) = timer.1.take() {
            old.abort();
        }
        timer.0 = timer.0.wrapping_add(1);
        let Some(deadline) = room.deadline().filter(|_| room.days.is_none()) else {
            return;
        };
        let generation = timer.0;
        let ply = room.plies.len() as u64;
        let sleep = self.clock.sleep_until(deadline);
        let rooms = self.clone();
        let cell = cell.clone();
        let task = tokio::spawn(async move {
            sleep.await;
            {
                let mut timer = lock(&cell.timer);
                if timer.0 != generation {
                    return;
                }
                timer.1 = None;
            }
            // A move that came first, or another server's timer, makes this `stale`.
            let _ = rooms
                .change(&cell, |r, now| r.timeout(ply, now).map(Some))
                .await;
        });
        timer.1 = Some(task.abort_handle());
    }

    /// Makes a room with a fresh code, the creator seated in `side` and present.
    pub async fn create(
        self: &Arc<Self>,
        variant: Variant,
        side: Side,
        token_hash: &str,
    ) -> Result<(Entered, Arc<Room>), ErrorCode> {
        let room = self
            .insert(|code, now| {
                Room::create(
                    code,
                    variant,
                    side,
                    token_hash.to_owned(),
                    self.turn_ms,
                    now,
                )
                .presence(&self.server_id, side, true, now)
            })
            .await?;
        Ok((self.enter(&room.code), room))
    }

    /// A new paired room of two seats `[x, o]`, nobody in it yet: a correspondence game
    /// with `days`, else a live one.
    pub async fn create_paired(
        self: &Arc<Self>,
        variant: Variant,
        seats: [PairedSeat; 2],
        rated: bool,
        days: Option<Days>,
    ) -> Result<Arc<Room>, ErrorCode> {
        self.insert(|code, now| {
            let room = Room::create_paired(code, variant, seats.clone(), rated, self.turn_ms, now);
            match days {
                Some(days) => room.with_days(days, self.day_ms, now),
                None => room,
            }
        })
        .await
    }

    /// Stores the room `make` makes with a fresh code (at the clock's time), and keeps it
    /// in its cell.
    async fn insert(
        self: &Arc<Self>,
        make: impl Fn(String, u64) -> Room,
    ) -> Result<Arc<Room>, ErrorCode> {
        for _ in 0..CODE_TRIES {
            let code = draw::room_code(&mut rand::rng());
            let room = make(code.clone(), self.clock.now_ms());
            let revision = match self.store.create_room(&room).await {
                Ok(Some(revision)) => revision,
                Ok(None) => continue,
                Err(e) => {
                    tracing::error!(room = %code, error = %e, "writing a new room");
                    return Err(ErrorCode::Unavailable);
                }
            };
            tracing::debug!(room = %code, game = %room.game, "room created");
            let cell = self.cell(&code);
            let room = Arc::new(room);
            *cell.state.lock().await = Some(Loaded {
                room: room.clone(),
                revision,
            });
            self.publish(&cell, &room);
            return Ok(room);
        }
        Err(ErrorCode::Unavailable)
    }

    /// Takes the free seat of an entered room for `token_hash`, present at once: the room
    /// and the seat, or no seat when both are taken (a spectator's place).
    pub async fn join(
        self: &Arc<Self>,
        entered: &Entered,
        token_hash: &str,
    ) -> Result<(Arc<Room>, Option<Side>), ErrorCode> {
        let mut taken = None;
        let room = self
            .change(&entered.cell, |r, now| {
                taken = None;
                Ok(r.join(token_hash.to_owned(), now).map(|(room, side)| {
                    taken = Some(side);
                    room.presence(&self.server_id, side, true, now)
                }))
            })
            .await?;
        Ok((room, taken))
    }

    /// The seat `token_hash` holds in an entered room, now present again.
    pub async fn resume(
        self: &Arc<Self>,
        entered: &Entered,
        token_hash: &str,
    ) -> Result<(Arc<Room>, Side), ErrorCode> {
        let mut held = None;
        let room = self
            .change(&entered.cell, |r, now| {
                let side = r.seat_of(token_hash).ok_or(ErrorCode::BadToken)?;
                held = Some(side);
                Ok(Some(r.presence(&self.server_id, side, true, now)))
            })
            .await?;
        Ok((room, held.ok_or(ErrorCode::BadToken)?))
    }

    /// Stops hearing of a room; the seat `token_hash` holds there, if any, is one
    /// connection less present (stored, broadcast).
    pub async fn leave(self: &Arc<Self>, entered: Entered, token_hash: Option<&str>) {
        let Entered { cell, rx } = entered;
        drop(rx);
        if let Some(hash) = token_hash {
            let _ = self
                .change(&cell, |r, now| {
                    Ok(r.seat_of(hash)
                        .map(|side| r.presence(&self.server_id, side, false, now)))
                })
                .await;
        }
    }

    /// A move, a resignation or a rematch request on room `code`: `f` is the rule, given
    /// the room and the time.
    pub async fn act(
        self: &Arc<Self>,
        code: &str,
        mut f: impl FnMut(&Room, u64) -> Result<Room, ErrorCode>,
    ) -> Result<Arc<Room>, ErrorCode> {
        let cell = self.cell(code);
        self.change(&cell, |r, now| f(r, now).map(Some)).await
    }
}
