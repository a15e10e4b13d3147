//! Builds the Sixpenny Maddell table and prints the README's figures.
//!
//! ```sh
//! cargo run --release --example maddell_table -- [PIECES] [--verify N|all] [--save PATH] [--load PATH]
//! ```
//!
//! PIECES (3 to 6, default 6) is the most pieces a side; `--verify` checks N random
//! positions (or all) against the rules; `--save` writes the table, `--load` reads one.

use qipan::ai::maddell_table::{self, Builder, Progress, Sample, Table};
use qipan::games::maddell::Maddell;
use qipan::games::Game;
use std::time::{Duration, Instant};

fn main() {
    if let Err(e) = run() {
        eprintln!("maddell_table: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut pieces = maddell_table::MAX_PIECES;
    let mut verify = None;
    let mut save = None;
    let mut load = None;
    let mut i = 0;
    while i < args.len() {
        let value = || {
            args.get(i + 1)
                .cloned()
                .ok_or(format!("{} needs a value", args[i]))
        };
        match args[i].as_str() {
            "--verify" => {
                verify = Some(value()?);
                i += 1;
            }
            "--save" => {
                save = Some(value()?);
                i += 1;
            }
            "--load" => {
                load = Some(value()?);
                i += 1;
            }
            text => pieces = text.parse().map_err(|_| format!("bad PIECES '{text}'"))?,
        }
        i += 1;
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let start = Instant::now();
    let table = match &load {
        Some(path) => maddell_table::load(path.as_ref()).map_err(|e| e.to_string())?,
        None => {
            let mut builder = Builder::new(pieces, threads).map_err(|e| e.to_string())?;
            let mut shown = 0.0;
            let mut phase = (builder.phase(), Instant::now());
            loop {
                if builder.phase() != phase.0 {
                    eprintln!(
                        "  {} took {:.2} s",
                        phase.0,
                        phase.1.elapsed().as_secs_f64()
                    );
                    phase = (builder.phase(), Instant::now());
                }
                match builder
                    .step(Duration::from_millis(500))
                    .map_err(|e| e.to_string())?
                {
                    Progress::Done => break,
                    Progress::Working(done) if done - shown >= 0.1 => {
                        shown = done;
                        eprintln!(
                            "{:5.1}s {:3.0}%",
                            start.elapsed().as_secs_f64(),
                            done * 100.0
                        );
                    }
                    Progress::Working(_) => {}
                }
            }
            builder.finish().map_err(|e| e.to_string())?
        }
    };
    println!(
        "{} the table for {pieces} pieces a side in {:.2} s ({} bytes, {threads} threads)",
        if load.is_some() { "loaded" } else { "built" },
        start.elapsed().as_secs_f64(),
        table.as_bytes().len()
    );
    report(&table);
    if let Some(path) = save {
        let t = Instant::now();
        maddell_table::save(&table, path.as_ref()).map_err(|e| e.to_string())?;
        println!("saved to {path} in {:.2} s", t.elapsed().as_secs_f64());
    }
    if let Some(how) = verify {
        let sample = match how.as_str() {
            "all" => Sample::All,
            n => Sample::Random {
                count: n.parse().map_err(|_| format!("bad --verify '{n}'"))?,
                seed: 1,
            },
        };
        let t = Instant::now();
        let checked = maddell_table::verify(&table, sample, threads)?;
        println!(
            "verified {checked} positions against the rules in {:.1} s",
            t.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

fn report(table: &Table) {
    let [won, lost, drawn] = table.sliding_counts();
    println!("sliding positions: {won} won, {lost} lost, {drawn} drawn (side to move)");
    if let Some((plies, pos)) = table.longest_win() {
        println!(
            "longest win: {plies} plies, e.g. {}",
            Maddell.format_position(&pos)
        );
    }
    let k = table.max_pieces();
    let start = Maddell
        .parse_position(&format!(".................. x {k} {k}"))
        .unwrap_or_else(|_| Maddell.start());
    if let Some(value) = table.value(&start) {
        println!("start ({}): {value}", Maddell.format_position(&start));
        let mut moves = Vec::new();
        Maddell.legal_moves(&start, &mut moves);
        let after: Vec<String> = moves
            .iter()
            .map(|&mv| {
                let child = Maddell.play(&start, mv);
                let value = table
                    .value(&child)
                    .map_or("?".to_owned(), |v| v.to_string());
                format!("{} {value}", Maddell.format_move(mv))
            })
            .collect();
        println!("after each first placement (for o): {}", after.join(", "));
    }
}
