//! Text forms: positions, moves and the hash, and reading any text without a panic.

use super::*;
use rand::Rng;

#[test]
fn position_text_round_trips_and_refuses_bad_input() {
    let start_text = "xxxxxxxxxxx..xxx.............................ooo..ooooooooooo x";
    for text in [
        start_text,
        "xxxxxxxxxxx..xxx.............................ooo..ooooooooooo o",
    ] {
        assert_eq!(Push.format_position(&pos(text)), text);
    }
    let stuck = Push.format_position(&x_stuck());
    assert_eq!(
        stuck,
        "xxxxxooooooxxxxxxxoooooooo................................... x"
    );
    assert_eq!(pos(&stuck), x_stuck());
    let fifteen_x = format!("xxxxxxxxxxxxxxx{} x", ".".repeat(46));
    let bad = [
        "".to_owned(),
        " ".to_owned(),
        "x".to_owned(),
        start_text.replace(" x", ""),
        format!("{start_text} 0"),
        start_text.replace(" x", "  x"),
        start_text.replace(" x", " y"),
        start_text.replace(" x", " X"),
        format!(" {start_text}"),
        format!("{start_text} "),
        start_text.replacen('.', "", 1),
        start_text.replacen('.', "..", 1),
        start_text.replacen('.', "s", 1),
        start_text.replacen('.', "é", 1),
        start_text.replacen('x', "X", 1),
        fifteen_x.clone(),
        fifteen_x.replace('x', "o").replace(" o", " x"),
    ];
    for text in &bad {
        assert!(Push.parse_position(text).is_err(), "{text:?}");
    }
    assert!(matches!(
        Push.parse_position(&fifteen_x),
        Err(PositionError::Inconsistent { .. })
    ));
    assert!(matches!(
        Push.parse_position(&start_text.replace(" x", " y")),
        Err(PositionError::SideToMove { .. })
    ));
    // Fourteen each is the most there can be.
    let fourteen = format!("{}{}{} o", "x".repeat(14), ".".repeat(33), "o".repeat(14));
    assert_eq!(Push.format_position(&pos(&fourteen)), fourteen);
}

#[test]
fn move_notation_is_canonical() {
    let start = Push.start();
    for good in [
        "A1-NE",
        "C3C4C5-NW",
        "A3B3C3-NW",
        "A1B2C3-NE",
        "E5-SW",
        "I9-W",
        "pass",
    ] {
        assert_eq!(Push.check_move_syntax(good), Ok(()), "{good}");
    }
    assert_eq!(Push.format_move(mv(&start, "C3C4C5-NW")), "C3C4C5-NW");
    assert_eq!(Push.format_move(Move::Pass), "pass");
    assert_eq!(Push.format_move(Move::single(cell("B1"), Dir::NE)), "B1-NE");
    let bad = [
        "",
        "-",
        "pass ",
        "Pass",
        "PASS",
        "A1",
        "A1-",
        "-E",
        "A1--E",
        "A1-E-E",
        "A1 -E",
        "A1-E ",
        "a1-NE",
        "A1-ne",
        "A1-N",
        "A1-X",
        "J1-E",
        "A6-E",
        "A0-E",
        "F1-E",
        "I4-E",
        "A10-E",
        "A1A3-E",
        "C4C3-E",
        "A1A1-E",
        "A2A1-E",
        "A1B2C4-NE",
        "A1B1C2-NW",
        "A1A2A3A4-E",
        "A1A2A-E",
        "C3C5C4-E",
        "B1A1-NW",
        "A1C1-NW",
        "А1-E",
        "A1-NÉ",
        "A1-E\n",
        "A1\u{0}-E",
    ];
    for text in bad {
        assert!(
            matches!(
                Push.check_move_syntax(text),
                Err(MoveError::Malformed { .. })
            ),
            "{text:?}"
        );
        assert!(matches!(
            Push.parse_move(&start, text),
            Err(MoveError::Malformed { .. })
        ));
    }
    // Well-formed but not legal here.
    assert!(matches!(
        Push.parse_move(&start, "A1-NE"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        Push.parse_move(&start, "E5-E"),
        Err(MoveError::Illegal { .. })
    ));
}

#[test]
fn hash_covers_pieces_and_side_to_move() {
    let start = Push.start();
    let o_first = Push.skip_turn(&start);
    assert_ne!(Push.hash(&start), Push.hash(&o_first));
    assert_eq!(
        Push.hash(&start),
        Push.hash(&pos(&Push.format_position(&start)))
    );
    let mut seen = std::collections::HashSet::new();
    let mut list = Vec::new();
    Push.legal_moves(&start, &mut list);
    for m in list {
        assert!(seen.insert(Push.hash(&Push.play(&start, m))));
    }
}

#[test]
fn reading_arbitrary_text_never_panics() {
    let alphabet: Vec<char> = "xo. -ABCDEFGHIJ0123456789NESWpas\u{e9}\u{4e2d}\u{0}\n"
        .chars()
        .collect();
    let mut rng = crate::random::seeded(0xBAD_7E47, 0);
    let start = Push.start();
    for _ in 0..20_000 {
        let len = rng.random_range(0..70);
        let text: String = (0..len)
            .map(|_| alphabet[rng.random_range(0..alphabet.len())])
            .collect();
        let _ = Push.parse_position(&text);
        if let Ok(()) = Push.check_move_syntax(&text) {
            // Whatever passes the syntax check is a canonical spelling of some group.
            assert!(text == "pass" || text.contains('-'), "{text:?}");
        }
        let _ = Push.parse_move(&start, &text);
    }
    // Texts that are nearly right, one character changed.
    let good = Push.format_position(&start);
    for i in 0..good.len() {
        for c in ['x', 'o', '.', ' ', 'X', '\u{e9}'] {
            let mut chars: Vec<char> = good.chars().collect();
            chars[i] = c;
            let text: String = chars.into_iter().collect();
            if let Ok(p) = Push.parse_position(&text) {
                assert_eq!(Push.format_position(&p), text);
            }
        }
    }
}

/// A group spelled from its cells and a direction, legal or not: its notation is the one the
/// engine reads; cells that are no group spell nothing.
#[test]
fn a_group_is_spelled_from_its_cells() {
    let spelled = |names: &[&str], dir| Move::group(cells(names), dir).map(|m| Push.format_move(m));
    assert_eq!(spelled(&["E5"], Dir::NE).as_deref(), Some("E5-NE"));
    assert_eq!(
        spelled(&["E5", "C3", "D4"], Dir::NE).as_deref(),
        Some("C3D4E5-NE")
    );
    assert_eq!(
        spelled(&["C3", "C4", "C5"], Dir::NE).as_deref(),
        Some("C3C4C5-NE")
    );
    assert_eq!(spelled(&["C3", "C5"], Dir::E), None, "a gap");
    assert_eq!(spelled(&["C3", "D5"], Dir::E), None, "not neighbours");
    assert_eq!(spelled(&["C3", "C4", "D4"], Dir::E), None, "not a line");
    assert_eq!(spelled(&[], Dir::E), None);
    assert_eq!(spelled(&["C3", "C4", "C5", "C6"], Dir::E), None, "four");
    // Every legal group move is spelled back from its own cells and direction.
    let start = Push.start();
    let mut legal = Vec::new();
    Push.legal_moves(&start, &mut legal);
    for m in legal {
        if let Move::Group { dir, .. } = m {
            assert_eq!(Move::group(m.cells(), dir), Some(m));
        }
    }
}
