//! online.md's frames: every one as written, and bad ones refused for the right reason.

use super::*;

#[test]
fn every_client_frame_of_the_spec_reads_and_writes_as_written() {
    for (text, side) in [
        (r#""x""#, SideChoice::X),
        (r#""o""#, SideChoice::O),
        (r#""random""#, SideChoice::Random),
    ] {
        client(
            &fill(
                CREATE,
                &[("GAME", r#""blockade:solidarity""#), ("SIDE", text)],
            ),
            ClientFrame::Create {
                game: "blockade:solidarity".into(),
                side,
            },
        );
    }
    client(&fill(JOIN, &[ROOM]), ClientFrame::Join { room: room() });
    client(
        &fill(RESUME, &[ROOM, TOKEN]),
        ClientFrame::Resume {
            room: room(),
            token: token(),
        },
    );
    client(
        &fill(MOVE, &[ROOM, TOKEN, ("N", "3"), ("MOVE", r#""bh-c""#)]),
        ClientFrame::Move {
            room: room(),
            token: token(),
            ply: 3,
            mv: "bh-c".into(),
        },
    );
    client(
        &fill(RESIGN, &[ROOM, TOKEN]),
        ClientFrame::Resign {
            room: room(),
            token: token(),
        },
    );
    client(
        &fill(REMATCH, &[ROOM, TOKEN]),
        ClientFrame::Rematch {
            room: room(),
            token: token(),
        },
    );
}

#[test]
fn every_server_frame_of_the_spec_reads_and_writes_as_written() {
    for (text, seat) in [(r#""x""#, SeatName::X), (r#""o""#, SeatName::O)] {
        server(
            &fill(SEAT, &[ROOM, ("SEAT", text), TOKEN]),
            ServerFrame::Seat {
                room: room(),
                seat,
                token: Some(token()),
            },
        );
    }
    server(
        &fill(SEAT, &[ROOM, ("SEAT", r#""spectator""#), ("TOKEN", "null")]),
        ServerFrame::Seat {
            room: room(),
            seat: SeatName::Spectator,
            token: None,
        },
    );

    // A game on, then one lost to a resignation (the clock gone, a player away).
    server(
        &fill(
            &full_state(),
            &[
                ROOM,
                ("GAME", r#""shuangcheng""#),
                ("POS", r#""start-position x""#),
                ("PLY...", r#""bh-c","timeout""#),
                ("POS", r#""after-two o""#),
                ("STATUS", r#""ongoing""#),
                ("REASON", "null"),
                ("MS", "41250"),
                ("BOOL", "true"),
                ("BOOL", "false"),
                ("PLAYER", "null"),
                ("PLAYER", "null"),
                ("BOOL", "false"),
                ("SIDE", "null"),
                ("DAYS", "null"),
            ],
        ),
        ServerFrame::State(RoomState {
            room: room(),
            game: Variant::plain(GameId::ShuangCheng),
            start: "start-position x".into(),
            plies: vec!["bh-c".into(), "timeout".into()],
            position: "after-two o".into(),
            status: Status::Ongoing,
            turn_ms: Some(41250),
            connected: Connected { x: true, o: false },
            players: Seats::none(),
            rated: false,
            offer: None,
            days: None,
            rematch: None,
        }),
    );
    server(
        &fill(
            &full_state(),
            &[
                ROOM,
                ("GAME", r#""blockade:solidarity""#),
                ("POS", r#""s""#),
                ("PLY...", ""),
                ("POS", r#""s""#),
                ("STATUS", r#""o-wins""#),
                ("REASON", r#""resigned""#),
                ("MS", "null"),
                ("BOOL", "false"),
                ("BOOL", "true"),
                ("PLAYER", "null"),
                ("PLAYER", "null"),
                ("BOOL", "false"),
                ("SIDE", "null"),
                ("DAYS", "null"),
            ],
        ),
        ServerFrame::State(RoomState {
            room: room(),
            game: solidarity(),
            start: "s".into(),
            plies: Vec::new(),
            position: "s".into(),
            status: Status::Win(Side::O, EndReason::Resigned),
            turn_ms: None,
            connected: Connected { x: false, o: true },
            players: Seats::none(),
            rated: false,
            offer: None,
            days: None,
            rematch: None,
        }),
    );

    for code in ErrorCode::SENT {
        let name = format!("\"{}\"", code.name());
        server(
            &fill(ERROR, &[("CODE", &name), ("TEXT", r#""nothing changed""#)]),
            ServerFrame::Error {
                code,
                message: "nothing changed".into(),
            },
        );
    }
}

/// Frames that must not read, each with the reason serde gives (so that each is refused for
/// the reason it was written for, not another), and what the server answers: `malformed`.
#[test]
fn bad_client_frames_are_malformed_for_the_right_reason() {
    for (text, reason) in [
        (r#"{"type":"fly","room":"R"}"#, "unknown variant `fly`"),
        (r#"{"room":"R"}"#, "missing field `type`"),
        (r#"{"type":"join"}"#, "missing field `room`"),
        (r#"{"type":"resume","room":"R"}"#, "missing field `token`"),
        (
            r#"{"type":"move","room":"R","token":"t","ply":3}"#,
            "missing field `move`",
        ),
        (r#"{"type":"join","room":5}"#, "invalid type: integer `5`"),
        (
            r#"{"type":"resume","room":"R","token":null}"#,
            "invalid type: null",
        ),
        (
            r#"{"type":"move","room":"R","token":"t","ply":-1,"move":"a"}"#,
            "invalid value: integer `-1`",
        ),
        (
            r#"{"type":"move","room":"R","token":"t","ply":1.5,"move":"a"}"#,
            "invalid type: floating point `1.5`",
        ),
        (
            r#"{"type":"move","room":"R","token":"t","ply":"3","move":"a"}"#,
            "invalid type: string \"3\"",
        ),
        (
            r#"{"type":"create","game":"push","side":"left"}"#,
            "unknown variant `left`",
        ),
        (r#"{"type":"JOIN","room":"R"}"#, "unknown variant `JOIN`"),
        ("{}", "missing field `type`"),
        ("{\"type\":\"join\",", "EOF while parsing"),
    ] {
        client_refused(text, reason);
    }
    // Not an object at all; serde alone would read the array as a `join`.
    for text in [
        "",
        " ",
        "null",
        "5",
        r#""join""#,
        "[]",
        r#"["join","ABCDEFGH"]"#,
    ] {
        assert_eq!(
            ClientFrame::from_text(text),
            Err(ErrorCode::Malformed),
            "{text}"
        );
    }
    assert_eq!(
        ClientFrame::from_text(" \n{\"type\":\"join\",\"room\":\"R\"}\n"),
        Ok(ClientFrame::Join { room: "R".into() })
    );
    // Extra fields are ignored: a newer client may send more.
    assert_eq!(
        ClientFrame::from_text(r#"{"type":"join","room":"R","extra":[1]}"#),
        Ok(ClientFrame::Join { room: "R".into() })
    );
}

/// A client reads the server's frames as strictly (only an unknown error code is let
/// through, see `ErrorCode::Unrecognized`).
#[test]
fn bad_server_frames_do_not_read_for_the_right_reason() {
    for (text, reason) in [
        (r#"{"type":"welcome"}"#, "unknown variant `welcome`"),
        (
            r#"{"type":"seat","room":"R","seat":"x"}"#,
            "missing field `token`",
        ),
        (
            r#"{"type":"seat","room":"R","seat":"referee","token":null}"#,
            "unknown variant `referee`",
        ),
        (
            r#"{"type":"state","room":"R","game":"push","start":"s","plies":[],"position":"s","status":"ongoing","reason":null,"turn_ms":1}"#,
            "missing field `connected`",
        ),
        (
            r#"{"type":"state","room":"R","game":"push","start":"s","plies":"a","position":"s","status":"ongoing","reason":null,"turn_ms":1,"connected":{"x":true,"o":true}}"#,
            "invalid type: string \"a\"",
        ),
        (
            r#"{"type":"state","room":"R","game":"push","start":"s","plies":[],"position":"s","status":"ongoing","reason":null,"turn_ms":1,"connected":{"x":1,"o":true}}"#,
            "invalid type: integer `1`",
        ),
        (
            r#"{"type":"state","room":"R","game":"push","start":"s","plies":[],"position":"s","status":"ongoing","turn_ms":1,"connected":{"x":true,"o":true}}"#,
            "missing field `reason`",
        ),
        (
            r#"{"type":"error","code":"stale"}"#,
            "missing field `message`",
        ),
        (r#"["seat","R","x",null]"#, "a frame is a JSON object"),
        (
            r#"{"type":"error","code":7,"message":"m"}"#,
            "invalid type: integer `7`",
        ),
    ] {
        server_refused(text, reason);
    }
}
