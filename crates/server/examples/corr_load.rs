//! Correspondence benchmark (not a test): the goals of issue 41. The figures and how they
//! were taken: docs/online.md, "Correspondence benchmark".
//!
//! ```sh
//! ulimit -n 20000
//! cargo build --release -p qipan-server --examples
//! # 10,000 games open on one server (400 players, 50 games each), then its restart:
//! ./target/release/examples/corr_load open --players 400 --challenges 25
//! # 1,000 games running out of time together, beside 100 live games:
//! ./target/release/examples/corr_load timeout --players 100 --challenges 10 --live 100
//! # two servers on one NATS: a move on one, `your-turn` on the other:
//! ./target/release/examples/corr_load nats --players 100 --challenges 4 --seconds 30
//! ```
//!
//! Servers run in child processes (this executable with `--serve`), their storage in a
//! temporary directory; clients connect from 127.0.0.2, 127.0.0.3, ... (`common::source`).
//! Every game is made through the protocol: player `i` challenges players `i+1`, ...,
//! `i+challenges` (modulo the players; in `nats`, `i+1`, `i+3`, ..., so that both players
//! of a game are on different servers), rated Push, and each challenged player accepts.
//! A player so has `2 × challenges` games. Frames are paced below the server's limit of a
//! connection (20 at once, then 10 a second).
//!
//! `open`: the games (3 days a move), then the server's RSS and its SQLite file (with its
//! WAL) before and after them, per game; `games` answered to players with 50 games, one
//! request at a time and then with every player asking once a second. Then the restart:
//! the server stopped as SIGTERM stops it (`Running::stop`), a new one started on the same
//! file; measured from its start: `/health` answering 200, and every game resumed: each
//! player logs in again, asks `games` (all 50 there, with their tokens) and `resume`s each
//! game it plays `x` in; a game is resumed when its `state` comes back, `ongoing`, with
//! its days running.
//!
//! `timeout`: a server whose day is `--day-ms`; the games (1 day a move) each get two
//! plies, the second (o's) sent by every player at once, so that every game's x runs out
//! of its day within the same second or so; `--live` games between people (friends' rooms,
//! a move 500 ms after the turn comes) play from before the first deadline to after the
//! last. Measured: each game's end (its players' first `state` that is over) after its
//! deadline (its second ply's `state` + a day); how many over-`state`s a seat's
//! connection got for its game; from the records API, each game's one record among its
//! players' games, and each player's rated Push games counted once; the live moves' time
//! from a move to the opponent's `state`.
//!
//! `nats`: two servers on one NATS (started here), players alternately on each; every
//! player moves `--think-ms` (± a half, at random) after its turn comes, for `--seconds`.
//! Measured: the time from a move sent on one server to `your-turn` for it on the other.

mod common;

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Child;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{
    all, connect, get, get_json, load_average, name, nats_server, people_game, player,
    proc_status_kib, push_move, recv, send, serve_until_stdin_closes, source, spawn_server,
    stop_server, summary, Ws,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

/// A real day: the games of `open` and `nats` never run out during a run.
const DAY_MS: u64 = 24 * 60 * 60 * 1000;

struct Args {
    scenario: String,
    players: usize,
    challenges: usize,
    day_ms: u64,
    live: usize,
    seconds: u64,
    think_ms: u64,
}

fn parse_args() -> Result<Args, lexopt::Error> {
    use lexopt::prelude::*;
    let mut args = Args {
        scenario: String::new(),
        players: 400,
        challenges: 25,
        day_ms: 60_000,
        live: 100,
        seconds: 30,
        think_ms: 2_000,
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Value(v) if args.scenario.is_empty() => args.scenario = v.string()?,
            Long("players") => args.players = parser.value()?.parse()?,
            Long("challenges") => args.challenges = parser.value()?.parse()?,
            Long("day-ms") => args.day_ms = parser.value()?.parse()?,
            Long("live") => args.live = parser.value()?.parse()?,
            Long("seconds") => args.seconds = parser.value()?.parse()?,
            Long("think-ms") => args.think_ms = parser.value()?.parse()?,
            _ => return Err(arg.unexpected()),
        }
    }
    Ok(args)
}

/// The child: `--serve DATA DAY_MS [NATS_URL]`, its warnings on standard error.
fn serve(rest: &[String]) {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::new("warn"))
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .init();
    serve_until_stdin_closes(qipan_server::Config {
        data: rest[0].clone().into(),
        day_ms: rest[1].parse().unwrap_or(DAY_MS),
        nats: rest.get(2).cloned(),
        bot_after_ms: None,
        ..Default::default()
    });
}

/// A server child: its process, address and data file.
struct Server {
    child: Child,
    addr: SocketAddr,
    data: PathBuf,
}

impl Server {
    fn start(data: &Path, day_ms: u64, nats: Option<&str>) -> Server {
        let mut args = vec![data.display().to_string(), day_ms.to_string()];
        args.extend(nats.map(str::to_owned));
        let (mut child, addr) = spawn_server(&args);
        if let Some(stderr) = child.stderr.take() {
            std::thread::spawn(move || {
                for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                    eprintln!("server: {line}");
                }
            });
        }
        Server {
            child,
            addr,
            data: data.to_owned(),
        }
    }

    fn rss_kib(&self) -> u64 {
        proc_status_kib(self.child.id(), "VmRSS:").unwrap_or(0)
    }

    /// The SQLite file with its WAL, in bytes.
    fn disk_bytes(&self) -> u64 {
        ["", "-wal", "-shm"]
            .iter()
            .filter_map(|end| {
                let mut path = self.data.clone().into_os_string();
                path.push(end);
                std::fs::metadata(path).ok().map(|m| m.len())
            })
            .sum()
    }

    fn stop(mut self) {
        stop_server(&mut self.child);
    }
}

/// A client-side token bucket a little under the server's (20 frames at once, then 10 a
/// second), so that no frame is `rate-limited`.
struct Pacer {
    tokens: f64,
    at: Instant,
}

impl Pacer {
    const BURST: f64 = 18.0;
    const PER_SECOND: f64 = 9.0;

    fn new() -> Pacer {
        Pacer {
            tokens: Pacer::BURST,
            at: Instant::now(),
        }
    }

    fn refill(&mut self) {
        let now = Instant::now();
        self.tokens =
            (self.tokens + (now - self.at).as_secs_f64() * Pacer::PER_SECOND).min(Pacer::BURST);
        self.at = now;
    }

    /// When the next frame may go.
    fn next_at(&mut self) -> Instant {
        self.refill();
        if self.tokens >= 1.0 {
            self.at
        } else {
            self.at + Duration::from_secs_f64((1.0 - self.tokens) / Pacer::PER_SECOND)
        }
    }

    fn spend(&mut self) {
        self.refill();
        self.tokens -= 1.0;
    }
}

/// A player's seat in a game.
#[derive(Clone)]
struct Seat {
    seat: String,
    token: String,
}

/// Moves from `your-turn`'s side: when each room's last move was sent, and the times from
/// it to the opponent's `your-turn`.
#[derive(Default)]
struct TurnTimes {
    sent: HashMap<String, Instant>,
    ms: Vec<f64>,
}

/// One player's connection and what it was told.
struct Conn {
    i: usize,
    key: String,
    ws: Ws,
    pacer: Pacer,
    /// Frames to send, by when (and a count, to keep them apart).
    pending: BTreeMap<(Instant, u64), Value>,
    queued: u64,
    seats: HashMap<String, Seat>,
    /// Each room's latest `state` this connection saw.
    states: HashMap<String, Value>,
    /// Each room's latest `state` any player saw. A connection is in one room at a time
    /// (online.md), and a player's games are many: a mover gets the `state` of its move,
    /// its opponent `your-turn`, and this is where the opponent finds the position.
    shared: Arc<Mutex<HashMap<String, Value>>>,
    /// Each room's over-`state`s: how many, and when the first came.
    ended: HashMap<String, (usize, Instant)>,
    paired: usize,
    errors: Vec<Value>,
    /// `games` sent and not answered yet, and the answers' times.
    games_asked: VecDeque<Instant>,
    games_ms: Vec<f64>,
    last_games: Option<Value>,
    /// When the last `games` answer came.
    games_at: Option<Instant>,
    /// When each room's second ply was first seen.
    seen_second_ply: HashMap<String, Instant>,
    /// Rooms being resumed, and when each came back.
    resuming: HashSet<String>,
    resumed: Vec<(String, Instant, Value)>,
    /// With `Some`, the player moves this long (± a half) after its turn comes.
    think: Option<Duration>,
    turns: Option<Arc<Mutex<TurnTimes>>>,
    rng: SmallRng,
}

impl Conn {
    fn new(i: usize, ws: Ws, key: String, shared: Arc<Mutex<HashMap<String, Value>>>) -> Conn {
        Conn {
            i,
            key,
            ws,
            pacer: Pacer::new(),
            pending: BTreeMap::new(),
            queued: 0,
            seats: HashMap::new(),
            states: HashMap::new(),
            shared,
            ended: HashMap::new(),
            paired: 0,
            errors: Vec::new(),
            games_asked: VecDeque::new(),
            games_ms: Vec::new(),
            last_games: None,
            games_at: None,
            seen_second_ply: HashMap::new(),
            resuming: HashSet::new(),
            resumed: Vec::new(),
            think: None,
            turns: None,
            rng: SmallRng::seed_from_u64(i as u64),
        }
    }

    fn queue_at(&mut self, at: Instant, frame: Value) {
        self.queued += 1;
        self.pending.insert((at, self.queued), frame);
    }

    fn queue(&mut self, frame: Value) {
        self.queue_at(Instant::now(), frame);
    }

    /// The number of plies of `room` as the players last saw it.
    fn plies(&self, room: &str) -> usize {
        let shared = self.shared.lock().expect("lock");
        shared
            .get(room)
            .map_or(0, |s| s["plies"].as_array().map_or(0, Vec::len))
    }

    /// The move of this player's seat in `room` for its latest state, if it is its turn.
    fn move_in(&mut self, room: &str) -> Option<Value> {
        let seat = self.seats.get(room)?.clone();
        let shared = self.shared.clone();
        let shared = shared.lock().expect("lock");
        let state = shared.get(room)?;
        let mv = push_move(state, &seat.seat, &mut self.rng)?;
        let ply = state["plies"].as_array().map_or(0, Vec::len);
        Some(json!({"type": "move", "room": room, "token": seat.token, "ply": ply, "move": mv}))
    }

    fn on_frame(&mut self, frame: Value) {
        let room = frame["room"].as_str().unwrap_or_default().to_owned();
        match frame["type"].as_str().unwrap_or_default() {
            "challenge" => self.queue(json!({"type": "accept", "challenge": frame["challenge"]})),
            "paired" => {
                self.paired += 1;
                self.seats.insert(
                    room,
                    Seat {
                        seat: frame["seat"].as_str().unwrap_or_default().to_owned(),
                        token: frame["token"].as_str().unwrap_or_default().to_owned(),
                    },
                );
            }
            "state" => {
                if frame["status"] != "ongoing" {
                    let end = self
                        .ended
                        .entry(room.clone())
                        .or_insert((0, Instant::now()));
                    end.0 += 1;
                }
                if frame["plies"].as_array().map_or(0, Vec::len) == 2 {
                    self.seen_second_ply
                        .entry(room.clone())
                        .or_insert_with(Instant::now);
                }
                {
                    let plies = |s: &Value| s["plies"].as_array().map_or(0, Vec::len);
                    let mut shared = self.shared.lock().expect("lock");
                    if shared
                        .get(&room)
                        .is_none_or(|known| plies(&frame) >= plies(known))
                    {
                        shared.insert(room.clone(), frame.clone());
                    }
                }
                self.states.insert(room.clone(), frame);
            }
            // The answer to a `resume`: the seat is given back.
            "seat" if self.resuming.remove(&room) => {
                self.resumed.push((room.clone(), Instant::now(), frame));
            }
            "your-turn" => {
                if let Some(think) = self.think {
                    let jitter = self.rng.random_range(0.5..1.5);
                    let at = Instant::now() + think.mul_f64(jitter);
                    self.queue_at(at, json!({"type": "play", "room": room.clone()}));
                }
                if let Some(turns) = &self.turns {
                    let mut turns = turns.lock().expect("lock");
                    if let Some(sent) = turns.sent.remove(&room) {
                        let ms = sent.elapsed().as_secs_f64() * 1000.0;
                        turns.ms.push(ms);
                    }
                }
            }
            "games" => {
                if let Some(asked) = self.games_asked.pop_front() {
                    self.games_ms.push(asked.elapsed().as_secs_f64() * 1000.0);
                }
                for entry in frame["games"].as_array().into_iter().flatten() {
                    let room = entry["room"].as_str().unwrap_or_default().to_owned();
                    self.seats.insert(
                        room,
                        Seat {
                            seat: entry["seat"].as_str().unwrap_or_default().to_owned(),
                            token: entry["token"].as_str().unwrap_or_default().to_owned(),
                        },
                    );
                }
                self.last_games = Some(frame);
                self.games_at = Some(Instant::now());
            }
            "error" => {
                if self.errors.len() < 5 {
                    eprintln!("{}: {frame}", name(self.i));
                }
                self.errors.push(frame);
            }
            _ => {}
        }
    }

    /// Sends the frame due first, noting what the measures need.
    async fn send_next(&mut self) {
        let Some((_, mut frame)) = self.pending.pop_first() else {
            return;
        };
        if frame["type"] == "play" {
            // A move in the position as it is when it goes.
            let room = frame["room"].as_str().unwrap_or_default().to_owned();
            match self.move_in(&room) {
                Some(mv) => frame = mv,
                None => return,
            }
        }
        self.pacer.spend();
        match frame["type"].as_str() {
            Some("games") => self.games_asked.push_back(Instant::now()),
            Some("move") => {
                if let (Some(turns), Some(room)) = (&self.turns, frame["room"].as_str()) {
                    let mut turns = turns.lock().expect("lock");
                    turns.sent.insert(room.to_owned(), Instant::now());
                }
            }
            _ => {}
        }
        send(&mut self.ws, frame).await;
    }

    /// Sends what is pending (paced) and reads what comes, until `done` or `until`.
    async fn pump(&mut self, done: impl Fn(&Conn) -> bool, until: Instant) {
        while !done(self) && Instant::now() < until {
            let next = self
                .pending
                .first_key_value()
                .map(|((at, _), _)| *at)
                .map(|at| at.max(self.pacer.next_at()));
            let wake = next.unwrap_or(until).min(until);
            tokio::select! {
                frame = recv(&mut self.ws) => match frame {
                    Some(frame) => self.on_frame(frame),
                    None => {
                        eprintln!("{}: the connection closed", name(self.i));
                        return;
                    }
                },
                _ = tokio::time::sleep_until(wake.into()) => {
                    if next.is_some_and(|at| at <= Instant::now()) {
                        self.send_next().await;
                    }
                }
            }
        }
    }
}

/// Runs `f` on every connection at once; the connections back, in order.
async fn each<F, Fut>(conns: Vec<Conn>, f: F) -> Vec<Conn>
where
    F: Fn(Conn) -> Fut,
    Fut: std::future::Future<Output = Conn> + Send + 'static,
{
    let tasks: Vec<_> = conns.into_iter().map(|c| tokio::spawn(f(c))).collect();
    let mut back = Vec::new();
    for task in tasks {
        back.push(task.await.expect("a connection's task"));
    }
    back
}

/// Registers players `0..count`, player `i` on `addrs[i % len]`.
async fn register(addrs: &[SocketAddr], count: usize) -> Vec<Conn> {
    let addrs = addrs.to_vec();
    let shared = Arc::new(Mutex::new(HashMap::new()));
    all((0..count)
        .map(|i| {
            let addr = addrs[i % addrs.len()];
            let shared = shared.clone();
            async move {
                let (ws, key) = player(addr, i, None).await;
                Conn::new(i, ws, key, shared)
            }
        })
        .collect())
    .await
}

/// The games: player `i` challenges `i + offset` for each offset (modulo the players),
/// at most 20 open at once, and accepts every challenge it gets. `days` a move, rated
/// Push. Returns the connections and how long it took.
async fn make_games(mut conns: Vec<Conn>, offsets: &[usize], days: u32) -> (Vec<Conn>, Duration) {
    let n = conns.len();
    let started = Instant::now();
    for round in offsets.chunks(20) {
        let round = round.to_vec();
        conns = each(conns, |mut conn| {
            let round = round.clone();
            async move {
                let expect = conn.paired + 2 * round.len();
                for offset in &round {
                    let to = name((conn.i + offset) % n);
                    conn.queue(json!({"type": "challenge", "to": to, "game": "push", "rated": true, "days": days}));
                }
                let until = Instant::now() + Duration::from_secs(600);
                conn.pump(|c| c.paired >= expect, until).await;
                conn
            }
        })
        .await;
    }
    let made: usize = conns.iter().map(|c| c.seats.len()).sum::<usize>() / 2;
    let errors: usize = conns.iter().map(|c| c.errors.len()).sum();
    println!(
        "{made} games made by challenges in {:.1} s ({errors} errors; load {})",
        started.elapsed().as_secs_f64(),
        load_average()
    );
    (conns, started.elapsed())
}

/// Waits until `GET /health` answers 200.
fn wait_health(addr: SocketAddr) {
    loop {
        if get(addr, "/health").is_some_and(|(status, _)| status == 200) {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// `games` asked by each player in turn, one request at a time: the answers' times.
async fn games_one_at_a_time(conns: Vec<Conn>, passes: usize) -> Vec<Conn> {
    let mut back = Vec::new();
    let mut ms = Vec::new();
    let mut sizes = Vec::new();
    for mut conn in conns {
        conn.games_ms.clear();
        for _ in 0..passes {
            conn.queue(json!({"type": "games"}));
        }
        let until = Instant::now() + Duration::from_secs(30);
        conn.pump(|c| c.games_ms.len() >= passes, until).await;
        ms.append(&mut conn.games_ms);
        if let Some(games) = &conn.last_games {
            sizes.push(games["games"].as_array().map_or(0, Vec::len));
        }
        back.push(conn);
    }
    let fifty = sizes.iter().filter(|&&n| n == 50).count();
    summary(
        &format!(
            "`games`, one request at a time ({fifty} of {} players with 50 games; load {})",
            sizes.len(),
            load_average()
        ),
        ms,
    );
    back
}

/// `games` asked by every player once a second for `seconds`, at moments spread evenly.
async fn games_every_second(conns: Vec<Conn>, seconds: u64) -> Vec<Conn> {
    let n = conns.len() as f64;
    let start = Instant::now() + Duration::from_millis(200);
    let conns = each(conns, move |mut conn| async move {
        conn.games_ms.clear();
        let offset = Duration::from_secs_f64(conn.i as f64 / n);
        for s in 0..seconds {
            conn.queue_at(
                start + offset + Duration::from_secs(s),
                json!({"type": "games"}),
            );
        }
        let until = start + Duration::from_secs(seconds + 30);
        conn.pump(|c| c.games_ms.len() as u64 >= seconds, until)
            .await;
        conn
    })
    .await;
    let ms: Vec<f64> = conns.iter().flat_map(|c| c.games_ms.clone()).collect();
    summary(
        &format!(
            "`games`, every player once a second ({:.0} a second; load {})",
            n,
            load_average()
        ),
        ms,
    );
    conns
}

async fn open(args: &Args) {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("db.sqlite");
    let server = Server::start(&data, DAY_MS, None);
    let addr = server.addr;
    let conns = register(&[addr], args.players).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let (rss_before, disk_before) = (server.rss_kib(), server.disk_bytes());
    let offsets: Vec<usize> = (1..=args.challenges).collect();
    let (conns, _) = make_games(conns, &offsets, 3).await;
    let games = conns.iter().map(|c| c.seats.len()).sum::<usize>() / 2;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (rss, disk) = (server.rss_kib(), server.disk_bytes());
    println!(
        "server RSS {rss_before} KiB with {} players connected, {rss} KiB with the games: {:.1} KiB a game",
        conns.len(),
        rss.saturating_sub(rss_before) as f64 / games.max(1) as f64
    );
    println!(
        "SQLite file and WAL {:.1} MB before, {:.1} MB after: {:.0} bytes a game",
        disk_before as f64 / 1e6,
        disk as f64 / 1e6,
        disk.saturating_sub(disk_before) as f64 / games.max(1) as f64
    );
    let conns = games_one_at_a_time(conns, 3).await;
    let conns = games_every_second(conns, 10).await;
    let keys: Vec<(usize, String)> = conns.iter().map(|c| (c.i, c.key.clone())).collect();
    drop(conns);

    // The restart.
    let stopping = Instant::now();
    let data = server.data.clone();
    server.stop();
    println!(
        "stopped in {:.2} s; SQLite file and WAL {:.1} MB",
        stopping.elapsed().as_secs_f64(),
        ["", "-wal"]
            .iter()
            .filter_map(|end| std::fs::metadata(format!("{}{end}", data.display())).ok())
            .map(|m| m.len() as f64 / 1e6)
            .sum::<f64>()
    );
    let started = Instant::now();
    let server = Server::start(&data, DAY_MS, None);
    let listening = started.elapsed();
    let addr = server.addr;
    tokio::task::spawn_blocking(move || wait_health(addr))
        .await
        .expect("health");
    let health = started.elapsed();
    let shared = Arc::new(Mutex::new(HashMap::new()));
    // Every player at once (not `all`'s 50 at a time): each waits for its frames' pace.
    let tasks: Vec<_> = keys
        .into_iter()
        .map(|(i, key)| {
            let shared = shared.clone();
            async move {
                let (ws, key) = player(addr, i, Some(&key)).await;
                let mut conn = Conn::new(i, ws, key, shared);
                conn.queue(json!({"type": "games"}));
                let until = Instant::now() + Duration::from_secs(60);
                conn.pump(|c| c.last_games.is_some(), until).await;
                let mine: Vec<(String, String)> = conn
                    .seats
                    .iter()
                    .filter(|(_, seat)| seat.seat == "x")
                    .map(|(room, seat)| (room.clone(), seat.token.clone()))
                    .collect();
                for (room, token) in mine {
                    conn.resuming.insert(room.clone());
                    conn.queue(json!({"type": "resume", "room": room, "token": token}));
                }
                conn.pump(|c| c.resuming.is_empty(), until).await;
                conn
            }
        })
        .map(tokio::spawn)
        .collect();
    let mut conns = Vec::new();
    for task in tasks {
        conns.push(task.await.expect("a player's task"));
    }
    let listed_at = conns
        .iter()
        .filter_map(|c| c.games_at)
        .max()
        .map_or(0.0, |at| at.duration_since(started).as_secs_f64());
    let listed: usize = conns
        .iter()
        .filter_map(|c| c.last_games.as_ref())
        .map(|g| g["games"].as_array().map_or(0, Vec::len))
        .sum();
    let resumed: Vec<&(String, Instant, Value)> = conns.iter().flat_map(|c| &c.resumed).collect();
    let running = conns
        .iter()
        .filter_map(|c| c.last_games.as_ref())
        .flat_map(|g| g["games"].as_array().cloned().unwrap_or_default())
        .filter(|entry| entry["days"] == 3 && entry["turn_ms"].as_u64().is_some_and(|ms| ms > 0))
        .count();
    let seated = resumed
        .iter()
        .filter(|(_, _, seat)| seat["seat"] == "x" && seat["token"].is_string())
        .count();
    let last = resumed
        .iter()
        .map(|(_, at, _)| at.duration_since(started))
        .max()
        .unwrap_or_default();
    let left: usize = conns.iter().map(|c| c.resuming.len()).sum();
    println!(
        "restart with {games} games: listening after {:.2} s, /health 200 after {:.2} s, every player's `games` answered after {listed_at:.2} s, every game resumed after {:.2} s (load {})",
        listening.as_secs_f64(),
        health.as_secs_f64(),
        last.as_secs_f64(),
        load_average()
    );
    println!(
        "  {listed} seats listed in `games` (of {}; {running} with their days running), {} games resumed ({seated} seats given back), {left} not resumed",
        2 * games,
        resumed.len()
    );
    drop(conns);
    server.stop();
}

async fn timeout(args: &Args) {
    let dir = tempfile::tempdir().expect("tempdir");
    let server = Server::start(&dir.path().join("db.sqlite"), args.day_ms, None);
    let addr = server.addr;
    let conns = register(&[addr], args.players).await;
    let offsets: Vec<usize> = (1..=args.challenges).collect();
    let (conns, _) = make_games(conns, &offsets, 1).await;
    let games = conns.iter().map(|c| c.seats.len()).sum::<usize>() / 2;
    // Every game watched by a spectator, who sees its end.
    let watch_until = Instant::now() + Duration::from_millis(args.day_ms) * 3;
    let rooms: Vec<String> = {
        let mut rooms: Vec<String> = conns.iter().flat_map(|c| c.seats.keys().cloned()).collect();
        rooms.sort();
        rooms.dedup();
        rooms
    };
    let watchers: Vec<_> = rooms
        .iter()
        .enumerate()
        .map(|(k, room)| tokio::spawn(watch(addr, k, room.clone(), watch_until)))
        .collect();
    // x's ply in every game, then o's, all at once.
    let plies = |conns: Vec<Conn>, seat: &'static str, want: usize| {
        each(conns, move |mut conn| async move {
            let rooms: Vec<String> = conn
                .seats
                .iter()
                .filter(|(_, s)| s.seat == seat)
                .map(|(room, _)| room.clone())
                .collect();
            for room in &rooms {
                conn.queue(json!({"type": "play", "room": room}));
            }
            let until = Instant::now() + Duration::from_secs(120);
            conn.pump(|c| rooms.iter().all(|room| c.plies(room) >= want), until)
                .await;
            conn
        })
    };
    let conns = plies(conns, "x", 1).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let sent = Instant::now();
    let conns = plies(conns, "o", 2).await;
    // Each game's deadline: its second ply seen, plus a day. Its `state` reached both
    // players; the earlier is the nearer to the server's moment.
    let day = Duration::from_millis(args.day_ms);
    let mut deadline: HashMap<String, Instant> = HashMap::new();
    for conn in &conns {
        for (room, at) in &conn.seen_second_ply {
            let entry = deadline.entry(room.clone()).or_insert(*at + day);
            *entry = (*entry).min(*at + day);
        }
    }
    let first = deadline.values().min().copied().unwrap_or(sent + day);
    let last_due = deadline.values().max().copied().unwrap_or(sent + day);
    println!(
        "{games} games with 2 plies ({} seen), o's plies sent at once, seen within {:.2} s; their deadlines fall within {:.2} s",
        deadline.len(),
        (last_due - sent - day).as_secs_f64(),
        (last_due - first).as_secs_f64()
    );
    // Live games from 5 s before the first deadline to 5 s after the last.
    let live_until = last_due + Duration::from_secs(5);
    tokio::time::sleep_until((first - Duration::from_secs(5)).into()).await;
    let live_ms = Arc::new(Mutex::new(Vec::new()));
    let live: Vec<_> = (0..args.live)
        .map(|g| tokio::spawn(people_game(addr, g, live_until, live_ms.clone())))
        .collect();
    let load_before = load_average();
    let mut ended: HashMap<String, (usize, Instant)> = HashMap::new();
    for watcher in watchers {
        if let Ok((room, Some(end))) = watcher.await {
            ended.insert(room, end);
        }
    }
    for task in live {
        let _ = task.await;
    }
    let load_after = load_average();
    let mut late_ms = Vec::new();
    let mut last_end = first;
    let mut unended = 0;
    let mut over_states = 0;
    for (room, due) in &deadline {
        let ends: Vec<&(usize, Instant)> = ended.get(room).into_iter().collect();
        match ends.iter().map(|(_, at)| *at).min() {
            Some(end) => {
                late_ms.push(end.saturating_duration_since(*due).as_secs_f64() * 1000.0);
                last_end = last_end.max(end);
            }
            None => unended += 1,
        }
        over_states = over_states.max(ends.iter().map(|(n, _)| *n).max().unwrap_or(0));
    }
    summary(
        &format!(
            "{games} games: deadline -> end seen (load {load_before} before, {load_after} after)"
        ),
        late_ms,
    );
    println!(
        "  first deadline -> last end {:.2} s; {unended} not ended; at most {over_states} over-state(s) for a game to its spectator",
        (last_end - first).as_secs_f64()
    );
    // The server's account: one record per game, each player's rated games counted once.
    let mut records: HashMap<String, usize> = HashMap::new();
    let mut reasons: HashMap<String, usize> = HashMap::new();
    let mut rated_wrong = 0;
    for conn in &conns {
        let Some(me) = get_json(addr, &format!("/api/players/{}", name(conn.i))) else {
            continue;
        };
        for record in me["games"].as_array().into_iter().flatten() {
            let room = record["room"].as_str().unwrap_or_default().to_owned();
            if conn.seats.get(&room).is_some_and(|s| s.seat == "x") {
                *records.entry(room).or_default() += 1;
                let reason = record["reason"].as_str().unwrap_or("?").to_owned();
                *reasons.entry(reason).or_default() += 1;
            }
        }
        if me["ratings"]["push"]["games"].as_u64() != Some(conn.seats.len() as u64) {
            rated_wrong += 1;
        }
    }
    let once = records.values().filter(|&&n| n == 1).count();
    println!(
        "  records: {once} games with exactly one record, {} with more, {} with none; reasons {reasons:?}; {rated_wrong} players whose rated Push games are not their game count",
        records.values().filter(|&&n| n > 1).count(),
        games.saturating_sub(records.len())
    );
    summary(
        &format!(
            "  {} live games beside them: move -> opponent's state",
            args.live
        ),
        live_ms.lock().expect("lock").clone(),
    );
    drop(conns);
    server.stop();
}

/// A spectator of `room` until `until`: how many of its `state`s were over, and when the
/// first came.
async fn watch(
    addr: SocketAddr,
    k: usize,
    room: String,
    until: Instant,
) -> (String, Option<(usize, Instant)>) {
    let mut ws = connect(addr, source(200_000 + k)).await;
    send(&mut ws, json!({"type": "join", "room": room})).await;
    let mut end: Option<(usize, Instant)> = None;
    while let Ok(Some(frame)) = tokio::time::timeout_at(until.into(), recv(&mut ws)).await {
        if frame["type"] == "state" && frame["status"] != "ongoing" {
            end.get_or_insert((0, Instant::now())).0 += 1;
        }
    }
    (room, end)
}

async fn nats(args: &Args) {
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut nats, url) = nats_server(&dir.path().join("js"));
    let servers: Vec<Server> = (0..2)
        .map(|i| Server::start(&dir.path().join(format!("{i}.sqlite")), DAY_MS, Some(&url)))
        .collect();
    let addrs: Vec<SocketAddr> = servers.iter().map(|s| s.addr).collect();
    let conns = register(&addrs, args.players).await;
    // Odd offsets: the two players of a game are on different servers.
    let offsets: Vec<usize> = (0..args.challenges).map(|k| 2 * k + 1).collect();
    let (conns, _) = make_games(conns, &offsets, 3).await;
    let turns = Arc::new(Mutex::new(TurnTimes::default()));
    let think = Duration::from_millis(args.think_ms);
    let until = Instant::now() + Duration::from_secs(args.seconds);
    let load_before = load_average();
    let shared = turns.clone();
    let conns = each(conns, move |mut conn| {
        let turns = shared.clone();
        async move {
            conn.think = Some(think);
            conn.turns = Some(turns);
            let rooms: Vec<String> = conn
                .seats
                .iter()
                .filter(|(_, s)| s.seat == "x")
                .map(|(room, _)| room.clone())
                .collect();
            for room in rooms {
                let at = Instant::now() + think.mul_f64(conn.rng.random_range(0.0..1.0));
                conn.queue_at(at, json!({"type": "play", "room": room}));
            }
            conn.pump(|_| false, until).await;
            conn
        }
    })
    .await;
    let games = conns.iter().map(|c| c.seats.len()).sum::<usize>() / 2;
    let errors: usize = conns.iter().map(|c| c.errors.len()).sum();
    let ms = std::mem::take(&mut turns.lock().expect("lock").ms);
    summary(
        &format!(
            "{games} games across two servers, a move every {} ms a player: move on one -> `your-turn` on the other (load {load_before} before, {} after; {errors} errors)",
            args.think_ms,
            load_average()
        ),
        ms,
    );
    drop(conns);
    for server in servers {
        server.stop();
    }
    let _ = nats.kill();
    let _ = nats.wait();
}

fn main() {
    let args = common::child_or_args("corr_load", serve, parse_args);
    common::block_on(async {
        match args.scenario.as_str() {
            "open" => open(&args).await,
            "timeout" => timeout(&args).await,
            "nats" => nats(&args).await,
            other => eprintln!("corr_load: `open`, `timeout` or `nats`, not {other:?}"),
        }
    });
}
