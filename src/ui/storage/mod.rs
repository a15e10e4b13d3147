//! Where the app's files go: natively the file system (`native.rs`); in the browser, which
//! has no paths, downloads and the file picker, and the page's address and state
//! (`web.rs`). Both give the address a game's link opens (`link_address`), and say where the
//! crates' licences are. Nothing here draws, and nothing here knows a view.

/// The crates' licences as every release ships them (`tools/third-party-licenses.py`,
/// `tools/release.sh`): beside the executables, and beside the web page.
pub const THIRD_PARTY_LICENCES: &str = "THIRD-PARTY-LICENSES.txt";

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(not(target_arch = "wasm32"))]
pub use native::*;

#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
pub use web::*;
