//! The desktop (and web) app: the shell around a game in progress.
//!
//! Layout: the game picker, Game Settings, actions and the move list on the left; the rule
//! text on the right; the status line with the turn timer on top; the board in the middle.
//! The game's flow (turns, clock, the computer, undo) lives in the match controller
//! ([`crate::controller`]); the app draws its state and forwards input to it.

pub mod board;
pub mod boards;
pub mod games;
pub mod move_list;
pub mod settings;
#[cfg(not(target_arch = "wasm32"))]
pub mod storage_native;
#[cfg(target_arch = "wasm32")]
pub mod storage_web;
pub mod theme;

use crate::ai::worker::Wake;
use crate::controller::save::{self, SaveError};
use crate::controller::timer::{self, Clock, SystemClock};
use crate::controller::{AnyMatch, Notice};
use crate::games::{GameId, Side, Status};
use crate::i18n::{I18n, Msg};
use crate::msg;
use boards::Painters;
use settings::Settings;
use std::sync::Arc;
use web_time::Duration;

/// The key under which the settings are kept between runs.
const SETTINGS_KEY: &str = "qipan-settings";

/// The bundled Chinese font (a subset of Noto Sans CJK SC, OFL-1.1; see assets/fonts/).
const CJK_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansCJKsc-subset.otf");

/// The app.
pub struct App {
    i18n: I18n,
    settings: Settings,
    game: AnyMatch,
    painters: Painters,
    /// The controller's epoch the painters last saw: a change clears their selection.
    painted_epoch: u64,
    clock: Box<dyn Clock>,
    /// Repaints the app when the computer's answer is ready.
    wake: Wake,
    seed: u64,
    /// The web's Load: the file the player is picking, read by the browser in the background.
    #[cfg(target_arch = "wasm32")]
    picking: Option<storage_web::PickedSlot>,
    /// The web: what the page around the canvas last showed.
    #[cfg(target_arch = "wasm32")]
    page: Option<storage_web::PageState>,
}

impl App {
    /// The app as eframe starts it: settings from storage, the real clock.
    pub fn new(cc: &eframe::CreationContext<'_>) -> App {
        App::with_clock(cc, Box::new(SystemClock::default()))
    }

    /// The app with a given clock (tests move a manual one on).
    pub fn with_clock(cc: &eframe::CreationContext<'_>, clock: Box<dyn Clock>) -> App {
        install_fonts(&cc.egui_ctx);
        cc.egui_ctx.set_visuals(egui::Visuals::light());
        let settings: Settings = cc
            .storage
            .and_then(|s| eframe::get_value(s, SETTINGS_KEY))
            .unwrap_or_default();
        let seed = fresh_seed();
        let players = settings.players();
        let ctx = cc.egui_ctx.clone();
        let mut app = App {
            i18n: I18n::new(settings.lang),
            game: AnyMatch::new(settings.variant(), Side::X, players, seed, clock.now()),
            painters: Painters::default(),
            painted_epoch: 0,
            settings,
            clock,
            wake: Arc::new(move || ctx.request_repaint()),
            seed,
            #[cfg(target_arch = "wasm32")]
            picking: None,
            #[cfg(target_arch = "wasm32")]
            page: None,
        };
        app.new_game();
        app
    }

    /// The game in progress.
    pub fn game(&self) -> &AnyMatch {
        &self.game
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Changes settings from outside the settings panel (tests), applying them as the panel
    /// would.
    pub fn update_settings(&mut self, change: impl FnOnce(&mut Settings)) {
        let before = self.settings.clone();
        change(&mut self.settings);
        self.i18n.set_lang(self.settings.lang);
        if self.settings.game != before.game || self.settings.variant() != before.variant() {
            self.new_game();
        } else {
            self.apply_players();
        }
    }

    /// Hands the settings' choice of sides and level to the controller.
    fn apply_players(&mut self) {
        let now = self.clock.now();
        self.game.set_players(self.settings.players(), now);
    }

    /// Whether the computer is thinking now.
    pub fn thinking(&self) -> bool {
        self.game.thinking()
    }

    /// The status line's notice text, if any (tests read it).
    pub fn notice_text(&self) -> Option<String> {
        self.game.notice().map(|n| self.notice_message(n))
    }

    pub fn i18n(&self) -> &I18n {
        &self.i18n
    }

    /// Starts a new round of the chosen game.
    pub fn new_game(&mut self) {
        if self.settings.game == GameId::Push {
            self.settings.push_rounds = self.settings.push_rounds.wrapping_add(1);
        }
        let now = self.clock.now();
        self.seed = self.seed.wrapping_add(1);
        self.game = AnyMatch::new(
            self.settings.variant(),
            self.settings.first_mover(),
            self.settings.players(),
            self.seed,
            now,
        );
        self.game.set_wake(Arc::clone(&self.wake));
    }

    /// Takes back the last move of the player at the screen, and the computer's reply to it.
    pub fn undo(&mut self) {
        self.game.undo(self.clock.now());
    }

    /// Plays again what was undone, up to the player's next turn.
    pub fn redo(&mut self) {
        self.game.redo(self.clock.now());
    }

    fn notice_message(&self, notice: &Notice) -> String {
        let i18n = &self.i18n;
        let side = |s: Side| i18n.tr(board::side_name(&self.game, s));
        match notice {
            Notice::Timeout(s) => {
                i18n.tr_args(msg!("timeout-skipped"), &[("side", side(*s).into())])
            }
            Notice::Passed(s) => i18n.tr_args(msg!("push-pass"), &[("side", side(*s).into())]),
            Notice::Saved(p) => {
                // The web cannot write a path: the file went to the browser's downloads.
                let id = if cfg!(target_arch = "wasm32") {
                    msg!("saved-web")
                } else {
                    msg!("saved")
                };
                i18n.tr_args(id, &[("path", p.as_str().into())])
            }
            Notice::Loaded(p) => i18n.tr_args(msg!("loaded"), &[("path", p.as_str().into())]),
            Notice::File(e) => e.localize(i18n),
            Notice::Engine(e) => {
                i18n.tr_args(msg!("engine-error"), &[("error", e.to_string().into())])
            }
        }
    }

    fn tr(&self, msg: Msg) -> String {
        self.i18n.tr(msg)
    }

    fn save_game(&mut self) {
        let path = self.settings.save_path.clone();
        let written = save::to_json(&self.game).and_then(|text| write_file(&path, &text));
        self.game.set_notice(Some(match written {
            Ok(()) => Notice::Saved(path),
            Err(e) => Notice::File(e),
        }));
    }

    /// Desktop: reads the file named in the settings.
    #[cfg(not(target_arch = "wasm32"))]
    fn load_game(&mut self, _ctx: &egui::Context) {
        let path = self.settings.save_path.clone();
        let text = storage_native::read(&path);
        self.load_text(path, text);
    }

    /// Web: opens the browser's file picker; the text arrives in a later frame
    /// ([`App::poll_picked_file`]).
    #[cfg(target_arch = "wasm32")]
    fn load_game(&mut self, ctx: &egui::Context) {
        let wake = ctx.clone();
        match storage_web::pick_file(move || wake.request_repaint()) {
            Ok(slot) => self.picking = Some(slot),
            Err(e) => self.game.set_notice(Some(Notice::File(e))),
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
            self.load_text(name, text);
        }
    }

    /// Loads a saved game from its text (or shows why the file could not be read); `path`
    /// names the file in the notice.
    fn load_text(&mut self, path: String, text: Result<String, SaveError>) {
        let now = self.clock.now();
        let loaded =
            text.and_then(|text| save::from_json(&text, self.settings.level, self.seed, now));
        match loaded {
            Ok(mut game) => {
                let variant = game.variant();
                self.settings.game = variant.game;
                if variant.game == GameId::Blockade {
                    self.settings.solidarity = variant.solidarity;
                }
                match game.players().human {
                    Some(side) => {
                        self.settings.human = settings::HumanSide::of(side);
                        self.settings.two_players = false;
                    }
                    None => self.settings.two_players = true,
                }
                game.set_wake(Arc::clone(&self.wake));
                game.set_notice(Some(Notice::Loaded(path)));
                self.game = game;
            }
            // The game in progress stays as it was.
            Err(e) => self.game.set_notice(Some(Notice::File(e))),
        }
    }

    fn status_bar(&mut self, ui: &mut egui::Ui, now: f64) {
        let i18n = &self.i18n;
        ui.horizontal_wrapped(|ui| {
            let side = self.game.side_to_move();
            let side_name = i18n.tr(board::side_name(&self.game, side));
            let status = self.game.status();
            let stuck = self.game.deadlocked();
            if status == Status::Ongoing {
                let turn = if stuck {
                    i18n.tr(msg!("push-stuck"))
                } else if self.game.thinking() {
                    i18n.tr_args(
                        msg!("turn-computer"),
                        &[("side", side_name.as_str().into())],
                    )
                } else if !self.game.computer_to_move() {
                    i18n.tr_args(msg!("turn-you"), &[("side", side_name.as_str().into())])
                } else {
                    i18n.tr_args(msg!("turn-side"), &[("side", side_name.as_str().into())])
                };
                ui.strong(turn);
                if !stuck {
                    let left = self.game.remaining(now);
                    let secs = left.ceil() as i64;
                    let color = if left <= 10.0 {
                        theme::RED
                    } else {
                        ui.visuals().text_color()
                    };
                    ui.add(
                        egui::ProgressBar::new((left / timer::TURN_SECONDS) as f32)
                            .desired_width(120.0)
                            .fill(color.gamma_multiply(0.7)),
                    );
                    ui.label(
                        egui::RichText::new(
                            i18n.tr_args(msg!("timer-seconds"), &[("seconds", secs.into())]),
                        )
                        .color(color)
                        .strong()
                        .monospace(),
                    );
                }
            } else {
                ui.strong(i18n.tr(msg!("game-over")));
            }
            if let Some(line) = board::status_line(&self.game, i18n) {
                ui.separator();
                ui.label(line);
            }
            if let Some(notice) = self.game.notice() {
                ui.separator();
                ui.colored_label(theme::PLATFORM, self.notice_message(notice));
            }
        });
    }

    fn left_panel(&mut self, ui: &mut egui::Ui) {
        egui::ScrollArea::vertical()
            .id_salt("left-panel")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.heading(self.tr(msg!("heading-games")));
                for id in GameId::ALL {
                    let selected = self.settings.game == id;
                    let game = games::describe(id);
                    let text = egui::RichText::new(self.tr(game.name)).strong();
                    let response = ui
                        .selectable_label(selected, text)
                        .on_hover_text(self.tr(game.intro));
                    ui.small(self.tr(game.tagline));
                    if response.clicked() && !selected {
                        self.settings.game = id;
                        self.new_game();
                    }
                }
                ui.separator();
                ui.heading(self.tr(msg!("heading-settings")));
                let changed = settings::show(ui, &mut self.settings, &mut self.i18n);
                if changed.new_game {
                    self.new_game();
                } else {
                    self.apply_players();
                }
                ui.separator();
                ui.horizontal_wrapped(|ui| {
                    if ui.button(self.tr(msg!("action-new"))).clicked() {
                        self.new_game();
                    }
                    let can_undo = self.game.cursor() > 0;
                    if ui
                        .add_enabled(can_undo, egui::Button::new(self.tr(msg!("action-undo"))))
                        .clicked()
                    {
                        self.undo();
                    }
                    let can_redo = self.game.cursor() < self.game.len();
                    if ui
                        .add_enabled(can_redo, egui::Button::new(self.tr(msg!("action-redo"))))
                        .clicked()
                    {
                        self.redo();
                    }
                });
                ui.horizontal(|ui| {
                    let label = ui.label(self.tr(msg!("save-path")));
                    ui.add(
                        egui::TextEdit::singleline(&mut self.settings.save_path)
                            .desired_width(150.0),
                    )
                    .labelled_by(label.id);
                });
                ui.horizontal(|ui| {
                    if ui.button(self.tr(msg!("action-save"))).clicked() {
                        self.save_game();
                    }
                    if ui.button(self.tr(msg!("action-load"))).clicked() {
                        self.load_game(ui.ctx());
                    }
                });
                #[cfg(target_arch = "wasm32")]
                ui.small(self.tr(msg!("save-web-note")));
                ui.separator();
                ui.heading(self.tr(msg!("heading-moves")));
                if self.game.reviewing() {
                    ui.small(self.tr(msg!("reviewing")));
                    if ui.button(self.tr(msg!("action-resume"))).clicked() {
                        self.game.resume(self.clock.now());
                    }
                }
                if let Some(cursor) = move_list::show(ui, &self.game, &self.i18n) {
                    self.game.review(cursor, self.clock.now());
                }
            });
    }

    fn rules_panel(&self, ui: &mut egui::Ui) {
        let id = self.settings.game;
        let game = games::describe(id);
        ui.heading(self.tr(msg!("heading-rules")));
        ui.separator();
        egui::ScrollArea::vertical()
            .id_salt("rules")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.label(egui::RichText::new(self.tr(game.name)).heading().strong());
                ui.label(
                    egui::RichText::new(self.tr(msg!("rules-overview")))
                        .size(17.0)
                        .strong(),
                );
                ui.label(egui::RichText::new(self.tr(game.tagline)).italics());
                ui.label(self.tr(game.intro));
                for line in self.tr(game.rules).lines() {
                    let line = line.trim_end();
                    if let Some(h) = line.strip_prefix("## ") {
                        ui.add_space(8.0);
                        ui.label(egui::RichText::new(h).size(17.0).strong());
                    } else if let Some(h) = line.strip_prefix("### ") {
                        ui.add_space(4.0);
                        ui.label(egui::RichText::new(h).strong());
                    } else if let Some(item) = line.strip_prefix("- ") {
                        ui.horizontal_top(|ui| {
                            // The bullet is drawn, not typed: every visible text comes
                            // from the locale files.
                            let size =
                                egui::vec2(10.0, ui.text_style_height(&egui::TextStyle::Body));
                            let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
                            let color = ui.visuals().text_color();
                            ui.painter().circle_filled(rect.center(), 2.2, color);
                            ui.add(egui::Label::new(item).wrap());
                        });
                    } else if !line.is_empty() {
                        ui.add(egui::Label::new(line).wrap());
                    }
                }
            });
    }

    fn board_area(&mut self, ui: &mut egui::Ui, now: f64) -> bool {
        let status = self.game.status();
        if status != Status::Ongoing {
            let headline = match status.winner() {
                Some(side) => self.i18n.tr_args(
                    msg!("game-over-win"),
                    &[("side", self.tr(board::side_name(&self.game, side)).into())],
                ),
                _ => self.tr(msg!("game-over-draw")),
            };
            egui::Frame::new()
                .fill(theme::GOLD.gamma_multiply(0.35))
                .stroke(egui::Stroke::new(2.0, theme::GOLD))
                .corner_radius(8.0)
                .inner_margin(10.0)
                .show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.vertical_centered(|ui| {
                        ui.label(egui::RichText::new(headline).size(22.0).strong());
                        ui.label(board::end_reason(&self.game, &self.i18n));
                    });
                });
        }
        let (rect, _) = ui.allocate_exact_size(ui.available_size(), egui::Sense::hover());
        if self.game.epoch() != self.painted_epoch {
            self.painted_epoch = self.game.epoch();
            board::clear(&mut self.painters);
        }
        board::show(
            &mut self.game,
            &mut self.painters,
            ui,
            rect,
            &self.i18n,
            now,
        )
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        #[cfg(target_arch = "wasm32")]
        self.poll_picked_file();
        let now = self.clock.now();
        self.game.advance(now);

        egui::Panel::top("status").show(ui, |ui| {
            ui.add_space(4.0);
            self.status_bar(ui, now);
            ui.add_space(2.0);
        });
        egui::Panel::left("side")
            .default_size(280.0)
            .resizable(true)
            .show(ui, |ui| self.left_panel(ui));
        egui::Panel::right("rules")
            .default_size(340.0)
            .resizable(true)
            .show(ui, |ui| self.rules_panel(ui));
        let mut moved = false;
        egui::CentralPanel::default().show(ui, |ui| {
            moved = self.board_area(ui, now);
        });

        // Frames: at once after a move (the computer starts), every second for the clock,
        // often while a board animation runs. The worker wakes the app itself, so thinking
        // needs no extra frames: on the web every frame is time the search does not get.
        if moved {
            ctx.request_repaint();
        } else if self.game.game_on() {
            let left = self.game.remaining(now);
            let to_next_second = (left - left.floor()).max(0.02);
            let mut delay = Duration::from_secs_f64(to_next_second);
            if board::animating(&self.game, &self.painters) {
                delay = delay.min(Duration::from_millis(40));
            }
            ctx.request_repaint_after(delay);
        }
        #[cfg(target_arch = "wasm32")]
        self.publish_page();
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, SETTINGS_KEY, &self.settings);
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
    fn publish_page(&mut self) {
        let name = games::describe(self.settings.game).name;
        let title = self.i18n.tr_args(
            msg!("page-title"),
            &[
                ("game", self.tr(name).into()),
                ("app", self.tr(msg!("app-title")).into()),
            ],
        );
        let state = storage_web::PageState {
            title,
            lang: self.settings.lang.tag(),
            plies: self.game.cursor(),
            thinking: self.game.thinking(),
            over: self.game.status() != Status::Ongoing,
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
