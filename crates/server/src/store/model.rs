//! What the stores hand out besides rooms: players as the lobby sees them, and the lobby's
//! revisioned entries.

use std::collections::BTreeMap;
use std::pin::Pin;

use futures_util::Stream;
use qipan_engine::games::Variant;
use qipan_protocol::Ratings;

use super::Revision;
use crate::lobby::computer::ComputerPlayer;
use crate::lobby::players::NameKey;
use crate::lobby::ratings::Standing;

/// A player, never with their key (only storage sees its hash).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerInfo {
    pub key: NameKey,
    pub name: String,
    pub bot: bool,
    /// Their standing in the game ids they have one in; [`PlayerInfo::standing`] fills in
    /// the others.
    pub ratings: BTreeMap<Variant, Standing>,
}

impl PlayerInfo {
    /// Their standing in `game` (a game id with its option): as stored, else where they
    /// start (a newcomer's 1500, a computer's calibrated strength).
    pub fn standing(&self, game: Variant) -> Standing {
        if let Some(standing) = self.ratings.get(&game) {
            return *standing;
        }
        match ComputerPlayer::named(&self.name) {
            Some(bot) if self.bot => bot.starting_standing(game),
            _ => Standing::NEW,
        }
    }

    /// RATINGS: every game id.
    pub fn wire_ratings(&self) -> Ratings {
        Variant::ALL
            .into_iter()
            .map(|game| (game, self.standing(game).to_wire()))
            .collect()
    }
}

/// One of the lobby's entries: its key, its value (`None` once deleted) and revision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LobbyEntry {
    pub key: String,
    pub value: Option<Vec<u8>>,
    pub revision: Revision,
}

/// Lobby entries as they stand, then as they change.
pub type LobbyChanges = Pin<Box<dyn Stream<Item = LobbyEntry> + Send>>;
