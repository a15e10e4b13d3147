//! Earthen Cannon Chess on screen: the 5×6 grid with its two top diagonals and the three
//! platforms marked; a cannon's captures are shown apart from its steps.

use super::points::{Layout, Mark, PointGame, PointPainter, Taps};
use super::Painters;
use super::{HasBoard, Transform};
use crate::ui::games::{self, GameDescription};
use crate::ui::theme::{self, Look};
use egui::{Painter, Pos2, Rect, Stroke, Vec2};
use qipan_engine::games::cannon::{Cannon, Move, Position, DRAW_AT, LINES, PLATFORMS, POINT_NAMES};
use std::sync::OnceLock;

impl PointGame for Cannon {
    fn layout(&self) -> &'static Layout {
        static LAYOUT: OnceLock<Layout> = OnceLock::new();
        LAYOUT.get_or_init(|| Layout {
            points: DRAW_AT
                .iter()
                .map(|&(x, y)| Pos2::new(x as f32, y as f32))
                .collect(),
            names: POINT_NAMES.to_vec(),
            segments: LINES.to_vec(),
            piece_radius: 0.31,
        })
    }

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

    fn decorate(&self, painter: &Painter, tf: &Transform) {
        // The platforms: a brick-red square under each of the cannons' start points.
        let layout = self.layout();
        for (i, &p) in layout.points.iter().enumerate() {
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

impl HasBoard for Cannon {
    type Painter = PointPainter;
    const DESCRIPTION: &'static GameDescription = &games::CANNON;

    fn painter(painters: &mut Painters) -> &mut PointPainter {
        &mut painters.points
    }
}
