//! Placeholder until the rules engine lands on main.

use super::{EmptyPainter, HasBoard};
use crate::games::maddell::Maddell;
use crate::games::Status;
use crate::i18n::I18n;

impl HasBoard for Maddell {
    type Painter = EmptyPainter;

    fn end_reason(&self, _pos: &Self::Position, _status: Status, _i18n: &I18n) -> String {
        String::new()
    }
}
