//! The WebSocket to qipan-server, one API for the app: natively tungstenite on a thread with
//! the system's TLS ([`native`]), in the page the browser's own WebSocket ([`web`]). Either
//! reports what happens as [`SocketEvent`]s and wakes the app to read them.

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(target_arch = "wasm32")]
mod web;

#[cfg(not(target_arch = "wasm32"))]
pub use native::Socket;
#[cfg(target_arch = "wasm32")]
pub use web::Socket;

/// What a socket reports.
#[derive(Debug, PartialEq, Eq)]
pub enum SocketEvent {
    /// The handshake (TLS, then WebSocket) is done: frames flow.
    Opened,
    /// A text frame from the server.
    Text(String),
    /// The socket is gone, or never came: why, for the log (never shown to a player).
    Lost(String),
}
