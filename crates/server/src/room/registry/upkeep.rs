//! What keeps the rooms in memory in step with storage: changes other servers made, and
//! the hourly and minutely tidying (expired rooms, unused cells).

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;

use super::{Loaded, Rooms};
use crate::room::ROOM_TTL_MS;
use crate::shutdown::Shutdown;
use crate::store::{Changes, Stored};
use crate::sync::lock;

impl Rooms {
    /// A change another server made, seen in storage.
    async fn seen(self: &Arc<Self>, stored: Stored) {
        let cell = lock(&self.cells).get(&stored.room.code).cloned();
        let Some(cell) = cell else {
            // Not in memory here; its deadline and its `your-turn` are still this server's
            // business (the deadline queue tells the changes it knew of from new ones).
            self.tell_correspondence(&Arc::new(stored.room));
            return;
        };
        let mut state = cell.state.lock().await;
        if state
            .as_ref()
            .is_some_and(|loaded| loaded.revision >= stored.revision)
        {
            return;
        }
        let room = Arc::new(stored.room);
        *state = Some(Loaded {
            room: room.clone(),
            revision: stored.revision,
        });
        self.publish(&cell, &room);
    }

    /// Tells the sockets here of the changes other servers made, until the server stops.
    pub async fn follow(self: Arc<Self>, mut changes: Changes, mut shutdown: Shutdown) {
        loop {
            tokio::select! {
                seen = changes.next() => match seen {
                    Some(stored) => self.seen(stored).await,
                    None => {
                        // The watch ended (connection lost): start another after a pause.
                        tokio::time::sleep(Duration::from_secs(1)).await;
                        match self.store.watch_rooms().await {
                            Ok(Some(next)) => changes = next,
                            Ok(None) => return,
                            Err(e) => tracing::warn!(error = %e, "watching storage"),
                        }
                    }
                },
                _ = shutdown.requested() => return,
            }
        }
    }

    /// Every minute: unused cells leave memory; every hour: expired rooms leave storage.
    pub async fn keep_tidy(self: Arc<Self>, mut shutdown: Shutdown) {
        let mut minute = 0u64;
        loop {
            if minute.is_multiple_of(60) {
                let before = self.clock.now_ms().saturating_sub(ROOM_TTL_MS);
                match self.store.expire_rooms(before).await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!(rooms = n, "expired rooms removed"),
                    Err(e) => tracing::error!(error = %e, "expiring rooms"),
                }
            }
            tokio::select! {
                _ = tokio::time::sleep(Duration::from_secs(60)) => {}
                _ = shutdown.requested() => return,
            }
            // Cells no socket and no task uses (a room's clock task holds its cell).
            lock(&self.cells)
                .retain(|_, cell| Arc::strong_count(cell) > 1 || cell.tx.receiver_count() > 0);
            minute += 1;
        }
    }
}
