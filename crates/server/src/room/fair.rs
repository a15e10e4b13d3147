//! Ending a game fairly (lobby.md): abort, draw offers, claims, and what every ending by a
//! frame has in common. Pure, like the rest of the room's rules.

use qipan_engine::games::{EndReason, Side, Status};
use qipan_protocol::ErrorCode;

use super::{side_index, Room};

/// A game may be aborted while fewer plies than this are played.
pub const ABORT_BEFORE_PLIES: usize = 2;

impl Room {
    /// The room with its game ended by a frame (a resignation, an abort, an agreed draw, a
    /// claim): no offer stands and the clock stops.
    pub(super) fn ended(&self, result: Status, now: u64) -> Room {
        let mut room = self.clone();
        room.status = result;
        room.offer = None;
        room.updated_ms = now;
        room.settle_clock(now);
        room
    }

    /// Whether the game's end came from a frame rather than from the position (which then
    /// still reads as going on).
    pub(super) fn ended_by_frame(&self) -> bool {
        match Some(self.status).filter(|status| status.is_decided_by_server()) {
            Some(Status::Draw(EndReason::Aborted)) => self.plies.len() < ABORT_BEFORE_PLIES,
            decided => decided.is_some(),
        }
    }

    /// The seat of `token_hash` in a game still on: `bad-token`, then `game-over`.
    fn playing_seat(&self, token_hash: &str) -> Result<Side, ErrorCode> {
        let side = self.seat_of(token_hash).ok_or(ErrorCode::BadToken)?;
        if self.is_over() {
            return Err(ErrorCode::GameOver);
        }
        Ok(side)
    }

    /// Ends the game unrated while fewer than 2 plies are played (`cannot-abort` later).
    pub fn abort(&self, token_hash: &str, now: u64) -> Result<Room, ErrorCode> {
        self.playing_seat(token_hash)?;
        if self.plies.len() >= ABORT_BEFORE_PLIES {
            return Err(ErrorCode::CannotAbort);
        }
        Ok(self.ended(Status::Draw(EndReason::Aborted), now))
    }

    /// Offers a draw, or accepts the other side's offer (the game ends, `agreed`). Offering
    /// again while one's own offer stands changes nothing.
    pub fn draw(&self, token_hash: &str, now: u64) -> Result<Room, ErrorCode> {
        let side = self.playing_seat(token_hash)?;
        if self.offer == Some(side.opponent()) {
            return Ok(self.ended(Status::Draw(EndReason::Agreed), now));
        }
        let mut room = self.clone();
        room.offer = Some(side);
        room.updated_ms = now;
        Ok(room)
    }

    /// Whether `side` may claim the win: the other seat's player has no connection and
    /// lost a turn to the clock after their last connection closed.
    /// Never in a correspondence game (correspondence.md: the days do that job).
    pub fn may_claim(&self, side: Side) -> bool {
        let other = side.opponent();
        self.days.is_none()
            && !self.is_over()
            && !self.is_connected(other)
            && self.abandoned[side_index(other)]
    }

    /// Wins the game the other player walked away from (`abandoned`); `cannot-claim` unless
    /// [`Room::may_claim`].
    pub fn claim(&self, token_hash: &str, now: u64) -> Result<Room, ErrorCode> {
        let side = self.playing_seat(token_hash)?;
        self.claim_as(side, now)
    }

    /// [`Room::claim`] for `side` (the computer's seat claims too).
    pub fn claim_as(&self, side: Side, now: u64) -> Result<Room, ErrorCode> {
        if self.is_over() {
            return Err(ErrorCode::GameOver);
        }
        if !self.may_claim(side) {
            return Err(ErrorCode::CannotClaim);
        }
        Ok(self.ended(Status::Win(side, EndReason::Abandoned), now))
    }
}

impl Room {
    /// Whether `side`, whose turn runs out now, is in a paired room and has not played a
    /// move of its own in this game: its first turn (lobby.md, "A side that never starts").
    /// The game is then aborted, not rated, as a player who was paired and never came must
    /// not cost anyone a rating. A side's first turn is one of the game's first two plies
    /// (the sides alternate), so the abort stays within [`ABORT_BEFORE_PLIES`].
    pub(super) fn never_started(&self, side: Side) -> bool {
        if !self.is_paired() || self.plies.len() >= ABORT_BEFORE_PLIES {
            return false;
        }
        // Ply 0, if played, was the first mover's: `side`'s own only if `side` moved first.
        self.plies.is_empty() || self.first_to_move() != Some(side)
    }

    /// The side that moves first in this round's game (`None` if the start does not read,
    /// which a checked room never is).
    fn first_to_move(&self) -> Option<Side> {
        use qipan_engine::games::{Game, ToGame};
        qipan_engine::with_game!(self.game.to_game(), g => {
            g.parse_position(&self.start).ok().map(|pos| g.side_to_move(&pos))
        })
    }
}

impl Room {
    /// A pairing that could not be completed (one of its seeks went in the last instant):
    /// the game ends as aborted, nobody rated. Refused as `abort` would be.
    pub fn call_off(&self, now: u64) -> Result<Room, ErrorCode> {
        if self.is_over() {
            return Err(ErrorCode::GameOver);
        }
        if self.plies.len() >= ABORT_BEFORE_PLIES {
            return Err(ErrorCode::CannotAbort);
        }
        Ok(self.ended(Status::Draw(EndReason::Aborted), now))
    }
}
