//! Shuang Cheng is solved outright; the evaluation only guides the lower levels, which do not
//! use the table.

use crate::ai::solver::Solution;
use crate::ai::Evaluate;
use crate::games::shuangcheng::{Move, Position, ShuangCheng, POINTS};
use crate::games::{Game, Side};
use std::sync::OnceLock;

impl Evaluate for ShuangCheng {
    fn evaluate(&self, pos: &Position) -> i32 {
        // Mobility decides this game: being left without a step loses.
        let own = self.count_moves(pos) as i32;
        let theirs = self.count_moves(&Position {
            to_move: pos.to_move.opponent(),
            locked: false,
            ..*pos
        }) as i32;
        30 * (own - theirs)
    }

    fn is_noisy(&self, _pos: &Position, _mv: Move) -> bool {
        false
    }

    fn history_slot(&self, mv: Move) -> usize {
        mv.from as usize * POINTS + mv.to as usize
    }

    fn solved(&self) -> Option<&'static Solution<Self>> {
        static SOLUTION: OnceLock<Solution<ShuangCheng>> = OnceLock::new();
        Some(SOLUTION.get_or_init(|| Solution::new(self, every_position())))
    }
}

/// Every legal arrangement: up to three pieces a side and two shared pieces on nine points,
/// either side to move, lock on or off.
fn every_position() -> Vec<Position> {
    let mut all = Vec::new();
    // Each point is empty, x, o or shared: 4^9 boards, most filtered out by the counts.
    for code in 0u32..4u32.pow(POINTS as u32) {
        let (mut x, mut o, mut s) = (0u16, 0u16, 0u16);
        let mut rest = code;
        for point in 0..POINTS {
            match rest % 4 {
                1 => x |= 1 << point,
                2 => o |= 1 << point,
                3 => s |= 1 << point,
                _ => {}
            }
            rest /= 4;
        }
        if x.count_ones() > 3 || o.count_ones() > 3 || s.count_ones() > 2 {
            continue;
        }
        for to_move in [Side::X, Side::O] {
            for locked in [false, true] {
                all.push(Position {
                    pieces: [x, o],
                    shared: s,
                    to_move,
                    locked,
                });
            }
        }
    }
    all
}
