//! Runs work away from the UI's frame loop: the computer's move ([`Worker`]) and the coach's
//! analyses ([`Background`] of any [`Job`]). Natively that is a thread; on the web it is a
//! `spawn_local` task that works in slices of a few milliseconds and yields to the browser in
//! between. Dropping the handle cancels the work: a stale answer is never delivered.

use super::{Evaluate, Request, Task, ThinkError, Thought};
/// The web's slice loop (the Maddell table's builder runs in it too), and its way of handing
/// the page's thread back (the table's storage yields between parts with it).
#[cfg(target_arch = "wasm32")]
pub(crate) use web::{run_in_slices, Yielder};
use web_time::{Duration, Instant};

/// Called when an answer is ready (the app repaints so that it is picked up at once).
pub type Wake = std::sync::Arc<dyn Fn() + Send + Sync>;

/// Work that can stop after any slice and resume where it stopped.
pub trait Job: Send + 'static {
    type Output: Send + 'static;
    /// Works for about `slice`; the output once the work is done.
    fn step(&mut self, slice: Duration) -> Option<Self::Output>;
    /// How far along the work is, from 0 to 1, for a progress bar.
    fn progress(&self) -> f32 {
        0.0
    }
}

/// The computer's move as a [`Job`]: its answer comes with what it cost.
struct Think<G: Evaluate> {
    task: Task<G>,
    started: Instant,
}

impl<G: Evaluate> Job for Think<G> {
    type Output = Thought<G>;

    fn step(&mut self, slice: Duration) -> Option<Thought<G>> {
        let answer = self.task.step(slice)?;
        Some(Thought {
            answer,
            nodes: self.task.nodes(),
            elapsed: self.started.elapsed(),
        })
    }
}

/// A search for the computer's move, running in the background.
pub struct Worker<G: Evaluate> {
    job: Background<Think<G>>,
    started: Instant,
}

impl<G: Evaluate> Worker<G> {
    /// Starts thinking; `wake` is called when the answer is ready.
    pub fn start(request: Request<G>, wake: Wake) -> Worker<G> {
        let started = Instant::now();
        let think = Think {
            task: Task::new(&request),
            started,
        };
        Worker {
            job: Background::start(think, wake),
            started,
        }
    }

    /// The answer, once it is ready. A search that panicked answers
    /// [`ThinkError::Crashed`], so that the app can say so and let the player go on, instead
    /// of waiting for ever.
    pub fn poll(&mut self) -> Option<Thought<G>> {
        self.job.poll().map(|done| {
            done.unwrap_or_else(|why| Thought {
                answer: Err(ThinkError::Crashed(why)),
                nodes: 0,
                elapsed: self.started.elapsed(),
            })
        })
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub use native::Background;
#[cfg(target_arch = "wasm32")]
pub use web::Background;

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use super::{Job, Wake};
    use std::panic::{catch_unwind, AssertUnwindSafe};
    use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
    use std::sync::mpsc;
    use std::sync::Arc;
    use web_time::Duration;

    /// A job running on its own thread.
    pub struct Background<J: Job> {
        output: mpsc::Receiver<Result<J::Output, String>>,
        cancelled: Arc<AtomicBool>,
        /// The job's progress, as `f32` bits.
        progress: Arc<AtomicU32>,
    }

    impl<J: Job> Background<J> {
        /// Starts `job`; `wake` is called when its output is ready.
        pub fn start(mut job: J, wake: Wake) -> Background<J> {
            let (sender, output) = mpsc::channel();
            let cancelled = Arc::new(AtomicBool::new(false));
            let progress = Arc::new(AtomicU32::new(0));
            let (stop, shown) = (Arc::clone(&cancelled), Arc::clone(&progress));
            std::thread::spawn(move || {
                // A panic becomes an output (`Err` with its message) rather than silence.
                let result = catch_unwind(AssertUnwindSafe(|| loop {
                    if stop.load(Ordering::Relaxed) {
                        return None;
                    }
                    if let Some(output) = job.step(Duration::from_millis(20)) {
                        return Some(output);
                    }
                    shown.store(job.progress().to_bits(), Ordering::Relaxed);
                }));
                let result = match result {
                    Ok(None) => return,
                    Ok(Some(output)) => Ok(output),
                    Err(panic) => Err(panic_text(&panic)),
                };
                if !stop.load(Ordering::Relaxed) && sender.send(result).is_ok() {
                    wake();
                }
            });
            Background {
                output,
                cancelled,
                progress,
            }
        }

        /// The output once it is ready; `Err` with the panic's message if the job panicked.
        pub fn poll(&mut self) -> Option<Result<J::Output, String>> {
            self.output.try_recv().ok()
        }

        /// How far along the job is, from 0 to 1.
        pub fn progress(&self) -> f32 {
            f32::from_bits(self.progress.load(Ordering::Relaxed))
        }
    }

    impl<J: Job> Drop for Background<J> {
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
    use super::{Job, Wake};
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;
    use wasm_bindgen::JsValue;
    use wasm_bindgen_futures::JsFuture;
    use web_time::Duration;

    /// How long a job may hold the page's only thread before it yields: about half a
    /// frame at 60 Hz, leaving the rest for input and drawing.
    const SLICE: Duration = Duration::from_millis(8);
    /// In a hidden tab nobody is watching: longer slices, fewer hand-overs.
    const HIDDEN_SLICE: Duration = Duration::from_millis(200);

    /// Where a finished job's output waits to be polled.
    type Slot<T> = Rc<RefCell<Option<Result<T, String>>>>;

    /// A job running in slices on the page's thread. (A panic aborts the page's module on
    /// the web, so the output is never `Err` here.)
    pub struct Background<J: Job> {
        output: Slot<J::Output>,
        cancelled: Rc<Cell<bool>>,
        progress: Rc<Cell<f32>>,
    }

    impl<J: Job> Background<J> {
        /// Starts `job`; `wake` is called when its output is ready.
        pub fn start(mut job: J, wake: Wake) -> Background<J> {
            let output = Rc::new(RefCell::new(None));
            let cancelled = Rc::new(Cell::new(false));
            let progress = Rc::new(Cell::new(0.0));
            let (slot, stop, shown) = (
                Rc::clone(&output),
                Rc::clone(&cancelled),
                Rc::clone(&progress),
            );
            wasm_bindgen_futures::spawn_local(async move {
                let done = run_in_slices(&mut job, || stop.get(), |done| shown.set(done)).await;
                if let Some(done) = done.filter(|_| !stop.get()) {
                    *slot.borrow_mut() = Some(Ok(done));
                    wake();
                }
            });
            Background {
                output,
                cancelled,
                progress,
            }
        }

        /// The output once it is ready.
        pub fn poll(&mut self) -> Option<Result<J::Output, String>> {
            self.output.borrow_mut().take()
        }

        /// How far along the job is, from 0 to 1.
        pub fn progress(&self) -> f32 {
            self.progress.get()
        }
    }

    impl<J: Job> Drop for Background<J> {
        fn drop(&mut self) {
            self.cancelled.set(true);
        }
    }

    /// Runs `job` on the page's thread in slices, yielding to the browser after each, until
    /// it is done (its output) or `cancelled` says stop before a slice (`None`).
    /// `progress` hears the job's progress after every slice but the last.
    pub(crate) async fn run_in_slices<J: Job>(
        job: &mut J,
        cancelled: impl Fn() -> bool,
        mut progress: impl FnMut(f32),
    ) -> Option<J::Output> {
        let browser = Yielder::new();
        loop {
            if cancelled() {
                return None;
            }
            let slice = if page_hidden() { HIDDEN_SLICE } else { SLICE };
            if let Some(done) = job.step(slice) {
                return Some(done);
            }
            progress(job.progress());
            browser.yield_now().await;
        }
    }

    /// Lets the browser run its event loop (input, painting) before the next slice, by a
    /// message to ourselves: it queues the next slice as a new task, behind pending input
    /// (which the browser runs first) and frames. A zero `setTimeout` did the same but, from
    /// the fifth in a chain, waits at least 4 ms: a third of every 12 ms went idle, and the
    /// page searched about 30% fewer nodes a second, for no gain in how soon clicks or
    /// frames came (measured in headless Chromium; see docs/web.md).
    pub(crate) struct Yielder {
        /// One channel for the whole job: it stays alive while a message is on its way.
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
