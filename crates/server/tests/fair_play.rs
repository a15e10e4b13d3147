//! Ending a game fairly over loopback (lobby.md): abort, draw offers, claims, resignation,
//! and which of those endings are rated.

mod common;

use std::net::SocketAddr;
use std::sync::Arc;

use common::{bounded, http_get, lobby_server, pick_move, Member, Pairing};
use qipan_server::ManualClock;
use serde_json::{json, Value};

const START_MS: u64 = 1_800_000_000_000;

/// Two newcomers paired in `game`, rated: (x, x's seat), (o, o's seat).
async fn paired(addr: SocketAddr, game: &str, names: [&str; 2]) -> [(Member, Pairing); 2] {
    let mut a = Member::register(addr, names[0]).await;
    let mut b = Member::register(addr, names[1]).await;
    a.seek(game, true).await;
    b.seek(game, true).await;
    let (pa, pb) = (a.paired().await, b.paired().await);
    // Both see both connected before anything else.
    let both = |s: &Value| s["connected"] == json!({"x": true, "o": true});
    if pa.state["connected"] != json!({"x": true, "o": true}) {
        a.client.state_where(both).await;
    }
    if pa.seat == "x" {
        [(a, pa), (b, pb)]
    } else {
        [(b, pb), (a, pa)]
    }
}

fn frame(kind: &str, p: &Pairing) -> Value {
    json!({"type": kind, "room": p.room, "token": p.token})
}

/// Plays the side to move's first legal move (whoever of the two it is).
async fn play_one(players: &mut [(Member, Pairing); 2], state: &Value) -> Value {
    let plies = state["plies"].as_array().map_or(0, Vec::len);
    let (side, mv) = pick_move(state, 0);
    let (m, p) = if side == "x" {
        &mut players[0]
    } else {
        &mut players[1]
    };
    m.client
        .send(json!({"type": "move", "room": p.room, "token": p.token, "ply": plies, "move": mv}))
        .await;
    let seen = m.client.state_with_plies(plies + 1).await;
    let other = if side == "x" {
        &mut players[1]
    } else {
        &mut players[0]
    };
    other.0.client.state_with_plies(plies + 1).await;
    seen
}

async fn games_of(addr: SocketAddr, name: &str, game: &str) -> u64 {
    let (status, body) = http_get(addr, &format!("/api/players/{name}")).await;
    assert_eq!(status, 200);
    let v: Value = serde_json::from_str(&body).expect("JSON");
    v["ratings"][game]["games"].as_u64().expect("games")
}

#[test]
fn abort_before_the_second_ply_ends_the_game_unrated_and_not_after() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = Arc::new(ManualClock::new(START_MS));
        let srv = lobby_server(&dir.path().join("db.sqlite"), clock, None).await;
        let addr = srv.addr();
        let mut players = paired(addr, "push", ["Ann", "Bob"]).await;
        let state = players[0].1.state.clone();
        let state = play_one(&mut players, &state).await;
        // One ply: still allowed, by either side.
        let [(x, xp), (o, op)] = &mut players;
        o.client.send(frame("abort", op)).await;
        let over = x.client.state_where(|s| s["status"] != "ongoing").await;
        assert_eq!(
            (over["status"].as_str(), over["reason"].as_str()),
            (Some("aborted"), Some("aborted"))
        );
        assert_eq!(over["plies"], state["plies"]);
        assert_eq!(over["turn_ms"], Value::Null);
        for kind in ["abort", "draw", "claim"] {
            x.client.send(frame(kind, xp)).await;
            x.client.refused("game-over").await;
        }
        assert_eq!(games_of(addr, "Ann", "push").await, 0, "never rated");
        let (_, body) = http_get(addr, &format!("/api/games/{}", xp.room)).await;
        let record: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(record["status"], "aborted");
        assert_eq!(
            record["players"]["x"]["after"],
            record["players"]["x"]["before"]
        );
        // Not busy: the game is over.
        x.seek("push", true).await;

        // After two plies: cannot-abort.
        let mut players = paired(addr, "cannon", ["Cid", "Dee"]).await;
        let mut state = players[0].1.state.clone();
        for _ in 0..2 {
            state = play_one(&mut players, &state).await;
        }
        let [(x, xp), _] = &mut players;
        x.client.send(frame("abort", xp)).await;
        x.client.refused("cannot-abort").await;
        srv.stop().await;
    });
}

#[test]
fn a_draw_offer_stands_until_the_other_plays_and_is_accepted_by_their_draw() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = Arc::new(ManualClock::new(START_MS));
        let srv = lobby_server(&dir.path().join("db.sqlite"), clock, None).await;
        let addr = srv.addr();
        let mut players = paired(addr, "blockade", ["Ann", "Bob"]).await;
        let state = players[0].1.state.clone();
        {
            let [(x, xp), (o, _)] = &mut players;
            x.client.send(frame("draw", xp)).await;
            let offered = o.client.state_where(|s| s["offer"] == "x").await;
            assert_eq!(offered["status"], "ongoing");
            x.client.state_where(|s| s["offer"] == "x").await;
        }
        // x moves: its own offer stands; o's move declines it.
        let state = play_one(&mut players, &state).await;
        assert_eq!(state["offer"], "x");
        let state = play_one(&mut players, &state).await;
        assert_eq!(state["offer"], Value::Null);
        // Offered again, and accepted.
        let [(x, xp), (o, op)] = &mut players;
        o.client.send(frame("draw", op)).await;
        x.client.state_where(|s| s["offer"] == "o").await;
        x.client.send(frame("draw", xp)).await;
        let over = o.client.state_where(|s| s["status"] != "ongoing").await;
        assert_eq!(
            (
                over["status"].as_str(),
                over["reason"].as_str(),
                &over["offer"]
            ),
            (Some("draw"), Some("agreed"), &Value::Null)
        );
        assert_eq!(
            games_of(addr, "Ann", "blockade").await,
            1,
            "a draw is rated"
        );
        srv.stop().await;
    });
}

#[test]
fn a_claim_wins_once_the_absent_player_lost_a_turn_after_leaving() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = Arc::new(ManualClock::new(START_MS));
        let srv = lobby_server(&dir.path().join("db.sqlite"), clock.clone(), None).await;
        let addr = srv.addr();
        let mut players = paired(addr, "maddell", ["Ann", "Bob"]).await;
        let start = players[0].1.state.clone();
        // Both play once: a side whose first turn ran out would abort the game (lobby.md,
        // "A side that never starts").
        let one = play_one(&mut players, &start).await;
        play_one(&mut players, &one).await;
        let [(mut x, xp), (o, op)] = players;
        x.client.send(frame("claim", &xp)).await;
        x.client.refused("cannot-claim").await;
        // o leaves during x's turn; x's own lost turn gives nothing to claim.
        o.client.close().await;
        x.client.state_where(|s| s["connected"]["o"] == false).await;
        x.client.send(frame("claim", &xp)).await;
        x.client.refused("cannot-claim").await;
        clock.advance(60_000);
        x.client.state_with_plies(3).await;
        x.client.send(frame("claim", &xp)).await;
        x.client.refused("cannot-claim").await;
        // o's turn runs out while o is away: now x may claim.
        clock.advance(60_000);
        let lost = x.client.state_with_plies(4).await;
        assert_eq!(
            (&lost["plies"][2], &lost["plies"][3]),
            (&json!("timeout"), &json!("timeout"))
        );
        x.client.send(frame("claim", &xp)).await;
        let won = x.client.state_where(|s| s["status"] != "ongoing").await;
        assert_eq!(
            (won["status"].as_str(), won["reason"].as_str()),
            (Some("x-wins"), Some("abandoned"))
        );
        assert_eq!(
            games_of(addr, "Ann", "maddell").await,
            1,
            "a claim is rated"
        );
        // o comes back to the game over: its own claim is game-over.
        let mut back = common::Player::resume(addr, &op.room, &op.token).await;
        back.client.send(frame("claim", &op)).await;
        back.client.refused("game-over").await;
        srv.stop().await;
    });
}

#[test]
fn a_resignation_before_two_plies_is_rated_and_a_friends_room_is_never() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = Arc::new(ManualClock::new(START_MS));
        let srv = lobby_server(&dir.path().join("db.sqlite"), clock, None).await;
        let addr = srv.addr();
        let [(mut x, xp), (mut o, _)] = paired(addr, "shuangcheng", ["Ann", "Bob"]).await;
        x.client.send(frame("resign", &xp)).await;
        let over = o.client.state_where(|s| s["status"] != "ongoing").await;
        assert_eq!(over["reason"], "resigned");
        x.client.state_where(|s| s["status"] != "ongoing").await;
        assert_eq!(games_of(addr, "Ann", "shuangcheng").await, 1);
        assert_eq!(games_of(addr, "Bob", "shuangcheng").await, 1);

        // A friend's room: no players, unrated, no offer; abort and draw work there too.
        let mut host = common::Player::create(addr, "push", "x").await;
        let mut friend = common::Player::join(addr, &host.room).await;
        let state = friend.client.recv_type("state").await;
        assert_eq!(
            (&state["players"], &state["rated"], &state["offer"]),
            (&json!({"x": null, "o": null}), &json!(false), &Value::Null)
        );
        friend
            .client
            .send(json!({"type": "draw", "room": host.room, "token": friend.token}))
            .await;
        host.client.state_where(|s| s["offer"] == "o").await;
        host.client
            .send(json!({"type": "abort", "room": host.room, "token": host.token}))
            .await;
        let over = friend
            .client
            .state_where(|s| s["status"] != "ongoing")
            .await;
        assert_eq!(over["status"], "aborted");
        srv.stop().await;
    });
}
