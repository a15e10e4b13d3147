//! The server over loopback, frame by frame as `shared/spec/online.md` has it. Every test
//! starts its own server on port 0 with its own SQLite file and is bounded in time.

mod common;

use std::time::Duration;

use common::{bounded, pick_move, server, Client, Player};
use serde_json::{json, Value};

fn plies(state: &Value) -> usize {
    state["plies"]
        .as_array()
        .map(Vec::len)
        .unwrap_or(usize::MAX)
}

/// x creates, o joins; both have seen the state with both connected.
async fn two_players(addr: std::net::SocketAddr, game: &str) -> (Player, Player, Value) {
    let mut x = Player::create(addr, game, "x").await;
    assert_eq!(x.seat, "x");
    assert_eq!(x.token.len(), 32, "128-bit token as 32 hex digits");
    let mut o = Player::join(addr, &x.room).await;
    assert_eq!(o.seat, "o");
    assert_ne!(o.token, x.token);
    let both = |s: &Value| s["connected"] == json!({"x": true, "o": true});
    let state = o.client.state_where(both).await;
    x.client.state_where(both).await;
    (x, o, state)
}

/// Plays the game in `state` to its end with engine-chosen moves; returns the last state.
async fn play_out(x: &mut Player, o: &mut Player, mut state: Value) -> Value {
    let mut n = 0;
    while state["status"] == "ongoing" {
        let (side, mv) = pick_move(&state, n * 3 + 1);
        let mover = if side == x.seat { &mut *x } else { &mut *o };
        mover.play(n, &mv).await;
        let seen_x = x.client.state_with_plies(n + 1).await;
        state = o.client.state_with_plies(n + 1).await;
        assert_eq!(seen_x, state);
        assert_eq!(state["plies"][n], mv.as_str());
        n += 1;
        assert!(n < 400, "the game should end");
    }
    state
}

#[test]
fn two_clients_play_a_game_to_its_end() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let srv = server(&dir.path().join("db.sqlite"), 60_000, None).await;
        let (mut x, mut o, state) = two_players(srv.addr(), "shuangcheng").await;
        assert_eq!(state["game"], "shuangcheng");
        assert_eq!(state["start"], "ooos.sxxx x 0");
        assert_eq!(state["position"], "ooos.sxxx x 0");
        assert_eq!(state["status"], "ongoing");
        assert_eq!(state["reason"], Value::Null);
        let turn = state["turn_ms"].as_u64().expect("turn_ms");
        assert!(turn > 50_000 && turn <= 60_000, "{turn}");
        let end = play_out(&mut x, &mut o, state).await;
        assert!(
            end["status"] == "x-wins" || end["status"] == "o-wins",
            "{end}"
        );
        assert_eq!(end["reason"], "no-move");
        assert_eq!(end["turn_ms"], Value::Null);
        let keys: Vec<&str> = end
            .as_object()
            .expect("object")
            .keys()
            .map(String::as_str)
            .collect();
        let mut want = vec![
            "type",
            "room",
            "game",
            "start",
            "plies",
            "position",
            "status",
            "reason",
            "turn_ms",
            "connected",
            "players",
            "rated",
            "offer",
            "days",
        ];
        want.sort_unstable();
        let mut keys = keys;
        keys.sort_unstable();
        assert_eq!(keys, want);
        srv.stop().await;
    });
}

#[test]
fn every_error_code_from_a_crafted_frame_changes_nothing() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let srv = server(&dir.path().join("db.sqlite"), 60_000, None).await;
        let addr = srv.addr();
        let (mut x, mut o, _) = two_players(addr, "blockade").await;
        let mut watcher = Player::join(addr, &x.room).await;
        assert_eq!(watcher.seat, "spectator");
        let before = watcher.client.recv_type("state").await;
        let room = x.room.clone();

        let big = format!(r#"{{"type":"join","room":"{}"}}"#, "A".repeat(9000));
        x.client.send_text(&big).await;
        x.client.expect_error("too-large").await;
        for bad in [
            "not json".to_owned(),
            r#"{"type":"fly"}"#.to_owned(),
            r#"{"type":"join"}"#.to_owned(),
            format!(
                r#"{{"type":"move","room":"{room}","token":"{}","ply":"0","move":"a2-a4"}}"#,
                x.token
            ),
            r#"["join"]"#.to_owned(),
        ] {
            x.client.send_text(&bad).await;
            x.client.expect_error("malformed").await;
        }
        x.client
            .send(json!({"type": "create", "game": "chess", "side": "x"}))
            .await;
        x.client.expect_error("unknown-game").await;
        x.client
            .send(json!({"type": "create", "game": "blockade:fast", "side": "x"}))
            .await;
        x.client.expect_error("unknown-game").await;
        x.client
            .send(json!({"type": "join", "room": "ZZZZZZZZ"}))
            .await;
        x.client.expect_error("no-such-room").await;
        x.client
            .send(json!({"type": "resume", "room": "not a room", "token": x.token}))
            .await;
        x.client.expect_error("no-such-room").await;
        x.client.send(json!({"type": "move", "room": room, "token": "0".repeat(32), "ply": 0, "move": "a2-a4"})).await;
        x.client.expect_error("bad-token").await;
        x.client
            .send(json!({"type": "resume", "room": room, "token": "guess"}))
            .await;
        x.client.expect_error("bad-token").await;
        o.play(0, "a4-a2").await;
        o.client.expect_error("not-your-turn").await;
        x.play(0, "a2-a9").await;
        x.client.expect_error("illegal-move").await;
        x.play(0, "a1-a3").await;
        x.client.expect_error("illegal-move").await;
        x.play(5, "a2-a4").await;
        x.client.expect_error("stale").await;
        x.client
            .send(json!({"type": "rematch", "room": room, "token": x.token}))
            .await;
        x.client.expect_error("not-your-turn").await;

        // Nothing changed: nobody was sent a state, and the room reads as before.
        assert!(watcher.client.quiet(300).await.is_empty());
        assert!(o
            .client
            .quiet(10)
            .await
            .iter()
            .all(|f| f["type"] != "state"));
        let mut look = Player::join(addr, &room).await;
        let now = look.client.recv_type("state").await;
        for key in [
            "plies",
            "position",
            "status",
            "reason",
            "connected",
            "start",
        ] {
            assert_eq!(now[key], before[key], "{key}");
        }

        // game-over: after a resignation, neither a move nor another resignation.
        x.client
            .send(json!({"type": "resign", "room": room, "token": x.token}))
            .await;
        let over = watcher
            .client
            .state_where(|s| s["status"] != "ongoing")
            .await;
        assert_eq!(
            (over["status"].as_str(), over["reason"].as_str()),
            (Some("o-wins"), Some("resigned"))
        );
        x.client.state_where(|s| s["status"] == "o-wins").await;
        x.play(0, "a2-a4").await;
        x.client.expect_error("game-over").await;
        o.client
            .send(json!({"type": "resign", "room": room, "token": o.token}))
            .await;
        o.client.state_where(|s| s["status"] == "o-wins").await;
        o.client.expect_error("game-over").await;
        assert!(watcher.client.quiet(200).await.is_empty());

        // rate-limited: a flood of frames on one connection; after 20 bad frames in a
        // minute the server closes it.
        let mut flood = Client::connect(addr).await;
        let join = json!({"type": "join", "room": room}).to_string();
        for _ in 0..60 {
            flood.send_lossy(&join).await;
        }
        let mut codes = Vec::new();
        while let Some(frame) = flood.next().await {
            if frame["type"] == "error" {
                codes.push(frame["code"].as_str().unwrap_or_default().to_owned());
            }
        }
        assert!(codes.iter().any(|c| c == "rate-limited"), "{codes:?}");
        assert!(
            codes.len() <= 21,
            "closed after 20 bad frames: {}",
            codes.len()
        );
        srv.stop().await;
    });
}

/// A connection closed for its bad frames is told why: every error frame sent before the
/// close arrives, even though frames of its flood were still unread on the server's side
/// (the server ends with the closing handshake; dropping the socket then would reset the
/// connection and lose what had not reached the client yet).
#[test]
fn a_connection_closed_for_bad_frames_gets_every_error_before_the_close() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let srv = server(&dir.path().join("db.sqlite"), 60_000, None).await;
        // A client with a small window that reads nothing until the server has answered
        // and closed: the server cannot hand all its answers to the client's socket first.
        let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
        socket.set_recv_buffer_size(1024).expect("a receive buffer");
        let stream = socket.connect(srv.addr()).await.expect("connects");
        let url = format!("ws://{}/ws", srv.addr());
        let (mut ws, _) = tokio_tungstenite::client_async(url, stream)
            .await
            .expect("a WebSocket");
        let bad = json!({"type": "join", "pad": "x".repeat(100)}).to_string();
        for _ in 0..60 {
            let _ = ws.send(Message::text(bad.as_str())).await;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
        let mut codes = Vec::new();
        while let Ok(Some(Ok(Message::Text(text)))) =
            tokio::time::timeout(common::WAIT, ws.next()).await
        {
            let frame: Value = serde_json::from_str(text.as_str()).expect("JSON");
            codes.push(frame["code"].as_str().unwrap_or_default().to_owned());
        }
        assert_eq!(
            codes.len(),
            21,
            "20 bad frames tolerated, the 21st closes: {codes:?}"
        );
        assert!(
            codes
                .iter()
                .all(|c| c == "malformed" || c == "rate-limited"),
            "{codes:?}"
        );
        drop(ws);
        srv.stop().await;
    });
}

#[test]
fn a_move_sent_twice_is_played_once() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let srv = server(&dir.path().join("db.sqlite"), 60_000, None).await;
        let (mut x, mut o, state) = two_players(srv.addr(), "push").await;
        let (_, mv) = pick_move(&state, 0);
        x.play(0, &mv).await;
        x.play(0, &mv).await;
        let mut frames = vec![x.client.recv().await, x.client.recv().await];
        frames.extend(x.client.quiet(300).await);
        let states: Vec<_> = frames.iter().filter(|f| f["type"] == "state").collect();
        let errors: Vec<_> = frames.iter().filter(|f| f["type"] == "error").collect();
        assert_eq!(states.len(), 1, "{frames:?}");
        assert_eq!(plies(states[0]), 1);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0]["code"], "stale");
        let seen = o.client.state_with_plies(1).await;
        assert_eq!(seen["plies"], json!([mv]));
        assert!(o.client.quiet(200).await.is_empty());
        srv.stop().await;
    });
}

#[test]
fn a_dropped_connection_resumes_by_token_and_a_bad_token_is_refused() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let srv = server(&dir.path().join("db.sqlite"), 60_000, None).await;
        let addr = srv.addr();
        let (mut x, o, state) = two_players(addr, "maddell").await;
        let (room, token) = (o.room.clone(), o.token.clone());
        o.client.close().await;
        x.client
            .state_where(|s| s["connected"] == json!({"x": true, "o": false}))
            .await;
        let (_, mv) = pick_move(&state, 0);
        x.play(0, &mv).await;
        x.client.state_with_plies(1).await;

        let mut bad = Client::connect(addr).await;
        bad.send(json!({"type": "resume", "room": room, "token": x.token.replace(|_| true, "f")}))
            .await;
        bad.expect_error("bad-token").await;

        let mut o = Player::resume(addr, &room.to_lowercase(), &token).await;
        assert_eq!((o.seat.as_str(), o.token.as_str()), ("o", token.as_str()));
        let back = o.client.recv_type("state").await;
        assert_eq!(back["connected"], json!({"x": true, "o": true}));
        assert_eq!(plies(&back), 1);
        x.client.state_where(|s| s["connected"]["o"] == true).await;
        let (side, mv) = pick_move(&back, 0);
        assert_eq!(side, "o");
        o.play(1, &mv).await;
        x.client.state_with_plies(2).await;
        o.client.state_with_plies(2).await;
        srv.stop().await;
    });
}

#[test]
fn a_restart_on_the_same_file_keeps_the_games() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let db = dir.path().join("db.sqlite");
        let srv = server(&db, 60_000, None).await;
        let (mut x, mut o, state) = two_players(srv.addr(), "cannon").await;
        let (_, first) = pick_move(&state, 2);
        x.play(0, &first).await;
        let after = o.client.state_with_plies(1).await;
        let (_, second) = pick_move(&after, 5);
        o.play(1, &second).await;
        let kept = x.client.state_with_plies(2).await;
        srv.stop().await;
        while x.client.next().await.is_some() {}

        let srv = server(&db, 60_000, None).await;
        let mut x = Player::resume(srv.addr(), &x.room, &x.token).await;
        assert_eq!(x.seat, "x");
        let back = x.client.recv_type("state").await;
        for key in ["plies", "position", "status", "start", "game"] {
            assert_eq!(back[key], kept[key], "{key}");
        }
        assert_eq!(back["connected"], json!({"x": true, "o": false}));
        let turn = back["turn_ms"].as_u64().expect("turn_ms");
        assert!(turn > 0 && turn <= 60_000);
        let (_, third) = pick_move(&back, 0);
        x.play(2, &third).await;
        let moved = x.client.state_with_plies(3).await;
        assert_eq!(moved["plies"][2], third.as_str());
        let mut o = Player::resume(srv.addr(), &o.room, &o.token).await;
        assert_eq!(plies(&o.client.recv_type("state").await), 3);
        srv.stop().await;
    });
}

#[test]
fn the_clock_takes_the_turn_and_the_game_goes_on() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let srv = server(&dir.path().join("db.sqlite"), 1000, None).await;
        let (mut x, mut o, state) = two_players(srv.addr(), "shuangcheng").await;
        let turn = state["turn_ms"].as_u64().expect("turn_ms");
        assert!(turn <= 1000, "{turn}");
        let lost = o.client.state_with_plies(1).await;
        assert_eq!(lost["plies"], json!(["timeout"]));
        assert_eq!(lost["status"], "ongoing");
        assert_eq!(lost["position"], "ooos.sxxx o 0");
        let turn = lost["turn_ms"].as_u64().expect("turn_ms");
        assert!(turn > 500 && turn <= 1000, "a fresh turn: {turn}");
        x.client.state_with_plies(1).await;
        // o moves in time; then x loses another turn.
        let (side, mv) = pick_move(&lost, 0);
        assert_eq!(side, "o");
        o.play(1, &mv).await;
        o.client.state_with_plies(2).await;
        let again = x.client.state_where(|s| plies(s) == 3).await;
        assert_eq!(again["plies"][2], "timeout");
        // A move for the ply the clock took is stale.
        x.play(2, "bh-c").await;
        let frames = x.client.quiet(150).await;
        assert!(frames.iter().any(|f| f["code"] == "stale"), "{frames:?}");
        srv.stop().await;
    });
}

#[test]
fn spectators_watch_resignation_ends_and_a_rematch_swaps_the_seats() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let srv = server(&dir.path().join("db.sqlite"), 60_000, None).await;
        let addr = srv.addr();
        let (mut x, mut o, state) = two_players(addr, "blockade:solidarity").await;
        assert_eq!(state["game"], "blockade:solidarity");
        let mut fan = Player::join(addr, &x.room).await;
        assert_eq!(fan.seat, "spectator");
        assert!(fan.token.is_empty());
        let seen = fan.client.recv_type("state").await;
        assert_eq!(plies(&seen), 0);
        // A spectator has no token: any token it tries holds no seat.
        fan.play(0, "a2-a4").await;
        fan.client.expect_error("bad-token").await;

        let (_, mv) = pick_move(&state, 0);
        x.play(0, &mv).await;
        assert_eq!(
            fan.client.state_with_plies(1).await["plies"][0],
            mv.as_str()
        );
        o.client
            .send(json!({"type": "resign", "room": o.room, "token": o.token}))
            .await;
        for c in [&mut fan.client, &mut x.client, &mut o.client] {
            let s = c.state_where(|s| s["status"] != "ongoing").await;
            assert_eq!(s["status"], "x-wins");
            assert_eq!(s["reason"], "resigned");
            assert_eq!(s["turn_ms"], Value::Null);
        }
        x.client
            .send(json!({"type": "rematch", "room": x.room, "token": x.token}))
            .await;
        x.client.state_where(|s| s["status"] == "x-wins").await;
        o.client
            .send(json!({"type": "rematch", "room": o.room, "token": o.token}))
            .await;
        // Each player keeps its token; the seats are swapped and said again.
        let seat = x.client.recv_type("seat").await;
        assert_eq!(
            (seat["seat"].as_str(), seat["token"].as_str()),
            (Some("o"), Some(x.token.as_str()))
        );
        let seat = o.client.recv_type("seat").await;
        assert_eq!(
            (seat["seat"].as_str(), seat["token"].as_str()),
            (Some("x"), Some(o.token.as_str()))
        );
        x.client.state_where(|s| s["status"] == "ongoing").await;
        o.client.state_where(|s| s["status"] == "ongoing").await;
        let fresh = fan.client.state_where(|s| s["status"] == "ongoing").await;
        assert_eq!(plies(&fresh), 0);
        assert_eq!(fresh["connected"], json!({"x": true, "o": true}));
        x.play(0, &mv).await;
        x.client.expect_error("not-your-turn").await;
        o.play(0, &mv).await;
        assert_eq!(
            fan.client.state_with_plies(1).await["plies"][0],
            mv.as_str()
        );
        srv.stop().await;
    });
}

#[test]
fn health_and_the_site_with_precompressed_files() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let site = dir.path().join("dist");
        std::fs::create_dir(&site).expect("dir");
        std::fs::write(site.join("index.html"), "<html>qipan</html>").expect("write");
        std::fs::write(site.join("index.html.gz"), b"gzipped bytes").expect("write");
        std::fs::write(site.join("app.wasm"), b"plain").expect("write");
        std::fs::write(site.join("app.wasm.br"), b"brotli bytes").expect("write");
        let srv = qipan_server::start(qipan_server::Config {
            listen: ([127, 0, 0, 1], 0).into(),
            data: dir.path().join("db.sqlite"),
            site: Some(site),
            ..Default::default()
        })
        .await
        .expect("starts");
        // `accept` "": no Accept-Encoding header at all.
        let get = |path: &str, accept: &str| {
            let accept = if accept.is_empty() {
                String::new()
            } else {
                format!("Accept-Encoding: {accept}\r\n")
            };
            let request = format!(
                "GET {path} HTTP/1.1\r\nHost: localhost\r\n{accept}Connection: close\r\n\r\n"
            );
            let addr = srv.addr();
            async move {
                let mut tcp = tokio::net::TcpStream::connect(addr).await.expect("connect");
                tcp.write_all(request.as_bytes()).await.expect("write");
                let mut response = String::new();
                tcp.read_to_string(&mut response).await.expect("read");
                response
            }
        };
        let health = get("/health", "identity").await;
        assert!(health.starts_with("HTTP/1.1 200"), "{health}");
        assert!(health.ends_with("\r\n\r\nok"), "{health}");
        let page = get("/?room=ABCDEFGH", "identity").await;
        assert!(
            page.starts_with("HTTP/1.1 200") && page.ends_with("<html>qipan</html>"),
            "{page}"
        );
        let page = get("/", "gzip").await.to_lowercase();
        assert!(
            page.contains("content-encoding: gzip") && page.ends_with("gzipped bytes"),
            "{page}"
        );
        // The .br for a client that takes Brotli, with the wasm's own type (which
        // instantiateStreaming needs) and a Vary for caches in between.
        for accept in ["br", "gzip, deflate, br, zstd"] {
            let wasm = get("/app.wasm", accept).await.to_lowercase();
            let head = wasm.split("\r\n\r\n").next().unwrap_or_default();
            assert!(wasm.starts_with("http/1.1 200"), "{wasm}");
            assert!(head.contains("\r\ncontent-encoding: br\r\n"), "{wasm}");
            assert!(
                head.contains("\r\ncontent-type: application/wasm\r\n"),
                "{wasm}"
            );
            assert!(head.contains("\r\nvary: accept-encoding"), "{wasm}");
            assert!(head.contains("\r\ncontent-length: 12\r\n"), "{wasm}");
            assert!(wasm.ends_with("\r\n\r\nbrotli bytes"), "{wasm}");
        }
        // The plain file for a client that asks for no encoding, for identity only, or
        // for one the site has no file for.
        for accept in ["", "identity", "gzip"] {
            let wasm = get("/app.wasm", accept).await.to_lowercase();
            let head = wasm.split("\r\n\r\n").next().unwrap_or_default();
            assert!(wasm.starts_with("http/1.1 200"), "{accept}: {wasm}");
            assert!(!head.contains("content-encoding"), "{accept}: {wasm}");
            assert!(
                head.contains("\r\ncontent-type: application/wasm\r\n"),
                "{wasm}"
            );
            assert!(wasm.ends_with("\r\n\r\nplain"), "{accept}: {wasm}");
        }
        let page = get("/index.html", "").await;
        assert!(page.ends_with("\r\n\r\n<html>qipan</html>"), "{page}");
        srv.stop().await;
    });
}

#[test]
fn the_binary_refuses_bad_arguments_and_stops_on_sigterm() {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let bin = env!("CARGO_BIN_EXE_qipan-server");
    for args in [
        &["--bogus"][..],
        &["--listen", "nowhere"],
        &["--listen"],
        &["--site", "/no/such/dir"],
    ] {
        let out = Command::new(bin).args(args).output().expect("runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let mut child = Command::new(bin)
        .args(["--listen", "127.0.0.1:0", "--data"])
        .arg(dir.path().join("db.sqlite"))
        .stdout(Stdio::piped())
        .spawn()
        .expect("starts");
    let stdout = child.stdout.take().expect("stdout");
    let mut line = String::new();
    std::io::BufReader::new(stdout)
        .read_line(&mut line)
        .expect("a line");
    let port: u16 = line
        .trim()
        .strip_prefix("listening on http://127.0.0.1:")
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("{line:?}"));
    assert_ne!(port, 0);
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            assert!(status.success(), "{status}");
            break;
        }
        assert!(std::time::Instant::now() < deadline, "stops on SIGTERM");
        std::thread::sleep(Duration::from_millis(20));
    }
}
