//! Scripted positions: a position, a line of moves played from it, and what the line
//! achieves for the side to move there. A lesson ([`crate::lessons`]) and a shipped puzzle
//! ([`crate::puzzles`]) are each one, with fields of their own around it; this module reads
//! the parts they share (the line, the goal) and checks a script against the rules, so that
//! both are read one way and refused with the same typed [`ScriptProblem`]s.

use crate::games::setup::{self, SetupError};
use crate::games::{Game, MoveError, PositionError, Side, Status, ToGame, Variant};
use std::fmt;

/// What a scripted line achieves for the side to move at its start (the learner, the
/// solver).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// The line shows a way to move.
    Move,
    /// The other side loses exactly this many pieces (marbles pushed off, pieces taken,
    /// cannons boxed in) and the side to move none.
    Gain(u32),
    /// The line ends the game, won by the side to move at the start.
    Win,
    /// The line ends the game in a draw.
    Draw,
}

/// `move`, `gain 2`, `win`, `draw`: the spelling of course files, puzzle books and the
/// command line.
impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::Move => f.write_str("move"),
            Goal::Gain(k) => write!(f, "gain {k}"),
            Goal::Win => f.write_str("win"),
            Goal::Draw => f.write_str("draw"),
        }
    }
}

impl Goal {
    /// Reads the spelling [`Goal`]'s `Display` writes; a gain is of at least one piece.
    pub fn parse(text: &str) -> Result<Goal, ScriptProblem> {
        let refused = || ScriptProblem::BadGoal(text.to_owned());
        match text {
            "move" => Ok(Goal::Move),
            "win" => Ok(Goal::Win),
            "draw" => Ok(Goal::Draw),
            _ => {
                let k = text.strip_prefix("gain ").ok_or_else(refused)?;
                if !k.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(refused());
                }
                match k.parse() {
                    Ok(k) if k > 0 => Ok(Goal::Gain(k)),
                    _ => Err(refused()),
                }
            }
        }
    }
}

/// Reads a line as written: moves separated by spaces, at least one.
pub fn parse_line(text: &str) -> Result<Vec<String>, ScriptProblem> {
    let line: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
    if line.is_empty() {
        return Err(ScriptProblem::EmptyLine);
    }
    Ok(line)
}

/// Why a script was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScriptProblem {
    /// A goal other than `move`, `gain K` (K ≥ 1), `win` or `draw`.
    BadGoal(String),
    /// A line with no move.
    EmptyLine,
    /// The position text does not read.
    Position(PositionError),
    /// The position is not one a set-up allows (too many pieces, the game over, ...).
    Setup(SetupError),
    /// The move at `ply` (from 0) of the line is refused.
    Move { ply: usize, error: MoveError },
    /// The line ends without reaching the goal; `status` is the game's status there.
    GoalMissed { goal: Goal, status: Status },
    /// A `gain` line that takes other than its count: the pieces the other side and the
    /// side to move lost.
    GainMissed { goal: Goal, gained: u32, lost: u32 },
}

impl fmt::Display for ScriptProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScriptProblem::BadGoal(text) => {
                write!(f, "goal '{text}' is not move, gain K, win or draw")
            }
            ScriptProblem::EmptyLine => f.write_str("the line has no move"),
            ScriptProblem::Position(error) => error.fmt(f),
            ScriptProblem::Setup(error) => {
                write!(f, "the position cannot be played: {error}")
            }
            ScriptProblem::Move { ply, error } => {
                write!(f, "ply {} of the line: {error}", ply + 1)
            }
            ScriptProblem::GoalMissed { goal, status } => {
                write!(f, "the line ends {status}, not with the goal '{goal}'")
            }
            ScriptProblem::GainMissed { goal, gained, lost } => write!(
                f,
                "the line takes {gained} pieces and loses {lost}, not the goal '{goal}'"
            ),
        }
    }
}

impl std::error::Error for ScriptProblem {}

/// A script the rules accept: who plays it and the positions along it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The side to move at the start: the learner, the solver.
    pub side: Side,
    /// The position text before the line and after each ply of it.
    pub positions: Vec<String>,
}

/// Checks `position` (one the board editor would accept, the game on), plays `line` from it
/// and checks `goal` at its end.
pub fn replay(
    variant: Variant,
    position: &str,
    line: &[String],
    goal: Goal,
) -> Result<Replayed, ScriptProblem> {
    crate::with_game!(variant.to_game(), g => replay_in(&g, variant, position, line, goal))
}

fn replay_in<G: Game>(
    game: &G,
    variant: Variant,
    text: &str,
    line: &[String],
    goal: Goal,
) -> Result<Replayed, ScriptProblem> {
    let start = game.parse_position(text).map_err(ScriptProblem::Position)?;
    // The board as the editor would set it up: its own checks, and the game not over (the
    // fields a set-up leaves at their defaults, such as Shuang Cheng's lock, are the text's).
    let board = setup::board_from_text(variant, text).map_err(ScriptProblem::Position)?;
    setup::validate(variant, &board).map_err(ScriptProblem::Setup)?;
    let status = game.status(&start);
    if status.is_over() {
        return Err(ScriptProblem::Setup(SetupError::Finished(status)));
    }
    let side = game.side_to_move(&start);
    let mut positions = vec![game.format_position(&start)];
    let mut pos = start;
    for (ply, text) in line.iter().enumerate() {
        let mv = game
            .parse_move(&pos, text)
            .map_err(|error| ScriptProblem::Move { ply, error })?;
        pos = game.play(&pos, mv);
        positions.push(game.format_position(&pos));
    }
    let status = game.status(&pos);
    let reached = match goal {
        Goal::Move => true,
        Goal::Win => status.winner() == Some(side),
        Goal::Draw => status.is_draw(),
        Goal::Gain(k) => {
            let before = game.material(&start);
            let after = game.material(&pos);
            let gained =
                before[side.opponent().index()].saturating_sub(after[side.opponent().index()]);
            let lost = before[side.index()].saturating_sub(after[side.index()]);
            if gained != k || lost != 0 {
                return Err(ScriptProblem::GainMissed { goal, gained, lost });
            }
            true
        }
    };
    if !reached {
        return Err(ScriptProblem::GoalMissed { goal, status });
    }
    Ok(Replayed { side, positions })
}
