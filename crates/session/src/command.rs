//! What anyone asks of the session, as data: a [`Command`], with each mode's own commands
//! inside it. Buttons, keys, `main`'s arguments, the online transport and tests all say what
//! they want this way. Each family is taken by one mode (or by the session in every mode),
//! so no mode refuses a command for another's sake; `session.rs` routes them. Below the
//! modes, so that a mode can hand a command on without knowing who takes it.

use crate::coach::CoachMode;
use crate::connection::ConnectionEvent;
use crate::errors::SaveError;
use crate::link::GameLink;
use crate::lobby::{Answer, GameRecord, Key, OnlineMemory, Query};
use crate::moves::AnyMove;
use crate::progress::Progress;
use qipan_engine::ai::{Level, Tables};
use qipan_engine::games::setup::Piece;
use qipan_engine::games::{GameId, RuleOption, Side, Variant};
use qipan_protocol::Days;

/// Something a person (or a test, the network, the app's storage) asks of the session.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// A person's move on the board.
    Play(AnyMove),
    /// Takes back the last move of the player at the screen, and the computer's reply.
    Undo,
    /// Plays again what was undone, up to the player's next turn.
    Redo,
    /// "New game": at once on a fresh or finished game; on a game with moves the session
    /// asks first ([`Session::confirming_new_game`](crate::Session::confirming_new_game)).
    NewGame,
    /// The player confirmed: the game on the board is thrown away.
    ConfirmNewGame,
    /// The player kept the game after all.
    CancelNewGame,
    /// Puts the game on the board aside and brings this game back (or starts one), with
    /// the rule options last chosen for it.
    PickGame(GameId),
    /// Turns a rule option of the game on the board on or off: a game of its own, kept
    /// apart from the game without it.
    SetOption(RuleOption, bool),
    /// The side of the person at the screen against the computer; `None`: two people share
    /// the screen.
    SetPlayers(Option<Side>),
    /// The side the person takes against the computer, while two people share the screen
    /// (it takes effect when the computer plays again).
    SetSeat(Side),
    /// The computer's level (every mode: the games behind one take it too).
    SetLevel(Level),
    /// How much the coach says (every mode).
    SetCoach(CoachMode),
    /// A saved game's text (or why it could not be read), named by `name` in the notice.
    Load {
        name: String,
        text: Result<String, SaveError>,
    },
    /// The app wrote the game to the file `name` (or failed to): the notice says so.
    Saved(Result<String, SaveError>),
    /// Asks the coach for the best move.
    Hint,
    StartReview,
    StopReview,
    CloseReview,
    /// Steps the board back (or on) to ply `cursor` of the move list.
    StepTo(usize),
    /// Back to the game's end after stepping through it.
    Resume,
    /// The coach's alert: take the mistake back, or play on.
    TakeBackMistake,
    DismissAlert,
    /// Asks the computer again after it failed.
    RetryComputer,
    /// The player is away from the board (reading the rules, a lesson, the keys or a menu;
    /// the window or page hidden), or back: against the computer the clock stands still
    /// meanwhile (every mode; online the server's clock is the only clock).
    SetAway(bool),
    /// Plays the computer without the turn clock, or with it (the default) (every mode).
    SetUntimed(bool),
    /// Playing a friend through a server ([`crate::online`]).
    Online(OnlineCommand),
    /// What the app's transport reports of the socket, for the mode that holds it (a room,
    /// or the lobby's connection).
    Connection(ConnectionEvent),
    /// Playing someone new: a name, a key, a seek ([`crate::seeking`]).
    Lobby(LobbyCommand),
    /// The player's games, seeks and challenges, through the player's link
    /// ([`crate::player_link`]), in every mode.
    Player(PlayerCommand),
    /// The records API: asked, and its answers (every mode).
    Records(RecordsCommand),
    /// A finished game of the records on the board for the coach's review
    /// ([`crate::archive`]).
    Archive(ArchiveCommand),
    /// Solving puzzles ([`crate::puzzles`]).
    Puzzle(PuzzleCommand),
    /// A link's game, position and line (from the page's address or `--link`). Where it
    /// would replace a game in progress with moves, the session asks first
    /// ([`Session::confirming_link`](crate::Session::confirming_link)).
    OpenLink(GameLink),
    /// The person agreed: the link's game replaces the one in progress.
    ConfirmLink,
    /// The person kept their game; the link is dropped.
    CancelLink,
    /// The results and ratings kept from the last run (every mode).
    RestoreProgress(Progress),
    /// The solved tables the computer and the coach may answer from, once the app has
    /// prepared them (Maddell's); until then they search (every mode).
    SetTables(Tables),
    /// The board editor: setting up a position by hand ([`crate::editor`]).
    Editor(EditorCommand),
    /// Learning a game by its lessons ([`crate::lessons`]).
    Lesson(LessonCommand),
}

/// What playing online asks of the session: the person's wishes (the transport's reports
/// are [`ConnectionEvent`]s).
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineCommand {
    /// A new room on `server` for the game on the board, the creator at `side`.
    Create {
        server: String,
        side: SeatChoice,
    },
    /// A friend's room, by its code.
    Join {
        server: String,
        room: String,
    },
    /// Back to the games on this screen (the room stays on the server; its token is kept).
    Leave,
    Resign,
    /// Asks for a rematch of the game that ended, or accepts the other player's request.
    Rematch,
    /// Declines the other player's rematch request.
    DeclineRematch,
    /// Ends the game unrated while fewer than 2 plies are played (lobby.md).
    Abort,
    /// Offers a draw, or accepts the other side's offer.
    Draw,
    /// Wins a game the other player walked away from (they left and lost a turn since).
    Claim,
    /// The tokens and the room kept from the last run; a room in play is resumed.
    Restore(OnlineMemory),
}

/// The side a person asks for when creating a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatChoice {
    Side(Side),
    Random,
}

/// What playing someone new asks of the session (`shared/spec/lobby.md`'s `register`,
/// `login` and `seek`): the Seeking mode's commands.
#[derive(Clone, Debug, PartialEq)]
pub enum LobbyCommand {
    /// Chooses a name on `server` (a new player); the key comes back with it.
    Register { server: String, name: String },
    /// Plays as the key's player on this device (a key typed or pasted from another one).
    LogIn { server: String, key: Key },
    /// Forgets the player on this device (the key still works elsewhere).
    LogOut,
    /// A game of the variant on the board with someone of about the player's strength.
    Seek { server: String, rated: bool },
    /// Stops seeking.
    Cancel,
}

/// What the player asks of their link to the server (`shared/spec/correspondence.md`), and
/// what the transport reports of its socket. Taken in every mode: the link is no mode's.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerCommand {
    /// What the app's transport reports of the link's socket.
    Connection(ConnectionEvent),
    /// Asks the server for the player's games, seeks and challenges again.
    Refresh,
    /// A correspondence seek: `days` a move.
    Seek {
        game: Variant,
        rated: bool,
        days: Days,
    },
    /// Withdraws the player's correspondence seek of this id.
    Unseek(String),
    /// Takes another player's open correspondence seek: the game starts.
    AcceptSeek(String),
    /// Challenges the player `to`: live (`days` `None`) or `days` a move.
    Challenge {
        to: String,
        game: Variant,
        rated: bool,
        days: Option<Days>,
    },
    /// Takes a challenge made to the player: the game starts.
    AcceptChallenge(String),
    /// Refuses a challenge made to the player.
    Decline(String),
    /// Withdraws the player's own challenge.
    CancelChallenge(String),
    /// Opens the player's game in `room` on the board (its seat resumed with its token).
    Open(String),
    /// Opens the next game where it is the player's turn.
    NextTurn,
    /// The link's last word was read.
    DismissNotice,
}

/// The records API (profiles, leaderboards, a game's record): what the session asks the
/// transport, and what came back. The lobby's state takes these in every mode.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordsCommand {
    /// Asks the records API.
    Fetch { server: String, query: Query },
    /// The transport's answer to a [`Request`](crate::lobby::Request) (`Err`: why none came).
    Fetched {
        query: Query,
        answer: Result<Answer, String>,
    },
}

/// A finished online game from the records, reviewed on the board.
#[derive(Clone, Debug, PartialEq)]
pub enum ArchiveCommand {
    /// The record's game on the board, for the coach's review (in place of another record's).
    Review(Box<GameRecord>),
    /// Back from the record's game to the local games.
    Close,
}

/// What solving puzzles asks of the session.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleCommand {
    /// A puzzle of `game` near the player's puzzle rating, not tried before.
    Next(GameId),
    /// The day's puzzle of `game` (`day`: days since 1970, from the app's clock).
    Daily { game: GameId, day: u64 },
    /// The puzzle on the board from its start again.
    Restart,
    /// Back to the game that was on the board.
    Leave,
}

/// What the board editor is asked.
#[derive(Clone, Debug, PartialEq)]
pub enum EditorCommand {
    /// Opens the editor on the game on the board, from what is asked.
    Open(Fill),
    /// Fills the board again: from the game, the standard start, or empty.
    Fill(Fill),
    /// A tap on point `index`: empty, then each of the game's pieces in turn, then empty.
    Tap(usize),
    /// Puts `piece` on point `index` (`None` clears it).
    Put(usize, Option<Piece>),
    /// The side to move.
    ToMove(Side),
    /// The pieces `side` holds in hand (Maddell).
    Hand(Side, u8),
    /// Plays the position: the person at `human`'s side against the computer, or two
    /// people at the screen (`None`). Where a game of its kind has moves, asks first.
    Play(Option<Side>),
    /// Opens the position for two people with the full coach (evaluation, hints, alerts).
    Analyse,
    /// The person agreed: the set-up replaces the game in progress.
    ConfirmPlay,
    /// The person kept their game: back to editing.
    CancelPlay,
    /// Back to the game on the board, the set-up dropped.
    Close,
}

/// What the editor's board starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    /// The position on the board in the game in progress.
    Current,
    /// The game's standard start.
    Start,
    /// No pieces (Maddell: every piece in hand).
    Empty,
}

/// What learning a game by its lessons asks of the session (a move is tried with
/// [`Command::Play`]; [`Command::Hint`] is Show me).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonCommand {
    /// Starts the lesson `lesson` of `game`'s course, in place of a lesson on the board or in
    /// front of the local games; it also answers the newcomer's offer.
    Start { game: GameId, lesson: String },
    /// Shows the lesson's move for the learner's turn: marked on the board, named in words.
    ShowMe,
    /// The course's next lesson.
    Next,
    /// The lesson from its start again.
    Retry,
    /// Back to the game that was on the board.
    Leave,
    /// The newcomer does not want the first lesson offered: it is not offered again.
    DismissOffer,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lobby::{Player, Ratings};

    /// A key is typed into a command and kept in the player: neither `Debug` shows it.
    #[test]
    fn a_key_is_never_in_debug_output() {
        let key = Key::new("0f1e2d3c4b5a69788796a5b4c3d2e1f0");
        let player = Player {
            name: "Ann".into(),
            key: key.clone(),
            ratings: Ratings::new(),
        };
        let command = LobbyCommand::LogIn {
            server: "ws://h/ws".into(),
            key,
        };
        for text in [format!("{player:?}"), format!("{command:?}")] {
            assert!(!text.contains("0f1e"), "{text}");
        }
    }
}
