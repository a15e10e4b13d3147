//! Checks a table against the game's own rules (`games::maddell`'s move generator, not the
//! builder's unmoves): a win in d has a child lost in d − 1 and none lost sooner; a loss in d
//! has only won children, the longest won in d − 1; a draw has a drawn child and no lost
//! one; a finished position has its rule value.

use super::code::to_value;
use super::Table;
use crate::ai::SolvedValue;
use crate::games::maddell::{Maddell, Position};
use crate::games::{Game, Side};
use crate::random::seeded;
use rand::Rng;

/// Which of the table's positions [`verify`] checks.
#[derive(Clone, Copy, Debug)]
pub enum Sample {
    All,
    /// This many, picked at random (by the seed) over the sliding table and every
    /// placement stage.
    Random {
        count: u64,
        seed: u64,
    },
}

/// Checks the positions of `sample` on up to `threads` threads; returns how many were
/// checked, or the first disagreement found.
pub fn verify(table: &Table, sample: Sample, threads: usize) -> Result<u64, String> {
    let layout = &table.layout;
    // Every position as (part, slot): part 0 is the sliding table, part s + 1 stage s.
    let parts: Vec<usize> = std::iter::once(layout.sliding_len)
        .chain(layout.stages.iter().map(|s| s.len))
        .collect();
    let total: u64 = parts.iter().map(|&n| n as u64).sum();
    let count = match sample {
        Sample::All => total,
        Sample::Random { count, .. } => count,
    };
    let pick = |i: u64| -> Position {
        let mut at = match sample {
            Sample::All => i,
            // Sample i from stream i of the seed, whichever thread checks it.
            Sample::Random { seed, .. } => seeded(seed, i).random_range(0..total),
        };
        for (part, &len) in parts.iter().enumerate() {
            if at < len as u64 {
                return position_at(table, part, at as usize, i % 2 == 1);
            }
            at -= len as u64;
        }
        Maddell.start()
    };
    let check_range = |range: std::ops::Range<u64>| -> Result<(), String> {
        let mut moves = Vec::new();
        for i in range {
            check(table, &pick(i), &mut moves)?;
        }
        Ok(())
    };
    let threads = threads.clamp(1, 64) as u64;
    let per = count.div_ceil(threads);
    let ranges = (0..threads).map(|t| t * per..((t + 1) * per).min(count));
    #[cfg(not(target_arch = "wasm32"))]
    {
        let check_range = &check_range;
        std::thread::scope(|scope| {
            let handles: Vec<_> = ranges
                .map(|range| scope.spawn(move || check_range(range)))
                .collect();
            for handle in handles {
                handle
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e))?;
            }
            Ok::<(), String>(())
        })?;
    }
    #[cfg(target_arch = "wasm32")]
    for range in ranges {
        check_range(range)?;
    }
    Ok(count)
}

/// The position in slot `slot` of `part` (0: sliding, s + 1: placement stage s). Sliding
/// positions are given with o to move when `o_moves`, to cover both ways of reading them.
fn position_at(table: &Table, part: usize, slot: usize, o_moves: bool) -> Position {
    if part == 0 {
        let (mover, opp) = table.sliding_sets(slot).unwrap_or((0, 0));
        let (pieces, to_move) = if o_moves {
            ([opp, mover], Side::O)
        } else {
            ([mover, opp], Side::X)
        };
        return Position {
            pieces,
            hand: [0, 0],
            to_move,
        };
    }
    let stage = &table.layout.stages[part - 1];
    let (x, o) = stage.board(slot);
    Position {
        pieces: [x, o],
        hand: [stage.hands[0] as u8, stage.hands[1] as u8],
        to_move: stage.to_move,
    }
}

fn check(
    table: &Table,
    pos: &Position,
    moves: &mut Vec<crate::games::maddell::Move>,
) -> Result<(), String> {
    let text = || Maddell.format_position(pos);
    let value = table
        .code(pos)
        .map(to_value)
        .ok_or_else(|| format!("{}: not in the table", text()))?;
    if let Some(rule) = rule_value(pos) {
        return if value == rule {
            Ok(())
        } else {
            Err(format!("{}: {value}, but the rules say {rule}", text()))
        };
    }
    moves.clear();
    Maddell.legal_moves(pos, moves);
    let mut children = Vec::with_capacity(moves.len());
    for &mv in moves.iter() {
        let child = Maddell.play(pos, mv);
        // A finished game's value is the rules' (the table's byte for it, where it has one,
        // is not a value: a placement stage worked out on the fly gives one for a side
        // already down to two); else the table's own byte (each of those is checked against
        // the rules in its turn).
        let child_value = rule_value(&child).or_else(|| table.code(&child).map(to_value));
        let child_value = child_value.ok_or_else(|| {
            format!(
                "{}: child {} not in the table",
                text(),
                Maddell.format_position(&child)
            )
        })?;
        children.push(child_value);
    }
    let fastest_loss = children
        .iter()
        .filter_map(|v| match v {
            SolvedValue::Loss(d) => Some(*d),
            _ => None,
        })
        .min();
    let has_draw = children.contains(&SolvedValue::Draw);
    let longest_win = children
        .iter()
        .filter_map(|v| match v {
            SolvedValue::Win(d) => Some(*d),
            _ => None,
        })
        .max();
    let ok = match value {
        SolvedValue::Win(d) => d >= 1 && fastest_loss == Some(d - 1),
        SolvedValue::Loss(d) => {
            d >= 1 && fastest_loss.is_none() && !has_draw && longest_win == Some(d - 1)
        }
        SolvedValue::Draw => fastest_loss.is_none() && has_draw,
    };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{}: {value}, but its children are {children:?}",
            text()
        ))
    }
}

/// The value the rules give a finished game, for its side to move.
fn rule_value(pos: &Position) -> Option<SolvedValue> {
    let status = Maddell.status(pos);
    if !status.is_over() {
        return None;
    }
    Some(match status.winner() {
        Some(side) if side == pos.to_move => SolvedValue::Win(0),
        Some(_) => SolvedValue::Loss(0),
        None => SolvedValue::Draw,
    })
}
