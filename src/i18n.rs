//! Every visible string of the app comes from the Fluent files in `locales/`.
//!
//! The code names a message only through the [`msg!`](crate::msg) macro, so that a test can
//! collect every id the sources use and check that both locales define it.

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use qipan_session::save::SaveError;
use serde::{Deserialize, Serialize};
use unic_langid::LanguageIdentifier;

/// The two languages of the app.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    #[serde(rename = "en-US")]
    En,
    #[serde(rename = "zh-CN")]
    Zh,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// The BCP 47 tag, also the folder name under `locales/`.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en-US",
            Lang::Zh => "zh-CN",
        }
    }

    /// The language a new player gets from the languages their system or browser prefers,
    /// most preferred first (BCP 47 tags such as `zh-Hant-TW` or `en-GB`, or POSIX locales
    /// such as `zh_CN.UTF-8`): the first of them that is Chinese (any `zh`) or English
    /// decides, as a browser's language negotiation does; English when none is (`fr-FR`
    /// alone, `C`, nothing at all).
    pub fn for_locales<S: AsRef<str>>(locales: &[S]) -> Lang {
        let primary = |tag: &str| {
            let end = tag.find(['-', '_', '.', '@']).unwrap_or(tag.len());
            tag[..end].trim().to_ascii_lowercase()
        };
        locales
            .iter()
            .find_map(|tag| match primary(tag.as_ref()).as_str() {
                "zh" => Some(Lang::Zh),
                "en" => Some(Lang::En),
                _ => None,
            })
            .unwrap_or(Lang::En)
    }

    /// The Fluent sources of this language, compiled into the binary (the web build has no
    /// file system).
    pub fn sources(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Lang::En => &[
                ("ui.ftl", include_str!("../locales/en-US/ui.ftl")),
                ("rules.ftl", include_str!("../locales/en-US/rules.ftl")),
                ("lessons.ftl", include_str!("../locales/en-US/lessons.ftl")),
            ],
            Lang::Zh => &[
                ("ui.ftl", include_str!("../locales/zh-CN/ui.ftl")),
                ("rules.ftl", include_str!("../locales/zh-CN/rules.ftl")),
                ("lessons.ftl", include_str!("../locales/zh-CN/lessons.ftl")),
            ],
        }
    }
}

/// The languages the system prefers, most preferred first: the desktop's (`LANGUAGE`,
/// `LC_ALL`, `LC_MESSAGES` and `LANG` on Linux, the user's languages on Windows and macOS) or
/// the browser's (`navigator.languages`). Read once, at the start ([`Lang::for_locales`]).
pub fn system_locales() -> Vec<String> {
    #[cfg(not(target_arch = "wasm32"))]
    return sys_locale::get_locales().collect();
    #[cfg(target_arch = "wasm32")]
    return web_sys::window()
        .map(|window| {
            let navigator = window.navigator();
            let languages: Vec<String> = navigator
                .languages()
                .iter()
                .filter_map(|tag| tag.as_string())
                .collect();
            // A browser without the list still has its one language.
            match (languages.is_empty(), navigator.language()) {
                (true, Some(language)) => vec![language],
                _ => languages,
            }
        })
        .unwrap_or_default();
}

/// A message id. Made only by [`msg!`](crate::msg), so ids are greppable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Msg(pub &'static str);

/// Names a Fluent message: `msg!("action-undo")`.
#[macro_export]
macro_rules! msg {
    ($id:literal) => {
        $crate::i18n::Msg($id)
    };
}

/// The message bundles of both languages, and which one is showing.
pub struct I18n {
    lang: Lang,
    bundles: [FluentBundle<FluentResource>; 2],
}

impl I18n {
    /// Loads both languages. The Fluent files are part of the binary and tested, so a syntax
    /// error there is a build defect; the loader still keeps every entry it could read.
    pub fn new(lang: Lang) -> I18n {
        I18n {
            lang,
            bundles: Lang::ALL.map(bundle),
        }
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }

    /// The message text in the current language. A message that is missing or fails to
    /// format (a test makes sure none does) shows as its id, and the problem is logged.
    pub fn tr(&self, msg: Msg) -> String {
        self.format(msg, None)
    }

    /// The message text with arguments, e.g. `&[("side", side_name.into())]`.
    pub fn tr_args(&self, msg: Msg, args: &[(&str, FluentValue<'_>)]) -> String {
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            fluent_args.set(*name, value.clone());
        }
        self.format(msg, Some(&fluent_args))
    }

    /// The text of a message whose id comes from data, not from the code: a lesson's title,
    /// goal, steps and traps ([`qipan_engine::lessons::Lesson::message_ids`]; a test checks
    /// that both languages define every one).
    pub fn tr_data(&self, id: &str) -> String {
        self.format_id(id, None)
    }

    /// Whether the current language defines `id` (for tests).
    pub fn has(&self, lang: Lang, id: &str) -> bool {
        self.bundles[lang as usize].has_message(id)
    }

    fn format(&self, msg: Msg, args: Option<&FluentArgs<'_>>) -> String {
        self.format_id(msg.0, args)
    }

    fn format_id(&self, id: &str, args: Option<&FluentArgs<'_>>) -> String {
        self.try_format(id, args).unwrap_or_else(|problem| {
            report(&problem);
            // The id at least says which text is broken; a half-formatted text or an empty
            // one would hide it.
            id.to_owned()
        })
    }

    /// The message text, or what went wrong, naming the message and the language.
    fn try_format(&self, id: &str, args: Option<&FluentArgs<'_>>) -> Result<String, String> {
        let bundle = &self.bundles[self.lang as usize];
        let tag = self.lang.tag();
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            return Err(format!("{tag} has no message '{id}'"));
        };
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, args, &mut errors);
        if errors.is_empty() {
            Ok(text.into_owned())
        } else {
            let errors: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
            Err(format!(
                "{tag} message '{id}' did not format: {}",
                errors.join("; ")
            ))
        }
    }
}

/// Logs a problem with the Fluent files: in the browser's console on the web, on standard
/// error natively.
fn report(problem: &str) {
    #[cfg(target_arch = "wasm32")]
    log::warn!("i18n: {problem}");
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("qipan: i18n: {problem}");
}

fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    bundle_from(lang, lang.sources())
}

fn bundle_from(lang: Lang, sources: &[(&str, &str)]) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = lang.tag().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new(vec![id]);
    // Without this, values get U+2068/U+2069 marks that the fonts cannot draw.
    bundle.set_use_isolating(false);
    for (file, source) in sources {
        // A syntax error or a duplicate id is a defect that the locale tests catch; the
        // loader logs it and keeps every entry it could read (the first of duplicates).
        let resource = match FluentResource::try_new((*source).to_owned()) {
            Ok(resource) => resource,
            Err((partial, errors)) => {
                report(&format!("{}/{file}: {errors:?}", lang.tag()));
                partial
            }
        };
        if let Err(errors) = bundle.add_resource(resource) {
            report(&format!("{}/{file}: {errors:?}", lang.tag()));
        }
    }
    bundle
}

/// Every message id defined in one language's sources, with any Fluent parse errors.
pub fn defined_ids(lang: Lang) -> (Vec<String>, Vec<String>) {
    let mut ids = Vec::new();
    let mut errors = Vec::new();
    for (file, source) in lang.sources() {
        let resource = match FluentResource::try_new((*source).to_owned()) {
            Ok(resource) => resource,
            Err((partial, errs)) => {
                errors.extend(errs.iter().map(|e| format!("{}/{file}: {e:?}", lang.tag())));
                partial
            }
        };
        for entry in resource.entries() {
            if let fluent_syntax::ast::Entry::Message(m) = entry {
                ids.push(m.id.name.to_owned());
            }
        }
    }
    (ids, errors)
}

impl I18n {
    /// Why a file could not be saved or loaded, in the current language.
    pub fn save_error(&self, error: &SaveError) -> String {
        let i18n = self;
        let (id, args): (Msg, Vec<(&str, FluentValue<'_>)>) = match error {
            SaveError::Io { path, error } => (
                msg!("err-io"),
                vec![
                    ("path", path.as_str().into()),
                    ("error", error.as_str().into()),
                ],
            ),
            SaveError::Json(error) => (msg!("err-json"), vec![("error", error.as_str().into())]),
            SaveError::NotASave => (msg!("err-not-save"), vec![]),
            SaveError::Version(v) => (msg!("err-version"), vec![("version", (*v).into())]),
            SaveError::Game(g) => (msg!("err-game"), vec![("game", g.as_str().into())]),
            SaveError::Human(h) => (msg!("err-human"), vec![("human", h.as_str().into())]),
            SaveError::Start(text) => (msg!("err-start"), vec![("position", text.as_str().into())]),
            SaveError::Move {
                number,
                text,
                illegal,
            } => (
                if *illegal {
                    msg!("err-move-illegal")
                } else {
                    msg!("err-move-malformed")
                },
                vec![("number", (*number).into()), ("move", text.as_str().into())],
            ),
            SaveError::AfterEnd { number } => {
                (msg!("err-after-end"), vec![("number", (*number).into())])
            }
            SaveError::Cursor => (msg!("err-cursor"), vec![]),
            SaveError::Serialize(error) => (
                msg!("err-serialize"),
                vec![("error", error.as_str().into())],
            ),
        };
        i18n.tr_args(id, &args)
    }

    /// Why a link did not open, in words.
    pub fn link_error(&self, error: &qipan_session::link::LinkError) -> String {
        use qipan_session::link::LinkError;
        let reason = match error {
            LinkError::UnknownGame(game) => {
                self.tr_args(msg!("link-err-game"), &[("game", game.as_str().into())])
            }
            LinkError::Position(text) => self.tr_args(
                msg!("link-err-position"),
                &[("position", text.as_str().into())],
            ),
            LinkError::Move {
                number,
                text,
                illegal,
            } => self.tr_args(
                if *illegal {
                    msg!("link-err-move-illegal")
                } else {
                    msg!("link-err-move-malformed")
                },
                &[("number", (*number).into()), ("move", text.as_str().into())],
            ),
            LinkError::AfterEnd { number } => {
                self.tr_args(msg!("link-err-after-end"), &[("number", (*number).into())])
            }
            LinkError::Ply(ply) => {
                self.tr_args(msg!("link-err-ply"), &[("ply", ply.as_str().into())])
            }
        };
        self.tr_args(msg!("link-error"), &[("reason", reason.into())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test_i18n() -> I18n {
        let sources: &[(&str, &str)] = &[(
            "test.ftl",
            "greeting = Hello, { $name }!\nplain = Plain\nonly-attribute =\n    .title = T\n",
        )];
        I18n {
            lang: Lang::En,
            bundles: [
                bundle_from(Lang::En, sources),
                bundle_from(Lang::Zh, sources),
            ],
        }
    }

    #[test]
    fn a_message_that_formats_is_its_text() {
        let i18n = test_i18n();
        assert_eq!(i18n.tr(Msg("plain")), "Plain");
        assert_eq!(
            i18n.tr_args(Msg("greeting"), &[("name", "Ana".into())]),
            "Hello, Ana!"
        );
    }

    /// A formatting error (here a missing argument) is no longer dropped: the text shows the
    /// message id instead of a half-formatted or empty text, and the problem names the
    /// message, the language and the cause.
    #[test]
    fn a_message_that_fails_to_format_shows_its_id() {
        let i18n = test_i18n();
        assert_eq!(i18n.tr(Msg("greeting")), "greeting");
        let problem = i18n
            .try_format("greeting", None)
            .expect_err("a missing argument is an error");
        assert!(problem.contains("en-US"), "{problem}");
        assert!(problem.contains("'greeting'"), "{problem}");
        assert!(problem.contains("name"), "{problem}");
    }

    /// Every lesson of every course has its title, goal, the reason for each of the
    /// learner's moves and each trap's reason in both languages, and the lessons' file
    /// defines nothing no lesson asks for.
    #[test]
    fn every_lesson_has_its_words_in_both_languages() {
        use qipan_engine::games::GameId;
        let i18n = I18n::new(Lang::En);
        let mut wanted = std::collections::BTreeSet::new();
        for game in GameId::ALL {
            let course = qipan_engine::lessons::course(game).expect("the shipped course");
            for lesson in &course.lessons {
                for id in lesson.message_ids() {
                    for lang in Lang::ALL {
                        assert!(i18n.has(lang, &id), "{} has no {id}", lang.tag());
                    }
                    wanted.insert(id);
                }
            }
        }
        for lang in Lang::ALL {
            let (_, source) = lang
                .sources()
                .iter()
                .find(|(file, _)| *file == "lessons.ftl")
                .expect("the lessons' words are loaded");
            let resource = FluentResource::try_new((*source).to_owned()).expect("parses");
            for entry in resource.entries() {
                if let fluent_syntax::ast::Entry::Message(m) = entry {
                    assert!(
                        wanted.contains(m.id.name),
                        "{}: {} belongs to no lesson",
                        lang.tag(),
                        m.id.name
                    );
                }
            }
        }
        // Each message formats to words, not to its id.
        for lang in Lang::ALL {
            let bundle = &i18n.bundles[lang as usize];
            for id in &wanted {
                let pattern = bundle
                    .get_message(id)
                    .and_then(|m| m.value())
                    .unwrap_or_else(|| panic!("{id} has no value"));
                let mut errors = Vec::new();
                let words = bundle.format_pattern(pattern, None, &mut errors);
                assert!(errors.is_empty() && !words.trim().is_empty(), "{id}");
            }
        }
    }

    /// Any Chinese gives Chinese, whatever the script or region and however the platform
    /// spells it; the first language the app speaks decides; English for everyone else.
    #[test]
    fn the_system_language_picks_the_app_language() {
        for chinese in [
            "zh-CN",
            "zh-TW",
            "zh-HK",
            "zh-SG",
            "zh-Hans",
            "zh-Hant-TW",
            "zh",
            "ZH-cn",
            "zh_CN.UTF-8",
            "zh_TW.Big5@stroke",
        ] {
            assert_eq!(Lang::for_locales(&[chinese]), Lang::Zh, "{chinese}");
        }
        for other in [
            "en-GB",
            "en-US",
            "en",
            "fr-FR",
            "de_DE.UTF-8",
            "ja-JP",
            "C",
            "POSIX",
            "",
        ] {
            assert_eq!(Lang::for_locales(&[other]), Lang::En, "{other}");
        }
        assert_eq!(Lang::for_locales::<&str>(&[]), Lang::En);
        // A French reader who also reads Chinese, and one who also reads English.
        assert_eq!(Lang::for_locales(&["fr-FR", "fr", "zh-CN"]), Lang::Zh);
        assert_eq!(Lang::for_locales(&["fr-FR", "en-US", "zh-CN"]), Lang::En);
        assert_eq!(Lang::for_locales(&["en-GB", "zh-CN"]), Lang::En);
        // Not Chinese, though it starts with the letters.
        assert_eq!(Lang::for_locales(&["zha-CN"]), Lang::En);
    }

    #[test]
    fn a_missing_message_or_value_shows_its_id() {
        let i18n = test_i18n();
        assert_eq!(i18n.tr(Msg("no-such-message")), "no-such-message");
        assert_eq!(i18n.tr(Msg("only-attribute")), "only-attribute");
        let problem = i18n
            .try_format("no-such-message", None)
            .expect_err("missing");
        assert!(problem.contains("'no-such-message'"), "{problem}");
    }
}
