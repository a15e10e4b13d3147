//! The Statistics view: the player's record in the game on the board. Games against each
//! level (a table), puzzles solved and failed, both ratings over time (a chart), and the
//! level to try next. It reads the session's [`qipan_session::progress::Progress`].

use super::marks::mark;
use super::theme;
use super::widgets::puzzle_rating;
use super::words::level_msg;
use crate::i18n::I18n;
use crate::msg;
use egui_extras::{Column, TableBuilder};
use qipan_engine::ai::Level;
use qipan_session::progress::{level_rating, RatingKind};
use qipan_session::{Command, Session};

/// The view; its only command is trying the suggested level.
pub fn show(ui: &mut egui::Ui, session: &Session, i18n: &I18n) -> Vec<Command> {
    let mut commands = Vec::new();
    let game = match session.puzzle() {
        Some(run) => run.puzzle().game,
        None => session.game().variant().game,
    };
    let record = session.progress().game(game);
    let rating = ui.label(i18n.tr_args(
        msg!("stats-computer-rating"),
        &[
            ("rating", (record.computer.rating.round() as i64).into()),
            (
                "deviation",
                (record.computer.deviation.round() as i64).into(),
            ),
        ],
    ));
    mark(ui, "stats:computer-rating", &rating);
    if let Some(level) = session.progress().suggested_level(game) {
        ui.horizontal_wrapped(|ui| {
            let name = i18n.tr(level_msg(level));
            ui.label(i18n.tr_args(msg!("stats-suggested"), &[("level", name.into())]));
            if level != session.level() {
                let try_it = ui.button(i18n.tr(msg!("stats-try-level")));
                mark(ui, "stats:try-level", &try_it);
                if try_it.clicked() {
                    commands.push(Command::SetLevel(level));
                }
            }
        });
    }

    ui.push_id("stats-levels", |ui| {
        TableBuilder::new(ui)
            .striped(true)
            .resizable(false)
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
            .column(Column::auto().at_least(70.0))
            .columns(Column::auto().at_least(44.0), 5)
            .header(20.0, |mut header| {
                for id in [
                    msg!("stats-level"),
                    msg!("stats-level-rating"),
                    msg!("stats-games"),
                    msg!("stats-wins"),
                    msg!("stats-draws"),
                    msg!("stats-losses"),
                ] {
                    header.col(|ui| {
                        ui.strong(i18n.tr(id));
                    });
                }
            })
            .body(|mut body| {
                for (level, tally) in Level::ALL.into_iter().zip(record.levels) {
                    body.row(20.0, |mut row| {
                        row.col(|ui| {
                            ui.label(i18n.tr(level_msg(level)));
                        });
                        row.col(|ui| {
                            ui.monospace(format!("{:.0}", level_rating(game, level)));
                        });
                        for n in [tally.games(), tally.wins, tally.draws, tally.losses] {
                            row.col(|ui| {
                                ui.monospace(n.to_string());
                            });
                        }
                    });
                }
            });
    });

    puzzle_rating(ui, session, game, i18n);
    chart(ui, session, game, i18n);
    commands
}

/// Both ratings of the game after each result, oldest first.
fn chart(ui: &mut egui::Ui, session: &Session, game: qipan_engine::games::GameId, i18n: &I18n) {
    use egui_plot::{Legend, Line, Plot, PlotPoints};
    let line_of = |kind: RatingKind| -> Vec<[f64; 2]> {
        let mut points = vec![[0.0, 1500.0]];
        points.extend(
            session
                .progress()
                .history()
                .iter()
                .filter(|p| p.game == game && p.kind == kind)
                .enumerate()
                .map(|(i, p)| [(i + 1) as f64, p.rating]),
        );
        points
    };
    let computer = line_of(RatingKind::Computer);
    let puzzles = line_of(RatingKind::Puzzles);
    if computer.len() + puzzles.len() <= 2 {
        ui.small(i18n.tr(msg!("stats-no-history")));
        return;
    }
    ui.label(egui::RichText::new(i18n.tr(msg!("stats-chart"))).strong());
    Plot::new("rating-chart")
        .height(140.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .legend(Legend::default())
        .show(ui, |plot| {
            plot.line(
                Line::new(
                    i18n.tr(msg!("stats-chart-computer")),
                    PlotPoints::from(computer),
                )
                .color(theme::DARK),
            );
            plot.line(
                Line::new(
                    i18n.tr(msg!("stats-chart-puzzles")),
                    PlotPoints::from(puzzles),
                )
                .color(theme::HINT),
            );
        });
}
