//! Every visible string of the app comes from the Fluent files in `locales/`.
//!
//! The code names a message only through the [`msg!`](crate::msg) macro, so that a test can
//! collect every id the sources use and check that both locales define it.

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
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

    /// The Fluent sources of this language, compiled into the binary (the web build has no
    /// file system).
    pub fn sources(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Lang::En => &[
                ("ui.ftl", include_str!("../locales/en-US/ui.ftl")),
                ("rules.ftl", include_str!("../locales/en-US/rules.ftl")),
            ],
            Lang::Zh => &[
                ("ui.ftl", include_str!("../locales/zh-CN/ui.ftl")),
                ("rules.ftl", include_str!("../locales/zh-CN/rules.ftl")),
            ],
        }
    }
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

    /// The message text in the current language; the id itself if it is missing (a test
    /// makes sure none is).
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

    /// Whether the current language defines `id` (for tests).
    pub fn has(&self, lang: Lang, id: &str) -> bool {
        self.bundles[lang as usize].has_message(id)
    }

    fn format(&self, msg: Msg, args: Option<&FluentArgs<'_>>) -> String {
        let bundle = &self.bundles[self.lang as usize];
        let Some(pattern) = bundle.get_message(msg.0).and_then(|m| m.value()) else {
            return msg.0.to_owned();
        };
        let mut errors = Vec::new();
        bundle
            .format_pattern(pattern, args, &mut errors)
            .into_owned()
    }
}

fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = lang.tag().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new(vec![id]);
    // Without this, values get U+2068/U+2069 marks that the fonts cannot draw.
    bundle.set_use_isolating(false);
    for (_, source) in lang.sources() {
        let resource = match FluentResource::try_new((*source).to_owned()) {
            Ok(resource) => resource,
            Err((partial, _)) => partial,
        };
        // Duplicate ids are a defect the locale test reports; keep the first definition.
        let _ = bundle.add_resource(resource);
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
