//! `qipan-cli` as a user or a checking tool meets it: exact output on stdout, exit codes, and
//! one line on stderr for bad input (the contract in `src/bin/qipan-cli.rs`'s header).

use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qipan-cli"))
        .args(args)
        .output()
        .expect("qipan-cli runs")
}

/// Runs a command that must succeed and returns its standard output.
fn ok(args: &[&str]) -> String {
    let out = cli(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    assert!(out.stderr.is_empty(), "{args:?} wrote to stderr: {stderr}");
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
        let chosen = ok(&args);
        assert!(
            legal.lines().any(|m| format!("{m}\n") == chosen),
            "{game}: {chosen}"
        );
        assert_eq!(ok(&args), chosen, "{game}: same seed, same move");
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
