//! Correspondence seeks and the player's games (correspondence.md): a seek kept in the
//! player's ledger (so it outlives its connection), paired with another within 300 rating
//! points when it is made, taken by `accept`, withdrawn by `unseek`; the open seeks of a
//! game for `GET /api/seeks/GAME`; and the `games` frame, every seat's token derived again
//! from the player's key. Starting a game: the room, then each player's ledger rewritten
//! from what it was (a seek taken out, the game put in), so a seek starts one game at most.

use std::cmp::Reverse;
use std::sync::Arc;

use qipan_engine::games::{Side, Variant};
use qipan_protocol::{Days, ErrorCode, GameEntry, OpenSeek, YourGames};
use rand::RngCore;

use super::corr_pairing::{self, OpenSeek as Pairable};
use super::ledger::{self, CorrSeek, Ledger, LedgerGame, MAX_GAMES};
use super::seat_token::SeatKeys;
use super::{unavailable, Lobby, Me};
use crate::draw;
use crate::names::NameKey;
use crate::room::{PairedSeat, Room, Seated};
use crate::store::{Revision, Written};
use crate::sync::lock;

/// How many times a ledger's write is tried again after losing a compare-and-swap.
const LEDGER_TRIES: usize = 16;

/// A person's seat in a game about to start: the token's hash and nonce, their rating.
pub(super) struct Starter {
    pub player: NameKey,
    pub name: String,
    pub rating: f64,
    pub nonce: String,
    pub token_hash: String,
}

impl Starter {
    fn seat(&self) -> PairedSeat {
        PairedSeat {
            token_hash: self.token_hash.clone(),
            player: Seated {
                name: self.name.clone(),
                key: self.player.as_str().to_owned(),
                bot: false,
                before: self.rating,
                after: None,
                nonce: Some(self.nonce.clone()),
            },
        }
    }

    fn of_seek(seek: &CorrSeek) -> Starter {
        Starter {
            player: NameKey::of(&seek.player),
            name: seek.name.clone(),
            rating: seek.rating,
            nonce: seek.nonce.clone(),
            token_hash: seek.token_hash.clone(),
        }
    }
}

/// A random id for a seek or a challenge.
pub(super) fn new_id() -> String {
    format!("{:016x}", rand::rng().next_u64())
}

impl Lobby {
    /// A player's ledger as stored, and its revision (`None`: they never had one).
    async fn ledger(&self, player: &NameKey) -> Result<(Ledger, Option<Revision>), ErrorCode> {
        let entry = self
            .seeks
            .lobby_get(&ledger::ledger_key(player))
            .await
            .map_err(unavailable("reading a ledger"))?;
        Ok(match entry {
            Some(entry) => (
                Ledger::read(&entry).unwrap_or_default(),
                Some(entry.revision),
            ),
            None => (Ledger::default(), None),
        })
    }

    /// Rewrites a player's ledger by `f` from what it is, until the write lands: the new
    /// ledger, or `None` when `f` finds nothing to do.
    pub(super) async fn rewrite_ledger(
        &self,
        player: &NameKey,
        f: impl Fn(&Ledger) -> Option<Ledger>,
    ) -> Result<Option<Ledger>, ErrorCode> {
        for _ in 0..LEDGER_TRIES {
            let (ledger, base) = self.ledger(player).await?;
            let Some(new) = f(&ledger) else {
                return Ok(None);
            };
            let written = self
                .seeks
                .lobby_put(&ledger::ledger_key(player), new.to_bytes(), base)
                .await
                .map_err(unavailable("writing a ledger"))?;
            if let Written::Done(revision) = written {
                self.know_ledger(player, revision, &new);
                return Ok(Some(new));
            }
        }
        Err(ErrorCode::Unavailable)
    }

    /// Keeps the latest ledger of a player known here (written here, or seen).
    pub(super) fn know_ledger(&self, player: &NameKey, revision: Revision, ledger: &Ledger) {
        let mut ledgers = lock(&self.ledgers);
        let known = ledgers.get(player).map(|(at, _)| *at);
        if known.is_none_or(|at| at < revision) {
            ledgers.insert(player.clone(), (revision, ledger.clone()));
        }
    }

    /// How many correspondence games not over the player has.
    pub(super) async fn correspondence_games(&self, player: &NameKey) -> Result<usize, ErrorCode> {
        let (ledger, _) = self.ledger(player).await?;
        let mut on = 0;
        for game in ledger.games.iter().filter(|g| g.days.is_some()) {
            if self
                .rooms
                .peek(&game.room)
                .await?
                .is_some_and(|r| !r.is_over())
            {
                on += 1;
            }
        }
        Ok(on)
    }

    /// `too-many-games` when either player already has [`MAX_GAMES`] correspondence games.
    pub(super) async fn room_for_a_game(&self, players: [&NameKey; 2]) -> Result<(), ErrorCode> {
        for player in players {
            if self.correspondence_games(player).await? >= MAX_GAMES {
                return Err(ErrorCode::TooManyGames);
            }
        }
        Ok(())
    }

    /// Opens the room of a game between two people, `x` drawn at random: the room.
    pub(super) async fn open_game(
        &self,
        variant: Variant,
        a: &Starter,
        b: &Starter,
        rated: bool,
        days: Option<Days>,
    ) -> Result<Arc<Room>, ErrorCode> {
        let seats = match draw::side(&mut rand::rng()) {
            Side::X => [a.seat(), b.seat()],
            Side::O => [b.seat(), a.seat()],
        };
        self.rooms.create_paired(variant, seats, rated, days).await
    }

    /// Ends a room whose start could not be completed (nobody rated).
    pub(super) async fn call_off_game(&self, code: &str) {
        if let Err(error) = self.rooms.act(code, |r, now| r.call_off(now)).await {
            tracing::warn!(room = %code, error = error.name(), "calling off a game");
        }
    }

    /// A correspondence seek of the player's: its id (the same as their open one for this
    /// game, `rated` and days, if any). Pairs it at once if another seek allows.
    pub async fn seek_correspondence(
        self: &Arc<Self>,
        me: &Me,
        keys: &SeatKeys,
        variant: Variant,
        rated: bool,
        days: Days,
    ) -> Result<String, ErrorCode> {
        let info = self.player_info(me).await?;
        if self.correspondence_games(&me.key).await? >= MAX_GAMES {
            return Err(ErrorCode::TooManyGames);
        }
        let standing = info.standing(variant);
        let (nonce, token_hash) = keys.new_seat();
        let fresh = CorrSeek {
            id: new_id(),
            player: me.key.as_str().to_owned(),
            name: me.name.clone(),
            game: variant,
            rated,
            days,
            rating: standing.rating,
            provisional: standing.is_provisional(),
            since_ms: self.clock.now_ms(),
            nonce,
            token_hash,
        };
        let written = self
            .rewrite_ledger(&me.key, |ledger| {
                match ledger.same_seek(variant, rated, days) {
                    Some(_) => None,
                    None => Some(ledger.with_seek(fresh.clone())),
                }
            })
            .await?;
        let id = match written {
            Some(_) => fresh.id,
            None => {
                let (ledger, _) = self.ledger(&me.key).await?;
                let same = ledger.same_seek(variant, rated, days);
                same.map(|seek| seek.id.clone())
                    .ok_or(ErrorCode::Unavailable)?
            }
        };
        self.pair_correspondence(variant, rated, days).await;
        Ok(id)
    }

    /// Withdraws the player's correspondence seek `id` (`no-such-seek` if they have none
    /// of that id).
    pub async fn unseek_correspondence(&self, me: &Me, id: &str) -> Result<(), ErrorCode> {
        self.rewrite_ledger(&me.key, |ledger| ledger.without_seek(id))
            .await?
            .map(|_| ())
            .ok_or(ErrorCode::NoSuchSeek)
    }

    /// Every open correspondence seek known here, with its player.
    fn open_correspondence_seeks(&self) -> Vec<CorrSeek> {
        lock(&self.ledgers)
            .values()
            .flat_map(|(_, ledger)| ledger.seeks.iter().cloned())
            .collect()
    }

    /// The open seeks of `variant`, oldest first (`GET /api/seeks/GAME`).
    pub fn open_seeks(&self, variant: Variant) -> Vec<OpenSeek> {
        let mut seeks: Vec<CorrSeek> = self
            .open_correspondence_seeks()
            .into_iter()
            .filter(|s| s.game == variant)
            .collect();
        seeks.sort_by(|a, b| (a.since_ms, &a.id).cmp(&(b.since_ms, &b.id)));
        seeks
            .into_iter()
            .map(|s| OpenSeek {
                seek: s.id,
                name: s.name,
                rating: s.rating,
                provisional: s.provisional,
                rated: s.rated,
                days: s.days,
            })
            .collect()
    }

    /// Pairs what the rule allows among the open seeks of one game id, `rated` and days.
    async fn pair_correspondence(&self, variant: Variant, rated: bool, days: Days) {
        let shelf: Vec<CorrSeek> = self
            .open_correspondence_seeks()
            .into_iter()
            .filter(|s| s.game == variant && s.rated == rated && s.days == days)
            .collect();
        let book: Vec<Pairable> = shelf
            .iter()
            .map(|s| Pairable {
                id: s.id.clone(),
                player: s.player.clone(),
                game: s.game,
                rated: s.rated,
                days: s.days,
                rating: s.rating,
                since_ms: s.since_ms,
            })
            .collect();
        for (older, newer) in corr_pairing::pairs(&book) {
            let find = |id: &str| shelf.iter().find(|s| s.id == id).cloned();
            if let (Some(older), Some(newer)) = (find(&older), find(&newer)) {
                if let Err(code) = self.pair_seeks(&older, &newer).await {
                    tracing::debug!(error = code.name(), "a correspondence pairing was not made");
                }
            }
        }
    }

    /// Starts the game of two seeks: the room, then each seek taken out of its ledger and
    /// the game put in, the older first; if the newer is gone by then, the older is given
    /// back and the room called off.
    async fn pair_seeks(&self, older: &CorrSeek, newer: &CorrSeek) -> Result<(), ErrorCode> {
        let (a, b) = (Starter::of_seek(older), Starter::of_seek(newer));
        self.room_for_a_game([&a.player, &b.player]).await?;
        let days = Some(older.days);
        let room = self
            .open_game(older.game, &a, &b, older.rated, days)
            .await?;
        let game = LedgerGame {
            room: room.code.clone(),
            days,
            since_ms: self.clock.now_ms(),
        };
        let take = |id: &str| {
            let game = game.clone();
            let id = id.to_owned();
            move |l: &Ledger| l.without_seek(&id).map(|l| l.with_game(game.clone()))
        };
        if self
            .rewrite_ledger(&a.player, take(&older.id))
            .await?
            .is_none()
        {
            self.call_off_game(&room.code).await;
            return Err(ErrorCode::NoSuchSeek);
        }
        if self
            .rewrite_ledger(&b.player, take(&newer.id))
            .await?
            .is_none()
        {
            let back = |l: &Ledger| Some(l.without_game(&game.room).with_seek(older.clone()));
            self.rewrite_ledger(&a.player, back).await?;
            self.call_off_game(&room.code).await;
            return Err(ErrorCode::NoSuchSeek);
        }
        tracing::debug!(room = %room.code, game = %older.game, "correspondence seeks paired");
        Ok(())
    }

    /// Takes another player's open correspondence seek `id`: the game starts.
    pub async fn accept_seek(&self, me: &Me, keys: &SeatKeys, id: &str) -> Result<(), ErrorCode> {
        let seek = self
            .open_correspondence_seeks()
            .into_iter()
            .find(|s| s.id == id)
            .ok_or(ErrorCode::NoSuchSeek)?;
        let owner = Starter::of_seek(&seek);
        if owner.player == me.key {
            return Err(ErrorCode::OwnSeek);
        }
        self.room_for_a_game([&me.key, &owner.player]).await?;
        let taker = self.starter(me, keys, seek.game).await?;
        let days = Some(seek.days);
        let room = self
            .open_game(seek.game, &owner, &taker, seek.rated, days)
            .await?;
        let game = LedgerGame {
            room: room.code.clone(),
            days,
            since_ms: self.clock.now_ms(),
        };
        let taken = self
            .rewrite_ledger(&owner.player, |l| {
                l.without_seek(id).map(|l| l.with_game(game.clone()))
            })
            .await?;
        if taken.is_none() {
            self.call_off_game(&room.code).await;
            return Err(ErrorCode::NoSuchSeek);
        }
        self.rewrite_ledger(&me.key, |l| Some(l.with_game(game.clone())))
            .await?;
        Ok(())
    }

    /// The logged-in player's seat in a game about to start: a new seat's token derived
    /// from their key, their rating in `variant`.
    pub(super) async fn starter(
        &self,
        me: &Me,
        keys: &SeatKeys,
        variant: Variant,
    ) -> Result<Starter, ErrorCode> {
        let info = self.player_info(me).await?;
        let (nonce, token_hash) = keys.new_seat();
        Ok(Starter {
            player: me.key.clone(),
            name: me.name.clone(),
            rating: info.standing(variant).rating,
            nonce,
            token_hash,
        })
    }

    /// The `games` frame's body for the logged-in player.
    pub async fn your_games(&self, me: &Me, keys: &SeatKeys) -> Result<YourGames, ErrorCode> {
        let (ledger, _) = self.ledger(&me.key).await?;
        let mut codes: Vec<String> = ledger.games.iter().map(|g| g.room.clone()).collect();
        let (desk, _) = self.desk(&me.key).await?;
        if let Some(room) = desk.room.filter(|r| !codes.contains(&r.code)) {
            codes.push(room.code);
        }
        let now = self.clock.now_ms();
        let mut games = Vec::new();
        for code in codes {
            let Some(room) = self.rooms.peek(&code).await? else {
                continue;
            };
            if let Some(entry) = game_entry(&room, me, keys, now) {
                games.push(entry);
            }
        }
        games.sort_by_key(|g| (Reverse(g.your_turn), g.turn_ms));
        let challenges = self.challenges_of(&me.key, now);
        Ok(YourGames {
            games,
            challenges,
            seeks: ledger.seek_entries(),
        })
    }
}

/// The player's side in a room, and its token, derived from their key: `None` when none of
/// the room's seats is theirs that way.
pub fn my_seat(room: &Room, me: &Me, keys: &SeatKeys) -> Option<(Side, crate::secret::Secret)> {
    [Side::X, Side::O].into_iter().find_map(|side| {
        let seated = room.player(side)?;
        if seated.key != me.key.as_str() {
            return None;
        }
        let token = keys.token(seated.nonce.as_deref()?);
        (room.seat_of(&token.hash()) == Some(side)).then_some((side, token))
    })
}

/// A game of the player's not over, as `games` lists it.
fn game_entry(room: &Room, me: &Me, keys: &SeatKeys, now: u64) -> Option<GameEntry> {
    if room.is_over() {
        return None;
    }
    let (side, token) = my_seat(room, me, keys)?;
    let opponent = room.player(side.opponent())?.name.clone();
    Some(GameEntry {
        room: room.code.clone(),
        game: room.game,
        seat: side,
        token: token.expose().to_owned(),
        opponent,
        days: room.days,
        plies: room.plies.len() as u64,
        your_turn: room.side_to_move() == Some(side),
        turn_ms: room.turn_ms(now).unwrap_or(0),
    })
}
