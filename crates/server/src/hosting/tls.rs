//! `--tls-cert` and `--tls-key`: the server's own HTTPS and `wss://` (hosting.md's
//! "Options"), for a host without a proxy in front. rustls on ring (the server builds only
//! for Linux, where ring builds; async-nats uses it already).
//!
//! The handshakes run in tasks of their own, so that a client that opens a connection and
//! says nothing delays nobody else's; axum is handed only connections whose handshake is
//! done, through [`TlsListener`].

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::server::TlsStream;
use tokio_rustls::TlsAcceptor;

/// How long a client has to finish its handshake.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections whose handshake is done, waiting for axum to take them.
const READY_QUEUE: usize = 64;

/// The certificate chain and key files, both PEM.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TlsFiles {
    pub cert: PathBuf,
    pub key: PathBuf,
}

/// Why the certificate or key could not be used; said to the person starting the server.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    #[error("--tls-cert {}: {source}", path.display())]
    Cert {
        path: PathBuf,
        source: rustls_pki_types::pem::Error,
    },
    #[error("--tls-cert {}: no certificate in it", .0.display())]
    NoCert(PathBuf),
    #[error("--tls-key {}: {source}", path.display())]
    Key {
        path: PathBuf,
        source: rustls_pki_types::pem::Error,
    },
    #[error("the certificate and key do not make a TLS server: {0}")]
    Rustls(#[from] tokio_rustls::rustls::Error),
}

/// Reads the files into a TLS server's settings (HTTP/1.1 only: that is what the server
/// speaks, and what a WebSocket upgrade needs).
pub fn load(files: &TlsFiles) -> Result<Arc<ServerConfig>, TlsError> {
    let chain = CertificateDer::pem_file_iter(&files.cert)
        .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
        .map_err(|source| TlsError::Cert {
            path: files.cert.clone(),
            source,
        })?;
    if chain.is_empty() {
        return Err(TlsError::NoCert(files.cert.clone()));
    }
    let key = PrivateKeyDer::from_pem_file(&files.key).map_err(|source| TlsError::Key {
        path: files.key.clone(),
        source,
    })?;
    let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let mut config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()?
        .with_no_client_auth()
        .with_single_cert(chain, key)?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

/// A listener whose connections have finished their TLS handshake.
pub struct TlsListener {
    ready: mpsc::Receiver<(TlsStream<TcpStream>, SocketAddr)>,
    addr: SocketAddr,
}

impl TlsListener {
    /// Starts accepting on `listener`, each handshake in a task of its own.
    pub fn new(listener: TcpListener, config: Arc<ServerConfig>) -> std::io::Result<TlsListener> {
        let addr = listener.local_addr()?;
        let (tx, ready) = mpsc::channel(READY_QUEUE);
        let acceptor = TlsAcceptor::from(config);
        tokio::spawn(async move {
            loop {
                let accepted = tokio::select! {
                    accepted = listener.accept() => accepted,
                    // The server stopped listening: so does this.
                    () = tx.closed() => return,
                };
                let (tcp, peer) = match accepted {
                    Ok(accepted) => accepted,
                    Err(e) => {
                        // Out of file descriptors and the like: wait, as axum's own does.
                        tracing::warn!(error = %e, "accepting a connection");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                // No Nagle: a state frame is small and should leave at once.
                let _ = tcp.set_nodelay(true);
                let (acceptor, tx) = (acceptor.clone(), tx.clone());
                tokio::spawn(async move {
                    match tokio::time::timeout(HANDSHAKE_TIMEOUT, acceptor.accept(tcp)).await {
                        Ok(Ok(tls)) => {
                            let _ = tx.send((tls, peer)).await;
                        }
                        Ok(Err(e)) => tracing::debug!(error = %e, "a TLS handshake failed"),
                        Err(_) => tracing::debug!("a TLS handshake timed out"),
                    }
                });
            }
        });
        Ok(TlsListener { ready, addr })
    }
}

impl axum::serve::Listener for TlsListener {
    type Io = TlsStream<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        match self.ready.recv().await {
            Some(ready) => ready,
            // The accepting task is gone (it only ends once this is dropped): nothing more
            // will come.
            None => std::future::pending().await,
        }
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        Ok(self.addr)
    }
}
