//! Iterative-deepening principal-variation search, written once for every game.
//!
//! The recursion is kept on an explicit stack of frames instead of the call stack, so that a
//! search can stop after any node and resume exactly where it stopped. That is what lets the
//! web build run it in slices of a few milliseconds on the page's only thread, and it makes a
//! sliced search visit the same nodes, in the same order, as an unsliced one.
//!
//! Split as chess engines split theirs:
//! - this file: the [`Searcher`], its [`Limits`] and what it reports ([`Outcome`], the
//!   principal variation, decided scores);
//! - [`deepening`](self::deepening): one iteration after another, and which move an
//!   unfinished iteration may report;
//! - [`alphabeta`](self::alphabeta): the node state machine, principal-variation search,
//!   quiescence, repetitions and the transposition table;
//! - [`ordering`](self::ordering): move ordering, killers and history;
//! - [`time`](self::time): the deadline and the slices the web build runs it in.

mod alphabeta;
mod deepening;
mod ordering;
mod time;

use super::tt::Table;
use super::{Evaluate, Weights};
use web_time::{Duration, Instant};

use alphabeta::Frame;
pub use alphabeta::CONTEMPT;

/// Scores at or beyond this are decided games; `WIN - n` is a win in `n` plies.
pub const WIN: i32 = 1_000_000;
/// The deepest ply a search goes to, quiescence included.
const MAX_PLY: usize = 128;

/// How hard to look.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_depth: i32,
    /// Wall-clock budget from the moment the search is created; `None`: no time limit.
    pub budget: Option<Duration>,
    /// Amplitude of the deterministic noise added to evaluations (weaker levels).
    pub noise: i32,
    /// Whether to follow captures and pushes past the horizon.
    pub quiescence: bool,
    pub seed: u64,
    /// Transposition table size as a power of two.
    pub table_bits: u32,
}

/// What a finished (or stopped) search found.
#[derive(Clone, Copy, Debug)]
pub struct Outcome<M> {
    pub best: Option<M>,
    pub score: i32,
    /// The deepest iteration that completed.
    pub depth: i32,
    pub nodes: u64,
}

pub struct Searcher<G: Evaluate> {
    game: G,
    root: G::Position,
    limits: Limits,
    deadline: Option<Instant>,
    table: Table<G::Move>,
    /// Hashes of the positions before the root, for repetition checks.
    game_history: Vec<u64>,
    /// Hashes along the current search path, root first.
    path: Vec<u64>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    stack: Vec<Frame<G>>,
    /// Frames kept after popping so their move vectors are reused.
    spare: Vec<Vec<G::Move>>,
    returned: i32,
    iteration: i32,
    completed: Option<(G::Move, i32)>,
    completed_depth: i32,
    iteration_best: Option<(G::Move, i32)>,
    nodes: u64,
    finished: bool,
    weights: Weights,
    /// What a repetition is worth to the side to move at the root
    /// ([`Evaluate::repetition_value`]).
    repetition_value: i32,
}

impl<G: Evaluate> Searcher<G> {
    pub fn new(game: G, root: G::Position, history: &[G::Position], limits: Limits) -> Self {
        let game_history = history.iter().map(|p| game.hash(p)).collect();
        let game_weights = game.default_weights();
        Searcher {
            deadline: limits.budget.map(|b| Instant::now() + b),
            table: Table::new(limits.table_bits),
            game_history,
            path: Vec::with_capacity(MAX_PLY + 16),
            killers: vec![[None, None]; MAX_PLY + 16],
            history: vec![0; super::HISTORY_SLOTS],
            stack: Vec::with_capacity(MAX_PLY + 16),
            spare: Vec::new(),
            returned: 0,
            iteration: 0,
            completed: None,
            completed_depth: 0,
            iteration_best: None,
            nodes: 0,
            finished: false,
            weights: game.default_weights(),
            repetition_value: 0,
            game,
            root,
            limits,
        }
        .with_weights(game_weights)
    }

    /// Evaluates with `weights` instead of the game's own (self-play tuning).
    pub fn with_weights(mut self, weights: Weights) -> Self {
        self.weights = weights;
        let evaluation = self.game.evaluate(&self.root, &weights);
        self.repetition_value = self.game.repetition_value(&self.root, evaluation);
        self
    }

    /// The line the search expects, starting with [`Outcome::best`]: the best move, then each
    /// position's table move, while it is legal, the game goes on and no position repeats.
    /// At most `max_len` moves (the table may have lost the tail of a deep line).
    pub fn principal_variation(&self, max_len: usize) -> Vec<G::Move> {
        let Some(first) = self.outcome().best else {
            return Vec::new();
        };
        let mut line = vec![first];
        let mut pos = self.game.play(&self.root, first);
        let mut seen = vec![self.game.hash(&self.root)];
        let mut moves = Vec::new();
        while line.len() < max_len && !self.game.status(&pos).is_over() {
            let hash = self.game.hash(&pos);
            if seen.contains(&hash) {
                break;
            }
            seen.push(hash);
            let Some(mv) = self.table.probe(hash).and_then(|entry| entry.best) else {
                break;
            };
            moves.clear();
            self.game.legal_moves(&pos, &mut moves);
            if !moves.contains(&mv) {
                break;
            }
            line.push(mv);
            pos = self.game.play(&pos, mv);
        }
        line
    }
}

/// The plies to the end of a decided score (`WIN - n` or `-(WIN - n)`), else `None`.
pub fn decided_in(score: i32) -> Option<u32> {
    (score.abs() >= WIN - MAX_PLY as i32 * 2).then(|| (WIN - score.abs()) as u32)
}
