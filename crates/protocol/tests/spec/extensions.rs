//! This server's additions to the specs' frames (docs/online.md, "Beyond the specs"): each
//! keeps every frame of the specs as it is written there, so a client or a checker that
//! knows only the specs reads them all.

use super::*;

/// The `state` of a game that ended, with `rematch` when `asked` (as the server writes it).
fn ended_state(asked: Option<Side>) -> RoomState {
    RoomState {
        room: room(),
        game: Variant::plain(GameId::ShuangCheng),
        start: "s x".into(),
        plies: vec!["bh-c".into()],
        position: "t o".into(),
        status: Status::Win(Side::X, EndReason::Resigned),
        turn_ms: None,
        connected: Connected { x: true, o: true },
        players: Seats::none(),
        rated: false,
        offer: None,
        days: None,
        rematch: asked,
    }
}

fn ended_state_text(tail: &str) -> String {
    let open = full_state();
    let open = open.strip_suffix('}').expect("an object");
    fill(
        &format!("{open}{tail}}}"),
        &[
            ROOM,
            ("GAME", r#""shuangcheng""#),
            ("POS", r#""s x""#),
            ("PLY...", r#""bh-c""#),
            ("POS", r#""t o""#),
            ("STATUS", r#""x-wins""#),
            ("REASON", r#""resigned""#),
            ("MS", "null"),
            ("BOOL", "true"),
            ("BOOL", "true"),
            ("PLAYER", "null"),
            ("PLAYER", "null"),
            ("BOOL", "false"),
            ("SIDE", "null"),
            ("DAYS", "null"),
            ("SIDE", r#""o""#),
        ][..if tail.is_empty() { 15 } else { 16 }],
    )
}

#[test]
fn a_standing_rematch_request_is_a_field_only_while_it_stands() {
    // Nobody asked: the frame is the specs' exactly, with no `rematch` at all.
    server(&ended_state_text(""), ServerFrame::State(ended_state(None)));
    // O asked: the other seat reads who.
    server(
        &ended_state_text(&format!(",{STATE_REMATCH}")),
        ServerFrame::State(ended_state(Some(Side::O))),
    );
}

#[test]
fn declining_a_rematch_reads_and_writes_as_documented() {
    client(
        &fill(DECLINE_REMATCH, &[ROOM, TOKEN]),
        ClientFrame::DeclineRematch {
            room: room(),
            token: token(),
        },
    );
    client_refused(r#"{"type":"decline-rematch","room":"K7MNPQRS"}"#, "token");
}
