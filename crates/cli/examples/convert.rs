//! Does `qipan-cli bestmove maddell --level master` convert won positions? Picks won
//! sliding positions (5 or 6 pieces a side, seeded), lets the command line play the winner
//! (one process a move, as a tool would) and the table's longest resistance play the loser,
//! and prints for each whether it was won, and in how many plies against the table's
//! distance.
//!
//! ```sh
//! cargo build --release -p qipan-cli --examples
//! target/release/examples/convert TABLE [COUNT] [MOVETIME_MS] [--no-table]
//! ```
//!
//! With `--no-table`, qipan-cli gets an empty data folder and no `--table`: it searches.

use qipan_engine::ai::maddell_table::load;
use qipan_engine::ai::{solver, SolvedValue};
use qipan_engine::games::maddell::{Maddell, Position};
use qipan_engine::games::{Game, Side};
use qipan_engine::random::seeded;
use rand::Rng;
use std::process::Command;

fn main() {
    if let Err(e) = run() {
        eprintln!("convert: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let table_path = args
        .first()
        .ok_or("usage: convert TABLE [COUNT] [MOVETIME_MS] [--no-table]")?;
    let count: usize = args
        .get(1)
        .map_or(Ok(10), |t| t.parse())
        .map_err(|_| "bad COUNT")?;
    let movetime = args.get(2).map_or("1000", String::as_str);
    let with_table = !args.iter().any(|a| a == "--no-table");
    let table = load(std::path::Path::new(table_path)).map_err(|e| e.to_string())?;
    let value_of = |p: &Position| table.value(p).unwrap_or(SolvedValue::Draw);
    let cli = std::env::current_exe()
        .map_err(|e| e.to_string())?
        .parent()
        .and_then(|p| p.parent())
        .ok_or("no target folder")?
        .join("qipan-cli");
    let empty = std::env::temp_dir().join(format!("qipan-convert-{}", std::process::id()));
    std::fs::create_dir_all(&empty).map_err(|e| e.to_string())?;
    let mut rng = seeded(2026, 0);
    let (mut converted, mut exact) = (0, 0);
    let mut done = 0;
    while done < count {
        let mut start = Position {
            pieces: [0, 0],
            hand: [0, 0],
            to_move: Side::X,
        };
        for side in [Side::X, Side::O] {
            start.place_at_random(side, rng.random_range(5..=6), &mut rng);
        }
        start.to_move = if rng.random() { Side::X } else { Side::O };
        let Some(SolvedValue::Win(distance)) = table.value(&start) else {
            continue;
        };
        // Wins of a few plies are no test of play.
        if distance < 9 {
            continue;
        }
        done += 1;
        let text = Maddell.format_position(&start);
        let mut pos = start;
        let mut plies = 0;
        let mut played: Vec<String> = Vec::new();
        while !Maddell.status(&pos).is_over() && plies < distance + 60 {
            let mv = if pos.to_move == start.to_move {
                let mut command = Command::new(&cli);
                command
                    .args([
                        "bestmove",
                        "maddell",
                        "--level",
                        "master",
                        "--movetime",
                        movetime,
                    ])
                    .args(["--pos", &text])
                    .args(&played)
                    .env("XDG_DATA_HOME", &empty);
                if with_table {
                    command.args(["--table", table_path]);
                }
                let out = command.output().map_err(|e| e.to_string())?;
                let answer = String::from_utf8_lossy(&out.stdout).trim().to_owned();
                Maddell
                    .parse_move(&pos, &answer)
                    .map_err(|e| format!("{text}: {e}"))?
            } else {
                solver::best_move(&Maddell, &pos, value_of).ok_or("no move")?
            };
            played.push(Maddell.format_move(mv));
            pos = Maddell.play(&pos, mv);
            plies += 1;
        }
        let won = Maddell.status(&pos).winner() == Some(start.to_move);
        converted += usize::from(won);
        exact += usize::from(won && plies == distance);
        println!(
            "{text}: win {distance} -> {} in {plies} plies",
            if won { "won" } else { "not won" }
        );
    }
    println!("converted {converted} of {count}, {exact} in exactly the table's distance");
    let _ = std::fs::remove_dir_all(&empty);
    Ok(())
}
