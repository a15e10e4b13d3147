//! The board editor: a position set up by hand for the game on the board, checked by the
//! engine after every change ([`qipan_engine::games::setup`]), then played, analysed, or
//! copied as a link or a position text. Changed only by [`EditorCommand`]s; a refused
//! command changes nothing.

use crate::ReplayError;
use qipan_engine::games::setup::{self, Board, Piece, SetupError, Shape};
use qipan_engine::games::{Side, Variant};

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

/// Why an editor command was refused (the editor is unchanged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditorError {
    /// No editor is open (or one is already, for `Open`).
    NotOpen,
    AlreadyOpen,
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

/// How the set-up is to be played once the person agrees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayAs {
    /// Against the computer (`Some(side)`: the person's side) or two people.
    Players(Option<Side>),
    /// Two people with the full coach.
    Analyse,
}

/// A position being set up.
#[derive(Clone, Debug, PartialEq)]
pub struct Editor {
    variant: Variant,
    shape: Shape,
    board: Board,
    /// The engine's verdict on `board`: the position text, or why it cannot be played.
    verdict: Result<String, SetupError>,
    /// Play was asked where a game of its kind has moves: waiting for a yes or no.
    confirming: Option<PlayAs>,
}

impl Editor {
    /// An editor for `variant` on `board`.
    pub fn new(variant: Variant, board: Board) -> Editor {
        let verdict = setup::validate(variant, &board);
        Editor {
            variant,
            shape: setup::shape(variant),
            board,
            verdict,
            confirming: None,
        }
    }

    /// An editor on `fill`; `current` is the position text of the game on the board.
    pub fn filled(variant: Variant, fill: Fill, current: &str, first: Side) -> Editor {
        Editor::new(variant, board_for(variant, fill, current, first))
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The game's points, pieces and hands.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// What stands on point `index`.
    pub fn piece_at(&self, index: usize) -> Option<Piece> {
        self.board.points.get(index).copied().flatten()
    }

    /// The position text when the set-up can be played, else why not.
    pub fn verdict(&self) -> Result<&str, &SetupError> {
        self.verdict.as_deref()
    }

    /// The link's query (without `?`) that opens the set-up, once it can be played.
    pub fn link_query(&self) -> Option<String> {
        let text = self.verdict.as_ref().ok()?;
        let mut query = form_urlencoded::Serializer::new(String::new());
        query.append_pair("game", &self.variant.to_string());
        query.append_pair("pos", text);
        Some(query.finish())
    }

    /// Whether Play waits for the person's yes.
    pub fn confirming(&self) -> bool {
        self.confirming.is_some()
    }

    /// Applies an editing command (not Open, Play, or the answers, which the session
    /// handles); a refused one changes nothing.
    pub(crate) fn edit(
        &mut self,
        command: &EditorCommand,
        current: &str,
        first: Side,
    ) -> Result<(), EditorError> {
        let mut board = self.board.clone();
        match *command {
            EditorCommand::Fill(fill) => board = board_for(self.variant, fill, current, first),
            EditorCommand::Tap(index) => {
                let now = self.point(index)?;
                let pieces = self.shape.pieces;
                let next = match now.and_then(|p| pieces.iter().position(|&q| q == p)) {
                    None => pieces.first().copied(),
                    Some(i) => pieces.get(i + 1).copied(),
                };
                board.points[index] = next;
            }
            EditorCommand::Put(index, piece) => {
                self.point(index)?;
                if let Some(piece) = piece.filter(|p| !self.shape.pieces.contains(p)) {
                    return Err(EditorError::NotInGame(piece));
                }
                board.points[index] = piece;
            }
            EditorCommand::ToMove(side) => board.to_move = side,
            EditorCommand::Hand(side, n) => {
                if !self.shape.hands || n > self.shape.most_in_hand {
                    return Err(EditorError::Hand);
                }
                board.hand[side.index()] = n;
            }
            _ => return Err(EditorError::NotOpen),
        }
        self.verdict = setup::validate(self.variant, &board);
        self.board = board;
        self.confirming = None;
        Ok(())
    }

    /// What stands on point `index`, or why there is no such point.
    fn point(&self, index: usize) -> Result<Option<Piece>, EditorError> {
        match self.board.points.get(index) {
            Some(piece) if index < self.shape.points => Ok(*piece),
            _ => Err(EditorError::NoSuchPoint(index)),
        }
    }

    /// The position text to play, or why the set-up cannot be played.
    pub(crate) fn playable(&self) -> Result<String, EditorError> {
        self.verdict.clone().map_err(EditorError::Invalid)
    }

    pub(crate) fn ask(&mut self, play: PlayAs) {
        self.confirming = Some(play);
    }

    pub(crate) fn take_confirming(&mut self) -> Option<PlayAs> {
        self.confirming.take()
    }
}

/// The board a fill gives: the game's current position (its standard start if that does
/// not read, which a game on the board always does), the start, or nothing.
fn board_for(variant: Variant, fill: Fill, current: &str, first: Side) -> Board {
    match fill {
        Fill::Current => setup::board_from_text(variant, current)
            .unwrap_or_else(|_| setup::start(variant, first)),
        Fill::Start => setup::start(variant, first),
        Fill::Empty => setup::empty(variant, first),
    }
}
