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

/// How long a request may wait for the server's answer before the bar says plainly that
/// none came (the connection is then tried again by itself).
const ANSWER_SECONDS: f64 = 5.0;

/// What the players' bar keeps between frames: the question before resigning, and a draw
/// offer the player turned down.
#[derive(Default)]
pub struct PlayersView {
    /// Resign was pressed: the bar asks before it sends.
    confirming_resign: bool,
    /// The draw offer the player declined: the room and the plies played then. The server
    /// has no word for it: the offer lapses with the player's next move (lobby.md), and
    /// until then the bar neither shows it nor lets a draw offer accept it by mistake.
    declined: Option<(String, usize)>,
}

impl PlayersView {
    /// The bar, while a room's game is on the board.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        i18n: &I18n,
        now: f64,
    ) -> Vec<Command> {
        let mut commands = Vec::new();
        let Some(online) = session.online().filter(|o| o.state().is_some()) else {
            self.confirming_resign = false;
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
            self.confirming_resign = false;
            unanswered(ui, online, i18n, now);
            return commands;
        }
        let other = online
            .friend()
            .map(|side| other_name(session, online, side, i18n));
        let other = other.unwrap_or_default();
        let plies = game.len();
        let room = online.room().unwrap_or_default().to_owned();
        let offered = online.offer().is_some() && online.offer() == online.friend();
        let declined = offered && self.declined == Some((room.clone(), plies));
        if !offered {
            self.declined = None;
        }
        let button = |ui: &mut egui::Ui, enabled: bool, text: String, key: &str| {
            let response = ui.add_enabled(enabled, egui::Button::new(text));
            mark(ui, key, &response);
            response.clicked()
        };
        let mut asked = Vec::new();
        ui.horizontal_wrapped(|ui| {
            let (draw, can_draw) = match online.offer() {
                Some(side) if Some(side) == online.mine() => (msg!("fair-draw-offered"), false),
                Some(_) if declined => (msg!("fair-draw-declined"), false),
                Some(_) => (msg!("fair-draw-accept"), true),
                None => (msg!("fair-draw-offer"), true),
            };
            if button(ui, can_draw, i18n.tr(draw), "online:draw") {
                asked.push(OnlineCommand::Draw);
            }
            if offered && !declined {
                let text = i18n.tr(msg!("fair-draw-decline"));
                if button(ui, true, text, "online:decline") {
                    self.declined = Some((room.clone(), plies));
                }
            }
            if online.can_abort() && button(ui, true, i18n.tr(msg!("fair-abort")), "online:abort") {
                asked.push(OnlineCommand::Abort);
            }
            if online.can_claim() && button(ui, true, i18n.tr(msg!("fair-claim")), "online:claim") {
                asked.push(OnlineCommand::Claim);
            }
            let resign = i18n.tr(msg!("online-resign"));
            if button(ui, !self.confirming_resign, resign, "online:resign") {
                self.confirming_resign = true;
            }
        });
        if self.confirming_resign {
            let question = if online.rated() {
                msg!("fair-resign-rated")
            } else {
                msg!("fair-resign-casual")
            };
            theme::question_frame(ui, |ui| {
                let said = ui.label(i18n.tr(question));
                live(ui, said.id);
                ui.horizontal_wrapped(|ui| {
                    let yes = i18n.tr(msg!("fair-resign-yes"));
                    if button(ui, true, yes, "online:resign-yes") {
                        asked.push(OnlineCommand::Resign);
                        self.confirming_resign = false;
                    }
                    let no = i18n.tr(msg!("fair-resign-no"));
                    if button(ui, true, no, "online:resign-no") {
                        self.confirming_resign = false;
                    }
                });
            });
        }
        // One line under the buttons, always there while the game is on, so that an offer
        // or a claim coming in does not push the board down.
        let mut notes = Vec::new();
        if offered && !declined {
            let args = [("name", other.as_str().into())];
            notes.push(i18n.tr_args(msg!("fair-offered-to-you"), &args));
        }
        if declined {
            notes.push(i18n.tr(msg!("fair-declined-note")));
        }
        if online.can_claim() {
            let args = [("name", other.as_str().into())];
            notes.push(i18n.tr_args(msg!("fair-claim-why"), &args));
        }
        if notes.is_empty() {
            if !unanswered(ui, online, i18n, now) {
                ui.label(" ");
            }
        } else {
            let said = ui.colored_label(theme::PLATFORM, notes.join(" "));
            live(ui, said.id);
            unanswered(ui, online, i18n, now);
        }
        commands.extend(asked.into_iter().map(Command::Online));
        commands
    }
}

/// Says that the player's last request is on its way to the server, or plainly, once it
/// has waited [`ANSWER_SECONDS`], that no answer came; whether there was one to say.
pub fn unanswered(ui: &mut egui::Ui, online: &Online, i18n: &I18n, now: f64) -> bool {
    let Some((_, sent)) = online.unanswered() else {
        return false;
    };
    let waited = now - sent;
    let said = if waited < ANSWER_SECONDS {
        ui.weak(i18n.tr(msg!("online-request-sent")))
    } else {
        let args = [("seconds", (waited.floor() as i64).into())];
        ui.colored_label(
            theme::RED,
            i18n.tr_args(msg!("online-request-unanswered"), &args),
        )
    };
    live(ui, said.id);
    ui.ctx()
        .request_repaint_after(web_time::Duration::from_secs_f64(
            (ANSWER_SECONDS - waited).max(0.5),
        ));
    true
}

/// "Dark: Ann (1500?) · you   Light: Bo (1620) · rated": each seat's player and rating
/// when the game began, or after it once the game's record came; a player's record is
/// asked for once, for their deviation (whether the rating is provisional), and again by
/// the session when the game ends.
fn names(ui: &mut egui::Ui, session: &Session, online: &Online, i18n: &I18n) -> Vec<Command> {
    let mut commands = Vec::new();
    let Some(players) = online.players() else {
        return commands;
    };
    let variant = session.game().variant();
    let description = description(session.game());
    let result = online.result(session.lobby());
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
            let after = result
                .and_then(|record| record.players.get(side))
                .filter(|seat| qipan_session::lobby::same_name(&seat.name, &player.name))
                .map(|seat| seat.after);
            let rating = after.unwrap_or(player.rating);
            let who = words::seated_player(player, rating, known, i18n);
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
            |player| words::player_name(&player.name, player.bot, i18n),
        )
}
