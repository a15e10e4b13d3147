//! The frames of `shared/spec/online.md` and `shared/spec/lobby.md`, and the records API's
//! JSON, checked against the specs' own text.
//!
//! Each frame's template is copied verbatim from the spec's tables; its placeholders (`ROOM`,
//! `TOKEN`, `PLY...`) are filled with JSON values, and the result must read as the expected
//! frame and write back to exactly the same text. A field renamed, reordered or retyped in
//! the crate fails here, whichever end it was meant for.

use qipan_protocol::{
    ClientFrame, Connected, ErrorCode, GameRating, GameRecord, Leaderboard, LeaderboardEntry,
    PlayerRecord, Ratings, RecordSeat, RoomState, SeatName, SeatedPlayer, Seats, ServerFrame, Side,
    SideChoice,
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

// lobby.md, verbatim: its tables ("Players", "Seeking a game", "Ending a game fairly"), the
// fields it adds to `state`, RATINGS, and the records API.
const REGISTER: &str = r#"{"type":"register","name":NAME}"#;
const LOGIN: &str = r#"{"type":"login","key":KEY}"#;
const PLAYER: &str = r#"{"type":"player","name":NAME,"key":KEY,"ratings":RATINGS}"#;
const RATINGS: &str = r#"{GAME:{"rating":R,"deviation":RD,"volatility":V,"games":N},...}"#;
const SEEK: &str = r#"{"type":"seek","game":GAME,"rated":BOOL}"#;
const SEEKING: &str = r#"{"type":"seeking","game":GAME,"rated":BOOL}"#;
const UNSEEK: &str = r#"{"type":"unseek"}"#;
const UNSEEKING: &str = r#"{"type":"seeking","game":null,"rated":null}"#;
const PAIRED: &str = r#"{"type":"paired","room":ROOM,"seat":SEAT,"token":TOKEN}"#;
const STATE_ADDS: &str = r#""players":{"x":PLAYER,"o":PLAYER},"rated":BOOL,"offer":SIDE"#;
const STATE_PLAYER: &str = r#"{"name":NAME,"rating":R,"bot":BOOL}"#;
const ABORT: &str = r#"{"type":"abort","room":ROOM,"token":TOKEN}"#;
const DRAW: &str = r#"{"type":"draw","room":ROOM,"token":TOKEN}"#;
const CLAIM: &str = r#"{"type":"claim","room":ROOM,"token":TOKEN}"#;
const PLAYER_RECORD: &str = r#"{"name":NAME,"bot":BOOL,"ratings":RATINGS,"games":[RECORD,...]}"#;
const LEADERBOARD: &str =
    r#"{"game":GAME,"players":[{"name":NAME,"rating":R,"deviation":RD,"games":N},...]}"#;
const RECORD: &str = r#"{"room":ROOM,"game":GAME,"start":POS,"plies":[PLY,...],"status":STATUS,"reason":REASON,"rated":BOOL,"players":{"x":SEAT,"o":SEAT}}"#;
const RECORD_SEAT: &str = r#"{"name":NAME,"bot":BOOL,"before":R,"after":R}"#;

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

/// A template whose `ITEM,...` (a list in the spec) is replaced by the one placeholder
/// `LIST`, to be filled with the items joined by commas. `item` must be in the template as
/// written, so that a changed spec fails here.
fn list_of(template: &str, item: &str) -> String {
    let repeated = format!("{item},...");
    assert_eq!(
        template.matches(&repeated).count(),
        1,
        "{repeated} in {template}"
    );
    template.replace(&repeated, "LIST")
}

/// `state` as lobby.md has it: online.md's frame with the three fields it adds.
fn lobby_state() -> String {
    let open = STATE.strip_suffix('}').expect("an object");
    format!("{open},{STATE_ADDS}}}")
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

/// Reads a records API body as `T` and writes it back byte for byte.
fn record<T>(text: &str, expected: T)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    round_trip(text, &expected, |t| serde_json::from_str(t).ok());
}

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
            &lobby_state(),
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
            players: Seats::none(),
            rated: false,
            offer: None,
        }),
    );
    server(
        &fill(
            &lobby_state(),
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
            players: Seats::none(),
            rated: false,
            offer: None,
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

/// A rating and its RATINGS entry, written so that serde writes the same digits back.
fn rating_entry(
    game: &str,
    rating: &str,
    deviation: &str,
    volatility: &str,
    games: &str,
) -> String {
    let entry = r#"GAME:{"rating":R,"deviation":RD,"volatility":V,"games":N}"#;
    fill(
        entry,
        &[
            ("GAME", &format!("\"{game}\"")),
            ("R", rating),
            ("RD", deviation),
            ("V", volatility),
            ("N", games),
        ],
    )
}

/// Two games' ratings (a newcomer's in one), as text and as the crate holds them.
fn ratings() -> (String, Ratings) {
    let entries = [
        rating_entry(
            "blockade:solidarity",
            "1623.4817",
            "87.25",
            "0.0899731",
            "14",
        ),
        rating_entry("push", "1500.0", "500.0", "0.09", "0"),
    ];
    let text = fill(
        &list_of(
            RATINGS,
            r#"GAME:{"rating":R,"deviation":RD,"volatility":V,"games":N}"#,
        ),
        &[("LIST", &entries.join(","))],
    );
    let ratings = Ratings::from([
        (
            "blockade:solidarity".to_owned(),
            GameRating {
                rating: 1623.4817,
                deviation: 87.25,
                volatility: 0.0899731,
                games: 14,
            },
        ),
        (
            "push".to_owned(),
            GameRating {
                rating: 1500.0,
                deviation: 500.0,
                volatility: 0.09,
                games: 0,
            },
        ),
    ]);
    (text, ratings)
}

const KEY: (&str, &str) = ("KEY", r#""a1b2c3d4e5f60718293a4b5c6d7e8f90""#);

fn key() -> String {
    "a1b2c3d4e5f60718293a4b5c6d7e8f90".to_owned()
}

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
            },
        );
    }
    client(UNSEEK, ClientFrame::Unseek);
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
        ServerFrame::Seeking {
            game: Some("blockade:solidarity".into()),
            rated: Some(true),
        },
    );
    server(
        UNSEEKING,
        ServerFrame::Seeking {
            game: None,
            rated: None,
        },
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
            &lobby_state(),
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
            ],
        ),
        ServerFrame::State(RoomState {
            room: room(),
            game: "push".into(),
            start: "s x".into(),
            plies: vec!["a1-a2".into()],
            position: "t o".into(),
            status: "ongoing".into(),
            reason: None,
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
        }),
    );
}

/// A finished rated game of two people (x resigned), as RECORD.
fn resigned_record() -> (String, GameRecord) {
    let seat = |name: &str, before: &str, after: &str| {
        fill(
            RECORD_SEAT,
            &[
                ("NAME", name),
                ("BOOL", "false"),
                ("R", before),
                ("R", after),
            ],
        )
    };
    let text = fill(
        &list_of(RECORD, "PLY"),
        &[
            ROOM,
            ("GAME", r#""maddell""#),
            ("POS", r#""s""#),
            ("LIST", r#""a1","timeout""#),
            ("STATUS", r#""o-wins""#),
            ("REASON", r#""resigned""#),
            ("BOOL", "true"),
            ("SEAT", &seat(r#""Ann_1""#, "1532.75", "1519.0625")),
            ("SEAT", &seat(r#""李雷""#, "1611.5", "1620.125")),
        ],
    );
    let record = GameRecord {
        room: room(),
        game: "maddell".into(),
        start: "s".into(),
        plies: vec!["a1".into(), "timeout".into()],
        status: "o-wins".into(),
        reason: Some("resigned".into()),
        rated: true,
        players: Seats {
            x: Some(RecordSeat {
                name: "Ann_1".into(),
                bot: false,
                before: 1532.75,
                after: 1519.0625,
            }),
            o: Some(RecordSeat {
                name: "李雷".into(),
                bot: false,
                before: 1611.5,
                after: 1620.125,
            }),
        },
    };
    (text, record)
}

#[test]
fn the_records_api_reads_and_writes_as_written() {
    let (record_text, finished) = resigned_record();
    record(&record_text, finished.clone());

    // A friend's room, still on: no seat taken through pairing.
    let friends = fill(
        &list_of(RECORD, "PLY"),
        &[
            ROOM,
            ("GAME", r#""cannon""#),
            ("POS", r#""s""#),
            ("LIST", ""),
            ("STATUS", r#""ongoing""#),
            ("REASON", "null"),
            ("BOOL", "false"),
            ("SEAT", "null"),
            ("SEAT", "null"),
        ],
    );
    record(
        &friends,
        GameRecord {
            room: room(),
            game: "cannon".into(),
            start: "s".into(),
            plies: Vec::new(),
            status: "ongoing".into(),
            reason: None,
            rated: false,
            players: Seats::none(),
        },
    );

    let (ratings_text, ratings) = ratings();
    for (games, list) in [
        (vec![finished.clone()], record_text.clone()),
        (Vec::new(), String::new()),
    ] {
        record(
            &fill(
                &list_of(PLAYER_RECORD, "RECORD"),
                &[
                    ("NAME", r#""Ann_1""#),
                    ("BOOL", "false"),
                    ("RATINGS", &ratings_text),
                    ("LIST", &list),
                ],
            ),
            PlayerRecord {
                name: "Ann_1".into(),
                bot: false,
                ratings: ratings.clone(),
                games,
            },
        );
    }

    let entry = r#"{"name":NAME,"rating":R,"deviation":RD,"games":N}"#;
    let entries = [
        fill(
            entry,
            &[
                ("NAME", r#""李雷""#),
                ("R", "2011.5"),
                ("RD", "45.0"),
                ("N", "312"),
            ],
        ),
        fill(
            entry,
            &[
                ("NAME", r#""Ann_1""#),
                ("R", "1532.75"),
                ("RD", "109.875"),
                ("N", "20"),
            ],
        ),
    ];
    record(
        &fill(
            &list_of(LEADERBOARD, entry),
            &[("GAME", r#""shuangcheng""#), ("LIST", &entries.join(","))],
        ),
        Leaderboard {
            game: "shuangcheng".into(),
            players: vec![
                LeaderboardEntry {
                    name: "李雷".into(),
                    rating: 2011.5,
                    deviation: 45.0,
                    games: 312,
                },
                LeaderboardEntry {
                    name: "Ann_1".into(),
                    rating: 1532.75,
                    deviation: 109.875,
                    games: 20,
                },
            ],
        },
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
    // `unseek` has no field; extra ones are ignored, as for every frame.
    assert_eq!(
        ClientFrame::from_text(r#"{"type":"unseek","game":"push"}"#),
        Ok(ClientFrame::Unseek)
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
        let error = ServerFrame::from_text(&text).expect_err(&text);
        assert!(
            error.to_string().contains(reason),
            "{text}: {error} (wanted {reason})"
        );
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

#[test]
fn the_error_codes_are_the_specs() {
    let names: Vec<_> = ErrorCode::SPEC.iter().map(|c| c.name()).collect();
    assert_eq!(names, SPEC_CODES);
    let names: Vec<_> = ErrorCode::LOBBY.iter().map(|c| c.name()).collect();
    assert_eq!(names, LOBBY_CODES);
    let sent: Vec<_> = ErrorCode::SENT.iter().map(|c| c.name()).collect();
    let mut wanted: Vec<_> = SPEC_CODES.into_iter().chain(LOBBY_CODES).collect();
    wanted.push("unavailable");
    assert_eq!(sent, wanted);
    for name in SPEC_CODES
        .into_iter()
        .chain(LOBBY_CODES)
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
            ClientFrame::Register { .. } => REGISTER,
            ClientFrame::Login { .. } => LOGIN,
            ClientFrame::Seek { .. } => SEEK,
            ClientFrame::Unseek => UNSEEK,
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
            ServerFrame::Seeking { game: Some(_), .. } => SEEKING,
            ServerFrame::Seeking { .. } => UNSEEKING,
            ServerFrame::Paired { .. } => PAIRED,
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
