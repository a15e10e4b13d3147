//! Shuang Cheng is solved outright; the evaluation only guides the lower levels, which do not
//! use the table.

use crate::ai::solver::Solution;
use crate::ai::{Evaluate, Weights};
use crate::games::shuangcheng::{Move, Position, ShuangCheng, POINTS};
use crate::games::{Game, Side};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// Indices into [`WEIGHTS`].
const MOBILITY: usize = 0;
const WEIGHTS: &[(&str, i32)] = &[("mobility", 30)];

impl Evaluate for ShuangCheng {
    fn weight_table(&self) -> &'static [(&'static str, i32)] {
        WEIGHTS
    }

    fn evaluate(&self, pos: &Position, w: &Weights) -> i32 {
        // Mobility decides this game: being left without a step loses.
        let own = self.count_moves(pos) as i32;
        let theirs = self.count_moves(&Position {
            to_move: pos.to_move.opponent(),
            locked: false,
            ..*pos
        }) as i32;
        w.0[MOBILITY] * (own - theirs)
    }

    fn is_noisy(&self, _pos: &Position, _mv: Move) -> bool {
        false
    }

    fn history_slot(&self, mv: Move) -> usize {
        mv.from as usize * POINTS + mv.to as usize
    }

    fn solution(&self, pos: &Position) -> Option<&'static Solution<Self>> {
        // No piece ever leaves the board, so the positions with the same piece counts form a
        // closed set: solve each such class once, when first needed.
        type Classes = Mutex<HashMap<[u32; 3], &'static Solution<ShuangCheng>>>;
        static CLASSES: OnceLock<Classes> = OnceLock::new();
        let counts = [
            pos.pieces[0].count_ones(),
            pos.pieces[1].count_ones(),
            pos.shared.count_ones(),
        ];
        let mut classes = CLASSES.get_or_init(Default::default).lock().ok()?;
        let solution = classes
            .entry(counts)
            .or_insert_with(|| Box::leak(Box::new(Solution::new(self, every_position(counts)))));
        Some(*solution)
    }
}

/// Every arrangement of the given numbers of x, o and shared pieces on the nine points,
/// either side to move, lock on or off.
fn every_position(counts: [u32; 3]) -> Vec<Position> {
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
        if [x.count_ones(), o.count_ones(), s.count_ones()] != counts {
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
