//! Ratings over loopback (lobby.md, "Ratings"): a rated game moves both players' Glicko-2
//! ratings in its game id as `lobby::ratings` computes them with the spec's settings (RD
//! grown with the days since their last rated game), exactly once, together with the
//! game's record, or not at all.

mod common;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use common::{bounded, http_get, lobby_server, Member, Pairing};
use qipan_server::lobby::ratings::{rate_game, Score, Standing};
use qipan_server::ManualClock;
use serde_json::{json, Value};

const START_MS: u64 = 1_800_000_000_000;
const DAY_MS: u64 = 86_400_000;

fn standing(v: &Value, last_rated_ms: Option<u64>) -> Standing {
    Standing {
        rating: v["rating"].as_f64().expect("rating"),
        deviation: v["deviation"].as_f64().expect("deviation"),
        volatility: v["volatility"].as_f64().expect("volatility"),
        games: v["games"].as_u64().expect("games"),
        last_rated_ms,
    }
}

async fn ratings_of(addr: SocketAddr, name: &str, game: &str) -> Value {
    let (status, body) = http_get(addr, &format!("/api/players/{name}")).await;
    assert_eq!(status, 200, "{body}");
    let v: Value = serde_json::from_str(&body).expect("JSON");
    v["ratings"][game].clone()
}

/// Ann and Bob paired in push (after `wait_ms`, for a gap to widen), Ann resigns: Bob
/// wins.
async fn bob_wins(
    ann: &mut Member,
    bob: &mut Member,
    clock: &ManualClock,
    wait_ms: u64,
) -> (Pairing, Pairing) {
    ann.seek("push", true).await;
    bob.seek("push", true).await;
    clock.advance(wait_ms);
    let (a, b) = (ann.paired().await, bob.paired().await);
    ann.client
        .send(json!({"type": "resign", "room": a.room, "token": a.token}))
        .await;
    bob.client.state_where(|s| s["status"] != "ongoing").await;
    ann.client.state_where(|s| s["status"] != "ongoing").await;
    (a, b)
}

/// The figures as sent, to the last bit but the one serde_json's default float parsing may
/// miss (the server writes each as the shortest text that reads back exactly).
fn assert_close(got: &Value, want: &Standing) {
    let got = standing(got, None);
    let same = |a: f64, b: f64| (a - b).abs() <= b.abs() * 4.0 * f64::EPSILON;
    assert!(
        same(got.rating, want.rating),
        "{} {}",
        got.rating,
        want.rating
    );
    assert!(
        same(got.deviation, want.deviation),
        "{} {}",
        got.deviation,
        want.deviation
    );
    assert!(
        same(got.volatility, want.volatility),
        "{} {}",
        got.volatility,
        want.volatility
    );
    assert_eq!(got.games, want.games);
}

#[test]
fn a_rated_game_moves_both_ratings_as_glicko2_with_the_specs_settings() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = Arc::new(ManualClock::new(START_MS));
        let srv = lobby_server(&dir.path().join("db.sqlite"), clock.clone(), None).await;
        let addr = srv.addr();
        let mut ann = Member::register(addr, "Ann").await;
        let mut bob = Member::register(addr, "Bob").await;
        bob_wins(&mut ann, &mut bob, &clock, 0).await;
        // Two newcomers (1500, 500, 0.09): one full rating period each, nothing grown.
        let (bob1, ann1) = rate_game(&Standing::NEW, &Standing::NEW, Score::Win, START_MS);
        assert_close(&ratings_of(addr, "Bob", "push").await, &bob1);
        assert_close(&ratings_of(addr, "ann", "push").await, &ann1);
        assert!(bob1.rating > 1500.0 && ann1.rating < 1500.0);
        // Other game ids are untouched.
        assert_eq!(ratings_of(addr, "Ann", "cannon").await["games"], 0);

        // Thirty days later: each RD first grows with the idle days (0.21436 periods a day),
        // then the next game is rated from the grown ratings.
        // (They are far apart now: paired once the gap has widened to theirs.)
        let gap = bob1.rating - ann1.rating;
        let wait_ms = ((gap - 200.0) / 50.0).ceil().max(0.0) as u64 * 5_000;
        clock.advance(30 * DAY_MS);
        let at = START_MS + 30 * DAY_MS + wait_ms;
        bob_wins(&mut ann, &mut bob, &clock, wait_ms).await;
        let before_b = Standing {
            last_rated_ms: Some(START_MS),
            ..bob1
        };
        let before_a = Standing {
            last_rated_ms: Some(START_MS),
            ..ann1
        };
        assert!(before_a.grown_deviation(at) > ann1.deviation);
        let (bob2, ann2) = rate_game(&before_b, &before_a, Score::Win, at);
        assert_close(&ratings_of(addr, "Bob", "push").await, &bob2);
        assert_close(&ratings_of(addr, "Ann", "push").await, &ann2);
        assert_eq!(bob2.games, 2);
        srv.stop().await;
    });
}

/// A trigger that makes every insert of a finished game fail: storage refuses the end.
fn break_records(data: &Path, broken: bool) {
    let conn = rusqlite::Connection::open(data).expect("the file");
    let sql = if broken {
        "CREATE TRIGGER refuse_games BEFORE INSERT ON games BEGIN SELECT RAISE(ABORT, 'test'); END;"
    } else {
        "DROP TRIGGER refuse_games;"
    };
    conn.execute_batch(sql).expect("the trigger");
}

#[test]
fn a_game_is_rated_with_its_record_or_not_at_all_and_only_once() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let data = dir.path().join("db.sqlite");
        let clock = Arc::new(ManualClock::new(START_MS));
        let srv = lobby_server(&data, clock.clone(), None).await;
        let addr = srv.addr();
        let mut ann = Member::register(addr, "Ann").await;
        let mut bob = Member::register(addr, "Bob").await;
        ann.seek("push", true).await;
        bob.seek("push", true).await;
        let (a, _) = (ann.paired().await, bob.paired().await);
        // The record cannot be written: the resignation changes nothing at all.
        break_records(&data, true);
        ann.client
            .send(json!({"type": "resign", "room": a.room, "token": a.token}))
            .await;
        ann.client.refused("unavailable").await;
        let (_, body) = http_get(addr, &format!("/api/games/{}", a.room)).await;
        let record: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(record["status"], "ongoing");
        assert_eq!(ratings_of(addr, "Ann", "push").await["games"], 0);
        assert_eq!(ratings_of(addr, "Bob", "push").await["games"], 0);
        // Storage back: the same resignation goes through, rated once.
        break_records(&data, false);
        ann.client
            .send(json!({"type": "resign", "room": a.room, "token": a.token}))
            .await;
        let over = bob.client.state_where(|s| s["status"] != "ongoing").await;
        assert_eq!(over["reason"], "resigned");
        let after = ratings_of(addr, "Bob", "push").await;
        assert_eq!(after["games"], 1);
        srv.stop().await;

        // A restart reads the recorded room back without rating it again.
        let srv = lobby_server(&data, clock, None).await;
        let addr = srv.addr();
        let (_, body) = http_get(addr, &format!("/api/games/{}", a.room)).await;
        let record: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(
            record["status"],
            "x-wins".replace('x', if a.seat == "x" { "o" } else { "x" })
        );
        assert_eq!(ratings_of(addr, "Bob", "push").await, after);
        let (_, body) = http_get(addr, "/api/players/Bob").await;
        let bob_record: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(bob_record["games"].as_array().map(Vec::len), Some(1));
        srv.stop().await;
    });
}
