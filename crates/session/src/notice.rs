//! [`Notice`]: what the status line reports about the game on the board until the next
//! change, as data, so that the app says it in whatever language is current.

use crate::errors::{LinkError, SaveError};
use qipan_engine::ai::ThinkError;
use qipan_engine::games::Side;

/// Something the status line reports until the next change; data, so that it is shown in
/// whatever language is current.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// The side's turn ran out: it passed with no move.
    Timeout(Side),
    /// The side had no move but `pass`, which was played for it.
    Passed(Side),
    /// The computer failed to answer; the player may play on or retry.
    Engine(ThinkError),
    /// The computer (the side) played this move: said aloud to screen readers.
    ComputerMoved(Side, String),
    Saved(String),
    Loaded(String),
    File(SaveError),
    /// The games kept from the last run could not all be restored: fresh ones start.
    NotRestored(SaveError),
    /// A link to a game did not open; the app goes on as it was.
    Link(LinkError),
    /// A link's game is on the board.
    LinkOpened,
}
