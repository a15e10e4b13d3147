//! Playing online through the session, with the server's frames written by hand: the game
//! follows the server, and the online mode refuses, with its reason, what it must.

use crate::online::{Link, OnlineMemory, Seat, SeatChoice};
use crate::testing::{received, session, two_players};
use crate::ConnectionEvent as C;
use crate::OnlineCommand as O;
use crate::{Command, CommandError, ModeKind, OnlineError, PlayError, PuzzleCommand, Session};
use qipan_engine::ai::Level;
use qipan_engine::games::{GameId, Side, Status, Variant};

const SERVER: &str = "ws://127.0.0.1:1/ws";

/// The server's word on where this client sits in room ABCDEFGH (`token`: a player's).
fn seat(seat: &str, token: Option<&str>) -> Command {
    let token = token.map_or("null".to_owned(), |t| format!("{t:?}"));
    received(format!(
        r#"{{"type":"seat","room":"ABCDEFGH","seat":"{seat}","token":{token}}}"#
    ))
}

/// The server's state of room ABCDEFGH: a fresh Shuang Cheng game from `start`, both
/// players there.
fn fresh_state(start: &str) -> Command {
    received(format!(
        r#"{{"type":"state","room":"ABCDEFGH","game":"shuangcheng","start":"{start}","plies":[],"position":"{start}","status":"ongoing","reason":null,"turn_ms":60000,"connected":{{"x":true,"o":true}},"players":{{"x":null,"o":null}},"rated":false,"offer":null,"days":null}}"#
    ))
}

/// A session in a friend's room, seated at x with a token, the game sent (the connection as
/// `open` says).
fn seated(open: bool) -> Session {
    let (mut s, _clock) = session(two_players(GameId::ShuangCheng), None);
    let start = s.game().start_text();
    let join = O::Join {
        server: SERVER.into(),
        room: "ABCDEFGH".into(),
    };
    s.run(Command::Online(join)).expect("joined");
    if open {
        s.run(Command::Connection(C::Opened)).expect("open");
    }
    s.run(seat("x", Some("secret"))).expect("seat");
    s.run(fresh_state(&start)).expect("state");
    s.take_outbox();
    s
}

/// The client's side of an online game, with the server's frames written by hand.
#[test]
fn an_online_game_follows_the_server_and_finds_its_way_back() {
    let (mut s, clock) = session(two_players(GameId::ShuangCheng), None);
    let local = s.game().position_text();
    s.run(Command::Online(O::Create {
        server: "ws://127.0.0.1:1/ws".into(),
        side: SeatChoice::Side(Side::X),
    }))
    .expect("online");
    s.run(Command::Connection(C::Opened)).expect("open");
    let sent = s.take_outbox();
    assert_eq!(
        sent,
        [r#"{"type":"create","game":"shuangcheng","side":"x"}"#]
    );
    let state = |plies: &[&str], position: &str| {
        format!(
            r#"{{"type":"state","room":"ABCDEFGH","game":"shuangcheng","start":"{}","plies":{:?},"position":"{}","status":"ongoing","reason":null,"turn_ms":60000,"connected":{{"x":true,"o":false}},"players":{{"x":null,"o":null}},"rated":false,"offer":null,"days":null}}"#,
            local, plies, position
        )
    };
    let seat = r#"{"type":"seat","room":"ABCDEFGH","seat":"x","token":"secret-token"}"#;
    s.run(received(seat)).expect("seat");
    s.run(received(state(&[], &local))).expect("state");
    let online = s.online().expect("online");
    assert_eq!(online.seat(), Some(Seat::Player(Side::X)));
    assert_eq!(online.room(), Some("ABCDEFGH"));
    assert!(s.game().is_remote());
    // Nobody in the other seat yet: the server's clock stands, and so does the one shown.
    clock.advance(10.0);
    assert_eq!(s.game().remaining(s.now()), 60.0);
    // A move goes to the server, not onto the board.
    let mv = s.game().legal_moves()[0];
    let text = s.game().format_move(mv).expect("a move");
    s.run(Command::Play(mv)).expect("sent");
    assert_eq!(s.game().len(), 0, "the server decides");
    let sent = s.take_outbox();
    assert_eq!(
        sent,
        [format!(
            r#"{{"type":"move","room":"ABCDEFGH","token":"secret-token","ply":0,"move":"{text}"}}"#
        )]
    );
    assert_eq!(
        s.run(Command::Play(mv)),
        Err(CommandError::Online(OnlineError::MovePending)),
        "one move at a time"
    );
    // The server's state with the move: the board follows, the friend's turn.
    let mut replay = crate::AnyMatch::replay(
        Variant::plain(GameId::ShuangCheng),
        &local,
        std::slice::from_ref(&text),
        1,
        crate::Players {
            human: None,
            level: Level::Easy,
        },
        0,
        0.0,
    )
    .expect("replays");
    replay.advance(0.0);
    let after = replay.position_text();
    s.run(received(state(&[&text], &after))).expect("state");
    assert_eq!(s.game().position_text(), after);
    assert!(!s.game().human_to_move(), "the friend's turn");
    // A move was played, so both seats are taken: the clock runs.
    clock.advance(5.0);
    assert_eq!(s.game().remaining(s.now()), 55.0);
    assert_eq!(
        s.run(Command::Play(mv)),
        Err(CommandError::Play(PlayError::NotYourTurn)),
        "the friend's turn"
    );
    assert_eq!(
        s.run(Command::Undo),
        Err(CommandError::NotWhile(ModeKind::Online))
    );
    // The connection drops: a wait, then back with the token.
    s.run(Command::Connection(C::Lost)).expect("lost");
    let online = s.online().expect("online");
    assert!(matches!(online.link(), Link::Lost { .. }));
    assert!(!online.wants_socket(crate::timer::Clock::now(&clock)));
    clock.advance(1.5);
    assert!(s
        .online()
        .expect("online")
        .wants_socket(crate::timer::Clock::now(&clock)));
    s.run(Command::Connection(C::Opened)).expect("open");
    assert_eq!(
        s.take_outbox(),
        [r#"{"type":"resume","room":"ABCDEFGH","token":"secret-token"}"#]
    );
    // A resignation: no rule ended the game, the server's word does.
    let resigned = state(&[&text], &after)
        .replace(
            r#""status":"ongoing","reason":null"#,
            r#""status":"o-wins","reason":"resigned""#,
        )
        .replace(r#""turn_ms":60000"#, r#""turn_ms":null"#);
    s.run(received(resigned)).expect("state");
    assert_eq!(
        s.game().status(),
        Status::Win(Side::O, qipan_engine::games::EndReason::Resigned)
    );
    assert!(!s.game().human_to_move());
    // The token is kept, and leaving brings the local game back.
    let memory = s.online_memory();
    assert_eq!(
        memory.tokens.get("ABCDEFGH").map(String::as_str),
        Some("secret-token")
    );
    assert_eq!(
        s.run(Command::Play(mv)),
        Err(CommandError::Play(PlayError::GameOver))
    );
    s.run(Command::Online(O::Leave)).expect("left");
    assert!(s.online().is_none());
    assert_eq!(s.mode().kind(), ModeKind::Local);
    assert_eq!(s.game().position_text(), local);
    assert_eq!(s.online_memory().current, None);
    assert_eq!(s.online_memory().tokens.len(), 1);
}

/// Before the server seats this client and sends the game, a move says what it waits for;
/// with the connection down it says so; a spectator moves and resigns nothing.
#[test]
fn an_online_move_is_refused_with_what_it_waits_for() {
    let (mut s, _clock) = session(two_players(GameId::ShuangCheng), None);
    let start = s.game().start_text();
    let mv = s.game().legal_moves()[0];
    let join = O::Join {
        server: SERVER.into(),
        room: "ABCDEFGH".into(),
    };
    s.run(Command::Online(join)).expect("joined");
    s.run(Command::Connection(C::Opened)).expect("open");
    let online = |e| Err(CommandError::Online(e));
    assert_eq!(s.run(Command::Play(mv)), online(OnlineError::NoSeat));
    assert_eq!(
        s.run(Command::Online(O::Resign)),
        online(OnlineError::NoSeat)
    );
    s.run(seat("x", Some("secret"))).expect("seat");
    assert_eq!(s.run(Command::Play(mv)), online(OnlineError::NoGameYet));
    s.run(fresh_state(&start)).expect("state");
    s.run(Command::Connection(C::Lost)).expect("lost");
    assert_eq!(s.run(Command::Play(mv)), online(OnlineError::Offline));
    assert!(s.take_outbox().iter().all(|frame| !frame.contains("move")));

    // Watching: nothing to move, nothing to resign or ask for.
    let (mut s, _clock) = session(two_players(GameId::ShuangCheng), None);
    let join = O::Join {
        server: SERVER.into(),
        room: "ABCDEFGH".into(),
    };
    s.run(Command::Online(join)).expect("joined");
    s.run(Command::Connection(C::Opened)).expect("open");
    s.run(seat("spectator", None)).expect("seat");
    s.run(fresh_state(&start)).expect("state");
    s.take_outbox();
    assert_eq!(s.online().and_then(|o| o.seat()), Some(Seat::Spectator));
    assert!(!s.game().human_to_move());
    assert_eq!(s.run(Command::Play(mv)), online(OnlineError::Spectating));
    assert_eq!(
        s.run(Command::Online(O::Resign)),
        online(OnlineError::Spectating)
    );
    assert_eq!(
        s.run(Command::Online(O::Rematch)),
        online(OnlineError::Spectating)
    );
    assert!(s.take_outbox().is_empty(), "nothing was sent");
}

/// While online, what would change a game here is refused as not while online, a second
/// room as already online, and a move of another game as such; the game is unchanged.
#[test]
fn the_online_mode_refuses_what_the_server_holds() {
    let mut s = seated(true);
    let before = s.game().position_text();
    let not_while = Err(CommandError::NotWhile(ModeKind::Online));
    for command in [
        Command::Undo,
        Command::Redo,
        Command::NewGame,
        Command::Hint,
        Command::StepTo(0),
        Command::PickGame(GameId::Push),
        Command::SetPlayers(None),
        Command::Puzzle(PuzzleCommand::Next(GameId::Push)),
        Command::Editor(crate::editor::EditorCommand::Open(
            crate::editor::Fill::Start,
        )),
    ] {
        assert_eq!(s.run(command.clone()), not_while, "{command:?}");
    }
    let again = O::Create {
        server: SERVER.into(),
        side: SeatChoice::Random,
    };
    assert_eq!(
        s.run(Command::Online(again)),
        Err(CommandError::AlreadyIn(ModeKind::Online))
    );
    // A Maddell move on a Shuang Cheng board.
    let (other, _clock) = session(two_players(GameId::Maddell), None);
    let maddell = other.game().legal_moves()[0];
    assert_eq!(
        s.run(Command::Play(maddell)),
        Err(CommandError::Play(PlayError::OtherGame))
    );
    assert_eq!(s.game().position_text(), before);
    assert_eq!(s.mode().kind(), ModeKind::Online);
    assert!(s.take_outbox().is_empty(), "nothing was sent");
    // The one move that is sent.
    let mv = s.game().legal_moves()[0];
    s.run(Command::Play(mv)).expect("sent");
    assert_eq!(s.take_outbox().len(), 1);
}

/// With no room, the connection's reports and a room's commands are refused as not online;
/// a restore with no room in play keeps the tokens and stays with the local games.
#[test]
fn online_commands_without_a_room_are_refused_and_a_restore_keeps_the_tokens() {
    let (mut s, _clock) = session(two_players(GameId::ShuangCheng), None);
    let room = [O::Leave, O::Resign, O::Rematch].map(Command::Online);
    let connection = [C::Opened, C::Lost, C::Connecting].map(Command::Connection);
    for command in room.into_iter().chain(connection) {
        assert_eq!(
            s.run(command.clone()),
            Err(CommandError::NotIn(ModeKind::Online)),
            "{command:?}"
        );
    }
    let kept = OnlineMemory {
        server: SERVER.into(),
        current: None,
        tokens: [("ABCDEFGH".to_owned(), "secret".to_owned())].into(),
        player: None,
    };
    s.run(Command::Online(O::Restore(kept.clone())))
        .expect("restored");
    assert_eq!(s.mode().kind(), ModeKind::Local);
    assert_eq!(s.online_memory(), kept);
    // A room in play is resumed with its token.
    let playing = OnlineMemory {
        current: Some("ABCDEFGH".into()),
        ..kept
    };
    s.run(Command::Online(O::Restore(playing)))
        .expect("resumed");
    assert_eq!(s.mode().kind(), ModeKind::Online);
    s.run(Command::Connection(C::Opened)).expect("open");
    assert_eq!(
        s.take_outbox(),
        [r#"{"type":"resume","room":"ABCDEFGH","token":"secret"}"#]
    );
}

/// Room ABCDEFGH's state after x resigned a fresh game from `start`, with `rematch` (the
/// field's JSON, or `None` for a server that wrote none).
fn resigned_state(start: &str, rematch: Option<&str>) -> Command {
    let rematch = rematch.map_or(String::new(), |side| format!(r#","rematch":{side}"#));
    received(format!(
        r#"{{"type":"state","room":"ABCDEFGH","game":"shuangcheng","start":"{start}","plies":[],"position":"{start}","status":"o-wins","reason":"resigned","turn_ms":null,"connected":{{"x":true,"o":true}},"players":{{"x":null,"o":null}},"rated":false,"offer":null,"days":null{rematch}}}"#
    ))
}

/// The other player's rematch request is shown to be answered, Decline sends its frame; a
/// request of this seat's that the server showed and then dropped was declined.
#[test]
fn a_rematch_request_is_answered_and_a_declined_one_is_told() {
    let mut s = seated(true);
    let start = s.game().start_text();
    let online = |s: &Session| {
        let o = s.online().expect("online");
        (o.rematch_offered(), o.rematch_asked(), o.rematch_declined())
    };
    s.run(resigned_state(&start, None)).expect("over");
    assert_eq!(online(&s), (false, false, false));
    // o asks: x is asked, and declines.
    s.run(resigned_state(&start, Some(r#""o""#)))
        .expect("asked");
    assert_eq!(online(&s), (true, false, false));
    s.run(Command::Online(O::DeclineRematch)).expect("declines");
    let sent = s.take_outbox();
    assert!(
        sent.iter()
            .any(|f| f.contains(r#""type":"decline-rematch""#)),
        "{sent:?}"
    );
    s.run(resigned_state(&start, None)).expect("declined");
    assert_eq!(online(&s), (false, false, false), "nobody was declined");

    // x asks; a state from before the request arrived says nothing of it.
    s.run(Command::Online(O::Rematch)).expect("asks");
    s.run(resigned_state(&start, None)).expect("an older state");
    assert_eq!(online(&s), (false, true, false));
    s.run(resigned_state(&start, Some(r#""x""#)))
        .expect("shown");
    assert_eq!(
        online(&s),
        (false, true, false),
        "x's own request is no offer"
    );
    // o declines: x is told, and may ask again.
    s.run(resigned_state(&start, None)).expect("declined");
    assert_eq!(online(&s), (false, false, true));
    s.run(Command::Online(O::Rematch)).expect("asks again");
    assert_eq!(online(&s), (false, true, false));
}
