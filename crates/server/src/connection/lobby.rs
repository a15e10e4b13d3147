//! A connection's lobby frames (lobby.md): who it plays as, and its seek.

use qipan_protocol::ServerFrame;

use super::Connection;
use crate::lobby::{Lobby, Me, Refusal};
use crate::store::PlayerInfo;

impl Connection {
    fn log_in(&mut self, info: &PlayerInfo) {
        self.me = Some(Me {
            key: info.key.clone(),
            name: info.name.clone(),
        });
    }

    pub(super) async fn register(&mut self, name: &str) -> Result<Vec<ServerFrame>, Refusal> {
        let (info, key) = self.lobby.register(self.peer, name).await?;
        self.log_in(&info);
        Ok(vec![Lobby::player_frame(&info, &key)])
    }

    pub(super) async fn login(&mut self, key: &str) -> Result<Vec<ServerFrame>, Refusal> {
        let (info, key) = self.lobby.login(key).await?;
        self.log_in(&info);
        Ok(vec![Lobby::player_frame(&info, &key)])
    }
}
