//! Blockade: the side that runs out of long moves loses, so mobility is everything; a piece
//! with no move of its own counts extra against its side.

use crate::ai::Evaluate;
use crate::games::blockade::{Blockade, Move, Position, POINTS};
use crate::games::Game;

const MOBILITY: i32 = 10;
const TRAPPED: i32 = 15;

impl Blockade {
    /// Moves and trapped pieces of the side to move of `pos`.
    fn mobility(&self, pos: &Position, moves: &mut Vec<Move>) -> (i32, i32) {
        moves.clear();
        self.legal_moves(pos, moves);
        let movers = moves.iter().fold(0u32, |m, mv| m | 1 << mv.from);
        let trapped = (pos.pieces[pos.to_move.index()] & !movers).count_ones();
        (moves.len() as i32, trapped as i32)
    }
}

impl Evaluate for Blockade {
    fn evaluate(&self, pos: &Position) -> i32 {
        let mut moves = Vec::with_capacity(48);
        let (own, own_trapped) = self.mobility(pos, &mut moves);
        let theirs_to_move = Position {
            to_move: pos.to_move.opponent(),
            ..*pos
        };
        let (theirs, their_trapped) = self.mobility(&theirs_to_move, &mut moves);
        MOBILITY * (own - theirs) + TRAPPED * (their_trapped - own_trapped)
    }

    fn is_noisy(&self, _pos: &Position, _mv: Move) -> bool {
        false
    }

    fn history_slot(&self, mv: Move) -> usize {
        mv.from as usize * POINTS + mv.to as usize
    }
}
