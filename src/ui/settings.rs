//! Game Settings: saved between runs (eframe storage) and applied at once.

use super::command::AppCommand;
use super::games::description;
use super::marks::mark;
use super::notify::{self, Permission};
use super::words::level_msg;
use crate::i18n::{I18n, Lang, Msg};
use crate::msg;
use qipan_engine::ai::Level;
use qipan_engine::games::{GameId, RuleOption, Side, Variant};
use qipan_session::{Choices, CoachMode, Command, Session};
use serde::{Deserialize, Serialize};

/// Everything the player chooses, as saved between runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The language the player chose in the settings; `None` until they choose one, and the
    /// app then opens in the system's (the browser's) language ([`Lang::for_locales`]).
    pub lang: Option<Lang>,
    pub level: Level,
    pub game: GameId,
    /// The side the player at the screen takes (x moves first except in Push the Line,
    /// where the first move alternates; in Earthen Cannon x is the cannons).
    pub human: HumanSide,
    /// Two people on one screen: no computer.
    pub two_players: bool,
    /// Blockade's optional Solidarity rule.
    pub solidarity: bool,
    /// Rounds of Push the Line started so far: the first move alternates from round to round.
    pub push_rounds: u32,
    /// The path the save and load buttons use.
    pub save_path: String,
    /// How much the coach says (off by default: the player is on their own).
    pub coach: CoachMode,
    /// Notifications of an opponent's move and of a challenge while the app is open.
    pub notifications: bool,
    /// The board's coordinates written on it (on by default: the lessons, the moves list
    /// and the review name the points).
    pub coordinates: bool,
    /// The sounds of the game (a move, a capture, your turn, ten seconds left, the end).
    pub sound: bool,
    /// Their loudness, in percent.
    pub volume: u8,
    /// The computer played without the turn clock.
    pub untimed: bool,
}

/// What the player chose of the app's own, beside the session's choices: how the board is
/// shown. Kept with the settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prefs {
    pub coordinates: bool,
    pub sound: bool,
    /// In percent, 0 to 100.
    pub volume: u8,
}

/// Which side the player takes, stored as the game-neutral x/o.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum HumanSide {
    #[default]
    X,
    O,
}

impl HumanSide {
    pub fn side(self) -> Side {
        match self {
            HumanSide::X => Side::X,
            HumanSide::O => Side::O,
        }
    }

    pub fn of(side: Side) -> HumanSide {
        match side {
            Side::X => HumanSide::X,
            Side::O => HumanSide::O,
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lang: None,
            level: Level::Medium,
            game: Choices::default().variant.game,
            human: HumanSide::X,
            two_players: false,
            solidarity: false,
            push_rounds: 0,
            save_path: "qipan-game.json".to_owned(),
            coach: CoachMode::Off,
            notifications: true,
            coordinates: true,
            sound: true,
            volume: 70,
            untimed: false,
        }
    }
}

impl Settings {
    /// The settings kept between runs under `key` in eframe's storage (RON, as
    /// `eframe::set_value` writes them); the defaults when there are none.
    pub fn load(storage: Option<&dyn eframe::Storage>, key: &str) -> Settings {
        storage
            .and_then(|s| s.get_string(key))
            .map_or_else(Settings::default, |text| Settings::from_stored(&text))
    }

    /// Settings from their stored text, field by field: a field that is missing, unreadable
    /// or of an older format gets its default, and every other field keeps its stored value
    /// (a whole-or-nothing read would lose the language, the game and all the rest to one
    /// bad field). The language as older versions kept it is read in today's form
    /// (`older_lang`). Text that is not a RON struct at all gives the defaults. Never panics.
    pub fn from_stored(text: &str) -> Settings {
        if let Ok(settings) = ron::from_str(text) {
            return settings;
        }
        let Some(fields) = ron_struct_fields(text) else {
            return Settings::default();
        };
        // Each `name: value` that reads on its own (unknown names are ignored); the last of
        // a name that appears twice.
        let mut good: Vec<(&str, String)> = Vec::new();
        for field in fields {
            let Some((name, value)) = field.split_once(':') else {
                continue;
            };
            let name = name.trim();
            let field = older_lang(name, value).unwrap_or_else(|| field.to_owned());
            if ron::from_str::<Settings>(&format!("({field})")).is_ok() {
                good.retain(|(n, _)| *n != name);
                good.push((name, field));
            }
        }
        let joined: Vec<&str> = good.iter().map(|(_, field)| field.as_str()).collect();
        ron::from_str(&format!("({})", joined.join(","))).unwrap_or_default()
    }

    /// The settings as they are kept: the session's choices and the window's own.
    pub fn of(
        choices: &Choices,
        lang: Option<Lang>,
        save_path: &str,
        prefs: &Prefs,
        notifications: bool,
    ) -> Settings {
        Settings {
            lang,
            level: choices.level,
            game: choices.variant.game,
            human: HumanSide::of(choices.seat),
            two_players: choices.human.is_none(),
            solidarity: choices
                .options
                .iter()
                .any(|&(o, on)| o == RuleOption::Solidarity && on),
            push_rounds: choices.rounds,
            save_path: save_path.to_owned(),
            coach: choices.coach,
            notifications,
            coordinates: prefs.coordinates,
            sound: prefs.sound,
            volume: prefs.volume,
            untimed: choices.untimed,
        }
    }

    /// The app's own choices among the kept settings.
    pub fn prefs(&self) -> Prefs {
        Prefs {
            coordinates: self.coordinates,
            sound: self.sound,
            volume: self.volume.min(100),
        }
    }

    /// The session's choices from the kept settings.
    pub fn choices(&self) -> Choices {
        let options = vec![(RuleOption::Solidarity, self.solidarity)];
        let mut variant = Variant::plain(self.game);
        for &(option, on) in &options {
            variant = variant.with(option, on);
        }
        Choices {
            variant,
            options,
            human: (!self.two_players).then_some(self.human.side()),
            seat: self.human.side(),
            level: self.level,
            coach: self.coach,
            rounds: self.push_rounds,
            untimed: self.untimed,
        }
    }
}

/// The language as settings kept it before the player's choice was told apart from the
/// default (`lang: En`, `lang: r#zh-CN`), in today's form. Chinese there was the player's
/// choice (English was the default), and stays chosen. English may only have been the
/// default, so it is not taken as a choice: the app opens in the system's language, which
/// for most of those players is English anyway, and a player who had switched to English on
/// a Chinese system switches once more, kept from then on. `None` for any other field.
fn older_lang(name: &str, value: &str) -> Option<String> {
    let lang: Lang = (name == "lang").then(|| ron::from_str(value).ok())??;
    let chosen = (lang != Lang::En).then_some(lang);
    let value = ron::to_string(&chosen).ok()?;
    Some(format!("lang:{value}"))
}

/// The `name: value` fields of a RON struct `Name(…)` or `(…)`, split at its top-level
/// commas (outside strings and brackets); `None` if the text is not shaped like one.
fn ron_struct_fields(text: &str) -> Option<Vec<&str>> {
    let text = text.trim();
    let open = text.find('(')?;
    let name = text[..open].trim_end();
    if !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let body = text[open + 1..].strip_suffix(')')?;
    let mut fields = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    let (mut in_string, mut escaped) = (false, false);
    for (i, c) in body.char_indices() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = depth.checked_sub(1)?,
            ',' if depth == 0 => {
                fields.push(&body[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if in_string || depth != 0 {
        return None;
    }
    fields.push(&body[start..]);
    Some(
        fields
            .into_iter()
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .collect(),
    )
}

fn coach_msg(mode: CoachMode) -> Msg {
    match mode {
        CoachMode::Off => msg!("coach-off"),
        CoachMode::Hints => msg!("coach-hints"),
        CoachMode::Full => msg!("coach-full"),
    }
}

fn lang_msg(lang: Lang) -> Msg {
    match lang {
        Lang::En => msg!("lang-en"),
        Lang::Zh => msg!("lang-zh"),
    }
}

/// Draws the Game Settings controls from the session; returns the changes asked for (the
/// language and the notifications are the window's own: the shell changes them).
pub fn show(
    ui: &mut egui::Ui,
    session: &Session,
    prefs: &Prefs,
    i18n: &I18n,
    notifications: bool,
) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    let game = session.game().variant().game;

    ui.horizontal(|ui| {
        ui.label(i18n.tr(msg!("setting-language")));
        let mut lang = i18n.lang();
        for choice in Lang::ALL {
            let r = ui.selectable_value(&mut lang, choice, i18n.tr(lang_msg(choice)));
            mark(ui, format_args!("lang:{}", choice.tag()), &r);
        }
        if lang != i18n.lang() {
            commands.push(AppCommand::SetLang(lang));
        }
    });

    ui.label(i18n.tr(msg!("setting-difficulty")));
    ui.horizontal_wrapped(|ui| {
        let mut level = session.level();
        for choice in Level::ALL {
            let r = ui.selectable_value(&mut level, choice, i18n.tr(level_msg(choice)));
            mark(ui, format_args!("level:{choice:?}"), &r);
        }
        if level != session.level() {
            commands.push(Command::SetLevel(level).into());
        }
    });

    ui.label(i18n.tr(msg!("setting-side")));
    let human = session.human();
    // Online the server gave the seat: shown as it is, and not to be chosen here.
    let online_seat = session.online().and_then(|online| online.mine());
    ui.add_enabled_ui(online_seat.is_none(), |ui| {
        ui.horizontal_wrapped(|ui| {
            // With two players the choice waits: it is the side a game against the computer
            // gets.
            let seat = online_seat.unwrap_or(session.seat());
            let mut side = seat;
            for choice in [Side::X, Side::O] {
                let text = i18n.tr(description(session.game()).side_choices[choice.index()]);
                let r = ui.selectable_value(&mut side, choice, text);
                mark(ui, format_args!("side:{}", choice.letter()), &r);
            }
            if side == seat {
                return;
            }
            let command = match human {
                Some(_) => Command::SetPlayers(Some(side)),
                None => Command::SetSeat(side),
            };
            commands.push(command.into());
        });
    });
    if session.game().first_move_alternates() {
        let first = match session.next_first_mover() {
            Side::X => msg!("side-dark"),
            Side::O => msg!("side-light"),
        };
        ui.small(i18n.tr_args(msg!("push-first-note"), &[("side", i18n.tr(first).into())]));
    }

    ui.horizontal_wrapped(|ui| {
        ui.label(i18n.tr(msg!("setting-coach")));
        let mut coach = session.coach();
        for mode in CoachMode::ALL {
            let r = ui.selectable_value(&mut coach, mode, i18n.tr(coach_msg(mode)));
            mark(ui, format_args!("coach:{mode:?}"), &r);
        }
        if coach != session.coach() {
            commands.push(Command::SetCoach(coach).into());
        }
    });

    let mut untimed = session.clock_rule().untimed;
    let clockless = ui.checkbox(&mut untimed, i18n.tr(msg!("setting-untimed")));
    mark(ui, "setting:untimed", &clockless);
    if clockless.changed() {
        commands.push(Command::SetUntimed(untimed).into());
    }

    let mut coordinates = prefs.coordinates;
    let shown = ui.checkbox(&mut coordinates, i18n.tr(msg!("setting-coordinates")));
    mark(ui, "setting:coordinates", &shown);
    if shown.changed() {
        commands.push(AppCommand::ShowCoordinates(coordinates));
    }

    ui.horizontal_wrapped(|ui| {
        let mut sound = prefs.sound;
        let on = ui.checkbox(&mut sound, i18n.tr(msg!("setting-sound")));
        mark(ui, "setting:sound", &on);
        let mut volume = prefs.volume;
        // The slider alone, named by the label beside it: egui's own text and number would
        // widen the response past the slider's accessibility node, and its "%" is not in
        // the locales.
        let label = ui.add_enabled(sound, egui::Label::new(i18n.tr(msg!("setting-volume"))));
        let slider = ui
            .add_enabled(
                sound,
                egui::Slider::new(&mut volume, 0..=100).show_value(false),
            )
            .labelled_by(label.id);
        mark(ui, "setting:volume", &slider);
        ui.add_enabled(
            sound,
            egui::Label::new(i18n.tr_args(
                msg!("setting-volume-value"),
                &[("volume", i64::from(volume).into())],
            )),
        );
        if on.changed() || volume != prefs.volume {
            commands.push(AppCommand::SetSound { on: sound, volume });
        }
    });

    let mut two_players = human.is_none();
    let two = ui.checkbox(&mut two_players, i18n.tr(msg!("setting-two-players")));
    mark(ui, "setting:two-players", &two);
    if two.changed() {
        let human = (!two_players).then_some(session.seat());
        commands.push(Command::SetPlayers(human).into());
    }
    commands.extend(notifications_setting(ui, notifications, i18n));
    // The game's own rule options, as its module declares them.
    for &option in game.options() {
        let mut on = session.option(option);
        let r = ui.checkbox(&mut on, i18n.tr(option_msg(option)));
        mark(ui, format_args!("setting:{}", option.name()), &r);
        if r.changed() {
            commands.push(Command::SetOption(option, on).into());
        }
    }
    commands
}

/// Notifications of moves and challenges: on or off; on the web, the browser's permission
/// asked for by a button, and said when it is refused.
fn notifications_setting(ui: &mut egui::Ui, on: bool, i18n: &I18n) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    let mut wanted = on;
    let r = ui.checkbox(&mut wanted, i18n.tr(msg!("setting-notifications")));
    mark(ui, "setting:notifications", &r);
    if r.changed() {
        commands.push(AppCommand::SetNotifications(wanted));
    }
    if !on {
        return commands;
    }
    match notify::permission() {
        Permission::Ask => {
            let allow = ui.button(i18n.tr(msg!("setting-notifications-allow")));
            mark(ui, "setting:notifications-allow", &allow);
            if allow.clicked() {
                commands.push(AppCommand::AllowNotifications);
            }
        }
        Permission::Denied => {
            ui.small(i18n.tr(msg!("setting-notifications-denied")));
        }
        Permission::Granted | Permission::Unsupported => {}
    }
    commands
}

/// The checkbox's words for a rule option.
fn option_msg(option: RuleOption) -> Msg {
    match option {
        RuleOption::Solidarity => msg!("setting-solidarity"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Settings as this version keeps them, with the language field's text replaced.
    fn kept_with_lang(lang_field: &str) -> String {
        let settings = Settings {
            level: Level::Hard,
            game: GameId::Cannon,
            push_rounds: 3,
            ..Settings::default()
        };
        let text = ron::to_string(&settings).expect("RON");
        assert!(text.contains("lang:None"), "{text}");
        text.replace("lang:None", lang_field)
    }

    /// Before the choice was kept apart, the language was stored bare. Chinese there could
    /// only have been chosen (it was not the default): it stays the player's choice. English
    /// may have been the default only: the system's language decides. Nothing else is lost.
    #[test]
    fn a_language_kept_before_the_choice_was_told_apart() {
        let zh = Settings::from_stored(&kept_with_lang("lang:r#zh-CN"));
        assert_eq!(zh.lang, Some(Lang::Zh));
        assert_eq!(
            (zh.level, zh.game, zh.push_rounds),
            (Level::Hard, GameId::Cannon, 3)
        );
        let en = Settings::from_stored(&kept_with_lang("lang:r#en-US"));
        assert_eq!(en.lang, None);
        assert_eq!(
            (en.level, en.game, en.push_rounds),
            (Level::Hard, GameId::Cannon, 3)
        );
        // Today's form comes back as it was kept, English chosen included.
        for lang in [None, Some(Lang::En), Some(Lang::Zh)] {
            let kept = Settings {
                lang,
                ..Settings::default()
            };
            let text = ron::to_string(&kept).expect("RON");
            assert_eq!(Settings::from_stored(&text), kept, "{text}");
        }
    }
}
