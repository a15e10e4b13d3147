//! The room rules, one test per rule, and a property test over random action sequences.

use super::*;
use proptest::prelude::*;
use qipan_engine::games::GameId;

const X: &str = "hash-x";
const O: &str = "hash-o";

fn room(game: GameId) -> Room {
    let room = Room::create(
        "ABCDEFGH".into(),
        Variant::plain(game),
        Side::X,
        X.into(),
        1000,
        0,
    );
    let (room, side) = room.join(O.into(), 0).expect("free seat");
    assert_eq!(side, Side::O);
    room
}

#[test]
fn moves_are_checked_in_order() {
    let r = room(GameId::ShuangCheng);
    assert_eq!(r.position, "ooos.sxxx x 0");
    assert_eq!(r.play("nobody", 0, "bh-c", 1), Err(ErrorCode::BadToken));
    assert_eq!(r.play(O, 0, "th-c", 1), Err(ErrorCode::NotYourTurn));
    assert_eq!(r.play(X, 1, "bh-c", 1), Err(ErrorCode::Stale));
    assert_eq!(r.play(X, 0, "bh-zz", 1), Err(ErrorCode::IllegalMove));
    assert_eq!(r.play(X, 0, "tl-th", 1), Err(ErrorCode::IllegalMove));
    let r2 = r.play(X, 0, "bh-c", 1).expect("legal");
    assert_eq!(r2.plies, vec!["bh-c"]);
    assert_eq!(r2.play(X, 0, "bh-c", 1), Err(ErrorCode::Stale));
    r2.check().expect("replays");
    assert!(r.join("third".into(), 2).is_none());
}

#[test]
fn clock_runs_only_with_a_player_there() {
    let r = room(GameId::Push);
    assert_eq!(r.clock, Clock::Paused { remaining_ms: 1000 });
    let r = r.presence("s1", Side::O, true, 100);
    assert_eq!(r.clock, Clock::Running { deadline_ms: 1100 });
    assert_eq!(r.turn_ms(600), Some(500));
    assert_eq!(r.timeout(0, 1099), Err(ErrorCode::NotYourTurn));
    let t = r.timeout(0, 1100).expect("lost turn");
    assert_eq!(t.plies, vec![TIMEOUT_PLY]);
    assert_eq!(t.clock, Clock::Running { deadline_ms: 2100 });
    t.check().expect("replays");
    let left = t.presence("s1", Side::O, false, 1600);
    assert_eq!(left.clock, Clock::Paused { remaining_ms: 500 });
    assert!(left.presence.is_empty());
    let reloaded = t.clone().reloaded(Some("s2"), 1900);
    assert_eq!(reloaded.clock, Clock::Paused { remaining_ms: 200 });
    assert!(!reloaded.connected().o);
}

#[test]
fn resignation_and_rematch_swap_the_seats() {
    let r = room(GameId::Blockade).presence("s", Side::X, true, 0);
    assert_eq!(r.ask_rematch(X, 1), Err(ErrorCode::NotYourTurn));
    let over = r.resign(O, 1).expect("resign");
    assert_eq!(
        (over.status.as_str(), over.reason.as_deref()),
        ("x-wins", Some("resigned"))
    );
    assert_eq!(over.turn_ms(1), None);
    over.check().expect("a resigned game checks");
    assert_eq!(over.resign(X, 2), Err(ErrorCode::GameOver));
    assert_eq!(over.play(X, 0, "a2-a4", 2), Err(ErrorCode::GameOver));
    let asked = over.ask_rematch(X, 2).expect("ask");
    assert_eq!(asked.round, 1);
    let again = asked.ask_rematch(O, 3).expect("ask");
    assert_eq!(again.round, 2);
    assert_eq!(again.seat_of(X), Some(Side::O));
    assert_eq!(again.seat_of(O), Some(Side::X));
    assert_eq!(again.status, "ongoing");
    assert!(again.connected().o && !again.connected().x);
    assert!(again.play(O, 0, "b1-b3", 4).is_ok());
}

#[test]
fn a_game_played_to_its_end_reports_the_engine_reason() {
    // Random legal Shuang Cheng moves until the game ends (it always does: no draws).
    let mut r = room(GameId::ShuangCheng);
    let game = qipan_engine::games::shuangcheng::ShuangCheng;
    let mut n = 0u64;
    while !r.is_over() && n < 500 {
        let pos = game.parse_position(&r.position).expect("position");
        let mut moves = Vec::new();
        game.legal_moves(&pos, &mut moves);
        let token = if game.side_to_move(&pos) == Side::X {
            X
        } else {
            O
        };
        let mv = game.format_move(moves[(n as usize * 7) % moves.len()]);
        r = r.play(token, n, &mv, n).expect("legal");
        n += 1;
    }
    assert!(r.is_over());
    assert_eq!(r.reason.as_deref(), Some("no-move"));
    r.check().expect("replays");
}

#[test]
fn a_tampered_room_is_refused_with_the_reason() {
    let r = room(GameId::ShuangCheng)
        .play(X, 0, "bh-c", 1)
        .expect("legal");
    let mut bad = r.clone();
    bad.position = r.start.clone();
    assert!(matches!(bad.check(), Err(Invalid::Position)));
    let mut bad = r.clone();
    bad.plies[0] = "zz".into();
    assert!(matches!(bad.check(), Err(Invalid::Ply { ply: 0, .. })));
    let mut bad = r.clone();
    bad.code = "abc".into();
    assert!(matches!(bad.check(), Err(Invalid::Code(_))));
    let mut bad = r.clone();
    bad.game = "chess".into();
    assert!(matches!(bad.check(), Err(Invalid::Game(_))));
    let mut bad = r;
    bad.status = "x-wins".into();
    assert!(matches!(bad.check(), Err(Invalid::Status)));
}

#[derive(Clone, Debug)]
enum Act {
    Move(bool, u64, String),
    Timeout(u64),
    Resign(bool),
    Rematch(bool),
    Presence(bool, bool),
    Advance(u64),
}

fn act() -> impl Strategy<Value = Act> {
    let mv = prop_oneof![
        ".{0,12}",
        prop::sample::select(vec![
            "bh-c", "l-c", "r-c", "c-bh", "th-c", "a2-a4", "A1-NE", "b2", "pass", "timeout"
        ])
        .prop_map(str::to_owned),
    ];
    prop_oneof![
        (any::<bool>(), 0u64..8, mv).prop_map(|(s, p, m)| Act::Move(s, p, m)),
        (0u64..8).prop_map(Act::Timeout),
        any::<bool>().prop_map(Act::Resign),
        any::<bool>().prop_map(Act::Rematch),
        (any::<bool>(), any::<bool>()).prop_map(|(s, a)| Act::Presence(s, a)),
        (0u64..3000).prop_map(Act::Advance),
    ]
}

proptest! {
    #[test]
    fn no_action_sequence_panics_or_breaks_the_room(
        game in prop::sample::select(GameId::ALL.to_vec()),
        acts in prop::collection::vec(act(), 0..40),
    ) {
        let mut r = room(game);
        let mut now = 0u64;
        for a in acts {
            let token = |x: bool| if x { X } else { O };
            let result = match a {
                Act::Move(s, p, m) => r.play(token(s), p, &m, now),
                Act::Timeout(p) => r.timeout(p, now),
                Act::Resign(s) => r.resign(token(s), now),
                Act::Rematch(s) => r.ask_rematch(token(s), now),
                Act::Presence(s, a) => Ok(r.presence("s", if s { Side::X } else { Side::O }, a, now)),
                Act::Advance(ms) => { now += ms; continue; }
            };
            if let Ok(next) = result {
                prop_assert!(next.plies.len() <= r.plies.len() + 1 || next.round > r.round);
                r = next;
            }
            prop_assert!(r.check().is_ok(), "{:?}", r.check());
            let json = serde_json::to_string(&r).expect("serialises");
            let back: Room = serde_json::from_str(&json).expect("reads back");
            prop_assert_eq!(&back, &r);
        }
    }
}
