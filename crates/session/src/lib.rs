//! Qipan's session, with no window in it: every game in progress and what is on the board,
//! changed only by commands ([`Session`], [`Command`]), and the match controller that runs one
//! game ([`Match`]): whose turn it is, the turn clock and its lost turns, forced passes,
//! asking the computer and taking its answer, undo and redo, stepping back through the
//! moves, and what to tell the player. The app draws the session and sends it commands;
//! tests drive it directly.
//!
//! What is on the board is the session's [`Mode`]: the local games, an online game, a puzzle,
//! a lesson or the board editor, each in its own module with its handler ([`mode`]). The
//! outside reaches the session only through what it is handed: time through the
//! [`timer::Clock`] (a [`Match`] takes it as an argument, `now`, in seconds), the computer's
//! solved tables through [`Command::SetTables`], the server's frames through
//! [`ConnectionEvent`]s, and chance through the generator seeded by the seed the app hands in.
//!
//! The modules are layers, each naming only modules below it (`tests/imports.rs` keeps them
//! so; `docs/architecture.md` lists them): the words (errors, moves, records, the clock, the
//! connection, the lobby's state), the match controller and any game, what games are read
//! from (files, links, the puzzle sets), the commands, the state every mode shares and the
//! transitions a mode asks for, the modes (each a leaf that knows no other), the mode on the
//! board, and the session. This root only declares them and re-exports what the app names.

pub mod address;
mod any;
pub mod archive;
pub mod coach;
pub mod command;
pub mod connection;
mod controller;
pub mod editor;
pub mod engine;
pub mod errors;
pub mod lessons;
pub mod link;
pub mod lobby;
mod local;
pub mod mode;
mod moves;
mod notice;
pub mod online;
pub mod player_link;
pub mod progress;
mod puzzle_book;
pub mod puzzles;
pub mod record;
mod review;
pub mod save;
mod scripted;
pub mod seeking;
mod session;
mod state;
pub mod timer;
mod transition;

#[cfg(test)]
mod editor_tests;
#[cfg(test)]
mod lesson_tests;
#[cfg(test)]
mod lobby_tests;
#[cfg(test)]
mod online_tests;
#[cfg(test)]
mod player_link_tests;
#[cfg(test)]
mod puzzle_tests;
#[cfg(test)]
mod session_tests;
#[cfg(test)]
mod shared_tests;
#[cfg(test)]
mod testing;

pub use any::AnyMatch;
pub use coach::{Alert, Coach, CoachMode, GameReview};
pub use command::{
    ArchiveCommand, Command, LessonCommand, LobbyCommand, OnlineCommand, PlayerCommand,
    PuzzleCommand, RecordsCommand,
};
pub use connection::ConnectionEvent;
pub use controller::{Change, ClockRule, Match, Players, Remote};
pub use engine::{Engine, ManualEngine, Thinking, WorkerEngine};
pub use errors::{
    CommandError, LessonError, LobbyError, ModeKind, OnlineError, PlayError, PuzzleError,
    ReplayError,
};
pub use mode::Mode;
pub use moves::{AnyMove, WrapMove};
pub use notice::Notice;
pub use record::{Ply, Record, SKIP_TEXT};
pub use session::Session;
pub use state::Choices;
