//! Correspondence games on two servers sharing one NATS (JetStream) started by the test, on
//! one manual clock: a seek made on one is accepted on the other, `paired`, `challenge` and
//! `your-turn` reach a player on the other server, a game ends on time exactly once with
//! both servers' queues due, and still ends when one of the two servers is gone. Skipped,
//! loudly, only when nats-server is not installed.

mod common;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::nats::{nats_server, start_nats};
use common::{http_get, pick_move, server_with, Client, Member};
use qipan_server::{Config, ManualClock, Running};
use serde_json::{json, Value};

const DAY_MS: u64 = 10_000;

async fn on_nats(dir: &Path, name: &str, url: &str, clock: Arc<ManualClock>) -> Running {
    let config = Config {
        bot_after_ms: None,
        day_ms: DAY_MS,
        ..common::config(
            &dir.join(format!("{name}.sqlite")),
            60_000,
            Some(url.to_owned()),
        )
    };
    server_with(config, clock).await
}

/// The next frame that is not a `state`.
async fn next_not_state(client: &mut Client) -> Value {
    loop {
        let frame = client.recv().await;
        if frame["type"] != "state" {
            return frame;
        }
    }
}

/// Polls `GET path` on `addr` until `ok` holds (within 10 s).
async fn until(addr: SocketAddr, path: &str, ok: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (status, body) = http_get(addr, path).await;
        if status == 200 {
            let value: Value = serde_json::from_str(&body).expect("JSON");
            if ok(&value) {
                return value;
            }
        }
        assert!(
            Instant::now() < deadline,
            "{path} on {addr}: {status} {body}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[test]
fn across_two_servers_seeks_challenges_your_turn_and_the_end_on_time_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(bin) = nats_server() else {
        println!("\n!!!! SKIPPED across_two_servers: nats-server is not installed !!!!\n");
        return;
    };
    let (_nats, url) = start_nats(&bin, &dir.path().join("js"));
    common::bounded(90, async {
        let clock = Arc::new(ManualClock::new(1_800_000_000_000));
        let one = on_nats(dir.path(), "one", &url, clock.clone()).await;
        let two = on_nats(dir.path(), "two", &url, clock.clone()).await;
        let mut ann = Member::register(one.addr(), "Ann").await;
        let bob_key = Member::register(one.addr(), "Bob").await.key;
        let mut bob = Member::login(two.addr(), "Bob", &bob_key).await;

        // A challenge made on two reaches Ann on one.
        bob.client
            .send(json!({"type": "challenge", "to": "Ann", "game": "push", "rated": false, "days": 1}))
            .await;
        let sent = next_not_state(&mut bob.client).await;
        let told = next_not_state(&mut ann.client).await;
        assert_eq!(told["type"], "challenge");
        assert_eq!(told["challenge"], sent["challenge"]);

        // A seek made on one, listed and accepted on two.
        ann.client
            .send(json!({"type": "seek", "game": "push", "rated": true, "days": 2}))
            .await;
        let id = next_not_state(&mut ann.client).await["seek"].clone();
        until(two.addr(), "/api/seeks/push", |v| {
            v["seeks"][0]["seek"] == id
        })
        .await;
        bob.client.send(json!({"type": "accept", "seek": id})).await;
        let (a, b) = (ann.paired().await, bob.paired().await);
        assert_eq!(a.room, b.room);
        let (x, x_client, o_name) = if a.seat == "x" {
            (&a, &mut ann.client, "Bob")
        } else {
            (&b, &mut bob.client, "Ann")
        };
        // x moves on its server; o hears `your-turn` on the other.
        let (_, mv) = pick_move(&x.state, 0);
        x_client
            .send(json!({"type": "move", "room": x.room, "token": x.token, "ply": 0, "move": mv}))
            .await;
        let o = if o_name == "Ann" { &mut ann } else { &mut bob };
        let turn = next_not_state(&mut o.client).await;
        assert_eq!(turn["type"], "your-turn", "{turn}");
        assert_eq!(turn["room"], a.room.as_str());

        // Both servers watch the room; its end comes once.
        let mut watchers = Vec::new();
        for addr in [one.addr(), two.addr()] {
            let mut watcher = Client::connect(addr).await;
            watcher.send(json!({"type": "join", "room": a.room})).await;
            watcher.recv_type("state").await;
            watchers.push(watcher);
        }
        clock.advance(2 * DAY_MS);
        for watcher in &mut watchers {
            let over = watcher.state_where(|s| s["status"] != "ongoing").await;
            assert_eq!(over["status"], "aborted", "1 ply: {over}");
            let later = watcher.quiet(500).await;
            assert!(
                later.iter().all(|s| s["status"] == "aborted"),
                "ended once: {later:?}"
            );
        }

        // A game whose server dies still ends on time: the other's queue ends it.
        let mut ann = Member::login(two.addr(), "Ann", &ann.key).await;
        ann.client
            .send(json!({"type": "seek", "game": "blockade", "rated": false, "days": 1}))
            .await;
        let id = next_not_state(&mut ann.client).await["seek"].clone();
        let mut cat = Member::register(one.addr(), "Cat").await;
        until(one.addr(), "/api/seeks/blockade", |v| {
            v["seeks"][0]["seek"] == id
        })
        .await;
        cat.client.send(json!({"type": "accept", "seek": id})).await;
        let c = cat.paired().await;
        ann.paired().await;
        cat.client.close().await;
        one.stop().await;
        let mut watcher = Client::connect(two.addr()).await;
        watcher.send(json!({"type": "join", "room": c.room})).await;
        watcher.recv_type("state").await;
        clock.advance(DAY_MS);
        let over = watcher.state_where(|s| s["status"] != "ongoing").await;
        assert_eq!(over["status"], "aborted");
        two.stop().await;
    });
}
