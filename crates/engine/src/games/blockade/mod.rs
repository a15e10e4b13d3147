//! Two-or-Three-Step Blockade: seven pieces each on a 25-point board; every move is two or
//! three steps along a straight drawn line, and a side left without such a move loses.
//!
//! Rules: docs/rules/seeds/003_*.txt and docs/rules/games.md §4. The optional Solidarity rule is a property of the game
//! (`blockade:solidarity`), not of the position.

mod geometry;
#[cfg(test)]
mod tests;

pub use geometry::{
    long_move_path, point_from_name, LongMoves, Point, Ray, ADJACENT, ALL_POINTS, COORDINATES,
    DIRECTIONS, DRAW_AT, LONG_MOVES, POINTS, POINT_NAMES, RAYS, SEGMENTS,
};

use super::{
    parse_board_and_side, zobrist_keys, zobrist_of, EndReason, Game, GameId, MoveError,
    PositionError, Side, Status, Variant,
};
use std::sync::LazyLock;

/// The rules, with or without the Solidarity option.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Blockade {
    pub solidarity: bool,
}

/// A position: one occupancy mask per side and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// `pieces[0]` = x, `pieces[1]` = o, bit i = point i in point order.
    pub pieces: [u32; 2],
    pub to_move: Side,
}

impl Position {
    pub fn piece_at(&self, point: Point) -> Option<Side> {
        super::owner_of(self.pieces.map(u64::from), 1 << point)
    }

    pub fn occupied(&self) -> u32 {
        self.pieces[0] | self.pieces[1]
    }
}

/// One piece going two or three steps along a straight line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Point,
    pub to: Point,
}

const PIECES_PER_SIDE: u32 = 7;

/// Zobrist keys: 25 points × (x, o), then side to move.
static KEYS: LazyLock<[u64; 2 * POINTS + 1]> = LazyLock::new(|| zobrist_keys(0xB10C_ADE5));

impl Blockade {
    /// Calls `visit` for every legal move; shared by listing and counting so they cannot
    /// disagree.
    #[inline]
    pub fn for_each_move(&self, pos: &Position, mut visit: impl FnMut(Move)) {
        let occupied = pos.occupied();
        let mut movers = pos.pieces[pos.to_move.index()];
        while movers != 0 {
            let from = movers.trailing_zeros() as usize;
            movers &= movers - 1;
            // Solidarity: a piece with no neighbour stays put, and its end point must touch
            // another piece. The point it leaves never touches its end point (a straight
            // move of two or more steps), so `others` only drops the mover for clarity.
            let others = occupied & !(1 << from);
            if self.solidarity && ADJACENT[from] & others == 0 {
                continue;
            }
            let moves = &LONG_MOVES[from];
            for i in 0..moves.len as usize {
                if moves.path[i] & occupied != 0 {
                    continue;
                }
                let to = moves.to[i];
                if self.solidarity && ADJACENT[to as usize] & others == 0 {
                    continue;
                }
                visit(Move {
                    from: from as Point,
                    to,
                });
            }
        }
    }
}

impl Game for Blockade {
    type Position = Position;
    type Move = Move;

    fn variant(&self) -> Variant {
        Variant {
            game: GameId::Blockade,
            solidarity: self.solidarity,
        }
    }

    fn start_with(&self, first: Side) -> Position {
        let mask = |names: &[&str]| {
            names
                .iter()
                .filter_map(|n| point_from_name(n))
                .fold(0u32, |m, p| m | 1 << p)
        };
        Position {
            pieces: [
                mask(&["a1", "b1", "c1", "d1", "e1", "a2", "e2"]),
                mask(&["a5", "b5", "c5", "d5", "e5", "a4", "e4"]),
            ],
            to_move: first,
        }
    }

    fn side_to_move(&self, pos: &Position) -> Side {
        pos.to_move
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        self.for_each_move(pos, |mv| out.push(mv));
    }

    fn play(&self, pos: &Position, mv: Move) -> Position {
        let mut next = *pos;
        next.pieces[pos.to_move.index()] ^= (1 << mv.from) | (1 << mv.to);
        next.to_move = pos.to_move.opponent();
        next
    }

    fn skip_turn(&self, pos: &Position) -> Position {
        Position {
            to_move: pos.to_move.opponent(),
            ..*pos
        }
    }

    fn status(&self, pos: &Position) -> Status {
        if self.count_moves(pos) == 0 {
            Status::Win(pos.to_move.opponent(), EndReason::NoMove)
        } else {
            Status::Ongoing
        }
    }

    fn count_moves(&self, pos: &Position) -> u64 {
        let mut count = 0;
        self.for_each_move(pos, |_| count += 1);
        count
    }

    fn hash(&self, pos: &Position) -> u64 {
        let keys = &*KEYS;
        let mut h = 0;
        for (&mask, side_keys) in pos.pieces.iter().zip(keys.chunks_exact(POINTS)) {
            h ^= zobrist_of(u64::from(mask), side_keys);
        }
        if pos.to_move == Side::O {
            h ^= keys[2 * POINTS];
        }
        h
    }

    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let (pieces, to_move) = parse_board_and_side(
            text,
            POINTS,
            PIECES_PER_SIDE,
            "a side has more than 7 pieces",
        )?;
        Ok(Position {
            pieces: pieces.map(|p| p as u32),
            to_move,
        })
    }

    fn format_position(&self, pos: &Position) -> String {
        let board: String = (0..POINTS as u8)
            .map(|p| pos.piece_at(p).map_or('.', Side::letter))
            .collect();
        format!("{board} {}", pos.to_move.letter())
    }

    fn format_move(&self, mv: Move) -> String {
        format!(
            "{}-{}",
            POINT_NAMES[mv.from as usize], POINT_NAMES[mv.to as usize]
        )
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError> {
        let (from, to) = text
            .split_once('-')
            .ok_or_else(|| MoveError::malformed(text, "expected from-to, e.g. a2-a4"))?;
        let from = point_from_name(from)
            .ok_or_else(|| MoveError::malformed(text, "unknown starting point"))?;
        let to = point_from_name(to)
            .ok_or_else(|| MoveError::malformed(text, "unknown destination point"))?;
        if long_move_path(from, to).is_none() {
            return Err(MoveError::malformed(
                text,
                "the points are not two or three steps apart on one straight line",
            ));
        }
        Ok(())
    }

    fn material(&self, pos: &Position) -> [u32; 2] {
        [pos.pieces[0].count_ones(), pos.pieces[1].count_ones()]
    }
}
