//! Each reason a set-up is refused, in each game it applies to, and set-ups that are fine.

use super::*;
use crate::games::ToGame;
use crate::games::{EndReason, GameId};

fn variant(game: GameId) -> Variant {
    Variant::plain(game)
}

/// A set-up from a position-text-like board string (`.`, `x`, `o`, `s`).
fn board(cells: &str, to_move: Side, hand: [u8; 2]) -> Board {
    Board {
        points: cells.chars().map(Piece::from_letter).collect(),
        to_move,
        hand,
    }
}

fn check(game: GameId, cells: &str, to_move: Side, hand: [u8; 2]) -> Result<String, SetupError> {
    validate(variant(game), &board(cells, to_move, hand))
}

#[test]
fn every_standard_start_is_a_valid_set_up_and_reads_back_as_itself() {
    for v in Variant::ALL {
        for first in [Side::X, Side::O] {
            let start = start(v, first);
            let text = validate(v, &start).unwrap_or_else(|e| panic!("{v}: {e}"));
            let expected =
                crate::with_game!(v.to_game(), g => g.format_position(&g.start_with(first)));
            assert_eq!(text, expected, "{v}");
            assert_eq!(board_from_text(v, &text), Ok(start), "{v}");
        }
    }
}

#[test]
fn the_shape_comes_from_the_game() {
    for v in Variant::ALL {
        let shape = shape(v);
        assert_eq!(shape.names.len(), shape.points, "{v}");
        assert_eq!(empty(v, Side::O).points.len(), shape.points, "{v}");
        assert_eq!(shape.hands, v.game == GameId::Maddell, "{v}");
        assert_eq!(
            shape.pieces.contains(&Piece::Shared),
            v.game == GameId::ShuangCheng,
            "{v}"
        );
    }
}

#[test]
fn a_board_of_the_wrong_size_is_refused_in_every_game() {
    for v in Variant::ALL {
        let mut b = start(v, Side::X);
        b.points.pop();
        assert!(
            matches!(validate(v, &b), Err(SetupError::PointCount { .. })),
            "{v}"
        );
        let mut b = start(v, Side::X);
        let n = b.points.len();
        b.points.push(Some(Piece::X));
        assert_eq!(
            validate(v, &b),
            Err(SetupError::NoSuchPoint { index: n }),
            "{v}"
        );
        // An empty point past the end is no piece anywhere: harmless.
        let mut b = start(v, Side::X);
        b.points.push(None);
        assert!(validate(v, &b).is_ok(), "{v}");
    }
}

#[test]
fn a_shared_piece_outside_shuang_cheng_is_not_a_piece_of_the_game() {
    for game in [
        GameId::Push,
        GameId::Maddell,
        GameId::Blockade,
        GameId::Cannon,
    ] {
        let mut b = start(variant(game), Side::X);
        let name = shape(variant(game)).names[b.points.len() - 1];
        let last = b.points.len() - 1;
        b.points[last] = Some(Piece::Shared);
        assert_eq!(
            validate(variant(game), &b),
            Err(SetupError::NotInGame {
                point: name,
                piece: Piece::Shared
            }),
            "{game:?}"
        );
    }
}

#[test]
fn hands_outside_maddell_are_refused() {
    for game in [
        GameId::Push,
        GameId::ShuangCheng,
        GameId::Blockade,
        GameId::Cannon,
    ] {
        let mut b = start(variant(game), Side::X);
        b.hand = [1, 0];
        assert_eq!(
            validate(variant(game), &b),
            Err(SetupError::NoHands),
            "{game:?}"
        );
    }
}

#[test]
fn push_too_many_pieces_and_a_finished_game() {
    let fifteen = format!("{}{}", "x".repeat(15), ".".repeat(46));
    let mut with_o = fifteen.clone().into_bytes();
    with_o[60] = b'o';
    let text = String::from_utf8(with_o).expect("ascii");
    assert_eq!(
        check(GameId::Push, &text, Side::X, [0, 0]),
        Err(SetupError::TooMany {
            piece: Piece::X,
            found: 15,
            most: 14
        })
    );
    // Eight light pieces left: six were pushed off, the game is over.
    let start = start(variant(GameId::Push), Side::X);
    let mut b = start.clone();
    let mut removed = 0;
    for p in b.points.iter_mut().rev() {
        if *p == Some(Piece::O) && removed < 6 {
            *p = None;
            removed += 1;
        }
    }
    assert_eq!(
        validate(variant(GameId::Push), &b),
        Err(SetupError::Finished(Status::Win(
            Side::X,
            EndReason::SixPushedOff
        )))
    );
    // Five pushed off: still on, and fewer pieces than the start are fine.
    let mut b = start;
    let mut removed = 0;
    for p in b.points.iter_mut().rev() {
        if *p == Some(Piece::O) && removed < 5 {
            *p = None;
            removed += 1;
        }
    }
    assert!(validate(variant(GameId::Push), &b).is_ok());
}

#[test]
fn shuang_cheng_needs_every_piece_and_a_move() {
    assert_eq!(
        check(GameId::ShuangCheng, "ooos.sxx.", Side::X, [0, 0]),
        Err(SetupError::TooFew {
            piece: Piece::X,
            found: 2,
            needed: 3
        })
    );
    assert_eq!(
        check(GameId::ShuangCheng, "ooosssxxx", Side::X, [0, 0]),
        Err(SetupError::TooMany {
            piece: Piece::Shared,
            found: 3,
            most: 2
        })
    );
    assert_eq!(
        check(GameId::ShuangCheng, "ooos.s.xx", Side::X, [0, 0]).map_err(|e| matches!(
            e,
            SetupError::TooFew {
                piece: Piece::X,
                ..
            }
        )),
        Err(true)
    );
    assert_eq!(
        check(GameId::ShuangCheng, "ooos.sxxx", Side::O, [0, 0]),
        Ok("ooos.sxxx o 0".to_owned()),
        "either side may move first"
    );
}

#[test]
fn shuang_cheng_a_side_with_no_move_has_lost() {
    // o on tl th tr, x on l c r, shared on bl br, bh empty: o's pieces touch only
    // occupied points (tl: th, l; th: tl tr c l r; tr: th r) and the shared pieces can
    // move into bh, so search a position where nothing moves for o.
    let g = shuangcheng::ShuangCheng;
    let mut found = None;
    // Every arrangement of 3 o, 3 x, 2 shared and one empty point, o to move.
    for empty_at in 0..9 {
        for layout in 0..(1u32 << 16) {
            let mut cells = ['.'; 9];
            let mut bits = layout;
            let mut counts = [0; 3];
            let mut ok = true;
            for (i, c) in cells.iter_mut().enumerate() {
                if i == empty_at {
                    continue;
                }
                let kind = (bits & 3) as usize;
                bits >>= 2;
                if kind == 3 {
                    ok = false;
                    break;
                }
                counts[kind] += 1;
                *c = ['x', 'o', 's'][kind];
            }
            if !ok || counts != [3, 3, 2] {
                continue;
            }
            let cells: String = cells.iter().collect();
            let text = format!("{cells} o 0");
            let pos = g.parse_position(&text).expect("reads");
            if g.status(&pos).is_over() {
                found = Some(cells);
                break;
            }
        }
        if found.is_some() {
            break;
        }
    }
    let cells = found.expect("some position leaves o without a move");
    assert_eq!(
        check(GameId::ShuangCheng, &cells, Side::O, [0, 0]),
        Err(SetupError::Finished(Status::Win(
            Side::X,
            EndReason::NoMove
        )))
    );
}

#[test]
fn maddell_hands_that_cannot_occur() {
    let empty = ".".repeat(18);
    assert!(check(GameId::Maddell, &empty, Side::X, [6, 6]).is_ok());
    assert!(check(GameId::Maddell, &empty, Side::O, [6, 6]).is_ok());
    // Three on the board and four in hand: seven.
    let three_x = format!("xxx{}", ".".repeat(15));
    assert_eq!(
        check(GameId::Maddell, &three_x, Side::O, [4, 6]),
        Err(SetupError::HandTooBig {
            side: Side::X,
            in_hand: 4,
            on_board: 3,
            most: 6
        })
    );
    // Seven on the board.
    let seven = format!("{}{}", "o".repeat(7), ".".repeat(11));
    assert_eq!(
        check(GameId::Maddell, &seven, Side::X, [0, 0]),
        Err(SetupError::TooMany {
            piece: Piece::O,
            found: 7,
            most: 6
        })
    );
    // o has lost a piece, but x has placed only two: no mill yet.
    let two_each = format!("xx....oo{}", ".".repeat(10));
    assert_eq!(
        check(GameId::Maddell, &two_each, Side::X, [4, 3]),
        Err(SetupError::LostTooMany {
            side: Side::O,
            lost: 1,
            at_most: 0
        })
    );
    // x has placed four (two past the first mill's three... at most two takes): o lost 3.
    let four_x = format!("xxxx..ooo{}", ".".repeat(9));
    assert_eq!(
        check(GameId::Maddell, &four_x, Side::O, [2, 0]),
        Err(SetupError::LostTooMany {
            side: Side::O,
            lost: 3,
            at_most: 2
        })
    );
    // Once x slides it may have taken any number: fine.
    let six_x = format!("xxxxx.ooo{}x", ".".repeat(8));
    assert!(check(GameId::Maddell, &six_x, Side::O, [0, 0]).is_ok());
    // Down to two in hand and on the board: over.
    let two_o = format!("xxx.xxx.oo{}", ".".repeat(8));
    assert_eq!(
        check(GameId::Maddell, &two_o, Side::X, [0, 0]),
        Err(SetupError::Finished(Status::Win(
            Side::X,
            EndReason::TwoLeft
        )))
    );
    // A placement position with pieces in hand on both sides.
    let placing = format!("x.....o.....x{}", ".".repeat(5));
    assert_eq!(
        check(GameId::Maddell, &placing, Side::O, [4, 5]),
        Ok(format!("{placing} o 4 5"))
    );
}

#[test]
fn maddell_a_sliding_side_with_no_slide_has_lost() {
    // x fills the outer triangle's corners and mids (a1..a6) except one slide... simply:
    // o's three pieces all boxed in by x on every neighbour, o to move with an empty hand.
    let g = maddell::Maddell;
    // o on a1, a3, a5 (the outer corners); x on a2, a4, a6 and b-ring? The corners' only
    // neighbours are a2, a4, a6 (the mid-sides), so x there boxes every o in.
    let cells = "oxoxox............";
    let pos = g.parse_position(&format!("{cells} o 0 0")).expect("reads");
    assert!(g.status(&pos).is_over());
    assert_eq!(
        check(GameId::Maddell, cells, Side::O, [0, 0]),
        Err(SetupError::Finished(Status::Win(
            Side::X,
            EndReason::NoMove
        )))
    );
}

#[test]
fn blockade_needs_every_piece_and_a_move() {
    let start = "xxxxxx...x.....o...oooooo";
    assert!(check(GameId::Blockade, start, Side::O, [0, 0]).is_ok());
    assert_eq!(
        check(
            GameId::Blockade,
            "xxxxxx.........o...oooooo",
            Side::X,
            [0, 0]
        ),
        Err(SetupError::TooFew {
            piece: Piece::X,
            found: 6,
            needed: 7
        })
    );
    assert_eq!(
        check(
            GameId::Blockade,
            "xxxxxxxx.......o...oooooo",
            Side::X,
            [0, 0]
        ),
        Err(SetupError::TooMany {
            piece: Piece::X,
            found: 8,
            most: 7
        })
    );
    // x's seven on rank 1, a2 and b2, o's on c2 d2 e2 and a3 to d3: no x piece has a
    // free first step on any line.
    let cells = "xxxxxxxooooooo...........";
    assert_eq!(
        check(GameId::Blockade, cells, Side::X, [0, 0]),
        Err(SetupError::Finished(Status::Win(
            Side::O,
            EndReason::NoMove
        )))
    );
    assert!(
        validate(
            Variant {
                game: GameId::Blockade,
                solidarity: true
            },
            &board(start, Side::X, [0, 0])
        )
        .is_ok(),
        "the option's game too"
    );
}

#[test]
fn cannon_limits_a_boxed_cannon_and_finished_games() {
    let start = "ooooooooooooooo...........xxx.";
    assert!(check(GameId::Cannon, start, Side::X, [0, 0]).is_ok());
    assert!(check(GameId::Cannon, start, Side::O, [0, 0]).is_ok());
    assert_eq!(
        check(
            GameId::Cannon,
            "ooooooooooooooo..........xxxx.",
            Side::X,
            [0, 0]
        ),
        Err(SetupError::TooMany {
            piece: Piece::X,
            found: 4,
            most: 3
        })
    );
    assert_eq!(
        check(
            GameId::Cannon,
            "oooooooooooooooo..........xxx.",
            Side::X,
            [0, 0]
        ),
        Err(SetupError::TooMany {
            piece: Piece::O,
            found: 16,
            most: 15
        })
    );
    // A cannon on a1 with soldiers on b1 and a2: boxed in.
    assert_eq!(
        check(
            GameId::Cannon,
            "xo...o....................xx..",
            Side::O,
            [0, 0]
        ),
        Err(SetupError::BoxedCannon { point: "a1" })
    );
    // No cannon left; no soldier left; soldiers on all three platforms.
    assert_eq!(
        check(
            GameId::Cannon,
            "ooooo.........................",
            Side::X,
            [0, 0]
        ),
        Err(SetupError::Finished(Status::Win(
            Side::O,
            EndReason::CannonsGone
        )))
    );
    assert_eq!(
        check(
            GameId::Cannon,
            "..........................xxx.",
            Side::X,
            [0, 0]
        ),
        Err(SetupError::Finished(Status::Win(
            Side::X,
            EndReason::SoldiersGone
        )))
    );
    assert_eq!(
        check(
            GameId::Cannon,
            "x....x.........x..........ooo.",
            Side::X,
            [0, 0]
        ),
        Err(SetupError::Finished(Status::Win(
            Side::O,
            EndReason::PlatformsHeld
        )))
    );
    // An endgame: two cannons, four soldiers, soldiers to move.
    assert!(check(
        GameId::Cannon,
        "..o....o....x......o..o..x....",
        Side::O,
        [0, 0]
    )
    .is_ok());
}

#[test]
fn refusals_say_why_in_words() {
    let e = SetupError::LostTooMany {
        side: Side::O,
        lost: 1,
        at_most: 0,
    };
    assert!(e.to_string().contains("o has lost 1"), "{e}");
    assert!(SetupError::BoxedCannon { point: "a1" }
        .to_string()
        .contains("a1"));
}
