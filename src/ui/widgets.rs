//! Small controls that more than one section draws: the button that reviews the game (the
//! game-over banner, the move list, the review), the player's puzzle rating (the Puzzles
//! and Statistics views), a button named for screen readers by all it does, and the choice
//! of a game's time (a seek, a challenge), and the padding that keeps what comes and goes
//! from moving the board. Each returns what it asks for, as the views do.

use super::command::{AppCommand, Tab};
use super::marks::mark;
use crate::i18n::{I18n, Msg};
use crate::msg;
use qipan_engine::games::GameId;
use qipan_session::lobby::Days;
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

/// A button that shows `text` and is named `said` for screen readers (and tests): a short
/// word on screen ("Accept"), the whole of what it does when read aloud ("Accept Bo's
/// challenge"), so that a list of rows is not a list of identical names.
pub fn button_said(ui: &mut egui::Ui, text: &str, said: &str) -> egui::Response {
    let button = ui.button(text);
    name_for_readers(ui, &button, said);
    button
}

/// A row of a list that opens what it says: a button as wide as the list, its text
/// wrapping in a phone's narrow column, named `said` for screen readers ("Review: ...").
pub fn row_button(ui: &mut egui::Ui, enabled: bool, text: &str, said: &str) -> egui::Response {
    let width = ui.available_width();
    let button = egui::Button::new(text)
        .wrap()
        .min_size(egui::vec2(width, 0.0));
    let row = ui.add_enabled(enabled, button);
    name_for_readers(ui, &row, said);
    row
}

/// Names `response`'s widget `said` for screen readers (and tests), whatever it shows.
fn name_for_readers(ui: &egui::Ui, response: &egui::Response, said: &str) {
    let said = said.to_owned();
    ui.ctx()
        .accesskit_node_builder(response.id, move |node| node.set_label(said));
}

/// "Time: Live · 1 day · 2 days · … · 14 days": a row of choices, each a control the
/// keyboard reaches, marked `prefix:time-live`, `prefix:time-3`.
pub fn time_choice(
    ui: &mut egui::Ui,
    days: &mut Option<Days>,
    prefix: &str,
    label: Msg,
    i18n: &I18n,
) {
    ui.horizontal_wrapped(|ui| {
        let row = i18n.tr(label);
        ui.label(&row);
        let choices = std::iter::once(None).chain(Days::ALL.map(Some));
        for choice in choices {
            let (text, key) = match choice {
                None => (i18n.tr(msg!("time-choice-live")), "live".to_owned()),
                Some(d) => (
                    i18n.tr_args(msg!("time-choice-days"), &[("days", d.get().into())]),
                    d.get().to_string(),
                ),
            };
            let r = ui.selectable_value(days, choice, &text);
            // Named with its row: two rows of the same choices may be on one screen.
            let said = format!("{row} {text}");
            ui.ctx()
                .accesskit_node_builder(r.id, move |node| node.set_label(said));
            mark(ui, format_args!("{prefix}:time-{key}"), &r);
        }
    });
}

/// Draws `add`, then pads it to at least `height`: a line that comes and goes over the board
/// (a rating's change, a rematch asked, the computer's move said) would otherwise move the
/// board. Returns the height `add` took itself.
pub fn padded_to(ui: &mut egui::Ui, height: f32, add: impl FnOnce(&mut egui::Ui)) -> f32 {
    let top = ui.cursor().top();
    add(ui);
    let used = ui.cursor().top() - top;
    if used < height {
        ui.add_space(height - used);
    }
    used
}
