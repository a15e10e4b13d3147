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
        Duration::from_millis(match self {
            Level::Easy => 200,
            Level::Medium => 700,
            Level::Hard => 2000,
            Level::Master => 4000,
        })
    }
}
