//! Pushing: who may push whom, and pieces pushed off the board.

use super::*;
use crate::games::perft;

#[test]
fn three_push_one_or_two_and_two_push_one() {
    // x fills rows A and B and holds C4; o holds the rest of row C, the run D4 E4 on C4's NW
    // line and the run D5 E6 F7 on C4's NE line.
    let p = setup(
        &[
            "A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "B6", "C4",
        ],
        &[
            "C1", "C2", "C3", "C5", "C6", "C7", "D4", "E4", "D5", "E6", "F7",
        ],
        Side::X,
    );
    // By hand. Every x single is boxed in (row C is full, C4's D4 and D5 are taken), and
    // every broadside needs empty cells in row C or beyond the rim. What is left are the
    // in-line moves of the groups pointing from rows A-B into row C:
    //   NW pairs A_d B_d push C_d when D_d behind it is free: d = 1, 2, 3 yes; d = 4 runs
    //   into x's own C4; d = 5 meets the run C5 D5 (two cannot push two).
    //   NE pairs A_d B_d+1 push C_d+2 when D_d+3 is free: d = 1 meets C3 D4 (two on two);
    //   d = 2 runs into own C4; d = 3, 4, 5 push C5, C6, C7 (D6, D7, D8 free).
    //   B4C4-NW meets D4 E4 (two on two); B3C4-NE meets D5 E6 F7.
    //   A4B4C4-NW: three push D4 E4 (F4 free). A2B3C4-NE: three on three, a stand-off.
    //   The groups' backward moves run into row A or off the board.
    assert_eq!(
        moves(&p),
        strings(&[
            "A1B1-NW",
            "A2B2-NW",
            "A3B3-NW",
            "A3B4-NE",
            "A4B5-NE",
            "A5B6-NE",
            "A4B4C4-NW",
        ])
    );
    // Three push two one cell: D4 E4 -> E4 F4.
    let q = after(&p, "A4B4C4-NW");
    assert_eq!(q.piece_at(cell("D4")), Some(Side::X));
    assert_eq!(q.piece_at(cell("A4")), None);
    assert_eq!(
        q.pieces[1] & cells(&["D4", "E4", "F4"]),
        cells(&["E4", "F4"])
    );
    assert_eq!(Push.material(&q), [12, 11]);
    assert_eq!(
        Push.shove(&p, mv(&p, "A4B4C4-NW")),
        Some(Shove {
            shoved: cells(&["D4", "E4"]),
            pushed_off: None
        })
    );
    // Two push one: C1 -> D1.
    let q = after(&p, "A1B1-NW");
    assert_eq!(q.piece_at(cell("C1")), Some(Side::X));
    assert_eq!(q.piece_at(cell("D1")), Some(Side::O));
    assert_eq!(q.piece_at(cell("A1")), None);
    // Three push one too (open board): E2E3E4 pushes a lone E5.
    let r = open(&["E2", "E3", "E4"], &["E5"], Side::X);
    assert!(moves(&r).contains(&"E2E3E4-E".to_owned()));
}

#[test]
fn equal_numbers_stand_each_other_off() {
    // One on one: a single never pushes.
    let p = open(&["E4"], &["E5"], Side::X);
    assert!(!moves(&p).contains(&"E4-E".to_owned()));
    // Two on two, with room behind the pair.
    let p = open(&["E3", "E4"], &["E5", "E6"], Side::X);
    assert_eq!(
        moves_of(&p, "E3E4"),
        strings(&["E3E4-W", "E3E4-NE", "E3E4-NW", "E3E4-SE", "E3E4-SW"])
    );
    // ... and the o pair cannot push back either.
    let q = open(&["E3", "E4"], &["E5", "E6"], Side::O);
    assert!(!moves(&q).contains(&"E5E6-W".to_owned()));
    // Three on three, with E8 free behind.
    let p = open(&["E2", "E3", "E4"], &["E5", "E6", "E7"], Side::X);
    assert!(!moves(&p).contains(&"E2E3E4-E".to_owned()));
    assert!(!moves(&p).contains(&"E3E4-E".to_owned()));
    let q = open(&["E2", "E3", "E4"], &["E5", "E6", "E7"], Side::O);
    assert!(!moves(&q).contains(&"E5E6E7-W".to_owned()));
    // More than the pusher: two cannot push three either.
    let p = open(&["E3", "E4"], &["E5", "E6", "E7"], Side::X);
    assert!(!moves(&p).contains(&"E3E4-E".to_owned()));
}

#[test]
fn the_pushed_line_needs_an_empty_cell_or_the_edge_behind_it() {
    // Room behind: E1E2E3 pushes E4 E5 into the free E6.
    let p = open(&["E1", "E2", "E3"], &["E4", "E5"], Side::X);
    assert!(moves(&p).contains(&"E1E2E3-E".to_owned()));
    // The edge behind: E5E6E7 pushes E8 E9, and E9 goes off the board.
    let p = open(&["E5", "E6", "E7"], &["E8", "E9"], Side::X);
    assert_eq!(
        Push.shove(&p, mv(&p, "E5E6E7-E")),
        Some(Shove {
            shoved: cells(&["E8", "E9"]),
            pushed_off: Some(cell("E9"))
        })
    );
    assert_eq!(
        after(&p, "E5E6E7-E"),
        open(&["E6", "E7", "E8"], &["E9"], Side::O)
    );
    // Along a diagonal: the NW line A2 B2 C2 D2 E2 F2 leaves the board after F2. With x on
    // C2 D2 (behind them the parked B2 and A2), o on E2 goes to F2; o on E2 F2 stands off
    // the pair C2D2, but the triple B2C2D2 pushes them, F2 over the rim.
    let p = open(&["C2", "D2"], &["E2"], Side::X);
    assert!(moves(&p).contains(&"C2D2-NW".to_owned()));
    assert_eq!(after(&p, "C2D2-NW"), open(&["D2", "E2"], &["F2"], Side::O));
    let p = open(&["C2", "D2"], &["E2", "F2"], Side::X);
    assert!(!moves(&p).contains(&"C2D2-NW".to_owned()));
    assert!(
        !moves(&p).contains(&"A2B2C2-NW".to_owned()),
        "its own D2 is in the way"
    );
    let q = after(&p, "B2C2D2-NW");
    assert_eq!(q.pieces[1] & cells(&["E2", "F2"]), bit(cell("F2")));
    assert_eq!(q.pushed_off(Side::O), p.pushed_off(Side::O) + 1);
}

#[test]
fn an_own_piece_behind_the_pushed_line_blocks() {
    // x E2E3E4 against o E5 with x's own piece right behind it on E6.
    let p = open(&["E2", "E3", "E4", "E6"], &["E5"], Side::X);
    assert!(!moves(&p).contains(&"E2E3E4-E".to_owned()));
    assert!(!moves(&p).contains(&"E3E4-E".to_owned()));
    // Against two, with the own piece behind both.
    let p = open(&["E2", "E3", "E4", "E7"], &["E5", "E6"], Side::X);
    assert!(!moves(&p).contains(&"E2E3E4-E".to_owned()));
    // Without it the same push is fine.
    let p = open(&["E2", "E3", "E4"], &["E5", "E6"], Side::X);
    assert!(moves(&p).contains(&"E2E3E4-E".to_owned()));
}

#[test]
fn own_pieces_in_the_way_block() {
    // A pair with its own piece straight ahead cannot step into it (that is the triple's
    // move), nor push past it.
    let p = open(&["E2", "E3", "E4"], &[], Side::X);
    assert!(!moves(&p).contains(&"E2E3-E".to_owned()));
    assert!(!moves(&p).contains(&"E3E4-W".to_owned()));
    assert!(moves(&p).contains(&"E3E4-E".to_owned()));
    assert!(moves(&p).contains(&"E2E3E4-E".to_owned()));
    // A single into its own piece: no.
    assert!(!moves(&p).contains(&"E2-E".to_owned()));
}

#[test]
fn a_push_advances_exactly_one_cell() {
    // E1E2E3 pushes E4 E5 one cell along an otherwise empty row: they stop on E5 E6.
    let p = open(&["E1", "E2", "E3"], &["E4", "E5"], Side::X);
    assert_eq!(
        after(&p, "E1E2E3-E"),
        open(&["E2", "E3", "E4"], &["E5", "E6"], Side::O)
    );
    // Two push one along a diagonal: C3 D4 push E5 to F6, not further.
    let p = open(&["C3", "D4"], &["E5"], Side::X);
    assert_eq!(after(&p, "C3D4-NE"), open(&["D4", "E5"], &["F6"], Side::O));
}

#[test]
fn push_off_the_edge() {
    // x fills rows A and B and holds D2 D3 D8; o fills row C and holds D1, D4-D7. Row D is
    // full, so the pairs of rows A-B cannot push into row C (o has two in a row there, or
    // x's own piece stands behind: D2, D3, D8).
    let p = setup(
        &[
            "A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "B6", "D2", "D3", "D8",
        ],
        &[
            "C1", "C2", "C3", "C4", "C5", "C6", "C7", "D1", "D4", "D5", "D6", "D7",
        ],
        Side::X,
    );
    // By hand: D2, D3, D8 step NE or NW into the empty row E (6 moves; their other
    // neighbours are taken or off the board). The pair D2D3: W pushes D1 over the rim
    // (D0 does not exist); E meets D4-D7 (four, then x's D8); NE (E3 E4) and NW (E2 E3)
    // are free; SE and SW run into row C.
    assert_eq!(
        moves(&p),
        strings(&[
            "D2-NE", "D2-NW", "D3-NE", "D3-NW", "D8-NE", "D8-NW", "D2D3-W", "D2D3-NE", "D2D3-NW",
        ])
    );
    assert_eq!(p.pushed_off(Side::O), 2);
    let push = mv(&p, "D2D3-W");
    assert!(Push.is_push(&p, push));
    assert_eq!(
        Push.shove(&p, push),
        Some(Shove {
            shoved: bit(cell("D1")),
            pushed_off: Some(cell("D1"))
        })
    );
    let q = Push.play(&p, push);
    assert_eq!(q.pushed_off(Side::O), 3);
    assert_eq!(Push.material(&q), [14, 11]);
    assert_eq!(
        q.pieces[0] & cells(&["D1", "D2", "D3"]),
        cells(&["D1", "D2"])
    );
    assert_eq!(Push.status(&q), Status::Ongoing);
}

#[test]
fn first_side_to_push_six_off_wins() {
    // o has nine left (five already pushed off); x's E7E8 pushes E9 over the rim.
    let o_eight = ["I5", "I6", "I7", "I8", "I9", "H4", "H5", "H6"];
    let p = setup(
        &with_park(&X_PARK, &["E7", "E8"]),
        &with_park(&o_eight, &["E9"]),
        Side::X,
    );
    assert_eq!(p.pushed_off(Side::O), 5);
    assert_eq!(Push.status(&p), Status::Ongoing);
    let q = after(&p, "E7E8-E");
    assert_eq!(q.pushed_off(Side::O), 6);
    assert_eq!(
        Push.status(&q),
        Status::Win(Side::X, EndReason::SixPushedOff)
    );
    assert!(
        moves(&q).is_empty(),
        "no moves, not even pass, once the game is over"
    );
    assert_eq!(Push.count_moves(&q), 0);
    assert_eq!(perft(&Push, &q, 3), 0);
    assert!(!Push.can_move(&q));
    // The same the other way round: o pushes x's sixth piece off.
    let x_eight = ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3"];
    let p = setup(
        &with_park(&x_eight, &["E1"]),
        &with_park(&O_PARK, &["E2", "E3", "E4"]),
        Side::O,
    );
    let q = after(&p, "E2E3E4-W");
    assert_eq!(
        Push.status(&q),
        Status::Win(Side::O, EndReason::SixPushedOff)
    );
}

#[test]
fn when_both_sides_are_down_to_eight_the_side_to_move_has_lost() {
    // Only set-ups can have both sides at eight; the side to move is checked first.
    let x_eight = ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3"];
    let o_eight = ["I5", "I6", "I7", "I8", "I9", "H4", "H5", "H6"];
    assert_eq!(
        Push.status(&setup(&x_eight, &o_eight, Side::X)),
        Status::Win(Side::O, EndReason::SixPushedOff)
    );
    assert_eq!(
        Push.status(&setup(&x_eight, &o_eight, Side::O)),
        Status::Win(Side::X, EndReason::SixPushedOff)
    );
    // Eight against nine: the side with nine has won whoever is to move.
    assert_eq!(
        Push.status(&setup(&x_eight, &O_PARK, Side::X)),
        Status::Win(Side::O, EndReason::SixPushedOff)
    );
    assert_eq!(
        Push.status(&setup(&x_eight, &O_PARK, Side::O)),
        Status::Win(Side::O, EndReason::SixPushedOff)
    );
    assert_eq!(
        Push.status(&setup(&X_PARK, &O_PARK, Side::O)),
        Status::Ongoing
    );
}
