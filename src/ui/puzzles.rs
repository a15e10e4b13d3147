//! The Puzzles view: "find the move" in the game on the board. The session referees the
//! puzzle ([`qipan_session::puzzles`]); this view reads it and returns commands.

use super::marks::mark;
use super::widgets::puzzle_rating;
use super::words;
use crate::i18n::{I18n, Msg};
use crate::msg;
use qipan_session::puzzles::PuzzleState;
use qipan_session::{Command, PuzzleCommand, Session};

/// Days since 1970 by the device's clock: the day's puzzle is the same for everyone on it.
pub fn today() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400)
}

/// The view: without a puzzle, the player's puzzle rating and the ways to start one; with
/// one, what to find, how it goes, and its actions.
pub fn show(ui: &mut egui::Ui, session: &Session, i18n: &I18n) -> Vec<Command> {
    let mut commands = Vec::new();
    let game = match session.puzzle() {
        Some(run) => run.puzzle().game,
        None => session.game().variant().game,
    };
    let Some(run) = session.puzzle() else {
        ui.label(i18n.tr(msg!("puzzles-intro")));
        puzzle_rating(ui, session, game, i18n);
        if session.online().is_some() {
            ui.small(i18n.tr(msg!("puzzles-not-online")));
            return commands;
        }
        ui.horizontal_wrapped(|ui| {
            let next = ui.button(i18n.tr(msg!("puzzle-next")));
            mark(ui, "puzzle:next", &next);
            if next.clicked() {
                commands.push(Command::Puzzle(PuzzleCommand::Next(game)));
            }
            let daily = ui.button(i18n.tr(msg!("puzzle-daily")));
            mark(ui, "puzzle:daily", &daily);
            if daily.clicked() {
                commands.push(Command::Puzzle(PuzzleCommand::Daily { game, day: today() }));
            }
        });
        return commands;
    };

    let puzzle = run.puzzle();
    if run.is_daily() {
        ui.strong(i18n.tr(msg!("puzzle-daily-label")));
    }
    let prompt = ui.label(
        egui::RichText::new(words::puzzle_prompt(run, session, i18n))
            .strong()
            .size(17.0),
    );
    mark(ui, "puzzle:prompt", &prompt);
    ui.small(i18n.tr_args(
        msg!("puzzle-about"),
        &[
            ("difficulty", puzzle.difficulty.into()),
            ("theme", i18n.tr(theme_msg(&puzzle.theme)).into()),
        ],
    ));
    let state = ui.label(i18n.tr(words::puzzle_state(run)));
    mark(ui, "puzzle:state", &state);
    if let Some(mv) = run.hint() {
        let text = session.game().format_move(mv).unwrap_or_default();
        ui.label(
            egui::RichText::new(i18n.tr_args(msg!("puzzle-hint-move"), &[("move", text.into())]))
                .monospace(),
        );
    }
    ui.horizontal_wrapped(|ui| {
        let solved = run.state() == PuzzleState::Solved;
        if solved {
            let next = ui.button(i18n.tr(msg!("puzzle-next")));
            mark(ui, "puzzle:next", &next);
            if next.clicked() {
                commands.push(Command::Puzzle(PuzzleCommand::Next(game)));
            }
        }
        if run.hint_allowed() && run.hint().is_none() && !solved {
            let hint = ui.button(i18n.tr(msg!("puzzle-hint")));
            mark(ui, "puzzle:hint", &hint);
            if hint.clicked() {
                commands.push(Command::Hint);
            }
        }
        let restart = ui.button(i18n.tr(msg!("puzzle-restart")));
        mark(ui, "puzzle:restart", &restart);
        if restart.clicked() {
            commands.push(Command::Puzzle(PuzzleCommand::Restart));
        }
        if !solved {
            let skip = ui.button(i18n.tr(msg!("puzzle-skip")));
            mark(ui, "puzzle:skip", &skip);
            if skip.clicked() {
                commands.push(Command::Puzzle(PuzzleCommand::Next(game)));
            }
        }
        let leave = ui.button(i18n.tr(msg!("puzzle-leave")));
        mark(ui, "puzzle:leave", &leave);
        if leave.clicked() {
            commands.push(Command::Puzzle(PuzzleCommand::Leave));
        }
    });
    puzzle_rating(ui, session, game, i18n);
    commands
}

/// The theme's name; the generator's words are fixed (docs/puzzles.md).
fn theme_msg(theme: &str) -> Msg {
    match theme {
        "mill" => msg!("puzzle-theme-mill"),
        "push-off" => msg!("puzzle-theme-push-off"),
        "capture" => msg!("puzzle-theme-capture"),
        "boxed" => msg!("puzzle-theme-boxed"),
        "platform" => msg!("puzzle-theme-platform"),
        "blockade" => msg!("puzzle-theme-blockade"),
        "exact" => msg!("puzzle-theme-exact"),
        _ => msg!("puzzle-theme-other"),
    }
}
