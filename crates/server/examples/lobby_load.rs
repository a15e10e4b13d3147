//! Lobby benchmark (not a test): pairing under load, and games against the computer.
//! The figures and how they were taken: docs/online.md, "Lobby benchmark".
//!
//! ```sh
//! ulimit -n 20000
//! cargo build --release -p qipan-server --examples
//! # 1,000 players seeking over six game ids on one server, or on two servers of one NATS:
//! ./target/release/examples/lobby_load pairing --players 1000 --spread 20
//! ./target/release/examples/lobby_load pairing --players 1000 --spread 20 --nats
//! # 1, 2, 4 and 8 games against the computer at a level on one worker, each beside 100
//! # games of people:
//! ./target/release/examples/lobby_load computer --level master --games 1,2,4,8 --seconds 40
//! ```
//!
//! Servers run in child processes (this executable with `--serve`), their storage in a
//! temporary directory. Clients connect from 127.0.0.2, 127.0.0.3, ... (Linux answers the
//! whole 127/8), 19 players an address, so that the registration limit (20 a minute per
//! address) lets them all in.
//!
//! `pairing`: every player registers (all at 1500, so any two seeks of one game id are
//! compatible), then seeks a random game id (rated) at a random moment within `--spread`
//! seconds; with `--nats`, players alternate between the two servers. Measured, for each
//! pair, the time from the later of its two seeks to each player's `paired` (with `--nats`,
//! the pairs across the two servers apart); that no connection is told `paired` twice; and,
//! from the records API, that no player sits in two rooms.
//!
//! `computer`: for each count in `--games`, a fresh server with one worker (`--workers`
//! for more; its places not capped) and `--bot-after 0`; that many players, rated at the level's calibrated strength
//! in Push so that the computer they get is that level, seek casual games one after the
//! other and play on (a rematch at each end), each moving `--think-ms` after its turn
//! comes. Measured: the time from a player's move to the computer's reply, how many
//! searches were shortened because the worker was busy (and by how much), and the
//! move-to-opponent time of `--people` games between people played beside them (moves
//! every 500 ms).

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use qipan_engine::ai::Level;
use qipan_engine::games::{push::Push, Game, Variant};
use qipan_server::lobby::computer::GAMES_PER_WORKER;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

mod common;

use common::{all, connect, get_json, player, recv, recv_type, send, source, summary, Ws};

const GAMES: [&str; 6] = [
    "push",
    "shuangcheng",
    "maddell",
    "blockade",
    "blockade:solidarity",
    "cannon",
];

#[derive(Default)]
struct Args {
    scenario: String,
    players: usize,
    spread: u64,
    nats: bool,
    level: Option<Level>,
    games: Vec<usize>,
    people: usize,
    seconds: u64,
    think_ms: u64,
    workers: usize,
}

fn parse_args() -> Result<Args, lexopt::Error> {
    use lexopt::prelude::*;
    let mut args = Args {
        players: 1000,
        spread: 20,
        games: vec![1],
        people: 100,
        seconds: 60,
        think_ms: 1000,
        workers: 1,
        ..Args::default()
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Value(v) if args.scenario.is_empty() => args.scenario = v.string()?,
            Long("players") => args.players = parser.value()?.parse()?,
            Long("spread") => args.spread = parser.value()?.parse()?,
            Long("nats") => args.nats = true,
            Long("level") => args.level = Level::parse(&parser.value()?.string()?),
            Long("games") => {
                let text: String = parser.value()?.parse()?;
                args.games = text
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<_, _>>()
                    .map_err(|_| lexopt::Error::ParsingFailed {
                        value: text.clone(),
                        error: "expected counts separated by commas, e.g. 1,2,4".into(),
                    })?;
            }
            Long("people") => args.people = parser.value()?.parse()?,
            Long("seconds") => args.seconds = parser.value()?.parse()?,
            Long("think-ms") => args.think_ms = parser.value()?.parse()?,
            Long("workers") => args.workers = parser.value()?.parse()?,
            _ => return Err(arg.unexpected()),
        }
    }
    Ok(args)
}

/// The child: `--serve DATA BOT_AFTER_MS|off WORKERS GAMES_PER_WORKER [NATS_URL]`, logs
/// of shortened searches on standard error.
fn serve(rest: &[String]) {
    let filter = tracing_subscriber::EnvFilter::new("warn,qipan_server::lobby::computer=debug");
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .init();
    let config = qipan_server::Config {
        listen: ([127, 0, 0, 1], 0).into(),
        data: rest[0].clone().into(),
        bot_after_ms: rest[1].parse().ok(),
        computer_workers: rest[2].parse().unwrap_or(1),
        computer_games_per_worker: rest[3]
            .parse()
            .unwrap_or(qipan_server::lobby::computer::GAMES_PER_WORKER),
        nats: rest.get(4).cloned(),
        ..Default::default()
    };
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        let running = qipan_server::start(config).await.expect("server starts");
        println!("listening on http://{}", running.addr());
        let _ =
            tokio::task::spawn_blocking(|| std::io::stdin().read_line(&mut String::new())).await;
        running.stop().await;
    });
}

/// The searches a server logs as shortened: how many, and the time they lost in all.
#[derive(Default)]
struct Shortened {
    count: AtomicU64,
    lost_ms: AtomicU64,
}

/// A server child: its address, and the shortened searches it logs.
struct Server {
    child: Child,
    addr: SocketAddr,
    shortened: Arc<Shortened>,
    /// Set as it stops: the searches cut off then log warnings that are not the load's.
    stopping: Arc<AtomicBool>,
}

impl Server {
    fn start(
        data: &std::path::Path,
        bot_after: &str,
        workers: usize,
        games_per_worker: usize,
        nats: Option<&str>,
    ) -> Server {
        let mut command = Command::new(std::env::current_exe().expect("own path"));
        command
            .arg("--serve")
            .arg(data)
            .arg(bot_after)
            .arg(workers.to_string())
            .arg(games_per_worker.to_string());
        command.args(nats);
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("server");
        let addr = common::listening_addr(&mut child);
        let shortened = Arc::new(Shortened::default());
        let (count, stderr) = (shortened.clone(), child.stderr.take().expect("stderr"));
        let stopping = Arc::new(AtomicBool::new(false));
        let quiet = stopping.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if line.contains("a search shortened") {
                    count.count.fetch_add(1, Ordering::Relaxed);
                    let lost = line
                        .split("waited_ms=")
                        .nth(1)
                        .and_then(|rest| rest.split_whitespace().next())
                        .and_then(|ms| ms.parse().ok())
                        .unwrap_or(0);
                    count.lost_ms.fetch_add(lost, Ordering::Relaxed);
                } else if (line.contains("ERROR") || line.contains("WARN"))
                    && !quiet.load(Ordering::Relaxed)
                {
                    eprintln!("server: {line}");
                }
            }
        });
        Server {
            child,
            addr,
            shortened,
            stopping,
        }
    }

    fn stop(mut self) {
        self.stopping.store(true, Ordering::Relaxed);
        drop(self.child.stdin.take());
        let _ = self.child.wait();
    }
}

/// A NATS server with JetStream in `dir`: the child and its URL.
fn nats_server(dir: &std::path::Path) -> (Child, String) {
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

/// What one seeking player saw.
struct Seen {
    name: String,
    game: &'static str,
    /// The server it seeks on (its index).
    server: usize,
    seek_at: Instant,
    paired_at: Option<Instant>,
    room: Option<String>,
    /// How many `paired` frames its connection was sent.
    paired: usize,
}

async fn pairing(args: &Args, dir: &std::path::Path) {
    let mut nats = None;
    let servers: Vec<Server> = if args.nats {
        let (child, url) = nats_server(&dir.join("js"));
        nats = Some(child);
        (0..2)
            .map(|i| {
                let data = dir.join(format!("{i}.sqlite"));
                Server::start(&data, "off", 1, GAMES_PER_WORKER, Some(&url))
            })
            .collect()
    } else {
        let data = dir.join("db.sqlite");
        vec![Server::start(&data, "off", 1, GAMES_PER_WORKER, None)]
    };
    let addrs: Vec<SocketAddr> = servers.iter().map(|s| s.addr).collect();
    let joined = all((0..args.players)
        .map(|i| player(addrs[i % addrs.len()], i, None))
        .collect())
    .await;
    println!(
        "{} players registered on {} server(s), seeking within {} s",
        joined.len(),
        addrs.len(),
        args.spread
    );
    let spread = args.spread * 1000;
    let start = Instant::now() + Duration::from_millis(500);
    let servers_count = addrs.len();
    let tasks: Vec<_> = joined
        .into_iter()
        .enumerate()
        .map(|(i, (mut ws, _))| {
            tokio::spawn(async move {
                let mut rng = SmallRng::seed_from_u64(i as u64);
                let game = GAMES[rng.random_range(0..GAMES.len())];
                tokio::time::sleep_until(
                    (start + Duration::from_millis(rng.random_range(0..spread.max(1)))).into(),
                )
                .await;
                let seek_at = Instant::now();
                send(
                    &mut ws,
                    json!({"type": "seek", "game": game, "rated": true}),
                )
                .await;
                let mut seen = Seen {
                    name: format!("p{i:05}"),
                    game,
                    server: i % servers_count,
                    seek_at,
                    paired_at: None,
                    room: None,
                    paired: 0,
                };
                // Listening on after the pairing, for a second one.
                let until = start + Duration::from_millis(spread + 10_000);
                while let Ok(Some(frame)) =
                    tokio::time::timeout_at(until.into(), recv(&mut ws)).await
                {
                    if frame["type"] == "paired" {
                        seen.paired += 1;
                        seen.paired_at.get_or_insert_with(Instant::now);
                        seen.room.get_or_insert_with(|| {
                            frame["room"].as_str().unwrap_or_default().to_owned()
                        });
                    }
                }
                seen
            })
        })
        .collect();
    let mut seen = Vec::new();
    for task in tasks {
        seen.push(task.await.expect("player"));
    }
    let mut rooms: HashMap<String, Vec<&Seen>> = HashMap::new();
    for s in &seen {
        if let Some(room) = &s.room {
            rooms.entry(room.clone()).or_default().push(s);
        }
    }
    let (mut latencies, mut across) = (Vec::new(), Vec::new());
    let mut bad_rooms = 0;
    for players in rooms.values() {
        if players.len() != 2 || players[0].name == players[1].name {
            bad_rooms += 1;
            continue;
        }
        let second = players[0].seek_at.max(players[1].seek_at);
        for p in players {
            if let Some(at) = p.paired_at {
                let ms = at.saturating_duration_since(second).as_secs_f64() * 1000.0;
                latencies.push(ms);
                if players[0].server != players[1].server {
                    across.push(ms);
                }
            }
        }
    }
    // The server's side: each room's record names its two players; nobody sits in two.
    let mut seated: HashMap<String, usize> = HashMap::new();
    let mut unread = 0;
    for room in rooms.keys() {
        let Some(record) = get_json(addrs[0], &format!("/api/games/{room}")) else {
            unread += 1;
            continue;
        };
        for side in ["x", "o"] {
            if let Some(name) = record["players"][side]["name"].as_str() {
                *seated.entry(name.to_owned()).or_default() += 1;
            }
        }
    }
    let mut per_game: HashMap<&str, usize> = HashMap::new();
    for s in &seen {
        *per_game.entry(s.game).or_default() += 1;
    }
    let odd = per_game.values().filter(|&&n| n % 2 == 1).count();
    let twice = seen.iter().filter(|s| s.paired > 1).count();
    let in_two = seated.values().filter(|&&n| n > 1).count();
    let waiting = seen.iter().filter(|s| s.paired == 0).count();
    summary("second compatible seek -> paired, every pair", latencies);
    if servers_count > 1 {
        summary(
            "second compatible seek -> paired, pairs across the two servers",
            across,
        );
    }
    println!(
        "pairs {}  rooms not of two players {bad_rooms}  left waiting {waiting} (game ids with an odd count of players: {odd})",
        rooms.len()
    );
    println!(
        "paired twice: {twice} (connections told twice), {in_two} (players in two rooms' records; {unread} records unread)"
    );
    for server in servers {
        server.stop();
    }
    if let Some(mut nats) = nats {
        let _ = nats.kill();
        let _ = nats.wait();
    }
}

/// The last move of a game between people: its ply and when it was sent.
type LastMove = Arc<Mutex<Option<(usize, Instant)>>>;

/// What a player measures: with a person opposite, the time from the opponent's move
/// (`last`, written by whoever moves) to this player's state for it; against the computer,
/// the time from this player's move to the computer's reply.
struct Measure {
    last: Option<LastMove>,
    into: Arc<Mutex<Vec<f64>>>,
}

/// A player's place in a room: the room, the seat's token, and the side (`x` or `o`).
struct Place {
    room: String,
    token: String,
    seat: String,
}

/// One player of a game of Push: moves `think` after its turn comes, asks for a rematch at
/// the end, until `until`. `first` is a frame already read from `ws`.
async fn play(
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
    let game = Push;
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
        let Ok(pos) = game.parse_position(frame["position"].as_str().unwrap_or_default()) else {
            continue;
        };
        if game.side_to_move(&pos).letter().to_string() != seat {
            continue;
        }
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
        let mut moves = Vec::new();
        game.legal_moves(&pos, &mut moves);
        if moves.is_empty() {
            continue;
        }
        let mv = game.format_move(moves[rng.random_range(0..moves.len())]);
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

/// One game between people, in a friend's room, measured into `into`.
async fn people_game(addr: SocketAddr, g: usize, until: Instant, into: Arc<Mutex<Vec<f64>>>) {
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

/// `games` games against the computer at `level` on `args.workers` workers, beside `args.people`
/// games of people; one line of figures.
async fn computer_run(args: &Args, level: Level, games: usize, dir: &std::path::Path) {
    let data = dir.join("db.sqlite");
    // Players rated at the level's strength in Push, so that the computer they get is it.
    let first = Server::start(&data, "0", 1, games, None);
    let keys: Vec<String> = all((0..games).map(|i| player(first.addr, i, None)).collect())
        .await
        .into_iter()
        .map(|(_, key)| key)
        .collect();
    first.stop();
    let rating = level.calibrated_rating(Variant::parse("push").expect("push"));
    let conn = rusqlite::Connection::open(&data).expect("the file");
    conn.execute(
        "INSERT INTO ratings SELECT name_key, 'push', ?1, 60.0, 0.06, 50, NULL FROM players WHERE bot = 0",
        [rating],
    )
    .expect("ratings");
    drop(conn);
    let server = Server::start(&data, "0", args.workers, games, None);
    let addr = server.addr;
    let think = Duration::from_millis(args.think_ms);
    let (computer_ms, people_ms) = (
        Arc::new(Mutex::new(Vec::new())),
        Arc::new(Mutex::new(Vec::new())),
    );
    let until = Instant::now() + Duration::from_secs(args.seconds);
    let mut tasks = Vec::new();
    for g in 0..args.people {
        tasks.push(tokio::spawn(people_game(addr, g, until, people_ms.clone())));
    }
    // One seek after the other: two seeks at once, both at the level's rating, would be
    // paired with each other rather than with the computer.
    let mut against = Vec::new();
    for (i, key) in keys.into_iter().enumerate() {
        let (mut ws, _) = player(addr, i, Some(&key)).await;
        send(
            &mut ws,
            json!({"type": "seek", "game": "push", "rated": false}),
        )
        .await;
        let paired = recv_type(&mut ws, "paired").await.expect("paired");
        let state = recv_type(&mut ws, "state").await.expect("state");
        let bot = ["x", "o"]
            .into_iter()
            .find(|side| state["players"][side]["bot"] == true)
            .map(|side| state["players"][side]["name"].clone());
        against.push(bot);
        let place = Place {
            room: paired["room"].as_str().expect("room").to_owned(),
            token: paired["token"].as_str().expect("token").to_owned(),
            seat: paired["seat"].as_str().expect("seat").to_owned(),
        };
        let measure = Measure {
            last: None,
            into: computer_ms.clone(),
        };
        tasks.push(tokio::spawn(play(
            ws,
            Some(state),
            place,
            think,
            until,
            measure,
            i as u64,
        )));
    }
    let expected = qipan_server::lobby::computer::ComputerPlayer { level }.name();
    let wrong = against
        .iter()
        .filter(|bot| bot.as_ref().and_then(Value::as_str) != Some(expected))
        .count();
    for task in tasks {
        let _ = task.await;
    }
    let replies = computer_ms.lock().expect("lock").clone();
    let shortened = server.shortened.count.load(Ordering::Relaxed);
    let lost = server.shortened.lost_ms.load(Ordering::Relaxed);
    println!(
        "{games} games against {expected} (Push, players rated {rating:.0}; {wrong} paired with another), the player thinking {} ms:",
        args.think_ms
    );
    summary("  player's move -> computer's reply", replies.clone());
    // The server counts every search, the computer's first moves and those after the
    // window included: more than the replies measured, when nearly all are shortened.
    println!(
        "  searches shortened by a busy worker: {shortened} (beside {} replies measured; mean cut {} ms of the level's {} ms)",
        replies.len(),
        lost.checked_div(shortened).unwrap_or(0),
        level.budget().min(qipan_server::lobby::computer::pool::MAX_SEARCH).as_millis()
    );
    summary(
        &format!(
            "  {} people's games beside them: move -> opponent's state",
            args.people
        ),
        people_ms.lock().expect("lock").clone(),
    );
    server.stop();
}

async fn computer(args: &Args) {
    let level = args.level.unwrap_or(Level::Medium);
    for &games in &args.games {
        let dir = tempfile::tempdir().expect("tempdir");
        computer_run(args, level, games, dir.path()).await;
    }
}

fn main() {
    let argv: Vec<String> = std::env::args().collect();
    if argv.get(1).map(String::as_str) == Some("--serve") {
        return serve(&argv[2..]);
    }
    let args = common::args_or_exit("lobby_load", parse_args());
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        match args.scenario.as_str() {
            "pairing" => {
                let dir = tempfile::tempdir().expect("tempdir");
                pairing(&args, dir.path()).await
            }
            "computer" => computer(&args).await,
            other => eprintln!("lobby_load: `pairing` or `computer`, not {other:?}"),
        }
    });
}
