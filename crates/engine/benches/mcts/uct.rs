//! Monte-Carlo tree search (UCT with random playouts), kept only to measure against the
//! alpha-beta search (`main.rs`). Measured, it lost every decisive game (Shuang Cheng split
//! 5-5, each side winning as the first player), so the app does not use it; see docs/engine.md.

use qipan_engine::ai::{Evaluate, Weights};
use qipan_engine::games::Side;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// Playouts longer than this are judged by the evaluation instead.
const PLAYOUT_PLIES: usize = 80;
const EXPLORATION: f64 = 1.4;

struct Node<G: Evaluate> {
    pos: G::Position,
    mv: Option<G::Move>,
    parent: Option<usize>,
    children: Vec<usize>,
    untried: Vec<G::Move>,
    visits: f64,
    /// Sum of results from the point of view of the side that moved into this node.
    reward: f64,
}

/// Chooses a move by UCT within `budget`; `seed` drives the playouts.
pub fn choose_move<G: Evaluate>(
    game: &G,
    root: &G::Position,
    budget: Duration,
    seed: u64,
) -> Option<G::Move> {
    let deadline = Instant::now() + budget;
    let weights = game.default_weights();
    // The playouts need speed, not a stream that stays the same across rand versions.
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut untried = Vec::new();
    game.legal_moves(root, &mut untried);
    if untried.len() <= 1 {
        return untried.first().copied();
    }
    let mut nodes: Vec<Node<G>> = vec![Node {
        pos: *root,
        mv: None,
        parent: None,
        children: Vec::new(),
        untried,
        visits: 0.0,
        reward: 0.0,
    }];
    let mut moves = Vec::new();
    let mut iterations = 0u32;
    while iterations < 64 || Instant::now() < deadline {
        iterations += 1;
        // Selection: descend by UCT while the node is fully expanded.
        let mut at = 0;
        while nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
            let log_n = nodes[at].visits.ln();
            at = *nodes[at]
                .children
                .iter()
                .max_by(|&&a, &&b| {
                    let score = |i: usize| {
                        let n = &nodes[i];
                        n.reward / n.visits + EXPLORATION * (log_n / n.visits).sqrt()
                    };
                    score(a).total_cmp(&score(b))
                })
                .unwrap_or(&at);
        }
        // Expansion: one untried move.
        if !nodes[at].untried.is_empty() {
            let pick = rng.random_range(0..nodes[at].untried.len());
            let mv = nodes[at].untried.swap_remove(pick);
            let pos = game.play(&nodes[at].pos, mv);
            let mut child_moves = Vec::new();
            if !game.status(&pos).is_over() {
                game.legal_moves(&pos, &mut child_moves);
            }
            nodes.push(Node {
                pos,
                mv: Some(mv),
                parent: Some(at),
                children: Vec::new(),
                untried: child_moves,
                visits: 0.0,
                reward: 0.0,
            });
            let child = nodes.len() - 1;
            nodes[at].children.push(child);
            at = child;
        }
        // Playout from the new node, scored for the side that moved into it.
        let mover = game.side_to_move(&nodes[at].pos).opponent();
        let result = playout(game, &weights, nodes[at].pos, mover, &mut moves, &mut rng);
        // Back-propagation, flipping the point of view at each ply.
        let mut node = Some(at);
        let mut value = result;
        while let Some(i) = node {
            nodes[i].visits += 1.0;
            nodes[i].reward += value;
            value = 1.0 - value;
            node = nodes[i].parent;
        }
    }
    nodes[0]
        .children
        .iter()
        .max_by(|&&a, &&b| nodes[a].visits.total_cmp(&nodes[b].visits))
        .and_then(|&i| nodes[i].mv)
}

/// Plays random moves to the end (or the ply cap); 1 = `side` won, 0 = lost, 0.5 = even.
fn playout<G: Evaluate>(
    game: &G,
    weights: &Weights,
    mut pos: G::Position,
    side: Side,
    moves: &mut Vec<G::Move>,
    rng: &mut SmallRng,
) -> f64 {
    for _ in 0..PLAYOUT_PLIES {
        let status = game.status(&pos);
        if let Some(winner) = status.winner() {
            return if winner == side { 1.0 } else { 0.0 };
        }
        if status.is_over() {
            return 0.5;
        }
        moves.clear();
        game.legal_moves(&pos, moves);
        if moves.is_empty() {
            return 0.5;
        }
        pos = game.play(&pos, moves[rng.random_range(0..moves.len())]);
    }
    let score = game.evaluate(&pos, weights) as f64;
    let for_side = if game.side_to_move(&pos) == side {
        score
    } else {
        -score
    };
    1.0 / (1.0 + (-for_side / 200.0).exp())
}
