//! Where the match controller gets the computer's moves. The app uses the real [`Worker`];
//! tests use [`ManualEngine`], whose answers they hand over themselves, so that the order of
//! a move, an undo and an answer is theirs to choose.

use qipan_engine::ai::worker::{Wake, Worker};
use qipan_engine::ai::{Answer, Evaluate, Request, Thought};
use std::cell::RefCell;
use std::rc::Rc;
use web_time::Duration;

/// Starts the computer thinking about a request.
pub trait Engine<G: Evaluate> {
    fn start(&mut self, request: Request<G>, wake: Wake) -> Box<dyn Thinking<G>>;
}

/// A computer at work. Dropping it cancels the search.
pub trait Thinking<G: Evaluate> {
    /// The answer, once it is ready.
    fn poll(&mut self) -> Option<Thought<G>>;
}

/// The real computer: a thread natively, a sliced task on the web.
#[derive(Clone, Copy, Debug, Default)]
pub struct WorkerEngine;

impl<G: Evaluate> Engine<G> for WorkerEngine {
    fn start(&mut self, request: Request<G>, wake: Wake) -> Box<dyn Thinking<G>> {
        Box::new(Worker::start(request, wake))
    }
}

impl<G: Evaluate> Thinking<G> for Worker<G> {
    fn poll(&mut self) -> Option<Thought<G>> {
        Worker::poll(self)
    }
}

/// A request the [`ManualEngine`] received, with the slot its answer goes to.
struct Pending<G: Evaluate> {
    request: Request<G>,
    answer: Rc<RefCell<Option<Answer<G>>>>,
    /// Set when the controller dropped the thinking (a change made the request stale).
    cancelled: Rc<RefCell<bool>>,
}

/// An engine for tests: it answers only when told to. Clones share the same requests.
pub struct ManualEngine<G: Evaluate> {
    pending: Rc<RefCell<Vec<Pending<G>>>>,
}

impl<G: Evaluate> Clone for ManualEngine<G> {
    fn clone(&self) -> Self {
        ManualEngine {
            pending: Rc::clone(&self.pending),
        }
    }
}

impl<G: Evaluate> Default for ManualEngine<G> {
    fn default() -> Self {
        ManualEngine {
            pending: Rc::default(),
        }
    }
}

impl<G: Evaluate> ManualEngine<G> {
    /// How many requests were made so far.
    pub fn requests(&self) -> usize {
        self.pending.borrow().len()
    }

    /// The newest request, if any.
    pub fn last_request(&self) -> Option<Request<G>> {
        self.pending.borrow().last().map(|p| p.request.clone())
    }

    /// Whether the newest request was cancelled by the controller.
    pub fn last_cancelled(&self) -> bool {
        self.pending
            .borrow()
            .last()
            .is_some_and(|p| *p.cancelled.borrow())
    }

    /// Hands `answer` to the newest request (even a cancelled one: the controller must then
    /// ignore it).
    pub fn answer(&self, answer: Answer<G>) {
        if let Some(p) = self.pending.borrow().last() {
            *p.answer.borrow_mut() = Some(answer);
        }
    }
}

struct ManualThinking<G: Evaluate> {
    answer: Rc<RefCell<Option<Answer<G>>>>,
    cancelled: Rc<RefCell<bool>>,
}

impl<G: Evaluate> Thinking<G> for ManualThinking<G> {
    fn poll(&mut self) -> Option<Thought<G>> {
        self.answer.borrow_mut().take().map(|answer| Thought {
            answer,
            nodes: 0,
            elapsed: Duration::ZERO,
        })
    }
}

impl<G: Evaluate> Drop for ManualThinking<G> {
    fn drop(&mut self) {
        *self.cancelled.borrow_mut() = true;
    }
}

impl<G: Evaluate> Engine<G> for ManualEngine<G> {
    fn start(&mut self, request: Request<G>, _wake: Wake) -> Box<dyn Thinking<G>> {
        let answer = Rc::new(RefCell::new(None));
        let cancelled = Rc::new(RefCell::new(false));
        self.pending.borrow_mut().push(Pending {
            request,
            answer: Rc::clone(&answer),
            cancelled: Rc::clone(&cancelled),
        });
        Box::new(ManualThinking { answer, cancelled })
    }
}
