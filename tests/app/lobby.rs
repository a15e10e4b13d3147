//! Playing someone new through the real widgets (lobby.md), against a server scripted by
//! hand ([`qipan::ui::ScriptedServer`]): choosing a name, its key, logging in with a key,
//! seeking and cancelling, the paired game's players and fair play over the board, the end
//! with each rating's change, the profile and the leaderboard. Every control is found by
//! its accessible name, in both languages where it matters.

use crate::{app_with, click, press, seen_containing};
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use qipan::i18n::Lang;
use qipan::ui::{App, ScriptedServer};
use qipan_engine::games::GameId;
use qipan_session::lobby::Query;
use qipan_session::timer::ManualClock;
use qipan_session::ModeKind;

pub const KEY: &str = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";

/// The server's `player` frame for Ann: established in Shuang Cheng (1500), provisional in
/// Push the Line.
pub fn player_frame() -> String {
    format!(
        r#"{{"type":"player","name":"Ann","key":"{KEY}","ratings":{{"shuangcheng":{{"rating":1500,"deviation":80,"volatility":0.09,"games":12}},"push":{{"rating":1500,"deviation":500,"volatility":0.09,"games":0}}}}}}"#
    )
}

/// A wide app of Shuang Cheng on a scripted server, the Play online section open.
pub fn online_app() -> (Harness<'static, App>, ManualClock, ScriptedServer) {
    let (mut harness, clock) = app_with(GameId::ShuangCheng);
    let server = harness.state_mut().script_server();
    click(&mut harness, "Play online");
    (harness, clock, server)
}

/// Opens the Play online section (or tab), whichever the layout has first.
pub fn open_play_online(harness: &mut Harness<'static, App>) {
    harness
        .get_all_by_label("Play online")
        .next()
        .expect("Play online")
        .click();
    harness.run();
}

/// Types `text` into the field named `label`.
pub fn type_into(harness: &mut Harness<'static, App>, label: &str, text: &str) {
    harness.get_by_label(label).click();
    harness.run();
    harness.get_by_label(label).type_text(text);
    harness.run();
}

/// Chooses the name Ann through the widgets; the server says yes.
pub fn choose_a_name(harness: &mut Harness<'static, App>, server: &ScriptedServer) {
    type_into(harness, "Your name", "Ann");
    click(harness, "Choose this name");
    harness.run();
    assert_eq!(server.heard(), [r#"{"type":"register","name":"Ann"}"#]);
    server.say(player_frame());
    harness.run();
}

/// Seeks a rated game as Ann; the server takes the seek.
pub fn seek(harness: &mut Harness<'static, App>, server: &ScriptedServer) {
    click(harness, "Play someone (rated)");
    harness.run();
    assert_eq!(
        server.heard(),
        [format!(r#"{{"type":"login","key":"{KEY}"}}"#)]
    );
    server.say(player_frame());
    harness.run();
    assert_eq!(
        server.heard(),
        [r#"{"type":"seek","game":"shuangcheng","rated":true}"#]
    );
    server.say(r#"{"type":"seeking","game":"shuangcheng","rated":true}"#);
    harness.run();
}

/// The state of room ABCDEFGH: Ann (x, 1500) against Bo (o, 1620), rated.
pub fn state(
    start: &str,
    plies: &[&str],
    end: Option<(&str, &str)>,
    o_here: bool,
    offer: &str,
) -> String {
    let (status, reason, turn) = match end {
        Some((status, reason)) => (status, format!("{reason:?}"), "null"),
        None => ("ongoing", "null".to_owned(), "60000"),
    };
    format!(
        r#"{{"type":"state","room":"ABCDEFGH","game":"shuangcheng","start":"{start}","plies":{plies:?},"position":"{start}","status":"{status}","reason":{reason},"turn_ms":{turn},"connected":{{"x":true,"o":{o_here}}},"players":{{"x":{{"name":"Ann","rating":1500,"bot":false}},"o":{{"name":"Bo","rating":1620,"bot":false}}}},"rated":true,"offer":{offer},"days":null}}"#
    )
}

/// Paired with Bo: Ann at x, the fresh game on the board.
pub fn paired(harness: &mut Harness<'static, App>, server: &ScriptedServer) -> String {
    let start = harness.state().game().start_text();
    server.say(r#"{"type":"paired","room":"ABCDEFGH","seat":"x","token":"seat-token"}"#);
    server.say(state(&start, &[], None, true, "null"));
    harness.run();
    assert_eq!(harness.state().session().mode().kind(), ModeKind::Online);
    start
}

/// An app named Ann, paired with Bo through a seek: the app, its clock, the server, and the
/// game's start.
pub fn paired_app() -> (Harness<'static, App>, ManualClock, ScriptedServer, String) {
    let (mut harness, clock, server) = online_app();
    choose_a_name(&mut harness, &server);
    seek(&mut harness, &server);
    let start = paired(&mut harness, &server);
    (harness, clock, server, start)
}

/// The first legal move is played, then the game ends by a resignation, `status` saying who
/// won (`x-wins`, `o-wins`): the move's text.
pub fn ended_after_a_move(
    harness: &mut Harness<'static, App>,
    server: &ScriptedServer,
    start: &str,
    status: &str,
) -> String {
    let mv = harness.state().game().legal_moves()[0];
    let ply = harness.state().game().format_move(mv).expect("a move");
    server.say(state(
        start,
        &[&ply],
        Some((status, "resigned")),
        true,
        "null",
    ));
    harness.run();
    ply
}

/// The record of that game ([`ended_after_a_move`]): Ann (1500 before) and Bo (1620) at
/// `ann` and `bo` after it.
pub fn record_of(start: &str, ply: &str, status: &str, ann: f64, bo: f64) -> String {
    format!(
        r#"{{"room":"ABCDEFGH","game":"shuangcheng","start":"{start}","plies":["{ply}"],"status":"{status}","reason":"resigned","rated":true,"players":{{"x":{{"name":"Ann","bot":false,"before":1500,"after":{ann}}},"o":{{"name":"Bo","bot":false,"before":1620,"after":{bo}}}}}}}"#
    )
}

/// [`state`] with the computer (Computer-Easy, 1200) in Bo's seat.
pub fn state_against_the_computer(start: &str) -> String {
    let bo = r#""name":"Bo","rating":1620,"bot":false"#;
    let computer = r#""name":"Computer-Easy","rating":1200,"bot":true"#;
    state(start, &[], None, true, "null").replace(bo, computer)
}

#[test]
fn a_name_is_chosen_refused_in_words_and_its_key_shown_for_another_device() {
    let (mut harness, clock, server) = online_app();
    // A name that breaks the rule is refused here, in words, and nothing is sent.
    type_into(&mut harness, "Your name", "a b");
    click(&mut harness, "Choose this name");
    seen_containing(
        &harness,
        "A name is 3 to 20 letters (of any script), digits, _ or -.",
    );
    assert!(server.heard().is_empty());
    clock.advance(7.0);
    harness.run();
    // The server's refusal, in words (a computer's name is taken).
    harness.get_by_label("Your name").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Your name").type_text("Computer-Easy");
    harness.run();
    click(&mut harness, "Choose this name");
    assert_eq!(
        server.heard(),
        [r#"{"type":"register","name":"Computer-Easy"}"#]
    );
    server.say(r#"{"type":"error","code":"name-taken","message":"taken"}"#);
    harness.run();
    seen_containing(&harness, "The server refused: that name is taken");
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    seen_containing(&harness, "服务器拒绝：这个名字已经有人用了");
    harness.state_mut().set_lang(Lang::En);
    harness.run();
    // A good one: Ann, established in the game on the board.
    harness.state_mut().send(qipan_session::Command::Lobby(
        qipan_session::LobbyCommand::Register {
            server: "ws://scripted.localhost/ws".into(),
            name: "Ann".into(),
        },
    ));
    harness.run();
    assert_eq!(server.heard(), [r#"{"type":"register","name":"Ann"}"#]);
    server.say(player_frame());
    harness.run();
    seen_containing(&harness, "You play as Ann · Line-Board Shuang Cheng: 1500");
    assert!(harness.query_by_label("Your name").is_none(), "chosen once");
    // Its key, as text and as a QR code, to play on another device.
    click(&mut harness, "Play on another device");
    harness.get_by_label("Your key: 0f1e2d3c 4b5a6978 8796a5b4 c3d2e1f0");
    harness.get_by_label("QR code of your key");
    press(&mut harness, "Copy the key");
    seen_containing(&harness, "Key copied");
    // Kept the way room tokens are.
    let memory = harness.state().session().online_memory();
    assert_eq!(memory.player.map(|p| p.name), Some("Ann".to_owned()));
    press(&mut harness, "Log out on this device");
    assert!(harness.state().session().lobby().player().is_none());
    harness.get_by_label("Your name");
}

#[test]
fn a_key_typed_logs_in_and_a_wrong_one_is_said_in_words() {
    let (mut harness, _clock, server) = online_app();
    type_into(&mut harness, "Key", "not a key");
    click(&mut harness, "Log in");
    seen_containing(&harness, "That is not a key");
    assert!(server.heard().is_empty());
    type_into(&mut harness, "Key", "0F1E2D3C 4B5A6978 8796A5B4 C3D2E1F0");
    click(&mut harness, "Log in");
    assert_eq!(
        server.heard(),
        [format!(r#"{{"type":"login","key":"{KEY}"}}"#)]
    );
    server.say(player_frame());
    harness.run();
    seen_containing(&harness, "You play as Ann");
}

#[test]
fn a_seek_counts_the_seconds_waited_and_is_cancelled() {
    let (mut harness, clock, server) = online_app();
    choose_a_name(&mut harness, &server);
    seek(&mut harness, &server);
    clock.advance(12.4);
    harness.run();
    seen_containing(
        &harness,
        "Looking for an opponent: Line-Board Shuang Cheng, rated · 12 s",
    );
    // The same line in Chinese.
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    seen_containing(&harness, "正在寻找对手：线板双城棋，计分 · 已等 12 秒");
    harness.state_mut().set_lang(Lang::En);
    harness.run();
    // By keyboard: Cancel has the focus, Enter presses it.
    harness.get_by_label("Cancel").focus();
    harness.run();
    harness.key_press(egui::Key::Enter);
    harness.run();
    assert_eq!(server.heard(), [r#"{"type":"unseek"}"#]);
    server.say(r#"{"type":"seeking","game":null,"rated":null}"#);
    harness.run();
    assert_eq!(harness.state().session().mode().kind(), ModeKind::Local);
    harness.get_by_label("Casual game");
}

#[test]
fn the_paired_game_shows_both_players_and_plays_fair() {
    let (mut harness, _clock, server, start) = paired_app();
    // Both records are asked for: whose rating is provisional.
    let asked = server.asked();
    assert!(
        asked.iter().any(|url| url.ends_with("/api/players/Bo")),
        "{asked:?}"
    );
    server.answer(
        Query::Player("Bo".into()),
        200,
        r#"{"name":"Bo","bot":false,"ratings":{"shuangcheng":{"rating":1620,"deviation":150,"volatility":0.09,"games":3}},"games":[]}"#,
    );
    harness.run();
    harness.run();
    harness.get_by_label("Dark: Ann (1500) · you");
    harness.get_by_label("Light: Bo (1620?)");
    // Offer a draw; the offer stands.
    click(&mut harness, "Offer a draw");
    assert_eq!(
        server.heard(),
        [r#"{"type":"draw","room":"ABCDEFGH","token":"seat-token"}"#]
    );
    server.say(state(&start, &[], None, true, r#""x""#));
    harness.run();
    assert!(harness
        .get_by_label("Draw offered")
        .accesskit_node()
        .is_disabled());
    // Bo offers one: said aloud, and accepted.
    server.say(state(&start, &[], None, true, r#""o""#));
    harness.run();
    seen_containing(&harness, "Bo offers a draw.");
    click(&mut harness, "Accept the draw");
    assert_eq!(server.heard().len(), 1);
    // Abort is there before the second ply.
    click(&mut harness, "Abort");
    assert_eq!(
        server.heard(),
        [r#"{"type":"abort","room":"ABCDEFGH","token":"seat-token"}"#]
    );
    // Bo left during his turn and lost it: the claim, and why.
    let mv = harness.state().game().legal_moves()[0];
    let first = harness.state().game().format_move(mv).expect("a move");
    server.say(state(&start, &[&first], None, false, "null"));
    harness.run();
    assert!(harness.query_by_label("Claim the win").is_none());
    server.say(state(&start, &[&first, "timeout"], None, false, "null"));
    harness.run();
    seen_containing(
        &harness,
        "Bo left and has lost a turn since: you may claim the win.",
    );
    assert!(
        harness.query_by_label("Abort").is_none(),
        "two plies are played"
    );
    click(&mut harness, "Claim the win");
    assert_eq!(
        server.heard(),
        [r#"{"type":"claim","room":"ABCDEFGH","token":"seat-token"}"#]
    );
    // Resign asks first.
    click(&mut harness, "Resign");
    assert!(server.heard().is_empty());
    click(&mut harness, "Yes, resign");
    assert_eq!(
        server.heard(),
        [r#"{"type":"resign","room":"ABCDEFGH","token":"seat-token"}"#]
    );
}

#[test]
fn against_the_computer_the_status_line_says_so_instead_of_its_presence() {
    let (mut harness, _clock, server, start) = paired_app();
    // A person: whether they are here is news.
    seen_containing(&harness, "Your opponent is here");
    // The computer took the seek instead: it never comes or goes.
    server.say(state_against_the_computer(&start));
    harness.run();
    seen_containing(&harness, "You are playing the computer");
    assert!(harness
        .query_all_by_label_contains("Your opponent is here")
        .next()
        .is_none());
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    seen_containing(&harness, "对手是电脑");
}

#[test]
fn the_end_shows_each_rating_change_rematch_and_the_review() {
    let (mut harness, _clock, server, start) = paired_app();
    server.asked();
    let two = {
        let game = harness.state().game();
        let mv = game.legal_moves()[0];
        game.format_move(mv).expect("a move")
    };
    server.say(state(
        &start,
        &[&two],
        Some(("o-wins", "resigned")),
        true,
        "null",
    ));
    harness.run();
    seen_containing(&harness, "Light wins");
    seen_containing(&harness, "Dark resigned.");
    assert_eq!(
        server.asked(),
        ["http://127.0.0.1:8090/api/games/ABCDEFGH"],
        "the record of the game, once"
    );
    assert_eq!(
        server.heard(),
        [format!(r#"{{"type":"login","key":"{KEY}"}}"#)]
    );
    let record = r#"{"room":"ABCDEFGH","game":"shuangcheng","start":"S","plies":[],"status":"o-wins","reason":"resigned","rated":true,"players":{"x":{"name":"Ann","bot":false,"before":1500,"after":1488},"o":{"name":"Bo","bot":false,"before":1620,"after":1628.4}}}"#;
    server.answer(Query::Game("ABCDEFGH".into()), 200, record);
    harness.run();
    harness.run();
    harness.get_by_label("Ann: 1500 → 1488 (−12)");
    harness.get_by_label("Bo: 1620 → 1628 (+8)");
    click(&mut harness, "Rematch");
    assert_eq!(
        server.heard(),
        [r#"{"type":"rematch","room":"ABCDEFGH","token":"seat-token"}"#]
    );
    // The coach reviews the finished online game.
    // The banner's (the move list has one too).
    let review = harness
        .get_all_by_label("Review the game")
        .last()
        .expect("Review");
    assert!(!review.accesskit_node().is_disabled());
    review.click();
    harness.run();
    assert!(harness.state().game().review_running().is_some());
}

#[test]
fn the_profile_charts_the_ratings_and_opens_a_game_in_the_review() {
    let (mut harness, _clock, server) = online_app();
    choose_a_name(&mut harness, &server);
    click(&mut harness, "Profile");
    harness.run();
    assert_eq!(server.asked(), ["http://127.0.0.1:8090/api/players/Ann"]);
    seen_containing(&harness, "Asking the server…");
    let start = harness.state().game().start_text();
    let mv = harness.state().game().legal_moves()[0];
    let ply = harness.state().game().format_move(mv).expect("a move");
    let game = |after: u32, before: u32, status: &str| {
        format!(
            r#"{{"room":"ABCDEFGH","game":"shuangcheng","start":"{start}","plies":["{ply}"],"status":"{status}","reason":"resigned","rated":true,"players":{{"x":{{"name":"Ann","bot":false,"before":{before},"after":{after}}},"o":{{"name":"Computer-Easy","bot":true,"before":1200,"after":1190}}}}}}"#
        )
    };
    let body = format!(
        r#"{{"name":"Ann","bot":false,"ratings":{{"shuangcheng":{{"rating":1524,"deviation":90,"volatility":0.09,"games":2}},"push":{{"rating":1500,"deviation":500,"volatility":0.09,"games":0}}}},"games":[{},{}]}}"#,
        game(1524, 1512, "x-wins"),
        game(1512, 1500, "x-wins")
    );
    server.answer(Query::Player("Ann".into()), 200, body);
    harness.run();
    harness.run();
    seen_containing(
        &harness,
        "Line-Board Shuang Cheng: won against Computer (Easy) (+12)",
    );
    harness.get_by_label("Chart of the ratings over the last games: Line-Board Shuang Cheng");
    seen_containing(&harness, "1524");
    seen_containing(&harness, "1500?");
    // Each game is a button that opens it in the review.
    harness
        .get_all_by_label("Review: Line-Board Shuang Cheng: won against Computer (Easy) (+12)")
        .next()
        .expect("a game's button")
        .click();
    harness.run();
    assert_eq!(harness.state().session().mode().kind(), ModeKind::Archive);
    assert!(harness.state().game().review_running().is_some());
    // A 404 and a failure are said in words.
    harness
        .state_mut()
        .send(qipan_session::Command::PickGame(GameId::ShuangCheng));
    harness.run();
    assert_eq!(harness.state().session().mode().kind(), ModeKind::Local);
}

/// Ann's record with `games` (records), provisional (RD 200) at `rating` in Shuang Cheng.
fn ann_profile(rating: f64, games: &[&str]) -> String {
    format!(
        r#"{{"name":"Ann","bot":false,"ratings":{{"shuangcheng":{{"rating":{rating},"deviation":200,"volatility":0.09,"games":{}}}}},"games":[{}]}}"#,
        games.len(),
        games.join(",")
    )
}

/// Bo's record (1620, established), with no games.
const BO_PROFILE: &str = r#"{"name":"Bo","bot":false,"ratings":{"shuangcheng":{"rating":1620,"deviation":80,"volatility":0.09,"games":30}},"games":[]}"#;

/// Ann (paired with Bo, her profile and Bo's answered, and the leaderboard looked at) plays
/// a move and resigns: the app, the server, and the finished game's record.
fn a_game_played_and_lost() -> (Harness<'static, App>, ScriptedServer, String) {
    let (mut harness, _clock, server, start) = paired_app();
    server.answer(Query::Player("Ann".into()), 200, ann_profile(1500.0, &[]));
    server.answer(Query::Player("Bo".into()), 200, BO_PROFILE);
    harness.run();
    harness.run();
    harness.get_by_label("Dark: Ann (1500?) · you");
    harness.get_by_label("Light: Bo (1620)");
    click(&mut harness, "Profile");
    seen_containing(&harness, "No rated games yet.");
    click(&mut harness, "Leaderboard");
    let board = Query::Leaderboard(qipan_engine::games::Variant::plain(GameId::ShuangCheng));
    server.answer(board, 200, r#"{"game":"shuangcheng","players":[]}"#);
    harness.run();
    harness.run();
    assert_eq!(
        server.asked(),
        [
            "http://127.0.0.1:8090/api/players/Ann",
            "http://127.0.0.1:8090/api/players/Bo",
            "http://127.0.0.1:8090/api/leaderboard/shuangcheng",
        ],
        "each asked for once during the game"
    );
    let ply = ended_after_a_move(&mut harness, &server, &start, "o-wins");
    let record = record_of(&start, &ply, "o-wins", 1388.2, 1631.0);
    (harness, server, record)
}

#[test]
fn after_a_game_the_players_line_the_profile_and_the_leaderboard_are_fresh() {
    let (mut harness, server, record) = a_game_played_and_lost();
    // As the result comes, what it changed is asked for again, once.
    assert_eq!(
        server.asked(),
        [
            "http://127.0.0.1:8090/api/players/Ann",
            "http://127.0.0.1:8090/api/players/Bo",
            "http://127.0.0.1:8090/api/leaderboard/shuangcheng",
            "http://127.0.0.1:8090/api/games/ABCDEFGH",
        ]
    );
    harness.run();
    assert!(server.asked().is_empty(), "once per game");
    // The players' line shows the ratings after the game once its record says them.
    server.answer(Query::Game("ABCDEFGH".into()), 200, record.as_str());
    harness.run();
    harness.run();
    harness.get_by_label("Dark: Ann (1388?) · you");
    harness.get_by_label("Light: Bo (1631)");
    // The profile shows the game just played, without a Refresh.
    server.answer(
        Query::Player("Ann".into()),
        200,
        ann_profile(1388.2, &[&record]),
    );
    let board = Query::Leaderboard(qipan_engine::games::Variant::plain(GameId::ShuangCheng));
    server.answer(
        board,
        200,
        r#"{"game":"shuangcheng","players":[{"name":"Bo","rating":1631,"deviation":80,"games":31}]}"#,
    );
    harness.run();
    harness.run();
    seen_containing(&harness, "1631");
    click(&mut harness, "Profile");
    seen_containing(&harness, "Line-Board Shuang Cheng: lost against Bo (−112)");
    assert!(harness.query_by_label("No rated games yet.").is_none());
    seen_containing(&harness, "1388?");
    assert!(
        server.asked().is_empty(),
        "nothing asked again on a still screen"
    );
}

#[test]
fn a_game_of_the_profile_opens_in_the_review_right_after_the_game() {
    let (mut harness, server, record) = a_game_played_and_lost();
    server.answer(Query::Game("ABCDEFGH".into()), 200, record.as_str());
    server.answer(
        Query::Player("Ann".into()),
        200,
        ann_profile(1388.2, &[&record]),
    );
    harness.run();
    click(&mut harness, "Profile");
    // The room's game is over: its record opens in the coach's review, the room left.
    let game = "Review: Line-Board Shuang Cheng: lost against Bo (−112)";
    assert!(!harness.get_by_label(game).accesskit_node().is_disabled());
    click(&mut harness, game);
    harness.run();
    let session = harness.state().session();
    assert_eq!(session.mode().kind(), ModeKind::Archive);
    assert_eq!(harness.state().game().len(), 1);
    assert!(harness.state().game().review_running().is_some());
    seen_containing(&harness, "Light wins");
}

#[test]
fn while_a_game_online_is_on_the_profile_s_games_wait_for_its_end() {
    let (mut harness, _clock, server, _start) = paired_app();
    let record = r#"{"room":"ZYXWVUTS","game":"shuangcheng","start":"S","plies":[],"status":"o-wins","reason":"resigned","rated":true,"players":{"x":{"name":"Ann","bot":false,"before":1500,"after":1488},"o":{"name":"Bo","bot":false,"before":1620,"after":1628}}}"#;
    server.answer(
        Query::Player("Ann".into()),
        200,
        ann_profile(1488.0, &[record]),
    );
    harness.run();
    click(&mut harness, "Profile");
    seen_containing(
        &harness,
        "These games open in the review once your game online is over.",
    );
    let game = "Review: Line-Board Shuang Cheng: lost against Bo (−12)";
    assert!(harness.get_by_label(game).accesskit_node().is_disabled());
}

#[test]
fn the_leaderboard_lists_the_best_and_opens_their_profiles() {
    let (mut harness, _clock, server) = online_app();
    click(&mut harness, "Leaderboard");
    harness.run();
    assert_eq!(
        server.asked(),
        ["http://127.0.0.1:8090/api/leaderboard/shuangcheng"]
    );
    server.answer(
        Query::Leaderboard(qipan_engine::games::Variant::plain(GameId::ShuangCheng)),
        500,
        "",
    );
    harness.run();
    harness.run();
    seen_containing(&harness, "The server could not be reached: HTTP 500");
    click(&mut harness, "Try again");
    assert_eq!(server.asked().len(), 1);
    server.answer(
        Query::Leaderboard(qipan_engine::games::Variant::plain(GameId::ShuangCheng)),
        200,
        r#"{"game":"shuangcheng","players":[{"name":"Bo","rating":1712.6,"deviation":60,"games":40},{"name":"Cy","rating":1650,"deviation":70,"games":22}]}"#,
    );
    harness.run();
    harness.run();
    seen_containing(&harness, "1713");
    click(&mut harness, "Bo");
    assert_eq!(server.asked(), ["http://127.0.0.1:8090/api/players/Bo"]);
    harness.get_by_label("Bo");
    // Another game's board: asked for when picked.
    click(&mut harness, "Leaderboard");
    click(&mut harness, "Two-or-Three-Step Blockade (solidarity)");
    assert_eq!(
        server.asked(),
        ["http://127.0.0.1:8090/api/leaderboard/blockade%3Asolidarity"]
    );
}

/// The pictures of playing someone new, to be looked at, not compared: at 1280×800,
/// 820×1180 and 390×844, in both languages, the Play online section without a name, with
/// one (and its key), waiting; a paired game with both players and its buttons; the end
/// with the rating changes; the profile; the leaderboard. Drawn by wgpu (lavapipe), against
/// the scripted server, into `$QIPAN_SHOTS/lobby/` (default: a folder in the system's
/// temporary folder) as `LANG-SIZE-NN-STATE.png`.
#[test]
#[ignore = "writes screenshots: cargo test --test app lobby::screenshots -- --ignored"]
fn screenshots_of_playing_someone_new() {
    let dir = crate::shots_dir("lobby");
    for (size_name, size) in crate::SHOT_SIZES {
        let (mut harness, clock) = crate::shot_app(size);
        let server = harness.state_mut().script_server();
        let mut shots = crate::Shots::new(&dir, size_name);
        open_play_online(&mut harness);
        shots.take(&mut harness, "no-name", "Choose this name");
        choose_a_name(&mut harness, &server);
        press(&mut harness, "Play on another device");
        shots.take(&mut harness, "name-chosen", "Log out on this device");
        press(&mut harness, "Play on another device");
        seek(&mut harness, &server);
        clock.advance(12.4);
        harness.run();
        shots.take(&mut harness, "waiting", "Cancel");
        let start = paired(&mut harness, &server);
        server.answer(
            Query::Player("Bo".into()),
            200,
            r#"{"name":"Bo","bot":false,"ratings":{"shuangcheng":{"rating":1620,"deviation":150,"volatility":0.09,"games":3}},"games":[]}"#,
        );
        server.say(state(&start, &[], None, true, r#""o""#));
        harness.run();
        harness.run();
        shots.take(&mut harness, "paired", "Board");
        // The same seat against the computer: its status line.
        server.say(state_against_the_computer(&start));
        harness.run();
        shots.take(&mut harness, "computer", "Board");
        server.say(state(&start, &[], None, true, r#""o""#));
        harness.run();
        let ply = ended_after_a_move(&mut harness, &server, &start, "x-wins");
        // The game's own record: the players' line shows the ratings after it.
        let record = record_of(&start, &ply, "x-wins", 1512.3, 1604.1);
        server.answer(Query::Game("ABCDEFGH".into()), 200, record);
        harness.run();
        harness.run();
        shots.take(&mut harness, "end", "Rematch");
        press(&mut harness, "Leave");
        let game = |before: f64, after: f64, status: &str, other: &str| {
            format!(
                r#"{{"room":"ABCDEFGH","game":"shuangcheng","start":"{start}","plies":["{ply}"],"status":"{status}","reason":"resigned","rated":true,"players":{{"x":{{"name":"Ann","bot":false,"before":{before},"after":{after}}},"o":{{"name":"{other}","bot":false,"before":1600,"after":1600}}}}}}"#
            )
        };
        let games = [
            game(1536.0, 1524.0, "o-wins", "Cy"),
            game(1512.3, 1536.0, "x-wins", "Bo"),
            game(1500.0, 1512.3, "x-wins", "Bo"),
        ]
        .join(",");
        let body = format!(
            r#"{{"name":"Ann","bot":false,"ratings":{{"shuangcheng":{{"rating":1524,"deviation":90,"volatility":0.09,"games":3}},"push":{{"rating":1500,"deviation":500,"volatility":0.09,"games":0}}}},"games":[{games}]}}"#
        );
        server.answer(Query::Player("Ann".into()), 200, body);
        // The phone's tabs scroll sideways: brought into view first.
        press(&mut harness, "Profile");
        shots.take(&mut harness, "profile", "Ratings");
        server.answer(
            Query::Leaderboard(qipan_engine::games::Variant::plain(GameId::ShuangCheng)),
            200,
            r#"{"game":"shuangcheng","players":[{"name":"Bo","rating":1712.6,"deviation":60,"games":40},{"name":"双城棋手","rating":1650,"deviation":70,"games":22},{"name":"Ann","rating":1524,"deviation":90,"games":3}]}"#,
        );
        press(&mut harness, "Leaderboard");
        shots.take(&mut harness, "leaderboard", "Rank");
    }
}

/// The Chinese label of an English one of the app's words (the screenshots scroll to it).
pub fn english_to(zh: &qipan::i18n::I18n, english: &str) -> String {
    let en = qipan::i18n::I18n::new(Lang::En);
    let (ids, _) = qipan::i18n::defined_ids(Lang::En);
    ids.into_iter()
        .find(|id| en.tr(qipan::i18n::Msg(leak(id))) == english)
        .map_or_else(
            || english.to_owned(),
            |id| zh.tr(qipan::i18n::Msg(leak(&id))),
        )
}

fn leak(id: &str) -> &'static str {
    Box::leak(id.to_owned().into_boxed_str())
}

/// A key never crosses the internet in clear: a plain `ws://` address outside the local
/// network is refused where it is typed, with the `wss://` one offered, and no frame goes out.
#[test]
fn a_plain_address_far_away_is_refused_and_its_secure_one_offered() {
    let (mut harness, clock, server) = online_app();
    let field = |harness: &Harness<'static, App>| {
        harness.get_by_label("Server").value().unwrap_or_default()
    };
    harness.get_by_label("Server").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness
        .get_by_label("Server")
        .type_text("ws://play.example.org/ws");
    harness.run();
    seen_containing(
        &harness,
        "Your key would cross the internet unencrypted over ws://",
    );
    type_into(&mut harness, "Your name", "Ann");
    click(&mut harness, "Choose this name");
    seen_containing(&harness, "Use wss://play.example.org/ws instead.");
    assert!(server.heard().is_empty(), "nothing is sent in clear");
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    seen_containing(&harness, "你的密钥会以明文经过互联网");
    harness.state_mut().set_lang(Lang::En);
    harness.run();
    // The status line's refusal goes after its few seconds; the hint goes at once.
    clock.advance(7.0);
    click(&mut harness, "Use wss://play.example.org/ws");
    assert_eq!(field(&harness), "wss://play.example.org/ws");
    assert!(harness.query_by_label_contains("unencrypted").is_none());
    // On this machine and the local network, plain ws:// is fine.
    harness.get_by_label("Server").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness
        .get_by_label("Server")
        .type_text("ws://192.168.1.20:8090/ws");
    harness.run();
    assert!(harness.query_by_label_contains("unencrypted").is_none());
}
