//! Rooms, players, ratings and records shared between servers through NATS JetStream.
//!
//! Four key-value buckets and one stream, each made here with settings nats-server 2.9
//! knows:
//! - `qipan-rooms`: one key per room (its code), the room's JSON. Every change is a
//!   revision-checked update (compare-and-swap): of two servers that accept a move for the
//!   same ply, one update lands and the other finds a newer revision, re-reads the room and
//!   re-checks the move (where it is now `stale`). A watch tells each server of the others'
//!   changes. The bucket's `max_age` is the room expiry.
//! - `qipan-players` (`players.rs`): a player's entry, and their key's hash pointing to it.
//! - `qipan-games`: finished paired games' records.
//! - `qipan-lobby` (`lobby.rs`): the lobby's revisioned entries (desks, leases, heartbeats).
//! - the stream `QIPAN_RESULTS` (`results.rs`): one message per finished paired game,
//!   applied to ratings in order, exactly once.
//!
//! Everything used (KV buckets, `Nats-Expected-Last-Subject-Sequence`, direct get, ordered
//! consumers for watches, a durable pull consumer with explicit acks) exists in 2.9.

mod lobby;
mod players;
mod results;

use std::sync::Arc;
use std::time::Duration;

use async_nats::jetstream::{self, kv};
use async_trait::async_trait;
use futures_util::StreamExt;
use tokio::task::AbortHandle;

use super::{
    decode, encode, Changes, RatingRule, Revision, RoomStore, StoreError, Stored, Written,
};
use crate::room::{Room, ROOM_TTL_MS};

pub const BUCKET: &str = "qipan-rooms";

#[derive(Clone)]
pub struct Nats {
    js: jetstream::Context,
    kv: kv::Store,
    players: players::Players,
    lobby: kv::Store,
    /// The background tasks (the leaderboard's watch, the results' applier), stopped when
    /// the last handle goes.
    _tasks: Arc<Tasks>,
}

/// Tasks that end with the store.
struct Tasks(Vec<AbortHandle>);

impl Drop for Tasks {
    fn drop(&mut self) {
        for task in &self.0 {
            task.abort();
        }
    }
}

/// A bucket's stream, made as `create_key_value` would make it: that call first reads the
/// account info, whose 2.9 reply lacks fields async-nats 0.51 requires. The stream
/// (`KV_<bucket>`, subjects `$KV.<bucket>.>`, one message per key, roll-ups allowed,
/// direct get) is what any client's KV opens.
async fn bucket(
    js: &jetstream::Context,
    name: &str,
    description: &str,
    max_age: Option<Duration>,
) -> Result<kv::Store, StoreError> {
    let config = jetstream::stream::Config {
        name: format!("KV_{name}"),
        description: Some(format!("Qipan {description} (qipan-server)")),
        subjects: vec![format!("$KV.{name}.>")],
        max_messages_per_subject: 1,
        max_age: max_age.unwrap_or_default(),
        max_message_size: 1 << 20,
        discard: jetstream::stream::DiscardPolicy::New,
        allow_rollup: true,
        deny_delete: true,
        allow_direct: true,
        num_replicas: 1,
        ..Default::default()
    };
    // Two servers may start together: both ask for the same stream, which is fine.
    js.get_or_create_stream(config)
        .await
        .map_err(|e| StoreError::nats(format!("stream KV_{name}"), e))?;
    js.get_key_value(name)
        .await
        .map_err(|e| StoreError::nats(format!("bucket {name}"), e))
}

impl Nats {
    /// Connects, making the buckets and the results' stream if they are missing; finished
    /// paired games are rated by `rule` (`results.rs`).
    pub async fn connect(url: &str, rule: Arc<RatingRule>) -> Result<Nats, StoreError> {
        let client = async_nats::connect(url)
            .await
            .map_err(|e| StoreError::nats(url, e))?;
        let js = jetstream::new(client);
        let week = Duration::from_millis(ROOM_TTL_MS);
        let kv = bucket(&js, BUCKET, "rooms", Some(week)).await?;
        let players_kv = bucket(&js, players::BUCKET, "players", None).await?;
        let games = bucket(&js, players::GAMES, "finished games", None).await?;
        let lobby = bucket(&js, lobby::BUCKET, "lobby", Some(week)).await?;
        let players = players::Players::new(players_kv, games);
        let board = tokio::spawn(players.clone().follow()).abort_handle();
        let results = results::Results::open(&js, kv.clone(), players.clone(), rule).await?;
        let applier = tokio::spawn(results.apply_forever()).abort_handle();
        Ok(Nats {
            js,
            kv,
            players,
            lobby,
            _tasks: Arc::new(Tasks(vec![board, applier])),
        })
    }

    async fn load(&self, code: &str) -> Result<Option<Stored>, StoreError> {
        load_room(&self.kv, code).await
    }
}

/// The room with that code in the rooms bucket.
async fn load_room(kv: &kv::Store, code: &str) -> Result<Option<Stored>, StoreError> {
    let entry = kv
        .entry(code)
        .await
        .map_err(|e| StoreError::nats(format!("reading room {code}"), e))?;
    match entry {
        Some(entry) if entry.operation == kv::Operation::Put => Ok(Some(Stored {
            room: decode(code, &entry.value)?,
            revision: Revision(entry.revision),
        })),
        _ => Ok(None),
    }
}

/// Writes a room over revision `base`.
async fn update_room(kv: &kv::Store, room: &Room, base: Revision) -> Result<Written, StoreError> {
    let data = encode(room)?;
    match kv.update(&room.code, data.into(), base.0).await {
        Ok(revision) => Ok(Written::Done(Revision(revision))),
        Err(e) if e.kind() == kv::UpdateErrorKind::WrongLastRevision => Ok(Written::Conflict),
        Err(e) => Err(StoreError::nats(format!("writing room {}", room.code), e)),
    }
}

#[async_trait]
impl RoomStore for Nats {
    fn shared(&self) -> bool {
        true
    }

    /// A round trip to the rooms' bucket (a key no room has): the server answers, with
    /// JetStream. (The bucket's `status` would not do: it answers from what was read when
    /// the bucket was opened.)
    async fn ready(&self) -> Result<(), StoreError> {
        self.kv
            .get("ready-probe")
            .await
            .map(drop)
            .map_err(|e| StoreError::nats("the rooms' bucket", e))
    }

    async fn load_room(&self, code: &str) -> Result<Option<Stored>, StoreError> {
        self.load(code).await
    }

    async fn create_room(&self, room: &Room) -> Result<Option<Revision>, StoreError> {
        let data = encode(room)?;
        match self.kv.create(&room.code, data.into()).await {
            Ok(revision) => Ok(Some(Revision(revision))),
            Err(e) if e.kind() == kv::CreateErrorKind::AlreadyExists => Ok(None),
            Err(e) => Err(StoreError::nats(format!("creating room {}", room.code), e)),
        }
    }

    async fn update_room(&self, room: &Room, base: Revision) -> Result<Written, StoreError> {
        update_room(&self.kv, room, base).await
    }

    async fn watch_rooms(&self) -> Result<Option<Changes>, StoreError> {
        let watch = self
            .kv
            .watch_all()
            .await
            .map_err(|e| StoreError::nats(format!("watching {BUCKET}"), e))?;
        Ok(Some(Box::pin(watch.filter_map(|entry| async move {
            let entry = entry.ok()?;
            if entry.operation != kv::Operation::Put {
                return None;
            }
            let room = decode(&entry.key, &entry.value).ok()?;
            Some(Stored {
                room,
                revision: Revision(entry.revision),
            })
        }))))
    }

    /// The bucket's `max_age` drops a room's key once it is that old.
    async fn expire_rooms(&self, _before_ms: u64) -> Result<usize, StoreError> {
        Ok(0)
    }

    /// The room, over and not yet recorded, is written (the game's end is then decided,
    /// once); then its result is published to `QIPAN_RESULTS` (once per room and round),
    /// whose applier rates it and marks the room recorded (`results.rs`). The answer is
    /// the room as written, still to be recorded: its recorded copy follows through the
    /// watch, like any other server's change.
    async fn finish_room(
        &self,
        room: &Room,
        base: Revision,
    ) -> Result<Option<(Room, Revision)>, StoreError> {
        let revision = match update_room(&self.kv, room, base).await? {
            Written::Done(revision) => revision,
            Written::Conflict => return Ok(None),
        };
        results::publish(&self.js, &self.players, room).await?;
        Ok(Some((room.clone(), revision)))
    }
}
