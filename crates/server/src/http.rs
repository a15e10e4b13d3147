//! The HTTP side: `/health`, the WebSocket upgrade at `/ws`, the records API (`/api/...`,
//! `api.rs`), `/ready` and `/metrics` (`hosting`) and the web build at `/`.

use std::path::Path;
use std::sync::Arc;

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::api;
use crate::connection::Connection;
use crate::hosting::{self, Hosting};
use crate::lobby::Lobby;
use crate::room::registry::Rooms;
use crate::shutdown::Shutdown;
use crate::store::Store;

/// The largest message the socket layer reads at all; between 8 KiB and this a frame is
/// answered `too-large`, past it the connection is closed (it would only be buffered).
pub const SOCKET_MAX_BYTES: usize = 64 * 1024;
/// Each socket's read buffer (it grows for a larger frame, up to [`SOCKET_MAX_BYTES`]).
pub const SOCKET_BUFFER_BYTES: usize = 4 * 1024;

/// What every request is handled with.
#[derive(Clone)]
pub struct Shared {
    pub rooms: Arc<Rooms>,
    pub lobby: Arc<Lobby>,
    pub shutdown: Shutdown,
    pub hosting: Arc<Hosting>,
}

/// The routes; the records API answers from `store`.
pub fn router(shared: Shared, store: Arc<dyn Store>, site: Option<&Path>) -> Router {
    let mut app = Router::new()
        .route("/health", get(|| async { "ok" }))
        .route("/ws", get(ws_upgrade))
        .merge(api::routes(shared.rooms.clone(), store))
        .merge(hosting::routes(shared.hosting.clone()))
        .merge(api::seek_routes(shared.lobby.clone()));
    if let Some(site) = site {
        // `/` and `/?room=...` are the directory, whose index.html ServeDir serves; a
        // `.br` or `.gz` beside a file is sent instead when the client accepts it (the web
        // build writes them: tools/precompress.mjs). `Vary: Accept-Encoding`, which ServeDir
        // leaves out, so that no cache in between hands a Brotli body to a client that
        // asked for none.
        let files = tower_http::services::ServeDir::new(site)
            .precompressed_br()
            .precompressed_gzip();
        let files = tower_http::set_header::SetResponseHeader::if_not_present(
            files,
            axum::http::header::VARY,
            axum::http::HeaderValue::from_static("accept-encoding"),
        );
        app = app.fallback_service(files);
    }
    app.with_state(shared)
}

async fn ws_upgrade(
    ws: WebSocketUpgrade,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    State(shared): State<Shared>,
) -> Response {
    if shared.hosting.is_stopping() {
        return (StatusCode::SERVICE_UNAVAILABLE, "stopping").into_response();
    }
    let client = shared.hosting.client(peer.ip(), &headers);
    // Small buffers: frames are small, and tungstenite's 128 KiB default read buffer per
    // socket would be most of a game's memory.
    ws.max_message_size(SOCKET_MAX_BYTES)
        .max_frame_size(SOCKET_MAX_BYTES)
        .read_buffer_size(SOCKET_BUFFER_BYTES)
        .write_buffer_size(0)
        .on_upgrade(move |socket| async move {
            // Counted until the task has left its room: the server's stop waits on the count.
            let _counted = shared.rooms.metrics().connection_opened();
            Connection::new(shared.rooms, shared.lobby, client, shared.shutdown)
                .run(socket)
                .await;
        })
        .into_response()
}
