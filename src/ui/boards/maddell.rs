//! Sixpenny Maddell on screen: three nested triangles joined by spokes; placing, sliding,
//! and after a mill the pieces that may be taken light up.

use super::points::{Mark, PointGame, PointPainter, Taps};
use super::{BoardDrawing, HasBoard, Painters, Transform};
use crate::ui::theme::{self, Look};
use egui::{Painter, Pos2, Stroke, Vec2};
use qipan_engine::games::maddell::{Maddell, Move, Position, DRAW_AT, POINT_NAMES, SEGMENTS};
use qipan_engine::games::Side;

impl PointGame for Maddell {
    fn piece_at(&self, pos: &Position, point: u8) -> Option<Look> {
        pos.piece_at(point).map(|side| match side {
            Side::X => Look::X,
            Side::O => Look::O,
        })
    }

    fn taps(&self, mv: Move) -> Taps {
        let mut taps = Vec::with_capacity(3);
        match mv.from {
            Some(from) => {
                taps.push((from, Mark::Select));
                taps.push((mv.to, Mark::Step));
            }
            None => taps.push((mv.to, Mark::Place)),
        }
        if let Some(take) = mv.take {
            taps.push((take, Mark::Take));
        }
        Taps::new(&taps)
    }

    /// A piece of the mover's, then where it slides and what it takes; or an empty point to
    /// place on, then what it takes.
    fn attempt(&self, pos: &Position, taps: &[u8]) -> Option<Move> {
        let own = pos.piece_at(*taps.first()?) == Some(pos.to_move);
        match (taps, own) {
            (&[from, to], true) => Some(Move {
                from: Some(from),
                to,
                take: None,
            }),
            (&[from, to, take], true) => Some(Move {
                from: Some(from),
                to,
                take: Some(take),
            }),
            (&[to, take], false) => Some(Move {
                from: None,
                to,
                take: Some(take),
            }),
            _ => None,
        }
    }
}

impl HasBoard for Maddell {
    type Painter = PointPainter;
    /// The drawing grid is 36 units wide; the board unit is one grid step of six.
    const DRAWING: BoardDrawing = BoardDrawing {
        grid: &DRAW_AT,
        step: Vec2::splat(1.0 / 6.0),
        names: &POINT_NAMES,
        spoken: &[],
        coordinates: &[],
        segments: &SEGMENTS,
        piece_radius: 0.27,
    };

    fn painter(painters: &mut Painters) -> &mut PointPainter {
        &mut painters.points
    }

    fn decorate(&self, painter: &Painter, tf: &Transform) {
        // A faint fill inside each triangle makes the three rings read at a glance.
        for ring in 0..3 {
            let corners: Vec<Pos2> = [0, 2, 4]
                .iter()
                .map(|k| tf.to_screen(Self::DRAWING.point(ring * 6 + k)))
                .collect();
            painter.add(egui::Shape::convex_polygon(
                corners,
                theme::BOARD_EDGE.gamma_multiply(0.25 + 0.1 * ring as f32),
                Stroke::NONE,
            ));
        }
    }
}
