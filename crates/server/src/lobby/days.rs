//! The server's one deadline queue for correspondence games (`deadlines.rs`): every change
//! seen to a correspondence room (this server's, other servers', and at start the games of
//! every ledger) sets the room's next moment; when it comes, the side to move is reminded
//! once (`your-turn` with a quarter of their days left) or, its days run out, the game ends
//! through the rooms' one change path, whose revision check ends it once whichever server is
//! first. A ply seen is also the `your-turn` of the player now to move.

use std::collections::HashMap;
use std::sync::Arc;

use qipan_protocol::ServerFrame;
use tokio::sync::mpsc;

use super::deadlines::Deadlines;
use super::reach::Notice;
use super::Lobby;
use crate::names::NameKey;
use crate::room::{Room, ROOM_TTL_MS};
use crate::shutdown::Shutdown;

/// How long after a failed attempt (storage unavailable) a due room is tried again.
const RETRY_MS: u64 = 1_000;
/// A correspondence room unchanged for this long is marked changed, so that storage, which
/// expires rooms unchanged for [`ROOM_TTL_MS`], keeps it while its game is on.
const KEEP_MS: u64 = ROOM_TTL_MS / 2;

/// What the queue knows of a room: its latest copy, and whether this turn's reminder went.
struct Known {
    room: Arc<Room>,
    reminded: bool,
}

struct Queue {
    lobby: Arc<Lobby>,
    due: Deadlines,
    known: HashMap<String, Known>,
}

/// `your-turn` to the player to move in `room`, if a person.
fn your_turn(lobby: &Lobby, room: &Room, now: u64) {
    let Some(side) = room.side_to_move() else {
        return;
    };
    let (Some(mover), Some(other)) = (room.player(side), room.player(side.opponent())) else {
        return;
    };
    let frame = ServerFrame::YourTurn {
        room: room.code.clone(),
        game: room.game,
        opponent: other.name.clone(),
        turn_ms: room.turn_ms(now).unwrap_or(0),
    };
    lobby.tell(&NameKey::of(&mover.key), &Notice::Frame(Box::new(frame)));
}

impl Queue {
    /// The room's next moment: its reminder, then its deadline.
    fn due_of(&self, code: &str) -> Option<u64> {
        let known = self.known.get(code)?;
        let deadline = known.room.days.and(known.room.deadline())?;
        let keep = known.room.updated_ms.saturating_add(KEEP_MS);
        Some(match known.room.quarter_left_at() {
            Some(quarter) if !known.reminded => quarter.min(deadline).min(keep),
            _ => deadline.min(keep),
        })
    }

    fn schedule(&mut self, code: &str) {
        let next = self.due_of(code);
        self.due.set(code, next);
    }

    /// A change seen: a newer round or ply than known is news (the mover is told when it
    /// is a ply); an older copy arriving late changes nothing.
    fn seen(&mut self, room: Arc<Room>, now: u64) {
        let code = room.code.clone();
        let progress = |r: &Room| (r.round, r.plies.len(), r.is_over());
        let (reminded, ply) = match self.known.get(&code) {
            Some(known) if progress(&room) < progress(&known.room) => return,
            Some(known) if progress(&room) == progress(&known.room) => (known.reminded, false),
            Some(known) => {
                let same_round = known.room.round == room.round;
                (
                    false,
                    same_round && room.plies.len() > known.room.plies.len(),
                )
            }
            // First seen past its quarter (a server started late): reminded already.
            None => (room.quarter_left_at().is_some_and(|q| q <= now), false),
        };
        if room.is_over() {
            self.known.remove(&code);
            self.due.set(&code, None);
            return;
        }
        if ply {
            your_turn(&self.lobby, &room, now);
        }
        self.known.insert(code.clone(), Known { room, reminded });
        self.schedule(&code);
    }

    /// A room's moment came: the reminder, or the end on time.
    async fn fire(&mut self, code: String, now: u64) {
        let Some(known) = self.known.get_mut(&code) else {
            return;
        };
        let Some(deadline) = known.room.deadline() else {
            return;
        };
        if now < deadline {
            if !known.reminded {
                known.reminded = true;
                let room = known.room.clone();
                your_turn(&self.lobby, &room, now);
            }
            self.schedule(&code);
            return;
        }
        match self
            .lobby
            .rooms
            .act(&code, |r, now| r.out_of_time(now))
            .await
        {
            // The change comes back through the watch and leaves the queue.
            Ok(room) => self.seen(room, now),
            // Over already (another server), or a ply moved the deadline: the room as it
            // stands says what is next; storage failing, it is tried again in a moment.
            Err(_) => {
                if let Ok(Some(room)) = self.lobby.rooms.peek(&code).await {
                    self.seen(room, now);
                }
                if self.known.contains_key(&code) {
                    let again = self.due_of(&code).filter(|&at| at > now);
                    self.due
                        .set(&code, Some(again.unwrap_or(now.saturating_add(RETRY_MS))));
                }
            }
        }
    }
}

/// Runs the queue until the server stops; `changes` are the correspondence rooms' changes.
pub(super) async fn run(
    lobby: Arc<Lobby>,
    mut changes: mpsc::UnboundedReceiver<Arc<Room>>,
    mut shutdown: Shutdown,
) {
    let mut queue = Queue {
        lobby: lobby.clone(),
        due: Deadlines::default(),
        known: HashMap::new(),
    };
    loop {
        let wake = queue.due.next();
        let sleep = lobby.clock.sleep_until(wake.unwrap_or(u64::MAX));
        tokio::select! {
            change = changes.recv() => match change {
                Some(room) => {
                    let now = lobby.clock.now_ms();
                    queue.seen(room, now);
                    while let Ok(more) = changes.try_recv() {
                        queue.seen(more, now);
                    }
                }
                None => return,
            },
            _ = sleep, if wake.is_some() => {
                let now = lobby.clock.now_ms();
                for code in queue.due.take_due(now) {
                    queue.fire(code, now).await;
                }
            }
            _ = shutdown.requested() => return,
        }
    }
}
