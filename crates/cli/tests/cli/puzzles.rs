//! `puzzles`, and the shipped puzzle sets it made.

use super::*;

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
