//! The saved-game file: JSON with the game and its options, the start position, who played
//! which side, and the plies as text. Loading replays every ply through the engine, so a
//! hand-edited file can never smuggle in an illegal position.

use crate::any::AnyMatch;
use crate::controller::Players;
use crate::errors::ReplayError;
use qipan_engine::ai::Level;
use qipan_engine::games::{MoveError, Side, Variant};
use serde::{Deserialize, Serialize};

pub use crate::errors::SaveError;

/// The `format` field of every saved game.
pub const FORMAT: &str = "qipan-game";
/// The newest file version this build writes and reads.
pub const VERSION: u32 = 1;

/// A saved game as it is written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveFile {
    pub format: String,
    pub version: u32,
    /// The game id with its option, e.g. `blockade:solidarity`.
    pub game: String,
    /// The start position text.
    pub start: String,
    /// The side the player at the screen took: `x`, `o`, or `both` (two players).
    pub human: String,
    /// Every ply in move notation; a turn lost to the timer is `timeout`.
    pub plies: Vec<String>,
    /// How many plies were in effect (the rest were undone and can be redone).
    pub cursor: usize,
}

/// The game as a save file: who plays which side comes from the match's players.
pub fn to_file(game: &AnyMatch) -> SaveFile {
    SaveFile {
        format: FORMAT.to_owned(),
        version: VERSION,
        game: game.variant().to_string(),
        start: game.start_text(),
        human: match game.players().human {
            Some(Side::X) => "x",
            Some(Side::O) => "o",
            None => "both",
        }
        .to_owned(),
        plies: game.ply_texts(),
        cursor: game.cursor(),
    }
}

/// Writes the game as JSON.
pub fn to_json(game: &AnyMatch) -> Result<String, SaveError> {
    serde_json::to_string_pretty(&to_file(game)).map_err(|e| SaveError::Serialize(e.to_string()))
}

/// Reads a saved game and replays it through the engine. The file says who played which
/// side; the computer plays at `level`.
pub fn from_json(text: &str, level: Level, seed: u64, now: f64) -> Result<AnyMatch, SaveError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| SaveError::Json(e.to_string()))?;
    if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(SaveError::NotASave);
    }
    let file: SaveFile =
        serde_json::from_value(value).map_err(|e| SaveError::Json(e.to_string()))?;
    from_file(&file, level, seed, now)
}

/// Replays a save file through the engine.
pub fn from_file(
    file: &SaveFile,
    level: Level,
    seed: u64,
    now: f64,
) -> Result<AnyMatch, SaveError> {
    if file.format != FORMAT {
        return Err(SaveError::NotASave);
    }
    if file.version != VERSION {
        return Err(SaveError::Version(file.version));
    }
    let variant = Variant::parse(&file.game).map_err(|_| SaveError::Game(file.game.clone()))?;
    let human = match file.human.as_str() {
        "x" => Some(Side::X),
        "o" => Some(Side::O),
        "both" => None,
        other => return Err(SaveError::Human(other.to_owned())),
    };
    let players = Players { human, level };
    AnyMatch::replay(
        variant,
        &file.start,
        &file.plies,
        file.cursor,
        players,
        seed,
        now,
    )
    .map_err(|error| match error {
        ReplayError::Start(_) => SaveError::Start(file.start.clone()),
        ReplayError::Ply { index, error } => SaveError::Move {
            number: index + 1,
            text: file.plies.get(index).cloned().unwrap_or_default(),
            illegal: matches!(error, MoveError::Illegal { .. }),
        },
        ReplayError::AfterEnd { index } => SaveError::AfterEnd { number: index + 1 },
        ReplayError::Cursor => SaveError::Cursor,
    })
}

/// The format of the games kept between runs (the app's storage, not a file the player
/// names).
pub const SHELF_VERSION: u32 = 1;

/// Every game in progress, one per game and option, as kept between runs: each a save
/// file plus the seconds already used of the turn on the clock.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Shelf {
    pub version: u32,
    pub games: Vec<ShelvedGame>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShelvedGame {
    #[serde(flatten)]
    pub file: SaveFile,
    /// Seconds of the turn already used when the game was put away.
    #[serde(default)]
    pub clock_used: f64,
}

/// Puts games away as JSON.
pub fn shelve(games: &[&AnyMatch], now: f64) -> Result<String, SaveError> {
    let shelf = Shelf {
        version: SHELF_VERSION,
        games: games
            .iter()
            .map(|game| ShelvedGame {
                file: to_file(game),
                clock_used: game.clock_used(now),
            })
            .collect(),
    };
    serde_json::to_string(&shelf).map_err(|e| SaveError::Serialize(e.to_string()))
}

/// Takes games back from [`shelve`]'s JSON: each game that replays, and the first error of
/// those that do not (they are dropped: a fresh game takes their place). Each game is read
/// on its own, so that one damaged game (a field missing or of the wrong kind) does not
/// cost the others.
pub fn unshelve(
    text: &str,
    level: Level,
    seed: u64,
    now: f64,
) -> (Vec<AnyMatch>, Option<SaveError>) {
    /// A shelf whose games are not read yet.
    #[derive(Deserialize)]
    struct Unread {
        version: u32,
        games: Vec<serde_json::Value>,
    }
    let shelf: Unread = match serde_json::from_str(text) {
        Ok(shelf) => shelf,
        Err(e) => return (Vec::new(), Some(SaveError::Json(e.to_string()))),
    };
    if shelf.version != SHELF_VERSION {
        return (Vec::new(), Some(SaveError::Version(shelf.version)));
    }
    let mut games = Vec::new();
    let mut first_error = None;
    for game in shelf.games {
        let shelved: ShelvedGame = match serde_json::from_value(game) {
            Ok(shelved) => shelved,
            Err(e) => {
                first_error.get_or_insert(SaveError::Json(e.to_string()));
                continue;
            }
        };
        match from_file(&shelved.file, level, seed, now) {
            Ok(mut game) => {
                game.set_clock_used(shelved.clock_used, now);
                games.push(game);
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    (games, first_error)
}
