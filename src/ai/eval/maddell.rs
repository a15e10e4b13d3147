//! Maddell: pieces (in hand and on the board) first, then mills and half-mills, mobility and
//! blocked pieces.

use crate::ai::Evaluate;
use crate::games::maddell::{Maddell, Move, Position, ADJACENT, MILLS, POINTS};
use crate::games::Side;

const PIECE: i32 = 100;
const MILL: i32 = 12;
/// Two own pieces and an empty third point: a mill threatened next move.
const HALF_MILL: i32 = 18;
const MOBILITY: i32 = 4;
const BLOCKED: i32 = 10;

/// The score of `side`'s pieces alone; the evaluation is the difference of the two sides.
fn side_score(pos: &Position, side: Side) -> i32 {
    let own = pos.pieces[side.index()];
    let other = pos.pieces[side.opponent().index()];
    let empty = pos.empty();
    let mut score = PIECE * pos.total(side) as i32;
    for mill in MILLS {
        let mine = (own & mill).count_ones();
        if mine == 3 {
            score += MILL;
        } else if mine == 2 && other & mill == 0 {
            score += HALF_MILL;
        }
    }
    if pos.hand[side.index()] == 0 {
        let mut bits = own;
        while bits != 0 {
            let point = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let free = (ADJACENT[point] & empty).count_ones() as i32;
            score += MOBILITY * free;
            if free == 0 {
                score -= BLOCKED;
            }
        }
    }
    score
}

impl Evaluate for Maddell {
    fn evaluate(&self, pos: &Position) -> i32 {
        side_score(pos, pos.to_move) - side_score(pos, pos.to_move.opponent())
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
}
