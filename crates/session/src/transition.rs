//! How a mode asks for a change of mode: its handler returns a [`Transition`], and the
//! session carries it out (`session.rs`). A mode names no other mode: it says what should
//! happen (leave, hand a command on to the local games, a seek paired into its room), and
//! the session, which knows every mode, makes it so.

use crate::any::AnyMatch;
use crate::command::Command;
use crate::connection::Connection;
use qipan_engine::games::Side;

/// What a mode's handler made of a command it did not refuse.
pub(crate) enum Transition {
    /// Handled; the mode stays on the board.
    Stay,
    /// Handled; the mode ends, and the local games are on the board again.
    Leave,
    /// Not this mode's: it ends, then the local games take the command (another game
    /// picked during a puzzle), which may start another mode.
    LeaveThen(Command),
    /// The local games behind take the command while the mode stays in front (the editor:
    /// another game picked sets up a position of that game).
    Behind(Command),
    /// Handled; the mode ends, and `game` becomes its kind's game in progress among the
    /// local games (the editor's set-up played).
    LeaveWith(Box<AnyMatch>),
    /// A seek was paired: the room's mode takes over its connection and seat.
    Paired(Pairing),
}

/// A seat the server gave a seek (lobby.md's `paired`): the connection that holds it, as
/// after a `seat` frame; the room's state comes next.
pub(crate) struct Pairing {
    pub connection: Connection,
    pub room: String,
    pub side: Side,
    pub token: String,
}
