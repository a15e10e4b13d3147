//! Lessons: one course per game that teaches a newcomer every rule by playing it.
//!
//! A course is data, one file per game beside this module (`push.txt`, ...), read into typed
//! [`Lesson`]s and checked against the rules as it is read: the position is one the board
//! editor accepts ([`setup`]) and the game is on, the line is legal, the goal is true at its
//! end, and every trap is a move the rules refuse. `qipan-cli lessons COURSE` prints the
//! lessons (docs/rules/cli.md, "Lessons"); the session's lesson mode plays them.
//!
//! The words are not here (the engine has none): each lesson's title, goal, the reason for
//! each of the learner's moves and each trap's reason are Fluent messages whose ids
//! [`Lesson::message_ids`] derives from the course and lesson ids:
//!
//! | message | id |
//! | --- | --- |
//! | title | `lesson-COURSE-ID-title` |
//! | the goal in words | `lesson-COURSE-ID-goal` |
//! | why the learner's n-th move (from 1) | `lesson-COURSE-ID-step-N` |
//! | why a trap is refused | `lesson-COURSE-ID-trap-MOVE` (the trap as written, e.g. `lesson-push-standoff-trap-D4E5-NE`) |
//!
//! # The course file
//!
//! Lessons in the order a newcomer takes them. Each starts with a line `lesson ID`, followed
//! by one line per field, `NAME VALUE`, each field exactly once, in any order; blank lines and
//! lines starting with `#` are left out. The values are those `qipan-cli lessons` prints:
//!
//! ```text
//! lesson standoff
//! game push
//! position <the position text>
//! line C2-E H4-E C3D4E5-NE
//! goal move
//! traps D4E5-NE
//! rules 31,32
//! ```
//!
//! - `lesson`: lower-case letters, digits and `-`, unique in the course;
//! - `game`: the game id the lesson is played in, the course's game with any of its options;
//! - `position`: the position text; the learner is its side to move;
//! - `line`: the learner's moves and the scripted replies, alternating, the learner's first;
//! - `goal`: `move` (the line shows a way to move), `gain K` (over the line the other side
//!   loses exactly K pieces and the learner none), `win` or `draw` (the line ends the game so,
//!   for the learner);
//! - `traps`: moves the learner may try in the position that the rules refuse, or `-`;
//! - `rules`: the numbers of the lines of the game's rule text (docs/rules/seeds/) the lesson
//!   teaches, ascending, separated by commas.

use crate::games::ToGame;
use crate::games::{Game, GameId, MoveError, Side, Variant, VariantError};
use crate::scripted::{self, ScriptProblem};
use std::fmt;

pub use crate::scripted::Goal;

#[cfg(test)]
mod tests;

/// The text of a game's course file, as shipped.
pub fn course_text(game: GameId) -> &'static str {
    match game {
        GameId::Push => include_str!("push.txt"),
        GameId::ShuangCheng => include_str!("shuangcheng.txt"),
        GameId::Maddell => include_str!("maddell.txt"),
        GameId::Blockade => include_str!("blockade.txt"),
        GameId::Cannon => include_str!("cannon.txt"),
    }
}

/// The shipped course of `game`, read and checked.
pub fn course(game: GameId) -> Result<Course, CourseError> {
    parse_course(game, course_text(game))
}

/// A game's lessons, in the order a newcomer takes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Course {
    pub game: GameId,
    pub lessons: Vec<Lesson>,
}

impl Course {
    pub fn lesson(&self, id: &str) -> Option<&Lesson> {
        self.lessons.iter().find(|lesson| lesson.id == id)
    }

    /// Every rule line some lesson teaches, ascending, once each.
    pub fn taught_lines(&self) -> Vec<u32> {
        let mut lines: Vec<u32> = self
            .lessons
            .iter()
            .flat_map(|lesson| lesson.rules.iter().copied())
            .collect();
        lines.sort_unstable();
        lines.dedup();
        lines
    }
}

/// One lesson, checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    pub id: String,
    /// The game it is played in (the course's game, with an option where the lesson teaches
    /// it).
    pub variant: Variant,
    /// The position text the lesson starts from; the learner is its side to move.
    pub position: String,
    /// The learner's moves and the scripted replies, alternating, the learner's first.
    pub line: Vec<String>,
    pub goal: Goal,
    /// Moves the learner may try in `position` that the rules refuse.
    pub traps: Vec<String>,
    /// The lines of the game's rule text the lesson teaches, ascending.
    pub rules: Vec<u32>,
    /// The side that plays the learner's moves.
    pub learner: Side,
    /// The position text before the line and after each ply of it.
    positions: Vec<String>,
    /// The engine's refusal of each trap, in `traps` order.
    refusals: Vec<MoveError>,
}

impl Lesson {
    /// How many moves the learner makes.
    pub fn steps(&self) -> usize {
        self.line.len().div_ceil(2)
    }

    /// The learner's move at `step` (from 0).
    pub fn learner_move(&self, step: usize) -> Option<&str> {
        self.line.get(2 * step).map(String::as_str)
    }

    /// The scripted reply to the learner's move at `step`, if the line has one.
    pub fn reply(&self, step: usize) -> Option<&str> {
        self.line.get(2 * step + 1).map(String::as_str)
    }

    /// Whether `mv` (in canonical notation) is the learner's move at `step`.
    pub fn is_expected(&self, step: usize, mv: &str) -> bool {
        self.learner_move(step) == Some(mv)
    }

    /// The position text after `ply` plies of the line (0: the lesson's position).
    pub fn position_after(&self, ply: usize) -> Option<&str> {
        self.positions.get(ply).map(String::as_str)
    }

    /// The position text where the learner makes the move of `step`.
    pub fn position_at_step(&self, step: usize) -> Option<&str> {
        self.position_after(2 * step)
    }

    /// The engine's refusal of `trap` in the lesson's position, if it is one of the traps.
    pub fn refusal(&self, trap: &str) -> Option<&MoveError> {
        let index = self.traps.iter().position(|t| t == trap)?;
        self.refusals.get(index)
    }

    /// The Fluent id of the lesson's title.
    pub fn title_id(&self) -> String {
        self.message_id("title")
    }

    /// The Fluent id of the lesson's goal in words.
    pub fn goal_id(&self) -> String {
        self.message_id("goal")
    }

    /// The Fluent id of why the learner's move at `step` (from 0) is played.
    pub fn step_id(&self, step: usize) -> String {
        self.message_id(&format!("step-{}", step + 1))
    }

    /// The Fluent id of why `trap` is refused.
    pub fn trap_id(&self, trap: &str) -> String {
        self.message_id(&format!("trap-{trap}"))
    }

    /// Every Fluent id the lesson needs: title, goal, each step, each trap.
    pub fn message_ids(&self) -> Vec<String> {
        let mut ids = vec![self.title_id(), self.goal_id()];
        ids.extend((0..self.steps()).map(|step| self.step_id(step)));
        ids.extend(self.traps.iter().map(|trap| self.trap_id(trap)));
        ids
    }

    fn message_id(&self, part: &str) -> String {
        format!("lesson-{}-{}-{part}", self.variant.game.name(), self.id)
    }

    /// The lesson as `qipan-cli lessons` prints it: seven fields separated by tabs (id,
    /// game, position, line, goal, traps or `-`, rule lines separated by commas).
    pub fn to_line(&self) -> String {
        let traps = if self.traps.is_empty() {
            "-".to_owned()
        } else {
            self.traps.join(" ")
        };
        let rules: Vec<String> = self.rules.iter().map(u32::to_string).collect();
        [
            self.id.clone(),
            self.variant.to_string(),
            self.position.clone(),
            self.line.join(" "),
            self.goal.to_string(),
            traps,
            rules.join(","),
        ]
        .join("\t")
    }
}

/// Why a course file was refused: where, and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourseError {
    pub game: GameId,
    /// The line of the course file, from 1: the offending line (the field a check of the
    /// rules refused, or the `lesson` line of a lesson that lacks a field).
    pub line: usize,
    pub problem: Problem,
}

/// What is wrong in a course file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A line that is neither `lesson ID`, a field, a comment nor blank.
    UnknownField(String),
    /// A field before the first `lesson` line.
    OutsideLesson,
    /// A field given twice in one lesson.
    Repeated(&'static str),
    /// A field the lesson lacks.
    Missing(&'static str),
    /// An id that is not lower-case letters, digits and `-`.
    BadId(String),
    /// An id used twice in the course.
    DuplicateId(String),
    /// A game id that does not read.
    BadGame(VariantError),
    /// A game other than the course's.
    OtherGame(Variant),
    /// A rule line list that is not ascending numbers separated by commas.
    BadRules(String),
    /// A trap written with characters a message id cannot hold, or twice.
    BadTrap(String),
    /// A trap the rules allow.
    TrapAllowed(String),
    /// The position, the line or the goal: what a puzzle would be refused for too.
    Script(ScriptProblem),
}

impl fmt::Display for CourseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "course '{}', line {}: ", self.game.name(), self.line)?;
        match &self.problem {
            Problem::UnknownField(text) => write!(f, "'{text}' is not a lesson field"),
            Problem::OutsideLesson => f.write_str("a field before the first 'lesson' line"),
            Problem::Repeated(name) => write!(f, "the field '{name}' is given twice"),
            Problem::Missing(name) => write!(f, "the lesson has no '{name}'"),
            Problem::BadId(id) => write!(
                f,
                "lesson id '{id}' is not lower-case letters, digits and '-'"
            ),
            Problem::DuplicateId(id) => write!(f, "lesson id '{id}' is used twice"),
            Problem::BadGame(error) => error.fmt(f),
            Problem::OtherGame(variant) => {
                write!(f, "game '{variant}' is not this course's game")
            }
            Problem::BadRules(text) => write!(
                f,
                "rule lines '{text}' are not ascending numbers separated by commas"
            ),
            Problem::BadTrap(text) => write!(
                f,
                "trap '{text}' is given twice or holds a character other than letters, digits and '-'"
            ),
            Problem::TrapAllowed(text) => write!(f, "trap '{text}' is a legal move"),
            Problem::Script(problem) => problem.fmt(f),
        }
    }
}

impl std::error::Error for CourseError {}

/// A field as written: its value and the line of the file it is on.
#[derive(Clone, Copy)]
struct Field<'a> {
    line: usize,
    value: &'a str,
}

/// The fields of a lesson as written, before they are checked.
#[derive(Default)]
struct Fields<'a> {
    game: Option<Field<'a>>,
    position: Option<Field<'a>>,
    line: Option<Field<'a>>,
    goal: Option<Field<'a>>,
    traps: Option<Field<'a>>,
    rules: Option<Field<'a>>,
}

impl<'a> Fields<'a> {
    fn slot(&mut self, name: &str) -> Option<(&'static str, &mut Option<Field<'a>>)> {
        Some(match name {
            "game" => ("game", &mut self.game),
            "position" => ("position", &mut self.position),
            "line" => ("line", &mut self.line),
            "goal" => ("goal", &mut self.goal),
            "traps" => ("traps", &mut self.traps),
            "rules" => ("rules", &mut self.rules),
            _ => return None,
        })
    }
}

/// A lesson's id and fields as written, with the line of its `lesson` header.
struct Written<'a> {
    header: usize,
    id: &'a str,
    fields: Fields<'a>,
}

/// Reads a course file of `game` and checks every lesson against the rules.
pub fn parse_course(game: GameId, text: &str) -> Result<Course, CourseError> {
    let fail = |line: usize, problem: Problem| CourseError {
        game,
        line,
        problem,
    };
    let mut written: Vec<Written> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = raw.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, value) = line.split_once(' ').unwrap_or((line, ""));
        if name == "lesson" {
            if !is_id(value) {
                return Err(fail(number, Problem::BadId(value.to_owned())));
            }
            if written.iter().any(|w| w.id == value) {
                return Err(fail(number, Problem::DuplicateId(value.to_owned())));
            }
            written.push(Written {
                header: number,
                id: value,
                fields: Fields::default(),
            });
            continue;
        }
        let current = written
            .last_mut()
            .ok_or_else(|| fail(number, Problem::OutsideLesson))?;
        let (name, slot) = current
            .fields
            .slot(name)
            .ok_or_else(|| fail(number, Problem::UnknownField(line.to_owned())))?;
        let field = Field {
            line: number,
            value,
        };
        if slot.replace(field).is_some() {
            return Err(fail(number, Problem::Repeated(name)));
        }
    }
    let lessons = written
        .into_iter()
        .map(|w| read_lesson(game, &w).map_err(|(line, problem)| fail(line, problem)))
        .collect::<Result<_, _>>()?;
    Ok(Course { game, lessons })
}

/// Lower-case letters, digits and `-`, not empty: a lesson id, a part of message ids.
fn is_id(text: &str) -> bool {
    !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// A problem of a lesson, with the line of the file it is on.
type Located = (usize, Problem);

/// A field, or the problem that the lesson (whose header is on `header`) lacks it.
fn need<'a>(
    field: Option<Field<'a>>,
    name: &'static str,
    header: usize,
) -> Result<Field<'a>, Located> {
    field.ok_or((header, Problem::Missing(name)))
}

fn read_lesson(game: GameId, written: &Written) -> Result<Lesson, Located> {
    let fields = &written.fields;
    let header = written.header;
    let game_field = need(fields.game, "game", header)?;
    let at = |field: Field, problem: Problem| (field.line, problem);
    let variant = Variant::parse(game_field.value)
        .map_err(|error| at(game_field, Problem::BadGame(error)))?;
    if variant.game != game {
        return Err(at(game_field, Problem::OtherGame(variant)));
    }
    let position_field = need(fields.position, "position", header)?;
    let position = position_field.value.to_owned();
    let line_field = need(fields.line, "line", header)?;
    let line = scripted::parse_line(line_field.value)
        .map_err(|problem| at(line_field, Problem::Script(problem)))?;
    let goal_field = need(fields.goal, "goal", header)?;
    let goal = Goal::parse(goal_field.value)
        .map_err(|problem| at(goal_field, Problem::Script(problem)))?;
    let traps_field = need(fields.traps, "traps", header)?;
    let traps: Vec<String> = match traps_field.value {
        "-" => Vec::new(),
        text => text.split_whitespace().map(str::to_owned).collect(),
    };
    for (i, trap) in traps.iter().enumerate() {
        let spelled = trap.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
        if !spelled || traps[..i].contains(trap) {
            return Err(at(traps_field, Problem::BadTrap(trap.clone())));
        }
    }
    let rules_field = need(fields.rules, "rules", header)?;
    let rules = parse_rules(rules_field.value)
        .ok_or_else(|| at(rules_field, Problem::BadRules(rules_field.value.to_owned())))?;
    let replayed = scripted::replay(variant, &position, &line, goal).map_err(|problem| {
        // The field the problem is about.
        let field = match problem {
            ScriptProblem::Position(_) | ScriptProblem::Setup(_) => position_field,
            ScriptProblem::Move { .. } => line_field,
            _ => goal_field,
        };
        at(field, Problem::Script(problem))
    })?;
    let refusals = crate::with_game!(variant.to_game(), g => refusals(&g, &position, &traps))
        .map_err(|problem| at(traps_field, problem))?;
    Ok(Lesson {
        id: written.id.to_owned(),
        variant,
        position,
        line,
        goal,
        traps,
        rules,
        learner: replayed.side,
        positions: replayed.positions,
        refusals,
    })
}

/// `20,21,23`: numbers from 1, ascending, at least one.
fn parse_rules(text: &str) -> Option<Vec<u32>> {
    let rules = text
        .split(',')
        .map(|n| {
            n.bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| n.parse::<u32>().ok())
                .flatten()
                .filter(|&n| n > 0)
        })
        .collect::<Option<Vec<u32>>>()?;
    rules.windows(2).all(|w| w[0] < w[1]).then_some(rules)
}

/// The engine's refusal of each trap in the lesson's position (which
/// [`scripted::replay`] has read), in order; a trap the rules allow is a problem.
fn refusals<G: Game>(
    game: &G,
    position: &str,
    traps: &[String],
) -> Result<Vec<MoveError>, Problem> {
    let start = game
        .parse_position(position)
        .map_err(|error| Problem::Script(ScriptProblem::Position(error)))?;
    traps
        .iter()
        .map(|trap| match game.parse_move(&start, trap) {
            Ok(_) => Err(Problem::TrapAllowed(trap.clone())),
            Err(error) => Ok(error),
        })
        .collect()
}
