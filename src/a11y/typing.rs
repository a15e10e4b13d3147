//! What typing into the mirror's text fields becomes for egui. The page's `<input>` keeps
//! the text, the caret and the input method's composition; after each change egui's field
//! is focused (AccessKit's `Focus`), given the whole value (`SetValue`) and the page's caret
//! or selection (`SetTextSelection`, which egui takes only in the focused field).
//! Characters, Backspace and Delete, paste and an input method's committed text all arrive
//! the same way, as a new value, so no key is ever read twice or out of order. Enter, which
//! a one-line field does not type, is sent as the key, for the fields that submit on it.
//! egui's canvas keeps its own keyboard path; none of this goes through it. Pure:
//! `super::dom` reads the page and queues what this returns.

use egui::accesskit::{
    Action, ActionData, ActionRequest, NodeId, TextPosition, TextSelection, TreeId,
};

/// The page field's selection as the DOM counts it: UTF-16 code units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection {
    pub start: u32,
    pub end: u32,
    /// The caret is at `start` (the selection was made leftwards).
    pub backward: bool,
}

impl Selection {
    /// A caret at `at`, nothing selected.
    pub fn caret(at: u32) -> Self {
        Selection {
            start: at,
            end: at,
            backward: false,
        }
    }
}

/// An AccessKit request for node `id`, as egui takes it.
pub fn request(id: u64, action: Action, data: Option<ActionData>) -> egui::Event {
    egui::Event::AccessKitActionRequest(ActionRequest {
        action,
        target_tree: TreeId::ROOT,
        target_node: NodeId(id),
        data,
    })
}

/// The field `id` now holds `value`, with `selection`: egui's field is focused and given
/// the value, then the page's caret. `caret_run` is the field's first text run
/// (`Element::caret_run`); without it egui's caret stays at the end of the value.
pub fn typed(
    id: u64,
    caret_run: Option<u64>,
    value: &str,
    selection: Selection,
) -> Vec<egui::Event> {
    let focus = request(id, Action::Focus, None);
    let set = request(id, Action::SetValue, Some(ActionData::Value(value.into())));
    [focus, set]
        .into_iter()
        .chain(caret(id, caret_run, value, selection))
        .collect()
}

/// The page's caret or selection in field `id` (holding `value`) for egui's. egui places a
/// position given on the first run at that character of the whole text, whatever its row.
pub fn caret(
    id: u64,
    caret_run: Option<u64>,
    value: &str,
    selection: Selection,
) -> Option<egui::Event> {
    let run = NodeId(caret_run?);
    let at = |utf16| TextPosition {
        node: run,
        character_index: char_index(value, utf16),
    };
    let (anchor, focus) = if selection.backward {
        (selection.end, selection.start)
    } else {
        (selection.start, selection.end)
    };
    let selection = TextSelection {
        anchor: at(anchor),
        focus: at(focus),
    };
    Some(request(
        id,
        Action::SetTextSelection,
        Some(ActionData::SetTextSelection(selection)),
    ))
}

/// Enter in field `id`: egui's focus on the field for this pass, and the key pressed and
/// released for the next. The field gives up egui's focus on Enter, and one that submits on
/// it (`lost_focus()` and `key_pressed(Enter)`) submits; `lost_focus` needs the focus a pass
/// earlier, which a field left by an earlier Enter, or typed and entered within one frame,
/// would not have.
pub fn enter(id: u64) -> (egui::Event, [egui::Event; 2]) {
    let key = |pressed| egui::Event::Key {
        key: egui::Key::Enter,
        physical_key: None,
        pressed,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    };
    (request(id, Action::Focus, None), [key(true), key(false)])
}

/// The character (Unicode scalar) index of UTF-16 offset `utf16` in `text` (clamped to its
/// end): the DOM counts a character outside the Basic Multilingual Plane twice, egui once.
pub fn char_index(text: &str, utf16: u32) -> usize {
    let mut units = 0;
    for (i, c) in text.chars().enumerate() {
        if units >= utf16 as usize {
            return i;
        }
        units += c.len_utf16();
    }
    text.chars().count()
}

#[cfg(test)]
mod tests;
