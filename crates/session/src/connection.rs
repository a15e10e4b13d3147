//! The session's side of one WebSocket to a server: where it goes, how it stands as the
//! app's transport last reported, when to try again after it dropped, and the frames waiting
//! to go out. A room ([`crate::online`]) and a seek ([`crate::seeking`]) each hold one; a seek
//! that is paired hands its open connection on to the room, as the spec has the seeking
//! connection hold the seat.
//!
//! There is no socket here: the transport opens one when [`Connection::wants_socket`] says
//! so (or the connection is new), sends what [`Connection::take_outbox`] hands it, and
//! reports what happened as [`ConnectionEvent`]s. A server's frame is read once, as it
//! enters the session ([`ConnectionEvent::received`]): the modes take typed frames.

use crate::address::ServerAddress;
use qipan_protocol::{ClientFrame, ServerFrame};

/// What the app's transport reports of the socket, for the mode that holds the connection.
#[derive(Clone, Debug, PartialEq)]
pub enum ConnectionEvent {
    /// The transport opens a socket now.
    Connecting,
    /// The socket is open.
    Opened,
    /// A frame from the server, read ([`ConnectionEvent::received`]); boxed, as a room's
    /// state is many times the size of the other events.
    Received(Box<ServerFrame>),
    /// The socket closed or could not open.
    Lost,
}

impl ConnectionEvent {
    /// A text frame from the server, read here, once, for whichever mode holds the
    /// connection. A frame that does not read is dropped (and logged): the server is trusted
    /// no more than it must be, and a mode never sees half a frame.
    pub fn received(text: &str) -> Option<ConnectionEvent> {
        match ServerFrame::from_text(text) {
            Ok(frame) => Some(ConnectionEvent::Received(Box::new(frame))),
            Err(e) => {
                log::warn!("a server frame that does not read: {e}");
                None
            }
        }
    }
}

/// The connection as the transport reported it last.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Link {
    /// Asked for, not open yet.
    Connecting,
    Open,
    /// Lost; the transport tries again at the session clock's `retry_at`.
    Lost {
        retry_at: f64,
    },
}

/// The longest wait between two tries to reconnect.
const MAX_RETRY_SECONDS: f64 = 30.0;

/// One connection to a server, as the session sees it. Not `Debug`: its outbox may hold a
/// `login` frame, and a key is never logged.
pub struct Connection {
    server: ServerAddress,
    /// Which connection this is: the transport keeps its socket only for the same one (a
    /// seek that ends and another that starts in one frame are two connections).
    id: u64,
    link: Link,
    outbox: Vec<String>,
    /// Failed connections in a row: the wait before the next try doubles up to 30 s.
    failures: u32,
}

impl Connection {
    /// A connection to `server` that the transport should open now.
    pub fn new(server: ServerAddress, id: u64) -> Connection {
        Connection {
            server,
            id,
            link: Link::Connecting,
            outbox: Vec::new(),
            failures: 0,
        }
    }

    /// The WebSocket address, as the transport opens it.
    pub fn server(&self) -> &str {
        self.server.as_str()
    }

    pub fn address(&self) -> &ServerAddress {
        &self.server
    }

    pub fn id(&self) -> u64 {
        self.id
    }

    pub fn link(&self) -> Link {
        self.link
    }

    pub fn is_open(&self) -> bool {
        self.link == Link::Open
    }

    /// Whether the transport should open a socket now: none is open or being opened, and
    /// the wait after the last failure is over.
    pub fn wants_socket(&self, now: f64) -> bool {
        matches!(self.link, Link::Lost { retry_at } if now >= retry_at)
    }

    /// When the transport should look again (the next retry), if it waits for one.
    pub fn retry_at(&self) -> Option<f64> {
        match self.link {
            Link::Lost { retry_at } => Some(retry_at),
            _ => None,
        }
    }

    /// The transport is about to open a socket.
    pub fn connecting(&mut self) {
        self.link = Link::Connecting;
    }

    /// The socket is open: what was waiting for the old one is dropped (the owner says again
    /// what it needs).
    pub fn opened(&mut self) {
        self.link = Link::Open;
        self.failures = 0;
        self.outbox.clear();
    }

    /// The socket closed or could not open: try again after a wait that doubles.
    pub fn lost(&mut self, now: f64) {
        self.failures = self.failures.saturating_add(1);
        let wait = (0.5 * 2f64.powi(self.failures.min(8) as i32)).min(MAX_RETRY_SECONDS);
        self.link = Link::Lost {
            retry_at: now + wait,
        };
    }

    /// Queues a frame for the transport.
    pub fn push(&mut self, frame: ClientFrame) {
        if let Ok(text) = serde_json::to_string(&frame) {
            self.outbox.push(text);
        }
    }

    /// The frames to send now, in order.
    pub fn take_outbox(&mut self) -> Vec<String> {
        std::mem::take(&mut self.outbox)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only a whole frame of the spec reaches a mode: a text that is no JSON object, or a
    /// frame with a mistyped field, is dropped where it enters.
    #[test]
    fn a_frame_is_read_once_or_dropped() {
        let seat = r#"{"type":"seat","room":"ABCDEFGH","seat":"x","token":"t"}"#;
        let read = ConnectionEvent::received(seat);
        assert!(
            matches!(&read, Some(ConnectionEvent::Received(frame)) if matches!(**frame, ServerFrame::Seat { .. })),
            "{read:?}"
        );
        for broken in [
            "{not json",
            r#"["seat","ABCDEFGH"]"#,
            r#"{"type":"seat","room":"ABCDEFGH","seat":"referee","token":null}"#,
            r#"{"type":"paired","room":"ABCDEFGH","seat":"z","token":"t"}"#,
        ] {
            assert_eq!(ConnectionEvent::received(broken), None, "{broken}");
        }
    }
}
