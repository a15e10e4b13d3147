//! The few rules the table builder needs, on bare piece masks: the builder visits hundreds
//! of millions of positions, too many to go through `Game::legal_moves` and its move lists.
//! The consistency check (`verify.rs`) uses the real rules instead, so the two can disagree
//! only visibly.

use super::index::{bits, count, ALL};
use crate::games::maddell::{ADJACENT, MILLS, MILLS_THROUGH};

/// Whether `own` (after a move) has a mill through `to`.
#[inline]
pub(crate) fn completes_mill(own: u32, to: u32) -> bool {
    let [first, second] = MILLS_THROUGH[to as usize];
    own & first == first || own & second == second
}

/// The pieces of `opp` a mill may take: those outside mills, or all of them if none is.
#[inline]
pub(crate) fn takeable(opp: u32) -> u32 {
    let mut in_mills = 0;
    for mill in MILLS {
        if opp & mill == mill {
            in_mills |= mill;
        }
    }
    let free = opp & !in_mills;
    if free != 0 {
        free
    } else {
        opp
    }
}

/// Calls `visit(new_mover, to, forms_mill)` for every slide of `mover` among `occupied`.
#[inline]
pub(crate) fn for_each_slide(mover: u32, occupied: u32, mut visit: impl FnMut(u32, u32, bool)) {
    let empty = ALL & !occupied;
    for from in bits(mover) {
        let without = mover & !(1 << from);
        for to in bits(ADJACENT[from as usize] & empty) {
            let after = without | 1 << to;
            visit(after, to, completes_mill(after, to));
        }
    }
}

/// How many moves the side with `mover` has when both sides slide, and whether one of them
/// forms a mill (and so takes a piece: the opponent always has one on the board here).
pub(crate) fn slide_summary(mover: u32, opp: u32) -> (u32, bool) {
    let takes = count(takeable(opp)) as u32;
    let (mut count, mut mill) = (0, false);
    for_each_slide(mover, mover | opp, |_, _, forms_mill| {
        if forms_mill {
            count += takes;
            mill = true;
        } else {
            count += 1;
        }
    });
    (count, mill)
}

/// The slides that could have led to a position whose just-moved side holds `moved` and
/// whose side to move holds `other`: `visit(before, forms_mill)` with `moved` as it was
/// before the slide. A slide that formed a mill also took a piece of `other`'s; the caller
/// puts that piece back.
#[inline]
pub(crate) fn for_each_unslide(moved: u32, other: u32, mut visit: impl FnMut(u32, bool)) {
    let empty = ALL & !(moved | other);
    for to in bits(moved) {
        let forms_mill = completes_mill(moved, to);
        let without = moved & !(1 << to);
        for from in bits(ADJACENT[to as usize] & empty) {
            visit(without | 1 << from, forms_mill);
        }
    }
}
