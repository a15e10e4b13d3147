//! Maddell: pieces (in hand and on the board) first, then mills and half-mills, mobility and
//! blocked pieces. Once the solved table is installed, every level plays from it instead.

use crate::ai::{Evaluate, SolvedValue, Tables, Weights};
use crate::games::maddell::{Maddell, Move, Position, ADJACENT, MILLS, POINTS};
use crate::games::Side;

/// Indices into [`WEIGHTS`].
const PIECE: usize = 0;
const MILL: usize = 1;
/// Two own pieces and an empty third point: a mill threatened next move.
const HALF_MILL: usize = 2;
const MOBILITY: usize = 3;
const BLOCKED: usize = 4;
const WEIGHTS: &[(&str, i32)] = &[
    ("piece", 100),
    ("mill", 12),
    ("half_mill", 18),
    ("mobility", 4),
    ("blocked", 10),
];

/// The score of `side`'s pieces alone; the evaluation is the difference of the two sides.
fn side_score(pos: &Position, side: Side, w: &Weights) -> i32 {
    let own = pos.pieces[side.index()];
    let other = pos.pieces[side.opponent().index()];
    let empty = pos.empty();
    let mut score = w.0[PIECE] * pos.total(side) as i32;
    for mill in MILLS {
        let mine = (own & mill).count_ones();
        if mine == 3 {
            score += w.0[MILL];
        } else if mine == 2 && other & mill == 0 {
            score += w.0[HALF_MILL];
        }
    }
    if pos.hand[side.index()] == 0 {
        let mut bits = own;
        while bits != 0 {
            let point = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let free = (ADJACENT[point] & empty).count_ones() as i32;
            score += w.0[MOBILITY] * free;
            if free == 0 {
                score -= w.0[BLOCKED];
            }
        }
    }
    score
}

impl Evaluate for Maddell {
    /// A 60-ply game's review at this depth: about 9 s natively (docs/coach.md).
    fn review_depth(&self) -> i32 {
        10
    }

    fn weight_table(&self) -> &'static [(&'static str, i32)] {
        WEIGHTS
    }

    fn evaluate(&self, pos: &Position, w: &Weights) -> i32 {
        side_score(pos, pos.to_move, w) - side_score(pos, pos.to_move.opponent(), w)
    }

    fn is_noisy(&self, _pos: &Position, mv: Move) -> bool {
        mv.take.is_some()
    }

    fn noisy_gain(&self, _pos: &Position, _mv: Move) -> i32 {
        1
    }

    fn history_slot(&self, mv: Move) -> usize {
        let from = mv.from.map_or(POINTS, |p| p as usize);
        let take = mv.take.map_or(POINTS, |p| p as usize);
        (from * (POINTS + 1) + mv.to as usize) * (POINTS + 1) + take
    }

    fn has_prepared_table(&self) -> bool {
        true
    }

    /// From the solved table once the caller holds it (`ai::maddell_table`); until then the
    /// search plays.
    fn exact_value(&self, pos: &Position, tables: &Tables) -> Option<SolvedValue> {
        tables.maddell.as_ref()?.value(pos)
    }
}
