//! What the game on the board says out loud: from one frame to the next, a move (or a
//! capture, a push-off), the player's turn after the other side's move, ten seconds left of
//! it, the end. Read from the session's game alone, so that every mode sounds alike.

use crate::sound::Cue;
use qipan_engine::ai::Evaluate;
use qipan_session::{with_match, AnyMatch, Change, Match};

/// Where the player's turn starts to count down aloud.
const LOW_CLOCK_SECONDS: f64 = 10.0;

/// The game as the last frame saw it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Seen {
    variant: qipan_engine::games::Variant,
    epoch: u64,
    plies: usize,
    /// Both sides' pieces (on the board and in hand).
    material: u32,
    over: bool,
    /// Seconds left of the player's turn, while it is theirs.
    left: Option<f64>,
}

/// The cues between frames.
#[derive(Default)]
pub struct Cues {
    seen: Option<Seen>,
}

impl Cues {
    /// The cues of what changed since the last frame (none at the first).
    pub fn frame(&mut self, game: &AnyMatch, now: f64) -> Vec<Cue> {
        let seen = see(game, now);
        let Some(before) = self.seen.replace(seen) else {
            return Vec::new();
        };
        let mut cues = Vec::new();
        if before.variant != seen.variant {
            return cues;
        }
        let played = before.epoch != seen.epoch
            && matches!(game.last_change(), Change::Played { .. })
            && seen.plies == before.plies + 1;
        if played && !game.is_skip(seen.plies - 1) {
            cues.push(if seen.material < before.material {
                Cue::Capture
            } else {
                Cue::Move
            });
        }
        if seen.over && !before.over && played {
            cues.push(Cue::End);
        } else if played && seen.left.is_some() && before.left.is_none() {
            cues.push(Cue::YourTurn);
        }
        if let (Some(was), Some(left)) = (before.left, seen.left) {
            if was >= LOW_CLOCK_SECONDS && left < LOW_CLOCK_SECONDS {
                cues.push(Cue::TenSeconds);
            }
        }
        cues
    }
}

/// What a frame sees of `game`.
fn see(game: &AnyMatch, now: f64) -> Seen {
    // The player's own turn, against someone (not two people at one screen).
    let theirs = game.game_on() && game.human_to_move() && game.players().human.is_some();
    Seen {
        variant: game.variant(),
        epoch: game.epoch(),
        plies: game.len(),
        material: with_match!(game, m => material(m)),
        over: game.status().is_over(),
        left: theirs.then(|| game.remaining(now)),
    }
}

/// Both sides' pieces in the position on the board.
fn material<G: Evaluate>(m: &Match<G>) -> u32 {
    let record = m.record();
    record.game().material(record.current()).iter().sum()
}
