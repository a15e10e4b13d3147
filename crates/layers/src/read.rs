//! Reading the paths a Rust file writes: every `use` tree and every path written out after
//! `crate::` or `super::`, with its groups (`{a, b::{c, d}}`) and renames (`a as b`). Not a
//! Rust parser: enough of one for module names, which is all the layers need.

/// A path as written after a prefix: its segments, and the name a rename gives its last
/// one (`use super::a::B as C`: `["a", "B"]`, `Some("C")`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct UsePath {
    pub segments: Vec<String>,
    pub alias: Option<String>,
}

impl UsePath {
    /// The name the path brings into scope: its rename, else its last segment.
    pub fn name(&self) -> Option<&str> {
        self.alias
            .as_deref()
            .or(self.segments.last().map(String::as_str))
    }
}

/// Every path written after `prefix` (`crate::ui::`, `super::super::`) in `text`, comments
/// left out: a doc link is no dependency. A prefix counts only as a whole (`crate::`, not
/// `some_crate::`; `super::x`, not the second `super::` of `super::super::x`). A group may
/// span lines, as rustfmt writes a long one (`use super::{\n    a,\n    b,\n};`).
pub(crate) fn paths_after(text: &str, prefix: &str) -> Vec<UsePath> {
    let code = without_comments(text);
    let mut paths = Vec::new();
    for (at, _) in code.match_indices(prefix) {
        let before = code[..at].chars().next_back();
        let joined = before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':');
        if !joined {
            paths.extend(Cursor::new(&code[at + prefix.len()..]).tree());
        }
    }
    paths
}

/// `text` with each line cut at its `//`: line comments and doc comments, whole or at the end
/// of a line.
fn without_comments(text: &str) -> String {
    text.lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths of one `use` tree, read from the start of a text.
struct Cursor<'a> {
    rest: &'a str,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Self {
        Cursor { rest: text }
    }

    /// A tree: `*`, a name, `name::tree`, `name as alias`, or `{tree, tree, ...}`.
    fn tree(&mut self) -> Vec<UsePath> {
        if self.eat("{") {
            let mut paths = Vec::new();
            while !self.eat("}") {
                let before = self.rest.len();
                paths.extend(self.tree());
                if !self.eat(",") && !self.rest.trim_start().starts_with('}') {
                    break;
                }
                if self.rest.len() == before {
                    break;
                }
            }
            return paths;
        }
        let Some(name) = self.name() else {
            return Vec::new();
        };
        if self.eat("::") {
            let mut inner = self.tree();
            if inner.is_empty() {
                inner.push(UsePath {
                    segments: Vec::new(),
                    alias: None,
                });
            }
            for path in &mut inner {
                path.segments.insert(0, name.clone());
            }
            return inner;
        }
        let alias = if self.eat_word("as") {
            self.name()
        } else {
            None
        };
        vec![UsePath {
            segments: vec![name],
            alias,
        }]
    }

    /// A name (or `*`, or `self`) next, skipping blanks.
    fn name(&mut self) -> Option<String> {
        let text = self.rest.trim_start();
        if let Some(rest) = text.strip_prefix('*') {
            self.rest = rest;
            return Some("*".to_owned());
        }
        let end = text
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(text.len());
        if end == 0 {
            return None;
        }
        self.rest = &text[end..];
        Some(text[..end].to_owned())
    }

    /// Whether `token` comes next (blanks skipped); it is read if so.
    fn eat(&mut self, token: &str) -> bool {
        match self.rest.trim_start().strip_prefix(token) {
            Some(rest) => {
                self.rest = rest;
                true
            }
            None => false,
        }
    }

    /// Whether the word `word` comes next, as a whole word.
    fn eat_word(&mut self, word: &str) -> bool {
        let text = self.rest.trim_start();
        let whole = text
            .strip_prefix(word)
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_whitespace()));
        if whole {
            self.rest = &text[word.len()..];
        }
        whole
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn firsts(text: &str, prefix: &str) -> Vec<String> {
        paths_after(text, prefix)
            .into_iter()
            .filter_map(|p| p.segments.first().cloned())
            .collect()
    }

    #[test]
    fn groups_nest_and_paths_are_written_out() {
        let text = "use super::{coach, lobby::{Key, Query}, session::Shared};\n\
                    let x = crate::ui::theme::RED; crate::lessons::course(g);";
        assert_eq!(
            firsts(text, "super::"),
            ["coach", "lobby", "lobby", "session"]
        );
        assert_eq!(firsts(text, "crate::"), ["ui", "lessons"]);
    }

    #[test]
    fn renames_give_the_name_in_scope() {
        let paths = paths_after("pub use any::{AnyMatch as Game, ReplayError};", "use ");
        let names: Vec<&str> = paths.iter().filter_map(UsePath::name).collect();
        assert_eq!(names, ["Game", "ReplayError"]);
        assert_eq!(paths[0].segments, ["any", "AnyMatch"]);
    }

    #[test]
    fn comments_and_longer_words_are_not_paths() {
        let text = "/// See [`crate::seeking`].\n// crate::online\nuse qipan_crate::x;\n\
                    $crate::AnyMatch::Push(m); use super::super::y;";
        assert_eq!(firsts(text, "crate::"), ["AnyMatch"]);
        assert_eq!(firsts(text, "super::"), ["super"]);
        assert_eq!(firsts(text, "super::super::"), ["y"]);
    }

    #[test]
    fn a_group_spans_lines_and_a_comment_ends_a_line() {
        let text =
            "use super::{\n    coach, // super::notice\n    lobby::{\n        Key,\n    },\n};";
        assert_eq!(firsts(text, "super::"), ["coach", "lobby"]);
    }

    #[test]
    fn a_glob_and_self_are_read_as_names() {
        assert_eq!(firsts("use super::*;", "super::"), ["*"]);
        assert_eq!(
            firsts("use crate::save::{self, SaveError};", "crate::"),
            ["save", "save"]
        );
    }
}
