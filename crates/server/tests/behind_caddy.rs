//! hosting.md end to end: real Caddy (Debian's package) in front of two servers on one NATS,
//! each with `--proxy` naming Caddy. Ann and Bob register, are paired for a rated game and
//! play through Caddy; the server one of them is on is stopped mid-game (its sockets hear
//! 1012) and started again, then the other is: each time they come back through Caddy to
//! the server still up, resume their seats and play on. At the end no move is lost, the
//! record has every ply and the game was rated exactly once.
//!
//! Skips, saying so, where Caddy or nats-server is not installed; CI installs both.

mod common;

use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

use common::caddy::{caddy_installed, free_port, start_caddy};
use common::nats::{nats_server, start_nats};
use common::{bounded, config, http_get, Member, Player};
use qipan_server::hosting::proxy::Proxies;
use qipan_server::{Config, Running};
use serde_json::{json, Value};

/// A server on NATS at `listen` (port 0 for any), trusting Caddy on loopback.
async fn start_server(dir: &Path, nats: &str, listen: SocketAddr) -> Running {
    let config = Config {
        listen,
        bot_after_ms: None,
        proxies: Proxies::new(vec!["127.0.0.1".parse().expect("an address")]),
        ..config(&dir.join("unused.sqlite"), 60_000, Some(nats.to_owned()))
    };
    qipan_server::start(config)
        .await
        .expect("the server starts")
}

/// Waits until Caddy answers `/ready` (from one of the servers).
async fn until_ready(caddy: SocketAddr) {
    let deadline = Instant::now() + Duration::from_secs(20);
    // Caddy listens a moment after it starts.
    while tokio::net::TcpStream::connect(caddy).await.is_err()
        || http_get(caddy, "/ready").await.0 != 200
    {
        assert!(
            Instant::now() < deadline,
            "Caddy and a server ready in time"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Both players come back through Caddy and take their seats again (the state with every
/// ply so far follows: [`play`] waits for it).
async fn come_back(caddy: SocketAddr, seats: &mut [Player; 2]) {
    for seat in seats.iter_mut() {
        let fresh = Player::resume(caddy, &seat.room, &seat.token).await;
        drop(std::mem::replace(seat, fresh));
    }
}

/// Plays `count` plies from `from`, each by the side to move.
async fn play(seats: &mut [Player; 2], from: usize, count: usize) -> usize {
    for ply in from..from + count {
        let state = seats[0].client.state_with_plies(ply).await;
        seats[1].client.state_with_plies(ply).await;
        let (side, mv) = common::pick_move(&state, ply);
        let mover = seats.iter_mut().find(|s| s.seat == side).expect("a seat");
        mover.play(ply, &mv).await;
    }
    from + count
}

#[test]
fn a_rolling_restart_behind_caddy_loses_no_move_and_rates_once() {
    let Some(nats_bin) = nats_server() else {
        println!(
            "\n!!!! SKIPPED a_rolling_restart_behind_caddy: nats-server is not installed !!!!\n"
        );
        return;
    };
    if !caddy_installed() {
        println!("\n!!!! SKIPPED a_rolling_restart_behind_caddy: caddy is not installed (apt-get install caddy) !!!!\n");
        return;
    }
    bounded(120, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let (nats, url) = start_nats(&nats_bin, &dir.path().join("js"));
        let any: SocketAddr = "127.0.0.1:0".parse().expect("an address");
        let mut a = Some(start_server(dir.path(), &url, any).await);
        let mut b = Some(start_server(dir.path(), &url, any).await);
        let (a_addr, b_addr) = (a.as_ref().expect("a").addr(), b.as_ref().expect("b").addr());
        let caddy_port = free_port();
        let _caddy = start_caddy(dir.path(), caddy_port, &[a_addr, b_addr]);
        let caddy = SocketAddr::from(([127, 0, 0, 1], caddy_port));
        until_ready(caddy).await;

        // Registered and paired through Caddy (each connection on either server).
        let mut ann = Member::register(caddy, "Ann").await;
        let mut bob = Member::register(caddy, "Bob").await;
        ann.seek("push", true).await;
        bob.seek("push", true).await;
        let (pa, pb) = (ann.paired().await, bob.paired().await);
        let mut seats = [
            Player::resume(caddy, &pa.room, &pa.token).await,
            Player::resume(caddy, &pb.room, &pb.token).await,
        ];
        drop((ann, bob));
        let mut ply = play(&mut seats, 0, 2).await;
        seats[0].client.state_with_plies(ply).await;

        // Server A stops (its sockets are closed with 1012, as tests/hosting.rs checks):
        // the players come back through Caddy,
        // to B, and play on.
        a.take().expect("a").stop().await;
        come_back(caddy, &mut seats).await;
        ply = play(&mut seats, ply, 2).await;
        seats[0].client.state_with_plies(ply).await;

        // A comes back on its address; then B stops, and everyone goes to A.
        a = Some(start_server(dir.path(), &url, a_addr).await);
        let deadline = Instant::now() + Duration::from_secs(20);
        while http_get(a_addr, "/ready").await.0 != 200 {
            assert!(Instant::now() < deadline, "A ready again");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        // Caddy's health check sees A again before B goes.
        tokio::time::sleep(Duration::from_millis(600)).await;
        b.take().expect("b").stop().await;
        come_back(caddy, &mut seats).await;
        ply = play(&mut seats, ply, 2).await;
        seats[1].client.state_with_plies(ply).await;

        // Ann resigns; the record has every ply and the game was rated once.
        let ann_seat = seats
            .iter_mut()
            .find(|s| s.token == pa.token)
            .expect("Ann's seat");
        ann_seat
            .client
            .send(json!({"type": "resign", "room": ann_seat.room, "token": ann_seat.token}))
            .await;
        ann_seat
            .client
            .state_where(|s| s["status"] != "ongoing")
            .await;
        let deadline = Instant::now() + Duration::from_secs(20);
        let (record, ratings) = loop {
            let (rs, record) = http_get(caddy, &format!("/api/games/{}", pa.room)).await;
            let (ps, player) = http_get(caddy, "/api/players/bob").await;
            assert_eq!((rs, ps), (200, 200), "{record} {player}");
            let record: Value = serde_json::from_str(&record).unwrap_or_default();
            let player: Value = serde_json::from_str(&player).unwrap_or_default();
            if player["ratings"]["push"]["games"] == 1 || Instant::now() > deadline {
                break (record, player["ratings"]["push"].clone());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        assert_eq!(
            record["plies"].as_array().map(Vec::len),
            Some(ply),
            "{record}"
        );
        assert_eq!(record["reason"], "resigned", "{record}");
        assert_eq!(ratings["games"], 1, "rated exactly once: {ratings}");
        assert!(
            ratings["rating"].as_f64().is_some_and(|r| r > 1500.0),
            "{ratings}"
        );
        for seat in seats {
            seat.client.close().await;
        }
        // Without NATS, the server is not ready (hosting.md: NATS connected).
        let a = a.expect("a");
        drop(nats);
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let (status, reason) = http_get(a.addr(), "/ready").await;
            if status == 503 {
                assert_eq!(reason, "storage unavailable");
                break;
            }
            assert!(Instant::now() < deadline, "still ready without NATS");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        a.stop().await;
    });
}
