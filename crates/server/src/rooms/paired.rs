//! What the lobby asks of the rooms: paired rooms made and read, and the rooms the
//! computer plays in, for the server to play its seat (through `act`, like any change).

use std::sync::Arc;

use qipan_engine::games::Variant;
use qipan_protocol::ErrorCode;
use tokio::sync::mpsc;

use super::Rooms;
use crate::room::{PairedSeat, Room};
use crate::sync::lock;

impl Rooms {
    /// A new paired room of two seats `[x, o]`, nobody in it yet.
    pub async fn create_paired(
        self: &Arc<Self>,
        variant: Variant,
        seats: [PairedSeat; 2],
        rated: bool,
    ) -> Result<Arc<Room>, ErrorCode> {
        self.insert(|code, now| {
            Room::create_paired(code, variant, seats.clone(), rated, self.turn_ms, now)
        })
        .await
    }

    /// The room with that code as it stands (read from storage if it is not in memory).
    pub async fn peek(self: &Arc<Self>, code: &str) -> Result<Option<Arc<Room>>, ErrorCode> {
        let cell = self.cell(code);
        let mut state = cell.state.lock().await;
        if state.is_none() {
            *state = self.fetch(code).await?;
        }
        Ok(state.as_ref().map(|loaded| loaded.room.clone()))
    }

    /// Tells `watcher` of every change to a room the computer plays in, from here or from
    /// another server.
    pub fn watch_computer_rooms(&self, watcher: mpsc::UnboundedSender<Arc<Room>>) {
        *lock(&self.computer_rooms) = Some(watcher);
    }
}
