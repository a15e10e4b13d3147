//! The transposition table: a fixed-size, always-replace-if-deeper hash table keyed by the
//! games' Zobrist hashes.

/// What a stored score means relative to the window it was searched with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    pub key: u64,
    pub best: Option<M>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
}

pub struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` slots.
    pub fn new(bits: u32) -> Self {
        let size = 1usize << bits;
        Table {
            slots: vec![None; size],
            mask: size - 1,
        }
    }

    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Keeps the deeper of two entries for the same position; a different position always
    /// replaces (newer searches matter more).
    pub fn store(&mut self, entry: Entry<M>) {
        let slot = &mut self.slots[entry.key as usize & self.mask];
        if let Some(old) = slot {
            if old.key == entry.key && old.depth > entry.depth && entry.bound != Bound::Exact {
                return;
            }
        }
        *slot = Some(entry);
    }
}
