//! The server's random draws: seat tokens, room codes, a random side, its own id. Each is
//! drawn from the generator it is given: the server gives the thread's CSPRNG
//! (`rand::rng()`, ChaCha seeded and reseeded from the OS, which panics only if the OS has
//! no randomness at all on the thread's first draw); tests give a seeded one.

use qipan_engine::games::Side;
use qipan_protocol::{ROOM_CODE_ALPHABET, ROOM_CODE_LEN};
use rand::{CryptoRng, Rng, RngCore};

use crate::hex;
use crate::secret::Secret;

/// A seat token: 128 bits, as 32 hex digits.
pub fn token(rng: &mut impl CryptoRng) -> Secret {
    let mut bytes = [0u8; 16];
    rng.fill_bytes(&mut bytes);
    Secret::new(hex::encode(&bytes))
}

/// A room code: [`ROOM_CODE_LEN`] letters of [`ROOM_CODE_ALPHABET`], each as likely.
pub fn room_code(rng: &mut impl CryptoRng) -> String {
    (0..ROOM_CODE_LEN)
        .map(|_| char::from(ROOM_CODE_ALPHABET[rng.random_range(0..ROOM_CODE_ALPHABET.len())]))
        .collect()
}

/// A side for `"side":"random"`.
pub fn side(rng: &mut impl RngCore) -> Side {
    if rng.random_bool(0.5) {
        Side::X
    } else {
        Side::O
    }
}

/// This process's name in rooms' presence counts: 48 bits, as 12 hex digits.
pub fn server_id(rng: &mut impl RngCore) -> String {
    let mut bytes = [0u8; 6];
    rng.fill_bytes(&mut bytes);
    hex::encode(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use qipan_protocol::normalize_room_code;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    #[test]
    fn tokens_are_128_bits_of_hex_and_differ() {
        let mut rng = StdRng::seed_from_u64(7);
        let (a, b) = (token(&mut rng), token(&mut rng));
        assert_eq!(a.expose().len(), 32);
        assert!(a
            .expose()
            .bytes()
            .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
        assert_ne!(a, b);
        assert_eq!(server_id(&mut rng).len(), 12);
    }

    #[test]
    fn room_codes_are_valid_codes_and_use_every_letter_about_evenly() {
        let mut rng = StdRng::seed_from_u64(11);
        let mut counts = [0u32; 23];
        for _ in 0..2_000 {
            let code = room_code(&mut rng);
            assert_eq!(normalize_room_code(&code).as_deref(), Some(code.as_str()));
            for c in code.bytes() {
                let i = ROOM_CODE_ALPHABET
                    .iter()
                    .position(|&l| l == c)
                    .expect("letter");
                counts[i] += 1;
            }
        }
        // 16,000 letters: about 696 each; a biased draw (a letter twice as likely, or never
        // drawn) falls far outside.
        assert!(
            counts.iter().all(|&n| (550..850).contains(&n)),
            "{counts:?}"
        );
    }

    #[test]
    fn a_random_side_is_either() {
        let mut rng = StdRng::seed_from_u64(3);
        let sides: Vec<Side> = (0..64).map(|_| side(&mut rng)).collect();
        assert!(sides.contains(&Side::X) && sides.contains(&Side::O));
    }
}
