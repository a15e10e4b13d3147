//! `qipan`'s own arguments: a bad one is refused before any window opens (one line on
//! standard error naming it, exit code 2), instead of silently opening the saved game.

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs the app binary; a run that is still going after a few seconds (a window opened
/// instead of a refusal) is killed and fails the test.
fn qipan(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(args)
        // No display: should the parser let the arguments through, eframe fails fast.
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("qipan starts");
    let started = Instant::now();
    while child.try_wait().expect("qipan runs").is_none() {
        if started.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("qipan {args:?} did not exit: the arguments were not refused");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("qipan's output")
}

fn refused(args: &[&str], offending: &str) {
    let out = qipan(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(
        stderr.contains(offending),
        "{args:?}: {stderr} does not name {offending:?}"
    );
}

#[test]
fn an_unknown_game_language_or_option_is_refused() {
    refused(&["--game", "chess"], "chess");
    refused(&["--game", "push:solidarity"], "push:solidarity");
    refused(&["--game", "line\nbreak"], "line\\nbreak");
    refused(&["--lang", "fr-FR"], "fr-FR");
    refused(&["--game"], "--game");
    refused(&["--fullscreen"], "--fullscreen");
    refused(&["push"], "push");
    refused(&["--link"], "--link");
    // Only a `qipan:` address is taken as a link without `--link`.
    refused(&["?game=push"], "?game=push");
}

#[test]
fn a_link_is_taken_without_a_refusal() {
    for args in [
        &["qipan:?game=maddell&moves=a1"][..],
        &["--link", "https://example.org/?game=nonsense"][..],
    ] {
        let out = qipan(args);
        // No window can open here; what matters is that the arguments were not refused.
        assert_ne!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn help_prints_the_usage() {
    let out = qipan(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("usage: qipan"), "{stdout}");
    assert!(stdout.contains("--link"), "{stdout}");
}

#[test]
fn the_usage_names_every_game_and_option_of_the_registry() {
    let out = qipan(&["--help"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let games = stdout
        .split("--game ")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .unwrap_or_default();
    let want: Vec<String> = qipan_engine::games::Variant::ALL
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(games.split('|').collect::<Vec<_>>(), want, "{stdout}");
}
