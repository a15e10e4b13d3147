//! [`AnyMove`]: a move of whichever game is on the board, typed, as it crosses from the
//! board, the keys, the network and tests into the session; and [`WrapMove`], which puts a
//! game's own move into it and takes it out. Below the games in progress, so that the coach
//! and the commands name a move without knowing a match.

use qipan_engine::games::{blockade, cannon, maddell, push, shuangcheng, Game};

/// A move of any of the five games: what crosses from the board, the keys, the network and
/// tests into the session, typed rather than as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyMove {
    Push(<push::Push as Game>::Move),
    ShuangCheng(<shuangcheng::ShuangCheng as Game>::Move),
    Maddell(<maddell::Maddell as Game>::Move),
    Blockade(<blockade::Blockade as Game>::Move),
    Cannon(<cannon::Cannon as Game>::Move),
}

/// A game's own move as an [`AnyMove`]: by the game's type, not the move's (two games may
/// share a move type).
pub trait WrapMove: Game {
    fn wrap(mv: Self::Move) -> AnyMove;

    /// The game's own move inside `mv`, if `mv` is a move of this game.
    fn unwrap(mv: AnyMove) -> Option<Self::Move>;
}

macro_rules! wrap_moves {
    ($($variant:ident($game:ty)),*) => {
        $(impl WrapMove for $game {
            fn wrap(mv: Self::Move) -> AnyMove {
                AnyMove::$variant(mv)
            }

            fn unwrap(mv: AnyMove) -> Option<Self::Move> {
                match mv {
                    AnyMove::$variant(mv) => Some(mv),
                    _ => None,
                }
            }
        })*
    };
}

wrap_moves!(
    Push(push::Push),
    ShuangCheng(shuangcheng::ShuangCheng),
    Maddell(maddell::Maddell),
    Blockade(blockade::Blockade),
    Cannon(cannon::Cannon)
);
