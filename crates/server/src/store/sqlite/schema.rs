//! The SQLite file's tables and how an older file is brought up to them.
//!
//! The file's version is SQLite's `user_version`: 0 is a file written before the lobby
//! (only `rooms`: its rooms read as friends' rooms, the fields the lobby added to a room's
//! JSON taking their defaults), 1 adds players, ratings, finished games and the lobby's
//! entries. A file of a later version is refused rather than misread.

use rusqlite::Connection;

/// The version this server writes.
pub const VERSION: i64 = 1;

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

/// Brings the file to [`VERSION`] in one transaction.
pub fn migrate(conn: &mut Connection) -> Result<(), MigrateError> {
    let tx = conn.transaction()?;
    let version: i64 = tx.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    if version > VERSION {
        return Err(MigrateError::Newer(version));
    }
    tx.execute_batch(ROOMS)?;
    if version < 1 {
        tx.execute_batch(LOBBY)?;
    }
    tx.execute_batch(&format!("PRAGMA user_version = {VERSION}"))?;
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
