//! `/metrics` (hosting.md's "Metrics"): the figures an operator watches, kept with
//! `prometheus-client` and written in the Prometheus text format, version 0.0.4.
//!
//! Labels are only game ids, `rated`, a seek's kind and error codes: no name, key, token or
//! room code ever becomes one (a room's code with its token is a way into a seat).
//!
//! The counters and histograms are counted where the thing happens; the gauges of rooms and
//! seeks are set from what the server holds just before each scrape ([`Metrics::render`]).

use std::time::Duration;

use prometheus_client::encoding::{text, EncodeLabelSet};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::{Metric, Registry};

/// The `Content-Type` of [`Metrics::render`]'s text.
pub const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct GameLabel {
    game: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct SeekLabels {
    game: String,
    kind: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct FinishedLabels {
    game: String,
    rated: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CodeLabel {
    code: String,
}

/// One server's figures (each server in a test process has its own).
pub struct Metrics {
    registry: Registry,
    connections: Gauge,
    rooms_live: Family<GameLabel, Gauge>,
    seeks: Family<SeekLabels, Gauge>,
    moves: Family<GameLabel, Counter>,
    finished: Family<FinishedLabels, Counter>,
    pairing: Histogram,
    moving: Histogram,
    rejected: Family<CodeLabel, Counter>,
}

/// Registers `metric` as `qipan_NAME` and hands it back (its clones count together).
fn registered<M: Metric + Clone>(registry: &mut Registry, name: &str, help: &str, metric: M) -> M {
    registry.register(name, help, metric.clone());
    metric
}

impl Default for Metrics {
    fn default() -> Metrics {
        let mut registry = Registry::with_prefix("qipan");
        let r = &mut registry;
        let connections = registered(r, "connections", "Open WebSockets", Gauge::default());
        let rooms_live = registered(
            r,
            "rooms_live",
            "Rooms held whose game is not over, by game",
            Family::default(),
        );
        let seeks = registered(
            r,
            "seeks",
            "Open seeks, by game and kind",
            Family::default(),
        );
        let moves = registered(r, "moves", "Plies played, by game", Family::default());
        let finished = registered(
            r,
            "games_finished",
            "Finished games, by game and rated",
            Family::default(),
        );
        // Pairings take from a moment to the computer's 20 s; moves from a millisecond to
        // a slow disk's second.
        let pairing = registered(
            r,
            "pairing_seconds",
            "From a seek to its pairing",
            Histogram::new(exponential_buckets(0.05, 2.0, 12)),
        );
        let moving = registered(
            r,
            "move_seconds",
            "From a move's frame to its state sent",
            Histogram::new(exponential_buckets(0.0005, 2.0, 14)),
        );
        let rejected = registered(r, "rejected", "Refused frames, by code", Family::default());
        Metrics {
            registry,
            connections,
            rooms_live,
            seeks,
            moves,
            finished,
            pairing,
            moving,
            rejected,
        }
    }
}

/// An open WebSocket, counted while it lives.
pub struct OpenConnection(Gauge);

impl Drop for OpenConnection {
    fn drop(&mut self) {
        self.0.dec();
    }
}

impl Metrics {
    /// Counts a WebSocket until the guard is dropped.
    pub fn connection_opened(&self) -> OpenConnection {
        self.connections.inc();
        OpenConnection(self.connections.clone())
    }

    /// The WebSockets open now: each counted until its task has left its room, which the
    /// server's stop waits for.
    pub fn open_connections(&self) -> i64 {
        self.connections.get()
    }

    /// `plies` plies were played in a game of `game` (a game id).
    pub fn moves_played(&self, game: &str, plies: u64) {
        self.moves
            .get_or_create(&GameLabel { game: game.into() })
            .inc_by(plies);
    }

    pub fn game_finished(&self, game: &str, rated: bool) {
        let labels = FinishedLabels {
            game: game.into(),
            rated: rated.to_string(),
        };
        self.finished.get_or_create(&labels).inc();
    }

    /// A seek was paired `waited` after it was made.
    pub fn paired(&self, waited: Duration) {
        self.pairing.observe(waited.as_secs_f64());
    }

    /// A move's `state` was sent `took` after its frame arrived.
    pub fn move_answered(&self, took: Duration) {
        self.moving.observe(took.as_secs_f64());
    }

    /// A frame was refused with error code `code`.
    pub fn rejected(&self, code: &str) {
        self.rejected
            .get_or_create(&CodeLabel { code: code.into() })
            .inc();
    }

    /// There are `count` open seeks of `kind` (`live`, `correspondence`) for `game`, as a
    /// pairing loop's book holds them.
    pub fn seeks_open(&self, game: &str, kind: &str, count: usize) {
        let labels = SeekLabels {
            game: game.into(),
            kind: kind.into(),
        };
        self.seeks
            .get_or_create(&labels)
            .set(i64::try_from(count).unwrap_or(i64::MAX));
    }

    /// The text of a scrape, the live rooms' gauge set first from what the server holds
    /// now (`rooms_live`: by game id).
    pub fn render(&self, rooms_live: &[(String, i64)]) -> String {
        self.rooms_live.clear();
        for (game, count) in rooms_live {
            self.rooms_live
                .get_or_create(&GameLabel { game: game.clone() })
                .set(*count);
        }
        let mut open_metrics = String::new();
        // Writing into a String cannot fail.
        let _ = text::encode_registry(&mut open_metrics, &self.registry);
        to_prometheus_text(&open_metrics)
    }
}

/// prometheus-client writes OpenMetrics; Prometheus's text format 0.0.4 differs in what a
/// counter's `# TYPE` and `# HELP` name (the sample's own name, `_total` included, where
/// OpenMetrics names the family without it), has no `# UNIT` and no `# EOF`.
fn to_prometheus_text(open_metrics: &str) -> String {
    let counters: Vec<&str> = open_metrics
        .lines()
        .filter_map(|line| line.strip_prefix("# TYPE "))
        .filter_map(|rest| rest.strip_suffix(" counter"))
        .collect();
    let mut out = String::with_capacity(open_metrics.len());
    for line in open_metrics.lines() {
        if line.starts_with("# EOF") || line.starts_with("# UNIT ") {
            continue;
        }
        let renamed = ["# TYPE ", "# HELP "].iter().find_map(|prefix| {
            let rest = line.strip_prefix(prefix)?;
            let (name, tail) = rest.split_once(' ')?;
            counters
                .contains(&name)
                .then(|| format!("{prefix}{name}_total {tail}"))
        });
        match renamed {
            Some(line) => out.push_str(&line),
            None => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_are_named_as_their_samples_and_nothing_openmetrics_only_remains() {
        let metrics = Metrics::default();
        metrics.moves_played("tictactoe", 3);
        let _open = metrics.connection_opened();
        let text = metrics.render(&[("tictactoe".into(), 2)]);
        assert!(
            text.contains("# TYPE qipan_moves_total counter\n"),
            "{text}"
        );
        assert!(
            text.contains("# HELP qipan_moves_total Plies played"),
            "{text}"
        );
        assert!(
            text.contains("qipan_moves_total{game=\"tictactoe\"} 3\n"),
            "{text}"
        );
        assert!(text.contains("qipan_connections 1\n"), "{text}");
        assert!(
            text.contains("qipan_rooms_live{game=\"tictactoe\"} 2\n"),
            "{text}"
        );
        assert!(!text.contains("# EOF"), "{text}");
    }
}
