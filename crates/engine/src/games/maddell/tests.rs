//! One test per rule sentence of docs/rules/seeds/002_*.txt (and each point of docs/rules/games.md §3), hand-checked move
//! counts, hand-built positions with their exact move lists, and the perft data file.

use super::*;
use crate::games::perft;

fn pos(text: &str) -> Position {
    Maddell
        .parse_position(text)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// A position from the points each side holds, so that tests read as diagrams.
fn setup(x: &[&str], o: &[&str], to_move: &str, x_hand: u8, o_hand: u8) -> Position {
    let mut board = ['.'; POINTS];
    for (names, letter) in [(x, 'x'), (o, 'o')] {
        for name in names {
            let p = geometry::point_from_name(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(board[p as usize], '.', "{name} used twice");
            board[p as usize] = letter;
        }
    }
    let board: String = board.iter().collect();
    pos(&format!("{board} {to_move} {x_hand} {o_hand}"))
}

fn moves(p: &Position) -> Vec<String> {
    let mut out = Vec::new();
    Maddell.legal_moves(p, &mut out);
    let mut texts: Vec<String> = out.into_iter().map(|m| Maddell.format_move(m)).collect();
    texts.sort();
    texts
}

fn after(p: &Position, mv: &str) -> Position {
    let m = Maddell.parse_move(p, mv).unwrap_or_else(|e| panic!("{e}"));
    Maddell.play(p, m)
}

fn after_all(p: &Position, mvs: &[&str]) -> Position {
    mvs.iter().fold(*p, |p, mv| after(&p, mv))
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn is_illegal(p: &Position, mv: &str) -> bool {
    matches!(Maddell.parse_move(p, mv), Err(MoveError::Illegal { .. }))
}

fn is_malformed(mv: &str) -> bool {
    matches!(
        Maddell.check_move_syntax(mv),
        Err(MoveError::Malformed { .. })
    )
}

// ---- Board and setup -------------------------------------------------------------------

#[test]
fn three_nested_triangles_joined_at_mid_sides_have_eighteen_points() {
    assert_eq!(POINTS, 18);
    assert_eq!(POINT_NAMES.len(), 18);
    // 6 segments around each of 3 triangles, 2 on each of 3 spokes.
    assert_eq!(SEGMENTS.len(), 24);
    let degree_sum: u32 = ADJACENT.iter().map(|a| a.count_ones()).sum();
    assert_eq!(degree_sum, 48, "every segment counted from both ends");
    let names = |p: &str| -> Vec<&str> {
        let p = geometry::point_from_name(p).unwrap() as usize;
        (0..POINTS)
            .filter(|&q| ADJACENT[p] & (1 << q) != 0)
            .map(|q| POINT_NAMES[q])
            .collect()
    };
    // Corners join only their own triangle; mid-sides also join their spoke.
    assert_eq!(names("a1"), vec!["a2", "a6"]);
    assert_eq!(names("c3"), vec!["c2", "c4"]);
    assert_eq!(names("a4"), vec!["a3", "a5", "b4"]);
    assert_eq!(names("b2"), vec!["a2", "b1", "b3", "c2"]);
    assert_eq!(names("b6"), vec!["a6", "b1", "b5", "c6"]);
    assert_eq!(names("c6"), vec!["b6", "c1", "c5"]);
    // Every segment lies inside a mill. So a slide from p to q always leaves p empty in one of
    // q's two mills: a slide closes at most one mill, only a placement can close two.
    for (p, q) in SEGMENTS {
        assert!(MILLS
            .iter()
            .any(|&m| m & (1 << p) != 0 && m & (1 << q) != 0));
    }
}

#[test]
fn drawing_coordinates_put_every_mill_on_a_straight_line_with_its_middle_halfway() {
    for mill in MILL_POINTS {
        let [(x0, y0), (x1, y1), (x2, y2)] = mill.map(|p| DRAW_AT[p as usize]);
        let (x0, y0, x1, y1, x2, y2) = (
            x0 as i32, y0 as i32, x1 as i32, y1 as i32, x2 as i32, y2 as i32,
        );
        assert_eq!((x0 + x2, y0 + y2), (2 * x1, 2 * y1), "{mill:?}");
    }
    for (x, y) in DRAW_AT {
        assert!(x <= DRAW_GRID && y <= DRAW_GRID);
    }
    // Point 1 of every triangle is its top corner, straight above the centre.
    assert_eq!(DRAW_AT[0], (18, 0));
    assert!(DRAW_AT[0].1 < DRAW_AT[6].1 && DRAW_AT[6].1 < DRAW_AT[12].1);
    // Clockwise with y down: the right mid-side (2) is right of the left mid-side (6).
    assert!(DRAW_AT[1].0 > DRAW_AT[5].0);
}

#[test]
fn each_player_holds_six_pieces_at_the_start() {
    let start = Maddell.start();
    assert_eq!(Maddell.format_position(&start), ".................. x 6 6");
    assert_eq!(start.pieces, [0, 0]);
    assert_eq!(start.hand, [6, 6]);
    assert_eq!(Maddell.material(&start), [6, 6]);
    assert_eq!(Maddell.status(&start), Status::Ongoing);
}

#[test]
fn players_take_turns_placing_one_piece_on_any_empty_point() {
    let start = Maddell.start();
    assert_eq!(moves(&start), sorted(&POINT_NAMES));
    let p = after(&start, "b2");
    assert_eq!(Maddell.format_position(&p), ".......x.......... o 5 6");
    // o places next, anywhere but b2.
    let o_moves = moves(&p);
    assert_eq!(o_moves.len(), 17);
    assert!(!o_moves.contains(&"b2".to_owned()));
    assert!(is_illegal(&p, "b2"));
    let p = after(&p, "c4");
    assert_eq!(Maddell.format_position(&p), ".......x.......o.. x 5 5");
}

#[test]
fn move_counts_from_the_start_checked_by_hand() {
    let start = Maddell.start();
    // Ply 1: x places on any of the 18 empty points.
    assert_eq!(perft(&Maddell, &start, 1), 18);
    // Ply 2: o places on any of the 17 points left; a single o piece forms no mill. 18·17.
    assert_eq!(perft(&Maddell, &start, 2), 306);
    // Ply 3: x's second piece cannot complete a three-point mill either. 18·17·16.
    assert_eq!(perft(&Maddell, &start, 3), 4896);
    // Ply 4: nor can o's second piece. 18·17·16·15.
    assert_eq!(perft(&Maddell, &start, 4), 73_440);
    // Ply 5: x's third piece has 14 empty points. It completes a mill only when x1, x2 and it
    // are one mill. Two points share at most one mill (mills are distinct straight lines), so
    // the ordered pairs (x1, x2) inside a mill number 12 mills × 3·2 = 72, each fixing the third
    // point; o's two pieces avoid those three points in 15·14 ways. Each such placement must
    // take one of o's two pieces (neither is in a mill): 2 moves instead of 1.
    assert_eq!(perft(&Maddell, &start, 5), 73_440 * 14 + 72 * 15 * 14);
}

// ---- Rows and captures ------------------------------------------------------------------

#[test]
fn three_in_a_row_is_a_mill_that_takes_one_opposing_piece_at_once() {
    // x on a1 a2 places a3: the mill must take one of o's pieces (neither is in a mill).
    let p = setup(&["a1", "a2"], &["b4", "c5"], "x", 4, 4);
    let list = moves(&p);
    assert!(list.contains(&"a3xb4".to_owned()));
    assert!(list.contains(&"a3xc5".to_owned()));
    assert!(!list.contains(&"a3".to_owned()), "the take is not optional");
    assert!(is_illegal(&p, "a3"));
    let q = after(&p, "a3xc5");
    assert_eq!(Maddell.format_position(&q), "xxx......o........ o 3 4");
    assert_eq!(Maddell.material(&q), [6, 5]);
    // A slide that completes a mill takes too.
    let p = setup(&["a1", "a2", "a4"], &["c5", "b1", "b6"], "x", 0, 0);
    let q = after(&p, "a4-a3xc5");
    assert_eq!(Maddell.material(&q), [3, 2]);
}

#[test]
fn two_mills_at_once_still_take_only_one_piece() {
    // Placing a2 completes a1-a2-a3 and the spoke a2-b2-c2 together.
    let p = setup(&["a1", "a3", "b2", "c2"], &["b4", "c5", "a6"], "x", 2, 3);
    let takes: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("a2"))
        .collect();
    assert_eq!(takes, vec!["a2xa6", "a2xb4", "a2xc5"]);
    let q = after(&p, "a2xb4");
    assert_eq!(Maddell.material(&q), [6, 5]);
    assert_eq!(q.pieces[1].count_ones(), 2);
    assert!(is_malformed("a2xb4xc5"), "no spelling takes two");
}

#[test]
fn a_piece_inside_a_mill_cannot_be_taken() {
    // o's b1 b2 b3 form a mill; only c5 is outside it.
    let p = setup(&["a1", "a2"], &["b1", "b2", "b3", "c5"], "x", 3, 2);
    let takes: Vec<String> = moves(&p).into_iter().filter(|m| m.contains('x')).collect();
    assert_eq!(takes, vec!["a3xc5"]);
    assert!(is_illegal(&p, "a3xb2"));
}

#[test]
fn if_every_opposing_piece_sits_in_a_mill_any_may_be_taken() {
    // o: a spoke mill a4-b4-c4 and a side mill c3-c4-c5, sharing c4.
    let p = setup(&["a1", "a2"], &["a4", "b4", "c4", "c3", "c5"], "x", 4, 1);
    let takes: Vec<String> = moves(&p).into_iter().filter(|m| m.contains('x')).collect();
    assert_eq!(takes, vec!["a3xa4", "a3xb4", "a3xc3", "a3xc4", "a3xc5"]);
}

#[test]
fn each_side_of_each_triangle_and_each_spoke_can_hold_a_mill() {
    for mill in MILL_POINTS {
        let [p, q, r] = mill.map(|i| POINT_NAMES[i as usize]);
        // x holds two points of the mill and places the third; o has a lone piece far away.
        let far = if mill.contains(&17) { "a3" } else { "c6" };
        let game = setup(&[p, q], &[far], "x", 4, 5);
        assert!(
            moves(&game).contains(&format!("{r}x{far}")),
            "{p} {q} {r} is a mill"
        );
        let game = setup(&[p, r], &[far], "x", 4, 5);
        assert!(moves(&game).contains(&format!("{q}x{far}")));
    }
    // Three in a row that is not a marked line is no mill: corners a1-b1-c1 are not joined,
    // and a2-a3-a4 turns a corner.
    for (two, third) in [
        (["a1", "b1"], "c1"),
        (["a2", "a3"], "a4"),
        (["b6", "b1"], "b2"),
    ] {
        let game = setup(&two, &["c5"], "x", 4, 5);
        assert!(moves(&game).contains(&third.to_owned()), "{two:?} {third}");
        assert!(!moves(&game)
            .iter()
            .any(|m| m.starts_with(third) && m.len() > 2));
    }
    assert_eq!(MILLS.len(), 12);
    for (p, name) in POINT_NAMES.iter().enumerate() {
        let on = MILLS.iter().filter(|&&m| m & (1 << p) != 0).count();
        assert_eq!(on, 2, "{name}");
    }
}

#[test]
fn only_a_mill_through_the_moved_piece_takes() {
    // x's mill a1-a2-a3 already stands; placing elsewhere takes nothing.
    let p = setup(&["a1", "a2", "a3"], &["c5", "b4"], "x", 3, 4);
    assert!(moves(&p).iter().all(|m| !m.contains('x')));
    assert_eq!(moves(&p).len(), 18 - 5);
}

#[test]
fn moving_a_piece_out_of_a_mill_and_back_forms_it_again_and_takes_again() {
    let p = setup(
        &["a1", "a2", "a4", "c4"],
        &["b1", "b2", "b3", "c6"],
        "x",
        0,
        0,
    );
    let p = after(&p, "a4-a3xc6"); // x forms a1-a2-a3, takes the only unprotected piece
    let p = after(&p, "b1-b6"); // o opens its mill
    let p = after(&p, "a3-a4"); // x opens its mill
                                // o closes b1-b2-b3 again: it takes again; no x piece is in a mill, so any is takeable.
    assert_eq!(
        moves(&p)
            .into_iter()
            .filter(|m| m.starts_with("b6-b1"))
            .collect::<Vec<_>>(),
        vec!["b6-b1xa1", "b6-b1xa2", "b6-b1xa4", "b6-b1xc4"]
    );
    let p = after(&p, "b6-b1xc4");
    // x closes a1-a2-a3 again; every o piece is in the re-formed mill, so any is takeable.
    assert_eq!(
        moves(&p)
            .into_iter()
            .filter(|m| m.starts_with("a4-a3"))
            .collect::<Vec<_>>(),
        vec!["a4-a3xb1", "a4-a3xb2", "a4-a3xb3"]
    );
    let p = after(&p, "a4-a3xb2");
    assert_eq!(Maddell.material(&p), [3, 2]);
    assert_eq!(Maddell.status(&p), Status::Win(Side::X, EndReason::TwoLeft));
    assert!(moves(&p).is_empty());
}

#[test]
fn a_mill_takes_nothing_when_the_opponent_has_no_piece_on_the_board() {
    // o has skipped every turn so far (the timer): all six of its pieces are still in hand.
    let p = setup(&["a1", "a2"], &[], "x", 4, 6);
    let list = moves(&p);
    assert_eq!(list.len(), 16);
    assert!(list.contains(&"a3".to_owned()));
    assert!(list.iter().all(|m| !m.contains('x')));
    let q = after(&p, "a3");
    assert_eq!(Maddell.material(&q), [6, 6]);
    assert_eq!(Maddell.count_moves(&p), 16);
}

// ---- Moving -----------------------------------------------------------------------------

#[test]
fn once_every_piece_is_placed_players_slide_to_an_adjacent_empty_point() {
    let p = after_all(
        &Maddell.start(),
        &[
            "a1", "a2", "a3", "a4", "b2", "b1", "b4", "b3", "c1", "c2", "c5", "c4",
        ],
    );
    assert_eq!(Maddell.format_position(&p), "xoxo..oxox..xo.ox. x 0 0");
    // a3 and b2 are boxed in; a1, b4, c1, c5 each have one empty neighbour. No slide forms a
    // mill: c1-c6 and c5-c6 each leave the other end of c5-c6-c1 empty.
    assert_eq!(moves(&p), sorted(&["a1-a6", "b4-b5", "c1-c6", "c5-c6"]));
    assert!(is_illegal(&p, "a5"), "no more placing");
    let p = after(&p, "b4-b5");
    // o: a2 a4 b1 b3 c2 c4; a2 is boxed in. b3-b4 closes the spoke a4-b4-c4 and takes any x
    // piece (none is in a mill); a4-b4 and c4-b4 each empty an end of that spoke.
    assert_eq!(
        moves(&p),
        sorted(&[
            "a4-a5", "a4-b4", "b1-b6", "b3-b4xa1", "b3-b4xa3", "b3-b4xb2", "b3-b4xb5", "b3-b4xc1",
            "b3-b4xc5", "c2-c3", "c4-b4", "c4-c3"
        ])
    );
}

#[test]
fn pieces_never_jump_over_another_piece_and_never_land_on_an_occupied_point() {
    let p = pos("xoxo..oxox..xo.ox. x 0 0");
    // a3 sits between o's a2 and a4: it may neither land on them nor jump to a1 or a5.
    assert!(is_illegal(&p, "a3-a2"));
    assert!(is_illegal(&p, "a3-a4"));
    assert!(is_malformed("a3-a5"));
    assert!(is_malformed("a3-a1"));
    // b2 is surrounded by o: it can step onto none of them, nor jump over b3 to b4.
    assert!(is_illegal(&p, "b2-c2"));
    assert!(is_malformed("b2-b4"));
    assert!(moves(&p)
        .iter()
        .all(|m| !m.starts_with("a3") && !m.starts_with("b2")));
}

#[test]
fn each_side_slides_on_its_own_while_the_other_still_places() {
    // x has no piece in hand and slides; o still holds two and places.
    let p = setup(&["a1", "b2", "c3", "c5"], &["a4", "b4"], "x", 0, 2);
    assert_eq!(
        moves(&p),
        sorted(&[
            "a1-a2", "a1-a6", "b2-a2", "b2-b1", "b2-b3", "b2-c2", "c3-c2", "c3-c4", "c5-c4",
            "c5-c6"
        ])
    );
    let p = after(&p, "c5-c4");
    let o_moves = moves(&p);
    assert_eq!(o_moves.len(), 12, "o places on any of the 12 empty points");
    assert!(o_moves.iter().all(|m| !m.contains('-')));
    // The other way round: o slides while x places.
    let p = setup(&["a1"], &["b2", "b4", "c1", "c4", "c6"], "o", 2, 0);
    assert!(moves(&p).iter().all(|m| m.contains('-')));
    let p = setup(&["a1"], &["b2", "b4", "c1", "c4", "c6"], "x", 2, 0);
    assert_eq!(moves(&p).len(), 12);
}

// ---- Winning ----------------------------------------------------------------------------

#[test]
fn a_player_left_with_two_pieces_in_hand_and_on_board_loses() {
    // Two on the board, none in hand: lost, whoever is to move.
    let p = setup(&["a1", "a2"], &["b1", "b2", "c3"], "x", 0, 0);
    assert_eq!(Maddell.status(&p), Status::Win(Side::O, EndReason::TwoLeft));
    assert!(moves(&p).is_empty());
    let p = setup(&["a1", "a2"], &["b1", "b2", "c3"], "o", 0, 0);
    assert_eq!(Maddell.status(&p), Status::Win(Side::O, EndReason::TwoLeft));
    assert!(moves(&p).is_empty());
    assert_eq!(perft(&Maddell, &p, 1), 0);
    // Pieces in hand count: one on the board plus two in hand is three, play goes on.
    let p = setup(&["a1"], &["b1", "b2", "c3"], "x", 2, 0);
    assert_eq!(Maddell.status(&p), Status::Ongoing);
    // Nothing on the board but two in hand is two: lost.
    let p = setup(&[], &["b1", "b2", "c3"], "x", 2, 0);
    assert_eq!(Maddell.status(&p), Status::Win(Side::O, EndReason::TwoLeft));
    // The capture that brings o to two ends the game at once.
    let p = setup(&["a1", "a2", "a4"], &["b1", "b2", "c6"], "x", 0, 0);
    let q = after(&p, "a4-a3xc6");
    assert_eq!(Maddell.status(&q), Status::Win(Side::X, EndReason::TwoLeft));
}

#[test]
fn when_both_sides_have_two_pieces_the_side_to_move_loses() {
    // Only a set-up text can say this; the side to move is checked first.
    let p = setup(&["a1", "a2"], &["b1", "b2"], "x", 0, 0);
    assert_eq!(Maddell.status(&p), Status::Win(Side::O, EndReason::TwoLeft));
    let p = setup(&["a1", "a2"], &["b1", "b2"], "o", 0, 0);
    assert_eq!(Maddell.status(&p), Status::Win(Side::X, EndReason::TwoLeft));
}

#[test]
fn a_player_who_cannot_move_a_single_piece_on_their_turn_loses() {
    // x's a1, a3, b2 are boxed in by o on every neighbour.
    let blocked = ["a2", "a4", "a6", "b1", "b3", "c2"];
    let p = setup(&["a1", "a3", "b2"], &blocked, "x", 0, 0);
    assert!(moves(&p).is_empty());
    assert_eq!(Maddell.status(&p), Status::Win(Side::O, EndReason::NoMove));
    // Only the side to move is judged: with o to move the game goes on.
    let p = setup(&["a1", "a3", "b2"], &blocked, "o", 0, 0);
    assert_eq!(Maddell.status(&p), Status::Ongoing);
    // A piece still in hand is never stuck: x places on any of the 9 empty points.
    let p = setup(&["a1", "a3", "b2"], &blocked, "x", 1, 0);
    assert_eq!(Maddell.status(&p), Status::Ongoing);
    assert_eq!(
        moves(&p),
        sorted(&["a5", "b4", "b5", "b6", "c1", "c3", "c4", "c5", "c6"])
    );
}

#[test]
fn there_is_no_automatic_draw() {
    // x and o slide a piece back and forth; the game never ends by itself.
    let mut p = pos("xoxo..oxox..xo.ox. x 0 0");
    for _ in 0..10 {
        p = after_all(&p, &["b4-b5", "a4-a5", "b5-b4", "a5-a4"]);
        assert_eq!(Maddell.status(&p), Status::Ongoing);
    }
}

// ---- Timer ------------------------------------------------------------------------------

#[test]
fn a_turn_lost_to_the_timer_passes_to_the_other_side() {
    let p = after(&Maddell.start(), "a1");
    let skipped = Maddell.skip_turn(&p);
    assert_eq!(
        Maddell.format_position(&skipped),
        "x................. x 5 6"
    );
    // x places again: o's hand stays full.
    let q = after(&skipped, "a2");
    assert_eq!(Maddell.format_position(&q), "xx................ o 4 6");
    assert_ne!(Maddell.hash(&p), Maddell.hash(&skipped));
}

// ---- Hand-built tricky positions with their full move lists -----------------------------

#[test]
fn tricky_placement_double_mill_with_every_opposing_piece_in_a_mill() {
    // x a1 a3 b2 c2 (2 in hand); o a4 b4 c4 c3 c5 (1 in hand), all in two mills.
    let p = setup(
        &["a1", "a3", "b2", "c2"],
        &["a4", "b4", "c4", "c3", "c5"],
        "x",
        2,
        1,
    );
    assert_eq!(Maddell.format_position(&p), "x.xo...x.o...xooo. x 2 1");
    // 9 empty points. a2 closes a1-a2-a3 and a2-b2-c2 (one take, any of the five). b1 and b3
    // each miss a point of b1-b2-b3, c1 meets o's c3, a5/a6/b5/b6/c6 touch no pair.
    assert_eq!(
        moves(&p),
        sorted(&[
            "a2xa4", "a2xb4", "a2xc3", "a2xc4", "a2xc5", "a5", "a6", "b1", "b3", "b5", "b6", "c1",
            "c6"
        ])
    );
    assert_eq!(Maddell.count_moves(&p), 13);
}

#[test]
fn tricky_slide_capture_with_a_protected_mill() {
    // x a1 a2 a4 c4; o's b1 b2 b3 mill protects three of its four pieces.
    let p = setup(
        &["a1", "a2", "a4", "c4"],
        &["b1", "b2", "b3", "c6"],
        "x",
        0,
        0,
    );
    assert_eq!(Maddell.format_position(&p), "xx.x..ooo......x.o x 0 0");
    // a1-a6 and a2-a3 leave a hole behind; a4-a3 closes a1-a2-a3 and must take c6; c4-b4 and
    // a4-b4 leave the spoke a4-b4-c4 one short.
    assert_eq!(
        moves(&p),
        sorted(&["a1-a6", "a2-a3", "a4-a3xc6", "a4-a5", "a4-b4", "c4-b4", "c4-c3", "c4-c5"])
    );
    assert_eq!(Maddell.count_moves(&p), 8);
}

#[test]
fn tricky_mixed_phase_o_places_into_a_mill_while_x_slides() {
    // x slides (empty hand); o places its last piece. x's c1-c2-c3 is a mill, a6 is not; o's
    // b4 c4 wait for a4.
    let p = setup(
        &["c1", "c2", "c3", "a6"],
        &["c5", "c6", "b4", "c4"],
        "o",
        0,
        1,
    );
    assert_eq!(Maddell.format_position(&p), ".....x...o..xxxooo o 0 1");
    // 10 empty points. a4 closes the spoke a4-b4-c4 and may take only a6 (c1 c2 c3 are in a
    // mill). c5-c6-c1 cannot close (x holds c1); b3/b5 would need both of b3-b4-b5.
    assert_eq!(
        moves(&p),
        sorted(&["a1", "a2", "a3", "a4xa6", "a5", "b1", "b2", "b3", "b5", "b6"])
    );
    // Without a6, every x piece is in the mill, so any of them may be taken.
    let q = setup(&["c1", "c2", "c3"], &["c5", "c6", "b4", "c4"], "o", 0, 1);
    let takes: Vec<String> = moves(&q).into_iter().filter(|m| m.contains('x')).collect();
    assert_eq!(takes, vec!["a4xc1", "a4xc2", "a4xc3"]);
    // After a4xa6 x (three left, all sliding) has one slide: c1 and c3 are boxed in by x's
    // own c2 and o's c6 / c4; c2 may only step out along the spoke.
    let r = after(&p, "a4xa6");
    assert_eq!(Maddell.format_position(&r), "...o.....o..xxxooo x 0 0");
    assert_eq!(moves(&r), vec!["c2-b2"]);
    assert_eq!(Maddell.status(&r), Status::Ongoing);
}

// ---- Text forms -------------------------------------------------------------------------

#[test]
fn position_text_round_trips() {
    for text in [
        ".................. x 6 6",
        "xoxo..oxox..xo.ox. x 0 0",
        "x.xo...x.o...xooo. o 2 1",
        "xxx............... o 3 6",
        "oooooo............ x 6 0",
    ] {
        assert_eq!(Maddell.format_position(&pos(text)), text);
    }
}

#[test]
fn bad_position_texts_are_refused() {
    let bad = [
        "",
        " ",
        ".................. x 6",
        ".................. x 6 6 6",
        ".................. x 6  6",
        ".................. x 6 6 ",
        " .................. x 6 6",
        "................. x 6 6",
        "................... x 6 6",
        ".................s x 6 6",
        ".................X x 6 6",
        "................é x 6 6",
        ".................. X 6 6",
        ".................. y 6 6",
        ".................. x 6 a",
        ".................. x 10 6",
        ".................. x -1 6",
        ".................. x ６ 6",
        ".................. x 7 6",
        ".................. x 6 9",
        "x................. x 6 6",
        "..........oooo.... x 6 3",
        "xxxxxxx........... x 0 0",
        "..................\tx 6 6",
    ];
    for text in bad {
        assert!(Maddell.parse_position(text).is_err(), "{text:?}");
    }
    assert!(matches!(
        Maddell.parse_position("xxxx.............. x 3 0"),
        Err(PositionError::Inconsistent { .. })
    ));
    assert!(matches!(
        Maddell.parse_position(".................. x 6 z"),
        Err(PositionError::Field { .. })
    ));
    assert!(matches!(
        Maddell.parse_position(".................. x 6"),
        Err(PositionError::FieldCount { .. })
    ));
}

proptest::proptest! {
    #[test]
    fn parsing_never_panics_on_any_text(text in "\\PC{0,30}") {
        let _ = Maddell.parse_position(&text);
        let _ = Maddell.check_move_syntax(&text);
        let _ = Maddell.parse_move(&Maddell.start(), &text);
    }

    #[test]
    fn near_miss_texts_parse_or_refuse_and_valid_ones_behave(
        text in "(\\.|\\.|\\.|x|o){17,19} [xoy] [0-3a]{1,2} [0-3]",
        mv in "[abcx1-7-]{0,9}",
    ) {
        if let Ok(p) = Maddell.parse_position(&text) {
            proptest::prop_assert_eq!(Maddell.format_position(&p), text);
            let _ = Maddell.parse_move(&p, &mv);
            let mut list = Vec::new();
            Maddell.legal_moves(&p, &mut list);
            proptest::prop_assert_eq!(list.is_empty(), Maddell.status(&p).is_over());
            for m in list {
                proptest::prop_assert_eq!(Maddell.parse_move(&p, &Maddell.format_move(m)), Ok(m));
                let before = Maddell.material(&p);
                let now = Maddell.material(&Maddell.play(&p, m));
                let taken = u32::from(m.take.is_some());
                let (me, other) = (p.to_move.index(), p.to_move.opponent().index());
                proptest::prop_assert_eq!(now[me], before[me]);
                proptest::prop_assert_eq!(now[other], before[other] - taken);
            }
        }
    }
}

#[test]
fn move_syntax_accepts_the_four_canonical_forms_only() {
    for ok in ["b2", "a1-a2", "b2xa4", "a1-a2xc5", "c6-b6xa1", "b4-a4xc4"] {
        assert_eq!(Maddell.check_move_syntax(ok), Ok(()), "{ok}");
    }
    let bad = [
        "", "B2", "b7", "d1", "a0", "a", "2b", "b2 ", " b2", "a1a2", "a1 a2", "a1--a2", "a1-",
        "-a2", "a1-a2-a3", "a1–a2", "b2x", "xb2", "b2X a4", "b2Xa4", "b2xa4xc5", "b2xa4 ", "a1-a3",
        "a1-b1", "a2-c2", "b2xb2", "a1-a2xa2", "a1-a2xa1", "é", "b２", "a1-a2x",
    ];
    for text in bad {
        assert!(is_malformed(text), "{text:?}");
    }
}

#[test]
fn every_listed_move_is_canonical_and_parses_back_to_itself() {
    let positions = [
        Maddell.start(),
        pos("xoxo..oxox..xo.ox. x 0 0"),
        pos("x.xo...x.o...xooo. x 2 1"),
        pos("xx.x..ooo......x.o x 0 0"),
    ];
    for p in positions {
        let mut list = Vec::new();
        Maddell.legal_moves(&p, &mut list);
        assert_eq!(Maddell.count_moves(&p), list.len() as u64);
        for mv in list {
            let text = Maddell.format_move(mv);
            assert_eq!(Maddell.check_move_syntax(&text), Ok(()));
            assert_eq!(Maddell.parse_move(&p, &text), Ok(mv));
        }
    }
}

#[test]
fn hash_tells_apart_side_hands_and_pieces() {
    let a = pos("x................. o 5 6");
    let hashes = [
        a,
        pos("x................. x 5 6"),
        pos("x................. o 4 6"),
        pos("x................. o 5 5"),
        pos("o................. o 6 5"),
        pos(".x................ o 5 6"),
    ]
    .map(|p| Maddell.hash(&p));
    for i in 0..hashes.len() {
        for j in 0..i {
            assert_ne!(hashes[i], hashes[j], "{i} {j}");
        }
    }
    assert_eq!(
        Maddell.hash(&a),
        Maddell.hash(&after(&Maddell.start(), "a1"))
    );
}

#[test]
fn material_falls_only_through_captures() {
    let mut p = Maddell.start();
    for mv in ["a1", "b1", "a2", "b2", "a3xb1"] {
        let [mover, other] = [p.to_move.index(), p.to_move.opponent().index()];
        let before = Maddell.material(&p);
        p = after(&p, mv);
        let now = Maddell.material(&p);
        assert_eq!(now[mover], before[mover], "{mv}");
        let taken = u32::from(mv.contains('x'));
        assert_eq!(now[other], before[other] - taken, "{mv}");
    }
    assert_eq!(Maddell.material(&p), [6, 5]);
}
