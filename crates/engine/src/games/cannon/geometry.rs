//! The 30 points and 51 lines of the Earthen Cannon board (docs/rules/games.md §5): a 5 × 6 grid with
//! every orthogonal neighbour pair joined, plus two diagonals running from the top corners
//! inwards (`a6–b5`, `e6–d5`).

use crate::games::{grid_coordinates, Coordinate};

/// A point index in point order: `a1 b1 … e1, a2 … e2, …, a6 … e6` (file + 5 × rank).
pub type Point = u8;

pub const FILES: usize = 5;
pub const RANKS: usize = 6;
pub const POINTS: usize = FILES * RANKS;

/// Every point of the board as a bit mask.
pub const BOARD: u32 = (1 << POINTS) - 1;

pub const POINT_NAMES: [&str; POINTS] = [
    "a1", "b1", "c1", "d1", "e1", //
    "a2", "b2", "c2", "d2", "e2", //
    "a3", "b3", "c3", "d3", "e3", //
    "a4", "b4", "c4", "d4", "e4", //
    "a5", "b5", "c5", "d5", "e5", //
    "a6", "b6", "c6", "d6", "e6", //
];

/// The files' letters, then the ranks' numbers: each point's name is its file's and its
/// rank's joined.
pub const COORDINATES: [Coordinate; 11] =
    grid_coordinates(&["a", "b", "c", "d", "e"], &["1", "2", "3", "4", "5", "6"]);

pub const B5: Point = 21;
pub const D5: Point = 23;
pub const A6: Point = 25;
pub const B6: Point = 26;
pub const C6: Point = 27;
pub const D6: Point = 28;
pub const E6: Point = 29;

/// The cannons' start points. Soldiers on all three win; a soldier captured on one loses.
pub const PLATFORMS: u32 = 1 << B6 | 1 << C6 | 1 << D6;

/// The only two non-orthogonal lines (see the Ruling in docs/rules/games.md §5 for their direction).
pub const DIAGONALS: [(Point, Point); 2] = [(A6, B5), (E6, D5)];

/// Number of lines: 4 × 6 along the ranks, 5 × 5 along the files, 2 diagonals.
pub const LINE_COUNT: usize = (FILES - 1) * RANKS + FILES * (RANKS - 1) + DIAGONALS.len();

/// Every line as the pair of points it joins: ranks first, then files, then the diagonals.
pub const LINES: [(Point, Point); LINE_COUNT] = lines();

/// `ADJACENT[p]` has bit q set when a line joins p and q: where a piece on p may step, and
/// the points that must all be occupied for a cannon on p to be boxed in.
pub const ADJACENT: [u32; POINTS] = crate::games::adjacency_masks(&LINES);

/// The four orthogonal directions along which cannons fire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];
}

/// Marks "off the board" in [`STEP`].
pub const OFF_BOARD: Point = Point::MAX;

/// `STEP[d as usize][p]`: the next point from p in direction d (`Up` = towards rank 6), or
/// [`OFF_BOARD`]. Capture rays walk these tables.
pub const STEP: [[Point; POINTS]; 4] = steps();

/// Where each point sits on the 5 × 6 drawing grid: (column from the left, row from the top).
pub const DRAW_AT: [(u8, u8); POINTS] = draw_at();

pub const fn file_of(p: Point) -> usize {
    p as usize % FILES
}

pub const fn rank_of(p: Point) -> usize {
    p as usize / FILES
}

pub fn point_from_name(name: &str) -> Option<Point> {
    POINT_NAMES
        .iter()
        .position(|&n| n == name)
        .map(|i| i as Point)
}

const fn lines() -> [(Point, Point); LINE_COUNT] {
    let mut out = [(0, 0); LINE_COUNT];
    let mut n = 0;
    let mut p = 0;
    while p < POINTS {
        if p % FILES + 1 < FILES {
            out[n] = (p as Point, (p + 1) as Point);
            n += 1;
        }
        p += 1;
    }
    p = 0;
    while p + FILES < POINTS {
        out[n] = (p as Point, (p + FILES) as Point);
        n += 1;
        p += 1;
    }
    let mut d = 0;
    while d < DIAGONALS.len() {
        out[n] = DIAGONALS[d];
        n += 1;
        d += 1;
    }
    out
}

const fn steps() -> [[Point; POINTS]; 4] {
    let mut out = [[OFF_BOARD; POINTS]; 4];
    let mut p = 0;
    while p < POINTS {
        let (file, rank) = (p % FILES, p / FILES);
        if rank + 1 < RANKS {
            out[Direction::Up as usize][p] = (p + FILES) as Point;
        }
        if rank > 0 {
            out[Direction::Down as usize][p] = (p - FILES) as Point;
        }
        if file > 0 {
            out[Direction::Left as usize][p] = (p - 1) as Point;
        }
        if file + 1 < FILES {
            out[Direction::Right as usize][p] = (p + 1) as Point;
        }
        p += 1;
    }
    out
}

const fn draw_at() -> [(u8, u8); POINTS] {
    let mut out = [(0, 0); POINTS];
    let mut p = 0;
    while p < POINTS {
        out[p] = ((p % FILES) as u8, (RANKS - 1 - p / FILES) as u8);
        p += 1;
    }
    out
}
