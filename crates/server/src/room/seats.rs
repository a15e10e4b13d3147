//! Rooms made by pairing (lobby.md): who sits in each seat, the computer's seat, the rated
//! flag, and the room's RECORD for the records API.

use qipan_engine::games::{Side, Variant};
use qipan_protocol::{GameRecord, RecordSeat, SeatedPlayer, Seats};
use serde::{Deserialize, Serialize};

use super::{side_index, Room};

/// What a computer's seat holds instead of a token's hash. No token hashes to it (a hash is
/// 64 hex digits), so nobody can move for the computer: the server plays that seat itself.
pub const COMPUTER_SEAT: &str = "computer";

/// A seat's player in a paired room.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seated {
    pub name: String,
    /// The name's folded key (`NameKey`): how storage finds the player.
    pub key: String,
    pub bot: bool,
    /// The rating in the room's game when this round began.
    pub before: f64,
    /// The rating once this round's rated game was rated; `None` until then (and for a
    /// game that is not rated).
    #[serde(default)]
    pub after: Option<f64>,
    /// The nonce the seat's token was derived with from the player's key
    /// (`lobby::seat_token`), so that any device logged in as them finds the token again;
    /// `None` for a token drawn at random (a seek made before, the computer's seat).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nonce: Option<String>,
}

// The ratings are finite numbers from storage, so a `Seated` equals itself.
impl Eq for Seated {}

/// One seat of a new paired room: the seat's token hash (or [`COMPUTER_SEAT`]) and who
/// sits there.
#[derive(Clone, Debug)]
pub struct PairedSeat {
    pub token_hash: String,
    pub player: Seated,
}

impl Room {
    /// A new room of two paired seats, `[x, o]`, rated or casual. Nobody is connected yet.
    pub fn create_paired(
        code: String,
        variant: Variant,
        seats: [PairedSeat; 2],
        rated: bool,
        turn_len_ms: u64,
        now: u64,
    ) -> Room {
        let [x, o] = seats;
        let mut room = Room::create(code, variant, Side::X, x.token_hash, turn_len_ms, now);
        room.seats[side_index(Side::O)] = Some(o.token_hash);
        room.players = [Some(x.player), Some(o.player)];
        room.rated = rated;
        room.settle_clock(now);
        room
    }

    /// Whether the room's seats were taken through pairing.
    pub fn is_paired(&self) -> bool {
        self.players.iter().any(Option::is_some)
    }

    pub fn player(&self, side: Side) -> Option<&Seated> {
        self.players[side_index(side)].as_ref()
    }

    /// Whether the computer plays `side`.
    pub fn is_computer(&self, side: Side) -> bool {
        self.seats[side_index(side)].as_deref() == Some(COMPUTER_SEAT)
    }

    /// The computer's side, if it plays in this room.
    pub fn computer_side(&self) -> Option<Side> {
        [Side::X, Side::O]
            .into_iter()
            .find(|&side| self.is_computer(side))
    }

    /// Whether storage has yet to record the end of this paired game.
    pub fn needs_settling(&self) -> bool {
        self.is_paired() && self.is_over() && !self.settled
    }

    /// The room with its end recorded: each seat's rating after the game (`[x, o]`, `None`
    /// for a game that was not rated), and the room marked settled.
    pub fn recorded(&self, afters: [Option<f64>; 2]) -> Room {
        let mut settled = self.clone();
        settled.settled = true;
        for (seat, after) in settled.players.iter_mut().zip(afters) {
            if let Some(seat) = seat {
                seat.after = after;
            }
        }
        settled
    }

    /// This round's players with the ratings they begin it with (`[x, o]`, after a rematch
    /// swapped the seats): the `before` of each seat, the `after` cleared.
    pub fn with_ratings_before(mut self, before: [f64; 2]) -> Room {
        for (seat, rating) in self.players.iter_mut().zip(before) {
            if let Some(seat) = seat {
                seat.before = rating;
                seat.after = None;
            }
        }
        self
    }

    /// A rematch's new round: the players follow their tokens to the other seats, the new
    /// game is rated as the first was, and its end is not recorded yet.
    pub(super) fn next_paired_round(&mut self) {
        self.players.swap(0, 1);
        for seat in self.players.iter_mut().flatten() {
            seat.before = seat.after.unwrap_or(seat.before);
            seat.after = None;
        }
        self.offer = None;
        self.abandoned = [false, false];
        self.settled = false;
    }

    /// The state frame's `players`.
    pub(super) fn seated_players(&self) -> Seats<SeatedPlayer> {
        let seated = |side: Side| {
            self.player(side).map(|p| SeatedPlayer {
                name: p.name.clone(),
                rating: p.before,
                bot: p.bot,
            })
        };
        Seats {
            x: seated(Side::X),
            o: seated(Side::O),
        }
    }

    /// The room's RECORD (`GET /api/games/ROOM`, a player's games): never a token.
    pub fn record(&self) -> GameRecord {
        let seat = |side: Side| {
            self.player(side).map(|p| RecordSeat {
                name: p.name.clone(),
                bot: p.bot,
                before: p.before,
                after: p.after.unwrap_or(p.before),
            })
        };
        GameRecord {
            room: self.code.clone(),
            game: self.game,
            start: self.start.clone(),
            plies: self.plies.clone(),
            status: self.status,
            rated: self.rated,
            players: Seats {
                x: seat(Side::X),
                o: seat(Side::O),
            },
            days: self.days,
        }
    }
}

/// A paired push room of two people, `hash-x` and `hash-o`, 1500 each.
#[cfg(test)]
pub fn paired_for_tests(rated: bool) -> Room {
    use qipan_engine::games::GameId;
    let seat = |hash: &str, name: &str| PairedSeat {
        token_hash: hash.to_owned(),
        player: Seated {
            name: name.to_owned(),
            key: name.to_lowercase(),
            bot: false,
            before: 1500.0,
            after: None,
            nonce: None,
        },
    };
    Room::create_paired(
        "ABCDEFGH".into(),
        Variant::plain(GameId::Push),
        [seat("hash-x", "Ann"), seat("hash-o", "Bob")],
        rated,
        60_000,
        0,
    )
}
