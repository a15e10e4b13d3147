//! What the benchmarks' clients share (`lobby_load.rs`, `hosting_load.rs`): sockets from
//! many loopback addresses, frames, registration, the records API and percentiles.
// Each example uses a part of it.
#![allow(dead_code)]

use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

pub type Ws = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

/// The source address of client `i`: 19 a loopback address.
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

/// Connects player `i` from its address and registers (or logs in with `key`).
pub async fn player(addr: SocketAddr, i: usize, key: Option<&str>) -> (Ws, String) {
    let mut ws = connect(addr, source(i)).await;
    match key {
        Some(key) => send(&mut ws, json!({"type": "login", "key": key})).await,
        None => {
            send(
                &mut ws,
                json!({"type": "register", "name": format!("p{i:05}")}),
            )
            .await
        }
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

/// The parsed arguments, or the error on standard error and exit status 2.
pub fn args_or_exit<T>(program: &str, parsed: Result<T, lexopt::Error>) -> T {
    parsed.unwrap_or_else(|e| {
        let _ = writeln!(std::io::stderr(), "{program}: {e}");
        std::process::exit(2);
    })
}

/// Where a server child listens: the line it prints first on its standard output.
pub fn listening_addr(child: &mut std::process::Child) -> SocketAddr {
    use std::io::BufRead;
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().expect("a piped stdout"))
        .read_line(&mut line)
        .expect("the listening line");
    line.trim()
        .trim_start_matches("listening on http://")
        .parse()
        .unwrap_or_else(|_| panic!("a listening line, not {line:?}"))
}
