//! One description per game: what the app says about it. The rules live in
//! `games::<game>`, the evaluation in `ai::eval::<game>`, the painter in `ui::boards::<game>`;
//! everything the app shell shows about a game by name comes from here. Each game's
//! [`Described`] impl names its description, so the compiler asks for one per game, and the
//! shell reaches it through the game, never by matching on an id.

use crate::i18n::{I18n, Msg};
use crate::msg;
use qipan_engine::ai::Evaluate;
use qipan_engine::games::blockade::Blockade;
use qipan_engine::games::cannon::Cannon;
use qipan_engine::games::maddell::Maddell;
use qipan_engine::games::push::Push;
use qipan_engine::games::shuangcheng::ShuangCheng;
use qipan_engine::games::ToGame;
use qipan_engine::games::{Game, GameId, Side, Variant};
use qipan_engine::with_game;
use qipan_session::{with_match, AnyMatch, Match};

/// The words of one game.
pub struct GameDescription {
    pub name: Msg,
    /// One line under the name in the game picker.
    pub tagline: Msg,
    /// A paragraph that opens the rules panel (and the picker's hover text).
    pub intro: Msg,
    /// The full rules, as Markdown-like lines (`## `, `### `, `- `).
    pub rules: Msg,
    /// What the sides are called, x then o (Dark/Light, Cannons/Soldiers).
    pub sides: [Msg; 2],
    /// The settings' side choice, x then o (who moves first is what matters in most games).
    pub side_choices: [Msg; 2],
    /// The board's height over its width, for the phone layout's board area.
    pub board_aspect: f32,
    /// What a piece of each side is called on a point, x then o (screen readers).
    pub pieces: [Msg; 2],
    /// Whether pieces leave the board (pushed off, taken, captured): the coach's figures
    /// are then counted in pieces, and otherwise in no unit a player could count.
    pub captures: bool,
}

impl GameDescription {
    pub fn side_name(&self, side: Side) -> Msg {
        self.sides[side.index()]
    }
}

/// The line of every rule text (docs/rules/seeds/) that holds its "Rules" heading. The rule
/// panel's k-th line under its last `## ` heading (the rules proper, in either language,
/// one seed line to a line) is the seed's line `RULES_HEADING_LINE + k`, the numbering the
/// lessons name their rule lines by (`tests/app/learning.rs` checks it on every seed).
pub const RULES_HEADING_LINE: u32 = 18;

const DARK_LIGHT: [Msg; 2] = [msg!("side-dark"), msg!("side-light")];
const FIRST_SECOND: [Msg; 2] = [msg!("side-first"), msg!("side-second")];
const DARK_LIGHT_PIECES: [Msg; 2] = [msg!("piece-dark"), msg!("piece-light")];

pub const PUSH: GameDescription = GameDescription {
    name: msg!("game-push-name"),
    tagline: msg!("game-push-tagline"),
    intro: msg!("game-push-intro"),
    rules: msg!("rules-push"),
    sides: DARK_LIGHT,
    side_choices: DARK_LIGHT,
    board_aspect: 0.9,
    pieces: DARK_LIGHT_PIECES,
    captures: true,
};

pub const SHUANGCHENG: GameDescription = GameDescription {
    name: msg!("game-shuangcheng-name"),
    tagline: msg!("game-shuangcheng-tagline"),
    intro: msg!("game-shuangcheng-intro"),
    rules: msg!("rules-shuangcheng"),
    sides: DARK_LIGHT,
    side_choices: FIRST_SECOND,
    board_aspect: 1.0,
    pieces: DARK_LIGHT_PIECES,
    captures: false,
};

pub const MADDELL: GameDescription = GameDescription {
    name: msg!("game-maddell-name"),
    tagline: msg!("game-maddell-tagline"),
    intro: msg!("game-maddell-intro"),
    rules: msg!("rules-maddell"),
    sides: DARK_LIGHT,
    side_choices: FIRST_SECOND,
    board_aspect: 1.0,
    pieces: DARK_LIGHT_PIECES,
    captures: true,
};

pub const BLOCKADE: GameDescription = GameDescription {
    name: msg!("game-blockade-name"),
    tagline: msg!("game-blockade-tagline"),
    intro: msg!("game-blockade-intro"),
    rules: msg!("rules-blockade"),
    sides: DARK_LIGHT,
    side_choices: FIRST_SECOND,
    board_aspect: 1.0,
    pieces: DARK_LIGHT_PIECES,
    captures: false,
};

pub const CANNON: GameDescription = GameDescription {
    name: msg!("game-cannon-name"),
    tagline: msg!("game-cannon-tagline"),
    intro: msg!("game-cannon-intro"),
    rules: msg!("rules-cannon"),
    sides: [msg!("side-cannons"), msg!("side-soldiers")],
    // The rules call the soldiers "bare hands": the choice says both.
    side_choices: [msg!("side-cannons"), msg!("side-choice-soldiers")],
    board_aspect: 1.15,
    pieces: [msg!("piece-cannon"), msg!("piece-soldier")],
    captures: true,
};

/// A game as the app words it: its description, and the line the top bar shows for it.
pub trait Described: Game {
    const DESCRIPTION: &'static GameDescription;

    /// A line the top bar shows for this game (Push the Line's pushed-off counts,
    /// Maddell's pieces in hand).
    fn status_line(&self, _pos: &Self::Position, _i18n: &I18n) -> Option<String> {
        None
    }
}

impl Described for Push {
    const DESCRIPTION: &'static GameDescription = &PUSH;

    fn status_line(&self, pos: &Self::Position, i18n: &I18n) -> Option<String> {
        Some(i18n.tr_args(
            msg!("push-count"),
            &[
                ("x", pos.pushed_off(Side::O).into()),
                ("o", pos.pushed_off(Side::X).into()),
            ],
        ))
    }
}

impl Described for ShuangCheng {
    const DESCRIPTION: &'static GameDescription = &SHUANGCHENG;
}

impl Described for Maddell {
    const DESCRIPTION: &'static GameDescription = &MADDELL;

    fn status_line(&self, pos: &Self::Position, i18n: &I18n) -> Option<String> {
        Some(i18n.tr_args(
            msg!("maddell-hand"),
            &[("x", pos.hand[0].into()), ("o", pos.hand[1].into())],
        ))
    }
}

impl Described for Blockade {
    const DESCRIPTION: &'static GameDescription = &BLOCKADE;
}

impl Described for Cannon {
    const DESCRIPTION: &'static GameDescription = &CANNON;
}

/// The description of `id`, as its game's [`Described`] impl names it.
pub fn describe(id: GameId) -> &'static GameDescription {
    with_game!(Variant::plain(id).to_game(), game => description_of(&game))
}

fn description_of<G: Described>(_: &G) -> &'static GameDescription {
    G::DESCRIPTION
}

/// The description of the game on the board.
pub fn description(game: &AnyMatch) -> &'static GameDescription {
    with_match!(game, m => description_of(m.record().game()))
}

/// The game's own line for the top bar (pushed-off counts, pieces in hand).
pub fn status_line(game: &AnyMatch, i18n: &I18n) -> Option<String> {
    with_match!(game, m => status_line_of(m, i18n))
}

fn status_line_of<G: Described + Evaluate>(m: &Match<G>, i18n: &I18n) -> Option<String> {
    let record = m.record();
    record.game().status_line(record.current(), i18n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_names_its_own_description() {
        for id in GameId::ALL {
            let description = describe(id);
            assert_eq!(description.name.0, format!("game-{}-name", id.name()));
            assert_eq!(description.rules.0, format!("rules-{}", id.name()));
        }
    }
}
