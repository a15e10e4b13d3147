//! Hosting benchmark (not a test): the goals of hosting.md's issue, with the real
//! `qipan-server` binary. The figures and how they were taken: docs/hosting.md, "Measured".
//!
//! ```sh
//! ulimit -n 20000
//! cargo build --release -p qipan-server --bins --examples
//! # A rolling restart of one of two servers behind Caddy, 1,000 rated games going:
//! ./target/release/examples/hosting_load restart --games 1000 --seconds 60 --think-ms 500
//! # A data file with 10,000 finished (recorded) games, for the backup benchmark (load.rs):
//! ./target/release/examples/hosting_load records --records 10000 --data /tmp/records.sqlite
//! ```
//!
//! `restart`: a nats-server with JetStream, two `qipan-server --nats URL --proxy 127.0.0.1`
//! and Caddy in front of them (the Caddyfile of `tests/behind_caddy.rs`: health checks on
//! `/ready`). Every player registers through Caddy (from 127.0.0.2, 127.0.0.3, ...: Caddy
//! sends the address on in `X-Forwarded-For`, so the registration limit counts each) and
//! seeks a rated game of Push; then each moves `--think-ms` after its turn comes. A quarter
//! of the way in, one server gets SIGTERM and is started again on its address; at 60 % the
//! other does. A client whose socket closes comes back as the app does
//! (`crates/session/src/connection.rs`: the next try 1 s after the loss, then 2, 4, ... s)
//! through Caddy and sends `resume` with its seat's token. Measured: each client's time
//! from the close to the `state` that puts it back in its seat, and the move → opponent's
//! `state` time. At the end the first player of each game still going resigns, and the
//! records API is read: every game's record has every ply its players saw and is rated,
//! and every player's rating counts exactly one game.
//!
//! `records`: one `qipan-server` on `--data`; `--players` registered players seek casual
//! games of Push and resign at once (x resigns), over and over, until `--records` games are
//! recorded.

#[path = "../tests/common/caddy.rs"]
mod caddy;
mod common;
#[path = "../tests/common/nats.rs"]
mod nats;

use std::collections::HashMap;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use qipan_engine::games::{push::Push, Game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use common::{all, get, get_json, player, recv_type, send, source, summary, try_connect, Ws};

struct Args {
    scenario: String,
    games: usize,
    seconds: u64,
    think_ms: u64,
    records: usize,
    players: usize,
    data: Option<PathBuf>,
}

/// The options, each with a value.
const OPTIONS: [&str; 6] = ["records", "players", "data", "games", "seconds", "think-ms"];

fn parse_args() -> Result<Args, lexopt::Error> {
    use lexopt::prelude::*;
    let mut args = Args {
        scenario: String::new(),
        games: 1000,
        seconds: 60,
        think_ms: 500,
        records: 10_000,
        players: 200,
        data: None,
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        let option = match arg {
            Value(v) if args.scenario.is_empty() => {
                args.scenario = v.string()?;
                continue;
            }
            Long(option) if OPTIONS.contains(&option) => option.to_owned(),
            _ => return Err(arg.unexpected()),
        };
        let value = parser.value()?;
        match option.as_str() {
            // `records`
            "records" => args.records = value.parse()?,
            "players" => args.players = value.parse()?,
            "data" => args.data = Some(value.into()),
            // `restart`
            "games" => args.games = value.parse()?,
            "seconds" => args.seconds = value.parse()?,
            "think-ms" => args.think_ms = value.parse()?,
            _ => return Err(lexopt::Error::UnexpectedOption(format!("--{option}"))),
        }
    }
    Ok(args)
}

/// A `qipan-server` process (the binary beside this example's folder), its log in a file.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    /// `qipan-server --listen LISTEN --data DATA --bot-after off [extra...]`, once it says
    /// where it listens.
    fn start(listen: SocketAddr, data: &Path, log: &Path, extra: &[&str]) -> Server {
        let exe = std::env::current_exe().expect("own path");
        let binary = exe
            .parent()
            .and_then(Path::parent)
            .map(|release| release.join("qipan-server"))
            .expect("target/<profile>/qipan-server");
        let log = std::fs::File::create(log).expect("a log file");
        let mut child = Command::new(&binary)
            .arg("--listen")
            .arg(listen.to_string())
            .arg("--data")
            .arg(data)
            .args(["--bot-after", "off"])
            .args(extra)
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "{} (cargo build --release -p qipan-server --bins): {e}",
                    binary.display()
                )
            });
        let addr = common::listening_addr(&mut child);
        Server { child, addr }
    }

    /// SIGTERM, as a service manager stops it: how long it took to exit, and its status.
    fn terminate(mut self) -> (Duration, Option<i32>) {
        let asked = Instant::now();
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let status = self.child.wait().ok().and_then(|s| s.code());
        (asked.elapsed(), status)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits until `GET /ready` at `addr` answers 200.
async fn until_ready(addr: SocketAddr) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while tokio::task::spawn_blocking(move || get(addr, "/ready"))
        .await
        .ok()
        .flatten()
        .map(|(status, _)| status)
        != Some(200)
    {
        assert!(Instant::now() < deadline, "{addr} ready in time");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// What the players saw, counted together.
#[derive(Default)]
struct Seen {
    /// From a socket's close to the `state` after `resume`, in ms.
    back_ms: Mutex<Vec<f64>>,
    /// Move sent → the opponent's `state` with it, in ms.
    move_ms: Mutex<Vec<f64>>,
    closes: Mutex<HashMap<String, usize>>,
    errors: Mutex<HashMap<String, usize>>,
    /// Connections or upgrades that failed while coming back.
    failed_tries: AtomicUsize,
    /// Players who could not come back after 8 tries.
    not_back: AtomicUsize,
    moves: AtomicUsize,
}

fn count(map: &Mutex<HashMap<String, usize>>, key: String) {
    *map.lock().expect("lock").entry(key).or_default() += 1;
}

/// A game's last move: its ply and when it was sent.
type LastMove = Arc<Mutex<Option<(usize, Instant)>>>;

/// A player's seat in a paired game, and the last move of that game (its ply and when it
/// was sent), shared with the opponent.
struct Seat {
    name: String,
    from: Ipv4Addr,
    room: String,
    token: String,
    side: String,
    last: LastMove,
}

/// What a player ends with: its game's plies as it saw them last, and whether it saw the end.
struct Ended {
    room: String,
    plies: usize,
    over: bool,
}

/// The next frame, or the close code (`None` when the socket ends without one).
enum Heard {
    Frame(Value),
    Closed(Option<u16>),
}

async fn hear(ws: &mut Ws) -> Heard {
    loop {
        match ws.next().await {
            Some(Ok(Message::Text(text))) => {
                if let Ok(frame) = serde_json::from_str(text.as_str()) {
                    return Heard::Frame(frame);
                }
            }
            Some(Ok(Message::Close(frame))) => {
                return Heard::Closed(frame.map(|f| u16::from(f.code)));
            }
            Some(Ok(_)) => {}
            Some(Err(_)) | None => return Heard::Closed(None),
        }
    }
}

/// Back to the seat as the app comes back: a try 1 s after the loss, then after 2, 4, ...
/// s; the `resume` frame on the first socket that opens. `None` after 8 tries.
async fn come_back(caddy: SocketAddr, seat: &Seat, seen: &Seen) -> Option<Ws> {
    for failures in 1..=8 {
        let wait = (0.5 * 2f64.powi(failures)).min(30.0);
        tokio::time::sleep(Duration::from_secs_f64(wait)).await;
        match try_connect(caddy, seat.from).await {
            Ok(mut ws) => {
                send(
                    &mut ws,
                    json!({"type": "resume", "room": seat.room, "token": seat.token}),
                )
                .await;
                return Some(ws);
            }
            Err(_) => {
                seen.failed_tries.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
    seen.not_back.fetch_add(1, Ordering::Relaxed);
    None
}

/// One player of a rated game through Caddy: moves `think` after its turn comes until
/// `until`, comes back whenever its socket closes, then (x) resigns a game still going and
/// waits for its end.
async fn seat_player(
    caddy: SocketAddr,
    mut ws: Ws,
    seat: Seat,
    think: Duration,
    until: Instant,
    seen: Arc<Seen>,
    seed: u64,
) -> Ended {
    let game = Push;
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut ended = Ended {
        room: seat.room.clone(),
        plies: 0,
        over: false,
    };
    let mut closed_at: Option<Instant> = None;
    let mut resigned = false;
    let give_up = until + Duration::from_secs(30);
    loop {
        if Instant::now() >= until && !resigned && seat.side == "x" {
            resigned = true;
            let resign = json!({"type": "resign", "room": seat.room, "token": seat.token});
            send(&mut ws, resign).await;
        }
        let wake = if resigned || Instant::now() >= until {
            give_up
        } else {
            until
        };
        let heard = match tokio::time::timeout_at(wake.into(), hear(&mut ws)).await {
            Ok(heard) => heard,
            Err(_) if wake == until => continue,
            Err(_) => break,
        };
        let frame = match heard {
            Heard::Frame(frame) => frame,
            Heard::Closed(code) => {
                count(
                    &seen.closes,
                    code.map_or("none".to_owned(), |c| c.to_string()),
                );
                closed_at.get_or_insert_with(Instant::now);
                // The resign, if sent, may have been lost with the socket.
                resigned = false;
                match come_back(caddy, &seat, &seen).await {
                    Some(fresh) => ws = fresh,
                    None => break,
                }
                continue;
            }
        };
        match frame["type"].as_str() {
            Some("error") => {
                count(
                    &seen.errors,
                    frame["code"].as_str().unwrap_or("?").to_owned(),
                );
                continue;
            }
            Some("state") => {}
            _ => continue,
        }
        if let Some(at) = closed_at.take() {
            let ms = at.elapsed().as_secs_f64() * 1000.0;
            seen.back_ms.lock().expect("lock").push(ms);
        }
        let plies = frame["plies"].as_array().map_or(0, Vec::len);
        ended.plies = ended.plies.max(plies);
        if frame["status"] != "ongoing" {
            ended.over = true;
            break;
        }
        let Ok(pos) = game.parse_position(frame["position"].as_str().unwrap_or_default()) else {
            continue;
        };
        if game.side_to_move(&pos).letter().to_string() != seat.side {
            continue;
        }
        let last = *seat.last.lock().expect("lock");
        if let Some((_, at)) = last.filter(|(ply, _)| ply + 1 == plies) {
            let ms = at.elapsed().as_secs_f64() * 1000.0;
            seen.move_ms.lock().expect("lock").push(ms);
        }
        tokio::time::sleep(think).await;
        if Instant::now() >= until {
            continue;
        }
        let mut moves = Vec::new();
        game.legal_moves(&pos, &mut moves);
        if moves.is_empty() {
            continue;
        }
        let mv = game.format_move(moves[rng.random_range(0..moves.len())]);
        *seat.last.lock().expect("lock") = Some((plies, Instant::now()));
        let frame = json!({"type": "move", "room": seat.room, "token": seat.token, "ply": plies, "move": mv});
        send(&mut ws, frame).await;
        seen.moves.fetch_add(1, Ordering::Relaxed);
    }
    let _ = futures_util::SinkExt::close(&mut ws).await;
    ended
}

/// Player `i` registered through Caddy and paired: its socket and seat.
async fn seek(i: usize, mut ws: Ws) -> Option<(Ws, Seat)> {
    send(
        &mut ws,
        json!({"type": "seek", "game": "push", "rated": true}),
    )
    .await;
    let paired = tokio::time::timeout(Duration::from_secs(60), recv_type(&mut ws, "paired"))
        .await
        .ok()
        .flatten()?;
    let text = |key: &str| paired[key].as_str().unwrap_or_default().to_owned();
    let seat = Seat {
        name: format!("p{i:05}"),
        from: source(i),
        room: text("room"),
        token: text("token"),
        side: text("seat"),
        last: Arc::default(),
    };
    Some((ws, seat))
}

/// Stops `server` with SIGTERM and starts it again on its address; says how it went.
async fn restart(server: Server, data: &Path, log: &Path, extra: &[&str], at: Instant) -> Server {
    let addr = server.addr;
    let (took, status) = server.terminate();
    println!(
        "  {:.1} s: {addr} stopped by SIGTERM in {:.2} s, exit status {status:?}",
        at.elapsed().as_secs_f64(),
        took.as_secs_f64()
    );
    let again = Server::start(addr, data, log, extra);
    until_ready(addr).await;
    println!("  {:.1} s: {addr} ready again", at.elapsed().as_secs_f64());
    again
}

async fn rolling_restart(args: &Args, dir: &Path) {
    let nats_bin = nats::nats_server().expect("nats-server (apt-get install nats-server)");
    assert!(caddy::caddy_installed(), "caddy (apt-get install caddy)");
    let (_nats, url) = nats::start_nats(&nats_bin, &dir.join("js"));
    let extra = ["--nats", url.as_str(), "--proxy", "127.0.0.1"];
    let listen = |port| SocketAddr::from(([127, 0, 0, 1], port));
    let files = |name: &str| {
        (
            dir.join(format!("{name}.sqlite")),
            dir.join(format!("{name}.log")),
        )
    };
    let ((a_data, a_log), (b_data, b_log)) = (files("a"), files("b"));
    let a = Server::start(listen(caddy::free_port()), &a_data, &a_log, &extra);
    let b = Server::start(listen(caddy::free_port()), &b_data, &b_log, &extra);
    let caddy_addr = listen(caddy::free_port());
    let _caddy = caddy::start_caddy(dir, caddy_addr.port(), &[a.addr, b.addr]);
    // Caddy listens a moment after it starts.
    while tokio::net::TcpStream::connect(caddy_addr).await.is_err() {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    until_ready(caddy_addr).await;

    let players = args.games * 2;
    let t = Instant::now();
    let registered = all((0..players)
        .map(|i| async move { player(caddy_addr, i, None).await.0 })
        .collect())
    .await;
    println!(
        "{players} players registered through Caddy in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    // Every seek at once: a seek waits for one that may come later.
    let t = Instant::now();
    let seeking: Vec<_> = registered
        .into_iter()
        .enumerate()
        .map(|(i, ws)| tokio::spawn(seek(i, ws)))
        .collect();
    let mut seats = Vec::new();
    for task in seeking {
        if let Ok(Some(seat)) = task.await {
            seats.push(seat);
        }
    }
    // The two seats of a game share its last move.
    let mut lasts: HashMap<String, LastMove> = HashMap::new();
    for (_, seat) in &mut seats {
        seat.last = lasts.entry(seat.room.clone()).or_default().clone();
    }
    println!(
        "{} paired into {} rated games in {:.1} s",
        seats.len(),
        lasts.len(),
        t.elapsed().as_secs_f64()
    );
    let names: Vec<String> = seats.iter().map(|(_, s)| s.name.clone()).collect();

    let seen = Arc::new(Seen::default());
    let start = Instant::now();
    let until = start + Duration::from_secs(args.seconds);
    let think = Duration::from_millis(args.think_ms);
    let tasks: Vec<_> = seats
        .into_iter()
        .enumerate()
        .map(|(i, (ws, seat))| {
            tokio::spawn(seat_player(
                caddy_addr,
                ws,
                seat,
                think,
                until,
                seen.clone(),
                i as u64,
            ))
        })
        .collect();

    let seconds = Duration::from_secs(args.seconds);
    tokio::time::sleep_until((start + seconds / 4).into()).await;
    println!("loadavg {}", loadavg());
    let a = restart(a, &a_data, &a_log, &extra, start).await;
    tokio::time::sleep_until((start + seconds * 3 / 5).into()).await;
    println!("loadavg {}", loadavg());
    let b = restart(b, &b_data, &b_log, &extra, start).await;

    let mut ended = Vec::new();
    for task in tasks {
        if let Ok(end) = task.await {
            ended.push(end);
        }
    }
    let wall = until.saturating_duration_since(start).as_secs_f64();
    let moves = seen.moves.load(Ordering::Relaxed);
    println!(
        "moves {moves} in {wall:.0} s ({:.0}/s)  loadavg {}",
        moves as f64 / wall,
        loadavg()
    );
    summary(
        "move -> opponent's state",
        seen.move_ms.lock().expect("lock").clone(),
    );
    summary(
        "socket closed -> back in the seat (state after resume)",
        seen.back_ms.lock().expect("lock").clone(),
    );
    println!(
        "closes by code {:?}; failed tries to come back {}; players who never came back {}; errors {:?}",
        seen.closes.lock().expect("lock"),
        seen.failed_tries.load(Ordering::Relaxed),
        seen.not_back.load(Ordering::Relaxed),
        seen.errors.lock().expect("lock")
    );
    // A rating change reaches every server within a second.
    tokio::time::sleep(Duration::from_secs(2)).await;
    check_records(caddy_addr, &ended, &names).await;
    for server in [a, b] {
        let _ = server.terminate();
    }
}

/// Every game's record against what its players saw; every player's rating against one game.
async fn check_records(caddy: SocketAddr, ended: &[Ended], names: &[String]) {
    let mut seen_plies: HashMap<&str, (usize, bool)> = HashMap::new();
    for end in ended {
        let entry = seen_plies.entry(&end.room).or_default();
        entry.0 = entry.0.max(end.plies);
        entry.1 |= end.over;
    }
    let (mut kept, mut short, mut longer, mut unrated, mut going, mut unread) = (0, 0, 0, 0, 0, 0);
    let mut plies_total = 0;
    for (room, (plies, _)) in &seen_plies {
        let path = format!("/api/games/{room}");
        let Some(record) = tokio::task::spawn_blocking(move || get_json(caddy, &path))
            .await
            .ok()
            .flatten()
        else {
            unread += 1;
            continue;
        };
        let recorded = record["plies"].as_array().map_or(0, Vec::len);
        plies_total += recorded;
        match recorded.cmp(plies) {
            std::cmp::Ordering::Less => short += 1,
            std::cmp::Ordering::Greater => longer += 1,
            std::cmp::Ordering::Equal => kept += 1,
        }
        if record["status"] == "ongoing" {
            going += 1;
        }
        if record["rated"] != true {
            unrated += 1;
        }
    }
    println!(
        "records: {} games; {kept} with every ply its players saw, {short} with fewer (moves lost), {longer} with more than they saw; {going} still going; {unrated} not rated; {unread} unread ({plies_total} plies recorded)",
        seen_plies.len()
    );
    let mut rated: HashMap<String, usize> = HashMap::new();
    for name in names {
        let path = format!("/api/players/{name}");
        let games = tokio::task::spawn_blocking(move || get_json(caddy, &path))
            .await
            .ok()
            .flatten()
            .map_or("unread".to_owned(), |p| {
                p["ratings"]["push"]["games"].to_string()
            });
        *rated.entry(games).or_default() += 1;
    }
    println!("players by rated games of push counted (1 is right): {rated:?}");
}

/// The one-minute, five-minute and fifteen-minute load averages.
fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|text| {
            text.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default()
}

/// One player of `records`: seeks, resigns at once as x (or waits for x to), again and again
/// until `wanted` games are recorded.
async fn resigning_player(mut ws: Ws, finished: Arc<AtomicUsize>, wanted: usize) {
    // Casual: rated games move the players' ratings apart until their seeks no longer
    // match, and pairing slows to a few games a second.
    let seek = json!({"type": "seek", "game": "push", "rated": false});
    // A game every 250 ms at most: two frames each keep under a socket's 10 a second (a
    // `rate-limited` resign would leave both players waiting for the end).
    let mut pace = tokio::time::interval(Duration::from_millis(250));
    while finished.load(Ordering::Relaxed) < wanted {
        pace.tick().await;
        send(&mut ws, seek.clone()).await;
        let paired = loop {
            match tokio::time::timeout(Duration::from_secs(5), common::recv(&mut ws)).await {
                Ok(Some(frame)) if frame["type"] == "paired" => break Some(frame),
                Ok(Some(frame)) if frame["code"] == "busy" => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    send(&mut ws, seek.clone()).await;
                }
                Ok(Some(_)) => {}
                // Nobody left to pair with.
                Ok(None) | Err(_) => break None,
            }
        };
        let Some(paired) = paired else { return };
        if paired["seat"] == "x" {
            let resign =
                json!({"type": "resign", "room": paired["room"], "token": paired["token"]});
            send(&mut ws, resign).await;
        }
        loop {
            match recv_type(&mut ws, "state").await {
                Some(state) if state["status"] != "ongoing" => break,
                Some(_) => {}
                None => return,
            }
        }
        if paired["seat"] == "x" {
            finished.fetch_add(1, Ordering::Relaxed);
        }
    }
}

async fn records(args: &Args, dir: &Path) {
    let data = args.data.clone().expect("--data FILE");
    let server = Server::start(
        SocketAddr::from(([127, 0, 0, 1], 0)),
        &data,
        &dir.join("records.log"),
        &[],
    );
    let addr = server.addr;
    let t = Instant::now();
    let joined = all((0..args.players)
        .map(|i| async move { player(addr, i, None).await.0 })
        .collect())
    .await;
    let finished = Arc::new(AtomicUsize::new(0));
    let tasks: Vec<_> = joined
        .into_iter()
        .map(|ws| tokio::spawn(resigning_player(ws, finished.clone(), args.records)))
        .collect();
    for task in tasks {
        let _ = task.await;
    }
    let _ = server.terminate();
    let conn = rusqlite::Connection::open(&data).expect("the data file");
    let games: i64 = conn
        .query_row("SELECT count(*) FROM games", [], |row| row.get(0))
        .expect("the games table");
    let bytes = std::fs::metadata(&data).map_or(0, |m| m.len());
    println!(
        "{} players, {games} games recorded in {} in {:.1} s ({bytes} bytes)",
        args.players,
        data.display(),
        t.elapsed().as_secs_f64()
    );
}

fn main() {
    let args = common::args_or_exit("hosting_load", parse_args());
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        let dir = tempfile::tempdir().expect("tempdir");
        match args.scenario.as_str() {
            "restart" => rolling_restart(&args, dir.path()).await,
            "records" => records(&args, dir.path()).await,
            other => eprintln!("hosting_load: `restart` or `records`, not {other:?}"),
        }
    });
}
