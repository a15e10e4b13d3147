//! Save and Load, the games kept between runs, damaged saves, and links to a game.

use crate::common::tap;
use crate::tap_push_move;
use crate::{app_with, seen_containing, wait_until};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipan::ui::App;
use qipan_engine::games::GameId;
use qipan_session::timer::ManualClock;
use qipan_session::Command;

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
    crate::press(&mut harness, "Load");
    assert_eq!(harness.state().game().ply_texts(), plies);

    // A hand-edited file with an illegal move: a clear error, the game untouched.
    let text = std::fs::read_to_string(&path).expect("saved file");
    let broken = text.replacen("bh-c", "bh-tl", 1);
    std::fs::write(&path, broken).expect("write");
    crate::press(&mut harness, "Load");
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
    crate::press(&mut harness, "Load");
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
    crate::press(&mut harness, "Load");
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
    crate::press(&mut harness, "Load");
    let notice = harness.state().notice_text().unwrap_or_default();
    assert!(notice.contains("not a readable saved game"), "{notice}");
    assert_eq!(harness.state().game().ply_texts(), plies);
    let _ = std::fs::remove_dir_all(&dir);
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
