//! Texts and hashing: positions and moves written and read back, the hash, the material.

use super::*;

#[test]
fn position_text_round_trips() {
    let texts = [
        "ooooooooooooooo...........xxx. x -".to_owned(),
        "ooooooooooooooo...........xxx. o -".to_owned(),
        format!("{} x -", ".".repeat(30)),
        format!("{} o o", ".".repeat(30)),
        diagram(
            [
                ". o x o .",
                ". . . . .",
                ". x . x .",
                "o . . . .",
                ". . . . .",
                ". . . . .",
            ],
            "x",
            "x",
        ),
    ];
    for t in &texts {
        assert_eq!(&text(&pos(t)), t);
    }
    assert_eq!(
        texts[4], "..........o.....x.x.......oxo. x x",
        "the diagram helper writes rank 1 first"
    );
}

#[test]
fn bad_position_texts_are_refused_with_the_offending_text() {
    let start = "ooooooooooooooo...........xxx.";
    let refused = |t: &str, expected: fn(&PositionError) -> bool| {
        let err = Cannon.parse_position(t).expect_err(t);
        assert!(expected(&err), "{t:?}: {err:?}");
        assert!(!err.to_string().is_empty());
    };
    let field_count: fn(&PositionError) -> bool = |e| matches!(e, PositionError::FieldCount { .. });
    refused(&format!("{start} x"), field_count);
    refused(&format!("{start} x - -"), field_count);
    refused(&format!("{start}  x -"), field_count);
    refused(&format!("{start} x - "), field_count);
    refused("", field_count);
    let length: fn(&PositionError) -> bool = |e| matches!(e, PositionError::BoardLength { .. });
    refused("ooo x -", length);
    refused(&format!("{start}. x -"), length);
    refused(&format!("{}X x -", &start[..29]), |e| {
        matches!(e, PositionError::BoardChar { found: 'X', .. })
    });
    refused(&format!("{}é x -", &start[..29]), |e| {
        matches!(e, PositionError::BoardChar { found: 'é', .. })
    });
    let side: fn(&PositionError) -> bool = |e| matches!(e, PositionError::SideToMove { .. });
    refused(&format!("{start} X -"), side);
    refused(&format!("{start} - -"), side);
    let decided: fn(&PositionError) -> bool = |e| {
        matches!(
            e,
            PositionError::Field {
                name: "decided",
                ..
            }
        )
    };
    refused(&format!("{start} x 0"), decided);
    refused(&format!("{start} x xo"), decided);
    let too_many: fn(&PositionError) -> bool = |e| matches!(e, PositionError::Inconsistent { .. });
    refused("ooooooooooooooo..........xxxx. x -", too_many);
    refused("oooooooooooooooo..........xxx. x -", too_many);
    // The offending field is named.
    let err = Cannon.parse_position(&format!("{start} x q")).unwrap_err();
    assert!(err.to_string().contains("'q'"), "{err}");
    // Never a panic, whatever the bytes.
    for t in [
        "é é é",
        " ",
        "   ",
        "x",
        "\u{0}",
        "ooo\u{301} x -",
        "日本 x -",
    ] {
        assert!(Cannon.parse_position(t).is_err(), "{t:?}");
    }
}

#[test]
fn move_spellings_are_checked() {
    for good in [
        "b6-b5", "c6xc3", "a6-b5", "e6-d5", "a1xa6", "a1xe1", "c3xc1", "e2xa2",
    ] {
        assert_eq!(Cannon.check_move_syntax(good), Ok(()), "{good}");
    }
    let bad = [
        "", "-", "x", "b6b5", "b6 b5", "b6-b5 ", " b6-b5", "B6-b5", "b6-B5", "c6Xc3", "b6–b5",
        "b6-b5-b4", "c6xc3x", "f1-f2", "a0-a1", "a7-a6", "b6-b4", "b6-b6", "b2-c3", "c6xc5",
        "c6xc6", "c6xd4", "a6xb5", "é6-b5", "b6-b5é", "b6:b5",
    ];
    for t in bad {
        match Cannon.check_move_syntax(t) {
            Err(MoveError::Malformed { text, .. }) => assert_eq!(text, t),
            other => panic!("{t:?} gave {other:?}"),
        }
    }
}

#[test]
fn moves_print_in_canonical_form_and_parse_back() {
    let p = capture_patterns();
    let mut list = Vec::new();
    Cannon.legal_moves(&p, &mut list);
    for mv in list {
        let spelled = Cannon.format_move(mv);
        assert_eq!(Cannon.parse_move(&p, &spelled), Ok(mv));
        assert_eq!(spelled.contains('x'), mv.is_capture());
    }
    // A well-formed but illegal move is told apart from a malformed one.
    assert!(is_illegal(&p, "a2xa5"));
}

#[test]
fn hash_covers_pieces_side_and_decided() {
    let start = Cannon.start();
    let h = Cannon.hash(&start);
    assert_ne!(
        h,
        Cannon.hash(&Position {
            to_move: Side::O,
            ..start
        })
    );
    assert_ne!(
        h,
        Cannon.hash(&Position {
            decided: Some(Side::X),
            ..start
        })
    );
    assert_ne!(
        Cannon.hash(&Position {
            decided: Some(Side::X),
            ..start
        }),
        Cannon.hash(&Position {
            decided: Some(Side::O),
            ..start
        })
    );
    // Transpositions hash alike.
    let a = after(&after(&after(&start, "b6-b5"), "a3-a4"), "d6-d5");
    let b = after(&after(&after(&start, "d6-d5"), "a3-a4"), "b6-b5");
    assert_eq!(a, b);
    assert_eq!(Cannon.hash(&a), Cannon.hash(&b));
    assert_ne!(Cannon.hash(&a), h);
}

#[test]
fn material_falls_only_through_captures_and_removals() {
    let start = Cannon.start();
    let mut p = start;
    for mv in ["c6-c5", "c3-c4", "c5xc2"] {
        p = after(&p, mv);
    }
    assert_eq!(Cannon.material(&p), [3, 14]);
}
