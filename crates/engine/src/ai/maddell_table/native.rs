//! The table on the desktop: stored in the app's data directory, or shipped beside the
//! executable by a release; built on a thread when neither holds a valid one.

use super::{
    claim_preparation, install, set_readiness, Builder, Progress, Readiness, Table, TableError,
    FILE_NAME, MAX_PIECES,
};
use crate::games::maddell::Position;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use web_time::Duration;

/// Where the app keeps the table: its data folder ([`crate::files::app_data_dir`]), next to
/// the app's settings, where the command line finds it too.
pub fn default_path() -> Option<PathBuf> {
    crate::files::app_data_dir().map(|dir| dir.join(FILE_NAME))
}

/// Where a release keeps the table it ships: beside the executable (the Linux and Windows
/// artefacts, `tools/release.sh`), so that a player of a release never waits for the build.
/// Only ever read: the app stores what it builds at [`default_path`].
pub fn bundled_path() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    exe.parent().map(|dir| dir.join(FILE_NAME))
}

/// The file a command without `--table` reads: the one the app keeps ([`default_path`]) or,
/// while there is none, the one a release ships ([`bundled_path`]); [`default_path`] when
/// neither exists, for the build to be stored there.
pub fn cli_default_path() -> Option<PathBuf> {
    let stored = default_path();
    if stored.as_deref().is_some_and(Path::exists) {
        return stored;
    }
    bundled_path().filter(|p| p.exists()).or(stored)
}

/// The first of `paths` that holds a valid table of `max_pieces` pieces a side; missing,
/// damaged, foreign and smaller tables are passed over.
fn first_valid(paths: &[PathBuf], max_pieces: usize) -> Option<Table> {
    paths
        .iter()
        .filter_map(|path| load(path).ok())
        .find(|table| table.max_pieces() == max_pieces)
}

/// Reads a stored table; a missing, damaged or foreign file is an error.
pub fn load(path: &Path) -> Result<Table, TableError> {
    let bytes =
        std::fs::read(path).map_err(|e| TableError::Io(format!("{}: {e}", path.display())))?;
    Table::from_bytes(bytes)
}

/// Writes `table` to `path` whole or not at all ([`crate::files::write_atomically`]).
pub fn save(table: &Table, path: &Path) -> Result<(), TableError> {
    let bytes = table
        .as_bytes()
        .ok_or_else(|| TableError::Io("a packed table keeps no file to write".into()))?;
    crate::files::write_atomically(path, bytes)
        .map_err(|e| TableError::Io(format!("{}: {e}", path.display())))
}

fn build(max_pieces: usize, on_progress: &mut impl FnMut(f32)) -> Result<Table, super::BuildError> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut builder = Builder::new(max_pieces, threads)?;
    loop {
        match builder.step(Duration::from_millis(200))? {
            // Stored and played from in the reduced layout: an eleventh of the memory.
            Progress::Done => return builder.finish().map(|full| full.reduced()),
            Progress::Working(done) => on_progress(done),
        }
    }
}

/// Loads the table from `path` (the app passes [`default_path`]) or from a release's copy
/// ([`bundled_path`]), or builds it and stores it at `path`, on a thread, then installs it;
/// the first call starts this and later calls do nothing. [`super::readiness`] tells how far
/// it is; `wake` is called whenever that changes (e.g. to repaint the status note). Without
/// a path the table is built and not stored.
pub fn prepare_in_background(path: Option<PathBuf>, wake: impl Fn() + Send + 'static) {
    if !claim_preparation() {
        return;
    }
    wake();
    let spawned = std::thread::Builder::new()
        .name("maddell-table".into())
        .spawn(move || {
            let candidates: Vec<PathBuf> = path.iter().cloned().chain(bundled_path()).collect();
            if let Some(table) = first_valid(&candidates, MAX_PIECES) {
                install(Arc::new(table));
                set_readiness(Readiness::Ready { note: None });
                wake();
                return;
            }
            let mut shown = -1.0f32;
            let built = build(MAX_PIECES, &mut |done| {
                // A repaint per percent is plenty for a status note.
                if done - shown >= 0.01 {
                    shown = done;
                    set_readiness(Readiness::Building(done));
                    wake();
                }
            });
            match built {
                Err(e) => set_readiness(Readiness::Failed(e.to_string())),
                Ok(table) => {
                    let table = Arc::new(table);
                    install(Arc::clone(&table));
                    set_readiness(Readiness::Ready { note: None });
                    wake();
                    let note = path
                        .and_then(|path| save(&table, &path).err())
                        .map(|e| e.to_string());
                    set_readiness(Readiness::Ready { note });
                }
            }
            wake();
        });
    if let Err(e) = spawned {
        set_readiness(Readiness::Failed(e.to_string()));
    }
}

/// The most pieces a side for which the command line builds a table on the spot, in memory,
/// rather than the whole game's (a fraction of a second).
pub const CLI_SMALL_PIECES: usize = 4;

/// What the command line wants from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CliNeed {
    /// Build the whole table (and store it) when it is missing: `solve`, `analyse`, ...
    BuildIfMissing,
    /// Never build the whole table: a command under a time limit (`bestmove --movetime`)
    /// searches instead when it is missing.
    UseIfPresent,
}

/// For `qipan-cli` (every command that plays or judges Maddell): installs the table that the
/// command needs and returns it. `path` is `--table PATH` or, without it,
/// [`cli_default_path`] (where the app keeps the table, or a release's copy). `pieces` is
/// the most pieces a side in the positions the command looks at (6 for a game from the
/// start).
///
/// - A file at `path` is read; a damaged or foreign one is an error naming the path, and it
///   is never overwritten.
/// - Missing, and `pieces` at most [`CLI_SMALL_PIECES`]: the small table those positions
///   need is built in memory.
/// - Missing, with [`CliNeed::UseIfPresent`]: nothing is built (`None`); `note` says so.
/// - Missing otherwise: the whole table is built (about half a minute in release, once) and
///   stored at `path`; `note` hears one line before the build and, if storing fails, why.
pub fn table_for_cli(
    pieces: usize,
    path: Option<&Path>,
    need: CliNeed,
    note: &mut dyn FnMut(String),
) -> Result<Option<Arc<Table>>, String> {
    if let Some(path) = path.filter(|p| p.exists()) {
        let table = load(path).map_err(|e| match e {
            TableError::Io(why) => why,
            other => format!("{}: {other}", path.display()),
        })?;
        let table = Arc::new(table);
        install(Arc::clone(&table));
        return Ok(Some(table));
    }
    let pieces = pieces.clamp(super::FEWEST, MAX_PIECES);
    let table = if pieces <= CLI_SMALL_PIECES {
        build(pieces, &mut |_| {}).map_err(|e| e.to_string())?
    } else if need == CliNeed::UseIfPresent {
        note("Maddell's table is not built yet; searching instead (run 'qipan-cli solve maddell' once to build it)".to_owned());
        return Ok(None);
    } else {
        match path {
            Some(path) => note(format!(
                "building Maddell's solved table (about 30 s in a release build, once) into {}",
                path.display()
            )),
            None => note(
                "building Maddell's solved table in memory (about 30 s; there is no data folder to keep it in)"
                    .to_owned(),
            ),
        }
        let table = build(MAX_PIECES, &mut |_| {}).map_err(|e| e.to_string())?;
        if let Some(path) = path {
            if let Err(e) = save(&table, path) {
                note(format!("the table could not be stored: {e}"));
            }
        }
        table
    };
    let table = Arc::new(table);
    install(Arc::clone(&table));
    Ok(Some(table))
}

/// The most pieces a side (in hand and on the board) in `pos`.
pub fn pieces_a_side(pos: &Position) -> usize {
    pos.total(crate::games::Side::X)
        .max(pos.total(crate::games::Side::O)) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The app reads the first valid table of the whole game's size among the places it
    /// looks (its own file, then a release's copy): a missing, damaged or smaller one is
    /// passed over.
    #[test]
    fn the_first_valid_table_of_the_size_is_read() {
        let dir = std::env::temp_dir().join(format!("qipan-table-places-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("makes a directory");
        let missing = dir.join("missing.bin");
        let damaged = dir.join("damaged.bin");
        std::fs::write(
            &damaged,
            b"not a table at all, but long enough to have a header",
        )
        .expect("writes");
        let (small, other) = (dir.join("small.bin"), dir.join("other.bin"));
        let table = build(4, &mut |_| {}).expect("builds");
        save(&table, &small).expect("stores");
        save(&build(3, &mut |_| {}).expect("builds"), &other).expect("stores");

        assert!(first_valid(&[missing.clone(), damaged.clone()], 4).is_none());
        let found = first_valid(&[missing, damaged, other.clone(), small.clone()], 4)
            .expect("the valid one of the size");
        assert_eq!(found.as_bytes(), table.as_bytes());
        assert!(first_valid(&[other, small], MAX_PIECES).is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
