//! The app's wires to `qipan-server`, one code path for the desktop and the web: the socket
//! while the session plays online or seeks (ewebsock), and the records API's HTTP requests
//! (ureq on a thread natively, the browser's fetch through ehttp on the web). It decides
//! nothing: it opens, reads and closes the socket as the session wants it, makes the
//! requests the session queues, and reports what happened as commands
//! ([`qipan_session::online`] holds the game, [`qipan_session::lobby`] the records).

use qipan_session::lobby::{Answer, Query};
use qipan_session::online::Link;
use qipan_session::{Command, ConnectionEvent, RecordsCommand, Session};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// The answers of the records API that came back since the last frame.
type Answers = Arc<Mutex<Vec<(Query, Result<Answer, String>)>>>;

/// The socket to the server, while the session holds a connection, and the answers of the
/// requests on their way; or, in tests, a server they script by hand.
#[derive(Default)]
pub struct Transport {
    /// The socket, and which of the session's connections it is for.
    socket: Option<(u64, ewebsock::WsSender, ewebsock::WsReceiver)>,
    answers: Answers,
    /// A scripted server in place of the network.
    scripted: Option<ScriptedServer>,
}

/// A server that a test plays by hand, in place of the network: every connection the
/// session asks for opens at once, the frames the app sends and the addresses it asks the
/// records API for are kept for the test to read, and the test's frames and answers arrive
/// as the server's. The widgets, the session and the transport's commands are the real
/// ones; only the wire is not.
#[derive(Clone, Default)]
pub struct ScriptedServer(Arc<Mutex<Script>>);

#[derive(Default)]
struct Script {
    /// The connection open now.
    open: Option<u64>,
    to_app: VecDeque<String>,
    from_app: Vec<String>,
    asked: Vec<String>,
    answers: Vec<(Query, Result<Answer, String>)>,
}

impl ScriptedServer {
    fn with<R>(&self, f: impl FnOnce(&mut Script) -> R) -> R {
        let mut script = match self.0.lock() {
            Ok(script) => script,
            Err(poisoned) => poisoned.into_inner(),
        };
        f(&mut script)
    }

    /// A frame from the server, read at the app's next frame.
    pub fn say(&self, frame: impl Into<String>) {
        self.with(|s| s.to_app.push_back(frame.into()));
    }

    /// The frames the app sent since the last call, in order.
    pub fn heard(&self) -> Vec<String> {
        self.with(|s| std::mem::take(&mut s.from_app))
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

    /// Closes the connection, as a server that went away.
    pub fn drop_connection(&self) {
        self.with(|s| s.open = None);
    }
}

impl Transport {
    /// Opens, reads and closes the socket as the session wants it, and hands on the records
    /// API's answers; what happened goes to the session as commands (applied this frame,
    /// before drawing).
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
        if let Some(script) = self.scripted.clone() {
            return poll_script(&script, session);
        }
        let Some(connection) = session.connection() else {
            self.socket = None;
            return;
        };
        let id = connection.id();
        // A socket for another connection (one that ended) is closed.
        if self.socket.as_ref().is_some_and(|(of, ..)| *of != id) {
            self.socket = None;
        }
        let now = session.now();
        let open_now = match connection.link() {
            // A new connection: its first socket.
            Link::Connecting => self.socket.is_none(),
            Link::Lost { .. } => connection.wants_socket(now),
            Link::Open => false,
        };
        if open_now {
            let wake = ctx.clone();
            let url = connection.server().to_owned();
            session.send(Command::Connection(ConnectionEvent::Connecting));
            match ewebsock::connect_with_wakeup(url, ewebsock::Options::default(), move || {
                wake.request_repaint()
            }) {
                Ok((sender, receiver)) => self.socket = Some((id, sender, receiver)),
                Err(error) => {
                    log::info!("no connection to the server: {error}");
                    session.send(Command::Connection(ConnectionEvent::Lost));
                }
            }
        }
        let mut lost = false;
        if let Some((_, _, receiver)) = &self.socket {
            while let Some(event) = receiver.try_recv() {
                let event = match event {
                    ewebsock::WsEvent::Opened => ConnectionEvent::Opened,
                    ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(text)) => {
                        match ConnectionEvent::received(&text) {
                            Some(received) => received,
                            None => continue,
                        }
                    }
                    ewebsock::WsEvent::Message(_) => continue,
                    ewebsock::WsEvent::Error(error) => {
                        log::info!("the connection to the server failed: {error}");
                        lost = true;
                        ConnectionEvent::Lost
                    }
                    ewebsock::WsEvent::Closed => {
                        lost = true;
                        ConnectionEvent::Lost
                    }
                };
                session.send(Command::Connection(event));
                if lost {
                    break;
                }
            }
        }
        if lost {
            self.socket = None;
        }
    }

    /// Sends what the session has to say and makes the requests it queued; asks for a
    /// frame when the next retry is due.
    #[inline(never)] // V8 optimises it on its own: docs/web.md, "rustc made large functions"
    pub fn flush(&mut self, session: &mut Session, ctx: &egui::Context) {
        if let Some(script) = &self.scripted {
            let frames = session.take_outbox();
            let asked: Vec<String> = session.take_requests().into_iter().map(|r| r.url).collect();
            script.with(|s| {
                s.from_app.extend(frames);
                s.asked.extend(asked);
            });
            return;
        }
        let frames = session.take_outbox();
        if let Some((_, sender, _)) = &mut self.socket {
            for frame in frames {
                sender.send(ewebsock::WsMessage::Text(frame));
            }
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
        if let Some(at) = session.connection().and_then(|c| c.retry_at()) {
            let wait = (at - session.now()).max(0.05);
            ctx.request_repaint_after(web_time::Duration::from_secs_f64(wait));
        }
    }
}

impl Transport {
    /// Plays through `script` from now on instead of the network (tests).
    pub fn script(&mut self, script: ScriptedServer) {
        self.socket = None;
        self.scripted = Some(script);
    }
}

/// The scripted server's side of [`Transport::poll`]: a new connection opens at once, one
/// the script dropped is lost, and the script's frames arrive.
fn poll_script(script: &ScriptedServer, session: &mut Session) {
    let Some(connection) = session.connection() else {
        script.with(|s| s.open = None);
        return;
    };
    let (id, link) = (connection.id(), connection.link());
    let events = script.with(|s| {
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
    });
    for event in events {
        session.send(Command::Connection(event));
    }
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
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(std::time::Duration::from_secs(20)))
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
