//! The 60-second turn timer, on an injectable clock so that tests can move time on without
//! waiting.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use web_time::Instant;

/// Seconds per turn (every game, docs/rules/games.md "Timer and difficulty").
pub const TURN_SECONDS: f64 = 60.0;

/// A source of the current time in seconds.
pub trait Clock {
    fn now(&self) -> f64;
}

/// The real clock.
pub struct SystemClock(Instant);

impl Default for SystemClock {
    fn default() -> Self {
        SystemClock(Instant::now())
    }
}

impl Clock for SystemClock {
    fn now(&self) -> f64 {
        self.0.elapsed().as_secs_f64()
    }
}

/// A clock that moves only when told to (tests). Clones share the same time.
#[derive(Clone, Default)]
pub struct ManualClock(Arc<AtomicU64>);

impl ManualClock {
    pub fn advance(&self, seconds: f64) {
        let now = self.now() + seconds;
        self.0.store(now.to_bits(), Ordering::Relaxed);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> f64 {
        f64::from_bits(self.0.load(Ordering::Relaxed))
    }
}

/// The countdown of the turn in progress.
#[derive(Clone, Copy, Debug, Default)]
pub struct TurnTimer {
    started: f64,
    /// Time already used when the timer was paused (reviewing the move list).
    paused_used: Option<f64>,
}

impl TurnTimer {
    /// Starts a fresh turn at `now`.
    pub fn restart(&mut self, now: f64) {
        self.started = now;
        self.paused_used = None;
    }

    pub fn pause(&mut self, now: f64) {
        if self.paused_used.is_none() {
            self.paused_used = Some(now - self.started);
        }
    }

    pub fn resume(&mut self, now: f64) {
        if let Some(used) = self.paused_used.take() {
            self.started = now - used;
        }
    }

    /// Seconds left in the turn (never below zero).
    pub fn remaining(&self, now: f64) -> f64 {
        let used = self.paused_used.unwrap_or(now - self.started);
        (TURN_SECONDS - used).max(0.0)
    }

    pub fn expired(&self, now: f64) -> bool {
        self.paused_used.is_none() && self.remaining(now) <= 0.0
    }
}
