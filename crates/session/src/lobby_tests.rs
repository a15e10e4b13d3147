//! Playing someone new through the session, with the server's frames written by hand
//! (lobby.md): a name, a key, a seek that waits and is cancelled or paired, the paired game's
//! fair-play commands (abort, draw, claim, resign), the rating change at the end, the
//! records, and every refusal with its reason.

use crate::lobby::{Answer, Fetch, Key, LobbyNotice, Query};
use crate::online::{ErrorCode, OnlineMemory, Seat};
use crate::seeking::{Step, Wish};
use crate::testing::{received, session, two_players};
use crate::timer::ManualClock;
use crate::ConnectionEvent as C;
use crate::LobbyCommand as L;
use crate::OnlineCommand as O;
use crate::{ArchiveCommand, RecordsCommand};
use crate::{Command, CommandError, LobbyError, ModeKind, OnlineError, Session};
use qipan_engine::games::{EndReason, GameId, Side, Status, Variant};

const SERVER: &str = "ws://127.0.0.1:1/ws";
const KEY: &str = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";

fn lobby(command: L) -> Command {
    Command::Lobby(command)
}

/// The server's `player` frame for Ann, rated `rating` in Shuang Cheng.
fn player_frame(rating: f64) -> String {
    format!(
        r#"{{"type":"player","name":"Ann","key":"{KEY}","ratings":{{"shuangcheng":{{"rating":{rating},"deviation":80.5,"volatility":0.09,"games":12}},"push":{{"rating":1500,"deviation":500,"volatility":0.09,"games":0}}}}}}"#
    )
}

/// A session of Shuang Cheng between two at the screen, and its clock.
fn fresh() -> (Session, ManualClock) {
    session(two_players(GameId::ShuangCheng), None)
}

/// A session whose player is Ann (registered through the server's answer).
fn named() -> (Session, ManualClock) {
    let (mut s, clock) = fresh();
    let register = L::Register {
        server: SERVER.into(),
        name: " Ann ".into(),
    };
    s.run(lobby(register)).expect("registering");
    s.run(Command::Connection(C::Opened)).expect("open");
    assert_eq!(
        s.take_outbox(),
        [r#"{"type":"register","name":"Ann"}"#],
        "the name as typed, trimmed"
    );
    s.run(received(player_frame(1500.0))).expect("player");
    (s, clock)
}

/// A session whose seek (rated) the server holds.
fn waiting() -> (Session, ManualClock) {
    let (mut s, clock) = named();
    let seek = L::Seek {
        server: SERVER.into(),
        rated: true,
    };
    s.run(lobby(seek)).expect("seeking");
    s.run(Command::Connection(C::Opened)).expect("open");
    s.run(received(player_frame(1500.0))).expect("logged in");
    s.run(received(
        r#"{"type":"seeking","game":"shuangcheng","rated":true}"#,
    ))
    .expect("seeking");
    s.take_outbox();
    (s, clock)
}

/// The state of room ABCDEFGH: Ann at x (1500), Bo at o (1620, provisional), rated, with
/// `plies`, `status`/`reason`, who is connected and the draw offer.
fn paired_state(
    start: &str,
    plies: &[&str],
    status: &str,
    reason: Option<&str>,
    o_here: bool,
    offer: Option<&str>,
) -> Command {
    let reason = reason.map_or("null".into(), |r| format!("{r:?}"));
    let offer = offer.map_or("null".into(), |o| format!("{o:?}"));
    let turn_ms = if status == "ongoing" { "60000" } else { "null" };
    received(format!(
        r#"{{"type":"state","room":"ABCDEFGH","game":"shuangcheng","start":"{start}","plies":{plies:?},"position":"{start}","status":"{status}","reason":{reason},"turn_ms":{turn_ms},"connected":{{"x":true,"o":{o_here}}},"players":{{"x":{{"name":"Ann","rating":1500,"bot":false}},"o":{{"name":"Bo","rating":1620,"bot":false}}}},"rated":true,"offer":{offer},"days":null}}"#
    ))
}

/// [`paired_state`] of the game from `start` that Ann resigned before any ply.
fn resigned(start: &str, o_here: bool) -> Command {
    paired_state(start, &[], "o-wins", Some("resigned"), o_here, None)
}

/// Paired with Bo in room ABCDEFGH at x, the fresh game's state received.
fn paired() -> (Session, ManualClock, String) {
    let (mut s, clock) = waiting();
    let start = s.game().start_text();
    s.run(received(
        r#"{"type":"paired","room":"ABCDEFGH","seat":"x","token":"seat-token"}"#,
    ))
    .expect("paired");
    s.run(paired_state(&start, &[], "ongoing", None, true, None))
        .expect("state");
    (s, clock, start)
}

#[test]
fn a_name_is_chosen_once_and_its_key_kept_like_a_token() {
    let (mut s, _clock) = fresh();
    let local = s.game().position_text();
    let register = |name: &str| {
        lobby(L::Register {
            server: SERVER.into(),
            name: name.into(),
        })
    };
    // Checked here first: nothing is sent that breaks the spec's rule.
    for bad in ["ab", "a b", "ann!", &"x".repeat(21)] {
        assert_eq!(
            s.run(register(bad)),
            Err(CommandError::Lobby(LobbyError::BadName)),
            "{bad}"
        );
    }
    assert_eq!(s.mode().kind(), ModeKind::Local);
    s.run(register("王小明")).expect("any script");
    let seeking = s.seeking().expect("the lobby's connection");
    assert_eq!(
        seeking.wish(),
        &Wish::Register {
            name: "王小明".into()
        }
    );
    assert_eq!(seeking.step(), Step::Connecting);
    assert_eq!(
        s.run(register("Other")),
        Err(CommandError::AlreadyIn(ModeKind::Seeking))
    );
    assert_eq!(
        s.run(Command::Undo),
        Err(CommandError::NotWhile(ModeKind::Seeking))
    );
    s.run(Command::Connection(C::Opened)).expect("open");
    assert_eq!(s.take_outbox(), [r#"{"type":"register","name":"王小明"}"#]);
    // The server's answer: the player, and back to the local games as they were.
    s.run(received(player_frame(1500.0))).expect("player");
    assert_eq!(s.mode().kind(), ModeKind::Local);
    assert_eq!(s.game().position_text(), local);
    let player = s.lobby().player().expect("a player");
    assert_eq!(player.name, "Ann");
    assert_eq!(player.key.reveal(), KEY);
    let rating = player
        .rating(Variant::plain(GameId::ShuangCheng))
        .expect("rated");
    assert_eq!((rating.rating, rating.games), (1500.0, 12));
    // Kept between runs the way room tokens are; never in a log line.
    let memory = s.online_memory();
    let kept = memory.player.clone().expect("kept");
    assert_eq!((kept.name.as_str(), kept.key.reveal()), ("Ann", KEY));
    assert!(!format!("{memory:?}").contains(KEY));
    assert!(!format!("{:?}", s.lobby().player()).contains(KEY));
    // Chosen once: another name waits until this one is logged out.
    assert_eq!(
        s.run(register("Bo1")),
        Err(CommandError::Lobby(LobbyError::HasName))
    );
    s.run(lobby(L::LogOut)).expect("logged out");
    assert!(s.lobby().player().is_none());
    // And back from the kept memory (a restart).
    let mut restored = OnlineMemory {
        server: SERVER.into(),
        ..OnlineMemory::default()
    };
    restored.player = Some(kept);
    s.run(Command::Online(O::Restore(restored)))
        .expect("restored");
    assert_eq!(s.lobby().player().map(|p| p.name.as_str()), Some("Ann"));
}

#[test]
fn the_server_refuses_a_name_in_its_own_words() {
    for code in ["name-taken", "bad-name", "rate-limited"] {
        let (mut s, _clock) = fresh();
        let register = L::Register {
            server: SERVER.into(),
            name: "Computer-Easy".into(),
        };
        s.run(lobby(register)).expect("sent");
        s.run(Command::Connection(C::Opened)).expect("open");
        s.run(received(format!(
            r#"{{"type":"error","code":"{code}","message":"no"}}"#
        )))
        .expect("refused");
        assert_eq!(s.mode().kind(), ModeKind::Local, "{code}");
        assert!(s.lobby().player().is_none());
        let expected = ErrorCode::from_name(code).expect("a code");
        assert_eq!(s.lobby().notice(), Some(LobbyNotice::Refused(expected)));
    }
}

#[test]
fn a_key_logs_in_on_another_device() {
    let (mut s, _clock) = fresh();
    let log_in = |key: &str| {
        lobby(L::LogIn {
            server: SERVER.into(),
            key: Key::new(key),
        })
    };
    assert_eq!(
        s.run(log_in("not a key")),
        Err(CommandError::Lobby(LobbyError::BadKey))
    );
    // As shown on the other device: in groups, in capitals.
    s.run(log_in("0F1E2D3C 4B5A6978 8796A5B4 C3D2E1F0"))
        .expect("logging in");
    assert_eq!(s.seeking().map(|k| k.wish()), Some(&Wish::LogIn));
    s.run(Command::Connection(C::Opened)).expect("open");
    assert_eq!(
        s.take_outbox(),
        [format!(r#"{{"type":"login","key":"{KEY}"}}"#)]
    );
    s.run(received(
        r#"{"type":"error","code":"bad-key","message":"no"}"#,
    ))
    .expect("refused");
    assert_eq!(
        s.lobby().notice(),
        Some(LobbyNotice::Refused(ErrorCode::BadKey))
    );
    assert!(s.lobby().player().is_none());
    s.run(log_in(KEY)).expect("again");
    s.run(Command::Connection(C::Opened)).expect("open");
    s.run(received(player_frame(1712.0))).expect("player");
    assert_eq!(s.mode().kind(), ModeKind::Local);
    assert_eq!(s.lobby().player().map(|p| p.name.as_str()), Some("Ann"));
    assert_eq!(s.lobby().notice(), None, "the old refusal is gone");
}

#[test]
fn a_seek_waits_counts_its_seconds_and_is_cancelled() {
    let (mut s, _clock) = fresh();
    let seek = L::Seek {
        server: SERVER.into(),
        rated: true,
    };
    assert_eq!(
        s.run(lobby(seek.clone())),
        Err(CommandError::Lobby(LobbyError::NoName)),
        "a name first"
    );
    let (mut s, clock) = named();
    s.run(lobby(seek.clone())).expect("seeking");
    assert_eq!(
        s.seeking().map(|k| k.wish()),
        Some(&Wish::Seek {
            game: Variant::plain(GameId::ShuangCheng),
            rated: true
        }),
        "the game on the board"
    );
    s.run(Command::Connection(C::Opened)).expect("open");
    assert_eq!(
        s.take_outbox(),
        [format!(r#"{{"type":"login","key":"{KEY}"}}"#)]
    );
    s.run(received(player_frame(1500.0))).expect("player");
    assert_eq!(
        s.take_outbox(),
        [r#"{"type":"seek","game":"shuangcheng","rated":true}"#]
    );
    assert_eq!(s.seeking().map(|k| k.step()), Some(Step::Asking));
    assert_eq!(s.seeking().and_then(|k| k.waited(s.now())), None);
    s.run(received(
        r#"{"type":"seeking","game":"shuangcheng","rated":true}"#,
    ))
    .expect("seeking");
    clock.advance(7.25);
    let seeking = s.seeking().expect("seeking");
    assert_eq!(seeking.step(), Step::Waiting);
    assert_eq!(seeking.waited(s.now()), Some(7.25));
    assert_eq!(
        s.next_moment(),
        Some(s.now() + 0.75),
        "the next whole second"
    );
    // Cancel waits for the server's word: a pairing may come first.
    s.run(lobby(L::Cancel)).expect("cancelling");
    assert_eq!(s.take_outbox(), [r#"{"type":"unseek"}"#]);
    assert_eq!(s.seeking().map(|k| k.step()), Some(Step::Cancelling));
    s.run(received(r#"{"type":"seeking","game":null,"rated":null}"#))
        .expect("unseek answered");
    assert_eq!(s.mode().kind(), ModeKind::Local);
    assert_eq!(
        s.run(lobby(L::Cancel)),
        Err(CommandError::NotIn(ModeKind::Seeking))
    );
    // Before anything was asked, Cancel leaves at once (closing the socket ends it all).
    s.run(lobby(seek)).expect("seeking again");
    s.run(lobby(L::Cancel)).expect("cancelled");
    assert_eq!(s.mode().kind(), ModeKind::Local);
    assert!(s.take_outbox().is_empty());
}

#[test]
fn a_seek_refused_or_lost_says_so_and_seeks_again_after_a_drop() {
    let (mut s, clock) = waiting();
    // The connection drops while waiting: back with the key and the same seek.
    s.run(Command::Connection(C::Lost)).expect("lost");
    assert_eq!(s.seeking().map(|k| k.step()), Some(Step::Connecting));
    clock.advance(2.0);
    let wants = s.connection().is_some_and(|c| c.wants_socket(s.now()));
    assert!(wants, "the transport tries again");
    s.run(Command::Connection(C::Opened)).expect("open");
    s.run(received(player_frame(1500.0))).expect("player");
    assert_eq!(
        s.take_outbox(),
        [
            format!(r#"{{"type":"login","key":"{KEY}"}}"#),
            r#"{"type":"seek","game":"shuangcheng","rated":true}"#.to_owned()
        ]
    );
    // `busy`: a paired game is not over.
    s.run(received(r#"{"type":"error","code":"busy","message":"no"}"#))
        .expect("refused");
    assert_eq!(s.mode().kind(), ModeKind::Local);
    assert_eq!(
        s.lobby().notice(),
        Some(LobbyNotice::Refused(ErrorCode::Busy))
    );
    assert!(s.lobby().player().is_some(), "the player is kept");
    // A frame that does not read never reaches the seek (it is dropped where it enters).
    let (s, _clock) = waiting();
    assert_eq!(C::received("{not json"), None);
    let paired = r#"{"type":"paired","room":"ABCDEFGH","seat":"z","token":"t"}"#;
    assert_eq!(C::received(paired), None);
    assert_eq!(s.seeking().map(|k| k.step()), Some(Step::Waiting));
}

#[test]
fn a_paired_seek_becomes_its_room_on_the_same_connection() {
    let (mut s, _clock) = waiting();
    let id = s.connection().map(|c| c.id());
    let (s, _clock, _start) = {
        let start = s.game().start_text();
        s.run(received(
            r#"{"type":"paired","room":"ABCDEFGH","seat":"o","token":"seat-token"}"#,
        ))
        .expect("paired");
        assert_eq!(s.mode().kind(), ModeKind::Online);
        assert_eq!(s.connection().map(|c| c.id()), id, "the same socket");
        assert!(s.connection().is_some_and(|c| c.is_open()));
        let online = s.online().expect("a room");
        assert_eq!(online.seat(), Some(Seat::Player(Side::O)));
        assert_eq!(online.room(), Some("ABCDEFGH"));
        s.run(paired_state(&start, &[], "ongoing", None, true, None))
            .expect("state");
        (s, _clock, start)
    };
    let online = s.online().expect("a room");
    assert!(online.is_paired() && online.rated());
    let players = online.players().expect("players");
    let o = players.o.as_ref().expect("o");
    assert_eq!((o.name.as_str(), o.rating, o.bot), ("Bo", 1620.0, false));
    assert!(!online.can_claim());
    // The token is kept like a friend's room's: a reload resumes the seat.
    let memory = s.online_memory();
    assert_eq!(memory.current.as_deref(), Some("ABCDEFGH"));
    assert_eq!(
        memory.tokens.get("ABCDEFGH").map(String::as_str),
        Some("seat-token")
    );
}

#[test]
fn abort_is_allowed_before_the_second_ply_and_refused_after() {
    let (mut s, _clock, start) = paired();
    assert!(s.online().is_some_and(|o| o.can_abort()));
    s.run(Command::Online(O::Abort)).expect("sent");
    assert_eq!(
        s.take_outbox(),
        [r#"{"type":"abort","room":"ABCDEFGH","token":"seat-token"}"#]
    );
    // The server's two plies later: too late (resign instead).
    let two = two_plies();
    s.run(paired_state(
        &start,
        &[&two[0], &two[1]],
        "ongoing",
        None,
        true,
        None,
    ))
    .expect("state");
    assert!(!s.online().is_some_and(|o| o.can_abort()));
    assert_eq!(
        s.run(Command::Online(O::Abort)),
        Err(CommandError::Online(OnlineError::TooLateToAbort))
    );
    // The server's own refusal is read by its code.
    s.run(received(
        r#"{"type":"error","code":"cannot-abort","message":"no"}"#,
    ))
    .expect("refused");
    assert_eq!(
        s.online().and_then(|o| o.notice()).cloned(),
        Some(crate::online::OnlineNotice::Refused(ErrorCode::CannotAbort))
    );
    // An aborted game: over, no winner, nobody's rating asked about.
    let (mut s, _clock, start) = paired();
    s.run(paired_state(
        &start,
        &[],
        "aborted",
        Some("aborted"),
        true,
        None,
    ))
    .expect("state");
    assert_eq!(s.game().status(), Status::Draw(EndReason::Aborted));
    assert!(
        s.take_requests().is_empty(),
        "an aborted game is never rated"
    );
    assert_eq!(
        s.run(Command::Online(O::Abort)),
        Err(CommandError::Online(OnlineError::Over))
    );
}

/// Two plies of Shuang Cheng from its start, as the server would list them.
fn two_plies() -> [String; 2] {
    let (mut other, _clock) = fresh();
    let mut texts = Vec::new();
    for _ in 0..2 {
        let mv = other.game().legal_moves()[0];
        texts.push(other.game().format_move(mv).expect("a move"));
        other.run(Command::Play(mv)).expect("played");
    }
    [texts[0].clone(), texts[1].clone()]
}

#[test]
fn a_draw_is_offered_stands_and_is_accepted() {
    let (mut s, _clock, start) = paired();
    s.run(Command::Online(O::Draw)).expect("offered");
    assert_eq!(
        s.take_outbox(),
        [r#"{"type":"draw","room":"ABCDEFGH","token":"seat-token"}"#]
    );
    s.run(paired_state(&start, &[], "ongoing", None, true, Some("x")))
        .expect("state");
    assert_eq!(s.online().and_then(|o| o.offer()), Some(Side::X));
    assert_eq!(
        s.run(Command::Online(O::Draw)),
        Err(CommandError::Online(OnlineError::DrawOffered)),
        "one offer at a time"
    );
    // Bo played on (declined); then Bo offers, and this side accepts.
    let two = two_plies();
    s.run(paired_state(
        &start,
        &[&two[0]],
        "ongoing",
        None,
        true,
        None,
    ))
    .expect("declined");
    assert_eq!(s.online().and_then(|o| o.offer()), None);
    s.run(paired_state(
        &start,
        &[&two[0]],
        "ongoing",
        None,
        true,
        Some("o"),
    ))
    .expect("offered to us");
    assert_eq!(s.online().and_then(|o| o.offer()), Some(Side::O));
    s.run(Command::Online(O::Draw)).expect("accepted");
    assert_eq!(s.take_outbox().len(), 1);
    s.run(paired_state(
        &start,
        &[&two[0]],
        "draw",
        Some("agreed"),
        true,
        None,
    ))
    .expect("agreed");
    assert_eq!(s.game().status(), Status::Draw(EndReason::Agreed));
    assert_eq!(
        s.run(Command::Online(O::Draw)),
        Err(CommandError::Online(OnlineError::Over))
    );
}

#[test]
fn a_claim_is_allowed_once_the_other_player_left_and_lost_a_turn() {
    let (mut s, _clock, start) = paired();
    assert_eq!(
        s.run(Command::Online(O::Claim)),
        Err(CommandError::Online(OnlineError::NothingToClaim)),
        "Bo is here"
    );
    let two = two_plies();
    // Ann (x) moved; Bo (o) left during his turn: still nothing to claim.
    s.run(paired_state(
        &start,
        &[&two[0]],
        "ongoing",
        None,
        false,
        None,
    ))
    .expect("gone");
    assert!(!s.online().is_some_and(|o| o.can_claim()));
    // Bo's turn ran out: the turn running when he left counts.
    s.run(paired_state(
        &start,
        &[&two[0], "timeout"],
        "ongoing",
        None,
        false,
        None,
    ))
    .expect("his turn lost");
    assert!(s.online().is_some_and(|o| o.can_claim()));
    s.run(Command::Online(O::Claim)).expect("claimed");
    assert_eq!(
        s.take_outbox(),
        [r#"{"type":"claim","room":"ABCDEFGH","token":"seat-token"}"#]
    );
    // Bo came back: nothing to claim any more.
    s.run(paired_state(
        &start,
        &[&two[0], "timeout"],
        "ongoing",
        None,
        true,
        None,
    ))
    .expect("back");
    assert!(!s.online().is_some_and(|o| o.can_claim()));
    // A lost turn of this side's own never counts.
    let (mut s, _clock, start) = paired();
    s.run(paired_state(&start, &[], "ongoing", None, false, None))
        .expect("gone");
    s.run(paired_state(
        &start,
        &["timeout"],
        "ongoing",
        None,
        false,
        None,
    ))
    .expect("our turn lost");
    assert!(!s.online().is_some_and(|o| o.can_claim()));
    // The claim's result: Ann wins, the game abandoned.
    s.run(paired_state(
        &start,
        &["timeout"],
        "x-wins",
        Some("abandoned"),
        false,
        None,
    ))
    .expect("won");
    assert_eq!(
        s.game().status(),
        Status::Win(Side::X, EndReason::Abandoned)
    );
}

#[test]
fn a_rated_game_ends_with_each_rating_change_and_the_new_ratings() {
    let (mut s, _clock, start) = paired();
    s.run(Command::Online(O::Resign)).expect("resigned");
    assert_eq!(
        s.take_outbox(),
        [r#"{"type":"resign","room":"ABCDEFGH","token":"seat-token"}"#]
    );
    s.run(resigned(&start, true)).expect("over");
    assert_eq!(s.game().status(), Status::Win(Side::O, EndReason::Resigned));
    // Once: the record (both changes) and a login (the new ratings).
    let requests = s.take_requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].query, Query::Game("ABCDEFGH".into()));
    assert_eq!(requests[0].url, "http://127.0.0.1:1/api/games/ABCDEFGH");
    assert_eq!(
        s.take_outbox(),
        [format!(r#"{{"type":"login","key":"{KEY}"}}"#)]
    );
    s.run(resigned(&start, false)).expect("the same end again");
    assert!(s.take_requests().is_empty() && s.take_outbox().is_empty());
    s.run(received(player_frame(1488.0))).expect("player");
    let rating = s
        .lobby()
        .player()
        .and_then(|p| p.rating(Variant::plain(GameId::ShuangCheng)));
    assert_eq!(rating.map(|r| r.rating), Some(1488.0));
    let record = r#"{"room":"ABCDEFGH","game":"shuangcheng","start":"S","plies":[],"status":"o-wins","reason":"resigned","rated":true,"players":{"x":{"name":"Ann","bot":false,"before":1500,"after":1488},"o":{"name":"Bo","bot":false,"before":1620,"after":1628.5}}}"#;
    let answer = Answer {
        status: 200,
        body: record.into(),
    };
    s.run(Command::Records(RecordsCommand::Fetched {
        query: Query::Game("ABCDEFGH".into()),
        answer: Ok(answer),
    }))
    .expect("fetched");
    let record = s
        .lobby()
        .game("ABCDEFGH")
        .and_then(Fetch::got)
        .expect("the record");
    let change = |side| crate::lobby::rating_change(record, side);
    assert_eq!(change(Side::X), Some(-12.0));
    assert_eq!(change(Side::O), Some(8.5));
    // Rematch: a new game, whose end is asked about again.
    s.run(Command::Online(O::Rematch)).expect("rematch");
    assert_eq!(s.take_outbox().len(), 1);
    s.run(paired_state(&start, &[], "ongoing", None, true, None))
        .expect("again");
    s.run(paired_state(
        &start,
        &[],
        "x-wins",
        Some("resigned"),
        true,
        None,
    ))
    .expect("over again");
    assert_eq!(s.take_requests().len(), 1);
}

#[test]
fn a_finished_online_game_is_reviewed_by_the_coach_where_it_is() {
    let (mut s, _clock, start) = paired();
    let two = two_plies();
    assert!(!s.can_review(), "not while it is on");
    assert_eq!(
        s.run(Command::StartReview),
        Err(CommandError::NotWhile(ModeKind::Online))
    );
    s.run(paired_state(
        &start,
        &[&two[0], &two[1]],
        "x-wins",
        Some("resigned"),
        true,
        None,
    ))
    .expect("over");
    assert!(s.can_review());
    s.run(Command::StartReview).expect("reviewing");
    assert!(s.game().review_running().is_some());
    s.run(Command::StepTo(1)).expect("stepped");
    assert_eq!(s.game().cursor(), 1);
    assert_eq!(
        s.mode().kind(),
        ModeKind::Online,
        "the room stays, for a rematch"
    );
}

#[test]
fn the_records_come_back_as_commands_and_a_record_opens_in_the_review() {
    let (mut s, _clock) = named();
    let local = s.game().position_text();
    s.run(Command::Records(RecordsCommand::Fetch {
        server: SERVER.into(),
        query: Query::Player("Ann".into()),
    }))
    .expect("asked");
    let requests = s.take_requests();
    assert_eq!(requests[0].url, "http://127.0.0.1:1/api/players/Ann");
    assert_eq!(s.lobby().profile("ann"), Some(&Fetch::Pending));
    let two = two_plies();
    let start = s.game().start_text();
    let record = format!(
        r#"{{"room":"ABCDEFGH","game":"shuangcheng","start":"{start}","plies":{two:?},"status":"draw","reason":"agreed","rated":true,"players":{{"x":{{"name":"Ann","bot":false,"before":1500,"after":1501}},"o":{{"name":"Computer-Easy","bot":true,"before":1200,"after":1190}}}}}}"#
    );
    let body = format!(
        r#"{{"name":"Ann","bot":false,"ratings":{{"shuangcheng":{{"rating":1501,"deviation":90,"volatility":0.09,"games":13}}}},"games":[{record}]}}"#
    );
    s.run(Command::Records(RecordsCommand::Fetched {
        query: Query::Player("Ann".into()),
        answer: Ok(Answer { status: 200, body }),
    }))
    .expect("fetched");
    let profile = s
        .lobby()
        .profile("Ann")
        .and_then(Fetch::got)
        .expect("a profile");
    assert_eq!(profile.games.len(), 1);
    let rating = s
        .lobby()
        .player()
        .and_then(|p| p.rating(Variant::plain(GameId::ShuangCheng)));
    assert_eq!(
        rating.map(|r| r.rating),
        Some(1501.0),
        "the player's own ratings follow"
    );
    // A game of the record opens in the coach's review, in front of the local games.
    let game = profile.games[0].clone();
    s.run(Command::Archive(ArchiveCommand::Review(Box::new(game))))
        .expect("opened");
    assert_eq!(s.mode().kind(), ModeKind::Archive);
    assert_eq!(s.game().len(), 2);
    assert_eq!(s.game().status(), Status::Draw(EndReason::Agreed));
    assert!(s.game().review_running().is_some());
    assert!(s.can_review());
    assert_eq!(
        s.run(Command::Undo),
        Err(CommandError::NotWhile(ModeKind::Archive))
    );
    // Another game's command goes back to the local games, which are as they were.
    s.run(Command::PickGame(GameId::ShuangCheng)).expect("back");
    assert_eq!(s.mode().kind(), ModeKind::Local);
    assert_eq!(s.game().position_text(), local);
    // A record that does not replay changes nothing.
    let mut broken = s
        .lobby()
        .profile("Ann")
        .and_then(Fetch::got)
        .expect("a profile")
        .games[0]
        .clone();
    broken.plies = vec!["zz-zz".into()];
    assert_eq!(
        s.run(Command::Archive(ArchiveCommand::Review(Box::new(broken)))),
        Err(CommandError::Lobby(LobbyError::Unreadable))
    );
    assert_eq!(s.mode().kind(), ModeKind::Local);
    // No such player: a 404 is kept as missing.
    s.run(Command::Records(RecordsCommand::Fetched {
        query: Query::Player("Nobody".into()),
        answer: Ok(Answer {
            status: 404,
            body: String::new(),
        }),
    }))
    .expect("fetched");
    assert_eq!(s.lobby().profile("nobody"), Some(&Fetch::Missing));
}

/// Asks the records API for `query`, as a view does.
fn ask(s: &mut Session, query: Query) {
    let server = SERVER.into();
    s.run(Command::Records(RecordsCommand::Fetch { server, query }))
        .expect("asked");
}

/// The records API's answer to `query`: `body`, with status 200.
fn answer(s: &mut Session, query: Query, body: &str) {
    let answer = Ok(Answer {
        status: 200,
        body: body.into(),
    });
    s.run(Command::Records(RecordsCommand::Fetched { query, answer }))
        .expect("fetched");
}

/// `name`'s record with `games` (records, written out).
fn profile_body(name: &str, rating: f64, games: &[String]) -> String {
    format!(
        r#"{{"name":"{name}","bot":false,"ratings":{{"shuangcheng":{{"rating":{rating},"deviation":80,"volatility":0.09,"games":12}}}},"games":[{}]}}"#,
        games.join(",")
    )
}

/// The record of room ABCDEFGH's game from `start` with `plies`, Bo winning by resignation.
fn resigned_record(start: &str, plies: &[String]) -> String {
    format!(
        r#"{{"room":"ABCDEFGH","game":"shuangcheng","start":"{start}","plies":{plies:?},"status":"o-wins","reason":"resigned","rated":true,"players":{{"x":{{"name":"Ann","bot":false,"before":1500,"after":1488}},"o":{{"name":"Bo","bot":false,"before":1620,"after":1628}}}}}}"#
    )
}

/// The queries of the requests waiting for the transport.
fn asked(s: &mut Session) -> Vec<Query> {
    s.take_requests().into_iter().map(|r| r.query).collect()
}

#[test]
fn a_game_that_ends_asks_again_for_the_profiles_and_leaderboard_it_changed() {
    let (mut s, _clock, start) = paired();
    let ann = Query::Player("Ann".into());
    let bo = Query::Player("Bo".into());
    let board = Query::Leaderboard(Variant::plain(GameId::ShuangCheng));
    let push_board = Query::Leaderboard(Variant::plain(GameId::Push));
    // What the players' line and the views asked for during the game; Bo's answer is
    // still on its way when the game ends.
    for query in [&ann, &bo, &board, &push_board] {
        ask(&mut s, query.clone());
    }
    assert_eq!(asked(&mut s).len(), 4);
    answer(&mut s, ann.clone(), &profile_body("Ann", 1500.0, &[]));
    let no_players = r#"{"game":"shuangcheng","players":[]}"#;
    answer(&mut s, board.clone(), no_players);
    answer(&mut s, push_board.clone(), no_players);
    s.run(resigned(&start, true)).expect("over");
    // Asked again at once: the player's own profile and the game's leaderboard (not
    // another game's), with the game's record.
    assert_eq!(
        asked(&mut s),
        [ann.clone(), board.clone(), Query::Game("ABCDEFGH".into())]
    );
    // Shown as they were until the new answers come.
    let games = |s: &Session| {
        s.lobby()
            .profile("Ann")
            .and_then(Fetch::got)
            .map(|p| p.games.len())
    };
    assert_eq!(games(&s), Some(0));
    assert!(s
        .lobby()
        .leaderboard(Variant::plain(GameId::ShuangCheng))
        .and_then(Fetch::got)
        .is_some());
    // Asked for on its way: not twice.
    ask(&mut s, ann.clone());
    assert!(asked(&mut s).is_empty());
    // Bo's answer was asked for before the end: shown, and asked for again.
    answer(&mut s, bo.clone(), &profile_body("Bo", 1620.0, &[]));
    assert_eq!(asked(&mut s), std::slice::from_ref(&bo));
    assert!(s.lobby().profile("bo").and_then(Fetch::got).is_some());
    // The same end again asks for nothing.
    s.run(resigned(&start, false)).expect("the same end again");
    assert!(asked(&mut s).is_empty());
    let record = resigned_record(&start, &[]);
    answer(&mut s, ann.clone(), &profile_body("Ann", 1488.0, &[record]));
    assert_eq!(games(&s), Some(1), "the game just played is in the profile");
    // A Refresh puts the old answer aside and says it is asked for.
    ask(&mut s, ann.clone());
    assert_eq!(s.lobby().profile("ann"), Some(&Fetch::Pending));
}

#[test]
fn the_room_s_record_gives_the_ratings_after_its_game_not_an_earlier_one() {
    let (mut s, _clock, start) = paired();
    let two = two_plies();
    let result = |s: &Session| {
        let online = s.online().expect("the room");
        online
            .result(s.lobby())
            .map(|r| r.players.x.as_ref().map(|x| x.after))
    };
    s.run(resigned(&start, true)).expect("over");
    assert_eq!(result(&s), None, "not asked yet");
    // The record of another game of the room (before a rematch) is not this one's.
    answer(
        &mut s,
        Query::Game("ABCDEFGH".into()),
        &resigned_record(&start, &two),
    );
    assert_eq!(result(&s), None);
    answer(
        &mut s,
        Query::Game("ABCDEFGH".into()),
        &resigned_record(&start, &[]),
    );
    assert_eq!(result(&s), Some(Some(1488.0)));
    // A new game in the room: no result until it ends.
    s.run(paired_state(&start, &[], "ongoing", None, true, None))
        .expect("rematch");
    assert_eq!(result(&s), None);
}

#[test]
fn a_record_opens_over_a_finished_room_and_a_lesson_but_not_over_a_game_that_is_on() {
    let (mut s, _clock, start) = paired();
    let record: crate::lobby::GameRecord =
        serde_json::from_str(&resigned_record(&start, &two_plies())).expect("a record");
    let review = || Command::Archive(ArchiveCommand::Review(Box::new(record.clone())));
    let on = CommandError::NotWhile(ModeKind::Online);
    assert_eq!(s.record_refusal(), Some(on.clone()));
    assert_eq!(s.run(review()), Err(on));
    assert_eq!(s.mode().kind(), ModeKind::Online);
    s.run(resigned(&start, true)).expect("over");
    assert_eq!(s.record_refusal(), None);
    s.run(review()).expect("opened");
    assert_eq!(s.mode().kind(), ModeKind::Archive);
    assert_eq!(s.game().len(), 2);
    assert!(s.game().review_running().is_some());
    // The room was left as Leave leaves it: its token kept, not gone back to on start.
    let memory = s.online_memory();
    assert_eq!(memory.current, None);
    assert_eq!(
        memory.tokens.get("ABCDEFGH").map(String::as_str),
        Some("seat-token")
    );
    // A lesson steps aside for it too.
    s.run(Command::Lesson(crate::LessonCommand::Start {
        game: GameId::ShuangCheng,
        lesson: "first-move".into(),
    }))
    .expect("a lesson");
    assert_eq!(s.mode().kind(), ModeKind::Lesson);
    assert_eq!(s.record_refusal(), None);
    s.run(review()).expect("opened over a lesson");
    assert_eq!(s.mode().kind(), ModeKind::Archive);
}
