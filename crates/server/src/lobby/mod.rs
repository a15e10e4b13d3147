//! The lobby (`shared/spec/lobby.md`): players, seeks and pairing, ratings, the computer
//! as four rated players.

pub mod computer;
pub mod pairing;
pub mod players;
pub mod ratings;
pub mod settle;
