//! The Puzzles view: "find the move" in the game on the board. The session referees the
//! puzzle ([`qipan_session::puzzles`]); this view reads it and returns commands.

use super::mark;
use crate::i18n::{I18n, Msg};
use crate::msg;
use qipan_engine::games::GameId;
use qipan_session::puzzles::{Goal, PuzzleRun, PuzzleState};
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
        rating_line(ui, session, game, i18n);
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
        egui::RichText::new(prompt(run, session, i18n))
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
    let state = ui.label(i18n.tr(state_msg(run)));
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
    rating_line(ui, session, game, i18n);
    commands
}

/// "Your puzzle rating: 1520 ± 210 · solved 3, failed 1" (also the Statistics view's).
pub fn rating_line(ui: &mut egui::Ui, session: &Session, game: GameId, i18n: &I18n) {
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

/// What to find: "Dark to move and win in 3" / "Light to move: win 2 pieces".
pub fn prompt(run: &PuzzleRun, session: &Session, i18n: &I18n) -> String {
    let side = i18n.tr(super::board::side_name(session.game(), run.solver()));
    match run.puzzle().goal {
        Goal::Win(moves) => i18n.tr_args(
            msg!("puzzle-prompt-win"),
            &[("side", side.into()), ("moves", moves.into())],
        ),
        // The gain in the game's own words where the theme names it.
        Goal::Gain(pieces) => {
            let id = match run.puzzle().theme.as_str() {
                "push-off" => msg!("puzzle-prompt-push-off"),
                "capture" => msg!("puzzle-prompt-capture"),
                "boxed" => msg!("puzzle-prompt-boxed"),
                _ => msg!("puzzle-prompt-gain"),
            };
            i18n.tr_args(id, &[("side", side.into()), ("pieces", pieces.into())])
        }
    }
}

/// How the try goes, for the view and the status line.
pub fn state_msg(run: &PuzzleRun) -> Msg {
    match (run.state(), run.failed()) {
        (PuzzleState::Solving, false) => msg!("puzzle-your-move"),
        (PuzzleState::Solving, true) => msg!("puzzle-try-again"),
        (PuzzleState::Replying, _) => msg!("puzzle-right"),
        (PuzzleState::Wrong, _) => msg!("puzzle-wrong"),
        (PuzzleState::Solved, false) => msg!("puzzle-solved"),
        (PuzzleState::Solved, true) => msg!("puzzle-solved-after"),
    }
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
