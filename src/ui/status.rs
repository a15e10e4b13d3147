//! The status line (whose turn, the clock, the game's own counts, the latest notice, a
//! refused command) and the game-over banner.

use super::command::AppCommand;
use super::games::{self, description};
use super::marks::mark;
use super::perfect_play::PerfectPlay;
use super::{theme, widgets, words};
use crate::a11y::live;
use crate::i18n::I18n;
use crate::msg;
use qipan_engine::games::{EndReason, Side, Status};
use qipan_session::lobby::{rating_change, Fetch, GameRecord};
use qipan_session::timer;
use qipan_session::{
    AnyMatch, Command, CommandError, Notice, OnlineCommand, PlayerCommand, Session,
};

/// Whose turn it is and the clock (or that the game is over), the game's own line, the
/// solved table's note, the online game's state, the latest notice and the latest refusal.
pub fn status_bar(
    ui: &mut egui::Ui,
    session: &Session,
    i18n: &I18n,
    perfect_play: &PerfectPlay,
    now: f64,
    refusal: Option<&CommandError>,
) {
    let game = session.game();
    ui.horizontal_wrapped(|ui| {
        let side = game.side_to_move();
        let side_name = i18n.tr(description(game).side_name(side));
        let status = game.status();
        let stuck = game.deadlocked();
        if let Some(line) = words::lobby_line(session, i18n) {
            // The local game waits behind a seek: what the server is asked instead.
            ui.strong(line);
        } else if let Some(run) = session.puzzle() {
            // A puzzle has no clock: what to find, and how the try goes.
            ui.strong(words::puzzle_prompt(run, session, i18n));
            ui.separator();
            let said = ui.label(i18n.tr(words::puzzle_state(run)));
            live(ui, said.id);
        } else if let Some(run) = session.lesson() {
            // A lesson has no clock either: which lesson, and how the try goes.
            ui.strong(i18n.tr_data(&run.lesson().title_id()));
            ui.separator();
            let said = ui.label(i18n.tr(words::lesson_state(run)));
            live(ui, said.id);
        } else if status == Status::Ongoing {
            let turn = if stuck {
                i18n.tr(msg!("push-stuck"))
            } else if game.thinking() {
                i18n.tr_args(
                    msg!("turn-computer"),
                    &[("side", side_name.as_str().into())],
                )
            } else if !game.computer_to_move() {
                i18n.tr_args(msg!("turn-you"), &[("side", side_name.as_str().into())])
            } else {
                i18n.tr_args(msg!("turn-side"), &[("side", side_name.as_str().into())])
            };
            ui.strong(turn);
            let days_left = session.online().and_then(|o| o.days_left_ms(now));
            if let Some(ms) = days_left {
                // Days a move: what is left of them, as the server last said (it alone
                // ends a turn), never the minute's bar.
                let said = ui.label(
                    egui::RichText::new(words::time_left(ms, i18n))
                        .strong()
                        .monospace(),
                );
                mark(ui, "status:days-left", &said);
            } else if !stuck && game.timed() {
                let left = game.remaining(now);
                let secs = left.ceil() as i64;
                let color = if left <= 10.0 {
                    theme::RED
                } else {
                    ui.visuals().text_color()
                };
                ui.add(
                    egui::ProgressBar::new((left / timer::TURN_SECONDS) as f32)
                        .desired_width(90.0)
                        .fill(color.gamma_multiply(0.7)),
                );
                ui.label(
                    egui::RichText::new(
                        i18n.tr_args(msg!("timer-seconds"), &[("seconds", secs.into())]),
                    )
                    .color(color)
                    .strong()
                    .monospace(),
                );
            }
        } else {
            let over = ui.strong(i18n.tr(msg!("game-over")));
            live(ui, over.id);
        }
        if let Some(line) = games::status_line(game, i18n) {
            ui.separator();
            ui.label(line);
        }
        perfect_play.label(ui, game, i18n);
        if let Some(line) = words::online_line(session, i18n) {
            ui.separator();
            let said = ui.label(line);
            live(ui, said.id);
        }
        if let Some(notice) = game.notice() {
            ui.separator();
            let said = ui.colored_label(theme::PLATFORM, words::notice(game, i18n, notice));
            live(ui, said.id);
        }
        if let Some(error) = refusal {
            ui.separator();
            refusal_notice(ui, session, i18n, error);
        }
    });
}

/// The line the status bar shows while a position is set up (the game behind it waits),
/// and the latest refusal.
pub fn editing_bar(
    ui: &mut egui::Ui,
    session: &Session,
    i18n: &I18n,
    refusal: Option<&CommandError>,
) {
    let Some(editor) = session.editor() else {
        return;
    };
    let game = games::describe(editor.variant().game);
    let line = i18n.tr_args(
        msg!("editor-status"),
        &[("game", i18n.tr(game.name).into())],
    );
    ui.label(egui::RichText::new(line).strong());
    if let Some(error) = refusal {
        refusal_notice(ui, session, i18n, error);
    }
}

/// Why the last refused command was refused, said aloud as it appears.
fn refusal_notice(ui: &mut egui::Ui, session: &Session, i18n: &I18n, error: &CommandError) {
    let said = ui.colored_label(theme::RED, words::refusal(error, session, i18n));
    live(ui, said.id);
}

/// When the computer failed: try it again, or let the person play both sides.
pub fn engine_failure(ui: &mut egui::Ui, game: &AnyMatch, i18n: &I18n) -> Vec<Command> {
    let mut commands = Vec::new();
    if !matches!(game.notice(), Some(Notice::Engine(_))) {
        return commands;
    }
    ui.horizontal_wrapped(|ui| {
        if ui.button(i18n.tr(msg!("engine-retry"))).clicked() {
            commands.push(Command::RetryComputer);
        }
        if ui.button(i18n.tr(msg!("engine-hot-seat"))).clicked() {
            commands.push(Command::SetPlayers(None));
        }
    });
    commands
}

/// The banner over the board once the game is over: who won and by which rule, online
/// each rating's change and Rematch, and the button that reviews the game (it opens the
/// review's tab).
pub fn game_over_banner(ui: &mut egui::Ui, session: &Session, i18n: &I18n) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    let game = session.game();
    let status = game.status();
    if status == Status::Ongoing {
        return commands;
    }
    let headline = match status.winner() {
        Some(side) => i18n.tr_args(
            msg!("game-over-win"),
            &[("side", i18n.tr(description(game).side_name(side)).into())],
        ),
        None if status.reason() == Some(EndReason::Aborted) => i18n.tr(msg!("game-over-aborted")),
        None => i18n.tr(msg!("game-over-draw")),
    };
    egui::Frame::new()
        .fill(theme::GOLD.gamma_multiply(0.35))
        .stroke(egui::Stroke::new(2.0, theme::GOLD))
        .corner_radius(8.0)
        .inner_margin(10.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.vertical_centered(|ui| {
                // Said aloud as the game ends (with the status line's "game over").
                let said = ui.label(egui::RichText::new(headline).size(20.0).strong());
                live(ui, said.id);
                let said = ui.label(words::session_end_reason(session, i18n));
                live(ui, said.id);
                commands.extend(online_end(ui, session, i18n));
                // A game that ended with no move played has nothing to review.
                if game.review_running().is_none() && session.can_review() {
                    commands.extend(widgets::review_button(ui, session, i18n));
                }
            });
        });
    commands
}

/// The end of a room's game: each rating's change once the server's record has it (a
/// rated game), and Rematch for its players.
fn online_end(ui: &mut egui::Ui, session: &Session, i18n: &I18n) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    let Some(online) = session.online() else {
        return commands;
    };
    if online.rated() && session.game().status().reason() != Some(EndReason::Aborted) {
        let record = online.room().and_then(|room| session.lobby().game(room));
        // Two lines kept for the two changes while the server is asked: the board under the
        // banner stays where it is when they come.
        steady_lines(ui, 2, |ui| match record {
            Some(Fetch::Got(record)) => {
                for side in [Side::X, Side::O] {
                    if let Some(line) = change_line(record, side, i18n) {
                        let said = ui.label(egui::RichText::new(line).strong());
                        live(ui, said.id);
                        mark(ui, format_args!("end:rating-{}", side.letter()), &said);
                    }
                }
            }
            Some(Fetch::Pending) => {
                ui.small(i18n.tr(msg!("end-rating-asking")));
            }
            Some(Fetch::Missing | Fetch::Failed(_)) => {
                ui.small(i18n.tr(msg!("end-rating-unknown")));
            }
            None => {}
        });
    }
    if let Some(mine) = online.mine() {
        // Asked: said so until the other player asks too and the new game starts. Asked by
        // the other player: Accept (asking too) or Decline, and the asker hears the answer.
        let asked = online.rematch_asked();
        let offered = online.rematch_offered();
        let player = online
            .players()
            .and_then(|players| players.get(mine.opponent()))
            .map(|player| words::player_name(&player.name, player.bot, i18n));
        // Where the name starts a sentence, a friend's room (no names) says it so.
        let other = player
            .clone()
            .unwrap_or_else(|| i18n.tr(msg!("online-the-other-player")));
        let other_first = player.unwrap_or_else(|| i18n.tr(msg!("online-the-other-player-start")));
        let said = if asked {
            Some(i18n.tr_args(msg!("online-rematch-waiting"), &[("name", other.into())]))
        } else if offered {
            Some(i18n.tr_args(
                msg!("online-rematch-offered"),
                &[("name", other_first.into())],
            ))
        } else if online.rematch_declined() {
            Some(i18n.tr_args(
                msg!("online-rematch-declined"),
                &[("name", other_first.into())],
            ))
        } else {
            None
        };
        // One line kept for what is said of a rematch, asked or not: the board under the
        // banner does not move when the other player asks (issue 43: a layout that jumps).
        steady_lines(ui, 1, |ui| {
            if let Some(said) = said {
                let said = ui.label(egui::RichText::new(said).strong());
                live(ui, said.id);
                mark(ui, "online:rematch-said", &said);
            }
        });
        centered_row(ui, |ui| {
            let text = match (asked, offered) {
                (true, _) => msg!("online-rematch-asked"),
                (false, true) => msg!("online-rematch-accept"),
                (false, false) => msg!("online-rematch"),
            };
            let again = ui.add_enabled(!asked, egui::Button::new(i18n.tr(text)));
            mark(ui, "online:rematch", &again);
            if again.clicked() {
                commands.push(Command::Online(OnlineCommand::Rematch).into());
            }
            if offered {
                let no = ui.button(i18n.tr(msg!("online-rematch-decline")));
                mark(ui, "online:rematch-decline", &no);
                if no.clicked() {
                    commands.push(Command::Online(OnlineCommand::DeclineRematch).into());
                }
            }
            // Someone new (not the computer) may be challenged again later, by name,
            // with the game's own time.
            let opponent = online.players().and_then(|p| p.get(mine.opponent()));
            let person = opponent.filter(|p| !p.bot);
            if let (Some(opponent), Some(_)) = (person, session.player_link()) {
                let challenge = ui.button(i18n.tr(msg!("challenge-again")));
                mark(ui, "online:challenge-again", &challenge);
                if challenge.clicked() {
                    let command = PlayerCommand::Challenge {
                        to: opponent.name.clone(),
                        game: session.game().variant(),
                        rated: online.rated(),
                        days: online.days(),
                    };
                    commands.push(Command::Player(command).into());
                }
            }
        });
    }
    commands
}

/// A row of buttons centred under the banner's centred lines. Its width is known only once
/// it is laid out, so it is placed by the width it took in the last frame; a frame whose row
/// came out another width is drawn again at once (`request_discard`), never seen off centre.
fn centered_row(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    let id = ui.scope_id().with("centered-row");
    let known: Option<f32> = ui.data(|data| data.get_temp(id));
    let free = ui.available_rect_before_wrap();
    let indent = known.map_or(0.0, |width| ((free.width() - width) / 2.0).max(0.0));
    // One line's height, as `horizontal_wrapped` starts: a taller place would centre the
    // buttons in all of it.
    let size = egui::vec2(free.width() - indent, ui.spacing().interact_size.y);
    let place = egui::Rect::from_min_size(free.min + egui::vec2(indent, 0.0), size);
    let layout = egui::Layout::left_to_right(egui::Align::Center).with_main_wrap(true);
    let row = ui.scope_builder(egui::UiBuilder::new().max_rect(place).layout(layout), add);
    let width = row.response.rect.width();
    if known.is_none_or(|known| (known - width).abs() > 0.5) {
        ui.data_mut(|data| data.insert_temp(id, width));
        ui.ctx().request_discard("a centred row measured");
    }
}

/// Draws `add`, padded to at least `lines` lines of text ([`widgets::padded_to`]).
fn steady_lines(ui: &mut egui::Ui, lines: usize, add: impl FnOnce(&mut egui::Ui)) {
    let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    widgets::padded_to(ui, line * lines as f32, add);
}

/// "Ann: 1500 → 1488 (−12)" for `side`'s seat of the record, if it was paired.
fn change_line(record: &GameRecord, side: Side, i18n: &I18n) -> Option<String> {
    let seat = record.players.get(side)?;
    let change = rating_change(record, side)?;
    Some(i18n.tr_args(
        msg!("end-rating"),
        &[
            (
                "name",
                words::player_name(&seat.name, seat.bot, i18n).into(),
            ),
            ("before", (seat.before.round() as i64).into()),
            ("after", (seat.after.round() as i64).into()),
            ("change", words::rating_change(change, i18n).into()),
        ],
    ))
}
