//! hosting.md over loopback: `--proxy` and whom limits count, `/ready` and the stop (in
//! process and the binary under SIGTERM).

mod common;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{bounded, config, connect_ws, http_get, server_with, Player, WAIT};
use futures_util::{SinkExt, StreamExt};
use qipan_server::hosting::proxy::Proxies;
use qipan_server::{Config, ManualClock};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// The per-address registrations lobby.md allows in a minute.
const REGISTRATIONS: usize = 20;

fn ip(text: &str) -> IpAddr {
    text.parse().expect("an address")
}

/// A server on a manual clock with `--proxy` set to `proxies`.
async fn proxied_server(data: &std::path::Path, proxies: &[&str]) -> qipan_server::Running {
    let config = Config {
        proxies: Proxies::new(proxies.iter().map(|p| ip(p)).collect()),
        ..config(data, 60_000, None)
    };
    server_with(config, Arc::new(ManualClock::new(1_000_000))).await
}

/// Registers `name` on a new connection whose upgrade carries `X-Forwarded-For:
/// forwarded`: the `player` frame, or the error's code.
async fn register_from(addr: SocketAddr, forwarded: &str, name: &str) -> Result<Value, String> {
    let mut request = format!("ws://{addr}/ws")
        .into_client_request()
        .expect("a request");
    request
        .headers_mut()
        .insert("x-forwarded-for", forwarded.parse().expect("a header"));
    let (mut ws, _) = tokio::time::timeout(WAIT, tokio_tungstenite::connect_async(request))
        .await
        .expect("connects in time")
        .expect("connects");
    let frame = json!({"type": "register", "name": name}).to_string();
    ws.send(Message::text(frame)).await.expect("sends");
    loop {
        let message = tokio::time::timeout(WAIT, ws.next())
            .await
            .expect("an answer in time")
            .expect("an answer")
            .expect("a message");
        if let Message::Text(text) = message {
            let frame: Value = serde_json::from_str(text.as_str()).expect("JSON");
            let _ = ws.close(None).await;
            return match frame["type"].as_str() {
                Some("player") => Ok(frame),
                _ => Err(frame["code"].as_str().unwrap_or_default().to_owned()),
            };
        }
    }
}

/// Uses up the registrations of whoever `forwarded` makes the client.
async fn exhaust(addr: SocketAddr, forwarded: &str, prefix: &str) {
    for i in 0..REGISTRATIONS {
        let name = format!("{prefix}{i:02}");
        register_from(addr, forwarded, &name)
            .await
            .unwrap_or_else(|code| panic!("registration {i} refused: {code}"));
    }
    assert_eq!(
        register_from(addr, forwarded, &format!("{prefix}xx")).await,
        Err("rate-limited".to_owned())
    );
}

#[test]
fn behind_a_named_proxy_the_registration_limit_counts_each_client() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let srv = proxied_server(&dir.path().join("q.sqlite"), &["127.0.0.1"]).await;
        let addr = srv.addr();
        exhaust(addr, "203.0.113.1", "a").await;
        // Another client behind the same proxy is not locked out.
        assert!(register_from(addr, "203.0.113.2", "b00").await.is_ok());
        // Only the last entry, the proxy's own, is believed: a client that writes another
        // address before it is still itself.
        assert_eq!(
            register_from(addr, "203.0.113.9, 203.0.113.1", "c00").await,
            Err("rate-limited".to_owned())
        );
        assert!(register_from(addr, "203.0.113.1, 203.0.113.3", "c01")
            .await
            .is_ok());
        srv.stop().await;
    });
}

#[test]
fn the_header_is_ignored_from_peers_not_named_and_without_the_option() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        for (n, proxies) in [&[][..], &["127.0.0.2"][..]].into_iter().enumerate() {
            let srv = proxied_server(&dir.path().join(format!("q{n}.sqlite")), proxies).await;
            let addr = srv.addr();
            exhaust(addr, "203.0.113.1", "a").await;
            // The peer (this test, 127.0.0.1) is the client whatever it claims.
            assert_eq!(
                register_from(addr, "203.0.113.2", "b00").await,
                Err("rate-limited".to_owned()),
                "--proxy {proxies:?}"
            );
            srv.stop().await;
        }
    });
}

/// An HTTP/1.1 connection kept alive between requests.
struct KeptAlive(TcpStream);

impl KeptAlive {
    async fn open(addr: SocketAddr) -> KeptAlive {
        KeptAlive(TcpStream::connect(addr).await.expect("connects"))
    }

    /// GET `path`: the status and the body.
    async fn get(&mut self, path: &str) -> (u16, String) {
        let request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\n\r\n");
        self.0.write_all(request.as_bytes()).await.expect("writes");
        let mut buffer = Vec::new();
        loop {
            let mut chunk = [0u8; 4096];
            let n = tokio::time::timeout(WAIT, self.0.read(&mut chunk))
                .await
                .expect("an answer in time")
                .expect("reads");
            assert!(n > 0, "the connection was closed");
            buffer.extend_from_slice(&chunk[..n]);
            let text = String::from_utf8_lossy(&buffer).into_owned();
            let Some((head, body)) = text.split_once("\r\n\r\n") else {
                continue;
            };
            let length: usize = head
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length:")
                        .map(|v| v.trim().to_owned())
                })
                .and_then(|v| v.parse().ok())
                .expect("a Content-Length");
            if body.len() >= length {
                let status = head.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
                return (status, body[..length].to_owned());
            }
        }
    }
}

/// Reads a raw socket until the server's Close: its code.
async fn close_code(
    ws: &mut tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>,
) -> Option<u16> {
    loop {
        match tokio::time::timeout(WAIT, ws.next())
            .await
            .expect("in time")
        {
            Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
            Some(Ok(_)) => continue,
            _ => return None,
        }
    }
}

#[test]
fn ready_until_the_stop_then_503_everywhere_1012_to_every_socket_and_nothing_lost() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let data = dir.path().join("q.sqlite");
        let srv = server_with(
            config(&data, 60_000, None),
            Arc::new(ManualClock::new(1_000_000)),
        )
        .await;
        let addr = srv.addr();
        assert_eq!(http_get(addr, "/ready").await, (200, "ready".to_owned()));
        assert_eq!(http_get(addr, "/health").await, (200, "ok".to_owned()));
        let mut kept = KeptAlive::open(addr).await;
        assert_eq!(kept.get("/ready").await, (200, "ready".to_owned()));

        let mut x = Player::create(addr, "push", "x").await;
        let mut o = Player::join(addr, &x.room).await;
        let state = x.client.state_with_plies(0).await;
        let (side, mv) = common::pick_move(&state, 0);
        assert_eq!(side, x.seat);
        x.play(0, &mv).await;
        o.client.state_with_plies(1).await;
        // A socket that never reads: the stop waits for it a moment (its Close unanswered),
        // long enough to look at the server while it stops.
        let mut silent = connect_ws(addr).await;

        let started = Instant::now();
        let stopping = tokio::spawn(srv.stop());
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(kept.get("/ready").await.0, 503, "a kept-alive connection");
        assert_eq!(http_get(addr, "/ready").await.0, 503, "a new connection");
        let refused = tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await;
        match refused {
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                assert_eq!(response.status(), 503)
            }
            other => panic!("a new WebSocket during the stop: {:?}", other.map(|_| ())),
        }
        assert_eq!(close_code(&mut silent).await, Some(1012));
        drop(silent);
        stopping.await.expect("the stop");
        assert!(started.elapsed() < Duration::from_secs(10));
        for player in [&mut x, &mut o] {
            let codes: Vec<Value> = player.client.quiet(100).await;
            assert!(codes.iter().all(|f| f["type"] == "state"), "{codes:?}");
        }

        // A server started again on the file has the room, its move and its seats.
        let again = server_with(
            config(&data, 60_000, None),
            Arc::new(ManualClock::new(1_000_000)),
        )
        .await;
        let mut o2 = Player::resume(again.addr(), &o.room, &o.token).await;
        let state = o2.client.state_with_plies(1).await;
        assert_eq!(state["plies"][0], mv.as_str());
        again.stop().await;
    });
}

#[test]
fn every_socket_hears_1012_when_the_server_stops() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let srv = server_with(
            config(&dir.path().join("q.sqlite"), 60_000, None),
            Arc::new(ManualClock::new(1_000_000)),
        )
        .await;
        let addr = srv.addr();
        let mut sockets = Vec::new();
        for _ in 0..3 {
            sockets.push(connect_ws(addr).await);
        }
        let stopping = tokio::spawn(srv.stop());
        for ws in &mut sockets {
            assert_eq!(close_code(ws).await, Some(1012));
            let _ = ws.close(None).await;
        }
        stopping.await.expect("the stop");
    });
}

/// A stop waits for open sockets only: once every socket has answered its `1012`, or
/// with none open at all, it does not sit out its whole wait (it once took 4 s with no
/// socket, and every SIGTERM with it).
#[test]
fn a_stop_with_no_socket_left_open_does_not_wait() {
    bounded(30, async {
        let dir = tempfile::tempdir().expect("tempdir");
        for sockets in [0, 2] {
            let srv = server_with(
                config(&dir.path().join(format!("q{sockets}.sqlite")), 60_000, None),
                Arc::new(ManualClock::new(1_000_000)),
            )
            .await;
            let addr = srv.addr();
            let mut open = Vec::new();
            for _ in 0..sockets {
                open.push(connect_ws(addr).await);
            }
            let stopping = tokio::spawn(srv.stop());
            for ws in &mut open {
                assert_eq!(close_code(ws).await, Some(1012));
                let _ = ws.close(None).await;
            }
            drop(open);
            let stopped = tokio::time::timeout(Duration::from_secs(2), stopping).await;
            assert!(
                stopped.is_ok(),
                "a stop with {sockets} sockets, all closed, still waited"
            );
        }
    });
}

/// The binary: the line it prints once it listens, read from its standard output.
fn listening_line(child: &mut std::process::Child) -> String {
    use std::io::BufRead;
    let stdout = child.stdout.take().expect("stdout");
    let mut line = String::new();
    std::io::BufReader::new(stdout)
        .read_line(&mut line)
        .expect("a line");
    line.trim().to_owned()
}

#[test]
fn the_binary_stops_on_sigterm_with_1012_and_status_0() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_qipan-server"))
        .args(["--listen", "127.0.0.1:0", "--bot-after", "off", "--data"])
        .arg(dir.path().join("q.sqlite"))
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the server starts");
    let line = listening_line(&mut child);
    let addr: SocketAddr = line
        .strip_prefix("listening on http://")
        .unwrap_or_else(|| panic!("{line}"))
        .parse()
        .expect("an address");
    bounded(30, async {
        assert_eq!(http_get(addr, "/ready").await, (200, "ready".to_owned()));
        let mut ws = connect_ws(addr).await;
        let killed = std::process::Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(killed.success());
        assert_eq!(close_code(&mut ws).await, Some(1012));
        let _ = ws.close(None).await;
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "still running");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(0));
}

/// The data file today's server writes (schema version 1), made by
/// `cargo test -p qipan-server --test hosting -- --ignored write_the_schema_fixture`: Ann
/// beat Bob in a rated game of push, and a friends' room is one move in. Beside it, what
/// the server answered about them then, and the keys and the token to come back with.
const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/schema-v1.sqlite"
);
const FIXTURE_FACTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/schema-v1.json");

/// What the server answers about the fixture's players, game and room.
async fn answers_about(addr: SocketAddr, rated_room: &str, friends_room: &str) -> Value {
    let mut facts = json!({});
    for path in [
        "/api/players/ann".to_owned(),
        "/api/players/bob".to_owned(),
        "/api/leaderboard/push".to_owned(),
        format!("/api/games/{rated_room}"),
        format!("/api/games/{friends_room}"),
    ] {
        let (status, body) = http_get(addr, &path).await;
        assert_eq!(status, 200, "{path}: {body}");
        facts[path] = serde_json::from_str(&body).expect("JSON");
    }
    facts
}

#[test]
#[ignore = "writes the fixture of today's data file; run by hand when the schema changes"]
fn write_the_schema_fixture() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let data = dir.path().join("q.sqlite");
        let clock = Arc::new(ManualClock::new(1_800_000_000_000));
        let srv = common::lobby_server(&data, clock.clone(), None).await;
        let addr = srv.addr();
        let mut ann = common::Member::register(addr, "Ann").await;
        let mut bob = common::Member::register(addr, "Bob").await;
        let (b, _) = common::rated_game_resigned(&mut bob, &mut ann, "push").await;
        let mut x = Player::create(addr, "push", "x").await;
        let o = Player::join(addr, &x.room).await;
        let state = x.client.state_with_plies(0).await;
        let (_, mv) = common::pick_move(&state, 0);
        x.play(0, &mv).await;
        x.client.state_with_plies(1).await;
        let answers = answers_about(addr, &b.room, &x.room).await;
        srv.stop().await;
        // A copy with the WAL's pages in it (the file alone may not have them yet).
        qipan_server::hosting::backup::backup(&data, FIXTURE.as_ref()).expect("the fixture");
        let facts = json!({
            "ann_key": ann.key, "bob_key": bob.key,
            "rated_room": b.room, "friends_room": o.room, "o_token": o.token,
            "move": mv, "answers": answers,
        });
        std::fs::write(
            FIXTURE_FACTS,
            serde_json::to_string_pretty(&facts).expect("JSON"),
        )
        .expect("the facts written");
    });
}

#[test]
fn a_file_written_by_todays_server_opens_with_everything_kept() {
    bounded(60, async {
        let facts: Value =
            serde_json::from_str(&std::fs::read_to_string(FIXTURE_FACTS).expect("the facts"))
                .expect("JSON");
        let text = |key: &str| facts[key].as_str().expect(key).to_owned();
        let dir = tempfile::tempdir().expect("tempdir");
        let data = dir.path().join("q.sqlite");
        std::fs::copy(FIXTURE, &data).expect("a copy of the fixture");
        let clock = Arc::new(ManualClock::new(1_800_000_100_000));
        let srv = common::lobby_server(&data, clock, None).await;
        let addr = srv.addr();
        let (rated, friends) = (text("rated_room"), text("friends_room"));
        assert_eq!(
            answers_about(addr, &rated, &friends).await,
            facts["answers"]
        );
        // The keys log in; the seat's token takes its seat, the room one move in.
        common::Member::login(addr, "Ann", &text("ann_key")).await;
        common::Member::login(addr, "Bob", &text("bob_key")).await;
        let mut o = Player::resume(addr, &friends, &text("o_token")).await;
        let state = o.client.state_with_plies(1).await;
        assert_eq!(state["plies"][0], text("move").as_str());
        srv.stop().await;
        let conn = rusqlite::Connection::open(&data).expect("the file");
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .expect("a version");
        assert!(version >= 1);
    });
}

#[test]
fn a_file_from_a_newer_server_is_refused_and_left_byte_for_byte() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("newer.sqlite");
    std::fs::copy(FIXTURE, &data).expect("a copy of the fixture");
    {
        let conn = rusqlite::Connection::open(&data).expect("the file");
        conn.execute_batch("PRAGMA journal_mode=DELETE; PRAGMA user_version = 9999;")
            .expect("a newer version");
    }
    let before = std::fs::read(&data).expect("the file");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_qipan-server"))
        .args(["--listen", "127.0.0.1:0", "--data"])
        .arg(&data)
        .output()
        .expect("the server runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("9999"), "{stderr}");
    assert!(output.stdout.is_empty());
    let after = std::fs::read(&data).expect("the file");
    assert!(after == before, "the newer file was changed");
    let beside: Vec<_> = std::fs::read_dir(dir.path())
        .expect("the folder")
        .map(|e| e.expect("an entry").file_name())
        .collect();
    assert_eq!(beside, ["newer.sqlite"], "no journal or WAL left beside it");
}

/// Plays up to `count` plies from ply `from` between `x` and `o` (each waits for the state
/// of its turn); stops early when the game ends. The plies now on the board.
async fn play_plies(x: &mut Player, o: &mut Player, from: usize, count: usize) -> usize {
    let mut ply = from;
    while ply < from + count {
        let state = x.client.state_with_plies(ply).await;
        o.client.state_with_plies(ply).await;
        if state["status"] != "ongoing" {
            break;
        }
        let (side, mv) = common::pick_move(&state, ply);
        let mover = if side == x.seat { &mut *x } else { &mut *o };
        mover.play(ply, &mv).await;
        ply += 1;
    }
    ply
}

/// Runs `qipan-server backup --data data --to to`: its status and standard error.
fn run_backup(data: &std::path::Path, to: &std::path::Path) -> (Option<i32>, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_qipan-server"))
        .arg("backup")
        .arg("--data")
        .arg(data)
        .arg("--to")
        .arg(to)
        .output()
        .expect("the backup runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_backup_taken_while_the_server_plays_has_everything_it_had_when_it_began() {
    bounded(90, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let data = dir.path().join("live.sqlite");
        let copy = dir.path().join("copy.sqlite");
        // An older backup in the way: replaced whole.
        std::fs::write(&copy, b"yesterday's backup").expect("an old file");
        let fixture_facts: Value =
            serde_json::from_str(&std::fs::read_to_string(FIXTURE_FACTS).expect("the facts"))
                .expect("JSON");
        std::fs::copy(FIXTURE, &data).expect("a copy of the fixture");
        let clock = Arc::new(ManualClock::new(1_800_000_100_000));
        let srv = common::lobby_server(&data, clock.clone(), None).await;
        let addr = srv.addr();
        let mut x = Player::create(addr, "push", "x").await;
        let mut o = Player::join(addr, &x.room).await;
        let before = play_plies(&mut x, &mut o, 0, 4).await;
        let answers_before =
            answers_about(addr, &text(&fixture_facts, "rated_room"), &x.room).await;
        // Moves go on while the copy is made.
        let backup = {
            let (data, copy) = (data.clone(), copy.clone());
            tokio::task::spawn_blocking(move || run_backup(&data, &copy))
        };
        let mut ply = before;
        // At most 30 more: each player's 20-frame burst is not refilled on the manual clock.
        while !backup.is_finished() && ply < before + 30 {
            let next = play_plies(&mut x, &mut o, ply, 1).await;
            if next == ply {
                break;
            }
            ply = next;
        }
        let (status, stderr) = backup.await.expect("the backup");
        assert_eq!(status, Some(0), "{stderr}");
        assert!(stderr.is_empty(), "{stderr}");
        srv.stop().await;
        let partial: Vec<_> = std::fs::read_dir(dir.path())
            .expect("the folder")
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().contains("partial"))
            .collect();
        assert!(partial.is_empty(), "a temporary file was left");

        // A server on the copy: the players, ratings and records, the room as it was at
        // least when the copy began.
        let restored = common::lobby_server(&copy, clock, None).await;
        let addr = restored.addr();
        let rated = text(&fixture_facts, "rated_room");
        let answers_after = answers_about(addr, &rated, &x.room).await;
        for key in [
            "/api/players/ann",
            "/api/players/bob",
            "/api/leaderboard/push",
        ] {
            assert_eq!(answers_after[key], answers_before[key], "{key}");
        }
        let room = &answers_after[format!("/api/games/{}", x.room)];
        let kept = room["plies"].as_array().map(Vec::len);
        assert!(kept.is_some_and(|n| n >= before && n <= ply), "{room}");
        common::Member::login(addr, "Ann", &text(&fixture_facts, "ann_key")).await;
        restored.stop().await;
    });
}

fn text(facts: &Value, key: &str) -> String {
    facts[key].as_str().expect(key).to_owned()
}

#[test]
fn a_backup_of_no_data_file_fails_and_writes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let copy = dir.path().join("copy.sqlite");
    let (status, stderr) = run_backup(&dir.path().join("missing.sqlite"), &copy);
    assert_eq!(status, Some(1), "{stderr}");
    assert!(stderr.starts_with("qipan-server: --data"), "{stderr}");
    assert_eq!(
        std::fs::read_dir(dir.path()).expect("the folder").count(),
        0,
        "nothing written"
    );
}

/// The sample `name` (with its labels, as written) in a scrape, if present.
fn sample(scrape: &str, name: &str) -> Option<f64> {
    scrape
        .lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
}

/// Scrapes until `ok` holds of the text (gauges set by the lobby's loops lag a moment).
async fn scrape_until(addr: SocketAddr, ok: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + WAIT;
    loop {
        let (status, body) = http_get(addr, "/metrics").await;
        assert_eq!(status, 200);
        if ok(&body) || Instant::now() > deadline {
            return body;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[test]
fn metrics_count_what_happens_in_the_prometheus_text_format_and_name_no_one() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = Arc::new(ManualClock::new(1_800_000_000_000));
        let srv = common::lobby_server(&dir.path().join("q.sqlite"), clock.clone(), None).await;
        let addr = srv.addr();
        // The content type of the text format 0.0.4, whatever the body.
        let mut tcp = TcpStream::connect(addr).await.expect("connects");
        tcp.write_all(b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await
            .expect("writes");
        let mut head = String::new();
        tcp.read_to_string(&mut head).await.expect("reads");
        assert!(
            head.to_ascii_lowercase()
                .contains("content-type: text/plain; version=0.0.4; charset=utf-8"),
            "{head}"
        );

        let mut ann = common::Member::register(addr, "Ann").await;
        let mut bob = common::Member::register(addr, "Bob").await;
        ann.seek("push", false).await;
        bob.seek("push", false).await;
        let (a, b) = (ann.paired().await, bob.paired().await);
        let (side, mv) = common::pick_move(&a.state, 0);
        let (mover, seat) = if side == a.seat {
            (&mut ann, &a)
        } else {
            (&mut bob, &b)
        };
        let frame =
            json!({"type": "move", "room": seat.room, "token": seat.token, "ply": 0, "move": mv});
        mover.client.send(frame).await;
        mover.client.state_with_plies(1).await;
        let live = scrape_until(addr, |s| {
            sample(s, "qipan_rooms_live{game=\"push\"}") == Some(1.0)
        })
        .await;
        assert_eq!(sample(&live, "qipan_connections"), Some(2.0), "{live}");
        assert_eq!(
            sample(&live, "qipan_moves_total{game=\"push\"}"),
            Some(1.0),
            "{live}"
        );
        assert_eq!(
            sample(&live, "qipan_move_seconds_count"),
            Some(1.0),
            "{live}"
        );
        assert_eq!(
            sample(&live, "qipan_pairing_seconds_count"),
            Some(2.0),
            "{live}"
        );

        // A resignation ends it; a refused frame is counted by its code; a seek is open.
        ann.client
            .send(json!({"type": "resign", "room": a.room, "token": a.token}))
            .await;
        ann.client.state_where(|s| s["status"] != "ongoing").await;
        bob.client.send_text("not JSON").await;
        bob.client.refused("malformed").await;
        let mut carl = common::Member::register(addr, "Carl").await;
        carl.seek("cannon", true).await;
        let text = scrape_until(addr, |s| {
            sample(s, "qipan_seeks{game=\"cannon\",kind=\"live\"}") == Some(1.0)
        })
        .await;
        for (name, value) in [
            ("qipan_seeks{game=\"cannon\",kind=\"live\"}", 1.0),
            (
                "qipan_games_finished_total{game=\"push\",rated=\"false\"}",
                1.0,
            ),
            ("qipan_rejected_total{code=\"malformed\"}", 1.0),
            ("qipan_connections", 3.0),
        ] {
            assert_eq!(sample(&text, name), Some(value), "{name}: {text}");
        }
        assert_eq!(
            sample(&text, "qipan_rooms_live{game=\"push\"}"),
            Some(0.0),
            "{text}"
        );
        for (name, kind) in [
            ("qipan_connections", "gauge"),
            ("qipan_rooms_live", "gauge"),
            ("qipan_seeks", "gauge"),
            ("qipan_moves_total", "counter"),
            ("qipan_games_finished_total", "counter"),
            ("qipan_pairing_seconds", "histogram"),
            ("qipan_move_seconds", "histogram"),
            ("qipan_rejected_total", "counter"),
        ] {
            assert!(
                text.contains(&format!("\n# TYPE {name} {kind}\n")),
                "{name}: {text}"
            );
        }
        assert!(
            !text.contains("# EOF") && !text.contains("# UNIT"),
            "{text}"
        );
        // No key, token, room code or name in any line.
        for secret in [&ann.key, &bob.key, &carl.key, &a.token, &b.token, &a.room] {
            assert!(!text.contains(secret.as_str()), "{secret} in {text}");
        }
        for name in ["Ann", "Bob", "Carl", "ann", "bob", "carl"] {
            assert!(!text.contains(&format!("\"{name}\"")), "{name} in {text}");
        }
        srv.stop().await;
    });
}

/// A certificate authority made for the test, and a certificate it signed for
/// `localhost` and 127.0.0.1, written as PEM files: (the CA's certificate, cert, key).
fn test_certificates(
    dir: &std::path::Path,
) -> (
    rustls_pki_types::CertificateDer<'static>,
    std::path::PathBuf,
    std::path::PathBuf,
) {
    let ca_key = rcgen::KeyPair::generate().expect("a CA key");
    let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).expect("params");
    ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    let ca_cert = ca_params.self_signed(&ca_key).expect("the CA");
    let issuer = rcgen::Issuer::new(ca_params, ca_key);
    let key = rcgen::KeyPair::generate().expect("a key");
    let params = rcgen::CertificateParams::new(vec!["localhost".into(), "127.0.0.1".into()])
        .expect("params");
    let cert = params.signed_by(&key, &issuer).expect("a certificate");
    let (cert_path, key_path) = (dir.join("cert.pem"), dir.join("key.pem"));
    std::fs::write(&cert_path, cert.pem()).expect("cert written");
    std::fs::write(&key_path, key.serialize_pem()).expect("key written");
    (ca_cert.der().clone(), cert_path, key_path)
}

/// A TLS connection to `addr` that trusts only `ca`.
async fn tls_connect(
    addr: SocketAddr,
    ca: &rustls_pki_types::CertificateDer<'static>,
) -> tokio_rustls::client::TlsStream<TcpStream> {
    use tokio_rustls::rustls;
    let mut roots = rustls::RootCertStore::empty();
    roots.add(ca.clone()).expect("the CA as a root");
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("versions")
        .with_root_certificates(roots)
        .with_no_client_auth();
    let connector = tokio_rustls::TlsConnector::from(Arc::new(config));
    let tcp = TcpStream::connect(addr).await.expect("connects");
    let name = rustls_pki_types::ServerName::try_from("localhost").expect("a name");
    tokio::time::timeout(WAIT, connector.connect(name, tcp))
        .await
        .expect("a handshake in time")
        .expect("the certificate is trusted")
}

#[test]
fn its_own_tls_serves_https_and_wss_with_the_certificate_given() {
    bounded(60, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let (ca, cert, key) = test_certificates(dir.path());
        let config = Config {
            tls: Some(qipan_server::hosting::tls::TlsFiles { cert, key }),
            ..config(&dir.path().join("q.sqlite"), 60_000, None)
        };
        let srv = server_with(config, Arc::new(ManualClock::new(1_000_000))).await;
        let addr = srv.addr();
        assert_eq!(srv.url(), format!("https://{addr}"));

        // HTTPS: /ready.
        let mut https = tls_connect(addr, &ca).await;
        https
            .write_all(b"GET /ready HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            .await
            .expect("writes");
        let mut answer = String::new();
        https.read_to_string(&mut answer).await.expect("reads");
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        assert!(answer.ends_with("ready"), "{answer}");

        // wss://: a room made, its seat and state.
        let tls = tls_connect(addr, &ca).await;
        let (mut ws, _) = tokio_tungstenite::client_async("wss://localhost/ws", tls)
            .await
            .expect("the upgrade");
        let create = json!({"type": "create", "game": "push", "side": "x"}).to_string();
        ws.send(Message::text(create)).await.expect("sends");
        let first = ws.next().await.expect("a frame").expect("a message");
        let seat: Value = serde_json::from_str(first.to_text().expect("text")).expect("JSON");
        assert_eq!(seat["type"], "seat", "{seat}");

        // Plain HTTP on the TLS port gets no answer but a failed handshake.
        let (status, _) = http_get(addr, "/ready").await;
        assert_eq!(status, 0);
        let _ = ws.close(None).await;
        srv.stop().await;
    });
}

#[test]
fn the_binary_says_https_with_its_own_tls_and_wants_both_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (_, cert, key) = test_certificates(dir.path());
    let run = |args: &[&std::ffi::OsStr]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_qipan-server"))
            .args(["--listen", "127.0.0.1:0", "--data"])
            .arg(dir.path().join("q.sqlite"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("runs")
    };
    let alone = run(&["--tls-cert".as_ref(), cert.as_os_str()])
        .wait_with_output()
        .expect("ends");
    assert_eq!(alone.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&alone.stderr).contains("--tls-key"));
    let mut child = run(&[
        "--tls-cert".as_ref(),
        cert.as_os_str(),
        "--tls-key".as_ref(),
        key.as_os_str(),
    ]);
    let line = listening_line(&mut child);
    assert!(
        line.starts_with("listening on https://127.0.0.1:"),
        "{line}"
    );
    let _ = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    assert_eq!(child.wait().expect("ends").code(), Some(0));
}
