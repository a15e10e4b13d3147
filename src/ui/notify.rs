//! Notifications while the app is open (correspondence.md's moves and challenges): the
//! desktop's natively, the browser's on the web once the player allowed them.
//!
//! Natively a notification goes out on a thread of its own (`notify-rust` on Linux, the
//! BSDs and Windows; `osascript`'s `display notification` on macOS, whose notification
//! crates compile Objective-C that no Linux machine builds for macOS), so that a system with
//! no notification service (CI has none), or a slow one, never holds the frame up: a
//! failure is logged, nothing else. A few waiting at once are enough; more are dropped.
//! In the browser the Notification API is used only where the page has it and the player
//! allowed it. Tests record what would be shown instead ([`Notifier::recording`]).

use std::sync::{Arc, Mutex};

/// What would have been shown, in order: each notification's title and line.
pub type Shown = Arc<Mutex<Vec<(String, String)>>>;

/// Where notifications go: the system's, or a list a test reads.
#[derive(Clone, Default)]
pub struct Notifier {
    recorded: Option<Shown>,
}

impl Notifier {
    /// A notifier that only records (tests): nothing reaches the system.
    pub fn recording() -> (Notifier, Shown) {
        let shown = Shown::default();
        let notifier = Notifier {
            recorded: Some(Arc::clone(&shown)),
        };
        (notifier, shown)
    }

    /// Shows `title` and `body`, or records them; never blocks and never fails the caller.
    pub fn show(&self, title: &str, body: &str) {
        match &self.recorded {
            Some(shown) => {
                if let Ok(mut shown) = shown.lock() {
                    shown.push((title.to_owned(), body.to_owned()));
                }
            }
            None => system::show(title, body),
        }
    }
}

/// Whether the browser lets the page notify (always [`Permission::Granted`] natively,
/// where no permission is asked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Permission {
    /// The page has no Notification API (some phones' browsers).
    Unsupported,
    /// Not asked yet: the player may allow them.
    Ask,
    Granted,
    Denied,
}

#[cfg(not(target_arch = "wasm32"))]
mod system {
    use std::sync::mpsc::{sync_channel, SyncSender, TrySendError};
    use std::sync::{Mutex, OnceLock};

    /// How many notifications may wait for the system at once.
    const WAITING: usize = 4;

    /// The way to the thread that shows them: a title and a line at a time.
    type Worker = Mutex<SyncSender<(String, String)>>;

    /// The thread that hands notifications to the system, started with the first.
    fn worker() -> Option<&'static Worker> {
        static WORKER: OnceLock<Option<Worker>> = OnceLock::new();
        WORKER
            .get_or_init(|| {
                let (sender, receiver) = sync_channel::<(String, String)>(WAITING);
                let spawned = std::thread::Builder::new()
                    .name("notifications".into())
                    .spawn(move || {
                        for (title, body) in receiver {
                            deliver(&title, &body);
                        }
                    });
                match spawned {
                    Ok(_) => Some(Mutex::new(sender)),
                    Err(e) => {
                        log::warn!("no thread for notifications: {e}");
                        None
                    }
                }
            })
            .as_ref()
    }

    pub fn show(title: &str, body: &str) {
        let Some(worker) = worker() else {
            return;
        };
        let Ok(sender) = worker.lock() else {
            return;
        };
        match sender.try_send((title.to_owned(), body.to_owned())) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => log::info!("notifications wait: one dropped"),
            Err(TrySendError::Disconnected(_)) => log::info!("the notifications thread ended"),
        }
    }

    /// The desktop's notification (D-Bus on Linux and the BSDs, toasts on Windows).
    #[cfg(not(target_os = "macos"))]
    fn deliver(title: &str, body: &str) {
        let shown = notify_rust::Notification::new()
            .appname("Qipan")
            .summary(title)
            .body(body)
            .show();
        if let Err(e) = shown {
            log::info!("the notification was not shown: {e}");
        }
    }

    /// The desktop's notification on macOS, through `osascript`.
    #[cfg(target_os = "macos")]
    fn deliver(title: &str, body: &str) {
        let script = super::apple_script(title, body);
        match std::process::Command::new("osascript")
            .arg("-e")
            .arg(script)
            .output()
        {
            Ok(out) if out.status.success() => {}
            Ok(out) => log::info!("the notification was not shown: {}", out.status),
            Err(e) => log::info!("the notification was not shown: {e}"),
        }
    }
}

/// AppleScript's `display notification` of `body` titled `title`, each a quoted string.
#[cfg_attr(not(target_os = "macos"), allow(dead_code))]
fn apple_script(title: &str, body: &str) -> String {
    let quote = |text: &str| {
        let escaped: String = text
            .chars()
            .filter(|c| !c.is_control())
            .flat_map(|c| match c {
                '"' | '\\' => vec!['\\', c],
                c => vec![c],
            })
            .collect();
        format!("\"{escaped}\"")
    };
    format!(
        "display notification {} with title {}",
        quote(body),
        quote(title)
    )
}

/// Natively no permission is asked.
#[cfg(not(target_arch = "wasm32"))]
pub fn permission() -> Permission {
    Permission::Granted
}

/// Natively there is nothing to allow.
#[cfg(not(target_arch = "wasm32"))]
pub fn allow(_then: impl FnOnce() + 'static) {}

#[cfg(target_arch = "wasm32")]
mod system {
    use super::Permission;
    use web_sys::{Notification, NotificationOptions};

    pub fn show(title: &str, body: &str) {
        if super::permission() != Permission::Granted {
            return;
        }
        let options = NotificationOptions::new();
        options.set_body(body);
        if let Err(e) = Notification::new_with_options(title, &options) {
            log::info!("the notification was not shown: {e:?}");
        }
    }
}

/// Whether the page has the Notification API: on some browsers the name is not there at
/// all, and touching it would throw.
#[cfg(target_arch = "wasm32")]
fn supported() -> bool {
    js_sys::Reflect::has(&js_sys::global(), &"Notification".into()).unwrap_or(false)
}

/// What the browser allows the page.
#[cfg(target_arch = "wasm32")]
pub fn permission() -> Permission {
    use web_sys::{Notification, NotificationPermission};
    if !supported() {
        return Permission::Unsupported;
    }
    match Notification::permission() {
        NotificationPermission::Granted => Permission::Granted,
        NotificationPermission::Denied => Permission::Denied,
        _ => Permission::Ask,
    }
}

/// Asks the browser to allow the page's notifications (it asks the player); `then` runs
/// once they answered (the app draws the answer).
#[cfg(target_arch = "wasm32")]
pub fn allow(then: impl FnOnce() + 'static) {
    if !supported() {
        return;
    }
    match web_sys::Notification::request_permission() {
        Ok(promise) => wasm_bindgen_futures::spawn_local(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
            then();
        }),
        Err(e) => log::info!("notifications could not be asked for: {e:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_apple_script_quotes_what_it_shows() {
        assert_eq!(
            apple_script(r#"Bo "the" \ best"#, "Push\nthe Line"),
            r#"display notification "Pushthe Line" with title "Bo \"the\" \\ best""#
        );
    }

    #[test]
    fn a_recording_notifier_keeps_what_would_be_shown() {
        let (notifier, shown) = Notifier::recording();
        notifier.show("Your move against Bo", "Push the Line");
        let shown = shown.lock().map(|s| s.clone()).unwrap_or_default();
        assert_eq!(
            shown,
            [(
                "Your move against Bo".to_owned(),
                "Push the Line".to_owned()
            )]
        );
    }

    /// Natively a notification goes to a thread: the caller returns at once even with no
    /// notification service (as on CI), and many at once are dropped, not queued forever.
    #[test]
    fn showing_never_blocks_the_caller() {
        let start = std::time::Instant::now();
        for i in 0..50 {
            Notifier::default().show("Qipan", &format!("test {i}"));
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(2));
    }
}
