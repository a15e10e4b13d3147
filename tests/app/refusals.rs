//! Refusals: what the session does not do is said in the status line, in both languages, as
//! a live region (a screen reader says it as it appears), and goes after a few seconds.

use crate::{app_with, click, press};
use egui::accesskit::Live;
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use qipan::i18n::Lang;
use qipan::ui::App;
use qipan_engine::games::GameId;
use qipan_session::timer::ManualClock;

/// The status line says `text`, as a live region.
fn said_aloud(harness: &Harness<'static, App>, text: &str) {
    let node = harness.get_by_label(text);
    assert_eq!(node.accesskit_node().live(), Live::Polite, "{text:?}");
}

/// Says `english`, then `chinese` in Chinese (the session's refusal is kept, the words follow
/// the language); it goes after a few seconds.
fn said_in_both_languages(
    harness: &mut Harness<'static, App>,
    clock: &ManualClock,
    english: &str,
    chinese: &str,
) {
    said_aloud(harness, english);
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    said_aloud(harness, chinese);
    harness.state_mut().set_lang(Lang::En);
    harness.run();
    said_aloud(harness, english);
    clock.advance(7.0);
    harness.run();
    assert!(
        harness.query_by_label(english).is_none(),
        "the refusal is said for a few seconds"
    );
}

/// A puzzle on the board, from the Puzzles tab.
fn puzzle(harness: &mut Harness<'static, App>) {
    click(harness, "Puzzles");
    click(harness, "Next puzzle");
    assert!(harness.state().session().puzzle().is_some());
}

#[test]
fn a_setting_that_would_change_the_game_behind_a_puzzle_is_refused_in_words() {
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    puzzle(&mut harness);
    click(&mut harness, "Two people on one screen (no computer)");
    assert!(
        !harness.state().settings().two_players,
        "the session changed nothing"
    );
    said_in_both_languages(
        &mut harness,
        &clock,
        "Not while a puzzle is on the board: go back to the game first.",
        "做习题时不能这样做：请先回到对局。",
    );
}

#[test]
fn a_hint_before_a_wrong_try_is_refused_in_words() {
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    puzzle(&mut harness);
    harness.key_press(egui::Key::H);
    harness.run();
    let run = harness.state().session().puzzle().expect("the puzzle");
    assert!(run.hint().is_none(), "no move shown");
    said_in_both_languages(
        &mut harness,
        &clock,
        "The move is shown only after a wrong try.",
        "走错一次之后才能查看正解。",
    );
}

#[test]
fn a_new_game_while_a_position_is_set_up_is_refused_in_words() {
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    click(&mut harness, "Set up");
    harness.key_press(egui::Key::N);
    harness.run();
    assert!(
        harness.state().session().editor().is_some(),
        "still editing"
    );
    said_in_both_languages(
        &mut harness,
        &clock,
        "Not while a position is being set up: go back to the game first.",
        "摆棋时不能这样做：请先回到对局。",
    );
}

#[test]
fn undo_while_playing_a_friend_is_refused_in_words() {
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    // A server nobody listens on: the game with a friend is on, its socket lost.
    harness.state_mut().set_server("ws://127.0.0.1:9/ws");
    click(&mut harness, "Play online");
    press(&mut harness, "Create a game");
    assert!(harness.state().session().online().is_some());
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run();
    said_in_both_languages(
        &mut harness,
        &clock,
        "Not while you play online: the server holds the game.",
        "在线对局时不能这样做：对局在服务器上。",
    );
}
