//! Where each position's byte lives: the sliding phase split by piece counts, the placement
//! phase split by the pieces still in hand.
//!
//! A table for at most `K` pieces a side covers every position in which each side has at
//! most `K` pieces in hand and on the board together. `K = 6` is the real game; smaller `K`
//! are the same game started with fewer pieces in hand (`.................. x 4 4`), which
//! the tests solve and check in full.

use super::index::{count, rank_within, unrank, PairShape};
use super::symmetry;
use crate::games::Side;

/// A side with fewer pieces than this (hand and board) has lost.
pub(crate) const FEWEST: usize = 3;
/// The real game's pieces a side.
pub const MAX_PIECES: usize = 6;
/// No subgame or segment in a `subgame_at` or `segment_at` cell.
const NONE: u8 = u8::MAX;

/// The sliding positions with `mover` pieces for the side to move and `opp` for the other.
/// Slots rank the mover's set first (`major`), then the opponent's among the points left:
/// the predecessors of positions with one side to move's set then share one slot in each
/// block, a few hundred cache lines that stay cached while the builder works through them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Subgame {
    pub mover: usize,
    pub opp: usize,
    pub shape: PairShape,
    /// Where its bytes start in the payload.
    pub offset: usize,
    /// Its slots: `shape.len`, or in a reduced layout the kept blocks' slots only.
    pub len: usize,
}

/// Placement positions with `x` and `o` pieces on the board; slots rank x's set first, so
/// that after o's last placement neighbouring slots have their children (x to slide) in
/// the same block of the sliding table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Segment {
    pub shape: PairShape,
    /// Where its bytes start within the stage.
    pub offset: usize,
}

/// The placement positions after `index` placements: both hands, and who places next.
#[derive(Clone, Debug)]
pub(crate) struct Stage {
    pub hands: [usize; 2],
    pub to_move: Side,
    pub segments: Vec<Segment>,
    /// `segment_at[x][o]`: the segment with those board counts, or `NONE`.
    segment_at: [[u8; MAX_PIECES + 1]; MAX_PIECES + 1],
    pub len: usize,
    /// Where its bytes start in the payload, if it is stored (the last two are worked out
    /// from the next stage when asked: they are four fifths of all placement positions).
    pub offset: Option<usize>,
    /// Whether only the blocks of each orbit's representative are kept ([`Layout::reduced`]).
    reduced: bool,
}

#[derive(Clone, Debug)]
pub(crate) struct Layout {
    pub max_pieces: usize,
    /// Only the blocks of each orbit's representative major set are kept ([`Layout::reduced`]).
    pub reduced: bool,
    /// In solving order: fewer pieces first, since a capture only leads to fewer.
    pub subgames: Vec<Subgame>,
    /// `subgame_at[mover][opp]`: the id of the subgame with those counts, or `NONE`.
    subgame_at: [[u8; MAX_PIECES + 1]; MAX_PIECES + 1],
    /// Subgames solved together: a quiet move leads from (m, n) to (n, m).
    pub pairs: Vec<Vec<usize>>,
    pub stages: Vec<Stage>,
    pub sliding_len: usize,
    pub payload_len: usize,
}

impl Layout {
    /// The layout for at most `max_pieces` pieces a side (3 to 6), every position in a slot
    /// of its own: the builder's.
    pub(crate) fn new(max_pieces: usize) -> Layout {
        Layout::with(max_pieces, false)
    }

    /// The layout that keeps, of the blocks of positions that share a major set (the side
    /// to move's, or x's while placing), only those whose set is the smallest of its orbit
    /// under the board's symmetries ([`symmetry`]): a position is looked up through its
    /// image with such a set. About an eleventh of the bytes; what is stored and fetched.
    pub(crate) fn reduced(max_pieces: usize) -> Layout {
        Layout::with(max_pieces, true)
    }

    pub(crate) fn with(max_pieces: usize, reduced: bool) -> Layout {
        let mut subgames = Vec::new();
        let mut pairs = Vec::new();
        let mut offset = 0;
        for total in 2 * FEWEST..=2 * max_pieces {
            for mover in FEWEST..=max_pieces {
                let opp = total - mover;
                if opp < mover || opp > max_pieces {
                    continue;
                }
                let mut pair = Vec::new();
                for (m, n) in [(mover, opp), (opp, mover)] {
                    if pair.len() == 1 && m == n {
                        break;
                    }
                    let shape = PairShape::new(m, n);
                    pair.push(subgames.len());
                    let len = slots(reduced, &shape);
                    subgames.push(Subgame {
                        mover: m,
                        opp: n,
                        shape,
                        offset,
                        len,
                    });
                    offset += len;
                }
                pairs.push(pair);
            }
        }
        let sliding_len = offset;
        let mut subgame_at = [[NONE; MAX_PIECES + 1]; MAX_PIECES + 1];
        for (id, s) in subgames.iter().enumerate() {
            subgame_at[s.mover][s.opp] = id as u8;
        }
        let stage_count = 2 * max_pieces;
        let stages = (0..stage_count)
            .map(|index| {
                let hands = [max_pieces - index.div_ceil(2), max_pieces - index / 2];
                let mut segments = Vec::new();
                let mut segment_at = [[NONE; MAX_PIECES + 1]; MAX_PIECES + 1];
                let mut len = 0;
                for x in FEWEST.saturating_sub(hands[0])..=max_pieces - hands[0] {
                    for o in FEWEST.saturating_sub(hands[1])..=max_pieces - hands[1] {
                        let shape = PairShape::new(x, o);
                        if let Some(cell) = segment_at.get_mut(x).and_then(|row| row.get_mut(o)) {
                            *cell = segments.len() as u8;
                        }
                        let slots = slots(reduced, &shape);
                        segments.push(Segment { shape, offset: len });
                        len += slots;
                    }
                }
                let stored = index + 2 < stage_count;
                let stage = Stage {
                    hands,
                    to_move: if index % 2 == 0 { Side::X } else { Side::O },
                    segments,
                    segment_at,
                    len,
                    offset: stored.then_some(offset),
                    reduced,
                };
                if stored {
                    offset += len;
                }
                stage
            })
            .collect();
        Layout {
            max_pieces,
            reduced,
            subgames,
            subgame_at,
            pairs,
            stages,
            sliding_len,
            payload_len: offset,
        }
    }

    /// The subgame with these piece counts, if the table has it.
    #[inline]
    pub(crate) fn subgame(&self, mover: usize, opp: usize) -> Option<&Subgame> {
        self.subgames.get(self.subgame_id(mover, opp)?)
    }

    /// The id of the subgame with these piece counts.
    #[inline]
    pub(crate) fn subgame_id(&self, mover: usize, opp: usize) -> Option<usize> {
        let id = *self.subgame_at.get(mover)?.get(opp)?;
        (id != NONE).then_some(id as usize)
    }

    /// The slot of a sliding position (side to move's set, other side's set) in the payload.
    #[inline]
    pub(crate) fn sliding_index(&self, mover: u32, opp: u32) -> Option<usize> {
        let subgame = self.subgame(count(mover), count(opp))?;
        Some(subgame.offset + slot(self.reduced, &subgame.shape, mover, opp)?)
    }

    /// The placement stage of a position with these hands and this side to move, if the
    /// table has one: x places when the hands are equal, o when it holds one more.
    pub(crate) fn stage_of(&self, hands: [usize; 2], to_move: Side) -> Option<usize> {
        let k = self.max_pieces;
        let index = match to_move {
            Side::X if hands[0] == hands[1] => 2 * k.checked_sub(hands[0])?,
            Side::O if hands[1] == hands[0] + 1 => 2 * k.checked_sub(hands[1])? + 1,
            _ => return None,
        };
        (index < self.stages.len()).then_some(index)
    }
}

impl Stage {
    /// The segment with these board counts.
    #[inline]
    pub(crate) fn segment(&self, x: usize, o: usize) -> Option<&Segment> {
        let id = *self.segment_at.get(x)?.get(o)?;
        self.segments.get(id as usize)
    }

    /// The slot of a position of this stage, if its board counts belong here.
    #[inline]
    pub(crate) fn index(&self, x: u32, o: u32) -> Option<usize> {
        let segment = self.segment(count(x), count(o))?;
        Some(segment.offset + slot(self.reduced, &segment.shape, x, o)?)
    }

    /// The board (x's set, o's set) in slot `index` (below `len`).
    pub(crate) fn board(&self, index: usize) -> (u32, u32) {
        let segment = self
            .segments
            .iter()
            .rev()
            .find(|s| s.offset <= index)
            .unwrap_or(&self.segments[0]);
        sets(self.reduced, &segment.shape, index - segment.offset)
    }
}

/// The slots of positions of `shape` in a full or a reduced layout.
fn slots(reduced: bool, shape: &PairShape) -> usize {
    if reduced {
        symmetry::kept(shape.major).sets.len() * shape.minor_slots()
    } else {
        shape.len
    }
}

/// The slot of (major set, minor set) among the positions of `shape`. In a reduced layout
/// the position is first mapped to its image whose major set represents its orbit (any map
/// that does so gives a position of the same value, stored in the same block).
#[inline]
pub(crate) fn slot(reduced: bool, shape: &PairShape, major: u32, minor: u32) -> Option<usize> {
    if !reduced {
        return Some(shape.index(major, minor));
    }
    let (major, map) = symmetry::canonical(major);
    let block = symmetry::kept(shape.major).block(major)?;
    let minor = symmetry::image(map, minor);
    Some(block * shape.minor_slots() + rank_within(minor, major) as usize)
}

/// The position (major set, minor set) in slot `index` of `shape`'s positions.
pub(crate) fn sets(reduced: bool, shape: &PairShape, index: usize) -> (u32, u32) {
    if !reduced {
        return shape.sets(index);
    }
    let slots = shape.minor_slots().max(1);
    let major = symmetry::kept(shape.major)
        .sets
        .get(index / slots)
        .copied()
        .unwrap_or(0);
    (major, unrank((index % slots) as u32, shape.minor, major))
}

/// How many positions of the full game each position of block `block` of `shape` stands
/// for: its major set's orbit (1 in a full layout).
pub(crate) fn block_weight(reduced: bool, shape: &PairShape, block: usize) -> u64 {
    if !reduced {
        return 1;
    }
    symmetry::kept(shape.major)
        .orbit
        .get(block)
        .map_or(0, |&n| u64::from(n))
}

/// Every subgame's slots, and every placement stage's, add up to the counts the issue and
/// docs/engine.md give (1.07 × 10⁸ sliding positions).
#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::maddell::POINTS;

    #[test]
    fn the_full_layout_has_the_expected_sizes() {
        let layout = Layout::new(MAX_PIECES);
        assert_eq!(layout.sliding_len, 106_947_204);
        assert_eq!(layout.subgames.len(), 16);
        let stage_lens: Vec<usize> = layout.stages.iter().map(|s| s.len).collect();
        assert_eq!(stage_lens[0], 1);
        // After x's first placement: x's piece anywhere, or already taken (not reachable,
        // but a position all the same).
        assert_eq!(stage_lens[1], 1 + POINTS);
        assert_eq!(stage_lens[11], 64_075_788);
        assert_eq!(stage_lens.iter().sum::<usize>(), 125_120_053);
        // Pairs come in order of total pieces, and a pair's captures lead to earlier pairs.
        let mut seen = Vec::new();
        for pair in &layout.pairs {
            for &id in pair {
                let s = layout.subgames[id];
                if s.opp > FEWEST {
                    let after_capture = layout.subgame_id(s.opp - 1, s.mover).unwrap();
                    assert!(seen.contains(&after_capture));
                }
            }
            seen.extend(pair);
        }
        assert_eq!(layout.stage_of([6, 6], Side::X), Some(0));
        assert_eq!(layout.stage_of([0, 1], Side::O), Some(11));
        assert_eq!(layout.stage_of([1, 1], Side::O), None);
        assert_eq!(layout.stage_of([0, 0], Side::X), None);
    }
}
