//! Builds the Sixpenny Maddell table and prints the figures of docs/engine.md.
//!
//! ```sh
//! cargo run --release -p qipan-engine --example maddell_table -- [PIECES] [--verify N|all] [--save PATH]
//!     [--load PATH] [--levels GAMES] [--slices MS]
//! ```
//!
//! `--slices MS` builds on one thread in steps of MS milliseconds, as the web page does,
//! and reports the longest steps. PIECES (3 to 6, default 6) is the most pieces a side; `--verify` checks N random
//! positions (or all) against the rules; `--save` writes the table, `--load` reads one;
//! `--levels` installs the table and plays each level against the one below from the
//! start, GAMES games a pair, sides alternating, and measures how often each level's moves
//! give away part of its result.

use qipan_engine::ai::maddell_table::{self, Builder, Progress, Sample, Table};
use qipan_engine::ai::matches::level_move;
use qipan_engine::ai::{choose_move, play_match, Level, MatchSettings, SolvedValue};
use qipan_engine::games::maddell::Maddell;
use qipan_engine::games::{Game, Side};
use std::sync::Arc;
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
    let mut levels = None;
    let mut slices = None;
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
            "--slices" => {
                let text = value()?;
                slices = Some(
                    text.parse::<u64>()
                        .map_err(|_| format!("bad --slices '{text}'"))?,
                );
                i += 1;
            }
            "--levels" => {
                let text = value()?;
                levels = Some(
                    text.parse::<u64>()
                        .map_err(|_| format!("bad --levels '{text}'"))?,
                );
                i += 1;
            }
            text => pieces = text.parse().map_err(|_| format!("bad PIECES '{text}'"))?,
        }
        i += 1;
    }
    if let Some(ms) = slices {
        return sliced(pieces, Duration::from_millis(ms));
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
        table.as_bytes().map_or(0, <[u8]>::len)
    );
    report(&table);
    if let Some(path) = save {
        let t = Instant::now();
        maddell_table::save(&table, path.as_ref()).map_err(|e| e.to_string())?;
        println!("saved to {path} in {:.2} s", t.elapsed().as_secs_f64());
    }
    let table = Arc::new(table);
    maddell_table::install(Arc::clone(&table));
    perfect_game(&table);
    if let Some(games) = levels {
        level_matches(games);
        error_rates(&table);
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

/// Each level against the one below, from the start, half the games each way.
fn level_matches(games: u64) {
    for pair in Level::ALL.windows(2) {
        let (lower, upper) = (pair[0], pair[1]);
        let mut tally = [0u64; 3]; // upper wins, lower wins, draws
        for (x, o) in [(upper, lower), (lower, upper)] {
            let settings = MatchSettings {
                games: games / 2,
                seed: 1,
                max_plies: 300,
                opening_plies: 0,
                paired_openings: false,
            };
            let mut this_way = [0u64; 3];
            let played = play_match(&Maddell, &settings, |turn| {
                level_move(&Maddell, turn, [x, o][turn.side.index()], 1.0, None)
            });
            for game in played {
                let status = match game {
                    Ok(game) => game.status,
                    Err(crash) => panic!("{crash}"),
                };
                this_way[match status.winner() {
                    Some(side) if [x, o][side.index()] == upper => 0,
                    Some(_) => 1,
                    None => 2,
                }] += 1;
            }
            println!(
                "  {} as x, {} as o: {} wins for {}, {} for {}, {} draws",
                x.name(),
                o.name(),
                this_way[0],
                upper.name(),
                this_way[1],
                lower.name(),
                this_way[2]
            );
            for (total, part) in tally.iter_mut().zip(this_way) {
                *total += part;
            }
        }
        let decisive = (tally[0] + tally[1]).max(1);
        println!(
            "{} vs {}: {}-{}, {} draws ({:.0}%)",
            upper.name(),
            lower.name(),
            tally[0],
            tally[1],
            tally[2],
            100.0 * tally[0] as f64 / decisive as f64
        );
    }
}

/// How often each level's move gives away part of its result, over the positions of
/// master-against-master games from every first placement (where some move would).
fn error_rates(table: &Table) {
    let class = |v: SolvedValue| match v {
        SolvedValue::Win(_) => 2,
        SolvedValue::Draw => 1,
        SolvedValue::Loss(_) => 0,
    };
    let mut positions = Vec::new();
    let mut first = Vec::new();
    Maddell.legal_moves(&Maddell.start(), &mut first);
    for (seed, &mv) in first.iter().enumerate() {
        let mut pos = Maddell.play(&Maddell.start(), mv);
        for ply in 0..200 {
            if Maddell.status(&pos).is_over() {
                break;
            }
            positions.push(pos);
            let Some(mv) = choose_move(&Maddell, &pos, &[], Level::Master, seed as u64 + ply, None)
            else {
                break;
            };
            pos = Maddell.play(&pos, mv);
        }
    }
    let mut counts = [0u64; 4];
    let mut tried = 0u64;
    for (i, pos) in positions.iter().enumerate() {
        let Some(value) = table.value(pos) else {
            continue;
        };
        let mut moves = Vec::new();
        Maddell.legal_moves(pos, &mut moves);
        let after = |mv| {
            2 - class(
                table
                    .value(&Maddell.play(pos, mv))
                    .unwrap_or(SolvedValue::Draw),
            )
        };
        if moves.iter().all(|&mv| after(mv) == class(value)) {
            continue;
        }
        tried += 1;
        for (l, level) in Level::ALL.into_iter().enumerate() {
            if let Some(mv) = choose_move(&Maddell, pos, &[], level, i as u64, None) {
                counts[l] += u64::from(after(mv) < class(value));
            }
        }
    }
    let side = |pos: &qipan_engine::games::maddell::Position| pos.to_move == Side::X;
    let placing = positions
        .iter()
        .filter(|p| p.hand != [0, 0] && side(p))
        .count();
    println!(
        "error rates over {tried} positions where a move can give the result away ({} positions \
         from {} master games, {placing} of them x placing):",
        positions.len(),
        first.len()
    );
    for (l, level) in Level::ALL.into_iter().enumerate() {
        println!(
            "  {}: {:.0}% (configured {:.0}%)",
            level.name(),
            100.0 * counts[l] as f64 / tried.max(1) as f64,
            100.0 * level.config().error_rate
        );
    }
}

/// Master against master from the start, both playing from the table.
fn perfect_game(table: &Table) {
    let k = table.max_pieces();
    let Ok(mut pos) = Maddell.parse_position(&format!(".................. x {k} {k}")) else {
        return;
    };
    let mut moves = Vec::new();
    while !Maddell.status(&pos).is_over() && moves.len() < 400 {
        let Some(mv) = choose_move(&Maddell, &pos, &[], Level::Master, 0, None) else {
            break;
        };
        moves.push(Maddell.format_move(mv));
        pos = Maddell.play(&pos, mv);
    }
    // A drawn start goes on for ever: show the opening only.
    let shown = moves.len().min(60);
    println!(
        "master against master from the start: {} after {} plies: {}{}",
        Maddell.status(&pos),
        moves.len(),
        moves[..shown].join(" "),
        if shown < moves.len() { " ..." } else { "" }
    );
}

/// Builds on one thread in steps of `slice`, as the web page does; reports the longest.
fn sliced(pieces: usize, slice: Duration) -> Result<(), String> {
    let mut builder = Builder::new(pieces, 1).map_err(|e| e.to_string())?;
    let start = Instant::now();
    let mut steps = Vec::new();
    loop {
        let phase = builder.phase();
        let t = Instant::now();
        let done = builder.step(slice).map_err(|e| e.to_string())? == Progress::Done;
        steps.push((t.elapsed(), phase));
        if done {
            break;
        }
    }
    let total = start.elapsed();
    steps.sort_by_key(|step| std::cmp::Reverse(step.0));
    println!(
        "{} steps in {:.1} s; the longest:",
        steps.len(),
        total.as_secs_f64()
    );
    for (took, phase) in steps.iter().take(12) {
        println!("  {:6.1} ms  {phase}", took.as_secs_f64() * 1000.0);
    }
    let over = |ms: u64| {
        steps
            .iter()
            .filter(|s| s.0 > Duration::from_millis(ms))
            .count()
    };
    println!("steps over 16 ms: {}, over 50 ms: {}", over(16), over(50));
    builder.finish().map_err(|e| e.to_string())?;
    Ok(())
}
