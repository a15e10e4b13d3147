//! A WebSocket client for the tests, and servers started in-process on loopback.
#![allow(dead_code)]

use qipan_engine::games::ToGame;
pub mod caddy;
pub mod nats;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use qipan_engine::games::{Game, Variant};
use qipan_engine::with_game;
use qipan_server::{Clock, Config, Running};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Every wait in a test is bounded by this.
pub const WAIT: Duration = Duration::from_secs(10);

pub fn config(data: &Path, turn_ms: u64, nats: Option<String>) -> Config {
    Config {
        listen: SocketAddr::from(([127, 0, 0, 1], 0)),
        data: data.to_owned(),
        site: None,
        nats,
        turn_ms,
        ..Config::default()
    }
}

/// A server started with `config`, its time read from `clock`.
pub async fn server_with(config: Config, clock: Arc<dyn Clock>) -> Running {
    qipan_server::start_with_clock(config, clock)
        .await
        .expect("server starts")
}

pub async fn server(data: &Path, turn_ms: u64, nats: Option<String>) -> Running {
    qipan_server::start(config(data, turn_ms, nats))
        .await
        .expect("server starts")
}

/// A server whose rooms read the time from `clock`.
pub async fn server_with_clock(data: &Path, turn_ms: u64, clock: Arc<dyn Clock>) -> Running {
    qipan_server::start_with_clock(config(data, turn_ms, None), clock)
        .await
        .expect("server starts")
}

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A client that reads its socket all the time, as real ones do: it answers the server's
/// Close at once, so that a server that stops does not wait for it.
pub struct Client {
    sink: SplitSink<Ws, Message>,
    /// What the server sent, in order; ends when the connection does.
    inbox: mpsc::UnboundedReceiver<Message>,
}

/// Opens a WebSocket to the server at `addr`.
pub async fn connect_ws(addr: SocketAddr) -> Ws {
    let (ws, _) = tokio::time::timeout(
        WAIT,
        tokio_tungstenite::connect_async(format!("ws://{addr}/ws")),
    )
    .await
    .expect("connect in time")
    .expect("connects");
    ws
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        let (sink, mut stream) = connect_ws(addr).await.split();
        let (tx, inbox) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            while let Some(Ok(message)) = stream.next().await {
                if tx.send(message).is_err() {
                    break;
                }
            }
        });
        Client { sink, inbox }
    }

    pub async fn send_text(&mut self, text: &str) {
        self.sink.send(Message::text(text)).await.expect("sends");
    }

    /// Sends, ignoring a connection the server already closed (floods).
    pub async fn send_lossy(&mut self, text: &str) {
        let _ = self.sink.send(Message::text(text)).await;
    }

    pub async fn send(&mut self, value: Value) {
        self.send_text(&value.to_string()).await;
    }

    /// The next frame, or `None` if the server closed the connection.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let message = tokio::time::timeout(WAIT, self.inbox.recv())
                .await
                .expect("a frame in time");
            match message {
                Some(Message::Text(text)) => {
                    return Some(serde_json::from_str(text.as_str()).expect("JSON from the server"))
                }
                Some(Message::Close(_)) | None => return None,
                Some(_) => continue,
            }
        }
    }

    pub async fn recv(&mut self) -> Value {
        self.next().await.expect("connection open")
    }

    /// Skips frames until one of type `kind`.
    pub async fn recv_type(&mut self, kind: &str) -> Value {
        loop {
            let frame = self.recv().await;
            if frame["type"] == kind {
                return frame;
            }
        }
    }

    /// Skips frames until a `state` for which `ok` holds.
    pub async fn state_where(&mut self, ok: impl Fn(&Value) -> bool) -> Value {
        loop {
            let frame = self.recv().await;
            if frame["type"] == "state" && ok(&frame) {
                return frame;
            }
            assert_ne!(frame["type"], "error", "unexpected error {frame}");
        }
    }

    pub async fn state_with_plies(&mut self, n: usize) -> Value {
        self.state_where(|s| s["plies"].as_array().map(Vec::len) == Some(n))
            .await
    }

    /// The next frame must be an error with `code`.
    pub async fn expect_error(&mut self, code: &str) {
        let frame = self.recv().await;
        assert_eq!(frame["type"], "error", "{frame}");
        assert_eq!(frame["code"], code, "{frame}");
        assert!(frame["message"].is_string());
    }

    /// The next frame that is not a `state` must be an error with `code` (a room's states
    /// may come in between: players arriving, moves).
    pub async fn refused(&mut self, code: &str) {
        loop {
            let frame = self.recv().await;
            if frame["type"] == "state" {
                continue;
            }
            assert_eq!(
                (frame["type"].as_str(), frame["code"].as_str()),
                (Some("error"), Some(code)),
                "{frame}"
            );
            return;
        }
    }

    /// Frames that arrive within `ms`.
    pub async fn quiet(&mut self, ms: u64) -> Vec<Value> {
        let mut frames = Vec::new();
        let until = tokio::time::Instant::now() + Duration::from_millis(ms);
        while let Ok(Some(message)) = tokio::time::timeout_at(until, self.inbox.recv()).await {
            if let Message::Text(text) = message {
                frames.push(serde_json::from_str(text.as_str()).expect("JSON"));
            }
        }
        frames
    }

    /// Closes the connection and waits until the server has let go of it too (it then has
    /// left its room).
    pub async fn close(mut self) {
        let _ = self.sink.close().await;
        while let Ok(Some(_)) = tokio::time::timeout(WAIT, self.inbox.recv()).await {}
    }
}

/// A seated player: its connection, room and token.
pub struct Player {
    pub client: Client,
    pub room: String,
    pub token: String,
    pub seat: String,
}

impl Player {
    pub async fn create(addr: SocketAddr, game: &str, side: &str) -> Player {
        let mut client = Client::connect(addr).await;
        client
            .send(json!({"type": "create", "game": game, "side": side}))
            .await;
        let seat = client.recv().await;
        assert_eq!(seat["type"], "seat", "{seat}");
        let state = client.recv().await;
        assert_eq!(state["type"], "state", "{state}");
        assert_eq!(state["room"], seat["room"]);
        Player::from_seat(client, &seat)
    }

    pub async fn join(addr: SocketAddr, room: &str) -> Player {
        let mut client = Client::connect(addr).await;
        client.send(json!({"type": "join", "room": room})).await;
        let seat = client.recv().await;
        assert_eq!(seat["type"], "seat", "{seat}");
        Player::from_seat(client, &seat)
    }

    pub async fn resume(addr: SocketAddr, room: &str, token: &str) -> Player {
        let mut client = Client::connect(addr).await;
        client
            .send(json!({"type": "resume", "room": room, "token": token}))
            .await;
        let seat = client.recv().await;
        assert_eq!(seat["type"], "seat", "{seat}");
        Player::from_seat(client, &seat)
    }

    fn from_seat(client: Client, seat: &Value) -> Player {
        Player {
            client,
            room: seat["room"].as_str().expect("room").to_owned(),
            token: seat["token"].as_str().unwrap_or_default().to_owned(),
            seat: seat["seat"].as_str().expect("seat").to_owned(),
        }
    }

    pub async fn play(&mut self, ply: usize, mv: &str) {
        let frame =
            json!({"type": "move", "room": self.room, "token": self.token, "ply": ply, "move": mv});
        self.client.send(frame).await;
    }
}

/// The side to move (`x`/`o`) and a legal move in a state, chosen by the engine (`pick`
/// indexes the legal moves, modulo their count).
pub fn pick_move(state: &Value, pick: usize) -> (String, String) {
    let variant = Variant::parse(state["game"].as_str().expect("game")).expect("variant");
    with_game!(variant.to_game(), g => {
        let pos = g.parse_position(state["position"].as_str().expect("position")).expect("position");
        let mut moves = Vec::new();
        g.legal_moves(&pos, &mut moves);
        assert!(!moves.is_empty(), "no legal move in {state}");
        (g.side_to_move(&pos).letter().to_string(), g.format_move(moves[pick % moves.len()]))
    })
}

/// A new connection that registers `name`: the connection and the `player` frame.
pub async fn register(addr: SocketAddr, name: &str) -> (Client, Value) {
    let mut client = Client::connect(addr).await;
    client
        .send(serde_json::json!({"type": "register", "name": name}))
        .await;
    let player = client.recv().await;
    assert_eq!(player["type"], "player", "{player}");
    (client, player)
}

/// Runs a test body on a runtime of its own, within `secs`.
pub fn bounded(secs: u64, body: impl std::future::Future<Output = ()>) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        tokio::time::timeout(Duration::from_secs(secs), body)
            .await
            .expect("the test finished in time");
    });
}

/// An HTTP GET over loopback: the status and the body.
pub async fn http_get(addr: SocketAddr, path: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut tcp = TcpStream::connect(addr).await.expect("connect");
    let request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    tcp.write_all(request.as_bytes()).await.expect("write");
    let mut response = Vec::new();
    tcp.read_to_end(&mut response).await.expect("read");
    let response = String::from_utf8_lossy(&response).into_owned();
    let status = response
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = response
        .split_once("\r\n\r\n")
        .map(|(_, body)| body.to_owned())
        .unwrap_or_default();
    (status, body)
}

/// A lobby server on a manual clock: `bot_after_ms` as `--bot-after` (`None`: `off`).
pub async fn lobby_server(
    data: &Path,
    clock: Arc<dyn Clock>,
    bot_after_ms: Option<u64>,
) -> Running {
    let config = Config {
        bot_after_ms,
        ..config(data, 60_000, None)
    };
    server_with(config, clock).await
}

/// A registered player's connection.
pub struct Member {
    pub client: Client,
    pub name: String,
    pub key: String,
}

/// A paired seat: its room, side and token, and the first state seen.
pub struct Pairing {
    pub room: String,
    pub seat: String,
    pub token: String,
    pub state: Value,
}

impl Member {
    pub async fn register(addr: SocketAddr, name: &str) -> Member {
        let (client, player) = register(addr, name).await;
        Member {
            client,
            name: name.to_owned(),
            key: player["key"].as_str().expect("key").to_owned(),
        }
    }

    /// A connection that logs in with `key`.
    pub async fn login(addr: SocketAddr, name: &str, key: &str) -> Member {
        let mut client = Client::connect(addr).await;
        client
            .send(serde_json::json!({"type": "login", "key": key}))
            .await;
        let player = client.recv().await;
        assert_eq!(
            (player["type"].as_str(), player["name"].as_str()),
            (Some("player"), Some(name))
        );
        Member {
            client,
            name: name.to_owned(),
            key: key.to_owned(),
        }
    }

    /// Another connection of the same player.
    pub async fn again(&self, addr: SocketAddr) -> Member {
        Member::login(addr, &self.name, &self.key).await
    }

    pub async fn seek(&mut self, game: &str, rated: bool) {
        self.client
            .send(serde_json::json!({"type": "seek", "game": game, "rated": rated}))
            .await;
        // States of a room the connection is in may come first.
        let answer = loop {
            let frame = self.client.recv().await;
            if frame["type"] != "state" {
                break frame;
            }
        };
        assert_eq!(
            answer,
            serde_json::json!({"type": "seeking", "game": game, "rated": rated}),
            "{}",
            self.name
        );
    }

    /// The next frames (after any state of a room the connection was in) must be `paired`,
    /// then the room's `state`.
    pub async fn paired(&mut self) -> Pairing {
        let paired = loop {
            let frame = self.client.recv().await;
            if frame["type"] != "state" {
                break frame;
            }
        };
        assert_eq!(paired["type"], "paired", "{}: {paired}", self.name);
        let keys: Vec<&str> = paired
            .as_object()
            .expect("object")
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, ["room", "seat", "token", "type"]);
        let state = self.client.recv().await;
        assert_eq!(state["type"], "state", "{}: {state}", self.name);
        assert_eq!(state["room"], paired["room"]);
        Pairing {
            room: paired["room"].as_str().expect("room").to_owned(),
            seat: paired["seat"].as_str().expect("seat").to_owned(),
            token: paired["token"].as_str().expect("token").to_owned(),
            state,
        }
    }

    /// Nothing arrives within `ms`.
    pub async fn nothing(&mut self, ms: u64) {
        let frames = self.client.quiet(ms).await;
        assert!(frames.is_empty(), "{}: {frames:?}", self.name);
    }
}

/// Sets a player's rating in `game` in a stopped server's file.
pub fn set_rating(data: &Path, name: &str, game: &str, rating: f64, deviation: f64) {
    let conn = rusqlite::Connection::open(data).expect("the file");
    conn.execute(
        "INSERT INTO ratings (name_key, game, rating, deviation, volatility, games, last_rated_ms)
         SELECT name_key, ?2, ?3, ?4, 0.06, 10, NULL FROM players WHERE name = ?1
         ON CONFLICT (name_key, game) DO UPDATE SET rating = ?3, deviation = ?4",
        rusqlite::params![name, game, rating, deviation],
    )
    .expect("a rating");
}

/// `loser` and `winner` seek a rated game of `game`, are paired, and `loser` resigns: their
/// pairings (the loser's first), once both saw the end.
pub async fn rated_game_resigned(
    loser: &mut Member,
    winner: &mut Member,
    game: &str,
) -> (Pairing, Pairing) {
    loser.seek(game, true).await;
    winner.seek(game, true).await;
    let (lost, won) = (loser.paired().await, winner.paired().await);
    loser
        .client
        .send(serde_json::json!({"type": "resign", "room": lost.room, "token": lost.token}))
        .await;
    winner
        .client
        .state_where(|s| s["status"] != "ongoing")
        .await;
    loser.client.state_where(|s| s["status"] != "ongoing").await;
    (lost, won)
}
