//! The [`Session`]: every game in progress, who plays them, and the choices that shape new
//! ones, changed only by [`Command`]s.
//!
//! Buttons, keys, `main`'s arguments, tests (and next the network and puzzles) all say what
//! they want as a command; the app hands the frame's commands to [`Session::apply`] once,
//! between reading input and drawing, so nothing changes while a frame is being drawn.
//! There is no window here: tests drive a whole session by commands alone.

use crate::editor::{Editor, EditorCommand, EditorError, Fill, PlayAs};
use crate::link::{self, GameLink};
use crate::online::{Online, OnlineMemory, SeatChoice};
use crate::progress::{Outcome, Progress};
use crate::puzzles::{self, Puzzle, PuzzleRun, PuzzleState};
use crate::save::{self, SaveError};
use crate::timer::Clock;
use crate::{AnyMatch, AnyMove, CoachMode, Notice, PlayError, Players};
use qipan_engine::ai::worker::Wake;
use qipan_engine::ai::Level;
use qipan_engine::games::{Game, GameId, RuleOption, Side, Variant};
use std::sync::Arc;

/// Something a person (or a test, the command line, the network) asks of the session.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// A person's move on the board.
    Play(AnyMove),
    /// Takes back the last move of the player at the screen, and the computer's reply.
    Undo,
    /// Plays again what was undone, up to the player's next turn.
    Redo,
    /// "New game": at once on a fresh or finished game; on a game with moves the session
    /// asks first ([`Session::confirming_new_game`]).
    NewGame,
    /// The player confirmed: the game on the board is thrown away.
    ConfirmNewGame,
    /// The player kept the game after all.
    CancelNewGame,
    /// Puts the game on the board aside and brings this game back (or starts one), with
    /// the rule options last chosen for it.
    PickGame(GameId),
    /// Turns a rule option of the game on the board on or off: a game of its own, kept
    /// apart from the game without it.
    SetOption(RuleOption, bool),
    /// The side of the person at the screen against the computer; `None`: two people share
    /// the screen.
    SetPlayers(Option<Side>),
    /// The side the person takes against the computer, while two people share the screen
    /// (it takes effect when the computer plays again).
    SetSeat(Side),
    SetLevel(Level),
    SetCoach(CoachMode),
    /// A saved game's text (or why it could not be read), named by `name` in the notice.
    Load {
        name: String,
        text: Result<String, SaveError>,
    },
    /// The app wrote the game to the file `name` (or failed to): the notice says so.
    Saved(Result<String, SaveError>),
    /// Asks the coach for the best move.
    Hint,
    StartReview,
    StopReview,
    CloseReview,
    /// Steps the board back (or on) to ply `cursor` of the move list.
    StepTo(usize),
    /// Back to the game's end after stepping through it.
    Resume,
    /// The coach's alert: take the mistake back, or play on.
    TakeBackMistake,
    DismissAlert,
    /// Asks the computer again after it failed.
    RetryComputer,
    /// Playing a friend through a server.
    Online(OnlineCommand),
    /// Solving puzzles.
    Puzzle(PuzzleCommand),
    /// A link's game, position and line (from the page's address or `--link`). Where it
    /// would replace a game in progress with moves, the session asks first
    /// ([`Session::confirming_link`]).
    OpenLink(GameLink),
    /// The person agreed: the link's game replaces the one in progress.
    ConfirmLink,
    /// The person kept their game; the link is dropped.
    CancelLink,
    /// The results and ratings kept from the last run.
    RestoreProgress(Progress),
    /// The board editor: setting up a position by hand ([`crate::editor`]).
    Editor(EditorCommand),
}

/// What solving puzzles asks of the session.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleCommand {
    /// A puzzle of `game` near the player's puzzle rating, not tried before.
    Next(GameId),
    /// The day's puzzle of `game` (`day`: days since 1970, from the app's clock).
    Daily { game: GameId, day: u64 },
    /// The puzzle on the board from its start again.
    Restart,
    /// Back to the game that was on the board.
    Leave,
}

/// What playing online asks of the session: the person's wishes, and what the app's
/// transport reports of the connection.
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineCommand {
    /// A new room on `server` for the game on the board, the creator at `side`.
    Create {
        server: String,
        side: SeatChoice,
    },
    /// A friend's room, by its code.
    Join {
        server: String,
        room: String,
    },
    /// Back to the games on this screen (the room stays on the server; its token is kept).
    Leave,
    Resign,
    Rematch,
    /// The tokens and the room kept from the last run; a room in play is resumed.
    Restore(OnlineMemory),
    /// The transport opens a socket now.
    Connecting,
    /// The socket is open.
    Opened,
    /// A text frame from the server.
    Received(String),
    /// The socket closed or could not open.
    Lost,
}

/// Why a command was refused. The session is unchanged, and the status line says why.
#[derive(Clone, Debug, PartialEq)]
pub enum CommandError {
    Play(PlayError),
    /// Not while playing online: the server holds the game (undo, hints, another game).
    Online,
    /// An online command with no online game.
    NotOnline,
    /// Not while a puzzle is on the board (undo, a new game, a review…).
    Puzzle,
    /// A puzzle command with no puzzle on the board, or a hint before a failed try.
    NoPuzzle,
    /// Not while the board editor is open (a move, undo, a new game…).
    Editing,
    /// The board editor refused: why.
    Editor(EditorError),
}

/// The choices that shape the games, as they are kept between runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Choices {
    /// The game on the board, with its options.
    pub variant: Variant,
    /// The rule options last chosen, kept for when their game is picked again.
    pub options: Vec<(RuleOption, bool)>,
    /// The side of the person at the screen (`None`: two players), for a fresh game.
    pub human: Option<Side>,
    /// The side the person takes against the computer (kept while two people play).
    pub seat: Side,
    pub level: Level,
    pub coach: CoachMode,
    /// Rounds of Push the Line started so far: its first move alternates from round to
    /// round.
    pub rounds: u32,
}

impl Default for Choices {
    fn default() -> Self {
        Choices {
            variant: Variant::plain(GameId::ShuangCheng),
            options: Vec::new(),
            human: Some(Side::X),
            seat: Side::X,
            level: Level::Medium,
            coach: CoachMode::Off,
            rounds: 0,
        }
    }
}

/// Every game in progress and the choices around them.
pub struct Session {
    /// The game on the board.
    board: AnyMatch,
    /// The other games in progress, one per game and option: picking one resumes it.
    parked: Vec<AnyMatch>,
    options: Vec<(RuleOption, bool)>,
    /// The side the person takes against the computer.
    seat: Side,
    level: Level,
    coach: CoachMode,
    rounds: u32,
    /// "New game" was asked for on a game with moves: the session waits for a yes or no.
    confirm_new: bool,
    /// A link's game that would replace a game in progress: it waits for a yes or no.
    pending_link: Option<AnyMatch>,
    seed: u64,
    clock: Box<dyn Clock>,
    /// Called when the computer's answer is ready (the app repaints).
    wake: Wake,
    /// Commands sent since the last [`Session::apply`].
    queue: Vec<Command>,
    /// The game with a friend through a server, while one is on.
    online: Option<Online>,
    /// Every room's token, kept after leaving it.
    memory: OnlineMemory,
    /// The puzzle on the board, while one is being solved.
    puzzle: Option<PuzzleRun>,
    /// The shipped puzzles, each game's read when first asked for.
    books: Vec<(GameId, Vec<Puzzle>)>,
    /// The player's results and ratings.
    progress: Progress,
    /// The game on the board has been counted in the progress (or needs no counting: it
    /// was over when it came to the board).
    scored: bool,
    /// The board editor, while a position is being set up (the game on the board waits).
    editor: Option<Editor>,
}

impl Session {
    /// A session with the given choices, the kept games (as [`save::shelve`] wrote them)
    /// put back, and the chosen game on the board. Kept games that do not read cost only
    /// themselves: the notice says so and the rest are restored.
    pub fn new(
        choices: Choices,
        kept: Option<&str>,
        clock: Box<dyn Clock>,
        wake: Wake,
        seed: u64,
    ) -> Session {
        let now = clock.now();
        let players = Players {
            human: choices.human,
            level: choices.level,
        };
        let mut session = Session {
            board: AnyMatch::new(choices.variant, Side::X, players, seed, now),
            parked: Vec::new(),
            options: choices.options,
            seat: choices.human.unwrap_or(choices.seat),
            level: choices.level,
            coach: choices.coach,
            rounds: choices.rounds,
            confirm_new: false,
            pending_link: None,
            seed,
            clock,
            wake,
            queue: Vec::new(),
            online: None,
            memory: OnlineMemory::default(),
            puzzle: None,
            books: Vec::new(),
            progress: Progress::default(),
            scored: false,
            editor: None,
        };
        let not_restored = kept.and_then(|text| session.restore(text, players, now));
        match session.unpark(choices.variant) {
            Some(game) => session.put_on_board(game),
            None => session.start_new_game(choices.variant, players),
        }
        if let Some(error) = not_restored {
            session.board.set_notice(Some(Notice::NotRestored(error)));
        }
        session
    }

    /// Puts kept games on the shelf, each game and option once; returns why some could not
    /// be restored. Each game keeps who played which side; the level is the session's.
    fn restore(&mut self, text: &str, players: Players, now: f64) -> Option<SaveError> {
        let (games, error) = save::unshelve(text, self.level, self.seed, now);
        for mut game in games {
            if self.parked.iter().any(|g| g.variant() == game.variant()) {
                continue;
            }
            let human = game.players().human;
            game.set_players(Players { human, ..players }, now);
            game.park(now);
            self.parked.push(game);
        }
        error
    }

    /// Queues a command for the next [`Session::apply`].
    pub fn send(&mut self, command: Command) {
        self.queue.push(command);
    }

    /// Lets the game on the board run (the clock, the computer's answer, the coach), then
    /// applies the queued commands in order. Returns what was refused.
    ///
    /// The game runs first so that a person's move is drawn in the frame it is played, and
    /// the computer starts on it in the next one (the app asks for that frame).
    #[inline(never)] // V8 optimises it on its own: docs/web.md, "rustc made large functions"
    pub fn apply(&mut self) -> Vec<CommandError> {
        let now = self.clock.now();
        // The game behind an online game or a puzzle stays parked.
        match self.puzzle.as_mut() {
            Some(run) => run.advance(now),
            None if self.online.is_none() && self.editor.is_none() => {
                self.board.advance(now);
                self.score_finished_game();
            }
            None => {}
        }
        let mut refused = Vec::new();
        for command in std::mem::take(&mut self.queue) {
            if let Err(error) = self.execute(command) {
                refused.push(error);
            }
        }
        refused
    }

    /// Whether commands wait for the next [`Session::apply`] (the app then asks for a frame).
    pub fn has_pending(&self) -> bool {
        !self.queue.is_empty()
    }

    /// Sends one command and applies it at once (tests, the command line).
    pub fn run(&mut self, command: Command) -> Result<(), CommandError> {
        self.send(command);
        self.apply().into_iter().next().map_or(Ok(()), Err)
    }

    fn execute(&mut self, command: Command) -> Result<(), CommandError> {
        let now = self.clock.now();
        if self.online.is_some() {
            return self.execute_online(command, now);
        }
        if self.puzzle.is_some() {
            return self.execute_puzzle(command, now);
        }
        if self.editor.is_some() {
            return self.execute_editor(command, now);
        }
        match command {
            Command::Play(mv) => self.board.play(mv, now).map_err(CommandError::Play)?,
            Command::Undo => self.board.undo(now),
            Command::Redo => self.board.redo(now),
            Command::NewGame => {
                if self.board.is_empty() || self.board.status().is_over() {
                    self.new_game();
                } else {
                    self.confirm_new = true;
                }
            }
            Command::ConfirmNewGame => self.new_game(),
            Command::CancelNewGame => self.confirm_new = false,
            Command::PickGame(game) => self.switch_to(self.variant_of(game)),
            Command::SetOption(option, on) => {
                self.options.retain(|&(o, _)| o != option);
                self.options.push((option, on));
                let variant = self.board.variant();
                if variant.game.options().contains(&option) {
                    self.switch_to(variant.with(option, on));
                }
            }
            Command::SetPlayers(human) => {
                self.seat = human.unwrap_or(self.seat);
                let players = Players {
                    human,
                    level: self.level,
                };
                self.board.set_players(players, now);
            }
            Command::SetSeat(side) => self.seat = side,
            Command::SetLevel(level) => {
                self.level = level;
                let players = Players {
                    human: self.board.players().human,
                    level,
                };
                self.board.set_players(players, now);
            }
            Command::SetCoach(mode) => self.coach = mode,
            Command::Load { name, text } => self.load(name, text, now),
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
            Command::Online(command) => self.start_online(command)?,
            Command::Puzzle(command) => self.start_puzzle(command, now)?,
            Command::OpenLink(link) => self.open_link(&link, now),
            Command::Editor(EditorCommand::Open(fill)) => self.open_editor(fill, now),
            Command::Editor(_) => return Err(CommandError::Editor(EditorError::NotOpen)),
            Command::ConfirmLink => {
                if let Some(game) = self.pending_link.take() {
                    self.replace_with(game, now);
                }
            }
            Command::CancelLink => self.pending_link = None,
            Command::RestoreProgress(progress) => self.progress = progress,
        }
        // The coach follows the choice on whichever game is on the board.
        if self.board.coach_mode() != self.coach {
            self.board.set_coach_mode(self.coach);
        }
        Ok(())
    }

    /// Online commands with no online game: create, join or restore one.
    fn start_online(&mut self, command: OnlineCommand) -> Result<(), CommandError> {
        let online = match command {
            OnlineCommand::Create { server, side } => {
                Online::create(server, self.board.variant(), side, &self.memory)
            }
            OnlineCommand::Join { server, room } => Online::join(server, room, &self.memory),
            OnlineCommand::Restore(memory) => {
                let back = memory
                    .current
                    .clone()
                    .map(|room| Online::join(memory.server.clone(), room, &memory));
                self.memory = memory;
                match back {
                    Some(online) => online,
                    None => return Ok(()),
                }
            }
            _ => return Err(CommandError::NotOnline),
        };
        self.board.park(self.clock.now());
        self.online = Some(online);
        Ok(())
    }

    /// While online the server holds the game: moves go to it, and what changes the game
    /// here (undo, hints, another game) waits until the person leaves.
    fn execute_online(&mut self, command: Command, now: f64) -> Result<(), CommandError> {
        let level = self.level;
        let Some(online) = self.online.as_mut() else {
            return Err(CommandError::NotOnline);
        };
        match command {
            Command::Play(mv) => {
                let Some(board) = online.game() else {
                    return Err(CommandError::Play(PlayError::NotYourTurn));
                };
                if !board.human_to_move() || online.move_pending() {
                    return Err(CommandError::Play(PlayError::NotYourTurn));
                }
                let text = board
                    .format_move(mv)
                    .ok_or(CommandError::Play(PlayError::OtherGame))?;
                if !board.legal_moves().contains(&mv) {
                    return Err(CommandError::Play(PlayError::Move(
                        qipan_engine::games::MoveError::Illegal { text },
                    )));
                }
                if !online.send_move(text) {
                    return Err(CommandError::Play(PlayError::NotYourTurn));
                }
            }
            Command::Online(command) => match command {
                OnlineCommand::Connecting => online.connecting(),
                OnlineCommand::Opened => online.opened(),
                OnlineCommand::Lost => online.lost(now),
                OnlineCommand::Received(text) => online.received(&text, level, now),
                OnlineCommand::Resign => online.resign(),
                OnlineCommand::Rematch => online.rematch(),
                OnlineCommand::Leave => {
                    self.memory = online.memory();
                    self.memory.current = None;
                    self.online = None;
                }
                OnlineCommand::Create { .. }
                | OnlineCommand::Join { .. }
                | OnlineCommand::Restore(_) => return Err(CommandError::Online),
            },
            Command::SetLevel(level) => self.level = level,
            Command::SetCoach(mode) => self.coach = mode,
            Command::RestoreProgress(progress) => self.progress = progress,
            _ => return Err(CommandError::Online),
        }
        Ok(())
    }

    /// Counts a game against the computer the first time it ends (an undo and a second
    /// ending count nothing more).
    fn score_finished_game(&mut self) {
        if self.scored {
            return;
        }
        let status = self.board.status();
        if !status.is_over() {
            return;
        }
        self.scored = true;
        let Some(human) = self.board.players().human else {
            return;
        };
        let outcome = match status.winner() {
            Some(side) if side == human => Outcome::Win,
            Some(_) => Outcome::Loss,
            None => Outcome::Draw,
        };
        let game = self.board.variant().game;
        self.progress
            .record_game(game, self.board.players().level, outcome, unix_now());
    }

    /// A game's shipped puzzles, read on first use.
    fn book(&mut self, game: GameId) -> &[Puzzle] {
        let i = match self.books.iter().position(|(g, _)| *g == game) {
            Some(i) => i,
            None => {
                self.books.push((game, puzzles::book(game)));
                self.books.len() - 1
            }
        };
        &self.books[i].1
    }

    /// Puzzle commands with no puzzle on the board: the next one, or the day's.
    fn start_puzzle(&mut self, command: PuzzleCommand, now: f64) -> Result<(), CommandError> {
        self.seed = self.seed.wrapping_add(1);
        let (puzzle, daily) = match command {
            PuzzleCommand::Next(game) => {
                let record = self.progress.game(game);
                let seed = self.seed;
                let book = self.book(game);
                let puzzle =
                    puzzles::next_near(book, &record.puzzles_tried, record.puzzle.rating, seed);
                (puzzle.cloned(), false)
            }
            PuzzleCommand::Daily { game, day } => {
                (puzzles::daily(self.book(game), day).cloned(), true)
            }
            PuzzleCommand::Restart | PuzzleCommand::Leave => return Err(CommandError::NoPuzzle),
        };
        let run = puzzle
            .and_then(|p| PuzzleRun::start(p, daily, now))
            .ok_or(CommandError::NoPuzzle)?;
        self.board.park(now);
        self.puzzle = Some(run);
        Ok(())
    }

    /// While a puzzle is on the board the session referees it: moves are checked against
    /// its line; what would change the game behind it waits until the person leaves.
    fn execute_puzzle(&mut self, command: Command, now: f64) -> Result<(), CommandError> {
        let Some(run) = self.puzzle.as_mut() else {
            return Err(CommandError::NoPuzzle);
        };
        match command {
            Command::Play(mv) => {
                let right = run.play(mv, now).map_err(CommandError::Play)?;
                let first_try = !right || run.state() == PuzzleState::Solved;
                if first_try {
                    let puzzle = run.puzzle();
                    let (game, number, difficulty) =
                        (puzzle.game, puzzle.number, puzzle.difficulty);
                    let solved = right && !run.failed();
                    self.progress
                        .record_puzzle(game, number, difficulty, solved, unix_now());
                }
            }
            Command::Hint => {
                if !run.reveal() {
                    return Err(CommandError::NoPuzzle);
                }
            }
            Command::Puzzle(PuzzleCommand::Restart) => run.restart(now),
            Command::Puzzle(PuzzleCommand::Leave) => self.leave_puzzle(),
            Command::Puzzle(next) => {
                self.leave_puzzle();
                self.start_puzzle(next, now)?;
            }
            Command::PickGame(game) => {
                self.leave_puzzle();
                return self.execute(Command::PickGame(game));
            }
            Command::SetLevel(level) => self.level = level,
            Command::SetCoach(mode) => self.coach = mode,
            Command::RestoreProgress(progress) => self.progress = progress,
            _ => return Err(CommandError::Puzzle),
        }
        Ok(())
    }

    /// Opens the board editor on the game on the board, which waits meanwhile.
    fn open_editor(&mut self, fill: Fill, now: f64) {
        self.board.park(now);
        self.confirm_new = false;
        let variant = self.board.variant();
        let current = self.board.position_text();
        self.editor = Some(Editor::filled(variant, fill, &current, Side::X));
    }

    /// While the editor is open it takes the editor's commands; the game's own wait (its
    /// clock runs again once the editor closes). Picking another game, or an option, sets
    /// up a position of that game.
    fn execute_editor(&mut self, command: Command, now: f64) -> Result<(), CommandError> {
        let Some(editor) = self.editor.as_mut() else {
            return Err(CommandError::Editor(EditorError::NotOpen));
        };
        let refused = |e| Err(CommandError::Editor(e));
        match command {
            Command::Editor(EditorCommand::Open(_)) => return refused(EditorError::AlreadyOpen),
            Command::Editor(EditorCommand::Close) => self.editor = None,
            Command::Editor(EditorCommand::Play(human)) => {
                return self.play_setup(PlayAs::Players(human), false, now)
            }
            Command::Editor(EditorCommand::Analyse) => {
                return self.play_setup(PlayAs::Analyse, false, now)
            }
            Command::Editor(EditorCommand::ConfirmPlay) => match editor.take_confirming() {
                Some(play) => return self.play_setup(play, true, now),
                None => return refused(EditorError::NotConfirming),
            },
            Command::Editor(EditorCommand::CancelPlay) => {
                if editor.take_confirming().is_none() {
                    return refused(EditorError::NotConfirming);
                }
            }
            Command::Editor(edit) => {
                let current = self.board.position_text();
                editor
                    .edit(&edit, &current, Side::X)
                    .map_err(CommandError::Editor)?;
            }
            Command::PickGame(_) | Command::SetOption(..) => {
                self.editor = None;
                let result = self.execute(command);
                self.open_editor(Fill::Current, now);
                return result;
            }
            Command::SetPlayers(_)
            | Command::SetSeat(_)
            | Command::SetLevel(_)
            | Command::SetCoach(_)
            | Command::RestoreProgress(_) => {
                // Played on the game behind the editor, which keeps waiting.
                let kept = self.editor.take();
                let result = self.execute(command);
                self.board.park(now);
                self.editor = kept;
                return result;
            }
            _ => return Err(CommandError::Editing),
        }
        Ok(())
    }

    /// Plays the set-up (after the person's yes where it replaces a game with moves): it
    /// becomes its game's game in progress, from the position set up.
    fn play_setup(&mut self, play: PlayAs, confirmed: bool, now: f64) -> Result<(), CommandError> {
        let Some(editor) = self.editor.as_mut() else {
            return Err(CommandError::Editor(EditorError::NotOpen));
        };
        let text = editor.playable().map_err(CommandError::Editor)?;
        let variant = editor.variant();
        let in_progress = std::iter::once(&self.board)
            .chain(&self.parked)
            .any(|g| g.variant() == variant && !g.is_empty());
        if in_progress && !confirmed {
            editor.ask(play);
            return Ok(());
        }
        let human = match play {
            PlayAs::Players(human) => human,
            PlayAs::Analyse => None,
        };
        let players = Players {
            human,
            level: self.level,
        };
        self.seed = self.seed.wrapping_add(1);
        let game = AnyMatch::replay(variant, &text, &[], 0, players, self.seed, now)
            .map_err(|e| CommandError::Editor(EditorError::Replay(e)))?;
        if play == PlayAs::Analyse {
            self.coach = CoachMode::Full;
        }
        self.editor = None;
        self.replace_with(game, now);
        Ok(())
    }

    /// The board editor, while a position is being set up.
    pub fn editor(&self) -> Option<&Editor> {
        self.editor.as_ref()
    }

    /// Back to the game behind the puzzle (its clock runs again at the next advance).
    fn leave_puzzle(&mut self) {
        self.puzzle = None;
    }

    /// The puzzle on the board, while one is being solved.
    pub fn puzzle(&self) -> Option<&PuzzleRun> {
        self.puzzle.as_ref()
    }

    /// The player's results and ratings, as they are kept between runs.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// When something will change by itself (a puzzle's reply): the app asks for a frame
    /// then.
    pub fn next_moment(&self) -> Option<f64> {
        self.puzzle.as_ref().and_then(PuzzleRun::next_moment)
    }

    /// The game with a friend, while one is on.
    pub fn online(&self) -> Option<&Online> {
        self.online.as_ref()
    }

    /// The frames the transport should send now.
    pub fn take_outbox(&mut self) -> Vec<String> {
        self.online
            .as_mut()
            .map(Online::take_outbox)
            .unwrap_or_default()
    }

    /// The rooms and tokens as they are kept between runs.
    pub fn online_memory(&self) -> OnlineMemory {
        match &self.online {
            Some(online) => online.memory(),
            None => self.memory.clone(),
        }
    }

    /// `game` with the options last chosen for it.
    fn variant_of(&self, game: GameId) -> Variant {
        let mut variant = Variant::plain(game);
        for &(option, on) in &self.options {
            if game.options().contains(&option) {
                variant = variant.with(option, on);
            }
        }
        variant
    }

    /// Puts the game on the board aside and brings `variant`'s game back, or starts one;
    /// the person keeps the side they play.
    fn switch_to(&mut self, variant: Variant) {
        if self.board.variant() == variant {
            return;
        }
        let now = self.clock.now();
        let players = self.board.players();
        let next = match self.unpark(variant) {
            Some(game) => game,
            None => self.fresh_game(variant, players),
        };
        let mut old = std::mem::replace(&mut self.board, placeholder());
        old.park(now);
        self.parked.push(old);
        self.put_on_board(next);
    }

    /// Takes `variant`'s game off the shelf.
    fn unpark(&mut self, variant: Variant) -> Option<AnyMatch> {
        let i = self.parked.iter().position(|g| g.variant() == variant)?;
        Some(self.parked.swap_remove(i))
    }

    /// Puts `game` on the board, running on the session's level, coach and wake.
    fn put_on_board(&mut self, mut game: AnyMatch) {
        let now = self.clock.now();
        game.set_wake(Arc::clone(&self.wake));
        let players = Players {
            human: game.players().human,
            level: self.level,
        };
        game.set_players(players, now);
        game.set_coach_mode(self.coach);
        self.seat = players.human.unwrap_or(self.seat);
        self.board = game;
        self.confirm_new = false;
        self.scored = self.board.status().is_over();
    }

    /// A new round of the game on the board, thrown away without asking.
    fn new_game(&mut self) {
        let players = self.board.players();
        self.start_new_game(self.board.variant(), players);
    }

    fn start_new_game(&mut self, variant: Variant, players: Players) {
        let game = self.fresh_game(variant, players);
        self.put_on_board(game);
    }

    /// A game from the standard start: games whose first move alternates count a round.
    fn fresh_game(&mut self, variant: Variant, players: Players) -> AnyMatch {
        let first = qipan_engine::with_game!(variant.to_game(), g => {
            if g.first_move_alternates() {
                self.rounds = self.rounds.wrapping_add(1);
            }
            g.first_to_move(self.rounds.max(1))
        });
        self.seed = self.seed.wrapping_add(1);
        let mut game = AnyMatch::new(variant, first, players, self.seed, self.clock.now());
        game.set_wake(Arc::clone(&self.wake));
        game
    }

    /// Loads a saved game: it becomes its game's game in progress; the one on the board, if
    /// of another game, is kept like any game left for another. A file that does not read
    /// changes nothing but the notice.
    fn load(&mut self, name: String, text: Result<String, SaveError>, now: f64) {
        let loaded = text.and_then(|text| save::from_json(&text, self.level, self.seed, now));
        match loaded {
            Ok(mut game) => {
                game.set_notice(Some(Notice::Loaded(name)));
                self.replace_with(game, now);
            }
            Err(error) => self.board.set_notice(Some(Notice::File(error))),
        }
    }

    /// Opens a link's game: at once where no game of its kind has moves, else after the
    /// person agrees. A link that does not open changes nothing but the notice.
    fn open_link(&mut self, link: &GameLink, now: f64) {
        self.seed = self.seed.wrapping_add(1);
        let human = self.board.players().human;
        match link::open(link, human, self.level, self.seed, now) {
            Ok(mut game) => {
                game.set_notice(Some(Notice::LinkOpened));
                let variant = game.variant();
                let in_progress = self
                    .games()
                    .any(|g| g.variant() == variant && !g.is_empty());
                if in_progress {
                    self.pending_link = Some(game);
                } else {
                    self.replace_with(game, now);
                }
            }
            Err(error) => self.board.set_notice(Some(Notice::Link(error))),
        }
    }

    /// Whether a link's game waits for the person's yes before it replaces theirs.
    pub fn confirming_link(&self) -> bool {
        self.pending_link.is_some()
    }

    /// `game` becomes its game's game in progress (a loaded file, a link); the one on the
    /// board, if of another game, is kept like any game left for another.
    fn replace_with(&mut self, game: AnyMatch, now: f64) {
        let variant = game.variant();
        for option in variant.game.options() {
            let on = variant.has(*option);
            self.options.retain(|&(o, _)| o != *option);
            self.options.push((*option, on));
        }
        self.parked.retain(|kept| kept.variant() != variant);
        let mut before = std::mem::replace(&mut self.board, placeholder());
        if before.variant() != variant {
            before.park(now);
            self.parked.push(before);
        }
        self.put_on_board(game);
    }

    /// The game on the board: the online one while it is on, a puzzle's while one is
    /// being solved, else the local one.
    pub fn game(&self) -> &AnyMatch {
        if let Some(run) = &self.puzzle {
            return run.board();
        }
        self.online
            .as_ref()
            .and_then(Online::game)
            .unwrap_or(&self.board)
    }

    /// Every game in progress, the one on the board first.
    pub fn games(&self) -> impl Iterator<Item = &AnyMatch> {
        std::iter::once(&self.board).chain(&self.parked)
    }

    /// Every game in progress as the app keeps it between runs.
    pub fn shelve(&self) -> Result<String, SaveError> {
        let games: Vec<&AnyMatch> = self.games().collect();
        save::shelve(&games, self.clock.now())
    }

    /// The game on the board as a saved-game file.
    pub fn save_text(&self) -> Result<String, SaveError> {
        save::to_json(&self.board)
    }

    /// The choices as they are kept between runs.
    pub fn choices(&self) -> Choices {
        Choices {
            variant: self.board.variant(),
            options: self.options.clone(),
            human: self.board.players().human,
            seat: self.seat,
            level: self.level,
            coach: self.coach,
            rounds: self.rounds,
        }
    }

    /// Whether the rule option is on in the game on the board.
    pub fn option(&self, option: RuleOption) -> bool {
        self.board.variant().has(option)
    }

    /// Who moves first in the next new game of the one on the board.
    pub fn next_first_mover(&self) -> Side {
        qipan_engine::with_game!(self.board.variant().to_game(), g => {
            let round = if g.first_move_alternates() {
                self.rounds.wrapping_add(1)
            } else {
                self.rounds
            };
            g.first_to_move(round.max(1))
        })
    }

    pub fn level(&self) -> Level {
        self.level
    }

    pub fn coach(&self) -> CoachMode {
        self.coach
    }

    /// The side of the person at the screen; `None`: two people share it.
    pub fn human(&self) -> Option<Side> {
        self.board.players().human
    }

    /// The side the person takes against the computer (also while two people play).
    pub fn seat(&self) -> Side {
        self.seat
    }

    /// Whether the session is asking before it throws a game away.
    pub fn confirming_new_game(&self) -> bool {
        self.confirm_new
    }

    /// The session's clock, in seconds.
    pub fn now(&self) -> f64 {
        self.clock.now()
    }
}

/// Seconds since 1970 for the rating history (0 if the clock cannot be read).
fn unix_now() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A game that stands on the board for a moment while the real one is moved (never seen).
fn placeholder() -> AnyMatch {
    let players = Players {
        human: None,
        level: Level::Easy,
    };
    AnyMatch::new(
        Variant::plain(GameId::ShuangCheng),
        Side::X,
        players,
        0,
        0.0,
    )
}
