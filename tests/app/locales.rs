//! The words: both locales define every id the code uses, the rule texts hold every sentence of the
//! seeds, the bundled font draws every character, and the language switches at once.

use crate::{app_with, ROOT};
use egui_kittest::kittest::Queryable;
use qipan::i18n::{defined_ids, Lang};
use qipan_engine::games::GameId;
use std::collections::BTreeSet;
use std::path::Path;

/// Every message id the sources name (through `msg!`).
fn ids_used_in_sources() -> BTreeSet<String> {
    fn walk(dir: &Path, out: &mut BTreeSet<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                for piece in text.split("msg!(\"").skip(1) {
                    if let Some(end) = piece.find('"') {
                        out.insert(piece[..end].to_owned());
                    }
                }
            }
        }
    }
    let mut ids = BTreeSet::new();
    walk(&Path::new(ROOT).join("src"), &mut ids);
    ids
}

#[test]
fn both_locales_define_the_same_ids_and_every_id_the_code_uses() {
    let (en, en_errors) = defined_ids(Lang::En);
    let (zh, zh_errors) = defined_ids(Lang::Zh);
    assert!(en_errors.is_empty(), "{en_errors:?}");
    assert!(zh_errors.is_empty(), "{zh_errors:?}");
    let en_set: BTreeSet<String> = en.iter().cloned().collect();
    let zh_set: BTreeSet<String> = zh.iter().cloned().collect();
    assert_eq!(en.len(), en_set.len(), "duplicate ids in en-US");
    assert_eq!(zh.len(), zh_set.len(), "duplicate ids in zh-CN");
    let only_en: Vec<_> = en_set.difference(&zh_set).collect();
    let only_zh: Vec<_> = zh_set.difference(&en_set).collect();
    assert!(
        only_en.is_empty() && only_zh.is_empty(),
        "en only {only_en:?}, zh only {only_zh:?}"
    );
    let used = ids_used_in_sources();
    assert!(used.len() > 50, "the scan found the msg! ids");
    let missing: Vec<_> = used.difference(&en_set).collect();
    assert!(missing.is_empty(), "ids used but not defined: {missing:?}");
}

#[test]
fn the_rule_text_has_every_sentence_of_the_seeds() {
    // The players' rule texts are kept in docs/rules/seeds/ (copied from the steering
    // repository); every sentence must be in the locales the app shows.
    let dir = Path::new(ROOT).join("docs/rules/seeds");
    let mut seeds: Vec<_> = std::fs::read_dir(&dir)
        .expect("docs/rules/seeds is part of the repository")
        .flatten()
        .map(|e| e.path())
        .collect();
    seeds.sort();
    assert_eq!(seeds.len(), 5, "one seed per game");
    let mut all = String::new();
    for lang in Lang::ALL {
        for (_, source) in lang.sources() {
            all.push_str(source);
        }
    }
    let mut sentences = 0;
    for path in &seeds {
        let text = std::fs::read_to_string(path).expect("a seed text");
        for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
            let line = line.trim().trim_start_matches("- ");
            assert!(all.contains(line), "missing from the locales: {line}");
            sentences += 1;
        }
        // Where the steering repository's copy is beside us, ours must be the same.
        let name = path.file_name().expect("a file name");
        for shared in ["../shared/seeds", "../../shared/seeds"] {
            if let Ok(original) = std::fs::read_to_string(Path::new(ROOT).join(shared).join(name)) {
                assert_eq!(original, text, "docs/rules/seeds is out of date: {name:?}");
            }
        }
    }
    assert!(sentences > 100, "only {sentences} sentences read");
}

#[test]
fn the_bundled_font_covers_every_character_of_the_locales() {
    use skrifa::{FontRef, MetadataProvider};
    let bytes = std::fs::read(Path::new(ROOT).join("assets/fonts/NotoSansCJKsc-subset.otf"))
        .expect("bundled font");
    let font = FontRef::new(&bytes).expect("font parses");
    let charmap = font.charmap();
    let mut missing = BTreeSet::new();
    for lang in Lang::ALL {
        for (_, source) in lang.sources() {
            for ch in source.chars().filter(|c| !c.is_control()) {
                if charmap.map(ch).is_none() {
                    missing.insert(ch);
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "characters without a glyph: {missing:?}"
    );
}

#[test]
fn switching_language_switches_the_rule_panel() {
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    assert!(harness.query_by_label("Quick start").is_some());
    assert!(harness.query_by_label("快速上手").is_none());
    harness.get_by_label("中文").click();
    harness.run();
    assert_eq!(harness.state().settings().lang, Some(Lang::Zh));
    assert!(harness.query_by_label("快速上手").is_some());
    assert!(harness.query_by_label("Quick start").is_none());
    // The rest of the interface switched too.
    assert!(harness.query_by_label("悔棋").is_some());
    harness.get_by_label("English").click();
    harness.run();
    assert!(harness.query_by_label("Quick start").is_some());
}
