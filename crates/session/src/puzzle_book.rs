//! The shipped puzzles (`assets/puzzles/`, made by `qipan-cli puzzles`): each game's set read
//! and replayed once, and which puzzle comes next or is the day's. What a puzzle is, apart
//! from the board that plays it ([`crate::puzzles`]): the session's shared state keeps the
//! sets ([`Books`]) for every mode.

use qipan_engine::games::GameId;
use rand::prelude::IndexedRandom;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

pub use qipan_engine::puzzles::{shipped_text, Puzzle};
pub use qipan_engine::scripted::Goal;

/// A game's shipped puzzles that read and replay.
pub fn book(game: GameId) -> Vec<Puzzle> {
    parse_book(game, shipped_text(game))
}

/// The puzzles of `text` (the shipped form) that read and replay; a line that does not
/// costs only itself (logged).
pub fn parse_book(game: GameId, text: &str) -> Vec<Puzzle> {
    qipan_engine::puzzles::read_book(game, text)
        .filter_map(|read| read.map_err(|error| log::warn!("{error}; skipped")).ok())
        .collect()
}

/// The day's puzzle of a book: the same for everyone on that day (drawn by a generator
/// seeded by the day, which gives the same on every platform).
pub fn daily(book: &[Puzzle], day: u64) -> Option<&Puzzle> {
    book.choose(&mut StdRng::seed_from_u64(day))
}

/// The next puzzle for a player rated `rating`: one not tried yet, among the eight whose
/// difficulty is nearest the rating, drawn by `rng`; once every puzzle was tried, any.
pub fn next_near<'a>(
    book: &'a [Puzzle],
    tried: &[u32],
    rating: f64,
    rng: &mut impl Rng,
) -> Option<&'a Puzzle> {
    let fresh: Vec<&Puzzle> = book.iter().filter(|p| !tried.contains(&p.number)).collect();
    let mut pool = if fresh.is_empty() {
        book.iter().collect()
    } else {
        fresh
    };
    pool.sort_by(|a, b| {
        let da = (f64::from(a.difficulty) - rating).abs();
        let db = (f64::from(b.difficulty) - rating).abs();
        da.total_cmp(&db).then(a.number.cmp(&b.number))
    });
    pool.truncate(8);
    pool.choose(rng).copied()
}

/// The shipped puzzles, each game's read when first asked for.
#[derive(Default)]
pub(crate) struct Books(Vec<(GameId, Vec<Puzzle>)>);

impl Books {
    pub(crate) fn of(&mut self, game: GameId) -> &[Puzzle] {
        let i = match self.0.iter().position(|(g, _)| *g == game) {
            Some(i) => i,
            None => {
                self.0.push((game, book(game)));
                self.0.len() - 1
            }
        };
        &self.0[i].1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;

    #[test]
    fn a_bad_line_costs_only_itself() {
        let good = shipped_text(GameId::ShuangCheng)
            .lines()
            .next()
            .expect("a line");
        let text = format!(
            "{good}\nnot a puzzle\n{good}\tone field too many\n{}",
            good.replace("win", "lose")
        );
        let book = parse_book(GameId::ShuangCheng, &text);
        assert_eq!(book.len(), 1);
        assert_eq!(book[0].number, 0);
        // A line that does not replay.
        let (position, rest) = good.split_once('\t').expect("fields");
        let (_, after) = rest.split_once('\t').expect("fields");
        let broken = format!("{position}\tzz-zz\t{after}");
        assert!(parse_book(GameId::ShuangCheng, &broken).is_empty());
    }

    #[test]
    fn the_next_puzzle_is_near_the_rating_and_new() {
        let book = book(GameId::Push);
        let mut rng = SmallRng::seed_from_u64(1);
        let easy = next_near(&book, &[], 900.0, &mut rng).expect("a puzzle");
        let hard = next_near(&book, &[], 2500.0, &mut rng).expect("a puzzle");
        assert!(easy.difficulty < hard.difficulty);
        let min = book.iter().map(|p| p.difficulty).min().expect("puzzles");
        assert!(easy.difficulty <= min + 100);
        let tried: Vec<u32> = book.iter().map(|p| p.number).filter(|&n| n != 5).collect();
        assert_eq!(
            next_near(&book, &tried, 1500.0, &mut rng).map(|p| p.number),
            Some(5)
        );
    }

    #[test]
    fn the_daily_puzzle_is_one_per_day() {
        let book = book(GameId::Cannon);
        let today = daily(&book, 20_000).expect("one").number;
        assert_eq!(daily(&book, 20_000).map(|p| p.number), Some(today));
        let week: Vec<u32> = (20_000..20_007)
            .filter_map(|d| daily(&book, d))
            .map(|p| p.number)
            .collect();
        assert!(week.iter().any(|&n| n != today), "{week:?}");
        assert!(daily(&[], 1).is_none());
    }
}
