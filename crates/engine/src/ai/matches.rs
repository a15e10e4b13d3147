//! Self-play matches: games from the start between two move choosers, played on every core.
//! `qipan-cli match`, the tuning matches of `examples/tune.rs` and the MCTS bench all play
//! through [`play_match`]; each says only how a move is chosen.
//!
//! A game whose chooser panics is reported as crashed, never counted as unfinished: a bug
//! must not pass for a draw.

use super::{choose_move, Evaluate, Level};
use crate::games::{Game, Side, Status};
use crate::random::seeded;
use rand::seq::IndexedRandom;
use rand::Rng;
use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use web_time::{Duration, Instant};

/// How the games of a match are played.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    pub games: u64,
    /// Each game draws its opening and its moves' seeds from its own stream of this seed:
    /// the same settings replay the same match (up to time limits).
    pub seed: u64,
    /// A game still going after this many plies stops unfinished.
    pub max_plies: u64,
    /// Plies played at random (from the game's stream) before the choosers take over, so that
    /// the games differ even between players without noise.
    pub opening_plies: u64,
    /// Games `2k` and `2k + 1` draw from the same stream, so the same random opening: a
    /// chooser that swaps the players' sides between the two plays each opening both ways.
    pub paired_openings: bool,
}

/// One turn of a match game: what a chooser may look at.
pub struct Turn<'a, G: Game> {
    /// Which game of the match, from 0.
    pub game_index: u64,
    pub ply: u64,
    pub side: Side,
    pub pos: &'a G::Position,
    /// The positions before `pos`, oldest first, so that a search can see repetitions.
    pub history: &'a [G::Position],
    pub seed: u64,
}

/// How one game of a match went.
#[derive(Clone, Debug)]
pub struct PlayedGame<G: Game> {
    pub index: u64,
    /// The final status: ongoing when the game reached the ply limit, or a chooser found no
    /// move in a game the rules call ongoing.
    pub status: Status,
    pub moves: Vec<G::Move>,
    /// How long each move took to choose (zero in the random opening).
    pub think_times: Vec<Duration>,
}

/// A game whose move chooser panicked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrashedGame {
    pub index: u64,
    /// The panic's message (its first line).
    pub message: String,
}

impl fmt::Display for CrashedGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {} crashed: {}", self.index + 1, self.message)
    }
}

impl std::error::Error for CrashedGame {}

/// Plays `settings.games` games from the start, in parallel natively; returns each game's
/// record, or its crash, in game order.
pub fn play_match<G, C>(
    game: &G,
    settings: &MatchSettings,
    choose: C,
) -> Vec<Result<PlayedGame<G>, CrashedGame>>
where
    G: Game,
    C: Fn(&Turn<'_, G>) -> Option<G::Move> + Sync,
{
    let games = settings.games;
    let choose = &choose;
    let mut results: Vec<Option<Result<PlayedGame<G>, CrashedGame>>> = Vec::new();
    results.resize_with(games as usize, || None);
    #[cfg(not(target_arch = "wasm32"))]
    {
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .clamp(1, 8) as u64;
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    scope.spawn(move || {
                        (t..games)
                            .step_by(threads as usize)
                            .map(|i| (i, play_guarded(game, settings, i, choose)))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            for handle in handles {
                // Each game catches its own panic, so a thread does not die of one; should
                // one die all the same, its games are reported below rather than lost.
                for (i, result) in handle.join().unwrap_or_default() {
                    results[i as usize] = Some(result);
                }
            }
        });
    }
    #[cfg(target_arch = "wasm32")]
    for (i, slot) in results.iter_mut().enumerate() {
        *slot = Some(play_guarded(game, settings, i as u64, choose));
    }
    results
        .into_iter()
        .enumerate()
        .map(|(i, result)| {
            result.unwrap_or_else(|| {
                Err(CrashedGame {
                    index: i as u64,
                    message: "the thread playing it stopped".to_owned(),
                })
            })
        })
        .collect()
}

/// Plays game `index`, turning a panic into that game's [`CrashedGame`].
fn play_guarded<G, C>(
    game: &G,
    settings: &MatchSettings,
    index: u64,
    choose: &C,
) -> Result<PlayedGame<G>, CrashedGame>
where
    G: Game,
    C: Fn(&Turn<'_, G>) -> Option<G::Move>,
{
    // Nothing outlives the game but its record, so a half-played game cannot leak out.
    panic::catch_unwind(AssertUnwindSafe(|| play_one(game, settings, index, choose))).map_err(
        |payload| {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".to_owned());
            CrashedGame {
                index,
                message: message.lines().next().unwrap_or_default().to_owned(),
            }
        },
    )
}

fn play_one<G, C>(game: &G, settings: &MatchSettings, index: u64, choose: &C) -> PlayedGame<G>
where
    G: Game,
    C: Fn(&Turn<'_, G>) -> Option<G::Move>,
{
    let key = if settings.paired_openings {
        index / 2
    } else {
        index
    };
    let mut rng = seeded(settings.seed, key);
    let mut pos = game.start();
    let mut history = Vec::new();
    let mut moves = Vec::new();
    let mut think_times = Vec::new();
    let mut legal = Vec::new();
    for ply in 0..settings.max_plies {
        if game.status(&pos).is_over() {
            break;
        }
        let started = Instant::now();
        let chosen = if ply < settings.opening_plies {
            legal.clear();
            game.legal_moves(&pos, &mut legal);
            legal.choose(&mut rng).copied()
        } else {
            choose(&Turn {
                game_index: index,
                ply,
                side: game.side_to_move(&pos),
                pos: &pos,
                history: &history,
                seed: rng.random(),
            })
        };
        let Some(mv) = chosen else { break };
        think_times.push(if ply < settings.opening_plies {
            Duration::ZERO
        } else {
            started.elapsed()
        });
        moves.push(mv);
        history.push(pos);
        pos = game.play(&pos, mv);
    }
    PlayedGame {
        index,
        status: game.status(&pos),
        moves,
        think_times,
    }
}

/// A level's move as the app plays it, with the level's budget scaled by `budget_scale`
/// (calibration runs scale every budget down alike) and capped by `movetime`.
pub fn level_move<G: Evaluate>(
    game: &G,
    turn: &Turn<'_, G>,
    level: Level,
    budget_scale: f64,
    movetime: Option<Duration>,
) -> Option<G::Move> {
    let scaled = level.budget().mul_f64(budget_scale);
    let budget = movetime.map_or(scaled, |cap| cap.min(scaled));
    choose_move(game, turn.pos, turn.history, level, turn.seed, Some(budget))
}
