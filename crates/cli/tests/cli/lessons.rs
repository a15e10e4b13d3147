//! `lessons`: the courses printed and replayed through the command line.

use super::*;

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
