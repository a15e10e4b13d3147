//! The cannons' captures.

use super::*;

#[test]
fn hand_built_capture_patterns_have_exactly_these_moves() {
    let p = capture_patterns();
    // a2: steps a1 a3; fires right over the cannon on b2 and the gap c2 into d2. Up and down:
    // a gap then another empty point / the edge.
    // b2: steps b1 b3 c2; fires right over the adjacent gap c2 into d2. Up: gap b3, then a
    // cannon on b4 (no capture). Left: a2 then the edge, no gap. Down: gap b1 then the edge.
    // b4: four steps; right: gaps c4 and d4 before the soldier on e4 (two gaps, no capture);
    // down: gap b3 then the cannon on b2; left and up: a gap then the edge / an empty point.
    assert_eq!(
        moves(&p),
        vec![
            "a2-a1", "a2-a3", "a2xd2", "b2-b1", "b2-b3", "b2-c2", "b2xd2", "b4-a4", "b4-b3",
            "b4-b5", "b4-c4",
        ]
    );
}

#[test]
fn only_cannons_capture_and_soldiers_never_capture_a_cannon() {
    // Same board, soldiers to move: only steps, although the soldier on d2 sees a gap (c2)
    // then a cannon (b2), which would be a capture pattern for a cannon.
    let p = Position {
        to_move: Side::O,
        ..capture_patterns()
    };
    assert_eq!(
        moves(&p),
        vec!["d2-c2", "d2-d1", "d2-d3", "d2-e2", "e4-d4", "e4-e3", "e4-e5"]
    );
    assert!(is_illegal(&p, "d2xb2"));
    // A soldier directly beside a cannon cannot take it either.
    let q = pos_of(
        [
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "o . x . .", //
        ],
        "o",
        "-",
    );
    assert_eq!(moves(&q), vec!["a1-a2", "a1-b1"]);
    assert!(is_illegal(&q, "a1xc1"));
}

#[test]
fn captures_look_along_a_row_or_column_and_ignore_soldiers_in_between() {
    // a3 fires right over the soldiers b3 and c3, finds the gap d3, takes e3.
    let p = pos_of(
        [
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "x o o . o", //
            ". . . . .", //
            ". . . . .", //
        ],
        "x",
        "-",
    );
    assert_eq!(moves(&p), vec!["a3-a2", "a3-a4", "a3xe3"]);
    let q = after(&p, "a3xe3");
    assert_eq!(
        text(&q),
        diagram(
            [
                ". . . . .", //
                ". . . . .", //
                ". . . . .", //
                ". o o . x", //
                ". . . . .", //
                ". . . . .", //
            ],
            "o",
            "-",
        )
    );
    assert_eq!(Cannon.material(&q), [1, 2]);
}

#[test]
fn ruling_captures_also_pass_over_cannons_in_between() {
    let p = capture_patterns();
    let q = after(&p, "a2xd2");
    assert_eq!(q.cannons, at("b2") | at("d2") | at("b4"));
    assert_eq!(q.soldiers, at("e4"));
    // Vertically too: c1 fires up over the cannon on c2 and the soldier on c3.
    let r = pos_of(
        [
            ". . . . .", //
            ". . o . .", //
            ". . . . .", //
            ". . o . .", //
            ". . x . .", //
            ". . x . .", //
        ],
        "x",
        "-",
    );
    assert!(moves(&r).contains(&"c1xc5".to_owned()));
}

#[test]
fn a_capture_may_jump_a_gap_right_next_to_the_cannon() {
    let p = capture_patterns();
    assert!(moves(&p).contains(&"b2xd2".to_owned()));
    let q = after(&p, "b2xd2");
    assert_eq!(q.cannons, at("a2") | at("d2") | at("b4"));
    assert_eq!(q.soldiers, at("e4"));
    assert_eq!(q.to_move, Side::O);
    assert_eq!(q.decided, None);
}

#[test]
fn capturing_is_optional_the_cannon_may_step_instead() {
    let p = capture_patterns();
    let list = moves(&p);
    // b2 may capture, step into the gap, or step elsewhere; another cannon may move instead.
    for mv in ["b2xd2", "b2-c2", "b2-b1", "b4-b5"] {
        assert!(list.contains(&mv.to_owned()), "{mv}");
    }
    let q = after(&p, "b2-c2");
    assert_eq!(Cannon.material(&q), [3, 2]);
    assert_eq!(Cannon.status(&q), Status::Ongoing);
}

#[test]
fn no_capture_across_two_empty_points_in_a_row() {
    // b4 → c4 d4 empty → e4: no capture; with d4 filled it becomes one.
    let p = capture_patterns();
    assert!(is_illegal(&p, "b4xe4"));
    let mut q = p;
    q.soldiers |= at("d4");
    assert!(moves(&q).contains(&"b4xd4".to_owned()));
    assert!(is_illegal(&q, "b4xe4"), "the first gap decides: d4, not e4");
}

#[test]
fn no_capture_without_an_empty_point() {
    // a3 looks right over b3 c3 d3 e3 and reaches the edge: no gap, no capture. Up: gap a4,
    // then an empty a5.
    let p = pos_of(
        [
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "x o o o o", //
            "o . . . .", //
            ". . . . .", //
        ],
        "x",
        "-",
    );
    assert_eq!(moves(&p), vec!["a3-a4"]);
    // A gap at the very edge is no better: c1 → d1 (soldier) → e1 empty → edge.
    let q = pos_of(
        [
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . o . .", //
            ". o x o .", //
        ],
        "x",
        "-",
    );
    assert_eq!(moves(&q), Vec::<String>::new());
    assert_eq!(Cannon.status(&q), Status::Draw(EndReason::NoMove));
}

#[test]
fn no_capture_of_a_cannon_after_the_gap() {
    let p = capture_patterns();
    // b4 down: gap b3, then the cannon b2; b2 up: gap b3, then the cannon b4.
    assert!(is_illegal(&p, "b4xb2"));
    assert!(is_illegal(&p, "b2xb4"));
    assert!(!moves(&p).iter().any(|m| m == "b4xb2" || m == "b2xb4"));
}

#[test]
fn no_capture_along_a_diagonal() {
    // a6 → b5 (empty) → c4 (soldier) would be a capture on a rank or file; on the diagonal
    // line it is not, and captures are never spelled diagonally.
    let p = pos_of(
        [
            "x . . . .", //
            ". . . . .", //
            ". . o . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
        ],
        "x",
        "-",
    );
    assert_eq!(moves(&p), vec!["a6-a5", "a6-b5", "a6-b6"]);
    assert!(Cannon.check_move_syntax("a6xc4").is_err());
}
