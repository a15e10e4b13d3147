//! The SQLite file that holds every room, player, rating and finished game (the default
//! storage).
//!
//! One thread owns the connection; the async side sends it jobs and awaits the answer, so a
//! change is on disk before anyone hears of it. Jobs that queue up while a write is under
//! way are committed together in one transaction (under load, one commit carries many
//! moves); each job runs in a savepoint of its own, so a job that fails leaves nothing of
//! itself behind while the others commit. A job is any function of the transaction: the
//! end of a paired game (the room, both ratings, the record) is one job, so it is written
//! whole or not at all.

mod lobby;
mod players;
mod records;
mod schema;

use std::path::Path;
use std::sync::{mpsc, Arc};
use std::time::Duration;

use async_trait::async_trait;
use rusqlite::{params, Connection, OptionalExtension, Transaction};
use tokio::sync::{broadcast, oneshot};

use super::{
    decode, encode, Changes, LobbyEntry, RatingRule, Revision, RoomStore, StoreError, Stored,
    Written,
};
use crate::room::Room;

/// The most jobs one transaction carries.
const BATCH: usize = 512;

/// A handle on the storage thread; cheap to clone.
#[derive(Clone)]
pub struct Sqlite {
    jobs: mpsc::Sender<Box<dyn Job>>,
    /// The lobby's entries as they are written (this server is the file's only writer).
    lobby: broadcast::Sender<LobbyEntry>,
    /// How a finished paired game is rated, in the transaction that records it.
    rule: Arc<RatingRule>,
}

impl Sqlite {
    /// Opens (or creates) the file and starts its thread; finished paired games are rated
    /// by `rule`.
    pub fn open(path: &Path, rule: Arc<RatingRule>) -> Result<Sqlite, StoreError> {
        let opening = |source| StoreError::Open {
            path: path.to_owned(),
            source,
        };
        let refused = |e| match e {
            schema::MigrateError::Sqlite(source) => opening(source),
            schema::MigrateError::Newer(version) => StoreError::NewerFile(version),
        };
        // Before anything that writes (the journal mode included): a newer server's file
        // is left as it is.
        schema::check_not_newer(path).map_err(refused)?;
        let mut conn = Connection::open(path).map_err(opening)?;
        conn.busy_timeout(Duration::from_secs(5)).map_err(opening)?;
        // WAL with synchronous=NORMAL: a committed change survives the process being killed
        // (the restart case); only an OS crash or power cut may lose the last commits.
        conn.execute_batch("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
            .map_err(opening)?;
        schema::migrate(&mut conn).map_err(refused)?;
        let (jobs, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("qipan-store".into())
            .spawn(move || run(conn, rx))
            .map_err(StoreError::Thread)?;
        Ok(Sqlite {
            jobs,
            lobby: broadcast::channel(lobby::WATCH_BUFFER).0,
            rule,
        })
    }

    /// Runs `work` in the storage thread's next transaction; its answer comes once that
    /// transaction is committed.
    async fn ask<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction<'_>) -> rusqlite::Result<T> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        self.jobs
            .send(Box::new(Ask { work, reply }))
            .map_err(|_| StoreError::Stopped)?;
        answer.await.map_err(|_| StoreError::Stopped)?
    }
}

fn sql_time(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

#[async_trait]
impl RoomStore for Sqlite {
    fn shared(&self) -> bool {
        false
    }

    /// A delete that matches nothing still takes the write lock: it fails on a file that
    /// cannot be written (read-only, its disk gone), and waits behind a stuck writer.
    async fn ready(&self) -> Result<(), StoreError> {
        self.ask(|tx| tx.execute("DELETE FROM rooms WHERE 0", []))
            .await
            .map(drop)
    }

    async fn load_room(&self, code: &str) -> Result<Option<Stored>, StoreError> {
        let key = code.to_owned();
        let data = self
            .ask(move |tx| {
                tx.query_row("SELECT data FROM rooms WHERE code = ?1", [&key], |row| {
                    row.get::<_, String>(0)
                })
                .optional()
            })
            .await?;
        data.map(|text| {
            Ok(Stored {
                room: decode(code, text.as_bytes())?,
                revision: Revision::default(),
            })
        })
        .transpose()
    }

    async fn create_room(&self, room: &Room) -> Result<Option<Revision>, StoreError> {
        let (code, updated, data) = (room.code.clone(), room.updated_ms, encode(room)?);
        let inserted = self
            .ask(move |tx| {
                tx.execute(
                    "INSERT OR IGNORE INTO rooms (code, updated_ms, data) VALUES (?1, ?2, ?3)",
                    params![code, sql_time(updated), data],
                )
            })
            .await?;
        Ok((inserted == 1).then_some(Revision::default()))
    }

    /// This server is the file's only writer and its rooms' locks order their changes, so
    /// `base` is always the stored copy's: every write lands.
    async fn update_room(&self, room: &Room, _base: Revision) -> Result<Written, StoreError> {
        let room = room.clone();
        self.ask(move |tx| write_room(tx, &room)).await?;
        Ok(Written::Done(Revision::default()))
    }

    async fn watch_rooms(&self) -> Result<Option<Changes>, StoreError> {
        Ok(None)
    }

    async fn expire_rooms(&self, before_ms: u64) -> Result<usize, StoreError> {
        self.ask(move |tx| {
            tx.execute(
                "DELETE FROM rooms WHERE updated_ms < ?1",
                [sql_time(before_ms)],
            )
        })
        .await
    }

    async fn finish_room(
        &self,
        room: &Room,
        _base: Revision,
    ) -> Result<Option<(Room, Revision)>, StoreError> {
        let (room, rule) = (room.clone(), self.rule.clone());
        let settled = self
            .ask(move |tx| {
                let settled = records::finish(tx, &room, &*rule)?;
                write_room(tx, &settled)?;
                Ok(settled)
            })
            .await?;
        Ok(Some((settled, Revision::default())))
    }
}

/// A value that does not fit SQLite's integers or JSON, as rusqlite's error.
fn conversion(e: impl std::error::Error + Send + Sync + 'static) -> rusqlite::Error {
    rusqlite::Error::ToSqlConversionFailure(Box::new(e))
}

/// Writes a room's row (new or not).
fn write_room(tx: &Transaction<'_>, room: &Room) -> rusqlite::Result<()> {
    let data = serde_json::to_string(room).map_err(conversion)?;
    tx.execute(
        "INSERT INTO rooms (code, updated_ms, data) VALUES (?1, ?2, ?3)
         ON CONFLICT (code) DO UPDATE SET updated_ms = ?2, data = ?3",
        params![room.code, sql_time(room.updated_ms), data],
    )?;
    Ok(())
}

/// Sends a job's answer once the batch's COMMIT is known (`Some(error)` if it failed).
type Answer = Box<dyn FnOnce(Option<&Arc<rusqlite::Error>>)>;

/// Work for the storage thread.
trait Job: Send {
    /// Does the work inside the batch's transaction.
    fn run(self: Box<Self>, tx: &Transaction<'_>) -> Answer;
    /// The transaction could not even begin.
    fn fail(self: Box<Self>, error: &Arc<rusqlite::Error>);
}

struct Ask<T, F> {
    work: F,
    reply: oneshot::Sender<Result<T, StoreError>>,
}

impl<T, F> Job for Ask<T, F>
where
    T: Send + 'static,
    F: FnOnce(&Transaction<'_>) -> rusqlite::Result<T> + Send + 'static,
{
    fn run(self: Box<Self>, tx: &Transaction<'_>) -> Answer {
        let Ask { work, reply } = *self;
        let result = in_savepoint(tx, work);
        Box::new(move |commit| {
            let _ = reply.send(match commit {
                Some(e) => Err(StoreError::Sqlite(e.clone())),
                None => result.map_err(StoreError::from),
            });
        })
    }

    fn fail(self: Box<Self>, error: &Arc<rusqlite::Error>) {
        let _ = self.reply.send(Err(StoreError::Sqlite(error.clone())));
    }
}

/// Runs `work` in a savepoint of the batch's transaction: what it wrote is undone if it
/// fails, and kept (for the batch's COMMIT) if it succeeds.
fn in_savepoint<T>(
    tx: &Transaction<'_>,
    work: impl FnOnce(&Transaction<'_>) -> rusqlite::Result<T>,
) -> rusqlite::Result<T> {
    tx.execute_batch("SAVEPOINT job")?;
    let result = work(tx);
    let end = if result.is_ok() {
        "RELEASE job"
    } else {
        "ROLLBACK TO job; RELEASE job"
    };
    tx.execute_batch(end)?;
    result
}

fn run(mut conn: Connection, rx: mpsc::Receiver<Box<dyn Job>>) {
    while let Ok(first) = rx.recv() {
        // Everything queued now goes into one transaction; answers are sent after COMMIT.
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match rx.try_recv() {
                Ok(more) => batch.push(more),
                Err(_) => break,
            }
        }
        let tx = match conn.transaction() {
            Ok(tx) => tx,
            Err(e) => {
                let e = Arc::new(e);
                batch.into_iter().for_each(|job| job.fail(&e));
                continue;
            }
        };
        let answers: Vec<Answer> = batch.into_iter().map(|job| job.run(&tx)).collect();
        let commit = tx.commit().err().map(Arc::new);
        for answer in answers {
            answer(commit.as_ref());
        }
    }
}
