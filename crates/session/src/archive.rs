//! A finished online game on the board for the coach's review: one of the player's last
//! games from the records API (`GET /api/players/NAME`), opened from their profile.
//!
//! In the session this is [`Mode::Archive`](crate::Mode::Archive), in front of the local
//! games, which it leaves as they were. It takes its own commands ([`ArchiveCommand`]) and
//! the review's ([`crate::review`], which the room's finished game takes too); any other
//! game's command leaves it and goes to the local games, as picking a game during a puzzle
//! does.

use crate::any::AnyMatch;
use crate::command::{ArchiveCommand, Command};
use crate::controller::{Players, Remote};
use crate::errors::{CommandError, LobbyError, ModeKind};
use crate::lobby::GameRecord;
use crate::review::review_command;
use crate::state::Shared;
use crate::transition::Transition;
use qipan_engine::games::Side;

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
    ) -> Result<Transition, CommandError> {
        if review_command(&mut self.board, &command, &shared.wake, &shared.tables, now) {
            return Ok(Transition::Stay);
        }
        match command {
            Command::Archive(ArchiveCommand::Close) => Ok(Transition::Leave),
            Command::Archive(ArchiveCommand::Review(record)) => {
                *self = Archive::new(*record, shared, now)?;
                Ok(Transition::Stay)
            }
            // Nothing is played in a finished game.
            Command::Play(_) | Command::Hint | Command::Undo | Command::Redo => {
                Err(CommandError::NotWhile(ModeKind::Archive))
            }
            // Back to the local games, which take the command.
            next => Ok(Transition::LeaveThen(next)),
        }
    }

    /// A record's game on the board, its review started: the game replayed from its start and
    /// plies, and ended as the server ended it. A record that does not replay changes nothing.
    fn new(record: GameRecord, shared: &Shared, now: f64) -> Result<Archive, CommandError> {
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
        review_command(
            &mut board,
            &Command::StartReview,
            &shared.wake,
            &shared.tables,
            now,
        );
        Ok(Archive { record, board })
    }
}

/// Archive commands from the local games: a record's review opens; Close has no record to
/// close.
pub(crate) fn start(
    command: ArchiveCommand,
    shared: &Shared,
    now: f64,
) -> Result<Archive, CommandError> {
    match command {
        ArchiveCommand::Review(record) => Archive::new(*record, shared, now),
        ArchiveCommand::Close => Err(CommandError::NotIn(ModeKind::Archive)),
    }
}
