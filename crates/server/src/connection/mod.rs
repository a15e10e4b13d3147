//! One client's WebSocket: its loop (frames in, room changes out), its limits, and the
//! room it is in with the seat it holds there.

mod correspondence;
mod lobby;
pub mod rate_limit;

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use qipan_engine::games::Side;
use qipan_protocol::{
    normalize_room_code, ClientFrame, ErrorCode, SeatName, ServerFrame, SideChoice,
};
use tokio::sync::mpsc;

use crate::draw;
use crate::lobby::{Lobby, LocalSeek, Me, Notice, Paired, Refusal, SeatKeys};
use crate::room::registry::{Entered, Rooms, Update};
use crate::room::Room;
use crate::secret::Secret;
use crate::shutdown::Shutdown;
use rate_limit::{BadFrames, RateLimit};

/// The room a connection is in, and the seat it holds there.
struct Joined {
    entered: Entered,
    seat: Option<Seat>,
}

/// A seat held by this connection: its token (said again after a rematch), the token's
/// hash (how the room knows it) and the side as of the room's round.
struct Seat {
    token: Secret,
    hash: String,
    side: Side,
    round: u32,
}

impl Seat {
    fn new(token: Secret, side: Side, room: &Room) -> Seat {
        Seat {
            hash: token.hash(),
            token,
            side,
            round: room.round,
        }
    }
}

/// The `seat` frame for a place in room `code`: a seat, or a spectator's place.
fn seat_frame(code: &str, seat: Option<&Seat>) -> ServerFrame {
    ServerFrame::Seat {
        room: code.to_owned(),
        seat: match seat.map(|s| s.side) {
            Some(Side::X) => SeatName::X,
            Some(Side::O) => SeatName::O,
            None => SeatName::Spectator,
        },
        token: seat.map(|s| s.token.expose().to_owned()),
    }
}

pub struct Connection {
    rooms: Arc<Rooms>,
    lobby: Arc<Lobby>,
    /// Where the connection comes from (the registration limit is per address).
    peer: IpAddr,
    joined: Option<Joined>,
    /// The player of its last `register` or `login` that succeeded.
    me: Option<Me>,
    /// That player's seat keys (their seat tokens derived from their key), and the id the
    /// lobby reaches this connection by as theirs.
    keys: Option<SeatKeys>,
    reach_id: Option<u64>,
    /// Where the lobby tells it what its player is told everywhere (correspondence.md).
    notices_tx: mpsc::UnboundedSender<Notice>,
    notices_rx: mpsc::UnboundedReceiver<Notice>,
    /// Its seek, while it has one.
    seeking: Option<LocalSeek>,
    /// Where the lobby hands it its pairings.
    paired_tx: mpsc::UnboundedSender<Paired>,
    paired_rx: mpsc::UnboundedReceiver<Paired>,
    rate: RateLimit,
    bad: BadFrames,
    shutdown: Shutdown,
}

/// The next change of the room a connection is in; never, while it is in none.
async fn next_update(rooms: &Rooms, joined: &mut Option<Joined>) -> Arc<Update> {
    match joined.as_mut() {
        Some(joined) => rooms.next_update(&mut joined.entered).await,
        None => std::future::pending().await,
    }
}

impl Connection {
    pub fn new(
        rooms: Arc<Rooms>,
        lobby: Arc<Lobby>,
        peer: IpAddr,
        shutdown: Shutdown,
    ) -> Connection {
        let now = rooms.clock().now_ms();
        let (paired_tx, paired_rx) = mpsc::unbounded_channel();
        let (notices_tx, notices_rx) = mpsc::unbounded_channel();
        Connection {
            rooms,
            lobby,
            peer,
            joined: None,
            me: None,
            keys: None,
            reach_id: None,
            notices_tx,
            notices_rx,
            seeking: None,
            paired_tx,
            paired_rx,
            rate: RateLimit::frames(now),
            bad: BadFrames::default(),
            shutdown,
        }
    }

    fn now_ms(&self) -> u64 {
        self.rooms.clock().now_ms()
    }

    pub async fn run(mut self, mut socket: WebSocket) {
        let mut shutdown = self.shutdown.clone();
        let ending = loop {
            tokio::select! {
                message = socket.recv() => {
                    let text = match message {
                        Some(Ok(Message::Text(text))) => text,
                        Some(Ok(Message::Binary(_))) => {
                            if let Err(ending) = self.refuse(&mut socket, ErrorCode::Malformed.into()).await {
                                break ending;
                            }
                            continue;
                        }
                        Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                        Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break Ending::Gone,
                    };
                    if !self.rate.allow(self.now_ms()) {
                        if let Err(ending) = self.refuse(&mut socket, ErrorCode::RateLimited.into()).await {
                            break ending;
                        }
                        continue;
                    }
                    let arrived = std::time::Instant::now();
                    let (frames, is_move) = match ClientFrame::from_text(text.as_str()) {
                        Ok(frame) => {
                            let is_move = matches!(frame, ClientFrame::Move { .. });
                            (self.handle(frame).await, is_move)
                        }
                        Err(code) => (Err(code.into()), false),
                    };
                    let is_move = is_move && frames.is_ok();
                    let answered = match frames {
                        Ok(frames) => send_all(&mut socket, frames).await,
                        Err(refusal) => self.refuse(&mut socket, refusal).await,
                    };
                    if is_move {
                        // Stored, broadcast, and answered (to a sender in another room).
                        self.rooms.metrics().move_answered(arrived.elapsed());
                    }
                    if let Err(ending) = answered {
                        break ending;
                    }
                }
                Some(paired) = self.paired_rx.recv() => {
                    let frames = self.on_paired(paired).await;
                    if let Err(ending) = send_all(&mut socket, frames).await { break ending; }
                }
                Some(notice) = self.notices_rx.recv() => {
                    let frames = self.on_notice(notice);
                    if let Err(ending) = send_all(&mut socket, frames).await { break ending; }
                }
                update = next_update(&self.rooms, &mut self.joined) => {
                    let mut frames = self.on_update(&update.room);
                    frames.push(update.state.clone());
                    if let Err(ending) = send_texts(&mut socket, frames).await { break ending; }
                }
                _ = shutdown.requested() => {
                    // 1012, service restart (hosting.md): come back, here or to another.
                    break close(&mut socket, 1012, "server restarting").await;
                }
            }
        };
        self.withdraw().await;
        self.unreach().await;
        self.leave().await;
        if ending == Ending::Closing {
            finish_closing(&mut socket).await;
        }
    }

    /// Sends an error frame; an [`Ending`] when the connection should end (it sent too many
    /// bad frames, or the socket is gone).
    async fn refuse(&mut self, socket: &mut WebSocket, refusal: Refusal) -> Result<(), Ending> {
        self.rooms.metrics().rejected(refusal.code.name());
        let tolerated = !refusal.counts || self.bad.tolerate(self.now_ms());
        let answered = send_all(socket, vec![ServerFrame::error(refusal.code)]).await;
        if !tolerated {
            tracing::info!("closing a connection that sent too many refused frames");
            return Err(close(socket, 1008, "too many bad frames").await);
        }
        answered
    }

    /// A room changed: before its state, a new `seat` frame when a rematch swapped
    /// this connection's seat.
    fn on_update(&mut self, room: &Room) -> Vec<String> {
        let Some(seat) = self.joined.as_mut().and_then(|j| j.seat.as_mut()) else {
            return Vec::new();
        };
        if seat.round == room.round {
            return Vec::new();
        }
        seat.round = room.round;
        let Some(side) = room.seat_of(&seat.hash) else {
            return Vec::new();
        };
        seat.side = side;
        vec![seat_frame(&room.code, Some(seat)).to_text()]
    }

    /// Leaves the current room: its seat's presence count goes down (stored, broadcast).
    async fn leave(&mut self) {
        if let Some(Joined { entered, seat }) = self.joined.take() {
            let hash = seat.map(|seat| seat.hash);
            self.rooms.leave(entered, hash.as_deref()).await;
        }
    }

    /// Moves into the room just entered, with `seat` or as a spectator, leaving the room it
    /// was in (only now that the new one has let it in: an error changes nothing). Answers
    /// the `seat` frame.
    async fn take_place(&mut self, entered: Entered, seat: Option<Seat>) -> ServerFrame {
        self.leave().await;
        let frame = seat_frame(entered.code(), seat.as_ref());
        self.joined = Some(Joined { entered, seat });
        frame
    }

    async fn handle(&mut self, frame: ClientFrame) -> Result<Vec<ServerFrame>, Refusal> {
        Ok(match frame {
            ClientFrame::Create { game, side } => {
                let variant = game.variant()?;
                let side = match side {
                    SideChoice::X => Side::X,
                    SideChoice::O => Side::O,
                    SideChoice::Random => draw::side(&mut rand::rng()),
                };
                let token = draw::token(&mut rand::rng());
                let (entered, room) = self.rooms.create(variant, side, &token.hash()).await?;
                let seat = Seat::new(token, side, &room);
                let frame = self.take_place(entered, Some(seat)).await;
                vec![frame, room.state_frame(self.now_ms())]
            }
            ClientFrame::Join { room } => {
                let code = normalize_room_code(&room).ok_or(ErrorCode::NoSuchRoom)?;
                let token = draw::token(&mut rand::rng());
                let entered = self.rooms.enter(&code);
                let (room, side) = self.rooms.join(&entered, &token.hash()).await?;
                let seat = side.map(|side| Seat::new(token, side, &room));
                let seated = seat.is_some();
                let frame = self.take_place(entered, seat).await;
                // A player's state follows through the broadcast (everyone sees the
                // arrival); a spectator's arrival is not broadcast.
                if seated {
                    vec![frame]
                } else {
                    vec![frame, room.state_frame(self.now_ms())]
                }
            }
            ClientFrame::Resume { room, token } => {
                let code = normalize_room_code(&room).ok_or(ErrorCode::NoSuchRoom)?;
                let token = Secret::new(token);
                let entered = self.rooms.enter(&code);
                let (room, side) = self.rooms.resume(&entered, &token.hash()).await?;
                let seat = Seat::new(token, side, &room);
                vec![self.take_place(entered, Some(seat)).await]
            }
            ClientFrame::Move {
                room,
                token,
                ply,
                mv,
            } => {
                let hash = Secret::new(token).hash();
                self.act(&room, |r, now| r.play(&hash, ply, &mv, now))
                    .await?
            }
            ClientFrame::Resign { room, token } => {
                let hash = Secret::new(token).hash();
                self.act(&room, |r, now| r.resign(&hash, now)).await?
            }
            ClientFrame::Rematch { room, token } => {
                let code = normalize_room_code(&room).ok_or(ErrorCode::NoSuchRoom)?;
                let hash = Secret::new(token).hash();
                let room = self.lobby.rematch(&code, &hash).await?;
                self.answer(&room)
            }
            ClientFrame::DeclineRematch { room, token } => {
                let hash = Secret::new(token).hash();
                self.act(&room, |r, now| r.decline_rematch(&hash, now))
                    .await?
            }
            ClientFrame::Abort { room, token } => {
                let hash = Secret::new(token).hash();
                self.act(&room, |r, now| r.abort(&hash, now)).await?
            }
            ClientFrame::Draw { room, token } => {
                let hash = Secret::new(token).hash();
                self.act(&room, |r, now| r.draw(&hash, now)).await?
            }
            ClientFrame::Claim { room, token } => {
                let hash = Secret::new(token).hash();
                self.act(&room, |r, now| r.claim(&hash, now)).await?
            }
            ClientFrame::Register { name } => self.register(&name).await?,
            ClientFrame::Login { key } => self.login(&key).await?,
            ClientFrame::Seek {
                game,
                rated,
                days: None,
            } => self.seek(&game, rated).await?,
            ClientFrame::Unseek { seek: None } => self.unseek().await?,
            ClientFrame::Seek {
                game,
                rated,
                days: Some(days),
            } => self.seek_correspondence(&game, rated, days).await?,
            ClientFrame::Unseek { seek: Some(seek) } => self.unseek_correspondence(seek).await?,
            ClientFrame::Accept(acceptance) => self.accept(acceptance).await?,
            ClientFrame::Challenge {
                to,
                game,
                rated,
                days,
            } => self.challenge(&to, &game, rated, days).await?,
            ClientFrame::Decline { challenge } => self.decline(&challenge).await?,
            ClientFrame::Cancel { challenge } => self.cancel(&challenge).await?,
            ClientFrame::Games => self.games().await?,
        })
    }

    /// A move, a resignation or a rematch request on room `room`. Its sockets hear of it
    /// through the broadcast; a sender that is not in that room gets the state directly.
    async fn act(
        &mut self,
        room: &str,
        f: impl FnMut(&Room, u64) -> Result<Room, ErrorCode>,
    ) -> Result<Vec<ServerFrame>, ErrorCode> {
        let code = normalize_room_code(room).ok_or(ErrorCode::NoSuchRoom)?;
        let room = self.rooms.act(&code, f).await?;
        Ok(self.answer(&room))
    }

    /// The answer to a change of `room`: nothing when the connection is in that room (the
    /// broadcast tells it), else the room's state.
    fn answer(&self, room: &Room) -> Vec<ServerFrame> {
        let here = self
            .joined
            .as_ref()
            .is_some_and(|j| j.entered.code() == room.code);
        if here {
            Vec::new()
        } else {
            vec![room.state_frame(self.now_ms())]
        }
    }
}

/// How a connection's loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    /// The client closed, or the socket failed: nothing more to say or hear.
    Gone,
    /// The server sent its Close: the client's answer is awaited.
    Closing,
}

/// How long a connection the server closes waits for the client's Close before it lets go.
const CLOSE_WAIT: Duration = Duration::from_secs(2);

/// Starts the closing handshake: sends Close with `code` and `reason`.
async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) -> Ending {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    match socket.send(Message::Close(Some(frame))).await {
        Ok(()) => Ending::Closing,
        Err(_) => Ending::Gone,
    }
}

/// Ends the closing handshake the server started: reads and drops what the client still
/// sends until its Close or the end of the stream, for at most [`CLOSE_WAIT`]. Dropping the
/// socket while the client's frames sit unread in it would make the kernel reset the
/// connection, and what the server sent that had not reached the client yet would be lost:
/// the error frames that explain the close among them.
async fn finish_closing(socket: &mut WebSocket) {
    let drain = async {
        while let Some(Ok(message)) = socket.recv().await {
            if matches!(message, Message::Close(_)) {
                break;
            }
        }
    };
    let _ = tokio::time::timeout(CLOSE_WAIT, drain).await;
}

async fn send_all(socket: &mut WebSocket, frames: Vec<ServerFrame>) -> Result<(), Ending> {
    send_texts(socket, frames.iter().map(ServerFrame::to_text).collect()).await
}

/// Sends `texts` in order; [`Ending::Gone`] when the socket failed.
async fn send_texts(socket: &mut WebSocket, texts: Vec<String>) -> Result<(), Ending> {
    for text in texts {
        socket
            .send(Message::Text(text.into()))
            .await
            .map_err(|_| Ending::Gone)?;
    }
    Ok(())
}
