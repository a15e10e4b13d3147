//! The coach inside a match: a hint on request, the evaluation of every position as it comes,
//! a check of each move a person makes, and a review of the whole game. Each is an
//! [`ai::coach`](qipan_engine::ai::coach) job on the worker, so none of them ever holds up the
//! clock, a click or the computer's move; each belongs to the position it was asked about
//! and is dropped when that position is no longer on the board. Each reads the solved tables
//! its match was handed.

use crate::moves::{AnyMove, WrapMove};
use crate::record::{Ply, Record};
use qipan_engine::ai::coach::{Analysis, AnalysisJob, Budget, Review, ReviewJob, Verdict};
use qipan_engine::ai::worker::{Background, Job, Wake};
use qipan_engine::ai::{Evaluate, Level, Tables};
use std::sync::Arc;
use web_time::Duration;

/// How much the coach says during a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum CoachMode {
    /// Nothing: the player is on their own (the default against the computer).
    #[default]
    Off,
    /// A hint when asked for.
    Hints,
    /// Hints, the evaluation bar and an alert on every mistake.
    Full,
}

impl CoachMode {
    pub const ALL: [CoachMode; 3] = [CoachMode::Off, CoachMode::Hints, CoachMode::Full];

    pub fn hints(self) -> bool {
        self != CoachMode::Off
    }

    pub fn full(self) -> bool {
        self == CoachMode::Full
    }
}

/// How long the evaluation bar's analysis of a position runs: long enough to see a few
/// moves ahead, short enough to keep up with play.
const EVALUATION_TIME: Duration = Duration::from_millis(1500);

/// A job for one position of the game (the match's epoch), and its output once done.
struct ForPosition<J: Job> {
    epoch: u64,
    running: Option<Background<J>>,
    done: Option<J::Output>,
}

impl<J: Job> ForPosition<J> {
    fn start(epoch: u64, job: J, wake: &Wake) -> ForPosition<J> {
        ForPosition {
            epoch,
            running: Some(Background::start(job, Arc::clone(wake))),
            done: None,
        }
    }

    fn poll(&mut self) {
        if let Some(result) = self.running.as_mut().and_then(|job| job.poll()) {
            self.running = None;
            match result {
                Ok(output) => self.done = Some(output),
                // The coach is advice: a failed analysis is logged and left out.
                Err(why) => log::warn!("the coach's analysis failed: {why}"),
            }
        }
    }
}

/// A person's move the coach found wanting, with the better move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alert<M> {
    /// The ply's index in the record (the position before it is `position_at(ply)`).
    pub ply: usize,
    pub verdict: Verdict<M>,
}

/// A review of the game, running or done.
pub struct GameReview<G: Evaluate> {
    /// Plies reviewed (the record's length when the review started).
    pub plies: usize,
    running: Option<Background<ReviewJob<G>>>,
    pub result: Option<Review<G::Move>>,
}

impl<G: Evaluate> GameReview<G> {
    /// Whether it is still analysing.
    pub fn running(&self) -> bool {
        self.running.is_some()
    }

    /// How far along it is, from 0 to 1.
    pub fn progress(&self) -> f32 {
        match (&self.running, &self.result) {
            (_, Some(_)) => 1.0,
            (Some(job), None) => job.progress(),
            (None, None) => 0.0,
        }
    }
}

/// Everything the coach is doing or has found for one match.
pub struct Coach<G: Evaluate> {
    mode: CoachMode,
    hint: Option<ForPosition<AnalysisJob<G>>>,
    evaluation: Option<ForPosition<AnalysisJob<G>>>,
    /// The check of a person's last move: its ply and the two-position review.
    check: Option<(usize, ForPosition<ReviewJob<G>>)>,
    alert: Option<Alert<G::Move>>,
    review: Option<GameReview<G>>,
}

impl<G: Evaluate> Default for Coach<G> {
    fn default() -> Self {
        Coach {
            mode: CoachMode::Off,
            hint: None,
            evaluation: None,
            check: None,
            alert: None,
            review: None,
        }
    }
}

impl<G: Evaluate> Coach<G> {
    pub fn mode(&self) -> CoachMode {
        self.mode
    }

    /// Switching the coach off drops what it was doing for the game in progress (a review
    /// the player asked for goes on).
    pub fn set_mode(&mut self, mode: CoachMode) {
        self.mode = mode;
        if !mode.hints() {
            self.hint = None;
        }
        if !mode.full() {
            self.evaluation = None;
            self.check = None;
            self.alert = None;
        }
    }

    /// Asks for the best move in the current position, searched as master would within
    /// `level`'s time for a move.
    pub fn ask_hint(
        &mut self,
        record: &Record<G>,
        epoch: u64,
        level: Level,
        wake: &Wake,
        tables: &Tables,
    ) {
        if !self.mode.hints() || self.hint.as_ref().is_some_and(|h| h.epoch == epoch) {
            return;
        }
        let budget = Budget::Time(level.config().budget);
        let (game, pos, history) = (record.game(), record.current(), record.history());
        if let Ok(job) = AnalysisJob::new(game, pos, history, budget, tables) {
            self.hint = Some(ForPosition::start(epoch, job, wake));
        }
    }

    /// The hint for the position of `epoch`: `None` before it is asked for or while it is
    /// being worked out.
    pub fn hint(&self, epoch: u64) -> Option<&Analysis<G::Move>> {
        self.hint
            .as_ref()
            .filter(|h| h.epoch == epoch)
            .and_then(|h| h.done.as_ref())
    }

    /// Whether a hint for the position of `epoch` is being worked out.
    pub fn hint_pending(&self, epoch: u64) -> bool {
        self.hint
            .as_ref()
            .is_some_and(|h| h.epoch == epoch && h.running.is_some())
    }

    /// The evaluation of the position of `epoch`, once the bar's analysis is done.
    pub fn evaluation(&self, epoch: u64) -> Option<&Analysis<G::Move>> {
        self.evaluation
            .as_ref()
            .filter(|e| e.epoch == epoch)
            .and_then(|e| e.done.as_ref())
    }

    pub fn alert(&self) -> Option<&Alert<G::Move>> {
        self.alert.as_ref()
    }

    pub fn dismiss_alert(&mut self) {
        self.alert = None;
    }

    pub fn review(&self) -> Option<&GameReview<G>> {
        self.review.as_ref()
    }

    /// A person just played the ply at `ply`: check it against the best move (full coach).
    pub fn person_moved(
        &mut self,
        record: &Record<G>,
        ply: usize,
        epoch: u64,
        wake: &Wake,
        tables: &Tables,
    ) {
        self.alert = None;
        if !self.mode.full() {
            return;
        }
        let Some(Ply::Move(mv)) = record.plies().get(ply).copied() else {
            return;
        };
        let game = record.game();
        let positions = vec![*record.position_at(ply), *record.position_at(ply + 1)];
        let depth = game.review_depth();
        let job = ReviewJob::new(game, positions, vec![Some(mv)], depth, tables.clone());
        self.check = Some((ply, ForPosition::start(epoch, job, wake)));
    }

    /// Reviews the whole game (every ply played, also those undone but kept for redo).
    pub fn start_review(&mut self, record: &Record<G>, wake: &Wake, tables: &Tables) {
        let plies = record.len();
        let positions = (0..=plies).map(|i| *record.position_at(i)).collect();
        let moves = record
            .plies()
            .iter()
            .map(|ply| match ply {
                Ply::Move(mv) => Some(*mv),
                Ply::Skip => None,
            })
            .collect();
        let game = record.game();
        let job = ReviewJob::new(game, positions, moves, game.review_depth(), tables.clone());
        self.review = Some(GameReview {
            plies,
            running: Some(Background::start(job, Arc::clone(wake))),
            result: None,
        });
    }

    /// Stops a review in progress (what it found so far is not kept: a review is whole).
    pub fn stop_review(&mut self) {
        if self.review.as_ref().is_some_and(|r| r.running.is_some()) {
            self.review = None;
        }
    }

    /// Closes the review.
    pub fn close_review(&mut self) {
        self.review = None;
    }

    /// Whether anything is being worked out (the app shows progress and wants frames).
    pub fn busy(&self) -> bool {
        self.hint.as_ref().is_some_and(|h| h.running.is_some())
            || self
                .evaluation
                .as_ref()
                .is_some_and(|e| e.running.is_some())
            || self
                .check
                .as_ref()
                .is_some_and(|(_, c)| c.running.is_some())
            || self.review.as_ref().is_some_and(|r| r.running.is_some())
    }

    /// The game moved to another position (a move, undo, a step through the list): what
    /// belonged to the old one is dropped. The alert stays while its move is on the board.
    pub fn position_changed(&mut self, record: &Record<G>) {
        if let Some(alert) = &self.alert {
            if record.cursor() <= alert.ply {
                self.alert = None;
            }
        }
        if let Some((ply, _)) = &self.check {
            if record.cursor() <= *ply {
                self.check = None;
            }
        }
    }

    /// Called every frame: takes finished answers, and starts the evaluation of a new
    /// position (full coach, the position `open`: not decided).
    pub fn advance(
        &mut self,
        record: &Record<G>,
        epoch: u64,
        open: bool,
        wake: &Wake,
        tables: &Tables,
    ) {
        for slot in [&mut self.hint, &mut self.evaluation].into_iter().flatten() {
            slot.poll();
        }
        if let Some((ply, check)) = &mut self.check {
            check.poll();
            if let Some(review) = check.done.take() {
                let ply = *ply;
                self.check = None;
                let still_on_board = record.cursor() > ply;
                if let Some(Some(verdict)) = review.verdicts.into_iter().next() {
                    if still_on_board && verdict.label.is_alert() {
                        self.alert = Some(Alert { ply, verdict });
                    }
                }
            }
        }
        if let Some(review) = &mut self.review {
            if let Some(result) = review.running.as_mut().and_then(|job| job.poll()) {
                review.running = None;
                match result {
                    Ok(done) => review.result = Some(done),
                    Err(why) => {
                        log::warn!("the review failed: {why}");
                        self.review = None;
                    }
                }
            }
        }
        let evaluated = self.evaluation.as_ref().is_some_and(|e| e.epoch == epoch);
        if self.mode.full() && !evaluated && open {
            let budget = Budget::Time(EVALUATION_TIME);
            let (game, pos, history) = (record.game(), record.current(), record.history());
            self.evaluation = AnalysisJob::new(game, pos, history, budget, tables)
                .ok()
                .map(|job| ForPosition::start(epoch, job, wake));
        }
    }
}

/// The coach's verdict on a ply, for the UI: typed moves of whichever game is on, put in
/// notation only where they are drawn ([`crate::AnyMatch::format_move`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VerdictView {
    /// The ply's index in the record.
    pub ply: usize,
    pub mover: qipan_engine::games::Side,
    pub played: AnyMove,
    pub best: AnyMove,
    pub label: qipan_engine::ai::coach::Label,
    pub loss: qipan_engine::ai::coach::Loss,
    /// The position's value for the mover before the move.
    pub before: qipan_engine::ai::coach::Score,
}

/// A review as the UI shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewView {
    pub running: bool,
    pub progress: f32,
    /// Plies reviewed.
    pub plies: usize,
    /// One row per ply once done (`None`: a turn lost to the timer).
    pub rows: Vec<Option<VerdictView>>,
    /// Each position's value from Dark's (x's) view, in pieces; decided games at ±100.
    pub values: Vec<f64>,
    /// [`Review::summary`].
    pub summary: [[u32; 5]; 2],
}

impl<G: Evaluate> Coach<G> {
    /// The alert, for the UI.
    pub fn alert_view(&self) -> Option<VerdictView>
    where
        G: WrapMove,
    {
        self.alert
            .as_ref()
            .map(|alert| verdict_view::<G>(alert.ply, &alert.verdict))
    }

    /// The review, for the UI.
    pub fn review_view(&self) -> Option<ReviewView>
    where
        G: WrapMove,
    {
        let review = self.review.as_ref()?;
        let (rows, values, summary) = match &review.result {
            None => (Vec::new(), Vec::new(), [[0; 5]; 2]),
            Some(done) => (
                done.verdicts
                    .iter()
                    .enumerate()
                    .map(|(ply, v)| v.as_ref().map(|v| verdict_view::<G>(ply, v)))
                    .collect(),
                done.values
                    .iter()
                    .map(|score| f64::from(score.centis()) / 100.0)
                    .collect(),
                done.summary(),
            ),
        };
        Some(ReviewView {
            running: review.running(),
            progress: review.progress(),
            plies: review.plies,
            rows,
            values,
            summary,
        })
    }

    /// The review's verdict on the ply at `ply`, typed (the board marks its moves).
    pub fn reviewed_ply(&self, ply: usize) -> Option<&Verdict<G::Move>> {
        self.review
            .as_ref()?
            .result
            .as_ref()?
            .verdicts
            .get(ply)?
            .as_ref()
    }
}

fn verdict_view<G: WrapMove>(ply: usize, verdict: &Verdict<G::Move>) -> VerdictView {
    VerdictView {
        ply,
        mover: verdict.mover,
        played: G::wrap(verdict.played),
        best: G::wrap(verdict.best),
        label: verdict.label,
        loss: verdict.loss,
        before: verdict.before,
    }
}
