//! [`AnyMatch`]: a [`Match`] of whichever game was picked, so that the app shell and saved
//! games are written once.

use crate::coach::{CoachMode, ReviewView, VerdictView};
use crate::controller::{Change, ClockRule, Match, Players, Remote};
use crate::errors::{PlayError, ReplayError};
use crate::moves::{AnyMove, WrapMove};
use crate::notice::Notice;
use crate::record::{Ply, Record};
use qipan_engine::ai::coach::Score;
use qipan_engine::ai::worker::Wake;
use qipan_engine::ai::{Evaluate, Tables};
use qipan_engine::games::ToGame;
use qipan_engine::games::{blockade, cannon, maddell, push, shuangcheng};
use qipan_engine::games::{Game, MoveError, Side, Status, Variant};

/// A match of any of the five games.
pub enum AnyMatch {
    Push(Match<push::Push>),
    ShuangCheng(Match<shuangcheng::ShuangCheng>),
    Maddell(Match<maddell::Maddell>),
    Blockade(Match<blockade::Blockade>),
    Cannon(Match<cannon::Cannon>),
}

fn wrap_move<G: Evaluate + WrapMove>(_: &Match<G>, mv: G::Move) -> AnyMove {
    G::wrap(mv)
}

/// Runs `$body` with `$m` bound to the concrete [`Match`] inside an [`AnyMatch`], so that
/// code generic over the game is written once.
#[macro_export]
macro_rules! with_match {
    ($any:expr, $m:ident => $body:expr) => {
        match $any {
            $crate::AnyMatch::Push($m) => $body,
            $crate::AnyMatch::ShuangCheng($m) => $body,
            $crate::AnyMatch::Maddell($m) => $body,
            $crate::AnyMatch::Blockade($m) => $body,
            $crate::AnyMatch::Cannon($m) => $body,
        }
    };
}

impl AnyMatch {
    /// A new game of `variant` from its standard start with `first` to move.
    pub fn new(variant: Variant, first: Side, players: Players, seed: u64, now: f64) -> AnyMatch {
        qipan_engine::with_game!(variant.to_game(), g => {
            let start = g.start_with(first);
            AnyMatch::from(Match::new(g, start, players, seed, now))
        })
    }

    /// A game replayed from a start position text and its plies in notation (saved games);
    /// the error names the first ply that does not read or is not legal.
    pub fn replay(
        variant: Variant,
        start: &str,
        plies: &[String],
        cursor: usize,
        players: Players,
        seed: u64,
        now: f64,
    ) -> Result<AnyMatch, ReplayError> {
        qipan_engine::with_game!(variant.to_game(), g => {
            let start = g.parse_position(start).map_err(ReplayError::Start)?;
            let mut record = Record::new(g, start);
            for (i, ply) in plies.iter().enumerate() {
                if record.status().is_over() {
                    return Err(ReplayError::AfterEnd { index: i });
                }
                record
                    .play_text(ply)
                    .map_err(|error| ReplayError::Ply { index: i, error })?;
            }
            if cursor > plies.len() {
                return Err(ReplayError::Cursor);
            }
            record.set_cursor(cursor);
            Ok(AnyMatch::from(Match::from_record(record, players, seed, now)))
        })
    }

    pub fn coach_mode(&self) -> CoachMode {
        with_match!(self, m => m.coach().mode())
    }

    pub fn set_coach_mode(&mut self, mode: CoachMode) {
        with_match!(self, m => m.set_coach_mode(mode))
    }

    pub fn ask_hint(&mut self) {
        with_match!(self, m => m.ask_hint())
    }

    /// The hint for the position on the board: the best move and its score for the side to
    /// move.
    pub fn hint(&self) -> Option<(AnyMove, Score)> {
        with_match!(self, m => m.hint().map(|h| (wrap_move(m, h.best), h.score)))
    }

    /// Whether a hint is being worked out.
    pub fn hint_pending(&self) -> bool {
        with_match!(self, m => m.coach().hint_pending(m.epoch()))
    }

    /// The value of the position on the board from Dark's (x's) view (full coach): the
    /// result once the game is over, else the evaluation once worked out.
    pub fn evaluation(&self) -> Option<Score> {
        match self.status() {
            Status::Win(Side::X, _) => return Some(Score::Win(0)),
            Status::Win(Side::O, _) => return Some(Score::Loss(0)),
            Status::Draw(_) => return Some(Score::Draw),
            Status::Ongoing => {}
        }
        with_match!(self, m => m.evaluation().map(|e| match m.record().side_to_move() {
            Side::X => e.score,
            Side::O => e.score.for_other_side(),
        }))
    }

    pub fn alert(&self) -> Option<VerdictView> {
        with_match!(self, m => m.coach().alert_view())
    }

    pub fn take_back_mistake(&mut self, now: f64) {
        with_match!(self, m => m.take_back_mistake(now))
    }

    pub fn dismiss_alert(&mut self) {
        with_match!(self, m => m.dismiss_alert())
    }

    pub fn start_review(&mut self) {
        with_match!(self, m => m.start_review())
    }

    pub fn stop_review(&mut self) {
        with_match!(self, m => m.stop_review())
    }

    pub fn close_review(&mut self) {
        with_match!(self, m => m.close_review())
    }

    /// Whether a review exists, and whether it is still running: cheap, for every frame
    /// (`review_view` words every row).
    pub fn review_running(&self) -> Option<bool> {
        with_match!(self, m => m.coach().review().map(|r| r.running()))
    }

    pub fn review_view(&self) -> Option<ReviewView> {
        with_match!(self, m => m.coach().review_view())
    }

    /// Whether the coach is working something out.
    pub fn coach_busy(&self) -> bool {
        with_match!(self, m => m.coach().busy())
    }

    pub fn variant(&self) -> Variant {
        with_match!(self, m => m.record().game().variant())
    }

    pub fn players(&self) -> Players {
        with_match!(self, m => m.players())
    }

    pub fn set_players(&mut self, players: Players, now: f64) {
        with_match!(self, m => m.set_players(players, now))
    }

    pub fn set_wake(&mut self, wake: Wake) {
        with_match!(self, m => m.set_wake(wake))
    }

    /// The solved tables the computer and the coach may answer from ([`Match::set_tables`]).
    pub fn set_tables(&mut self, tables: Tables) {
        with_match!(self, m => m.set_tables(tables))
    }

    /// The solved tables the game answers from (tests check what the session handed it).
    #[cfg(test)]
    pub(crate) fn tables(&self) -> &Tables {
        with_match!(self, m => m.tables())
    }

    pub fn status(&self) -> Status {
        with_match!(self, m => m.status())
    }

    pub fn side_to_move(&self) -> Side {
        with_match!(self, m => m.record().side_to_move())
    }

    pub fn cursor(&self) -> usize {
        with_match!(self, m => m.record().cursor())
    }

    /// The side to move after `plies` plies (who played ply `plies`).
    pub fn side_to_move_at(&self, plies: usize) -> Side {
        with_match!(self, m => m.record().side_to_move_at(plies))
    }

    pub fn len(&self) -> usize {
        with_match!(self, m => m.record().len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every ply in notation (a lost turn as [`SKIP_TEXT`](super::SKIP_TEXT)).
    pub fn ply_texts(&self) -> Vec<String> {
        with_match!(self, m => m.record().plies().iter().map(|p| m.record().ply_text(p)).collect())
    }

    /// Whether ply `i` was a turn lost to the timer.
    pub fn is_skip(&self, i: usize) -> bool {
        with_match!(self, m => matches!(m.record().plies().get(i), Some(Ply::Skip)))
    }

    pub fn start_text(&self) -> String {
        with_match!(self, m => m.record().game().format_position(m.record().start()))
    }

    pub fn position_text(&self) -> String {
        with_match!(self, m => m.record().game().format_position(m.record().current()))
    }

    /// Reads a move in notation as a move of the game on the board, legal in its current
    /// position (the network, tests and scripts send moves as text; the engine reads them).
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, MoveError> {
        with_match!(self, m => {
            let mv = m.record().game().parse_move(m.record().current(), text)?;
            Ok(wrap_move(m, mv))
        })
    }

    /// A person's move; refused, the game unchanged, when it is not a person's turn, not
    /// legal, or a move of another game.
    pub fn play(&mut self, mv: AnyMove, now: f64) -> Result<(), PlayError> {
        match (self, mv) {
            (AnyMatch::Push(m), AnyMove::Push(mv)) => m.play(mv, now),
            (AnyMatch::ShuangCheng(m), AnyMove::ShuangCheng(mv)) => m.play(mv, now),
            (AnyMatch::Maddell(m), AnyMove::Maddell(mv)) => m.play(mv, now),
            (AnyMatch::Blockade(m), AnyMove::Blockade(mv)) => m.play(mv, now),
            (AnyMatch::Cannon(m), AnyMove::Cannon(mv)) => m.play(mv, now),
            _ => Err(PlayError::OtherGame),
        }
    }

    /// Makes this a game refereed elsewhere ([`Match::set_remote`]).
    pub fn set_remote(&mut self, remote: Remote) {
        with_match!(self, m => m.set_remote(remote))
    }

    /// Ends the game with a result no rule gave ([`Match::decide`]).
    pub fn decide(&mut self, status: Status) {
        with_match!(self, m => m.decide(status))
    }

    pub fn is_remote(&self) -> bool {
        with_match!(self, m => m.is_remote())
    }

    /// A ply the server played, in notation ([`Match::play_remote`]).
    pub fn play_remote(&mut self, text: &str, now: f64) -> Result<(), MoveError> {
        with_match!(self, m => m.play_remote(text, now))
    }

    /// Whether the first move alternates from round to round (Push the Line).
    pub fn first_move_alternates(&self) -> bool {
        with_match!(self, m => m.record().game().first_move_alternates())
    }

    /// Whether the game's perfect play waits for a solved table the app prepares
    /// (Maddell's): the app starts it the first time the game is on the board.
    pub fn has_prepared_table(&self) -> bool {
        with_match!(self, m => m.record().game().has_prepared_table())
    }

    /// Every legal move in the position on the board (none once the game is over).
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        with_match!(self, m => m.record().legal().iter().map(|&mv| wrap_move(m, mv)).collect())
    }

    /// The move in the game's notation.
    pub fn format_move(&self, mv: AnyMove) -> Option<String> {
        match (self, mv) {
            (AnyMatch::Push(m), AnyMove::Push(mv)) => Some(m.record().game().format_move(mv)),
            (AnyMatch::ShuangCheng(m), AnyMove::ShuangCheng(mv)) => {
                Some(m.record().game().format_move(mv))
            }
            (AnyMatch::Maddell(m), AnyMove::Maddell(mv)) => Some(m.record().game().format_move(mv)),
            (AnyMatch::Blockade(m), AnyMove::Blockade(mv)) => {
                Some(m.record().game().format_move(mv))
            }
            (AnyMatch::Cannon(m), AnyMove::Cannon(mv)) => Some(m.record().game().format_move(mv)),
            _ => None,
        }
    }

    pub fn undo(&mut self, now: f64) {
        with_match!(self, m => m.undo(now))
    }

    pub fn redo(&mut self, now: f64) {
        with_match!(self, m => m.redo(now))
    }

    pub fn review(&mut self, cursor: usize, now: f64) {
        with_match!(self, m => m.review(cursor, now))
    }

    pub fn resume(&mut self, now: f64) {
        with_match!(self, m => m.resume(now))
    }

    pub fn advance(&mut self, now: f64) {
        with_match!(self, m => m.advance(now))
    }

    pub fn retry_computer(&mut self) {
        with_match!(self, m => m.retry_computer())
    }

    pub fn thinking(&self) -> bool {
        with_match!(self, m => m.thinking())
    }

    pub fn reviewing(&self) -> bool {
        with_match!(self, m => m.reviewing())
    }

    pub fn game_on(&self) -> bool {
        with_match!(self, m => m.game_on())
    }

    pub fn deadlocked(&self) -> bool {
        with_match!(self, m => m.deadlocked())
    }

    pub fn human_to_move(&self) -> bool {
        with_match!(self, m => m.human_to_move())
    }

    /// Why a person may not move now ([`Match::move_refusal`]).
    pub fn move_refusal(&self) -> Option<PlayError> {
        with_match!(self, m => m.move_refusal())
    }

    pub fn computer_to_move(&self) -> bool {
        with_match!(self, m => m.computer_to_move())
    }

    pub fn remaining(&self, now: f64) -> f64 {
        with_match!(self, m => m.remaining(now))
    }

    pub fn clock_used(&self, now: f64) -> f64 {
        with_match!(self, m => m.clock_used(now))
    }

    pub fn set_clock_used(&mut self, used: f64, now: f64) {
        with_match!(self, m => m.set_clock_used(used, now))
    }

    pub fn park(&mut self, now: f64) {
        with_match!(self, m => m.park(now))
    }

    pub fn set_clock_rule(&mut self, rule: ClockRule, now: f64) {
        with_match!(self, m => m.set_clock_rule(rule, now))
    }

    /// Whether the turn clock stands still though the game is on ([`Match::clock_held`]).
    pub fn clock_held(&self) -> bool {
        with_match!(self, m => m.clock_held())
    }

    /// Whether the game has a turn clock at all ([`Match::timed`]).
    pub fn timed(&self) -> bool {
        with_match!(self, m => m.timed())
    }

    pub fn notice(&self) -> Option<&Notice> {
        with_match!(self, m => m.notice())
    }

    pub fn set_notice(&mut self, notice: Option<Notice>) {
        with_match!(self, m => m.set_notice(notice))
    }

    pub fn last_search(&self) -> Option<(u64, web_time::Duration)> {
        with_match!(self, m => m.last_search())
    }

    pub fn last_change(&self) -> Change {
        with_match!(self, m => m.last_change())
    }

    pub fn epoch(&self) -> u64 {
        with_match!(self, m => m.epoch())
    }
}

macro_rules! from_match {
    ($($variant:ident($game:ty)),*) => {
        $(impl From<Match<$game>> for AnyMatch {
            fn from(m: Match<$game>) -> AnyMatch {
                AnyMatch::$variant(m)
            }
        })*
    };
}

from_match!(
    Push(push::Push),
    ShuangCheng(shuangcheng::ShuangCheng),
    Maddell(maddell::Maddell),
    Blockade(blockade::Blockade),
    Cannon(cannon::Cannon)
);
