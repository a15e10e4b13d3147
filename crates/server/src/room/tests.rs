//! The room rules, one test per rule, and a property test over random action sequences.

use super::*;
use proptest::prelude::*;
use qipan_engine::games::GameId;
use qipan_engine::games::ToGame;

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
    assert_eq!(over.status, Status::Win(Side::X, EndReason::Resigned));
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
    assert_eq!(again.status, Status::Ongoing);
    assert!(again.connected().o && !again.connected().x);
    assert!(again.play(O, 0, "b1-b3", 4).is_ok());
}

/// The `rematch` field of the room's `state` frame.
fn standing_rematch(room: &Room) -> Option<Side> {
    match room.state_frame(0) {
        ServerFrame::State(state) => state.rematch,
        other => panic!("not a state: {other:?}"),
    }
}

#[test]
fn a_rematch_request_is_shown_to_the_other_seat_until_it_is_declined() {
    let r = room(GameId::Blockade);
    assert_eq!(r.decline_rematch(O, 1), Err(ErrorCode::NotYourTurn));
    let over = r.resign(O, 1).expect("resign");
    assert_eq!(standing_rematch(&over), None);
    assert_eq!(over.decline_rematch("nobody", 2), Err(ErrorCode::BadToken));
    let asked = over.ask_rematch(X, 2).expect("ask");
    assert_eq!(standing_rematch(&asked), Some(Side::X));
    // O declines: nothing stands, and O asking later is a request of its own, not a yes.
    let declined = asked.decline_rematch(O, 3).expect("decline");
    assert_eq!(standing_rematch(&declined), None);
    assert_eq!(declined.round, 1);
    let o_asks = declined.ask_rematch(O, 4).expect("ask");
    assert_eq!(
        (o_asks.round, standing_rematch(&o_asks)),
        (1, Some(Side::O))
    );
    // X may withdraw its own; accepting (asking too) starts the game, and nothing stands.
    let started = o_asks.ask_rematch(X, 5).expect("accept");
    assert_eq!((started.round, standing_rematch(&started)), (2, None));
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
    assert_eq!(r.status.reason(), Some(EndReason::NoMove));
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
    bad.status = Status::Win(Side::X, EndReason::NoMove);
    assert!(matches!(bad.check(), Err(Invalid::Status)));
    // A room naming no game, or a status no game can be in, does not even read.
    let text = serde_json::to_string(&r).expect("writes");
    for (from, to) in [
        (r#""game":"shuangcheng""#, r#""game":"chess""#),
        (r#""reason":null"#, r#""reason":"resigned""#),
    ] {
        assert!(text.contains(from), "{text}");
        let forged = text.replace(from, to);
        assert!(serde_json::from_str::<Room>(&forged).is_err(), "{forged}");
    }
}

/// A room after `n` plies of the first legal move each time.
/// The first of the legal moves in `r`'s position, in notation.
fn first_legal(r: &Room) -> String {
    with_game!(r.game.to_game(), g => {
        let pos = g.parse_position(&r.position).expect("position");
        let mut moves = Vec::new();
        g.legal_moves(&pos, &mut moves);
        g.format_move(moves[0])
    })
}

fn after_plies(mut r: Room, n: usize) -> Room {
    for _ in 0..n {
        let ply = r.plies.len();
        let mv = first_legal(&r);
        let token = if r.seat_of(X) == Some(side_to_move(&r)) {
            X
        } else {
            O
        };
        r = r.play(token, ply as u64, &mv, 1).expect("legal");
    }
    r
}

fn side_to_move(r: &Room) -> Side {
    with_game!(r.game.to_game(), g => {
        g.side_to_move(&g.parse_position(&r.position).expect("position"))
    })
}

#[test]
fn a_game_is_aborted_only_before_its_second_ply() {
    let r = room(GameId::Push);
    assert_eq!(r.abort("nobody", 1), Err(ErrorCode::BadToken));
    let aborted = r.abort(O, 5).expect("no ply yet");
    assert_eq!(aborted.status, Status::Draw(EndReason::Aborted));
    assert_eq!(aborted.turn_ms(5), None);
    aborted.check().expect("an aborted game checks");
    assert_eq!(aborted.abort(X, 6), Err(ErrorCode::GameOver));
    let one = after_plies(r.clone(), 1);
    assert!(one.abort(X, 6).is_ok(), "after one ply");
    let two = after_plies(r, 2);
    assert_eq!(two.abort(X, 6), Err(ErrorCode::CannotAbort));
    assert_eq!(two.abort(O, 6), Err(ErrorCode::CannotAbort));
    // A room that says "aborted" after two plies is not served.
    let mut forged = two.clone();
    forged.status = Status::Draw(EndReason::Aborted);
    assert!(matches!(forged.check(), Err(Invalid::Status)));
}

#[test]
fn a_draw_offer_stands_until_the_other_side_plays_and_is_accepted_by_theirs() {
    let r = room(GameId::Blockade).presence("s", Side::X, true, 0);
    let offered = r.draw(X, 1).expect("offer");
    assert_eq!(offered.offer, Some(Side::X));
    assert_eq!(offered.draw(X, 2).expect("again").offer, Some(Side::X));
    let agreed = offered.draw(O, 3).expect("accept");
    assert_eq!(
        (agreed.status, agreed.offer),
        (Status::Draw(EndReason::Agreed), None)
    );
    agreed.check().expect("an agreed draw checks");
    assert_eq!(agreed.draw(O, 4), Err(ErrorCode::GameOver));
    // x offers on its own turn and moves: the offer stands; o's ply declines it.
    let moved = after_plies(offered.clone(), 1);
    assert_eq!(moved.offer, Some(Side::X));
    let declined = after_plies(moved, 1);
    assert_eq!(declined.offer, None);
    // o offers during x's turn: a turn x loses to the clock declines it.
    let o_offers = after_plies(r, 2).draw(O, 5).expect("offer");
    assert_eq!(o_offers.offer, Some(Side::O));
    let deadline = o_offers.deadline().expect("the clock runs");
    let lost = o_offers.timeout(2, deadline).expect("x's turn lost");
    assert_eq!(lost.offer, None);
    // A resignation clears it.
    assert_eq!(offered.resign(O, 6).expect("resign").offer, None);
}

#[test]
fn a_claim_needs_a_turn_lost_after_the_other_player_left() {
    let r = room(GameId::ShuangCheng)
        .presence("s", Side::X, true, 0)
        .presence("s", Side::O, true, 0);
    assert_eq!(r.claim(X, 1), Err(ErrorCode::CannotClaim), "o is here");
    // o leaves during x's turn: x's lost turn is not o's.
    let gone = r.presence("s", Side::O, false, 10);
    assert_eq!(
        gone.claim(X, 11),
        Err(ErrorCode::CannotClaim),
        "no turn lost"
    );
    let x_lost = gone
        .timeout(0, gone.deadline().expect("runs"))
        .expect("x's turn lost");
    assert_eq!(
        x_lost.claim(X, 12),
        Err(ErrorCode::CannotClaim),
        "x lost it, not o"
    );
    // Now o's turn runs out while o is away: x may claim, o may not.
    let o_lost = x_lost
        .timeout(1, x_lost.deadline().expect("runs"))
        .expect("o's turn lost");
    assert!(o_lost.may_claim(Side::X) && !o_lost.may_claim(Side::O));
    assert_eq!(o_lost.claim(O, 13), Err(ErrorCode::CannotClaim));
    let won = o_lost.claim(X, 14).expect("claim");
    assert_eq!(won.status, Status::Win(Side::X, EndReason::Abandoned));
    won.check().expect("a claimed game checks");
    assert_eq!(won.claim(X, 15), Err(ErrorCode::GameOver));
    // o comes back (and may leave again): the old lost turn no longer counts.
    let back = o_lost.presence("s", Side::O, true, 16);
    assert_eq!(back.claim(X, 17), Err(ErrorCode::CannotClaim), "o is here");
    let left_again = back.presence("s", Side::O, false, 18);
    assert_eq!(left_again.claim(X, 19), Err(ErrorCode::CannotClaim));
    // The turn running when they left counts: o leaves on its own turn and loses it.
    let o_turn = after_plies(r.clone(), 1).presence("s", Side::O, false, 20);
    let lost = o_turn
        .timeout(1, o_turn.deadline().expect("runs"))
        .expect("lost");
    assert!(lost.may_claim(Side::X));
}

fn seated(name: &str, bot: bool, before: f64) -> Seated {
    Seated {
        name: name.into(),
        key: name.to_lowercase(),
        bot,
        before,
        after: None,
        nonce: None,
    }
}

#[test]
fn a_paired_room_says_who_plays_and_nobody_moves_for_the_computer() {
    let seats = [
        seats::PairedSeat {
            token_hash: COMPUTER_SEAT.into(),
            player: seated("Computer-Hard", true, 1739.0),
        },
        seats::PairedSeat {
            token_hash: O.into(),
            player: seated("Ann", false, 1500.0),
        },
    ];
    let r = Room::create_paired(
        "ABCDEFGH".into(),
        Variant::plain(GameId::ShuangCheng),
        seats,
        true,
        1000,
        0,
    );
    assert_eq!(r.computer_side(), Some(Side::X));
    assert!(
        r.connected().x && !r.connected().o,
        "the computer is always there"
    );
    assert!(r.deadline().is_some(), "so the clock runs");
    assert!(
        r.join("stranger".into(), 1).is_none(),
        "both seats are taken"
    );
    // No token is the computer's: the server hashes what a client sends, and the marker
    // is no hash.
    let forged = crate::secret::Secret::new(COMPUTER_SEAT.into()).hash();
    assert_eq!(r.play(&forged, 0, "bh-c", 1), Err(ErrorCode::BadToken));
    let moved = r
        .play_as(Side::X, 0, "bh-c", 1)
        .expect("the server plays it");
    let ServerFrame::State(state) = moved.state_frame(1) else {
        panic!("a state")
    };
    assert_eq!(
        state.players.x.as_ref().map(|p| (p.name.as_str(), p.bot)),
        Some(("Computer-Hard", true))
    );
    assert_eq!(state.players.o.as_ref().map(|p| p.rating), Some(1500.0));
    assert!(state.rated);
    // The human moves once (a first turn left to run out would abort the game: lobby.md,
    // "A side that never starts"), then leaves and loses a turn: the computer may claim,
    // the human never.
    let answered = moved
        .play(O, 1, &first_legal(&moved), 1)
        .expect("Ann's move");
    let again = answered
        .play_as(Side::X, 2, &first_legal(&answered), 1)
        .expect("the computer's");
    assert_eq!(again.status, Status::Ongoing);
    let away = again.presence("s", Side::O, false, 2);
    let lost = away
        .timeout(3, away.deadline().expect("runs"))
        .expect("lost");
    assert_eq!(lost.plies.last().map(String::as_str), Some(TIMEOUT_PLY));
    assert!(lost.may_claim(Side::X));
    assert!(!lost.may_claim(Side::O));
    let record = lost.claim_as(Side::X, 3).expect("claim").record();
    assert_eq!(
        record.players.x.map(|p| p.after),
        Some(1739.0),
        "after = before until rated"
    );
    assert!(!serde_json::to_string(&lost.record())
        .expect("json")
        .contains(O));
}

#[test]
fn a_rematch_swaps_the_players_and_starts_from_their_new_ratings() {
    let seats = [
        seats::PairedSeat {
            token_hash: X.into(),
            player: seated("Ann", false, 1500.0),
        },
        seats::PairedSeat {
            token_hash: O.into(),
            player: seated("Bob", false, 1600.0),
        },
    ];
    let r = Room::create_paired(
        "ABCDEFGH".into(),
        Variant::plain(GameId::Push),
        seats,
        true,
        1000,
        0,
    );
    let mut over = r.resign(O, 1).expect("resign");
    assert!(over.needs_settling());
    over.players[0].as_mut().expect("x").after = Some(1600.0);
    over.players[1].as_mut().expect("o").after = Some(1500.0);
    over.settled = true;
    let again = over
        .ask_rematch(X, 2)
        .and_then(|r| r.ask_rematch(O, 3))
        .expect("rematch");
    assert!(again.rated && !again.settled && !again.needs_settling());
    let names = again
        .players
        .clone()
        .map(|p| p.map(|p| (p.name, p.before, p.after)));
    assert_eq!(
        names,
        [
            Some(("Bob".into(), 1500.0, None)),
            Some(("Ann".into(), 1600.0, None))
        ]
    );
    let fresh = again.with_ratings_before([1490.0, 1610.0]);
    assert_eq!(fresh.players[0].as_ref().map(|p| p.before), Some(1490.0));
}

#[test]
fn a_room_written_before_the_lobby_reads_as_a_friends_room() {
    let old = r#"{"code":"ABCDEFGH","game":"shuangcheng","start":"ooos.sxxx x 0","plies":["bh-c"],"position":"ooos.sxxx o 0","status":"ongoing","reason":null,"seats":["hx","ho"],"rematch":[false,false],"round":1,"turn_len_ms":60000,"clock":{"state":"paused","remaining_ms":41000},"presence":{},"updated_ms":1800000000000}"#;
    let r: Room = serde_json::from_str(old).expect("reads");
    assert!(!r.is_paired() && !r.rated && r.offer.is_none() && !r.settled);
    let ServerFrame::State(state) = r.state_frame(0) else {
        panic!("a state")
    };
    assert_eq!(
        (state.players.x, state.players.o, state.rated, state.offer),
        (None, None, false, None)
    );
}

#[derive(Clone, Debug)]
enum Act {
    Move(bool, u64, String),
    Timeout(u64),
    Resign(bool),
    Rematch(bool),
    DeclineRematch(bool),
    Presence(bool, bool),
    Abort(bool),
    Draw(bool),
    Claim(bool),
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
        any::<bool>().prop_map(Act::DeclineRematch),
        (any::<bool>(), any::<bool>()).prop_map(|(s, a)| Act::Presence(s, a)),
        any::<bool>().prop_map(Act::Abort),
        any::<bool>().prop_map(Act::Draw),
        any::<bool>().prop_map(Act::Claim),
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
                Act::DeclineRematch(s) => r.decline_rematch(token(s), now),
                Act::Presence(s, a) => Ok(r.presence("s", if s { Side::X } else { Side::O }, a, now)),
                Act::Abort(s) => r.abort(token(s), now),
                Act::Draw(s) => r.draw(token(s), now),
                Act::Claim(s) => r.claim(token(s), now),
                Act::Advance(ms) => { now += ms; continue; }
            };
            if let Err(code) = &result {
                // A refusal is one of the codes the rules give, and changes nothing.
                prop_assert!(ErrorCode::SENT.contains(code));
            }
            if let Ok(next) = result {
                // An offer stands only while the game is on.
                prop_assert!(next.offer.is_none() || !next.is_over());
                // A rematch request stands only once the game is over.
                prop_assert!(next.rematch_request().is_none() || next.is_over());
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
