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
