//! The shipped puzzle books: one file a game in `assets/puzzles/`, each exactly what
//! `qipan-cli puzzles` printed (docs/puzzles.md), read here into typed [`Puzzle`]s and
//! checked against the rules as they are read, as a lesson is ([`crate::scripted`]).
//! [`crate::ai::puzzles`] makes them.

use crate::games::{GameId, Variant};
use crate::scripted::{self, Goal, ScriptProblem};
use std::fmt;

/// A shipped book's text: one puzzle a line.
pub fn shipped_text(game: GameId) -> &'static str {
    match game {
        GameId::Push => include_str!("../../../assets/puzzles/push.txt"),
        GameId::ShuangCheng => include_str!("../../../assets/puzzles/shuangcheng.txt"),
        GameId::Maddell => include_str!("../../../assets/puzzles/maddell.txt"),
        GameId::Blockade => include_str!("../../../assets/puzzles/blockade.txt"),
        GameId::Cannon => include_str!("../../../assets/puzzles/cannon.txt"),
    }
}

/// One puzzle, read and checked: the side to move in `position` is the solver.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    pub game: GameId,
    /// Its line in the book, from 0: the puzzle's name in the player's record.
    pub number: u32,
    pub position: String,
    /// The solver's first move, the reply, ..., the solver's last move, in notation.
    pub line: Vec<String>,
    /// `win` or `gain K`: a book holds no other.
    pub goal: Goal,
    /// One word: `mill`, `push-off`, `capture`, `boxed`, `platform`, `blockade`, `exact`.
    pub theme: String,
    pub difficulty: u32,
}

impl Puzzle {
    /// How many moves the solver makes.
    pub fn solver_moves(&self) -> usize {
        self.line.len().div_ceil(2)
    }
}

/// Why a line of a book was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError {
    pub game: GameId,
    /// The line of the book, from 0 (as [`Puzzle::number`]).
    pub number: u32,
    pub problem: PuzzleProblem,
}

/// What is wrong with a line of a book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleProblem {
    /// Other than five fields separated by tabs: how many there are.
    Fields(usize),
    /// A difficulty that is not a whole number.
    BadDifficulty(String),
    /// A theme that is not one lower-case word.
    BadTheme(String),
    /// The position, the line or the goal.
    Script(ScriptProblem),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle {} of '{}': ", self.number + 1, self.game.name())?;
        match &self.problem {
            PuzzleProblem::Fields(n) => write!(f, "{n} fields, 5 expected"),
            PuzzleProblem::BadDifficulty(text) => {
                write!(f, "difficulty '{text}' is not a whole number")
            }
            PuzzleProblem::BadTheme(text) => {
                write!(f, "theme '{text}' is not one lower-case word")
            }
            PuzzleProblem::Script(problem) => problem.fmt(f),
        }
    }
}

impl std::error::Error for PuzzleError {}

/// Each line of `text` (a book of `game`) read and checked, in order.
pub fn read_book(
    game: GameId,
    text: &str,
) -> impl Iterator<Item = Result<Puzzle, PuzzleError>> + '_ {
    text.lines().enumerate().map(move |(number, line)| {
        let number = number as u32;
        read_puzzle(game, number, line).map_err(|problem| PuzzleError {
            game,
            number,
            problem,
        })
    })
}

fn read_puzzle(game: GameId, number: u32, text: &str) -> Result<Puzzle, PuzzleProblem> {
    let fields: Vec<&str> = text.split('\t').collect();
    let [position, moves, goal, theme, difficulty] = fields[..] else {
        return Err(PuzzleProblem::Fields(fields.len()));
    };
    let line = scripted::parse_line(moves).map_err(PuzzleProblem::Script)?;
    let goal = match Goal::parse(goal).map_err(PuzzleProblem::Script)? {
        goal @ (Goal::Win | Goal::Gain(_)) => goal,
        Goal::Move | Goal::Draw => {
            return Err(PuzzleProblem::Script(ScriptProblem::BadGoal(
                goal.to_owned(),
            )))
        }
    };
    if theme.is_empty() || !theme.bytes().all(|b| b.is_ascii_lowercase() || b == b'-') {
        return Err(PuzzleProblem::BadTheme(theme.to_owned()));
    }
    let difficulty = difficulty
        .parse()
        .map_err(|_| PuzzleProblem::BadDifficulty(difficulty.to_owned()))?;
    scripted::replay(Variant::plain(game), position, &line, goal).map_err(PuzzleProblem::Script)?;
    Ok(Puzzle {
        game,
        number,
        position: position.to_owned(),
        line,
        goal,
        theme: theme.to_owned(),
        difficulty,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_puzzle_reads_and_reaches_its_goal() {
        for game in GameId::ALL {
            let mut count = 0;
            for puzzle in read_book(game, shipped_text(game)) {
                let puzzle = puzzle.unwrap_or_else(|error| panic!("{error}"));
                assert!(
                    matches!(puzzle.goal, Goal::Win | Goal::Gain(_)),
                    "{puzzle:?}"
                );
                count += 1;
            }
            assert!(count >= 20, "{}: {count} puzzles", game.name());
        }
    }

    fn problem(text: &str) -> PuzzleProblem {
        let mut read = read_book(GameId::Maddell, text);
        match read.next() {
            Some(Err(error)) => error.problem,
            other => panic!("{text:?} read as {other:?}"),
        }
    }

    const GOOD: &str = "xxoooo.....x...x.. x 0 0\tc4-b4\twin\texact\t1000";

    #[test]
    fn a_good_line_reads() {
        let puzzle = read_book(GameId::Maddell, GOOD).next();
        let puzzle = puzzle.and_then(Result::ok).expect("reads");
        assert_eq!(puzzle.goal, Goal::Win);
        assert_eq!(puzzle.solver_moves(), 1);
        assert_eq!(puzzle.theme, "exact");
    }

    #[test]
    fn a_bad_line_is_a_typed_error() {
        assert_eq!(problem("a\tb"), PuzzleProblem::Fields(2));
        assert_eq!(
            problem(&GOOD.replace("1000", "hard")),
            PuzzleProblem::BadDifficulty("hard".into())
        );
        assert_eq!(
            problem(&GOOD.replace("exact", "Exact")),
            PuzzleProblem::BadTheme("Exact".into())
        );
        assert_eq!(
            problem(&GOOD.replace("win", "gain 0")),
            PuzzleProblem::Script(ScriptProblem::BadGoal("gain 0".into()))
        );
        assert_eq!(
            problem(&GOOD.replace("c4-b4", " ")),
            PuzzleProblem::Script(ScriptProblem::EmptyLine)
        );
        assert!(matches!(
            problem(&GOOD.replace("xxoooo", "qqoooo")),
            PuzzleProblem::Script(ScriptProblem::Position(_))
        ));
        assert!(matches!(
            problem(&GOOD.replace("c4-b4", "zz")),
            PuzzleProblem::Script(ScriptProblem::Move { ply: 0, .. })
        ));
        // A puzzle is to win or to gain: `move` and `draw` are a lesson's goals.
        assert_eq!(
            problem(&GOOD.replace("win", "draw")),
            PuzzleProblem::Script(ScriptProblem::BadGoal("draw".into()))
        );
        assert!(matches!(
            problem(&GOOD.replace("win", "gain 1")),
            PuzzleProblem::Script(ScriptProblem::GainMissed {
                goal: Goal::Gain(1),
                ..
            })
        ));
    }
}
