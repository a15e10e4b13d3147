//! The browser half of the mirror: the layer of hidden elements over the canvas, the
//! patches applied to it, and the elements' activations and typing queued as egui events.

use super::model::{dom_id, Changes, Model, Patch, Politeness, Tag};
use super::typing::{self, Selection};
use eframe::wasm_bindgen::closure::Closure;
use eframe::wasm_bindgen::JsCast;
use egui::accesskit::Action;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;

/// The layer's id in the page.
const LAYER: &str = "qipan_a11y";

/// The layer and its elements: transparent, over the canvas, never in the pointer's way
/// (`pointer-events: none`: taps and the mouse go to the canvas as before), out of the Tab
/// order (`tabindex=-1`: the canvas keeps the keyboard) but reachable by a screen reader.
const STYLE: &str = "#qipan_a11y{position:absolute;left:0;top:0;width:100%;height:100%;\
overflow:hidden;pointer-events:none;z-index:1}\
#qipan_a11y>*{position:absolute;margin:0;padding:0;border:0;background:transparent;\
color:transparent;font:1px/1 sans-serif;overflow:hidden;white-space:nowrap;\
pointer-events:none;box-sizing:border-box}\
#qipan_a11y>input{font-size:16px;caret-color:transparent}\
#qipan_a11y>input::selection{background:transparent;color:transparent}\
#qipan_a11y>.qipan-say{left:0;top:0;width:1px;height:1px;clip-path:inset(50%)}";

struct Dom {
    document: web_sys::Document,
    layer: web_sys::HtmlElement,
    polite: web_sys::Element,
    assertive: web_sys::Element,
    canvas: Option<web_sys::Element>,
    elements: HashMap<u64, web_sys::HtmlElement>,
}

thread_local! {
    static DOM: RefCell<Option<Dom>> = const { RefCell::new(None) };
    /// What the elements asked for and what was typed since the last pass (kept apart from
    /// `DOM`: a focus the mirror gives fires its listener while `DOM` is borrowed).
    static EVENTS: RefCell<Vec<egui::Event>> = const { RefCell::new(Vec::new()) };
    /// Events for the pass after the next (`typing::enter`).
    static LATER: RefCell<Vec<egui::Event>> = const { RefCell::new(Vec::new()) };
    static CTX: RefCell<Option<egui::Context>> = const { RefCell::new(None) };
    /// The mirror is moving the focus itself: not an action of the person's.
    static FOCUSING: Cell<bool> = const { Cell::new(false) };
    /// The text field whose input method is composing: its value is not the person's yet,
    /// and the mirror does not write into it.
    static COMPOSING: Cell<Option<u64>> = const { Cell::new(None) };
}

/// Creates the layer and its listeners (once).
pub fn install(ctx: &egui::Context) {
    CTX.with(|c| *c.borrow_mut() = Some(ctx.clone()));
    if DOM.with(|d| d.borrow().is_some()) {
        return;
    }
    match create() {
        Ok(dom) => DOM.with(|d| *d.borrow_mut() = Some(dom)),
        Err(e) => log::warn!("no accessibility layer: {e:?}"),
    }
}

fn create() -> Result<Dom, eframe::wasm_bindgen::JsValue> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let body = document.body().ok_or("no body")?;
    let style = document.create_element("style")?;
    style.set_text_content(Some(STYLE));
    document
        .head()
        .map_or_else(|| body.append_child(&style), |h| h.append_child(&style))?;
    let layer: web_sys::HtmlElement = document.create_element("div")?.dyn_into()?;
    layer.set_id(LAYER);
    let say = |live: &str, role: &str| -> Result<web_sys::Element, _> {
        let el = document.create_element("div")?;
        el.set_class_name("qipan-say");
        el.set_attribute("role", role)?;
        el.set_attribute("aria-live", live)?;
        el.set_attribute("aria-atomic", "true")?;
        layer.append_child(&el)?;
        Ok::<_, eframe::wasm_bindgen::JsValue>(el)
    };
    let polite = say("polite", "status")?;
    let assertive = say("assertive", "alert")?;
    body.append_child(&layer)?;
    // A text field is focused by a click, not pressed.
    listen(&layer, "click", |id, event| {
        if field(event).is_none() {
            queue(id, Action::Click);
        }
    })?;
    // A screen reader's focus on an element scrolls egui's view to its widget; on a text
    // field it focuses egui's too (its caret shows, and Enter there is egui's Enter).
    listen(&layer, "focusin", |id, event| {
        if FOCUSING.with(Cell::get) {
            return;
        }
        if field(event).is_some() {
            queue(id, Action::Focus);
        }
        queue(id, Action::ScrollIntoView);
    })?;
    // Typing: each new value (and the caret) once the input method has committed it.
    listen(&layer, "input", |id, event| {
        let composing = event
            .dyn_ref::<web_sys::InputEvent>()
            .is_some_and(web_sys::InputEvent::is_composing);
        if let (Some(input), false) = (field(event), composing) {
            send_typed(id, &input);
        }
    })?;
    listen(&layer, "compositionstart", |id, _| {
        COMPOSING.with(|c| c.set(Some(id)));
    })?;
    listen(&layer, "compositionend", |id, event| {
        COMPOSING.with(|c| c.set(None));
        if let Some(input) = field(event) {
            send_typed(id, &input);
        }
    })?;
    // The caret moved without typing (a screen reader reading by character or word).
    listen(&layer, "keyup", |id, event| {
        let moved = event.dyn_ref::<web_sys::KeyboardEvent>().is_some_and(|k| {
            matches!(
                k.key().as_str(),
                "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" | "Home" | "End"
            )
        });
        if let (Some(input), true) = (field(event), moved) {
            send_caret(id, &input);
        }
    })?;
    listen(&layer, "select", |id, event| {
        if let Some(input) = field(event) {
            send_caret(id, &input);
        }
    })?;
    // Sliders and spin buttons are divs: their arrow keys step the value. Enter in a text
    // field is egui's Enter (not while an input method uses it to commit its text).
    listen(&layer, "keydown", |id, event| {
        let Some(keyboard) = event.dyn_ref::<web_sys::KeyboardEvent>() else {
            return;
        };
        let key = keyboard.key();
        if field(event).is_some() {
            if key == "Enter" && !keyboard.is_composing() {
                let (now, later) = typing::enter(id);
                LATER.with(|l| l.borrow_mut().extend(later));
                push(vec![now]);
            }
            return;
        }
        let action = match key.as_str() {
            "ArrowUp" | "ArrowRight" => Action::Increment,
            "ArrowDown" | "ArrowLeft" => Action::Decrement,
            _ => return,
        };
        let target = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        let role = target
            .and_then(|t| t.get_attribute("role"))
            .unwrap_or_default();
        if role == "slider" || role == "spinbutton" {
            event.prevent_default();
            queue(id, action);
        }
    })?;
    let canvas = document.get_element_by_id("qipan_canvas");
    if let Some(canvas) = &canvas {
        // The canvas takes the keyboard (arrows move the board's ring, which it names as its
        // active descendant), as an application does.
        canvas.set_attribute("role", "application")?;
    }
    Ok(Dom {
        document,
        layer,
        polite,
        assertive,
        canvas,
        elements: HashMap::new(),
    })
}

/// Calls `f` with the node id of the mirrored element an event of `kind` came from.
fn listen(
    layer: &web_sys::HtmlElement,
    kind: &str,
    f: impl Fn(u64, &web_sys::Event) + 'static,
) -> Result<(), eframe::wasm_bindgen::JsValue> {
    let closure = Closure::<dyn Fn(web_sys::Event)>::new(move |event: web_sys::Event| {
        let Some(target) = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let id = target
            .closest("[data-a11y]")
            .ok()
            .flatten()
            .and_then(|el| el.get_attribute("data-a11y"))
            .and_then(|hex| u64::from_str_radix(&hex, 16).ok());
        if let Some(id) = id {
            f(id, &event);
        }
    });
    layer.add_event_listener_with_callback(kind, closure.as_ref().unchecked_ref())?;
    // The layer lives as long as the page.
    closure.forget();
    Ok(())
}

/// The mirrored text field an event came from.
fn field(event: &web_sys::Event) -> Option<web_sys::HtmlInputElement> {
    event.target()?.dyn_into::<web_sys::HtmlInputElement>().ok()
}

/// The page field's selection (a caret at the end if the browser gives none).
fn selection(input: &web_sys::HtmlInputElement) -> Selection {
    let end_of_text = input.value().encode_utf16().count() as u32;
    let at = |v: Result<Option<u32>, _>| v.ok().flatten().unwrap_or(end_of_text);
    Selection {
        start: at(input.selection_start()),
        end: at(input.selection_end()),
        backward: input.selection_direction().ok().flatten().as_deref() == Some("backward"),
    }
}

fn caret_run(input: &web_sys::HtmlInputElement) -> Option<u64> {
    let hex = input.get_attribute("data-caret")?;
    u64::from_str_radix(&hex, 16).ok()
}

/// Sends what field `id` holds now.
fn send_typed(id: u64, input: &web_sys::HtmlInputElement) {
    push(typing::typed(
        id,
        caret_run(input),
        &input.value(),
        selection(input),
    ));
}

/// Sends where the caret or selection of field `id` is now.
fn send_caret(id: u64, input: &web_sys::HtmlInputElement) {
    if let Some(caret) = typing::caret(id, caret_run(input), &input.value(), selection(input)) {
        push(vec![caret]);
    }
}

/// Queues an action for node `id` and asks for the pass that delivers it.
fn queue(id: u64, action: Action) {
    push(vec![typing::request(id, action, None)]);
}

/// Queues events for egui and asks for the pass that delivers them.
fn push(events: Vec<egui::Event>) {
    EVENTS.with(|e| e.borrow_mut().extend(events));
    CTX.with(|c| {
        if let Some(ctx) = c.borrow().as_ref() {
            ctx.request_repaint();
        }
    });
}

/// The events queued since the last pass; those kept for the pass after it are queued now.
pub fn take_events() -> Vec<egui::Event> {
    let events = EVENTS.with(|e| std::mem::take(&mut *e.borrow_mut()));
    let later = LATER.with(|l| std::mem::take(&mut *l.borrow_mut()));
    if !later.is_empty() {
        push(later);
    }
    events
}

/// Applies `changes` (which lead to `model`) to the layer.
#[inline(never)] // V8 optimises it on its own: docs/web.md, "rustc made large functions"
pub fn apply(changes: &Changes, model: &Model) {
    let focus = DOM.with(|d| {
        let mut d = d.borrow_mut();
        let dom = d.as_mut()?;
        let before = dom.focused();
        if let Err(e) = dom.patch(changes, model) {
            log::warn!("the accessibility layer: {e:?}");
        }
        // Focus moves only once the DOM is released (a focus fires a listener at once).
        let (here, el) = before.filter(|(_, el)| el.is_connected())?;
        let target = changes
            .focus_moved
            .then(|| model.focus_target(here))
            .flatten()
            .and_then(|id| dom.elements.get(&id).cloned());
        // An element moved in the page loses the page's focus: it is given back.
        target.or_else(|| dom.focused().is_none().then_some(el))
    });
    if let Some(element) = focus {
        FOCUSING.with(|f| f.set(true));
        let _ = element.focus();
        FOCUSING.with(|f| f.set(false));
    }
}

impl Dom {
    fn patch(
        &mut self,
        changes: &Changes,
        model: &Model,
    ) -> Result<(), eframe::wasm_bindgen::JsValue> {
        for patch in &changes.patches {
            match patch {
                Patch::Remove(id) => {
                    if let Some(el) = self.elements.remove(id) {
                        el.remove();
                    }
                }
                Patch::Create { id, tag } => {
                    let el: web_sys::HtmlElement =
                        self.document.create_element(tag.name())?.dyn_into()?;
                    el.set_id(&dom_id(*id));
                    el.set_attribute("data-a11y", &format!("{id:x}"))?;
                    if *tag == Tag::Button {
                        el.set_attribute("type", "button")?;
                    }
                    if *tag != Tag::Span {
                        el.set_tab_index(-1);
                    }
                    if *tag == Tag::Input {
                        for (name, value) in [
                            ("autocomplete", "off"),
                            ("autocapitalize", "off"),
                            ("spellcheck", "false"),
                        ] {
                            el.set_attribute(name, value)?;
                        }
                    }
                    self.elements.insert(*id, el);
                }
                Patch::Attr { id, name, value } => {
                    if let Some(el) = self.elements.get(id) {
                        match value {
                            Some(v) => el.set_attribute(name, v)?,
                            None => el.remove_attribute(name)?,
                        }
                    }
                }
                Patch::Text { id, text } => {
                    if let Some(el) = self.elements.get(id) {
                        el.set_text_content(Some(text));
                    }
                }
                Patch::Rect { id, rect } => {
                    if let Some(el) = self.elements.get(id) {
                        let px = |v: i32| format!("{}px", v as f32 / 10.0);
                        let style = el.style();
                        style.set_property("left", &px(rect[0]))?;
                        style.set_property("top", &px(rect[1]))?;
                        style.set_property("width", &px(rect[2].max(10)))?;
                        style.set_property("height", &px(rect[3].max(10)))?;
                    }
                }
                Patch::Value { id, value } => {
                    let input = self
                        .elements
                        .get(id)
                        .and_then(|el| el.dyn_ref::<web_sys::HtmlInputElement>());
                    let composing = COMPOSING.with(Cell::get) == Some(*id);
                    if let Some(input) = input.filter(|i| !composing && i.value() != *value) {
                        input.set_value(value);
                    }
                }
                Patch::Place { id, before } => {
                    if let Some(el) = self.elements.get(id) {
                        let next = before.and_then(|b| self.elements.get(&b));
                        self.layer
                            .insert_before(el, next.map(|n| n.as_ref() as &web_sys::Node))?;
                    }
                }
            }
        }
        for (politeness, region) in [
            (Politeness::Polite, &self.polite),
            (Politeness::Assertive, &self.assertive),
        ] {
            let said: Vec<&str> = changes
                .announce
                .iter()
                .filter(|(p, _)| *p == politeness)
                .map(|(_, text)| text.as_str())
                .collect();
            if !said.is_empty() {
                region.set_text_content(Some(&said.join(" ")));
            }
        }
        if changes.lang_changed {
            match &model.lang {
                Some(lang) => self.layer.set_attribute("lang", lang)?,
                None => self.layer.remove_attribute("lang")?,
            }
        }
        if changes.focus_moved {
            if let Some(canvas) = &self.canvas {
                match model.active {
                    Some(id) => canvas.set_attribute("aria-activedescendant", &dom_id(id))?,
                    None => canvas.remove_attribute("aria-activedescendant")?,
                }
            }
        }
        Ok(())
    }

    /// The mirror's element the page's focus is on (a screen reader put it there), with its
    /// node id: it follows egui's focus and the board's ring (`Model::focus_target`).
    fn focused(&self) -> Option<(u64, web_sys::HtmlElement)> {
        let active = self.document.active_element()?;
        let hex = active.get_attribute("data-a11y")?;
        let id = u64::from_str_radix(&hex, 16).ok()?;
        let el = self.elements.get(&id)?;
        let same: &web_sys::Element = el.as_ref();
        (*same == active).then(|| (id, el.clone()))
    }
}
