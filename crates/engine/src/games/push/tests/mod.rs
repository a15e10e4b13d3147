//! One test per rule sentence of docs/rules/seeds/000_*.txt (and the points docs/rules/games.md
//! §1 fixes), hand-checked move counts from the start, hand-built positions with their full
//! move lists, text round trips, and a cross-check against a plain, slow reading of the rules.
//! One module per part of the rules; the helpers that build positions and list moves are here.

mod board;
mod cross_check;
mod moving;
mod pushing;
mod reference;
mod text;
mod ui;
mod winning;

use super::*;

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
