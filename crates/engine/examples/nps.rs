//! The computer's search speed natively, for comparison with the browser's: the browser
//! test (`e2e/test.mjs`) makes a fixed move at Master and reads the nodes per second of the
//! page's answer (`data-nps`); this runs the same search from the same position, the way
//! the desktop app's worker does (a `Task` stepped in 20 ms slices), and prints its figure.
//!
//! ```text
//! cargo run --release -p qipan-engine --example nps -- GAME POSITION [--level master] [--runs N]
//! ```
//!
//! GAME is a game id with its options (`cargo run -p qipan-engine --example games` lists
//! them). Prints one JSON line: `{"game":…,"level":…,"nodes":…,"seconds":…,"nps":…}` with the
//! median run's figures. The page searches with a smaller transposition table (see
//! `TABLE_BITS` in crates/engine/src/ai/mod.rs) and on one thread, like this.

use qipan_engine::ai::{Evaluate, Level, Request, Tables, Task};
use qipan_engine::games::ToGame;
use qipan_engine::games::Variant;
use qipan_engine::with_game;
use std::process::ExitCode;
use std::time::{Duration, Instant};

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("nps: {e}\nusage: nps GAME POSITION [--level master] [--runs N]");
            ExitCode::FAILURE
        }
    }
}

fn run(args: Vec<String>) -> Result<String, String> {
    let mut positional = Vec::new();
    let mut level = Level::Master;
    let mut runs = 3;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--level" => {
                let text = args.next().ok_or("missing LEVEL")?;
                level = Level::parse(&text).ok_or(format!("unknown level '{text}'"))?;
            }
            "--runs" => {
                runs = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|&n| n > 0)
                    .ok_or("--runs needs a positive number")?;
            }
            _ => positional.push(arg),
        }
    }
    let [game_text, position] = positional.as_slice() else {
        return Err("expected GAME and POSITION".to_owned());
    };
    let variant = Variant::parse(game_text).map_err(|e| e.to_string())?;
    let mut figures = Vec::new();
    for seed in 0..runs {
        figures.push(with_game!(variant.to_game(), g => measure(g, position, level, seed))?);
    }
    // The median run by speed: one slow run (another process on the machine) does not count.
    figures.sort_by(|a, b| (a.0 as f64 / a.1).total_cmp(&(b.0 as f64 / b.1)));
    let (nodes, seconds) = figures[figures.len() / 2];
    Ok(format!(
        "{{\"game\":\"{game_text}\",\"level\":\"{}\",\"nodes\":{nodes},\"seconds\":{seconds:.3},\"nps\":{}}}",
        level.name(),
        (nodes as f64 / seconds) as u64
    ))
}

/// Nodes and seconds of one search from `text`.
fn measure<G: Evaluate>(
    game: G,
    text: &str,
    level: Level,
    seed: u64,
) -> Result<(u64, f64), String> {
    let position = game.parse_position(text).map_err(|e| e.to_string())?;
    let request = Request {
        game,
        position,
        history: Vec::new(),
        level,
        seed,
        movetime: None,
        // No solved table: the search is what is measured.
        tables: Tables::default(),
    };
    let started = Instant::now();
    let mut task = Task::new(&request);
    while task.step(Duration::from_millis(20)).is_none() {}
    let seconds = started.elapsed().as_secs_f64();
    if task.nodes() == 0 {
        return Err(
            "the answer needed no search (solved or a single move): pick another position"
                .to_owned(),
        );
    }
    Ok((task.nodes(), seconds))
}
