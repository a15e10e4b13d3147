//! Winning: the soldiers by removing the cannons or holding the platforms, the cannons by
//! capturing every soldier; a side with no move draws.

use super::*;
use crate::games::perft;

#[test]
fn soldiers_win_by_removing_all_three_cannons() {
    // The last cannon, on a1, is boxed in by b2-b1.
    let p = pos_of(
        [
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "o o . . .", //
            "x . . . .", //
        ],
        "o",
        "-",
    );
    assert_eq!(Cannon.status(&p), Status::Ongoing);
    let q = after(&p, "b2-b1");
    assert_eq!(Cannon.material(&q), [0, 2]);
    assert_eq!(
        Cannon.status(&q),
        Status::Win(Side::O, EndReason::CannonsGone)
    );
    assert_eq!(moves(&q), Vec::<String>::new());
    assert_eq!(perft(&Cannon, &q, 1), 0);
}

#[test]
fn soldiers_win_by_occupying_all_three_platforms_at_once() {
    // c5-c6 completes b6 c6 d6. The cannon on b4 could capture b6 next (gap b5) but the game
    // is already over.
    let p = pos_of(
        [
            ". o . o .", //
            ". . o . .", //
            ". x . . .", //
            ". . . . .", //
            ". . . . .", //
            "o . . . x", //
        ],
        "o",
        "-",
    );
    let q = after(&p, "c5-c6");
    assert_eq!(
        Cannon.status(&q),
        Status::Win(Side::O, EndReason::PlatformsHeld)
    );
    assert_eq!(moves(&q), Vec::<String>::new());
    let open = Position {
        soldiers: q.soldiers & !at("c6"),
        ..q
    };
    assert!(moves(&open).contains(&"b4xb6".to_owned()));
    // Three soldiers on the platforms win even when they are the last three.
    let r = pos(&diagram(
        [
            ". o o o .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "x . . . .", //
        ],
        "x",
        "-",
    ));
    assert_eq!(
        Cannon.status(&r),
        Status::Win(Side::O, EndReason::PlatformsHeld)
    );
}

#[test]
fn hand_built_platform_fight_has_exactly_these_moves() {
    // c6: only c5; its side rays pass a soldier and end at an empty corner + edge; down: two
    // empty points. b4: a4 b3 b5 c4; up: gap b5 then the soldier b6 → b4xb6; right: gap c4
    // then the cannon d4. d4: c4 d3 d5 e4; up: gap d5 then d6 → d4xd6; left: gap then b4.
    let p = platform_fight();
    assert_eq!(Cannon.status(&p), Status::Ongoing);
    assert_eq!(
        moves(&p),
        vec![
            "b4-a4", "b4-b3", "b4-b5", "b4-c4", "b4xb6", "c6-c5", "d4-c4", "d4-d3", "d4-d5",
            "d4-e4", "d4xd6",
        ]
    );
}

#[test]
fn soldiers_win_when_their_last_one_or_two_reach_the_platforms_and_are_not_captured_at_once() {
    let p = platform_fight();
    let mut list = Vec::new();
    Cannon.legal_moves(&p, &mut list);
    for mv in list {
        let q = Cannon.play(&p, mv);
        let expected = if mv.is_capture() { Side::X } else { Side::O };
        assert_eq!(q.decided, Some(expected), "{}", Cannon.format_move(mv));
        let reason = if mv.is_capture() {
            EndReason::PlatformCapture
        } else {
            EndReason::LastSoldiersHeld
        };
        assert_eq!(Cannon.status(&q), Status::Win(expected, reason));
        assert_eq!(perft(&Cannon, &q, 1), 0);
    }
    assert!(text(&after(&p, "c6-c5")).ends_with(" o o"));
    assert!(text(&after(&p, "d4xd6")).ends_with(" o x"));
    assert_eq!(perft(&Cannon, &p, 2), 0, "every reply ends the game");

    // A single last soldier: reaching the platform keeps the game going for one cannon move.
    let r = pos_of(
        [
            ". . . . .", //
            ". . o . .", //
            ". . . . .", //
            "x . . . .", //
            ". . . . .", //
            ". . . . x", //
        ],
        "o",
        "-",
    );
    let s = after(&r, "c5-c6");
    assert_eq!(text(&s).split(' ').nth(2), Some("-"));
    assert_eq!(Cannon.status(&s), Status::Ongoing);
    let t = after(&s, "a3-a4");
    assert_eq!(
        Cannon.status(&t),
        Status::Win(Side::O, EndReason::LastSoldiersHeld)
    );
}

#[test]
fn the_last_soldiers_must_all_stand_on_platforms() {
    // Two soldiers left, one on b6 and one on c5: a cannon step decides nothing.
    let p = pos_of(
        [
            ". o . . .", //
            ". . o . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "x . . . .", //
        ],
        "x",
        "-",
    );
    let q = after(&p, "a1-a2");
    assert_eq!(q.decided, None);
    assert_eq!(Cannon.status(&q), Status::Ongoing);
    // Three soldiers left, two of them on platforms: neither.
    let r = pos_of(
        [
            ". o . o .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "x . . . o", //
        ],
        "x",
        "-",
    );
    assert_eq!(Cannon.status(&after(&r, "a1-a2")), Status::Ongoing);
}

#[test]
fn cannons_win_by_capturing_every_soldier() {
    // The last soldier stands off the platforms.
    let p = pos_of(
        [
            ". . . . .", //
            "x . . . .", //
            ". . . . .", //
            "o . . . .", //
            ". . . . .", //
            ". . . . .", //
        ],
        "x",
        "-",
    );
    assert_eq!(moves(&p), vec!["a5-a4", "a5-a6", "a5-b5", "a5xa3"]);
    let q = after(&p, "a5xa3");
    assert_eq!(
        text(&q),
        format!("{}x{} o -", ".".repeat(10), ".".repeat(19))
    );
    assert_eq!(
        Cannon.status(&q),
        Status::Win(Side::X, EndReason::SoldiersGone)
    );
}

#[test]
fn cannons_win_by_capturing_a_soldier_on_a_platform() {
    // Plenty of soldiers left; c4 fires up across the gap c5 into the soldier on c6.
    let p = pos_of(
        [
            "x . o . .", //
            ". . . . .", //
            ". . x . x", //
            "o o o o o", //
            "o o . o o", //
            "o o o o o", //
        ],
        "x",
        "-",
    );
    assert!(moves(&p).contains(&"c4xc6".to_owned()));
    let q = after(&p, "c4xc6");
    assert_eq!(q.decided, Some(Side::X));
    assert!(text(&q).ends_with(" o x"));
    assert_eq!(Cannon.material(&q), [3, 14]);
    assert_eq!(
        Cannon.status(&q),
        Status::Win(Side::X, EndReason::PlatformCapture)
    );
    assert_eq!(moves(&q), Vec::<String>::new());
    // Capturing a soldier off the platforms (c4 down: past c3, gap c2, c1) decides nothing.
    let r = after(&p, "c4xc1");
    assert_eq!(r.decided, None);
    assert_eq!(Cannon.status(&r), Status::Ongoing);
}

#[test]
fn a_side_with_no_legal_move_draws_when_nothing_else_is_reached() {
    // The last soldier on a1 is hemmed in by two cannons that still have room.
    let p = pos("ox...x........................ o -");
    assert_eq!(moves(&p), Vec::<String>::new());
    assert_eq!(Cannon.status(&p), Status::Draw(EndReason::NoMove));
    // Cannons without a move (a set-up: in play a boxed-in cannon is removed at once): the
    // cannon on a1 is boxed in and has no capture (a3 a4 empty; c1 d1 empty).
    let q = pos_of(
        [
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "o . . . .", //
            "x o . . .", //
        ],
        "x",
        "-",
    );
    assert_eq!(moves(&q), Vec::<String>::new());
    assert_eq!(Cannon.status(&q), Status::Draw(EndReason::NoMove));
}

#[test]
fn status_checks_run_in_the_games_md_order() {
    // decided x beats "soldiers on all platforms"; no cannons beats no soldiers.
    let board = ". . . . .";
    let all_platforms = pos_of(
        [". o o o .", board, board, board, board, "x . . . ."],
        "o",
        "x",
    );
    assert_eq!(
        Cannon.status(&all_platforms),
        Status::Win(Side::X, EndReason::PlatformCapture)
    );
    let empty = pos(&format!("{} x -", ".".repeat(30)));
    assert_eq!(
        Cannon.status(&empty),
        Status::Win(Side::O, EndReason::CannonsGone)
    );
    let decided_o = pos_of(
        [". o . . .", board, board, board, board, "x . . . ."],
        "o",
        "o",
    );
    assert_eq!(
        Cannon.status(&decided_o),
        Status::Win(Side::O, EndReason::LastSoldiersHeld)
    );
}
