//! The SQLite file that holds every room (the default storage).
//!
//! One thread owns the connection; the async side sends it jobs and awaits the answer, so a
//! change is on disk before anyone hears of it. Saves that queue up while a write is under
//! way are committed together in one transaction (under load, one commit carries many moves).

use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use rusqlite::{params, Connection, OptionalExtension};
use tokio::sync::oneshot;

use crate::room::Room;

enum Job {
    Load(String, oneshot::Sender<Result<Option<String>, String>>),
    /// Writes the room (insert or replace).
    Save(String, u64, String, oneshot::Sender<Result<(), String>>),
    /// Inserts a new room; `false` when the code is taken.
    Insert(String, u64, String, oneshot::Sender<Result<bool, String>>),
    /// Deletes rooms last changed before the time given; answers how many.
    Expire(u64, oneshot::Sender<Result<usize, String>>),
}

/// A handle on the storage thread; cheap to clone.
#[derive(Clone)]
pub struct Store {
    jobs: mpsc::Sender<Job>,
}

const GONE: &str = "the storage thread stopped";

impl Store {
    /// Opens (or creates) the file. Errors are for the person starting the server.
    pub fn open(path: &Path) -> Result<Store, String> {
        let conn = Connection::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        conn.busy_timeout(Duration::from_secs(5))
            .map_err(|e| e.to_string())?;
        // WAL with synchronous=NORMAL: a committed change survives the process being killed
        // (the restart case); only an OS crash or power cut may lose the last commits.
        conn.execute_batch(
            "PRAGMA journal_mode=WAL;
             PRAGMA synchronous=NORMAL;
             CREATE TABLE IF NOT EXISTS rooms (
                 code TEXT PRIMARY KEY,
                 updated_ms INTEGER NOT NULL,
                 data TEXT NOT NULL
             );
             CREATE INDEX IF NOT EXISTS rooms_updated ON rooms (updated_ms);",
        )
        .map_err(|e| format!("{}: {e}", path.display()))?;
        let (jobs, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("qipan-store".into())
            .spawn(move || run(conn, rx))
            .map_err(|e| e.to_string())?;
        Ok(Store { jobs })
    }

    async fn ask<T>(
        &self,
        job: impl FnOnce(oneshot::Sender<Result<T, String>>) -> Job,
    ) -> Result<T, String> {
        let (tx, rx) = oneshot::channel();
        self.jobs.send(job(tx)).map_err(|_| GONE.to_owned())?;
        rx.await.map_err(|_| GONE.to_owned())?
    }

    /// The room with that code, unchecked (the caller checks it with [`Room::check`]).
    pub async fn load(&self, code: &str) -> Result<Option<Room>, String> {
        let data = self.ask(|tx| Job::Load(code.to_owned(), tx)).await?;
        match data {
            None => Ok(None),
            Some(text) => serde_json::from_str(&text)
                .map(Some)
                .map_err(|e| format!("room {code}: {e}")),
        }
    }

    pub async fn save(&self, room: &Room) -> Result<(), String> {
        let data = serde_json::to_string(room).map_err(|e| e.to_string())?;
        let (code, updated) = (room.code.clone(), room.updated_ms);
        self.ask(|tx| Job::Save(code, updated, data, tx)).await
    }

    pub async fn insert(&self, room: &Room) -> Result<bool, String> {
        let data = serde_json::to_string(room).map_err(|e| e.to_string())?;
        let (code, updated) = (room.code.clone(), room.updated_ms);
        self.ask(|tx| Job::Insert(code, updated, data, tx)).await
    }

    pub async fn expire(&self, before_ms: u64) -> Result<usize, String> {
        self.ask(|tx| Job::Expire(before_ms, tx)).await
    }
}

fn sql_time(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

/// Sends a job's answer once the batch's COMMIT is known (`Some(error)` if it failed).
type Answer = Box<dyn FnOnce(Option<&str>)>;

fn run(mut conn: Connection, rx: mpsc::Receiver<Job>) {
    while let Ok(first) = rx.recv() {
        // Everything queued now goes into one transaction; answers are sent after COMMIT.
        let mut batch = vec![first];
        while let Ok(more) = rx.try_recv() {
            batch.push(more);
            if batch.len() >= 512 {
                break;
            }
        }
        let tx = match conn.transaction() {
            Ok(tx) => tx,
            Err(e) => {
                fail_all(batch, &e.to_string());
                continue;
            }
        };
        let mut answers: Vec<Answer> = Vec::with_capacity(batch.len());
        for job in batch {
            match job {
                Job::Load(code, reply) => {
                    let result = tx
                        .query_row("SELECT data FROM rooms WHERE code = ?1", [&code], |row| {
                            row.get::<_, String>(0)
                        })
                        .optional()
                        .map_err(|e| e.to_string());
                    answers.push(Box::new(move |err| {
                        let _ = reply.send(match err {
                            Some(e) => Err(e.to_owned()),
                            None => result,
                        });
                    }));
                }
                Job::Save(code, updated, data, reply) => {
                    let result = tx
                        .execute(
                            "INSERT INTO rooms (code, updated_ms, data) VALUES (?1, ?2, ?3)
                             ON CONFLICT (code) DO UPDATE SET updated_ms = ?2, data = ?3",
                            params![code, sql_time(updated), data],
                        )
                        .map(|_| ())
                        .map_err(|e| e.to_string());
                    answers.push(Box::new(move |err| {
                        let _ = reply.send(match err {
                            Some(e) => Err(e.to_owned()),
                            None => result,
                        });
                    }));
                }
                Job::Insert(code, updated, data, reply) => {
                    let result = tx
                        .execute(
                            "INSERT OR IGNORE INTO rooms (code, updated_ms, data) VALUES (?1, ?2, ?3)",
                            params![code, sql_time(updated), data],
                        )
                        .map(|n| n == 1)
                        .map_err(|e| e.to_string());
                    answers.push(Box::new(move |err| {
                        let _ = reply.send(match err {
                            Some(e) => Err(e.to_owned()),
                            None => result,
                        });
                    }));
                }
                Job::Expire(before, reply) => {
                    let result = tx
                        .execute(
                            "DELETE FROM rooms WHERE updated_ms < ?1",
                            [sql_time(before)],
                        )
                        .map_err(|e| e.to_string());
                    answers.push(Box::new(move |err| {
                        let _ = reply.send(match err {
                            Some(e) => Err(e.to_owned()),
                            None => result,
                        });
                    }));
                }
            }
        }
        let commit = tx.commit().err().map(|e| e.to_string());
        for answer in answers {
            answer(commit.as_deref());
        }
    }
}

fn fail_all(batch: Vec<Job>, error: &str) {
    for job in batch {
        let e = error.to_owned();
        match job {
            Job::Load(_, reply) => drop(reply.send(Err(e))),
            Job::Save(_, _, _, reply) => drop(reply.send(Err(e))),
            Job::Insert(_, _, _, reply) => drop(reply.send(Err(e))),
            Job::Expire(_, reply) => drop(reply.send(Err(e))),
        }
    }
}
