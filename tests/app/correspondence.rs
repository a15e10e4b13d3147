//! Playing at your own pace through the real widgets (correspondence.md), against a server
//! scripted by hand on both of the app's lines (the mode's connection and the player's
//! link): Your games with its count in the tab and the window's title, opening a game and
//! the next one waiting, a correspondence board's days, seeks with days a move and the open
//! seeks, challenges by name (sent, answered, cancelled, declined), an incoming challenge
//! wherever the player is, Challenge again, notifications and their setting. Every control
//! is found by its accessible name, in both languages where it matters.

use crate::lobby::{choose_a_name, online_app, open_play_online, type_into, KEY};
use crate::{click, press, seen_containing};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipan::i18n::Lang;
use qipan::ui::{App, ScriptedServer};
use qipan_engine::games::{GameId, Variant};
use qipan_session::lobby::Query;
use qipan_session::timer::ManualClock;
use qipan_session::ModeKind;

const PLAYER: &str =
    r#"{"type":"player","name":"Ann","key":"0f1e2d3c4b5a69788796a5b4c3d2e1f0","ratings":{}}"#;
const GAMES: &str = r#"{"type":"games"}"#;

/// Bob's move waits in Push the Line (3 days a move, 1 day 2 hours left); then Cy's turn in
/// Shuang Cheng (live, 42 s); Ann's challenge to Eve; a seek of Ann's.
pub const TWO_GAMES: &str = r#"{"type":"games","games":[{"room":"PUSHROOM","game":"push","seat":"o","token":"push-token","opponent":"Bob","days":3,"plies":4,"your_turn":true,"turn_ms":93600000},{"room":"LIVEROOM","game":"shuangcheng","seat":"x","token":"live-token","opponent":"Cy1","days":null,"plies":1,"your_turn":false,"turn_ms":42000}],"challenges":[{"challenge":"c2","from":"Ann","rating":1500,"game":"push","rated":false,"days":null,"to":"Eve"}],"seeks":[{"seek":"s1","game":"maddell","rated":true,"days":5}]}"#;

/// The player's link opened, logged in as Ann, and its first `games` answered with `games`.
pub fn linked(harness: &mut Harness<'static, App>, server: &ScriptedServer, games: &str) {
    assert_eq!(
        server.heard_on_link(),
        [format!(r#"{{"type":"login","key":"{KEY}"}}"#)]
    );
    server.say_on_link(PLAYER);
    harness.run();
    assert_eq!(server.heard_on_link(), [GAMES]);
    server.say_on_link(games);
    harness.run();
}

/// A wide app named Ann whose link has told `games`.
pub fn app_with_games(games: &str) -> (Harness<'static, App>, ManualClock, ScriptedServer) {
    let (mut harness, clock, server) = online_app();
    choose_a_name(&mut harness, &server);
    linked(&mut harness, &server, games);
    (harness, clock, server)
}

/// The state of `room`: Shuang Cheng from its start, Ann (x) against Bob, `days` a move
/// (`null`: live), `turn_ms` left, `end` its status and reason.
pub fn state(
    start: &str,
    room: &str,
    days: &str,
    turn_ms: &str,
    end: Option<(&str, &str)>,
) -> String {
    let (status, reason) = end.map_or(("ongoing", "null".to_owned()), |(s, r)| {
        (s, format!("{r:?}"))
    });
    format!(
        r#"{{"type":"state","room":"{room}","game":"shuangcheng","start":"{start}","plies":[],"position":"{start}","status":"{status}","reason":{reason},"turn_ms":{turn_ms},"connected":{{"x":true,"o":false}},"players":{{"x":{{"name":"Ann","rating":1500,"bot":false}},"o":{{"name":"Bob","rating":1620,"bot":false}}}},"rated":true,"offer":null,"days":{days}}}"#
    )
}

/// The room on the board, if any.
fn room_on_board(harness: &Harness<'static, App>) -> Option<String> {
    let online = harness.state().session().online()?;
    online.room().map(str::to_owned)
}

/// The next game waiting (Push the Line's room) opened, seated at x: the game's start.
fn open_push_room(harness: &mut Harness<'static, App>, server: &ScriptedServer) -> String {
    let start = harness.state().game().start_text();
    press(harness, "Next game where it's my turn");
    server.heard();
    server.say(r#"{"type":"seat","room":"PUSHROOM","seat":"x","token":"push-token"}"#);
    start
}

#[test]
fn your_games_are_counted_listed_and_open_on_the_board() {
    let (mut harness, clock, server) = app_with_games(TWO_GAMES);
    // Counted where Play online is, and in the window's title.
    harness.get_by_label("Play online (1)");
    assert_eq!(harness.state().window_title(), "(1) Qipan · 棋盘");
    seen_containing(&harness, "1 game waits for your move.");
    harness
        .get_by_label("Bob · Push the Line · Standoff · your turn · 1 d 2 h left · 3 days a move");
    harness.get_by_label("Cy1 · Line-Board Shuang Cheng · their turn · 42 s left");
    // The player's own challenge and seek, each to take back.
    seen_containing(&harness, "To Eve: Push the Line · Standoff · casual · live");
    press(&mut harness, "Cancel the challenge to Eve");
    assert_eq!(
        server.heard_on_link(),
        [r#"{"type":"cancel","challenge":"c2"}"#]
    );
    press(
        &mut harness,
        "Withdraw the seek: Sixpenny Maddell · rated · 5 days a move",
    );
    assert_eq!(server.heard_on_link(), [r#"{"type":"unseek","seek":"s1"}"#]);
    // The time left runs down by the clock, for the eye only.
    clock.advance(7200.0);
    harness.run();
    harness.get_by_label_contains("Bob · Push the Line · Standoff · your turn · 1 d 0 h left");
    // Next game where it's my turn: Push the Line's seat, resumed with its token.
    press(&mut harness, "Next game where it's my turn");
    assert_eq!(harness.state().session().mode().kind(), ModeKind::Online);
    assert_eq!(
        server.heard(),
        [r#"{"type":"resume","room":"PUSHROOM","token":"push-token"}"#]
    );
    // Another by its row: a tap (a live game's seconds are long gone by now).
    press(
        &mut harness,
        "Cy1 · Line-Board Shuang Cheng · their turn · 0 s left",
    );
    let online = harness
        .state()
        .session()
        .online()
        .map(|o| o.room().map(str::to_owned));
    assert_eq!(online, Some(Some("LIVEROOM".to_owned())));
    // In Chinese too.
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    harness.get_by_label("在线对弈（1）");
    assert_eq!(harness.state().window_title(), "(1) Qipan · 棋盘");
    seen_containing(&harness, "有 1 盘棋在等你走。");
    harness.get_by_label("下一盘轮到我的棋");
}

#[test]
fn a_correspondence_board_shows_days_and_hours_and_the_minute_never_runs() {
    let (mut harness, clock, server) = app_with_games(TWO_GAMES);
    let start = open_push_room(&mut harness, &server);
    let left = 2 * 86_400_000 + 5 * 3_600_000;
    server.say(state(&start, "PUSHROOM", "3", &left.to_string(), None));
    harness.run();
    seen_containing(&harness, "2 d 5 h left");
    seen_containing(&harness, "rated · 3 days a move");
    seen_containing(
        &harness,
        "3 days a move: the server keeps the time, and you may close the app between moves.",
    );
    // Nor whether the other player is connected now: no news with days a move.
    assert!(harness.query_by_label_contains("has left").is_none());
    // The minute's seconds ("60 s", beside its bar) are not shown.
    assert!(harness.query_by_label("60 s").is_none());
    clock.advance(3.0 * 3600.0);
    harness.run();
    seen_containing(&harness, "2 d 2 h left");
    // Nothing here ends the turn: hours later it is still the player's move.
    assert!(harness.state().game().human_to_move());
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    seen_containing(&harness, "剩 2 天 2 小时");
}

#[test]
fn a_seek_with_days_lists_the_open_seeks_and_one_tap_accepts() {
    let (mut harness, _clock, server) =
        app_with_games(r#"{"type":"games","games":[],"challenges":[],"seeks":[]}"#);
    seen_containing(&harness, "No games going.");
    click(&mut harness, "Time: 3 days");
    assert_eq!(
        server.asked(),
        ["http://127.0.0.1:8090/api/seeks/shuangcheng"]
    );
    server.answer(
        Query::Seeks(Variant::plain(GameId::ShuangCheng)),
        200,
        r#"{"game":"shuangcheng","seeks":[{"seek":"s9","name":"Bob","rating":1620,"provisional":true,"rated":true,"days":7},{"seek":"s1","name":"Ann","rating":1500,"provisional":false,"rated":false,"days":3}]}"#,
    );
    harness.run();
    seen_containing(&harness, "Bob (1620?) · rated · 7 days a move");
    harness.get_by_label("Withdraw the seek: Ann (1500) · casual · 3 days a move");
    press(&mut harness, "Seek (rated)");
    assert_eq!(
        server.heard_on_link(),
        [r#"{"type":"seek","game":"shuangcheng","rated":true,"days":3}"#]
    );
    assert!(server.heard().is_empty(), "no live seek");
    server.say_on_link(
        r#"{"type":"seeking","game":"shuangcheng","rated":true,"days":3,"seek":"s3"}"#,
    );
    harness.run();
    seen_containing(&harness, "Your seek is open");
    assert_eq!(server.heard_on_link(), [GAMES]);
    assert_eq!(
        server.asked(),
        ["http://127.0.0.1:8090/api/seeks/shuangcheng"],
        "the open seeks shown fresh"
    );
    server.answer(
        Query::Seeks(Variant::plain(GameId::ShuangCheng)),
        200,
        r#"{"game":"shuangcheng","seeks":[{"seek":"s9","name":"Bob","rating":1620,"provisional":true,"rated":true,"days":7},{"seek":"s3","name":"Ann","rating":1500,"provisional":false,"rated":true,"days":3}]}"#,
    );
    harness.run();
    // Bob's, taken: the game comes to the board.
    press(&mut harness, "Accept Bob's seek");
    assert_eq!(server.heard_on_link(), [r#"{"type":"accept","seek":"s9"}"#]);
    let start = harness.state().game().start_text();
    server.say_on_link(r#"{"type":"paired","room":"CORRROOM","seat":"x","token":"corr-token"}"#);
    server.say_on_link(state(&start, "CORRROOM", "7", "604800000", None));
    harness.run();
    assert_eq!(harness.state().session().mode().kind(), ModeKind::Online);
    assert_eq!(
        server.heard(),
        [r#"{"type":"resume","room":"CORRROOM","token":"corr-token"}"#]
    );
    // Live stays live: the old buttons, the old seek.
    press(&mut harness, "Leave");
    click(&mut harness, "Time: Live");
    press(&mut harness, "Play someone (rated)");
    assert_eq!(
        server.heard(),
        [format!(r#"{{"type":"login","key":"{KEY}"}}"#)]
    );
}

#[test]
fn a_player_is_challenged_by_name_and_told_of_the_answer() {
    let (mut harness, _clock, server) = app_with_games(TWO_GAMES);
    press(&mut harness, "Challenge a player");
    type_into(&mut harness, "Player's name", "Ann");
    press(&mut harness, "Send the challenge");
    seen_containing(&harness, "You cannot challenge yourself.");
    assert!(server.heard_on_link().is_empty());
    harness.get_by_label("Player's name").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Player's name").type_text("Bob");
    harness.run();
    press(&mut harness, "Time of the challenge: 3 days");
    press(&mut harness, "Send the challenge");
    assert_eq!(
        server.heard_on_link(),
        [r#"{"type":"challenge","to":"Bob","game":"shuangcheng","rated":true,"days":3}"#]
    );
    server.say_on_link(r#"{"type":"challenge-sent","challenge":"c7"}"#);
    harness.run();
    seen_containing(&harness, "Challenge sent");
    assert_eq!(server.heard_on_link(), [GAMES]);
    server.say_on_link(r#"{"type":"declined","challenge":"c7"}"#);
    harness.run();
    seen_containing(&harness, "Bob declined your challenge.");
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    seen_containing(&harness, "Bob 拒绝了你的挑战。");
    harness.state_mut().set_lang(Lang::En);
    harness.run();
    click(&mut harness, "OK");
    assert!(harness.query_by_label_contains("declined").is_none());
    // The server's refusal, in its words.
    server.say_on_link(r#"{"type":"error","code":"no-such-player","message":"no"}"#);
    harness.run();
    seen_containing(&harness, "no player has that name");
}

#[test]
fn a_challenge_comes_wherever_the_player_is_and_is_answered() {
    let (mut harness, _clock, server) = app_with_games(TWO_GAMES);
    let shown = harness.state_mut().record_notifications();
    // In a puzzle, far from Play online.
    harness.state_mut().send(qipan_session::Command::Puzzle(
        qipan_session::PuzzleCommand::Next(GameId::ShuangCheng),
    ));
    harness.run();
    assert_eq!(harness.state().session().mode().kind(), ModeKind::Puzzle);
    server.say_on_link(r#"{"type":"challenge","challenge":"c9","from":"Dee","rating":1712.4,"game":"cannon","rated":true,"days":7}"#);
    server.say_on_link(r#"{"type":"challenge","challenge":"c8","from":"Fay","rating":1400,"game":"push","rated":false,"days":null}"#);
    harness.run();
    seen_containing(
        &harness,
        "Dee (1712) challenges you: Earthen Cannon Chess · rated · 7 days a move",
    );
    let said: Vec<(String, String)> = shown.lock().map(|s| s.clone()).unwrap_or_default();
    assert_eq!(
        said[0],
        (
            "Dee challenges you".to_owned(),
            "Earthen Cannon Chess · rated · 7 days a move".to_owned()
        )
    );
    click(&mut harness, "Decline Fay's challenge");
    click(&mut harness, "Accept Dee's challenge");
    assert_eq!(
        server.heard_on_link(),
        [
            r#"{"type":"decline","challenge":"c8"}"#,
            r#"{"type":"accept","challenge":"c9"}"#
        ]
    );
    assert!(harness.query_by_label("Accept Dee's challenge").is_none());
    // The game it starts comes to the board (accepted here).
    let start = harness.state().game().start_text();
    server.say_on_link(r#"{"type":"paired","room":"DEEROOM1","seat":"o","token":"dee-token"}"#);
    server.say_on_link(state(&start, "DEEROOM1", "7", "604800000", None));
    harness.run();
    assert_eq!(room_on_board(&harness).as_deref(), Some("DEEROOM1"));
    // In Chinese.
    server.say_on_link(r#"{"type":"challenge","challenge":"c5","from":"Gus","rating":1500,"game":"push","rated":true,"days":1}"#);
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    seen_containing(
        &harness,
        "Gus（1500）向你挑战：推珠棋·隔空 · 计分 · 每步 1 天",
    );
    harness.get_by_label("接受 Gus 的挑战");
}

#[test]
fn an_opponents_move_is_notified_until_the_setting_is_off() {
    let (mut harness, _clock, server) = app_with_games(TWO_GAMES);
    let shown = harness.state_mut().record_notifications();
    let turn = r#"{"type":"your-turn","room":"LIVEROOM","game":"shuangcheng","opponent":"Cy1","turn_ms":30000}"#;
    server.say_on_link(turn);
    harness.run();
    let said: Vec<(String, String)> = shown.lock().map(|s| s.clone()).unwrap_or_default();
    assert_eq!(
        said,
        [(
            "Your move against Cy1".to_owned(),
            "Line-Board Shuang Cheng".to_owned()
        )]
    );
    harness.get_by_label("Play online (2)");
    assert_eq!(harness.state().window_title(), "(2) Qipan · 棋盘");
    press(
        &mut harness,
        "Tell me of moves and challenges (notifications)",
    );
    assert!(!harness.state().settings().notifications, "kept off");
    server.say_on_link(turn);
    harness.run();
    assert_eq!(shown.lock().map(|s| s.len()).unwrap_or_default(), 1);
}

#[test]
fn a_finished_game_challenges_again_and_a_profile_challenges_by_name() {
    let (mut harness, _clock, server) = app_with_games(TWO_GAMES);
    let start = open_push_room(&mut harness, &server);
    server.say(state(
        &start,
        "PUSHROOM",
        "3",
        "null",
        Some(("o-wins", "resigned")),
    ));
    harness.run();
    press(&mut harness, "Challenge again");
    assert_eq!(
        server.heard_on_link(),
        [
            GAMES,
            r#"{"type":"challenge","to":"Bob","game":"shuangcheng","rated":true,"days":3}"#
        ],
        "the list asked fresh as the game ended, then the challenge with its days"
    );
    // From the leaderboard: the form with the name in it.
    press(&mut harness, "Leave");
    server.answer(
        Query::Leaderboard(Variant::plain(GameId::ShuangCheng)),
        200,
        r#"{"game":"shuangcheng","players":[{"name":"Dee","rating":1712.6,"deviation":60,"games":40},{"name":"Ann","rating":1524,"deviation":90,"games":3}]}"#,
    );
    click(&mut harness, "Leaderboard");
    harness.run();
    assert!(
        harness.query_by_label("Challenge Ann").is_none(),
        "not oneself"
    );
    press(&mut harness, "Challenge Dee");
    press(&mut harness, "Send the challenge");
    assert_eq!(
        server.heard_on_link(),
        [r#"{"type":"challenge","to":"Dee","game":"shuangcheng","rated":true,"days":null}"#]
    );
}

#[test]
fn your_games_and_a_challenge_answer_by_keyboard() {
    let (mut harness, _clock, server) = app_with_games(TWO_GAMES);
    server.say_on_link(r#"{"type":"challenge","challenge":"c9","from":"Dee","rating":1600,"game":"push","rated":true,"days":2}"#);
    harness.run();
    // Focus on a row (as Tab brings it), then Enter: the game opens.
    harness
        .get_by_label("Cy1 · Line-Board Shuang Cheng · their turn · 42 s left")
        .focus();
    harness.run();
    harness.key_press(egui::Key::Enter);
    harness.run();
    assert_eq!(room_on_board(&harness).as_deref(), Some("LIVEROOM"));
    harness.get_by_label("Decline Dee's challenge").focus();
    harness.run();
    harness.key_press(egui::Key::Enter);
    harness.run();
    assert_eq!(
        server.heard_on_link(),
        [r#"{"type":"decline","challenge":"c9"}"#]
    );
}

/// The pictures of playing at one's own pace, to be looked at, not compared: at 1280×800,
/// 820×1180 and 390×844, in both languages: Your games with a challenge coming in, the
/// challenge form, a seek with days and the open seeks, a correspondence board with its
/// days, its end with Challenge again, the notifications' setting. Drawn by wgpu
/// (lavapipe), against the scripted server, into `$QIPAN_SHOTS/correspondence/` (default: a
/// folder in the system's temporary folder) as `LANG-SIZE-NN-STATE.png`.
#[test]
#[ignore = "writes screenshots: cargo test --test app -- --ignored screenshots_of_playing_at_your_own_pace"]
fn screenshots_of_playing_at_your_own_pace() {
    let dir = crate::shots_dir("correspondence");
    let challenge = r#"{"type":"challenge","challenge":"c9","from":"Dee","rating":1712.4,"game":"cannon","rated":true,"days":7}"#;
    for (size_name, size) in crate::SHOT_SIZES {
        let (mut harness, _clock) = crate::shot_app(size);
        harness.state_mut().record_notifications();
        let server = harness.state_mut().script_server();
        let mut shots = crate::Shots::new(&dir, size_name);
        open_play_online(&mut harness);
        choose_a_name(&mut harness, &server);
        linked(&mut harness, &server, TWO_GAMES);
        server.say_on_link(challenge);
        harness.run();
        shots.take(&mut harness, "your-games", "Next game where it's my turn");
        press(&mut harness, "Challenge a player");
        type_into(&mut harness, "Player's name", "Bob");
        press(&mut harness, "Time of the challenge: 3 days");
        shots.take(&mut harness, "challenge", "Send the challenge");
        press(&mut harness, "Decline Dee's challenge");
        press(&mut harness, "Time: 3 days");
        server.answer(
            Query::Seeks(Variant::plain(GameId::ShuangCheng)),
            200,
            r#"{"game":"shuangcheng","seeks":[{"seek":"s9","name":"Bob","rating":1620,"provisional":true,"rated":true,"days":7},{"seek":"s8","name":"双城棋手","rating":1712,"provisional":false,"rated":false,"days":2},{"seek":"s1","name":"Ann","rating":1500,"provisional":false,"rated":true,"days":3}]}"#,
        );
        harness.run();
        harness.run();
        shots.take(&mut harness, "seeks", "Refresh the open seeks");
        let start = harness.state().game().start_text();
        press(&mut harness, "Next game where it's my turn");
        server.say(r#"{"type":"seat","room":"PUSHROOM","seat":"x","token":"push-token"}"#);
        server.say(state(&start, "PUSHROOM", "3", "190800000", None));
        harness.run();
        harness.run();
        shots.take(&mut harness, "board", "Board");
        server.say(state(
            &start,
            "PUSHROOM",
            "3",
            "null",
            Some(("x-wins", "resigned")),
        ));
        harness.run();
        harness.run();
        shots.take(&mut harness, "end", "Challenge again");
        press(&mut harness, "Leave");
        // The phone's settings are a tab of their own.
        let settings_tab = harness.query_all_by_label("Game Settings").next().is_some();
        if settings_tab {
            press(&mut harness, "Game Settings");
        }
        shots.take(
            &mut harness,
            "setting",
            "Tell me of moves and challenges (notifications)",
        );
    }
}
