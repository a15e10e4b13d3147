//! Seat tokens a player can have again on any device, with nothing secret at rest.
//!
//! `games` (correspondence.md) gives a logged-in player every seat's token, yet storage keeps
//! only tokens' hashes. So a player's seat token is not drawn: it is derived from their key
//! and a random nonce, `HMAC-SHA256(K, nonce)` with `K = HMAC-SHA256(key, "qipan seat
//! tokens")`. Storage keeps the nonce (no secret) and the token's hash; a connection logged
//! in with the key holds `K` in memory and computes any of the player's tokens again. A copy
//! of the store gives nobody a seat, as before.
//!
//! HMAC is written out here over the `sha2` the server already uses (RFC 2104, a dozen
//! lines, checked against RFC 4231's vectors) rather than taken from one more crate.

use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::hex;
use crate::secret::Secret;

/// SHA-256's block length, HMAC's key length.
const BLOCK: usize = 64;

/// What a connection logged in as a player holds to compute their seat tokens. Never
/// printed, never stored.
#[derive(Clone)]
pub struct SeatKeys([u8; 32]);

impl std::fmt::Debug for SeatKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SeatKeys(***)")
    }
}

/// HMAC-SHA256 (RFC 2104).
fn mac(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut block = [0u8; BLOCK];
    if key.len() > BLOCK {
        block[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        block[..key.len()].copy_from_slice(key);
    }
    let pad = |byte: u8| block.map(|b| b ^ byte);
    let inner = Sha256::new()
        .chain_update(pad(0x36))
        .chain_update(message)
        .finalize();
    Sha256::new()
        .chain_update(pad(0x5c))
        .chain_update(inner)
        .finalize()
        .into()
}

/// A seat's nonce: 16 random bytes as 32 hex digits, stored beside the token's hash.
pub fn draw_nonce() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(&bytes)
}

impl SeatKeys {
    /// The keys of the player whose key (normalized, as `login` reads it) is `key`.
    pub fn of_key(key: &str) -> SeatKeys {
        SeatKeys(mac(key.as_bytes(), b"qipan seat tokens"))
    }

    /// The player's token for the seat drawn with `nonce`: 32 hex digits, as a drawn token.
    pub fn token(&self, nonce: &str) -> Secret {
        Secret::new(hex::encode(&mac(&self.0, nonce.as_bytes())[..16]))
    }

    /// A new seat: its nonce, and the token's hash to store.
    pub fn new_seat(&self) -> (String, String) {
        let nonce = draw_nonce();
        let hash = self.token(&nonce).hash();
        (nonce, hash)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_the_same_on_every_device_and_differs_per_seat_and_player() {
        let ann = SeatKeys::of_key("0f1e2d3c4b5a69788796a5b4c3d2e1f0");
        let again = SeatKeys::of_key("0f1e2d3c4b5a69788796a5b4c3d2e1f0");
        let bo = SeatKeys::of_key("a1b2c3d4e5f60718293a4b5c6d7e8f90");
        let (nonce, hash) = ann.new_seat();
        assert_eq!(again.token(&nonce).hash(), hash);
        assert_ne!(bo.token(&nonce).hash(), hash);
        let (other, _) = ann.new_seat();
        assert_ne!(ann.token(&other).expose(), ann.token(&nonce).expose());
        let token = ann.token(&nonce);
        assert_eq!(token.expose().len(), 32);
        assert!(token.expose().bytes().all(|b| b.is_ascii_hexdigit()));
    }

    #[test]
    fn hmac_sha256_is_the_rfc_4231_one() {
        // RFC 4231, test case 2 (a short key) and 6 (a key longer than a block).
        let out = mac(b"Jefe", b"what do ya want for nothing?");
        assert_eq!(
            hex::encode(&out),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        let out = mac(
            &[0xaa; 131],
            b"Test Using Larger Than Block-Size Key - Hash Key First",
        );
        assert_eq!(
            hex::encode(&out),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        );
    }

    #[test]
    fn seat_keys_never_print() {
        let keys = SeatKeys::of_key("0f1e2d3c4b5a69788796a5b4c3d2e1f0");
        assert_eq!(format!("{keys:?}"), "SeatKeys(***)");
    }
}
