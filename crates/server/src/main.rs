//! `qipan-server [--listen HOST:PORT] [--data PATH] [--site DIR] [--nats URL]
//! [--bot-after SECONDS|off] [--turn-ms MS] [--day-ms MS]`
//!
//! Logs go to standard error, filtered by `RUST_LOG` (default `info`); standard output
//! carries only the line that says where the server listens.

use std::io::Write;
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::PathBuf;
use std::process::ExitCode;

use qipan_server::Config;

const USAGE: &str = "usage: qipan-server [--listen HOST:PORT] [--data PATH] [--site DIR] \
                     [--nats URL] [--bot-after SECONDS|off] [--turn-ms MS] \
                     [--day-ms MS]";

/// Reads the arguments. `--computer-workers N` is hidden: the benchmark measures one core.
fn parse_args() -> Result<Option<Config>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut config = Config::default();
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
            Short('h') | Long("help") => return Ok(None),
            _ => return Err(arg.unexpected()),
        }
    }
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

fn main() -> ExitCode {
    let config = match parse_args() {
        Ok(Some(config)) => config,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            // The command line's answer, one line, not a log record.
            let _ = writeln!(std::io::stderr(), "qipan-server: {e}");
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
            Err(e) => {
                tracing::error!(error = %e, "the server could not start");
                return ExitCode::FAILURE;
            }
        };
        // The handlers go in before the line that says the server is up: a SIGTERM sent as
        // soon as it is read must stop the server cleanly, not kill it.
        let stop = Stop::install();
        println!("listening on http://{}", running.addr());
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
