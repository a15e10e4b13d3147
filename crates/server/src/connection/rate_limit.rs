//! A connection's limits, as plain state machines that are given the time: how fast it may
//! send frames, and how many refused frames it may send before it is closed.

use std::collections::VecDeque;

/// Frames a connection may send in a burst, then per second on average.
pub const RATE_BURST: u32 = 20;
pub const RATE_PER_SECOND: u32 = 10;
/// More refused frames than this within [`BAD_WINDOW_MS`] close the connection.
pub const BAD_FRAMES_LIMIT: usize = 20;
pub const BAD_WINDOW_MS: u64 = 60_000;

/// One frame's cost in the bucket's units: a thousandth of a frame is refilled per
/// millisecond at one frame a second, so the bucket counts in whole numbers.
const FRAME: u64 = 1000;

/// A token bucket: `burst` frames at once, then `per_second` a second.
#[derive(Clone, Debug)]
pub struct RateLimit {
    capacity: u64,
    per_ms: u64,
    level: u64,
    refilled_ms: u64,
}

impl RateLimit {
    /// A full bucket at `now_ms`.
    pub fn new(burst: u32, per_second: u32, now_ms: u64) -> RateLimit {
        let capacity = u64::from(burst) * FRAME;
        RateLimit {
            capacity,
            per_ms: u64::from(per_second),
            level: capacity,
            refilled_ms: now_ms,
        }
    }

    /// The limit of a connection's frames ([`RATE_BURST`], [`RATE_PER_SECOND`]).
    pub fn frames(now_ms: u64) -> RateLimit {
        RateLimit::new(RATE_BURST, RATE_PER_SECOND, now_ms)
    }

    /// Whether a frame that arrives at `now_ms` may be looked at (it then spends a token).
    /// A clock that steps back refills nothing.
    pub fn allow(&mut self, now_ms: u64) -> bool {
        let elapsed = now_ms.saturating_sub(self.refilled_ms);
        self.refilled_ms = self.refilled_ms.max(now_ms);
        let refill = elapsed.saturating_mul(self.per_ms);
        self.level = self.level.saturating_add(refill).min(self.capacity);
        if self.level >= FRAME {
            self.level -= FRAME;
            true
        } else {
            false
        }
    }
}

/// The times of a connection's refused frames within the last window.
#[derive(Clone, Debug, Default)]
pub struct BadFrames {
    times: VecDeque<u64>,
}

impl BadFrames {
    /// Counts a refused frame at `now_ms`; `false` once there are more than
    /// [`BAD_FRAMES_LIMIT`] within [`BAD_WINDOW_MS`] (the connection is then closed).
    pub fn tolerate(&mut self, now_ms: u64) -> bool {
        while self
            .times
            .front()
            .is_some_and(|&t| now_ms.saturating_sub(t) > BAD_WINDOW_MS)
        {
            self.times.pop_front();
        }
        self.times.push_back(now_ms);
        self.times.len() <= BAD_FRAMES_LIMIT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_the_steady_rate() {
        let mut limit = RateLimit::frames(1_000);
        for i in 0..RATE_BURST {
            assert!(limit.allow(1_000), "frame {i} of the burst");
        }
        assert!(!limit.allow(1_000), "the burst is spent");
        assert!(
            !limit.allow(1_099),
            "a tenth of a second refills one frame, not before"
        );
        assert!(limit.allow(1_100));
        assert!(!limit.allow(1_100));
        // A second refills ten frames.
        for _ in 0..RATE_PER_SECOND {
            assert!(limit.allow(2_100));
        }
        assert!(!limit.allow(2_100));
        // A long pause refills the burst, no more.
        let pause = 3_600_000;
        let allowed = (0..100).filter(|_| limit.allow(pause)).count();
        assert_eq!(allowed, RATE_BURST as usize);
    }

    #[test]
    fn a_clock_stepping_back_refills_nothing() {
        let mut limit = RateLimit::new(1, 10, 5_000);
        assert!(limit.allow(5_000));
        assert!(!limit.allow(1_000));
        assert!(
            !limit.allow(5_050),
            "time counts again from the latest reading"
        );
        assert!(limit.allow(5_100));
    }

    #[test]
    fn refused_frames_close_the_connection_past_the_limit_in_a_window() {
        let mut bad = BadFrames::default();
        for i in 0..BAD_FRAMES_LIMIT as u64 {
            assert!(bad.tolerate(i * 1_000), "refusal {i}");
        }
        assert!(!bad.tolerate(20_000), "the 21st within a minute");
        // A minute later the first ones no longer count.
        let mut bad = BadFrames::default();
        for i in 0..BAD_FRAMES_LIMIT as u64 {
            assert!(bad.tolerate(i));
        }
        assert!(
            bad.tolerate(BAD_WINDOW_MS + 1),
            "the first refusal left the window"
        );
        assert!(!bad.tolerate(BAD_WINDOW_MS + 1));
    }
}
