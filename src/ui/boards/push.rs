//! Push the Line on screen (docs/rules/seeds/000_*.txt, "Playing it on screen"): breathing rings on movable
//! pieces, selection numbers, amber glow on pieces that can shove or be shoved, group
//! building, teal broadside rings, in-line arrows (amber when shoving), push by target, the
//! ↔ and ! markers and the dashed capsule on the run that would be shoved.
//!
//! Everything lit comes from the legal moves and the engine's own [`Push::shove`].

use super::{point_widget, BoardCtx, BoardDrawing, BoardPainter, HasBoard, Painters, Transform};
use crate::ui::theme::{self, Look};
use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Shape, Stroke, Vec2};
use qipan_engine::games::push::{
    shift_dir, Cell, Dir, Move, Position, Push, Shove, CELLS, CELL_NAMES, COORDINATES, DRAW_AT,
    DRAW_ROW_HEIGHT, LINKS,
};
use qipan_engine::games::Side;

/// A piece's radius in board units on the game's board (the editor's, with no markers
/// round them, are [`BoardDrawing::piece_radius`]).
const PIECE_RADIUS: f32 = 0.38;

/// A cell's place in board units (cells one unit apart).
fn cell_pos(cell: Cell) -> Pos2 {
    Push::DRAWING.point(cell as usize)
}

/// The screen-independent direction of a step, in board units.
fn dir_vec(dir: Dir) -> Vec2 {
    let (across, down) = dir.draw_step();
    Vec2::new(across as f32, down as f32) * Push::DRAWING.step
}

fn cells_of(mask: u64) -> impl Iterator<Item = Cell> {
    (0..CELLS as u8).filter(move |&c| mask & (1 << c) != 0)
}

/// One legal move with what the painter needs to know about it.
struct Option_ {
    mv: Move,
    cells: u64,
    dests: u64,
    /// The cells a tap on which makes this move: the cell ahead of an in-line group, or
    /// every destination of a broadside (and of a single piece).
    lit: u64,
    inline_group: bool,
    shove: Option<Shove>,
}

/// What the legal moves of one position say, worked out once per position.
struct Derived {
    pos: Position,
    options: Vec<Option_>,
    movable: u64,
    /// Own pieces that take part in a shove this turn.
    reach: u64,
    /// Opposing pieces some move shoves.
    shovable: u64,
}

impl Derived {
    fn new(game: &Push, pos: &Position, legal: &[Move]) -> Derived {
        let mut options = Vec::with_capacity(legal.len());
        let (mut movable, mut reach, mut shovable) = (0, 0, 0);
        for &mv in legal {
            let Move::Group { len, .. } = mv else {
                continue;
            };
            let cells = mv.cells();
            let dests = mv.destinations();
            let inline_group = len > 1 && mv.is_inline();
            let lit = if inline_group { dests & !cells } else { dests };
            let shove = game.shove(pos, mv);
            movable |= cells;
            if let Some(s) = shove {
                reach |= cells;
                shovable |= s.shoved;
            }
            options.push(Option_ {
                mv,
                cells,
                dests,
                lit,
                inline_group,
                shove,
            });
        }
        Derived {
            pos: *pos,
            options,
            movable,
            reach,
            shovable,
        }
    }
}

/// The Push the Line painter: the group picked so far and the opposing piece aimed at.
#[derive(Default)]
pub struct PushPainter {
    /// Own cells in the order they were picked.
    group: Vec<Cell>,
    /// Push by target: the opposing piece picked; a second tap on it pushes.
    target: Option<Cell>,
    derived: Option<Derived>,
    animating: bool,
    /// The cell the keyboard is on.
    focus: Option<usize>,
}

impl PushPainter {
    fn group_mask(&self) -> u64 {
        self.group.iter().fold(0, |m, &c| m | 1 << c)
    }

    /// The moves of exactly the picked group.
    fn group_options<'a>(&self, derived: &'a Derived) -> impl Iterator<Item = &'a Option_> {
        let mask = self.group_mask();
        derived
            .options
            .iter()
            .filter(move |o| mask != 0 && o.cells == mask)
    }

    fn is_group(derived: &Derived, mask: u64) -> bool {
        derived.options.iter().any(|o| o.cells == mask)
    }

    /// Handles a tap on `cell` at screen point `at`; returns the move to play, if any.
    ///
    /// Where the board takes attempts (a lesson), any straight row of one to three own pieces
    /// can be picked, and a tap next to it that no legal move of it lights moves it that way
    /// as the learner meant it, for the session to judge.
    fn tap(
        &mut self,
        ctx: &BoardCtx<'_, Push>,
        derived: &Derived,
        cell: Cell,
        at: Pos2,
        tf: &Transform,
    ) -> Option<Move> {
        let (game, side, attempts) = (ctx.game, ctx.pos.to_move, ctx.attempts);
        let bit = 1u64 << cell;
        let mine = derived.pos.pieces[side.index()] & bit != 0;
        let theirs = derived.pos.pieces[side.opponent().index()] & bit != 0;
        let mask = self.group_mask();
        let groupable = |mask: u64| {
            Self::is_group(derived, mask) || (attempts && Move::group(mask, Dir::E).is_some())
        };
        if mine {
            self.target = None;
            if mask & bit != 0 {
                self.group.retain(|&c| c != cell);
                if !self.group.is_empty() && !groupable(self.group_mask()) {
                    self.group.clear();
                }
            } else if mask != 0 && groupable(mask | bit) {
                self.group.push(cell);
            } else if derived.movable & bit != 0 || attempts {
                self.group = vec![cell];
            } else {
                self.group.clear();
            }
            return None;
        }
        if theirs {
            // A shove of the picked group that moves this piece: a tap on the piece right
            // ahead of the group, or a second tap on the aimed-at piece, pushes.
            let shoving = self
                .group_options(derived)
                .filter(|o| o.shove.is_some_and(|s| s.shoved & bit != 0))
                .max_by_key(|o| o.cells.count_ones())
                .map(|o| (o.mv, o.lit));
            if let Some((mv, lit)) = shoving {
                if self.target == Some(cell) || lit & bit != 0 {
                    self.clear_selection();
                    return Some(mv);
                }
                self.target = Some(cell);
                return None;
            }
            if let Some(mv) = self.attempted(attempts, cell, at, tf) {
                self.clear_selection();
                return Some(mv);
            }
            // Push by target: the engine picks the group that shoves this piece.
            match game.shover_of(&derived.pos, cell) {
                Some(mv) => {
                    self.group = cells_of(mv.cells()).collect();
                    self.target = Some(cell);
                }
                None => self.clear_selection(),
            }
            return None;
        }
        // An empty cell: a lit destination of the group moves it. Where two moves light the
        // same cell, the one whose destinations lie nearest the tap wins.
        let chosen = self
            .group_options(derived)
            .filter(|o| o.lit & bit != 0)
            .min_by(|a, b| {
                let da = centroid(a.dests, tf).distance(at);
                let db = centroid(b.dests, tf).distance(at);
                da.total_cmp(&db)
            })
            .map(|o| o.mv)
            .or_else(|| self.attempted(attempts, cell, at, tf));
        self.clear_selection();
        chosen
    }

    /// Where the board takes attempts: the picked group stepping toward `cell` (the way
    /// whose landing lies nearest the tap), legal or not.
    fn attempted(&self, attempts: bool, cell: Cell, at: Pos2, tf: &Transform) -> Option<Move> {
        let mask = self.group_mask();
        if !attempts || mask == 0 {
            return None;
        }
        let distance = |dir: Dir| centroid(shift_dir(mask, dir), tf).distance(at);
        Dir::ALL
            .into_iter()
            .filter(|&dir| shift_dir(mask, dir) & (1u64 << cell) != 0)
            .min_by(|&a, &b| distance(a).total_cmp(&distance(b)))
            .and_then(|dir| Move::group(mask, dir))
    }

    pub(super) fn clear_selection(&mut self) {
        self.group.clear();
        self.target = None;
    }
}

fn centroid(mask: u64, tf: &Transform) -> Pos2 {
    let (sum, n) = cells_of(mask).fold((Vec2::ZERO, 0.0_f32), |(s, n), c| {
        (s + tf.to_screen(cell_pos(c)).to_vec2(), n + 1.0)
    });
    (sum / n.max(1.0)).to_pos2()
}

impl BoardPainter<Push> for PushPainter {
    fn clear(&mut self) {
        self.clear_selection();
    }

    fn animating(&self) -> bool {
        self.animating
    }

    fn show(&mut self, ui: &mut egui::Ui, rect: Rect, ctx: &BoardCtx<'_, Push>) -> Option<Move> {
        if self.derived.as_ref().is_none_or(|d| d.pos != *ctx.pos) {
            self.derived = Some(Derived::new(ctx.game, ctx.pos, ctx.legal));
            self.clear_selection();
        }
        let derived = self.derived.take()?;
        let result = self.paint(ui, rect, ctx, &derived);
        self.derived = Some(derived);
        result
    }
}

impl PushPainter {
    /// One frame of the board, in the order it is layered: the board, the last move, the
    /// glow of the pieces in a shove, the pieces, the coach's arrows, the breathing rings,
    /// the picked group, where it can go, what it would shove, then the taps.
    fn paint(
        &mut self,
        ui: &mut egui::Ui,
        rect: Rect,
        ctx: &BoardCtx<'_, Push>,
        derived: &Derived,
    ) -> Option<Move> {
        let on = OnScreen::fit(ui, rect, ctx.looks.turned);
        draw_board(&on.painter, &on.tf, &on.positions, &on.screen, on.r);
        if ctx.looks.coordinates {
            // On the hexagon's own rim, which reaches well past the outer cells.
            let beyond = on.r * 1.65;
            super::draw_coordinates(&on.painter, &Push::DRAWING, &on.screen, on.r, beyond);
        }
        draw_last_move(&on, ctx.last_move);
        let lit = self.lit(ctx.interactive, derived);
        for c in cells_of(lit.amber_theirs | lit.amber_mine) {
            glow(&on.painter, on.screen[c as usize], on.r, theme::AMBER);
        }
        draw_pieces(&on, ctx);
        draw_coach_marks(&on, ctx.marks);
        self.animating = lit.breathe != 0;
        draw_breathing(&on, lit.breathe, ctx.time);
        self.draw_group(&on);
        draw_destinations(&on, &lit.options);
        self.draw_shoves(&on, &lit.options);
        let (cell, at) = self.input(ui, rect, ctx, &on, &lit)?;
        if !ctx.interactive {
            return None;
        }
        self.tap(ctx, derived, cell, at, &on.tf)
    }

    /// What this frame lights up, from the legal moves and the group picked so far.
    fn lit<'d>(&self, interactive: bool, derived: &'d Derived) -> Lit<'d> {
        let mask = self.group_mask();
        if !interactive {
            return Lit {
                mask,
                options: Vec::new(),
                steps: 0,
                amber_theirs: 0,
                amber_mine: 0,
                breathe: 0,
            };
        }
        let options: Vec<&Option_> = self.group_options(derived).collect();
        // Opposing pieces lit amber: every one some move shoves, or, with a group picked,
        // the ones this group shoves.
        let amber_theirs = if mask == 0 {
            derived.shovable
        } else {
            options
                .iter()
                .filter_map(|o| o.shove)
                .fold(0, |m, s| m | s.shoved)
        };
        // Breathing rings: movable pieces while nothing is picked, the pieces that can join
        // the group once something is.
        let breathe = if mask == 0 {
            derived.movable
        } else {
            derived
                .options
                .iter()
                .filter(|o| o.cells & mask == mask && (o.cells & !mask).count_ones() == 1)
                .fold(0, |m, o| m | (o.cells & !mask))
        };
        Lit {
            mask,
            steps: options.iter().fold(0, |m, o| m | o.lit),
            options,
            amber_theirs,
            amber_mine: derived.reach,
            breathe,
        }
    }

    /// The picked group: a ring and its selection number.
    fn draw_group(&self, on: &OnScreen) {
        let (painter, r) = (&on.painter, on.r);
        for (i, &c) in self.group.iter().enumerate() {
            let p = on.screen[c as usize];
            painter.circle_stroke(p, r * 1.12, Stroke::new(r * 0.15, theme::BLUE));
            let badge = p + Vec2::new(r * 0.85, -r * 0.85);
            painter.circle(
                badge,
                r * 0.36,
                theme::BLUE,
                Stroke::new(r * 0.05, Color32::WHITE),
            );
            painter.text(
                badge,
                Align2::CENTER_CENTER,
                (i + 1).to_string(),
                FontId::proportional(r * 0.5),
                Color32::WHITE,
            );
        }
    }

    /// What a shove would do to the other side: ↔ (moved one cell), ! (pushed off), and a
    /// dashed capsule round the run that travels together; and the target picked.
    fn draw_shoves(&self, on: &OnScreen, options: &[&Option_]) {
        let (painter, r) = (&on.painter, on.r);
        for o in options {
            let Some(shove) = o.shove else { continue };
            let aimed = self.target.is_none_or(|t| shove.shoved & (1 << t) != 0);
            if !aimed {
                continue;
            }
            for c in cells_of(shove.shoved) {
                let p = on.screen[c as usize];
                let off = shove.pushed_off == Some(c);
                let color = if off { theme::RED } else { theme::AMBER };
                theme::dashed_ring(painter, p, r * 0.78, Stroke::new(r * 0.12, color), 7);
                badge(
                    painter,
                    p + Vec2::new(-r * 0.8, -r * 0.8),
                    r * 0.38,
                    color,
                    off,
                );
            }
            if shove.shoved.count_ones() >= 2 {
                let pts: Vec<Pos2> = cells_of(shove.shoved)
                    .map(|c| on.screen[c as usize])
                    .collect();
                capsule(painter, &pts, r * 1.25, Stroke::new(r * 0.08, theme::AMBER));
            }
        }
        if let Some(t) = self.target {
            painter.circle_stroke(
                on.screen[t as usize],
                r * 1.2,
                Stroke::new(r * 0.12, theme::AMBER),
            );
        }
    }

    /// Input: the board's background (a tap away from every cell clears the selection),
    /// the keyboard's focus, and a widget per cell named for screen readers. Returns the
    /// cell tapped and where.
    fn input(
        &mut self,
        ui: &mut egui::Ui,
        rect: Rect,
        ctx: &BoardCtx<'_, Push>,
        on: &OnScreen,
        lit: &Lit<'_>,
    ) -> Option<(Cell, Pos2)> {
        let screen = &on.screen;
        let mut named = None;
        let background = super::board_background(ui, rect, ctx);
        if background.clicked() {
            self.clear_selection();
        }
        // The keyboard: arrows move the focus ring, Enter or Space tap, Escape forgets.
        if let Some(dir) = ctx.keys.step {
            self.focus = super::step_focus(screen, self.focus, dir);
        }
        if ctx.keys.escape {
            self.clear_selection();
        }
        let mut clicked = ctx
            .keys
            .press
            .then_some(self.focus)
            .flatten()
            .map(|c| (c as u8, screen[c]));
        if let Some(focus) = self.focus.filter(|&f| f < screen.len()) {
            super::focus_ring(&on.painter, screen[focus], on.r * 1.3);
            let cell = ui.scope_id().with(("cell", focus));
            crate::a11y::ring_on(ui.ctx(), background.id, cell);
            named = Some(focus);
        }
        for (c, &p) in screen.iter().enumerate() {
            let id = ui.scope_id().with(("cell", c));
            let label = cell_label(ctx, lit, c);
            // Cells are one board unit apart: the whole half-unit is the cell's to tap.
            let response = point_widget(ui, id, p, on.tf.len(0.49), CELL_NAMES[c], label);
            if response.hovered() {
                named = Some(c);
            }
            if response.clicked() {
                let at = response.interact_pointer_pos().unwrap_or(p);
                clicked = Some((c as u8, at));
            }
        }
        if let Some(cell) = named {
            super::name_point(&on.painter, &Push::DRAWING, cell, screen[cell], on.r);
        }
        clicked
    }
}

/// Where the board is on screen this frame.
struct OnScreen {
    painter: Painter,
    tf: Transform,
    /// Each cell in board units, and on screen.
    positions: Vec<Pos2>,
    screen: Vec<Pos2>,
    /// A piece's radius on screen.
    r: f32,
}

impl OnScreen {
    fn fit(ui: &egui::Ui, rect: Rect, turned: bool) -> OnScreen {
        let positions: Vec<Pos2> = Push::DRAWING.points().collect();
        let (min, max) = Push::DRAWING.bounds();
        let tf = Transform::fit_turned(rect, min, max, 0.75, turned);
        let screen = positions.iter().map(|&p| tf.to_screen(p)).collect();
        OnScreen {
            painter: ui.painter_at(rect),
            r: tf.len(PIECE_RADIUS),
            tf,
            positions,
            screen,
        }
    }
}

/// What a frame lights up (nothing while the person may not move).
struct Lit<'d> {
    /// The picked group's cells.
    mask: u64,
    /// The moves of exactly the picked group.
    options: Vec<&'d Option_>,
    /// The cells a tap on which makes one of them.
    steps: u64,
    /// Opposing pieces a move shoves, and own pieces that take part in a shove.
    amber_theirs: u64,
    amber_mine: u64,
    /// Pieces that breathe: they can move, or join the group.
    breathe: u64,
}

/// The last move: where the group stood (dashed), where it went (halo).
fn draw_last_move(on: &OnScreen, last_move: Option<Move>) {
    let Some(mv) = last_move else {
        return;
    };
    let (painter, r) = (&on.painter, on.r);
    for c in cells_of(mv.destinations()) {
        theme::halo(painter, on.screen[c as usize], r * 1.3, theme::AMBER);
    }
    for c in cells_of(mv.cells() & !mv.destinations()) {
        theme::dashed_ring(
            painter,
            on.screen[c as usize],
            r * 0.55,
            Stroke::new(r * 0.1, theme::AMBER),
            6,
        );
    }
}

/// The pieces. While a move glides, the group and the run it shoves travel one cell from
/// where they stood, and a piece pushed off slides over the rim and fades.
fn draw_pieces(on: &OnScreen, ctx: &BoardCtx<'_, Push>) {
    let (painter, r) = (&on.painter, on.r);
    let glide = ctx.glide.zip(ctx.last_move).and_then(|((before, t), mv)| {
        let Move::Group { dir, .. } = mv else {
            return None;
        };
        let shove = ctx.game.shove(before, mv);
        let arrived = mv.destinations() | shove.map_or(0, |s| shift_dir(s.shoved, dir));
        let step = on.tf.step_to_screen(dir_vec(dir));
        Some((t, arrived, step, shove.and_then(|s| s.pushed_off), before))
    });
    let look = |side: Side| match side {
        Side::X => Look::X,
        Side::O => Look::O,
    };
    for (c, &p) in on.screen.iter().enumerate() {
        let Some(side) = ctx.pos.piece_at(c as u8) else {
            continue;
        };
        let at = match glide {
            Some((t, arrived, step, _, _)) if arrived & (1 << c) != 0 => p - step * (1.0 - t),
            _ => p,
        };
        theme::piece(painter, at, r, look(side));
    }
    if let Some((t, _, step, Some(off), before)) = glide {
        if let Some(side) = before.piece_at(off) {
            let at = on.screen[off as usize] + step * t;
            theme::piece(&theme::faded(painter, 1.0 - t), at, r, look(side));
        }
    }
}

/// The coach's moves: each moving piece's step as an arrow.
fn draw_coach_marks(on: &OnScreen, marks: &[(Move, super::MoveMark)]) {
    for &(mv, mark) in marks {
        let Move::Group { dir, .. } = mv else {
            continue;
        };
        let step = on.tf.step_to_screen(dir_vec(dir));
        for c in cells_of(mv.cells()) {
            let from = on.screen[c as usize];
            super::draw_move_mark(&on.painter, Some(from), from + step * 0.9, &[], on.r, mark);
        }
    }
}

/// The breathing rings, their size and strength following `time`.
fn draw_breathing(on: &OnScreen, breathe: u64, time: f64) {
    let r = on.r;
    let phase = (time * 2.4).sin() as f32 * 0.5 + 0.5;
    for c in cells_of(breathe) {
        let p = on.screen[c as usize];
        let ring = r * (1.08 + 0.14 * phase);
        on.painter.circle_stroke(
            p,
            ring,
            Stroke::new(r * 0.09, theme::GREEN.gamma_multiply(0.5 + 0.5 * phase)),
        );
    }
}

/// Where the group can go: teal rings for broadsides (and single pieces), arrows for
/// in-line moves, amber when they shove.
fn draw_destinations(on: &OnScreen, options: &[&Option_]) {
    let (painter, r) = (&on.painter, on.r);
    for o in options {
        if o.inline_group {
            let Move::Group { dir, .. } = o.mv else {
                continue;
            };
            let head = cells_of(o.cells)
                .max_by(|&a, &b| {
                    let v = dir_vec(dir);
                    cell_pos(a)
                        .to_vec2()
                        .dot(v)
                        .total_cmp(&cell_pos(b).to_vec2().dot(v))
                })
                .unwrap_or(0);
            let from = on.screen[head as usize] + on.tf.step_to_screen(dir_vec(dir)) * 0.3;
            let to = on.screen[head as usize] + on.tf.step_to_screen(dir_vec(dir)) * 0.95;
            let color = if o.shove.is_some() {
                theme::AMBER
            } else {
                theme::TEAL
            };
            theme::arrow(painter, from, to, r * 0.24, color);
        } else {
            for c in cells_of(o.lit) {
                let p = on.screen[c as usize];
                painter.circle_stroke(p, r * 0.7, Stroke::new(r * 0.16, theme::TEAL));
                painter.circle_filled(p, r * 0.2, theme::TEAL);
            }
        }
    }
}

/// A cell's words for screen readers: its name, what stands there, what a tap does.
fn cell_label(ctx: &BoardCtx<'_, Push>, lit: &Lit<'_>, c: usize) -> String {
    let bit = 1u64 << c;
    let what = match ctx.pos.piece_at(c as u8) {
        Some(Side::X) => crate::msg!("piece-dark"),
        Some(Side::O) => crate::msg!("piece-light"),
        None => crate::msg!("point-empty"),
    };
    let action = if !ctx.interactive {
        None
    } else if lit.mask & bit != 0 {
        Some(crate::msg!("act-selected"))
    } else if lit.steps & bit != 0 {
        Some(crate::msg!("act-step"))
    } else if lit.amber_theirs & bit != 0 {
        Some(crate::msg!("act-push"))
    } else if lit.breathe & bit != 0 {
        Some(crate::msg!("act-select"))
    } else {
        None
    };
    super::point_label(ctx.i18n, &Push::DRAWING, c, what, action)
}

/// The hexagonal board with a hole at every cell.
fn draw_board(painter: &Painter, tf: &Transform, positions: &[Pos2], screen: &[Pos2], r: f32) {
    let centre = positions.iter().fold(Vec2::ZERO, |s, p| s + p.to_vec2()) / positions.len() as f32;
    let centre = centre.to_pos2();
    // The six corners: the cells furthest from the centre in each of six directions.
    let corners: Vec<Pos2> = (0..6)
        .map(|k| {
            let a = std::f32::consts::TAU * k as f32 / 6.0;
            let d = Vec2::angled(a);
            let far = positions
                .iter()
                .max_by(|p, q| (**p - centre).dot(d).total_cmp(&(**q - centre).dot(d)))
                .copied()
                .unwrap_or(centre);
            let v = far - centre;
            tf.to_screen(centre + v * (1.0 + 0.85 / v.length().max(1e-3)))
        })
        .collect();
    painter.add(Shape::convex_polygon(
        corners,
        theme::BOARD_BG,
        Stroke::new(tf.len(0.06), theme::BOARD_EDGE),
    ));
    for &p in screen {
        painter.circle(
            p,
            r * 0.92,
            theme::BOARD_EDGE.gamma_multiply(0.55),
            Stroke::new(r * 0.05, theme::LINE.gamma_multiply(0.5)),
        );
    }
}

/// The marker on a shoved piece: ↔ (moved one cell) or ! (pushed off for good), drawn as
/// shapes so that it reads the same at any size and in any font.
fn badge(painter: &Painter, c: Pos2, s: f32, color: Color32, off: bool) {
    painter.circle(c, s, color, Stroke::new(s * 0.12, Color32::WHITE));
    let stroke = Stroke::new(s * 0.2, Color32::WHITE);
    if off {
        painter.line_segment(
            [c + Vec2::new(0.0, -s * 0.6), c + Vec2::new(0.0, s * 0.15)],
            stroke,
        );
        painter.circle_filled(c + Vec2::new(0.0, s * 0.5), s * 0.13, Color32::WHITE);
    } else {
        let h = s * 0.62;
        painter.line_segment([c - Vec2::new(h, 0.0), c + Vec2::new(h, 0.0)], stroke);
        for sign in [-1.0, 1.0] {
            let tip = c + Vec2::new(sign * h, 0.0);
            let back = Vec2::new(-sign * s * 0.32, 0.0);
            painter.line_segment([tip, tip + back + Vec2::new(0.0, -s * 0.3)], stroke);
            painter.line_segment([tip, tip + back + Vec2::new(0.0, s * 0.3)], stroke);
        }
    }
}

/// A soft glow round a piece.
fn glow(painter: &Painter, c: Pos2, r: f32, color: Color32) {
    for (k, alpha) in [(1.55, 0.18), (1.35, 0.3), (1.18, 0.45)] {
        painter.circle_filled(c, r * k, color.gamma_multiply(alpha));
    }
}

/// A dashed capsule round points on one line.
fn capsule(painter: &Painter, pts: &[Pos2], radius: f32, stroke: Stroke) {
    let (Some(&a), Some(&b)) = (pts.first(), pts.last()) else {
        return;
    };
    let (a, b) = pts.iter().fold((a, b), |(a, b), &p| {
        // The two points furthest apart are the ends.
        if p.distance(b) > a.distance(b) {
            (p, b)
        } else if p.distance(a) > b.distance(a) {
            (a, p)
        } else {
            (a, b)
        }
    });
    let axis = (b - a).normalized();
    let normal = axis.rot90();
    let steps = 12;
    let mut path = Vec::with_capacity(2 * steps + 3);
    for i in 0..=steps {
        let t = std::f32::consts::PI * i as f32 / steps as f32;
        path.push(b + (normal * t.cos() + axis * t.sin()) * radius);
    }
    for i in 0..=steps {
        let t = std::f32::consts::PI * i as f32 / steps as f32;
        path.push(a - (normal * t.cos() + axis * t.sin()) * radius);
    }
    path.push(path[0]);
    painter.extend(Shape::dashed_line(
        &path,
        stroke,
        radius * 0.3,
        radius * 0.22,
    ));
}

impl HasBoard for Push {
    type Painter = PushPainter;
    /// The hexagon's cells one unit apart, rows √3/2 apart, each joined to its neighbours.
    const DRAWING: BoardDrawing = BoardDrawing {
        grid: &DRAW_AT,
        step: Vec2::new(0.5, DRAW_ROW_HEIGHT),
        names: &CELL_NAMES,
        spoken: &[],
        coordinates: &COORDINATES,
        segments: &LINKS,
        piece_radius: 0.4,
    };

    fn painter(painters: &mut Painters) -> &mut PushPainter {
        &mut painters.push
    }
}
