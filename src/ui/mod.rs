//! The desktop (and web) app: the shell around the games in progress.
//!
//! [`App`] is the session, the views' state and the words. Each frame it reads input, has
//! the session apply the frame's commands at once, and draws the views ([`layout`]): each
//! reads the session and returns what it asks for ([`command::AppCommand`]), which the shell
//! carries out after the frame. The games' flow (turns, clock, the computer, undo) lives in
//! [`qipan_session`].
//!
//! The views form a tree that only points down (checked by `tests/app/ui_imports.rs`):
//! - the leaves, which import no other module here: the commands and tabs (`command`), the
//!   games' descriptions (`games`), the theme, the marks for the browser test, platform
//!   storage, the socket (`transport`), what is kept between visits (`kept`);
//! - what the sections share, built on the leaves: the words (`words`), small controls
//!   (`widgets`), the board painters (`boards`), Maddell's perfect play;
//! - the sections, which import only those: the board, the status line, the coach, the
//!   panels, settings, the editor, Save and Load, the keys, online play, the players over
//!   an online board, the records (profiles, leaderboards), puzzles, lessons, statistics,
//!   About;
//! - `layout`, which places the sections and holds the table of tabs; the web page's state
//!   (`page`);
//! - this shell.

mod about;
pub mod board;
pub mod boards;
mod challenges;
mod coach;
pub mod command;
mod cues;
pub mod editor;
mod file;
pub mod games;
mod kept;
mod keys;
pub mod layout;
mod lessons;
mod marks;
pub mod notify;
pub mod online;
#[cfg(target_arch = "wasm32")]
mod page;
mod panels;
mod perfect_play;
mod players;
pub mod puzzles;
pub mod records;
pub mod settings;
mod socket;
pub mod stats;
mod status;
mod storage;
pub mod theme;
mod transport;
mod widgets;
mod words;
mod your_games;

use crate::i18n::{I18n, Lang};
use crate::sound::{Silent, Speaker};
use command::AppCommand;
pub use perfect_play::PerfectPlay;
use qipan_engine::ai::worker::Wake;
use qipan_session::save::SaveError;
use qipan_session::timer::{Clock, SystemClock};
use qipan_session::{AnyMatch, Command, CommandError, Session};
use settings::Settings;
use std::sync::Arc;
pub use transport::ScriptedServer;
use web_time::Duration;

/// The key under which the settings are kept between runs.
const SETTINGS_KEY: &str = "qipan-settings";
/// The key under which every game in progress is kept between runs (JSON, see
/// [`qipan_session::save::Shelf`]).
const GAMES_KEY: &str = "qipan-games";
/// The storage key of the player's results and ratings ([`qipan_session::progress`]).
pub const PROGRESS_KEY: &str = "qipan-progress";
/// Where eframe keeps egui's memory in the browser's `localStorage`, and reads it at the start.
#[cfg(target_arch = "wasm32")]
const EGUI_MEMORY_KEY: &str = "egui_memory_ron";
/// How long the status line says why a command was refused (a newer refusal replaces it).
const REFUSAL_SECONDS: f64 = 6.0;

/// The last refused command, said in the status line until `until` (session time).
struct Refusal {
    error: CommandError,
    until: f64,
}

/// The app: the session, the views' state, the words, and where Maddell's solved table
/// comes from. Everything that changes a game goes to the session as a [`Command`],
/// applied once a frame before drawing.
pub struct App {
    session: Session,
    views: layout::Views,
    i18n: I18n,
    /// The language the player chose in the settings, kept between runs; `None` while they
    /// have not, and the app speaks the system's.
    chosen_lang: Option<Lang>,
    /// Prepared the first time Maddell is shown.
    perfect_play: PerfectPlay,
    /// The sockets to the server while playing online, and the player's link.
    transport: transport::Transport,
    /// Notifications of moves and challenges: whether the player wants them, and where
    /// they go (the system's; a test's record).
    notifications: bool,
    notifier: notify::Notifier,
    /// The window's title as last set (natively; the page's is `page`'s).
    #[cfg(not(target_arch = "wasm32"))]
    title: String,
    /// The last refused command, while the status line says why.
    refusal: Option<Refusal>,
    /// The web: what the page around the canvas last showed.
    #[cfg(target_arch = "wasm32")]
    page: Option<page::PageState>,
    /// What the last save wrote, so that the next writes only what changed.
    written: kept::Written,
    /// What the game on the board says out loud, and where it is said.
    cues: cues::Cues,
    speaker: Box<dyn Speaker>,
    /// The web: egui's memory is saved with the rest, and so only when it changed.
    #[cfg(target_arch = "wasm32")]
    egui_ctx: egui::Context,
}

impl App {
    /// The app as eframe starts it: settings from storage, the system's languages, the real
    /// clock, Maddell's real solved table.
    pub fn new(cc: &eframe::CreationContext<'_>) -> App {
        let clock = Box::new(SystemClock::default());
        let mut app = App::with_locales(cc, clock, &crate::i18n::system_locales());
        app.set_perfect_play(PerfectPlay::real());
        app.set_speaker(crate::sound::system_speaker());
        // A link to a game in the page's address opens it (asking before it replaces a
        // game in progress); the desktop's comes from `--link` (main.rs).
        #[cfg(target_arch = "wasm32")]
        if let Some(link) = storage::page_link() {
            app.send(Command::OpenLink(link));
        }
        app
    }

    /// The app with a given clock (tests move a manual one on), on a system whose
    /// language the app does not speak: English, unless the player chose Chinese.
    pub fn with_clock(cc: &eframe::CreationContext<'_>, clock: Box<dyn Clock>) -> App {
        App::with_locales(cc, clock, &[])
    }

    /// The app with a given clock on a system that prefers `locales` (`zh-CN`, `en-GB`...,
    /// most preferred first): until the player chooses a language, the first frame is
    /// already in the one these give ([`Lang::for_locales`]).
    pub fn with_locales(
        cc: &eframe::CreationContext<'_>,
        clock: Box<dyn Clock>,
        locales: &[String],
    ) -> App {
        let settings = Settings::load(cc.storage, SETTINGS_KEY);
        let shelf = cc.storage.and_then(|s| s.get_string(GAMES_KEY));
        let lang = settings.lang.unwrap_or_else(|| Lang::for_locales(locales));
        let mut app = App::from_parts(cc, settings, shelf, clock);
        app.set_lang(lang);
        if let Some(text) = cc.storage.and_then(|s| s.get_string(PROGRESS_KEY)) {
            app.restore_progress(&text);
        }
        let stored = cc.storage.and_then(|s| s.get_string(online::ONLINE_KEY));
        for command in online::restore(stored, &mut app.views.online) {
            app.send(command);
        }
        app
    }

    /// The app from stored settings and stored games (tests pass their own).
    pub fn from_parts(
        cc: &eframe::CreationContext<'_>,
        settings: Settings,
        shelf: Option<String>,
        clock: Box<dyn Clock>,
    ) -> App {
        theme::install_fonts(&cc.egui_ctx);
        cc.egui_ctx.set_visuals(egui::Visuals::light());
        let ctx = cc.egui_ctx.clone();
        let wake: Wake = Arc::new(move || ctx.request_repaint());
        let choices = settings.choices();
        let notifications = settings.notifications;
        let session = Session::new(choices, shelf.as_deref(), clock, wake, fresh_seed());
        App {
            session,
            views: layout::Views::new(
                settings.save_path.clone(),
                online::default_server(),
                settings.prefs(),
            ),
            i18n: I18n::new(settings.lang.unwrap_or_default()),
            chosen_lang: settings.lang,
            perfect_play: PerfectPlay::none(),
            transport: transport::Transport::default(),
            notifications,
            notifier: notify::Notifier::default(),
            #[cfg(not(target_arch = "wasm32"))]
            title: String::new(),
            refusal: None,
            #[cfg(target_arch = "wasm32")]
            page: None,
            written: kept::Written::default(),
            cues: cues::Cues::default(),
            speaker: Box::new(Silent),
            #[cfg(target_arch = "wasm32")]
            egui_ctx: cc.egui_ctx.clone(),
        }
    }

    /// The results and ratings kept from the last run; a stored form that does not read
    /// costs only itself (logged, and a newcomer's record instead).
    pub fn restore_progress(&mut self, text: &str) {
        match qipan_session::progress::Progress::from_json(text) {
            Ok(progress) => self.send(Command::RestoreProgress(progress)),
            Err(e) => log::warn!("the stored progress was not used: {e}"),
        }
    }

    /// Everything kept between runs, written to `storage`.
    fn save_to(&self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, SETTINGS_KEY, &self.settings());
        match self.shelve() {
            Ok(text) => storage.set_string(GAMES_KEY, text),
            // Nothing half-written: the games kept before stay as they were.
            Err(e) => log::warn!("the games in progress could not be kept: {e:?}"),
        }
        storage.set_string(PROGRESS_KEY, self.session.progress().to_json());
        match serde_json::to_string(&self.session.online_memory()) {
            Ok(text) => storage.set_string(online::ONLINE_KEY, text),
            Err(e) => log::warn!("the online rooms could not be kept: {e}"),
        }
        // Where eframe's own save would put it, and in the form it reads at the start.
        #[cfg(target_arch = "wasm32")]
        self.egui_ctx
            .memory(|memory| eframe::set_value(storage, EGUI_MEMORY_KEY, memory));
    }

    /// Asks the session for a change; it is applied at the start of the next frame.
    pub fn send(&mut self, command: Command) {
        self.session.send(command);
    }

    /// The session: every game in progress and the choices around them.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The game on the board.
    pub fn game(&self) -> &AnyMatch {
        self.session.game()
    }

    /// Every game in progress, the one on the board first.
    pub fn games(&self) -> impl Iterator<Item = &AnyMatch> {
        self.session.games()
    }

    /// Every game in progress as the app keeps it between runs.
    pub fn shelve(&self) -> Result<String, SaveError> {
        self.session.shelve()
    }

    /// The file Save and Load use (what the File field holds).
    pub fn set_save_path(&mut self, path: impl Into<String>) {
        self.views.file.save_path = path.into();
    }

    /// The server "Play online" plays through (what the desktop's Server field holds).
    pub fn set_server(&mut self, server: impl Into<String>) {
        self.views.online.server = server.into();
    }

    /// Plays online through a server the caller scripts by hand instead of the network
    /// (tests): what the app sends and asks is kept for them, what they say arrives.
    pub fn script_server(&mut self) -> ScriptedServer {
        let script = ScriptedServer::default();
        self.transport.script(script.clone());
        script
    }

    /// Records the notifications the app would show instead of showing them (tests).
    pub fn record_notifications(&mut self) -> notify::Shown {
        let (notifier, shown) = notify::Notifier::recording();
        self.notifier = notifier;
        shown
    }

    /// The window's title: the app's name, after the count of games waiting for the
    /// player's move when there are any, "(2) Qipan · 棋盘" (the page's title counts them
    /// the same way, before the game's name).
    pub fn window_title(&self) -> String {
        let app = self.i18n.tr(crate::msg!("app-title"));
        words::counted_title(app, &self.session, &self.i18n)
    }

    /// Shows the words in `lang` for this run (`--lang`, tests), over the player's choice
    /// and the system's language, without keeping it as the player's choice.
    pub fn set_lang(&mut self, lang: Lang) {
        self.i18n.set_lang(lang);
    }

    /// The player's choice of language in the settings: shown at once, and kept between
    /// runs, over the system's language.
    fn choose_lang(&mut self, lang: Lang) {
        self.chosen_lang = Some(lang);
        self.set_lang(lang);
    }

    /// Where Maddell's solved table comes from (tests give their own).
    pub fn set_perfect_play(&mut self, source: PerfectPlay) {
        self.perfect_play = source;
    }

    /// Where the sounds go (the system's speaker; tests keep what it was asked).
    pub fn set_speaker(&mut self, speaker: Box<dyn Speaker>) {
        self.speaker = speaker;
    }

    /// Turns the move animation on or off (tests turn it off: their clock does not move).
    pub fn set_animations(&mut self, on: bool) {
        self.views.board.animations = on;
    }

    /// Whether a move is gliding on the board now (tests read it).
    pub fn gliding(&self) -> bool {
        self.views.board.gliding(self.game(), self.session.now())
    }

    /// The arrangement the last frame used (tests check which one a size gets).
    pub fn layout(&self) -> layout::Layout {
        self.views.layout
    }

    /// The settings as they are kept between runs: the session's choices and the window's.
    pub fn settings(&self) -> Settings {
        let path = &self.views.file.save_path;
        let prefs = &self.views.prefs;
        Settings::of(
            &self.session.choices(),
            self.chosen_lang,
            path,
            prefs,
            self.notifications,
        )
    }

    /// Whether the computer is thinking now.
    pub fn thinking(&self) -> bool {
        self.game().thinking()
    }

    /// The status line's notice text, if any (tests read it).
    pub fn notice_text(&self) -> Option<String> {
        let notice = self.game().notice()?;
        Some(words::notice(self.game(), &self.i18n, notice))
    }

    /// Where things stand with Maddell's perfect play, as the status line's note says it.
    pub fn perfect_play_note(&self) -> Option<String> {
        self.perfect_play.note(self.game(), &self.i18n)
    }

    pub fn i18n(&self) -> &I18n {
        &self.i18n
    }

    /// Whether the app is asking before it throws a game away.
    pub fn confirming_new_game(&self) -> bool {
        self.session.confirming_new_game()
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        // Input first, then every command of this frame and the last one applied at once;
        // what the drawing below sends waits for the next frame, asked for at once.
        #[cfg(target_arch = "wasm32")]
        if let Some(command) = self.views.file.poll_picked() {
            self.send(command);
        }
        for command in self.views.keyboard.read(&ctx) {
            self.send(command);
        }
        self.transport.poll(&mut self.session, &ctx);
        // What the commands changed runs on in the next frame (the computer starts on a
        // person's move): ask for it.
        if self.session.has_pending() {
            ctx.request_repaint();
        }
        let refused = self.session.apply();
        self.transport.flush(&mut self.session, &ctx);
        self.notify();
        #[cfg(not(target_arch = "wasm32"))]
        self.set_window_title(&ctx);
        let now = self.session.now();
        self.note_refusals(refused, now, &ctx);
        self.sound(&ctx, now);
        if let Some(tables) = self.perfect_play.frame(&ctx, self.session.game()) {
            self.send(tables);
        }

        theme::fit_tooltips(ui);
        // The accessibility tree's language (the page's mirror marks its elements with it).
        crate::a11y::set_language(&ctx, self.i18n.lang().tag());
        #[cfg(target_arch = "wasm32")]
        marks::clear(&ctx);
        let frame = layout::Frame {
            session: &self.session,
            i18n: &self.i18n,
            perfect_play: &self.perfect_play,
            now,
            refusal: self.refusal.as_ref().map(|r| &r.error),
            notifications: self.notifications,
        };
        for command in self.views.show(ui, frame) {
            self.carry_out(command, &ctx);
        }
        self.note_away(&ctx);
        self.views.ask_for_frames(&ctx, &self.session, now);
        #[cfg(target_arch = "wasm32")]
        {
            let readiness = self.perfect_play.readiness();
            let (session, i18n, layout) = (&self.session, &self.i18n, self.views.layout.name());
            let state = page::page_state(&ctx, session, i18n, layout, &readiness);
            page::publish(&state, &mut self.page);
        }
    }

    /// Before each pass, the first included: the text options follow the screen's density (a
    /// window moved to another monitor, a browser zoomed), set before any text is laid out.
    fn raw_input_hook(&mut self, ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        let native = raw_input
            .viewports
            .get(&raw_input.viewport_id)
            .and_then(|viewport| viewport.native_pixels_per_point);
        if let Some(native) = native {
            theme::fit_text_to_screen(ctx, native * ctx.zoom_factor());
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        let mut written = std::mem::take(&mut self.written);
        self.save_to(&mut kept::OnlyChanges::new(storage, &mut written));
        self.written = written;
    }

    /// The web: eframe would write egui's memory at every save; [`Self::save`] does, when it
    /// changed.
    #[cfg(target_arch = "wasm32")]
    fn persist_egui_memory(&self) -> bool {
        false
    }

    /// The browser may close a tab without notice (phones do): keep localStorage current.
    #[cfg(target_arch = "wasm32")]
    fn auto_save_interval(&self) -> web_time::Duration {
        web_time::Duration::from_secs(2)
    }
}

impl App {
    /// Tells the session when the player goes away from the board or comes back: reading
    /// the rules, a lesson, the settings, Play online, a menu or the keys, or the window minimized, unfocused or
    /// (on the web) the page hidden. Against the computer the clock waits meanwhile.
    fn note_away(&mut self, ctx: &egui::Context) {
        // An open menu (a combo box's list, a context menu) is read too.
        let away = self.views.reading() || window_hidden(ctx) || egui::Popup::is_any_open(ctx);
        if away != self.session.clock_rule().away {
            self.send(Command::SetAway(away));
            ctx.request_repaint();
        }
    }

    /// Keeps the last of this frame's refusals for the status line, and forgets the one
    /// said long enough; asks for the frame that takes it away.
    fn note_refusals(&mut self, refused: Vec<CommandError>, now: f64, ctx: &egui::Context) {
        for error in &refused {
            log::debug!("refused: {error:?}");
        }
        if let Some(error) = refused.into_iter().last() {
            let until = now + REFUSAL_SECONDS;
            self.refusal = Some(Refusal { error, until });
        }
        match &self.refusal {
            Some(refusal) if refusal.until <= now => self.refusal = None,
            Some(refusal) => {
                ctx.request_repaint_after(Duration::from_secs_f64(refusal.until - now));
            }
            None => {}
        }
    }

    /// What the player's link has to tell of (an opponent's move, a challenge), as
    /// notifications while the player wants them.
    fn notify(&mut self) {
        for alert in self.session.take_alerts() {
            if self.notifications {
                let (title, body) = words::alert(&alert, &self.i18n);
                self.notifier.show(&title, &body);
            }
        }
    }

    /// The window's title counts the games waiting for the player (eframe's viewport
    /// command, sent only when it changes).
    #[cfg(not(target_arch = "wasm32"))]
    fn set_window_title(&mut self, ctx: &egui::Context) {
        let title = self.window_title();
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    /// Plays what changed on the board since the last frame, unless the sounds are off; a
    /// tap or a key lets the browser's sound start.
    fn sound(&mut self, ctx: &egui::Context, now: f64) {
        let touched = ctx.input(|i| {
            i.events.iter().any(|e| {
                matches!(
                    e,
                    egui::Event::PointerButton { pressed: true, .. }
                        | egui::Event::Key { pressed: true, .. }
                        | egui::Event::Touch { .. }
                )
            })
        });
        if touched {
            self.speaker.wake();
        }
        let cues = self.cues.frame(self.session.game(), now);
        let prefs = self.views.prefs;
        if !prefs.sound {
            return;
        }
        for cue in cues {
            self.speaker.play(cue, f32::from(prefs.volume) / 100.0);
        }
    }

    /// Does what a view asked for.
    fn carry_out(&mut self, command: AppCommand, ctx: &egui::Context) {
        match command {
            AppCommand::Session(command) => self.send(command),
            AppCommand::OpenTab(tab) => self.views.open_tab(tab),
            // Drawn in the new language at once, in the next frame.
            AppCommand::SetLang(lang) => {
                self.choose_lang(lang);
                ctx.request_repaint();
            }
            AppCommand::Challenge(name) => self.views.challenge(name),
            AppCommand::SetNotifications(on) => self.notifications = on,
            AppCommand::AllowNotifications => {
                let ctx = ctx.clone();
                notify::allow(move || ctx.request_repaint());
            }
            AppCommand::Flip => self.views.board.flipped = !self.views.board.flipped,
            AppCommand::ShowCoordinates(on) => self.views.prefs.coordinates = on,
            AppCommand::SetSound { on, volume } => {
                self.views.prefs.sound = on;
                self.views.prefs.volume = volume.min(100);
            }
        }
    }
}

/// A seed for the computer's tie-breaking, different from run to run.
fn fresh_seed() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::SystemTime::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0x5EED)
}

/// Whether the player cannot see the app: natively the window minimized or another one
/// focused, on the web the page hidden (another tab, the phone's screen off).
fn window_hidden(ctx: &egui::Context) -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = ctx;
        web_sys::window()
            .and_then(|window| window.document())
            .is_some_and(|document| document.hidden())
    }
    #[cfg(not(target_arch = "wasm32"))]
    ctx.input(|input| {
        let viewport = input.viewport();
        viewport.minimized == Some(true) || viewport.focused == Some(false)
    })
}
