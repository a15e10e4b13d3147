//! The frames of `shared/spec/online.md` and `shared/spec/lobby.md`, and the records API's
//! JSON, checked against the specs' own text.
//!
//! Each frame's template is copied verbatim from the spec's tables; its placeholders (`ROOM`,
//! `TOKEN`, `PLY...`) are filled with JSON values, and the result must read as the expected
//! frame and write back to exactly the same text. A field renamed, reordered or retyped in
//! the crate fails here, whichever end it was meant for.
//!
//! The templates and the helpers that fill and check them are here; one module per spec
//! (`online`, `lobby`, the `records` API), and `completeness` checks that no frame type or
//! error code is left out.

mod completeness;
mod correspondence;
mod extensions;
mod lobby;
mod online;
mod records;

use qipan_protocol::{
    Acceptance, ChallengeEntry, ClientFrame, Connected, Days, ErrorCode, GameEntry, GameRating,
    GameRecord, Leaderboard, LeaderboardEntry, OpenSeek, OpenSeeks, PlayerRecord, Ratings,
    RecordSeat, RoomState, SeatName, SeatedPlayer, Seats, SeekEntry, Seeking, ServerFrame, Side,
    SideChoice, YourGames,
};
use qipan_vocab::{EndReason, GameId, RuleOption, Status, Variant};
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
// correspondence.md, verbatim: its tables ("Seeking and browsing", "Challenges", "Your games,
// on any device"), the field it adds to `state` and RECORD, and the seeks API.
const STATE_DAYS: &str = r#""days":DAYS"#;
const SEEK_DAYS: &str = r#"{"type":"seek","game":GAME,"rated":BOOL,"days":DAYS}"#;
const SEEKING_DAYS: &str = r#"{"type":"seeking","game":GAME,"rated":BOOL,"days":DAYS,"seek":ID}"#;
const UNSEEK_DAYS: &str = r#"{"type":"unseek","seek":ID}"#;
const UNSEEKING_DAYS: &str = r#"{"type":"seeking","game":null,"rated":null,"days":null,"seek":ID}"#;
const ACCEPT_SEEK: &str = r#"{"type":"accept","seek":ID}"#;
const OPEN_SEEKS: &str = r#"{"game":GAME,"seeks":[{"seek":ID,"name":NAME,"rating":R,"provisional":BOOL,"rated":BOOL,"days":DAYS},...]}"#;
const CHALLENGE: &str = r#"{"type":"challenge","to":NAME,"game":GAME,"rated":BOOL,"days":DAYS}"#;
const CHALLENGE_SENT: &str = r#"{"type":"challenge-sent","challenge":ID}"#;
const ACCEPT_CHALLENGE: &str = r#"{"type":"accept","challenge":ID}"#;
const DECLINE: &str = r#"{"type":"decline","challenge":ID}"#;
const CANCEL: &str = r#"{"type":"cancel","challenge":ID}"#;
const CHALLENGED: &str = r#"{"type":"challenge","challenge":ID,"from":NAME,"rating":R,"game":GAME,"rated":BOOL,"days":DAYS}"#;
const DECLINED: &str = r#"{"type":"declined","challenge":ID}"#;
const GAMES: &str = r#"{"type":"games"}"#;
const YOUR_GAMES: &str =
    r#"{"type":"games","games":[GAME_ENTRY,...],"challenges":[CHALLENGE,...],"seeks":[SEEK,...]}"#;
const GAME_ENTRY: &str = r#"{"room":ROOM,"game":GAME,"seat":SEAT,"token":TOKEN,"opponent":NAME,"days":DAYS,"plies":N,"your_turn":BOOL,"turn_ms":MS}"#;
const SEEK_ENTRY: &str = r#"{"seek":ID,"game":GAME,"rated":BOOL,"days":DAYS}"#;
const YOUR_TURN: &str =
    r#"{"type":"your-turn","room":ROOM,"game":GAME,"opponent":NAME,"turn_ms":MS}"#;
const RECORD_SEAT: &str = r#"{"name":NAME,"bot":BOOL,"before":R,"after":R}"#;
// This server's additions, in no shared spec (docs/online.md, "Beyond the specs"): the field
// a `state` carries while one seat's rematch request stands, and the frame that declines it.
const STATE_REMATCH: &str = r#""rematch":SIDE"#;
const DECLINE_REMATCH: &str = r#"{"type":"decline-rematch","room":ROOM,"token":TOKEN}"#;

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

/// `state` as the server writes it: online.md's frame with the three fields lobby.md adds
/// and the one correspondence.md adds.
fn full_state() -> String {
    let open = STATE.strip_suffix('}').expect("an object");
    format!("{open},{STATE_ADDS},{STATE_DAYS}}}")
}

/// RECORD as the server writes it: lobby.md's with the field correspondence.md adds.
fn full_record() -> String {
    let open = RECORD.strip_suffix('}').expect("an object");
    format!("{open},{STATE_DAYS}}}")
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

/// A client frame that must not read: serde refuses it for `reason` (so that it is refused
/// for the fault it was written with, not another), and the server answers `malformed`.
fn client_refused(text: &str, reason: &str) {
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

/// A server frame a client must not read, refused for `reason`.
fn server_refused(text: &str, reason: &str) {
    let error = ServerFrame::from_text(text).expect_err(text);
    assert!(
        error.to_string().contains(reason),
        "{text}: {error} (wanted {reason})"
    );
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

/// Blockade with Solidarity, the game id with an option.
fn solidarity() -> Variant {
    Variant::plain(GameId::Blockade).with(RuleOption::Solidarity, true)
}

fn room() -> String {
    "K7MNPQRS".to_owned()
}

fn token() -> String {
    "0f1e2d3c4b5a69788796a5b4c3d2e1f0".to_owned()
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
            solidarity(),
            GameRating {
                rating: 1623.4817,
                deviation: 87.25,
                volatility: 0.0899731,
                games: 14,
            },
        ),
        (
            Variant::plain(GameId::Push),
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
        &list_of(&full_record(), "PLY"),
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
            ("DAYS", "null"),
        ],
    );
    let record = GameRecord {
        room: room(),
        game: Variant::plain(GameId::Maddell),
        start: "s".into(),
        plies: vec!["a1".into(), "timeout".into()],
        status: Status::Win(Side::O, EndReason::Resigned),
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
        days: None,
    };
    (text, record)
}
