//! The records API over loopback (lobby.md, "Records"): a player's last 50 games newest
//! first, the leaderboard of established people, a room's RECORD, the 404s, and no key or
//! token in any answer.

mod common;

use std::sync::Arc;

use common::{bounded, http_get, lobby_server, Member};
use qipan_server::ManualClock;
use serde_json::{json, Value};

const START_MS: u64 = 1_800_000_000_000;

fn keys(v: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = v
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys
}

#[test]
fn a_players_last_50_games_newest_first_and_the_404s() {
    bounded(120, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = Arc::new(ManualClock::new(START_MS));
        let srv = lobby_server(&dir.path().join("db.sqlite"), clock.clone(), None).await;
        let addr = srv.addr();
        let mut ann = Member::register(addr, "Ann").await;
        let mut bob = Member::register(addr, "Bob").await;
        let mut rooms = Vec::new();
        let mut secrets = vec![ann.key.clone(), bob.key.clone()];
        for i in 0..51 {
            ann.seek("push", i % 2 == 0).await;
            bob.seek("push", i % 2 == 0).await;
            let (a, b) = (ann.paired().await, bob.paired().await);
            ann.client
                .send(json!({"type": "abort", "room": a.room, "token": a.token}))
                .await;
            bob.client.state_where(|s| s["status"] == "aborted").await;
            ann.client.state_where(|s| s["status"] == "aborted").await;
            secrets.extend([a.token, b.token]);
            rooms.push(a.room);
            // Each connection's frame limit: 10 a second.
            clock.advance(1_000);
        }
        let (status, body) = http_get(addr, "/api/players/aNN").await;
        assert_eq!(status, 200, "{body}");
        let me: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(keys(&me), ["bot", "games", "name", "ratings"]);
        assert_eq!((&me["name"], &me["bot"]), (&json!("Ann"), &json!(false)));
        assert_eq!(me["ratings"].as_object().map(|r| r.len()), Some(6));
        let games = me["games"].as_array().expect("games");
        assert_eq!(games.len(), 50);
        let listed: Vec<&str> = games.iter().filter_map(|g| g["room"].as_str()).collect();
        let newest: Vec<&str> = rooms.iter().rev().take(50).map(String::as_str).collect();
        assert_eq!(listed, newest);
        let record = &games[0];
        assert_eq!(
            keys(record),
            ["days", "game", "players", "plies", "rated", "reason", "room", "start", "status"]
        );
        assert_eq!(
            keys(&record["players"]["x"]),
            ["after", "before", "bot", "name"]
        );
        for secret in &secrets {
            assert!(!body.contains(secret.as_str()), "a secret in {body}");
        }
        for path in ["/api/players/Nobody", "/api/players/a%20b", "/api/players/"] {
            assert_eq!(http_get(addr, path).await.0, 404, "{path}");
        }
        srv.stop().await;
    });
}

#[test]
fn the_leaderboard_lists_the_100_best_established_people() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let data = dir.path().join("db.sqlite");
        let clock = Arc::new(ManualClock::new(START_MS));
        let srv = lobby_server(&data, clock.clone(), None).await;
        srv.stop().await;
        // 110 established players and 5 provisional ones, written straight into the file.
        let conn = rusqlite::Connection::open(&data).expect("the file");
        for i in 0..115 {
            let name = format!("p{i:03}");
            conn.execute(
                "INSERT INTO players (name_key, name, key_hash, bot, created_ms) VALUES (?1, ?1, ?2, 0, 0)",
                rusqlite::params![name, format!("{i:064}")],
            )
            .expect("a player");
            let deviation = if i < 5 {
                110.5
            } else {
                110.0 - f64::from(i % 7)
            };
            conn.execute(
                "INSERT INTO ratings VALUES (?1, 'cannon', ?2, ?3, 0.06, 30, NULL)",
                rusqlite::params![name, 1000.0 + 10.0 * f64::from(i), deviation],
            )
            .expect("a rating");
        }
        drop(conn);
        let srv = lobby_server(&data, clock, None).await;
        let addr = srv.addr();
        let (status, body) = http_get(addr, "/api/leaderboard/cannon").await;
        assert_eq!(status, 200);
        let board: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(keys(&board), ["game", "players"]);
        assert_eq!(board["game"], "cannon");
        let players = board["players"].as_array().expect("players");
        assert_eq!(players.len(), 100);
        assert_eq!(keys(&players[0]), ["deviation", "games", "name", "rating"]);
        assert_eq!(players[0]["name"], "p114");
        assert_eq!(players[99]["name"], "p015");
        let ratings: Vec<f64> = players
            .iter()
            .filter_map(|p| p["rating"].as_f64())
            .collect();
        assert!(ratings.windows(2).all(|w| w[0] > w[1]));
        assert!(players
            .iter()
            .all(|p| p["deviation"].as_f64() <= Some(110.0)));
        // The computer players (established from the start) are not on it.
        assert!(!body.contains("Computer"));
        let (_, body) = http_get(addr, "/api/leaderboard/blockade:solidarity").await;
        assert_eq!(
            serde_json::from_str::<Value>(&body).expect("JSON")["players"],
            json!([])
        );
        for path in ["/api/leaderboard/chess", "/api/leaderboard/blockade:fast"] {
            assert_eq!(http_get(addr, path).await.0, 404, "{path}");
        }
        srv.stop().await;
    });
}

#[test]
fn a_rooms_record_finished_or_not_and_after_the_room_is_gone() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let data = dir.path().join("db.sqlite");
        let clock = Arc::new(ManualClock::new(START_MS));
        let srv = lobby_server(&data, clock.clone(), None).await;
        let addr = srv.addr();
        // A friend's room: no players.
        let host = common::Player::create(addr, "maddell", "x").await;
        let (status, body) =
            http_get(addr, &format!("/api/games/{}", host.room.to_lowercase())).await;
        assert_eq!(status, 200);
        let record: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(record["players"], json!({"x": null, "o": null}));
        assert_eq!(
            (&record["rated"], &record["status"]),
            (&json!(false), &json!("ongoing"))
        );
        assert!(!body.contains(&host.token));
        // A paired room, ongoing, then over.
        let mut ann = Member::register(addr, "Ann").await;
        let mut bob = Member::register(addr, "Bob").await;
        ann.seek("push", true).await;
        bob.seek("push", true).await;
        let (a, b) = (ann.paired().await, bob.paired().await);
        let (_, body) = http_get(addr, &format!("/api/games/{}", a.room)).await;
        let record: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(
            record["players"][a.seat.as_str()],
            json!({"name": "Ann", "bot": false, "before": 1500.0, "after": 1500.0})
        );
        ann.client
            .send(json!({"type": "resign", "room": a.room, "token": a.token}))
            .await;
        bob.client.state_where(|s| s["status"] != "ongoing").await;
        let (_, body) = http_get(addr, &format!("/api/games/{}", a.room)).await;
        let over: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(over["reason"], "resigned");
        assert!(over["players"][b.seat.as_str()]["after"].as_f64() > Some(1500.0));
        for secret in [&a.token, &b.token, &ann.key, &bob.key] {
            assert!(!body.contains(secret.as_str()));
        }
        for path in ["/api/games/ZZZZZZZZ", "/api/games/nope", "/api/games/"] {
            assert_eq!(http_get(addr, path).await.0, 404, "{path}");
        }
        srv.stop().await;
        // The room expires from storage; its game's record stays.
        let conn = rusqlite::Connection::open(&data).expect("the file");
        conn.execute("DELETE FROM rooms", []).expect("rooms gone");
        drop(conn);
        let srv = lobby_server(&data, clock, None).await;
        let (status, body) = http_get(srv.addr(), &format!("/api/games/{}", a.room)).await;
        assert_eq!(status, 200);
        assert_eq!(serde_json::from_str::<Value>(&body).expect("JSON"), over);
        assert_eq!(
            http_get(srv.addr(), &format!("/api/games/{}", host.room))
                .await
                .0,
            404
        );
        srv.stop().await;
    });
}
