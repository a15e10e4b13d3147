//! Puzzles: positions where one move, and only one, wins the game or wins material, with
//! the line that shows it. `qipan-cli puzzles` prints them and the shipped sets
//! (`assets/puzzles/`) are made by it; `docs/puzzles.md` tells how they are chosen.
//!
//! - In the solved games (Shuang Cheng; Maddell from its table) a puzzle is a won position
//!   for the side to move in which, at each of its turns along the line, exactly one legal
//!   move keeps the win; the other side's replies are its longest resistance and the line
//!   ends with the game won. Positions are drawn at random (Maddell: at most
//!   [`MADDELL_PIECES`] pieces a side, which a small table covers).
//! - In the others, positions come from games the computer plays against itself at mixed
//!   strengths; a puzzle is a position where one move wins material within one or two of
//!   the mover's moves (three in Blockade, where only the win counts), found by a search of
//!   material alone, and a search of the engine two plies deeper agrees that no other move
//!   comes within a piece of it. The line stops when the gain is made.
//!
//! Puzzle `k` depends only on the seed and the puzzles before it, never on how many are
//! asked for: the first ten of a set of three hundred are the set of ten.

use super::search::{Limits, Searcher, WIN};
use super::{Evaluate, SolvedValue};
use crate::games::blockade::Blockade;
use crate::games::cannon::Cannon;
use crate::games::maddell::{Maddell, Position as MaddellPosition};
use crate::games::push::Push;
use crate::games::shuangcheng::{Position as ShuangPosition, ShuangCheng};
use crate::games::{Game, Side};
use crate::random::{seeded, SeededRng};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

pub use crate::scripted::Goal;
use std::fmt;

/// The most pieces a side in Maddell's puzzle positions: the 4-piece table (built in a
/// moment) covers them, and the whole game's table gives the same values.
pub const MADDELL_PIECES: usize = 4;

/// One puzzle: the side to move in `position` is the solver.
pub struct Puzzle<G: Game> {
    pub position: G::Position,
    /// The solver's first move, the reply, ..., ending with the solver's last move.
    pub line: Vec<G::Move>,
    /// `win` or `gain K`: a generated puzzle has no other goal.
    pub goal: Goal,
    /// One lower-case word: `mill`, `push-off`, `capture`, `boxed`, `platform`,
    /// `blockade`, `exact`.
    pub theme: &'static str,
    /// Higher is harder (see [`difficulty`]).
    pub difficulty: u32,
}

// By hand: a derive would ask the game type itself to be comparable and printable.
impl<G: Game> Clone for Puzzle<G> {
    fn clone(&self) -> Self {
        Puzzle {
            position: self.position,
            line: self.line.clone(),
            goal: self.goal,
            theme: self.theme,
            difficulty: self.difficulty,
        }
    }
}

impl<G: Game> PartialEq for Puzzle<G> {
    fn eq(&self, other: &Self) -> bool {
        self.position == other.position
            && self.line == other.line
            && self.goal == other.goal
            && self.theme == other.theme
            && self.difficulty == other.difficulty
    }
}

impl<G: Game> Eq for Puzzle<G> {}

impl<G: Game> fmt::Debug for Puzzle<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Puzzle")
            .field("position", &self.position)
            .field("line", &self.line)
            .field("goal", &self.goal)
            .field("theme", &self.theme)
            .field("difficulty", &self.difficulty)
            .finish()
    }
}

impl<G: Game> Puzzle<G> {
    /// The command line's form: position, line, goal, theme and difficulty, tab-separated.
    pub fn to_line(&self, game: &G) -> String {
        let line: Vec<String> = self.line.iter().map(|&m| game.format_move(m)).collect();
        format!(
            "{}\t{}\t{}\t{}\t{}",
            game.format_position(&self.position),
            line.join(" "),
            self.goal,
            self.theme,
            self.difficulty
        )
    }

    /// How many moves the solver makes.
    pub fn solver_moves(&self) -> usize {
        self.line.len().div_ceil(2)
    }
}

/// The difficulty rating: 1000, plus 250 for each solver move after the first, plus 50 for
/// each tempting wrong first move (at most ten counted).
pub fn difficulty(solver_moves: usize, tempting: usize) -> u32 {
    (1000 + 250 * solver_moves.saturating_sub(1) + 50 * tempting.min(10)) as u32
}

/// Why no puzzles were made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// A solved game's values are missing (Maddell without a table covering its puzzles).
    NoValues,
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::NoValues => f.write_str(
                "the exact values of this game are not available (Maddell needs its table)",
            ),
        }
    }
}

impl std::error::Error for PuzzleError {}

/// How a game makes its puzzles.
pub trait PuzzleSource: Evaluate {
    /// For the solved games: a random position (not necessarily won, nor reachable).
    /// `None` for the games whose puzzles come from self-play.
    fn random_position(&self, _rng: &mut SeededRng) -> Option<Self::Position> {
        None
    }

    /// The theme of a puzzle from `pos` whose first move is `key` and whose line ends in
    /// `end`.
    fn theme(&self, pos: &Self::Position, key: Self::Move, end: &Self::Position) -> &'static str;

    /// Self-play: the most solver moves a material puzzle may take.
    fn most_solver_moves(&self) -> usize {
        2
    }
}

impl PuzzleSource for ShuangCheng {
    fn random_position(&self, rng: &mut SeededRng) -> Option<ShuangPosition> {
        // Every piece is always on the board: three of each side, two shared, one hole.
        let mut points: Vec<u16> = (0..9).collect();
        points.shuffle(rng);
        let set = |range: std::ops::Range<usize>| points[range].iter().fold(0, |s, &p| s | 1 << p);
        Some(ShuangPosition {
            pieces: [set(0..3), set(3..6)],
            shared: set(6..8),
            to_move: if rng.random() { Side::X } else { Side::O },
            locked: rng.random_ratio(1, 3),
        })
    }

    fn theme(&self, _: &ShuangPosition, _: Self::Move, _: &ShuangPosition) -> &'static str {
        "exact"
    }
}

impl PuzzleSource for Maddell {
    fn random_position(&self, rng: &mut SeededRng) -> Option<MaddellPosition> {
        let most = MADDELL_PIECES as u8;
        let to_move = if rng.random() { Side::X } else { Side::O };
        // Mostly the sliding phase; now and then the end of a placement that saw captures.
        let hand: [u8; 2] = match (rng.random_range(0..4), to_move) {
            (0, Side::X) => [1, 1],
            (0, Side::O) => [0, 1],
            _ => [0, 0],
        };
        let mut pos = MaddellPosition {
            pieces: [0, 0],
            hand,
            to_move,
        };
        for side in [Side::X, Side::O] {
            let in_hand = hand[side.index()];
            let count = rng.random_range(3 - in_hand.min(1)..=most - in_hand);
            pos.place_at_random(side, u32::from(count), rng);
        }
        Some(pos)
    }

    fn theme(&self, pos: &MaddellPosition, key: Self::Move, _: &MaddellPosition) -> &'static str {
        if self.is_noisy(pos, key) {
            "mill"
        } else {
            "exact"
        }
    }
}

impl PuzzleSource for Push {
    fn theme(&self, _: &Self::Position, _: Self::Move, _: &Self::Position) -> &'static str {
        "push-off"
    }
}

impl PuzzleSource for Blockade {
    fn theme(&self, _: &Self::Position, _: Self::Move, _: &Self::Position) -> &'static str {
        "blockade"
    }

    fn most_solver_moves(&self) -> usize {
        3
    }
}

impl PuzzleSource for Cannon {
    fn theme(&self, pos: &Self::Position, _: Self::Move, end: &Self::Position) -> &'static str {
        match pos.to_move {
            Side::X => "capture",
            // The soldiers win cannons by boxing them in, or the game on the platforms.
            Side::O if end.cannons.count_ones() < pos.cannons.count_ones() => "boxed",
            Side::O => "platform",
        }
    }
}

/// `count` puzzles of `game` from `seed`. `exact` gives a solved game's values (Shuang
/// Cheng: its solver; Maddell: a table covering [`MADDELL_PIECES`] pieces a side); the
/// other games do not use it.
pub fn generate<G: PuzzleSource>(
    game: &G,
    count: usize,
    seed: u64,
    exact: &dyn Fn(&G::Position) -> Option<SolvedValue>,
) -> Result<Vec<Puzzle<G>>, PuzzleError> {
    let mut used = HashSet::new();
    let mut puzzles = Vec::with_capacity(count);
    for k in 0..count {
        // Puzzle k draws from stream k of the seed, whatever the puzzles before it drew.
        let rng = seeded(seed, k as u64);
        let puzzle = if game
            .random_position(&mut SeededRng::seed_from_u64(0))
            .is_some()
        {
            solved_puzzle(game, k, rng, exact, &used)?
        } else {
            played_puzzle(game, rng, &used)
        };
        used.insert(puzzle.position);
        puzzles.push(puzzle);
    }
    Ok(puzzles)
}

/// Solved games: the longest line a puzzle may have, in solver moves.
const MOST_SOLVED_MOVES: usize = 10;
/// Solved games: positions drawn for one puzzle before any length is taken.
const SOLVED_TRIES: usize = 50_000;

/// Puzzle `k` of a solved game: every third one longer (3 or more solver moves) if one
/// turns up among the positions drawn, the others short (1 or 2).
fn solved_puzzle<G: PuzzleSource>(
    game: &G,
    k: usize,
    mut rng: SeededRng,
    exact: &dyn Fn(&G::Position) -> Option<SolvedValue>,
    used: &HashSet<G::Position>,
) -> Result<Puzzle<G>, PuzzleError> {
    let band = if k % 3 == 2 {
        3..=MOST_SOLVED_MOVES
    } else {
        1..=2
    };
    let mut fallback = None;
    let mut covered = 0;
    for tries in 0.. {
        if tries >= SOLVED_TRIES && fallback.is_some() {
            break;
        }
        let Some(pos) = game.random_position(&mut rng) else {
            return Err(PuzzleError::NoValues);
        };
        if game.status(&pos).is_over() || used.contains(&pos) {
            continue;
        }
        let Some(value) = exact(&pos) else {
            if tries > 1000 && covered == 0 {
                return Err(PuzzleError::NoValues);
            }
            continue;
        };
        covered += 1;
        let SolvedValue::Win(plies) = value else {
            continue;
        };
        let moves = (plies as usize).div_ceil(2);
        if moves > MOST_SOLVED_MOVES || (!band.contains(&moves) && fallback.is_some()) {
            continue;
        }
        let Some(puzzle) = solved_line(game, &pos, exact) else {
            continue;
        };
        if band.contains(&moves) {
            return Ok(puzzle);
        }
        fallback = Some(puzzle);
    }
    fallback.ok_or(PuzzleError::NoValues)
}

/// The exact value of `child` from the mover's side of the move that led there.
fn mover_value<G: Game>(
    game: &G,
    child: &G::Position,
    exact: &dyn Fn(&G::Position) -> Option<SolvedValue>,
) -> Option<SolvedValue> {
    let status = game.status(child);
    if let Some(winner) = status.winner() {
        return Some(if winner == game.side_to_move(child) {
            SolvedValue::Loss(0)
        } else {
            SolvedValue::Win(0)
        });
    }
    Some(match exact(child)? {
        SolvedValue::Win(n) => SolvedValue::Loss(n + 1),
        SolvedValue::Loss(n) => SolvedValue::Win(n + 1),
        SolvedValue::Draw => SolvedValue::Draw,
    })
}

/// Legal moves in canonical order (the order every choice among equals is made in).
fn sorted_moves<G: Game>(game: &G, pos: &G::Position) -> Vec<G::Move> {
    let mut moves = Vec::new();
    game.legal_moves(pos, &mut moves);
    let mut keyed: Vec<(String, G::Move)> = moves
        .into_iter()
        .map(|m| (game.format_move(m), m))
        .collect();
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    keyed.into_iter().map(|(_, m)| m).collect()
}

/// The puzzle from a won position, if at each of the solver's turns exactly one move keeps
/// the win.
fn solved_line<G: PuzzleSource>(
    game: &G,
    start: &G::Position,
    exact: &dyn Fn(&G::Position) -> Option<SolvedValue>,
) -> Option<Puzzle<G>> {
    let solver = game.side_to_move(start);
    let mut pos = *start;
    let mut line = Vec::new();
    let mut tempting = 0;
    let mut seen = HashSet::new();
    while !game.status(&pos).is_over() {
        if !seen.insert(pos) {
            return None;
        }
        let moves = sorted_moves(game, &pos);
        if game.side_to_move(&pos) == solver {
            let mut winning = None;
            for &mv in &moves {
                match mover_value(game, &game.play(&pos, mv), exact)? {
                    SolvedValue::Win(_) if winning.is_some() => return None,
                    SolvedValue::Win(_) => winning = Some(mv),
                    other if line.is_empty() => {
                        // A wrong first move that keeps a draw, or takes a piece, tempts.
                        tempting +=
                            usize::from(other == SolvedValue::Draw || game.is_noisy(&pos, mv));
                    }
                    _ => {}
                }
            }
            line.push(winning?);
        } else {
            // The longest resistance: the slowest loss (first in canonical order).
            let reply = moves
                .iter()
                .filter_map(|&mv| match mover_value(game, &game.play(&pos, mv), exact) {
                    Some(SolvedValue::Loss(n)) => Some((n, mv)),
                    _ => None,
                })
                .fold(None, |best: Option<(u32, G::Move)>, (n, mv)| match best {
                    Some((b, _)) if b >= n => best,
                    _ => Some((n, mv)),
                })?;
            line.push(reply.1);
        }
        pos = game.play(&pos, line[line.len() - 1]);
    }
    if game.status(&pos).winner() != Some(solver) {
        return None;
    }
    let key = *line.first()?;
    let solver_moves = line.len().div_ceil(2);
    Some(Puzzle {
        position: *start,
        theme: game.theme(start, key, &pos),
        goal: Goal::Win,
        difficulty: difficulty(solver_moves, tempting),
        line,
    })
}

/// Self-play: the longest game scanned.
const MOST_PLIES: usize = 160;
/// Self-play: the first plies are random (varied openings), and never scanned.
const OPENING_PLIES: usize = 4;
/// A won game in the material search.
const WON: i32 = 1000;

/// A puzzle from self-play games: game after game (drawn from `rng`) until one holds a
/// puzzle not already in `used`.
fn played_puzzle<G: PuzzleSource>(
    game: &G,
    mut rng: SeededRng,
    used: &HashSet<G::Position>,
) -> Puzzle<G> {
    loop {
        // Mixed strengths: each side searches one or two plies, with noise, and now and then
        // plays at random, so that positions with something to find come up.
        let depths = [rng.random_range(1..=2), rng.random_range(1..=2)];
        let mut plies_rng = SeededRng::from_rng(&mut rng);
        let mut pos = game.start();
        let mut history: Vec<G::Position> = Vec::new();
        for ply in 0..MOST_PLIES {
            if game.status(&pos).is_over() {
                break;
            }
            if ply >= OPENING_PLIES && !used.contains(&pos) {
                if let Some(puzzle) = material_puzzle(game, &pos, &history) {
                    return puzzle;
                }
            }
            let mut moves = Vec::new();
            game.legal_moves(&pos, &mut moves);
            let Some(&first) = moves.first() else { break };
            let mv = if ply < OPENING_PLIES || plies_rng.random_ratio(1, 8) {
                moves[plies_rng.random_range(0..moves.len())]
            } else {
                let side = game.side_to_move(&pos).index();
                let limits = Limits {
                    max_depth: depths[side],
                    budget: None,
                    noise: 60,
                    quiescence: true,
                    seed: plies_rng.random(),
                    table_bits: 14,
                };
                Searcher::new(game.clone(), pos, &history, limits)
                    .run()
                    .best
                    .unwrap_or(first)
            };
            history.push(pos);
            pos = game.play(&pos, mv);
        }
    }
}

/// The solver's material lead over the start of the puzzle, or a won or lost game.
fn end_value<G: Game>(game: &G, start: [u32; 2], pos: &G::Position, solver: Side) -> i32 {
    let status = game.status(pos);
    if let Some(winner) = status.winner() {
        return if winner == solver { WON } else { -WON };
    }
    let now = game.material(pos);
    let me = solver.index();
    let lost = |side: usize| start[side] as i32 - now[side] as i32;
    lost(1 - me) - lost(me)
}

/// The material search: what the solver (to move in `pos`) makes with `moves_left` moves,
/// stopping at any of its moves; `alpha`/`beta` as usual.
struct Material<'a, G: Game> {
    game: &'a G,
    start: [u32; 2],
    solver: Side,
}

impl<G: Evaluate> Material<'_, G> {
    fn solver_node(&self, pos: &G::Position, moves_left: usize, alpha: i32, beta: i32) -> i32 {
        let mut moves = Vec::new();
        self.game.legal_moves(pos, &mut moves);
        // Captures first: they make cut-offs early.
        moves.sort_by_key(|&m| !self.game.is_noisy(pos, m));
        let mut best = -WON - 1;
        for mv in moves {
            let value =
                self.after_move(&self.game.play(pos, mv), moves_left, alpha.max(best), beta);
            best = best.max(value);
            if best >= beta {
                break;
            }
        }
        best
    }

    /// The value after a solver's move: stop here, or (moves left) go on after the reply.
    fn after_move(&self, child: &G::Position, moves_left: usize, alpha: i32, beta: i32) -> i32 {
        let now = end_value(self.game, self.start, child, self.solver);
        if moves_left <= 1 || now >= beta || self.game.status(child).is_over() {
            return now;
        }
        let floor = alpha.max(now);
        let mut replies = Vec::new();
        self.game.legal_moves(child, &mut replies);
        replies.sort_by_key(|&m| !self.game.is_noisy(child, m));
        let mut worst = WON + 1;
        for reply in replies {
            let next = self.game.play(child, reply);
            let value = if self.game.status(&next).is_over() {
                end_value(self.game, self.start, &next, self.solver)
            } else {
                self.solver_node(&next, moves_left - 1, floor, beta.min(worst))
            };
            worst = worst.min(value);
            if worst <= floor {
                break;
            }
        }
        now.max(worst)
    }
}

/// The puzzle in `pos`, if one move alone wins material (or the game) within the game's
/// solver moves and a search two plies deeper agrees.
fn material_puzzle<G: PuzzleSource>(
    game: &G,
    pos: &G::Position,
    history: &[G::Position],
) -> Option<Puzzle<G>> {
    let solver = game.side_to_move(pos);
    let search = Material {
        game,
        start: game.material(pos),
        solver,
    };
    let moves = sorted_moves(game, pos);
    if moves.len() < 2 {
        return None;
    }
    for depth in 1..=game.most_solver_moves() {
        let value = search.solver_node(pos, depth, -WON - 1, WON + 1);
        if value < 1 {
            continue;
        }
        // Exactly one move reaches it.
        let mut key = None;
        for &mv in &moves {
            let child = game.play(pos, mv);
            if search.after_move(&child, depth, value - 1, value) >= value {
                if key.is_some() {
                    return None;
                }
                key = Some(mv);
            }
        }
        let key = key?;
        let line = material_line(&search, pos, key, depth, value)?;
        // No repetitions: every position of the line is new to the game.
        let mut seen: HashSet<u64> = history.iter().map(|p| game.hash(p)).collect();
        let mut at = *pos;
        for &mv in &line {
            if !seen.insert(game.hash(&at)) {
                return None;
            }
            at = game.play(&at, mv);
        }
        if seen.contains(&game.hash(&at)) {
            return None;
        }
        let tempting = confirm(game, pos, history, key, 2 * depth as i32)?;
        let won = value >= WON;
        let goal = if won {
            Goal::Win
        } else {
            Goal::Gain(end_value(game, search.start, &at, solver).max(1) as u32)
        };
        if won != (game.status(&at).winner() == Some(solver)) {
            return None;
        }
        return Some(Puzzle {
            position: *pos,
            theme: game.theme(pos, key, &at),
            goal,
            difficulty: difficulty(line.len().div_ceil(2), tempting),
            line,
        });
    }
    None
}

/// The line from `key`: the replies that hold the solver to `value` (the first in
/// canonical order), the solver's moves that keep it, until it is made.
fn material_line<G: Evaluate>(
    search: &Material<'_, G>,
    pos: &G::Position,
    key: G::Move,
    depth: usize,
    value: i32,
) -> Option<Vec<G::Move>> {
    let game = search.game;
    let mut line = vec![key];
    let mut at = game.play(pos, key);
    let mut left = depth;
    while end_value(game, search.start, &at, search.solver) < value {
        if left <= 1 || game.status(&at).is_over() {
            return None;
        }
        // The reply: one that holds the solver to the value, preferring a quiet one
        // (that does not give material back).
        let reply = sorted_moves(game, &at).into_iter().find(|&r| {
            let next = game.play(&at, r);
            !game.status(&next).is_over()
                && search.solver_node(&next, left - 1, value - 1, value + 1) <= value
        })?;
        line.push(reply);
        at = game.play(&at, reply);
        left -= 1;
        let next = sorted_moves(game, &at)
            .into_iter()
            .find(|&m| search.after_move(&game.play(&at, m), left, value - 1, value) >= value)?;
        line.push(next);
        at = game.play(&at, next);
    }
    Some(line)
}

/// The engine's search, `child_depth` plies below each first move (two plies deeper than
/// the material search that found `key`): `key` must be best by at least a piece. Returns
/// how many wrong first moves tempt (take something, or come within three pieces).
fn confirm<G: Evaluate>(
    game: &G,
    pos: &G::Position,
    history: &[G::Position],
    key: G::Move,
    child_depth: i32,
) -> Option<usize> {
    let mut before = history.to_vec();
    before.push(*pos);
    let score = |mv: G::Move| {
        let limits = Limits {
            max_depth: child_depth,
            budget: None,
            noise: 0,
            quiescence: true,
            seed: 0,
            table_bits: 14,
        };
        let child = game.play(pos, mv);
        if let Some(winner) = game.status(&child).winner() {
            return if winner == game.side_to_move(pos) {
                WIN
            } else {
                -WIN
            };
        }
        -Searcher::new(game.clone(), child, &before, limits)
            .run()
            .score
    };
    let key_score = score(key);
    let mut tempting = 0;
    for mv in sorted_moves(game, pos) {
        if mv == key {
            continue;
        }
        let other = score(mv);
        if other > key_score.saturating_sub(100) {
            return None;
        }
        tempting += usize::from(game.is_noisy(pos, mv) || other > key_score.saturating_sub(300));
    }
    Some(tempting)
}
