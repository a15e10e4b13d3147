//! When each correspondence game next needs the server: its side to move runs out of days,
//! or has a quarter of them left (the second `your-turn`). One queue a server, filled from
//! storage at start and kept by every room change it sees, its own and other servers': no
//! timer per game that a restart forgets. What is due is applied through the rooms' one
//! change path, whose revision check ends a game on time once, whichever server is first.

use std::collections::{BTreeSet, HashMap};

#[derive(Debug, Default)]
pub struct Deadlines {
    by_time: BTreeSet<(u64, String)>,
    of_room: HashMap<String, u64>,
}

impl Deadlines {
    /// The room's next moment, or none (over, live, or nothing left to do).
    pub fn set(&mut self, room: &str, due: Option<u64>) {
        if let Some(old) = self.of_room.remove(room) {
            self.by_time.remove(&(old, room.to_owned()));
        }
        if let Some(due) = due {
            self.of_room.insert(room.to_owned(), due);
            self.by_time.insert((due, room.to_owned()));
        }
    }

    /// The earliest moment any room needs.
    pub fn next(&self) -> Option<u64> {
        self.by_time.first().map(|(due, _)| *due)
    }

    /// The rooms due at `now`, earliest first, taken off the queue (a room's next change
    /// puts it back with its next moment).
    pub fn take_due(&mut self, now: u64) -> Vec<String> {
        let mut due = Vec::new();
        while let Some((at, _)) = self.by_time.first() {
            if *at > now {
                break;
            }
            if let Some((_, room)) = self.by_time.pop_first() {
                self.of_room.remove(&room);
                due.push(room);
            }
        }
        due
    }

    pub fn len(&self) -> usize {
        self.of_room.len()
    }

    pub fn is_empty(&self) -> bool {
        self.of_room.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rooms_come_due_in_order_once() {
        let mut queue = Deadlines::default();
        queue.set("B", Some(20));
        queue.set("A", Some(10));
        queue.set("C", Some(30));
        queue.set("B", Some(5)); // a ply moved B's moment
        assert_eq!(queue.next(), Some(5));
        assert_eq!(queue.take_due(10), ["B", "A"]);
        assert_eq!(queue.take_due(10), Vec::<String>::new());
        queue.set("C", None); // over
        assert!(queue.is_empty());
        assert_eq!(queue.next(), None);
    }
}
