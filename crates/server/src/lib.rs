//! Qipan's game server: "Play online" (the contracts are `shared/spec/online.md` and
//! `shared/spec/lobby.md`, the operator's notes `docs/online.md`).
//!
//! - the frames, error codes and limits are the crate `qipan-protocol`, shared with the app;
//! - [`room`]: a room's game and the pure rules of what a client may do to it;
//! - [`store`]: SQLite, the default storage;
//! - [`nats`]: rooms shared between servers through a NATS JetStream bucket;
//! - [`server`]: HTTP, the sockets, the rooms in memory and their clocks;
//! - [`players`], [`pairing`], [`ratings`], [`computer`]: the lobby's pure rules (names and
//!   keys, seeks and pairing, Glicko-2, the computer players).

pub mod computer;
pub mod nats;
pub mod pairing;
pub mod players;
pub mod ratings;
pub mod room;
pub mod server;
pub mod store;

pub use server::{start, Config, Running};
