//! `cargo bench`: perft speed from every start position, and search speed to a fixed depth
//! from fixed positions, with the node counts that make a changed search show up.
//!
//! A plain harness (no statistics crate): each figure is the best of a few runs on one core.

use qipan_engine::ai::search::{Limits, Searcher};
use qipan_engine::ai::Evaluate;
use qipan_engine::games::ToGame;
use qipan_engine::games::{perft, Game, GameId, Variant};
use qipan_engine::with_game;
use std::time::{Duration, Instant};

/// The depth at which each game's perft is timed: a second or so at most. A match on the
/// game, so that the compiler asks for a new game's depth.
fn perft_depth(variant: Variant) -> u32 {
    match variant.game {
        GameId::Push => 5,
        GameId::ShuangCheng => 24,
        GameId::Maddell | GameId::Blockade | GameId::Cannon => 7,
    }
}

/// The fixed search depth (no time limit): same nodes every run unless the search changes.
fn search_depth(variant: Variant) -> i32 {
    match variant.game {
        GameId::Push => 6,
        GameId::ShuangCheng => 20,
        GameId::Maddell | GameId::Blockade | GameId::Cannon => 8,
    }
}

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (T, Duration) {
    let mut best = Duration::MAX;
    let mut result = None;
    for _ in 0..runs {
        let started = Instant::now();
        let r = f();
        best = best.min(started.elapsed());
        result = Some(r);
    }
    (result.expect("at least one run"), best)
}

fn bench_perft<G: Game>(game: &G, depth: u32) -> (u64, Duration) {
    let start = game.start();
    best_of(3, || perft(game, &start, depth))
}

fn bench_search<G: Evaluate>(game: &G, depth: i32) -> (u64, i32, Duration) {
    let start = game.start();
    let limits = Limits {
        max_depth: depth,
        budget: None,
        noise: 0,
        quiescence: true,
        seed: 0,
        table_bits: 20,
    };
    let ((nodes, score), took) = best_of(3, || {
        let outcome = Searcher::new(game.clone(), start, &[], limits).run();
        (outcome.nodes, outcome.score)
    });
    (nodes, score, took)
}

fn main() {
    // `cargo bench -- NAME` runs only the games whose id contains NAME.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let wanted = |id: &str| filter.as_ref().is_none_or(|f| id.contains(f.as_str()));

    println!("perft from the start position (bulk counting at the last ply)");
    println!(
        "{:<22}{:>6}{:>16}{:>12}{:>16}",
        "game", "depth", "leaves", "ms", "leaves/s"
    );
    for variant in Variant::ALL.into_iter().filter(|v| wanted(&v.to_string())) {
        let (id, depth) = (variant.to_string(), perft_depth(variant));
        let (leaves, took) = with_game!(variant.to_game(), g => bench_perft(&g, depth));
        let rate = leaves as f64 / took.as_secs_f64();
        println!(
            "{id:<22}{depth:>6}{leaves:>16}{:>12.1}{:>16.0}",
            took.as_secs_f64() * 1000.0,
            rate
        );
    }

    println!();
    println!(
        "search from the start position to a fixed depth (node counts are a regression check)"
    );
    println!(
        "{:<22}{:>6}{:>12}{:>10}{:>12}{:>14}",
        "game", "depth", "nodes", "score", "ms", "nodes/s"
    );
    for variant in Variant::ALL.into_iter().filter(|v| wanted(&v.to_string())) {
        let (id, depth) = (variant.to_string(), search_depth(variant));
        let (nodes, score, took) = with_game!(variant.to_game(), g => bench_search(&g, depth));
        println!(
            "{id:<22}{depth:>6}{nodes:>12}{score:>10}{:>12.1}{:>14.0}",
            took.as_secs_f64() * 1000.0,
            nodes as f64 / took.as_secs_f64()
        );
    }
}
