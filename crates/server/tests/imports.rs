//! The server's modules import each other only downwards. Each module (a file; a folder's
//! `mod.rs` is the folder's module, `lib.rs` is `lib`) sits in one layer, lowest first, in
//! [`LAYERS`]; a module may import only modules of lower layers. The one exception is a
//! folder's `mod.rs` (and the crate root, `lib.rs`), which names its own children (`mod`,
//! `pub use`) whatever their layer. This reads every `crate::`, `super::` and `self::` path in
//! `src/` (tests and `main.rs`, the binary, aside), and fails on a path that points up or
//! sideways, on a module that no layer names, and on a layer's name for no module. The
//! reader is `qipan-layers` in its nested mode, shared with the session's and the app's
//! tests. Print the graph with `cargo test -p qipan-server --test imports -- --nocapture`.

/// The layers, lowest first. A module may import only modules of lower layers; the modules
/// of one layer know nothing of each other.
const LAYERS: &qipan_layers::Layers = &[
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

#[test]
fn the_servers_modules_import_each_other_only_downwards() {
    qipan_layers::assert_layers_nested(concat!(env!("CARGO_MANIFEST_DIR"), "/src"), LAYERS);
}
