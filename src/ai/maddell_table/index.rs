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

/// Ranks sets among the points outside a fixed set (`skip`): each point's position among
/// the free points is worked out once, so ranking many sets against one `skip` is cheap.
#[derive(Clone, Copy)]
pub(crate) struct Ranker {
    /// `coord[p]`: how many free points lie below p.
    coord: [u8; POINTS],
}

impl Ranker {
    pub(crate) fn new(skip: u32) -> Ranker {
        let mut coord = [0u8; POINTS];
        let mut free_below = 0u8;
        for (p, slot) in coord.iter_mut().enumerate() {
            *slot = free_below;
            if skip & (1 << p) == 0 {
                free_below += 1;
            }
        }
        Ranker { coord }
    }

    /// The colex rank of `set` (disjoint from `skip`) among the sets of its size.
    #[inline]
    pub(crate) fn rank(&self, set: u32) -> u32 {
        let mut rank = 0;
        let mut nth = 1;
        let mut rest = set;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rank += BINOM[self.coord[p] as usize][nth];
            nth += 1;
            rest &= rest - 1;
        }
        rank
    }
}

/// The colex rank of `set` among the sets of its size on all 18 points.
#[inline]
pub(crate) fn rank_all(set: u32) -> u32 {
    let mut rank = 0;
    let mut nth = 1;
    let mut rest = set;
    while rest != 0 {
        rank += BINOM[rest.trailing_zeros() as usize][nth];
        nth += 1;
        rest &= rest - 1;
    }
    rank
}

/// The set of `size` points outside `skip` whose colex rank is `rank` (below
/// `C(free points, size)`).
pub(crate) fn unrank(mut rank: u32, size: usize, skip: u32) -> u32 {
    let free = ALL & !skip;
    let mut compressed = 0u32;
    let mut c = free.count_ones() as usize;
    for nth in (1..=size).rev() {
        // The largest c with C(c, nth) ≤ rank; C(nth − 1, nth) = 0 stops the walk.
        c -= 1;
        while BINOM[c][nth] > rank {
            c -= 1;
        }
        compressed |= 1 << c;
        rank -= BINOM[c][nth];
    }
    deposit(compressed, free)
}

/// Spreads the low bits of `compressed` over the set bits of `free`, lowest first.
fn deposit(compressed: u32, free: u32) -> u32 {
    let mut out = 0;
    let mut rest = free;
    let mut i = 0;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        if compressed >> i & 1 != 0 {
            out |= bit;
        }
        rest ^= bit;
        i += 1;
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
        rank_all(major_set) as usize * self.minor_slots
            + Ranker::new(major_set).rank(minor_set) as usize
    }

    /// Where the slots of one major set begin: `index = major_base + ranker.rank(minor)`.
    #[inline]
    pub(crate) fn major_base(&self, major_set: u32) -> usize {
        rank_all(major_set) as usize * self.minor_slots
    }

    /// The two sets in slot `index` (below `len`).
    pub(crate) fn sets(&self, index: usize) -> (u32, u32) {
        let major = unrank((index / self.minor_slots) as u32, self.major, 0);
        let minor = unrank((index % self.minor_slots) as u32, self.minor, major);
        (major, minor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
                let ranker = Ranker::new(a);
                assert_eq!(shape.major_base(a) + ranker.rank(b) as usize, index);
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
