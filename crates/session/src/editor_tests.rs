//! The board editor driven by commands alone: set-ups checked at once, refusals that change
//! nothing, playing, analysing and linking a set-up.

use crate::editor::{EditorCommand as E, EditorError, Fill};
use crate::timer::ManualClock;
use crate::{Choices, CoachMode, Command, CommandError, ModeKind, Session};
use qipan_engine::ai::Level;
use qipan_engine::games::setup::{Piece, SetupError};
use qipan_engine::games::{GameId, Side, Status, Variant};
use std::sync::Arc;

fn session(game: GameId, human: Option<Side>) -> (Session, ManualClock) {
    let clock = ManualClock::default();
    let choices = Choices {
        variant: Variant::plain(game),
        human,
        level: Level::Easy,
        ..Choices::default()
    };
    let session = Session::new(choices, None, Box::new(clock.clone()), Arc::new(|| {}), 7);
    (session, clock)
}

fn edit(s: &mut Session, command: E) {
    s.run(Command::Editor(command.clone()))
        .unwrap_or_else(|e| panic!("{command:?}: {e:?}"));
}

fn text(s: &Session) -> Result<String, SetupError> {
    let editor = s.editor().expect("the editor is open");
    editor.verdict().map(str::to_owned).map_err(Clone::clone)
}

fn index(s: &Session, name: &str) -> usize {
    let shape = s.editor().expect("open").shape();
    shape
        .names
        .iter()
        .position(|n| *n == name)
        .expect("a point of the game")
}

#[test]
fn a_maddell_placement_set_up_is_played_by_two() {
    let (mut s, _clock) = session(GameId::Maddell, None);
    edit(&mut s, E::Open(Fill::Current));
    assert_eq!(text(&s), Ok(".................. x 6 6".to_owned()));
    // A tap cycles empty → dark → light → empty.
    let a1 = index(&s, "a1");
    edit(&mut s, E::Tap(a1));
    assert_eq!(s.editor().map(|e| e.piece_at(a1)), Some(Some(Piece::X)));
    // Dark has 6 in hand and one on the board: seven.
    assert!(matches!(
        text(&s),
        Err(SetupError::HandTooBig { side: Side::X, .. })
    ));
    edit(&mut s, E::Hand(Side::X, 5));
    assert!(text(&s).is_ok());
    let b2 = index(&s, "b2");
    edit(&mut s, E::Tap(b2));
    edit(&mut s, E::Tap(b2));
    edit(&mut s, E::Hand(Side::O, 5));
    edit(&mut s, E::ToMove(Side::O));
    let set_up = text(&s).expect("valid");
    assert_eq!(set_up, "x......o.......... o 5 5");
    edit(&mut s, E::Play(None));
    assert!(s.editor().is_none());
    assert_eq!(s.game().start_text(), set_up);
    assert_eq!(s.game().players().human, None);
    let mv = s.game().parse_move("c4").expect("light places");
    s.run(Command::Play(mv)).expect("played");
    assert_eq!(s.game().position_text(), "x......o.......o.. x 5 4");
}

#[test]
fn an_earthen_cannon_set_up_is_played_against_the_computer() {
    let (mut s, _clock) = session(GameId::Cannon, Some(Side::X));
    edit(&mut s, E::Open(Fill::Empty));
    // An empty board: no cannon left, the soldiers have won.
    assert!(matches!(
        text(&s),
        Err(SetupError::Finished(Status::Win(Side::O, _)))
    ));
    for (name, piece) in [
        ("c6", Piece::X),
        ("c3", Piece::O),
        ("c2", Piece::O),
        ("a1", Piece::O),
    ] {
        let i = index(&s, name);
        edit(&mut s, E::Put(i, Some(piece)));
    }
    let set_up = text(&s).expect("valid");
    edit(&mut s, E::Play(Some(Side::X)));
    assert_eq!(s.game().start_text(), set_up);
    assert_eq!(s.game().players().human, Some(Side::X));
    let mv = s.game().parse_move("c6-c5").expect("a step");
    s.run(Command::Play(mv)).expect("played");
    assert_eq!(s.game().len(), 1);
}

#[test]
fn refused_editor_commands_change_nothing() {
    let (mut s, clock) = session(GameId::Cannon, None);
    assert_eq!(
        s.run(Command::Editor(E::Tap(0))),
        Err(CommandError::NotIn(ModeKind::Editor))
    );
    let mv = s.game().parse_move("c6-c5").expect("legal");
    s.run(Command::Play(mv)).expect("played");
    let game_before = s.game().position_text();
    let remaining = s.game().remaining(s.now());
    edit(&mut s, E::Open(Fill::Current));
    let before = s.editor().cloned();
    for (command, error) in [
        (E::Tap(30), EditorError::NoSuchPoint(30)),
        (E::Put(99, None), EditorError::NoSuchPoint(99)),
        (
            E::Put(0, Some(Piece::Shared)),
            EditorError::NotInGame(Piece::Shared),
        ),
        (E::Hand(Side::X, 1), EditorError::Hand),
        (E::ConfirmPlay, EditorError::NotConfirming),
        (E::CancelPlay, EditorError::NotConfirming),
    ] {
        assert_eq!(
            s.run(Command::Editor(command.clone())),
            Err(CommandError::Editor(error)),
            "{command:?}"
        );
        assert_eq!(s.editor().cloned(), before, "{command:?}");
    }
    assert_eq!(
        s.run(Command::Editor(E::Open(Fill::Empty))),
        Err(CommandError::AlreadyIn(ModeKind::Editor))
    );
    assert_eq!(s.editor().cloned(), before);
    // The game's own commands wait while the editor is open; the clock stands still.
    let not_while = Err(CommandError::NotWhile(ModeKind::Editor));
    let mv = s.game().legal_moves()[0];
    for command in [
        Command::Undo,
        Command::NewGame,
        Command::Play(mv),
        Command::Hint,
        Command::StepTo(0),
        Command::OpenLink(crate::link::parse_query("game=push").expect("a link")),
        Command::Puzzle(crate::PuzzleCommand::Next(GameId::Cannon)),
    ] {
        assert_eq!(s.run(command.clone()), not_while, "{command:?}");
    }
    clock.advance(120.0);
    s.apply();
    assert_eq!(s.game().position_text(), game_before);
    assert_eq!(s.game().len(), 1);
    // An invalid set-up is not played.
    edit(&mut s, E::Fill(Fill::Empty));
    let before = s.editor().cloned();
    assert!(matches!(
        s.run(Command::Editor(E::Play(None))),
        Err(CommandError::Editor(EditorError::Invalid(
            SetupError::Finished(_)
        )))
    ));
    assert_eq!(s.editor().cloned(), before);
    assert!(matches!(
        s.run(Command::Editor(E::Analyse)),
        Err(CommandError::Editor(EditorError::Invalid(_)))
    ));
    // Closing goes back to the game as it was, its clock running on from where it stood.
    edit(&mut s, E::Close);
    s.apply();
    assert_eq!(s.game().position_text(), game_before);
    assert!((s.game().remaining(s.now()) - remaining).abs() < 1e-6);
}

#[test]
fn playing_over_a_game_with_moves_asks_first() {
    let (mut s, _clock) = session(GameId::Blockade, None);
    let mv = s.game().parse_move("b1-b3").expect("legal");
    s.run(Command::Play(mv)).expect("played");
    edit(&mut s, E::Open(Fill::Start));
    edit(&mut s, E::ToMove(Side::O));
    edit(&mut s, E::Play(None));
    assert!(s.editor().is_some_and(|e| e.confirming()));
    edit(&mut s, E::CancelPlay);
    assert!(s.editor().is_some_and(|e| !e.confirming()));
    assert_eq!(s.game().len(), 1, "the game with moves is still there");
    edit(&mut s, E::Play(None));
    edit(&mut s, E::ConfirmPlay);
    assert!(s.editor().is_none());
    assert_eq!(s.game().len(), 0);
    assert_eq!(s.game().side_to_move(), Side::O, "light moves first");
    assert_eq!(s.game().start_text(), "xxxxxx...x.....o...oooooo o");
}

#[test]
fn analysing_a_set_up_opens_it_for_two_with_the_full_coach() {
    let (mut s, _clock) = session(GameId::ShuangCheng, Some(Side::X));
    edit(&mut s, E::Open(Fill::Current));
    let c = index(&s, "c");
    let bh = index(&s, "bh");
    edit(&mut s, E::Put(bh, None));
    assert!(matches!(
        text(&s),
        Err(SetupError::TooFew {
            piece: Piece::X,
            ..
        })
    ));
    edit(&mut s, E::Put(c, Some(Piece::X)));
    edit(&mut s, E::Analyse);
    assert_eq!(s.game().start_text(), "ooosxsx.x x 0");
    assert_eq!(s.coach(), CoachMode::Full);
    assert_eq!(s.human(), None);
}

#[test]
fn picking_another_game_sets_up_that_game() {
    let (mut s, _clock) = session(GameId::ShuangCheng, None);
    edit(&mut s, E::Open(Fill::Current));
    s.run(Command::PickGame(GameId::Push)).expect("picked");
    let editor = s.editor().expect("still editing");
    assert_eq!(editor.variant(), Variant::plain(GameId::Push));
    assert_eq!(editor.shape().points, 61);
    assert!(editor.verdict().is_ok());
}

#[test]
fn the_set_ups_link_opens_the_same_position() {
    let (mut s, _clock) = session(GameId::Maddell, None);
    edit(&mut s, E::Open(Fill::Current));
    assert!(s.editor().and_then(|e| e.link_query()).is_some());
    edit(&mut s, E::Hand(Side::O, 4));
    // Light has lost a piece, but dark has placed nothing: refused, no link.
    edit(&mut s, E::Put(0, Some(Piece::O)));
    assert!(matches!(text(&s), Err(SetupError::LostTooMany { .. })));
    edit(&mut s, E::Hand(Side::O, 5));
    let query = s.editor().and_then(|e| e.link_query()).expect("valid");
    assert_eq!(query, "game=maddell&pos=o.................+x+6+5");
    edit(&mut s, E::Put(1, Some(Piece::O)));
    assert!(
        s.editor().and_then(|e| e.link_query()).is_none(),
        "invalid: no link"
    );
    edit(&mut s, E::Close);
    let link = crate::link::parse_query(&query).expect("a link");
    s.run(Command::OpenLink(link)).expect("opened");
    assert_eq!(s.game().start_text(), "o................. x 6 5");
}

/// Picking another game sets up that game, and picks it once: a fresh round of Push the
/// Line is counted once, and its new game waits behind the editor. Picking the game being
/// set up keeps the set-up.
#[test]
fn picking_a_game_in_the_editor_picks_it_once_and_keeps_a_set_up_of_the_same_game() {
    let (mut s, clock) = session(GameId::ShuangCheng, None);
    edit(&mut s, E::Open(Fill::Current));
    let rounds = s.choices().rounds;
    s.run(Command::PickGame(GameId::Push)).expect("picked");
    assert_eq!(s.choices().rounds, rounds + 1, "one new round");
    assert_eq!(s.games().count(), 2);
    assert_eq!(s.game().variant(), Variant::plain(GameId::Push));
    clock.advance(90.0);
    s.apply();
    assert_eq!(s.game().len(), 0, "the new game waits: no lost turn");
    edit(&mut s, E::Fill(Fill::Empty));
    let set_up = s.editor().cloned();
    s.run(Command::PickGame(GameId::Push)).expect("picked");
    assert_eq!(s.editor().cloned(), set_up);
    assert_eq!(s.choices().rounds, rounds + 1);
}

/// The players chosen while the editor is open are the waiting game's, which keeps
/// waiting; the editor stays open.
#[test]
fn players_chosen_in_the_editor_are_the_waiting_games() {
    let (mut s, clock) = session(GameId::Cannon, Some(Side::X));
    edit(&mut s, E::Open(Fill::Current));
    s.run(Command::SetPlayers(None)).expect("two players");
    assert_eq!(s.human(), None);
    assert!(s.editor().is_some());
    clock.advance(90.0);
    s.apply();
    assert_eq!(s.game().len(), 0, "still waiting: no lost turn");
    s.run(Command::SetPlayers(Some(Side::O)))
        .expect("against the computer");
    assert_eq!((s.human(), s.seat()), (Some(Side::O), Side::O));
    edit(&mut s, E::Close);
    assert_eq!(s.mode().kind(), ModeKind::Local);
    assert_eq!(s.game().players().human, Some(Side::O));
}
