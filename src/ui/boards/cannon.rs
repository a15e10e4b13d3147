//! Earthen Cannon Chess on screen: the 5×6 grid with its two top diagonals and the three
//! platforms marked; a cannon's captures are shown apart from its steps.

use super::points::{Mark, PointGame, PointPainter, Taps};
use super::{BoardDrawing, HasBoard, Painters, Transform};
use crate::ui::theme::{self, Look};
use egui::{Painter, Rect, Stroke, Vec2};
use qipan_engine::games::cannon::{
    Cannon, Move, Position, COORDINATES, DRAW_AT, LINES, PLATFORMS, POINT_NAMES,
};

impl PointGame for Cannon {
    fn piece_at(&self, pos: &Position, point: u8) -> Option<Look> {
        let bit = 1u32 << point;
        if pos.cannons & bit != 0 {
            Some(Look::X)
        } else if pos.soldiers & bit != 0 {
            Some(Look::O)
        } else {
            None
        }
    }

    fn taps(&self, mv: Move) -> Taps {
        let mark = if mv.is_capture() {
            Mark::Capture
        } else {
            Mark::Step
        };
        Taps::new(&[(mv.from, Mark::Select), (mv.to, mark)])
    }

    /// A cannon landing on a soldier is written as a capture; every other move as a step
    /// (a soldier stepping onto a cannon too, which the rules refuse).
    fn attempt(&self, pos: &Position, taps: &[u8]) -> Option<Move> {
        let [from, to] = *taps else {
            return None;
        };
        let capture =
            self.piece_at(pos, from) == Some(Look::X) && self.piece_at(pos, to) == Some(Look::O);
        Some(Move { from, to, capture })
    }
}

impl HasBoard for Cannon {
    type Painter = PointPainter;
    const DRAWING: BoardDrawing = BoardDrawing {
        grid: &DRAW_AT,
        step: Vec2::splat(1.0),
        names: &POINT_NAMES,
        spoken: &[],
        coordinates: &COORDINATES,
        segments: &LINES,
        piece_radius: 0.31,
    };

    fn painter(painters: &mut Painters) -> &mut PointPainter {
        &mut painters.points
    }

    fn decorate(&self, painter: &Painter, tf: &Transform) {
        // The platforms: a brick-red square under each of the cannons' start points.
        for (i, p) in Self::DRAWING.points().enumerate() {
            if PLATFORMS & (1 << i) != 0 {
                let c = tf.to_screen(p);
                let half = tf.len(0.42);
                let rect = Rect::from_center_size(c, Vec2::splat(2.0 * half));
                painter.rect(
                    rect,
                    tf.len(0.06),
                    theme::PLATFORM.gamma_multiply(0.25),
                    Stroke::new(tf.len(0.05), theme::PLATFORM),
                    egui::StrokeKind::Inside,
                );
            }
        }
    }
}
