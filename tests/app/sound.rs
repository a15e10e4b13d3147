//! The game's sounds through the real widgets, into a speaker that keeps what it was asked:
//! a move, the computer's reply and the player's turn, ten seconds left, the end of an online
//! game; muted and louder or softer from the settings, and kept so.

use crate::common::tap;
use crate::lobby::{paired_app, state};
use crate::{app_with, click, wait_until};
use egui_kittest::kittest::Queryable;
use qipan::sound::{Cue, Recorded};
use qipan_engine::games::GameId;

fn cues(recorded: &Recorded) -> Vec<Cue> {
    recorded.take().into_iter().map(|(cue, _)| cue).collect()
}

#[test]
fn a_move_the_reply_the_players_turn_and_ten_seconds_left_are_heard() {
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    let recorded = Recorded::default();
    harness.state_mut().set_speaker(Box::new(recorded.clone()));
    harness.run();
    assert!(cues(&recorded).is_empty(), "nothing before a move");
    tap(&mut harness, &["bh", "c"]);
    wait_until(&mut harness, "the computer's reply", |app| {
        app.game().len() >= 2
    });
    // The player's move, the computer's, and the player's turn again.
    assert_eq!(cues(&recorded), [Cue::Move, Cue::Move, Cue::YourTurn]);
    clock.advance(49.5);
    harness.run();
    assert!(cues(&recorded).is_empty(), "10.5 s left");
    clock.advance(1.0);
    harness.run();
    assert_eq!(cues(&recorded), [Cue::TenSeconds]);
}

#[test]
fn muted_nothing_is_heard_and_the_volume_follows_the_setting() {
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    let recorded = Recorded::default();
    harness.state_mut().set_speaker(Box::new(recorded.clone()));
    // Softer, as a screen reader sets the volume's slider.
    harness
        .get_by_role_and_label(egui::accesskit::Role::Slider, "Volume")
        .set_value_accesskit(40.0);
    harness.run();
    let volume = harness.state().settings().volume;
    assert_eq!(volume, 40);
    tap(&mut harness, &["bh", "c"]);
    wait_until(&mut harness, "the computer's reply", |app| {
        app.game().len() >= 2
    });
    let played = recorded.take();
    assert!(!played.is_empty());
    for (_, at) in played {
        assert!((at - f32::from(volume) / 100.0).abs() < 1e-6);
    }
    click(&mut harness, "Sounds");
    assert!(!harness.state().settings().sound, "kept off");
    let mv = harness.state().game().legal_moves()[0];
    harness.state_mut().send(qipan_session::Command::Play(mv));
    harness.run();
    wait_until(&mut harness, "the computer's reply", |app| {
        app.game().len() >= 4
    });
    assert!(cues(&recorded).is_empty(), "muted");
}

#[test]
fn the_end_of_an_online_game_is_heard() {
    let (mut harness, _clock, server, start) = paired_app();
    let recorded = Recorded::default();
    harness.state_mut().set_speaker(Box::new(recorded.clone()));
    harness.run();
    let game = harness.state().game();
    let mv = game.format_move(game.legal_moves()[0]).expect("a move");
    server.say(state(
        &start,
        &[&mv],
        Some(("o-wins", "resigned")),
        true,
        "null",
    ));
    harness.run();
    assert_eq!(cues(&recorded), [Cue::Move, Cue::End]);
}
