//! How the server is started: the command line's options (`main.rs` reads them) and the
//! tests' knobs. The lobby's options (`--bot-after`) join them here.

use std::net::SocketAddr;
use std::path::PathBuf;

use crate::room::TURN_MS;

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
