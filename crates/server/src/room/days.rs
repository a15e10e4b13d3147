//! Correspondence games (correspondence.md, "Days per move"): DAYS days for each move, the
//! time full again after every ply and running whatever the connections (also while no
//! server runs: a room read back keeps its deadline), and the end when the side to move runs
//! out of days. Pure, like the rest of the room's rules; the server's deadline queue
//! (`lobby::days`) says when to apply [`Room::out_of_time`].

use qipan_engine::games::{EndReason, Status};
use qipan_protocol::{Days, ErrorCode};

use super::fair::ABORT_BEFORE_PLIES;
use super::{Clock, Room};

impl Room {
    /// The room as a correspondence game of `days` days per move, a day lasting `day_ms`
    /// (`--day-ms`): its first turn, full, runs from `now`.
    pub fn with_days(mut self, days: Days, day_ms: u64, now: u64) -> Room {
        self.days = Some(days);
        self.turn_len_ms = u64::from(days.get()).saturating_mul(day_ms).max(1);
        self.clock = Clock::Paused {
            remaining_ms: self.turn_len_ms,
        };
        self.settle_clock(now);
        self
    }

    /// Whether the room is a correspondence game still on: it never expires then, however
    /// long a side takes within its days.
    pub fn is_kept_while_on(&self) -> bool {
        self.days.is_some() && !self.is_over()
    }

    /// The side to move ran out of days: the other side wins (`out-of-time`), or, while
    /// fewer than 2 plies are played, the game ends `aborted`, nobody rated. Refused
    /// (`not-your-turn`) unless it is a correspondence game whose time is up at `now`, so a
    /// queue that fires late, or on two servers, ends the game once at most.
    pub fn out_of_time(&self, now: u64) -> Result<Room, ErrorCode> {
        if self.is_over() {
            return Err(ErrorCode::GameOver);
        }
        let due = self.days.and(self.deadline());
        if due.is_none_or(|deadline| deadline > now) {
            return Err(ErrorCode::NotYourTurn);
        }
        let result = if self.plies.len() < ABORT_BEFORE_PLIES {
            Status::Draw(EndReason::Aborted)
        } else {
            let loser = self.side_to_move().ok_or(ErrorCode::NotYourTurn)?;
            Status::Win(loser.opponent(), EndReason::OutOfTime)
        };
        Ok(self.ended(result, now))
    }

    /// The correspondence game still on, marked changed at `now`: storage expires rooms
    /// unchanged for [`ROOM_TTL_MS`](super::ROOM_TTL_MS) (the NATS bucket by itself), and a
    /// side may take 14 days over a move. `game-over` for any other room.
    pub fn touched(&self, now: u64) -> Result<Room, ErrorCode> {
        if !self.is_kept_while_on() {
            return Err(ErrorCode::GameOver);
        }
        let mut room = self.clone();
        room.updated_ms = now;
        Ok(room)
    }

    /// When the side to move of a correspondence game has a quarter of its days left (the
    /// second `your-turn`).
    pub fn quarter_left_at(&self) -> Option<u64> {
        let deadline = self.days.and(self.deadline())?;
        Some(deadline.saturating_sub(self.turn_len_ms / 4))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::paired_for_tests;
    use qipan_engine::games::Side;

    const DAY: u64 = 1_000;

    fn three_days() -> Room {
        paired_for_tests(true).with_days(Days::new(3).expect("3"), DAY, 100)
    }

    #[test]
    fn the_days_run_with_nobody_connected_and_fill_again_after_every_ply() {
        let room = three_days();
        assert_eq!(room.days.map(Days::get), Some(3));
        assert_eq!(
            room.deadline(),
            Some(3_100),
            "nobody connected, yet it runs"
        );
        assert_eq!(room.turn_ms(1_100), Some(2_000));
        assert_eq!(room.quarter_left_at(), Some(3_100 - 750));
        let side = room.side_to_move().expect("a side");
        let moved = room
            .play_as(side, 0, &first_move(&room), 2_000)
            .expect("plays");
        assert_eq!(moved.deadline(), Some(5_000));
        // A connection arriving and leaving changes nothing.
        let there = moved.presence("s", Side::X, true, 2_500);
        let gone = there.presence("s", Side::X, false, 2_600);
        assert_eq!(gone.deadline(), Some(5_000));
        // Read back by a server that has just started, a day later: still running.
        assert_eq!(
            gone.clone().reloaded(Some("t"), 4_000).deadline(),
            Some(5_000)
        );
    }

    fn first_move(room: &Room) -> String {
        use qipan_engine::games::{Game, ToGame};
        use qipan_engine::with_game;
        with_game!(room.game.to_game(), g => {
            let pos = g.parse_position(&room.position).expect("position");
            let mut moves = Vec::new();
            g.legal_moves(&pos, &mut moves);
            g.format_move(moves[0])
        })
    }

    #[test]
    fn out_of_time_aborts_before_two_plies_then_the_other_side_wins() {
        let room = three_days();
        assert_eq!(room.out_of_time(3_099), Err(ErrorCode::NotYourTurn));
        let over = room.out_of_time(3_100).expect("time is up");
        assert_eq!(over.status, Status::Draw(EndReason::Aborted));
        assert_eq!(over.out_of_time(9_000), Err(ErrorCode::GameOver));
        assert!(over.check().is_ok());

        let mut room = three_days();
        for ply in 0..2 {
            let side = room.side_to_move().expect("a side");
            room = room
                .play_as(side, ply, &first_move(&room), 200)
                .expect("plays");
        }
        let loser = room.side_to_move().expect("a side");
        let over = room.out_of_time(3_200).expect("time is up");
        assert_eq!(
            over.status,
            Status::Win(loser.opponent(), EndReason::OutOfTime)
        );
        assert_eq!(over.turn_ms(3_200), None);
        assert!(over.check().is_ok(), "read back, the end stands");
    }

    #[test]
    fn no_timeout_ply_no_claim_and_kept_while_on() {
        let room = three_days();
        assert_eq!(room.timeout(0, 10_000), Err(ErrorCode::Stale));
        // Even with both sides gone and a turn lost, as a live game's claim would need.
        let mut gone = room.clone();
        gone.abandoned = [true, true];
        assert!(!gone.may_claim(Side::X) && !gone.may_claim(Side::O));
        gone.days = None;
        assert!(gone.may_claim(Side::X), "a live room's claim, for contrast");
        assert!(
            !room.expired(u64::MAX / 2),
            "an ongoing correspondence room stays"
        );
        let touched = room.touched(5_000).expect("on");
        assert_eq!(
            (touched.updated_ms, touched.deadline()),
            (5_000, room.deadline())
        );
        let live = paired_for_tests(true);
        assert_eq!(live.touched(5_000), Err(ErrorCode::GameOver));
        assert_eq!(live.out_of_time(u64::MAX / 2), Err(ErrorCode::NotYourTurn));
        assert!(live.expired(u64::MAX / 2));
    }
}
