//! The lobby's revisioned entries in the bucket `qipan-lobby`: a key's revision is its
//! JetStream sequence, so a write based on a revision lands only if nobody wrote since.

use async_nats::jetstream::kv;
use async_trait::async_trait;
use futures_util::StreamExt;

use super::Nats;
use crate::store::{LobbyChanges, LobbyEntry, Revision, SeekStore, StoreError, Written};

pub const BUCKET: &str = "qipan-lobby";

fn entry(entry: kv::Entry) -> LobbyEntry {
    LobbyEntry {
        value: (entry.operation == kv::Operation::Put).then(|| entry.value.to_vec()),
        key: entry.key,
        revision: Revision(entry.revision),
    }
}

pub async fn get(kv: &kv::Store, key: &str) -> Result<Option<LobbyEntry>, StoreError> {
    let found = kv
        .entry(key)
        .await
        .map_err(|e| StoreError::nats(format!("reading {key}"), e))?;
    Ok(found.map(entry).filter(|e| e.value.is_some()))
}

pub async fn put(
    kv: &kv::Store,
    key: &str,
    value: Vec<u8>,
    base: Option<Revision>,
) -> Result<Written, StoreError> {
    let written = match base {
        None => match kv.create(key, value.into()).await {
            Ok(revision) => Written::Done(Revision(revision)),
            Err(e) if e.kind() == kv::CreateErrorKind::AlreadyExists => Written::Conflict,
            Err(e) => return Err(StoreError::nats(format!("creating {key}"), e)),
        },
        Some(base) => match kv.update(key, value.into(), base.0).await {
            Ok(revision) => Written::Done(Revision(revision)),
            Err(e) if e.kind() == kv::UpdateErrorKind::WrongLastRevision => Written::Conflict,
            Err(e) => return Err(StoreError::nats(format!("writing {key}"), e)),
        },
    };
    Ok(written)
}

/// The last value of every key, then every change (an ordered consumer: it ends, and is
/// started again by the reader, if the connection is lost).
pub async fn watch(kv: &kv::Store) -> Result<LobbyChanges, StoreError> {
    let watch = kv
        .watch_with_history(">")
        .await
        .map_err(|e| StoreError::nats(format!("watching {BUCKET}"), e))?;
    Ok(Box::pin(
        watch
            .take_while(|e| std::future::ready(e.is_ok()))
            .filter_map(|e| async move { e.ok().map(entry) }),
    ))
}

#[async_trait]
impl SeekStore for Nats {
    async fn lobby_get(&self, key: &str) -> Result<Option<LobbyEntry>, StoreError> {
        get(&self.lobby, key).await
    }

    async fn lobby_put(
        &self,
        key: &str,
        value: Vec<u8>,
        base: Option<Revision>,
    ) -> Result<Written, StoreError> {
        put(&self.lobby, key, value, base).await
    }

    async fn watch_lobby(&self) -> Result<LobbyChanges, StoreError> {
        watch(&self.lobby).await
    }
}
