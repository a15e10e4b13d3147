//! A position's value in one byte, for the side to move.
//!
//! 0 is a draw (while building: not decided yet). Otherwise the byte is the number of plies
//! to the end plus one. The side to move wins exactly when that number of plies is odd (it
//! makes the last move), so the parity carries the sign and no bit is spent on it.

use crate::ai::SolvedValue;

pub(crate) const DRAW: u8 = 0;

/// The byte of a win (odd `distance`) or loss (even `distance`) in `distance` plies.
#[inline]
pub(crate) fn of_distance(distance: u32) -> Option<u8> {
    u8::try_from(distance + 1).ok()
}

/// The plies to the end of a decided byte.
#[inline]
pub(crate) fn distance(code: u8) -> u32 {
    code as u32 - 1
}

/// Whether the side to move loses (a decided byte with an even distance).
#[inline]
pub(crate) fn is_loss(code: u8) -> bool {
    code != DRAW && code % 2 == 1
}

pub(crate) fn to_value(code: u8) -> SolvedValue {
    match code {
        DRAW => SolvedValue::Draw,
        c if is_loss(c) => SolvedValue::Loss(distance(c)),
        c => SolvedValue::Win(distance(c)),
    }
}

/// Folds children's bytes into the parent's: the fastest win, else a draw, else the slowest
/// loss. Start from [`Best::new`], add every child, then read [`Best::code`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Best {
    fastest_win: Option<u32>,
    draw: bool,
    slowest_loss: u32,
}

impl Best {
    pub(crate) fn new() -> Best {
        Best {
            fastest_win: None,
            draw: false,
            slowest_loss: 0,
        }
    }

    #[inline]
    pub(crate) fn add(&mut self, child: u8) {
        if child == DRAW {
            self.draw = true;
        } else if is_loss(child) {
            let win = distance(child) + 1;
            self.fastest_win = Some(self.fastest_win.map_or(win, |w| w.min(win)));
        } else {
            self.slowest_loss = self.slowest_loss.max(distance(child) + 1);
        }
    }

    /// The parent's byte (`None` if the distance does not fit in a byte).
    pub(crate) fn code(&self) -> Option<u8> {
        match self.fastest_win {
            Some(win) => of_distance(win),
            None if self.draw => Some(DRAW),
            None => of_distance(self.slowest_loss),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip_and_fold() {
        assert_eq!(to_value(DRAW), SolvedValue::Draw);
        assert_eq!(to_value(of_distance(0).unwrap()), SolvedValue::Loss(0));
        assert_eq!(to_value(of_distance(7).unwrap()), SolvedValue::Win(7));
        assert_eq!(to_value(of_distance(254).unwrap()), SolvedValue::Loss(254));
        assert_eq!(of_distance(255), None);
        let mut best = Best::new();
        for d in [3, 9, 4] {
            best.add(of_distance(d).unwrap());
        }
        // Children: win 3, win 9, loss 4 for the opponent: the parent wins in 5.
        assert_eq!(best.code().map(to_value), Some(SolvedValue::Win(5)));
        let mut only_wins = Best::new();
        for d in [3, 9] {
            only_wins.add(of_distance(d).unwrap());
        }
        assert_eq!(only_wins.code().map(to_value), Some(SolvedValue::Loss(10)));
        only_wins.add(DRAW);
        assert_eq!(only_wins.code().map(to_value), Some(SolvedValue::Draw));
    }
}
