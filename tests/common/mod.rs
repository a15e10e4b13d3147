//! What every test of the app that taps the board needs (the app's tests and the snapshot
//! tests): its points are widgets named by the point's name, then what stands there ("c3,
//! dark piece, can move"; after a Chinese comma in Chinese).

// Each test binary that includes this module uses a part of it.
#![allow(dead_code)]

use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use qipan::ui::App;
use qipan_session::timer::SystemClock;
use std::time::{Duration, Instant};

/// Whether `node` is the board point `name`: its label starts with the name ("c3, dark
/// piece, can move"), or the name and what it means ("tl (top-left corner), empty").
pub fn is_point(node: &egui_kittest::kittest::AccessKitNode<'_>, name: &str) -> bool {
    node.label().is_some_and(|label| {
        [", ", "，", " (", "（"]
            .iter()
            .any(|after| label.starts_with(&format!("{name}{after}")))
    })
}

/// The board point `name`.
pub fn point<'h>(harness: &'h Harness<'static, App>, name: &'h str) -> egui_kittest::Node<'h> {
    harness.get_by(|n| is_point(n, name))
}

/// Clicks the board points named in `taps` (the points are named widgets).
pub fn tap(harness: &mut Harness<'static, App>, taps: &[&str]) {
    for name in taps {
        point(harness, name).click();
        harness.run();
    }
}

/// Brings the widget named `label` into view (a column may have scrolled it out, and a
/// click lands where the widget is drawn), then clicks it; the caller runs the next frames.
pub fn click_in_view(harness: &mut Harness<'static, App>, label: &str) {
    harness.get_by_label(label).scroll_to_me();
    harness.run();
    harness.get_by_label(label).click();
}

/// An app against the server at `ws`, with nothing kept from earlier runs.
pub fn online_app(ws: &str) -> Harness<'static, App> {
    let ws = ws.to_owned();
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(64)
        .build_eframe(move |cc| {
            let mut app = App::from_parts(
                cc,
                Default::default(),
                None,
                Box::new(SystemClock::default()),
            );
            app.set_animations(false);
            app.set_server(ws);
            app
        });
    harness.run();
    harness
}

/// Steps both apps in real time (the sockets and requests run on their own threads) until
/// `done` holds.
pub fn wait_for(
    apps: &mut [&mut Harness<'static, App>],
    what: &str,
    done: impl Fn(&[&App]) -> bool,
) {
    let start = Instant::now();
    loop {
        for app in apps.iter_mut() {
            app.step();
        }
        let states: Vec<&App> = apps.iter().map(|a| a.state()).collect();
        if done(&states) {
            break;
        }
        // Generous: a pairing took over 20 s here with three builds on the two cores (it
        // takes about 4 s alone).
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    for app in apps.iter_mut() {
        app.run();
    }
}

/// Two apps on `ws` play through the real widgets: one creates a room, the other joins it by
/// typing the code, they play Shuang Cheng's first two moves by clicks on the board points,
/// and both show the same position after every move (`tests/online.rs` over `ws://`,
/// `tests/tls.rs` over `wss://`).
pub fn two_apps_play_two_moves(ws: &str) {
    let mut host = online_app(ws);
    let mut friend = online_app(ws);

    click_in_view(&mut host, "Play online");
    host.run();
    click_in_view(&mut host, "Create a game");
    wait_for(&mut [&mut host], "a room", |a| {
        a[0].session().online().and_then(|o| o.room()).is_some()
            && a[0].session().online().is_some_and(|o| o.state().is_some())
    });
    let room = room_of(&host);
    assert!(host.query_by_label(&format!("Room {room}")).is_some());
    assert!(host.query_by_label("QR code of the room's link").is_some());

    click_in_view(&mut friend, "Play online");
    friend.run();
    click_in_view(&mut friend, "Room code");
    friend.run();
    friend.get_by_label("Room code").type_text(&room);
    friend.run();
    click_in_view(&mut friend, "Join");
    wait_for(
        &mut [&mut host, &mut friend],
        "the friend seated",
        friend_seated,
    );
    host.run();
    let said = |h: &Harness<'static, App>, text: &str| h.query_by_label_contains(text).is_some();
    assert!(
        said(&host, "Your friend is here"),
        "the status line says so"
    );
    assert!(said(&friend, "You play Light"));

    // Dark (the host) and Light (the friend) move in turn, by clicks on the board.
    let moves = [("host", "bh", "c"), ("friend", "l", "bh")];
    for (ply, (who, from, to)) in moves.into_iter().enumerate() {
        let mover = if who == "host" {
            &mut host
        } else {
            &mut friend
        };
        point(mover, from).click();
        mover.step();
        point(mover, to).click();
        mover.step();
        wait_for(
            &mut [&mut host, &mut friend],
            "the move on both boards",
            |a| a.iter().all(|app| app.game().len() == ply + 1),
        );
        assert_eq!(
            host.state().game().position_text(),
            friend.state().game().position_text()
        );
    }
    assert_eq!(host.state().game().ply_texts(), ["bh-c", "l-bh"]);
    // Undo is off in an online game.
    assert!(host.get_by_label("Undo").accesskit_node().is_disabled());
}

/// The room the app's online game is in (after a `state` came).
pub fn room_of(app: &Harness<'static, App>) -> String {
    app.state()
        .session()
        .online()
        .and_then(|o| o.room())
        .expect("a room")
        .to_owned()
}

/// Whether the friend (`apps[1]`) has the room's state and the host (`apps[0]`) sees them
/// connected.
pub fn friend_seated(apps: &[&App]) -> bool {
    apps[1]
        .session()
        .online()
        .is_some_and(|o| o.state().is_some())
        && apps[0]
            .session()
            .online()
            .and_then(|o| o.state())
            .is_some_and(|s| s.connected.o)
}
