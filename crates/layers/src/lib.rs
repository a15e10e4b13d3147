//! Keeps a folder of Rust modules in layers: reads every `use` and every path written out
//! (`crate::…`, `super::…`) in the folder, and checks that each module names only modules of
//! lower layers, as `egui_demo_lib` keeps its views. A dev-only helper of Qipan's tests (the
//! app's views, the session's modes, the server's modules), so that the workspace has one
//! reader of imports; a new user needs only its folder and its layers:
//!
//! ```ignore
//! const LAYERS: &[(&str, &[&str])] = &[("leaves", &["a", "b"]), ("the top", &["c"])];
//! qipan_layers::assert_layers(concat!(env!("CARGO_MANIFEST_DIR"), "/src/lobby"), LAYERS);
//! ```
//!
//! A module is a file of the folder or a sub-folder with everything in it. The folder's own
//! root file (`mod.rs`, `lib.rs` or `main.rs`) declares the modules and may name all of them,
//! so it needs no layer. An item the root re-exports (`pub use any::AnyMatch`) counts as the
//! module it comes from, so `crate::AnyMatch` is an import of `any`. Comments are not read:
//! a doc link is no dependency.
//!
//! The nested mode ([`assert_layers_nested`]) reads a whole crate whose layers run through
//! its folders: every file is a module (`room::fair`), a folder's `mod.rs` and the crate's
//! `lib.rs` are modules in the layers too, and each may name its own children whatever their
//! layers, since it declares them.

mod nested;
mod read;

use read::{paths_after, UsePath};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first: a name, and the modules in it.
pub type Layers<'a> = [(&'a str, &'a [&'a str])];

/// Reads `folder`, prints its graph (`cargo test … -- --nocapture` shows it) and panics with
/// every import that points sideways or up, every module no layer names, and every name in
/// the layers that is no module of the folder.
pub fn assert_layers(folder: &str, layers: &Layers) {
    assert_graph(folder, &Graph::read(Path::new(folder)), layers);
}

/// [`assert_layers`] in the nested mode ([`Graph::read_nested`]), for a crate's `src` folder.
pub fn assert_layers_nested(src: &str, layers: &Layers) {
    assert_graph(src, &Graph::read_nested(Path::new(src)), layers);
}

/// What both modes assert: the graph printed, and no break of `layers`.
fn assert_graph(folder: &str, graph: &Graph, layers: &Layers) {
    print!("{}", graph.describe(layers));
    let wrong = graph.breaks(layers);
    assert!(wrong.is_empty(), "{folder} breaks its layers: {wrong:#?}");
}

/// Each module of a folder with the modules of the same folder it names.
#[derive(Debug, Default)]
pub struct Graph {
    imports: BTreeMap<String, BTreeSet<String>>,
    /// The folder's root file's module (`mod`, `lib`, `main`), exempt from the layers.
    roots: BTreeSet<String>,
    /// Each folder module of the nested mode with its children, which it may name whatever
    /// their layers: it declares them (`mod fair;`) and may re-export them.
    own_children: BTreeMap<String, BTreeSet<String>>,
}

/// A file of the folder, as the reader needs it.
struct Source {
    module: String,
    /// How many `super::` reach the folder from this file (0: the root file).
    depth: usize,
    text: String,
}

impl Graph {
    /// The graph of `folder`'s modules. Panics on a folder or a file that does not read (the
    /// test that asked then fails, saying which).
    pub fn read(folder: &Path) -> Graph {
        let sources = sources(folder);
        let modules: BTreeSet<String> = sources.iter().map(|s| s.module.clone()).collect();
        let roots: BTreeSet<String> = sources
            .iter()
            .filter(|s| s.depth == 0)
            .map(|s| s.module.clone())
            .collect();
        let reexports = reexports(&sources, &modules);
        let crate_prefix = format!("crate::{}", module_path(folder));
        let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for source in &sources {
            let mut paths = paths_after(&source.text, &crate_prefix);
            if source.depth > 0 {
                paths.extend(paths_after(&source.text, &"super::".repeat(source.depth)));
            }
            let named = imports.entry(source.module.clone()).or_default();
            for path in paths {
                let Some(first) = path.segments.first() else {
                    continue;
                };
                let module = match reexports.get(first) {
                    Some(module) => module,
                    None if modules.contains(first) => first,
                    None => continue,
                };
                if *module != source.module && !roots.contains(module) {
                    named.insert(module.clone());
                }
            }
        }
        Graph {
            imports,
            roots,
            own_children: BTreeMap::new(),
        }
    }

    /// The graph of a crate's `src` folder in the nested mode: each file a module named by its
    /// path (`room/fair.rs` is `room::fair`, `room/mod.rs` is `room`, `lib.rs` is `lib`), the
    /// binary (`main.rs`), `tests.rs` files and inline `mod tests` left out; each path names
    /// the longest module it begins with. Panics as [`Graph::read`] does.
    pub fn read_nested(src: &Path) -> Graph {
        nested::read_nested(src)
    }

    /// Each module with the modules of the folder it names.
    pub fn imports(&self) -> &BTreeMap<String, BTreeSet<String>> {
        &self.imports
    }

    /// What breaks `layers`: an import sideways or up, a module in no layer, a layer's name
    /// for a module the folder does not have.
    pub fn breaks(&self, layers: &Layers) -> Vec<String> {
        let layer_of = |module: &str| layers.iter().position(|(_, m)| m.contains(&module));
        let mut wrong = Vec::new();
        for (module, named) in &self.imports {
            if self.roots.contains(module) {
                continue;
            }
            let Some(layer) = layer_of(module) else {
                wrong.push(format!("{module} is in no layer: add it to the layers"));
                continue;
            };
            let own_children = self.own_children.get(module);
            for other in named
                .iter()
                .filter(|o| !own_children.is_some_and(|c| c.contains(*o)))
            {
                if layer_of(other).is_none_or(|below| below >= layer) {
                    let (name, _) = layers[layer];
                    wrong.push(format!("{module} ({name}) imports {other}"));
                }
            }
        }
        for (name, modules) in layers {
            for module in modules.iter().filter(|m| !self.imports.contains_key(**m)) {
                wrong.push(format!("{module} ({name}) is no module of the folder"));
            }
        }
        wrong
    }

    /// The graph, a module a line, by layer: `coach (sections) -> {"marks", "widgets"}`.
    pub fn describe(&self, layers: &Layers) -> String {
        let mut text = String::new();
        for (name, modules) in layers {
            for module in modules.iter() {
                let named = self.imports.get(*module).cloned().unwrap_or_default();
                text += &format!("{module} ({name}) -> {named:?}\n");
            }
        }
        text
    }
}

/// The module path of `folder` inside its crate, with a trailing `::` (`ui::`), found from
/// the crate's `src` folder; empty for `src` itself.
fn module_path(folder: &Path) -> String {
    let parts: Vec<String> = folder
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let src = parts.iter().rposition(|part| part == "src");
    let below = src.map_or(&parts[..0], |at| &parts[at + 1..]);
    below.iter().map(|part| format!("{part}::")).collect()
}

/// Every `.rs` file of `folder` and its sub-folders, with its module and depth.
fn sources(folder: &Path) -> Vec<Source> {
    let mut files = Vec::new();
    collect_files(folder, &mut files);
    files
        .into_iter()
        .filter_map(|path| {
            let relative: Vec<String> = path
                .strip_prefix(folder)
                .ok()?
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            let first = relative.first()?;
            let module = first.strip_suffix(".rs").unwrap_or(first).to_owned();
            let is_mod = path.file_name().is_some_and(|n| n == "mod.rs");
            let root = relative.len() == 1 && ["mod", "lib", "main"].contains(&module.as_str());
            let depth = if root {
                0
            } else {
                relative.len() - usize::from(is_mod)
            };
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            Some(Source {
                module,
                depth,
                text,
            })
        })
        .collect()
}

fn collect_files(folder: &Path, files: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(folder).unwrap_or_else(|e| panic!("{}: {e}", folder.display()));
    for entry in entries {
        let path = entry
            .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
            .path();
        if path.is_dir() {
            collect_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// The items the root files re-export (`pub use any::{AnyMatch, AnyMove}`), each with the
/// module it comes from.
fn reexports(sources: &[Source], modules: &BTreeSet<String>) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for source in sources.iter().filter(|s| s.depth == 0) {
        let paths = ["pub use ", "pub(crate) use "]
            .iter()
            .flat_map(|prefix| paths_after(&source.text, prefix));
        for path in paths {
            let module = match path.segments.first().map(String::as_str) {
                Some("crate" | "self") => path.segments.get(1),
                _ => path.segments.first(),
            };
            if let (Some(module), Some(name)) = (module, UsePath::name(&path)) {
                if modules.contains(module) && name != "*" {
                    map.insert(name.to_owned(), module.clone());
                }
            }
        }
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder of modules written for the test, removed after.
    struct Folder(PathBuf);

    impl Folder {
        fn new(name: &str, files: &[(&str, &str)]) -> Folder {
            let root = std::env::temp_dir()
                .join(format!("qipan-layers-{}-{name}", std::process::id()))
                .join("src");
            for (path, text) in files {
                let path = root.join(path);
                std::fs::create_dir_all(path.parent().expect("a parent")).expect("a folder");
                std::fs::write(path, text).expect("written");
            }
            Folder(root)
        }
    }

    impl Drop for Folder {
        fn drop(&mut self) {
            if let Some(parent) = self.0.parent() {
                let _ = std::fs::remove_dir_all(parent);
            }
        }
    }

    const LAYERS: &Layers = &[
        ("low", &["words", "state"]),
        ("modes", &["local", "online"]),
    ];

    #[test]
    fn a_crate_root_reads_through_its_reexports() {
        let folder = Folder::new(
            "root",
            &[
                (
                    "lib.rs",
                    "mod words;\nmod state;\nmod local;\nmod online;\npub use words::Command;",
                ),
                ("words.rs", "pub enum Command {}"),
                ("state.rs", "use crate::Command;"),
                ("local.rs", "use crate::{state::Shared, Command};"),
                ("online.rs", "fn f() { crate::local::g() }"),
            ],
        );
        let graph = Graph::read(&folder.0);
        let named = |m: &str| graph.imports()[m].iter().cloned().collect::<Vec<_>>();
        assert_eq!(named("state"), ["words"]);
        assert_eq!(named("local"), ["state", "words"]);
        assert_eq!(
            graph.breaks(LAYERS),
            ["online (modes) imports local", "state (low) imports words"]
        );
    }

    #[test]
    fn a_module_folder_reaches_its_siblings_through_super() {
        let folder = Folder::new(
            "folder",
            &[
                ("ui/mod.rs", "mod words;\nmod local;\nuse local::x;"),
                ("ui/words.rs", "use super::super::App;"),
                ("ui/local/mod.rs", "mod part;\nuse super::words;"),
                (
                    "ui/local/part.rs",
                    "use super::inner;\nuse super::super::words::W;",
                ),
                ("ui/online.rs", "use crate::ui::{local, words};"),
            ],
        );
        let graph = Graph::read(&folder.0.join("ui"));
        assert!(
            graph.imports()["words"].is_empty(),
            "the crate root is outside"
        );
        assert_eq!(graph.imports()["local"].len(), 1);
        assert_eq!(graph.imports()["online"].len(), 2);
        let layers: &Layers = &[("low", &["words"]), ("up", &["local", "online", "gone"])];
        assert_eq!(
            graph.breaks(layers),
            [
                "online (up) imports local",
                "gone (up) is no module of the folder"
            ]
        );
    }

    /// A crate in the server's shape: `room` low, its rules above it, the server on top.
    fn nested_crate(name: &str, fair: &str) -> Folder {
        Folder::new(
            name,
            &[
                (
                    "lib.rs",
                    "pub mod room;\npub mod server;\npub use self::server::serve;",
                ),
                ("main.rs", "use crate::room::fair::Fair;"),
                (
                    "room/mod.rs",
                    "mod fair;\nmod registry;\npub use self::fair::Fair;\nuse super::server;",
                ),
                ("room/fair.rs", fair),
                ("room/tests.rs", "use crate::server;"),
                ("room/registry/mod.rs", "mod upkeep;\nuse super::Fair;"),
                (
                    "room/registry/upkeep.rs",
                    "use super::super::fair;\n// crate::server\n\
                     #[cfg(test)]\nmod tests {\n    use crate::server;\n}",
                ),
                ("server.rs", "use crate::room::{fair::Fair, registry};"),
            ],
        )
    }

    const NESTED: &Layers = &[
        ("a game", &["room"]),
        ("its rules", &["room::fair"]),
        (
            "the rooms in use",
            &["room::registry", "room::registry::upkeep"],
        ),
        ("the server", &["server"]),
        ("the crate's root", &["lib"]),
    ];

    #[test]
    fn a_folder_module_names_its_children_whatever_their_layers() {
        let folder = nested_crate("children", "use super::Room;");
        let graph = Graph::read_nested(&folder.0);
        let named = |m: &str| graph.imports()[m].iter().cloned().collect::<Vec<_>>();
        let modules: Vec<&String> = graph.imports().keys().collect();
        assert_eq!(
            modules,
            [
                "lib",
                "room",
                "room::fair",
                "room::registry",
                "room::registry::upkeep",
                "server"
            ]
        );
        assert_eq!(named("lib"), ["server"]);
        assert_eq!(named("room::fair"), ["room"]);
        assert_eq!(named("room::registry"), ["room"]);
        assert_eq!(named("room::registry::upkeep"), ["room::fair"]);
        assert_eq!(named("server"), ["room::fair", "room::registry"]);
        assert_eq!(
            graph.breaks(NESTED),
            ["room (a game) imports server"],
            "room/mod.rs names its child fair, above it, freely; super from it is the root"
        );
    }

    #[test]
    fn a_nested_module_that_imports_up_fails_by_its_path() {
        let folder = nested_crate("up", "use crate::room::registry::upkeep::Tick;");
        let graph = Graph::read_nested(&folder.0);
        let layers: &Layers = &[
            ("a game", &["room"]),
            ("its rules", &["room::fair", "room::gone"]),
            (
                "the rooms in use",
                &["room::registry", "room::registry::upkeep"],
            ),
            ("the server", &["server"]),
        ];
        assert_eq!(
            graph.breaks(layers),
            [
                "lib is in no layer: add it to the layers",
                "room (a game) imports server",
                "room::fair (its rules) imports room::registry::upkeep",
                "room::gone (its rules) is no module of the folder",
            ]
        );
    }

    #[test]
    fn the_module_path_comes_from_src() {
        assert_eq!(module_path(Path::new("/w/crates/session/src")), "");
        assert_eq!(module_path(Path::new("/w/src/ui")), "ui::");
        assert_eq!(
            module_path(Path::new("/w/src/lobby/store")),
            "lobby::store::"
        );
    }
}
