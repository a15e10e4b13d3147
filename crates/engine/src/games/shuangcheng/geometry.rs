//! The nine points and sixteen segments of the Shuang Cheng board (docs/rules/games.md §2).

/// A point index in point order: `tl th tr l c r bl bh br`.
pub type Point = u8;

pub const POINTS: usize = 9;

pub const POINT_NAMES: [&str; POINTS] = ["tl", "th", "tr", "l", "c", "r", "bl", "bh", "br"];

/// Where each point sits on the 5×5 drawing grid: (column, row from the top).
pub const DRAW_AT: [(u8, u8); POINTS] = [
    (0, 0),
    (2, 1),
    (4, 0),
    (0, 2),
    (2, 2),
    (4, 2),
    (0, 4),
    (2, 3),
    (4, 4),
];

const TL: u8 = 0;
const TH: u8 = 1;
const TR: u8 = 2;
const L: u8 = 3;
const C: u8 = 4;
const R: u8 = 5;
const BL: u8 = 6;
const BH: u8 = 7;
const BR: u8 = 8;

/// The sixteen segments (see the Ruling in docs/rules/games.md §2 for why there are more than three).
pub const SEGMENTS: [(Point, Point); 16] = [
    (TL, TH),
    (TR, TH),
    (BL, BH),
    (BR, BH),
    (TH, C),
    (C, BH),
    (L, C),
    (C, R),
    (TH, L),
    (TH, R),
    (BH, L),
    (BH, R),
    (TL, L),
    (L, BL),
    (TR, R),
    (R, BR),
];

/// `ADJACENT[p]` has bit q set when a segment joins p and q.
pub const ADJACENT: [u32; POINTS] = crate::games::adjacency_masks(&SEGMENTS);

pub fn point_from_name(name: &str) -> Option<Point> {
    POINT_NAMES
        .iter()
        .position(|&n| n == name)
        .map(|i| i as Point)
}
