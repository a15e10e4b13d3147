//! Save and Load, with the file name they use. Natively they write and read that file; on
//! the web Save downloads it and Load opens the browser's file picker, whose text arrives
//! in a later frame.

use super::marks::mark;
use super::storage;
use crate::i18n::I18n;
use crate::msg;
use qipan_session::save::SaveError;
use qipan_session::{Command, Session};

/// What the file view keeps between frames.
pub struct FileView {
    /// The file name Save and Load use (what the File field holds).
    pub save_path: String,
    /// The web's Load: the file the player is picking, read by the browser in the background.
    #[cfg(target_arch = "wasm32")]
    picking: Option<storage::PickedSlot>,
    /// The last link copied, said under the buttons until the game changes.
    copied: Option<String>,
}

impl FileView {
    pub fn new(save_path: String) -> FileView {
        FileView {
            save_path,
            #[cfg(target_arch = "wasm32")]
            picking: None,
            copied: None,
        }
    }

    /// The File field and the Save and Load buttons; what they did, as commands.
    pub fn show(&mut self, ui: &mut egui::Ui, session: &Session, i18n: &I18n) -> Vec<Command> {
        let mut commands = Vec::new();
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(i18n.tr(msg!("save-path")));
            ui.add(egui::TextEdit::singleline(&mut self.save_path).desired_width(150.0))
                .labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            let save = ui.button(i18n.tr(msg!("action-save")));
            mark(ui, "action:save", &save);
            if save.clicked() {
                commands.push(self.save(session));
            }
            let load = ui.button(i18n.tr(msg!("action-load")));
            mark(ui, "action:load", &load);
            if load.clicked() {
                commands.extend(self.load(ui.ctx()));
            }
            // The game's link, at the ply shown when the player looks back through it.
            let link = game_link(session);
            let copy = ui.button(i18n.tr(msg!("action-copy-link")));
            mark(ui, "action:copy-link", &copy);
            if copy.clicked() {
                ui.ctx().copy_text(link.clone());
                self.copied = Some(link.clone());
            }
            if self.copied.as_ref().is_some_and(|c| *c != link) {
                self.copied = None;
            }
        });
        if let Some(link) = &self.copied {
            ui.small(i18n.tr(msg!("link-copied")));
            ui.add(egui::Label::new(egui::RichText::new(link).small().monospace()).wrap());
        }
        #[cfg(target_arch = "wasm32")]
        ui.small(i18n.tr(msg!("save-web-note")));
        commands
    }

    /// Writes the game on the board; the session's notice says where it went (or why not).
    fn save(&self, session: &Session) -> Command {
        let path = self.save_path.clone();
        let written = session
            .save_text()
            .and_then(|text| write_file(&path, &text))
            .map(|()| path);
        Command::Saved(written)
    }

    /// Desktop: reads the file named in the field.
    #[cfg(not(target_arch = "wasm32"))]
    fn load(&mut self, _ctx: &egui::Context) -> Option<Command> {
        let path = self.save_path.clone();
        let text = storage::read(&path);
        Some(Command::Load { name: path, text })
    }

    /// Web: opens the browser's file picker; the text arrives in a later frame
    /// ([`FileView::poll_picked`]).
    #[cfg(target_arch = "wasm32")]
    fn load(&mut self, ctx: &egui::Context) -> Option<Command> {
        let wake = ctx.clone();
        match storage::pick_file(move || wake.request_repaint()) {
            Ok(slot) => {
                self.picking = Some(slot);
                None
            }
            Err(e) => Some(Command::Load {
                name: String::new(),
                text: Err(e),
            }),
        }
    }

    /// Web: the picked file's text once the browser has read it.
    #[cfg(target_arch = "wasm32")]
    pub fn poll_picked(&mut self) -> Option<Command> {
        let picked = self
            .picking
            .as_ref()
            .and_then(|slot| slot.borrow_mut().take());
        let (name, text) = picked?;
        self.picking = None;
        Some(Command::Load { name, text })
    }
}

/// The link to the game on the board: the page's own address on the web, a `qipan:` link
/// on the desktop (which `qipan --link` opens).
fn game_link(session: &Session) -> String {
    let game = session.game();
    let ply = (game.cursor() < game.len()).then_some(game.cursor());
    storage::link_address(&qipan_session::link::to_query(game, ply))
}

#[cfg(not(target_arch = "wasm32"))]
fn write_file(path: &str, text: &str) -> Result<(), SaveError> {
    storage::write(path, text)
}

/// The web saves by download: the field's file path is the download's name.
#[cfg(target_arch = "wasm32")]
fn write_file(path: &str, text: &str) -> Result<(), SaveError> {
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    storage::download(name, text)
}
