//! What the stores hand out besides rooms: players' standings, players as the lobby sees
//! them, and the lobby's revisioned entries.

use std::collections::BTreeMap;
use std::pin::Pin;

use futures_util::Stream;
use qipan_engine::games::Variant;
use qipan_protocol::{GameRating, Ratings};
use serde::{Deserialize, Serialize};

use super::Revision;
use crate::names::NameKey;

/// A player's rating in one game id, as it is stored. How it grows and changes is the
/// lobby's (`lobby::ratings`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games of this game id.
    pub games: u64,
    /// When their last rated game of this game id was rated (ms since 1970); `None` before
    /// the first, when RD does not grow.
    pub last_rated_ms: Option<u64>,
}

impl Standing {
    /// A new player's: R 1500, RD 500, volatility 0.09.
    pub const NEW: Standing = Standing {
        rating: 1500.0,
        deviation: 500.0,
        volatility: 0.09,
        games: 0,
        last_rated_ms: None,
    };

    /// Whether the rating is provisional (RD above 110): marked `?`, off the leaderboard.
    pub fn is_provisional(&self) -> bool {
        self.to_wire().is_provisional()
    }

    /// RATINGS' entry: R, RD and V as stored, RD not grown for display.
    pub fn to_wire(&self) -> GameRating {
        GameRating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
            games: self.games,
        }
    }
}

/// A player's standings by game id (with its option).
pub type Standings = BTreeMap<Variant, Standing>;

/// A player, never with their key (only storage sees its hash).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerInfo {
    pub key: NameKey,
    pub name: String,
    pub bot: bool,
    /// Their standing in the game ids they have one in; [`PlayerInfo::standing`] fills in
    /// the others.
    pub ratings: Standings,
}

impl PlayerInfo {
    /// Their standing in `game` (a game id with its option): as stored, else a newcomer's
    /// (the computer players are stored with one in every game id from the start).
    pub fn standing(&self, game: Variant) -> Standing {
        self.ratings.get(&game).copied().unwrap_or(Standing::NEW)
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
