//! The coach's commands: `analyse` and `review`.

use super::*;

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
