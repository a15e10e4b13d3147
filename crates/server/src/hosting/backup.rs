//! `qipan-server backup --data PATH --to FILE` (hosting.md's "Backups"): a consistent copy of
//! the SQLite file while a server runs on it.
//!
//! SQLite's online backup copies every page in one step, inside one read transaction: in
//! WAL mode a reader neither blocks the server's writes nor sees them, so the copy is the
//! file as it was when the copy began (copying in small steps would start over at each of
//! the server's commits, and under play might never end). The copy is written to a
//! temporary file beside FILE, synced, then renamed over FILE: FILE is never half written,
//! and an older FILE stays whole until the new one is.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

/// Why the copy was not made; said to the person who asked for it.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("--data {}: {source}", path.display())]
    Source {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("--to {}: {source}", path.display())]
    Copy {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("--to {}: {source}", path.display())]
    File {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Copies the data file `data` to `to` (replacing it whole, if it exists).
pub fn backup(data: &Path, to: &Path) -> Result<(), BackupError> {
    let source_error = |source| BackupError::Source {
        path: data.to_owned(),
        source,
    };
    // Never created: a mistyped PATH is an error, not an empty backup.
    let source = Connection::open_with_flags(
        data,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(source_error)?;
    source
        .busy_timeout(Duration::from_secs(10))
        .map_err(source_error)?;
    // Reading the schema checks that it is an SQLite file at all.
    source
        .query_row("SELECT count(*) FROM sqlite_master", [], |_| Ok(()))
        .map_err(source_error)?;

    let temporary = temporary_beside(to);
    let copied = copy(&source, &temporary).and_then(|()| {
        let sync = |path: &Path| std::fs::File::open(path).and_then(|f| f.sync_all());
        sync(&temporary)
            .and_then(|()| std::fs::rename(&temporary, to))
            .map_err(|source| BackupError::File {
                path: to.to_owned(),
                source,
            })?;
        // The rename itself is kept through a crash once the folder is synced.
        if let Some(folder) = to.parent().filter(|p| !p.as_os_str().is_empty()) {
            let _ = sync(folder);
        }
        Ok(())
    });
    if copied.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    copied
}

/// Copies every page of `source` to a new file at `temporary`.
fn copy(source: &Connection, temporary: &Path) -> Result<(), BackupError> {
    let copy_error = |source| BackupError::Copy {
        path: temporary.to_owned(),
        source,
    };
    let _ = std::fs::remove_file(temporary);
    let mut target = Connection::open(temporary).map_err(copy_error)?;
    {
        let backup = rusqlite::backup::Backup::new(source, &mut target).map_err(copy_error)?;
        // All pages in one step: one read transaction, one consistent copy. A step that
        // finds the source locked (a checkpoint under way) is tried again.
        loop {
            match backup.step(-1).map_err(copy_error)? {
                rusqlite::backup::StepResult::Done => break,
                _ => std::thread::sleep(Duration::from_millis(20)),
            }
        }
    }
    // The copy is a file of its own: no WAL beside it to move with it.
    target
        .query_row("PRAGMA journal_mode=DELETE", [], |_| Ok(()))
        .map_err(copy_error)?;
    target.close().map_err(|(_, e)| copy_error(e))
}

/// `FILE.partial` beside FILE: the rename is then within one file system.
fn temporary_beside(to: &Path) -> PathBuf {
    let mut name = to.file_name().unwrap_or_default().to_owned();
    name.push(".partial");
    to.with_file_name(name)
}
