use crate::games::{GameId, Variant};
use serde::{Deserialize, Serialize};
use web_time::Duration;

/// The four difficulty levels. Each has its own thinking budget, well inside the 60-second
/// turn timer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    #[default]
    Medium,
    Hard,
    Master,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Master];

    /// The spelling used by the command line (`easy`, `medium`, `hard`, `master`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Master => "master",
        }
    }

    pub fn parse(text: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == text)
    }

    /// The default thinking time per move.
    pub fn budget(self) -> Duration {
        self.config().budget
    }

    /// The level's rating in `variant`, from the calibration matches: easy at
    /// [`EASY_RATING`], each level above it by the gap its match against the level below
    /// shows. The scale of the app's rating against the computer and of the server's
    /// computer players, so that the two agree.
    pub fn calibrated_rating(self, variant: Variant) -> f64 {
        let steps = Level::ALL
            .iter()
            .position(|&level| level == self)
            .unwrap_or(0);
        EASY_RATING
            + calibration(variant)[..steps]
                .iter()
                .copied()
                .map(rating_gap)
                .sum::<f64>()
    }

    /// How each level searches. Easy looks one move ahead with a blurred judgement, so it
    /// walks into captures a beginner can punish; medium keeps that blur but sees two plies
    /// and follows captures and pushes (with less blur, hard-vs-medium in Maddell came out at
    /// 75%, too close); hard sees four; master searches as deep as its budget allows and
    /// plays Shuang Cheng perfectly. Measured against each other in docs/engine.md.
    pub fn config(self) -> LevelConfig {
        let (max_depth, budget_ms, noise, quiescence, error_rate) = match self {
            Level::Easy => (1, 300, 60, false, 0.9),
            Level::Medium => (2, 800, 60, true, 0.5),
            Level::Hard => (4, 1500, 5, true, 0.2),
            Level::Master => (64, 4000, 0, true, 0.0),
        };
        LevelConfig {
            max_depth,
            budget: Duration::from_millis(budget_ms),
            noise,
            quiescence,
            error_rate,
        }
    }
}

/// The search limits behind a level.
#[derive(Clone, Copy, Debug)]
pub struct LevelConfig {
    pub max_depth: i32,
    pub budget: Duration,
    /// Deterministic evaluation noise (per seed), in hundredths of a piece.
    pub noise: i32,
    pub quiescence: bool,
    /// In a solved game (Shuang Cheng), how often the level plays a move other than the
    /// table's best.
    pub error_rate: f64,
}

/// Where the levels' rating scale is anchored: easy's rating in every game.
pub const EASY_RATING: f64 = 1000.0;

/// One calibration match: a level's wins, draws and losses against the level below it.
type Match = (u32, u32, u32);

/// The calibration matches of `tools/calibrate.sh` (docs/engine.md, "Levels, measured"):
/// medium–easy, hard–medium and master–hard, 100 games a pair. Maddell's are those played
/// from its table, as the app and the server play once it is built; Earthen Cannon's the
/// measurement after issue 23. A new measurement goes here and in that table together.
fn calibration(variant: Variant) -> [Match; 3] {
    match (variant.game, variant.solidarity) {
        (GameId::Push, _) => [(100, 0, 0), (100, 0, 0), (81, 5, 14)],
        (GameId::ShuangCheng, _) => [(92, 0, 8), (87, 0, 13), (84, 0, 16)],
        (GameId::Maddell, _) => [(87, 1, 12), (86, 0, 14), (83, 17, 0)],
        (GameId::Blockade, false) => [(92, 2, 6), (88, 4, 8), (91, 3, 6)],
        (GameId::Blockade, true) => [(88, 0, 12), (92, 1, 7), (96, 3, 1)],
        (GameId::Cannon, _) => [(98, 0, 2), (99, 0, 1), (97, 0, 3)],
    }
}

/// The rating gap that a match shows: the Elo/Glicko logistic scale, with half a game added
/// to each side so that a 100–0 match gives a large but finite gap.
fn rating_gap((wins, draws, losses): Match) -> f64 {
    let games = f64::from(wins + draws + losses);
    let share = (f64::from(wins) + f64::from(draws) / 2.0 + 0.5) / (games + 1.0);
    400.0 * (share / (1.0 - share)).log10()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_rise_with_their_calibration() {
        for variant in Variant::ALL {
            let ratings = Level::ALL.map(|level| level.calibrated_rating(variant));
            assert_eq!(ratings[0], EASY_RATING);
            assert!(
                ratings.windows(2).all(|w| w[1] > w[0]),
                "{variant}: {ratings:?}"
            );
        }
        // Shuang Cheng's medium beat easy 92–8: a share of 92.5 / 101, a gap of about 415.
        let gap =
            Level::Medium.calibrated_rating(Variant::plain(GameId::ShuangCheng)) - EASY_RATING;
        assert!((gap - 414.7).abs() < 0.1, "{gap}");
        // Blockade with Solidarity has its own matches: master beat hard 96–1, 3 draws.
        let solidarity = Variant::parse("blockade:solidarity").expect("an id");
        let master_gap =
            Level::Master.calibrated_rating(solidarity) - Level::Hard.calibrated_rating(solidarity);
        assert!((master_gap - 605.6).abs() < 0.1, "{master_gap}");
    }
}
