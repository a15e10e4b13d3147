//! The lobby on two servers sharing one NATS (JetStream) started by the test: players,
//! seeks that pair across servers and nobody twice, results rated once on every server,
//! the computer, and a server that stops. Skipped, loudly, only when nats-server is not
//! installed.

mod common;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::nats::{nats_server, start_nats, Nats};
use common::{http_get, server_with, Member};
use qipan_server::{Config, Running, SystemClock};
use serde_json::{json, Value};

/// A NATS server in `dir`, or `None` (said loudly) when none is installed.
fn nats(dir: &Path, test: &str) -> Option<(Nats, String)> {
    let Some(bin) = nats_server() else {
        println!("\n!!!! SKIPPED {test}: nats-server is not installed (apt-get install nats-server) !!!!\n");
        return None;
    };
    Some(start_nats(&bin, &dir.join("js")))
}

async fn on_nats(dir: &Path, name: &str, url: &str, bot_after_ms: Option<u64>) -> Running {
    let config = Config {
        bot_after_ms,
        ..common::config(
            &dir.join(format!("{name}.sqlite")),
            60_000,
            Some(url.to_owned()),
        )
    };
    server_with(config, Arc::new(SystemClock)).await
}

fn run(secs: u64, body: impl std::future::Future<Output = ()>) {
    common::bounded(secs, body);
}

/// `GET /api/players/NAME` on `addr`, polled until `ok` holds, for at most `within`.
async fn player_until(
    addr: SocketAddr,
    name: &str,
    within: Duration,
    ok: impl Fn(&Value) -> bool,
) -> Value {
    let until = Instant::now() + within;
    loop {
        let (status, body) = http_get(addr, &format!("/api/players/{name}")).await;
        if status == 200 {
            let v: Value = serde_json::from_str(&body).expect("JSON");
            if ok(&v) {
                return v;
            }
        }
        assert!(Instant::now() < until, "{name} on {addr}: {status} {body}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[test]
fn players_registered_on_one_server_log_in_on_the_other_and_names_stay_unique() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some((_nats, url)) = nats(dir.path(), "players_registered_on_one_server") else {
        return;
    };
    run(60, async {
        let one = on_nats(dir.path(), "one", &url, None).await;
        let two = on_nats(dir.path(), "two", &url, None).await;
        let ann = Member::register(one.addr(), "Ann").await;
        let started = Instant::now();
        Member::login(two.addr(), "Ann", &ann.key).await;
        assert!(started.elapsed() < Duration::from_secs(1));
        let mut bob = common::Client::connect(two.addr()).await;
        bob.send(json!({"type": "register", "name": "ANN"})).await;
        bob.expect_error("name-taken").await;
        bob.send(json!({"type": "register", "name": "Computer-Easy"}))
            .await;
        bob.expect_error("name-taken").await;
        player_until(two.addr(), "ann", Duration::from_secs(1), |v| {
            v["name"] == "Ann"
        })
        .await;
        one.stop().await;
        two.stop().await;
    });
}

#[test]
fn seeks_on_two_servers_pair_with_each_other_and_the_result_is_rated_once_everywhere() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some((_nats, url)) = nats(dir.path(), "seeks_on_two_servers") else {
        return;
    };
    run(60, async {
        let one = on_nats(dir.path(), "one", &url, None).await;
        let two = on_nats(dir.path(), "two", &url, None).await;
        let mut ann = Member::register(one.addr(), "Ann").await;
        let mut bob = Member::register(two.addr(), "Bob").await;
        ann.seek("blockade:solidarity", true).await;
        bob.seek("blockade:solidarity", true).await;
        let (a, b) = (ann.paired().await, bob.paired().await);
        assert_eq!(a.room, b.room);
        assert_ne!(a.seat, b.seat);
        // Busy on both servers.
        let mut ann_there = ann.again(two.addr()).await;
        ann_there
            .client
            .send(json!({"type": "seek", "game": "push", "rated": true}))
            .await;
        ann_there.client.refused("busy").await;
        ann.client
            .send(json!({"type": "resign", "room": a.room, "token": a.token}))
            .await;
        bob.client.state_where(|s| s["status"] != "ongoing").await;
        // Rated once: one game each, the same ratings on both servers, within a second.
        let game = "blockade:solidarity";
        let rated = |v: &Value| {
            v["ratings"][game]["games"] == 1 && v["games"].as_array().map(Vec::len) == Some(1)
        };
        let mut seen = Vec::new();
        for addr in [one.addr(), two.addr()] {
            for name in ["Ann", "Bob"] {
                let v = player_until(addr, name, Duration::from_secs(1), rated).await;
                seen.push(v["ratings"][game].clone());
            }
        }
        assert_eq!(seen[0], seen[2]);
        assert_eq!(seen[1], seen[3]);
        assert!(seen[1]["rating"].as_f64() > Some(1500.0), "Bob won");
        // The records agree too, and a rating reaches the other's leaderboard path.
        let (_, record) = http_get(two.addr(), &format!("/api/games/{}", a.room)).await;
        let record: Value = serde_json::from_str(&record).expect("JSON");
        assert_eq!(
            record["players"][b.seat.as_str()]["after"],
            seen[1]["rating"]
        );
        one.stop().await;
        two.stop().await;
    });
}

#[test]
fn many_seeks_on_two_servers_pair_everyone_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some((_nats, url)) = nats(dir.path(), "many_seeks_on_two_servers") else {
        return;
    };
    run(90, async {
        let one = on_nats(dir.path(), "one", &url, None).await;
        let two = on_nats(dir.path(), "two", &url, None).await;
        let mut members = Vec::new();
        for i in 0..16 {
            let addr = if i % 2 == 0 { one.addr() } else { two.addr() };
            members.push(Member::register(addr, &format!("m{i:02}")).await);
        }
        // All at once.
        let seeks = members.iter_mut().map(|m| m.seek("push", false));
        futures_util::future::join_all(seeks).await;
        let pairings = futures_util::future::join_all(members.iter_mut().map(|m| m.paired())).await;
        let mut rooms: std::collections::HashMap<String, Vec<String>> = Default::default();
        for (m, p) in members.iter().zip(&pairings) {
            rooms
                .entry(p.room.clone())
                .or_default()
                .push(p.seat.clone());
            let names = [
                &p.state["players"]["x"]["name"],
                &p.state["players"]["o"]["name"],
            ];
            assert!(names.contains(&&json!(m.name)), "{} in {}", m.name, p.state);
            assert_ne!(names[0], names[1]);
        }
        assert_eq!(rooms.len(), 8);
        for seats in rooms.values_mut() {
            seats.sort();
            assert_eq!(seats, &["o", "x"]);
        }
        // Nobody hears of a second pairing.
        for m in &mut members {
            let frames = m.client.quiet(200).await;
            assert!(frames.iter().all(|f| f["type"] != "paired"), "{frames:?}");
        }
        one.stop().await;
        two.stop().await;
    });
}

#[test]
fn the_computer_plays_through_nats_and_pairing_goes_on_when_a_server_stops() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some((_nats, url)) = nats(dir.path(), "the_computer_plays_through_nats") else {
        return;
    };
    run(90, async {
        let one = on_nats(dir.path(), "one", &url, Some(0)).await;
        let two = on_nats(dir.path(), "two", &url, None).await;
        // A seek on the server whose bot-after is 0 gets the computer; it moves.
        let mut ann = Member::register(one.addr(), "Ann").await;
        ann.seek("cannon", false).await;
        let p = ann.paired().await;
        let bot = if p.state["players"]["x"]["bot"] == true {
            "x"
        } else {
            "o"
        };
        if bot == "o" {
            let (_, mv) = common::pick_move(&p.state, 0);
            ann.client
                .send(
                    json!({"type": "move", "room": p.room, "token": p.token, "ply": 0, "move": mv}),
                )
                .await;
        }
        let moved = ann
            .client
            .state_with_plies(if bot == "x" { 1 } else { 2 })
            .await;
        assert_eq!(moved["status"], "ongoing");
        // One server stops: the other pairs its seeks on its own, within moments.
        one.stop().await;
        let mut cid = Member::register(two.addr(), "Cid").await;
        let mut dee = Member::register(two.addr(), "Dee").await;
        cid.seek("maddell", true).await;
        dee.seek("maddell", true).await;
        let (c, d) = (cid.paired().await, dee.paired().await);
        assert_eq!(c.room, d.room);
        two.stop().await;
    });
}

/// A computer player's entry that lacks a game id's rating (written before that game id
/// came) gets the level's calibrated one when a server starts; the ratings it has stay.
#[test]
fn a_starting_server_gives_the_computer_players_the_ratings_they_lack() {
    /// Computer-Hard's RATINGS as a server started on `url` gives them.
    async fn hards_ratings(dir: &Path, name: &str, url: &str) -> Value {
        let srv = on_nats(dir, name, url, None).await;
        let player = player_until(srv.addr(), "Computer-Hard", Duration::from_secs(1), |_| {
            true
        });
        let ratings = player.await["ratings"].clone();
        srv.stop().await;
        ratings
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let Some((_nats, url)) = nats(dir.path(), "a_starting_server_gives_the_computer") else {
        return;
    };
    run(60, async {
        let first = hards_ratings(dir.path(), "one", &url).await;
        // The entry as an older server would have left it: no cannon, push moved.
        let client = async_nats::connect(&url).await.expect("NATS");
        let players = async_nats::jetstream::new(client)
            .get_key_value("qipan-players")
            .await
            .expect("the players' bucket");
        let key = format!("p.{}", hex("computer-hard"));
        let stored = players.get(&key).await.expect("read").expect("the entry");
        let mut entry: Value = serde_json::from_slice(&stored).expect("JSON");
        let ratings = entry["ratings"].as_object_mut().expect("ratings");
        ratings.remove("cannon");
        ratings["push"]["rating"] = json!(1234.5);
        let bytes = serde_json::to_vec(&entry).expect("JSON");
        players.put(&key, bytes.into()).await.expect("written");

        let again = hards_ratings(dir.path(), "two", &url).await;
        assert_eq!(again["push"]["rating"], 1234.5);
        assert_eq!(again["cannon"], first["cannon"]);
    });
}

/// Lowercase hex of a text's UTF-8, as the buckets' keys spell names.
fn hex(text: &str) -> String {
    text.bytes().map(|b| format!("{b:02x}")).collect()
}
