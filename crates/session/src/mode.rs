//! The session's modes: what is on the board, and who referees it.
//!
//! The local games (the one on the board and the ones put aside) belong to the session and
//! stand behind every mode; a mode puts something in front of them for a while. Each mode
//! lives in its own module with its commands and its handler:
//!
//! | mode | module | in front of the local games |
//! |---|---|---|
//! | [`Mode::Local`] | `local` | nothing: the local games themselves |
//! | [`Mode::Online`] | [`crate::online`] | a game a server referees |
//! | [`Mode::Puzzle`] | [`crate::puzzles`] | a puzzle the session referees |
//! | [`Mode::Editor`] | [`crate::editor`] | a position being set up |
//! | [`Mode::Seeking`] | [`crate::seeking`] | a name, a key or a seek on its way to the server |
//! | [`Mode::Archive`] | [`crate::archive`] | a finished online game from the records, reviewed |
//! | [`Mode::Lesson`] | [`crate::lessons`] | a lesson the session referees |
//!
//! The session handles the commands every mode takes alike (the level, the coach, the
//! seat, the kept progress, the solved tables) once, before any mode sees them. Every other
//! command goes to the handler of the mode on the board, which handles it, refuses it with
//! a typed reason ([`crate::CommandError`]), or answers with an `Outcome`: stay, leave,
//! leave and let the local games take the command, or become another mode (a seek that is
//! paired becomes its room). A handler never calls back into the
//! session, so nothing runs twice. The local games' handler starts the other modes.
//!
//! A new mode (a lesson, a seek waiting on the server for a pairing) is a variant here, a
//! module with its commands and its handler, and an arm in each `match` on [`Mode`] in
//! `session.rs` (the compiler lists them): what the board shows, what runs each frame, and
//! where its commands go.

use crate::archive::Archive;
use crate::editor::Editor;
use crate::lessons::LessonRun;
use crate::online::Online;
use crate::puzzles::PuzzleRun;
use crate::seeking::Seeking;
use crate::Command;

/// What is on the board, in front of the local games.
pub enum Mode {
    /// The local games: against the computer, or two people at the screen.
    Local,
    /// A game with a friend through a server, which holds it.
    Online(Box<Online>),
    /// A puzzle being solved, refereed by the session.
    Puzzle(Box<PuzzleRun>),
    /// The board editor, setting up a position of the game on the board (which waits).
    Editor(Box<Editor>),
    /// The lobby's connection: a name, a key or a seek, until the server answers or pairs.
    Seeking(Box<Seeking>),
    /// A finished online game from the records, on the board for the coach's review.
    Archive(Box<Archive>),
    /// A lesson being played, refereed by the session.
    Lesson(Box<LessonRun>),
}

/// A mode by name, as a refusal names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeKind {
    Local,
    Online,
    Puzzle,
    Editor,
    Seeking,
    Archive,
    Lesson,
}

impl Mode {
    pub fn kind(&self) -> ModeKind {
        match self {
            Mode::Local => ModeKind::Local,
            Mode::Online(_) => ModeKind::Online,
            Mode::Puzzle(_) => ModeKind::Puzzle,
            Mode::Editor(_) => ModeKind::Editor,
            Mode::Seeking(_) => ModeKind::Seeking,
            Mode::Archive(_) => ModeKind::Archive,
            Mode::Lesson(_) => ModeKind::Lesson,
        }
    }
}

/// A mode by its kind (what it holds is the players' and never logged).
impl std::fmt::Debug for Mode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Mode::{:?}", self.kind())
    }
}

/// What a mode's handler made of a command it did not refuse.
#[derive(Debug)]
pub(crate) enum Outcome {
    /// Handled; the mode stays on the board.
    Stay,
    /// Handled; the mode ends, and the local games are on the board again.
    Leave,
    /// Not this mode's: it ends, then the local games' handler takes the command (another
    /// game picked during a puzzle).
    LeaveThen(Command),
    /// Handled; this mode gives way to another (a seek paired becomes its room).
    Become(Mode),
}
