//! What every server follows of the lobby's entries: the desks (for its pairing loops and
//! its seeking connections) and, with other servers, their heartbeats. And its own
//! heartbeat.

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use serde::{Deserialize, Serialize};

use super::desk::{Desk, DeskChange};
use super::ledger::{Challenge, Ledger, CHALLENGE};
use super::Lobby;
use crate::shutdown::Shutdown;
use crate::store::{LobbyEntry, Written};
use crate::sync::lock;

/// The prefix of servers' heartbeats' keys.
const SERVERS: &str = "server.";
/// How often a server says it is alive.
const BEAT_MS: u64 = 1_000;
/// A server not heard of for this long is gone: its seeks are not paired.
const ALIVE_MS: u64 = 3_000;

/// A server's heartbeat: when it last said it is alive, and how many more games against
/// the computer it can take on.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Heartbeat {
    pub at_ms: u64,
    pub computer_places: usize,
}

impl Lobby {
    /// Whether server `id` is alive at `now_ms` (this one always is).
    pub(super) fn alive(&self, id: &str, now_ms: u64) -> bool {
        id == self.server_id
            || lock(&self.servers)
                .get(id)
                .is_some_and(|beat| now_ms.saturating_sub(beat.at_ms) < ALIVE_MS)
    }

    /// Whether the computer may take on a game sought on server `id` (one place of it
    /// taken if so). Another server's places come from its heartbeat, counted down here
    /// until its next.
    pub(super) fn computer_place(&self, id: &str) -> bool {
        if id == self.server_id {
            return self.computer.reserve();
        }
        let mut servers = lock(&self.servers);
        let Some(beat) = servers.get_mut(id) else {
            return false;
        };
        let free = beat.computer_places > 0;
        beat.computer_places = beat.computer_places.saturating_sub(usize::from(free));
        free
    }

    fn seen(self: &Arc<Self>, entry: LobbyEntry) {
        if let Some(player) = Ledger::player_of(&entry.key) {
            let ledger = Ledger::read(&entry).unwrap_or_default();
            self.ledger_seen(player, entry.revision, ledger);
            return;
        }
        if entry.key.starts_with(CHALLENGE) {
            if let Some(challenge) = Challenge::read(&entry) {
                self.challenge_seen(entry.revision, challenge);
            }
            return;
        }
        if let Some(id) = entry.key.strip_prefix(SERVERS) {
            if id != self.server_id {
                let beat = entry
                    .value
                    .as_deref()
                    .and_then(|v| serde_json::from_slice::<Heartbeat>(v).ok());
                if let Some(beat) = beat {
                    lock(&self.servers).insert(id.to_owned(), beat);
                }
            }
            return;
        }
        let Some(player) = Desk::player_of(&entry.key) else {
            return;
        };
        let desk = Desk::read(&entry).unwrap_or_default();
        self.deliver(&desk);
        let event = DeskChange {
            player,
            revision: entry.revision,
            desk,
        };
        for each in lock(&self.loops).values() {
            let _ = each.send(event.clone());
        }
    }

    /// Follows the lobby's entries until the server stops (a watch that ends is started
    /// again: it gives every entry as it stands first).
    pub(super) async fn follow(self: Arc<Self>, mut shutdown: Shutdown) {
        loop {
            match self.seeks.watch_lobby().await {
                Ok(mut changes) => loop {
                    tokio::select! {
                        change = changes.next() => match change {
                            Some(entry) => self.seen(entry),
                            None => break,
                        },
                        _ = shutdown.requested() => return,
                    }
                },
                Err(e) => tracing::warn!(error = %e, "watching the lobby"),
            }
            tokio::select! {
                _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                _ = shutdown.requested() => return,
            }
        }
    }

    /// Says every second that this server is alive, with its computer's free places.
    pub(super) async fn beat(self: Arc<Self>, mut shutdown: Shutdown) {
        let key = format!("{SERVERS}{}", self.server_id);
        let mut revision = None;
        loop {
            let beat = Heartbeat {
                at_ms: self.clock.now_ms(),
                computer_places: self.computer.places(),
            };
            let value = serde_json::to_vec(&beat).unwrap_or_default();
            revision = match self.seeks.lobby_put(&key, value, revision).await {
                Ok(Written::Done(revision)) => Some(revision),
                // Ours alone: a conflict is a write of ours whose answer was lost.
                Ok(Written::Conflict) => self
                    .seeks
                    .lobby_get(&key)
                    .await
                    .ok()
                    .flatten()
                    .map(|entry| entry.revision),
                Err(e) => {
                    tracing::warn!(error = %e, "the heartbeat");
                    revision
                }
            };
            tokio::select! {
                _ = tokio::time::sleep(Duration::from_millis(BEAT_MS)) => {}
                _ = shutdown.requested() => return,
            }
        }
    }
}
