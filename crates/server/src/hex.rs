//! Lowercase hex, the one spelling of bytes as text here: tokens, keys and their SHA-256
//! hashes, the server's id, and names in storage keys (which allow only a few ASCII
//! characters).

/// The bytes as lowercase hex digits, two a byte.
pub fn encode(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The bytes that `text` spells, two hex digits a byte (either case); `None` when it is no
/// such text.
pub fn decode(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| {
            text.get(i..i + 2)
                .filter(|pair| pair.bytes().all(|b| b.is_ascii_hexdigit()))
                .and_then(|pair| u8::from_str_radix(pair, 16).ok())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_read_back_from_their_hex() {
        assert_eq!(encode(&[0x00, 0x0f, 0xa5, 0xff]), "000fa5ff");
        assert_eq!(decode("000fa5ff"), Some(vec![0x00, 0x0f, 0xa5, 0xff]));
        assert_eq!(decode("000FA5FF"), Some(vec![0x00, 0x0f, 0xa5, 0xff]));
        assert_eq!(decode(""), Some(Vec::new()));
        for bad in ["0", "zz", "0g", "+1", "é0"] {
            assert_eq!(decode(bad), None, "{bad}");
        }
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(decode(&encode(&all)), Some(all));
    }
}
