//! What an online player is asked and told around the game's own actions: Resign asks
//! first (and says whether the loss is rated); a draw offer has Decline beside Accept, and
//! neither the offer nor the decline moves the board; Leave asks first while the game runs;
//! every request is answered on screen at once ("Sent") and, when the server stays silent,
//! plainly said to be unanswered; a rematch asked for says that it waits for the other
//! player, the other player sees "wants a rematch" with Accept and Decline, and the asker
//! hears a decline; none of them moves the board.

use crate::lobby::{paired_app, state};
use crate::{click, seen_containing};
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use qipan::i18n::Lang;
use qipan::ui::App;
use qipan_session::ModeKind;

const RESIGN: &str = r#"{"type":"resign","room":"ABCDEFGH","token":"seat-token"}"#;

/// Where Shuang Cheng's top-left point is drawn: the board's place in the window.
fn board_at(harness: &Harness<'static, App>) -> egui::Rect {
    crate::common::point(harness, "tl").rect()
}

/// The board is where it was, to a fraction of a pixel (a line kept for what may be said
/// is laid out to the text's height, which rounds differently from the text itself).
fn board_still(harness: &Harness<'static, App>, before: egui::Rect, why: &str) {
    let now = board_at(harness);
    let moved = (now.min - before.min)
        .length()
        .max((now.max - before.max).length());
    assert!(moved < 0.5, "{why}: {before:?} became {now:?}");
}

#[test]
fn resign_asks_first_and_says_the_loss_is_rated() {
    let (mut harness, _clock, server, _start) = paired_app();
    click(&mut harness, "Resign");
    assert!(server.heard().is_empty(), "nothing sent yet");
    seen_containing(
        &harness,
        "Resign this game? It counts as a loss in your rating.",
    );
    click(&mut harness, "Keep playing");
    assert!(server.heard().is_empty());
    assert!(harness.query_by_label("Yes, resign").is_none());
    click(&mut harness, "Resign");
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    seen_containing(&harness, "确定认输吗？");
    click(&mut harness, "确定认输");
    assert_eq!(server.heard(), [RESIGN]);
}

#[test]
fn a_draw_offer_can_be_declined_and_the_board_stays_where_it_was() {
    let (mut harness, _clock, server, start) = paired_app();
    let before = board_at(&harness);
    server.say(state(&start, &[], None, true, r#""o""#));
    harness.run();
    seen_containing(&harness, "Bo offers a draw.");
    harness.get_by_label("Accept the draw");
    board_still(&harness, before, "the offer does not push the board down");
    click(&mut harness, "Decline");
    assert!(
        server.heard().is_empty(),
        "the protocol has no decline: nothing is sent"
    );
    seen_containing(&harness, "You declined the draw");
    assert!(harness.query_by_label("Bo offers a draw.").is_none());
    let draw = harness.get_by_label("Draw declined").accesskit_node();
    assert!(draw.is_disabled(), "a draw offer now would accept Bo's");
    assert_eq!(board_at(&harness), before);
    // Ann moves: the offer lapses, and the bar is as before.
    let game = harness.state().game();
    let mv = game.format_move(game.legal_moves()[0]).expect("a move");
    server.say(state(&start, &[&mv], None, true, "null"));
    harness.run();
    harness.get_by_label("Offer a draw");
    assert_eq!(board_at(&harness), before);
}

#[test]
fn every_request_is_answered_on_screen_or_said_to_be_unanswered() {
    let (mut harness, clock, server, start) = paired_app();
    click(&mut harness, "Offer a draw");
    assert_eq!(server.heard().len(), 1);
    seen_containing(&harness, "Sent: waiting for the server");
    clock.advance(6.0);
    harness.run();
    seen_containing(&harness, "The server has not answered for 6 s.");
    // The answer comes: the offer stands, and nothing waits any more.
    server.say(state(&start, &[], None, true, r#""x""#));
    harness.run();
    harness.get_by_label("Draw offered");
    assert!(harness
        .query_all_by_label_contains("waiting for the server")
        .next()
        .is_none());
    assert!(harness
        .query_all_by_label_contains("has not answered")
        .next()
        .is_none());
}

#[test]
fn a_rematch_asked_for_says_it_waits_for_the_other_player() {
    let (mut harness, _clock, server, start) = paired_app();
    let game = harness.state().game();
    let mv = game.format_move(game.legal_moves()[0]).expect("a move");
    let over = state(&start, &[&mv], Some(("o-wins", "resigned")), true, "null");
    server.say(over.clone());
    harness.run();
    server.heard();
    click(&mut harness, "Rematch");
    assert_eq!(
        server.heard(),
        [r#"{"type":"rematch","room":"ABCDEFGH","token":"seat-token"}"#]
    );
    seen_containing(&harness, "Sent: waiting for the server");
    // The server's answer: the room as it was (it says nothing of who asked).
    server.say(over);
    harness.run();
    seen_containing(
        &harness,
        "You asked for a rematch: it starts when Bo asks too.",
    );
    assert!(harness
        .get_by_label("Rematch asked")
        .accesskit_node()
        .is_disabled());
    // Bo asks too: the new game, the seats swapped.
    server.say(state(&start, &[], None, true, "null"));
    harness.run();
    assert!(harness
        .query_all_by_label_contains("You asked for a rematch")
        .next()
        .is_none());
}

/// The rematch's row of buttons stands centred in the banner, as Review the game under it.
fn row_centred_under_review(harness: &Harness<'static, App>) {
    let row: Vec<egui::Rect> = ["Accept the rematch", "Decline", "Challenge again"]
        .into_iter()
        .filter_map(|label| harness.query_by_label(label).map(|node| node.rect()))
        .collect();
    let left = row.iter().map(|r| r.left()).fold(f32::MAX, f32::min);
    let right = row.iter().map(|r| r.right()).fold(f32::MIN, f32::max);
    // The banner's own Review button, the first under the row (the review's tab has one).
    let bottom = row.iter().map(|r| r.bottom()).fold(f32::MIN, f32::max);
    let review = harness
        .get_all_by_label("Review the game")
        .map(|node| node.rect())
        .filter(|rect| rect.top() >= bottom)
        .min_by(|a, b| a.top().total_cmp(&b.top()))
        .expect("Review the game under the row");
    let off = (left + right) / 2.0 - review.center().x;
    assert!(
        off.abs() < 2.0,
        "the row is {off} px off the banner's centre"
    );
}

/// The game of `paired_app` after the first ply of its start, over (o resigned), with
/// `rematch` (the field's JSON; `None` writes none).
fn over_with_request(start: &str, rematch: Option<&str>) -> String {
    let over = state(start, &["bh-c"], Some(("x-wins", "resigned")), true, "null");
    match rematch {
        Some(side) => over.replace(
            r#""days":null}"#,
            &format!(r#""days":null,"rematch":{side}}}"#),
        ),
        None => over,
    }
}

#[test]
fn the_other_player_s_rematch_request_is_accepted_or_declined_here() {
    let (mut harness, _clock, server, start) = paired_app();
    server.say(over_with_request(&start, None));
    harness.run();
    let before = board_at(&harness);
    // Bo asks: Ann is told, with Accept and Decline; she declines, in Chinese.
    server.say(over_with_request(&start, Some(r#""o""#)));
    harness.run();
    server.heard();
    seen_containing(&harness, "Bo wants a rematch.");
    harness.get_by_label("Accept the rematch");
    board_still(&harness, before, "the request does not push the board down");
    row_centred_under_review(&harness);
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    seen_containing(&harness, "Bo想再来一局。");
    click(&mut harness, "拒绝");
    assert_eq!(
        server.heard(),
        [r#"{"type":"decline-rematch","room":"ABCDEFGH","token":"seat-token"}"#]
    );
    server.say(over_with_request(&start, None));
    harness.run();
    assert!(harness
        .query_all_by_label_contains("想再来一局")
        .next()
        .is_none());
    // Bo asks again; this time Ann accepts.
    server.say(over_with_request(&start, Some(r#""o""#)));
    harness.run();
    click(&mut harness, "接受再来一局");
    assert_eq!(
        server.heard(),
        [r#"{"type":"rematch","room":"ABCDEFGH","token":"seat-token"}"#]
    );
}

#[test]
fn a_declined_rematch_is_told_to_the_player_who_asked() {
    let (mut harness, _clock, server, start) = paired_app();
    server.say(over_with_request(&start, None));
    harness.run();
    let asked_at = board_at(&harness);
    click(&mut harness, "Rematch");
    server.say(over_with_request(&start, Some(r#""x""#)));
    harness.run();
    seen_containing(&harness, "it starts when Bo asks too.");
    board_still(&harness, asked_at, "the wait does not move the board");
    assert!(
        harness.query_by_label("Decline").is_none(),
        "no offer to Ann"
    );
    server.say(over_with_request(&start, None));
    harness.run();
    seen_containing(&harness, "Bo declined the rematch.");
    board_still(
        &harness,
        asked_at,
        "neither the wait nor the decline moves the board",
    );
    assert!(!harness
        .get_by_label("Rematch")
        .accesskit_node()
        .is_disabled());
}

#[test]
fn leaving_a_running_game_asks_first() {
    let (mut harness, _clock, server, _start) = paired_app();
    click(&mut harness, "Leave");
    seen_containing(&harness, "The game is still on");
    assert_eq!(harness.state().session().mode().kind(), ModeKind::Online);
    click(&mut harness, "Stay");
    assert_eq!(harness.state().session().mode().kind(), ModeKind::Online);
    click(&mut harness, "Leave");
    click(&mut harness, "Leave the game");
    assert_ne!(harness.state().session().mode().kind(), ModeKind::Online);
    assert!(server.heard().iter().all(|frame| !frame.contains("resign")));
}

/// Paired with Bo, `seconds` into Ann's first turn the server says the game is aborted.
fn aborted_after(seconds: f64) -> Harness<'static, App> {
    let (mut harness, clock, server, start) = paired_app();
    clock.advance(seconds);
    harness.run();
    let aborted = Some(("aborted", "aborted"));
    server.say(state(&start, &[], aborted, true, "null"));
    harness.run();
    harness
}

#[test]
fn a_side_whose_first_turn_ran_out_is_named_on_the_aborted_game() {
    // Ann (Dark, to move) lets her first turn run out: the server aborts the game.
    let mut harness = aborted_after(60.0);
    seen_containing(&harness, "Game aborted");
    seen_containing(
        &harness,
        "Dark never started: their first turn ran out before their first move. No rating changed.",
    );
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    seen_containing(&harness, "黑方始终没有开始");
}

#[test]
fn an_abort_with_time_left_is_not_said_to_be_the_clock_s() {
    let harness = aborted_after(10.0);
    seen_containing(&harness, "The game was aborted before its second move");
    assert!(harness
        .query_all_by_label_contains("never started")
        .next()
        .is_none());
}
