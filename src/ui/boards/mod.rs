//! One painter per game. A painter draws its board, lets the player make a move by pointer,
//! and never decides a rule: everything it lights up comes from the engine's legal moves.
//!
//! The interface a painter implements is [`BoardPainter`]; [`HasBoard`] ties a game to its
//! painter and to its drawing ([`BoardDrawing`]: where the points sit, their names and the
//! lines), which the board editor draws too. Four games share the point-board painter in
//! [`points`]; Push the Line has its own in [`push`].

pub mod blockade;
pub mod cannon;
pub mod maddell;
pub mod points;
pub mod push;
pub mod shuangcheng;

use super::games::Described;
use super::marks::mark;
use super::theme;
use crate::i18n::{I18n, Msg};
use crate::msg;
use egui::{Painter, Pos2, Rect, Vec2};
use qipan_engine::games::{Coordinate, Game};

/// Everything a painter may look at for one frame.
pub struct BoardCtx<'a, G: Game> {
    pub game: &'a G,
    pub pos: &'a G::Position,
    /// The legal moves of `pos`, computed once per position by the controller.
    pub legal: &'a [G::Move],
    /// The move that led to `pos`, to be marked; `None` at the start or after a timer skip.
    pub last_move: Option<G::Move>,
    /// Whether the player at the screen may move now (their turn, game on, computer idle).
    pub interactive: bool,
    pub i18n: &'a I18n,
    /// Seconds since the app started, for animations (pulsing rings).
    pub time: f64,
    /// A move being shown: the position before `last_move` and how far the glide has come
    /// (0 to 1, eased). `None` once it is over, and for undo, redo and a loaded game.
    pub glide: Option<(&'a G::Position, f32)>,
    /// Arrow keys, Enter or Space, Escape, when the board has the keyboard.
    pub keys: BoardKeys,
    /// Moves the coach points at: a hint, or a reviewed ply's move and the better one (or
    /// the lesson's move the learner asked to see).
    pub marks: &'a [(G::Move, MoveMark)],
    /// Taps may also make moves the rules refuse (a lesson, which explains them): the piece
    /// picked and where it goes, as the learner meant them, for the session to judge.
    pub attempts: bool,
    /// How the board is shown: its coordinates, and which way round.
    pub looks: Looks,
}

/// What the board takes from around it each frame: the keys meant for it, and how it is
/// shown.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BoardInput {
    pub keys: BoardKeys,
    pub looks: Looks,
}

/// How the board is shown, apart from what stands on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Looks {
    /// The coordinates (or the points' names) written on the board.
    pub coordinates: bool,
    /// Turned round by half a turn: the second player's side at the bottom.
    pub turned: bool,
}

/// Why the board points at a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveMark {
    /// The coach's move: a hint, or the better move in a review.
    Suggested,
    /// The move that was played (a reviewed ply).
    Played,
}

impl MoveMark {
    pub fn color(self) -> egui::Color32 {
        match self {
            MoveMark::Suggested => theme::HINT,
            MoveMark::Played => theme::PLAYED,
        }
    }
}

/// Says the coach's marked moves to screen readers (and tests), as the board's description:
/// "Hint: bh-c", "Played: l-c. Better: bh-c".
fn describe_marks<G: Game>(ui: &egui::Ui, board: egui::Id, ctx: &BoardCtx<'_, G>) {
    if ctx.marks.is_empty() {
        return;
    }
    let said: Vec<String> = ctx
        .marks
        .iter()
        .map(|&(mv, mark)| {
            let id = match mark {
                MoveMark::Suggested => msg!("board-suggested"),
                MoveMark::Played => msg!("board-played"),
            };
            ctx.i18n
                .tr_args(id, &[("move", ctx.game.format_move(mv).into())])
        })
        .collect();
    let description = said.join(" ");
    ui.ctx().accesskit_node_builder(board, |node| {
        node.set_description(description);
    });
}

/// The board under its points, which are added after it and sit on top: one image for
/// screen readers, described by the coach's marks; a tap on it lands beside every point. It
/// senses drags too, so that a finger sliding on the board never scrolls the page.
pub fn board_background<G: Game>(
    ui: &mut egui::Ui,
    rect: Rect,
    ctx: &BoardCtx<'_, G>,
) -> egui::Response {
    let background = ui.interact(
        rect,
        ui.scope_id().with("board"),
        egui::Sense::click_and_drag(),
    );
    let board_name = ctx.i18n.tr(msg!("board-label"));
    background.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &board_name));
    describe_marks(ui, background.id, ctx);
    background
}

/// Draws a marked move: an arrow for a step (`from` to `to`), a ring where a piece is
/// placed, and crosses on what it takes. `r` is the board's piece radius.
pub fn draw_move_mark(
    painter: &egui::Painter,
    from: Option<Pos2>,
    to: Pos2,
    takes: &[Pos2],
    r: f32,
    mark: MoveMark,
) {
    let color = mark.color();
    match from {
        Some(from) => theme::arrow(painter, from, to, r * 0.22, color.gamma_multiply(0.85)),
        None => {
            painter.circle_stroke(to, r * 1.05, egui::Stroke::new(r * 0.2, color));
        }
    }
    for &at in takes {
        theme::cross(painter, at, r * 0.45, egui::Stroke::new(r * 0.16, color));
    }
}

/// A game's board on screen.
///
/// `show` is called once per frame with the rect to fill (it scales with the window); it
/// returns a move once the player has completed one, which is one of `ctx.legal` unless
/// `ctx.attempts` lets taps try others.
pub trait BoardPainter<G: Game>: Default {
    fn show(&mut self, ui: &mut egui::Ui, rect: Rect, ctx: &BoardCtx<'_, G>) -> Option<G::Move>;

    /// Forgets a half-made selection: called whenever the position changes under it.
    fn clear(&mut self);

    /// Whether the painter wants frames for an animation while the player is to move.
    fn animating(&self) -> bool {
        false
    }
}

/// A game as the app shows it: its painter and its drawing (the words about it are its
/// [`Described`] impl).
pub trait HasBoard: Described {
    type Painter: BoardPainter<Self>;

    /// Where the board's points are drawn, their names and the lines between them.
    const DRAWING: BoardDrawing;

    /// This game's painter among the app's painters.
    fn painter(painters: &mut Painters) -> &mut Self::Painter;

    /// Extra drawing under the pieces (platforms, triangles), on the game's board and the
    /// editor's.
    fn decorate(&self, _painter: &Painter, _tf: &Transform) {}
}

/// The fixed drawing of a board: each point's place on the engine's drawing grid (its
/// `DRAW_AT`), the size of one grid step, the points' names and the lines. One constant per
/// game, read by its painter and by the board editor.
pub struct BoardDrawing {
    /// Each point's (column, row) on the engine's drawing grid.
    pub grid: &'static [(u8, u8)],
    /// One grid step in board units, across and down.
    pub step: Vec2,
    /// The points' names, as the engine spells them in its notation.
    pub names: &'static [&'static str],
    /// What a screen reader says after a point's name where the name alone is a riddle
    /// (Shuang Cheng's `tl` is the top-left corner); empty where the name says it all.
    pub spoken: &'static [Msg],
    /// The engine's coordinates (files and ranks, rows and diagonals), written along the
    /// board's edges; empty for a board whose points each have a name of their own, which is
    /// written beside each point instead.
    pub coordinates: &'static [Coordinate],
    /// The lines, as pairs of points.
    pub segments: &'static [(u8, u8)],
    /// A piece's radius in board units.
    pub piece_radius: f32,
}

impl BoardDrawing {
    /// Point `i` in board units (origin top-left, y down).
    pub fn point(&self, i: usize) -> Pos2 {
        let (x, y) = self.grid[i];
        Pos2::new(f32::from(x) * self.step.x, f32::from(y) * self.step.y)
    }

    /// Every point in board units, in point order.
    pub fn points(&self) -> impl Iterator<Item = Pos2> + '_ {
        (0..self.grid.len()).map(|i| self.point(i))
    }

    /// The corners of the box round every point.
    pub fn bounds(&self) -> (Pos2, Pos2) {
        let mut min = Pos2::new(f32::MAX, f32::MAX);
        let mut max = Pos2::new(f32::MIN, f32::MIN);
        for p in self.points() {
            min = min.min(p);
            max = max.max(p);
        }
        (min, max)
    }
}

/// The painters of the app, one per kind of board; each keeps the selection being made.
#[derive(Default)]
pub struct Painters {
    pub push: push::PushPainter,
    pub points: points::PointPainter,
}

impl Painters {
    /// Forgets every painter's half-made selection (the position changed under it). Every
    /// slot is named, so that a new painter's slot does not compile until it is cleared too.
    pub fn clear(&mut self) {
        let Painters { push, points } = self;
        push.clear_selection();
        points.clear_taps();
    }
}

/// Maps board coordinates (any unit, origin top-left, y down) into a screen rect, keeping
/// the aspect ratio and a margin, so every board scales with the window; a board turned
/// round (the second player's side at the bottom) is the same map rotated by half a turn.
#[derive(Clone, Copy, Debug)]
pub struct Transform {
    pub scale: f32,
    pub offset: Vec2,
    /// 1, or -1 for a board turned round.
    turn: f32,
}

impl Transform {
    /// Fits the board extent `min..max` into `rect` with `margin` board units all round.
    pub fn fit(rect: Rect, min: Pos2, max: Pos2, margin: f32) -> Transform {
        Transform::fit_turned(rect, min, max, margin, false)
    }

    /// [`Transform::fit`], the board turned round by half a turn when `turned`: what was at
    /// the top is at the bottom, and left is right.
    pub fn fit_turned(rect: Rect, min: Pos2, max: Pos2, margin: f32, turned: bool) -> Transform {
        let size = (max - min) + Vec2::splat(2.0 * margin);
        let scale = (rect.width() / size.x)
            .min(rect.height() / size.y)
            .max(1e-3);
        let used = size * scale;
        let origin = rect.center() - used / 2.0;
        // The corner drawn at `origin`: the board's top-left, or its bottom-right turned.
        let (corner, turn) = if turned {
            (max.to_vec2() + Vec2::splat(margin), -1.0)
        } else {
            (min.to_vec2() - Vec2::splat(margin), 1.0)
        };
        Transform {
            scale,
            offset: origin.to_vec2() - corner * scale * turn,
            turn,
        }
    }

    pub fn to_screen(&self, p: Pos2) -> Pos2 {
        (p.to_vec2() * self.scale * self.turn + self.offset).to_pos2()
    }

    /// A step on the board (a direction, a move's arrow) as a step on screen.
    pub fn step_to_screen(&self, v: Vec2) -> Vec2 {
        v * self.scale * self.turn
    }

    /// A board length on screen.
    pub fn len(&self, board_len: f32) -> f32 {
        board_len * self.scale
    }
}

/// The index of the point nearest `at` within `radius` (screen units), if any.
pub fn nearest(points: impl Iterator<Item = Pos2>, at: Pos2, radius: f32) -> Option<usize> {
    points
        .enumerate()
        .map(|(i, p)| (i, p.distance(at)))
        .filter(|&(_, d)| d <= radius)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// Makes a point of the board a clickable widget named for screen readers (and the tests):
/// `label` says the point's name, what stands there and what a tap does, in the current
/// language. Returns the response for hover texts.
pub fn point_widget(
    ui: &mut egui::Ui,
    id: egui::Id,
    at: Pos2,
    r: f32,
    name: &str,
    label: String,
) -> egui::Response {
    let rect = Rect::from_center_size(at, Vec2::splat(2.0 * r));
    let response = ui.interact(rect, id, egui::Sense::click());
    mark(ui, format_args!("point:{name}"), &response);
    response.widget_info(move || egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
    response
}

/// The words for one point: "c3, dark piece, can move", "b2, empty, move here"; a name
/// that is a riddle read out is followed by what it means: "tl, top-left corner, empty".
pub fn point_label(
    i18n: &I18n,
    drawing: &BoardDrawing,
    point: usize,
    what: Msg,
    action: Option<Msg>,
) -> String {
    let name = point_name_spoken(i18n, drawing, point);
    let name = name.as_str();
    let what = i18n.tr(what);
    match action {
        Some(action) => i18n.tr_args(
            msg!("point-label-action"),
            &[
                ("name", name.into()),
                ("what", what.into()),
                ("action", i18n.tr(action).into()),
            ],
        ),
        None => i18n.tr_args(
            msg!("point-label"),
            &[("name", name.into()), ("what", what.into())],
        ),
    }
}

/// A point's name as the notation spells it, and where that is a riddle read out, what it
/// means ("tl, top-left corner").
fn point_name_spoken(i18n: &I18n, drawing: &BoardDrawing, point: usize) -> String {
    let name = drawing.names.get(point).copied().unwrap_or("?");
    match drawing.spoken.get(point) {
        Some(&meaning) => i18n.tr_args(
            msg!("point-name-spoken"),
            &[("name", name.into()), ("meaning", i18n.tr(meaning).into())],
        ),
        None => name.to_owned(),
    }
}

/// How far beyond its last point a point board's coordinate is written, in board units: on
/// the wood between the outer pieces and the frame's edge, which [`PointFrame`] widens for
/// them.
pub const COORDINATE_BEYOND: f32 = 0.58;

/// A point board's wood round its points and the margin round the wood, in board units:
/// wider while the coordinates are written on it (as a real board prints them on its frame).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PointFrame {
    /// How far the wood reaches past the outer points.
    pub wood: f32,
    /// How far the drawing reaches past them (the wood and a little room).
    pub margin: f32,
}

impl PointFrame {
    pub fn of(looks: Looks, drawing: &BoardDrawing) -> PointFrame {
        if looks.coordinates && !drawing.coordinates.is_empty() {
            PointFrame {
                wood: 0.75,
                margin: 0.85,
            }
        } else {
            PointFrame {
                wood: 0.5,
                margin: 0.7,
            }
        }
    }
}

/// Writes the board's coordinates, given each point on screen, the radius of a piece and
/// how far beyond the last point of a line its coordinate goes (screen units): each file
/// and rank (row and diagonal) once, beyond its point nearest the bottom (a line across the
/// screen: its leftmost), so that they stand along the bottom and left edges whichever way
/// round the board is. A board without coordinates has each point's name written beside
/// it, clear of the piece standing on it and of its lines.
pub fn draw_coordinates(
    painter: &Painter,
    drawing: &BoardDrawing,
    screen: &[Pos2],
    r: f32,
    beyond: f32,
) {
    let font = egui::FontId::proportional((r * 0.66).max(10.0));
    let color = theme::LINE.gamma_multiply(0.85);
    if drawing.coordinates.is_empty() {
        for (i, (&at, name)) in screen.iter().zip(drawing.names).enumerate() {
            let beside = at + name_direction(drawing, screen, i) * r * 1.4;
            painter.text(
                beside,
                egui::Align2::CENTER_CENTER,
                *name,
                font.clone(),
                color,
            );
        }
        return;
    }
    for coordinate in drawing.coordinates {
        let points: Vec<Pos2> = (0..screen.len())
            .filter(|&i| coordinate.points & (1 << i) != 0)
            .map(|i| screen[i])
            .collect();
        let Some(at) = coordinate_place(&points, beyond) else {
            continue;
        };
        painter.text(
            at,
            egui::Align2::CENTER_CENTER,
            coordinate.text,
            font.clone(),
            color,
        );
    }
}

/// The side of point `i` its name is written on: of sixteen directions, the one furthest
/// from every line that leaves the point, leaning away from the board's middle (so that a
/// name sits in open wood, not on a line or between two rings).
fn name_direction(drawing: &BoardDrawing, screen: &[Pos2], i: usize) -> Vec2 {
    let n = screen.len().max(1) as f32;
    let middle = (screen.iter().fold(Vec2::ZERO, |s, p| s + p.to_vec2()) / n).to_pos2();
    let outward = (screen[i] - middle).normalized();
    let lines: Vec<Vec2> = drawing
        .segments
        .iter()
        .filter_map(|&(a, b)| match (a as usize, b as usize) {
            (a, b) if a == i => Some(screen[b] - screen[i]),
            (a, b) if b == i => Some(screen[a] - screen[i]),
            _ => None,
        })
        .map(Vec2::normalized)
        .collect();
    (0..16)
        .map(|k| Vec2::angled(std::f32::consts::TAU * k as f32 / 16.0 + 0.1))
        .max_by(|a, b| {
            let score = |d: &Vec2| {
                let clear = lines
                    .iter()
                    .map(|l| 1.0 - l.dot(*d))
                    .fold(2.0_f32, f32::min);
                clear + 0.5 * d.dot(outward)
            };
            score(a).total_cmp(&score(b))
        })
        .unwrap_or(Vec2::splat(std::f32::consts::FRAC_1_SQRT_2))
}

/// Where a coordinate naming the points `line` (on screen, along one straight line) is
/// written: beyond the line's end nearest the bottom of the screen, or its left end for a
/// line that runs more across than down, `beyond` past its last point.
fn coordinate_place(line: &[Pos2], beyond: f32) -> Option<Pos2> {
    let (first, rest) = line.split_first()?;
    let (min, max) = rest
        .iter()
        .fold((*first, *first), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
    let across = max.x - min.x > max.y - min.y;
    let end = line.iter().copied().max_by(|a, b| {
        if across {
            b.x.total_cmp(&a.x)
        } else {
            a.y.total_cmp(&b.y)
        }
    })?;
    let next = line
        .iter()
        .copied()
        .filter(|&p| p != end)
        .min_by(|a, b| a.distance(end).total_cmp(&b.distance(end)))?;
    Some(end + (end - next).normalized() * beyond)
}

/// Names the point under the pointer or the keyboard's ring over the board, where a sighted
/// player sees it (a screen reader hears it in the point's label): a small tag above it.
pub fn name_point(painter: &Painter, drawing: &BoardDrawing, point: usize, at: Pos2, r: f32) {
    let Some(name) = drawing.names.get(point) else {
        return;
    };
    let font = egui::FontId::proportional((r * 0.8).max(12.0));
    let galley = painter.layout_no_wrap((*name).to_owned(), font, egui::Color32::WHITE);
    let size = galley.size() + Vec2::new(10.0, 4.0);
    let rect = Rect::from_center_size(at - Vec2::new(0.0, r * 1.45 + size.y / 2.0), size);
    painter.rect_filled(rect, 4.0, theme::BLUE);
    painter.galley(
        rect.center() - galley.size() / 2.0,
        galley,
        egui::Color32::WHITE,
    );
}

/// The keyboard's say on the board this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BoardKeys {
    /// An arrow key: the direction on screen (y down).
    pub step: Option<Vec2>,
    /// Enter or Space: a tap on the focused point.
    pub press: bool,
    /// Escape: forget the selection.
    pub escape: bool,
}

/// The point the focus moves to from `from` in direction `dir`: the nearest one that lies
/// within 60 degrees of it, preferring points straight ahead (along a drawn line they are).
/// With no focus yet, the point nearest the board's centre.
pub fn step_focus(points: &[Pos2], from: Option<usize>, dir: Vec2) -> Option<usize> {
    let Some(from) = from.filter(|&f| f < points.len()) else {
        let n = points.len().max(1) as f32;
        let centre = (points.iter().fold(Vec2::ZERO, |s, p| s + p.to_vec2()) / n).to_pos2();
        return nearest(points.iter().copied(), centre, f32::INFINITY);
    };
    let origin = points[from];
    let dir = dir.normalized();
    points
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != from)
        .filter_map(|(i, &p)| {
            let offset = p - origin;
            let distance = offset.length();
            let cos = offset.dot(dir) / distance.max(1e-6);
            (cos >= 0.5).then_some((i, distance * (1.0 + 2.0 * (1.0 - cos))))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
        .or(Some(from))
}

/// Draws the keyboard focus ring round a point.
pub fn focus_ring(painter: &egui::Painter, at: Pos2, r: f32) {
    painter.circle_stroke(at, r, egui::Stroke::new((r * 0.12).max(2.0), theme::BLUE));
    painter.circle_stroke(
        at,
        r + (r * 0.12).max(2.0),
        egui::Stroke::new(1.5, egui::Color32::WHITE),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_focus_moves_to_the_nearest_point_in_the_arrows_direction() {
        // A 3x3 grid, one unit apart, row by row.
        let grid: Vec<Pos2> = (0..9)
            .map(|i| Pos2::new((i % 3) as f32, (i / 3) as f32))
            .collect();
        assert_eq!(
            step_focus(&grid, None, Vec2::X),
            Some(4),
            "starts in the middle"
        );
        assert_eq!(step_focus(&grid, Some(4), Vec2::X), Some(5));
        assert_eq!(step_focus(&grid, Some(4), -Vec2::Y), Some(1));
        assert_eq!(step_focus(&grid, Some(4), Vec2::new(1.0, 1.0)), Some(8));
        // At the edge the focus stays.
        assert_eq!(step_focus(&grid, Some(5), Vec2::X), Some(5));
    }
}
