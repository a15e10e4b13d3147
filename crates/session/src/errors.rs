//! Why the session refused something, typed, so that every reason is said in the person's
//! language by the app: a move ([`PlayError`]), a command ([`CommandError`], with each
//! mode's own reasons), a game that does not replay, a file or a link that does not open.
//! The lowest layer of the session: the commands, the modes and the match controller all
//! name these, and they name nothing of the session.

use crate::address::ServerAddressError;
use qipan_engine::games::setup::{Piece, SetupError};
use qipan_engine::games::{GameId, MoveError, PositionError};

/// Why a person's move was refused (the game is unchanged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The other side moves now: the computer (also while it is thinking), the friend
    /// online, or a puzzle's reply.
    NotYourTurn,
    /// The game is over (or neither side can ever move again; a puzzle is solved).
    GameOver,
    /// The player is looking back through the moves: they resume, or play from there
    /// through the move list.
    LookingBack,
    /// The move does not read, or is not legal in the position.
    Move(MoveError),
    /// A move of another game than the one on the board.
    OtherGame,
}
impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::NotYourTurn => f.write_str("not a person's turn"),
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::LookingBack => f.write_str("looking back through the moves"),
            PlayError::Move(error) => error.fmt(f),
            PlayError::OtherGame => f.write_str("a move of another game"),
        }
    }
}

impl std::error::Error for PlayError {}

/// Why a command was refused. The session is unchanged, and the status line says why.
#[derive(Clone, Debug, PartialEq)]
pub enum CommandError {
    /// The move was refused: why.
    Play(PlayError),
    /// The mode on the board does not take this command until the person leaves it: while
    /// online the server holds the game (no undo, hints or another game), a puzzle is
    /// refereed by its line (no new game, no review), and the editor's game waits (no move).
    NotWhile(ModeKind),
    /// A command of a mode that is not on: an online command with no room, a puzzle's
    /// restart with no puzzle, an edit with the editor closed.
    NotIn(ModeKind),
    /// The mode is on already: a second room, the editor opened twice.
    AlreadyIn(ModeKind),
    /// The online game refused: why.
    Online(OnlineError),
    /// A puzzle command was refused: why.
    Puzzle(PuzzleError),
    /// The board editor refused: why.
    Editor(EditorError),
    /// The lobby refused a name, a key, a seek or a record: why.
    Lobby(LobbyError),
    /// A lesson command was refused: why.
    Lesson(LessonError),
    /// The server's address was refused (nothing was sent): why.
    Server(ServerAddressError),
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

/// Why the online game refused a person's command (nothing was sent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnlineError {
    /// The server has not sent the game yet.
    NoGameYet,
    /// This client watches the room: a spectator moves, resigns and asks for nothing.
    Spectating,
    /// This client holds no seat in the room yet (the server has not given its token).
    NoSeat,
    /// The last move waits for the server's answer: one move at a time.
    MovePending,
    /// The connection is down; the transport tries again by itself.
    Offline,
    /// The game is over: nothing to abort, offer or claim.
    Over,
    /// Two plies are played: too late to abort (resign instead).
    TooLateToAbort,
    /// This side's draw offer stands until the other side plays.
    DrawOffered,
    /// The other player is here, or has not lost a turn since leaving.
    NothingToClaim,
}

/// Why the lobby refused a person's command (nothing was sent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyError {
    /// The name breaks the spec's rule (3 to 20 letters, digits, `_` or `-`).
    BadName,
    /// The text cannot be a key (32 hex digits).
    BadKey,
    /// A seek needs a name first.
    NoName,
    /// A name is chosen already on this device: log out first to choose another.
    HasName,
    /// A record that does not replay (a newer server's game, a damaged record).
    Unreadable,
    /// A challenge to the player themselves.
    OwnChallenge,
    /// A game that is not among the player's games (gone since, or never theirs).
    NotListed,
    /// No game waits for the player's move.
    NoTurnWaiting,
}

/// Why a puzzle command was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// The hint opens only after a failed try: solving it is the point.
    HintBeforeFailedTry,
    /// The game has no shipped puzzle to give.
    NoPuzzles(GameId),
    /// The shipped puzzle `number` of `game` does not replay (never expected: a set holds
    /// only puzzles that do).
    Unplayable { game: GameId, number: u32 },
}

/// Why an editor command was refused (the editor is unchanged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditorError {
    /// A point the board does not have.
    NoSuchPoint(usize),
    /// A piece the game does not have (a shared piece outside Shuang Cheng).
    NotInGame(Piece),
    /// Pieces in hand in a game without them, or more than the game gives.
    Hand,
    /// The position cannot be played: why.
    Invalid(SetupError),
    /// Nothing waits for a yes or no.
    NotConfirming,
    /// The position checked out but did not replay (never expected; kept so nothing panics).
    Replay(ReplayError),
}

/// Why a lesson command was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonError {
    /// The game's course has no lesson of that id.
    NoSuchLesson { game: GameId, lesson: String },
    /// The game's shipped course does not read (never expected: a test reads every one).
    NoCourse(GameId),
    /// The lesson is played to its end: nothing more to try or show; Next or Retry.
    Finished,
    /// Next on the course's last lesson.
    LastLesson,
}

/// Why a game could not be replayed from its texts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    Start(PositionError),
    /// Ply `index` (from 0) does not read or is not legal.
    Ply {
        index: usize,
        error: MoveError,
    },
    /// Ply `index` comes after the game ended.
    AfterEnd {
        index: usize,
    },
    /// The cursor is past the last ply.
    Cursor,
}

/// Why a file could not be loaded. Each maps to a localized message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    Io {
        path: String,
        error: String,
    },
    Json(String),
    NotASave,
    Version(u32),
    Game(String),
    Human(String),
    /// The start position text does not read as a position of the game.
    Start(String),
    Move {
        number: usize,
        text: String,
        /// Well spelled but against the rules (rather than not a move at all).
        illegal: bool,
    },
    AfterEnd {
        number: usize,
    },
    Cursor,
    /// The game could not be written as JSON (nothing was written).
    Serialize(String),
}

/// Why a link does not open. The session is unchanged, and the notice says this.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    UnknownGame(String),
    Position(String),
    /// Move `number` (from 1) does not read, or is against the rules.
    Move {
        number: usize,
        text: String,
        illegal: bool,
    },
    /// Move `number` comes after the game ended.
    AfterEnd {
        number: usize,
    },
    /// `ply` is not a number of moves of the line.
    Ply(String),
}
