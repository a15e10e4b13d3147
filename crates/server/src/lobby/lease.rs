//! A lease per game id, so that one server at a time runs that game id's pairing over every
//! server's seeks: a lobby entry (`lease.<game>`) naming its holder and when it lapses,
//! taken and renewed only by revision-checked writes. A server alone never needs one.
//!
//! The lease keeps the pairing in one place, not the pairing safe: a server that lost its
//! lease without knowing it (a pause longer than the lease) can only fail its claims,
//! which are revision-checked too (`claims.rs`).

use qipan_engine::games::Variant;
use serde::{Deserialize, Serialize};

use super::Lobby;
use crate::store::{Revision, Written};

/// How long a lease lasts unless renewed; its holder renews it every pass, at least every
/// [`RENEW_MS`].
pub const LEASE_MS: u64 = 1_500;
pub const RENEW_MS: u64 = 500;

#[derive(Debug, Serialize, Deserialize)]
struct Holder {
    server: String,
    until_ms: u64,
}

/// One game id's lease, as this server knows it.
pub struct Lease {
    key: String,
    /// The revision of the lease entry this server last wrote, while it holds it.
    held: Option<Revision>,
}

impl Lease {
    pub fn new(game: Variant) -> Lease {
        // Keys allow no `:` (blockade:solidarity).
        Lease {
            key: format!("lease.{}", game.to_string().replace(':', "_")),
            held: None,
        }
    }

    /// Renews the lease, or takes it when it is free or lapsed; whether this server holds
    /// it now.
    pub async fn keep(&mut self, lobby: &Lobby, now_ms: u64) -> bool {
        if !lobby.rooms.shared() {
            return true;
        }
        let mine = Holder {
            server: lobby.server_id.clone(),
            until_ms: now_ms + LEASE_MS,
        };
        let value = serde_json::to_vec(&mine).unwrap_or_default();
        let base = match self.held {
            Some(revision) => Some(revision),
            None => match lobby.seeks.lobby_get(&self.key).await {
                Ok(None) => None,
                Ok(Some(entry)) => {
                    let holder = entry
                        .value
                        .as_deref()
                        .and_then(|v| serde_json::from_slice::<Holder>(v).ok());
                    match holder {
                        Some(h) if h.server != lobby.server_id && h.until_ms > now_ms => {
                            return false;
                        }
                        _ => Some(entry.revision),
                    }
                }
                Err(e) => {
                    tracing::warn!(error = %e, "reading a lease");
                    return false;
                }
            },
        };
        self.held = match lobby.seeks.lobby_put(&self.key, value, base).await {
            Ok(Written::Done(revision)) => Some(revision),
            Ok(Written::Conflict) => None,
            Err(e) => {
                tracing::warn!(error = %e, "writing a lease");
                None
            }
        };
        self.held.is_some()
    }
}
