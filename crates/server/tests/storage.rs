//! The SQLite file across versions and restarts (lobby.md, "Storage and several servers"):
//! a file written by the server before the lobby opens and keeps its rooms; players,
//! ratings, records and who is busy survive a restart; a file of a newer version is refused.

mod common;

use std::sync::Arc;

use common::{bounded, http_get, lobby_server, Member, Player};
use qipan_server::ManualClock;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

const START_MS: u64 = 1_800_000_000_000;

fn hex_sha256(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A file as the server before the lobby wrote it: its one table, version 0, and a room of
/// Shuang Cheng one ply in, as that server's `Room` wrote its JSON.
fn old_file(path: &std::path::Path, x_token: &str, o_token: &str) {
    let conn = rusqlite::Connection::open(path).expect("a file");
    conn.execute_batch(
        "PRAGMA journal_mode=WAL;
         PRAGMA synchronous=NORMAL;
         CREATE TABLE IF NOT EXISTS rooms (
             code TEXT PRIMARY KEY,
             updated_ms INTEGER NOT NULL,
             data TEXT NOT NULL
         );
         CREATE INDEX IF NOT EXISTS rooms_updated ON rooms (updated_ms);",
    )
    .expect("the old schema");
    let room = json!({
        "code": "KMNPQRST",
        "game": "shuangcheng",
        "start": "ooos.sxxx x 0",
        "plies": ["bh-c"],
        "position": "ooosxsx.x o 0",
        "status": "ongoing",
        "reason": null,
        "seats": [hex_sha256(x_token), hex_sha256(o_token)],
        "rematch": [false, false],
        "round": 1,
        "turn_len_ms": 60000,
        "clock": {"state": "paused", "remaining_ms": 41000},
        "presence": {"0123456789ab": [1, 0]},
        "updated_ms": START_MS
    });
    conn.execute(
        "INSERT INTO rooms (code, updated_ms, data) VALUES ('KMNPQRST', ?1, ?2)",
        rusqlite::params![START_MS as i64, room.to_string()],
    )
    .expect("a room");
}

#[test]
fn a_file_written_before_the_lobby_opens_and_keeps_its_rooms() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let data = dir.path().join("old.sqlite");
        let (x_token, o_token) = ("0".repeat(31) + "1", "0".repeat(31) + "2");
        old_file(&data, &x_token, &o_token);
        let clock = Arc::new(ManualClock::new(START_MS + 5_000));
        let srv = lobby_server(&data, clock.clone(), None).await;
        let addr = srv.addr();
        let mut o = Player::resume(addr, "kmnpqrst", &o_token).await;
        assert_eq!(o.seat, "o");
        let state = o.client.recv_type("state").await;
        assert_eq!(state["plies"], json!(["bh-c"]));
        assert_eq!(state["turn_ms"], 41_000);
        assert_eq!(
            (&state["players"], &state["rated"]),
            (&json!({"x": null, "o": null}), &json!(false))
        );
        let (_, mv) = common::pick_move(&state, 0);
        o.play(1, &mv).await;
        o.client.state_with_plies(2).await;
        let x = Player::resume(addr, "KMNPQRST", &x_token).await;
        assert_eq!(x.seat, "x");
        // The lobby's tables are there too.
        Member::register(addr, "Ann").await;
        srv.stop().await;
        let conn = rusqlite::Connection::open(&data).expect("the file");
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .expect("version");
        assert_eq!(version, 1);
        let bots: i64 = conn
            .query_row("SELECT COUNT(*) FROM players WHERE bot = 1", [], |r| {
                r.get(0)
            })
            .expect("computers");
        assert_eq!(bots, 4);
    });
}

#[test]
fn a_file_of_a_newer_version_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("new.sqlite");
    let conn = rusqlite::Connection::open(&data).expect("a file");
    conn.execute_batch("PRAGMA user_version = 2;")
        .expect("version");
    drop(conn);
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let started = runtime.block_on(qipan_server::start(common::config(&data, 60_000, None)));
    let error = started.err().expect("refused").to_string();
    assert!(error.contains("version 2"), "{error}");
}

#[test]
fn a_restart_keeps_players_ratings_records_and_who_is_busy() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let data = dir.path().join("db.sqlite");
        let clock = Arc::new(ManualClock::new(START_MS));
        let srv = lobby_server(&data, clock.clone(), None).await;
        let addr = srv.addr();
        let mut ann = Member::register(addr, "Ann").await;
        let mut bob = Member::register(addr, "Bob").await;
        ann.seek("cannon", true).await;
        bob.seek("cannon", true).await;
        let (a, _) = (ann.paired().await, bob.paired().await);
        ann.client
            .send(json!({"type": "resign", "room": a.room, "token": a.token}))
            .await;
        bob.client.state_where(|s| s["status"] != "ongoing").await;
        // A second game, still on at the stop.
        ann.seek("push", false).await;
        bob.seek("push", false).await;
        let (c, _) = (ann.paired().await, bob.paired().await);
        let (_, before) = http_get(addr, "/api/players/Ann").await;
        srv.stop().await;

        let srv = lobby_server(&data, clock, None).await;
        let addr = srv.addr();
        let (_, after) = http_get(addr, "/api/players/Ann").await;
        assert_eq!(after, before);
        let me: Value = serde_json::from_str(&after).expect("JSON");
        assert_eq!(me["ratings"]["cannon"]["games"], 1);
        assert_eq!(me["games"][0]["room"], a.room.as_str());
        let mut ann = Member::login(addr, "Ann", &ann.key).await;
        ann.client
            .send(json!({"type": "seek", "game": "push", "rated": true}))
            .await;
        ann.client.refused("busy").await;
        let mut back = Player::resume(addr, &c.room, &c.token).await;
        let state = back.client.recv_type("state").await;
        assert_eq!(state["players"][c.seat.as_str()]["name"], "Ann");
        srv.stop().await;
    });
}

/// The computer players are made at every start, each with a rating in every game id: one
/// they have keeps its value, one they lack (a game id added since) starts at their level's
/// calibrated strength, not a newcomer's 1500.
#[test]
fn every_start_gives_the_computer_players_a_rating_in_every_game_id() {
    /// Computer-Master's RATINGS as a server started on `data` gives them.
    async fn masters_ratings(data: &std::path::Path) -> Value {
        let srv = lobby_server(data, Arc::new(ManualClock::new(START_MS)), None).await;
        let (_, body) = http_get(srv.addr(), "/api/players/Computer-Master").await;
        srv.stop().await;
        let player: Value = serde_json::from_str(&body).expect("JSON");
        player["ratings"].clone()
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("db.sqlite");
    bounded(30, async {
        let first = masters_ratings(&data).await;
        let conn = rusqlite::Connection::open(&data).expect("the file");
        conn.execute_batch(
            "UPDATE ratings SET rating = 1234.5 WHERE name_key = 'computer-master' AND game = 'push';
             DELETE FROM ratings WHERE name_key = 'computer-master' AND game = 'cannon';",
        )
        .expect("a rating changed, one gone");
        drop(conn);
        let again = masters_ratings(&data).await;
        assert_eq!(again["push"]["rating"], 1234.5);
        assert_eq!(again["cannon"], first["cannon"]);
        let cannon = again["cannon"]["rating"].as_f64().expect("a rating");
        assert!(cannon > 2000.0, "calibrated, not a newcomer's: {cannon}");
    });
}
