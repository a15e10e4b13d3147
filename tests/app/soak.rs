//! Soaks: thousands of random taps, keys and settings across every game and both languages, and
//! easy games played to the end.

use crate::app_with;
use crate::common::is_point;
use crate::point_names;
use egui_kittest::kittest::Queryable;
use qipan::i18n::Lang;
use qipan_engine::ai::Level;
use qipan_engine::games::ToGame;
use qipan_engine::games::{GameId, RuleOption};
use qipan_session::Command;
use std::time::Duration;

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
                if harness.state().i18n().lang() == Lang::En {
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
