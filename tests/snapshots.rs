//! Snapshot tests: the app drawn as a person sees it, compared with the reference images in
//! `tests/snapshots/` (egui_kittest's snapshots, rendered on the CPU by Mesa's lavapipe, the
//! software Vulkan driver): every game in both languages in the middle of a game on a phone
//! (390×844), each board showing its own kind of move (a Push the Line group and the piece
//! it shoves, Shuang Cheng's locked shared pieces, a Maddell mill that takes, Blockade's two-
//! and three-step targets, an Earthen Cannon capture); Push the Line's game in the other
//! layouts (wide 1280×800 and upright 820×1180 in both languages, medium 800×600); a game's
//! end; a lesson on a phone (a trap explained, the lesson's move shown). The per-game pictures are phone-sized because a wide one is ~0.3 MB of PNG (the
//! rules column's text) and the references should stay small.
//!
//! A real change to what is drawn fails here with a `.diff.png` beside the reference (the
//! differing pixels in red) and the new image as `.new.png`. When the change is meant,
//! `UPDATE_SNAPSHOTS=1 cargo test --test snapshots` rewrites the images that fail (and
//! compresses them); look at them before committing.
//!
//! Deterministic by construction: the app's clock is a manual one that never moves (the
//! turn timer shows the same time, Push the Line's rings and the markers' pulse stand
//! still), moves do not glide, both sides are played at the screen (no computer thinks, no
//! coach), and the fonts are the ones the app bundles (egui's own and the Noto Sans CJK
//! subset); the machine's fonts are never looked at.
//!
//! The references are lavapipe's pictures: another renderer (a real GPU, Metal, DirectX)
//! draws edges and blends a little differently, so these tests run on Linux only, and there
//! they insist on lavapipe (a missing driver fails them, with what to install).

#![cfg(target_os = "linux")]

mod common;

use common::{point, tap};
use eframe::egui_wgpu::wgpu;
use egui_kittest::wgpu::{create_render_state, default_wgpu_setup, WgpuTestRenderer};
use egui_kittest::{Harness, SnapshotOptions};
use qipan::i18n::Lang;
use qipan::ui::layout::Layout;
use qipan::ui::settings::Settings;
use qipan::ui::App;
use qipan_engine::ai::Level;
use qipan_engine::games::Variant;
use qipan_session::coach::CoachMode;
use qipan_session::timer::ManualClock;
use std::path::{Path, PathBuf};
use std::sync::Once;

const WIDE: [f32; 2] = [1280.0, 800.0];
const UPRIGHT: [f32; 2] = [820.0, 1180.0];
const PHONE: [f32; 2] = [390.0, 844.0];
const MEDIUM: [f32; 2] = [800.0, 600.0];

/// How different a picture may be and still pass, set from what was measured here.
///
/// The comparison (dify, as egui_kittest calls it) first leaves out pixels that look like
/// anti-aliasing in either image, then counts the pixels whose colours differ by more than
/// the threshold: a weighted squared distance in YIQ space on the 0–255 scale (black
/// against white is 35,215; a grey one level lighter is 0.5, two levels 2.0, three 4.5).
///
/// Measured: two runs on lavapipe give identical pixels. The same scenes drawn by wgpu's
/// OpenGL backend on llvmpipe (another renderer on the same machine) differ from the
/// references in 1,851 pixels, none by more than one level per channel (distance ≤ 0.51),
/// so not one of them counts even at egui_kittest's default 0.6. Two real changes, tried:
/// Blockade's pieces 3% smaller (radius 0.31 → 0.30) fail by 2,733 pixels; the board lines'
/// colour moved by 12, 8 and 5 levels (#5A432A → #664B2F) fails every image, the least by
/// 707 pixels (Push the Line, whose rim has the colour at half strength; at a threshold of
/// 10 that image would pass).
///
/// - `THRESHOLD` 3.0: six times the renderer noise measured, room for another Mesa (the
///   GitHub runner's) or driver rounding blends by up to two levels; still under what a
///   barely visible colour change gives.
/// - `MAX_FAILED_PIXELS` 10: a few stray edge pixels that the anti-aliasing test does not
///   recognise may pass; every real change tried touched hundreds. (egui_kittest's own
///   advice: more than ~10 starts to hide real changes.)
const THRESHOLD: f32 = 3.0;
const MAX_FAILED_PIXELS: usize = 10;

fn options() -> SnapshotOptions {
    SnapshotOptions::new()
        .threshold(THRESHOLD)
        .max_failed_pixels(MAX_FAILED_PIXELS)
        .output_path(snapshot_dir())
}

fn snapshot_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots")
}

/// What the snapshots need: Mesa's lavapipe, the software Vulkan driver of the references.
const NEED: &str = "the snapshot tests draw with Mesa's lavapipe (software Vulkan): \
    install it with `apt-get install mesa-vulkan-drivers libvulkan1` (.ci/run does)";

/// A renderer on lavapipe, or a failure that says what is missing. Never a quiet skip.
fn renderer() -> WgpuTestRenderer {
    let state = std::panic::catch_unwind(|| {
        create_render_state(
            default_wgpu_setup(),
            eframe::egui_wgpu::RendererOptions::PREDICTABLE,
        )
    })
    .unwrap_or_else(|_| panic!("no graphics adapter at all: {NEED}"));
    let info = state.adapter.get_info();
    static SAID: Once = Once::new();
    SAID.call_once(|| {
        eprintln!(
            "snapshots: drawing with {:?} · {} ({})",
            info.backend, info.name, info.driver_info
        );
    });
    assert!(
        info.backend == wgpu::Backend::Vulkan && info.device_type == wgpu::DeviceType::Cpu,
        "the adapter found is {:?} {:?} '{}': {NEED}",
        info.backend,
        info.device_type,
        info.name
    );
    WgpuTestRenderer::from_render_state(state)
}

/// A game as the app keeps it: its variant (`blockade:solidarity`), start position text
/// and plies from there, played by two people at the screen.
struct Game {
    variant: &'static str,
    start: &'static str,
    plies: &'static [&'static str],
}

/// The app of `size` in `lang` with `game` on the board, restored as if from the last run,
/// on a clock that stands still, with animations off from its first frame.
fn app(size: [f32; 2], lang: Lang, game: &Game) -> Harness<'static, App> {
    let variant = Variant::parse(game.variant).expect("a game id");
    let settings = Settings {
        lang: Some(lang),
        level: Level::Easy,
        game: variant.game,
        solidarity: variant.solidarity,
        two_players: true,
        // The coach searches in the background when it is on: off, as by default.
        coach: CoachMode::Off,
        ..Settings::default()
    };
    let plies: Vec<String> = game.plies.iter().map(|p| format!("{p:?}")).collect();
    let shelf = format!(
        r#"{{"version":1,"games":[{{"format":"qipan-game","version":1,"game":"{}","start":"{}","human":"both","plies":[{}],"cursor":{},"clock_used":0}}]}}"#,
        game.variant,
        game.start,
        plies.join(","),
        game.plies.len()
    );
    let mut harness = Harness::builder()
        .with_size(size)
        .with_max_steps(64)
        // kittest would draw its own mouse pointer where the last tap was: not the app's.
        .with_render_cursor(false)
        .renderer(renderer())
        .build_eframe(move |cc| {
            let mut app =
                App::from_parts(cc, settings, Some(shelf), Box::new(ManualClock::default()));
            app.set_animations(false);
            app
        });
    harness.run();
    let app = harness.state();
    assert_eq!(
        app.notice_text(),
        None,
        "the game replays: {}",
        game.variant
    );
    assert_eq!(app.game().ply_texts(), game.plies, "{}", game.variant);
    assert!(!app.thinking());
    harness
}

/// The snapshots that did not match, gathered so that one run names them all; the test
/// fails when it ends with any.
#[derive(Default)]
struct Mismatches(Vec<String>);

impl Mismatches {
    /// Compares the window with `tests/snapshots/{name}.png`.
    fn check(&mut self, harness: &mut Harness<'static, App>, name: &str) {
        assert!(!harness.state().thinking(), "{name}: no computer may think");
        let result = harness.try_snapshot_options(name, &options());
        if updating() {
            compress(&snapshot_dir().join(format!("{name}.png")));
        }
        if let Err(error) = result {
            self.0.push(error.to_string());
        }
    }
}

impl Drop for Mismatches {
    fn drop(&mut self) {
        if !self.0.is_empty() && !std::thread::panicking() {
            panic!(
                "{} snapshot(s) differ:\n{}",
                self.0.len(),
                self.0.join("\n")
            );
        }
    }
}

/// `UPDATE_SNAPSHOTS` as egui_kittest reads it.
fn updating() -> bool {
    std::env::var("UPDATE_SNAPSHOTS")
        .is_ok_and(|v| matches!(v.as_str(), "1" | "true" | "yes" | "on" | "force"))
}

/// Rewrites a reference image as small as the PNG encoder makes it (egui_kittest writes a
/// quick one): the best compression, and RGB without the alpha channel when every pixel is
/// opaque (as the app's window is). The pixels stay exactly as they were; the comparison
/// reads either kind. A file that is already smaller stays untouched.
fn compress(path: &Path) {
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    use image::{ExtendedColorType, ImageEncoder};
    let Ok(bytes) = std::fs::read(path) else {
        return;
    };
    let pixels = image::load_from_memory(&bytes)
        .expect("a PNG that egui_kittest wrote")
        .to_rgba8();
    let (width, height) = pixels.dimensions();
    let opaque = pixels.pixels().all(|p| p.0[3] == u8::MAX);
    let (raw, kind) = if opaque {
        let rgb: Vec<u8> = pixels
            .pixels()
            .flat_map(|p| [p.0[0], p.0[1], p.0[2]])
            .collect();
        (rgb, ExtendedColorType::Rgb8)
    } else {
        (pixels.into_raw(), ExtendedColorType::Rgba8)
    };
    let mut smaller = Vec::new();
    PngEncoder::new_with_quality(&mut smaller, CompressionType::Best, FilterType::Adaptive)
        .write_image(&raw, width, height, kind)
        .expect("PNG encoding");
    if smaller.len() < bytes.len() {
        std::fs::write(path, smaller).expect("write the compressed snapshot");
    }
}

fn name(scene: &str, lang: Lang) -> String {
    format!("{scene}-{}", lang.tag())
}

// The games, each some plies into a game from its usual start (medium against medium, as
// `qipan-cli bestmove` played them), with a move of the board's own kind ready to show.

/// Dark to move; a tap on Light's F7 picks the group that can shove it, C4 D5 E6 (push by
/// target: no part of that group can move on its own, so it cannot be built tap by tap).
const PUSH: Game = Game {
    variant: "push",
    start: "xxxxxxxxxxx..xxx.............................ooo..ooooooooooo x",
    plies: &[
        "A1B2C3-NE",
        "G5H5I5-SE",
        "B5C5-NW",
        "G7H8I9-SW",
        "A5B6-NW",
        "F5G5H5-SE",
        "B1-NE",
        "I6-SW",
        "A3B4C5-NE",
        "H9-SW",
        "C6D6-NW",
        "G7H7I7-SE",
    ],
};
const PUSH_TAPS: &[&str] = &["F7"];

/// Light has just moved a shared piece: Dark may not move either of them now.
const SHUANGCHENG: Game = Game {
    variant: "shuangcheng",
    start: "ooos.sxxx x 0",
    plies: &["bh-c", "l-bh", "bl-l", "bh-bl"],
};

/// Dark to place on a5, which closes a mill (a4 a5 a6) and takes.
const MADDELL: Game = Game {
    variant: "maddell",
    start: ".................. x 6 6",
    plies: &["b2", "b6", "b1", "b3", "a2", "c2", "a1", "a3", "a6", "c4"],
};

/// Dark's b4 has a two-step move (b2) and a three-step one (b1).
const BLOCKADE: Game = Game {
    variant: "blockade",
    start: "xxxxxx...x.....o...oooooo x",
    plies: &["b1-b4", "d5-d2", "c1-c3", "c5-e3", "c3-c5", "e4-c4"],
};

/// The cannon on e4 can take the soldier on e2 over the one on e3.
const CANNON: Game = Game {
    variant: "cannon",
    start: "ooooooooooooooo...........xxx. x -",
    plies: &[
        "d6-d5", "d3-d4", "b6-b5", "b3-b4", "d5-e5", "e3-d3", "e5-e4", "b4-a4",
    ],
};

/// Each game in both languages on a phone (the status line, the board at the full width,
/// the actions, the tabs), with the board showing what it shows mid-move: a Push the Line
/// group and the piece it shoves, Shuang Cheng's locked shared pieces (and the reason, on
/// hover), a Maddell mill and the pieces it may take, Blockade's two- and three-step
/// targets, an Earthen Cannon capture.
#[test]
fn every_game_mid_move_in_both_languages() {
    let games: [(&str, &Game, &[&str], Option<&str>); 5] = [
        ("push", &PUSH, PUSH_TAPS, None),
        ("shuangcheng", &SHUANGCHENG, &["l"], Some("r")),
        ("maddell", &MADDELL, &["a5"], None),
        ("blockade", &BLOCKADE, &["b4"], None),
        ("cannon", &CANNON, &["e4"], None),
    ];
    // A sixth game must get its picture: the list covers the registry.
    for id in qipan_engine::games::GameId::ALL {
        assert!(
            games.iter().any(|(scene, ..)| *scene == id.name()),
            "no snapshot of {}",
            id.name()
        );
    }
    let mut snapshots = Mismatches::default();
    for lang in Lang::ALL {
        for (scene, game, taps, hover) in games {
            let mut harness = app(PHONE, lang, game);
            assert_eq!(harness.state().layout(), Layout::Narrow);
            tap(&mut harness, taps);
            if let Some(name) = hover {
                point(&harness, name).hover();
                harness.run();
            }
            snapshots.check(&mut harness, &name(&format!("phone-{scene}"), lang));
        }
    }
}

/// The other layouts of Push the Line's game, in both languages: the wide window's three
/// columns (games and settings, board, rules) and an upright tablet's page; the small
/// landscape window (the board beside one column) in English.
#[test]
fn every_layout_in_both_languages() {
    let mut snapshots = Mismatches::default();
    for (scene, size, layout, langs) in [
        ("wide-push", WIDE, Layout::Wide, &Lang::ALL[..]),
        ("upright-push", UPRIGHT, Layout::Narrow, &Lang::ALL[..]),
        ("medium-push", MEDIUM, Layout::Medium, &[Lang::En][..]),
    ] {
        for &lang in langs {
            let mut harness = app(size, lang, &PUSH);
            assert_eq!(harness.state().layout(), layout, "{scene}");
            tap(&mut harness, PUSH_TAPS);
            snapshots.check(&mut harness, &name(scene, lang));
        }
    }
}

/// A finished game: the banner that names the winner and why (Light is down to two pieces).
#[test]
fn the_end_of_a_game() {
    let over = Game {
        variant: "maddell",
        start: "xxx...oo.......... x 0 0",
        plies: &[],
    };
    let mut harness = app(WIDE, Lang::Zh, &over);
    assert!(harness.state().game().status().is_over());
    Mismatches::default().check(&mut harness, "wide-maddell-over-zh-CN");
}

/// The board editor at every size in both languages: Maddell's set-up from its game (the
/// hands, the verdict, Play and Copy), and on a phone an Earthen Cannon set-up refused with
/// its reason (a cannon boxed in), and Push the Line's hexagon.
#[test]
fn the_board_editor_at_every_size_in_both_languages() {
    use qipan_engine::games::setup::Piece;
    use qipan_session::editor::{EditorCommand, Fill};
    use qipan_session::Command;
    let mut snapshots = Mismatches::default();
    for lang in Lang::ALL {
        for (scene, size) in [
            ("editor-wide-maddell", WIDE),
            ("editor-upright-maddell", UPRIGHT),
            ("editor-phone-maddell", PHONE),
        ] {
            let mut harness = app(size, lang, &MADDELL);
            harness
                .state_mut()
                .send(Command::Editor(EditorCommand::Open(Fill::Current)));
            harness.run();
            assert!(harness.state().session().editor().is_some(), "{scene}");
            snapshots.check(&mut harness, &name(scene, lang));
        }
        // Push the Line's hexagon, drawn by the editor itself.
        let mut harness = app(PHONE, lang, &PUSH);
        harness
            .state_mut()
            .send(Command::Editor(EditorCommand::Open(Fill::Current)));
        harness.run();
        snapshots.check(&mut harness, &name("editor-phone-push", lang));
        let mut harness = app(PHONE, lang, &CANNON);
        harness
            .state_mut()
            .send(Command::Editor(EditorCommand::Open(Fill::Current)));
        harness.run();
        // From the start, c6's cannon moved onto a1's soldier: boxed in by b1 and a2.
        harness
            .state_mut()
            .send(Command::Editor(EditorCommand::Fill(Fill::Start)));
        for (point, piece) in [(27, None), (0, Some(Piece::X))] {
            harness
                .state_mut()
                .send(Command::Editor(EditorCommand::Put(point, piece)));
        }
        harness.run();
        let editor = harness.state().session().editor().expect("open");
        assert!(editor.verdict().is_err());
        snapshots.check(&mut harness, &name("editor-phone-cannon", lang));
    }
}

/// A lesson on a phone in both languages: Push the Line's standoff, the trap tried by taps
/// (two against two) and explained in its own words under the board, the lesson's move
/// shown on the board.
#[test]
fn a_lesson_on_a_phone_in_both_languages() {
    use qipan_session::{Command, LessonCommand};
    let mut snapshots = Mismatches::default();
    for lang in Lang::ALL {
        let mut harness = app(PHONE, lang, &PUSH);
        harness
            .state_mut()
            .send(Command::Lesson(LessonCommand::Start {
                game: qipan_engine::games::GameId::Push,
                lesson: "standoff".into(),
            }));
        harness.run();
        tap(&mut harness, &["D4", "E5", "F6"]);
        harness
            .state_mut()
            .send(Command::Lesson(LessonCommand::ShowMe));
        harness.run();
        let run = harness
            .state()
            .session()
            .lesson()
            .expect("the lesson is on");
        assert!(run.said().is_some(), "the trap was tried");
        snapshots.check(&mut harness, &name("phone-lesson-push", lang));
    }
}
