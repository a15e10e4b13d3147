//! Playing at one's own pace over loopback (`shared/spec/correspondence.md`), on a manual
//! clock and short days (`--day-ms`): correspondence seeks, `accept`, the open seeks' API,
//! days per move and their end, `your-turn`, `games` with every seat's token, challenges and
//! their refusals, and what survives a restart.

mod common;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use common::{bounded, http_get, pick_move, set_rating, Client, Member, Pairing};
use qipan_server::{Config, ManualClock, Running};
use serde_json::{json, Value};

const START_MS: u64 = 1_800_000_000_000;
/// A day, for these tests.
const DAY_MS: u64 = 10_000;

fn clock() -> Arc<ManualClock> {
    Arc::new(ManualClock::new(START_MS))
}

fn corr_config(data: &Path) -> Config {
    Config {
        bot_after_ms: None,
        day_ms: DAY_MS,
        ..common::config(data, 60_000, None)
    }
}

async fn corr_server(data: &Path, clock: Arc<ManualClock>) -> Running {
    common::server_with(corr_config(data), clock).await
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

/// A correspondence seek: its id, after checking the `seeking` answer.
async fn seek(member: &mut Member, game: &str, rated: bool, days: u32) -> String {
    member
        .client
        .send(json!({"type": "seek", "game": game, "rated": rated, "days": days}))
        .await;
    let answer = next_not_state(&mut member.client).await;
    let id = answer["seek"].as_str().expect("a seek id").to_owned();
    assert_eq!(
        answer,
        json!({"type": "seeking", "game": game, "rated": rated, "days": days, "seek": id}),
        "{}",
        member.name
    );
    id
}

/// Sends `frame` and expects the error `code`.
async fn refused(member: &mut Member, frame: Value, code: &str) {
    member.client.send(frame).await;
    member.client.refused(code).await;
}

/// Two registered players on one server.
async fn two(addr: SocketAddr) -> (Member, Member) {
    (
        Member::register(addr, "Ann").await,
        Member::register(addr, "Bob").await,
    )
}

/// Ann's 3-day seek, accepted by Bob: both pairings (Ann's, Bob's).
async fn accepted_game(ann: &mut Member, bob: &mut Member) -> (Pairing, Pairing) {
    let id = seek(ann, "push", true, 3).await;
    bob.client.send(json!({"type": "accept", "seek": id})).await;
    (ann.paired().await, bob.paired().await)
}

/// The pairing that plays `x` first, then the other.
fn x_first<'a>(a: &'a Pairing, b: &'a Pairing) -> (&'a Pairing, &'a Pairing) {
    if a.seat == "x" {
        (a, b)
    } else {
        (b, a)
    }
}

/// Plays one legal move for whoever is to move in `state`, with that seat's token.
async fn play(client: &mut Client, state: &Value, tokens: [(&str, &str); 2]) {
    let (side, mv) = pick_move(state, 0);
    let token = tokens.iter().find(|(s, _)| *s == side).expect("a seat").1;
    let ply = state["plies"].as_array().map_or(0, Vec::len);
    client
        .send(
            json!({"type": "move", "room": state["room"], "token": token, "ply": ply, "move": mv}),
        )
        .await;
}

#[test]
fn a_correspondence_seek_outlives_its_connection_and_two_seeks_pair_with_days() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = clock();
        let srv = corr_server(&dir.path().join("db.sqlite"), clock.clone()).await;
        let (mut ann, mut bob) = two(srv.addr()).await;
        let id = seek(&mut ann, "push", true, 3).await;
        // A second seek for the same game, rated and days is the first.
        assert_eq!(seek(&mut ann, "push", true, 3).await, id);
        let (key, name) = (ann.key.clone(), ann.name.clone());
        ann.client.close().await;
        let (status, body) = http_get(srv.addr(), "/api/seeks/push").await;
        assert_eq!(status, 200);
        let listed: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(
            listed,
            json!({"game": "push", "seeks": [{"seek": id, "name": "Ann", "rating": 1500.0, "provisional": true, "rated": true, "days": 3}]})
        );
        assert_eq!(http_get(srv.addr(), "/api/seeks/nonsense").await.0, 404);
        let mut ann = Member::login(srv.addr(), &name, &key).await;
        let mut ann2 = ann.again(srv.addr()).await;
        seek(&mut bob, "push", true, 3).await;
        let (a, a2, b) = (ann.paired().await, ann2.paired().await, bob.paired().await);
        assert_eq!(
            (a.room.clone(), a.token.clone()),
            (a2.room.clone(), a2.token.clone())
        );
        assert_eq!(a.room, b.room);
        assert_ne!(a.seat, b.seat);
        for state in [&a.state, &b.state] {
            assert_eq!(state["days"], 3);
            assert_eq!(state["turn_ms"], 3 * DAY_MS);
            assert_eq!(state["rated"], true);
        }
        let (_, body) = http_get(srv.addr(), "/api/seeks/push").await;
        assert_eq!(
            serde_json::from_str::<Value>(&body).expect("JSON")["seeks"],
            json!([])
        );
        // The record says its days.
        let (_, record) = http_get(srv.addr(), &format!("/api/games/{}", a.room)).await;
        assert_eq!(
            serde_json::from_str::<Value>(&record).expect("JSON")["days"],
            3
        );
        srv.stop().await;
    });
}

#[test]
fn seeks_pair_only_within_300_of_the_same_game_rated_and_days() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let data = dir.path().join("db.sqlite");
        let clock = clock();
        let srv = corr_server(&data, clock.clone()).await;
        let (ann, bob) = two(srv.addr()).await;
        let cat = Member::register(srv.addr(), "Cat").await;
        let keys = [ann.key.clone(), bob.key.clone(), cat.key.clone()];
        srv.stop().await;
        set_rating(&data, "Ann", "push", 1500.0, 60.0);
        set_rating(&data, "Bob", "push", 1801.0, 60.0);
        set_rating(&data, "Cat", "push", 1800.0, 60.0);
        let srv = corr_server(&data, clock.clone()).await;
        let mut ann = Member::login(srv.addr(), "Ann", &keys[0]).await;
        let mut bob = Member::login(srv.addr(), "Bob", &keys[1]).await;
        let mut cat = Member::login(srv.addr(), "Cat", &keys[2]).await;
        seek(&mut ann, "push", true, 3).await;
        seek(&mut bob, "push", true, 3).await;
        ann.nothing(300).await;
        bob.nothing(0).await;
        // Other days, other rated: no pairing.
        seek(&mut cat, "push", true, 5).await;
        seek(&mut cat, "push", false, 3).await;
        cat.nothing(300).await;
        // Cat at 1800, 3 days, rated: 1 from Bob, 300 from Ann: Bob, the nearest.
        seek(&mut cat, "push", true, 3).await;
        let (b, c) = (bob.paired().await, cat.paired().await);
        assert_eq!(b.room, c.room);
        ann.nothing(300).await;
        srv.stop().await;
    });
}

#[test]
fn accept_takes_any_seek_but_ones_own_or_a_gone_one_and_unseek_withdraws() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let srv = corr_server(&dir.path().join("db.sqlite"), clock()).await;
        let (mut ann, mut bob) = two(srv.addr()).await;
        let id = seek(&mut ann, "push", false, 7).await;
        refused(&mut ann, json!({"type": "accept", "seek": id}), "own-seek").await;
        refused(
            &mut bob,
            json!({"type": "accept", "seek": "nope"}),
            "no-such-seek",
        )
        .await;
        refused(
            &mut bob,
            json!({"type": "unseek", "seek": id}),
            "no-such-seek",
        )
        .await;
        ann.client.send(json!({"type": "unseek", "seek": id})).await;
        assert_eq!(
            next_not_state(&mut ann.client).await,
            json!({"type": "seeking", "game": null, "rated": null, "days": null, "seek": id})
        );
        refused(
            &mut bob,
            json!({"type": "accept", "seek": id}),
            "no-such-seek",
        )
        .await;
        let (a, b) = accepted_game(&mut ann, &mut bob).await;
        assert_eq!(a.room, b.room);
        assert_eq!(a.state["days"], 3);
        srv.stop().await;
    });
}

#[test]
fn the_new_frames_refuse_bad_days_and_want_a_player() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let srv = corr_server(&dir.path().join("db.sqlite"), clock()).await;
        let mut anon = Client::connect(srv.addr()).await;
        for frame in [
            json!({"type": "seek", "game": "push", "rated": true, "days": 3}),
            json!({"type": "accept", "seek": "x"}),
            json!({"type": "accept", "challenge": "x"}),
            json!({"type": "challenge", "to": "Ann", "game": "push", "rated": true, "days": null}),
            json!({"type": "games"}),
        ] {
            anon.send(frame).await;
            anon.expect_error("not-logged-in").await;
        }
        let (mut ann, _bob) = two(srv.addr()).await;
        for days in [0, 4, 15] {
            refused(
                &mut ann,
                json!({"type": "seek", "game": "push", "rated": true, "days": days}),
                "bad-days",
            )
            .await;
            refused(&mut ann, json!({"type": "challenge", "to": "Bob", "game": "push", "rated": true, "days": days}), "bad-days").await;
        }
        srv.stop().await;
    });
}

#[test]
fn the_days_run_with_nobody_there_fill_after_each_ply_and_end_the_game_on_time() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = clock();
        let srv = corr_server(&dir.path().join("db.sqlite"), clock.clone()).await;
        let (mut ann, mut bob) = two(srv.addr()).await;
        // Before 2 plies: aborted.
        let (a, _) = accepted_game(&mut ann, &mut bob).await;
        let mut watcher = Client::connect(srv.addr()).await;
        watcher.send(json!({"type": "join", "room": a.room})).await;
        let state = watcher.recv_type("state").await;
        clock.advance(DAY_MS);
        watcher.send(json!({"type": "join", "room": a.room})).await;
        let later = watcher.recv_type("state").await;
        assert_eq!(
            later["turn_ms"],
            2 * DAY_MS,
            "running, nobody connected: {state}"
        );
        clock.advance(2 * DAY_MS);
        let over = watcher.state_where(|s| s["status"] != "ongoing").await;
        assert_eq!(
            (over["status"].as_str(), over["reason"].as_str()),
            (Some("aborted"), Some("aborted"))
        );
        assert_eq!(over["turn_ms"], Value::Null);
        // After 2 plies: the side to move loses, `out-of-time`, and is rated.
        let (a, b) = accepted_game(&mut ann, &mut bob).await;
        let (x, o) = x_first(&a, &b);
        let tokens = [("x", x.token.as_str()), ("o", o.token.as_str())];
        let mut board = Client::connect(srv.addr()).await;
        board.send(json!({"type": "join", "room": a.room})).await;
        let mut state = board.recv_type("state").await;
        for ply in 0..2 {
            clock.advance(DAY_MS);
            play(&mut board, &state, tokens).await;
            state = board.state_with_plies(ply + 1).await;
            assert_eq!(state["turn_ms"], 3 * DAY_MS, "full again after a ply");
        }
        // `claim` is not for correspondence games.
        board
            .send(json!({"type": "claim", "room": a.room, "token": x.token}))
            .await;
        board.refused("cannot-claim").await;
        clock.advance(3 * DAY_MS - 1);
        board.quiet(200).await;
        clock.advance(1);
        let over = board.state_where(|s| s["status"] != "ongoing").await;
        assert_eq!(over["status"], "o-wins", "x was to move: {over}");
        assert_eq!(over["reason"], "out-of-time");
        assert_eq!(
            over["plies"].as_array().map(Vec::len),
            Some(2),
            "no timeout ply"
        );
        let (_, record) = http_get(srv.addr(), &format!("/api/games/{}", a.room)).await;
        let record: Value = serde_json::from_str(&record).expect("JSON");
        assert_ne!(
            record["players"]["o"]["after"], record["players"]["o"]["before"],
            "rated"
        );
        board.quiet(300).await;
        srv.stop().await;
    });
}

#[test]
fn your_turn_reaches_every_connection_of_the_mover_and_once_more_at_a_quarter_left() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = clock();
        let srv = corr_server(&dir.path().join("db.sqlite"), clock.clone()).await;
        let (mut ann, mut bob) = two(srv.addr()).await;
        let (a, b) = accepted_game(&mut ann, &mut bob).await;
        let (x, o) = x_first(&a, &b);
        let (mut mover, mut waiter) = if a.seat == "x" {
            (bob, ann)
        } else {
            (ann, bob)
        };
        let mut mover2 = mover.again(srv.addr()).await;
        let tokens = [("x", x.token.as_str()), ("o", o.token.as_str())];
        play(&mut waiter.client, &x.state, tokens).await;
        for m in [&mut mover, &mut mover2] {
            let turn = next_not_state(&mut m.client).await;
            assert_eq!(
                turn,
                json!({"type": "your-turn", "room": a.room, "game": "push", "opponent": waiter.name, "turn_ms": 3 * DAY_MS})
            );
        }
        let heard = waiter.client.quiet(200).await;
        assert!(
            heard.iter().all(|f| f["type"] == "state"),
            "the mover's own: {heard:?}"
        );
        // A quarter of 3 days left: once more.
        clock.advance(3 * DAY_MS * 3 / 4 - 1);
        mover.nothing(200).await;
        clock.advance(1);
        let again = next_not_state(&mut mover.client).await;
        assert_eq!(again["type"], "your-turn");
        assert_eq!(again["turn_ms"], 3 * DAY_MS / 4);
        clock.advance(10);
        mover.nothing(300).await;
        srv.stop().await;
    });
}

#[test]
fn games_lists_every_game_with_its_token_on_a_new_device_and_the_token_plays() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = clock();
        let srv = corr_server(&dir.path().join("db.sqlite"), clock.clone()).await;
        let (mut ann, mut bob) = two(srv.addr()).await;
        let (a1, _) = accepted_game(&mut ann, &mut bob).await;
        let (a2, b2) = accepted_game(&mut ann, &mut bob).await;
        let open = seek(&mut ann, "blockade", false, 14).await;
        let mut device = ann.again(srv.addr()).await;
        device.client.send(json!({"type": "games"})).await;
        let games = next_not_state(&mut device.client).await;
        assert_eq!(games["type"], "games");
        let entries = games["games"].as_array().expect("games");
        assert_eq!(entries.len(), 2, "{games}");
        for entry in entries {
            let pairing = if entry["room"] == a1.room.as_str() {
                &a1
            } else {
                &a2
            };
            assert_eq!(entry["token"], pairing.token.as_str());
            assert_eq!(entry["seat"], pairing.seat.as_str());
            assert_eq!(entry["opponent"], "Bob");
            assert_eq!(entry["days"], 3);
            assert_eq!(entry["plies"], 0);
            assert_eq!(entry["your_turn"], pairing.seat == "x");
        }
        // Yours first.
        let turns: Vec<bool> = entries
            .iter()
            .map(|e| e["your_turn"].as_bool().expect("bool"))
            .collect();
        assert!(turns.windows(2).all(|w| w[0] >= w[1]), "{games}");
        assert_eq!(
            games["seeks"],
            json!([{"seek": open, "game": "blockade", "rated": false, "days": 14}])
        );
        assert_eq!(games["challenges"], json!([]));
        // The token from `games` plays on the new device.
        let (x_token, state) = if a2.seat == "x" {
            (a2.token.clone(), &a2.state)
        } else {
            (b2.token.clone(), &b2.state)
        };
        let mine = entries
            .iter()
            .find(|e| e["room"] == a2.room.as_str())
            .expect("listed");
        assert_eq!(mine["token"], a2.token.as_str());
        play(
            &mut device.client,
            state,
            [("x", &x_token), ("o", &x_token)],
        )
        .await;
        let moved = device.client.state_with_plies(1).await;
        assert_eq!(moved["room"], a2.room.as_str());
        // Bob's list has no Ann tokens: tokens only to their own player.
        bob.client.send(json!({"type": "games"})).await;
        // Bob is to move in the game just played: a `your-turn` may come first.
        let theirs = bob.client.recv_type("games").await;
        for entry in theirs["games"].as_array().expect("games") {
            assert_ne!(entry["token"], a1.token.as_str());
            assert_ne!(entry["token"], a2.token.as_str());
        }
        srv.stop().await;
    });
}

#[test]
fn a_challenge_is_told_declined_cancelled_or_accepted_and_refused_to_others() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let srv = corr_server(&dir.path().join("db.sqlite"), clock()).await;
        let (mut ann, mut bob) = two(srv.addr()).await;
        let mut cat = Member::register(srv.addr(), "Cat").await;
        refused(
            &mut ann,
            json!({"type": "challenge", "to": "ANN", "game": "push", "rated": true, "days": 3}),
            "own-challenge",
        )
        .await;
        refused(
            &mut ann,
            json!({"type": "challenge", "to": "Nobody", "game": "push", "rated": true, "days": 3}),
            "no-such-player",
        )
        .await;
        refused(&mut ann, json!({"type": "challenge", "to": "Computer-Easy", "game": "push", "rated": true, "days": null}), "no-such-player").await;
        let send = |days: Value| json!({"type": "challenge", "to": "bob", "game": "push", "rated": true, "days": days});
        ann.client.send(send(json!(3))).await;
        let sent = next_not_state(&mut ann.client).await;
        assert_eq!(sent["type"], "challenge-sent");
        let id = sent["challenge"].as_str().expect("id").to_owned();
        let told = next_not_state(&mut bob.client).await;
        assert_eq!(
            told,
            json!({"type": "challenge", "challenge": id, "from": "Ann", "rating": 1500.0, "game": "push", "rated": true, "days": 3})
        );
        // Only Bob answers it, only Ann withdraws it.
        refused(
            &mut cat,
            json!({"type": "accept", "challenge": id}),
            "no-such-challenge",
        )
        .await;
        refused(
            &mut ann,
            json!({"type": "decline", "challenge": id}),
            "no-such-challenge",
        )
        .await;
        refused(
            &mut bob,
            json!({"type": "cancel", "challenge": id}),
            "no-such-challenge",
        )
        .await;
        bob.client.send(json!({"type": "games"})).await;
        let games = next_not_state(&mut bob.client).await;
        assert_eq!(games["challenges"][0]["to"], "Bob");
        bob.client
            .send(json!({"type": "decline", "challenge": id}))
            .await;
        assert_eq!(
            next_not_state(&mut ann.client).await,
            json!({"type": "declined", "challenge": id})
        );
        refused(
            &mut bob,
            json!({"type": "accept", "challenge": id}),
            "no-such-challenge",
        )
        .await;
        // Cancelled.
        ann.client.send(send(json!(3))).await;
        let id = next_not_state(&mut ann.client).await["challenge"]
            .as_str()
            .expect("id")
            .to_owned();
        next_not_state(&mut bob.client).await;
        ann.client
            .send(json!({"type": "cancel", "challenge": id}))
            .await;
        ann.nothing(200).await;
        refused(
            &mut bob,
            json!({"type": "accept", "challenge": id}),
            "no-such-challenge",
        )
        .await;
        // Accepted, live: both get paired and the state, a live room.
        ann.client.send(send(Value::Null)).await;
        let id = next_not_state(&mut ann.client).await["challenge"]
            .as_str()
            .expect("id")
            .to_owned();
        assert_eq!(next_not_state(&mut bob.client).await["days"], Value::Null);
        bob.client
            .send(json!({"type": "accept", "challenge": id}))
            .await;
        let (a, b) = (ann.paired().await, bob.paired().await);
        assert_eq!(a.room, b.room);
        assert_eq!(a.state["days"], Value::Null);
        refused(
            &mut bob,
            json!({"type": "accept", "challenge": id}),
            "no-such-challenge",
        )
        .await;
        // Bob is busy in that live game: another live challenge is refused `busy`.
        cat.client.send(json!({"type": "challenge", "to": "Bob", "game": "push", "rated": false, "days": null})).await;
        let id = next_not_state(&mut cat.client).await["challenge"]
            .as_str()
            .expect("id")
            .to_owned();
        next_not_state(&mut bob.client).await;
        refused(&mut bob, json!({"type": "accept", "challenge": id}), "busy").await;
        srv.stop().await;
    });
}

#[test]
fn a_live_challenge_lapses_after_a_minute_or_with_its_challengers_last_connection() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = clock();
        let srv = corr_server(&dir.path().join("db.sqlite"), clock.clone()).await;
        let (mut ann, mut bob) = two(srv.addr()).await;
        let live =
            json!({"type": "challenge", "to": "Bob", "game": "push", "rated": false, "days": null});
        ann.client.send(live.clone()).await;
        let id = next_not_state(&mut ann.client).await["challenge"]
            .as_str()
            .expect("id")
            .to_owned();
        assert_eq!(next_not_state(&mut bob.client).await["type"], "challenge");
        clock.advance(60_000);
        refused(
            &mut bob,
            json!({"type": "accept", "challenge": id}),
            "no-such-challenge",
        )
        .await;
        ann.client.send(live).await;
        let id = next_not_state(&mut ann.client).await["challenge"]
            .as_str()
            .expect("id")
            .to_owned();
        assert_eq!(next_not_state(&mut bob.client).await["type"], "challenge");
        ann.client.close().await;
        refused(
            &mut bob,
            json!({"type": "accept", "challenge": id}),
            "no-such-challenge",
        )
        .await;
        srv.stop().await;
    });
}

#[test]
fn at_most_20_open_correspondence_challenges_from_one_player() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = clock();
        let srv = corr_server(&dir.path().join("db.sqlite"), clock.clone()).await;
        let (mut ann, _bob) = two(srv.addr()).await;
        let frame =
            json!({"type": "challenge", "to": "Bob", "game": "push", "rated": true, "days": 1});
        for _ in 0..20 {
            // Within the frames' rate limit.
            clock.advance(1_000);
            ann.client.send(frame.clone()).await;
            assert_eq!(
                next_not_state(&mut ann.client).await["type"],
                "challenge-sent"
            );
        }
        refused(&mut ann, frame, "too-many-challenges").await;
        // A live one is not counted.
        ann.client.send(json!({"type": "challenge", "to": "Bob", "game": "push", "rated": true, "days": null})).await;
        assert_eq!(
            next_not_state(&mut ann.client).await["type"],
            "challenge-sent"
        );
        srv.stop().await;
    });
}

#[test]
fn seeks_games_and_their_days_survive_a_restart() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let data = dir.path().join("db.sqlite");
        let clock = clock();
        let srv = corr_server(&data, clock.clone()).await;
        let (mut ann, mut bob) = two(srv.addr()).await;
        let (a, _) = accepted_game(&mut ann, &mut bob).await;
        let open = seek(&mut ann, "push", false, 2).await;
        let keys = (ann.key.clone(), bob.key.clone());
        srv.stop().await;
        // The days run on while no server runs.
        clock.advance(DAY_MS);
        let srv = corr_server(&data, clock.clone()).await;
        let mut ann = Member::login(srv.addr(), "Ann", &keys.0).await;
        ann.client.send(json!({"type": "games"})).await;
        let games = next_not_state(&mut ann.client).await;
        assert_eq!(games["games"][0]["room"], a.room.as_str());
        assert_eq!(games["games"][0]["turn_ms"], 2 * DAY_MS);
        assert_eq!(games["seeks"][0]["seek"], open.as_str());
        let (_, body) = http_get(srv.addr(), "/api/seeks/push").await;
        assert_eq!(
            serde_json::from_str::<Value>(&body).expect("JSON")["seeks"][0]["seek"],
            open.as_str()
        );
        // And the game ends on time, from the restarted server's queue.
        let mut watcher = Client::connect(srv.addr()).await;
        watcher.send(json!({"type": "join", "room": a.room})).await;
        watcher.recv_type("state").await;
        clock.advance(2 * DAY_MS);
        let over = watcher.state_where(|s| s["status"] != "ongoing").await;
        assert_eq!(over["status"], "aborted");
        let mut bob = Member::login(srv.addr(), "Bob", &keys.1).await;
        let id = seek(&mut bob, "push", false, 2).await;
        assert_ne!(id, open);
        let (_, b) = (ann.paired().await, bob.paired().await);
        assert_eq!(b.state["days"], 2);
        srv.stop().await;
    });
}

#[test]
fn games_lists_a_live_game_from_a_live_seek_with_its_token_too() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let srv = corr_server(&dir.path().join("db.sqlite"), clock()).await;
        let (mut ann, mut bob) = two(srv.addr()).await;
        ann.seek("push", false).await;
        bob.seek("push", false).await;
        let a = ann.paired().await;
        let mut device = ann.again(srv.addr()).await;
        device.client.send(json!({"type": "games"})).await;
        let games = next_not_state(&mut device.client).await;
        let entry = &games["games"][0];
        assert_eq!(entry["room"], a.room.as_str(), "{games}");
        assert_eq!(entry["token"], a.token.as_str());
        assert_eq!(entry["days"], Value::Null);
        assert_eq!(entry["turn_ms"], 60_000);
        srv.stop().await;
    });
}

#[test]
fn a_51st_correspondence_game_is_refused_to_whoever_would_start_it() {
    bounded(120, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = clock();
        let srv = corr_server(&dir.path().join("db.sqlite"), clock.clone()).await;
        let (mut ann, mut bob) = two(srv.addr()).await;
        for _ in 0..50 {
            // Within the frames' rate limit; 14 days are far from over.
            clock.advance(500);
            let id = seek(&mut ann, "push", true, 14).await;
            bob.client.send(json!({"type": "accept", "seek": id})).await;
            ann.client.recv_type("paired").await;
            bob.client.recv_type("paired").await;
        }
        clock.advance(500);
        refused(
            &mut ann,
            json!({"type": "seek", "game": "push", "rated": true, "days": 14}),
            "too-many-games",
        )
        .await;
        let mut cat = Member::register(srv.addr(), "Cat").await;
        let id = seek(&mut cat, "push", true, 14).await;
        // Bob, at 50, would start it: refused, the seek stays open.
        refused(
            &mut bob,
            json!({"type": "accept", "seek": id}),
            "too-many-games",
        )
        .await;
        let (_, body) = http_get(srv.addr(), "/api/seeks/push").await;
        assert_eq!(
            serde_json::from_str::<Value>(&body).expect("JSON")["seeks"][0]["seek"],
            id.as_str()
        );
        // Live games do not count, nor make anyone `busy`: a live challenge still starts.
        cat.client.send(json!({"type": "challenge", "to": "Bob", "game": "push", "rated": false, "days": null})).await;
        let challenge = next_not_state(&mut cat.client).await["challenge"].clone();
        bob.client.recv_type("challenge").await;
        bob.client
            .send(json!({"type": "accept", "challenge": challenge}))
            .await;
        bob.client.recv_type("paired").await;
        srv.stop().await;
    });
}

#[test]
fn a_correspondence_rematch_is_one_again_and_makes_nobody_busy() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let srv = corr_server(&dir.path().join("db.sqlite"), clock()).await;
        let (mut ann, mut bob) = two(srv.addr()).await;
        let (a, b) = accepted_game(&mut ann, &mut bob).await;
        ann.client
            .send(json!({"type": "resign", "room": a.room, "token": a.token}))
            .await;
        ann.client.state_where(|s| s["status"] != "ongoing").await;
        ann.client
            .send(json!({"type": "rematch", "room": a.room, "token": a.token}))
            .await;
        ann.client.recv_type("state").await;
        bob.client
            .send(json!({"type": "rematch", "room": b.room, "token": b.token}))
            .await;
        let again = bob.client.state_where(|s| s["status"] == "ongoing").await;
        assert_eq!(again["days"], 3);
        assert_eq!(again["turn_ms"], 3 * DAY_MS);
        // Not `busy`: a live seek is taken.
        ann.seek("push", false).await;
        srv.stop().await;
    });
}
