//! The clock that waits for the player (issue 43): a game's first turn does not run until a
//! person has moved; against the computer it stands still while the player reads the keys
//! or the rules; a game left untouched is never counted; and the computer may be played
//! without the clock, a setting kept between runs.

use crate::common::tap;
use crate::{app_with, click, wait_until};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipan::ui::App;
use qipan_engine::games::GameId;
use qipan_session::timer::ManualClock;

/// Moves the clock on by `seconds`, a minute at most at a time, drawing a frame after each
/// step as a running app would.
fn wait(harness: &mut Harness<'static, App>, clock: &ManualClock, seconds: f64) {
    let mut left = seconds;
    while left > 0.0 {
        let step = left.min(60.0);
        clock.advance(step);
        harness.run();
        left -= step;
    }
}

/// The game on the board has `n` plies (`why` says what that shows).
fn plies_are(harness: &Harness<'static, App>, n: usize, why: &str) {
    assert_eq!(harness.state().game().len(), n, "{why}");
}

/// The player's first move (Shuang Cheng's bh-c) and the computer's answer.
fn one_move_each(harness: &mut Harness<'static, App>) {
    tap(harness, &["bh", "c"]);
    wait_until(harness, "the computer's reply", |app| app.game().len() >= 2);
}

/// Opens the tab `title`: the first widget of that name (a heading may share it), scrolled
/// into view first, as the phone's row of tabs scrolls sideways.
fn open_tab(harness: &mut Harness<'static, App>, title: &str) {
    for step in 0..2 {
        let tab = harness
            .get_all_by_label(title)
            .next()
            .unwrap_or_else(|| panic!("no tab {title}"));
        if step == 0 {
            tab.scroll_to_me();
        } else {
            tab.click();
        }
        harness.run();
    }
}

#[test]
fn a_fresh_game_s_clock_waits_for_the_first_move() {
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    wait(&mut harness, &clock, 240.0);
    plies_are(&harness, 0, "four minutes untouched");
    harness.get_by_label("60 s");
    one_move_each(&mut harness);
    // The player has acted: their next turn runs as the rules say.
    wait(&mut harness, &clock, 61.0);
    assert!(harness.state().game().is_skip(2), "the second turn ran out");
}

#[test]
fn an_untouched_game_against_the_computer_is_never_counted() {
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    // An hour, turn by turn, the computer given the time to answer each: a clock that ran
    // would give the computer every turn of the player's, and the game.
    for _ in 0..60 {
        wait(&mut harness, &clock, 61.0);
        wait_until(&mut harness, "the computer's answer", |app| !app.thinking());
    }
    let app = harness.state();
    assert!(app.game().game_on(), "the game is still on");
    let record = app.session().progress().game(GameId::ShuangCheng);
    assert!(
        record.levels.iter().all(|level| level.losses == 0),
        "no loss counted: {record:?}"
    );
}

#[test]
fn the_clock_stands_still_while_the_keys_are_read() {
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    one_move_each(&mut harness);
    wait(&mut harness, &clock, 10.0);
    click(&mut harness, "Keyboard");
    wait(&mut harness, &clock, 300.0);
    plies_are(&harness, 2, "no turn lost while reading");
    // The open help names its own key "Keyboard" too: the toggle is the first.
    let toggle = harness
        .get_all_by_label("Keyboard")
        .next()
        .expect("the toggle");
    toggle.click();
    harness.run();
    wait(&mut harness, &clock, 49.0);
    plies_are(&harness, 2, "a second of the turn is left");
    wait(&mut harness, &clock, 2.0);
    assert!(harness.state().game().is_skip(2));
}

#[test]
fn the_clock_stands_still_while_the_rules_cover_the_board_s_column() {
    let clock = ManualClock::default();
    let mut harness = crate::fresh_app([820.0, 1180.0], clock.clone());
    harness.run();
    one_move_each(&mut harness);
    open_tab(&mut harness, "Rules");
    wait(&mut harness, &clock, 300.0);
    plies_are(&harness, 2, "no turn lost while reading");
}

#[test]
fn the_computer_can_be_played_without_the_clock_and_the_choice_is_kept() {
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    crate::press(&mut harness, "Play the computer without the clock");
    one_move_each(&mut harness);
    wait(&mut harness, &clock, 600.0);
    plies_are(&harness, 2, "ten minutes to think");
    assert!(
        harness.query_by_label("60 s").is_none(),
        "no countdown shown"
    );
    assert!(
        harness.state().session().choices().untimed,
        "kept with the settings"
    );
}

/// A clock that waits costs no frames: an untouched game (Shuang Cheng, nothing breathing)
/// asks for none, where a running clock asks for one a second. On the old frame scheduling
/// a held clock's whole second asked for a frame every 20 ms.
#[test]
fn a_waiting_clock_asks_for_no_frames() {
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    let soonest = std::sync::Arc::new(std::sync::Mutex::new(None::<std::time::Duration>));
    let seen = soonest.clone();
    harness.ctx.set_request_repaint_callback(move |info| {
        let mut soonest = seen.lock().unwrap_or_else(|e| e.into_inner());
        *soonest = Some(soonest.map_or(info.delay, |d| d.min(info.delay)));
    });
    wait(&mut harness, &clock, 1.5);
    *soonest.lock().unwrap_or_else(|e| e.into_inner()) = None;
    harness.run();
    let asked = *soonest.lock().unwrap_or_else(|e| e.into_inner());
    assert!(
        asked.is_none_or(|d| d >= std::time::Duration::from_secs(1)),
        "a still board whose clock waits asked for a frame after {asked:?}"
    );
}

#[test]
fn the_clock_stands_still_while_play_online_is_open() {
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    one_move_each(&mut harness);
    click(&mut harness, "Play online");
    wait(&mut harness, &clock, 300.0);
    plies_are(&harness, 2, "no turn lost while Play online is read");
    // Folded again: the turn runs out as the rules say.
    click(&mut harness, "Play online");
    wait(&mut harness, &clock, 61.0);
    assert!(harness.state().game().is_skip(2), "the turn ran out");
}

/// The phone's settings are the nearest thing the app has to a menu (it has no pop-up
/// menus of its own; any egui pop-up counts too): while they are the page's open tab, the
/// turn stands still; with the moves open instead it runs.
#[test]
fn the_clock_stands_still_while_the_phone_s_settings_are_open() {
    let clock = ManualClock::default();
    let mut harness = crate::fresh_app([390.0, 844.0], clock.clone());
    harness.run();
    one_move_each(&mut harness);
    open_tab(&mut harness, "Game Settings");
    wait(&mut harness, &clock, 300.0);
    plies_are(&harness, 2, "no turn lost while the settings are read");
    open_tab(&mut harness, "Moves");
    wait(&mut harness, &clock, 61.0);
    assert!(harness.state().game().is_skip(2), "the turn ran out");
}
