//! Iterative deepening: a full-width search to depth 1, then 2, and so on, until the depth
//! limit, the deadline or a decided score. Each iteration starts from the root with the
//! widest window (no aspiration windows); the transposition table, killers and history that
//! the previous one left make the next one's move ordering good.

use super::{Evaluate, Outcome, Searcher, MAX_PLY, WIN};
use web_time::Instant;

impl<G: Evaluate> Searcher<G> {
    /// What the search has found so far: the best move of the last completed iteration, or of
    /// the unfinished one when it is better.
    pub fn outcome(&self) -> Outcome<G::Move> {
        // A move from an unfinished iteration is trusted once it beat the previous best,
        // which is always searched first.
        let best = match (self.iteration_best, self.completed) {
            (Some(now), Some(before)) if now.1 > before.1 => Some(now),
            (_, Some(before)) => Some(before),
            (now, None) => now,
        };
        Outcome {
            best: best.map(|b| b.0),
            score: best.map_or(0, |b| b.1),
            depth: self.completed_depth,
            nodes: self.nodes,
        }
    }

    /// Pushes the root frame of the next iteration, or says the search is over.
    pub(super) fn start_iteration(&mut self) -> bool {
        if let Some((_, score)) = self.completed {
            // A decided score cannot change with depth.
            if score.abs() >= WIN - MAX_PLY as i32 {
                return false;
            }
        }
        if self.iteration >= self.limits.max_depth {
            return false;
        }
        if self.out_of_time(Instant::now()) {
            return false;
        }
        self.iteration += 1;
        self.iteration_best = None;
        let hash = self.game.hash(&self.root);
        self.push_frame(self.root, hash, self.iteration, -WIN - 1, WIN + 1);
        true
    }

    /// The root frame has returned: its best move is this iteration's result.
    pub(super) fn complete_iteration(&mut self) {
        if let Some(best) = self.iteration_best {
            self.completed = Some(best);
            self.completed_depth = self.iteration;
        }
    }
}
