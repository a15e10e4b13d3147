//! `start`, `moves`, `apply` and `perft`, and bad input refused with one line.

use super::*;

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
