//! The coach on screen: the hint and the mistake alert under the status line, the
//! evaluation bar over the board, and a game's review with its chart. The match controller
//! does the thinking ([`qipan_session::coach`]); this only words and draws it.

use super::command::{AppCommand, Tab};
use super::games::description;
use super::marks::mark;
use super::{theme, widgets};
use crate::a11y::live;
use crate::i18n::{I18n, Msg};
use crate::msg;
use egui::{Color32, RichText};
use qipan_engine::ai::coach::{Label, Loss, Score};
use qipan_engine::games::Side;
use qipan_session::coach::{ReviewView, VerdictView};
use qipan_session::{AnyMatch, AnyMove, Command, Session};

/// Decided games sit at the chart's edge; estimates beyond it are clipped.
const CHART_LIMIT: f64 = 10.0;

fn label_msg(label: Label) -> Msg {
    match label {
        Label::Best => msg!("label-best"),
        Label::Good => msg!("label-good"),
        Label::Inaccuracy => msg!("label-inaccuracy"),
        Label::Mistake => msg!("label-mistake"),
        Label::Blunder => msg!("label-blunder"),
    }
}

fn label_color(label: Label) -> Color32 {
    match label {
        Label::Best => theme::GREEN,
        Label::Good => theme::TEAL,
        Label::Inaccuracy => theme::GOLD,
        Label::Mistake => theme::AMBER,
        Label::Blunder => theme::RED,
    }
}

/// A move of the game on the board in its notation.
fn notation(game: &AnyMatch, mv: AnyMove) -> String {
    game.format_move(mv).unwrap_or_default()
}

/// Pieces with one decimal and a sign: `+1.3`, `-0.4`, `0.0`.
fn pieces(centis: i32) -> String {
    let value = f64::from(centis) / 100.0;
    if value.abs() < 0.05 {
        "0.0".to_owned()
    } else {
        format!("{value:+.1}")
    }
}

/// A score in words, `score` being `side`'s: "Dark +1.3", "Dark wins in 7", "Draw".
fn score_words(game: &AnyMatch, i18n: &I18n, score: Score, side: Side) -> String {
    let name = |s: Side| i18n.tr(description(game).side_name(s));
    match score {
        Score::Estimate(centis) => {
            // Said for the side ahead, so the number is never negative.
            let (ahead, centis) = if centis < 0 {
                (side.opponent(), -centis)
            } else {
                (side, centis)
            };
            i18n.tr_args(
                msg!("eval-ahead"),
                &[
                    ("side", name(ahead).into()),
                    ("pieces", pieces(centis).into()),
                ],
            )
        }
        Score::Win(plies) | Score::Loss(plies) => {
            let winner = if matches!(score, Score::Win(_)) {
                side
            } else {
                side.opponent()
            };
            i18n.tr_args(
                msg!("eval-wins-in"),
                &[("side", name(winner).into()), ("plies", plies.into())],
            )
        }
        Score::Draw => i18n.tr(msg!("eval-draw")),
    }
}

/// Under the status line: the hint (or that it is being worked out) and the alert about
/// a mistake, with Undo.
pub fn coach_notes(ui: &mut egui::Ui, game: &AnyMatch, i18n: &I18n) -> Vec<Command> {
    let mut commands = Vec::new();
    if game.hint_pending() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(i18n.tr(msg!("hint-thinking")));
        });
    } else if let Some((best, score)) = game.hint() {
        let side = game.side_to_move();
        let text = i18n.tr_args(
            msg!("hint-move"),
            &[
                ("move", notation(game, best).into()),
                ("score", score_words(game, i18n, score, side).into()),
            ],
        );
        let said = ui.label(RichText::new(text).color(theme::HINT).strong());
        live(ui, said.id);
    }
    let Some(alert) = game.alert() else {
        return commands;
    };
    let text = alert_text(game, i18n, &alert);
    egui::Frame::new()
        .fill(label_color(alert.label).gamma_multiply(0.18))
        .stroke(egui::Stroke::new(1.5, label_color(alert.label)))
        .corner_radius(6.0)
        .inner_margin(6.0)
        .show(ui, |ui| {
            let said = ui.label(text);
            live(ui, said.id);
            ui.horizontal_wrapped(|ui| {
                let undo = ui.button(i18n.tr(msg!("alert-undo")));
                mark(ui, "action:alert-undo", &undo);
                if undo.clicked() {
                    commands.push(Command::TakeBackMistake);
                }
                let dismiss = ui.button(i18n.tr(msg!("alert-dismiss")));
                mark(ui, "action:alert-dismiss", &dismiss);
                if dismiss.clicked() {
                    commands.push(Command::DismissAlert);
                }
            });
        });
    commands
}

/// "Mistake: c3-d4 gives up 1.2 pieces; b2-c3 was better."
fn alert_text(game: &AnyMatch, i18n: &I18n, alert: &VerdictView) -> String {
    let label = i18n.tr(label_msg(alert.label));
    let (played, best) = (notation(game, alert.played), notation(game, alert.best));
    match alert.loss {
        Loss::Centis(centis) => i18n.tr_args(
            msg!("alert-loss"),
            &[
                ("label", label.into()),
                ("move", played.into()),
                ("pieces", format!("{:.1}", f64::from(centis) / 100.0).into()),
                ("best", best.into()),
            ],
        ),
        Loss::Result => {
            let what = match alert.before {
                Score::Win(_) => msg!("alert-threw-win"),
                Score::Draw => msg!("alert-threw-draw"),
                _ => msg!("alert-into-loss"),
            };
            i18n.tr_args(
                what,
                &[
                    ("label", label.into()),
                    ("move", played.into()),
                    ("best", best.into()),
                ],
            )
        }
    }
}

/// The evaluation bar over the board (full coach): Dark's share of the bar grows as Dark
/// stands better; the words say by how much. Returns the rect left for the board.
pub fn evaluation_bar(
    ui: &mut egui::Ui,
    session: &Session,
    i18n: &I18n,
    rect: egui::Rect,
) -> egui::Rect {
    if !session.coach().full() {
        return rect;
    }
    let game = session.game();
    let height = 22.0;
    let bar = egui::Rect::from_min_size(rect.min, egui::vec2(rect.width(), height));
    let rest = egui::Rect::from_min_max(egui::pos2(rect.min.x, bar.max.y + 4.0), rect.max);
    let evaluation = game.evaluation();
    let (share, words) = match evaluation {
        None => (0.5, i18n.tr(msg!("eval-thinking"))),
        Some(score) => {
            let share = match score {
                Score::Estimate(centis) => {
                    // Two pieces ahead fill three quarters of the bar.
                    let x = f64::from(centis) / 200.0;
                    (0.5 + 0.5 * (x / (1.0 + x.abs()))) as f32
                }
                Score::Win(_) => 1.0,
                Score::Loss(_) => 0.0,
                Score::Draw => 0.5,
            };
            (share, score_words(game, i18n, score, Side::X))
        }
    };
    let painter = ui.painter_at(bar);
    painter.rect_filled(bar, 4.0, theme::LIGHT);
    let dark = egui::Rect::from_min_size(
        bar.min,
        egui::vec2(bar.width() * share.clamp(0.0, 1.0), height),
    );
    painter.rect_filled(dark, 4.0, theme::DARK);
    painter.rect_stroke(
        bar,
        4.0,
        egui::Stroke::new(1.0, theme::LINE),
        egui::StrokeKind::Inside,
    );
    painter.line_segment(
        [bar.center_top(), bar.center_bottom()],
        egui::Stroke::new(1.0, theme::GOLD),
    );
    let text_color = if share >= 0.5 {
        theme::LIGHT
    } else {
        theme::DARK
    };
    let text_at = if share >= 0.5 {
        egui::pos2(bar.min.x + 8.0, bar.center().y)
    } else {
        egui::pos2(bar.max.x - 8.0, bar.center().y)
    };
    let align = if share >= 0.5 {
        egui::Align2::LEFT_CENTER
    } else {
        egui::Align2::RIGHT_CENTER
    };
    painter.text(
        text_at,
        align,
        &words,
        egui::FontId::proportional(13.0),
        text_color,
    );
    let label = i18n.tr_args(msg!("eval-bar"), &[("value", words.as_str().into())]);
    let response = ui.interact(
        bar,
        ui.scope_id().with("evaluation-bar"),
        egui::Sense::hover(),
    );
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Meter, true, &label));
    mark(ui, "coach:evaluation", &response);
    rest
}

/// The review: its progress while it runs; then the label counts, the chart of the
/// evaluation over the game, and a row per ply that shows its position when clicked.
pub fn review_section(ui: &mut egui::Ui, session: &Session, i18n: &I18n) -> Vec<AppCommand> {
    let game = session.game();
    let Some(review) = game.review_view() else {
        ui.label(i18n.tr(msg!("review-none")));
        return widgets::review_button(ui, session, i18n);
    };
    let mut commands = Vec::new();
    if review.running {
        let percent = (review.progress * 100.0).round() as i64;
        ui.label(i18n.tr_args(msg!("review-running"), &[("percent", percent.into())]));
        ui.add(egui::ProgressBar::new(review.progress).show_percentage());
        let stop = ui.button(i18n.tr(msg!("review-stop")));
        mark(ui, "action:review-stop", &stop);
        if stop.clicked() {
            commands.push(Command::StopReview.into());
        }
        return commands;
    }
    ui.horizontal_wrapped(|ui| {
        if review.plies != game.len() {
            let again = ui.button(i18n.tr(msg!("review-again")));
            mark(ui, "action:review-again", &again);
            if again.clicked() {
                commands.push(Command::StartReview.into());
            }
        }
        let close = ui.button(i18n.tr(msg!("review-close")));
        mark(ui, "action:review-close", &close);
        if close.clicked() {
            commands.push(Command::CloseReview.into());
            commands.push(AppCommand::OpenTab(Tab::Moves));
        }
    });
    review_summary(ui, game, i18n, &review);
    let picked = [
        review_chart(ui, game, i18n, &review),
        review_rows(ui, game, i18n, &review),
    ];
    commands.extend(picked.into_iter().flatten().map(AppCommand::from));
    commands
}

fn review_summary(ui: &mut egui::Ui, game: &AnyMatch, i18n: &I18n, review: &ReviewView) {
    egui::Grid::new("review-summary")
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            for side in [Side::X, Side::O] {
                ui.strong(i18n.tr(description(game).side_name(side)));
            }
            ui.end_row();
            for label in Label::ALL {
                ui.colored_label(label_color(label), i18n.tr(label_msg(label)));
                for side in [Side::X, Side::O] {
                    ui.monospace(review.summary[side.index()][label as usize].to_string());
                }
                ui.end_row();
            }
        });
}

fn review_chart(
    ui: &mut egui::Ui,
    game: &AnyMatch,
    i18n: &I18n,
    review: &ReviewView,
) -> Option<Command> {
    use egui_plot::{Line, Plot, PlotPoints, VLine};
    let points: Vec<[f64; 2]> = review
        .values
        .iter()
        .enumerate()
        .map(|(ply, &v)| [ply as f64, v.clamp(-CHART_LIMIT, CHART_LIMIT)])
        .collect();
    let cursor = game.cursor() as f64;
    let dark = i18n.tr(description(game).side_name(Side::X));
    let unit = if description(game).captures {
        msg!("review-chart")
    } else {
        msg!("review-chart-plain")
    };
    let title = i18n.tr_args(unit, &[("side", dark.into())]);
    ui.label(RichText::new(&title).strong());
    let response = Plot::new("review-chart")
        .height(140.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .include_y(-2.0)
        .include_y(2.0)
        .show(ui, |plot| {
            plot.line(Line::new(title.clone(), PlotPoints::from(points)).color(theme::DARK));
            plot.vline(VLine::new("", cursor).color(theme::HINT));
            plot.response().clicked().then(|| plot.pointer_coordinate())
        });
    // A click on the chart shows the position at that ply.
    let at = response.inner.flatten()?;
    let ply = at.x.round().clamp(0.0, review.plies as f64) as usize;
    Some(Command::StepTo(ply))
}

fn review_rows(
    ui: &mut egui::Ui,
    game: &AnyMatch,
    i18n: &I18n,
    review: &ReviewView,
) -> Option<Command> {
    use egui_extras::{Column, TableBuilder};
    let cursor = game.cursor();
    let mut clicked = None;
    let row_height = ui.spacing().interact_size.y;
    // Inside the review's own scrolling column: the table does not scroll by itself.
    TableBuilder::new(ui)
        .id_salt("review-rows")
        .striped(true)
        .vscroll(false)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(Column::auto().at_least(70.0))
        .column(Column::auto().at_least(60.0))
        .column(Column::auto().at_least(36.0))
        .column(Column::remainder())
        .body(|mut body| {
            // Every row drawn (not only those in view): each is a named control.
            for row in review.rows.iter().flatten() {
                body.row(row_height, |mut table_row| {
                    table_row.col(|ui| {
                        let text = format!("{}. {}", row.ply + 1, notation(game, row.played));
                        let response = ui.selectable_label(cursor == row.ply, text);
                        mark(ui, format_args!("review:{}", row.ply + 1), &response);
                        if response.clicked() {
                            clicked = Some(row.ply);
                        }
                    });
                    table_row.col(|ui| {
                        ui.colored_label(label_color(row.label), i18n.tr(label_msg(row.label)));
                    });
                    table_row.col(|ui| {
                        ui.monospace(match row.loss {
                            Loss::Centis(c) if c > 0 => format!("-{:.1}", f64::from(c) / 100.0),
                            Loss::Centis(_) => String::new(),
                            // The result thrown away: a blunder, as board-game players
                            // mark one ("!" is a good move to them).
                            Loss::Result => "??".to_owned(),
                        });
                    });
                    table_row.col(|ui| {
                        if row.best != row.played {
                            ui.label(i18n.tr_args(
                                msg!("review-better"),
                                &[("move", notation(game, row.best).into())],
                            ));
                        }
                    });
                });
            }
        });
    clicked.map(Command::StepTo)
}
