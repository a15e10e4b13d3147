//! `qipan-server [--listen HOST:PORT] [--data PATH] [--site DIR] [--nats URL]
//! [--bot-after SECONDS|off] [--turn-ms MS] [--day-ms MS] [--proxy ADDR[,ADDR...]]
//! [--tls-cert PATH --tls-key PATH]`, and `qipan-server backup --data PATH --to FILE`
//! (hosting.md).
//!
//! Logs go to standard error, filtered by `RUST_LOG` (default `info`); standard output
//! carries only the line that says where the server listens.

use std::io::Write;
use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
use std::path::PathBuf;
use std::process::ExitCode;

use qipan_server::hosting::proxy::Proxies;
use qipan_server::hosting::tls::TlsFiles;
use qipan_server::{Config, StartError};

const USAGE: &str = "usage: qipan-server [--listen HOST:PORT] [--data PATH] [--site DIR] \
                     [--nats URL] [--bot-after SECONDS|off] [--turn-ms MS] \
                     [--day-ms MS] [--proxy ADDR[,ADDR...]] [--tls-cert PATH --tls-key PATH]\n       \
                     qipan-server backup --data PATH --to FILE";

/// What the command line asks for.
enum Command {
    Serve(Config),
    Backup { data: PathBuf, to: PathBuf },
    Help,
}

/// Reads the arguments: `backup` first makes it a backup, anything else a server.
fn parse_command() -> Result<Command, lexopt::Error> {
    let mut args = std::env::args_os().skip(1).peekable();
    if args.peek().is_some_and(|first| first == "backup") {
        args.next();
        return parse_backup(lexopt::Parser::from_args(args));
    }
    Ok(match parse_args()? {
        Some(config) => Command::Serve(config),
        None => Command::Help,
    })
}

/// `backup --data PATH --to FILE`.
fn parse_backup(mut parser: lexopt::Parser) -> Result<Command, lexopt::Error> {
    use lexopt::prelude::*;
    let (mut data, mut to) = (None, None);
    while let Some(arg) = parser.next()? {
        match arg {
            Long("data") => data = Some(PathBuf::from(parser.value()?)),
            Long("to") => to = Some(PathBuf::from(parser.value()?)),
            Short('h') | Long("help") => return Ok(Command::Help),
            _ => return Err(arg.unexpected()),
        }
    }
    match (data, to) {
        (Some(data), Some(to)) => Ok(Command::Backup { data, to }),
        (None, _) => Err(lexopt::Error::MissingValue {
            option: Some("data".into()),
        }),
        (_, None) => Err(lexopt::Error::MissingValue {
            option: Some("to".into()),
        }),
    }
}

/// `--proxy`'s list: addresses, or names resolved now (every address of each).
fn parse_proxies(text: &str) -> Result<Proxies, lexopt::Error> {
    let mut addresses = Vec::new();
    for item in text.split(',').map(str::trim) {
        if let Ok(ip) = item.parse::<IpAddr>() {
            addresses.push(ip);
            continue;
        }
        let found: Vec<IpAddr> = (item, 0)
            .to_socket_addrs()
            .map(|found| found.map(|a| a.ip()).collect())
            .unwrap_or_default();
        if found.is_empty() {
            return Err(lexopt::Error::ParsingFailed {
                value: item.to_owned(),
                error: "expected the address of a proxy, e.g. 127.0.0.1".into(),
            });
        }
        addresses.extend(found);
    }
    Ok(Proxies::new(addresses))
}

/// Reads the arguments. `--computer-workers N` is hidden: the benchmark measures one core.
fn parse_args() -> Result<Option<Config>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut config = Config::default();
    let (mut tls_cert, mut tls_key) = (None, None);
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("listen") => {
                let text: String = parser.value()?.parse()?;
                config.listen = resolve(&text).ok_or_else(|| lexopt::Error::ParsingFailed {
                    value: text.clone(),
                    error: "expected HOST:PORT, e.g. 127.0.0.1:8090".into(),
                })?;
            }
            Long("data") => config.data = PathBuf::from(parser.value()?),
            Long("site") => {
                let dir = PathBuf::from(parser.value()?);
                if !dir.is_dir() {
                    return Err(lexopt::Error::Custom(
                        format!("--site {}: not a directory", dir.display()).into(),
                    ));
                }
                config.site = Some(dir);
            }
            Long("nats") => config.nats = Some(parser.value()?.parse()?),
            Long("turn-ms") => config.turn_ms = parser.value()?.parse()?,
            Long("day-ms") => config.day_ms = parser.value()?.parse()?,
            Long("bot-after") => {
                let text: String = parser.value()?.parse()?;
                config.bot_after_ms = match text.as_str() {
                    "off" => None,
                    seconds => Some(
                        seconds
                            .parse::<u64>()
                            .map(|s| s.saturating_mul(1000))
                            .map_err(|_| lexopt::Error::ParsingFailed {
                                value: text.clone(),
                                error: "expected whole seconds or `off`".into(),
                            })?,
                    ),
                };
            }
            Long("computer-workers") => config.computer_workers = parser.value()?.parse()?,
            Long("proxy") => config.proxies = parse_proxies(&parser.value()?.parse::<String>()?)?,
            Long("tls-cert") => tls_cert = Some(PathBuf::from(parser.value()?)),
            Long("tls-key") => tls_key = Some(PathBuf::from(parser.value()?)),
            Short('h') | Long("help") => return Ok(None),
            _ => return Err(arg.unexpected()),
        }
    }
    config.tls = match (tls_cert, tls_key) {
        (Some(cert), Some(key)) => Some(TlsFiles { cert, key }),
        (None, None) => None,
        _ => {
            return Err(lexopt::Error::Custom(
                "--tls-cert and --tls-key go together".into(),
            ))
        }
    };
    Ok(Some(config))
}

fn resolve(text: &str) -> Option<SocketAddr> {
    text.to_socket_addrs().ok()?.next()
}

fn init_logs() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
}

/// Says `message` on standard error as the command's one line (not a log record).
fn say(message: impl std::fmt::Display) {
    let _ = writeln!(std::io::stderr(), "qipan-server: {message}");
}

fn main() -> ExitCode {
    let config = match parse_command() {
        Ok(Command::Serve(config)) => config,
        Ok(Command::Backup { data, to }) => {
            return match qipan_server::hosting::backup::backup(&data, &to) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    say(e);
                    ExitCode::FAILURE
                }
            };
        }
        Ok(Command::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            say(e);
            return ExitCode::from(2);
        }
    };
    init_logs();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            tracing::error!(error = %e, "starting the async runtime");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async move {
        let running = match qipan_server::start(config).await {
            Ok(running) => running,
            // A data file from a newer server: one line, status 2, the file untouched.
            Err(e @ StartError::Store(qipan_server::store::StoreError::NewerFile(_))) => {
                say(e);
                return ExitCode::from(2);
            }
            Err(e) => {
                tracing::error!(error = %e, "the server could not start");
                return ExitCode::FAILURE;
            }
        };
        // The handlers go in before the line that says the server is up: a SIGTERM sent as
        // soon as it is read must stop the server cleanly, not kill it.
        let stop = Stop::install();
        println!("listening on {}", running.url());
        tracing::info!(addr = %running.addr(), "listening");
        stop.wait().await;
        tracing::info!("stopping");
        running.stop().await;
        ExitCode::SUCCESS
    })
}

/// SIGTERM or Ctrl+C, listened for from the moment it is installed.
struct Stop {
    #[cfg(unix)]
    signals: Option<(tokio::signal::unix::Signal, tokio::signal::unix::Signal)>,
}

impl Stop {
    fn install() -> Stop {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{signal, SignalKind};
            let signals = signal(SignalKind::terminate())
                .and_then(|term| Ok((term, signal(SignalKind::interrupt())?)))
                .ok();
            Stop { signals }
        }
        #[cfg(not(unix))]
        Stop {}
    }

    async fn wait(self) {
        #[cfg(unix)]
        if let Some((mut term, mut interrupt)) = self.signals {
            tokio::select! {
                _ = term.recv() => {}
                _ = interrupt.recv() => {}
            }
            return;
        }
        let _ = tokio::signal::ctrl_c().await;
    }
}
