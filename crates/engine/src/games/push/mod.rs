//! Push the Line · Standoff: groups of up to three pieces push smaller opposing runs across a
//! 61-cell hexagon; the first side to push six opposing pieces off the board wins.
//!
//! Rules: docs/rules/seeds/000_*.txt and docs/rules/games.md §1. A side with no move plays `pass`; there is no draw.

mod geometry;
mod movegen;
#[cfg(test)]
mod tests;

pub use geometry::{
    bit, cell_at, cell_from_name, shift_dir, Cell, Dir, BOARD, CELLS, CELL_NAMES, COORDINATES,
    DIAGONAL, DRAW_AT, DRAW_ROW_HEIGHT, EDGE, LINKS, LINK_COUNT, NEIGHBOUR, NO_CELL, ROW,
    ROW_FIRST_DIAGONAL, ROW_START,
};

use super::{
    parse_board_and_side, zobrist_keys, zobrist_of, EndReason, Game, GameId, MoveError,
    PositionError, Side, Status, Variant,
};
use movegen::{generate, has_move, Counter, Lister};
use std::sync::LazyLock;

/// The game has no options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Push;

/// Pieces each side starts with.
pub const PIECES_PER_SIDE: u32 = 14;

/// Pushing this many opposing pieces off the board wins.
pub const PUSH_OFFS_TO_WIN: u32 = 6;

/// A side with this many pieces or fewer on the board has lost.
const LOSING_COUNT: u32 = PIECES_PER_SIDE - PUSH_OFFS_TO_WIN;

/// A position: one bitboard per side over the cells in point order, and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// `pieces[0]` = x, `pieces[1]` = o; bit i = cell i in point order.
    pub pieces: [u64; 2],
    pub to_move: Side,
}

impl Position {
    pub fn piece_at(&self, cell: Cell) -> Option<Side> {
        super::owner_of(self.pieces, bit(cell))
    }

    pub fn empty(&self) -> u64 {
        BOARD & !(self.pieces[0] | self.pieces[1])
    }

    /// How many of `side`'s pieces have been pushed off the board.
    pub fn pushed_off(&self, side: Side) -> u32 {
        PIECES_PER_SIDE.saturating_sub(self.pieces[side.index()].count_ones())
    }
}

/// A move: a group of one to three own pieces stepping one cell, or `pass` when nothing else
/// is legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Pass,
    /// `len` pieces from `first` (the group's first cell in point order) along `line` (E, NE
    /// or NW; always E for a single piece, so that each move has one representation), each
    /// stepping one cell toward `dir`. In line when `dir` runs along `line`, else broadside.
    Group {
        first: Cell,
        len: u8,
        line: Dir,
        dir: Dir,
    },
}

impl Move {
    /// A single piece stepping toward `dir`.
    pub fn single(cell: Cell, dir: Dir) -> Move {
        Move::Group {
            first: cell,
            len: 1,
            line: Dir::E,
            dir,
        }
    }

    /// The group on `cells` (one to three cells in a straight line without gaps) stepping
    /// toward `dir`, legal or not; `None` for any other set of cells. What a board spells
    /// from a learner's taps before the rules judge it (a lesson explains a refused move).
    pub fn group(cells: u64, dir: Dir) -> Option<Move> {
        let len = cells.count_ones();
        if !(1..=3).contains(&len) {
            return None;
        }
        let first = cells.trailing_zeros() as Cell;
        if len == 1 {
            return Some(Move::single(first, dir));
        }
        Dir::LINES.into_iter().find_map(|line| {
            let mv = Move::Group {
                first,
                len: len as u8,
                line,
                dir,
            };
            (mv.cells() == cells).then_some(mv)
        })
    }

    /// The group's cells (none for `pass`).
    pub fn cells(self) -> u64 {
        match self {
            Move::Pass => 0,
            Move::Group {
                first, len, line, ..
            } => {
                let second = step(first, line);
                let mut cells = bit(first);
                if len >= 2 {
                    cells |= bit(second);
                }
                if len >= 3 {
                    cells |= bit(step(second, line));
                }
                cells
            }
        }
    }

    /// The cells the group occupies after the move.
    pub fn destinations(self) -> u64 {
        match self {
            Move::Pass => 0,
            Move::Group { dir, .. } => shift_dir(self.cells(), dir),
        }
    }

    /// Moving along the group's own line (the only kind of move that can push). A single
    /// piece counts as in line in every direction, though it never pushes.
    pub fn is_inline(self) -> bool {
        match self {
            Move::Pass => false,
            Move::Group { len, line, dir, .. } => len == 1 || dir.line() == line,
        }
    }

    /// For an in-line move: (the group's trailing cell, its leading cell).
    fn ends(first: Cell, len: u8, line: Dir, dir: Dir) -> (Cell, Cell) {
        let mut last = first;
        for _ in 1..len {
            last = step(last, line);
        }
        if dir == line {
            (first, last)
        } else {
            (last, first)
        }
    }
}

/// What an in-line move does to the opposing side, for the painter and move ordering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shove {
    /// The opposing run that moves one cell (including a piece pushed off).
    pub shoved: u64,
    /// The opposing piece pushed off the board, if the run was at the rim.
    pub pushed_off: Option<Cell>,
}

#[inline(always)]
fn step(cell: Cell, dir: Dir) -> Cell {
    NEIGHBOUR[dir.index()]
        .get(cell as usize)
        .copied()
        .unwrap_or(NO_CELL)
}

/// Zobrist keys: 61 cells × (x, o), then o to move.
static KEYS: LazyLock<[u64; 2 * CELLS + 1]> = LazyLock::new(|| zobrist_keys(0x9E5_0061));

impl Push {
    /// The cell ahead of the group's leading cell when `mv` is an in-line group move: the cell
    /// it moves into or the first cell of the run it pushes.
    fn target(mv: Move) -> Option<Cell> {
        match mv {
            Move::Group {
                first,
                len,
                line,
                dir,
            } if len > 1 && dir.line() == line => {
                let (_, head) = Move::ends(first, len, line, dir);
                Some(step(head, dir))
            }
            _ => None,
        }
    }

    /// Whether a legal `mv` shoves opposing pieces. Cheap: a couple of table look-ups.
    pub fn is_push(&self, pos: &Position, mv: Move) -> bool {
        Push::target(mv).is_some_and(|t| pos.pieces[pos.to_move.opponent().index()] & bit(t) != 0)
    }

    /// The opposing pieces a legal `mv` shoves, or `None` when it shoves nobody.
    pub fn shove(&self, pos: &Position, mv: Move) -> Option<Shove> {
        let Move::Group { dir, .. } = mv else {
            return None;
        };
        let opp = pos.pieces[pos.to_move.opponent().index()];
        let mut cell = Push::target(mv).filter(|&t| opp & bit(t) != 0)?;
        let mut shoved = bit(cell);
        loop {
            let next = step(cell, dir);
            if next == NO_CELL {
                return Some(Shove {
                    shoved,
                    pushed_off: Some(cell),
                });
            }
            if opp & bit(next) == 0 {
                return Some(Shove {
                    shoved,
                    pushed_off: None,
                });
            }
            shoved |= bit(next);
            cell = next;
        }
    }
}

impl Game for Push {
    type Position = Position;
    type Move = Move;

    fn variant(&self) -> Variant {
        Variant::plain(GameId::Push)
    }

    fn start_with(&self, first: Side) -> Position {
        let mask = |names: &[&str]| {
            names
                .iter()
                .filter_map(|n| cell_from_name(n))
                .fold(0u64, |m, c| m | bit(c))
        };
        let x = mask(&[
            "A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "B6", "C3", "C4", "C5",
        ]);
        let o = mask(&[
            "I5", "I6", "I7", "I8", "I9", "H4", "H5", "H6", "H7", "H8", "H9", "G5", "G6", "G7",
        ]);
        Position {
            pieces: [x, o],
            to_move: first,
        }
    }

    fn side_to_move(&self, pos: &Position) -> Side {
        pos.to_move
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        if self.status(pos).is_over() {
            return;
        }
        let me = pos.to_move.index();
        let before = out.len();
        generate(pos.pieces[me], pos.pieces[1 - me], &mut Lister(out));
        if out.len() == before {
            out.push(Move::Pass);
        }
    }

    fn play(&self, pos: &Position, mv: Move) -> Position {
        let mut next = Position {
            pieces: pos.pieces,
            to_move: pos.to_move.opponent(),
        };
        let Move::Group {
            first,
            len,
            line,
            dir,
        } = mv
        else {
            return next;
        };
        let me = pos.to_move.index();
        if len == 1 || dir.line() == line {
            // In line: only the trailing cell empties and the target fills; a shoved run
            // loses its first cell and gains the one after it (nothing if that is off board).
            let (tail, head) = Move::ends(first, len, line, dir);
            let target = step(head, dir);
            let theirs = pos.pieces[1 - me];
            if theirs & bit(target) != 0 {
                let mut last = target;
                while theirs & bit(step(last, dir)) != 0 {
                    last = step(last, dir);
                }
                next.pieces[1 - me] ^= bit(target) | bit(step(last, dir));
            }
            next.pieces[me] ^= bit(tail) | bit(target);
        } else {
            next.pieces[me] ^= mv.cells() | mv.destinations();
        }
        next
    }

    fn skip_turn(&self, pos: &Position) -> Position {
        // docs/rules/games.md "Timer": in push a lost turn is the same as `pass`.
        self.play(pos, Move::Pass)
    }

    fn status(&self, pos: &Position) -> Status {
        let mover = pos.to_move;
        if pos.pieces[mover.index()].count_ones() <= LOSING_COUNT {
            Status::Win(mover.opponent(), EndReason::SixPushedOff)
        } else if pos.pieces[mover.opponent().index()].count_ones() <= LOSING_COUNT {
            Status::Win(mover, EndReason::SixPushedOff)
        } else {
            Status::Ongoing
        }
    }

    fn first_move_alternates(&self) -> bool {
        true
    }

    fn first_to_move(&self, round: u32) -> Side {
        // "The first move alternates between the two sides from round to round."
        if round.is_multiple_of(2) {
            Side::O
        } else {
            Side::X
        }
    }

    fn forced_pass(&self, pos: &Position) -> Option<Move> {
        (!self.status(pos).is_over() && !self.can_move(pos)).then_some(Move::Pass)
    }

    fn deadlocked(&self, pos: &Position) -> bool {
        self.forced_pass(pos).is_some() && !self.can_move(&self.play(pos, Move::Pass))
    }

    fn count_moves(&self, pos: &Position) -> u64 {
        if self.status(pos).is_over() {
            return 0;
        }
        let me = pos.to_move.index();
        let mut counter = Counter(0);
        generate(pos.pieces[me], pos.pieces[1 - me], &mut counter);
        counter.0.max(1) // a side with no move still has `pass`
    }

    fn hash(&self, pos: &Position) -> u64 {
        let keys = &*KEYS;
        let mut h = if pos.to_move == Side::O {
            keys[2 * CELLS]
        } else {
            0
        };
        for (side, &pieces) in pos.pieces.iter().enumerate() {
            h ^= zobrist_of(pieces, &keys[side * CELLS..]);
        }
        h
    }

    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let (pieces, to_move) = parse_board_and_side(
            text,
            CELLS,
            PIECES_PER_SIDE,
            "a side has more than 14 pieces",
        )?;
        Ok(Position { pieces, to_move })
    }

    fn format_position(&self, pos: &Position) -> String {
        let mut text: String = (0..CELLS as Cell)
            .map(|c| match pos.piece_at(c) {
                Some(side) => side.letter(),
                None => '.',
            })
            .collect();
        text.push(' ');
        text.push(pos.to_move.letter());
        text
    }

    fn format_move(&self, mv: Move) -> String {
        match mv {
            Move::Pass => "pass".to_owned(),
            Move::Group { dir, .. } => {
                let mut text = String::with_capacity(9);
                let mut cells = mv.cells();
                while cells != 0 {
                    text.push_str(CELL_NAMES[cells.trailing_zeros() as usize]);
                    cells &= cells - 1;
                }
                text.push('-');
                text.push_str(dir.name());
                text
            }
        }
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError> {
        if text == "pass" {
            return Ok(());
        }
        let (group, dir) = text.split_once('-').ok_or_else(|| {
            MoveError::malformed(text, "expected cells-direction (e.g. C3C4C5-NW) or pass")
        })?;
        if Dir::from_name(dir).is_none() {
            return Err(MoveError::malformed(
                text,
                "unknown direction (expected E, W, NE, NW, SE or SW)",
            ));
        }
        check_group(group).map_err(|reason| MoveError::malformed(text, reason))
    }

    fn material(&self, pos: &Position) -> [u32; 2] {
        [pos.pieces[0].count_ones(), pos.pieces[1].count_ones()]
    }
}

impl Push {
    /// Whether the side to move has a move other than `pass` (false once the game is over).
    pub fn can_move(&self, pos: &Position) -> bool {
        let me = pos.to_move.index();
        !self.status(pos).is_over() && has_move(pos.pieces[me], pos.pieces[1 - me])
    }

    /// The opposing pieces that some legal move shoves right now (the UI lights them up).
    pub fn shovable(&self, pos: &Position) -> u64 {
        let mut moves = Vec::new();
        self.legal_moves(pos, &mut moves);
        moves
            .into_iter()
            .filter_map(|mv| self.shove(pos, mv))
            .fold(0, |cells, shove| cells | shove.shoved)
    }

    /// The move the UI makes when the player taps the opposing piece on `cell` ("push by
    /// target"): one that shoves the run holding it, the bigger group winning ties (the seed);
    /// among groups of one size, the first in `legal_moves` order.
    pub fn shover_of(&self, pos: &Position, cell: Cell) -> Option<Move> {
        let mut moves = Vec::new();
        self.legal_moves(pos, &mut moves);
        let size = |mv: Move| mv.cells().count_ones();
        moves
            .into_iter()
            .filter(|&mv| {
                self.shove(pos, mv)
                    .is_some_and(|s| s.shoved & bit(cell) != 0)
            })
            .fold(None, |best: Option<Move>, mv| match best {
                Some(b) if size(b) >= size(mv) => Some(b),
                _ => Some(mv),
            })
    }
}

/// Checks that `group` names one to three cells in point order, in a line without gaps.
fn check_group(group: &str) -> Result<(), &'static str> {
    let bytes = group.as_bytes();
    if bytes.is_empty() || !bytes.len().is_multiple_of(2) || bytes.len() > 6 {
        return Err("expected one to three cell names such as C3 before the '-'");
    }
    let mut cells = [NO_CELL; 3];
    for (slot, name) in cells.iter_mut().zip(bytes.chunks_exact(2)) {
        *slot = geometry::cell_from_bytes(name[0], name[1]).ok_or("unknown cell name")?;
    }
    let cells = &cells[..bytes.len() / 2];
    if cells.windows(2).any(|w| w[0] >= w[1]) {
        return Err("the cells must be listed once each, in point order (A1 … I9)");
    }
    if let [first, second, rest @ ..] = cells {
        let line = Dir::LINES
            .into_iter()
            .find(|&line| step(*first, line) == *second)
            .ok_or("the cells are not neighbours on a line")?;
        if let [third] = rest {
            if step(*second, line) != *third {
                return Err("the cells are not a straight line without gaps");
            }
        }
    }
    Ok(())
}
