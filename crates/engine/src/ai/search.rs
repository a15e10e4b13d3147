//! Iterative-deepening principal-variation search, written once for every game.
//!
//! The recursion is kept on an explicit stack of frames instead of the call stack, so that a
//! search can stop after any node and resume exactly where it stopped. That is what lets the
//! web build run it in slices of a few milliseconds on the page's only thread, and it makes a
//! sliced search visit the same nodes, in the same order, as an unsliced one.

use super::tt::{Bound, Entry, Table};
use super::{Evaluate, Weights};
use crate::games::{splitmix64, Status};
use web_time::{Duration, Instant};

/// Scores at or beyond this are decided games; `WIN - n` is a win in `n` plies.
pub const WIN: i32 = 1_000_000;
const MAX_PLY: usize = 128;
/// What a repetition costs the searching side, in hundredths of a piece. Half a piece: at 15,
/// master circled into the move limit in 5 of 40 Solidarity games against a plain depth-3
/// player rather than play on; at 50 it won all 40 (`examples/tune.rs duel`).
const CONTEMPT: i32 = 50;
/// Quiescence follows at most this many captures or pushes past the horizon.
const MAX_QUIESCENCE: i32 = 8;

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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Enter,
    NextChild,
    AwaitChild,
}

struct Frame<G: Evaluate> {
    pos: G::Position,
    hash: u64,
    depth: i32,
    alpha: i32,
    beta: i32,
    alpha_orig: i32,
    moves: Vec<G::Move>,
    next: usize,
    best_score: i32,
    best_move: Option<G::Move>,
    stage: Stage,
    quiescent: bool,
    /// The child being searched got a null window (PVS) and may need a re-search.
    null_window: bool,
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
}

impl<G: Evaluate> Searcher<G> {
    pub fn new(game: G, root: G::Position, history: &[G::Position], limits: Limits) -> Self {
        let game_history = history.iter().map(|p| game.hash(p)).collect();
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
            game,
            root,
            limits,
        }
    }

    /// Evaluates with `weights` instead of the game's own (self-play tuning).
    pub fn with_weights(mut self, weights: Weights) -> Self {
        self.weights = weights;
        self
    }

    pub fn outcome(&self) -> Outcome<G::Move> {
        // A move from an unfinished iteration is trusted once it beat the previous best,
        // which is always searched first.
        let best = match (self.iteration_best, self.completed) {
            (Some(now), Some(before)) if now.1 > before.1 => Some(now),
            (_, Some(before)) => Some(before),
            (now, None) => now,
        };
        Outcome {
            best: best.map(|b| b.0),
            score: best.map_or(0, |b| b.1),
            depth: self.completed_depth,
            nodes: self.nodes,
        }
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

    /// Runs to completion (or to the time limit).
    pub fn run(&mut self) -> Outcome<G::Move> {
        while !self.step(None) {}
        self.outcome()
    }

    /// Works until `slice` has passed (or without a slice limit when `None`); returns `true`
    /// once the search is over.
    pub fn step(&mut self, slice: Option<Duration>) -> bool {
        let slice_end = slice.map(|s| Instant::now() + s);
        let mut polled: u32 = 0;
        while !self.finished {
            if self.stack.is_empty() && !self.start_iteration() {
                self.finished = true;
                break;
            }
            polled += 1;
            if polled >= 256 {
                polled = 0;
                let now = Instant::now();
                // The first iteration always completes, so there is always a move.
                let out_of_time =
                    self.completed.is_some() && self.deadline.is_some_and(|d| now >= d);
                if out_of_time {
                    self.finished = true;
                    break;
                }
                if slice_end.is_some_and(|end| now >= end) {
                    return false;
                }
            }
            self.advance();
        }
        true
    }

    /// Pushes the root frame of the next iteration, or says the search is over.
    fn start_iteration(&mut self) -> bool {
        if let Some((_, score)) = self.completed {
            if score.abs() >= WIN - MAX_PLY as i32 {
                return false;
            }
        }
        if self.iteration >= self.limits.max_depth {
            return false;
        }
        if self.completed.is_some() && self.deadline.is_some_and(|d| Instant::now() >= d) {
            return false;
        }
        self.iteration += 1;
        self.iteration_best = None;
        let hash = self.game.hash(&self.root);
        self.push_frame(self.root, hash, self.iteration, -WIN - 1, WIN + 1);
        true
    }

    fn push_frame(&mut self, pos: G::Position, hash: u64, depth: i32, alpha: i32, beta: i32) {
        let mut moves = self.spare.pop().unwrap_or_default();
        moves.clear();
        self.path.push(hash);
        self.stack.push(Frame {
            pos,
            hash,
            depth,
            alpha,
            beta,
            alpha_orig: alpha,
            moves,
            next: 0,
            best_score: -WIN - 1,
            best_move: None,
            stage: Stage::Enter,
            quiescent: depth <= 0,
            null_window: false,
        });
    }

    /// Pops the top frame, handing `score` to its parent (or ending the iteration).
    fn finish(&mut self, score: i32) {
        if let Some(frame) = self.stack.pop() {
            self.spare.push(frame.moves);
        }
        self.path.pop();
        self.returned = score;
        if self.stack.is_empty() {
            if let Some(best) = self.iteration_best {
                self.completed = Some(best);
                self.completed_depth = self.iteration;
            }
        }
    }

    fn ply(&self) -> usize {
        self.stack.len() - 1
    }

    /// One step of the state machine: enter a node, descend into a child, or take a child's
    /// score.
    fn advance(&mut self) {
        let ply = self.ply();
        let top = self.stack.len() - 1;
        match self.stack[top].stage {
            Stage::Enter => self.enter(ply),
            Stage::NextChild => {
                let frame = &self.stack[top];
                if frame.next >= frame.moves.len() || ply >= MAX_PLY {
                    let score = if frame.best_move.is_none() && !frame.quiescent {
                        // Cut off by the ply limit: judge the position as it stands.
                        self.evaluate(&frame.pos)
                    } else {
                        frame.best_score
                    };
                    self.store(top, score);
                    self.finish(score);
                    return;
                }
                let mv = frame.moves[frame.next];
                let child = self.game.play(&frame.pos, mv);
                let hash = self.game.hash(&child);
                let (alpha, beta) = (frame.alpha, frame.beta);
                let null_window = frame.next > 0 && !frame.quiescent && beta - alpha > 1;
                let depth = frame.depth - 1;
                let frame = &mut self.stack[top];
                frame.null_window = null_window;
                frame.stage = Stage::AwaitChild;
                if null_window {
                    self.push_frame(child, hash, depth, -alpha - 1, -alpha);
                } else {
                    self.push_frame(child, hash, depth, -beta, -alpha);
                }
            }
            Stage::AwaitChild => {
                let score = -self.returned;
                let frame = &mut self.stack[top];
                let mv = frame.moves[frame.next];
                if frame.null_window && score > frame.alpha && score < frame.beta {
                    // The null window failed high: search this move again properly.
                    frame.null_window = false;
                    let child = self.game.play(&frame.pos, mv);
                    let hash = self.game.hash(&child);
                    let (alpha, beta, depth) = (frame.alpha, frame.beta, frame.depth - 1);
                    self.push_frame(child, hash, depth, -beta, -alpha);
                    return;
                }
                frame.next += 1;
                frame.stage = Stage::NextChild;
                if score > frame.best_score {
                    frame.best_score = score;
                    frame.best_move = Some(mv);
                    if ply == 0 {
                        self.iteration_best = Some((mv, score));
                    }
                }
                if score > frame.alpha {
                    frame.alpha = score;
                }
                if frame.alpha >= frame.beta {
                    let quiescent = frame.quiescent;
                    let depth = frame.depth;
                    let pos = frame.pos;
                    if !quiescent && !self.game.is_noisy(&pos, mv) {
                        self.reward(ply, mv, depth);
                    }
                    let best = self.stack[top].best_score;
                    self.store(top, best);
                    self.finish(best);
                }
            }
        }
    }

    /// A new node: terminal and repetition checks, table probe, stand-pat, move generation.
    fn enter(&mut self, ply: usize) {
        self.nodes += 1;
        let top = self.stack.len() - 1;
        let (pos, hash, depth) = {
            let f = &self.stack[top];
            (f.pos, f.hash, f.depth)
        };
        if ply > 0 && self.is_repetition(hash, ply) {
            // Contempt: a repetition is a little worse than even for the searching side, so
            // that it plays on for a win instead of circling into a draw by move limit.
            let root_to_move = ply.is_multiple_of(2);
            self.finish(if root_to_move { -CONTEMPT } else { CONTEMPT });
            return;
        }
        let mover = self.game.side_to_move(&pos);
        match self.game.status(&pos) {
            Status::Ongoing => {}
            Status::Draw(_) => return self.finish(0),
            Status::Win(side, _) => {
                let score = WIN - ply as i32;
                return self.finish(if side == mover { score } else { -score });
            }
        }
        let quiescent = self.stack[top].quiescent;
        let mut table_move = None;
        if !quiescent {
            if let Some(entry) = self.table.probe(hash) {
                table_move = entry.best;
                if ply > 0 && entry.depth as i32 >= depth {
                    let score = from_table(entry.score, ply);
                    let f = &self.stack[top];
                    let usable = match entry.bound {
                        Bound::Exact => true,
                        Bound::Lower => score >= f.beta,
                        Bound::Upper => score <= f.alpha,
                    };
                    if usable {
                        return self.finish(score);
                    }
                }
            }
        } else {
            let stand_pat = self.evaluate(&pos);
            let f = &mut self.stack[top];
            if !self.limits.quiescence || stand_pat >= f.beta || -depth >= MAX_QUIESCENCE {
                return self.finish(stand_pat);
            }
            f.best_score = stand_pat;
            f.alpha = f.alpha.max(stand_pat);
        }
        let mut moves = std::mem::take(&mut self.stack[top].moves);
        self.game.legal_moves(&pos, &mut moves);
        if quiescent {
            moves.retain(|&mv| self.game.is_noisy(&pos, mv));
            if moves.is_empty() {
                let score = self.stack[top].best_score;
                self.stack[top].moves = moves;
                return self.finish(score);
            }
        } else if moves.is_empty() {
            // Not finished by the rules, yet no move (cannot happen in these games, which
            // always report such positions as decided); judge it as it stands.
            self.stack[top].moves = moves;
            let score = self.evaluate(&pos);
            return self.finish(score);
        }
        self.order(&pos, &mut moves, table_move, ply);
        let f = &mut self.stack[top];
        f.moves = moves;
        f.stage = Stage::NextChild;
    }

    /// The legal moves of `pos` in the order the search tries them at the root: the checks
    /// of the orderer (it must never drop or repeat a move) go through here.
    pub fn ordered_moves(&self, pos: &G::Position) -> Vec<G::Move> {
        let mut moves = Vec::new();
        self.game.legal_moves(pos, &mut moves);
        let table_move = self.table.probe(self.game.hash(pos)).and_then(|e| e.best);
        self.order(pos, &mut moves, table_move, 0);
        moves
    }

    fn is_repetition(&self, hash: u64, ply: usize) -> bool {
        // Same position with the same side to move: two plies apart at least.
        self.path[..ply]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&h| h == hash)
            || self.game_history.contains(&hash)
    }

    /// Table move first, then captures and pushes, then killers, then by history.
    fn order(
        &self,
        pos: &G::Position,
        moves: &mut [G::Move],
        table_move: Option<G::Move>,
        ply: usize,
    ) {
        let killers = self.killers[ply.min(MAX_PLY)];
        let key = |mv: &G::Move| -> i64 {
            if Some(*mv) == table_move {
                return i64::MIN;
            }
            let mut score = 0i64;
            if self.game.is_noisy(pos, *mv) {
                score += 1 << 40;
                score += self.game.noisy_gain(pos, *mv) as i64 * (1 << 20);
            } else if killers[0] == Some(*mv) {
                score += 1 << 36;
            } else if killers[1] == Some(*mv) {
                score += 1 << 35;
            }
            score += self.history[self.game.history_slot(*mv) % super::HISTORY_SLOTS] as i64;
            -score
        };
        moves.sort_by_cached_key(key);
    }

    fn reward(&mut self, ply: usize, mv: G::Move, depth: i32) {
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let slot = self.game.history_slot(mv) % super::HISTORY_SLOTS;
        self.history[slot] = (self.history[slot] + depth * depth).min(1 << 20);
    }

    fn store(&mut self, top: usize, score: i32) {
        let f = &self.stack[top];
        if f.quiescent {
            return;
        }
        let bound = if score <= f.alpha_orig {
            Bound::Upper
        } else if score >= f.beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let ply = top;
        self.table.store(Entry {
            key: f.hash,
            best: f.best_move,
            score: to_table(score, ply),
            depth: f.depth as i16,
            bound,
        });
    }

    fn evaluate(&self, pos: &G::Position) -> i32 {
        let score = self.game.evaluate(pos, &self.weights);
        if self.limits.noise == 0 {
            return score;
        }
        let h =
            splitmix64(self.game.hash(pos) ^ self.limits.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let spread = 2 * self.limits.noise as u64 + 1;
        score + (h % spread) as i32 - self.limits.noise
    }
}

/// The plies to the end of a decided score (`WIN - n` or `-(WIN - n)`), else `None`.
pub fn decided_in(score: i32) -> Option<u32> {
    (score.abs() >= WIN - MAX_PLY as i32 * 2).then(|| (WIN - score.abs()) as u32)
}

/// Decided scores are stored relative to the node, so they stay right at any ply.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= WIN - MAX_PLY as i32 * 2 {
        score + ply as i32
    } else if score <= -(WIN - MAX_PLY as i32 * 2) {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score >= WIN - MAX_PLY as i32 * 2 {
        score - ply as i32
    } else if score <= -(WIN - MAX_PLY as i32 * 2) {
        score + ply as i32
    } else {
        score
    }
}
