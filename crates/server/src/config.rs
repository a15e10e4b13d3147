//! How the server is started: the command line's options (`main.rs` reads them) and the
//! tests' knobs.

use std::net::SocketAddr;
use std::path::PathBuf;

use crate::hosting::proxy::Proxies;
use crate::hosting::tls::TlsFiles;
use crate::lobby::computer::pool::cores;
use crate::lobby::computer::GAMES_PER_WORKER;
use crate::room::TURN_MS;

/// A correspondence game's day (correspondence.md's default `--day-ms`).
pub const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// How long a seek waits for a person before the computer takes it (lobby.md's default).
pub const BOT_AFTER_MS: u64 = 20_000;

#[derive(Clone, Debug)]
pub struct Config {
    pub listen: SocketAddr,
    /// The SQLite file (when there is no `nats`).
    pub data: PathBuf,
    /// The web build, served at `/`.
    pub site: Option<PathBuf>,
    /// A NATS server whose JetStream bucket the rooms are shared through.
    pub nats: Option<String>,
    /// The turn's length for new rooms (the spec's 60 s; shorter in tests).
    pub turn_ms: u64,
    /// `--bot-after`: how long a seek waits for a person before the computer takes it;
    /// `None` never (`off`).
    pub bot_after_ms: Option<u64>,
    /// How many of the computer's searches may run at once (at most the machine's cores,
    /// which is the default).
    pub computer_workers: usize,
    /// How many games against the computer each worker takes on at once
    /// ([`GAMES_PER_WORKER`]; the benchmark raises it to find what one core holds).
    pub computer_games_per_worker: usize,
    /// `--proxy`: the reverse proxies whose `X-Forwarded-For` names the client.
    pub proxies: Proxies,
    /// `--tls-cert` and `--tls-key`: the server speaks HTTPS itself.
    pub tls: Option<TlsFiles>,
    /// `--day-ms`: how long a day of a correspondence game's clock lasts (a real day;
    /// shorter in tests).
    pub day_ms: u64,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 8090)),
            data: PathBuf::from("qipan-server.sqlite"),
            site: None,
            nats: None,
            turn_ms: TURN_MS,
            bot_after_ms: Some(BOT_AFTER_MS),
            computer_workers: cores(),
            computer_games_per_worker: GAMES_PER_WORKER,
            proxies: Proxies::default(),
            tls: None,
            day_ms: DAY_MS,
        }
    }
}
