//! Caddy in front of Qipan servers, as deploy/Caddyfile runs it: for the end-to-end test
//! (`tests/behind_caddy.rs`) and the rolling-restart benchmark (`examples/hosting_load.rs`,
//! which includes this file by its path).

use std::net::{SocketAddr, TcpListener};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// Kills Caddy when its owner ends, however it ends.
pub struct Caddy(Child);

impl Drop for Caddy {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// Whether `caddy` can be run at all.
pub fn caddy_installed() -> bool {
    Command::new("caddy").arg("version").output().is_ok()
}

/// Caddy on `port`, sending to `upstreams` as deploy/Caddyfile does (health checks on
/// /ready), without TLS, its admin endpoint or any file outside `dir`.
pub fn start_caddy(dir: &Path, port: u16, upstreams: &[SocketAddr]) -> Caddy {
    let upstreams: Vec<String> = upstreams.iter().map(ToString::to_string).collect();
    let caddyfile = format!(
        "{{\n\tadmin off\n\tauto_https off\n\tstorage file_system {storage}\n}}\n\n\
         http://:{port} {{\n\tbind 127.0.0.1\n\treverse_proxy {upstreams} {{\n\
         \t\thealth_uri /ready\n\t\thealth_interval 200ms\n\t\thealth_timeout 1s\n\
         \t\tfail_duration 2s\n\t\tlb_try_duration 5s\n\t\tlb_try_interval 100ms\n\
         \t\tflush_interval -1\n\t}}\n}}\n",
        storage = dir.join("caddy-data").display(),
        upstreams = upstreams.join(" "),
    );
    let file = dir.join("Caddyfile");
    std::fs::write(&file, caddyfile).expect("the Caddyfile");
    let child = Command::new("caddy")
        .args(["run", "--adapter", "caddyfile", "--config"])
        .arg(&file)
        .env("HOME", dir)
        .env("XDG_DATA_HOME", dir.join("xdg-data"))
        .env("XDG_CONFIG_HOME", dir.join("xdg-config"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("caddy starts");
    Caddy(child)
}
