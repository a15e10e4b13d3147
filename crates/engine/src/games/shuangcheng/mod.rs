//! Line-Board Shuang Cheng: three pieces each and two shared pieces on a nine-point board.
//!
//! Rules: docs/rules/seeds/001_*.txt and docs/rules/games.md §2. The lock field records that the previous move moved a
//! shared piece, which bars the side to move from moving either shared piece.

mod geometry;
#[cfg(test)]
mod tests;

pub use geometry::{Point, ADJACENT, DRAW_AT, POINTS, POINT_NAMES, SEGMENTS};

use super::{
    parse_board, parse_side, split_fields, zobrist_keys, zobrist_of, EndReason, Game, GameId,
    MoveError, PositionError, Side, Status, Variant,
};
use std::sync::LazyLock;

/// The game has no options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ShuangCheng;

/// What stands on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    Own(Side),
    Shared,
}

/// A position: three occupancy masks over the nine points, the side to move and the lock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// `pieces[0]` = x, `pieces[1]` = o, bit i = point i in point order.
    pub pieces: [u16; 2],
    pub shared: u16,
    pub to_move: Side,
    /// The previous move moved a shared piece: the side to move may not move one now.
    pub locked: bool,
}

impl Position {
    pub fn piece_at(&self, point: Point) -> Option<Piece> {
        let bit = 1u16 << point;
        super::owner_of(self.pieces.map(u64::from), u64::from(bit))
            .map(Piece::Own)
            .or((self.shared & bit != 0).then_some(Piece::Shared))
    }

    fn occupied(&self) -> u16 {
        self.pieces[0] | self.pieces[1] | self.shared
    }
}

/// One step along a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Point,
    pub to: Point,
}

const PIECES_PER_SIDE: u32 = 3;
const SHARED_PIECES: u32 = 2;

/// Zobrist keys: 9 points × (x, o, shared), then side to move and lock.
static KEYS: LazyLock<[u64; 29]> = LazyLock::new(|| zobrist_keys(0x5C_2024));

impl Game for ShuangCheng {
    type Position = Position;
    type Move = Move;

    fn variant(&self) -> Variant {
        Variant::plain(GameId::ShuangCheng)
    }

    fn start_with(&self, first: Side) -> Position {
        let mask = |names: &[&str]| {
            names
                .iter()
                .filter_map(|n| geometry::point_from_name(n))
                .fold(0u16, |m, p| m | 1 << p)
        };
        Position {
            pieces: [mask(&["bl", "bh", "br"]), mask(&["tl", "th", "tr"])],
            shared: mask(&["l", "r"]),
            to_move: first,
            locked: false,
        }
    }

    fn side_to_move(&self, pos: &Position) -> Side {
        pos.to_move
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let empty = !pos.occupied() & 0x1FF;
        let mut movable = pos.pieces[pos.to_move.index()];
        if !pos.locked {
            movable |= pos.shared;
        }
        for from in 0..POINTS as u8 {
            if movable & (1 << from) == 0 {
                continue;
            }
            let targets = ADJACENT[from as usize] & u32::from(empty);
            for to in 0..POINTS as u8 {
                if targets & (1 << to) != 0 {
                    out.push(Move { from, to });
                }
            }
        }
    }

    fn play(&self, pos: &Position, mv: Move) -> Position {
        let (from, to) = (1u16 << mv.from, 1u16 << mv.to);
        let mut next = *pos;
        let moved_shared = pos.shared & from != 0;
        if moved_shared {
            next.shared ^= from | to;
        } else {
            next.pieces[pos.to_move.index()] ^= from | to;
        }
        next.locked = moved_shared;
        next.to_move = pos.to_move.opponent();
        next
    }

    fn skip_turn(&self, pos: &Position) -> Position {
        // Ruling: a turn lost to the timer counts as a move that moved no shared piece.
        Position {
            to_move: pos.to_move.opponent(),
            locked: false,
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
        let empty = !pos.occupied() & 0x1FF;
        let mut movable = pos.pieces[pos.to_move.index()];
        if !pos.locked {
            movable |= pos.shared;
        }
        (0..POINTS)
            .filter(|&p| movable & (1 << p) != 0)
            .map(|p| (ADJACENT[p] & u32::from(empty)).count_ones() as u64)
            .sum()
    }

    fn hash(&self, pos: &Position) -> u64 {
        let keys = &*KEYS;
        // x's, o's and the shared pieces: disjoint masks, each with its keys.
        let mut h = zobrist_of(u64::from(pos.pieces[0]), keys)
            ^ zobrist_of(u64::from(pos.pieces[1]), &keys[POINTS..])
            ^ zobrist_of(u64::from(pos.shared), &keys[2 * POINTS..]);
        if pos.to_move == Side::O {
            h ^= keys[27];
        }
        if pos.locked {
            h ^= keys[28];
        }
        h
    }

    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let fields = split_fields(text, 3)?;
        let [x, o, shared] = parse_board(fields[0], POINTS, ['x', 'o', 's'])?;
        let to_move = parse_side(fields[1])?;
        let locked = match fields[2] {
            "0" => false,
            "1" => true,
            other => {
                return Err(PositionError::Field {
                    name: "lock",
                    field: other.to_owned(),
                    expected: "0 or 1",
                })
            }
        };
        let pos = Position {
            pieces: [x as u16, o as u16],
            shared: shared as u16,
            to_move,
            locked,
        };
        if pos.pieces[0].count_ones() > PIECES_PER_SIDE
            || pos.pieces[1].count_ones() > PIECES_PER_SIDE
        {
            return Err(PositionError::Inconsistent {
                text: text.to_owned(),
                reason: "a side has more than 3 pieces",
            });
        }
        if pos.shared.count_ones() > SHARED_PIECES {
            return Err(PositionError::Inconsistent {
                text: text.to_owned(),
                reason: "more than 2 shared pieces",
            });
        }
        Ok(pos)
    }

    fn format_position(&self, pos: &Position) -> String {
        let board: String = (0..POINTS as u8)
            .map(|p| match pos.piece_at(p) {
                Some(Piece::Own(side)) => side.letter(),
                Some(Piece::Shared) => 's',
                None => '.',
            })
            .collect();
        format!(
            "{board} {} {}",
            pos.to_move.letter(),
            if pos.locked { '1' } else { '0' }
        )
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
            .ok_or_else(|| MoveError::malformed(text, "expected from-to, e.g. bh-c"))?;
        let from = geometry::point_from_name(from)
            .ok_or_else(|| MoveError::malformed(text, "unknown starting point"))?;
        let to = geometry::point_from_name(to)
            .ok_or_else(|| MoveError::malformed(text, "unknown destination point"))?;
        if ADJACENT[from as usize] & (1 << to) == 0 {
            return Err(MoveError::malformed(
                text,
                "the two points are not joined by a line",
            ));
        }
        Ok(())
    }

    fn material(&self, pos: &Position) -> [u32; 2] {
        [pos.pieces[0].count_ones(), pos.pieces[1].count_ones()]
    }
}
