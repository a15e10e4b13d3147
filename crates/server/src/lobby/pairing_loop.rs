//! One game id's pairing loop: its seek book, fed from the players' desks as every server
//! writes them, and a pass of the pairing rule (`pairing.rs`) whenever a seek comes, a gap
//! widens or the computer is due, at least every second. With other servers, only the
//! holder of the game id's lease pairs (`lease.rs`); every server keeps the book, so that
//! another takes over within moments.

use std::collections::HashMap;
use std::sync::Arc;

use qipan_engine::games::Variant;
use tokio::sync::mpsc;

use super::claims;
use super::desk::{DeskAt, DeskChange};
use super::lease::{Lease, RENEW_MS};
use super::pairing::{ComputerOffer, Pairing, Seek, SeekBook};
use super::Lobby;
use crate::names::NameKey;
use crate::shutdown::Shutdown;
use crate::store::Revision;

/// The longest a loop sleeps: the spec's 2 seconds leave room for a pass.
const MAX_SLEEP_MS: u64 = 1_000;
/// A seek claimed for a pairing that was not completed for this long (its server stopped
/// between the two claims) is opened again.
const STALE_CLAIM_MS: u64 = 5_000;

struct Loop {
    lobby: Arc<Lobby>,
    variant: Variant,
    book: SeekBook<DeskAt>,
    /// The latest revision seen of each desk that was in this book, so that an older
    /// change arriving late changes nothing.
    revisions: HashMap<NameKey, Revision>,
    /// Seeks of this game id claimed for a pairing, and when that was first seen.
    claimed: HashMap<NameKey, (DeskAt, u64)>,
    lease: Lease,
}

impl Loop {
    fn apply(&mut self, event: DeskChange, now: u64) {
        let known = self.revisions.get(&event.player).copied();
        if known.is_some_and(|known| known >= event.revision) {
            return;
        }
        let claimed = event
            .desk
            .seek
            .as_ref()
            .is_some_and(|seek| seek.game == self.variant && seek.claimed.is_some());
        if claimed {
            let tag = DeskAt {
                revision: event.revision,
                desk: event.desk.clone(),
            };
            self.claimed.insert(event.player.clone(), (tag, now));
        } else {
            self.claimed.remove(&event.player);
        }
        let seek = event
            .desk
            .open_seek()
            .filter(|seek| seek.game == self.variant)
            .cloned();
        match seek {
            Some(seek) => {
                self.revisions.insert(event.player.clone(), event.revision);
                self.book.seek(Seek {
                    player: event.player,
                    rating: seek.rating,
                    rated: seek.rated,
                    since_ms: seek.since_ms,
                    computer_after_ms: seek.computer_after_ms,
                    tag: DeskAt {
                        revision: event.revision,
                        desk: event.desk,
                    },
                });
            }
            None => {
                self.revisions.remove(&event.player);
                self.book.unseek(&event.player);
            }
        }
    }

    /// Opens again the seeks whose pairing was left half-made (revision-checked: a pairing
    /// that completes meanwhile wins).
    async fn reopen_stale_claims(&mut self, now: u64) {
        let stale: Vec<(NameKey, DeskAt)> = self
            .claimed
            .iter()
            .filter(|(_, (_, seen))| now.saturating_sub(*seen) >= STALE_CLAIM_MS)
            .map(|(player, (tag, _))| (player.clone(), tag.clone()))
            .collect();
        for (player, tag) in stale {
            self.claimed.remove(&player);
            let Some(seek) = &tag.desk.seek else { continue };
            let Some(room) = &seek.claimed else { continue };
            if let Some(open) = tag.desk.unclaimed(&seek.id, room) {
                let _ = self
                    .lobby
                    .put_desk(&player, &open, Some(tag.revision))
                    .await;
            }
        }
    }

    /// Pairs what the rule allows now, over the seeks of live servers.
    async fn pass(&mut self, now: u64) {
        self.reopen_stale_claims(now).await;
        if self.book.is_empty() {
            return;
        }
        // Seeks of servers that are gone sit out (their connections cannot be told).
        let absent: Vec<Seek<DeskAt>> = {
            let lobby = &self.lobby;
            let gone: Vec<NameKey> = self
                .revisions
                .keys()
                .filter(|player| {
                    self.book.get(player).is_some_and(|seek| {
                        seek.tag
                            .desk
                            .seek
                            .as_ref()
                            .is_none_or(|s| !lobby.alive(&s.server, now))
                    })
                })
                .cloned()
                .collect();
            gone.iter().filter_map(|p| self.book.unseek(p)).collect()
        };
        let offer = ComputerOffer {
            ratings: self.lobby.computer.ratings(self.variant, now).await,
        };
        let lobby = self.lobby.clone();
        let pairings = self.book.pair(now, &offer, |seek| {
            seek.tag
                .desk
                .seek
                .as_ref()
                .is_some_and(|s| lobby.computer_place(&s.server))
        });
        for seek in absent {
            self.book.seek(seek);
        }
        for pairing in pairings {
            let waits: Vec<(NameKey, u64)> = match &pairing {
                Pairing::People(a, b) => vec![a, b],
                Pairing::Computer { seek, .. } => vec![seek],
            }
            .into_iter()
            .map(|seek| (seek.player.clone(), now.saturating_sub(seek.since_ms)))
            .collect();
            let back = claims::make(&self.lobby, self.variant, pairing, &offer).await;
            for (player, waited) in waits {
                if !back.iter().any(|seek| seek.player == player) {
                    let waited = std::time::Duration::from_millis(waited);
                    self.lobby.rooms.metrics().paired(waited);
                }
            }
            for back in back {
                // A seek whose desk did not change: it waits on, as it was.
                self.book.seek(back);
            }
        }
    }
}

/// Runs the loop of `variant` until the server stops. `events` are the desks' changes.
pub async fn run(
    lobby: Arc<Lobby>,
    variant: Variant,
    mut events: mpsc::UnboundedReceiver<DeskChange>,
    mut shutdown: Shutdown,
) {
    let mut this = Loop {
        lease: Lease::new(variant),
        lobby: lobby.clone(),
        variant,
        book: SeekBook::new(),
        revisions: HashMap::new(),
        claimed: HashMap::new(),
    };
    loop {
        let now = lobby.clock.now_ms();
        let mut wake = this
            .book
            .next_change_ms(now)
            .unwrap_or(u64::MAX)
            .min(now + MAX_SLEEP_MS);
        if lobby.rooms.shared() {
            wake = wake.min(now + RENEW_MS);
        }
        tokio::select! {
            event = events.recv() => match event {
                Some(event) => {
                    let now = lobby.clock.now_ms();
                    this.apply(event, now);
                    while let Ok(more) = events.try_recv() {
                        this.apply(more, now);
                    }
                }
                None => return,
            },
            _ = lobby.clock.sleep_until(wake) => {}
            _ = lobby.computer.freed.notified() => {}
            _ = shutdown.requested() => return,
        }
        let now = lobby.clock.now_ms();
        if this.lease.keep(&lobby, now).await {
            this.pass(now).await;
        }
        let game = variant.to_string();
        lobby
            .rooms
            .metrics()
            .seeks_open(&game, "live", this.book.len());
    }
}
