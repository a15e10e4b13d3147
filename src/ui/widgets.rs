//! Small controls that more than one section draws: the button that reviews the game (the
//! game-over banner, the move list, the review) and the player's puzzle rating (the Puzzles
//! and Statistics views). Each returns what it asks for, as the views do.

use super::command::{AppCommand, Tab};
use super::marks::mark;
use crate::i18n::I18n;
use crate::msg;
use qipan_engine::games::GameId;
use qipan_session::{Command, Session};

/// The button that reviews the game: it starts the review and brings its tab forward.
pub fn review_button(ui: &mut egui::Ui, session: &Session, i18n: &I18n) -> Vec<AppCommand> {
    // While an online game is on the coach is off, and the session refuses a review.
    let can = session.can_review();
    let button = ui.add_enabled(can, egui::Button::new(i18n.tr(msg!("action-review"))));
    mark(ui, "action:review", &button);
    if !button.clicked() {
        return Vec::new();
    }
    vec![
        Command::StartReview.into(),
        AppCommand::OpenTab(Tab::Review),
    ]
}

/// "Your puzzle rating: 1520 ± 210 · solved 3, failed 1".
pub fn puzzle_rating(ui: &mut egui::Ui, session: &Session, game: GameId, i18n: &I18n) {
    let record = session.progress().game(game);
    let line = ui.label(i18n.tr_args(
        msg!("puzzle-rating"),
        &[
            ("rating", (record.puzzle.rating.round() as i64).into()),
            ("deviation", (record.puzzle.deviation.round() as i64).into()),
            ("solved", record.puzzles_solved.into()),
            ("failed", record.puzzles_failed.into()),
        ],
    ));
    mark(ui, "puzzle:rating", &line);
}
