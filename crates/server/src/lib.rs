//! Qipan's game server: "Play online" (the contracts are `shared/spec/online.md` and
//! `shared/spec/lobby.md`, the operator's notes `docs/online.md`, whose "The server's
//! modules" says why it is split so).
//!
//! - the frames, error codes and limits are the crate `qipan-protocol`, shared with the app;
//! - `config`: how it is started;
//! - `server`: starting (storage, rooms, listener) and a graceful stop;
//! - `http`: the routes: health, the WebSocket upgrade, the records API (`api`), the web
//!   build;
//! - `connection`: one client's socket, its rate limit and the seat it holds;
//! - [`room`]: a room's game and the pure rules of what a client may do to it, and
//!   `room::registry`: the rooms in memory, the one path by which a room changes, their
//!   timers;
//! - [`store`]: storage behind four traits, one a concern (rooms, players and ratings,
//!   records, seeks): SQLite (the default), or NATS JetStream buckets shared between
//!   servers;
//! - [`clock`]: the time, handed to the server (a manual clock in tests);
//! - `draw`: random tokens, codes and sides;
//! - `secret`: tokens as a type whose text no log can print;
//! - [`names`]: players' names and what makes two of them one;
//! - `hex`, `sync`: bytes as hex, and locks a panic does not poison;
//! - [`lobby`]: players, seeks and pairing, ratings, the computer as four rated players;
//! - [`hosting`]: for the person who runs it (`shared/spec/hosting.md`): `--proxy`, its own
//!   TLS, `/ready` and the stop, `/metrics`, backups.

mod api;
pub mod clock;
mod config;
mod connection;
mod draw;
mod hex;
pub mod hosting;
mod http;
pub mod lobby;
pub mod names;
pub mod room;
mod secret;
mod server;
mod shutdown;
pub mod store;
mod sync;

pub use clock::{Clock, ManualClock, SystemClock};
pub use config::Config;
pub use server::{start, start_with_clock, Running, StartError};
