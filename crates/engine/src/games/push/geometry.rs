//! The 61 cells of the Push the Line hexagon (docs/rules/games.md §1): names, coordinates, neighbours in
//! the six directions, drawing positions, and the tables that shift a whole bitboard one cell.
//!
//! A cell is its index in point order (A1 = 0 … I9 = 60), which is also its bit in a bitboard.

use crate::games::Coordinate;

/// A cell index in point order.
pub type Cell = u8;

pub const CELLS: usize = 61;

/// Every cell of the board as a bitboard.
pub const BOARD: u64 = (1 << CELLS) - 1;

/// Marks "no neighbour" (the step leaves the board) in [`NEIGHBOUR`].
pub const NO_CELL: Cell = u8::MAX;

/// Cell names in point order.
pub const CELL_NAMES: [&str; CELLS] = [
    "A1", "A2", "A3", "A4", "A5", //
    "B1", "B2", "B3", "B4", "B5", "B6", //
    "C1", "C2", "C3", "C4", "C5", "C6", "C7", //
    "D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", //
    "E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8", "E9", //
    "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", //
    "G3", "G4", "G5", "G6", "G7", "G8", "G9", //
    "H4", "H5", "H6", "H7", "H8", "H9", //
    "I5", "I6", "I7", "I8", "I9",
];

/// The rows' letters, then the diagonals' numbers: each cell's name is its row's and its
/// diagonal's joined.
pub const COORDINATES: [Coordinate; 18] = coordinates();

/// Index of each row's first cell (rows A..I), plus the end.
pub const ROW_START: [u8; 10] = [0, 5, 11, 18, 26, 35, 43, 50, 56, 61];

/// Diagonal number of each row's first cell: rows above the middle lose their low diagonals.
pub const ROW_FIRST_DIAGONAL: [u8; 9] = [1, 1, 1, 1, 1, 2, 3, 4, 5];

/// Row of each cell: 0 = A (x's edge, bottom) … 8 = I (o's edge, top).
pub const ROW: [u8; CELLS] = rows();

/// Diagonal number of each cell, 1..=9, as in its name.
pub const DIAGONAL: [u8; CELLS] = diagonals();

/// The six directions, counter-clockwise from east, so that `(d + 3) % 6` is the opposite.
/// `E`, `NE` and `NW` lead to later cells in point order: they are the "forward" directions
/// along the three lines, which is why a group is named from its cell furthest against them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Dir {
    E,
    NE,
    NW,
    W,
    SW,
    SE,
}

impl Dir {
    pub const ALL: [Dir; 6] = [Dir::E, Dir::NE, Dir::NW, Dir::W, Dir::SW, Dir::SE];

    /// The three lines, each named by its forward direction.
    pub const LINES: [Dir; 3] = [Dir::E, Dir::NE, Dir::NW];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 3) % 6]
    }

    /// The forward direction of the line this direction runs along.
    pub const fn line(self) -> Dir {
        Dir::ALL[self as usize % 3]
    }

    /// The spelling in move notation.
    pub const fn name(self) -> &'static str {
        match self {
            Dir::E => "E",
            Dir::NE => "NE",
            Dir::NW => "NW",
            Dir::W => "W",
            Dir::SW => "SW",
            Dir::SE => "SE",
        }
    }

    pub fn from_name(name: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.name() == name)
    }

    /// (row step, diagonal step): E (0, +1), NE (+1, +1), NW (+1, 0) and their opposites.
    pub const fn step(self) -> (i32, i32) {
        match self {
            Dir::E => (0, 1),
            Dir::NE => (1, 1),
            Dir::NW => (1, 0),
            Dir::W => (0, -1),
            Dir::SW => (-1, -1),
            Dir::SE => (-1, 0),
        }
    }

    /// The step on the drawing grid of [`DRAW_AT`]: (half-cell columns right, rows down).
    pub const fn draw_step(self) -> (i32, i32) {
        let (row, diagonal) = self.step();
        (2 * diagonal - row, -row)
    }
}

/// `NEIGHBOUR[dir][cell]`: the cell one step away, or [`NO_CELL`] off the board.
pub const NEIGHBOUR: [[Cell; CELLS]; 6] = neighbours();

/// Cells with no neighbour in a direction: the rim a piece would be pushed over.
pub const EDGE: [u64; 6] = edges();

/// Drawing position of each cell: (column in half-cell units, 0..=16 from the left corner of
/// row E; row from the top, 0 = I … 8 = A). Rows are [`DRAW_ROW_HEIGHT`] apart.
pub const DRAW_AT: [(u8, u8); CELLS] = draw_positions();

/// How far apart the rows of [`DRAW_AT`] are, in cell widths: √3/2, so that every cell is one
/// cell width from each of its six neighbours.
pub const DRAW_ROW_HEIGHT: f32 = 0.866_025_4;

/// How many pairs of neighbouring cells the board has.
pub const LINK_COUNT: usize = NEIGHBOUR_PAIRS.1;

/// Every pair of neighbouring cells once, lower cell first, direction by direction: the
/// lines a drawing of the board joins its cells with.
pub const LINKS: [(Cell, Cell); LINK_COUNT] = links();

/// The cell at (row, diagonal), if that is on the board.
pub const fn cell_at(row: i32, diagonal: i32) -> Option<Cell> {
    if row < 0 || row > 8 {
        return None;
    }
    let r = row as usize;
    let first = ROW_FIRST_DIAGONAL[r] as i32;
    let len = (ROW_START[r + 1] - ROW_START[r]) as i32;
    if diagonal < first || diagonal >= first + len {
        return None;
    }
    Some(ROW_START[r] + (diagonal - first) as u8)
}

/// The bit of a cell, nothing for [`NO_CELL`].
#[inline(always)]
pub const fn bit(cell: Cell) -> u64 {
    if (cell as usize) < CELLS {
        1 << cell
    } else {
        0
    }
}

pub fn cell_from_name(name: &str) -> Option<Cell> {
    match name.as_bytes() {
        &[row, diagonal] => cell_from_bytes(row, diagonal),
        _ => None,
    }
}

/// Reads an upper-case row letter and a diagonal digit.
pub(crate) fn cell_from_bytes(row: u8, diagonal: u8) -> Option<Cell> {
    if !(b'A'..=b'I').contains(&row) || !(b'1'..=b'9').contains(&diagonal) {
        return None;
    }
    cell_at((row - b'A') as i32, (diagonal - b'0') as i32)
}

const fn coordinates() -> [Coordinate; 18] {
    const ROWS: [&str; 9] = ["A", "B", "C", "D", "E", "F", "G", "H", "I"];
    const DIAGONALS: [&str; 9] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
    let mut out = [Coordinate {
        text: "",
        points: 0,
    }; 18];
    let mut c = 0;
    while c < CELLS {
        let (row, diagonal) = (ROW[c] as usize, DIAGONAL[c] as usize - 1);
        out[row].text = ROWS[row];
        out[row].points |= 1 << c;
        out[9 + diagonal].text = DIAGONALS[diagonal];
        out[9 + diagonal].points |= 1 << c;
        c += 1;
    }
    out
}

const fn rows() -> [u8; CELLS] {
    let mut out = [0; CELLS];
    let mut r = 0;
    while r < 9 {
        let mut c = ROW_START[r];
        while c < ROW_START[r + 1] {
            out[c as usize] = r as u8;
            c += 1;
        }
        r += 1;
    }
    out
}

const fn diagonals() -> [u8; CELLS] {
    let mut out = [0; CELLS];
    let mut c = 0;
    while c < CELLS {
        let r = ROW[c] as usize;
        out[c] = ROW_FIRST_DIAGONAL[r] + (c as u8 - ROW_START[r]);
        c += 1;
    }
    out
}

const fn neighbours() -> [[Cell; CELLS]; 6] {
    let mut out = [[NO_CELL; CELLS]; 6];
    let mut d = 0;
    while d < 6 {
        let (dr, dd) = Dir::ALL[d].step();
        let mut c = 0;
        while c < CELLS {
            if let Some(n) = cell_at(ROW[c] as i32 + dr, DIAGONAL[c] as i32 + dd) {
                out[d][c] = n;
            }
            c += 1;
        }
        d += 1;
    }
    out
}

const fn edges() -> [u64; 6] {
    let mut out = [0; 6];
    let mut d = 0;
    while d < 6 {
        let mut c = 0;
        while c < CELLS {
            if NEIGHBOUR[d][c] == NO_CELL {
                out[d] |= 1 << c;
            }
            c += 1;
        }
        d += 1;
    }
    out
}

/// Every pair of neighbouring cells once, lower cell first, direction by direction, in the
/// first slots of an array that holds any board's (each cell has at most six neighbours), and
/// how many there are.
const NEIGHBOUR_PAIRS: ([(Cell, Cell); 3 * CELLS], usize) = neighbour_pairs();

const fn neighbour_pairs() -> ([(Cell, Cell); 3 * CELLS], usize) {
    let mut out = [(0, 0); 3 * CELLS];
    let mut count = 0;
    let mut d = 0;
    while d < 6 {
        let mut c = 0;
        while c < CELLS {
            let n = NEIGHBOUR[d][c];
            if n != NO_CELL && (c as Cell) < n {
                out[count] = (c as Cell, n);
                count += 1;
            }
            c += 1;
        }
        d += 1;
    }
    (out, count)
}

const fn links() -> [(Cell, Cell); LINK_COUNT] {
    let mut out = [(0, 0); LINK_COUNT];
    let mut k = 0;
    while k < LINK_COUNT {
        out[k] = NEIGHBOUR_PAIRS.0[k];
        k += 1;
    }
    out
}

const fn draw_positions() -> [(u8, u8); CELLS] {
    let mut out = [(0, 0); CELLS];
    let mut c = 0;
    while c < CELLS {
        out[c] = (2 * DIAGONAL[c] + 2 - ROW[c], 8 - ROW[c]);
        c += 1;
    }
    out
}

/// How a whole bitboard steps one cell in a direction. In point order the index distance of a
/// step is constant within a row but not across rows (rows grow then shrink), so a step is at
/// most four masked shifts, one per distinct distance; E and W need one.
#[derive(Clone, Copy)]
struct StepShifts {
    /// (index distance, source cells that step by it); unused slots have an empty mask.
    parts: [(i8, u64); 4],
}

const STEP_SHIFTS: [StepShifts; 6] = step_shifts();

const fn step_shifts() -> [StepShifts; 6] {
    let mut out = [StepShifts { parts: [(0, 0); 4] }; 6];
    let mut d = 0;
    while d < 6 {
        let mut c = 0;
        while c < CELLS {
            let n = NEIGHBOUR[d][c];
            if n != NO_CELL {
                let distance = n as i8 - c as i8;
                let mut k = 0;
                while out[d].parts[k].1 != 0 && out[d].parts[k].0 != distance {
                    k += 1; // more than four distances would fail const evaluation here
                }
                out[d].parts[k].0 = distance;
                out[d].parts[k].1 |= 1 << c;
            }
            c += 1;
        }
        d += 1;
    }
    out
}

/// Every cell of `cells` moved one step in direction `D` (a [`Dir`] index); cells that would
/// leave the board vanish. `D` is a constant so that the compiler drops the unused parts.
#[inline(always)]
pub(crate) const fn shift<const D: usize>(cells: u64) -> u64 {
    let parts = &STEP_SHIFTS[D].parts;
    let mut out = 0;
    let mut k = 0;
    while k < 4 {
        let (distance, sources) = parts[k];
        let moving = cells & sources;
        out |= if distance >= 0 {
            moving << distance as u32
        } else {
            moving >> (-distance) as u32
        };
        k += 1;
    }
    out
}

/// [`shift`] for a direction known only at run time.
pub fn shift_dir(cells: u64, dir: Dir) -> u64 {
    match dir {
        Dir::E => shift::<0>(cells),
        Dir::NE => shift::<1>(cells),
        Dir::NW => shift::<2>(cells),
        Dir::W => shift::<3>(cells),
        Dir::SW => shift::<4>(cells),
        Dir::SE => shift::<5>(cells),
    }
}
