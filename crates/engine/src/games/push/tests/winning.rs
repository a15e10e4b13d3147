//! Winning, passing, no draw.

use super::*;
use crate::games::perft;

#[test]
fn a_piece_pushed_off_is_out_for_good() {
    let p = open(&["E5", "E6", "E7"], &["E8", "E9"], Side::X);
    let q = after(&p, "E5E6E7-E");
    assert_eq!(Push.material(&q), [12, 10]);
    // Nothing o or x can do in the next three plies brings o's count back up.
    fn never_grows(p: &Position, depth: u32, o_count: u32) {
        assert!(Push.material(p)[1] <= o_count);
        if depth == 0 {
            return;
        }
        let mut list = Vec::new();
        Push.legal_moves(p, &mut list);
        for m in list {
            never_grows(&Push.play(p, m), depth - 1, o_count);
        }
    }
    never_grows(&q, 3, 10);
}

#[test]
fn a_side_with_no_move_passes_and_play_continues() {
    let p = x_stuck();
    assert_eq!(
        Push.status(&p),
        Status::Ongoing,
        "being stuck is not a loss"
    );
    assert_eq!(moves(&p), strings(&["pass"]));
    assert_eq!(Push.count_moves(&p), 1);
    assert!(!Push.can_move(&p));
    let q = after(&p, "pass");
    assert_eq!(q.pieces, p.pieces);
    assert_eq!(q.to_move, Side::O);
    // o: row B is boxed in like x. Row D steps into the empty row E: 8 singles × (NE, NW),
    // 7 pairs × 2, 6 triples × 2 = 16 + 14 + 12 = 42 (along row D everything is full or
    // the rim; towards row C everything is x).
    assert_eq!(Push.count_moves(&q), 42);
    assert_eq!(perft(&Push, &p, 2), 42);
    assert!(!moves(&q).contains(&"pass".to_owned()));
    // After D1-NW the only x piece next to the hole is C1.
    let r = after(&q, "D1-NW");
    assert_eq!(moves(&r), strings(&["C1-NW"]));
    // pass is only legal when nothing else is.
    assert!(matches!(
        Push.parse_move(&r, "pass"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        Push.parse_move(&Push.start(), "pass"),
        Err(MoveError::Illegal { .. })
    ));
}

/// Every cell full: rows A C E G I x, rows B D F H o, x to move (no text can say this).
fn alternating_rows() -> Position {
    let mut rows = [0u64; 2];
    for c in 0..CELLS {
        rows[(ROW[c] % 2) as usize] |= bit(c as Cell);
    }
    Position {
        pieces: rows,
        to_move: Side::X,
    }
}

#[test]
fn neither_side_can_move_and_the_game_stays_ongoing() {
    // With at most 14 pieces a side this cannot happen: a side is stuck only if none of its
    // pieces touches an empty cell, so if both were stuck no piece would touch an empty
    // cell, and on the connected board that means no empty cell at all (61 pieces). The
    // engine still has to answer sensibly, so build such a board directly (a text with this
    // many pieces is refused): rows A C E G I x, rows B D F H o. Rows are closed by the rim
    // and along the diagonals the sides alternate, so nobody has a group that could push.
    let p = alternating_rows();
    assert_eq!(Push.material(&p), [33, 28]);
    let q = Push.play(&p, Move::Pass);
    for r in [&p, &q] {
        assert_eq!(Push.status(r), Status::Ongoing);
        assert_eq!(moves(r), strings(&["pass"]));
    }
    assert_eq!(perft(&Push, &p, 4), 1);
    assert!(Push.parse_position(&Push.format_position(&p)).is_err());
}

#[test]
fn there_is_no_automatic_draw() {
    // Circling back to the start: still ongoing, the same moves as before.
    let start = Push.start();
    let mut p = start;
    for m in [
        "C5-E", "G5-W", "C6-W", "G4-E", "C5-E", "G5-W", "C6-W", "G4-E",
    ] {
        p = after(&p, m);
        assert_eq!(Push.status(&p), Status::Ongoing);
    }
    assert_eq!(p, start);
    assert_eq!(Push.count_moves(&p), 44);
}

#[test]
fn a_turn_lost_to_the_timer_is_a_pass() {
    let start = Push.start();
    let skipped = Push.skip_turn(&start);
    assert_eq!(skipped.pieces, start.pieces);
    assert_eq!(skipped.to_move, Side::O);
    assert_eq!(skipped, Push.play(&start, Move::Pass));
    assert_eq!(Push.skip_turn(&skipped), start);
}

#[test]
fn the_app_passes_for_a_side_with_no_move_and_knows_when_neither_can_move() {
    // x_stuck: x has only `pass`, which the engine names as forced; o can move after it.
    let p = x_stuck();
    assert_eq!(Push.forced_pass(&p), Some(Move::Pass));
    assert!(!Push.deadlocked(&p));
    assert_eq!(Push.forced_pass(&Push.start()), None);
    // Rows A C E G I x, rows B D F H o (see above): both would only pass.
    let both = alternating_rows();
    assert!(Push.deadlocked(&both));
    assert!(Push.deadlocked(&Push.play(&both, Move::Pass)));
    // A finished game is neither forced nor deadlocked: it is over.
    let o_eight = ["I5", "I6", "I7", "I8", "I9", "H4", "H5", "H6"];
    let won = setup(&X_PARK, &o_eight, Side::O);
    assert!(Push.status(&won).is_over());
    assert_eq!(Push.forced_pass(&won), None);
    assert!(!Push.deadlocked(&won));
}
