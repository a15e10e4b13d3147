//! One description per game: what the app says about it. The rules live in
//! `games::<game>`, the evaluation in `ai::eval::<game>`, the painter in `ui::boards::<game>`;
//! everything the app shell shows about a game by name comes from here. Each game's
//! [`HasBoard`] impl names its description, so the compiler asks for one per game, and the
//! shell reaches it through the game, never by matching on an id.

use super::boards::HasBoard;
use crate::i18n::Msg;
use crate::msg;
use qipan_engine::games::{GameId, Side, Variant};
use qipan_engine::with_game;

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
}

impl GameDescription {
    pub fn side_name(&self, side: Side) -> Msg {
        self.sides[side.index()]
    }
}

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
};

pub const CANNON: GameDescription = GameDescription {
    name: msg!("game-cannon-name"),
    tagline: msg!("game-cannon-tagline"),
    intro: msg!("game-cannon-intro"),
    rules: msg!("rules-cannon"),
    sides: [msg!("side-cannons"), msg!("side-soldiers")],
    side_choices: [msg!("side-cannons"), msg!("side-soldiers")],
    board_aspect: 1.15,
    pieces: [msg!("piece-cannon"), msg!("piece-soldier")],
};

/// The description of `id`, as its game's [`HasBoard`] impl names it.
pub fn describe(id: GameId) -> &'static GameDescription {
    with_game!(Variant::plain(id).to_game(), game => description_of(&game))
}

fn description_of<G: HasBoard>(_: &G) -> &'static GameDescription {
    G::DESCRIPTION
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
