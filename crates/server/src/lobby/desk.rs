//! A player's desk: their seek and their last paired room, one lobby entry per player
//! (`desk.<name in hex>`), written only by revision-checked updates. Every server watches
//! the desks: the pairing loops build their books from them, and the server where a seek
//! was made hands its connection the pairing when the desk says so.
//!
//! The entry itself makes the rules hold across servers: a player has one seek (a new one
//! replaces the old in the same entry); a seek is paired at most once (a pairing rewrites
//! the entry from the revision its loop read, so a seek withdrawn, replaced or already
//! paired since fails the check); and `busy` reads the room the desk points to.

use qipan_engine::games::Variant;
use qipan_vocab::variant_id;
use serde::{Deserialize, Serialize};

use crate::names::NameKey;
use crate::store::{LobbyEntry, Revision};

/// The prefix of desks' keys.
pub const PREFIX: &str = "desk.";

/// A desk's key (lobby entries' keys are ASCII: the folded name in hex).
pub fn key(player: &NameKey) -> String {
    format!("{PREFIX}{}", player.to_hex())
}

/// A player's desk as it changed (every server's watch of the lobby's entries), for the
/// pairing loops.
#[derive(Clone, Debug)]
pub struct DeskChange {
    pub player: NameKey,
    pub revision: Revision,
    pub desk: Desk,
}

/// A desk as read at a revision: what a seek in a pairing loop's book carries, since a
/// claim on it is written over that revision only.
#[derive(Clone, Debug)]
pub struct DeskAt {
    pub revision: Revision,
    pub desk: Desk,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Desk {
    /// The player's last paired room (they are `busy` while its game is on).
    pub room: Option<DeskRoom>,
    /// What they seek now.
    pub seek: Option<DeskSeek>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeskRoom {
    pub code: String,
    /// The seek that was paired into it (`None` for a rematch): its server hands the
    /// seeking connection the seat.
    pub seek: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeskSeek {
    /// Drawn by the seeking server: which of its connections sought.
    pub id: String,
    /// The seeking server's id (its heartbeat says it is alive).
    pub server: String,
    /// The player's folded name and their name as written.
    pub player: String,
    pub name: String,
    /// The game id with its option.
    #[serde(with = "variant_id")]
    pub game: Variant,
    pub rated: bool,
    /// Their rating in `game` when they sought.
    pub rating: f64,
    pub since_ms: u64,
    /// How long it waits for a person before the computer takes it: the `--bot-after` of
    /// the server it was made on (`None`: never).
    #[serde(default)]
    pub computer_after_ms: Option<u64>,
    /// The hash of the seat token the seeking connection holds for the pairing's room.
    pub token_hash: String,
    /// The nonce that token was derived with from the player's key (`seat_token.rs`), so
    /// that `games` finds it again on any device; `None` in desks written before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nonce: Option<String>,
    /// Claimed by a pairing loop for this room, the first of a pair's two claims: not
    /// handed to the connection until the second claim has landed and this one is
    /// turned into the desk's `room`.
    #[serde(default)]
    pub claimed: Option<String>,
}

impl Desk {
    pub fn read(entry: &LobbyEntry) -> Option<Desk> {
        serde_json::from_slice(entry.value.as_deref()?).ok()
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        // A desk is strings, numbers and booleans: it always serialises.
        serde_json::to_vec(self).unwrap_or_default()
    }

    /// The folded name a desk's key stands for.
    pub fn player_of(key: &str) -> Option<NameKey> {
        NameKey::from_hex(key.strip_prefix(PREFIX)?)
    }

    /// The seek a pairing loop may pair: one not claimed yet.
    pub fn open_seek(&self) -> Option<&DeskSeek> {
        self.seek.as_ref().filter(|seek| seek.claimed.is_none())
    }

    /// With the seek `id` withdrawn (any seek when `id` is `None`); `None` when there is
    /// nothing to withdraw.
    pub fn without_seek(&self, id: Option<&str>) -> Option<Desk> {
        let seek = self.seek.as_ref()?;
        if id.is_some_and(|id| id != seek.id) {
            return None;
        }
        Some(Desk {
            room: self.room.clone(),
            seek: None,
        })
    }

    /// With its seek `id` claimed for `room` (the first claim of a pair).
    pub fn claimed(&self, id: &str, room: &str) -> Option<Desk> {
        let seek = self
            .seek
            .as_ref()
            .filter(|s| s.id == id && s.claimed.is_none())?;
        Some(Desk {
            room: self.room.clone(),
            seek: Some(DeskSeek {
                claimed: Some(room.to_owned()),
                ..seek.clone()
            }),
        })
    }

    /// With its seek `id` paired into `room` (claimed for it first, or not claimed yet).
    pub fn paired(&self, id: &str, room: &str) -> Option<Desk> {
        let seek = self.seek.as_ref().filter(|s| s.id == id)?;
        if seek
            .claimed
            .as_deref()
            .is_some_and(|claimed| claimed != room)
        {
            return None;
        }
        Some(Desk {
            room: Some(DeskRoom {
                code: room.to_owned(),
                seek: Some(id.to_owned()),
            }),
            seek: None,
        })
    }

    /// With its seek `id`'s claim for `room` given up (the pair's other claim failed).
    pub fn unclaimed(&self, id: &str, room: &str) -> Option<Desk> {
        let seek = self
            .seek
            .as_ref()
            .filter(|s| s.id == id && s.claimed.as_deref() == Some(room))?;
        Some(Desk {
            room: self.room.clone(),
            seek: Some(DeskSeek {
                claimed: None,
                ..seek.clone()
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seeking(id: &str) -> Desk {
        Desk {
            room: Some(DeskRoom {
                code: "OLDROOMS".into(),
                seek: None,
            }),
            seek: Some(DeskSeek {
                id: id.into(),
                server: "s1".into(),
                player: "ann".into(),
                name: "Ann".into(),
                game: Variant::plain(qipan_engine::games::GameId::Push),
                rated: true,
                rating: 1500.0,
                since_ms: 0,
                computer_after_ms: None,
                token_hash: "h".into(),
                nonce: None,
                claimed: None,
            }),
        }
    }

    /// A desk as servers have written it (the game as its id) reads, and writes back byte
    /// for byte.
    #[test]
    fn a_desk_as_stored_today_reads_and_writes_back_unchanged() {
        let text = r#"{"room":{"code":"OLDROOMS","seek":null},"seek":{"id":"a","server":"s1","player":"ann","name":"Ann","game":"push","rated":true,"rating":1500.0,"since_ms":0,"computer_after_ms":null,"token_hash":"h","claimed":null}}"#;
        let desk: Desk = serde_json::from_str(text).expect("a stored desk reads");
        assert_eq!(desk, seeking("a"));
        assert_eq!(
            String::from_utf8(desk.to_bytes()).ok().as_deref(),
            Some(text)
        );
    }

    #[test]
    fn a_desks_key_is_ascii_and_names_its_player() {
        let player = NameKey::of("Мария");
        let key = key(&player);
        assert!(key.is_ascii() && key.starts_with("desk."));
        assert_eq!(Desk::player_of(&key), Some(player));
        assert_eq!(Desk::player_of("desk.zz"), None);
        assert_eq!(Desk::player_of("lease.push"), None);
    }

    #[test]
    fn a_seek_is_claimed_then_paired_once() {
        let desk = seeking("a");
        assert_eq!(desk.claimed("b", "ROOM"), None, "another seek");
        let claimed = desk.claimed("a", "ROOM").expect("claim");
        assert!(claimed.open_seek().is_none(), "no loop pairs it again");
        assert_eq!(claimed.claimed("a", "ROOM2"), None);
        assert_eq!(
            claimed.paired("a", "ROOM2"),
            None,
            "claimed for another room"
        );
        let paired = claimed.paired("a", "ROOM").expect("paired");
        assert_eq!(paired.seek, None);
        assert_eq!(
            paired.room,
            Some(DeskRoom {
                code: "ROOM".into(),
                seek: Some("a".into())
            })
        );
        assert_eq!(paired.paired("a", "ROOM"), None, "nothing left to pair");
        // Given up: open again, with its wait.
        let back = claimed.unclaimed("a", "ROOM").expect("unclaimed");
        assert_eq!(back, desk);
        assert_eq!(desk.unclaimed("a", "ROOM"), None);
    }

    #[test]
    fn withdrawing_keeps_the_room_and_only_the_named_seek() {
        let desk = seeking("a");
        assert_eq!(desk.without_seek(Some("b")), None);
        let gone = desk.without_seek(Some("a")).expect("withdrawn");
        assert_eq!(gone.seek, None);
        assert_eq!(gone.room, desk.room);
        assert_eq!(desk.without_seek(None), Some(gone.clone()));
        assert_eq!(gone.without_seek(None), None);
        let entry = LobbyEntry {
            key: "desk.616e6e".into(),
            value: Some(desk.to_bytes()),
            revision: crate::store::Revision(3),
        };
        assert_eq!(Desk::read(&entry), Some(desk));
    }
}
