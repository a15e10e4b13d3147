//! The 25 points and 52 segments of the Blockade board (docs/rules/games.md §4), and the straight lines
//! along which a piece makes its two- and three-step moves.

use crate::games::{grid_coordinates, Coordinate};

/// A point index in point order: a1…e1, a2…e2, …, a5…e5 (index = 5 × rank + file, from 0).
pub type Point = u8;

pub const POINTS: usize = 25;

/// Every point, as a mask.
pub const ALL_POINTS: u32 = (1 << POINTS) - 1;

pub const POINT_NAMES: [&str; POINTS] = [
    "a1", "b1", "c1", "d1", "e1", //
    "a2", "b2", "c2", "d2", "e2", //
    "a3", "b3", "c3", "d3", "e3", //
    "a4", "b4", "c4", "d4", "e4", //
    "a5", "b5", "c5", "d5", "e5",
];

/// The files' letters, then the ranks' numbers: each point's name is its file's and its
/// rank's joined.
pub const COORDINATES: [Coordinate; 10] =
    grid_coordinates(&["a", "b", "c", "d", "e"], &["1", "2", "3", "4", "5"]);

/// Where each point sits on the 5×5 drawing grid: (column, row from the top), so rank 5 is
/// drawn on top and `x` (which starts on ranks 1–2) at the bottom.
pub const DRAW_AT: [(u8, u8); POINTS] = [
    (0, 4),
    (1, 4),
    (2, 4),
    (3, 4),
    (4, 4),
    (0, 3),
    (1, 3),
    (2, 3),
    (3, 3),
    (4, 3),
    (0, 2),
    (1, 2),
    (2, 2),
    (3, 2),
    (4, 2),
    (0, 1),
    (1, 1),
    (2, 1),
    (3, 1),
    (4, 1),
    (0, 0),
    (1, 0),
    (2, 0),
    (3, 0),
    (4, 0),
];

const A1: Point = 0;
const B1: Point = 1;
const C1: Point = 2;
const D1: Point = 3;
const E1: Point = 4;
const A2: Point = 5;
const B2: Point = 6;
const C2: Point = 7;
const D2: Point = 8;
const E2: Point = 9;
const A3: Point = 10;
const B3: Point = 11;
const C3: Point = 12;
const D3: Point = 13;
const E3: Point = 14;
const A4: Point = 15;
const B4: Point = 16;
const C4: Point = 17;
const D4: Point = 18;
const E4: Point = 19;
const A5: Point = 20;
const B5: Point = 21;
const C5: Point = 22;
const D5: Point = 23;
const E5: Point = 24;

/// The 52 segments: 20 along the ranks, 20 along the files, then the twelve short diagonals
/// (see the Ruling in docs/rules/games.md §4: the Alquerque diagonals minus the four touching corners).
pub const SEGMENTS: [(Point, Point); 52] = [
    // Ranks.
    (A1, B1),
    (B1, C1),
    (C1, D1),
    (D1, E1),
    (A2, B2),
    (B2, C2),
    (C2, D2),
    (D2, E2),
    (A3, B3),
    (B3, C3),
    (C3, D3),
    (D3, E3),
    (A4, B4),
    (B4, C4),
    (C4, D4),
    (D4, E4),
    (A5, B5),
    (B5, C5),
    (C5, D5),
    (D5, E5),
    // Files.
    (A1, A2),
    (A2, A3),
    (A3, A4),
    (A4, A5),
    (B1, B2),
    (B2, B3),
    (B3, B4),
    (B4, B5),
    (C1, C2),
    (C2, C3),
    (C3, C4),
    (C4, C5),
    (D1, D2),
    (D2, D3),
    (D3, D4),
    (D4, D5),
    (E1, E2),
    (E2, E3),
    (E3, E4),
    (E4, E5),
    // Diagonals rising to the right: c1–d2–e3, b2–c3–d4, a3–b4–c5.
    (C1, D2),
    (D2, E3),
    (B2, C3),
    (C3, D4),
    (A3, B4),
    (B4, C5),
    // Diagonals rising to the left: c1–b2–a3, d2–c3–b4, e3–d4–c5.
    (C1, B2),
    (B2, A3),
    (D2, C3),
    (C3, B4),
    (E3, D4),
    (D4, C5),
];

/// `ADJACENT[p]` has bit q set when a segment joins p and q.
pub const ADJACENT: [u32; POINTS] = crate::games::adjacency_masks(&SEGMENTS);

/// The eight straight directions as (file step, rank step): N, S, E, W, NE, SW, NW, SE.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
];

/// The points met walking from a point in one direction for as long as each step follows a
/// drawn segment: orthogonal rays run to the edge, diagonal ones stop where the short
/// diagonal ends, so no ray turns a corner or crosses an undrawn gap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ray {
    pub len: u8,
    pub points: [Point; 4],
}

/// `RAYS[p][d]`: the ray from p in `DIRECTIONS[d]`.
pub const RAYS: [[Ray; 8]; POINTS] = rays();

const fn rays() -> [[Ray; 8]; POINTS] {
    let mut rays = [[Ray {
        len: 0,
        points: [0; 4],
    }; 8]; POINTS];
    let mut p = 0;
    while p < POINTS {
        let mut d = 0;
        while d < DIRECTIONS.len() {
            let (df, dr) = DIRECTIONS[d];
            let (mut file, mut rank) = ((p % 5) as i8, (p / 5) as i8);
            let mut current = p;
            loop {
                file += df;
                rank += dr;
                if file < 0 || file > 4 || rank < 0 || rank > 4 {
                    break;
                }
                let next = (rank * 5 + file) as usize;
                if ADJACENT[current] & (1 << next) == 0 {
                    break;
                }
                let ray = &mut rays[p][d];
                ray.points[ray.len as usize] = next as Point;
                ray.len += 1;
                current = next;
            }
            d += 1;
        }
        p += 1;
    }
    rays
}

/// The two- and three-step moves a piece could make from one point on an empty board, each
/// with the mask of the points it passes plus its end point (all must be empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LongMoves {
    pub len: u8,
    pub to: [Point; 16],
    pub path: [u32; 16],
}

/// `LONG_MOVES[p]`: derived from [`RAYS`], so movegen is one mask test per candidate.
pub const LONG_MOVES: [LongMoves; POINTS] = long_moves();

const fn long_moves() -> [LongMoves; POINTS] {
    let mut all = [LongMoves {
        len: 0,
        to: [0; 16],
        path: [0; 16],
    }; POINTS];
    let mut p = 0;
    while p < POINTS {
        let mut d = 0;
        while d < DIRECTIONS.len() {
            let ray = RAYS[p][d];
            let mut path = 0u32;
            let mut step = 0;
            while step < ray.len as usize && step < 3 {
                path |= 1 << ray.points[step];
                if step >= 1 {
                    let moves = &mut all[p];
                    moves.to[moves.len as usize] = ray.points[step];
                    moves.path[moves.len as usize] = path;
                    moves.len += 1;
                }
                step += 1;
            }
            d += 1;
        }
        p += 1;
    }
    all
}

/// The path mask of the move `from`–`to` if the two points are two or three steps apart on
/// one straight drawn line.
pub fn long_move_path(from: Point, to: Point) -> Option<u32> {
    let moves = LONG_MOVES.get(from as usize)?;
    (0..moves.len as usize)
        .find(|&i| moves.to[i] == to)
        .map(|i| moves.path[i])
}

pub fn point_from_name(name: &str) -> Option<Point> {
    POINT_NAMES
        .iter()
        .position(|&n| n == name)
        .map(|i| i as Point)
}
