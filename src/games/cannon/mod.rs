//! Placeholder until the rules land.

use super::{Game, GameId, MoveError, PositionError, Side, Status, Variant};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cannon;

impl Game for Cannon {
    type Position = ();
    type Move = ();
    fn variant(&self) -> Variant {
        Variant::plain(GameId::Cannon)
    }
    fn start(&self) {}
    fn side_to_move(&self, _: &()) -> Side {
        Side::X
    }
    fn legal_moves(&self, _: &(), _: &mut Vec<()>) {}
    fn play(&self, _: &(), _: ()) {}
    fn skip_turn(&self, _: &()) {}
    fn status(&self, _: &()) -> Status {
        Status::Draw
    }
    fn hash(&self, _: &()) -> u64 {
        0
    }
    fn parse_position(&self, text: &str) -> Result<(), PositionError> {
        Err(PositionError::Inconsistent {
            text: text.to_owned(),
            reason: "not implemented yet",
        })
    }
    fn format_position(&self, _: &()) -> String {
        String::new()
    }
    fn format_move(&self, _: ()) -> String {
        String::new()
    }
    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError> {
        Err(MoveError::malformed(text, "not implemented yet"))
    }
    fn material(&self, _: &()) -> [u32; 2] {
        [0, 0]
    }
}
