//! The words every layer of Qipan shares: which game ([`GameId`], [`Variant`]), which side
//! ([`Side`]), where a game stands and why it ended ([`Status`], [`EndReason`]), each with the
//! one spelling the position texts, the command line, the online protocol and the stored
//! rooms use.
//!
//! The engine, the protocol, the session and the server all take these types from here, so
//! a side or a status is defined once and no layer matches another's words as strings: the
//! only place a game id, a status or a reason is read from text or written as text is this
//! crate.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

mod status;

pub use status::{EndReason, Status, StatusError};

/// One of the two sides. `X` moves first in every standard start.
///
/// On the wire and in stored rooms a side is `"x"` or `"o"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    X,
    O,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::X, Side::O];

    pub fn opponent(self) -> Side {
        match self {
            Side::X => Side::O,
            Side::O => Side::X,
        }
    }

    /// The one-letter spelling used in position texts and on the wire.
    pub fn letter(self) -> char {
        match self {
            Side::X => 'x',
            Side::O => 'o',
        }
    }

    pub fn from_letter(text: &str) -> Option<Side> {
        match text {
            "x" => Some(Side::X),
            "o" => Some(Side::O),
            _ => None,
        }
    }

    /// The side's place in a pair kept as `[x, o]`.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The five games, as the command line, saved games and the online protocol name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameId {
    Push,
    #[serde(rename = "shuangcheng")]
    ShuangCheng,
    Maddell,
    Blockade,
    Cannon,
}

impl GameId {
    pub const ALL: [GameId; 5] = [
        GameId::Push,
        GameId::ShuangCheng,
        GameId::Maddell,
        GameId::Blockade,
        GameId::Cannon,
    ];

    /// The rule options the game offers.
    pub fn options(self) -> &'static [RuleOption] {
        match self {
            GameId::Blockade => &[RuleOption::Solidarity],
            GameId::Push | GameId::ShuangCheng | GameId::Maddell | GameId::Cannon => &[],
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            GameId::Push => "push",
            GameId::ShuangCheng => "shuangcheng",
            GameId::Maddell => "maddell",
            GameId::Blockade => "blockade",
            GameId::Cannon => "cannon",
        }
    }
}

/// A rule option a game may offer. A game played with it is a game of its own: its id
/// carries the option (`blockade:solidarity`), and the app keeps it apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleOption {
    /// Blockade: a piece next to a friendly piece may also move two or three points.
    Solidarity,
}

impl RuleOption {
    /// The option's name in game ids.
    pub fn name(self) -> &'static str {
        match self {
            RuleOption::Solidarity => "solidarity",
        }
    }
}

/// A game together with its rule options. Only Blockade has one (Solidarity).
///
/// Saved games and the app's kept state write it as a struct (`{"game":..,"solidarity":..}`,
/// its derived serde form); the online protocol writes its id (`blockade:solidarity`)
/// through [`variant_id`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Variant {
    pub game: GameId,
    #[serde(default)]
    pub solidarity: bool,
}

impl Variant {
    /// Every game with every set of its options: first each game plain, in [`GameId::ALL`]'s
    /// order, then the games with an option. What the tests, the benches and the tools
    /// iterate over (each id is [`Variant`]'s `Display`, which [`Variant::parse`] reads
    /// back).
    pub const ALL: [Variant; 6] = [
        Variant::plain(GameId::Push),
        Variant::plain(GameId::ShuangCheng),
        Variant::plain(GameId::Maddell),
        Variant::plain(GameId::Blockade),
        Variant::plain(GameId::Cannon),
        Variant {
            game: GameId::Blockade,
            solidarity: true,
        },
    ];

    pub const fn plain(game: GameId) -> Variant {
        Variant {
            game,
            solidarity: false,
        }
    }

    /// Reads a game id such as `push` or `blockade:solidarity`.
    pub fn parse(text: &str) -> Result<Variant, VariantError> {
        let (name, option) = match text.split_once(':') {
            Some((name, option)) => (name, Some(option)),
            None => (text, None),
        };
        let game = GameId::ALL
            .into_iter()
            .find(|id| id.name() == name)
            .ok_or_else(|| VariantError::UnknownGame(text.to_owned()))?;
        match option {
            None => Ok(Variant::plain(game)),
            Some(option) => game
                .options()
                .iter()
                .find(|o| o.name() == option)
                .map(|&o| Variant::plain(game).with(o, true))
                .ok_or_else(|| VariantError::UnknownOption(text.to_owned())),
        }
    }

    /// This game with `option` on or off; an option the game does not offer changes
    /// nothing.
    pub fn with(self, option: RuleOption, on: bool) -> Variant {
        if !self.game.options().contains(&option) {
            return self;
        }
        match option {
            RuleOption::Solidarity => Variant {
                solidarity: on,
                ..self
            },
        }
    }

    /// Whether `option` is on.
    pub fn has(self, option: RuleOption) -> bool {
        match option {
            RuleOption::Solidarity => self.solidarity,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.game.name())?;
        if self.solidarity {
            f.write_str(":")?;
            f.write_str(RuleOption::Solidarity.name())?;
        }
        Ok(())
    }
}

/// Ordered by the id's text, so that a map keyed by variants (a player's ratings) writes its
/// keys in the order a map keyed by the ids' strings did.
impl Ord for Variant {
    fn cmp(&self, other: &Variant) -> std::cmp::Ordering {
        self.to_string().cmp(&other.to_string())
    }
}

impl PartialOrd for Variant {
    fn partial_cmp(&self, other: &Variant) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// A variant written as its id (`"blockade:solidarity"`), the online protocol's form:
/// `#[serde(with = "qipan_vocab::variant_id")]`.
pub mod variant_id {
    use super::*;

    pub fn serialize<S: Serializer>(variant: &Variant, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(variant)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Variant::parse(&text).map_err(serde::de::Error::custom)
    }

    /// The same for `Option<Variant>` (`null` for none).
    pub mod option {
        use super::*;

        pub fn serialize<S: Serializer>(
            variant: &Option<Variant>,
            s: S,
        ) -> Result<S::Ok, S::Error> {
            match variant {
                Some(variant) => s.collect_str(variant),
                None => s.serialize_none(),
            }
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Variant>, D::Error> {
            match Option::<std::borrow::Cow<'de, str>>::deserialize(d)? {
                None => Ok(None),
                Some(text) => Variant::parse(&text)
                    .map(Some)
                    .map_err(serde::de::Error::custom),
            }
        }
    }
}

/// A map keyed by variants, written with their ids as keys (a player's ratings).
pub mod variant_map {
    use super::*;
    use std::collections::BTreeMap;

    pub fn serialize<S: Serializer, T: Serialize>(
        map: &BTreeMap<Variant, T>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_map(
            map.iter()
                .map(|(variant, value)| (variant.to_string(), value)),
        )
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
    ) -> Result<BTreeMap<Variant, T>, D::Error> {
        let by_id = BTreeMap::<String, T>::deserialize(d)?;
        by_id
            .into_iter()
            .map(|(id, value)| {
                Variant::parse(&id)
                    .map(|variant| (variant, value))
                    .map_err(serde::de::Error::custom)
            })
            .collect()
    }
}

/// A game id that names no game, or an option the game does not have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    UnknownGame(String),
    UnknownOption(String),
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::UnknownGame(text) => {
                let names = GameId::ALL.map(GameId::name);
                write!(f, "unknown game '{text}' (expected ")?;
                for (i, name) in names.iter().enumerate() {
                    let separator = match i {
                        0 => "",
                        i if i + 1 == names.len() => " or ",
                        _ => ", ",
                    };
                    write!(f, "{separator}{name}")?;
                }
                f.write_str(")")
            }
            VariantError::UnknownOption(text) => {
                let with_options: Vec<String> = Variant::ALL
                    .iter()
                    .filter(|v| **v != Variant::plain(v.game))
                    .map(Variant::to_string)
                    .collect();
                write!(
                    f,
                    "unknown rule option in '{text}' (only {} exists)",
                    with_options.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for VariantError {}

#[cfg(test)]
mod tests;
