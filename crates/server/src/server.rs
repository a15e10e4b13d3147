//! Starting and stopping: storage opened, the rooms and their background tasks, the HTTP
//! listener, and a graceful stop.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::serve::ListenerExt;

use crate::clock::{Clock, SystemClock};
use crate::config::Config;
use crate::draw;
use crate::hosting::tls::{self, TlsError, TlsListener};
use crate::hosting::Hosting;
use crate::http;
use crate::lobby::settle::rate_seat;
use crate::lobby::{self, Lobby};
use crate::room::registry::Rooms;
use crate::shutdown::{self, Stop};
use crate::store::{self, StoreError};

/// Why the server could not start; said to the person starting it.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Tls(#[from] TlsError),
    #[error("{addr}: {source}")]
    Listen {
        addr: SocketAddr,
        #[source]
        source: std::io::Error,
    },
}

/// A running server.
pub struct Running {
    addr: SocketAddr,
    tls: bool,
    stop: Stop,
    /// Ends the listener, once the sockets are closed.
    stop_listening: Stop,
    hosting: Arc<Hosting>,
    task: tokio::task::JoinHandle<()>,
}

impl Running {
    /// Where it listens (the real port when 0 was asked for).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Where it listens, as a URL: `https://` with its own TLS.
    pub fn url(&self) -> String {
        let scheme = if self.tls { "https" } else { "http" };
        format!("{scheme}://{}", self.addr)
    }

    /// The stop of hosting.md: `/ready` answers `503` and new WebSockets are refused at
    /// once; every socket is closed with `1012` and leaves its room (stored); then the
    /// listener stops. Waits at most a few seconds for the sockets and the listener each.
    pub async fn stop(self) {
        self.hosting.begin_stop();
        self.stop.stop();
        let deadline = Instant::now() + Duration::from_secs(4);
        // Each socket task is counted (the metrics' open connections) until it has left
        // its room.
        while self.hosting.open_sockets() > 0 && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        self.stop_listening.stop();
        let _ = tokio::time::timeout(Duration::from_secs(4), self.task).await;
    }
}

/// Starts the server on the system clock.
pub async fn start(config: Config) -> Result<Running, StartError> {
    start_with_clock(config, Arc::new(SystemClock)).await
}

/// Opens storage, binds the address and starts serving, with rooms' time read from
/// `clock`.
pub async fn start_with_clock(
    config: Config,
    clock: Arc<dyn Clock>,
) -> Result<Running, StartError> {
    let store = store::open(&config.data, config.nats.as_deref(), Arc::new(rate_seat)).await?;
    lobby::computer::add_players(store.as_ref()).await?;
    let server_id = draw::server_id(&mut rand::rng());
    let (stop, shutdown) = shutdown::channel();
    let rooms = Arc::new(Rooms::new(
        server_id.clone(),
        store.clone(),
        clock.clone(),
        config.turn_ms,
        config.day_ms,
    ));
    let settings = lobby::Settings {
        bot_after_ms: config.bot_after_ms,
        computer_workers: config.computer_workers,
        computer_games_per_worker: config.computer_games_per_worker,
    };
    let lobby = Arc::new(Lobby::new(
        store.clone(),
        rooms.clone(),
        clock,
        server_id,
        settings,
    ));
    let tls_config = config.tls.as_ref().map(tls::load).transpose()?;
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|source| StartError::Listen {
            addr: config.listen,
            source,
        })?;
    let addr = listener.local_addr().map_err(|source| StartError::Listen {
        addr: config.listen,
        source,
    })?;

    if let Some(changes) = store.watch_rooms().await? {
        tokio::spawn(rooms.clone().follow(changes, shutdown.clone()));
    }
    tokio::spawn(rooms.clone().keep_tidy(shutdown.clone()));
    lobby.start(&shutdown);

    let hosting = Arc::new(Hosting::new(
        config.proxies.clone(),
        store.clone(),
        rooms.clone(),
    ));
    let shared = http::Shared {
        rooms,
        lobby,
        shutdown,
        hosting: hosting.clone(),
    };
    let app = http::router(shared, store, config.site.as_deref());
    let app = app.into_make_service_with_connect_info::<SocketAddr>();
    let (stop_listening, mut until) = shutdown::channel();
    let until = async move { until.requested().await };
    let tls = tls_config.is_some();
    let task = match tls_config {
        Some(tls_config) => {
            let listener =
                TlsListener::new(listener, tls_config).map_err(|source| StartError::Listen {
                    addr: config.listen,
                    source,
                })?;
            // `tap_io` only for the address it hands axum's ConnectInfo.
            let listener = listener.tap_io(|_| {});
            tokio::spawn(async move {
                let serve = axum::serve(listener, app).with_graceful_shutdown(until);
                if let Err(e) = serve.await {
                    tracing::error!(error = %e, "serving HTTPS");
                }
            })
        }
        None => {
            // No Nagle: a state frame is small and should leave at once, not wait for an
            // ACK.
            let listener = listener.tap_io(|tcp| {
                let _ = tcp.set_nodelay(true);
            });
            tokio::spawn(async move {
                let serve = axum::serve(listener, app).with_graceful_shutdown(until);
                if let Err(e) = serve.await {
                    tracing::error!(error = %e, "serving HTTP");
                }
            })
        }
    };
    Ok(Running {
        addr,
        tls,
        stop,
        stop_listening,
        hosting,
        task,
    })
}
