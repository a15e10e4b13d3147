//! The desktop (and web) app: the shell around a game in progress.
//!
//! The layout follows the window ([`layout`]): columns on a wide one, the board and tabs on
//! a phone. The sections are in [`panels`], the status line and banner in [`status`].
//! The game's flow (turns, clock, the computer, undo) lives in the match controller
//! ([`qipan_session`]); the app draws its state and forwards input to it.

pub mod board;
pub mod boards;
mod coach;
pub mod games;
pub mod layout;
pub mod move_list;
pub mod online;
mod panels;
mod perfect_play;
pub mod puzzles;
pub mod settings;
pub mod stats;
mod status;
#[cfg(not(target_arch = "wasm32"))]
pub mod storage_native;
#[cfg(target_arch = "wasm32")]
pub mod storage_web;
pub mod theme;

use crate::i18n::{I18n, Lang, Msg};
use boards::Painters;
pub use perfect_play::PerfectPlay;
use qipan_engine::ai::worker::Wake;
use qipan_session::save::SaveError;
use qipan_session::timer::{Clock, SystemClock};
use qipan_session::{AnyMatch, Change, Command, Session};
use settings::Settings;
use std::sync::Arc;
use web_time::Duration;

/// The key under which the settings are kept between runs.
const SETTINGS_KEY: &str = "qipan-settings";
/// The key under which every game in progress is kept between runs (JSON, see
/// [`save::Shelf`]).
const GAMES_KEY: &str = "qipan-games";

/// The bundled Chinese font (a subset of Noto Sans CJK SC, OFL-1.1; see assets/fonts/).
const CJK_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansCJKsc-subset.otf");

/// The app: the session, what only the window has (the words, the painters' half-made
/// selections, the layout and tab, the glide), and nothing else. Everything that changes a
/// game goes to the session as a [`Command`], applied once a frame before drawing.
pub struct App {
    i18n: I18n,
    session: Session,
    /// The file name Save and Load use.
    save_path: String,
    painters: Painters,
    /// The controller's epoch the painters last saw: a change clears their selection.
    painted_epoch: u64,
    /// Where Maddell's solved table comes from (prepared the first time Maddell is shown).
    perfect_play: PerfectPlay,
    /// The arrangement of the last frame, and the tab open under the board or in the column.
    layout: layout::Layout,
    tab: layout::Tab,
    /// The keys meant for the board this frame.
    board_keys: boards::BoardKeys,
    /// The keyboard help is open.
    show_keys_help: bool,
    /// Moves glide on the board (off in tests, where the clock stands still).
    animations: bool,
    /// The socket to the server while playing online, and the view's fields.
    transport: online::Transport,
    online_view: online::OnlineView,
    /// When the move on the board started to glide, and the controller epoch it belongs to.
    glide: Option<(u64, f64)>,
    /// The web's Load: the file the player is picking, read by the browser in the background.
    #[cfg(target_arch = "wasm32")]
    picking: Option<storage_web::PickedSlot>,
    /// The web: what the page around the canvas last showed.
    #[cfg(target_arch = "wasm32")]
    page: Option<storage_web::PageState>,
}

impl App {
    /// The app as eframe starts it: settings from storage, the real clock, Maddell's real
    /// solved table.
    pub fn new(cc: &eframe::CreationContext<'_>) -> App {
        let mut app = App::with_clock(cc, Box::new(SystemClock::default()));
        app.set_perfect_play(PerfectPlay::real());
        // A link to a game in the page's address opens it (asking before it replaces a
        // game in progress); the desktop's comes from `--link` (main.rs).
        #[cfg(target_arch = "wasm32")]
        if let Some(link) = storage_web::page_link() {
            app.send(Command::OpenLink(link));
        }
        app
    }

    /// The app with a given clock (tests move a manual one on).
    pub fn with_clock(cc: &eframe::CreationContext<'_>, clock: Box<dyn Clock>) -> App {
        let settings = Settings::load(cc.storage, SETTINGS_KEY);
        let shelf = cc.storage.and_then(|s| s.get_string(GAMES_KEY));
        let mut app = App::from_parts(cc, settings, shelf, clock);
        app.restore_online(cc.storage.and_then(|s| s.get_string(online::ONLINE_KEY)));
        app
    }

    /// Back to the room played last (a reload, a restart), and on the web into the room a
    /// `?room=` link names.
    fn restore_online(&mut self, stored: Option<String>) {
        use qipan_session::OnlineCommand;
        let mut memory: qipan_session::online::OnlineMemory = stored
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default();
        // The web plays through the page's own server; the desktop through the one it used.
        if cfg!(target_arch = "wasm32") || memory.server.is_empty() {
            memory.server = self.online_view.server.clone();
        } else {
            self.online_view.server = memory.server.clone();
        }
        #[cfg(target_arch = "wasm32")]
        let link = storage_web::page_room();
        #[cfg(not(target_arch = "wasm32"))]
        let link: Option<String> = None;
        // A link to another room than the one in play joins that room instead.
        let join = link.filter(|room| memory.current.as_ref() != Some(room));
        if join.is_some() {
            memory.current = None;
        }
        let server = memory.server.clone();
        self.send(Command::Online(OnlineCommand::Restore(memory)));
        if let Some(room) = join {
            self.send(Command::Online(OnlineCommand::Join { server, room }));
        }
    }

    /// The app from stored settings and stored games (tests pass their own).
    pub fn from_parts(
        cc: &eframe::CreationContext<'_>,
        settings: Settings,
        shelf: Option<String>,
        clock: Box<dyn Clock>,
    ) -> App {
        install_fonts(&cc.egui_ctx);
        cc.egui_ctx.set_visuals(egui::Visuals::light());
        let ctx = cc.egui_ctx.clone();
        let wake: Wake = Arc::new(move || ctx.request_repaint());
        let session = Session::new(
            settings.choices(),
            shelf.as_deref(),
            clock,
            wake,
            fresh_seed(),
        );
        App {
            i18n: I18n::new(settings.lang),
            session,
            save_path: settings.save_path,
            painters: Painters::default(),
            painted_epoch: 0,
            perfect_play: PerfectPlay::none(),
            layout: layout::Layout::Wide,
            tab: layout::Tab::default(),
            animations: true,
            transport: online::Transport::default(),
            online_view: online::OnlineView::new(online::default_server()),
            glide: None,
            board_keys: boards::BoardKeys::default(),
            show_keys_help: false,
            #[cfg(target_arch = "wasm32")]
            picking: None,
            #[cfg(target_arch = "wasm32")]
            page: None,
        }
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
        self.save_path = path.into();
    }

    /// The server "Play a friend" plays through (what the desktop's Server field holds).
    pub fn set_server(&mut self, server: impl Into<String>) {
        self.online_view.server = server.into();
    }

    /// The language of the words (the window's own choice, not the session's).
    pub fn set_lang(&mut self, lang: Lang) {
        self.i18n.set_lang(lang);
    }

    /// Where Maddell's solved table comes from (tests give their own).
    pub fn set_perfect_play(&mut self, source: PerfectPlay) {
        self.perfect_play = source;
    }

    /// Turns the move animation on or off (tests turn it off: their clock does not move).
    pub fn set_animations(&mut self, on: bool) {
        self.animations = on;
    }

    /// Whether a move is gliding on the board now (tests read it).
    pub fn gliding(&self) -> bool {
        self.glide.is_some_and(|(epoch, started)| {
            let t = (self.session.now() - started) / board::GLIDE_SECONDS;
            epoch == self.game().epoch() && (0.0..1.0).contains(&t)
        })
    }

    /// How far the last move's glide has come (0 to 1), while it runs.
    fn glide_progress(&mut self, now: f64) -> Option<f32> {
        let epoch = self.game().epoch();
        if self.glide.is_none_or(|(seen, _)| seen != epoch) {
            let played = matches!(self.game().last_change(), Change::Played { .. });
            self.glide = Some((
                epoch,
                if self.animations && played {
                    now
                } else {
                    f64::MIN
                },
            ));
        }
        let (_, started) = self.glide?;
        let t = (now - started) / board::GLIDE_SECONDS;
        (0.0..1.0).contains(&t).then_some(t as f32)
    }

    /// Keyboard play: when no text field has the keyboard, arrows, Enter, Space and Escape
    /// go to the board, and the shortcuts act (Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo,
    /// N new game, H a hint, F1 the list of keys).
    fn keyboard(&mut self, ctx: &egui::Context) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        if ctx.egui_wants_keyboard_input() {
            return;
        }
        let shortcut = |m, k| KeyboardShortcut::new(m, k);
        let (commands, help, keys) = ctx.input_mut(|i| {
            let mut commands = Vec::new();
            if i.consume_shortcut(&shortcut(Modifiers::NONE, Key::H)) {
                commands.push(Command::Hint);
            }
            if i.consume_shortcut(&shortcut(Modifiers::COMMAND, Key::Z)) {
                commands.push(Command::Undo);
            }
            if i.consume_shortcut(&shortcut(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z))
                || i.consume_shortcut(&shortcut(Modifiers::COMMAND, Key::Y))
            {
                commands.push(Command::Redo);
            }
            if i.consume_shortcut(&shortcut(Modifiers::NONE, Key::N)) {
                commands.push(Command::NewGame);
            }
            let help = i.consume_shortcut(&shortcut(Modifiers::NONE, Key::F1));
            let mut keys = boards::BoardKeys::default();
            for (key, dir) in [
                (Key::ArrowLeft, egui::vec2(-1.0, 0.0)),
                (Key::ArrowRight, egui::vec2(1.0, 0.0)),
                (Key::ArrowUp, egui::vec2(0.0, -1.0)),
                (Key::ArrowDown, egui::vec2(0.0, 1.0)),
            ] {
                if i.consume_key(Modifiers::NONE, key) {
                    keys.step = Some(keys.step.unwrap_or_default() + dir);
                }
            }
            keys.press = i.consume_key(Modifiers::NONE, Key::Enter)
                || i.consume_key(Modifiers::NONE, Key::Space);
            keys.escape = i.consume_key(Modifiers::NONE, Key::Escape);
            (commands, help, keys)
        });
        for command in commands {
            self.send(command);
        }
        if help {
            self.show_keys_help = !self.show_keys_help;
        }
        self.board_keys = keys;
    }

    /// The arrangement the last frame used (tests check which one a size gets).
    pub fn layout(&self) -> layout::Layout {
        self.layout
    }

    /// The settings as they are kept between runs: the session's choices and the window's.
    pub fn settings(&self) -> Settings {
        Settings::of(&self.session.choices(), self.i18n.lang(), &self.save_path)
    }

    /// Whether the computer is thinking now.
    pub fn thinking(&self) -> bool {
        self.game().thinking()
    }

    /// The status line's notice text, if any (tests read it).
    pub fn notice_text(&self) -> Option<String> {
        self.game().notice().map(|n| self.notice_message(n))
    }

    pub fn i18n(&self) -> &I18n {
        &self.i18n
    }

    /// Whether the app is asking before it throws a game away.
    pub fn confirming_new_game(&self) -> bool {
        self.session.confirming_new_game()
    }

    fn tr(&self, msg: Msg) -> String {
        self.i18n.tr(msg)
    }

    fn save_game(&mut self) {
        let path = self.save_path.clone();
        let written = self
            .session
            .save_text()
            .and_then(|text| write_file(&path, &text))
            .map(|()| path);
        self.send(Command::Saved(written));
    }

    /// Desktop: reads the file named in the settings.
    #[cfg(not(target_arch = "wasm32"))]
    fn load_game(&mut self, _ctx: &egui::Context) {
        let path = self.save_path.clone();
        let text = storage_native::read(&path);
        self.send(Command::Load { name: path, text });
    }

    /// Web: opens the browser's file picker; the text arrives in a later frame
    /// ([`App::poll_picked_file`]).
    #[cfg(target_arch = "wasm32")]
    fn load_game(&mut self, ctx: &egui::Context) {
        let wake = ctx.clone();
        match storage_web::pick_file(move || wake.request_repaint()) {
            Ok(slot) => self.picking = Some(slot),
            Err(e) => self.send(Command::Load {
                name: String::new(),
                text: Err(e),
            }),
        }
    }

    /// Web: loads the picked file once the browser has read it.
    #[cfg(target_arch = "wasm32")]
    fn poll_picked_file(&mut self) {
        let picked = self
            .picking
            .as_ref()
            .and_then(|slot| slot.borrow_mut().take());
        if let Some((name, text)) = picked {
            self.picking = None;
            self.send(Command::Load { name, text });
        }
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        #[cfg(target_arch = "wasm32")]
        self.poll_picked_file();
        // Input first, then every command of this frame and the last one applied at once;
        // what the drawing below sends waits for the next frame, asked for at once.
        self.keyboard(&ctx);
        self.transport.poll(&mut self.session, &ctx);
        // What the commands changed runs on in the next frame (the computer starts on a
        // person's move): ask for it.
        if self.session.has_pending() {
            ctx.request_repaint();
        }
        let refused = self.session.apply();
        if !refused.is_empty() {
            log::debug!("refused: {refused:?}");
        }
        self.transport.flush(&mut self.session, &ctx);
        let now = self.session.now();
        self.perfect_play.frame(&ctx, self.game().variant().game);

        // Hover texts (why a piece cannot move) wrap inside a phone's width.
        let tooltip_width = (ui.available_width() - 24.0).clamp(160.0, 500.0);
        if ctx.global_style().spacing.tooltip_width != tooltip_width {
            ctx.all_styles_mut(|style| style.spacing.tooltip_width = tooltip_width);
        }
        #[cfg(target_arch = "wasm32")]
        clear_marks(&ctx);
        let moved = self.show_layout(ui, now);

        // Frames only when something changes: at once after a move, each frame while a move
        // glides, about 30 a second while Push the Line's rings breathe, and otherwise once
        // a second for the clock while the game is on. Nothing at all once it is over or
        // while the player looks back. The worker wakes the app itself, so thinking needs no
        // extra frames: on the web every frame is time the search does not get.
        if moved || self.session.has_pending() || self.glide_progress(now).is_some() {
            ctx.request_repaint();
        } else if self.game().game_on() {
            let left = self.game().remaining(now);
            let to_next_second = (left - left.floor()).max(0.02);
            let mut delay = Duration::from_secs_f64(to_next_second);
            if self.game().human_to_move() && board::animating(self.game(), &self.painters) {
                delay = delay.min(Duration::from_millis(33));
            }
            ctx.request_repaint_after(delay);
        }
        // A review's progress bar moves a few times a second; its end wakes the app.
        if self.game().review_running() == Some(true) {
            ctx.request_repaint_after(Duration::from_millis(250));
        }
        #[cfg(target_arch = "wasm32")]
        self.publish_page(&ctx);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, SETTINGS_KEY, &self.settings());
        match self.shelve() {
            Ok(text) => storage.set_string(GAMES_KEY, text),
            // Nothing half-written: the games kept before stay as they were.
            Err(e) => log::warn!("the games in progress could not be kept: {e:?}"),
        }
        match serde_json::to_string(&self.session.online_memory()) {
            Ok(text) => storage.set_string(online::ONLINE_KEY, text),
            Err(e) => log::warn!("the online rooms could not be kept: {e}"),
        }
    }

    /// The browser may close a tab without notice (phones do): keep localStorage current.
    #[cfg(target_arch = "wasm32")]
    fn auto_save_interval(&self) -> Duration {
        Duration::from_secs(2)
    }
}

#[cfg(target_arch = "wasm32")]
impl App {
    /// Mirrors the game into the page: the tab title (game name, localized) and the state
    /// attributes the end-to-end test reads.
    fn publish_page(&mut self, ctx: &egui::Context) {
        let name = games::describe(self.game().variant().game).name;
        let title = self.i18n.tr_args(
            crate::msg!("page-title"),
            &[
                ("game", self.tr(name).into()),
                ("app", self.tr(crate::msg!("app-title")).into()),
            ],
        );
        let marks = Self::ctx_marks(ctx);
        let state = storage_web::PageState {
            title,
            lang: self.i18n.lang().tag(),
            plies: self.game().cursor(),
            thinking: self.game().thinking(),
            over: self.game().status().is_over(),
            game: self.game().variant().to_string(),
            position: self.game().position_text(),
            layout: format!("{:?}", self.layout).to_lowercase(),
            marks,
            nps: self
                .game()
                .last_search()
                .filter(|(_, t)| !t.is_zero())
                .map(|(nodes, t)| (nodes as f64 / t.as_secs_f64()) as u64),
            hint: self.game().hint().map(|(best, _)| best).unwrap_or_default(),
            review: match self.game().review_view() {
                None => String::new(),
                Some(r) if r.running => format!("running {}", (r.progress * 100.0) as u32),
                Some(r) => format!("done {}", r.rows.iter().flatten().count()),
            },
            perfect: self.perfect_play.readiness().to_string(),
            online: self.session.online().map_or_else(String::new, |online| {
                let seat = match online.seat() {
                    Some(qipan_session::online::Seat::Player(side)) => side.letter().to_string(),
                    Some(qipan_session::online::Seat::Spectator) => "spectator".to_owned(),
                    None => "-".to_owned(),
                };
                let link = match online.link() {
                    qipan_session::online::Link::Open => "open",
                    qipan_session::online::Link::Connecting => "connecting",
                    qipan_session::online::Link::Lost { .. } => "lost",
                };
                format!("{} {seat} {link}", online.room().unwrap_or("-"))
            }),
        };
        storage_web::publish(&state, &mut self.page);
    }
}

/// A seed for the computer's tie-breaking, different from run to run.
fn fresh_seed() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::SystemTime::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0x5EED)
}

/// Adds the bundled Chinese font behind egui's own, so Latin text keeps egui's look and
/// every Chinese character falls back to it.
fn install_fonts(ctx: &egui::Context) {
    // No text below 12 px, on a phone too.
    ctx.all_styles_mut(|style| {
        style.text_styles.insert(
            egui::TextStyle::Small,
            egui::FontId::new(12.0, egui::FontFamily::Proportional),
        );
    });
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        "noto-sans-cjk-sc".to_owned(),
        std::sync::Arc::new(egui::FontData::from_static(CJK_FONT)),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .push("noto-sans-cjk-sc".to_owned());
    }
    ctx.set_fonts(fonts);
}

/// Notes where a named control is on screen. The web build publishes these places to the
/// page (`data-marks`) so that the browser test can tap controls at any size and in either
/// language; natively it costs nothing (the kittest tests find widgets by their labels).
pub(crate) fn mark(ui: &egui::Ui, key: impl std::fmt::Display, response: &egui::Response) {
    #[cfg(target_arch = "wasm32")]
    ui.ctx().data_mut(|d| {
        d.get_temp_mut_or_default::<Marks>(egui::Id::NULL.with(MARKS))
            .0
            .push((key.to_string(), response.rect));
    });
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (ui, key, response);
}

/// The controls' places this frame (web only).
#[derive(Clone, Default)]
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) struct Marks(pub Vec<(String, egui::Rect)>);

#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
const MARKS: &str = "qipan-marks";

#[cfg(target_arch = "wasm32")]
impl App {
    /// This frame's marks as JSON: `{"key": [x, y, w, h], ...}` in CSS pixels.
    fn ctx_marks(ctx: &egui::Context) -> String {
        let marks = ctx.data(|d| d.get_temp::<Marks>(egui::Id::NULL.with(MARKS)));
        let map: std::collections::BTreeMap<String, [f32; 4]> = marks
            .map(|m| m.0)
            .unwrap_or_default()
            .into_iter()
            .map(|(k, r)| (k, [r.min.x, r.min.y, r.width(), r.height()]))
            .collect();
        serde_json::to_string(&map).unwrap_or_default()
    }
}

#[cfg(target_arch = "wasm32")]
fn clear_marks(ctx: &egui::Context) {
    ctx.data_mut(|d| d.remove::<Marks>(egui::Id::NULL.with(MARKS)));
}

#[cfg(not(target_arch = "wasm32"))]
fn write_file(path: &str, text: &str) -> Result<(), SaveError> {
    storage_native::write(path, text)
}

/// The web saves by download: the settings' file path is the download's name.
#[cfg(target_arch = "wasm32")]
fn write_file(path: &str, text: &str) -> Result<(), SaveError> {
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    storage_web::download(name, text)
}
