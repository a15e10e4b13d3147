//! The records of playing online (lobby.md's records API): a player's profile (their rating
//! in every game, a chart of each rating over their last games, and those games, each of
//! which opens in the coach's review) and the leaderboard of each game. The answers are the
//! session's ([`qipan_session::lobby`]); a view that finds none asks for it, once.

use super::command::{AppCommand, Tab};
use super::marks::mark;
use super::{theme, widgets, words};
use crate::i18n::{I18n, Msg};
use crate::msg;
use egui_plot::{Legend, Line, Plot, PlotPoints};
use qipan_engine::games::{EndReason, Side, Status, Variant};
use qipan_session::lobby::{rating_change, Fetch, GameRecord, PlayerRecord, Query};
use qipan_session::{ArchiveCommand, Command, CommandError, ModeKind, RecordsCommand, Session};

/// What the records' views keep between frames: whose profile is shown, which game's
/// leaderboard.
#[derive(Default)]
pub struct RecordsView {
    /// Another player's profile (a name picked on the leaderboard); `None`: the player's own.
    pub name: Option<String>,
    /// The leaderboard's game; `None`: the game on the board.
    pub board: Option<Variant>,
}

/// Where an answer stands, said; `None` once it is there. Asks for it when it was never
/// asked for, and offers to ask again when it failed.
fn waiting<T>(
    ui: &mut egui::Ui,
    fetch: Option<&Fetch<T>>,
    query: Query,
    server: &str,
    missing: String,
    i18n: &I18n,
    out: &mut Vec<AppCommand>,
) -> bool {
    let ask = Command::Records(RecordsCommand::Fetch {
        server: server.to_owned(),
        query,
    });
    match fetch {
        None => {
            out.push(ask.into());
            ui.label(i18n.tr(msg!("records-asking")));
        }
        Some(Fetch::Pending) => {
            ui.label(i18n.tr(msg!("records-asking")));
        }
        Some(Fetch::Missing) => {
            ui.label(missing);
        }
        Some(Fetch::Failed(error)) => {
            ui.colored_label(
                theme::RED,
                i18n.tr_args(msg!("records-failed"), &[("error", error.as_str().into())]),
            );
            let retry = ui.button(i18n.tr(msg!("records-retry")));
            mark(ui, "records:retry", &retry);
            if retry.clicked() {
                out.push(ask.into());
            }
        }
        Some(Fetch::Got(_)) => return false,
    }
    true
}

/// A player's profile: the player's own, or the one picked on the leaderboard.
pub fn profile(
    ui: &mut egui::Ui,
    session: &Session,
    view: &mut RecordsView,
    server: &str,
    i18n: &I18n,
) -> Vec<AppCommand> {
    let mut out = Vec::new();
    let own = session.lobby().player().map(|p| p.name.clone());
    if let (Some(_), Some(own)) = (&view.name, &own) {
        let back = ui.button(i18n.tr_args(msg!("profile-mine"), &[("name", own.as_str().into())]));
        mark(ui, "profile:mine", &back);
        if back.clicked() {
            view.name = None;
        }
    }
    let Some(name) = view.name.clone().or(own) else {
        ui.label(i18n.tr(msg!("profile-no-name")));
        let go = ui.button(i18n.tr(msg!("online-heading")));
        mark(ui, "profile:play-online", &go);
        if go.clicked() {
            out.push(AppCommand::OpenTab(Tab::Online));
        }
        return out;
    };
    let heading = ui.heading(name.as_str());
    mark(ui, "profile:name", &heading);
    let fetch = session.lobby().profile(&name);
    let missing = i18n.tr_args(msg!("profile-missing"), &[("name", name.as_str().into())]);
    let query = Query::Player(name.clone());
    if waiting(ui, fetch, query.clone(), server, missing, i18n, &mut out) {
        return out;
    }
    let Some(record) = fetch.and_then(Fetch::got) else {
        return out;
    };
    if record.bot {
        ui.label(i18n.tr(msg!("profile-computer")));
    } else if let Some(button) = challenge_button(ui, session, &record.name, i18n) {
        mark(ui, "profile:challenge", &button);
        if button.clicked() {
            out.push(AppCommand::Challenge(record.name.clone()));
        }
    }
    let refresh = ui.button(i18n.tr(msg!("records-refresh")));
    mark(ui, "profile:refresh", &refresh);
    if refresh.clicked() {
        let server = server.to_owned();
        out.push(Command::Records(RecordsCommand::Fetch { server, query }).into());
    }
    ratings_table(ui, record, i18n);
    chart(ui, record, i18n);
    out.extend(last_games(ui, session, record, i18n));
    out
}

/// The player's rating in every game (with its option), provisional ones marked `?`.
fn ratings_table(ui: &mut egui::Ui, record: &PlayerRecord, i18n: &I18n) {
    ui.label(egui::RichText::new(i18n.tr(msg!("profile-ratings"))).strong());
    egui::Grid::new("profile-ratings")
        .striped(true)
        .num_columns(3)
        .show(ui, |ui| {
            header_row(
                ui,
                i18n,
                &[
                    msg!("records-game"),
                    msg!("records-rating"),
                    msg!("records-games"),
                ],
            );
            for variant in Variant::ALL {
                ui.label(words::variant_name(variant, i18n));
                match record.ratings.get(&variant) {
                    Some(rating) => {
                        ui.monospace(words::game_rating(rating, i18n));
                        ui.monospace(rating.games.to_string());
                    }
                    None => {
                        ui.label(i18n.tr(msg!("lobby-no-rating")));
                        ui.monospace("0");
                    }
                }
                ui.end_row();
            }
        });
    ui.small(i18n.tr(msg!("profile-provisional-note")));
}

/// The seat `name` held in a record, if either.
fn seat_of(record: &GameRecord, name: &str) -> Option<Side> {
    let is = |side| {
        record
            .players
            .get(side)
            .is_some_and(|seat| qipan_session::lobby::same_name(&seat.name, name))
    };
    [Side::X, Side::O].into_iter().find(|&side| is(side))
}

/// Each game's rating over the player's last rated games of it, oldest first: its rating
/// before the first, then after each.
fn chart(ui: &mut egui::Ui, record: &PlayerRecord, i18n: &I18n) {
    let lines: Vec<(Variant, Vec<[f64; 2]>)> = Variant::ALL
        .into_iter()
        .filter_map(|variant| {
            let mut points = Vec::new();
            for game in record.games.iter().rev() {
                let counted = game.rated && game.status.reason() != Some(EndReason::Aborted);
                let seat = seat_of(game, &record.name).and_then(|side| game.players.get(side));
                if let (true, true, Some(seat)) = (counted, game.game == variant, seat) {
                    if points.is_empty() {
                        points.push([0.0, seat.before]);
                    }
                    points.push([points.len() as f64, seat.after]);
                }
            }
            (!points.is_empty()).then_some((variant, points))
        })
        .collect();
    ui.label(egui::RichText::new(i18n.tr(msg!("profile-chart"))).strong());
    if lines.is_empty() {
        ui.small(i18n.tr(msg!("profile-no-rated-games")));
        return;
    }
    let names: Vec<String> = lines
        .iter()
        .map(|(variant, _)| words::variant_name(*variant, i18n))
        .collect();
    let response = Plot::new("profile-chart")
        .height(160.0)
        // Room for four-digit ratings on the axis.
        .y_axis_min_width(40.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .legend(Legend::default())
        .show(ui, |plot| {
            for ((_, points), name) in lines.into_iter().zip(&names) {
                plot.line(Line::new(name.as_str(), PlotPoints::from(points)));
            }
        })
        .response;
    let label = i18n.tr_args(
        msg!("profile-chart-said"),
        &[("games", names.join(", ").into())],
    );
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &label));
}

/// The player's last games, newest first, each a button that opens it in the coach's
/// review: the game, the result, the other player and the rating's change. While the board
/// cannot take a record (a game online that is on, a seek, the editor) they are greyed out,
/// and a line says why.
fn last_games(
    ui: &mut egui::Ui,
    session: &Session,
    record: &PlayerRecord,
    i18n: &I18n,
) -> Vec<AppCommand> {
    let mut out = Vec::new();
    ui.label(egui::RichText::new(i18n.tr(msg!("profile-games"))).strong());
    if record.games.is_empty() {
        ui.small(i18n.tr(msg!("profile-no-games")));
        return out;
    }
    let refusal = session.record_refusal();
    if let Some(error) = &refusal {
        let why = match error {
            CommandError::NotWhile(ModeKind::Online) => i18n.tr(msg!("profile-games-after")),
            error => words::refusal(error, session, i18n),
        };
        ui.small(why);
    }
    for (i, game) in record.games.iter().enumerate() {
        let Some(side) = seat_of(game, &record.name) else {
            continue;
        };
        let line = game_line(game, side, i18n);
        let said = i18n.tr_args(
            msg!("profile-review-game"),
            &[("game", line.as_str().into())],
        );
        let row = widgets::row_button(ui, refusal.is_none(), &line, &said);
        mark(ui, format_args!("profile:game-{i}"), &row);
        if row.clicked() {
            out.push(Command::Archive(ArchiveCommand::Review(Box::new(game.clone()))).into());
            out.push(AppCommand::OpenTab(Tab::Review));
        }
    }
    out
}

/// "Push the Line: won against Bo (+12)": one of a profile's games, for `side`'s player.
fn game_line(game: &GameRecord, side: Side, i18n: &I18n) -> String {
    let variant = words::variant_name(game.game, i18n);
    let other = game.players.get(side.opponent()).map_or_else(
        || i18n.tr(msg!("profile-unknown-player")),
        |seat| words::player_name(&seat.name, seat.bot, i18n),
    );
    let result = i18n.tr(match game.status {
        Status::Win(winner, _) if winner == side => msg!("profile-won"),
        Status::Win(..) => msg!("profile-lost"),
        Status::Draw(EndReason::Aborted) => msg!("profile-aborted"),
        Status::Draw(_) => msg!("profile-drawn"),
        Status::Ongoing => msg!("profile-unfinished"),
    });
    let change = match rating_change(game, side) {
        Some(change) if game.rated => words::rating_change(change, i18n),
        _ => i18n.tr(msg!("lobby-casual")),
    };
    i18n.tr_args(
        msg!("profile-game"),
        &[
            ("game", variant.into()),
            ("result", result.into()),
            ("other", other.into()),
            ("change", change.into()),
        ],
    )
}

/// The best established ratings of a game: its picker, then rank, name (a click opens their
/// profile), rating and games.
pub fn leaderboard(
    ui: &mut egui::Ui,
    session: &Session,
    view: &mut RecordsView,
    server: &str,
    i18n: &I18n,
) -> Vec<AppCommand> {
    let mut out = Vec::new();
    let shown = view.board.unwrap_or(session.game().variant());
    ui.horizontal_wrapped(|ui| {
        for variant in Variant::ALL {
            let name = words::variant_name(variant, i18n);
            let pick = ui.selectable_label(variant == shown, name);
            crate::a11y::tab(&pick);
            mark(ui, format_args!("leaderboard:{variant}"), &pick);
            if pick.clicked() {
                view.board = Some(variant);
            }
        }
    });
    let shown = view.board.unwrap_or(shown);
    ui.separator();
    let fetch = session.lobby().leaderboard(shown);
    let missing = i18n.tr(msg!("leaderboard-missing"));
    let query = Query::Leaderboard(shown);
    if waiting(ui, fetch, query.clone(), server, missing, i18n, &mut out) {
        return out;
    }
    let Some(board) = fetch.and_then(Fetch::got) else {
        return out;
    };
    let refresh = ui.button(i18n.tr(msg!("records-refresh")));
    mark(ui, "leaderboard:refresh", &refresh);
    if refresh.clicked() {
        let server = server.to_owned();
        out.push(Command::Records(RecordsCommand::Fetch { server, query }).into());
    }
    if board.players.is_empty() {
        ui.label(i18n.tr(msg!("leaderboard-empty")));
        return out;
    }
    egui::Grid::new("leaderboard")
        .striped(true)
        .num_columns(5)
        .show(ui, |ui| {
            header_row(
                ui,
                i18n,
                &[
                    msg!("leaderboard-rank"),
                    msg!("leaderboard-name"),
                    msg!("records-rating"),
                    msg!("records-games"),
                ],
            );
            for (rank, entry) in board.players.iter().enumerate() {
                ui.monospace((rank + 1).to_string());
                // The leaderboard does not say who is the computer: its names are the
                // contract's, which no one else can register.
                let name = ui.link(words::player_name(&entry.name, true, i18n));
                mark(ui, format_args!("leaderboard:player-{}", rank + 1), &name);
                if name.clicked() {
                    view.name = Some(entry.name.clone());
                    out.push(AppCommand::OpenTab(Tab::Profile));
                }
                ui.monospace(words::rating(entry.rating, false, i18n));
                ui.monospace(entry.games.to_string());
                if let Some(button) = challenge_button(ui, session, &entry.name, i18n) {
                    mark(
                        ui,
                        format_args!("leaderboard:challenge-{}", rank + 1),
                        &button,
                    );
                    if button.clicked() {
                        out.push(AppCommand::Challenge(entry.name.clone()));
                    }
                }
                ui.end_row();
            }
        });
    out
}

/// "Challenge", named "Challenge Bo" for screen readers: while the player has a key, for
/// anyone but themselves (the leaderboard holds no computer; a profile says so).
fn challenge_button(
    ui: &mut egui::Ui,
    session: &Session,
    name: &str,
    i18n: &I18n,
) -> Option<egui::Response> {
    session.player_link().filter(|link| !link.is_me(name))?;
    let said = i18n.tr_args(msg!("challenge-player"), &[("name", name.into())]);
    Some(widgets::button_said(
        ui,
        &i18n.tr(msg!("challenge-short")),
        &said,
    ))
}

/// A grid's first row: each column's heading, strong.
fn header_row(ui: &mut egui::Ui, i18n: &I18n, headings: &[Msg]) {
    for &heading in headings {
        ui.strong(i18n.tr(heading));
    }
    ui.end_row();
}
