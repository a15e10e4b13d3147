//! Challenges to a named player (correspondence.md): the challenges made to the player,
//! shown over everything wherever they are in the app with Accept and Decline, beside what
//! the player's link last has to say (a challenge sent or declined, a seek open, a game
//! started elsewhere); and the form that challenges someone by name, live or with days a
//! move, for the game on the board. The profile, the leaderboard and a finished game ask for
//! the form with a name filled in ([`super::command::AppCommand::Challenge`]).

use super::marks::mark;
use super::{theme, widgets, words};
use crate::a11y::live;
use crate::i18n::{I18n, Msg};
use crate::msg;
use qipan_session::lobby::Days;
use qipan_session::player_link::LinkNotice;
use qipan_session::{Command, PlayerCommand, Session};

/// What the form keeps between frames: the name typed, rated or casual, the time.
pub struct ChallengeView {
    pub to: String,
    pub rated: bool,
    /// `None`: live.
    pub days: Option<Days>,
}

impl Default for ChallengeView {
    fn default() -> Self {
        ChallengeView {
            to: String::new(),
            rated: true,
            days: None,
        }
    }
}

/// An answer to a challenge: its button's words, its name for screen readers, its mark,
/// and the command it sends.
type Answer = (Msg, Msg, &'static str, fn(String) -> PlayerCommand);

/// The challenges made to the player, and the link's last word: over the board, in every
/// mode and layout. Said aloud as they come.
pub fn banner(ui: &mut egui::Ui, session: &Session, i18n: &I18n) -> Vec<Command> {
    let mut commands = Vec::new();
    let Some(link) = session.player_link() else {
        return commands;
    };
    for challenge in link.incoming() {
        let name = challenge.from.as_str();
        ui.horizontal_wrapped(|ui| {
            let line = i18n.tr_args(
                msg!("challenge-incoming"),
                &[
                    ("name", name.into()),
                    (
                        "rating",
                        words::rating(challenge.rating, false, i18n).into(),
                    ),
                    ("game", words::variant_name(challenge.game, i18n).into()),
                    ("kind", words::rated_word(challenge.rated, i18n).into()),
                    ("time", words::time_control(challenge.days, i18n).into()),
                ],
            );
            let said = ui.label(egui::RichText::new(line).strong().color(theme::PLATFORM));
            live(ui, said.id);
            let id = &challenge.challenge;
            let answers: [Answer; 2] = [
                (
                    msg!("challenge-accept"),
                    msg!("challenge-accept-said"),
                    "accept",
                    PlayerCommand::AcceptChallenge,
                ),
                (
                    msg!("challenge-decline"),
                    msg!("challenge-decline-said"),
                    "decline",
                    PlayerCommand::Decline,
                ),
            ];
            for (text, said, key, answer) in answers {
                let label = i18n.tr_args(said, &[("name", name.into())]);
                let button = widgets::button_said(ui, &i18n.tr(text), &label);
                mark(ui, format_args!("challenge:{key}-{id}"), &button);
                if button.clicked() {
                    commands.push(Command::Player(answer(id.clone())));
                }
            }
        });
    }
    if let Some(notice) = link.notice() {
        ui.horizontal_wrapped(|ui| {
            let color = match notice {
                LinkNotice::Refused(_) => theme::RED,
                _ => theme::PLATFORM,
            };
            let said = ui.colored_label(color, words::link_notice(notice, i18n));
            live(ui, said.id);
            mark(ui, "link:notice", &said);
            if let LinkNotice::NewGame { room } = notice {
                let open = ui.button(i18n.tr(msg!("link-open")));
                mark(ui, "link:open", &open);
                if open.clicked() {
                    commands.push(Command::Player(PlayerCommand::Open(room.clone())));
                    commands.push(Command::Player(PlayerCommand::DismissNotice));
                }
            }
            let ok = ui.small_button(i18n.tr(msg!("link-dismiss")));
            mark(ui, "link:dismiss", &ok);
            if ok.clicked() {
                commands.push(Command::Player(PlayerCommand::DismissNotice));
            }
        });
    }
    commands
}

/// Challenge a player by name: the name, rated or casual, live or days a move, for the
/// game on the board (under the layout's "Challenge a player").
pub fn form(
    ui: &mut egui::Ui,
    session: &Session,
    view: &mut ChallengeView,
    i18n: &I18n,
) -> Vec<Command> {
    let mut commands = Vec::new();
    if session.player_link().is_none() {
        return commands;
    }
    let variant = session.game().variant();
    let mut send = false;
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(i18n.tr(msg!("challenge-name")));
        let field = ui
            .add(egui::TextEdit::singleline(&mut view.to).desired_width(150.0))
            .labelled_by(label.id);
        mark(ui, "challenge:name", &field);
        send = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    });
    widgets::time_choice(
        ui,
        &mut view.days,
        "challenge",
        msg!("challenge-time"),
        i18n,
    );
    let rated = ui.checkbox(&mut view.rated, i18n.tr(msg!("challenge-rated")));
    mark(ui, "challenge:rated", &rated);
    let typed = !view.to.trim().is_empty();
    let button = ui.add_enabled(typed, egui::Button::new(i18n.tr(msg!("challenge-send"))));
    mark(ui, "challenge:send", &button);
    if (button.clicked() || send) && typed {
        commands.push(Command::Player(PlayerCommand::Challenge {
            to: view.to.trim().to_owned(),
            game: variant,
            rated: view.rated,
            days: view.days,
        }));
    }
    let game = words::variant_name(variant, i18n);
    ui.small(i18n.tr_args(msg!("challenge-note"), &[("game", game.into())]));
    commands
}
