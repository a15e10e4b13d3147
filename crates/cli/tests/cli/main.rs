//! `qipan-cli` as a user or a checking tool meets it: exact output on stdout, exit codes, and
//! one line on stderr for bad input (the contract heading `src/main.rs` and
//! `docs/rules/cli.md`). One module per group of commands; the helpers that run the command
//! line are here.

mod coach;
mod computer;
mod lessons;
mod maddell_table;
mod positions;
mod puzzles;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

fn cli(args: &[&str]) -> Output {
    cli_in(&empty_data_dir(), args)
}

/// Runs qipan-cli with `data_home` as `XDG_DATA_HOME`, so that the app's data folder (where
/// the Maddell table is looked for) is `data_home/qipan`, never the real one.
fn cli_in(data_home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qipan-cli"))
        .args(args)
        .env("XDG_DATA_HOME", data_home)
        .output()
        .expect("qipan-cli runs")
}

/// A folder of this test run's own under the build's temporary folder (inside `target/`,
/// so nothing is left behind elsewhere), made afresh.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("qipan-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("makes a directory");
    dir
}

/// The data home every command runs with unless a test gives its own: empty, so that no
/// test finds (or builds) a Maddell table there.
fn empty_data_dir() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| scratch("empty-data")).clone()
}

/// The note qipan-cli writes when the Maddell table is missing and a move is due in time.
const SEARCHING_NOTE: &str = "qipan-cli: Maddell's table is not built yet; searching instead \
(run 'qipan-cli solve maddell' once to build it)\n";

/// Runs a command that must succeed and returns its standard output.
fn ok(args: &[&str]) -> String {
    let out = cli(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    assert!(out.stderr.is_empty(), "{args:?} wrote to stderr: {stderr}");
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Runs a command that must succeed with exactly `note` on standard error.
fn ok_with_note(args: &[&str], note: &str) -> String {
    let out = cli(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    assert_eq!(stderr, note, "{args:?}");
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Runs a command that must be refused: exit 2, nothing on stdout, one line on stderr that
/// names `offending`.
fn refused(args: &[&str], offending: &str) {
    let out = cli(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.ends_with('\n'));
    assert!(
        stderr.contains(offending),
        "{args:?}: {stderr} does not name {offending:?}"
    );
}

const GAMES: [&str; 6] = [
    "push",
    "shuangcheng",
    "maddell",
    "blockade",
    "blockade:solidarity",
    "cannon",
];
