//! The app driven through its real widgets with egui_kittest, plus checks on the locale files
//! and the bundled font. All UI tests live in this one binary.

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipan::i18n::{defined_ids, Lang};
use qipan::ui::App;
use qipan_engine::ai::Level;
use qipan_engine::games::{GameId, RuleOption};
use qipan_session::timer::ManualClock;
use qipan_session::{CoachMode, Command};
use std::collections::BTreeSet;
use std::path::Path;
use std::time::{Duration, Instant};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A fresh app (default settings, no storage) on a manual clock, playing `game` on Easy.
fn app_with(game: GameId) -> (Harness<'static, App>, ManualClock) {
    let clock = ManualClock::default();
    let handle = clock.clone();
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(64)
        .build_eframe(move |cc| App::with_clock(cc, Box::new(handle)));
    harness.state_mut().set_animations(false);
    harness.state_mut().send(Command::SetLevel(Level::Easy));
    harness.state_mut().send(Command::PickGame(game));
    harness.run();
    (harness, clock)
}

/// Steps the app (in real time, for the computer's thread) until `done` holds.
fn wait_until(harness: &mut Harness<'static, App>, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(harness.state()) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out waiting for {what}"
        );
        harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    harness.run();
}

/// Whether `node` is the board point `name`: its label starts with the name ("c3, dark
/// piece, can move").
fn is_point(node: &egui_kittest::kittest::AccessKitNode<'_>, name: &str) -> bool {
    node.label().is_some_and(|label| {
        label.starts_with(&format!("{name}, ")) || label.starts_with(&format!("{name}，"))
    })
}

/// The board point `name`.
fn point<'h>(harness: &'h Harness<'static, App>, name: &'h str) -> egui_kittest::Node<'h> {
    harness.get_by(|n| is_point(n, name))
}

/// Clicks the board points named in `taps` (the points are named widgets).
fn tap(harness: &mut Harness<'static, App>, taps: &[&str]) {
    for name in taps {
        point(harness, name).click();
        harness.run();
    }
}

/// Picks a game in the picker, makes `taps` on its board, and sees the computer answer.
fn play_and_see_reply(game: GameId, name_en: &str, taps: &[&str], expected: &str) {
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    if game != GameId::ShuangCheng {
        harness
            .get_all_by_label(name_en)
            .next()
            .expect("the game picker lists the game")
            .click();
        harness.run();
    }
    assert_eq!(harness.state().settings().game, game);
    assert_eq!(harness.state().game().len(), 0);
    tap(&mut harness, taps);
    let plies = harness.state().game().ply_texts();
    assert_eq!(
        plies.first().map(String::as_str),
        Some(expected),
        "the taps {taps:?} made the move"
    );
    wait_until(&mut harness, "the computer's reply", |app| {
        app.game().len() >= 2
    });
    assert!(!harness.state().thinking());
}

#[test]
fn shuangcheng_move_by_clicking_and_computer_answers() {
    play_and_see_reply(
        GameId::ShuangCheng,
        "Line-Board Shuang Cheng",
        &["bh", "c"],
        "bh-c",
    );
}

#[test]
fn push_move_by_clicking_and_computer_answers() {
    play_and_see_reply(
        GameId::Push,
        "Push the Line · Standoff",
        &["C4", "D5"],
        "C4-NE",
    );
}

#[test]
fn maddell_placement_by_clicking_and_computer_answers() {
    play_and_see_reply(GameId::Maddell, "Sixpenny Maddell", &["a1"], "a1");
}

#[test]
fn blockade_move_by_clicking_and_computer_answers() {
    play_and_see_reply(
        GameId::Blockade,
        "Two-or-Three-Step Blockade",
        &["a2", "c2"],
        "a2-c2",
    );
}

#[test]
fn cannon_move_by_clicking_and_computer_answers() {
    play_and_see_reply(
        GameId::Cannon,
        "Earthen Cannon Chess",
        &["c6", "c5"],
        "c6-c5",
    );
}

#[test]
fn switching_language_switches_the_rule_panel() {
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    assert!(harness.query_by_label("Quick start").is_some());
    assert!(harness.query_by_label("快速上手").is_none());
    harness.get_by_label("中文").click();
    harness.run();
    assert_eq!(harness.state().settings().lang, Lang::Zh);
    assert!(harness.query_by_label("快速上手").is_some());
    assert!(harness.query_by_label("Quick start").is_none());
    // The rest of the interface switched too.
    assert!(harness.query_by_label("悔棋").is_some());
    harness.get_by_label("English").click();
    harness.run();
    assert!(harness.query_by_label("Quick start").is_some());
}

#[test]
fn a_turn_that_times_out_passes_with_no_move() {
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    // Two people: no computer answers at once and covers the notice.
    harness.state_mut().send(Command::SetPlayers(None));
    harness.run();
    clock.advance(59.0);
    harness.run();
    assert_eq!(harness.state().game().len(), 0, "59 s is still in time");
    clock.advance(1.5);
    harness.run();
    let app = harness.state();
    assert_eq!(app.game().len(), 1);
    assert!(app.game().is_skip(0), "the turn passed with no move");
    let notice = app.notice_text().unwrap_or_default();
    assert!(
        notice.contains("Time ran out"),
        "status line says so: {notice}"
    );
}

#[test]
fn undo_takes_back_the_move_and_the_reply() {
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    tap(&mut harness, &["bh", "c"]);
    wait_until(&mut harness, "the computer's reply", |app| {
        app.game().len() >= 2
    });
    harness.get_by_label("Undo").click();
    harness.run();
    assert_eq!(harness.state().game().cursor(), 0);
    assert!(!harness.state().thinking());
    harness.get_by_label("Redo").click();
    harness.run();
    assert_eq!(harness.state().game().cursor(), 2);
}

#[test]
fn the_move_list_steps_back_and_the_clock_waits_meanwhile() {
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    tap(&mut harness, &["bh", "c"]);
    wait_until(&mut harness, "the computer's reply", |app| {
        app.game().len() >= 2
    });
    harness.get_by_label("Start").click();
    harness.run();
    assert_eq!(harness.state().game().cursor(), 0);
    harness.get_by_label("bh-c").click();
    harness.run();
    assert_eq!(harness.state().game().cursor(), 1);
    // Looking back stops the clock and the computer.
    clock.advance(120.0);
    harness.run();
    assert_eq!(harness.state().game().len(), 2);
    assert!(!harness.state().thinking());
    // Playing on from here lets the computer (to move here) answer again.
    harness.get_by_label("Play on from here").click();
    harness.run();
    wait_until(&mut harness, "the computer's reply", |app| {
        app.game().cursor() == 2
    });
    assert_eq!(harness.state().game().len(), 2);
}

#[test]
fn undo_while_the_computer_thinks_discards_its_answer() {
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    tap(&mut harness, &["bh", "c"]);
    // Whether or not the answer has arrived yet, after undo it must not be played.
    harness.get_by_label("Undo").click();
    harness.run();
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(800) {
        harness.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    let app = harness.state();
    assert_eq!(app.game().cursor(), 0);
    assert!(!app.thinking(), "the player is to move again");
}

#[test]
fn save_and_load_round_trip_and_bad_files_leave_the_game() {
    let dir = std::env::temp_dir().join(format!("qipan-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("game.json");
    let path_text = path.to_string_lossy().into_owned();
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    harness.state_mut().set_save_path(path_text.clone());
    tap(&mut harness, &["bh", "c"]);
    wait_until(&mut harness, "the computer's reply", |app| {
        app.game().len() >= 2
    });
    let plies = harness.state().game().ply_texts();
    harness.get_by_label("Save").click();
    harness.run();
    assert!(path.exists());
    harness.get_by_label("New game").click();
    harness.run();
    harness.get_by_label("Yes, start again").click();
    harness.run();
    assert_eq!(harness.state().game().len(), 0);
    harness.get_by_label("Load").click();
    harness.run();
    assert_eq!(harness.state().game().ply_texts(), plies);

    // A hand-edited file with an illegal move: a clear error, the game untouched.
    let text = std::fs::read_to_string(&path).expect("saved file");
    let broken = text.replacen("bh-c", "bh-tl", 1);
    std::fs::write(&path, broken).expect("write");
    harness.get_by_label("Load").click();
    harness.run();
    let notice = harness.state().notice_text().unwrap_or_default();
    // bh-tl is no line on the board: not a move at all in the game's notation.
    assert!(
        notice.contains("Move 1 (“bh-tl”) is not written in this game’s notation"),
        "{notice}"
    );
    assert_eq!(harness.state().game().ply_texts(), plies);

    // A well-spelled move that breaks the rules is told apart.
    let text = std::fs::read_to_string(&path).expect("saved file");
    std::fs::write(&path, text.replacen("bh-tl", "tl-th", 1)).expect("write");
    harness.get_by_label("Load").click();
    harness.run();
    let notice = harness.state().notice_text().unwrap_or_default();
    assert!(
        notice.contains("Move 1 (“tl-th”) is against the rules"),
        "{notice}"
    );
    assert_eq!(harness.state().game().ply_texts(), plies);

    // A file of another game: it takes the board, and the game that was there is kept.
    let cannon = r#"{"format": "qipan-game", "version": 1, "game": "cannon",
        "start": "ooooooooooooooo...........xxx. x -", "human": "both",
        "plies": ["d6-d5"], "cursor": 1}"#;
    std::fs::write(&path, cannon).expect("write");
    harness.get_by_label("Load").click();
    harness.run();
    assert_eq!(harness.state().settings().game, GameId::Cannon);
    assert_eq!(harness.state().game().ply_texts(), ["d6-d5"]);
    assert_eq!(
        harness.state().games().count(),
        2,
        "Shuang Cheng's game is kept, and only one Earthen Cannon game"
    );
    harness
        .state_mut()
        .send(Command::PickGame(GameId::ShuangCheng));
    harness.run();
    assert_eq!(harness.state().game().ply_texts(), plies);

    std::fs::write(&path, "{ not json").expect("write");
    harness.get_by_label("Load").click();
    harness.run();
    let notice = harness.state().notice_text().unwrap_or_default();
    assert!(notice.contains("not a readable saved game"), "{notice}");
    assert_eq!(harness.state().game().ply_texts(), plies);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_people_on_one_screen_play_both_sides() {
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    harness
        .get_by_label("Two people on one screen (no computer)")
        .click();
    harness.run();
    assert!(harness.state().settings().two_players);
    // Dark moves a shared piece; Light may not move one now, so a tap on it does nothing.
    tap(&mut harness, &["l", "c"]);
    assert!(!harness.state().thinking());
    tap(&mut harness, &["c", "l"]);
    assert_eq!(harness.state().game().ply_texts(), ["l-c"]);
    tap(&mut harness, &["th", "l"]);
    assert_eq!(harness.state().game().ply_texts(), ["l-c", "th-l"]);
    // Undo in two-player mode takes back one move.
    harness.get_by_label("Undo").click();
    harness.run();
    assert_eq!(harness.state().game().cursor(), 1);
}

#[test]
fn the_game_over_banner_names_the_end_condition() {
    let dir = std::env::temp_dir().join(format!("qipan-over-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("over.json");
    // Light has two pieces left in Maddell: Dark has won.
    let save = r#"{"format":"qipan-game","version":1,"game":"maddell",
        "start":"xxx...oo.......... x 0 0","human":"x","plies":[],"cursor":0}"#;
    std::fs::write(&file, save).expect("write");
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    let path = file.to_string_lossy().into_owned();
    harness.state_mut().set_save_path(path);
    harness.get_by_label("Load").click();
    harness.run();
    assert_eq!(harness.state().settings().game, GameId::Maddell);
    assert!(harness.query_by_label("Dark wins").is_some());
    assert!(harness
        .query_by_label("Light is down to two pieces.")
        .is_some());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every message id the sources name (through `msg!`).
fn ids_used_in_sources() -> BTreeSet<String> {
    fn walk(dir: &Path, out: &mut BTreeSet<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                for piece in text.split("msg!(\"").skip(1) {
                    if let Some(end) = piece.find('"') {
                        out.insert(piece[..end].to_owned());
                    }
                }
            }
        }
    }
    let mut ids = BTreeSet::new();
    walk(&Path::new(ROOT).join("src"), &mut ids);
    ids
}

#[test]
fn both_locales_define_the_same_ids_and_every_id_the_code_uses() {
    let (en, en_errors) = defined_ids(Lang::En);
    let (zh, zh_errors) = defined_ids(Lang::Zh);
    assert!(en_errors.is_empty(), "{en_errors:?}");
    assert!(zh_errors.is_empty(), "{zh_errors:?}");
    let en_set: BTreeSet<String> = en.iter().cloned().collect();
    let zh_set: BTreeSet<String> = zh.iter().cloned().collect();
    assert_eq!(en.len(), en_set.len(), "duplicate ids in en-US");
    assert_eq!(zh.len(), zh_set.len(), "duplicate ids in zh-CN");
    let only_en: Vec<_> = en_set.difference(&zh_set).collect();
    let only_zh: Vec<_> = zh_set.difference(&en_set).collect();
    assert!(
        only_en.is_empty() && only_zh.is_empty(),
        "en only {only_en:?}, zh only {only_zh:?}"
    );
    let used = ids_used_in_sources();
    assert!(used.len() > 50, "the scan found the msg! ids");
    let missing: Vec<_> = used.difference(&en_set).collect();
    assert!(missing.is_empty(), "ids used but not defined: {missing:?}");
}

#[test]
fn the_rule_text_has_every_sentence_of_the_seeds() {
    // The players' rule texts are kept in docs/rules/seeds/ (copied from the steering
    // repository); every sentence must be in the locales the app shows.
    let dir = Path::new(ROOT).join("docs/rules/seeds");
    let mut seeds: Vec<_> = std::fs::read_dir(&dir)
        .expect("docs/rules/seeds is part of the repository")
        .flatten()
        .map(|e| e.path())
        .collect();
    seeds.sort();
    assert_eq!(seeds.len(), 5, "one seed per game");
    let mut all = String::new();
    for lang in Lang::ALL {
        for (_, source) in lang.sources() {
            all.push_str(source);
        }
    }
    let mut sentences = 0;
    for path in &seeds {
        let text = std::fs::read_to_string(path).expect("a seed text");
        for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
            let line = line.trim().trim_start_matches("- ");
            assert!(all.contains(line), "missing from the locales: {line}");
            sentences += 1;
        }
        // Where the steering repository's copy is beside us, ours must be the same.
        let name = path.file_name().expect("a file name");
        for shared in ["../shared/seeds", "../../shared/seeds"] {
            if let Ok(original) = std::fs::read_to_string(Path::new(ROOT).join(shared).join(name)) {
                assert_eq!(original, text, "docs/rules/seeds is out of date: {name:?}");
            }
        }
    }
    assert!(sentences > 100, "only {sentences} sentences read");
}

#[test]
fn the_bundled_font_covers_every_character_of_the_locales() {
    use skrifa::{FontRef, MetadataProvider};
    let bytes = std::fs::read(Path::new(ROOT).join("assets/fonts/NotoSansCJKsc-subset.otf"))
        .expect("bundled font");
    let font = FontRef::new(&bytes).expect("font parses");
    let charmap = font.charmap();
    let mut missing = BTreeSet::new();
    for lang in Lang::ALL {
        for (_, source) in lang.sources() {
            for ch in source.chars().filter(|c| !c.is_control()) {
                if charmap.map(ch).is_none() {
                    missing.insert(ch);
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "characters without a glyph: {missing:?}"
    );
}

/// A fresh app of the given window size on `game` (Easy), on a manual clock.
fn app_sized(game: GameId, size: [f32; 2]) -> Harness<'static, App> {
    let clock = ManualClock::default();
    let mut harness = Harness::builder()
        .with_size(size)
        .with_max_steps(64)
        .build_eframe(move |cc| App::with_clock(cc, Box::new(clock)));
    harness.state_mut().set_animations(false);
    harness.state_mut().send(Command::SetLevel(Level::Easy));
    harness.state_mut().send(Command::PickGame(game));
    harness.run();
    harness
}

/// The board point names of a game, as its painter names the point widgets.
fn point_names(game: GameId) -> Vec<&'static str> {
    use qipan_engine::games::{blockade, cannon, maddell, push, shuangcheng};
    match game {
        GameId::Push => push::CELL_NAMES.to_vec(),
        GameId::ShuangCheng => shuangcheng::POINT_NAMES.to_vec(),
        GameId::Maddell => maddell::POINT_NAMES.to_vec(),
        GameId::Blockade => blockade::POINT_NAMES.to_vec(),
        GameId::Cannon => cannon::POINT_NAMES.to_vec(),
    }
}

fn assert_on_screen(rect: egui::Rect, size: [f32; 2], what: &str) {
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, size.into());
    assert!(
        rect.width() > 0.0 && rect.height() > 0.0,
        "{what} has no size: {rect:?}"
    );
    assert!(
        screen.expand(0.5).contains_rect(rect),
        "{what} is off screen at {size:?}: {rect:?}"
    );
}

#[test]
fn small_windows_show_the_whole_board_and_every_control() {
    use qipan::ui::layout::Layout;
    for (size, layout) in [
        ([390.0, 844.0], Layout::Narrow),
        ([800.0, 600.0], Layout::Medium),
    ] {
        for game in GameId::ALL {
            let harness = app_sized(game, size);
            assert_eq!(harness.state().layout(), layout, "{size:?}");
            let board = harness.get_by_label("Board").rect();
            assert_on_screen(board, size, "the board");
            if layout == Layout::Narrow {
                assert!(
                    board.width() >= 0.85 * size[0],
                    "the board is {} wide of {}",
                    board.width(),
                    size[0]
                );
            }
            for name in point_names(game) {
                let point = point(&harness, name).rect();
                assert_on_screen(point, size, name);
                // A fingertip's worth on a phone (40 CSS px, a little less for Maddell's
                // and Push the Line's dense boards is still over 36).
                assert!(point.width() >= 36.0, "{name} is {} wide", point.width());
            }
            for label in ["New game", "Undo", "Redo"] {
                assert_on_screen(harness.get_by_label(label).rect(), size, label);
            }
        }
        // Every section can be reached: a tab (or the column), then a control inside it,
        // scrolled into view.
        let mut harness = app_sized(GameId::ShuangCheng, size);
        let sections: [(&str, &str); 4] = [
            ("Games", "Earthen Cannon Chess"),
            ("Game Settings", "Master"),
            ("Moves", "Start"),
            ("Rules", "Overview"),
        ];
        for (tab, inside) in sections {
            if layout == Layout::Narrow {
                harness.get_by_label(tab).click();
            } else if tab == "Rules" {
                harness.get_by_label("Rules").click();
            } else {
                harness.get_by_label("Play").click();
            }
            harness.run();
            let node = harness
                .get_all_by_label_contains(inside)
                .next()
                .unwrap_or_else(|| panic!("{inside} under {tab} at {size:?}"));
            node.scroll_to_me();
            harness.run();
            let node = harness
                .get_all_by_label_contains(inside)
                .next()
                .unwrap_or_else(|| panic!("{inside} under {tab} at {size:?}"));
            assert_on_screen(node.rect(), size, inside);
        }
    }
}

#[test]
fn a_wide_window_keeps_three_columns() {
    let harness = app_sized(GameId::Push, [1280.0, 800.0]);
    assert_eq!(harness.state().layout(), qipan::ui::layout::Layout::Wide);
    // The rules column and the game list show at once, with no tab to pick.
    assert!(harness.query_by_label("Overview").is_some());
    assert!(harness.query_by_label("New game").is_some());
}

#[test]
fn a_move_glides_and_an_undo_jumps() {
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    harness.state_mut().set_animations(true);
    harness.state_mut().send(Command::SetPlayers(None));
    harness.run();
    // While a move glides the app asks for every frame, so step rather than run to rest.
    let tap_steps = |harness: &mut Harness<'static, App>, names: &[&str]| {
        for name in names {
            point(harness, name).click();
            harness.run_steps(2);
        }
    };
    tap_steps(&mut harness, &["l", "c"]);
    assert_eq!(harness.state().game().ply_texts(), ["l-c"]);
    assert!(harness.state().gliding(), "the move glides");
    // Input is never blocked by the glide: the other side moves at once.
    clock.advance(0.05);
    tap_steps(&mut harness, &["th", "l"]);
    assert_eq!(harness.state().game().ply_texts(), ["l-c", "th-l"]);
    clock.advance(0.3);
    harness.run();
    assert!(!harness.state().gliding(), "and lands");
    harness.get_by_label("Undo").click();
    harness.run();
    assert_eq!(harness.state().game().cursor(), 1);
    assert!(!harness.state().gliding(), "undo jumps without a glide");
}

/// Taps `text`'s move on Push the Line's board: its group's cells, then its first
/// destination that is not part of the group (the cell ahead, or a broadside target).
fn tap_push_move(harness: &mut Harness<'static, App>, text: &str) {
    use qipan_engine::games::push::{Push, CELLS, CELL_NAMES};
    use qipan_engine::games::Game;
    let pos = Push
        .parse_position(&harness.state().game().position_text())
        .expect("the board's position");
    let mv = Push.parse_move(&pos, text).expect("a legal move");
    let cells = |mask: u64| (0..CELLS).filter(move |&c| mask & (1 << c) != 0);
    for c in cells(mv.cells()) {
        tap(harness, &[CELL_NAMES[c]]);
    }
    let to = cells(mv.destinations() & !mv.cells())
        .next()
        .expect("a destination");
    tap(harness, &[CELL_NAMES[to]]);
}

#[test]
fn every_game_keeps_its_game_when_another_is_picked() {
    let (mut harness, _clock) = app_with(GameId::Push);
    harness.state_mut().send(Command::SetPlayers(None));
    harness.run();
    for text in ["C4-NE", "G5-SW", "D5-NE"] {
        tap_push_move(&mut harness, text);
    }
    let plies = harness.state().game().ply_texts();
    assert_eq!(plies, ["C4-NE", "G5-SW", "D5-NE"]);
    let position = harness.state().game().position_text();
    harness.get_by_label("Sixpenny Maddell").click();
    harness.run();
    assert_eq!(harness.state().settings().game, GameId::Maddell);
    assert!(harness.state().game().is_empty());
    tap(&mut harness, &["a1"]);
    assert_eq!(harness.state().game().ply_texts(), ["a1"]);
    harness
        .get_all_by_label("Push the Line · Standoff")
        .next()
        .expect("the game list")
        .click();
    harness.run();
    assert_eq!(harness.state().game().ply_texts(), plies);
    assert_eq!(harness.state().game().position_text(), position);
    assert!(
        harness.state().settings().two_players,
        "who plays what came back too"
    );
}

#[test]
fn every_game_resumes_in_a_new_app_built_from_the_saved_state() {
    let (mut harness, clock) = app_with(GameId::Push);
    harness.state_mut().send(Command::SetPlayers(None));
    harness.run();
    tap_push_move(&mut harness, "C4-NE");
    clock.advance(12.0);
    harness.run();
    harness.get_by_label("Two-or-Three-Step Blockade").click();
    harness.run();
    tap(&mut harness, &["a2", "c2"]);
    let shelf = harness.state().shelve().expect("the games serialize");
    let settings = harness.state().settings().clone();

    let again = ManualClock::default();
    let mut restored = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(64)
        .build_eframe(move |cc| App::from_parts(cc, settings, Some(shelf), Box::new(again)));
    restored.run();
    let app = restored.state();
    assert_eq!(app.settings().game, GameId::Blockade);
    assert_eq!(app.game().ply_texts(), ["a2-c2"]);
    assert!(app.notice_text().is_none());
    let push = app
        .games()
        .find(|g| g.variant().game == GameId::Push)
        .expect("Push the Line was kept");
    assert_eq!(push.ply_texts(), ["C4-NE"]);
    // Its clock had run 12 s of Light's turn when it was put away.
    assert!(
        (push.remaining(0.0) - 48.0).abs() < 1e-6,
        "{}",
        push.remaining(0.0)
    );
}

#[test]
fn damaged_saved_games_give_a_fresh_game_and_say_so() {
    let bad = [
        "",
        "not json",
        r#"{"version":99,"games":[]}"#,
        r#"{"version":1,"games":[{"format":"qipan-game","version":1,"game":"push","start":"x","human":"x","plies":[],"cursor":0}]}"#,
        r#"{"version":1,"games":[{"format":"qipan-game","version":1,"game":"shuangcheng","start":"ooos.sxxx x 0","human":"x","plies":["zz-zz"],"cursor":1,"clock_used":1e308}]}"#,
    ];
    for text in bad {
        let settings = qipan::ui::settings::Settings::default();
        let shelf = text.to_owned();
        let harness = Harness::builder()
            .with_size([1280.0, 800.0])
            .with_max_steps(64)
            .build_eframe(move |cc| {
                App::from_parts(cc, settings, Some(shelf), Box::new(ManualClock::default()))
            });
        let app = harness.state();
        assert!(app.game().is_empty(), "{text}");
        let notice = app.notice_text().unwrap_or_default();
        assert!(notice.contains("could not be restored"), "{text}: {notice}");
    }
}

#[test]
fn new_game_asks_before_throwing_moves_away() {
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    harness.state_mut().send(Command::SetPlayers(None));
    harness.run();
    // Nothing to lose yet: at once.
    harness.get_by_label("New game").click();
    harness.run();
    assert!(!harness.state().confirming_new_game());
    tap(&mut harness, &["l", "c"]);
    harness.get_by_label("New game").click();
    harness.run();
    assert!(harness.state().confirming_new_game());
    harness.get_by_label("Keep playing").click();
    harness.run();
    assert_eq!(harness.state().game().ply_texts(), ["l-c"]);
    harness.get_by_label("New game").click();
    harness.run();
    harness.get_by_label("Yes, start again").click();
    harness.run();
    assert!(harness.state().game().is_empty());
}

/// Presses arrows until the keyboard focus is on `target` (the app moves it with
/// `qipan::ui::boards::step_focus` over the points' places on screen, as simulated here),
/// then Enter.
fn press_point(
    harness: &mut Harness<'static, App>,
    focus: &mut Option<usize>,
    names: &[&str],
    target: &str,
) {
    use qipan::ui::boards::step_focus;
    let places: Vec<egui::Pos2> = names
        .iter()
        .map(|n| point(harness, n).rect().center())
        .collect();
    let goal = names
        .iter()
        .position(|n| *n == target)
        .expect("a point of the board");
    let arrows = [
        (egui::Key::ArrowLeft, egui::vec2(-1.0, 0.0)),
        (egui::Key::ArrowRight, egui::vec2(1.0, 0.0)),
        (egui::Key::ArrowUp, egui::vec2(0.0, -1.0)),
        (egui::Key::ArrowDown, egui::vec2(0.0, 1.0)),
    ];
    for _ in 0..20 {
        if *focus == Some(goal) {
            break;
        }
        // The arrow that brings the focus nearest the goal.
        let (key, next) = arrows
            .iter()
            .map(|&(key, dir)| (key, step_focus(&places, *focus, dir)))
            .min_by(|a, b| {
                let d = |f: Option<usize>| f.map_or(f32::MAX, |f| places[f].distance(places[goal]));
                d(a.1).total_cmp(&d(b.1))
            })
            .expect("four arrows");
        harness.key_press(key);
        harness.run();
        *focus = next;
    }
    assert_eq!(*focus, Some(goal), "the focus reached {target}");
    harness.key_press(egui::Key::Enter);
    harness.run();
}

#[test]
fn a_whole_game_of_shuang_cheng_by_keyboard_alone() {
    use qipan_engine::ai::{choose_move, Level};
    use qipan_engine::games::shuangcheng::{ShuangCheng, POINT_NAMES};
    use qipan_engine::games::Game;
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    harness.state_mut().send(Command::SetPlayers(None));
    harness.run();
    let mut focus = None;
    let mut history = Vec::new();
    for _ply in 0..40 {
        let app = harness.state();
        if app.game().status().is_over() {
            break;
        }
        let pos = ShuangCheng
            .parse_position(&app.game().position_text())
            .expect("the board's position");
        // Master plays Shuang Cheng perfectly, so the game ends within 19 plies.
        let mv = choose_move(&ShuangCheng, &pos, &history, Level::Master, 1, None).expect("a move");
        let text = ShuangCheng.format_move(mv);
        let (from, to) = text.split_once('-').expect("from-to");
        let before = harness.state().game().len();
        press_point(&mut harness, &mut focus, &POINT_NAMES, from);
        press_point(&mut harness, &mut focus, &POINT_NAMES, to);
        assert_eq!(
            harness.state().game().len(),
            before + 1,
            "{text} was played"
        );
        history.push(pos);
    }
    assert!(harness.state().game().status().is_over(), "the game ended");
    assert!(harness.query_by_label("Game over").is_some());
    // Escape forgets a selection, and the shortcuts work: Ctrl+Z undoes.
    let plies = harness.state().game().len();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run();
    assert_eq!(harness.state().game().cursor(), plies - 1);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    harness.run();
    assert_eq!(harness.state().game().cursor(), plies);
}

#[test]
fn every_board_point_says_what_stands_there_in_both_languages() {
    for game in GameId::ALL {
        let (mut harness, _clock) = app_with(game);
        for lang in Lang::ALL {
            harness.state_mut().set_lang(lang);
            harness.run();
            for name in point_names(game) {
                // The name, then what stands there (and maybe what a tap does).
                let described = harness.query_by(|n| {
                    is_point(n, name)
                        && n.label()
                            .is_some_and(|l| l.chars().count() > name.chars().count() + 1)
                });
                assert!(described.is_some(), "{name} in {lang:?}");
            }
        }
    }
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    assert!(harness.query_by_label("bh, dark piece, can move").is_some());
    assert!(harness.query_by_label("c, empty").is_some());
    assert!(harness
        .query_by_label("l, shared piece, can move")
        .is_some());
    point(&harness, "bh").click();
    harness.run();
    assert!(harness.query_by_label("bh, dark piece, selected").is_some());
    assert!(harness.query_by_label("c, empty, move here").is_some());
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    assert!(harness.query_by_label("c，空，走到这里").is_some());
    assert!(harness.query_by_label("th，白子").is_some());
    // The computer's answer is said aloud.
    point(&harness, "c").click();
    harness.run();
    wait_until(&mut harness, "the computer's reply", |app| {
        app.game().len() >= 2
    });
    let reply = harness.state().game().ply_texts()[1].clone();
    assert!(harness
        .query_by_label(&format!("电脑（白方）走了 {reply}。"))
        .is_some());
}

/// The soak: a fixed seed drives the app through thousands of random taps, keys and
/// settings across every game and both languages. Nothing may panic, every game the app
/// holds must replay through the engine to the same position, and what it keeps stays
/// bounded. Seed, events and time are in the README.
#[test]
fn soak_random_taps_and_keys_across_every_game() {
    const SEED: u64 = 0x51A7_2026;
    const EVENTS: usize = 2500;
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    let mut state = SEED;
    let mut next = move |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) as usize) % n.max(1)
    };
    let games = [
        "Push the Line · Standoff",
        "Line-Board Shuang Cheng",
        "Sixpenny Maddell",
        "Two-or-Three-Step Blockade",
        "Earthen Cannon Chess",
    ];
    let keys = [
        egui::Key::ArrowLeft,
        egui::Key::ArrowRight,
        egui::Key::ArrowUp,
        egui::Key::ArrowDown,
        egui::Key::Enter,
        egui::Key::Space,
        egui::Key::Escape,
    ];
    for event in 0..EVENTS {
        let game = harness.state().settings().game;
        match next(100) {
            0..=54 => {
                let names = point_names(game);
                let name = names[next(names.len())];
                if let Some(node) = harness.query_by(|n| is_point(n, name)) {
                    node.click();
                }
            }
            55..=74 => harness.key_press(keys[next(keys.len())]),
            75..=78 => harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z),
            79..=80 => harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y),
            81..=84 => {
                // The English names, whatever the language: pick through the app's API then.
                let id = GameId::ALL[next(5)];
                if harness.state().settings().lang == Lang::En {
                    if let Some(node) = harness.get_all_by_label(games[id as usize]).next() {
                        node.click();
                    }
                } else {
                    harness.state_mut().send(Command::PickGame(id));
                }
            }
            85..=86 => {
                let lang = Lang::ALL[next(2)];
                harness.state_mut().set_lang(lang);
            }
            87..=88 => {
                let session = harness.state().session();
                let players = match session.human() {
                    Some(_) => None,
                    None => Some(session.seat()),
                };
                harness.state_mut().send(Command::SetPlayers(players));
            }
            89 => {
                let on = harness.state().settings().solidarity;
                harness
                    .state_mut()
                    .send(Command::SetOption(RuleOption::Solidarity, !on));
            }
            90 => {
                let session = harness.state().session();
                let side = session.seat().opponent();
                let command = match session.human() {
                    Some(_) => Command::SetPlayers(Some(side)),
                    None => Command::SetSeat(side),
                };
                harness.state_mut().send(command);
            }
            91..=92 => harness.key_press(egui::Key::N),
            93..=94 => {
                if let Some(node) = harness.query_by_label("Yes, start again") {
                    node.click();
                }
            }
            _ => clock.advance([0.5, 5.0, 61.0][next(3)]),
        }
        harness.run();
        if event % 50 == 0 {
            // Let the computer's thread answer now and then.
            std::thread::sleep(Duration::from_millis(30));
            harness.run();
            let app = harness.state();
            let mut kept = 0;
            for game in app.games() {
                kept += 1;
                let text = qipan_session::save::to_json(game).expect("it serializes");
                let back = qipan_session::save::from_json(&text, Level::Easy, 1, 0.0)
                    .unwrap_or_else(|e| panic!("event {event}: {e:?}\n{text}"));
                assert_eq!(back.position_text(), game.position_text(), "event {event}");
                assert!(game.len() < 3000, "event {event}: {} plies", game.len());
            }
            assert!(kept <= 6, "one game per game and option: {kept}");
        }
    }
}

#[test]
fn soak_random_easy_games_to_the_end_in_every_game() {
    use qipan_engine::ai::{choose_move, Level};
    use qipan_engine::games::{Game, Variant};
    for id in [
        "push",
        "shuangcheng",
        "maddell",
        "blockade",
        "blockade:solidarity",
        "cannon",
    ] {
        let variant = Variant::parse(id).expect("a game");
        qipan_engine::with_game!(variant.to_game(), g => {
            let mut pos = g.start();
            let mut history = Vec::new();
            let mut moves = Vec::new();
            for ply in 0..300u64 {
                if g.status(&pos).is_over() {
                    break;
                }
                moves.clear();
                g.legal_moves(&pos, &mut moves);
                assert!(!moves.is_empty(), "{id}: an ongoing game has a move");
                let text = g.format_position(&pos);
                assert_eq!(g.parse_position(&text).ok(), Some(pos), "{id}: {text}");
                let mv = choose_move(&g, &pos, &history, Level::Easy, ply, Some(Duration::from_millis(5)))
                    .expect("easy moves");
                assert!(moves.contains(&mv), "{id}: a legal move");
                history.push(pos);
                pos = g.play(&pos, mv);
            }
        });
    }
}

/// The board's accessible description: the moves the coach marks on it.
fn board_description(harness: &Harness<'static, App>) -> Option<String> {
    use egui_kittest::kittest::NodeT;
    harness.get_by_label("Board").accesskit_node().description()
}

/// The app on Shuang Cheng (solved: the coach's values are exact) with the coach at `mode`.
fn coached(mode: CoachMode, two_players: bool) -> Harness<'static, App> {
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    harness.state_mut().send(Command::SetCoach(mode));
    if two_players {
        harness.state_mut().send(Command::SetPlayers(None));
    }
    harness.run();
    harness
}

#[test]
fn the_hint_marks_the_best_move_on_the_board() {
    let harness = coached(CoachMode::Off, false);
    assert!(
        harness.query_by_label("Hint").is_none(),
        "no hint with the coach off"
    );
    let mut harness = coached(CoachMode::Hints, false);
    harness.get_by_label("Hint").click();
    harness.run();
    wait_until(&mut harness, "the hint", |app| app.game().hint().is_some());
    harness
        .get_by_label("Hint: bh-c (Dark wins in 19 moves)")
        .hover();
    assert_eq!(
        board_description(&harness).as_deref(),
        Some("Coach's move: bh-c."),
        "the board marks the hint"
    );
    // A move takes the hint away with its position.
    tap(&mut harness, &["bh", "c"]);
    assert!(harness.state().game().hint().is_none());
    assert_eq!(board_description(&harness), None);
    // After the computer's reply, the H key asks for the next one.
    wait_until(&mut harness, "the computer's reply", |app| {
        app.game().len() >= 2
    });
    harness.key_press(egui::Key::H);
    wait_until(&mut harness, "the second hint", |app| {
        app.game().hint().is_some()
    });
    assert!(board_description(&harness).is_some_and(|d| d.starts_with("Coach's move: ")));
}

#[test]
fn the_evaluation_bar_shows_the_value_in_both_languages() {
    let mut harness = coached(CoachMode::Full, false);
    wait_until(&mut harness, "the evaluation", |app| {
        app.game().evaluation().is_some()
    });
    harness
        .get_by_label("Evaluation: Dark wins in 19 moves")
        .hover();
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    harness.get_by_label("局面评估：黑方 19 步内获胜").hover();
}

#[test]
fn a_blunder_raises_the_alert_and_take_it_back_undoes_it() {
    let mut harness = coached(CoachMode::Full, false);
    // From the start, l-c throws Dark's win away (the solved value).
    tap(&mut harness, &["l", "c"]);
    wait_until(&mut harness, "the alert", |app| {
        app.game().alert().is_some()
    });
    harness
        .get_by_label_contains("Blunder: l-c throws the win away. bh-c kept it.")
        .hover();
    harness.get_by_label("Take it back").click();
    harness.run();
    assert_eq!(
        harness.state().game().cursor(),
        0,
        "back before the blunder"
    );
    assert!(harness.state().game().alert().is_none());
    // A good move raises nothing.
    tap(&mut harness, &["bh", "c"]);
    wait_until(&mut harness, "the check and the reply", |app| {
        !app.game().coach_busy() && app.game().len() >= 2
    });
    assert!(harness.state().game().alert().is_none());
}

#[test]
fn the_review_lists_every_ply_with_its_label_and_shows_the_better_move() {
    let mut harness = coached(CoachMode::Off, true);
    tap(&mut harness, &["l", "c"]);
    tap(&mut harness, &["th", "l"]);
    harness.get_by_label("Review the game").click();
    harness.run();
    wait_until(&mut harness, "the review", |app| {
        app.game().review_view().is_some_and(|r| !r.running)
    });
    let review = harness.state().game().review_view().expect("a review");
    assert_eq!(review.rows.len(), 2);
    harness.get_by_label("1. l-c").hover();
    harness.get_by_label("2. th-l").hover();
    assert!(
        harness.query_all_by_label("Blunder").count() >= 2,
        "a row and the summary"
    );
    harness.get_by_label("better: bh-c").hover();
    harness.get_by_label("1. l-c").click();
    harness.run();
    assert_eq!(harness.state().game().cursor(), 0);
    assert_eq!(
        board_description(&harness).as_deref(),
        Some("Played: l-c. Coach's move: bh-c.")
    );
}

/// Issue 14: opening Maddell starts preparing its solved table (once), and the status line
/// says how far it is, in both languages; no other game shows the note. The table here is a
/// stand-in whose readiness the test sets (the real one takes a minute to build, and
/// `App::new` prepares it; `maddell_table`'s own tests check the table).
#[test]
fn opening_maddell_prepares_perfect_play_and_the_status_line_says_so() {
    use qipan::ui::PerfectPlay;
    use qipan_engine::ai::maddell_table::Readiness;
    use std::sync::{Arc, Mutex};

    let state = Arc::new(Mutex::new(Readiness::NotStarted));
    let starts = Arc::new(Mutex::new(Vec::<egui::Context>::new()));
    let set = |r: Readiness| *state.lock().unwrap() = r;
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    let (in_start, in_readiness, started) =
        (Arc::clone(&state), Arc::clone(&state), Arc::clone(&starts));
    harness.state_mut().set_perfect_play(PerfectPlay::custom(
        move |ctx| {
            *in_start.lock().unwrap() = Readiness::Building(0.0);
            started.lock().unwrap().push(ctx);
        },
        move || in_readiness.lock().unwrap().clone(),
    ));
    harness.run();
    assert!(
        starts.lock().unwrap().is_empty(),
        "Shuang Cheng needs no table"
    );
    assert_eq!(harness.state().perfect_play_note(), None);
    assert!(harness.query_by_label_contains("Perfect play").is_none());

    harness.get_by_label("Sixpenny Maddell").click();
    harness.run();
    assert_eq!(
        starts.lock().unwrap().len(),
        1,
        "the first Maddell game starts it"
    );
    harness.get_by_label("Perfect play: solving the game… 0%");
    set(Readiness::Building(0.427));
    // As the real preparation does: it wakes the app when its state changes.
    starts.lock().unwrap()[0].request_repaint();
    harness.run();
    harness.get_by_label("Perfect play: solving the game… 42%");

    // Another game: no note; back to Maddell: the same preparation, not a second one.
    harness.get_by_label("Line-Board Shuang Cheng").click();
    harness.run();
    assert!(harness.query_by_label_contains("Perfect play").is_none());
    harness.get_by_label("Sixpenny Maddell").click();
    harness.run();
    assert_eq!(starts.lock().unwrap().len(), 1, "prepared once");

    set(Readiness::Loading);
    harness.run();
    harness.get_by_label("Perfect play: reading the solved table…");
    set(Readiness::Ready { note: None });
    harness.run();
    harness.get_by_label("Perfect play ready");
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    harness.get_by_label("完美着法已就绪");
    set(Readiness::Building(0.05));
    harness.run();
    harness.get_by_label("完美着法：正在解算本棋… 5%");
    set(Readiness::Failed("disk full".into()));
    harness.run();
    harness.get_by_label("无法启用完美着法：disk full。电脑改用搜索。");
    harness.state_mut().set_lang(Lang::En);
    harness.run();
    harness.get_by_label("No perfect play: disk full. The computer searches instead.");
    set(Readiness::Ready {
        note: Some("read-only".into()),
    });
    harness.run();
    harness.get_by_label_contains("Perfect play ready (not stored");
}

/// What eframe's storage hands the app at start-up, under the app's two keys.
struct Stored {
    settings: Option<String>,
    games: Option<String>,
    progress: Option<String>,
}

impl eframe::Storage for Stored {
    fn get_string(&self, key: &str) -> Option<String> {
        match key {
            "qipan-settings" => self.settings.clone(),
            "qipan-games" => self.games.clone(),
            "qipan-progress" => self.progress.clone(),
            _ => None,
        }
    }
    fn set_string(&mut self, _key: &str, _value: String) {}
    fn remove_string(&mut self, _key: &str) {}
    fn flush(&mut self) {}
}

/// The app as eframe starts it from `stored` (settings and kept games), on a manual clock.
/// The notice may quote damaged text (an unknown game's name with any character in it):
/// the app then draws a box for a character that no font has, egui's default, where the
/// harness would panic.
fn app_from_storage(stored: &Stored) -> Harness<'_, App> {
    Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(64)
        .allow_missing_glyphs()
        .build_eframe(move |cc| {
            cc.storage = Some(stored);
            App::with_clock(cc, Box::new(ManualClock::default()))
        })
}

mod stored_state {
    use super::*;
    use proptest::prelude::*;
    use qipan::ui::settings::{HumanSide, Settings};

    /// The RON text of each field, in the struct's order, as `eframe::set_value` writes it.
    fn ron_fields(s: &Settings) -> Vec<(&'static str, String)> {
        fn ron<T: serde::Serialize>(value: &T) -> String {
            ron::ser::to_string(value).expect("RON")
        }
        let fields = vec![
            ("lang", ron(&s.lang)),
            ("level", ron(&s.level)),
            ("game", ron(&s.game)),
            ("human", ron(&s.human)),
            ("two_players", ron(&s.two_players)),
            ("solidarity", ron(&s.solidarity)),
            ("push_rounds", ron(&s.push_rounds)),
            ("save_path", ron(&s.save_path)),
            ("coach", ron(&s.coach)),
        ];
        // Every field is listed: the pieces make exactly what eframe stores.
        assert_eq!(join(&fields), ron(s), "a field of Settings is missing here");
        fields
    }

    fn join(fields: &[(&str, String)]) -> String {
        let inner: Vec<String> = fields.iter().map(|(n, v)| format!("{n}:{v}")).collect();
        format!("({})", inner.join(","))
    }

    /// The fields as a JSON object, to compare them one by one.
    fn json(s: &Settings) -> serde_json::Map<String, serde_json::Value> {
        match serde_json::to_value(s).expect("JSON") {
            serde_json::Value::Object(map) => map,
            other => panic!("not an object: {other}"),
        }
    }

    fn any_settings() -> impl Strategy<Value = Settings> {
        (
            prop::sample::select(Lang::ALL.to_vec()),
            prop::sample::select(Level::ALL.to_vec()),
            prop::sample::select(GameId::ALL.to_vec()),
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            any::<u32>(),
            prop::sample::select(CoachMode::ALL.to_vec()),
            // Commas, brackets, quotes and backslashes in the path test the field splitter.
            "[a-z0-9 ,()\\[\\]\"\\\\/.:#-]{0,24}",
        )
            .prop_map(
                |(lang, level, game, o, two, solidarity, push_rounds, coach, save_path)| Settings {
                    lang,
                    level,
                    game,
                    human: if o { HumanSide::O } else { HumanSide::X },
                    two_players: two,
                    solidarity,
                    push_rounds,
                    save_path,
                    coach,
                },
            )
    }

    /// A value that is no field's value here, or not this field's: an unknown name, a
    /// number out of range, a string where a flag goes, brackets, nothing at all. Each is
    /// shaped like one RON value (no top-level comma), as a damaged or older file has them.
    fn junk_value() -> impl Strategy<Value = String> {
        prop_oneof![
            "[A-Za-z_][A-Za-z0-9_]{0,10}",
            "r#[a-z]{2}-[A-Z]{2}",
            "-?[0-9]{1,25}",
            "[0-9]{1,3}\\.[0-9]{1,3}",
            "\"[a-z ,()]{0,10}\"",
            "\\([a-z0-9, :]{0,12}\\)",
            "\\[[0-9, ]{0,10}\\]",
            "Some\\([A-Za-z]{1,6}\\)",
            Just(String::new()),
            Just("()".to_owned()),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]

        /// Stored settings as eframe wrote them come back exactly.
        #[test]
        fn stored_settings_come_back(settings in any_settings()) {
            let text = ron::ser::to_string(&settings).expect("RON");
            prop_assert_eq!(Settings::from_stored(&text), settings);
        }

        /// One field damaged (a wrong value, dropped, or stored twice): that field reads as
        /// itself if it still reads on its own, else its default, and every other field keeps
        /// its stored value.
        #[test]
        fn one_bad_field_keeps_the_others(
            settings in any_settings(),
            which in 0usize..8,
            junk in junk_value(),
            how in 0u8..4,
        ) {
            let mut fields = ron_fields(&settings);
            let name = fields[which].0;
            match how {
                0 | 1 => fields[which].1 = junk.clone(),
                2 => { fields.remove(which); }
                _ => fields.push((name, junk.clone())),
            }
            let loaded = json(&Settings::from_stored(&join(&fields)));
            let stored = json(&settings);
            let alone = Settings::from_stored(&format!("({name}:{junk})"));
            let expected = match how {
                2 => json(&Settings::default())[name].clone(),
                _ if ron::from_str::<Settings>(&format!("({name}:{junk})")).is_ok() => json(&alone)[name].clone(),
                // Stored twice and the second unreadable: the first stands.
                3 => stored[name].clone(),
                _ => json(&Settings::default())[name].clone(),
            };
            prop_assert_eq!(&loaded[name], &expected, "the damaged field {}", name);
            for (field, value) in &stored {
                if field != name {
                    prop_assert_eq!(&loaded[field], value, "{} was lost to the damaged {}", field, name);
                }
            }
        }

        /// Any text, and stored settings with bytes changed, cut or spliced: never a panic,
        /// and what loads is stable (stored again and loaded, it is the same).
        #[test]
        fn any_stored_text_loads_to_settings(
            settings in any_settings(),
            noise in ".{0,80}",
            at in any::<prop::sample::Index>(),
            cut in any::<prop::sample::Index>(),
            byte in any::<u8>(),
            kind in 0u8..4,
        ) {
            let text = ron::ser::to_string(&settings).expect("RON");
            let mut bytes = text.clone().into_bytes();
            let (at, cut) = (at.index(bytes.len()), cut.index(bytes.len()));
            match kind {
                0 => bytes[at] = byte,
                1 => bytes.truncate(cut),
                2 => bytes.splice(at..at, text.as_bytes()[cut..].iter().copied()).for_each(drop),
                _ => bytes = noise.into_bytes(),
            }
            let text = String::from_utf8_lossy(&bytes);
            let loaded = Settings::from_stored(&text);
            let again = Settings::from_stored(&ron::ser::to_string(&loaded).expect("RON"));
            prop_assert_eq!(again, loaded);
        }
    }

    /// Stored text that is no settings at all gives the defaults.
    #[test]
    fn garbage_in_place_of_the_settings_gives_the_defaults() {
        for text in [
            "",
            "not RON",
            "{}",
            "[1, 2, 3]",
            "\"(lang: r#zh-CN)\"",
            "(lang: r#zh-CN",
            "lang: r#zh-CN)",
            "(lang: \"r#zh-CN)",
            "(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((",
            "\u{0}\u{ffff}(\u{1f600}:)",
            "(lang: Klingon, level: Godlike, push_rounds: -1, save_path: 7)",
        ] {
            assert_eq!(Settings::from_stored(text), Settings::default(), "{text:?}");
        }
    }

    /// Kept games as the app keeps them: Blockade (one move, on the board), Push the Line
    /// (one move) and a fresh Shuang Cheng.
    fn two_games() -> (Settings, String) {
        let (mut harness, _clock) = app_with(GameId::Push);
        harness.state_mut().send(Command::SetPlayers(None));
        harness.run();
        tap_push_move(&mut harness, "C4-NE");
        harness.get_by_label("Two-or-Three-Step Blockade").click();
        harness.run();
        tap(&mut harness, &["a2", "c2"]);
        let shelf = harness.state().shelve().expect("the games serialize");
        (harness.state().settings().clone(), shelf)
    }

    proptest! {
        // Each case starts a whole app: fewer of them.
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// The app started from damaged storage (a bad settings field, a damaged kept game or
        /// garbage in place of either) never panics: it starts with the settings the loader
        /// reads (the good fields kept), and every kept game that still replays; a game that
        /// does not is a fresh one, with the localized notice.
        #[test]
        fn the_app_starts_from_damaged_storage(
            which in 0usize..8,
            junk in junk_value(),
            at in any::<prop::sample::Index>(),
            byte in any::<u8>(),
            garbage in ".{0,40}",
            kind in 0u8..4,
        ) {
            let (settings, shelf) = two_games();
            let mut fields = ron_fields(&settings);
            fields[which].1 = junk;
            let stored_settings = join(&fields);
            // The first kept game (Blockade, the one on the board) damaged at one byte.
            let first = shelf.find("[{").expect("a list of games") + 1;
            let first_end = shelf.find("},{").expect("more than one game");
            prop_assert!(shelf[first..first_end].contains(r#""game":"blockade""#));
            let at = first + at.index(first_end - first);
            let mut damaged = shelf.clone().into_bytes();
            damaged[at] = byte;
            let damaged = String::from_utf8_lossy(&damaged).into_owned();
            let (settings_text, games) = match kind {
                0 => (stored_settings, Some(damaged.clone())),
                1 => (stored_settings, Some(garbage.clone())),
                2 => (garbage.clone(), Some(shelf.clone())),
                _ => (stored_settings, None),
            };
            let stored = Stored { settings: Some(settings_text.clone()), games, progress: None };
            let mut harness = app_from_storage(&stored);
            harness.run();
            let app = harness.state();
            // The loader's settings, except what the game on the board decides: who plays
            // what, and Push the Line's round count when a fresh round of it starts.
            let mut expected = Settings::from_stored(&settings_text);
            let shown = &app.settings();
            prop_assert!(
                shown.push_rounds == expected.push_rounds
                    || shown.push_rounds == expected.push_rounds.wrapping_add(1)
            );
            expected.human = shown.human;
            expected.two_players = shown.two_players;
            expected.push_rounds = shown.push_rounds;
            prop_assert_eq!(shown, &expected);
            if kind != 2 {
                // One field of the stored settings was bad: the others are as they were kept.
                let (shown, kept) = (json(shown), json(&settings));
                for (field, value) in &kept {
                    let managed = ["human", "two_players", "push_rounds"].contains(&field.as_str());
                    if field != fields[which].0 && !managed {
                        prop_assert_eq!(&shown[field], value, "{} was lost", field);
                    }
                }
            }
            let plies = |id: GameId| {
                app.games()
                    .find(|g| g.variant().game == id)
                    .map(|g| g.ply_texts())
            };
            if kind == 2 {
                // Garbage settings do not cost the kept games.
                prop_assert_eq!(plies(GameId::Blockade), Some(vec!["a2-c2".to_owned()]));
                prop_assert_eq!(plies(GameId::Push), Some(vec!["C4-NE".to_owned()]));
            }
            if kind == 0 && serde_json::from_str::<serde_json::Value>(&damaged).is_ok() {
                // One kept game damaged: the others still come back.
                prop_assert_eq!(plies(GameId::Push), Some(vec!["C4-NE".to_owned()]), "{}", damaged);
            }
            for game in app.games() {
                // Whatever came back replays through the engine.
                let text = qipan_session::save::to_json(game).expect("it serializes");
                prop_assert!(qipan_session::save::from_json(&text, Level::Easy, 1, 0.0).is_ok());
            }
            if let Some(notice) = app.notice_text() {
                prop_assert!(notice.contains("could not be restored"), "{}", notice);
            }
        }
    }
}

/// At least one node (the status line and a view may both say it) has the label.
fn seen(harness: &Harness<'_, App>, label: &str) {
    assert!(
        harness.get_all_by_label(label).next().is_some(),
        "nothing says {label:?}"
    );
}

fn seen_containing(harness: &Harness<'_, App>, text: &str) {
    assert!(
        harness.get_all_by_label_contains(text).next().is_some(),
        "nothing says {text:?}"
    );
}

/// Storage that keeps what the app writes (the progress, for a restart).
#[derive(Default)]
struct Kept(std::collections::HashMap<String, String>);

impl eframe::Storage for Kept {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_owned(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

/// Plays a Shuang Cheng puzzle's solver moves by taps on the board's points, the replies
/// coming by themselves after their delay.
fn solve_by_taps(harness: &mut Harness<'static, App>, clock: &ManualClock) {
    use qipan_session::puzzles::REPLY_DELAY;
    let line = harness
        .state()
        .session()
        .puzzle()
        .expect("a puzzle on the board")
        .puzzle()
        .line
        .clone();
    for (i, mv) in line.iter().enumerate() {
        if i % 2 == 1 {
            clock.advance(REPLY_DELAY);
            harness.run();
            continue;
        }
        let (from, to) = mv.split_once('-').expect("a Shuang Cheng move");
        tap(harness, &[from, to]);
    }
}

/// A puzzle through the real widgets: opened from the Puzzles section, solved by taps, the
/// rating up, and the rating kept across a restart.
#[test]
fn a_puzzle_is_solved_by_taps_and_its_rating_is_kept() {
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    harness.get_by_label("Puzzles").click();
    harness.run();
    harness.get_by_label("Next puzzle").click();
    harness.run();
    seen_containing(&harness, "to move and win in");
    seen(&harness, "Your move.");
    solve_by_taps(&mut harness, &clock);
    seen(&harness, "Solved!");
    let record = harness
        .state()
        .session()
        .progress()
        .game(GameId::ShuangCheng);
    assert_eq!((record.puzzles_solved, record.puzzles_failed), (1, 0));
    assert!(record.puzzle.rating > 1500.0);
    // Back to the game behind it, which stood still.
    harness.get_by_label("Back to the game").click();
    harness.run();
    assert!(harness.state().session().puzzle().is_none());

    // A restart: what the app stored is read back.
    let mut kept = Kept::default();
    eframe::App::save(harness.state_mut(), &mut kept);
    let mut restarted = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(64)
        .build_eframe(|cc| {
            cc.storage = Some(&kept);
            App::with_clock(cc, Box::new(ManualClock::default()))
        });
    restarted.run();
    let again = restarted
        .state()
        .session()
        .progress()
        .game(GameId::ShuangCheng);
    assert_eq!(again.puzzle, record.puzzle);
    assert_eq!(again.puzzles_solved, 1);
}

/// A wrong tap: the move is shown, taken back, the puzzle failed, and only then the hint.
#[test]
fn a_wrong_move_in_a_puzzle_is_taken_back_and_fails_it() {
    use qipan_session::puzzles::WRONG_SHOWN;
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    harness.get_by_label("Puzzles").click();
    harness.run();
    harness.get_by_label("Next puzzle").click();
    harness.run();
    assert!(
        harness.query_by_label("Show the move").is_none(),
        "no hint before a try"
    );
    let (right, start) = {
        let session = harness.state().session();
        let run = session.puzzle().expect("a puzzle");
        (run.puzzle().line[0].clone(), session.game().position_text())
    };
    let wrong = {
        let game = harness.state().game();
        game.legal_moves()
            .into_iter()
            .filter_map(|m| game.format_move(m))
            .find(|m| *m != right)
            .expect("another move")
    };
    let (from, to) = wrong.split_once('-').expect("a slide");
    tap(&mut harness, &[from, to]);
    seen(&harness, "Not that one.");
    assert_ne!(
        harness.state().game().position_text(),
        start,
        "the wrong move is shown"
    );
    clock.advance(WRONG_SHOWN);
    harness.run();
    assert_eq!(
        harness.state().game().position_text(),
        start,
        "and taken back"
    );
    seen_containing(&harness, "Not that one: it was taken back");
    let record = harness
        .state()
        .session()
        .progress()
        .game(GameId::ShuangCheng);
    assert_eq!(record.puzzles_failed, 1);
    assert!(record.puzzle.rating < 1500.0);
    harness.get_by_label("Show the move").click();
    harness.run();
    seen(&harness, &format!("The move: {right}"));
}

/// The Statistics view in both languages, after a puzzle: the ratings, the table of
/// levels, the chart's title.
#[test]
fn the_statistics_view_in_both_languages() {
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    harness.get_by_label("Puzzles").click();
    harness.run();
    harness.get_by_label("Next puzzle").click();
    harness.run();
    solve_by_taps(&mut harness, &clock);
    harness.get_by_label("Statistics").click();
    harness.run();
    seen_containing(&harness, "Your rating against the computer: 1500");
    seen(&harness, "Level");
    seen(&harness, "Master");
    seen(&harness, "Ratings after each result");
    harness
        .get_all_by_label_contains("Your puzzle rating:")
        .next()
        .expect("the puzzle rating");
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    seen_containing(&harness, "你对电脑的等级分：1500");
    seen(&harness, "难度");
    seen(&harness, "每次结果后的等级分");
}

/// A link through the app: a broken one says what is wrong in words, a good one opens.
#[test]
fn links_open_and_a_broken_one_is_said_in_words() {
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    let broken = qipan_session::link::parse_query("game=maddell&moves=a1,zz").expect("a link");
    harness.state_mut().send(Command::OpenLink(broken));
    harness.run();
    let notice = harness.state().notice_text().expect("a notice");
    assert!(
        notice.contains("This link does not open") && notice.contains("“zz”"),
        "{notice}"
    );
    assert_eq!(harness.state().game().variant().game, GameId::ShuangCheng);
    let good = qipan_session::link::parse_query("game=maddell&moves=a1,b2").expect("a link");
    harness.state_mut().send(Command::OpenLink(good));
    harness.run();
    assert_eq!(harness.state().game().ply_texts(), vec!["a1", "b2"]);
    harness.get_by_label("Copy link").click();
    harness.run();
    seen_containing(&harness, "qipan:?game=maddell");
}

/// Screenshots (not a check): the Puzzles and Statistics views at three sizes and in both
/// languages, drawn by wgpu (natively: lavapipe, as under Xvfb), written to
/// `e2e/screenshots/puzzles/native/` (or `$QIPAN_SHOTS/puzzles/native/`).
#[test]
#[ignore = "writes screenshots: cargo test --test app -- --ignored screenshots_of_puzzles"]
fn screenshots_of_puzzles_and_statistics() {
    use qipan::i18n::I18n;
    use qipan::msg;
    use qipan_session::puzzles::{REPLY_DELAY, WRONG_SHOWN};
    let base = std::env::var_os("QIPAN_SHOTS").map_or_else(
        || Path::new(ROOT).join("e2e/screenshots"),
        std::path::PathBuf::from,
    );
    let dir = base.join("puzzles/native");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the screenshot folder");
    for (size_name, size) in [
        ("desktop", [1280.0, 800.0]),
        ("tablet", [820.0, 1180.0]),
        ("phone", [390.0, 844.0]),
    ] {
        for lang in Lang::ALL {
            let i18n = I18n::new(lang);
            let clock = ManualClock::default();
            let handle = clock.clone();
            let mut h = Harness::builder()
                .with_size(size)
                .with_max_steps(64)
                .with_render_cursor(false)
                .wgpu()
                .build_eframe(move |cc| App::with_clock(cc, Box::new(handle)));
            h.state_mut().set_animations(false);
            h.state_mut().set_lang(lang);
            h.run();
            let mut n = 0;
            let mut save = |h: &mut Harness<'static, App>, state: &str| {
                h.run();
                n += 1;
                let image = h.render().expect("a picture");
                let name = format!("{}-{size_name}-{n:02}-{state}.png", lang.tag());
                image.save(dir.join(name)).expect("written");
            };
            let click = |h: &mut Harness<'static, App>, label: String| {
                h.get_all_by_label(&label)
                    .next()
                    .unwrap_or_else(|| panic!("no {label}"))
                    .click();
                h.run();
            };
            let scroll = |h: &mut Harness<'static, App>, label: String| {
                h.run();
                if let Some(node) = h.query_all_by_label(&label).next() {
                    node.scroll_to_me();
                }
                h.run();
            };
            click(&mut h, i18n.tr(msg!("puzzles-heading")));
            scroll(&mut h, i18n.tr(msg!("puzzle-next")));
            save(&mut h, "puzzles");
            click(&mut h, i18n.tr(msg!("puzzle-next")));
            scroll(&mut h, i18n.tr(msg!("puzzle-leave")));
            save(&mut h, "puzzle");
            // A wrong move, shown, then taken back.
            let right = h.state().session().puzzle().expect("on").puzzle().line[0].clone();
            let wrong = {
                let game = h.state().game();
                game.legal_moves()
                    .into_iter()
                    .filter_map(|m| game.format_move(m))
                    .find(|m| *m != right)
                    .expect("another move")
            };
            let mv = h.state().game().parse_move(&wrong).expect("reads");
            h.state_mut().send(Command::Play(mv));
            save(&mut h, "wrong");
            clock.advance(WRONG_SHOWN);
            h.run();
            h.state_mut().send(Command::Hint);
            scroll(&mut h, i18n.tr(msg!("puzzle-leave")));
            save(&mut h, "hint");
            // Solved from there on.
            let line = h
                .state()
                .session()
                .puzzle()
                .expect("on")
                .puzzle()
                .line
                .clone();
            for (i, text) in line.iter().enumerate() {
                if i % 2 == 1 {
                    clock.advance(REPLY_DELAY);
                    h.run();
                    continue;
                }
                let mv = h.state().game().parse_move(text).expect("reads");
                h.state_mut().send(Command::Play(mv));
                h.run();
            }
            scroll(&mut h, i18n.tr(msg!("puzzle-leave")));
            save(&mut h, "solved");
            click(&mut h, i18n.tr(msg!("puzzle-leave")));
            click(&mut h, i18n.tr(msg!("stats-heading")));
            scroll(&mut h, i18n.tr(msg!("stats-chart")));
            save(&mut h, "statistics");
            // A link that would replace a game with moves asks first.
            let first = h.state().game().legal_moves()[0];
            h.state_mut().send(Command::Play(first));
            h.run();
            let link = qipan_session::link::parse_query("game=shuangcheng").expect("a link");
            h.state_mut().send(Command::OpenLink(link));
            scroll(&mut h, i18n.tr(msg!("link-replace")));
            save(&mut h, "link-question");
        }
    }
}

/// Clicks the widget labelled `label` (the only one) and lets the app draw.
fn click(harness: &mut Harness<'static, App>, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

/// The labels of the board points, for the checks on what the editor put where.
fn point_label(harness: &Harness<'static, App>, name: &str) -> String {
    use egui_kittest::kittest::NodeT;
    point(harness, name)
        .accesskit_node()
        .label()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn editor_sets_up_a_maddell_placement_position_and_plays_it() {
    let (mut harness, _clock) = app_with(GameId::Maddell);
    click(&mut harness, "Set up");
    assert!(harness.state().session().editor().is_some());
    harness.get_by_label("This position can be played.");
    // A tap cycles: dark on a1. Dark then has seven pieces: refused, with the reason.
    tap(&mut harness, &["a1"]);
    assert!(point_label(&harness, "a1").starts_with("a1, dark piece"));
    let too_big = "Dark has 6 in hand and 1 on the board: more than the 6 pieces a side has.";
    harness.get_by_label(too_big);
    click(&mut harness, "Play as Dark");
    assert!(
        harness.state().session().editor().is_some(),
        "refused: still editing"
    );
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    harness.get_by_label("黑方手里 6 枚、盘上 1 枚，超过了每方的 6 枚。");
    harness.state_mut().set_lang(Lang::En);
    harness.run();
    click(&mut harness, "Dark: one fewer in hand");
    harness.get_by_label("This position can be played.");
    // Light's pieces by the palette, then the hands to match: light has lost a piece
    // before dark could make a mill — refused, and why.
    click(&mut harness, "Light");
    tap(&mut harness, &["b2", "c4"]);
    click(&mut harness, "Light: one fewer in hand");
    click(&mut harness, "Light: one fewer in hand");
    click(&mut harness, "Light: one fewer in hand");
    let lost =
        "Light has lost 1 piece, but Dark has placed too few pieces to have taken more than 0.";
    harness.get_by_label(lost);
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    harness.get_by_label("白方已经少了 1 枚，可黑方放下的棋子太少，最多只能吃掉 0 枚。");
    harness.state_mut().set_lang(Lang::En);
    harness.run();
    click(&mut harness, "Light: one more in hand");
    click(&mut harness, "Light moves");
    harness.get_by_label("This position can be played.");
    click(&mut harness, "Two players");
    let app = harness.state();
    assert!(app.session().editor().is_none());
    assert_eq!(app.game().start_text(), "x......o.......o.. o 5 4");
    assert_eq!(app.session().human(), None);
    // Light places on c1 by a tap, as in any game.
    tap(&mut harness, &["c1"]);
    assert_eq!(harness.state().game().ply_texts(), ["c1"]);
    assert_eq!(
        harness.state().game().position_text(),
        "x......o....o..o.. x 5 3"
    );
}

#[test]
fn editor_sets_up_an_earthen_cannon_position_and_plays_it_against_the_computer() {
    let (mut harness, _clock) = app_with(GameId::Cannon);
    // A move first: playing the set-up will ask before it replaces this game.
    tap(&mut harness, &["c6", "c5"]);
    wait_until(&mut harness, "the computer's reply", |app| {
        app.game().len() >= 2
    });
    click(&mut harness, "Set up");
    click(&mut harness, "Clear the board");
    harness.get_by_label("This game is already over here: All three cannons are gone.");
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    harness.get_by_label("这个局面已经分出结果：3 枚土炮已全部被拿掉。");
    harness.state_mut().set_lang(Lang::En);
    harness.run();
    // A cannon on a1 boxed in by soldiers on b1 and a2: no game gets there.
    click(&mut harness, "Cannons");
    tap(&mut harness, &["a1", "c6"]);
    click(&mut harness, "Soldiers");
    tap(&mut harness, &["b1", "a2", "c3", "c2"]);
    let boxed = "The cannon on a1 is boxed in: the rules remove such a cannon at once, so no game gets here.";
    harness.get_by_label(boxed);
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    harness.get_by_label("a1 上的土炮被围死了：规则会立刻移除这样的炮，真实对局到不了这里。");
    harness.state_mut().set_lang(Lang::En);
    harness.run();
    click(&mut harness, "Nothing");
    tap(&mut harness, &["a1"]);
    assert!(point_label(&harness, "a1").starts_with("a1, empty"));
    harness.get_by_label("This position can be played.");
    click(&mut harness, "Play as Cannons");
    // The game with moves is not thrown away without asking.
    harness.get_by_label("Replace your game in progress with this position?");
    click(&mut harness, "Replace it");
    let app = harness.state();
    assert!(app.session().editor().is_none());
    assert_eq!(
        app.game().start_text(),
        ".o...o.o....o..............x.. x -"
    );
    assert_eq!(app.session().human(), Some(qipan_engine::games::Side::X));
    tap(&mut harness, &["c6", "c5"]);
    assert_eq!(harness.state().game().ply_texts()[0], "c6-c5");
    wait_until(&mut harness, "the computer's reply", |app| {
        app.game().len() >= 2
    });
}

#[test]
fn editor_keys_put_pieces_and_back_to_the_game_leaves_it_as_it_was() {
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    let before = harness.state().game().position_text();
    click(&mut harness, "Set up");
    // The first arrow puts the focus in the middle (c, empty); Enter cycles what stands
    // there.
    harness.key_press(egui::Key::ArrowUp);
    harness.run();
    assert!(point_label(&harness, "c").starts_with("c, empty"));
    harness.key_press(egui::Key::Enter);
    harness.run();
    let after: String = point_label(&harness, "c");
    assert!(
        !after.starts_with("c, empty"),
        "Enter put a piece on the focus: {after}"
    );
    // Four pieces of one side: refused, with the reason.
    assert!(harness
        .state()
        .session()
        .editor()
        .is_some_and(|e| e.verdict().is_err()));
    click(&mut harness, "Back to the game");
    assert!(harness.state().session().editor().is_none());
    assert_eq!(harness.state().game().position_text(), before);
}

#[test]
fn editor_opens_on_every_game_and_a_tap_changes_every_point() {
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    for game in GameId::ALL {
        harness.state_mut().send(Command::PickGame(game));
        harness.run();
        if harness.state().session().editor().is_none() {
            click(&mut harness, "Set up");
        }
        let editor = harness.state().session().editor().expect("open");
        assert_eq!(editor.variant().game, game);
        assert_eq!(editor.shape().names, point_names(game), "{game:?}");
        click(&mut harness, "Clear the board");
        for name in point_names(game) {
            assert!(point_label(&harness, name).starts_with(&format!("{name}, empty")));
        }
        // One tap per point: each holds the game's first piece, whatever the verdict.
        let names = point_names(game);
        tap(&mut harness, &names);
        for name in &names {
            assert!(
                !point_label(&harness, name).starts_with(&format!("{name}, empty")),
                "{game:?} {name}"
            );
        }
        assert!(harness
            .state()
            .session()
            .editor()
            .is_some_and(|e| e.verdict().is_err()));
    }
    click(&mut harness, "Back to the game");
    assert!(harness.state().session().editor().is_none());
}
