//! The app's wires to `qipan-server`, one code path for the desktop and the web: the sockets
//! while the session plays online or seeks, and the player's link while the player has a key
//! ([`super::socket`]), and the records API's HTTP requests
//! (ureq on a thread natively, the browser's fetch through ehttp on the web). It decides
//! nothing: it opens, reads and closes the socket as the session wants it, makes the
//! requests the session queues, and reports what happened as commands
//! ([`qipan_session::online`] holds the game, [`qipan_session::lobby`] the records).

use super::socket::{Socket as WebSocket, SocketEvent};
use qipan_session::connection::Connection;
use qipan_session::lobby::{Answer, Query};
use qipan_session::online::Link;
use qipan_session::player_link::PlayerLink;
use qipan_session::{Command, ConnectionEvent, PlayerCommand, RecordsCommand, Session};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// The answers of the records API that came back since the last frame.
type Answers = Arc<Mutex<Vec<(Query, Result<Answer, String>)>>>;

/// One socket, and which of the session's connections it is for.
type Socket = (u64, WebSocket);

/// The session's two connections: the mode's (a room, a seek) and the player's link
/// (correspondence.md), each reported back as its own command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    Mode,
    Player,
}

impl Line {
    const BOTH: [Line; 2] = [Line::Mode, Line::Player];

    /// The session's connection on this line, if it holds one.
    fn connection(self, session: &Session) -> Option<&Connection> {
        match self {
            Line::Mode => session.connection(),
            Line::Player => session.player_link().map(PlayerLink::connection),
        }
    }

    /// A report of this line's socket, as the session takes it.
    fn command(self, event: ConnectionEvent) -> Command {
        match self {
            Line::Mode => Command::Connection(event),
            Line::Player => Command::Player(PlayerCommand::Connection(event)),
        }
    }

    fn take_outbox(self, session: &mut Session) -> Vec<String> {
        match self {
            Line::Mode => session.take_outbox(),
            Line::Player => session.take_link_outbox(),
        }
    }
}

/// The sockets to the server, while the session holds connections, and the answers of the
/// requests on their way; or, in tests, a server they script by hand.
#[derive(Default)]
pub struct Transport {
    /// The mode's socket and the player's link's.
    sockets: [Option<Socket>; 2],
    answers: Answers,
    /// A scripted server in place of the network.
    scripted: Option<ScriptedServer>,
}

/// A server that a test plays by hand, in place of the network: every connection the
/// session asks for opens at once, the frames the app sends and the addresses it asks the
/// records API for are kept for the test to read, and the test's frames and answers arrive
/// as the server's. The mode's connection (a room, a seek) and the player's link are two
/// lines, each with its own frames. The widgets, the session and the transport's commands
/// are the real ones; only the wire is not.
#[derive(Clone, Default)]
pub struct ScriptedServer(Arc<Mutex<Script>>);

#[derive(Default)]
struct Script {
    /// The mode's line and the player's link's.
    lines: [ScriptedLine; 2],
    asked: Vec<String>,
    answers: Vec<(Query, Result<Answer, String>)>,
}

/// One scripted connection: which of the session's is open, and the frames each way.
#[derive(Default)]
struct ScriptedLine {
    open: Option<u64>,
    to_app: VecDeque<String>,
    from_app: Vec<String>,
}

impl ScriptedServer {
    fn with<R>(&self, f: impl FnOnce(&mut Script) -> R) -> R {
        let mut script = match self.0.lock() {
            Ok(script) => script,
            Err(poisoned) => poisoned.into_inner(),
        };
        f(&mut script)
    }

    fn line<R>(&self, line: Line, f: impl FnOnce(&mut ScriptedLine) -> R) -> R {
        self.with(|s| f(&mut s.lines[line as usize]))
    }

    /// A frame from the server on the mode's connection, read at the app's next frame.
    pub fn say(&self, frame: impl Into<String>) {
        self.line(Line::Mode, |l| l.to_app.push_back(frame.into()));
    }

    /// The frames the app sent on the mode's connection since the last call, in order.
    pub fn heard(&self) -> Vec<String> {
        self.line(Line::Mode, |l| std::mem::take(&mut l.from_app))
    }

    /// A frame from the server on the player's link, read at the app's next frame.
    pub fn say_on_link(&self, frame: impl Into<String>) {
        self.line(Line::Player, |l| l.to_app.push_back(frame.into()));
    }

    /// The frames the app sent on the player's link since the last call, in order.
    pub fn heard_on_link(&self) -> Vec<String> {
        self.line(Line::Player, |l| std::mem::take(&mut l.from_app))
    }

    /// The addresses the app asked the records API for since the last call.
    pub fn asked(&self) -> Vec<String> {
        self.with(|s| std::mem::take(&mut s.asked))
    }

    /// The records API's answer to `query`: `status` and `body`.
    pub fn answer(&self, query: Query, status: u16, body: impl Into<String>) {
        let body = body.into();
        self.with(|s| s.answers.push((query, Ok(Answer { status, body }))));
    }

    /// Closes the mode's connection, as a server that went away.
    pub fn drop_connection(&self) {
        self.line(Line::Mode, |l| l.open = None);
    }

    /// Closes the player's link, as a server that went away.
    pub fn drop_link(&self) {
        self.line(Line::Player, |l| l.open = None);
    }
}

impl Transport {
    /// Opens, reads and closes the sockets as the session wants them, and hands on the
    /// records API's answers; what happened goes to the session as commands (applied this
    /// frame, before drawing).
    #[inline(never)] // V8 optimises it on its own: docs/web.md, "rustc made large functions"
    pub fn poll(&mut self, session: &mut Session, ctx: &egui::Context) {
        let mut answers = match self.answers.lock() {
            Ok(mut answers) => std::mem::take(&mut *answers),
            Err(_) => Vec::new(),
        };
        if let Some(script) = &self.scripted {
            answers.extend(script.with(|s| std::mem::take(&mut s.answers)));
        }
        for (query, answer) in answers {
            session.send(Command::Records(RecordsCommand::Fetched { query, answer }));
        }
        for line in Line::BOTH {
            let events = match self.scripted.clone() {
                Some(script) => poll_script(&script, line, session),
                None => poll_socket(&mut self.sockets[line as usize], line, session, ctx),
            };
            for event in events {
                session.send(line.command(event));
            }
        }
    }

    /// Sends what the session has to say and makes the requests it queued; asks for a
    /// frame when the next retry is due.
    #[inline(never)] // V8 optimises it on its own: docs/web.md, "rustc made large functions"
    pub fn flush(&mut self, session: &mut Session, ctx: &egui::Context) {
        for line in Line::BOTH {
            let frames = line.take_outbox(session);
            if let Some(script) = &self.scripted {
                script.line(line, |l| l.from_app.extend(frames));
            } else if let Some((_, socket)) = &mut self.sockets[line as usize] {
                for frame in frames {
                    socket.send(frame);
                }
            }
            if let Some(at) = line.connection(session).and_then(|c| c.retry_at()) {
                let wait = (at - session.now()).max(0.05);
                ctx.request_repaint_after(web_time::Duration::from_secs_f64(wait));
            }
        }
        if let Some(script) = &self.scripted {
            let asked: Vec<String> = session.take_requests().into_iter().map(|r| r.url).collect();
            script.with(|s| s.asked.extend(asked));
            return;
        }
        for request in session.take_requests() {
            let (answers, wake, query) = (Arc::clone(&self.answers), ctx.clone(), request.query);
            get(&request.url, move |answer| {
                if let Ok(mut answers) = answers.lock() {
                    answers.push((query, answer));
                }
                wake.request_repaint();
            });
        }
    }
}

impl Transport {
    /// Plays through `script` from now on instead of the network (tests).
    pub fn script(&mut self, script: ScriptedServer) {
        self.sockets = [None, None];
        self.scripted = Some(script);
    }
}

/// One line's socket: opened when the session's connection wants one, closed when the
/// session holds none (or another), read; what happened, as events for the session.
fn poll_socket(
    socket: &mut Option<Socket>,
    line: Line,
    session: &Session,
    ctx: &egui::Context,
) -> Vec<ConnectionEvent> {
    let mut events = Vec::new();
    let Some(connection) = line.connection(session) else {
        *socket = None;
        return events;
    };
    let id = connection.id();
    // A socket for another connection (one that ended) is closed.
    if socket.as_ref().is_some_and(|(of, ..)| *of != id) {
        *socket = None;
    }
    let open_now = match connection.link() {
        // A new connection: its first socket.
        Link::Connecting => socket.is_none(),
        Link::Lost { .. } => connection.wants_socket(session.now()),
        Link::Open => false,
    };
    if open_now {
        let wake = ctx.clone();
        events.push(ConnectionEvent::Connecting);
        let opened = WebSocket::open(connection.server(), move || wake.request_repaint());
        *socket = Some((id, opened));
    }
    let mut lost = false;
    if let Some((_, open)) = socket.as_ref() {
        while let Some(event) = open.try_recv() {
            let event = match event {
                SocketEvent::Opened => ConnectionEvent::Opened,
                SocketEvent::Text(text) => match ConnectionEvent::received(&text) {
                    Some(received) => received,
                    None => continue,
                },
                SocketEvent::Lost(why) => {
                    log::info!("the connection to the server failed: {why}");
                    lost = true;
                    ConnectionEvent::Lost
                }
            };
            events.push(event);
            if lost {
                break;
            }
        }
    }
    if lost {
        *socket = None;
    }
    events
}

/// The scripted server's side of [`Transport::poll`] for one line: a new connection opens
/// at once, one the script dropped is lost, and the script's frames arrive.
fn poll_script(script: &ScriptedServer, line: Line, session: &Session) -> Vec<ConnectionEvent> {
    let Some(connection) = line.connection(session) else {
        script.line(line, |l| l.open = None);
        return Vec::new();
    };
    let (id, link) = (connection.id(), connection.link());
    script.line(line, |s| {
        let mut events = Vec::new();
        match (s.open == Some(id), link) {
            (false, Link::Connecting) | (false, Link::Lost { .. }) => {
                if link == Link::Connecting || connection.wants_socket(session.now()) {
                    s.open = Some(id);
                    events.push(ConnectionEvent::Connecting);
                    events.push(ConnectionEvent::Opened);
                }
            }
            (false, Link::Open) => events.push(ConnectionEvent::Lost),
            (true, _) => {}
        }
        if s.open == Some(id) {
            events.extend(
                s.to_app
                    .drain(..)
                    .filter_map(|text| ConnectionEvent::received(&text)),
            );
        }
        events
    })
}

/// A GET of the records API, answered on `done` from another thread or task: the status and
/// the body (a 404 is an answer, not an error), or why nothing came back.
#[cfg(target_arch = "wasm32")]
fn get(url: &str, done: impl FnOnce(Result<Answer, String>) + Send + 'static) {
    ehttp::fetch(ehttp::Request::get(url), move |result| {
        done(result.map(|response| Answer {
            status: response.status,
            body: response.text().unwrap_or_default().to_owned(),
        }))
    });
}

/// A GET of the records API, answered on `done` from another thread or task: the status and
/// the body (a 404 is an answer, not an error), or why nothing came back.
#[cfg(not(target_arch = "wasm32"))]
fn get(url: &str, done: impl FnOnce(Result<Answer, String>) + Send + 'static) {
    let url = url.to_owned();
    std::thread::spawn(move || {
        // https:// through the system's TLS and roots, as the socket (src/ui/socket/native.rs).
        let tls = ureq::tls::TlsConfig::builder()
            .provider(ureq::tls::TlsProvider::NativeTls)
            .root_certs(ureq::tls::RootCerts::PlatformVerifier)
            .build();
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(std::time::Duration::from_secs(20)))
            .tls_config(tls)
            .build()
            .new_agent();
        let answer = agent
            .get(&url)
            .call()
            .map_err(|e| e.to_string())
            .and_then(|mut response| {
                let status = response.status().as_u16();
                let body = response
                    .body_mut()
                    .read_to_string()
                    .map_err(|e| e.to_string())?;
                Ok(Answer { status, body })
            });
        done(answer);
    });
}
