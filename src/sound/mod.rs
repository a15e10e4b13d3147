//! Sound: five short cues (a move, a capture or push-off, your turn, ten seconds left, the
//! game's end), synthesised here rather than shipped as files, and played natively through
//! cpal on a thread of its own ([`native`]) and in the browser through Web Audio once the page
//! has been tapped ([`web`]). Where there is no audio device (CI, a server, a muted box),
//! nothing plays and nothing waits: the app never blocks on sound.

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(target_arch = "wasm32")]
mod web;

/// What a sound says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// A move that took nothing.
    Move,
    /// A move that took, captured or pushed off a piece.
    Capture,
    /// The other side (the computer, the player online) has moved: the player's turn.
    YourTurn,
    /// The player's turn has ten seconds left.
    TenSeconds,
    /// The game is over.
    End,
}

impl Cue {
    pub const ALL: [Cue; 5] = [
        Cue::Move,
        Cue::Capture,
        Cue::YourTurn,
        Cue::TenSeconds,
        Cue::End,
    ];

    /// Its notes: frequency (Hz), start and length (seconds), loudness (0 to 1).
    fn notes(self) -> &'static [(f32, f32, f32, f32)] {
        match self {
            // A knock of wood on wood: short and low.
            Cue::Move => &[(440.0, 0.0, 0.07, 0.55)],
            // Two knocks, the second lower: something left the board.
            Cue::Capture => &[(392.0, 0.0, 0.08, 0.6), (262.0, 0.07, 0.12, 0.6)],
            // A soft rising pair.
            Cue::YourTurn => &[(660.0, 0.0, 0.12, 0.3), (880.0, 0.1, 0.2, 0.3)],
            // Two short high ticks.
            Cue::TenSeconds => &[(1200.0, 0.0, 0.05, 0.3), (1200.0, 0.16, 0.05, 0.3)],
            // A rising major chord, one note after another.
            Cue::End => &[
                (523.25, 0.0, 0.18, 0.35),
                (659.25, 0.13, 0.18, 0.35),
                (783.99, 0.26, 0.4, 0.35),
            ],
        }
    }
}

/// The sound of `cue` as mono samples from -1 to 1 at `rate` samples a second: each note a
/// sine with its octave, rising in 3 ms and dying away exponentially, so that it starts and
/// ends without a click.
pub fn samples(cue: Cue, rate: u32) -> Vec<f32> {
    let rate = rate.max(1) as f32;
    let notes = cue.notes();
    let end = notes
        .iter()
        .map(|&(_, start, length, _)| start + length)
        .fold(0.0_f32, f32::max);
    let len = (end * rate).ceil() as usize;
    let mut out = vec![0.0_f32; len];
    for &(frequency, start, length, loudness) in notes {
        let first = (start * rate) as usize;
        let count = (length * rate) as usize;
        for i in 0..count.min(len.saturating_sub(first)) {
            let t = i as f32 / rate;
            let attack = (t / 0.003).min(1.0);
            // e^-7 (about -60 dB) at the note's end.
            let decay = (-7.0 * t / length).exp();
            let phase = std::f32::consts::TAU * frequency * t;
            let tone = phase.sin() + 0.3 * (2.0 * phase).sin();
            out[first + i] += loudness * attack * decay * tone / 1.3;
        }
    }
    for s in &mut out {
        *s = s.clamp(-1.0, 1.0);
    }
    out
}

/// Where the cues go: the system's speaker, or in tests one that keeps what it was asked.
pub trait Speaker {
    /// Plays `cue` at `volume` (0 to 1), at once, without waiting for it.
    fn play(&mut self, cue: Cue, volume: f32);

    /// The player touched the page or a key: the browser lets sound start from now on.
    fn wake(&mut self) {}
}

/// No sound at all (tests, and the app until the real speaker is set).
#[derive(Default)]
pub struct Silent;

impl Speaker for Silent {
    fn play(&mut self, _: Cue, _: f32) {}
}

/// A speaker that keeps every cue it was asked to play, for tests to read.
#[derive(Clone, Default)]
pub struct Recorded(std::sync::Arc<std::sync::Mutex<Vec<(Cue, f32)>>>);

impl Recorded {
    /// The cues played since the last call, with their volumes.
    pub fn take(&self) -> Vec<(Cue, f32)> {
        let mut played = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        std::mem::take(&mut *played)
    }
}

impl Speaker for Recorded {
    fn play(&mut self, cue: Cue, volume: f32) {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push((cue, volume));
    }
}

/// The system's speaker: cpal natively, Web Audio in the browser.
pub fn system_speaker() -> Box<dyn Speaker> {
    #[cfg(not(target_arch = "wasm32"))]
    return Box::new(native::Native::default());
    #[cfg(target_arch = "wasm32")]
    return Box::new(web::Web::default());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cue_is_short_within_range_and_ends_in_silence() {
        for cue in Cue::ALL {
            let sound = samples(cue, 44_100);
            assert!(!sound.is_empty(), "{cue:?}");
            assert!(sound.len() < 44_100, "{cue:?} under a second");
            assert!(sound.iter().all(|s| s.abs() <= 1.0), "{cue:?}");
            let loudest = sound.iter().fold(0.0_f32, |m, s| m.max(s.abs()));
            assert!(loudest > 0.1, "{cue:?} is heard");
            let last = sound.last().copied().unwrap_or(1.0);
            assert!(last.abs() < 0.01, "{cue:?} ends without a click: {last}");
            assert!(sound[0].abs() < 0.01, "{cue:?} starts without a click");
        }
        // Another rate, the same length in time.
        assert_eq!(
            samples(Cue::Move, 48_000).len(),
            (0.07_f32 * 48_000.0).ceil() as usize
        );
    }
}
