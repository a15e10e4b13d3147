//! Every list of games outside the engine's code agrees with the registry
//! ([`GameId::ALL`], [`Variant::ALL`]): a list that cannot be built from it (a script, the
//! browser test, a usage text) is read here and compared, so that a new game left out of
//! one fails a test instead of being skipped in silence. docs/sixth-game.md lists them all.

use qipan_engine::games::{GameId, Variant};
use std::collections::BTreeSet;
use std::path::Path;

/// The repository's root, two folders above this crate.
fn repository_file(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

fn game_names() -> BTreeSet<String> {
    GameId::ALL.map(|id| id.name().to_owned()).into()
}

fn variant_ids() -> BTreeSet<String> {
    Variant::ALL.iter().map(Variant::to_string).collect()
}

/// The quoted words of the list `marker ... = [...]` in `text` (a JavaScript or Rust
/// constant).
fn quoted_list_after(text: &str, marker: &str) -> BTreeSet<String> {
    let start = text
        .find(marker)
        .unwrap_or_else(|| panic!("{marker:?} not found"));
    let list = &text[start + marker.len()..];
    let list = &list[list.find("= [").expect("a list") + 3..];
    let list = &list[..list.find(']').expect("its end")];
    list.split(',')
        .map(|item| item.trim().trim_matches(['\'', '"']).to_owned())
        .filter(|item| !item.is_empty())
        .collect()
}

#[test]
fn the_browser_test_visits_every_game() {
    let test = repository_file("e2e/steps/games.mjs");
    assert_eq!(
        quoted_list_after(&test, "const EVERY_GAME"),
        game_names(),
        "e2e/steps/games.mjs's EVERY_GAME"
    );
}

#[test]
fn the_apps_usage_text_names_every_game_and_option() {
    let main = repository_file("src/main.rs");
    let usage = main
        .lines()
        .find(|line| line.contains("const USAGE"))
        .expect("src/main.rs has a USAGE text");
    let games = usage
        .split("--game ")
        .nth(1)
        .expect("the usage text names the games after --game");
    let games: BTreeSet<String> = games
        .split(|c: char| !(c.is_ascii_lowercase() || c == ':' || c == '|'))
        .next()
        .unwrap_or_default()
        .split('|')
        .map(str::to_owned)
        .collect();
    assert_eq!(games, variant_ids(), "src/main.rs's USAGE");
}

#[test]
fn the_calibration_script_asks_the_registry() {
    // tools/calibrate.sh loops over what the `games` example prints (Variant::ALL) and has
    // no list of its own.
    let script = repository_file("tools/calibrate.sh");
    assert!(
        script.contains("--example games"),
        "tools/calibrate.sh reads the games from `cargo run -p qipan-engine --example games`"
    );
    for id in variant_ids() {
        assert!(
            !script.contains(&format!(" {id} ")),
            "tools/calibrate.sh names {id} itself"
        );
    }
}

#[test]
fn the_rule_text_generator_knows_every_game() {
    // tools/seeds_to_ftl.py maps each seed's English title to its game id.
    let script = repository_file("tools/seeds_to_ftl.py");
    let start = script.find("GAMES = {").expect("GAMES in seeds_to_ftl.py");
    let block = &script[start..start + script[start..].find('}').expect("its end")];
    let ids: BTreeSet<String> = block
        .lines()
        .skip(1)
        .filter_map(|line| line.split(':').nth(1))
        .map(|id| id.trim().trim_end_matches(',').trim_matches('"').to_owned())
        .collect();
    assert_eq!(ids, game_names(), "tools/seeds_to_ftl.py's GAMES");
}

#[test]
fn every_game_and_option_is_counted_by_hand() {
    let counts = repository_file("crates/engine/tests/hand_counts.rs");
    for id in variant_ids() {
        assert!(
            counts.contains(&format!("game: \"{id}\"")),
            "crates/engine/tests/hand_counts.rs counts no {id} position by hand"
        );
    }
}

#[test]
fn the_screenshot_script_asks_the_registry() {
    let script = repository_file("tools/screenshots.sh");
    assert!(
        script.contains("--example games"),
        "tools/screenshots.sh reads the games from `cargo run -p qipan-engine --example games`"
    );
}

#[test]
fn the_command_line_tests_cover_every_game_and_option() {
    // crates/cli/tests/cli/main.rs runs its contract over a list of its own, or over the registry.
    let tests = repository_file("crates/cli/tests/cli/main.rs");
    if tests.contains("const GAMES") {
        assert_eq!(
            quoted_list_after(&tests, "const GAMES"),
            variant_ids(),
            "crates/cli/tests/cli/main.rs's GAMES"
        );
    } else {
        assert!(
            tests.contains("Variant::ALL"),
            "crates/cli/tests/cli/main.rs's games"
        );
    }
}
