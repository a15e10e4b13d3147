//! Playing a friend through the real widgets and a real `qipan-server` on loopback: one app
//! creates a room, another joins it by typing the code, they play Shuang Cheng by clicks on
//! the board points, and both show the same position after every move.

use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use qipan::ui::App;
use qipan_session::timer::SystemClock;
use std::time::{Duration, Instant};

/// An app against the server at `ws`, with nothing kept from earlier runs.
fn app(ws: &str) -> Harness<'static, App> {
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

/// Steps both apps in real time (the sockets run on their own threads) until `done` holds.
fn wait(apps: &mut [&mut Harness<'static, App>], what: &str, done: impl Fn(&[&App]) -> bool) {
    let start = Instant::now();
    loop {
        for app in apps.iter_mut() {
            app.step();
        }
        let states: Vec<&App> = apps.iter().map(|a| a.state()).collect();
        if done(&states) {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn click_point(harness: &mut Harness<'static, App>, name: &str) {
    harness
        .get_by(|n| {
            n.label()
                .is_some_and(|l| l.starts_with(&format!("{name}, ")))
        })
        .click();
    harness.step();
}

#[test]
fn two_apps_play_one_game_through_the_server() {
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let data = tempfile::tempdir().expect("a folder");
    let server = runtime
        .block_on(qipan_server::start(qipan_server::Config {
            listen: std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
            data: data.path().join("games.sqlite"),
            site: None,
            nats: None,
            turn_ms: 60_000,
        }))
        .expect("the server starts");
    let ws = format!("ws://{}/ws", server.addr());
    let mut host = app(&ws);
    let mut friend = app(&ws);

    host.get_by_label("Play a friend").click();
    host.run();
    host.get_by_label("Create a game").click();
    wait(&mut [&mut host], "a room", |a| {
        a[0].session().online().and_then(|o| o.room()).is_some()
            && a[0].session().online().is_some_and(|o| o.state().is_some())
    });
    let room = host
        .state()
        .session()
        .online()
        .and_then(|o| o.room())
        .expect("a room")
        .to_owned();
    assert!(host.query_by_label(&format!("Room {room}")).is_some());
    assert!(host.query_by_label("QR code of the room's link").is_some());

    friend.get_by_label("Play a friend").click();
    friend.run();
    friend.get_by_label("Room code").click();
    friend.run();
    friend.get_by_label("Room code").type_text(&room);
    friend.run();
    friend.get_by_label("Join").click();
    wait(&mut [&mut host, &mut friend], "the friend seated", |a| {
        a[1].session().online().is_some_and(|o| o.state().is_some())
            && a[0]
                .session()
                .online()
                .and_then(|o| o.state())
                .is_some_and(|s| s.connected.o)
    });
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
        click_point(mover, from);
        click_point(mover, to);
        wait(
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
    runtime.block_on(server.stop());
}
