//! The rooms: one room's game and its rules here (with `fair.rs`, ending a game fairly, and
//! `seats.rs`, who sits where in a paired room), and the rooms in use, `registry/`.
//!
//! One room's game is plain data and its rules are pure: no I/O and no clock of their own;
//! every function takes the time (`now`, milliseconds since the Unix epoch) and returns a
//! new [`Room`] or the [`ErrorCode`] to answer. The registry stores the new room, then
//! broadcasts it; the same room is what SQLite and the NATS bucket hold, so a restart or
//! another server reads back exactly this. The registry sits above storage, the rules
//! below it.

use qipan_engine::games::ToGame;
use std::collections::BTreeMap;

use qipan_engine::games::{EndReason, Game, MoveError, PositionError, Side, Status, Variant};
use qipan_engine::with_game;
use qipan_vocab::variant_id;
use serde::{Deserialize, Serialize};

use qipan_protocol::{normalize_room_code, Connected, Days, ErrorCode, RoomState, ServerFrame};

mod days;
mod fair;
pub(crate) mod registry;
mod seats;

#[cfg(test)]
pub use seats::paired_for_tests;
pub use seats::{PairedSeat, Seated, COMPUTER_SEAT};

/// A turn's length (the spec's 60 seconds); tests and the benchmark may choose another.
pub use qipan_protocol::TURN_MS;

/// A room with no activity (no move, no player arriving or leaving) for this long is
/// removed from storage: 7 days.
pub const ROOM_TTL_MS: u64 = 7 * 24 * 60 * 60 * 1000;

/// The ply that records a turn lost to the clock, as in saved games.
pub const TIMEOUT_PLY: &str = "timeout";

/// The turn clock. It runs only while the game is on, both seats are taken and at least one
/// of the two players is connected; otherwise what is left of the turn is kept. A
/// correspondence room's runs whatever the connections (`days.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "lowercase")]
pub enum Clock {
    Running { deadline_ms: u64 },
    Paused { remaining_ms: u64 },
}

/// A room: the game, the seats and the clock.
///
/// Kept as JSON in both stores, in the form the server has always written: the game as its
/// id (`blockade:solidarity`), the status as the protocol's `status` and `reason`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Room {
    pub code: String,
    #[serde(with = "variant_id")]
    pub game: Variant,
    pub start: String,
    pub plies: Vec<String>,
    /// The position after `plies` (kept so that a move costs one engine call, not a replay).
    pub position: String,
    /// Where the game stands: the position's status, or the end a frame gave it.
    #[serde(flatten)]
    pub status: Status,
    /// SHA-256 (hex) of the token that holds seat x, then o; `None` while the seat is free.
    /// Only hashes are kept, so a copy of the store or the bucket gives nobody a seat.
    pub seats: [Option<String>; 2],
    /// Which seats asked for a rematch since the game ended.
    pub rematch: [bool; 2],
    /// Counted from 1; a rematch starts the next round.
    pub round: u32,
    pub turn_len_ms: u64,
    pub clock: Clock,
    /// Live connections per seat, `[x, o]`, per server process (each names itself with a
    /// random id), so that servers sharing a room through NATS add up their players.
    pub presence: BTreeMap<String, [u32; 2]>,
    /// The last change, for expiry.
    pub updated_ms: u64,
    /// Who sits where, for seats taken through pairing (lobby.md); `None` in a friend's
    /// room. Rooms written before the lobby read with neither.
    #[serde(default)]
    pub players: [Option<Seated>; 2],
    /// Whether this round's game is rated (only ever a paired one).
    #[serde(default)]
    pub rated: bool,
    /// The side whose draw offer stands.
    #[serde(default)]
    pub offer: Option<Side>,
    /// Per seat: a turn of theirs was lost to the clock while they had no connection, since
    /// their last connection closed (what makes a `claim` against them possible).
    #[serde(default)]
    pub abandoned: [bool; 2],
    /// Whether the end of this round's paired game is recorded: ratings (when rated) and
    /// the record. Storage does it with the change that ends the game.
    #[serde(default)]
    pub settled: bool,
    /// Days per move of a correspondence game (correspondence.md); `None` for a live room.
    /// Not written for a live room, so that rooms read and write back as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<Days>,
}

/// Why a room read back from storage is not served ([`Room::check`]).
#[derive(Debug, thiserror::Error)]
pub enum Invalid {
    #[error("bad room code {0:?}")]
    Code(String),
    #[error("start: {0}")]
    Start(#[from] PositionError),
    #[error("ply {ply} after the end")]
    PlyAfterEnd { ply: usize },
    #[error("ply {ply}: {source}")]
    Ply {
        ply: usize,
        #[source]
        source: MoveError,
    },
    #[error("position does not follow from the plies")]
    Position,
    #[error("status does not follow from the position")]
    Status,
}

fn side_index(side: Side) -> usize {
    side.index()
}

impl Room {
    /// A new game with the creator in seat `side`; the other seat waits for a `join`.
    pub fn create(
        code: String,
        variant: Variant,
        side: Side,
        token_hash: String,
        turn_len_ms: u64,
        now: u64,
    ) -> Room {
        let (start, status) = with_game!(variant.to_game(), g => {
            let start = g.start_with(g.first_to_move(1));
            (g.format_position(&start), g.status(&start))
        });
        let mut seats = [None, None];
        seats[side_index(side)] = Some(token_hash);
        Room {
            code,
            game: variant,
            position: start.clone(),
            start,
            plies: Vec::new(),
            status,
            seats,
            rematch: [false, false],
            round: 1,
            turn_len_ms,
            clock: Clock::Paused {
                remaining_ms: turn_len_ms,
            },
            presence: BTreeMap::new(),
            updated_ms: now,
            players: [None, None],
            rated: false,
            offer: None,
            abandoned: [false, false],
            settled: false,
            days: None,
        }
    }

    pub fn is_over(&self) -> bool {
        self.status.is_over()
    }

    /// The seat a token holds, if any.
    pub fn seat_of(&self, token_hash: &str) -> Option<Side> {
        [Side::X, Side::O]
            .into_iter()
            .find(|&side| self.seats[side_index(side)].as_deref() == Some(token_hash))
    }

    /// The side to move in the position (`None` if it does not read, which a checked room
    /// never is).
    pub fn side_to_move(&self) -> Option<Side> {
        with_game!(self.game.to_game(), g => {
            g.parse_position(&self.position).ok().map(|pos| g.side_to_move(&pos))
        })
    }

    pub fn connected(&self) -> Connected {
        let mut counts = [0u32; 2];
        for c in self.presence.values() {
            counts[0] = counts[0].saturating_add(c[0]);
            counts[1] = counts[1].saturating_add(c[1]);
        }
        Connected {
            x: counts[0] > 0 || self.is_computer(Side::X),
            o: counts[1] > 0 || self.is_computer(Side::O),
        }
    }

    /// Whether `side` has a live connection (the computer always has).
    pub fn is_connected(&self, side: Side) -> bool {
        let connected = self.connected();
        match side {
            Side::X => connected.x,
            Side::O => connected.o,
        }
    }

    fn clock_should_run(&self) -> bool {
        let connected = self.connected();
        let anyone = connected.x || connected.o || self.days.is_some();
        !self.is_over() && self.seats.iter().all(Option::is_some) && anyone
    }

    /// Starts or stops the clock as [`Clock`] says, keeping what is left of the turn.
    fn settle_clock(&mut self, now: u64) {
        let run = self.clock_should_run();
        self.clock = match self.clock {
            Clock::Running { deadline_ms } if !run => Clock::Paused {
                remaining_ms: deadline_ms.saturating_sub(now),
            },
            Clock::Paused { remaining_ms } if run => Clock::Running {
                deadline_ms: now.saturating_add(remaining_ms),
            },
            clock => clock,
        };
    }

    fn new_turn(&mut self, now: u64) {
        self.clock = Clock::Paused {
            remaining_ms: self.turn_len_ms,
        };
        self.settle_clock(now);
    }

    /// What is left of the turn, `None` once the game is over.
    pub fn turn_ms(&self, now: u64) -> Option<u64> {
        if self.is_over() {
            return None;
        }
        Some(match self.clock {
            Clock::Running { deadline_ms } => deadline_ms.saturating_sub(now),
            Clock::Paused { remaining_ms } => remaining_ms,
        })
    }

    /// When the turn is lost, if the clock runs.
    pub fn deadline(&self) -> Option<u64> {
        match self.clock {
            Clock::Running { deadline_ms } if !self.is_over() => Some(deadline_ms),
            _ => None,
        }
    }

    /// The `state` frame everyone in the room gets.
    pub fn state_frame(&self, now: u64) -> ServerFrame {
        ServerFrame::State(RoomState {
            room: self.code.clone(),
            game: self.game,
            start: self.start.clone(),
            plies: self.plies.clone(),
            position: self.position.clone(),
            status: self.status,
            turn_ms: self.turn_ms(now),
            connected: self.connected(),
            players: self.seated_players(),
            rated: self.rated,
            offer: self.offer,
            days: self.days,
            rematch: self.rematch_request(),
        })
    }

    /// The free seat for a newcomer: the new room and the seat, or `None` when both seats
    /// are taken (the newcomer watches).
    pub fn join(&self, token_hash: String, now: u64) -> Option<(Room, Side)> {
        let side = [Side::X, Side::O]
            .into_iter()
            .find(|&side| self.seats[side_index(side)].is_none())?;
        let mut room = self.clone();
        room.seats[side_index(side)] = Some(token_hash);
        room.updated_ms = now;
        room.settle_clock(now);
        Some((room, side))
    }

    /// A connection of `side` on server `server` arrived (`arrive`) or left.
    pub fn presence(&self, server: &str, side: Side, arrive: bool, now: u64) -> Room {
        let mut room = self.clone();
        let counts = room.presence.entry(server.to_owned()).or_insert([0, 0]);
        let count = &mut counts[side_index(side)];
        *count = if arrive {
            count.saturating_add(1)
        } else {
            count.saturating_sub(1)
        };
        if arrive {
            // Back: a claim needs a turn lost after their next departure.
            room.abandoned[side_index(side)] = false;
        }
        if *counts == [0, 0] {
            room.presence.remove(server);
        }
        room.updated_ms = now;
        room.settle_clock(now);
        room
    }

    /// Plays `mv` as ply `ply` for the seat `token_hash` holds.
    pub fn play(&self, token_hash: &str, ply: u64, mv: &str, now: u64) -> Result<Room, ErrorCode> {
        let side = self.seat_of(token_hash).ok_or(ErrorCode::BadToken)?;
        self.play_as(side, ply, mv, now)
    }

    /// Plays `mv` as ply `ply` for `side`: a seat's token was checked, or the server plays
    /// the computer's seat (which no token holds).
    pub fn play_as(&self, side: Side, ply: u64, mv: &str, now: u64) -> Result<Room, ErrorCode> {
        if self.is_over() {
            return Err(ErrorCode::GameOver);
        }
        if ply != self.plies.len() as u64 {
            return Err(ErrorCode::Stale);
        }
        let (text, next, status) = with_game!(self.game.to_game(), g => {
            let pos = g.parse_position(&self.position).map_err(|_| ErrorCode::IllegalMove)?;
            if g.side_to_move(&pos) != side {
                return Err(ErrorCode::NotYourTurn);
            }
            let m = g.parse_move(&pos, mv).map_err(|_| ErrorCode::IllegalMove)?;
            let next = g.play(&pos, m);
            (g.format_move(m), g.format_position(&next), g.status(&next))
        });
        Ok(self.after_ply(side, text, next, status, now))
    }

    /// The clock took the turn: ply `ply` is `timeout`. Refused unless the clock runs and
    /// has run out, so a timer that fires late (or on two servers) plays it once at most.
    pub fn timeout(&self, ply: u64, now: u64) -> Result<Room, ErrorCode> {
        if self.is_over() {
            return Err(ErrorCode::GameOver);
        }
        if ply != self.plies.len() as u64 || self.days.is_some() {
            // A correspondence game has no `timeout` ply: its time runs out (`days.rs`).
            return Err(ErrorCode::Stale);
        }
        match self.deadline() {
            Some(deadline) if deadline <= now => {}
            _ => return Err(ErrorCode::NotYourTurn),
        }
        let (loser, next, status) = with_game!(self.game.to_game(), g => {
            let pos = g.parse_position(&self.position).map_err(|_| ErrorCode::IllegalMove)?;
            let next = g.skip_turn(&pos);
            (g.side_to_move(&pos), g.format_position(&next), g.status(&next))
        });
        if self.never_started(loser) {
            return Ok(self.ended(Status::Draw(EndReason::Aborted), now));
        }
        Ok(self.after_ply(loser, TIMEOUT_PLY.to_owned(), next, status, now))
    }

    /// The game after a ply of `mover`'s: a move, or a turn lost to the clock.
    fn after_ply(
        &self,
        mover: Side,
        ply: String,
        position: String,
        status: Status,
        now: u64,
    ) -> Room {
        let mut room = self.clone();
        if ply == TIMEOUT_PLY && !self.is_connected(mover) {
            room.abandoned[side_index(mover)] = true;
        }
        if room.offer == Some(mover.opponent()) {
            // The other side's next ply declines their offer.
            room.offer = None;
        }
        room.plies.push(ply);
        room.position = position;
        room.status = status;
        if room.is_over() {
            room.offer = None;
        }
        room.updated_ms = now;
        room.new_turn(now);
        room
    }

    /// The seat `token_hash` holds gives up: the other side wins.
    pub fn resign(&self, token_hash: &str, now: u64) -> Result<Room, ErrorCode> {
        let side = self.seat_of(token_hash).ok_or(ErrorCode::BadToken)?;
        if self.is_over() {
            return Err(ErrorCode::GameOver);
        }
        Ok(self.ended(Status::Win(side.opponent(), EndReason::Resigned), now))
    }

    /// The seat asks for a rematch once the game is over (`not-your-turn` before: the game
    /// is still being played). When both have asked, the next round starts in this room
    /// with the seats swapped: each token now holds the other side.
    pub fn ask_rematch(&self, token_hash: &str, now: u64) -> Result<Room, ErrorCode> {
        let side = self.seat_of(token_hash).ok_or(ErrorCode::BadToken)?;
        self.ask_rematch_as(side, now)
    }

    /// [`Room::ask_rematch`] for `side` (the computer's seat asks too).
    pub fn ask_rematch_as(&self, side: Side, now: u64) -> Result<Room, ErrorCode> {
        if !self.is_over() {
            return Err(ErrorCode::NotYourTurn);
        }
        let mut room = self.clone();
        room.rematch[side_index(side)] = true;
        room.updated_ms = now;
        if room.rematch == [true, true] {
            let round = room.round.saturating_add(1);
            let (start, status) = with_game!(self.game.to_game(), g => {
                let start = g.start_with(g.first_to_move(round));
                (g.format_position(&start), g.status(&start))
            });
            room.round = round;
            room.position = start.clone();
            room.start = start;
            room.plies.clear();
            room.status = status;
            room.seats.swap(0, 1);
            for counts in room.presence.values_mut() {
                counts.swap(0, 1);
            }
            room.rematch = [false, false];
            room.next_paired_round();
            room.new_turn(now);
        }
        Ok(room)
    }

    /// The seat whose rematch request stands, for the other to answer: one side's, once
    /// the game is over (both asking starts the next game at once).
    pub fn rematch_request(&self) -> Option<Side> {
        let asked = |side: Side| self.rematch[side_index(side)];
        [Side::X, Side::O]
            .into_iter()
            .find(|&side| self.is_over() && asked(side) && !asked(side.opponent()))
    }

    /// The seat declines the other's rematch request, or withdraws its own: no request
    /// stands afterwards. `not-your-turn` while the game is on, as for `rematch`.
    pub fn decline_rematch(&self, token_hash: &str, now: u64) -> Result<Room, ErrorCode> {
        self.seat_of(token_hash).ok_or(ErrorCode::BadToken)?;
        if !self.is_over() {
            return Err(ErrorCode::NotYourTurn);
        }
        let mut room = self.clone();
        room.rematch = [false, false];
        room.updated_ms = now;
        Ok(room)
    }

    /// Whether nothing happened in the room for [`ROOM_TTL_MS`].
    pub fn expired(&self, now: u64) -> bool {
        !self.is_kept_while_on() && now.saturating_sub(self.updated_ms) > ROOM_TTL_MS
    }

    /// Checks a room read back from storage: its plies replay from its start to its
    /// position and status. A room that fails is not served (a damaged or hand-edited file
    /// must not make the server play from a position the rules never reached).
    pub fn check(&self) -> Result<(), Invalid> {
        if normalize_room_code(&self.code).as_deref() != Some(self.code.as_str()) {
            return Err(Invalid::Code(self.code.clone()));
        }
        with_game!(self.game.to_game(), g => {
            let mut pos = g.parse_position(&self.start)?;
            for (ply, text) in self.plies.iter().enumerate() {
                if g.status(&pos).is_over() {
                    return Err(Invalid::PlyAfterEnd { ply });
                }
                pos = if text == TIMEOUT_PLY {
                    g.skip_turn(&pos)
                } else {
                    let m = g.parse_move(&pos, text).map_err(|source| Invalid::Ply { ply, source })?;
                    g.play(&pos, m)
                };
            }
            if g.format_position(&pos) != self.position {
                return Err(Invalid::Position);
            }
            let status = g.status(&pos);
            let by_frame = status == Status::Ongoing && self.ended_by_frame();
            if !by_frame && status != self.status {
                return Err(Invalid::Status);
            }
            Ok(())
        })
    }

    /// A room just read from storage by a server that has only now started: connection
    /// counts of servers other than `keep` (when given) are from processes that are gone;
    /// the clock then pauses with what was left at `now` (time the server was down counts).
    pub fn reloaded(mut self, keep: Option<&str>, now: u64) -> Room {
        if let Some(keep) = keep {
            self.presence.retain(|server, _| server == keep);
        }
        self.settle_clock(now);
        self
    }
}

#[cfg(test)]
mod tests;
