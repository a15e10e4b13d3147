//! What the session's tests share: a session on a clock they move by hand.

use crate::timer::ManualClock;
use crate::{Choices, Command, ConnectionEvent, PlayerCommand, Session};
use qipan_engine::games::{GameId, Variant};
use std::sync::Arc;

/// A session from `choices` and kept games, its clock the test's, its draws seeded.
pub(crate) fn session(choices: Choices, kept: Option<&str>) -> (Session, ManualClock) {
    session_on(ManualClock::default(), choices, kept)
}

/// A session on the test's `clock` (one set to a date, say).
pub(crate) fn session_on(
    clock: ManualClock,
    choices: Choices,
    kept: Option<&str>,
) -> (Session, ManualClock) {
    let session = Session::new(choices, kept, Box::new(clock.clone()), Arc::new(|| {}), 7);
    (session, clock)
}

/// Two people at the screen, so that no computer moves between the commands.
pub(crate) fn two_players(game: GameId) -> Choices {
    Choices {
        variant: Variant::plain(game),
        human: None,
        ..Choices::default()
    }
}

/// Plays a move in notation, which must be accepted.
pub(crate) fn play(session: &mut Session, text: &str) {
    let mv = session.game().parse_move(text).expect("a legal move");
    session.run(Command::Play(mv)).expect("played");
}

/// The server's frame `text` as the transport hands it to the session: read, and it must
/// read.
pub(crate) fn received(text: impl AsRef<str>) -> Command {
    let event = ConnectionEvent::received(text.as_ref()).expect("a frame that reads");
    Command::Connection(event)
}

/// The server's frame `text` on the player's link, as the transport hands it to the session.
pub(crate) fn on_link(text: impl AsRef<str>) -> Command {
    let event = ConnectionEvent::received(text.as_ref()).expect("a frame that reads");
    Command::Player(PlayerCommand::Connection(event))
}
