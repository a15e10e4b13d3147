//! Your games (correspondence.md): every game the player has going, as the server last said
//! over the player's link, the ones waiting for the player's move first (the server's
//! order); each with the opponent, the game, whose turn and the time left, and one tap (or
//! Enter) opens it on the board. "Next game where it's my turn" goes from one to the next.
//! Under them the player's own open challenges (cancel) and correspondence seeks
//! (withdraw). Logging in with the key on another device is enough: the `games` frame
//! carries every seat's token. The session decides everything
//! ([`qipan_session::player_link`]); this view reads it and returns commands.

use super::marks::mark;
use super::{theme, widgets, words};
use crate::a11y::live;
use crate::i18n::I18n;
use crate::msg;
use qipan_session::player_link::{LinkStep, PlayerLink};
use qipan_session::{Command, PlayerCommand, Session};

/// The section, while the player has a key; nothing without one.
pub fn show(ui: &mut egui::Ui, session: &Session, i18n: &I18n, now: f64) -> Vec<Command> {
    let mut commands = Vec::new();
    let Some(link) = session.player_link() else {
        return commands;
    };
    let heading = ui.label(egui::RichText::new(i18n.tr(msg!("yours-heading"))).strong());
    mark(ui, "yours:heading", &heading);
    let Some(games) = link.your_games() else {
        ui.label(i18n.tr(match link.step() {
            LinkStep::Connecting | LinkStep::LoggingIn => msg!("yours-connecting"),
            LinkStep::Ready => msg!("yours-asking"),
            LinkStep::Refused => msg!("yours-key-refused"),
        }));
        return commands;
    };
    let on_board = session.online().and_then(|o| o.room());
    if games.games.is_empty() {
        ui.label(i18n.tr(msg!("yours-none")));
    } else {
        let waiting = link.waiting_count();
        let said = if waiting == 0 {
            ui.label(i18n.tr(msg!("yours-none-waiting")))
        } else {
            let count = i64::try_from(waiting).unwrap_or(i64::MAX);
            let line = i18n.tr_args(msg!("yours-waiting"), &[("count", count.into())]);
            ui.label(egui::RichText::new(line).strong())
        };
        live(ui, said.id);
        let next = link.next_turn(on_board).is_some();
        let button = ui.add_enabled(next, egui::Button::new(i18n.tr(msg!("yours-next"))));
        mark(ui, "yours:next", &button);
        if button.clicked() {
            commands.push(Command::Player(PlayerCommand::NextTurn));
        }
        commands.extend(list(ui, link, on_board, i18n, now));
    }
    commands.extend(challenges(ui, link, i18n));
    commands.extend(seeks(ui, link, i18n));
    let refresh = ui.small_button(i18n.tr(msg!("yours-refresh")));
    mark(ui, "yours:refresh", &refresh);
    if refresh.clicked() {
        commands.push(Command::Player(PlayerCommand::Refresh));
    }
    commands
}

/// One button a game: "Bo · Push the Line · your turn · 1 d 4 h left"; the player's turn
/// stands out, the game on the board is marked selected.
fn list(
    ui: &mut egui::Ui,
    link: &PlayerLink,
    on_board: Option<&str>,
    i18n: &I18n,
    now: f64,
) -> Vec<Command> {
    let mut commands = Vec::new();
    for (i, entry) in link.games().iter().enumerate() {
        let turn = i18n.tr(if entry.your_turn {
            msg!("yours-your-turn")
        } else {
            msg!("yours-their-turn")
        });
        let left = words::time_left(link.turn_ms_left(entry, now), i18n);
        let mut line = i18n.tr_args(
            msg!("yours-game"),
            &[
                ("opponent", entry.opponent.as_str().into()),
                ("game", words::variant_name(entry.game, i18n).into()),
                ("turn", turn.into()),
                ("left", left.into()),
            ],
        );
        if entry.days.is_some() {
            line = format!("{line} · {}", words::time_control(entry.days, i18n));
        }
        let here = on_board == Some(entry.room.as_str());
        if here {
            line = format!("{line} · {}", i18n.tr(msg!("yours-on-board")));
        }
        let mut text = egui::RichText::new(line);
        if entry.your_turn {
            text = text.strong().color(theme::PLATFORM);
        }
        let button = ui.add(egui::Button::selectable(here, text).wrap());
        mark(ui, format_args!("yours:game-{i}"), &button);
        if button.clicked() && !here {
            commands.push(Command::Player(PlayerCommand::Open(entry.room.clone())));
        }
    }
    commands
}

/// The player's own open challenges, each with Cancel.
fn challenges(ui: &mut egui::Ui, link: &PlayerLink, i18n: &I18n) -> Vec<Command> {
    let mut commands = Vec::new();
    if link.outgoing().next().is_none() {
        return commands;
    }
    ui.add_space(4.0);
    ui.label(egui::RichText::new(i18n.tr(msg!("yours-challenges"))).strong());
    for challenge in link.outgoing() {
        let name = challenge.to.clone().unwrap_or_default();
        ui.horizontal_wrapped(|ui| {
            ui.label(i18n.tr_args(
                msg!("yours-challenge"),
                &[
                    ("name", name.as_str().into()),
                    ("game", words::variant_name(challenge.game, i18n).into()),
                    ("kind", words::rated_word(challenge.rated, i18n).into()),
                    ("time", words::time_control(challenge.days, i18n).into()),
                ],
            ));
            let said = i18n.tr_args(
                msg!("yours-challenge-cancel-said"),
                &[("name", name.as_str().into())],
            );
            let text = i18n.tr(msg!("yours-challenge-cancel"));
            let cancel = widgets::button_said(ui, &text, &said);
            mark(
                ui,
                format_args!("yours:cancel-{}", challenge.challenge),
                &cancel,
            );
            if cancel.clicked() {
                let id = challenge.challenge.clone();
                commands.push(Command::Player(PlayerCommand::CancelChallenge(id)));
            }
        });
    }
    commands
}

/// The player's own open correspondence seeks, each with Withdraw.
fn seeks(ui: &mut egui::Ui, link: &PlayerLink, i18n: &I18n) -> Vec<Command> {
    let mut commands = Vec::new();
    let Some(games) = link.your_games().filter(|g| !g.seeks.is_empty()) else {
        return commands;
    };
    ui.add_space(4.0);
    ui.label(egui::RichText::new(i18n.tr(msg!("yours-seeks"))).strong());
    for seek in &games.seeks {
        ui.horizontal_wrapped(|ui| {
            let line = i18n.tr_args(
                msg!("yours-seek"),
                &[
                    ("game", words::variant_name(seek.game, i18n).into()),
                    ("kind", words::rated_word(seek.rated, i18n).into()),
                    ("time", words::time_control(Some(seek.days), i18n).into()),
                ],
            );
            ui.label(&line);
            let said = i18n.tr_args(
                msg!("yours-seek-withdraw-said"),
                &[("seek", line.as_str().into())],
            );
            let text = i18n.tr(msg!("yours-seek-withdraw"));
            let withdraw = widgets::button_said(ui, &text, &said);
            mark(ui, format_args!("yours:withdraw-{}", seek.seek), &withdraw);
            if withdraw.clicked() {
                let id = seek.seek.clone();
                commands.push(Command::Player(PlayerCommand::Unseek(id)));
            }
        });
    }
    commands
}
