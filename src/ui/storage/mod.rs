//! Where the app's files go: natively the file system (`native.rs`); in the browser, which
//! has no paths, downloads and the file picker, and the page's address and state
//! (`web.rs`). Both give the address a game's link opens (`link_address`). Nothing here
//! draws, and nothing here knows a view.

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(not(target_arch = "wasm32"))]
pub use native::*;

#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
pub use web::*;
