//! The players of an online game, over the board: both names and ratings (a provisional one
//! marked `?`), and the game's own actions while it is on: offer or accept a draw, abort
//! while it is allowed, claim the win once it is (saying why), resign. Everything here is
//! a button a keyboard reaches and a screen reader names; the offer and the claim are said
//! aloud as they come.

use super::games::description;
use super::marks::mark;
use super::{theme, words};
use crate::a11y::live;
use crate::i18n::I18n;
use crate::msg;
use qipan_engine::games::Side;
use qipan_session::lobby::{Fetch, Query};
use qipan_session::online::Online;
use qipan_session::{Command, OnlineCommand, RecordsCommand, Session};

/// The bar, while a room's game is on the board.
pub fn players_bar(ui: &mut egui::Ui, session: &Session, i18n: &I18n) -> Vec<Command> {
    let mut commands = Vec::new();
    let Some(online) = session.online().filter(|o| o.state().is_some()) else {
        return commands;
    };
    if online.is_paired() {
        commands.extend(names(ui, session, online, i18n));
    }
    if let Some(days) = online.days() {
        let time = words::time_control(Some(days), i18n);
        ui.small(i18n.tr_args(msg!("corr-note"), &[("time", time.into())]));
    }
    let game = session.game();
    if online.mine().is_none() || game.status().is_over() {
        return commands;
    }
    let other = online
        .friend()
        .map(|side| other_name(session, online, side, i18n));
    let other = other.unwrap_or_default();
    if online.offer().is_some() && online.offer() == online.friend() {
        let said = ui.colored_label(
            theme::PLATFORM,
            i18n.tr_args(
                msg!("fair-offered-to-you"),
                &[("name", other.as_str().into())],
            ),
        );
        live(ui, said.id);
    }
    if online.can_claim() {
        let said = ui.colored_label(
            theme::PLATFORM,
            i18n.tr_args(msg!("fair-claim-why"), &[("name", other.as_str().into())]),
        );
        live(ui, said.id);
    }
    let mut button = |ui: &mut egui::Ui, enabled: bool, text: String, key: &str, command| {
        let response = ui.add_enabled(enabled, egui::Button::new(text));
        mark(ui, key, &response);
        if response.clicked() {
            commands.push(Command::Online(command));
        }
    };
    ui.horizontal_wrapped(|ui| {
        let (draw, can_draw) = match online.offer() {
            Some(side) if Some(side) == online.mine() => (msg!("fair-draw-offered"), false),
            Some(_) => (msg!("fair-draw-accept"), true),
            None => (msg!("fair-draw-offer"), true),
        };
        button(
            ui,
            can_draw,
            i18n.tr(draw),
            "online:draw",
            OnlineCommand::Draw,
        );
        if online.can_abort() {
            let text = i18n.tr(msg!("fair-abort"));
            button(ui, true, text, "online:abort", OnlineCommand::Abort);
        }
        if online.can_claim() {
            let text = i18n.tr(msg!("fair-claim"));
            button(ui, true, text, "online:claim", OnlineCommand::Claim);
        }
        let text = i18n.tr(msg!("online-resign"));
        button(ui, true, text, "online:resign", OnlineCommand::Resign);
    });
    commands
}

/// "Dark: Ann (1500?) · you   Light: Bo (1620) · rated": each seat's player and rating
/// when the game began; a player's record is asked for once, for their deviation (whether
/// the rating is provisional).
fn names(ui: &mut egui::Ui, session: &Session, online: &Online, i18n: &I18n) -> Vec<Command> {
    let mut commands = Vec::new();
    let Some(players) = online.players() else {
        return commands;
    };
    let variant = session.game().variant();
    let description = description(session.game());
    ui.horizontal_wrapped(|ui| {
        for side in [Side::X, Side::O] {
            let Some(player) = players.get(side) else {
                continue;
            };
            let profile = session.lobby().profile(&player.name);
            if profile.is_none() {
                let query = Query::Player(player.name.clone());
                let server = online.server().to_owned();
                commands.push(Command::Records(RecordsCommand::Fetch { server, query }));
            }
            let known = profile
                .and_then(Fetch::got)
                .and_then(|record| record.ratings.get(&variant));
            let who = words::seated_player(player, known, i18n);
            let side_name = i18n.tr(description.side_name(side));
            let id = if online.mine() == Some(side) {
                msg!("players-seat-you")
            } else {
                msg!("players-seat")
            };
            let text = i18n.tr_args(id, &[("side", side_name.into()), ("player", who.into())]);
            let label = ui.label(egui::RichText::new(text).strong());
            mark(ui, format_args!("players:{}", side.letter()), &label);
            ui.separator();
        }
        // Whole on the next row when this one is full: a wrapping label split "计分" in two.
        let mut kind = words::rated_word(online.rated(), i18n);
        if let Some(days) = online.days() {
            kind = format!("{kind} · {}", words::time_control(Some(days), i18n));
        }
        ui.add(egui::Label::new(kind).extend());
    });
    commands
}

/// The other player's name (their side's name in a friend's room).
fn other_name(session: &Session, online: &Online, side: Side, i18n: &I18n) -> String {
    online
        .players()
        .and_then(|players| players.get(side))
        .map_or_else(
            || i18n.tr(description(session.game()).side_name(side)),
            |player| player.name.clone(),
        )
}
