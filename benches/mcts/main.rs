//! Measures Monte-Carlo tree search against the alpha-beta search at equal time per move,
//! sides alternating, in every game: the figures behind the README's "Why alpha-beta".

mod uct;

use qipan::ai::search::{Limits, Searcher};
use qipan::ai::Evaluate;
use qipan::games::{Side, Status, Variant};
use qipan::with_game;
use std::time::Duration;

const GAMES: u64 = 10;
const MOVETIME: Duration = Duration::from_millis(50);
const MAX_PLIES: u64 = 200;

/// Plays one game; returns the status with `mcts_side` to say who was who.
fn play<G: Evaluate>(game: &G, mcts_side: Side, seed: u64) -> Status {
    let mut pos = game.start();
    let mut history = Vec::new();
    for ply in 0..MAX_PLIES {
        if game.status(&pos).is_over() {
            break;
        }
        let mv = if game.side_to_move(&pos) == mcts_side {
            uct::choose_move(game, &pos, MOVETIME, seed ^ ply)
        } else {
            let limits = Limits {
                max_depth: 64,
                budget: Some(MOVETIME),
                noise: 0,
                quiescence: true,
                seed,
                table_bits: 18,
            };
            Searcher::new(game.clone(), pos, &history, limits)
                .run()
                .best
        };
        let Some(mv) = mv else { break };
        history.push(pos);
        pos = game.play(&pos, mv);
    }
    game.status(&pos)
}

fn main() {
    println!(
        "MCTS against alpha-beta, {GAMES} games a game, {MOVETIME:?} a move, sides alternating"
    );
    println!(
        "{:<22}{:>12}{:>12}{:>8}",
        "game", "mcts wins", "a-b wins", "draws"
    );
    for id in [
        "push",
        "shuangcheng",
        "maddell",
        "blockade",
        "blockade:solidarity",
        "cannon",
    ] {
        let variant = Variant::parse(id).expect("known game");
        let mut tally = [0; 3];
        for i in 0..GAMES {
            let mcts_side = if i % 2 == 0 { Side::X } else { Side::O };
            let status = with_game!(variant.to_game(), g => play(&g, mcts_side, i));
            match status {
                Status::Win(side) if side == mcts_side => tally[0] += 1,
                Status::Win(_) => tally[1] += 1,
                _ => tally[2] += 1,
            }
        }
        println!("{id:<22}{:>12}{:>12}{:>8}", tally[0], tally[1], tally[2]);
    }
}
