//! The 60-second turn timer, and the clock the session is handed: the session reads time
//! only from it, so that tests move time on (and date the rating history) without waiting.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use web_time::{Instant, SystemTime, UNIX_EPOCH};

/// Seconds per turn (every game, docs/rules/games.md "Timer and difficulty").
pub const TURN_SECONDS: f64 = 60.0;

/// Where the session reads the time.
pub trait Clock {
    /// Seconds on a steady clock (turns, a puzzle's replies): only differences count.
    fn now(&self) -> f64;
    /// Seconds since 1970 on the wall clock, which dates the rating history (0 where the
    /// clock cannot be read).
    fn unix_seconds(&self) -> u64;
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

    fn unix_seconds(&self) -> u64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_secs())
    }
}

/// A clock that moves only when told to (tests). Clones share the same time.
#[derive(Clone, Default)]
pub struct ManualClock {
    /// The steady clock's seconds, as `f64` bits.
    now: Arc<AtomicU64>,
    /// The wall clock's seconds since 1970 when the steady clock read 0.
    unix_start: u64,
}

impl ManualClock {
    /// A clock whose wall time starts at `unix_start` seconds since 1970 (the default: 0).
    pub fn at_unix(unix_start: u64) -> ManualClock {
        ManualClock {
            unix_start,
            ..ManualClock::default()
        }
    }

    /// Moves both clocks on by `seconds`.
    pub fn advance(&self, seconds: f64) {
        let now = self.now() + seconds;
        self.now.store(now.to_bits(), Ordering::Relaxed);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> f64 {
        f64::from_bits(self.now.load(Ordering::Relaxed))
    }

    fn unix_seconds(&self) -> u64 {
        // Whole seconds since the start; a clock never set back reads no less than its start.
        self.unix_start.saturating_add(self.now().max(0.0) as u64)
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
