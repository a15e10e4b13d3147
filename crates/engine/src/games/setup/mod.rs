//! Setting up a position by hand (the app's board editor): what stands on each point, the
//! side to move and (Sixpenny Maddell) the pieces in hand, checked against what the rules
//! let a real game reach. The check answers at once and, when the position cannot be
//! played, says why as a typed [`SetupError`] (the app words it in the person's language).
//!
//! Every game implements [`Setup`]; the functions at the bottom reach the game of a
//! [`Variant`] through [`with_game!`](crate::with_game), so a game added to [`AnyGame`]
//! without a set-up does not compile.
//!
//! What each game cannot reach (docs/rules/games.md and the seeds):
//! - every game: more pieces than it gives a side; a finished game (a set-up is for playing);
//!   a piece on a point the board lacks, or of a kind the game has no use for;
//! - Shuang Cheng and Blockade: fewer pieces than the start (nothing is ever taken);
//! - Maddell: a hand and board over six; pieces lost to mills the other side cannot yet have
//!   formed (while it still places, each mill took one of its own placements past the
//!   second); hands in the other games;
//! - Earthen Cannon: a cannon boxed in (it would have been removed after the last move).

use super::{blockade, cannon, maddell, push, shuangcheng};
use super::{AnyGame, Game, PositionError, Side, Status, Variant};
use crate::games::ToGame;
use std::fmt;

/// What may stand on a point: a piece of either side, or Shuang Cheng's shared piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    X,
    O,
    Shared,
}

impl Piece {
    /// The character of the position text.
    pub fn letter(self) -> char {
        match self {
            Piece::X => 'x',
            Piece::O => 'o',
            Piece::Shared => 's',
        }
    }

    fn from_letter(c: char) -> Option<Piece> {
        match c {
            'x' => Some(Piece::X),
            'o' => Some(Piece::O),
            's' => Some(Piece::Shared),
            _ => None,
        }
    }
}

/// A position as a person sets it up: the points in the game's point order, the side to
/// move, and the pieces each side still holds (`[x, o]`; Maddell only, else zero).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub points: Vec<Option<Piece>>,
    pub to_move: Side,
    pub hand: [u8; 2],
}

impl Board {
    /// How many pieces of `piece` stand on the board.
    pub fn count(&self, piece: Piece) -> u32 {
        self.points.iter().filter(|p| **p == Some(piece)).count() as u32
    }
}

/// Why a set-up position cannot be played. Checked in this order, so the first reason
/// named is the most basic one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The board has a different number of points than the game's (`found` short).
    PointCount { expected: usize, found: usize },
    /// A piece stands on point `index`, past the board's last point.
    NoSuchPoint { index: usize },
    /// A kind of piece the game does not have (a shared piece outside Shuang Cheng).
    NotInGame { point: &'static str, piece: Piece },
    /// More pieces of a kind than the game gives.
    TooMany { piece: Piece, found: u32, most: u32 },
    /// Fewer pieces than the game starts with, in a game where none is ever taken.
    TooFew {
        piece: Piece,
        found: u32,
        needed: u32,
    },
    /// Pieces in hand in a game without a hand.
    NoHands,
    /// A side's pieces in hand and on the board come to more than the game gives it.
    HandTooBig {
        side: Side,
        in_hand: u8,
        on_board: u32,
        most: u32,
    },
    /// `side` has lost `lost` pieces, but the other side, still placing, has placed too
    /// few to have formed that many mills (`at_most`).
    LostTooMany { side: Side, lost: u32, at_most: u32 },
    /// An Earthen Cannon cannon on `point` with no empty point next to it (the rules remove
    /// such a cannon after every move, so no game reaches it).
    BoxedCannon { point: &'static str },
    /// The game is already over in this position.
    Finished(Status),
    /// The position text the set-up makes does not read (a check above should have caught
    /// it; kept so that nothing here can panic).
    Text(PositionError),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |side: Side| side.letter();
        match self {
            SetupError::PointCount { expected, found } => {
                write!(f, "the board has {found} points, the game {expected}")
            }
            SetupError::NoSuchPoint { index } => {
                write!(f, "a piece stands on point {index}, which the board lacks")
            }
            SetupError::NotInGame { point, piece } => {
                write!(f, "'{}' on {point} is not a piece of this game", piece.letter())
            }
            SetupError::TooMany { piece, found, most } => write!(
                f,
                "{found} pieces '{}' on the board, at most {most}",
                piece.letter()
            ),
            SetupError::TooFew {
                piece,
                found,
                needed,
            } => write!(
                f,
                "{found} pieces '{}' on the board, but nothing is ever taken: {needed} needed",
                piece.letter()
            ),
            SetupError::NoHands => f.write_str("this game has no pieces in hand"),
            SetupError::HandTooBig {
                side,
                in_hand,
                on_board,
                most,
            } => write!(
                f,
                "{} has {in_hand} in hand and {on_board} on the board, at most {most} in all",
                name(*side)
            ),
            SetupError::LostTooMany {
                side,
                lost,
                at_most,
            } => write!(
                f,
                "{} has lost {lost} pieces, but {} has placed too few to have taken more than {at_most}",
                name(*side),
                name(side.opponent())
            ),
            SetupError::BoxedCannon { point } => {
                write!(f, "the cannon on {point} is boxed in and would have been removed")
            }
            SetupError::Finished(status) => write!(f, "the game is already over ({status})"),
            SetupError::Text(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for SetupError {}

/// A game's rules for set-ups.
pub trait Setup: Game {
    /// The kinds of piece a point may hold, in the order a tap cycles through them.
    const PIECES: &'static [Piece];
    /// The number of points.
    const POINTS: usize;
    /// The point names, in point order.
    const NAMES: &'static [&'static str];
    /// Whether the sides hold pieces in hand (Maddell).
    const HANDS: bool = false;

    /// The most pieces of `piece` the game gives, and whether exactly that many must stand
    /// on the board (no piece is ever taken).
    fn limit(&self, piece: Piece) -> (u32, bool);

    /// The fields after the side to move in the position text of a set-up.
    fn extra_fields(&self, board: &Board) -> String;

    /// What the game adds to the checks, before the text is read (the board's counts are
    /// known to be within the limits).
    fn check_board(&self, _board: &Board) -> Result<(), SetupError> {
        Ok(())
    }

    /// What the game adds to the checks on the position read.
    fn check_position(&self, _pos: &Self::Position) -> Result<(), SetupError> {
        Ok(())
    }
}

/// Checks a set-up and returns the position it makes.
pub fn validate_in<G: Setup>(game: &G, board: &Board) -> Result<G::Position, SetupError> {
    if let Some(index) = board
        .points
        .iter()
        .enumerate()
        .skip(G::POINTS)
        .find_map(|(i, p)| p.map(|_| i))
    {
        return Err(SetupError::NoSuchPoint { index });
    }
    if board.points.len() < G::POINTS {
        return Err(SetupError::PointCount {
            expected: G::POINTS,
            found: board.points.len(),
        });
    }
    let points = &board.points[..G::POINTS];
    for (i, piece) in points.iter().enumerate() {
        if let Some(piece) = piece.filter(|p| !G::PIECES.contains(p)) {
            return Err(SetupError::NotInGame {
                point: G::NAMES.get(i).copied().unwrap_or("?"),
                piece,
            });
        }
    }
    if !G::HANDS && board.hand != [0, 0] {
        return Err(SetupError::NoHands);
    }
    for &piece in G::PIECES {
        let (most, exact) = game.limit(piece);
        let found = board.count(piece);
        if found > most {
            return Err(SetupError::TooMany { piece, found, most });
        }
        if exact && found < most {
            return Err(SetupError::TooFew {
                piece,
                found,
                needed: most,
            });
        }
    }
    game.check_board(board)?;
    let cells: String = points
        .iter()
        .map(|p| p.map_or('.', Piece::letter))
        .collect();
    let text = format!(
        "{cells} {}{}",
        board.to_move.letter(),
        game.extra_fields(board)
    );
    let pos = game.parse_position(&text).map_err(SetupError::Text)?;
    game.check_position(&pos)?;
    match game.status(&pos) {
        Status::Ongoing => Ok(pos),
        over => Err(SetupError::Finished(over)),
    }
}

/// The set-up of a position of the game (what the editor opens on).
pub fn board_of<G: Setup>(game: &G, pos: &G::Position) -> Board {
    let text = game.format_position(pos);
    let mut fields = text.split(' ');
    let points = fields
        .next()
        .unwrap_or_default()
        .chars()
        .map(Piece::from_letter)
        .collect();
    let to_move = fields.next().and_then(Side::from_letter).unwrap_or(Side::X);
    let mut hand = [0, 0];
    if G::HANDS {
        for h in &mut hand {
            *h = fields.next().and_then(|f| f.parse().ok()).unwrap_or(0);
        }
    }
    Board {
        points,
        to_move,
        hand,
    }
}

impl Setup for push::Push {
    const PIECES: &'static [Piece] = &[Piece::X, Piece::O];
    const POINTS: usize = push::CELLS;
    const NAMES: &'static [&'static str] = &push::CELL_NAMES;

    fn limit(&self, _piece: Piece) -> (u32, bool) {
        (push::PIECES_PER_SIDE, false)
    }

    fn extra_fields(&self, _board: &Board) -> String {
        String::new()
    }
}

impl Setup for shuangcheng::ShuangCheng {
    const PIECES: &'static [Piece] = &[Piece::X, Piece::O, Piece::Shared];
    const POINTS: usize = shuangcheng::POINTS;
    const NAMES: &'static [&'static str] = &shuangcheng::POINT_NAMES;

    fn limit(&self, piece: Piece) -> (u32, bool) {
        match piece {
            Piece::Shared => (2, true),
            Piece::X | Piece::O => (3, true),
        }
    }

    /// The lock is off: the set-up has no previous move.
    fn extra_fields(&self, _board: &Board) -> String {
        " 0".to_owned()
    }
}

impl Setup for maddell::Maddell {
    const PIECES: &'static [Piece] = &[Piece::X, Piece::O];
    const POINTS: usize = maddell::POINTS;
    const NAMES: &'static [&'static str] = &maddell::POINT_NAMES;
    const HANDS: bool = true;

    fn limit(&self, _piece: Piece) -> (u32, bool) {
        (MADDELL_PIECES, false)
    }

    fn extra_fields(&self, board: &Board) -> String {
        format!(" {} {}", board.hand[0], board.hand[1])
    }

    fn check_board(&self, board: &Board) -> Result<(), SetupError> {
        let sides = [(Side::X, Piece::X), (Side::O, Piece::O)];
        for (side, piece) in sides {
            let in_hand = board.hand[side.index()];
            let on_board = board.count(piece);
            if u32::from(in_hand) + on_board > MADDELL_PIECES {
                return Err(SetupError::HandTooBig {
                    side,
                    in_hand,
                    on_board,
                    most: MADDELL_PIECES,
                });
            }
        }
        for (side, piece) in sides {
            let lost = MADDELL_PIECES - u32::from(board.hand[side.index()]) - board.count(piece);
            let taker_hand = board.hand[side.opponent().index()];
            // A side that still holds pieces has only placed; each of its mills took one
            // placement past its first two. Once it slides, mills can form again and again.
            if taker_hand > 0 {
                let placed = MADDELL_PIECES - u32::from(taker_hand);
                let at_most = placed.saturating_sub(2);
                if lost > at_most {
                    return Err(SetupError::LostTooMany {
                        side,
                        lost,
                        at_most,
                    });
                }
            }
        }
        Ok(())
    }
}

const MADDELL_PIECES: u32 = 6;

impl Setup for blockade::Blockade {
    const PIECES: &'static [Piece] = &[Piece::X, Piece::O];
    const POINTS: usize = blockade::POINTS;
    const NAMES: &'static [&'static str] = &blockade::POINT_NAMES;

    fn limit(&self, _piece: Piece) -> (u32, bool) {
        (7, true)
    }

    fn extra_fields(&self, _board: &Board) -> String {
        String::new()
    }
}

impl Setup for cannon::Cannon {
    const PIECES: &'static [Piece] = &[Piece::X, Piece::O];
    const POINTS: usize = cannon::POINTS;
    const NAMES: &'static [&'static str] = &cannon::POINT_NAMES;

    fn limit(&self, piece: Piece) -> (u32, bool) {
        match piece {
            Piece::X => (3, false),
            Piece::O | Piece::Shared => (15, false),
        }
    }

    /// Nothing decided: the set-up has no last move.
    fn extra_fields(&self, _board: &Board) -> String {
        " -".to_owned()
    }

    fn check_position(&self, pos: &cannon::Position) -> Result<(), SetupError> {
        let empty = pos.empty();
        for point in 0..cannon::POINTS {
            if pos.cannons & (1 << point) != 0 && cannon::ADJACENT[point] & empty == 0 {
                return Err(SetupError::BoxedCannon {
                    point: cannon::POINT_NAMES[point],
                });
            }
        }
        Ok(())
    }
}

/// What the editor needs to know of a game besides its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub pieces: &'static [Piece],
    pub points: usize,
    pub names: &'static [&'static str],
    pub hands: bool,
    /// The most pieces a side may hold in hand (and on the board together).
    pub most_in_hand: u8,
}

fn shape_of<G: Setup>(_: &G) -> Shape {
    Shape {
        pieces: G::PIECES,
        points: G::POINTS,
        names: G::NAMES,
        hands: G::HANDS,
        most_in_hand: if G::HANDS { MADDELL_PIECES as u8 } else { 0 },
    }
}

/// The pieces, points and hands of the game of `variant`.
pub fn shape(variant: Variant) -> Shape {
    let game: AnyGame = variant.to_game();
    crate::with_game!(game, g => shape_of(&g))
}

/// Checks a set-up of `variant`; the position text it makes, if it can be played.
pub fn validate(variant: Variant, board: &Board) -> Result<String, SetupError> {
    crate::with_game!(variant.to_game(), g => {
        validate_in(&g, board).map(|pos| g.format_position(&pos))
    })
}

/// The set-up of a position text of `variant` (a game on the board, a pasted text).
pub fn board_from_text(variant: Variant, text: &str) -> Result<Board, PositionError> {
    crate::with_game!(variant.to_game(), g => {
        g.parse_position(text).map(|pos| board_of(&g, &pos))
    })
}

/// The standard start of `variant` with `first` to move, as a set-up.
pub fn start(variant: Variant, first: Side) -> Board {
    crate::with_game!(variant.to_game(), g => board_of(&g, &g.start_with(first)))
}

/// An empty board of `variant`, `to_move` to move, every piece in hand where the game has
/// hands.
pub fn empty(variant: Variant, to_move: Side) -> Board {
    let shape = shape(variant);
    Board {
        points: vec![None; shape.points],
        to_move,
        hand: [shape.most_in_hand; 2],
    }
}

#[cfg(test)]
mod tests;
