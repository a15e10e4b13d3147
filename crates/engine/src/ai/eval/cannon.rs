//! Earthen Cannon: material, how close each cannon is to being boxed in, the cannons' capture
//! threats, and the soldiers' hold on the platforms.

use crate::ai::{Evaluate, Weights};
use crate::games::cannon::{
    capture_target, rank_of, Cannon, Direction, Move, Point, Position, ADJACENT, PLATFORMS, POINTS,
};
use crate::games::Side;

/// Indices into [`WEIGHTS`].
const CANNON: usize = 0;
const SOLDIER: usize = 1;
const FREEDOM: usize = 2;
/// A cannon with a single free neighbour is one soldier step from removal.
const NEARLY_BOXED: usize = 3;
const THREAT: usize = 4;
const ON_PLATFORM: usize = 5;
const ADVANCE: usize = 6;
/// See [`Evaluate::contempt`] for Earthen Cannon.
const SOLDIERS_CONTEMPT: i32 = 300;
const WEIGHTS: &[(&str, i32)] = &[
    ("cannon", 300),
    ("soldier", 50),
    ("freedom", 12),
    ("nearly_boxed", 90),
    ("threat", 25),
    ("on_platform", 60),
    ("advance", 4),
];

/// The score for the cannons' side.
fn cannons_score(pos: &Position, w: &Weights) -> i32 {
    let mut score = w.0[CANNON] * pos.cannons.count_ones() as i32
        - w.0[SOLDIER] * pos.soldiers.count_ones() as i32;
    let empty = pos.empty();
    let mut bits = pos.cannons;
    while bits != 0 {
        let point = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let free = (ADJACENT[point] & empty).count_ones() as i32;
        score += w.0[FREEDOM] * free;
        if free <= 1 {
            score -= w.0[NEARLY_BOXED];
        }
        let captures = Direction::ALL
            .into_iter()
            .filter(|&dir| capture_target(pos, point as Point, dir).is_some())
            .count();
        score += w.0[THREAT] * captures as i32;
    }
    score -= w.0[ON_PLATFORM] * (pos.soldiers & PLATFORMS).count_ones() as i32;
    let mut soldiers = pos.soldiers;
    while soldiers != 0 {
        let point = soldiers.trailing_zeros() as usize;
        soldiers &= soldiers - 1;
        score -= w.0[ADVANCE] * rank_of(point as u8) as i32;
    }
    score
}

impl Evaluate for Cannon {
    /// The soldiers must make progress: a passive defence holds a repetition forever, and
    /// the game is cut at 300 plies as a draw (docs/engine.md, the outsiders). A repetition
    /// costs them as much as a cannon is worth to the other side.
    fn contempt(&self, side: Side) -> i32 {
        match side {
            Side::O => SOLDIERS_CONTEMPT,
            Side::X => crate::ai::search::CONTEMPT,
        }
    }

    /// A 60-ply game's review at this depth: 7.0 s natively (docs/coach.md).
    fn review_depth(&self) -> i32 {
        9
    }

    fn weight_table(&self) -> &'static [(&'static str, i32)] {
        WEIGHTS
    }

    fn evaluate(&self, pos: &Position, w: &Weights) -> i32 {
        let score = cannons_score(pos, w);
        match pos.to_move {
            Side::X => score,
            Side::O => -score,
        }
    }

    fn is_noisy(&self, _pos: &Position, mv: Move) -> bool {
        mv.capture
    }

    fn noisy_gain(&self, _pos: &Position, mv: Move) -> i32 {
        if PLATFORMS & (1 << mv.to) != 0 {
            10
        } else {
            1
        }
    }

    fn history_slot(&self, mv: Move) -> usize {
        mv.from as usize * POINTS + mv.to as usize
    }
}
