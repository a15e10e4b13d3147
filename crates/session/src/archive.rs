//! A finished online game on the board for the coach's review: one of the player's last
//! games from the records API (`GET /api/players/NAME`), opened from their profile.
//!
//! In the session this is [`Mode::Archive`](crate::Mode::Archive), in front of the local
//! games, which it leaves as they were. It takes the review's commands
//! ([`review_command`], which the room's finished game takes too); any other game's command
//! leaves it and goes to the local games, as picking a game during a puzzle does.

use crate::lobby::{GameRecord, LobbyCommand, LobbyError};
use crate::mode::{ModeKind, Outcome};
use crate::session::Shared;
use crate::{AnyMatch, Command, CommandError, Players, Remote};
use qipan_engine::games::Side;
use std::sync::Arc;

/// A record's game on the board.
pub struct Archive {
    record: GameRecord,
    board: AnyMatch,
}

impl Archive {
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    pub fn board(&self) -> &AnyMatch {
        &self.board
    }

    /// One frame: the coach's review runs.
    pub(crate) fn advance(&mut self, now: f64) {
        self.board.advance(now);
    }

    pub(crate) fn handle(
        &mut self,
        command: Command,
        shared: &mut Shared,
        now: f64,
    ) -> Result<Outcome, CommandError> {
        if review_command(&mut self.board, &command, shared, now) {
            return Ok(Outcome::Stay);
        }
        match command {
            Command::Lobby(LobbyCommand::CloseRecord) => Ok(Outcome::Leave),
            Command::Lobby(LobbyCommand::Review(record)) => {
                *self = start(*record, shared, now)?;
                Ok(Outcome::Stay)
            }
            // Nothing is played in a finished game.
            Command::Play(_) | Command::Hint | Command::Undo | Command::Redo => {
                Err(CommandError::NotWhile(ModeKind::Archive))
            }
            // Back to the local games, which take the command.
            next => Ok(Outcome::LeaveThen(next)),
        }
    }
}

/// The review's commands on a finished game that is not a local one (a room's at its end,
/// a record's); whether `command` was one of them.
pub(crate) fn review_command(
    board: &mut AnyMatch,
    command: &Command,
    shared: &Shared,
    now: f64,
) -> bool {
    match command {
        Command::StartReview => {
            board.set_wake(Arc::clone(&shared.wake));
            board.set_tables(shared.tables.clone());
            board.start_review();
        }
        Command::StopReview => board.stop_review(),
        Command::CloseReview => board.close_review(),
        Command::StepTo(cursor) => board.review((*cursor).min(board.len()), now),
        Command::Resume => board.resume(now),
        _ => return false,
    }
    true
}

/// A record's game on the board, its review started: the game replayed from its start and
/// plies, and ended as the server ended it. A record that does not replay changes nothing.
pub(crate) fn start(
    record: GameRecord,
    shared: &mut Shared,
    now: f64,
) -> Result<Archive, CommandError> {
    let unreadable = CommandError::Lobby(LobbyError::Unreadable);
    let variant = record.game;
    let players = Players {
        human: Some(Side::X),
        level: shared.level,
    };
    let plies = record.plies.len();
    let mut board = AnyMatch::replay(
        variant,
        &record.start,
        &record.plies,
        plies,
        players,
        0,
        now,
    )
    .map_err(|e| {
        log::warn!("a record that does not replay: {e:?}");
        unreadable
    })?;
    board.set_remote(Remote::Spectator);
    if let Some(status) = Some(record.status).filter(|status| status.is_decided_by_server()) {
        board.decide(status);
    }
    review_command(&mut board, &Command::StartReview, shared, now);
    Ok(Archive { record, board })
}
