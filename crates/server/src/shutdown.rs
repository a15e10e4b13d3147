//! The server's stop signal, as every long-running task waits for it.

use tokio::sync::watch;

/// Tells every task that the server is stopping.
pub struct Stop(watch::Sender<bool>);

/// Resolves once the server is told to stop; cheap to clone, one per task.
#[derive(Clone)]
pub struct Shutdown(watch::Receiver<bool>);

/// A stop signal and its first listener.
pub fn channel() -> (Stop, Shutdown) {
    let (tx, rx) = watch::channel(false);
    (Stop(tx), Shutdown(rx))
}

impl Stop {
    pub fn stop(&self) {
        let _ = self.0.send(true);
    }
}

impl Shutdown {
    /// Resolves once [`Stop::stop`] was called (the guard `wait_for` returns is dropped
    /// here, so the futures that wait on it stay `Send`).
    pub async fn requested(&mut self) {
        let _ = self.0.wait_for(|stop| *stop).await;
    }
}
