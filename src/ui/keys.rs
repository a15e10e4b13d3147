//! The keyboard: the shortcuts (Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo, N a new game, H a
//! hint, F1 the list of keys), the keys meant for the board, and the list of keys itself.

use super::boards::BoardKeys;
use super::marks::mark;
use crate::i18n::I18n;
use crate::msg;
use qipan_session::Command;

/// What the keyboard view keeps between frames.
#[derive(Default)]
pub struct Keyboard {
    /// The keys meant for the board this frame (taken by the board when it draws).
    pub board: BoardKeys,
    /// The list of keys is open.
    help_open: bool,
}

impl Keyboard {
    /// Reads this frame's keys when no text field has the keyboard: the shortcuts become
    /// commands, F1 opens or closes the list, and arrows, Enter, Space and Escape go to the
    /// board.
    pub fn read(&mut self, ctx: &egui::Context) -> Vec<Command> {
        use egui::{Key, KeyboardShortcut, Modifiers};
        if ctx.egui_wants_keyboard_input() {
            return Vec::new();
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
            let mut keys = BoardKeys::default();
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
        if help {
            self.help_open = !self.help_open;
        }
        self.board = keys;
        commands
    }

    /// The keys the app answers to, behind a toggle (F1 opens it too): a row a key, wrapped
    /// within the column (a grid's cells do not wrap, and its longest line widened the
    /// column and shrank the board beside it).
    /// Whether the keys' help is open (the player is reading it: the clock waits).
    pub fn help_open(&self) -> bool {
        self.help_open
    }

    pub fn help_section(&mut self, ui: &mut egui::Ui, i18n: &I18n) {
        let toggle = ui.toggle_value(&mut self.help_open, i18n.tr(msg!("keys-heading")));
        mark(ui, "action:keys", &toggle);
        if !self.help_open {
            return;
        }
        for (keys, what) in [
            (msg!("keys-arrows"), msg!("keys-arrows-what")),
            (msg!("keys-enter"), msg!("keys-enter-what")),
            (msg!("keys-escape"), msg!("keys-escape-what")),
            (msg!("keys-undo"), msg!("action-undo")),
            (msg!("keys-redo"), msg!("action-redo")),
            (msg!("keys-new"), msg!("action-new")),
            (msg!("keys-hint"), msg!("action-hint")),
            (msg!("keys-help"), msg!("keys-heading")),
        ] {
            ui.horizontal_wrapped(|ui| {
                ui.monospace(i18n.tr(keys));
                ui.label(i18n.tr(what));
            });
        }
    }
}
