//! `qipan-cli` as a user or a checking tool meets it: exact output on stdout, exit codes, and
//! one line on stderr for bad input (the contract in `src/bin/qipan-cli.rs`'s header).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

fn cli(args: &[&str]) -> Output {
    cli_in(&empty_data_dir(), args)
}

/// Runs qipan-cli with `data_home` as `XDG_DATA_HOME`, so that the app's data folder (where
/// the Maddell table is looked for) is `data_home/qipan`, never the real one.
fn cli_in(data_home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qipan-cli"))
        .args(args)
        .env("XDG_DATA_HOME", data_home)
        .output()
        .expect("qipan-cli runs")
}

/// A folder of this test run's own under the build's temporary folder (inside `target/`,
/// so nothing is left behind elsewhere), made afresh.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("qipan-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("makes a directory");
    dir
}

/// The data home every command runs with unless a test gives its own: empty, so that no
/// test finds (or builds) a Maddell table there.
fn empty_data_dir() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| scratch("empty-data")).clone()
}

/// The note qipan-cli writes when the Maddell table is missing and a move is due in time.
const SEARCHING_NOTE: &str = "qipan-cli: Maddell's table is not built yet; searching instead \
(run 'qipan-cli solve maddell' once to build it)\n";

/// Runs a command that must succeed and returns its standard output.
fn ok(args: &[&str]) -> String {
    let out = cli(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    assert!(out.stderr.is_empty(), "{args:?} wrote to stderr: {stderr}");
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Runs a command that must succeed with exactly `note` on standard error.
fn ok_with_note(args: &[&str], note: &str) -> String {
    let out = cli(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    assert_eq!(stderr, note, "{args:?}");
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Runs a command that must be refused: exit 2, nothing on stdout, one line on stderr that
/// names `offending`.
fn refused(args: &[&str], offending: &str) {
    let out = cli(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.ends_with('\n'));
    assert!(
        stderr.contains(offending),
        "{args:?}: {stderr} does not name {offending:?}"
    );
}

const GAMES: [&str; 6] = [
    "push",
    "shuangcheng",
    "maddell",
    "blockade",
    "blockade:solidarity",
    "cannon",
];

#[test]
fn start_prints_the_start_position_text() {
    assert_eq!(ok(&["start", "shuangcheng"]), "ooos.sxxx x 0\n");
    assert_eq!(ok(&["start", "maddell"]), ".................. x 6 6\n");
    assert_eq!(
        ok(&["start", "blockade:solidarity"]),
        "xxxxxx...x.....o...oooooo x\n"
    );
    assert_eq!(
        ok(&["start", "cannon"]),
        "ooooooooooooooo...........xxx. x -\n"
    );
    assert_eq!(
        ok(&["start", "push"]),
        "xxxxxxxxxxx..xxx.............................ooo..ooooooooooo x\n"
    );
}

#[test]
fn moves_are_sorted_by_byte_order_one_a_line() {
    assert_eq!(ok(&["moves", "shuangcheng"]), "bh-c\nl-c\nr-c\n");
    for game in GAMES {
        let out = ok(&["moves", game]);
        let lines: Vec<&str> = out.lines().collect();
        let mut sorted = lines.clone();
        sorted.sort();
        assert_eq!(lines, sorted, "{game}");
        assert!(!lines.is_empty(), "{game}");
        assert!(out.ends_with('\n'));
    }
}

#[test]
fn moves_prints_nothing_when_the_game_is_over() {
    assert_eq!(ok(&["moves", "shuangcheng", "--pos", "so.o..xo. x 0"]), "");
    assert_eq!(
        ok(&["status", "shuangcheng", "--pos", "so.o..xo. x 0"]),
        "o-wins\n"
    );
}

#[test]
fn apply_prints_the_position_and_the_status() {
    assert_eq!(
        ok(&["apply", "shuangcheng", "l-c", "tl-l"]),
        ".ooossxxx x 0\no-wins\n"
    );
    assert_eq!(
        ok(&["apply", "shuangcheng", "--pos", "o...s..x. x 0", "c-th"]),
        "os.....x. o 1\nongoing\n"
    );
}

#[test]
fn apply_plays_the_first_legal_move_of_every_game() {
    for game in GAMES {
        let first = ok(&["moves", game]);
        let first = first.lines().next().expect("a move");
        let out = ok(&["apply", game, first]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{game}");
        assert_eq!(lines[1], "ongoing", "{game}");
        // The printed position is accepted back.
        ok(&["status", game, "--pos", lines[0]]);
    }
}

#[test]
fn perft_counts_and_divides() {
    assert_eq!(ok(&["perft", "shuangcheng", "0"]), "1\n");
    assert_eq!(ok(&["perft", "shuangcheng", "2"]), "6\n");
    assert_eq!(
        ok(&["perft", "shuangcheng", "2", "--divide"]),
        "bh-c 2\nl-c 2\nr-c 2\n6\n"
    );
    assert_eq!(
        ok(&["perft", "shuangcheng", "3", "--pos", "so.o..xo. x 0"]),
        "0\n"
    );
    for game in GAMES {
        let total = ok(&["perft", game, "2"]);
        let divided = ok(&["perft", game, "2", "--divide"]);
        assert_eq!(divided.lines().last(), total.lines().next(), "{game}");
        let sum: u64 = divided
            .lines()
            .rev()
            .skip(1)
            .map(|l| {
                l.rsplit(' ')
                    .next()
                    .and_then(|n| n.parse::<u64>().ok())
                    .expect("count")
            })
            .sum();
        assert_eq!(sum.to_string(), total.trim(), "{game}");
    }
}

#[test]
fn bad_input_is_refused_with_one_line() {
    refused(&["start", "chess"], "chess");
    refused(&["start", "push:solidarity"], "push:solidarity");
    refused(&["start"], "GAME");
    refused(&[], "command");
    refused(&["frobnicate", "push"], "frobnicate");
    refused(
        &["moves", "shuangcheng", "--pos", "ooos.sxxx x"],
        "ooos.sxxx x",
    );
    refused(
        &["moves", "shuangcheng", "--pos", "ooos.sxxq x 0"],
        "ooos.sxxq",
    );
    refused(&["moves", "shuangcheng", "--pos"], "--pos");
    refused(&["apply", "shuangcheng", "c-bl"], "c-bl");
    refused(&["apply", "shuangcheng", "tl-th"], "tl-th");
    refused(&["apply", "shuangcheng", "bh-c", "bh-c"], "bh-c");
    refused(&["apply", "shuangcheng"], "MOVE");
    refused(&["perft", "shuangcheng", "two"], "two");
    refused(&["perft", "shuangcheng", "-1"], "-1");
    refused(&["perft", "shuangcheng"], "DEPTH");
    refused(&["moves", "shuangcheng", "--divide"], "--divide");
    refused(&["bestmove", "shuangcheng"], "--level");
    refused(
        &["bestmove", "shuangcheng", "--level", "grandmaster"],
        "grandmaster",
    );
    refused(
        &["bestmove", "shuangcheng", "--level", "easy", "--seed", "x1"],
        "x1",
    );
    refused(
        &["match", "shuangcheng", "--x", "easy", "--o", "easy"],
        "--games",
    );
    refused(&["solve", "push"], "push");
    refused(
        &[
            "moves",
            "shuangcheng",
            "--pos",
            "ooos.sxxx x 0",
            "--pos",
            "x",
        ],
        "--pos",
    );
    refused(&["perft", "shuangcheng", "2", "--divide=yes"], "--divide");
    refused(&["perft", "shuangcheng", "+2"], "+2");
    // A line break in the offending text is spelled out: still one line.
    refused(
        &["moves", "shuangcheng", "--pos", "ooos.sxxx x\n0"],
        "ooos.sxxx x\\n0",
    );
    for game in GAMES {
        refused(&["apply", game, "nonsense"], "nonsense");
        refused(&["moves", game, "--pos", "x"], "'x'");
        refused(&["status", game, "--pos", ""], "''");
    }
}

#[test]
fn bestmove_returns_a_legal_move_deterministically() {
    for game in GAMES {
        let legal = ok(&["moves", game]);
        let args = [
            "bestmove",
            game,
            "--level",
            "medium",
            "--seed",
            "5",
            "--movetime",
            "20000",
        ];
        // Maddell's table is missing (and not built under a time limit): it searches, and
        // says so.
        let chosen = if game == "maddell" {
            ok_with_note(&args, SEARCHING_NOTE)
        } else {
            ok(&args)
        };
        assert!(
            legal.lines().any(|m| format!("{m}\n") == chosen),
            "{game}: {chosen}"
        );
        let again = if game == "maddell" {
            ok_with_note(&args, SEARCHING_NOTE)
        } else {
            ok(&args)
        };
        assert_eq!(again, chosen, "{game}: same seed, same move");
    }
}

#[test]
fn match_prints_a_line_a_game_and_the_tally() {
    let out = ok(&[
        "match",
        "shuangcheng",
        "--x",
        "easy",
        "--o",
        "easy",
        "--games",
        "3",
        "--seed",
        "1",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4);
    for (i, line) in lines[..3].iter().enumerate() {
        let prefix = format!("game {}: ", i + 1);
        assert!(line.starts_with(&prefix), "{line}");
        let rest = &line[prefix.len()..];
        let words: Vec<&str> = rest.split(' ').collect();
        assert!(["x-wins", "o-wins", "draw"].contains(&words[0]), "{line}");
        assert_eq!((words[1], words[3]), ("in", "plies"), "{line}");
    }
    let tally: Vec<&str> = lines[3].split(' ').collect();
    assert_eq!(tally.len(), 6);
    assert_eq!(
        (tally[0], tally[2], tally[4]),
        ("x-wins", "o-wins", "draws")
    );
    let total: u32 = [tally[1], tally[3], tally[5]]
        .iter()
        .map(|n| n.parse::<u32>().expect("number"))
        .sum();
    assert_eq!(total, 3);
}

#[test]
fn a_match_reaching_the_ply_limit_is_a_draw() {
    let out = ok(&[
        "match",
        "blockade",
        "--x",
        "easy",
        "--o",
        "easy",
        "--games",
        "2",
        "--max-plies",
        "2",
    ]);
    assert_eq!(
        out,
        "game 1: draw in 2 plies\ngame 2: draw in 2 plies\nx-wins 0 o-wins 0 draws 2\n"
    );
}

#[test]
fn solve_gives_shuang_chengs_value() {
    let out = ok(&["solve", "shuangcheng"]);
    assert!(out.starts_with("win ") && out.ends_with('\n'), "{out}");
    assert_eq!(
        ok(&["solve", "shuangcheng", "--pos", "so.o..xo. x 0"]),
        "loss 0\n"
    );
}

/// Whether `text` is `analyse`'s score: an integer, `win N`, `loss N` or `draw`.
fn is_score(text: &str) -> bool {
    let number = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    match text.split(' ').collect::<Vec<_>>().as_slice() {
        ["draw"] => true,
        ["win" | "loss", n] => number(n),
        [n] => number(n.strip_prefix('-').unwrap_or(n)),
        _ => false,
    }
}

#[test]
fn analyse_prints_the_score_the_best_move_and_the_line() {
    for game in GAMES.iter().filter(|&&g| g != "maddell") {
        let out = ok(&["analyse", game, "--depth", "3"]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{game}: {out}");
        let score = lines[0].strip_prefix("score ").expect("score line");
        assert!(is_score(score), "{game}: {out}");
        let best = lines[1].strip_prefix("best ").expect("best line");
        assert!(
            ok(&["moves", game]).lines().any(|m| m == best),
            "{game}: {out}"
        );
        let line = lines[2].strip_prefix("pv ").expect("pv line");
        assert_eq!(line.split(' ').next(), Some(best), "{game}: {out}");
        // The line is playable from the position.
        let mut args = vec!["apply", game];
        args.extend(line.split(' '));
        ok(&args);
        assert_eq!(
            ok(&["analyse", game, "--depth", "3"]),
            out,
            "{game}: reproducible"
        );
    }
}

#[test]
fn analyse_is_exact_where_the_game_is_solved_and_follows_the_moves() {
    let solved = ok(&["solve", "shuangcheng"]);
    let out = ok(&["analyse", "shuangcheng"]);
    assert!(
        out.starts_with(&format!("score {solved}")),
        "{out} vs {solved}"
    );
    // After a move, the other side's value: `solve` of the position reached.
    let after = ok(&["apply", "shuangcheng", "l-c"]);
    let pos = after.lines().next().expect("position");
    let solved = ok(&["solve", "shuangcheng", "--pos", pos]);
    let out = ok(&["analyse", "shuangcheng", "l-c"]);
    assert!(
        out.starts_with(&format!("score {solved}")),
        "{out} vs {solved}"
    );
    // A small Maddell position is solved on the spot.
    let out = ok(&["analyse", "maddell", "--pos", "xxx.....ooo....... x 0 0"]);
    assert!(
        out.starts_with("score win ")
            || out.starts_with("score loss ")
            || out.starts_with("score draw"),
        "{out}"
    );
}

#[test]
fn bestmove_plays_the_moves_given_after_the_options() {
    let after = ok(&["apply", "shuangcheng", "l-c"]);
    let pos = after.lines().next().expect("position");
    let legal = ok(&["moves", "shuangcheng", "--pos", pos]);
    let chosen = ok(&["bestmove", "shuangcheng", "--level", "master", "l-c"]);
    assert!(
        legal.lines().any(|m| format!("{m}\n") == chosen),
        "{chosen} in {legal}"
    );
    refused(
        &["bestmove", "shuangcheng", "--level", "master", "zz"],
        "zz",
    );
}

#[test]
fn review_labels_every_ply_and_counts_the_labels() {
    let moves = ["l-c", "th-l", "c-th", "l-c"];
    let mut args = vec!["review", "shuangcheng"];
    args.extend(moves);
    let out = ok(&args);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), moves.len() + 1, "{out}");
    let mut counted = 0;
    for (i, line) in lines[..moves.len()].iter().enumerate() {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields.len(), 5, "{line}");
        assert_eq!(fields[0], (i + 1).to_string());
        assert_eq!(fields[1], moves[i]);
        assert!(
            ["best", "good", "inaccuracy", "mistake", "blunder"].contains(&fields[2]),
            "{line}"
        );
        // Exact values: a blunder's loss is `-`, every other move loses nothing.
        let loss = if fields[2] == "blunder" { "-" } else { "0" };
        assert_eq!(fields[3], loss, "{line}");
        counted += 1;
    }
    let summary: Vec<&str> = lines[moves.len()].split(' ').collect();
    assert_eq!(summary[0], "summary");
    assert_eq!(summary.len(), 11, "{out}");
    let total: u32 = summary[1..]
        .iter()
        .map(|n| n.parse::<u32>().expect("a count"))
        .sum();
    assert_eq!(total, counted);
    for game in GAMES.iter().filter(|&&g| g != "maddell") {
        let first = ok(&["moves", game]);
        let first = first.lines().next().expect("a move");
        let out = ok(&["review", game, "--depth", "2", first]);
        assert!(out.starts_with(&format!("1 {first} ")), "{game}: {out}");
    }
}

#[test]
fn coach_commands_refuse_bad_input() {
    refused(
        &["analyse", "push", "--depth", "3", "--movetime", "100"],
        "--depth",
    );
    refused(&["analyse", "push", "--depth", "0"], "'0'");
    refused(&["analyse", "push", "--depth", "x"], "'x'");
    refused(
        &["analyse", "shuangcheng", "--pos", "so.o..xo. x 0"],
        "over",
    );
    refused(&["analyse", "push", "--level", "easy"], "--level");
    refused(&["review", "push"], "MOVE");
    refused(&["review", "push", "--pos", "x"], "--pos");
    refused(&["review", "shuangcheng", "l-c", "l-c"], "l-c");
}

/// `qipan-cli solve maddell` builds what a position needs and prints the table's value;
/// a damaged `--table` file is bad input.
#[test]
fn solve_maddell_gives_the_tables_value_and_refuses_damaged_tables() {
    use qipan_engine::ai::maddell_table::Builder;
    use qipan_engine::games::maddell::{Maddell, Position};
    use qipan_engine::games::{Game, Side};
    let table = Builder::new(4, 2).and_then(Builder::run).expect("builds");
    // Three-a-side sliding positions, fixed so that a failure replays.
    let positions = [
        ([0b111u32, 0b111 << 9], Side::X),
        ([0b1_0000_0101, 0b110 << 12], Side::O),
        ([1 | 1 << 5 | 1 << 10, 1 << 2 | 1 << 7 | 1 << 14], Side::X),
    ];
    for (pieces, to_move) in positions {
        let pos = Position {
            pieces,
            hand: [0, 0],
            to_move,
        };
        let text = Maddell.format_position(&pos);
        let expected = table.value(&pos).expect("covered").to_string() + "\n";
        assert_eq!(
            ok(&["solve", "maddell", "--pos", &text]),
            expected,
            "{text}"
        );
    }
    let dir = std::env::temp_dir().join(format!("qipan-cli-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("makes a directory");
    let bad = dir.join("bad.bin");
    std::fs::write(
        &bad,
        b"not a table at all, but long enough to have a header: 0123456789",
    )
    .expect("writes");
    let bad = bad.to_string_lossy().into_owned();
    refused(
        &["solve", "maddell", "--table", &bad],
        "not a Maddell table",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The 4-piece Maddell table, built once per test run and stored in a file (the whole game's
/// table takes minutes in a test build; the 4-piece one is the same code, rules and file
/// format, and covers every position with at most four pieces a side).
fn small_table() -> &'static (qipan_engine::ai::maddell_table::Table, PathBuf) {
    use qipan_engine::ai::maddell_table::{save, Builder};
    static TABLE: OnceLock<(qipan_engine::ai::maddell_table::Table, PathBuf)> = OnceLock::new();
    TABLE.get_or_init(|| {
        let table = Builder::new(4, 2).and_then(Builder::run).expect("builds");
        let path = scratch("small-table").join("maddell-4.bin");
        save(&table, &path).expect("stores the table");
        (table, path)
    })
}

/// Four-a-side Maddell positions, fixed so that a failure replays: sliding and placing,
/// won ones (where the fastest win must be found), drawn and lost. Seed 18 gives seven won
/// (four in more than four plies), three drawn and two lost.
fn small_maddell_positions() -> Vec<qipan_engine::games::maddell::Position> {
    use qipan_engine::games::maddell::{Maddell, Position};
    use qipan_engine::games::{Game, Side};
    use rand::Rng;
    let mut rng = qipan_engine::random::seeded(18, 0);
    let mut positions = Vec::new();
    while positions.len() < 12 {
        let placing = positions.len() % 3 == 2;
        let to_move = if rng.random() { Side::X } else { Side::O };
        let hand: [u8; 2] = match (placing, to_move) {
            (false, _) => [0, 0],
            (true, Side::X) => [1, 1],
            (true, Side::O) => [0, 1],
        };
        let mut pos = Position {
            pieces: [0, 0],
            hand,
            to_move,
        };
        for side in [Side::X, Side::O] {
            let count = rng.random_range(3..=4) - u32::from(hand[side.index()]).min(1);
            pos.place_at_random(side, count, &mut rng);
        }
        if !Maddell.status(&pos).is_over() {
            positions.push(pos);
        }
    }
    positions
}

/// `bestmove maddell` with a table file (`--table`, or the file where the app keeps it)
/// plays the table's best move at master: the fastest win, a drawing move, the slowest
/// loss; and writes nothing to standard error.
#[test]
fn bestmove_maddell_plays_the_tables_best_move_from_a_table_file() {
    use qipan_engine::ai::{solver, SolvedValue};
    use qipan_engine::games::maddell::Maddell;
    use qipan_engine::games::Game;
    let (table, path) = small_table();
    let path = path.to_string_lossy().into_owned();
    // The same file where the app keeps it: `$XDG_DATA_HOME/qipan/maddell-table-v2.bin`.
    let home = scratch("data-with-table");
    std::fs::create_dir_all(home.join("qipan")).expect("makes the app's folder");
    std::fs::copy(&path, home.join("qipan").join("maddell-table-v2.bin")).expect("copies");
    let value_of = |p: &_| table.value(p).unwrap_or(SolvedValue::Draw);
    let positions = small_maddell_positions();
    let mut wins = 0;
    for (i, pos) in positions.into_iter().enumerate() {
        let best = solver::best_move(&Maddell, &pos, value_of).expect("a move");
        let best_value = value_of(&Maddell.play(&pos, best));
        let text = Maddell.format_position(&pos);
        let base = ["bestmove", "maddell", "--level", "master", "--pos", &text];
        let chosen = if i % 2 == 0 {
            let mut args = base.to_vec();
            args.extend(["--table", &path, "--movetime", "1000"]);
            ok(&args)
        } else {
            let out = cli_in(&home, &base);
            assert_eq!(out.status.code(), Some(0), "{text}");
            assert!(out.stderr.is_empty(), "{text}");
            String::from_utf8(out.stdout).expect("utf-8 output")
        };
        let mv = Maddell
            .parse_move(&pos, chosen.trim_end())
            .expect("a legal move");
        assert_eq!(
            value_of(&Maddell.play(&pos, mv)),
            best_value,
            "{text}: {chosen} instead of {}",
            Maddell.format_move(best)
        );
        wins += usize::from(matches!(best_value, SolvedValue::Loss(d) if d > 4));
    }
    assert!(wins >= 2, "the positions hold long wins to find");
    // Easy, from the table, errs on purpose in the table's way: the table's best move, or
    // the best of the moves that give up part of the result; never another move (its own
    // search would pick moves of every kind). This tells that the table is used even where
    // a search finds the best move too.
    let mut mistakes = 0;
    for pos in small_maddell_positions() {
        let best = solver::best_move(&Maddell, &pos, value_of).expect("a move");
        let mistake = solver::best_mistake(&Maddell, &pos, value_of).expect("a move");
        let allowed = [best, mistake].map(|mv| value_of(&Maddell.play(&pos, mv)));
        let text = Maddell.format_position(&pos);
        for seed in ["1", "2", "3"] {
            let chosen = ok(&[
                "bestmove", "maddell", "--level", "easy", "--seed", seed, "--pos", &text,
                "--table", &path,
            ]);
            let mv = Maddell.parse_move(&pos, chosen.trim_end()).expect("legal");
            let value = value_of(&Maddell.play(&pos, mv));
            assert!(allowed.contains(&value), "{text} seed {seed}: {chosen}");
            mistakes += usize::from(value != allowed[0]);
        }
    }
    assert!(mistakes >= 3, "easy errs now and then");
    // The table's longest win, played out by master (in 300 ms a move) against the table's
    // longest resistance: won in exactly the table's distance, which a search does not find.
    let (distance, mut pos) = table.longest_win().expect("a won position");
    let winner = pos.to_move;
    let mut plies = 0;
    while !Maddell.status(&pos).is_over() {
        assert!(plies < distance, "not won in {distance} plies");
        let mv = if pos.to_move == winner {
            let text = Maddell.format_position(&pos);
            let args = ["bestmove", "maddell", "--level", "master", "--pos", &text];
            let mut args = args.to_vec();
            args.extend(["--table", &path, "--movetime", "300"]);
            let chosen = ok(&args);
            Maddell.parse_move(&pos, chosen.trim_end()).expect("legal")
        } else {
            solver::best_move(&Maddell, &pos, value_of).expect("a move")
        };
        pos = Maddell.play(&pos, mv);
        plies += 1;
    }
    assert_eq!(Maddell.status(&pos).winner(), Some(winner));
    assert_eq!(plies, distance);
}

/// A release ships the table beside `qipan-cli` (tools/release.sh): a command without
/// `--table` reads it while the app keeps none, so master plays from it at once; a table the
/// app keeps comes first, and a damaged one there is an error naming it, not passed over.
#[test]
fn a_table_beside_the_executable_is_read_when_the_app_keeps_none() {
    let (_, table) = small_table();
    let release = scratch("release");
    let exe = release.join("qipan-cli");
    std::fs::copy(env!("CARGO_BIN_EXE_qipan-cli"), &exe).expect("copies the command line");
    let run = |data_home: &Path| {
        Command::new(&exe)
            .args(["bestmove", "maddell", "--level", "master"])
            .args(["--movetime", "500"])
            .env("XDG_DATA_HOME", data_home)
            .output()
            .expect("qipan-cli runs")
    };
    // No table anywhere: it searches, and says so.
    let out = run(&empty_data_dir());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), SEARCHING_NOTE);
    // The release's table: read, so nothing is said.
    std::fs::copy(table, release.join("maddell-table-v2.bin")).expect("copies the table");
    let out = run(&empty_data_dir());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert!(!out.stdout.is_empty());
    // The app's own file comes first, even damaged.
    let home = scratch("data-with-a-damaged-table");
    std::fs::create_dir_all(home.join("qipan")).expect("makes the app's folder");
    let damaged = home.join("qipan").join("maddell-table-v2.bin");
    std::fs::write(
        &damaged,
        b"not a table at all, but long enough to have a header",
    )
    .expect("writes");
    let out = run(&home);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(&*damaged.to_string_lossy()), "{stderr}");
}

/// Without a table, `bestmove maddell --movetime 500` searches instead of building it (which
/// takes half a minute or more): it answers in about the movetime, says so on standard
/// error, and leaves the app's data folder as it was.
#[test]
fn bestmove_maddell_without_a_table_keeps_to_its_movetime() {
    let home = scratch("data-without-table");
    let started = Instant::now();
    let out = cli_in(
        &home,
        &[
            "bestmove",
            "maddell",
            "--level",
            "master",
            "--movetime",
            "500",
        ],
    );
    let elapsed = started.elapsed();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), SEARCHING_NOTE);
    let chosen = String::from_utf8(out.stdout).expect("utf-8 output");
    assert!(
        ok(&["moves", "maddell"])
            .lines()
            .any(|m| format!("{m}\n") == chosen),
        "{chosen}"
    );
    assert!(elapsed < Duration::from_millis(1500), "took {elapsed:?}");
    assert_eq!(
        std::fs::read_dir(&home).expect("lists").count(),
        0,
        "nothing was built or stored"
    );
}

/// A damaged table where the app keeps it, or at `--table`, is bad input for every command
/// that plays or judges Maddell, and is left as it was; `--table` is only for Maddell.
#[test]
fn damaged_maddell_tables_are_refused_and_left_alone() {
    let home = scratch("data-damaged");
    let file = home.join("qipan").join("maddell-table-v2.bin");
    std::fs::create_dir_all(home.join("qipan")).expect("makes the app's folder");
    let junk = b"not a table at all, but long enough to have a header: 0123456789";
    std::fs::write(&file, junk).expect("writes");
    for args in [
        &["bestmove", "maddell", "--level", "master"][..],
        &[
            "bestmove",
            "maddell",
            "--level",
            "easy",
            "--movetime",
            "100",
        ],
        &["solve", "maddell"],
        &["analyse", "maddell", "--depth", "2"],
        &["review", "maddell", "a1"],
        &[
            "match", "maddell", "--x", "easy", "--o", "easy", "--games", "1",
        ],
    ] {
        let out = cli_in(&home, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains("not a Maddell table"), "{args:?}: {stderr}");
        assert!(
            stderr.contains("maddell-table-v2.bin"),
            "{args:?}: {stderr}"
        );
    }
    assert_eq!(std::fs::read(&file).expect("reads"), junk, "left alone");
    let file = file.to_string_lossy().into_owned();
    refused(
        &["bestmove", "maddell", "--level", "master", "--table", &file],
        "not a Maddell table",
    );
    refused(
        &["bestmove", "push", "--level", "easy", "--table", &file],
        "--table",
    );
    refused(
        &[
            "match", "cannon", "--x", "easy", "--o", "easy", "--games", "1", "--table", &file,
        ],
        "--table",
    );
}

/// The shipped puzzle sets and how they were made: `game seed count` a line.
fn shipped_sets() -> Vec<(String, String, usize)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/puzzles");
    let text = std::fs::read_to_string(dir.join("sets.txt")).expect("assets/puzzles/sets.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let fields: Vec<&str> = l.split(' ').collect();
            assert_eq!(fields.len(), 3, "{l}");
            let count = fields[2].parse().expect("a count");
            (fields[0].to_owned(), fields[1].to_owned(), count)
        })
        .collect()
}

/// `qipan-cli puzzles`: five tab-separated fields a line, the line playable from the
/// position, the same seed the same puzzles, and puzzle k the same whatever the count.
#[test]
fn puzzles_print_five_fields_a_line_and_follow_the_seed() {
    for game in GAMES {
        let out = ok(&["puzzles", game, "--count", "3", "--seed", "7"]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{game}: {out}");
        for line in &lines {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 5, "{game}: {line}");
            let moves: Vec<&str> = fields[1].split(' ').collect();
            assert!(moves.iter().all(|m| !m.is_empty()), "{game}: {line}");
            assert_eq!(moves.len() % 2, 1, "ends with the solver's move: {line}");
            let mut args = vec!["apply", game, "--pos", fields[0]];
            args.extend(&moves);
            let after = ok(&args);
            let status = after.lines().nth(1).expect("a status");
            let solver = fields[0].split(' ').nth(1).expect("a side to move");
            let goal = fields[2];
            if goal == "win" {
                assert_eq!(status, format!("{solver}-wins"), "{game}: {line}");
            } else {
                let k = goal.strip_prefix("gain ").expect("win or gain K");
                assert!(k.parse::<u32>().expect("a number") >= 1, "{line}");
                assert!(!["shuangcheng", "maddell"].contains(&game), "{line}");
            }
            assert!(
                !fields[3].is_empty()
                    && fields[3]
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{game}: {line}"
            );
            fields[4].parse::<u32>().expect("an integer difficulty");
        }
        assert_eq!(
            ok(&["puzzles", game, "--count", "3", "--seed", "7"]),
            out,
            "{game}: same seed"
        );
        // The quick games (the engine's tests check this in every game but Push the Line).
        if ["shuangcheng", "blockade", "blockade:solidarity"].contains(&game) {
            let two = ok(&["puzzles", game, "--count", "2", "--seed", "7"]);
            assert!(
                out.starts_with(&two),
                "{game}: puzzle k does not depend on the count"
            );
            assert_ne!(
                ok(&["puzzles", game, "--count", "3", "--seed", "8"]),
                out,
                "{game}: another seed"
            );
        }
    }
    // The default count.
    assert_eq!(ok(&["puzzles", "blockade"]).lines().count(), 20);
}

#[test]
fn puzzles_refuse_bad_arguments() {
    refused(&["puzzles"], "GAME");
    refused(&["puzzles", "chess"], "chess");
    refused(&["puzzles", "push", "--count", "0"], "--count '0'");
    refused(&["puzzles", "push", "--count", "many"], "many");
    refused(&["puzzles", "push", "--count", "100000"], "100000");
    refused(&["puzzles", "push", "--seed", "-3"], "-3");
    refused(&["puzzles", "push", "--count"], "--count");
    refused(
        &["puzzles", "push", "--count", "2", "--count", "3"],
        "--count",
    );
    refused(&["puzzles", "push", "--pos", "x"], "--pos");
    refused(&["puzzles", "push", "extra"], "extra");
    refused(&["puzzles", "push", "--table", "t.bin"], "--table");
}

/// The shipped sets are what the command makes for their recorded seed and count: each
/// file has its count of lines, and its first ten are `puzzles GAME --seed S --count 10`
/// (puzzle k does not depend on the count, so the prefix stands for the whole; the whole
/// sets take minutes in a test build).
#[test]
fn shipped_puzzle_sets_are_what_the_command_makes() {
    let sets = shipped_sets();
    assert_eq!(sets.len(), 5, "one set a game");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/puzzles");
    for (game, seed, count) in sets {
        let shipped = std::fs::read_to_string(dir.join(format!("{game}.txt"))).expect("a set");
        assert_eq!(shipped.lines().count(), count, "{game}");
        assert!(count >= 50, "{game}: {count} puzzles");
        let made = ok(&["puzzles", &game, "--seed", &seed, "--count", "10"]);
        assert!(
            shipped.starts_with(&made),
            "{game}: the shipped set differs:\n{made}"
        );
    }
}

const COURSES: [&str; 5] = ["push", "shuangcheng", "maddell", "blockade", "cannon"];

#[test]
fn lessons_print_a_course_byte_for_byte() {
    assert_eq!(
        ok(&["lessons", "shuangcheng"]),
        "first-move\tshuangcheng\tooos.sxxx x 0\tbh-c l-bh c-l\tmove\t-\t20,21,29,30\n\
         one-step\tshuangcheng\toos.xoxsx x 0\tc-l\tmove\tc-th br-l\t23\n\
         shared-pieces\tshuangcheng\too.xosxsx x 0\tr-tr th-r tr-th\tmove\t-\t21,24\n\
         locked\tshuangcheng\tooxossx.x x 1\tbl-bh l-bl c-l\tmove\tc-bh r-bh\t24\n\
         no-move\tshuangcheng\toooss.xxx x 0\tbr-r\twin\t-\t26\n\
         locked-out\tshuangcheng\tooo.xxxss x 0\tbh-l\twin\t-\t24,26\n\
         trap\tshuangcheng\to.ossoxxx x 0\tc-th r-c br-r\twin\t-\t27\n"
    );
    let blockade = ok(&["lessons", "blockade"]);
    assert!(blockade.ends_with(
        "solidarity-landing\tblockade:solidarity\txxxxxx...x.....o...oooooo x\tc1-c4\tmove\tc1-c3 b1-b3\t34\n"
    ));
}

/// The pieces of side `letter` a position text shows: on the board, and in Maddell's hand.
fn pieces(game: &str, position: &str, letter: char) -> usize {
    let fields: Vec<&str> = position.split(' ').collect();
    let on_board = fields[0].chars().filter(|&c| c == letter).count();
    let in_hand = match (game, letter) {
        ("maddell", 'x') => fields[2].parse().expect("x's hand"),
        ("maddell", _) => fields[3].parse().expect("o's hand"),
        _ => 0,
    };
    on_board + in_hand
}

/// Every lesson checked through the command line alone, as the outside tools do: seven
/// fields; the position valid and the game on; the line legal; the goal true at its end
/// (a gain counted from the position texts); every trap refused; ids unique.
#[test]
fn lessons_replay_through_the_command_line() {
    for course in COURSES {
        let out = ok(&["lessons", course]);
        let lines: Vec<&str> = out.lines().collect();
        assert!((6..=15).contains(&lines.len()), "{course}: {}", lines.len());
        let mut ids = std::collections::BTreeSet::new();
        for row in lines {
            let fields: Vec<&str> = row.split('\t').collect();
            let [id, game, position, line, goal, traps, rules] = fields[..] else {
                panic!("{course}: not seven fields: {row:?}");
            };
            assert!(ids.insert(id), "{course}: id {id} twice");
            assert!(
                id.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{id}"
            );
            assert!(
                game == course || game.starts_with(&format!("{course}:")),
                "{id}"
            );
            assert_eq!(
                ok(&["status", game, "--pos", position]),
                "ongoing\n",
                "{id}"
            );
            let learner = position.split(' ').nth(1).expect("a side to move");
            let (mine, theirs) = if learner == "x" {
                ('x', 'o')
            } else {
                ('o', 'x')
            };
            let mut args = vec!["apply", game, "--pos", position];
            args.extend(line.split(' '));
            let applied = ok(&args);
            let (end, status) = applied.split_once('\n').expect("two lines");
            match goal {
                "move" => {}
                "win" => assert_eq!(status, format!("{learner}-wins\n"), "{id}"),
                "draw" => assert_eq!(status, "draw\n", "{id}"),
                gain => {
                    let k: usize = gain
                        .strip_prefix("gain ")
                        .and_then(|k| k.parse().ok())
                        .unwrap_or_else(|| panic!("{id}: goal {gain:?}"));
                    let taken = pieces(course, position, theirs) - pieces(course, end, theirs);
                    assert_eq!(taken, k, "{id}");
                    assert_eq!(pieces(course, position, mine), pieces(course, end, mine));
                }
            }
            if traps != "-" {
                for trap in traps.split(' ') {
                    refused(&["apply", game, "--pos", position, trap], trap);
                }
            }
            let numbers: Vec<u32> = rules
                .split(',')
                .map(|n| n.parse().expect("a rule line number"))
                .collect();
            assert!(numbers.windows(2).all(|w| w[0] < w[1]), "{id}: {rules}");
        }
    }
}

#[test]
fn lessons_refuse_an_unknown_course_as_the_other_commands_do() {
    let refused_with = |args: &[&str], stderr: &str| {
        let out = cli(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), stderr, "{args:?}");
    };
    refused_with(
        &["lessons", "chess"],
        "qipan-cli: unknown game 'chess' (expected push, shuangcheng, maddell, blockade or cannon)\n",
    );
    refused_with(
        &["lessons", "blockade:solidarity"],
        "qipan-cli: unknown course 'blockade:solidarity' (expected push, shuangcheng, maddell, blockade or cannon)\n",
    );
    refused_with(&["lessons"], "qipan-cli: missing COURSE after 'lessons'\n");
    refused(&["lessons", "push:solidarity"], "push:solidarity");
    refused(&["lessons", "push", "extra"], "extra");
    refused(&["lessons", "push", "--pos", "x"], "--pos");
    refused(&["lessons", "push", "--seed", "1"], "--seed");
}
