//! The computer's commands: `bestmove`, `match` and `solve`.

use super::*;

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
