//! How the board shows itself to a newcomer: the coordinates of every board written on it in
//! the notation the lessons and the moves list use (a setting, kept, and on while a lesson
//! runs), the point under the pointer or the keyboard's ring named, a screen reader told
//! what a name like `tl` means; the player's own side at the bottom, against the computer
//! and online, and the Flip button; the settings saying which side the player really plays.

use crate::common::point;
use crate::lobby::{online_app, seek};
use crate::{app_with, click, point_names, Kept};
use egui::accesskit::Toggled;
use egui::epaint::Shape;
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use qipan::ui::settings::Settings;
use qipan::ui::App;
use qipan_engine::games::{blockade, cannon, push, GameId, Side};
use qipan_session::timer::ManualClock;
use qipan_session::{Command, LessonCommand};

/// Every text the last frame painted (labels, buttons and the board's own writing), each
/// whole.
fn painted_texts(harness: &Harness<'static, App>) -> Vec<String> {
    fn collect(shape: &Shape, out: &mut Vec<String>) {
        match shape {
            Shape::Text(text) => out.push(text.galley.text().to_owned()),
            Shape::Vec(shapes) => shapes.iter().for_each(|s| collect(s, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &harness.output().shapes {
        collect(&clipped.shape, &mut out);
    }
    out
}

/// What a game's board writes as its coordinates: the engine's files and ranks (rows and
/// diagonals), or where it has none, every point's name.
fn coordinates_of(game: GameId) -> Vec<&'static str> {
    let texts = |coordinates: &[qipan_engine::games::Coordinate]| {
        coordinates.iter().map(|c| c.text).collect()
    };
    match game {
        GameId::Push => texts(&push::COORDINATES),
        GameId::Blockade => texts(&blockade::COORDINATES),
        GameId::Cannon => texts(&cannon::COORDINATES),
        GameId::ShuangCheng | GameId::Maddell => point_names(game),
    }
}

/// Which of `texts` the last frame painted on its own.
fn painted<'t>(harness: &Harness<'static, App>, texts: &[&'t str]) -> Vec<&'t str> {
    let seen = painted_texts(harness);
    texts
        .iter()
        .copied()
        .filter(|t| seen.iter().any(|s| s == t))
        .collect()
}

#[test]
fn every_board_writes_its_coordinates_as_the_notation_spells_them_until_turned_off() {
    for game in GameId::ALL {
        let (mut harness, _clock) = app_with(game);
        let coordinates = coordinates_of(game);
        assert_eq!(
            painted(&harness, &coordinates),
            coordinates,
            "{game:?}: every coordinate on the board"
        );
        click(&mut harness, "Coordinates on the board");
        harness.run();
        assert_eq!(
            painted(&harness, &coordinates),
            Vec::<&str>::new(),
            "{game:?}: off"
        );
        assert!(!harness.state().settings().coordinates, "kept off");
    }
}

#[test]
fn a_lesson_shows_the_coordinates_it_names_even_when_they_are_off() {
    let (mut harness, _clock) = app_with(GameId::Push);
    click(&mut harness, "Coordinates on the board");
    harness.run();
    let coordinates = coordinates_of(GameId::Push);
    assert!(painted(&harness, &coordinates).is_empty());
    let course = qipan_engine::lessons::course(GameId::Push).expect("the course");
    let first = course
        .lessons
        .first()
        .map(|l| l.id.clone())
        .expect("a lesson");
    harness
        .state_mut()
        .send(Command::Lesson(LessonCommand::Start {
            game: GameId::Push,
            lesson: first,
        }));
    harness.run();
    assert!(harness.state().session().lesson().is_some());
    assert_eq!(painted(&harness, &coordinates), coordinates);
}

#[test]
fn the_choice_of_coordinates_is_kept_between_runs() {
    let mut kept = Kept::default();
    let settings = Settings {
        coordinates: false,
        ..Settings::default()
    };
    eframe::set_value(&mut kept, "qipan-settings", &settings);
    let text = kept.0.get("qipan-settings").cloned().expect("written");
    assert!(!Settings::from_stored(&text).coordinates);
    assert!(Settings::default().coordinates, "on for a newcomer");
    let clock = ManualClock::default();
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_eframe(move |cc| {
            App::from_parts(cc, settings.clone(), None, Box::new(clock.clone()))
        });
    harness.run();
    assert!(painted(&harness, &coordinates_of(GameId::Push)).is_empty());
}

#[test]
fn the_point_under_the_pointer_or_the_keyboard_is_named_over_the_board() {
    let (mut harness, _clock) = app_with(GameId::Push);
    click(&mut harness, "Coordinates on the board");
    let at = point(&harness, "C4").rect().center();
    assert!(painted(&harness, &["C4"]).is_empty());
    harness.hover_at(at);
    harness.run();
    assert_eq!(painted(&harness, &["C4"]), ["C4"], "named on hover");
    harness.hover_at(egui::pos2(2.0, 790.0));
    harness.run();
    assert!(painted(&harness, &["C4"]).is_empty());
    // The first arrow puts the keyboard's ring on the board's middle: E5.
    harness.key_press(egui::Key::ArrowUp);
    harness.run();
    assert_eq!(painted(&harness, &["E5"]), ["E5"], "named under the ring");
}

#[test]
fn a_name_that_is_a_riddle_is_read_out_with_what_it_means() {
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    harness.get_by_label("tl (top-left corner), light piece");
    harness.state_mut().set_lang(qipan::i18n::Lang::Zh);
    harness.run();
    harness.get_by_label("tl（左上角），白子");
}

/// Where point `name` is drawn, from the top of the window.
fn height_of(harness: &Harness<'static, App>, name: &str) -> f32 {
    point(harness, name).rect().center().y
}

#[test]
fn against_the_computer_the_players_side_is_at_the_bottom_and_flip_turns_it() {
    let (mut harness, _clock) = app_with(GameId::Push);
    // Dark (x) starts on rows A to C, at the bottom.
    assert!(height_of(&harness, "A1") > height_of(&harness, "I9"));
    click(&mut harness, "Light");
    // The computer opens as Dark: its move (and the status line's word of it) first, so
    // that nothing moves under the clicks below.
    crate::wait_until(&mut harness, "the computer's move", |app| {
        app.game().len() == 1 && !app.thinking()
    });
    assert_eq!(harness.state().session().human(), Some(Side::O));
    assert!(
        height_of(&harness, "A1") < height_of(&harness, "I9"),
        "Light's rows at the bottom"
    );
    click(&mut harness, "Flip board");
    assert!(
        height_of(&harness, "A1") > height_of(&harness, "I9"),
        "flipped"
    );
    click(&mut harness, "Flip board");
    assert!(
        height_of(&harness, "A1") < height_of(&harness, "I9"),
        "back"
    );
    // Left and right turn with it: A1 is Dark's left corner, on Light's right.
    assert!(point(&harness, "A1").rect().center().x > point(&harness, "A5").rect().center().x);
}

#[test]
fn online_the_seat_the_server_gave_is_at_the_bottom_and_in_the_settings() {
    let (mut harness, _clock, server) = online_app();
    crate::lobby::choose_a_name(&mut harness, &server);
    seek(&mut harness, &server);
    let start = harness.state().game().start_text();
    server.say(r#"{"type":"paired","room":"ABCDEFGH","seat":"o","token":"seat-token"}"#);
    server.say(crate::lobby::state(&start, &[], None, true, "null"));
    harness.run();
    // Shuang Cheng: Dark (x) starts on bl, bh, br; Ann plays Light (o) here.
    assert!(
        height_of(&harness, "tl") > height_of(&harness, "bl"),
        "Light's corner at the bottom"
    );
    // The wood under the turned board is drawn (a rect from two corners that swapped
    // places would have a negative size).
    let wood = harness.output().shapes.iter().any(|clipped| {
        matches!(&clipped.shape, Shape::Rect(rect)
            if rect.fill == qipan::ui::theme::BOARD_BG && rect.rect.is_positive())
    });
    assert!(wood, "the board's wood");
    let light = harness.get_by_label("Second (Light)").accesskit_node();
    assert_eq!(
        light.toggled(),
        Some(Toggled::True),
        "the settings say Light"
    );
    assert!(light.is_disabled(), "chosen by the server");
    let dark = harness.get_by_label("First (Dark)").accesskit_node();
    assert_eq!(dark.toggled(), Some(Toggled::False));
}

/// Screenshots (not a check): every game's board with its coordinates at 1280×800, 820×1180
/// and 390×844 in both languages, Push the Line played as Light (turned) with a point
/// under the pointer, and the settings, written to `$QIPAN_SHOTS/boards/` (by default a
/// folder in the system's temporary directory).
#[test]
#[ignore = "writes screenshots: cargo test --test app -- --ignored screenshots_of_boards"]
fn screenshots_of_boards() {
    use qipan::i18n::Lang;
    let dir = crate::shots_dir("boards");
    for (size_name, size) in crate::SHOT_SIZES {
        for lang in Lang::ALL {
            let mut h = crate::shot_harness(size, ManualClock::default());
            h.state_mut().set_lang(lang);
            let save = |h: &mut Harness<'static, App>, what: &str| {
                h.run();
                let image = h.render().expect("a picture");
                let name = format!("{}-{size_name}-{what}.png", lang.tag());
                image.save(dir.join(name)).expect("written");
            };
            for game in GameId::ALL {
                h.state_mut().send(Command::PickGame(game));
                h.run();
                save(&mut h, game.name());
            }
            h.state_mut().send(Command::PickGame(GameId::Push));
            h.state_mut().send(Command::SetPlayers(Some(Side::O)));
            h.run();
            let at = point(&h, "C4").rect().center();
            h.hover_at(at);
            save(&mut h, "push-as-light");
            h.state_mut().send(Command::PickGame(GameId::Blockade));
            h.state_mut().send(Command::SetPlayers(Some(Side::O)));
            h.run();
            save(&mut h, "blockade-as-light");
            h.state_mut().send(Command::PickGame(GameId::Push));
            h.state_mut().send(Command::SetPlayers(Some(Side::X)));
            h.run();
            if size[0] < 1000.0 {
                let settings = if lang == Lang::En {
                    "Game Settings"
                } else {
                    "对局设置"
                };
                if let Some(tab) = h.get_all_by_label(settings).next() {
                    tab.click();
                }
                h.run();
                save(&mut h, "settings");
            }
        }
    }
}
