//! Playing online (`shared/spec/lobby.md`), the client's side of what outlives a seek or a
//! game: the player this device plays as (name, key, ratings), the server's last refusal of
//! a name, a key or a seek, the answers of the records API (profiles, leaderboards, a game's
//! record), and the rooms' tokens ([`OnlineMemory`]). Part of the session's shared state,
//! read by every mode.
//!
//! The socket's side is the Seeking mode ([`crate::seeking`]) and the room's
//! ([`crate::online`]); the records API is HTTP, which the app's transport fetches: the
//! session queues [`Request`]s ([`crate::Session::take_requests`]) and takes the answers as
//! [`RecordsCommand::Fetched`](crate::command::RecordsCommand::Fetched).

use qipan_engine::games::{Side, Variant};
use qipan_protocol::{normalize_key, ErrorCode};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use qipan_protocol::{
    is_valid_name, same_name, ChallengeEntry, Days, GameEntry, GameRating, GameRecord, Leaderboard,
    LeaderboardEntry, OpenSeek, OpenSeeks, PlayerRecord, Ratings, RecordSeat, SeatedPlayer, Seats,
    SeekEntry, YourGames, LEADERBOARD_LENGTH, PLAYER_RECORDS,
};

/// A player's key: whoever holds it is the player. Shown to its owner (to play on another
/// device) and sent only in `login`; its `Debug` hides it, so no log ever holds one.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Key(String);

impl Key {
    /// A key as typed or pasted, read or not ([`Key::normalized`] reads it).
    pub fn new(text: impl Into<String>) -> Key {
        Key(text.into())
    }

    /// The key as the server reads it (32 lowercase hex digits), or `None` when the text
    /// cannot be a key.
    pub fn normalized(&self) -> Option<Key> {
        normalize_key(&self.0).map(Key)
    }

    /// The key's text, for its owner's eyes and the `login` frame only.
    pub fn reveal(&self) -> &str {
        &self.0
    }

    /// The key in four groups of eight, as it is shown to be copied by hand (the server
    /// and [`Key::normalized`] read it back with or without the spaces).
    pub fn grouped(&self) -> String {
        let chars: Vec<char> = self.0.chars().collect();
        chars
            .chunks(8)
            .map(|group| group.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Key(hidden)")
    }
}

/// The player this device plays as: their name, key, and ratings as the server last said.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub name: String,
    pub key: Key,
    /// Empty until the server has told them (a `player` frame, or the player's record).
    pub ratings: Ratings,
}

impl Player {
    /// The player's rating in `game` (with its option), once known.
    pub fn rating(&self, game: Variant) -> Option<&GameRating> {
        self.ratings.get(&game)
    }
}

/// The player as kept between runs: the ratings are asked for again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KeptPlayer {
    pub name: String,
    pub key: Key,
}

/// A room's token as this client keeps it between runs (the web: local storage), and the
/// player's name and key kept the same way (lobby.md).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct OnlineMemory {
    /// The server's WebSocket address, e.g. `ws://127.0.0.1:8090/ws`.
    pub server: String,
    /// The room being played, if any: the app goes back to it on start.
    pub current: Option<String>,
    /// Room → the seat's token.
    pub tokens: BTreeMap<String, String>,
    /// The player this device plays as on `server` (what runs before the lobby kept none).
    #[serde(default)]
    pub player: Option<KeptPlayer>,
}

/// What the records API is asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Query {
    /// `GET /api/players/NAME`.
    Player(String),
    /// `GET /api/leaderboard/GAME`.
    Leaderboard(Variant),
    /// `GET /api/games/ROOM`.
    Game(String),
    /// `GET /api/seeks/GAME`: the open correspondence seeks of a game (correspondence.md).
    Seeks(Variant),
}

impl Query {
    /// The request's path on the server, its name or room percent-encoded.
    fn path(&self) -> String {
        let encode =
            |text: &str| form_urlencoded::byte_serialize(text.as_bytes()).collect::<String>();
        match self {
            Query::Player(name) => format!("/api/players/{}", encode(name)),
            Query::Leaderboard(game) => format!("/api/leaderboard/{}", encode(&game.to_string())),
            Query::Game(room) => format!("/api/games/{}", encode(room)),
            Query::Seeks(game) => format!("/api/seeks/{}", encode(&game.to_string())),
        }
    }

    /// The request's address on `server` (its WebSocket address, `ws://HOST/ws`).
    pub fn url(&self, server: &str) -> String {
        let base = server
            .trim()
            .replacen("wss://", "https://", 1)
            .replacen("ws://", "http://", 1);
        let base = base.strip_suffix("/ws").unwrap_or(&base);
        format!("{}{}", base.trim_end_matches('/'), self.path())
    }
}

/// A request for the transport to make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub url: String,
    pub query: Query,
}

/// An HTTP answer: its status and its body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub status: u16,
    pub body: String,
}

/// Where one answer of the records API stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Fetch<T> {
    /// Asked, not answered yet.
    Pending,
    Got(T),
    /// `404`: no such player, game or room.
    Missing,
    /// No answer, or one that does not read: why, for the log and the view.
    Failed(String),
}

impl<T> Fetch<T> {
    pub fn got(&self) -> Option<&T> {
        match self {
            Fetch::Got(value) => Some(value),
            _ => None,
        }
    }
}

/// Something to tell the person about their name, key or seek, shown in their language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyNotice {
    /// The server refused: its code (`name-taken`, `bad-key`, `busy`, ...).
    Refused(ErrorCode),
}

/// The lobby's state: the player, the last refusal, the records API's answers and the
/// requests waiting for the transport.
#[derive(Default)]
pub struct Lobby {
    player: Option<Player>,
    notice: Option<LobbyNotice>,
    /// By name in lower case.
    profiles: BTreeMap<String, Fetch<PlayerRecord>>,
    /// By game id.
    leaderboards: BTreeMap<String, Fetch<Leaderboard>>,
    /// By room.
    games: BTreeMap<String, Fetch<GameRecord>>,
    /// The open correspondence seeks, by game id.
    seeks: BTreeMap<String, Fetch<OpenSeeks>>,
    requests: Vec<Request>,
    /// The queries on their way (asked, not answered yet).
    asking: Vec<Query>,
    /// Queries on their way when what they ask about changed (a game ended): their answer
    /// may tell of before, so each is asked again as it comes.
    outdated: Vec<Request>,
}

impl Lobby {
    pub fn player(&self) -> Option<&Player> {
        self.player.as_ref()
    }

    pub fn notice(&self) -> Option<LobbyNotice> {
        self.notice
    }

    /// `name`'s record (case ignored), as far as it was asked for.
    pub fn profile(&self, name: &str) -> Option<&Fetch<PlayerRecord>> {
        self.profiles.get(&name.to_lowercase())
    }

    pub fn leaderboard(&self, game: Variant) -> Option<&Fetch<Leaderboard>> {
        self.leaderboards.get(&game.to_string())
    }

    /// The record of `room`'s game, as far as it was asked for.
    pub fn game(&self, room: &str) -> Option<&Fetch<GameRecord>> {
        self.games.get(room)
    }

    /// The open correspondence seeks of `game`, as far as they were asked for.
    pub fn seeks(&self, game: Variant) -> Option<&Fetch<OpenSeeks>> {
        self.seeks.get(&game.to_string())
    }

    /// The requests for the transport to make now.
    pub fn take_requests(&mut self) -> Vec<Request> {
        std::mem::take(&mut self.requests)
    }

    /// The player as kept between runs.
    pub fn kept(&self) -> Option<KeptPlayer> {
        self.player.as_ref().map(|player| KeptPlayer {
            name: player.name.clone(),
            key: player.key.clone(),
        })
    }

    /// The player kept from the last run (their ratings come with their next `player`
    /// frame or record).
    pub(crate) fn restore(&mut self, kept: Option<KeptPlayer>) {
        self.player = kept.map(|KeptPlayer { name, key }| Player {
            name,
            key,
            ratings: Ratings::new(),
        });
    }

    /// The server's `player` frame: this device plays as them from now on.
    pub(crate) fn set_player(&mut self, name: String, key: String, ratings: Ratings) {
        self.player = Some(Player {
            name,
            key: Key(key),
            ratings,
        });
        self.notice = None;
    }

    pub(crate) fn forget_player(&mut self) {
        self.player = None;
        self.notice = None;
    }

    pub(crate) fn set_notice(&mut self, notice: Option<LobbyNotice>) {
        self.notice = notice;
    }

    /// Queues `query` for the transport, unless the same one is on its way already. What
    /// was known of it is put aside: the view says it is being asked (a Refresh, a retry).
    pub(crate) fn fetch(&mut self, server: &str, query: Query) {
        self.ask(server, query, false);
    }

    /// Asks for `query` again because its answer changed (a game ended), if it was ever
    /// asked for: the answer known so far stays on screen until the new one comes, and one
    /// on its way is asked for again once it comes. Never asked for: nothing to do, the
    /// view asks when it is opened.
    pub(crate) fn refresh(&mut self, server: &str, query: Query) {
        if self.asking.contains(&query) {
            if !self.outdated.iter().any(|request| request.query == query) {
                let url = query.url(server);
                self.outdated.push(Request { url, query });
            }
        } else if self.was_asked(&query) {
            self.ask(server, query, true);
        }
    }

    /// Queues `query`, unless it is on its way; `keep`: an answer known so far stays until
    /// the new one comes.
    fn ask(&mut self, server: &str, query: Query, keep: bool) {
        if self.asking.contains(&query) {
            return;
        }
        match &query {
            Query::Player(name) => pending(&mut self.profiles, name.to_lowercase(), keep),
            Query::Leaderboard(game) => pending(&mut self.leaderboards, game.to_string(), keep),
            Query::Game(room) => pending(&mut self.games, room.clone(), keep),
            Query::Seeks(game) => pending(&mut self.seeks, game.to_string(), keep),
        }
        self.asking.push(query.clone());
        self.requests.push(Request {
            url: query.url(server),
            query,
        });
    }

    /// Whether `query` was ever asked for (answered or not).
    fn was_asked(&self, query: &Query) -> bool {
        match query {
            Query::Player(name) => self.profiles.contains_key(&name.to_lowercase()),
            Query::Leaderboard(game) => self.leaderboards.contains_key(&game.to_string()),
            Query::Game(room) => self.games.contains_key(room),
            Query::Seeks(game) => self.seeks.contains_key(&game.to_string()),
        }
    }

    /// The records API's answer to `query`. An answer that does not read is a failure (the
    /// server is trusted no more than it must be); the player's own record brings their
    /// ratings up to date. An answer asked for before a change is shown, and asked again.
    pub(crate) fn fetched(&mut self, query: Query, answer: Result<Answer, String>) {
        self.asking.retain(|asked| *asked != query);
        if let Some(at) = self.outdated.iter().position(|r| r.query == query) {
            let request = self.outdated.remove(at);
            self.asking.push(request.query.clone());
            self.requests.push(request);
        }
        match query {
            Query::Player(name) => {
                let fetched = read::<PlayerRecord>(answer);
                if let (Fetch::Got(record), Some(player)) = (&fetched, self.player.as_mut()) {
                    if same_name(&record.name, &player.name) {
                        player.ratings = record.ratings.clone();
                    }
                }
                self.profiles.insert(name.to_lowercase(), fetched);
            }
            Query::Leaderboard(game) => {
                self.leaderboards.insert(game.to_string(), read(answer));
            }
            Query::Game(room) => {
                self.games.insert(room, read(answer));
            }
            Query::Seeks(game) => {
                self.seeks.insert(game.to_string(), read(answer));
            }
        }
    }
}

/// Marks `key`'s answer as asked for; `keep`: an answer there stays until the new one comes.
fn pending<T>(answers: &mut BTreeMap<String, Fetch<T>>, key: String, keep: bool) {
    let slot = answers.entry(key).or_insert(Fetch::Pending);
    if !(keep && matches!(slot, Fetch::Got(_))) {
        *slot = Fetch::Pending;
    }
}

/// An answer of the records API as `T`: `404` is [`Fetch::Missing`], any other status or a
/// body that does not read a failure.
fn read<T: serde::de::DeserializeOwned>(answer: Result<Answer, String>) -> Fetch<T> {
    match answer {
        Ok(Answer { status: 200, body }) => match serde_json::from_str(&body) {
            Ok(value) => Fetch::Got(value),
            Err(e) => {
                log::warn!("a records answer that does not read: {e}");
                Fetch::Failed(e.to_string())
            }
        },
        Ok(Answer { status: 404, .. }) => Fetch::Missing,
        Ok(Answer { status, .. }) => Fetch::Failed(format!("HTTP {status}")),
        Err(error) => Fetch::Failed(error),
    }
}

/// A seat's rating change in a record: `after − before` (`None` for a seat not taken
/// through pairing).
pub fn rating_change(record: &GameRecord, side: Side) -> Option<f64> {
    record
        .players
        .get(side)
        .map(|seat| seat.after - seat.before)
}

#[cfg(test)]
mod tests {
    use super::*;
    use qipan_engine::games::{GameId, RuleOption};

    #[test]
    fn a_key_reads_as_typed_and_shows_in_groups() {
        let typed = Key::new(" 0F1E2D3C 4B5A6978-8796A5B4 C3D2E1F0\n");
        let key = typed.normalized().expect("a key");
        assert_eq!(key.reveal(), "0f1e2d3c4b5a69788796a5b4c3d2e1f0");
        assert_eq!(key.grouped(), "0f1e2d3c 4b5a6978 8796a5b4 c3d2e1f0");
        assert_eq!(Key::new(key.grouped()).normalized(), Some(key));
        assert_eq!(Key::new("0f1e").normalized(), None);
    }

    #[test]
    fn the_records_api_is_asked_beside_the_socket() {
        let solidarity = Variant::plain(GameId::Blockade).with(RuleOption::Solidarity, true);
        let cases = [
            (
                "ws://127.0.0.1:8090/ws",
                Query::Player("Ann".into()),
                "http://127.0.0.1:8090/api/players/Ann",
            ),
            (
                "wss://q.example/ws",
                Query::Player("王小明".into()),
                "https://q.example/api/players/%E7%8E%8B%E5%B0%8F%E6%98%8E",
            ),
            (
                "ws://h:1/ws",
                Query::Leaderboard(solidarity),
                "http://h:1/api/leaderboard/blockade%3Asolidarity",
            ),
            (
                "ws://h:1/",
                Query::Game("ABCDEFGH".into()),
                "http://h:1/api/games/ABCDEFGH",
            ),
            (
                "ws://h:1/ws",
                Query::Seeks(solidarity),
                "http://h:1/api/seeks/blockade%3Asolidarity",
            ),
        ];
        for (server, query, url) in cases {
            assert_eq!(query.url(server), url);
        }
    }

    #[test]
    fn an_answer_is_kept_by_what_it_answers_and_a_bad_one_is_a_failure() {
        let mut lobby = Lobby::default();
        let query = Query::Leaderboard(Variant::plain(GameId::Push));
        lobby.fetch("ws://h/ws", query.clone());
        lobby.fetch("ws://h/ws", query.clone());
        assert_eq!(lobby.take_requests().len(), 1, "one request on its way");
        let ok = Answer {
            status: 200,
            body: r#"{"game":"push","players":[{"name":"Ann","rating":1612.5,"deviation":80,"games":12}]}"#.into(),
        };
        lobby.fetched(query.clone(), Ok(ok));
        let board = lobby
            .leaderboard(Variant::plain(GameId::Push))
            .and_then(Fetch::got);
        assert_eq!(board.map(|b| b.players[0].name.as_str()), Some("Ann"));
        lobby.fetched(
            query.clone(),
            Ok(Answer {
                status: 200,
                body: "{".into(),
            }),
        );
        assert!(matches!(
            lobby.leaderboard(Variant::plain(GameId::Push)),
            Some(Fetch::Failed(_))
        ));
        lobby.fetched(
            Query::Game("ABCDEFGH".into()),
            Ok(Answer {
                status: 404,
                body: String::new(),
            }),
        );
        assert_eq!(lobby.game("ABCDEFGH"), Some(&Fetch::Missing));
        lobby.fetched(Query::Player("Bo".into()), Err("refused".into()));
        assert_eq!(lobby.profile("bo"), Some(&Fetch::Failed("refused".into())));
    }
}
