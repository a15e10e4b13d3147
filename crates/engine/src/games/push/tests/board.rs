//! The board and the opening.

use super::*;
use crate::games::perft;

#[test]
fn board_is_a_hexagon_of_61_cells_with_up_to_six_neighbours() {
    assert_eq!(CELLS, 61);
    assert_eq!(CELL_NAMES.len(), 61);
    let row_lengths: Vec<u8> = ROW_START.windows(2).map(|w| w[1] - w[0]).collect();
    assert_eq!(row_lengths, vec![5, 6, 7, 8, 9, 8, 7, 6, 5]);
    for c in 0..CELLS {
        let name = format!("{}{}", (b'A' + ROW[c]) as char, DIAGONAL[c]);
        assert_eq!(CELL_NAMES[c], name);
        assert_eq!(cell_from_name(&name), Some(c as Cell));
    }
    // Six corners with three neighbours, 18 other rim cells with four, 37 inner cells with
    // six: 312 neighbour slots, i.e. 156 adjacent pairs.
    let degree = |c: usize| {
        Dir::ALL
            .iter()
            .filter(|d| NEIGHBOUR[d.index()][c] != NO_CELL)
            .count()
    };
    let histogram = |k| (0..CELLS).filter(|&c| degree(c) == k).count();
    assert_eq!((histogram(3), histogram(4), histogram(6)), (6, 18, 37));
    assert_eq!((0..CELLS).map(degree).sum::<usize>(), 312);
    // The coordinates of docs/rules/games.md: E (r, d+1), W (r, d-1), NE (r+1, d+1), NW (r+1, d),
    // SE (r-1, d), SW (r-1, d-1).
    let around = |name: &str| -> Vec<&str> {
        Dir::ALL
            .iter()
            .map(|d| match NEIGHBOUR[d.index()][cell(name) as usize] {
                NO_CELL => "-",
                n => CELL_NAMES[n as usize],
            })
            .collect()
    };
    // Order: E, NE, NW, W, SW, SE.
    assert_eq!(around("E5"), vec!["E6", "F6", "F5", "E4", "D4", "D5"]);
    assert_eq!(around("A1"), vec!["A2", "B2", "B1", "-", "-", "-"]);
    assert_eq!(around("I9"), vec!["-", "-", "-", "I8", "H8", "H9"]);
    assert_eq!(around("E1"), vec!["E2", "F2", "-", "-", "-", "D1"]);
    assert_eq!(around("F2"), vec!["F3", "G3", "-", "-", "E1", "E2"]);
    for d in Dir::ALL {
        assert_eq!(
            EDGE[d.index()].count_ones(),
            9,
            "each side of the hexagon has 9 cells"
        );
        for (c, &n) in NEIGHBOUR[d.index()].iter().enumerate() {
            if n != NO_CELL {
                assert_eq!(NEIGHBOUR[d.opposite().index()][n as usize], c as Cell);
            }
        }
    }
}

#[test]
fn bitboard_steps_agree_with_the_neighbour_table() {
    for d in Dir::ALL {
        for c in 0..CELLS as Cell {
            assert_eq!(
                shift_dir(bit(c), d),
                bit(NEIGHBOUR[d.index()][c as usize]),
                "{} {}",
                CELL_NAMES[c as usize],
                d.name()
            );
        }
        // The whole board steps onto every cell that has a neighbour behind it.
        assert_eq!(shift_dir(BOARD, d), BOARD & !EDGE[d.opposite().index()]);
    }
}

#[test]
fn drawing_positions_lay_the_cells_out_as_a_hexagon() {
    let at = |name: &str| DRAW_AT[cell(name) as usize];
    assert_eq!(at("E1"), (0, 4));
    assert_eq!(at("E5"), (8, 4), "the centre");
    assert_eq!(at("E9"), (16, 4));
    assert_eq!(at("A1"), (4, 8), "x's edge at the bottom");
    assert_eq!(at("I9"), (12, 0), "o's edge at the top");
    for c in 0..CELLS {
        let same_spot = DRAW_AT.iter().filter(|&&p| p == DRAW_AT[c]).count();
        assert_eq!(same_spot, 1);
        let (x, y) = DRAW_AT[c];
        let step = |dir: Dir| match NEIGHBOUR[dir.index()][c] {
            NO_CELL => None,
            n => Some(DRAW_AT[n as usize]),
        };
        assert!(step(Dir::E).is_none_or(|p| p == (x + 2, y)));
        assert!(step(Dir::NE).is_none_or(|p| p == (x + 1, y - 1)));
        assert!(step(Dir::NW).is_none_or(|p| p == (x - 1, y - 1)));
    }
}

#[test]
fn a_step_on_the_drawing_grid_is_the_step_between_neighbours() {
    for c in 0..CELLS {
        let (x, y) = DRAW_AT[c];
        for d in Dir::ALL {
            let n = NEIGHBOUR[d.index()][c];
            if n == NO_CELL {
                continue;
            }
            let (dx, dy) = d.draw_step();
            let (nx, ny) = DRAW_AT[n as usize];
            assert_eq!(
                (x as i32 + dx, y as i32 + dy),
                (nx as i32, ny as i32),
                "{d:?}"
            );
        }
    }
    // Half a cell across and a row down are one cell width apart.
    let diagonal = (0.5f32 * 0.5 + DRAW_ROW_HEIGHT * DRAW_ROW_HEIGHT).sqrt();
    assert!((diagonal - 1.0).abs() < 1e-6);
}

#[test]
fn the_links_join_every_pair_of_neighbours_once() {
    // Along each of the three lines the board has nine rows, and a row of n cells has n − 1
    // pairs: 3 × (61 − 9) = 156.
    assert_eq!(LINK_COUNT, 156);
    for (k, &(a, b)) in LINKS.iter().enumerate() {
        assert!(a < b, "lower cell first");
        let neighbours = Dir::ALL
            .iter()
            .any(|d| NEIGHBOUR[d.index()][a as usize] == b);
        assert!(
            neighbours,
            "{} and {} are neighbours",
            CELL_NAMES[a as usize], CELL_NAMES[b as usize]
        );
        assert!(!LINKS[..k].contains(&(a, b)), "each pair once");
    }
    let every_pair: usize = (0..CELLS)
        .map(|c| {
            Dir::ALL
                .iter()
                .filter(|d| NEIGHBOUR[d.index()][c] != NO_CELL)
                .count()
        })
        .sum();
    assert_eq!(2 * LINK_COUNT, every_pair);
}

#[test]
fn start_position_text_is_built_from_the_point_order() {
    let start = Push.start();
    let text = "xxxxxxxxxxx..xxx.............................ooo..ooooooooooo x";
    assert_eq!(Push.format_position(&start), text);
    assert_eq!(pos(text), start);
    assert_eq!(Push.status(&start), Status::Ongoing);
}

#[test]
fn both_sides_have_14_pieces_two_full_rows_and_three_in_the_middle_of_the_third() {
    let start = Push.start();
    assert_eq!(Push.material(&start), [14, 14]);
    assert_eq!(start.pushed_off(Side::X), 0);
    let rows_of = |side: Side| {
        let mut per_row = [0; 9];
        for c in 0..CELLS {
            if start.pieces[side.index()] & bit(c as Cell) != 0 {
                per_row[ROW[c] as usize] += 1;
            }
        }
        per_row
    };
    // Rows A and B hold 5 + 6 = 11, row C (seven cells) its middle three.
    assert_eq!(rows_of(Side::X), [5, 6, 3, 0, 0, 0, 0, 0, 0]);
    assert_eq!(
        start.pieces[0] & cells(&["C3", "C4", "C5"]),
        cells(&["C3", "C4", "C5"])
    );
    assert_eq!(rows_of(Side::O), [0, 0, 0, 0, 0, 0, 3, 6, 5]);
    assert_eq!(
        start.pieces[1] & cells(&["G5", "G6", "G7"]),
        cells(&["G5", "G6", "G7"])
    );
    // The two armies are each other's image under the half turn (r, d) -> (8-r, 10-d).
    for c in 0..CELLS {
        let image = cell_at(8 - ROW[c] as i32, 10 - DIAGONAL[c] as i32).unwrap();
        assert_eq!(
            start.piece_at(c as Cell).map(Side::opponent),
            start.piece_at(image)
        );
    }
}

#[test]
fn nobody_can_touch_anybody_for_the_first_moves() {
    // x reaches row D on its first move, o row F on its first; only x's second move can
    // bring the two sides next to each other, so nothing can be pushed in plies 1 to 3.
    let start = Push.start();
    let mut shoves = 0;
    let mut list = Vec::new();
    Push.legal_moves(&start, &mut list);
    for m1 in list {
        let p1 = Push.play(&start, m1);
        let mut list = Vec::new();
        Push.legal_moves(&p1, &mut list);
        for m2 in list {
            let p2 = Push.play(&p1, m2);
            let mut list = Vec::new();
            Push.legal_moves(&p2, &mut list);
            for m3 in list {
                shoves += [(&start, m1), (&p1, m2), (&p2, m3)]
                    .iter()
                    .filter(|(p, m)| Push.is_push(p, *m) || Push.shove(p, *m).is_some())
                    .count();
            }
        }
    }
    assert_eq!(shoves, 0);
}

#[test]
fn move_counts_from_the_start_checked_by_hand() {
    let start = Push.start();
    // x: A1-A5, B1-B6, C3-C5; row C's empty cells are C1, C2, C6, C7, row D is empty.
    // No o piece is within reach, so every move goes into empty cells.
    //
    // Singles (into an empty neighbour; row A is boxed in by row B and the rim):
    //   B1: NE C2, NW C1 (2); B2: NW C2 (1); B3, B4: C3-C5 taken (0); B5: NE C6 (1);
    //   B6: NE C7, NW C6 (2); C3: W C2, NE D4, NW D3 (3); C4: NE D5, NW D4 (2);
    //   C5: E C6, NE D6, NW D5 (3).                                         = 14
    // Pairs (27 of them: 4 + 5 + 2 along rows, 5 + 3 along NE, 5 + 3 along NW):
    //   row A: boxed in (0). Row B: in line blocked by own pieces or the rim; broadside
    //   needs two empty cells of row C side by side: B1B2-NW (C1 C2), B5B6-NE (C6 C7) (2).
    //   C3C4: W, NE, NW (3); C4C5: E, NE, NW (3).
    //   NE line: A4B5-NE (C6), A5B6-NE (C7); A1B2..A3B4 run into C3-C5 (2).
    //     B2C3: NE (D4), NW (C2 D3) (2); B3C4: NE (1); B4C5: NE (1).
    //   NW line: A1B1-NW (C1), A2B2-NW (C2) (2); B3C3, B4C4: NW (1 each);
    //     B5C5: NW, NE (C6 D6) (2).                                         = 20
    // Triples (14: 3 + 4 + 1 along rows, 3 along NE, 3 along NW):
    //   rows A and B: boxed in (row C has no three empty cells in a row) (0).
    //   C3C4C5: W, E, NE, NW (4). A1B2C3, A2B3C4, A3B4C5: NE only (3).
    //   A3B3C3, A4B4C4, A5B5C5: NW only (3).                               = 10
    // Total 14 + 20 + 10 = 44.
    let expected = strings(&[
        "B1-NE",
        "B1-NW",
        "B2-NW",
        "B5-NE",
        "B6-NE",
        "B6-NW",
        "C3-W",
        "C3-NE",
        "C3-NW",
        "C4-NE",
        "C4-NW",
        "C5-E",
        "C5-NE",
        "C5-NW", //
        "B1B2-NW",
        "B5B6-NE",
        "C3C4-W",
        "C3C4-NE",
        "C3C4-NW",
        "C4C5-E",
        "C4C5-NE",
        "C4C5-NW",
        "A4B5-NE",
        "A5B6-NE",
        "B2C3-NE",
        "B2C3-NW",
        "B3C4-NE",
        "B4C5-NE",
        "A1B1-NW",
        "A2B2-NW",
        "B3C3-NW",
        "B4C4-NW",
        "B5C5-NW",
        "B5C5-NE", //
        "C3C4C5-W",
        "C3C4C5-E",
        "C3C4C5-NE",
        "C3C4C5-NW",
        "A1B2C3-NE",
        "A2B3C4-NE",
        "A3B4C5-NE",
        "A3B3C3-NW",
        "A4B4C4-NW",
        "A5B5C5-NW",
    ]);
    assert_eq!(expected.len(), 44);
    assert_eq!(moves(&start), expected);
    assert_eq!(perft(&Push, &start, 1), 44);
    // Depth 2: after any x move x stays in rows A-D and o's moves only touch rows F-I (and
    // the cells next to them in row E), so o's choices are exactly its choices at the start,
    // which mirror x's by the half turn that swaps the armies: 44 each. 44 × 44 = 1936.
    assert_eq!(perft(&Push, &start, 2), 44 * 44);
}

/// The half turn (r, d) -> (8 - r, 10 - d) swaps the armies and reverses every direction.
fn mirror_move(text: &str) -> String {
    let (group, dir) = text.split_once('-').unwrap();
    let mut mirrored: Vec<Cell> = group
        .as_bytes()
        .chunks(2)
        .map(|n| {
            let c = cell(std::str::from_utf8(n).unwrap()) as usize;
            cell_at(8 - ROW[c] as i32, 10 - DIAGONAL[c] as i32).unwrap()
        })
        .collect();
    mirrored.sort();
    let names: String = mirrored.iter().map(|&c| CELL_NAMES[c as usize]).collect();
    format!("{names}-{}", Dir::from_name(dir).unwrap().opposite().name())
}

#[test]
fn either_side_may_move_first() {
    // The first move alternates from round to round: the start with o to move is a valid
    // position, and o's moves there are x's moves turned half round.
    let o_first = pos("xxxxxxxxxxx..xxx.............................ooo..ooooooooooo o");
    let mut expected: Vec<String> = moves(&Push.start())
        .iter()
        .map(|m| mirror_move(m))
        .collect();
    expected.sort();
    assert_eq!(moves(&o_first), expected);
    assert!(expected.contains(&"G5G6G7-SE".to_owned()));
    assert_eq!(perft(&Push, &o_first, 2), 1936);
}

#[test]
fn the_first_move_alternates_from_round_to_round() {
    let openers: Vec<Side> = (1..=4).map(|round| Push.first_to_move(round)).collect();
    assert_eq!(openers, [Side::X, Side::O, Side::X, Side::O]);
}

#[test]
fn either_side_can_open_a_round() {
    for first in [Side::X, Side::O] {
        let p = Push.start_with(first);
        assert_eq!(p.to_move, first);
        assert_eq!(p.pieces, Push.start().pieces);
    }
}
