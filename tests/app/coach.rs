//! The coach: the hint on the board, the evaluation bar, the alert after a blunder, and the review.

use crate::common::tap;
use crate::{app_with, wait_until};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipan::i18n::Lang;
use qipan::ui::App;
use qipan_engine::games::GameId;
use qipan_session::{CoachMode, Command};

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
    // Under the settings in the left column: brought into view first.
    crate::press(&mut harness, "Review the game");
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
    // A move that throws the result away is marked as board-game players mark a blunder
    // ("!" is a good move to them), and a game without captures charts no pieces.
    harness.get_all_by_label("??").next().expect("a ?? mark");
    assert!(harness.query_by_label("!").is_none());
    harness.get_by_label("Evaluation over the game (above the middle, Dark stands better)");
    harness.get_by_label("better: bh-c").hover();
    harness.get_by_label("1. l-c").click();
    harness.run();
    assert_eq!(harness.state().game().cursor(), 0);
    assert_eq!(
        board_description(&harness).as_deref(),
        Some("Played: l-c. Coach's move: bh-c.")
    );
}
