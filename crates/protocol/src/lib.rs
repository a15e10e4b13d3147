//! The wire of "Play online": the WebSocket frames of `shared/spec/online.md` and of
//! `shared/spec/lobby.md` (players, seeks, fair play), their error codes and limits, and the
//! records API's JSON, written once for both ends.
//!
//! `qipan-server` reads [`ClientFrame`]s and writes [`ServerFrame`]s; the app's session
//! (`qipan-session`, also built for the web) does the opposite. Both used to spell the frames
//! themselves, and a field renamed on one side only would have compiled. Tools outside the
//! project check the frames byte for byte, so the tests of this crate hold the spec's
//! examples verbatim.
//!
//! Plain data and serde only: no engine, no async runtime, no window.

use qipan_vocab::{variant_id, variant_map, Status, StatusError, Variant};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;

/// The largest frame a client may send, in bytes (the spec's 8 KiB).
pub const MAX_FRAME_BYTES: usize = 8 * 1024;

/// A turn's length in the spec (60 seconds): what a `state` frame's `turn_ms` counts down
/// from. A server may be started with another (tests), a client assumes this one.
pub const TURN_MS: u64 = 60_000;

/// The letters of room codes: A–Z without I, L and O, which read like 1, 1 and 0.
///
/// The spec leaves the format to the server ("for example 8 letters"); this is Qipan's.
pub const ROOM_CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ";

/// Room codes are this many letters (23^8 ≈ 7.8e10 codes).
pub const ROOM_CODE_LEN: usize = 8;

/// A room code as a person may type it, tidied the way both ends read it: spaces around
/// dropped, letters upper case. It may still be no code at all (see [`normalize_room_code`]).
pub fn tidy_room_code(text: &str) -> String {
    text.trim().to_ascii_uppercase()
}

/// Reads a room code as a person may type it (any case, spaces around): `None` when it
/// cannot be one, so that nothing odd ever reaches a storage key.
pub fn normalize_room_code(text: &str) -> Option<String> {
    let code = tidy_room_code(text);
    (code.len() == ROOM_CODE_LEN && code.bytes().all(|b| ROOM_CODE_ALPHABET.contains(&b)))
        .then_some(code)
}

/// How many characters a player's name has (lobby.md).
pub const NAME_LENGTH: std::ops::RangeInclusive<usize> = 3..=20;

/// Whether `text` may be a player's name (lobby.md): 3 to 20 characters, each a letter of
/// any script, a digit, `_` or `-`. Both ends check it: the app before it sends a name, the
/// server when one arrives (`bad-name`).
///
/// A letter is a character with Unicode's Alphabetic property: the letters of every script,
/// and the vowel signs that scripts such as Devanagari need to write a name at all
/// (`राम`). A digit is 0 to 9 only, so that no look-alike digit of another script makes a
/// second `Ann_1`. Characters are Unicode scalar values; no combining accent is a letter,
/// so a decomposed `é` (e + U+0301) is refused and the precomposed one accepted.
pub fn is_valid_name(text: &str) -> bool {
    let allowed = |c: char| c.is_alphabetic() || c.is_ascii_digit() || c == '_' || c == '-';
    NAME_LENGTH.contains(&text.chars().count()) && text.chars().all(allowed)
}

/// Whether two names are the same player's: names are told apart without regard to case
/// (`Ann` and `ann` are one player), as the server keys them.
pub fn same_name(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

/// A player's key as text: 128 random bits as 32 lowercase hex digits.
pub const KEY_HEX_DIGITS: usize = 32;

/// Reads a key as a person may type or paste it (any case; spaces, line breaks and `-`
/// anywhere, so that it may be shown in groups): `None` when it cannot be a key, which the
/// server answers with `bad-key` without looking anything up.
pub fn normalize_key(text: &str) -> Option<String> {
    let key: String = text
        .chars()
        .filter(|c| !(c.is_whitespace() || *c == '-'))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    (key.len() == KEY_HEX_DIGITS && key.bytes().all(|b| b.is_ascii_hexdigit())).then_some(key)
}

/// A rating whose deviation is above this is provisional (lobby.md): shown with `?`, kept
/// off the leaderboard.
pub const PROVISIONAL_ABOVE: f64 = 110.0;

/// The error codes of the spec, plus Qipan's one extension. Each is sent to the sender alone
/// and means nothing changed.
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
    // lobby.md's codes.
    BadName,
    NameTaken,
    BadKey,
    /// A `seek` from a connection that is no player's.
    NotLoggedIn,
    /// A `seek` from a player whose paired game is not over.
    Busy,
    CannotAbort,
    CannotClaim,
    // correspondence.md's codes.
    /// DAYS not one of 1, 2, 3, 5, 7, 14.
    BadDays,
    /// A player's 51st correspondence game.
    TooManyGames,
    /// `accept` of the player's own seek.
    OwnSeek,
    /// `accept` or `unseek` of a seek that is not open.
    NoSuchSeek,
    /// A challenge to oneself.
    OwnChallenge,
    /// A challenge to a name nobody has, or to the computer.
    NoSuchPlayer,
    /// A challenge unknown, lapsed, or not the sender's to accept, decline or cancel.
    NoSuchChallenge,
    /// A player's 21st open correspondence challenge.
    TooManyChallenges,
    /// An extension of the spec: storage (SQLite or NATS) could not be read or written, so
    /// nothing was done; the client may try again.
    Unavailable,
    /// A code this build does not know (a newer server). Read rather than refused, so that a
    /// client still learns its frame was turned down; never sent.
    Unrecognized,
}

impl ErrorCode {
    /// The spec's codes, in its order.
    pub const SPEC: [ErrorCode; 10] = [
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

    /// The codes `lobby.md` adds, in its order.
    pub const LOBBY: [ErrorCode; 7] = [
        ErrorCode::BadName,
        ErrorCode::NameTaken,
        ErrorCode::BadKey,
        ErrorCode::NotLoggedIn,
        ErrorCode::Busy,
        ErrorCode::CannotAbort,
        ErrorCode::CannotClaim,
    ];

    /// The codes `correspondence.md` adds, in its order.
    pub const CORRESPONDENCE: [ErrorCode; 8] = [
        ErrorCode::BadDays,
        ErrorCode::TooManyGames,
        ErrorCode::OwnSeek,
        ErrorCode::NoSuchSeek,
        ErrorCode::OwnChallenge,
        ErrorCode::NoSuchPlayer,
        ErrorCode::NoSuchChallenge,
        ErrorCode::TooManyChallenges,
    ];

    /// Every code a Qipan server may send: the three specs' and [`ErrorCode::Unavailable`].
    pub const SENT: [ErrorCode;
        Self::SPEC.len() + Self::LOBBY.len() + Self::CORRESPONDENCE.len() + 1] = {
        const LISTS: [&[ErrorCode]; 3] = [
            &ErrorCode::SPEC,
            &ErrorCode::LOBBY,
            &ErrorCode::CORRESPONDENCE,
        ];
        let mut sent = [ErrorCode::Unavailable;
            ErrorCode::SPEC.len() + ErrorCode::LOBBY.len() + ErrorCode::CORRESPONDENCE.len() + 1];
        let mut i = 0;
        let mut list = 0;
        while list < LISTS.len() {
            let mut j = 0;
            while j < LISTS[list].len() {
                sent[i] = LISTS[list][j];
                i += 1;
                j += 1;
            }
            list += 1;
        }
        sent
    };

    /// The code as the spec spells it: the one place the wire names are written.
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
            ErrorCode::BadName => "bad-name",
            ErrorCode::NameTaken => "name-taken",
            ErrorCode::BadKey => "bad-key",
            ErrorCode::NotLoggedIn => "not-logged-in",
            ErrorCode::Busy => "busy",
            ErrorCode::CannotAbort => "cannot-abort",
            ErrorCode::CannotClaim => "cannot-claim",
            ErrorCode::BadDays => "bad-days",
            ErrorCode::TooManyGames => "too-many-games",
            ErrorCode::OwnSeek => "own-seek",
            ErrorCode::NoSuchSeek => "no-such-seek",
            ErrorCode::OwnChallenge => "own-challenge",
            ErrorCode::NoSuchPlayer => "no-such-player",
            ErrorCode::NoSuchChallenge => "no-such-challenge",
            ErrorCode::TooManyChallenges => "too-many-challenges",
            ErrorCode::Unavailable => "unavailable",
            ErrorCode::Unrecognized => "unrecognized",
        }
    }

    /// The code a wire name stands for, among those a server sends.
    pub fn from_name(name: &str) -> Option<ErrorCode> {
        ErrorCode::SENT.into_iter().find(|code| code.name() == name)
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
            ErrorCode::RateLimited => "too many frames or registrations; slow down",
            ErrorCode::BadName => "a name is 3 to 20 letters, digits, _ or -",
            ErrorCode::NameTaken => "that name is taken (ignoring case)",
            ErrorCode::BadKey => "no player has that key",
            ErrorCode::NotLoggedIn => "register or log in first",
            ErrorCode::Busy => "finish the paired game first",
            ErrorCode::CannotAbort => "a game can be aborted only before its second ply",
            ErrorCode::CannotClaim => "the other player has not lost a turn since leaving, or the game has days per move",
            ErrorCode::BadDays => "days per move are 1, 2, 3, 5, 7 or 14",
            ErrorCode::TooManyGames => "a player has at most 50 correspondence games going",
            ErrorCode::OwnSeek => "that seek is your own",
            ErrorCode::NoSuchSeek => "no open seek has that id",
            ErrorCode::OwnChallenge => "you cannot challenge yourself",
            ErrorCode::NoSuchPlayer => "no player has that name (the computer takes no challenge)",
            ErrorCode::NoSuchChallenge => "no open challenge of yours has that id",
            ErrorCode::TooManyChallenges => "a player has at most 20 open correspondence challenges",
            ErrorCode::Unavailable => "the server cannot store games just now; try again",
            ErrorCode::Unrecognized => "the server refused for a reason this app does not know",
        }
    }
}

/// Written through [`ErrorCode::name`], so that serde and the names cannot disagree.
impl Serialize for ErrorCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            ErrorCode::Unrecognized => Err(serde::ser::Error::custom(
                "an unrecognized error code is never sent",
            )),
            code => serializer.serialize_str(code.name()),
        }
    }
}

/// Any string reads (an unknown one as [`ErrorCode::Unrecognized`]); anything else is refused.
impl<'de> Deserialize<'de> for ErrorCode {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ErrorCode, D::Error> {
        let name = String::deserialize(deserializer)?;
        Ok(ErrorCode::from_name(&name).unwrap_or(ErrorCode::Unrecognized))
    }
}

/// What the creator of a game asks to play (`create`'s `side`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideChoice {
    X,
    O,
    Random,
}

/// Who a `seat` frame gives a place to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatName {
    X,
    O,
    Spectator,
}

/// Days per move of a correspondence game (correspondence.md): 1, 2, 3, 5, 7 or 14.
///
/// Frames carry the number as it came (`days`), so that a server answers one outside the six
/// with `bad-days` rather than `malformed`; [`Days::new`] is where it is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Days(u32);

impl Days {
    /// The six lengths a correspondence game may have, shortest first.
    pub const ALL: [Days; 6] = [Days(1), Days(2), Days(3), Days(5), Days(7), Days(14)];

    /// `days` if it is one of the six.
    pub fn new(days: u32) -> Option<Days> {
        Days::ALL.into_iter().find(|d| d.0 == days)
    }

    pub fn get(self) -> u32 {
        self.0
    }
}

/// A server's frames are read by [`Days::new`]: a number outside the six does not read.
impl<'de> Deserialize<'de> for Days {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Days, D::Error> {
        let days = u32::deserialize(deserializer)?;
        Days::new(days).ok_or_else(|| serde::de::Error::custom(format!("{days} days per move")))
    }
}

/// One of a game's two seats: where a `paired` frame seats a player, whose draw offer
/// stands. The vocabulary's side, whose serde form is the wire's `"x"` / `"o"`.
pub use qipan_vocab::Side;

/// The game a client asks for (`create`'s and `seek`'s `game`): a game id with its option,
/// or a text that names no game. Any string reads, so that a frame naming an unknown game
/// is still a frame, answered `unknown-game` as the spec says, not `malformed`; what the
/// client wrote is written back as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RequestedGame {
    Known(Variant),
    /// The text as sent: no game this build knows.
    Unknown(String),
}

impl RequestedGame {
    /// The game asked for, or the `unknown-game` that answers a text naming none.
    pub fn variant(&self) -> Result<Variant, ErrorCode> {
        match self {
            RequestedGame::Known(variant) => Ok(*variant),
            RequestedGame::Unknown(_) => Err(ErrorCode::UnknownGame),
        }
    }
}

impl From<Variant> for RequestedGame {
    fn from(variant: Variant) -> RequestedGame {
        RequestedGame::Known(variant)
    }
}

/// Reads a game id as a client writes it.
impl From<&str> for RequestedGame {
    fn from(text: &str) -> RequestedGame {
        Variant::parse(text).map_or_else(
            |_| RequestedGame::Unknown(text.to_owned()),
            RequestedGame::Known,
        )
    }
}

impl Serialize for RequestedGame {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            RequestedGame::Known(variant) => variant_id::serialize(variant, serializer),
            RequestedGame::Unknown(text) => serializer.serialize_str(text),
        }
    }
}

impl<'de> Deserialize<'de> for RequestedGame {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RequestedGame, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Ok(RequestedGame::from(text.as_ref()))
    }
}

/// A frame from a client. Unknown extra fields are ignored (a newer client may send more).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ClientFrame {
    Create {
        /// A game id with its option (`blockade:solidarity`).
        game: RequestedGame,
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
        /// How many plies the game had before this move.
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
    /// Declines the other seat's rematch request, or withdraws one's own: the request is
    /// gone (the room's `rematch` is absent again) and its asker is told by the `state`.
    /// Not in online.md; this server's answer to "the opponent sees 'wants a rematch' with
    /// Accept and Decline" (issue 43). Accept is `rematch`.
    #[serde(rename = "decline-rematch")]
    DeclineRematch {
        room: String,
        token: String,
    },
    /// A new player named `name` (lobby.md).
    Register {
        name: String,
    },
    /// This connection plays as the player whose key this is.
    Login {
        key: String,
    },
    /// Pair me for `game` (with its option), rated or casual. Without `days` (or with
    /// `null`) a live seek, which replaces any earlier one; with `days`, a correspondence
    /// seek (correspondence.md), which outlives the connection.
    Seek {
        game: RequestedGame,
        rated: bool,
        /// As sent: a server checks it with [`Days::new`] (`bad-days`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        days: Option<u32>,
    },
    /// Withdraws the live seek, or with `seek`, the correspondence seek of that id.
    Unseek {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seek: Option<String>,
    },
    /// Takes another player's open correspondence seek, or accepts a challenge made to
    /// this player: exactly one of the two.
    Accept(Acceptance),
    /// Challenges the player `to` (correspondence.md); `days` is `null` for a live game.
    Challenge {
        to: String,
        game: RequestedGame,
        rated: bool,
        #[serde(deserialize_with = "present")]
        days: Option<u32>,
    },
    /// The challenged player refuses a challenge.
    Decline {
        challenge: String,
    },
    /// The challenger withdraws a challenge.
    Cancel {
        challenge: String,
    },
    /// The logged-in player's games, seeks and challenges.
    Games,
    /// Ends the game unrated while fewer than 2 plies are played.
    Abort {
        room: String,
        token: String,
    },
    /// Offers a draw, or accepts the other side's offer.
    Draw {
        room: String,
        token: String,
    },
    /// Wins a game the other player walked away from.
    Claim {
        room: String,
        token: String,
    },
}

/// What an `accept` frame takes: a seek or a challenge, named by its id. On the wire one
/// field, `seek` or `challenge`; a frame with both or neither is `malformed`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "AcceptFields", into = "AcceptFields")]
pub enum Acceptance {
    Seek(String),
    Challenge(String),
}

/// `accept`'s fields as written.
#[derive(Serialize, Deserialize)]
struct AcceptFields {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seek: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    challenge: Option<String>,
}

impl TryFrom<AcceptFields> for Acceptance {
    type Error = &'static str;

    fn try_from(fields: AcceptFields) -> Result<Acceptance, &'static str> {
        match (fields.seek, fields.challenge) {
            (Some(seek), None) => Ok(Acceptance::Seek(seek)),
            (None, Some(challenge)) => Ok(Acceptance::Challenge(challenge)),
            _ => Err("accept names a seek or a challenge"),
        }
    }
}

impl From<Acceptance> for AcceptFields {
    fn from(acceptance: Acceptance) -> AcceptFields {
        match acceptance {
            Acceptance::Seek(seek) => AcceptFields {
                seek: Some(seek),
                challenge: None,
            },
            Acceptance::Challenge(challenge) => AcceptFields {
                seek: None,
                challenge: Some(challenge),
            },
        }
    }
}

impl ClientFrame {
    /// Reads one text frame. Total: every text is a frame or the code to answer it with.
    /// Size comes first, so that a huge frame is never parsed.
    pub fn from_text(text: &str) -> Result<ClientFrame, ErrorCode> {
        if text.len() > MAX_FRAME_BYTES {
            return Err(ErrorCode::TooLarge);
        }
        if !is_object(text) {
            return Err(ErrorCode::Malformed);
        }
        serde_json::from_str(text).map_err(|_| ErrorCode::Malformed)
    }
}

/// Whether the text starts as a JSON object. serde reads a tagged enum from an array too
/// (`["join","ABCDEFGH"]`), but the spec's frames are objects with a `type`.
fn is_object(text: &str) -> bool {
    text.trim_start_matches([' ', '\t', '\n', '\r'])
        .starts_with('{')
}

/// A field that may be `null` but must be there: serde would read a missing `Option` as
/// `None`, and the spec's frames always carry every field.
fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer)
}

/// Which seats have a live connection.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Connected {
    pub x: bool,
    pub o: bool,
}

/// A room's game as the server holds it: the body of a `state` frame. Field order is the
/// spec's, and so is the order on the wire.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "StateFields")]
pub struct RoomState {
    pub room: String,
    /// The game id with its option, as in `create`.
    #[serde(with = "variant_id")]
    pub game: Variant,
    pub start: String,
    pub plies: Vec<String>,
    /// The position after `plies`.
    pub position: String,
    /// The fields `status` (`ongoing`, `x-wins`, `o-wins`, `draw` or `aborted`) and
    /// `reason` (`null` while the game is on; else the rule's reason, or the server's:
    /// `resigned`, `agreed`, `abandoned`, `aborted`).
    #[serde(flatten)]
    pub status: Status,
    /// What is left of the turn; `None` once the game is over.
    #[serde(deserialize_with = "present")]
    pub turn_ms: Option<u64>,
    pub connected: Connected,
    /// Who sits where, for seats taken through pairing (lobby.md); both `None` in a
    /// friend's room.
    pub players: Seats<SeatedPlayer>,
    /// Whether the game is rated (never in a friend's room).
    pub rated: bool,
    /// The side whose draw offer stands.
    #[serde(deserialize_with = "present")]
    pub offer: Option<Side>,
    /// Days per move of a correspondence game; `None` for a live one (correspondence.md).
    pub days: Option<Days>,
    /// The side whose rematch request stands once the game is over, so the other player
    /// can be asked. Absent from the frame when nobody asked: online.md's `state` has no
    /// such field, and a frame is the spec's exactly until a seat asks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<Side>,
}

/// A `state` frame's fields as the spec's table lists them, `status` and `reason` as two:
/// how a [`RoomState`] is read. serde reads a flattened field after all the others, so a
/// frame missing `reason` and a later field would be refused for the later one; read in
/// the table's order, a frame is refused for its first missing field, as it always was.
#[derive(Deserialize)]
struct StateFields {
    room: String,
    #[serde(with = "variant_id")]
    game: Variant,
    start: String,
    plies: Vec<String>,
    position: String,
    status: String,
    #[serde(deserialize_with = "present")]
    reason: Option<String>,
    #[serde(deserialize_with = "present")]
    turn_ms: Option<u64>,
    connected: Connected,
    players: Seats<SeatedPlayer>,
    rated: bool,
    #[serde(deserialize_with = "present")]
    offer: Option<Side>,
    /// Missing in a state from a server before correspondence.md: a live room's.
    #[serde(default)]
    days: Option<Days>,
    #[serde(default)]
    rematch: Option<Side>,
}

impl TryFrom<StateFields> for RoomState {
    type Error = StatusError;

    fn try_from(fields: StateFields) -> Result<RoomState, StatusError> {
        Ok(RoomState {
            status: Status::from_wire(&fields.status, fields.reason.as_deref())?,
            room: fields.room,
            game: fields.game,
            start: fields.start,
            plies: fields.plies,
            position: fields.position,
            turn_ms: fields.turn_ms,
            connected: fields.connected,
            players: fields.players,
            rated: fields.rated,
            offer: fields.offer,
            days: fields.days,
            rematch: fields.rematch,
        })
    }
}

/// A value for each seat, `null` where there is none. Both fields are always on the wire.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(deserialize = "T: Deserialize<'de>"))]
pub struct Seats<T> {
    #[serde(deserialize_with = "present")]
    pub x: Option<T>,
    #[serde(deserialize_with = "present")]
    pub o: Option<T>,
}

impl<T> Seats<T> {
    /// Neither seat taken through pairing: a friend's room.
    pub fn none() -> Seats<T> {
        Seats { x: None, o: None }
    }

    pub fn get(&self, side: Side) -> Option<&T> {
        match side {
            Side::X => self.x.as_ref(),
            Side::O => self.o.as_ref(),
        }
    }
}

/// A paired seat's player in a `state` frame: `rating` is theirs in the game when it began.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatedPlayer {
    pub name: String,
    pub rating: f64,
    pub bot: bool,
}

/// One player's Glicko-2 rating in one game id, as stored (unrounded, RD not grown).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// The player's rated games of this game id.
    pub games: u64,
}

impl GameRating {
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_ABOVE
    }
}

/// RATINGS: every game id (with its option) to the player's rating in it. Keys sorted by
/// their ids, so the same ratings always write the same text. A field of this type is
/// written with the ids as keys: `#[serde(with = "variant_map")]`.
pub type Ratings = BTreeMap<Variant, GameRating>;

/// A frame from the server. Field order follows the spec's table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ServerFrame {
    Seat {
        room: String,
        seat: SeatName,
        /// The seat's secret; `None` (`null`) for a spectator.
        #[serde(deserialize_with = "present")]
        token: Option<String>,
    },
    State(RoomState),
    /// The answer to `register` and `login`, to that connection alone (it holds the key).
    Player {
        name: String,
        key: String,
        #[serde(with = "variant_map")]
        ratings: Ratings,
    },
    /// The answer to `seek` and `unseek`.
    Seeking(Seeking),
    /// A seek was paired: the seat is held as after a `seat` frame; `state` follows.
    Paired {
        room: String,
        seat: Side,
        token: String,
    },
    Error {
        code: ErrorCode,
        message: String,
    },
    /// A challenge made to this player, on their every connection.
    Challenge(ChallengeEntry),
    /// The answer to `challenge`.
    #[serde(rename = "challenge-sent")]
    ChallengeSent {
        challenge: String,
    },
    /// The challenged player declined the challenger's `challenge`.
    Declined {
        challenge: String,
    },
    /// The answer to `games`: the player's every game not over, challenge and seek.
    Games(YourGames),
    /// A correspondence game waits for this player's move.
    #[serde(rename = "your-turn")]
    YourTurn {
        room: String,
        #[serde(with = "variant_id")]
        game: Variant,
        opponent: String,
        turn_ms: u64,
    },
}

/// The answer to `seek` and `unseek`: a live seek's (lobby.md) has `game` and `rated`
/// only, a correspondence seek's (correspondence.md) also `days` and its id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged, try_from = "SeekingFields")]
pub enum Seeking {
    /// `game`, `rated` and `days` are `None` for a withdrawn seek.
    Correspondence {
        #[serde(with = "variant_id::option")]
        game: Option<Variant>,
        #[serde(deserialize_with = "present")]
        rated: Option<bool>,
        #[serde(deserialize_with = "present")]
        days: Option<Days>,
        seek: String,
    },
    /// Both `None` once the seek is withdrawn.
    Live {
        #[serde(with = "variant_id::option")]
        game: Option<Variant>,
        #[serde(deserialize_with = "present")]
        rated: Option<bool>,
    },
}

/// `seeking`'s fields as written: `days` and `seek` both there (`days` may be `null`) for
/// a correspondence seek, both missing for a live one. Read through this rather than as an
/// untagged enum, so that a bad frame is refused for its own fault.
#[derive(Deserialize)]
struct SeekingFields {
    #[serde(with = "variant_id::option")]
    game: Option<Variant>,
    #[serde(deserialize_with = "present")]
    rated: Option<bool>,
    #[serde(default, deserialize_with = "given")]
    days: Option<Option<Days>>,
    #[serde(default)]
    seek: Option<String>,
}

/// A field that may be `null`, read as `Some(None)` when it is, `None` when it is missing
/// (with `#[serde(default)]`).
fn given<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

impl TryFrom<SeekingFields> for Seeking {
    type Error = &'static str;

    fn try_from(fields: SeekingFields) -> Result<Seeking, &'static str> {
        let SeekingFields {
            game,
            rated,
            days,
            seek,
        } = fields;
        match (days, seek) {
            (Some(days), Some(seek)) => Ok(Seeking::Correspondence {
                game,
                rated,
                days,
                seek,
            }),
            (None, None) => Ok(Seeking::Live { game, rated }),
            _ => Err("a correspondence seek's answer has both days and seek"),
        }
    }
}

/// A challenge as `challenge` and `games` carry it. `to` is in `games` only (the
/// `challenge` frame goes to the challenged player, who needs no telling).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChallengeEntry {
    pub challenge: String,
    pub from: String,
    /// The challenger's rating in `game`.
    pub rating: f64,
    #[serde(with = "variant_id")]
    pub game: Variant,
    pub rated: bool,
    #[serde(deserialize_with = "present")]
    pub days: Option<Days>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
}

/// The body of a `games` frame.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct YourGames {
    /// The games whose turn is the player's first, then by `turn_ms`, least first.
    pub games: Vec<GameEntry>,
    pub challenges: Vec<ChallengeEntry>,
    pub seeks: Vec<SeekEntry>,
}

/// One of a player's games not over, with the seat's token (only ever to the player's own
/// connections).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameEntry {
    pub room: String,
    #[serde(with = "variant_id")]
    pub game: Variant,
    pub seat: Side,
    pub token: String,
    pub opponent: String,
    #[serde(deserialize_with = "present")]
    pub days: Option<Days>,
    pub plies: u64,
    pub your_turn: bool,
    pub turn_ms: u64,
}

/// One of a player's open correspondence seeks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeekEntry {
    pub seek: String,
    #[serde(with = "variant_id")]
    pub game: Variant,
    pub rated: bool,
    pub days: Days,
}

/// `GET /api/seeks/GAME`: the open correspondence seeks of one game id, oldest first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpenSeeks {
    #[serde(with = "variant_id")]
    pub game: Variant,
    pub seeks: Vec<OpenSeek>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpenSeek {
    pub seek: String,
    pub name: String,
    pub rating: f64,
    pub provisional: bool,
    pub rated: bool,
    pub days: Days,
}

impl ServerFrame {
    /// The `error` frame of `code`, with its default message.
    pub fn error(code: ErrorCode) -> ServerFrame {
        ServerFrame::Error {
            code,
            message: code.default_message().to_owned(),
        }
    }

    /// The frame as JSON text. Only [`ErrorCode::Unrecognized`] fails to serialise; should
    /// anything ever fail, a `malformed` error frame is sent rather than a panic.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| {
            r#"{"type":"error","code":"malformed","message":"internal"}"#.to_owned()
        })
    }

    /// Reads a frame the server sent; the error says what did not read (for the log).
    pub fn from_text(text: &str) -> Result<ServerFrame, serde_json::Error> {
        if !is_object(text) {
            return Err(serde::de::Error::custom("a frame is a JSON object"));
        }
        serde_json::from_str(text)
    }
}

/// How many finished games `GET /api/players/NAME` lists, newest first.
pub const PLAYER_RECORDS: usize = 50;

/// How many players `GET /api/leaderboard/GAME` lists, best first.
pub const LEADERBOARD_LENGTH: usize = 100;

/// `GET /api/players/NAME`: a player, their ratings and their last finished games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerRecord {
    pub name: String,
    pub bot: bool,
    #[serde(with = "variant_map")]
    pub ratings: Ratings,
    /// At most [`PLAYER_RECORDS`], newest first.
    pub games: Vec<GameRecord>,
}

/// `GET /api/leaderboard/GAME`: the best established ratings of people in one game id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leaderboard {
    #[serde(with = "variant_id")]
    pub game: Variant,
    /// At most [`LEADERBOARD_LENGTH`], best first; no provisional rating, no computer.
    pub players: Vec<LeaderboardEntry>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderboardEntry {
    pub name: String,
    pub rating: f64,
    pub deviation: f64,
    pub games: u64,
}

/// RECORD: one room's game as `GET /api/games/ROOM` and a player's list give it. It never
/// holds a key or a token.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub room: String,
    #[serde(with = "variant_id")]
    pub game: Variant,
    pub start: String,
    pub plies: Vec<String>,
    /// `status` and `reason`, as in a `state` frame.
    #[serde(flatten)]
    pub status: Status,
    pub rated: bool,
    pub players: Seats<RecordSeat>,
    /// Days per move of a correspondence game; `None` for a live one.
    #[serde(default)]
    pub days: Option<Days>,
}

/// A paired seat in a RECORD: the rating in the game before it and after it (`after` equals
/// `before` until a rated game ends).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordSeat {
    pub name: String,
    pub bot: bool,
    pub before: f64,
    pub after: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn room_codes_are_read_as_typed() {
        assert_eq!(
            normalize_room_code(" abcdefgh ").as_deref(),
            Some("ABCDEFGH")
        );
        assert_eq!(normalize_room_code("ABCDEFGI"), None);
        assert_eq!(normalize_room_code("ABC"), None);
        assert_eq!(normalize_room_code("ÄBCDEFGH"), None);
        assert_eq!(tidy_room_code(" k7m2 "), "K7M2");
        assert_eq!(ROOM_CODE_ALPHABET.len(), 23);
    }

    #[test]
    fn keys_are_read_as_typed() {
        let key = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";
        assert_eq!(normalize_key(key).as_deref(), Some(key));
        assert_eq!(
            normalize_key(" 0F1E-2D3C 4B5A-6978\n8796 A5B4 C3D2 E1F0 ").as_deref(),
            Some(key)
        );
        assert_eq!(normalize_key(&key[1..]), None, "31 digits");
        assert_eq!(normalize_key(&format!("{key}0")), None, "33 digits");
        assert_eq!(normalize_key(&key.replace('f', "g")), None, "not hex");
        assert_eq!(
            normalize_key("٠".repeat(32).as_str()),
            None,
            "not ASCII digits"
        );
    }

    #[test]
    fn names_are_3_to_20_letters_digits_underscores_or_hyphens() {
        for good in [
            "Ann",
            "ann_1-x",
            "a-b",
            "___",
            "123",
            "a".repeat(20).as_str(),
            "王小明",
            "Δημήτρης",
            "Мария",
            "राम",
            "محمد",
            "ÉLODIE",
            "Ǆemal",
            "ᏣᎳᎩ",
        ] {
            assert!(is_valid_name(good), "{good}");
        }
        for bad in [
            "",
            "ab",
            "王",
            "a".repeat(21).as_str(),
            "王".repeat(21).as_str(),
            "Ann Lee",
            " Ann",
            "Ann\n",
            "a.b",
            "a@b",
            "a+b",
            "ann!",
            "😀😀😀",
            "ab😀",
            "e\u{301}le",
            "ab\u{200b}",
            "ab\u{0}",
            "١٢٣",
            "１２３",
            "ab/",
            "ab'",
        ] {
            assert!(!is_valid_name(bad), "{bad:?}");
        }
        // Characters, not bytes: 20 Greek letters are 40 bytes.
        assert!(is_valid_name(&"λ".repeat(20)));
        assert!(!is_valid_name("λλ"));
    }

    #[test]
    fn provisional_is_above_110() {
        let rating = |deviation| GameRating {
            rating: 1500.0,
            deviation,
            volatility: 0.09,
            games: 3,
        };
        assert!(!rating(110.0).is_provisional());
        assert!(rating(110.000_001).is_provisional());
        assert!(rating(500.0).is_provisional());
    }

    #[test]
    fn a_frame_too_large_is_never_parsed() {
        let big = format!(
            r#"{{"type":"join","room":"{}"}}"#,
            "A".repeat(MAX_FRAME_BYTES)
        );
        assert_eq!(ClientFrame::from_text(&big), Err(ErrorCode::TooLarge));
        // Exactly 8 KiB is allowed.
        let padding = MAX_FRAME_BYTES - r#"{"type":"join","room":""}"#.len();
        let fits = format!(r#"{{"type":"join","room":"{}"}}"#, "A".repeat(padding));
        assert_eq!(fits.len(), MAX_FRAME_BYTES);
        assert!(ClientFrame::from_text(&fits).is_ok());
    }

    /// A frame naming a game this build does not know still reads, so that the server
    /// answers `unknown-game`; what the client wrote is written back as it was.
    #[test]
    fn an_unknown_game_reads_and_is_answered_unknown_game() {
        for (text, game) in [
            (
                r#"{"type":"seek","game":"chess","rated":true}"#,
                RequestedGame::Unknown("chess".into()),
            ),
            (
                r#"{"type":"seek","game":"blockade:solidarity","rated":true}"#,
                RequestedGame::Known(Variant::parse("blockade:solidarity").expect("a game id")),
            ),
        ] {
            let frame = ClientFrame::from_text(text).expect("a frame");
            assert_eq!(
                frame,
                ClientFrame::Seek {
                    game: game.clone(),
                    rated: true,
                    days: None,
                }
            );
            assert_eq!(serde_json::to_string(&frame).ok().as_deref(), Some(text));
        }
        assert_eq!(
            RequestedGame::from("Push").variant(),
            Err(ErrorCode::UnknownGame)
        );
        let create = r#"{"type":"create","game":"","side":"x"}"#;
        assert!(matches!(
            ClientFrame::from_text(create),
            Ok(ClientFrame::Create {
                game: RequestedGame::Unknown(_),
                ..
            })
        ));
        // A game that is not a string is still malformed.
        let create = r#"{"type":"create","game":5,"side":"x"}"#;
        assert_eq!(ClientFrame::from_text(create), Err(ErrorCode::Malformed));
    }

    #[test]
    fn an_unrecognized_code_is_read_but_never_written() {
        let frame = ServerFrame::from_text(r#"{"type":"error","code":"on-fire","message":"m"}"#);
        assert!(matches!(
            frame,
            Ok(ServerFrame::Error {
                code: ErrorCode::Unrecognized,
                ..
            })
        ));
        assert!(serde_json::to_string(&ErrorCode::Unrecognized).is_err());
        assert_eq!(
            ServerFrame::error(ErrorCode::Unrecognized).to_text(),
            r#"{"type":"error","code":"malformed","message":"internal"}"#
        );
        assert_eq!(ErrorCode::from_name("unrecognized"), None);
    }

    proptest! {
        #[test]
        fn any_text_is_a_frame_or_an_error(text in ".{0,300}") {
            let _ = ClientFrame::from_text(&text);
            let _ = ServerFrame::from_text(&text);
        }

        #[test]
        fn any_json_object_is_a_frame_or_malformed(
            kind in prop::sample::select(vec![
                "create", "join", "resume", "move", "resign", "rematch", "decline-rematch",
                "register", "login",
                "seek", "unseek", "abort", "draw", "claim", "accept", "challenge", "decline",
                "cancel", "games", "x", "",
            ]),
            keys in prop::collection::vec(prop::sample::select(vec![
                "room", "token", "ply", "move", "game", "side", "type", "name", "key", "rated",
                "days", "seek", "challenge", "to",
            ]), 0..6),
            values in prop::collection::vec(prop_oneof![
                Just(serde_json::Value::Null),
                any::<bool>().prop_map(serde_json::Value::from),
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
            match ClientFrame::from_text(&text) {
                Ok(frame) => {
                    // What reads writes back to the same fields (extra ones dropped).
                    let again = serde_json::to_string(&frame).map_err(|e| TestCaseError::fail(e.to_string()))?;
                    prop_assert_eq!(ClientFrame::from_text(&again), Ok(frame));
                }
                Err(ErrorCode::Malformed) | Err(ErrorCode::TooLarge) => {}
                Err(other) => prop_assert!(false, "unexpected {other:?}"),
            }
        }
    }
}
