//! Retrograde analysis: the exact value of every position of a game small enough to list.
//!
//! Values are found backwards from the finished positions, breadth first, so a win is the
//! fastest win and a loss the slowest loss. Positions never decided that way are draws
//! (the side to move can keep the game going forever).

use super::Evaluate;
use crate::games::{Game, Status};
use rustc_hash::FxHashMap;
use std::fmt;

/// The value of a position for the side to move with best play by both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolvedValue {
    /// Wins in this many plies.
    Win(u32),
    /// Loses in this many plies.
    Loss(u32),
    Draw,
}

impl fmt::Display for SolvedValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolvedValue::Win(n) => write!(f, "win {n}"),
            SolvedValue::Loss(n) => write!(f, "loss {n}"),
            SolvedValue::Draw => f.write_str("draw"),
        }
    }
}

/// The value of every position in a closed set of positions.
pub struct Solution<G: Evaluate> {
    index: FxHashMap<G::Position, usize>,
    values: Vec<SolvedValue>,
}

impl<G: Evaluate> Solution<G> {
    /// Solves `positions`, which must be closed under legal moves (every child is listed).
    /// Children outside the set are treated as draws.
    pub fn new(game: &G, positions: Vec<G::Position>) -> Self {
        let index: FxHashMap<G::Position, usize> =
            positions.iter().enumerate().map(|(i, p)| (*p, i)).collect();
        let n = positions.len();
        let mut values: Vec<Option<SolvedValue>> = vec![None; n];
        let mut parents: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut undecided_children = vec![0u32; n];
        let mut queue = std::collections::VecDeque::new();
        let mut moves = Vec::new();
        for (i, pos) in positions.iter().enumerate() {
            match game.status(pos) {
                Status::Ongoing => {}
                Status::Draw(_) => {
                    values[i] = Some(SolvedValue::Draw);
                    continue;
                }
                Status::Win(side, _) => {
                    values[i] = Some(if side == game.side_to_move(pos) {
                        SolvedValue::Win(0)
                    } else {
                        SolvedValue::Loss(0)
                    });
                    queue.push_back(i);
                    continue;
                }
            }
            moves.clear();
            game.legal_moves(pos, &mut moves);
            for &mv in &moves {
                if let Some(&child) = index.get(&game.play(pos, mv)) {
                    parents[child].push(i as u32);
                    undecided_children[i] += 1;
                } else {
                    // An unknown child can never be counted as won for the opponent.
                    undecided_children[i] += 1 << 30;
                }
            }
        }
        while let Some(child) = queue.pop_front() {
            let child_value = values[child];
            for &parent in &parents[child] {
                let parent = parent as usize;
                if values[parent].is_some() {
                    continue;
                }
                match child_value {
                    Some(SolvedValue::Loss(k)) => {
                        values[parent] = Some(SolvedValue::Win(k + 1));
                        queue.push_back(parent);
                    }
                    Some(SolvedValue::Win(k)) => {
                        undecided_children[parent] -= 1;
                        if undecided_children[parent] == 0 {
                            values[parent] = Some(SolvedValue::Loss(k + 1));
                            queue.push_back(parent);
                        }
                    }
                    _ => {}
                }
            }
        }
        Solution {
            index,
            values: values
                .into_iter()
                .map(|v| v.unwrap_or(SolvedValue::Draw))
                .collect(),
        }
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value of `pos` (a position outside the solved set counts as a draw).
    pub fn value(&self, _game: &G, pos: &G::Position) -> SolvedValue {
        self.index
            .get(pos)
            .map_or(SolvedValue::Draw, |&i| self.values[i])
    }

    /// The best move: the fastest win, else a drawing move, else the slowest loss.
    pub fn best_move(&self, game: &G, pos: &G::Position) -> Option<G::Move> {
        best_move(game, pos, |p| self.value(game, p))
    }

    /// The best move that gives up part of the result; see [`best_mistake`].
    pub fn best_mistake(&self, game: &G, pos: &G::Position) -> Option<G::Move> {
        best_mistake(game, pos, |p| self.value(game, p))
    }
}

/// Ranks a move by the value it leaves the opponent: lower is better for the mover.
fn rank<G: Game>(
    game: &G,
    pos: &G::Position,
    mv: G::Move,
    value_of: &impl Fn(&G::Position) -> SolvedValue,
) -> i64 {
    match value_of(&game.play(pos, mv)) {
        SolvedValue::Loss(k) => -(1 << 20) + k as i64,
        SolvedValue::Draw => 0,
        SolvedValue::Win(k) => (1 << 20) - k as i64,
    }
}

/// The best move by exact values (`value_of` gives each child's, for its side to move):
/// the fastest win, else a drawing move, else the slowest loss.
pub fn best_move<G: Game>(
    game: &G,
    pos: &G::Position,
    value_of: impl Fn(&G::Position) -> SolvedValue,
) -> Option<G::Move> {
    let mut moves = Vec::new();
    game.legal_moves(pos, &mut moves);
    moves
        .into_iter()
        .min_by_key(|&mv| rank(game, pos, mv, &value_of))
}

/// The best move that gives up part of the result (a win for a draw or loss, a draw for a
/// loss); the best move when every move keeps the result. `value_of` as for [`best_move`].
pub fn best_mistake<G: Game>(
    game: &G,
    pos: &G::Position,
    value_of: impl Fn(&G::Position) -> SolvedValue,
) -> Option<G::Move> {
    let class = |value: SolvedValue| match value {
        SolvedValue::Win(_) => 2,
        SolvedValue::Draw => 1,
        SolvedValue::Loss(_) => 0,
    };
    let mut moves = Vec::new();
    game.legal_moves(pos, &mut moves);
    let children: Vec<(G::Move, SolvedValue)> = moves
        .iter()
        .map(|&mv| (mv, value_of(&game.play(pos, mv))))
        .collect();
    // The position's own class, from its children (the best the mover can do).
    let now = children
        .iter()
        .map(|&(_, child)| 2 - class(child))
        .max()
        .unwrap_or(0);
    let worse = children
        .iter()
        // The child's value is the opponent's: flip it to the mover's side.
        .filter(|&&(_, child)| 2 - class(child) < now)
        .min_by_key(|&&(mv, _)| rank(game, pos, mv, &value_of))
        .map(|&(mv, _)| mv);
    worse.or_else(|| best_move(game, pos, value_of))
}
