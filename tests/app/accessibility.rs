//! Keys and screen readers: a whole game by keyboard alone, and every board point named with what
//! stands there, in both languages.

use crate::common::{is_point, point};
use crate::point_names;
use crate::{app_with, wait_until};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipan::i18n::Lang;
use qipan::ui::App;
use qipan_engine::games::GameId;
use qipan_session::Command;

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
    assert!(harness
        .query_by_label("bh (bottom hub), dark piece, can move")
        .is_some());
    assert!(harness.query_by_label("c (centre), empty").is_some());
    assert!(harness
        .query_by_label("l (left middle), shared piece, can move")
        .is_some());
    point(&harness, "bh").click();
    harness.run();
    assert!(harness
        .query_by_label("bh (bottom hub), dark piece, selected")
        .is_some());
    assert!(harness
        .query_by_label("c (centre), empty, move here")
        .is_some());
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    assert!(harness.query_by_label("c（中心），空，走到这里").is_some());
    assert!(harness.query_by_label("th（上方交汇点），白子").is_some());
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
