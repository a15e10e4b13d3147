//! Players' names (lobby.md): what makes two names one player ([`NameKey`]), a name as a
//! player wrote it ([`Name`]), and the name as storage keys spell it. Words that storage
//! and the lobby share; which names may be registered is the lobby's rule
//! (`lobby::players`).

use std::fmt;

use qipan_protocol::ErrorCode;

use crate::hex;

/// What makes two names the same player: the name under Unicode's full case folding
/// (CaseFolding.txt, statuses C and F, through `unicase`), the comparison Unicode defines
/// for "ignoring case". Unlike lower-casing it also makes `ΟΔΟΣ`, `οδος` and `οδοσ` one name
/// (final sigma) and `STRASSE` and `straße` one (ß folds to ss). Scripts without case (Han,
/// Arabic, ...) fold to themselves. Stores index players by it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NameKey(String);

impl NameKey {
    /// The key of any text, a valid name or not: how `GET /api/players/NAME` finds a player.
    pub fn of(text: &str) -> NameKey {
        NameKey(unicase::UniCase::new(text).to_folded_case())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The key as the keys of the lobby's entries and of the NATS buckets spell it: they
    /// allow only a few ASCII characters, so the folded name's UTF-8 in hex.
    pub fn to_hex(&self) -> String {
        hex::encode(self.0.as_bytes())
    }

    /// The key a [`NameKey::to_hex`] spells; `None` for a text that is none.
    pub fn from_hex(text: &str) -> Option<NameKey> {
        let folded = String::from_utf8(hex::decode(text)?).ok()?;
        Some(NameKey::of(&folded))
    }
}

/// A name that may be a player's ([`qipan_protocol::is_valid_name`]), kept as it was
/// written, with the key that makes it unique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    text: String,
    key: NameKey,
}

impl Name {
    /// Reads a name as sent; `bad-name` when it breaks the spec's rule.
    pub fn parse(text: &str) -> Result<Name, ErrorCode> {
        if !qipan_protocol::is_valid_name(text) {
            return Err(ErrorCode::BadName);
        }
        Ok(Name {
            text: text.to_owned(),
            key: NameKey::of(text),
        })
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }

    pub fn key(&self) -> &NameKey {
        &self.key
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule itself is tested where it is written, in the protocol.
    #[test]
    fn a_name_is_kept_as_written_and_a_bad_one_is_bad_name() {
        for good in ["Ann", "ÉLODIE", "王小明"] {
            assert_eq!(
                Name::parse(good).map(|n| n.to_string()),
                Ok(good.to_owned()),
                "{good}"
            );
        }
        for bad in ["ab", "Ann Lee", "e\u{301}le"] {
            assert_eq!(Name::parse(bad), Err(ErrorCode::BadName), "{bad:?}");
        }
    }

    #[test]
    fn the_same_name_ignoring_case_in_any_script() {
        // (a, b, whether they are one name)
        let pairs = [
            ("Ann_1", "aNN_1", true),
            ("ΔΗΜΗΤΡΗΣ", "δημητρης", true),
            // Final sigma: one name however the last letter is written.
            ("ΟΔΟΣ", "οδος", true),
            ("οδος", "οδοσ", true),
            ("МАРИЯ", "мария", true),
            ("Ёжик", "ёЖИК", true),
            ("STRASSE", "straße", true),
            ("straẞe", "STRASSE", true),
            ("ǄEMAL", "ǆemal", true),
            ("ǅemal", "ǆemal", true),
            ("ᏣᎳᎩ", "ꮳꮃꭹ", true),
            ("王小明", "王小名", false),
            ("Мария", "Mapия", false),
            ("Ann_1", "Ann-1", false),
            ("Ann", "Anne", false),
            ("ΟΔΟΣ", "ΟΔΟΖ", false),
            ("İstanbul", "istanbul", false),
        ];
        for (a, b, same) in pairs {
            let (a, b) = (Name::parse(a).expect(a), Name::parse(b).expect(b));
            assert_eq!(a.key() == b.key(), same, "{a} {b}");
        }
        // A name keeps how it was written; only its key is folded.
        let name = Name::parse("ΟΔΟΣ").expect("a name");
        assert_eq!(name.as_str(), "ΟΔΟΣ");
        assert_eq!(name.key().as_str(), "οδοσ");
        assert_eq!(NameKey::of("王小明").as_str(), "王小明");
        assert_eq!(NameKey::of("A b!"), NameKey::of("a B!"));
    }

    #[test]
    fn a_key_reads_back_from_its_hex() {
        for name in ["Ann", "Мария", "王小明"] {
            let key = NameKey::of(name);
            let hex = key.to_hex();
            assert!(hex.bytes().all(|b| b.is_ascii_hexdigit()), "{hex}");
            assert_eq!(NameKey::from_hex(&hex), Some(key));
        }
        assert_eq!(NameKey::from_hex("zz"), None);
        assert_eq!(NameKey::from_hex("ff"), None, "not UTF-8");
    }
}
