//! Playing through the board's widgets: a move by taps in every game and the computer's answer, the
//! clock, undo and redo, the move list, two people at one screen, the end of a game, switching
//! games.

use crate::common::{point, tap};
use crate::tap_push_move;
use crate::{app_with, wait_until};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipan::ui::App;
use qipan_engine::games::GameId;
use qipan_session::Command;
use std::time::{Duration, Instant};

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
fn a_turn_that_times_out_passes_with_no_move() {
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    // Two people: no computer answers at once and covers the notice.
    harness.state_mut().send(Command::SetPlayers(None));
    harness.run();
    // The first turn waits for a move (issue 43); the second runs at once.
    tap(&mut harness, &["bh", "c"]);
    clock.advance(59.0);
    harness.run();
    assert_eq!(harness.state().game().len(), 1, "59 s is still in time");
    clock.advance(1.5);
    harness.run();
    let app = harness.state();
    assert_eq!(app.game().len(), 2);
    assert!(app.game().is_skip(1), "the turn passed with no move");
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
    harness.get_by_label("Start").click_accesskit();
    harness.run();
    assert_eq!(harness.state().game().cursor(), 0);
    // Below the left column's fold at 1280×800 (the move list ends the column, under the
    // settings and About): pressed as a screen reader presses it.
    harness.get_by_label("bh-c").click_accesskit();
    harness.run();
    assert_eq!(harness.state().game().cursor(), 1);
    // Looking back stops the clock and the computer.
    clock.advance(120.0);
    harness.run();
    assert_eq!(harness.state().game().len(), 2);
    assert!(!harness.state().thinking());
    // Playing on from here lets the computer (to move here) answer again.
    harness.get_by_label("Play on from here").click_accesskit();
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
    // Under the left column's fold at 1280×800: brought into view first.
    crate::press(&mut harness, "Load");
    assert_eq!(harness.state().settings().game, GameId::Maddell);
    assert!(harness.query_by_label("Dark wins").is_some());
    assert!(harness
        .query_by_label("Light is down to two pieces.")
        .is_some());
    let _ = std::fs::remove_dir_all(&dir);
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
