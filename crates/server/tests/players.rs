//! Players over loopback (lobby.md, "Players"): registering, logging in with a key, names
//! unique ignoring case, the computer's names reserved, the registration limit, and keys
//! kept only as hashes.

mod common;

use std::sync::Arc;

use common::{bounded, register, server, server_with_clock, Client};
use qipan_server::ManualClock;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

const GAME_IDS: [&str; 6] = [
    "blockade",
    "blockade:solidarity",
    "cannon",
    "maddell",
    "push",
    "shuangcheng",
];

fn hex_sha256(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn assert_new_ratings(player: &Value) {
    let ratings = player["ratings"].as_object().expect("ratings");
    let ids: Vec<&str> = ratings.keys().map(String::as_str).collect();
    assert_eq!(ids, GAME_IDS);
    for rating in ratings.values() {
        assert_eq!(
            rating,
            &json!({"rating": 1500.0, "deviation": 500.0, "volatility": 0.09, "games": 0})
        );
    }
}

#[test]
fn a_player_registers_and_logs_in_with_the_key_on_another_connection() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let db = dir.path().join("db.sqlite");
        let srv = server(&db, 60_000, None).await;
        let (_first, player) = register(srv.addr(), "Мария_1").await;
        assert_eq!(player["name"], "Мария_1");
        let key = player["key"].as_str().expect("key").to_owned();
        assert_eq!(key.len(), 32);
        assert!(key
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
        assert_new_ratings(&player);
        let keys: Vec<&str> = player
            .as_object()
            .expect("object")
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, ["key", "name", "ratings", "type"]);

        // Another device types the key in groups, upper case.
        let typed = key
            .to_uppercase()
            .as_bytes()
            .chunks(4)
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect::<Vec<_>>()
            .join(" ");
        let mut other = Client::connect(srv.addr()).await;
        other.send(json!({"type": "login", "key": typed})).await;
        let again = other.recv().await;
        assert_eq!(again["type"], "player");
        assert_eq!(
            (again["name"].as_str(), again["key"].as_str()),
            (Some("Мария_1"), Some(key.as_str()))
        );
        assert_new_ratings(&again);

        for bad in ["", "not a key", &key[1..], &"0".repeat(32)] {
            other.send(json!({"type": "login", "key": bad})).await;
            other.expect_error("bad-key").await;
        }
        srv.stop().await;

        // At rest: the key's hash, never the key.
        let bytes = std::fs::read(&db).expect("the file");
        let wal = std::fs::read(dir.path().join("db.sqlite-wal")).unwrap_or_default();
        for file in [&bytes, &wal] {
            assert!(
                !String::from_utf8_lossy(file).contains(&key),
                "the key at rest"
            );
        }
        let conn = rusqlite::Connection::open(&db).expect("open");
        let stored: String = conn
            .query_row(
                "SELECT key_hash FROM players WHERE name = 'Мария_1'",
                [],
                |r| r.get(0),
            )
            .expect("the player");
        assert_eq!(stored, hex_sha256(&key));
    });
}

#[test]
fn names_are_checked_unique_ignoring_case_and_the_computers_are_taken() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let srv = server(&dir.path().join("db.sqlite"), 60_000, None).await;
        let (mut client, _) = register(srv.addr(), "Straße").await;
        for (name, code) in [
            ("STRASSE", "name-taken"),
            ("straße", "name-taken"),
            ("Computer-Easy", "name-taken"),
            ("computer-master", "name-taken"),
            ("COMPUTER-HARD", "name-taken"),
            ("ab", "bad-name"),
            ("a b c", "bad-name"),
            ("twenty-one-characters", "bad-name"),
            ("x@y.z", "bad-name"),
            ("😀😀😀", "bad-name"),
        ] {
            client.send(json!({"type": "register", "name": name})).await;
            client.expect_error(code).await;
        }
        for bad in [
            json!({"type": "register"}),
            json!({"type": "register", "name": 7}),
        ] {
            client.send(bad).await;
            client.expect_error("malformed").await;
        }
        // Still logged in as the first: a refused registration changes nothing.
        let (_, other) = register(srv.addr(), "Computer").await;
        assert_eq!(other["name"], "Computer");
        srv.stop().await;
    });
}

#[test]
fn twenty_registrations_a_minute_per_address_and_the_refusals_do_not_close_the_connection() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = Arc::new(ManualClock::new(1_800_000_000_000));
        let srv = server_with_clock(&dir.path().join("db.sqlite"), 60_000, clock.clone()).await;
        let mut a = Client::connect(srv.addr()).await;
        let mut b = Client::connect(srv.addr()).await;
        for i in 0..15 {
            a.send(json!({"type": "register", "name": format!("a{i:02}")}))
                .await;
            assert_eq!(a.recv().await["type"], "player");
        }
        // A taken name gives its place back: it is no registration.
        b.send(json!({"type": "register", "name": "A00"})).await;
        b.expect_error("name-taken").await;
        for i in 0..5 {
            b.send(json!({"type": "register", "name": format!("b{i:02}")}))
                .await;
            assert_eq!(b.recv().await["type"], "player", "registration {}", 15 + i);
        }
        // The 21st of the minute, and 29 more: refused, the connection stays open (the
        // frame limit refills 10 a second; each second is advanced by hand).
        let mut refused = 0;
        for round in 0..3 {
            for i in 0..10 {
                b.send(json!({"type": "register", "name": format!("c{round}{i}")}))
                    .await;
                b.expect_error("rate-limited").await;
                refused += 1;
            }
            clock.advance(1_000);
        }
        assert_eq!(refused, 30);
        b.send(json!({"type": "login", "key": "f".repeat(32)}))
            .await;
        b.expect_error("bad-key").await;
        // A minute after the first ones, registrations go through again.
        clock.advance(60_000);
        b.send(json!({"type": "register", "name": "late"})).await;
        assert_eq!(b.recv().await["type"], "player");
        srv.stop().await;
    });
}
