//! Random, cut and mutated settings and kept games through the app's real start-up from storage: no
//! panic, every undamaged field and game kept.

use crate::app_with;
use crate::common::tap;
use crate::tap_push_move;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use proptest::prelude::*;
use qipan::i18n::Lang;
use qipan::ui::settings::{HumanSide, Settings};
use qipan::ui::App;
use qipan_engine::ai::Level;
use qipan_engine::games::GameId;
use qipan_session::timer::ManualClock;
use qipan_session::{CoachMode, Command};

/// What eframe's storage hands the app at start-up, under the app's two keys.
struct Stored {
    settings: Option<String>,
    games: Option<String>,
    progress: Option<String>,
}
impl eframe::Storage for Stored {
    fn get_string(&self, key: &str) -> Option<String> {
        match key {
            "qipan-settings" => self.settings.clone(),
            "qipan-games" => self.games.clone(),
            "qipan-progress" => self.progress.clone(),
            _ => None,
        }
    }
    fn set_string(&mut self, _key: &str, _value: String) {}
    fn remove_string(&mut self, _key: &str) {}
    fn flush(&mut self) {}
}

/// The app as eframe starts it from `stored` (settings and kept games), on a manual clock.
/// The notice may quote damaged text (an unknown game's name with any character in it):
/// the app then draws a box for a character that no font has, egui's default, where the
/// harness would panic.
fn app_from_storage(stored: &Stored) -> Harness<'_, App> {
    Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(64)
        .allow_missing_glyphs()
        .build_eframe(move |cc| {
            cc.storage = Some(stored);
            App::with_clock(cc, Box::new(ManualClock::default()))
        })
}

/// The RON text of each field, in the struct's order, as `eframe::set_value` writes it.
fn ron_fields(s: &Settings) -> Vec<(&'static str, String)> {
    fn ron<T: serde::Serialize>(value: &T) -> String {
        ron::ser::to_string(value).expect("RON")
    }
    let fields = vec![
        ("lang", ron(&s.lang)),
        ("level", ron(&s.level)),
        ("game", ron(&s.game)),
        ("human", ron(&s.human)),
        ("two_players", ron(&s.two_players)),
        ("solidarity", ron(&s.solidarity)),
        ("push_rounds", ron(&s.push_rounds)),
        ("save_path", ron(&s.save_path)),
        ("coach", ron(&s.coach)),
        ("notifications", ron(&s.notifications)),
        ("coordinates", ron(&s.coordinates)),
        ("sound", ron(&s.sound)),
        ("volume", ron(&s.volume)),
        ("untimed", ron(&s.untimed)),
    ];
    // Every field is listed: the pieces make exactly what eframe stores.
    assert_eq!(join(&fields), ron(s), "a field of Settings is missing here");
    fields
}

fn join(fields: &[(&str, String)]) -> String {
    let inner: Vec<String> = fields.iter().map(|(n, v)| format!("{n}:{v}")).collect();
    format!("({})", inner.join(","))
}

/// The fields as a JSON object, to compare them one by one.
fn json(s: &Settings) -> serde_json::Map<String, serde_json::Value> {
    match serde_json::to_value(s).expect("JSON") {
        serde_json::Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

fn any_settings() -> impl Strategy<Value = Settings> {
    (
        prop::option::of(prop::sample::select(Lang::ALL.to_vec())),
        prop::sample::select(Level::ALL.to_vec()),
        prop::sample::select(GameId::ALL.to_vec()),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<u32>(),
        prop::sample::select(CoachMode::ALL.to_vec()),
        // Commas, brackets, quotes and backslashes in the path test the field splitter.
        "[a-z0-9 ,()\\[\\]\"\\\\/.:#-]{0,24}",
        // The board's coordinates, the sounds and their volume.
        (any::<bool>(), any::<bool>(), 0u8..=100),
    )
        .prop_map(
            |(lang, level, game, o, two, solidarity, push_rounds, coach, save_path, looks)| {
                let (coordinates, sound, volume) = looks;
                Settings {
                    lang,
                    level,
                    game,
                    human: if o { HumanSide::O } else { HumanSide::X },
                    two_players: two,
                    solidarity,
                    push_rounds,
                    save_path,
                    coach,
                    notifications: push_rounds % 2 == 0,
                    coordinates,
                    sound,
                    volume,
                    untimed: push_rounds % 3 == 0,
                }
            },
        )
}

/// A value that is no field's value here, or not this field's: an unknown name, a
/// number out of range, a string where a flag goes, brackets, nothing at all. Each is
/// shaped like one RON value (no top-level comma), as a damaged or older file has them.
fn junk_value() -> impl Strategy<Value = String> {
    prop_oneof![
        "[A-Za-z_][A-Za-z0-9_]{0,10}",
        "r#[a-z]{2}-[A-Z]{2}",
        "-?[0-9]{1,25}",
        "[0-9]{1,3}\\.[0-9]{1,3}",
        "\"[a-z ,()]{0,10}\"",
        "\\([a-z0-9, :]{0,12}\\)",
        "\\[[0-9, ]{0,10}\\]",
        "Some\\([A-Za-z]{1,6}\\)",
        Just(String::new()),
        Just("()".to_owned()),
        // The language as settings kept it before the player's choice was kept apart.
        Just("r#zh-CN".to_owned()),
        Just("r#en-US".to_owned()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// Stored settings as eframe wrote them come back exactly.
    #[test]
    fn stored_settings_come_back(settings in any_settings()) {
        let text = ron::ser::to_string(&settings).expect("RON");
        prop_assert_eq!(Settings::from_stored(&text), settings);
    }

    /// One field damaged (a wrong value, dropped, or stored twice): that field reads as
    /// itself if it still reads on its own, else its default, and every other field keeps
    /// its stored value.
    #[test]
    fn one_bad_field_keeps_the_others(
        settings in any_settings(),
        which in 0usize..8,
        junk in junk_value(),
        how in 0u8..4,
    ) {
        let mut fields = ron_fields(&settings);
        let name = fields[which].0;
        match how {
            0 | 1 => fields[which].1 = junk.clone(),
            2 => { fields.remove(which); }
            _ => fields.push((name, junk.clone())),
        }
        let loaded = json(&Settings::from_stored(&join(&fields)));
        let stored = json(&settings);
        let alone = Settings::from_stored(&format!("({name}:{junk})"));
        let reads_alone = ron::from_str::<Settings>(&format!("({name}:{junk})")).is_ok()
            // A language kept bare, as before the choice was kept apart, reads as its upgrade.
            || (name == "lang" && ron::from_str::<Lang>(&junk).is_ok());
        let expected = match how {
            2 => json(&Settings::default())[name].clone(),
            _ if reads_alone => json(&alone)[name].clone(),
            // Stored twice and the second unreadable: the first stands.
            3 => stored[name].clone(),
            _ => json(&Settings::default())[name].clone(),
        };
        prop_assert_eq!(&loaded[name], &expected, "the damaged field {}", name);
        for (field, value) in &stored {
            if field != name {
                prop_assert_eq!(&loaded[field], value, "{} was lost to the damaged {}", field, name);
            }
        }
    }

    /// Any text, and stored settings with bytes changed, cut or spliced: never a panic,
    /// and what loads is stable (stored again and loaded, it is the same).
    #[test]
    fn any_stored_text_loads_to_settings(
        settings in any_settings(),
        noise in ".{0,80}",
        at in any::<prop::sample::Index>(),
        cut in any::<prop::sample::Index>(),
        byte in any::<u8>(),
        kind in 0u8..4,
    ) {
        let text = ron::ser::to_string(&settings).expect("RON");
        let mut bytes = text.clone().into_bytes();
        let (at, cut) = (at.index(bytes.len()), cut.index(bytes.len()));
        match kind {
            0 => bytes[at] = byte,
            1 => bytes.truncate(cut),
            2 => bytes.splice(at..at, text.as_bytes()[cut..].iter().copied()).for_each(drop),
            _ => bytes = noise.into_bytes(),
        }
        let text = String::from_utf8_lossy(&bytes);
        let loaded = Settings::from_stored(&text);
        let again = Settings::from_stored(&ron::ser::to_string(&loaded).expect("RON"));
        prop_assert_eq!(again, loaded);
    }
}

/// Stored text that is no settings at all gives the defaults.
#[test]
fn garbage_in_place_of_the_settings_gives_the_defaults() {
    for text in [
        "",
        "not RON",
        "{}",
        "[1, 2, 3]",
        "\"(lang: r#zh-CN)\"",
        "(lang: r#zh-CN",
        "lang: r#zh-CN)",
        "(lang: \"r#zh-CN)",
        "(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((",
        "\u{0}\u{ffff}(\u{1f600}:)",
        "(lang: Klingon, level: Godlike, push_rounds: -1, save_path: 7)",
    ] {
        assert_eq!(Settings::from_stored(text), Settings::default(), "{text:?}");
    }
}

/// Kept games as the app keeps them: Blockade (one move, on the board), Push the Line
/// (one move) and a fresh Shuang Cheng.
fn two_games() -> (Settings, String) {
    let (mut harness, _clock) = app_with(GameId::Push);
    harness.state_mut().send(Command::SetPlayers(None));
    harness.run();
    tap_push_move(&mut harness, "C4-NE");
    harness.get_by_label("Two-or-Three-Step Blockade").click();
    harness.run();
    tap(&mut harness, &["a2", "c2"]);
    let shelf = harness.state().shelve().expect("the games serialize");
    (harness.state().settings().clone(), shelf)
}

proptest! {
    // Each case starts a whole app: fewer of them.
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The app started from damaged storage (a bad settings field, a damaged kept game or
    /// garbage in place of either) never panics: it starts with the settings the loader
    /// reads (the good fields kept), and every kept game that still replays; a game that
    /// does not is a fresh one, with the localized notice.
    #[test]
    fn the_app_starts_from_damaged_storage(
        which in 0usize..8,
        junk in junk_value(),
        at in any::<prop::sample::Index>(),
        byte in any::<u8>(),
        garbage in ".{0,40}",
        kind in 0u8..4,
    ) {
        let (settings, shelf) = two_games();
        let mut fields = ron_fields(&settings);
        fields[which].1 = junk;
        let stored_settings = join(&fields);
        // The first kept game (Blockade, the one on the board) damaged at one byte.
        let first = shelf.find("[{").expect("a list of games") + 1;
        let first_end = shelf.find("},{").expect("more than one game");
        prop_assert!(shelf[first..first_end].contains(r#""game":"blockade""#));
        let at = first + at.index(first_end - first);
        let mut damaged = shelf.clone().into_bytes();
        damaged[at] = byte;
        let damaged = String::from_utf8_lossy(&damaged).into_owned();
        let (settings_text, games) = match kind {
            0 => (stored_settings, Some(damaged.clone())),
            1 => (stored_settings, Some(garbage.clone())),
            2 => (garbage.clone(), Some(shelf.clone())),
            _ => (stored_settings, None),
        };
        let stored = Stored { settings: Some(settings_text.clone()), games, progress: None };
        let mut harness = app_from_storage(&stored);
        harness.run();
        let app = harness.state();
        // The loader's settings, except what the game on the board decides: who plays
        // what, and Push the Line's round count when a fresh round of it starts.
        let mut expected = Settings::from_stored(&settings_text);
        let shown = &app.settings();
        prop_assert!(
            shown.push_rounds == expected.push_rounds
                || shown.push_rounds == expected.push_rounds.wrapping_add(1)
        );
        expected.human = shown.human;
        expected.two_players = shown.two_players;
        expected.push_rounds = shown.push_rounds;
        prop_assert_eq!(shown, &expected);
        if kind != 2 {
            // One field of the stored settings was bad: the others are as they were kept.
            let (shown, kept) = (json(shown), json(&settings));
            for (field, value) in &kept {
                let managed = ["human", "two_players", "push_rounds"].contains(&field.as_str());
                if field != fields[which].0 && !managed {
                    prop_assert_eq!(&shown[field], value, "{} was lost", field);
                }
            }
        }
        let plies = |id: GameId| {
            app.games()
                .find(|g| g.variant().game == id)
                .map(|g| g.ply_texts())
        };
        if kind == 2 {
            // Garbage settings do not cost the kept games.
            prop_assert_eq!(plies(GameId::Blockade), Some(vec!["a2-c2".to_owned()]));
            prop_assert_eq!(plies(GameId::Push), Some(vec!["C4-NE".to_owned()]));
        }
        if kind == 0 && serde_json::from_str::<serde_json::Value>(&damaged).is_ok() {
            // One kept game damaged: the others still come back.
            prop_assert_eq!(plies(GameId::Push), Some(vec!["C4-NE".to_owned()]), "{}", damaged);
        }
        for game in app.games() {
            // Whatever came back replays through the engine.
            let text = qipan_session::save::to_json(game).expect("it serializes");
            prop_assert!(qipan_session::save::from_json(&text, Level::Easy, 1, 0.0).is_ok());
        }
        if let Some(notice) = app.notice_text() {
            // The restore notice, in the language the app shows (a kept `zh-CN` is one of
            // the junk values): its words before the error's own.
            let words = app
                .i18n()
                .tr_args(qipan::msg!("err-restore"), &[("error", "".into())]);
            let head = words.split(['(', '（']).next().unwrap_or_default();
            prop_assert!(!head.is_empty() && notice.starts_with(head), "{}", notice);
        }
    }
}
