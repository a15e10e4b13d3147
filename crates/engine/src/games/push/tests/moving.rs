//! Moving: groups and the six directions.

use super::*;

#[test]
fn a_group_is_one_to_three_own_pieces_in_a_line_without_gaps() {
    // Four x in a row E2-E5 and one more on E7, after a gap.
    let p = open(&["E2", "E3", "E4", "E5", "E7"], &[], Side::X);
    let all = moves(&p);
    // No group of four (cells part at most 6 characters), none across the gap.
    assert!(all.iter().all(|m| m.find('-').unwrap() <= 6));
    assert!(!all.iter().any(|m| m.contains("E5E7")));
    // E2E3E4E5 cannot move east as one; the front three can (E6 is free), the back three
    // are blocked by their own E5 (the move belongs to the front three's group).
    assert_eq!(
        moves_of(&p, "E3E4E5"),
        strings(&[
            "E3E4E5-E",
            "E3E4E5-NE",
            "E3E4E5-NW",
            "E3E4E5-SE",
            "E3E4E5-SW"
        ])
    );
    assert!(!all.contains(&"E2E3E4-E".to_owned()));
    assert!(all.contains(&"E2E3E4-W".to_owned()));
    assert!(matches!(
        Push.parse_move(&p, "E2E3E4E5-E"),
        Err(MoveError::Malformed { .. })
    ));
    assert!(matches!(
        Push.parse_move(&p, "E5E7-E"),
        Err(MoveError::Malformed { .. })
    ));
    // Only the mover's own pieces form groups: o's pieces next to x's do not join.
    let q = open(&["E4", "E5"], &["E6"], Side::X);
    assert!(moves(&q).iter().all(|m| !m.contains("E6")));
}

#[test]
fn the_whole_group_moves_one_cell_in_one_of_six_directions() {
    let p = open(&["E4", "E5"], &[], Side::X);
    assert_eq!(
        moves_of(&p, "E4E5"),
        strings(&["E4E5-E", "E4E5-W", "E4E5-NE", "E4E5-NW", "E4E5-SE", "E4E5-SW"])
    );
    let expect = |mv: &str, now: &[&str]| {
        assert_eq!(after(&p, mv), open(now, &[], Side::O), "{mv}");
    };
    expect("E4E5-E", &["E5", "E6"]);
    expect("E4E5-W", &["E3", "E4"]);
    expect("E4E5-NE", &["F5", "F6"]);
    expect("E4E5-NW", &["F4", "F5"]);
    expect("E4E5-SE", &["D4", "D5"]);
    expect("E4E5-SW", &["D3", "D4"]);
    let m = mv(&p, "E4E5-NW");
    assert_eq!(m.cells(), cells(&["E4", "E5"]));
    assert_eq!(m.destinations(), cells(&["F4", "F5"]));
    assert!(!m.is_inline());
    assert!(mv(&p, "E4E5-W").is_inline());
}

#[test]
fn in_line_moves_go_forwards_or_backwards_and_only_they_push() {
    // x E4E5E6 with o ahead on E7 and o beside it on F6 (NE of E5) and D5 (SE of E5).
    let p = open(&["E4", "E5", "E6"], &["E7", "F6", "D5"], Side::X);
    // East pushes E7 to E8; west steps into the empty E3; every broadside hits an o piece.
    assert_eq!(moves_of(&p, "E4E5E6"), strings(&["E4E5E6-E", "E4E5E6-W"]));
    assert!(Push.is_push(&p, mv(&p, "E4E5E6-E")));
    assert!(!Push.is_push(&p, mv(&p, "E4E5E6-W")));
    assert_eq!(
        after(&p, "E4E5E6-E"),
        open(&["E5", "E6", "E7"], &["E8", "F6", "D5"], Side::O)
    );
    // Backwards pushes too: the same group with o behind it on E3 (and E2 free).
    let q = open(&["E4", "E5", "E6"], &["E3"], Side::X);
    assert!(Push.is_push(&q, mv(&q, "E4E5E6-W")));
    assert_eq!(
        after(&q, "E4E5E6-W"),
        open(&["E3", "E4", "E5"], &["E2"], Side::O)
    );
}

#[test]
fn broadside_needs_every_destination_empty() {
    // x E3E4E5; o on D4 (SE of E4) and x's own F6 (NE of E5).
    let p = open(&["E3", "E4", "E5", "F6"], &["D4"], Side::X);
    // SE (D3 D4 D5) and SW (D2 D3 D4) hit the o piece: a broadside never pushes it.
    // NE (F4 F5 F6) hits x's own piece. NW (F3 F4 F5) is free, as are E6 and E2.
    assert_eq!(
        moves_of(&p, "E3E4E5"),
        strings(&["E3E4E5-E", "E3E4E5-NW", "E3E4E5-W"])
    );
    // Likewise a pair: E4E5-SE would need D4 and D5.
    assert!(!moves(&p).contains(&"E4E5-SE".to_owned()));
    assert!(moves(&p).contains(&"E4E5-NW".to_owned()));
}

#[test]
fn a_single_piece_moves_to_any_empty_neighbour_but_cannot_push() {
    // x E5 alone with o on E6 (and E7 free behind it).
    let p = open(&["E5"], &["E6"], Side::X);
    assert_eq!(
        moves_of(&p, "E5"),
        strings(&["E5-W", "E5-NE", "E5-NW", "E5-SE", "E5-SW"])
    );
    assert!(matches!(
        Push.parse_move(&p, "E5-E"),
        Err(MoveError::Illegal { .. })
    ));
}

#[test]
fn a_group_never_moves_its_own_piece_off_the_board() {
    let p = open(&["E7", "E8", "E9"], &[], Side::X);
    // E: E9 would leave; NE: F10 does not exist; SE: D9 does not exist.
    assert_eq!(
        moves_of(&p, "E7E8E9"),
        strings(&["E7E8E9-NW", "E7E8E9-SW", "E7E8E9-W"])
    );
    assert_eq!(moves_of(&p, "E9"), strings(&["E9-NW", "E9-SW"]));
    // The parked row A cannot step south off the board either, alone or in groups.
    assert!(moves(&p)
        .iter()
        .all(|m| !(m.starts_with('A') && (m.ends_with("-SE") || m.ends_with("-SW")))));
}
