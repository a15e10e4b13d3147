//! One test per rule sentence of docs/rules/seeds/003_*.txt (and the Ruling of docs/rules/games.md §4), hand-checked move
//! counts and hand-built positions, for both the plain game and `blockade:solidarity`.
//!
//! Boards in these tests are drawn as five rows from rank 5 (top) down to rank 1, files a–e
//! left to right, like the printed board.

use super::*;
use crate::games::perft;
use crate::games::ToGame;

const PLAIN: Blockade = Blockade { solidarity: false };
const SOLIDARITY: Blockade = Blockade { solidarity: true };

/// A position from a drawing: `rows[0]` is rank 5, `rows[4]` rank 1.
fn diagram(rows: [&str; 5], side: &str) -> Position {
    let board: String = rows.iter().rev().copied().collect();
    let text = format!("{board} {side}");
    PLAIN
        .parse_position(&text)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn moves(game: Blockade, p: &Position) -> Vec<String> {
    let mut out = Vec::new();
    game.legal_moves(p, &mut out);
    let mut texts: Vec<String> = out.into_iter().map(|m| game.format_move(m)).collect();
    texts.sort();
    assert_eq!(
        texts.len() as u64,
        game.count_moves(p),
        "count_moves agrees with legal_moves"
    );
    texts
}

fn after(game: Blockade, p: &Position, mv: &str) -> Position {
    let m = game.parse_move(p, mv).unwrap_or_else(|e| panic!("{e}"));
    game.play(p, m)
}

fn point(name: &str) -> Point {
    point_from_name(name).unwrap_or_else(|| panic!("no point {name}"))
}

fn neighbours(name: &str) -> Vec<&'static str> {
    let p = point(name) as usize;
    (0..POINTS)
        .filter(|&q| ADJACENT[p] & (1 << q) != 0)
        .map(|q| POINT_NAMES[q])
        .collect()
}

// --- Board and setup -------------------------------------------------------------------------

#[test]
fn the_board_has_25_points_in_order_a1_to_e5() {
    assert_eq!(POINTS, 25);
    assert_eq!(POINT_NAMES[0], "a1");
    assert_eq!(POINT_NAMES[4], "e1");
    assert_eq!(POINT_NAMES[5], "a2");
    assert_eq!(POINT_NAMES[24], "e5");
    // Drawing: rank 5 on top, files left to right.
    assert_eq!(DRAW_AT[point("a1") as usize], (0, 4));
    assert_eq!(DRAW_AT[point("e5") as usize], (4, 0));
    assert_eq!(DRAW_AT[point("c3") as usize], (2, 2));
    assert_eq!(ALL_POINTS.count_ones(), 25);
}

#[test]
fn horizontal_and_vertical_lines_form_a_grid_with_12_short_diagonals_inside() {
    assert_eq!(SEGMENTS.len(), 52);
    let degree_sum: u32 = ADJACENT.iter().map(|a| a.count_ones()).sum();
    assert_eq!(
        degree_sum, 104,
        "52 distinct segments, each counted from both ends"
    );
    let diagonal = |&(a, b): &(Point, Point)| a % 5 != b % 5 && a / 5 != b / 5;
    assert_eq!(SEGMENTS.iter().filter(|s| diagonal(s)).count(), 12);
    for &(a, b) in &SEGMENTS {
        let (df, dr) = ((a % 5).abs_diff(b % 5), (a / 5).abs_diff(b / 5));
        assert!(
            df <= 1 && dr <= 1 && a != b,
            "segments join neighbouring points"
        );
    }
}

#[test]
fn ruling_the_diagonals_are_the_alquerque_ones_that_do_not_touch_a_corner() {
    assert_eq!(
        neighbours("c3"),
        vec!["b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"]
    );
    assert_eq!(neighbours("c1"), vec!["b1", "d1", "b2", "c2", "d2"]);
    assert_eq!(neighbours("a3"), vec!["a2", "b2", "b3", "a4", "b4"]);
    for corner in ["a1", "e1", "a5", "e5"] {
        assert_eq!(
            neighbours(corner).len(),
            2,
            "{corner} has only its grid lines"
        );
    }
    assert_eq!(
        neighbours("b3"),
        vec!["b2", "a3", "c3", "b4"],
        "b3 is off the lattice"
    );
}

#[test]
fn each_side_has_seven_pieces_on_its_edge_and_two_side_points() {
    let start = PLAIN.start();
    assert_eq!(PLAIN.format_position(&start), "xxxxxx...x.....o...oooooo x");
    assert_eq!(
        start,
        diagram(["ooooo", "o...o", ".....", "x...x", "xxxxx"], "x")
    );
    assert_eq!(PLAIN.material(&start), [7, 7]);
    assert_eq!(SOLIDARITY.start(), start);
    assert_eq!(PLAIN.side_to_move(&start), Side::X);
    // A side with an eighth piece is malformed.
    assert!(matches!(
        PLAIN.parse_position("xxxxxxx..x.....o...oooooo x"),
        Err(PositionError::Inconsistent { .. })
    ));
}

#[test]
fn variants_name_the_solidarity_option() {
    assert_eq!(PLAIN.variant(), Variant::plain(GameId::Blockade));
    assert_eq!(PLAIN.variant().to_string(), "blockade");
    assert_eq!(SOLIDARITY.variant().to_string(), "blockade:solidarity");
    assert_eq!(
        Variant::parse("blockade:solidarity").map(|v| v.to_game()),
        Ok(crate::games::AnyGame::Blockade(SOLIDARITY))
    );
}

// --- Move two or three steps ------------------------------------------------------------------

#[test]
fn move_counts_from_the_start_checked_by_hand() {
    let start = PLAIN.start();
    // x: a1, e1 are boxed in. b1-b3/b4, d1-d3/d4 up their files; c1-c3/c4 up the c file and
    // the two diagonals c1-e3 (over d2) and c1-a3 (over b2); a2-c2/d2 and e2-c2/b2 along rank
    // 2 (a2 up: a3 then a4 is o's; e2 the same). 2+4+2+2+2 = 12.
    assert_eq!(
        moves(PLAIN, &start),
        vec![
            "a2-c2", "a2-d2", "b1-b3", "b1-b4", "c1-a3", "c1-c3", "c1-c4", "c1-e3", "d1-d3",
            "d1-d4", "e2-b2", "e2-c2"
        ]
    );
    // o's mirror list has the same 12; each x move blocks the o moves through or onto its end
    // point, and moving a2 (or e2) away opens a4-a2 (e4-e2):
    //   b1-b3 blocks b5-b3, b5-b2 -> 10;   b1-b4 blocks b5-b3, b5-b2, c5-a3, a4-c4, a4-d4,
    //   e4-b4 -> 6;   c1-c3 -> 10;   c1-c4 -> 6 (c5-c3, c5-c2, a4-c4, a4-d4, e4-c4, e4-b4);
    //   c1-e3 blocks c5-e3 -> 11;   c1-a3 -> 11;   d1-d3 -> 10;   d1-d4 -> 6;
    //   a2-c2, a2-d2, e2-c2, e2-b2 each block one and open one -> 12 each.
    // 10+6+10+6+11+11+10+6+12*4 = 118.
    assert_eq!(perft(&PLAIN, &start, 1), 12);
    assert_eq!(perft(&PLAIN, &start, 2), 118);
}

#[test]
fn move_counts_from_the_start_with_solidarity_checked_by_hand() {
    let start = SOLIDARITY.start();
    // Every start piece has a neighbour. Of the 12 plain moves, b1-b3, c1-c3 and d1-d3 end on
    // points whose neighbours are all empty; the other 9 end next to a piece.
    assert_eq!(
        moves(SOLIDARITY, &start),
        vec!["a2-c2", "a2-d2", "b1-b4", "c1-a3", "c1-c4", "c1-e3", "d1-d4", "e2-b2", "e2-c2"]
    );
    // o's replies (o's own plain list filtered the same way; b5-b3, c5-c3, d5-d3 usually land
    // on lonely points):
    //   b1-b4: c5-c3 (touches b4), c5-c2, c5-e3, d5-d2, e4-c4 -> 5
    //   c1-c4: b5-b2, c5-e3, c5-a3, d5-d2 -> 4 (b5-b3, d5-d3 lonely)
    //   c1-e3: b5-b2, c5-a3, d5-d3 (touches e3), d5-d2, a4-c4, a4-d4, e4-c4, e4-b4 -> 8
    //          (c5-c2 is now lonely: c1 left)
    //   c1-a3: mirror of c1-e3 -> 8
    //   d1-d4: b5-b2, c5-c3 (touches d4), c5-c2, c5-a3, a4-c4 -> 5
    //   a2-c2: 12 plain replies (a4-a2 opened, c5-c2 blocked) minus b5-b3, d5-d3 -> 10
    //   a2-d2: 12 plain replies minus b5-b3 (c5-c3 and d5-d3 touch d2) -> 11
    //   e2-c2: mirror of a2-c2 -> 10;  e2-b2: mirror of a2-d2 -> 11
    // 5+4+8+8+5+10+11+10+11 = 72.
    assert_eq!(perft(&SOLIDARITY, &start, 1), 9);
    assert_eq!(perft(&SOLIDARITY, &start, 2), 72);
}

#[test]
fn a_piece_follows_one_straight_drawn_line_for_exactly_two_or_three_steps() {
    // Alone on the board: a1 reaches two and three steps up its file and along its rank.
    let p = diagram([".....", ".....", ".....", ".....", "x...."], "x");
    assert_eq!(moves(PLAIN, &p), vec!["a1-a3", "a1-a4", "a1-c1", "a1-d1"]);
    // d2: up the file (d4, d5), along the rank (b2, a2), and along the drawn diagonal d2-c3-b4.
    let p = diagram([".....", ".....", ".....", "...x.", "....."], "x");
    assert_eq!(
        moves(PLAIN, &p),
        vec!["d2-a2", "d2-b2", "d2-b4", "d2-d4", "d2-d5"]
    );
}

#[test]
fn a_one_step_move_is_not_allowed() {
    let p = diagram([".....", ".....", "..x..", ".....", "....."], "x");
    let list = moves(PLAIN, &p);
    for one_step in ["c3-c4", "c3-c2", "c3-b3", "c3-d3", "c3-b2", "c3-d4"] {
        assert!(!list.contains(&one_step.to_owned()), "{one_step}");
        assert!(matches!(
            PLAIN.parse_move(&p, one_step),
            Err(MoveError::Malformed { .. })
        ));
    }
    // Even when one step is all the room there is, it is not a move: a1 has a2 and b1 free,
    // but a3 and c1 are taken, so x has no move and loses.
    let p = diagram([".....", ".....", "o....", ".....", "x.o.."], "x");
    assert_eq!(moves(PLAIN, &p), Vec::<String>::new());
    assert_eq!(PLAIN.status(&p), Status::Win(Side::O, EndReason::NoMove));
}

#[test]
fn you_cannot_turn_along_the_way() {
    // b2 alone: b4, b5 up; d2, e2 right; d4 along b2-c3-d4. No bent paths such as b2-c2-c3
    // or b2-b3-c3 (c3 is one diagonal step away anyway), and none round the corner a2-a3.
    let p = diagram([".....", ".....", ".....", ".x...", "....."], "x");
    assert_eq!(
        moves(PLAIN, &p),
        vec!["b2-b4", "b2-b5", "b2-d2", "b2-d4", "b2-e2"]
    );
    for bent in ["b2-c3", "b2-a3", "b2-c4", "b2-d3", "b2-a4"] {
        assert!(PLAIN.check_move_syntax(bent).is_err(), "{bent}");
    }
    // Diagonal lines do not continue into one another at a shared end: a3-b4-c5 does not
    // bend into c5-d4-e3, nor c1-d2-e3 into e3-d4-c5.
    assert!(PLAIN.check_move_syntax("a3-c5").is_ok());
    assert!(PLAIN.check_move_syntax("a3-d4").is_err());
    assert!(PLAIN.check_move_syntax("c1-d4").is_err());
}

#[test]
fn diagonal_moves_go_two_steps_between_the_ends_of_a_drawn_diagonal_only() {
    // c3 sits in the middle of both diagonals through it: no diagonal move at all.
    let p = diagram([".....", ".....", "..x..", ".....", "....."], "x");
    assert_eq!(moves(PLAIN, &p), vec!["c3-a3", "c3-c1", "c3-c5", "c3-e3"]);
    // The twelve diagonal moves are exactly the ends of the six 3-point diagonals.
    let mut diagonal_moves = Vec::new();
    for from in 0..POINTS {
        let m = &LONG_MOVES[from];
        for &to in &m.to[..m.len as usize] {
            if from % 5 != to as usize % 5 && from / 5 != to as usize / 5 {
                diagonal_moves.push(format!(
                    "{}-{}",
                    POINT_NAMES[from], POINT_NAMES[to as usize]
                ));
            }
        }
    }
    diagonal_moves.sort();
    assert_eq!(
        diagonal_moves,
        vec![
            "a3-c1", "a3-c5", "b2-d4", "b4-d2", "c1-a3", "c1-e3", "c5-a3", "c5-e3", "d2-b4",
            "d4-b2", "e3-c1", "e3-c5"
        ]
    );
    // The corners have no diagonal, so a1-c3 is not even a spelling of a move.
    assert!(PLAIN.check_move_syntax("a1-c3").is_err());
    assert!(PLAIN.check_move_syntax("c3-e5").is_err());
}

#[test]
fn rays_follow_drawn_segments_to_the_edge_or_the_end_of_a_diagonal() {
    let ray = |from: &str, d: usize| -> Vec<&str> {
        let r = RAYS[point(from) as usize][d];
        r.points[..r.len as usize]
            .iter()
            .map(|&p| POINT_NAMES[p as usize])
            .collect()
    };
    assert_eq!(DIRECTIONS[0], (0, 1));
    assert_eq!(ray("a1", 0), vec!["a2", "a3", "a4", "a5"]);
    assert_eq!(ray("a1", 4), Vec::<&str>::new(), "no a1-b2 segment");
    assert_eq!(ray("b2", 4), vec!["c3", "d4"]);
    assert_eq!(ray("c1", 6), vec!["b2", "a3"]);
    assert_eq!(ray("d2", 6), vec!["c3", "b4"]);
    assert_eq!(ray("e3", 6), vec!["d4", "c5"]);
    assert_eq!(ray("c3", 4), vec!["d4"], "the diagonal ends at d4");
}

#[test]
fn the_final_point_must_be_empty() {
    // b1 up the file: b3 holds o, so neither b1-b3 (occupied end) nor b1-b4 (jump).
    // b1 along the rank: d1 holds x, so b1-d1 is out; a1 is one step.
    let p = diagram([".....", ".....", ".o...", ".....", ".x.x."], "x");
    assert_eq!(moves(PLAIN, &p), vec!["d1-d3", "d1-d4"]);
    assert!(matches!(
        PLAIN.parse_move(&p, "b1-b3"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        PLAIN.parse_move(&p, "b1-d1"),
        Err(MoveError::Illegal { .. })
    ));
}

// --- No jumping -------------------------------------------------------------------------------

#[test]
fn every_point_crossed_must_be_empty() {
    // c1 with o on c3 and x on e3:
    //   up the file: c1-c3 ends on o, c1-c4 would jump it;   NE: c1-e3 ends on x;
    //   NW: c1-a3 over b2;   E: c1-e1;   W: c1-a1.
    // e3: e3-e5, e3-e1, e3-c5 (over d4); west it meets c3 after d3; SW d2 then c1 (x).
    let p = diagram([".....", ".....", "..o.x", ".....", "..x.."], "x");
    assert_eq!(
        moves(PLAIN, &p),
        vec!["c1-a1", "c1-a3", "c1-e1", "e3-c5", "e3-e1", "e3-e5"]
    );
    assert!(matches!(
        PLAIN.parse_move(&p, "c1-c4"),
        Err(MoveError::Illegal { .. })
    ));
    // A piece on the first step blocks both the two- and the three-step move.
    let p = diagram([".....", ".....", ".....", "x....", "x...."], "x");
    assert_eq!(
        moves(PLAIN, &p),
        vec!["a1-c1", "a1-d1", "a2-a4", "a2-a5", "a2-c2", "a2-d2"]
    );
}

#[test]
fn pieces_do_not_capture_each_other() {
    let start = PLAIN.start();
    let mut p = start;
    for mv in ["c1-c4", "b5-b3", "a2-c2"] {
        let next = after(PLAIN, &p, mv);
        assert_eq!(PLAIN.material(&next), [7, 7], "after {mv}");
        assert_eq!(next.pieces[0] & next.pieces[1], 0);
        p = next;
    }
    // No move of x ever ends on an o piece.
    let mut out = Vec::new();
    PLAIN.legal_moves(&p, &mut out);
    assert!(out.iter().all(|m| p.piece_at(m.to).is_none()));
}

// --- Win by blocking --------------------------------------------------------------------------

#[test]
fn a_side_that_begins_its_turn_with_no_long_move_loses() {
    // x on a1, b1 are walled in by o on a2, b2, c1 (b1 could step to nowhere but a1).
    let p = diagram([".....", ".....", ".....", "oo...", "xxo.."], "x");
    assert_eq!(moves(PLAIN, &p), Vec::<String>::new());
    assert_eq!(PLAIN.status(&p), Status::Win(Side::O, EndReason::NoMove));
    // The same board with o to move is simply ongoing.
    let q = diagram([".....", ".....", ".....", "oo...", "xxo.."], "o");
    assert_eq!(PLAIN.status(&q), Status::Ongoing);
    // A side with no pieces at all has no move either.
    let r = diagram(["o....", ".....", ".....", ".....", "....."], "x");
    assert_eq!(PLAIN.status(&r), Status::Win(Side::O, EndReason::NoMove));
}

#[test]
fn the_player_who_leaves_the_other_side_with_no_move_wins() {
    // o on a5 can still go a5-a3 or a5-c5... until x plays a2-a4 next to it with b5 already
    // taken: then a5 has neither a file nor a rank to travel.
    let p = diagram(["ox...", ".....", ".....", "x....", "....."], "x");
    assert_eq!(PLAIN.status(&p), Status::Ongoing);
    let p = after(PLAIN, &p, "a2-a4");
    assert_eq!(PLAIN.format_position(&p), "...............x....ox... o");
    assert_eq!(moves(PLAIN, &p), Vec::<String>::new());
    assert_eq!(PLAIN.status(&p), Status::Win(Side::X, EndReason::NoMove));
    assert!(PLAIN.status(&p).is_over());
}

#[test]
fn there_is_no_draw_and_positions_may_repeat() {
    let start = PLAIN.start();
    let mut p = start;
    for mv in ["b1-b3", "c5-c3", "b3-b1", "c3-c5"] {
        p = after(PLAIN, &p, mv);
        assert_eq!(PLAIN.status(&p), Status::Ongoing);
    }
    assert_eq!(p, start);
    assert_eq!(PLAIN.hash(&p), PLAIN.hash(&start));
}

// --- Optional Solidarity rule -----------------------------------------------------------------

#[test]
fn solidarity_is_off_by_default() {
    assert!(!Blockade::default().solidarity);
    // b1-b3 ends on a lonely point: fine in the default game.
    let start = Blockade::default().start();
    assert!(Blockade::default().parse_move(&start, "b1-b3").is_ok());
    assert!(SOLIDARITY.parse_move(&start, "b1-b3").is_err());
}

#[test]
fn solidarity_a_piece_with_no_neighbour_cannot_move() {
    // a1 alone (o on a4 is not beside it): plain a1-a3, a1-c1, a1-d1; with Solidarity none,
    // even though a1-a3 would end beside a4. x has no move and loses.
    let p = diagram([".....", "o....", ".....", ".....", "x...."], "x");
    assert_eq!(moves(PLAIN, &p), vec!["a1-a3", "a1-c1", "a1-d1"]);
    assert_eq!(moves(SOLIDARITY, &p), Vec::<String>::new());
    assert_eq!(
        SOLIDARITY.status(&p),
        Status::Win(Side::O, EndReason::NoMove)
    );
    assert_eq!(PLAIN.status(&p), Status::Ongoing);
    // Give it a neighbour on b1 and both pieces may move, to points beside another piece:
    //   a1-a3 (beside a4);  b1-b4 (beside a4);  b1-b3, b1-d1, b1-e1 end on lonely points.
    let p = diagram([".....", "o....", ".....", ".....", "xx..."], "x");
    assert_eq!(
        moves(PLAIN, &p),
        vec!["a1-a3", "b1-b3", "b1-b4", "b1-d1", "b1-e1"]
    );
    assert_eq!(moves(SOLIDARITY, &p), vec!["a1-a3", "b1-b4"]);
}

#[test]
fn solidarity_the_new_point_must_be_beside_another_piece() {
    // c1, d1 and a2 (x), c5 (o):
    //   c1 (beside d1): c1-c3 lonely; c1-c4 beside c5; c1-a1 and c1-a3 beside a2;
    //                   c1-e3 lonely.
    //   d1 (beside c1): d1-d3 lonely; d1-d4 beside c5 (diagonal c5-d4).
    //   a2 has no neighbour (a1, a3, b2 empty): stuck, although a2-a4 etc. are open.
    let p = diagram(["..o..", ".....", ".....", "x....", "..xx."], "x");
    assert_eq!(
        moves(PLAIN, &p),
        vec![
            "a2-a4", "a2-a5", "a2-c2", "a2-d2", "c1-a1", "c1-a3", "c1-c3", "c1-c4", "c1-e3",
            "d1-d3", "d1-d4"
        ]
    );
    assert_eq!(
        moves(SOLIDARITY, &p),
        vec!["c1-a1", "c1-a3", "c1-c4", "d1-d4"]
    );
    assert!(matches!(
        SOLIDARITY.parse_move(&p, "c1-c3"),
        Err(MoveError::Illegal { .. })
    ));
}

#[test]
fn solidarity_a_neighbouring_piece_may_belong_to_either_side() {
    // x on a1 whose only neighbour is o on b1; o on b3 is the only piece beside a3.
    //   a1-a3 ends beside b3 (o): legal.  a1-a4 ends beside a3, a5, b4: all empty.
    let p = diagram([".....", ".....", ".o...", ".....", "xo..."], "x");
    assert_eq!(moves(PLAIN, &p), vec!["a1-a3", "a1-a4"]);
    assert_eq!(moves(SOLIDARITY, &p), vec!["a1-a3"]);
    // The same with x pieces as the neighbours.
    let p = diagram([".....", ".....", ".x...", ".....", "xx..."], "x");
    assert!(moves(SOLIDARITY, &p).contains(&"a1-a3".to_owned()));
    // And for o: o on a5 beside x on b5 may go a5-a3 beside x on b3.
    let p = diagram(["ox...", ".....", ".x...", ".....", "....."], "o");
    assert_eq!(moves(SOLIDARITY, &p), vec!["a5-a3"]);
}

#[test]
fn solidarity_the_point_left_does_not_count() {
    // A straight move of two or three steps never ends beside its own start, so the point
    // left can never be the neighbour that makes an end point acceptable.
    for (from, m) in LONG_MOVES.iter().enumerate() {
        for &to in &m.to[..m.len as usize] {
            assert_eq!(ADJACENT[to as usize] & (1 << from), 0);
        }
    }
    // Two pieces side by side with nothing else: each is the other's neighbour, but every
    // end point touches only empty points (the partner and the start are not beside it), so
    // neither may move and x loses.
    let p = diagram([".....", ".....", ".....", ".....", ".xx.."], "x");
    assert_eq!(moves(PLAIN, &p).len(), 7);
    assert_eq!(moves(SOLIDARITY, &p), Vec::<String>::new());
    assert_eq!(
        SOLIDARITY.status(&p),
        Status::Win(Side::O, EndReason::NoMove)
    );
    // Only the end point's own neighbours count. x on c1, c2 (each beside the other) and a2
    // (alone, so stuck): c2's ends c4, c5, e2 touch nothing; c1's ends a1 and a3 touch a2,
    // while c1-e1 and c1-e3 touch nothing.
    let p = diagram([".....", ".....", ".....", "x.x..", "..x.."], "x");
    assert_eq!(moves(SOLIDARITY, &p), vec!["c1-a1", "c1-a3"]);
}

#[test]
fn solidarity_hand_built_midgame_for_both_sides() {
    // x: a1, c1, b2, e2, a3.  o: a5, c5, e5, b4, d3.
    let rows = ["o.o.o", ".o...", "x..o.", ".x..x", "x.x.."];
    let p = diagram(rows, "x");
    // Plain, x:
    //   a1: a2 then a3 (x); b1 then c1 (x)                       -> none
    //   c1: c1-c3, c1-c4 (c2, c3, c4 empty); c1-e1; c1-e3 (d2, e3); NW b2 is x -> 4
    //   b2: b3 then b4 (o); b2-d2 (e2 is x); b2-d4 over c3         -> 2
    //   e2: e2-e4 (e5 is o); e2-c2 (b2 is x)                       -> 2
    //   a3: a4 then a5 (o); a2 then a1 (x); a3-c3 (d3 is o); b4 o, b2 x -> 1
    assert_eq!(
        moves(PLAIN, &p),
        vec!["a3-c3", "b2-d2", "b2-d4", "c1-c3", "c1-c4", "c1-e1", "c1-e3", "e2-c2", "e2-e4"]
    );
    // Solidarity, x: e2 has no neighbour (e1, e3, d2 empty) so e2-c2, e2-e4 go; every other
    // end point touches a piece (c3: d3; c4: c5; e1: e2; e3: e2; d2: d3; d4: d3).
    assert_eq!(
        moves(SOLIDARITY, &p),
        vec!["a3-c3", "b2-d2", "b2-d4", "c1-c3", "c1-c4", "c1-e1", "c1-e3"]
    );
    let q = diagram(rows, "o");
    // Plain, o:
    //   a5: a4 then a3 (x); b5 then c5 (o)                         -> none
    //   c5: c5-c3, c5-c2; c5-e3 over d4; b4 is o; b5 then a5, d5 then e5 -> 3
    //   e5: e5-e3 (e2 is x); d5 then c5                            -> 1
    //   b4: b4-d4, b4-e4; b4-d2 over c3; b3 then b2 (x); a3, c5 taken -> 3
    //   d3: d3-d5, d3-d1; d3-b3 (a3 is x); e3 one step              -> 3
    assert_eq!(
        moves(PLAIN, &q),
        vec![
            "b4-d2", "b4-d4", "b4-e4", "c5-c2", "c5-c3", "c5-e3", "d3-b3", "d3-d1", "d3-d5",
            "e5-e3"
        ]
    );
    // Solidarity, o: e5 and d3 have no neighbour; c5 and b4 keep all their moves
    // (c3: d3, b2; c2: c1; e3: e2; d4: d3; e4: e5; d2: c1, e2, d3).
    assert_eq!(
        moves(SOLIDARITY, &q),
        vec!["b4-d2", "b4-d4", "b4-e4", "c5-c2", "c5-c3", "c5-e3"]
    );
}

// --- Timer, hashing, texts --------------------------------------------------------------------

#[test]
fn a_turn_lost_to_the_timer_passes_to_the_other_side() {
    let start = PLAIN.start();
    let skipped = PLAIN.skip_turn(&start);
    assert_eq!(skipped.to_move, Side::O);
    assert_eq!(skipped.pieces, start.pieces);
    assert_eq!(
        PLAIN.format_position(&skipped),
        "xxxxxx...x.....o...oooooo o"
    );
    assert_ne!(PLAIN.hash(&skipped), PLAIN.hash(&start));
}

#[test]
fn hash_tells_apart_pieces_sides_and_turn() {
    let a = diagram([".....", ".....", ".....", ".....", "x...."], "x");
    let b = diagram([".....", ".....", ".....", ".....", "o...."], "x");
    let c = diagram([".....", ".....", ".....", ".....", ".x..."], "x");
    let d = diagram([".....", ".....", ".....", ".....", "x...."], "o");
    let hashes = [a, b, c, d].map(|p| PLAIN.hash(&p));
    for i in 0..4 {
        for j in i + 1..4 {
            assert_ne!(hashes[i], hashes[j]);
        }
    }
}

#[test]
fn position_text_round_trips_and_refuses_bad_input() {
    for text in [
        "xxxxxx...x.....o...oooooo x",
        "xxxxxx...x.....o...oooooo o",
        "......................... x",
        "x.o.x.o.x.o.x.o.x.o.x.o.x o",
    ] {
        assert_eq!(
            PLAIN.format_position(&PLAIN.parse_position(text).unwrap()),
            text
        );
    }
    let field_count = [
        "xxxxxx...x.....o...oooooo",
        "xxxxxx...x.....o...oooooo x 0",
        "xxxxxx...x.....o...oooooo  x",
        " xxxxxx...x.....o...oooooo x",
        "xxxxxx...x.....o...oooooo x ",
        "",
        " ",
    ];
    for text in field_count {
        assert!(
            matches!(
                PLAIN.parse_position(text),
                Err(PositionError::FieldCount { .. })
            ),
            "{text:?}"
        );
    }
    for text in ["xxxxxx...x.....o...ooooo x", "xxxxxx...x.....o...oooooo. x"] {
        assert!(
            matches!(
                PLAIN.parse_position(text),
                Err(PositionError::BoardLength { .. })
            ),
            "{text:?}"
        );
    }
    for text in [
        "xxxxxx...x.....o...ooooOo x",
        "xxxxxx...x.....s...oooooo x",
        "xxxxxx...x.....é...oooooo x",
    ] {
        assert!(
            matches!(
                PLAIN.parse_position(text),
                Err(PositionError::BoardChar { .. })
            ),
            "{text:?}"
        );
    }
    for text in [
        "xxxxxx...x.....o...oooooo X",
        "xxxxxx...x.....o...oooooo s",
        "xxxxxx...x.....o...oooooo xo",
    ] {
        assert!(
            matches!(
                PLAIN.parse_position(text),
                Err(PositionError::SideToMove { .. })
            ),
            "{text:?}"
        );
    }
    assert!(matches!(
        PLAIN.parse_position("xxxxxx...x.....o..ooooooo o"),
        Err(PositionError::Inconsistent { .. })
    ));
    // Seven a side is fine, anywhere.
    assert!(PLAIN.parse_position("ooooooo..........xxxxxxx. x").is_ok());
}

#[test]
fn move_notation_is_from_dash_to_and_refuses_anything_else() {
    let start = PLAIN.start();
    let m = PLAIN.parse_move(&start, "c1-e3").unwrap();
    assert_eq!(
        m,
        Move {
            from: point("c1"),
            to: point("e3")
        }
    );
    assert_eq!(PLAIN.format_move(m), "c1-e3");
    for good in ["a2-a4", "a1-a4", "b2-d4", "a3-c1", "e5-b5", "c5-c3"] {
        assert!(PLAIN.check_move_syntax(good).is_ok(), "{good}");
    }
    let malformed = [
        "", "-", "a2", "a2-", "-a4", "a2a4", "a2 a4", "a2-a4 ", " a2-a4", "A2-A4", "a2-A4",
        "a2–a4", "a2-a4-a5", "f1-f3", "a0-a2", "a6-a4", "a2-a2", "a2-a3", "a1-a5", "a1-b2",
        "a2-c3", "c3-e5", "b1-d2", "二-三",
    ];
    for text in malformed {
        assert!(
            matches!(
                PLAIN.check_move_syntax(text),
                Err(MoveError::Malformed { .. })
            ),
            "{text:?}"
        );
        assert!(PLAIN.parse_move(&start, text).is_err());
    }
    // Well formed but not legal here.
    assert!(matches!(
        PLAIN.parse_move(&start, "a1-a3"),
        Err(MoveError::Illegal { .. })
    ));
}

// --- Properties -------------------------------------------------------------------------------

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn parsing_never_panics(text in "\\PC{0,40}") {
            let _ = PLAIN.parse_position(&text);
            let _ = PLAIN.check_move_syntax(&text);
        }

        #[test]
        fn board_like_text_never_panics(text in "[xo. a-f0-6-]{0,30}") {
            let _ = PLAIN.parse_position(&text);
            let _ = PLAIN.check_move_syntax(&text);
        }

        /// Random games: every listed move spells, parses and replays to itself; position
        /// texts and hashes survive a round trip; pieces are never lost.
        #[test]
        fn random_games_keep_texts_moves_and_material_consistent(
            choices in proptest::collection::vec(any::<u32>(), 60),
            solidarity in any::<bool>(),
        ) {
            let game = Blockade { solidarity };
            let mut p = game.start();
            for choice in choices {
                let text = game.format_position(&p);
                let reparsed = game.parse_position(&text).unwrap();
                prop_assert_eq!(reparsed, p);
                prop_assert_eq!(game.hash(&reparsed), game.hash(&p));
                let mut list = Vec::new();
                game.legal_moves(&p, &mut list);
                prop_assert_eq!(list.len() as u64, game.count_moves(&p));
                if list.is_empty() {
                    prop_assert_eq!(game.status(&p), Status::Win(p.to_move.opponent(), EndReason::NoMove));
                    break;
                }
                prop_assert_eq!(game.status(&p), Status::Ongoing);
                for &m in &list {
                    prop_assert_eq!(game.parse_move(&p, &game.format_move(m)), Ok(m));
                }
                let m = list[choice as usize % list.len()];
                p = game.play(&p, m);
                prop_assert_eq!(game.material(&p), [7, 7]);
                prop_assert_eq!(p.pieces[0] & p.pieces[1], 0);
            }
        }
    }
}

/// Prints the lines of `tests/data/perft/blockade.txt` (timings on stderr):
/// `cargo test --release --lib games::blockade::tests::print_perft -- --ignored --nocapture`.
#[test]
#[ignore]
fn print_perft() {
    let start = "xxxxxx...x.....o...oooooo x";
    let others = [
        "x.x...x..xx..o..o...o.o.o x",
        "x.x...x..xx..o..o...o.o.o o",
        "..xx.x................o.. x",
        "xx.x..x.x.o.x.o.oxo...o.o o",
        "xx.xxx...x..o..o.x.ooo.oo x",
    ];
    for game in [PLAIN, SOLIDARITY] {
        for (text, max_depth) in std::iter::once((start, 7)).chain(others.map(|t| (t, 4))) {
            let pos = game.parse_position(text).unwrap();
            for depth in 1..=max_depth {
                let t = std::time::Instant::now();
                let n = perft(&game, &pos, depth);
                eprintln!("{:.3}s", t.elapsed().as_secs_f64());
                println!("{} {depth} {n} {text}", game.variant());
            }
        }
    }
}
