//! The wire: the frames of `shared/spec/online.md`, read and written with serde.
//!
//! Reading is total: every text becomes either a [`ClientFrame`] or an [`ErrorCode`], so the
//! socket code never has to decide what a bad frame is.

use serde::{Deserialize, Serialize};

/// The largest frame a client may send, in bytes (the spec's 8 KiB).
pub const MAX_FRAME_BYTES: usize = 8 * 1024;

/// The error codes of the spec. Each is sent to the sender alone and changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    Malformed,
    TooLarge,
    UnknownGame,
    NoSuchRoom,
    BadToken,
    NotYourTurn,
    IllegalMove,
    Stale,
    GameOver,
    RateLimited,
    /// An extension of the spec: storage (SQLite or NATS) could not be read or written, so
    /// nothing was done; the client may try again.
    Unavailable,
}

impl ErrorCode {
    pub const ALL: [ErrorCode; 10] = [
        ErrorCode::Malformed,
        ErrorCode::TooLarge,
        ErrorCode::UnknownGame,
        ErrorCode::NoSuchRoom,
        ErrorCode::BadToken,
        ErrorCode::NotYourTurn,
        ErrorCode::IllegalMove,
        ErrorCode::Stale,
        ErrorCode::GameOver,
        ErrorCode::RateLimited,
    ];

    /// The code as the spec spells it.
    pub fn name(self) -> &'static str {
        match self {
            ErrorCode::Malformed => "malformed",
            ErrorCode::TooLarge => "too-large",
            ErrorCode::UnknownGame => "unknown-game",
            ErrorCode::NoSuchRoom => "no-such-room",
            ErrorCode::BadToken => "bad-token",
            ErrorCode::NotYourTurn => "not-your-turn",
            ErrorCode::IllegalMove => "illegal-move",
            ErrorCode::Stale => "stale",
            ErrorCode::GameOver => "game-over",
            ErrorCode::RateLimited => "rate-limited",
            ErrorCode::Unavailable => "unavailable",
        }
    }

    /// A short sentence for people; clients should key on the code, never on this.
    pub fn default_message(self) -> &'static str {
        match self {
            ErrorCode::Malformed => "the frame is not a JSON object of a known type with its fields",
            ErrorCode::TooLarge => "the frame is larger than 8 KiB",
            ErrorCode::UnknownGame => "no such game id (push, shuangcheng, maddell, blockade, blockade:solidarity, cannon)",
            ErrorCode::NoSuchRoom => "no game has that room code",
            ErrorCode::BadToken => "that token holds no seat of this room",
            ErrorCode::NotYourTurn => "it is not this seat's turn",
            ErrorCode::IllegalMove => "the move does not parse or is not legal in the position",
            ErrorCode::Stale => "the ply number is not the game's ply count",
            ErrorCode::GameOver => "the game is over",
            ErrorCode::RateLimited => "too many frames; slow down",
            ErrorCode::Unavailable => "the server cannot store games just now; try again",
        }
    }
}

/// What the creator asks to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideChoice {
    X,
    O,
    Random,
}

/// A frame from a client. Unknown extra fields are ignored (a newer client may send more).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ClientFrame {
    Create {
        game: String,
        side: SideChoice,
    },
    Join {
        room: String,
    },
    Resume {
        room: String,
        token: String,
    },
    Move {
        room: String,
        token: String,
        ply: u64,
        #[serde(rename = "move")]
        mv: String,
    },
    Resign {
        room: String,
        token: String,
    },
    Rematch {
        room: String,
        token: String,
    },
}

/// Reads one text frame. Size first (a huge frame is never parsed), then JSON and shape.
pub fn parse_client_frame(text: &str) -> Result<ClientFrame, ErrorCode> {
    if text.len() > MAX_FRAME_BYTES {
        return Err(ErrorCode::TooLarge);
    }
    serde_json::from_str(text).map_err(|_| ErrorCode::Malformed)
}

/// Who a `seat` frame gives a place to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatName {
    X,
    O,
    Spectator,
}

/// Which seats have a live connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Connected {
    pub x: bool,
    pub o: bool,
}

/// A frame from the server. Field order follows the spec's table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ServerFrame {
    Seat {
        room: String,
        seat: SeatName,
        token: Option<String>,
    },
    State {
        room: String,
        game: String,
        start: String,
        plies: Vec<String>,
        position: String,
        status: String,
        reason: Option<String>,
        turn_ms: Option<u64>,
        connected: Connected,
    },
    Error {
        code: String,
        message: String,
    },
}

impl ServerFrame {
    pub fn error(code: ErrorCode) -> ServerFrame {
        ServerFrame::Error {
            code: code.name().to_owned(),
            message: code.default_message().to_owned(),
        }
    }

    /// The frame as JSON text. Serialising these plain structs cannot fail; should it ever,
    /// an `error` frame is sent rather than a panic.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| {
            r#"{"type":"error","code":"malformed","message":"internal"}"#.to_owned()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn reads_each_frame_of_the_spec() {
        assert_eq!(
            parse_client_frame(r#"{"type":"create","game":"blockade:solidarity","side":"random"}"#),
            Ok(ClientFrame::Create {
                game: "blockade:solidarity".into(),
                side: SideChoice::Random
            })
        );
        assert_eq!(
            parse_client_frame(r#"{"type":"join","room":"ABCDEFGH"}"#),
            Ok(ClientFrame::Join {
                room: "ABCDEFGH".into()
            })
        );
        assert_eq!(
            parse_client_frame(
                r#"{"type":"move","room":"R","token":"t","ply":3,"move":"bh-c","extra":1}"#
            ),
            Ok(ClientFrame::Move {
                room: "R".into(),
                token: "t".into(),
                ply: 3,
                mv: "bh-c".into()
            })
        );
        for bad in [
            "",
            "null",
            "[]",
            "{}",
            r#"{"type":"fly"}"#,
            r#"{"type":"join"}"#,
            r#"{"type":"join","room":5}"#,
            r#"{"type":"create","game":"push","side":"left"}"#,
            r#"{"type":"move","room":"R","token":"t","ply":-1,"move":"a"}"#,
            r#"{"type":"move","room":"R","token":"t","ply":1.5,"move":"a"}"#,
            r#"{"type":"resume","room":"R","token":null}"#,
        ] {
            assert_eq!(parse_client_frame(bad), Err(ErrorCode::Malformed), "{bad}");
        }
        let big = format!(
            r#"{{"type":"join","room":"{}"}}"#,
            "A".repeat(MAX_FRAME_BYTES)
        );
        assert_eq!(parse_client_frame(&big), Err(ErrorCode::TooLarge));
    }

    #[test]
    fn writes_frames_as_the_spec_spells_them() {
        let seat = ServerFrame::Seat {
            room: "R".into(),
            seat: SeatName::Spectator,
            token: None,
        };
        assert_eq!(
            seat.to_text(),
            r#"{"type":"seat","room":"R","seat":"spectator","token":null}"#
        );
        let error = ServerFrame::error(ErrorCode::NotYourTurn).to_text();
        assert!(error.starts_with(r#"{"type":"error","code":"not-your-turn","message":"#));
    }

    proptest! {
        #[test]
        fn any_text_is_a_frame_or_an_error(text in ".{0,300}") {
            let _ = parse_client_frame(&text);
        }

        #[test]
        fn any_json_object_is_a_frame_or_malformed(
            kind in prop::sample::select(vec!["create", "join", "resume", "move", "resign", "rematch", "x", ""]),
            keys in prop::collection::vec(prop::sample::select(vec!["room", "token", "ply", "move", "game", "side", "type"]), 0..6),
            values in prop::collection::vec(prop_oneof![
                Just(serde_json::Value::Null),
                any::<i64>().prop_map(serde_json::Value::from),
                any::<f64>().prop_map(serde_json::Value::from),
                ".{0,20}".prop_map(serde_json::Value::from),
                Just(serde_json::json!([1, "a"])),
                Just(serde_json::json!({"a": 1})),
            ], 0..6),
        ) {
            let mut object = serde_json::Map::new();
            object.insert("type".into(), kind.into());
            for (key, value) in keys.iter().zip(values) {
                object.insert((*key).to_owned(), value);
            }
            let text = serde_json::Value::Object(object).to_string();
            match parse_client_frame(&text) {
                Ok(_) | Err(ErrorCode::Malformed) | Err(ErrorCode::TooLarge) => {}
                Err(other) => prop_assert!(false, "unexpected {other:?}"),
            }
        }
    }
}
