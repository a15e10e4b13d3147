//! Runs a [`Task`](super::Task) away from the UI's frame loop. Natively that is a thread; on
//! the web it is a `spawn_local` task that works in slices of a few milliseconds and yields
//! to the browser in between. Dropping the worker cancels the search: a stale answer is never
//! delivered.

use super::{Evaluate, Request, Thought};

#[cfg(not(target_arch = "wasm32"))]
pub use native::Worker;
#[cfg(target_arch = "wasm32")]
pub use web::Worker;
/// The web's way of handing the page's thread back between slices (the Maddell table's
/// builder uses it too).
#[cfg(target_arch = "wasm32")]
pub(crate) use web::Yielder;

/// Called when an answer is ready (the app repaints so that it is picked up at once).
pub type Wake = std::sync::Arc<dyn Fn() + Send + Sync>;

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use super::{Evaluate, Request, Thought, Wake};
    use crate::ai::{Task, ThinkError};
    use std::panic::{catch_unwind, AssertUnwindSafe};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::mpsc;
    use std::sync::Arc;
    use web_time::Duration;
    use web_time::Instant;

    /// A search running on its own thread.
    pub struct Worker<G: Evaluate> {
        answer: mpsc::Receiver<Thought<G>>,
        cancelled: Arc<AtomicBool>,
    }

    impl<G: Evaluate> Worker<G> {
        /// Starts thinking; `wake` is called when the answer is ready.
        pub fn start(request: Request<G>, wake: Wake) -> Worker<G> {
            let (sender, answer) = mpsc::channel();
            let cancelled = Arc::new(AtomicBool::new(false));
            let stop = Arc::clone(&cancelled);
            std::thread::spawn(move || {
                let started = Instant::now();
                // A panic in the search becomes an answer, so that the app can say so and
                // let the player go on, instead of waiting for ever.
                let result = catch_unwind(AssertUnwindSafe(|| {
                    let mut task = Task::new(&request);
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            return None;
                        }
                        if let Some(answer) = task.step(Duration::from_millis(20)) {
                            return Some((answer, task.nodes()));
                        }
                    }
                }))
                .unwrap_or_else(|panic| Some((Err(ThinkError::Crashed(panic_text(&panic))), 0)))
                .map(|(answer, nodes)| Thought {
                    answer,
                    nodes,
                    elapsed: started.elapsed(),
                });
                if let Some(result) = result {
                    if !stop.load(Ordering::Relaxed) && sender.send(result).is_ok() {
                        wake();
                    }
                }
            });
            Worker { answer, cancelled }
        }

        /// The answer, once it is ready.
        pub fn poll(&mut self) -> Option<Thought<G>> {
            self.answer.try_recv().ok()
        }
    }

    impl<G: Evaluate> Drop for Worker<G> {
        fn drop(&mut self) {
            self.cancelled.store(true, Ordering::Relaxed);
        }
    }

    /// The message of a caught panic.
    fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
        panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".to_owned())
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use super::{Evaluate, Request, Thought, Wake};
    use crate::ai::Task;
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;
    use wasm_bindgen::JsValue;
    use wasm_bindgen_futures::JsFuture;
    use web_time::Duration;
    use web_time::Instant;

    /// How long the search may hold the page's only thread before it yields: about half a
    /// frame at 60 Hz, leaving the rest for input and drawing.
    const SLICE: Duration = Duration::from_millis(8);
    /// In a hidden tab nobody is watching: longer slices, fewer hand-overs.
    const HIDDEN_SLICE: Duration = Duration::from_millis(200);

    /// A search running in slices on the page's thread.
    pub struct Worker<G: Evaluate> {
        answer: Rc<RefCell<Option<Thought<G>>>>,
        cancelled: Rc<Cell<bool>>,
    }

    impl<G: Evaluate> Worker<G> {
        /// Starts thinking; `wake` is called when the answer is ready.
        pub fn start(request: Request<G>, wake: Wake) -> Worker<G> {
            let answer = Rc::new(RefCell::new(None));
            let cancelled = Rc::new(Cell::new(false));
            let (slot, stop) = (Rc::clone(&answer), Rc::clone(&cancelled));
            wasm_bindgen_futures::spawn_local(async move {
                let started = Instant::now();
                let mut task = Task::new(&request);
                let browser = Yielder::new();
                let answer = loop {
                    if stop.get() {
                        return;
                    }
                    let slice = if page_hidden() { HIDDEN_SLICE } else { SLICE };
                    if let Some(done) = task.step(slice) {
                        break done;
                    }
                    browser.yield_now().await;
                };
                let result = Thought {
                    answer,
                    nodes: task.nodes(),
                    elapsed: started.elapsed(),
                };
                if !stop.get() {
                    *slot.borrow_mut() = Some(result);
                    wake();
                }
            });
            Worker { answer, cancelled }
        }

        /// The answer, once it is ready.
        pub fn poll(&mut self) -> Option<Thought<G>> {
            self.answer.borrow_mut().take()
        }
    }

    impl<G: Evaluate> Drop for Worker<G> {
        fn drop(&mut self) {
            self.cancelled.set(true);
        }
    }

    /// Lets the browser run its event loop (input, painting) before the next slice, by a
    /// message to ourselves: it queues the next slice as a new task, behind pending input
    /// (which the browser runs first) and frames. A zero `setTimeout` did the same but, from
    /// the fifth in a chain, waits at least 4 ms: a third of every 12 ms went idle, and the
    /// page searched about 30% fewer nodes a second, for no gain in how soon clicks or
    /// frames came (measured in headless Chromium; see README, "In the browser").
    pub(crate) struct Yielder {
        /// One channel for the whole search: it stays alive while a message is on its way.
        channel: Option<web_sys::MessageChannel>,
    }

    impl Yielder {
        pub(crate) fn new() -> Yielder {
            Yielder {
                channel: web_sys::MessageChannel::new().ok(),
            }
        }

        pub(crate) async fn yield_now(&self) {
            let promise = js_sys::Promise::new(&mut |resolve, _reject| {
                let posted = self.channel.as_ref().is_some_and(|channel| {
                    channel.port1().set_onmessage(Some(&resolve));
                    channel.port2().post_message(&JsValue::NULL).is_ok()
                });
                // Without MessageChannel (never seen): a zero timeout, or at once.
                if !posted {
                    let timed = web_sys::window().is_some_and(|window| {
                        window
                            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0)
                            .is_ok()
                    });
                    if !timed {
                        let _ = resolve.call0(&JsValue::NULL);
                    }
                }
            });
            let _ = JsFuture::from(promise).await;
        }
    }

    impl Drop for Yielder {
        fn drop(&mut self) {
            if let Some(channel) = &self.channel {
                channel.port1().set_onmessage(None);
                channel.port1().close();
                channel.port2().close();
            }
        }
    }

    /// Whether the page is in a background tab (or minimized).
    fn page_hidden() -> bool {
        web_sys::window()
            .and_then(|w| w.document())
            .is_some_and(|d| d.hidden())
    }
}
