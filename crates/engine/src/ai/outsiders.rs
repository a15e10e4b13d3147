//! Earthen Cannon players built on other ideas than the engine's own search and evaluation,
//! for testing and tuning: a strength measured only against our own kind of player misses
//! the weaknesses a person finds (a master whose soldiers shuffle for 300 plies against a
//! plain defender). Each plays both sides; `examples/tune.rs duel cannon master material`
//! sets one against a level.
//!
//! - [`Outsider::Material`]: a plain depth-3 alpha-beta whose evaluation counts pieces, the
//!   soldiers on the platforms and their advance, nothing else.
//! - [`Outsider::Mobility`]: one ply with a safety check. Cannons keep as many free
//!   neighbours as they can and never step where a soldier's reply boxes one in or next to
//!   two soldiers; soldiers take away the cannons' free points without offering a capture.
//! - [`Outsider::Shuttle`]: the stubborn defender: cannons step back and forth between safe
//!   points (taking a soldier only when that is safe too); soldiers make random safe moves.

use crate::games::cannon::{rank_of, Cannon, Move, Point, Position, ADJACENT, PLATFORMS};
use crate::games::{Game, Side, Status};
use crate::random::seeded;
use rand::seq::SliceRandom;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outsider {
    Material,
    Mobility,
    Shuttle,
}

impl Outsider {
    pub const ALL: [Outsider; 3] = [Outsider::Material, Outsider::Mobility, Outsider::Shuttle];

    pub fn name(self) -> &'static str {
        match self {
            Outsider::Material => "material",
            Outsider::Mobility => "mobility",
            Outsider::Shuttle => "shuttle",
        }
    }

    pub fn parse(text: &str) -> Option<Outsider> {
        Outsider::ALL.into_iter().find(|o| o.name() == text)
    }

    /// The move for the side to move in `pos` (`history`: the positions before it, oldest
    /// first); ties are broken by `seed`. `None` when there is no legal move.
    pub fn choose(self, pos: &Position, history: &[Position], seed: u64) -> Option<Move> {
        let mut moves = legal(pos);
        if moves.is_empty() {
            return None;
        }
        // The seed orders the moves, so that equal choices differ from game to game.
        moves.shuffle(&mut seeded(seed, 0));
        match (self, pos.to_move) {
            (Outsider::Material, _) => material_move(pos, &moves),
            (Outsider::Mobility, Side::X) => best_by(&moves, |mv| mobile_cannons(pos, mv)),
            (Outsider::Mobility, Side::O) => best_by(&moves, |mv| mobile_soldiers(pos, mv)),
            (Outsider::Shuttle, Side::X) => best_by(&moves, |mv| shuttle_cannons(pos, history, mv)),
            (Outsider::Shuttle, Side::O) => best_by(&moves, |mv| safe_soldiers(pos, mv)),
        }
    }
}

fn legal(pos: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    Cannon.legal_moves(pos, &mut moves);
    moves
}

/// The first move with the highest score.
fn best_by(moves: &[Move], score: impl Fn(Move) -> i64) -> Option<Move> {
    let mut best: Option<(i64, Move)> = None;
    for &mv in moves {
        let s = score(mv);
        if best.is_none_or(|(b, _)| s > b) {
            best = Some((s, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

const WIN: i64 = 1_000_000;

/// The material player's view of `pos`, for the cannons: pieces, soldiers on the platforms,
/// soldiers' advance.
fn material_for_cannons(pos: &Position) -> i64 {
    match Cannon.status(pos) {
        Status::Win(Side::X, _) => return WIN,
        Status::Win(Side::O, _) => return -WIN,
        Status::Draw(_) => return 0,
        Status::Ongoing => {}
    }
    let mut advance = 0;
    let mut soldiers = pos.soldiers;
    while soldiers != 0 {
        let point = soldiers.trailing_zeros() as usize;
        soldiers &= soldiers - 1;
        advance += rank_of(point as Point) as i64;
    }
    1000 * i64::from(pos.cannons.count_ones())
        - 100 * i64::from(pos.soldiers.count_ones())
        - 80 * i64::from((pos.soldiers & PLATFORMS).count_ones())
        - 5 * advance
}

fn negamax(pos: &Position, depth: u32, mut alpha: i64, beta: i64) -> i64 {
    let sign = if pos.to_move == Side::X { 1 } else { -1 };
    let moves = legal(pos);
    if depth == 0 || moves.is_empty() {
        return sign * material_for_cannons(pos);
    }
    let mut best = -WIN - 1;
    for mv in moves {
        let value = -negamax(&Cannon.play(pos, mv), depth - 1, -beta, -alpha);
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    best
}

fn material_move(pos: &Position, moves: &[Move]) -> Option<Move> {
    let mut best: Option<(i64, Move)> = None;
    let mut alpha = -WIN - 1;
    for &mv in moves {
        let value = -negamax(&Cannon.play(pos, mv), 2, -WIN - 1, -alpha);
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, mv));
            alpha = alpha.max(value);
        }
    }
    best.map(|(_, mv)| mv)
}

/// Whether the other side's best reply to `next` takes a piece of `side` (or wins).
fn reply_hurts(next: &Position, side: Side) -> bool {
    let before = count(next, side);
    legal(next).into_iter().any(|reply| {
        let after = Cannon.play(next, reply);
        count(&after, side) < before
            || matches!(Cannon.status(&after), Status::Win(w, _) if w != side)
    })
}

fn count(pos: &Position, side: Side) -> u32 {
    match side {
        Side::X => pos.cannons.count_ones(),
        Side::O => pos.soldiers.count_ones(),
    }
}

/// The cannons' free neighbours in all.
fn freedom(pos: &Position) -> i64 {
    let empty = pos.empty();
    let mut total = 0;
    let mut bits = pos.cannons;
    while bits != 0 {
        let point = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        total += i64::from((ADJACENT[point] & empty).count_ones());
    }
    total
}

/// Cannons next to two soldiers or more.
fn crowded(pos: &Position) -> i64 {
    let mut n = 0;
    let mut bits = pos.cannons;
    while bits != 0 {
        let point = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if (ADJACENT[point] & pos.soldiers).count_ones() >= 2 {
            n += 1;
        }
    }
    n
}

fn won_by(pos: &Position, side: Side) -> bool {
    matches!(Cannon.status(pos), Status::Win(w, _) if w == side)
}

fn mobile_cannons(pos: &Position, mv: Move) -> i64 {
    let next = Cannon.play(pos, mv);
    if won_by(&next, Side::X) {
        return WIN;
    }
    let taken = i64::from(pos.soldiers.count_ones() - next.soldiers.count_ones());
    let danger = i64::from(reply_hurts(&next, Side::X));
    10_000 * taken - 100_000 * danger + 10 * freedom(&next) - 50 * crowded(&next)
}

fn mobile_soldiers(pos: &Position, mv: Move) -> i64 {
    let next = Cannon.play(pos, mv);
    if won_by(&next, Side::O) {
        return WIN;
    }
    let boxed = i64::from(pos.cannons.count_ones() - next.cannons.count_ones());
    let danger = i64::from(reply_hurts(&next, Side::O));
    let on_platforms = i64::from((next.soldiers & PLATFORMS).count_ones());
    10_000 * boxed - 100_000 * danger - 20 * freedom(&next)
        + 30 * on_platforms
        + i64::from(mv.to) / 5
}

/// Safe moves first; among them a safe capture, then the step back to where a cannon stood
/// two plies ago (the shuttle).
fn shuttle_cannons(pos: &Position, history: &[Position], mv: Move) -> i64 {
    let next = Cannon.play(pos, mv);
    if won_by(&next, Side::X) {
        return WIN;
    }
    let safe = !reply_hurts(&next, Side::X);
    let back = history
        .len()
        .checked_sub(1)
        .and_then(|i| history.get(i))
        .is_some_and(|before| before.cannons & (1 << mv.to) != 0);
    100_000 * i64::from(safe) + 1000 * i64::from(mv.capture && safe) + 10 * i64::from(back)
}

/// Any move that offers no capture, the seed choosing among them.
fn safe_soldiers(pos: &Position, mv: Move) -> i64 {
    let next = Cannon.play(pos, mv);
    if won_by(&next, Side::O) {
        return WIN;
    }
    i64::from(!reply_hurts(&next, Side::O))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cannon::{point_from_name, POINTS};

    fn position(text: &str) -> Position {
        Cannon.parse_position(text).expect("a position")
    }

    #[test]
    fn every_outsider_plays_legal_moves_for_both_sides_to_the_end() {
        for outsider in Outsider::ALL {
            let mut pos = Cannon.start_with(Side::X);
            let mut history = Vec::new();
            for ply in 0..120u64 {
                if Cannon.status(&pos) != Status::Ongoing {
                    break;
                }
                let mv = outsider.choose(&pos, &history, ply).expect("a move");
                assert!(
                    legal(&pos).contains(&mv),
                    "{outsider:?} {}",
                    Cannon.format_position(&pos)
                );
                history.push(pos);
                pos = Cannon.play(&pos, mv);
            }
        }
    }

    /// A board of the given pieces (point names), `to_move` to move.
    fn board(cannons: &[&str], soldiers: &[&str], to_move: &str) -> Position {
        let mut text = vec!['.'; POINTS];
        for (names, piece) in [(cannons, 'x'), (soldiers, 'o')] {
            for name in names {
                let point = point_from_name(name).expect("a point");
                text[point as usize] = piece;
            }
        }
        let text: String = text.into_iter().collect();
        position(&format!("{text} {to_move} -"))
    }

    #[test]
    fn the_material_player_takes_a_free_soldier() {
        // The cannon on c6 fires over the empty c5 onto the soldier on c4.
        let pos = board(&["c6", "a6"], &["a1", "b1", "c4"], "x");
        for seed in 0..10 {
            let chosen = Outsider::Material.choose(&pos, &[], seed).expect("a move");
            assert!(
                chosen.capture,
                "seed {seed}: {}",
                Cannon.format_move(chosen)
            );
        }
    }

    #[test]
    fn safe_defenders_never_step_into_a_capture_they_can_avoid() {
        // c3-c4 would put a soldier where the cannon on c6 takes it; other moves are safe.
        let pos = board(&["c6", "a6"], &["a1", "b1", "c3"], "o");
        let unsafe_move = Cannon.parse_move(&pos, "c3-c4").expect("legal");
        for seed in 0..20 {
            for outsider in [Outsider::Mobility, Outsider::Shuttle] {
                let mv = outsider.choose(&pos, &[], seed).expect("a move");
                assert_ne!(mv, unsafe_move, "{outsider:?} seed {seed}");
            }
        }
    }

    #[test]
    fn names_read_back() {
        for outsider in Outsider::ALL {
            assert_eq!(Outsider::parse(outsider.name()), Some(outsider));
        }
        assert_eq!(Outsider::parse("master"), None);
    }
}
