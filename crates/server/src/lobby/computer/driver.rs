//! The server playing the computer's seats: for every change of a room the computer plays
//! in (here or, through storage, on another server), its move when it is its turn, its
//! claim when the other player walked away, its rematch when asked. All through the rooms'
//! one path of change, like any player, and at its level's strength (`pool.rs`).
//!
//! A server plays a room's computer seat when its player is connected here, or when the
//! game is counted here (paired here, or its player was connected here): so a game goes
//! on while its player is away, and ends by the computer's claim once they lost a turn.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use qipan_engine::games::Side;
use tokio::sync::mpsc;

use super::ComputerPlayer;
use crate::lobby::Lobby;
use crate::room::Room;
use crate::shutdown::Shutdown;
use crate::sync::lock;

/// A turn of the computer's: room, round, ply.
type Turn = (String, u32, usize);

/// What the computer is busy with, so that a room seen again is not answered twice.
#[derive(Default)]
struct Busy {
    /// The turns it is searching.
    thinking: Mutex<HashSet<Turn>>,
    /// The rooms (and their finished round) whose rematch waits for a place. Apart from the
    /// turns: a game resigned while the computer searched ends on the ply it searches.
    rematches: Mutex<HashSet<(String, u32)>>,
}

/// Plays the computer's seats of the rooms `rooms` hears of, until the server stops.
pub async fn run(
    lobby: Arc<Lobby>,
    mut rooms: mpsc::UnboundedReceiver<Arc<Room>>,
    mut shutdown: Shutdown,
) {
    let busy: Arc<Busy> = Arc::default();
    loop {
        tokio::select! {
            room = rooms.recv() => match room {
                Some(room) => seen(&lobby, &busy, room),
                None => return,
            },
            _ = shutdown.requested() => return,
        }
    }
}

fn seen(lobby: &Arc<Lobby>, busy: &Arc<Busy>, room: Arc<Room>) {
    let Some(side) = room.computer_side() else {
        return;
    };
    let here = room.presence.contains_key(lobby.server_id.as_str());
    if room.is_over() {
        lobby.computer.plays(&room, false);
        let asked = room.rematch[side.opponent().index()] && !room.rematch[side.index()];
        // The server its player is on answers (and counts the new game), once.
        let answer = (room.code.clone(), room.round);
        if asked && here && !room.needs_settling() && lock(&busy.rematches).insert(answer.clone()) {
            let (lobby, busy) = (lobby.clone(), busy.clone());
            tokio::spawn(async move {
                rematch_when_a_place_frees(&lobby, &room, side).await;
                lock(&busy.rematches).remove(&answer);
            });
        }
        return;
    }
    if !lobby.computer.plays(&room, here) {
        return;
    }
    if room.may_claim(side) {
        let lobby = lobby.clone();
        tokio::spawn(async move {
            let _ = lobby
                .rooms
                .act(&room.code, |r, now| r.claim_as(side, now))
                .await;
        });
        return;
    }
    if room.side_to_move() != Some(side) {
        return;
    }
    let turn = (room.code.clone(), room.round, room.plies.len());
    if !lock(&busy.thinking).insert(turn.clone()) {
        return;
    }
    let (lobby, busy) = (lobby.clone(), busy.clone());
    tokio::spawn(async move {
        play(&lobby, &room, side, Instant::now()).await;
        lock(&busy.thinking).remove(&turn);
    });
}

/// Accepts the rematch asked for in `room` once the computer has a place for it: a new game
/// takes one like a pairing does, so that a rematch never puts more games on the workers
/// than they take on. Until a place frees the request stands, as it would with a person
/// who has not answered yet; it lapses if the room moves on meanwhile.
async fn rematch_when_a_place_frees(lobby: &Lobby, room: &Room, side: Side) {
    loop {
        // Listening before looking: a place freed in between still wakes this.
        let freed = lobby.computer.freed.notified();
        tokio::pin!(freed);
        freed.as_mut().enable();
        if lobby.computer.reserve() {
            match lobby.rematch_as(&room.code, side).await {
                Ok(next) => lobby.computer.started(&next),
                Err(code) => {
                    lobby.computer.release();
                    tracing::debug!(room = %room.code, error = code.name(), "the computer's rematch");
                }
            }
            return;
        }
        freed.await;
        let still_asked = lobby
            .rooms
            .peek(&room.code)
            .await
            .ok()
            .flatten()
            .is_some_and(|now| {
                now.round == room.round && now.is_over() && now.rematch[side.opponent().index()]
            });
        if !still_asked {
            return;
        }
    }
}

/// Finds and plays the computer's move in `room`.
async fn play(lobby: &Lobby, room: &Room, side: Side, turn_began: Instant) {
    let Some(level) = room
        .player(side)
        .and_then(|p| ComputerPlayer::named(&p.name))
        .map(|bot| bot.level)
    else {
        return;
    };
    let found = lobby
        .computer
        .pool
        .think(room.game, &room.start, &room.plies, level, turn_began)
        .await;
    let Some(mv) = found else {
        tracing::warn!(room = %room.code, "the computer found no move");
        return;
    };
    let ply = room.plies.len() as u64;
    // A turn the clock took first, or a game that ended meanwhile, makes this `stale`.
    let _ = lobby
        .rooms
        .act(&room.code, |r, now| r.play_as(side, ply, &mv, now))
        .await;
}
