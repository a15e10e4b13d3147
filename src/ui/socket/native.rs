//! The desktop's socket: tungstenite on a thread of its own, with TLS from the system
//! (native-tls: SChannel on Windows, Security.framework on macOS, OpenSSL on Linux) and so
//! the system's certificate roots.
//!
//! Not ewebsock: it reads a TLS socket without a timeout (it sets one only on a plain
//! or a rustls stream), so a frame the player sends would wait for the server's next one; and
//! its rustls needs ring, C that no Linux machine compiles for macOS (docs/releases.md).

use std::net::TcpStream;
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::time::Duration;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

use super::SocketEvent;

/// How long a read waits for the server before the thread looks for frames to send: the most
/// a frame the player sends waits on the wire's side.
const POLL: Duration = Duration::from_millis(20);

/// A socket to one address, open until it is dropped (the thread then closes it).
pub struct Socket {
    outgoing: Sender<String>,
    incoming: Receiver<SocketEvent>,
}

impl Socket {
    /// Connects to `url` (`ws://` or `wss://`) on a new thread; `wake` is called after every
    /// event, so that the app reads it in its next frame.
    pub fn open(url: &str, wake: impl Fn() + Send + Sync + 'static) -> Socket {
        let (outgoing, to_send) = mpsc::channel();
        let (report, incoming) = mpsc::channel();
        let url = url.to_owned();
        let spawned = std::thread::Builder::new()
            .name("qipan-socket".into())
            .spawn(move || {
                let reason = run(&url, &to_send, &report, &wake);
                if let Some(reason) = reason {
                    // The app may have dropped the socket already: nobody to tell.
                    let _ = report.send(SocketEvent::Lost(reason));
                    wake();
                }
            });
        let socket = Socket { outgoing, incoming };
        if let Err(error) = spawned {
            // No thread: the socket reports itself lost at once, as a refused connection does.
            let (report, incoming) = mpsc::channel();
            let _ = report.send(SocketEvent::Lost(format!(
                "no thread for the socket: {error}"
            )));
            return Socket { incoming, ..socket };
        }
        socket
    }

    /// Queues a text frame; a socket already lost drops it (its loss is reported).
    pub fn send(&mut self, text: String) {
        let _ = self.outgoing.send(text);
    }

    /// The next event, if one came.
    pub fn try_recv(&self) -> Option<SocketEvent> {
        self.incoming.try_recv().ok()
    }
}

/// The thread's life: connect, then alternately send what is queued and read for [`POLL`].
/// Returns why the socket was lost, or `None` when the app dropped it (closed politely).
fn run(
    url: &str,
    to_send: &Receiver<String>,
    report: &Sender<SocketEvent>,
    wake: &dyn Fn(),
) -> Option<String> {
    let (mut socket, _) = match tungstenite::connect(url) {
        Ok(connected) => connected,
        Err(error) => return Some(format!("connect: {error}")),
    };
    if let Err(error) = set_read_timeout(&socket, POLL) {
        return Some(format!("read timeout: {error}"));
    }
    if report.send(SocketEvent::Opened).is_err() {
        return close(&mut socket);
    }
    wake();
    loop {
        loop {
            match to_send.try_recv() {
                // A send that would block is queued in tungstenite and goes out later.
                Ok(text) => match socket.send(Message::text(text)) {
                    Err(error) if !would_block(&error) => return Some(format!("send: {error}")),
                    _ => {}
                },
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return close(&mut socket),
            }
        }
        match socket.read() {
            Ok(Message::Text(text)) => {
                if report
                    .send(SocketEvent::Text(text.as_str().to_owned()))
                    .is_err()
                {
                    return close(&mut socket);
                }
                wake();
            }
            // Pings are answered by tungstenite itself; a close is followed by the error
            // that ends the loop.
            Ok(_) => {}
            // Nothing came within POLL: a pong still waiting goes out now.
            Err(error) if would_block(&error) => match socket.flush() {
                Err(error) if !would_block(&error) => return Some(format!("flush: {error}")),
                _ => {}
            },
            Err(error) => return Some(format!("read: {error}")),
        }
    }
}

/// Whether `error` only says that the socket's wait ran out (a read timeout is reported as
/// `WouldBlock` on Unix and `TimedOut` on Windows).
fn would_block(error: &tungstenite::Error) -> bool {
    matches!(
        error,
        tungstenite::Error::Io(error) if matches!(
            error.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
        )
    )
}

/// Closes the socket the app no longer wants: nothing to report.
fn close(socket: &mut WebSocket<MaybeTlsStream<TcpStream>>) -> Option<String> {
    let _ = socket.close(None);
    let _ = socket.flush();
    None
}

/// A read that waits at most `wait`, on the TCP stream under the TLS one too.
fn set_read_timeout(
    socket: &WebSocket<MaybeTlsStream<TcpStream>>,
    wait: Duration,
) -> std::io::Result<()> {
    match socket.get_ref() {
        MaybeTlsStream::Plain(stream) => stream.set_read_timeout(Some(wait)),
        MaybeTlsStream::NativeTls(stream) => stream.get_ref().set_read_timeout(Some(wait)),
        _ => Ok(()),
    }
}
