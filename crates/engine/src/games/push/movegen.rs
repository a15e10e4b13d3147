//! Move generation in bulk: every group of one kind (size, line, direction) that can move is
//! found at once with bitboard shifts, then either listed or just counted (perft's last ply).
//!
//! A group is identified by its tail, the cell furthest against its line's forward direction
//! (E, NE or NW), which is also its first cell in point order.

use super::geometry::{shift, Cell, Dir, BOARD, EDGE};
use super::Move;

/// Receives the tails of all groups of `len` cells along `line` that may move toward `dir`.
pub(crate) trait Sink {
    fn add(&mut self, tails: u64, len: u8, line: Dir, dir: Dir);
}

/// Counts moves without listing them.
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn add(&mut self, tails: u64, _: u8, _: Dir, _: Dir) {
        self.0 += u64::from(tails.count_ones());
    }
}

/// Appends moves to a list.
pub(crate) struct Lister<'a>(pub &'a mut Vec<Move>);

impl Sink for Lister<'_> {
    #[inline(always)]
    fn add(&mut self, mut tails: u64, len: u8, line: Dir, dir: Dir) {
        while tails != 0 {
            let first = tails.trailing_zeros() as Cell;
            tails &= tails - 1;
            self.0.push(Move::Group {
                first,
                len,
                line,
                dir,
            });
        }
    }
}

/// Finds every move of the side owning `own` (not `pass`, which the caller adds).
#[inline(always)]
pub(crate) fn generate<S: Sink>(own: u64, opp: u64, sink: &mut S) {
    let empty = BOARD & !(own | opp);
    // A single piece steps into an empty neighbour: its source has that empty cell one step
    // ahead, i.e. lies in the empty cells shifted back.
    sink.add(own & shift::<3>(empty), 1, Dir::E, Dir::E);
    sink.add(own & shift::<4>(empty), 1, Dir::E, Dir::NE);
    sink.add(own & shift::<5>(empty), 1, Dir::E, Dir::NW);
    sink.add(own & shift::<0>(empty), 1, Dir::E, Dir::W);
    sink.add(own & shift::<1>(empty), 1, Dir::E, Dir::SW);
    sink.add(own & shift::<2>(empty), 1, Dir::E, Dir::SE);
    // Lines E–W, NE–SW, NW–SE: forward F, backward B, then the four broadside directions,
    // the opposite of each following it.
    line::<0, 3, 1, 4, 2, 5, S>(own, opp, empty, sink);
    line::<1, 4, 0, 3, 2, 5, S>(own, opp, empty, sink);
    line::<2, 5, 0, 3, 1, 4, S>(own, opp, empty, sink);
}

/// Groups of two and three along the line with forward direction `F` (backward `B`).
/// `P`/`Q` and `R`/`T` are the two pairs of opposite broadside directions.
#[inline(always)]
fn line<
    const F: usize,
    const B: usize,
    const P: usize,
    const Q: usize,
    const R: usize,
    const T: usize,
    S: Sink,
>(
    own: u64,
    opp: u64,
    empty: u64,
    sink: &mut S,
) {
    let line = Dir::ALL[F];
    // Tails of own pairs and triples: the next one or two cells forward are own too.
    let pairs = own & shift::<B>(own);
    let triples = pairs & shift::<B>(pairs);

    // In line, forward. The cell ahead of the head is the target; it may be empty, or start
    // an opposing run shorter than the group that has an empty cell or the rim after it.
    let gives_way_f = opp & (shift::<B>(empty) | EDGE[F]);
    let run2_gives_way_f = opp & shift::<B>(gives_way_f);
    let target_ok_2 = empty | gives_way_f;
    let target_ok_3 = target_ok_2 | run2_gives_way_f;
    let back2 = |cells: u64| shift::<B>(shift::<B>(cells));
    sink.add(pairs & back2(target_ok_2), 2, line, Dir::ALL[F]);
    sink.add(
        triples & shift::<B>(back2(target_ok_3)),
        3,
        line,
        Dir::ALL[F],
    );

    // In line, backward: the tail leads.
    let gives_way_b = opp & (shift::<F>(empty) | EDGE[B]);
    let run2_gives_way_b = opp & shift::<F>(gives_way_b);
    let target_ok_2 = empty | gives_way_b;
    let target_ok_3 = target_ok_2 | run2_gives_way_b;
    sink.add(pairs & shift::<F>(target_ok_2), 2, line, Dir::ALL[B]);
    sink.add(triples & shift::<F>(target_ok_3), 3, line, Dir::ALL[B]);

    // Broadside: every destination empty. `empty2`/`empty3` are the tails of empty runs along
    // the line; a group fits when its tail's neighbour in the move direction is such a tail.
    let empty2 = empty & shift::<B>(empty);
    let empty3 = empty2 & shift::<B>(empty2);
    sink.add(pairs & shift::<Q>(empty2), 2, line, Dir::ALL[P]);
    sink.add(triples & shift::<Q>(empty3), 3, line, Dir::ALL[P]);
    sink.add(pairs & shift::<P>(empty2), 2, line, Dir::ALL[Q]);
    sink.add(triples & shift::<P>(empty3), 3, line, Dir::ALL[Q]);
    sink.add(pairs & shift::<T>(empty2), 2, line, Dir::ALL[R]);
    sink.add(triples & shift::<T>(empty3), 3, line, Dir::ALL[R]);
    sink.add(pairs & shift::<R>(empty2), 2, line, Dir::ALL[T]);
    sink.add(triples & shift::<R>(empty3), 3, line, Dir::ALL[T]);
}

/// Whether the side owning `own` has any move other than `pass`.
pub(crate) fn has_move(own: u64, opp: u64) -> bool {
    // Nearly always a single piece can step somewhere; count only when it cannot.
    let empty = BOARD & !(own | opp);
    if own & neighbours_of(empty) != 0 {
        return true;
    }
    let mut counter = Counter(0);
    generate(own, opp, &mut counter);
    counter.0 != 0
}

/// Cells next to any cell of `cells`.
fn neighbours_of(cells: u64) -> u64 {
    shift::<0>(cells)
        | shift::<1>(cells)
        | shift::<2>(cells)
        | shift::<3>(cells)
        | shift::<4>(cells)
        | shift::<5>(cells)
}
