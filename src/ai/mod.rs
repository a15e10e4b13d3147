//! The computer opponent: one search written against [`Game`](crate::games::Game), per-game
//! evaluation, the Shuang Cheng solver, and a worker that runs it off the UI's frame loop
//! (a thread natively, a time-sliced task on the web).

mod eval;
mod level;
pub mod maddell_table;
pub mod mcts;
pub mod search;
pub mod solver;
mod tt;
pub mod worker;

pub use level::{Level, LevelConfig};
pub use solver::SolvedValue;

use crate::games::{Game, Side, Status, Variant};
use crate::with_game;
use search::{Limits, Searcher};
use web_time::Duration;

/// Size of the history-heuristic table; [`Evaluate::history_slot`] maps moves into it.
pub const HISTORY_SLOTS: usize = 4096;

/// Most weights any evaluation has; [`Weights`] is a fixed array so that it stays `Copy`.
pub const MAX_WEIGHTS: usize = 8;

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

    /// An exact value table covering `pos`, for games small enough to solve outright.
    fn solution(&self, _pos: &Self::Position) -> Option<&'static solver::Solution<Self>>
    where
        Self: Sized,
    {
        None
    }

    /// The exact value of `pos` with perfect play, where a solved table covers it (Shuang
    /// Cheng always; Maddell once its table is installed).
    fn exact_value(&self, pos: &Self::Position) -> Option<SolvedValue>
    where
        Self: Sized,
    {
        self.solution(pos).map(|s| s.value(self, pos))
    }
}

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
        let task = SearchTask::new(g, request)?;
        Ok(Box::new(task) as Box<dyn Task>)
    })
}

/// A search bound to one game, driven in slices by a worker.
struct SearchTask<G: Evaluate> {
    game: G,
    plan: Plan<G>,
}

enum Plan<G: Evaluate> {
    /// The answer is known without searching (solved game, single move).
    Known(Option<G::Move>),
    Search(Box<Searcher<G>>),
}

impl<G: Evaluate> SearchTask<G> {
    fn new(game: G, request: &Request) -> Result<Self, String> {
        let parse = |text: &str| game.parse_position(text).map_err(|e| e.to_string());
        let position = parse(&request.position)?;
        let history = request
            .history
            .iter()
            .map(|t| parse(t))
            .collect::<Result<Vec<_>, _>>()?;
        let plan = plan(
            &game,
            &position,
            &history,
            request.level,
            request.seed,
            request.movetime,
        );
        Ok(SearchTask { game, plan })
    }
}

impl<G: Evaluate> Task for SearchTask<G> {
    fn step(&mut self, slice: Duration) -> Option<Result<String, String>> {
        let best = match &mut self.plan {
            Plan::Known(best) => *best,
            Plan::Search(searcher) => {
                if !searcher.step(Some(slice)) {
                    return None;
                }
                searcher.outcome().best
            }
        };
        Some(
            best.map(|mv| self.game.format_move(mv))
                .ok_or_else(|| "the game is over".to_owned()),
        )
    }
}

/// Decides how to answer: a table look-up, the only move, or a search with the level's limits.
fn plan<G: Evaluate>(
    game: &G,
    pos: &G::Position,
    history: &[G::Position],
    level: Level,
    seed: u64,
    movetime: Option<Duration>,
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
    if game.exact_value(pos).is_some() {
        // In a solved game a level plays the table's best move except, now and then, the
        // best of the moves that throw away part of its result: a real mistake, and one
        // that looks reasonable, rather than a random move.
        let chance = search::mix(seed ^ game.hash(pos));
        let roll = (chance >> 11) as f64 / (1u64 << 53) as f64;
        // A table covers every child of a position it covers.
        let value_of = |child: &G::Position| game.exact_value(child).unwrap_or(SolvedValue::Draw);
        return Plan::Known(if roll < config.error_rate {
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
const TABLE_BITS: u32 = 20;
#[cfg(target_arch = "wasm32")]
const TABLE_BITS: u32 = 17;

/// Chooses a move for the side to move, searching on this thread until done.
pub fn choose_move<G: Evaluate>(
    game: &G,
    pos: &G::Position,
    history: &[G::Position],
    level: Level,
    seed: u64,
    movetime: Option<Duration>,
) -> Option<G::Move> {
    match plan(game, pos, history, level, seed, movetime) {
        Plan::Known(best) => best,
        Plan::Search(mut searcher) => searcher.run().best,
    }
}

/// How the games of a `qipan-cli match` are played.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    /// The levels of `x` and `o`.
    pub levels: [Level; 2],
    pub seed: u64,
    pub max_plies: u64,
    pub movetime: Option<Duration>,
    /// Every level's own budget times this (calibration runs scale all budgets down by the
    /// same factor so that hundreds of games fit in an hour).
    pub budget_scale: f64,
    /// Plies played at random (from the game's seed) before the levels take over, so that
    /// the games of a match differ even between levels that play without noise.
    pub opening_plies: u64,
}

/// Plays `games` games from the start, on every core; returns each game's final status
/// (`Ongoing` when it reached the ply limit) and length, in game order.
pub fn play_match<G: Evaluate>(
    game: &G,
    settings: &MatchSettings,
    games: u64,
) -> Vec<(Status, u64)> {
    let mut results = vec![(Status::Ongoing, 0); games as usize];
    #[cfg(not(target_arch = "wasm32"))]
    {
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .clamp(1, 8) as u64;
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    scope.spawn(move || {
                        (t..games)
                            .step_by(threads as usize)
                            .map(|i| (i, play_one(game, settings, i)))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            for handle in handles {
                if let Ok(done) = handle.join() {
                    for (i, result) in done {
                        results[i as usize] = result;
                    }
                }
            }
        });
    }
    #[cfg(target_arch = "wasm32")]
    for (i, result) in results.iter_mut().enumerate() {
        *result = play_one(game, settings, i as u64);
    }
    results
}

/// One game of a match; game `i` uses its own seed so that games differ.
fn play_one<G: Evaluate>(game: &G, settings: &MatchSettings, index: u64) -> (Status, u64) {
    let mut pos = game.start();
    let mut history = Vec::new();
    let mut plies = 0;
    while plies < settings.max_plies {
        let status = game.status(&pos);
        if status.is_over() {
            return (status, plies);
        }
        let side = game.side_to_move(&pos);
        let level = settings.levels[side.index()];
        let seed = search::mix(settings.seed ^ index.wrapping_mul(0x1000_0001) ^ plies);
        let scaled = level.budget().mul_f64(settings.budget_scale);
        let movetime = Some(settings.movetime.map_or(scaled, |cap| cap.min(scaled)));
        let chosen = if plies < settings.opening_plies {
            let mut moves = Vec::new();
            game.legal_moves(&pos, &mut moves);
            moves.get(seed as usize % moves.len().max(1)).copied()
        } else {
            choose_move(game, &pos, &history, level, seed, movetime)
        };
        let Some(mv) = chosen else {
            break;
        };
        history.push(pos);
        pos = game.play(&pos, mv);
        plies += 1;
    }
    (game.status(&pos), plies)
}

/// The exact value of `pos` for a game small enough to solve, else `None`.
pub fn solve<G: Evaluate>(game: &G, pos: &G::Position) -> Option<SolvedValue> {
    game.exact_value(pos)
}

/// The side that `status` names as winner, if any.
pub fn winner(status: Status) -> Option<Side> {
    match status {
        Status::Win(side) => Some(side),
        _ => None,
    }
}
