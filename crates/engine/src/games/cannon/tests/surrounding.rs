//! Surrounding a cannon: boxed-in cannons are removed.

use super::*;

#[test]
fn a_cannon_whose_neighbours_are_all_blocked_is_removed() {
    // a1's neighbours are a2 and b1: once the soldier on c1 steps to b1, the cannon on a1 is
    // removed.
    let p = pos_of(
        [
            ". . . . .", //
            ". . . . x", //
            ". . . . .", //
            ". . . . .", //
            "o . . . .", //
            "x . o . .", //
        ],
        "o",
        "-",
    );
    let q = after(&p, "c1-b1");
    assert_eq!(q.cannons, at("e5"));
    assert_eq!(Cannon.material(&q), [1, 2]);
    assert_eq!(Cannon.status(&q), Status::Ongoing);
}

#[test]
fn a_boxed_in_cannon_is_removed_even_if_it_could_still_capture() {
    // Ruling: removal looks at the neighbours only. After d5-d6 the cannon on c6 has b6, d6
    // and c5 all occupied although c6xc3 (over c5 and the gap c4) would still be open.
    let p = pos_of(
        [
            ". o x . .", //
            ". . o o .", //
            ". . . . .", //
            ". . o . .", //
            ". . . . .", //
            "x . . . .", //
        ],
        "o",
        "-",
    );
    let q = after(&p, "d5-d6");
    assert_eq!(q.cannons, at("a1"));
    assert_eq!(q.soldiers.count_ones(), 4);
    // Before the step, the cannon could have captured.
    assert!(moves(&Position {
        to_move: Side::X,
        ..p
    })
    .contains(&"c6xc3".to_owned()));
}

#[test]
fn several_boxed_in_cannons_are_removed_together() {
    // b2-b1 fills the last free neighbour of both a1 (a2, b1) and c1 (b1, c2, d1).
    let p = pos_of(
        [
            ". . . . x", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "o o o . .", //
            "x . x o .", //
        ],
        "o",
        "-",
    );
    let q = after(&p, "b2-b1");
    assert_eq!(q.cannons, at("e6"));
    assert_eq!(
        text(&q),
        diagram(
            [
                ". . . . x", //
                ". . . . .", //
                ". . . . .", //
                ". . . . .", //
                "o . o . .", //
                ". o . o .", //
            ],
            "x",
            "-",
        )
    );
}

#[test]
fn hand_built_top_left_crowd_has_exactly_these_moves() {
    // a6: only b5 (diagonal); right ray passes b6 c6 and meets two empty points d6 e6; down
    // ray passes a5, gap a4, empty a3. b6: only b5; right: c6 then d6 e6 empty; down: b5 b4
    // empty. c5: b5 c4 d5; left: gap b5 then the soldier a5 → c5xa5; up: c6 then the edge.
    assert_eq!(
        moves(&top_left_crowd()),
        vec!["a6-b5", "b6-b5", "c5-b5", "c5-c4", "c5-d5", "c5xa5"]
    );
}

#[test]
fn ruling_boxed_in_cannons_are_removed_after_the_cannons_own_move_too() {
    // c5-b5: a6 now has b6, a5, b5 occupied; b6 has a6, c6, b5 occupied. Both go, together
    // (removing a6 first would have freed b6). The cannon that moved keeps c5 free.
    let q = after(&top_left_crowd(), "c5-b5");
    assert_eq!(q.cannons, at("b5"));
    assert_eq!(
        text(&q),
        diagram(
            [
                ". . o . .", //
                "o x . . .", //
                ". . . . .", //
                ". . . . .", //
                ". . . . .", //
                ". . . . .", //
            ],
            "o",
            "-",
        )
    );
    // a6-b5 instead frees a6, so b6 keeps a free neighbour and nothing is removed.
    let r = after(&top_left_crowd(), "a6-b5");
    assert_eq!(Cannon.material(&r), [3, 2]);
}
