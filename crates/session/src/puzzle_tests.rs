//! Puzzles through the session: solved and failed by commands, and the puzzle mode's
//! refusals, each with its reason; another puzzle or another game leaves it first.

use crate::puzzles::{PuzzleState, REPLY_DELAY, WRONG_SHOWN};
use crate::testing::{play, session, session_on, two_players};
use crate::timer::ManualClock;
use crate::{Command, CommandError, ModeKind, PlayError, PuzzleCommand, PuzzleError, Session};
use qipan_engine::games::GameId;

/// A session with the next Shuang Cheng puzzle on the board, behind it a game with a move.
fn solving() -> (Session, ManualClock) {
    let (mut s, clock) = session(two_players(GameId::ShuangCheng), None);
    let first = s.game().legal_moves()[0];
    s.run(Command::Play(first)).expect("played");
    s.run(Command::Puzzle(PuzzleCommand::Next(GameId::ShuangCheng)))
        .expect("a puzzle");
    (s, clock)
}

/// Plays a move of the puzzle on the board other than its line's.
fn play_wrong(s: &mut Session) {
    let run = s.puzzle().expect("a puzzle");
    let right = s
        .game()
        .parse_move(&run.puzzle().line[run.board().len()])
        .expect("reads");
    let wrong = s
        .game()
        .legal_moves()
        .into_iter()
        .find(|&m| m != right)
        .expect("another move");
    s.run(Command::Play(wrong)).expect("played, and wrong");
}

/// A puzzle by commands alone: the line's moves are played, the replies come after their
/// delay, the puzzle counts as solved, and leaving brings the game behind it back.
#[test]
fn a_puzzle_is_solved_by_commands() {
    let (mut s, clock) = session(two_players(GameId::ShuangCheng), None);
    let first = s.game().legal_moves()[0];
    s.run(Command::Play(first)).expect("played");
    let behind = s.game().position_text();
    s.run(Command::Puzzle(PuzzleCommand::Next(GameId::ShuangCheng)))
        .expect("a puzzle");
    let line = s.puzzle().expect("on the board").puzzle().line.clone();
    assert_eq!(
        s.game().position_text(),
        s.puzzle().expect("on").puzzle().position
    );
    for (i, text) in line.iter().enumerate() {
        if i % 2 == 1 {
            clock.advance(REPLY_DELAY);
            s.apply();
            continue;
        }
        play(&mut s, text);
    }
    let run = s.puzzle().expect("still on");
    assert_eq!(run.state(), PuzzleState::Solved);
    let record = s.progress().game(GameId::ShuangCheng);
    assert_eq!((record.puzzles_solved, record.puzzles_failed), (1, 0));
    assert!(record.puzzle.rating > 1500.0);
    let mv = s.game().legal_moves().first().copied();
    if let Some(mv) = mv {
        assert_eq!(
            s.run(Command::Play(mv)),
            Err(CommandError::Play(PlayError::GameOver)),
            "solved"
        );
    }
    s.run(Command::Puzzle(PuzzleCommand::Leave)).expect("left");
    assert!(s.puzzle().is_none());
    assert_eq!(s.game().position_text(), behind);
}

/// A wrong move fails the puzzle (the rating drops), is taken back, and only then may the
/// hint be asked for.
#[test]
fn a_wrong_move_fails_the_puzzle_and_opens_the_hint() {
    let (mut s, clock) = session(two_players(GameId::Cannon), None);
    s.run(Command::Puzzle(PuzzleCommand::Daily {
        game: GameId::Cannon,
        day: 20_000,
    }))
    .expect("the day's puzzle");
    let run = s.puzzle().expect("on");
    assert!(run.is_daily());
    let right = s.game().parse_move(&run.puzzle().line[0]).expect("reads");
    assert_eq!(
        s.run(Command::Hint),
        Err(CommandError::Puzzle(PuzzleError::HintBeforeFailedTry))
    );
    let wrong = s
        .game()
        .legal_moves()
        .into_iter()
        .find(|&m| m != right)
        .expect("another move");
    s.run(Command::Play(wrong)).expect("played, and wrong");
    assert_eq!(s.puzzle().map(|r| r.state()), Some(PuzzleState::Wrong));
    assert!(
        s.next_moment().is_some(),
        "the app is asked for a frame to take it back"
    );
    let record = s.progress().game(GameId::Cannon);
    assert_eq!(record.puzzles_failed, 1);
    assert!(record.puzzle.rating < 1500.0);
    clock.advance(WRONG_SHOWN);
    s.apply();
    assert_eq!(s.puzzle().map(|r| r.state()), Some(PuzzleState::Solving));
    s.run(Command::Hint).expect("the hint, after a failed try");
    assert_eq!(s.puzzle().and_then(|r| r.hint()), Some(right));
    // Solving it now counts nothing more.
    s.run(Command::Play(right)).expect("right");
    assert_eq!(s.progress().game(GameId::Cannon).puzzles_solved, 0);
}

/// What would change the game behind a puzzle is refused as not while a puzzle is on, the
/// game behind is unchanged, and its clock stands.
#[test]
fn the_puzzle_mode_refuses_what_would_change_the_game_behind() {
    let (mut s, clock) = solving();
    let behind: Vec<String> = s.games().map(|g| g.position_text()).collect();
    let on_board = s.game().position_text();
    let not_while = Err(CommandError::NotWhile(ModeKind::Puzzle));
    for command in [
        Command::Undo,
        Command::Redo,
        Command::NewGame,
        Command::ConfirmNewGame,
        Command::StepTo(0),
        Command::StartReview,
        Command::SetPlayers(None),
        Command::SetOption(qipan_engine::games::RuleOption::Solidarity, true),
        Command::OpenLink(crate::link::parse_query("game=push").expect("a link")),
        Command::Editor(crate::editor::EditorCommand::Open(
            crate::editor::Fill::Start,
        )),
        Command::Online(crate::OnlineCommand::Leave),
    ] {
        assert_eq!(s.run(command.clone()), not_while, "{command:?}");
    }
    assert_eq!(s.game().position_text(), on_board);
    assert_eq!(s.mode().kind(), ModeKind::Puzzle);
    clock.advance(120.0);
    s.apply();
    let after: Vec<String> = s.games().map(|g| g.position_text()).collect();
    assert_eq!(after, behind, "the game behind waits, its clock stopped");
    s.run(Command::Puzzle(PuzzleCommand::Leave)).expect("left");
    assert_eq!(s.game().len(), 1);
    assert_eq!(s.game().remaining(s.now()), crate::timer::TURN_SECONDS);
}

/// A puzzle's own commands with no puzzle on the board are refused as no puzzle; a move
/// while the reply is due is the other side's turn.
#[test]
fn puzzle_commands_need_a_puzzle_and_the_solver_waits_for_the_reply() {
    let (mut s, clock) = session(two_players(GameId::ShuangCheng), None);
    for command in [PuzzleCommand::Restart, PuzzleCommand::Leave] {
        assert_eq!(
            s.run(Command::Puzzle(command.clone())),
            Err(CommandError::NotIn(ModeKind::Puzzle)),
            "{command:?}"
        );
    }
    // A puzzle whose line has a reply.
    while s.puzzle().is_none_or(|run| run.puzzle().line.len() < 3) {
        s.run(Command::Puzzle(PuzzleCommand::Next(GameId::ShuangCheng)))
            .expect("a puzzle");
    }
    let line = s.puzzle().expect("on").puzzle().line.clone();
    play(&mut s, &line[0]);
    assert_eq!(s.puzzle().map(|r| r.state()), Some(PuzzleState::Replying));
    let mv = s.game().legal_moves()[0];
    assert_eq!(
        s.run(Command::Play(mv)),
        Err(CommandError::Play(PlayError::NotYourTurn))
    );
    clock.advance(REPLY_DELAY);
    s.apply();
    assert_eq!(s.game().len(), 2);
    play(&mut s, &line[2]);
}

/// Picking a game during a puzzle leaves the puzzle, then picks the game, once: a fresh
/// round of Push the Line is counted once.
#[test]
fn picking_a_game_leaves_the_puzzle_then_picks_it_once() {
    let (mut s, _clock) = solving();
    let rounds = s.choices().rounds;
    s.run(Command::PickGame(GameId::Push)).expect("picked");
    assert_eq!(s.mode().kind(), ModeKind::Local);
    assert_eq!(s.game().variant().game, GameId::Push);
    assert_eq!(s.choices().rounds, rounds + 1, "one new round");
    assert_eq!(s.games().count(), 2);
}

/// The next puzzle during a puzzle replaces it: the failed one is counted once, and the
/// new one starts fresh. The day's puzzle too.
#[test]
fn the_next_puzzle_leaves_the_one_on_the_board() {
    let (mut s, _clock) = solving();
    play_wrong(&mut s);
    let failed = s.progress().game(GameId::ShuangCheng).puzzles_failed;
    assert_eq!(failed, 1);
    s.run(Command::Puzzle(PuzzleCommand::Next(GameId::ShuangCheng)))
        .expect("the next");
    let run = s.puzzle().expect("a puzzle on");
    assert!(!run.failed());
    assert_eq!(run.state(), PuzzleState::Solving);
    assert_eq!(run.board().len(), 0);
    assert_eq!(s.progress().game(GameId::ShuangCheng).puzzles_failed, 1);
    s.run(Command::Puzzle(PuzzleCommand::Daily {
        game: GameId::Cannon,
        day: 20_000,
    }))
    .expect("the day's");
    assert!(s.puzzle().is_some_and(|run| run.is_daily()));
    assert_eq!(s.game().variant().game, GameId::Cannon);
    // The local game behind is the one it was.
    s.run(Command::Puzzle(PuzzleCommand::Leave)).expect("left");
    assert_eq!(s.game().variant().game, GameId::ShuangCheng);
    assert_eq!(s.game().len(), 1);
}

/// A puzzle's result is dated by the session's clock.
#[test]
fn a_puzzle_result_is_dated_by_the_clock_handed_in() {
    let clock = ManualClock::at_unix(1_700_000_000);
    let (mut s, clock) = session_on(clock, two_players(GameId::Cannon), None);
    clock.advance(42.5);
    s.run(Command::Puzzle(PuzzleCommand::Next(GameId::Cannon)))
        .expect("a puzzle");
    play_wrong(&mut s);
    let point = s.progress().history().last().expect("a rating point");
    assert_eq!(point.at, 1_700_000_042);
}

/// The next puzzle asked for during a puzzle is drawn once: the session's draws, seeded
/// alike, give the same puzzles as leaving first and then asking.
#[test]
fn the_next_puzzle_is_drawn_once() {
    let next = || Command::Puzzle(PuzzleCommand::Next(GameId::Push));
    let number = |s: &Session| s.puzzle().map(|run| run.puzzle().number);
    let (mut straight, _clock) = session(two_players(GameId::Push), None);
    let (mut leaving, _clock) = session(two_players(GameId::Push), None);
    for _ in 0..6 {
        straight.run(next()).expect("the next");
        leaving.run(next()).expect("the next");
        assert_eq!(number(&straight), number(&leaving));
        leaving
            .run(Command::Puzzle(PuzzleCommand::Leave))
            .expect("left");
    }
}
