//! No error code and no frame type of the specs is left out.

use super::*;

/// lobby.md's new error codes, in its order.
const LOBBY_CODES: [&str; 7] = [
    "bad-name",
    "name-taken",
    "bad-key",
    "not-logged-in",
    "busy",
    "cannot-abort",
    "cannot-claim",
];

/// correspondence.md's new error codes, in its order.
const CORRESPONDENCE_CODES: [&str; 8] = [
    "bad-days",
    "too-many-games",
    "own-seek",
    "no-such-seek",
    "own-challenge",
    "no-such-player",
    "no-such-challenge",
    "too-many-challenges",
];

/// The spec's list of error codes, in its order.
const SPEC_CODES: [&str; 10] = [
    "malformed",
    "too-large",
    "unknown-game",
    "no-such-room",
    "bad-token",
    "not-your-turn",
    "illegal-move",
    "stale",
    "game-over",
    "rate-limited",
];

#[test]
fn the_error_codes_are_the_specs() {
    let names: Vec<_> = ErrorCode::SPEC.iter().map(|c| c.name()).collect();
    assert_eq!(names, SPEC_CODES);
    let names: Vec<_> = ErrorCode::LOBBY.iter().map(|c| c.name()).collect();
    assert_eq!(names, LOBBY_CODES);
    let names: Vec<_> = ErrorCode::CORRESPONDENCE.iter().map(|c| c.name()).collect();
    assert_eq!(names, CORRESPONDENCE_CODES);
    let sent: Vec<_> = ErrorCode::SENT.iter().map(|c| c.name()).collect();
    let mut wanted: Vec<_> = SPEC_CODES
        .into_iter()
        .chain(LOBBY_CODES)
        .chain(CORRESPONDENCE_CODES)
        .collect();
    wanted.push("unavailable");
    assert_eq!(sent, wanted);
    for name in SPEC_CODES
        .into_iter()
        .chain(LOBBY_CODES)
        .chain(CORRESPONDENCE_CODES)
        .chain(["unavailable"])
    {
        let code = ErrorCode::from_name(name).expect("a code");
        assert_eq!(code.name(), name);
        assert_eq!(
            serde_json::to_value(code).expect("writes"),
            Value::from(name)
        );
    }
    // The messages name the cause; clients key on the code, never on them.
    let frame = ServerFrame::error(ErrorCode::NotYourTurn).to_text();
    assert!(frame.starts_with(r#"{"type":"error","code":"not-your-turn","message":"#));
}

/// Every frame type has a template in `main.rs`: a new variant fails to compile here until it is
/// added to the tests (and, first, to the spec).
#[test]
fn no_frame_type_is_left_out() {
    fn client_template(frame: &ClientFrame) -> &'static str {
        match frame {
            ClientFrame::Create { .. } => CREATE,
            ClientFrame::Join { .. } => JOIN,
            ClientFrame::Resume { .. } => RESUME,
            ClientFrame::Move { .. } => MOVE,
            ClientFrame::Resign { .. } => RESIGN,
            ClientFrame::Rematch { .. } => REMATCH,
            ClientFrame::DeclineRematch { .. } => DECLINE_REMATCH,
            ClientFrame::Register { .. } => REGISTER,
            ClientFrame::Login { .. } => LOGIN,
            ClientFrame::Seek { days: None, .. } => SEEK,
            ClientFrame::Seek { .. } => SEEK_DAYS,
            ClientFrame::Unseek { seek: None } => UNSEEK,
            ClientFrame::Unseek { .. } => UNSEEK_DAYS,
            ClientFrame::Accept(Acceptance::Seek(_)) => ACCEPT_SEEK,
            ClientFrame::Accept(Acceptance::Challenge(_)) => ACCEPT_CHALLENGE,
            ClientFrame::Challenge { .. } => CHALLENGE,
            ClientFrame::Decline { .. } => DECLINE,
            ClientFrame::Cancel { .. } => CANCEL,
            ClientFrame::Games => GAMES,
            ClientFrame::Abort { .. } => ABORT,
            ClientFrame::Draw { .. } => DRAW,
            ClientFrame::Claim { .. } => CLAIM,
        }
    }
    fn server_template(frame: &ServerFrame) -> &'static str {
        match frame {
            ServerFrame::Seat { .. } => SEAT,
            ServerFrame::State(_) => STATE,
            ServerFrame::Player { .. } => PLAYER,
            ServerFrame::Seeking(Seeking::Live { game: Some(_), .. }) => SEEKING,
            ServerFrame::Seeking(Seeking::Live { .. }) => UNSEEKING,
            ServerFrame::Seeking(Seeking::Correspondence { game: Some(_), .. }) => SEEKING_DAYS,
            ServerFrame::Seeking(Seeking::Correspondence { .. }) => UNSEEKING_DAYS,
            ServerFrame::Challenge(_) => CHALLENGED,
            ServerFrame::ChallengeSent { .. } => CHALLENGE_SENT,
            ServerFrame::Declined { .. } => DECLINED,
            ServerFrame::Games(_) => YOUR_GAMES,
            ServerFrame::YourTurn { .. } => YOUR_TURN,
            ServerFrame::Paired { .. } => PAIRED,
            ServerFrame::Error { .. } => ERROR,
        }
    }
    let join = ClientFrame::Join { room: room() };
    assert!(client_template(&join).contains(r#""type":"join""#));
    let error = ServerFrame::error(ErrorCode::Stale);
    assert!(server_template(&error).contains(r#""type":"error""#));
}
