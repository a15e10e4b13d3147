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
/// Each empty point the cannons can reach by steps: the room the soldiers' front leaves them.
const SPACE: usize = 7;
/// Each soldier that a cannon takes now or after one step: not covered by a piece in front.
const EXPOSED: usize = 8;
/// A cannon whose own room (the empty points it can reach by steps) is this small or less is
/// in the soldiers' net.
const NET: usize = 9;
/// Each soldier move that removes a cannon on the spot, when the soldiers are to move.
const BOX_THREAT: usize = 10;
/// See [`Evaluate::contempt`] for Earthen Cannon.
const SOLDIERS_CONTEMPT: i32 = 300;
/// See [`Evaluate::repetition_value`] for Earthen Cannon.
const SOLDIERS_PROGRESS: i32 = 100;
const WEIGHTS: &[(&str, i32)] = &[
    ("cannon", 300),
    ("soldier", 50),
    ("freedom", 12),
    ("nearly_boxed", 90),
    ("threat", 25),
    ("on_platform", 60),
    ("advance", 4),
    ("space", 0),
    ("exposed", 0),
    ("net", 0),
    ("box_threat", 0),
];

/// Whether a soldier step that boxes a cannon in counts as noisy (ordered first, followed by
/// quiescence), as a capture does.
const NOISY_BOXING: bool = true;

/// A cannon's room at most this big is a net ([`NET`]).
const NET_ROOM: u32 = 3;

/// The empty points reachable by steps from the points of `from` (not counting `from`).
fn room(from: u32, empty: u32) -> u32 {
    let mut reached = 0;
    let mut frontier = from;
    while frontier != 0 {
        let mut next = 0;
        let mut bits = frontier;
        while bits != 0 {
            let point = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            next |= ADJACENT[point];
        }
        next &= empty & !reached;
        reached |= next;
        frontier = next;
    }
    reached
}

/// The soldiers a cannon of `pos` could take on its next move, or on the move after one step.
fn exposed(pos: &Position) -> u32 {
    let mut taken = 0;
    let empty = pos.empty();
    let mut bits = pos.cannons;
    while bits != 0 {
        let point = bits.trailing_zeros() as Point;
        bits &= bits - 1;
        taken |= targets(pos, point);
        let mut steps = ADJACENT[point as usize] & empty;
        while steps != 0 {
            let to = steps.trailing_zeros() as Point;
            steps &= steps - 1;
            let moved = Position {
                cannons: pos.cannons ^ (1 << point) ^ (1 << to),
                ..*pos
            };
            taken |= targets(&moved, to);
        }
    }
    taken
}

/// The soldiers the cannon on `point` can take.
fn targets(pos: &Position, point: Point) -> u32 {
    Direction::ALL
        .into_iter()
        .filter_map(|dir| capture_target(pos, point, dir))
        .fold(0, |mask, target| mask | 1 << target)
}

/// How many soldier steps remove a cannon at once: a step onto a cannon's last free
/// neighbour from a point not next to that cannon.
fn box_threats(pos: &Position) -> i32 {
    let empty = pos.empty();
    let mut count = 0;
    let mut bits = pos.cannons;
    while bits != 0 {
        let point = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let free = ADJACENT[point] & empty;
        if free.count_ones() == 1 {
            let last = free.trailing_zeros() as usize;
            let steppers = ADJACENT[last] & pos.soldiers & !ADJACENT[point];
            count += i32::from(steppers != 0);
        }
    }
    count
}

/// Whether the soldiers' step `mv` boxes a cannon in.
fn boxes_in(pos: &Position, mv: Move) -> bool {
    if pos.to_move != Side::O {
        return false;
    }
    let empty = pos.empty();
    let mut near = pos.cannons & ADJACENT[mv.to as usize];
    while near != 0 {
        let point = near.trailing_zeros() as usize;
        near &= near - 1;
        if ADJACENT[point] & empty == 1 << mv.to && ADJACENT[point] & (1 << mv.from) == 0 {
            return true;
        }
    }
    false
}

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
    if w.0[SPACE] != 0 {
        score += w.0[SPACE] * room(pos.cannons, empty).count_ones() as i32;
    }
    if w.0[NET] != 0 {
        let mut bits = pos.cannons;
        while bits != 0 {
            let point = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if room(1 << point, empty).count_ones() <= NET_ROOM {
                score -= w.0[NET];
            }
        }
    }
    if w.0[EXPOSED] != 0 {
        score += w.0[EXPOSED] * exposed(pos).count_ones() as i32;
    }
    if w.0[BOX_THREAT] != 0 && pos.to_move == Side::O {
        score -= w.0[BOX_THREAT] * box_threats(pos);
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

    /// Progress: the soldiers' evaluation starts below zero (three cannons outweigh fifteen
    /// soldiers), and lower still once a soldier or two are lost, so a repetition at a fixed
    /// cost could look better to them than playing on. For the soldiers a repetition is
    /// worth their root's evaluation less [`SOLDIERS_PROGRESS`], and never more than minus
    /// their contempt.
    fn repetition_value(&self, root: &Position, evaluation: i32) -> i32 {
        match root.to_move {
            Side::O => (-SOLDIERS_CONTEMPT).min(evaluation - SOLDIERS_PROGRESS),
            Side::X => -self.contempt(Side::X),
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

    fn is_noisy(&self, pos: &Position, mv: Move) -> bool {
        mv.capture || (NOISY_BOXING && boxes_in(pos, mv))
    }

    fn noisy_gain(&self, _pos: &Position, mv: Move) -> i32 {
        if !mv.capture {
            // A soldier boxing a cannon in: the biggest gain there is.
            20
        } else if PLATFORMS & (1 << mv.to) != 0 {
            10
        } else {
            1
        }
    }

    fn history_slot(&self, mv: Move) -> usize {
        mv.from as usize * POINTS + mv.to as usize
    }
}
