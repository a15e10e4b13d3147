//! Blockade: the side that runs out of long moves loses, so mobility is everything; a piece
//! with no move of its own counts extra against its side.

use crate::ai::{Evaluate, Weights};
use crate::games::blockade::{Blockade, Move, Position, POINTS};

/// Indices into [`WEIGHTS`].
const MOBILITY: usize = 0;
const TRAPPED: usize = 1;
const WEIGHTS: &[(&str, i32)] = &[("mobility", 10), ("trapped", 35)];

impl Blockade {
    /// Moves and trapped pieces of the side to move of `pos`.
    fn mobility(&self, pos: &Position) -> (i32, i32) {
        let (mut count, mut movers) = (0, 0u32);
        self.for_each_move(pos, |mv| {
            count += 1;
            movers |= 1 << mv.from;
        });
        let trapped = (pos.pieces[pos.to_move.index()] & !movers).count_ones();
        (count, trapped as i32)
    }
}

impl Evaluate for Blockade {
    /// A 60-ply game's review at this depth: 3.3 s for 44 plies natively (docs/coach.md).
    fn review_depth(&self) -> i32 {
        14
    }

    fn weight_table(&self) -> &'static [(&'static str, i32)] {
        WEIGHTS
    }

    fn evaluate(&self, pos: &Position, w: &Weights) -> i32 {
        let (own, own_trapped) = self.mobility(pos);
        let theirs_to_move = Position {
            to_move: pos.to_move.opponent(),
            ..*pos
        };
        let (theirs, their_trapped) = self.mobility(&theirs_to_move);
        w.0[MOBILITY] * (own - theirs) + w.0[TRAPPED] * (their_trapped - own_trapped)
    }

    fn is_noisy(&self, _pos: &Position, _mv: Move) -> bool {
        false
    }

    fn history_slot(&self, mv: Move) -> usize {
        mv.from as usize * POINTS + mv.to as usize
    }
}
