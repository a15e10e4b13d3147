//! The socket to `qipan-server` while the session plays online: one code path for the
//! desktop and the web, through ewebsock. It decides nothing: it opens, reads and closes the
//! socket as the session wants it, reports the socket's life as commands, and sends what the
//! session has to say ([`qipan_session::online`] holds the game).

use qipan_session::online::Link;
use qipan_session::{Command, OnlineCommand, Session};

/// The socket to the server, while the session plays online.
#[derive(Default)]
pub struct Transport {
    socket: Option<(ewebsock::WsSender, ewebsock::WsReceiver)>,
}

impl Transport {
    /// Opens, reads and closes the socket as the session wants it; what happened goes to the
    /// session as commands (applied this frame, before drawing).
    #[inline(never)] // V8 optimises it on its own: docs/web.md, "rustc made large functions"
    pub fn poll(&mut self, session: &mut Session, ctx: &egui::Context) {
        let Some(online) = session.online() else {
            self.socket = None;
            return;
        };
        let now = session.now();
        let open_now = match online.link() {
            // A new online game: its first socket.
            Link::Connecting => self.socket.is_none(),
            Link::Lost { .. } => online.wants_socket(now),
            Link::Open => false,
        };
        if open_now {
            let wake = ctx.clone();
            let url = online.server().to_owned();
            session.send(Command::Online(OnlineCommand::Connecting));
            match ewebsock::connect_with_wakeup(url, ewebsock::Options::default(), move || {
                wake.request_repaint()
            }) {
                Ok(socket) => self.socket = Some(socket),
                Err(error) => {
                    log::info!("no connection to the server: {error}");
                    session.send(Command::Online(OnlineCommand::Lost));
                }
            }
        }
        let mut lost = false;
        if let Some((_, receiver)) = &self.socket {
            while let Some(event) = receiver.try_recv() {
                let command = match event {
                    ewebsock::WsEvent::Opened => OnlineCommand::Opened,
                    ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(text)) => {
                        OnlineCommand::Received(text)
                    }
                    ewebsock::WsEvent::Message(_) => continue,
                    ewebsock::WsEvent::Error(error) => {
                        log::info!("the connection to the server failed: {error}");
                        lost = true;
                        OnlineCommand::Lost
                    }
                    ewebsock::WsEvent::Closed => {
                        lost = true;
                        OnlineCommand::Lost
                    }
                };
                session.send(Command::Online(command));
                if lost {
                    break;
                }
            }
        }
        if lost {
            self.socket = None;
        }
    }

    /// Sends what the session has to say; asks for a frame when the next retry is due.
    #[inline(never)] // V8 optimises it on its own: docs/web.md, "rustc made large functions"
    pub fn flush(&mut self, session: &mut Session, ctx: &egui::Context) {
        let frames = session.take_outbox();
        if let Some((sender, _)) = &mut self.socket {
            for frame in frames {
                sender.send(ewebsock::WsMessage::Text(frame));
            }
        }
        if let Some(at) = session.online().and_then(|o| o.retry_at()) {
            let wait = (at - session.now()).max(0.05);
            ctx.request_repaint_after(web_time::Duration::from_secs_f64(wait));
        }
    }
}
