use super::*;
use crate::games::setup::SetupError;
use crate::games::ToGame;
use crate::games::{AnyGame, Game};
use crate::games::{PositionError, Status};
use crate::with_game;
use std::collections::BTreeSet;
use std::path::Path;

fn shipped() -> Vec<Course> {
    GameId::ALL
        .into_iter()
        .map(|game| course(game).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

/// The numbers of the lines of `game`'s rule text that a course must teach: every line of
/// the English "Rules" part that ends a sentence, outside "Playing it on screen" (a heading
/// is a line that does not end a sentence; the part ends where the Chinese one begins).
fn rule_lines(game: GameId) -> BTreeSet<u32> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules/seeds");
    let index = GameId::ALL.iter().position(|g| *g == game).expect("a game");
    let mut seeds: Vec<_> = std::fs::read_dir(&dir)
        .expect("docs/rules/seeds")
        .flatten()
        .map(|e| e.path())
        .collect();
    seeds.sort();
    assert_eq!(seeds.len(), GameId::ALL.len(), "one seed per game");
    let text = std::fs::read_to_string(&seeds[index]).expect("a seed");
    // The seeds are numbered in the registry's order; the title says which game it is.
    let title = text.lines().next().unwrap_or_default();
    let word = match game {
        GameId::Push => "Push the Line",
        GameId::ShuangCheng => "Shuang Cheng",
        GameId::Maddell => "Maddell",
        GameId::Blockade => "Blockade",
        GameId::Cannon => "Cannon",
    };
    assert!(title.contains(word), "{title:?} is not {word}");
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| *l == "Rules")
        .expect("a Rules part");
    let mut heading = "";
    let mut taught = BTreeSet::new();
    for (i, line) in lines.iter().enumerate().skip(start + 1) {
        let line = line.trim();
        if line == "规则详解" {
            break;
        }
        if line.ends_with(['.', '!', '?']) {
            if heading != "Playing it on screen" {
                taught.insert(i as u32 + 1);
            }
        } else {
            heading = line;
        }
    }
    taught
}

#[test]
fn every_course_teaches_every_rule_line_and_only_rule_lines() {
    for course in shipped() {
        let wanted = rule_lines(course.game);
        assert!(wanted.len() >= 8, "{:?}: {wanted:?}", course.game);
        let taught: BTreeSet<u32> = course.taught_lines().into_iter().collect();
        let missing: Vec<_> = wanted.difference(&taught).collect();
        let stray: Vec<_> = taught.difference(&wanted).collect();
        assert!(
            missing.is_empty() && stray.is_empty(),
            "{}: rule lines not taught {missing:?}, not rule lines {stray:?}",
            course.game.name()
        );
    }
}

#[test]
fn the_rule_lines_read_from_a_seed_are_its_sentences() {
    // Push: the "Rules" part runs from line 18; 36–42 are "Playing it on screen".
    let push = rule_lines(GameId::Push);
    assert!(push.contains(&20) && push.contains(&47) && push.contains(&50));
    assert!(!push.contains(&19), "a heading");
    assert!(
        !(36..=42).any(|n| push.contains(&n)),
        "playing it on screen"
    );
    assert!(!push.contains(&53), "the Chinese part");
}

#[test]
fn every_course_has_six_to_fifteen_lessons_with_unique_ids() {
    for course in shipped() {
        let n = course.lessons.len();
        assert!((6..=15).contains(&n), "{}: {n} lessons", course.game.name());
        let ids: BTreeSet<&str> = course.lessons.iter().map(|l| l.id.as_str()).collect();
        assert_eq!(ids.len(), n, "{}: ids repeat", course.game.name());
        for lesson in &course.lessons {
            assert_eq!(lesson.variant.game, course.game);
            assert!(
                (1..=4).contains(&lesson.steps()),
                "{}: {} learner moves",
                lesson.id,
                lesson.steps()
            );
            assert!(!lesson.rules.is_empty(), "{}", lesson.id);
        }
    }
    let blockade = course(GameId::Blockade).expect("the Blockade course");
    assert!(
        blockade.lessons.iter().any(|l| l.variant.solidarity),
        "the Blockade course teaches Solidarity"
    );
}

/// Replays a lesson with the engine alone, as an outside tool would: the position is one a
/// set-up allows and the game is on, the line is legal, the goal holds at its end (a gain
/// counted exactly), every trap is refused; and the lesson's own positions and refusals are
/// the engine's.
fn replay_with_engine<G: Game>(game: &G, lesson: &Lesson) {
    let id = &lesson.id;
    let start = game
        .parse_position(&lesson.position)
        .expect("the position reads");
    let board = crate::games::setup::board_from_text(lesson.variant, &lesson.position)
        .expect("the board reads");
    crate::games::setup::validate(lesson.variant, &board)
        .unwrap_or_else(|e| panic!("{id}: a set-up refuses the position: {e}"));
    assert_eq!(game.status(&start), Status::Ongoing, "{id}");
    assert_eq!(
        game.format_position(&start),
        lesson.position,
        "{id}: canonical"
    );
    assert_eq!(game.side_to_move(&start), lesson.learner, "{id}");
    let mut pos = start;
    assert_eq!(lesson.position_after(0), Some(lesson.position.as_str()));
    for (ply, text) in lesson.line.iter().enumerate() {
        assert!(
            !game.status(&pos).is_over(),
            "{id}: the game is over before ply {ply}"
        );
        let mv = game
            .parse_move(&pos, text)
            .unwrap_or_else(|e| panic!("{id}: ply {ply}: {e}"));
        pos = game.play(&pos, mv);
        assert_eq!(
            lesson.position_after(ply + 1),
            Some(game.format_position(&pos).as_str()),
            "{id}: ply {ply}"
        );
    }
    let status = game.status(&pos);
    match lesson.goal {
        Goal::Move => {}
        Goal::Win => assert_eq!(status.winner(), Some(lesson.learner), "{id}"),
        Goal::Draw => assert!(status.is_draw(), "{id}: {status}"),
        Goal::Gain(k) => {
            let (before, after) = (game.material(&start), game.material(&pos));
            let them = lesson.learner.opponent().index();
            let me = lesson.learner.index();
            assert_eq!(before[them] - after[them], k, "{id}: pieces gained");
            assert_eq!(before[me], after[me], "{id}: the learner loses none");
        }
    }
    for trap in &lesson.traps {
        let refusal = game
            .parse_move(&start, trap)
            .expect_err(&format!("{id}: trap {trap} is legal"));
        assert_eq!(lesson.refusal(trap), Some(&refusal), "{id}: {trap}");
        assert!(
            lesson.learner_move(0) != Some(trap.as_str()),
            "{id}: a trap is the first move"
        );
    }
}

#[test]
fn every_lesson_replays_with_the_engine() {
    let mut lessons = 0;
    for course in shipped() {
        for lesson in &course.lessons {
            let game: AnyGame = lesson.variant.to_game();
            with_game!(game, g => replay_with_engine(&g, lesson));
            lessons += 1;
        }
    }
    assert!(lessons >= 30, "{lessons} lessons");
}

#[test]
fn the_goals_are_of_every_kind() {
    let goals: BTreeSet<String> = shipped()
        .iter()
        .flat_map(|c| c.lessons.iter().map(|l| l.goal.to_string()))
        .collect();
    for goal in ["move", "gain 1", "win", "draw"] {
        assert!(goals.contains(goal), "{goal}");
    }
}

#[test]
fn a_lesson_answers_the_lesson_mode() {
    let course = course(GameId::Push).expect("push");
    let lesson = course.lesson("standoff").expect("the standoff lesson");
    assert_eq!(lesson.learner, Side::X);
    assert_eq!(lesson.steps(), 2);
    assert_eq!(lesson.learner_move(0), Some("C2-E"));
    assert_eq!(lesson.reply(0), Some("H4-E"));
    assert_eq!(lesson.learner_move(1), Some("C3D4E5-NE"));
    assert_eq!(lesson.reply(1), None);
    assert_eq!(lesson.learner_move(2), None);
    assert!(lesson.is_expected(1, "C3D4E5-NE"));
    assert!(!lesson.is_expected(0, "C3D4E5-NE"));
    assert!(!lesson.is_expected(5, "C2-E"));
    assert_eq!(lesson.position_at_step(0), Some(lesson.position.as_str()));
    assert_eq!(lesson.position_at_step(1), lesson.position_after(2));
    assert_eq!(lesson.position_after(4), None);
    assert_eq!(
        lesson.refusal("D4E5-NE"),
        Some(&MoveError::Illegal {
            text: "D4E5-NE".into()
        })
    );
    assert_eq!(lesson.refusal("C2-E"), None, "not a trap");
    assert_eq!(lesson.title_id(), "lesson-push-standoff-title");
    assert_eq!(lesson.goal_id(), "lesson-push-standoff-goal");
    assert_eq!(lesson.step_id(1), "lesson-push-standoff-step-2");
    assert_eq!(
        lesson.message_ids(),
        [
            "lesson-push-standoff-title",
            "lesson-push-standoff-goal",
            "lesson-push-standoff-step-1",
            "lesson-push-standoff-step-2",
            "lesson-push-standoff-trap-D4E5-NE",
        ]
    );
    // A malformed trap is refused too, as malformed.
    let blockade = super::course(GameId::Blockade).expect("blockade");
    let steps = blockade.lesson("two-or-three").expect("two-or-three");
    assert!(matches!(
        steps.refusal("c1-c2"),
        Some(MoveError::Malformed { .. })
    ));
}

#[test]
fn a_lesson_prints_as_seven_tab_separated_fields() {
    let blockade = course(GameId::Blockade).expect("blockade");
    let lesson = blockade.lesson("solidarity-landing").expect("a lesson");
    assert_eq!(
        lesson.to_line(),
        "solidarity-landing\tblockade:solidarity\txxxxxx...x.....o...oooooo x\tc1-c4\tmove\tc1-c3 b1-b3\t34"
    );
    let push = course(GameId::Push).expect("push");
    let first = &push.lessons[0];
    assert_eq!(
        first.to_line(),
        "first-move\tpush\txxxxxxxxxxx..xxx.............................ooo..ooooooooooo x\tC4-NE G6-SW D5-NE\tmove\t-\t20,21,22,23,49,50"
    );
}

const GOOD: &str = "\
# a comment
lesson one
game shuangcheng
position ooos.sxxx x 0
line bh-c l-bh
goal move
traps bl-bh
rules 20,23
";

/// `GOOD` with `from` replaced by `to`: the problem it makes, on which line.
fn problem(from: &str, to: &str) -> (usize, Problem) {
    assert!(GOOD.contains(from), "{from}");
    let error = parse_course(GameId::ShuangCheng, &GOOD.replacen(from, to, 1))
        .expect_err("a broken course");
    assert_eq!(error.game, GameId::ShuangCheng);
    assert!(error.to_string().starts_with("course 'shuangcheng', line "));
    (error.line, error.problem)
}

#[test]
fn a_good_course_text_reads() {
    let course = parse_course(GameId::ShuangCheng, GOOD).expect("reads");
    assert_eq!(course.lessons.len(), 1);
    let lesson = &course.lessons[0];
    assert_eq!(lesson.line, ["bh-c", "l-bh"]);
    assert_eq!(lesson.steps(), 1);
    assert_eq!(lesson.rules, [20, 23]);
    assert_eq!(lesson.goal, Goal::Move);
    // Fields in any order, blank lines and trailing spaces are fine.
    let shuffled = "lesson one\nrules 20,23\n\ntraps bl-bh  \ngoal move\nline bh-c  l-bh\nposition ooos.sxxx x 0\ngame shuangcheng\n";
    assert_eq!(parse_course(GameId::ShuangCheng, shuffled), Ok(course));
}

#[test]
fn a_malformed_course_text_is_a_typed_error() {
    assert_eq!(
        problem("goal move", "goal moves"),
        (6, Problem::Script(ScriptProblem::BadGoal("moves".into())))
    );
    assert_eq!(
        problem("goal move", "goal gain 0"),
        (6, Problem::Script(ScriptProblem::BadGoal("gain 0".into())))
    );
    assert_eq!(
        problem("goal move", "goal gain -1"),
        (6, Problem::Script(ScriptProblem::BadGoal("gain -1".into())))
    );
    assert_eq!(
        problem("goal move", "aim move"),
        (6, Problem::UnknownField("aim move".into()))
    );
    assert_eq!(problem("goal move\n", ""), (2, Problem::Missing("goal")));
    assert_eq!(
        problem("rules 20,23", "rules 20,23\nrules 20"),
        (9, Problem::Repeated("rules"))
    );
    assert_eq!(
        problem("rules 20,23", "rules 23,20"),
        (8, Problem::BadRules("23,20".into()))
    );
    assert_eq!(
        problem("rules 20,23", "rules 20, 23"),
        (8, Problem::BadRules("20, 23".into()))
    );
    assert_eq!(
        problem("rules 20,23", "rules 0"),
        (8, Problem::BadRules("0".into()))
    );
    assert_eq!(
        problem("lesson one", "lesson One"),
        (2, Problem::BadId("One".into()))
    );
    assert_eq!(
        problem("lesson one", "lesson"),
        (2, Problem::BadId(String::new()))
    );
    assert_eq!(
        problem("# a comment", "game push"),
        (1, Problem::OutsideLesson)
    );
    assert_eq!(
        problem("rules 20,23\n", "rules 20,23\nlesson one\n"),
        (9, Problem::DuplicateId("one".into()))
    );
    assert_eq!(
        problem("game shuangcheng", "game push"),
        (3, Problem::OtherGame(Variant::plain(GameId::Push)))
    );
    assert!(matches!(
        problem("game shuangcheng", "game chess"),
        (3, Problem::BadGame(VariantError::UnknownGame(_)))
    ));
    assert_eq!(
        problem("line bh-c l-bh", "line  "),
        (5, Problem::Script(ScriptProblem::EmptyLine))
    );
    assert_eq!(
        problem("traps bl-bh", "traps bl-bh bl-bh"),
        (7, Problem::BadTrap("bl-bh".into()))
    );
    assert_eq!(
        problem("traps bl-bh", "traps bl.bh"),
        (7, Problem::BadTrap("bl.bh".into()))
    );
}

#[test]
fn a_lesson_that_does_not_replay_is_a_typed_error() {
    assert!(matches!(
        problem("ooos.sxxx x 0", "ooos.sxxx x"),
        (
            4,
            Problem::Script(ScriptProblem::Position(PositionError::FieldCount { .. }))
        )
    ));
    // Too few pieces for a game where nothing is taken: the set-up refuses it.
    assert!(matches!(
        problem("ooos.sxxx x 0", "ooos.sxx. x 0"),
        (
            4,
            Problem::Script(ScriptProblem::Setup(SetupError::TooFew { .. }))
        )
    ));
    // A finished game (x has no move).
    assert!(matches!(
        problem("ooos.sxxx x 0", ".ooossxxx x 0"),
        (
            4,
            Problem::Script(ScriptProblem::Setup(SetupError::Finished(_)))
        )
    ));
    assert!(matches!(
        problem("line bh-c l-bh", "line bh-c bh-c"),
        (
            5,
            Problem::Script(ScriptProblem::Move {
                ply: 1,
                error: MoveError::Illegal { .. }
            })
        )
    ));
    assert!(matches!(
        problem("line bh-c l-bh", "line bh-th"),
        (
            5,
            Problem::Script(ScriptProblem::Move {
                ply: 0,
                error: MoveError::Malformed { .. }
            })
        )
    ));
    assert_eq!(
        problem("traps bl-bh", "traps l-c"),
        (7, Problem::TrapAllowed("l-c".into()))
    );
    assert!(matches!(
        problem("goal move", "goal win"),
        (
            6,
            Problem::Script(ScriptProblem::GoalMissed {
                goal: Goal::Win,
                status: Status::Ongoing
            })
        )
    ));
    assert!(matches!(
        problem("goal move", "goal draw"),
        (
            6,
            Problem::Script(ScriptProblem::GoalMissed {
                goal: Goal::Draw,
                ..
            })
        )
    ));
    assert_eq!(
        problem("goal move", "goal gain 1"),
        (
            6,
            Problem::Script(ScriptProblem::GainMissed {
                goal: Goal::Gain(1),
                gained: 0,
                lost: 0
            })
        )
    );
}

#[test]
fn a_gain_is_counted_exactly() {
    let push = course(GameId::Push).expect("push");
    let lesson = push.lesson("push-off").expect("push-off");
    let text = format!(
        "lesson p\ngame push\nposition {}\nline {}\ngoal gain 2\ntraps -\nrules 33\n",
        lesson.position,
        lesson.line.join(" ")
    );
    assert_eq!(
        parse_course(GameId::Push, &text).map_err(|e| e.problem),
        Err(Problem::Script(ScriptProblem::GainMissed {
            goal: Goal::Gain(2),
            gained: 1,
            lost: 0
        }))
    );
    assert!(parse_course(GameId::Push, &text.replace("gain 2", "gain 1")).is_ok());
}

#[test]
fn a_win_for_the_other_side_is_not_the_learners() {
    // From the start, l-c loses at once: tl-l leaves x without a move.
    let text = "lesson l\ngame shuangcheng\nposition ooos.sxxx x 0\nline l-c tl-l\ngoal win\ntraps -\nrules 26\n";
    assert!(matches!(
        parse_course(GameId::ShuangCheng, text).map_err(|e| e.problem),
        Err(Problem::Script(ScriptProblem::GoalMissed {
            goal: Goal::Win,
            status: Status::Win(Side::O, _)
        }))
    ));
}

proptest::proptest! {
    /// Any text at all is read or refused, never a panic.
    #[test]
    fn any_text_is_read_or_refused(text in "(lesson [a-z-]{0,4}|game [a-z:]{0,12}|position [.xos01 -]{0,30}|line [a-z0-9 -]{0,12}|goal [a-z0-9 ]{0,6}|traps [a-z0-9 -]{0,8}|rules [0-9,]{0,6}|#.{0,5}|.{0,8})(\n(lesson [a-z-]{0,4}|game [a-z:]{0,12}|position [.xos01 -]{0,30}|line [a-z0-9 -]{0,12}|goal [a-z0-9 ]{0,6}|traps [a-z0-9 -]{0,8}|rules [0-9,]{0,6}|.{0,8})){0,8}") {
        for game in GameId::ALL {
            let _ = parse_course(game, &text);
        }
    }

    /// Every change of one character in a shipped course is read or refused, never a panic.
    #[test]
    fn a_damaged_course_is_read_or_refused(game in 0..GameId::ALL.len(), at in 0usize..4000, c in proptest::char::any()) {
        let game = GameId::ALL[game];
        let mut text: Vec<char> = course_text(game).chars().collect();
        let at = at % text.len();
        text[at] = c;
        let _ = parse_course(game, &text.into_iter().collect::<String>());
    }
}
