//! A turn lost to the timer.

use super::*;

#[test]
fn a_turn_lost_to_the_timer_passes_to_the_other_side() {
    let start = Cannon.start();
    let p = Cannon.skip_turn(&start);
    assert_eq!(p.to_move, Side::O);
    assert_eq!(
        (p.cannons, p.soldiers, p.decided),
        (start.cannons, start.soldiers, None)
    );
    let q = Cannon.skip_turn(&p);
    assert_eq!(q, start);
}

#[test]
fn a_turn_lost_by_the_cannons_against_the_last_platform_soldiers_loses() {
    // The lost turn is the cannons' one chance, gone: the soldiers win.
    let p = platform_fight();
    let q = Cannon.skip_turn(&p);
    assert!(text(&q).ends_with(" o o"));
    assert_eq!(
        Cannon.status(&q),
        Status::Win(Side::O, EndReason::LastSoldiersHeld)
    );
    // The soldiers losing their turn in the same set-up decides nothing.
    let r = Cannon.skip_turn(&Position {
        to_move: Side::O,
        ..p
    });
    assert_eq!(r.decided, None);
    assert_eq!(Cannon.status(&r), Status::Ongoing);
}

#[test]
fn a_lost_turn_removes_no_cannon() {
    let boxed = pos_of(
        [
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "o . . . .", //
            "x o . . x", //
        ],
        "o",
        "-",
    );
    assert_eq!(Cannon.skip_turn(&boxed).cannons, boxed.cannons);
}
