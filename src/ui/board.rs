//! The board area's glue between the session and the painters: draws the board of
//! whichever game is on, with the last move gliding into place, and returns a completed move
//! as a command.

use super::boards::{
    BoardCtx, BoardInput, BoardKeys, BoardPainter, HasBoard, Looks, MoveMark, Painters,
};
use crate::i18n::I18n;
use qipan_engine::ai::Evaluate;
use qipan_engine::games::Side;
use qipan_session::with_match;
use qipan_session::{AnyMatch, AnyMove, Change, Command, Match, Session, WrapMove};

/// How long a move glides.
pub const GLIDE_SECONDS: f64 = 0.22;

/// What the board view keeps between frames: the painters' half-made selections and the
/// glide of the last move.
pub struct BoardView {
    painters: Painters,
    /// The controller's epoch the painters last saw: a change clears their selection.
    painted_epoch: u64,
    /// When the move on the board started to glide, and the controller epoch it belongs to.
    glide: Option<(u64, f64)>,
    /// Moves glide on the board (off in tests, where the clock stands still).
    pub animations: bool,
    /// Turned round by the Flip button, against the way the board faces its player.
    pub flipped: bool,
}

impl Default for BoardView {
    fn default() -> Self {
        BoardView {
            painters: Painters::default(),
            painted_epoch: 0,
            glide: None,
            animations: true,
            flipped: false,
        }
    }
}

impl BoardView {
    /// How the board is shown: with its coordinates when the player wants them and always
    /// while a lesson (which names the points) runs; the player's own side at the bottom
    /// (online, against the computer), turned round again by the Flip button.
    pub fn looks(&self, session: &Session, coordinates: bool) -> Looks {
        let facing = session.game().players().human.unwrap_or(Side::X);
        Looks {
            coordinates: coordinates || session.lesson().is_some(),
            turned: (facing == Side::O) != self.flipped,
        }
    }

    /// Draws the board into `rect`; returns the move the person completed, for the session
    /// to play (it refuses anything that is not a legal move of a person's turn).
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        rect: egui::Rect,
        session: &Session,
        i18n: &I18n,
        now: f64,
        input: BoardInput,
    ) -> Vec<Command> {
        let game = session.game();
        if game.epoch() != self.painted_epoch {
            self.painted_epoch = game.epoch();
            self.painters.clear();
        }
        let lesson = session.lesson();
        let moment = Moment {
            i18n,
            now,
            glide: self.glide_progress(game, now),
            keys: input.keys,
            attempts: lesson.is_some(),
            shown: lesson.and_then(|run| run.shown_move()),
            looks: input.looks,
        };
        let painters = &mut self.painters;
        let chosen = with_match!(game, m => show_match(m, painters, ui, rect, moment));
        chosen.map(Command::Play).into_iter().collect()
    }

    /// How far the last move's glide has come (0 to 1), while it runs.
    pub fn glide_progress(&mut self, game: &AnyMatch, now: f64) -> Option<f32> {
        let epoch = game.epoch();
        if self.glide.is_none_or(|(seen, _)| seen != epoch) {
            let played = matches!(game.last_change(), Change::Played { .. });
            self.glide = Some((
                epoch,
                if self.animations && played {
                    now
                } else {
                    f64::MIN
                },
            ));
        }
        let (_, started) = self.glide?;
        let t = (now - started) / GLIDE_SECONDS;
        (0.0..1.0).contains(&t).then_some(t as f32)
    }

    /// Whether a move is gliding on the board now.
    pub fn gliding(&self, game: &AnyMatch, now: f64) -> bool {
        self.glide.is_some_and(|(epoch, started)| {
            let t = (now - started) / GLIDE_SECONDS;
            epoch == game.epoch() && (0.0..1.0).contains(&t)
        })
    }

    /// Whether the board of the game on it wants frames for an animation.
    pub fn animating(&mut self, game: &AnyMatch) -> bool {
        animating(game, &mut self.painters)
    }
}

/// What the board's frame knows besides the game: the words, the time, the glide of the last
/// move (0 to 1, while it runs), the keys meant for the board, and in a lesson, that taps
/// may try moves the rules refuse and the lesson's move once the learner asked to see it.
#[derive(Clone, Copy)]
struct Moment<'a> {
    i18n: &'a I18n,
    now: f64,
    glide: Option<f32>,
    keys: BoardKeys,
    attempts: bool,
    shown: Option<AnyMove>,
    looks: Looks,
}

/// Hands the game's painter its [`BoardCtx`]; the move it completes, as an [`AnyMove`].
fn show_match<G: HasBoard + Evaluate + WrapMove>(
    m: &Match<G>,
    painters: &mut Painters,
    ui: &mut egui::Ui,
    rect: egui::Rect,
    moment: Moment<'_>,
) -> Option<AnyMove> {
    let painter = G::painter(painters);
    let record = m.record();
    let interactive = m.human_to_move();
    let last_move = record.last_move();
    let glide = moment
        .glide
        .filter(|_| last_move.is_some())
        .map(|t| (record.position_at(record.cursor() - 1), ease(t)));
    let mut marks = coach_marks(m);
    marks.extend(
        moment
            .shown
            .and_then(G::unwrap)
            .map(|mv| (mv, MoveMark::Suggested)),
    );
    let ctx = BoardCtx {
        game: record.game(),
        pos: record.current(),
        legal: record.legal(),
        last_move,
        interactive,
        i18n: moment.i18n,
        time: moment.now,
        glide,
        keys: moment.keys,
        marks: &marks,
        attempts: moment.attempts,
        looks: moment.looks,
    };
    painter.show(ui, rect, &ctx).map(G::wrap)
}

/// The moves the coach points at: the hint for the position on the board, or, stepping
/// through a reviewed game, the move played from it and the better one.
fn coach_marks<G: Evaluate>(m: &Match<G>) -> Vec<(G::Move, MoveMark)> {
    if m.reviewing() {
        let cursor = m.record().cursor();
        if let Some(verdict) = m.coach().reviewed_ply(cursor) {
            let mut marks = vec![(verdict.played, MoveMark::Played)];
            if verdict.best != verdict.played {
                marks.push((verdict.best, MoveMark::Suggested));
            }
            return marks;
        }
    }
    m.hint()
        .map(|hint| vec![(hint.best, MoveMark::Suggested)])
        .unwrap_or_default()
}

/// Starts fast and lands softly.
fn ease(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    1.0 - (1.0 - t) * (1.0 - t)
}

/// Whether the painter of the game on the board wants frames for an animation.
fn animating(game: &AnyMatch, painters: &mut Painters) -> bool {
    with_match!(game, m => painter_animating(m, painters))
}

fn painter_animating<G: HasBoard + Evaluate>(_: &Match<G>, painters: &mut Painters) -> bool {
    G::painter(painters).animating()
}
