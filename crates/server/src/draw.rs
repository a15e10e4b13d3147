//! The server's random draws: seat tokens, room codes, a random side, its own id.

use qipan_engine::games::Side;
use qipan_protocol::{ROOM_CODE_ALPHABET, ROOM_CODE_LEN};

/// OS randomness for codes and tokens. If the OS cannot give any, nothing can be made
/// safely, so the request fails rather than falling back to a weaker source.
fn random_bytes<const N: usize>() -> Option<[u8; N]> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes)
}

/// A seat token: 128 bits from the OS, as 32 hex digits.
pub fn token() -> Option<String> {
    Some(
        random_bytes::<16>()?
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect(),
    )
}

// The draw below is written for 23 letters.
const _: () = assert!(ROOM_CODE_ALPHABET.len() == 23);

/// A room code: [`ROOM_CODE_LEN`] letters of [`ROOM_CODE_ALPHABET`], drawn without bias.
pub fn room_code() -> Option<String> {
    let mut code = String::with_capacity(ROOM_CODE_LEN);
    while code.len() < ROOM_CODE_LEN {
        for b in random_bytes::<16>()? {
            // 230 = 10 × 23: bytes at or above it are dropped so every letter is as likely.
            if b < 230 && code.len() < ROOM_CODE_LEN {
                code.push(ROOM_CODE_ALPHABET[(b % 23) as usize] as char);
            }
        }
    }
    Some(code)
}

/// A side for `"side":"random"`.
pub fn side() -> Option<Side> {
    let [b] = random_bytes::<1>()?;
    Some(if b & 1 == 0 { Side::X } else { Side::O })
}

/// This process's name in rooms' presence counts.
pub fn server_id() -> Option<String> {
    Some(token()?[..12].to_owned())
}
