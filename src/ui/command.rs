//! What a view asks for, as rerun's views send a `SystemCommand`: a change to the games (a
//! session [`Command`]) or to the app around them (a tab brought forward, the language).
//! Views return these and never change anything themselves; the shell ([`super::App`])
//! carries them out once the frame is drawn.

use crate::i18n::Lang;
use qipan_session::Command;

/// A view's request to the shell.
#[derive(Clone, Debug, PartialEq)]
pub enum AppCommand {
    /// A change to the games, applied by the session at the start of the next frame.
    Session(Command),
    /// Brings a tab forward: the review once it is asked for, the moves once it is closed.
    OpenTab(Tab),
    /// The language the player chose (the session has none): the next frame is drawn in it,
    /// and it is kept over the system's.
    SetLang(Lang),
    /// The challenge form, brought forward with this player's name in it (their profile,
    /// the leaderboard).
    Challenge(String),
    /// Notifications of moves and challenges on or off (kept between runs).
    SetNotifications(bool),
    /// The web: asks the browser to allow the page's notifications.
    AllowNotifications,
    /// The board turned round (or back): the Flip button.
    Flip,
    /// The coordinates on the board, or none: kept with the settings.
    ShowCoordinates(bool),
    /// The sounds on or off, and their loudness in percent: kept with the settings.
    SetSound { on: bool, volume: u8 },
}

impl From<Command> for AppCommand {
    fn from(command: Command) -> AppCommand {
        AppCommand::Session(command)
    }
}

/// The tabs of the narrow and medium layouts and of the wide layout's right-hand column.
/// Which layout shows which, and what each one draws, is the layout's table of tabs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tab {
    /// Everything to play with in one column (the medium layout's first tab).
    Play,
    #[default]
    Games,
    /// Playing a friend on another device.
    Online,
    Settings,
    Moves,
    Rules,
    /// The coach's review of the game.
    Review,
    /// "Find the move".
    Puzzles,
    /// The lessons of the game on the board.
    Learn,
    /// The player's record and ratings.
    Stats,
    /// A player's online profile: ratings, their chart, the last games.
    Profile,
    /// The best online ratings of each game.
    Leaderboard,
}
