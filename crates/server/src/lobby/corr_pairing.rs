//! Pairing correspondence seeks (correspondence.md, "Seeking and browsing"): two seeks of
//! different players for the same game id, `rated` and days pair when their ratings in the
//! game differ by at most 300, the nearest first. Pure: the book in, the pairs out; the
//! lobby runs it whenever a correspondence seek comes (so within the spec's 2 seconds) and
//! carries the pairs out with revision-checked claims, as for live seeks.

use std::collections::BTreeMap;

use qipan_engine::games::Variant;
use qipan_protocol::Days;

/// The widest rating gap a correspondence pairing bridges.
pub const MAX_GAP: f64 = 300.0;

/// One open correspondence seek, as the pairing needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct OpenSeek {
    pub id: String,
    /// The player's folded name: two seeks of one player never pair.
    pub player: String,
    pub game: Variant,
    pub rated: bool,
    pub days: Days,
    /// The player's rating in `game` when they sought.
    pub rating: f64,
    /// When it was made: the older of two equally near pairs goes first.
    pub since_ms: u64,
}

/// The pairs to make, each `(older, newer)` by ids; no seek in two pairs.
pub fn pairs(book: &[OpenSeek]) -> Vec<(String, String)> {
    let mut shelves: BTreeMap<(String, bool, Days), Vec<&OpenSeek>> = BTreeMap::new();
    for seek in book {
        shelves
            .entry((seek.game.to_string(), seek.rated, seek.days))
            .or_default()
            .push(seek);
    }
    let mut made = Vec::new();
    for shelf in shelves.values() {
        let mut candidates: Vec<(f64, u64, &OpenSeek, &OpenSeek)> = Vec::new();
        for (i, a) in shelf.iter().enumerate() {
            for b in &shelf[i + 1..] {
                let gap = (a.rating - b.rating).abs();
                if a.player != b.player && gap <= MAX_GAP {
                    let (older, newer) = if (a.since_ms, &a.id) <= (b.since_ms, &b.id) {
                        (*a, *b)
                    } else {
                        (*b, *a)
                    };
                    candidates.push((gap, older.since_ms, older, newer));
                }
            }
        }
        // The nearest first; among equals, the pair whose older seek waited longest, then
        // by ids, so that every server computes the same pairs.
        candidates.sort_by(|x, y| {
            x.0.total_cmp(&y.0)
                .then(x.1.cmp(&y.1))
                .then_with(|| (&x.2.id, &x.3.id).cmp(&(&y.2.id, &y.3.id)))
        });
        // A player has one seek a shelf, so a seek taken is its player taken.
        let mut taken: Vec<&str> = Vec::new();
        for (_, _, older, newer) in candidates {
            if taken.contains(&older.id.as_str()) || taken.contains(&newer.id.as_str()) {
                continue;
            }
            taken.extend([older.id.as_str(), newer.id.as_str()]);
            made.push((older.id.clone(), newer.id.clone()));
        }
    }
    made
}

#[cfg(test)]
mod tests {
    use super::*;
    use qipan_engine::games::GameId;

    fn seek(id: &str, player: &str, rating: f64, days: u32, since_ms: u64) -> OpenSeek {
        OpenSeek {
            id: id.into(),
            player: player.into(),
            game: Variant::plain(GameId::Push),
            rated: true,
            days: Days::new(days).expect("days"),
            rating,
            since_ms,
        }
    }

    fn pair(a: &str, b: &str) -> (String, String) {
        (a.to_owned(), b.to_owned())
    }

    #[test]
    fn within_300_the_nearest_first_older_first() {
        let book = [
            seek("a", "ann", 1500.0, 3, 0),
            seek("b", "bob", 1800.0, 3, 1),
            seek("c", "cat", 1801.0, 3, 2),
        ];
        assert_eq!(pairs(&book), [pair("b", "c")], "1 apart before 300");
        let book = [
            seek("a", "ann", 1500.0, 3, 5),
            seek("b", "bob", 1800.0, 3, 1),
        ];
        assert_eq!(
            pairs(&book),
            [pair("b", "a")],
            "exactly 300, the older first"
        );
        let book = [
            seek("a", "ann", 1500.0, 3, 0),
            seek("b", "bob", 1800.5, 3, 1),
        ];
        assert!(pairs(&book).is_empty(), "beyond 300");
    }

    #[test]
    fn only_the_same_game_rated_and_days_of_two_players() {
        let mut casual = seek("b", "bob", 1500.0, 3, 0);
        casual.rated = false;
        let book = [
            seek("a", "ann", 1500.0, 3, 0),
            casual,
            seek("c", "cat", 1500.0, 5, 0),
            seek("d", "ann", 1500.0, 3, 0),
        ];
        assert!(pairs(&book).is_empty());
        let mut other = seek("e", "eve", 1500.0, 3, 0);
        other.game = Variant::plain(GameId::Blockade);
        assert!(pairs(&[seek("a", "ann", 1500.0, 3, 0), other]).is_empty());
    }
}
