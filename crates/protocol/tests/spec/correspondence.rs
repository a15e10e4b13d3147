//! correspondence.md's frames: every one as written, and bad ones refused for the right
//! reason.

use super::*;

const ID: (&str, &str) = ("ID", r#""s7Kq2""#);

fn id() -> String {
    "s7Kq2".to_owned()
}

fn days(n: u32) -> Days {
    Days::new(n).expect("one of the six")
}

#[test]
fn days_are_one_of_six() {
    let six: Vec<u32> = Days::ALL.iter().map(|d| d.get()).collect();
    assert_eq!(six, [1, 2, 3, 5, 7, 14]);
    for n in [0, 4, 6, 8, 13, 15, 30, u32::MAX] {
        assert_eq!(Days::new(n), None, "{n}");
    }
}

#[test]
fn every_client_frame_of_correspondence_reads_and_writes_as_written() {
    for (text, n) in [("1", 1), ("14", 14), ("4", 4)] {
        // A client may send any number: the server answers one outside the six `bad-days`.
        client(
            &fill(
                SEEK_DAYS,
                &[("GAME", r#""push""#), ("BOOL", "true"), ("DAYS", text)],
            ),
            ClientFrame::Seek {
                game: "push".into(),
                rated: true,
                days: Some(n),
            },
        );
    }
    // `"days":null` is a live seek, as a seek without `days` is.
    assert_eq!(
        ClientFrame::from_text(r#"{"type":"seek","game":"push","rated":false,"days":null}"#),
        Ok(ClientFrame::Seek {
            game: "push".into(),
            rated: false,
            days: None,
        })
    );
    client(
        &fill(UNSEEK_DAYS, &[ID]),
        ClientFrame::Unseek { seek: Some(id()) },
    );
    client(
        &fill(ACCEPT_SEEK, &[ID]),
        ClientFrame::Accept(Acceptance::Seek(id())),
    );
    client(
        &fill(ACCEPT_CHALLENGE, &[ID]),
        ClientFrame::Accept(Acceptance::Challenge(id())),
    );
    for (text, n) in [("null", None), ("7", Some(7))] {
        client(
            &fill(
                CHALLENGE,
                &[
                    ("NAME", r#""李雷""#),
                    ("GAME", r#""blockade:solidarity""#),
                    ("BOOL", "false"),
                    ("DAYS", text),
                ],
            ),
            ClientFrame::Challenge {
                to: "李雷".into(),
                game: "blockade:solidarity".into(),
                rated: false,
                days: n,
            },
        );
    }
    client(
        &fill(DECLINE, &[ID]),
        ClientFrame::Decline { challenge: id() },
    );
    client(
        &fill(CANCEL, &[ID]),
        ClientFrame::Cancel { challenge: id() },
    );
    client(GAMES, ClientFrame::Games);
}

#[test]
fn bad_client_frames_of_correspondence_are_malformed() {
    for (text, reason) in [
        (r#"{"type":"accept"}"#, "accept names a seek or a challenge"),
        (
            r#"{"type":"accept","seek":"a","challenge":"b"}"#,
            "accept names a seek or a challenge",
        ),
        (
            r#"{"type":"seek","game":"push","rated":true,"days":-1}"#,
            "invalid value: integer `-1`",
        ),
        (
            r#"{"type":"challenge","to":"Ann","game":"push","rated":true}"#,
            "missing field `days`",
        ),
        (r#"{"type":"decline"}"#, "missing field `challenge`"),
        (
            r#"{"type":"cancel","challenge":3}"#,
            "invalid type: integer `3`",
        ),
    ] {
        client_refused(text, reason);
    }
}

#[test]
fn every_server_frame_of_correspondence_reads_and_writes_as_written() {
    server(
        &fill(
            SEEKING_DAYS,
            &[("GAME", r#""cannon""#), ("BOOL", "true"), ("DAYS", "3"), ID],
        ),
        ServerFrame::Seeking(Seeking::Correspondence {
            game: Some("cannon".into()),
            rated: Some(true),
            days: Some(days(3)),
            seek: id(),
        }),
    );
    server(
        &fill(UNSEEKING_DAYS, &[ID]),
        ServerFrame::Seeking(Seeking::Correspondence {
            game: None,
            rated: None,
            days: None,
            seek: id(),
        }),
    );
    server(
        &fill(CHALLENGE_SENT, &[ID]),
        ServerFrame::ChallengeSent { challenge: id() },
    );
    server(
        &fill(DECLINED, &[ID]),
        ServerFrame::Declined { challenge: id() },
    );
    let (challenge_text, challenge) = challenge(false);
    server(&challenge_text, ServerFrame::Challenge(challenge));
    server(
        &fill(
            YOUR_TURN,
            &[
                ROOM,
                ("GAME", r#""maddell""#),
                ("NAME", r#""Ann_1""#),
                ("MS", "129600000"),
            ],
        ),
        ServerFrame::YourTurn {
            room: room(),
            game: "maddell".into(),
            opponent: "Ann_1".into(),
            turn_ms: 129_600_000,
        },
    );
}

/// A live challenge from Ann_1, as the `challenge` frame has it, or in `games` (with `to`).
fn challenge(in_games: bool) -> (String, ChallengeEntry) {
    let mut text = fill(
        CHALLENGED,
        &[
            ID,
            ("NAME", r#""Ann_1""#),
            ("R", "1532.75"),
            ("GAME", r#""push""#),
            ("BOOL", "true"),
            ("DAYS", "null"),
        ],
    );
    let mut entry = ChallengeEntry {
        challenge: id(),
        from: "Ann_1".into(),
        rating: 1532.75,
        game: "push".into(),
        rated: true,
        days: None,
        to: None,
    };
    if in_games {
        // "CHALLENGE as in the `challenge` frame, plus "to":NAME": without the frame's type.
        text = text.replacen(r#""type":"challenge","#, "", 1);
        text = format!(
            "{},\"to\":\"李雷\"}}",
            text.strip_suffix('}').expect("an object")
        );
        entry.to = Some("李雷".into());
    }
    (text, entry)
}

#[test]
fn the_games_frame_reads_and_writes_as_written() {
    let entry = fill(
        GAME_ENTRY,
        &[
            ROOM,
            ("GAME", r#""shuangcheng""#),
            ("SEAT", r#""o""#),
            TOKEN,
            ("NAME", r#""Ann_1""#),
            ("DAYS", "2"),
            ("N", "7"),
            ("BOOL", "true"),
            ("MS", "86399000"),
        ],
    );
    let seek = fill(
        SEEK_ENTRY,
        &[ID, ("GAME", r#""push""#), ("BOOL", "false"), ("DAYS", "14")],
    );
    let (challenge_text, challenge) = challenge(true);
    let template = list_of(
        &list_of(&list_of(YOUR_GAMES, "GAME_ENTRY"), "CHALLENGE"),
        "SEEK",
    );
    // `list_of` names every list LIST: fill them in the order they stand.
    let text = fill(
        &template,
        &[("LIST", &entry), ("LIST", &challenge_text), ("LIST", &seek)],
    );
    server(
        &text,
        ServerFrame::Games(YourGames {
            games: vec![GameEntry {
                room: room(),
                game: "shuangcheng".into(),
                seat: Side::O,
                token: token(),
                opponent: "Ann_1".into(),
                days: Some(days(2)),
                plies: 7,
                your_turn: true,
                turn_ms: 86_399_000,
            }],
            challenges: vec![challenge],
            seeks: vec![SeekEntry {
                seek: id(),
                game: "push".into(),
                rated: false,
                days: days(14),
            }],
        }),
    );
    let empty = fill(&template, &[("LIST", ""), ("LIST", ""), ("LIST", "")]);
    server(&empty, ServerFrame::Games(YourGames::default()));
}

#[test]
fn a_state_and_a_record_carry_days() {
    let text = fill(
        &full_state(),
        &[
            ROOM,
            ("GAME", r#""push""#),
            ("POS", r#""s x""#),
            ("PLY...", ""),
            ("POS", r#""s x""#),
            ("STATUS", r#""ongoing""#),
            ("REASON", "null"),
            ("MS", "431999000"),
            ("BOOL", "false"),
            ("BOOL", "false"),
            ("PLAYER", "null"),
            ("PLAYER", "null"),
            ("BOOL", "true"),
            ("SIDE", "null"),
            ("DAYS", "5"),
        ],
    );
    let frame = ServerFrame::from_text(&text).expect("reads");
    let ServerFrame::State(state) = &frame else {
        panic!("{frame:?}");
    };
    assert_eq!(state.days, Some(days(5)));
    assert_eq!(frame.to_text(), text);
    // A server never writes days outside the six; a client refuses them.
    server_refused(
        &text.replace(r#""days":5"#, r#""days":4"#),
        "4 days per move",
    );
    let (record_text, mut record) = resigned_record();
    record.days = Some(days(1));
    let with_days = record_text.replace(r#""days":null"#, r#""days":1"#);
    assert_eq!(serde_json::to_string(&record).expect("writes"), with_days);
    // A record a server kept before correspondence games reads as a live game's.
    let before = record_text.replace(r#","days":null"#, "");
    let old: GameRecord = serde_json::from_str(&before).expect("reads");
    assert_eq!(old.days, None);
}

#[test]
fn the_seeks_api_reads_and_writes_as_written() {
    let item = r#"{"seek":ID,"name":NAME,"rating":R,"provisional":BOOL,"rated":BOOL,"days":DAYS}"#;
    let one = fill(
        item,
        &[
            ID,
            ("NAME", r#""王小明""#),
            ("R", "1500.0"),
            ("BOOL", "true"),
            ("BOOL", "false"),
            ("DAYS", "7"),
        ],
    );
    for (list, seeks) in [
        (one.clone(), vec![open_seek()]),
        (String::new(), Vec::new()),
    ] {
        record(
            &fill(
                &list_of(OPEN_SEEKS, item),
                &[("GAME", r#""maddell""#), ("LIST", &list)],
            ),
            OpenSeeks {
                game: "maddell".into(),
                seeks,
            },
        );
    }
}

fn open_seek() -> OpenSeek {
    OpenSeek {
        seek: id(),
        name: "王小明".into(),
        rating: 1500.0,
        provisional: true,
        rated: false,
        days: days(7),
    }
}
