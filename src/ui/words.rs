//! What the session reports, in the person's language: why a game ended, the notices, why a
//! command was refused, why a set-up cannot be played, a puzzle's task and progress, what a
//! lesson says about a try, the online game's state. Every view that says one of these says
//! it with these words, so each is worded once.

use super::games::{self, GameDescription};
use crate::i18n::{I18n, Msg};
use crate::msg;
use qipan_engine::ai::{Level, ThinkError};
use qipan_engine::games::setup::{Piece, SetupError};
use qipan_engine::games::{EndReason, GameId, MoveError, Side, Status, Variant};
use qipan_session::address::ServerAddressError;
use qipan_session::editor::EditorError;
use qipan_session::lessons::{LessonRun, LessonState, Said};
use qipan_session::lobby::{Days, GameRating, LobbyNotice, SeatedPlayer};
use qipan_session::online::{ErrorCode, Link, OnlineError, OnlineNotice, Seat};
use qipan_session::player_link::{Alert, LinkNotice};
use qipan_session::puzzles::{Goal, PuzzleError, PuzzleRun, PuzzleState};
use qipan_session::seeking::{Seeking, Step, Wish};
use qipan_session::{AnyMatch, CommandError, LessonError, LobbyError, ModeKind, Notice, PlayError};
use qipan_session::{ReplayError, Session};

/// Why the game on the board ended, in words, from the reason the engine gives.
pub fn end_reason(game: &AnyMatch, i18n: &I18n) -> String {
    let description = games::description(game);
    status_reason(game.status(), game.side_to_move(), description, i18n)
}

/// Why the session's game ended, in words: as [`end_reason`] says, except for an online game
/// aborted because a side's first turn ran out before it played (lobby.md, "A side that never
/// starts"), which names that side on both players' screens.
pub fn session_end_reason(session: &Session, i18n: &I18n) -> String {
    let game = session.game();
    match session.online().and_then(|online| online.never_started()) {
        Some(side) => {
            let name = i18n.tr(games::description(game).side_name(side));
            i18n.tr_args(msg!("reason-never-started"), &[("side", name.into())])
        }
        None => end_reason(game, i18n),
    }
}

/// Why a game of `game` with `status` ended (`to_move`: the side to move), in words; also
/// the board editor's word on a set-up that is already over.
pub fn status_reason(status: Status, to_move: Side, game: &GameDescription, i18n: &I18n) -> String {
    let (reason, side) = match status {
        Status::Ongoing => return String::new(),
        // The rules that name a side name the loser.
        Status::Win(winner, reason) => (reason, winner.opponent()),
        Status::Draw(reason) => (reason, to_move),
    };
    let id = match (reason, status.is_draw()) {
        (EndReason::NoMove, true) => msg!("reason-draw-no-move"),
        (EndReason::NoMove, false) => msg!("reason-no-move"),
        (EndReason::SixPushedOff, _) => msg!("reason-pushed-six"),
        (EndReason::TwoLeft, _) => msg!("reason-two-left"),
        (EndReason::CannonsGone, _) => msg!("reason-cannons-gone"),
        (EndReason::PlatformsHeld, _) => msg!("reason-platforms"),
        (EndReason::LastSoldiersHeld, _) => msg!("reason-last-soldiers"),
        (EndReason::SoldiersGone, _) => msg!("reason-soldiers-gone"),
        (EndReason::PlatformCapture, _) => msg!("reason-platform-capture"),
        (EndReason::Resigned, _) => msg!("reason-resigned"),
        (EndReason::Agreed, _) => msg!("reason-agreed"),
        (EndReason::Abandoned, _) => msg!("reason-abandoned"),
        (EndReason::Aborted, _) => msg!("reason-aborted"),
        (EndReason::OutOfTime, _) => msg!("reason-out-of-time"),
    };
    let name = i18n.tr(game.side_name(side));
    i18n.tr_args(id, &[("side", name.into())])
}

/// The game's notice (a lost turn, a file saved or not, the computer's move…).
pub fn notice(game: &AnyMatch, i18n: &I18n, notice: &Notice) -> String {
    let side = |s: Side| i18n.tr(games::description(game).side_name(s));
    match notice {
        Notice::Timeout(s) => i18n.tr_args(msg!("timeout-skipped"), &[("side", side(*s).into())]),
        Notice::Passed(s) => i18n.tr_args(msg!("push-pass"), &[("side", side(*s).into())]),
        Notice::Saved(p) => {
            // The web cannot write a path: the file went to the browser's downloads.
            let id = if cfg!(target_arch = "wasm32") {
                msg!("saved-web")
            } else {
                msg!("saved")
            };
            i18n.tr_args(id, &[("path", p.as_str().into())])
        }
        Notice::Loaded(p) => i18n.tr_args(msg!("loaded"), &[("path", p.as_str().into())]),
        Notice::File(e) => i18n.save_error(e),
        Notice::ComputerMoved(s, text) => i18n.tr_args(
            msg!("computer-moved"),
            &[("side", side(*s).into()), ("move", text.as_str().into())],
        ),
        Notice::NotRestored(e) => {
            i18n.tr_args(msg!("err-restore"), &[("error", i18n.save_error(e).into())])
        }
        Notice::Engine(e) => engine_error(e, i18n),
        Notice::Link(e) => i18n.link_error(e),
        Notice::LinkOpened => i18n.tr(msg!("link-opened")),
    }
}

/// Why the computer gave no move.
fn engine_error(error: &ThinkError, i18n: &I18n) -> String {
    let why = match error {
        ThinkError::NoMove => i18n.tr(msg!("engine-error-no-move")),
        ThinkError::Crashed(why) => i18n.tr_args(
            msg!("engine-error-crashed"),
            &[("why", why.as_str().into())],
        ),
    };
    i18n.tr_args(msg!("engine-error"), &[("error", why.into())])
}

/// Why the session refused a command (it changed nothing). `session` is the session as the
/// refusal left it: unchanged, so what it holds is what the command met.
pub fn refusal(error: &CommandError, session: &Session, i18n: &I18n) -> String {
    match error {
        CommandError::Play(error) => {
            let reason = match error {
                PlayError::NotYourTurn => i18n.tr(msg!("online-error-not-your-turn")),
                PlayError::Move(MoveError::Illegal { .. }) => {
                    i18n.tr(msg!("online-error-illegal-move"))
                }
                PlayError::Move(MoveError::Malformed { text, .. }) => i18n.tr_args(
                    msg!("refused-move-malformed"),
                    &[("move", text.as_str().into())],
                ),
                PlayError::OtherGame => i18n.tr(msg!("refused-other-game")),
                PlayError::GameOver => i18n.tr(msg!("online-error-game-over")),
                PlayError::LookingBack => i18n.tr(msg!("refused-looking-back")),
            };
            i18n.tr_args(msg!("refused-move"), &[("reason", reason.into())])
        }
        CommandError::NotWhile(mode) => i18n.tr(match mode {
            ModeKind::Local => msg!("refused-local"),
            ModeKind::Online => msg!("refused-online"),
            ModeKind::Puzzle => msg!("refused-puzzle"),
            ModeKind::Editor => msg!("refused-editing"),
            ModeKind::Seeking => msg!("refused-seeking"),
            ModeKind::Archive => msg!("refused-archive"),
            ModeKind::Lesson => msg!("refused-lesson"),
        }),
        CommandError::NotIn(mode) => i18n.tr(match mode {
            ModeKind::Local => msg!("refused-not-local"),
            ModeKind::Online => msg!("refused-not-online"),
            ModeKind::Puzzle => msg!("refused-no-puzzle"),
            ModeKind::Editor => msg!("refused-editor-not-open"),
            ModeKind::Seeking => msg!("refused-not-seeking"),
            ModeKind::Archive => msg!("refused-no-archive"),
            ModeKind::Lesson => msg!("refused-no-lesson"),
        }),
        CommandError::AlreadyIn(mode) => i18n.tr(match mode {
            ModeKind::Local => msg!("refused-already-local"),
            ModeKind::Online => msg!("refused-already-online"),
            ModeKind::Puzzle => msg!("refused-already-puzzle"),
            ModeKind::Editor => msg!("refused-editor-open"),
            ModeKind::Seeking => msg!("refused-already-seeking"),
            ModeKind::Archive => msg!("refused-already-archive"),
            ModeKind::Lesson => msg!("refused-already-lesson"),
        }),
        CommandError::Online(error) => i18n.tr(match error {
            OnlineError::NoGameYet => msg!("refused-online-no-game"),
            OnlineError::Spectating => msg!("refused-online-spectating"),
            OnlineError::NoSeat => msg!("refused-online-no-seat"),
            OnlineError::MovePending => msg!("refused-online-move-pending"),
            OnlineError::Offline => msg!("refused-online-offline"),
            OnlineError::Over => msg!("refused-online-over"),
            OnlineError::TooLateToAbort => msg!("refused-online-abort"),
            OnlineError::DrawOffered => msg!("refused-online-draw-offered"),
            OnlineError::NothingToClaim => msg!("refused-online-claim"),
        }),
        CommandError::Lobby(error) => i18n.tr(match error {
            LobbyError::BadName => msg!("lobby-error-name-rule"),
            LobbyError::BadKey => msg!("lobby-error-key-text"),
            LobbyError::NoName => msg!("lobby-error-no-name"),
            LobbyError::HasName => msg!("lobby-error-has-name"),
            LobbyError::Unreadable => msg!("lobby-error-record"),
            LobbyError::OwnChallenge => msg!("lobby-error-own-challenge"),
            LobbyError::NotListed => msg!("lobby-error-not-listed"),
            LobbyError::NoTurnWaiting => msg!("lobby-error-no-turn"),
        }),
        CommandError::Puzzle(error) => match error {
            PuzzleError::HintBeforeFailedTry => i18n.tr(msg!("refused-puzzle-hint")),
            PuzzleError::NoPuzzles(game) => {
                let name = i18n.tr(games::describe(*game).name);
                i18n.tr_args(msg!("refused-no-puzzles"), &[("game", name.into())])
            }
            PuzzleError::Unplayable { number, .. } => i18n.tr_args(
                msg!("refused-puzzle-unplayable"),
                &[("number", (*number).into())],
            ),
        },
        CommandError::Editor(error) => editor_refusal(error, session, i18n),
        CommandError::Server(error) => server_address_error(error, i18n),
        CommandError::Lesson(error) => {
            let course = |game: &GameId| i18n.tr(games::describe(*game).name);
            match error {
                LessonError::NoSuchLesson { game, lesson } => i18n.tr_args(
                    msg!("refused-lesson-unknown"),
                    &[
                        ("game", course(game).into()),
                        ("lesson", lesson.as_str().into()),
                    ],
                ),
                LessonError::NoCourse(game) => i18n.tr_args(
                    msg!("refused-lesson-no-course"),
                    &[("game", course(game).into())],
                ),
                LessonError::Finished => i18n.tr(msg!("refused-lesson-finished")),
                LessonError::LastLesson => i18n.tr(msg!("refused-lesson-last")),
            }
        }
    }
}

/// Why the app will not connect to the address in the Server field.
pub fn server_address_error(error: &ServerAddressError, i18n: &I18n) -> String {
    match error {
        ServerAddressError::Malformed => i18n.tr(msg!("online-server-malformed")),
        ServerAddressError::Cleartext { secure } => i18n.tr_args(
            msg!("online-server-cleartext"),
            &[("address", secure.as_str().into())],
        ),
    }
}

fn editor_refusal(error: &EditorError, session: &Session, i18n: &I18n) -> String {
    match error {
        EditorError::NoSuchPoint(index) => i18n.tr_args(
            msg!("refused-editor-no-point"),
            &[("index", (*index).into())],
        ),
        EditorError::NotInGame(piece) => {
            let description = match session.editor() {
                Some(editor) => games::describe(editor.variant().game),
                None => games::description(session.game()),
            };
            let name = i18n.tr(piece_name(description, *piece));
            i18n.tr_args(msg!("refused-editor-piece"), &[("piece", name.into())])
        }
        EditorError::Hand => i18n.tr(msg!("refused-editor-hand")),
        EditorError::NotConfirming => i18n.tr(msg!("refused-editor-not-asking")),
        EditorError::Invalid(error) => {
            let reason = match session.editor() {
                Some(editor) => {
                    let description = games::describe(editor.variant().game);
                    setup_error(error, editor.board().to_move, description, i18n)
                }
                None => {
                    let game = session.game();
                    let description = games::description(game);
                    setup_error(error, game.side_to_move(), description, i18n)
                }
            };
            i18n.tr_args(msg!("refused-setup"), &[("reason", reason.into())])
        }
        EditorError::Replay(error) => {
            let reason = replay_error(error, i18n);
            i18n.tr_args(msg!("refused-setup"), &[("reason", reason.into())])
        }
    }
}

/// Why a game does not replay from its texts (a set-up, the server's game): the move that
/// does not, by its number, or the position's own reason.
pub fn replay_error(error: &ReplayError, i18n: &I18n) -> String {
    let ply = |id, index: usize, text: &str| {
        i18n.tr_args(id, &[("number", (index + 1).into()), ("move", text.into())])
    };
    match error {
        ReplayError::Start(error) => i18n.tr_args(
            msg!("editor-err-text"),
            &[("reason", error.to_string().into())],
        ),
        ReplayError::Ply {
            index,
            error: MoveError::Illegal { text },
        } => ply(msg!("err-move-illegal"), *index, text),
        ReplayError::Ply {
            index,
            error: MoveError::Malformed { text, .. },
        } => ply(msg!("err-move-malformed"), *index, text),
        ReplayError::AfterEnd { index } => {
            i18n.tr_args(msg!("err-after-end"), &[("number", (index + 1).into())])
        }
        ReplayError::Cursor => i18n.tr(msg!("err-cursor")),
    }
}

/// What a piece is called on a point (screen readers): "dark piece", "cannon", "shared piece".
pub fn piece_name(game: &GameDescription, piece: Piece) -> Msg {
    match piece {
        Piece::X => game.pieces[0],
        Piece::O => game.pieces[1],
        Piece::Shared => msg!("piece-shared"),
    }
}

/// Why a set-up cannot be played.
pub fn setup_error(
    error: &SetupError,
    to_move: Side,
    game: &GameDescription,
    i18n: &I18n,
) -> String {
    let side = |side: Side| i18n.tr(game.side_name(side));
    let piece_side = |piece: Piece| match piece {
        Piece::X => Some(side(Side::X)),
        Piece::O => Some(side(Side::O)),
        Piece::Shared => None,
    };
    match error {
        SetupError::PointCount { expected, found } => i18n.tr_args(
            msg!("editor-err-point-count"),
            &[("expected", (*expected).into()), ("found", (*found).into())],
        ),
        SetupError::NoSuchPoint { index } => i18n.tr_args(
            msg!("editor-err-no-such-point"),
            &[("index", (*index).into())],
        ),
        SetupError::NotInGame { point, .. } => i18n.tr_args(
            msg!("editor-err-not-in-game"),
            &[("point", (*point).into())],
        ),
        SetupError::TooMany { piece, found, most } => {
            let (found, most) = ((*found).into(), (*most).into());
            match piece_side(*piece) {
                Some(name) => i18n.tr_args(
                    msg!("editor-err-too-many"),
                    &[("side", name.into()), ("found", found), ("most", most)],
                ),
                None => i18n.tr_args(
                    msg!("editor-err-too-many-shared"),
                    &[("found", found), ("most", most)],
                ),
            }
        }
        SetupError::TooFew {
            piece,
            found,
            needed,
        } => {
            let (found, needed) = ((*found).into(), (*needed).into());
            match piece_side(*piece) {
                Some(name) => i18n.tr_args(
                    msg!("editor-err-too-few"),
                    &[("side", name.into()), ("found", found), ("needed", needed)],
                ),
                None => i18n.tr_args(
                    msg!("editor-err-too-few-shared"),
                    &[("found", found), ("needed", needed)],
                ),
            }
        }
        SetupError::NoHands => i18n.tr(msg!("editor-err-no-hands")),
        SetupError::HandTooBig {
            side: s,
            in_hand,
            on_board,
            most,
        } => i18n.tr_args(
            msg!("editor-err-hand-too-big"),
            &[
                ("side", side(*s).into()),
                ("hand", (*in_hand).into()),
                ("board", (*on_board).into()),
                ("most", (*most).into()),
            ],
        ),
        SetupError::LostTooMany {
            side: s,
            lost,
            at_most,
        } => i18n.tr_args(
            msg!("editor-err-lost-too-many"),
            &[
                ("side", side(*s).into()),
                ("other", side(s.opponent()).into()),
                ("lost", (*lost).into()),
                ("most", (*at_most).into()),
            ],
        ),
        SetupError::BoxedCannon { point } => i18n.tr_args(
            msg!("editor-err-boxed-cannon"),
            &[("point", (*point).into())],
        ),
        SetupError::Finished(status) => {
            let reason = status_reason(*status, to_move, game, i18n);
            i18n.tr_args(msg!("editor-err-finished"), &[("reason", reason.into())])
        }
        SetupError::Text(error) => i18n.tr_args(
            msg!("editor-err-text"),
            &[("reason", error.to_string().into())],
        ),
    }
}

/// What to find: "Dark to move and win in 3" / "Light to move: win 2 pieces".
pub fn puzzle_prompt(run: &PuzzleRun, session: &Session, i18n: &I18n) -> String {
    let side = i18n.tr(games::description(session.game()).side_name(run.solver()));
    match run.puzzle().goal {
        // A book holds only `win` and `gain K` puzzles (the engine reads no other).
        Goal::Win | Goal::Move | Goal::Draw => i18n.tr_args(
            msg!("puzzle-prompt-win"),
            &[
                ("side", side.into()),
                ("moves", run.puzzle().solver_moves().into()),
            ],
        ),
        // The gain in the game's own words where the theme names it.
        Goal::Gain(pieces) => {
            let id = match run.puzzle().theme.as_str() {
                "push-off" => msg!("puzzle-prompt-push-off"),
                "capture" => msg!("puzzle-prompt-capture"),
                "boxed" => msg!("puzzle-prompt-boxed"),
                _ => msg!("puzzle-prompt-gain"),
            };
            i18n.tr_args(id, &[("side", side.into()), ("pieces", pieces.into())])
        }
    }
}

/// How the try goes, for the Puzzles view and the status line.
pub fn puzzle_state(run: &PuzzleRun) -> Msg {
    match (run.state(), run.failed()) {
        (PuzzleState::Solving, false) => msg!("puzzle-your-move"),
        (PuzzleState::Solving, true) => msg!("puzzle-try-again"),
        (PuzzleState::Replying, _) => msg!("puzzle-right"),
        (PuzzleState::Wrong, _) => msg!("puzzle-wrong"),
        (PuzzleState::Solved, false) => msg!("puzzle-solved"),
        (PuzzleState::Solved, true) => msg!("puzzle-solved-after"),
    }
}

/// How the lesson on the board goes, for the Learn view and the status line.
pub fn lesson_state(run: &LessonRun) -> Msg {
    match (run.state(), run.said()) {
        (LessonState::Trying, None | Some(Said::Right)) => msg!("learn-your-move"),
        (LessonState::Trying, Some(_)) => msg!("learn-try-again"),
        (LessonState::Replying, _) => msg!("learn-right"),
        (LessonState::Wrong, _) => msg!("learn-wrong"),
        (LessonState::Done, _) => msg!("learn-done"),
    }
}

/// Why the learner's last try was not the lesson's, in the rule's own words: the trap's
/// reason, the engine's refusal, or that a legal move is not the lesson's (with its goal).
/// `None` after the lesson's move (the lesson's state says so).
pub fn lesson_said(run: &LessonRun, i18n: &I18n) -> Option<String> {
    let lesson = run.lesson();
    Some(match run.said()? {
        Said::Right => return None,
        Said::Trap(trap) => i18n.tr_data(&lesson.trap_id(trap)),
        Said::Refused(MoveError::Illegal { text }) => i18n.tr_args(
            msg!("learn-refused-illegal"),
            &[("move", text.as_str().into())],
        ),
        Said::Refused(MoveError::Malformed { text, .. }) => i18n.tr_args(
            msg!("learn-refused-malformed"),
            &[("move", text.as_str().into())],
        ),
        Said::OffLine(text) => i18n.tr_args(
            msg!("learn-off-line"),
            &[
                ("move", text.as_str().into()),
                ("goal", i18n.tr_data(&lesson.goal_id()).into()),
            ],
        ),
    })
}

/// The online game's line in the status bar: the room, the seat, the friend, the link.
pub fn online_line(session: &Session, i18n: &I18n) -> Option<String> {
    let online = session.online()?;
    let side_name = |side| i18n.tr(games::description(session.game()).side_name(side));
    let mut parts = Vec::new();
    if let Some(room) = online.room() {
        parts.push(i18n.tr_args(msg!("online-room"), &[("room", room.into())]));
    }
    match online.seat() {
        Some(Seat::Player(side)) => {
            parts.push(i18n.tr_args(msg!("online-you-play"), &[("side", side_name(side).into())]))
        }
        Some(Seat::Spectator) => parts.push(i18n.tr(msg!("online-spectating"))),
        None => {}
    }
    match online.link() {
        Link::Connecting => parts.push(i18n.tr(msg!("online-connecting"))),
        Link::Lost { retry_at } => {
            let seconds = (retry_at - session.now()).max(0.0).ceil() as i64;
            parts.push(i18n.tr_args(msg!("online-reconnecting"), &[("seconds", seconds.into())]));
        }
        // Days a move: whether the other player is connected now is no news.
        Link::Open if online.days().is_some() => {}
        Link::Open => {
            if let (Some(friend), Some(state)) = (online.friend(), online.state()) {
                let here = online.is_connected(friend);
                let ever = !state.plies.is_empty() || here;
                // Someone new was there from the start: here, or gone.
                let paired = online.is_paired();
                parts.push(i18n.tr(match (here, ever, paired) {
                    // The computer is always there: its presence is no news.
                    _ if online.against_computer() => msg!("online-against-computer"),
                    (true, _, true) => msg!("online-opponent-here"),
                    (false, _, true) => msg!("online-opponent-left"),
                    (true, _, false) => msg!("online-friend-here"),
                    (false, true, false) => msg!("online-friend-left"),
                    (false, false, false) => msg!("online-waiting"),
                }));
            }
        }
    }
    match online.notice() {
        Some(OnlineNotice::Refused(code)) => parts.push(server_refused(*code, i18n)),
        Some(OnlineNotice::Unreadable(why)) => parts.push(unreadable_state(why, i18n)),
        None => {}
    }
    Some(parts.join(" · "))
}

/// Why the server's game does not replay here.
fn unreadable_state(why: &ReplayError, i18n: &I18n) -> String {
    let why = replay_error(why, i18n);
    i18n.tr_args(msg!("online-unreadable"), &[("error", why.into())])
}

/// What a seek is doing: connecting, asking, "Looking for an opponent in Shuang Cheng
/// (rated)… 12 s", cancelling.
pub fn seek_line(seeking: &Seeking, now: f64, i18n: &I18n) -> String {
    let Wish::Seek { game, rated } = seeking.wish() else {
        return i18n.tr(msg!("online-connecting"));
    };
    let kind = i18n.tr(if *rated {
        msg!("lobby-rated")
    } else {
        msg!("lobby-casual")
    });
    let game = variant_name(*game, i18n);
    match (seeking.step(), seeking.waited(now)) {
        (Step::Cancelling, _) => i18n.tr(msg!("lobby-cancelling")),
        (Step::Connecting, _) => i18n.tr(msg!("online-connecting")),
        (_, Some(waited)) => i18n.tr_args(
            msg!("lobby-waiting"),
            &[
                ("game", game.into()),
                ("kind", kind.into()),
                ("seconds", (waited.floor() as i64).into()),
            ],
        ),
        (_, None) => i18n.tr_args(
            msg!("lobby-asking"),
            &[("game", game.into()), ("kind", kind.into())],
        ),
    }
}

/// The lobby's line in the status bar while a name, a key or a seek is on its way.
pub fn lobby_line(session: &Session, i18n: &I18n) -> Option<String> {
    let seeking = session.seeking()?;
    Some(match seeking.wish() {
        Wish::Register { name } => {
            i18n.tr_args(msg!("lobby-registering"), &[("name", name.as_str().into())])
        }
        Wish::LogIn => i18n.tr(msg!("lobby-logging-in")),
        Wish::Seek { .. } => seek_line(seeking, session.now(), i18n),
    })
}

/// "The server refused: …", the code in words (an unknown one as it is).
pub fn server_refused(code: ErrorCode, i18n: &I18n) -> String {
    let said = server_refusal(code).map_or_else(|| code.name().to_owned(), |id| i18n.tr(id));
    i18n.tr_args(msg!("online-refused"), &[("reason", said.into())])
}

/// What the lobby has to say: the server's refusal of a name, a key or a seek.
pub fn lobby_notice(notice: LobbyNotice, i18n: &I18n) -> String {
    match notice {
        LobbyNotice::Refused(code) => server_refused(code, i18n),
    }
}

/// What a server error code means, in words (`None`: a code this app does not know).
fn server_refusal(code: ErrorCode) -> Option<Msg> {
    Some(match code {
        ErrorCode::NoSuchRoom => msg!("online-error-no-such-room"),
        ErrorCode::BadToken => msg!("online-error-bad-token"),
        ErrorCode::NotYourTurn => msg!("online-error-not-your-turn"),
        ErrorCode::IllegalMove => msg!("online-error-illegal-move"),
        ErrorCode::Stale => msg!("online-error-stale"),
        ErrorCode::GameOver => msg!("online-error-game-over"),
        ErrorCode::RateLimited => msg!("online-error-rate-limited"),
        ErrorCode::TooLarge => msg!("online-error-too-large"),
        ErrorCode::Malformed => msg!("online-error-malformed"),
        ErrorCode::UnknownGame => msg!("online-error-unknown-game"),
        ErrorCode::Unavailable => msg!("online-error-unavailable"),
        ErrorCode::BadName => msg!("online-error-bad-name"),
        ErrorCode::NameTaken => msg!("online-error-name-taken"),
        ErrorCode::BadKey => msg!("online-error-bad-key"),
        ErrorCode::NotLoggedIn => msg!("online-error-not-logged-in"),
        ErrorCode::Busy => msg!("online-error-busy"),
        ErrorCode::CannotAbort => msg!("online-error-cannot-abort"),
        ErrorCode::CannotClaim => msg!("online-error-cannot-claim"),
        ErrorCode::BadDays => msg!("online-error-bad-days"),
        ErrorCode::TooManyGames => msg!("online-error-too-many-games"),
        ErrorCode::OwnSeek => msg!("online-error-own-seek"),
        ErrorCode::NoSuchSeek => msg!("online-error-no-such-seek"),
        ErrorCode::OwnChallenge => msg!("online-error-own-challenge"),
        ErrorCode::NoSuchPlayer => msg!("online-error-no-such-player"),
        ErrorCode::NoSuchChallenge => msg!("online-error-no-such-challenge"),
        ErrorCode::TooManyChallenges => msg!("online-error-too-many-challenges"),
        ErrorCode::Unrecognized => return None,
    })
}

/// A rating as shown: rounded, a provisional one marked `?` (lobby.md: RD above 110).
pub fn rating(value: f64, provisional: bool, i18n: &I18n) -> String {
    let rounded = value.round() as i64;
    if provisional {
        i18n.tr_args(msg!("rating-provisional"), &[("rating", rounded.into())])
    } else {
        rounded.to_string()
    }
}

/// A player's rating in a game as stored.
pub fn game_rating(rating: &GameRating, i18n: &I18n) -> String {
    self::rating(rating.rating, rating.is_provisional(), i18n)
}

/// A rating's change, rounded and signed: `+12`, `−8`, `±0`.
pub fn rating_change(change: f64, i18n: &I18n) -> String {
    let points = change.round() as i64;
    match points.signum() {
        1 => i18n.tr_args(msg!("rating-up"), &[("points", points.into())]),
        -1 => i18n.tr_args(msg!("rating-down"), &[("points", (-points).into())]),
        _ => i18n.tr(msg!("rating-same")),
    }
}

/// A seated player of a paired game at `rating`: "Bo (1620?)", the computer named as such.
/// The state gives their rating when the game began but no deviation: `known` is their
/// rating in the game as their record gives it, which says whether it is provisional.
pub fn seated_player(
    player: &SeatedPlayer,
    rating: f64,
    known: Option<&GameRating>,
    i18n: &I18n,
) -> String {
    let provisional = known.is_some_and(GameRating::is_provisional);
    let shown = self::rating(rating, provisional, i18n);
    let name = player_name(&player.name, player.bot, i18n);
    // A computer player whose name says so already is not said to be one twice.
    let id = if player.bot && name == player.name {
        msg!("lobby-player-bot")
    } else {
        msg!("lobby-player")
    };
    i18n.tr_args(id, &[("name", name.into()), ("rating", shown.into())])
}

/// A player's name as the player at the screen reads it: the server's computer players
/// (`Computer-Medium`, names the contract fixes and no one can register) in the player's
/// language, "电脑（中等）"; anyone else's as they chose it.
pub fn player_name(name: &str, bot: bool, i18n: &I18n) -> String {
    let level = name
        .strip_prefix("Computer-")
        .filter(|_| bot)
        .and_then(|level| Level::ALL.into_iter().find(|l| format!("{l:?}") == level));
    match level {
        Some(level) => i18n.tr_args(
            msg!("player-computer"),
            &[("level", i18n.tr(level_msg(level)).into())],
        ),
        None => name.to_owned(),
    }
}

/// A game id with its option, in words: "Blockade (solidarity)".
pub fn variant_name(variant: Variant, i18n: &I18n) -> String {
    let name = i18n.tr(games::describe(variant.game).name);
    if variant == Variant::plain(variant.game) {
        name
    } else {
        i18n.tr_args(msg!("variant-solidarity"), &[("game", name.into())])
    }
}

/// "rated" or "casual".
pub fn rated_word(rated: bool, i18n: &I18n) -> String {
    i18n.tr(if rated {
        msg!("lobby-rated")
    } else {
        msg!("lobby-casual")
    })
}

/// A game's time: "live" (60 seconds a move), or "3 days a move".
pub fn time_control(days: Option<Days>, i18n: &I18n) -> String {
    match days {
        None => i18n.tr(msg!("time-live")),
        Some(days) => i18n.tr_args(msg!("time-days"), &[("days", days.get().into())]),
    }
}

/// What is left of a turn, said to the precision that matters: days and hours, hours and
/// minutes, minutes, or seconds.
pub fn time_left(ms: u64, i18n: &I18n) -> String {
    const MINUTE: u64 = 60_000;
    const HOUR: u64 = 60 * MINUTE;
    const DAY: u64 = 24 * HOUR;
    let count = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
    if ms >= DAY {
        i18n.tr_args(
            msg!("left-days"),
            &[
                ("days", count(ms / DAY).into()),
                ("hours", count(ms % DAY / HOUR).into()),
            ],
        )
    } else if ms >= HOUR {
        i18n.tr_args(
            msg!("left-hours"),
            &[
                ("hours", count(ms / HOUR).into()),
                ("minutes", count(ms % HOUR / MINUTE).into()),
            ],
        )
    } else if ms >= MINUTE {
        let minutes = count(ms / MINUTE);
        i18n.tr_args(msg!("left-minutes"), &[("minutes", minutes.into())])
    } else {
        let seconds = count(ms.div_ceil(1000));
        i18n.tr_args(msg!("left-seconds"), &[("seconds", seconds.into())])
    }
}

/// What the player's link has to say: the server's refusal, a challenge sent or declined,
/// a seek placed, a game started elsewhere.
pub fn link_notice(notice: &LinkNotice, i18n: &I18n) -> String {
    match notice {
        LinkNotice::Refused(code) => server_refused(*code, i18n),
        LinkNotice::ChallengeSent => i18n.tr(msg!("link-challenge-sent")),
        LinkNotice::Declined { to: Some(name) } => {
            i18n.tr_args(msg!("link-declined"), &[("name", name.as_str().into())])
        }
        LinkNotice::Declined { to: None } => i18n.tr(msg!("link-declined-someone")),
        LinkNotice::SeekPlaced => i18n.tr(msg!("link-seek-placed")),
        LinkNotice::NewGame { .. } => i18n.tr(msg!("link-new-game")),
    }
}

/// An alert as a notification says it: its title and its line.
pub fn alert(alert: &Alert, i18n: &I18n) -> (String, String) {
    match alert {
        Alert::YourTurn { game, opponent, .. } => (
            i18n.tr_args(
                msg!("notify-your-turn"),
                &[("name", opponent.as_str().into())],
            ),
            variant_name(*game, i18n),
        ),
        Alert::Challenged {
            from,
            game,
            rated,
            days,
        } => (
            i18n.tr_args(msg!("notify-challenge"), &[("name", from.as_str().into())]),
            [
                variant_name(*game, i18n),
                rated_word(*rated, i18n),
                time_control(*days, i18n),
            ]
            .join(" · "),
        ),
    }
}

/// `title` after the count of the player's games waiting for their move, "(2) Qipan",
/// when there are any.
pub fn counted_title(title: String, session: &Session, i18n: &I18n) -> String {
    let waiting = session.player_link().map_or(0, |link| link.waiting_count());
    match i64::try_from(waiting) {
        Ok(count) if count > 0 => i18n.tr_args(
            msg!("title-waiting"),
            &[("count", count.into()), ("title", title.into())],
        ),
        _ => title,
    }
}

/// A level of the computer's play.
pub fn level_msg(level: Level) -> Msg {
    match level {
        Level::Easy => msg!("level-easy"),
        Level::Medium => msg!("level-medium"),
        Level::Hard => msg!("level-hard"),
        Level::Master => msg!("level-master"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use qipan_engine::games::{GameId, PositionError};
    use qipan_session::timer::ManualClock;
    use qipan_session::Choices;
    use std::sync::Arc;

    /// Every refusal the session can give, each kind once.
    fn every_refusal() -> Vec<CommandError> {
        let text = "bh-tl".to_owned();
        vec![
            CommandError::Play(PlayError::NotYourTurn),
            CommandError::Play(PlayError::Move(MoveError::Illegal { text: text.clone() })),
            CommandError::Play(PlayError::Move(MoveError::malformed(&text, "no line"))),
            CommandError::Play(PlayError::OtherGame),
            CommandError::Play(PlayError::GameOver),
            CommandError::Play(PlayError::LookingBack),
            CommandError::NotWhile(ModeKind::Local),
            CommandError::NotWhile(ModeKind::Online),
            CommandError::NotWhile(ModeKind::Puzzle),
            CommandError::NotWhile(ModeKind::Editor),
            CommandError::NotWhile(ModeKind::Lesson),
            CommandError::NotIn(ModeKind::Local),
            CommandError::NotIn(ModeKind::Online),
            CommandError::NotIn(ModeKind::Puzzle),
            CommandError::NotIn(ModeKind::Editor),
            CommandError::NotIn(ModeKind::Lesson),
            CommandError::AlreadyIn(ModeKind::Local),
            CommandError::AlreadyIn(ModeKind::Online),
            CommandError::AlreadyIn(ModeKind::Puzzle),
            CommandError::AlreadyIn(ModeKind::Editor),
            CommandError::AlreadyIn(ModeKind::Lesson),
            CommandError::Lesson(LessonError::NoSuchLesson {
                game: GameId::Cannon,
                lesson: "nope".into(),
            }),
            CommandError::Lesson(LessonError::NoCourse(GameId::Push)),
            CommandError::Lesson(LessonError::Finished),
            CommandError::Lesson(LessonError::LastLesson),
            CommandError::Online(OnlineError::NoGameYet),
            CommandError::Online(OnlineError::Spectating),
            CommandError::Online(OnlineError::NoSeat),
            CommandError::Online(OnlineError::MovePending),
            CommandError::Online(OnlineError::Offline),
            CommandError::Online(OnlineError::Over),
            CommandError::Online(OnlineError::TooLateToAbort),
            CommandError::Online(OnlineError::DrawOffered),
            CommandError::Online(OnlineError::NothingToClaim),
            CommandError::NotWhile(ModeKind::Seeking),
            CommandError::NotWhile(ModeKind::Archive),
            CommandError::NotIn(ModeKind::Seeking),
            CommandError::NotIn(ModeKind::Archive),
            CommandError::AlreadyIn(ModeKind::Seeking),
            CommandError::AlreadyIn(ModeKind::Archive),
            CommandError::Server(ServerAddressError::Malformed),
            CommandError::Server(ServerAddressError::Cleartext {
                secure: "wss://example.org/ws".into(),
            }),
            CommandError::Lobby(LobbyError::BadName),
            CommandError::Lobby(LobbyError::BadKey),
            CommandError::Lobby(LobbyError::NoName),
            CommandError::Lobby(LobbyError::HasName),
            CommandError::Lobby(LobbyError::Unreadable),
            CommandError::Lobby(LobbyError::OwnChallenge),
            CommandError::Lobby(LobbyError::NotListed),
            CommandError::Lobby(LobbyError::NoTurnWaiting),
            CommandError::Puzzle(PuzzleError::HintBeforeFailedTry),
            CommandError::Puzzle(PuzzleError::NoPuzzles(GameId::Push)),
            CommandError::Puzzle(PuzzleError::Unplayable {
                game: GameId::Push,
                number: 7,
            }),
            CommandError::Editor(EditorError::NoSuchPoint(40)),
            CommandError::Editor(EditorError::NotInGame(Piece::Shared)),
            CommandError::Editor(EditorError::Hand),
            CommandError::Editor(EditorError::Invalid(SetupError::NoHands)),
            CommandError::Editor(EditorError::NotConfirming),
            CommandError::Editor(EditorError::Replay(ReplayError::Start(
                PositionError::SideToMove { field: "z".into() },
            ))),
            CommandError::Editor(EditorError::Replay(ReplayError::Cursor)),
            CommandError::Editor(EditorError::Replay(ReplayError::Ply {
                index: 2,
                error: MoveError::Illegal { text: text.clone() },
            })),
            CommandError::Editor(EditorError::Replay(ReplayError::Ply {
                index: 2,
                error: MoveError::malformed(&text, "no line"),
            })),
        ]
    }

    #[test]
    fn every_refusal_is_said_in_both_languages() {
        let clock = Box::new(ManualClock::default());
        let session = Session::new(Choices::default(), None, clock, Arc::new(|| {}), 1);
        let mut i18n = I18n::new(Lang::En);
        for error in every_refusal() {
            let english = refusal(&error, &session, &i18n);
            i18n.set_lang(Lang::Zh);
            let chinese = refusal(&error, &session, &i18n);
            i18n.set_lang(Lang::En);
            for said in [&english, &chinese] {
                // A message that is missing or does not format shows its id.
                assert!(!said.contains("refused-"), "{error:?}: {said}");
                assert!(!said.contains("online-error-"), "{error:?}: {said}");
                assert!(!said.contains("err-"), "{error:?}: {said}");
                assert!(!said.contains("lobby-"), "{error:?}: {said}");
            }
            assert_ne!(english, chinese, "{error:?}");
        }
    }

    /// The server's game that does not replay here, and the computer that gave no move, are
    /// said in words in both languages: never a type's debug form or an English text alone.
    #[test]
    fn an_unreadable_game_and_a_failed_computer_are_said_in_words() {
        let illegal = MoveError::Illegal {
            text: "bh-tl".into(),
        };
        let states = [
            ReplayError::Ply {
                index: 3,
                error: illegal,
            },
            ReplayError::AfterEnd { index: 3 },
            ReplayError::Cursor,
        ];
        let failures = [ThinkError::NoMove, ThinkError::Crashed("boom".into())];
        let mut said = Vec::new();
        for lang in [Lang::En, Lang::Zh] {
            let i18n = I18n::new(lang);
            said.extend(states.iter().map(|why| unreadable_state(why, &i18n)));
            said.extend(failures.iter().map(|e| engine_error(e, &i18n)));
        }
        for text in &said {
            for debug in [
                "Replay", "Ply {", "Illegal", "Cursor", "NoMove", "Crashed", "-err",
            ] {
                assert!(!text.contains(debug), "{text}");
            }
        }
        let (english, chinese) = said.split_at(said.len() / 2);
        assert!(english.iter().zip(chinese).all(|(en, zh)| en != zh));
        assert!(english[0].contains("Move 4"), "{}", english[0]);
        assert!(english[4].contains("boom"), "{}", english[4]);
    }

    #[test]
    fn every_error_code_a_server_sends_is_said_in_words() {
        let mut i18n = I18n::new(Lang::En);
        for code in ErrorCode::SENT {
            assert!(server_refusal(code).is_some(), "{code:?}");
            let english = server_refused(code, &i18n);
            i18n.set_lang(Lang::Zh);
            let chinese = server_refused(code, &i18n);
            i18n.set_lang(Lang::En);
            assert!(!english.contains("online-error-"), "{english}");
            assert!(!chinese.contains("online-error-"), "{chinese}");
        }
        assert!(server_refusal(ErrorCode::Unrecognized).is_none());
    }

    #[test]
    fn ratings_are_rounded_signed_and_marked_provisional() {
        let i18n = I18n::new(Lang::En);
        assert_eq!(rating(1499.6, false, &i18n), "1500");
        assert_eq!(rating(1499.6, true, &i18n), "1500?");
        assert_eq!(rating_change(12.4, &i18n), "+12");
        assert_eq!(rating_change(-7.6, &i18n), "\u{2212}8");
        assert_eq!(rating_change(0.3, &i18n), "\u{b1}0");
    }
}
