//! lobby.md, "A side that never starts": in a paired room, a side whose first turn runs out
//! before it played a move of its own ends the game as aborted, and nobody's rating
//! changes. A later turn lost to the clock stays a `timeout` ply. On the injected clock.

mod common;

use std::net::SocketAddr;
use std::sync::Arc;

use common::{bounded, http_get, lobby_server, pick_move, Member, Pairing};
use qipan_server::ManualClock;
use serde_json::{json, Value};

const START_MS: u64 = 1_800_000_000_000;
/// `lobby_server`'s turn.
const TURN_MS: u64 = 60_000;

/// `name`'s standing in `game`, as the records API says.
async fn standing(addr: SocketAddr, name: &str, game: &str) -> Value {
    let (status, body) = http_get(addr, &format!("/api/players/{name}")).await;
    assert_eq!(status, 200, "{body}");
    let v: Value = serde_json::from_str(&body).expect("JSON");
    v["ratings"][game].clone()
}

/// A seat in a paired game: the member and their pairing.
struct Side {
    member: Member,
    seat: Pairing,
}

impl Side {
    /// Plays legal move `pick` (in the engine's order) at ply `ply` of `state`.
    async fn play(&mut self, state: &Value, ply: usize, pick: usize) {
        let (_, mv) = pick_move(state, pick);
        let frame = json!({"type": "move", "room": self.seat.room, "token": self.seat.token,
            "ply": ply, "move": mv});
        self.member.client.send(frame).await;
    }
}

/// Both sides ask for a rematch of the game that ended.
async fn ask_rematch(first: &mut Side, second: &mut Side) {
    for side in [first, second] {
        let frame = json!({"type": "rematch", "room": side.seat.room, "token": side.seat.token});
        side.member.client.send(frame).await;
    }
}

/// Ann and Bob, paired in a rated Shuang Cheng game: the side that moves first, then the
/// other.
async fn pair(addr: SocketAddr) -> (Side, Side) {
    let mut ann = Member::register(addr, "Ann").await;
    let mut bob = Member::register(addr, "Bob").await;
    ann.seek("shuangcheng", true).await;
    bob.seek("shuangcheng", true).await;
    let (a, b) = (ann.paired().await, bob.paired().await);
    let first = pick_move(&a.state, 0).0;
    let (ann, bob) = (
        Side {
            member: ann,
            seat: a,
        },
        Side {
            member: bob,
            seat: b,
        },
    );
    if ann.seat.seat == first {
        (ann, bob)
    } else {
        (bob, ann)
    }
}

#[test]
fn a_first_mover_who_never_moves_aborts_the_game_unrated() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = Arc::new(ManualClock::new(START_MS));
        let srv = lobby_server(&dir.path().join("db.sqlite"), clock.clone(), None).await;
        let (mut first, mut second) = pair(srv.addr()).await;
        clock.advance(TURN_MS);
        for side in [&mut first, &mut second] {
            let over = side
                .member
                .client
                .state_where(|s| s["status"] != "ongoing")
                .await;
            assert_eq!(
                (&over["status"], &over["reason"], &over["plies"]),
                (&json!("aborted"), &json!("aborted"), &json!([])),
                "{over}"
            );
        }
        for name in ["Ann", "Bob"] {
            let standing = standing(srv.addr(), name, "shuangcheng").await;
            assert_eq!(
                (&standing["rating"], &standing["games"]),
                (&json!(1500.0), &json!(0)),
                "{name}: {standing}"
            );
        }

        // The rematch's first turn is a first turn too: left to run out, it aborts again.
        ask_rematch(&mut first, &mut second).await;
        for side in [&mut first, &mut second] {
            side.member
                .client
                .state_where(|s| s["status"] == "ongoing")
                .await;
        }
        clock.advance(TURN_MS);
        let again = first
            .member
            .client
            .state_where(|s| s["status"] != "ongoing")
            .await;
        assert_eq!(
            (&again["status"], &again["plies"]),
            (&json!("aborted"), &json!([])),
            "{again}"
        );
        srv.stop().await;
    });
}

#[test]
fn a_second_mover_who_never_moves_aborts_it_but_a_later_lost_turn_is_a_timeout() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = Arc::new(ManualClock::new(START_MS));
        let srv = lobby_server(&dir.path().join("db.sqlite"), clock.clone(), None).await;
        let (mut first, mut second) = pair(srv.addr()).await;
        let state = first.seat.state.clone();
        first.play(&state, 0, 0).await;
        second.member.client.state_with_plies(1).await;
        first.member.client.state_with_plies(1).await;
        clock.advance(TURN_MS);
        let over = second
            .member
            .client
            .state_where(|s| s["status"] != "ongoing")
            .await;
        assert_eq!(
            (&over["status"], &over["reason"]),
            (&json!("aborted"), &json!("aborted"))
        );
        assert_eq!(over["plies"].as_array().map(Vec::len), Some(1), "{over}");
        first
            .member
            .client
            .state_where(|s| s["status"] != "ongoing")
            .await;
        for name in ["Ann", "Bob"] {
            let standing = standing(srv.addr(), name, "shuangcheng").await;
            assert_eq!(standing["games"], 0, "{name}: {standing}");
        }

        // A rematch where both move once: the next turn lost is the clock's ply, as before.
        ask_rematch(&mut first, &mut second).await;
        let fresh = first
            .member
            .client
            .state_where(|s| s["status"] == "ongoing" && s["plies"] == json!([]))
            .await;
        // Seats swap in a rematch: each token now holds the other side.
        let mover = pick_move(&fresh, 0).0;
        let (a, b) = if first.seat.seat != mover {
            (&mut first, &mut second)
        } else {
            (&mut second, &mut first)
        };
        a.play(&fresh, 0, 0).await;
        let one = b.member.client.state_with_plies(1).await;
        // Not the first legal move: that one ends Shuang Cheng's game at once.
        b.play(&one, 1, 1).await;
        let two = a.member.client.state_with_plies(2).await;
        assert_eq!(two["status"], "ongoing", "{two}");
        clock.advance(TURN_MS);
        let lost = b.member.client.state_with_plies(3).await;
        assert_eq!(lost["plies"][2], "timeout", "{lost}");
        assert_eq!(lost["status"], "ongoing", "{lost}");
        srv.stop().await;
    });
}
