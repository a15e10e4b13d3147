//! Earthen Cannon Chess: 3 cannons against 15 soldiers on a 5 × 6 board.
//!
//! Rules: docs/rules/seeds/004_*.txt and docs/rules/games.md §5. Cannons fire along a rank or file across exactly one
//! empty point; soldiers only step, and remove a cannon by filling every point next to it.
//! The decided field records a result that the last move settled but the board cannot show
//! (a platform soldier captured, or the cannons failing to capture the last soldiers on the
//! platforms).

mod geometry;
#[cfg(test)]
mod tests;

pub use geometry::{
    file_of, point_from_name, rank_of, Direction, Point, ADJACENT, BOARD, COORDINATES, DIAGONALS,
    DRAW_AT, FILES, LINES, LINE_COUNT, OFF_BOARD, PLATFORMS, POINTS, POINT_NAMES, RANKS, STEP,
};

use super::{
    parse_board, parse_side, split_fields, zobrist_keys, zobrist_of, EndReason, Game, GameId,
    MoveError, PositionError, Side, Status, Variant,
};
use std::sync::LazyLock;

/// The game has no options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cannon;

/// A position: one occupancy mask per side, the side to move and the decided field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Bit i = a cannon (side `x`) on point i in point order.
    pub cannons: u32,
    /// Bit i = a soldier (side `o`) on point i.
    pub soldiers: u32,
    pub to_move: Side,
    /// The winner that the last move settled, if the board alone cannot show it.
    pub decided: Option<Side>,
}

impl Position {
    /// The side whose piece stands on `point`: `X` for a cannon, `O` for a soldier.
    pub fn piece_at(&self, point: Point) -> Option<Side> {
        super::owner_of([self.cannons, self.soldiers].map(u64::from), 1 << point)
    }

    pub fn occupied(&self) -> u32 {
        self.cannons | self.soldiers
    }

    pub fn empty(&self) -> u32 {
        !self.occupied() & BOARD
    }

    /// One or two soldiers left, all on platforms: the cannons' next move must capture one.
    pub fn last_soldiers_on_platforms(&self) -> bool {
        matches!(self.soldiers.count_ones(), 1 | 2) && self.soldiers & !PLATFORMS == 0
    }

    /// A result that needs no look at the legal moves: the winner and the rule.
    fn settled(&self) -> Option<(Side, EndReason)> {
        match self.decided {
            // The decided field: the cannons' last move captured on a platform, or failed
            // to capture the last soldiers standing on platforms.
            Some(Side::X) => Some((Side::X, EndReason::PlatformCapture)),
            Some(Side::O) => Some((Side::O, EndReason::LastSoldiersHeld)),
            None if self.cannons == 0 => Some((Side::O, EndReason::CannonsGone)),
            None if self.soldiers == 0 => Some((Side::X, EndReason::SoldiersGone)),
            None if self.soldiers & PLATFORMS == PLATFORMS => {
                Some((Side::O, EndReason::PlatformsHeld))
            }
            None => None,
        }
    }
}

/// A step along a line (`b6-b5`) or a cannon capture (`c6xc3`, landing on the soldier taken).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Point,
    pub to: Point,
    pub capture: bool,
}

impl Move {
    /// Captures are ordered first by the AI and drawn apart from steps by the UI.
    pub fn is_capture(self) -> bool {
        self.capture
    }
}

const CANNONS: u32 = 3;
const SOLDIERS: u32 = 15;

/// Zobrist keys: 30 points × (cannon, soldier), then side to move, decided `x`, decided `o`.
static KEYS: LazyLock<[u64; 2 * POINTS + 3]> = LazyLock::new(|| zobrist_keys(0xCA_2024));
const KEY_O_TO_MOVE: usize = 2 * POINTS;
const KEY_DECIDED_X: usize = 2 * POINTS + 1;
const KEY_DECIDED_O: usize = 2 * POINTS + 2;

/// Where a cannon on `from` firing in `dir` lands, if it can capture that way: pass over the
/// pieces next to it, and at the first empty point the next point must hold a soldier.
#[inline]
pub fn capture_target(pos: &Position, from: Point, dir: Direction) -> Option<Point> {
    let ray = &STEP[dir as usize];
    let occupied = pos.occupied();
    let mut gap = ray[from as usize];
    while gap != OFF_BOARD && occupied & (1 << gap) != 0 {
        gap = ray[gap as usize];
    }
    if gap == OFF_BOARD {
        return None;
    }
    let target = ray[gap as usize];
    (target != OFF_BOARD && pos.soldiers & (1 << target) != 0).then_some(target)
}

/// Removes, all together, every cannon whose neighbours along lines are all occupied.
fn remove_boxed_cannons(pos: &mut Position) {
    let empty = pos.empty();
    let mut boxed = 0;
    let mut rest = pos.cannons;
    while rest != 0 {
        let p = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if ADJACENT[p] & empty == 0 {
            boxed |= 1 << p;
        }
    }
    pos.cannons &= !boxed;
}

impl Game for Cannon {
    type Position = Position;
    type Move = Move;

    fn variant(&self) -> Variant {
        Variant::plain(GameId::Cannon)
    }

    fn start_with(&self, first: Side) -> Position {
        // Soldiers fill ranks 1-3; cannons stand on the platforms.
        Position {
            cannons: PLATFORMS,
            soldiers: (1 << (3 * FILES)) - 1,
            to_move: first,
            decided: None,
        }
    }

    fn side_to_move(&self, pos: &Position) -> Side {
        pos.to_move
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        if pos.settled().is_some() {
            return;
        }
        let empty = pos.empty();
        let own = match pos.to_move {
            Side::X => pos.cannons,
            Side::O => pos.soldiers,
        };
        let mut rest = own;
        while rest != 0 {
            let from = rest.trailing_zeros() as Point;
            rest &= rest - 1;
            let mut targets = ADJACENT[from as usize] & empty;
            while targets != 0 {
                let to = targets.trailing_zeros() as Point;
                targets &= targets - 1;
                out.push(Move {
                    from,
                    to,
                    capture: false,
                });
            }
            if pos.to_move == Side::X {
                for dir in Direction::ALL {
                    if let Some(to) = capture_target(pos, from, dir) {
                        out.push(Move {
                            from,
                            to,
                            capture: true,
                        });
                    }
                }
            }
        }
    }

    fn play(&self, pos: &Position, mv: Move) -> Position {
        let (from, to) = (1u32 << mv.from, 1u32 << mv.to);
        let mut next = *pos;
        next.decided = None;
        match pos.to_move {
            Side::X => {
                next.cannons ^= from | to;
                if pos.soldiers & to != 0 {
                    next.soldiers &= !to;
                    if PLATFORMS & to != 0 {
                        next.decided = Some(Side::X);
                    }
                } else if pos.last_soldiers_on_platforms() {
                    next.decided = Some(Side::O);
                }
            }
            Side::O => next.soldiers ^= from | to,
        }
        remove_boxed_cannons(&mut next);
        next.to_move = pos.to_move.opponent();
        next
    }

    fn skip_turn(&self, pos: &Position) -> Position {
        // A lost turn is the cannons' next move failing to capture the last soldiers on the
        // platforms, just like a move that captures nothing. The board does not change, so no
        // cannon can have become boxed in.
        let failed_to_capture = pos.to_move == Side::X && pos.last_soldiers_on_platforms();
        Position {
            to_move: pos.to_move.opponent(),
            decided: failed_to_capture.then_some(Side::O),
            ..*pos
        }
    }

    fn status(&self, pos: &Position) -> Status {
        if let Some((winner, reason)) = pos.settled() {
            return Status::Win(winner, reason);
        }
        if self.count_moves(pos) > 0 {
            Status::Ongoing
        } else if pos.to_move == Side::X && pos.last_soldiers_on_platforms() {
            // As docs/rules/games.md states it, though no board reaches it: with only one or two soldiers,
            // all on rank 6, the lowest cannon always has an empty neighbour.
            Status::Win(Side::O, EndReason::LastSoldiersHeld)
        } else {
            Status::Draw(EndReason::NoMove)
        }
    }

    fn count_moves(&self, pos: &Position) -> u64 {
        if pos.settled().is_some() {
            return 0;
        }
        let empty = pos.empty();
        let own = match pos.to_move {
            Side::X => pos.cannons,
            Side::O => pos.soldiers,
        };
        let mut count = 0;
        let mut rest = own;
        while rest != 0 {
            let from = rest.trailing_zeros() as Point;
            rest &= rest - 1;
            count += (ADJACENT[from as usize] & empty).count_ones() as u64;
            if pos.to_move == Side::X {
                count += Direction::ALL
                    .into_iter()
                    .filter(|&dir| capture_target(pos, from, dir).is_some())
                    .count() as u64;
            }
        }
        count
    }

    fn hash(&self, pos: &Position) -> u64 {
        let keys = &*KEYS;
        let mut h = 0;
        for (mask, base) in [(pos.cannons, 0), (pos.soldiers, POINTS)] {
            h ^= zobrist_of(u64::from(mask & BOARD), &keys[base..]);
        }
        if pos.to_move == Side::O {
            h ^= keys[KEY_O_TO_MOVE];
        }
        match pos.decided {
            Some(Side::X) => h ^= keys[KEY_DECIDED_X],
            Some(Side::O) => h ^= keys[KEY_DECIDED_O],
            None => {}
        }
        h
    }

    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let fields = split_fields(text, 3)?;
        let [cannons, soldiers] = parse_board(fields[0], POINTS, ['x', 'o'])?;
        let to_move = parse_side(fields[1])?;
        let decided = match fields[2] {
            "-" => None,
            "x" => Some(Side::X),
            "o" => Some(Side::O),
            other => {
                return Err(PositionError::Field {
                    name: "decided",
                    field: other.to_owned(),
                    expected: "x, o or -",
                })
            }
        };
        let pos = Position {
            cannons: cannons as u32,
            soldiers: soldiers as u32,
            to_move,
            decided,
        };
        if pos.cannons.count_ones() > CANNONS {
            return Err(PositionError::Inconsistent {
                text: text.to_owned(),
                reason: "more than 3 cannons",
            });
        }
        if pos.soldiers.count_ones() > SOLDIERS {
            return Err(PositionError::Inconsistent {
                text: text.to_owned(),
                reason: "more than 15 soldiers",
            });
        }
        Ok(pos)
    }

    fn format_position(&self, pos: &Position) -> String {
        let board: String = (0..POINTS as Point)
            .map(|p| pos.piece_at(p).map_or('.', Side::letter))
            .collect();
        let decided = match pos.decided {
            Some(side) => side.letter(),
            None => '-',
        };
        format!("{board} {} {decided}", pos.to_move.letter())
    }

    fn format_move(&self, mv: Move) -> String {
        format!(
            "{}{}{}",
            POINT_NAMES[mv.from as usize],
            if mv.capture { 'x' } else { '-' },
            POINT_NAMES[mv.to as usize]
        )
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError> {
        // Point names use only a-e and 1-6, so the first '-' or 'x' is the separator.
        let at = text.find(['-', 'x']).ok_or_else(|| {
            MoveError::malformed(
                text,
                "expected from-to (step) or fromxto (capture), e.g. b6-b5",
            )
        })?;
        let capture = text[at..].starts_with('x');
        let from = point_from_name(&text[..at])
            .ok_or_else(|| MoveError::malformed(text, "unknown starting point"))?;
        let to = point_from_name(&text[at + 1..])
            .ok_or_else(|| MoveError::malformed(text, "unknown destination point"))?;
        if capture {
            let same_file = file_of(from) == file_of(to);
            let same_rank = rank_of(from) == rank_of(to);
            let distance =
                file_of(from).abs_diff(file_of(to)) + rank_of(from).abs_diff(rank_of(to));
            if !(same_file || same_rank) {
                return Err(MoveError::malformed(
                    text,
                    "a capture runs along a rank or a file",
                ));
            }
            if distance < 2 {
                return Err(MoveError::malformed(
                    text,
                    "a capture lands at least two points away",
                ));
            }
        } else if ADJACENT[from as usize] & (1 << to) == 0 {
            return Err(MoveError::malformed(
                text,
                "a step joins two points next to each other on a line",
            ));
        }
        Ok(())
    }

    fn material(&self, pos: &Position) -> [u32; 2] {
        [pos.cannons.count_ones(), pos.soldiers.count_ones()]
    }
}
