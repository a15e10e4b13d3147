//! A pairing made real: the room opened and the seeks' desks rewritten to point to it, each
//! from the revision the pairing loop read, so that a seek withdrawn, replaced or paired
//! elsewhere since makes the claim fail rather than pair anyone twice.
//!
//! Two people: the room is opened (nobody knows its code yet); the longer waiter's desk is
//! *claimed* for it (its server does not hand it over yet); the other's desk is *paired*
//! (its server hands the seat to its connection); then the first is paired too. If the
//! first claim fails, the room is called off and the other seek stays in the book; if the
//! second fails, the first is given back and the room called off. Only if the first seek
//! goes in the instant between the second claim and its own pairing is the second player
//! handed a room that is then called off (aborted, nobody rated): they seek again.

use std::sync::Arc;

use qipan_engine::games::{Side, Variant};

use super::computer::ComputerPlayer;
use super::desk::{Desk, DeskAt, DeskSeek};
use super::pairing::{ComputerOffer, Pairing, Seek};
use super::Lobby;
use crate::draw;
use crate::names::NameKey;
use crate::room::{PairedSeat, Room, Seated, COMPUTER_SEAT};
use crate::store::Revision;

type Back = Vec<Seek<DeskAt>>;

fn seek_of(seek: &Seek<DeskAt>) -> Option<&DeskSeek> {
    seek.tag.desk.seek.as_ref()
}

fn person(seek: &DeskSeek) -> PairedSeat {
    PairedSeat {
        token_hash: seek.token_hash.clone(),
        player: Seated {
            name: seek.name.clone(),
            key: seek.player.clone(),
            bot: false,
            before: seek.rating,
            after: None,
            nonce: seek.nonce.clone(),
        },
    }
}

fn computer(bot: ComputerPlayer, rating: f64) -> PairedSeat {
    PairedSeat {
        token_hash: COMPUTER_SEAT.to_owned(),
        player: Seated {
            name: bot.name().to_owned(),
            key: NameKey::of(bot.name()).as_str().to_owned(),
            bot: true,
            before: rating,
            after: None,
            nonce: None,
        },
    }
}

/// `[x, o]` of two seats, drawn at random.
fn seats_drawn(a: PairedSeat, b: PairedSeat) -> [PairedSeat; 2] {
    match draw::side(&mut rand::rng()) {
        Side::X => [a, b],
        Side::O => [b, a],
    }
}

impl Lobby {
    /// Rewrites a desk read at `base` by `f`; the new revision, or `None` when the desk
    /// changed since (or `f` finds nothing to do).
    async fn rewrite(
        &self,
        seek: &Seek<DeskAt>,
        base: Revision,
        desk: &Desk,
        f: impl FnOnce(&Desk) -> Option<Desk>,
    ) -> Option<(Revision, Desk)> {
        let new = f(desk)?;
        match self.put_desk(&seek.player, &new, Some(base)).await {
            Ok(Some(revision)) => Some((revision, new)),
            _ => None,
        }
    }

    /// Ends a room whose pairing could not be completed (nobody rated).
    async fn call_off(&self, code: &str) {
        if let Err(error) = self.rooms.act(code, |r, now| r.call_off(now)).await {
            tracing::warn!(room = %code, error = error.name(), "calling off a pairing");
        }
    }
}

/// Makes `pairing` real; answers the seeks to put back in the book (those whose desks did
/// not change).
pub async fn make(
    lobby: &Lobby,
    variant: Variant,
    pairing: Pairing<DeskAt>,
    offer: &ComputerOffer,
) -> Back {
    match pairing {
        Pairing::People(a, b) => people(lobby, variant, a, b).await,
        Pairing::Computer {
            seek,
            computer: bot,
        } => {
            let local = seek_of(&seek).is_some_and(|s| s.server == lobby.server_id);
            let room = against_computer(lobby, variant, &seek, bot, offer).await;
            // A place taken here for this server's own seek: the room holds it, or it is
            // given back. (Another server counts the rooms its players play in.)
            if local {
                match &room {
                    Some(room) => lobby.computer.started(room),
                    None => lobby.computer.release(),
                }
            }
            Vec::new()
        }
    }
}

async fn people(lobby: &Lobby, variant: Variant, a: Seek<DeskAt>, b: Seek<DeskAt>) -> Back {
    let (Some(first), Some(second)) = (seek_of(&a), seek_of(&b)) else {
        return Vec::new();
    };
    let (first, second) = (first.clone(), second.clone());
    let rated = first.rated;
    let seats = seats_drawn(person(&first), person(&second));
    let room = match lobby.rooms.create_paired(variant, seats, rated, None).await {
        Ok(room) => room,
        Err(_) => return vec![a, b],
    };
    let code = room.code.clone();
    let Some((claimed, claimed_desk)) = lobby
        .rewrite(&a, a.tag.revision, &a.tag.desk, |d| {
            d.claimed(&first.id, &code)
        })
        .await
    else {
        lobby.call_off(&code).await;
        return vec![b];
    };
    if lobby
        .rewrite(&b, b.tag.revision, &b.tag.desk, |d| {
            d.paired(&second.id, &code)
        })
        .await
        .is_none()
    {
        let undone = lobby
            .rewrite(&a, claimed, &claimed_desk, |d| {
                d.unclaimed(&first.id, &code)
            })
            .await;
        if undone.is_none() {
            tracing::warn!(room = %code, "a claim could not be given back");
        }
        lobby.call_off(&code).await;
        return Vec::new();
    }
    if lobby
        .rewrite(&a, claimed, &claimed_desk, |d| d.paired(&first.id, &code))
        .await
        .is_none()
    {
        lobby.call_off(&code).await;
        return Vec::new();
    }
    tracing::debug!(room = %code, game = %variant, "paired");
    Vec::new()
}

/// Pairs a seek with a computer player; the room, if the game started.
async fn against_computer(
    lobby: &Lobby,
    variant: Variant,
    seek: &Seek<DeskAt>,
    bot: ComputerPlayer,
    offer: &ComputerOffer,
) -> Option<Arc<Room>> {
    let sought = seek_of(seek)?.clone();
    let rating = ComputerPlayer::ALL
        .iter()
        .position(|&b| b == bot)
        .map_or(bot.starting_standing(variant).rating, |i| offer.ratings[i]);
    let seats = seats_drawn(person(&sought), computer(bot, rating));
    let room = lobby
        .rooms
        .create_paired(variant, seats, sought.rated, None)
        .await
        .ok()?;
    let paired = lobby
        .rewrite(seek, seek.tag.revision, &seek.tag.desk, |d| {
            d.paired(&sought.id, &room.code)
        })
        .await;
    if paired.is_none() {
        lobby.call_off(&room.code).await;
        return None;
    }
    tracing::debug!(room = %room.code, game = %variant, computer = bot.name(), "paired with the computer");
    Some(room)
}
