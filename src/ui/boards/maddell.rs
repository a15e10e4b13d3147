//! Sixpenny Maddell on screen: three nested triangles joined by spokes; placing, sliding,
//! and after a mill the pieces that may be taken light up.

use super::points::{Layout, Mark, PointGame, PointPainter, Taps};
use super::Painters;
use super::{HasBoard, Transform};
use crate::i18n::I18n;
use crate::msg;
use crate::ui::games::{self, GameDescription};
use crate::ui::theme::{self, Look};
use egui::{Painter, Pos2, Stroke};
use qipan_engine::games::maddell::{Maddell, Move, Position, DRAW_AT, POINT_NAMES, SEGMENTS};
use qipan_engine::games::Side;
use std::sync::OnceLock;

/// The drawing grid is 36 units wide; the painter works in units of one grid step of six.
const UNIT: f32 = 6.0;

impl PointGame for Maddell {
    fn layout(&self) -> &'static Layout {
        static LAYOUT: OnceLock<Layout> = OnceLock::new();
        LAYOUT.get_or_init(|| Layout {
            points: DRAW_AT
                .iter()
                .map(|&(x, y)| Pos2::new(x as f32 / UNIT, y as f32 / UNIT))
                .collect(),
            names: POINT_NAMES.to_vec(),
            segments: SEGMENTS.to_vec(),
            piece_radius: 0.27,
        })
    }

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

    fn decorate(&self, painter: &Painter, tf: &Transform) {
        // A faint fill inside each triangle makes the three rings read at a glance.
        let layout = self.layout();
        for ring in 0..3 {
            let corners: Vec<Pos2> = [0, 2, 4]
                .iter()
                .map(|k| tf.to_screen(layout.points[ring * 6 + k]))
                .collect();
            painter.add(egui::Shape::convex_polygon(
                corners,
                theme::BOARD_EDGE.gamma_multiply(0.25 + 0.1 * ring as f32),
                Stroke::NONE,
            ));
        }
    }
}

impl HasBoard for Maddell {
    type Painter = PointPainter;
    const DESCRIPTION: &'static GameDescription = &games::MADDELL;

    fn painter(painters: &mut Painters) -> &mut PointPainter {
        &mut painters.points
    }

    fn status_line(&self, pos: &Position, i18n: &I18n) -> Option<String> {
        Some(i18n.tr_args(
            msg!("maddell-hand"),
            &[("x", pos.hand[0].into()), ("o", pos.hand[1].into())],
        ))
    }
}
