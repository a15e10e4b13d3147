//! The lobby's revisioned entries in the SQLite file, and their watch. This server is the
//! file's only writer, so a watch is the entries as they stand, then every write it makes,
//! broadcast once committed.

use async_trait::async_trait;
use futures_util::stream::{self, StreamExt};
use rusqlite::{params, OptionalExtension, Transaction};
use tokio::sync::broadcast;

use super::Sqlite;
use crate::store::{LobbyChanges, LobbyEntry, Revision, SeekStore, StoreError, Written};

/// How many writes a watcher may fall behind before its watch ends (it then reads the
/// entries again).
pub const WATCH_BUFFER: usize = 4096;

fn revision(value: i64) -> Revision {
    Revision(value.max(0) as u64)
}

pub fn get(tx: &Transaction<'_>, key: &str) -> rusqlite::Result<Option<LobbyEntry>> {
    tx.query_row(
        "SELECT revision, value FROM lobby WHERE key = ?1",
        [key],
        |row| {
            Ok(LobbyEntry {
                key: key.to_owned(),
                revision: revision(row.get(0)?),
                value: Some(row.get(1)?),
            })
        },
    )
    .optional()
}

pub fn put(
    tx: &Transaction<'_>,
    key: &str,
    value: &[u8],
    base: Option<Revision>,
) -> rusqlite::Result<Written> {
    let written = match base {
        None => tx.execute(
            "INSERT OR IGNORE INTO lobby (key, revision, value) VALUES (?1, 1, ?2)",
            params![key, value],
        )?,
        Some(base) => tx.execute(
            "UPDATE lobby SET revision = revision + 1, value = ?3 WHERE key = ?1 AND revision = ?2",
            params![key, i64::try_from(base.0).unwrap_or(i64::MAX), value],
        )?,
    };
    Ok(if written == 1 {
        Written::Done(Revision(base.map_or(1, |base| base.0 + 1)))
    } else {
        Written::Conflict
    })
}

pub fn scan(tx: &Transaction<'_>) -> rusqlite::Result<Vec<LobbyEntry>> {
    let mut stmt = tx.prepare_cached("SELECT key, revision, value FROM lobby")?;
    let rows = stmt.query_map([], |row| {
        Ok(LobbyEntry {
            key: row.get(0)?,
            revision: revision(row.get(1)?),
            value: Some(row.get(2)?),
        })
    })?;
    rows.collect()
}

/// The entries `now`, then the writes `rx` hears of, until it falls behind.
pub fn changes(now: Vec<LobbyEntry>, rx: broadcast::Receiver<LobbyEntry>) -> LobbyChanges {
    let later = stream::unfold(rx, |mut rx| async move {
        match rx.recv().await {
            Ok(entry) => Some((entry, rx)),
            Err(_) => None,
        }
    });
    Box::pin(stream::iter(now).chain(later))
}

#[async_trait]
impl SeekStore for Sqlite {
    async fn lobby_get(&self, key: &str) -> Result<Option<LobbyEntry>, StoreError> {
        let key = key.to_owned();
        self.ask(move |tx| get(tx, &key)).await
    }

    async fn lobby_put(
        &self,
        key: &str,
        value: Vec<u8>,
        base: Option<Revision>,
    ) -> Result<Written, StoreError> {
        let (owned, stored) = (key.to_owned(), value.clone());
        let written = self.ask(move |tx| put(tx, &owned, &stored, base)).await?;
        if let Written::Done(revision) = written {
            // Committed: every watcher hears of it (none listening is fine).
            let _ = self.lobby.send(LobbyEntry {
                key: key.to_owned(),
                value: Some(value),
                revision,
            });
        }
        Ok(written)
    }

    async fn watch_lobby(&self) -> Result<LobbyChanges, StoreError> {
        let rx = self.lobby.subscribe();
        let now = self.ask(scan).await?;
        Ok(changes(now, rx))
    }
}
