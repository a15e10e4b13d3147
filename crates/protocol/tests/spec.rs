//! The frames of `shared/spec/online.md`, checked against the spec's own text.
//!
//! Each frame's template is copied verbatim from the spec's tables; its placeholders (`ROOM`,
//! `TOKEN`, `PLY...`) are filled with JSON values, and the result must read as the expected
//! frame and write back to exactly the same text. A field renamed, reordered or retyped in
//! the crate fails here, whichever end it was meant for.

use qipan_protocol::{
    ClientFrame, Connected, ErrorCode, RoomState, SeatName, ServerFrame, SideChoice,
};
use serde_json::Value;

// The spec's tables, verbatim ("From a client", then "From the server").
const CREATE: &str = r#"{"type":"create","game":GAME,"side":SIDE}"#;
const JOIN: &str = r#"{"type":"join","room":ROOM}"#;
const RESUME: &str = r#"{"type":"resume","room":ROOM,"token":TOKEN}"#;
const MOVE: &str = r#"{"type":"move","room":ROOM,"token":TOKEN,"ply":N,"move":MOVE}"#;
const RESIGN: &str = r#"{"type":"resign","room":ROOM,"token":TOKEN}"#;
const REMATCH: &str = r#"{"type":"rematch","room":ROOM,"token":TOKEN}"#;
const SEAT: &str = r#"{"type":"seat","room":ROOM,"seat":SEAT,"token":TOKEN}"#;
const STATE: &str = r#"{"type":"state","room":ROOM,"game":GAME,"start":POS,"plies":[PLY...],"position":POS,"status":STATUS,"reason":REASON,"turn_ms":MS,"connected":{"x":BOOL,"o":BOOL}}"#;
const ERROR: &str = r#"{"type":"error","code":CODE,"message":TEXT}"#;

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

/// Fills a template's placeholders (runs of capitals and dots outside strings) with JSON
/// texts, each `(name, value)` used once, in order, so that `POS` or `BOOL` may differ.
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut used = vec![false; values.len()];
    let mut out = String::new();
    let mut chars = template.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if c == '"' {
            in_string = !in_string;
        }
        if in_string || !(c.is_ascii_uppercase()) {
            out.push(c);
            continue;
        }
        let mut name = c.to_string();
        while let Some(&next) = chars.peek() {
            if !(next.is_ascii_uppercase() || next == '.') {
                break;
            }
            name.push(next);
            chars.next();
        }
        let index = (0..values.len())
            .find(|&i| !used[i] && values[i].0 == name)
            .unwrap_or_else(|| panic!("no value for {name} in {template}"));
        used[index] = true;
        out.push_str(values[index].1);
    }
    assert!(used.iter().all(|&u| u), "unused values for {template}");
    out
}

/// The text reads as `expected` and writes back byte for byte (and so as the same JSON).
fn round_trip<T>(text: &str, expected: &T, read: impl Fn(&str) -> Option<T>)
where
    T: serde::Serialize + PartialEq + std::fmt::Debug,
{
    let frame = read(text).unwrap_or_else(|| panic!("does not read: {text}"));
    assert_eq!(&frame, expected, "{text}");
    let written = serde_json::to_string(&frame).expect("writes");
    assert_eq!(written, text);
    let as_value = |t: &str| serde_json::from_str::<Value>(t).expect("JSON");
    assert_eq!(as_value(&written), as_value(text));
}

fn client(text: &str, expected: ClientFrame) {
    round_trip(text, &expected, |t| ClientFrame::from_text(t).ok());
}

fn server(text: &str, expected: ServerFrame) {
    round_trip(text, &expected, |t| ServerFrame::from_text(t).ok());
    // The server's own writer gives the same text.
    assert_eq!(expected.to_text(), text);
}

const ROOM: (&str, &str) = ("ROOM", r#""K7MNPQRS""#);
const TOKEN: (&str, &str) = ("TOKEN", r#""0f1e2d3c4b5a69788796a5b4c3d2e1f0""#);

fn room() -> String {
    "K7MNPQRS".to_owned()
}

fn token() -> String {
    "0f1e2d3c4b5a69788796a5b4c3d2e1f0".to_owned()
}

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
            STATE,
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
            ],
        ),
        ServerFrame::State(RoomState {
            room: room(),
            game: "shuangcheng".into(),
            start: "start-position x".into(),
            plies: vec!["bh-c".into(), "timeout".into()],
            position: "after-two o".into(),
            status: "ongoing".into(),
            reason: None,
            turn_ms: Some(41250),
            connected: Connected { x: true, o: false },
        }),
    );
    server(
        &fill(
            STATE,
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
            ],
        ),
        ServerFrame::State(RoomState {
            room: room(),
            game: "blockade:solidarity".into(),
            start: "s".into(),
            plies: Vec::new(),
            position: "s".into(),
            status: "o-wins".into(),
            reason: Some("resigned".into()),
            turn_ms: None,
            connected: Connected { x: false, o: true },
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

#[test]
fn the_error_codes_are_the_specs() {
    let names: Vec<_> = ErrorCode::SPEC.iter().map(|c| c.name()).collect();
    assert_eq!(names, SPEC_CODES);
    for name in SPEC_CODES.into_iter().chain(["unavailable"]) {
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

/// Every frame type has a template above: a new variant fails to compile here until it is
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
        }
    }
    fn server_template(frame: &ServerFrame) -> &'static str {
        match frame {
            ServerFrame::Seat { .. } => SEAT,
            ServerFrame::State(_) => STATE,
            ServerFrame::Error { .. } => ERROR,
        }
    }
    let join = ClientFrame::Join { room: room() };
    assert!(client_template(&join).contains(r#""type":"join""#));
    let error = ServerFrame::error(ErrorCode::Stale);
    assert!(server_template(&error).contains(r#""type":"error""#));
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
        let error = serde_json::from_str::<ClientFrame>(text).expect_err(text);
        assert!(
            error.to_string().contains(reason),
            "{text}: {error} (wanted {reason})"
        );
        assert_eq!(
            ClientFrame::from_text(text),
            Err(ErrorCode::Malformed),
            "{text}"
        );
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
        let error = ServerFrame::from_text(text).expect_err(text);
        assert!(
            error.to_string().contains(reason),
            "{text}: {error} (wanted {reason})"
        );
    }
}
