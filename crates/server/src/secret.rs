//! Secrets a client holds (seat tokens; the lobby's player keys), as a type that cannot be
//! logged: whatever prints one, `{}` or `{:?}`, prints `***`.

use std::fmt;

use sha2::{Digest, Sha256};

use crate::hex;

/// A secret's text, readable only through [`Secret::expose`]: for the one frame that
/// hands it to its holder, and for [`Secret::hash`].
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(text: String) -> Secret {
        Secret(text)
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    /// What storage keeps instead (SHA-256, hex): a copy of the store or the bucket gives
    /// nobody a seat.
    pub fn hash(&self) -> String {
        hex::encode(&Sha256::digest(self.0.as_bytes()))
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_prints_as_stars_however_it_is_printed() {
        let token = Secret::new("0123456789abcdef0123456789abcdef".to_owned());
        #[derive(Debug)]
        #[allow(dead_code)]
        struct Holder {
            token: Secret,
        }
        let holder = Holder {
            token: token.clone(),
        };
        for text in [
            format!("{token}"),
            format!("{token:?}"),
            format!("{holder:?}"),
            format!("{holder:#?}"),
        ] {
            assert!(!text.contains("0123"), "{text}");
            assert!(text.contains("***"), "{text}");
        }
        assert_eq!(token.expose(), "0123456789abcdef0123456789abcdef");
    }

    #[test]
    fn tokens_are_kept_as_sha256_hex() {
        let hash = Secret::new("a".to_owned()).hash();
        assert_eq!(
            hash,
            "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb"
        );
    }
}
