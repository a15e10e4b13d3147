//! The server's time, handed to it: every room rule takes `now` as an argument
//! (`room.rs`), and this is where the server gets it. Production runs on [`SystemClock`];
//! a test may run a server on a [`ManualClock`] and move time itself.

use std::future::Future;
use std::pin::Pin;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::sync::watch;

/// A future that resolves once the clock reaches a time.
pub type Sleep = Pin<Box<dyn Future<Output = ()> + Send>>;

/// Milliseconds since the Unix epoch (what rooms store), and a way to wait for one.
pub trait Clock: Send + Sync {
    fn now_ms(&self) -> u64;
    /// Resolves once [`Clock::now_ms`] has reached `deadline_ms` (at once if it has).
    fn sleep_until(&self, deadline_ms: u64) -> Sleep;
}

/// The system's wall clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> u64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
            .unwrap_or(0)
    }

    fn sleep_until(&self, deadline_ms: u64) -> Sleep {
        let wait = deadline_ms.saturating_sub(self.now_ms());
        Box::pin(tokio::time::sleep(Duration::from_millis(wait)))
    }
}

/// A clock that moves only when told to.
#[derive(Debug)]
pub struct ManualClock {
    now: watch::Sender<u64>,
}

impl ManualClock {
    pub fn new(start_ms: u64) -> ManualClock {
        ManualClock {
            now: watch::Sender::new(start_ms),
        }
    }

    /// Moves time forward by `ms`; whatever waits for a time now past resolves.
    pub fn advance(&self, ms: u64) {
        self.now.send_modify(|now| *now = now.saturating_add(ms));
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> u64 {
        *self.now.borrow()
    }

    fn sleep_until(&self, deadline_ms: u64) -> Sleep {
        let mut now = self.now.subscribe();
        Box::pin(async move {
            // The sender lives as long as the clock; if it is gone, time has stopped.
            if now.wait_for(|now| *now >= deadline_ms).await.is_err() {
                std::future::pending::<()>().await;
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::task::{Context, Poll};

    fn ready(sleep: &mut Sleep) -> bool {
        let mut cx = Context::from_waker(std::task::Waker::noop());
        sleep.as_mut().poll(&mut cx) == Poll::Ready(())
    }

    #[test]
    fn a_manual_clock_wakes_its_sleepers_only_once_moved_to_their_time() {
        let clock = ManualClock::new(1_000);
        assert_eq!(clock.now_ms(), 1_000);
        let mut sleep = clock.sleep_until(1_500);
        assert!(!ready(&mut sleep));
        clock.advance(499);
        assert!(!ready(&mut sleep));
        clock.advance(1);
        assert_eq!(clock.now_ms(), 1_500);
        assert!(ready(&mut sleep));
        assert!(ready(&mut clock.sleep_until(1_200)), "a time already past");
    }

    #[test]
    fn the_system_clock_reads_the_epoch_time() {
        // 2020-01-01 in ms: the clock is the wall clock, not an uptime.
        assert!(SystemClock.now_ms() > 1_577_836_800_000);
    }
}
