//! The local games: the game on the board against the computer (or between two people at
//! the screen) and the games put aside, one per game and rule option. They belong to the
//! session and stand behind every mode; [`Mode::Local`](crate::Mode::Local) is the mode in
//! which they are on the board, and [`Local::handle`] takes their commands then (the session
//! starts the other modes). A mode in front of them reads them as [`GamesBehind`].

use crate::any::AnyMatch;
use crate::coach::CoachMode;
use crate::command::Command;
use crate::controller::Players;
use crate::errors::{CommandError, SaveError};
use crate::link::{self, GameLink};
use crate::notice::Notice;
use crate::progress::Outcome;
use crate::save;
use crate::state::{Choices, GamesBehind, Shared};
use qipan_engine::ai::{Level, Tables};
use qipan_engine::games::ToGame;
use qipan_engine::games::{Game, GameId, RuleOption, Side, Variant};
use rand::Rng;
use std::sync::Arc;

/// The local games and what shapes new ones.
pub(crate) struct Local {
    /// The game on the board.
    board: AnyMatch,
    /// The other games in progress, one per game and option: picking one resumes it.
    parked: Vec<AnyMatch>,
    /// The rule options last chosen, for when their game is picked again.
    options: Vec<(RuleOption, bool)>,
    /// The side the person takes against the computer.
    seat: Side,
    /// Rounds of games whose first move alternates, started so far.
    rounds: u32,
    /// "New game" was asked for on a game with moves: waiting for a yes or no.
    confirm_new: bool,
    /// A link's game that would replace a game in progress: waiting for a yes or no.
    pending_link: Option<AnyMatch>,
    /// The game on the board has been counted in the progress (or needs no counting: it was
    /// over when it came to the board).
    scored: bool,
}

impl Local {
    /// The local games of `choices`, the kept games (as [`save::shelve`] wrote them) put
    /// back and the chosen game on the board; also why some kept games could not be
    /// restored (they cost only themselves).
    pub(crate) fn new(
        choices: Choices,
        kept: Option<&str>,
        shared: &mut Shared,
        now: f64,
    ) -> (Local, Option<SaveError>) {
        let players = Players {
            human: choices.human,
            level: shared.level,
        };
        let mut parked = Vec::new();
        let not_restored = kept.and_then(|text| restore(text, &mut parked, players, shared, now));
        let mut rounds = choices.rounds;
        let game = match take(&mut parked, choices.variant) {
            Some(game) => game,
            None => fresh_game(choices.variant, players, &mut rounds, shared, now),
        };
        let board = ready(game, shared, now);
        let local = Local {
            seat: board
                .players()
                .human
                .unwrap_or(choices.human.unwrap_or(choices.seat)),
            scored: board.status().is_over(),
            board,
            parked,
            options: choices.options,
            rounds,
            confirm_new: false,
            pending_link: None,
        };
        (local, not_restored)
    }

    /// The local games' commands: while they are on the board, or handed on by the mode in
    /// front of them (the editor's choice of another game).
    pub(crate) fn handle(
        &mut self,
        command: Command,
        shared: &mut Shared,
        now: f64,
    ) -> Result<(), CommandError> {
        match command {
            Command::Play(mv) => self.board.play(mv, now).map_err(CommandError::Play)?,
            Command::Undo => self.board.undo(now),
            Command::Redo => self.board.redo(now),
            Command::NewGame => {
                if self.board.is_empty() || self.board.status().is_over() {
                    self.new_game(shared, now);
                } else {
                    self.confirm_new = true;
                }
            }
            Command::ConfirmNewGame => self.new_game(shared, now),
            Command::CancelNewGame => self.confirm_new = false,
            Command::PickGame(game) => self.pick_game(game, shared, now),
            Command::SetOption(option, on) => self.set_option(option, on, shared, now),
            Command::SetPlayers(human) => self.set_players(human, shared.level, now),
            Command::Load { name, text } => self.load(name, text, shared, now),
            Command::Saved(written) => self.board.set_notice(Some(match written {
                Ok(name) => Notice::Saved(name),
                Err(error) => Notice::File(error),
            })),
            Command::Hint => self.board.ask_hint(),
            Command::StartReview => self.board.start_review(),
            Command::StopReview => self.board.stop_review(),
            Command::CloseReview => self.board.close_review(),
            Command::StepTo(cursor) => self.board.review(cursor.min(self.board.len()), now),
            Command::Resume => self.board.resume(now),
            Command::TakeBackMistake => self.board.take_back_mistake(now),
            Command::DismissAlert => self.board.dismiss_alert(),
            Command::RetryComputer => self.board.retry_computer(),
            Command::OpenLink(link) => self.open_link(&link, shared, now),
            Command::ConfirmLink => {
                if let Some(game) = self.pending_link.take() {
                    self.replace_with(game, shared, now);
                }
            }
            Command::CancelLink => self.pending_link = None,
            // The session starts the other modes by their commands, and handles the rest
            // itself in every mode: none of these comes here.
            Command::Online(_)
            | Command::Connection(_)
            | Command::Lobby(_)
            | Command::Player(_)
            | Command::Records(_)
            | Command::Archive(_)
            | Command::Puzzle(_)
            | Command::Editor(_)
            | Command::Lesson(_)
            | Command::SetSeat(_)
            | Command::SetAway(_)
            | Command::SetUntimed(_)
            | Command::SetLevel(_)
            | Command::SetCoach(_)
            | Command::RestoreProgress(_)
            | Command::SetTables(_) => {}
        }
        Ok(())
    }

    /// What the status line says about the game on the board.
    pub(crate) fn set_notice(&mut self, notice: Notice) {
        self.board.set_notice(Some(notice));
    }

    /// Every local game, the one on the board first.
    pub(crate) fn games(&self) -> impl Iterator<Item = &AnyMatch> {
        std::iter::once(&self.board).chain(&self.parked)
    }

    /// A mode comes in front of the local games: the game on the board waits (its clock
    /// runs on at the next [`Local::advance`]), and the question before throwing it away is
    /// dropped.
    pub(crate) fn step_back(&mut self, now: f64) {
        self.board.park(now);
        self.confirm_new = false;
    }

    /// One frame of the game on the board: its clock, the computer, the coach; a game
    /// against the computer that ends is counted in the player's progress, once.
    pub(crate) fn advance(&mut self, shared: &mut Shared, now: f64) {
        self.board.set_clock_rule(shared.clock_rule, now);
        self.board.advance(now);
        if self.scored || !self.board.status().is_over() {
            return;
        }
        self.scored = true;
        let Players { human, level } = self.board.players();
        let Some(human) = human else {
            return;
        };
        let outcome = match self.board.status().winner() {
            Some(side) if side == human => Outcome::Win,
            Some(_) => Outcome::Loss,
            None => Outcome::Draw,
        };
        let game = self.board.variant().game;
        let at = shared.clock.unix_seconds();
        shared.progress.record_game(game, level, outcome, at);
    }

    /// Puts the game on the board aside and brings `game`'s back (or starts one), with the
    /// rule options last chosen for it.
    fn pick_game(&mut self, game: GameId, shared: &mut Shared, now: f64) {
        let mut variant = Variant::plain(game);
        for &(option, on) in &self.options {
            if game.options().contains(&option) {
                variant = variant.with(option, on);
            }
        }
        self.switch_to(variant, shared, now);
    }

    /// Turns a rule option on or off: remembered for its game, and, if the game on the
    /// board has it, a game of its own comes on the board.
    fn set_option(&mut self, option: RuleOption, on: bool, shared: &mut Shared, now: f64) {
        self.remember_option(option, on);
        let variant = self.board.variant();
        if variant.game.options().contains(&option) {
            self.switch_to(variant.with(option, on), shared, now);
        }
    }

    fn remember_option(&mut self, option: RuleOption, on: bool) {
        self.options.retain(|&(o, _)| o != option);
        self.options.push((option, on));
    }

    /// Who plays the game on the board (`None`: two people at the screen); the person's
    /// side is remembered as their seat.
    fn set_players(&mut self, human: Option<Side>, level: Level, now: f64) {
        self.seat = human.unwrap_or(self.seat);
        self.board.set_players(Players { human, level }, now);
    }

    /// The computer's level for the game on the board (the others take it when they come
    /// back).
    pub(crate) fn set_level(&mut self, level: Level, now: f64) {
        let human = self.board.players().human;
        self.board.set_players(Players { human, level }, now);
    }

    pub(crate) fn set_coach(&mut self, mode: CoachMode) {
        self.board.set_coach_mode(mode);
    }

    pub(crate) fn set_tables(&mut self, tables: Tables) {
        self.board.set_tables(tables);
    }

    pub(crate) fn set_seat(&mut self, side: Side) {
        self.seat = side;
    }

    /// Puts the game on the board aside and brings `variant`'s game back, or starts one;
    /// the person keeps the side they play.
    fn switch_to(&mut self, variant: Variant, shared: &mut Shared, now: f64) {
        if self.board.variant() == variant {
            return;
        }
        let players = self.board.players();
        let next = match take(&mut self.parked, variant) {
            Some(game) => game,
            None => fresh_game(variant, players, &mut self.rounds, shared, now),
        };
        let mut old = self.put_on_board(next, shared, now);
        old.park(now);
        self.parked.push(old);
    }

    /// Puts `game` on the board, running on the session's level, coach, tables and wake;
    /// returns the game that was there.
    fn put_on_board(&mut self, game: AnyMatch, shared: &Shared, now: f64) -> AnyMatch {
        let game = ready(game, shared, now);
        self.seat = game.players().human.unwrap_or(self.seat);
        self.confirm_new = false;
        self.scored = game.status().is_over();
        std::mem::replace(&mut self.board, game)
    }

    /// A new round of the game on the board, thrown away without asking.
    fn new_game(&mut self, shared: &mut Shared, now: f64) {
        let (variant, players) = (self.board.variant(), self.board.players());
        let game = fresh_game(variant, players, &mut self.rounds, shared, now);
        self.put_on_board(game, shared, now);
    }

    /// `game` becomes its game's game in progress (a loaded file, a link, a set-up), its
    /// options remembered; the one on the board, if of another game, is kept like any game
    /// left for another.
    pub(crate) fn replace_with(&mut self, game: AnyMatch, shared: &Shared, now: f64) {
        let variant = game.variant();
        for &option in variant.game.options() {
            self.remember_option(option, variant.has(option));
        }
        self.parked.retain(|kept| kept.variant() != variant);
        let mut before = self.put_on_board(game, shared, now);
        if before.variant() != variant {
            before.park(now);
            self.parked.push(before);
        }
    }

    /// Loads a saved game: it becomes its game's game in progress. A file that does not
    /// read changes nothing but the notice.
    fn load(
        &mut self,
        name: String,
        text: Result<String, SaveError>,
        shared: &mut Shared,
        now: f64,
    ) {
        let seed = shared.rng.random();
        match text.and_then(|text| save::from_json(&text, shared.level, seed, now)) {
            Ok(mut game) => {
                game.set_notice(Some(Notice::Loaded(name)));
                self.replace_with(game, shared, now);
            }
            Err(error) => self.board.set_notice(Some(Notice::File(error))),
        }
    }

    /// Opens a link's game: at once where no game of its kind has moves, else after the
    /// person agrees. A link that does not open changes nothing but the notice.
    fn open_link(&mut self, link: &GameLink, shared: &mut Shared, now: f64) {
        let human = self.board.players().human;
        let seed = shared.rng.random();
        match link::open(link, human, shared.level, seed, now) {
            Ok(mut game) => {
                game.set_notice(Some(Notice::LinkOpened));
                if self.has_moves(game.variant()) {
                    self.pending_link = Some(game);
                } else {
                    self.replace_with(game, shared, now);
                }
            }
            Err(error) => self.board.set_notice(Some(Notice::Link(error))),
        }
    }

    /// The choices as they are kept between runs (the level and the coach are the
    /// session's).
    pub(crate) fn choices(&self, level: Level, coach: CoachMode, untimed: bool) -> Choices {
        Choices {
            variant: self.board.variant(),
            options: self.options.clone(),
            human: self.board.players().human,
            seat: self.seat,
            level,
            coach,
            rounds: self.rounds,
            untimed,
        }
    }

    /// Who moves first in the next new game of the one on the board.
    pub(crate) fn next_first_mover(&self) -> Side {
        next_round(self.board.variant(), self.rounds).1
    }

    pub(crate) fn seat(&self) -> Side {
        self.seat
    }

    pub(crate) fn confirming_new_game(&self) -> bool {
        self.confirm_new
    }

    pub(crate) fn confirming_link(&self) -> bool {
        self.pending_link.is_some()
    }
}

impl GamesBehind for Local {
    fn board(&self) -> &AnyMatch {
        &self.board
    }

    fn has_moves(&self, variant: Variant) -> bool {
        self.games()
            .any(|game| game.variant() == variant && !game.is_empty())
    }
}

/// The round the next new game of `variant` is, counted from `rounds` (only games whose
/// first move alternates count), and who moves first in it.
fn next_round(variant: Variant, rounds: u32) -> (u32, Side) {
    qipan_engine::with_game!(variant.to_game(), g => {
        let round = if g.first_move_alternates() {
            rounds.wrapping_add(1)
        } else {
            rounds
        };
        (round, g.first_to_move(round.max(1)))
    })
}

/// A game from the standard start, counted in `rounds`.
fn fresh_game(
    variant: Variant,
    players: Players,
    rounds: &mut u32,
    shared: &mut Shared,
    now: f64,
) -> AnyMatch {
    let (round, first) = next_round(variant, *rounds);
    *rounds = round;
    AnyMatch::new(variant, first, players, shared.rng.random(), now)
}

/// `game`, ready to go on the board: on the session's level, coach, tables and wake.
fn ready(mut game: AnyMatch, shared: &Shared, now: f64) -> AnyMatch {
    game.set_wake(Arc::clone(&shared.wake));
    game.set_tables(shared.tables.clone());
    let human = game.players().human;
    game.set_players(
        Players {
            human,
            level: shared.level,
        },
        now,
    );
    game.set_coach_mode(shared.coach);
    game
}

/// Takes `variant`'s game out of `parked`.
fn take(parked: &mut Vec<AnyMatch>, variant: Variant) -> Option<AnyMatch> {
    let i = parked.iter().position(|g| g.variant() == variant)?;
    Some(parked.swap_remove(i))
}

/// Puts kept games in `parked`, each game and option once; returns why some could not be
/// restored. Each game keeps who played which side; the level is the session's.
fn restore(
    text: &str,
    parked: &mut Vec<AnyMatch>,
    players: Players,
    shared: &mut Shared,
    now: f64,
) -> Option<SaveError> {
    let (games, error) = save::unshelve(text, shared.level, shared.rng.random(), now);
    for mut game in games {
        if parked.iter().any(|g| g.variant() == game.variant()) {
            continue;
        }
        let human = game.players().human;
        game.set_players(Players { human, ..players }, now);
        game.park(now);
        parked.push(game);
    }
    error
}
