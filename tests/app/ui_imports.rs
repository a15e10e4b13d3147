//! The views of `src/ui` form a tree that points only down, as in egui_demo_lib: the leaves,
//! what the sections share, the sections, the layout, the shell. This reads every `use` (and
//! every path written out) in `src/ui`, prints the graph of its modules and fails on an
//! import that points sideways or up: a section that imports another section, a leaf that
//! imports anything, a module that no layer names. Print the graph with
//! `cargo test --test app ui_imports -- --nocapture`.

use crate::ROOT;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, lowest first; a module may import only modules of a lower layer.
const LAYERS: [(&str, &[&str]); 5] = [
    (
        "leaves",
        &[
            "command",
            "cues",
            "games",
            "kept",
            "marks",
            "storage",
            "theme",
            "transport",
        ],
    ),
    (
        "what the sections share",
        &["boards", "perfect_play", "widgets", "words"],
    ),
    (
        "sections",
        &[
            "about", "board", "coach", "editor", "file", "keys", "lessons", "online", "panels",
            "players", "puzzles", "records", "settings", "stats", "status",
        ],
    ),
    ("the layout", &["layout", "page"]),
    ("the shell", &["mod"]),
];

/// Each module of `src/ui` (a file, or a folder with its `mod.rs`) with the modules of
/// `src/ui` it names.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let ui = Path::new(ROOT).join("src/ui");
    let mut sources: BTreeMap<String, String> = BTreeMap::new();
    for entry in std::fs::read_dir(&ui).expect("src/ui") {
        let path = entry.expect("an entry").path();
        let name = path.file_stem().and_then(|s| s.to_str()).expect("a name");
        let text = if path.is_dir() {
            let mut text = String::new();
            for file in std::fs::read_dir(&path).expect("a folder") {
                let file = file.expect("an entry").path();
                let inner = std::fs::read_to_string(&file).expect("a file");
                // In a folder's own files `super::` is the folder; only its mod.rs reaches
                // `src/ui` that way.
                text += &if file.ends_with("mod.rs") {
                    inner
                } else {
                    inner.replace("super::", "self::")
                };
            }
            text
        } else {
            std::fs::read_to_string(&path).expect("a file")
        };
        sources.insert(name.to_owned(), text);
    }
    let modules: BTreeSet<String> = sources.keys().cloned().collect();
    sources
        .iter()
        .map(|(module, text)| {
            let named = named_modules(text)
                .into_iter()
                .filter(|m| modules.contains(m) && m != module && m != "mod")
                .collect();
            (module.clone(), named)
        })
        .collect()
}

/// The first segment of every path after `super::` or `crate::ui::`, braces included
/// (`use super::{coach, panels}`).
fn named_modules(text: &str) -> BTreeSet<String> {
    let mut named = BTreeSet::new();
    for prefix in ["super::", "crate::ui::"] {
        for (at, _) in text.match_indices(prefix) {
            let rest = &text[at + prefix.len()..];
            let heads: Vec<&str> = match rest.strip_prefix('{') {
                Some(group) => group
                    .split('}')
                    .next()
                    .unwrap_or_default()
                    .split(',')
                    .collect(),
                None => vec![rest],
            };
            for head in heads {
                let word: String = head
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                named.insert(word);
            }
        }
    }
    named
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .position(|(_, modules)| modules.contains(&module))
}

#[test]
fn the_views_import_each_other_only_downwards() {
    let graph = imports();
    let mut wrong = Vec::new();
    for (module, named) in &graph {
        let Some(layer) = layer_of(module) else {
            wrong.push(format!("{module} is in no layer: add it to LAYERS"));
            continue;
        };
        println!("{module} ({}) -> {named:?}", LAYERS[layer].0);
        for other in named {
            if layer_of(other).is_none_or(|below| below >= layer) {
                wrong.push(format!("{module} imports {other}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn the_reading_finds_paths_in_every_form() {
    let text =
        "use super::{coach, panels};\nuse super::marks::mark;\nlet x = crate::ui::theme::RED;";
    let named: Vec<String> = named_modules(text).into_iter().collect();
    assert_eq!(named, ["coach", "marks", "panels", "theme"]);
}
