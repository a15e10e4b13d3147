//! Rooms shared between servers through a NATS JetStream key-value bucket.
//!
//! One key per room (its code), the value the room's JSON. Every change is a
//! revision-checked update (compare-and-swap): of two servers that accept a move for the
//! same ply, one update lands and the other finds a newer revision, re-reads the room and
//! re-checks the move against it (where it is now `stale`). A watch on the bucket tells each
//! server of the changes the others made, for its own sockets. The bucket's `max_age` is the
//! room expiry: a key not written for that long is dropped by the NATS server itself.
//! Everything used here (KV buckets, `Nats-Expected-Last-Subject-Sequence`, direct get,
//! ordered consumers for the watch) exists in nats-server 2.9.

use std::time::Duration;

use async_nats::jetstream::{self, kv};

use futures_util::StreamExt;

use crate::room::{Room, ROOM_TTL_MS};

pub const BUCKET: &str = "qipan-rooms";

#[derive(Clone)]
pub struct Nats {
    kv: kv::Store,
}

/// An update that lost the race: the room changed since the revision it was based on.
pub struct Conflict;

/// The changes seen on the bucket.
pub type Watch = std::pin::Pin<Box<dyn futures_util::Stream<Item = Seen> + Send>>;

/// A change seen on the bucket: the room and its revision.
pub struct Seen {
    pub room: Room,
    pub revision: u64,
}

impl Nats {
    pub async fn connect(url: &str) -> Result<Nats, String> {
        let client = async_nats::connect(url)
            .await
            .map_err(|e| format!("NATS {url}: {e}"))?;
        let js = jetstream::new(client);
        // The bucket's stream is made here, as `create_key_value` would make it: that call
        // first reads the account info, whose 2.9 reply lacks fields async-nats 0.51
        // requires. The stream (`KV_<bucket>`, subjects `$KV.<bucket>.>`, one message per
        // key, roll-ups allowed, deletes denied, direct get) is what any client's KV opens.
        let config = jetstream::stream::Config {
            name: format!("KV_{BUCKET}"),
            description: Some("Qipan rooms (qipan-server)".to_owned()),
            subjects: vec![format!("$KV.{BUCKET}.>")],
            max_messages_per_subject: 1,
            max_age: Duration::from_millis(ROOM_TTL_MS),
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
            .map_err(|e| format!("NATS stream KV_{BUCKET}: {e}"))?;
        let kv = js
            .get_key_value(BUCKET)
            .await
            .map_err(|e| format!("NATS bucket {BUCKET}: {e}"))?;
        Ok(Nats { kv })
    }

    pub async fn load(&self, code: &str) -> Result<Option<(Room, u64)>, String> {
        let entry = self.kv.entry(code).await.map_err(|e| e.to_string())?;
        match entry {
            Some(entry) if entry.operation == kv::Operation::Put => {
                let room: Room = serde_json::from_slice(&entry.value)
                    .map_err(|e| format!("room {code}: {e}"))?;
                Ok(Some((room, entry.revision)))
            }
            _ => Ok(None),
        }
    }

    /// Creates a new room; `None` when the code is taken.
    pub async fn create(&self, room: &Room) -> Result<Option<u64>, String> {
        let data = serde_json::to_vec(room).map_err(|e| e.to_string())?;
        match self.kv.create(&room.code, data.into()).await {
            Ok(revision) => Ok(Some(revision)),
            Err(e) if e.kind() == kv::CreateErrorKind::AlreadyExists => Ok(None),
            Err(e) => Err(e.to_string()),
        }
    }

    /// Writes `room` if the key is still at `revision`.
    pub async fn update(
        &self,
        room: &Room,
        revision: u64,
    ) -> Result<Result<u64, Conflict>, String> {
        let data = serde_json::to_vec(room).map_err(|e| e.to_string())?;
        match self.kv.update(&room.code, data.into(), revision).await {
            Ok(revision) => Ok(Ok(revision)),
            Err(e) if e.kind() == kv::UpdateErrorKind::WrongLastRevision => Ok(Err(Conflict)),
            Err(e) => Err(e.to_string()),
        }
    }

    /// Every change made to the bucket from now on (by any server, this one included).
    pub async fn watch(&self) -> Result<Watch, String> {
        let watch = self.kv.watch_all().await.map_err(|e| e.to_string())?;
        Ok(Box::pin(watch.filter_map(|entry| async move {
            let entry = entry.ok()?;
            if entry.operation != kv::Operation::Put {
                return None;
            }
            let room: Room = serde_json::from_slice(&entry.value).ok()?;
            Some(Seen {
                room,
                revision: entry.revision,
            })
        })))
    }
}
