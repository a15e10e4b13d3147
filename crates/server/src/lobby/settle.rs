//! The end of a paired game, recorded: what storage writes with the change that ends it
//! (lobby.md, "Ending a game fairly" and "Ratings"). Pure: storage reads the two players'
//! standings, calls [`settle`], and writes what it returns in one go.

use qipan_engine::games::{EndReason, Side, Status};

use super::ratings::{rate_game, Score, Standing};
use crate::room::Room;

/// x's result in a room whose game is over, when it counts for ratings: `None` for a game
/// that is not rated, still on, or aborted.
pub fn x_score(room: &Room) -> Option<Score> {
    if !room.rated || !room.is_paired() {
        return None;
    }
    match room.status {
        Status::Win(Side::X, _) => Some(Score::Win),
        Status::Win(Side::O, _) => Some(Score::Loss),
        Status::Draw(reason) if reason != EndReason::Aborted => Some(Score::Draw),
        Status::Ongoing | Status::Draw(_) => None,
    }
}

/// The new standing of the player in `side` after the room's game, from their standing
/// now (`own`) and their opponent's (`opponent`); `None` when the game is not rated. The
/// game is rated at the time it ended (its last change).
pub fn rate_seat(room: &Room, side: Side, own: Standing, opponent: Standing) -> Option<Standing> {
    let score = x_score(room)?;
    let at = room.updated_ms;
    Some(match side {
        Side::X => rate_game(&own, &opponent, score, at).0,
        Side::O => rate_game(&opponent, &own, score, at).1,
    })
}

/// The room with its end recorded: each seat's rating after the game (`[x, o]`, `None` for
/// a game that was not rated).
pub fn recorded(room: &Room, afters: [Option<f64>; 2]) -> Room {
    let mut settled = room.clone();
    settled.settled = true;
    for (seat, after) in settled.players.iter_mut().zip(afters) {
        if let Some(seat) = seat {
            seat.after = after;
        }
    }
    settled
}

/// A paired room whose game just ended, settled at once (one store, one transaction):
/// `[x, o]`'s new standings when the game is rated, each from both players' standings now
/// (`standings`), and the room recorded with them.
pub fn settle(room: &Room, standings: [Standing; 2]) -> (Room, Option<[Standing; 2]>) {
    let [x, o] = standings;
    let new = rate_seat(room, Side::X, x, o).zip(rate_seat(room, Side::O, o, x));
    let afters = new.map_or([None, None], |(x, o)| [Some(x.rating), Some(o.rating)]);
    (recorded(room, afters), new.map(|(x, o)| [x, o]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::paired_for_tests;

    #[test]
    fn a_rated_game_moves_both_ratings_once_and_marks_the_room() {
        let room = paired_for_tests(true)
            .resign("hash-o", 86_400_000)
            .expect("resign");
        let before = [Standing::NEW, Standing::NEW];
        let (settled, standings) = settle(&room, before);
        let [x, o] = standings.expect("rated");
        assert!(x.rating > 1500.0 && o.rating < 1500.0);
        assert_eq!((x.games, o.games), (1, 1));
        assert_eq!(x.last_rated_ms, Some(86_400_000), "rated when it ended");
        assert!(settled.settled && !settled.needs_settling());
        let afters = settled.players.clone().map(|p| p.and_then(|p| p.after));
        assert_eq!(afters, [Some(x.rating), Some(o.rating)]);
        assert_eq!(settled.record().players.x.map(|p| p.after), Some(x.rating));
    }

    #[test]
    fn casual_and_aborted_games_change_no_rating() {
        let casual = paired_for_tests(false).resign("hash-x", 5).expect("resign");
        let (settled, standings) = settle(&casual, [Standing::NEW; 2]);
        assert!(standings.is_none() && settled.settled);
        assert_eq!(settled.record().players.o.map(|p| p.after), Some(1500.0));
        let aborted = paired_for_tests(true).abort("hash-x", 5).expect("abort");
        assert_eq!(x_score(&aborted), None);
        let (settled, standings) = settle(&aborted, [Standing::NEW; 2]);
        assert!(standings.is_none() && settled.settled);
        let agreed = paired_for_tests(true)
            .draw("hash-x", 5)
            .and_then(|r| r.draw("hash-o", 6))
            .expect("agreed");
        assert_eq!(x_score(&agreed), Some(Score::Draw));
    }
}
