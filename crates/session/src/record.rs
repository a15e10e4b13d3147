//! The record of a game: its start, the plies played (moves or turns lost to the timer), a
//! cursor for undo and redo, and the positions they lead to.

use qipan_engine::games::{Game, MoveError, Side, Status};

/// One ply: a move, or a turn lost to the timer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ply<M> {
    Move(M),
    Skip,
}

/// The text a saved game uses for a turn lost to the timer (no move notation looks like it).
pub const SKIP_TEXT: &str = "timeout";

/// A game's plies and positions, for one concrete game.
#[derive(Clone, Debug)]
pub struct Record<G: Game> {
    game: G,
    plies: Vec<Ply<G::Move>>,
    /// `positions[i]` is the position after the first `i` plies.
    positions: Vec<G::Position>,
    cursor: usize,
    /// The legal moves at the cursor, computed once per position.
    legal: Vec<G::Move>,
}

impl<G: Game> Record<G> {
    pub fn new(game: G, start: G::Position) -> Self {
        let mut record = Record {
            game,
            plies: Vec::new(),
            positions: vec![start],
            cursor: 0,
            legal: Vec::new(),
        };
        record.refresh();
        record
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    /// The position at the cursor.
    pub fn current(&self) -> &G::Position {
        &self.positions[self.cursor]
    }

    /// The legal moves at the cursor.
    pub fn legal(&self) -> &[G::Move] {
        &self.legal
    }

    pub fn status(&self) -> Status {
        self.game.status(self.current())
    }

    pub fn side_to_move(&self) -> Side {
        self.game.side_to_move(self.current())
    }

    /// The side to move after `plies` plies.
    pub fn side_to_move_at(&self, plies: usize) -> Side {
        let i = plies.min(self.positions.len() - 1);
        self.game.side_to_move(&self.positions[i])
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Every ply, including those undone (past the cursor).
    pub fn plies(&self) -> &[Ply<G::Move>] {
        &self.plies
    }

    pub fn len(&self) -> usize {
        self.plies.len()
    }

    pub fn is_empty(&self) -> bool {
        self.plies.is_empty()
    }

    pub fn start(&self) -> &G::Position {
        &self.positions[0]
    }

    /// The position after the first `plies` plies.
    pub fn position_at(&self, plies: usize) -> &G::Position {
        &self.positions[plies.min(self.positions.len() - 1)]
    }

    /// The positions before the cursor's, oldest first (the computer's repetition check).
    pub fn history(&self) -> &[G::Position] {
        &self.positions[..self.cursor]
    }

    fn refresh(&mut self) {
        self.legal.clear();
        let pos = self.positions[self.cursor];
        self.game.legal_moves(&pos, &mut self.legal);
    }

    /// Plays `mv` at the cursor, dropping any plies that were undone. Refuses a move that is
    /// not legal here, leaving the record as it was.
    pub fn play(&mut self, mv: G::Move) -> Result<(), MoveError> {
        if !self.legal.contains(&mv) {
            return Err(MoveError::Illegal {
                text: self.game.format_move(mv),
            });
        }
        let next = self.game.play(self.current(), mv);
        self.push_ply(Ply::Move(mv), next);
        Ok(())
    }

    /// The side to move loses its turn to the timer.
    pub fn skip(&mut self) {
        let next = self.game.skip_turn(self.current());
        self.push_ply(Ply::Skip, next);
    }

    fn push_ply(&mut self, ply: Ply<G::Move>, next: G::Position) {
        self.plies.truncate(self.cursor);
        self.positions.truncate(self.cursor + 1);
        self.plies.push(ply);
        self.positions.push(next);
        self.cursor += 1;
        self.refresh();
    }

    /// Reads a ply in notation ([`SKIP_TEXT`] for a lost turn) and plays it if it is legal.
    pub fn play_text(&mut self, text: &str) -> Result<(), MoveError> {
        if text == SKIP_TEXT {
            self.skip();
            return Ok(());
        }
        let mv = self.game.parse_move(self.current(), text)?;
        self.play(mv)
    }

    /// Moves the cursor (clamped to the plies played).
    pub fn set_cursor(&mut self, cursor: usize) {
        let cursor = cursor.min(self.plies.len());
        if cursor != self.cursor {
            self.cursor = cursor;
            self.refresh();
        }
    }

    pub fn ply_text(&self, ply: &Ply<G::Move>) -> String {
        match ply {
            Ply::Move(mv) => self.game.format_move(*mv),
            Ply::Skip => SKIP_TEXT.to_owned(),
        }
    }

    /// The move that led to the cursor's position; `None` at the start or after a skip.
    pub fn last_move(&self) -> Option<G::Move> {
        match self.cursor.checked_sub(1).map(|i| self.plies[i]) {
            Some(Ply::Move(mv)) => Some(mv),
            _ => None,
        }
    }
}
