//! Alpha-beta: principal-variation search and quiescence, one node at a time.
//!
//! Every node is a [`Frame`] on the searcher's stack and goes through the [`Stage`]s:
//! entered (terminal, repetition and table checks, stand-pat, move generation), then one
//! child after another. After the first child, each is searched with a null window around
//! alpha and again with the full window only when it fails high (PVS). Below the horizon a
//! node is quiescent: it stands pat on its evaluation and follows only captures and pushes.

use super::{Evaluate, Searcher, MAX_PLY, WIN};
use crate::ai::tt::{Bound, Entry};
use crate::games::Status;
use crate::random::mix64;

/// What a repetition costs the searching side, in hundredths of a piece. Half a piece: at 15,
/// master circled into the move limit in 5 of 40 Solidarity games against a plain depth-3
/// player rather than play on; at 50 it won all 40 (`examples/tune.rs duel`).
pub const CONTEMPT: i32 = 50;
/// Quiescence follows at most this many captures or pushes past the horizon.
const MAX_QUIESCENCE: i32 = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stage {
    Enter,
    NextChild,
    AwaitChild,
}

pub(super) struct Frame<G: Evaluate> {
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

impl<G: Evaluate> Searcher<G> {
    pub(super) fn push_frame(
        &mut self,
        pos: G::Position,
        hash: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
    ) {
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
            self.complete_iteration();
        }
    }

    fn ply(&self) -> usize {
        self.stack.len() - 1
    }

    /// One step of the state machine: enter a node, descend into a child, or take a child's
    /// score.
    pub(super) fn advance(&mut self) {
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
            // that it plays on for a win instead of circling into a draw by move limit
            // (`Evaluate::repetition_value`, worked out once for the root).
            let root_to_move = ply.is_multiple_of(2);
            let value = self.repetition_value;
            self.finish(if root_to_move { value } else { -value });
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

    /// The game's evaluation, blurred by the level's deterministic noise (the same position
    /// always gets the same blur within a search).
    fn evaluate(&self, pos: &G::Position) -> i32 {
        let score = self.game.evaluate(pos, &self.weights);
        if self.limits.noise == 0 {
            return score;
        }
        let h = mix64(self.game.hash(pos) ^ self.limits.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let spread = 2 * self.limits.noise as u64 + 1;
        score + (h % spread) as i32 - self.limits.noise
    }
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
