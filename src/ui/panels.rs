//! The sections around the board: the game picker, the actions, the move list and the
//! rules (with a Try it on each rule line a lesson teaches). The layout places them in
//! columns on a wide window and in tabs under the board on a narrow one. Each reads the
//! session and returns what it asks for.

use super::command::{AppCommand, Tab};
use super::games::{self, description};
use super::marks::mark;
use super::{theme, widgets};
use crate::i18n::I18n;
use crate::msg;
use egui_extras::{Column, TableBuilder};
use qipan_engine::games::GameId;
use qipan_session::editor::{EditorCommand, Fill};
use qipan_session::{lessons, AnyMatch, Command, LessonCommand, Session};

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

/// New game, undo and redo (and a hint with the coach on), and Flip: always in reach, next
/// to the board on a phone; under them the question before a game with moves is thrown
/// away.
pub fn actions_row(ui: &mut egui::Ui, session: &Session, i18n: &I18n) -> Vec<AppCommand> {
    let mut commands: Vec<AppCommand> = Vec::new();
    let game = session.game();
    let mut flip_asked = false;
    let mut button = |ui: &mut egui::Ui, enabled: bool, text, key, command: Command| {
        let response = ui.add_enabled(enabled, egui::Button::new(i18n.tr(text)));
        mark(ui, key, &response);
        if response.clicked() {
            commands.push(AppCommand::from(command));
        }
    };
    ui.horizontal_wrapped(|ui| {
        // Online the server holds the game, and a puzzle or a lesson is refereed by the
        // session: nothing here changes any of them but a move.
        let local = session.online().is_none()
            && session.puzzle().is_none()
            && session.seeking().is_none()
            && session.lesson().is_none();
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
        // The board turned round, in any game and mode: the view's own, not the session's.
        let flip = ui.button(i18n.tr(msg!("action-flip")));
        mark(ui, "action:flip", &flip);
        if flip.clicked() {
            flip_asked = true;
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
        theme::question_frame(ui, |ui| {
            ui.label(i18n.tr(question));
            ui.horizontal_wrapped(|ui| {
                for (text, key, command) in [yes, no] {
                    button(ui, true, text, key, command);
                }
            });
        });
    }
    if flip_asked {
        commands.push(AppCommand::Flip);
    }
    commands
}

/// The plies played; a click steps the board back to one of them. Reviewing the game opens
/// its tab.
pub fn moves_section(ui: &mut egui::Ui, session: &Session, i18n: &I18n) -> Vec<AppCommand> {
    let game = session.game();
    let mut commands = Vec::new();
    if game.reviewing() {
        ui.small(i18n.tr(msg!("reviewing")));
        if ui.button(i18n.tr(msg!("action-resume"))).clicked() {
            commands.push(Command::Resume.into());
        }
    }
    if let Some(cursor) = move_list(ui, game, i18n) {
        commands.push(Command::StepTo(cursor).into());
    }
    if game.review_running().is_none() {
        commands.extend(widgets::review_button(ui, session, i18n));
    }
    commands
}

/// The plies in the game's notation, two to a row, each one a button that steps the board
/// back (or forward) to the position after it, in a table (egui_extras); returns the cursor
/// the player picked, if any.
fn move_list(ui: &mut egui::Ui, game: &AnyMatch, i18n: &I18n) -> Option<usize> {
    let texts = game.ply_texts();
    let cursor = game.cursor();
    let mut picked = None;
    if ui
        .selectable_label(cursor == 0, i18n.tr(msg!("move-start")))
        .clicked()
    {
        picked = Some(0);
    }
    let row_height = ui.spacing().interact_size.y;
    let height = ui.available_height().max(80.0);
    TableBuilder::new(ui)
        .id_salt("move-list")
        .max_scroll_height(height)
        .auto_shrink([false, true])
        .stick_to_bottom(true)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(Column::auto().at_least(28.0))
        .columns(Column::auto().at_least(64.0), 2)
        .body(|mut body| {
            // Every row drawn, not only those in view: each ply is a named control.
            for number in 0..texts.len().div_ceil(2) {
                body.row(row_height, |mut row| {
                    row.col(|ui| {
                        ui.monospace(format!("{}.", number + 1));
                    });
                    for i in [2 * number, 2 * number + 1] {
                        row.col(|ui| {
                            let Some(text) = texts.get(i) else {
                                return;
                            };
                            let shown = if game.is_skip(i) {
                                i18n.tr(msg!("move-skip"))
                            } else {
                                text.clone()
                            };
                            let label = egui::RichText::new(shown).monospace();
                            let label = if i >= cursor { label.weak() } else { label };
                            if ui.selectable_label(cursor == i + 1, label).clicked() {
                                picked = Some(i + 1);
                            }
                        });
                    }
                });
            }
        });
    picked
}

/// The rules of the game on the board, in the current language; each rule line a lesson
/// teaches has a Try it that opens the first lesson teaching it.
pub fn rules_section(ui: &mut egui::Ui, session: &Session, i18n: &I18n) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    let id = session.game().variant().game;
    let course = lessons::course(id);
    let game = description(session.game());
    ui.label(egui::RichText::new(i18n.tr(game.name)).heading().strong());
    ui.label(
        egui::RichText::new(i18n.tr(msg!("rules-overview")))
            .size(17.0)
            .strong(),
    );
    ui.label(egui::RichText::new(i18n.tr(game.tagline)).italics());
    ui.label(i18n.tr(game.intro));
    let text = i18n.tr(game.rules);
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    // The rules proper follow the last section heading, one seed line to a line.
    let rules_from = lines.iter().rposition(|l| l.starts_with("## "));
    for (i, &line) in lines.iter().enumerate() {
        let seed_line = rules_from
            .filter(|&from| i > from)
            .map(|from| games::RULES_HEADING_LINE + (i - from) as u32);
        let teaching = course.zip(seed_line).and_then(|(course, number)| {
            course
                .lessons
                .iter()
                .find(|lesson| lesson.rules.contains(&number))
        });
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
            ui.horizontal_wrapped(|ui| {
                ui.add(egui::Label::new(line).wrap());
                let Some(lesson) = teaching else {
                    return;
                };
                let title = i18n.tr_data(&lesson.title_id());
                let hover = i18n.tr_args(msg!("rules-try-it-lesson"), &[("title", title.into())]);
                let try_it = ui
                    .small_button(i18n.tr(msg!("rules-try-it")))
                    .on_hover_text(hover);
                mark(ui, format_args!("rules:try:{i}"), &try_it);
                if try_it.clicked() {
                    commands.push(AppCommand::Session(Command::Lesson(LessonCommand::Start {
                        game: id,
                        lesson: lesson.id.clone(),
                    })));
                    commands.push(AppCommand::OpenTab(Tab::Learn));
                }
            });
        }
    }
    commands
}
