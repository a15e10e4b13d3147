//! The lobby (`shared/spec/lobby.md`): players, seeks and pairing, ratings, the computer
//! as four rated players. [`Lobby`] is what connections ask; the modules below it are its
//! pure rules (`players`, `pairing`, `ratings`, `settle`, `desk`) and its tasks (`follow`:
//! the desks as every server writes them; `pairing_loop`: one loop per game id; `computer`:
//! the computer's seats).
//!
//! Playing at one's own pace (`shared/spec/correspondence.md`): `ledger` (a player's
//! correspondence seeks and games, a challenge: lobby entries), `seat_token` (seat tokens
//! derived from the player's key), `corr_pairing` and `deadlines` (pure rules),
//! `correspondence` and `challenges` (the frames' work), `reach` (telling a player's every
//! connection) and `days` (the one deadline queue of correspondence games).

mod challenges;
mod claims;
pub mod computer;
pub mod corr_pairing;
pub mod correspondence;
mod days;
pub mod deadlines;
pub mod desk;
mod follow;
mod lease;
pub mod ledger;
pub mod pairing;
mod pairing_loop;
pub mod players;
pub mod ratings;
mod reach;
mod rematch;
pub mod seat_token;
mod seeks;
pub mod settle;

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};

use qipan_engine::games::Variant;
use qipan_protocol::{ErrorCode, ServerFrame};
use tokio::sync::mpsc;

use crate::clock::Clock;
use crate::names::NameKey;
use crate::room::registry::Rooms;
use crate::room::Room;
use crate::shutdown::Shutdown;
use crate::store::{PlayerInfo, PlayerStore, Revision, SeekStore, Store};
use crate::sync::lock;
use ledger::{Challenge, Ledger};
use players::{Key, RegistrationLimits};
pub use reach::Notice;
pub use seat_token::SeatKeys;
pub use seeks::{LocalSeek, Paired};

/// A connection's player: who it plays as after a `register` or `login`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Me {
    pub key: NameKey,
    pub name: String,
}

/// Why a lobby frame was refused, and whether the refusal counts toward closing the
/// connection (the registration limit's do not: lobby.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: ErrorCode,
    pub counts: bool,
}

impl From<ErrorCode> for Refusal {
    fn from(code: ErrorCode) -> Refusal {
        Refusal { code, counts: true }
    }
}

/// Storage failed: logged, answered `unavailable`.
fn unavailable(what: &str) -> impl Fn(crate::store::StoreError) -> ErrorCode + '_ {
    move |e| {
        tracing::error!(error = %e, "{what}");
        ErrorCode::Unavailable
    }
}

/// How the lobby is run (`--bot-after`, the computer's workers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// How long a seek waits for a person before the computer takes it; `None` never.
    pub bot_after_ms: Option<u64>,
    /// How many searches for the computer's moves may run at once.
    pub computer_workers: usize,
    /// How many games against the computer each worker takes on at once.
    pub computer_games_per_worker: usize,
}

pub struct Lobby {
    players: Arc<dyn PlayerStore>,
    /// The desks, the leases and the heartbeats.
    seeks: Arc<dyn SeekStore>,
    rooms: Arc<Rooms>,
    clock: Arc<dyn Clock>,
    /// This process's name (in desks' seeks and in heartbeats).
    server_id: String,
    settings: Settings,
    registrations: Mutex<RegistrationLimits<IpAddr>>,
    /// This server's seeking connections, by seek id: where a pairing is handed over.
    seekers: Mutex<HashMap<String, mpsc::UnboundedSender<Paired>>>,
    /// Other servers' last heartbeats (`follow.rs`), for their seeks and free places.
    servers: Mutex<HashMap<String, follow::Heartbeat>>,
    computer: computer::Computer,
    /// Each game id's pairing loop, told of the desks' changes.
    loops: Mutex<HashMap<Variant, mpsc::UnboundedSender<desk::DeskChange>>>,
    /// This server's connections by player, and what they were told (`reach.rs`).
    reach: Mutex<reach::Reach>,
    next_reach: AtomicU64,
    /// Every player's ledger and every challenge as last known here, at their revisions:
    /// the open correspondence seeks (pairing, `accept`, `GET /api/seeks`), the open
    /// challenges (`games`, the limit of 20).
    ledgers: Mutex<HashMap<NameKey, (Revision, Ledger)>>,
    challenges: Mutex<HashMap<String, (Revision, Challenge)>>,
    /// Where the deadline queue (`days.rs`) hears of correspondence rooms; its receiver
    /// until the queue starts.
    deadlines_tx: mpsc::UnboundedSender<Arc<Room>>,
    deadlines_rx: Mutex<Option<mpsc::UnboundedReceiver<Arc<Room>>>>,
}

impl Lobby {
    pub fn new(
        store: Arc<dyn Store>,
        rooms: Arc<Rooms>,
        clock: Arc<dyn Clock>,
        server_id: String,
        settings: Settings,
    ) -> Lobby {
        let (deadlines_tx, deadlines_rx) = mpsc::unbounded_channel();
        Lobby {
            computer: computer::Computer::new(
                settings.computer_workers,
                settings.computer_games_per_worker,
                store.clone(),
            ),
            players: store.clone(),
            seeks: store,
            rooms,
            clock,
            server_id,
            settings,
            registrations: Mutex::new(RegistrationLimits::default()),
            seekers: Mutex::new(HashMap::new()),
            servers: Mutex::new(HashMap::new()),
            loops: Mutex::new(HashMap::new()),
            reach: Mutex::new(reach::Reach::default()),
            next_reach: AtomicU64::new(0),
            ledgers: Mutex::new(HashMap::new()),
            challenges: Mutex::new(HashMap::new()),
            deadlines_tx,
            deadlines_rx: Mutex::new(Some(deadlines_rx)),
        }
    }

    /// Starts the lobby's tasks: the desks' follower, a pairing loop per game id, the
    /// computer's player and (with other servers) the heartbeat.
    pub fn start(self: &Arc<Self>, shutdown: &Shutdown) {
        for variant in Variant::ALL {
            let (tx, rx) = mpsc::unbounded_channel();
            lock(&self.loops).insert(variant, tx);
            tokio::spawn(pairing_loop::run(
                self.clone(),
                variant,
                rx,
                shutdown.clone(),
            ));
        }
        tokio::spawn(self.clone().follow(shutdown.clone()));
        if self.rooms.shared() {
            tokio::spawn(self.clone().beat(shutdown.clone()));
        }
        let (tx, rx) = mpsc::unbounded_channel();
        self.rooms.watch_computer_rooms(tx);
        tokio::spawn(computer::driver::run(self.clone(), rx, shutdown.clone()));
        self.rooms.watch_correspondence(self.deadlines_tx.clone());
        if let Some(rx) = lock(&self.deadlines_rx).take() {
            tokio::spawn(days::run(self.clone(), rx, shutdown.clone()));
        }
    }

    /// The `player` frame for a player and their key, to that connection alone.
    pub fn player_frame(info: &PlayerInfo, key: &Key) -> ServerFrame {
        ServerFrame::Player {
            name: info.name.clone(),
            key: key.reveal().to_owned(),
            ratings: info.wire_ratings(),
        }
    }

    /// A new player named `name`, registered from `address`.
    pub async fn register(
        &self,
        address: IpAddr,
        name: &str,
    ) -> Result<(PlayerInfo, Key), Refusal> {
        let name = players::to_register(name)?;
        let now = self.clock.now_ms();
        if !lock(&self.registrations).admit(address, now) {
            return Err(Refusal {
                code: ErrorCode::RateLimited,
                counts: false,
            });
        }
        let registered = match Key::new() {
            Some(key) => self
                .players
                .register(&name, &key.hash(), now)
                .await
                .map_err(unavailable("registering a player"))
                .and_then(|done| {
                    if done {
                        Ok(key)
                    } else {
                        Err(ErrorCode::NameTaken)
                    }
                }),
            None => {
                tracing::error!("the OS gave no randomness for a key");
                Err(ErrorCode::Unavailable)
            }
        };
        let key = registered.inspect_err(|_| lock(&self.registrations).give_back(&address))?;
        tracing::info!(player = %name, "registered");
        let info = PlayerInfo {
            key: name.key().clone(),
            name: name.as_str().to_owned(),
            bot: false,
            ratings: Default::default(),
        };
        Ok((info, key))
    }

    /// A logged-in player as stored now (`not-logged-in` if they are gone).
    pub(crate) async fn player_info(&self, me: &Me) -> Result<PlayerInfo, ErrorCode> {
        self.players
            .player(&me.key)
            .await
            .map_err(unavailable("reading a player"))?
            .ok_or(ErrorCode::NotLoggedIn)
    }

    /// The player whose key this is.
    pub async fn login(&self, key: &str) -> Result<(PlayerInfo, Key), ErrorCode> {
        let key = Key::parse(key).ok_or(ErrorCode::BadKey)?;
        let info = self
            .players
            .player_by_key(&key.hash())
            .await
            .map_err(unavailable("logging a player in"))?
            .ok_or(ErrorCode::BadKey)?;
        Ok((info, key))
    }
}
