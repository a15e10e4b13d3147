//! Playing someone new, the client's side of the lobby's socket (`shared/spec/lobby.md`):
//! choosing a name, logging in with a key, and seeking a game until the server pairs it.
//!
//! In the session this is [`Mode::Seeking`](crate::Mode::Seeking), and its commands are the
//! [`LobbyCommand`]s: a `register`, a `login` or a seek opens a connection, which says who the
//! player is (`register` or `login`), then, for a seek, `seek`, and waits. The server's
//! `paired` asks the session for the room's mode ([`Transition::Paired`]), the same
//! connection holding the seat. A name or a key alone leaves the mode once the server
//! answers. The local games wait behind it, as behind every mode.
//!
//! What outlives the connection (the player, the server's refusal) is the lobby's
//! ([`crate::lobby`]).

use crate::address::ServerAddress;
use crate::command::{Command, LobbyCommand};
use crate::connection::{Connection, ConnectionEvent};
use crate::errors::{CommandError, LobbyError, ModeKind};
use crate::lobby::{is_valid_name, Key, LobbyNotice};
use crate::state::Shared;
use crate::transition::{Pairing, Transition};
use qipan_engine::games::Variant;
use qipan_protocol::{ClientFrame, Seeking as SeekAnswer, ServerFrame};

/// What the connection is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wish {
    /// A new player of this name.
    Register { name: String },
    /// Playing as a key's player on this device.
    LogIn,
    /// A game of `game`, rated or casual.
    Seek { game: Variant, rated: bool },
}

/// Where the connection is on its way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The socket is not open yet (or is being opened again).
    Connecting,
    /// `register` or `login` sent, the `player` answer awaited.
    Identifying,
    /// `seek` sent, the `seeking` answer awaited.
    Asking,
    /// The server holds the seek: waiting for someone (or the computer).
    Waiting,
    /// `unseek` sent: its answer (or a pairing that came first) awaited.
    Cancelling,
}

/// The lobby's connection, and what it is for.
pub struct Seeking {
    connection: Connection,
    wish: Wish,
    /// The key `login` sends (the player's, or the one typed).
    key: Option<Key>,
    step: Step,
    /// When the server first said the seek stands (session clock): the seconds waited.
    since: Option<f64>,
}

impl Seeking {
    pub fn wish(&self) -> &Wish {
        &self.wish
    }

    pub fn step(&self) -> Step {
        self.step
    }

    /// The connection to the server (the transport's side of it).
    pub fn connection(&self) -> &Connection {
        &self.connection
    }

    /// Seconds since the server took the seek; `None` before it has.
    pub fn waited(&self, now: f64) -> Option<f64> {
        self.since.map(|since| (now - since).max(0.0))
    }

    /// When the seconds waited tick next: the app draws them then.
    pub fn next_moment(&self, now: f64) -> Option<f64> {
        let waited = self.waited(now)?;
        Some(now + (waited.floor() + 1.0 - waited))
    }

    pub fn take_outbox(&mut self) -> Vec<String> {
        self.connection.take_outbox()
    }

    /// The session's commands while the lobby's connection is on: the connection's reports
    /// and Cancel; anything else waits until it is done (the local games wait behind it).
    pub(crate) fn handle(
        &mut self,
        command: Command,
        shared: &mut Shared,
        now: f64,
    ) -> Result<Transition, CommandError> {
        match command {
            Command::Connection(ConnectionEvent::Connecting) => self.connection.connecting(),
            Command::Connection(ConnectionEvent::Opened) => {
                self.connection.opened();
                self.identify();
            }
            Command::Connection(ConnectionEvent::Lost) => {
                self.connection.lost(now);
                // The seek ended with the connection; the next one seeks again.
                if self.step == Step::Cancelling {
                    return Ok(Transition::Leave);
                }
                self.step = Step::Connecting;
            }
            Command::Connection(ConnectionEvent::Received(frame)) => {
                return Ok(self.received(*frame, shared, now));
            }
            Command::Lobby(LobbyCommand::Cancel) => return Ok(self.cancel()),
            Command::Lobby(
                LobbyCommand::Register { .. }
                | LobbyCommand::LogIn { .. }
                | LobbyCommand::Seek { .. },
            ) => return Err(CommandError::AlreadyIn(ModeKind::Seeking)),
            _ => return Err(CommandError::NotWhile(ModeKind::Seeking)),
        }
        Ok(Transition::Stay)
    }

    /// Says who the player is: a new name, or a key.
    fn identify(&mut self) {
        self.step = Step::Identifying;
        match (&self.wish, &self.key) {
            (Wish::Register { name }, _) => {
                let name = name.clone();
                self.connection.push(ClientFrame::Register { name });
            }
            (_, Some(key)) => {
                let key = key.reveal().to_owned();
                self.connection.push(ClientFrame::Login { key });
            }
            // A seek is started only with a player, whose key is taken along.
            (_, None) => {}
        }
    }

    /// Stops seeking: at once while nothing is asked of the server yet (closing the socket
    /// ends everything); else after the server's answer, since a pairing may come first
    /// and its seat must not be walked away from.
    fn cancel(&mut self) -> Transition {
        match self.step {
            Step::Asking | Step::Waiting if self.connection.is_open() => {
                self.connection.push(ClientFrame::Unseek { seek: None });
                self.step = Step::Cancelling;
                Transition::Stay
            }
            Step::Cancelling => Transition::Stay,
            _ => Transition::Leave,
        }
    }

    /// A frame from the server (read where it entered the session).
    fn received(&mut self, frame: ServerFrame, shared: &mut Shared, now: f64) -> Transition {
        match frame {
            ServerFrame::Player { name, key, ratings } => {
                self.key = Some(Key::new(key.clone()));
                shared.lobby.set_player(name, key, ratings);
                match self.wish {
                    Wish::Seek { game, rated } => {
                        self.step = Step::Asking;
                        let game = game.into();
                        self.connection.push(ClientFrame::Seek {
                            game,
                            rated,
                            days: None,
                        });
                        Transition::Stay
                    }
                    Wish::Register { .. } | Wish::LogIn => Transition::Leave,
                }
            }
            ServerFrame::Seeking(SeekAnswer::Live { game: Some(_), .. }) => {
                self.step = Step::Waiting;
                self.since.get_or_insert(now);
                Transition::Stay
            }
            // The answer to `unseek`.
            ServerFrame::Seeking(SeekAnswer::Live { game: None, .. }) => Transition::Leave,
            ServerFrame::Paired { room, seat, token } => {
                // The seek ends here: what it keeps in place of the connection is never
                // opened.
                let spent = Connection::new(self.connection.address().clone(), 0);
                let connection = std::mem::replace(&mut self.connection, spent);
                Transition::Paired(Pairing {
                    connection,
                    room,
                    side: seat,
                    token,
                })
            }
            ServerFrame::Error { code, .. } => {
                log::info!("the server refused the lobby: {}", code.name());
                shared.lobby.set_notice(Some(LobbyNotice::Refused(code)));
                Transition::Leave
            }
            ServerFrame::Seat { .. } | ServerFrame::State(_) => {
                log::info!("a room's frame before any pairing: ignored");
                Transition::Stay
            }
            // Correspondence's frames: this live seek asked for none of them.
            ServerFrame::Seeking(SeekAnswer::Correspondence { .. })
            | ServerFrame::Challenge(_)
            | ServerFrame::ChallengeSent { .. }
            | ServerFrame::Declined { .. }
            | ServerFrame::Games(_)
            | ServerFrame::YourTurn { .. } => {
                log::info!("a correspondence frame while seeking a live game: ignored");
                Transition::Stay
            }
        }
    }
}

/// Lobby commands from the local games: a name, a key or a seek starts the lobby's
/// connection (`variant`: the game on the board, for a seek); `LogOut` forgets the player.
/// Each is checked here first, so that nothing is sent that the server would refuse.
pub(crate) fn start(
    command: LobbyCommand,
    variant: Variant,
    shared: &mut Shared,
) -> Result<Option<Seeking>, CommandError> {
    let refuse = |error| Err(CommandError::Lobby(error));
    let has_name = shared.lobby.player().is_some();
    let (server, wish, key) = match command {
        LobbyCommand::Register { server, name } => {
            let name = name.trim().to_owned();
            if has_name {
                return refuse(LobbyError::HasName);
            }
            if !is_valid_name(&name) {
                return refuse(LobbyError::BadName);
            }
            (server, Wish::Register { name }, None)
        }
        LobbyCommand::LogIn { server, key } => {
            if has_name {
                return refuse(LobbyError::HasName);
            }
            let Some(key) = key.normalized() else {
                return refuse(LobbyError::BadKey);
            };
            (server, Wish::LogIn, Some(key))
        }
        LobbyCommand::Seek { server, rated } => {
            let Some(player) = shared.lobby.player() else {
                return refuse(LobbyError::NoName);
            };
            let key = Some(player.key.clone());
            (
                server,
                Wish::Seek {
                    game: variant,
                    rated,
                },
                key,
            )
        }
        LobbyCommand::LogOut => {
            shared.lobby.forget_player();
            return Ok(None);
        }
        LobbyCommand::Cancel => return Err(CommandError::NotIn(ModeKind::Seeking)),
    };
    let server = ServerAddress::parse(&server).map_err(CommandError::Server)?;
    shared.lobby.set_notice(None);
    shared.memory.server = server.to_string();
    let id = rand::Rng::random(&mut shared.rng);
    Ok(Some(Seeking {
        connection: Connection::new(server, id),
        wish,
        key,
        step: Step::Connecting,
        since: None,
    }))
}
