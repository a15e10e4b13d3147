//! One test per rule sentence of docs/rules/seeds/000_*.txt (and the points docs/rules/games.md §1 fixes), hand-checked move
//! counts from the start, hand-built positions with their full move lists, text round trips,
//! and a cross-check against a plain, slow reading of the rules.

use super::*;
use crate::games::perft;
use rand::Rng;

fn pos(text: &str) -> Position {
    Push.parse_position(text).unwrap_or_else(|e| panic!("{e}"))
}

fn cell(name: &str) -> Cell {
    cell_from_name(name).unwrap_or_else(|| panic!("no cell {name}"))
}

fn cells(names: &[&str]) -> u64 {
    names.iter().fold(0, |m, n| m | bit(cell(n)))
}

/// A position with `x` and `o` on the named cells, written as text and read back so that the
/// text form is exercised too.
fn setup(x: &[&str], o: &[&str], to_move: Side) -> Position {
    let (x, o) = (cells(x), cells(o));
    assert_eq!(x & o, 0, "a cell given to both sides");
    let board: String = (0..CELLS)
        .map(|c| match (x >> c & 1, o >> c & 1) {
            (1, _) => 'x',
            (_, 1) => 'o',
            _ => '.',
        })
        .collect();
    pos(&format!("{board} {}", to_move.letter()))
}

fn moves(p: &Position) -> Vec<String> {
    let mut out = Vec::new();
    Push.legal_moves(p, &mut out);
    let mut texts: Vec<String> = out.into_iter().map(|m| Push.format_move(m)).collect();
    texts.sort();
    texts
}

/// The legal moves of one group, e.g. `moves_of(p, "E3E4E5")`.
fn moves_of(p: &Position, group: &str) -> Vec<String> {
    let prefix = format!("{group}-");
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(&prefix))
        .collect()
}

fn mv(p: &Position, text: &str) -> Move {
    Push.parse_move(p, text).unwrap_or_else(|e| panic!("{e}"))
}

fn after(p: &Position, text: &str) -> Position {
    Push.play(p, mv(p, text))
}

fn strings(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Pieces parked on the two home edges, far from the action, so that both sides have more
/// than eight on the board (otherwise the game would already be over). None of them touches
/// rows C to G, where the tests put their pieces.
const X_PARK: [&str; 9] = ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4"];
const O_PARK: [&str; 9] = ["I5", "I6", "I7", "I8", "I9", "H4", "H5", "H6", "H7"];

fn with_park<'a>(park: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
    park.iter().chain(extra).copied().collect()
}

/// `x` and `o` pieces in the middle rows plus the parked pieces.
fn open(x: &[&str], o: &[&str], to_move: Side) -> Position {
    setup(&with_park(&X_PARK, x), &with_park(&O_PARK, o), to_move)
}

// ---------------------------------------------------------------------------------------------
// The board and the opening

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

// ---------------------------------------------------------------------------------------------
// Moving

#[test]
fn a_group_is_one_to_three_own_pieces_in_a_line_without_gaps() {
    // Four x in a row E2-E5 and one more on E7, after a gap.
    let p = open(&["E2", "E3", "E4", "E5", "E7"], &[], Side::X);
    let all = moves(&p);
    // No group of four (cells part at most 6 characters), none across the gap.
    assert!(all.iter().all(|m| m.find('-').unwrap() <= 6));
    assert!(!all.iter().any(|m| m.contains("E5E7")));
    // E2E3E4E5 cannot move east as one; the front three can (E6 is free), the back three
    // are blocked by their own E5 (the move belongs to the front three's group).
    assert_eq!(
        moves_of(&p, "E3E4E5"),
        strings(&[
            "E3E4E5-E",
            "E3E4E5-NE",
            "E3E4E5-NW",
            "E3E4E5-SE",
            "E3E4E5-SW"
        ])
    );
    assert!(!all.contains(&"E2E3E4-E".to_owned()));
    assert!(all.contains(&"E2E3E4-W".to_owned()));
    assert!(matches!(
        Push.parse_move(&p, "E2E3E4E5-E"),
        Err(MoveError::Malformed { .. })
    ));
    assert!(matches!(
        Push.parse_move(&p, "E5E7-E"),
        Err(MoveError::Malformed { .. })
    ));
    // Only the mover's own pieces form groups: o's pieces next to x's do not join.
    let q = open(&["E4", "E5"], &["E6"], Side::X);
    assert!(moves(&q).iter().all(|m| !m.contains("E6")));
}

#[test]
fn the_whole_group_moves_one_cell_in_one_of_six_directions() {
    let p = open(&["E4", "E5"], &[], Side::X);
    assert_eq!(
        moves_of(&p, "E4E5"),
        strings(&["E4E5-E", "E4E5-W", "E4E5-NE", "E4E5-NW", "E4E5-SE", "E4E5-SW"])
    );
    let expect = |mv: &str, now: &[&str]| {
        assert_eq!(after(&p, mv), open(now, &[], Side::O), "{mv}");
    };
    expect("E4E5-E", &["E5", "E6"]);
    expect("E4E5-W", &["E3", "E4"]);
    expect("E4E5-NE", &["F5", "F6"]);
    expect("E4E5-NW", &["F4", "F5"]);
    expect("E4E5-SE", &["D4", "D5"]);
    expect("E4E5-SW", &["D3", "D4"]);
    let m = mv(&p, "E4E5-NW");
    assert_eq!(m.cells(), cells(&["E4", "E5"]));
    assert_eq!(m.destinations(), cells(&["F4", "F5"]));
    assert!(!m.is_inline());
    assert!(mv(&p, "E4E5-W").is_inline());
}

#[test]
fn in_line_moves_go_forwards_or_backwards_and_only_they_push() {
    // x E4E5E6 with o ahead on E7 and o beside it on F6 (NE of E5) and D5 (SE of E5).
    let p = open(&["E4", "E5", "E6"], &["E7", "F6", "D5"], Side::X);
    // East pushes E7 to E8; west steps into the empty E3; every broadside hits an o piece.
    assert_eq!(moves_of(&p, "E4E5E6"), strings(&["E4E5E6-E", "E4E5E6-W"]));
    assert!(Push.is_push(&p, mv(&p, "E4E5E6-E")));
    assert!(!Push.is_push(&p, mv(&p, "E4E5E6-W")));
    assert_eq!(
        after(&p, "E4E5E6-E"),
        open(&["E5", "E6", "E7"], &["E8", "F6", "D5"], Side::O)
    );
    // Backwards pushes too: the same group with o behind it on E3 (and E2 free).
    let q = open(&["E4", "E5", "E6"], &["E3"], Side::X);
    assert!(Push.is_push(&q, mv(&q, "E4E5E6-W")));
    assert_eq!(
        after(&q, "E4E5E6-W"),
        open(&["E3", "E4", "E5"], &["E2"], Side::O)
    );
}

#[test]
fn broadside_needs_every_destination_empty() {
    // x E3E4E5; o on D4 (SE of E4) and x's own F6 (NE of E5).
    let p = open(&["E3", "E4", "E5", "F6"], &["D4"], Side::X);
    // SE (D3 D4 D5) and SW (D2 D3 D4) hit the o piece: a broadside never pushes it.
    // NE (F4 F5 F6) hits x's own piece. NW (F3 F4 F5) is free, as are E6 and E2.
    assert_eq!(
        moves_of(&p, "E3E4E5"),
        strings(&["E3E4E5-E", "E3E4E5-NW", "E3E4E5-W"])
    );
    // Likewise a pair: E4E5-SE would need D4 and D5.
    assert!(!moves(&p).contains(&"E4E5-SE".to_owned()));
    assert!(moves(&p).contains(&"E4E5-NW".to_owned()));
}

#[test]
fn a_single_piece_moves_to_any_empty_neighbour_but_cannot_push() {
    // x E5 alone with o on E6 (and E7 free behind it).
    let p = open(&["E5"], &["E6"], Side::X);
    assert_eq!(
        moves_of(&p, "E5"),
        strings(&["E5-W", "E5-NE", "E5-NW", "E5-SE", "E5-SW"])
    );
    assert!(matches!(
        Push.parse_move(&p, "E5-E"),
        Err(MoveError::Illegal { .. })
    ));
}

#[test]
fn a_group_never_moves_its_own_piece_off_the_board() {
    let p = open(&["E7", "E8", "E9"], &[], Side::X);
    // E: E9 would leave; NE: F10 does not exist; SE: D9 does not exist.
    assert_eq!(
        moves_of(&p, "E7E8E9"),
        strings(&["E7E8E9-NW", "E7E8E9-SW", "E7E8E9-W"])
    );
    assert_eq!(moves_of(&p, "E9"), strings(&["E9-NW", "E9-SW"]));
    // The parked row A cannot step south off the board either, alone or in groups.
    assert!(moves(&p)
        .iter()
        .all(|m| !(m.starts_with('A') && (m.ends_with("-SE") || m.ends_with("-SW")))));
}

// ---------------------------------------------------------------------------------------------
// Pushing

#[test]
fn three_push_one_or_two_and_two_push_one() {
    // x fills rows A and B and holds C4; o holds the rest of row C, the run D4 E4 on C4's NW
    // line and the run D5 E6 F7 on C4's NE line.
    let p = setup(
        &[
            "A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "B6", "C4",
        ],
        &[
            "C1", "C2", "C3", "C5", "C6", "C7", "D4", "E4", "D5", "E6", "F7",
        ],
        Side::X,
    );
    // By hand. Every x single is boxed in (row C is full, C4's D4 and D5 are taken), and
    // every broadside needs empty cells in row C or beyond the rim. What is left are the
    // in-line moves of the groups pointing from rows A-B into row C:
    //   NW pairs A_d B_d push C_d when D_d behind it is free: d = 1, 2, 3 yes; d = 4 runs
    //   into x's own C4; d = 5 meets the run C5 D5 (two cannot push two).
    //   NE pairs A_d B_d+1 push C_d+2 when D_d+3 is free: d = 1 meets C3 D4 (two on two);
    //   d = 2 runs into own C4; d = 3, 4, 5 push C5, C6, C7 (D6, D7, D8 free).
    //   B4C4-NW meets D4 E4 (two on two); B3C4-NE meets D5 E6 F7.
    //   A4B4C4-NW: three push D4 E4 (F4 free). A2B3C4-NE: three on three, a stand-off.
    //   The groups' backward moves run into row A or off the board.
    assert_eq!(
        moves(&p),
        strings(&[
            "A1B1-NW",
            "A2B2-NW",
            "A3B3-NW",
            "A3B4-NE",
            "A4B5-NE",
            "A5B6-NE",
            "A4B4C4-NW",
        ])
    );
    // Three push two one cell: D4 E4 -> E4 F4.
    let q = after(&p, "A4B4C4-NW");
    assert_eq!(q.piece_at(cell("D4")), Some(Side::X));
    assert_eq!(q.piece_at(cell("A4")), None);
    assert_eq!(
        q.pieces[1] & cells(&["D4", "E4", "F4"]),
        cells(&["E4", "F4"])
    );
    assert_eq!(Push.material(&q), [12, 11]);
    assert_eq!(
        Push.shove(&p, mv(&p, "A4B4C4-NW")),
        Some(Shove {
            shoved: cells(&["D4", "E4"]),
            pushed_off: None
        })
    );
    // Two push one: C1 -> D1.
    let q = after(&p, "A1B1-NW");
    assert_eq!(q.piece_at(cell("C1")), Some(Side::X));
    assert_eq!(q.piece_at(cell("D1")), Some(Side::O));
    assert_eq!(q.piece_at(cell("A1")), None);
    // Three push one too (open board): E2E3E4 pushes a lone E5.
    let r = open(&["E2", "E3", "E4"], &["E5"], Side::X);
    assert!(moves(&r).contains(&"E2E3E4-E".to_owned()));
}

#[test]
fn equal_numbers_stand_each_other_off() {
    // One on one: a single never pushes.
    let p = open(&["E4"], &["E5"], Side::X);
    assert!(!moves(&p).contains(&"E4-E".to_owned()));
    // Two on two, with room behind the pair.
    let p = open(&["E3", "E4"], &["E5", "E6"], Side::X);
    assert_eq!(
        moves_of(&p, "E3E4"),
        strings(&["E3E4-W", "E3E4-NE", "E3E4-NW", "E3E4-SE", "E3E4-SW"])
    );
    // ... and the o pair cannot push back either.
    let q = open(&["E3", "E4"], &["E5", "E6"], Side::O);
    assert!(!moves(&q).contains(&"E5E6-W".to_owned()));
    // Three on three, with E8 free behind.
    let p = open(&["E2", "E3", "E4"], &["E5", "E6", "E7"], Side::X);
    assert!(!moves(&p).contains(&"E2E3E4-E".to_owned()));
    assert!(!moves(&p).contains(&"E3E4-E".to_owned()));
    let q = open(&["E2", "E3", "E4"], &["E5", "E6", "E7"], Side::O);
    assert!(!moves(&q).contains(&"E5E6E7-W".to_owned()));
    // More than the pusher: two cannot push three either.
    let p = open(&["E3", "E4"], &["E5", "E6", "E7"], Side::X);
    assert!(!moves(&p).contains(&"E3E4-E".to_owned()));
}

#[test]
fn the_pushed_line_needs_an_empty_cell_or_the_edge_behind_it() {
    // Room behind: E1E2E3 pushes E4 E5 into the free E6.
    let p = open(&["E1", "E2", "E3"], &["E4", "E5"], Side::X);
    assert!(moves(&p).contains(&"E1E2E3-E".to_owned()));
    // The edge behind: E5E6E7 pushes E8 E9, and E9 goes off the board.
    let p = open(&["E5", "E6", "E7"], &["E8", "E9"], Side::X);
    assert_eq!(
        Push.shove(&p, mv(&p, "E5E6E7-E")),
        Some(Shove {
            shoved: cells(&["E8", "E9"]),
            pushed_off: Some(cell("E9"))
        })
    );
    assert_eq!(
        after(&p, "E5E6E7-E"),
        open(&["E6", "E7", "E8"], &["E9"], Side::O)
    );
    // Along a diagonal: the NW line A2 B2 C2 D2 E2 F2 leaves the board after F2. With x on
    // C2 D2 (behind them the parked B2 and A2), o on E2 goes to F2; o on E2 F2 stands off
    // the pair C2D2, but the triple B2C2D2 pushes them, F2 over the rim.
    let p = open(&["C2", "D2"], &["E2"], Side::X);
    assert!(moves(&p).contains(&"C2D2-NW".to_owned()));
    assert_eq!(after(&p, "C2D2-NW"), open(&["D2", "E2"], &["F2"], Side::O));
    let p = open(&["C2", "D2"], &["E2", "F2"], Side::X);
    assert!(!moves(&p).contains(&"C2D2-NW".to_owned()));
    assert!(
        !moves(&p).contains(&"A2B2C2-NW".to_owned()),
        "its own D2 is in the way"
    );
    let q = after(&p, "B2C2D2-NW");
    assert_eq!(q.pieces[1] & cells(&["E2", "F2"]), bit(cell("F2")));
    assert_eq!(q.pushed_off(Side::O), p.pushed_off(Side::O) + 1);
}

#[test]
fn an_own_piece_behind_the_pushed_line_blocks() {
    // x E2E3E4 against o E5 with x's own piece right behind it on E6.
    let p = open(&["E2", "E3", "E4", "E6"], &["E5"], Side::X);
    assert!(!moves(&p).contains(&"E2E3E4-E".to_owned()));
    assert!(!moves(&p).contains(&"E3E4-E".to_owned()));
    // Against two, with the own piece behind both.
    let p = open(&["E2", "E3", "E4", "E7"], &["E5", "E6"], Side::X);
    assert!(!moves(&p).contains(&"E2E3E4-E".to_owned()));
    // Without it the same push is fine.
    let p = open(&["E2", "E3", "E4"], &["E5", "E6"], Side::X);
    assert!(moves(&p).contains(&"E2E3E4-E".to_owned()));
}

#[test]
fn own_pieces_in_the_way_block() {
    // A pair with its own piece straight ahead cannot step into it (that is the triple's
    // move), nor push past it.
    let p = open(&["E2", "E3", "E4"], &[], Side::X);
    assert!(!moves(&p).contains(&"E2E3-E".to_owned()));
    assert!(!moves(&p).contains(&"E3E4-W".to_owned()));
    assert!(moves(&p).contains(&"E3E4-E".to_owned()));
    assert!(moves(&p).contains(&"E2E3E4-E".to_owned()));
    // A single into its own piece: no.
    assert!(!moves(&p).contains(&"E2-E".to_owned()));
}

#[test]
fn a_push_advances_exactly_one_cell() {
    // E1E2E3 pushes E4 E5 one cell along an otherwise empty row: they stop on E5 E6.
    let p = open(&["E1", "E2", "E3"], &["E4", "E5"], Side::X);
    assert_eq!(
        after(&p, "E1E2E3-E"),
        open(&["E2", "E3", "E4"], &["E5", "E6"], Side::O)
    );
    // Two push one along a diagonal: C3 D4 push E5 to F6, not further.
    let p = open(&["C3", "D4"], &["E5"], Side::X);
    assert_eq!(after(&p, "C3D4-NE"), open(&["D4", "E5"], &["F6"], Side::O));
}

#[test]
fn push_off_the_edge() {
    // x fills rows A and B and holds D2 D3 D8; o fills row C and holds D1, D4-D7. Row D is
    // full, so the pairs of rows A-B cannot push into row C (o has two in a row there, or
    // x's own piece stands behind: D2, D3, D8).
    let p = setup(
        &[
            "A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "B6", "D2", "D3", "D8",
        ],
        &[
            "C1", "C2", "C3", "C4", "C5", "C6", "C7", "D1", "D4", "D5", "D6", "D7",
        ],
        Side::X,
    );
    // By hand: D2, D3, D8 step NE or NW into the empty row E (6 moves; their other
    // neighbours are taken or off the board). The pair D2D3: W pushes D1 over the rim
    // (D0 does not exist); E meets D4-D7 (four, then x's D8); NE (E3 E4) and NW (E2 E3)
    // are free; SE and SW run into row C.
    assert_eq!(
        moves(&p),
        strings(&[
            "D2-NE", "D2-NW", "D3-NE", "D3-NW", "D8-NE", "D8-NW", "D2D3-W", "D2D3-NE", "D2D3-NW",
        ])
    );
    assert_eq!(p.pushed_off(Side::O), 2);
    let push = mv(&p, "D2D3-W");
    assert!(Push.is_push(&p, push));
    assert_eq!(
        Push.shove(&p, push),
        Some(Shove {
            shoved: bit(cell("D1")),
            pushed_off: Some(cell("D1"))
        })
    );
    let q = Push.play(&p, push);
    assert_eq!(q.pushed_off(Side::O), 3);
    assert_eq!(Push.material(&q), [14, 11]);
    assert_eq!(
        q.pieces[0] & cells(&["D1", "D2", "D3"]),
        cells(&["D1", "D2"])
    );
    assert_eq!(Push.status(&q), Status::Ongoing);
}

#[test]
fn first_side_to_push_six_off_wins() {
    // o has nine left (five already pushed off); x's E7E8 pushes E9 over the rim.
    let o_eight = ["I5", "I6", "I7", "I8", "I9", "H4", "H5", "H6"];
    let p = setup(
        &with_park(&X_PARK, &["E7", "E8"]),
        &with_park(&o_eight, &["E9"]),
        Side::X,
    );
    assert_eq!(p.pushed_off(Side::O), 5);
    assert_eq!(Push.status(&p), Status::Ongoing);
    let q = after(&p, "E7E8-E");
    assert_eq!(q.pushed_off(Side::O), 6);
    assert_eq!(
        Push.status(&q),
        Status::Win(Side::X, EndReason::SixPushedOff)
    );
    assert!(
        moves(&q).is_empty(),
        "no moves, not even pass, once the game is over"
    );
    assert_eq!(Push.count_moves(&q), 0);
    assert_eq!(perft(&Push, &q, 3), 0);
    assert!(!Push.can_move(&q));
    // The same the other way round: o pushes x's sixth piece off.
    let x_eight = ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3"];
    let p = setup(
        &with_park(&x_eight, &["E1"]),
        &with_park(&O_PARK, &["E2", "E3", "E4"]),
        Side::O,
    );
    let q = after(&p, "E2E3E4-W");
    assert_eq!(
        Push.status(&q),
        Status::Win(Side::O, EndReason::SixPushedOff)
    );
}

#[test]
fn when_both_sides_are_down_to_eight_the_side_to_move_has_lost() {
    // Only set-ups can have both sides at eight; the side to move is checked first.
    let x_eight = ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3"];
    let o_eight = ["I5", "I6", "I7", "I8", "I9", "H4", "H5", "H6"];
    assert_eq!(
        Push.status(&setup(&x_eight, &o_eight, Side::X)),
        Status::Win(Side::O, EndReason::SixPushedOff)
    );
    assert_eq!(
        Push.status(&setup(&x_eight, &o_eight, Side::O)),
        Status::Win(Side::X, EndReason::SixPushedOff)
    );
    // Eight against nine: the side with nine has won whoever is to move.
    assert_eq!(
        Push.status(&setup(&x_eight, &O_PARK, Side::X)),
        Status::Win(Side::O, EndReason::SixPushedOff)
    );
    assert_eq!(
        Push.status(&setup(&x_eight, &O_PARK, Side::O)),
        Status::Win(Side::O, EndReason::SixPushedOff)
    );
    assert_eq!(
        Push.status(&setup(&X_PARK, &O_PARK, Side::O)),
        Status::Ongoing
    );
}

// ---------------------------------------------------------------------------------------------
// Winning, passing, no draw

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

/// Stripes: x on rows A and C, o on rows B and D. x touches no empty cell, its rows are
/// closed by its own pieces and the rim, and along the two diagonals x and o alternate, so
/// x has no group that could push: x is stuck.
fn x_stuck() -> Position {
    setup(
        &[
            "A1", "A2", "A3", "A4", "A5", "C1", "C2", "C3", "C4", "C5", "C6", "C7",
        ],
        &[
            "B1", "B2", "B3", "B4", "B5", "B6", "D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8",
        ],
        Side::X,
    )
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

// ---------------------------------------------------------------------------------------------
// What the UI asks the engine

#[test]
fn push_by_target_picks_the_bigger_group() {
    // o on E5 can be shoved by the pair E3E4 (east), by the pair C3D4 and by the triple
    // B2C3D4 (north-east; B2 is parked). Tapping E5 picks the triple.
    let p = open(&["E3", "E4", "C3", "D4"], &["E5"], Side::X);
    let shovers: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| Push.shove(&p, mv(&p, m)).is_some())
        .collect();
    assert_eq!(shovers, strings(&["B2C3D4-NE", "C3D4-NE", "E3E4-E"]));
    assert_eq!(Push.shovable(&p), bit(cell("E5")));
    assert_eq!(
        Push.shover_of(&p, cell("E5")).map(|m| Push.format_move(m)),
        Some("B2C3D4-NE".to_owned())
    );
    assert_eq!(Push.shover_of(&p, cell("E6")), None);
    // Any piece of the shoved run works: both of a run of two.
    let q = open(&["E2", "E3", "E4"], &["E5", "E6"], Side::X);
    assert_eq!(Push.shovable(&q), cells(&["E5", "E6"]));
    for target in ["E5", "E6"] {
        assert_eq!(
            Push.shover_of(&q, cell(target))
                .map(|m| Push.format_move(m)),
            Some("E2E3E4-E".to_owned())
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Text forms

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

// ---------------------------------------------------------------------------------------------
// A plain, slow reading of the rules, written from docs/rules/games.md with (row, diagonal) coordinates
// and strings only, to check the bitboard engine on many positions.

mod reference {
    use std::collections::HashMap;

    /// Rows A..I and their diagonals, from docs/rules/games.md.
    const ROWS: [(u8, i32, i32); 9] = [
        (b'A', 1, 5),
        (b'B', 1, 6),
        (b'C', 1, 7),
        (b'D', 1, 8),
        (b'E', 1, 9),
        (b'F', 2, 9),
        (b'G', 3, 9),
        (b'H', 4, 9),
        (b'I', 5, 9),
    ];
    const DIRS: [(&str, i32, i32); 6] = [
        ("E", 0, 1),
        ("W", 0, -1),
        ("NE", 1, 1),
        ("NW", 1, 0),
        ("SE", -1, 0),
        ("SW", -1, -1),
    ];

    fn point_order() -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for (r, &(_, lo, hi)) in ROWS.iter().enumerate() {
            for d in lo..=hi {
                out.push((r as i32, d));
            }
        }
        out
    }

    fn name((r, d): (i32, i32)) -> String {
        format!("{}{}", ROWS[r as usize].0 as char, d)
    }

    pub struct Board {
        cells: HashMap<(i32, i32), char>,
        order: Vec<(i32, i32)>,
        mover: char,
    }

    impl Board {
        pub fn read(text: &str) -> Board {
            let (board, side) = text.split_once(' ').unwrap();
            let order = point_order();
            let cells = order.iter().copied().zip(board.chars()).collect();
            Board {
                cells,
                order,
                mover: side.chars().next().unwrap(),
            }
        }

        fn at(&self, c: (i32, i32)) -> Option<char> {
            self.cells.get(&c).copied()
        }

        fn count(&self, side: char) -> usize {
            self.cells.values().filter(|&&v| v == side).count()
        }

        fn other(&self) -> char {
            if self.mover == 'x' {
                'o'
            } else {
                'x'
            }
        }

        pub fn over(&self) -> bool {
            self.count('x') <= 8 || self.count('o') <= 8
        }

        /// Every legal move with what it does: (text, the board text after it).
        pub fn moves(&self) -> Vec<(String, String)> {
            let mut out = Vec::new();
            if self.over() {
                return out;
            }
            let (me, them) = (self.mover, self.other());
            for &start in &self.order {
                // Lines named by their forward directions E, NE, NW (first three of DIRS
                // are E, W, NE: take E, NE, NW).
                for &(_, lr, ld) in [DIRS[0], DIRS[2], DIRS[3]].iter() {
                    for len in 1..=3 {
                        if len == 1 && (lr, ld) != (0, 1) {
                            continue; // a single piece is one group, not one per line
                        }
                        let group: Vec<(i32, i32)> = (0..len)
                            .map(|k| (start.0 + k * lr, start.1 + k * ld))
                            .collect();
                        if group.iter().any(|&c| self.at(c) != Some(me)) {
                            continue;
                        }
                        for &(dn, dr, dd) in &DIRS {
                            let forward = (dr, dd) == (lr, ld);
                            let backward = (dr, dd) == (-lr, -ld);
                            let mut after = self.cells.clone();
                            let legal = if len > 1 && (forward || backward) {
                                let lead = if forward {
                                    group[group.len() - 1]
                                } else {
                                    group[0]
                                };
                                let tail = if forward {
                                    group[0]
                                } else {
                                    group[group.len() - 1]
                                };
                                let next = |c: (i32, i32)| (c.0 + dr, c.1 + dd);
                                let target = next(lead);
                                match self.at(target) {
                                    Some('.') => {
                                        after.insert(tail, '.');
                                        after.insert(target, me);
                                        true
                                    }
                                    Some(t) if t == them => {
                                        let mut run = vec![target];
                                        while self.at(next(*run.last().unwrap())) == Some(them) {
                                            run.push(next(*run.last().unwrap()));
                                        }
                                        let beyond = next(*run.last().unwrap());
                                        let room = matches!(self.at(beyond), None | Some('.'));
                                        if run.len() < group.len() && room {
                                            if self.at(beyond).is_some() {
                                                after.insert(beyond, them);
                                            }
                                            after.insert(tail, '.');
                                            after.insert(target, me);
                                            true
                                        } else {
                                            false
                                        }
                                    }
                                    _ => false,
                                }
                            } else {
                                let dest: Vec<(i32, i32)> =
                                    group.iter().map(|c| (c.0 + dr, c.1 + dd)).collect();
                                if dest.iter().all(|&c| self.at(c) == Some('.')) {
                                    for &c in &group {
                                        after.insert(c, '.');
                                    }
                                    for &c in &dest {
                                        after.insert(c, me);
                                    }
                                    true
                                } else {
                                    false
                                }
                            };
                            if legal {
                                let text: String = group.iter().map(|&c| name(c)).collect();
                                let board: String = self.order.iter().map(|c| after[c]).collect();
                                out.push((format!("{text}-{dn}"), format!("{board} {them}")));
                            }
                        }
                    }
                }
            }
            if out.is_empty() {
                let board: String = self.order.iter().map(|c| self.cells[c]).collect();
                out.push(("pass".to_owned(), format!("{board} {}", self.other())));
            }
            out.sort();
            out
        }
    }
}

/// The engine's moves and results, in the reference's form.
fn engine_moves(p: &Position) -> Vec<(String, String)> {
    let mut list = Vec::new();
    Push.legal_moves(p, &mut list);
    let mut out: Vec<(String, String)> = list
        .into_iter()
        .map(|m| (Push.format_move(m), Push.format_position(&Push.play(p, m))))
        .collect();
    out.sort();
    out
}

fn check_against_reference(p: &Position) {
    let text = Push.format_position(p);
    let expected = reference::Board::read(&text).moves();
    let got = engine_moves(p);
    assert_eq!(got, expected, "{text}");
    assert_eq!(Push.count_moves(p), got.len() as u64, "{text}");
    assert_eq!(
        Push.can_move(p),
        !got.is_empty() && got[0].0 != "pass",
        "{text}"
    );
    let mut list = Vec::new();
    Push.legal_moves(p, &mut list);
    for m in list {
        assert_eq!(Push.parse_move(p, &Push.format_move(m)), Ok(m));
        let q = Push.play(p, m);
        // is_push / shove agree with what play does to the other side.
        let them = p.to_move.opponent().index();
        let moved = p.pieces[them] != q.pieces[them];
        assert_eq!(Push.is_push(p, m), moved, "{text} {}", Push.format_move(m));
        assert_eq!(Push.shove(p, m).is_some(), moved);
        if let Some(s) = Push.shove(p, m) {
            let lost = p.pieces[them].count_ones() - q.pieces[them].count_ones();
            assert_eq!(lost, u32::from(s.pushed_off.is_some()));
            assert_eq!(s.shoved & p.pieces[them], s.shoved);
        }
    }
}

#[test]
fn engine_agrees_with_a_plain_reading_of_the_rules() {
    let start = Push.start();
    // The whole tree two plies deep.
    check_against_reference(&start);
    let mut list = Vec::new();
    Push.legal_moves(&start, &mut list);
    for m in list {
        check_against_reference(&Push.play(&start, m));
    }
    let mut rng = crate::random::seeded(0x5EED_0000_0061, 0);
    // Random games from the start.
    for _ in 0..40 {
        let mut p = start;
        for _ in 0..120 {
            check_against_reference(&p);
            let mut list = Vec::new();
            Push.legal_moves(&p, &mut list);
            if list.is_empty() {
                break;
            }
            p = Push.play(&p, list[rng.random_range(0..list.len())]);
        }
    }
    // Crowded random set-ups: 9-14 pieces a side scattered over the board, lots of contact.
    for _ in 0..1500 {
        let mut board = ['.'; CELLS];
        for side in ['x', 'o'] {
            let n = 9 + rng.random_range(0..6);
            let mut placed = 0;
            while placed < n {
                let c = rng.random_range(0..CELLS);
                if board[c] == '.' {
                    board[c] = side;
                    placed += 1;
                }
            }
        }
        let side = if rng.random() { 'x' } else { 'o' };
        let text: String = board.iter().collect::<String>() + " " + &side.to_string();
        let p = pos(&text);
        check_against_reference(&p);
        // And a few plies on from there.
        let mut q = p;
        for _ in 0..6 {
            let mut list = Vec::new();
            Push.legal_moves(&q, &mut list);
            if list.is_empty() {
                break;
            }
            q = Push.play(&q, list[rng.random_range(0..list.len())]);
            check_against_reference(&q);
        }
    }
}

#[test]
fn perft_from_the_start_matches_the_reference_at_depth_3() {
    fn reference_perft(text: &str, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        reference::Board::read(text)
            .moves()
            .iter()
            .map(|(_, next)| reference_perft(next, depth - 1))
            .sum()
    }
    let start = Push.start();
    let text = Push.format_position(&start);
    assert_eq!(perft(&Push, &start, 3), reference_perft(&text, 3));
}

#[test]
fn perft_data_file_matches() {
    let data = include_str!("../../../tests/data/perft/push.txt");
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let mut fields = line.splitn(4, ' ');
        let (game, depth, count, text) = (
            fields.next().unwrap(),
            fields.next().unwrap().parse::<u32>().unwrap(),
            fields.next().unwrap().parse::<u64>().unwrap(),
            fields.next().unwrap(),
        );
        assert_eq!(game, "push");
        if depth <= 4 {
            assert_eq!(perft(&Push, &pos(text), depth), count, "{line}");
            checked += 1;
        }
    }
    assert!(checked >= 22);
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

#[test]
fn push_by_target_picks_the_bigger_group_and_the_first_of_equal_groups() {
    // Over many positions of random games: for every opposing piece some move shoves, the
    // engine's choice shoves it, no shover is bigger, and among the biggest it comes first in
    // `legal_moves` order. At least one position must offer a real tie, or this proves
    // nothing about the tie-break.
    let mut rng = crate::random::seeded(0x2545_F491_4F6C_DD1D, 0);
    let mut ties = 0;
    for _game in 0..40 {
        let mut p = Push.start();
        for _ply in 0..60 {
            let mut list = Vec::new();
            Push.legal_moves(&p, &mut list);
            if list.is_empty() {
                break;
            }
            let theirs = p.pieces[p.to_move.opponent().index()];
            for cell in (0..CELLS as Cell).filter(|&c| theirs & bit(c) != 0) {
                let shovers: Vec<Move> = list
                    .iter()
                    .copied()
                    .filter(|&mv| {
                        Push.shove(&p, mv)
                            .is_some_and(|s| s.shoved & bit(cell) != 0)
                    })
                    .collect();
                let chosen = Push.shover_of(&p, cell);
                let Some(biggest) = shovers.iter().map(|m| m.cells().count_ones()).max() else {
                    assert_eq!(chosen, None);
                    continue;
                };
                let first_biggest = shovers
                    .iter()
                    .copied()
                    .find(|m| m.cells().count_ones() == biggest);
                if shovers
                    .iter()
                    .filter(|m| m.cells().count_ones() == biggest)
                    .count()
                    > 1
                {
                    ties += 1;
                }
                assert_eq!(chosen, first_biggest, "{}", Push.format_position(&p));
            }
            p = Push.play(&p, list[rng.random_range(0..list.len())]);
        }
    }
    assert!(ties > 0, "no position with two equal shovers was seen");
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
