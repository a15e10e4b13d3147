//! The Maddell table built inside a web page, exactly as the app's web build does it
//! (`maddell_table::prepare_in_background`: IndexedDB first, else a build in slices between
//! frames), for the browser measurement `e2e/maddell_table.sh`. A crate of its own so that
//! the measurement needs neither the app's window nor the tests' dev-dependencies (which
//! do not build for wasm32). Natively it does nothing.

#[cfg(target_arch = "wasm32")]
mod page {
    use qipan_engine::ai::maddell_table;
    use qipan_engine::games::maddell::Maddell;
    use qipan_engine::games::Game;
    use wasm_bindgen::prelude::wasm_bindgen;

    /// Starts loading or building the table.
    #[wasm_bindgen]
    pub fn start_table() {
        maddell_table::prepare_in_background(|| {});
    }

    /// Where it stands: `building 0.420`, `ready`, `ready (note)`, `failed: why`, ...
    #[wasm_bindgen]
    pub fn table_readiness() -> String {
        maddell_table::readiness().to_string()
    }

    /// The start's exact value, once the table is there.
    #[wasm_bindgen]
    pub fn start_value() -> String {
        maddell_table::exact_value(&Maddell.start()).map_or("none".to_owned(), |v| v.to_string())
    }
}

