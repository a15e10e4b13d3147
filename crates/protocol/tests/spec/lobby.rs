//! lobby.md's frames: every one as written, and bad ones refused for the right reason.

use super::*;

#[test]
fn every_client_frame_of_the_lobby_reads_and_writes_as_written() {
    for name in ["Ann_1", "Δημήτρης", "王小明", "ab-"] {
        client(
            &fill(REGISTER, &[("NAME", &format!("\"{name}\""))]),
            ClientFrame::Register { name: name.into() },
        );
    }
    client(&fill(LOGIN, &[KEY]), ClientFrame::Login { key: key() });
    for (text, rated) in [("true", true), ("false", false)] {
        client(
            &fill(SEEK, &[("GAME", r#""cannon""#), ("BOOL", text)]),
            ClientFrame::Seek {
                game: "cannon".into(),
                rated,
                days: None,
            },
        );
    }
    client(UNSEEK, ClientFrame::Unseek { seek: None });
    for (template, frame) in [
        (
            ABORT,
            ClientFrame::Abort {
                room: room(),
                token: token(),
            },
        ),
        (
            DRAW,
            ClientFrame::Draw {
                room: room(),
                token: token(),
            },
        ),
        (
            CLAIM,
            ClientFrame::Claim {
                room: room(),
                token: token(),
            },
        ),
    ] {
        client(&fill(template, &[ROOM, TOKEN]), frame);
    }
}

#[test]
fn every_server_frame_of_the_lobby_reads_and_writes_as_written() {
    let (ratings_text, ratings) = ratings();
    server(
        &fill(
            PLAYER,
            &[("NAME", r#""Мария""#), KEY, ("RATINGS", &ratings_text)],
        ),
        ServerFrame::Player {
            name: "Мария".into(),
            key: key(),
            ratings,
        },
    );
    server(
        &fill(
            SEEKING,
            &[("GAME", r#""blockade:solidarity""#), ("BOOL", "true")],
        ),
        ServerFrame::Seeking(Seeking::Live {
            game: Some(solidarity()),
            rated: Some(true),
        }),
    );
    server(
        UNSEEKING,
        ServerFrame::Seeking(Seeking::Live {
            game: None,
            rated: None,
        }),
    );
    for (text, seat) in [(r#""x""#, Side::X), (r#""o""#, Side::O)] {
        server(
            &fill(PAIRED, &[ROOM, ("SEAT", text), TOKEN]),
            ServerFrame::Paired {
                room: room(),
                seat,
                token: token(),
            },
        );
    }

    // A paired rated game against the computer, x's draw offer standing.
    let person = fill(
        STATE_PLAYER,
        &[("NAME", r#""Ann_1""#), ("R", "1532.75"), ("BOOL", "false")],
    );
    let computer = fill(
        STATE_PLAYER,
        &[
            ("NAME", r#""Computer-Hard""#),
            ("R", "1811.9634"),
            ("BOOL", "true"),
        ],
    );
    server(
        &fill(
            &full_state(),
            &[
                ROOM,
                ("GAME", r#""push""#),
                ("POS", r#""s x""#),
                ("PLY...", r#""a1-a2""#),
                ("POS", r#""t o""#),
                ("STATUS", r#""ongoing""#),
                ("REASON", "null"),
                ("MS", "59000"),
                ("BOOL", "true"),
                ("BOOL", "true"),
                ("PLAYER", &person),
                ("PLAYER", &computer),
                ("BOOL", "true"),
                ("SIDE", r#""x""#),
                ("DAYS", "null"),
            ],
        ),
        ServerFrame::State(RoomState {
            room: room(),
            game: Variant::plain(GameId::Push),
            start: "s x".into(),
            plies: vec!["a1-a2".into()],
            position: "t o".into(),
            status: Status::Ongoing,
            turn_ms: Some(59000),
            connected: Connected { x: true, o: true },
            players: Seats {
                x: Some(SeatedPlayer {
                    name: "Ann_1".into(),
                    rating: 1532.75,
                    bot: false,
                }),
                o: Some(SeatedPlayer {
                    name: "Computer-Hard".into(),
                    rating: 1811.9634,
                    bot: true,
                }),
            },
            rated: true,
            offer: Some(Side::X),
            days: None,
            rematch: None,
        }),
    );
}

/// The lobby's frames and bodies are read as strictly as online.md's: every field there,
/// of its type, `null` only where the spec allows it.
#[test]
fn bad_lobby_frames_do_not_read_for_the_right_reason() {
    for (text, reason) in [
        (r#"{"type":"register"}"#, "missing field `name`"),
        (
            r#"{"type":"register","name":7}"#,
            "invalid type: integer `7`",
        ),
        (r#"{"type":"login","key":null}"#, "invalid type: null"),
        (r#"{"type":"seek","game":"push"}"#, "missing field `rated`"),
        (
            r#"{"type":"seek","game":"push","rated":"yes"}"#,
            "invalid type: string \"yes\"",
        ),
        (r#"{"type":"seek","rated":true}"#, "missing field `game`"),
        (r#"{"type":"abort","room":"R"}"#, "missing field `token`"),
        (r#"{"type":"draw","token":"t"}"#, "missing field `room`"),
        (
            r#"{"type":"claim","room":"R","token":1}"#,
            "invalid type: integer `1`",
        ),
    ] {
        client_refused(text, reason);
    }
    // `unseek` has no field; extra ones are ignored, as for every frame.
    assert_eq!(
        ClientFrame::from_text(r#"{"type":"unseek","game":"push"}"#),
        Ok(ClientFrame::Unseek { seek: None })
    );

    let state = |adds: &str| {
        format!(
            r#"{{"type":"state","room":"R","game":"push","start":"s","plies":[],"position":"s","status":"ongoing","reason":null,"turn_ms":1,"connected":{{"x":true,"o":true}}{adds}}}"#
        )
    };
    for (text, reason) in [
        (state(""), "missing field `players`"),
        (
            state(r#","players":{"x":null,"o":null},"rated":false"#),
            "missing field `offer`",
        ),
        (
            state(r#","players":{"x":null},"rated":false,"offer":null"#),
            "missing field `o`",
        ),
        (
            state(r#","players":{"x":null,"o":null},"rated":false,"offer":"spectator""#),
            "unknown variant `spectator`",
        ),
        (
            state(r#","players":{"x":{"name":"A","rating":1500.0},"o":null},"rated":false,"offer":null"#),
            "missing field `bot`",
        ),
        (
            state(r#","players":{"x":{"name":"A","rating":"1500","bot":false},"o":null},"rated":false,"offer":null"#),
            "invalid type: string \"1500\"",
        ),
        (
            r#"{"type":"paired","room":"R","seat":"spectator","token":"t"}"#.to_owned(),
            "unknown variant `spectator`",
        ),
        (
            r#"{"type":"paired","room":"R","seat":"x","token":null}"#.to_owned(),
            "invalid type: null",
        ),
        (
            r#"{"type":"seeking","game":null}"#.to_owned(),
            "missing field `rated`",
        ),
        (
            r#"{"type":"player","name":"A","key":"k","ratings":{"push":{"rating":1500.0,"deviation":500.0,"volatility":0.09}}}"#.to_owned(),
            "missing field `games`",
        ),
        (
            r#"{"type":"player","name":"A","key":"k","ratings":{"push":{"rating":1500.0,"deviation":500.0,"volatility":0.09,"games":-1}}}"#.to_owned(),
            "invalid value: integer `-1`",
        ),
    ] {
        server_refused(&text, reason);
    }

    let (text, _) = resigned_record();
    for (broken, reason) in [
        (
            text.replace(r#","reason":"resigned""#, ""),
            "missing field `reason`",
        ),
        (
            text.replace(r#","after":1519.0625"#, ""),
            "missing field `after`",
        ),
        (
            text.replace(r#"{"x":{"#, r#"{"o":{"#)
                .replacen(r#","o":{"#, r#","p":{"#, 1),
            "missing field `x`",
        ),
    ] {
        let error = serde_json::from_str::<GameRecord>(&broken).expect_err(&broken);
        assert!(
            error.to_string().contains(reason),
            "{broken}: {error} (wanted {reason})"
        );
    }
}
