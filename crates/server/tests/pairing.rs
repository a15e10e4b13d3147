//! Seeks and pairing over loopback (lobby.md, "Seeking a game"), on a manual clock: the
//! gap that widens with the wait, the nearest rating, rated apart from casual, one seek per
//! player, seeks that end, `busy`, `not-logged-in`, and who plays `x`.

mod common;

use std::path::Path;
use std::sync::Arc;

use common::{bounded, lobby_server, set_rating, Client, Member};

use qipan_server::ManualClock;
use serde_json::{json, Value};

const START_MS: u64 = 1_800_000_000_000;

fn clock() -> Arc<ManualClock> {
    Arc::new(ManualClock::new(START_MS))
}

/// Registers the players on a first server, gives them their ratings in push, and starts
/// the server again on the same file: the server and the players, logged in.
async fn rated_players(
    data: &Path,
    clock: Arc<ManualClock>,
    bot_after_ms: Option<u64>,
    ratings: &[(&str, f64)],
) -> (qipan_server::Running, Vec<Member>) {
    let srv = lobby_server(data, clock.clone(), None).await;
    let mut keys = Vec::new();
    for (name, _) in ratings {
        keys.push(Member::register(srv.addr(), name).await.key);
    }
    srv.stop().await;
    for (name, rating) in ratings {
        set_rating(data, name, "push", *rating, 60.0);
    }
    let srv = lobby_server(data, clock, bot_after_ms).await;
    let mut members = Vec::new();
    for ((name, _), key) in ratings.iter().zip(keys) {
        members.push(Member::login(srv.addr(), name, &key).await);
    }
    (srv, members)
}

#[test]
fn two_seeks_pair_at_once_each_hears_paired_then_the_state() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = clock();
        let srv = lobby_server(&dir.path().join("db.sqlite"), clock.clone(), None).await;
        let mut ann = Member::register(srv.addr(), "Ann").await;
        let mut bob = Member::register(srv.addr(), "Bob").await;
        ann.seek("push", true).await;
        ann.nothing(200).await;
        bob.seek("push", true).await;
        let (a, b) = (ann.paired().await, bob.paired().await);
        assert_eq!(a.room, b.room);
        let mut seats = [a.seat.clone(), b.seat.clone()];
        seats.sort();
        assert_eq!(seats, ["o", "x"]);
        assert_eq!(a.token.len(), 32);
        assert_ne!(a.token, b.token);
        for state in [&a.state, &b.state] {
            assert_eq!(state["rated"], true);
            assert_eq!(state["offer"], Value::Null);
            assert_eq!(state["game"], "push");
            let (x, o) = (&state["players"]["x"], &state["players"]["o"]);
            let mut names = [x["name"].as_str(), o["name"].as_str()];
            names.sort();
            assert_eq!(names, [Some("Ann"), Some("Bob")]);
            assert_eq!(
                (x["rating"].as_f64(), x["bot"].as_bool()),
                (Some(1500.0), Some(false))
            );
        }
        let x_name = if a.seat == "x" { "Ann" } else { "Bob" };
        assert_eq!(a.state["players"]["x"]["name"], x_name);
        // The room is an ordinary room: x moves with its token, both see it.
        let (x, o) = if a.seat == "x" {
            (&mut ann, &mut bob)
        } else {
            (&mut bob, &mut ann)
        };
        let xp = if a.seat == "x" { &a } else { &b };
        let (_, mv) = common::pick_move(&xp.state, 0);
        x.client
            .send(json!({"type": "move", "room": xp.room, "token": xp.token, "ply": 0, "move": mv}))
            .await;
        o.client.state_with_plies(1).await;
        x.client.state_with_plies(1).await;
        srv.stop().await;
    });
}

#[test]
fn who_plays_x_is_drawn_at_random() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = clock();
        let srv = lobby_server(&dir.path().join("db.sqlite"), clock.clone(), None).await;
        let mut first_is_x = [0, 0];
        for i in 0..12 {
            if i == 6 {
                // The registration limit: 20 a minute from one address.
                clock.advance(60_000);
            }
            let mut a = Member::register(srv.addr(), &format!("first{i}")).await;
            let mut b = Member::register(srv.addr(), &format!("second{i}")).await;
            a.seek("cannon", false).await;
            b.seek("cannon", false).await;
            let seat = a.paired().await.seat;
            b.paired().await;
            first_is_x[usize::from(seat == "x")] += 1;
        }
        // Each way at least once in 12 (all the same by chance: 1 in 2,048).
        assert!(first_is_x[0] > 0 && first_is_x[1] > 0, "{first_is_x:?}");
        srv.stop().await;
    });
}

#[test]
fn the_gap_widens_by_50_every_5_seconds_of_the_longer_wait() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = clock();
        let data = dir.path().join("db.sqlite");
        let (srv, players) = rated_players(
            &data,
            clock.clone(),
            None,
            &[("Low", 1500.0), ("High", 1760.0)],
        )
        .await;
        let [mut low, mut high]: [Member; 2] = players.try_into().ok().expect("two");
        low.seek("push", true).await;
        clock.advance(3_000);
        // 260 apart: 200 + 50 × ⌊w / 5⌋ reaches 300 once Low has waited 10 s; High's own
        // shorter wait does not count.
        high.seek("push", true).await;
        high.nothing(200).await;
        clock.advance(1_999);
        high.nothing(200).await;
        clock.advance(1);
        // 5 s: the gap is 250, still short of 260.
        high.nothing(200).await;
        clock.advance(4_999);
        high.nothing(200).await;
        clock.advance(1);
        let (a, b) = (low.paired().await, high.paired().await);
        assert_eq!(a.room, b.room);
        let ratings: Vec<f64> = ["x", "o"]
            .iter()
            .filter_map(|side| a.state["players"][side]["rating"].as_f64())
            .collect();
        assert!(
            ratings.contains(&1500.0) && ratings.contains(&1760.0),
            "{ratings:?}"
        );
        srv.stop().await;
    });
}

#[test]
fn the_nearest_rating_wins_and_rated_never_meets_casual() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = clock();
        let data = dir.path().join("db.sqlite");
        let (srv, players) = rated_players(
            &data,
            clock.clone(),
            None,
            &[
                ("Low", 1500.0),
                ("High", 1800.0),
                ("Mid", 1640.0),
                ("Casual", 1640.0),
            ],
        )
        .await;
        let [mut low, mut high, mut mid, mut casual]: [Member; 4] =
            players.try_into().ok().expect("four");
        // 300 apart: they wait for each other.
        low.seek("push", true).await;
        high.seek("push", true).await;
        casual.seek("push", false).await;
        low.nothing(200).await;
        clock.advance(4_000);
        // Mid is within 200 of both: the nearer (Low, 140 against 160) wins.
        mid.seek("push", true).await;
        let (l, m) = (low.paired().await, mid.paired().await);
        assert_eq!(l.room, m.room);
        high.nothing(200).await;
        // A casual seek never meets a rated one, however long they wait.
        clock.advance(120_000);
        high.nothing(300).await;
        casual.nothing(10).await;
        srv.stop().await;
    });
}

#[test]
fn busy_not_logged_in_and_a_rematch_is_the_same_two_rated_again() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = clock();
        let srv = lobby_server(&dir.path().join("db.sqlite"), clock.clone(), None).await;
        let mut stranger = Client::connect(srv.addr()).await;
        stranger
            .send(json!({"type": "seek", "game": "push", "rated": true}))
            .await;
        stranger.expect_error("not-logged-in").await;
        stranger.send(json!({"type": "unseek"})).await;
        assert_eq!(
            stranger.recv().await,
            json!({"type": "seeking", "game": null, "rated": null})
        );
        let mut ann = Member::register(srv.addr(), "Ann").await;
        let mut bob = Member::register(srv.addr(), "Bob").await;
        ann.client
            .send(json!({"type": "seek", "game": "chess", "rated": true}))
            .await;
        ann.client.expect_error("unknown-game").await;
        ann.seek("maddell", true).await;
        bob.seek("maddell", true).await;
        let (a, b) = (ann.paired().await, bob.paired().await);
        // Busy while the game is on, from any connection of theirs.
        ann.client
            .send(json!({"type": "seek", "game": "push", "rated": false}))
            .await;
        ann.client.refused("busy").await;
        let mut bob_too = bob.again(srv.addr()).await;
        bob_too
            .client
            .send(json!({"type": "seek", "game": "push", "rated": true}))
            .await;
        bob_too.client.expect_error("busy").await;
        ann.client
            .send(json!({"type": "resign", "room": a.room, "token": a.token}))
            .await;
        let over = ann.client.state_where(|s| s["status"] != "ongoing").await;
        assert_eq!(over["reason"], "resigned");
        bob.client.state_where(|s| s["status"] != "ongoing").await;
        // The rematch: the same two, seats swapped, rated again, from their new ratings.
        ann.client
            .send(json!({"type": "rematch", "room": a.room, "token": a.token}))
            .await;
        ann.client.state_where(|s| s["status"] != "ongoing").await;
        bob.client
            .send(json!({"type": "rematch", "room": b.room, "token": b.token}))
            .await;
        let seat = ann.client.recv_type("seat").await;
        assert_ne!(seat["seat"], a.seat.as_str());
        let fresh = ann.client.state_where(|s| s["status"] == "ongoing").await;
        assert_eq!(fresh["rated"], true);
        let (ann_now, bob_now) = if a.seat == "x" {
            ("o", "x")
        } else {
            ("x", "o")
        };
        assert_eq!(fresh["players"][bob_now]["name"], "Bob");
        assert_eq!(fresh["players"][ann_now]["name"], "Ann");
        let rating = |side: &str| fresh["players"][side]["rating"].as_f64().expect("rating");
        assert!(rating(ann_now) < 1500.0, "Ann lost: {}", rating(ann_now));
        assert!(rating(bob_now) > 1500.0, "Bob won: {}", rating(bob_now));
        // Busy again: the rematch is a paired game.
        ann.client
            .send(json!({"type": "seek", "game": "push", "rated": true}))
            .await;
        ann.client.refused("busy").await;
        srv.stop().await;
    });
}

#[test]
fn a_seek_ends_with_its_connection_on_unseek_and_when_replaced() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = clock();
        let srv = lobby_server(&dir.path().join("db.sqlite"), clock.clone(), None).await;
        let addr = srv.addr();
        let mut gone = Member::register(addr, "Gone").await;
        gone.seek("blockade", true).await;
        gone.client.close().await;
        let mut quitter = Member::register(addr, "Quitter").await;
        quitter.seek("blockade", true).await;
        quitter.nothing(300).await;
        quitter.client.send(json!({"type": "unseek"})).await;
        assert_eq!(
            quitter.client.recv().await,
            json!({"type": "seeking", "game": null, "rated": null})
        );
        // A new seek replaces the old, even from another connection of the player's: one
        // seek a player, and never paired with themselves.
        let mut ann = Member::register(addr, "Ann").await;
        let mut ann_phone = ann.again(addr).await;
        ann.seek("blockade", true).await;
        ann_phone.seek("cannon", true).await;
        let mut bob = Member::register(addr, "Bob").await;
        bob.seek("blockade", true).await;
        bob.nothing(300).await;
        let mut cid = Member::register(addr, "Cid").await;
        cid.seek("cannon", true).await;
        let (p, c) = (ann_phone.paired().await, cid.paired().await);
        assert_eq!(p.room, c.room);
        ann.nothing(10).await;
        // Bob still waits: Quitter and Gone are gone.
        bob.nothing(10).await;
        srv.stop().await;
    });
}
