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

    /// Captures, and the soldiers' steps that box a cannon in (it is removed at once, as a
    /// captured soldier is): both are ordered first and followed past the horizon.
    fn is_noisy(&self, pos: &Position, mv: Move) -> bool {
        mv.capture || boxes_in(pos, mv)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cannon::point_from_name;
    use crate::games::Game;

    /// A board of the given pieces (point names), `to_move` to move.
    fn board(cannons: &[&str], soldiers: &[&str], to_move: Side) -> Position {
        let mask = |names: &[&str]| {
            names
                .iter()
                .map(|n| 1u32 << point_from_name(n).expect("a point"))
                .fold(0, |a, b| a | b)
        };
        Position {
            cannons: mask(cannons),
            soldiers: mask(soldiers),
            to_move,
            decided: None,
        }
    }

    /// The default weights with only `slot` kept (and the material), so that a test sees one
    /// term alone.
    fn only(slot: usize) -> Weights {
        let mut weights = Weights::from_table(WEIGHTS);
        for (i, w) in weights.0.iter_mut().enumerate() {
            if ![CANNON, SOLDIER, slot].contains(&i) {
                *w = 0;
            }
        }
        if weights.0[slot] == 0 {
            weights.0[slot] = 10;
        }
        weights
    }

    #[test]
    fn a_step_onto_a_cannons_last_free_point_is_noisy() {
        // The cannon on a6 has a5, b6 and b5 around it; b6 and b5 are held, a5 is free.
        let pos = board(&["a6", "e1"], &["b6", "b5", "a3", "c5"], Side::O);
        let step = |text| Cannon.parse_move(&pos, text).expect("legal");
        assert!(!Cannon.is_noisy(&pos, step("a3-a4")));
        let pos = board(&["a6", "e1"], &["b6", "b5", "a4", "c5"], Side::O);
        let step = |text| Cannon.parse_move(&pos, text).expect("legal");
        assert!(Cannon.is_noisy(&pos, step("a4-a5")));
        // b5 stepping to a5 frees b5 again: no box-in.
        assert!(!Cannon.is_noisy(&pos, step("b5-a5")));
        assert_eq!(box_threats(&pos), 1);
    }

    #[test]
    fn soldiers_that_repeat_while_behind_lose_their_margin() {
        let pos = Cannon.start_with(Side::O);
        let evaluation = Cannon.evaluate(&pos, &Cannon.default_weights());
        assert!(evaluation < 0, "{evaluation}");
        let value = Cannon.repetition_value(&pos, evaluation);
        assert!(
            value <= evaluation - SOLDIERS_PROGRESS,
            "{value} {evaluation}"
        );
        assert!(value <= -SOLDIERS_CONTEMPT);
        // Two soldiers down, a repetition is worse for them than that.
        assert_eq!(
            Cannon.repetition_value(&pos, -500),
            -500 - SOLDIERS_PROGRESS
        );
        // Ahead, the soldiers still pay their contempt; the cannons pay the usual one.
        assert_eq!(Cannon.repetition_value(&pos, 1000), -SOLDIERS_CONTEMPT);
        let pos = Cannon.start_with(Side::X);
        assert_eq!(
            Cannon.repetition_value(&pos, -500),
            -crate::ai::search::CONTEMPT
        );
    }

    #[test]
    fn an_exposed_soldier_is_worse_for_the_soldiers_than_a_covered_one() {
        // The cannon on a5 steps to a4 and fires across b4 onto c4; with b4 held it cannot.
        let exposed_one = board(&["a5"], &["c4", "e1"], Side::X);
        let covered = board(&["a5"], &["b4", "c4"], Side::X);
        assert_eq!(exposed(&exposed_one).count_ones(), 1);
        assert_eq!(exposed(&covered), 0);
        let w = only(EXPOSED);
        assert!(cannons_score(&exposed_one, &w) > cannons_score(&covered, &w));
    }

    #[test]
    fn a_cannon_in_the_net_is_worse_for_the_cannons() {
        // On a6 with b6 and b5 held, the cannon's room is a5 (and a4 beyond, held here); on
        // c4 in the open it has room.
        let netted = board(&["a6"], &["b6", "b5", "a4", "e1"], Side::X);
        let open = board(&["c4"], &["b6", "b5", "a4", "e1"], Side::X);
        assert_eq!(room(netted.cannons, netted.empty()).count_ones(), 1);
        assert!(room(open.cannons, open.empty()).count_ones() > NET_ROOM);
        for slot in [NET, SPACE, FREEDOM, NEARLY_BOXED] {
            let w = only(slot);
            assert!(
                cannons_score(&netted, &w) < cannons_score(&open, &w),
                "{}",
                WEIGHTS[slot].0
            );
        }
    }
}
