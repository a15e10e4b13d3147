//! The language the app opens in: the system's (the browser's) for a new player, any Chinese
//! giving Chinese; the player's own choice once they make one, kept between runs; `--lang`
//! over both. Each case starts the app as eframe does, with the system's languages given,
//! and reads its very first frame.

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipan::i18n::{I18n, Lang};
use qipan::msg;
use qipan::ui::settings::Settings;
use qipan::ui::App;
use qipan_session::timer::ManualClock;
use std::collections::BTreeMap;

/// eframe's storage in memory: what the app keeps, for the next start to read.
#[derive(Default)]
struct Kept(BTreeMap<String, String>);

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

impl Kept {
    /// Settings kept as eframe keeps them, the language given as its stored text.
    fn with_lang(lang_field: &str) -> Kept {
        let text = ron::to_string(&Settings::default()).expect("RON");
        assert!(text.contains("lang:None"), "{text}");
        let text = text.replace("lang:None", lang_field);
        Kept(BTreeMap::from([("qipan-settings".to_owned(), text)]))
    }
}

/// The app as eframe starts it, from `kept`, on a system that prefers `locales`; `--lang`
/// applied as `main` applies it, before the first frame. The first frame is drawn.
fn start<'a>(kept: &'a Kept, locales: &[&str], command_line: Option<Lang>) -> Harness<'a, App> {
    let locales: Vec<String> = locales.iter().map(|l| l.to_string()).collect();
    Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(64)
        .build_eframe(move |cc| {
            cc.storage = Some(kept);
            let mut app = App::with_locales(cc, Box::new(ManualClock::default()), &locales);
            if let Some(lang) = command_line {
                app.set_lang(lang);
            }
            app
        })
}

/// The first frame speaks `lang`: the language the words come in, and headings on screen in
/// it and not in the other.
fn first_frame_in(harness: &Harness<'_, App>, lang: Lang, case: &str) {
    assert_eq!(harness.state().i18n().lang(), lang, "{case}");
    for shown in Lang::ALL {
        let words = I18n::new(shown);
        for heading in [msg!("heading-settings"), msg!("action-undo")] {
            let found = harness.query_by_label(&words.tr(heading)).is_some();
            assert_eq!(found, shown == lang, "{case}: {:?} in {shown:?}", heading.0);
        }
    }
}

#[test]
fn a_new_player_starts_in_the_system_language() {
    let nothing_kept = Kept::default();
    for (system, lang) in [
        ("zh-CN", Lang::Zh),
        ("zh-TW", Lang::Zh),
        ("zh-HK", Lang::Zh),
        ("en-GB", Lang::En),
        ("fr-FR", Lang::En),
    ] {
        let harness = start(&nothing_kept, &[system], None);
        first_frame_in(&harness, lang, system);
        // Following the system is no choice: nothing is kept as one.
        assert_eq!(harness.state().settings().lang, None, "{system}");
    }
}

#[test]
fn a_language_chosen_before_wins_over_the_system() {
    for (kept, system, lang) in [
        ("lang:Some(r#en-US)", "zh-CN", Lang::En),
        ("lang:Some(r#en-US)", "zh-HK", Lang::En),
        ("lang:Some(r#zh-CN)", "en-GB", Lang::Zh),
        ("lang:Some(r#zh-CN)", "fr-FR", Lang::Zh),
    ] {
        let kept = Kept::with_lang(kept);
        let harness = start(&kept, &[system], None);
        first_frame_in(
            &harness,
            lang,
            &format!("{kept:?} on {system}", kept = kept.0),
        );
    }
}

/// On a Chinese system the app opens in Chinese; the player picks English in the settings;
/// the next start, on the same system, is in English from its first frame.
#[test]
fn english_picked_on_a_chinese_system_is_kept() {
    let mut kept = Kept::default();
    let mut harness = start(&kept, &["zh-CN"], None);
    first_frame_in(&harness, Lang::Zh, "a new player on zh-CN");
    harness.get_by_label("English").click();
    harness.run();
    assert_eq!(harness.state().settings().lang, Some(Lang::En));
    let mut saved = Kept::default();
    eframe::App::save(harness.state_mut(), &mut saved);
    drop(harness);
    kept = saved;
    let harness = start(&kept, &["zh-CN"], None);
    first_frame_in(
        &harness,
        Lang::En,
        "English picked, then started again on zh-CN",
    );
}

/// Settings kept before the choice was kept apart from the default: Chinese there was a
/// choice and stays; English may have been the default, and the system's language decides.
#[test]
fn a_language_kept_by_an_older_version() {
    for (kept, system, lang) in [
        ("lang:r#zh-CN", "en-GB", Lang::Zh),
        ("lang:r#en-US", "zh-CN", Lang::Zh),
        ("lang:r#en-US", "fr-FR", Lang::En),
    ] {
        let kept = Kept::with_lang(kept);
        let harness = start(&kept, &[system], None);
        first_frame_in(&harness, lang, &format!("{:?} on {system}", kept.0));
    }
}

/// `--lang` opens the app in its language over the player's choice and the system's, for
/// that run: the choice stays as it was kept.
#[test]
fn the_command_line_language_wins_over_both() {
    for (chosen, system, command_line) in
        [(Lang::Zh, "zh-CN", Lang::En), (Lang::En, "en-GB", Lang::Zh)]
    {
        let kept = Kept::with_lang(&format!("lang:Some(r#{})", chosen.tag()));
        let harness = start(&kept, &[system], Some(command_line));
        first_frame_in(&harness, command_line, &format!("--lang {command_line:?}"));
        assert_eq!(harness.state().settings().lang, Some(chosen));
    }
}
