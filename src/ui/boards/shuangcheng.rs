//! Line-Board Shuang Cheng on screen: the nine-point board, the two shared pieces shown
//! movable or locked (with the reason on hover).

use super::points::{Mark, PointGame, PointPainter, Taps};
use super::{BoardDrawing, HasBoard, Painters};
use crate::i18n::Msg;
use crate::msg;
use crate::ui::theme::Look;
use egui::Vec2;
use qipan_engine::games::shuangcheng::{
    Move, Piece, Position, ShuangCheng, DRAW_AT, POINT_NAMES, SEGMENTS,
};
use qipan_engine::games::Side;

impl PointGame for ShuangCheng {
    fn piece_at(&self, pos: &Position, point: u8) -> Option<Look> {
        pos.piece_at(point).map(|piece| match piece {
            Piece::Own(Side::X) => Look::X,
            Piece::Own(Side::O) => Look::O,
            Piece::Shared => Look::Shared,
        })
    }

    fn taps(&self, mv: Self::Move) -> Taps {
        Taps::new(&[(mv.from, Mark::Select), (mv.to, Mark::Step)])
    }

    fn attempt(&self, _: &Position, taps: &[u8]) -> Option<Move> {
        match *taps {
            [from, to] => Some(Move { from, to }),
            _ => None,
        }
    }

    fn locked_reason(&self, pos: &Position, point: u8, legal_from: bool) -> Option<Msg> {
        if pos.piece_at(point) != Some(Piece::Shared) || legal_from {
            return None;
        }
        Some(if pos.locked {
            msg!("sc-shared-locked")
        } else {
            msg!("sc-shared-blocked")
        })
    }

    fn movable_note(&self, pos: &Position, point: u8) -> Option<Msg> {
        (pos.piece_at(point) == Some(Piece::Shared)).then_some(msg!("sc-shared-movable"))
    }
}

/// What each point's name means, read out after it (`tl` alone tells a listener nothing):
/// in point order, as the engine names them.
const SPOKEN_POINTS: [Msg; 9] = [
    msg!("sc-point-tl"),
    msg!("sc-point-th"),
    msg!("sc-point-tr"),
    msg!("sc-point-l"),
    msg!("sc-point-c"),
    msg!("sc-point-r"),
    msg!("sc-point-bl"),
    msg!("sc-point-bh"),
    msg!("sc-point-br"),
];

impl HasBoard for ShuangCheng {
    type Painter = PointPainter;
    const DRAWING: BoardDrawing = BoardDrawing {
        grid: &DRAW_AT,
        step: Vec2::splat(1.0),
        names: &POINT_NAMES,
        spoken: &SPOKEN_POINTS,
        coordinates: &[],
        segments: &SEGMENTS,
        piece_radius: 0.3,
    };

    fn painter(painters: &mut Painters) -> &mut PointPainter {
        &mut painters.points
    }
}
