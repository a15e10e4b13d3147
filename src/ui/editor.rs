//! The board editor on screen: the board of the game being set up, where a tap (or Enter
//! on the keyboard's focus) puts what the palette says, and the panel beside it (or under
//! it on a phone): the palette, the side to move, Maddell's hands, the engine's verdict in
//! words, and Play, Analyse, Copy. Nothing is decided here: the session's editor holds the
//! set-up and the engine's verdict on it; this view reads them and returns commands.

use super::boards::points::paint_backdrop;
use super::boards::{
    draw_coordinates, focus_ring, name_point, point_label, point_widget, step_focus, BoardInput,
    HasBoard, PointFrame, Transform, COORDINATE_BEYOND,
};
use super::games::{self, GameDescription};
use super::marks::mark;
use super::storage;
use super::theme::{self, Look};
use super::words;
use crate::i18n::{I18n, Msg};
use crate::msg;
use egui::{Painter, Pos2, Rect, Stroke};
use qipan_engine::games::setup::{Piece, Setup};
use qipan_engine::games::Side;
use qipan_engine::games::ToGame;
use qipan_session::editor::{Editor, EditorCommand, Fill};
use qipan_session::{Command, Session};

/// What a tap on the editor's board puts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Palette {
    /// Empty, then each of the game's pieces in turn, then empty again.
    #[default]
    Cycle,
    /// Always this piece (`None`: takes the piece away).
    Put(Option<Piece>),
}

/// What the editor's view keeps between frames: the palette, the keyboard's focus and the
/// last text copied.
#[derive(Default)]
pub struct EditorView {
    palette: Palette,
    focus: Option<usize>,
    copied: Option<String>,
}

fn look(piece: Piece) -> Look {
    match piece {
        Piece::X => Look::X,
        Piece::O => Look::O,
        Piece::Shared => Look::Shared,
    }
}

/// What a piece is called in the palette.
fn palette_name(game: &GameDescription, piece: Piece) -> Msg {
    match piece {
        Piece::X => game.sides[0],
        Piece::O => game.sides[1],
        Piece::Shared => msg!("editor-shared"),
    }
}

impl EditorView {
    /// The set-up's board in `rect`; a tap or Enter on a point asks the editor to put
    /// what the palette says there.
    pub fn board(
        &mut self,
        ui: &mut egui::Ui,
        rect: Rect,
        editor: &Editor,
        i18n: &I18n,
        input: BoardInput,
    ) -> Vec<Command> {
        qipan_engine::with_game!(editor.variant().to_game(), g => {
            self.board_of(&g, ui, rect, editor, i18n, input)
        })
    }

    fn board_of<G: Setup + HasBoard>(
        &mut self,
        game: &G,
        ui: &mut egui::Ui,
        rect: Rect,
        editor: &Editor,
        i18n: &I18n,
        input: BoardInput,
    ) -> Vec<Command> {
        let BoardInput { keys, looks } = input;
        let drawing = &G::DRAWING;
        let (min, max) = drawing.bounds();
        let frame = PointFrame::of(looks, drawing);
        let tf = Transform::fit_turned(rect, min, max, frame.margin, looks.turned);
        let painter = ui.painter_at(rect);
        let screen: Vec<Pos2> = drawing.points().map(|p| tf.to_screen(p)).collect();
        let r = tf.len(drawing.piece_radius);
        // The board, a dashed frame round it: this is a set-up, not a game.
        let board_rect = paint_backdrop(&painter, &tf, min, max, frame.wood);
        dashed_frame(&painter, board_rect.expand(tf.len(0.12).max(3.0)));
        game.decorate(&painter, &tf);
        let line = Stroke::new(tf.len(0.035).max(1.5), theme::LINE);
        for &(a, b) in drawing.segments {
            painter.line_segment([screen[a as usize], screen[b as usize]], line);
        }
        for &p in &screen {
            painter.circle_filled(p, tf.len(0.06).max(2.0), theme::LINE);
        }
        if looks.coordinates {
            draw_coordinates(&painter, drawing, &screen, r, tf.len(COORDINATE_BEYOND));
        }
        for (i, &c) in screen.iter().enumerate() {
            if let Some(piece) = editor.piece_at(i) {
                theme::piece(&painter, c, r, look(piece));
            }
        }
        // The board as one image for screen readers; a tap beside the points does nothing.
        let background = ui.interact(
            rect,
            ui.scope_id().with("editor-board"),
            egui::Sense::click(),
        );
        let board_name = i18n.tr(msg!("editor-board-label"));
        background.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &board_name));
        if let Some(dir) = keys.step {
            self.focus = step_focus(&screen, self.focus, dir);
        }
        let mut tapped = keys.press.then_some(self.focus).flatten();
        let mut named = None;
        if let Some(focus) = self.focus.filter(|&f| f < screen.len()) {
            focus_ring(&painter, screen[focus], r * 1.3);
            named = Some(focus);
        }
        let description = G::DESCRIPTION;
        let action = match self.palette {
            Palette::Cycle => msg!("editor-act-cycle"),
            Palette::Put(None) => msg!("editor-act-clear"),
            Palette::Put(Some(_)) => msg!("editor-act-put"),
        };
        for (i, &c) in screen.iter().enumerate() {
            let name = drawing.names.get(i).copied().unwrap_or("?");
            let what = match editor.piece_at(i) {
                Some(piece) => words::piece_name(description, piece),
                None => msg!("point-empty"),
            };
            let label = point_label(i18n, drawing, i, what, Some(action));
            let id = ui.scope_id().with(("editor-point", i));
            let response = point_widget(ui, id, c, (r * 1.1).max(tf.len(0.45)), name, label);
            if response.hovered() {
                named = Some(i);
            }
            if response.clicked() {
                tapped = Some(i);
            }
        }
        if let Some(point) = named {
            name_point(&painter, drawing, point, screen[point], r);
        }
        let Some(point) = tapped else {
            return Vec::new();
        };
        self.focus = Some(point);
        let command = match self.palette {
            Palette::Cycle => EditorCommand::Tap(point),
            Palette::Put(piece) => EditorCommand::Put(point, piece),
        };
        vec![Command::Editor(command)]
    }

    /// The editor's panel: palette, side to move, hands, the verdict, and what to do with
    /// the set-up.
    pub fn panel(&mut self, ui: &mut egui::Ui, session: &Session, i18n: &I18n) -> Vec<Command> {
        let mut out = Vec::new();
        let Some(editor) = session.editor() else {
            return out;
        };
        let description = games::describe(editor.variant().game);
        let shape = editor.shape();
        let board = editor.board();
        let side_name = |side: Side| i18n.tr(description.side_name(side));
        let send = |out: &mut Vec<Command>, command| out.push(Command::Editor(command));

        ui.heading(i18n.tr(msg!("editor-heading")));
        ui.small(i18n.tr(msg!("editor-intro")));
        // The palette: what a tap puts.
        ui.label(i18n.tr(msg!("editor-palette")));
        ui.horizontal_wrapped(|ui| {
            let mut choices = vec![(Palette::Cycle, i18n.tr(msg!("editor-cycle")), "cycle")];
            for &piece in shape.pieces {
                let key = match piece {
                    Piece::X => "x",
                    Piece::O => "o",
                    Piece::Shared => "s",
                };
                choices.push((
                    Palette::Put(Some(piece)),
                    i18n.tr(palette_name(description, piece)),
                    key,
                ));
            }
            choices.push((Palette::Put(None), i18n.tr(msg!("editor-erase")), "erase"));
            for (palette, text, key) in choices {
                let r = ui.selectable_label(self.palette == palette, text);
                mark(ui, format_args!("editor:palette-{key}"), &r);
                if r.clicked() {
                    self.palette = palette;
                }
            }
        });
        // The side to move.
        ui.horizontal_wrapped(|ui| {
            ui.label(i18n.tr(msg!("editor-to-move")));
            for side in [Side::X, Side::O] {
                let text = i18n.tr_args(
                    msg!("editor-side-moves"),
                    &[("side", side_name(side).into())],
                );
                let r = ui.selectable_label(board.to_move == side, text);
                mark(ui, format_args!("editor:to-move-{}", side.letter()), &r);
                if r.clicked() && board.to_move != side {
                    send(&mut out, EditorCommand::ToMove(side));
                }
            }
        });
        // Maddell's hands.
        if shape.hands {
            for side in [Side::X, Side::O] {
                let n = board.hand[side.index()];
                ui.horizontal(|ui| {
                    let args = [("side", side_name(side).into()), ("count", n.into())];
                    ui.label(i18n.tr_args(msg!("editor-hand"), &args));
                    for (more, text, id) in [
                        (false, "−", msg!("editor-hand-fewer")),
                        (true, "+", msg!("editor-hand-more")),
                    ] {
                        let enabled = if more { n < shape.most_in_hand } else { n > 0 };
                        let r = ui.add_enabled(
                            enabled,
                            egui::Button::new(text).min_size(egui::vec2(32.0, 0.0)),
                        );
                        let name = i18n.tr_args(id, &[("side", side_name(side).into())]);
                        r.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::Button, enabled, &name)
                        });
                        mark(
                            ui,
                            format_args!(
                                "editor:hand-{}-{}",
                                side.letter(),
                                if more { "more" } else { "fewer" }
                            ),
                            &r,
                        );
                        if r.clicked() {
                            let next = if more {
                                n.saturating_add(1)
                            } else {
                                n.saturating_sub(1)
                            };
                            send(&mut out, EditorCommand::Hand(side, next));
                        }
                    }
                });
            }
        }
        // Fill the board again.
        ui.horizontal_wrapped(|ui| {
            for (fill, id, key) in [
                (Fill::Empty, msg!("editor-clear"), "editor:clear"),
                (Fill::Start, msg!("editor-start"), "editor:start"),
                (Fill::Current, msg!("editor-current"), "editor:current"),
            ] {
                let r = ui.button(i18n.tr(id));
                mark(ui, key, &r);
                if r.clicked() {
                    send(&mut out, EditorCommand::Fill(fill));
                }
            }
        });
        // The engine's verdict.
        let valid = editor.verdict().is_ok();
        let (fill, text) = match editor.verdict() {
            Ok(_) => (theme::GREEN, i18n.tr(msg!("editor-valid"))),
            Err(error) => (
                theme::RED,
                words::setup_error(error, board.to_move, description, i18n),
            ),
        };
        egui::Frame::new()
            .fill(fill.gamma_multiply(0.18))
            .stroke(Stroke::new(1.0, fill))
            .corner_radius(6.0)
            .inner_margin(6.0)
            .show(ui, |ui| {
                ui.add(egui::Label::new(text).wrap());
            });
        // Play it.
        if editor.confirming() {
            egui::Frame::new()
                .fill(theme::GOLD.gamma_multiply(0.25))
                .corner_radius(6.0)
                .inner_margin(6.0)
                .show(ui, |ui| {
                    ui.label(i18n.tr(msg!("editor-replace")));
                    ui.horizontal_wrapped(|ui| {
                        for (id, key, command) in [
                            (
                                msg!("link-replace-yes"),
                                "editor:replace-yes",
                                EditorCommand::ConfirmPlay,
                            ),
                            (
                                msg!("link-replace-no"),
                                "editor:replace-no",
                                EditorCommand::CancelPlay,
                            ),
                        ] {
                            let r = ui.button(i18n.tr(id));
                            mark(ui, key, &r);
                            if r.clicked() {
                                send(&mut out, command);
                            }
                        }
                    });
                });
        }
        ui.horizontal_wrapped(|ui| {
            let mut button = |ui: &mut egui::Ui, text: String, key: &str, command| {
                let r = ui.add_enabled(valid, egui::Button::new(text));
                mark(ui, key, &r);
                if r.clicked() {
                    send(&mut out, command);
                }
            };
            for side in [Side::X, Side::O] {
                let text =
                    i18n.tr_args(msg!("editor-play-as"), &[("side", side_name(side).into())]);
                let key = format!("editor:play-{}", side.letter());
                button(ui, text, &key, EditorCommand::Play(Some(side)));
            }
            button(
                ui,
                i18n.tr(msg!("editor-two-players")),
                "editor:play-both",
                EditorCommand::Play(None),
            );
            button(
                ui,
                i18n.tr(msg!("editor-analyse")),
                "editor:analyse",
                EditorCommand::Analyse,
            );
        });
        // Copy it.
        let text = editor.verdict().ok().map(str::to_owned);
        let link = editor.link_query().map(|q| storage::link_address(&q));
        ui.horizontal_wrapped(|ui| {
            for (what, id, key) in [
                (&text, msg!("editor-copy-text"), "editor:copy-text"),
                (&link, msg!("action-copy-link"), "editor:copy-link"),
            ] {
                let r = ui.add_enabled(what.is_some(), egui::Button::new(i18n.tr(id)));
                mark(ui, key, &r);
                if let Some(what) = what.as_ref().filter(|_| r.clicked()) {
                    ui.ctx().copy_text(what.clone());
                    self.copied = Some(what.clone());
                }
            }
        });
        if let Some(copied) = &self.copied {
            if text.as_ref() == Some(copied) || link.as_ref() == Some(copied) {
                ui.small(i18n.tr(msg!("editor-copied")));
                ui.add(egui::Label::new(egui::RichText::new(copied).small().monospace()).wrap());
            }
        } else if let Some(text) = &text {
            ui.add(egui::Label::new(egui::RichText::new(text).small().monospace()).wrap());
        }
        ui.add_space(4.0);
        let r = ui.button(i18n.tr(msg!("editor-close")));
        mark(ui, "editor:close", &r);
        if r.clicked() {
            send(&mut out, EditorCommand::Close);
        }
        out
    }
}

/// A dashed frame round the board: the editor's board is not a game's.
fn dashed_frame(painter: &Painter, rect: Rect) {
    let stroke = Stroke::new(2.0, theme::BLUE);
    let corners = [
        rect.left_top(),
        rect.right_top(),
        rect.right_bottom(),
        rect.left_bottom(),
        rect.left_top(),
    ];
    for pair in corners.windows(2) {
        painter.extend(egui::Shape::dashed_line(pair, stroke, 8.0, 6.0));
    }
}
