//! One test per rule sentence of docs/rules/seeds/004_*.txt (and the rulings of
//! docs/rules/games.md §5), hand-checked move counts, and hand-built positions. One module
//! per part of the rules; the helpers that read diagrams and list moves are here.
//!
//! Diagrams are drawn as on the board: rank 6 first, files a-e left to right.

mod board;
mod captures;
mod movement;
mod surrounding;
mod texts;
mod timer;
mod winning;

use super::*;

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
