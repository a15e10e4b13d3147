//! The coach's review of a finished game that is not one of the local games: a room's at
//! its end, a record's. Shared by the modes that show one (online, archive), so that neither
//! borrows it from the other.

use crate::any::AnyMatch;
use crate::command::Command;
use qipan_engine::ai::worker::Wake;
use qipan_engine::ai::Tables;
use std::sync::Arc;

/// Takes `command` if it is one of the review's, on `board` (`wake` and `tables`: the
/// session's, for the coach); whether it was.
pub(crate) fn review_command(
    board: &mut AnyMatch,
    command: &Command,
    wake: &Wake,
    tables: &Tables,
    now: f64,
) -> bool {
    match command {
        Command::StartReview => {
            board.set_wake(Arc::clone(wake));
            board.set_tables(tables.clone());
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
