//! Playing someone new end to end: two apps and a real `qipan-server` on loopback, through
//! the real widgets and the real transport (socket and records API). Each chooses a name,
//! both seek a rated game of Shuang Cheng, they are paired, play, one resigns, and both
//! see each rating's change.
//!
//! The seam for the server's lobby (issue 35): the session's side is tested frame by frame
//! in `crates/session/src/lobby_tests.rs` and the views against a scripted server in
//! `tests/app/lobby.rs`; this test is the same flow against the server itself.

mod common;

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipan::ui::App;
use qipan_session::ModeKind;

/// Chooses `name` through the Play online section.
fn choose(harness: &mut Harness<'static, App>, name: &str) {
    common::click_in_view(harness, "Play online");
    harness.run();
    common::click_in_view(harness, "Your name");
    harness.run();
    harness.get_by_label("Your name").type_text(name);
    harness.run();
    common::click_in_view(harness, "Choose this name");
    harness.run();
}

#[test]
fn two_apps_are_paired_play_and_see_their_rating_change() {
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let data = tempfile::tempdir().expect("a folder");
    let server = runtime
        .block_on(qipan_server::start(qipan_server::Config {
            listen: std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
            data: data.path().join("games.sqlite"),
            ..Default::default()
        }))
        .expect("the server starts");
    let ws = format!("ws://{}/ws", server.addr());
    let mut ann = common::online_app(&ws);
    let mut bob = common::online_app(&ws);
    choose(&mut ann, "Ann");
    // Names have 3 to 20 characters (lobby.md).
    choose(&mut bob, "Bob");
    common::wait_for(&mut [&mut ann, &mut bob], "both names", |a| {
        a.iter().all(|app| app.session().lobby().player().is_some())
    });
    for app in [&mut ann, &mut bob] {
        common::click_in_view(app, "Play someone (rated)");
        app.run();
    }
    common::wait_for(&mut [&mut ann, &mut bob], "the pairing", |a| {
        a.iter().all(|app| {
            app.session()
                .online()
                .is_some_and(|o| o.is_paired() && o.state().is_some())
        })
    });
    let room = |app: &Harness<'static, App>| {
        let online = app
            .state()
            .session()
            .online()
            .map(|o| o.room().map(str::to_owned));
        online.flatten()
    };
    assert_eq!(room(&ann), room(&bob), "one room");
    // A rating is marked provisional once the player's record (the records API) says so:
    // a state gives no deviation.
    common::wait_for(&mut [&mut ann, &mut bob], "each other's records", |a| {
        a.iter().zip(["Bob", "Ann"]).all(|(app, other)| {
            let profile = app.session().lobby().profile(other);
            profile.is_some_and(|fetch| fetch.got().is_some())
        })
    });
    assert!(ann.query_by_label_contains(": Bob (1500?)").is_some());
    assert!(bob.query_by_label_contains(": Ann (1500?)").is_some());
    // The one to move plays; then the other resigns.
    let (mover, other) = if ann.state().session().online().is_some_and(|o| o.my_turn()) {
        (&mut ann, &mut bob)
    } else {
        (&mut bob, &mut ann)
    };
    let mv = mover.state().game().legal_moves()[0];
    mover.state_mut().send(qipan_session::Command::Play(mv));
    mover.run();
    common::wait_for(
        &mut [&mut *mover, &mut *other],
        "the move on both boards",
        |a| a.iter().all(|app| app.game().len() == 1),
    );
    // Resign asks first.
    common::click_in_view(other, "Resign");
    other.run();
    common::click_in_view(other, "Yes, resign");
    other.run();
    common::wait_for(&mut [&mut ann, &mut bob], "both rating changes", |a| {
        a.iter().all(|app| {
            let session = app.session();
            let room = session.online().and_then(|o| o.room());
            room.and_then(|room| session.lobby().game(room))
                .is_some_and(|fetch| fetch.got().is_some())
        })
    });
    for app in [&ann, &bob] {
        assert_eq!(app.state().session().mode().kind(), ModeKind::Online);
        assert!(app.query_by_label_contains("Ann: 1500 → ").is_some());
        assert!(app.query_by_label_contains("Bob: 1500 → ").is_some());
    }
    // Fresh after the game, with no Refresh: each player's record (asked again as the
    // game ended) holds the game, and the players' line the ratings after it.
    common::wait_for(
        &mut [&mut ann, &mut bob],
        "the records with the game",
        |a| {
            a.iter().all(|app| {
                ["Ann", "Bob"].iter().all(|name| {
                    let profile = app.session().lobby().profile(name);
                    profile
                        .and_then(|p| p.got())
                        .is_some_and(|p| p.games.len() == 1)
                })
            })
        },
    );
    let session = ann.state().session();
    let room = session.online().and_then(|o| o.room()).expect("the room");
    let record = session
        .lobby()
        .game(room)
        .and_then(|r| r.got())
        .expect("the record");
    let after = |seat: Option<&qipan_session::lobby::RecordSeat>| {
        let seat = seat.expect("a paired seat");
        format!("{} ({}?)", seat.name, seat.after.round())
    };
    let (x, o) = (
        after(record.players.x.as_ref()),
        after(record.players.o.as_ref()),
    );
    ann.run();
    for seat in [x, o] {
        assert!(ann.query_by_label_contains(&seat).is_some(), "{seat}");
    }
    // The game opens in the review from Ann's profile, the finished room left for it.
    common::click_in_view(&mut ann, "Profile");
    ann.run();
    let game = ann
        .query_by_label_contains("Review: Line-Board Shuang Cheng: ")
        .expect("the game in the profile");
    game.click();
    ann.run();
    assert_eq!(ann.state().session().mode().kind(), ModeKind::Archive);
    assert_eq!(ann.state().game().len(), 1);
    runtime.block_on(server.stop());
}
