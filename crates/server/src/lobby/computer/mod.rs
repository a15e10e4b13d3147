//! The computer as four rated players (lobby.md): one per level, named `Computer-Easy` to
//! `Computer-Master`, there from the server's first start with a rating in every game id.
//!
//! Their starting ratings are the levels' calibrated strengths
//! ([`Level::calibrated_rating`]: the calibration matches of `tools/calibrate.sh`, each
//! level against the one below it, 100 games a pair, in docs/engine.md; easy anchored at
//! 1000, the scale of the app's rating against the computer). In full, R at the start:
//!
//! | game id | Easy | Medium | Hard | Master |
//! | --- | ---: | ---: | ---: | ---: |
//! | push | 1000 | 1921 | 2843 | 3120 |
//! | shuangcheng | 1000 | 1415 | 1739 | 2023 |
//! | maddell | 1000 | 1332 | 1642 | 2046 |
//! | blockade | 1000 | 1438 | 1812 | 2239 |
//! | blockade:solidarity | 1000 | 1340 | 1766 | 2372 |
//! | cannon | 1000 | 1638 | 2367 | 2945 |
//!
//! From there they are rated like anyone, so their ratings settle on the players' scale.

pub mod driver;
mod host;
pub mod pool;

pub use host::{Computer, GAMES_PER_WORKER};

use crate::names::NameKey;
use crate::store::{PlayerStore, Standing, StoreError};
use qipan_engine::ai::Level;
use qipan_engine::games::Variant;

/// A computer player's RD at the start: its strength was measured over 100 games a pair
/// (about ±60 for a gap of that many games), and its play does not change.
pub const START_DEVIATION: f64 = 60.0;

/// A computer player's volatility at the start: Glickman's default for a steady player,
/// below a newcomer's 0.09, since the engine's strength does not drift.
pub const START_VOLATILITY: f64 = 0.06;

/// One of the four computer players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ComputerPlayer {
    pub level: Level,
}

impl ComputerPlayer {
    /// All four, weakest first.
    pub const ALL: [ComputerPlayer; 4] = [
        ComputerPlayer { level: Level::Easy },
        ComputerPlayer {
            level: Level::Medium,
        },
        ComputerPlayer { level: Level::Hard },
        ComputerPlayer {
            level: Level::Master,
        },
    ];

    /// Its player name, which nobody can register.
    pub fn name(self) -> &'static str {
        match self.level {
            Level::Easy => "Computer-Easy",
            Level::Medium => "Computer-Medium",
            Level::Hard => "Computer-Hard",
            Level::Master => "Computer-Master",
        }
    }

    /// The computer player of this name, whatever its case.
    pub fn named(name: &str) -> Option<ComputerPlayer> {
        let key = NameKey::of(name);
        ComputerPlayer::ALL
            .into_iter()
            .find(|bot| NameKey::of(bot.name()) == key)
    }

    /// Its standing in `variant` before any game there: the level's calibrated strength.
    pub fn starting_standing(self, variant: Variant) -> Standing {
        Standing {
            rating: self.level.calibrated_rating(variant),
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
            games: 0,
            last_rated_ms: None,
        }
    }
}

/// Makes sure storage holds the four computer players, each with a rating in every game
/// id (their starting one where they have none yet): done at every start, before the
/// server serves, so that a game id added since gets their calibrated strength too.
pub async fn add_players(store: &dyn PlayerStore) -> Result<(), StoreError> {
    for bot in ComputerPlayer::ALL {
        let ratings = Variant::ALL
            .into_iter()
            .map(|variant| (variant, bot.starting_standing(variant)))
            .collect();
        store.add_computer(bot.name(), &ratings).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_players_in_order_of_strength_in_every_game_id() {
        for variant in Variant::ALL {
            let ratings = ComputerPlayer::ALL.map(|bot| bot.starting_standing(variant).rating);
            assert!(
                ratings.windows(2).all(|w| w[0] <= w[1]),
                "{variant}: {ratings:?}"
            );
            assert!(ratings[0] < ratings[3], "{variant}: easy below master");
            assert!(
                ratings.iter().any(|&r| r != 1500.0),
                "{variant}: not the newcomer's 1500"
            );
        }
    }

    /// The table in this module's comment is what the engine's calibration gives.
    #[test]
    fn the_table_above_is_the_calibration() {
        let table = [
            ("push", [1000, 1921, 2843, 3120]),
            ("shuangcheng", [1000, 1415, 1739, 2023]),
            ("maddell", [1000, 1332, 1642, 2046]),
            ("blockade", [1000, 1438, 1812, 2239]),
            ("blockade:solidarity", [1000, 1340, 1766, 2372]),
            ("cannon", [1000, 1638, 2367, 2945]),
        ];
        assert_eq!(table.len(), Variant::ALL.len());
        for (id, row) in table {
            let variant = Variant::parse(id).expect("a game id");
            let ratings =
                ComputerPlayer::ALL.map(|bot| bot.starting_standing(variant).rating.round() as i64);
            assert_eq!(ratings, row, "{id}");
        }
    }

    #[test]
    fn computers_start_established_not_provisional() {
        for variant in Variant::ALL {
            for bot in ComputerPlayer::ALL {
                let standing = bot.starting_standing(variant);
                assert!(!standing.is_provisional(), "{}", bot.name());
                assert_eq!(standing.games, 0);
            }
        }
    }

    #[test]
    fn names_are_found_ignoring_case() {
        assert_eq!(
            ComputerPlayer::named("computer-MASTER"),
            Some(ComputerPlayer {
                level: Level::Master
            })
        );
        assert_eq!(ComputerPlayer::named("Computer-Expert"), None);
        let names = ComputerPlayer::ALL.map(ComputerPlayer::name);
        assert_eq!(
            names,
            [
                "Computer-Easy",
                "Computer-Medium",
                "Computer-Hard",
                "Computer-Master"
            ]
        );
    }
}
