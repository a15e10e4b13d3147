//! The match controller: one game in progress, for one concrete game ([`Match`]). It knows
//! whose turn it is, runs the turn clock and its lost turns and the forced passes, asks the
//! computer and takes its answer, undoes and redoes, steps back through the moves, and says
//! what to tell the player. Every mode that shows a game holds one (inside an
//! [`AnyMatch`](crate::any::AnyMatch)); time comes in as an argument, `now`, in seconds.

use crate::coach::{Coach, CoachMode};
use crate::engine::{Engine, Thinking, WorkerEngine};
use crate::errors::PlayError;
use crate::notice::Notice;
use crate::record::{Record, SKIP_TEXT};
use crate::timer::{self, TurnTimer};
use qipan_engine::ai::worker::Wake;
use qipan_engine::ai::{Evaluate, Level, Request, Tables, ThinkError};
use qipan_engine::games::{MoveError, Side, Status};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// Who plays what: the side of the person at the screen (`None`: two people share it, no
/// computer) and the computer's level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Players {
    pub human: Option<Side>,
    pub level: Level,
}

impl Players {
    /// Whether the computer plays `side`.
    pub fn computer_plays(&self, side: Side) -> bool {
        self.human.is_some_and(|human| human != side)
    }
}

/// What changed the game last, so that the app can animate a move but not an undo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// A fresh game.
    Start,
    /// A move (or a lost turn) was played; `by_computer` tells who made it.
    Played { by_computer: bool },
    /// Undo, redo, a step through the move list, a loaded game.
    Jumped,
}

/// Who moves in a game refereed elsewhere (the server's online game, a puzzle's line): a
/// player moves their own side, a spectator nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Remote {
    Player,
    Spectator,
}

/// A game in progress against the computer or between two people, for one concrete game.
pub struct Match<G: Evaluate> {
    record: Record<G>,
    players: Players,
    timer: TurnTimer,
    engine: Box<dyn Engine<G>>,
    thinking: Option<Box<dyn Thinking<G>>>,
    wake: Wake,
    /// Bumped on every change to the game; a computer answer is for one epoch only.
    epoch: u64,
    /// The epoch in which the computer failed: it is not asked again until something changes.
    engine_failed: Option<u64>,
    /// The player stepped back through the move list: the clock and the computer wait.
    reviewing: bool,
    /// Draws the seed of each request to the computer (its tie-breaking).
    rng: SmallRng,
    /// The solved tables the computer and the coach may answer from.
    tables: Tables,
    notice: Option<Notice>,
    last_change: Change,
    /// Nodes and time of the computer's last search.
    last_search: Option<(u64, web_time::Duration)>,
    coach: Coach<G>,
    /// Refereed elsewhere (the server holds an online game; the session a puzzle): no
    /// computer, no local clock and no forced moves here.
    remote: Option<Remote>,
    /// A result no rule gave: the server's word that a side resigned.
    decided: Option<Status>,
    /// A person has played a move in this game: until then its turn clock waits (issue 43:
    /// reading the board or the rules must not cost a newcomer their first turn).
    started: bool,
    /// How the turn clock runs against the computer ([`ClockRule`]).
    clock_rule: ClockRule,
}

/// What holds the turn clock of a game against the computer, as the app tells the session:
/// the player's setting, and whether they are away from the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockRule {
    /// The player chose to play the computer without the clock (the 60-second turn is the
    /// default, as the rules say).
    pub untimed: bool,
    /// The player is reading the rules, a lesson, the keys or a menu, or the window or page
    /// is hidden: the clock stands still.
    pub away: bool,
}

impl<G: Evaluate> Match<G> {
    /// A match from `start`, the clock starting at `now`; `seed` seeds the computer's draws.
    pub fn new(game: G, start: G::Position, players: Players, seed: u64, now: f64) -> Match<G> {
        Match::from_record(Record::new(game, start), players, seed, now)
    }

    /// A match over an existing record (a loaded game), at the record's cursor. A cursor
    /// before the end means the player is looking back: nothing runs until they resume.
    pub fn from_record(record: Record<G>, players: Players, seed: u64, now: f64) -> Match<G> {
        let reviewing = record.cursor() < record.len();
        // A game taken back out with moves was already under way.
        let started = !record.is_empty();
        let mut timer = TurnTimer::default();
        timer.restart(now);
        if !started {
            // The first turn waits for a person's move from the start.
            timer.pause(now);
        }
        Match {
            record,
            players,
            timer,
            engine: Box::new(WorkerEngine),
            thinking: None,
            wake: Arc::new(|| {}),
            epoch: 0,
            engine_failed: None,
            reviewing,
            rng: SmallRng::seed_from_u64(seed),
            tables: Tables::default(),
            notice: None,
            last_change: Change::Start,
            last_search: None,
            coach: Coach::default(),
            remote: None,
            decided: None,
            started,
            clock_rule: ClockRule::default(),
        }
    }

    /// How the turn clock runs against the computer from `now` on: it stops or goes on at
    /// once (not at the next frame), so no moment of being away is counted. Called every
    /// frame; only a change touches the clock.
    pub fn set_clock_rule(&mut self, rule: ClockRule, now: f64) {
        if rule == self.clock_rule {
            return;
        }
        self.clock_rule = rule;
        if self.clock_held() {
            self.timer.pause(now);
        } else if !self.reviewing {
            self.timer.resume(now);
        }
    }

    /// Whether the turn clock stands still now, though the game is on: no person has moved
    /// yet, or (against the computer) the player plays untimed or is away. Never in a game
    /// refereed elsewhere: online the server's clock is the only clock.
    pub fn clock_held(&self) -> bool {
        let against_computer = self.players.human.is_some();
        let held = !self.started
            || (against_computer && (self.clock_rule.untimed || self.clock_rule.away));
        self.remote.is_none() && held
    }

    /// Whether this game has a turn clock at all (not one against the computer played
    /// untimed): the view shows the countdown only then.
    pub fn timed(&self) -> bool {
        self.remote.is_some() || self.players.human.is_none() || !self.clock_rule.untimed
    }

    /// Ends the game with a result no rule gave (an online resignation).
    pub fn decide(&mut self, status: Status) {
        self.decided = Some(status);
    }

    /// Makes this a game refereed elsewhere: the server's online game (a spectator moves
    /// nothing here), or a puzzle's line.
    pub fn set_remote(&mut self, remote: Remote) {
        self.remote = Some(remote);
        self.thinking = None;
    }

    /// Whether the server holds this game.
    pub fn is_remote(&self) -> bool {
        self.remote.is_some()
    }

    /// A ply the server played (the other side's move, or a lost turn), in notation.
    pub fn play_remote(&mut self, text: &str, now: f64) -> Result<(), MoveError> {
        let side = self.record.side_to_move();
        self.record.play_text(text)?;
        self.notice = (text == SKIP_TEXT).then_some(Notice::Timeout(side));
        self.touched(Change::Played { by_computer: true }, now);
        Ok(())
    }

    /// Replaces the computer (tests hand in a [`ManualEngine`](crate::engine::ManualEngine)).
    pub fn with_engine(mut self, engine: impl Engine<G> + 'static) -> Match<G> {
        self.engine = Box::new(engine);
        self
    }

    /// What to call when the computer's answer is ready (the app repaints).
    pub fn set_wake(&mut self, wake: Wake) {
        self.wake = wake;
    }

    /// The solved tables the computer and the coach may answer from, from their next
    /// request on.
    pub fn set_tables(&mut self, tables: Tables) {
        self.tables = tables;
    }

    /// The solved tables the computer and the coach answer from (tests check what the
    /// session handed the game).
    #[cfg(test)]
    pub(crate) fn tables(&self) -> &Tables {
        &self.tables
    }

    pub fn record(&self) -> &Record<G> {
        &self.record
    }

    pub fn players(&self) -> Players {
        self.players
    }

    pub fn status(&self) -> Status {
        self.decided.unwrap_or_else(|| self.record.status())
    }

    /// Whether neither side can ever move again (the game stays on; see
    /// [`Game::deadlocked`](qipan_engine::games::Game::deadlocked)).
    pub fn deadlocked(&self) -> bool {
        self.record.game().deadlocked(self.record.current())
    }

    pub fn thinking(&self) -> bool {
        self.thinking.is_some()
    }

    pub fn reviewing(&self) -> bool {
        self.reviewing
    }

    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    pub fn set_notice(&mut self, notice: Option<Notice>) {
        self.notice = notice;
    }

    /// The computer's last search: positions visited and the time it took.
    pub fn last_search(&self) -> Option<(u64, web_time::Duration)> {
        self.last_search
    }

    pub fn last_change(&self) -> Change {
        self.last_change
    }

    /// A number that changes whenever the game does: the app forgets a half-made selection
    /// when it moves.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// Whether the clock runs and moves can be made: the game is on, nobody is stuck, and
    /// the player is not looking back through the moves.
    pub fn game_on(&self) -> bool {
        self.status() == Status::Ongoing && !self.reviewing && !self.deadlocked()
    }

    /// Whether the computer (or, for a spectator, a player elsewhere) plays the side to
    /// move.
    pub fn computer_to_move(&self) -> bool {
        if self.remote == Some(Remote::Spectator) {
            return true;
        }
        self.players.computer_plays(self.record.side_to_move())
    }

    /// Whether a person may move now: the game is on, it is a person's turn, and the
    /// computer is not thinking.
    pub fn human_to_move(&self) -> bool {
        self.move_refusal().is_none()
    }

    /// Why a person may not move now, whatever the move; `None` when they may.
    pub fn move_refusal(&self) -> Option<PlayError> {
        if self.reviewing {
            Some(PlayError::LookingBack)
        } else if self.status().is_over() || self.deadlocked() {
            Some(PlayError::GameOver)
        } else if self.thinking.is_some() || self.computer_to_move() {
            Some(PlayError::NotYourTurn)
        } else {
            None
        }
    }

    /// Seconds left in the turn.
    pub fn remaining(&self, now: f64) -> f64 {
        self.timer.remaining(now)
    }

    /// Seconds of the turn already used (kept when the game is put away).
    pub fn clock_used(&self, now: f64) -> f64 {
        timer::TURN_SECONDS - self.timer.remaining(now)
    }

    /// Sets the seconds already used of the turn (a game taken back out).
    pub fn set_clock_used(&mut self, used: f64, now: f64) {
        let used = if used.is_finite() {
            used.clamp(0.0, timer::TURN_SECONDS)
        } else {
            0.0
        };
        self.timer.restart(now - used);
    }

    /// Puts the game aside (another game is on the board): the clock stops and a search in
    /// progress is dropped; [`Match::advance`] starts both again.
    pub fn park(&mut self, now: f64) {
        self.timer.pause(now);
        self.thinking = None;
    }

    /// Something changed the game: restart the turn clock, drop a stale computer answer and
    /// what the coach was saying about the old position.
    fn touched(&mut self, change: Change, now: f64) {
        self.epoch += 1;
        self.thinking = None;
        self.timer.restart(now);
        if self.clock_held() {
            self.timer.pause(now);
        }
        self.last_change = change;
        self.coach.position_changed(&self.record);
    }

    pub fn coach(&self) -> &Coach<G> {
        &self.coach
    }

    pub fn set_coach_mode(&mut self, mode: CoachMode) {
        self.coach.set_mode(mode);
    }

    /// Asks the coach for the best move here (a person's turn, the coach on).
    pub fn ask_hint(&mut self) {
        if self.game_on() && !self.computer_to_move() {
            let level = self.players.level;
            self.coach
                .ask_hint(&self.record, self.epoch, level, &self.wake, &self.tables);
        }
    }

    /// The hint for the position on the board, once worked out.
    pub fn hint(&self) -> Option<&qipan_engine::ai::coach::Analysis<G::Move>> {
        self.coach.hint(self.epoch)
    }

    /// The evaluation of the position on the board, once worked out (full coach).
    pub fn evaluation(&self) -> Option<&qipan_engine::ai::coach::Analysis<G::Move>> {
        self.coach.evaluation(self.epoch)
    }

    /// Takes back the move the coach's alert is about, and everything after it (the
    /// computer's reply); they stay in the record for redo.
    pub fn take_back_mistake(&mut self, now: f64) {
        if let Some(ply) = self.coach.alert().map(|alert| alert.ply) {
            self.coach.dismiss_alert();
            if ply < self.record.cursor() {
                self.jump(ply, false, now);
            }
        }
    }

    pub fn dismiss_alert(&mut self) {
        self.coach.dismiss_alert();
    }

    /// Reviews the whole game in the background.
    pub fn start_review(&mut self) {
        self.coach
            .start_review(&self.record, &self.wake, &self.tables);
    }

    pub fn stop_review(&mut self) {
        self.coach.stop_review();
    }

    pub fn close_review(&mut self) {
        self.coach.close_review();
    }

    /// A person's move. Refused, with the game unchanged, when a person may not move now
    /// ([`Match::move_refusal`]) or the move is not legal.
    pub fn play(&mut self, mv: G::Move, now: f64) -> Result<(), PlayError> {
        if let Some(refusal) = self.move_refusal() {
            return Err(refusal);
        }
        self.record.play(mv).map_err(PlayError::Move)?;
        self.notice = None;
        self.started = true;
        self.touched(Change::Played { by_computer: false }, now);
        let ply = self.record.cursor() - 1;
        self.coach
            .person_moved(&self.record, ply, self.epoch, &self.wake, &self.tables);
        Ok(())
    }

    /// Changes who plays what; a computer answer in progress becomes stale.
    pub fn set_players(&mut self, players: Players, now: f64) {
        if players == self.players {
            return;
        }
        let sides_changed = players.human != self.players.human;
        self.players = players;
        if sides_changed {
            self.touched(Change::Jumped, now);
        }
    }

    /// Takes back the last move of the person at the screen, and the computer's reply to it.
    pub fn undo(&mut self, now: f64) {
        let mut cursor = self.record.cursor();
        if cursor == 0 {
            return;
        }
        cursor -= 1;
        while cursor > 0
            && self
                .players
                .computer_plays(self.record.side_to_move_at(cursor))
        {
            cursor -= 1;
        }
        self.jump(cursor, false, now);
    }

    /// Plays again what was undone, up to the person's next turn.
    pub fn redo(&mut self, now: f64) {
        let len = self.record.len();
        let mut cursor = self.record.cursor();
        if cursor >= len {
            return;
        }
        cursor += 1;
        while cursor < len
            && self
                .players
                .computer_plays(self.record.side_to_move_at(cursor))
        {
            cursor += 1;
        }
        let reviewing = cursor < len && self.reviewing;
        self.jump(cursor, reviewing, now);
    }

    /// Shows the position after `cursor` plies (the move list). Before the end, the clock
    /// and the computer wait until the player resumes or plays a move from there.
    pub fn review(&mut self, cursor: usize, now: f64) {
        if cursor != self.record.cursor() {
            let reviewing = cursor < self.record.len();
            self.jump(cursor, reviewing, now);
        }
    }

    /// Goes on from the position shown, dropping the moves after it when a move is made.
    pub fn resume(&mut self, now: f64) {
        if self.reviewing {
            self.reviewing = false;
            self.touched(Change::Jumped, now);
        }
    }

    fn jump(&mut self, cursor: usize, reviewing: bool, now: f64) {
        self.record.set_cursor(cursor);
        self.reviewing = reviewing;
        self.notice = None;
        self.touched(Change::Jumped, now);
    }

    /// One step of the game's own life, called every frame: the computer's answer, forced
    /// passes, the turn clock, starting the computer when it is its turn, and the coach.
    pub fn advance(&mut self, now: f64) {
        self.advance_game(now);
        // The evaluation follows the position shown, also while stepping back through it.
        let open = self.status() == Status::Ongoing && !self.deadlocked();
        self.coach
            .advance(&self.record, self.epoch, open, &self.wake, &self.tables);
    }

    fn advance_game(&mut self, now: f64) {
        if self.remote.is_some() {
            return;
        }
        if let Some(thought) = self.thinking.as_mut().and_then(|t| t.poll()) {
            self.thinking = None;
            if thought.nodes > 0 {
                self.last_search = Some((thought.nodes, thought.elapsed));
            }
            let side = self.record.side_to_move();
            let played = thought.answer.and_then(|mv| {
                self.record
                    .play(mv)
                    .map(|()| self.record.game().format_move(mv))
                    .map_err(|e| ThinkError::Crashed(e.to_string()))
            });
            match played {
                Ok(text) => {
                    self.notice = Some(Notice::ComputerMoved(side, text));
                    self.touched(Change::Played { by_computer: true }, now);
                }
                Err(error) => {
                    self.engine_failed = Some(self.epoch);
                    self.notice = Some(Notice::Engine(error));
                }
            }
        }
        if self.reviewing {
            self.timer.pause(now);
            return;
        }
        if self.clock_held() {
            self.timer.pause(now);
        } else {
            self.timer.resume(now);
        }
        if self.status() != Status::Ongoing || self.deadlocked() {
            return;
        }
        let game = self.record.game().clone();
        if let Some(pass) = game.forced_pass(self.record.current()) {
            let side = self.record.side_to_move();
            if self.record.play(pass).is_ok() {
                self.notice = Some(Notice::Passed(side));
                let by_computer = self.computer_to_move();
                self.touched(Change::Played { by_computer }, now);
                return;
            }
        }
        if self.timer.expired(now) {
            let side = self.record.side_to_move();
            let by_computer = self.computer_to_move();
            self.record.skip();
            self.notice = Some(Notice::Timeout(side));
            self.touched(Change::Played { by_computer }, now);
            return;
        }
        if self.computer_to_move()
            && self.thinking.is_none()
            && self.engine_failed != Some(self.epoch)
        {
            let request = Request {
                game,
                position: *self.record.current(),
                history: self.record.history().to_vec(),
                level: self.players.level,
                seed: self.rng.random(),
                movetime: None,
                tables: self.tables.clone(),
            };
            self.thinking = Some(self.engine.start(request, Arc::clone(&self.wake)));
        }
    }

    /// Asks the computer again after it failed.
    pub fn retry_computer(&mut self) {
        self.engine_failed = None;
        self.notice = None;
    }
}

#[cfg(test)]
#[path = "controller_tests.rs"]
mod tests;
