//! Two servers sharing one NATS (JetStream) started by the test: players on different
//! servers play one game. Skipped, loudly, only when nats-server is not installed.

mod common;

use std::time::Duration;

use common::nats::{nats_server, start_nats};
use common::{pick_move, server, Player};
use serde_json::json;

#[test]
fn players_on_two_servers_play_one_game_through_nats() {
    let Some(bin) = nats_server() else {
        // The harness shows a test's output with --nocapture, standard output as well.
        println!("\n!!!! SKIPPED players_on_two_servers_play_one_game_through_nats: nats-server is not installed (apt-get install nats-server) !!!!\n");
        return;
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let (_nats, url) = start_nats(&bin, &dir.path().join("js"));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        tokio::time::timeout(Duration::from_secs(90), async {
            let one = server(&dir.path().join("one.sqlite"), 60_000, Some(url.clone())).await;
            let two = server(&dir.path().join("two.sqlite"), 60_000, Some(url.clone())).await;
            let mut x = Player::create(one.addr(), "shuangcheng", "x").await;
            let mut o = Player::join(two.addr(), &x.room).await;
            assert_eq!(o.seat, "o");
            let both = |s: &serde_json::Value| s["connected"] == json!({"x": true, "o": true});
            let mut state = o.client.state_where(both).await;
            x.client.state_where(both).await;
            // A spectator on the second server sees the game too.
            let mut fan = Player::join(two.addr(), &x.room).await;
            assert_eq!(fan.seat, "spectator");
            fan.client.recv_type("state").await;

            let mut n = 0;
            while state["status"] == "ongoing" {
                let (side, mv) = pick_move(&state, n * 5 + 2);
                let token = if side == "x" { x.token.clone() } else { o.token.clone() };
                let room = x.room.clone();
                let frame = |mv: &str| json!({"type": "move", "room": room, "token": token, "ply": n, "move": mv});
                if n == 2 {
                    // Two servers asked for the same ply at once, with two moves: the
                    // bucket's compare-and-swap lets exactly one in.
                    let (_, other_mv) = pick_move(&state, n * 5 + 3);
                    let mut a = common::Client::connect(one.addr()).await;
                    let mut b = common::Client::connect(two.addr()).await;
                    tokio::join!(a.send(frame(&mv)), b.send(frame(&other_mv)));
                    let (ra, rb) = tokio::join!(a.recv(), b.recv());
                    let kinds = [ra["type"].clone(), rb["type"].clone()];
                    assert!(kinds.contains(&json!("state")) && kinds.contains(&json!("error")), "{ra} {rb}");
                    let refused = if ra["type"] == "error" { &ra } else { &rb };
                    assert_eq!(refused["code"], "stale");
                } else {
                    let mover = if side == "x" { &mut x } else { &mut o };
                    mover.play(n, &mv).await;
                }
                let seen = x.client.state_with_plies(n + 1).await;
                state = o.client.state_with_plies(n + 1).await;
                assert_eq!(seen["plies"], state["plies"]);
                assert_eq!(fan.client.state_with_plies(n + 1).await["plies"], state["plies"]);
                if n == 1 {
                    // The same move again, through the other server: it knows, `stale`.
                    let other = if side == "x" { two.addr() } else { one.addr() };
                    let mut twin = common::Client::connect(other).await;
                    twin.send(frame(&mv)).await;
                    twin.expect_error("stale").await;
                }
                n += 1;
                assert!(n < 400);
            }
            assert_eq!(state["reason"], "no-move");
            // Never two plies for one: the played plies replay as one game.
            assert_eq!(state["plies"].as_array().map(Vec::len), Some(n));

            // Resume on the other server than the one the seat was taken on.
            o.client.close().await;
            let mut o = Player::resume(one.addr(), &x.room, &o.token).await;
            assert_eq!(o.seat, "o");
            let back = o.client.recv_type("state").await;
            assert_eq!(back["plies"], state["plies"]);
            one.stop().await;
            two.stop().await;
        })
        .await
        .expect("the test finished in time");
    });
}
