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
//! local games, and `Online::handle` takes the session's commands while it is on.

use crate::mode::{ModeKind, Outcome};
use crate::session::Shared;
use crate::{AnyMatch, AnyMove, Command, CommandError, PlayError, Players, Remote, ReplayError};
use qipan_engine::ai::Level;
use qipan_engine::games::{EndReason, MoveError, Side, Status, Variant};
use qipan_protocol::{tidy_room_code, ClientFrame, SeatName, ServerFrame, SideChoice};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

// Re-exported so that the app names what `Online` hands out without the protocol crate.
pub use qipan_protocol::{Connected, ErrorCode, RoomState};

// The board's turn clock is the spec's: `turn_ms` is read against it.
const _: () = assert!(crate::timer::TURN_SECONDS == qipan_protocol::TURN_MS as f64 / 1000.0);

/// What playing online asks of the session: the person's wishes, and what the app's
/// transport reports of the connection.
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineCommand {
    /// A new room on `server` for the game on the board, the creator at `side`.
    Create {
        server: String,
        side: SeatChoice,
    },
    /// A friend's room, by its code.
    Join {
        server: String,
        room: String,
    },
    /// Back to the games on this screen (the room stays on the server; its token is kept).
    Leave,
    Resign,
    Rematch,
    /// The tokens and the room kept from the last run; a room in play is resumed.
    Restore(OnlineMemory),
    /// The transport opens a socket now.
    Connecting,
    /// The socket is open.
    Opened,
    /// A text frame from the server.
    Received(String),
    /// The socket closed or could not open.
    Lost,
}

/// Why the online game refused a person's command (nothing was sent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnlineError {
    /// The server has not sent the game yet.
    NoGameYet,
    /// This client watches the room: a spectator moves, resigns and asks for nothing.
    Spectating,
    /// This client holds no seat in the room yet (the server has not given its token).
    NoSeat,
    /// The last move waits for the server's answer: one move at a time.
    MovePending,
    /// The connection is down; the transport tries again by itself.
    Offline,
}

/// The side a person asks for when creating a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatChoice {
    Side(Side),
    Random,
}

impl SeatChoice {
    fn wire(self) -> SideChoice {
        match self {
            SeatChoice::Side(Side::X) => SideChoice::X,
            SeatChoice::Side(Side::O) => SideChoice::O,
            SeatChoice::Random => SideChoice::Random,
        }
    }
}

/// Where this client sits in a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Player(Side),
    Spectator,
}

/// The connection as the transport reported it last.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Link {
    /// Asked for, not open yet.
    Connecting,
    Open,
    /// Lost; the transport tries again at the session clock's `retry_at`.
    Lost {
        retry_at: f64,
    },
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
    /// The server's game does not replay here (a newer server, a damaged state).
    Unreadable(String),
}

/// A room's token as this client keeps it between runs (the web: local storage).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct OnlineMemory {
    /// The server's WebSocket address, e.g. `ws://127.0.0.1:8090/ws`.
    pub server: String,
    /// The room being played, if any: the app goes back to it on start.
    pub current: Option<String>,
    /// Room → the seat's token.
    pub tokens: BTreeMap<String, String>,
}

/// The online game: the room, the seat and its token, the server's last word, and the
/// frames waiting to go out.
pub struct Online {
    server: String,
    goal: Goal,
    room: Option<String>,
    seat: Option<Seat>,
    link: Link,
    state: Option<RoomState>,
    /// The game of the last state, replayed here so that the board can draw it.
    board: Option<AnyMatch>,
    /// The ply of the move this client sent and the server has not yet answered.
    sent_ply: Option<usize>,
    outbox: Vec<String>,
    notice: Option<OnlineNotice>,
    tokens: BTreeMap<String, String>,
    /// Failed connections in a row: the wait before the next try doubles up to 30 s.
    failures: u32,
}

/// The longest wait between two tries to reconnect.
const MAX_RETRY_SECONDS: f64 = 30.0;

impl Online {
    fn new(server: String, goal: Goal, tokens: BTreeMap<String, String>) -> Online {
        let room = match &goal {
            Goal::Join { room } => Some(room.clone()),
            Goal::Create { .. } => None,
        };
        Online {
            server,
            goal,
            room,
            seat: None,
            link: Link::Connecting,
            state: None,
            board: None,
            sent_ply: None,
            outbox: Vec::new(),
            notice: None,
            tokens,
            failures: 0,
        }
    }

    /// A new game on `server`, the creator sitting at `side`.
    pub fn create(
        server: String,
        game: Variant,
        side: SeatChoice,
        memory: &OnlineMemory,
    ) -> Online {
        Online::new(server, Goal::Create { game, side }, memory.tokens.clone())
    }

    /// The free seat of `room` (or back to ours, when a token for it is kept).
    pub fn join(server: String, room: String, memory: &OnlineMemory) -> Online {
        let room = tidy_room_code(&room);
        Online::new(server, Goal::Join { room }, memory.tokens.clone())
    }

    /// What the client keeps between runs.
    pub fn memory(&self) -> OnlineMemory {
        OnlineMemory {
            server: self.server.clone(),
            current: self.room.clone(),
            tokens: self.tokens.clone(),
        }
    }

    pub fn server(&self) -> &str {
        &self.server
    }

    pub fn room(&self) -> Option<&str> {
        self.room.as_deref()
    }

    pub fn seat(&self) -> Option<Seat> {
        self.seat
    }

    pub fn link(&self) -> Link {
        self.link
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

    /// The frames to send now, in order.
    pub fn take_outbox(&mut self) -> Vec<String> {
        std::mem::take(&mut self.outbox)
    }

    /// Whether the transport should open a socket now (none is open or being opened, and
    /// the wait after the last failure is over).
    pub fn wants_socket(&self, now: f64) -> bool {
        matches!(self.link, Link::Lost { retry_at } if now >= retry_at)
    }

    /// When the transport should look again (the next retry), if it waits for one.
    pub fn retry_at(&self) -> Option<f64> {
        match self.link {
            Link::Lost { retry_at } => Some(retry_at),
            _ => None,
        }
    }

    fn token(&self) -> Option<String> {
        self.room.as_ref().and_then(|r| self.tokens.get(r)).cloned()
    }

    fn push(&mut self, frame: ClientFrame) {
        if let Ok(text) = serde_json::to_string(&frame) {
            self.outbox.push(text);
        }
    }

    /// The transport is about to open a socket.
    pub fn connecting(&mut self) {
        self.link = Link::Connecting;
    }

    /// The socket is open: back to our seat with its token, or on with the goal.
    pub fn opened(&mut self) {
        self.link = Link::Open;
        self.failures = 0;
        self.outbox.clear();
        self.sent_ply = None;
        match (self.room.clone(), self.token()) {
            (Some(room), Some(token)) => self.push(ClientFrame::Resume { room, token }),
            (Some(room), None) => self.push(ClientFrame::Join { room }),
            (None, _) => {
                if let Goal::Create { game, side } = self.goal.clone() {
                    self.push(ClientFrame::Create {
                        game: game.to_string(),
                        side: side.wire(),
                    });
                }
            }
        }
    }

    /// The socket closed or could not open: try again after a wait that doubles.
    pub fn lost(&mut self, now: f64) {
        self.failures = self.failures.saturating_add(1);
        let wait = (0.5 * 2f64.powi(self.failures.min(8) as i32)).min(MAX_RETRY_SECONDS);
        self.link = Link::Lost {
            retry_at: now + wait,
        };
        self.sent_ply = None;
    }

    /// A frame from the server. Anything that does not read is ignored (and logged): the
    /// server is trusted no more than it must be.
    pub fn received(&mut self, text: &str, level: Level, now: f64) {
        let frame = match ServerFrame::from_text(text) {
            Ok(frame) => frame,
            Err(e) => {
                log::warn!("a server frame that does not read: {e}");
                return;
            }
        };
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
            ServerFrame::State(state) => self.take_state(state, level, now),
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
                self.notice = Some(OnlineNotice::Refused(code));
            }
            // lobby.md's answers (issue 35): never sent to a friend's room, not used yet.
            ServerFrame::Player { .. }
            | ServerFrame::Seeking { .. }
            | ServerFrame::Paired { .. } => {
                log::info!("a lobby frame the session does not use yet");
            }
        }
    }

    fn take_state(&mut self, state: RoomState, level: Level, now: f64) {
        if self.room.as_deref() != Some(state.room.as_str()) {
            return;
        }
        let Ok(variant) = Variant::parse(&state.game) else {
            self.notice = Some(OnlineNotice::Unreadable(state.game.clone()));
            return;
        };
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
            board
                .play_remote(last, now)
                .map(|()| board)
                .map_err(|e| e.to_string())
        } else {
            replay(variant, &state, mine, level, now).map_err(|e| format!("{e:?}"))
        };
        match replayed {
            Ok(mut board) => {
                // A resignation ends a game that no rule ended: the server's word for it.
                if state.reason.as_deref() == Some("resigned") {
                    let winner = match state.status.as_str() {
                        "x-wins" => Some(Side::X),
                        "o-wins" => Some(Side::O),
                        _ => None,
                    };
                    if let Some(winner) = winner {
                        board.decide(Status::Win(winner, EndReason::Resigned));
                    }
                }
                if let Some(ms) = state.turn_ms {
                    let used = crate::timer::TURN_SECONDS - ms as f64 / 1000.0;
                    board.set_clock_used(used, now);
                    if !clock_runs(&state) {
                        board.park(now);
                    }
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
        self.state = Some(state);
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
        if self.link != Link::Open {
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
    ) -> Result<Outcome, CommandError> {
        match command {
            Command::Play(mv) => self.play(mv)?,
            Command::Online(command) => match command {
                OnlineCommand::Connecting => self.connecting(),
                OnlineCommand::Opened => self.opened(),
                OnlineCommand::Lost => self.lost(now),
                OnlineCommand::Received(text) => self.received(&text, shared.level, now),
                OnlineCommand::Resign => self.resign().map_err(CommandError::Online)?,
                OnlineCommand::Rematch => self.rematch().map_err(CommandError::Online)?,
                OnlineCommand::Leave => {
                    shared.memory = self.memory();
                    shared.memory.current = None;
                    return Ok(Outcome::Leave);
                }
                OnlineCommand::Create { .. }
                | OnlineCommand::Join { .. }
                | OnlineCommand::Restore(_) => {
                    return Err(CommandError::AlreadyIn(ModeKind::Online))
                }
            },
            _ => return Err(CommandError::NotWhile(ModeKind::Online)),
        }
        Ok(Outcome::Stay)
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
        match self.seat {
            Some(Seat::Player(side)) => Some(side.opponent()),
            _ => None,
        }
    }
}

/// The server's game, replayed here; only `mine` may be moved from this screen.
/// Whether the server's clock runs (docs/online.md: while both seats are taken and a player
/// is connected), as far as a state tells: a seat counts as taken once its player was seen
/// or a move was played, so a room still waiting for the friend shows a standing clock.
fn clock_runs(state: &RoomState) -> bool {
    let Connected { x, o } = state.connected;
    (x || o) && ((x && o) || !state.plies.is_empty())
}

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
/// game on the board, for a new room), or `None` when a restore finds no room in play. The
/// connection's reports without a room are refused: they belong to a room left since.
pub(crate) fn start(
    command: OnlineCommand,
    variant: Variant,
    memory: &mut OnlineMemory,
) -> Result<Option<Online>, CommandError> {
    Ok(match command {
        OnlineCommand::Create { server, side } => {
            Some(Online::create(server, variant, side, memory))
        }
        OnlineCommand::Join { server, room } => Some(Online::join(server, room, memory)),
        OnlineCommand::Restore(kept) => {
            *memory = kept;
            memory
                .current
                .clone()
                .map(|room| Online::join(memory.server.clone(), room, memory))
        }
        OnlineCommand::Leave
        | OnlineCommand::Resign
        | OnlineCommand::Rematch
        | OnlineCommand::Connecting
        | OnlineCommand::Opened
        | OnlineCommand::Received(_)
        | OnlineCommand::Lost => return Err(CommandError::NotIn(ModeKind::Online)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The server's refusals arrive typed: a lost token sends the client back through
    /// `join`, and a code this build does not know still reads as a refusal.
    #[test]
    fn refusals_are_read_by_their_code() {
        let memory = OnlineMemory {
            tokens: BTreeMap::from([("ABCDEFGH".to_owned(), "old-token".to_owned())]),
            ..OnlineMemory::default()
        };
        let mut online = Online::join("ws://127.0.0.1:1/ws".into(), " abcdefgh ".into(), &memory);
        online.opened();
        assert_eq!(
            online.take_outbox(),
            [r#"{"type":"resume","room":"ABCDEFGH","token":"old-token"}"#]
        );
        let refused = r#"{"type":"error","code":"bad-token","message":"that token holds no seat"}"#;
        online.received(refused, Level::Easy, 0.0);
        assert_eq!(
            online.notice(),
            Some(&OnlineNotice::Refused(ErrorCode::BadToken))
        );
        assert_eq!(
            online.take_outbox(),
            [r#"{"type":"join","room":"ABCDEFGH"}"#]
        );
        assert!(online.memory().tokens.is_empty());
        online.received(
            r#"{"type":"error","code":"on-fire","message":"?"}"#,
            Level::Easy,
            0.0,
        );
        assert_eq!(
            online.notice(),
            Some(&OnlineNotice::Refused(ErrorCode::Unrecognized))
        );
        // A seat frame with a mistyped field is ignored, not half read.
        online.received(
            r#"{"type":"seat","room":"ABCDEFGH","seat":"referee","token":null}"#,
            Level::Easy,
            0.0,
        );
        assert_eq!(online.seat(), None);
        assert!(!online.is_connected(Side::X), "no state yet");
    }
}
