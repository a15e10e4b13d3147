//! The computer as four rated players (lobby.md, "The computer"), over loopback: when a
//! seek gets it, which of the four, its moves (legal, played by the server alone), its
//! claim when the player walks away, its rematch, and what a seek gets when every place is
//! taken.

use qipan_engine::games::ToGame;
mod common;

use std::sync::Arc;

use common::{bounded, http_get, lobby_server, server_with, Client, Member, Pairing};
use qipan_engine::games::{Game, Variant};
use qipan_engine::with_game;
use qipan_server::{Config, ManualClock};
use serde_json::{json, Value};

const START_MS: u64 = 1_800_000_000_000;

fn clock() -> Arc<ManualClock> {
    Arc::new(ManualClock::new(START_MS))
}

/// The seat of the computer in a pairing's state, and its player.
fn computer_of(p: &Pairing) -> (&'static str, Value) {
    for side in ["x", "o"] {
        if p.state["players"][side]["bot"] == true {
            return (side, p.state["players"][side].clone());
        }
    }
    panic!("no computer in {}", p.state);
}

/// Replays a state's plies from its start with the engine: every ply legal, and the
/// position the state says.
fn replays(state: &Value) {
    let variant = Variant::parse(state["game"].as_str().expect("game")).expect("variant");
    with_game!(variant.to_game(), g => {
        let mut pos = g.parse_position(state["start"].as_str().expect("start")).expect("start");
        for ply in state["plies"].as_array().expect("plies") {
            let ply = ply.as_str().expect("ply");
            pos = if ply == "timeout" {
                g.skip_turn(&pos)
            } else {
                let mv = g.parse_move(&pos, ply).unwrap_or_else(|_| panic!("{ply} is not legal in {state}"));
                g.play(&pos, mv)
            };
        }
        assert_eq!(g.format_position(&pos), state["position"].as_str().expect("position"));
    });
}

#[test]
fn with_bot_after_0_a_seek_gets_the_nearest_computer_at_once_and_plays_it_out() {
    bounded(120, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = clock();
        let srv = lobby_server(&dir.path().join("db.sqlite"), clock.clone(), Some(0)).await;
        let mut ann = Member::register(srv.addr(), "Ann").await;
        ann.seek("shuangcheng", true).await;
        let p = ann.paired().await;
        let (bot_side, bot) = computer_of(&p);
        assert_ne!(bot_side, p.seat);
        // A newcomer's 1500 is nearest Medium's 1415 in Shuang Cheng.
        assert_eq!(bot["name"], "Computer-Medium");
        assert_eq!(bot["rating"].as_f64().map(f64::round), Some(1415.0));
        assert_eq!(
            p.state["connected"][bot_side], true,
            "the computer is always there"
        );
        // Nobody moves for the computer: its seat has no token.
        ann.client
            .send(json!({"type": "move", "room": p.room, "token": "computer", "ply": 0, "move": "bh-c"}))
            .await;
        ann.client.refused("bad-token").await;
        // Ann plays legal moves until the game ends; the computer answers each.
        let mut state = p.state.clone();
        let mut n = 0;
        while state["status"] == "ongoing" {
            let plies = state["plies"].as_array().map_or(0, Vec::len);
            let (side, mv) = common::pick_move(&state, n);
            if side == p.seat {
                // A tenth of a second between two moves: however long the computer's
                // moves make the game, Ann stays within the limit of 10 frames a second.
                clock.advance(100);
                ann.client
                    .send(json!({"type": "move", "room": p.room, "token": p.token, "ply": plies, "move": mv}))
                    .await;
            }
            state = ann.client.state_with_plies(plies + 1).await;
            replays(&state);
            n += 1;
            // Shuang Cheng has no automatic draw: Ann's blind moves and Medium's can go
            // round (once in about 30 runs past 200 plies). Then she resigns: the game
            // still ends and is rated.
            if n == 150 && state["status"] == "ongoing" {
                ann.client
                    .send(json!({"type": "resign", "room": p.room, "token": p.token}))
                    .await;
                state = ann.client.state_where(|s| s["status"] != "ongoing").await;
            }
        }
        assert!(
            state["status"] == "x-wins" || state["status"] == "o-wins",
            "{state}"
        );
        // Rated: both players' records hold the game, with their ratings before and after.
        let (status, body) = http_get(srv.addr(), "/api/players/ann").await;
        assert_eq!(status, 200, "{body}");
        let me: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(me["ratings"]["shuangcheng"]["games"], 1);
        assert_eq!(me["games"][0]["room"], p.room.as_str());
        let seat = &me["games"][0]["players"][p.seat.as_str()];
        assert_eq!(seat["before"], 1500.0);
        assert_ne!(seat["after"], 1500.0);
        let (_, body) = http_get(srv.addr(), "/api/players/Computer-Medium").await;
        let medium: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(medium["bot"], true);
        assert_eq!(medium["ratings"]["shuangcheng"]["games"], 1);
        assert_eq!(medium["games"][0]["room"], p.room.as_str());
        srv.stop().await;
    });
}

#[test]
fn the_computer_comes_after_bot_after_and_never_when_off() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = clock();
        let srv = lobby_server(&dir.path().join("a.sqlite"), clock.clone(), Some(20_000)).await;
        let mut ann = Member::register(srv.addr(), "Ann").await;
        ann.seek("maddell", false).await;
        clock.advance(19_999);
        ann.nothing(300).await;
        clock.advance(1);
        let p = ann.paired().await;
        // In Maddell a newcomer is nearest Hard (1642).
        assert_eq!(computer_of(&p).1["name"], "Computer-Hard");
        assert_eq!(p.state["rated"], false);
        srv.stop().await;

        let off = lobby_server(&dir.path().join("b.sqlite"), clock.clone(), None).await;
        let mut bob = Member::register(off.addr(), "Bob").await;
        bob.seek("push", true).await;
        for _ in 0..10 {
            clock.advance(60_000);
        }
        bob.nothing(500).await;
        off.stop().await;
    });
}

#[test]
fn the_computer_claims_a_game_its_player_walked_away_from_and_rematches() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = clock();
        let srv = lobby_server(&dir.path().join("db.sqlite"), clock.clone(), Some(0)).await;
        let mut ann = Member::register(srv.addr(), "Ann").await;
        ann.seek("blockade", true).await;
        let p = ann.paired().await;
        // Ann's turn (after the computer's first move, if it is x).
        let mine = |s: &Value| s["status"] == "ongoing" && common::pick_move(s, 0).0 == p.seat;
        let first = if mine(&p.state) {
            p.state.clone()
        } else {
            ann.client.state_where(mine).await
        };
        // Ann plays once (a first turn left to run out would abort the game: lobby.md, "A
        // side that never starts"), and waits for her next turn.
        let ply = first["plies"].as_array().map_or(0, Vec::len);
        let (_, mv) = common::pick_move(&first, 0);
        ann.client
            .send(json!({"type": "move", "room": p.room, "token": p.token, "ply": ply, "move": mv}))
            .await;
        let later = |s: &Value| mine(s) && s["plies"].as_array().map_or(0, Vec::len) > ply;
        let state = ann.client.state_where(later).await;
        let plies = state["plies"].as_array().map_or(0, Vec::len);
        ann.client.close().await;
        // Ann's turn runs out while she is away: the computer claims the win.
        clock.advance(60_000);
        let mut fan = Client::connect(srv.addr()).await;
        fan.send(json!({"type": "join", "room": p.room})).await;
        let seen = loop {
            let frame = fan.recv().await;
            if frame["type"] == "state" && frame["status"] != "ongoing" {
                break frame;
            }
            if frame["type"] == "state" {
                // The claim may come just after the lost turn.
                continue;
            }
        };
        assert_eq!(seen["reason"], "abandoned");
        assert_eq!(seen["plies"][plies], "timeout");
        let winner = format!("{}-wins", computer_of(&p).0);
        assert_eq!(seen["status"], winner.as_str());

        // Ann is back and asks for a rematch: the computer takes it, rated again.
        let mut ann = common::Player::resume(srv.addr(), &p.room, &p.token).await;
        ann.client
            .send(json!({"type": "rematch", "room": p.room, "token": p.token}))
            .await;
        let fresh = ann.client.state_where(|s| s["status"] == "ongoing").await;
        assert_eq!(fresh["rated"], true);
        assert!(fresh["players"]["x"]["rating"].is_number());
        srv.stop().await;
    });
}

#[test]
fn when_every_place_is_taken_a_seek_waits_for_one_to_free() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = clock();
        let config = Config {
            bot_after_ms: Some(0),
            computer_workers: 1,
            ..common::config(&dir.path().join("db.sqlite"), 60_000, None)
        };
        let srv = server_with(config, clock.clone()).await;
        let places = qipan_server::lobby::computer::GAMES_PER_WORKER;
        let mut playing = Vec::new();
        for i in 0..places {
            let mut m = Member::register(srv.addr(), &format!("p{i:02}")).await;
            m.seek("cannon", false).await;
            let p = m.paired().await;
            playing.push((m, p));
        }
        let mut late = Member::register(srv.addr(), "late").await;
        late.seek("cannon", false).await;
        late.nothing(500).await;
        // A game ends: its place goes to the one who waited.
        let (first, p) = &mut playing[0];
        first
            .client
            .send(json!({"type": "resign", "room": p.room, "token": p.token}))
            .await;
        let q = late.paired().await;
        assert!(computer_of(&q).1["bot"] == true);
        srv.stop().await;
    });
}

#[test]
fn a_rematch_against_the_computer_waits_for_a_free_place() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let config = Config {
            bot_after_ms: Some(0),
            computer_workers: 1,
            computer_games_per_worker: 1,
            ..common::config(&dir.path().join("db.sqlite"), 60_000, None)
        };
        let srv = server_with(config, clock()).await;
        // Ann takes the computer's only place, and resigns: the place is free again.
        let mut ann = Member::register(srv.addr(), "Ann").await;
        ann.seek("cannon", false).await;
        let a = ann.paired().await;
        ann.client
            .send(json!({"type": "resign", "room": a.room, "token": a.token}))
            .await;
        ann.client.state_where(|s| s["status"] != "ongoing").await;
        // Bea seeks meanwhile and gets it.
        let mut bea = Member::register(srv.addr(), "Bea").await;
        bea.seek("cannon", false).await;
        let b = bea.paired().await;
        assert!(computer_of(&b).1["bot"] == true);
        // Ann's rematch waits: a second game would be more than the worker takes on.
        ann.client
            .send(json!({"type": "rematch", "room": a.room, "token": a.token}))
            .await;
        let meanwhile = ann.client.quiet(700).await;
        assert!(
            meanwhile.iter().all(|f| f["status"] != "ongoing"),
            "{meanwhile:?}"
        );
        // Bea's game ends: the place goes to Ann's rematch.
        bea.client
            .send(json!({"type": "resign", "room": b.room, "token": b.token}))
            .await;
        let again = ann.client.state_where(|s| s["status"] == "ongoing").await;
        assert_eq!(again["room"], a.room.as_str());
        // A new game: at most the computer's first move in it.
        assert!(
            again["plies"].as_array().is_some_and(|p| p.len() <= 1),
            "{again}"
        );
        srv.stop().await;
    });
}
