//! Playing online: the "Play online" view, and what the app keeps of the rooms and the
//! player between runs. Its first part is playing someone new (lobby.md): a name chosen
//! once, its key to play on another device (as text and as a QR code), logging in with a
//! key, and seeking a rated or a casual game while the seconds waited count up; its second
//! part is playing a friend by a room's code. The session decides everything
//! ([`qipan_session::seeking`], [`qipan_session::online`]); the socket is the shell's
//! (`transport.rs`); this view reads the session and returns commands, as every view does.

use super::games::description;
use super::marks::mark;
#[cfg(target_arch = "wasm32")]
use super::storage;
use super::{theme, widgets, words};
use crate::a11y::live;
use crate::i18n::I18n;
use crate::msg;
use qipan_engine::games::Side;
#[cfg(not(target_arch = "wasm32"))]
use qipan_session::address::{ServerAddress, ServerAddressError};
use qipan_session::lobby::{is_valid_name, Days, Fetch, Key, Query};
use qipan_session::online::{OnlineMemory, SeatChoice};
use qipan_session::seeking::Step;
use qipan_session::{Command, LobbyCommand, OnlineCommand, PlayerCommand, RecordsCommand, Session};

/// The storage key of the rooms' tokens and the server address.
pub const ONLINE_KEY: &str = "qipan-online";

/// The server a desktop app plays through unless the person names another: the address
/// in `QIPAN_SERVER` when the app was built (a release made for a public server plays there
/// out of the box; docs/hosting.md), else a server on this machine.
#[cfg(not(target_arch = "wasm32"))]
pub const DEFAULT_SERVER: &str = match option_env!("QIPAN_SERVER") {
    Some(server) => server,
    None => "ws://127.0.0.1:8090/ws",
};

/// What the "Play online" view keeps between frames: the fields being typed in.
pub struct OnlineView {
    pub side: SeatChoice,
    pub code: String,
    pub server: String,
    /// The name being chosen, and a key being typed to log in.
    pub name: String,
    pub key: String,
    /// The link was copied (said until the next room).
    copied: bool,
    /// The key was copied (said until the view is left).
    key_copied: bool,
    /// A seek's time: `None` live, else days a move (a correspondence seek).
    pub days: Option<Days>,
    /// Leave was pressed while the game is on: the view asks first.
    confirming_leave: bool,
}

impl OnlineView {
    pub fn new(server: String) -> OnlineView {
        OnlineView {
            side: SeatChoice::Side(Side::X),
            code: String::new(),
            server,
            name: String::new(),
            key: String::new(),
            copied: false,
            key_copied: false,
            days: None,
            confirming_leave: false,
        }
    }
}

/// Back to the room played last (a reload, a restart), and on the web into the room a
/// `?room=` link names: the commands that do it, from the stored memory. The server field
/// shows the server the desktop used last; the web plays through the page's own.
pub fn restore(stored: Option<String>, view: &mut OnlineView) -> Vec<Command> {
    let mut memory: OnlineMemory = stored
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    if cfg!(target_arch = "wasm32") || memory.server.is_empty() {
        memory.server = view.server.clone();
    } else {
        view.server = memory.server.clone();
    }
    #[cfg(target_arch = "wasm32")]
    let link = storage::page_room();
    #[cfg(not(target_arch = "wasm32"))]
    let link: Option<String> = None;
    // A link to another room than the one in play joins that room instead.
    let join = link.filter(|room| memory.current.as_ref() != Some(room));
    if join.is_some() {
        memory.current = None;
    }
    let server = memory.server.clone();
    let mut commands = vec![Command::Online(OnlineCommand::Restore(memory))];
    if let Some(room) = join {
        commands.push(Command::Online(OnlineCommand::Join { server, room }));
    }
    commands
}

/// The page's own server (the web build served by `qipan-server --site`) or the desktop's
/// default.
pub fn default_server() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        storage::page_server()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        DEFAULT_SERVER.to_owned()
    }
}

/// The link a friend opens: the server's page with the room (`http(s)://HOST/?room=ROOM`).
pub fn room_link(server: &str, room: &str) -> String {
    let base = server
        .replacen("wss://", "https://", 1)
        .replacen("ws://", "http://", 1);
    let base = base.strip_suffix("/ws").unwrap_or(&base);
    format!("{}/?room={room}", base.trim_end_matches('/'))
}

/// The "Play online" section: someone new (a name, its key, a seek) and a friend (create
/// or join a room); once in a room, its code, link and QR code, and Leave. The game's own
/// actions are beside the board (`players.rs`) and in the game-over banner.
pub fn show(
    ui: &mut egui::Ui,
    session: &Session,
    view: &mut OnlineView,
    i18n: &I18n,
) -> Vec<Command> {
    let mut commands = Vec::new();
    let Some(online) = session.online() else {
        #[cfg(not(target_arch = "wasm32"))]
        row(ui, |ui| {
            let label = ui.label(i18n.tr(msg!("online-server")));
            // What is left of the line beside the label (a narrow column kept the label alone
            // above a fixed-width field), but never too short to read an address.
            let width = (ui.available_size_before_wrap().x - 12.0).clamp(120.0, 240.0);
            ui.add(egui::TextEdit::singleline(&mut view.server).desired_width(width))
                .labelled_by(label.id);
        });
        #[cfg(not(target_arch = "wasm32"))]
        server_address_hint(ui, view, i18n);
        commands.extend(someone_new(ui, session, view, i18n));
        // A friend's room waits until the lobby's connection is done.
        if session.seeking().is_some() {
            return commands;
        }
        ui.separator();
        ui.label(egui::RichText::new(i18n.tr(msg!("online-friend-heading"))).strong());
        commands.extend(a_friend(ui, session, view, i18n));
        return commands;
    };
    if online.is_paired() {
        ui.label(i18n.tr(msg!("lobby-paired-note")));
    }
    // The code, link and QR code once the server has shown the room: not for a mistyped code
    // the server refused, nor for a game with someone new.
    if let (Some(room), Some(_), false) = (online.room(), online.state(), online.is_paired()) {
        let link = room_link(online.server(), room);
        ui.label(
            egui::RichText::new(i18n.tr_args(msg!("online-room"), &[("room", room.into())]))
                .size(20.0)
                .strong()
                .monospace(),
        );
        ui.add(egui::Label::new(egui::RichText::new(&link).small().monospace()).wrap());
        row(ui, |ui| {
            let copy = ui.button(i18n.tr(msg!("online-link-copy")));
            mark(ui, "online:copy", &copy);
            if copy.clicked() {
                ui.ctx().copy_text(link.clone());
                view.copied = true;
            }
            #[cfg(target_arch = "wasm32")]
            if storage::can_share() {
                let share = ui.button(i18n.tr(msg!("online-share")));
                mark(ui, "online:share", &share);
                if share.clicked() {
                    storage::share(&link);
                }
            }
            if view.copied {
                ui.small(i18n.tr(msg!("online-copied")));
            }
        });
        qr_code(ui, &link, &i18n.tr(msg!("online-qr")));
    }
    ui.small(i18n.tr(msg!("online-off-note")));
    // Leaving a game that is on costs its turns: asked first, for a player of it.
    let running = online.mine().is_some() && session.game().game_on();
    if !running {
        view.confirming_leave = false;
    }
    let leave = ui.add_enabled(
        !view.confirming_leave,
        egui::Button::new(i18n.tr(msg!("online-leave"))),
    );
    mark(ui, "online:leave", &leave);
    if leave.clicked() {
        if running {
            view.confirming_leave = true;
        } else {
            commands.push(Command::Online(OnlineCommand::Leave));
        }
    }
    if view.confirming_leave {
        theme::question_frame(ui, |ui| {
            ui.label(i18n.tr(msg!("online-leave-running")));
            ui.horizontal_wrapped(|ui| {
                let yes = ui.button(i18n.tr(msg!("online-leave-yes")));
                mark(ui, "online:leave-yes", &yes);
                if yes.clicked() {
                    view.confirming_leave = false;
                    commands.push(Command::Online(OnlineCommand::Leave));
                }
                let no = ui.button(i18n.tr(msg!("online-leave-no")));
                mark(ui, "online:leave-no", &no);
                if no.clicked() {
                    view.confirming_leave = false;
                }
            });
        });
    }
    commands
}

/// Playing someone new: the name (chosen once) or a key to log in with; then the seek,
/// and while it waits the seconds waited and Cancel; the key to take to another device.
fn someone_new(
    ui: &mut egui::Ui,
    session: &Session,
    view: &mut OnlineView,
    i18n: &I18n,
) -> Vec<Command> {
    let mut commands = Vec::new();
    let server = view.server.trim().to_owned();
    if let Some(notice) = session.lobby().notice() {
        let said = ui.colored_label(theme::RED, words::lobby_notice(notice, i18n));
        live(ui, said.id);
    }
    if let Some(seeking) = session.seeking() {
        let line = words::lobby_line(session, i18n).unwrap_or_default();
        // No spinner: it would repaint every frame; the seconds waited tick once a second.
        let said = ui.label(egui::RichText::new(line).strong());
        mark(ui, "lobby:seeking", &said);
        let cancelling = seeking.step() == Step::Cancelling;
        let cancel = ui.add_enabled(
            !cancelling,
            egui::Button::new(i18n.tr(msg!("lobby-cancel"))),
        );
        mark(ui, "lobby:cancel", &cancel);
        if cancel.clicked() {
            commands.push(Command::Lobby(LobbyCommand::Cancel));
        }
        return commands;
    }
    let Some(player) = session.lobby().player() else {
        ui.label(i18n.tr(msg!("lobby-intro")));
        row(ui, |ui| {
            let label = ui.label(i18n.tr(msg!("lobby-name")));
            let field = ui
                .add(egui::TextEdit::singleline(&mut view.name).desired_width(150.0))
                .labelled_by(label.id);
            mark(ui, "lobby:name", &field);
            let choose = ui.button(i18n.tr(msg!("lobby-choose")));
            mark(ui, "lobby:choose", &choose);
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if choose.clicked() || entered {
                commands.push(Command::Lobby(LobbyCommand::Register {
                    server: server.clone(),
                    name: view.name.clone(),
                }));
            }
        });
        let typed = view.name.trim();
        // The rule, red while the name typed breaks it.
        if !typed.is_empty() && !is_valid_name(typed) {
            ui.colored_label(theme::RED, i18n.tr(msg!("lobby-name-rule")));
        } else {
            ui.small(i18n.tr(msg!("lobby-name-rule")));
        }
        ui.add_space(4.0);
        ui.label(i18n.tr(msg!("lobby-have-key")));
        row(ui, |ui| {
            let label = ui.label(i18n.tr(msg!("lobby-key")));
            let field = ui
                .add(
                    egui::TextEdit::singleline(&mut view.key)
                        .desired_width(260.0)
                        .password(true),
                )
                .labelled_by(label.id);
            mark(ui, "lobby:key", &field);
            let log_in = ui.button(i18n.tr(msg!("lobby-log-in")));
            mark(ui, "lobby:log-in", &log_in);
            if log_in.clicked() {
                commands.push(Command::Lobby(LobbyCommand::LogIn {
                    server: server.clone(),
                    key: Key::new(std::mem::take(&mut view.key)),
                }));
            }
        });
        return commands;
    };
    let variant = session.game().variant();
    let game = words::variant_name(variant, i18n);
    let rating = player.rating(variant).map_or_else(
        || i18n.tr(msg!("lobby-no-rating")),
        |rating| words::game_rating(rating, i18n),
    );
    let line = ui.label(i18n.tr_args(
        msg!("lobby-you-are"),
        &[
            ("name", player.name.as_str().into()),
            ("game", game.as_str().into()),
            ("rating", rating.into()),
        ],
    ));
    mark(ui, "lobby:player", &line);
    // A seek is for the local game on the board: not while a puzzle, the editor or a
    // record is in front of it.
    let free =
        session.puzzle().is_none() && session.editor().is_none() && session.archive().is_none();
    widgets::time_choice(ui, &mut view.days, "lobby", msg!("seek-time"), i18n);
    let days = view.days;
    row(ui, |ui| {
        let buttons = match days {
            None => [
                (true, msg!("lobby-seek-rated"), "lobby:seek-rated"),
                (false, msg!("lobby-seek-casual"), "lobby:seek-casual"),
            ],
            Some(_) => [
                (true, msg!("seek-days-rated"), "lobby:seek-rated"),
                (false, msg!("seek-days-casual"), "lobby:seek-casual"),
            ],
        };
        for (rated, text, key) in buttons {
            let button = ui.add_enabled(free, egui::Button::new(i18n.tr(text)));
            mark(ui, key, &button);
            if button.clicked() {
                commands.push(match days {
                    None => Command::Lobby(LobbyCommand::Seek {
                        server: server.clone(),
                        rated,
                    }),
                    Some(days) => Command::Player(PlayerCommand::Seek {
                        game: variant,
                        rated,
                        days,
                    }),
                });
            }
        }
    });
    match days {
        None => {
            ui.small(i18n.tr_args(msg!("lobby-seek-note"), &[("game", game.into())]));
        }
        Some(days) => {
            let time = words::time_control(Some(days), i18n);
            ui.small(i18n.tr_args(msg!("seek-days-note"), &[("days", time.into())]));
            commands.extend(open_seeks(ui, session, &server, i18n));
        }
    }
    let device = egui::CollapsingHeader::new(i18n.tr(msg!("lobby-other-device")))
        .id_salt("lobby-other-device")
        .default_open(false)
        .show(ui, |ui| {
            ui.label(i18n.tr(msg!("lobby-key-note")));
            let grouped = player.key.grouped();
            let key = ui.add(
                egui::Label::new(egui::RichText::new(&grouped).monospace().strong())
                    .selectable(true),
            );
            key.widget_info(|| {
                let label =
                    i18n.tr_args(msg!("lobby-key-said"), &[("key", grouped.as_str().into())]);
                egui::WidgetInfo::labeled(egui::Role::Label, true, label)
            });
            mark(ui, "lobby:key-text", &key);
            row(ui, |ui| {
                let copy = ui.button(i18n.tr(msg!("lobby-key-copy")));
                mark(ui, "lobby:key-copy", &copy);
                if copy.clicked() {
                    ui.ctx().copy_text(grouped.clone());
                    view.key_copied = true;
                }
                if view.key_copied {
                    ui.small(i18n.tr(msg!("lobby-key-copied")));
                }
            });
            qr_code(ui, player.key.reveal(), &i18n.tr(msg!("lobby-key-qr")));
            ui.small(i18n.tr(msg!("lobby-log-out-note")));
            let out = ui.button(i18n.tr(msg!("lobby-log-out")));
            mark(ui, "lobby:log-out", &out);
            if out.clicked() {
                view.key_copied = false;
                commands.push(Command::Lobby(LobbyCommand::LogOut));
            }
        });
    mark(ui, "lobby:other-device", &device.header_response);
    commands
}

/// The open correspondence seeks of the game on the board (`GET /api/seeks/GAME`), oldest
/// first: each player's name and rating (`?` when provisional), rated or casual, the days;
/// one tap accepts another's, and the player's own is withdrawn. Asked for once when shown.
fn open_seeks(ui: &mut egui::Ui, session: &Session, server: &str, i18n: &I18n) -> Vec<Command> {
    let mut commands = Vec::new();
    let variant = session.game().variant();
    let game = words::variant_name(variant, i18n);
    let heading = ui.label(
        egui::RichText::new(i18n.tr_args(msg!("seek-open-heading"), &[("game", game.into())]))
            .strong(),
    );
    mark(ui, "seeks:heading", &heading);
    let ask = Command::Records(RecordsCommand::Fetch {
        server: server.to_owned(),
        query: Query::Seeks(variant),
    });
    let seeks = match session.lobby().seeks(variant) {
        None => {
            commands.push(ask);
            ui.label(i18n.tr(msg!("seek-open-asking")));
            return commands;
        }
        Some(Fetch::Pending) => {
            ui.label(i18n.tr(msg!("seek-open-asking")));
            return commands;
        }
        Some(Fetch::Missing) => &[][..],
        Some(Fetch::Failed(error)) => {
            let line = i18n.tr_args(
                msg!("seek-open-failed"),
                &[("error", error.as_str().into())],
            );
            ui.colored_label(theme::RED, line);
            &[][..]
        }
        Some(Fetch::Got(open)) => &open.seeks[..],
    };
    if seeks.is_empty() {
        ui.label(i18n.tr(msg!("seek-open-none")));
    }
    let link = session.player_link();
    for (i, seek) in seeks.iter().enumerate() {
        let mine = link.is_some_and(|l| l.is_me(&seek.name));
        ui.horizontal_wrapped(|ui| {
            let line = i18n.tr_args(
                msg!("seek-open-row"),
                &[
                    ("name", seek.name.as_str().into()),
                    (
                        "rating",
                        words::rating(seek.rating, seek.provisional, i18n).into(),
                    ),
                    ("kind", words::rated_word(seek.rated, i18n).into()),
                    ("time", words::time_control(Some(seek.days), i18n).into()),
                ],
            );
            let said = ui.label(&line);
            mark(ui, format_args!("seeks:row-{i}"), &said);
            if mine {
                ui.small(i18n.tr(msg!("seek-open-yours")));
                let text = i18n.tr(msg!("yours-seek-withdraw"));
                let label = i18n.tr_args(
                    msg!("yours-seek-withdraw-said"),
                    &[("seek", line.as_str().into())],
                );
                let withdraw = widgets::button_said(ui, &text, &label);
                mark(ui, format_args!("seeks:withdraw-{i}"), &withdraw);
                if withdraw.clicked() {
                    commands.push(Command::Player(PlayerCommand::Unseek(seek.seek.clone())));
                }
            } else {
                let text = i18n.tr(msg!("seek-accept"));
                let label = i18n.tr_args(
                    msg!("seek-accept-said"),
                    &[("name", seek.name.as_str().into())],
                );
                let accept = widgets::button_said(ui, &text, &label);
                mark(ui, format_args!("seeks:accept-{i}"), &accept);
                if accept.clicked() {
                    commands.push(Command::Player(PlayerCommand::AcceptSeek(
                        seek.seek.clone(),
                    )));
                }
            }
        });
    }
    let refresh = ui.small_button(i18n.tr(msg!("seek-open-refresh")));
    mark(ui, "seeks:refresh", &refresh);
    if refresh.clicked() {
        commands.push(ask);
    }
    commands
}

/// Playing a friend: the side, then create a room, or join one by its code.
fn a_friend(
    ui: &mut egui::Ui,
    session: &Session,
    view: &mut OnlineView,
    i18n: &I18n,
) -> Vec<Command> {
    let side_name = |side| i18n.tr(description(session.game()).side_name(side));
    let mut commands = Vec::new();
    ui.label(i18n.tr(msg!("online-intro")));
    row(ui, |ui| {
        ui.label(i18n.tr(msg!("online-side")));
        for (choice, text) in [
            (SeatChoice::Side(Side::X), side_name(Side::X)),
            (SeatChoice::Side(Side::O), side_name(Side::O)),
            (SeatChoice::Random, i18n.tr(msg!("online-side-random"))),
        ] {
            let r = ui.selectable_value(&mut view.side, choice, text);
            mark(ui, format_args!("online-side:{choice:?}"), &r);
        }
    });
    let create = ui.button(i18n.tr(msg!("online-create")));
    mark(ui, "online:create", &create);
    if create.clicked() {
        view.copied = false;
        commands.push(Command::Online(OnlineCommand::Create {
            server: view.server.trim().to_owned(),
            side: view.side,
        }));
    }
    row(ui, |ui| {
        let label = ui.label(i18n.tr(msg!("online-join-code")));
        let field = ui
            .add(egui::TextEdit::singleline(&mut view.code).desired_width(110.0))
            .labelled_by(label.id);
        mark(ui, "online:code", &field);
        let code = view.code.trim();
        let join = ui.add_enabled(
            !code.is_empty(),
            egui::Button::new(i18n.tr(msg!("online-join"))),
        );
        mark(ui, "online:join", &join);
        if join.clicked() {
            commands.push(Command::Online(OnlineCommand::Join {
                server: view.server.trim().to_owned(),
                room: code.to_owned(),
            }));
        }
    });
    commands
}

/// Under the Server field, while what is typed is no address the app connects to: why, and
/// for a plain `ws://` address far away, a button that puts in its `wss://` form.
#[cfg(not(target_arch = "wasm32"))]
fn server_address_hint(ui: &mut egui::Ui, view: &mut OnlineView, i18n: &I18n) {
    let Err(error) = ServerAddress::parse(&view.server) else {
        return;
    };
    ui.label(
        egui::RichText::new(words::server_address_error(&error, i18n))
            .color(ui.visuals().warn_fg_color),
    );
    if let ServerAddressError::Cleartext { secure } = error {
        let text = i18n.tr_args(
            msg!("online-server-use-secure"),
            &[("address", secure.as_str().into())],
        );
        let button = ui.button(text);
        mark(ui, "online:use-secure", &button);
        if button.clicked() {
            view.server = secure;
        }
    }
}

/// A wrapped row whose labels line up with its buttons. egui centres a row's widgets on
/// the height of an ordinary control, so a label placed before the phone's taller, finger-
/// sized buttons sat above their text; the row is given the buttons' height from the start.
fn row(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    let button =
        ui.text_style_height(&egui::TextStyle::Button) + 2.0 * ui.spacing().button_padding.y;
    ui.scope(|ui| {
        let size = &mut ui.spacing_mut().interact_size.y;
        *size = size.max(button);
        ui.horizontal_wrapped(add);
    });
}

/// `text` as a QR code, for a phone across the table (a room's link, a player's key),
/// named `label` for screen readers.
fn qr_code(ui: &mut egui::Ui, text: &str, label: &str) {
    let Ok(code) = qrcode::QrCode::new(text.as_bytes()) else {
        return;
    };
    let width = code.width();
    let colors = code.to_colors();
    // A quiet zone of two modules around it, as scanners want.
    let modules = width + 4;
    let side = (ui.available_width().min(220.0) / modules as f32)
        .floor()
        .max(2.0);
    let size = egui::vec2(side * modules as f32, side * modules as f32);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, label));
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, egui::Color32::WHITE);
    for (i, color) in colors.iter().enumerate() {
        if *color == qrcode::Color::Dark {
            let (x, y) = ((i % width + 2) as f32, (i / width + 2) as f32);
            let min = rect.min + egui::vec2(x * side, y * side);
            painter.rect_filled(
                egui::Rect::from_min_size(min, egui::vec2(side, side)),
                0.0,
                egui::Color32::BLACK,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A release built with `QIPAN_SERVER` plays there: the address must be one the app
    /// connects to (this test runs in the build that has it).
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn the_default_server_is_an_address_the_app_connects_to() {
        assert_eq!(
            ServerAddress::parse(DEFAULT_SERVER).map(|a| a.to_string()),
            Ok(DEFAULT_SERVER.to_owned())
        );
    }

    #[test]
    fn a_room_link_points_at_the_servers_page() {
        assert_eq!(
            room_link("ws://127.0.0.1:8090/ws", "ABCDEFGH"),
            "http://127.0.0.1:8090/?room=ABCDEFGH"
        );
        assert_eq!(
            room_link("wss://qipan.example/ws", "K7M2"),
            "https://qipan.example/?room=K7M2"
        );
    }
}
