//! `qipan-cli`: the engines' command line (see `shared/spec/cli.md`). It never opens a window.
//!
//! Every command prints only its answer on standard output and exits 0; bad input prints one
//! line on standard error naming the offending text and exits 2.
//!
//! A terminal program: on wasm32 (where Trunk builds only the app) `main` is an empty stub,
//! so that `cargo check --target wasm32-unknown-unknown --bins` still covers every binary.

// On wasm32 everything below the stub `main` is unused.
#![cfg_attr(target_arch = "wasm32", allow(dead_code, unused_imports))]

use qipan::ai::{self, Evaluate, Level};
use qipan::games::{perft, Game, Status, Variant};
use qipan::with_game;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "usage: qipan-cli start|moves|apply|status|perft|bestmove|match|solve GAME ...";

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(answer) => {
            let mut out = std::io::stdout().lock();
            // A closed pipe is the reader's business, not an error of ours.
            let _ = out.write_all(answer.as_bytes());
            let _ = out.flush();
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("qipan-cli: {message}");
            ExitCode::from(2)
        }
    }
}

/// The arguments after `COMMAND GAME`: named options and the positional rest.
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
    /// `solve maddell`: where the solved table is read (or written, when missing).
    table: Option<String>,
    positional: Vec<String>,
}

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

impl Options {
    /// Reads the options a command allows; anything else is bad input.
    fn parse(args: &[String], allowed: &[&str]) -> Result<Options, String> {
        let mut options = Options {
            pos: None,
            divide: false,
            level: None,
            x: None,
            o: None,
            games: None,
            seed: None,
            max_plies: None,
            movetime: None,
            table: None,
            positional: Vec::new(),
        };
        let mut i = 0;
        while i < args.len() {
            let arg = args[i].as_str();
            if !arg.starts_with("--") {
                options.positional.push(arg.to_owned());
                i += 1;
                continue;
            }
            if !allowed.contains(&arg) {
                return Err(format!("unknown option '{arg}' for this command"));
            }
            if arg == "--divide" {
                options.divide = true;
                i += 1;
                continue;
            }
            let value = args
                .get(i + 1)
                .ok_or_else(|| format!("option '{arg}' is missing its value"))?
                .as_str();
            let duplicate = || format!("option '{arg}' given twice");
            match arg {
                "--pos" => {
                    if options.pos.replace(value.to_owned()).is_some() {
                        return Err(duplicate());
                    }
                }
                "--table" => {
                    if options.table.replace(value.to_owned()).is_some() {
                        return Err(duplicate());
                    }
                }
                "--level" => {
                    if options.level.replace(level(value)?).is_some() {
                        return Err(duplicate());
                    }
                }
                "--x" => {
                    if options.x.replace(level(value)?).is_some() {
                        return Err(duplicate());
                    }
                }
                "--o" => {
                    if options.o.replace(level(value)?).is_some() {
                        return Err(duplicate());
                    }
                }
                "--games" => {
                    if options.games.replace(number(arg, value)?).is_some() {
                        return Err(duplicate());
                    }
                }
                "--seed" => {
                    if options.seed.replace(number(arg, value)?).is_some() {
                        return Err(duplicate());
                    }
                }
                "--max-plies" => {
                    if options.max_plies.replace(number(arg, value)?).is_some() {
                        return Err(duplicate());
                    }
                }
                "--movetime" => {
                    let ms = number(arg, value)?;
                    if options
                        .movetime
                        .replace(Duration::from_millis(ms))
                        .is_some()
                    {
                        return Err(duplicate());
                    }
                }
                _ => return Err(format!("unknown option '{arg}'")),
            }
            i += 2;
        }
        Ok(options)
    }

    fn no_positional(&self) -> Result<(), String> {
        match self.positional.first() {
            Some(extra) => Err(format!("unexpected argument '{extra}'")),
            None => Ok(()),
        }
    }
}

fn run(args: &[String]) -> Result<String, String> {
    let command = args
        .first()
        .ok_or_else(|| format!("missing command; {USAGE}"))?;
    let allowed: &[&str] = match command.as_str() {
        "start" => &[],
        "moves" | "status" | "apply" => &["--pos"],
        "solve" => &["--pos", "--table"],
        "perft" => &["--pos", "--divide"],
        "bestmove" => &["--pos", "--level", "--movetime", "--seed"],
        "match" => &[
            "--x",
            "--o",
            "--games",
            "--seed",
            "--max-plies",
            "--movetime",
        ],
        other => return Err(format!("unknown command '{other}'; {USAGE}")),
    };
    let game_text = args
        .get(1)
        .ok_or_else(|| format!("missing GAME after '{command}'"))?;
    let variant = Variant::parse(game_text).map_err(|e| e.to_string())?;
    let options = Options::parse(&args[2..], allowed)?;
    if command == "solve" {
        prepare_table(variant, &options)?;
    }
    with_game!(variant.to_game(), g => Command { game: g, options }.run(command))
}

/// A command bound to one concrete game.
struct Command<G: Game> {
    game: G,
    options: Options,
}

impl<G: Evaluate> Command<G> {
    fn run(self, command: &str) -> Result<String, String> {
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
            "match" => self.play_match(),
            "solve" => self.solve(),
            other => Err(format!("unknown command '{other}'")),
        }
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
        let mut pos = self.position()?;
        for text in &self.options.positional {
            let mv = self
                .game
                .parse_move(&pos, text)
                .map_err(|e| e.to_string())?;
            pos = self.game.play(&pos, mv);
        }
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

    fn bestmove(&self) -> Result<String, String> {
        self.options.no_positional()?;
        let level = self
            .options
            .level
            .ok_or_else(|| "missing --level".to_owned())?;
        let pos = self.position()?;
        if self.game.status(&pos).is_over() {
            return Err("the game is over: there is no move to choose".to_owned());
        }
        let mv = ai::choose_move(
            &self.game,
            &pos,
            &[],
            level,
            self.options.seed.unwrap_or(0),
            self.options.movetime,
        )
        .ok_or_else(|| "no legal move in this position".to_owned())?;
        Ok(line(self.game.format_move(mv)))
    }

    fn play_match(&self) -> Result<String, String> {
        self.options.no_positional()?;
        let x = self.options.x.ok_or_else(|| "missing --x".to_owned())?;
        let o = self.options.o.ok_or_else(|| "missing --o".to_owned())?;
        let games = self
            .options
            .games
            .ok_or_else(|| "missing --games".to_owned())?;
        let settings = ai::MatchSettings {
            levels: [x, o],
            seed: self.options.seed.unwrap_or(0),
            max_plies: self.options.max_plies.unwrap_or(300),
            movetime: self.options.movetime,
            budget_scale: budget_scale()?,
            // Two random plies keep noiseless levels from replaying one game. Not in a solved
            // game: there every level but master already errs at random, and random plies
            // would decide the game (a first-player win on nine points) before the levels play.
            opening_plies: if self.game.solution(&self.game.start()).is_some() {
                0
            } else {
                2
            },
        };
        let results = ai::play_match(&self.game, &settings, games);
        let mut out = String::new();
        let mut tally = [0u64; 3];
        for (i, (status, plies)) in results.iter().enumerate() {
            let status = match status {
                Status::Ongoing => Status::Draw,
                other => *other,
            };
            tally[match status {
                Status::Win(qipan::games::Side::X) => 0,
                Status::Win(qipan::games::Side::O) => 1,
                _ => 2,
            }] += 1;
            out.push_str(&format!("game {}: {status} in {plies} plies\n", i + 1));
        }
        out.push_str(&format!(
            "x-wins {} o-wins {} draws {}\n",
            tally[0], tally[1], tally[2]
        ));
        Ok(out)
    }

    fn solve(&self) -> Result<String, String> {
        self.options.no_positional()?;
        let pos = self.position()?;
        let value = ai::solve(&self.game, &pos).ok_or_else(|| {
            format!(
                "game '{}' is too large to solve outright (only shuangcheng and maddell can be)",
                self.game.variant()
            )
        })?;
        Ok(line(value.to_string()))
    }
}

/// Maddell is solved by a table built on demand (or read with `--table`).
#[cfg(not(target_arch = "wasm32"))]
fn prepare_table(variant: Variant, options: &Options) -> Result<(), String> {
    let table = options.table.as_deref().map(std::path::Path::new);
    if variant.game == qipan::games::GameId::Maddell {
        ai::maddell_table::table_for_cli(options.pos.as_deref(), table)
    } else if table.is_some() {
        Err("--table is only for maddell".to_owned())
    } else {
        Ok(())
    }
}

#[cfg(target_arch = "wasm32")]
fn prepare_table(_: Variant, _: &Options) -> Result<(), String> {
    Ok(())
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
