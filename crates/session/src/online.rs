//! Playing a friend online, the client's side: the game as the server says it stands.
//!
//! The frames (`../shared/spec/online.md`) are the crate `qipan-protocol`, the same types the
//! server writes and reads, so the two ends cannot drift apart.
//!
//! The server holds the game: it checks every move and keeps the clock. This side only
//! shows what the server sent, turns a person's move into a `move` frame, and finds its way
//! back after a dropped connection (with the seat's token, kept per room). There is no
//! socket here: the app's transport carries the frames in and out ([`Online::take_outbox`]).
//!
//! In the session this is [`Mode::Online`](crate::Mode::Online): `start` enters it from the
//! local games (a paired seek, through the session, [`Online::paired`]), and
//! `Online::handle` takes the session's commands while it is on: the [`OnlineCommand`]s and
//! the connection's events, whose frames arrive read ([`ConnectionEvent`]).

use crate::address::ServerAddress;
use crate::any::AnyMatch;
use crate::command::{ArchiveCommand, Command};
use crate::connection::{Connection, ConnectionEvent};
use crate::controller::{Players, Remote};
use crate::errors::{CommandError, ModeKind, PlayError, ReplayError};
use crate::lobby::{GameRecord, Lobby, Query};
use crate::moves::AnyMove;
use crate::review::review_command;
use crate::state::Shared;
use crate::transition::{Pairing, Transition};
use qipan_engine::ai::Level;
use qipan_engine::games::{EndReason, MoveError, Side, Status, Variant};
use qipan_protocol::{tidy_room_code, ClientFrame, SeatName, ServerFrame, SideChoice};
use std::collections::BTreeMap;

pub use crate::command::{OnlineCommand, SeatChoice};
pub use crate::connection::Link;
pub use crate::errors::OnlineError;
pub use crate::lobby::OnlineMemory;
// Re-exported so that the app names what `Online` hands out without the protocol crate.
pub use qipan_protocol::{Connected, Days, ErrorCode, RoomState, SeatedPlayer, Seats};

// The board's turn clock is the spec's: `turn_ms` is read against it.
const _: () = assert!(crate::timer::TURN_SECONDS == qipan_protocol::TURN_MS as f64 / 1000.0);

/// How early, before this side's count of the turn reaches zero, an abort still reads as the
/// clock's (the server's and this side's clocks differ by the frame's way across).
const CLOCK_SLACK_MS: u64 = 2_000;

/// The side a person asked for, as `create` says it.
fn side_choice(choice: SeatChoice) -> SideChoice {
    match choice {
        SeatChoice::Side(Side::X) => SideChoice::X,
        SeatChoice::Side(Side::O) => SideChoice::O,
        SeatChoice::Random => SideChoice::Random,
    }
}

/// A request of the player's about the game itself (not a move), which the server answers
/// with the room's state or a refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    Resign,
    Rematch,
    /// Declines the other seat's rematch request.
    DeclineRematch,
    Abort,
    Draw,
    Claim,
}

/// Where this client sits in a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Player(Side),
    Spectator,
}

/// What the client is after in its room.
#[derive(Clone, Debug, PartialEq)]
enum Goal {
    Create { game: Variant, side: SeatChoice },
    Join { room: String },
}

/// Something to tell the player about the online game, shown in their language.
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineNotice {
    /// The server refused a frame: its code (`not-your-turn`, `no-such-room`, ...).
    Refused(ErrorCode),
    /// The server's game does not replay here (a newer server, a damaged state): its start,
    /// or which ply, does not. (A game id this build does not know never gets this far: the
    /// frame that names it is not read.)
    Unreadable(ReplayError),
}

/// The online game: the room, the seat and its token, the server's last word, and the
/// connection that carries the frames.
pub struct Online {
    connection: Connection,
    goal: Goal,
    room: Option<String>,
    seat: Option<Seat>,
    state: Option<RoomState>,
    /// The game of the last state, replayed here so that the board can draw it.
    board: Option<AnyMatch>,
    /// When (session clock) the last state came: a correspondence game's time left is
    /// counted from it, for the eye only.
    state_at: f64,
    /// The ply of the move this client sent and the server has not yet answered.
    sent_ply: Option<usize>,
    notice: Option<OnlineNotice>,
    tokens: BTreeMap<String, String>,
    /// The ply count when the other player was first seen gone: a lost turn of theirs from
    /// there on lets this side claim the game (lobby.md).
    gone_since: Option<usize>,
    /// The game on the board ended rated, and its record was asked for.
    scored: bool,
    /// The player's last request the server has not answered yet, and when it was sent:
    /// the screen says it is on its way, and says so plainly when no answer comes.
    unanswered: Option<(Request, f64)>,
    /// This seat asked for a rematch of the game that ended (until a new game starts).
    rematch_asked: bool,
    /// The other seat declined this seat's rematch request (until it asks again or a new
    /// game starts).
    rematch_declined: bool,
    /// The game on the board was aborted because this side's first turn ran out before it
    /// played (lobby.md, "A side that never starts").
    never_started: Option<Side>,
}

impl Online {
    fn new(connection: Connection, goal: Goal, tokens: BTreeMap<String, String>) -> Online {
        let room = match &goal {
            Goal::Join { room } => Some(room.clone()),
            Goal::Create { .. } => None,
        };
        Online {
            connection,
            goal,
            room,
            seat: None,
            state: None,
            board: None,
            state_at: 0.0,
            sent_ply: None,
            notice: None,
            tokens,
            gone_since: None,
            scored: false,
            unanswered: None,
            rematch_asked: false,
            rematch_declined: false,
            never_started: None,
        }
    }

    /// A new game on `server`, the creator sitting at `side`; `id` tells this connection
    /// from others ([`Connection::id`]).
    pub fn create(
        server: ServerAddress,
        id: u64,
        game: Variant,
        side: SeatChoice,
        memory: &OnlineMemory,
    ) -> Online {
        let connection = Connection::new(server, id);
        Online::new(
            connection,
            Goal::Create { game, side },
            memory.tokens.clone(),
        )
    }

    /// The free seat of `room` (or back to ours, when a token for it is kept).
    pub fn join(server: ServerAddress, id: u64, room: String, memory: &OnlineMemory) -> Online {
        let room = tidy_room_code(&room);
        let connection = Connection::new(server, id);
        Online::new(connection, Goal::Join { room }, memory.tokens.clone())
    }

    /// Back to a seat of `room` whose token the player's games carry (correspondence.md):
    /// `resume` with it as the connection opens (and after every drop).
    pub(crate) fn resume(
        server: ServerAddress,
        id: u64,
        room: String,
        token: String,
        memory: &OnlineMemory,
    ) -> Online {
        let mut tokens = memory.tokens.clone();
        tokens.insert(room.clone(), token);
        Online::new(Connection::new(server, id), Goal::Join { room }, tokens)
    }

    /// A seek was paired (lobby.md): `connection` holds `side`'s seat of `room` as after a
    /// `seat` frame; the room's `state` comes next. After a dropped connection the token
    /// resumes the seat.
    pub(crate) fn paired(pairing: Pairing, memory: &OnlineMemory) -> Online {
        let Pairing {
            connection,
            room,
            side,
            token,
        } = pairing;
        let mut tokens = memory.tokens.clone();
        tokens.insert(room.clone(), token);
        let mut online = Online::new(connection, Goal::Join { room }, tokens);
        online.seat = Some(Seat::Player(side));
        online
    }

    /// What the client keeps between runs.
    pub fn memory(&self) -> OnlineMemory {
        OnlineMemory {
            server: self.connection.server().to_owned(),
            current: self.room.clone(),
            tokens: self.tokens.clone(),
            player: None,
        }
    }

    pub fn server(&self) -> &str {
        self.connection.server()
    }

    /// The connection to the server (the transport's side of it).
    pub fn connection(&self) -> &Connection {
        &self.connection
    }

    pub fn room(&self) -> Option<&str> {
        self.room.as_deref()
    }

    pub fn seat(&self) -> Option<Seat> {
        self.seat
    }

    pub fn link(&self) -> Link {
        self.connection.link()
    }

    pub fn state(&self) -> Option<&RoomState> {
        self.state.as_ref()
    }

    /// Whether the server last said `side`'s player is connected (`false` before any state).
    pub fn is_connected(&self, side: Side) -> bool {
        self.state.as_ref().is_some_and(|s| match side {
            Side::X => s.connected.x,
            Side::O => s.connected.o,
        })
    }

    /// Days per move of a correspondence game (`None`: a live one, or no state yet).
    pub fn days(&self) -> Option<Days> {
        self.state.as_ref().and_then(|s| s.days)
    }

    /// What is left of a correspondence game's turn at `now`, in milliseconds: the server's
    /// `turn_ms`, less the time since it was said. Only shown: the app never decides a
    /// timeout, the server's clock is the only clock. `None` for a live game or one over.
    pub fn days_left_ms(&self, now: f64) -> Option<u64> {
        let state = self.state.as_ref().filter(|s| s.days.is_some())?;
        let gone = ((now - self.state_at).max(0.0) * 1000.0) as u64;
        Some(state.turn_ms?.saturating_sub(gone))
    }

    /// Whether this client plays a seat of a game that is on.
    pub fn playing(&self) -> bool {
        self.mine().is_some() && self.state.as_ref().is_some_and(|s| !s.status.is_over())
    }

    pub fn notice(&self) -> Option<&OnlineNotice> {
        self.notice.as_ref()
    }

    /// The game as the server last said it stands.
    pub fn game(&self) -> Option<&AnyMatch> {
        self.board.as_ref()
    }

    /// Whether a move was sent and the server has not answered it yet.
    pub fn move_pending(&self) -> bool {
        self.sent_ply.is_some()
    }

    /// The player's last request (resign, draw, rematch...) that the server has not answered
    /// yet, and when it was sent.
    pub fn unanswered(&self) -> Option<(Request, f64)> {
        self.unanswered
    }

    /// Whether this seat asked for a rematch of the game that ended, and no new game has
    /// started yet.
    pub fn rematch_asked(&self) -> bool {
        self.rematch_asked
    }

    /// The other player asked for a rematch of the game that ended: this seat may accept
    /// (ask too) or decline. Told by the server's `rematch` field (docs/online.md).
    pub fn rematch_offered(&self) -> bool {
        let asked = self.state.as_ref().and_then(|state| state.rematch);
        asked.is_some() && asked == self.friend() && !self.rematch_asked
    }

    /// The other player declined this seat's rematch request.
    pub fn rematch_declined(&self) -> bool {
        self.rematch_declined
    }

    /// The side whose first turn ran out before it played, when that aborted the game on
    /// the board (lobby.md, "A side that never starts"), so that both screens can say who
    /// never started rather than only "aborted".
    pub fn never_started(&self) -> Option<Side> {
        self.never_started
    }

    /// The frames to send now, in order.
    pub fn take_outbox(&mut self) -> Vec<String> {
        self.connection.take_outbox()
    }

    /// Whether the transport should open a socket now.
    pub fn wants_socket(&self, now: f64) -> bool {
        self.connection.wants_socket(now)
    }

    /// When the transport should look again (the next retry), if it waits for one.
    pub fn retry_at(&self) -> Option<f64> {
        self.connection.retry_at()
    }

    fn token(&self) -> Option<String> {
        self.room.as_ref().and_then(|r| self.tokens.get(r)).cloned()
    }

    fn push(&mut self, frame: ClientFrame) {
        self.connection.push(frame);
    }

    /// The transport is about to open a socket.
    pub fn connecting(&mut self) {
        self.connection.connecting();
    }

    /// The socket is open: back to our seat with its token, or on with the goal.
    pub fn opened(&mut self) {
        self.connection.opened();
        self.sent_ply = None;
        match (self.room.clone(), self.token()) {
            (Some(room), Some(token)) => self.push(ClientFrame::Resume { room, token }),
            (Some(room), None) => self.push(ClientFrame::Join { room }),
            (None, _) => {
                if let Goal::Create { game, side } = self.goal.clone() {
                    self.push(ClientFrame::Create {
                        game: game.into(),
                        side: side_choice(side),
                    });
                }
            }
        }
    }

    /// The socket closed or could not open: try again after a wait that doubles.
    pub fn lost(&mut self, now: f64) {
        self.connection.lost(now);
        self.sent_ply = None;
    }

    /// A frame from the server (read where it entered the session).
    ///
    /// `lobby` hears a `player` frame (the answer to the `login` sent at a rated game's
    /// end, with the new ratings), and is asked for the record of a game that ended rated.
    pub fn received(&mut self, frame: ServerFrame, level: Level, lobby: &mut Lobby, now: f64) {
        match frame {
            ServerFrame::Seat { room, seat, token } => {
                self.seat = Some(match seat {
                    SeatName::X => Seat::Player(Side::X),
                    SeatName::O => Seat::Player(Side::O),
                    SeatName::Spectator => Seat::Spectator,
                });
                if let Some(token) = token {
                    self.tokens.insert(room.clone(), token);
                }
                self.room = Some(room);
            }
            ServerFrame::State(state) => {
                self.never_started = self.never_started_in(&state, now);
                self.unanswered = None;
                if state.status == Status::Ongoing {
                    self.rematch_asked = false;
                    self.rematch_declined = false;
                } else if self.request_withdrawn(&state) {
                    self.rematch_asked = false;
                    self.rematch_declined = true;
                }
                self.take_state(state, level, now);
                self.ended(lobby);
            }
            ServerFrame::Error { code, message } => {
                log::info!("the server refused: {}: {message}", code.name());
                // A token the server no longer knows: join afresh.
                if code == ErrorCode::BadToken {
                    if let Some(room) = self.room.clone() {
                        self.tokens.remove(&room);
                        self.push(ClientFrame::Join { room });
                    }
                }
                self.sent_ply = None;
                if self.unanswered.take().map(|(request, _)| request) == Some(Request::Rematch) {
                    self.rematch_asked = false;
                }
                self.notice = Some(OnlineNotice::Refused(code));
            }
            // The answer to the `login` sent at the end of a rated game.
            ServerFrame::Player { name, key, ratings } => lobby.set_player(name, key, ratings),
            // A seek's answers belong to the seeking connection, which this one no longer is.
            ServerFrame::Seeking(_) | ServerFrame::Paired { .. } => {
                log::info!("a seek's frame in a room: ignored");
            }
            // Correspondence's frames are the player's, not this room's.
            ServerFrame::Challenge(_)
            | ServerFrame::ChallengeSent { .. }
            | ServerFrame::Declined { .. }
            | ServerFrame::Games(_)
            | ServerFrame::YourTurn { .. } => {
                log::info!("a correspondence frame in a room: ignored");
            }
        }
    }

    /// Whether `state` no longer has the rematch request of this seat's that the last state
    /// of the same ended game showed: the other seat declined it. (Before the server
    /// showed it, a state without it says nothing: the request may not have arrived yet.)
    fn request_withdrawn(&self, state: &RoomState) -> bool {
        let Some(previous) = &self.state else {
            return false;
        };
        let mine = self.mine();
        same_game(previous, state)
            && mine.is_some()
            && previous.rematch == mine
            && state.rematch.is_none()
    }

    /// Who never started, if `state` aborts the game because a side's first turn ran out.
    ///
    /// The server says only `aborted` (an abort by a player reads the same), so this is told
    /// from the clock: the last state of the same game had the turn running, and what was
    /// left of it is gone (within [`CLOCK_SLACK_MS`]), and this seat asked for no abort.
    /// A repeat of the aborted state (the answer to a rematch request) keeps what was told.
    fn never_started_in(&self, state: &RoomState, now: f64) -> Option<Side> {
        if state.status != Status::Draw(EndReason::Aborted) {
            return None;
        }
        let previous = self.state.as_ref().filter(|old| same_game(old, state))?;
        if previous.status == state.status {
            return self.never_started;
        }
        let asked_abort = self.unanswered.map(|(request, _)| request) == Some(Request::Abort);
        let left_ms = previous
            .turn_ms
            .filter(|_| clock_runs(previous) && !asked_abort)?;
        let gone_ms = ((now - self.state_at).max(0.0) * 1000.0) as u64;
        let ran_out = gone_ms.saturating_add(CLOCK_SLACK_MS) >= left_ms;
        ran_out.then(|| self.board.as_ref().map(AnyMatch::side_to_move))?
    }

    fn take_state(&mut self, state: RoomState, level: Level, now: f64) {
        if self.room.as_deref() != Some(state.room.as_str()) {
            return;
        }
        let variant = state.game;
        let mine = match self.seat {
            Some(Seat::Player(side)) => Some(side),
            _ => None,
        };
        // One more ply than shown: play it, so that the board glides it in; anything else
        // (a first state, a rematch, a resumed game) is replayed from the start.
        let extends = self.board.as_ref().is_some_and(|b| {
            b.variant() == variant
                && b.start_text() == state.start
                && b.ply_texts().len() + 1 == state.plies.len()
                && b.ply_texts()[..] == state.plies[..b.ply_texts().len()]
        });
        let replayed = if extends {
            let mut board = self.board.take().expect("checked above");
            let last = &state.plies[state.plies.len() - 1];
            let index = state.plies.len() - 1;
            board
                .play_remote(last, now)
                .map(|()| board)
                .map_err(|error| ReplayError::Ply { index, error })
        } else {
            replay(variant, &state, mine, level, now)
        };
        match replayed {
            Ok(mut board) => {
                // A resignation, an agreed draw, a claim or an abort ends a game that no
                // rule ended: the server's word for it.
                if let Some(status) =
                    Some(state.status).filter(|status| status.is_decided_by_server())
                {
                    board.decide(status);
                }
                if let Some(ms) = state.turn_ms.filter(|_| state.days.is_none()) {
                    let used = crate::timer::TURN_SECONDS - ms as f64 / 1000.0;
                    board.set_clock_used(used, now);
                    if !clock_runs(&state) {
                        board.park(now);
                    }
                }
                // Days a move: the 60-second clock never runs here (the days are shown from
                // `turn_ms`, and only the server ends a game on time).
                if state.days.is_some() {
                    board.park(now);
                }
                self.board = Some(board);
                self.notice = None;
            }
            Err(e) => {
                self.board = None;
                self.notice = Some(OnlineNotice::Unreadable(e));
            }
        }
        self.sent_ply = None;
        self.note_who_left(&state);
        self.state_at = now;
        self.state = Some(state);
    }

    /// Keeps the ply count at which the other player was first seen gone (forgotten when
    /// they come back, or a new game starts).
    fn note_who_left(&mut self, state: &RoomState) {
        let Some(other) = self.friend() else {
            return;
        };
        let here = match other {
            Side::X => state.connected.x,
            Side::O => state.connected.o,
        };
        let new_game = self
            .state
            .as_ref()
            .is_some_and(|old| old.plies.len() > state.plies.len() || old.start != state.start);
        if here || new_game {
            self.gone_since = None;
        }
        if !here && self.gone_since.is_none() {
            self.gone_since = Some(state.plies.len());
        }
    }

    /// Once a game ends, what it changed is asked for again: the profiles of its two
    /// players and, when it was rated, its leaderboard (where they were looked at; each
    /// shown as it was until the new answer comes). A rated game's record is asked for too
    /// (both players' rating changes), and the player logs in again on this connection,
    /// whose `player` answer brings their new ratings. Once per game; a new game (a
    /// rematch) starts over.
    fn ended(&mut self, lobby: &mut Lobby) {
        let Some(state) = &self.state else {
            return;
        };
        if !state.status.is_over() {
            self.scored = false;
            return;
        }
        if self.scored {
            return;
        }
        self.scored = true;
        let server = self.connection.server();
        for player in [&state.players.x, &state.players.o].into_iter().flatten() {
            lobby.refresh(server, Query::Player(player.name.clone()));
        }
        // An aborted game changes nobody's rating.
        let rated = state.rated && state.status.reason() != Some(EndReason::Aborted);
        if !rated {
            return;
        }
        lobby.refresh(server, Query::Leaderboard(state.game));
        if !matches!(self.seat, Some(Seat::Player(_))) {
            return;
        }
        lobby.fetch(server, Query::Game(state.room.clone()));
        if let Some(key) = lobby.player().map(|p| p.key.reveal().to_owned()) {
            self.push(ClientFrame::Login { key });
        }
    }

    /// A person's move, checked here as far as this side can (the server checks it again):
    /// sent to the server as the next ply, and shown once the server's state has it.
    pub fn play(&mut self, mv: AnyMove) -> Result<(), CommandError> {
        let (room, token) = self.seated().map_err(CommandError::Online)?;
        let (Some(board), Some(state)) = (&self.board, &self.state) else {
            return Err(CommandError::Online(OnlineError::NoGameYet));
        };
        if let Some(refusal) = board.move_refusal() {
            return Err(CommandError::Play(refusal));
        }
        if self.sent_ply.is_some() {
            return Err(CommandError::Online(OnlineError::MovePending));
        }
        if !self.connection.is_open() {
            return Err(CommandError::Online(OnlineError::Offline));
        }
        let text = board
            .format_move(mv)
            .ok_or(CommandError::Play(PlayError::OtherGame))?;
        if !board.legal_moves().contains(&mv) {
            let illegal = MoveError::Illegal { text };
            return Err(CommandError::Play(PlayError::Move(illegal)));
        }
        let ply = state.plies.len();
        self.sent_ply = Some(ply);
        self.push(ClientFrame::Move {
            room,
            token,
            ply: ply as u64,
            mv: text,
        });
        Ok(())
    }

    pub fn resign(&mut self) -> Result<(), OnlineError> {
        let (room, token) = self.seated()?;
        self.push(ClientFrame::Resign { room, token });
        Ok(())
    }

    pub fn rematch(&mut self) -> Result<(), OnlineError> {
        let (room, token) = self.seated()?;
        self.push(ClientFrame::Rematch { room, token });
        Ok(())
    }

    pub fn decline_rematch(&mut self) -> Result<(), OnlineError> {
        let (room, token) = self.seated()?;
        self.push(ClientFrame::DeclineRematch { room, token });
        Ok(())
    }

    /// Ends the game unrated, while fewer than 2 plies are played.
    pub fn abort(&mut self) -> Result<(), OnlineError> {
        let (room, token) = self.in_play()?;
        if !self.can_abort() {
            return Err(OnlineError::TooLateToAbort);
        }
        self.push(ClientFrame::Abort { room, token });
        Ok(())
    }

    /// Offers a draw, or accepts the other side's offer.
    pub fn draw(&mut self) -> Result<(), OnlineError> {
        let (room, token) = self.in_play()?;
        if self.offer().is_some() && self.offer() == self.mine() {
            return Err(OnlineError::DrawOffered);
        }
        self.push(ClientFrame::Draw { room, token });
        Ok(())
    }

    /// Claims the game the other player walked away from.
    pub fn claim(&mut self) -> Result<(), OnlineError> {
        let (room, token) = self.in_play()?;
        if !self.can_claim() {
            return Err(OnlineError::NothingToClaim);
        }
        self.push(ClientFrame::Claim { room, token });
        Ok(())
    }

    /// The seat's room and token in a game that is on, with the connection open.
    fn in_play(&self) -> Result<(String, String), OnlineError> {
        let seated = self.seated()?;
        let state = self.state.as_ref().ok_or(OnlineError::NoGameYet)?;
        if state.status.is_over() {
            return Err(OnlineError::Over);
        }
        if !self.connection.is_open() {
            return Err(OnlineError::Offline);
        }
        Ok(seated)
    }

    /// This client's side, when it plays one.
    pub fn mine(&self) -> Option<Side> {
        match self.seat {
            Some(Seat::Player(side)) => Some(side),
            _ => None,
        }
    }

    /// Who sits where, for seats taken through pairing (both `None` in a friend's room).
    pub fn players(&self) -> Option<&Seats<SeatedPlayer>> {
        self.state.as_ref().map(|s| &s.players)
    }

    /// The server's record of the game on the board, once it is over and the record came
    /// (a rated game's is asked for as it ends): each player's rating after it. A record of
    /// the room's earlier game (before a rematch) is not this one.
    pub fn result<'a>(&self, lobby: &'a Lobby) -> Option<&'a GameRecord> {
        let state = self.state.as_ref().filter(|s| s.status.is_over())?;
        let record = lobby.game(&state.room)?.got()?;
        let same = record.start == state.start && record.plies == state.plies;
        (same && record.status == state.status).then_some(record)
    }

    /// Whether the game is rated.
    pub fn rated(&self) -> bool {
        self.state.as_ref().is_some_and(|s| s.rated)
    }

    /// Whether both seats were taken through pairing (a game with someone new).
    pub fn is_paired(&self) -> bool {
        self.players()
            .is_some_and(|p| p.x.is_some() && p.o.is_some())
    }

    /// Whether the other seat is the server's computer (which never comes or goes).
    pub fn against_computer(&self) -> bool {
        let opponent = self.friend();
        opponent
            .and_then(|side| self.players()?.get(side))
            .is_some_and(|player| player.bot)
    }

    /// The side whose draw offer stands.
    pub fn offer(&self) -> Option<Side> {
        self.state.as_ref().and_then(|s| s.offer)
    }

    /// Whether the game may be aborted now: it is on and fewer than 2 plies are played.
    pub fn can_abort(&self) -> bool {
        self.state
            .as_ref()
            .is_some_and(|s| !s.status.is_over() && s.plies.len() < 2)
    }

    /// Whether this side may claim the game: the other player has no connection, and lost
    /// a turn after they were first seen gone (the turn running then counts), as far as
    /// this client has seen. The server has the last word.
    pub fn can_claim(&self) -> bool {
        let (Some(other), Some(since), Some(state), Some(board)) =
            (self.friend(), self.gone_since, &self.state, &self.board)
        else {
            return false;
        };
        // A correspondence game is never claimed: its days do that job (`cannot-claim`).
        !state.status.is_over()
            && state.days.is_none()
            && !self.is_connected(other)
            && state
                .plies
                .iter()
                .enumerate()
                .skip(since)
                .any(|(i, ply)| ply == crate::SKIP_TEXT && board.side_to_move_at(i) == other)
    }

    /// One frame of the game on the board: the coach's review of a finished game.
    pub(crate) fn advance(&mut self, now: f64) {
        if let Some(board) = self.board.as_mut().filter(|b| b.status().is_over()) {
            board.advance(now);
        }
    }

    /// The room and the seat's token, which every frame of a player carries.
    fn seated(&self) -> Result<(String, String), OnlineError> {
        if self.seat == Some(Seat::Spectator) {
            return Err(OnlineError::Spectating);
        }
        self.room
            .clone()
            .zip(self.token())
            .ok_or(OnlineError::NoSeat)
    }

    /// The session's commands while the online game is on: moves go to the server, and
    /// what would change a game here (undo, hints, another game) waits until the person
    /// leaves.
    pub(crate) fn handle(
        &mut self,
        command: Command,
        shared: &mut Shared,
        now: f64,
    ) -> Result<Transition, CommandError> {
        match command {
            Command::Play(mv) => self.play(mv)?,
            Command::Connection(event) => match event {
                ConnectionEvent::Connecting => self.connecting(),
                ConnectionEvent::Opened => self.opened(),
                ConnectionEvent::Lost => self.lost(now),
                ConnectionEvent::Received(frame) => {
                    self.received(*frame, shared.level, &mut shared.lobby, now)
                }
            },
            Command::Online(command) => match command {
                OnlineCommand::Resign => self.ask(Request::Resign, now)?,
                OnlineCommand::Rematch => self.ask(Request::Rematch, now)?,
                OnlineCommand::DeclineRematch => self.ask(Request::DeclineRematch, now)?,
                OnlineCommand::Abort => self.ask(Request::Abort, now)?,
                OnlineCommand::Draw => self.ask(Request::Draw, now)?,
                OnlineCommand::Claim => self.ask(Request::Claim, now)?,
                OnlineCommand::Leave => {
                    self.leave(shared);
                    return Ok(Transition::Leave);
                }
                OnlineCommand::Create { .. }
                | OnlineCommand::Join { .. }
                | OnlineCommand::Restore(_) => {
                    return Err(CommandError::AlreadyIn(ModeKind::Online))
                }
            },
            // A record from a profile: the room is left for it, unless its game is on.
            command @ Command::Archive(ArchiveCommand::Review(_)) => {
                if self.playing() {
                    return Err(CommandError::NotWhile(ModeKind::Online));
                }
                self.leave(shared);
                return Ok(Transition::LeaveThen(command));
            }
            // A finished game is reviewed where it is (the coach is off while it is on).
            command => {
                let board = self.board.as_mut().filter(|b| b.status().is_over());
                let (wake, tables) = (&shared.wake, &shared.tables);
                if !board.is_some_and(|b| review_command(b, &command, wake, tables, now)) {
                    return Err(CommandError::NotWhile(ModeKind::Online));
                }
            }
        }
        Ok(Transition::Stay)
    }

    /// The room is left: its tokens are kept, and it is no longer the one to go back to.
    fn leave(&self, shared: &mut Shared) {
        shared.memory = self.memory();
        shared.memory.current = None;
    }

    /// Sends `request` to the server, remembering it until the server answers.
    fn ask(&mut self, request: Request, now: f64) -> Result<(), CommandError> {
        match request {
            Request::Resign => self.resign(),
            Request::Rematch => self.rematch(),
            Request::DeclineRematch => self.decline_rematch(),
            Request::Abort => self.abort(),
            Request::Draw => self.draw(),
            Request::Claim => self.claim(),
        }
        .map_err(CommandError::Online)?;
        self.unanswered = Some((request, now));
        if request == Request::Rematch {
            self.rematch_asked = true;
            self.rematch_declined = false;
        }
        Ok(())
    }

    /// Whether it is this seat's turn in a game that is on.
    pub fn my_turn(&self) -> bool {
        match (self.seat, &self.board) {
            (Some(Seat::Player(side)), Some(board)) => {
                board.side_to_move() == side && !board.status().is_over()
            }
            _ => false,
        }
    }

    /// The other player's side, when this client plays one.
    pub fn friend(&self) -> Option<Side> {
        self.mine().map(Side::opponent)
    }
}

/// Whether two states are of the same game at the same ply (a rematch, or a move, is not).
fn same_game(a: &RoomState, b: &RoomState) -> bool {
    a.start == b.start && a.plies == b.plies
}

/// Whether the server's clock runs (docs/online.md: while both seats are taken and a player
/// is connected), as far as a state tells: a seat counts as taken once its player was seen
/// or a move was played, so a room still waiting for the friend shows a standing clock.
fn clock_runs(state: &RoomState) -> bool {
    let Connected { x, o } = state.connected;
    (x || o) && ((x && o) || !state.plies.is_empty())
}

/// The server's game, replayed here; only `mine` may be moved from this screen.
fn replay(
    variant: Variant,
    state: &RoomState,
    mine: Option<Side>,
    level: Level,
    now: f64,
) -> Result<AnyMatch, ReplayError> {
    // A spectator moves nothing: the board is someone else's on both turns.
    let players = Players {
        human: Some(mine.unwrap_or(Side::X)),
        level,
    };
    let mut board = AnyMatch::replay(
        variant,
        &state.start,
        &state.plies,
        state.plies.len(),
        players,
        0,
        now,
    )?;
    board.set_remote(match mine {
        Some(_) => Remote::Player,
        None => Remote::Spectator,
    });
    Ok(board)
}

/// Online commands from the local games: a room created, joined or resumed (`variant`: the
/// game on the board, for a new room), or `None` when a restore finds no room in play. A
/// room's own commands are refused: there is no room.
pub(crate) fn start(
    command: OnlineCommand,
    variant: Variant,
    shared: &mut Shared,
) -> Result<Option<Online>, CommandError> {
    let id = rand::Rng::random(&mut shared.rng);
    let memory = &mut shared.memory;
    Ok(match command {
        OnlineCommand::Create { server, side } => {
            let server = ServerAddress::parse(&server).map_err(CommandError::Server)?;
            Some(Online::create(server, id, variant, side, memory))
        }
        OnlineCommand::Join { server, room } => {
            let server = ServerAddress::parse(&server).map_err(CommandError::Server)?;
            Some(Online::join(server, id, room, memory))
        }
        OnlineCommand::Restore(mut kept) => {
            shared.lobby.restore(kept.player.take());
            *memory = kept;
            // A kept address this app no longer connects to (plain ws:// far away) resumes
            // nothing; the player sees it in the Server field and is told on their next try.
            let server = ServerAddress::parse(&memory.server).ok();
            match (memory.current.clone(), server) {
                (Some(room), Some(server)) => Some(Online::join(server, id, room, memory)),
                _ => None,
            }
        }
        OnlineCommand::Leave
        | OnlineCommand::Resign
        | OnlineCommand::Rematch
        | OnlineCommand::DeclineRematch
        | OnlineCommand::Abort
        | OnlineCommand::Draw
        | OnlineCommand::Claim => return Err(CommandError::NotIn(ModeKind::Online)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(text: &str) -> ServerFrame {
        ServerFrame::from_text(text).expect("a frame")
    }

    /// The server's refusals arrive typed: a lost token sends the client back through
    /// `join`, and a code this build does not know still reads as a refusal.
    #[test]
    fn refusals_are_read_by_their_code() {
        let memory = OnlineMemory {
            tokens: BTreeMap::from([("ABCDEFGH".to_owned(), "old-token".to_owned())]),
            ..OnlineMemory::default()
        };
        let mut online = Online::join(
            ServerAddress::parse("ws://127.0.0.1:1/ws").expect("loopback"),
            1,
            " abcdefgh ".into(),
            &memory,
        );
        let lobby = &mut Lobby::default();
        online.opened();
        assert_eq!(
            online.take_outbox(),
            [r#"{"type":"resume","room":"ABCDEFGH","token":"old-token"}"#]
        );
        let refused = r#"{"type":"error","code":"bad-token","message":"that token holds no seat"}"#;
        online.received(frame(refused), Level::Easy, lobby, 0.0);
        assert_eq!(
            online.notice(),
            Some(&OnlineNotice::Refused(ErrorCode::BadToken))
        );
        assert_eq!(
            online.take_outbox(),
            [r#"{"type":"join","room":"ABCDEFGH"}"#]
        );
        assert!(online.memory().tokens.is_empty());
        let unknown = r#"{"type":"error","code":"on-fire","message":"?"}"#;
        online.received(frame(unknown), Level::Easy, lobby, 0.0);
        assert_eq!(
            online.notice(),
            Some(&OnlineNotice::Refused(ErrorCode::Unrecognized))
        );
        assert_eq!(online.seat(), None);
        assert!(!online.is_connected(Side::X), "no state yet");
    }
}
