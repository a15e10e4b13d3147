//! Every lesson of every course played through the real widgets: the Learn tab, a lesson's
//! row, taps on the board for its line (the scripted replies coming by themselves), and one
//! of its traps tried by taps first (refused, explained in its own words, the board
//! unchanged); Next lesson to go on. What the other tests of lessons share is here too.

use crate::common::tap;
use crate::{app_with, click, tap_push_move};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipan::i18n::{I18n, Lang};
use qipan::ui::App;
use qipan_engine::games::{GameId, MoveError};
use qipan_engine::lessons::Lesson;
use qipan_session::lessons::{course, LessonState};
use qipan_session::puzzles::REPLY_DELAY;
use qipan_session::timer::ManualClock;

/// At least one node (the status line and the Learn view may both say it) has the label.
pub(crate) fn seen(harness: &Harness<'_, App>, label: &str) {
    assert!(
        harness.get_all_by_label(label).next().is_some(),
        "nothing says {label:?}"
    );
}

/// Taps `text`'s move on the board, as a person enters it: Push the Line's group and where
/// it goes; elsewhere the points the notation names, in order (a piece, where it goes, what
/// it takes).
pub(crate) fn tap_move(harness: &mut Harness<'static, App>, game: GameId, text: &str) {
    if game == GameId::Push {
        tap_push_move(harness, text);
    } else {
        let points: Vec<&str> = text.split(['-', 'x']).collect();
        tap(harness, &points);
    }
}

/// Taps a move the rules refuse, as a learner would try it: on Push the Line its group,
/// then a cell it would move into that no legal move of that group lights.
pub(crate) fn tap_attempt(harness: &mut Harness<'static, App>, game: GameId, text: &str) {
    if game != GameId::Push {
        return tap_move(harness, game, text);
    }
    use qipan_engine::games::push::{cell_from_name, Dir, Move, Push, CELL_NAMES};
    use qipan_engine::games::Game;
    let (group, dir) = text.split_once('-').expect("cells-direction");
    let cells = group
        .as_bytes()
        .chunks(2)
        .map(|name| cell_from_name(std::str::from_utf8(name).expect("ascii")).expect("a cell"))
        .fold(0u64, |mask, cell| mask | 1 << cell);
    let tried = Move::group(cells, Dir::from_name(dir).expect("a direction")).expect("a group");
    let pos = Push
        .parse_position(&harness.state().game().position_text())
        .expect("the board's position");
    let mut legal = Vec::new();
    Push.legal_moves(&pos, &mut legal);
    // The cells the legal moves of this group light (the painter's rule: the cell ahead of
    // an in-line group, every destination of a broadside or of a single piece).
    let lit = legal
        .iter()
        .filter(|m| m.cells() == cells)
        .fold(0u64, |lit, m| {
            let inline_group = cells.count_ones() > 1 && m.is_inline();
            lit | if inline_group {
                m.destinations() & !cells
            } else {
                m.destinations()
            }
        });
    let target = (0..CELL_NAMES.len())
        .find(|&c| (tried.destinations() & !cells & !lit) & (1 << c) != 0)
        .expect("a cell the group would move into that no legal move lights");
    let names: Vec<&str> = (0..CELL_NAMES.len())
        .filter(|&c| cells & (1 << c) != 0)
        .map(|c| CELL_NAMES[c])
        .chain([CELL_NAMES[target]])
        .collect();
    tap(harness, &names);
}

/// The trap a test tries: the first one the rules call illegal (a move of a shape the game
/// has), else the first.
pub(crate) fn trap_to_try(lesson: &Lesson) -> Option<&str> {
    let illegal = |trap: &&String| matches!(lesson.refusal(trap), Some(MoveError::Illegal { .. }));
    lesson
        .traps
        .iter()
        .find(illegal)
        .or(lesson.traps.first())
        .map(String::as_str)
}

/// Plays the lesson on the board to its end by taps, the replies coming after their moment.
pub(crate) fn play_line(harness: &mut Harness<'static, App>, clock: &ManualClock) {
    let (game, line) = {
        let run = harness
            .state()
            .session()
            .lesson()
            .expect("a lesson on the board");
        (run.course().game, run.lesson().line.clone())
    };
    for (ply, text) in line.iter().enumerate() {
        if ply % 2 == 1 {
            clock.advance(REPLY_DELAY);
            harness.run();
            continue;
        }
        let before = harness.state().game().len();
        tap_move(harness, game, text);
        assert_eq!(
            harness.state().game().len(),
            before + 1,
            "{text} was played by taps"
        );
    }
}

/// The lessons of `game`, one after another, through the widgets.
fn every_lesson_of(game: GameId) {
    let (mut harness, clock) = app_with(game);
    let i18n = I18n::new(Lang::En);
    let course = course(game).expect("the shipped course");
    click(&mut harness, "Learn");
    let first = format!("1. {}", i18n.tr_data(&course.lessons[0].title_id()));
    click(&mut harness, &first);
    for (index, lesson) in course.lessons.iter().enumerate() {
        let id = &lesson.id;
        let on = harness.state().session().lesson().expect("a lesson");
        assert_eq!(&on.lesson().id, id);
        let goal = i18n.tr_data(&lesson.goal_id());
        seen(
            &harness,
            &i18n.tr_args(qipan::msg!("learn-goal"), &[("goal", goal.into())]),
        );
        assert_eq!(harness.state().game().position_text(), lesson.position);
        if let Some(trap) = trap_to_try(lesson) {
            tap_attempt(&mut harness, game, trap);
            seen(&harness, &i18n.tr_data(&lesson.trap_id(trap)));
            let app = harness.state();
            assert_eq!(app.game().position_text(), lesson.position, "{id}: {trap}");
            assert!(
                app.game().is_empty(),
                "{id}: {trap} left the board unchanged"
            );
        }
        play_line(&mut harness, &clock);
        let run = harness.state().session().lesson().expect("on");
        assert_eq!(run.state(), LessonState::Done, "{id}");
        seen(&harness, "Lesson done!");
        assert!(harness.state().session().progress().lesson_done(game, id));
        if index + 1 < course.lessons.len() {
            click(&mut harness, "Next lesson");
        } else {
            seen(&harness, &i18n.tr(qipan::msg!("learn-course-done")));
        }
    }
    let done = harness.get_all_by_label("done").count();
    assert_eq!(done, course.lessons.len(), "every lesson says it is done");
}

#[test]
fn every_lesson_of_push_the_line_through_the_widgets() {
    every_lesson_of(GameId::Push);
}

#[test]
fn every_lesson_of_shuang_cheng_through_the_widgets() {
    every_lesson_of(GameId::ShuangCheng);
}

#[test]
fn every_lesson_of_maddell_through_the_widgets() {
    every_lesson_of(GameId::Maddell);
}

#[test]
fn every_lesson_of_blockade_through_the_widgets() {
    every_lesson_of(GameId::Blockade);
}

#[test]
fn every_lesson_of_earthen_cannon_through_the_widgets() {
    every_lesson_of(GameId::Cannon);
}
