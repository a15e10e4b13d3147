//! What the load examples (`lobby_load`, `corr_load`, `hosting_load`) share: a server in a child process
//! (this executable with `--serve`), clients connecting from many loopback addresses,
//! frames, HTTP reads of the records API, NATS, percentiles, and games of people in
//! friends' rooms played beside the load.
// Each example uses a part of this module; the rest is dead code to it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::{Ipv4Addr, SocketAddr};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use qipan_engine::games::{push::Push, Game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

pub type Ws = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

/// The child's side: runs a server of `config` on a free loopback port, says
/// `listening on http://ADDR` on standard output, and stops (as SIGTERM stops
/// `qipan-server`: `Running::stop`) when its standard input closes.
pub fn serve_until_stdin_closes(config: qipan_server::Config) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        let running = qipan_server::start(qipan_server::Config {
            listen: ([127, 0, 0, 1], 0).into(),
            ..config
        })
        .await
        .expect("server starts");
        println!("listening on http://{}", running.addr());
        let _ =
            tokio::task::spawn_blocking(|| std::io::stdin().read_line(&mut String::new())).await;
        running.stop().await;
    });
}

/// The start of an example's `main`: as the server child (`--serve ARGS...`), `serve`
/// runs and the process ends; else the command line parsed by `parse` (exit status 2,
/// with a line, when it does not parse).
pub fn child_or_args<A>(
    example: &str,
    serve: fn(&[String]),
    parse: fn() -> Result<A, lexopt::Error>,
) -> A {
    let argv: Vec<String> = std::env::args().collect();
    if argv.get(1).map(String::as_str) == Some("--serve") {
        serve(&argv[2..]);
        std::process::exit(0);
    }
    args_or_exit(example, parse())
}

/// The parsed arguments, or the error on standard error and exit status 2.
pub fn args_or_exit<T>(program: &str, parsed: Result<T, lexopt::Error>) -> T {
    parsed.unwrap_or_else(|e| {
        let _ = writeln!(std::io::stderr(), "{program}: {e}");
        std::process::exit(2);
    })
}

/// Runs the parent's measuring on a runtime of its own.
pub fn block_on(measuring: impl std::future::Future<Output = ()>) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(measuring);
}

/// The parent's side: this executable started as `--serve ARGS...`, and the address it
/// listens on (read from its first line).
pub fn spawn_server(args: &[String]) -> (Child, SocketAddr) {
    let mut child = Command::new(std::env::current_exe().expect("own path"))
        .arg("--serve")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("server");
    let addr = listening_addr(&mut child);
    (child, addr)
}

/// Where a server child listens: the line it prints first on its standard output.
pub fn listening_addr(child: &mut Child) -> SocketAddr {
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("a piped stdout"))
        .read_line(&mut line)
        .expect("the listening line");
    line.trim()
        .trim_start_matches("listening on http://")
        .parse()
        .unwrap_or_else(|_| panic!("a listening line, not {line:?}"))
}

/// Stops a server child as `spawn_server` started it: its standard input closed, then
/// waited for.
pub fn stop_server(child: &mut Child) {
    drop(child.stdin.take());
    let _ = child.wait();
}

/// A field of `/proc/PID/status` in KiB (`VmRSS:`, `VmHWM:`).
pub fn proc_status_kib(pid: u32, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The source address of client `i`: 19 a loopback address (Linux answers the whole
/// 127/8), so that the registration limit (20 a minute per address) lets them all in.
pub fn source(i: usize) -> Ipv4Addr {
    let n = 2 + i / 19;
    Ipv4Addr::new(127, 0, (n / 250) as u8, (n % 250 + 2) as u8)
}

pub async fn connect(addr: SocketAddr, from: Ipv4Addr) -> Ws {
    try_connect(addr, from).await.expect("connects")
}

/// A WebSocket to `addr` from the address `from`: what failed (the connection, or the
/// upgrade, e.g. a `503` from a server that is stopping), if it did.
pub async fn try_connect(addr: SocketAddr, from: Ipv4Addr) -> Result<Ws, String> {
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
    socket
        .bind(SocketAddr::new(from.into(), 0))
        .map_err(|e| e.to_string())?;
    let stream = socket.connect(addr).await.map_err(|e| e.to_string())?;
    stream.set_nodelay(true).map_err(|e| e.to_string())?;
    tokio_tungstenite::client_async(format!("ws://{addr}/ws"), stream)
        .await
        .map(|(ws, _)| ws)
        .map_err(|e| e.to_string())
}

pub async fn send(ws: &mut Ws, v: Value) {
    let _ = ws.send(Message::text(v.to_string())).await;
}

pub async fn recv(ws: &mut Ws) -> Option<Value> {
    loop {
        match ws.next().await? {
            Ok(Message::Text(text)) => return serde_json::from_str(text.as_str()).ok(),
            Ok(_) => continue,
            Err(_) => return None,
        }
    }
}

/// The next frame of type `kind` (others skipped).
pub async fn recv_type(ws: &mut Ws, kind: &str) -> Option<Value> {
    loop {
        let frame = recv(ws).await?;
        if frame["type"] == kind {
            return Some(frame);
        }
    }
}

/// The status and body of `GET path`. Plain HTTP/1.0 over a blocking socket (never
/// chunked, even through a proxy): it is read outside the measured moves.
pub fn get(addr: SocketAddr, path: &str) -> Option<(u16, String)> {
    let mut stream = std::net::TcpStream::connect(addr).ok()?;
    write!(stream, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n").ok()?;
    let mut answer = String::new();
    std::io::Read::read_to_string(&mut stream, &mut answer).ok()?;
    let (head, body) = answer.split_once("\r\n\r\n")?;
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    Some((status, body.to_owned()))
}

/// The JSON answer to `GET path` (the records API), `None` unless it is a 200.
pub fn get_json(addr: SocketAddr, path: &str) -> Option<Value> {
    match get(addr, path)? {
        (200, body) => serde_json::from_str(&body).ok(),
        _ => None,
    }
}

/// The name of player `i`.
pub fn name(i: usize) -> String {
    format!("p{i:05}")
}

/// Connects player `i` from its address and registers (or logs in with `key`).
pub async fn player(addr: SocketAddr, i: usize, key: Option<&str>) -> (Ws, String) {
    let mut ws = connect(addr, source(i)).await;
    match key {
        Some(key) => send(&mut ws, json!({"type": "login", "key": key})).await,
        None => send(&mut ws, json!({"type": "register", "name": name(i)})).await,
    }
    let player = recv_type(&mut ws, "player").await.expect("a player");
    (ws, player["key"].as_str().expect("key").to_owned())
}

/// Many at once, 50 at a time.
pub async fn all<T: Send + 'static, F: std::future::Future<Output = T> + Send + 'static>(
    jobs: Vec<F>,
) -> Vec<T> {
    let mut done = Vec::new();
    let mut jobs = jobs.into_iter();
    loop {
        let chunk: Vec<_> = jobs.by_ref().take(50).map(tokio::spawn).collect();
        if chunk.is_empty() {
            return done;
        }
        for task in chunk {
            done.push(task.await.expect("task"));
        }
    }
}

/// The nearest-rank percentile of sorted samples.
pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = (sorted.len() as f64 * p).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

pub fn summary(name: &str, mut ms: Vec<f64>) {
    ms.sort_by(f64::total_cmp);
    println!(
        "{name}: p50 {:.1} ms  p95 {:.1} ms  p99 {:.1} ms  max {:.1} ms  ({} samples)",
        percentile(&ms, 0.5),
        percentile(&ms, 0.95),
        percentile(&ms, 0.99),
        percentile(&ms, 1.0),
        ms.len()
    );
}

/// The machine's load average over the last minute, as `/proc/loadavg` says.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".into())
}

/// A NATS server with JetStream in `dir`: the child and its URL.
pub fn nats_server(dir: &std::path::Path) -> (Child, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("port")
        .port();
    let child = Command::new("nats-server")
        .args(["-js", "-a", "127.0.0.1", "-p", &port.to_string(), "-sd"])
        .arg(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("nats-server (apt-get install nats-server)");
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        std::thread::sleep(Duration::from_millis(50));
    }
    (child, format!("nats://127.0.0.1:{port}"))
}

/// The last move of a game between people: its ply and when it was sent.
pub type LastMove = Arc<Mutex<Option<(usize, Instant)>>>;

/// What a player measures: with a person opposite, the time from the opponent's move
/// (`last`, written by whoever moves) to this player's state for it; against the computer,
/// the time from this player's move to the computer's reply.
pub struct Measure {
    pub last: Option<LastMove>,
    pub into: Arc<Mutex<Vec<f64>>>,
}

/// A player's place in a room: the room, the seat's token, and the side (`x` or `o`).
pub struct Place {
    pub room: String,
    pub token: String,
    pub seat: String,
}

/// A random legal move of Push in the position of `state`, if it is `seat`'s turn and
/// the game is on.
pub fn push_move(state: &Value, seat: &str, rng: &mut SmallRng) -> Option<String> {
    let game = Push;
    if state["status"] != "ongoing" {
        return None;
    }
    let pos = game
        .parse_position(state["position"].as_str().unwrap_or_default())
        .ok()?;
    if game.side_to_move(&pos).letter().to_string() != seat {
        return None;
    }
    let mut moves = Vec::new();
    game.legal_moves(&pos, &mut moves);
    if moves.is_empty() {
        return None;
    }
    Some(game.format_move(moves[rng.random_range(0..moves.len())]))
}

/// One player of a game of Push: moves `think` after its turn comes, asks for a rematch at
/// the end, until `until`. `first` is a frame already read from `ws`.
pub async fn play(
    mut ws: Ws,
    first: Option<Value>,
    place: Place,
    think: Duration,
    until: Instant,
    measure: Measure,
    seed: u64,
) {
    let Place {
        room,
        token,
        mut seat,
    } = place;
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut mine: Option<(usize, Instant)> = None;
    let mut first = first;
    loop {
        let frame = match first.take() {
            Some(frame) => frame,
            None => match tokio::time::timeout_at(until.into(), recv(&mut ws)).await {
                Ok(Some(frame)) => frame,
                _ => break,
            },
        };
        if frame["type"] == "seat" {
            seat = frame["seat"].as_str().unwrap_or_default().to_owned();
        }
        if frame["type"] != "state" {
            continue;
        }
        let plies = frame["plies"].as_array().map_or(0, Vec::len);
        if frame["status"] != "ongoing" {
            mine = None;
            send(
                &mut ws,
                json!({"type": "rematch", "room": room, "token": token}),
            )
            .await;
            continue;
        }
        let Some(mv) = push_move(&frame, &seat, &mut rng) else {
            continue;
        };
        let took = match &measure.last {
            Some(last) => {
                let last = *last.lock().expect("lock");
                last.filter(|(ply, _)| ply + 1 == plies)
                    .map(|(_, at)| at.elapsed())
            }
            None => mine
                .take()
                .filter(|(ply, _)| plies == ply + 2)
                .map(|(_, at)| at.elapsed()),
        };
        if let Some(took) = took {
            measure
                .into
                .lock()
                .expect("lock")
                .push(took.as_secs_f64() * 1000.0);
        }
        tokio::time::sleep(think).await;
        let now = Instant::now();
        mine = Some((plies, now));
        if let Some(last) = &measure.last {
            *last.lock().expect("lock") = Some((plies, now));
        }
        send(
            &mut ws,
            json!({"type": "move", "room": room, "token": token, "ply": plies, "move": mv}),
        )
        .await;
    }
    let _ = ws.close(None).await;
}

/// One game between people, in a friend's room, measured into `into`: the time from a
/// move to the opponent's state for it, each side moving 500 ms after its turn comes.
pub async fn people_game(addr: SocketAddr, g: usize, until: Instant, into: Arc<Mutex<Vec<f64>>>) {
    let mut x = connect(addr, source(100_000 + 2 * g)).await;
    send(
        &mut x,
        json!({"type": "create", "game": "push", "side": "x"}),
    )
    .await;
    let seat = recv_type(&mut x, "seat").await.expect("seat");
    let room = seat["room"].as_str().expect("room").to_owned();
    let mut o = connect(addr, source(100_001 + 2 * g)).await;
    send(&mut o, json!({"type": "join", "room": room})).await;
    let joined = recv_type(&mut o, "seat").await.expect("seat");
    let (tx, to) = (
        seat["token"].as_str().expect("token").to_owned(),
        joined["token"].as_str().expect("token").to_owned(),
    );
    let last = LastMove::default();
    let measure = || Measure {
        last: Some(last.clone()),
        into: into.clone(),
    };
    let place = |token, seat: &str| Place {
        room: room.clone(),
        token,
        seat: seat.to_owned(),
    };
    let half = Duration::from_millis(500);
    let x = tokio::spawn(play(
        x,
        None,
        place(tx, "x"),
        half,
        until,
        measure(),
        7 + g as u64,
    ));
    play(
        o,
        None,
        place(to, "o"),
        half,
        until,
        measure(),
        9 + g as u64,
    )
    .await;
    let _ = x.await;
}
