//! The board editor: set-ups played, keys, and a tap that changes every point of every game.

use crate::common::{point, tap};
use crate::point_names;
use crate::{app_with, click, wait_until};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipan::i18n::Lang;
use qipan::ui::App;
use qipan_engine::games::GameId;
use qipan_session::Command;

/// The labels of the board points, for the checks on what the editor put where.
fn point_label(harness: &Harness<'static, App>, name: &str) -> String {
    use egui_kittest::kittest::NodeT;
    point(harness, name)
        .accesskit_node()
        .label()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn editor_sets_up_a_maddell_placement_position_and_plays_it() {
    let (mut harness, _clock) = app_with(GameId::Maddell);
    click(&mut harness, "Set up");
    assert!(harness.state().session().editor().is_some());
    harness.get_by_label("This position can be played.");
    // A tap cycles: dark on a1. Dark then has seven pieces: refused, with the reason.
    tap(&mut harness, &["a1"]);
    assert!(point_label(&harness, "a1").starts_with("a1, dark piece"));
    let too_big = "Dark has 6 in hand and 1 on the board: more than the 6 pieces a side has.";
    harness.get_by_label(too_big);
    click(&mut harness, "Play as Dark");
    assert!(
        harness.state().session().editor().is_some(),
        "refused: still editing"
    );
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    harness.get_by_label("黑方手里 6 枚、盘上 1 枚，超过了每方的 6 枚。");
    harness.state_mut().set_lang(Lang::En);
    harness.run();
    click(&mut harness, "Dark: one fewer in hand");
    harness.get_by_label("This position can be played.");
    // Light's pieces by the palette, then the hands to match: light has lost a piece
    // before dark could make a mill — refused, and why.
    click(&mut harness, "Light");
    tap(&mut harness, &["b2", "c4"]);
    click(&mut harness, "Light: one fewer in hand");
    click(&mut harness, "Light: one fewer in hand");
    click(&mut harness, "Light: one fewer in hand");
    let lost =
        "Light has lost 1 piece, but Dark has placed too few pieces to have taken more than 0.";
    harness.get_by_label(lost);
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    harness.get_by_label("白方已经少了 1 枚，可黑方放下的棋子太少，最多只能吃掉 0 枚。");
    harness.state_mut().set_lang(Lang::En);
    harness.run();
    click(&mut harness, "Light: one more in hand");
    click(&mut harness, "Light moves");
    harness.get_by_label("This position can be played.");
    click(&mut harness, "Two players");
    let app = harness.state();
    assert!(app.session().editor().is_none());
    assert_eq!(app.game().start_text(), "x......o.......o.. o 5 4");
    assert_eq!(app.session().human(), None);
    // Light places on c1 by a tap, as in any game.
    tap(&mut harness, &["c1"]);
    assert_eq!(harness.state().game().ply_texts(), ["c1"]);
    assert_eq!(
        harness.state().game().position_text(),
        "x......o....o..o.. x 5 3"
    );
}

#[test]
fn editor_sets_up_an_earthen_cannon_position_and_plays_it_against_the_computer() {
    let (mut harness, _clock) = app_with(GameId::Cannon);
    // A move first: playing the set-up will ask before it replaces this game.
    tap(&mut harness, &["c6", "c5"]);
    wait_until(&mut harness, "the computer's reply", |app| {
        app.game().len() >= 2
    });
    click(&mut harness, "Set up");
    click(&mut harness, "Clear the board");
    harness.get_by_label("This game is already over here: All three cannons are gone.");
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    harness.get_by_label("这个局面已经分出结果：3 枚土炮已全部被拿掉。");
    harness.state_mut().set_lang(Lang::En);
    harness.run();
    // A cannon on a1 boxed in by soldiers on b1 and a2: no game gets there.
    click(&mut harness, "Cannons");
    tap(&mut harness, &["a1", "c6"]);
    click(&mut harness, "Soldiers");
    tap(&mut harness, &["b1", "a2", "c3", "c2"]);
    let boxed = "The cannon on a1 is boxed in: the rules remove such a cannon at once, so no game gets here.";
    harness.get_by_label(boxed);
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    harness.get_by_label("a1 上的土炮被围死了：规则会立刻移除这样的炮，真实对局到不了这里。");
    harness.state_mut().set_lang(Lang::En);
    harness.run();
    click(&mut harness, "Nothing");
    tap(&mut harness, &["a1"]);
    assert!(point_label(&harness, "a1").starts_with("a1, empty"));
    harness.get_by_label("This position can be played.");
    click(&mut harness, "Play as Cannons");
    // The game with moves is not thrown away without asking.
    harness.get_by_label("Replace your game in progress with this position?");
    click(&mut harness, "Replace it");
    let app = harness.state();
    assert!(app.session().editor().is_none());
    assert_eq!(
        app.game().start_text(),
        ".o...o.o....o..............x.. x -"
    );
    assert_eq!(app.session().human(), Some(qipan_engine::games::Side::X));
    tap(&mut harness, &["c6", "c5"]);
    assert_eq!(harness.state().game().ply_texts()[0], "c6-c5");
    wait_until(&mut harness, "the computer's reply", |app| {
        app.game().len() >= 2
    });
}

#[test]
fn editor_keys_put_pieces_and_back_to_the_game_leaves_it_as_it_was() {
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    let before = harness.state().game().position_text();
    click(&mut harness, "Set up");
    // The first arrow puts the focus in the middle (c, empty); Enter cycles what stands
    // there.
    harness.key_press(egui::Key::ArrowUp);
    harness.run();
    assert!(point_label(&harness, "c").starts_with("c (centre), empty"));
    harness.key_press(egui::Key::Enter);
    harness.run();
    let after: String = point_label(&harness, "c");
    assert!(
        !after.starts_with("c (centre), empty"),
        "Enter put a piece on the focus: {after}"
    );
    // Four pieces of one side: refused, with the reason.
    assert!(harness
        .state()
        .session()
        .editor()
        .is_some_and(|e| e.verdict().is_err()));
    click(&mut harness, "Back to the game");
    assert!(harness.state().session().editor().is_none());
    assert_eq!(harness.state().game().position_text(), before);
}

#[test]
fn editor_opens_on_every_game_and_a_tap_changes_every_point() {
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    for game in GameId::ALL {
        harness.state_mut().send(Command::PickGame(game));
        harness.run();
        if harness.state().session().editor().is_none() {
            click(&mut harness, "Set up");
        }
        let editor = harness.state().session().editor().expect("open");
        assert_eq!(editor.variant().game, game);
        assert_eq!(editor.shape().names, point_names(game), "{game:?}");
        click(&mut harness, "Clear the board");
        for name in point_names(game) {
            assert!(point_label(&harness, name).contains(", empty"));
        }
        // One tap per point: each holds the game's first piece, whatever the verdict.
        let names = point_names(game);
        tap(&mut harness, &names);
        for name in &names {
            assert!(
                !point_label(&harness, name).contains(", empty"),
                "{game:?} {name}"
            );
        }
        assert!(harness
            .state()
            .session()
            .editor()
            .is_some_and(|e| e.verdict().is_err()));
    }
    click(&mut harness, "Back to the game");
    assert!(harness.state().session().editor().is_none());
}
