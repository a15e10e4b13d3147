//! The pure half of the page's accessibility mirror: egui's AccessKit tree as a model of DOM
//! elements (tag, ARIA role and states, name, place in CSS px), and the difference between
//! two such models as a short list of DOM patches. No `web_sys` here: it compiles and is
//! tested natively; `super::dom` applies the patches in the browser.

use egui::accesskit::{Live, Node, NodeId, Role, Toggled, TreeUpdate};
use std::collections::{HashMap, HashSet};

/// The element a node becomes. Anything a person can activate is a `<button>` (whatever its
/// ARIA role), so that Enter and Space from a screen reader's focus mode click it natively.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tag {
    Button,
    Div,
    /// Static text (egui's labels): the text itself, no role.
    Span,
    /// A one-line text field: a real `<input>`, so that a screen reader's focus mode types
    /// into it with the page's own caret, selection and input methods; what is typed goes
    /// to egui's `TextEdit` (`super::typing`).
    Input,
}

impl Tag {
    pub fn name(self) -> &'static str {
        match self {
            Tag::Button => "button",
            Tag::Div => "div",
            Tag::Span => "span",
            Tag::Input => "input",
        }
    }
}

/// How urgently a live region's new text is said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Politeness {
    Polite,
    Assertive,
}

/// One mirrored node: everything the DOM element carries.
#[derive(Clone, Debug, PartialEq)]
pub struct Element {
    pub tag: Tag,
    /// `role`, `aria-*`, `lang` and a field's `type`, `placeholder`, `readonly` and
    /// `data-caret`, sorted by name; absent attributes are not listed.
    pub attrs: Vec<(&'static str, String)>,
    /// The element's text content (a label's words; empty for named controls, whose name is
    /// their `aria-label`).
    pub text: String,
    /// Left, top, width, height in tenths of a CSS pixel (whole numbers, so that a node that
    /// did not move compares equal).
    pub rect: [i32; 4],
    /// Whether egui marks the node a live region (its new text is announced).
    pub live: Option<Politeness>,
    /// What a text field holds in egui, for the page's field: `None` for other elements,
    /// and for a password field with something in it (egui shows only its dots; the page's
    /// field keeps what was typed, and is emptied when egui's is).
    pub value: Option<String>,
}

impl Element {
    /// The value of attribute `name`, if set.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The accessible name: the `aria-label`, else the text.
    pub fn name(&self) -> &str {
        self.attr("aria-label").unwrap_or(&self.text)
    }

    /// The first text run of a text field, in hex: where egui places a caret given by a
    /// character index (`super::typing`).
    pub fn caret_run(&self) -> Option<u64> {
        self.attr("data-caret")
            .and_then(|hex| u64::from_str_radix(hex, 16).ok())
    }
}

/// The whole mirror: the elements in reading (tree) order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Model {
    pub order: Vec<u64>,
    pub elements: HashMap<u64, Element>,
    /// The mirrored node egui has focused (none when the focus is on the root).
    pub focus: Option<u64>,
    /// The mirrored node some node names its active descendant (the board's keyboard ring).
    pub active: Option<u64>,
    /// The tree's language (the root's), e.g. "zh-CN".
    pub lang: Option<String>,
}

impl Model {
    pub fn get(&self, id: u64) -> Option<&Element> {
        self.elements.get(&id)
    }

    /// The elements in order, with their ids.
    pub fn iter(&self) -> impl Iterator<Item = (u64, &Element)> {
        self.order.iter().map(|id| (*id, &self.elements[id]))
    }

    /// The first element (in order) whose name is `name`.
    pub fn find(&self, name: &str) -> Option<(u64, &Element)> {
        self.iter().find(|(_, e)| e.name() == name)
    }

    /// Where the page's focus goes, after a pass that moved egui's focus or the board's
    /// ring, from the mirror's element `here` (a screen reader put it there): to egui's
    /// focused text field (the person is about to type), else to the ring or egui's focus.
    /// Never away from a field the person is typing in only because egui let go of it
    /// (Enter does): a screen reader would be thrown out of the field mid-sentence.
    pub fn focus_target(&self, here: u64) -> Option<u64> {
        let field = |id: u64| self.get(id).is_some_and(|e| e.tag == Tag::Input);
        let to = match self.focus {
            Some(focus) if field(focus) => focus,
            None if field(here) => return None,
            _ => self.active.or(self.focus)?,
        };
        (to != here).then_some(to)
    }
}

/// A change to the DOM, in the order given.
#[derive(Clone, Debug, PartialEq)]
pub enum Patch {
    /// Removes the element of this node.
    Remove(u64),
    /// Creates the element (detached; a `Place` follows).
    Create {
        id: u64,
        tag: Tag,
    },
    /// Sets (`Some`) or removes (`None`) an attribute.
    Attr {
        id: u64,
        name: &'static str,
        value: Option<String>,
    },
    Text {
        id: u64,
        text: String,
    },
    Rect {
        id: u64,
        rect: [i32; 4],
    },
    /// Sets a text field's value (the page leaves a field alone whose value is this already,
    /// so that its caret stays where the person put it).
    Value {
        id: u64,
        value: String,
    },
    /// Puts the element right before `before`'s element, or last when `None`.
    Place {
        id: u64,
        before: Option<u64>,
    },
}

/// What changed between two models.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Changes {
    pub patches: Vec<Patch>,
    /// New text of live regions, to be said (in order; empty texts are not listed).
    pub announce: Vec<(Politeness, String)>,
    /// The focus or the active descendant moved (see the new model for where).
    pub focus_moved: bool,
    pub lang_changed: bool,
}

impl Changes {
    pub fn is_empty(&self) -> bool {
        self.patches.is_empty()
            && self.announce.is_empty()
            && !self.focus_moved
            && !self.lang_changed
    }
}

/// The DOM element's id attribute for a node.
pub fn dom_id(id: u64) -> String {
    format!("qipan-a11y-{id:x}")
}

/// The element a node becomes and its ARIA role; `None` for nodes that are only structure
/// (the window, unnamed containers, text runs), whose children are mirrored in their place.
fn kind(node: &Node) -> Option<(Tag, Option<&'static str>)> {
    let named = node.label().is_some_and(|l| !l.is_empty());
    let toggled = node.toggled().is_some();
    Some(match node.role() {
        Role::Button | Role::DefaultButton => (Tag::Button, Some("button")),
        Role::Tab => (Tag::Button, Some("tab")),
        Role::CheckBox => (Tag::Button, Some("checkbox")),
        Role::Switch => (Tag::Button, Some("switch")),
        Role::RadioButton => (Tag::Button, Some("radio")),
        Role::ComboBox | Role::EditableComboBox => (Tag::Button, Some("combobox")),
        Role::MenuItem => (Tag::Button, Some("menuitem")),
        Role::MenuItemCheckBox => (Tag::Button, Some("menuitemcheckbox")),
        Role::MenuItemRadio => (Tag::Button, Some("menuitemradio")),
        Role::ListBoxOption => (Tag::Button, Some("option")),
        Role::Link => (Tag::Button, Some("link")),
        Role::DisclosureTriangle => (Tag::Button, Some("button")),
        Role::Slider => (Tag::Div, Some("slider")),
        Role::SpinButton => (Tag::Div, Some("spinbutton")),
        Role::TextInput | Role::SearchInput | Role::PasswordInput => (Tag::Input, None),
        // Not typeable through the page (the app has no such field): read out only.
        Role::MultilineTextInput => (Tag::Div, Some("textbox")),
        Role::Image => (Tag::Div, Some("img")),
        Role::Meter => (Tag::Div, Some("meter")),
        Role::ProgressIndicator => (Tag::Div, Some("progressbar")),
        Role::Heading => (Tag::Div, Some("heading")),
        Role::TabList => (Tag::Div, Some("tablist")),
        Role::Menu => (Tag::Div, Some("menu")),
        Role::ListBox => (Tag::Div, Some("listbox")),
        Role::Tooltip => (Tag::Div, Some("tooltip")),
        Role::Label => (Tag::Span, None),
        Role::TextRun | Role::Window | Role::RootWebArea => return None,
        // A toggled thing of another role is still something to press.
        _ if toggled => (Tag::Button, Some("button")),
        _ if named => (Tag::Div, Some("group")),
        _ => return None,
    })
}

/// The model of a full tree update (egui sends the whole tree every pass). `scale` is CSS
/// pixels per egui point (the zoom factor).
#[inline(never)] // V8 optimises it on its own: docs/web.md, "rustc made large functions"
pub fn build(update: &TreeUpdate, scale: f32) -> Model {
    let nodes: HashMap<NodeId, &Node> = update.nodes.iter().map(|(id, n)| (*id, n)).collect();
    let mut model = Model::default();
    let Some(root) = update.tree.as_ref().map(|t| t.root) else {
        return model;
    };
    model.lang = nodes
        .get(&root)
        .and_then(|n| n.language())
        .map(str::to_owned);
    // Depth first, in the children's order; a node seen twice (a malformed tree) once.
    let mut seen = HashSet::new();
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        let Some(node) = nodes.get(&id) else { continue };
        if !seen.insert(id) {
            continue;
        }
        stack.extend(node.children().iter().rev().copied());
        if node.is_hidden() {
            continue;
        }
        if let Some(active) = node.active_descendant() {
            model.active = Some(active.0);
        }
        if let Some((tag, role)) = kind(node) {
            model.order.push(id.0);
            model
                .elements
                .insert(id.0, element(node, &nodes, tag, role, scale));
        }
    }
    model.focus = Some(update.focus.0).filter(|id| model.elements.contains_key(id));
    model.active = model.active.filter(|id| model.elements.contains_key(id));
    model
}

/// The words of the nodes that name `node` (egui's `labelled_by`: a label beside a field).
fn labelled_by(node: &Node, nodes: &HashMap<NodeId, &Node>) -> String {
    let words: Vec<&str> = node
        .labelled_by()
        .iter()
        .filter_map(|id| nodes.get(id))
        .filter_map(|n| n.value().or(n.label()))
        .filter(|w| !w.is_empty())
        .collect();
    words.join(" ")
}

fn element(
    node: &Node,
    nodes: &HashMap<NodeId, &Node>,
    tag: Tag,
    role: Option<&'static str>,
    scale: f32,
) -> Element {
    let mut attrs: Vec<(&'static str, String)> = Vec::new();
    let mut set = |name: &'static str, value: String| attrs.push((name, value));
    let label = node.label().unwrap_or_default();
    let value = node.value().unwrap_or_default();
    let field = tag == Tag::Input || role == Some("textbox");
    let text = match tag {
        // A label's words are its value (egui puts them there).
        Tag::Span => {
            if value.is_empty() {
                label.to_owned()
            } else {
                value.to_owned()
            }
        }
        _ => String::new(),
    };
    if let Some(role) = role {
        set("role", role.to_owned());
    }
    if tag != Tag::Span {
        // A field is named by its label, never by what is typed in it.
        let name = match (label, labelled_by(node, nodes)) {
            ("", by) if !by.is_empty() => by,
            ("", _) if !field => value.to_owned(),
            (label, _) => label.to_owned(),
        };
        if !name.is_empty() {
            set("aria-label", name);
        }
        if role == Some("textbox") && !value.is_empty() {
            set("aria-valuetext", value.to_owned());
        }
    }
    if let Some(description) = node.description().filter(|d| !d.is_empty()) {
        set("aria-description", description.to_owned());
    }
    if let Some(placeholder) = node.placeholder().filter(|p| !p.is_empty()) {
        let name = if tag == Tag::Input {
            "placeholder"
        } else {
            "aria-placeholder"
        };
        set(name, placeholder.to_owned());
    }
    let password = node.role() == Role::PasswordInput;
    if tag == Tag::Input {
        set(
            "type",
            if password { "password" } else { "text" }.to_owned(),
        );
        // What egui would not take is not typed: its field is read-only or disabled.
        if node.is_read_only() || node.is_disabled() {
            set("readonly", String::new());
        }
        let run = node
            .children()
            .iter()
            .find(|id| nodes.get(id).is_some_and(|n| n.role() == Role::TextRun));
        if let Some(run) = run {
            set("data-caret", format!("{:x}", run.0));
        }
    }
    let toggled = node.toggled().map(|t| match t {
        Toggled::True => "true",
        Toggled::False => "false",
        Toggled::Mixed => "mixed",
    });
    match (role, toggled) {
        (Some("tab" | "option"), Some(t)) => set("aria-selected", (t == "true").to_string()),
        (Some("checkbox" | "switch" | "radio" | "menuitemcheckbox" | "menuitemradio"), Some(t)) => {
            set("aria-checked", t.to_owned())
        }
        (_, Some(t)) => set("aria-pressed", t.to_owned()),
        _ => {}
    }
    if let Some(selected) = node.is_selected() {
        if matches!(role, Some("tab" | "option")) && toggled.is_none() {
            set("aria-selected", selected.to_string());
        }
    }
    if let Some(expanded) = node.is_expanded() {
        set("aria-expanded", expanded.to_string());
    }
    if node.is_disabled() {
        set("aria-disabled", "true".to_owned());
    }
    if matches!(
        role,
        Some("slider" | "spinbutton" | "meter" | "progressbar")
    ) {
        let number = |v: f64| format!("{}", (v * 1000.0).round() / 1000.0);
        if let Some(v) = node.numeric_value() {
            set("aria-valuenow", number(v));
        }
        if let Some(v) = node.min_numeric_value() {
            set("aria-valuemin", number(v));
        }
        if let Some(v) = node.max_numeric_value() {
            set("aria-valuemax", number(v));
        }
    }
    if let Some(lang) = node.language() {
        set("lang", lang.to_owned());
    }
    attrs.sort_by_key(|(name, _)| *name);
    let rect = node.bounds().map_or([0; 4], |b| {
        let t = |v: f64| (v * scale as f64 * 10.0).round() as i32;
        [t(b.x0), t(b.y0), t(b.x1 - b.x0), t(b.y1 - b.y0)]
    });
    let live = match node.live() {
        Some(Live::Polite) => Some(Politeness::Polite),
        Some(Live::Assertive) => Some(Politeness::Assertive),
        Some(Live::Off) | None => None,
    };
    let value = match (tag, password) {
        (Tag::Input, false) => Some(value.to_owned()),
        (Tag::Input, true) => value.is_empty().then(String::new),
        _ => None,
    };
    Element {
        tag,
        attrs,
        text,
        rect,
        live,
        value,
    }
}

/// The patches that turn `old`'s DOM into `new`'s, and what to announce. Nothing for equal
/// models; elements that stay in the same relative order are not moved.
#[inline(never)] // V8 optimises it on its own: docs/web.md, "rustc made large functions"
pub fn diff(old: &Model, new: &Model) -> Changes {
    let mut patches = Vec::new();
    let mut announce = Vec::new();
    // Removed, and those whose tag changed (made again).
    let remade = |id: &u64| {
        old.elements
            .get(id)
            .is_some_and(|o| new.elements.get(id).is_some_and(|n| n.tag != o.tag))
    };
    for id in &old.order {
        if !new.elements.contains_key(id) || remade(id) {
            patches.push(Patch::Remove(*id));
        }
    }
    // What is kept in place: the longest run of surviving elements already in order.
    let old_index: HashMap<u64, usize> = old
        .order
        .iter()
        .enumerate()
        .filter(|(_, id)| new.elements.contains_key(id) && !remade(id))
        .map(|(i, id)| (*id, i))
        .collect();
    let kept = stable(&new.order, &old_index);
    for id in &new.order {
        let n = &new.elements[id];
        match old.elements.get(id).filter(|o| o.tag == n.tag) {
            None => {
                patches.push(Patch::Create {
                    id: *id,
                    tag: n.tag,
                });
                for (name, value) in &n.attrs {
                    patches.push(Patch::Attr {
                        id: *id,
                        name,
                        value: Some(value.clone()),
                    });
                }
                if !n.text.is_empty() {
                    patches.push(Patch::Text {
                        id: *id,
                        text: n.text.clone(),
                    });
                }
                if let Some(value) = n.value.as_ref().filter(|v| !v.is_empty()) {
                    patches.push(Patch::Value {
                        id: *id,
                        value: value.clone(),
                    });
                }
                patches.push(Patch::Rect {
                    id: *id,
                    rect: n.rect,
                });
            }
            Some(o) => {
                for (name, value) in &n.attrs {
                    if o.attr(name) != Some(value) {
                        patches.push(Patch::Attr {
                            id: *id,
                            name,
                            value: Some(value.clone()),
                        });
                    }
                }
                for (name, _) in &o.attrs {
                    if n.attr(name).is_none() {
                        patches.push(Patch::Attr {
                            id: *id,
                            name,
                            value: None,
                        });
                    }
                }
                if o.text != n.text {
                    patches.push(Patch::Text {
                        id: *id,
                        text: n.text.clone(),
                    });
                }
                if o.rect != n.rect {
                    patches.push(Patch::Rect {
                        id: *id,
                        rect: n.rect,
                    });
                }
                if let Some(value) = n.value.as_ref().filter(|_| o.value != n.value) {
                    patches.push(Patch::Value {
                        id: *id,
                        value: value.clone(),
                    });
                }
            }
        }
        // The first model is the page as it opens: nothing is news yet.
        if let Some(live) = n.live {
            let said = old.elements.get(id).map(|o| o.name()) == Some(n.name());
            if !old.elements.is_empty() && !said && !n.name().is_empty() {
                announce.push((live, n.name().to_owned()));
            }
        }
    }
    // Placed back to front, each before its successor (already in place by then).
    for (i, id) in new.order.iter().enumerate().rev() {
        if !kept.contains(id) {
            patches.push(Patch::Place {
                id: *id,
                before: new.order.get(i + 1).copied(),
            });
        }
    }
    Changes {
        patches,
        announce,
        focus_moved: old.focus != new.focus || old.active != new.active,
        lang_changed: old.lang != new.lang,
    }
}

/// The ids of `order` that keep their places: a longest subsequence whose old positions
/// rise (patience sorting, O(n log n)).
fn stable(order: &[u64], old_index: &HashMap<u64, usize>) -> HashSet<u64> {
    let seq: Vec<(u64, usize)> = order
        .iter()
        .filter_map(|id| old_index.get(id).map(|&i| (*id, i)))
        .collect();
    // tails[k]: index into seq of the smallest tail of a rising run of length k + 1.
    let mut tails: Vec<usize> = Vec::new();
    let mut prev: Vec<Option<usize>> = vec![None; seq.len()];
    for (i, &(_, pos)) in seq.iter().enumerate() {
        let k = tails.partition_point(|&t| seq[t].1 < pos);
        prev[i] = k.checked_sub(1).map(|k| tails[k]);
        if k == tails.len() {
            tails.push(i);
        } else {
            tails[k] = i;
        }
    }
    let mut kept = HashSet::new();
    let mut at = tails.last().copied();
    while let Some(i) = at {
        kept.insert(seq[i].0);
        at = prev[i];
    }
    kept
}

#[cfg(test)]
mod tests;
