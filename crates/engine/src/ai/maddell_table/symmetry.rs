//! The board's twelve symmetries, and the sets of points the reduced table keeps.
//!
//! Three nested triangles joined at their mid-sides look the same after a turn by a third,
//! a mirror through a corner, and swapping the outer and inner triangles: 3 × 2 × 2 = 12
//! maps of the points that keep every line and every mill. A position and its images have
//! the same value, so the reduced table ([`super::Layout::reduced`]) keeps, of the blocks
//! that share one major set (the side to move's pieces, or x's in the placement phase), only
//! the block of the smallest set in its orbit: about a twelfth of the bytes.

use super::index::count;
use crate::games::maddell::POINTS;
use std::sync::OnceLock;

/// How many maps: the identity first.
pub(crate) const MAPS: usize = 12;
/// The most pieces a side, and so the largest major set.
const MAX_SET: usize = super::MAX_PIECES;

/// Where `map` sends `point` (0..18: a1..a6, b1..b6, c1..c6).
const fn image_of_point(map: usize, point: usize) -> usize {
    let (ring, place) = (point / 6, point % 6);
    let swapped = map / 6 == 1;
    let mirrored = map / 3 % 2 == 1;
    let turns = map % 3;
    // The mirror through the top corner: 1 stays, 2 ↔ 6, 3 ↔ 5, 4 stays.
    let place = if mirrored { (6 - place) % 6 } else { place };
    // A third of a turn clockwise moves every point two places on.
    let place = (place + 2 * turns) % 6;
    let ring = if swapped { 2 - ring } else { ring };
    ring * 6 + place
}

/// Each map as three tables of 64 entries, one per six points: a set's image in three
/// lookups.
struct Images {
    chunks: [[[u32; 64]; 3]; MAPS],
}

const IMAGES: Images = images();

const fn images() -> Images {
    let mut chunks = [[[0u32; 64]; 3]; MAPS];
    let mut map = 0;
    while map < MAPS {
        let mut part = 0;
        while part < 3 {
            let mut set = 0;
            while set < 64 {
                let mut out = 0u32;
                let mut q = 0;
                while q < 6 {
                    if set >> q & 1 != 0 {
                        out |= 1 << image_of_point(map, part * 6 + q);
                    }
                    q += 1;
                }
                chunks[map][part][set] = out;
                set += 1;
            }
            part += 1;
        }
        map += 1;
    }
    Images { chunks }
}

/// The image of `set` under `map`.
#[inline]
pub(crate) fn image(map: usize, set: u32) -> u32 {
    let c = &IMAGES.chunks[map];
    c[0][(set & 63) as usize] | c[1][(set >> 6 & 63) as usize] | c[2][(set >> 12 & 63) as usize]
}

/// The smallest image of `set` (its orbit's representative) and a map that gives it.
#[inline]
pub(crate) fn canonical(set: u32) -> (u32, usize) {
    let mut best = (set, 0);
    for map in 1..MAPS {
        let img = image(map, set);
        if img < best.0 {
            best = (img, map);
        }
    }
    best
}

/// The representatives of every orbit of sets of one size, ascending, with the orbit's size.
pub(crate) struct Kept {
    pub sets: Vec<u32>,
    pub orbit: Vec<u8>,
}

impl Kept {
    /// Which block of a reduced shape holds the sets whose representative is `set`.
    #[inline]
    pub(crate) fn block(&self, set: u32) -> Option<usize> {
        self.sets.binary_search(&set).ok()
    }
}

/// The representatives of the sets of `size` points (0 to 6).
pub(crate) fn kept(size: usize) -> &'static Kept {
    static KEPT: OnceLock<Vec<Kept>> = OnceLock::new();
    let all = KEPT.get_or_init(|| {
        let mut kept: Vec<Kept> = (0..=MAX_SET)
            .map(|_| Kept {
                sets: Vec::new(),
                orbit: Vec::new(),
            })
            .collect();
        for set in 0..1u32 << POINTS {
            let size = count(set);
            if size > MAX_SET || canonical(set).0 != set {
                continue;
            }
            let mut images: Vec<u32> = (0..MAPS).map(|m| image(m, set)).collect();
            images.sort_unstable();
            images.dedup();
            kept[size].sets.push(set);
            kept[size].orbit.push(images.len() as u8);
        }
        kept
    });
    &all[size.min(MAX_SET)]
}

/// The points of `set`, each sent by `map` (for tests and checks: [`image`] is the fast way).
#[cfg(test)]
fn image_by_points(map: usize, set: u32) -> u32 {
    super::index::bits(set).fold(0, |out, p| out | 1 << image_of_point(map, p as usize))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::maddell_table::index::BINOM;
    use crate::games::maddell::{ADJACENT, MILLS};
    use rand::Rng;

    #[test]
    fn every_map_keeps_the_lines_and_the_mills() {
        let mut seen = std::collections::HashSet::new();
        for map in 0..MAPS {
            let perm: Vec<usize> = (0..POINTS).map(|p| image_of_point(map, p)).collect();
            let mut sorted = perm.clone();
            sorted.sort_unstable();
            assert_eq!(
                sorted,
                (0..POINTS).collect::<Vec<_>>(),
                "map {map} is a permutation"
            );
            assert!(seen.insert(perm.clone()), "map {map} is not a repeat");
            for p in 0..POINTS {
                assert_eq!(
                    image(map, ADJACENT[p]),
                    ADJACENT[perm[p]],
                    "map {map}, lines at {p}"
                );
            }
            let mut mills: Vec<u32> = MILLS.iter().map(|&m| image(map, m)).collect();
            let mut expected = MILLS.to_vec();
            mills.sort_unstable();
            expected.sort_unstable();
            assert_eq!(mills, expected, "map {map} sends mills to mills");
        }
        assert_eq!(image(0, 0b1011), 0b1011, "map 0 is the identity");
    }

    #[test]
    fn the_fast_images_agree_with_point_by_point() {
        let mut rng = crate::random::seeded(7, 0);
        for _ in 0..10_000 {
            let set = rng.random::<u32>() & ((1 << POINTS) - 1);
            for map in 0..MAPS {
                assert_eq!(image(map, set), image_by_points(map, set));
            }
        }
    }

    #[test]
    fn the_kept_sets_cover_every_set_once_by_orbit() {
        for (size, &sets) in BINOM[POINTS].iter().enumerate().take(MAX_SET + 1) {
            let kept = kept(size);
            let covered: u64 = kept.orbit.iter().map(|&n| u64::from(n)).sum();
            assert_eq!(covered, u64::from(sets), "size {size}");
            assert!(kept.sets.windows(2).all(|w| w[0] < w[1]));
            // Orbit sizes divide the group's order.
            assert!(kept.orbit.iter().all(|&n| MAPS.is_multiple_of(n as usize)));
        }
        // Six pieces: 18 564 sets in 1 683 orbits (by Burnside's count of fixed sets).
        assert_eq!(kept(6).sets.len(), 1_683);
    }
}
