//! The eighteen points, lines and twelve mills of the Sixpenny Maddell board (docs/rules/games.md §3).
//!
//! Three nested up-pointing triangles `a` (outer), `b`, `c` (inner); on each, points 1–6 run
//! clockwise from the top corner: 1 top, 2 middle of the right side, 3 bottom-right, 4 middle
//! of the bottom, 5 bottom-left, 6 middle of the left side. Point index = 6 × ring + (n − 1).

/// A point index in point order: `a1…a6 b1…b6 c1…c6`.
pub type Point = u8;

pub const POINTS: usize = 18;

/// Every point's bit.
pub const ALL_POINTS: u32 = (1 << POINTS) - 1;

pub const POINT_NAMES: [&str; POINTS] = [
    "a1", "a2", "a3", "a4", "a5", "a6", "b1", "b2", "b3", "b4", "b5", "b6", "c1", "c2", "c3", "c4",
    "c5", "c6",
];

/// The size of the square drawing grid: coordinates run from 0 to `DRAW_GRID` inclusive.
pub const DRAW_GRID: u8 = 36;

/// Where each point sits on the drawing grid: (column, row from the top). The triangles are
/// scaled copies (1, 2/3, 1/3) about their common centroid (18, 24), so each spoke is a
/// straight line through the centroid.
pub const DRAW_AT: [(u8, u8); POINTS] = [
    // a: top, right mid, bottom-right, bottom mid, bottom-left, left mid.
    (18, 0),
    (27, 18),
    (36, 36),
    (18, 36),
    (0, 36),
    (9, 18),
    // b
    (18, 8),
    (24, 20),
    (30, 32),
    (18, 32),
    (6, 32),
    (12, 20),
    // c
    (18, 16),
    (21, 22),
    (24, 28),
    (18, 28),
    (12, 28),
    (15, 22),
];

const A1: u8 = 0;
const A2: u8 = 1;
const A3: u8 = 2;
const A4: u8 = 3;
const A5: u8 = 4;
const A6: u8 = 5;
const B1: u8 = 6;
const B2: u8 = 7;
const B3: u8 = 8;
const B4: u8 = 9;
const B5: u8 = 10;
const B6: u8 = 11;
const C1: u8 = 12;
const C2: u8 = 13;
const C3: u8 = 14;
const C4: u8 = 15;
const C5: u8 = 16;
const C6: u8 = 17;

/// The 24 segments: six around each triangle, two on each spoke.
pub const SEGMENTS: [(Point, Point); 24] = [
    (A1, A2),
    (A2, A3),
    (A3, A4),
    (A4, A5),
    (A5, A6),
    (A6, A1),
    (B1, B2),
    (B2, B3),
    (B3, B4),
    (B4, B5),
    (B5, B6),
    (B6, B1),
    (C1, C2),
    (C2, C3),
    (C3, C4),
    (C4, C5),
    (C5, C6),
    (C6, C1),
    (A2, B2),
    (B2, C2),
    (A4, B4),
    (B4, C4),
    (A6, B6),
    (B6, C6),
];

/// The twelve mills as point triples: the three sides of each triangle, then the spokes.
pub const MILL_POINTS: [[Point; 3]; 12] = [
    [A1, A2, A3],
    [A3, A4, A5],
    [A5, A6, A1],
    [B1, B2, B3],
    [B3, B4, B5],
    [B5, B6, B1],
    [C1, C2, C3],
    [C3, C4, C5],
    [C5, C6, C1],
    [A2, B2, C2],
    [A4, B4, C4],
    [A6, B6, C6],
];

/// `ADJACENT[p]` has bit q set when a segment joins p and q.
pub const ADJACENT: [u32; POINTS] = crate::games::adjacency_masks(&SEGMENTS);

/// The twelve mills as bit masks.
pub const MILLS: [u32; 12] = mill_masks();

/// `MILLS_THROUGH[p]`: the masks of the mills that contain p (two for a corner or a mid-side
/// point, since every mid-side point is on its triangle's side and on a spoke).
pub const MILLS_THROUGH: [[u32; 2]; POINTS] = mills_through();

const fn mill_masks() -> [u32; 12] {
    let mut masks = [0u32; 12];
    let mut i = 0;
    while i < MILL_POINTS.len() {
        let [p, q, r] = MILL_POINTS[i];
        masks[i] = 1 << p | 1 << q | 1 << r;
        i += 1;
    }
    masks
}

const fn mills_through() -> [[u32; 2]; POINTS] {
    let mut through = [[0u32; 2]; POINTS];
    let mut found = [0usize; POINTS];
    let mut i = 0;
    while i < MILLS.len() {
        let mut p = 0;
        while p < POINTS {
            if MILLS[i] & (1 << p) != 0 {
                // Panics at compile time if a point were on more than two mills.
                through[p][found[p]] = MILLS[i];
                found[p] += 1;
            }
            p += 1;
        }
        i += 1;
    }
    let mut p = 0;
    while p < POINTS {
        assert!(found[p] == 2, "every point lies on exactly two mills");
        p += 1;
    }
    through
}

pub fn point_from_name(name: &str) -> Option<Point> {
    POINT_NAMES
        .iter()
        .position(|&n| n == name)
        .map(|i| i as Point)
}
