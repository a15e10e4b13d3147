//! The browser half of the mirror: the layer of hidden elements over the canvas, the
//! patches applied to it, and the elements' activations queued as AccessKit action requests.

use super::model::{dom_id, Changes, Model, Patch, Politeness, Tag};
use eframe::wasm_bindgen::closure::Closure;
use eframe::wasm_bindgen::JsCast;
use egui::accesskit::{Action, ActionRequest, NodeId, TreeId};
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
    /// What the elements asked for since the last pass (kept apart from `DOM`: a focus
    /// the mirror gives fires its listener while `DOM` is borrowed).
    static ACTIONS: RefCell<Vec<ActionRequest>> = const { RefCell::new(Vec::new()) };
    static CTX: RefCell<Option<egui::Context>> = const { RefCell::new(None) };
    /// The mirror is moving the focus itself: not an action of the person's.
    static FOCUSING: Cell<bool> = const { Cell::new(false) };
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
    listen(&layer, "click", |id, _| {
        queue(id, Action::Click);
    })?;
    // A screen reader's focus on an element scrolls egui's view to its widget.
    listen(&layer, "focusin", |id, _| {
        if !FOCUSING.with(Cell::get) {
            queue(id, Action::ScrollIntoView);
        }
    })?;
    // Sliders and spin buttons are divs: their arrow keys step the value.
    listen(&layer, "keydown", |id, event| {
        let Some(key) = event.dyn_ref::<web_sys::KeyboardEvent>().map(|k| k.key()) else {
            return;
        };
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

/// Queues an action for node `id` and asks for the pass that delivers it.
fn queue(id: u64, action: Action) {
    ACTIONS.with(|a| {
        a.borrow_mut().push(ActionRequest {
            action,
            target_tree: TreeId::ROOT,
            target_node: NodeId(id),
            data: None,
        })
    });
    CTX.with(|c| {
        if let Some(ctx) = c.borrow().as_ref() {
            ctx.request_repaint();
        }
    });
}

/// The actions queued since the last pass.
pub fn take_actions() -> Vec<ActionRequest> {
    ACTIONS.with(|a| std::mem::take(&mut *a.borrow_mut()))
}

/// Applies `changes` (which lead to `model`) to the layer.
#[inline(never)] // V8 optimises it on its own: docs/web.md, "rustc made large functions"
pub fn apply(changes: &Changes, model: &Model) {
    let focus = DOM.with(|d| {
        let mut d = d.borrow_mut();
        let dom = d.as_mut()?;
        if let Err(e) = dom.patch(changes, model) {
            log::warn!("the accessibility layer: {e:?}");
        }
        // Focus moves only once the DOM is released (a focus fires a listener at once).
        dom.focus_target(changes, model)
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

    /// The element to focus: while the page's focus is on one of the mirror's elements (a
    /// screen reader moved it there), it follows egui's focus and the board's ring.
    fn focus_target(&self, changes: &Changes, model: &Model) -> Option<web_sys::HtmlElement> {
        if !changes.focus_moved {
            return None;
        }
        let active = self.document.active_element()?;
        if !self.layer.contains(Some(&active)) {
            return None;
        }
        let id = model.active.or(model.focus)?;
        let el = self.elements.get(&id)?;
        let same: &web_sys::Element = el.as_ref();
        (active != *same).then(|| el.clone())
    }
}
