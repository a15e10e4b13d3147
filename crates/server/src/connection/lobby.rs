//! A connection's lobby frames (lobby.md): who it plays as, and its seek.

use qipan_engine::games::Variant;
use qipan_protocol::{ErrorCode, RequestedGame, Seeking, ServerFrame};

use super::{Connection, Seat};
use crate::lobby::players::Key;
use crate::lobby::{Lobby, Me, Paired, Refusal, SeatKeys};
use crate::store::PlayerInfo;

/// The `seeking` frame: what the connection seeks now, or nothing.
fn seeking(seek: Option<(Variant, bool)>) -> ServerFrame {
    ServerFrame::Seeking(Seeking::Live {
        game: seek.map(|(game, _)| game),
        rated: seek.map(|(_, rated)| rated),
    })
}

impl Connection {
    /// This connection plays as `info`'s player from now on, whose key is `key`; a seek it
    /// made for another player ends. The lobby reaches it as theirs.
    async fn log_in(&mut self, info: &PlayerInfo, key: &Key) {
        if self.me.as_ref().is_some_and(|me| me.key != info.key) {
            self.withdraw().await;
        }
        self.unreach().await;
        self.reach_id = Some(self.lobby.reach(&info.key, self.notices_tx.clone()));
        self.keys = Some(SeatKeys::of_key(key.reveal()));
        self.me = Some(Me {
            key: info.key.clone(),
            name: info.name.clone(),
        });
    }

    /// The lobby no longer reaches this connection as its player (it closes, or logs in
    /// again).
    pub(super) async fn unreach(&mut self) {
        if let (Some(me), Some(id)) = (&self.me, self.reach_id.take()) {
            self.lobby.unreach(&me.key, id).await;
        }
    }

    /// Ends this connection's seek, if it has one (it closes, or plays as someone else).
    pub(super) async fn withdraw(&mut self) {
        let (Some(me), Some(seek)) = (&self.me, self.seeking.take()) else {
            return;
        };
        let _ = self.lobby.unseek(&me.key, Some(&seek.id)).await;
    }

    pub(super) async fn seek(
        &mut self,
        game: &RequestedGame,
        rated: bool,
    ) -> Result<Vec<ServerFrame>, Refusal> {
        let (Some(me), Some(keys)) = (self.me.clone(), self.keys.clone()) else {
            return Err(ErrorCode::NotLoggedIn.into());
        };
        let game = game.variant()?;
        let seek = self
            .lobby
            .seek(&me, &keys, game, rated, self.paired_tx.clone())
            .await?;
        // The seek replaced any earlier one of the player's, this connection's included.
        if let Some(old) = self.seeking.replace(seek) {
            self.lobby.forget(&old.id);
        }
        Ok(vec![seeking(Some((game, rated)))])
    }

    pub(super) async fn unseek(&mut self) -> Result<Vec<ServerFrame>, Refusal> {
        if let Some(old) = self.seeking.take() {
            self.lobby.forget(&old.id);
        }
        if let Some(me) = &self.me {
            self.lobby.unseek(&me.key, None).await?;
        }
        Ok(vec![seeking(None)])
    }

    /// The connection's seek was paired: it takes its seat (as after a `seat` frame) and
    /// answers `paired`; the room's `state` follows through the room's broadcast. A room
    /// that cannot be entered ends the seek, said with an empty `seeking` frame.
    pub(super) async fn on_paired(&mut self, paired: Paired) -> Vec<ServerFrame> {
        let Some(seek) = self.seeking.take_if(|s| s.id == paired.seek) else {
            return Vec::new();
        };
        let entered = self.rooms.enter(&paired.room);
        let hash = seek.token.hash();
        let (room, side) = match self.rooms.resume(&entered, &hash).await {
            Ok(taken) => taken,
            Err(code) => {
                tracing::warn!(room = %paired.room, error = code.name(), "a pairing could not be taken");
                return vec![seeking(None)];
            }
        };
        let seat = Seat::new(seek.token, side, &room);
        let token = seat.token.expose().to_owned();
        self.take_place(entered, Some(seat)).await;
        vec![ServerFrame::Paired {
            room: room.code.clone(),
            seat: side,
            token,
        }]
    }

    pub(super) async fn register(&mut self, name: &str) -> Result<Vec<ServerFrame>, Refusal> {
        let (info, key) = self.lobby.register(self.peer, name).await?;
        self.log_in(&info, &key).await;
        Ok(vec![Lobby::player_frame(&info, &key)])
    }

    pub(super) async fn login(&mut self, key: &str) -> Result<Vec<ServerFrame>, Refusal> {
        let (info, key) = self.lobby.login(key).await?;
        self.log_in(&info, &key).await;
        Ok(vec![Lobby::player_frame(&info, &key)])
    }
}
