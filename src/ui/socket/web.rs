//! The page's socket: the browser's WebSocket through ewebsock (TLS is the browser's).

use super::SocketEvent;

/// A socket to one address, open until it is dropped.
pub struct Socket {
    /// `None` when the browser refused to open one: the receiver then reports the loss.
    sender: Option<ewebsock::WsSender>,
    receiver: ewebsock::WsReceiver,
}

impl Socket {
    /// Connects to `url`; `wake` is called after every event, so that the app reads it in
    /// its next frame.
    pub fn open(url: &str, wake: impl Fn() + Send + Sync + 'static) -> Socket {
        match ewebsock::connect_with_wakeup(url, ewebsock::Options::default(), wake) {
            Ok((sender, receiver)) => Socket {
                sender: Some(sender),
                receiver,
            },
            Err(error) => {
                let (receiver, report) = ewebsock::WsReceiver::new();
                let _ = report(ewebsock::WsEvent::Error(error));
                Socket {
                    sender: None,
                    receiver,
                }
            }
        }
    }

    /// Queues a text frame.
    pub fn send(&mut self, text: String) {
        if let Some(sender) = &mut self.sender {
            sender.send(ewebsock::WsMessage::Text(text));
        }
    }

    /// The next event that concerns the app, if one came.
    pub fn try_recv(&self) -> Option<SocketEvent> {
        loop {
            return Some(match self.receiver.try_recv()? {
                ewebsock::WsEvent::Opened => SocketEvent::Opened,
                ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(text)) => {
                    SocketEvent::Text(text)
                }
                ewebsock::WsEvent::Message(_) => continue,
                ewebsock::WsEvent::Error(error) => SocketEvent::Lost(error),
                ewebsock::WsEvent::Closed => SocketEvent::Lost("closed".to_owned()),
            });
        }
    }
}
