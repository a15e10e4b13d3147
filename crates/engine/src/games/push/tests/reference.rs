//! A plain, slow reading of the rules, written from docs/rules/games.md with (row, diagonal)
//! coordinates and strings only, to check the bitboard engine on many positions
//! (`cross_check.rs`).

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
