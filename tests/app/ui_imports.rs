//! The views of `src/ui` form a tree that points only down, as in egui_demo_lib: the leaves,
//! what the sections share, the sections, the layout, the shell. This reads every `use` (and
//! every path written out) in `src/ui`, prints the graph of its modules and fails on an
//! import that points sideways or up: a section that imports another section, a leaf that
//! imports anything, a module that no layer names (the reader is `qipan-layers`, shared with
//! the session's test). Print the graph with `cargo test --test app ui_imports -- --nocapture`.

use crate::ROOT;

/// The layers, lowest first; a module may import only modules of a lower layer.
const LAYERS: [(&str, &[&str]); 6] = [
    ("the wire: a socket to the server", &["socket"]),
    (
        "leaves",
        &[
            "command",
            "cues",
            "games",
            "kept",
            "marks",
            "notify",
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
            "about",
            "board",
            "challenges",
            "coach",
            "editor",
            "file",
            "keys",
            "lessons",
            "online",
            "panels",
            "players",
            "puzzles",
            "records",
            "settings",
            "stats",
            "status",
            "your_games",
        ],
    ),
    ("the layout", &["layout", "page"]),
    ("the shell", &["mod"]),
];

#[test]
fn the_views_import_each_other_only_downwards() {
    qipan_layers::assert_layers(&format!("{ROOT}/src/ui"), &LAYERS);
}
