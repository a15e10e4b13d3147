//! The web page around the canvas: its title follows the game and the language, and a few
//! `data-*` attributes on `<body>` tell an outside observer (the end-to-end test) the move
//! count, whether the computer is thinking, the language, the layout, where the named
//! controls are and how far Maddell's solved table is, since the canvas has no DOM.

use super::games::description;
use super::marks;
use super::storage::document;
use super::words;
use crate::i18n::I18n;
use crate::msg;
use qipan_engine::ai::maddell_table::Readiness;
use qipan_session::online::{Link, Seat};
use qipan_session::Session;

/// What the page shows outside the canvas.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageState {
    pub title: String,
    pub lang: &'static str,
    pub plies: usize,
    pub thinking: bool,
    pub over: bool,
    /// The game id with its option (`blockade:solidarity`).
    pub game: String,
    /// The position text on the board.
    pub position: String,
    /// `wide`, `medium` or `narrow`.
    pub layout: String,
    /// Where the named controls and board points are: JSON `{"key": [x, y, w, h]}` in CSS
    /// pixels (keys such as `point:c3`, `action:undo`, `tab:rules`, `lang:zh-CN`).
    pub marks: String,
    /// Nodes per second of the computer's last search in this page.
    pub nps: Option<u64>,
    /// The coach: the hint's move, and the review's progress and rows (`data-hint`,
    /// `data-review`: `running 42` or `done 31`, empty without a review).
    pub hint: String,
    pub review: String,
    /// Where Maddell's solved table stands (`Readiness`'s plain text: `building 0.420`,
    /// `ready`, ...).
    pub perfect: String,
    /// The online game: `ROOM SEAT LINK` (`ABCDEFGH x open`), empty when playing here.
    pub online: String,
    /// The puzzle on the board: `STATE LINE` (`solving c-th,r-c,br-r`), empty without one.
    pub puzzle: String,
    /// Playing someone new: the player's name (`-` without one), then while the lobby's
    /// connection is on its step and the whole seconds waited (`Ann waiting 12`).
    pub lobby: String,
}

/// The page's state for the game on the board: the tab title (game name, localized) and
/// the state attributes the end-to-end test reads.
#[inline(never)] // V8 optimises it on its own: docs/web.md, "rustc made large functions"
pub fn page_state(
    ctx: &egui::Context,
    session: &Session,
    i18n: &I18n,
    layout: &str,
    perfect: &Readiness,
) -> PageState {
    let game = session.game();
    let name = description(game).name;
    let title = i18n.tr_args(
        msg!("page-title"),
        &[
            ("game", i18n.tr(name).into()),
            ("app", i18n.tr(msg!("app-title")).into()),
        ],
    );
    let title = words::counted_title(title, session, i18n);
    PageState {
        title,
        lang: i18n.lang().tag(),
        plies: game.cursor(),
        thinking: game.thinking(),
        over: game.status().is_over(),
        game: game.variant().to_string(),
        position: game.position_text(),
        layout: layout.to_owned(),
        marks: marks::to_json(ctx),
        nps: game
            .last_search()
            .filter(|(_, t)| !t.is_zero())
            .map(|(nodes, t)| (nodes as f64 / t.as_secs_f64()) as u64),
        hint: game
            .hint()
            .and_then(|(best, _)| game.format_move(best))
            .unwrap_or_default(),
        review: match game.review_view() {
            None => String::new(),
            Some(r) if r.running => format!("running {}", (r.progress * 100.0) as u32),
            Some(r) => format!("done {}", r.rows.iter().flatten().count()),
        },
        perfect: perfect.to_string(),
        online: session.online().map_or_else(String::new, |online| {
            let seat = match online.seat() {
                Some(Seat::Player(side)) => side.letter().to_string(),
                Some(Seat::Spectator) => "spectator".to_owned(),
                None => "-".to_owned(),
            };
            let link = match online.link() {
                Link::Open => "open",
                Link::Connecting => "connecting",
                Link::Lost { .. } => "lost",
            };
            format!("{} {seat} {link}", online.room().unwrap_or("-"))
        }),
        puzzle: session.puzzle().map_or_else(String::new, |run| {
            let state = format!("{:?}", run.state()).to_lowercase();
            format!("{state} {}", run.puzzle().line.join(","))
        }),
        lobby: {
            let name = session.lobby().player().map_or("-", |p| p.name.as_str());
            match session.seeking() {
                Some(seeking) => {
                    let step = format!("{:?}", seeking.step()).to_lowercase();
                    let waited = seeking.waited(session.now()).unwrap_or(0.0).floor();
                    format!("{name} {step} {waited}")
                }
                None => name.to_owned(),
            }
        },
    }
}

/// Writes `state` into the page; cheap to call every frame (only changes touch the DOM).
#[inline(never)] // V8 optimises it on its own: docs/web.md, "rustc made large functions"
pub fn publish(state: &PageState, last: &mut Option<PageState>) {
    if last.as_ref() == Some(state) {
        return;
    }
    let Ok(document) = document() else {
        return;
    };
    document.set_title(&state.title);
    if let Some(root) = document.document_element() {
        let _ = root.set_attribute("lang", state.lang);
    }
    if let Some(body) = document.body() {
        let data = body.dataset();
        let _ = data.set("lang", state.lang);
        let _ = data.set("plies", &state.plies.to_string());
        let _ = data.set("thinking", if state.thinking { "1" } else { "0" });
        let _ = data.set("over", if state.over { "1" } else { "0" });
        let _ = data.set("game", &state.game);
        let _ = data.set("position", &state.position);
        let _ = data.set("layout", &state.layout);
        let _ = data.set("marks", &state.marks);
        let _ = data.set("nps", &state.nps.map(|n| n.to_string()).unwrap_or_default());
        let _ = data.set("hint", &state.hint);
        let _ = data.set("review", &state.review);
        let _ = data.set("perfect", &state.perfect);
        let _ = data.set("online", &state.online);
        let _ = data.set("puzzle", &state.puzzle);
        let _ = data.set("lobby", &state.lobby);
    }
    *last = Some(state.clone());
}
