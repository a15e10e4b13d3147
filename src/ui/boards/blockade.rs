//! Two-or-Three-Step Blockade on screen: the 5×5 grid with its twelve short diagonals; a
//! selected piece shows its two-step targets (marked 2) apart from its three-step ones (3).

use super::points::{Layout, Mark, PointGame, PointPainter, Taps};
use super::HasBoard;
use super::Painters;
use crate::ui::games::{self, GameDescription};
use crate::ui::theme::Look;
use egui::Pos2;
use qipan_engine::games::blockade::{Blockade, Move, Position, DRAW_AT, POINT_NAMES, SEGMENTS};
use qipan_engine::games::Side;
use std::sync::OnceLock;

impl PointGame for Blockade {
    fn layout(&self) -> &'static Layout {
        static LAYOUT: OnceLock<Layout> = OnceLock::new();
        LAYOUT.get_or_init(|| Layout {
            points: DRAW_AT
                .iter()
                .map(|&(x, y)| Pos2::new(x as f32, y as f32))
                .collect(),
            names: POINT_NAMES.to_vec(),
            segments: SEGMENTS.to_vec(),
            piece_radius: 0.31,
        })
    }

    fn piece_at(&self, pos: &Position, point: u8) -> Option<Look> {
        pos.piece_at(point).map(|side| match side {
            Side::X => Look::X,
            Side::O => Look::O,
        })
    }

    fn taps(&self, mv: Move) -> Taps {
        // How far the move goes is read off the drawing grid: a move runs along one straight
        // line, so its length in steps is the larger of the column and row distances.
        let (fx, fy) = DRAW_AT[mv.from as usize];
        let (tx, ty) = DRAW_AT[mv.to as usize];
        let steps = fx.abs_diff(tx).max(fy.abs_diff(ty));
        let mark = if steps >= 3 { Mark::Three } else { Mark::Two };
        Taps::new(&[(mv.from, Mark::Select), (mv.to, mark)])
    }
}

impl HasBoard for Blockade {
    type Painter = PointPainter;
    const DESCRIPTION: &'static GameDescription = &games::BLOCKADE;

    fn painter(painters: &mut Painters) -> &mut PointPainter {
        &mut painters.points
    }
}
