//! The local games driven by commands alone, as the app and the network drive them: a whole
//! game, switching games, loading, restoring, links, and counting a game's result.

use crate::testing::{play, session, two_players};
use crate::{Choices, Command, CommandError, Notice, PlayError};
use qipan_engine::ai::Level;
use qipan_engine::games::{GameId, RuleOption, Side, Status, Variant};

#[test]
fn a_whole_game_is_played_by_commands_alone() {
    let (mut s, _clock) = session(two_players(GameId::ShuangCheng), None);
    let mut plies = 0;
    while s.game().status() == Status::Ongoing {
        // The first legal move each turn: a deterministic game to its end.
        let mv = s.game().legal_moves()[0];
        s.run(Command::Play(mv)).expect("a legal move is played");
        plies += 1;
        assert!(plies < 500, "the game ends");
    }
    assert_eq!(s.game().len(), plies);
    assert!(s.game().legal_moves().is_empty());
    // Undo and redo step through it, also by commands.
    s.run(Command::Undo).expect("undo");
    assert_eq!(s.game().cursor(), plies - 1);
    s.run(Command::Redo).expect("redo");
    assert_eq!(s.game().cursor(), plies);
}

#[test]
fn a_refused_move_changes_nothing_and_says_why() {
    let choices = Choices {
        human: Some(Side::O),
        level: Level::Easy,
        ..Choices::default()
    };
    let (mut s, _clock) = session(choices, None);
    let mv = s.game().legal_moves()[0];
    let before = s.game().position_text();
    assert_eq!(
        s.run(Command::Play(mv)),
        Err(CommandError::Play(PlayError::NotYourTurn))
    );
    assert_eq!(s.game().position_text(), before);
    // A move of another game is refused as such.
    let (mut other, _clock) = session(two_players(GameId::Maddell), None);
    let maddell_move = other.game().legal_moves()[0];
    other
        .run(Command::PickGame(GameId::ShuangCheng))
        .expect("picked");
    assert_eq!(
        other.run(Command::Play(maddell_move)),
        Err(CommandError::Play(PlayError::OtherGame))
    );
}

#[test]
fn commands_queue_until_applied_once() {
    let (mut s, _clock) = session(two_players(GameId::ShuangCheng), None);
    let mv = s.game().legal_moves()[0];
    s.send(Command::Play(mv));
    s.send(Command::SetLevel(Level::Hard));
    assert_eq!(s.game().len(), 0, "nothing changes before apply");
    assert!(s.apply().is_empty());
    assert_eq!(s.game().len(), 1);
    assert_eq!(s.level(), Level::Hard);
}

#[test]
fn switching_games_keeps_each_one_and_its_side() {
    let (mut s, _clock) = session(two_players(GameId::ShuangCheng), None);
    let first = s.game().legal_moves()[0];
    let text = s.game().format_move(first).expect("a move of this game");
    play(&mut s, &text);
    let shuangcheng = s.game().position_text();
    s.run(Command::PickGame(GameId::Maddell)).expect("picked");
    assert_eq!(s.game().variant(), Variant::plain(GameId::Maddell));
    assert_eq!(s.game().len(), 0, "a fresh game");
    assert_eq!(s.human(), None, "the person keeps their seat");
    s.run(Command::PickGame(GameId::ShuangCheng))
        .expect("picked");
    assert_eq!(
        s.game().position_text(),
        shuangcheng,
        "the kept game comes back"
    );
    assert_eq!(s.games().count(), 2);
    // An option is a game of its own, and is remembered for its game.
    s.run(Command::PickGame(GameId::Blockade)).expect("picked");
    s.run(Command::SetOption(RuleOption::Solidarity, true))
        .expect("set");
    assert!(s.option(RuleOption::Solidarity));
    assert_eq!(s.games().count(), 4, "blockade and blockade:solidarity");
    s.run(Command::PickGame(GameId::Cannon)).expect("picked");
    s.run(Command::PickGame(GameId::Blockade)).expect("picked");
    assert_eq!(s.game().variant().to_string(), "blockade:solidarity");
}

#[test]
fn new_game_asks_first_when_there_is_something_to_lose() {
    let (mut s, _clock) = session(two_players(GameId::ShuangCheng), None);
    s.run(Command::NewGame).expect("at once");
    assert!(!s.confirming_new_game());
    let mv = s.game().legal_moves()[0];
    s.run(Command::Play(mv)).expect("played");
    s.run(Command::NewGame).expect("asked");
    assert!(s.confirming_new_game());
    s.run(Command::CancelNewGame).expect("kept");
    assert_eq!(s.game().len(), 1);
    s.run(Command::NewGame).expect("asked");
    s.run(Command::ConfirmNewGame).expect("thrown away");
    assert_eq!(s.game().len(), 0);
    assert!(!s.confirming_new_game());
}

#[test]
fn push_the_line_alternates_its_first_move_from_round_to_round() {
    let (mut s, _clock) = session(two_players(GameId::Push), None);
    let first = s.game().side_to_move();
    assert_eq!(s.next_first_mover(), first.opponent());
    s.run(Command::NewGame).expect("a new round");
    assert_eq!(s.game().side_to_move(), first.opponent());
    assert_eq!(s.choices().rounds, 2);
}

#[test]
fn a_loaded_game_goes_on_the_board_and_a_bad_file_changes_nothing() {
    let (mut saved, _clock) = session(two_players(GameId::Maddell), None);
    for _ in 0..3 {
        let mv = saved.game().legal_moves()[0];
        saved.run(Command::Play(mv)).expect("played");
    }
    let text = saved.save_text().expect("it saves");
    let (mut s, _clock) = session(two_players(GameId::ShuangCheng), None);
    let mv = s.game().legal_moves()[0];
    s.run(Command::Play(mv)).expect("played");
    let kept = s.game().position_text();
    s.run(Command::Load {
        name: "bad.json".into(),
        text: Ok("{ not a save".into()),
    })
    .expect("refused in the notice");
    assert!(matches!(s.game().notice(), Some(Notice::File(_))));
    assert_eq!(s.game().position_text(), kept);
    assert_eq!(s.games().count(), 1);
    s.run(Command::Load {
        name: "game.json".into(),
        text: Ok(text),
    })
    .expect("loaded");
    assert_eq!(s.game().variant(), Variant::plain(GameId::Maddell));
    assert_eq!(s.game().position_text(), saved.game().position_text());
    assert_eq!(s.game().notice(), Some(&Notice::Loaded("game.json".into())));
    // The game that was on the board is kept.
    s.run(Command::PickGame(GameId::ShuangCheng))
        .expect("picked");
    assert_eq!(s.game().position_text(), kept);
}

#[test]
fn a_restored_session_has_every_kept_game_and_a_damaged_one_costs_only_itself() {
    let (mut s, _clock) = session(two_players(GameId::ShuangCheng), None);
    let mv = s.game().legal_moves()[0];
    s.run(Command::Play(mv)).expect("played");
    s.run(Command::PickGame(GameId::Cannon)).expect("picked");
    let mv = s.game().legal_moves()[0];
    s.run(Command::Play(mv)).expect("played");
    let shelf = s.shelve().expect("it shelves");
    let (back, _clock) = session(s.choices(), Some(&shelf));
    assert_eq!(back.game().variant(), Variant::plain(GameId::Cannon));
    assert_eq!(back.game().position_text(), s.game().position_text());
    assert_eq!(back.games().count(), 2);
    // One kept game damaged: the other comes back, and the notice says so.
    let damaged = shelf.replacen("\"cannon\"", "\"no-such-game\"", 1);
    assert_ne!(damaged, shelf, "the shelf names the game");
    let (back, _clock) = session(s.choices(), Some(&damaged));
    assert!(matches!(back.game().notice(), Some(Notice::NotRestored(_))));
    assert!(back
        .games()
        .any(|g| g.variant() == Variant::plain(GameId::ShuangCheng) && g.len() == 1));
}

/// A game won against the computer moves the player's rating once, however often it is
/// undone and won again.
#[test]
fn a_game_won_against_the_computer_is_counted_once() {
    // A Shuang Cheng puzzle that wins in one move: the person plays its side against the
    // computer, loaded as a saved game.
    let puzzle = crate::puzzles::book(GameId::ShuangCheng)
        .into_iter()
        .find(|p| p.line.len() == 1)
        .expect("a win in one");
    let side = if puzzle.position.split(' ').nth(1) == Some("x") {
        "x"
    } else {
        "o"
    };
    let save = serde_json::json!({
        "format": "qipan-game", "version": 1, "game": "shuangcheng",
        "start": puzzle.position, "human": side, "plies": [], "cursor": 0,
    });
    let choices = Choices {
        level: Level::Hard,
        ..Choices::default()
    };
    let (mut s, _clock) = session(choices, None);
    s.run(Command::Load {
        name: "win.json".into(),
        text: Ok(save.to_string()),
    })
    .expect("loaded");
    play(&mut s, &puzzle.line[0]);
    assert!(s.game().status().is_over());
    s.apply();
    let record = s.progress().game(GameId::ShuangCheng);
    assert_eq!(record.levels[2].wins, 1, "{record:?}");
    let rating = record.computer.rating;
    assert!(rating > 1500.0);
    s.run(Command::Undo).expect("undo");
    play(&mut s, &puzzle.line[0]);
    s.apply();
    assert_eq!(
        s.progress().game(GameId::ShuangCheng).computer.rating,
        rating
    );
    assert!(s.progress().suggested_level(GameId::ShuangCheng).is_some());
}

/// A link opens its game, position and ply; one that would replace a game with moves waits
/// for a yes; a broken one changes nothing but the notice.
#[test]
fn links_open_by_commands_and_never_overwrite_without_asking() {
    use crate::link::{parse_query, LinkError};
    let (mut s, _clock) = session(two_players(GameId::ShuangCheng), None);
    // A fresh Maddell game is replaced at once, at the ply the link names.
    let link = parse_query("?game=maddell&moves=a1,b2,c3&ply=2").expect("a link");
    s.run(Command::OpenLink(link)).expect("opened");
    assert_eq!(s.game().variant(), Variant::plain(GameId::Maddell));
    assert_eq!((s.game().len(), s.game().cursor()), (3, 2));
    assert_eq!(s.game().notice(), Some(&Notice::LinkOpened));
    // Shuang Cheng, now parked, has no moves either; give it one, then link to it.
    s.run(Command::PickGame(GameId::ShuangCheng))
        .expect("picked");
    play(&mut s, "bh-c");
    let mine = s.game().position_text();
    let link = parse_query("game=shuangcheng").expect("a link");
    s.run(Command::OpenLink(link.clone())).expect("asks");
    assert!(s.confirming_link());
    assert_eq!(s.game().position_text(), mine, "nothing replaced yet");
    s.run(Command::CancelLink).expect("kept");
    assert!(!s.confirming_link());
    assert_eq!(s.game().position_text(), mine);
    s.run(Command::OpenLink(link)).expect("asks again");
    s.run(Command::ConfirmLink).expect("replaced");
    assert!(s.game().is_empty());
    // A broken link: the notice names it, the game stays.
    play(&mut s, "bh-c");
    let before = s.game().position_text();
    let broken = parse_query("game=shuangcheng&moves=bh-c,zz-zz").expect("a link");
    s.run(Command::OpenLink(broken))
        .expect("a notice, not a refusal");
    assert_eq!(s.game().position_text(), before);
    assert!(matches!(
        s.game().notice(),
        Some(Notice::Link(LinkError::Move { number: 2, .. }))
    ));
}

/// The local games refuse a move with its reason: looking back, the game over; and a
/// command of a mode that is not on as such.
#[test]
fn the_local_games_refuse_with_their_reason() {
    use crate::editor::EditorCommand;
    use crate::{ModeKind, PuzzleCommand};
    let (mut s, _clock) = session(two_players(GameId::ShuangCheng), None);
    let first = s.game().legal_moves()[0];
    s.run(Command::Play(first)).expect("played");
    s.run(Command::StepTo(0)).expect("looking back");
    let mv = s.game().legal_moves()[0];
    assert_eq!(
        s.run(Command::Play(mv)),
        Err(CommandError::Play(PlayError::LookingBack))
    );
    s.run(Command::Resume).expect("resumed");
    s.run(Command::Play(mv)).expect("played from there");
    while !s.game().status().is_over() {
        let mv = s.game().legal_moves()[0];
        s.run(Command::Play(mv)).expect("a legal move");
    }
    assert_eq!(
        s.run(Command::Play(mv)),
        Err(CommandError::Play(PlayError::GameOver))
    );
    for (command, mode) in [
        (Command::Editor(EditorCommand::Close), ModeKind::Editor),
        (Command::Puzzle(PuzzleCommand::Restart), ModeKind::Puzzle),
        (
            Command::Online(crate::OnlineCommand::Resign),
            ModeKind::Online,
        ),
    ] {
        assert_eq!(s.run(command), Err(CommandError::NotIn(mode)));
    }
    assert_eq!(s.mode().kind(), ModeKind::Local);
}
