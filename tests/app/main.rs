//! The app driven through its real widgets with egui_kittest, one module per feature, all in
//! one test binary (one link): the helpers its modules share are here, the board-tapping ones
//! (shared with the snapshot tests) in `tests/common/`.

#[path = "../common/mod.rs"]
mod common;

mod about;
mod accessibility;
mod answers;
mod board_looks;
mod clock;
mod coach;
mod correspondence;
mod editor;
mod language;
mod layouts;
mod learning;
mod lessons;
mod lobby;
mod locales;
mod perfect_play;
mod play;
mod puzzles;
mod refusals;
mod saves_and_links;
mod soak;
mod sound;
mod stored_state;
mod ui_imports;
mod words_and_layout;

use common::tap;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipan::ui::App;
use qipan_engine::ai::Level;
use qipan_engine::games::GameId;
use qipan_session::timer::ManualClock;
use qipan_session::Command;
use std::time::{Duration, Instant};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A fresh app (default settings, no storage) on a manual clock, playing `game` on Easy.
fn app_with(game: GameId) -> (Harness<'static, App>, ManualClock) {
    let clock = ManualClock::default();
    let mut harness = fresh_app([1280.0, 800.0], clock.clone());
    harness.state_mut().send(Command::SetLevel(Level::Easy));
    harness.state_mut().send(Command::PickGame(game));
    harness.run();
    (harness, clock)
}

/// A fresh app (default settings, no storage) of `size` on `clock`, its moves not gliding.
fn fresh_app(size: [f32; 2], clock: ManualClock) -> Harness<'static, App> {
    let mut harness = Harness::builder()
        .with_size(size)
        .with_max_steps(64)
        .build_eframe(move |cc| App::with_clock(cc, Box::new(clock)));
    harness.state_mut().set_animations(false);
    harness
}

/// An app at `size` on `clock`, drawn by wgpu (lavapipe) for pictures, with no cursor and
/// its moves not gliding; the game as the app opens it.
fn shot_harness(size: [f32; 2], clock: ManualClock) -> Harness<'static, App> {
    let mut harness = Harness::builder()
        .with_size(size)
        .with_max_steps(64)
        .with_render_cursor(false)
        .wgpu()
        .build_eframe(move |cc| App::with_clock(cc, Box::new(clock)));
    harness.state_mut().set_animations(false);
    harness
}

/// Storage that keeps what the app writes (for a restart).
#[derive(Default)]
struct Kept(std::collections::HashMap<String, String>);
impl eframe::Storage for Kept {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_owned(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

/// Steps the app (in real time, for the computer's thread) until `done` holds.
fn wait_until(harness: &mut Harness<'static, App>, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(harness.state()) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out waiting for {what}"
        );
        harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    harness.run();
}

fn seen_containing(harness: &Harness<'_, App>, text: &str) {
    assert!(
        harness.get_all_by_label_contains(text).next().is_some(),
        "nothing says {text:?}"
    );
}

/// Clicks the widget labelled `label` (the only one) and lets the app draw.
fn click(harness: &mut Harness<'static, App>, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

/// Brings the widget named `label` into view and clicks it.
fn press(harness: &mut Harness<'static, App>, label: &str) {
    common::click_in_view(harness, label);
    harness.run();
}

/// The board point names of a game, as its painter names the point widgets.
fn point_names(game: GameId) -> Vec<&'static str> {
    use qipan_engine::games::{blockade, cannon, maddell, push, shuangcheng};
    match game {
        GameId::Push => push::CELL_NAMES.to_vec(),
        GameId::ShuangCheng => shuangcheng::POINT_NAMES.to_vec(),
        GameId::Maddell => maddell::POINT_NAMES.to_vec(),
        GameId::Blockade => blockade::POINT_NAMES.to_vec(),
        GameId::Cannon => cannon::POINT_NAMES.to_vec(),
    }
}

/// Taps `text`'s move on Push the Line's board: its group's cells, then its first
/// destination that is not part of the group (the cell ahead, or a broadside target).
fn tap_push_move(harness: &mut Harness<'static, App>, text: &str) {
    use qipan_engine::games::push::{Push, CELLS, CELL_NAMES};
    use qipan_engine::games::Game;
    let pos = Push
        .parse_position(&harness.state().game().position_text())
        .expect("the board's position");
    let mv = Push.parse_move(&pos, text).expect("a legal move");
    let cells = |mask: u64| (0..CELLS).filter(move |&c| mask & (1 << c) != 0);
    for c in cells(mv.cells()) {
        tap(harness, &[CELL_NAMES[c]]);
    }
    let to = cells(mv.destinations() & !mv.cells())
        .next()
        .expect("a destination");
    tap(harness, &[CELL_NAMES[to]]);
}

/// The three sizes every screenshot writer draws: a desktop, an upright tablet, a phone.
const SHOT_SIZES: [(&str, [f32; 2]); 3] = [
    ("desktop", [1280.0, 800.0]),
    ("tablet", [820.0, 1180.0]),
    ("phone", [390.0, 844.0]),
];

/// The folder a screenshot writer fills: `$QIPAN_SHOTS/NAME/` (default: a folder in the
/// system's temporary folder, outside the repository), emptied first.
fn shots_dir(name: &str) -> std::path::PathBuf {
    let base = std::env::var_os("QIPAN_SHOTS").map_or_else(
        || std::env::temp_dir().join("qipan-shots"),
        std::path::PathBuf::from,
    );
    let dir = base.join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the screenshot folder");
    dir
}

/// An app of `size` drawn by wgpu (lavapipe) for pictures: Shuang Cheng between two people
/// at the screen, on Easy, on a manual clock, with no cursor and no animation.
fn shot_app(size: [f32; 2]) -> (Harness<'static, App>, ManualClock) {
    let clock = ManualClock::default();
    let mut harness = shot_harness(size, clock.clone());
    harness.state_mut().send(Command::SetLevel(Level::Easy));
    harness
        .state_mut()
        .send(Command::PickGame(GameId::ShuangCheng));
    harness.state_mut().send(Command::SetPlayers(None));
    harness.run();
    (harness, clock)
}

/// Where a screenshot writer puts its pictures, numbered in order: `LANG-SIZE-NN-STATE.png`.
struct Shots {
    dir: std::path::PathBuf,
    size: &'static str,
    taken: usize,
}

impl Shots {
    fn new(dir: &std::path::Path, size: &'static str) -> Shots {
        let dir = dir.to_path_buf();
        Shots {
            dir,
            size,
            taken: 0,
        }
    }

    /// The app as it is, in both languages, scrolled to the widget named `show` (in each
    /// language's words) where there is one.
    fn take(&mut self, h: &mut Harness<'static, App>, state: &str, show: &str) {
        use qipan::i18n::Lang;
        for lang in Lang::ALL {
            h.state_mut().set_lang(lang);
            h.run();
            let label = if lang == Lang::En {
                show.to_owned()
            } else {
                lobby::english_to(&qipan::i18n::I18n::new(Lang::Zh), show)
            };
            let found = match h.query_all_by_label(&label).next() {
                Some(node) => {
                    node.scroll_to_me();
                    true
                }
                None => false,
            };
            if found {
                h.run();
            }
            self.taken += 1;
            let image = h.render().expect("a picture");
            let name = format!("{}-{}-{:02}-{state}.png", lang.tag(), self.size, self.taken);
            image
                .save(self.dir.join(name))
                .expect("the picture is written");
        }
        h.state_mut().set_lang(qipan::i18n::Lang::En);
        h.run();
    }
}
