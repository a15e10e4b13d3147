//! One test per rule sentence of docs/rules/seeds/001_*.txt (and the rulings of docs/rules/games.md §2), hand-checked move
//! counts, and hand-built positions.

use super::*;
use crate::games::perft;

fn pos(text: &str) -> Position {
    ShuangCheng
        .parse_position(text)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn moves(p: &Position) -> Vec<String> {
    let mut out = Vec::new();
    ShuangCheng.legal_moves(p, &mut out);
    let mut texts: Vec<String> = out
        .into_iter()
        .map(|m| ShuangCheng.format_move(m))
        .collect();
    texts.sort();
    texts
}

fn after(p: &Position, mv: &str) -> Position {
    let m = ShuangCheng
        .parse_move(p, mv)
        .unwrap_or_else(|e| panic!("{e}"));
    ShuangCheng.play(p, m)
}

#[test]
fn board_has_nine_points_and_sixteen_segments() {
    assert_eq!(POINTS, 9);
    assert_eq!(SEGMENTS.len(), 16);
    let degree_sum: u32 = ADJACENT.iter().map(|a| a.count_ones()).sum();
    assert_eq!(degree_sum, 32, "every segment counted from both ends");
    // The centre is the crossing of the hub-to-hub and shared-to-shared lines.
    let names = |p: usize| -> Vec<&str> {
        (0..POINTS)
            .filter(|&q| ADJACENT[p] & (1 << q) != 0)
            .map(|q| POINT_NAMES[q])
            .collect()
    };
    assert_eq!(names(4), vec!["th", "l", "r", "bh"]);
}

#[test]
fn start_has_three_pieces_each_two_shared_and_an_empty_centre() {
    let start = ShuangCheng.start();
    assert_eq!(ShuangCheng.format_position(&start), "ooos.sxxx x 0");
    assert_eq!(start.piece_at(4), None);
    assert_eq!(start.piece_at(3), Some(Piece::Shared));
    assert_eq!(start.piece_at(5), Some(Piece::Shared));
    assert_eq!(ShuangCheng.material(&start), [3, 3]);
}

#[test]
fn move_counts_from_the_start_checked_by_hand() {
    let start = ShuangCheng.start();
    // x: bh-c; shared: l-c, r-c.
    assert_eq!(moves(&start), vec!["bh-c", "l-c", "r-c"]);
    // After bh-c: o may only slide a shared piece into bh (2). After l-c or r-c the lock
    // leaves o two steps into the vacated point (2 each). 3 + ... = 6.
    assert_eq!(perft(&ShuangCheng, &start, 1), 3);
    assert_eq!(perft(&ShuangCheng, &start, 2), 6);
}

#[test]
fn a_move_is_one_step_along_a_line_to_an_adjacent_empty_point() {
    // x on c may step to th? no, th is o's; to the empty l, r, bh.
    let p = pos("ooo.x.... x 0");
    assert_eq!(moves(&p), vec!["c-bh", "c-l", "c-r"]);
    assert!(matches!(
        ShuangCheng.parse_move(&p, "c-bl"),
        Err(MoveError::Malformed { .. })
    ));
}

#[test]
fn either_player_may_move_either_shared_piece() {
    let p = pos("....s.... x 0");
    assert_eq!(moves(&p), vec!["c-bh", "c-l", "c-r", "c-th"]);
    let p = pos("....s.... o 0");
    assert_eq!(moves(&p), vec!["c-bh", "c-l", "c-r", "c-th"]);
}

#[test]
fn no_jumping_and_no_capturing() {
    // x on bl, o on l, c empty behind it: x cannot jump l to reach c, cannot take l.
    let p = pos("...o..x.. x 0");
    assert_eq!(moves(&p), vec!["bl-bh"]);
    let after_move = after(&p, "bl-bh");
    assert_eq!(ShuangCheng.material(&after_move), [1, 1]);
}

#[test]
fn the_same_player_may_move_shared_pieces_on_consecutive_turns() {
    // x moves the shared piece c-th; o answers with its own piece; x may move a shared piece
    // again on its very next turn.
    let p = pos("o...s..x. x 0");
    let p = after(&p, "c-th");
    let p = after(&p, "tl-l");
    assert!(!p.locked);
    assert!(moves(&p).contains(&"th-c".to_owned()));
    assert!(ShuangCheng.parse_move(&p, "th-tl").is_ok());
}

#[test]
fn after_a_shared_move_the_other_player_cannot_move_any_shared_piece() {
    let p = after(&ShuangCheng.start(), "r-c");
    assert!(p.locked);
    assert_eq!(ShuangCheng.format_position(&p), "oooss.xxx o 1");
    // Only o's own pieces move: tr-r and th-r; neither shared piece (l, c) may move.
    assert_eq!(moves(&p), vec!["th-r", "tr-r"]);
    assert!(matches!(
        ShuangCheng.parse_move(&p, "c-r"),
        Err(MoveError::Illegal { .. })
    ));
}

#[test]
fn shared_pieces_are_movable_again_after_a_turn_with_another_piece() {
    let p = after(&pos("o...s..x. x 0"), "c-th");
    // o, locked: only its own piece on tl may move (th holds the shared piece now).
    assert_eq!(moves(&p), vec!["tl-l"]);
    let p = after(&p, "tl-l");
    // x, unlocked again after o's own move.
    let p = after(&p, "bh-c");
    assert_eq!(
        moves(&p),
        vec!["l-bh", "l-bl", "l-tl", "th-r", "th-tl", "th-tr"]
    );
}

#[test]
fn a_player_with_no_legal_move_loses_when_shared_pieces_are_stuck_too() {
    // x on bl is boxed in by o on l and bh; the shared piece on tl is boxed in too.
    let p = pos("so.o..xo. x 0");
    assert!(moves(&p).is_empty());
    assert_eq!(
        ShuangCheng.status(&p),
        Status::Win(Side::O, EndReason::NoMove)
    );
}

#[test]
fn a_locked_side_whose_own_pieces_are_stuck_loses() {
    // x on bl is boxed in; the shared piece on r could move, but the lock forbids it.
    let p = pos("...o.sxo. x 1");
    assert_eq!(moves(&p), Vec::<String>::new());
    assert_eq!(
        ShuangCheng.status(&p),
        Status::Win(Side::O, EndReason::NoMove)
    );
    // The same board without the lock: the shared piece saves x, play goes on.
    let q = pos("...o.sxo. x 0");
    assert!(!moves(&q).is_empty());
    assert_eq!(ShuangCheng.status(&q), Status::Ongoing);
}

#[test]
fn a_turn_lost_to_the_timer_passes_and_clears_the_lock() {
    let p = after(&ShuangCheng.start(), "l-c");
    assert!(p.locked);
    let skipped = ShuangCheng.skip_turn(&p);
    assert_eq!(skipped.to_move, Side::X);
    assert!(!skipped.locked);
    assert_eq!(skipped.pieces, p.pieces);
}

#[test]
fn repeated_positions_are_allowed() {
    let start = ShuangCheng.start();
    let mut p = start;
    for mv in ["bh-c", "l-bh", "c-l", "bh-c"] {
        p = after(&p, mv);
    }
    assert_eq!(ShuangCheng.status(&p), Status::Ongoing);
}

#[test]
fn position_text_round_trips_and_refuses_bad_input() {
    for text in ["ooos.sxxx x 0", "o.s.x.s.. o 1", "......... x 0"] {
        assert_eq!(ShuangCheng.format_position(&pos(text)), text);
    }
    let bad = [
        "ooos.sxxx x",
        "ooos.sxxx x 2",
        "ooos.sxxx y 0",
        "ooos.sxx x 0",
        "ooos.sxxq x 0",
        "oooosxxx. x 0",
        "sss...... x 0",
        "ooos.sxxx  x 0",
        "",
    ];
    for text in bad {
        assert!(ShuangCheng.parse_position(text).is_err(), "{text:?}");
    }
}
