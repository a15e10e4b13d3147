//! Where a game stands, why it ended, and the two fields (`status`, `reason`) the online
//! protocol and the stored rooms write them as.

use std::fmt;

use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Side;

/// Where a game stands, and when it is over, why. Displayed as `ongoing`, `x-wins`,
/// `o-wins`, `draw` (the command line, the position texts); the online protocol writes it as
/// the pair [`Status::wire_name`] and [`Status::reason`].
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
    /// Online, a correspondence game whose side to move ran out of days (correspondence.md).
    OutOfTime,
}

impl EndReason {
    pub const ALL: [EndReason; 13] = [
        EndReason::SixPushedOff,
        EndReason::NoMove,
        EndReason::TwoLeft,
        EndReason::CannonsGone,
        EndReason::PlatformsHeld,
        EndReason::LastSoldiersHeld,
        EndReason::SoldiersGone,
        EndReason::PlatformCapture,
        EndReason::Resigned,
        EndReason::Agreed,
        EndReason::Abandoned,
        EndReason::Aborted,
        EndReason::OutOfTime,
    ];

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
            EndReason::OutOfTime => "out-of-time",
        }
    }

    pub fn from_name(name: &str) -> Option<EndReason> {
        EndReason::ALL
            .into_iter()
            .find(|reason| reason.name() == name)
    }

    /// Whether the server gave this end, not a rule: a replay of the plies never reaches it
    /// by itself (a resignation, an agreed draw, a claim, an abort).
    pub fn is_decided_by_server(self) -> bool {
        matches!(
            self,
            EndReason::Resigned
                | EndReason::Agreed
                | EndReason::Abandoned
                | EndReason::Aborted
                | EndReason::OutOfTime
        )
    }
}

impl Serialize for EndReason {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for EndReason {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<EndReason, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        EndReason::from_name(&name)
            .ok_or_else(|| de::Error::custom(format!("unknown end reason {name:?}")))
    }
}

/// A `status` and `reason` pair that no game can be in (`ongoing` with a reason, a win
/// without one, `aborted` for anything but an abort).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusError {
    pub status: String,
    pub reason: Option<String>,
}

impl fmt::Display for StatusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no game is {:?} with reason {:?}",
            self.status, self.reason
        )
    }
}

impl std::error::Error for StatusError {}

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

    /// Whether the server gave this result, not a rule ([`EndReason::is_decided_by_server`]).
    pub fn is_decided_by_server(self) -> bool {
        self.reason().is_some_and(EndReason::is_decided_by_server)
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

    /// Reads the protocol's pair back: `None` for a pair no game can be in.
    pub fn from_wire(status: &str, reason: Option<&str>) -> Result<Status, StatusError> {
        let refused = || StatusError {
            status: status.to_owned(),
            reason: reason.map(str::to_owned),
        };
        let reason = match reason {
            None => None,
            Some(name) => Some(EndReason::from_name(name).ok_or_else(refused)?),
        };
        let read = match (status, reason) {
            ("ongoing", None) => Status::Ongoing,
            ("x-wins", Some(reason)) => Status::Win(Side::X, reason),
            ("o-wins", Some(reason)) => Status::Win(Side::O, reason),
            ("aborted", Some(EndReason::Aborted)) => Status::Draw(EndReason::Aborted),
            ("draw", Some(reason)) if reason != EndReason::Aborted => Status::Draw(reason),
            _ => return Err(refused()),
        };
        Ok(read)
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

/// Written as the protocol's two fields, `status` then `reason` (`null` while the game is
/// on), so that a frame or a stored room embeds it with `#[serde(flatten)]`.
impl Serialize for Status {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(2))?;
        map.serialize_entry("status", self.wire_name())?;
        map.serialize_entry("reason", &self.reason())?;
        map.end()
    }
}

/// Read from the two fields; both must be there (`reason` may be `null`), and the pair must
/// be one a game can be in.
impl<'de> Deserialize<'de> for Status {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Status, D::Error> {
        struct Fields;

        impl<'de> Visitor<'de> for Fields {
            type Value = Status;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a status and its reason")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Status, A::Error> {
                let mut status: Option<String> = None;
                let mut reason: Option<Option<String>> = None;
                while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                    match key.as_ref() {
                        "status" => status = Some(map.next_value()?),
                        "reason" => reason = Some(map.next_value()?),
                        _ => {
                            map.next_value::<de::IgnoredAny>()?;
                        }
                    }
                }
                let status = status.ok_or_else(|| de::Error::missing_field("status"))?;
                let reason = reason.ok_or_else(|| de::Error::missing_field("reason"))?;
                Status::from_wire(&status, reason.as_deref()).map_err(de::Error::custom)
            }
        }

        d.deserialize_map(Fields)
    }
}
