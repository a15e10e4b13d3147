//! A game in progress: its start, the plies played (moves or turns lost to the timer), a
//! cursor for undo and redo, and the positions they lead to. [`AnySession`] hides which of
//! the five games it is, so that the app shell is written once.

use super::boards::{BoardCtx, BoardPainter, HasBoard};
use crate::games::{blockade, cannon, maddell, push, shuangcheng};
use crate::games::{AnyGame, Game, MoveError, PositionError, Side, Status, Variant};
use crate::i18n::{I18n, Msg};

/// One ply: a move, or a turn lost to the timer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ply<M> {
    Move(M),
    Skip,
}

/// The text a saved game uses for a turn lost to the timer (no move notation looks like it).
pub const SKIP_TEXT: &str = "timeout";

/// A game in progress, for one concrete game.
pub struct Session<G: HasBoard> {
    pub game: G,
    plies: Vec<Ply<G::Move>>,
    /// `positions[i]` is the position after the first `i` plies.
    positions: Vec<G::Position>,
    cursor: usize,
    /// The legal moves at the cursor, computed once per position.
    legal: Vec<G::Move>,
    painter: G::Painter,
}

impl<G: HasBoard> Session<G> {
    pub fn new(game: G, start: G::Position) -> Self {
        let mut session = Session {
            game,
            plies: Vec::new(),
            positions: vec![start],
            cursor: 0,
            legal: Vec::new(),
            painter: G::Painter::default(),
        };
        session.refresh();
        session
    }

    pub fn current(&self) -> &G::Position {
        &self.positions[self.cursor]
    }

    fn refresh(&mut self) {
        self.legal.clear();
        let pos = self.positions[self.cursor];
        self.game.legal_moves(&pos, &mut self.legal);
        self.painter.clear();
    }

    /// Plays a legal move at the cursor, dropping any plies that were undone.
    pub fn play(&mut self, mv: G::Move) {
        let next = self.game.play(self.current(), mv);
        self.push_ply(Ply::Move(mv), next);
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

    /// Reads a move in notation and plays it if it is legal here.
    pub fn play_text(&mut self, text: &str) -> Result<(), MoveError> {
        if text == SKIP_TEXT {
            self.skip();
            return Ok(());
        }
        let mv = self.game.parse_move(self.current(), text)?;
        self.play(mv);
        Ok(())
    }

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

    fn animating(&self) -> bool {
        <G::Painter as BoardPainter<G>>::animating(&self.painter)
    }

    /// Push the Line: the side to move can only pass, and so could the other side after it.
    fn neither_side_can_move(&self) -> bool {
        let Some(pass) = self.game.forced_pass(&self.legal) else {
            return false;
        };
        let after = self.game.play(self.current(), pass);
        let mut moves = Vec::new();
        self.game.legal_moves(&after, &mut moves);
        self.game.forced_pass(&moves).is_some()
    }

    fn last_move(&self) -> Option<G::Move> {
        match self.cursor.checked_sub(1).map(|i| self.plies[i]) {
            Some(Ply::Move(mv)) => Some(mv),
            _ => None,
        }
    }
}

/// A session of any of the five games.
pub enum AnySession {
    Push(Session<push::Push>),
    ShuangCheng(Session<shuangcheng::ShuangCheng>),
    Maddell(Session<maddell::Maddell>),
    Blockade(Session<blockade::Blockade>),
    Cannon(Session<cannon::Cannon>),
}

/// Runs `$body` with `$s` bound to the concrete session.
macro_rules! with_session {
    ($any:expr, $s:ident => $body:expr) => {
        match $any {
            AnySession::Push($s) => $body,
            AnySession::ShuangCheng($s) => $body,
            AnySession::Maddell($s) => $body,
            AnySession::Blockade($s) => $body,
            AnySession::Cannon($s) => $body,
        }
    };
}

/// A position text with a different side to move (the second field of every game's position
/// text), for starting a game with the other side first.
fn with_side_to_move(text: &str, side: Side) -> String {
    let mut fields: Vec<String> = text.split(' ').map(str::to_owned).collect();
    if let Some(field) = fields.get_mut(1) {
        *field = side.letter().to_string();
    }
    fields.join(" ")
}

impl AnySession {
    /// A new game from the standard start, with `first` to move.
    pub fn new(variant: Variant, first: Side) -> AnySession {
        fn make<G: HasBoard>(game: G, first: Side) -> Session<G> {
            let mut start = game.start();
            if game.side_to_move(&start) != first {
                let text = with_side_to_move(&game.format_position(&start), first);
                if let Ok(pos) = game.parse_position(&text) {
                    start = pos;
                }
            }
            Session::new(game, start)
        }
        match variant.to_game() {
            AnyGame::Push(g) => AnySession::Push(make(g, first)),
            AnyGame::ShuangCheng(g) => AnySession::ShuangCheng(make(g, first)),
            AnyGame::Maddell(g) => AnySession::Maddell(make(g, first)),
            AnyGame::Blockade(g) => AnySession::Blockade(make(g, first)),
            AnyGame::Cannon(g) => AnySession::Cannon(make(g, first)),
        }
    }

    /// A game from a start position text (saved games).
    pub fn from_start_text(variant: Variant, text: &str) -> Result<AnySession, PositionError> {
        fn make<G: HasBoard>(game: G, text: &str) -> Result<Session<G>, PositionError> {
            let start = game.parse_position(text)?;
            Ok(Session::new(game, start))
        }
        Ok(match variant.to_game() {
            AnyGame::Push(g) => AnySession::Push(make(g, text)?),
            AnyGame::ShuangCheng(g) => AnySession::ShuangCheng(make(g, text)?),
            AnyGame::Maddell(g) => AnySession::Maddell(make(g, text)?),
            AnyGame::Blockade(g) => AnySession::Blockade(make(g, text)?),
            AnyGame::Cannon(g) => AnySession::Cannon(make(g, text)?),
        })
    }

    pub fn variant(&self) -> Variant {
        with_session!(self, s => s.game.variant())
    }

    pub fn side_to_move(&self) -> Side {
        with_session!(self, s => s.game.side_to_move(s.current()))
    }

    pub fn status(&self) -> Status {
        with_session!(self, s => s.game.status(s.current()))
    }

    pub fn cursor(&self) -> usize {
        with_session!(self, s => s.cursor)
    }

    pub fn len(&self) -> usize {
        with_session!(self, s => s.plies.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn set_cursor(&mut self, cursor: usize) {
        with_session!(self, s => s.set_cursor(cursor))
    }

    /// The side to move after `plies` plies.
    pub fn side_to_move_at(&self, plies: usize) -> Side {
        with_session!(self, s => {
            let i = plies.min(s.positions.len() - 1);
            s.game.side_to_move(&s.positions[i])
        })
    }

    pub fn play_text(&mut self, text: &str) -> Result<(), MoveError> {
        with_session!(self, s => s.play_text(text))
    }

    pub fn skip(&mut self) {
        with_session!(self, s => s.skip())
    }

    /// Every ply in notation (timer skips as [`SKIP_TEXT`]).
    pub fn ply_texts(&self) -> Vec<String> {
        with_session!(self, s => s.plies.iter().map(|p| s.ply_text(p)).collect())
    }

    /// Whether ply `i` was a turn lost to the timer.
    pub fn is_skip(&self, i: usize) -> bool {
        with_session!(self, s => matches!(s.plies.get(i), Some(Ply::Skip)))
    }

    pub fn start_text(&self) -> String {
        with_session!(self, s => s.game.format_position(&s.positions[0]))
    }

    pub fn position_text(&self) -> String {
        with_session!(self, s => s.game.format_position(s.current()))
    }

    /// The positions before the cursor's, oldest first, for the computer's repetition check.
    pub fn history_texts(&self) -> Vec<String> {
        with_session!(self, s => s.positions[..s.cursor]
            .iter()
            .map(|p| s.game.format_position(p))
            .collect())
    }

    pub fn side_name(&self, side: Side) -> Msg {
        with_session!(self, s => s.game.side_name(side))
    }

    pub fn end_reason(&self, i18n: &I18n) -> String {
        with_session!(self, s => {
            let pos = s.current();
            s.game.end_reason(pos, s.game.status(pos), i18n)
        })
    }

    pub fn status_line(&self, i18n: &I18n) -> Option<String> {
        with_session!(self, s => s.game.status_line(s.current(), i18n))
    }

    /// Plays the forced pass, if the only legal move is one; returns whether it did.
    pub fn play_forced_pass(&mut self) -> bool {
        with_session!(self, s => match s.game.forced_pass(&s.legal) {
            Some(mv) => {
                s.play(mv);
                true
            }
            None => false,
        })
    }

    /// Whether the side to move has only a forced pass.
    pub fn has_forced_pass(&self) -> bool {
        with_session!(self, s => s.game.forced_pass(&s.legal).is_some())
    }

    pub fn neither_side_can_move(&self) -> bool {
        with_session!(self, s => s.neither_side_can_move())
    }

    /// Whether a board animation wants frames.
    pub fn animating(&self) -> bool {
        with_session!(self, s => s.animating())
    }

    /// Draws the board into `rect`; plays and returns true when the player completed a move.
    pub fn show_board(
        &mut self,
        ui: &mut egui::Ui,
        rect: egui::Rect,
        i18n: &I18n,
        interactive: bool,
        time: f64,
    ) -> bool {
        with_session!(self, s => {
            let pos = *s.current();
            let ctx = BoardCtx {
                game: &s.game,
                pos: &pos,
                legal: &s.legal,
                last_move: s.last_move(),
                interactive,
                i18n,
                time,
            };
            let chosen = s.painter.show(ui, rect, &ctx);
            match chosen {
                Some(mv) if interactive && s.legal.contains(&mv) => {
                    s.play(mv);
                    true
                }
                _ => false,
            }
        })
    }
}
