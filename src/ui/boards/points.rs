//! The painter shared by the four games whose moves are taps on points (Shuang Cheng,
//! Maddell, Blockade, Earthen Cannon).
//!
//! A game says how its move is entered as a short sequence of taps ([`PointGame::taps`]:
//! a from-point and a to-point, a placement, then maybe a piece to take). The painter keeps
//! the taps made so far and lights up, from the legal moves alone, the points that can come
//! next: no rule is decided here.

use super::{point_widget, BoardCtx, BoardDrawing, BoardPainter, HasBoard, Looks, Transform};
use crate::i18n::Msg;
use crate::ui::theme::{self, Look};
use egui::{Color32, Painter, Pos2, Rect, Stroke, Vec2};

/// How a point that can be tapped next is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A piece that can start a move.
    Select,
    /// An empty point a piece can step to.
    Step,
    /// A soldier a cannon can capture by landing on it.
    Capture,
    /// An empty point to place a piece on (Maddell).
    Place,
    /// An opposing piece that may be taken after a mill (Maddell).
    Take,
    /// A Blockade destination two steps away.
    Two,
    /// A Blockade destination three steps away.
    Three,
}

/// The taps that enter one move, in order (at most three), each with its mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Taps {
    pub points: [(u8, Mark); 3],
    pub len: usize,
}

impl Taps {
    pub fn new(taps: &[(u8, Mark)]) -> Taps {
        let mut points = [(0, Mark::Step); 3];
        let len = taps.len().min(3);
        points[..len].copy_from_slice(&taps[..len]);
        Taps { points, len }
    }

    pub fn as_slice(&self) -> &[(u8, Mark)] {
        &self.points[..self.len]
    }

    fn starts_with(&self, prefix: &[u8]) -> bool {
        prefix.len() <= self.len && self.points.iter().zip(prefix).all(|(t, p)| t.0 == *p)
    }
}

/// What a point-tap game tells the shared painter.
pub trait PointGame: HasBoard {
    /// What stands on a point.
    fn piece_at(&self, pos: &Self::Position, point: u8) -> Option<Look>;

    /// The taps that enter `mv` (the marks are what the target point shows).
    fn taps(&self, mv: Self::Move) -> Taps;

    /// The move `taps` spell in `pos` (a piece, where it goes, what it takes), whether or not
    /// the rules allow it; `None` where they spell no move of the game. A lesson's board hands
    /// it to the session, which explains why the rules refuse it.
    fn attempt(&self, pos: &Self::Position, taps: &[u8]) -> Option<Self::Move>;

    /// Why a piece that looks movable cannot move now, for its hover text (Shuang Cheng's
    /// shared pieces); `None` draws no lock.
    fn locked_reason(&self, _pos: &Self::Position, _point: u8, _legal_from: bool) -> Option<Msg> {
        None
    }

    /// A hover text for a movable piece (Shuang Cheng's shared pieces).
    fn movable_note(&self, _pos: &Self::Position, _point: u8) -> Option<Msg> {
        None
    }
}

/// The shared painter: the taps made so far, and the point the keyboard is on.
#[derive(Default)]
pub struct PointPainter {
    taps: Vec<u8>,
    focus: Option<usize>,
}

impl PointPainter {
    /// Forgets the taps made so far (the focus stays where it was).
    pub(super) fn clear_taps(&mut self) {
        self.taps.clear();
    }
}

impl<G: PointGame> BoardPainter<G> for PointPainter {
    fn clear(&mut self) {
        self.clear_taps();
    }

    /// One frame of the board, in the order it is layered: the board and its lines, the
    /// last move, the pieces, a move waiting for its capture, the coach's moves, the markers
    /// of the taps that may come next, the locks, then the taps.
    fn show(&mut self, ui: &mut egui::Ui, rect: Rect, ctx: &BoardCtx<'_, G>) -> Option<G::Move> {
        let on = OnScreen::fit(ui, rect, &G::DRAWING, ctx.looks);
        draw_board(&on, ctx.game);
        if ctx.looks.coordinates {
            let beyond = on.tf.len(super::COORDINATE_BEYOND);
            super::draw_coordinates(&on.painter, &G::DRAWING, &on.screen, on.r, beyond);
        }
        let lit = self.lit(ctx, on.screen.len());
        draw_last_move(&on, ctx);
        draw_pieces(&on, ctx);
        self.draw_pending(&on, ctx, &lit.taps);
        draw_coach_marks(&on, ctx);
        self.draw_markers(&on, &lit.next, ctx.time);
        let hover = draw_locks(&on, ctx, &lit.movable);
        let point = self.input(ui, rect, ctx, &on, &lit.next, &hover)?;
        if !ctx.interactive {
            return None;
        }
        self.tap(point, ctx, &lit.taps)
    }
}

impl PointPainter {
    /// The taps that may come next, from the legal moves that match the taps so far, and
    /// the points some move starts from (nothing is lit while the person may not move).
    fn lit<G: PointGame>(&self, ctx: &BoardCtx<'_, G>, points: usize) -> Lit {
        let taps: Vec<Taps> = ctx.legal.iter().map(|&mv| ctx.game.taps(mv)).collect();
        let mut next: Vec<Option<Mark>> = vec![None; points];
        let mut movable = vec![false; points];
        if ctx.interactive {
            for t in taps.iter().filter(|t| t.starts_with(&self.taps)) {
                if let Some(&(p, mark)) = t.as_slice().get(self.taps.len()) {
                    next[p as usize] = Some(mark);
                }
            }
            for t in &taps {
                if let Some(&(p, _)) = t.as_slice().first() {
                    movable[p as usize] = true;
                }
            }
        }
        Lit {
            taps,
            next,
            movable,
        }
    }

    /// A placement or step waiting for its capture choice: a faint piece where it lands.
    fn draw_pending<G: PointGame>(&self, on: &OnScreen, ctx: &BoardCtx<'_, G>, taps: &[Taps]) {
        let Some(pending) = taps
            .iter()
            .find(|t| t.len > self.taps.len() && t.starts_with(&self.taps))
        else {
            return;
        };
        let mover = match ctx.game.side_to_move(ctx.pos) {
            qipan_engine::games::Side::X => Look::X,
            qipan_engine::games::Side::O => Look::O,
        };
        for &(p, mark) in &pending.as_slice()[..self.taps.len()] {
            if matches!(mark, Mark::Place | Mark::Step) {
                let faint = theme::faded(&on.painter, 0.5);
                theme::piece(&faint, on.screen[p as usize], on.r, mover);
            }
        }
    }

    /// The taps made so far (blue rings) and the ones that may come next: a pulsing ring on
    /// a piece to pick, a dot where it can go (2 or 3 for Blockade's longer steps), a red
    /// ring and cross on what it can take.
    fn draw_markers(&self, on: &OnScreen, next: &[Option<Mark>], time: f64) {
        let (painter, r) = (&on.painter, on.r);
        let pulse = 0.5 + 0.5 * (time * 3.0).sin() as f32;
        for (i, &c) in on.screen.iter().enumerate() {
            let selected = self.taps.contains(&(i as u8));
            if selected {
                painter.circle_stroke(c, r * 1.18, Stroke::new(r * 0.16, theme::BLUE));
            }
            match next[i] {
                Some(Mark::Select) if !selected => {
                    let w = r * (0.06 + 0.04 * pulse);
                    painter.circle_stroke(c, r * 1.14, Stroke::new(w, theme::GREEN));
                }
                Some(Mark::Step) | Some(Mark::Place) => {
                    painter.circle_filled(c, r * 0.32, theme::GREEN.gamma_multiply(0.85));
                    painter.circle_stroke(c, r * 0.55, Stroke::new(r * 0.08, theme::GREEN));
                }
                Some(Mark::Two) | Some(Mark::Three) => {
                    let three = next[i] == Some(Mark::Three);
                    let color = if three { theme::TEAL } else { theme::GREEN };
                    painter.circle(c, r * 0.55, color, Stroke::new(r * 0.06, Color32::WHITE));
                    painter.text(
                        c,
                        egui::Align2::CENTER_CENTER,
                        if three { "3" } else { "2" },
                        egui::FontId::proportional(r * 0.75),
                        Color32::WHITE,
                    );
                }
                Some(Mark::Capture) | Some(Mark::Take) => {
                    let stroke = Stroke::new(r * 0.14, theme::RED);
                    theme::dashed_ring(painter, c, r * 1.2, stroke, 8);
                    theme::cross(painter, c, r * 0.35, stroke);
                }
                _ => {}
            }
        }
    }

    /// Input: each point is a named widget; a tap either extends the taps made so far,
    /// starts new ones, or clears them. A tap on the board away from every point clears the
    /// selection. Returns the point tapped (by pointer or keyboard).
    fn input<G: PointGame>(
        &mut self,
        ui: &mut egui::Ui,
        rect: Rect,
        ctx: &BoardCtx<'_, G>,
        on: &OnScreen,
        next: &[Option<Mark>],
        hover: &[(u8, Msg)],
    ) -> Option<u8> {
        let (game, screen, r) = (ctx.game, &on.screen, on.r);
        let names = G::DRAWING.names;
        let mut named = None;
        let background = super::board_background(ui, rect, ctx);
        if background.clicked() {
            self.taps.clear();
        }
        // The keyboard: arrows move the focus ring, Enter or Space tap, Escape forgets.
        if let Some(dir) = ctx.keys.step {
            self.focus = super::step_focus(screen, self.focus, dir);
        }
        if ctx.keys.escape {
            self.taps.clear();
        }
        let mut clicked = ctx
            .keys
            .press
            .then_some(self.focus)
            .flatten()
            .map(|i| i as u8);
        if let Some(focus) = self.focus.filter(|&f| f < screen.len()) {
            super::focus_ring(&on.painter, screen[focus], r * 1.45);
            let point = ui.scope_id().with(("point", focus));
            crate::a11y::ring_on(ui.ctx(), background.id, point);
            named = Some(focus);
        }
        let pieces = G::DESCRIPTION.pieces;
        for (i, &c) in screen.iter().enumerate() {
            let id = ui.scope_id().with(("point", i));
            let what = match game.piece_at(ctx.pos, i as u8) {
                Some(Look::X) => pieces[0],
                Some(Look::O) => pieces[1],
                Some(Look::Shared) => crate::msg!("piece-shared"),
                None => crate::msg!("point-empty"),
            };
            let action = if self.taps.contains(&(i as u8)) {
                Some(crate::msg!("act-selected"))
            } else {
                next[i].map(|mark| match mark {
                    Mark::Select => crate::msg!("act-select"),
                    Mark::Step | Mark::Two | Mark::Three => crate::msg!("act-step"),
                    Mark::Place => crate::msg!("act-place"),
                    Mark::Capture => crate::msg!("act-capture"),
                    Mark::Take => crate::msg!("act-take"),
                })
            };
            let label = super::point_label(ctx.i18n, &G::DRAWING, i, what, action);
            // At least a fingertip: points are a board unit or more apart.
            let mut response =
                point_widget(ui, id, c, (r * 1.1).max(on.tf.len(0.45)), names[i], label);
            if response.hovered() {
                named = Some(i);
            }
            if let Some((_, reason)) = hover.iter().find(|(p, _)| *p as usize == i) {
                response = response.on_hover_text(ctx.i18n.tr(*reason));
            }
            if response.clicked() {
                clicked = Some(i as u8);
            }
        }
        if let Some(point) = named {
            super::name_point(&on.painter, &G::DRAWING, point, screen[point], r);
        }
        clicked
    }

    /// A tap on `point`: extends the taps made so far if a legal move goes on that way,
    /// else starts new ones there, else forgets them. Returns the move the taps complete.
    ///
    /// Where the board takes attempts (a lesson), any piece the mover may pick can be picked,
    /// and once one is, a tap elsewhere that no legal move goes on with completes the move
    /// the taps spell (a tap on another such piece picks that one instead).
    fn tap<G: PointGame>(
        &mut self,
        point: u8,
        ctx: &BoardCtx<'_, G>,
        taps: &[Taps],
    ) -> Option<G::Move> {
        let mut extended = self.taps.clone();
        extended.push(point);
        let extends = taps.iter().any(|t| t.starts_with(&extended));
        let pick = taps.iter().any(|t| t.starts_with(&[point]))
            || (ctx.attempts && mover_may_pick(ctx, point));
        if ctx.attempts && !extends && !pick && !self.taps.is_empty() {
            self.taps.clear();
            return ctx.game.attempt(ctx.pos, &extended);
        }
        self.taps = if extends {
            extended
        } else if pick {
            vec![point]
        } else {
            Vec::new()
        };
        let done = ctx
            .legal
            .iter()
            .zip(taps)
            .find(|(_, t)| t.len == self.taps.len() && t.starts_with(&self.taps))
            .map(|(&mv, _)| mv);
        if done.is_some() {
            self.taps.clear();
        }
        done
    }
}

/// Whether `point` holds a piece the side to move may pick up: its own, or a shared one.
fn mover_may_pick<G: PointGame>(ctx: &BoardCtx<'_, G>, point: u8) -> bool {
    let own = match ctx.game.side_to_move(ctx.pos) {
        qipan_engine::games::Side::X => Look::X,
        qipan_engine::games::Side::O => Look::O,
    };
    matches!(ctx.game.piece_at(ctx.pos, point), Some(look) if look == own || look == Look::Shared)
}

/// Where the board is on screen this frame.
struct OnScreen {
    painter: Painter,
    tf: Transform,
    /// The board's extent in board units.
    min: Pos2,
    max: Pos2,
    /// Each point on screen.
    screen: Vec<Pos2>,
    /// A piece's radius on screen.
    r: f32,
    /// How far the wood reaches past the outer points, in board units.
    wood: f32,
}

impl OnScreen {
    fn fit(ui: &egui::Ui, rect: Rect, drawing: &BoardDrawing, looks: Looks) -> OnScreen {
        let (min, max) = drawing.bounds();
        let frame = super::PointFrame::of(looks, drawing);
        let tf = Transform::fit_turned(rect, min, max, frame.margin, looks.turned);
        OnScreen {
            painter: ui.painter_at(rect),
            screen: drawing.points().map(|p| tf.to_screen(p)).collect(),
            r: tf.len(drawing.piece_radius),
            tf,
            min,
            max,
            wood: frame.wood,
        }
    }
}

/// What a frame lights up, from the legal moves and the taps so far.
struct Lit {
    /// Each legal move's taps, in the order of the legal moves.
    taps: Vec<Taps>,
    /// Per point: how a tap there would go on.
    next: Vec<Option<Mark>>,
    /// Per point: some move starts there.
    movable: Vec<bool>,
}

/// The board's wooden backdrop, `wood` board units beyond the points from `min` to `max`;
/// its rect on screen. The game's board and the editor's share it.
pub(crate) fn paint_backdrop(
    painter: &Painter,
    tf: &Transform,
    min: Pos2,
    max: Pos2,
    wood: f32,
) -> Rect {
    // Two corners (swapped on a board turned round): the rect of both.
    let board_rect = Rect::from_two_pos(
        tf.to_screen(min - Vec2::splat(wood)),
        tf.to_screen(max + Vec2::splat(wood)),
    );
    painter.rect(
        board_rect,
        tf.len(0.15),
        theme::BOARD_BG,
        Stroke::new(tf.len(0.04), theme::BOARD_EDGE),
        egui::StrokeKind::Inside,
    );
    board_rect
}

/// The board, the game's own decoration (platforms, triangles), the lines and the points.
fn draw_board<G: PointGame>(on: &OnScreen, game: &G) {
    let (painter, tf) = (&on.painter, &on.tf);
    paint_backdrop(painter, tf, on.min, on.max, on.wood);
    game.decorate(painter, tf);
    let line = Stroke::new(tf.len(0.035).max(1.5), theme::LINE);
    for &(a, b) in G::DRAWING.segments {
        painter.line_segment([on.screen[a as usize], on.screen[b as usize]], line);
    }
    for &p in &on.screen {
        painter.circle_filled(p, tf.len(0.06).max(2.0), theme::LINE);
    }
}

/// The last move: a ring where it came from, a halo where it went, a cross on what it took.
fn draw_last_move<G: PointGame>(on: &OnScreen, ctx: &BoardCtx<'_, G>) {
    let Some(mv) = ctx.last_move else {
        return;
    };
    let (painter, r) = (&on.painter, on.r);
    let last = ctx.game.taps(mv);
    for (i, &(p, mark)) in last.as_slice().iter().enumerate() {
        let c = on.screen[p as usize];
        let is_from = i == 0 && last.len > 1 && mark == Mark::Select;
        if is_from {
            theme::dashed_ring(painter, c, r * 0.6, Stroke::new(r * 0.1, theme::AMBER), 6);
        } else if mark == Mark::Take {
            theme::cross(painter, c, r * 0.4, Stroke::new(r * 0.14, theme::RED));
        } else {
            theme::halo(painter, c, r * 1.35, theme::AMBER);
        }
    }
}

/// The pieces. While a move glides, the piece that moved travels from its start, a placed
/// piece fades in, and pieces the move removed fade out where they stood.
fn draw_pieces<G: PointGame>(on: &OnScreen, ctx: &BoardCtx<'_, G>) {
    let (game, painter, r) = (ctx.game, &on.painter, on.r);
    let glide = ctx.glide.zip(ctx.last_move).map(|((before, t), mv)| {
        let taps = game.taps(mv);
        let (from, to) = match taps.as_slice() {
            [(from, Mark::Select), (to, _), ..] => (Some(*from as usize), *to as usize),
            [(to, _), ..] => (None, *to as usize),
            [] => (None, usize::MAX),
        };
        (before, t, from, to)
    });
    for (i, &c) in on.screen.iter().enumerate() {
        let Some(look) = game.piece_at(ctx.pos, i as u8) else {
            continue;
        };
        match glide {
            Some((_, t, Some(from), to)) if to == i => {
                theme::piece(painter, on.screen[from].lerp(c, t), r, look);
            }
            Some((_, t, None, to)) if to == i => {
                theme::piece(&theme::faded(painter, t), c, r, look);
            }
            _ => theme::piece(painter, c, r, look),
        }
    }
    if let Some((before, t, from, _)) = glide {
        let fading = theme::faded(painter, 1.0 - t);
        for (i, &c) in on.screen.iter().enumerate() {
            let gone = game.piece_at(ctx.pos, i as u8).is_none() && from != Some(i);
            if let Some(look) = game.piece_at(before, i as u8).filter(|_| gone) {
                theme::piece(&fading, c, r, look);
            }
        }
    }
}

/// The coach's moves, over the pieces.
fn draw_coach_marks<G: PointGame>(on: &OnScreen, ctx: &BoardCtx<'_, G>) {
    for &(mv, mark) in ctx.marks {
        let taps = ctx.game.taps(mv);
        let (from, to, rest) = match taps.as_slice() {
            [(from, Mark::Select), (to, _), rest @ ..] => (Some(*from), *to, rest),
            [(to, _), rest @ ..] => (None, *to, rest),
            [] => continue,
        };
        let takes: Vec<Pos2> = rest
            .iter()
            .filter(|(_, m)| *m == Mark::Take)
            .map(|&(p, _)| on.screen[p as usize])
            .collect();
        let from = from.map(|p| on.screen[p as usize]);
        super::draw_move_mark(
            &on.painter,
            from,
            on.screen[to as usize],
            &takes,
            on.r,
            mark,
        );
    }
}

/// Locks: pieces that look movable but are not, with the reason on hover; returns the hover
/// texts (the reasons, and the notes on movable pieces).
fn draw_locks<G: PointGame>(
    on: &OnScreen,
    ctx: &BoardCtx<'_, G>,
    movable: &[bool],
) -> Vec<(u8, Msg)> {
    let (game, r) = (ctx.game, on.r);
    let mut hover: Vec<(u8, Msg)> = Vec::new();
    for i in 0..on.screen.len() as u8 {
        if ctx.interactive && game.piece_at(ctx.pos, i).is_some() {
            if let Some(reason) = game.locked_reason(ctx.pos, i, movable[i as usize]) {
                let c = on.screen[i as usize];
                padlock(&on.painter, c + Vec2::new(r * 0.75, -r * 0.75), r * 0.32);
                hover.push((i, reason));
            } else if let Some(note) = game.movable_note(ctx.pos, i) {
                hover.push((i, note));
            }
        }
    }
    hover
}

/// A small padlock glyph for locked pieces.
fn padlock(painter: &Painter, c: Pos2, s: f32) {
    let body = Rect::from_center_size(c + Vec2::new(0.0, s * 0.35), Vec2::new(s * 1.6, s * 1.2));
    painter.circle_stroke(
        c - Vec2::new(0.0, s * 0.3),
        s * 0.55,
        Stroke::new(s * 0.3, theme::LOCKED),
    );
    painter.rect_filled(body, s * 0.2, theme::LOCKED);
}
