//! Players (lobby.md): which names may be registered, keys and how they are kept, and the
//! limit on registrations (what makes two names one is `names.rs`). Pure apart from
//! [`Key::new`], which asks the OS for randomness; time is an argument.

use crate::hex;
use crate::lobby::computer::ComputerPlayer;
use crate::names::Name;
use crate::secret::Secret;
use qipan_protocol::{normalize_key, ErrorCode};
use rand::rngs::OsRng;
use rand::TryRngCore;
use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::hash::Hash;

/// A name someone asks to register: as [`Name::parse`], and `name-taken` for a computer
/// player's name in any case. (Whether a person took it first is the store's question, by
/// [`Name::key`].)
pub fn to_register(text: &str) -> Result<Name, ErrorCode> {
    let name = Name::parse(text)?;
    if ComputerPlayer::named(name.as_str()).is_some() {
        return Err(ErrorCode::NameTaken);
    }
    Ok(name)
}

/// A player's key: whoever holds it is that player. 128 bits from the OS's CSPRNG, as the
/// protocol's 32 hex digits. It is sent once, to the connection that registered or logged
/// in, and never logged (`Debug` hides it); the store keeps only [`Key::hash`].
#[derive(Clone, PartialEq, Eq)]
pub struct Key(Secret);

impl Key {
    /// A new key; `None` when the OS gives no randomness (no key is made from a weaker
    /// source: the registration fails as `unavailable`).
    pub fn new() -> Option<Key> {
        let mut bytes = [0u8; 16];
        OsRng.try_fill_bytes(&mut bytes).ok()?;
        Some(Key(Secret::new(hex::encode(&bytes))))
    }

    /// A key as a `login` sends it (tidied as the protocol reads keys); `None` is `bad-key`
    /// before anything is looked up.
    pub fn parse(text: &str) -> Option<Key> {
        normalize_key(text).map(|text| Key(Secret::new(text)))
    }

    /// The text sent in the `player` frame, to its holder alone.
    pub fn reveal(&self) -> &str {
        self.0.expose()
    }

    /// What the store keeps and looks players up by: SHA-256, hex (as seat tokens are
    /// kept). A fast unsalted hash is enough here, unlike for passwords: a key is 128 random
    /// bits, so nobody can try keys against a stolen hash however fast the hash is, and the
    /// same key always gives the same hash, so a login finds its player by an index.
    pub fn hash(&self) -> String {
        self.0.hash()
    }
}

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Key(..)")
    }
}

/// Registrations one address may make in any 60 seconds. lobby.md asks that at least 10
/// succeed and never more than 60; 20 leaves a family or a classroom behind one address
/// room, and keeps three servers behind one load balancer within 60 together.
pub const REGISTRATIONS_PER_WINDOW: usize = 20;

/// The window of [`REGISTRATIONS_PER_WINDOW`].
pub const REGISTRATION_WINDOW_MS: u64 = 60_000;

/// The registrations of one address in the last 60 seconds: a sliding window, so that no
/// 60 seconds ever hold more than [`REGISTRATIONS_PER_WINDOW`], and an address that
/// registers at most that many in any 60 seconds is never refused.
#[derive(Clone, Debug, Default)]
pub struct RegistrationLimit {
    /// When each admitted registration was asked for, oldest first, all within the window.
    admitted: VecDeque<u64>,
}

impl RegistrationLimit {
    /// Whether a registration at `now_ms` may go ahead; if so it counts from now on. A
    /// clock that goes back counts as standing still.
    pub fn admit(&mut self, now_ms: u64) -> bool {
        let now = now_ms.max(self.admitted.back().copied().unwrap_or(0));
        while self
            .admitted
            .front()
            .is_some_and(|&at| now.saturating_sub(at) >= REGISTRATION_WINDOW_MS)
        {
            self.admitted.pop_front();
        }
        if self.admitted.len() >= REGISTRATIONS_PER_WINDOW {
            return false;
        }
        self.admitted.push_back(now);
        true
    }

    /// An admitted registration that did not happen (the name was taken, storage failed):
    /// it no longer counts. Only what succeeds uses up the allowance.
    pub fn give_back(&mut self) {
        self.admitted.pop_back();
    }

    /// Whether nothing in it counts any more at `now_ms`: it may be forgotten.
    fn is_spent(&self, now_ms: u64) -> bool {
        self.admitted
            .back()
            .is_none_or(|&at| now_ms.saturating_sub(at) >= REGISTRATION_WINDOW_MS)
    }
}

/// [`RegistrationLimit`]s by address (the server's `IpAddr`, or whatever it keys by). Limits
/// that no longer count are forgotten as it grows, so a flood of addresses costs memory only
/// for the last 60 seconds.
#[derive(Debug)]
pub struct RegistrationLimits<A> {
    by_address: HashMap<A, RegistrationLimit>,
    /// The size at which spent limits are next dropped.
    prune_at: usize,
}

impl<A: Eq + Hash> Default for RegistrationLimits<A> {
    fn default() -> Self {
        RegistrationLimits {
            by_address: HashMap::new(),
            prune_at: 64,
        }
    }
}

impl<A: Eq + Hash> RegistrationLimits<A> {
    /// [`RegistrationLimit::admit`] for `address`; `false` is `rate-limited`.
    pub fn admit(&mut self, address: A, now_ms: u64) -> bool {
        if self.by_address.len() >= self.prune_at {
            self.by_address.retain(|_, limit| !limit.is_spent(now_ms));
            self.prune_at = (self.by_address.len() * 2).max(64);
        }
        self.by_address.entry(address).or_default().admit(now_ms)
    }

    /// [`RegistrationLimit::give_back`] for `address`.
    pub fn give_back(&mut self, address: &A) {
        if let Some(limit) = self.by_address.get_mut(address) {
            limit.give_back();
        }
    }

    /// How many addresses it remembers.
    pub fn len(&self) -> usize {
        self.by_address.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_address.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn nobody_registers_a_computers_name() {
        for bot in ComputerPlayer::ALL {
            let name = bot.name();
            assert!(Name::parse(name).is_ok(), "{name} is a valid name");
            assert_eq!(to_register(name), Err(ErrorCode::NameTaken));
            let shouted = name.to_uppercase();
            assert_eq!(to_register(&shouted), Err(ErrorCode::NameTaken));
        }
        assert_eq!(
            to_register("Computer"),
            Ok(Name::parse("Computer").expect("a name"))
        );
        assert_eq!(to_register("no"), Err(ErrorCode::BadName));
    }

    #[test]
    fn keys_are_128_random_bits_kept_as_hashes() {
        let key = Key::new().expect("OS randomness");
        let again = Key::new().expect("OS randomness");
        assert_ne!(key, again);
        assert_eq!(key.reveal().len(), 32);
        assert_eq!(Key::parse(key.reveal()), Some(key.clone()));
        // As typed on another device: any case, grouped.
        let typed = key
            .reveal()
            .to_uppercase()
            .as_bytes()
            .chunks(4)
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(Key::parse(&typed).map(|k| k.hash()), Some(key.hash()));
        assert_eq!(Key::parse("not a key"), None);
        // The hash is SHA-256 hex, and nothing of the key shows in it or in `Debug`.
        let hash = key.hash();
        assert_eq!(hash.len(), 64);
        assert!(hash.bytes().all(|b| b.is_ascii_hexdigit()));
        assert!(!hash.contains(key.reveal()));
        assert_ne!(hash, again.hash());
        assert_eq!(format!("{key:?}"), "Key(..)");
        // 1,000 keys: every bit of the 128 is set in some and clear in others.
        let keys: Vec<u128> = (0..1000)
            .map(|_| u128::from_str_radix(Key::new().expect("OS").reveal(), 16).expect("hex"))
            .collect();
        let ones = keys.iter().fold(0u128, |acc, k| acc | k);
        let zeros = keys.iter().fold(0u128, |acc, k| acc | !k);
        assert_eq!((ones, zeros), (u128::MAX, u128::MAX));
    }

    #[test]
    fn twenty_registrations_in_any_minute() {
        let mut limit = RegistrationLimit::default();
        for i in 0..REGISTRATIONS_PER_WINDOW as u64 {
            assert!(limit.admit(1_000 + i * 100), "registration {i}");
        }
        assert!(!limit.admit(3_000));
        assert!(!limit.admit(60_999), "the first is 59.999 s old");
        assert!(limit.admit(61_000), "the first is 60 s old");
        assert!(!limit.admit(61_050));
        assert!(limit.admit(61_100));
        // A refusal costs nothing: after a minute of nothing, all 20 again.
        for i in 0..REGISTRATIONS_PER_WINDOW as u64 {
            assert!(limit.admit(200_000 + i), "{i}");
        }
        assert!(!limit.admit(200_500));
    }

    #[test]
    fn a_registration_that_did_not_happen_does_not_count() {
        let mut limit = RegistrationLimit::default();
        for _ in 0..100 {
            assert!(limit.admit(5_000));
            limit.give_back();
        }
        for _ in 0..REGISTRATIONS_PER_WINDOW {
            assert!(limit.admit(5_000));
        }
        assert!(!limit.admit(5_000));
    }

    #[test]
    fn a_clock_going_back_gives_nothing_away() {
        let mut limit = RegistrationLimit::default();
        for _ in 0..REGISTRATIONS_PER_WINDOW {
            assert!(limit.admit(100_000));
        }
        assert!(!limit.admit(0));
        assert!(!limit.admit(159_999));
        assert!(limit.admit(160_000));
    }

    #[test]
    fn addresses_are_limited_apart_and_forgotten_when_spent() {
        let mut limits = RegistrationLimits::default();
        let first = "10.0.0.1".to_owned();
        for _ in 0..REGISTRATIONS_PER_WINDOW {
            assert!(limits.admit(first.clone(), 0));
        }
        assert!(!limits.admit(first.clone(), 10));
        assert!(limits.admit("10.0.0.2".to_owned(), 10));
        limits.give_back(&"10.0.0.2".to_owned());
        limits.give_back(&"never seen".to_owned());
        // A flood from many addresses; a minute later, another: the first is forgotten.
        for i in 0..10_000u64 {
            assert!(limits.admit(format!("a{i}"), 100_000 + i));
        }
        assert_eq!(
            limits.len(),
            10_000,
            "the first two addresses, spent, are forgotten"
        );
        for i in 0..10_000u64 {
            assert!(limits.admit(format!("b{i}"), 1_000_000 + i));
        }
        assert!(limits.len() < 20_000, "{}", limits.len());
        assert!(limits.admit(first, 1_000_000));
    }

    #[test]
    fn the_limit_is_within_the_specs_bounds() {
        assert!((10..=60).contains(&REGISTRATIONS_PER_WINDOW));
        assert_eq!(REGISTRATION_WINDOW_MS, 60_000);
    }

    proptest! {
        /// Whatever the pattern of asks: no 60 seconds hold more than 20 admitted, and an
        /// ask is refused only when 20 were admitted in the 60 seconds before it.
        #[test]
        fn never_more_than_the_limit_and_never_refused_below_it(
            gaps in prop::collection::vec(0..8_000u64, 1..300),
            failures in prop::collection::vec(any::<bool>(), 300),
        ) {
            let mut limit = RegistrationLimit::default();
            let mut now = 0;
            let mut admitted: Vec<u64> = Vec::new();
            for (gap, failed) in gaps.into_iter().zip(failures) {
                now += gap;
                let recent = admitted.iter().filter(|&&at| now - at < REGISTRATION_WINDOW_MS).count();
                let ok = limit.admit(now);
                prop_assert_eq!(ok, recent < REGISTRATIONS_PER_WINDOW);
                if ok && failed {
                    limit.give_back();
                } else if ok {
                    admitted.push(now);
                }
            }
            for &start in &admitted {
                let window = admitted.iter().filter(|&&at| at >= start && at - start < REGISTRATION_WINDOW_MS).count();
                prop_assert!(window <= REGISTRATIONS_PER_WINDOW);
            }
        }
    }
}
