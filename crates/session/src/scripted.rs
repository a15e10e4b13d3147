//! A board the session referees along a scripted line, as the server does an online game:
//! a puzzle's, a lesson's. The person plays one side; after their right move the line's
//! reply comes a moment later (played as the other side's move, so it glides in as the
//! computer's moves do); a legal wrong move is shown, then taken back. No computer, no turn
//! clock. What counts as right, and what a try means for the player's record, is the
//! puzzle's or the lesson's.

use crate::any::AnyMatch;
use crate::controller::{Players, Remote};
use crate::errors::PlayError;
use crate::moves::AnyMove;
use qipan_engine::ai::Level;
use qipan_engine::games::{Side, Variant};

/// How long a reply waits after the person's move, and a wrong move stays on the board.
pub const REPLY_DELAY: f64 = 0.6;
pub const WRONG_SHOWN: f64 = 1.2;

/// Where the line stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    /// The person's turn.
    Turn,
    /// The person's move was right; the reply comes.
    Replying,
    /// The person's move was wrong: it is shown, then taken back.
    Wrong,
    /// The line is played to its end.
    Over,
}

/// The board, the line and how far along it the board is.
pub(crate) struct Scripted {
    variant: Variant,
    position: String,
    /// The person's moves and the replies, alternating, in notation.
    line: Vec<String>,
    person: Side,
    board: AnyMatch,
    /// Plies of the line on the board.
    played: usize,
    stage: Stage,
    /// When the pending reply is played, or the wrong move taken back.
    due: f64,
}

impl Scripted {
    /// The line's start on a board of its own, the person playing the side to move there.
    /// `None` if the position does not read.
    pub(crate) fn new(
        variant: Variant,
        position: &str,
        line: &[String],
        now: f64,
    ) -> Option<Scripted> {
        let nobody = Players {
            human: None,
            level: Level::Easy,
        };
        let start = AnyMatch::replay(variant, position, &[], 0, nobody, 0, now).ok()?;
        let mut scripted = Scripted {
            variant,
            position: position.to_owned(),
            line: line.to_vec(),
            person: start.side_to_move(),
            board: start,
            played: 0,
            stage: Stage::Turn,
            due: 0.0,
        };
        scripted.board = scripted.board_at(0, now)?;
        Some(scripted)
    }

    /// The board after the first `plies` of the line. `None` if it does not replay.
    fn board_at(&self, plies: usize, now: f64) -> Option<AnyMatch> {
        let players = Players {
            human: Some(self.person),
            level: Level::Easy,
        };
        let line = self.line.get(..plies)?;
        let mut board =
            AnyMatch::replay(self.variant, &self.position, line, plies, players, 0, now).ok()?;
        board.set_remote(Remote::Player);
        Some(board)
    }

    /// The side the person plays.
    pub(crate) fn person(&self) -> Side {
        self.person
    }

    pub(crate) fn board(&self) -> &AnyMatch {
        &self.board
    }

    pub(crate) fn stage(&self) -> Stage {
        self.stage
    }

    /// Plies of the line on the board.
    pub(crate) fn played(&self) -> usize {
        self.played
    }

    /// The person's move on the board, as the rules take it (whatever the stage: the caller
    /// refuses a move out of turn in its own words); the caller then judges it.
    pub(crate) fn play(&mut self, mv: AnyMove, now: f64) -> Result<(), PlayError> {
        self.board.play(mv, now)
    }

    /// The move just played was the line's: the reply comes, or the line is over. Or it was
    /// not: it is taken back in a moment.
    pub(crate) fn judge(&mut self, right: bool, now: f64) {
        if !right {
            self.stage = Stage::Wrong;
            self.due = now + WRONG_SHOWN;
            return;
        }
        self.played += 1;
        self.stage = if self.played >= self.line.len() {
            Stage::Over
        } else {
            self.due = now + REPLY_DELAY;
            Stage::Replying
        };
    }

    /// Plays the reply, or takes the wrong move back, when its moment has come.
    pub(crate) fn advance(&mut self, now: f64) {
        if now < self.due {
            return;
        }
        match self.stage {
            Stage::Replying => {
                let reply = &self.line[self.played];
                if self.board.play_remote(reply, now).is_ok() {
                    self.played += 1;
                }
                self.stage = if self.played >= self.line.len() {
                    Stage::Over
                } else {
                    Stage::Turn
                };
            }
            Stage::Wrong => {
                if let Some(board) = self.board_at(self.played, now) {
                    self.board = board;
                }
                self.stage = Stage::Turn;
            }
            Stage::Turn | Stage::Over => {}
        }
    }

    /// When [`Scripted::advance`] next has something to do (the app asks for a frame then).
    pub(crate) fn next_moment(&self) -> Option<f64> {
        matches!(self.stage, Stage::Replying | Stage::Wrong).then_some(self.due)
    }

    /// Back to the line's start.
    pub(crate) fn restart(&mut self, now: f64) {
        if let Some(board) = self.board_at(0, now) {
            self.board = board;
            self.played = 0;
            self.stage = Stage::Turn;
        }
    }
}
