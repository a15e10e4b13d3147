//! `cargo bench`: perft speed from every start position, and search speed to a fixed depth
//! from fixed positions, with the node counts that make a changed search show up.
//!
//! A plain harness (no statistics crate): each figure is the best of a few runs on one core.

use qipan_engine::ai::search::{Limits, Searcher};
use qipan_engine::ai::Evaluate;
use qipan_engine::games::{perft, Game, Variant};
use qipan_engine::with_game;
use std::time::{Duration, Instant};

/// The depths at which each game's perft is timed.
const PERFT: [(&str, u32); 6] = [
    ("push", 5),
    ("shuangcheng", 24),
    ("maddell", 7),
    ("blockade", 7),
    ("blockade:solidarity", 7),
    ("cannon", 7),
];

/// Fixed search depths (no time limit): same nodes every run unless the search changes.
pub const SEARCH: [(&str, i32); 6] = [
    ("push", 6),
    ("shuangcheng", 20),
    ("maddell", 8),
    ("blockade", 8),
    ("blockade:solidarity", 8),
    ("cannon", 8),
];

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
    for (id, depth) in PERFT.into_iter().filter(|(id, _)| wanted(id)) {
        let variant = Variant::parse(id).expect("known game");
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
    for (id, depth) in SEARCH.into_iter().filter(|(id, _)| wanted(id)) {
        let variant = Variant::parse(id).expect("known game");
        let (nodes, score, took) = with_game!(variant.to_game(), g => bench_search(&g, depth));
        println!(
            "{id:<22}{depth:>6}{nodes:>12}{score:>10}{:>12.1}{:>14.0}",
            took.as_secs_f64() * 1000.0,
            nodes as f64 / took.as_secs_f64()
        );
    }
}
