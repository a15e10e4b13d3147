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
use async_trait::async_trait;
use futures_util::StreamExt;

use super::{decode, encode, Changes, Revision, Store, StoreError, Stored, Written};
use crate::room::{Room, ROOM_TTL_MS};

pub const BUCKET: &str = "qipan-rooms";

#[derive(Clone)]
pub struct Nats {
    kv: kv::Store,
}

impl Nats {
    pub async fn connect(url: &str) -> Result<Nats, StoreError> {
        let client = async_nats::connect(url)
            .await
            .map_err(|e| StoreError::nats(url, e))?;
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
            .map_err(|e| StoreError::nats(format!("stream KV_{BUCKET}"), e))?;
        let kv = js
            .get_key_value(BUCKET)
            .await
            .map_err(|e| StoreError::nats(format!("bucket {BUCKET}"), e))?;
        Ok(Nats { kv })
    }
}

#[async_trait]
impl Store for Nats {
    fn shared(&self) -> bool {
        true
    }

    async fn load_room(&self, code: &str) -> Result<Option<Stored>, StoreError> {
        let entry = self
            .kv
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

    async fn create_room(&self, room: &Room) -> Result<Option<Revision>, StoreError> {
        let data = encode(room)?;
        match self.kv.create(&room.code, data.into()).await {
            Ok(revision) => Ok(Some(Revision(revision))),
            Err(e) if e.kind() == kv::CreateErrorKind::AlreadyExists => Ok(None),
            Err(e) => Err(StoreError::nats(format!("creating room {}", room.code), e)),
        }
    }

    async fn update_room(&self, room: &Room, base: Revision) -> Result<Written, StoreError> {
        let data = encode(room)?;
        match self.kv.update(&room.code, data.into(), base.0).await {
            Ok(revision) => Ok(Written::Done(Revision(revision))),
            Err(e) if e.kind() == kv::UpdateErrorKind::WrongLastRevision => Ok(Written::Conflict),
            Err(e) => Err(StoreError::nats(format!("writing room {}", room.code), e)),
        }
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
}
