//! What correspondence.md keeps of a player, and of a challenge, as lobby entries: so it
//! lives in both stores (SQLite and the NATS bucket), outlives connections and servers, and
//! every server follows it through the lobby's watch.
//!
//! - A player's ledger (`corr.<name in hex>`): their open correspondence seeks and the
//!   paired games they play (correspondence and live, for `games`). A seek is taken out and
//!   the game put in by one revision-checked write, so a seek is paired or accepted once.
//! - A challenge (`challenge.<id>`): who challenges whom to what, and where it stands; it is
//!   accepted, declined or cancelled by one revision-checked write.
//!
//! Tokens are never here: a seat's token is known by its hash and the nonce it was derived
//! with from the player's key (`seat_token.rs`).

use qipan_engine::games::Variant;
use qipan_protocol::{ChallengeEntry, Days, SeekEntry};
use qipan_vocab::variant_id;
use serde::{Deserialize, Serialize};

use crate::names::NameKey;
use crate::store::LobbyEntry;

/// The prefix of ledgers' keys.
pub const LEDGER: &str = "corr.";
/// The prefix of challenges' keys.
pub const CHALLENGE: &str = "challenge.";
/// A live challenge lapses after this long (correspondence.md).
pub const LIVE_CHALLENGE_MS: u64 = 60_000;
/// At most this many correspondence games not over a player.
pub const MAX_GAMES: usize = 50;
/// At most this many open correspondence challenges from one player.
pub const MAX_CHALLENGES: usize = 20;

pub fn ledger_key(player: &NameKey) -> String {
    format!("{LEDGER}{}", player.to_hex())
}

pub fn challenge_key(id: &str) -> String {
    format!("{CHALLENGE}{id}")
}

/// Reads an entry's JSON; `None` for an entry that is not of this kind.
fn read<T: for<'de> Deserialize<'de>>(entry: &LobbyEntry) -> Option<T> {
    serde_json::from_slice(entry.value.as_deref()?).ok()
}

/// A value of strings, numbers and booleans: it always serialises.
fn bytes<T: Serialize>(value: &T) -> Vec<u8> {
    serde_json::to_vec(value).unwrap_or_default()
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Ledger {
    pub seeks: Vec<CorrSeek>,
    pub games: Vec<LedgerGame>,
}

/// An open correspondence seek.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CorrSeek {
    pub id: String,
    /// The player's folded name and their name as written.
    pub player: String,
    pub name: String,
    #[serde(with = "variant_id")]
    pub game: Variant,
    pub rated: bool,
    pub days: Days,
    /// Their rating in `game` when they sought, and whether it was provisional.
    pub rating: f64,
    pub provisional: bool,
    pub since_ms: u64,
    /// The seat the pairing gives them: the nonce its token is derived with, its hash.
    pub nonce: String,
    pub token_hash: String,
}

/// A paired game of the player's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LedgerGame {
    pub room: String,
    /// `None` for a live game.
    pub days: Option<Days>,
    pub since_ms: u64,
}

impl Ledger {
    pub fn read(entry: &LobbyEntry) -> Option<Ledger> {
        read(entry)
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        bytes(self)
    }

    pub fn player_of(key: &str) -> Option<NameKey> {
        NameKey::from_hex(key.strip_prefix(LEDGER)?)
    }

    /// The player's open seek for `game`, `rated` and `days` (a second is the first).
    pub fn same_seek(&self, game: Variant, rated: bool, days: Days) -> Option<&CorrSeek> {
        self.seeks
            .iter()
            .find(|s| s.game == game && s.rated == rated && s.days == days)
    }

    pub fn with_seek(&self, seek: CorrSeek) -> Ledger {
        let mut ledger = self.clone();
        ledger.seeks.push(seek);
        ledger
    }

    /// Without the seek `id`; `None` when it is not there (withdrawn, paired, accepted).
    pub fn without_seek(&self, id: &str) -> Option<Ledger> {
        let at = self.seeks.iter().position(|s| s.id == id)?;
        let mut ledger = self.clone();
        ledger.seeks.remove(at);
        Some(ledger)
    }

    /// With the game in room `room` (once).
    pub fn with_game(&self, game: LedgerGame) -> Ledger {
        let mut ledger = self.clone();
        if !ledger.games.iter().any(|g| g.room == game.room) {
            ledger.games.push(game);
        }
        ledger
    }

    pub fn without_game(&self, room: &str) -> Ledger {
        let mut ledger = self.clone();
        ledger.games.retain(|g| g.room != room);
        ledger
    }

    pub fn seek_entries(&self) -> Vec<SeekEntry> {
        self.seeks
            .iter()
            .map(|s| SeekEntry {
                seek: s.id.clone(),
                game: s.game,
                rated: s.rated,
                days: s.days,
            })
            .collect()
    }
}

/// Where a challenge stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "lowercase")]
pub enum ChallengeState {
    Open,
    Accepted {
        room: String,
    },
    Declined,
    Cancelled,
    /// A live challenge whose challenger's last connection closed.
    Lapsed,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Challenge {
    pub id: String,
    /// The challenger's folded name and name as written, their rating in `game`.
    pub from: String,
    pub from_name: String,
    pub rating: f64,
    pub to: String,
    pub to_name: String,
    #[serde(with = "variant_id")]
    pub game: Variant,
    pub rated: bool,
    /// `None` for a live game.
    pub days: Option<Days>,
    pub made_ms: u64,
    /// The server it was made on (whose connections' closing lapses a live one).
    pub server: String,
    /// The challenger's seat in the game it starts.
    pub nonce: String,
    pub token_hash: String,
    #[serde(flatten)]
    pub state: ChallengeState,
}

impl Challenge {
    pub fn read(entry: &LobbyEntry) -> Option<Challenge> {
        read(entry)
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        bytes(self)
    }

    /// Whether it may still be accepted, declined or cancelled at `now`: a live one lapses
    /// after [`LIVE_CHALLENGE_MS`].
    pub fn is_open(&self, now: u64) -> bool {
        self.state == ChallengeState::Open
            && (self.days.is_some() || now.saturating_sub(self.made_ms) < LIVE_CHALLENGE_MS)
    }

    /// The challenge with its state changed from open, or `None` when it is not open.
    pub fn now(&self, state: ChallengeState, now: u64) -> Option<Challenge> {
        self.is_open(now).then(|| Challenge {
            state,
            ..self.clone()
        })
    }

    /// The `challenge` frame's body; `to` as `games` has it.
    pub fn entry(&self, with_to: bool) -> ChallengeEntry {
        ChallengeEntry {
            challenge: self.id.clone(),
            from: self.from_name.clone(),
            rating: self.rating,
            game: self.game,
            rated: self.rated,
            days: self.days,
            to: with_to.then(|| self.to_name.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qipan_engine::games::GameId;

    fn seek(id: &str, days: u32) -> CorrSeek {
        CorrSeek {
            id: id.into(),
            player: "ann".into(),
            name: "Ann".into(),
            game: Variant::plain(GameId::Push),
            rated: true,
            days: Days::new(days).expect("days"),
            rating: 1500.0,
            provisional: true,
            since_ms: 0,
            nonce: "n".into(),
            token_hash: "h".into(),
        }
    }

    #[test]
    fn a_ledger_keeps_one_seek_per_shelf_and_each_game_once() {
        let ledger = Ledger::default().with_seek(seek("a", 3));
        let push = Variant::plain(GameId::Push);
        let days = |d| Days::new(d).expect("days");
        assert_eq!(
            ledger.same_seek(push, true, days(3)).map(|s| s.id.as_str()),
            Some("a")
        );
        assert_eq!(ledger.same_seek(push, true, days(5)), None);
        assert_eq!(ledger.same_seek(push, false, days(3)), None);
        assert_eq!(ledger.without_seek("b"), None);
        let game = LedgerGame {
            room: "ROOM".into(),
            days: Some(days(3)),
            since_ms: 1,
        };
        let both = ledger
            .without_seek("a")
            .expect("there")
            .with_game(game.clone());
        assert_eq!(both.with_game(game).games.len(), 1);
        assert!(both.without_game("ROOM").games.is_empty());
        let entry = LobbyEntry {
            key: ledger_key(&NameKey::of("Ann")),
            value: Some(both.to_bytes()),
            revision: crate::store::Revision(2),
        };
        assert_eq!(Ledger::read(&entry), Some(both));
        assert_eq!(Ledger::player_of(&entry.key), Some(NameKey::of("ann")));
    }

    #[test]
    fn a_live_challenge_lapses_after_a_minute_a_correspondence_one_stands() {
        let mut challenge = Challenge {
            id: "c".into(),
            from: "ann".into(),
            from_name: "Ann".into(),
            rating: 1500.0,
            to: "bob".into(),
            to_name: "Bob".into(),
            game: Variant::plain(GameId::Push),
            rated: false,
            days: None,
            made_ms: 1_000,
            server: "s".into(),
            nonce: "n".into(),
            token_hash: "h".into(),
            state: ChallengeState::Open,
        };
        assert!(challenge.is_open(60_999));
        assert!(!challenge.is_open(61_000));
        assert_eq!(challenge.now(ChallengeState::Declined, 61_000), None);
        challenge.days = Days::new(14);
        assert!(challenge.is_open(u64::MAX));
        let declined = challenge.now(ChallengeState::Declined, 5).expect("open");
        assert!(!declined.is_open(5));
        let text = String::from_utf8(declined.to_bytes()).expect("utf-8");
        assert!(text.contains(r#""state":"declined""#), "{text}");
        let entry = LobbyEntry {
            key: challenge_key("c"),
            value: Some(declined.to_bytes()),
            revision: crate::store::Revision(2),
        };
        assert_eq!(Challenge::read(&entry), Some(declined));
    }
}
