//! One test per rule sentence of docs/rules/seeds/004_*.txt (and the rulings of docs/rules/games.md §5), hand-checked move
//! counts, and hand-built positions.
//!
//! Diagrams are drawn as on the board: rank 6 first, files a-e left to right.

use super::*;
use crate::games::perft;

/// A position text from a diagram drawn rank 6 first (spaces between points are ignored).
fn diagram(rows: [&str; 6], side: &str, decided: &str) -> String {
    let board: String = rows.iter().rev().map(|r| r.replace(' ', "")).collect();
    assert_eq!(board.len(), POINTS, "diagram rows must have 5 points each");
    format!("{board} {side} {decided}")
}

fn pos(text: &str) -> Position {
    Cannon
        .parse_position(text)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn pos_of(rows: [&str; 6], side: &str, decided: &str) -> Position {
    pos(&diagram(rows, side, decided))
}

fn moves(p: &Position) -> Vec<String> {
    let mut out = Vec::new();
    Cannon.legal_moves(p, &mut out);
    assert_eq!(
        out.len() as u64,
        Cannon.count_moves(p),
        "count_moves agrees"
    );
    let mut texts: Vec<String> = out.into_iter().map(|m| Cannon.format_move(m)).collect();
    texts.sort();
    texts
}

fn after(p: &Position, mv: &str) -> Position {
    let m = Cannon.parse_move(p, mv).unwrap_or_else(|e| panic!("{e}"));
    Cannon.play(p, m)
}

fn text(p: &Position) -> String {
    Cannon.format_position(p)
}

fn at(name: &str) -> u32 {
    1 << point_from_name(name).unwrap_or_else(|| panic!("{name}"))
}

fn neighbours(name: &str) -> Vec<&'static str> {
    let p = point_from_name(name).unwrap_or_else(|| panic!("{name}")) as usize;
    let mut names: Vec<&str> = (0..POINTS)
        .filter(|&q| ADJACENT[p] & (1 << q) != 0)
        .map(|q| POINT_NAMES[q])
        .collect();
    names.sort();
    names
}

fn is_illegal(p: &Position, mv: &str) -> bool {
    matches!(Cannon.parse_move(p, mv), Err(MoveError::Illegal { .. }))
}

// ---------------------------------------------------------------- Board and setup

#[test]
fn the_board_is_5_by_6_with_30_points() {
    assert_eq!((FILES, RANKS, POINTS), (5, 6, 30));
    assert_eq!(POINT_NAMES[0], "a1");
    assert_eq!(POINT_NAMES[4], "e1");
    assert_eq!(POINT_NAMES[5], "a2");
    assert_eq!(POINT_NAMES[29], "e6");
    assert_eq!(BOARD.count_ones(), 30);
    for (i, name) in POINT_NAMES.iter().enumerate() {
        assert_eq!(point_from_name(name), Some(i as Point));
        assert_eq!(
            DRAW_AT[i],
            (file_of(i as Point) as u8, 5 - rank_of(i as Point) as u8)
        );
    }
    // Drawn with rank 6 at the top.
    assert_eq!(DRAW_AT[point_from_name("a6").unwrap() as usize], (0, 0));
    assert_eq!(DRAW_AT[point_from_name("e1").unwrap() as usize], (4, 5));
    assert_eq!(DRAW_AT[point_from_name("c3").unwrap() as usize], (2, 3));
}

#[test]
fn most_lines_are_orthogonal_and_two_diagonals_sit_at_the_top() {
    // 4 per rank × 6 ranks + 5 per file × 5 + 2 diagonals.
    assert_eq!(LINES.len(), 24 + 25 + 2);
    let degree_sum: u32 = ADJACENT.iter().map(|a| a.count_ones()).sum();
    assert_eq!(degree_sum, 2 * 51, "every line counted from both ends");
    let diagonal = |&(a, b): &(Point, Point)| file_of(a) != file_of(b) && rank_of(a) != rank_of(b);
    let diagonals: Vec<(&str, &str)> = LINES
        .iter()
        .filter(|l| diagonal(l))
        .map(|&(a, b)| (POINT_NAMES[a as usize], POINT_NAMES[b as usize]))
        .collect();
    // Ruling: from the top corners inwards.
    assert_eq!(diagonals, vec![("a6", "b5"), ("e6", "d5")]);
    assert_eq!(neighbours("a1"), vec!["a2", "b1"]);
    assert_eq!(neighbours("c3"), vec!["b3", "c2", "c4", "d3"]);
    assert_eq!(neighbours("c6"), vec!["b6", "c5", "d6"]);
    assert_eq!(neighbours("a6"), vec!["a5", "b5", "b6"]);
    assert_eq!(neighbours("e6"), vec!["d5", "d6", "e5"]);
    assert_eq!(neighbours("b5"), vec!["a5", "a6", "b4", "b6", "c5"]);
    assert_eq!(neighbours("d5"), vec!["c5", "d4", "d6", "e5", "e6"]);
    // Capture rays are orthogonal only and stop at the edges.
    let c3 = point_from_name("c3").unwrap() as usize;
    let name = |p: Point| POINT_NAMES[p as usize];
    assert_eq!(name(STEP[Direction::Up as usize][c3]), "c4");
    assert_eq!(name(STEP[Direction::Down as usize][c3]), "c2");
    assert_eq!(name(STEP[Direction::Left as usize][c3]), "b3");
    assert_eq!(name(STEP[Direction::Right as usize][c3]), "d3");
    let c6 = point_from_name("c6").unwrap() as usize;
    assert_eq!(STEP[Direction::Up as usize][c6], OFF_BOARD);
    assert_eq!(STEP[Direction::Left as usize][0], OFF_BOARD);
    assert_eq!(STEP[Direction::Down as usize][0], OFF_BOARD);
    assert_eq!(STEP[Direction::Right as usize][4], OFF_BOARD);
}

#[test]
fn three_cannons_start_in_the_middle_of_the_top_row_and_soldiers_fill_the_bottom_three_rows() {
    let expected = format!("{}{}xxx. x -", "o".repeat(15), ".".repeat(11));
    assert_eq!(expected, "ooooooooooooooo...........xxx. x -");
    let start = Cannon.start();
    assert_eq!(text(&start), expected);
    assert_eq!(start.cannons, at("b6") | at("c6") | at("d6"));
    assert_eq!(
        start.cannons, PLATFORMS,
        "the platforms are the cannons' start points"
    );
    assert_eq!(start.soldiers, (1 << 15) - 1, "ranks 1-3");
    assert_eq!(Cannon.material(&start), [3, 15]);
    assert_eq!(pos(&expected), start);
    let piece = |name: &str| start.piece_at(point_from_name(name).unwrap());
    assert_eq!(
        [piece("c6"), piece("e3"), piece("a6"), piece("c4")],
        [Some(Side::X), Some(Side::O), None, None]
    );
}

#[test]
fn the_middle_two_rows_are_empty() {
    let start = Cannon.start();
    for name in ["a4", "b4", "c4", "d4", "e4", "a5", "b5", "c5", "d5", "e5"] {
        assert_eq!(start.occupied() & at(name), 0, "{name}");
    }
    // Only the two top corners are empty besides them.
    assert_eq!(start.empty().count_ones(), 12);
}

#[test]
fn before_a_round_either_side_may_be_chosen_cannons_are_x_and_soldiers_are_o() {
    // The app picks which side the human plays; the engine knows the sides by piece: the
    // cannons are `x` and move first, the soldiers are `o`.
    let start = Cannon.start();
    assert_eq!(Cannon.side_to_move(&start), Side::X);
    let p = after(&start, "c6-c5");
    assert_eq!(Cannon.side_to_move(&p), Side::O);
    assert_eq!(moves(&p), vec!["a3-a4", "b3-b4", "c3-c4", "d3-d4", "e3-e4"]);
}

// ---------------------------------------------------------------- Movement

#[test]
fn a_move_is_one_step_along_a_line_to_an_adjacent_empty_point() {
    // A soldier in the open centre has four steps; a neighbour that is occupied (by either
    // side) is not a destination; no two-point steps.
    let p = pos_of(
        [
            ". . . . .", //
            ". . . . .", //
            ". . x . .", //
            ". o o . .", //
            ". . o . .", //
            ". . . . .", //
        ],
        "o",
        "-",
    );
    assert_eq!(
        moves(&p),
        vec!["b3-a3", "b3-b2", "b3-b4", "c2-b2", "c2-c1", "c2-d2", "c3-d3"]
    );
    assert!(matches!(
        Cannon.parse_move(&p, "c3-c5"),
        Err(MoveError::Malformed { .. })
    ));
    assert!(is_illegal(&p, "c3-c4"), "c4 holds a cannon");
    assert!(is_illegal(&p, "c3-b3"), "b3 holds a soldier");
}

#[test]
fn the_two_extra_diagonals_join_the_top_corners_and_nothing_else_is_diagonal() {
    // Soldiers on b5 and d5 may step to the corners; the one on b2 has only its four
    // orthogonal steps; the cannon on c5 may not step diagonally to b6 or d6.
    let p = pos_of(
        [
            ". . . . .", //
            ". o x o .", //
            ". . . . .", //
            ". . . . .", //
            ". o . . .", //
            ". . . . .", //
        ],
        "o",
        "-",
    );
    assert_eq!(
        moves(&p),
        vec![
            "b2-a2", "b2-b1", "b2-b3", "b2-c2", //
            "b5-a5", "b5-a6", "b5-b4", "b5-b6", //
            "d5-d4", "d5-d6", "d5-e5", "d5-e6",
        ]
    );
    let q = Position {
        to_move: Side::X,
        ..p
    };
    assert_eq!(moves(&q), vec!["c5-c4", "c5-c6"]);
    for bad in [
        "b2-c3", "b2-a1", "c5-b6", "c5-d6", "b6-a5", "d6-e5", "a5-b6",
    ] {
        assert!(Cannon.check_move_syntax(bad).is_err(), "{bad}");
    }
    for good in ["a6-b5", "b5-a6", "e6-d5", "d5-e6"] {
        assert!(Cannon.check_move_syntax(good).is_ok(), "{good}");
    }
}

#[test]
fn cannons_also_use_the_diagonals() {
    let p = pos_of(
        [
            "x . . . x", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "o . . . .", //
        ],
        "x",
        "-",
    );
    assert_eq!(
        moves(&p),
        vec!["a6-a5", "a6-b5", "a6-b6", "e6-d5", "e6-d6", "e6-e5"]
    );
}

#[test]
fn the_cannon_side_always_moves_first() {
    assert_eq!(Cannon.start().to_move, Side::X);
    assert!(text(&Cannon.start()).ends_with(" x -"));
}

#[test]
fn move_counts_from_the_start_checked_by_hand() {
    let start = Cannon.start();
    // Depth 1. b6: a6, b5 (c6 is a cannon). c6: c5 only. d6: d5, e6. 5 steps. No capture:
    // every downward ray meets two empty points (ranks 5 and 4); sideways rays pass the
    // cannons and find the empty corner at the edge; nothing is above rank 6.
    assert_eq!(
        moves(&start),
        vec!["b6-a6", "b6-b5", "c6-c5", "d6-d5", "d6-e6"]
    );
    assert_eq!(perft(&Cannon, &start, 1), 5);
    // Depth 2. No cannon stepped below rank 5, so the soldiers' only moves are the five rank-3
    // soldiers stepping up to rank 4 (ranks 1-3 are full): 5 × 5 = 25. No cannon is boxed in.
    assert_eq!(perft(&Cannon, &start, 2), 25);
    // Depth 3. Let s be the file of the soldier that stepped s3-s4 (s3 now empty).
    // - b6-a6 (cannons a6 c6 d6): steps a6: a5 b5 b6; c6: b6 c5; d6: d5 e6 = 7. A downward
    //   ray from a6, c6 or d6 captures the soldier on s4 only when s is that file (one gap on
    //   rank 5); sideways rays end on a cannon or the edge. 7 × 5 + 3 = 38.
    // - b6-b5 (cannons b5 c6 d6): steps b5: a5 a6 b6 c5, and b4 unless s = b; c6: b6 c5;
    //   d6: d5 e6. b5 always captures downwards: b5xb3 over the gap b4, or (s = b) b5xb2 past
    //   b4 and over the gap b3. c6 and d6 capture downwards when s is c or d. Per s:
    //   a 9+1, b 8+1, c 9+2, d 9+2, e 9+1 = 51.
    // - c6-c5 (cannons b6 c5 d6): steps b6: a6 b5 c6; c5: b5 c6 d5, and c4 unless s = c;
    //   d6: c6 d5 e6. c5 always captures downwards (c5xc3, or c5xc2 when s = c); b6 and d6
    //   when s is b or d. Per s: a 10+1, b 10+2, c 9+1, d 10+2, e 10+1 = 56.
    // - d6-d5 and d6-e6 mirror b6-b5 and b6-a6: 51 and 38.
    // 38 + 51 + 56 + 51 + 38 = 234.
    assert_eq!(perft(&Cannon, &start, 3), 234);
    let after_c5 = after(&after(&start, "c6-c5"), "c3-c4");
    assert_eq!(
        moves(&after_c5),
        vec![
            "b6-a6", "b6-b5", "b6-c6", "c5-b5", "c5-c6", "c5-d5", "c5xc2", "d6-c6", "d6-d5",
            "d6-e6"
        ]
    );
}

// ---------------------------------------------------------------- Cannon captures

/// Hand-built position 1: the capture patterns side by side.
///
/// ```text
/// 6  . . . . .
/// 5  . . . . .
/// 4  . x . . o
/// 3  . . . . .
/// 2  x x . o .
/// 1  . . . . .
/// ```
fn capture_patterns() -> Position {
    pos_of(
        [
            ". . . . .", //
            ". . . . .", //
            ". x . . o", //
            ". . . . .", //
            "x x . o .", //
            ". . . . .", //
        ],
        "x",
        "-",
    )
}

#[test]
fn hand_built_capture_patterns_have_exactly_these_moves() {
    let p = capture_patterns();
    // a2: steps a1 a3; fires right over the cannon on b2 and the gap c2 into d2. Up and down:
    // a gap then another empty point / the edge.
    // b2: steps b1 b3 c2; fires right over the adjacent gap c2 into d2. Up: gap b3, then a
    // cannon on b4 (no capture). Left: a2 then the edge, no gap. Down: gap b1 then the edge.
    // b4: four steps; right: gaps c4 and d4 before the soldier on e4 (two gaps, no capture);
    // down: gap b3 then the cannon on b2; left and up: a gap then the edge / an empty point.
    assert_eq!(
        moves(&p),
        vec![
            "a2-a1", "a2-a3", "a2xd2", "b2-b1", "b2-b3", "b2-c2", "b2xd2", "b4-a4", "b4-b3",
            "b4-b5", "b4-c4",
        ]
    );
}

#[test]
fn only_cannons_capture_and_soldiers_never_capture_a_cannon() {
    // Same board, soldiers to move: only steps, although the soldier on d2 sees a gap (c2)
    // then a cannon (b2), which would be a capture pattern for a cannon.
    let p = Position {
        to_move: Side::O,
        ..capture_patterns()
    };
    assert_eq!(
        moves(&p),
        vec!["d2-c2", "d2-d1", "d2-d3", "d2-e2", "e4-d4", "e4-e3", "e4-e5"]
    );
    assert!(is_illegal(&p, "d2xb2"));
    // A soldier directly beside a cannon cannot take it either.
    let q = pos_of(
        [
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "o . x . .", //
        ],
        "o",
        "-",
    );
    assert_eq!(moves(&q), vec!["a1-a2", "a1-b1"]);
    assert!(is_illegal(&q, "a1xc1"));
}

#[test]
fn captures_look_along_a_row_or_column_and_ignore_soldiers_in_between() {
    // a3 fires right over the soldiers b3 and c3, finds the gap d3, takes e3.
    let p = pos_of(
        [
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "x o o . o", //
            ". . . . .", //
            ". . . . .", //
        ],
        "x",
        "-",
    );
    assert_eq!(moves(&p), vec!["a3-a2", "a3-a4", "a3xe3"]);
    let q = after(&p, "a3xe3");
    assert_eq!(
        text(&q),
        diagram(
            [
                ". . . . .", //
                ". . . . .", //
                ". . . . .", //
                ". o o . x", //
                ". . . . .", //
                ". . . . .", //
            ],
            "o",
            "-",
        )
    );
    assert_eq!(Cannon.material(&q), [1, 2]);
}

#[test]
fn ruling_captures_also_pass_over_cannons_in_between() {
    let p = capture_patterns();
    let q = after(&p, "a2xd2");
    assert_eq!(q.cannons, at("b2") | at("d2") | at("b4"));
    assert_eq!(q.soldiers, at("e4"));
    // Vertically too: c1 fires up over the cannon on c2 and the soldier on c3.
    let r = pos_of(
        [
            ". . . . .", //
            ". . o . .", //
            ". . . . .", //
            ". . o . .", //
            ". . x . .", //
            ". . x . .", //
        ],
        "x",
        "-",
    );
    assert!(moves(&r).contains(&"c1xc5".to_owned()));
}

#[test]
fn a_capture_may_jump_a_gap_right_next_to_the_cannon() {
    let p = capture_patterns();
    assert!(moves(&p).contains(&"b2xd2".to_owned()));
    let q = after(&p, "b2xd2");
    assert_eq!(q.cannons, at("a2") | at("d2") | at("b4"));
    assert_eq!(q.soldiers, at("e4"));
    assert_eq!(q.to_move, Side::O);
    assert_eq!(q.decided, None);
}

#[test]
fn capturing_is_optional_the_cannon_may_step_instead() {
    let p = capture_patterns();
    let list = moves(&p);
    // b2 may capture, step into the gap, or step elsewhere; another cannon may move instead.
    for mv in ["b2xd2", "b2-c2", "b2-b1", "b4-b5"] {
        assert!(list.contains(&mv.to_owned()), "{mv}");
    }
    let q = after(&p, "b2-c2");
    assert_eq!(Cannon.material(&q), [3, 2]);
    assert_eq!(Cannon.status(&q), Status::Ongoing);
}

#[test]
fn no_capture_across_two_empty_points_in_a_row() {
    // b4 → c4 d4 empty → e4: no capture; with d4 filled it becomes one.
    let p = capture_patterns();
    assert!(is_illegal(&p, "b4xe4"));
    let mut q = p;
    q.soldiers |= at("d4");
    assert!(moves(&q).contains(&"b4xd4".to_owned()));
    assert!(is_illegal(&q, "b4xe4"), "the first gap decides: d4, not e4");
}

#[test]
fn no_capture_without_an_empty_point() {
    // a3 looks right over b3 c3 d3 e3 and reaches the edge: no gap, no capture. Up: gap a4,
    // then an empty a5.
    let p = pos_of(
        [
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "x o o o o", //
            "o . . . .", //
            ". . . . .", //
        ],
        "x",
        "-",
    );
    assert_eq!(moves(&p), vec!["a3-a4"]);
    // A gap at the very edge is no better: c1 → d1 (soldier) → e1 empty → edge.
    let q = pos_of(
        [
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . o . .", //
            ". o x o .", //
        ],
        "x",
        "-",
    );
    assert_eq!(moves(&q), Vec::<String>::new());
    assert_eq!(Cannon.status(&q), Status::Draw(EndReason::NoMove));
}

#[test]
fn no_capture_of_a_cannon_after_the_gap() {
    let p = capture_patterns();
    // b4 down: gap b3, then the cannon b2; b2 up: gap b3, then the cannon b4.
    assert!(is_illegal(&p, "b4xb2"));
    assert!(is_illegal(&p, "b2xb4"));
    assert!(!moves(&p).iter().any(|m| m == "b4xb2" || m == "b2xb4"));
}

#[test]
fn no_capture_along_a_diagonal() {
    // a6 → b5 (empty) → c4 (soldier) would be a capture on a rank or file; on the diagonal
    // line it is not, and captures are never spelled diagonally.
    let p = pos_of(
        [
            "x . . . .", //
            ". . . . .", //
            ". . o . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
        ],
        "x",
        "-",
    );
    assert_eq!(moves(&p), vec!["a6-a5", "a6-b5", "a6-b6"]);
    assert!(Cannon.check_move_syntax("a6xc4").is_err());
}

// ---------------------------------------------------------------- Surrounding a cannon

#[test]
fn a_cannon_whose_neighbours_are_all_blocked_is_removed() {
    // a1's neighbours are a2 and b1: once the soldier on c1 steps to b1, the cannon on a1 is
    // removed.
    let p = pos_of(
        [
            ". . . . .", //
            ". . . . x", //
            ". . . . .", //
            ". . . . .", //
            "o . . . .", //
            "x . o . .", //
        ],
        "o",
        "-",
    );
    let q = after(&p, "c1-b1");
    assert_eq!(q.cannons, at("e5"));
    assert_eq!(Cannon.material(&q), [1, 2]);
    assert_eq!(Cannon.status(&q), Status::Ongoing);
}

#[test]
fn a_boxed_in_cannon_is_removed_even_if_it_could_still_capture() {
    // Ruling: removal looks at the neighbours only. After d5-d6 the cannon on c6 has b6, d6
    // and c5 all occupied although c6xc3 (over c5 and the gap c4) would still be open.
    let p = pos_of(
        [
            ". o x . .", //
            ". . o o .", //
            ". . . . .", //
            ". . o . .", //
            ". . . . .", //
            "x . . . .", //
        ],
        "o",
        "-",
    );
    let q = after(&p, "d5-d6");
    assert_eq!(q.cannons, at("a1"));
    assert_eq!(q.soldiers.count_ones(), 4);
    // Before the step, the cannon could have captured.
    assert!(moves(&Position {
        to_move: Side::X,
        ..p
    })
    .contains(&"c6xc3".to_owned()));
}

#[test]
fn several_boxed_in_cannons_are_removed_together() {
    // b2-b1 fills the last free neighbour of both a1 (a2, b1) and c1 (b1, c2, d1).
    let p = pos_of(
        [
            ". . . . x", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "o o o . .", //
            "x . x o .", //
        ],
        "o",
        "-",
    );
    let q = after(&p, "b2-b1");
    assert_eq!(q.cannons, at("e6"));
    assert_eq!(
        text(&q),
        diagram(
            [
                ". . . . x", //
                ". . . . .", //
                ". . . . .", //
                ". . . . .", //
                "o . o . .", //
                ". o . o .", //
            ],
            "x",
            "-",
        )
    );
}

/// Hand-built position 2: a cannon's own step boxes in two other cannons at once.
///
/// ```text
/// 6  x x o . .
/// 5  o . x . .
/// 4  . . . . .
/// ```
fn top_left_crowd() -> Position {
    pos_of(
        [
            "x x o . .", //
            "o . x . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
        ],
        "x",
        "-",
    )
}

#[test]
fn hand_built_top_left_crowd_has_exactly_these_moves() {
    // a6: only b5 (diagonal); right ray passes b6 c6 and meets two empty points d6 e6; down
    // ray passes a5, gap a4, empty a3. b6: only b5; right: c6 then d6 e6 empty; down: b5 b4
    // empty. c5: b5 c4 d5; left: gap b5 then the soldier a5 → c5xa5; up: c6 then the edge.
    assert_eq!(
        moves(&top_left_crowd()),
        vec!["a6-b5", "b6-b5", "c5-b5", "c5-c4", "c5-d5", "c5xa5"]
    );
}

#[test]
fn ruling_boxed_in_cannons_are_removed_after_the_cannons_own_move_too() {
    // c5-b5: a6 now has b6, a5, b5 occupied; b6 has a6, c6, b5 occupied. Both go, together
    // (removing a6 first would have freed b6). The cannon that moved keeps c5 free.
    let q = after(&top_left_crowd(), "c5-b5");
    assert_eq!(q.cannons, at("b5"));
    assert_eq!(
        text(&q),
        diagram(
            [
                ". . o . .", //
                "o x . . .", //
                ". . . . .", //
                ". . . . .", //
                ". . . . .", //
                ". . . . .", //
            ],
            "o",
            "-",
        )
    );
    // a6-b5 instead frees a6, so b6 keeps a free neighbour and nothing is removed.
    let r = after(&top_left_crowd(), "a6-b5");
    assert_eq!(Cannon.material(&r), [3, 2]);
}

// ---------------------------------------------------------------- Winning

#[test]
fn soldiers_win_by_removing_all_three_cannons() {
    // The last cannon, on a1, is boxed in by b2-b1.
    let p = pos_of(
        [
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "o o . . .", //
            "x . . . .", //
        ],
        "o",
        "-",
    );
    assert_eq!(Cannon.status(&p), Status::Ongoing);
    let q = after(&p, "b2-b1");
    assert_eq!(Cannon.material(&q), [0, 2]);
    assert_eq!(
        Cannon.status(&q),
        Status::Win(Side::O, EndReason::CannonsGone)
    );
    assert_eq!(moves(&q), Vec::<String>::new());
    assert_eq!(perft(&Cannon, &q, 1), 0);
}

#[test]
fn soldiers_win_by_occupying_all_three_platforms_at_once() {
    // c5-c6 completes b6 c6 d6. The cannon on b4 could capture b6 next (gap b5) but the game
    // is already over.
    let p = pos_of(
        [
            ". o . o .", //
            ". . o . .", //
            ". x . . .", //
            ". . . . .", //
            ". . . . .", //
            "o . . . x", //
        ],
        "o",
        "-",
    );
    let q = after(&p, "c5-c6");
    assert_eq!(
        Cannon.status(&q),
        Status::Win(Side::O, EndReason::PlatformsHeld)
    );
    assert_eq!(moves(&q), Vec::<String>::new());
    let open = Position {
        soldiers: q.soldiers & !at("c6"),
        ..q
    };
    assert!(moves(&open).contains(&"b4xb6".to_owned()));
    // Three soldiers on the platforms win even when they are the last three.
    let r = pos(&diagram(
        [
            ". o o o .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "x . . . .", //
        ],
        "x",
        "-",
    ));
    assert_eq!(
        Cannon.status(&r),
        Status::Win(Side::O, EndReason::PlatformsHeld)
    );
}

/// Hand-built position 3: the last two soldiers stand on platforms; the cannons get one move.
///
/// ```text
/// 6  . o x o .
/// 5  . . . . .
/// 4  . x . x .
/// ```
fn platform_fight() -> Position {
    pos_of(
        [
            ". o x o .", //
            ". . . . .", //
            ". x . x .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
        ],
        "x",
        "-",
    )
}

#[test]
fn hand_built_platform_fight_has_exactly_these_moves() {
    // c6: only c5; its side rays pass a soldier and end at an empty corner + edge; down: two
    // empty points. b4: a4 b3 b5 c4; up: gap b5 then the soldier b6 → b4xb6; right: gap c4
    // then the cannon d4. d4: c4 d3 d5 e4; up: gap d5 then d6 → d4xd6; left: gap then b4.
    let p = platform_fight();
    assert_eq!(Cannon.status(&p), Status::Ongoing);
    assert_eq!(
        moves(&p),
        vec![
            "b4-a4", "b4-b3", "b4-b5", "b4-c4", "b4xb6", "c6-c5", "d4-c4", "d4-d3", "d4-d5",
            "d4-e4", "d4xd6",
        ]
    );
}

#[test]
fn soldiers_win_when_their_last_one_or_two_reach_the_platforms_and_are_not_captured_at_once() {
    let p = platform_fight();
    let mut list = Vec::new();
    Cannon.legal_moves(&p, &mut list);
    for mv in list {
        let q = Cannon.play(&p, mv);
        let expected = if mv.is_capture() { Side::X } else { Side::O };
        assert_eq!(q.decided, Some(expected), "{}", Cannon.format_move(mv));
        let reason = if mv.is_capture() {
            EndReason::PlatformCapture
        } else {
            EndReason::LastSoldiersHeld
        };
        assert_eq!(Cannon.status(&q), Status::Win(expected, reason));
        assert_eq!(perft(&Cannon, &q, 1), 0);
    }
    assert!(text(&after(&p, "c6-c5")).ends_with(" o o"));
    assert!(text(&after(&p, "d4xd6")).ends_with(" o x"));
    assert_eq!(perft(&Cannon, &p, 2), 0, "every reply ends the game");

    // A single last soldier: reaching the platform keeps the game going for one cannon move.
    let r = pos_of(
        [
            ". . . . .", //
            ". . o . .", //
            ". . . . .", //
            "x . . . .", //
            ". . . . .", //
            ". . . . x", //
        ],
        "o",
        "-",
    );
    let s = after(&r, "c5-c6");
    assert_eq!(text(&s).split(' ').nth(2), Some("-"));
    assert_eq!(Cannon.status(&s), Status::Ongoing);
    let t = after(&s, "a3-a4");
    assert_eq!(
        Cannon.status(&t),
        Status::Win(Side::O, EndReason::LastSoldiersHeld)
    );
}

#[test]
fn the_last_soldiers_must_all_stand_on_platforms() {
    // Two soldiers left, one on b6 and one on c5: a cannon step decides nothing.
    let p = pos_of(
        [
            ". o . . .", //
            ". . o . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "x . . . .", //
        ],
        "x",
        "-",
    );
    let q = after(&p, "a1-a2");
    assert_eq!(q.decided, None);
    assert_eq!(Cannon.status(&q), Status::Ongoing);
    // Three soldiers left, two of them on platforms: neither.
    let r = pos_of(
        [
            ". o . o .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "x . . . o", //
        ],
        "x",
        "-",
    );
    assert_eq!(Cannon.status(&after(&r, "a1-a2")), Status::Ongoing);
}

#[test]
fn cannons_win_by_capturing_every_soldier() {
    // The last soldier stands off the platforms.
    let p = pos_of(
        [
            ". . . . .", //
            "x . . . .", //
            ". . . . .", //
            "o . . . .", //
            ". . . . .", //
            ". . . . .", //
        ],
        "x",
        "-",
    );
    assert_eq!(moves(&p), vec!["a5-a4", "a5-a6", "a5-b5", "a5xa3"]);
    let q = after(&p, "a5xa3");
    assert_eq!(
        text(&q),
        format!("{}x{} o -", ".".repeat(10), ".".repeat(19))
    );
    assert_eq!(
        Cannon.status(&q),
        Status::Win(Side::X, EndReason::SoldiersGone)
    );
}

#[test]
fn cannons_win_by_capturing_a_soldier_on_a_platform() {
    // Plenty of soldiers left; c4 fires up across the gap c5 into the soldier on c6.
    let p = pos_of(
        [
            "x . o . .", //
            ". . . . .", //
            ". . x . x", //
            "o o o o o", //
            "o o . o o", //
            "o o o o o", //
        ],
        "x",
        "-",
    );
    assert!(moves(&p).contains(&"c4xc6".to_owned()));
    let q = after(&p, "c4xc6");
    assert_eq!(q.decided, Some(Side::X));
    assert!(text(&q).ends_with(" o x"));
    assert_eq!(Cannon.material(&q), [3, 14]);
    assert_eq!(
        Cannon.status(&q),
        Status::Win(Side::X, EndReason::PlatformCapture)
    );
    assert_eq!(moves(&q), Vec::<String>::new());
    // Capturing a soldier off the platforms (c4 down: past c3, gap c2, c1) decides nothing.
    let r = after(&p, "c4xc1");
    assert_eq!(r.decided, None);
    assert_eq!(Cannon.status(&r), Status::Ongoing);
}

#[test]
fn a_side_with_no_legal_move_draws_when_nothing_else_is_reached() {
    // The last soldier on a1 is hemmed in by two cannons that still have room.
    let p = pos("ox...x........................ o -");
    assert_eq!(moves(&p), Vec::<String>::new());
    assert_eq!(Cannon.status(&p), Status::Draw(EndReason::NoMove));
    // Cannons without a move (a set-up: in play a boxed-in cannon is removed at once): the
    // cannon on a1 is boxed in and has no capture (a3 a4 empty; c1 d1 empty).
    let q = pos_of(
        [
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            ". . . . .", //
            "o . . . .", //
            "x o . . .", //
        ],
        "x",
        "-",
    );
    assert_eq!(moves(&q), Vec::<String>::new());
    assert_eq!(Cannon.status(&q), Status::Draw(EndReason::NoMove));
}

#[test]
fn status_checks_run_in_the_games_md_order() {
    // decided x beats "soldiers on all platforms"; no cannons beats no soldiers.
    let board = ". . . . .";
    let all_platforms = pos_of(
        [". o o o .", board, board, board, board, "x . . . ."],
        "o",
        "x",
    );
    assert_eq!(
        Cannon.status(&all_platforms),
        Status::Win(Side::X, EndReason::PlatformCapture)
    );
    let empty = pos(&format!("{} x -", ".".repeat(30)));
    assert_eq!(
        Cannon.status(&empty),
        Status::Win(Side::O, EndReason::CannonsGone)
    );
    let decided_o = pos_of(
        [". o . . .", board, board, board, board, "x . . . ."],
        "o",
        "o",
    );
    assert_eq!(
        Cannon.status(&decided_o),
        Status::Win(Side::O, EndReason::LastSoldiersHeld)
    );
}

// ---------------------------------------------------------------- Timer

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

// ---------------------------------------------------------------- Texts and hashing

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

// ---------------------------------------------------------------- Perft data

#[test]
fn perft_data_file_matches() {
    let data = include_str!("../../../tests/data/perft/cannon.txt");
    let mut lines = 0;
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let mut parts = line.splitn(4, ' ');
        let (game, depth, count, position) = (
            parts.next().unwrap(),
            parts.next().unwrap().parse::<u32>().unwrap(),
            parts.next().unwrap().parse::<u64>().unwrap(),
            parts.next().unwrap(),
        );
        assert_eq!(game, "cannon");
        assert_eq!(perft(&Cannon, &pos(position), depth), count, "{line}");
        lines += 1;
    }
    assert!(
        lines >= 4 + 3 * 3,
        "start to depth 4, three more to depth 3"
    );
}
