//! Lessons through the session: every lesson of every course played to its end by commands,
//! every trap explained with the board unchanged, a move off the line shown and taken back,
//! Show me, Next and Retry, each refusal with its reason, the newcomer's offer, and what was
//! learned kept with the progress.

use crate::lessons::{course, LessonState, Said};
use crate::progress::Progress;
use crate::puzzles::{REPLY_DELAY, WRONG_SHOWN};
use crate::testing::{play, session, two_players};
use crate::timer::ManualClock;
use crate::{AnyMove, Choices, Command, CommandError, LessonCommand, LessonError, ModeKind};
use crate::{PlayError, PuzzleCommand, Session};
use qipan_engine::games::{blockade, cannon, maddell, push, shuangcheng};
use qipan_engine::games::{GameId, MoveError, Variant};

fn start(game: GameId, lesson: &str) -> Command {
    Command::Lesson(LessonCommand::Start {
        game,
        lesson: lesson.to_owned(),
    })
}

/// A session with `lesson` of `game` on the board, behind it a game of two people.
fn learning(game: GameId, lesson: &str) -> (Session, ManualClock) {
    let (mut s, clock) = session(two_players(game), None);
    s.run(start(game, lesson)).expect("the lesson starts");
    (s, clock)
}

/// The typed move `text` spells in `game`, legal or not, as a board makes one from taps.
fn spelled(game: GameId, text: &str) -> AnyMove {
    let point = |names: &[&str], name: &str| -> u8 {
        names
            .iter()
            .position(|n| *n == name)
            .unwrap_or_else(|| panic!("no point {name}")) as u8
    };
    let split = |text: &str| -> (String, String) {
        let at = text.find(['-', 'x']).expect("a separator");
        (text[..at].to_owned(), text[at + 1..].to_owned())
    };
    match game {
        GameId::Push => {
            let (group, dir) = text.split_once('-').expect("cells-direction");
            let cells = group
                .as_bytes()
                .chunks(2)
                .map(|c| std::str::from_utf8(c).expect("ascii"))
                .fold(0u64, |m, n| {
                    m | 1 << push::cell_from_name(n).expect("a cell")
                });
            let dir = push::Dir::from_name(dir).expect("a direction");
            AnyMove::Push(push::Move::group(cells, dir).expect("a group"))
        }
        GameId::ShuangCheng => {
            let (from, to) = split(text);
            let names = &shuangcheng::POINT_NAMES;
            AnyMove::ShuangCheng(shuangcheng::Move {
                from: point(names, &from),
                to: point(names, &to),
            })
        }
        GameId::Blockade => {
            let (from, to) = split(text);
            let names = &blockade::POINT_NAMES;
            AnyMove::Blockade(blockade::Move {
                from: point(names, &from),
                to: point(names, &to),
            })
        }
        GameId::Cannon => {
            let (from, to) = split(text);
            let names = &cannon::POINT_NAMES;
            AnyMove::Cannon(cannon::Move {
                from: point(names, &from),
                to: point(names, &to),
                capture: text.contains('x'),
            })
        }
        GameId::Maddell => {
            let names = &maddell::POINT_NAMES;
            let (rest, take) = match text.split_once('x') {
                Some((rest, take)) => (rest, Some(point(names, take))),
                None => (text, None),
            };
            let (from, to) = match rest.split_once('-') {
                Some((from, to)) => (Some(point(names, from)), point(names, to)),
                None => (None, point(names, rest)),
            };
            AnyMove::Maddell(maddell::Move { from, to, take })
        }
    }
}

/// Plays the lesson on the board to its end by commands: the learner's moves, the replies
/// after their moment.
fn play_line(s: &mut Session, clock: &ManualClock) {
    let line = s.lesson().expect("a lesson").lesson().line.clone();
    for (ply, text) in line.iter().enumerate() {
        if ply % 2 == 1 {
            assert_eq!(s.lesson().expect("on").state(), LessonState::Replying);
            clock.advance(REPLY_DELAY);
            s.apply();
            continue;
        }
        assert_eq!(s.lesson().expect("on").state(), LessonState::Trying);
        play(s, text);
        assert_eq!(s.lesson().expect("on").said(), Some(&Said::Right));
    }
}

/// Every lesson of every course, by commands alone: its position on the board, its line to
/// its end (the lesson done, in the progress), each trap explained in its own words with the
/// board unchanged.
#[test]
fn every_lesson_plays_to_its_end_and_every_trap_is_explained() {
    let mut lessons = 0;
    for game in GameId::ALL {
        let course = course(game).expect("the shipped course");
        for lesson in &course.lessons {
            let (mut s, clock) = learning(game, &lesson.id);
            assert_eq!(s.game().position_text(), lesson.position, "{}", lesson.id);
            assert_eq!(s.game().variant(), lesson.variant);
            for trap in &lesson.traps {
                let tried = s.run(Command::Play(spelled(game, trap)));
                assert_eq!(tried, Ok(()), "{}: {trap}", lesson.id);
                let run = s.lesson().expect("on");
                assert_eq!(run.said(), Some(&Said::Trap(trap.clone())), "{trap}");
                assert_eq!(run.state(), LessonState::Trying);
                assert_eq!(s.game().position_text(), lesson.position, "unchanged");
            }
            assert!(!s.progress().lesson_done(game, &lesson.id));
            play_line(&mut s, &clock);
            let run = s.lesson().expect("on");
            assert_eq!(run.state(), LessonState::Done, "{}", lesson.id);
            assert_eq!(
                Some(s.game().position_text().as_str()),
                lesson.position_after(lesson.line.len())
            );
            assert!(s.progress().lesson_done(game, &lesson.id), "{}", lesson.id);
            lessons += 1;
        }
    }
    assert!(lessons >= 30, "{lessons}");
}

/// A legal move off the line is shown, taken back a moment later, and the goal restated;
/// a refused move that is no trap gets the engine's refusal; neither does the lesson.
#[test]
fn a_wrong_move_is_shown_taken_back_and_explained() {
    let (mut s, clock) = learning(GameId::ShuangCheng, "first-move");
    let lesson = s.lesson().expect("on").lesson();
    let right = s.game().parse_move(&lesson.line[0]).expect("reads");
    let wrong = s
        .game()
        .legal_moves()
        .into_iter()
        .find(|&m| m != right)
        .expect("another move");
    let text = s.game().format_move(wrong).expect("spelled");
    s.run(Command::Play(wrong)).expect("tried");
    let run = s.lesson().expect("on");
    assert_eq!(run.state(), LessonState::Wrong);
    assert_eq!(run.said(), Some(&Said::OffLine(text)));
    assert_ne!(s.game().position_text(), lesson.position, "shown");
    assert_eq!(s.next_moment(), Some(WRONG_SHOWN));
    assert_eq!(
        s.run(Command::Play(right)),
        Err(CommandError::Play(PlayError::NotYourTurn)),
        "not while it is shown"
    );
    clock.advance(WRONG_SHOWN);
    s.apply();
    assert_eq!(s.lesson().expect("on").state(), LessonState::Trying);
    assert_eq!(s.game().position_text(), lesson.position, "taken back");
    assert!(matches!(
        s.lesson().expect("on").said(),
        Some(Said::OffLine(_))
    ));

    // Moves the rules refuse that the lesson did not foresee: the engine's own refusal, a
    // malformed one (no line joins the points) and an illegal one.
    let names = shuangcheng::POINT_NAMES;
    let mut kinds = Vec::new();
    for text in names
        .iter()
        .flat_map(|from| names.iter().map(move |to| format!("{from}-{to}")))
        .filter(|text| !text.starts_with("c-") || text == "c-tl")
    {
        let Err(why) = s.game().parse_move(&text) else {
            continue;
        };
        s.run(Command::Play(spelled(GameId::ShuangCheng, &text)))
            .expect("tried");
        assert_eq!(
            s.lesson().expect("on").said(),
            Some(&Said::Refused(why.clone()))
        );
        assert_eq!(s.game().position_text(), lesson.position);
        kinds.push(matches!(why, MoveError::Malformed { .. }));
    }
    assert!(
        kinds.contains(&true) && kinds.contains(&false),
        "both kinds"
    );
    assert!(!s.progress().lesson_done(GameId::ShuangCheng, "first-move"));
    play_line(&mut s, &clock);
    assert!(s.progress().lesson_done(GameId::ShuangCheng, "first-move"));
}

/// Show me (and the hint key) names the lesson's move until it is played; Retry starts the
/// lesson again; Next takes the course's next lesson, and the last has none.
#[test]
fn show_me_retry_and_next() {
    let (mut s, clock) = learning(GameId::Push, "standoff");
    assert_eq!(s.lesson().expect("on").shown_move(), None);
    s.run(Command::Lesson(LessonCommand::ShowMe))
        .expect("shown");
    let first = s.game().parse_move("C2-E").expect("the lesson's move");
    assert_eq!(s.lesson().expect("on").shown_move(), Some(first));
    s.run(Command::Play(first)).expect("played");
    assert_eq!(s.lesson().expect("on").shown_move(), None, "until played");
    clock.advance(REPLY_DELAY);
    s.apply();
    assert_eq!(s.lesson().expect("on").step(), 1);
    s.run(Command::Hint).expect("the hint key shows it too");
    let second = s.game().parse_move("C3D4E5-NE").expect("the lesson's move");
    assert_eq!(s.lesson().expect("on").shown_move(), Some(second));

    s.run(Command::Lesson(LessonCommand::Retry)).expect("again");
    let run = s.lesson().expect("on");
    assert_eq!(
        (run.step(), run.state(), run.said()),
        (0, LessonState::Trying, None)
    );
    assert_eq!(run.shown_move(), None);
    assert_eq!(s.game().position_text(), run.lesson().position);

    s.run(Command::Lesson(LessonCommand::Next)).expect("next");
    assert_eq!(s.lesson().expect("on").lesson().id, "blocked");
    let last = course(GameId::Push)
        .expect("push")
        .lessons
        .last()
        .expect("lessons")
        .id
        .clone();
    s.run(start(GameId::Push, &last)).expect("another lesson");
    assert!(!s.lesson().expect("on").has_next());
    assert_eq!(
        s.run(Command::Lesson(LessonCommand::Next)),
        Err(CommandError::Lesson(LessonError::LastLesson))
    );
}

/// Each refusal, with its reason, and the lesson unchanged by it.
#[test]
fn the_lesson_mode_refuses_with_its_reason() {
    let (mut s, clock) = session(two_players(GameId::Push), None);
    for command in [
        LessonCommand::ShowMe,
        LessonCommand::Next,
        LessonCommand::Retry,
        LessonCommand::Leave,
    ] {
        assert_eq!(
            s.run(Command::Lesson(command)),
            Err(CommandError::NotIn(ModeKind::Lesson))
        );
    }
    assert_eq!(
        s.run(start(GameId::Push, "no-such-lesson")),
        Err(CommandError::Lesson(LessonError::NoSuchLesson {
            game: GameId::Push,
            lesson: "no-such-lesson".into()
        }))
    );
    assert!(s.lesson().is_none());

    s.run(start(GameId::Push, "push-off")).expect("on");
    let before = s.game().position_text();
    for command in [
        Command::NewGame,
        Command::Undo,
        Command::Redo,
        Command::StartReview,
        Command::SetPlayers(None),
        Command::Puzzle(PuzzleCommand::Restart),
    ] {
        assert_eq!(
            s.run(command.clone()),
            Err(CommandError::NotWhile(ModeKind::Lesson)),
            "{command:?}"
        );
    }
    // Another game's move.
    let other = spelled(GameId::Cannon, "c6-c5");
    assert_eq!(
        s.run(Command::Play(other)),
        Err(CommandError::Play(PlayError::OtherGame))
    );
    assert_eq!(s.game().position_text(), before);
    assert_eq!(s.lesson().expect("on").said(), None);
    // An unknown lesson leaves the one on the board as it was.
    assert!(s.run(start(GameId::Push, "nope")).is_err());
    assert_eq!(s.lesson().expect("on").lesson().id, "push-off");

    play_line(&mut s, &clock);
    assert_eq!(s.lesson().expect("on").state(), LessonState::Done);
    let any = s.game().legal_moves().first().copied();
    if let Some(mv) = any {
        assert_eq!(
            s.run(Command::Play(mv)),
            Err(CommandError::Lesson(LessonError::Finished))
        );
    }
    assert_eq!(
        s.run(Command::Lesson(LessonCommand::ShowMe)),
        Err(CommandError::Lesson(LessonError::Finished))
    );
}

/// Leaving brings back the game behind the lesson as it was; another game or a puzzle
/// leaves the lesson first; a lesson started during a puzzle takes its place.
#[test]
fn a_lesson_stands_in_front_of_the_games() {
    let (mut s, _clock) = session(two_players(GameId::ShuangCheng), None);
    let first = s.game().legal_moves()[0];
    s.run(Command::Play(first)).expect("played");
    let behind = s.game().position_text();
    s.run(start(GameId::Cannon, "capture")).expect("on");
    assert_eq!(s.mode().kind(), ModeKind::Lesson);
    assert_eq!(s.game().variant(), Variant::plain(GameId::Cannon));
    s.run(Command::Lesson(LessonCommand::Leave)).expect("left");
    assert_eq!(s.mode().kind(), ModeKind::Local);
    assert_eq!(s.game().position_text(), behind);

    s.run(start(GameId::Blockade, "solidarity-landing"))
        .expect("on");
    assert!(s.game().variant().solidarity, "played with its option");
    s.run(Command::PickGame(GameId::Maddell)).expect("picked");
    assert_eq!(s.mode().kind(), ModeKind::Local);
    assert_eq!(s.game().variant(), Variant::plain(GameId::Maddell));

    s.run(start(GameId::Maddell, "mill")).expect("on");
    s.run(Command::Puzzle(PuzzleCommand::Next(GameId::Maddell)))
        .expect("a puzzle");
    assert_eq!(s.mode().kind(), ModeKind::Puzzle);
    s.run(start(GameId::Maddell, "mill"))
        .expect("back to the lesson");
    assert_eq!(s.mode().kind(), ModeKind::Lesson);
}

/// A newcomer is offered the first lesson of the game on the board until the offer is
/// taken or dismissed; someone who has played is not.
#[test]
fn a_newcomer_is_offered_the_first_lesson_once() {
    let offered = |s: &Session| s.lesson_offer().map(|lesson| lesson.id.clone());
    let (mut s, _clock) = session(Choices::default(), None);
    assert_eq!(offered(&s).as_deref(), Some("first-move"));
    s.run(Command::PickGame(GameId::Maddell)).expect("picked");
    let maddell = course(GameId::Maddell).expect("maddell");
    assert_eq!(offered(&s), Some(maddell.lessons[0].id.clone()));
    s.run(Command::Lesson(LessonCommand::DismissOffer))
        .expect("dismissed");
    assert_eq!(offered(&s), None);
    assert!(s.progress().lesson_offer_answered());

    // Taking it answers it too; and no offer while a lesson is on.
    let (mut s, _clock) = session(Choices::default(), None);
    let first = offered(&s).expect("offered");
    s.run(start(GameId::ShuangCheng, &first)).expect("taken");
    assert_eq!(offered(&s), None);
    s.run(Command::Lesson(LessonCommand::Leave)).expect("left");
    assert_eq!(offered(&s), None, "never again");

    // Someone with a game in progress, or a finished one, is no newcomer.
    let (mut s, _clock) = session(two_players(GameId::Push), None);
    let mv = s.game().legal_moves()[0];
    s.run(Command::Play(mv)).expect("played");
    assert_eq!(offered(&s), None);
    let mut played = Progress::default();
    played.record_game(
        GameId::Cannon,
        qipan_engine::ai::Level::Easy,
        crate::progress::Outcome::Win,
        1,
    );
    let (mut s, _clock) = session(Choices::default(), None);
    s.run(Command::RestoreProgress(played)).expect("restored");
    assert_eq!(offered(&s), None);
}

/// What was learned and the answered offer go with the progress: kept as JSON, restored.
#[test]
fn what_was_learned_is_kept_with_the_progress() {
    let (mut s, clock) = learning(GameId::Cannon, "capture");
    play_line(&mut s, &clock);
    let text = s.progress().to_json();
    let (mut again, _clock) = session(Choices::default(), None);
    let progress = Progress::from_json(&text).expect("reads");
    again
        .run(Command::RestoreProgress(progress))
        .expect("restored");
    assert!(again.progress().lesson_done(GameId::Cannon, "capture"));
    assert!(!again.progress().lesson_done(GameId::Cannon, "moving"));
    assert!(again.progress().lesson_offer_answered());
    assert_eq!(again.lesson_offer(), None);
}
