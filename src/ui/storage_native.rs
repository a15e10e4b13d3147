//! The only place the app touches the file system: reading and writing saved games on the
//! desktop. The web build has no files (its saved-game support, if any, lives elsewhere).

use crate::controller::save::SaveError;

/// Writes `text` to `path`.
pub fn write(path: &str, text: &str) -> Result<(), SaveError> {
    std::fs::write(path, text).map_err(|e| SaveError::Io {
        path: path.to_owned(),
        error: e.to_string(),
    })
}

/// Reads the file at `path` as text.
pub fn read(path: &str) -> Result<String, SaveError> {
    std::fs::read_to_string(path).map_err(|e| SaveError::Io {
        path: path.to_owned(),
        error: e.to_string(),
    })
}
