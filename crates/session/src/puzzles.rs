//! Puzzles in the session: the shipped sets (`assets/puzzles/`, made by `qipan-cli
//! puzzles`), and the puzzle on the board while one is being solved.
//!
//! A puzzle's board is a game the session itself referees, as the server does an online
//! one: the person plays the solver's side, each move is checked against the puzzle's line,
//! and the other side's replies come from the line a moment later (so they glide in as the
//! computer's moves do). A wrong move is shown, then taken back, and the puzzle counts as
//! failed; after a failed try the hint names the move.
//!
//! In the session this is [`Mode::Puzzle`](crate::Mode::Puzzle): `start` enters it from
//! the local games, and `PuzzleRun::handle` takes the session's commands while it is on.

use crate::any::AnyMatch;
use crate::command::{ArchiveCommand, Command, LessonCommand};
use crate::controller::Players;
use crate::errors::{CommandError, ModeKind, PlayError};
use crate::moves::AnyMove;
use crate::scripted::{Scripted, Stage};
use crate::state::Shared;
use crate::transition::Transition;
use qipan_engine::ai::Level;
use qipan_engine::games::{Side, Variant};

pub use crate::command::PuzzleCommand;
pub use crate::errors::PuzzleError;
pub use crate::puzzle_book::{book, daily, next_near, parse_book, shipped_text, Goal, Puzzle};

/// Puzzle commands from the local games: the next puzzle, or the day's. Restart and Leave
/// have no puzzle to act on.
pub(crate) fn start(
    command: PuzzleCommand,
    shared: &mut Shared,
    now: f64,
) -> Result<PuzzleRun, CommandError> {
    let (game, daily_one) = match command {
        PuzzleCommand::Next(game) => (game, false),
        PuzzleCommand::Daily { game, .. } => (game, true),
        PuzzleCommand::Restart | PuzzleCommand::Leave => {
            return Err(CommandError::NotIn(ModeKind::Puzzle))
        }
    };
    let book = shared.books.of(game);
    let puzzle = match command {
        PuzzleCommand::Daily { day, .. } => daily(book, day),
        _ => {
            let record = shared.progress.game(game);
            let rating = record.puzzle.rating;
            next_near(book, &record.puzzles_tried, rating, &mut shared.rng)
        }
    };
    let puzzle = puzzle.ok_or(CommandError::Puzzle(PuzzleError::NoPuzzles(game)))?;
    let number = puzzle.number;
    PuzzleRun::start(puzzle.clone(), daily_one, now).ok_or(CommandError::Puzzle(
        PuzzleError::Unplayable { game, number },
    ))
}

/// How long a reply waits after the solver's move, and a wrong move stays on the board.
pub use crate::scripted::{REPLY_DELAY, WRONG_SHOWN};

/// Where a puzzle on the board stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleState {
    /// The solver's turn.
    Solving,
    /// The solver's move was right; the reply comes.
    Replying,
    /// The solver's move was wrong: it is shown, then taken back.
    Wrong,
    /// The line is played to its end.
    Solved,
}

/// The puzzle on the board.
pub struct PuzzleRun {
    puzzle: Puzzle,
    daily: bool,
    /// The board, refereed along the puzzle's line.
    script: Scripted,
    line: Vec<AnyMove>,
    failed: bool,
    /// The person asked for the move after a failed try.
    revealed: bool,
}

impl PuzzleRun {
    /// The puzzle on a board of its own, the solver's turn. `None` if it does not replay
    /// (a book only holds puzzles that do).
    pub fn start(puzzle: Puzzle, daily: bool, now: f64) -> Option<PuzzleRun> {
        let variant = Variant::plain(puzzle.game);
        let script = Scripted::new(variant, &puzzle.position, &puzzle.line, now)?;
        // The line as moves, read along a copy of the board.
        let nobody = Players {
            human: None,
            level: Level::Easy,
        };
        let mut walk = AnyMatch::replay(variant, &puzzle.position, &[], 0, nobody, 0, now).ok()?;
        let mut line = Vec::with_capacity(puzzle.line.len());
        for text in &puzzle.line {
            line.push(walk.parse_move(text).ok()?);
            walk.play_remote(text, now).ok()?;
        }
        Some(PuzzleRun {
            puzzle,
            daily,
            script,
            line,
            failed: false,
            revealed: false,
        })
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    pub fn is_daily(&self) -> bool {
        self.daily
    }

    pub fn board(&self) -> &AnyMatch {
        self.script.board()
    }

    pub fn state(&self) -> PuzzleState {
        match self.script.stage() {
            Stage::Turn => PuzzleState::Solving,
            Stage::Replying => PuzzleState::Replying,
            Stage::Wrong => PuzzleState::Wrong,
            Stage::Over => PuzzleState::Solved,
        }
    }

    /// Whether a wrong move was played (the puzzle then counts as failed).
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// The side the person plays.
    pub fn solver(&self) -> Side {
        self.script.person()
    }

    /// The move to play now, once a try has failed and the person asked (the hint).
    pub fn hint(&self) -> Option<AnyMove> {
        (self.revealed && self.state() == PuzzleState::Solving)
            .then(|| self.line.get(self.script.played()).copied())
            .flatten()
    }

    /// Whether the hint may be asked for: only after a failed try.
    pub fn hint_allowed(&self) -> bool {
        self.failed
    }

    /// Shows the move to play (refused before a failed try: the puzzle is the point).
    pub fn reveal(&mut self) -> bool {
        self.revealed = self.failed;
        self.revealed
    }

    /// The solver's move. Returns whether it was right; a wrong one is shown, then taken
    /// back ([`PuzzleRun::advance`]). Refused while the reply or the taking back is due, and
    /// once the puzzle is solved.
    pub fn play(&mut self, mv: AnyMove, now: f64) -> Result<bool, PlayError> {
        match self.state() {
            PuzzleState::Solving => {}
            PuzzleState::Replying | PuzzleState::Wrong => return Err(PlayError::NotYourTurn),
            PuzzleState::Solved => return Err(PlayError::GameOver),
        }
        self.script.play(mv, now)?;
        let right = self.line.get(self.script.played()) == Some(&mv);
        self.failed |= !right;
        self.script.judge(right, now);
        Ok(right)
    }

    /// Plays the reply, or takes the wrong move back, when its moment has come.
    pub fn advance(&mut self, now: f64) {
        self.script.advance(now);
    }

    /// When [`PuzzleRun::advance`] next has something to do (the app asks for a frame then).
    pub fn next_moment(&self) -> Option<f64> {
        self.script.next_moment()
    }

    /// Back to the puzzle's start (a failed puzzle stays failed).
    pub fn restart(&mut self, now: f64) {
        self.script.restart(now);
    }

    /// The session's commands while the puzzle is on: moves are checked against its line
    /// (the first try counts in the player's record); another puzzle or another game
    /// leaves it first; what would change the game behind it waits until the person leaves.
    pub(crate) fn handle(
        &mut self,
        command: Command,
        shared: &mut Shared,
        now: f64,
    ) -> Result<Transition, CommandError> {
        match command {
            Command::Play(mv) => {
                let right = self.play(mv, now).map_err(CommandError::Play)?;
                let first_try = !right || self.state() == PuzzleState::Solved;
                if first_try {
                    let Puzzle {
                        game,
                        number,
                        difficulty,
                        ..
                    } = self.puzzle;
                    let solved = right && !self.failed;
                    let at = shared.clock.unix_seconds();
                    shared
                        .progress
                        .record_puzzle(game, number, difficulty, solved, at);
                }
            }
            Command::Hint => {
                if !self.reveal() {
                    return Err(CommandError::Puzzle(PuzzleError::HintBeforeFailedTry));
                }
            }
            Command::Puzzle(PuzzleCommand::Restart) => self.restart(now),
            Command::Puzzle(PuzzleCommand::Leave) => return Ok(Transition::Leave),
            next @ (Command::Puzzle(PuzzleCommand::Next(_) | PuzzleCommand::Daily { .. })
            | Command::PickGame(_)
            | Command::Archive(ArchiveCommand::Review(_))
            | Command::Lesson(LessonCommand::Start { .. })) => {
                return Ok(Transition::LeaveThen(next))
            }
            _ => return Err(CommandError::NotWhile(ModeKind::Puzzle)),
        }
        Ok(Transition::Stay)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qipan_engine::games::GameId;

    #[test]
    fn every_shipped_puzzle_reads_and_replays() {
        for game in GameId::ALL {
            let text = shipped_text(game);
            let lines = text.lines().count();
            let book = book(game);
            assert_eq!(book.len(), lines, "{game:?}");
            assert!(lines >= 100, "{game:?}: {lines}");
            for puzzle in &book {
                assert!(PuzzleRun::start(puzzle.clone(), false, 0.0).is_some());
            }
        }
    }

    /// Solves a puzzle by its line: each right move is followed by the reply after the
    /// delay, and the end is solved, not failed.
    #[test]
    fn a_puzzle_solved_by_its_line() {
        let puzzle = book(GameId::ShuangCheng)
            .into_iter()
            .find(|p| p.line.len() >= 3)
            .expect("a long puzzle");
        let mut run = PuzzleRun::start(puzzle.clone(), false, 0.0).expect("starts");
        let solver = run.solver();
        assert_eq!(run.board().side_to_move(), solver);
        let mut now = 0.0;
        for (i, text) in puzzle.line.iter().enumerate() {
            if i % 2 == 1 {
                // The reply comes by itself, after its delay.
                assert_eq!(run.state(), PuzzleState::Replying);
                let theirs = run.board().legal_moves()[0];
                assert_eq!(run.play(theirs, now), Err(PlayError::NotYourTurn));
                run.advance(now + REPLY_DELAY / 2.0);
                assert_eq!(run.state(), PuzzleState::Replying);
                now += REPLY_DELAY;
                run.advance(now);
                continue;
            }
            let mv = run.board().parse_move(text).expect("reads");
            assert_eq!(run.play(mv, now), Ok(true));
        }
        assert_eq!(run.state(), PuzzleState::Solved);
        assert!(!run.failed());
        assert_eq!(run.board().len(), puzzle.line.len());
    }

    #[test]
    fn a_wrong_move_is_shown_taken_back_and_fails_the_puzzle() {
        let puzzle = book(GameId::Cannon).into_iter().next().expect("a puzzle");
        let mut run = PuzzleRun::start(puzzle.clone(), false, 0.0).expect("starts");
        let start = run.board().position_text();
        let right = run.board().parse_move(&puzzle.line[0]).expect("reads");
        assert!(!run.reveal(), "no hint before a failed try");
        assert_eq!(run.hint(), None);
        let wrong = run
            .board()
            .legal_moves()
            .into_iter()
            .find(|&m| m != right)
            .expect("another move");
        assert_eq!(run.play(wrong, 0.0), Ok(false));
        assert_eq!(run.state(), PuzzleState::Wrong);
        assert_ne!(
            run.board().position_text(),
            start,
            "the wrong move is shown"
        );
        assert_eq!(run.next_moment(), Some(WRONG_SHOWN));
        run.advance(WRONG_SHOWN);
        assert_eq!(run.state(), PuzzleState::Solving);
        assert_eq!(run.board().position_text(), start, "and taken back");
        assert!(run.failed());
        assert!(run.reveal());
        assert_eq!(run.hint(), Some(right));
        assert_eq!(run.play(right, 2.0), Ok(true));
    }
}
