//! What a newcomer read and saw that did not add up, in both languages and at the three
//! sizes: the computer's players named in the player's language, the name rule's words, the
//! status of Push the Line, who opens the next round, one name for Earthen Cannon's
//! soldiers, the review's marks; the left column that widened when Keyboard opened, the
//! phone's tabs in one row, and Try it on a phone showing the lesson's board from its top.

use crate::common::point;
use crate::lobby::{online_app, paired_app, state_against_the_computer};
use crate::{app_with, seen_containing};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipan::i18n::Lang;
use qipan::ui::App;
use qipan_engine::games::GameId;
use qipan_session::timer::ManualClock;
use qipan_session::Command;

/// An app of `game` at `size`, as `app_with` makes one.
fn app_at(game: GameId, size: [f32; 2]) -> Harness<'static, App> {
    let clock = ManualClock::default();
    let mut harness = Harness::builder()
        .with_size(size)
        .with_max_steps(64)
        .build_eframe(move |cc| App::with_clock(cc, Box::new(clock.clone())));
    harness.state_mut().set_animations(false);
    harness.state_mut().send(Command::PickGame(game));
    harness.run();
    harness
}

#[test]
fn the_servers_computer_players_are_named_in_the_players_language() {
    let (mut harness, _clock, server, start) = paired_app();
    server.say(state_against_the_computer(&start));
    harness.run();
    harness.get_by_label("Light: Computer (Easy) (1200)");
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    harness.get_by_label("白方：电脑（简单）（1200）");
    assert!(harness
        .query_all_by_label_contains("Computer-Easy")
        .next()
        .is_none());
}

#[test]
fn the_name_rule_says_its_symbols_in_words() {
    let (mut harness, _clock, _server) = online_app();
    seen_containing(&harness, "underscores (_) or hyphens (-)");
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    seen_containing(&harness, "下划线（_）或连字符（-）");
}

#[test]
fn push_the_lines_status_and_next_round_say_what_they_mean() {
    let (mut harness, _clock) = app_with(GameId::Push);
    seen_containing(
        &harness,
        "Pushed off: 0 dark, 0 light pieces (pushing off six wins)",
    );
    seen_containing(&harness, "Next game: ");
    assert!(harness
        .query_all_by_label_contains("This round")
        .next()
        .is_none());
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    seen_containing(&harness, "已推出：黑子 0 颗，白子 0 颗（推出六颗即胜）");
    seen_containing(&harness, "下一局");
}

#[test]
fn earthen_cannons_soldiers_are_the_rules_bare_hands() {
    let (harness, _clock) = app_with(GameId::Cannon);
    harness.get_by_label("Soldiers (the rules' bare hands)");
    seen_containing(&harness, "bare hands");
}

#[test]
fn no_word_calls_a_piece_a_marble() {
    let text = std::fs::read_to_string(format!("{}/locales/en-US/ui.ftl", crate::ROOT))
        .expect("the words");
    assert!(!text.contains("marble"));
}

#[test]
fn opening_the_keys_keeps_the_column_and_the_board_where_they_were() {
    for lang in Lang::ALL {
        let (mut harness, _clock) = app_with(GameId::Push);
        harness.state_mut().set_lang(lang);
        harness.run();
        let before = point(&harness, "E5").rect();
        let keys = if lang == Lang::En {
            "Keyboard"
        } else {
            "键盘"
        };
        crate::press(&mut harness, keys);
        harness.run();
        assert_eq!(point(&harness, "E5").rect(), before, "{lang:?}");
    }
}

/// On a phone Push the Line's status line wraps to one more line while the computer's move
/// is said, and to one fewer after the player's move: the board under it stays where it was
/// from the first reply on, in both languages.
#[test]
fn the_computer_s_move_said_does_not_move_the_phone_s_board() {
    for lang in Lang::ALL {
        let mut harness = app_at(GameId::Push, [390.0, 844.0]);
        harness.state_mut().set_lang(lang);
        harness.run();
        crate::common::tap(&mut harness, &["C4", "D5"]);
        crate::wait_until(&mut harness, "the computer's reply", |app| {
            app.game().len() >= 2
        });
        harness.run();
        // The reply said: the line may have grown once, and the board moved down with it.
        let replied = point(&harness, "E5").rect();
        // The player's move clears what was said of the computer's: one line fewer.
        let game = harness.state().game();
        let mv = game.legal_moves()[0];
        harness.state_mut().send(Command::Play(mv));
        // One frame: the move applied and drawn, before the computer can answer it.
        harness.step();
        assert!(
            harness.state().game().notice().is_none(),
            "{lang:?}: nothing said"
        );
        assert_eq!(
            point(&harness, "E5").rect(),
            replied,
            "{lang:?}: after the move"
        );
        crate::wait_until(&mut harness, "the computer's reply", |app| {
            app.game().len() >= 4 || !app.game().game_on()
        });
        harness.run();
        assert_eq!(
            point(&harness, "E5").rect(),
            replied,
            "{lang:?}: after the reply"
        );
    }
}

#[test]
fn the_phones_tabs_stand_in_one_row() {
    for lang in Lang::ALL {
        let mut harness = app_at(GameId::ShuangCheng, [390.0, 844.0]);
        harness.state_mut().set_lang(lang);
        harness.run();
        let tops: Vec<f32> = harness
            .get_all_by_role(egui::accesskit::Role::Tab)
            .map(|tab| tab.rect().top())
            .collect();
        assert!(tops.len() >= 8, "{tops:?}");
        assert!(
            tops.iter().all(|&top| (top - tops[0]).abs() < 1.0),
            "{lang:?}: {tops:?}"
        );
    }
}

#[test]
fn try_it_on_a_phone_shows_the_lessons_board_from_its_top() {
    let highest = |harness: &Harness<'static, App>| {
        crate::point_names(GameId::Maddell)
            .into_iter()
            .map(|name| point(harness, name).rect().top())
            .fold(f32::MAX, f32::min)
    };
    for lang in Lang::ALL {
        let mut harness = app_at(GameId::Maddell, [390.0, 844.0]);
        harness.state_mut().set_lang(lang);
        harness.run();
        let (rules, try_it) = match lang {
            Lang::En => ("Rules", "Try it"),
            Lang::Zh => ("规则", "试一试"),
        };
        crate::press(&mut harness, rules);
        let last = harness.get_all_by_label(try_it).last().expect("a Try it");
        last.scroll_to_me();
        harness.run();
        harness
            .get_all_by_label(try_it)
            .last()
            .expect("a Try it")
            .click();
        harness.run();
        harness.run();
        assert!(harness.state().session().lesson().is_some());
        let shown = highest(&harness);
        // The same lesson's board on a page that was never scrolled.
        let lesson = harness
            .state()
            .session()
            .lesson()
            .expect("on")
            .lesson()
            .id
            .clone();
        let mut fresh = app_at(GameId::Maddell, [390.0, 844.0]);
        fresh.state_mut().set_lang(lang);
        fresh
            .state_mut()
            .send(Command::Lesson(qipan_session::LessonCommand::Start {
                game: GameId::Maddell,
                lesson,
            }));
        fresh.run();
        fresh.run();
        assert_eq!(shown, highest(&fresh), "{lang:?}");
    }
}
