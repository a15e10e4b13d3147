//! Seeking a game (lobby.md): a connection's seek written to its player's desk, withdrawn,
//! refused while the player is `busy`, and handed back to the connection once paired.

use qipan_engine::games::Variant;
use qipan_protocol::ErrorCode;
use rand::RngCore;
use tokio::sync::mpsc;

use super::desk::{self, Desk, DeskSeek};
use super::seat_token::{self, SeatKeys};
use super::{unavailable, Lobby, Me};
use crate::names::NameKey;
use crate::secret::Secret;
use crate::store::{Revision, Written};
use crate::sync::lock;

/// How many times a desk's write is tried again after losing a compare-and-swap.
const DESK_TRIES: usize = 16;

/// A pairing, handed to the connection whose seek it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paired {
    pub room: String,
    pub seek: String,
}

/// A connection's seek: its id, and the token of the seat a pairing gives it.
#[derive(Debug)]
pub struct LocalSeek {
    pub id: String,
    pub token: Secret,
}

impl Lobby {
    /// A player's desk and its revision (`None`: they never had one).
    pub(super) async fn desk(
        &self,
        player: &NameKey,
    ) -> Result<(Desk, Option<Revision>), ErrorCode> {
        let entry = self
            .seeks
            .lobby_get(&desk::key(player))
            .await
            .map_err(unavailable("reading a desk"))?;
        Ok(match entry {
            Some(entry) => (Desk::read(&entry).unwrap_or_default(), Some(entry.revision)),
            None => (Desk::default(), None),
        })
    }

    /// Writes a desk over `base`; `false` when another write came first.
    pub(super) async fn put_desk(
        &self,
        player: &NameKey,
        desk: &Desk,
        base: Option<Revision>,
    ) -> Result<Option<Revision>, ErrorCode> {
        let written = self
            .seeks
            .lobby_put(&desk::key(player), desk.to_bytes(), base)
            .await
            .map_err(unavailable("writing a desk"))?;
        Ok(match written {
            Written::Done(revision) => Some(revision),
            Written::Conflict => None,
        })
    }

    /// Whether the desk's room holds a paired game of the player that is not over (or
    /// whose end is not recorded yet).
    pub(super) async fn busy(&self, desk: &Desk) -> Result<bool, ErrorCode> {
        let Some(room) = &desk.room else {
            return Ok(false);
        };
        let room = self.rooms.peek(&room.code).await?;
        Ok(room.is_some_and(|room| !room.is_over() || room.needs_settling()))
    }

    /// Seeks `game` for the player: any earlier seek of theirs is replaced. `to` hears of
    /// the pairing.
    pub async fn seek(
        &self,
        me: &Me,
        keys: &SeatKeys,
        variant: Variant,
        rated: bool,
        to: mpsc::UnboundedSender<Paired>,
    ) -> Result<LocalSeek, ErrorCode> {
        let player = self.player_info(me).await?;
        // Derived from the player's key, so that `games` lists the game with its token.
        let nonce = seat_token::draw_nonce();
        let token = keys.token(&nonce);
        let id = format!("{:016x}", rand::rng().next_u64());
        // Listening before the desk says so: the pairing may come at once.
        lock(&self.seekers).insert(id.clone(), to);
        let result = self
            .write_seek(me, &id, || DeskSeek {
                id: id.clone(),
                server: self.server_id.clone(),
                player: me.key.as_str().to_owned(),
                name: me.name.clone(),
                game: variant,
                rated,
                rating: player.standing(variant).rating,
                since_ms: self.clock.now_ms(),
                computer_after_ms: self.settings.bot_after_ms,
                token_hash: token.hash(),
                nonce: Some(nonce.clone()),
                claimed: None,
            })
            .await;
        match result {
            Ok(()) => Ok(LocalSeek { id, token }),
            Err(code) => {
                self.forget(&id);
                Err(code)
            }
        }
    }

    async fn write_seek(
        &self,
        me: &Me,
        id: &str,
        seek: impl Fn() -> DeskSeek,
    ) -> Result<(), ErrorCode> {
        for _ in 0..DESK_TRIES {
            let (desk, revision) = self.desk(&me.key).await?;
            if self.busy(&desk).await? {
                return Err(ErrorCode::Busy);
            }
            let new = Desk {
                room: desk.room.clone(),
                seek: Some(seek()),
            };
            if self.put_desk(&me.key, &new, revision).await?.is_some() {
                tracing::debug!(seek = id, "seeking");
                return Ok(());
            }
        }
        Err(ErrorCode::Unavailable)
    }

    /// Withdraws the player's seek: the one with that id (a connection's own, as it
    /// closes), or any (`unseek`).
    pub async fn unseek(&self, player: &NameKey, id: Option<&str>) -> Result<(), ErrorCode> {
        if let Some(id) = id {
            self.forget(id);
        }
        for _ in 0..DESK_TRIES {
            let (desk, revision) = self.desk(player).await?;
            let Some(new) = desk.without_seek(id) else {
                return Ok(());
            };
            if self.put_desk(player, &new, revision).await?.is_some() {
                return Ok(());
            }
        }
        Err(ErrorCode::Unavailable)
    }

    /// Stops listening for the pairing of seek `id`.
    pub fn forget(&self, id: &str) {
        lock(&self.seekers).remove(id);
    }

    /// A desk seen changed: if it pairs a seek made here, its connection is told.
    pub(super) fn deliver(&self, desk: &Desk) {
        let Some(room) = &desk.room else { return };
        let Some(id) = &room.seek else { return };
        let Some(to) = lock(&self.seekers).remove(id) else {
            return;
        };
        let _ = to.send(Paired {
            room: room.code.clone(),
            seek: id.clone(),
        });
    }
}
