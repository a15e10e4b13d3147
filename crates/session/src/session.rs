//! The [`Session`]: every game in progress, what is on the board, and the choices that shape
//! new games, changed only by [`Command`]s.
//!
//! Buttons, keys, `main`'s arguments, the online transport and tests all say what they want
//! as a command; the app hands the frame's commands to [`Session::apply`] once, between
//! reading input and drawing, so nothing changes while a frame is being drawn. There is no
//! window here: tests drive a whole session by commands alone ([`Session::run`]).
//!
//! A command goes one way: the commands every mode takes alike (the level, the coach, the
//! seat, the kept progress, the solved tables, the records API, the answer to a lesson
//! offered) are handled here, once; any other goes to the handler of the [`Mode`] on the
//! board ([`crate::mode`]), which handles it, refuses it with a [`CommandError`], or returns
//! a [`Transition`] that the session carries out here ([`Session::carry_out`]). While the
//! local games are on the board, a mode's command starts that mode
//! ([`Session::local_command`]): the session is the one place that knows every mode. What
//! the board shows ([`Session::game`]), what runs each frame ([`Session::apply`]) and where
//! a command goes all follow from the one mode.

use crate::address::ServerAddress;
use crate::any::AnyMatch;
use crate::archive::{self, Archive};
use crate::coach::CoachMode;
use crate::command::{Command, LessonCommand, PlayerCommand, RecordsCommand};
use crate::connection::Connection;
use crate::controller::ClockRule;
use crate::editor::{self, Editor};
use crate::errors::{CommandError, LobbyError, ModeKind, SaveError};
use crate::lessons::{self, LessonRun};
use crate::lobby::{Lobby, OnlineMemory, Request};
use crate::local::Local;
use crate::mode::Mode;
use crate::notice::Notice;
use crate::online::{self, Online};
use crate::player_link::{Alert, NewGame, PlayerLink};
use crate::progress::Progress;
use crate::puzzle_book::Books;
use crate::puzzles::{self, PuzzleRun};
use crate::save;
use crate::seeking::{self, Seeking};
use crate::state::{Choices, GamesBehind, Shared};
use crate::timer::Clock;
use crate::transition::Transition;
use qipan_engine::ai::worker::Wake;
use qipan_engine::ai::{Level, Tables};
use qipan_engine::games::{RuleOption, Side};
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// Every game in progress, what is on the board, and the choices around them.
pub struct Session {
    /// What is on the board, in front of the local games.
    mode: Mode,
    /// The local games, behind every mode.
    local: Local,
    shared: Shared,
    /// Commands sent since the last [`Session::apply`].
    queue: Vec<Command>,
}

impl Session {
    /// A session with the given choices, the kept games (as [`save::shelve`] wrote them)
    /// put back, and the chosen game on the board. Kept games that do not read cost only
    /// themselves: the notice says so and the rest are restored. `seed` seeds every random
    /// draw of the session (the app's differs from run to run; a test's is fixed).
    pub fn new(
        choices: Choices,
        kept: Option<&str>,
        clock: Box<dyn Clock>,
        wake: Wake,
        seed: u64,
    ) -> Session {
        let now = clock.now();
        let mut shared = Shared {
            level: choices.level,
            coach: choices.coach,
            progress: Progress::default(),
            clock,
            rng: SmallRng::seed_from_u64(seed),
            wake,
            tables: Tables::default(),
            memory: OnlineMemory::default(),
            books: Books::default(),
            lobby: Lobby::default(),
            link: None,
            clock_rule: ClockRule {
                untimed: choices.untimed,
                away: false,
            },
        };
        let (mut local, not_restored) = Local::new(choices, kept, &mut shared, now);
        if let Some(error) = not_restored {
            local.set_notice(Notice::NotRestored(error));
        }
        Session {
            mode: Mode::Local,
            local,
            shared,
            queue: Vec::new(),
        }
    }

    /// Queues a command for the next [`Session::apply`].
    pub fn send(&mut self, command: Command) {
        self.queue.push(command);
    }

    /// Lets what is on the board run (a local game's clock, the computer's answer and the
    /// coach; a puzzle's reply), then applies the queued commands in order. Returns what
    /// was refused.
    ///
    /// The game runs first so that a person's move is drawn in the frame it is played, and
    /// the computer starts on it in the next one (the app asks for that frame).
    #[inline(never)] // V8 optimises it on its own: docs/web.md, "rustc made large functions"
    pub fn apply(&mut self) -> Vec<CommandError> {
        let now = self.shared.clock.now();
        match &mut self.mode {
            Mode::Local => self.local.advance(&mut self.shared, now),
            Mode::Puzzle(run) => run.advance(now),
            // The server runs an online game (the coach may review it once it is over).
            Mode::Online(online) => online.advance(now),
            Mode::Archive(archive) => archive.advance(now),
            Mode::Lesson(run) => run.advance(now),
            // The editor's game waits behind it, and the local games behind a seek.
            Mode::Editor(_) | Mode::Seeking(_) => {}
        }
        let mut refused = Vec::new();
        for command in std::mem::take(&mut self.queue) {
            if let Err(error) = self.execute(command) {
                refused.push(error);
            }
        }
        self.keep_link();
        self.follow_board(self.shared.clock.now());
        refused
    }

    /// The player's link follows the player: one for their key on the server they play
    /// through while they have one, none once they log out.
    fn keep_link(&mut self) {
        // An address this app does not connect to (plain ws:// far away) has no link: the
        // key never travels in clear.
        let server = ServerAddress::parse(&self.shared.memory.server).ok();
        let wanted = self
            .shared
            .lobby
            .player()
            .zip(server)
            .map(|(player, server)| (player.name.clone(), player.key.clone(), server));
        match (wanted, &self.shared.link) {
            (None, _) => self.shared.link = None,
            (Some((_, key, server)), Some(link)) if link.is_for(server.as_str(), &key) => {}
            (Some((name, key, server)), _) => {
                let id = rand::Rng::random(&mut self.shared.rng);
                let link = PlayerLink::new(server, id, name, key);
                self.shared.link = Some(link);
            }
        }
    }

    /// The game on the board is one of the player's: its entry in Your games follows what
    /// the room's state says (the count of games waiting, at once).
    fn follow_board(&mut self, now: f64) {
        let (Mode::Online(online), Some(link)) = (&self.mode, self.shared.link.as_mut()) else {
            return;
        };
        if let (Some(room), Some(state)) = (online.room(), online.state()) {
            let seen = (state.plies.len(), online.my_turn(), state.status.is_over());
            link.saw_state(room, seen, online.days_left_ms(now), now);
        }
    }

    /// A command of the player's link: the transport's reports (a game that starts may come
    /// to the board), a game opened from Your games, and what goes to the server.
    fn player(&mut self, command: PlayerCommand, now: f64) -> Result<(), CommandError> {
        let on_board = self.online().and_then(Online::room).map(str::to_owned);
        let Some(link) = self.shared.link.as_mut() else {
            // The transport's report of a link dropped since is nobody's.
            return match command {
                PlayerCommand::Connection(_) => Ok(()),
                _ => Err(CommandError::Lobby(LobbyError::NoName)),
            };
        };
        match command {
            PlayerCommand::Connection(event) => {
                let lobby = &mut self.shared.lobby;
                if let Some(game) = link.event(event, lobby, on_board.as_deref(), now) {
                    self.new_game(game, now);
                }
                Ok(())
            }
            PlayerCommand::Open(room) => {
                let entry = link.entry(&room);
                let entry = entry.ok_or(CommandError::Lobby(LobbyError::NotListed))?;
                let (room, token) = (entry.room.clone(), entry.token.clone());
                self.open_room(room, token, now)
            }
            PlayerCommand::NextTurn => {
                let entry = link.next_turn(on_board.as_deref());
                let entry = entry.ok_or(CommandError::Lobby(LobbyError::NoTurnWaiting))?;
                let (room, token) = (entry.room.clone(), entry.token.clone());
                self.open_room(room, token, now)
            }
            command => link.ask(command),
        }
    }

    /// A game started from a seek or a challenge: on the board when the player must be
    /// there (a live game) or asked for it here (an accept), unless a game of theirs is on
    /// the board already; else it waits in Your games, and the link says so.
    fn new_game(&mut self, game: NewGame, now: f64) {
        let busy = match &self.mode {
            // The seek's own connection takes its room (lobby.md); an open room stays.
            Mode::Seeking(_) | Mode::Editor(_) => true,
            Mode::Online(online) => online.room() == Some(&game.room) || online.playing(),
            _ => false,
        };
        if busy || !(game.live || game.asked_here) {
            if let Some(link) = self.shared.link.as_mut() {
                link.tell_new_game(&game.room);
            }
            return;
        }
        if let Err(error) = self.open_room(game.room, game.token, now) {
            log::info!("a new game was not opened: {error:?}");
        }
    }

    /// The player's game in `room` on the board, its seat resumed with `token` on a
    /// connection of its own; the room that was there is left (its token kept).
    fn open_room(&mut self, room: String, token: String, now: f64) -> Result<(), CommandError> {
        let Some(server) = self
            .shared
            .link
            .as_ref()
            .map(|l| l.connection().address().clone())
        else {
            return Err(CommandError::Lobby(LobbyError::NoName));
        };
        match &self.mode {
            Mode::Online(online) if online.room() == Some(room.as_str()) => return Ok(()),
            Mode::Online(online) => {
                self.shared.memory = online.memory();
                self.shared.memory.current = None;
            }
            Mode::Seeking(_) => return Err(CommandError::NotWhile(ModeKind::Seeking)),
            Mode::Editor(_) => return Err(CommandError::NotWhile(ModeKind::Editor)),
            Mode::Local => self.local.step_back(now),
            Mode::Puzzle(_) | Mode::Lesson(_) | Mode::Archive(_) => {}
        }
        let id = rand::Rng::random(&mut self.shared.rng);
        let memory = &self.shared.memory;
        self.mode = Online::resume(server, id, room, token, memory).into();
        Ok(())
    }

    /// Whether commands wait for the next [`Session::apply`] (the app then asks for a frame).
    pub fn has_pending(&self) -> bool {
        !self.queue.is_empty()
    }

    /// Sends one command and applies it at once (tests).
    pub fn run(&mut self, command: Command) -> Result<(), CommandError> {
        self.send(command);
        self.apply().into_iter().next().map_or(Ok(()), Err)
    }

    /// One command, handled once: by the session if every mode takes it alike, else by the
    /// mode on the board.
    fn execute(&mut self, command: Command) -> Result<(), CommandError> {
        let now = self.shared.clock.now();
        if let Command::Player(command) = command {
            return self.player(command, now);
        }
        let Some(command) = self.everywhere(command, now) else {
            return Ok(());
        };
        let shared = &mut self.shared;
        let transition = match &mut self.mode {
            Mode::Local => return self.local_command(command, now),
            Mode::Online(online) => online.handle(command, shared, now)?,
            Mode::Puzzle(run) => run.handle(command, shared, now)?,
            Mode::Lesson(run) => run.handle(command, shared, now)?,
            Mode::Editor(editor) => editor.handle(command, &self.local, shared, now)?,
            Mode::Seeking(seeking) => seeking.handle(command, shared, now)?,
            Mode::Archive(archive) => archive.handle(command, shared, now)?,
        };
        self.carry_out(transition, now)
    }

    /// Carries out what the mode on the board asked for.
    fn carry_out(&mut self, transition: Transition, now: f64) -> Result<(), CommandError> {
        match transition {
            Transition::Stay => {}
            Transition::Leave => self.mode = Mode::Local,
            Transition::LeaveThen(command) => {
                self.mode = Mode::Local;
                return self.local_command(command, now);
            }
            Transition::LeaveWith(game) => {
                self.local.replace_with(*game, &self.shared, now);
                self.mode = Mode::Local;
            }
            Transition::Behind(command) => {
                self.local.handle(command, &mut self.shared, now)?;
                // The game behind waits again (its clock stopped), and the editor follows
                // it to another game.
                self.local.step_back(now);
                if let Mode::Editor(editor) = &mut self.mode {
                    editor.follow(self.local.board());
                }
            }
            Transition::Paired(pairing) => {
                self.mode = Online::paired(pairing, &self.shared.memory).into();
            }
        }
        Ok(())
    }

    /// The commands every mode takes alike, handled here; any other is handed back.
    fn everywhere(&mut self, command: Command, now: f64) -> Option<Command> {
        match command {
            Command::SetLevel(level) => {
                self.shared.level = level;
                self.local.set_level(level, now);
            }
            Command::SetCoach(mode) => {
                self.shared.coach = mode;
                self.local.set_coach(mode);
            }
            Command::SetSeat(side) => self.local.set_seat(side),
            Command::SetAway(away) => self.shared.clock_rule.away = away,
            Command::SetUntimed(untimed) => self.shared.clock_rule.untimed = untimed,
            Command::RestoreProgress(progress) => self.shared.progress = progress,
            Command::SetTables(tables) => {
                self.local.set_tables(tables.clone());
                self.shared.tables = tables;
            }
            Command::Records(RecordsCommand::Fetch { server, query }) => {
                self.shared.lobby.fetch(&server, query)
            }
            Command::Records(RecordsCommand::Fetched { query, answer }) => {
                self.shared.lobby.fetched(query, answer)
            }
            Command::Lesson(LessonCommand::DismissOffer) => {
                self.shared.progress.answer_lesson_offer();
            }
            command => return Some(command),
        }
        None
    }

    /// A command while the local games are on the board: a mode's command starts that mode
    /// (`Ok` with no mode where it needs none: a log-out, a restore with no room in play),
    /// and the local games step behind it; any other command is the local games' own. The
    /// connection's events find no connection here: they belong to a room left since.
    fn local_command(&mut self, command: Command, now: f64) -> Result<(), CommandError> {
        let (shared, board) = (&mut self.shared, self.local.board());
        let variant = board.variant();
        let started: Option<Mode> = match command {
            Command::Online(command) => online::start(command, variant, shared)?.map(Mode::from),
            Command::Lobby(command) => seeking::start(command, variant, shared)?.map(Mode::from),
            Command::Archive(command) => Some(archive::start(command, shared, now)?.into()),
            Command::Puzzle(command) => Some(puzzles::start(command, shared, now)?.into()),
            Command::Lesson(command) => Some(lessons::start(command, shared, now)?.into()),
            Command::Editor(command) => Some(editor::start(command, board)?.into()),
            Command::Connection(_) => return Err(CommandError::NotIn(ModeKind::Online)),
            command => return self.local.handle(command, shared, now),
        };
        if let Some(mode) = started {
            self.local.step_back(now);
            self.mode = mode;
        }
        Ok(())
    }

    /// What is on the board, in front of the local games.
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The game on the board: the online one once the server sent it, a puzzle's while one
    /// is being solved, else the local one (also behind the editor).
    pub fn game(&self) -> &AnyMatch {
        match &self.mode {
            Mode::Online(online) => online.game().unwrap_or(self.local.board()),
            Mode::Puzzle(run) => run.board(),
            Mode::Archive(archive) => archive.board(),
            Mode::Lesson(run) => run.board(),
            Mode::Local | Mode::Editor(_) | Mode::Seeking(_) => self.local.board(),
        }
    }

    /// The game with a friend, while one is on.
    pub fn online(&self) -> Option<&Online> {
        match &self.mode {
            Mode::Online(online) => Some(online),
            _ => None,
        }
    }

    /// The puzzle on the board, while one is being solved.
    pub fn puzzle(&self) -> Option<&PuzzleRun> {
        match &self.mode {
            Mode::Puzzle(run) => Some(run),
            _ => None,
        }
    }

    /// The lobby's connection, while a name, a key or a seek is on its way.
    pub fn seeking(&self) -> Option<&Seeking> {
        match &self.mode {
            Mode::Seeking(seeking) => Some(seeking),
            _ => None,
        }
    }

    /// The lesson on the board, while one is being played.
    pub fn lesson(&self) -> Option<&LessonRun> {
        match &self.mode {
            Mode::Lesson(run) => Some(run),
            _ => None,
        }
    }

    /// The first lesson of the game on the board, offered to a newcomer (no game ever
    /// played: nothing recorded, every game in progress fresh, none with a move or over)
    /// until the offer is taken or dismissed; never while another mode is on.
    pub fn lesson_offer(&self) -> Option<&'static qipan_engine::lessons::Lesson> {
        let progress = &self.shared.progress;
        let fresh = |game: &AnyMatch| game.is_empty() && !game.status().is_over();
        let newcomer = progress.is_empty() && self.local.games().all(fresh);
        if !matches!(self.mode, Mode::Local) || progress.lesson_offer_answered() || !newcomer {
            return None;
        }
        lessons::course(self.local.board().variant().game)?
            .lessons
            .first()
    }

    /// The record's game under review, while one is on the board.
    pub fn archive(&self) -> Option<&Archive> {
        match &self.mode {
            Mode::Archive(archive) => Some(archive),
            _ => None,
        }
    }

    /// The player online, the server's last refusal of the lobby, the records.
    pub fn lobby(&self) -> &Lobby {
        &self.shared.lobby
    }

    /// The connection to a server the transport should hold, while a mode has one.
    pub fn connection(&self) -> Option<&Connection> {
        match &self.mode {
            Mode::Online(online) => Some(online.connection()),
            Mode::Seeking(seeking) => Some(seeking.connection()),
            _ => None,
        }
    }

    /// Whether the coach may review the game on the board: a local game with moves, a
    /// finished online game, a record's.
    pub fn can_review(&self) -> bool {
        let game = self.game();
        match &self.mode {
            Mode::Local => !game.is_empty(),
            Mode::Online(_) => !game.is_empty() && game.status().is_over(),
            Mode::Archive(_) => true,
            Mode::Puzzle(_) | Mode::Editor(_) | Mode::Seeking(_) | Mode::Lesson(_) => false,
        }
    }

    /// Why a record's game (one of a profile's last games) would not open in the review
    /// now, if it would not: a game online that is on (its room is left only once it is
    /// over), a seek on its way, a position being set up. The modes' handlers refuse the
    /// same; the profile greys its games out and says why.
    pub fn record_refusal(&self) -> Option<CommandError> {
        match &self.mode {
            Mode::Online(online) if online.playing() => Some(ModeKind::Online),
            Mode::Seeking(_) => Some(ModeKind::Seeking),
            Mode::Editor(_) => Some(ModeKind::Editor),
            _ => None,
        }
        .map(CommandError::NotWhile)
    }

    /// The board editor, while a position is being set up.
    pub fn editor(&self) -> Option<&Editor> {
        match &self.mode {
            Mode::Editor(editor) => Some(editor),
            _ => None,
        }
    }

    /// When something will change by itself (a puzzle's or a lesson's reply): the app asks
    /// for a frame then.
    pub fn next_moment(&self) -> Option<f64> {
        match &self.mode {
            Mode::Seeking(seeking) => seeking.next_moment(self.now()),
            Mode::Puzzle(run) => run.next_moment(),
            Mode::Lesson(run) => run.next_moment(),
            _ => None,
        }
    }

    /// The frames the transport should send now.
    pub fn take_outbox(&mut self) -> Vec<String> {
        match &mut self.mode {
            Mode::Online(online) => online.take_outbox(),
            Mode::Seeking(seeking) => seeking.take_outbox(),
            _ => Vec::new(),
        }
    }

    /// How the turn clock runs against the computer: the player's setting, and whether they
    /// are away from the board.
    pub fn clock_rule(&self) -> ClockRule {
        self.shared.clock_rule
    }

    /// The player's link, while the player has a key: their games, seeks and challenges.
    pub fn player_link(&self) -> Option<&PlayerLink> {
        self.shared.link.as_ref()
    }

    /// The frames the transport should send on the player's link now.
    pub fn take_link_outbox(&mut self) -> Vec<String> {
        self.shared
            .link
            .as_mut()
            .map_or_else(Vec::new, PlayerLink::take_outbox)
    }

    /// What the app should tell the player of (a notification) since the last call.
    pub fn take_alerts(&mut self) -> Vec<Alert> {
        self.shared
            .link
            .as_mut()
            .map_or_else(Vec::new, PlayerLink::take_alerts)
    }

    /// The records API's requests the transport should make now.
    pub fn take_requests(&mut self) -> Vec<Request> {
        self.shared.lobby.take_requests()
    }

    /// The rooms and tokens as they are kept between runs.
    pub fn online_memory(&self) -> OnlineMemory {
        let mut memory = match &self.mode {
            Mode::Online(online) => online.memory(),
            _ => self.shared.memory.clone(),
        };
        memory.player = self.shared.lobby.kept();
        memory
    }

    /// The player's results and ratings, as they are kept between runs.
    pub fn progress(&self) -> &Progress {
        &self.shared.progress
    }

    /// Every local game in progress, the one on the board (behind any mode) first.
    pub fn games(&self) -> impl Iterator<Item = &AnyMatch> {
        self.local.games()
    }

    /// Every local game in progress as the app keeps it between runs.
    pub fn shelve(&self) -> Result<String, SaveError> {
        let games: Vec<&AnyMatch> = self.games().collect();
        save::shelve(&games, self.shared.clock.now())
    }

    /// The local game on the board as a saved-game file.
    pub fn save_text(&self) -> Result<String, SaveError> {
        save::to_json(self.local.board())
    }

    /// The choices as they are kept between runs.
    pub fn choices(&self) -> Choices {
        let untimed = self.shared.clock_rule.untimed;
        self.local
            .choices(self.shared.level, self.shared.coach, untimed)
    }

    /// Whether the rule option is on in the local game on the board.
    pub fn option(&self, option: RuleOption) -> bool {
        self.local.board().variant().has(option)
    }

    /// Who moves first in the next new game of the local one on the board.
    pub fn next_first_mover(&self) -> Side {
        self.local.next_first_mover()
    }

    pub fn level(&self) -> Level {
        self.shared.level
    }

    pub fn coach(&self) -> CoachMode {
        self.shared.coach
    }

    /// The side of the person at the screen in the local game; `None`: two people share it.
    pub fn human(&self) -> Option<Side> {
        self.local.board().players().human
    }

    /// The side the person takes against the computer (also while two people play).
    pub fn seat(&self) -> Side {
        self.local.seat()
    }

    /// Whether the session is asking before it throws a game away.
    pub fn confirming_new_game(&self) -> bool {
        self.local.confirming_new_game()
    }

    /// Whether a link's game waits for the person's yes before it replaces theirs.
    pub fn confirming_link(&self) -> bool {
        self.local.confirming_link()
    }

    /// The session's clock, in seconds.
    pub fn now(&self) -> f64 {
        self.shared.clock.now()
    }
}
