//! Movement: steps along the lines, and the move counts.

use super::*;
use crate::games::perft;

#[test]
fn a_move_is_one_step_along_a_line_to_an_adjacent_empty_point() {
    // A soldier in the open centre has four steps; a neighbour that is occupied (by either
    // side) is not a destination; no two-point steps.
    let p = pos_of(
        [
            ". . . . .", //
            ". . . . .", //
            ". . x . .", //
            ". o o . .", //
            ". . o . .", //
            ". . . . .", //
        ],
        "o",
        "-",
    );
    assert_eq!(
        moves(&p),
        vec!["b3-a3", "b3-b2", "b3-b4", "c2-b2", "c2-c1", "c2-d2", "c3-d3"]
    );
    assert!(matches!(
        Cannon.parse_move(&p, "c3-c5"),
        Err(MoveError::Malformed { .. })
    ));
    assert!(is_illegal(&p, "c3-c4"), "c4 holds a cannon");
    assert!(is_illegal(&p, "c3-b3"), "b3 holds a soldier");
}

#[test]
fn the_two_extra_diagonals_join_the_top_corners_and_nothing_else_is_diagonal() {
    // Soldiers on b5 and d5 may step to the corners; the one on b2 has only its four
    // orthogonal steps; the cannon on c5 may not step diagonally to b6 or d6.
    let p = pos_of(
        [
            ". . . . .", //
            ". o x o .", //
            ". . . . .", //
            ". . . . .", //
            ". o . . .", //
            ". . . . .", //
        ],
        "o",
        "-",
    );
    assert_eq!(
        moves(&p),
        vec![
            "b2-a2", "b2-b1", "b2-b3", "b2-c2", //
            "b5-a5", "b5-a6", "b5-b4", "b5-b6", //
            "d5-d4", "d5-d6", "d5-e5", "d5-e6",
        ]
    );
    let q = Position {
        to_move: Side::X,
        ..p
    };
    assert_eq!(moves(&q), vec!["c5-c4", "c5-c6"]);
    for bad in [
        "b2-c3", "b2-a1", "c5-b6", "c5-d6", "b6-a5", "d6-e5", "a5-b6",
    ] {
        assert!(Cannon.check_move_syntax(bad).is_err(), "{bad}");
    }
    for good in ["a6-b5", "b5-a6", "e6-d5", "d5-e6"] {
        assert!(Cannon.check_move_syntax(good).is_ok(), "{good}");
    }
}

#[test]
fn cannons_also_use_the_diagonals() {
    let p = pos_of(
        [
            "x . . . x", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "o . . . .", //
        ],
        "x",
        "-",
    );
    assert_eq!(
        moves(&p),
        vec!["a6-a5", "a6-b5", "a6-b6", "e6-d5", "e6-d6", "e6-e5"]
    );
}

#[test]
fn the_cannon_side_always_moves_first() {
    assert_eq!(Cannon.start().to_move, Side::X);
    assert!(text(&Cannon.start()).ends_with(" x -"));
}

#[test]
fn move_counts_from_the_start_checked_by_hand() {
    let start = Cannon.start();
    // Depth 1. b6: a6, b5 (c6 is a cannon). c6: c5 only. d6: d5, e6. 5 steps. No capture:
    // every downward ray meets two empty points (ranks 5 and 4); sideways rays pass the
    // cannons and find the empty corner at the edge; nothing is above rank 6.
    assert_eq!(
        moves(&start),
        vec!["b6-a6", "b6-b5", "c6-c5", "d6-d5", "d6-e6"]
    );
    assert_eq!(perft(&Cannon, &start, 1), 5);
    // Depth 2. No cannon stepped below rank 5, so the soldiers' only moves are the five rank-3
    // soldiers stepping up to rank 4 (ranks 1-3 are full): 5 × 5 = 25. No cannon is boxed in.
    assert_eq!(perft(&Cannon, &start, 2), 25);
    // Depth 3. Let s be the file of the soldier that stepped s3-s4 (s3 now empty).
    // - b6-a6 (cannons a6 c6 d6): steps a6: a5 b5 b6; c6: b6 c5; d6: d5 e6 = 7. A downward
    //   ray from a6, c6 or d6 captures the soldier on s4 only when s is that file (one gap on
    //   rank 5); sideways rays end on a cannon or the edge. 7 × 5 + 3 = 38.
    // - b6-b5 (cannons b5 c6 d6): steps b5: a5 a6 b6 c5, and b4 unless s = b; c6: b6 c5;
    //   d6: d5 e6. b5 always captures downwards: b5xb3 over the gap b4, or (s = b) b5xb2 past
    //   b4 and over the gap b3. c6 and d6 capture downwards when s is c or d. Per s:
    //   a 9+1, b 8+1, c 9+2, d 9+2, e 9+1 = 51.
    // - c6-c5 (cannons b6 c5 d6): steps b6: a6 b5 c6; c5: b5 c6 d5, and c4 unless s = c;
    //   d6: c6 d5 e6. c5 always captures downwards (c5xc3, or c5xc2 when s = c); b6 and d6
    //   when s is b or d. Per s: a 10+1, b 10+2, c 9+1, d 10+2, e 10+1 = 56.
    // - d6-d5 and d6-e6 mirror b6-b5 and b6-a6: 51 and 38.
    // 38 + 51 + 56 + 51 + 38 = 234.
    assert_eq!(perft(&Cannon, &start, 3), 234);
    let after_c5 = after(&after(&start, "c6-c5"), "c3-c4");
    assert_eq!(
        moves(&after_c5),
        vec![
            "b6-a6", "b6-b5", "b6-c6", "c5-b5", "c5-c6", "c5-d5", "c5xc2", "d6-c6", "d6-d5",
            "d6-e6"
        ]
    );
}
