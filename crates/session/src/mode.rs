//! The session's modes: what is on the board, and who referees it.
//!
//! The local games (the one on the board and the ones put aside) belong to the session and
//! stand behind every mode; a mode puts something in front of them for a while. Each mode
//! lives in its own module with its handler, and takes its own commands
//! ([`crate::command`]):
//!
//! | mode | module | commands | in front of the local games |
//! |---|---|---|---|
//! | [`Mode::Local`] | `local` | the board's | nothing: the local games themselves |
//! | [`Mode::Online`] | [`crate::online`] | `Online`, `Connection` | a game a server referees |
//! | [`Mode::Puzzle`] | [`crate::puzzles`] | `Puzzle` | a puzzle the session referees |
//! | [`Mode::Editor`] | [`crate::editor`] | `Editor` | a position being set up |
//! | [`Mode::Seeking`] | [`crate::seeking`] | `Lobby`, `Connection` | a name, a key or a seek on its way to the server |
//! | [`Mode::Archive`] | [`crate::archive`] | `Archive` | a finished online game from the records, reviewed |
//! | [`Mode::Lesson`] | [`crate::lessons`] | `Lesson` | a lesson the session referees |
//!
//! The session handles the commands every mode takes alike (the level, the coach, the
//! seat, the kept progress, the solved tables, the records API) once, before any mode sees
//! them. Every other command goes to the handler of the mode on the board, which handles
//! it, refuses it with a typed reason ([`crate::CommandError`]), or returns a
//! [`Transition`](crate::transition::Transition): stay, leave, leave and let the local games
//! take the command, or become the room a seek was paired into. A handler never calls back
//! into the session, and no mode imports another: the session carries out the transition
//! and starts a mode from the local games by its commands (`session.rs`).
//!
//! A new mode is a variant here, a module with its commands and its handler, an arm in each
//! `match` on [`Mode`] in `session.rs` (the compiler lists them), and a name in the
//! session's layers (`crates/session/tests/imports.rs`).

use crate::archive::Archive;
use crate::editor::Editor;
use crate::lessons::LessonRun;
use crate::online::Online;
use crate::puzzles::PuzzleRun;
use crate::seeking::Seeking;

pub use crate::errors::ModeKind;

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

/// Each mode's state becomes its mode, boxed (the modes differ much in size).
macro_rules! from_state {
    ($($variant:ident($state:ty)),*) => {
        $(impl From<$state> for Mode {
            fn from(state: $state) -> Mode {
                Mode::$variant(Box::new(state))
            }
        })*
    };
}

from_state!(
    Online(Online),
    Puzzle(PuzzleRun),
    Editor(Editor),
    Seeking(Seeking),
    Archive(Archive),
    Lesson(LessonRun)
);

/// A mode by its kind (what it holds is the players' and never logged).
impl std::fmt::Debug for Mode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Mode::{:?}", self.kind())
    }
}
