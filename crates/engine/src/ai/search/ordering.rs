//! Move ordering: the table move, then captures and pushes by gain, then the two killers of
//! the ply, then the rest by history. Alpha-beta cuts off soonest when the best move comes
//! first, so this order is most of the search's speed.
//!
//! A move's rank is one `i64`, the sum of the bonuses below; the bonuses are powers of two
//! far enough apart that a lower class can never outrank a higher one.

use super::{Evaluate, Searcher, MAX_PLY};
use crate::ai::HISTORY_SLOTS;

/// Captures and pushes (noisy moves) first after the table move: they change the material,
/// so they decide most cut-offs. Above the first killer even with its history added.
const NOISY_BONUS: i64 = 1 << 40;
/// Each unit of a noisy move's gain ([`Evaluate::noisy_gain`], a few units at most): the
/// bigger capture first. One unit outweighs the largest history ([`HISTORY_MAX`]), and the
/// gains stay far below `NOISY_BONUS / GAIN_UNIT`.
const GAIN_UNIT: i64 = 1 << 20;
/// The quiet move that last cut off at this ply: it often refutes the sibling positions
/// too. Below every noisy move, above the second killer and any history.
const FIRST_KILLER_BONUS: i64 = 1 << 36;
/// The killer before it: tried next, still above any history.
const SECOND_KILLER_BONUS: i64 = 1 << 35;
/// The cap of a history counter, so that it stays below a killer and a unit of gain, and
/// the counters of a long search never overflow.
const HISTORY_MAX: i32 = 1 << 20;

impl<G: Evaluate> Searcher<G> {
    /// The legal moves of `pos` in the order the search tries them at the root: the checks
    /// of the orderer (it must never drop or repeat a move) go through here.
    pub fn ordered_moves(&self, pos: &G::Position) -> Vec<G::Move> {
        let mut moves = Vec::new();
        self.game.legal_moves(pos, &mut moves);
        let table_move = self.table.probe(self.game.hash(pos)).and_then(|e| e.best);
        self.order(pos, &mut moves, table_move, 0);
        moves
    }

    /// Table move first, then captures and pushes, then killers, then by history.
    pub(super) fn order(
        &self,
        pos: &G::Position,
        moves: &mut [G::Move],
        table_move: Option<G::Move>,
        ply: usize,
    ) {
        let killers = self.killers[ply.min(MAX_PLY)];
        let key = |mv: &G::Move| -> i64 {
            // The table's best move of an earlier, shallower search: the likeliest best.
            if Some(*mv) == table_move {
                return i64::MIN;
            }
            let mut score = 0i64;
            if self.game.is_noisy(pos, *mv) {
                score += NOISY_BONUS;
                score += self.game.noisy_gain(pos, *mv) as i64 * GAIN_UNIT;
            } else if killers[0] == Some(*mv) {
                score += FIRST_KILLER_BONUS;
            } else if killers[1] == Some(*mv) {
                score += SECOND_KILLER_BONUS;
            }
            score += self.history[self.game.history_slot(*mv) % HISTORY_SLOTS] as i64;
            -score
        };
        moves.sort_by_cached_key(key);
    }

    /// A quiet move cut off at `ply`: it becomes the ply's first killer, and its history
    /// grows by the square of the depth, so that cut-offs near the root count most.
    pub(super) fn reward(&mut self, ply: usize, mv: G::Move, depth: i32) {
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let slot = self.game.history_slot(mv) % HISTORY_SLOTS;
        self.history[slot] = (self.history[slot] + depth * depth).min(HISTORY_MAX);
    }
}
