//! The player's link (`shared/spec/correspondence.md`): while the app is open and the player
//! has a key, one connection logged in as them, whatever is on the board. Over it the app
//! hears about the player's games wherever they are (`games`, `your-turn`), the challenges
//! made to them (`challenge`), the answers to their own (`challenge-sent`, `declined`), and
//! the games that start from a seek or a challenge (`paired`); and over it the player seeks
//! a correspondence game, accepts one, challenges someone and answers a challenge.
//!
//! It is no mode: it stands beside the local games and every mode, in the session's shared
//! state, so that every mode sees the player's games. The room on the board is still a
//! mode's ([`crate::online`]): a game opened from here is resumed there, on a connection of
//! its own, with the seat's token the `games` frame carries. What this link cannot decide by
//! itself (a new game to open on the board) it hands the session as a [`NewGame`].
//!
//! Like the other connections there is no socket here: the transport opens one when
//! [`Connection::wants_socket`] says so, and reports it with
//! [`PlayerCommand::Connection`](crate::command::PlayerCommand::Connection).

use crate::address::ServerAddress;
use crate::command::PlayerCommand;
use crate::connection::{Connection, ConnectionEvent};
use crate::errors::{CommandError, LobbyError};
use crate::lobby::{is_valid_name, Key, Lobby, Query};
use qipan_engine::games::{Side, Variant};
use qipan_protocol::{
    Acceptance, ChallengeEntry, ClientFrame, Days, ErrorCode, GameEntry, Seeking, ServerFrame,
    YourGames,
};
use std::collections::BTreeMap;

/// Where the link is on its way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkStep {
    /// No socket open yet, or it dropped and is opened again.
    Connecting,
    /// `login` sent, the `player` answer awaited.
    LoggingIn,
    /// Logged in: the player's frames go out as they are asked for.
    Ready,
    /// The server does not know the key (`bad-key`): the link waits, without trying again,
    /// until the player or the server changes.
    Refused,
}

/// Something the app tells the player of while the app is open, wherever they are: a
/// desktop or browser notification (the app's setting allows it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Alert {
    /// An opponent moved in a correspondence game: it is the player's turn in `room`.
    YourTurn {
        room: String,
        game: Variant,
        opponent: String,
    },
    /// `from` challenges the player to a game of `game`.
    Challenged {
        from: String,
        game: Variant,
        rated: bool,
        days: Option<Days>,
    },
}

/// What the link has to say to the player in the app (the last thing only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkNotice {
    /// The server refused what the player asked through the link: its code.
    Refused(ErrorCode),
    /// The server took the player's challenge.
    ChallengeSent,
    /// `to` declined the player's challenge.
    Declined { to: Option<String> },
    /// The server holds the player's correspondence seek.
    SeekPlaced,
    /// A game started that this device did not open (someone accepted the player's seek or
    /// challenge): it is in Your games.
    NewGame { room: String },
}

/// A game that started from a seek or a challenge (`paired`, then the room's `state`), for
/// the session to open on the board or leave in Your games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    pub room: String,
    pub side: Side,
    pub token: String,
    /// A live game (its turns are 60 seconds): the player must be at the board.
    pub live: bool,
    /// This device accepted the seek or challenge it came from.
    pub asked_here: bool,
}

/// The player's link: the connection, who it logs in as, and what the server last said of
/// the player's games, seeks and challenges. Not `Debug`: it holds the key and the tokens.
pub struct PlayerLink {
    connection: Connection,
    name: String,
    key: Key,
    step: LinkStep,
    /// The last `games` frame, kept up to date by the frames since (`None` before any).
    games: Option<YourGames>,
    /// When (session clock) each game's `turn_ms` was last said: time left counts from it.
    said_at: BTreeMap<String, f64>,
    /// A `games` frame was sent and not answered yet.
    asking: bool,
    /// Fresh data is wanted once the link is logged in.
    wants_games: bool,
    /// The player's frames asked for before the link was logged in, sent once it is.
    waiting: Vec<ClientFrame>,
    /// Rooms that `paired` gave a seat in, until their first `state` says what game it is.
    pairings: BTreeMap<String, (Side, String)>,
    /// The player accepted a seek or a challenge on this device: the game it starts is
    /// opened on the board.
    accepting: bool,
    /// The challenges this device sent, by id once the server answered, for `declined`.
    sent: Vec<(Option<String>, String)>,
    /// The (room, plies) a `games` frame was last asked for after a change seen on the
    /// board: not asked twice for the same.
    asked_for: Option<(String, usize)>,
    alerts: Vec<Alert>,
    notice: Option<LinkNotice>,
}

impl PlayerLink {
    /// A link for the player `name` with `key` on `server`, which the transport opens now.
    pub(crate) fn new(server: ServerAddress, id: u64, name: String, key: Key) -> PlayerLink {
        PlayerLink {
            connection: Connection::new(server, id),
            name,
            key,
            step: LinkStep::Connecting,
            games: None,
            said_at: BTreeMap::new(),
            asking: false,
            wants_games: true,
            waiting: Vec::new(),
            pairings: BTreeMap::new(),
            accepting: false,
            sent: Vec::new(),
            asked_for: None,
            alerts: Vec::new(),
            notice: None,
        }
    }

    /// Whether this link is the one for `key` on `server`.
    pub(crate) fn is_for(&self, server: &str, key: &Key) -> bool {
        self.connection.server() == server && &self.key == key
    }

    /// The connection to the server (the transport's side of it).
    pub fn connection(&self) -> &Connection {
        &self.connection
    }

    pub fn step(&self) -> LinkStep {
        self.step
    }

    /// The player's games, seeks and challenges as the server last said (`None` before its
    /// first `games` answer).
    pub fn your_games(&self) -> Option<&YourGames> {
        self.games.as_ref()
    }

    /// The player's games not over, their turn first (as the server sorts them).
    pub fn games(&self) -> &[GameEntry] {
        self.games.as_ref().map_or(&[], |games| &games.games)
    }

    /// How many games wait for the player's move.
    pub fn waiting_count(&self) -> usize {
        self.games().iter().filter(|game| game.your_turn).count()
    }

    /// The first game (in the server's order) waiting for the player's move, other than
    /// `besides` (the one on the board).
    pub fn next_turn(&self, besides: Option<&str>) -> Option<&GameEntry> {
        self.games()
            .iter()
            .find(|game| game.your_turn && Some(game.room.as_str()) != besides)
    }

    /// Milliseconds left of the turn in `entry`'s game at `now`, counted from when the
    /// server said it (never below 0). Only shown: the server's clock is the only clock.
    pub fn turn_ms_left(&self, entry: &GameEntry, now: f64) -> u64 {
        let said = self.said_at.get(&entry.room).copied().unwrap_or(now);
        let gone = ((now - said).max(0.0) * 1000.0) as u64;
        entry.turn_ms.saturating_sub(gone)
    }

    /// Challenges made to the player, open.
    pub fn incoming(&self) -> impl Iterator<Item = &ChallengeEntry> {
        self.challenges().filter(|c| !self.is_me(&c.from))
    }

    /// The player's own challenges, open.
    pub fn outgoing(&self) -> impl Iterator<Item = &ChallengeEntry> {
        self.challenges().filter(|c| self.is_me(&c.from))
    }

    fn challenges(&self) -> impl Iterator<Item = &ChallengeEntry> {
        self.games.iter().flat_map(|games| games.challenges.iter())
    }

    /// Whether `name` is the player's (names are unique ignoring case).
    pub fn is_me(&self, name: &str) -> bool {
        name.to_lowercase() == self.name.to_lowercase()
    }

    pub fn notice(&self) -> Option<&LinkNotice> {
        self.notice.as_ref()
    }

    /// What the app should tell the player of since the last call.
    pub(crate) fn take_alerts(&mut self) -> Vec<Alert> {
        std::mem::take(&mut self.alerts)
    }

    pub(crate) fn take_outbox(&mut self) -> Vec<String> {
        self.connection.take_outbox()
    }

    /// Asks the server for the player's games, unless the question is on its way.
    pub(crate) fn refresh(&mut self) {
        if self.step != LinkStep::Ready {
            self.wants_games = true;
        } else if !self.asking {
            self.asking = true;
            self.connection.push(ClientFrame::Games);
        }
    }

    /// Sends `frame` now, or once the link is logged in.
    fn send(&mut self, frame: ClientFrame) {
        if self.step == LinkStep::Ready {
            self.connection.push(frame);
        } else {
            self.waiting.push(frame);
        }
    }

    /// A game on the board changed (a `state` of the room this device plays in): the entry
    /// follows at once, so that the count and the list do not wait for the server, and the
    /// server is asked for fresh data once for each change.
    ///
    /// `days_left_ms`: what the room's last state leaves of a correspondence turn at `now`,
    /// which the entry shows from then on (the room's word is the newer one).
    pub(crate) fn saw_state(
        &mut self,
        room: &str,
        (plies, my_turn, over): (usize, bool, bool),
        days_left_ms: Option<u64>,
        now: f64,
    ) {
        let Some(games) = self.games.as_mut() else {
            return;
        };
        let Some(index) = games.games.iter().position(|g| g.room == room) else {
            return;
        };
        if let Some(left) = days_left_ms {
            games.games[index].turn_ms = left;
            self.said_at.insert(room.to_owned(), now);
        }
        let entry = &games.games[index];
        if !over && entry.plies as usize == plies {
            return;
        }
        if over {
            games.games.remove(index);
        } else {
            let entry = &mut games.games[index];
            entry.plies = plies as u64;
            entry.your_turn = my_turn;
        }
        let change = (room.to_owned(), plies);
        if self.asked_for.as_ref() != Some(&change) {
            self.asked_for = Some(change);
            self.refresh();
        }
    }

    /// A command of the player's for the server, checked here first so that nothing goes
    /// out that the server would refuse for a reason known here.
    pub(crate) fn ask(&mut self, command: PlayerCommand) -> Result<(), CommandError> {
        let frame = match command {
            PlayerCommand::Refresh => {
                self.refresh();
                return Ok(());
            }
            PlayerCommand::Seek { game, rated, days } => ClientFrame::Seek {
                game: game.into(),
                rated,
                days: Some(days.get()),
            },
            PlayerCommand::Unseek(seek) => ClientFrame::Unseek { seek: Some(seek) },
            PlayerCommand::AcceptSeek(seek) => {
                self.accepting = true;
                ClientFrame::Accept(Acceptance::Seek(seek))
            }
            PlayerCommand::Challenge {
                to,
                game,
                rated,
                days,
            } => {
                let to = to.trim().to_owned();
                if !is_valid_name(&to) {
                    return Err(CommandError::Lobby(LobbyError::BadName));
                }
                if self.is_me(&to) {
                    return Err(CommandError::Lobby(LobbyError::OwnChallenge));
                }
                self.sent.push((None, to.clone()));
                ClientFrame::Challenge {
                    to,
                    game: game.into(),
                    rated,
                    days: days.map(Days::get),
                }
            }
            PlayerCommand::AcceptChallenge(challenge) => {
                self.accepting = true;
                self.forget_challenge(&challenge);
                ClientFrame::Accept(Acceptance::Challenge(challenge))
            }
            PlayerCommand::Decline(challenge) => {
                self.forget_challenge(&challenge);
                ClientFrame::Decline { challenge }
            }
            PlayerCommand::CancelChallenge(challenge) => {
                self.forget_challenge(&challenge);
                ClientFrame::Cancel { challenge }
            }
            PlayerCommand::DismissNotice => {
                self.notice = None;
                return Ok(());
            }
            // The session's own: they change what is on the board.
            PlayerCommand::Connection(_) | PlayerCommand::Open(_) | PlayerCommand::NextTurn => {
                return Ok(())
            }
        };
        self.notice = None;
        self.send(frame);
        Ok(())
    }

    /// Drops an answered or withdrawn challenge from the list at once.
    fn forget_challenge(&mut self, id: &str) {
        if let Some(games) = self.games.as_mut() {
            games.challenges.retain(|c| c.challenge != id);
        }
    }

    /// What the transport reports of the socket. `on_board`: the room on the board, whose
    /// moves the player sees without an alert. A game that starts is handed back.
    pub(crate) fn event(
        &mut self,
        event: ConnectionEvent,
        lobby: &mut Lobby,
        on_board: Option<&str>,
        now: f64,
    ) -> Option<NewGame> {
        match event {
            ConnectionEvent::Connecting => self.connection.connecting(),
            ConnectionEvent::Opened => {
                self.connection.opened();
                self.asking = false;
                self.step = LinkStep::LoggingIn;
                let key = self.key.reveal().to_owned();
                self.connection.push(ClientFrame::Login { key });
            }
            ConnectionEvent::Lost => {
                self.connection.lost(now);
                self.asking = false;
                self.pairings.clear();
                if self.step != LinkStep::Refused {
                    self.step = LinkStep::Connecting;
                    self.wants_games = true;
                }
            }
            ConnectionEvent::Received(frame) => return self.received(*frame, lobby, on_board, now),
        }
        None
    }

    fn received(
        &mut self,
        frame: ServerFrame,
        lobby: &mut Lobby,
        on_board: Option<&str>,
        now: f64,
    ) -> Option<NewGame> {
        match frame {
            ServerFrame::Player { name, key, ratings } => {
                lobby.set_player(name, key, ratings);
                self.step = LinkStep::Ready;
                for frame in std::mem::take(&mut self.waiting) {
                    self.connection.push(frame);
                }
                if std::mem::take(&mut self.wants_games) {
                    self.refresh();
                }
            }
            ServerFrame::Games(games) => {
                self.asking = false;
                self.said_at = games.games.iter().map(|g| (g.room.clone(), now)).collect();
                self.games = Some(games);
            }
            ServerFrame::YourTurn {
                room,
                game,
                opponent,
                turn_ms,
            } => {
                if let Some(entry) = self.entry_mut(&room) {
                    entry.your_turn = true;
                    entry.turn_ms = turn_ms;
                }
                self.said_at.insert(room.clone(), now);
                if on_board != Some(room.as_str()) {
                    self.alerts.push(Alert::YourTurn {
                        room,
                        game,
                        opponent,
                    });
                }
                self.refresh();
            }
            ServerFrame::Challenge(challenge) => {
                let games = self.games.get_or_insert_with(YourGames::default);
                if games
                    .challenges
                    .iter()
                    .all(|c| c.challenge != challenge.challenge)
                {
                    self.alerts.push(Alert::Challenged {
                        from: challenge.from.clone(),
                        game: challenge.game,
                        rated: challenge.rated,
                        days: challenge.days,
                    });
                    games.challenges.push(challenge);
                }
            }
            ServerFrame::ChallengeSent { challenge } => {
                if let Some(sent) = self.sent.iter_mut().find(|(id, _)| id.is_none()) {
                    sent.0 = Some(challenge);
                }
                self.notice = Some(LinkNotice::ChallengeSent);
                self.refresh();
            }
            ServerFrame::Declined { challenge } => {
                let to = self
                    .sent
                    .iter()
                    .find(|(id, _)| id.as_deref() == Some(challenge.as_str()))
                    .map(|(_, to)| to.clone())
                    .or_else(|| {
                        self.outgoing()
                            .find(|c| c.challenge == challenge)
                            .and_then(|c| c.to.clone())
                    });
                self.forget_challenge(&challenge);
                self.notice = Some(LinkNotice::Declined { to });
            }
            ServerFrame::Seeking(Seeking::Correspondence { game, seek, .. }) => {
                let withdrawn = self.games.as_mut().and_then(|games| {
                    let at = games.seeks.iter().position(|s| s.seek == seek)?;
                    Some(games.seeks.remove(at).game)
                });
                if game.is_some() {
                    self.notice = Some(LinkNotice::SeekPlaced);
                }
                // The open seeks of its game changed: asked for again where they are shown.
                if let Some(variant) = game.or(withdrawn) {
                    lobby.refresh(self.connection.server(), Query::Seeks(variant));
                }
                self.refresh();
            }
            ServerFrame::Paired { room, seat, token } => {
                self.pairings.insert(room, (seat, token));
                self.refresh();
            }
            ServerFrame::State(state) => {
                let (side, token) = self.pairings.remove(&state.room)?;
                let asked_here = std::mem::take(&mut self.accepting);
                let new_game = NewGame {
                    room: state.room,
                    side,
                    token,
                    live: state.days.is_none(),
                    asked_here,
                };
                return Some(new_game);
            }
            ServerFrame::Error { code, .. } => {
                log::info!("the server refused the player's link: {}", code.name());
                self.asking = false;
                self.accepting = false;
                if self.step == LinkStep::LoggingIn && code == ErrorCode::BadKey {
                    self.step = LinkStep::Refused;
                }
                self.notice = Some(LinkNotice::Refused(code));
            }
            ServerFrame::Seat { .. } | ServerFrame::Seeking(Seeking::Live { .. }) => {
                log::info!("a room's or a live seek's frame on the player's link: ignored");
            }
        }
        None
    }

    /// A game started that stays in Your games: the player is told.
    pub(crate) fn tell_new_game(&mut self, room: &str) {
        let room = room.to_owned();
        self.notice = Some(LinkNotice::NewGame { room });
    }

    fn entry_mut(&mut self, room: &str) -> Option<&mut GameEntry> {
        self.games
            .as_mut()?
            .games
            .iter_mut()
            .find(|g| g.room == room)
    }

    /// The entry of `room` among the player's games.
    pub fn entry(&self, room: &str) -> Option<&GameEntry> {
        self.games().iter().find(|g| g.room == room)
    }
}
