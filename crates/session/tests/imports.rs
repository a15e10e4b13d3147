//! The session's modules form layers that point only down, as the app's views do
//! (`tests/app/ui_imports.rs`): the words at the bottom, the match controller and any game on
//! them, the commands, the state every mode shares, the modes (leaves: none imports
//! another), the mode on the board, the session at the top. This reads every `use` (and
//! every path written out) in `src/`, prints the graph and fails on an import that points
//! sideways or up, and on a module no layer names. Print the graph with
//! `cargo test -p qipan-session --test imports -- --nocapture`.

/// The layers, lowest first; a module may import only modules of a lower layer. `lib.rs`
/// declares them all and re-exports what the app names, so it needs none.
const LAYERS: &qipan_layers::Layers = &[
    ("what the words are read from", &["address"]),
    (
        "the words",
        &[
            "connection",
            "engine",
            "errors",
            "lobby",
            "moves",
            "progress",
            "record",
            "timer",
        ],
    ),
    ("a game's parts", &["coach", "notice"]),
    ("the match controller", &["controller"]),
    ("any game", &["any"]),
    (
        "what games are read from",
        &["puzzle_book", "save", "scripted"],
    ),
    ("links", &["link"]),
    ("the commands", &["command"]),
    ("the player's link", &["player_link"]),
    ("what every mode shares", &["review", "state", "transition"]),
    (
        "the modes",
        &[
            "archive", "editor", "lessons", "local", "online", "puzzles", "seeking",
        ],
    ),
    ("the mode on the board", &["mode"]),
    ("the session", &["session"]),
    ("what the tests share", &["testing"]),
    (
        "the tests",
        &[
            "controller_tests",
            "editor_tests",
            "lesson_tests",
            "lobby_tests",
            "online_tests",
            "player_link_tests",
            "puzzle_tests",
            "session_tests",
            "shared_tests",
        ],
    ),
];

#[test]
fn the_session_imports_only_downwards() {
    qipan_layers::assert_layers(concat!(env!("CARGO_MANIFEST_DIR"), "/src"), LAYERS);
}
