//! Lessons in the session: a lesson of a game's course ([`qipan_engine::lessons`]) on a
//! board the session referees, as it does a puzzle's.
//!
//! The learner plays the lesson's side. A move is tried with [`Command::Play`], as any move
//! on the board: the lesson's move is played and its scripted reply follows a moment later
//! (it glides in as the computer's moves do); any other move is explained and changes
//! nothing for good. A move the rules refuse is never on the board: the lesson says why, in
//! the trap's own words where the course foresaw it, else with the engine's refusal. A legal
//! move off the lesson's line is shown, then taken back, and the lesson restates its goal.
//! A lesson played to its end is done, in the player's progress.
//!
//! In the session this is [`Mode::Lesson`](crate::Mode::Lesson): `start` enters it from the
//! local games (a newcomer's offer of a first lesson is answered by starting one, or by
//! [`LessonCommand::DismissOffer`]), and `LessonRun::handle` takes the session's commands
//! while it is on.

use crate::any::AnyMatch;
use crate::command::{ArchiveCommand, Command, EditorCommand, PuzzleCommand};
use crate::errors::{CommandError, ModeKind, PlayError};
use crate::moves::AnyMove;
use crate::scripted::{Scripted, Stage};
use crate::state::Shared;
use crate::transition::Transition;
use qipan_engine::games::{GameId, MoveError};
use qipan_engine::lessons::{Course, Lesson};
use std::sync::OnceLock;

pub use crate::command::LessonCommand;
pub use crate::errors::LessonError;

/// The shipped course of `game`, read once and kept; `None` if it does not read (logged).
pub fn course(game: GameId) -> Option<&'static Course> {
    static COURSES: [OnceLock<Option<Course>>; GameId::ALL.len()] =
        [const { OnceLock::new() }; GameId::ALL.len()];
    let index = GameId::ALL.iter().position(|&g| g == game)?;
    COURSES[index]
        .get_or_init(|| match qipan_engine::lessons::course(game) {
            Ok(course) => Some(course),
            Err(error) => {
                log::warn!("the lessons of {} are not offered: {error}", game.name());
                None
            }
        })
        .as_ref()
}

/// Where a lesson on the board stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonState {
    /// The learner's turn.
    Trying,
    /// The learner's move was the lesson's; the scripted reply comes.
    Replying,
    /// A legal move off the lesson's line: shown, then taken back.
    Wrong,
    /// Played to its end.
    Done,
}

/// What the lesson says about the learner's last try.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// The lesson's move.
    Right,
    /// A move the rules refuse that the lesson foresaw: its reason is the trap's (the trap as
    /// the course writes it, for its message id).
    Trap(String),
    /// A move the rules refuse, as the engine refuses it.
    Refused(MoveError),
    /// A legal move that is not the lesson's (in notation): shown, then taken back.
    OffLine(String),
}

/// The lesson on the board.
pub struct LessonRun {
    course: &'static Course,
    /// The lesson's place in its course.
    index: usize,
    /// The board, refereed along the lesson's line.
    script: Scripted,
    said: Option<Said>,
    /// The learner asked to see the move of this turn.
    shown: bool,
}

/// Lesson commands from the local games: only Start has no lesson to act on first.
pub(crate) fn start(
    command: LessonCommand,
    shared: &mut Shared,
    now: f64,
) -> Result<LessonRun, CommandError> {
    match command {
        LessonCommand::Start { game, lesson } => {
            let run = LessonRun::start(game, &lesson, now)?;
            shared.progress.answer_lesson_offer();
            Ok(run)
        }
        LessonCommand::ShowMe
        | LessonCommand::Next
        | LessonCommand::Retry
        | LessonCommand::Leave
        | LessonCommand::DismissOffer => Err(CommandError::NotIn(ModeKind::Lesson)),
    }
}

fn refused(error: LessonError) -> CommandError {
    CommandError::Lesson(error)
}

impl LessonRun {
    /// The lesson `lesson` of `game`'s course from its start, the learner to move.
    pub fn start(game: GameId, lesson: &str, now: f64) -> Result<LessonRun, CommandError> {
        let course = course(game).ok_or(refused(LessonError::NoCourse(game)))?;
        let index = course
            .lessons
            .iter()
            .position(|l| l.id == lesson)
            .ok_or_else(|| {
                refused(LessonError::NoSuchLesson {
                    game,
                    lesson: lesson.to_owned(),
                })
            })?;
        Self::at(course, index, now)
    }

    fn at(course: &'static Course, index: usize, now: f64) -> Result<LessonRun, CommandError> {
        let lesson = &course.lessons[index];
        let script = Scripted::new(lesson.variant, &lesson.position, &lesson.line, now)
            .ok_or(refused(LessonError::NoCourse(course.game)))?;
        Ok(LessonRun {
            course,
            index,
            script,
            said: None,
            shown: false,
        })
    }

    pub fn course(&self) -> &'static Course {
        self.course
    }

    pub fn lesson(&self) -> &'static Lesson {
        &self.course.lessons[self.index]
    }

    /// The lesson's place in its course, from 0.
    pub fn index(&self) -> usize {
        self.index
    }

    pub fn board(&self) -> &AnyMatch {
        self.script.board()
    }

    pub fn state(&self) -> LessonState {
        match self.script.stage() {
            Stage::Turn => LessonState::Trying,
            Stage::Replying => LessonState::Replying,
            Stage::Wrong => LessonState::Wrong,
            Stage::Over => LessonState::Done,
        }
    }

    /// What the lesson says about the last try, until the next one.
    pub fn said(&self) -> Option<&Said> {
        self.said.as_ref()
    }

    /// The learner's move the lesson is at (from 0): the one to make, or, once done, the
    /// number of moves made.
    pub fn step(&self) -> usize {
        self.played().div_ceil(2)
    }

    /// How many plies of the lesson's line are on the board.
    pub fn played(&self) -> usize {
        self.script.played()
    }

    /// The lesson's move for this turn, once the learner asked to see it.
    pub fn shown_move(&self) -> Option<AnyMove> {
        if !self.shown || self.state() != LessonState::Trying {
            return None;
        }
        let text = self.lesson().learner_move(self.step())?;
        self.board().parse_move(text).ok()
    }

    /// Whether the course has a lesson after this one.
    pub fn has_next(&self) -> bool {
        self.index + 1 < self.course.lessons.len()
    }

    /// When [`LessonRun::advance`] next has something to do (the app asks for a frame then).
    pub fn next_moment(&self) -> Option<f64> {
        self.script.next_moment()
    }

    /// Plays the scripted reply, or takes the wrong move back, when its moment has come.
    pub fn advance(&mut self, now: f64) {
        self.script.advance(now);
    }

    /// The learner's try: the lesson's move is played (its last one does the lesson); any
    /// other is explained, and a legal one shown until [`LessonRun::advance`] takes it back.
    /// Refused only while it is not the learner's turn, once the lesson is done, or for a
    /// move of another game.
    fn try_move(&mut self, mv: AnyMove, shared: &mut Shared, now: f64) -> Result<(), CommandError> {
        match self.state() {
            LessonState::Trying => {}
            LessonState::Replying | LessonState::Wrong => {
                return Err(CommandError::Play(PlayError::NotYourTurn))
            }
            LessonState::Done => return Err(refused(LessonError::Finished)),
        }
        let text = self
            .board()
            .format_move(mv)
            .ok_or(CommandError::Play(PlayError::OtherGame))?;
        let lesson = self.lesson();
        match self.script.play(mv, now) {
            Ok(()) => {}
            Err(PlayError::Move(error)) => {
                // The engine's own word on the move as written (a typed move of a shape the
                // notation has no spelling for is malformed, not only illegal).
                let why = self.board().parse_move(&text).err().unwrap_or(error);
                self.said = Some(if lesson.refusal(&text).is_some() {
                    Said::Trap(text)
                } else {
                    Said::Refused(why)
                });
                return Ok(());
            }
            Err(other) => return Err(CommandError::Play(other)),
        }
        let step = self.step();
        let right = lesson.is_expected(step, &text);
        self.script.judge(right, now);
        if !right {
            self.said = Some(Said::OffLine(text));
            return Ok(());
        }
        self.said = Some(Said::Right);
        self.shown = false;
        if step + 1 >= lesson.steps() {
            shared.progress.record_lesson(self.course.game, &lesson.id);
        }
        Ok(())
    }

    /// The lesson from its start again.
    fn retry(&mut self, now: f64) -> Result<(), CommandError> {
        *self = Self::at(self.course, self.index, now)?;
        Ok(())
    }

    /// The session's commands while the lesson is on: moves are tried against its line,
    /// another lesson takes its place; another game or a puzzle leaves it first; what would
    /// change the game behind it waits until the learner leaves.
    pub(crate) fn handle(
        &mut self,
        command: Command,
        shared: &mut Shared,
        now: f64,
    ) -> Result<Transition, CommandError> {
        match command {
            Command::Play(mv) => self.try_move(mv, shared, now)?,
            Command::Hint | Command::Lesson(LessonCommand::ShowMe) => {
                if self.state() == LessonState::Done {
                    return Err(refused(LessonError::Finished));
                }
                self.shown = true;
            }
            Command::Lesson(LessonCommand::Start { game, lesson }) => {
                *self = LessonRun::start(game, &lesson, now)?;
                shared.progress.answer_lesson_offer();
            }
            Command::Lesson(LessonCommand::Next) => {
                if !self.has_next() {
                    return Err(refused(LessonError::LastLesson));
                }
                *self = Self::at(self.course, self.index + 1, now)?;
            }
            Command::Lesson(LessonCommand::Retry) => self.retry(now)?,
            Command::Lesson(LessonCommand::Leave) => return Ok(Transition::Leave),
            next @ (Command::PickGame(_)
            | Command::Puzzle(PuzzleCommand::Next(_) | PuzzleCommand::Daily { .. })
            | Command::Archive(ArchiveCommand::Review(_))
            | Command::Editor(EditorCommand::Open(_))) => return Ok(Transition::LeaveThen(next)),
            _ => return Err(CommandError::NotWhile(ModeKind::Lesson)),
        }
        Ok(Transition::Stay)
    }
}
