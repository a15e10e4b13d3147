//! The session driven by commands alone, as the app, the command line and the network drive
//! it: a whole game, switching games, loading and restoring.

use crate::timer::ManualClock;
use crate::{Choices, Command, CommandError, Notice, PlayError, Session};
use qipan_engine::ai::Level;
use qipan_engine::games::{GameId, RuleOption, Side, Status, Variant};
use std::sync::Arc;

fn session(choices: Choices, kept: Option<&str>) -> (Session, ManualClock) {
    let clock = ManualClock::default();
    let session = Session::new(choices, kept, Box::new(clock.clone()), Arc::new(|| {}), 7);
    (session, clock)
}

/// Two people at the screen, so that no computer moves between the commands.
fn two_players(game: GameId) -> Choices {
    Choices {
        variant: Variant::plain(game),
        human: None,
        ..Choices::default()
    }
}

fn play(session: &mut Session, text: &str) {
    let mv = session.game().parse_move(text).expect("a legal move");
    session.run(Command::Play(mv)).expect("played");
}

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

/// The client's side of an online game, with the server's frames written by hand.
#[test]
fn an_online_game_follows_the_server_and_finds_its_way_back() {
    use crate::online::{Link, Seat, SeatChoice};
    use crate::OnlineCommand as O;
    let (mut s, clock) = session(two_players(GameId::ShuangCheng), None);
    let local = s.game().position_text();
    s.run(Command::Online(O::Create {
        server: "ws://127.0.0.1:1/ws".into(),
        side: SeatChoice::Side(Side::X),
    }))
    .expect("online");
    s.run(Command::Online(O::Opened)).expect("open");
    let sent = s.take_outbox();
    assert_eq!(
        sent,
        [r#"{"type":"create","game":"shuangcheng","side":"x"}"#]
    );
    let state = |plies: &[&str], position: &str| {
        format!(
            r#"{{"type":"state","room":"ABCDEFGH","game":"shuangcheng","start":"{}","plies":{:?},"position":"{}","status":"ongoing","reason":null,"turn_ms":60000,"connected":{{"x":true,"o":false}},"players":{{"x":null,"o":null}},"rated":false,"offer":null}}"#,
            local, plies, position
        )
    };
    let seat = r#"{"type":"seat","room":"ABCDEFGH","seat":"x","token":"secret-token"}"#;
    s.run(Command::Online(O::Received(seat.into())))
        .expect("seat");
    s.run(Command::Online(O::Received(state(&[], &local))))
        .expect("state");
    let online = s.online().expect("online");
    assert_eq!(online.seat(), Some(Seat::Player(Side::X)));
    assert_eq!(online.room(), Some("ABCDEFGH"));
    assert!(s.game().is_remote());
    // Nobody in the other seat yet: the server's clock stands, and so does the one shown.
    clock.advance(10.0);
    assert_eq!(s.game().remaining(s.now()), 60.0);
    // A move goes to the server, not onto the board.
    let mv = s.game().legal_moves()[0];
    let text = s.game().format_move(mv).expect("a move");
    s.run(Command::Play(mv)).expect("sent");
    assert_eq!(s.game().len(), 0, "the server decides");
    let sent = s.take_outbox();
    assert_eq!(
        sent,
        [format!(
            r#"{{"type":"move","room":"ABCDEFGH","token":"secret-token","ply":0,"move":"{text}"}}"#
        )]
    );
    assert_eq!(
        s.run(Command::Play(mv)),
        Err(CommandError::Play(PlayError::NotYourTurn)),
        "one move at a time"
    );
    // The server's state with the move: the board follows, the friend's turn.
    let mut replay = crate::AnyMatch::replay(
        Variant::plain(GameId::ShuangCheng),
        &local,
        std::slice::from_ref(&text),
        1,
        crate::Players {
            human: None,
            level: Level::Easy,
        },
        0,
        0.0,
    )
    .expect("replays");
    replay.advance(0.0);
    let after = replay.position_text();
    s.run(Command::Online(O::Received(state(&[&text], &after))))
        .expect("state");
    assert_eq!(s.game().position_text(), after);
    assert!(!s.game().human_to_move(), "the friend's turn");
    // A move was played, so both seats are taken: the clock runs.
    clock.advance(5.0);
    assert_eq!(s.game().remaining(s.now()), 55.0);
    assert_eq!(s.run(Command::Undo), Err(CommandError::Online));
    // The connection drops: a wait, then back with the token.
    s.run(Command::Online(O::Lost)).expect("lost");
    let online = s.online().expect("online");
    assert!(matches!(online.link(), Link::Lost { .. }));
    assert!(!online.wants_socket(crate::timer::Clock::now(&clock)));
    clock.advance(1.5);
    assert!(s
        .online()
        .expect("online")
        .wants_socket(crate::timer::Clock::now(&clock)));
    s.run(Command::Online(O::Opened)).expect("open");
    assert_eq!(
        s.take_outbox(),
        [r#"{"type":"resume","room":"ABCDEFGH","token":"secret-token"}"#]
    );
    // A resignation: no rule ended the game, the server's word does.
    let resigned = state(&[&text], &after)
        .replace(
            r#""status":"ongoing","reason":null"#,
            r#""status":"o-wins","reason":"resigned""#,
        )
        .replace(r#""turn_ms":60000"#, r#""turn_ms":null"#);
    s.run(Command::Online(O::Received(resigned)))
        .expect("state");
    assert_eq!(
        s.game().status(),
        Status::Win(Side::O, qipan_engine::games::EndReason::Resigned)
    );
    assert!(!s.game().human_to_move());
    // The token is kept, and leaving brings the local game back.
    let memory = s.online_memory();
    assert_eq!(
        memory.tokens.get("ABCDEFGH").map(String::as_str),
        Some("secret-token")
    );
    s.run(Command::Online(O::Leave)).expect("left");
    assert!(s.online().is_none());
    assert_eq!(s.game().position_text(), local);
    assert_eq!(s.online_memory().current, None);
    assert_eq!(s.online_memory().tokens.len(), 1);
}

/// A puzzle by commands alone: the line's moves are played, the replies come after their
/// delay, the puzzle counts as solved, and leaving brings the game behind it back.
#[test]
fn a_puzzle_is_solved_by_commands() {
    use crate::puzzles::{PuzzleState, REPLY_DELAY};
    use crate::PuzzleCommand;
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
    // The game behind it is not to be changed while the puzzle is on.
    assert_eq!(s.run(Command::Undo), Err(CommandError::Puzzle));
    assert_eq!(s.run(Command::NewGame), Err(CommandError::Puzzle));
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
    s.run(Command::Puzzle(PuzzleCommand::Leave)).expect("left");
    assert!(s.puzzle().is_none());
    assert_eq!(s.game().position_text(), behind);
}

/// A wrong move fails the puzzle (the rating drops), is taken back, and only then may the
/// hint be asked for.
#[test]
fn a_wrong_move_fails_the_puzzle_and_opens_the_hint() {
    use crate::puzzles::{PuzzleState, WRONG_SHOWN};
    use crate::PuzzleCommand;
    let (mut s, clock) = session(two_players(GameId::Cannon), None);
    s.run(Command::Puzzle(PuzzleCommand::Daily {
        game: GameId::Cannon,
        day: 20_000,
    }))
    .expect("the day's puzzle");
    let run = s.puzzle().expect("on");
    assert!(run.is_daily());
    let right = s.game().parse_move(&run.puzzle().line[0]).expect("reads");
    assert_eq!(s.run(Command::Hint), Err(CommandError::NoPuzzle));
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
