//! A connection's correspondence frames (correspondence.md): seeks with days, `accept`,
//! challenges, `games`, and what the lobby tells its player everywhere (`paired`,
//! `challenge`, `declined`, `your-turn`).

use qipan_protocol::{Acceptance, Days, ErrorCode, RequestedGame, Seeking, ServerFrame};

use super::Connection;
use crate::lobby::correspondence::my_seat;
use crate::lobby::{Me, Notice, Refusal, SeatKeys};

/// The `seeking` frame of a correspondence seek (`None`s once withdrawn).
fn seeking(
    seek: String,
    sought: Option<(qipan_engine::games::Variant, bool, Days)>,
) -> ServerFrame {
    ServerFrame::Seeking(Seeking::Correspondence {
        game: sought.map(|(game, _, _)| game),
        rated: sought.map(|(_, rated, _)| rated),
        days: sought.map(|(_, _, days)| days),
        seek,
    })
}

/// Days as a frame gave them: `bad-days` unless one of the six.
fn days_of(days: u32) -> Result<Days, ErrorCode> {
    Days::new(days).ok_or(ErrorCode::BadDays)
}

impl Connection {
    /// The player and their seat keys: `not-logged-in` without.
    fn player(&self) -> Result<(Me, SeatKeys), ErrorCode> {
        match (&self.me, &self.keys) {
            (Some(me), Some(keys)) => Ok((me.clone(), keys.clone())),
            _ => Err(ErrorCode::NotLoggedIn),
        }
    }

    pub(super) async fn seek_correspondence(
        &mut self,
        game: &RequestedGame,
        rated: bool,
        days: u32,
    ) -> Result<Vec<ServerFrame>, Refusal> {
        let (me, keys) = self.player()?;
        let variant = game.variant()?;
        let days = days_of(days)?;
        let id = self
            .lobby
            .seek_correspondence(&me, &keys, variant, rated, days)
            .await?;
        Ok(vec![seeking(id, Some((variant, rated, days)))])
    }

    /// Withdraws the player's correspondence seek `seek` (`no-such-seek` when the
    /// connection plays as nobody, or the seek is not theirs or gone).
    pub(super) async fn unseek_correspondence(
        &mut self,
        seek: String,
    ) -> Result<Vec<ServerFrame>, Refusal> {
        let me = self.me.clone().ok_or(ErrorCode::NoSuchSeek)?;
        self.lobby.unseek_correspondence(&me, &seek).await?;
        Ok(vec![seeking(seek, None)])
    }

    /// Takes a seek or a challenge: `paired` and the `state` follow, as for every
    /// connection of both players.
    pub(super) async fn accept(
        &mut self,
        acceptance: Acceptance,
    ) -> Result<Vec<ServerFrame>, Refusal> {
        let (me, keys) = self.player()?;
        match acceptance {
            Acceptance::Seek(id) => self.lobby.accept_seek(&me, &keys, &id).await?,
            Acceptance::Challenge(id) => self.lobby.accept_challenge(&me, &keys, &id).await?,
        }
        Ok(Vec::new())
    }

    pub(super) async fn challenge(
        &mut self,
        to: &str,
        game: &RequestedGame,
        rated: bool,
        days: Option<u32>,
    ) -> Result<Vec<ServerFrame>, Refusal> {
        let (me, keys) = self.player()?;
        let variant = game.variant()?;
        let days = days.map(days_of).transpose()?;
        let challenge = self
            .lobby
            .challenge(&me, &keys, to, variant, rated, days)
            .await?;
        Ok(vec![ServerFrame::ChallengeSent { challenge }])
    }

    /// Declines a challenge made to the player (`no-such-challenge` for anyone else).
    pub(super) async fn decline(&mut self, challenge: &str) -> Result<Vec<ServerFrame>, Refusal> {
        let me = self.me.clone().ok_or(ErrorCode::NoSuchChallenge)?;
        self.lobby.decline(&me, challenge).await?;
        Ok(Vec::new())
    }

    /// Withdraws a challenge the player made (`no-such-challenge` for anyone else).
    pub(super) async fn cancel(&mut self, challenge: &str) -> Result<Vec<ServerFrame>, Refusal> {
        let me = self.me.clone().ok_or(ErrorCode::NoSuchChallenge)?;
        self.lobby.cancel(&me, challenge).await?;
        Ok(Vec::new())
    }

    pub(super) async fn games(&mut self) -> Result<Vec<ServerFrame>, Refusal> {
        let (me, keys) = self.player()?;
        let games = self.lobby.your_games(&me, &keys).await?;
        Ok(vec![ServerFrame::Games(games)])
    }

    /// What the lobby tells the player: a frame as it is, or a game that started, as
    /// `paired` with this player's seat and token, then the room's `state`.
    pub(super) fn on_notice(&self, notice: Notice) -> Vec<ServerFrame> {
        match notice {
            Notice::Frame(frame) => vec![*frame],
            Notice::Paired(room) => {
                let (Some(me), Some(keys)) = (&self.me, &self.keys) else {
                    return Vec::new();
                };
                let Some((seat, token)) = my_seat(&room, me, keys) else {
                    return Vec::new();
                };
                vec![
                    ServerFrame::Paired {
                        room: room.code.clone(),
                        seat,
                        token: token.expose().to_owned(),
                    },
                    room.state_frame(self.now_ms()),
                ]
            }
        }
    }
}
