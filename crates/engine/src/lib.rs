//! The engine of Qipan: the five games' rules behind the [`games::Game`] trait, and the
//! computer that plays them (search, transposition table, evaluations, the solvers and the
//! background worker), and the courses that teach the games ([`lessons`]). No window, no
//! words: the session and the app are built on top.

pub mod ai;
#[cfg(not(target_arch = "wasm32"))]
pub mod files;
pub mod games;
pub mod lessons;
pub mod puzzles;
pub mod random;
pub mod scripted;
