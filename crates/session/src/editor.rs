//! The board editor: a position set up by hand for the game on the board, checked by the
//! engine after every change ([`qipan_engine::games::setup`]), then played, analysed, or
//! copied as a link or a position text. Changed only by [`EditorCommand`]s; a refused
//! command changes nothing.
//!
//! In the session this is [`Mode::Editor`](crate::Mode::Editor), opened from the local
//! games; `Editor::handle` takes the session's commands while it is open. The game on the
//! board waits behind it, its clock stopped, and the editor only reads it
//! ([`GamesBehind`]): picking another game or an option is handed to the local games
//! ([`Transition::Behind`]), and the editor then sets up a position of that game
//! ([`Editor::follow`]); the players chosen are the waiting game's. A set-up played goes to
//! the local games the same way ([`Transition::LeaveWith`]).

use crate::any::AnyMatch;
use crate::coach::CoachMode;
use crate::command::Command;
use crate::controller::Players;
use crate::errors::{CommandError, ModeKind};
use crate::state::{GamesBehind, Shared};
use crate::transition::Transition;
use qipan_engine::games::setup::{self, Board, Piece, SetupError, Shape};
use qipan_engine::games::{Side, Variant};
use rand::Rng;

pub use crate::command::{EditorCommand, Fill};
pub use crate::errors::EditorError;

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

    /// Fills the board again; `current` is the position text of the game on the board.
    fn refill(&mut self, fill: Fill, current: &str) {
        self.change(board_for(self.variant, fill, current, Side::X));
    }

    /// A tap on point `index`: empty, then each of the game's pieces in turn, then empty.
    fn tap(&mut self, index: usize) -> Result<(), EditorError> {
        let now = self.point(index)?;
        let pieces = self.shape.pieces;
        let next = match now.and_then(|p| pieces.iter().position(|&q| q == p)) {
            None => pieces.first().copied(),
            Some(i) => pieces.get(i + 1).copied(),
        };
        self.put(index, next)
    }

    /// Puts `piece` on point `index` (`None` clears it).
    fn put(&mut self, index: usize, piece: Option<Piece>) -> Result<(), EditorError> {
        self.point(index)?;
        if let Some(piece) = piece.filter(|p| !self.shape.pieces.contains(p)) {
            return Err(EditorError::NotInGame(piece));
        }
        let mut board = self.board.clone();
        board.points[index] = piece;
        self.change(board);
        Ok(())
    }

    fn set_to_move(&mut self, side: Side) {
        let mut board = self.board.clone();
        board.to_move = side;
        self.change(board);
    }

    fn set_hand(&mut self, side: Side, pieces: u8) -> Result<(), EditorError> {
        if !self.shape.hands || pieces > self.shape.most_in_hand {
            return Err(EditorError::Hand);
        }
        let mut board = self.board.clone();
        board.hand[side.index()] = pieces;
        self.change(board);
        Ok(())
    }

    /// The board after a change, checked by the engine; a question waiting is dropped.
    fn change(&mut self, board: Board) {
        self.verdict = setup::validate(self.variant, &board);
        self.board = board;
        self.confirming = None;
    }

    /// What stands on point `index`, or why there is no such point.
    fn point(&self, index: usize) -> Result<Option<Piece>, EditorError> {
        match self.board.points.get(index) {
            Some(piece) if index < self.shape.points => Ok(*piece),
            _ => Err(EditorError::NoSuchPoint(index)),
        }
    }

    /// The session's commands while the editor is open. The game's own commands wait (its
    /// clock runs again once the editor closes); picking another game, or an option, sets
    /// up a position of that game; the players are chosen for the game behind.
    pub(crate) fn handle(
        &mut self,
        command: Command,
        behind: &dyn GamesBehind,
        shared: &mut Shared,
        now: f64,
    ) -> Result<Transition, CommandError> {
        let refused = |error| Err(CommandError::Editor(error));
        let edit = match command {
            Command::Editor(edit) => edit,
            // The game behind changes (then the editor follows it), or its players do.
            Command::PickGame(_) | Command::SetOption(..) | Command::SetPlayers(_) => {
                return Ok(Transition::Behind(command))
            }
            _ => return Err(CommandError::NotWhile(ModeKind::Editor)),
        };
        match edit {
            EditorCommand::Open(_) => return Err(CommandError::AlreadyIn(ModeKind::Editor)),
            EditorCommand::Close => return Ok(Transition::Leave),
            EditorCommand::Play(human) => {
                return self.play(PlayAs::Players(human), false, behind, shared, now)
            }
            EditorCommand::Analyse => {
                return self.play(PlayAs::Analyse, false, behind, shared, now)
            }
            EditorCommand::ConfirmPlay => match self.confirming.take() {
                Some(play) => return self.play(play, true, behind, shared, now),
                None => return refused(EditorError::NotConfirming),
            },
            EditorCommand::CancelPlay => {
                if self.confirming.take().is_none() {
                    return refused(EditorError::NotConfirming);
                }
            }
            EditorCommand::Fill(fill) => self.refill(fill, &behind.board().position_text()),
            EditorCommand::Tap(index) => self.tap(index).map_err(CommandError::Editor)?,
            EditorCommand::Put(index, piece) => {
                self.put(index, piece).map_err(CommandError::Editor)?
            }
            EditorCommand::ToMove(side) => self.set_to_move(side),
            EditorCommand::Hand(side, pieces) => {
                self.set_hand(side, pieces).map_err(CommandError::Editor)?
            }
        }
        Ok(Transition::Stay)
    }

    /// The game behind the editor changed (`board`: the one on the board now): another
    /// game's set-up starts from its position.
    pub(crate) fn follow(&mut self, board: &AnyMatch) {
        if board.variant() != self.variant {
            *self = Editor::filled(
                board.variant(),
                Fill::Current,
                &board.position_text(),
                Side::X,
            );
        }
    }

    /// Plays the set-up (after the person's yes where it replaces a game with moves): it
    /// becomes its game's game in progress, from the position set up, and the editor closes.
    fn play(
        &mut self,
        play: PlayAs,
        confirmed: bool,
        behind: &dyn GamesBehind,
        shared: &mut Shared,
        now: f64,
    ) -> Result<Transition, CommandError> {
        let text = self
            .verdict
            .clone()
            .map_err(|invalid| CommandError::Editor(EditorError::Invalid(invalid)))?;
        if behind.has_moves(self.variant) && !confirmed {
            self.confirming = Some(play);
            return Ok(Transition::Stay);
        }
        let human = match play {
            PlayAs::Players(human) => human,
            PlayAs::Analyse => None,
        };
        let players = Players {
            human,
            level: shared.level,
        };
        let seed = shared.rng.random();
        let game = AnyMatch::replay(self.variant, &text, &[], 0, players, seed, now)
            .map_err(|e| CommandError::Editor(EditorError::Replay(e)))?;
        if play == PlayAs::Analyse {
            shared.coach = CoachMode::Full;
        }
        Ok(Transition::LeaveWith(Box::new(game)))
    }
}

/// Editor commands from the local games (`behind`: the game on the board): Open opens the
/// editor on it; any other has no editor to act on.
pub(crate) fn start(command: EditorCommand, behind: &AnyMatch) -> Result<Editor, CommandError> {
    match command {
        EditorCommand::Open(fill) => {
            let (variant, current) = (behind.variant(), behind.position_text());
            Ok(Editor::filled(variant, fill, &current, Side::X))
        }
        _ => Err(CommandError::NotIn(ModeKind::Editor)),
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
