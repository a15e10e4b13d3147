//! Measures Monte-Carlo tree search (`uct.rs`) against the alpha-beta search at equal time
//! per move, sides alternating, in every game: the figures behind docs/engine.md's "Why
//! alpha-beta". The games are played by `ai::play_match`, like every self-play match.

use qipan_engine::games::ToGame;
mod uct;

use qipan_engine::ai::search::{Limits, Searcher};
use qipan_engine::ai::{self, Evaluate, MatchSettings, Turn};
use qipan_engine::games::{Side, Variant};
use qipan_engine::with_game;
use std::process::ExitCode;
use std::time::Duration;

const GAMES: u64 = 10;
const MOVETIME: Duration = Duration::from_millis(50);
const MAX_PLIES: u64 = 200;

/// MCTS plays x in even games and o in odd ones.
fn mcts_side(game_index: u64) -> Side {
    if game_index.is_multiple_of(2) {
        Side::X
    } else {
        Side::O
    }
}

fn choose<G: Evaluate>(game: &G, turn: &Turn<'_, G>) -> Option<G::Move> {
    if turn.side == mcts_side(turn.game_index) {
        return uct::choose_move(game, turn.pos, MOVETIME, turn.seed);
    }
    let limits = Limits {
        max_depth: 64,
        budget: Some(MOVETIME),
        noise: 0,
        quiescence: true,
        seed: turn.seed,
        table_bits: 18,
    };
    Searcher::new(game.clone(), *turn.pos, turn.history, limits)
        .run()
        .best
}

/// MCTS wins, alpha-beta wins and the rest (draws and games cut at the ply limit).
fn tally<G: Evaluate>(game: &G) -> Result<[u64; 3], String> {
    let settings = MatchSettings {
        games: GAMES,
        seed: 0,
        max_plies: MAX_PLIES,
        opening_plies: 0,
        paired_openings: false,
    };
    let mut tally = [0; 3];
    for result in ai::play_match(game, &settings, |turn| choose(game, turn)) {
        let played = result.map_err(|crash| crash.to_string())?;
        tally[match played.status.winner() {
            Some(side) if side == mcts_side(played.index) => 0,
            Some(_) => 1,
            None => 2,
        }] += 1;
    }
    Ok(tally)
}

fn main() -> ExitCode {
    println!(
        "MCTS against alpha-beta, {GAMES} games a game, {MOVETIME:?} a move, sides alternating"
    );
    println!(
        "{:<22}{:>12}{:>12}{:>8}",
        "game", "mcts wins", "a-b wins", "draws"
    );
    for variant in Variant::ALL {
        let id = variant.to_string();
        let tallied = with_game!(variant.to_game(), g => tally(&g));
        match tallied {
            Ok([mcts, alpha_beta, other]) => {
                println!("{id:<22}{mcts:>12}{alpha_beta:>12}{other:>8}")
            }
            Err(message) => {
                eprintln!("{id}: {message}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
