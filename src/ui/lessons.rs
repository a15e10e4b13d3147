//! The Learn view: the lessons of the game on the board, each new or done; while one is on,
//! its goal, what to do now, what it says about the last try (aloud, as it changes), Show
//! me, Next, Start again and Back to the game. And the offer of a first lesson to a newcomer,
//! over the board. The session referees the lesson ([`qipan_session::lessons`]); this view
//! reads it and returns commands.

use super::command::{AppCommand, Tab};
use super::marks::mark;
use super::{games, theme, words};
use crate::a11y::live;
use crate::i18n::I18n;
use crate::msg;
use qipan_engine::games::GameId;
use qipan_engine::lessons::Course;
use qipan_session::lessons::{self, LessonRun, LessonState};
use qipan_session::{Command, LessonCommand, Session};

fn start(game: GameId, lesson: &str) -> Command {
    Command::Lesson(LessonCommand::Start {
        game,
        lesson: lesson.to_owned(),
    })
}

/// The view: the lesson on the board, if any (unless `with_panel` is false: the phone's page
/// has it under the board, see [`panel`]), then the course of its game (or of the game on
/// the board) with each lesson's state.
pub fn show(ui: &mut egui::Ui, session: &Session, i18n: &I18n, with_panel: bool) -> Vec<Command> {
    let mut commands = Vec::new();
    let game = match session.lesson() {
        Some(run) => run.course().game,
        None => session.game().variant().game,
    };
    let Some(course) = lessons::course(game) else {
        ui.label(words::refusal(
            &qipan_session::CommandError::Lesson(qipan_session::LessonError::NoCourse(game)),
            session,
            i18n,
        ));
        return commands;
    };
    match session.lesson() {
        Some(run) => {
            if with_panel {
                commands.extend(lesson_panel(ui, run, session, i18n));
                ui.separator();
            }
        }
        None => {
            ui.label(i18n.tr(msg!("learn-intro")));
            if session.online().is_some() {
                ui.small(i18n.tr(msg!("learn-not-online")));
                return commands;
            }
            // The first lesson not done yet (the first, once all are).
            let next = course
                .lessons
                .iter()
                .position(|l| !session.progress().lesson_done(game, &l.id))
                .unwrap_or(0);
            let begin =
                ui.button(i18n.tr_args(msg!("learn-begin"), &[("number", (next + 1).into())]));
            mark(ui, "learn:begin", &begin);
            if begin.clicked() {
                commands.push(start(game, &course.lessons[next].id));
            }
        }
    }
    commands.extend(course_list(ui, session, course, i18n));
    commands
}

/// The lesson on the board, if one is on, for the phone's page: right under the board, in
/// place of the actions (which a lesson does not take), so that the goal and what the lesson
/// says are in view while the learner taps.
pub fn panel(ui: &mut egui::Ui, session: &Session, i18n: &I18n) -> Vec<Command> {
    match session.lesson() {
        Some(run) => lesson_panel(ui, run, session, i18n),
        None => Vec::new(),
    }
}

/// The lesson on the board: where it is in its course, its title and goal, how the try goes,
/// what to do now, what it says about the last try, the move once asked for, its buttons.
fn lesson_panel(
    ui: &mut egui::Ui,
    run: &LessonRun,
    session: &Session,
    i18n: &I18n,
) -> Vec<Command> {
    let mut commands = Vec::new();
    let lesson = run.lesson();
    let count = run.course().lessons.len();
    ui.small(i18n.tr_args(
        msg!("learn-number"),
        &[
            ("number", (run.index() + 1).into()),
            ("count", count.into()),
        ],
    ));
    ui.label(
        egui::RichText::new(i18n.tr_data(&lesson.title_id()))
            .size(17.0)
            .strong(),
    );
    let goal = i18n.tr_data(&lesson.goal_id());
    ui.label(
        egui::RichText::new(i18n.tr_args(msg!("learn-goal"), &[("goal", goal.into())])).strong(),
    );
    // What to do now: the text of the learner's move the line is at (the last one once done).
    let step = (run.played() / 2).min(lesson.steps().saturating_sub(1));
    ui.add(egui::Label::new(i18n.tr_data(&lesson.step_id(step))).wrap());
    let state = ui.label(
        egui::RichText::new(i18n.tr(words::lesson_state(run)))
            .strong()
            .color(match run.state() {
                LessonState::Done => theme::GREEN,
                LessonState::Wrong => theme::RED,
                LessonState::Trying | LessonState::Replying => ui.visuals().text_color(),
            }),
    );
    live(ui, state.id);
    mark(ui, "learn:state", &state);
    // Why the last try was refused or taken back, aloud as it appears.
    if let Some(said) = words::lesson_said(run, i18n) {
        note(ui, |ui| {
            let said = ui.add(egui::Label::new(said).wrap());
            live(ui, said.id);
            mark(ui, "learn:said", &said);
        });
    }
    if run.state() == LessonState::Done && !run.has_next() {
        ui.label(i18n.tr(msg!("learn-course-done")));
    }
    if let Some(mv) = run.shown_move() {
        let text = session.game().format_move(mv).unwrap_or_default();
        let shown = ui.label(
            egui::RichText::new(i18n.tr_args(msg!("learn-shown"), &[("move", text.into())]))
                .monospace(),
        );
        live(ui, shown.id);
    }
    ui.horizontal_wrapped(|ui| {
        let mut button = |ui: &mut egui::Ui, enabled: bool, text, key, command| {
            let response = ui.add_enabled(enabled, egui::Button::new(i18n.tr(text)));
            mark(ui, key, &response);
            if response.clicked() {
                commands.push(command);
            }
        };
        let trying = run.state() == LessonState::Trying;
        button(
            ui,
            trying && run.shown_move().is_none(),
            msg!("learn-show-me"),
            "learn:show-me",
            Command::Lesson(LessonCommand::ShowMe),
        );
        button(
            ui,
            run.has_next(),
            msg!("learn-next"),
            "learn:next",
            Command::Lesson(LessonCommand::Next),
        );
        button(
            ui,
            true,
            msg!("learn-retry"),
            "learn:retry",
            Command::Lesson(LessonCommand::Retry),
        );
        button(
            ui,
            true,
            msg!("learn-leave"),
            "learn:leave",
            Command::Lesson(LessonCommand::Leave),
        );
    });
    commands
}

/// The course: how many lessons are done, and each lesson, new or done; a click starts it.
fn course_list(ui: &mut egui::Ui, session: &Session, course: &Course, i18n: &I18n) -> Vec<Command> {
    let mut commands = Vec::new();
    let game = course.game;
    let progress = session.progress();
    let done = course
        .lessons
        .iter()
        .filter(|l| progress.lesson_done(game, &l.id))
        .count();
    ui.strong(i18n.tr_args(
        msg!("learn-course"),
        &[
            ("game", i18n.tr(games::describe(game).name).into()),
            ("done", done.into()),
            ("count", course.lessons.len().into()),
        ],
    ));
    let on = session.lesson().map(|run| run.index());
    for (index, lesson) in course.lessons.iter().enumerate() {
        let is_done = progress.lesson_done(game, &lesson.id);
        ui.horizontal(|ui| {
            let title = i18n.tr_args(
                msg!("learn-row"),
                &[
                    ("number", (index + 1).into()),
                    ("title", i18n.tr_data(&lesson.title_id()).into()),
                ],
            );
            let row = ui.selectable_label(on == Some(index), title);
            mark(ui, format_args!("learn:lesson:{}", lesson.id), &row);
            let (state, color) = if is_done {
                (msg!("learn-state-done"), theme::GREEN)
            } else {
                (msg!("learn-state-new"), ui.visuals().weak_text_color())
            };
            ui.label(egui::RichText::new(i18n.tr(state)).small().color(color));
            if row.clicked() {
                commands.push(start(game, &lesson.id));
            }
        });
    }
    commands
}

/// The offer of the first lesson of the game on the board, to a newcomer, until taken or
/// dismissed (the session keeps the answer): taking it opens the Learn tab.
pub fn offer(ui: &mut egui::Ui, session: &Session, i18n: &I18n) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    let Some(lesson) = session.lesson_offer() else {
        return commands;
    };
    let game = session.game().variant().game;
    note(ui, |ui| {
        let text = i18n.tr_args(
            msg!("learn-offer"),
            &[
                ("game", i18n.tr(games::describe(game).name).into()),
                ("title", i18n.tr_data(&lesson.title_id()).into()),
            ],
        );
        let said = ui.add(egui::Label::new(text).wrap());
        live(ui, said.id);
        ui.horizontal_wrapped(|ui| {
            let yes = ui.button(i18n.tr(msg!("learn-offer-yes")));
            mark(ui, "learn:offer-yes", &yes);
            if yes.clicked() {
                commands.push(start(game, &lesson.id).into());
                commands.push(AppCommand::OpenTab(Tab::Learn));
            }
            let no = ui.button(i18n.tr(msg!("learn-offer-no")));
            mark(ui, "learn:offer-no", &no);
            if no.clicked() {
                commands.push(Command::Lesson(LessonCommand::DismissOffer).into());
            }
        });
    });
    commands
}

/// A note in a tinted box across the view: what the lesson says, the offer.
fn note(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    egui::Frame::new()
        .fill(theme::GOLD.gamma_multiply(0.25))
        .corner_radius(6.0)
        .inner_margin(6.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            add(ui);
        });
}
