//! A rematch in a paired room (lobby.md: "a new game between the same two players, rated or
//! casual as the first was"). The request that starts the new game first makes sure
//! neither player is in another game or seeking one (`busy` otherwise: a player is in one
//! paired game at a time), points both players' desks to this room (they are `busy` here
//! now), and starts the new round from their ratings now. A friend's room rematches as
//! online.md says.

use std::sync::Arc;

use qipan_engine::games::Side;
use qipan_protocol::ErrorCode;

use super::desk::{Desk, DeskRoom};
use super::{unavailable, Lobby};
use crate::names::NameKey;
use crate::room::Room;

impl Lobby {
    /// A rematch request by the seat `token_hash` holds in room `code`.
    pub async fn rematch(&self, code: &str, token_hash: &str) -> Result<Arc<Room>, ErrorCode> {
        let room = self.rooms.peek(code).await?.ok_or(ErrorCode::NoSuchRoom)?;
        let side = room.seat_of(token_hash).ok_or(ErrorCode::BadToken)?;
        self.rematch_as(code, side).await
    }

    /// A rematch request by `side` in room `code` (the computer's, or a checked token's).
    pub async fn rematch_as(&self, code: &str, side: Side) -> Result<Arc<Room>, ErrorCode> {
        let room = self.rooms.peek(code).await?.ok_or(ErrorCode::NoSuchRoom)?;
        let starts = room.is_over() && room.rematch[side.opponent().index()];
        if !room.is_paired() || !starts {
            return self
                .rooms
                .act(code, |r, now| r.ask_rematch_as(side, now))
                .await;
        }
        if room.needs_settling() {
            // The first game's end is still being recorded.
            return Err(ErrorCode::Busy);
        }
        // The new round swaps the seats: x's rating first.
        let mut before = [0.0; 2];
        for side in [Side::X, Side::O] {
            let Some(seat) = room.player(side.opponent()) else {
                continue;
            };
            let player = NameKey::of(&seat.key);
            before[side.index()] = match self.players.player(&player).await {
                Ok(Some(info)) => info.standing(room.game).rating,
                Ok(None) => seat.before,
                Err(e) => return Err(unavailable("reading a player")(e)),
            };
            // A correspondence game never makes a player `busy` (correspondence.md).
            if !seat.bot && room.days.is_none() {
                self.hold(&player, code).await?;
            }
        }
        self.rooms
            .act(code, |r, now| {
                let next = r.ask_rematch_as(side, now)?;
                Ok(if next.round > r.round {
                    next.with_ratings_before(before)
                } else {
                    next
                })
            })
            .await
    }

    /// Points a player's desk to room `code` for a new game there: `busy` when they seek
    /// or play another game.
    pub(super) async fn hold(&self, player: &NameKey, code: &str) -> Result<(), ErrorCode> {
        for _ in 0..8 {
            let (desk, revision) = self.desk(player).await?;
            if desk.seek.is_some() {
                return Err(ErrorCode::Busy);
            }
            if let Some(other) = desk.room.as_ref().filter(|r| r.code != code) {
                let other = self.rooms.peek(&other.code).await?;
                if other.is_some_and(|r| !r.is_over() || r.needs_settling()) {
                    return Err(ErrorCode::Busy);
                }
            }
            let held = Desk {
                room: Some(DeskRoom {
                    code: code.to_owned(),
                    seek: None,
                }),
                seek: None,
            };
            if desk == held || self.put_desk(player, &held, revision).await?.is_some() {
                return Ok(());
            }
        }
        Err(ErrorCode::Unavailable)
    }
}
