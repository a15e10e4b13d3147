//! The mirror's model from real egui passes (AccessKit on, widgets as the app makes them)
//! and from hand-made trees, and the patches between models.

use super::*;
use egui::accesskit::{Live, Node, NodeId, Rect, Role, Toggled, TreeId, TreeInfo, TreeUpdate};

/// The tree update of one egui pass that draws `ui`.
fn pass(ctx: &egui::Context, mut draw: impl FnMut(&mut egui::Ui)) -> TreeUpdate {
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(800.0, 600.0),
        )),
        ..Default::default()
    };
    let mut output = ctx.run_ui(input, |root| {
        egui::CentralPanel::default().show(root, |ui| draw(ui));
    });
    let update = output.platform_output.accesskit_update.take();
    output.drop_without_applying_deltas();
    update.expect("AccessKit is on")
}

fn context() -> egui::Context {
    let ctx = egui::Context::default();
    ctx.enable_accesskit();
    ctx
}

/// A panel like the app's: a button, a checkbox, two selectable labels (one chosen), a
/// disabled button, a label made a live region, and a tab.
fn controls(ui: &mut egui::Ui, checked: &mut bool, status: &str) {
    let _ = ui.button("New game");
    ui.checkbox(checked, "Two people on one screen");
    let _ = ui.selectable_label(true, "English");
    let _ = ui.selectable_label(false, "中文");
    ui.add_enabled(false, egui::Button::new("Redo"));
    let said = ui.label(status);
    ui.ctx()
        .accesskit_node_builder(said.id, |n| n.set_live(Live::Polite));
    let tab = ui.selectable_label(true, "Rules");
    crate::a11y::tab(&tab);
    crate::a11y::set_language(ui.ctx(), "zh-CN");
}

#[test]
fn widgets_become_elements_with_roles_names_and_states() {
    let ctx = context();
    let mut checked = true;
    let update = pass(&ctx, |ui| controls(ui, &mut checked, "Your turn"));
    let model = build(&update, 1.0);
    let (_, new_game) = model.find("New game").expect("the button");
    assert_eq!(new_game.tag, Tag::Button);
    assert_eq!(new_game.attr("role"), Some("button"));
    assert_eq!(new_game.attr("aria-disabled"), None);
    let (_, check) = model
        .find("Two people on one screen")
        .expect("the checkbox");
    assert_eq!(check.attr("role"), Some("checkbox"));
    assert_eq!(check.attr("aria-checked"), Some("true"));
    assert_eq!(
        model.find("English").unwrap().1.attr("aria-pressed"),
        Some("true")
    );
    assert_eq!(
        model.find("中文").unwrap().1.attr("aria-pressed"),
        Some("false")
    );
    assert_eq!(
        model.find("Redo").unwrap().1.attr("aria-disabled"),
        Some("true")
    );
    let (_, tab) = model.find("Rules").expect("the tab");
    assert_eq!(tab.attr("role"), Some("tab"));
    assert_eq!(tab.attr("aria-selected"), Some("true"));
    let (_, status) = model.find("Your turn").expect("the label");
    assert_eq!(status.tag, Tag::Span);
    assert_eq!(status.text, "Your turn");
    assert_eq!(status.live, Some(Politeness::Polite));
    assert_eq!(model.lang.as_deref(), Some("zh-CN"));
    // Placed where egui drew it, in reading order.
    assert!(new_game.rect[2] > 0 && new_game.rect[3] > 0);
    let names: Vec<&str> = model.iter().map(|(_, e)| e.name()).collect();
    let at = |n: &str| names.iter().position(|x| *x == n).unwrap();
    assert!(at("New game") < at("English") && at("English") < at("Redo"));
    // Every element has a name.
    assert!(model.iter().all(|(_, e)| !e.name().is_empty()), "{names:?}");
}

#[test]
fn a_still_frame_changes_nothing_and_a_click_changes_only_its_state() {
    let ctx = context();
    let mut checked = false;
    let first = build(
        &pass(&ctx, |ui| controls(ui, &mut checked, "Your turn")),
        1.0,
    );
    let created = diff(&Model::default(), &first);
    assert_eq!(
        created
            .patches
            .iter()
            .filter(|p| matches!(p, Patch::Create { .. }))
            .count(),
        first.order.len()
    );
    // The page as it opens announces nothing.
    assert!(created.announce.is_empty());
    let again = build(
        &pass(&ctx, |ui| controls(ui, &mut checked, "Your turn")),
        1.0,
    );
    assert!(
        diff(&first, &again).is_empty(),
        "{:?}",
        diff(&first, &again)
    );
    checked = true;
    let toggled = build(
        &pass(&ctx, |ui| controls(ui, &mut checked, "Your turn")),
        1.0,
    );
    let (id, _) = toggled.find("Two people on one screen").unwrap();
    assert_eq!(
        diff(&again, &toggled).patches,
        vec![Patch::Attr {
            id,
            name: "aria-checked",
            value: Some("true".into())
        }]
    );
}

#[test]
fn a_live_label_says_its_new_text() {
    let ctx = context();
    let mut checked = false;
    let before = build(
        &pass(&ctx, |ui| controls(ui, &mut checked, "Your turn")),
        1.0,
    );
    let moved = "The computer (Light) played l-c.";
    let after = build(&pass(&ctx, |ui| controls(ui, &mut checked, moved)), 1.0);
    let changes = diff(&before, &after);
    assert_eq!(
        changes.announce,
        vec![(Politeness::Polite, moved.to_owned())]
    );
    // The same text again is not said twice.
    let still = build(&pass(&ctx, |ui| controls(ui, &mut checked, moved)), 1.0);
    assert!(diff(&after, &still).announce.is_empty());
}

#[test]
fn an_accesskit_click_clicks_the_widget() {
    let ctx = context();
    let mut clicks = 0;
    let run = |events: Vec<egui::Event>, clicks: &mut i32| {
        let input = egui::RawInput {
            events,
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(400.0, 300.0),
            )),
            ..Default::default()
        };
        let mut id = None;
        ctx.run_ui(input, |root| {
            egui::CentralPanel::default().show(root, |ui| {
                let r = ui.button("Undo");
                id = Some(r.id);
                if r.clicked() {
                    *clicks += 1;
                }
            });
        })
        .drop_without_applying_deltas();
        id.unwrap()
    };
    let id = run(Vec::new(), &mut clicks);
    let request = egui::accesskit::ActionRequest {
        action: egui::accesskit::Action::Click,
        target_tree: TreeId::ROOT,
        target_node: id.accesskit_id(),
        data: None,
    };
    run(
        vec![egui::Event::AccessKitActionRequest(request)],
        &mut clicks,
    );
    assert_eq!(clicks, 1);
}

// Hand-made trees: the diff's order keeping, removals and the focus.

fn node(role: Role, label: &str, x: f64) -> Node {
    let mut n = Node::new(role);
    if !label.is_empty() {
        n.set_label(label);
    }
    n.set_bounds(Rect::new(x, 0.0, x + 10.0, 10.0));
    n
}

fn tree(children: &[(u64, Node)], focus: u64) -> TreeUpdate {
    let mut root = Node::new(Role::Window);
    root.set_children(
        children
            .iter()
            .map(|(id, _)| NodeId(*id))
            .collect::<Vec<_>>(),
    );
    let mut nodes = vec![(NodeId(1), root)];
    nodes.extend(children.iter().map(|(id, n)| (NodeId(*id), n.clone())));
    TreeUpdate {
        nodes,
        tree: Some(TreeInfo::new(NodeId(1))),
        tree_id: TreeId::ROOT,
        focus: NodeId(focus),
    }
}

/// Applies patches to a plain list of ids, as the DOM would order its children.
fn replay(mut order: Vec<u64>, changes: &Changes) -> Vec<u64> {
    for p in &changes.patches {
        match p {
            Patch::Remove(id) => order.retain(|x| x != id),
            Patch::Place { id, before } => {
                order.retain(|x| x != id);
                let at = before.and_then(|b| order.iter().position(|x| *x == b));
                order.insert(at.unwrap_or(order.len()), *id);
            }
            _ => {}
        }
    }
    order
}

#[test]
fn the_diff_moves_few_elements_and_keeps_the_order() {
    let b = |id: u64| (id, node(Role::Button, &format!("b{id}"), id as f64));
    let old = build(&tree(&[b(2), b(3), b(4), b(5), b(6)], 1), 1.0);
    let new = build(&tree(&[b(2), b(7), b(4), b(5), b(3)], 1), 1.0);
    let changes = diff(&old, &new);
    assert!(changes.patches.contains(&Patch::Remove(6)));
    let places = changes
        .patches
        .iter()
        .filter(|p| matches!(p, Patch::Place { .. }))
        .count();
    // 7 is new, 3 moved: the other three stay where they are.
    assert_eq!(places, 2, "{:?}", changes.patches);
    assert_eq!(replay(old.order.clone(), &changes), new.order);
    // From nothing: everything placed, in order.
    assert_eq!(
        replay(Vec::new(), &diff(&Model::default(), &new)),
        new.order
    );
}

#[test]
fn structure_is_skipped_and_focus_and_the_ring_are_followed() {
    let mut board = node(Role::Image, "Board", 0.0);
    board.set_active_descendant(NodeId(4));
    let mut group = Node::new(Role::GenericContainer);
    group.set_children(vec![NodeId(4)]);
    let point = node(Role::Button, "c, empty, move here", 5.0);
    let mut run = Node::new(Role::TextRun);
    run.set_value("ignored");
    let update = tree(&[(2, board), (3, group), (4, point), (5, run)], 4);
    let model = build(&update, 2.0);
    assert_eq!(model.order, vec![2, 4]);
    assert_eq!(model.active, Some(4));
    assert_eq!(model.focus, Some(4));
    assert_eq!(model.get(2).unwrap().attr("role"), Some("img"));
    // CSS px: points times the zoom, in tenths.
    assert_eq!(model.get(4).unwrap().rect, [100, 0, 200, 200]);
    let moved = build(&tree(&[(2, node(Role::Image, "Board", 0.0))], 1), 2.0);
    let changes = diff(&model, &moved);
    assert!(changes.focus_moved);
    assert_eq!(moved.focus, None);
    assert!(changes.patches.contains(&Patch::Remove(4)));
}

#[test]
fn a_changed_role_remakes_the_element_and_states_come_and_go() {
    let mut check = node(Role::CheckBox, "Solidarity", 0.0);
    check.set_toggled(Toggled::False);
    let old = build(
        &tree(&[(2, check.clone()), (3, node(Role::Label, "x", 0.0))], 1),
        1.0,
    );
    check.set_disabled();
    check.set_toggled(Toggled::Mixed);
    let new = build(
        &tree(&[(2, check), (3, node(Role::Button, "x", 0.0))], 1),
        1.0,
    );
    let changes = diff(&old, &new);
    assert!(changes.patches.contains(&Patch::Remove(3)));
    assert!(changes.patches.contains(&Patch::Create {
        id: 3,
        tag: Tag::Button
    }));
    assert!(changes.patches.contains(&Patch::Attr {
        id: 2,
        name: "aria-checked",
        value: Some("mixed".into())
    }));
    assert!(changes.patches.contains(&Patch::Attr {
        id: 2,
        name: "aria-disabled",
        value: Some("true".into())
    }));
    assert_eq!(replay(old.order.clone(), &changes), new.order);
    let back = diff(&new, &old);
    assert!(back.patches.contains(&Patch::Attr {
        id: 2,
        name: "aria-disabled",
        value: None
    }));
}

#[test]
fn the_page_s_focus_goes_to_a_focused_field_and_stays_in_one_typed_in() {
    let mut board = node(Role::Image, "Board", 0.0);
    board.set_active_descendant(NodeId(3));
    let nodes = [
        (2, board),
        (3, node(Role::Button, "c, empty", 5.0)),
        (4, node(Role::TextInput, "Room code", 9.0)),
        (5, node(Role::Button, "Join", 12.0)),
    ];
    let focused_on = |focus| build(&tree(&nodes, focus), 1.0);
    // egui focused the field: the page's focus goes there, not to the board's ring.
    assert_eq!(focused_on(4).focus_target(3), Some(4));
    assert_eq!(focused_on(4).focus_target(4), None);
    // egui let go of it (Enter does): the page's focus stays in it.
    assert_eq!(focused_on(1).focus_target(4), None);
    // From a button, as before: to the ring.
    assert_eq!(focused_on(1).focus_target(5), Some(3));
    // egui focused another widget: the page's focus follows, to the ring.
    assert_eq!(focused_on(5).focus_target(4), Some(3));
}
