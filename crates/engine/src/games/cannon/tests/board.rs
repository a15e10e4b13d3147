//! The board and the setup.

use super::*;

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
