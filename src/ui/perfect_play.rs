//! Sixpenny Maddell's perfect play in the app: the solved table
//! ([`qipan_engine::ai::maddell_table`]) is prepared in the background the first time a Maddell
//! game is on the board (or the app starts on one), and a small note in the status line
//! says how far it is. Once it is ready the session is handed it ([`Command::SetTables`]),
//! and the computer and the coach answer from it; until then they search.
//!
//! Preparing costs nothing while nobody looks: the preparation wakes the app (a repaint)
//! only when its state changes, once a percent while it builds.

use super::theme;
use crate::i18n::I18n;
use crate::msg;
use qipan_engine::ai::maddell_table::{self, Readiness};
use qipan_engine::ai::Tables;
use qipan_session::{AnyMatch, Command};

/// Where the app's Maddell table comes from: [`super::App::new`] prepares the real one
/// ([`PerfectPlay::real`]); the apps that tests build have none unless they give one.
pub struct PerfectPlay {
    /// Starts preparing; called once, the first time a Maddell game is on the board, with
    /// the context to repaint when the readiness changes.
    start: Option<Box<dyn FnOnce(egui::Context)>>,
    /// Where the preparation stands.
    readiness: Box<dyn Fn() -> Readiness>,
    /// The prepared tables, handed to the session once ready (the real ones; a stand-in
    /// has none).
    tables: Option<fn() -> Tables>,
}

impl PerfectPlay {
    /// The real table: natively loaded from the app's data directory or built on a thread
    /// and stored there; on the web the same with the browser's IndexedDB.
    pub fn real() -> PerfectPlay {
        PerfectPlay::custom(
            |ctx| {
                let wake = move || ctx.request_repaint();
                #[cfg(not(target_arch = "wasm32"))]
                maddell_table::prepare_in_background(maddell_table::default_path(), wake);
                #[cfg(target_arch = "wasm32")]
                maddell_table::prepare_in_background(wake);
            },
            maddell_table::readiness,
        )
        .with_tables(Tables::installed)
    }

    /// Hands the session `tables` once the preparation is ready.
    fn with_tables(mut self, tables: fn() -> Tables) -> PerfectPlay {
        self.tables = Some(tables);
        self
    }

    /// No table: Maddell is played by search alone, and no note shows.
    pub fn none() -> PerfectPlay {
        PerfectPlay {
            start: None,
            readiness: Box::new(|| Readiness::NotStarted),
            tables: None,
        }
    }

    /// A table of the caller's (tests): `start` is called the first time Maddell is on the
    /// board, and the note shows what `readiness` says.
    pub fn custom(
        start: impl FnOnce(egui::Context) + 'static,
        readiness: impl Fn() -> Readiness + 'static,
    ) -> PerfectPlay {
        PerfectPlay {
            start: Some(Box::new(start)),
            readiness: Box::new(readiness),
            tables: None,
        }
    }

    /// Starts the preparation if a game with a prepared table (Maddell) is on the board and
    /// it has not started yet; once it is ready, the command that hands the session the
    /// tables (once).
    pub(super) fn frame(&mut self, ctx: &egui::Context, game: &AnyMatch) -> Option<Command> {
        if game.has_prepared_table() {
            if let Some(start) = self.start.take() {
                start(ctx.clone());
            }
        }
        let tables = self
            .tables
            .filter(|_| matches!(self.readiness(), Readiness::Ready { .. }))?;
        self.tables = None;
        Some(Command::SetTables(tables()))
    }

    /// Where the preparation stands.
    pub fn readiness(&self) -> Readiness {
        (self.readiness)()
    }

    /// Where things stand with perfect play in the game on the board, as the status line's
    /// note says it (none in the other games, and none before the preparation starts).
    pub fn note(&self, game: &AnyMatch, i18n: &I18n) -> Option<String> {
        note_for(&self.readiness(), game, i18n)
    }

    /// The note in the status line: plain while it reads or builds, green once ready, red
    /// if it failed.
    pub(super) fn label(&self, ui: &mut egui::Ui, game: &AnyMatch, i18n: &I18n) {
        let readiness = self.readiness();
        let Some(text) = note_for(&readiness, game, i18n) else {
            return;
        };
        let color = match readiness {
            Readiness::Failed(_) => theme::RED,
            Readiness::Ready { .. } => theme::GREEN,
            _ => ui.visuals().text_color(),
        };
        ui.separator();
        ui.label(egui::RichText::new(text).color(color));
    }
}

fn note_for(readiness: &Readiness, game: &AnyMatch, i18n: &I18n) -> Option<String> {
    if !game.has_prepared_table() {
        return None;
    }
    Some(match readiness {
        Readiness::NotStarted => return None,
        Readiness::Loading => i18n.tr(msg!("perfect-loading")),
        Readiness::Building(done) => {
            let percent = (done.clamp(0.0, 1.0) * 100.0).floor() as i64;
            i18n.tr_args(msg!("perfect-building"), &[("percent", percent.into())])
        }
        Readiness::Ready { note: None } => i18n.tr(msg!("perfect-ready")),
        Readiness::Ready { note: Some(why) } => i18n.tr_args(
            msg!("perfect-ready-unsaved"),
            &[("error", why.as_str().into())],
        ),
        Readiness::Failed(why) => {
            i18n.tr_args(msg!("perfect-failed"), &[("error", why.as_str().into())])
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use qipan_engine::games::{GameId, Side, Variant};
    use qipan_session::Players;
    use std::cell::Cell;
    use std::rc::Rc;

    /// The session is handed the tables once, when the preparation is ready, not before.
    #[test]
    fn the_tables_are_handed_once_when_ready() {
        let ready = Rc::new(Cell::new(false));
        let is_ready = Rc::clone(&ready);
        let mut perfect = PerfectPlay::custom(
            |_| {},
            move || match is_ready.get() {
                true => Readiness::Ready { note: None },
                false => Readiness::Building(0.5),
            },
        )
        .with_tables(Tables::default);
        let players = Players {
            human: Some(Side::X),
            level: qipan_engine::ai::Level::Easy,
        };
        let maddell = AnyMatch::new(Variant::plain(GameId::Maddell), Side::X, players, 7, 0.0);
        let ctx = egui::Context::default();
        assert_eq!(perfect.frame(&ctx, &maddell), None, "not ready yet");
        ready.set(true);
        assert_eq!(
            perfect.frame(&ctx, &maddell),
            Some(Command::SetTables(Tables::default()))
        );
        assert_eq!(perfect.frame(&ctx, &maddell), None, "handed once");
    }
}
