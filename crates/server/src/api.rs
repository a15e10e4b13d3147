//! The records API (lobby.md, "Records"): players, leaderboards and games as JSON. Nothing
//! here holds a key or a token: players come from storage without their key's hash, and
//! rooms are answered as their RECORD.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use qipan_engine::games::Variant;
use qipan_protocol::{
    normalize_room_code, Leaderboard, OpenSeeks, PlayerRecord, LEADERBOARD_LENGTH, PLAYER_RECORDS,
};

use crate::lobby::Lobby;
use crate::names::NameKey;
use crate::room::registry::Rooms;
use crate::store::{PlayerStore, RecordStore, Store, StoreError};

/// What the records API answers from: the rooms (a room still kept is read as it
/// stands), the players and the finished games' records.
#[derive(Clone)]
struct Records {
    rooms: Arc<Rooms>,
    players: Arc<dyn PlayerStore>,
    records: Arc<dyn RecordStore>,
}

/// Storage failed: logged, answered 503 (the client may try again).
fn unavailable(e: StoreError) -> Response {
    tracing::error!(error = %e, "answering the records API");
    StatusCode::SERVICE_UNAVAILABLE.into_response()
}

fn not_found() -> Response {
    StatusCode::NOT_FOUND.into_response()
}

/// `GET /api/players/NAME`: the player (names ignoring case) and their last 50 games.
async fn player(State(api): State<Records>, Path(name): Path<String>) -> Response {
    let key = NameKey::of(&name);
    let info = match api.players.player(&key).await {
        Ok(Some(info)) => info,
        Ok(None) => return not_found(),
        Err(e) => return unavailable(e),
    };
    let games = match api.records.player_games(&key, PLAYER_RECORDS).await {
        Ok(games) => games,
        Err(e) => return unavailable(e),
    };
    Json(PlayerRecord {
        ratings: info.wire_ratings(),
        name: info.name,
        bot: info.bot,
        games,
    })
    .into_response()
}

/// `GET /api/leaderboard/GAME`: the 100 best established ratings of people in GAME.
async fn leaderboard(State(api): State<Records>, Path(game): Path<String>) -> Response {
    let Ok(game) = Variant::parse(&game) else {
        return not_found();
    };
    match api.players.leaderboard(game, LEADERBOARD_LENGTH).await {
        Ok(players) => Json(Leaderboard { game, players }).into_response(),
        Err(e) => unavailable(e),
    }
}

/// `GET /api/games/ROOM`: the room's RECORD, finished or not; a room no longer kept
/// answers its last finished paired game.
async fn game(State(api): State<Records>, Path(room): Path<String>) -> Response {
    let Some(code) = normalize_room_code(&room) else {
        return not_found();
    };
    match api.rooms.peek(&code).await {
        Ok(Some(room)) => return Json(room.record()).into_response(),
        Ok(None) => {}
        Err(_) => return StatusCode::SERVICE_UNAVAILABLE.into_response(),
    }
    match api.records.last_record(&code).await {
        Ok(Some(record)) => Json(record).into_response(),
        Ok(None) => not_found(),
        Err(e) => unavailable(e),
    }
}

/// The routes, answered from `rooms` and `store`, for the server's router (whatever its
/// own state).
pub fn routes<S: Clone + Send + Sync + 'static>(
    rooms: Arc<Rooms>,
    store: Arc<dyn Store>,
) -> axum::Router<S> {
    use axum::routing::get;
    let records = Records {
        rooms,
        players: store.clone(),
        records: store,
    };
    axum::Router::new()
        .route("/api/players/{name}", get(player))
        .route("/api/leaderboard/{game}", get(leaderboard))
        .route("/api/games/{room}", get(game))
        .with_state(records)
}

/// `GET /api/seeks/GAME` (correspondence.md): the open correspondence seeks of GAME, oldest
/// first, as every server follows them in the lobby's entries.
async fn seeks(State(lobby): State<Arc<Lobby>>, Path(game): Path<String>) -> Response {
    let Ok(game) = Variant::parse(&game) else {
        return not_found();
    };
    Json(OpenSeeks {
        game,
        seeks: lobby.open_seeks(game),
    })
    .into_response()
}

/// The open seeks' route, answered from the lobby.
pub fn seek_routes<S: Clone + Send + Sync + 'static>(lobby: Arc<Lobby>) -> axum::Router<S> {
    axum::Router::new()
        .route("/api/seeks/{game}", axum::routing::get(seeks))
        .with_state(lobby)
}
