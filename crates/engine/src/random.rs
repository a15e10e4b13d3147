//! The engine's random draws. Every one is seeded, so that a seed names one result on every
//! machine: the same puzzles from `qipan-cli puzzles --seed S`, the same games from
//! `qipan-cli match --seed N`, the same mistakes of a level, the same Zobrist keys.

use rand::SeedableRng;

/// The generator of every draw: ChaCha with 8 rounds. Its stream for a seed is promised to
/// stay the same across rand versions and platforms (`StdRng`'s is not), which the shipped
/// puzzle sets depend on; and each seed has 2^64 streams, so a draw is addressed by what it
/// is for (puzzle k, game k, sample i) without drawing the ones before it.
pub type SeededRng = rand_chacha::ChaCha8Rng;

/// Stream `stream` of `seed`.
pub fn seeded(seed: u64, stream: u64) -> SeededRng {
    let mut rng = SeededRng::seed_from_u64(seed);
    rng.set_stream(stream);
    rng
}

/// A hash of `z` (splitmix64's finaliser): every bit of the result depends on every bit of
/// `z`. Not a generator: the search blurs its evaluation by a hash of the position and the
/// seed, read at every leaf, where the same position must get the same blur and seeding a
/// generator would cost too much.
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
