//! The rules engines: one module per game, all behind the [`Game`] trait.
//!
//! Rules are pure data and functions: no UI, no threads, no clocks. The AI, the command line,
//! saved games and the app are written once against [`Game`] and reach a concrete game through
//! [`AnyGame`] and the [`with_game!`](crate::with_game) macro.

pub mod blockade;
pub mod cannon;
mod error;
pub mod maddell;
pub mod push;
pub mod setup;
pub mod shuangcheng;

pub use error::{MoveError, PositionError};

use std::fmt;
use std::hash::Hash;

/// One of the two sides. `X` moves first in every standard start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    X,
    O,
}

impl Side {
    pub fn opponent(self) -> Side {
        match self {
            Side::X => Side::O,
            Side::O => Side::X,
        }
    }

    /// The one-letter spelling used in position texts.
    pub fn letter(self) -> char {
        match self {
            Side::X => 'x',
            Side::O => 'o',
        }
    }

    pub fn from_letter(text: &str) -> Option<Side> {
        match text {
            "x" => Some(Side::X),
            "o" => Some(Side::O),
            _ => None,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// The side whose mask in `masks` (x's, then o's) has `bit` set: whose piece stands on a
    /// point, for the boards that keep a mask a side.
    pub fn owner(masks: [u64; 2], bit: u64) -> Option<Side> {
        [Side::X, Side::O]
            .into_iter()
            .find(|side| masks[side.index()] & bit != 0)
    }
}

/// Where a game stands, and when it is over, why. Printed as `ongoing`, `x-wins`, `o-wins`,
/// `draw` (the reason is for people: the app's banner, not the position text).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    Ongoing,
    Win(Side, EndReason),
    Draw(EndReason),
}

/// Why a game ended: the rule that ended it. The loser, where the rule names one, is the
/// side that did not win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// Push the Line: six of the loser's pieces were pushed off the board.
    SixPushedOff,
    /// The side to move has no legal move: it loses (Shuang Cheng, Maddell's sliding phase,
    /// Blockade), or in Earthen Cannon the game is drawn.
    NoMove,
    /// Maddell: the loser's pieces in hand and on the board fell to two.
    TwoLeft,
    /// Earthen Cannon: all three cannons are gone (captured or boxed in).
    CannonsGone,
    /// Earthen Cannon: soldiers stand on all three platforms.
    PlatformsHeld,
    /// Earthen Cannon: the last one or two soldiers stood on platforms and the cannons'
    /// next move captured none of them.
    LastSoldiersHeld,
    /// Earthen Cannon: every soldier was captured.
    SoldiersGone,
    /// Earthen Cannon: a cannon captured a soldier standing on a platform.
    PlatformCapture,
    /// The loser resigned (online games: the server ends the game, no rule does).
    Resigned,
    /// Online, a draw both players agreed to (lobby.md).
    Agreed,
    /// Online, the winner claimed the game: the loser left and lost a turn (lobby.md).
    Abandoned,
    /// Online, ended before its second ply without a result: a draw that rates nobody.
    Aborted,
}

impl EndReason {
    /// A stable kebab-case name for the wire and for logs (the online protocol's `reason`):
    /// clients map it to words, so it never changes once published.
    pub fn name(self) -> &'static str {
        match self {
            EndReason::SixPushedOff => "six-pushed-off",
            EndReason::NoMove => "no-move",
            EndReason::TwoLeft => "two-left",
            EndReason::CannonsGone => "cannons-gone",
            EndReason::PlatformsHeld => "platforms-held",
            EndReason::LastSoldiersHeld => "last-soldiers-held",
            EndReason::SoldiersGone => "soldiers-gone",
            EndReason::PlatformCapture => "platform-capture",
            EndReason::Resigned => "resigned",
            EndReason::Agreed => "agreed",
            EndReason::Abandoned => "abandoned",
            EndReason::Aborted => "aborted",
        }
    }
}

impl Status {
    pub fn is_over(self) -> bool {
        self != Status::Ongoing
    }

    /// The winner, if the game is won.
    pub fn winner(self) -> Option<Side> {
        match self {
            Status::Win(side, _) => Some(side),
            _ => None,
        }
    }

    pub fn is_draw(self) -> bool {
        matches!(self, Status::Draw(_))
    }

    /// Why the game ended, once it has.
    pub fn reason(self) -> Option<EndReason> {
        match self {
            Status::Ongoing => None,
            Status::Win(_, reason) | Status::Draw(reason) => Some(reason),
        }
    }

    /// The status as the online protocol writes it (online.md, lobby.md): as displayed,
    /// except an aborted game's, which is `aborted` (it is no draw: nobody is rated).
    pub fn wire_name(self) -> &'static str {
        match self {
            Status::Draw(EndReason::Aborted) => "aborted",
            Status::Ongoing => "ongoing",
            Status::Win(Side::X, _) => "x-wins",
            Status::Win(Side::O, _) => "o-wins",
            Status::Draw(_) => "draw",
        }
    }

    /// A result that a server gave, not a rule (a resignation, an agreed draw, a claim, an
    /// abort), read from the protocol's `status` and `reason`; `None` for any other pair,
    /// such as a result a rule gave, which a replay of the plies reaches by itself.
    pub fn decided_online(status: &str, reason: Option<&str>) -> Option<Status> {
        let decided = [
            Status::Win(Side::X, EndReason::Resigned),
            Status::Win(Side::O, EndReason::Resigned),
            Status::Win(Side::X, EndReason::Abandoned),
            Status::Win(Side::O, EndReason::Abandoned),
            Status::Draw(EndReason::Agreed),
            Status::Draw(EndReason::Aborted),
        ];
        decided
            .into_iter()
            .find(|s| s.wire_name() == status && s.reason().map(EndReason::name) == reason)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Ongoing => "ongoing",
            Status::Win(Side::X, _) => "x-wins",
            Status::Win(Side::O, _) => "o-wins",
            Status::Draw(_) => "draw",
        })
    }
}

/// The interface every game implements.
///
/// Positions and moves are small `Copy` values so that the search can copy-make instead of
/// make/unmake. Every method is a pure function of its arguments.
pub trait Game: Clone + Send + Sync + 'static {
    type Position: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static;
    type Move: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static;

    /// Which game and options this is (`blockade:solidarity`, ...).
    fn variant(&self) -> Variant;

    /// The standard start position.
    fn start(&self) -> Self::Position {
        self.start_with(Side::X)
    }

    /// Who opens round `round` (counted from 1) of a series. x in every game but Push the
    /// Line, where the first move alternates from round to round.
    fn first_to_move(&self, _round: u32) -> Side {
        Side::X
    }

    /// Whether [`Game::first_to_move`] changes from round to round (the app says who opens
    /// the next round).
    fn first_move_alternates(&self) -> bool {
        false
    }

    /// The standard start with `first` to move (Push the Line alternates the first move
    /// from round to round; the app also lets either side open any game).
    fn start_with(&self, first: Side) -> Self::Position;

    fn side_to_move(&self, pos: &Self::Position) -> Side;

    /// Appends every legal move to `out` (which the caller clears). Nothing when the game is
    /// over. In Push the Line a side with no move gets the single move `pass`.
    fn legal_moves(&self, pos: &Self::Position, out: &mut Vec<Self::Move>);

    /// The position after `mv`, which must be one of `legal_moves(pos)`.
    fn play(&self, pos: &Self::Position, mv: Self::Move) -> Self::Position;

    /// The position after the side to move lost its turn to the timer (no move made).
    fn skip_turn(&self, pos: &Self::Position) -> Self::Position;

    fn status(&self, pos: &Self::Position) -> Status;

    /// The move to play on the mover's behalf because it carries no choice: Push the Line's
    /// `pass` when it is the only legal move. `None` in every other game.
    fn forced_pass(&self, _pos: &Self::Position) -> Option<Self::Move> {
        None
    }

    /// Whether the game is on but neither side can ever move again (Push the Line, where
    /// both sides would only pass: the rules name no result, so the game stays ongoing and
    /// the app says so).
    fn deadlocked(&self, _pos: &Self::Position) -> bool {
        false
    }

    /// A Zobrist-style hash of everything that decides the legal moves and the status.
    fn hash(&self, pos: &Self::Position) -> u64;

    fn parse_position(&self, text: &str) -> Result<Self::Position, PositionError>;

    fn format_position(&self, pos: &Self::Position) -> String;

    /// The canonical spelling of a move.
    fn format_move(&self, mv: Self::Move) -> String;

    /// Checks the spelling of a move without a position: `Err` names what is malformed.
    /// A well-formed spelling may still be illegal; [`Game::parse_move`] decides that.
    fn check_move_syntax(&self, text: &str) -> Result<(), MoveError>;

    /// The number of legal moves; games override it where counting is cheaper than listing
    /// (perft's last ply).
    fn count_moves(&self, pos: &Self::Position) -> u64 {
        let mut moves = Vec::new();
        self.legal_moves(pos, &mut moves);
        moves.len() as u64
    }

    /// Reads a move in canonical notation and checks that it is legal in `pos`.
    fn parse_move(&self, pos: &Self::Position, text: &str) -> Result<Self::Move, MoveError> {
        self.check_move_syntax(text)?;
        let mut moves = Vec::new();
        self.legal_moves(pos, &mut moves);
        moves
            .into_iter()
            .find(|&mv| self.format_move(mv) == text)
            .ok_or_else(|| MoveError::Illegal {
                text: text.to_owned(),
            })
    }

    /// The pieces each side has on the board and (Maddell) in hand: `[x, o]`. The property
    /// tests check that these only fall through captures.
    fn material(&self, pos: &Self::Position) -> [u32; 2];
}

/// Counts leaf positions `depth` plies ahead (a forced `pass` counts as a move; a finished
/// game at depth > 0 contributes nothing).
pub fn perft<G: Game>(game: &G, pos: &G::Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return game.count_moves(pos);
    }
    let mut moves = Vec::new();
    game.legal_moves(pos, &mut moves);
    moves
        .into_iter()
        .map(|mv| perft(game, &game.play(pos, mv), depth - 1))
        .sum()
}

/// The five games, as the command line and saved games name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameId {
    Push,
    #[serde(rename = "shuangcheng")]
    ShuangCheng,
    Maddell,
    Blockade,
    Cannon,
}

impl GameId {
    pub const ALL: [GameId; 5] = [
        GameId::Push,
        GameId::ShuangCheng,
        GameId::Maddell,
        GameId::Blockade,
        GameId::Cannon,
    ];

    /// The rule options the game offers, as its module declares them.
    pub fn options(self) -> &'static [RuleOption] {
        match self {
            GameId::Blockade => blockade::OPTIONS,
            GameId::Push | GameId::ShuangCheng | GameId::Maddell | GameId::Cannon => &[],
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            GameId::Push => "push",
            GameId::ShuangCheng => "shuangcheng",
            GameId::Maddell => "maddell",
            GameId::Blockade => "blockade",
            GameId::Cannon => "cannon",
        }
    }
}

/// A rule option a game may offer. A game played with it is a game of its own: its id
/// carries the option (`blockade:solidarity`), and the app keeps it apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleOption {
    /// Blockade: a piece next to a friendly piece may also move two or three points.
    Solidarity,
}

impl RuleOption {
    /// The option's name in game ids.
    pub fn name(self) -> &'static str {
        match self {
            RuleOption::Solidarity => "solidarity",
        }
    }
}

/// A game together with its rule options. Only Blockade has one (Solidarity).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Variant {
    pub game: GameId,
    #[serde(default)]
    pub solidarity: bool,
}

impl Variant {
    /// Every game with every set of its options: first each game plain, in [`GameId::ALL`]'s
    /// order, then the games with an option. What the tests, the benches and the tools
    /// iterate over (each id is [`Variant`]'s `Display`, which [`Variant::parse`] reads
    /// back); the tests check it against [`GameId::ALL`].
    pub const ALL: [Variant; 6] = [
        Variant::plain(GameId::Push),
        Variant::plain(GameId::ShuangCheng),
        Variant::plain(GameId::Maddell),
        Variant::plain(GameId::Blockade),
        Variant::plain(GameId::Cannon),
        Variant {
            game: GameId::Blockade,
            solidarity: true,
        },
    ];

    pub const fn plain(game: GameId) -> Variant {
        Variant {
            game,
            solidarity: false,
        }
    }

    /// Reads a game id such as `push` or `blockade:solidarity`.
    pub fn parse(text: &str) -> Result<Variant, VariantError> {
        let (name, option) = match text.split_once(':') {
            Some((name, option)) => (name, Some(option)),
            None => (text, None),
        };
        let game = GameId::ALL
            .into_iter()
            .find(|id| id.name() == name)
            .ok_or_else(|| VariantError::UnknownGame(text.to_owned()))?;
        match option {
            None => Ok(Variant::plain(game)),
            Some(option) => game
                .options()
                .iter()
                .find(|o| o.name() == option)
                .map(|&o| Variant::plain(game).with(o, true))
                .ok_or_else(|| VariantError::UnknownOption(text.to_owned())),
        }
    }

    /// This game with `option` on or off; an option the game does not offer changes
    /// nothing.
    pub fn with(self, option: RuleOption, on: bool) -> Variant {
        if !self.game.options().contains(&option) {
            return self;
        }
        match option {
            RuleOption::Solidarity => Variant {
                solidarity: on,
                ..self
            },
        }
    }

    /// Whether `option` is on.
    pub fn has(self, option: RuleOption) -> bool {
        match option {
            RuleOption::Solidarity => self.solidarity,
        }
    }

    pub fn to_game(self) -> AnyGame {
        match self.game {
            GameId::Push => AnyGame::Push(push::Push),
            GameId::ShuangCheng => AnyGame::ShuangCheng(shuangcheng::ShuangCheng),
            GameId::Maddell => AnyGame::Maddell(maddell::Maddell),
            GameId::Blockade => AnyGame::Blockade(blockade::Blockade {
                solidarity: self.solidarity,
            }),
            GameId::Cannon => AnyGame::Cannon(cannon::Cannon),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.game.name())?;
        if self.solidarity {
            f.write_str(":solidarity")?;
        }
        Ok(())
    }
}

/// A game id that names no game, or an option the game does not have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    UnknownGame(String),
    UnknownOption(String),
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::UnknownGame(text) => {
                let names = GameId::ALL.map(GameId::name);
                let (last, rest) = names.split_last().expect("at least one game");
                write!(
                    f,
                    "unknown game '{text}' (expected {} or {last})",
                    rest.join(", ")
                )
            }
            VariantError::UnknownOption(text) => {
                let with_options: Vec<String> = Variant::ALL
                    .iter()
                    .filter(|v| **v != Variant::plain(v.game))
                    .map(Variant::to_string)
                    .collect();
                write!(
                    f,
                    "unknown rule option in '{text}' (only {} exists)",
                    with_options.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for VariantError {}

/// One of the five concrete games, for code that picks the game at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyGame {
    Push(push::Push),
    ShuangCheng(shuangcheng::ShuangCheng),
    Maddell(maddell::Maddell),
    Blockade(blockade::Blockade),
    Cannon(cannon::Cannon),
}

/// Runs `$body` with `$g` bound to the concrete game inside an [`AnyGame`], so that generic
/// code over [`Game`] is written once and monomorphised for each game.
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::games::AnyGame::Push($g) => $body,
            $crate::games::AnyGame::ShuangCheng($g) => $body,
            $crate::games::AnyGame::Maddell($g) => $body,
            $crate::games::AnyGame::Blockade($g) => $body,
            $crate::games::AnyGame::Cannon($g) => $body,
        }
    };
}

/// Random keys for Zobrist hashing, drawn from a fixed seed so that every build and platform
/// agrees. A game keeps its table in a `LazyLock`, drawn on first use.
pub fn zobrist_keys<const N: usize>(seed: u64) -> [u64; N] {
    use rand::Rng;
    let mut rng = crate::random::seeded(seed, 0);
    std::array::from_fn(|_| rng.random())
}

/// A Zobrist hash's share of one mask: the XOR of `keys[i]` for every bit i set in `mask`.
pub(crate) fn zobrist_of(mask: u64, keys: &[u64]) -> u64 {
    let mut h = 0;
    let mut rest = mask;
    while rest != 0 {
        h ^= keys[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    h
}

/// Adjacency masks from a board's segment list: bit q of `masks[p]` is set when a segment
/// joins p and q. Shared by the boards of up to 32 points.
pub(crate) const fn adjacency_masks<const N: usize>(segments: &[(u8, u8)]) -> [u32; N] {
    let mut masks = [0u32; N];
    let mut i = 0;
    while i < segments.len() {
        let (a, b) = segments[i];
        masks[a as usize] |= 1 << b;
        masks[b as usize] |= 1 << a;
        i += 1;
    }
    masks
}

/// Splits a position text into exactly `expected` fields separated by single spaces.
pub(crate) fn split_fields(text: &str, expected: usize) -> Result<Vec<&str>, PositionError> {
    let fields: Vec<&str> = text.split(' ').collect();
    if fields.len() != expected || fields.iter().any(|f| f.is_empty()) {
        return Err(PositionError::FieldCount {
            text: text.to_owned(),
            expected,
            found: text.split_whitespace().count(),
        });
    }
    Ok(fields)
}

/// Reads the side-to-move field.
pub(crate) fn parse_side(field: &str) -> Result<Side, PositionError> {
    Side::from_letter(field).ok_or_else(|| PositionError::SideToMove {
        field: field.to_owned(),
    })
}

/// Reads a board field of `len` points (at most 64), each `.` (empty) or one of the letters
/// `pieces`: for each letter, the set of the points holding it (bit i = point i, so a board
/// of n points fills the n low bits).
pub(crate) fn parse_board<const K: usize>(
    board: &str,
    len: usize,
    pieces: [char; K],
) -> Result<[u64; K], PositionError> {
    let chars: Vec<char> = board.chars().collect();
    if let Some(&bad) = chars.iter().find(|&&c| c != '.' && !pieces.contains(&c)) {
        return Err(PositionError::BoardChar {
            board: board.to_owned(),
            found: bad,
        });
    }
    if chars.len() != len {
        return Err(PositionError::BoardLength {
            board: board.to_owned(),
            expected: len,
            found: chars.len(),
        });
    }
    let mut sets = [0; K];
    for (point, c) in chars.iter().enumerate() {
        if let Some(k) = pieces.iter().position(|p| p == c) {
            sets[k] |= 1 << point;
        }
    }
    Ok(sets)
}

/// Reads the position text of the games written as their board of `x` and `o` and the side
/// to move (Push the Line, Blockade): each side's set and the side to move. A side with more
/// than `most` pieces is refused, `too_many` saying why.
pub(crate) fn parse_board_and_side(
    text: &str,
    len: usize,
    most: u32,
    too_many: &'static str,
) -> Result<([u64; 2], Side), PositionError> {
    let fields = split_fields(text, 2)?;
    let pieces = parse_board(fields[0], len, ['x', 'o'])?;
    let to_move = parse_side(fields[1])?;
    if pieces.iter().any(|p| p.count_ones() > most) {
        return Err(PositionError::Inconsistent {
            text: text.to_owned(),
            reason: too_many,
        });
    }
    Ok((pieces, to_move))
}

#[cfg(test)]
mod end_reason_tests {
    use super::EndReason;

    #[test]
    fn end_reason_names_are_stable_and_distinct() {
        let all = [
            (EndReason::SixPushedOff, "six-pushed-off"),
            (EndReason::NoMove, "no-move"),
            (EndReason::TwoLeft, "two-left"),
            (EndReason::CannonsGone, "cannons-gone"),
            (EndReason::PlatformsHeld, "platforms-held"),
            (EndReason::LastSoldiersHeld, "last-soldiers-held"),
            (EndReason::SoldiersGone, "soldiers-gone"),
            (EndReason::PlatformCapture, "platform-capture"),
            (EndReason::Resigned, "resigned"),
            (EndReason::Agreed, "agreed"),
            (EndReason::Abandoned, "abandoned"),
            (EndReason::Aborted, "aborted"),
        ];
        for (reason, name) in all {
            assert_eq!(reason.name(), name);
        }
        let mut names: Vec<_> = all.iter().map(|(r, _)| r.name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), all.len());
    }

    #[test]
    fn an_online_result_reads_back_from_its_status_and_reason() {
        use super::{Side, Status};
        let decided = [
            (
                "x-wins",
                "resigned",
                Status::Win(Side::X, EndReason::Resigned),
            ),
            (
                "o-wins",
                "abandoned",
                Status::Win(Side::O, EndReason::Abandoned),
            ),
            ("draw", "agreed", Status::Draw(EndReason::Agreed)),
            ("aborted", "aborted", Status::Draw(EndReason::Aborted)),
        ];
        for (status, reason, result) in decided {
            assert_eq!(
                (result.wire_name(), result.reason().map(EndReason::name)),
                (status, Some(reason))
            );
            assert_eq!(Status::decided_online(status, Some(reason)), Some(result));
        }
        // A rule's result, or a pair that does not go together, is no server's decision.
        for (status, reason) in [
            ("x-wins", Some("six-pushed-off")),
            ("draw", Some("no-move")),
            ("draw", Some("resigned")),
            ("draw", Some("aborted")),
            ("aborted", Some("agreed")),
            ("x-wins", None),
            ("ongoing", None),
        ] {
            assert_eq!(
                Status::decided_online(status, reason),
                None,
                "{status} {reason:?}"
            );
        }
        assert_eq!(Status::Draw(EndReason::NoMove).wire_name(), "draw");
    }
}

#[cfg(test)]
mod registry_tests {
    use super::*;

    #[test]
    fn every_variant_is_a_registered_game_once_and_every_game_has_its_plain_variant() {
        let plain: Vec<Variant> = GameId::ALL.map(Variant::plain).into();
        assert_eq!(
            Variant::ALL[..plain.len()],
            plain[..],
            "each game plain, first"
        );
        for (i, variant) in Variant::ALL.iter().enumerate() {
            assert!(GameId::ALL.contains(&variant.game), "{variant}");
            assert_eq!(Variant::parse(&variant.to_string()), Ok(*variant));
            assert!(!Variant::ALL[..i].contains(variant), "{variant} twice");
            assert_eq!(
                crate::with_game!(variant.to_game(), g => g.variant()),
                *variant
            );
        }
    }

    #[test]
    fn refusals_name_the_registry() {
        assert_eq!(
            VariantError::UnknownGame("chess".into()).to_string(),
            "unknown game 'chess' (expected push, shuangcheng, maddell, blockade or cannon)"
        );
        assert_eq!(
            VariantError::UnknownOption("push:x".into()).to_string(),
            "unknown rule option in 'push:x' (only blockade:solidarity exists)"
        );
    }
}
