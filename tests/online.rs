//! Playing a friend through the real widgets and a real `qipan-server` on loopback: one app
//! creates a room, another joins it by typing the code, they play Shuang Cheng by clicks on
//! the board points, and both show the same position after every move.

mod common;

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipan::ui::App;
use qipan_session::timer::SystemClock;

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
            ..Default::default()
        }))
        .expect("the server starts");
    common::two_apps_play_two_moves(&format!("ws://{}/ws", server.addr()));
    runtime.block_on(server.stop());
}

/// The pictures of docs/online.md ("Screenshots"), to be looked at, not compared: at the
/// three sizes and in both languages a host and a friend go through creating, waiting,
/// joining by the code, playing, the friend leaving and coming back, and the end, drawn by
/// wgpu (natively: lavapipe, as under Xvfb). Written to `e2e/screenshots/online/native/`
/// (or `$QIPAN_SHOTS/online/native/`) as `LANG-SIZE-NN-STATE-WHO.png`.
#[test]
#[ignore = "writes screenshots: cargo test --test online -- --ignored"]
fn screenshots_of_the_online_flow() {
    use qipan::i18n::{I18n, Lang};
    use qipan::msg;
    use qipan::ui::settings::Settings;

    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let data = tempfile::tempdir().expect("a folder");
    let server = runtime
        .block_on(qipan_server::start(qipan_server::Config {
            listen: std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
            data: data.path().join("games.sqlite"),
            site: None,
            nats: None,
            turn_ms: 60_000,
            ..Default::default()
        }))
        .expect("the server starts");
    let ws = format!("ws://{}/ws", server.addr());
    let base = std::env::var_os("QIPAN_SHOTS").map_or_else(
        || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("e2e/screenshots"),
        std::path::PathBuf::from,
    );
    let dir = base.join("online/native");
    // Only this run's pictures: a failed run leaves none behind to be taken for new.
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the screenshot folder");

    let sizes = [
        ("desktop", [1280.0, 800.0]),
        ("tablet", [820.0, 1180.0]),
        ("phone", [390.0, 844.0]),
    ];
    for (size_name, size) in sizes {
        for lang in Lang::ALL {
            let i18n = I18n::new(lang);
            let tr = |id| i18n.tr(id);
            let open = || {
                let ws = ws.clone();
                let settings = Settings {
                    lang: Some(lang),
                    ..Settings::default()
                };
                let mut harness = Harness::builder()
                    .with_size(size)
                    .with_max_steps(64)
                    .with_render_cursor(false)
                    .wgpu()
                    .build_eframe(move |cc| {
                        let mut app =
                            App::from_parts(cc, settings, None, Box::new(SystemClock::default()));
                        app.set_animations(false);
                        app.set_server(ws);
                        app
                    });
                harness.run();
                harness
            };
            let mut n = 0;
            let mut save = |h: &mut Harness<'static, App>, state: &str, who: &str| {
                h.run();
                n += 1;
                let image = h.render().expect("a picture");
                let name = format!("{}-{size_name}-{n:02}-{state}-{who}.png", lang.tag());
                image.save(dir.join(name)).expect("the picture is written");
            };
            // The section's heading (the wide layout) or its tab (the narrow one).
            let heading = tr(msg!("online-heading"));
            let open_section = |h: &mut Harness<'static, App>| {
                h.get_all_by_label(&heading)
                    .next()
                    .expect("the Play a friend section")
                    .click();
                h.run();
            };
            let show = |h: &mut Harness<'static, App>, label: &str| {
                h.get_all_by_label(label)
                    .next()
                    .unwrap_or_else(|| panic!("no {label}"))
                    .scroll_to_me();
                h.run();
            };

            let mut host = open();
            open_section(&mut host);
            show(&mut host, &tr(msg!("online-create")));
            save(&mut host, "create", "host");
            common::click_in_view(&mut host, &tr(msg!("online-create")));
            common::wait_for(&mut [&mut host], "a room", |a| {
                a[0].session().online().is_some_and(|o| o.state().is_some())
            });
            let room = common::room_of(&host);
            host.get_by_label(&tr(msg!("online-leave"))).scroll_to_me();
            save(&mut host, "waiting", "host");

            let mut friend = open();
            open_section(&mut friend);
            let code = tr(msg!("online-join-code"));
            show(&mut friend, &code);
            common::click_in_view(&mut friend, &code);
            friend.run();
            friend.get_by_label(&code).type_text(&room);
            save(&mut friend, "join", "friend");
            common::click_in_view(&mut friend, &tr(msg!("online-join")));
            let seated = common::friend_seated;
            common::wait_for(&mut [&mut host, &mut friend], "the friend seated", seated);

            click_point(&mut host, "bh");
            click_point(&mut host, "c");
            common::wait_for(&mut [&mut host, &mut friend], "the move", |a| {
                a.iter().all(|app| app.game().len() == 1)
            });
            save(&mut host, "playing", "host");
            save(&mut friend, "playing", "friend");

            // The friend leaves the room and joins it again with its kept token.
            let leave = tr(msg!("online-leave"));
            show(&mut friend, &leave);
            common::click_in_view(&mut friend, &leave);
            common::wait_for(&mut [&mut host, &mut friend], "the friend gone", |a| {
                a[0].session()
                    .online()
                    .and_then(|o| o.state())
                    .is_some_and(|s| !s.connected.o)
            });
            save(&mut host, "friend-gone", "host");
            // The code is still in its field.
            let join = tr(msg!("online-join"));
            show(&mut friend, &join);
            common::click_in_view(&mut friend, &join);
            common::wait_for(&mut [&mut host, &mut friend], "the friend back", seated);
            save(&mut host, "friend-back", "host");
            save(&mut friend, "friend-back", "friend");

            // The end: the host resigns.
            let resign = tr(msg!("online-resign"));
            show(&mut host, &resign);
            common::click_in_view(&mut host, &resign);
            common::wait_for(&mut [&mut host, &mut friend], "the game over", |a| {
                a.iter().all(|app| app.game().status().is_over())
            });
            save(&mut host, "end", "host");
            save(&mut friend, "end", "friend");
        }
    }
    runtime.block_on(server.stop());
}

/// Clicks board point `name` in either language ("c, empty" / "c，空").
fn click_point(harness: &mut Harness<'static, App>, name: &str) {
    common::point(harness, name).click();
    harness.step();
}
