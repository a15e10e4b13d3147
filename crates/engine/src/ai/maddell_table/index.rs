//! Combinatorial ranking: every arrangement of two disjoint piece sets of given sizes gets a
//! dense slot, so that a value table is a plain byte array rather than a hash map.
//!
//! A pair of sets is ranked as (major, minor): the major set among all 18 points, the minor
//! set among the points the major set leaves free, each in colexicographic order. That gives
//! `C(18, |major|) · C(18 − |major|, |minor|)` slots, none wasted.

use crate::games::maddell::POINTS;

/// Every point's bit.
pub(crate) const ALL: u32 = (1 << POINTS) - 1;

/// `BINOM[n][k]` = n choose k, for n, k ≤ 18 (zero when k > n).
pub(crate) const BINOM: [[u32; POINTS + 1]; POINTS + 1] = binomials();

const fn binomials() -> [[u32; POINTS + 1]; POINTS + 1] {
    let mut table = [[0u32; POINTS + 1]; POINTS + 1];
    let mut n = 0;
    while n <= POINTS {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
}

/// The bits of `mask` as points, lowest first.
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let point = mask.trailing_zeros();
        mask &= mask - 1;
        Some(point)
    })
}

/// The colex rank of a set split into three 6-point chunks: a chunk's share depends only
/// on its bits and on how many points lie below it, so three table reads replace a walk
/// over the points. `high[j][c]`: the share of the top chunk `c` above `j` points.
struct RankParts {
    low: [u32; 64],
    mid: [[u32; 64]; 7],
    high: [[u32; 64]; 13],
    count: [u8; 64],
}

const RANK_PARTS: RankParts = rank_parts();

const fn rank_parts() -> RankParts {
    let mut parts = RankParts {
        low: [0; 64],
        mid: [[0; 64]; 7],
        high: [[0; 64]; 13],
        count: [0; 64],
    };
    let mut chunk = 0;
    while chunk < 64 {
        parts.count[chunk] = (chunk as u32).count_ones() as u8;
        let mut below = 0;
        while below < 13 {
            let mut share = [0u32; 3];
            let mut nth = below;
            let mut q = 0;
            while q < 6 {
                if chunk >> q & 1 != 0 {
                    nth += 1;
                    share[0] += BINOM[q][nth];
                    share[1] += BINOM[6 + q][nth];
                    share[2] += BINOM[12 + q][nth];
                }
                q += 1;
            }
            if below == 0 {
                parts.low[chunk] = share[0];
            }
            if below < 7 {
                parts.mid[below][chunk] = share[1];
            }
            parts.high[below][chunk] = share[2];
            below += 1;
        }
        chunk += 1;
    }
    parts
}

/// The colex rank of `set` among the sets of its size on all 18 points (at most 12 of its
/// points below the top chunk, which always holds here: sets have at most 6 points).
#[inline]
pub(crate) fn rank_all(set: u32) -> u32 {
    let parts = &RANK_PARTS;
    let (low, mid, high) = (set & 63, set >> 6 & 63, set >> 12 & 63);
    let below_mid = parts.count[low as usize] as usize;
    let below_high = (below_mid + parts.count[mid as usize] as usize).min(12);
    parts.low[low as usize]
        + parts.mid[below_mid.min(6)][mid as usize]
        + parts.high[below_high][high as usize]
}

/// The colex rank of `set` among the sets of its size on the points outside `skip`.
#[inline]
pub(crate) fn rank_within(set: u32, skip: u32) -> u32 {
    rank_all(compress(set, skip))
}

/// How many points `set` holds (a table read per 6-point chunk: the default x86-64 target
/// has no population-count instruction, and its bit-twiddling stand-in is slower).
#[inline]
pub(crate) fn count(set: u32) -> usize {
    let count = &RANK_PARTS.count;
    (count[(set & 63) as usize]
        + count[(set >> 6 & 63) as usize]
        + count[(set >> 12 & 63) as usize]) as usize
}

/// `SQUEEZE[skip][set]`: the bits of the 6-point chunk `set` with the points of `skip`
/// taken out (a parallel bit extract, one chunk at a time).
const SQUEEZE: [[u8; 64]; 64] = squeeze_table();

const fn squeeze_table() -> [[u8; 64]; 64] {
    let mut table = [[0u8; 64]; 64];
    let mut skip = 0;
    while skip < 64 {
        let mut set = 0;
        while set < 64 {
            let (mut out, mut next, mut q) = (0u8, 0, 0);
            while q < 6 {
                if skip >> q & 1 == 0 {
                    if set >> q & 1 != 0 {
                        out |= 1 << next;
                    }
                    next += 1;
                }
                q += 1;
            }
            table[skip][set] = out;
            set += 1;
        }
        skip += 1;
    }
    table
}

/// Renumbers the points of `set` (disjoint from `skip`) as if the points of `skip` were not
/// there.
#[inline]
pub(crate) fn compress(set: u32, skip: u32) -> u32 {
    let chunk = |shift: u32| {
        let skip = (skip >> shift & 63) as usize;
        let free = 6 - RANK_PARTS.count[skip] as u32;
        (SQUEEZE[skip][(set >> shift & 63) as usize] as u32, free)
    };
    let (low, low_free) = chunk(0);
    let (mid, mid_free) = chunk(6);
    let (high, _) = chunk(12);
    low | mid << low_free | high << (low_free + mid_free)
}

/// The most pieces a set holds here: tables cover up to six pieces a side.
const MAX_SET: usize = 6;

/// Every set of up to [`MAX_SET`] points in colex order, by size: colex order is the order
/// of the masks as numbers, so a set's rank is its place in this list. A set ranked among
/// the points outside `skip` is the same list read in "compressed" coordinates.
struct ColexList {
    starts: [usize; MAX_SET + 2],
    masks: Vec<u32>,
}

fn colex_list() -> &'static ColexList {
    static LIST: std::sync::OnceLock<ColexList> = std::sync::OnceLock::new();
    LIST.get_or_init(|| {
        let mut starts = [0; MAX_SET + 2];
        for size in 0..=MAX_SET {
            starts[size + 1] = starts[size] + BINOM[POINTS][size] as usize;
        }
        let mut masks = vec![0; starts[MAX_SET + 1]];
        let mut filled = starts;
        for mask in 0..=ALL {
            let size = mask.count_ones() as usize;
            if size <= MAX_SET {
                masks[filled[size]] = mask;
                filled[size] += 1;
            }
        }
        ColexList { starts, masks }
    })
}

/// The set of `size` points outside `skip` whose colex rank is `rank` (below
/// `C(free points, size)`).
#[inline]
pub(crate) fn unrank(rank: u32, size: usize, skip: u32) -> u32 {
    let compressed = if size <= MAX_SET {
        let list = colex_list();
        list.masks
            .get(list.starts[size] + rank as usize)
            .copied()
            .unwrap_or(0)
    } else {
        unrank_by_search(rank, size)
    };
    deposit(compressed, skip)
}

/// Colex unranking by walking down the binomials (for sets too large for the list).
fn unrank_by_search(mut rank: u32, size: usize) -> u32 {
    let mut compressed = 0u32;
    let mut c = POINTS;
    for nth in (1..=size).rev() {
        // The largest c with C(c, nth) ≤ rank; C(nth − 1, nth) = 0 stops the walk.
        c -= 1;
        while BINOM[c][nth] > rank {
            c -= 1;
        }
        compressed |= 1 << c;
        rank -= BINOM[c][nth];
    }
    compressed
}

/// Moves the bits of `compressed` (coordinates among the points outside `skip`) to the
/// points they stand for: a zero is inserted at each point of `skip`, lowest first.
#[inline]
fn deposit(compressed: u32, skip: u32) -> u32 {
    let mut out = compressed;
    for p in bits(skip) {
        let below = (1u32 << p) - 1;
        out = (out & below) | (out & !below) << 1;
    }
    out
}

/// The slots of every (major, minor) arrangement with the given set sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PairShape {
    pub major: usize,
    pub minor: usize,
    /// Minor arrangements per major set: `C(18 − major, minor)`.
    minor_slots: usize,
    pub len: usize,
}

impl PairShape {
    pub(crate) const fn new(major: usize, minor: usize) -> PairShape {
        let minor_slots = BINOM[POINTS - major][minor] as usize;
        PairShape {
            major,
            minor,
            minor_slots,
            len: BINOM[POINTS][major] as usize * minor_slots,
        }
    }

    /// The slot of two disjoint sets of this shape's sizes.
    #[inline]
    pub(crate) fn index(&self, major_set: u32, minor_set: u32) -> usize {
        rank_all(major_set) as usize * self.minor_slots + rank_within(minor_set, major_set) as usize
    }

    /// Minor arrangements per major set: slot = rank of the major set × this + the minor's.
    #[inline]
    pub(crate) fn minor_slots(&self) -> usize {
        self.minor_slots
    }

    /// The two sets in slot `index` (below `len`).
    #[inline]
    pub(crate) fn sets(&self, index: usize) -> (u32, u32) {
        // Slots fit in 32 bits (the largest subgame has 1.7 × 10⁷), and 32-bit division is
        // much cheaper than 64-bit.
        let (index, slots) = (index as u32, self.minor_slots as u32);
        let major = unrank(index / slots, self.major, 0);
        let minor = unrank(index % slots, self.minor, major);
        (major, minor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    /// Every slot decodes to a pair of disjoint sets of the right sizes that ranks back to
    /// the same slot: the ranking is a bijection.
    #[test]
    fn ranking_is_a_bijection() {
        for (major, minor) in [(0, 0), (3, 3), (4, 2), (2, 5), (0, 4), (5, 0), (1, 6)] {
            let shape = PairShape::new(major, minor);
            for index in 0..shape.len {
                let (a, b) = shape.sets(index);
                assert_eq!(a & b, 0);
                assert_eq!(a & !ALL, 0);
                assert_eq!(
                    (a.count_ones() as usize, b.count_ones() as usize),
                    (major, minor)
                );
                assert_eq!(shape.index(a, b), index, "{major} {minor} {a:b} {b:b}");
            }
        }
    }

    /// The table-driven rank agrees with the definition (a sum of binomials) on every set
    /// of up to six points.
    #[test]
    fn ranks_follow_the_definition() {
        for set in 0..=ALL {
            if set.count_ones() <= 6 {
                let by_definition: u32 = bits(set)
                    .enumerate()
                    .map(|(nth, p)| BINOM[p as usize][nth + 1])
                    .sum();
                assert_eq!(rank_all(set), by_definition, "{set:b}");
            }
        }
    }

    #[test]
    fn compress_and_count_follow_their_definitions() {
        let mut rng = crate::random::seeded(7, 0);
        for _ in 0..100_000 {
            let skip = rng.random::<u32>() & ALL;
            let set = rng.random::<u32>() & ALL & !skip;
            let slow: u32 = bits(set)
                .map(|p| 1 << (p - (skip & ((1 << p) - 1)).count_ones()))
                .sum();
            assert_eq!(compress(set, skip), slow);
            assert_eq!(count(set), set.count_ones() as usize);
        }
    }

    #[test]
    fn both_unrankings_agree() {
        for (size, &sets) in BINOM[POINTS].iter().enumerate().take(MAX_SET + 1) {
            for rank in 0..sets {
                assert_eq!(unrank(rank, size, 0), unrank_by_search(rank, size));
            }
        }
    }

    #[test]
    fn binomials_are_right() {
        assert_eq!(BINOM[18][6], 18564);
        assert_eq!(BINOM[12][6], 924);
        assert_eq!(BINOM[5][7], 0);
        assert_eq!(PairShape::new(6, 6).len, 17_153_136);
    }
}
