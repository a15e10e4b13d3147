//! Players in the bucket `qipan-players`, finished games in `qipan-games`.
//!
//! - `p.<name>`: a player's entry ([`Entry`]: name, key hash, ratings, last games), `<name>`
//!   being the folded name in hex (keys allow only a few ASCII characters). A registration
//!   creates it, so two servers registering one name at once cannot both succeed.
//! - `k.<key hash>`: which player a key opens. Written before the player's entry, so that a
//!   registration cut short leaves at most a pointer that no entry confirms (a login
//!   checks the entry's own key hash).
//! - `g.<room>.<round>`: a finished paired game's RECORD; `l.<room>`: its room's last one.
//!
//! Every server follows the players' entries to answer the leaderboard from memory (a
//! change reaches it within milliseconds); everything else is read directly.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use async_nats::jetstream::kv;
use async_trait::async_trait;
use futures_util::StreamExt;
use qipan_engine::games::Variant;
use qipan_protocol::{GameRecord, LeaderboardEntry, PLAYER_RECORDS, PROVISIONAL_ABOVE};
use qipan_vocab::variant_map;
use serde::{Deserialize, Serialize};

use super::Nats;
use crate::names::{Name, NameKey};
use crate::store::{
    PlayerInfo, PlayerStore, RecordStore, Revision, Standing, Standings, StoreError,
};

pub const BUCKET: &str = "qipan-players";
pub const GAMES: &str = "qipan-games";

/// A player as the bucket keeps them.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Entry {
    pub name: String,
    /// SHA-256 of their key; `None` for the computer.
    pub key_hash: Option<String>,
    pub bot: bool,
    pub created_ms: u64,
    #[serde(default, with = "variant_map")]
    pub ratings: Standings,
    /// Their last finished paired games (`<room>.<round>`), newest first.
    #[serde(default)]
    pub recent: Vec<String>,
    /// The sequence in `QIPAN_RESULTS` of the last result applied to them.
    #[serde(default)]
    pub applied: u64,
}

impl Entry {
    pub fn info(&self, key: &NameKey) -> PlayerInfo {
        PlayerInfo {
            key: key.clone(),
            name: self.name.clone(),
            bot: self.bot,
            ratings: self.ratings.clone(),
        }
    }
}

fn player_key(name: &NameKey) -> String {
    format!("p.{}", name.to_hex())
}

fn corrupt(what: &str, source: serde_json::Error) -> StoreError {
    StoreError::CorruptEntry {
        what: what.to_owned(),
        source,
    }
}

/// The players' and games' buckets, and the leaderboard's copy of everyone's ratings.
#[derive(Clone)]
pub struct Players {
    kv: kv::Store,
    games: kv::Store,
    /// Everyone's entry, by key, as last seen.
    everyone: Arc<RwLock<HashMap<String, Entry>>>,
}

impl Players {
    pub fn new(kv: kv::Store, games: kv::Store) -> Players {
        Players {
            kv,
            games,
            everyone: Arc::default(),
        }
    }

    /// A computer player, made if the bucket has not got them yet, with a rating in each
    /// of `ratings`' game ids they have none in yet.
    pub async fn add_computer(&self, name: &str, ratings: &Standings) -> Result<(), StoreError> {
        let key = NameKey::of(name);
        let entry = Entry {
            name: name.to_owned(),
            key_hash: None,
            bot: true,
            created_ms: 0,
            ratings: ratings.clone(),
            recent: Vec::new(),
            applied: 0,
        };
        if self.create(&player_key(&key), &entry).await? {
            return Ok(());
        }
        self.update(&key, |entry| {
            let missing: Vec<_> = ratings
                .iter()
                .filter(|(game, _)| !entry.ratings.contains_key(game))
                .collect();
            for (&game, &standing) in &missing {
                entry.ratings.insert(game, standing);
            }
            !missing.is_empty()
        })
        .await
    }

    /// Creates `key`; `false` when it exists.
    async fn create(&self, key: &str, value: &impl Serialize) -> Result<bool, StoreError> {
        let data = serde_json::to_vec(value).map_err(StoreError::Encode)?;
        match self.kv.create(key, data.into()).await {
            Ok(_) => Ok(true),
            Err(e) if e.kind() == kv::CreateErrorKind::AlreadyExists => Ok(false),
            Err(e) => Err(StoreError::nats(format!("creating {key}"), e)),
        }
    }

    pub async fn register(
        &self,
        name: &Name,
        key_hash: &str,
        now_ms: u64,
    ) -> Result<bool, StoreError> {
        let pointer = name.key().to_hex();
        if !self.create(&format!("k.{key_hash}"), &pointer).await? {
            return Err(StoreError::nats("a new key", "its hash is taken"));
        }
        let entry = Entry {
            name: name.as_str().to_owned(),
            key_hash: Some(key_hash.to_owned()),
            bot: false,
            created_ms: now_ms,
            ratings: BTreeMap::new(),
            recent: Vec::new(),
            applied: 0,
        };
        self.create(&player_key(name.key()), &entry).await
    }

    /// A player's entry and its revision.
    pub async fn get(&self, name: &NameKey) -> Result<Option<(Entry, Revision)>, StoreError> {
        let key = player_key(name);
        let found = self
            .kv
            .entry(&key)
            .await
            .map_err(|e| StoreError::nats(format!("reading {key}"), e))?;
        let Some(found) = found.filter(|e| e.operation == kv::Operation::Put) else {
            return Ok(None);
        };
        let entry = serde_json::from_slice(&found.value).map_err(|e| corrupt(&key, e))?;
        Ok(Some((entry, Revision(found.revision))))
    }

    pub async fn by_key(&self, key_hash: &str) -> Result<Option<PlayerInfo>, StoreError> {
        let key = format!("k.{key_hash}");
        let pointer = self
            .kv
            .get(&key)
            .await
            .map_err(|e| StoreError::nats(format!("reading {key}"), e))?;
        let Some(pointer) = pointer else {
            return Ok(None);
        };
        let hex: String = serde_json::from_slice(&pointer).map_err(|e| corrupt(&key, e))?;
        let found = match NameKey::from_hex(&hex) {
            Some(name) => self.get(&name).await?,
            None => None,
        };
        Ok(found
            .filter(|(entry, _)| entry.key_hash.as_deref() == Some(key_hash))
            .map(|(entry, _)| {
                let name = NameKey::of(&entry.name);
                entry.info(&name)
            }))
    }

    /// Changes a player's entry by `change` (which answers whether it changed anything),
    /// in a compare-and-swap tried again until it lands on the entry as it stands.
    async fn update(
        &self,
        name: &NameKey,
        mut change: impl FnMut(&mut Entry) -> bool,
    ) -> Result<(), StoreError> {
        loop {
            let Some((mut entry, revision)) = self.get(name).await? else {
                return Ok(());
            };
            if !change(&mut entry) {
                return Ok(());
            }
            let data = serde_json::to_vec(&entry).map_err(StoreError::Encode)?;
            let key = player_key(name);
            match self.kv.update(&key, data.into(), revision.0).await {
                Ok(_) => return Ok(()),
                Err(e) if e.kind() == kv::UpdateErrorKind::WrongLastRevision => continue,
                Err(e) => return Err(StoreError::nats(format!("writing {key}"), e)),
            }
        }
    }

    /// Applies the result at sequence `seq` (game `id`, `<room>.<round>`) to a player, once:
    /// `rate` gives their new standing from their standing now (`None`: not rated), and
    /// the game joins their last games. Answers their rating after it, for a rated game.
    pub async fn apply(
        &self,
        name: &NameKey,
        game: Variant,
        seq: u64,
        id: &str,
        rate: impl Fn(Standing) -> Option<Standing>,
    ) -> Result<Option<f64>, StoreError> {
        let mut after = None;
        self.update(name, |entry| {
            let now = entry.info(name).standing(game);
            let new = rate(now);
            if entry.applied >= seq {
                // Applied before (a server stopped mid-way): its rating then is the one now.
                after = new.map(|_| now.rating);
                return false;
            }
            after = new.map(|new| new.rating);
            if let Some(new) = new {
                entry.ratings.insert(game, new);
            }
            entry.recent.insert(0, id.to_owned());
            entry.recent.truncate(PLAYER_RECORDS);
            entry.applied = seq;
            true
        })
        .await?;
        Ok(after)
    }

    /// Stores a finished game's record (once; a second write of it is ignored).
    pub async fn put_record(&self, id: &str, record: &GameRecord) -> Result<(), StoreError> {
        let data = serde_json::to_vec(record).map_err(StoreError::Encode)?;
        match self
            .games
            .create(format!("g.{id}"), data.clone().into())
            .await
        {
            Ok(_) => {}
            Err(e) if e.kind() == kv::CreateErrorKind::AlreadyExists => {}
            Err(e) => return Err(StoreError::nats(format!("writing game {id}"), e)),
        }
        self.games
            .put(format!("l.{}", record.room), data.into())
            .await
            .map_err(|e| StoreError::nats(format!("writing game {id}"), e))?;
        Ok(())
    }

    async fn record(&self, key: &str) -> Result<Option<GameRecord>, StoreError> {
        let found = self
            .games
            .get(key)
            .await
            .map_err(|e| StoreError::nats(format!("reading {key}"), e))?;
        found
            .map(|data| serde_json::from_slice(&data).map_err(|e| corrupt(key, e)))
            .transpose()
    }

    pub async fn games(&self, name: &NameKey, limit: usize) -> Result<Vec<GameRecord>, StoreError> {
        let Some((entry, _)) = self.get(name).await? else {
            return Ok(Vec::new());
        };
        let mut records = Vec::new();
        for id in entry.recent.iter().take(limit) {
            records.extend(self.record(&format!("g.{id}")).await?);
        }
        Ok(records)
    }

    pub async fn last_record(&self, code: &str) -> Result<Option<GameRecord>, StoreError> {
        self.record(&format!("l.{code}")).await
    }

    pub fn leaderboard(&self, game: Variant, limit: usize) -> Vec<LeaderboardEntry> {
        let everyone = self.everyone.read().unwrap_or_else(|e| e.into_inner());
        let mut board: Vec<(&String, LeaderboardEntry)> = everyone
            .iter()
            .filter(|(_, entry)| !entry.bot)
            .filter_map(|(key, entry)| {
                let standing = entry.ratings.get(&game)?;
                (standing.deviation <= PROVISIONAL_ABOVE).then(|| {
                    let row = LeaderboardEntry {
                        name: entry.name.clone(),
                        rating: standing.rating,
                        deviation: standing.deviation,
                        games: standing.games,
                    };
                    (key, row)
                })
            })
            .collect();
        board.sort_by(|a, b| b.1.rating.total_cmp(&a.1.rating).then(a.0.cmp(b.0)));
        board.into_iter().take(limit).map(|(_, row)| row).collect()
    }

    /// Keeps the copy of everyone's entry up to date, for as long as the store lives.
    pub async fn follow(self) {
        loop {
            match self.kv.watch_with_history("p.>").await {
                Ok(mut watch) => {
                    while let Some(Ok(change)) = watch.next().await {
                        let mut everyone = self.everyone.write().unwrap_or_else(|e| e.into_inner());
                        match serde_json::from_slice::<Entry>(&change.value) {
                            Ok(entry) if change.operation == kv::Operation::Put => {
                                everyone.insert(change.key, entry);
                            }
                            _ => {
                                everyone.remove(&change.key);
                            }
                        }
                    }
                }
                Err(e) => tracing::warn!(error = %e, "watching the players"),
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }
}

#[async_trait]
impl PlayerStore for Nats {
    async fn add_computer(&self, name: &str, ratings: &Standings) -> Result<(), StoreError> {
        self.players.add_computer(name, ratings).await
    }

    async fn register(&self, name: &Name, key_hash: &str, now_ms: u64) -> Result<bool, StoreError> {
        self.players.register(name, key_hash, now_ms).await
    }

    async fn player_by_key(&self, key_hash: &str) -> Result<Option<PlayerInfo>, StoreError> {
        self.players.by_key(key_hash).await
    }

    async fn player(&self, name: &NameKey) -> Result<Option<PlayerInfo>, StoreError> {
        Ok(self
            .players
            .get(name)
            .await?
            .map(|(entry, _)| entry.info(name)))
    }

    async fn leaderboard(
        &self,
        game: Variant,
        limit: usize,
    ) -> Result<Vec<LeaderboardEntry>, StoreError> {
        Ok(self.players.leaderboard(game, limit))
    }
}

#[async_trait]
impl RecordStore for Nats {
    async fn player_games(
        &self,
        name: &NameKey,
        limit: usize,
    ) -> Result<Vec<GameRecord>, StoreError> {
        self.players.games(name, limit).await
    }

    async fn last_record(&self, code: &str) -> Result<Option<GameRecord>, StoreError> {
        self.players.last_record(code).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A player's entry as servers have written it (ratings keyed by game id) reads, and
    /// writes back byte for byte.
    #[test]
    fn an_entry_as_stored_today_reads_and_writes_back_unchanged() {
        let text = r#"{"name":"Ann","key_hash":"kh","bot":false,"created_ms":5,"ratings":{"blockade:solidarity":{"rating":1510.5,"deviation":200.0,"volatility":0.09,"games":1,"last_rated_ms":7},"push":{"rating":1500.0,"deviation":500.0,"volatility":0.09,"games":0,"last_rated_ms":null}},"recent":["ABCDEFGH.1"],"applied":3}"#;
        let entry: Entry = serde_json::from_str(text).expect("a stored entry reads");
        let solidarity = Variant::parse("blockade:solidarity").expect("a game id");
        assert_eq!(entry.ratings.get(&solidarity).map(|s| s.games), Some(1));
        assert_eq!(serde_json::to_string(&entry).ok().as_deref(), Some(text));
    }
}
