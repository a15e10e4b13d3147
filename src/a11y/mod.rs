//! The web page's accessibility tree. eframe's web runner drops egui's AccessKit tree, so a
//! screen reader would find one silent `<canvas>`. [`Mirror`], an egui [`Plugin`], turns
//! AccessKit on, takes each pass's tree update, and mirrors it into hidden DOM elements over
//! the canvas (`<div id="qipan_a11y">`): one element per button, tab, checkbox, setting,
//! label and board point, with its ARIA role, name, states and place; the live regions'
//! new text goes to two announcer regions (polite, assertive). Activating an element (a
//! click, or Enter or Space from a screen reader) comes back to egui as an AccessKit action
//! request, as a tap would; a text field is a real `<input>`, and what is typed into it
//! reaches egui's `TextEdit` ([`typing`]).
//!
//! [`model`] and [`typing`] are the pure half (tree to DOM model, the patches between two
//! models, typing as egui events), tested natively; `dom` (wasm32 only) applies the
//! patches and listens. On a still board the tree does not change and the DOM is not
//! touched; the mirror never asks for a frame itself.

pub mod model;
pub mod typing;

#[cfg(target_arch = "wasm32")]
mod dom;

use egui::{Context, FullOutput, Plugin, RawInput};

/// The plugin: the model of what the page holds now.
#[derive(Default)]
pub struct Mirror {
    model: model::Model,
    /// Whether egui builds the AccessKit tree: from the second frame on (see `input_hook`).
    tree_on: bool,
}

impl Mirror {
    /// Turns AccessKit on and installs the mirror (the DOM half only on the web).
    pub fn install(ctx: &Context) {
        ctx.add_plugin(Mirror::default());
    }
}

impl Plugin for Mirror {
    fn debug_name(&self) -> &'static str {
        "qipan_a11y_mirror"
    }

    fn setup(&mut self, ctx: &Context) {
        #[cfg(target_arch = "wasm32")]
        dom::install(ctx);
        #[cfg(not(target_arch = "wasm32"))]
        let _ = ctx;
    }

    /// Turns the tree on from the second frame, and passes on the actions the page's elements
    /// asked for and what was typed into them since the last pass. The first frame is the
    /// one a player waits for (on a phone over a mobile network, seconds after opening the
    /// page, most of them the browser compiling each function that frame calls for the first
    /// time), so it is drawn without the tree; the second, asked for at once, brings the tree
    /// and the page's elements.
    fn input_hook(&mut self, ctx: &Context, input: &mut RawInput) {
        if !self.tree_on {
            if ctx.cumulative_frame_nr() == 0 {
                ctx.request_repaint();
            } else {
                ctx.enable_accesskit();
                self.tree_on = true;
            }
        }
        #[cfg(target_arch = "wasm32")]
        input.events.extend(dom::take_events());
        #[cfg(not(target_arch = "wasm32"))]
        let _ = input;
    }

    fn output_hook(&mut self, ctx: &Context, output: &mut FullOutput) {
        let Some(update) = output.platform_output.accesskit_update.take() else {
            return;
        };
        let next = model::build(&update, ctx.zoom_factor());
        let changes = model::diff(&self.model, &next);
        if !changes.is_empty() {
            #[cfg(target_arch = "wasm32")]
            dom::apply(&changes, &next);
        }
        self.model = next;
    }
}

/// Says the tree's language (the root node's), so that the page's elements carry it.
pub fn set_language(ctx: &Context, tag: &str) {
    ctx.accesskit_node_builder(egui::accesskit_root_id(), |node| node.set_language(tag));
}

/// Makes a selectable label one of a row of tabs for screen readers (role tab, selected).
pub fn tab(response: &egui::Response) {
    response.ctx.accesskit_node_builder(response.id, |node| {
        node.set_role(egui::accesskit::Role::Tab);
    });
}

/// Makes a label a live region: screen readers say it aloud when it changes (the computer's
/// move, a lost turn, a refusal, the end of the game, the coach's hint and alert).
pub fn live(ui: &egui::Ui, id: egui::Id) {
    ui.ctx().accesskit_node_builder(id, |node| {
        node.set_live(egui::accesskit::Live::Polite);
    });
}

/// Names `point` the board's active descendant: the keyboard ring is on it.
pub fn ring_on(ctx: &Context, board: egui::Id, point: egui::Id) {
    ctx.accesskit_node_builder(board, |node| {
        node.set_active_descendant(point.accesskit_id())
    });
}

#[cfg(test)]
mod tests {
    use super::Mirror;

    /// One frame of a page with one button.
    fn frame(ctx: &egui::Context) -> egui::FullOutput {
        ctx.run_ui(egui::RawInput::default(), |ui| {
            let _ = ui.button("Play");
        })
    }

    fn mirrored(ctx: &egui::Context, name: &str) -> bool {
        ctx.with_plugin(|m: &mut Mirror| m.model.find(name).is_some())
            .unwrap_or(false)
    }

    #[test]
    fn the_tree_comes_with_the_second_frame() {
        let ctx = egui::Context::default();
        Mirror::install(&ctx);
        frame(&ctx).drop_without_applying_deltas();
        assert!(
            !mirrored(&ctx, "Play"),
            "the first frame is drawn without the tree"
        );
        frame(&ctx).drop_without_applying_deltas();
        assert!(mirrored(&ctx, "Play"), "the second frame mirrors the tree");
    }
}
