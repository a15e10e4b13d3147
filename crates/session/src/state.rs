//! What every mode reads, and the commands of every mode change ([`Shared`]); the choices
//! that shape new games, as they are kept between runs ([`Choices`]); and what a mode in
//! front of the local games may see of them ([`GamesBehind`]). Below the modes, so that
//! each mode is handed what it needs and none knows another.

use crate::any::AnyMatch;
use crate::coach::CoachMode;
use crate::controller::ClockRule;
use crate::lobby::{Lobby, OnlineMemory};
use crate::player_link::PlayerLink;
use crate::progress::Progress;
use crate::puzzle_book::Books;
use crate::timer::Clock;
use qipan_engine::ai::worker::Wake;
use qipan_engine::ai::{Level, Tables};
use qipan_engine::games::{GameId, RuleOption, Side, Variant};
use rand::rngs::SmallRng;

/// The choices that shape the games, as they are kept between runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Choices {
    /// The game on the board, with its options.
    pub variant: Variant,
    /// The rule options last chosen, kept for when their game is picked again.
    pub options: Vec<(RuleOption, bool)>,
    /// The side of the person at the screen (`None`: two players), for a fresh game.
    pub human: Option<Side>,
    /// The side the person takes against the computer (kept while two people play).
    pub seat: Side,
    pub level: Level,
    pub coach: CoachMode,
    /// Rounds of Push the Line started so far: its first move alternates from round to
    /// round.
    pub rounds: u32,
    /// The computer is played without the turn clock (off by default: the rules' 60-second
    /// turn).
    pub untimed: bool,
}

impl Default for Choices {
    fn default() -> Self {
        Choices {
            variant: Variant::plain(GameId::ShuangCheng),
            options: Vec::new(),
            human: Some(Side::X),
            seat: Side::X,
            level: Level::Medium,
            coach: CoachMode::Off,
            rounds: 0,
            untimed: false,
        }
    }
}

/// What every mode reads, and the commands of every mode change: the choices that are not
/// a game's, the player's progress, and what the session is handed (the clock, the seed's
/// generator, the wake, the solved tables).
pub(crate) struct Shared {
    pub(crate) level: Level,
    pub(crate) coach: CoachMode,
    /// The player's results and ratings.
    pub(crate) progress: Progress,
    pub(crate) clock: Box<dyn Clock>,
    /// Every draw of the session: which puzzle comes next, each game's seed for the computer.
    pub(crate) rng: SmallRng,
    /// Called when the computer's answer is ready (the app repaints).
    pub(crate) wake: Wake,
    /// The solved tables every new game on the board answers from.
    pub(crate) tables: Tables,
    /// Every room's token, kept after leaving it.
    pub(crate) memory: OnlineMemory,
    /// The shipped puzzles, each game's read when first asked for.
    pub(crate) books: Books,
    /// The player online, and the records API's answers.
    pub(crate) lobby: Lobby,
    /// The player's link to the server, while the player has a key: their games, seeks and
    /// challenges, whatever is on the board.
    pub(crate) link: Option<PlayerLink>,
    /// How the turn clock runs against the computer (the player's setting, and whether
    /// they are away from the board); every local game on the board follows it.
    pub(crate) clock_rule: ClockRule,
}

/// The local games as a mode in front of them sees them: read only. A mode changes them
/// only by asking the session ([`crate::transition::Transition`]).
pub(crate) trait GamesBehind {
    /// The game on the board behind the mode.
    fn board(&self) -> &AnyMatch;

    /// Whether a game of `variant` has moves (replacing it asks first).
    fn has_moves(&self, variant: Variant) -> bool;
}
