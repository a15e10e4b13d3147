//! The end of a paired game, rated (lobby.md, "Ending a game fairly" and "Ratings"): which
//! games count, and how, as the rule storage applies when it records the game
//! ([`rate_seat`]). Pure.

use qipan_engine::games::{EndReason, Side, Status};

use super::ratings::{rate_game, Score};
use crate::room::Room;
use crate::store::Standing;

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
/// game is rated at the time it ended (its last change). The [`RatingRule`](crate::store::RatingRule) storage
/// is handed when it opens (`server.rs`), and applies in the write that records the game.
pub fn rate_seat(room: &Room, side: Side, own: Standing, opponent: Standing) -> Option<Standing> {
    let score = x_score(room)?;
    let at = room.updated_ms;
    Some(match side {
        Side::X => rate_game(&own, &opponent, score, at).0,
        Side::O => rate_game(&opponent, &own, score, at).1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::paired_for_tests;
    use crate::store::rate_both;

    /// Both players' new standings, each from both standings now (as storage rates a
    /// game), and the room recorded with them.
    fn settle(room: &Room, now: [Standing; 2]) -> (Room, Option<[Standing; 2]>) {
        let new = rate_both(&rate_seat, room, now);
        let afters = new.map_or([None, None], |new| new.map(|s| Some(s.rating)));
        (room.recorded(afters), new)
    }

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
