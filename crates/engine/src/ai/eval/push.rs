//! Push the Line: pieces pushed off dominate; then holding the centre (a piece on the rim can
//! be shoved off), keeping pieces together (numbers push), and staying off the rim.

use crate::ai::{Evaluate, Weights};
use crate::games::push::{shift_dir, Cell, Dir, Move, Position, Push, CELLS, DIAGONAL, ROW};
use std::sync::OnceLock;

/// Indices into [`WEIGHTS`].
const PUSHED_OFF: usize = 0;
const CENTRE: usize = 1;
const COHESION: usize = 2;
const WEIGHTS: &[(&str, i32)] = &[("pushed_off", 1000), ("centre", 14), ("cohesion", 5)];

/// Distance of each cell from the centre cell E5 (0 to 4).
fn centre_distance() -> &'static [i32; CELLS] {
    static TABLE: OnceLock<[i32; CELLS]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [0; CELLS];
        for (cell, distance) in table.iter_mut().enumerate() {
            // Rows and diagonals form axial coordinates: the three axes are (0,1), (1,1), (1,0).
            let dr = ROW[cell] as i32 - 4;
            let dd = DIAGONAL[cell] as i32 - 5;
            *distance = dr.abs().max(dd.abs()).max((dr - dd).abs());
        }
        table
    })
}

fn side_score(pieces: u64, w: &Weights) -> i32 {
    let distance = centre_distance();
    let mut score = 0;
    let mut bits = pieces;
    while bits != 0 {
        let cell = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        score += w.0[CENTRE] * (4 - distance[cell]);
    }
    let pairs = (pieces & shift_dir(pieces, Dir::E)).count_ones()
        + (pieces & shift_dir(pieces, Dir::NE)).count_ones()
        + (pieces & shift_dir(pieces, Dir::NW)).count_ones();
    score + w.0[COHESION] * pairs as i32
}

impl Evaluate for Push {
    /// A 60-ply game's review at this depth: 5.3 s natively (docs/coach.md).
    fn review_depth(&self) -> i32 {
        5
    }

    fn weight_table(&self) -> &'static [(&'static str, i32)] {
        WEIGHTS
    }

    fn evaluate(&self, pos: &Position, w: &Weights) -> i32 {
        let (own, other) = (pos.to_move, pos.to_move.opponent());
        w.0[PUSHED_OFF] * (pos.pushed_off(other) as i32 - pos.pushed_off(own) as i32)
            + side_score(pos.pieces[own.index()], w)
            - side_score(pos.pieces[other.index()], w)
    }

    fn is_noisy(&self, pos: &Position, mv: Move) -> bool {
        self.is_push(pos, mv)
    }

    fn noisy_gain(&self, pos: &Position, mv: Move) -> i32 {
        match self.shove(pos, mv) {
            Some(shove) if shove.pushed_off.is_some() => 10,
            _ => 1,
        }
    }

    fn history_slot(&self, mv: Move) -> usize {
        match mv {
            Move::Pass => 0,
            Move::Group {
                first,
                len,
                line,
                dir,
            } => {
                let first: Cell = first;
                ((first as usize * 4 + len as usize) * 3 + line as usize % 3) * 6 + dir as usize
            }
        }
    }
}
