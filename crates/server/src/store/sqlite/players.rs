//! Players, ratings and finished games in the SQLite file (tables in `schema.rs`).

use std::collections::BTreeMap;

use async_trait::async_trait;
use qipan_engine::games::Variant;
use qipan_protocol::{LeaderboardEntry, PROVISIONAL_ABOVE};
use rusqlite::{params, OptionalExtension, Transaction};

use super::{sql_time, Sqlite};
use crate::names::{Name, NameKey};
use crate::room::Room;
use crate::store::{PlayerInfo, PlayerStore, Standing, Standings, StoreError};

/// A computer player, made if missing, with a rating in each of `ratings`' game ids they
/// have none in yet.
pub fn add_computer(tx: &Transaction<'_>, name: &str, ratings: &Standings) -> rusqlite::Result<()> {
    let key = NameKey::of(name);
    tx.execute(
        "INSERT OR IGNORE INTO players (name_key, name, key_hash, bot, created_ms)
         VALUES (?1, ?2, NULL, 1, 0)",
        params![key.as_str(), name],
    )?;
    for (&game, standing) in ratings {
        write_standing(tx, key.as_str(), game, standing, Write::IfNone)?;
    }
    Ok(())
}

pub fn register(
    tx: &Transaction<'_>,
    name: &Name,
    key_hash: &str,
    now_ms: u64,
) -> rusqlite::Result<bool> {
    let inserted = tx.execute(
        "INSERT OR IGNORE INTO players (name_key, name, key_hash, bot, created_ms)
         VALUES (?1, ?2, ?3, 0, ?4)",
        params![
            name.key().as_str(),
            name.as_str(),
            key_hash,
            sql_time(now_ms)
        ],
    )?;
    Ok(inserted == 1)
}

/// The player of a row found by `column = value`, with their ratings.
fn find(tx: &Transaction<'_>, column: &str, value: &str) -> rusqlite::Result<Option<PlayerInfo>> {
    let sql = format!("SELECT name_key, name, bot FROM players WHERE {column} = ?1");
    let found = tx
        .query_row(&sql, [value], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, bool>(2)?,
            ))
        })
        .optional()?;
    let Some((key, name, bot)) = found else {
        return Ok(None);
    };
    let mut ratings = BTreeMap::new();
    let mut rows = tx.prepare_cached(
        "SELECT game, rating, deviation, volatility, games, last_rated_ms
             FROM ratings WHERE name_key = ?1",
    )?;
    let mut query = rows.query([&key])?;
    while let Some(row) = query.next()? {
        let standing = Standing {
            rating: row.get(1)?,
            deviation: row.get(2)?,
            volatility: row.get(3)?,
            games: row.get::<_, i64>(4)?.max(0) as u64,
            last_rated_ms: row.get::<_, Option<i64>>(5)?.map(|ms| ms.max(0) as u64),
        };
        // A game id this server does not know (a newer server's) is no rating of its.
        if let Ok(game) = Variant::parse(&row.get::<_, String>(0)?) {
            ratings.insert(game, standing);
        }
    }
    Ok(Some(PlayerInfo {
        key: NameKey::of(&key),
        name,
        bot,
        ratings,
    }))
}

pub fn by_key(tx: &Transaction<'_>, key_hash: &str) -> rusqlite::Result<Option<PlayerInfo>> {
    find(tx, "key_hash", key_hash)
}

pub fn by_name(tx: &Transaction<'_>, name: &NameKey) -> rusqlite::Result<Option<PlayerInfo>> {
    find(tx, "name_key", name.as_str())
}

pub fn leaderboard(
    tx: &Transaction<'_>,
    game: Variant,
    limit: usize,
) -> rusqlite::Result<Vec<LeaderboardEntry>> {
    let mut stmt = tx.prepare_cached(
        "SELECT p.name, r.rating, r.deviation, r.games
         FROM ratings r JOIN players p ON p.name_key = r.name_key
         WHERE r.game = ?1 AND p.bot = 0 AND r.deviation <= ?2
         ORDER BY r.rating DESC, p.name_key LIMIT ?3",
    )?;
    let rows = stmt.query_map(
        params![game.to_string(), PROVISIONAL_ABOVE, limit as i64],
        |row| {
            Ok(LeaderboardEntry {
                name: row.get(0)?,
                rating: row.get(1)?,
                deviation: row.get(2)?,
                games: row.get::<_, i64>(3)?.max(0) as u64,
            })
        },
    )?;
    rows.collect()
}

/// The standing of a room's seat in its game now (a newcomer's if the player is unknown,
/// which a paired room never holds).
pub(super) fn standing_of(
    tx: &Transaction<'_>,
    room: &Room,
    side: usize,
) -> rusqlite::Result<Standing> {
    let Some(seat) = room.players[side].as_ref() else {
        return Ok(Standing::NEW);
    };
    Ok(by_name(tx, &NameKey::of(&seat.key))?
        .map(|player| player.standing(room.game))
        .unwrap_or(Standing::NEW))
}

/// Whether [`write_standing`] replaces a rating already there.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Write {
    Over,
    IfNone,
}

pub(super) fn write_standing(
    tx: &Transaction<'_>,
    key: &str,
    game: Variant,
    s: &Standing,
    write: Write,
) -> rusqlite::Result<()> {
    let on_conflict = match write {
        Write::Over => {
            "DO UPDATE SET rating = ?3, deviation = ?4, volatility = ?5, games = ?6,
             last_rated_ms = ?7"
        }
        Write::IfNone => "DO NOTHING",
    };
    tx.execute(
        &format!(
            "INSERT INTO ratings (name_key, game, rating, deviation, volatility, games, last_rated_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
             ON CONFLICT (name_key, game) {on_conflict}"
        ),
        params![
            key,
            game.to_string(),
            s.rating,
            s.deviation,
            s.volatility,
            i64::try_from(s.games).unwrap_or(i64::MAX),
            s.last_rated_ms.map(sql_time)
        ],
    )?;
    Ok(())
}

#[async_trait]
impl PlayerStore for Sqlite {
    async fn add_computer(&self, name: &str, ratings: &Standings) -> Result<(), StoreError> {
        let (name, ratings) = (name.to_owned(), ratings.clone());
        self.ask(move |tx| add_computer(tx, &name, &ratings)).await
    }

    async fn register(&self, name: &Name, key_hash: &str, now_ms: u64) -> Result<bool, StoreError> {
        let (name, key_hash) = (name.clone(), key_hash.to_owned());
        self.ask(move |tx| register(tx, &name, &key_hash, now_ms))
            .await
    }

    async fn player_by_key(&self, key_hash: &str) -> Result<Option<PlayerInfo>, StoreError> {
        let key_hash = key_hash.to_owned();
        self.ask(move |tx| by_key(tx, &key_hash)).await
    }

    async fn player(&self, name: &NameKey) -> Result<Option<PlayerInfo>, StoreError> {
        let name = name.clone();
        self.ask(move |tx| by_name(tx, &name)).await
    }

    async fn leaderboard(
        &self,
        game: Variant,
        limit: usize,
    ) -> Result<Vec<LeaderboardEntry>, StoreError> {
        self.ask(move |tx| leaderboard(tx, game, limit)).await
    }
}
