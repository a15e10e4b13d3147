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
//!
//! For hosting.md's goals (docs/hosting.md, "Measured"; needs `--bins` built too):
//! - `--proxy`: the server trusts `--proxy 127.0.0.1` and every client sends an
//!   `X-Forwarded-For` of its own (10.x.y.z), as behind Caddy;
//! - `--metrics-every-ms MS`: `GET /metrics` every MS while the games are played;
//! - `--data FILE`: the server's data file (else a new one in a temporary folder), e.g. one
//!   with 10,000 games recorded by `hosting_load records`;
//! - `--backup-every-s S`: `qipan-server backup --data FILE --to FILE.bak` runs S seconds
//!   after the play begins and again S seconds after each one ends; each backup's duration
//!   and size, and the move p99 of the moves sent while one ran, are reported.

use std::collections::HashMap;
use std::io::BufRead;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use qipan_engine::games::{push::Push, Game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

mod common;

struct Args {
    games: usize,
    seconds: u64,
    think_ms: u64,
    proxy: bool,
    metrics_every_ms: Option<u64>,
    data: Option<PathBuf>,
    backup_every_s: Option<u64>,
    /// This process is the server child.
    serve: bool,
}

fn parse_args() -> Result<Args, lexopt::Error> {
    use lexopt::prelude::*;
    let mut args = Args {
        games: 1000,
        seconds: 30,
        think_ms: 500,
        proxy: false,
        metrics_every_ms: None,
        data: None,
        backup_every_s: None,
        serve: false,
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("games") => args.games = parser.value()?.parse()?,
            Long("seconds") => args.seconds = parser.value()?.parse()?,
            Long("think-ms") => args.think_ms = parser.value()?.parse()?,
            Long("proxy") => args.proxy = true,
            Long("metrics-every-ms") => args.metrics_every_ms = Some(parser.value()?.parse()?),
            Long("data") => args.data = Some(parser.value()?.into()),
            Long("backup-every-s") => args.backup_every_s = Some(parser.value()?.parse()?),
            Long("serve") => args.serve = true,
            _ => return Err(arg.unexpected()),
        }
    }
    Ok(args)
}

/// The child: a server on a free port, on the parent's data file.
fn serve(args: &Args) {
    let proxies = if args.proxy {
        vec![std::net::IpAddr::from([127, 0, 0, 1])]
    } else {
        Vec::new()
    };
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        let running = qipan_server::start(qipan_server::Config {
            listen: ([127, 0, 0, 1], 0).into(),
            data: args.data.clone().expect("--data from the parent"),
            proxies: qipan_server::hosting::proxy::Proxies::new(proxies),
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
    /// Each move's latency, and when it was sent.
    latencies_us: Mutex<Vec<(Instant, u64)>>,
    moves: std::sync::atomic::AtomicU64,
    errors: std::sync::atomic::AtomicU64,
}

/// A client socket; with `forwarded_for`, sent as a proxy would send it.
async fn connect(addr: &str, forwarded_for: Option<String>) -> Ws {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{addr}/ws")
        .into_client_request()
        .expect("a request");
    if let Some(client) = forwarded_for {
        let value = client.parse().expect("an address as a header");
        request.headers_mut().insert("x-forwarded-for", value);
    }
    let (ws, _) = tokio_tungstenite::connect_async_with_config(request, None, true)
        .await
        .expect("connects");
    ws
}

/// The made-up client address of socket `i`, as a proxy would forward it.
fn forwarded(proxy: bool, i: usize) -> Option<String> {
    proxy.then(|| format!("10.{}.{}.{}", (i >> 16) & 255, (i >> 8) & 255, i & 255))
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
                stats.latencies_us.lock().expect("lock").push((t0, us));
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
    let mut args = common::args_or_exit("load", parse_args());
    if args.serve {
        return serve(&args);
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let data = args
        .data
        .get_or_insert_with(|| dir.path().join("load.sqlite"))
        .clone();
    let exe = std::env::current_exe().expect("own path");
    let mut child = Command::new(&exe)
        .arg("--serve")
        .arg("--data")
        .arg(&data)
        .args(args.proxy.then_some("--proxy"))
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
            for &g in chunk {
                let addr = addr.clone();
                let proxy = args.proxy;
                opening.push(tokio::spawn(async move {
                    let mut x = connect(&addr, forwarded(proxy, 2 * g)).await;
                    let create = json!({"type": "create", "game": "push", "side": "x"});
                    x.send(Message::text(create.to_string())).await.expect("send");
                    let seat = recv(&mut x).await.expect("seat");
                    let _state = recv(&mut x).await.expect("state");
                    let room = seat["room"].as_str().expect("room").to_owned();
                    let tx = seat["token"].as_str().expect("token").to_owned();
                    let mut o = connect(&addr, forwarded(proxy, 2 * g + 1)).await;
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
        let scrapes = args
            .metrics_every_ms
            .map(|every| tokio::spawn(scrape(addr.clone(), Duration::from_millis(every), until)));
        let backups = args.backup_every_s.map(|every| {
            let (data, exe) = (data.clone(), exe.clone());
            tokio::spawn(backups(data, exe, Duration::from_secs(every), until))
        });
        // The join's state reaches x first: its turn. Nothing else to kick off.
        for task in tasks {
            let _ = task.await;
        }
        if let Some(Ok((count, failed))) = match scrapes {
            Some(task) => Some(task.await),
            None => None,
        } {
            println!("/metrics scraped {count} times ({failed} failed)");
        }
        let windows = match backups {
            Some(task) => task.await.unwrap_or_default(),
            None => Vec::new(),
        };
        let wall = start.elapsed().as_secs_f64();
        let cpu = cpu_ticks(pid).unwrap_or(0).saturating_sub(cpu_start) as f64 / 100.0;
        let own = cpu_ticks(std::process::id()).unwrap_or(0).saturating_sub(own_start) as f64 / 100.0;
        let rss_peak = proc_field(pid, "status", "VmHWM:").unwrap_or(0);
        let timed = stats.latencies_us.lock().expect("lock").clone();
        let mut lat: Vec<u64> = timed.iter().map(|(_, us)| *us).collect();
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
        if args.backup_every_s.is_some() {
            report_backups(&windows, &timed);
        }
        println!("server CPU: {cpu:.1} s in {wall:.1} s = {:.0}% of one core", 100.0 * cpu / wall);
        println!("clients' CPU (this process): {own:.1} s = {:.0}% of one core", 100.0 * own / wall);
    });
    drop(child.stdin.take());
    let _ = child.wait();
}

/// `GET /metrics` every `every` until `until`, as Prometheus would: how many answered and
/// how many did not (a status other than 200, or no answer).
async fn scrape(addr: String, every: Duration, until: Instant) -> (usize, usize) {
    let addr: std::net::SocketAddr = addr.parse().expect("the server's address");
    let (mut answered, mut failed) = (0, 0);
    let mut tick = tokio::time::interval(every);
    while Instant::now() < until {
        tick.tick().await;
        let status = tokio::task::spawn_blocking(move || common::get(addr, "/metrics"))
            .await
            .ok()
            .flatten()
            .map(|(status, _)| status);
        if status == Some(200) {
            answered += 1;
        } else {
            failed += 1;
        }
    }
    (answered, failed)
}

/// One backup while the games were played: when it ran, and the copy's size.
struct BackupRun {
    began: Instant,
    ended: Instant,
    bytes: u64,
    ok: bool,
}

/// `qipan-server backup --data DATA --to DATA.bak`, `every` after the last one ended, until
/// `until`. The binary is `target/<profile>/qipan-server`, beside this example's folder.
async fn backups(data: PathBuf, exe: PathBuf, every: Duration, until: Instant) -> Vec<BackupRun> {
    let binary = exe
        .parent()
        .and_then(std::path::Path::parent)
        .map(|dir| dir.join("qipan-server"))
        .expect("target/<profile>/qipan-server");
    let mut to = data.clone().into_os_string();
    to.push(".bak");
    let to = PathBuf::from(to);
    let mut runs = Vec::new();
    loop {
        tokio::time::sleep(every).await;
        if Instant::now() + every / 2 > until {
            return runs;
        }
        let began = Instant::now();
        let mut command = Command::new(&binary);
        command
            .arg("backup")
            .arg("--data")
            .arg(&data)
            .arg("--to")
            .arg(&to);
        let status = tokio::task::spawn_blocking(move || command.status()).await;
        runs.push(BackupRun {
            began,
            ended: Instant::now(),
            bytes: std::fs::metadata(&to).map_or(0, |m| m.len()),
            ok: matches!(status, Ok(Ok(s)) if s.success()),
        });
    }
}

/// Each backup's duration and size, and the move latencies of the moves sent while one ran
/// against those sent while none did.
fn report_backups(runs: &[BackupRun], timed: &[(Instant, u64)]) {
    for run in runs {
        println!(
            "backup: {:.3} s, {} bytes, {}",
            run.ended.duration_since(run.began).as_secs_f64(),
            run.bytes,
            if run.ok { "exit 0" } else { "FAILED" }
        );
    }
    // A backup's effect may outlast it (the server's next checkpoint): the second after each
    // counts with it too.
    let after = Duration::from_secs(1);
    let near = |sent: &Instant| {
        runs.iter()
            .any(|r| (r.began..=r.ended + after).contains(sent))
    };
    let (mut inside, mut outside): (Vec<u64>, Vec<u64>) = (Vec::new(), Vec::new());
    for (sent, us) in timed {
        if near(sent) {
            inside.push(*us);
        } else {
            outside.push(*us);
        }
    }
    for (name, lat) in [
        ("during a backup or the second after it", &mut inside),
        ("at any other time", &mut outside),
    ] {
        lat.sort_unstable();
        println!(
            "  moves sent {name}: p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms  ({} samples)",
            percentile(lat, 0.50),
            percentile(lat, 0.99),
            percentile(lat, 1.0),
            lat.len()
        );
    }
}
