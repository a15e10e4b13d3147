//! What the server does for the person who hosts it (`shared/spec/hosting.md`): who a
//! request comes from behind a proxy (`proxy`), its own TLS (`tls`), readiness and the
//! stop (here), the figures to watch (`metrics`), and copies of the data file while it
//! runs (`backup`).

pub mod backup;
pub mod metrics;
pub mod proxy;
pub mod tls;

use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

use crate::room::registry::Rooms;
use crate::store::RoomStore;
use metrics::Metrics;
use proxy::Proxies;

/// The hosting side of one server: whom to believe about clients' addresses, whether it
/// is stopping, and what readiness and the metrics read.
pub struct Hosting {
    proxies: Proxies,
    stopping: AtomicBool,
    store: Arc<dyn RoomStore>,
    rooms: Arc<Rooms>,
}

impl Hosting {
    pub fn new(proxies: Proxies, store: Arc<dyn RoomStore>, rooms: Arc<Rooms>) -> Hosting {
        Hosting {
            proxies,
            stopping: AtomicBool::new(false),
            store,
            rooms,
        }
    }

    /// Who a request from `peer` with `headers` comes from (`--proxy`).
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        self.proxies.client(peer, headers)
    }

    /// From now on `/ready` answers `503` and no new WebSocket is taken.
    pub fn begin_stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }

    pub fn is_stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    /// The WebSockets whose tasks have not yet left their rooms.
    pub fn open_sockets(&self) -> i64 {
        self.metrics().open_connections()
    }

    fn metrics(&self) -> &Metrics {
        self.rooms.metrics()
    }

    /// Why the server should be sent no new players now, if it should not.
    async fn not_ready(&self) -> Option<String> {
        if self.is_stopping() {
            return Some("stopping".into());
        }
        match self.store.ready().await {
            Ok(()) => None,
            Err(e) => {
                tracing::warn!(error = %e, "not ready: storage does not answer");
                Some("storage unavailable".into())
            }
        }
    }
}

/// `/ready` and `/metrics`, for any router's state.
pub fn routes<S: Clone + Send + Sync + 'static>(hosting: Arc<Hosting>) -> Router<S> {
    Router::new()
        .route("/ready", get(ready))
        .route("/metrics", get(scrape))
        .with_state(hosting)
}

async fn ready(State(hosting): State<Arc<Hosting>>) -> impl IntoResponse {
    match hosting.not_ready().await {
        None => (StatusCode::OK, "ready".to_owned()),
        Some(reason) => (StatusCode::SERVICE_UNAVAILABLE, reason),
    }
}

async fn scrape(State(hosting): State<Arc<Hosting>>) -> impl IntoResponse {
    let live = hosting.rooms.live_by_game().await;
    let text = hosting.metrics().render(&live);
    ([(header::CONTENT_TYPE, metrics::CONTENT_TYPE)], text)
}
