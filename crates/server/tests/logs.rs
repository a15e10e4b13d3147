//! Tokens and keys are never logged: every record the server writes, at every level, while
//! players register, log in, create, join, move, resume and send bad tokens, holds none of
//! their tokens or keys (nor their hashes). A test binary of its own: it installs the
//! process's log subscriber.

mod common;

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::{register, server, Client, Player};
use serde_json::json;
use sha2::{Digest, Sha256};

/// Everything logged, as text.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap_or_else(|e| e.into_inner())).into_owned()
    }
}

fn hex_sha256(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn no_log_record_holds_a_token() {
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();
    tracing::subscriber::set_global_default(subscriber).expect("the only subscriber");

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let tokens = runtime.block_on(async {
        tokio::time::timeout(Duration::from_secs(30), async {
            let dir = tempfile::tempdir().expect("tempdir");
            let srv = server(&dir.path().join("db.sqlite"), 60_000, None).await;
            let addr = srv.addr();
            let (mut me, player) = register(addr, "Logged").await;
            let key = player["key"].as_str().expect("key").to_owned();
            me.send(json!({"type": "login", "key": key})).await;
            me.recv_type("player").await;
            let wrong_key = "e".repeat(32);
            me.send(json!({"type": "login", "key": wrong_key})).await;
            me.expect_error("bad-key").await;
            let mut x = Player::create(addr, "shuangcheng", "x").await;
            let mut o = Player::join(addr, &x.room).await;
            x.play(0, "bh-c").await;
            o.client.state_with_plies(1).await;
            let (room, token) = (o.room.clone(), o.token.clone());
            o.client.close().await;
            let mut o = Player::resume(addr, &room, &token).await;
            o.client.recv_type("state").await;
            // A stranger's token and a flood of refused frames (the connection is closed,
            // which is logged).
            let stranger = "f".repeat(32);
            let mut flood = Client::connect(addr).await;
            let resign = json!({"type": "resign", "room": room, "token": stranger}).to_string();
            for _ in 0..25 {
                flood.send_lossy(&resign).await;
            }
            while flood.next().await.is_some() {}
            srv.stop().await;
            vec![x.token.clone(), o.token.clone(), stranger, key, wrong_key]
        })
        .await
        .expect("the test finished in time")
    });

    let logs = captured.text();
    assert!(
        logs.contains("too many refused frames") && logs.contains("registered"),
        "the capture works: {logs}"
    );
    for token in tokens {
        assert!(!logs.contains(&token), "a secret in the logs: {logs}");
        assert!(
            !logs.contains(&hex_sha256(&token)),
            "a token's hash in the logs"
        );
    }
}
