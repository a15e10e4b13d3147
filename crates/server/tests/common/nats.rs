//! A NATS server (JetStream) for the tests, started from the installed `nats-server`.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub fn nats_server() -> Option<PathBuf> {
    let candidates = [
        "/usr/sbin/nats-server",
        "/usr/bin/nats-server",
        "/usr/local/bin/nats-server",
    ];
    if let Some(path) = candidates.iter().map(PathBuf::from).find(|p| p.is_file()) {
        return Some(path);
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("nats-server"))
            .find(|p| p.is_file())
    })
}

/// Kills the NATS server when the test ends, however it ends.
pub struct Nats(Child);

impl Drop for Nats {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub fn start_nats(bin: &PathBuf, store: &std::path::Path) -> (Nats, String) {
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let child = Command::new(bin)
        .args(["-js", "-a", "127.0.0.1", "-p", &port.to_string(), "-sd"])
        .arg(store)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("nats-server starts");
    let nats = Nats(child);
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "nats-server listens in time");
        std::thread::sleep(Duration::from_millis(50));
    }
    (nats, format!("nats://127.0.0.1:{port}"))
}
