//! Time: the search's deadline, and the slices it runs in.
//!
//! Natively a search runs on a thread to the end ([`Searcher::run`]); on the web it runs in
//! slices of a few milliseconds between the page's frames ([`Searcher::step`]). Both visit
//! the same nodes: the clock is read only between nodes, and a slice that ends resumes at
//! the very node where it stopped.

use super::{Evaluate, Outcome, Searcher};
use web_time::{Duration, Instant};

/// Nodes between two looks at the clock: reading it at every node would cost more than the
/// node, and 256 nodes take well under a millisecond.
const NODES_PER_CLOCK_CHECK: u32 = 256;

impl<G: Evaluate> Searcher<G> {
    /// Runs to completion (or to the time limit).
    pub fn run(&mut self) -> Outcome<G::Move> {
        while !self.step(None) {}
        self.outcome()
    }

    /// Works until `slice` has passed (or without a slice limit when `None`); returns `true`
    /// once the search is over.
    pub fn step(&mut self, slice: Option<Duration>) -> bool {
        let slice_end = slice.map(|s| Instant::now() + s);
        let mut polled: u32 = 0;
        while !self.finished {
            if self.stack.is_empty() && !self.start_iteration() {
                self.finished = true;
                break;
            }
            polled += 1;
            if polled >= NODES_PER_CLOCK_CHECK {
                polled = 0;
                let now = Instant::now();
                if self.out_of_time(now) {
                    self.finished = true;
                    break;
                }
                if slice_end.is_some_and(|end| now >= end) {
                    return false;
                }
            }
            self.advance();
        }
        true
    }

    /// Whether the budget has run out. Never before the first iteration has completed, so
    /// that there is always a move to play.
    pub(super) fn out_of_time(&self, now: Instant) -> bool {
        self.completed.is_some() && self.deadline.is_some_and(|d| now >= d)
    }
}
