//! Every game id with its options, one a line, from the engine's registry
//! ([`Variant::ALL`]): what the tools that loop over the games read instead of a list of
//! their own (`tools/calibrate.sh`), so that a new game reaches them by itself.
//!
//! ```sh
//! cargo run -q -p qipan-engine --example games
//! ```

use qipan_engine::games::Variant;

fn main() {
    for variant in Variant::ALL {
        println!("{variant}");
    }
}
