//! Learning around the lessons: the newcomer's offer (once, never again after an answer,
//! across a restart), what was learned kept across a restart, Try it in the rules (each rule
//! line numbered as the seeds number it), the reply gliding in, Show me by key, the
//! explanation said aloud, both languages, every window size; and screenshots to look at.

use crate::lessons::{play_line, seen, tap_attempt, trap_to_try};
use crate::{app_with, click, Kept, ROOT};
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use qipan::i18n::{I18n, Lang};
use qipan::msg;
use qipan::ui::App;
use qipan_engine::ai::Level;
use qipan_engine::games::GameId;
use qipan_session::lessons::course;
use qipan_session::timer::ManualClock;
use qipan_session::{Command, LessonCommand};
use std::path::Path;

/// The app as eframe starts it from `kept` (empty: a first run), on a manual clock. (The
/// storage lives as long as the test: a few strings.)
fn start_from(kept: Kept, size: [f32; 2]) -> (Harness<'static, App>, ManualClock) {
    let kept: &'static Kept = Box::leak(Box::new(kept));
    let clock = ManualClock::default();
    let handle = clock.clone();
    let mut harness = Harness::builder()
        .with_size(size)
        .with_max_steps(64)
        .build_eframe(move |cc| {
            cc.storage = Some(kept);
            App::with_clock(cc, Box::new(handle))
        });
    harness.state_mut().set_animations(false);
    harness.run();
    (harness, clock)
}

/// What the app keeps when it closes.
fn closed(harness: &mut Harness<'static, App>) -> Kept {
    let mut kept = Kept::default();
    eframe::App::save(harness.state_mut(), &mut kept);
    kept
}

const WIDE: [f32; 2] = [1280.0, 800.0];
const PHONE: [f32; 2] = [390.0, 844.0];

fn offered(harness: &Harness<'_, App>) -> bool {
    harness.query_by_label("Start the first lesson").is_some()
}

/// A first run offers the first lesson of the game on the board; unanswered, it is offered
/// again next time; dismissed, never again, across a restart.
#[test]
fn the_first_lesson_is_offered_once_and_never_again_after_no() {
    let (mut harness, _clock) = start_from(Kept::default(), WIDE);
    assert!(offered(&harness), "a newcomer is offered a lesson");
    let title = I18n::new(Lang::En)
        .tr_data(&course(GameId::ShuangCheng).expect("a course").lessons[0].title_id());
    crate::seen_containing(&harness, &title);
    let kept = closed(&mut harness);
    let (mut harness, _clock) = start_from(kept, WIDE);
    assert!(offered(&harness), "not answered yet: offered again");
    click(&mut harness, "No, thanks");
    assert!(!offered(&harness), "dismissed");
    let kept = closed(&mut harness);
    let (harness, _clock) = start_from(kept, WIDE);
    assert!(!offered(&harness), "never again, after a restart");
    assert!(harness.state().session().lesson().is_none());
}

/// Taken on a phone, the offer puts the first lesson of the game on the board and brings
/// the Learn tab forward; after it, no offer again, across a restart. Someone who has played
/// is never offered one.
#[test]
fn the_offer_taken_opens_the_lesson_and_is_not_made_again() {
    let (mut harness, _clock) = start_from(Kept::default(), PHONE);
    harness
        .state_mut()
        .send(Command::PickGame(GameId::Blockade));
    harness.run();
    click(&mut harness, "Start the first lesson");
    let run = harness
        .state()
        .session()
        .lesson()
        .expect("the lesson is on");
    let first = &course(GameId::Blockade).expect("a course").lessons[0];
    assert_eq!(run.lesson().id, first.id);
    // The Learn view is the open tab: its buttons are there.
    assert!(harness.query_by_label("Show me").is_some());
    assert!(!offered(&harness));
    click(&mut harness, "Leave the lesson");
    assert!(!offered(&harness), "answered");
    let kept = closed(&mut harness);
    let (harness, _clock) = start_from(kept, PHONE);
    assert!(!offered(&harness), "never again, after a restart");

    // A player with a move on the board is no newcomer.
    let (mut harness, _clock) = start_from(Kept::default(), WIDE);
    harness.state_mut().send(Command::SetPlayers(None));
    harness.run();
    let mv = harness.state().game().legal_moves()[0];
    harness.state_mut().send(Command::Play(mv));
    harness.run();
    assert!(!offered(&harness));
}

/// A lesson done through the widgets is kept: after a restart the Learn tab says so, and
/// only for that lesson.
#[test]
fn what_was_learned_is_kept_across_a_restart() {
    let (mut harness, clock) = start_from(Kept::default(), WIDE);
    harness.state_mut().send(Command::PickGame(GameId::Cannon));
    harness.run();
    click(&mut harness, "No, thanks");
    click(&mut harness, "Learn");
    let i18n = I18n::new(Lang::En);
    let lessons = &course(GameId::Cannon).expect("a course").lessons;
    click(
        &mut harness,
        &format!("3. {}", i18n.tr_data(&lessons[2].title_id())),
    );
    play_line(&mut harness, &clock);
    seen(&harness, "Lesson done!");
    click(&mut harness, "Leave the lesson");
    let kept = closed(&mut harness);
    let (mut harness, _clock) = start_from(kept, WIDE);
    assert_eq!(harness.state().game().variant().game, GameId::Cannon);
    click(&mut harness, "Learn");
    let progress = harness.state().session().progress();
    assert!(progress.lesson_done(GameId::Cannon, &lessons[2].id));
    assert!(!progress.lesson_done(GameId::Cannon, &lessons[0].id));
    assert_eq!(harness.get_all_by_label("done").count(), 1);
    assert_eq!(harness.get_all_by_label("new").count(), lessons.len() - 1);
    crate::seen_containing(&harness, &format!("1 of {} lessons done", lessons.len()));
    // The Learn tab's first button starts the first lesson not done.
    click(&mut harness, "Start lesson 1");
    assert_eq!(
        harness.state().session().lesson().expect("on").lesson().id,
        lessons[0].id
    );
}

/// The rules panel's lines under its last section heading, in the current language.
fn rules_part(i18n: &I18n, game: GameId) -> Vec<String> {
    let rules = match game {
        GameId::Push => msg!("rules-push"),
        GameId::ShuangCheng => msg!("rules-shuangcheng"),
        GameId::Maddell => msg!("rules-maddell"),
        GameId::Blockade => msg!("rules-blockade"),
        GameId::Cannon => msg!("rules-cannon"),
    };
    let text = i18n.tr(rules);
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let from = lines
        .iter()
        .rposition(|l| l.starts_with("## "))
        .expect("a section heading");
    lines[from + 1..]
        .iter()
        .map(|l| l.trim_start_matches("### ").to_owned())
        .collect()
}

/// The rule panel numbers the rules proper as the seeds do (the lessons name lines by these
/// numbers): in English each line is the seed's line `RULES_HEADING_LINE + k`, in Chinese
/// the same line of the seed's Chinese part, and every line a lesson names is there.
#[test]
fn the_rule_lines_are_numbered_as_the_seeds_number_them() {
    use qipan::ui::games::RULES_HEADING_LINE;
    let dir = Path::new(ROOT).join("docs/rules/seeds");
    let mut seeds: Vec<_> = std::fs::read_dir(&dir)
        .expect("the seeds")
        .flatten()
        .map(|e| e.path())
        .collect();
    seeds.sort();
    for (game, path) in GameId::ALL.into_iter().zip(&seeds) {
        let text = std::fs::read_to_string(path).expect("a seed");
        let lines: Vec<&str> = text.lines().collect();
        let heading = RULES_HEADING_LINE as usize;
        assert_eq!(lines[heading - 1], "Rules", "{path:?}");
        let zh = lines
            .iter()
            .position(|l| *l == "规则详解")
            .expect("the Chinese rules");
        let en_part = &lines[heading..zh];
        let zh_part = &lines[zh + 1..];
        let en = rules_part(&I18n::new(Lang::En), game);
        let cn = rules_part(&I18n::new(Lang::Zh), game);
        assert_eq!(en, en_part, "{game:?}");
        assert_eq!(cn, zh_part, "{game:?}");
        for lesson in &course(game).expect("a course").lessons {
            for &line in &lesson.rules {
                let k = line as usize - heading;
                assert!((1..=en.len()).contains(&k), "{}: line {line}", lesson.id);
            }
        }
    }
}

/// Each taught rule line has a Try it; the first opens the first lesson that teaches the
/// first rule line, and brings the Learn view forward.
#[test]
fn try_it_in_the_rules_opens_the_lesson() {
    // The wide window's right-hand column opens on the rules.
    let (mut harness, _clock) = app_with(GameId::Maddell);
    let course = course(GameId::Maddell).expect("a course");
    let taught = course.taught_lines();
    assert_eq!(harness.get_all_by_label("Try it").count(), taught.len());
    harness
        .get_all_by_label("Try it")
        .next()
        .expect("a Try it")
        .click();
    harness.run();
    let expected = course
        .lessons
        .iter()
        .find(|l| l.rules.contains(&taught[0]))
        .expect("a lesson");
    let run = harness
        .state()
        .session()
        .lesson()
        .expect("the lesson is on");
    assert_eq!(run.lesson().id, expected.id);
    assert!(
        harness.query_by_label("Show me").is_some(),
        "the Learn view is open"
    );
}

/// The reply comes after its moment and glides in as the computer's moves do.
#[test]
fn the_reply_glides_like_the_computers() {
    use qipan_session::puzzles::REPLY_DELAY;
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    harness.state_mut().set_animations(true);
    harness
        .state_mut()
        .send(Command::Lesson(LessonCommand::Start {
            game: GameId::ShuangCheng,
            lesson: "first-move".into(),
        }));
    harness.step();
    harness.step();
    let first = harness.state().game().parse_move("bh-c").expect("the move");
    harness.state_mut().send(Command::Play(first));
    harness.step();
    harness.step();
    assert_eq!(harness.state().game().len(), 1);
    clock.advance(REPLY_DELAY);
    harness.step();
    harness.step();
    let app = harness.state();
    assert_eq!(app.game().len(), 2, "the reply came");
    assert_eq!(
        app.game().last_change(),
        qipan_session::Change::Played { by_computer: true }
    );
    assert!(app.gliding(), "and glides in");
}

/// Show me by the hint key; the explanation of a refused try is said aloud (a live region).
#[test]
fn show_me_by_key_and_the_explanation_said_aloud() {
    let (mut harness, _clock) = app_with(GameId::Push);
    harness
        .state_mut()
        .send(Command::Lesson(LessonCommand::Start {
            game: GameId::Push,
            lesson: "standoff".into(),
        }));
    harness.run();
    harness.key_press(egui::Key::H);
    harness.run();
    seen(&harness, "The lesson's move: C2-E");
    tap_attempt(&mut harness, GameId::Push, "D4E5-NE");
    let i18n = I18n::new(Lang::En);
    let lesson = harness.state().session().lesson().expect("on").lesson();
    let said = i18n.tr_data(&lesson.trap_id("D4E5-NE"));
    let node = harness.get_by_label(&said);
    assert_eq!(
        node.accesskit_node().live(),
        egui::accesskit::Live::Polite,
        "said aloud"
    );
}

/// In Chinese: the Learn tab, a trap explained in the lesson's Chinese words, the buttons.
#[test]
fn a_lesson_in_chinese() {
    let (mut harness, _clock) = app_with(GameId::Blockade);
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    click(&mut harness, "学棋");
    let i18n = I18n::new(Lang::Zh);
    let lessons = &course(GameId::Blockade).expect("a course").lessons;
    let lesson = &lessons[2];
    click(
        &mut harness,
        &format!("3. {}", i18n.tr_data(&lesson.title_id())),
    );
    let trap = trap_to_try(lesson).expect("a trap");
    tap_attempt(&mut harness, GameId::Blockade, trap);
    seen(&harness, &i18n.tr_data(&lesson.trap_id(trap)));
    click(&mut harness, "演示给我看");
    crate::seen_containing(&harness, "这一课要走的是");
    for label in ["下一课", "本课重来", "退出本课"] {
        assert!(harness.query_by_label(label).is_some(), "{label}");
    }
}

/// On a phone, a tablet and a desktop, the board and the lesson's controls are in the
/// window (scrolled to on the phone's page), none cut off at its sides.
#[test]
fn a_lesson_at_every_size() {
    for size in [[390.0, 844.0], [820.0, 1180.0], [1280.0, 800.0]] {
        let clock = ManualClock::default();
        let mut harness = Harness::builder()
            .with_size(size)
            .with_max_steps(64)
            .build_eframe(move |cc| App::with_clock(cc, Box::new(clock)));
        harness.state_mut().set_animations(false);
        harness.state_mut().send(Command::SetLevel(Level::Easy));
        harness
            .state_mut()
            .send(Command::Lesson(LessonCommand::Start {
                game: GameId::Cannon,
                lesson: "count-gaps".into(),
            }));
        harness.run();
        let board = harness.get_by_label("Board").rect();
        assert!(board.width() > 0.3 * size[0].min(size[1]), "{size:?}");
        for label in [
            "Show me",
            "Next lesson",
            "Restart the lesson",
            "Leave the lesson",
        ] {
            harness.get_by_label(label).scroll_to_me();
            harness.run();
            let rect = harness.get_by_label(label).rect();
            let window = egui::Rect::from_min_size(egui::Pos2::ZERO, size.into());
            assert!(
                window.expand(0.5).contains_rect(rect),
                "{label} at {size:?}: {rect:?}"
            );
        }
    }
}

/// Screenshots (not a check): a lesson of each game with a trap tried and its move shown,
/// at 1280×800, 820×1180 and 390×844 in both languages, written to `$QIPAN_SHOTS/lessons/`
/// (by default a folder in the system's temporary directory, outside the repository).
#[test]
#[ignore = "writes screenshots: cargo test --test app -- --ignored screenshots_of_lessons"]
fn screenshots_of_lessons() {
    let dir = crate::shots_dir("lessons");
    // A lesson of each game with a trap, and its move shown after it.
    let scenes = [
        (GameId::Push, "standoff"),
        (GameId::ShuangCheng, "locked"),
        (GameId::Maddell, "protected"),
        (GameId::Blockade, "no-jumping"),
        (GameId::Cannon, "count-gaps"),
    ];
    for (size_name, size) in crate::SHOT_SIZES {
        for lang in Lang::ALL {
            for (game, lesson) in scenes {
                let mut h = crate::shot_harness(size, ManualClock::default());
                h.state_mut().set_lang(lang);
                h.state_mut().send(Command::PickGame(game));
                h.run();
                let save = |h: &mut Harness<'static, App>, state: &str| {
                    h.run();
                    let image = h.render().expect("a picture");
                    let name = format!("{}-{size_name}-{}-{state}.png", lang.tag(), game.name());
                    image.save(dir.join(name)).expect("written");
                };
                if game == GameId::Push {
                    save(&mut h, "offer");
                }
                h.state_mut().send(Command::Lesson(LessonCommand::Start {
                    game,
                    lesson: lesson.into(),
                }));
                h.run();
                let run = h.state().session().lesson().expect("on");
                let trap = trap_to_try(run.lesson()).expect("a trap").to_owned();
                tap_attempt(&mut h, game, &trap);
                h.state_mut().send(Command::Lesson(LessonCommand::ShowMe));
                h.run();
                save(&mut h, "lesson");
                if game == GameId::Maddell {
                    h.state_mut().send(Command::Lesson(LessonCommand::Leave));
                    h.run();
                    save(&mut h, "course");
                }
            }
        }
    }
}
