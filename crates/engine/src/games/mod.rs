//! The rules engines: one module per game, all behind the [`Game`] trait.
//!
//! Rules are pure data and functions: no UI, no threads, no clocks. The AI, the command line,
//! saved games and the app are written once against [`Game`] and reach a concrete game through
//! [`AnyGame`] and the [`with_game!`](crate::with_game) macro.

pub mod blockade;
pub mod cannon;
mod error;
pub mod maddell;
pub mod push;
pub mod setup;
pub mod shuangcheng;

pub use error::{MoveError, PositionError};

use std::fmt;
use std::hash::Hash;

pub use qipan_vocab::{EndReason, GameId, RuleOption, Side, Status, Variant, VariantError};

/// The side whose mask in `masks` (x's, then o's) has `bit` set: whose piece stands on a
/// point, for the boards that keep a mask a side.
pub fn owner_of(masks: [u64; 2], bit: u64) -> Option<Side> {
    Side::BOTH
        .into_iter()
        .find(|side| masks[side.index()] & bit != 0)
}

/// The interface every game implements.
///
/// Positions and moves are small `Copy` values so that the search can copy-make instead of
/// make/unmake. Every method is a pure function of its arguments.
pub trait Game: Clone + Send + Sync + 'static {
    type Position: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static;
    type Move: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static;

    /// Which game and options this is (`blockade:solidarity`, ...).
    fn variant(&self) -> Variant;

    /// The standard start position.
    fn start(&self) -> Self::Position {
        self.start_with(Side::X)
    }

    /// Who opens round `round` (counted from 1) of a series. x in every game but Push the
    /// Line, where the first move alternates from round to round.
    fn first_to_move(&self, _round: u32) -> Side {
        Side::X
    }

    /// Whether [`Game::first_to_move`] changes from round to round (the app says who opens
    /// the next round).
    fn first_move_alternates(&self) -> bool {
        false
    }

    /// The standard start with `first` to move (Push the Line alternates the first move
    /// from round to round; the app also lets either side open any game).
    fn start_with(&self, first: Side) -> Self::Position;

    fn side_to_move(&self, pos: &Self::Position) -> Side;

    /// Appends every legal move to `out` (which the caller clears). Nothing when the game is
    /// over. In Push the Line a side with no move gets the single move `pass`.
    fn legal_moves(&self, pos: &Self::Position, out: &mut Vec<Self::Move>);

    /// The position after `mv`, which must be one of `legal_moves(pos)`.
    fn play(&self, pos: &Self::Position, mv: Self::Move) -> Self::Position;

    /// The position after the side to move lost its turn to the timer (no move made).
    fn skip_turn(&self, pos: &Self::Position) -> Self::Position;

    fn status(&self, pos: &Self::Position) -> Status;

    /// The move to play on the mover's behalf because it carries no choice: Push the Line's
    /// `pass` when it is the only legal move. `None` in every other game.
    fn forced_pass(&self, _pos: &Self::Position) -> Option<Self::Move> {
        None
    }

    /// Whether the game is on but neither side can ever move again (Push the Line, where
    /// both sides would only pass: the rules name no result, so the game stays ongoing and
    /// the app says so).
    fn deadlocked(&self, _pos: &Self::Position) -> bool {
        false
    }

    /// A Zobrist-style hash of everything that decides the legal moves and the status.
    fn hash(&self, pos: &Self::Position) -> u64;

    fn parse_position(&self, text: &str) -> Result<Self::Position, PositionError>;

    fn format_position(&self, pos: &Self::Position) -> String;

    /// The canonical spelling of a move.
    fn format_move(&self, mv: Self::Move) -> String;

    /// Checks the spelling of a move without a position: `Err` names what is malformed.
    /// A well-formed spelling may still be illegal; [`Game::parse_move`] decides that.
    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError>;

    /// The number of legal moves; games override it where counting is cheaper than listing
    /// (perft's last ply).
    fn count_moves(&self, pos: &Self::Position) -> u64 {
        let mut moves = Vec::new();
        self.legal_moves(pos, &mut moves);
        moves.len() as u64
    }

    /// Reads a move in canonical notation and checks that it is legal in `pos`.
    fn parse_move(&self, pos: &Self::Position, text: &str) -> Result<Self::Move, MoveError> {
        self.check_move_syntax(text)?;
        let mut moves = Vec::new();
        self.legal_moves(pos, &mut moves);
        moves
            .into_iter()
            .find(|&mv| self.format_move(mv) == text)
            .ok_or_else(|| MoveError::Illegal {
                text: text.to_owned(),
            })
    }

    /// The pieces each side has on the board and (Maddell) in hand: `[x, o]`. The property
    /// tests check that these only fall through captures.
    fn material(&self, pos: &Self::Position) -> [u32; 2];
}

/// Counts leaf positions `depth` plies ahead (a forced `pass` counts as a move; a finished
/// game at depth > 0 contributes nothing).
pub fn perft<G: Game>(game: &G, pos: &G::Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return game.count_moves(pos);
    }
    let mut moves = Vec::new();
    game.legal_moves(pos, &mut moves);
    moves
        .into_iter()
        .map(|mv| perft(game, &game.play(pos, mv), depth - 1))
        .sum()
}

/// The concrete game a variant names: the engine's half of [`Variant`] (the vocabulary
/// crate knows the ids, not the rules).
pub trait ToGame {
    fn to_game(self) -> AnyGame;
}

impl ToGame for Variant {
    fn to_game(self) -> AnyGame {
        match self.game {
            GameId::Push => AnyGame::Push(push::Push),
            GameId::ShuangCheng => AnyGame::ShuangCheng(shuangcheng::ShuangCheng),
            GameId::Maddell => AnyGame::Maddell(maddell::Maddell),
            GameId::Blockade => AnyGame::Blockade(blockade::Blockade {
                solidarity: self.solidarity,
            }),
            GameId::Cannon => AnyGame::Cannon(cannon::Cannon),
        }
    }
}

/// One of the five concrete games, for code that picks the game at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyGame {
    Push(push::Push),
    ShuangCheng(shuangcheng::ShuangCheng),
    Maddell(maddell::Maddell),
    Blockade(blockade::Blockade),
    Cannon(cannon::Cannon),
}

/// Runs `$body` with `$g` bound to the concrete game inside an [`AnyGame`], so that generic
/// code over [`Game`] is written once and monomorphised for each game.
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::games::AnyGame::Push($g) => $body,
            $crate::games::AnyGame::ShuangCheng($g) => $body,
            $crate::games::AnyGame::Maddell($g) => $body,
            $crate::games::AnyGame::Blockade($g) => $body,
            $crate::games::AnyGame::Cannon($g) => $body,
        }
    };
}

/// Random keys for Zobrist hashing, drawn from a fixed seed so that every build and platform
/// agrees. A game keeps its table in a `LazyLock`, drawn on first use.
pub fn zobrist_keys<const N: usize>(seed: u64) -> [u64; N] {
    use rand::Rng;
    let mut rng = crate::random::seeded(seed, 0);
    std::array::from_fn(|_| rng.random())
}

/// A Zobrist hash's share of one mask: the XOR of `keys[i]` for every bit i set in `mask`.
pub(crate) fn zobrist_of(mask: u64, keys: &[u64]) -> u64 {
    let mut h = 0;
    let mut rest = mask;
    while rest != 0 {
        h ^= keys[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    h
}

/// Adjacency masks from a board's segment list: bit q of `masks[p]` is set when a segment
/// joins p and q. Shared by the boards of up to 32 points.
pub(crate) const fn adjacency_masks<const N: usize>(segments: &[(u8, u8)]) -> [u32; N] {
    let mut masks = [0u32; N];
    let mut i = 0;
    while i < segments.len() {
        let (a, b) = segments[i];
        masks[a as usize] |= 1 << b;
        masks[b as usize] |= 1 << a;
        i += 1;
    }
    masks
}

/// One coordinate of a board, as its points' names spell it: a file's letter or a rank's
/// number (Blockade, Earthen Cannon), a row's letter or a diagonal's number (Push the Line).
/// Every point of such a board lies on two, and its name is their texts joined (checked by
/// `every_point_is_named_by_its_coordinates`): the app draws them along the board's edges,
/// so that a newcomer finds `C4` where the lessons, the moves list and the review name it.
/// The boards whose points have names of their own (Shuang Cheng's `tl`, Maddell's `b2`)
/// have none; the app writes each point's name beside it instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coordinate {
    pub text: &'static str,
    /// The points it names: bit i is point i.
    pub points: u64,
}

/// The coordinates of a grid whose point index is `file + files.len() × rank`: first the
/// files, then the ranks. `N` is their number together.
pub(crate) const fn grid_coordinates<const N: usize>(
    files: &[&'static str],
    ranks: &[&'static str],
) -> [Coordinate; N] {
    let mut out = [Coordinate {
        text: "",
        points: 0,
    }; N];
    let mut point = 0;
    while point < files.len() * ranks.len() {
        let (file, rank) = (point % files.len(), point / files.len());
        out[file].text = files[file];
        out[file].points |= 1 << point;
        out[files.len() + rank].text = ranks[rank];
        out[files.len() + rank].points |= 1 << point;
        point += 1;
    }
    out
}

/// Splits a position text into exactly `expected` fields separated by single spaces.
pub(crate) fn split_fields(text: &str, expected: usize) -> Result<Vec<&str>, PositionError> {
    let fields: Vec<&str> = text.split(' ').collect();
    if fields.len() != expected || fields.iter().any(|f| f.is_empty()) {
        return Err(PositionError::FieldCount {
            text: text.to_owned(),
            expected,
            found: text.split_whitespace().count(),
        });
    }
    Ok(fields)
}

/// Reads the side-to-move field.
pub(crate) fn parse_side(field: &str) -> Result<Side, PositionError> {
    Side::from_letter(field).ok_or_else(|| PositionError::SideToMove {
        field: field.to_owned(),
    })
}

/// Reads a board field of `len` points (at most 64), each `.` (empty) or one of the letters
/// `pieces`: for each letter, the set of the points holding it (bit i = point i, so a board
/// of n points fills the n low bits).
pub(crate) fn parse_board<const K: usize>(
    board: &str,
    len: usize,
    pieces: [char; K],
) -> Result<[u64; K], PositionError> {
    let chars: Vec<char> = board.chars().collect();
    if let Some(&bad) = chars.iter().find(|&&c| c != '.' && !pieces.contains(&c)) {
        return Err(PositionError::BoardChar {
            board: board.to_owned(),
            found: bad,
        });
    }
    if chars.len() != len {
        return Err(PositionError::BoardLength {
            board: board.to_owned(),
            expected: len,
            found: chars.len(),
        });
    }
    let mut sets = [0; K];
    for (point, c) in chars.iter().enumerate() {
        if let Some(k) = pieces.iter().position(|p| p == c) {
            sets[k] |= 1 << point;
        }
    }
    Ok(sets)
}

/// Reads the position text of the games written as their board of `x` and `o` and the side
/// to move (Push the Line, Blockade): each side's set and the side to move. A side with more
/// than `most` pieces is refused, `too_many` saying why.
pub(crate) fn parse_board_and_side(
    text: &str,
    len: usize,
    most: u32,
    too_many: &'static str,
) -> Result<([u64; 2], Side), PositionError> {
    let fields = split_fields(text, 2)?;
    let pieces = parse_board(fields[0], len, ['x', 'o'])?;
    let to_move = parse_side(fields[1])?;
    if pieces.iter().any(|p| p.count_ones() > most) {
        return Err(PositionError::Inconsistent {
            text: text.to_owned(),
            reason: too_many,
        });
    }
    Ok((pieces, to_move))
}

#[cfg(test)]
mod registry_tests {
    use super::*;

    #[test]
    fn every_variant_is_a_registered_game_once_and_every_game_has_its_plain_variant() {
        let plain: Vec<Variant> = GameId::ALL.map(Variant::plain).into();
        assert_eq!(
            Variant::ALL[..plain.len()],
            plain[..],
            "each game plain, first"
        );
        for (i, variant) in Variant::ALL.iter().enumerate() {
            assert!(GameId::ALL.contains(&variant.game), "{variant}");
            assert_eq!(Variant::parse(&variant.to_string()), Ok(*variant));
            assert!(!Variant::ALL[..i].contains(variant), "{variant} twice");
            assert_eq!(
                crate::with_game!(variant.to_game(), g => g.variant()),
                *variant
            );
        }
    }

    #[test]
    fn refusals_name_the_registry() {
        assert_eq!(
            VariantError::UnknownGame("chess".into()).to_string(),
            "unknown game 'chess' (expected push, shuangcheng, maddell, blockade or cannon)"
        );
        assert_eq!(
            VariantError::UnknownOption("push:x".into()).to_string(),
            "unknown rule option in 'push:x' (only blockade:solidarity exists)"
        );
    }

    /// A board's coordinates spell its points' names: each point lies on exactly two, and
    /// its name is the first's text and the second's joined (`C4`: row C, diagonal 4).
    #[test]
    fn every_point_is_named_by_its_coordinates() {
        let boards: [(&[Coordinate], &[&str]); 3] = [
            (&push::COORDINATES, &push::CELL_NAMES),
            (&blockade::COORDINATES, &blockade::POINT_NAMES),
            (&cannon::COORDINATES, &cannon::POINT_NAMES),
        ];
        for (coordinates, names) in boards {
            for (point, name) in names.iter().enumerate() {
                let on: Vec<&str> = coordinates
                    .iter()
                    .filter(|c| c.points & (1 << point) != 0)
                    .map(|c| c.text)
                    .collect();
                assert_eq!(on.concat(), *name, "point {point}: {on:?}");
            }
            let every = coordinates.iter().fold(0, |m, c| m | c.points);
            assert_eq!(
                every,
                (1u64 << names.len()) - 1,
                "no point beyond the board"
            );
        }
    }
}
