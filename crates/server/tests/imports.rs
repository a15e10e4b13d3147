//! The server's modules import each other only downwards. Each module (a file; a folder's
//! `mod.rs` is the folder's module) sits in one layer, lowest first, in [`LAYERS`]; a
//! module may import only modules of lower layers. The one exception is a folder's
//! `mod.rs` (and the crate root, `lib.rs`), which names its own children (`mod`, `pub use`)
//! whatever their layer. This reads every `crate::`, `super::` and `self::` path in
//! `src/` (tests and `main.rs`, the binary, aside), and fails on a path that points up or
//! sideways, and on a module that no layer names. Print the graph with
//! `cargo test -p qipan-server --test imports -- --nocapture`.
//!
//! Small and self-contained on purpose: the layer list at the top is all a shared checker
//! would need.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first. A module may import only modules of lower layers; the modules
/// of one layer know nothing of each other.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "leaves: tools that import nothing of the crate",
        &[
            "clock",
            "connection::rate_limit",
            "hex",
            "hosting::backup",
            "hosting::metrics",
            "hosting::proxy",
            "hosting::tls",
            "shutdown",
            "store::sqlite::schema",
            "sync",
        ],
    ),
    ("words: secrets and players' names", &["names", "secret"]),
    ("random draws", &["draw"]),
    ("one room's game", &["room"]),
    ("one room's rules", &["room::fair", "room::seats"]),
    ("a correspondence room's days", &["room::days"]),
    ("storage's traits", &["store"]),
    ("storage's model", &["store::model"]),
    ("the two stores", &["store::nats", "store::sqlite"]),
    (
        "each store's concerns",
        &[
            "store::nats::lobby",
            "store::nats::players",
            "store::sqlite::lobby",
            "store::sqlite::players",
        ],
    ),
    (
        "a paired game's end, recorded",
        &["store::nats::results", "store::sqlite::records"],
    ),
    ("the rooms in use", &["room::registry"]),
    ("the rooms kept in step", &["room::registry::upkeep"]),
    (
        "the lobby's words",
        &[
            "lobby::computer",
            "lobby::computer::pool",
            "lobby::desk",
            "lobby::ledger",
            "lobby::ratings",
            "lobby::seat_token",
        ],
    ),
    (
        "the lobby's pure rules",
        &[
            "lobby::computer::host",
            "lobby::corr_pairing",
            "lobby::deadlines",
            "lobby::pairing",
            "lobby::players",
            "lobby::settle",
        ],
    ),
    ("the lobby", &["lobby"]),
    (
        "the lobby's work",
        &[
            "lobby::claims",
            "lobby::computer::driver",
            "lobby::follow",
            "lobby::lease",
            "lobby::reach",
            "lobby::rematch",
            "lobby::seeks",
        ],
    ),
    (
        "correspondence seeks and games",
        &["lobby::correspondence", "lobby::days"],
    ),
    ("challenges", &["lobby::challenges"]),
    ("the pairing loops", &["lobby::pairing_loop"]),
    (
        "a client's socket, the records API, readiness and metrics",
        &["api", "connection", "hosting"],
    ),
    (
        "a connection's lobby frames",
        &["connection::correspondence", "connection::lobby"],
    ),
    ("the routes, the options", &["config", "http"]),
    ("starting and stopping", &["server"]),
    ("the crate's root", &["lib"]),
];

/// The crate's source folder.
const SRC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src");

/// A module's path in the crate (`lobby::desk`; the crate root is `""`) and its file.
struct Module {
    path: String,
    file: PathBuf,
    /// A folder's `mod.rs` or the crate root: it may name its own children.
    is_folder: bool,
}

/// Every module of `src/` but the tests (`tests.rs`) and the binary (`main.rs`).
fn modules() -> Vec<Module> {
    let mut found = Vec::new();
    let mut folders = vec![PathBuf::from(SRC)];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a folder of src/") {
            let file = entry.expect("an entry").path();
            if file.is_dir() {
                folders.push(file);
                continue;
            }
            let Some(name) = file.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            if file.extension().is_none_or(|e| e != "rs") || name == "tests" {
                continue;
            }
            let relative = file.strip_prefix(SRC).expect("inside src/");
            let mut segments: Vec<String> = relative
                .parent()
                .map(|p| p.iter().map(|s| s.to_string_lossy().into_owned()).collect())
                .unwrap_or_default();
            let is_folder = match name {
                "main" if segments.is_empty() => continue,
                "lib" if segments.is_empty() => true,
                "mod" => true,
                _ => {
                    segments.push(name.to_owned());
                    false
                }
            };
            found.push(Module {
                path: segments.join("::"),
                file,
                is_folder,
            });
        }
    }
    found
}

/// The text of a file without its comments and its inline `#[cfg(test)] mod tests`.
fn code(file: &Path) -> String {
    let text = std::fs::read_to_string(file).expect("a source file");
    let text = match text.find("#[cfg(test)]\nmod tests {") {
        Some(at) => &text[..at],
        None => &text,
    };
    text.lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a text names after `crate::`, `super::` or `self::`, each as its segments
/// from the crate root (`super` and `self` resolved from `module`), braces opened
/// (`use super::{desk, pairing::Seek}` names `desk` and `pairing::Seek`).
fn named_paths(text: &str, module: &[&str]) -> Vec<Vec<String>> {
    let word = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    // `self` is the module itself; `super` its parent (a folder's `mod.rs` is the folder).
    let own: Vec<String> = module.iter().map(|s| s.to_string()).collect();
    let parent: Vec<String> = own[..own.len().saturating_sub(1)].to_vec();
    let mut paths = Vec::new();
    for (prefix, base) in [
        ("crate::", Vec::new()),
        ("super::", parent),
        ("self::", own),
    ] {
        for (at, _) in text.match_indices(prefix) {
            let before = text[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let mut rest = &text[at + prefix.len()..];
            let mut path = base.clone();
            loop {
                if let Some(group) = rest.strip_prefix('{') {
                    let inner = group.split('}').next().unwrap_or_default();
                    for item in inner.split(',') {
                        let mut full = path.clone();
                        full.extend(item.trim().split("::").map(word).filter(|w| !w.is_empty()));
                        paths.push(full);
                    }
                    break;
                }
                let segment = word(rest);
                if segment.is_empty() {
                    paths.push(path);
                    break;
                }
                rest = &rest[segment.len()..];
                path.push(segment);
                match rest.strip_prefix("::") {
                    Some(more) => rest = more,
                    None => {
                        paths.push(path);
                        break;
                    }
                }
            }
        }
    }
    paths
}

/// Each module with the modules of the crate it names (the longest known prefix of each
/// path), itself aside.
fn imports() -> BTreeMap<String, (bool, BTreeSet<String>)> {
    let modules = modules();
    let known: BTreeSet<&str> = modules.iter().map(|m| m.path.as_str()).collect();
    modules
        .iter()
        .map(|m| {
            let segments: Vec<&str> = m.path.split("::").filter(|s| !s.is_empty()).collect();
            let named = named_paths(&code(&m.file), &segments)
                .into_iter()
                .filter_map(|path| {
                    (0..=path.len())
                        .rev()
                        .map(|n| path[..n].join("::"))
                        .find(|prefix| known.contains(prefix.as_str()))
                })
                .filter(|named| *named != m.path)
                .collect();
            (m.path.clone(), (m.is_folder, named))
        })
        .collect()
}

/// Whether `child` is a direct child of the folder module `folder`.
fn is_child(folder: &str, child: &str) -> bool {
    match child.rsplit_once("::") {
        Some((parent, _)) => parent == folder,
        None => folder.is_empty() && !child.is_empty(),
    }
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .position(|(_, modules)| modules.contains(&module))
}

fn name(module: &str) -> &str {
    if module.is_empty() {
        "lib"
    } else {
        module
    }
}

#[test]
fn the_servers_modules_import_each_other_only_downwards() {
    let mut wrong = Vec::new();
    for (module, (is_folder, named)) in imports() {
        let Some(layer) = layer_of(name(&module)) else {
            wrong.push(format!(
                "{} is in no layer: add it to LAYERS",
                name(&module)
            ));
            continue;
        };
        println!("{} ({}) -> {named:?}", name(&module), LAYERS[layer].0);
        for other in &named {
            if is_folder && is_child(&module, other) {
                continue;
            }
            if layer_of(name(other)).is_none_or(|below| below >= layer) {
                wrong.push(format!("{} imports {}", name(&module), name(other)));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn every_layer_names_only_modules_that_exist() {
    let modules: BTreeSet<String> = imports().into_keys().map(|m| name(&m).to_owned()).collect();
    for (layer, members) in LAYERS {
        for member in *members {
            assert!(modules.contains(*member), "{member} ({layer}) is no module");
        }
    }
}

#[test]
fn the_reading_finds_paths_in_every_form() {
    let text = "use super::{desk::Desk, pairing};\nuse crate::store::{self, Store};\nlet x = crate::room::Room::create();\nlet y = self::fair::ABORT;";
    let mut named = named_paths(text, &["lobby", "claims"]);
    named.sort();
    let joined: Vec<String> = named.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        joined,
        [
            "lobby::claims::fair::ABORT",
            "lobby::desk::Desk",
            "lobby::pairing",
            "room::Room::create",
            "store::Store",
            "store::self",
        ]
    );
}
