//! Locking a std mutex whose holder may have panicked: the server's mutexes guard plain
//! maps and counters, which stay usable, so a panic in one task never stops the others.

use std::sync::{Mutex, MutexGuard};

/// Locks `m`, even if a thread panicked while holding it.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
