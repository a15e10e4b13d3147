//! Two-or-Three-Step Blockade on screen: the 5×5 grid with its twelve short diagonals; a
//! selected piece shows its two-step targets (marked 2) apart from its three-step ones (3).

use super::points::{Mark, PointGame, PointPainter, Taps};
use super::{BoardDrawing, HasBoard, Painters};
use crate::ui::theme::Look;
use egui::Vec2;
use qipan_engine::games::blockade::{
    Blockade, Move, Position, COORDINATES, DRAW_AT, POINT_NAMES, SEGMENTS,
};
use qipan_engine::games::Side;

impl PointGame for Blockade {
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

    fn attempt(&self, _: &Position, taps: &[u8]) -> Option<Move> {
        match *taps {
            [from, to] => Some(Move { from, to }),
            _ => None,
        }
    }
}

impl HasBoard for Blockade {
    type Painter = PointPainter;
    const DRAWING: BoardDrawing = BoardDrawing {
        grid: &DRAW_AT,
        step: Vec2::splat(1.0),
        names: &POINT_NAMES,
        spoken: &[],
        coordinates: &COORDINATES,
        segments: &SEGMENTS,
        piece_radius: 0.31,
    };

    fn painter(painters: &mut Painters) -> &mut PointPainter {
        &mut painters.points
    }
}
