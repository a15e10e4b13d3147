//! Any sequence of frames, the lobby's and correspondence.md's among them, never panics the server and changes
//! nothing it should not: a stranger's frames (a connection that holds no seat of it)
//! never change a paired room, and the server pairs and plays as before afterwards.

mod common;

use std::sync::Arc;

use common::{http_get, lobby_server, Client, Member};
use proptest::prelude::*;
use qipan_server::ManualClock;
use serde_json::{json, Value};

/// A frame from a small vocabulary of right and wrong values.
fn frame(room: String) -> impl Strategy<Value = String> {
    let rooms = prop::sample::select(vec![room, "ZZZZZZZZ".into(), "".into(), "a b".into()]);
    let text = prop_oneof![
        Just(String::new()),
        "[a-zA-Z0-9_ -]{0,24}",
        ".{0,40}",
        Just("Computer-Easy".to_owned()),
        Just("0".repeat(32)),
    ];
    let games = prop::sample::select(vec!["push", "cannon", "blockade:solidarity", "chess", ""]);
    let kinds = prop::sample::select(vec![
        "register",
        "login",
        "seek",
        "unseek",
        "abort",
        "draw",
        "claim",
        "resign",
        "rematch",
        "move",
        "create",
        "join",
        "resume",
        "nonsense",
        "seek-days",
        "unseek-id",
        "accept-seek",
        "accept-challenge",
        "accept-both",
        "challenge",
        "decline",
        "cancel",
        "games",
    ]);
    let days = prop::sample::select(vec![
        json!(0),
        json!(1),
        json!(3),
        json!(14),
        json!(99),
        Value::Null,
        json!("3"),
    ]);
    (
        kinds,
        rooms,
        text,
        games,
        any::<bool>(),
        0u64..4,
        any::<u8>(),
        days,
    )
        .prop_map(|(kind, room, text, game, flag, ply, garble, days)| {
            let value = match kind {
                "register" => json!({"type": kind, "name": text}),
                "login" => json!({"type": kind, "key": text}),
                "seek" => json!({"type": kind, "game": game, "rated": flag}),
                "unseek" => json!({"type": kind}),
                "move" => {
                    json!({"type": kind, "room": room, "token": text, "ply": ply, "move": text})
                }
                "create" => {
                    json!({"type": kind, "game": game, "side": if flag { "x" } else { "random" }})
                }
                "join" => json!({"type": kind, "room": room}),
                "seek-days" => json!({"type": "seek", "game": game, "rated": flag, "days": days}),
                "unseek-id" => json!({"type": "unseek", "seek": text}),
                "accept-seek" => json!({"type": "accept", "seek": text}),
                "accept-challenge" => json!({"type": "accept", "challenge": text}),
                "accept-both" => json!({"type": "accept", "seek": text, "challenge": text}),
                "challenge" => {
                    let to = if flag { "Ann" } else { text.as_str() };
                    json!({"type": kind, "to": to, "game": game, "rated": flag, "days": days})
                }
                "decline" | "cancel" => json!({"type": kind, "challenge": text}),
                "games" => json!({"type": kind}),
                _ => json!({"type": kind, "room": room, "token": text}),
            };
            let mut text = value.to_string();
            if garble % 7 == 0 {
                // A field of the wrong type, or a frame cut short.
                text = text.replace("true", "\"yes\"");
                let mut cut = text.len() * usize::from(garble) / 256;
                while !text.is_char_boundary(cut) {
                    cut -= 1;
                }
                text.truncate(cut);
            }
            text
        })
}

/// What a spectator sees of a room, but for the time left and who is connected.
async fn seen(addr: std::net::SocketAddr, room: &str) -> Value {
    let mut fan = Client::connect(addr).await;
    fan.send(json!({"type": "join", "room": room})).await;
    let mut state = fan.recv_type("state").await;
    fan.close().await;
    let fields = state.as_object_mut().expect("object");
    fields.remove("turn_ms");
    fields.remove("connected");
    state
}

#[test]
fn no_frame_sequence_panics_or_changes_a_room_it_holds_no_seat_of() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let dir = tempfile::tempdir().expect("tempdir");
    let clock = Arc::new(ManualClock::new(1_800_000_000_000));
    let (srv, room, before) = runtime.block_on(async {
        let srv = lobby_server(&dir.path().join("db.sqlite"), clock.clone(), None).await;
        let mut ann = Member::register(srv.addr(), "Ann").await;
        let mut bob = Member::register(srv.addr(), "Bob").await;
        ann.seek("push", true).await;
        bob.seek("push", true).await;
        let p = ann.paired().await;
        bob.paired().await;
        std::mem::forget((ann, bob));
        let before = seen(srv.addr(), &p.room).await;
        (srv, p.room, before)
    });
    let addr = srv.addr();
    let config = ProptestConfig {
        cases: 24,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    proptest!(config, |(frames in prop::collection::vec(frame(room.clone()), 1..18))| {
        runtime.block_on(async {
            let mut stranger = Client::connect(addr).await;
            for text in &frames {
                stranger.send_lossy(text).await;
            }
            // Every frame answered or the connection closed; no frame from the server is
            // anything but JSON (the client checks).
            let _ = stranger.quiet(100).await;
            stranger.close().await;
            clock.advance(2_000);
        });
        let now = runtime.block_on(seen(addr, &room));
        prop_assert_eq!(now, before.clone());
    });
    // Still serving: two newcomers are paired and play.
    runtime.block_on(async {
        clock.advance(61_000);
        assert_eq!(http_get(addr, "/health").await.0, 200);
        let mut cid = Member::register(addr, "Cid").await;
        let mut dee = Member::register(addr, "Dee").await;
        cid.seek("maddell", false).await;
        dee.seek("maddell", false).await;
        let (c, d) = (cid.paired().await, dee.paired().await);
        assert_eq!(c.room, d.room);
        srv.stop().await;
    });
}
