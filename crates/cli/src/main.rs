//! `qipan-cli`: the engines' command line, for people and tools that test, compare and
//! script the engines. It never opens a window.
//!
//! `qipan-cli COMMAND GAME [OPTION | ARGUMENT]...`, with the commands of `USAGE` below (the
//! README shows each). Position texts, move notation and game ids are the engines' own
//! (`Game::parse_position`, `Game::parse_move`, `Variant::parse`). Every command prints only
//! its answer on standard output and exits 0. Bad input (an unknown game, command, option or
//! level, a malformed number, position or move, an illegal move, a missing argument) prints
//! nothing on standard output and one line on standard error that names the offending text
//! and why it was refused, and exits 2: outside tools check these forms byte for byte
//! (`tests/cli/`). A match in which a game crashed prints one line naming the game and
//! exits 1, as does `lessons` when a shipped course does not replay (a defect, not bad input).
//!
//! A terminal program: on wasm32 (where tools/web.mjs builds only the app) `main` is an empty stub,
//! so that `cargo check --target wasm32-unknown-unknown --bins` still covers every binary.

// On wasm32 everything below the stub `main` is unused.
#![cfg_attr(target_arch = "wasm32", allow(dead_code, unused_imports))]

use qipan_engine::ai::coach::{self, Budget};
use qipan_engine::ai::matches::level_move;
use qipan_engine::ai::puzzles::{self, PuzzleSource};
use qipan_engine::ai::{self, Level};
use qipan_engine::games::maddell::Maddell;
use qipan_engine::games::ToGame;
use qipan_engine::games::{perft, Game, GameId, Side, Variant};
use qipan_engine::lessons;
use qipan_engine::with_game;
use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str =
    "usage: qipan-cli start|moves|apply|status|perft|bestmove|analyse|review|match|solve|puzzles|lessons GAME ...";

/// The most puzzles one `puzzles` command makes.
const MOST_PUZZLES: u64 = 10_000;

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    match run(std::env::args_os().skip(1)) {
        Ok(answer) => {
            let mut out = std::io::stdout().lock();
            // A closed pipe is the reader's business, not an error of ours.
            let _ = out.write_all(answer.as_bytes());
            let _ = out.flush();
            ExitCode::SUCCESS
        }
        Err(failure) => {
            let (message, code) = match &failure {
                Failure::BadInput(message) => (message, 2),
                Failure::Crashed(message) => (message, 1),
            };
            eprintln!("qipan-cli: {}", one_line(message));
            ExitCode::from(code)
        }
    }
}

/// Why a command printed no answer.
enum Failure {
    /// The arguments, a position or a move were refused: exit 2.
    BadInput(String),
    /// The engine failed (a game of a match crashed): exit 1.
    Crashed(String),
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::BadInput(message)
    }
}

/// The error message on a single line: the offending text may itself hold line breaks
/// (`--pos $'x\n0'`), and tools read exactly one line of standard error.
fn one_line(message: &str) -> String {
    message.replace('\r', "\\r").replace('\n', "\\n")
}

/// The arguments after `COMMAND GAME`: named options and the positional rest.
#[derive(Default)]
struct Options {
    pos: Option<String>,
    divide: bool,
    level: Option<Level>,
    x: Option<Level>,
    o: Option<Level>,
    games: Option<u64>,
    seed: Option<u64>,
    max_plies: Option<u64>,
    movetime: Option<Duration>,
    /// `analyse`, `review`: a fixed search depth.
    depth: Option<i32>,
    /// Maddell: where the solved table is read (or written, when missing); without it, where
    /// the app keeps it.
    table: Option<String>,
    /// `puzzles`: how many.
    count: Option<u64>,
    positional: Vec<String>,
}

/// A decimal number: digits only, since `str::parse` would also take `+5`.
fn number(flag: &str, text: &str) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{flag} '{text}' is not a decimal number"));
    }
    text.parse()
        .map_err(|_| format!("{flag} '{text}' is too large"))
}

fn level(text: &str) -> Result<Level, String> {
    Level::parse(text)
        .ok_or_else(|| format!("unknown level '{text}' (expected easy, medium, hard or master)"))
}

/// The long options each command accepts (without their dashes).
fn allowed_options(command: &str) -> Result<&'static [&'static str], String> {
    Ok(match command {
        "start" => &[],
        "moves" | "status" | "apply" => &["pos"],
        "solve" => &["pos", "table"],
        "perft" => &["pos", "divide"],
        "bestmove" => &["pos", "level", "movetime", "seed", "table"],
        "analyse" => &["pos", "movetime", "depth", "table"],
        "review" => &["depth", "table"],
        "match" => &["x", "o", "games", "seed", "max-plies", "movetime", "table"],
        "puzzles" => &["count", "seed", "table"],
        "lessons" => &[],
        other => return Err(format!("unknown command '{other}'; {USAGE}")),
    })
}

/// Stores an option's value, refusing a second one.
fn set_once<T>(slot: &mut Option<T>, flag: &str, value: T) -> Result<(), String> {
    match slot.replace(value) {
        Some(_) => Err(format!("option '{flag}' given twice")),
        None => Ok(()),
    }
}

/// A lexopt error as one line naming the offending argument.
fn bad_argument(error: lexopt::Error) -> String {
    error.to_string()
}

/// Reads `COMMAND GAME [OPTION | ARGUMENT]...`; options may come in any order among the
/// positional arguments, and each command accepts only its own.
fn parse_args(
    args: impl IntoIterator<Item = OsString>,
) -> Result<(String, Variant, Options), String> {
    use lexopt::prelude::*;
    let mut parser = lexopt::Parser::from_args(args);
    let command = match parser.next().map_err(bad_argument)? {
        Some(Value(text)) => text.string().map_err(bad_argument)?,
        Some(other) => return Err(format!("{}; {USAGE}", bad_argument(other.unexpected()))),
        None => return Err(format!("missing command; {USAGE}")),
    };
    let allowed = allowed_options(&command)?;
    let variant = match parser.next().map_err(bad_argument)? {
        Some(Value(text)) => {
            Variant::parse(&text.string().map_err(bad_argument)?).map_err(|e| e.to_string())?
        }
        Some(other) => return Err(bad_argument(other.unexpected())),
        None if command == "lessons" => return Err("missing COURSE after 'lessons'".to_owned()),
        None => return Err(format!("missing GAME after '{command}'")),
    };
    let mut options = Options::default();
    while let Some(arg) = parser.next().map_err(bad_argument)? {
        let name = match arg {
            Value(text) => {
                options
                    .positional
                    .push(text.string().map_err(bad_argument)?);
                continue;
            }
            Long(name) if allowed.contains(&name) => name.to_owned(),
            Long(name) => return Err(format!("unknown option '--{name}' for '{command}'")),
            Short(_) => return Err(bad_argument(arg.unexpected())),
        };
        let flag = format!("--{name}");
        if name == "divide" {
            options.divide = true;
            continue;
        }
        let value = parser
            .value()
            .map_err(bad_argument)?
            .string()
            .map_err(bad_argument)?;
        match name.as_str() {
            "pos" => set_once(&mut options.pos, &flag, value)?,
            "table" => set_once(&mut options.table, &flag, value)?,
            "level" => set_once(&mut options.level, &flag, level(&value)?)?,
            "x" => set_once(&mut options.x, &flag, level(&value)?)?,
            "o" => set_once(&mut options.o, &flag, level(&value)?)?,
            "games" => set_once(&mut options.games, &flag, number(&flag, &value)?)?,
            "count" => set_once(&mut options.count, &flag, number(&flag, &value)?)?,
            "seed" => set_once(&mut options.seed, &flag, number(&flag, &value)?)?,
            "max-plies" => set_once(&mut options.max_plies, &flag, number(&flag, &value)?)?,
            "depth" => {
                let depth = number(&flag, &value)?;
                let depth = i32::try_from(depth)
                    .ok()
                    .filter(|d| (1..=64).contains(d))
                    .ok_or_else(|| format!("{flag} '{value}' is not a depth from 1 to 64"))?;
                set_once(&mut options.depth, &flag, depth)?
            }
            "movetime" => {
                let ms = number(&flag, &value)?;
                set_once(&mut options.movetime, &flag, Duration::from_millis(ms))?
            }
            _ => return Err(format!("unknown option '{flag}' for '{command}'")),
        }
    }
    Ok((command, variant, options))
}

impl Options {
    fn no_positional(&self) -> Result<(), String> {
        match self.positional.first() {
            Some(extra) => Err(format!("unexpected argument '{extra}'")),
            None => Ok(()),
        }
    }
}

fn run(args: impl IntoIterator<Item = OsString>) -> Result<String, Failure> {
    let (command, variant, options) = parse_args(args)?;
    if options.table.is_some() && variant.game != GameId::Maddell {
        return Err(Failure::BadInput("--table is only for maddell".to_owned()));
    }
    if command == "lessons" {
        return lessons(variant, &options);
    }
    with_game!(variant.to_game(), g => Command { game: g, options }.run(&command))
}

/// Positions met along a line of moves (the first one first), and the moves between them.
type Line<G> = (Vec<<G as Game>::Position>, Vec<<G as Game>::Move>);

/// A command bound to one concrete game.
struct Command<G: Game> {
    game: G,
    options: Options,
}

impl<G: PuzzleSource> Command<G> {
    fn run(self, command: &str) -> Result<String, Failure> {
        match command {
            "match" => self.play_match(),
            _ => self.answer(command).map_err(Failure::BadInput),
        }
    }

    fn answer(self, command: &str) -> Result<String, String> {
        match command {
            "start" => {
                self.options.no_positional()?;
                Ok(line(self.game.format_position(&self.game.start())))
            }
            "moves" => {
                self.options.no_positional()?;
                let pos = self.position()?;
                Ok(sorted_moves(&self.game, &pos)
                    .into_iter()
                    .map(line)
                    .collect())
            }
            "status" => {
                self.options.no_positional()?;
                Ok(line(self.game.status(&self.position()?).to_string()))
            }
            "apply" => self.apply(),
            "perft" => self.perft(),
            "bestmove" => self.bestmove(),
            "analyse" => self.analyse(),
            "review" => self.review(),
            "solve" => self.solve(),
            "puzzles" => self.puzzles(),
            other => Err(format!("unknown command '{other}'")),
        }
    }

    /// Maddell: installs the solved table that the command needs, from `--table` or where the
    /// app keeps it, built there once when missing (`maddell_table::table_for_cli`). With
    /// `under_time_limit`, a missing table is not built: the computer searches instead. A
    /// note on standard error says when either happens. Other games need nothing.
    #[cfg(not(target_arch = "wasm32"))]
    fn prepare_table(&self, under_time_limit: bool) -> Result<(), String> {
        if self.game.variant().game != GameId::Maddell {
            return Ok(());
        }
        // The positions looked at hold at most the pieces of `--pos` (moves never add any).
        let pieces = match &self.options.pos {
            Some(text) => ai::maddell_table::pieces_a_side(
                &Maddell.parse_position(text).map_err(|e| e.to_string())?,
            ),
            None => ai::maddell_table::MAX_PIECES,
        };
        self.prepare_table_for(pieces, under_time_limit)
    }

    /// As [`Command::prepare_table`], for positions of at most `pieces` pieces a side.
    #[cfg(not(target_arch = "wasm32"))]
    fn prepare_table_for(&self, pieces: usize, under_time_limit: bool) -> Result<(), String> {
        use ai::maddell_table::{self as table, CliNeed};
        if self.game.variant().game != GameId::Maddell {
            return Ok(());
        }
        let path = match &self.options.table {
            Some(path) => Some(std::path::PathBuf::from(path)),
            None => table::cli_default_path(),
        };
        let need = if under_time_limit {
            CliNeed::UseIfPresent
        } else {
            CliNeed::BuildIfMissing
        };
        table::table_for_cli(pieces, path.as_deref(), need, &mut |note| {
            eprintln!("qipan-cli: {}", one_line(&note))
        })?;
        Ok(())
    }

    #[cfg(target_arch = "wasm32")]
    fn prepare_table(&self, _: bool) -> Result<(), String> {
        Ok(())
    }

    #[cfg(target_arch = "wasm32")]
    fn prepare_table_for(&self, _: usize, _: bool) -> Result<(), String> {
        Ok(())
    }

    fn position(&self) -> Result<G::Position, String> {
        match &self.options.pos {
            None => Ok(self.game.start()),
            Some(text) => self.game.parse_position(text).map_err(|e| e.to_string()),
        }
    }

    fn apply(&self) -> Result<String, String> {
        if self.options.positional.is_empty() {
            return Err("missing MOVE after the game".to_owned());
        }
        let (pos, _) = self.played()?;
        Ok(format!(
            "{}\n{}\n",
            self.game.format_position(&pos),
            self.game.status(&pos)
        ))
    }

    fn perft(&self) -> Result<String, String> {
        let depth_text = self
            .options
            .positional
            .first()
            .ok_or_else(|| "missing DEPTH".to_owned())?;
        if let Some(extra) = self.options.positional.get(1) {
            return Err(format!("unexpected argument '{extra}'"));
        }
        let depth = u32::try_from(number("DEPTH", depth_text)?)
            .map_err(|_| format!("DEPTH '{depth_text}' is too large"))?;
        let pos = self.position()?;
        if !self.options.divide {
            return Ok(line(perft(&self.game, &pos, depth).to_string()));
        }
        let mut moves = Vec::new();
        self.game.legal_moves(&pos, &mut moves);
        let mut rows: Vec<(String, u64)> = moves
            .into_iter()
            .map(|mv| {
                let count = match depth {
                    0 => 0,
                    _ => perft(&self.game, &self.game.play(&pos, mv), depth - 1),
                };
                (self.game.format_move(mv), count)
            })
            .collect();
        rows.sort();
        let total: u64 = if depth == 0 {
            1
        } else {
            rows.iter().map(|(_, n)| n).sum()
        };
        let mut out = String::new();
        if depth > 0 {
            for (mv, count) in rows {
                out.push_str(&format!("{mv} {count}\n"));
            }
        }
        out.push_str(&line(total.to_string()));
        Ok(out)
    }

    /// The positional MOVE... played from `--pos`: every position met (the first one
    /// first) and the moves between them.
    fn line(&self) -> Result<Line<G>, String> {
        let mut positions = vec![self.position()?];
        let mut moves = Vec::with_capacity(self.options.positional.len());
        for text in &self.options.positional {
            let pos = positions[positions.len() - 1];
            let mv = self
                .game
                .parse_move(&pos, text)
                .map_err(|e| e.to_string())?;
            moves.push(mv);
            positions.push(self.game.play(&pos, mv));
        }
        Ok((positions, moves))
    }

    /// The position after the positional MOVE... from `--pos`, and the positions before it
    /// (the search's repetition check), as UCI's `position ... moves` gives them.
    fn played(&self) -> Result<(G::Position, Vec<G::Position>), String> {
        let (mut history, _) = self.line()?;
        // `line` always holds the position it started from.
        let pos = history.pop().ok_or_else(|| "no position".to_owned())?;
        Ok((pos, history))
    }

    fn bestmove(&self) -> Result<String, String> {
        let level = self
            .options
            .level
            .ok_or_else(|| "missing --level".to_owned())?;
        let (pos, history) = self.played()?;
        if self.game.status(&pos).is_over() {
            return Err("the game is over: there is no move to choose".to_owned());
        }
        // Under a time limit, never a build of half a minute inside a move.
        self.prepare_table(self.options.movetime.is_some())?;
        let mv = ai::choose_move(
            &self.game,
            &pos,
            &history,
            level,
            self.options.seed.unwrap_or(0),
            self.options.movetime,
        )
        .ok_or_else(|| "no legal move in this position".to_owned())?;
        Ok(line(self.game.format_move(mv)))
    }

    /// Three lines: the score for the side to move, the best move and the expected line.
    /// Without a budget it thinks as long as master does for a move (the app's hint).
    fn analyse(&self) -> Result<String, String> {
        let budget = match (self.options.depth, self.options.movetime) {
            (Some(_), Some(_)) => return Err("give --movetime or --depth, not both".to_owned()),
            (Some(depth), None) => Budget::Depth(depth),
            (None, Some(time)) => Budget::Time(time),
            (None, None) => Budget::Time(Level::Master.config().budget),
        };
        let (pos, history) = self.played()?;
        self.prepare_table(false)?;
        let analysis =
            coach::analyse(&self.game, &pos, &history, budget).map_err(|e| e.to_string())?;
        let line: Vec<String> = analysis
            .line
            .iter()
            .map(|&mv| self.game.format_move(mv))
            .collect();
        Ok(format!(
            "score {}\nbest {}\npv {}\n",
            analysis.score,
            self.game.format_move(analysis.best),
            line.join(" ")
        ))
    }

    /// A line per ply (`N MOVE LABEL LOSS BEST`), then the label counts for x, then for o.
    fn review(&self) -> Result<String, String> {
        if self.options.positional.is_empty() {
            return Err("missing MOVE after the game".to_owned());
        }
        // `review` takes no `--pos`: the line starts from the start position.
        let (positions, moves) = self.line()?;
        self.prepare_table(false)?;
        let moves = moves.into_iter().map(Some).collect();
        let depth = self
            .options
            .depth
            .unwrap_or_else(|| self.game.review_depth());
        let review = coach::review(&self.game, positions, moves, depth);
        let mut out = String::new();
        for (index, verdict) in review.verdicts.iter().enumerate() {
            // Every ply here is a move: only the app's timer loses turns without one.
            let Some(verdict) = verdict else { continue };
            out.push_str(&format!(
                "{} {} {} {} {}\n",
                index + 1,
                self.game.format_move(verdict.played),
                verdict.label.as_str(),
                verdict.loss,
                self.game.format_move(verdict.best),
            ));
        }
        let counts: Vec<String> = review
            .summary()
            .iter()
            .flatten()
            .map(u32::to_string)
            .collect();
        out.push_str(&format!("summary {}\n", counts.join(" ")));
        Ok(out)
    }

    /// Plays the match; a game that crashed fails the whole match (exit 1) rather than count
    /// as a draw.
    fn play_match(&self) -> Result<String, Failure> {
        self.options.no_positional()?;
        let x = self.options.x.ok_or_else(|| "missing --x".to_owned())?;
        let o = self.options.o.ok_or_else(|| "missing --o".to_owned())?;
        let games = self
            .options
            .games
            .ok_or_else(|| "missing --games".to_owned())?;
        let levels = [x, o];
        let budget_scale = budget_scale()?;
        self.prepare_table(self.options.movetime.is_some())?;
        let settings = ai::MatchSettings {
            games,
            seed: self.options.seed.unwrap_or(0),
            max_plies: self.options.max_plies.unwrap_or(300),
            // Two random plies keep noiseless levels from replaying one game. Not in a solved
            // game: there every level but master already errs at random, and random plies
            // would decide the game (a first-player win on nine points) before the levels play.
            opening_plies: if self.game.solution(&self.game.start()).is_some() {
                0
            } else {
                2
            },
            paired_openings: false,
        };
        // A crash is reported once, on one line, below: not also by the default panic hook.
        let default_hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let results = ai::play_match(&self.game, &settings, |turn| {
            let level = levels[turn.side.index()];
            level_move(&self.game, turn, level, budget_scale, self.options.movetime)
        });
        std::panic::set_hook(default_hook);
        let crashed: Vec<&ai::CrashedGame> =
            results.iter().filter_map(|r| r.as_ref().err()).collect();
        if let Some(first) = crashed.first() {
            return Err(Failure::Crashed(match crashed.len() {
                1 => first.to_string(),
                n => format!("{first} (and {} more games crashed)", n - 1),
            }));
        }
        let mut out = String::new();
        let mut tally = [0u64; 3];
        for played in results.iter().flatten() {
            let status = played.status;
            // A game cut at the ply limit is still ongoing: the match counts it a draw.
            let result = if status.is_over() {
                status.to_string()
            } else {
                "draw".to_owned()
            };
            tally[match status.winner() {
                Some(Side::X) => 0,
                Some(Side::O) => 1,
                None => 2,
            }] += 1;
            out.push_str(&format!(
                "game {}: {result} in {} plies\n",
                played.index + 1,
                played.moves.len()
            ));
        }
        out.push_str(&format!(
            "x-wins {} o-wins {} draws {}\n",
            tally[0], tally[1], tally[2]
        ));
        Ok(out)
    }

    /// `--count` puzzles (20 by default) from `--seed` (0), one a line.
    fn puzzles(&self) -> Result<String, String> {
        self.options.no_positional()?;
        let count = self.options.count.unwrap_or(20);
        if !(1..=MOST_PUZZLES).contains(&count) {
            return Err(format!(
                "--count '{count}' is not a count from 1 to {MOST_PUZZLES}"
            ));
        }
        // Maddell's puzzles have few pieces: a small table covers them (the whole game's,
        // where it is stored, gives the same values).
        self.prepare_table_for(puzzles::MADDELL_PIECES, false)?;
        let tables = ai::Tables::installed();
        let exact = |p: &G::Position| self.game.exact_value(p, &tables);
        let set = puzzles::generate(
            &self.game,
            count as usize,
            self.options.seed.unwrap_or(0),
            &exact,
        )
        .map_err(|e| e.to_string())?;
        Ok(set.iter().map(|p| line(p.to_line(&self.game))).collect())
    }

    fn solve(&self) -> Result<String, String> {
        self.options.no_positional()?;
        let pos = self.position()?;
        self.prepare_table(false)?;
        let value = ai::solve(&self.game, &pos).ok_or_else(|| {
            format!(
                "game '{}' is too large to solve outright (only shuangcheng and maddell can be)",
                self.game.variant()
            )
        })?;
        Ok(line(value.to_string()))
    }
}

/// The lessons of the course of `variant`'s game, one a line (seven tab-separated fields). A
/// course is named by its game alone: the Blockade course teaches its option itself. A
/// shipped course that does not read or replay is the engine's failure (exit 1).
fn lessons(variant: Variant, options: &Options) -> Result<String, Failure> {
    options.no_positional()?;
    if variant != Variant::plain(variant.game) {
        let courses = GameId::ALL.map(GameId::name);
        let (last, rest) = courses.split_last().unwrap_or((&"", &[]));
        return Err(Failure::BadInput(format!(
            "unknown course '{variant}' (expected {} or {last})",
            rest.join(", ")
        )));
    }
    let course =
        lessons::course(variant.game).map_err(|error| Failure::Crashed(error.to_string()))?;
    Ok(course
        .lessons
        .iter()
        .map(|lesson| line(lesson.to_line()))
        .collect())
}

/// `QIPAN_BUDGET_SCALE` (for calibration runs): every level's budget times this factor.
fn budget_scale() -> Result<f64, String> {
    match std::env::var("QIPAN_BUDGET_SCALE") {
        Err(_) => Ok(1.0),
        Ok(text) => match text.parse::<f64>() {
            Ok(scale) if scale > 0.0 && scale <= 1.0 => Ok(scale),
            _ => Err(format!(
                "QIPAN_BUDGET_SCALE '{text}' is not a number in (0, 1]"
            )),
        },
    }
}

fn line(text: String) -> String {
    text + "\n"
}

/// Every legal move's canonical text, sorted by byte order.
fn sorted_moves<G: Game>(game: &G, pos: &G::Position) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(pos, &mut moves);
    let mut texts: Vec<String> = moves.into_iter().map(|mv| game.format_move(mv)).collect();
    texts.sort();
    texts
}
