//! The computer opponent: one search written against [`Game`](crate::games::Game), per-game
//! evaluation, the Shuang Cheng solver, and a worker that runs it off the UI's frame loop
//! (a thread natively, a time-sliced task on the web).

mod level;
pub mod worker;

pub use level::Level;

use crate::games::{Game, Variant};
use crate::with_game;
use web_time::{Duration, Instant};

/// What the app or the command line asks the computer to do.
#[derive(Clone, Debug)]
pub struct Request {
    pub variant: Variant,
    /// The position to move from, as a position text.
    pub position: String,
    /// Earlier positions of the game (position texts, oldest first), so that the search can
    /// avoid walking into repetitions.
    pub history: Vec<String>,
    pub level: Level,
    pub seed: u64,
    /// A hard cap on thinking time; `None` uses the level's own budget.
    pub movetime: Option<Duration>,
}

/// A search that can run in slices and resume where it stopped, so that the web build can
/// hand control back to the browser every few milliseconds.
pub trait Task: Send {
    /// Works for about `slice`; returns the chosen move's text once the search is done.
    fn step(&mut self, slice: Duration) -> Option<Result<String, String>>;
}

/// Prepares a search for `request`; the error names bad input (a malformed position).
pub fn task(request: &Request) -> Result<Box<dyn Task>, String> {
    with_game!(request.variant.to_game(), g => {
        let task = SimpleTask::new(g, request)?;
        Ok(Box::new(task) as Box<dyn Task>)
    })
}

/// Placeholder player until the real search lands: the first legal move.
struct SimpleTask<G: Game> {
    game: G,
    position: G::Position,
    deadline: Instant,
}

impl<G: Game> SimpleTask<G> {
    fn new(game: G, request: &Request) -> Result<Self, String> {
        let position = game
            .parse_position(&request.position)
            .map_err(|e| e.to_string())?;
        let budget = request.movetime.unwrap_or(request.level.budget());
        Ok(SimpleTask {
            game,
            position,
            deadline: Instant::now() + budget,
        })
    }
}

impl<G: Game> Task for SimpleTask<G> {
    fn step(&mut self, _slice: Duration) -> Option<Result<String, String>> {
        let _ = self.deadline;
        let mut moves = Vec::new();
        self.game.legal_moves(&self.position, &mut moves);
        Some(
            moves
                .first()
                .map(|&mv| self.game.format_move(mv))
                .ok_or_else(|| "the game is over".to_owned()),
        )
    }
}
