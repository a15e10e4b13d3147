//! Load test (not a test): many concurrent games over loopback.
//!
//! ```sh
//! ulimit -n 20000
//! cargo run --release -p qipan-server --example load -- --games 1000 --seconds 30 --think-ms 500
//! ```
//!
//! The server runs in a child process (this executable with `--serve`), so its memory and
//! CPU are measured alone from /proc. Each game has two client sockets playing Push the
//! Line; a player moves `--think-ms` after it sees that it is its turn (500 ms: each
//! player moves once a second). Reported: the time from a move sent to the opponent's
//! `state` for it (p50, p99, max), the server's RSS per game, its CPU.

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use qipan_engine::games::{push::Push, Game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

struct Args {
    games: usize,
    seconds: u64,
    think_ms: u64,
}

fn parse_args() -> Result<Option<Args>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut args = Args {
        games: 1000,
        seconds: 30,
        think_ms: 500,
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("games") => args.games = parser.value()?.parse()?,
            Long("seconds") => args.seconds = parser.value()?.parse()?,
            Long("think-ms") => args.think_ms = parser.value()?.parse()?,
            Long("serve") => return Ok(None),
            _ => return Err(arg.unexpected()),
        }
    }
    Ok(Some(args))
}

/// The child: a server on a free port, storage in a temporary directory.
fn serve() {
    let dir = tempfile::tempdir().expect("tempdir");
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        let running = qipan_server::start(qipan_server::Config {
            listen: ([127, 0, 0, 1], 0).into(),
            data: dir.path().join("load.sqlite"),
            ..Default::default()
        })
        .await
        .expect("server starts");
        println!("listening on http://{}", running.addr());
        // Until the parent closes our stdin.
        let _ = tokio::task::spawn_blocking(|| {
            let mut line = String::new();
            let _ = std::io::stdin().read_line(&mut line);
        })
        .await;
        running.stop().await;
    });
}

fn proc_field(pid: u32, file: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/{file}")).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// utime + stime of a process, in clock ticks (100 per second on Linux).
fn cpu_ticks(pid: u32) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = text.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// When each game's last move was sent, keyed by room and ply.
type Sent = Arc<Mutex<HashMap<(String, usize), Instant>>>;

struct Stats {
    latencies_us: Mutex<Vec<u64>>,
    moves: std::sync::atomic::AtomicU64,
    errors: std::sync::atomic::AtomicU64,
}

async fn connect(addr: &str) -> Ws {
    let (ws, _) =
        tokio_tungstenite::connect_async_with_config(format!("ws://{addr}/ws"), None, true)
            .await
            .expect("connects");
    ws
}

async fn recv(ws: &mut Ws) -> Option<Value> {
    loop {
        match ws.next().await? {
            Ok(Message::Text(text)) => return serde_json::from_str(text.as_str()).ok(),
            Ok(_) => continue,
            Err(_) => return None,
        }
    }
}

/// One player: moves when it is its turn, measures the opponent's moves' arrival.
#[allow(clippy::too_many_arguments)]
async fn player(
    mut ws: Ws,
    room: String,
    token: String,
    mut seat: String,
    sent: Sent,
    stats: Arc<Stats>,
    think: Duration,
    until: Instant,
    seed: u64,
) {
    let game = Push;
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut asked_rematch = false;
    while Instant::now() < until {
        let Ok(Some(frame)) = tokio::time::timeout_at(until.into(), recv(&mut ws)).await else {
            break;
        };
        match frame["type"].as_str() {
            Some("seat") => {
                seat = frame["seat"].as_str().unwrap_or_default().to_owned();
                continue;
            }
            Some("error") => {
                stats
                    .errors
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                continue;
            }
            Some("state") => {}
            _ => continue,
        }
        let plies = frame["plies"].as_array().map(Vec::len).unwrap_or(0);
        let Ok(pos) = game.parse_position(frame["position"].as_str().unwrap_or_default()) else {
            continue;
        };
        if frame["status"] != "ongoing" {
            if !asked_rematch {
                asked_rematch = true;
                let ask = json!({"type": "rematch", "room": room, "token": token});
                let _ = ws.send(Message::text(ask.to_string())).await;
            }
            continue;
        }
        asked_rematch = false;
        let mine = game.side_to_move(&pos).letter().to_string() == seat;
        if !mine {
            continue;
        }
        // The opponent's move that made it our turn: its latency.
        if plies > 0 {
            if let Some(t0) = sent
                .lock()
                .expect("lock")
                .remove(&(room.clone(), plies - 1))
            {
                let us = t0.elapsed().as_micros() as u64;
                stats.latencies_us.lock().expect("lock").push(us);
            }
        }
        tokio::time::sleep(think).await;
        let mut moves = Vec::new();
        game.legal_moves(&pos, &mut moves);
        if moves.is_empty() {
            continue;
        }
        let mv = game.format_move(moves[rng.random_range(0..moves.len())]);
        let frame = json!({"type": "move", "room": room, "token": token, "ply": plies, "move": mv});
        sent.lock()
            .expect("lock")
            .insert((room.clone(), plies), Instant::now());
        if ws.send(Message::text(frame.to_string())).await.is_err() {
            break;
        }
        stats
            .moves
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
    let _ = ws.close(None).await;
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

fn main() {
    let args = match parse_args() {
        Ok(Some(args)) => args,
        Ok(None) => return serve(),
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "load: {e}");
            std::process::exit(2);
        }
    };
    let exe = std::env::current_exe().expect("own path");
    let mut child = Command::new(exe)
        .arg("--serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("server child");
    let pid = child.id();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("listening line");
    let addr = line
        .trim()
        .trim_start_matches("listening on http://")
        .to_owned();
    let rss_before = proc_field(pid, "status", "VmRSS:").unwrap_or(0);

    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        // Open the games, 50 at a time.
        let t_open = Instant::now();
        let mut pairs = Vec::with_capacity(args.games);
        for chunk in (0..args.games).collect::<Vec<_>>().chunks(50) {
            let mut opening = Vec::new();
            for _ in chunk {
                let addr = addr.clone();
                opening.push(tokio::spawn(async move {
                    let mut x = connect(&addr).await;
                    let create = json!({"type": "create", "game": "push", "side": "x"});
                    x.send(Message::text(create.to_string())).await.expect("send");
                    let seat = recv(&mut x).await.expect("seat");
                    let _state = recv(&mut x).await.expect("state");
                    let room = seat["room"].as_str().expect("room").to_owned();
                    let tx = seat["token"].as_str().expect("token").to_owned();
                    let mut o = connect(&addr).await;
                    o.send(Message::text(json!({"type": "join", "room": room}).to_string()))
                        .await
                        .expect("send");
                    let seat = recv(&mut o).await.expect("seat");
                    let to = seat["token"].as_str().expect("token").to_owned();
                    (room, x, tx, o, to)
                }));
            }
            for task in opening {
                pairs.push(task.await.expect("game opened"));
            }
        }
        let opened = t_open.elapsed();
        tokio::time::sleep(Duration::from_millis(500)).await;
        let rss_open = proc_field(pid, "status", "VmRSS:").unwrap_or(0);

        let stats = Arc::new(Stats {
            latencies_us: Mutex::new(Vec::new()),
            moves: 0.into(),
            errors: 0.into(),
        });
        let sent: Sent = Arc::new(Mutex::new(HashMap::new()));
        let start = Instant::now();
        let until = start + Duration::from_secs(args.seconds);
        let cpu_start = cpu_ticks(pid).unwrap_or(0);
        let own_start = cpu_ticks(std::process::id()).unwrap_or(0);
        let think = Duration::from_millis(args.think_ms);
        let mut tasks = Vec::new();
        for (i, (room, x, tx, o, to)) in pairs.into_iter().enumerate() {
            let seed = i as u64 * 2 + 1;
            tasks.push(tokio::spawn(player(x, room.clone(), tx, "x".into(), sent.clone(), stats.clone(), think, until, seed)));
            tasks.push(tokio::spawn(player(o, room, to, "o".into(), sent.clone(), stats.clone(), think, until, seed + 1)));
        }
        // The join's state reaches x first: its turn. Nothing else to kick off.
        for task in tasks {
            let _ = task.await;
        }
        let wall = start.elapsed().as_secs_f64();
        let cpu = cpu_ticks(pid).unwrap_or(0).saturating_sub(cpu_start) as f64 / 100.0;
        let own = cpu_ticks(std::process::id()).unwrap_or(0).saturating_sub(own_start) as f64 / 100.0;
        let rss_peak = proc_field(pid, "status", "VmHWM:").unwrap_or(0);
        let mut lat = stats.latencies_us.lock().expect("lock").clone();
        lat.sort_unstable();
        let moves = stats.moves.load(std::sync::atomic::Ordering::Relaxed);
        println!("games {}  sockets {}  opened in {:.1} s", args.games, args.games * 2, opened.as_secs_f64());
        println!("moves {moves} in {wall:.1} s ({:.0}/s), errors {}", moves as f64 / wall, stats.errors.load(std::sync::atomic::Ordering::Relaxed));
        println!(
            "move -> opponent's state: p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms  ({} samples)",
            percentile(&lat, 0.50),
            percentile(&lat, 0.99),
            percentile(&lat, 1.0),
            lat.len()
        );
        println!(
            "server RSS: {} KiB before, {} KiB with the games open ({:.1} KiB per game), peak {} KiB",
            rss_before,
            rss_open,
            rss_open.saturating_sub(rss_before) as f64 / args.games.max(1) as f64,
            rss_peak
        );
        println!("server CPU: {cpu:.1} s in {wall:.1} s = {:.0}% of one core", 100.0 * cpu / wall);
        println!("clients' CPU (this process): {own:.1} s = {:.0}% of one core", 100.0 * own / wall);
    });
    drop(child.stdin.take());
    let _ = child.wait();
}
