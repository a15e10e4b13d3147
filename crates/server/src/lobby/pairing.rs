//! Seeks and pairing (lobby.md, "Seeking a game"): the seek book of one game id and the
//! rule that pairs it. Pure: the time is an argument, the computer's ratings and whether it
//! may take on a game are given, nothing is sent or stored here.
//!
//! # The rule
//! Two seeks of different players with the same `rated` are compatible when their ratings
//! differ by at most `200 + 50 × ⌊w / 5⌋`, `w` the seconds the longer-waiting of the two has
//! waited ([`allowed_gap`]). A pass makes compatible pairs nearest first: of all compatible
//! pairs the one with the smallest gap is made, then the smallest among those left, and so
//! on (a tie goes to the pair whose longer waiter has waited longest). So every seek is
//! paired with its nearest candidate unless that candidate was nearer still to someone
//! else, and nobody is in two pairs. Then every seek left that has waited its
//! `computer_after_ms` (the `--bot-after` of the server it was made on) gets
//! the computer player whose rating in this game is nearest its own (a tie: the weaker),
//! longest waiter first, as many as the computer may take on. Several seeks may get the
//! same computer player: it plays many games at once.
//!
//! # How the server runs it
//! One [`SeekBook`] per game id (with its option: `blockade` and `blockade:solidarity` have
//! a book each) in its own loop (`pairing_loop.rs`), so a busy game never delays another.
//! The book is fed from the players' desks (`desk.rs`), where every server writes its
//! players' seeks; the book holds at most one seek per player (keyed by [`NameKey`]), so a
//! player is never paired with themselves, even from two devices. `pair` hands back each
//! seek with its tag, what the loop needs to claim it.

use crate::lobby::computer::ComputerPlayer;
use crate::names::NameKey;
use std::collections::BTreeMap;

/// The rating gap every pair may have, from the first second.
pub const BASE_GAP: f64 = 200.0;

/// What the gap widens by every [`GAP_STEP_MS`] the longer waiter has waited.
pub const GAP_STEP: f64 = 50.0;

pub const GAP_STEP_MS: u64 = 5_000;

/// How far apart two ratings may be when the longer-waiting of the two seeks has waited
/// `wait_ms`: `200 + 50 × ⌊w / 5⌋`, `w` in seconds.
pub fn allowed_gap(wait_ms: u64) -> f64 {
    BASE_GAP + GAP_STEP * (wait_ms / GAP_STEP_MS) as f64
}

/// A player's seek for the book's game id. `tag` is the server's: what it needs to answer
/// the seek once paired (a connection, a store revision, a home server).
#[derive(Clone, Debug, PartialEq)]
pub struct Seek<T> {
    pub player: NameKey,
    /// The player's rating in this game id when they sought.
    pub rating: f64,
    pub rated: bool,
    /// When the seek was made (ms since 1970): the wait counts from here.
    pub since_ms: u64,
    /// How long it waits for a person before the computer takes it (`--bot-after` of the
    /// server it was made on); `None` never (`off`).
    pub computer_after_ms: Option<u64>,
    pub tag: T,
}

/// A pairing made by [`SeekBook::pair`]; its seeks have left the book.
#[derive(Clone, Debug, PartialEq)]
pub enum Pairing<T> {
    /// Two players; the first is the one who waited longer. Who plays `x` is the server's
    /// draw.
    People(Seek<T>, Seek<T>),
    Computer {
        seek: Seek<T>,
        computer: ComputerPlayer,
    },
}

/// What the computer offers in one pass.
#[derive(Clone, Debug, PartialEq)]
pub struct ComputerOffer {
    /// The computer players' ratings in this game id now, in [`ComputerPlayer::ALL`]'s
    /// order.
    pub ratings: [f64; 4],
}

/// The seeks of one game id, at most one per player.
#[derive(Clone, Debug)]
pub struct SeekBook<T> {
    seeks: BTreeMap<NameKey, Seek<T>>,
}

impl<T> Default for SeekBook<T> {
    fn default() -> Self {
        SeekBook {
            seeks: BTreeMap::new(),
        }
    }
}

impl<T> SeekBook<T> {
    pub fn new() -> SeekBook<T> {
        SeekBook::default()
    }

    /// Adds a seek, replacing the player's earlier one (returned): the wait starts again.
    pub fn seek(&mut self, seek: Seek<T>) -> Option<Seek<T>> {
        self.seeks.insert(seek.player.clone(), seek)
    }

    /// Withdraws the player's seek (`unseek`, a closed connection, a seek for another game).
    pub fn unseek(&mut self, player: &NameKey) -> Option<Seek<T>> {
        self.seeks.remove(player)
    }

    pub fn get(&self, player: &NameKey) -> Option<&Seek<T>> {
        self.seeks.get(player)
    }

    pub fn len(&self) -> usize {
        self.seeks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.seeks.is_empty()
    }

    /// Makes every pairing the rule allows at `now_ms` and takes its seeks out of the book.
    /// `admit` says whether the computer may take on a seek that has waited for it (the
    /// server that would play it has a worker's place free), asked longest waiter first;
    /// a seek it refuses waits for a person or the next pass.
    pub fn pair(
        &mut self,
        now_ms: u64,
        computer: &ComputerOffer,
        mut admit: impl FnMut(&Seek<T>) -> bool,
    ) -> Vec<Pairing<T>> {
        let wait = |seek: &Seek<T>| now_ms.saturating_sub(seek.since_ms);
        // By rating, so that only neighbours within the widest gap need comparing.
        let mut by_rating: Vec<&Seek<T>> = self.seeks.values().collect();
        by_rating.sort_by(|a, b| a.rating.total_cmp(&b.rating));
        let widest = by_rating
            .iter()
            .map(|seek| allowed_gap(wait(seek)))
            .fold(BASE_GAP, f64::max);

        // Every compatible pair: (gap, when its longer waiter sought, i, j).
        let mut candidates = Vec::new();
        for (i, a) in by_rating.iter().enumerate() {
            for (j, b) in by_rating.iter().enumerate().skip(i + 1) {
                let gap = b.rating - a.rating;
                if gap > widest {
                    break;
                }
                let longer = wait(a).max(wait(b));
                if a.rated == b.rated && a.player != b.player && gap <= allowed_gap(longer) {
                    candidates.push((gap, a.since_ms.min(b.since_ms), i, j));
                }
            }
        }
        candidates.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));

        let mut taken = vec![false; by_rating.len()];
        let mut people = Vec::new();
        for (_, _, i, j) in candidates {
            if !taken[i] && !taken[j] {
                taken[i] = true;
                taken[j] = true;
                let (a, b) = (by_rating[i], by_rating[j]);
                let (first, second) = if (a.since_ms, &a.player) <= (b.since_ms, &b.player) {
                    (a, b)
                } else {
                    (b, a)
                };
                people.push((first.player.clone(), second.player.clone()));
            }
        }

        let mut left: Vec<&Seek<T>> = by_rating
            .iter()
            .zip(&taken)
            .filter(|&(seek, &taken)| {
                !taken
                    && seek
                        .computer_after_ms
                        .is_some_and(|after| wait(seek) >= after)
            })
            .map(|(seek, _)| *seek)
            .collect();
        left.sort_by(|a, b| (a.since_ms, &a.player).cmp(&(b.since_ms, &b.player)));
        let bots: Vec<(NameKey, ComputerPlayer)> = left
            .into_iter()
            .filter(|seek| admit(seek))
            .map(|seek| {
                (
                    seek.player.clone(),
                    nearest_computer(seek.rating, &computer.ratings),
                )
            })
            .collect();

        let mut pairings = Vec::with_capacity(people.len() + bots.len());
        for (first, second) in people {
            if let (Some(a), Some(b)) = (self.seeks.remove(&first), self.seeks.remove(&second)) {
                pairings.push(Pairing::People(a, b));
            }
        }
        for (player, computer) in bots {
            if let Some(seek) = self.seeks.remove(&player) {
                pairings.push(Pairing::Computer { seek, computer });
            }
        }
        pairings
    }

    /// The next moment after `now_ms` at which [`SeekBook::pair`] may pair what it could not
    /// pair now, with no seek added or withdrawn: a gap widening, a seek reaching its
    /// `computer_after_ms`. `None` for an empty book. The loop sleeps until then (or 1 s,
    /// the spec's 2 seconds allowing for a pass's own time) unless a seek comes first.
    pub fn next_change_ms(&self, now_ms: u64) -> Option<u64> {
        self.seeks
            .values()
            .flat_map(|seek| {
                let waited = now_ms.saturating_sub(seek.since_ms);
                let widens = seek.since_ms + (waited / GAP_STEP_MS + 1) * GAP_STEP_MS;
                let computer = seek
                    .computer_after_ms
                    .map(|after| seek.since_ms.saturating_add(after))
                    .filter(|&at| at > now_ms);
                [Some(widens), computer]
            })
            .flatten()
            .min()
    }
}

/// The computer player whose rating is nearest `rating`; a tie goes to the weaker.
fn nearest_computer(rating: f64, ratings: &[f64; 4]) -> ComputerPlayer {
    let distance = |i: usize| (ratings[i] - rating).abs();
    let nearest = (0..ComputerPlayer::ALL.len())
        .min_by(|&a, &b| distance(a).total_cmp(&distance(b)))
        .unwrap_or(0);
    ComputerPlayer::ALL[nearest]
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use qipan_engine::ai::Level;
    use std::collections::HashSet;

    const NEVER: ComputerOffer = ComputerOffer {
        ratings: [1000.0, 1400.0, 1800.0, 2200.0],
    };

    fn anyone<T>(_: &Seek<T>) -> bool {
        true
    }

    fn key(name: &str) -> NameKey {
        NameKey::of(name)
    }

    fn seek(name: &str, rating: f64, rated: bool, since_ms: u64) -> Seek<()> {
        Seek {
            player: key(name),
            rating,
            rated,
            since_ms,
            computer_after_ms: None,
            tag: (),
        }
    }

    fn book_with(seeks: impl IntoIterator<Item = Seek<()>>) -> SeekBook<()> {
        let mut book = SeekBook::new();
        for s in seeks {
            book.seek(s);
        }
        book
    }

    /// The pairs as names, each pair's first the longer waiter; computers as `@Level`.
    fn names(pairings: &[Pairing<()>]) -> Vec<(String, String)> {
        pairings
            .iter()
            .map(|p| match p {
                Pairing::People(a, b) => {
                    (a.player.as_str().to_owned(), b.player.as_str().to_owned())
                }
                Pairing::Computer { seek, computer } => (
                    seek.player.as_str().to_owned(),
                    format!("@{}", computer.level.name()),
                ),
            })
            .collect()
    }

    fn pair(a: &str, b: &str) -> (String, String) {
        (a.to_owned(), b.to_owned())
    }

    #[test]
    fn the_gap_widens_by_50_every_5_seconds_of_the_longer_wait() {
        assert_eq!(allowed_gap(0), 200.0);
        assert_eq!(allowed_gap(4_999), 200.0);
        assert_eq!(allowed_gap(5_000), 250.0);
        assert_eq!(allowed_gap(9_999), 250.0);
        assert_eq!(allowed_gap(60_000), 800.0);
    }

    #[test]
    fn two_seeks_within_200_pair_at_once() {
        let mut book = book_with([seek("a", 1500.0, true, 0), seek("b", 1700.0, true, 0)]);
        assert_eq!(names(&book.pair(0, &NEVER, anyone)), [pair("a", "b")]);
        assert!(book.is_empty());
    }

    #[test]
    fn a_wider_gap_waits_for_the_longer_waiter() {
        // 260 apart: 200 + 50 × ⌊w / 5⌋ ≥ 260 once w ≥ 10 s; b's shorter wait does not count.
        let mut book = book_with([
            seek("a", 1500.0, true, 1_000),
            seek("b", 1760.0, true, 8_000),
        ]);
        assert!(book.pair(1_000, &NEVER, anyone).is_empty());
        assert!(
            book.pair(10_999, &NEVER, anyone).is_empty(),
            "a waited 9.999 s"
        );
        assert_eq!(book.len(), 2);
        assert_eq!(names(&book.pair(11_000, &NEVER, anyone)), [pair("a", "b")]);
        // Exactly the allowed gap pairs; a hair more does not.
        let mut book2 = book_of_gap(250.0);
        assert_eq!(book2.pair(5_000, &NEVER, anyone).len(), 1);
        let mut book3 = book_of_gap(250.001);
        assert!(book3.pair(9_999, &NEVER, anyone).is_empty());
    }

    fn book_of_gap(gap: f64) -> SeekBook<()> {
        book_with([
            seek("a", 1500.0, false, 0),
            seek("b", 1500.0 + gap, false, 0),
        ])
    }

    #[test]
    fn rated_and_casual_seeks_never_pair() {
        let mut book = book_with([seek("a", 1500.0, true, 0), seek("b", 1500.0, false, 0)]);
        assert!(book.pair(600_000, &NEVER, anyone).is_empty());
        book.seek(seek("c", 1510.0, false, 0));
        assert_eq!(names(&book.pair(0, &NEVER, anyone)), [pair("b", "c")]);
    }

    #[test]
    fn the_nearest_rating_wins() {
        let mut book = book_with([
            seek("a", 1500.0, true, 0),
            seek("far", 1690.0, true, 0),
            seek("near", 1580.0, true, 100),
        ]);
        assert_eq!(names(&book.pair(100, &NEVER, anyone)), [pair("a", "near")]);
        assert_eq!(book.len(), 1);

        // Nearest first over the whole book: b–c (40) before a–b (100), a left to wait.
        let mut book = book_with([
            seek("a", 1400.0, true, 0),
            seek("b", 1500.0, true, 0),
            seek("c", 1540.0, true, 0),
        ]);
        assert_eq!(names(&book.pair(0, &NEVER, anyone)), [pair("b", "c")]);
        assert!(book.get(&key("a")).is_some());
    }

    #[test]
    fn a_tie_goes_to_the_longer_waiter() {
        let mut book = book_with([
            seek("mid", 1500.0, true, 3_000),
            seek("low", 1450.0, true, 2_000),
            seek("high", 1550.0, true, 1_000),
        ]);
        assert_eq!(
            names(&book.pair(3_000, &NEVER, anyone)),
            [pair("high", "mid")]
        );
    }

    #[test]
    fn a_player_has_one_seek_and_is_never_paired_with_themselves() {
        let mut book = SeekBook::new();
        assert_eq!(book.seek(seek("Ann", 1500.0, true, 0)), None);
        // The same player from another device, in another case: the seek is replaced.
        let old = book.seek(seek("ANN", 1500.0, true, 7_000));
        assert_eq!(old.map(|s| s.since_ms), Some(0));
        assert_eq!(book.len(), 1);
        assert!(book.pair(100_000, &NEVER, anyone).is_empty());
        assert_eq!(book.get(&key("ann")).map(|s| s.since_ms), Some(7_000));
        assert_eq!(book.unseek(&key("aNN")).map(|s| s.since_ms), Some(7_000));
        assert!(book.is_empty());
        assert_eq!(book.unseek(&key("ann")), None);
    }

    #[test]
    fn everyone_compatible_is_paired_and_nobody_twice() {
        let mut book =
            book_with((0..9).map(|i| seek(&format!("p{i}"), 1500.0 + f64::from(i), true, 0)));
        let pairings = book.pair(0, &NEVER, anyone);
        assert_eq!(pairings.len(), 4);
        assert_eq!(book.len(), 1, "an odd one out waits");
        let mut seen = HashSet::new();
        for (a, b) in names(&pairings) {
            assert!(seen.insert(a) && seen.insert(b));
        }
    }

    /// A seek that takes the computer after `after_ms`.
    fn seek_after(name: &str, rating: f64, rated: bool, since_ms: u64, after_ms: u64) -> Seek<()> {
        Seek {
            computer_after_ms: Some(after_ms),
            ..seek(name, rating, rated, since_ms)
        }
    }

    #[test]
    fn the_computer_comes_after_bot_after() {
        let mut book = book_with([seek_after("a", 1750.0, true, 0, 20_000)]);
        assert!(book.pair(19_999, &NEVER, anyone).is_empty());
        let pairings = book.pair(20_000, &NEVER, anyone);
        assert_eq!(names(&pairings), [pair("a", "@hard")]);
        assert!(book.is_empty());
        // 0 pairs at once; casual seeks get it too.
        let mut book = book_with([seek_after("b", 900.0, false, 5, 0)]);
        assert_eq!(names(&book.pair(5, &NEVER, anyone)), [pair("b", "@easy")]);
        // `off`: never.
        let mut book = book_with([seek("c", 1500.0, true, 0)]);
        assert!(book.pair(u64::MAX, &NEVER, anyone).is_empty());
        // Each seek waits as long as its own server says.
        let mut book = book_with([
            seek_after("d", 1000.0, true, 0, 5_000),
            seek_after("e", 3000.0, true, 0, 60_000),
        ]);
        assert_eq!(
            names(&book.pair(6_000, &NEVER, anyone)),
            [pair("d", "@easy")]
        );
    }

    #[test]
    fn a_person_comes_before_the_computer() {
        let mut book = book_with([
            seek_after("a", 1500.0, true, 0, 0),
            seek_after("b", 1650.0, true, 30_000, 0),
        ]);
        assert_eq!(names(&book.pair(30_000, &NEVER, anyone)), [pair("a", "b")]);
    }

    #[test]
    fn the_nearest_computer_and_a_tie_to_the_weaker() {
        let ratings = [1000.0, 1400.0, 1800.0, 2200.0];
        let level = |rating| nearest_computer(rating, &ratings).level;
        assert_eq!(level(-50.0), Level::Easy);
        assert_eq!(level(1199.0), Level::Easy);
        assert_eq!(level(1200.0), Level::Easy, "a tie");
        assert_eq!(level(1201.0), Level::Medium);
        assert_eq!(level(1999.0), Level::Hard);
        assert_eq!(level(5000.0), Level::Master);
        // The ratings are the game's now, not the levels' order.
        assert_eq!(
            nearest_computer(1500.0, &[1490.0, 1400.0, 1800.0, 2200.0]).level,
            Level::Easy
        );
    }

    #[test]
    fn the_computer_takes_only_the_games_it_may_longest_waiter_first() {
        let offer = NEVER;
        let mut asked = Vec::new();
        let mut places = 2;
        let mut two = |seek: &Seek<()>| {
            asked.push(seek.player.as_str().to_owned());
            let free = places > 0;
            places -= usize::from(free);
            free
        };
        // Far apart, so that no two pair with each other.
        let mut book = book_with([
            seek_after("third", 1000.0, true, 3_000, 20_000),
            seek_after("first", 2000.0, true, 1_000, 20_000),
            seek_after("second", 3000.0, false, 2_000, 20_000),
        ]);
        let pairings = book.pair(30_000, &offer, &mut two);
        assert_eq!(
            names(&pairings),
            [pair("first", "@hard"), pair("second", "@master")]
        );
        assert_eq!(asked, ["first", "second", "third"], "longest waiter first");
        assert!(book.get(&key("third")).is_some());
        assert!(book.pair(40_000, &offer, |_| false).is_empty());
    }

    #[test]
    fn pairing_hands_back_the_seeks_with_their_tags() {
        let mut book = SeekBook::new();
        for (name, tag) in [("a", 11u32), ("b", 22)] {
            book.seek(Seek {
                player: key(name),
                rating: 1500.0,
                rated: true,
                since_ms: 0,
                computer_after_ms: None,
                tag,
            });
        }
        match book.pair(0, &NEVER, anyone).as_slice() {
            [Pairing::People(a, b)] => assert_eq!((a.tag, b.tag), (11, 22)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_loop_wakes_when_a_gap_widens_or_the_computer_is_due() {
        let book = book_with([
            seek("a", 1500.0, true, 1_000),
            seek("b", 2500.0, true, 3_500),
        ]);
        assert_eq!(book.next_change_ms(3_500), Some(6_000));
        assert_eq!(book.next_change_ms(6_000), Some(8_500));
        let computer_in = |after_ms| {
            book_with([
                seek_after("a", 1500.0, true, 1_000, after_ms),
                seek("b", 2500.0, true, 3_500),
            ])
        };
        assert_eq!(computer_in(4_500).next_change_ms(3_500), Some(5_500));
        assert_eq!(
            computer_in(0).next_change_ms(3_500),
            Some(6_000),
            "already due"
        );
        assert_eq!(SeekBook::<()>::new().next_change_ms(0), None);
    }

    proptest! {
        /// Over random books and times: nobody twice, nobody with themselves, no pair
        /// beyond its allowed gap or across `rated`, the computer only after `bot_after`,
        /// and no compatible pair left unmade.
        #[test]
        fn pairing_keeps_the_rules(
            seeks in prop::collection::vec((0..30u8, 800.0..2600.0f64, any::<bool>(), 0..60_000u64), 0..40),
            now in 0..120_000u64,
            after in prop::option::of(0..60_000u64),
            games in 0..10usize,
        ) {
            let mut book = SeekBook::new();
            for (who, rating, rated, since) in &seeks {
                book.seek(Seek {
                    player: key(&format!("p{who}")),
                    rating: *rating,
                    rated: *rated,
                    since_ms: (*since).min(now),
                    computer_after_ms: after,
                    tag: (),
                });
            }
            let before = book.len();
            let offer = ComputerOffer { ratings: [1000.0, 1400.0, 1800.0, 2200.0] };
            let mut places = games;
            let pairings = book.pair(now, &offer, |_| {
                let free = places > 0;
                places = places.saturating_sub(1);
                free
            });
            let mut seen = HashSet::new();
            let mut computers = 0;
            for pairing in &pairings {
                match pairing {
                    Pairing::People(a, b) => {
                        prop_assert!(a.player != b.player);
                        prop_assert!(seen.insert(a.player.clone()) && seen.insert(b.player.clone()));
                        prop_assert_eq!(a.rated, b.rated);
                        let longer = now - a.since_ms.min(b.since_ms);
                        prop_assert!((a.rating - b.rating).abs() <= allowed_gap(longer));
                        prop_assert!(a.since_ms <= b.since_ms);
                    }
                    Pairing::Computer { seek, .. } => {
                        prop_assert!(seen.insert(seek.player.clone()));
                        prop_assert!(after.is_some_and(|after| now - seek.since_ms >= after));
                        computers += 1;
                    }
                }
            }
            prop_assert!(computers <= games);
            prop_assert_eq!(book.len() + seen.len(), before);
            // What is left holds no compatible pair.
            let left: Vec<_> = book.seeks.values().collect();
            for (i, a) in left.iter().enumerate() {
                for b in &left[i + 1..] {
                    let longer = now - a.since_ms.min(b.since_ms);
                    prop_assert!(
                        a.rated != b.rated || (a.rating - b.rating).abs() > allowed_gap(longer),
                        "{:?} and {:?} could pair", a, b
                    );
                }
            }
        }
    }
}
