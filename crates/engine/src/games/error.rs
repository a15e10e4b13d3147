//! Typed errors for position texts and move notation. Each names the offending text so that
//! the command line can print one clear line and the app can show a localized message.

use std::fmt;

/// Why a position text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The text does not have the game's number of space-separated fields.
    FieldCount {
        text: String,
        expected: usize,
        found: usize,
    },
    /// The board field has the wrong number of characters.
    BoardLength {
        board: String,
        expected: usize,
        found: usize,
    },
    /// A board character other than the ones the game allows.
    BoardChar { board: String, found: char },
    /// The side-to-move field is not `x` or `o`.
    SideToMove { field: String },
    /// A game-specific field (lock, hand, decided) that is not one of its allowed values.
    Field {
        name: &'static str,
        field: String,
        expected: &'static str,
    },
    /// A side has more pieces than the game gives it, or the fields contradict each other.
    Inconsistent { text: String, reason: &'static str },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::FieldCount {
                text,
                expected,
                found,
            } => write!(
                f,
                "position text '{text}' has {found} fields, expected {expected}"
            ),
            PositionError::BoardLength {
                board,
                expected,
                found,
            } => write!(
                f,
                "board '{board}' has {found} characters, expected {expected}"
            ),
            PositionError::BoardChar { board, found } => {
                write!(
                    f,
                    "board '{board}' contains '{found}', which is not a piece"
                )
            }
            PositionError::SideToMove { field } => {
                write!(f, "side to move '{field}' is not 'x' or 'o'")
            }
            PositionError::Field {
                name,
                field,
                expected,
            } => write!(f, "{name} field '{field}' is not {expected}"),
            PositionError::Inconsistent { text, reason } => {
                write!(f, "position text '{text}' is malformed: {reason}")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not a spelling the game's notation allows (unknown point, no such direction, a group
    /// with a gap, a non-canonical form...).
    Malformed { text: String, reason: &'static str },
    /// A well-formed move that the rules do not allow in this position.
    Illegal { text: String },
}

impl MoveError {
    pub fn malformed(text: &str, reason: &'static str) -> MoveError {
        MoveError::Malformed {
            text: text.to_owned(),
            reason,
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed { text, reason } => {
                write!(f, "move '{text}' is malformed: {reason}")
            }
            MoveError::Illegal { text } => {
                write!(f, "move '{text}' is not legal in this position")
            }
        }
    }
}

impl std::error::Error for MoveError {}
