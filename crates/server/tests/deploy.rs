//! deploy/ without a container runtime (docs/hosting.md): what can be checked of the image,
//! the compose file, the Caddyfile and the systemd units on a machine that cannot run them.
//! The files parse, every option they give the server is one its `--help` names, the
//! image runs as no root with /data a volume and a health check on /ready, Caddy names the
//! two servers and the servers name Caddy as their proxy, and the units pass
//! `systemd-analyze verify` and the Caddyfile `caddy validate` where those tools are
//! installed (CI installs Caddy). Building and running the image is not checked here.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn deploy(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../deploy")
        .join(file)
}

fn read(file: &str) -> String {
    std::fs::read_to_string(deploy(file)).unwrap_or_else(|e| panic!("deploy/{file}: {e}"))
}

/// The options the binary's `--help` names.
fn help() -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_qipan-server"))
        .arg("--help")
        .output()
        .expect("the binary runs");
    assert!(output.status.success());
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Every `--option` in `text` is one the server knows.
fn assert_known_options(text: &str, whence: &str) {
    let help = help();
    let mut found = 0;
    for word in
        text.split(|c: char| c.is_whitespace() || c == '"' || c == ',' || c == '[' || c == ']')
    {
        if let Some(option) = word
            .strip_prefix("--")
            .filter(|o| o.chars().all(|c| c.is_ascii_lowercase() || c == '-') && !o.is_empty())
        {
            found += 1;
            assert!(
                help.contains(&format!("--{option} ")) || help.contains(&format!("--{option}]")),
                "{whence}: --{option} is not in --help: {help}"
            );
        }
    }
    assert!(found > 0, "{whence}: no option found");
}

/// The values after `option` in a command's arguments.
fn option_value<'a>(args: &'a [String], option: &str) -> Option<&'a str> {
    args.iter()
        .position(|a| a == option)
        .and_then(|at| args.get(at + 1))
        .map(String::as_str)
}

#[test]
fn the_image_is_built_in_two_stages_and_runs_as_no_root_with_data_a_volume() {
    let dockerfile = read("Dockerfile");
    let froms: Vec<&str> = dockerfile
        .lines()
        .filter(|l| l.starts_with("FROM "))
        .collect();
    assert_eq!(froms.len(), 2, "{froms:?}");
    assert!(froms[0].ends_with(" AS build"), "{froms:?}");
    assert!(
        froms[1].contains("slim"),
        "a small runtime image: {froms:?}"
    );
    assert!(dockerfile.contains("cargo build --release --locked -p qipan-server"));
    assert!(dockerfile
        .contains("COPY --from=build /usr/local/bin/qipan-server /usr/local/bin/qipan-server"));
    let user = dockerfile
        .lines()
        .filter_map(|l| l.strip_prefix("USER "))
        .next_back()
        .expect("a USER");
    assert!(user != "root" && user != "0", "runs as {user}");
    assert!(dockerfile.contains("VOLUME [\"/data\"]"));
    let health = dockerfile
        .split("HEALTHCHECK")
        .nth(1)
        .expect("a HEALTHCHECK");
    assert!(
        health.contains("GET /ready") && health.contains("/8090"),
        "{health}"
    );
    let cmd = dockerfile
        .lines()
        .find(|l| l.starts_with("CMD ["))
        .expect("a CMD");
    assert!(
        cmd.contains("\"0.0.0.0:8090\"") && cmd.contains("\"/data/qipan.sqlite\""),
        "{cmd}"
    );
    assert_known_options(cmd, "Dockerfile's CMD");
    // The workspace it copies is built from the repository's root, without target/.
    let ignore = std::fs::read_to_string(deploy("../.dockerignore")).expect(".dockerignore");
    assert!(ignore.lines().any(|l| l == "target/"));
}

/// deploy/compose.yaml as JSON, through Python's YAML reader; `None` when there is none.
fn compose() -> Option<Value> {
    let output = Command::new("python3")
        .args([
            "-c",
            "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))",
        ])
        .arg(deploy("compose.yaml"))
        .output()
        .ok()?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("No module named 'yaml'"),
            "compose.yaml does not parse: {stderr}"
        );
        return None;
    }
    Some(serde_json::from_slice(&output.stdout).expect("JSON"))
}

#[test]
fn the_compose_file_puts_caddy_before_two_servers_on_one_nats_each_naming_caddy() {
    let Some(compose) = compose() else {
        eprintln!("SKIPPED: python3 with its yaml module (Debian's python3-yaml) is not installed");
        return;
    };
    let services = &compose["services"];
    let caddy = &services["caddy"];
    let ports: Vec<&str> = caddy["ports"]
        .as_array()
        .expect("ports")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        ports.contains(&"80:80") && ports.contains(&"443:443"),
        "{ports:?}"
    );
    let caddy_ip = caddy["networks"]["qipan"]["ipv4_address"]
        .as_str()
        .expect("Caddy's address");
    let mounts = caddy["volumes"].to_string();
    assert!(
        mounts.contains("./Caddyfile:/etc/caddy/Caddyfile") && mounts.contains("caddy_data:/data"),
        "{mounts}"
    );

    let nats: Vec<String> =
        serde_json::from_value(services["nats"]["command"].clone()).expect("nats' command");
    assert!(nats.contains(&"--jetstream".to_owned()));
    let store = option_value(&nats, "--store_dir").expect("a store directory");
    assert!(services["nats"]["volumes"]
        .to_string()
        .contains(&format!("nats_data:{store}")));

    for name in ["qipan1", "qipan2"] {
        let service = &services[name];
        let args: Vec<String> =
            serde_json::from_value(service["command"].clone()).expect("a command");
        assert_eq!(option_value(&args, "--proxy"), Some(caddy_ip), "{name}");
        assert_eq!(
            option_value(&args, "--nats"),
            Some("nats://nats:4222"),
            "{name}"
        );
        assert_eq!(
            option_value(&args, "--listen"),
            Some("0.0.0.0:8090"),
            "{name}"
        );
        assert_known_options(&args.join(" "), name);
        assert!(service["volumes"].to_string().contains(":/data"), "{name}");
        assert_eq!(service["image"], "qipan-server", "{name}");
    }
    assert_eq!(
        services["qipan1"]["build"]["dockerfile"],
        "deploy/Dockerfile"
    );
    for volume in [
        "caddy_data",
        "caddy_config",
        "nats_data",
        "qipan1_data",
        "qipan2_data",
    ] {
        assert!(compose["volumes"].get(volume).is_some(), "{volume}");
    }
    let subnet = compose["networks"]["qipan"]["ipam"]["config"][0]["subnet"]
        .as_str()
        .expect("a subnet");
    let prefix = subnet
        .rsplit_once('.')
        .map(|(p, _)| p)
        .expect("an IPv4 subnet");
    assert!(caddy_ip.starts_with(prefix), "{caddy_ip} in {subnet}");
}

#[test]
fn the_caddyfile_sends_both_servers_their_players_and_validates() {
    let caddyfile = read("Caddyfile");
    assert!(caddyfile.contains("reverse_proxy qipan1:8090 qipan2:8090"));
    assert!(caddyfile.contains("health_uri /ready"));
    let Ok(output) = Command::new("caddy")
        .args(["validate", "--adapter", "caddyfile", "--config"])
        .arg(deploy("Caddyfile"))
        .env("QIPAN_DOMAIN", "play.example.org")
        .output()
    else {
        eprintln!("SKIPPED: caddy validate (Caddy is not installed; CI installs Debian's caddy)");
        return;
    };
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn the_systemd_units_verify_and_run_the_server_as_its_own_user_with_its_state() {
    let service = read("systemd/qipan-server.service");
    let backup = read("systemd/qipan-backup.service");
    let timer = read("systemd/qipan-backup.timer");
    for key in [
        "DynamicUser=yes",
        "User=qipan",
        "StateDirectory=qipan",
        "Restart=on-failure",
    ] {
        assert!(
            service.lines().any(|l| l == key),
            "qipan-server.service: {key}"
        );
    }
    assert!(
        backup.lines().any(|l| l == "User=qipan"),
        "the backup runs as the server's user"
    );
    assert!(timer.lines().any(|l| l.starts_with("OnCalendar=")));
    let exec = |unit: &str| {
        unit.lines()
            .find_map(|l| l.strip_prefix("ExecStart="))
            .expect("an ExecStart")
            .to_owned()
    };
    assert!(
        exec(&service).contains("--data /var/lib/qipan/"),
        "the data in its StateDirectory"
    );
    assert_known_options(&exec(&service), "qipan-server.service");
    assert!(exec(&backup).contains(
        "qipan-server backup --data /var/lib/qipan/qipan.sqlite --to /var/lib/qipan/backups/"
    ));
    assert_known_options(&exec(&backup), "qipan-backup.service");

    // systemd-analyze verify, with the binary where this build put it.
    let dir = tempfile::tempdir().expect("tempdir");
    let mut units = Vec::new();
    for unit in [
        "qipan-server.service",
        "qipan-backup.service",
        "qipan-backup.timer",
    ] {
        let text = read(&format!("systemd/{unit}")).replace(
            "/usr/local/bin/qipan-server",
            env!("CARGO_BIN_EXE_qipan-server"),
        );
        let path = dir.path().join(unit);
        std::fs::write(&path, text).expect("a unit written");
        units.push(path);
    }
    let Ok(output) = Command::new("systemd-analyze")
        .arg("verify")
        .args(&units)
        .output()
    else {
        eprintln!("SKIPPED: systemd-analyze verify (systemd is not installed)");
        return;
    };
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(!stderr.contains("Unknown"), "{stderr}");
}
