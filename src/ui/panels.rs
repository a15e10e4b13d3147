//! The sections around the board: the game picker, the actions, the move list and the
//! rules. The layout ([`super::layout`]) places them in columns on a wide window and in tabs
//! under the board on a narrow one. Each reads the session and returns what it asks for.

use super::layout::Tab;
use super::{coach, games, mark, move_list};
use crate::i18n::I18n;
use crate::msg;
use qipan_engine::games::GameId;
use qipan_session::editor::{EditorCommand, Fill};
use qipan_session::{AnyMatch, Command, Session};

/// The five games, each with its one-line pitch.
pub fn games_section(ui: &mut egui::Ui, game: &AnyMatch, i18n: &I18n) -> Vec<Command> {
    let mut commands = Vec::new();
    for id in GameId::ALL {
        let selected = game.variant().game == id;
        let description = games::describe(id);
        let text = egui::RichText::new(i18n.tr(description.name)).strong();
        let response = ui.selectable_label(selected, text);
        mark(ui, format_args!("game:{}", id.name()), &response);
        ui.small(i18n.tr(description.tagline));
        if response.clicked() && !selected {
            commands.push(Command::PickGame(id));
        }
    }
    commands
}

/// New game, undo and redo (and a hint with the coach on): always in reach, next to the
/// board on a phone; under them the question before a game with moves is thrown away.
pub fn actions_row(ui: &mut egui::Ui, session: &Session, i18n: &I18n) -> Vec<Command> {
    let mut commands = Vec::new();
    let game = session.game();
    let mut button = |ui: &mut egui::Ui, enabled: bool, text, key, command| {
        let response = ui.add_enabled(enabled, egui::Button::new(i18n.tr(text)));
        mark(ui, key, &response);
        if response.clicked() {
            commands.push(command);
        }
    };
    ui.horizontal_wrapped(|ui| {
        // Online the server holds the game, and a puzzle is refereed by the session:
        // nothing here changes either but a move.
        let local = session.online().is_none() && session.puzzle().is_none();
        button(
            ui,
            local,
            msg!("action-new"),
            "action:new",
            Command::NewGame,
        );
        let can_undo = local && game.cursor() > 0;
        button(
            ui,
            can_undo,
            msg!("action-undo"),
            "action:undo",
            Command::Undo,
        );
        let can_redo = local && game.cursor() < game.len();
        button(
            ui,
            can_redo,
            msg!("action-redo"),
            "action:redo",
            Command::Redo,
        );
        // The board editor, from the position on the board.
        button(
            ui,
            local,
            msg!("editor-open"),
            "action:edit",
            Command::Editor(EditorCommand::Open(Fill::Current)),
        );
        if local && session.coach().hints() {
            let can_hint = game.human_to_move() && !game.hint_pending();
            button(
                ui,
                can_hint,
                msg!("action-hint"),
                "action:hint",
                Command::Hint,
            );
        }
    });
    // The questions before a game with moves is thrown away (a new game, a link's game).
    let questions = [
        (
            session.confirming_new_game(),
            msg!("confirm-new"),
            (
                msg!("confirm-new-yes"),
                "action:new-yes",
                Command::ConfirmNewGame,
            ),
            (
                msg!("confirm-new-no"),
                "action:new-no",
                Command::CancelNewGame,
            ),
        ),
        (
            session.confirming_link(),
            msg!("link-replace"),
            (
                msg!("link-replace-yes"),
                "action:link-yes",
                Command::ConfirmLink,
            ),
            (
                msg!("link-replace-no"),
                "action:link-no",
                Command::CancelLink,
            ),
        ),
    ];
    for (asking, question, yes, no) in questions {
        if !asking {
            continue;
        }
        egui::Frame::new()
            .fill(super::theme::GOLD.gamma_multiply(0.25))
            .corner_radius(6.0)
            .inner_margin(6.0)
            .show(ui, |ui| {
                ui.label(i18n.tr(question));
                ui.horizontal_wrapped(|ui| {
                    for (text, key, command) in [yes, no] {
                        button(ui, true, text, key, command);
                    }
                });
            });
    }
    commands
}

/// The plies played; a click steps the board back to one of them. Reviewing the game opens
/// its tab.
pub fn moves_section(
    ui: &mut egui::Ui,
    game: &AnyMatch,
    i18n: &I18n,
    tab: &mut Tab,
) -> Vec<Command> {
    let mut commands = Vec::new();
    if game.reviewing() {
        ui.small(i18n.tr(msg!("reviewing")));
        if ui.button(i18n.tr(msg!("action-resume"))).clicked() {
            commands.push(Command::Resume);
        }
    }
    if let Some(cursor) = move_list::show(ui, game, i18n) {
        commands.push(Command::StepTo(cursor));
    }
    if game.review_running().is_none() {
        commands.extend(coach::review_button(ui, game, i18n, tab));
    }
    commands
}

/// The rules of the game on the board, in the current language. `scroll` gives them a
/// scroll area of their own (a column); under the board on a phone the page scrolls.
pub fn rules_section(ui: &mut egui::Ui, game: &AnyMatch, i18n: &I18n, scroll: bool) {
    if scroll {
        egui::ScrollArea::vertical()
            .id_salt("rules")
            .auto_shrink([false, false])
            .show(ui, |ui| rules_text(ui, game, i18n));
    } else {
        rules_text(ui, game, i18n);
    }
}

fn rules_text(ui: &mut egui::Ui, game: &AnyMatch, i18n: &I18n) {
    let game = super::board::description(game);
    ui.label(egui::RichText::new(i18n.tr(game.name)).heading().strong());
    ui.label(
        egui::RichText::new(i18n.tr(msg!("rules-overview")))
            .size(17.0)
            .strong(),
    );
    ui.label(egui::RichText::new(i18n.tr(game.tagline)).italics());
    ui.label(i18n.tr(game.intro));
    for line in i18n.tr(game.rules).lines() {
        let line = line.trim_end();
        if let Some(h) = line.strip_prefix("## ") {
            ui.add_space(8.0);
            ui.label(egui::RichText::new(h).size(17.0).strong());
        } else if let Some(h) = line.strip_prefix("### ") {
            ui.add_space(4.0);
            ui.label(egui::RichText::new(h).strong());
        } else if let Some(item) = line.strip_prefix("- ") {
            ui.horizontal_top(|ui| {
                // The bullet is drawn, not typed: every visible text comes from the
                // locale files.
                let size = egui::vec2(10.0, ui.text_style_height(&egui::TextStyle::Body));
                let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
                let color = ui.visuals().text_color();
                ui.painter().circle_filled(rect.center(), 2.2, color);
                ui.add(egui::Label::new(item).wrap());
            });
        } else if !line.is_empty() {
            ui.add(egui::Label::new(line).wrap());
        }
    }
}
