//! Sixpenny Maddell: six pieces each on three nested triangles; place, then slide; a mill
//! takes a piece; a side left with two pieces, or with no slide, loses.
//!
//! Rules: docs/rules/seeds/002_*.txt and docs/rules/games.md §3. Each side places while it still has pieces in hand and
//! slides once its hand is empty, independently of the other side's hand.

mod geometry;
#[cfg(test)]
mod tests;

pub use geometry::{
    Point, ADJACENT, ALL_POINTS, DRAW_AT, DRAW_GRID, MILLS, MILLS_THROUGH, MILL_POINTS, POINTS,
    POINT_NAMES, SEGMENTS,
};

use super::{
    parse_board, parse_side, split_fields, zobrist_keys, zobrist_of, EndReason, Game, GameId,
    MoveError, PositionError, Side, Status, Variant,
};
use rand::Rng;
use std::sync::LazyLock;

/// The game has no options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Maddell;

/// A position: an occupancy mask per side, the pieces each side still holds, the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// `pieces[0]` = x, `pieces[1]` = o, bit i = point i in point order.
    pub pieces: [u32; 2],
    /// Pieces not yet placed: `hand[0]` = x, `hand[1]` = o.
    pub hand: [u8; 2],
    pub to_move: Side,
}

impl Position {
    pub fn piece_at(&self, point: Point) -> Option<Side> {
        super::owner_of(self.pieces.map(u64::from), 1 << point)
    }

    pub fn empty(&self) -> u32 {
        ALL_POINTS & !(self.pieces[0] | self.pieces[1])
    }

    /// Pieces in hand plus on the board: what the two-piece loss rule counts.
    pub fn total(&self, side: Side) -> u32 {
        self.hand[side.index()] as u32 + self.pieces[side.index()].count_ones()
    }

    /// Whether `side` slides (its hand is empty) rather than places.
    pub fn is_sliding(&self, side: Side) -> bool {
        self.hand[side.index()] == 0
    }

    /// Puts pieces of `side` on empty points drawn from `rng`, each as likely, until `side`
    /// has `count` (at most the empty points) on the board: the random positions of the
    /// puzzles and the tests.
    pub fn place_at_random(&mut self, side: Side, count: u32, rng: &mut impl Rng) {
        while self.pieces[side.index()].count_ones() < count {
            let point = rng.random_range(0..POINTS as u32);
            if self.empty() & 1 << point != 0 {
                self.pieces[side.index()] |= 1 << point;
            }
        }
    }
}

/// A placement (`from` is `None`) or a slide, and the opposing piece it takes, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Option<Point>,
    pub to: Point,
    pub take: Option<Point>,
}

const PIECES_PER_SIDE: u32 = 6;

/// Below this many pieces (hand plus board) a side can never form a mill again, and loses.
const FEWEST_PIECES: u32 = 3;

/// Zobrist keys: 18 points × (x, o), then side to move, then x's hand 0–6 and o's hand 0–6.
static KEYS: LazyLock<[u64; 2 * POINTS + 1 + 2 * 7]> = LazyLock::new(|| zobrist_keys(0x4D41_4444));
const SIDE_KEY: usize = 2 * POINTS;
const HAND_KEYS: usize = 2 * POINTS + 1;

/// Iterates the set bits of a mask as points.
fn points_of(mut mask: u32) -> impl Iterator<Item = Point> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let point = mask.trailing_zeros() as Point;
        mask &= mask - 1;
        Some(point)
    })
}

/// Whether `own` (after the move) completes a mill through the destination `to`.
fn completes_mill(own: u32, to: Point) -> bool {
    let [first, second] = MILLS_THROUGH[to as usize];
    own & first == first || own & second == second
}

/// The opposing pieces a mill may take: those outside mills, or all of them if none is.
fn takeable(opp: u32) -> u32 {
    let in_mills = MILLS
        .iter()
        .filter(|&&mill| opp & mill == mill)
        .fold(0, |acc, &mill| acc | mill);
    let free = opp & !in_mills;
    if free != 0 {
        free
    } else {
        opp
    }
}

impl Maddell {
    /// The two-piece rule has ended the game (for either side).
    fn is_decided(pos: &Position) -> bool {
        pos.total(Side::X) < FEWEST_PIECES || pos.total(Side::O) < FEWEST_PIECES
    }

    /// Calls `visit(from, to, forms_mill)` for every placement or slide, before captures.
    #[inline]
    fn for_each_step(pos: &Position, mut visit: impl FnMut(Option<Point>, Point, bool)) {
        let own = pos.pieces[pos.to_move.index()];
        let empty = pos.empty();
        if pos.is_sliding(pos.to_move) {
            for from in points_of(own) {
                let without = own & !(1 << from);
                for to in points_of(ADJACENT[from as usize] & empty) {
                    visit(Some(from), to, completes_mill(without | 1 << to, to));
                }
            }
        } else {
            for to in points_of(empty) {
                visit(None, to, completes_mill(own | 1 << to, to));
            }
        }
    }
}

impl Game for Maddell {
    type Position = Position;
    type Move = Move;

    fn variant(&self) -> Variant {
        Variant::plain(GameId::Maddell)
    }

    fn start_with(&self, first: Side) -> Position {
        Position {
            pieces: [0, 0],
            hand: [PIECES_PER_SIDE as u8; 2],
            to_move: first,
        }
    }

    fn side_to_move(&self, pos: &Position) -> Side {
        pos.to_move
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        if Self::is_decided(pos) {
            return;
        }
        // The opponent's pieces do not change before the take, so neither does what is takeable.
        let takeable = takeable(pos.pieces[pos.to_move.opponent().index()]);
        Self::for_each_step(pos, |from, to, forms_mill| {
            if forms_mill && takeable != 0 {
                out.extend(points_of(takeable).map(|take| Move {
                    from,
                    to,
                    take: Some(take),
                }));
            } else {
                out.push(Move {
                    from,
                    to,
                    take: None,
                });
            }
        });
    }

    fn count_moves(&self, pos: &Position) -> u64 {
        if Self::is_decided(pos) {
            return 0;
        }
        let takes =
            (takeable(pos.pieces[pos.to_move.opponent().index()]).count_ones() as u64).max(1);
        let mut count = 0;
        Self::for_each_step(pos, |_, _, forms_mill| {
            count += if forms_mill { takes } else { 1 };
        });
        count
    }

    fn play(&self, pos: &Position, mv: Move) -> Position {
        let me = pos.to_move.index();
        let mut next = *pos;
        match mv.from {
            Some(from) => next.pieces[me] &= !(1 << from),
            None => next.hand[me] -= 1,
        }
        next.pieces[me] |= 1 << mv.to;
        if let Some(take) = mv.take {
            next.pieces[1 - me] &= !(1 << take);
        }
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
        let mover = pos.to_move;
        // Both sides can be down to two only in a set-up text; the side to move is checked first.
        if pos.total(mover) < FEWEST_PIECES {
            return Status::Win(mover.opponent(), EndReason::TwoLeft);
        }
        if pos.total(mover.opponent()) < FEWEST_PIECES {
            return Status::Win(mover, EndReason::TwoLeft);
        }
        // A side that still places always has an empty point (at most 12 pieces on 18 points).
        if pos.is_sliding(mover) && self.count_moves(pos) == 0 {
            return Status::Win(mover.opponent(), EndReason::NoMove);
        }
        Status::Ongoing
    }

    fn hash(&self, pos: &Position) -> u64 {
        let keys = &*KEYS;
        let mut h = 0;
        for (side, &mask) in pos.pieces.iter().enumerate() {
            h ^= zobrist_of(u64::from(mask), &keys[side * POINTS..]);
        }
        if pos.to_move == Side::O {
            h ^= keys[SIDE_KEY];
        }
        h ^= keys[HAND_KEYS + pos.hand[0] as usize];
        h ^= keys[HAND_KEYS + 7 + pos.hand[1] as usize];
        h
    }

    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let fields = split_fields(text, 4)?;
        let [x, o] = parse_board(fields[0], POINTS, ['x', 'o'])?;
        let to_move = parse_side(fields[1])?;
        let hand = |name: &'static str, field: &str| match field.as_bytes() {
            [digit @ b'0'..=b'9'] => Ok(digit - b'0'),
            _ => Err(PositionError::Field {
                name,
                field: field.to_owned(),
                expected: "one digit",
            }),
        };
        let pos = Position {
            pieces: [x as u32, o as u32],
            hand: [hand("x hand", fields[2])?, hand("o hand", fields[3])?],
            to_move,
        };
        if pos.total(Side::X) > PIECES_PER_SIDE || pos.total(Side::O) > PIECES_PER_SIDE {
            return Err(PositionError::Inconsistent {
                text: text.to_owned(),
                reason: "a side has more than 6 pieces in hand and on the board",
            });
        }
        Ok(pos)
    }

    fn format_position(&self, pos: &Position) -> String {
        let board: String = (0..POINTS as Point)
            .map(|p| pos.piece_at(p).map_or('.', Side::letter))
            .collect();
        format!(
            "{board} {} {} {}",
            pos.to_move.letter(),
            pos.hand[0],
            pos.hand[1]
        )
    }

    fn format_move(&self, mv: Move) -> String {
        let mut text = String::with_capacity(8);
        if let Some(from) = mv.from {
            text.push_str(POINT_NAMES[from as usize]);
            text.push('-');
        }
        text.push_str(POINT_NAMES[mv.to as usize]);
        if let Some(take) = mv.take {
            text.push('x');
            text.push_str(POINT_NAMES[take as usize]);
        }
        text
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError> {
        // No point name contains `x` or `-`, so splitting on them is unambiguous.
        let (step, take) = match text.split_once('x') {
            Some((step, take)) => (step, Some(take)),
            None => (text, None),
        };
        let (from, to) = match step.split_once('-') {
            Some((from, to)) => (Some(from), to),
            None => (None, step),
        };
        let from = from
            .map(|name| {
                geometry::point_from_name(name)
                    .ok_or_else(|| MoveError::malformed(text, "unknown starting point"))
            })
            .transpose()?;
        let to = geometry::point_from_name(to).ok_or_else(|| {
            MoveError::malformed(
                text,
                "expected a point (b2), a slide (a1-a2), then maybe x and a point",
            )
        })?;
        if let Some(from) = from {
            if ADJACENT[from as usize] & (1 << to) == 0 {
                return Err(MoveError::malformed(
                    text,
                    "the two points are not joined by a line",
                ));
            }
        }
        if let Some(take) = take {
            let take = geometry::point_from_name(take)
                .ok_or_else(|| MoveError::malformed(text, "unknown point to take"))?;
            // After the move the destination holds the mover's piece and the origin is empty.
            if take == to || Some(take) == from {
                return Err(MoveError::malformed(
                    text,
                    "the piece taken must be an opposing piece elsewhere",
                ));
            }
        }
        Ok(())
    }

    fn material(&self, pos: &Position) -> [u32; 2] {
        [pos.total(Side::X), pos.total(Side::O)]
    }
}
