//! The SQLite file's tables and how an older file is brought up to them (hosting.md's
//! "Upgrades").
//!
//! The file's version is SQLite's `user_version`: 0 is a file written before the lobby
//! (only `rooms`: its rooms read as friends' rooms, the fields the lobby added to a room's
//! JSON taking their defaults); each of [`STEPS`] brings a file one version up, all that a
//! file lacks in one transaction. A new table or column is a new step at the end, never a
//! change to an old one: files of every version pass through the same steps. A file of a
//! later version is refused rather than misread, before anything is written to it.

use std::path::Path;

use rusqlite::{Connection, OpenFlags};

/// The migrations: `STEPS[n]` brings a file of version `n` to `n + 1`.
const STEPS: &[&str] = &[LOBBY];

/// The version this server writes: that of a file all [`STEPS`] were applied to.
pub const VERSION: i64 = STEPS.len() as i64;

/// The rooms, as every version has kept them.
const ROOMS: &str = "
    CREATE TABLE IF NOT EXISTS rooms (
        code TEXT PRIMARY KEY,
        updated_ms INTEGER NOT NULL,
        data TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS rooms_updated ON rooms (updated_ms);";

/// Version 1: the lobby. A player's key is kept only as its SHA-256 (`key_hash`, NULL for
/// the computer, whom nobody logs in as); `name_key` is the name under case folding, what
/// makes two names one. A ratings row exists once a player has a rating in a game id (the
/// computer's from the start). `games` holds every finished paired game, its RECORD as
/// JSON, by room and round.
const LOBBY: &str = "
    CREATE TABLE players (
        name_key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        key_hash TEXT UNIQUE,
        bot INTEGER NOT NULL,
        created_ms INTEGER NOT NULL
    );
    CREATE TABLE ratings (
        name_key TEXT NOT NULL REFERENCES players (name_key),
        game TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        games INTEGER NOT NULL,
        last_rated_ms INTEGER,
        PRIMARY KEY (name_key, game)
    );
    CREATE INDEX ratings_board ON ratings (game, rating);
    CREATE TABLE games (
        room TEXT NOT NULL,
        round INTEGER NOT NULL,
        game TEXT NOT NULL,
        finished_ms INTEGER NOT NULL,
        x_key TEXT,
        o_key TEXT,
        record TEXT NOT NULL,
        PRIMARY KEY (room, round)
    );
    CREATE INDEX games_x ON games (x_key, finished_ms);
    CREATE INDEX games_o ON games (o_key, finished_ms);
    CREATE TABLE lobby (
        key TEXT PRIMARY KEY,
        revision INTEGER NOT NULL,
        value BLOB NOT NULL
    );";

/// Refuses a file written by a newer server, reading it only (a read-only connection
/// neither sets the journal mode nor checkpoints a WAL into it on close): such a file is
/// left exactly as it was. A file that does not exist yet is new, of version 0.
pub fn check_not_newer(path: &Path) -> Result<(), MigrateError> {
    let conn = match Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY) {
        Ok(conn) => conn,
        Err(_) if !path.exists() => return Ok(()),
        Err(e) => return Err(e.into()),
    };
    let version: i64 = conn.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    if version > VERSION {
        return Err(MigrateError::Newer(version));
    }
    Ok(())
}

/// Brings the file to [`VERSION`] in one transaction.
pub fn migrate(conn: &mut Connection) -> Result<(), MigrateError> {
    migrate_through(conn, STEPS)
}

/// Applies the steps a file lacks, in one transaction: a step that fails leaves the file
/// as it was.
fn migrate_through(conn: &mut Connection, steps: &[&str]) -> Result<(), MigrateError> {
    let tx = conn.transaction()?;
    let version: i64 = tx.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    let latest = steps.len() as i64;
    if version > latest {
        return Err(MigrateError::Newer(version));
    }
    tx.execute_batch(ROOMS)?;
    for step in &steps[usize::try_from(version).unwrap_or(0)..] {
        tx.execute_batch(step)?;
    }
    tx.execute_batch(&format!("PRAGMA user_version = {latest}"))?;
    tx.commit()?;
    Ok(())
}

#[derive(Debug)]
pub enum MigrateError {
    Sqlite(rusqlite::Error),
    Newer(i64),
}

impl From<rusqlite::Error> for MigrateError {
    fn from(e: rusqlite::Error) -> MigrateError {
        MigrateError::Sqlite(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn version(conn: &Connection) -> i64 {
        conn.query_row("PRAGMA user_version", [], |row| row.get(0))
            .expect("a version")
    }

    fn tables(conn: &Connection) -> Vec<String> {
        let mut query = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .expect("a query");
        let names = query.query_map([], |row| row.get(0)).expect("rows");
        names.collect::<Result<_, _>>().expect("names")
    }

    #[test]
    fn a_new_file_gets_every_step_and_the_latest_version() {
        let mut conn = Connection::open_in_memory().expect("a database");
        migrate(&mut conn).expect("migrates");
        assert_eq!(version(&conn), VERSION);
        assert_eq!(
            tables(&conn),
            ["games", "lobby", "players", "ratings", "rooms"]
        );
        // Again: nothing to do, nothing changes.
        migrate(&mut conn).expect("migrates again");
        assert_eq!(version(&conn), VERSION);
    }

    #[test]
    fn a_step_that_fails_leaves_the_file_as_it_was() {
        let mut conn = Connection::open_in_memory().expect("a database");
        migrate_through(&mut conn, &["CREATE TABLE a (x)"]).expect("version 1");
        let broken = ["CREATE TABLE a (x)", "CREATE TABLE b (x)", "NOT SQL"];
        assert!(migrate_through(&mut conn, &broken).is_err());
        assert_eq!(version(&conn), 1);
        assert_eq!(
            tables(&conn),
            ["a", "rooms"],
            "step 2's table was rolled back"
        );
        migrate_through(&mut conn, &broken[..2]).expect("version 2");
        assert_eq!((version(&conn), tables(&conn).len()), (2, 3));
    }

    #[test]
    fn a_newer_file_is_refused() {
        let mut conn = Connection::open_in_memory().expect("a database");
        conn.execute_batch(&format!("PRAGMA user_version = {}", VERSION + 1))
            .expect("a version");
        assert!(matches!(migrate(&mut conn), Err(MigrateError::Newer(v)) if v == VERSION + 1));
    }
}
