//! The nested mode, for a crate whose layers run through its folders (the server: `room` low,
//! `room::fair` above it, `room::registry::upkeep` higher still): every file is a module of
//! its own, named by its path from the crate root (`room/fair.rs` is `room::fair`,
//! `room/mod.rs` is `room`, the crate root `lib.rs` is `lib`), and a path names the longest
//! module it begins with (`crate::room::fair::ABORT` names `room::fair`).
//!
//! What is not the crate's code is not read: the binary (`main.rs` at the root), test files
//! (`tests.rs`) and a file's inline `#[cfg(test)]\nmod tests {` tail.

use crate::read::paths_after;
use crate::{collect_files, module_path, Graph};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// How a file's inline tests begin; the file is read up to there.
const TESTS_TAIL: &str = "#[cfg(test)]\nmod tests {";

/// A file of the crate, as the nested reader needs it.
struct Module {
    /// Its path from the crate root: `["room", "fair"]`; `[]` for `lib.rs`.
    path: Vec<String>,
    /// A folder's `mod.rs` or the crate root: it declares its children, and may name them.
    is_folder: bool,
    /// The file's text, its inline tests cut off.
    text: String,
}

impl Module {
    /// The name the layers give it: `room::fair`, `lib` for the crate root.
    fn name(path: &[String]) -> String {
        if path.is_empty() {
            "lib".to_owned()
        } else {
            path.join("::")
        }
    }
}

/// The graph of the modules of `src`, a crate's source folder (its root: `crate::` paths are
/// read from it). Panics on a folder below the root, which would read `crate::` wrong, and
/// on a folder or a file that does not read.
pub(crate) fn read_nested(src: &Path) -> Graph {
    assert!(
        module_path(src).is_empty(),
        "{}: the nested mode reads a crate's src folder",
        src.display()
    );
    let modules = modules(src);
    let known: BTreeSet<&[String]> = modules.iter().map(|m| m.path.as_slice()).collect();
    let mut imports = BTreeMap::new();
    let mut own_children = BTreeMap::new();
    for module in &modules {
        let name = Module::name(&module.path);
        let named: BTreeSet<String> = paths_from_root(&module.text, &module.path)
            .into_iter()
            .filter_map(|path| {
                (0..=path.len())
                    .rev()
                    .map(|n| &path[..n])
                    .find(|prefix| known.contains(prefix))
                    .map(Module::name)
            })
            .filter(|named| *named != name)
            .collect();
        if module.is_folder {
            let children = modules
                .iter()
                .filter(|m| m.path.split_last().is_some_and(|(_, up)| up == module.path))
                .map(|m| Module::name(&m.path))
                .collect::<BTreeSet<_>>();
            own_children.insert(name.clone(), children);
        }
        imports.insert(name, named);
    }
    Graph {
        imports,
        roots: BTreeSet::new(),
        own_children,
    }
}

/// Every module of `src`, the binary and the tests aside.
fn modules(src: &Path) -> Vec<Module> {
    let mut files = Vec::new();
    collect_files(src, &mut files);
    files
        .into_iter()
        .filter_map(|file| {
            let relative = file.strip_prefix(src).ok()?;
            let stem = relative.file_stem()?.to_string_lossy().into_owned();
            let mut path: Vec<String> = relative
                .parent()?
                .iter()
                .map(|part| part.to_string_lossy().into_owned())
                .collect();
            let is_folder = match stem.as_str() {
                "tests" => return None,
                "main" if path.is_empty() => return None,
                "lib" if path.is_empty() => true,
                "mod" => true,
                _ => {
                    path.push(stem);
                    false
                }
            };
            let text = std::fs::read_to_string(&file)
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let text = match text.find(TESTS_TAIL) {
                Some(at) => text[..at].to_owned(),
                None => text,
            };
            Some(Module {
                path,
                is_folder,
                text,
            })
        })
        .collect()
}

/// The paths `text` writes after `crate::`, `self::` or `super::`, each from the crate root:
/// `self` is `module` (a folder's `mod.rs` is the folder), and each `super` one step up from
/// it, so `super` in `room/mod.rs` is the crate root.
fn paths_from_root(text: &str, module: &[String]) -> Vec<Vec<String>> {
    let from_crate = paths_after(text, "crate::").into_iter().map(|p| p.segments);
    let from_self = paths_after(text, "self::")
        .into_iter()
        .map(|p| [module, &p.segments].concat());
    let from_super = paths_after(text, "super::").into_iter().map(|p| {
        let more = p.segments.iter().take_while(|s| *s == "super").count();
        let up = &module[..module.len().saturating_sub(1 + more)];
        [up, &p.segments[more..]].concat()
    });
    from_crate.chain(from_self).chain(from_super).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn joined(text: &str, module: &[&str]) -> Vec<String> {
        let module: Vec<String> = module.iter().map(|s| s.to_string()).collect();
        let mut paths: Vec<String> = paths_from_root(text, &module)
            .iter()
            .map(|p| p.join("::"))
            .collect();
        paths.sort();
        paths
    }

    #[test]
    fn the_reading_finds_paths_in_every_form() {
        let text = "use super::{desk::Desk, pairing};\nuse crate::store::{self, Store};\n\
                    let x = crate::room::Room::create();\nlet y = self::fair::ABORT;";
        assert_eq!(
            joined(text, &["lobby", "claims"]),
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

    #[test]
    fn each_super_is_a_step_up_and_the_root_has_none_above() {
        let text = "use super::super::fair::Fair;\nuse super::Registry;";
        assert_eq!(
            joined(text, &["room", "registry", "upkeep"]),
            ["room::fair::Fair", "room::registry::Registry"]
        );
        assert_eq!(joined("use super::Store;", &[]), ["Store"]);
    }
}
