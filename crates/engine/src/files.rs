//! The engine's two facts about the file system (native only): where Qipan keeps its data,
//! and how a file is written so that it is never half-written. The app's saved games and the
//! solved table both go through [`write_atomically`].

use std::io::Write;
use std::path::{Path, PathBuf};

/// The folder where the app keeps its data: the one eframe's storage uses for the app id
/// `qipan` (`$XDG_DATA_HOME/qipan` or `~/.local/share/qipan` on Linux, `~/Library/Application
/// Support/qipan` on macOS, `%APPDATA%\qipan\data` on Windows). The engine must not link
/// eframe, so it says the same thing itself; a test in the app checks that the two agree.
pub fn app_data_dir() -> Option<PathBuf> {
    const APP: &str = "qipan";
    if cfg!(target_os = "windows") {
        std::env::var_os("APPDATA").map(|p| PathBuf::from(p).join(APP).join("data"))
    } else if cfg!(target_os = "macos") {
        std::env::home_dir().map(|p| p.join("Library").join("Application Support").join(APP))
    } else {
        std::env::var_os("XDG_DATA_HOME")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .or_else(|| std::env::home_dir().map(|p| p.join(".local").join("share")))
            .map(|p| p.join(APP))
    }
}

/// Writes `bytes` to `path` whole or not at all: into a temporary file in the same folder
/// (created if missing), flushed to disk, then renamed over `path`. A crash or a full disk
/// leaves the old file, or none, never half of the new one.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(folder)?;
    let mut file = tempfile::NamedTempFile::new_in(folder)?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_replaces_the_file_whole_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("sub").join("file.bin");
        write_atomically(&path, b"first").expect("written");
        write_atomically(&path, b"second").expect("written again");
        assert_eq!(std::fs::read(&path).expect("read"), b"second");
        let entries = std::fs::read_dir(dir.path().join("sub"))
            .expect("listed")
            .count();
        assert_eq!(entries, 1, "only the file itself is left");
    }

    #[test]
    fn a_write_into_a_folder_that_cannot_exist_fails_and_changes_nothing() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let blocker = dir.path().join("plain-file");
        std::fs::write(&blocker, b"x").expect("written");
        assert!(write_atomically(&blocker.join("inside"), b"y").is_err());
        assert_eq!(std::fs::read(&blocker).expect("read"), b"x");
    }
}
