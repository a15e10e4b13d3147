//! Earthen Cannon: material, how close each cannon is to being boxed in, the cannons' capture
//! threats, and the soldiers' hold on the platforms.

use crate::ai::Evaluate;
use crate::games::cannon::{rank_of, Cannon, Move, Position, ADJACENT, PLATFORMS, POINTS};
use crate::games::{Game, Side};

const CANNON: i32 = 300;
const SOLDIER: i32 = 100;
const FREEDOM: i32 = 12;
/// A cannon with a single free neighbour is one soldier step from removal.
const NEARLY_BOXED: i32 = 90;
const THREAT: i32 = 25;
const ON_PLATFORM: i32 = 60;
const ADVANCE: i32 = 4;

/// The score for the cannons' side.
fn cannons_score(game: &Cannon, pos: &Position) -> i32 {
    let mut score =
        CANNON * pos.cannons.count_ones() as i32 - SOLDIER * pos.soldiers.count_ones() as i32;
    let empty = pos.empty();
    let mut bits = pos.cannons;
    while bits != 0 {
        let point = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let free = (ADJACENT[point] & empty).count_ones() as i32;
        score += FREEDOM * free;
        if free <= 1 {
            score -= NEARLY_BOXED;
        }
    }
    let mut moves = Vec::with_capacity(48);
    game.legal_moves(
        &Position {
            to_move: Side::X,
            ..*pos
        },
        &mut moves,
    );
    score += THREAT * moves.iter().filter(|m| m.capture).count() as i32;
    score -= ON_PLATFORM * (pos.soldiers & PLATFORMS).count_ones() as i32;
    let mut soldiers = pos.soldiers;
    while soldiers != 0 {
        let point = soldiers.trailing_zeros() as usize;
        soldiers &= soldiers - 1;
        score -= ADVANCE * rank_of(point as u8) as i32;
    }
    score
}

impl Evaluate for Cannon {
    fn evaluate(&self, pos: &Position) -> i32 {
        let score = cannons_score(self, pos);
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
