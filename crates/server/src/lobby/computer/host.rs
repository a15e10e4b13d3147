//! The computer as this server hosts it: its workers, the games it has a place for, and the
//! computer players' ratings as pairing offers them.
//!
//! **When every worker is busy.** The workers bound how many searches run at once (never
//! more than the machine's cores); the places bound how many games the computer plays at
//! once ([`GAMES_PER_WORKER`] per worker). A seek that has waited `--bot-after` while every
//! place is taken is not refused and not queued apart: it stays in the book, still
//! pairable with a person, and gets the computer at the first pass after a place frees
//! (a game against the computer ends), longest waiter first. Every move is bounded in time
//! whatever the load (`pool.rs`), so a busy computer plays faster, never later.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use qipan_engine::games::Variant;

use super::pool::Pool;
use super::ComputerPlayer;
use crate::names::NameKey;
use crate::room::Room;
use crate::store::PlayerStore;
use crate::sync::lock;

/// Games against the computer one worker takes on at once (`docs/online.md`, "Lobby
/// benchmark"): at 8, Master, which searches all its time, still searches about a quarter
/// of it and moves within 3 s at p99; the other levels hold a hundred games or more.
pub const GAMES_PER_WORKER: usize = 8;

/// How long the computer players' ratings are read once for the pairing offers.
const RATINGS_FOR_MS: u64 = 2_000;

pub struct Computer {
    pub(crate) pool: Pool,
    players: Arc<dyn PlayerStore>,
    capacity: usize,
    places: Mutex<Places>,
    /// Each game id's computer ratings, and when they were read.
    ratings: Mutex<HashMap<Variant, ([f64; 4], u64)>>,
    /// Told when a place frees, so that a seek waiting for one gets it at once.
    pub freed: tokio::sync::Notify,
}

#[derive(Default)]
struct Places {
    /// Rooms whose games it plays here, not over yet.
    playing: HashSet<String>,
    /// Places promised to pairings not made yet.
    starting: usize,
}

impl Computer {
    /// `workers` searches at once, each taking on `games_per_worker` games.
    pub fn new(workers: usize, games_per_worker: usize, players: Arc<dyn PlayerStore>) -> Computer {
        let pool = Pool::new(workers);
        Computer {
            capacity: pool.workers() * games_per_worker,
            pool,
            players,
            places: Mutex::new(Places::default()),
            ratings: Mutex::new(HashMap::new()),
            freed: tokio::sync::Notify::new(),
        }
    }

    /// How many more games it can take on.
    pub fn places(&self) -> usize {
        let places = lock(&self.places);
        self.capacity
            .saturating_sub(places.playing.len() + places.starting)
    }

    /// Takes a place for a pairing about to be made; `false` when none is free.
    pub fn reserve(&self) -> bool {
        let mut places = lock(&self.places);
        let free = places.playing.len() + places.starting < self.capacity;
        places.starting += usize::from(free);
        free
    }

    /// The pairing made: its place is now the room's.
    pub fn started(&self, room: &Room) {
        let mut places = lock(&self.places);
        places.starting = places.starting.saturating_sub(1);
        if !room.is_over() {
            places.playing.insert(room.code.clone());
        }
    }

    /// The pairing was not made: its place is free again.
    pub fn release(&self) {
        let mut places = lock(&self.places);
        places.starting = places.starting.saturating_sub(1);
    }

    /// Whether it plays the room's game here, counting it from now on when `here` (a
    /// player of it is connected to this server); a game over frees its place.
    pub fn plays(&self, room: &Room, here: bool) -> bool {
        let mut places = lock(&self.places);
        if room.is_over() {
            if places.playing.remove(&room.code) {
                self.freed.notify_waiters();
            }
            return false;
        }
        if here {
            places.playing.insert(room.code.clone());
        }
        places.playing.contains(&room.code)
    }

    /// The computer players' ratings in `game` now (read at most every 2 seconds), in
    /// [`ComputerPlayer::ALL`]'s order; their starting ratings when storage cannot say.
    pub async fn ratings(&self, game: Variant, now_ms: u64) -> [f64; 4] {
        if let Some((ratings, at)) = lock(&self.ratings).get(&game) {
            if now_ms.saturating_sub(*at) < RATINGS_FOR_MS {
                return *ratings;
            }
        }
        let mut ratings = [0.0; 4];
        for (rating, bot) in ratings.iter_mut().zip(ComputerPlayer::ALL) {
            let start = bot.starting_standing(game).rating;
            *rating = match self.players.player(&NameKey::of(bot.name())).await {
                Ok(Some(player)) => player.standing(game).rating,
                _ => start,
            };
        }
        lock(&self.ratings).insert(game, (ratings, now_ms));
        ratings
    }
}
