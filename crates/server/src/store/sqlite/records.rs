//! Finished paired games in the SQLite file: each one's RECORD (table `games`, by room
//! and round), written with its ratings in the transaction that ends it.

use async_trait::async_trait;
use qipan_protocol::GameRecord;
use rusqlite::{params, Transaction};

use super::players::{standing_of, write_standing, Write};
use super::{conversion, sql_time, Sqlite};
use crate::names::NameKey;
use crate::room::Room;
use crate::store::{rate_both, RatingRule, RecordStore, StoreError};

#[async_trait]
impl RecordStore for Sqlite {
    async fn player_games(
        &self,
        name: &NameKey,
        limit: usize,
    ) -> Result<Vec<GameRecord>, StoreError> {
        let name = name.clone();
        self.ask(move |tx| games(tx, &name, limit)).await
    }

    async fn last_record(&self, code: &str) -> Result<Option<GameRecord>, StoreError> {
        let code = code.to_owned();
        self.ask(move |tx| last_record(tx, &code)).await
    }
}

fn read_records(
    stmt: &mut rusqlite::CachedStatement<'_>,
    params: impl rusqlite::Params,
) -> rusqlite::Result<Vec<GameRecord>> {
    let texts = stmt
        .query_map(params, |row| row.get::<_, String>(0))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    texts
        .iter()
        .map(|text| {
            serde_json::from_str(text).map_err(|e| {
                rusqlite::Error::FromSqlConversionFailure(
                    0,
                    rusqlite::types::Type::Text,
                    Box::new(e),
                )
            })
        })
        .collect()
}

pub fn games(
    tx: &Transaction<'_>,
    name: &NameKey,
    limit: usize,
) -> rusqlite::Result<Vec<GameRecord>> {
    // Two indexed halves rather than an OR, which SQLite may answer with a scan.
    let mut stmt = tx.prepare_cached(
        "SELECT record FROM (
             SELECT record, finished_ms, room, round FROM games WHERE x_key = ?1
             UNION ALL
             SELECT record, finished_ms, room, round FROM games WHERE o_key = ?1 AND x_key IS NOT ?1
         ) ORDER BY finished_ms DESC, room DESC, round DESC LIMIT ?2",
    )?;
    read_records(&mut stmt, params![name.as_str(), limit as i64])
}

pub fn last_record(tx: &Transaction<'_>, code: &str) -> rusqlite::Result<Option<GameRecord>> {
    let mut stmt =
        tx.prepare_cached("SELECT record FROM games WHERE room = ?1 ORDER BY round DESC LIMIT 1")?;
    Ok(read_records(&mut stmt, [code])?.pop())
}

/// The end of a paired game, in the caller's transaction: the two players' ratings (as
/// `rule` rates the game, each from both standings now) and the game's record. Answers the
/// room to store. A record already there (the room was settled before) fails the insert,
/// and with it the whole job: nothing is rated twice.
pub fn finish(tx: &Transaction<'_>, room: &Room, rule: &RatingRule) -> rusqlite::Result<Room> {
    let now = [standing_of(tx, room, 0)?, standing_of(tx, room, 1)?];
    let rated = rate_both(rule, room, now);
    let settled = room.recorded(rated.map_or([None, None], |new| new.map(|s| Some(s.rating))));
    if let Some(new) = rated {
        for (seat, standing) in settled.players.iter().zip(new) {
            if let Some(seat) = seat {
                write_standing(tx, &seat.key, room.game, &standing, Write::Over)?;
            }
        }
    }
    let record = serde_json::to_string(&settled.record()).map_err(conversion)?;
    let key = |side: usize| settled.players[side].as_ref().map(|p| p.key.clone());
    tx.execute(
        "INSERT INTO games (room, round, game, finished_ms, x_key, o_key, record)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            settled.code,
            settled.round,
            settled.game.to_string(),
            sql_time(settled.updated_ms),
            key(0),
            key(1),
            record
        ],
    )?;
    Ok(settled)
}
