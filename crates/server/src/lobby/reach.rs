//! Reaching a player wherever they are connected (correspondence.md): `challenge`,
//! `declined`, `paired` and `your-turn` go to every connection logged in as them, in a room
//! or not. Each server knows its own connections by player; what happens on another server
//! reaches this one through the lobby's watch (a ledger gaining a game, a challenge made or
//! declined) or the rooms' (a ply in a correspondence game), so every server tells its own
//! connections and no message between servers is needed.
//!
//! What is told is never a token: `paired` hands the connection the room, and the
//! connection derives its seat's token from its player's key (`seat_token.rs`).

use std::collections::{HashMap, HashSet};
use std::sync::atomic::Ordering;
use std::sync::Arc;

use qipan_protocol::ServerFrame;
use tokio::sync::mpsc;

use super::ledger::{Challenge, ChallengeState, Ledger};
use super::Lobby;
use crate::names::NameKey;
use crate::room::Room;
use crate::store::Revision;
use crate::sync::lock;

/// A game paired, or a challenge made, this long ago or less is news to a connection that
/// logs in as the server starts (and reads every entry as it stands); older is not.
const FRESH_MS: u64 = 60_000;

/// What a player's connections are told.
#[derive(Clone, Debug)]
pub enum Notice {
    /// Boxed: a `state` frame is large beside an `Arc`, and notices are cloned to every
    /// connection of a player.
    Frame(Box<ServerFrame>),
    /// A game of theirs started: `paired` with the seat's token, then the room's `state`.
    Paired(Arc<Room>),
}

/// This server's connections of each player, and what they were told of.
#[derive(Default)]
pub struct Reach {
    connections: HashMap<NameKey, HashMap<u64, mpsc::UnboundedSender<Notice>>>,
    /// Per player, the games whose `paired` was told (or that were there before).
    games_told: HashMap<NameKey, HashSet<String>>,
    /// Per challenge, the state its players were told of.
    challenges_told: HashMap<String, ChallengeState>,
}

impl Lobby {
    /// Connection `to` is logged in as `player` from now on: its id, for [`Lobby::unreach`].
    pub fn reach(&self, player: &NameKey, to: mpsc::UnboundedSender<Notice>) -> u64 {
        let id = self.next_reach.fetch_add(1, Ordering::Relaxed);
        lock(&self.reach)
            .connections
            .entry(player.clone())
            .or_default()
            .insert(id, to);
        id
    }

    /// Connection `id` of `player` closed, or logs in as another player. When it was the
    /// player's last one here, their live challenges made here lapse.
    pub async fn unreach(&self, player: &NameKey, id: u64) {
        let last = {
            let mut reach = lock(&self.reach);
            let Some(mine) = reach.connections.get_mut(player) else {
                return;
            };
            mine.remove(&id);
            let last = mine.is_empty();
            if last {
                reach.connections.remove(player);
            }
            last
        };
        if last {
            self.lapse_live_challenges(player).await;
        }
    }

    /// Tells every connection of `player` here.
    pub(super) fn tell(&self, player: &NameKey, notice: &Notice) {
        if let Some(mine) = lock(&self.reach).connections.get(player) {
            for to in mine.values() {
                let _ = to.send(notice.clone());
            }
        }
    }

    /// A ledger seen changed (by any server): its new games are told `paired`, and the
    /// deadline queue learns of its correspondence games.
    pub(super) fn ledger_seen(
        self: &Arc<Self>,
        player: NameKey,
        revision: Revision,
        ledger: Ledger,
    ) {
        self.know_ledger(&player, revision, &ledger);
        let now = self.clock.now_ms();
        let news: Vec<(String, bool)> = {
            let mut reach = lock(&self.reach);
            let first = !reach.games_told.contains_key(&player);
            let told = reach.games_told.entry(player.clone()).or_default();
            ledger
                .games
                .iter()
                .filter(|game| told.insert(game.room.clone()))
                .map(|game| {
                    let fresh = now.saturating_sub(game.since_ms) <= FRESH_MS;
                    (game.room.clone(), !first || fresh)
                })
                .collect()
        };
        for (code, tell) in news {
            let lobby = self.clone();
            let player = player.clone();
            tokio::spawn(async move {
                let Ok(Some(room)) = lobby.rooms.peek(&code).await else {
                    return;
                };
                if room.days.is_some() {
                    let _ = lobby.deadlines_tx.send(room.clone());
                }
                if tell && !room.is_over() {
                    lobby.tell(&player, &Notice::Paired(room));
                }
            });
        }
    }

    /// A challenge seen changed (by any server): a new one is told to the challenged
    /// player, a declined one to the challenger.
    pub(super) fn challenge_seen(&self, revision: Revision, challenge: Challenge) {
        self.know_challenge(revision, &challenge);
        let now = self.clock.now_ms();
        let before = lock(&self.reach)
            .challenges_told
            .insert(challenge.id.clone(), challenge.state.clone());
        let first = before.is_none();
        if before.as_ref() == Some(&challenge.state) {
            return;
        }
        match challenge.state {
            ChallengeState::Open if first && challenge.made_ms + FRESH_MS > now => {
                let frame = ServerFrame::Challenge(challenge.entry(false));
                self.tell(&NameKey::of(&challenge.to), &Notice::Frame(Box::new(frame)));
            }
            ChallengeState::Declined if !first || challenge.made_ms + FRESH_MS > now => {
                let frame = ServerFrame::Declined {
                    challenge: challenge.id.clone(),
                };
                self.tell(
                    &NameKey::of(&challenge.from),
                    &Notice::Frame(Box::new(frame)),
                );
            }
            _ => {}
        }
    }
}
