//! Runs a [`Task`](super::Task) away from the UI's frame loop. Natively that is a thread; on the
//! web it is a `spawn_local` task that works in slices of a few milliseconds and yields to
//! the browser in between. Dropping the worker cancels the search: a stale answer is never
//! delivered.

use super::Request;

/// The answer: the chosen move's text, or why there is none.
pub type Answer = Result<String, String>;

#[cfg(not(target_arch = "wasm32"))]
pub use native::Worker;
#[cfg(target_arch = "wasm32")]
pub use web::Worker;

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

#[cfg(target_arch = "wasm32")]
mod web {
    use super::{Answer, Request};
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;
    use wasm_bindgen_futures::JsFuture;
    use web_time::Duration;

    /// How long the search may hold the page's only thread before it yields: about half a
    /// frame at 60 Hz, leaving the rest for input and drawing.
    const SLICE: Duration = Duration::from_millis(8);
    /// In a hidden tab nobody is watching and the browser wakes timers about once a second:
    /// longer slices keep the computer within its turn.
    const HIDDEN_SLICE: Duration = Duration::from_millis(200);

    /// A search running in slices on the page's thread.
    pub struct Worker {
        answer: Rc<RefCell<Option<Answer>>>,
        cancelled: Rc<Cell<bool>>,
    }

    impl Worker {
        /// Starts thinking; `wake` is called when the answer is ready (e.g. to repaint).
        pub fn start(request: Request, wake: impl Fn() + 'static) -> Worker {
            let answer = Rc::new(RefCell::new(None));
            let cancelled = Rc::new(Cell::new(false));
            let (slot, stop) = (Rc::clone(&answer), Rc::clone(&cancelled));
            wasm_bindgen_futures::spawn_local(async move {
                let result = match super::super::task(&request) {
                    Err(e) => Err(e),
                    Ok(mut task) => loop {
                        if stop.get() {
                            return;
                        }
                        let slice = if page_hidden() { HIDDEN_SLICE } else { SLICE };
                        if let Some(done) = task.step(slice) {
                            break done;
                        }
                        yield_to_browser().await;
                    },
                };
                if !stop.get() {
                    *slot.borrow_mut() = Some(result);
                    wake();
                }
            });
            Worker { answer, cancelled }
        }

        /// The answer, once it is ready.
        pub fn poll(&self) -> Option<Answer> {
            self.answer.borrow_mut().take()
        }
    }

    impl Drop for Worker {
        fn drop(&mut self) {
            self.cancelled.set(true);
        }
    }

    /// Lets the browser run its event loop (input, painting, timers) before the next slice.
    /// A zero timeout queues behind pending input and frames, and from the fifth in a chain
    /// on the browser waits at least 4 ms: the page gets a gap after every slice.
    async fn yield_to_browser() {
        let promise = js_sys::Promise::new(&mut |resolve, _reject| {
            if let Some(window) = web_sys::window() {
                let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
            } else {
                let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
            }
        });
        let _ = JsFuture::from(promise).await;
    }

    /// Whether the page is in a background tab (or minimized).
    fn page_hidden() -> bool {
        web_sys::window()
            .and_then(|w| w.document())
            .is_some_and(|d| d.hidden())
    }
}
