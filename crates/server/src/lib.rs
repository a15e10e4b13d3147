//! Qipan's game server: "Play a friend online" (the contract is `shared/spec/online.md`,
//! the operator's notes `docs/online.md`).
//!
//! - the frames, error codes and limits are the crate `qipan-protocol`, shared with the app;
//! - [`room`]: a room's game and the pure rules of what a client may do to it;
//! - [`store`]: storage behind one trait: SQLite (the default), or a NATS JetStream bucket
//!   shared between servers;
//! - [`server`]: HTTP, the sockets, the rooms in memory and their clocks.

pub mod room;
pub mod server;
pub mod store;

pub use server::{start, Config, Running};
