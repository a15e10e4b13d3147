//! What the player has done, and the ratings that follow them: a Glicko-2 puzzle rating and
//! a Glicko-2 rating against the computer for each game, the counts behind the Statistics
//! view, and each rating's history for its chart.
//!
//! The computer's levels have fixed ratings, derived from the calibration matches of
//! `tools/calibrate.sh` (docs/engine.md, [`Level::calibrated_rating`]), the scale the
//! server's computer players start from too. A finished game against a level is a Glicko-2
//! game against that rating, and a puzzle is a game against its difficulty. Kept with the settings as JSON: a stored form
//! that does not read costs only itself ([`Progress::from_json`]).

use qipan_engine::ai::Level;
use qipan_engine::games::{GameId, Variant};
use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// The version of the stored form; another one is not read.
const FORMAT_VERSION: u32 = 1;

/// A rating with its uncertainty, on the usual Glicko scale (a newcomer is 1500 ± 350).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Rating::from(Glicko2Rating::new())
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Self {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Self {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl Rating {
    /// A fixed opponent (a level, a puzzle): its deviation is small, since it does not
    /// change.
    fn fixed(rating: f64) -> Rating {
        Rating {
            rating,
            deviation: FIXED_DEVIATION,
            volatility: 0.06,
        }
    }

    /// The rating after one result against `opponent`.
    fn after(self, opponent: Rating, outcome: Outcome) -> Rating {
        let outcome = match outcome {
            Outcome::Win => Outcomes::WIN,
            Outcome::Draw => Outcomes::DRAW,
            Outcome::Loss => Outcomes::LOSS,
        };
        let (me, _) = glicko2(
            &self.into(),
            &opponent.into(),
            &outcome,
            &Glicko2Config::new(),
        );
        Rating::from(me).sane().unwrap_or(self)
    }

    /// `None` for a rating no result could give (a stored value edited by hand).
    fn sane(self) -> Option<Rating> {
        let ok = self.rating.is_finite()
            && (0.0..=5000.0).contains(&self.rating)
            && self.deviation.is_finite()
            && (0.0..=1000.0).contains(&self.deviation)
            && self.volatility.is_finite()
            && (0.0..=1.0).contains(&self.volatility);
        ok.then_some(self)
    }
}

/// A fixed opponent's deviation: a level's rating comes from 100 games a pair.
const FIXED_DEVIATION: f64 = 60.0;

/// A game's result for the person at the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// A level's rating in a game: its plain variant's, since progress is kept per game.
pub fn level_rating(game: GameId, level: Level) -> f64 {
    level.calibrated_rating(Variant::plain(game))
}

/// Games against one level of one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    fn add(&mut self, outcome: Outcome) {
        let count = match outcome {
            Outcome::Win => &mut self.wins,
            Outcome::Draw => &mut self.draws,
            Outcome::Loss => &mut self.losses,
        };
        *count = count.saturating_add(1);
    }
}

/// Which rating a history point belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RatingKind {
    Puzzles,
    Computer,
}

/// A rating after one result, for the chart.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingPoint {
    pub game: GameId,
    pub kind: RatingKind,
    /// Seconds since 1970 (0 where the clock could not be read).
    pub at: u64,
    pub rating: f64,
}

/// One game's record.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameProgress {
    #[serde(default)]
    pub computer: Rating,
    #[serde(default)]
    pub puzzle: Rating,
    /// Games against each level, in [`Level::ALL`]'s order.
    #[serde(default)]
    pub levels: [Tally; 4],
    #[serde(default)]
    pub puzzles_solved: u32,
    #[serde(default)]
    pub puzzles_failed: u32,
    /// The shipped puzzles tried, by their line number (each is rated once).
    #[serde(default)]
    pub puzzles_tried: Vec<u32>,
    /// The lessons of the game's course done, by id, each once (a lesson not here is new).
    #[serde(default, deserialize_with = "lenient_ids")]
    pub lessons_done: Vec<String>,
}

/// The lesson ids of a stored record, each once: an entry that is not a string is left out,
/// and a value that is not a list reads as none (a damaged part costs only itself).
fn lenient_ids<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let mut ids: Vec<String> = Vec::new();
    if let serde_json::Value::Array(items) = serde_json::Value::deserialize(d)? {
        for item in items {
            if let serde_json::Value::String(id) = item {
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
        }
    }
    Ok(ids)
}

/// A stored yes or no; anything else reads as no.
fn lenient_flag<'de, D: serde::Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Ok(serde_json::Value::deserialize(d)? == serde_json::Value::Bool(true))
}

/// The most history points kept: the chart needs no more, and the settings stay small.
const HISTORY_LIMIT: usize = 2000;

/// Everything the player has done, as it is kept between runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    version: u32,
    #[serde(default)]
    games: Vec<(GameId, GameProgress)>,
    #[serde(default)]
    history: Vec<RatingPoint>,
    /// The newcomer's offer of a first lesson was answered (taken or dismissed): it is never
    /// made again.
    #[serde(default, deserialize_with = "lenient_flag")]
    lesson_offer_answered: bool,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            version: FORMAT_VERSION,
            games: Vec::new(),
            history: Vec::new(),
            lesson_offer_answered: false,
        }
    }
}

/// Why a stored progress was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgressError {
    /// Not JSON of this form.
    Unreadable(String),
    /// Written by another version of the app.
    Version(u32),
}

impl std::fmt::Display for ProgressError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProgressError::Unreadable(why) => write!(f, "unreadable progress: {why}"),
            ProgressError::Version(v) => write!(f, "progress of another version ({v})"),
        }
    }
}

impl Progress {
    /// The stored form read back. Ratings no result could give are reset to a newcomer's,
    /// and each game's record stands alone.
    pub fn from_json(text: &str) -> Result<Progress, ProgressError> {
        let mut progress: Progress =
            serde_json::from_str(text).map_err(|e| ProgressError::Unreadable(e.to_string()))?;
        if progress.version != FORMAT_VERSION {
            return Err(ProgressError::Version(progress.version));
        }
        let mut seen = Vec::new();
        progress.games.retain(|(game, _)| {
            let first = !seen.contains(game);
            seen.push(*game);
            first
        });
        for (_, record) in &mut progress.games {
            record.computer = record.computer.sane().unwrap_or_default();
            record.puzzle = record.puzzle.sane().unwrap_or_default();
        }
        progress.history.retain(|p| p.rating.is_finite());
        Ok(progress)
    }

    pub fn to_json(&self) -> String {
        // Plain data with string keys: serializing it cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// One game's record (a newcomer's where nothing was played).
    pub fn game(&self, game: GameId) -> GameProgress {
        self.games
            .iter()
            .find(|(g, _)| *g == game)
            .map(|(_, r)| r.clone())
            .unwrap_or_default()
    }

    fn game_mut(&mut self, game: GameId) -> &mut GameProgress {
        let i = match self.games.iter().position(|(g, _)| *g == game) {
            Some(i) => i,
            None => {
                self.games.push((game, GameProgress::default()));
                self.games.len() - 1
            }
        };
        &mut self.games[i].1
    }

    /// Every rating after each result, oldest first.
    pub fn history(&self) -> &[RatingPoint] {
        &self.history
    }

    fn remember(&mut self, game: GameId, kind: RatingKind, rating: f64, at: u64) {
        self.history.push(RatingPoint {
            game,
            kind,
            at,
            rating,
        });
        if self.history.len() > HISTORY_LIMIT {
            let extra = self.history.len() - HISTORY_LIMIT;
            self.history.drain(..extra);
        }
    }

    /// A finished game against the computer at `level`.
    pub fn record_game(&mut self, game: GameId, level: Level, outcome: Outcome, at: u64) {
        let record = self.game_mut(game);
        let index = Level::ALL.iter().position(|&l| l == level).unwrap_or(0);
        record.levels[index].add(outcome);
        record.computer = record
            .computer
            .after(Rating::fixed(level_rating(game, level)), outcome);
        let rating = record.computer.rating;
        self.remember(game, RatingKind::Computer, rating, at);
    }

    /// A puzzle's first try: solved without a wrong move, or failed. A puzzle tried before
    /// moves nothing (its answer is known by then).
    pub fn record_puzzle(
        &mut self,
        game: GameId,
        puzzle: u32,
        difficulty: u32,
        solved: bool,
        at: u64,
    ) {
        let record = self.game_mut(game);
        if record.puzzles_tried.contains(&puzzle) {
            return;
        }
        record.puzzles_tried.push(puzzle);
        let outcome = if solved {
            record.puzzles_solved = record.puzzles_solved.saturating_add(1);
            Outcome::Win
        } else {
            record.puzzles_failed = record.puzzles_failed.saturating_add(1);
            Outcome::Loss
        };
        record.puzzle = record
            .puzzle
            .after(Rating::fixed(f64::from(difficulty)), outcome);
        let rating = record.puzzle.rating;
        self.remember(game, RatingKind::Puzzles, rating, at);
    }

    /// A lesson of `game`'s course was played to its end (counted once).
    pub fn record_lesson(&mut self, game: GameId, lesson: &str) {
        let done = &mut self.game_mut(game).lessons_done;
        if !done.iter().any(|id| id == lesson) {
            done.push(lesson.to_owned());
        }
    }

    /// Whether the lesson `lesson` of `game`'s course was done (else it is new).
    pub fn lesson_done(&self, game: GameId, lesson: &str) -> bool {
        self.games
            .iter()
            .any(|(g, record)| *g == game && record.lessons_done.iter().any(|id| id == lesson))
    }

    /// Whether the newcomer's offer of a first lesson was answered.
    pub fn lesson_offer_answered(&self) -> bool {
        self.lesson_offer_answered
    }

    /// The offer of a first lesson was taken or dismissed: it is not made again.
    pub fn answer_lesson_offer(&mut self) {
        self.lesson_offer_answered = true;
    }

    /// Whether nothing is recorded yet: no game against the computer finished, no puzzle
    /// tried, no lesson done.
    pub fn is_empty(&self) -> bool {
        self.games.iter().all(|(_, record)| {
            record.levels.iter().all(|tally| tally.games() == 0)
                && record.puzzles_tried.is_empty()
                && record.lessons_done.is_empty()
        })
    }

    /// The level to play next: the one whose rating is nearest the player's, once a game
    /// against the computer has been played.
    pub fn suggested_level(&self, game: GameId) -> Option<Level> {
        let record = self.game(game);
        if record.levels.iter().all(|t| t.games() == 0) {
            return None;
        }
        let mine = record.computer.rating;
        Level::ALL.into_iter().min_by(|&a, &b| {
            let da = (level_rating(game, a) - mine).abs();
            let db = (level_rating(game, b) - mine).abs();
            da.total_cmp(&db)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_raises_the_rating_and_a_loss_lowers_it() {
        let mut progress = Progress::default();
        progress.record_game(GameId::Cannon, Level::Hard, Outcome::Win, 1);
        let after_win = progress.game(GameId::Cannon).computer.rating;
        assert!(after_win > 1500.0);
        progress.record_game(GameId::Cannon, Level::Easy, Outcome::Loss, 2);
        assert!(progress.game(GameId::Cannon).computer.rating < after_win);
        let tallies = progress.game(GameId::Cannon).levels;
        assert_eq!((tallies[0].losses, tallies[2].wins), (1, 1));
        // Other games are untouched.
        assert_eq!(progress.game(GameId::Push), GameProgress::default());
        assert_eq!(progress.history().len(), 2);
    }

    #[test]
    fn a_puzzle_is_rated_once() {
        let mut progress = Progress::default();
        progress.record_puzzle(GameId::Push, 7, 1200, false, 1);
        let failed = progress.game(GameId::Push).puzzle.rating;
        assert!(failed < 1500.0);
        progress.record_puzzle(GameId::Push, 7, 1200, true, 2);
        let record = progress.game(GameId::Push);
        assert_eq!(record.puzzle.rating, failed);
        assert_eq!((record.puzzles_solved, record.puzzles_failed), (0, 1));
    }

    #[test]
    fn the_suggested_level_follows_the_rating() {
        let mut progress = Progress::default();
        assert_eq!(progress.suggested_level(GameId::Maddell), None);
        for at in 0..30 {
            progress.record_game(GameId::Maddell, Level::Easy, Outcome::Loss, at);
        }
        assert_eq!(progress.suggested_level(GameId::Maddell), Some(Level::Easy));
        for at in 0..60 {
            progress.record_game(GameId::Maddell, Level::Master, Outcome::Win, at);
        }
        assert_eq!(
            progress.suggested_level(GameId::Maddell),
            Some(Level::Master)
        );
    }

    #[test]
    fn the_stored_form_reads_back_and_bad_parts_cost_only_themselves() {
        let mut progress = Progress::default();
        progress.record_game(GameId::Blockade, Level::Medium, Outcome::Draw, 5);
        progress.record_puzzle(GameId::Blockade, 3, 1000, true, 6);
        let text = progress.to_json();
        assert_eq!(Progress::from_json(&text), Ok(progress.clone()));

        assert!(matches!(
            Progress::from_json("{"),
            Err(ProgressError::Unreadable(_))
        ));
        let other = text.replace("\"version\":1", "\"version\":9");
        assert_eq!(Progress::from_json(&other), Err(ProgressError::Version(9)));
        // A rating edited out of range: that rating is a newcomer's again, the rest stays.
        let mut edited: serde_json::Value = serde_json::from_str(&text).expect("json");
        edited["games"][0][1]["computer"]["rating"] = serde_json::json!(-3.0);
        let read = Progress::from_json(&edited.to_string()).expect("reads");
        let record = read.game(GameId::Blockade);
        assert_eq!(record.computer, Rating::default());
        assert_eq!(record.puzzle, progress.game(GameId::Blockade).puzzle);
        assert_eq!(record.levels, progress.game(GameId::Blockade).levels);
    }

    #[test]
    fn lessons_done_and_the_offer_are_kept_and_a_damaged_part_costs_only_itself() {
        let mut progress = Progress::default();
        assert!(progress.is_empty());
        progress.record_lesson(GameId::Push, "standoff");
        progress.record_lesson(GameId::Push, "standoff");
        progress.answer_lesson_offer();
        assert!(!progress.is_empty());
        assert!(progress.lesson_done(GameId::Push, "standoff"));
        assert!(!progress.lesson_done(GameId::Push, "groups"));
        assert!(!progress.lesson_done(GameId::Cannon, "standoff"));
        assert_eq!(progress.game(GameId::Push).lessons_done, ["standoff"]);
        progress.record_puzzle(GameId::Push, 3, 1000, true, 6);
        let text = progress.to_json();
        assert_eq!(Progress::from_json(&text), Ok(progress.clone()));

        // An older stored form, without them: nothing done, the offer not answered.
        let mut older: serde_json::Value = serde_json::from_str(&text).expect("json");
        older["games"][0][1]
            .as_object_mut()
            .expect("a record")
            .remove("lessons_done");
        older
            .as_object_mut()
            .expect("progress")
            .remove("lesson_offer_answered");
        let read = Progress::from_json(&older.to_string()).expect("reads");
        assert!(!read.lesson_done(GameId::Push, "standoff"));
        assert!(!read.lesson_offer_answered());
        assert_eq!(read.game(GameId::Push).puzzles_solved, 1);

        // Damaged: a list with an entry that is no id, a flag that is no flag.
        let mut damaged: serde_json::Value = serde_json::from_str(&text).expect("json");
        damaged["games"][0][1]["lessons_done"] = serde_json::json!(["groups", 7, null, "groups"]);
        damaged["lesson_offer_answered"] = serde_json::json!("yes");
        let read = Progress::from_json(&damaged.to_string()).expect("reads");
        assert_eq!(read.game(GameId::Push).lessons_done, ["groups"]);
        assert!(!read.lesson_offer_answered());
        assert_eq!(read.game(GameId::Push).puzzles_solved, 1, "the rest kept");
        damaged["games"][0][1]["lessons_done"] = serde_json::json!({"standoff": true});
        let read = Progress::from_json(&damaged.to_string()).expect("reads");
        assert!(read.game(GameId::Push).lessons_done.is_empty());
        assert_eq!(
            read.game(GameId::Push).puzzle,
            progress.game(GameId::Push).puzzle
        );
    }

    #[test]
    fn history_is_bounded() {
        let mut progress = Progress::default();
        for at in 0..(HISTORY_LIMIT as u64 + 10) {
            progress.record_game(GameId::Push, Level::Easy, Outcome::Draw, at);
        }
        assert_eq!(progress.history().len(), HISTORY_LIMIT);
        assert_eq!(progress.history()[0].at, 10);
    }
}
