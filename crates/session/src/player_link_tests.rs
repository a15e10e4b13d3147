//! The player's link through the session, with the server's frames written by hand
//! (correspondence.md): it follows the player, logs in and asks `games`, hears the player's
//! games, turns and challenges wherever they are, and carries their seeks, accepts and
//! challenges; a game it hears of comes to the board when the player must be there. Every
//! client frame is checked byte for byte against the spec.

use crate::command::PlayerCommand as P;
use crate::lobby::{Answer, Days, Fetch, Key, OnlineMemory, Query};
use crate::online::{ErrorCode, Seat};
use crate::player_link::{Alert, LinkNotice, LinkStep};
use crate::testing::{on_link, received, session, two_players};
use crate::timer::ManualClock;
use crate::ConnectionEvent as C;
use crate::LobbyCommand as L;
use crate::OnlineCommand as O;
use crate::{Command, CommandError, LobbyError, ModeKind, RecordsCommand, Session};
use qipan_engine::games::{GameId, Side, Variant};

const SERVER: &str = "ws://127.0.0.1:1/ws";
const KEY: &str = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";
const LOGIN: &str = r#"{"type":"login","key":"0f1e2d3c4b5a69788796a5b4c3d2e1f0"}"#;
const GAMES: &str = r#"{"type":"games"}"#;
const PLAYER: &str =
    r#"{"type":"player","name":"Ann","key":"0f1e2d3c4b5a69788796a5b4c3d2e1f0","ratings":{}}"#;

fn player(command: P) -> Command {
    Command::Player(command)
}

fn days(n: u32) -> Days {
    Days::new(n).expect("one of the six")
}

/// A session of Shuang Cheng whose player, Ann, was kept from the last run: the link starts
/// with the session's first frame.
fn kept() -> (Session, ManualClock) {
    let (mut s, clock) = session(two_players(GameId::ShuangCheng), None);
    let memory = OnlineMemory {
        server: SERVER.into(),
        player: Some(crate::lobby::KeptPlayer {
            name: "Ann".into(),
            key: Key::new(KEY),
        }),
        ..OnlineMemory::default()
    };
    s.run(Command::Online(O::Restore(memory)))
        .expect("restored");
    (s, clock)
}

/// [`kept`], the link open and logged in, its first `games` asked and answered with `games`.
fn linked(games: &str) -> (Session, ManualClock) {
    let (mut s, clock) = kept();
    s.run(player(P::Connection(C::Opened))).expect("open");
    assert_eq!(s.take_link_outbox(), [LOGIN]);
    s.run(on_link(PLAYER)).expect("logged in");
    assert_eq!(s.take_link_outbox(), [GAMES]);
    s.run(on_link(games)).expect("games");
    (s, clock)
}

/// Two games of Ann's: Bo's move waits in Push the Line (3 days a move, 1 day left), then
/// Cy's turn in Shuang Cheng (live); a challenge from Dee and one to Eve; a seek.
const TWO_GAMES: &str = r#"{"type":"games","games":[{"room":"PUSHROOM","game":"push","seat":"o","token":"push-token","opponent":"Bo","days":3,"plies":4,"your_turn":true,"turn_ms":86400000},{"room":"LIVEROOM","game":"shuangcheng","seat":"x","token":"live-token","opponent":"Cy","days":null,"plies":1,"your_turn":false,"turn_ms":42000}],"challenges":[{"challenge":"c1","from":"Dee","rating":1600,"game":"cannon","rated":true,"days":7,"to":"Ann"},{"challenge":"c2","from":"Ann","rating":1500,"game":"push","rated":false,"days":null,"to":"Eve"}],"seeks":[{"seek":"s1","game":"maddell","rated":true,"days":5}]}"#;

const NO_GAMES: &str = r#"{"type":"games","games":[],"challenges":[],"seeks":[]}"#;

/// The state of `room` (Shuang Cheng from its start), `days` a move (`null`: live).
fn state(s: &Session, room: &str, days: &str, plies: &[&str], turn_ms: u64) -> String {
    let start = s.game().start_text();
    format!(
        r#"{{"type":"state","room":"{room}","game":"shuangcheng","start":"{start}","plies":{plies:?},"position":"{start}","status":"ongoing","reason":null,"turn_ms":{turn_ms},"connected":{{"x":true,"o":false}},"players":{{"x":{{"name":"Ann","rating":1500,"bot":false}},"o":{{"name":"Bo","rating":1620,"bot":false}}}},"rated":true,"offer":null,"days":{days}}}"#
    )
}

/// The player's game in `room` opened from Your games and seated at `seat` with the
/// token `games` gave.
fn seated_in(s: &mut Session, room: &str, seat: &str) {
    s.run(player(P::Open(room.into()))).expect("opened");
    s.run(Command::Connection(C::Opened)).expect("open");
    let token = s
        .player_link()
        .and_then(|l| l.entry(room))
        .map(|e| e.token.clone())
        .expect("listed");
    s.run(received(format!(
        r#"{{"type":"seat","room":"{room}","seat":"{seat}","token":"{token}"}}"#
    )))
    .expect("seated");
}

/// `paired` on the player's link for (room, seat, token), then the room's state: `days` a
/// move (`null`: live), `turn_ms` left.
fn paired_on_link(
    s: &mut Session,
    (room, seat, token): (&str, &str, &str),
    days: &str,
    turn_ms: u64,
) {
    s.run(on_link(format!(
        r#"{{"type":"paired","room":"{room}","seat":"{seat}","token":"{token}"}}"#
    )))
    .expect("paired");
    s.run(on_link(state(s, room, days, &[], turn_ms)))
        .expect("state");
}

#[test]
fn the_link_follows_the_player_and_asks_for_their_games_once_logged_in() {
    let (mut s, clock) = session(two_players(GameId::ShuangCheng), None);
    assert!(s.player_link().is_none(), "no player, no link");
    // A name chosen: the lobby's connection registers, then the player's link logs in.
    let register = L::Register {
        server: SERVER.into(),
        name: "Ann".into(),
    };
    s.run(Command::Lobby(register)).expect("registering");
    assert!(s.player_link().is_none(), "not a player yet");
    s.run(Command::Connection(C::Opened)).expect("open");
    s.take_outbox();
    s.run(received(PLAYER)).expect("registered");
    let link = s.player_link().expect("the player's link");
    assert_eq!(link.connection().server(), SERVER);
    assert_eq!(link.step(), LinkStep::Connecting);
    assert!(s.take_link_outbox().is_empty(), "nothing before it opens");
    s.run(player(P::Connection(C::Opened))).expect("open");
    assert_eq!(s.take_link_outbox(), [LOGIN]);
    // Asked for before the login is answered: sent after it, once.
    s.run(player(P::Refresh)).expect("refresh");
    assert!(s.take_link_outbox().is_empty());
    s.run(on_link(PLAYER)).expect("logged in");
    assert_eq!(s.player_link().map(|l| l.step()), Some(LinkStep::Ready));
    assert_eq!(s.take_link_outbox(), [GAMES]);
    s.run(player(P::Refresh)).expect("refresh");
    assert!(s.take_link_outbox().is_empty(), "one question at a time");
    s.run(on_link(NO_GAMES)).expect("games");
    s.run(player(P::Refresh)).expect("refresh");
    assert_eq!(s.take_link_outbox(), [GAMES]);
    // Dropped: back with a wait that doubles, logged in again, asked again.
    s.run(player(P::Connection(C::Lost))).expect("lost");
    let link = s.player_link().expect("kept");
    assert_eq!(link.step(), LinkStep::Connecting);
    assert!(!link.connection().wants_socket(s.now()));
    clock.advance(1.0);
    let link = s.player_link().expect("kept");
    assert!(link.connection().wants_socket(s.now()));
    s.run(player(P::Connection(C::Opened))).expect("open");
    s.run(on_link(PLAYER)).expect("logged in");
    assert_eq!(s.take_link_outbox(), [LOGIN, GAMES]);
    // The link's frames never reach the mode's connection, nor the mode's the link.
    assert!(s.take_outbox().is_empty());
    // Logged out: the link is gone.
    s.run(Command::Lobby(L::LogOut)).expect("logged out");
    assert!(s.player_link().is_none());
    assert_eq!(
        s.run(player(P::Refresh)),
        Err(CommandError::Lobby(LobbyError::NoName))
    );
    // A report for a link gone since is nobody's, and no refusal.
    s.run(player(P::Connection(C::Lost)))
        .expect("dropped quietly");
}

#[test]
fn a_key_the_server_does_not_know_stops_the_link() {
    let (mut s, _clock) = kept();
    s.run(player(P::Connection(C::Opened))).expect("open");
    s.take_link_outbox();
    s.run(on_link(
        r#"{"type":"error","code":"bad-key","message":"no"}"#,
    ))
    .expect("refused");
    let link = s.player_link().expect("kept");
    assert_eq!(link.step(), LinkStep::Refused);
    assert_eq!(link.notice(), Some(&LinkNotice::Refused(ErrorCode::BadKey)));
    s.run(player(P::Connection(C::Lost))).expect("lost");
    assert_eq!(s.player_link().map(|l| l.step()), Some(LinkStep::Refused));
}

#[test]
fn your_games_come_in_the_servers_order_and_open_on_the_board() {
    let (mut s, clock) = linked(TWO_GAMES);
    let link = s.player_link().expect("the link");
    let rooms: Vec<&str> = link.games().iter().map(|g| g.room.as_str()).collect();
    assert_eq!(rooms, ["PUSHROOM", "LIVEROOM"], "the player's turn first");
    assert_eq!(link.waiting_count(), 1);
    let incoming: Vec<&str> = link.incoming().map(|c| c.challenge.as_str()).collect();
    let outgoing: Vec<&str> = link.outgoing().map(|c| c.challenge.as_str()).collect();
    assert_eq!((incoming, outgoing), (vec!["c1"], vec!["c2"]));
    // The time left runs down from when the server said it (shown only).
    clock.advance(3600.0);
    let link = s.player_link().expect("the link");
    let push = &link.games()[0];
    assert_eq!(link.turn_ms_left(push, s.now()), 86_400_000 - 3_600_000);
    // "Next game where it's my turn": Push the Line, on the board, its seat resumed.
    s.apply();
    let local = s.game().position_text();
    s.run(player(P::NextTurn)).expect("opened");
    assert_eq!(s.mode().kind(), ModeKind::Online);
    let online = s.online().expect("the room");
    assert_eq!(online.room(), Some("PUSHROOM"));
    assert_eq!(online.server(), SERVER);
    s.run(Command::Connection(C::Opened)).expect("open");
    assert_eq!(
        s.take_outbox(),
        [r#"{"type":"resume","room":"PUSHROOM","token":"push-token"}"#]
    );
    assert!(s.take_link_outbox().is_empty(), "the link stays as it was");
    // No other game waits: said so.
    assert_eq!(
        s.run(player(P::NextTurn)),
        Err(CommandError::Lobby(LobbyError::NoTurnWaiting))
    );
    // Any game opens by its room; one not listed is refused.
    s.run(player(P::Open("LIVEROOM".into()))).expect("opened");
    assert_eq!(s.online().and_then(|o| o.room()), Some("LIVEROOM"));
    s.run(Command::Connection(C::Opened)).expect("open");
    assert_eq!(
        s.take_outbox(),
        [r#"{"type":"resume","room":"LIVEROOM","token":"live-token"}"#]
    );
    assert_eq!(
        s.run(player(P::Open("NOTMINE".into()))),
        Err(CommandError::Lobby(LobbyError::NotListed))
    );
    // Left: the local games are back as they were, the room's token kept.
    s.run(Command::Online(O::Leave)).expect("left");
    assert_eq!(s.game().position_text(), local);
    let memory = s.online_memory();
    assert_eq!(
        memory.tokens.get("PUSHROOM").map(String::as_str),
        Some("push-token")
    );
}

#[test]
fn another_device_logged_in_with_the_key_plays_on_with_the_tokens_of_games() {
    // A new device: nothing kept but the key typed; the games carry every seat's token.
    let (mut s, _clock) = session(two_players(GameId::ShuangCheng), None);
    let log_in = L::LogIn {
        server: SERVER.into(),
        key: Key::new(KEY),
    };
    s.run(Command::Lobby(log_in)).expect("logging in");
    s.run(Command::Connection(C::Opened)).expect("open");
    s.run(received(PLAYER)).expect("logged in");
    s.run(player(P::Connection(C::Opened))).expect("link open");
    s.run(on_link(PLAYER)).expect("link logged in");
    assert_eq!(s.take_link_outbox(), [LOGIN, GAMES]);
    s.run(on_link(TWO_GAMES)).expect("games");
    s.run(player(P::Open("PUSHROOM".into()))).expect("opened");
    s.run(Command::Connection(C::Opened)).expect("open");
    assert_eq!(
        s.take_outbox(),
        [r#"{"type":"resume","room":"PUSHROOM","token":"push-token"}"#]
    );
    s.run(received(
        r#"{"type":"seat","room":"PUSHROOM","seat":"o","token":"push-token"}"#,
    ))
    .expect("seated");
    assert_eq!(
        s.online().and_then(|o| o.seat()),
        Some(Seat::Player(Side::O))
    );
}

#[test]
fn a_correspondence_board_shows_its_days_and_never_runs_the_minute() {
    let (mut s, clock) = linked(TWO_GAMES);
    seated_in(&mut s, "PUSHROOM", "x");
    let two_days = 2 * 86_400_000 + 5 * 3_600_000;
    s.run(received(state(&s, "PUSHROOM", "3", &[], two_days)))
        .expect("state");
    let online = s.online().expect("the room");
    assert_eq!(online.days(), Some(days(3)));
    assert!(online.my_turn());
    clock.advance(90.0);
    let online = s.online().expect("the room");
    assert_eq!(online.days_left_ms(s.now()), Some(two_days - 90_000));
    // Your games shows the room's newer word on the time left.
    s.apply();
    let link = s.player_link().expect("the link");
    let entry = link.entry("PUSHROOM").expect("listed");
    assert_eq!(link.turn_ms_left(entry, s.now()), two_days - 90_000);
    // The 60-second clock stands: nothing here ends a turn.
    assert_eq!(s.game().remaining(s.now()), 60.0);
    clock.advance(600.0);
    s.apply();
    assert!(s.online().is_some_and(|o| o.my_turn()));
    assert!(
        !s.online().is_some_and(|o| o.can_claim()),
        "days do that job"
    );
    // A live room has none of it.
    seated_in(&mut s, "LIVEROOM", "x");
    s.run(received(state(&s, "LIVEROOM", "null", &[], 42_000)))
        .expect("state");
    let online = s.online().expect("the room");
    assert_eq!((online.days(), online.days_left_ms(s.now())), (None, None));
}

#[test]
fn a_move_on_the_board_updates_your_games_and_asks_the_server_once() {
    let (mut s, _clock) = linked(TWO_GAMES);
    seated_in(&mut s, "PUSHROOM", "x");
    s.run(received(state(&s, "PUSHROOM", "3", &[], 86_400_000)))
        .expect("state");
    // The board's 0 plies against the list's 4: the server is asked, and answers.
    assert_eq!(s.take_link_outbox(), [GAMES]);
    s.run(on_link(TWO_GAMES.replace(r#""plies":4"#, r#""plies":0"#)))
        .expect("games");
    let mv = s.game().legal_moves()[0];
    let text = s.game().format_move(mv).expect("a move");
    s.run(Command::Play(mv)).expect("sent");
    s.run(received(state(&s, "PUSHROOM", "3", &[&text], 86_400_000)))
        .expect("played");
    let link = s.player_link().expect("the link");
    assert_eq!(
        link.waiting_count(),
        0,
        "at once, without waiting for games"
    );
    assert_eq!(s.take_link_outbox(), [GAMES]);
    s.apply();
    assert!(s.take_link_outbox().is_empty(), "once for each change");
}

#[test]
fn your_turn_is_told_wherever_the_player_is_and_not_for_the_game_on_the_board() {
    let (mut s, _clock) = linked(TWO_GAMES);
    let turn = r#"{"type":"your-turn","room":"LIVEROOM","game":"shuangcheng","opponent":"Cy","turn_ms":30000}"#;
    s.run(on_link(turn)).expect("your turn");
    assert_eq!(
        s.take_alerts(),
        [Alert::YourTurn {
            room: "LIVEROOM".into(),
            game: Variant::plain(GameId::ShuangCheng),
            opponent: "Cy".into()
        }]
    );
    let link = s.player_link().expect("the link");
    assert_eq!(link.waiting_count(), 2, "the entry follows at once");
    assert_eq!(s.take_link_outbox(), [GAMES], "and fresh data is asked for");
    // On the board, the player sees the move: no alert.
    s.run(on_link(TWO_GAMES)).expect("games");
    s.run(player(P::Open("PUSHROOM".into()))).expect("opened");
    let turn =
        r#"{"type":"your-turn","room":"PUSHROOM","game":"push","opponent":"Bo","turn_ms":1000}"#;
    s.run(on_link(turn)).expect("your turn");
    assert!(s.take_alerts().is_empty());
}

#[test]
fn a_correspondence_seek_is_placed_withdrawn_and_another_accepted() {
    let (mut s, _clock) = linked(NO_GAMES);
    let cannon = Variant::plain(GameId::Cannon);
    // The open seeks of the game, from the records API.
    let seeks = Command::Records(RecordsCommand::Fetch {
        server: SERVER.into(),
        query: Query::Seeks(cannon),
    });
    s.run(seeks).expect("asked");
    let asked: Vec<String> = s.take_requests().into_iter().map(|r| r.url).collect();
    assert_eq!(asked, ["http://127.0.0.1:1/api/seeks/cannon"]);
    let body = r#"{"game":"cannon","seeks":[{"seek":"s9","name":"Bo","rating":1620,"provisional":true,"rated":true,"days":3}]}"#;
    s.run(Command::Records(RecordsCommand::Fetched {
        query: Query::Seeks(cannon),
        answer: Ok(Answer {
            status: 200,
            body: body.into(),
        }),
    }))
    .expect("answered");
    let open = s.lobby().seeks(cannon).and_then(Fetch::got).expect("read");
    assert_eq!(
        (open.seeks[0].name.as_str(), open.seeks[0].days),
        ("Bo", days(3))
    );
    // A seek of 3 days a move, which the server holds.
    let seek = P::Seek {
        game: cannon,
        rated: true,
        days: days(3),
    };
    s.run(player(seek)).expect("seeking");
    assert_eq!(
        s.take_link_outbox(),
        [r#"{"type":"seek","game":"cannon","rated":true,"days":3}"#]
    );
    assert_eq!(
        s.mode().kind(),
        ModeKind::Local,
        "no mode: it outlives this"
    );
    s.run(on_link(
        r#"{"type":"seeking","game":"cannon","rated":true,"days":3,"seek":"s1"}"#,
    ))
    .expect("seeking");
    let link = s.player_link().expect("the link");
    assert_eq!(link.notice(), Some(&LinkNotice::SeekPlaced));
    assert_eq!(s.take_link_outbox(), [GAMES], "to list it");
    let asked: Vec<String> = s.take_requests().into_iter().map(|r| r.url).collect();
    assert_eq!(
        asked,
        ["http://127.0.0.1:1/api/seeks/cannon"],
        "shown fresh"
    );
    s.run(on_link(
        r#"{"type":"games","games":[],"challenges":[],"seeks":[{"seek":"s1","game":"cannon","rated":true,"days":3}]}"#,
    ))
    .expect("games");
    // Withdrawn by its id.
    s.run(player(P::Unseek("s1".into()))).expect("withdrawing");
    assert_eq!(s.take_link_outbox(), [r#"{"type":"unseek","seek":"s1"}"#]);
    s.run(on_link(
        r#"{"type":"seeking","game":null,"rated":null,"days":null,"seek":"s1"}"#,
    ))
    .expect("withdrawn");
    let link = s.player_link().expect("the link");
    assert!(link.your_games().is_some_and(|g| g.seeks.is_empty()));
    s.take_link_outbox();
    // Bo's seek accepted: the game starts on the board, asked for here.
    s.run(player(P::AcceptSeek("s9".into())))
        .expect("accepting");
    assert_eq!(s.take_link_outbox(), [r#"{"type":"accept","seek":"s9"}"#]);
    s.run(on_link(
        r#"{"type":"paired","room":"CORRROOM","seat":"o","token":"corr-token"}"#,
    ))
    .expect("paired");
    assert_eq!(s.mode().kind(), ModeKind::Local, "until the room says what");
    s.run(on_link(state(&s, "CORRROOM", "3", &[], 259_200_000)))
        .expect("state");
    assert_eq!(s.online().and_then(|o| o.room()), Some("CORRROOM"));
    s.run(Command::Connection(C::Opened)).expect("open");
    assert_eq!(
        s.take_outbox(),
        [r#"{"type":"resume","room":"CORRROOM","token":"corr-token"}"#]
    );
}

#[test]
fn a_game_started_elsewhere_waits_in_your_games_and_a_live_one_comes_to_the_board() {
    let (mut s, _clock) = linked(NO_GAMES);
    // Someone took the player's correspondence seek: told, and listed, not opened.
    paired_on_link(&mut s, ("CORRROOM", "x", "corr-token"), "7", 604_800_000);
    assert_eq!(s.mode().kind(), ModeKind::Local);
    let link = s.player_link().expect("the link");
    assert_eq!(
        link.notice(),
        Some(&LinkNotice::NewGame {
            room: "CORRROOM".into()
        })
    );
    assert_eq!(s.take_link_outbox(), [GAMES]);
    // Someone took the player's live challenge: 60 seconds a turn, so to the board.
    paired_on_link(&mut s, ("LIVEROOM", "o", "live-token"), "null", 60_000);
    assert_eq!(s.online().and_then(|o| o.room()), Some("LIVEROOM"));
    // While a game of the player's is on the board, another one waits.
    s.run(Command::Connection(C::Opened)).expect("open");
    s.run(received(
        r#"{"type":"seat","room":"LIVEROOM","seat":"o","token":"live-token"}"#,
    ))
    .expect("seated");
    s.run(received(state(&s, "LIVEROOM", "null", &[], 60_000)))
        .expect("state");
    paired_on_link(&mut s, ("OTHERROOM", "o", "t"), "null", 60_000);
    assert_eq!(s.online().and_then(|o| o.room()), Some("LIVEROOM"));
}

#[test]
fn a_live_seek_keeps_its_own_pairing() {
    let (mut s, _clock) = linked(NO_GAMES);
    let seek = L::Seek {
        server: SERVER.into(),
        rated: true,
    };
    s.run(Command::Lobby(seek)).expect("seeking");
    s.run(Command::Connection(C::Opened)).expect("open");
    s.run(received(PLAYER)).expect("logged in");
    s.take_outbox();
    // Both of the player's connections hear of the pairing: the seek's own takes it.
    paired_on_link(&mut s, ("SEEKROOM", "x", "seek-token"), "null", 60_000);
    assert_eq!(s.mode().kind(), ModeKind::Seeking);
    s.run(received(
        r#"{"type":"paired","room":"SEEKROOM","seat":"x","token":"seek-token"}"#,
    ))
    .expect("paired");
    assert_eq!(s.online().and_then(|o| o.room()), Some("SEEKROOM"));
    assert!(
        s.take_outbox().is_empty(),
        "the seek's connection holds the seat"
    );
}

#[test]
fn challenges_are_sent_answered_cancelled_and_told() {
    let (mut s, _clock) = linked(TWO_GAMES);
    let push = Variant::plain(GameId::Push);
    let challenge = |to: &str, days: Option<Days>| {
        player(P::Challenge {
            to: to.into(),
            game: push,
            rated: true,
            days,
        })
    };
    // Checked here first.
    assert_eq!(
        s.run(challenge("a b", None)),
        Err(CommandError::Lobby(LobbyError::BadName))
    );
    assert_eq!(
        s.run(challenge("ANN", None)),
        Err(CommandError::Lobby(LobbyError::OwnChallenge))
    );
    assert!(s.take_link_outbox().is_empty());
    // Live, then 7 days a move.
    s.run(challenge(" Bob ", None)).expect("challenging");
    s.run(challenge("李小雷", Some(days(7))))
        .expect("challenging");
    assert_eq!(
        s.take_link_outbox(),
        [
            r#"{"type":"challenge","to":"Bob","game":"push","rated":true,"days":null}"#,
            r#"{"type":"challenge","to":"李小雷","game":"push","rated":true,"days":7}"#
        ]
    );
    s.run(on_link(r#"{"type":"challenge-sent","challenge":"c7"}"#))
        .expect("sent");
    let link = s.player_link().expect("the link");
    assert_eq!(link.notice(), Some(&LinkNotice::ChallengeSent));
    assert_eq!(s.take_link_outbox(), [GAMES]);
    // Bob declines: told by name.
    s.run(on_link(r#"{"type":"declined","challenge":"c7"}"#))
        .expect("declined");
    let link = s.player_link().expect("the link");
    assert_eq!(
        link.notice(),
        Some(&LinkNotice::Declined {
            to: Some("Bob".into())
        })
    );
    // The player's own challenge to Eve, cancelled.
    s.run(player(P::CancelChallenge("c2".into())))
        .expect("cancelling");
    assert_eq!(
        s.take_link_outbox(),
        [r#"{"type":"cancel","challenge":"c2"}"#]
    );
    assert_eq!(s.player_link().map(|l| l.outgoing().count()), Some(0));
    // A challenge comes: told wherever the player is, listed.
    s.run(on_link(
        r#"{"type":"challenge","challenge":"c9","from":"Fay","rating":1712.5,"game":"push","rated":false,"days":null}"#,
    ))
    .expect("challenged");
    assert_eq!(
        s.take_alerts(),
        [Alert::Challenged {
            from: "Fay".into(),
            game: Variant::plain(GameId::Push),
            rated: false,
            days: None
        }]
    );
    let incoming: Vec<String> = s
        .player_link()
        .map(|l| l.incoming().map(|c| c.challenge.clone()).collect())
        .unwrap_or_default();
    assert_eq!(incoming, ["c1", "c9"]);
    // Dee's declined, Fay's accepted.
    s.run(player(P::Decline("c1".into()))).expect("declining");
    s.run(player(P::AcceptChallenge("c9".into())))
        .expect("accepting");
    assert_eq!(
        s.take_link_outbox(),
        [
            r#"{"type":"decline","challenge":"c1"}"#,
            r#"{"type":"accept","challenge":"c9"}"#
        ]
    );
    assert_eq!(s.player_link().map(|l| l.incoming().count()), Some(0));
    // The server refuses one: said in its words.
    s.run(on_link(
        r#"{"type":"error","code":"no-such-challenge","message":"gone"}"#,
    ))
    .expect("refused");
    assert_eq!(
        s.player_link().and_then(|l| l.notice()),
        Some(&LinkNotice::Refused(ErrorCode::NoSuchChallenge))
    );
}

#[test]
fn what_the_player_asks_before_the_link_is_logged_in_goes_once_it_is() {
    let (mut s, _clock) = kept();
    s.run(player(P::Challenge {
        to: "Bob".into(),
        game: Variant::plain(GameId::ShuangCheng),
        rated: false,
        days: Some(days(14)),
    }))
    .expect("queued");
    assert!(s.take_link_outbox().is_empty());
    s.run(player(P::Connection(C::Opened))).expect("open");
    assert_eq!(s.take_link_outbox(), [LOGIN]);
    s.run(on_link(PLAYER)).expect("logged in");
    assert_eq!(
        s.take_link_outbox(),
        [
            r#"{"type":"challenge","to":"Bob","game":"shuangcheng","rated":false,"days":14}"#,
            GAMES
        ]
    );
}
