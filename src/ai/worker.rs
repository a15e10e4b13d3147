//! Runs a [`Task`](super::Task) away from the UI's frame loop. Natively that is a thread; on the
//! web it is a `spawn_local` task that works in slices of a few milliseconds and yields to
//! the browser in between. Dropping the worker cancels the search: a stale answer is never
//! delivered.

use super::Request;

/// The answer: the chosen move's text, or why there is none.
pub type Answer = Result<String, String>;

#[cfg(not(target_arch = "wasm32"))]
pub use native::Worker;

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use super::{Answer, Request};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::mpsc;
    use std::sync::Arc;
    use web_time::Duration;

    /// A search running on its own thread.
    pub struct Worker {
        answer: mpsc::Receiver<Answer>,
        cancelled: Arc<AtomicBool>,
    }

    impl Worker {
        /// Starts thinking; `wake` is called when the answer is ready (e.g. to repaint).
        pub fn start(request: Request, wake: impl Fn() + Send + 'static) -> Worker {
            let (sender, answer) = mpsc::channel();
            let cancelled = Arc::new(AtomicBool::new(false));
            let stop = Arc::clone(&cancelled);
            std::thread::spawn(move || {
                let result = match super::super::task(&request) {
                    Err(e) => Err(e),
                    Ok(mut task) => loop {
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        if let Some(done) = task.step(Duration::from_millis(20)) {
                            break done;
                        }
                    },
                };
                if !stop.load(Ordering::Relaxed) && sender.send(result).is_ok() {
                    wake();
                }
            });
            Worker { answer, cancelled }
        }

        /// The answer, once it is ready.
        pub fn poll(&self) -> Option<Answer> {
            self.answer.try_recv().ok()
        }
    }

    impl Drop for Worker {
        fn drop(&mut self) {
            self.cancelled.store(true, Ordering::Relaxed);
        }
    }
}
