//! Playing a friend on another device: the "Play a friend" view, and what the app keeps of
//! the rooms between runs. The session decides everything ([`qipan_session::online`]); the
//! socket is the shell's (`transport.rs`); this view reads the session and returns
//! commands, as every view does.

use super::games::description;
use super::marks::mark;
#[cfg(target_arch = "wasm32")]
use super::storage;
use crate::i18n::I18n;
use crate::msg;
use qipan_engine::games::Side;
use qipan_session::online::{OnlineMemory, Seat, SeatChoice};
use qipan_session::{Command, OnlineCommand, Session};

/// The storage key of the rooms' tokens and the server address.
pub const ONLINE_KEY: &str = "qipan-online";

/// The server a desktop app plays through unless the person names another.
#[cfg(not(target_arch = "wasm32"))]
pub const DEFAULT_SERVER: &str = "ws://127.0.0.1:8090/ws";

/// What the "Play a friend" view keeps between frames: the fields being typed in.
pub struct OnlineView {
    pub side: SeatChoice,
    pub code: String,
    pub server: String,
    /// The link was copied (said until the next room).
    copied: bool,
}

impl OnlineView {
    pub fn new(server: String) -> OnlineView {
        OnlineView {
            side: SeatChoice::Side(Side::X),
            code: String::new(),
            server,
            copied: false,
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

/// The "Play a friend" section: create or join a room; once in one, its code, link and QR
/// code, and the game's own actions (resign, rematch, leave).
pub fn show(
    ui: &mut egui::Ui,
    session: &Session,
    view: &mut OnlineView,
    i18n: &I18n,
) -> Vec<Command> {
    let side_name = |side| i18n.tr(description(session.game()).side_name(side));
    let mut commands = Vec::new();
    let Some(online) = session.online() else {
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
        #[cfg(not(target_arch = "wasm32"))]
        row(ui, |ui| {
            let label = ui.label(i18n.tr(msg!("online-server")));
            // What is left of the line beside the label (a narrow column kept the label alone
            // above a fixed-width field), but never too short to read an address.
            let width = (ui.available_size_before_wrap().x - 12.0).clamp(120.0, 240.0);
            ui.add(egui::TextEdit::singleline(&mut view.server).desired_width(width))
                .labelled_by(label.id);
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
        return commands;
    };

    // The code, link and QR code once the server has shown the room: not for a mistyped code
    // the server refused.
    if let (Some(room), Some(_)) = (online.room(), online.state()) {
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
        qr_code(ui, &link, i18n);
    }
    ui.small(i18n.tr(msg!("online-off-note")));
    let over = session.game().status().is_over() && online.state().is_some();
    row(ui, |ui| {
        if matches!(online.seat(), Some(Seat::Player(_))) && online.state().is_some() {
            if over {
                let again = ui.button(i18n.tr(msg!("online-rematch")));
                mark(ui, "online:rematch", &again);
                if again.clicked() {
                    commands.push(Command::Online(OnlineCommand::Rematch));
                }
            } else {
                let resign = ui.button(i18n.tr(msg!("online-resign")));
                mark(ui, "online:resign", &resign);
                if resign.clicked() {
                    commands.push(Command::Online(OnlineCommand::Resign));
                }
            }
        }
        let leave = ui.button(i18n.tr(msg!("online-leave")));
        mark(ui, "online:leave", &leave);
        if leave.clicked() {
            commands.push(Command::Online(OnlineCommand::Leave));
        }
    });
    commands
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

/// The link as a QR code, for a phone across the table.
fn qr_code(ui: &mut egui::Ui, link: &str, i18n: &I18n) {
    let Ok(code) = qrcode::QrCode::new(link.as_bytes()) else {
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
    let label = i18n.tr(msg!("online-qr"));
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &label));
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
