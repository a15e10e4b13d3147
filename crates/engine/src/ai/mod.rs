//! The computer opponent: one search written against [`Game`](crate::games::Game), per-game
//! evaluation, the Shuang Cheng solver, and a worker that runs it off the UI's frame loop
//! (a thread natively, a time-sliced task on the web).

pub mod coach;
mod eval;
mod level;
pub mod maddell_table;
pub mod matches;
pub mod outsiders;
pub mod puzzles;
pub mod search;
pub mod solver;
mod tt;
pub mod worker;

pub use level::{Level, LevelConfig, EASY_RATING};
pub use matches::{play_match, CrashedGame, MatchSettings, PlayedGame, Turn};
pub use solver::SolvedValue;

use crate::games::{Game, Side};
use rand::Rng;
use search::{Limits, Searcher};
use std::sync::Arc;
use web_time::Duration;

/// The solved tables a computation reads, handed to it rather than read from a
/// process-wide static: Maddell's, once prepared. Cloning is cheap (an `Arc`).
#[derive(Clone, Default)]
pub struct Tables {
    pub maddell: Option<Arc<maddell_table::Table>>,
}

impl Tables {
    /// The tables installed in this process ([`maddell_table::install`]: the app's, the
    /// command line's and the web page's prepared table), as they stand now.
    pub fn installed() -> Tables {
        Tables {
            maddell: maddell_table::installed(),
        }
    }
}

/// The same tables: the same prepared table, or none (a table is too large to compare by
/// its contents, and is only ever shared).
impl PartialEq for Tables {
    fn eq(&self, other: &Tables) -> bool {
        match (&self.maddell, &other.maddell) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        }
    }
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tables")
            .field("maddell", &self.maddell.as_ref().map(|t| t.max_pieces()))
            .finish()
    }
}

/// Size of the history-heuristic table; [`Evaluate::history_slot`] maps moves into it.
pub const HISTORY_SLOTS: usize = 4096;

/// Most weights any evaluation has; [`Weights`] is a fixed array so that it stays `Copy`.
pub const MAX_WEIGHTS: usize = 12;

/// An evaluation's weights, in the order of [`Evaluate::weight_table`]. They are data rather
/// than constants so that self-play matches (`examples/tune.rs`) can vary them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights(pub [i32; MAX_WEIGHTS]);

impl Weights {
    /// The values of a weight table, in its order.
    pub fn from_table(table: &[(&str, i32)]) -> Weights {
        let mut values = [0; MAX_WEIGHTS];
        for (value, (_, default)) in values.iter_mut().zip(table) {
            *value = *default;
        }
        Weights(values)
    }
}

/// What the search needs to know about a game beyond its rules.
pub trait Evaluate: Game {
    /// The evaluation's weights by name, with the values the self-play matches chose.
    fn weight_table(&self) -> &'static [(&'static str, i32)];

    /// The weights every level plays with.
    fn default_weights(&self) -> Weights {
        Weights::from_table(self.weight_table())
    }

    /// How good `pos` looks for the side to move, in hundredths of a piece.
    fn evaluate(&self, pos: &Self::Position, weights: &Weights) -> i32;

    /// Captures and pushes: tried first, and followed past the search horizon.
    fn is_noisy(&self, pos: &Self::Position, mv: Self::Move) -> bool;

    /// A rough gain of a noisy move, to try the best captures first.
    fn noisy_gain(&self, _pos: &Self::Position, _mv: Self::Move) -> i32 {
        0
    }

    /// A slot for `mv` in the history table (below [`HISTORY_SLOTS`]; collisions are fine).
    fn history_slot(&self, mv: Self::Move) -> usize;

    /// What a repetition costs `side` when it is the searching side, in hundredths of a
    /// piece (the search's default, [`search::CONTEMPT`], unless a game's sides differ).
    fn contempt(&self, _side: Side) -> i32 {
        search::CONTEMPT
    }

    /// What a repetition is worth to the side to move at the root of a search from `root`
    /// (`evaluation`: the root's own evaluation for that side): minus [`Evaluate::contempt`]
    /// unless a game needs more, as Earthen Cannon's soldiers do (see there).
    fn repetition_value(&self, root: &Self::Position, evaluation: i32) -> i32 {
        let _ = evaluation;
        -self.contempt(self.side_to_move(root))
    }

    /// How deep the coach's review searches each position: deep enough to judge a move,
    /// shallow enough that a 60-ply game's review takes at most 30 s natively (measured in
    /// docs/coach.md).
    fn review_depth(&self) -> i32 {
        6
    }

    /// An exact value table covering `pos`, for games small enough to solve outright.
    fn solution(&self, _pos: &Self::Position) -> Option<&'static solver::Solution<Self>>
    where
        Self: Sized,
    {
        None
    }

    /// Whether perfect play comes from a solved table too large to ship, which the app
    /// loads or builds in the background ([`maddell_table`]) before the search reads it.
    fn has_prepared_table(&self) -> bool {
        false
    }

    /// The exact value of `pos` with perfect play, where a solved table covers it (Shuang
    /// Cheng always; Maddell when `tables` holds its table).
    fn exact_value(&self, pos: &Self::Position, _tables: &Tables) -> Option<SolvedValue>
    where
        Self: Sized,
    {
        self.solution(pos).map(|s| s.value(self, pos))
    }
}

/// What the app asks the computer to do: typed positions, never text to parse again.
#[derive(Clone, Debug)]
pub struct Request<G: Game> {
    pub game: G,
    /// The position to move from.
    pub position: G::Position,
    /// Earlier positions of the game, oldest first, so that the search can avoid walking
    /// into repetitions.
    pub history: Vec<G::Position>,
    pub level: Level,
    pub seed: u64,
    /// A hard cap on thinking time; `None` uses the level's own budget.
    pub movetime: Option<Duration>,
    /// The solved tables the answer may come from.
    pub tables: Tables,
}

/// Why the computer gave no move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ThinkError {
    /// The position has no legal move (the game is over).
    NoMove,
    /// The search panicked; the text is the panic's message, for the log and the notice.
    Crashed(String),
}

impl std::fmt::Display for ThinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ThinkError::NoMove => f.write_str("the game is over"),
            ThinkError::Crashed(why) => write!(f, "the search failed: {why}"),
        }
    }
}

/// The computer's answer to a [`Request`].
pub type Answer<G> = Result<<G as Game>::Move, ThinkError>;

/// An answer with what it cost: the browser test compares the page's search speed with the
/// native one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought<G: Game> {
    pub answer: Answer<G>,
    /// Positions the search visited (0 when the answer needed no search).
    pub nodes: u64,
    /// Wall-clock time from the request to the answer.
    pub elapsed: Duration,
}

/// A search that can run in slices and resume where it stopped, so that the web build can
/// hand control back to the browser every few milliseconds.
pub struct Task<G: Evaluate> {
    plan: Plan<G>,
}

impl<G: Evaluate> Task<G> {
    /// Prepares the search that answers `request`.
    pub fn new(request: &Request<G>) -> Task<G> {
        let plan = plan(
            &request.game,
            &request.position,
            &request.history,
            request.level,
            request.seed,
            request.movetime,
            &request.tables,
        );
        Task { plan }
    }

    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        match &self.plan {
            Plan::Known(_) => 0,
            Plan::Search(searcher) => searcher.outcome().nodes,
        }
    }

    /// Works for about `slice`; returns the answer once the search is done.
    pub fn step(&mut self, slice: Duration) -> Option<Answer<G>> {
        let best = match &mut self.plan {
            Plan::Known(best) => *best,
            Plan::Search(searcher) => {
                if !searcher.step(Some(slice)) {
                    return None;
                }
                searcher.outcome().best
            }
        };
        Some(best.ok_or(ThinkError::NoMove))
    }
}

enum Plan<G: Evaluate> {
    /// The answer is known without searching (solved game, single move).
    Known(Option<G::Move>),
    Search(Box<Searcher<G>>),
}

/// Decides how to answer: a table look-up, the only move, or a search with the level's limits.
fn plan<G: Evaluate>(
    game: &G,
    pos: &G::Position,
    history: &[G::Position],
    level: Level,
    seed: u64,
    movetime: Option<Duration>,
    tables: &Tables,
) -> Plan<G> {
    let mut moves = Vec::new();
    game.legal_moves(pos, &mut moves);
    if game.status(pos).is_over() || moves.is_empty() {
        return Plan::Known(None);
    }
    if moves.len() == 1 {
        return Plan::Known(moves.first().copied());
    }
    let config = level.config();
    if game.exact_value(pos, tables).is_some() {
        // In a solved game a level plays the table's best move except, now and then, the
        // best of the moves that throw away part of its result: a real mistake, and one
        // that looks reasonable, rather than a random move.
        // The roll is drawn from the seed's stream for this position, so that a seed gives
        // each position its own chance.
        let mistake = crate::random::seeded(seed, game.hash(pos)).random_bool(config.error_rate);
        // A table covers every child of a position it covers.
        let value_of =
            |child: &G::Position| game.exact_value(child, tables).unwrap_or(SolvedValue::Draw);
        return Plan::Known(if mistake {
            solver::best_mistake(game, pos, value_of)
        } else {
            solver::best_move(game, pos, value_of)
        });
    }
    let budget = match movetime {
        Some(cap) => cap.min(config.budget),
        None => config.budget,
    };
    let limits = Limits {
        max_depth: config.max_depth,
        budget: Some(budget),
        noise: config.noise,
        quiescence: config.quiescence,
        seed,
        table_bits: TABLE_BITS,
    };
    Plan::Search(Box::new(Searcher::new(game.clone(), *pos, history, limits)))
}

/// Transposition-table size: smaller on the web, where memory is tighter.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) const TABLE_BITS: u32 = 20;
#[cfg(target_arch = "wasm32")]
pub(crate) const TABLE_BITS: u32 = 17;

/// Chooses a move for the side to move, searching on this thread until done, with the
/// tables installed in this process.
pub fn choose_move<G: Evaluate>(
    game: &G,
    pos: &G::Position,
    history: &[G::Position],
    level: Level,
    seed: u64,
    movetime: Option<Duration>,
) -> Option<G::Move> {
    match plan(
        game,
        pos,
        history,
        level,
        seed,
        movetime,
        &Tables::installed(),
    ) {
        Plan::Known(best) => best,
        Plan::Search(mut searcher) => searcher.run().best,
    }
}

/// The exact value of `pos` for a game small enough to solve (with the tables installed in
/// this process), else `None`.
pub fn solve<G: Evaluate>(game: &G, pos: &G::Position) -> Option<SolvedValue> {
    game.exact_value(pos, &Tables::installed())
}
