//! The match controller without a window: the clock, the computer's requests and answers in
//! every order, undo and redo, loaded games, and how each game ends.

use super::*;
use crate::any::AnyMatch;
use crate::engine::ManualEngine;
use crate::record::Ply;
use crate::save;
use qipan_engine::ai::Level;
use qipan_engine::games::shuangcheng::ShuangCheng;
use qipan_engine::games::{
    blockade, cannon, maddell, push, EndReason, Game, GameId, Side, Status, Variant,
};

/// The person plays x against the computer (o).
const VS_COMPUTER: Players = Players {
    human: Some(Side::X),
    level: Level::Easy,
};

/// Shuang Cheng against a computer that answers only when the test says so.
fn shuangcheng() -> (Match<ShuangCheng>, ManualEngine<ShuangCheng>) {
    let engine = ManualEngine::default();
    let m = Match::new(ShuangCheng, ShuangCheng.start(), VS_COMPUTER, 7, 0.0)
        .with_engine(engine.clone());
    (m, engine)
}

fn mv<G: Game>(game: &G, pos: &G::Position, text: &str) -> G::Move {
    game.parse_move(pos, text)
        .expect("a legal move in the test")
}

/// The person's first move, then a frame: the computer is asked.
fn play_first(m: &mut Match<ShuangCheng>, now: f64) {
    let first = mv(&ShuangCheng, m.record().current(), "l-c");
    m.play(first, now).expect("x's move");
    m.advance(now);
}

#[test]
fn a_turn_that_runs_out_passes_with_no_move_and_the_computer_is_asked() {
    let (mut m, engine) = shuangcheng();
    // The first turn waits for the person's move; the second runs from the reply.
    one_move_each(&mut m, &engine, 0.0);
    m.advance(59.9);
    assert_eq!(m.record().len(), 2, "59.9 s is still in time");
    assert!((m.remaining(59.9) - 0.1).abs() < 1e-9);
    m.advance(60.0);
    assert_eq!(m.record().plies()[2], Ply::Skip);
    assert_eq!(m.notice(), Some(&Notice::Timeout(Side::X)));
    assert_eq!(m.last_change(), Change::Played { by_computer: false });
    assert_eq!(m.remaining(60.0), timer::TURN_SECONDS, "a fresh turn");
    // It is o's turn: the computer is asked about the position after the lost turn, with
    // the game so far in its history.
    m.advance(60.0);
    let request = engine.last_request().expect("the computer was asked");
    assert_eq!(request.position, *m.record().current());
    assert_eq!(request.history.len(), 3);
    assert_eq!(request.history[0], ShuangCheng.start());
    assert!(m.thinking());
}

#[test]
fn the_clock_waits_while_the_player_looks_back() {
    let (mut m, engine) = shuangcheng();
    play_first(&mut m, 1.0);
    let reply = mv(&ShuangCheng, m.record().current(), "th-l");
    engine.answer(Ok(reply));
    m.advance(2.0);
    assert_eq!(m.record().len(), 2);
    m.review(0, 3.0);
    assert!(m.reviewing());
    m.advance(500.0);
    assert_eq!(m.record().len(), 2, "no lost turn while reviewing");
    assert_eq!(engine.requests(), 1, "no request while reviewing");
    m.resume(500.0);
    assert!(!m.reviewing());
    // x is to move at the start again; the clock started afresh.
    m.advance(530.0);
    assert_eq!(m.record().len(), 2);
    assert!((m.remaining(530.0) - 30.0).abs() < 1e-9);
}

#[test]
fn the_computers_answer_is_played_and_its_request_is_typed() {
    let (mut m, engine) = shuangcheng();
    play_first(&mut m, 1.0);
    assert!(m.thinking());
    assert!(!m.human_to_move());
    let request = engine.last_request().expect("asked");
    assert_eq!(request.position, *m.record().current());
    assert_eq!(request.history.len(), 1);
    assert_eq!(request.level, Level::Easy);
    // A person's move while the computer thinks is refused.
    let any = m.record().legal()[0];
    assert!(m.play(any, 1.5).is_err());
    let reply = mv(&ShuangCheng, m.record().current(), "th-l");
    engine.answer(Ok(reply));
    m.advance(2.0);
    assert_eq!(m.record().len(), 2);
    assert_eq!(m.last_change(), Change::Played { by_computer: true });
    assert!(m.human_to_move());
}

#[test]
fn undo_before_the_answer_arrives_cancels_the_search() {
    let (mut m, engine) = shuangcheng();
    play_first(&mut m, 1.0);
    m.undo(2.0);
    assert!(
        engine.last_cancelled(),
        "the search in progress was dropped"
    );
    // The stale answer comes in after the undo: nothing plays it.
    let stale = mv(
        &ShuangCheng,
        &ShuangCheng.play(
            &ShuangCheng.start(),
            mv(&ShuangCheng, &ShuangCheng.start(), "l-c"),
        ),
        "th-l",
    );
    engine.answer(Ok(stale));
    m.advance(2.0);
    assert_eq!(m.record().cursor(), 0);
    assert!(!m.thinking(), "x is to move again");
    assert!(m.human_to_move());
    assert_eq!(engine.requests(), 1, "nobody asked the computer again");
}

#[test]
fn an_answer_that_arrived_before_the_undo_is_discarded_with_it() {
    let (mut m, engine) = shuangcheng();
    play_first(&mut m, 1.0);
    // The answer is ready, but no frame has taken it yet when the person undoes.
    let reply = mv(&ShuangCheng, m.record().current(), "th-l");
    engine.answer(Ok(reply));
    m.undo(2.0);
    m.advance(2.0);
    assert_eq!(m.record().cursor(), 0);
    assert_eq!(m.record().len(), 1, "the undone move can be redone");
    assert!(!m.thinking());
    // Not even tried: a stale answer played here would be refused and reported.
    assert_eq!(m.notice(), None);
}

#[test]
fn undo_after_the_answer_takes_back_the_move_and_the_reply() {
    let (mut m, engine) = shuangcheng();
    play_first(&mut m, 1.0);
    let reply = mv(&ShuangCheng, m.record().current(), "th-l");
    engine.answer(Ok(reply));
    m.advance(2.0);
    m.undo(3.0);
    assert_eq!(m.record().cursor(), 0);
    assert_eq!(m.last_change(), Change::Jumped);
    m.redo(4.0);
    assert_eq!(m.record().cursor(), 2, "redo replays the reply too");
}

#[test]
fn a_failed_computer_is_reported_and_not_asked_again_until_retry() {
    let (mut m, engine) = shuangcheng();
    play_first(&mut m, 1.0);
    engine.answer(Err(qipan_engine::ai::ThinkError::Crashed("boom".into())));
    m.advance(2.0);
    assert!(matches!(m.notice(), Some(Notice::Engine(_))));
    m.advance(3.0);
    assert_eq!(engine.requests(), 1);
    m.retry_computer();
    m.advance(4.0);
    assert_eq!(engine.requests(), 2, "asked again after retry");
    // An answer that is not a legal move is refused like a failure; the game is unchanged.
    let illegal = mv(&ShuangCheng, &ShuangCheng.start(), "l-c");
    engine.answer(Ok(illegal));
    m.advance(5.0);
    assert_eq!(m.record().len(), 1);
    assert!(matches!(m.notice(), Some(Notice::Engine(_))));
}

#[test]
fn two_people_share_the_screen_and_nobody_asks_the_computer() {
    let engine = ManualEngine::default();
    let players = Players {
        human: None,
        level: Level::Master,
    };
    let mut m =
        Match::new(ShuangCheng, ShuangCheng.start(), players, 1, 0.0).with_engine(engine.clone());
    for text in ["l-c", "th-l"] {
        let next = mv(&ShuangCheng, m.record().current(), text);
        m.play(next, 1.0).expect("either side's move");
        m.advance(1.0);
    }
    assert_eq!(engine.requests(), 0);
    m.undo(2.0);
    assert_eq!(m.record().cursor(), 1, "one ply at a time");
}

#[test]
fn push_passes_for_a_stuck_side_and_says_when_nobody_can_move() {
    // x on rows A and C, o on rows B and D: x has only `pass` (see the Push rule tests).
    let cells = |rows: &[u8]| -> u64 {
        (0..push::CELLS as u8)
            .filter(|&c| rows.contains(&(push::CELL_NAMES[c as usize].as_bytes()[0] - b'A')))
            .fold(0, |m, c| m | 1 << c)
    };
    let stuck = push::Position {
        pieces: [
            cells_named(&[
                "A1", "A2", "A3", "A4", "A5", "C1", "C2", "C3", "C4", "C5", "C6", "C7",
            ]),
            cells_named(&[
                "B1", "B2", "B3", "B4", "B5", "B6", "D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8",
            ]),
        ],
        to_move: Side::X,
    };
    let engine = ManualEngine::default();
    let mut m = Match::new(push::Push, stuck, VS_COMPUTER, 3, 0.0).with_engine(engine.clone());
    assert!(!m.deadlocked());
    m.advance(1.0);
    assert_eq!(m.notice(), Some(&Notice::Passed(Side::X)));
    assert_eq!(m.record().ply_text(&m.record().plies()[0]), "pass");
    // Every row full, the sides alternating by row: neither can ever move.
    let all = push::Position {
        pieces: [cells(&[0, 2, 4, 6, 8]), cells(&[1, 3, 5, 7])],
        to_move: Side::X,
    };
    let mut m = Match::new(push::Push, all, VS_COMPUTER, 3, 0.0).with_engine(engine.clone());
    assert!(m.deadlocked());
    assert!(!m.game_on());
    m.advance(100.0);
    assert_eq!(
        m.record().len(),
        0,
        "no pass, no lost turn: the game stands still"
    );
    assert_eq!(m.status(), Status::Ongoing);
}

fn cells_named(names: &[&str]) -> u64 {
    names
        .iter()
        .map(|n| {
            let i = push::CELL_NAMES
                .iter()
                .position(|c| c == n)
                .expect("a cell");
            1u64 << i
        })
        .fold(0, |m, b| m | b)
}

#[test]
fn a_saved_game_loads_at_its_cursor_and_waits_for_the_player() {
    let (mut m, engine) = shuangcheng();
    play_first(&mut m, 1.0);
    let reply = mv(&ShuangCheng, m.record().current(), "th-l");
    engine.answer(Ok(reply));
    m.advance(2.0);
    m.review(1, 3.0);
    let text = save::to_json(&AnyMatch::from(m)).expect("it serializes");
    let loaded = save::from_json(&text, Level::Hard, 9, 10.0).expect("it loads");
    assert_eq!(loaded.variant(), Variant::plain(GameId::ShuangCheng));
    assert_eq!(loaded.ply_texts(), ["l-c", "th-l"]);
    assert_eq!(loaded.cursor(), 1);
    assert!(
        loaded.reviewing(),
        "a cursor before the end is looked at, not played on"
    );
    assert_eq!(
        loaded.players(),
        Players {
            human: Some(Side::X),
            level: Level::Hard
        }
    );
    // A damaged file leaves nothing half-loaded: the error names the bad ply.
    let bad = text.replace("th-l", "th-zz");
    assert!(matches!(
        save::from_json(&bad, Level::Hard, 9, 10.0),
        Err(save::SaveError::Move { number: 2, .. })
    ));
}

/// Plays `texts` from `start` by the controller's public API (two people at the screen).
fn finish(variant: Variant, start: &str, texts: &[&str]) -> AnyMatch {
    let players = Players {
        human: None,
        level: Level::Easy,
    };
    let mut m = AnyMatch::replay(variant, start, &[], 0, players, 1, 0.0).expect("a position");
    for text in texts {
        let mv = m.parse_move(text).expect("a legal move");
        m.play(mv, 0.0).expect("a person's move");
    }
    m
}

#[test]
fn every_game_says_why_it_ended() {
    let plain = Variant::plain;
    let cases: Vec<(AnyMatch, Status)> = vec![
        (
            // x on bl is boxed in by o on l and bh; the shared piece on tl is boxed in too.
            finish(plain(GameId::ShuangCheng), "so.o..xo. x 0", &[]),
            Status::Win(Side::O, EndReason::NoMove),
        ),
        (
            // Maddell: x closes the mill a1 a2 a3 and takes o's third-last piece.
            finish(
                plain(GameId::Maddell),
                &maddell_text(&["a1", "a2", "a4"], &["b1", "b2", "c6"], "x 0 0"),
                &["a4-a3xc6"],
            ),
            Status::Win(Side::X, EndReason::TwoLeft),
        ),
        (
            // Blockade: x on a1 has a2 and b1 free, but a3 and c1 are taken: no move.
            finish(plain(GameId::Blockade), "x.o.......o.............. x", &[]),
            Status::Win(Side::O, EndReason::NoMove),
        ),
        (
            // The last soldier on a1 is hemmed in by two cannons that still have room.
            finish(
                plain(GameId::Cannon),
                "ox...x........................ o -",
                &[],
            ),
            Status::Draw(EndReason::NoMove),
        ),
        (
            finish(
                plain(GameId::Cannon),
                &format!("{} x -", ".".repeat(30)),
                &[],
            ),
            Status::Win(Side::O, EndReason::CannonsGone),
        ),
    ];
    for (m, expected) in cases {
        assert_eq!(m.status(), expected, "{}", m.position_text());
        assert!(!m.game_on());
        assert!(!m.human_to_move());
    }
    // Push the Line: six pushed off.
    let o_eight = ["I5", "I6", "I7", "I8", "I9", "H4", "H5", "H6"];
    let x_nine = ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4"];
    let won = push::Position {
        pieces: [cells_named(&x_nine), cells_named(&o_eight)],
        to_move: Side::O,
    };
    let m = Match::new(push::Push, won, VS_COMPUTER, 1, 0.0);
    assert_eq!(m.status(), Status::Win(Side::X, EndReason::SixPushedOff));
}

/// A Maddell position text from point names and the last fields.
fn maddell_text(x: &[&str], o: &[&str], rest: &str) -> String {
    let board: String = maddell::POINT_NAMES
        .iter()
        .map(|name| {
            if x.contains(name) {
                'x'
            } else if o.contains(name) {
                'o'
            } else {
                '.'
            }
        })
        .collect();
    format!("{board} {rest}")
}

#[test]
fn every_game_opens_with_either_side() {
    for game in GameId::ALL {
        for solidarity in [false, true] {
            if solidarity && game != GameId::Blockade {
                continue;
            }
            let variant = Variant { game, solidarity };
            for first in [Side::X, Side::O] {
                let m = AnyMatch::new(variant, first, VS_COMPUTER, 1, 0.0);
                assert_eq!(m.side_to_move(), first, "{variant}");
                assert_eq!(m.status(), Status::Ongoing);
                assert_eq!(m.variant(), variant);
            }
        }
    }
    // The standard start has x to move; the other side only changes who opens.
    let x_first = AnyMatch::new(Variant::plain(GameId::Cannon), Side::X, VS_COMPUTER, 1, 0.0);
    assert_eq!(
        x_first.start_text(),
        cannon::Cannon.format_position(&cannon::Cannon.start())
    );
    let o_first = AnyMatch::new(
        Variant::plain(GameId::Blockade),
        Side::O,
        VS_COMPUTER,
        1,
        0.0,
    );
    let b = blockade::Blockade { solidarity: false };
    assert_eq!(
        o_first.start_text(),
        b.format_position(&b.start_with(Side::O))
    );
}

mod damaged_files {
    use crate::save;
    use proptest::prelude::*;
    use qipan_engine::ai::Level;

    const GOOD: &str = r#"{"format":"qipan-game","version":1,"game":"shuangcheng","start":"ooos.sxxx x 0","human":"x","plies":["bh-c","th-l"],"cursor":2}"#;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Any text, a damaged save: an error or a game the engine replayed, never a panic.
        #[test]
        fn any_text_loads_or_is_refused(text in ".{0,200}") {
            let _ = save::from_json(&text, Level::Easy, 1, 0.0);
            let _ = save::unshelve(&text, Level::Easy, 1, 0.0);
        }

        /// A good file with bytes changed, cut or doubled: never a panic, and whatever loads
        /// is a game whose every position the engine accepts.
        #[test]
        fn mutated_saves_load_consistently_or_not_at_all(
            at in 0usize..GOOD.len(),
            byte in any::<u8>(),
            cut in 0usize..GOOD.len(),
            kind in 0u8..3,
        ) {
            let mut bytes = GOOD.as_bytes().to_vec();
            match kind {
                0 => bytes[at] = byte,
                1 => bytes.truncate(cut),
                _ => bytes.splice(at..at, GOOD.as_bytes()[cut..].iter().copied()).for_each(drop),
            }
            let text = String::from_utf8_lossy(&bytes);
            if let Ok(game) = save::from_json(&text, Level::Easy, 1, 0.0) {
                let again = save::to_json(&game).expect("it serializes");
                let back = save::from_json(&again, Level::Easy, 1, 0.0).expect("it reloads");
                prop_assert_eq!(back.ply_texts(), game.ply_texts());
                prop_assert_eq!(back.position_text(), game.position_text());
            }
            let shelf = format!(r#"{{"version":1,"games":[{text}]}}"#);
            let (games, _) = save::unshelve(&shelf, Level::Easy, 1, 0.0);
            prop_assert!(games.len() <= 1);
        }
    }
}

/// Runs frames (at a standing clock) until `done`, for the coach's background jobs.
fn until<G: Evaluate>(m: &mut Match<G>, what: &str, done: impl Fn(&Match<G>) -> bool) {
    let started = std::time::Instant::now();
    while !done(m) {
        assert!(
            started.elapsed().as_secs() < 60,
            "waited a minute for {what}"
        );
        std::thread::sleep(std::time::Duration::from_millis(2));
        m.advance(1.0);
    }
}

/// A Shuang Cheng position where x wins with best play and some move throws that away.
fn won_with_a_losing_move() -> (shuangcheng::Position, shuangcheng::Move, shuangcheng::Move) {
    use qipan_engine::ai::SolvedValue;
    let g = ShuangCheng;
    let class = |v| match v {
        SolvedValue::Win(_) => 2,
        SolvedValue::Draw => 1,
        SolvedValue::Loss(_) => 0,
    };
    let mut pos = g.start();
    let mut moves = Vec::new();
    for step in 0.. {
        assert!(step < 200, "no such position on this line");
        moves.clear();
        g.legal_moves(&pos, &mut moves);
        let now = g.exact_value(&pos, &Tables::default()).expect("solved");
        let children: Vec<_> = moves
            .iter()
            .map(|&m| {
                (
                    m,
                    2 - class(
                        g.exact_value(&g.play(&pos, m), &Tables::default())
                            .expect("solved"),
                    ),
                )
            })
            .collect();
        let keeps = children.iter().find(|c| c.1 == class(now));
        let throws = children.iter().find(|c| c.1 < class(now));
        if let (Some(keep), Some(throw)) = (keeps, throws) {
            if g.side_to_move(&pos) == Side::X {
                return (pos, throw.0, keep.0);
            }
        }
        pos = g.play(&pos, moves[step % moves.len()]);
    }
    unreachable!()
}

use qipan_engine::games::shuangcheng;

#[test]
fn a_hint_gives_the_best_move_and_goes_with_its_position() {
    let (mut m, _engine) = shuangcheng();
    m.ask_hint();
    assert!(m.hint().is_none(), "the coach is off");
    m.set_coach_mode(CoachMode::Hints);
    m.ask_hint();
    until(&mut m, "the hint", |m| m.hint().is_some());
    let hint = m.hint().expect("hint").clone();
    let g = ShuangCheng;
    let start = g.start();
    assert_eq!(
        Some(hint.best),
        qipan_engine::ai::solver::best_move(&g, &start, |p| g
            .exact_value(p, &Tables::default())
            .expect("solved")),
        "the solved best move"
    );
    assert_eq!(
        hint.score,
        g.exact_value(&start, &Tables::default())
            .expect("solved")
            .into()
    );
    m.play(hint.best, 1.0).expect("the hint is legal");
    assert!(m.hint().is_none(), "a hint belongs to its position");
}

#[test]
fn a_move_that_throws_the_result_away_raises_the_alert_and_undo_takes_it_back() {
    let (pos, throw, keep) = won_with_a_losing_move();
    let players = Players {
        human: None,
        level: Level::Easy,
    };
    let mut m = Match::new(ShuangCheng, pos, players, 1, 0.0);
    m.set_coach_mode(CoachMode::Full);
    m.play(keep, 0.0).expect("legal");
    until(&mut m, "the check of a good move", |m| !m.coach().busy());
    assert!(m.coach().alert().is_none(), "keeping the win is no mistake");
    m.undo(1.0);
    m.play(throw, 1.0).expect("legal");
    until(&mut m, "the alert", |m| m.coach().alert().is_some());
    let alert = m.coach().alert().expect("alert").clone();
    assert_eq!(alert.ply, 0);
    assert_eq!(alert.verdict.label, qipan_engine::ai::coach::Label::Blunder);
    assert_eq!(alert.verdict.played, throw);
    m.take_back_mistake(2.0);
    assert_eq!(m.record().cursor(), 0, "back before the mistake");
    assert_eq!(*m.record().current(), pos);
    assert!(m.coach().alert().is_none());
}

#[test]
fn the_evaluation_follows_the_position_and_the_review_labels_every_ply() {
    let players = Players {
        human: None,
        level: Level::Easy,
    };
    let g = ShuangCheng;
    let mut m = Match::new(g, g.start(), players, 1, 0.0);
    m.set_coach_mode(CoachMode::Full);
    until(&mut m, "the evaluation", |m| m.evaluation().is_some());
    assert_eq!(
        m.evaluation().expect("evaluated").score,
        g.exact_value(&g.start(), &Tables::default())
            .expect("solved")
            .into()
    );
    let line = ["l-c", "th-l", "c-th", "l-c"];
    for text in line {
        let legal = mv(&g, m.record().current(), text);
        m.play(legal, 1.0).expect("legal");
        assert!(m.evaluation().is_none(), "not the old position's value");
    }
    let played = line.len();
    m.start_review();
    until(&mut m, "the review", |m| {
        m.coach().review().is_some_and(|r| r.result.is_some())
    });
    let view = m.coach().review_view().expect("a review");
    assert_eq!(view.rows.len(), played);
    assert!(view.rows.iter().all(|r| r.is_some()));
    assert_eq!(view.values.len(), played + 1);
    let counted: u32 = view.summary.iter().flatten().sum();
    assert_eq!(counted as usize, played);
}

/// x has moved and the computer answered at `at`: x's turn runs from there.
fn one_move_each(m: &mut Match<ShuangCheng>, engine: &ManualEngine<ShuangCheng>, at: f64) {
    play_first(m, at);
    let reply = mv(&ShuangCheng, m.record().current(), "th-l");
    engine.answer(Ok(reply));
    m.advance(at);
    assert_eq!(m.record().len(), 2);
}

#[test]
fn a_fresh_game_s_clock_waits_for_the_person_s_first_move() {
    let (mut m, _engine) = shuangcheng();
    for minute in 1..=10 {
        m.advance(f64::from(minute) * 60.0);
    }
    assert_eq!(m.record().len(), 0, "ten minutes untouched: no turn lost");
    assert!(m.game_on());
    assert_eq!(m.remaining(600.0), timer::TURN_SECONDS);
    // Once the person has moved, the clock runs as the rules say.
    let (mut m, engine) = shuangcheng();
    one_move_each(&mut m, &engine, 600.0);
    m.advance(660.0);
    assert_eq!(m.record().plies()[2], Ply::Skip, "x's second turn ran out");
}

#[test]
fn the_computer_moving_first_does_not_start_the_person_s_clock() {
    let players = Players {
        human: Some(Side::O),
        level: Level::Easy,
    };
    let engine = ManualEngine::default();
    let mut m =
        Match::new(ShuangCheng, ShuangCheng.start(), players, 7, 0.0).with_engine(engine.clone());
    m.advance(0.0);
    let first = mv(&ShuangCheng, m.record().current(), "l-c");
    engine.answer(Ok(first));
    m.advance(1.0);
    assert_eq!(m.record().len(), 1);
    m.advance(300.0);
    assert_eq!(m.record().len(), 1, "o has not moved yet: its clock waits");
}

#[test]
fn against_the_computer_the_clock_stands_still_while_the_player_is_away() {
    let (mut m, engine) = shuangcheng();
    one_move_each(&mut m, &engine, 2.0);
    m.advance(12.0);
    assert!((m.remaining(12.0) - 50.0).abs() < 1e-9);
    m.set_clock_rule(
        ClockRule {
            away: true,
            untimed: false,
        },
        12.0,
    );
    m.advance(500.0);
    assert_eq!(m.record().len(), 2, "no turn lost while away");
    assert!((m.remaining(500.0) - 50.0).abs() < 1e-9);
    m.set_clock_rule(ClockRule::default(), 500.0);
    m.advance(510.0);
    assert!(
        (m.remaining(510.0) - 40.0).abs() < 1e-9,
        "on from where it stood"
    );
    m.advance(550.0);
    assert_eq!(m.record().plies()[2], Ply::Skip);
}

#[test]
fn untimed_against_the_computer_no_turn_is_ever_lost_but_two_people_keep_the_clock() {
    let (mut m, engine) = shuangcheng();
    let untimed = ClockRule {
        away: false,
        untimed: true,
    };
    m.set_clock_rule(untimed, 0.0);
    assert!(!m.timed());
    one_move_each(&mut m, &engine, 1.0);
    m.advance(3600.0);
    assert_eq!(m.record().len(), 2, "an hour to think");
    // Two people at one screen: the clock is theirs, whatever the setting and the window.
    let two = Players {
        human: None,
        level: Level::Easy,
    };
    let mut m = Match::new(ShuangCheng, ShuangCheng.start(), two, 7, 0.0);
    m.set_clock_rule(
        ClockRule {
            away: true,
            untimed: true,
        },
        0.0,
    );
    assert!(m.timed());
    let first = mv(&ShuangCheng, m.record().current(), "l-c");
    m.play(first, 0.0).expect("x's move");
    m.advance(60.0);
    assert_eq!(m.record().plies()[1], Ply::Skip, "o's turn ran out");
}
