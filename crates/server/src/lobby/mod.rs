//! The lobby (`shared/spec/lobby.md`): players, seeks and pairing, ratings, the computer
//! as four rated players. [`Lobby`] is what connections ask; the modules below it are its
//! pure rules and its tasks.

pub mod computer;
pub mod pairing;
pub mod players;
pub mod ratings;
pub mod settle;

use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use qipan_protocol::{ErrorCode, ServerFrame};

use crate::clock::Clock;
use crate::store::{PlayerInfo, Store};
use players::{Key, Name, RegistrationLimits};

/// A connection's player: who it plays as after a `register` or `login`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Me {
    pub key: players::NameKey,
    pub name: String,
}

/// Why a lobby frame was refused, and whether the refusal counts toward closing the
/// connection (the registration limit's do not: lobby.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: ErrorCode,
    pub counts: bool,
}

impl From<ErrorCode> for Refusal {
    fn from(code: ErrorCode) -> Refusal {
        Refusal { code, counts: true }
    }
}

/// Locks a std mutex even if a thread panicked while holding it (plain data).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Storage failed: logged, answered `unavailable`.
fn unavailable(what: &str) -> impl Fn(crate::store::StoreError) -> ErrorCode + '_ {
    move |e| {
        tracing::error!(error = %e, "{what}");
        ErrorCode::Unavailable
    }
}

pub struct Lobby {
    store: Arc<dyn Store>,
    clock: Arc<dyn Clock>,
    registrations: Mutex<RegistrationLimits<IpAddr>>,
}

impl Lobby {
    pub fn new(store: Arc<dyn Store>, clock: Arc<dyn Clock>) -> Lobby {
        Lobby {
            store,
            clock,
            registrations: Mutex::new(RegistrationLimits::default()),
        }
    }

    /// The `player` frame for a player and their key, to that connection alone.
    pub fn player_frame(info: &PlayerInfo, key: &Key) -> ServerFrame {
        ServerFrame::Player {
            name: info.name.clone(),
            key: key.reveal().to_owned(),
            ratings: info.wire_ratings(),
        }
    }

    /// A new player named `name`, registered from `address`.
    pub async fn register(
        &self,
        address: IpAddr,
        name: &str,
    ) -> Result<(PlayerInfo, Key), Refusal> {
        let name = Name::to_register(name)?;
        let now = self.clock.now_ms();
        if !lock(&self.registrations).admit(address, now) {
            return Err(Refusal {
                code: ErrorCode::RateLimited,
                counts: false,
            });
        }
        let registered = match Key::new() {
            Some(key) => self
                .store
                .register(&name, &key.hash(), now)
                .await
                .map_err(unavailable("registering a player"))
                .and_then(|done| {
                    if done {
                        Ok(key)
                    } else {
                        Err(ErrorCode::NameTaken)
                    }
                }),
            None => {
                tracing::error!("the OS gave no randomness for a key");
                Err(ErrorCode::Unavailable)
            }
        };
        let key = registered.inspect_err(|_| lock(&self.registrations).give_back(&address))?;
        tracing::info!(player = %name, "registered");
        let info = PlayerInfo {
            key: name.key().clone(),
            name: name.as_str().to_owned(),
            bot: false,
            ratings: Default::default(),
        };
        Ok((info, key))
    }

    /// The player whose key this is.
    pub async fn login(&self, key: &str) -> Result<(PlayerInfo, Key), ErrorCode> {
        let key = Key::parse(key).ok_or(ErrorCode::BadKey)?;
        let info = self
            .store
            .player_by_key(&key.hash())
            .await
            .map_err(unavailable("logging a player in"))?
            .ok_or(ErrorCode::BadKey)?;
        Ok((info, key))
    }
}
