//! The commands every mode takes alike (the level, the coach, the seat, the kept progress,
//! the solved tables, the answer to a lesson offered): taken in every mode, once, by the local games behind it too, and by
//! every game that comes on the board after.

use crate::editor::{EditorCommand, Fill};
use crate::online::SeatChoice;
use crate::progress::{Outcome, Progress};
use crate::testing::session;
use crate::{
    ArchiveCommand, Choices, CoachMode, Command, LessonCommand, LobbyCommand, ModeKind,
    OnlineCommand, PuzzleCommand, Session,
};
use qipan_engine::ai::maddell_table::{Builder, Table};
use qipan_engine::ai::{Level, Tables};
use qipan_engine::games::{GameId, Side, Variant};
use std::sync::{Arc, OnceLock};

/// Maddell's solved table for three pieces a side: small, and quick to build.
fn small_table() -> Arc<Table> {
    static TABLE: OnceLock<Arc<Table>> = OnceLock::new();
    Arc::clone(TABLE.get_or_init(|| {
        let table = Builder::new(3, 2)
            .and_then(Builder::run)
            .expect("the 3-piece table builds");
        Arc::new(table)
    }))
}

/// Puts the session in `kind`'s mode from the local games.
fn enter(s: &mut Session, kind: ModeKind) {
    let command = match kind {
        ModeKind::Local => return,
        ModeKind::Online => Command::Online(OnlineCommand::Create {
            server: "ws://127.0.0.1:1/ws".into(),
            side: SeatChoice::Side(Side::X),
        }),
        ModeKind::Puzzle => Command::Puzzle(PuzzleCommand::Next(GameId::Cannon)),
        ModeKind::Editor => Command::Editor(EditorCommand::Open(Fill::Current)),
        ModeKind::Seeking => Command::Lobby(LobbyCommand::Register {
            server: "ws://127.0.0.1:1/ws".into(),
            name: "Ann".into(),
        }),
        ModeKind::Archive => {
            let start = s.game().start_text();
            let record = format!(
                r#"{{"room":"ABCDEFGH","game":"shuangcheng","start":"{start}","plies":[],"status":"draw","reason":"agreed","rated":false,"players":{{"x":null,"o":null}}}}"#
            );
            let record = serde_json::from_str(&record).expect("a record");
            Command::Archive(ArchiveCommand::Review(Box::new(record)))
        }
        ModeKind::Lesson => Command::Lesson(LessonCommand::Start {
            game: GameId::Cannon,
            lesson: "moving".into(),
        }),
    };
    s.run(command).expect("entered");
    assert_eq!(s.mode().kind(), kind);
}

/// Back to the local games.
fn leave(s: &mut Session) {
    let command = match s.mode().kind() {
        ModeKind::Local => return,
        ModeKind::Online => Command::Online(OnlineCommand::Leave),
        ModeKind::Puzzle => Command::Puzzle(PuzzleCommand::Leave),
        ModeKind::Editor => Command::Editor(EditorCommand::Close),
        ModeKind::Seeking => Command::Lobby(LobbyCommand::Cancel),
        ModeKind::Archive => Command::Archive(ArchiveCommand::Close),
        ModeKind::Lesson => Command::Lesson(LessonCommand::Leave),
    };
    s.run(command).expect("left");
    assert_eq!(s.mode().kind(), ModeKind::Local);
}

#[test]
fn the_commands_of_every_mode_are_taken_in_every_mode() {
    let mut kept = Progress::default();
    kept.record_game(GameId::Push, Level::Easy, Outcome::Win, 1);
    let tables = Tables {
        maddell: Some(small_table()),
    };
    for kind in [
        ModeKind::Local,
        ModeKind::Online,
        ModeKind::Puzzle,
        ModeKind::Editor,
        ModeKind::Seeking,
        ModeKind::Archive,
        ModeKind::Lesson,
    ] {
        let choices = Choices {
            variant: Variant::plain(GameId::ShuangCheng),
            human: Some(Side::X),
            level: Level::Easy,
            ..Choices::default()
        };
        let (mut s, _clock) = session(choices, None);
        enter(&mut s, kind);
        s.send(Command::SetLevel(Level::Hard));
        s.send(Command::SetCoach(CoachMode::Full));
        s.send(Command::SetSeat(Side::O));
        s.send(Command::Lesson(LessonCommand::DismissOffer));
        s.send(Command::RestoreProgress(kept.clone()));
        s.send(Command::SetTables(tables.clone()));
        assert_eq!(s.apply(), [], "{kind:?}: none refused");
        assert_eq!(s.mode().kind(), kind, "the mode stays");
        assert_eq!(
            (s.level(), s.coach(), s.seat()),
            (Level::Hard, CoachMode::Full, Side::O)
        );
        assert_eq!(s.progress(), &kept, "{kind:?}");
        // The local game behind the mode takes them at once.
        let behind = s.games().next().expect("the local game");
        assert_eq!(behind.players().level, Level::Hard, "{kind:?}");
        assert_eq!(behind.coach_mode(), CoachMode::Full, "{kind:?}");
        assert_eq!(behind.tables(), &tables, "{kind:?}");
        assert_eq!(
            behind.players().human,
            Some(Side::X),
            "the seat is for later"
        );
        // So does every game that comes on the board after.
        leave(&mut s);
        s.run(Command::PickGame(GameId::Maddell)).expect("picked");
        let fresh = s.game();
        assert_eq!(fresh.players().level, Level::Hard);
        assert_eq!(fresh.coach_mode(), CoachMode::Full);
        assert_eq!(fresh.tables(), &tables);
        s.run(Command::PickGame(GameId::ShuangCheng))
            .expect("picked back");
        assert_eq!(s.game().tables(), &tables, "{kind:?}: the parked game too");
    }
}

/// The computer asked after the tables came answers from them; a session handed none has
/// none (the process's installed table is not read).
#[test]
fn the_tables_reach_the_games_only_from_the_session() {
    let (s, _clock) = session(Choices::default(), None);
    assert_eq!(s.game().tables(), &Tables::default());
    let mut m = crate::Match::new(
        qipan_engine::games::maddell::Maddell,
        qipan_engine::games::Game::start(&qipan_engine::games::maddell::Maddell),
        crate::Players {
            human: Some(Side::O),
            level: Level::Easy,
        },
        7,
        0.0,
    );
    let engine = crate::ManualEngine::default();
    m = m.with_engine(engine.clone());
    let tables = Tables {
        maddell: Some(small_table()),
    };
    m.set_tables(tables.clone());
    m.advance(0.0);
    let request = engine.last_request().expect("the computer was asked");
    assert_eq!(request.tables, tables);
}

/// Every command queued is applied once, in order, and each refusal is reported once.
#[test]
fn each_command_is_applied_once_and_each_refusal_reported_once() {
    let (mut s, _clock) = session(crate::testing::two_players(GameId::Push), None);
    let rounds = s.choices().rounds;
    s.send(Command::NewGame);
    s.send(Command::Undo);
    s.send(Command::Editor(EditorCommand::Tap(0)));
    s.send(Command::Puzzle(PuzzleCommand::Next(GameId::Push)));
    s.send(Command::Undo);
    s.send(Command::PickGame(GameId::Blockade));
    s.send(Command::PickGame(GameId::Push));
    let refused = s.apply();
    assert_eq!(
        refused,
        [
            crate::CommandError::NotIn(ModeKind::Editor),
            crate::CommandError::NotWhile(ModeKind::Puzzle),
        ]
    );
    // One new round from NewGame; the puzzle was left by the first PickGame, which picked
    // Blockade (no round), then Push came back from the shelf.
    assert_eq!(s.choices().rounds, rounds + 1);
    assert_eq!(s.mode().kind(), ModeKind::Local);
    assert_eq!(s.game().variant(), Variant::plain(GameId::Push));
    assert_eq!(s.games().count(), 2);
}
