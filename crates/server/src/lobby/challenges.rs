//! Challenges by name (correspondence.md, "Challenges"): made, accepted, declined,
//! cancelled, lapsed. Each is a lobby entry of its own (`ledger.rs`), changed from open by
//! one revision-checked write, so a challenge starts one game at most and a decline and an
//! accept cannot both land. Every refusal goes to the sender alone and changes nothing.

use qipan_engine::games::Variant;
use qipan_protocol::{ChallengeEntry, Days, ErrorCode};

use super::correspondence::{new_id, Starter};
use super::ledger::{
    challenge_key, Challenge, ChallengeState, LedgerGame, MAX_CHALLENGES, MAX_GAMES,
};
use super::seat_token::SeatKeys;
use super::{unavailable, Lobby, Me};
use crate::names::NameKey;
use crate::store::{Revision, Written};
use crate::sync::lock;

impl Lobby {
    /// Keeps the latest state of a challenge known here (written here, or seen).
    pub(super) fn know_challenge(&self, revision: Revision, challenge: &Challenge) {
        let mut challenges = lock(&self.challenges);
        let known = challenges.get(&challenge.id).map(|(at, _)| *at);
        if known.is_none_or(|at| at < revision) {
            challenges.insert(challenge.id.clone(), (revision, challenge.clone()));
        }
    }

    /// The open challenges the player made or received, as `games` lists them.
    pub(super) fn challenges_of(&self, player: &NameKey, now: u64) -> Vec<ChallengeEntry> {
        let mut open: Vec<Challenge> = lock(&self.challenges)
            .values()
            .map(|(_, c)| c)
            .filter(|c| c.is_open(now) && (c.from == player.as_str() || c.to == player.as_str()))
            .cloned()
            .collect();
        open.sort_by(|a, b| (a.made_ms, &a.id).cmp(&(b.made_ms, &b.id)));
        open.iter().map(|c| c.entry(true)).collect()
    }

    /// Challenges the player named `to`: the challenge's id.
    pub async fn challenge(
        &self,
        me: &Me,
        keys: &SeatKeys,
        to: &str,
        variant: Variant,
        rated: bool,
        days: Option<Days>,
    ) -> Result<String, ErrorCode> {
        let to_key = NameKey::of(to);
        if to_key == me.key {
            return Err(ErrorCode::OwnChallenge);
        }
        let them = self
            .players
            .player(&to_key)
            .await
            .map_err(unavailable("reading a player"))?
            .filter(|them| !them.bot)
            .ok_or(ErrorCode::NoSuchPlayer)?;
        let now = self.clock.now_ms();
        if days.is_some() {
            let open = lock(&self.challenges)
                .values()
                .filter(|(_, c)| c.from == me.key.as_str() && c.days.is_some() && c.is_open(now))
                .count();
            if open >= MAX_CHALLENGES {
                return Err(ErrorCode::TooManyChallenges);
            }
            if self.correspondence_games(&me.key).await? >= MAX_GAMES {
                return Err(ErrorCode::TooManyGames);
            }
        }
        let mine = self.starter(me, keys, variant).await?;
        let challenge = Challenge {
            id: new_id(),
            from: me.key.as_str().to_owned(),
            from_name: me.name.clone(),
            rating: mine.rating,
            to: them.key.as_str().to_owned(),
            to_name: them.name,
            game: variant,
            rated,
            days,
            made_ms: now,
            server: self.server_id.clone(),
            nonce: mine.nonce,
            token_hash: mine.token_hash,
            state: ChallengeState::Open,
        };
        let written = self
            .seeks
            .lobby_put(&challenge_key(&challenge.id), challenge.to_bytes(), None)
            .await
            .map_err(unavailable("writing a challenge"))?;
        match written {
            Written::Done(revision) => {
                self.know_challenge(revision, &challenge);
                Ok(challenge.id)
            }
            Written::Conflict => Err(ErrorCode::Unavailable),
        }
    }

    /// The challenge `id` as stored.
    async fn stored_challenge(&self, id: &str) -> Result<(Challenge, Revision), ErrorCode> {
        let entry = self
            .seeks
            .lobby_get(&challenge_key(id))
            .await
            .map_err(unavailable("reading a challenge"))?
            .ok_or(ErrorCode::NoSuchChallenge)?;
        let challenge = Challenge::read(&entry).ok_or(ErrorCode::NoSuchChallenge)?;
        Ok((challenge, entry.revision))
    }

    /// Changes an open challenge's state over the revision it was read at: `false` when it
    /// is no longer open (another change landed first).
    async fn settle_challenge(
        &self,
        challenge: &Challenge,
        revision: Revision,
        state: ChallengeState,
    ) -> Result<bool, ErrorCode> {
        let Some(new) = challenge.now(state, self.clock.now_ms()) else {
            return Ok(false);
        };
        let written = self
            .seeks
            .lobby_put(&challenge_key(&new.id), new.to_bytes(), Some(revision))
            .await
            .map_err(unavailable("writing a challenge"))?;
        Ok(match written {
            Written::Done(revision) => {
                self.know_challenge(revision, &new);
                true
            }
            Written::Conflict => false,
        })
    }

    /// The open challenge `id`, if `me` may answer it (`to_me`) or withdraw it.
    async fn open_challenge(
        &self,
        me: &Me,
        id: &str,
        to_me: bool,
    ) -> Result<(Challenge, Revision), ErrorCode> {
        let (challenge, revision) = self.stored_challenge(id).await?;
        let party = if to_me {
            &challenge.to
        } else {
            &challenge.from
        };
        if party != me.key.as_str() || !challenge.is_open(self.clock.now_ms()) {
            return Err(ErrorCode::NoSuchChallenge);
        }
        Ok((challenge, revision))
    }

    /// The challenged player takes challenge `id`: the game starts.
    pub async fn accept_challenge(
        &self,
        me: &Me,
        keys: &SeatKeys,
        id: &str,
    ) -> Result<(), ErrorCode> {
        let (challenge, revision) = self.open_challenge(me, id, true).await?;
        let from = NameKey::of(&challenge.from);
        match challenge.days {
            None => {
                let (desk, _) = self.desk(&me.key).await?;
                if self.busy(&desk).await? {
                    return Err(ErrorCode::Busy);
                }
            }
            Some(_) => self.room_for_a_game([&me.key, &from]).await?,
        }
        let challenger = Starter {
            player: from.clone(),
            name: challenge.from_name.clone(),
            rating: challenge.rating,
            nonce: challenge.nonce.clone(),
            token_hash: challenge.token_hash.clone(),
        };
        let taker = self.starter(me, keys, challenge.game).await?;
        let room = self
            .open_game(
                challenge.game,
                &challenger,
                &taker,
                challenge.rated,
                challenge.days,
            )
            .await?;
        let accepted = ChallengeState::Accepted {
            room: room.code.clone(),
        };
        if !self
            .settle_challenge(&challenge, revision, accepted)
            .await?
        {
            self.call_off_game(&room.code).await;
            return Err(ErrorCode::NoSuchChallenge);
        }
        if challenge.days.is_none() {
            // A live game: both are `busy` while it is on, as after a pairing.
            for player in [&from, &me.key] {
                if let Err(code) = self.hold(player, &room.code).await {
                    tracing::debug!(
                        error = code.name(),
                        "a live challenge's player is elsewhere"
                    );
                }
            }
        }
        let game = LedgerGame {
            room: room.code.clone(),
            days: challenge.days,
            since_ms: self.clock.now_ms(),
        };
        for player in [&from, &me.key] {
            self.rewrite_ledger(player, |l| Some(l.with_game(game.clone())))
                .await?;
        }
        Ok(())
    }

    /// The challenged player refuses challenge `id`; the challenger is told.
    pub async fn decline(&self, me: &Me, id: &str) -> Result<(), ErrorCode> {
        self.close_challenge(me, id, true, ChallengeState::Declined)
            .await
    }

    /// The challenger withdraws challenge `id`.
    pub async fn cancel(&self, me: &Me, id: &str) -> Result<(), ErrorCode> {
        self.close_challenge(me, id, false, ChallengeState::Cancelled)
            .await
    }

    /// Ends the open challenge `id` as `state`, by the challenged player (`to_me`) or the
    /// challenger: `no-such-challenge` for anyone else, or if it is no longer open.
    async fn close_challenge(
        &self,
        me: &Me,
        id: &str,
        to_me: bool,
        state: ChallengeState,
    ) -> Result<(), ErrorCode> {
        let (challenge, revision) = self.open_challenge(me, id, to_me).await?;
        if !self.settle_challenge(&challenge, revision, state).await? {
            return Err(ErrorCode::NoSuchChallenge);
        }
        Ok(())
    }

    /// The player's last connection here closed: their open live challenges made here
    /// lapse.
    pub(super) async fn lapse_live_challenges(&self, player: &NameKey) {
        let now = self.clock.now_ms();
        let theirs: Vec<(Revision, Challenge)> = lock(&self.challenges)
            .values()
            .filter(|(_, c)| {
                c.from == player.as_str()
                    && c.days.is_none()
                    && c.server == self.server_id
                    && c.is_open(now)
            })
            .cloned()
            .collect();
        for (revision, challenge) in theirs {
            let lapsed = self
                .settle_challenge(&challenge, revision, ChallengeState::Lapsed)
                .await;
            if let Err(code) = lapsed {
                tracing::warn!(error = code.name(), "a live challenge could not lapse");
            }
        }
    }
}
