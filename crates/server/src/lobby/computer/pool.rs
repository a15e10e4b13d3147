//! The computer's workers: searches for its moves run on blocking threads, never more at
//! once than there are workers, and never more workers than the machine has cores. Each
//! move is bounded in time from the moment its turn began: a search that had to wait for a
//! worker is given what is left, so every move comes within [`MOVE_WITHIN`].

use qipan_engine::games::ToGame;
use std::sync::Arc;
use std::time::{Duration, Instant};

use qipan_engine::ai::{choose_move, Level};
use qipan_engine::games::{Game, Variant};
use qipan_engine::with_game;
use tokio::sync::Semaphore;

use crate::room::TIMEOUT_PLY;

/// The spec's bound on a computer's move.
pub const MOVE_WITHIN: Duration = Duration::from_secs(3);
/// What a search may take at most (Master's budget, 4 s in the app, is cut to this), so
/// that a move that waited for a worker still comes within [`MOVE_WITHIN`].
pub const MAX_SEARCH: Duration = Duration::from_millis(2_000);
/// The least a search is given, however late: a legal move, found at once.
const MIN_SEARCH: Duration = Duration::from_millis(20);
/// What is kept for playing the move found (storing it, telling the players).
const MARGIN: Duration = Duration::from_millis(300);

/// The machine's cores.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

pub struct Pool {
    permits: Arc<Semaphore>,
    workers: usize,
}

impl Pool {
    /// `workers` searches at once, at least one and at most [`cores`].
    pub fn new(workers: usize) -> Pool {
        let workers = workers.clamp(1, cores());
        Pool {
            permits: Arc::new(Semaphore::new(workers)),
            workers,
        }
    }

    pub fn workers(&self) -> usize {
        self.workers
    }

    /// The computer's move at `level` in a game from `start` after `plies`, for a turn that
    /// began at `turn_began`: the move as text, `None` when there is none (or the game does
    /// not read, which a checked room never does).
    pub async fn think(
        &self,
        game: Variant,
        start: &str,
        plies: &[String],
        level: Level,
        turn_began: Instant,
    ) -> Option<String> {
        let _permit = self.permits.clone().acquire_owned().await.ok()?;
        let left = (turn_began + MOVE_WITHIN)
            .saturating_duration_since(Instant::now())
            .saturating_sub(MARGIN);
        let full = level.budget().min(MAX_SEARCH);
        let movetime = left.clamp(MIN_SEARCH, full);
        if movetime < full {
            // Every worker was busy for a while: this move is searched for less than its
            // level's time (the benchmark counts these).
            tracing::debug!(
                waited_ms = (full - movetime).as_millis() as u64,
                "a search shortened"
            );
        }
        let (start, plies) = (start.to_owned(), plies.to_vec());
        let seed = rand::random();
        tokio::task::spawn_blocking(move || search(game, &start, &plies, level, seed, movetime))
            .await
            .ok()
            .flatten()
    }
}

/// The search itself, on a blocking thread.
fn search(
    game: Variant,
    start: &str,
    plies: &[String],
    level: Level,
    seed: u64,
    movetime: Duration,
) -> Option<String> {
    with_game!(game.to_game(), g => {
        let mut pos = g.parse_position(start).ok()?;
        let mut history = Vec::with_capacity(plies.len());
        for ply in plies {
            history.push(pos);
            pos = if ply == TIMEOUT_PLY {
                g.skip_turn(&pos)
            } else {
                let mv = g.parse_move(&pos, ply).ok()?;
                g.play(&pos, mv)
            };
        }
        let mv = choose_move(&g, &pos, &history, level, seed, Some(movetime))?;
        Some(g.format_move(mv))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_more_workers_than_cores_and_at_least_one() {
        assert_eq!(Pool::new(0).workers(), 1);
        assert_eq!(Pool::new(10_000).workers(), cores());
        assert_eq!(Pool::new(1).workers(), 1);
    }

    /// A turn that began long ago (the worker was busy) still gets a legal move, from the
    /// shortest search.
    #[test]
    fn a_late_search_still_finds_a_legal_move_at_every_level() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        let pool = Pool::new(1);
        let long_ago = Instant::now()
            .checked_sub(Duration::from_secs(60))
            .unwrap_or_else(Instant::now);
        for variant in Variant::ALL {
            let start = with_game!(variant.to_game(), g => g.format_position(&g.start_with(g.first_to_move(1))));
            for level in Level::ALL {
                let mv = runtime
                    .block_on(pool.think(variant, &start, &[], level, long_ago))
                    .expect("a move");
                with_game!(variant.to_game(), g => {
                    let pos = g.parse_position(&start).expect("start");
                    assert!(g.parse_move(&pos, &mv).is_ok(), "{variant} {level:?}: {mv}");
                });
            }
        }
    }
}
