//! Typing through the mirror into real egui text fields: a name field that submits on Enter
//! as the app's does, and a password field like the key's.

use super::*;
use crate::a11y::model::{build, diff, Element, Model, Patch, Tag};

/// A page with the app's kind of fields, run pass by pass with the events the mirror sends.
#[derive(Default)]
struct Page {
    ctx: egui::Context,
    name: String,
    key: String,
    /// What Enter submitted.
    submitted: Vec<String>,
    name_id: Option<egui::Id>,
}

impl Page {
    fn new() -> Self {
        let page = Page::default();
        page.ctx.enable_accesskit();
        page
    }

    /// One pass with `events`; the mirror's model of it.
    fn pass(&mut self, events: Vec<egui::Event>) -> Model {
        let input = egui::RawInput {
            events,
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(600.0, 400.0),
            )),
            ..Default::default()
        };
        let Page {
            ctx,
            name,
            key,
            submitted,
            name_id,
        } = self;
        let mut output = ctx.run_ui(input, |root| {
            egui::CentralPanel::default().show(root, |ui| {
                ui.horizontal(|ui| {
                    let label = ui.label("Your name");
                    let field = ui
                        .add(egui::TextEdit::singleline(name))
                        .labelled_by(label.id);
                    *name_id = Some(field.id);
                    if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                        submitted.push(name.clone());
                    }
                });
                ui.horizontal(|ui| {
                    let label = ui.label("Key");
                    ui.add(egui::TextEdit::singleline(key).password(true))
                        .labelled_by(label.id);
                });
                let mut shown = String::from("not yours");
                ui.add_enabled(false, egui::TextEdit::singleline(&mut shown));
            });
        });
        let update = output.platform_output.accesskit_update.take();
        output.drop_without_applying_deltas();
        build(&update.expect("AccessKit is on"), 1.0)
    }

    /// The name field's node id and first text run.
    fn name_field(model: &Model) -> (u64, Option<u64>) {
        let (id, field) = field(model, "Your name");
        (id, field.caret_run())
    }

    /// egui's caret in the name field: (where it is, where the selection started).
    fn name_caret(&self) -> (usize, usize) {
        let id = self.name_id.expect("drawn");
        let state = egui::text_edit::TextEditState::load(&self.ctx, id).expect("its state");
        let range = state.cursor.char_range().expect("a caret");
        (range.primary.index.0, range.secondary.index.0)
    }
}

/// The text field named `name` (its label, a text of the same name, comes first).
fn field<'m>(model: &'m Model, name: &str) -> (u64, &'m Element) {
    model
        .iter()
        .find(|(_, e)| e.tag == Tag::Input && e.name() == name)
        .unwrap_or_else(|| panic!("no field {name}: {model:?}"))
}

#[test]
fn a_labelled_field_is_an_input_named_by_its_label_holding_egui_s_text() {
    let mut page = Page::new();
    let model = page.pass(Vec::new());
    let (id, field) = field(&model, "Your name");
    assert_eq!(field.tag, Tag::Input);
    assert_eq!(field.attr("type"), Some("text"));
    assert_eq!(field.attr("role"), None, "an input is a textbox by itself");
    assert_eq!(field.attr("readonly"), None);
    assert!(field.caret_run().is_some(), "{:?}", field.attrs);
    assert_eq!(field.value.as_deref(), Some(""));
    let disabled = model
        .iter()
        .find(|(_, e)| e.tag == Tag::Input && e.attr("readonly").is_some());
    assert!(
        disabled.is_some(),
        "a field egui does not take typing into is read-only in the page"
    );
    // egui's own text reaches the page's field (the app may clear or change it).
    page.name = "Ann".into();
    let changed = page.pass(Vec::new());
    assert!(diff(&model, &changed).patches.contains(&Patch::Value {
        id,
        value: "Ann".into()
    }));
    assert!(diff(&changed, &page.pass(Vec::new())).is_empty());
}

#[test]
fn typing_focuses_egui_s_field_gives_it_the_value_and_the_page_s_caret() {
    let mut page = Page::new();
    let model = page.pass(Vec::new());
    let (id, run) = Page::name_field(&model);
    let model = page.pass(typed(id, run, "Ann", Selection::caret(3)));
    assert_eq!(page.name, "Ann");
    assert!(page.ctx.memory(|m| m.has_focus(page.name_id.unwrap())));
    assert_eq!(model.focus, Some(id));
    assert_eq!(page.name_caret(), (3, 3));
    // A letter typed after the first one: egui's caret after it, as the page's.
    let model = page.pass(typed(id, run, "Axnn", Selection::caret(2)));
    assert_eq!(page.name, "Axnn");
    assert_eq!(page.name_caret(), (2, 2));
    assert_eq!(model.get(id).unwrap().value.as_deref(), Some("Axnn"));
    // Backspace twice at the end: the shorter value.
    page.pass(typed(id, run, "Ax", Selection::caret(2)));
    assert_eq!(page.name, "Ax");
    // A selection made leftwards: egui's caret at its start, as the page's.
    let leftwards = Selection {
        start: 0,
        end: 2,
        backward: true,
    };
    page.pass(vec![
        caret(id, run, "Ax", leftwards).expect("the field has a run")
    ]);
    assert_eq!(page.name_caret(), (0, 2));
}

#[test]
fn enter_submits_a_field_that_submits_on_enter_and_the_page_keeps_its_focus() {
    let mut page = Page::new();
    let model = page.pass(Vec::new());
    let (id, run) = Page::name_field(&model);
    let typed_and_entered = |page: &mut Page, text: &str| {
        let caret = Selection::caret(text.chars().count() as u32);
        let (focus, key) = enter(id);
        // Typed and entered within one frame, as a quick hand or a script does.
        let mut events = typed(id, run, text, caret);
        events.push(focus);
        let focused = page.pass(events);
        (focused, page.pass(key.into()))
    };
    let (focused, after) = typed_and_entered(&mut page, "Ad");
    assert_eq!(page.submitted, ["Ad"]);
    assert_eq!(focused.focus_target(id), None, "already there");
    assert_eq!(after.focus, None, "egui let go of the field");
    assert!(diff(&focused, &after).focus_moved);
    assert_eq!(
        after.focus_target(id),
        None,
        "the page's focus stays in the field"
    );
    // A letter more and Enter again, in the field egui had let go of.
    typed_and_entered(&mut page, "Ada");
    assert_eq!(page.submitted, ["Ad", "Ada"]);
}

#[test]
fn a_password_field_takes_what_is_typed_never_shows_egui_s_dots_and_is_emptied() {
    let mut page = Page::new();
    let empty = page.pass(Vec::new());
    let (id, field) = field(&empty, "Key");
    assert_eq!(field.attr("type"), Some("password"));
    assert_eq!(field.value.as_deref(), Some(""));
    let typed_in = page.pass(typed(
        id,
        field.caret_run(),
        "0123abcd",
        Selection::caret(8),
    ));
    assert_eq!(page.key, "0123abcd");
    assert_eq!(typed_in.get(id).unwrap().value, None);
    let changes = diff(&empty, &typed_in);
    assert!(
        !changes
            .patches
            .iter()
            .any(|p| matches!(p, Patch::Value { .. })),
        "{changes:?}"
    );
    // Logging in takes the key: the page's field is emptied too.
    page.key.clear();
    let taken = page.pass(Vec::new());
    assert!(diff(&typed_in, &taken).patches.contains(&Patch::Value {
        id,
        value: String::new()
    }));
}

#[test]
fn an_input_method_s_committed_text_and_characters_beyond_the_bmp() {
    let mut page = Page::new();
    let model = page.pass(Vec::new());
    let (id, run) = Page::name_field(&model);
    // "玩家😀" is 4 UTF-16 units before the last character in the page, 3 characters in egui.
    let text = "玩家😀一";
    page.pass(typed(id, run, text, Selection::caret(4)));
    assert_eq!(page.name, text);
    assert_eq!(page.name_caret(), (3, 3));
    assert_eq!(char_index(text, 0), 0);
    assert_eq!(char_index(text, 2), 2);
    assert_eq!(char_index(text, 5), 4);
    assert_eq!(char_index(text, 99), 4, "clamped to the end");
}
