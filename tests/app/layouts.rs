//! The three arrangements: small windows show the whole board and every control, a wide one keeps
//! three columns.

use crate::common::point;
use crate::point_names;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipan::ui::App;
use qipan_engine::ai::Level;
use qipan_engine::games::GameId;
use qipan_session::timer::ManualClock;
use qipan_session::Command;

/// A fresh app of the given window size on `game` (Easy), on a manual clock.
fn app_sized(game: GameId, size: [f32; 2]) -> Harness<'static, App> {
    let clock = ManualClock::default();
    let mut harness = Harness::builder()
        .with_size(size)
        .with_max_steps(64)
        .build_eframe(move |cc| App::with_clock(cc, Box::new(clock)));
    harness.state_mut().set_animations(false);
    harness.state_mut().send(Command::SetLevel(Level::Easy));
    harness.state_mut().send(Command::PickGame(game));
    harness.run();
    harness
}

fn assert_on_screen(rect: egui::Rect, size: [f32; 2], what: &str) {
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, size.into());
    assert!(
        rect.width() > 0.0 && rect.height() > 0.0,
        "{what} has no size: {rect:?}"
    );
    assert!(
        screen.expand(0.5).contains_rect(rect),
        "{what} is off screen at {size:?}: {rect:?}"
    );
}

#[test]
fn small_windows_show_the_whole_board_and_every_control() {
    use qipan::ui::layout::Layout;
    for (size, layout) in [
        ([390.0, 844.0], Layout::Narrow),
        ([800.0, 600.0], Layout::Medium),
    ] {
        for game in GameId::ALL {
            let harness = app_sized(game, size);
            assert_eq!(harness.state().layout(), layout, "{size:?}");
            let board = harness.get_by_label("Board").rect();
            assert_on_screen(board, size, "the board");
            if layout == Layout::Narrow {
                assert!(
                    board.width() >= 0.85 * size[0],
                    "the board is {} wide of {}",
                    board.width(),
                    size[0]
                );
            }
            for name in point_names(game) {
                let point = point(&harness, name).rect();
                assert_on_screen(point, size, name);
                // A fingertip's worth on a phone (40 CSS px, a little less for Maddell's
                // and Push the Line's dense boards is still over 36).
                assert!(point.width() >= 36.0, "{name} is {} wide", point.width());
            }
            for label in ["New game", "Undo", "Redo"] {
                assert_on_screen(harness.get_by_label(label).rect(), size, label);
            }
        }
        // Every section can be reached: a tab (or the column), then a control inside it,
        // scrolled into view.
        let mut harness = app_sized(GameId::ShuangCheng, size);
        let sections: [(&str, &str); 4] = [
            ("Games", "Earthen Cannon Chess"),
            ("Game Settings", "Master"),
            ("Moves", "Start"),
            ("Rules", "Overview"),
        ];
        for (tab, inside) in sections {
            if layout == Layout::Narrow {
                // The phone's tabs are one row that scrolls sideways.
                crate::common::click_in_view(&mut harness, tab);
            } else if tab == "Rules" {
                harness.get_by_label("Rules").click();
            } else {
                harness.get_by_label("Play").click();
            }
            harness.run();
            let node = harness
                .get_all_by_label_contains(inside)
                .next()
                .unwrap_or_else(|| panic!("{inside} under {tab} at {size:?}"));
            node.scroll_to_me();
            harness.run();
            let node = harness
                .get_all_by_label_contains(inside)
                .next()
                .unwrap_or_else(|| panic!("{inside} under {tab} at {size:?}"));
            assert_on_screen(node.rect(), size, inside);
        }
    }
}

#[test]
fn a_wide_window_keeps_three_columns() {
    let harness = app_sized(GameId::Push, [1280.0, 800.0]);
    assert_eq!(harness.state().layout(), qipan::ui::layout::Layout::Wide);
    // The rules column and the game list show at once, with no tab to pick.
    assert!(harness.query_by_label("Overview").is_some());
    assert!(harness.query_by_label("New game").is_some());
}
