//! Self-play matches for the evaluations: how their weights were chosen, and how the levels
//! fare against a plain fixed-depth player.
//!
//! ```text
//! cargo run --release -p qipan-engine --example tune -- climb GAME --depth D [--games N] [--step S] [--rounds R]
//! cargo run --release -p qipan-engine --example tune -- duel GAME PLAYER PLAYER [--games N] [--scale S] [--side x|o] [--verbose]
//! cargo run --release -p qipan-engine --example tune -- probe GAME [MOVE ...] --depth D
//! ```
//!
//! Every match starts each pair of games with `--opening` random plies (4 by default); a duel
//! also checks, for each game its first player lost, whether a search proves the position
//! after those random plies already lost, and counts those apart.
//!
//! `climb` varies one weight at a time (up and down by `step`, a fraction) and keeps a change
//! only when it beats the current weights in a fixed-depth match (games paired: the same random
//! opening with sides swapped). The first weight stays fixed: it sets the scale.
//!
//! GAME is a game id with its options, as `cargo run -p qipan-engine --example games` lists
//! them (`blockade:solidarity`).
//!
//! A PLAYER of `duel` is a level (`easy` … `master`, its budget times `--scale`) or a fixed
//! depth `dN` (`dNq` adds quiescence), either optionally with its own weights: `d3@1000,0,0`,
//! `master@300,50,12`; in
//! Earthen Cannon also a player built on other ideas than ours (`material`, `mobility`,
//! `shuttle`: `qipan_engine::ai::outsiders`). A duel reports the first player's results as
//! x and as o apart (in Earthen Cannon x is the cannons); `--side x` or `--side o` gives the
//! first player that side in every game (each game its own random opening), and `--verbose`
//! prints every game it did not win with its final position.

use qipan_engine::ai::matches::level_move;
use qipan_engine::ai::outsiders::Outsider;
use qipan_engine::ai::search::{Limits, Searcher};
use qipan_engine::ai::{self, Evaluate, Level, MatchSettings, PlayedGame, Turn, Weights};
use qipan_engine::games::cannon;
use qipan_engine::games::ToGame;
use qipan_engine::games::{Side, Variant};
use qipan_engine::with_game;
use std::any::Any;
use std::ffi::OsString;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// A noiseless search with quiescence and no time limit, which each use below adjusts.
const PLAIN: Limits = Limits {
    max_depth: 64,
    budget: None,
    noise: 0,
    quiescence: true,
    seed: 0,
    table_bits: 20,
};

/// Who plays: a level as the app and `qipan-cli` use it, or a bare fixed-depth search.
#[derive(Clone, Copy, Debug)]
enum Player {
    /// A level, optionally with other weights (`master@300,50,...`).
    Level(Level, Option<Weights>),
    Depth {
        depth: i32,
        quiescence: bool,
        weights: Option<Weights>,
    },
    /// An Earthen Cannon player built on other ideas than the engine's.
    Outsider(Outsider),
}

impl Player {
    fn parse(text: &str) -> Result<Player, String> {
        if let Some(outsider) = Outsider::parse(text) {
            return Ok(Player::Outsider(outsider));
        }
        let (search, weights) = match text.split_once('@') {
            Some((search, list)) => (search, Some(parse_weights(list)?)),
            None => (text, None),
        };
        if let Some(level) = Level::parse(search) {
            return Ok(Player::Level(level, weights));
        }
        let digits = search
            .strip_prefix('d')
            .ok_or_else(|| format!("unknown player {text}"))?;
        let (digits, quiescence) = match digits.strip_suffix('q') {
            Some(d) => (d, true),
            None => (digits, false),
        };
        let depth = digits.parse().map_err(|_| format!("bad depth in {text}"))?;
        Ok(Player::Depth {
            depth,
            quiescence,
            weights,
        })
    }
}

fn parse_weights(list: &str) -> Result<Weights, String> {
    let mut values = [0; ai::MAX_WEIGHTS];
    for (slot, item) in list.split(',').enumerate() {
        let value = values
            .get_mut(slot)
            .ok_or_else(|| "too many weights".to_owned())?;
        *value = item.parse().map_err(|_| format!("bad weight {item}"))?;
    }
    Ok(Weights(values))
}

struct Settings {
    games: u64,
    /// Random plies at the start of each pair of games, so that games differ.
    opening: u64,
    max_plies: u64,
    scale: f64,
    /// Print each game the first player did not win.
    verbose: bool,
    /// Check whether the first player's losses were already lost after the random opening.
    judge_openings: bool,
    /// The first player plays this side in every game (`--side x|o`) instead of alternating.
    only: Option<Side>,
}

/// Wins of the first player, of the second, and the rest (draws and games cut at the limit).
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    first: u64,
    second: u64,
    /// Of the second player's wins, those where the opening had already lost the game.
    second_by_opening: u64,
    other: u64,
    first_time: Duration,
    first_moves: u64,
    /// The first player's games and wins as x and as o.
    games_as: [u64; 2],
    wins_as: [u64; 2],
    plies: u64,
}

impl Tally {
    fn score(&self) -> f64 {
        let games = (self.first + self.second + self.other).max(1) as f64;
        (self.first as f64 + self.other as f64 / 2.0) / games
    }
}

/// `player`'s move in this turn of a match.
fn choose<G: Evaluate>(
    game: &G,
    player: Player,
    turn: &Turn<'_, G>,
    scale: f64,
) -> Option<G::Move> {
    match player {
        Player::Level(level, None) => level_move(game, turn, level, scale, None),
        Player::Level(level, Some(weights)) => {
            let config = level.config();
            let limits = Limits {
                max_depth: config.max_depth,
                budget: Some(config.budget.mul_f64(scale)),
                noise: config.noise,
                quiescence: config.quiescence,
                seed: turn.seed,
                table_bits: 20,
            };
            Searcher::new(game.clone(), *turn.pos, turn.history, limits)
                .with_weights(weights)
                .run()
                .best
        }
        Player::Depth {
            depth,
            quiescence,
            weights,
        } => {
            let limits = Limits {
                max_depth: depth,
                quiescence,
                seed: turn.seed,
                table_bits: 18,
                ..PLAIN
            };
            let searcher = Searcher::new(game.clone(), *turn.pos, turn.history, limits);
            let mut searcher = match weights {
                Some(w) => searcher.with_weights(w),
                None => searcher,
            };
            searcher.run().best
        }
        Player::Outsider(outsider) => outsider_move(outsider, turn),
    }
}

/// An outsider's move: they play Earthen Cannon only (`run` refuses them elsewhere).
fn outsider_move<G: Evaluate>(outsider: Outsider, turn: &Turn<'_, G>) -> Option<G::Move> {
    let pos = (turn.pos as &dyn Any).downcast_ref::<cannon::Position>()?;
    let history: Vec<cannon::Position> = turn
        .history
        .iter()
        .filter_map(|p| (p as &dyn Any).downcast_ref::<cannon::Position>().copied())
        .collect();
    let mv = outsider.choose(pos, &history, turn.seed)?;
    (&mv as &dyn Any).downcast_ref::<G::Move>().copied()
}

/// The side of the first player: x in even games, o in odd ones, so that each pair of games
/// plays its shared opening both ways; or always `only` (`--side`).
fn first_side(index: u64, only: Option<Side>) -> Side {
    if let Some(side) = only {
        side
    } else if index.is_multiple_of(2) {
        Side::X
    } else {
        Side::O
    }
}

/// Whether a search proves that `side` cannot avoid losing from `pos`: games a random
/// opening had already lost are not the first player's fault.
fn proven_lost<G: Evaluate>(
    game: &G,
    pos: &G::Position,
    history: &[G::Position],
    side: Side,
) -> bool {
    let to_move = game.side_to_move(pos);
    if let Some(value) = ai::solve(game, pos) {
        let lost = |v| matches!(v, ai::SolvedValue::Loss(_));
        let won = |v| matches!(v, ai::SolvedValue::Win(_));
        return if to_move == side {
            lost(value)
        } else {
            won(value)
        };
    }
    let limits = Limits {
        budget: Some(Duration::from_secs(2)),
        ..PLAIN
    };
    let outcome = Searcher::new(game.clone(), *pos, history, limits).run();
    let for_side = if game.side_to_move(pos) == side {
        outcome.score
    } else {
        -outcome.score
    };
    for_side <= -(ai::search::WIN - 200)
}

/// Plays the match on every core (`ai::play_match`); fails on the first crashed game.
fn duel<G: Evaluate>(game: &G, players: [Player; 2], settings: &Settings) -> Result<Tally, String> {
    let match_settings = MatchSettings {
        games: settings.games,
        seed: 0,
        max_plies: settings.max_plies,
        opening_plies: settings.opening,
        // With one side only, every game gets its own opening.
        paired_openings: settings.only.is_none(),
    };
    let results = ai::play_match(game, &match_settings, |turn| {
        let mover = usize::from(turn.side != first_side(turn.game_index, settings.only));
        choose(game, players[mover], turn, settings.scale)
    });
    let mut tally = Tally::default();
    for result in results {
        let played = result.map_err(|crash| crash.to_string())?;
        let first = first_side(played.index, settings.only);
        let winner = played
            .status
            .winner()
            .map(|side| usize::from(side != first));
        let lost_by_opening = settings.judge_openings
            && winner == Some(1)
            && lost_after_opening(game, &played, settings.opening, first);
        tally.games_as[first.index()] += 1;
        tally.wins_as[first.index()] += u64::from(winner == Some(0));
        tally.plies += played.moves.len() as u64;
        match winner {
            Some(0) => tally.first += 1,
            Some(_) => {
                tally.second += 1;
                tally.second_by_opening += u64::from(lost_by_opening);
            }
            None => tally.other += 1,
        }
        if settings.verbose && winner != Some(0) {
            let result = match winner {
                Some(_) if lost_by_opening => "lost (lost after the opening)",
                Some(_) => "lost",
                None => "not won",
            };
            let record: Vec<String> = played.moves.iter().map(|&m| game.format_move(m)).collect();
            let mut end = game.start();
            for &mv in &played.moves {
                end = game.play(&end, mv);
            }
            println!(
                "game {}: first player ({}) {result} in {} plies, ending at {}: {}",
                played.index,
                first.letter(),
                played.moves.len(),
                game.format_position(&end),
                record.join(" ")
            );
        }
        // The first player's thinking, past the random opening.
        let mut side = game.side_to_move(&game.start());
        for (ply, &took) in played.think_times.iter().enumerate() {
            if side == first && ply as u64 >= settings.opening {
                tally.first_time += took;
                tally.first_moves += 1;
            }
            side = side.opponent();
        }
    }
    Ok(tally)
}

/// Whether the position after the random opening of `played` was already lost for `first`.
fn lost_after_opening<G: Evaluate>(
    game: &G,
    played: &PlayedGame<G>,
    opening: u64,
    first: Side,
) -> bool {
    let Some(opening_moves) = played.moves.get(..opening as usize) else {
        // The game ended inside its random opening.
        return false;
    };
    let mut pos = game.start();
    let mut history = Vec::new();
    for &mv in opening_moves {
        history.push(pos);
        pos = game.play(&pos, mv);
    }
    proven_lost(game, &pos, &history, first)
}

fn format_weights<G: Evaluate>(game: &G, weights: &Weights) -> String {
    game.weight_table()
        .iter()
        .zip(weights.0)
        .map(|((name, _), value)| format!("{name} {value}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Coordinate ascent over the weights by fixed-depth matches.
fn climb<G: Evaluate>(
    game: &G,
    depth: i32,
    mut step: f64,
    rounds: u32,
    settings: &Settings,
) -> Result<(), String> {
    let mut best = game.default_weights();
    let count = game.weight_table().len();
    println!("start: {}", format_weights(game, &best));
    for round in 1..=rounds {
        let mut improved = false;
        for slot in 1..count {
            for direction in [1.0, -1.0] {
                let mut candidate = best;
                let old = best.0[slot];
                let moved = (old as f64 * (1.0 + direction * step)).round() as i32;
                candidate.0[slot] = if moved == old {
                    old + direction as i32
                } else {
                    moved
                };
                let player = |weights| Player::Depth {
                    depth,
                    quiescence: true,
                    weights: Some(weights),
                };
                let tally = duel(game, [player(candidate), player(best)], settings)?;
                let (name, _) = game.weight_table()[slot];
                println!(
                    "round {round} {name} {old} -> {}: {} wins, {} losses, {} other, score {:.3}",
                    candidate.0[slot],
                    tally.first,
                    tally.second,
                    tally.other,
                    tally.score()
                );
                if tally.score() >= 0.55 {
                    best = candidate;
                    improved = true;
                    println!("  kept: {}", format_weights(game, &best));
                    break;
                }
            }
        }
        if !improved {
            step /= 2.0;
        }
    }
    println!("final: {}", format_weights(game, &best));
    Ok(())
}

/// Plays `moves` from the start, then searches to each depth up to `depth` and prints the
/// score: how a lost game got lost.
fn probe<G: Evaluate>(game: &G, moves: &[String], depth: i32) -> Result<(), String> {
    let mut pos = game.start();
    let mut history = Vec::new();
    for text in moves {
        let mv = game.parse_move(&pos, text).map_err(|e| e.to_string())?;
        history.push(pos);
        pos = game.play(&pos, mv);
    }
    println!("{}", game.format_position(&pos));
    for d in 1..=depth {
        let limits = Limits {
            max_depth: d,
            ..PLAIN
        };
        let outcome = Searcher::new(game.clone(), pos, &history, limits).run();
        let best = outcome
            .best
            .map(|m| game.format_move(m))
            .unwrap_or_default();
        println!(
            "depth {d}: {best} score {} nodes {}",
            outcome.score, outcome.nodes
        );
    }
    Ok(())
}

/// What the command line asked for.
struct Invocation {
    command: String,
    variant: Variant,
    /// Players (`duel`) or moves (`probe`).
    positional: Vec<String>,
    settings: Settings,
    depth: i32,
    step: f64,
    rounds: u32,
}

fn parse_args(args: impl IntoIterator<Item = OsString>) -> Result<Invocation, lexopt::Error> {
    use lexopt::prelude::*;
    let mut parser = lexopt::Parser::from_args(args);
    let mut next_value = |what: &str| match parser.next()? {
        Some(Value(text)) => text.string(),
        Some(other) => Err(other.unexpected()),
        None => Err(format!("missing {what}").into()),
    };
    let command = next_value("command")?;
    let variant = Variant::parse(&next_value("game")?).map_err(|e| e.to_string())?;
    let mut invocation = Invocation {
        command,
        variant,
        positional: Vec::new(),
        settings: Settings {
            games: 100,
            opening: 4,
            max_plies: 300,
            scale: 1.0,
            verbose: false,
            judge_openings: false,
            only: None,
        },
        depth: 3,
        step: 0.5,
        rounds: 2,
    };
    let settings = &mut invocation.settings;
    while let Some(arg) = parser.next()? {
        match arg {
            Long("games") => settings.games = parser.value()?.parse()?,
            Long("opening") => settings.opening = parser.value()?.parse()?,
            Long("max-plies") => settings.max_plies = parser.value()?.parse()?,
            Long("scale") => settings.scale = parser.value()?.parse()?,
            Long("verbose") => settings.verbose = true,
            Long("side") => {
                settings.only = match parser.value()?.string()?.as_str() {
                    "x" => Some(Side::X),
                    "o" => Some(Side::O),
                    other => return Err(format!("--side takes x or o, not {other}").into()),
                }
            }
            Long("depth") => invocation.depth = parser.value()?.parse()?,
            Long("step") => invocation.step = parser.value()?.parse()?,
            Long("rounds") => invocation.rounds = parser.value()?.parse()?,
            Value(text) => invocation.positional.push(text.string()?),
            _ => return Err(arg.unexpected()),
        }
    }
    Ok(invocation)
}

fn run(args: impl IntoIterator<Item = OsString>) -> Result<(), String> {
    let Invocation {
        command,
        variant,
        positional,
        mut settings,
        depth,
        step,
        rounds,
    } = parse_args(args).map_err(|e| e.to_string())?;
    with_game!(variant.to_game(), game => {
        match command.as_str() {
            "climb" => climb(&game, depth, step, rounds, &settings)?,
            "duel" => {
                settings.judge_openings = true;
                let [a, b] = positional.as_slice() else {
                    return Err("duel needs two players".to_owned());
                };
                let players = [Player::parse(a)?, Player::parse(b)?];
                let outsider = players.iter().any(|p| matches!(p, Player::Outsider(_)));
                if outsider && variant.game != qipan_engine::games::GameId::Cannon {
                    return Err("the outsiders play Earthen Cannon only".to_owned());
                }
                let started = Instant::now();
                let tally = duel(&game, players, &settings)?;
                let per_move = tally.first_time.as_secs_f64() / tally.first_moves.max(1) as f64;
                let games = (tally.games_as[0] + tally.games_as[1]).max(1);
                println!(
                    "{a} vs {b}: {} wins, {} losses ({} lost by the opening), {} other; \
                     {a} as x {}/{}, as o {}/{}; {:.0} plies a game; {a} {:.3} s a move; {:.0} s",
                    tally.first,
                    tally.second,
                    tally.second_by_opening,
                    tally.other,
                    tally.wins_as[0],
                    tally.games_as[0],
                    tally.wins_as[1],
                    tally.games_as[1],
                    tally.plies as f64 / games as f64,
                    per_move,
                    started.elapsed().as_secs_f64()
                );
            }
            "probe" => probe(&game, &positional, depth)?,
            _ => return Err(format!("unknown command {command}")),
        }
        Ok(())
    })
}

fn main() -> ExitCode {
    match run(std::env::args_os().skip(1)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tune: {message}");
            ExitCode::from(2)
        }
    }
}
