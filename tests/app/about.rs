//! About Qipan, reached as a keyboard or screen-reader user reaches it: Tab from control to
//! control to its header in the settings, then Enter; it tells the version and what draws the
//! window. The app draws with a real renderer here (wgpu, on Mesa's lavapipe as the snapshot
//! tests do), recorded as the app's creators record it.

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipan::i18n::{I18n, Lang};
use qipan::msg;
use qipan::ui::App;
use qipan_session::timer::ManualClock;

/// The app at `size` in `lang`, drawn by wgpu, its renderer recorded.
fn drawn_app(size: [f32; 2], lang: Lang) -> Harness<'static, App> {
    let mut harness = Harness::builder()
        .with_size(size)
        .with_max_steps(64)
        .wgpu()
        .build_eframe(move |cc| {
            qipan::renderer::record(cc);
            let mut app = App::with_clock(cc, Box::new(ManualClock::default()));
            app.set_lang(lang);
            app
        });
    harness.run();
    harness
}

/// Presses Tab until the control labelled `label` has the keyboard focus, then Enter.
fn tab_to_and_press(harness: &mut Harness<'static, App>, label: &str) {
    for _ in 0..200 {
        if harness
            .query_by_label(label)
            .is_some_and(|n| n.is_focused())
        {
            harness.key_press(egui::Key::Enter);
            harness.run();
            return;
        }
        harness.key_press(egui::Key::Tab);
        harness.run();
    }
    panic!("Tab never reached {label:?}");
}

#[test]
fn about_is_reached_by_keyboard_and_tells_the_version_and_renderer() {
    for (size, settings_tab) in [([1280.0, 800.0], false), ([390.0, 844.0], true)] {
        for lang in Lang::ALL {
            let words = I18n::new(lang);
            let case = format!("{size:?} {lang:?}");
            let mut harness = drawn_app(size, lang);
            let renderer = qipan::renderer::renderer_in_use().expect("wgpu draws the app");
            let version = words.tr_args(
                msg!("about-version"),
                &[("version", env!("CARGO_PKG_VERSION").into())],
            );
            let renderer_line =
                words.tr_args(msg!("about-renderer"), &[("renderer", renderer.into())]);
            // Folded until asked for: the renderer line is not on the main panel.
            assert!(harness.query_by_label(&version).is_none(), "{case}");
            assert!(harness.query_by_label(&renderer_line).is_none(), "{case}");
            // On a phone the settings are a tab of their own.
            if settings_tab {
                tab_to_and_press(&mut harness, &words.tr(msg!("heading-settings")));
            }
            tab_to_and_press(&mut harness, &words.tr(msg!("about-heading")));
            assert!(
                harness.query_by_label(&version).is_some(),
                "{case}: {version}"
            );
            assert!(
                harness.query_by_label(&renderer_line).is_some(),
                "{case}: {renderer_line}"
            );
            let file = [("file", "THIRD-PARTY-LICENSES.txt".into())];
            let crates = words.tr_args(msg!("about-crates"), &file);
            assert!(
                harness.query_by_label(&crates).is_some(),
                "{case}: {crates}"
            );
        }
    }
}
