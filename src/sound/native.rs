//! The desktop's sound: cpal on a thread of its own, opened at the first cue. Opening the
//! device, and every wait on it, happens there: where there is no device (CI, a server) the
//! thread says so once in the log and ends, and the cues after it go nowhere. The frame
//! never waits for sound.

use super::{samples, Cue};
use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, SampleFormat, SizedSample, StreamConfig};
use std::collections::VecDeque;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};

/// The samples waiting to be played, mixed: the device's callback takes them from the front.
type Queue = Arc<Mutex<VecDeque<f32>>>;

/// The cues' way to the sound thread, started at the first cue.
#[derive(Default)]
pub struct Native {
    to_thread: Option<Sender<(Cue, f32)>>,
}

impl super::Speaker for Native {
    fn play(&mut self, cue: Cue, volume: f32) {
        let to_thread = self.to_thread.get_or_insert_with(|| {
            let (to_thread, from_app) = channel();
            let started = std::thread::Builder::new()
                .name("qipan-sound".into())
                .spawn(move || {
                    if let Err(e) = play_from(&from_app) {
                        log::info!("no sound: {e}");
                    }
                });
            if let Err(e) = started {
                log::info!("no sound: the sound thread did not start: {e}");
            }
            to_thread
        });
        // A thread that found no device has ended: the cue goes nowhere.
        let _ = to_thread.send((cue, volume));
    }
}

/// Opens the default output device and plays every cue that arrives until the app ends.
fn play_from(cues: &Receiver<(Cue, f32)>) -> Result<(), String> {
    let host = cpal::default_host();
    let device = host.default_output_device().ok_or("no output device")?;
    let supported = device.default_output_config().map_err(|e| e.to_string())?;
    let config = supported.config();
    let rate = config.sample_rate;
    let queue = Queue::default();
    let stream = match supported.sample_format() {
        SampleFormat::F32 => open::<f32>(&device, config, queue.clone()),
        SampleFormat::I16 => open::<i16>(&device, config, queue.clone()),
        SampleFormat::U16 => open::<u16>(&device, config, queue.clone()),
        other => Err(format!("the device's sample format {other:?}")),
    }?;
    stream.play().map_err(|e| e.to_string())?;
    for (cue, volume) in cues {
        let sound = samples(cue, rate);
        let mut queue = queue.lock().unwrap_or_else(PoisonError::into_inner);
        for (i, s) in sound.into_iter().enumerate() {
            let s = s * volume;
            match queue.get_mut(i) {
                Some(waiting) => *waiting = (*waiting + s).clamp(-1.0, 1.0),
                None => queue.push_back(s),
            }
        }
    }
    Ok(())
}

/// The output stream in the device's sample format `T`: each frame takes the queue's next
/// sample on every channel, or silence.
fn open<T: SizedSample + FromSample<f32>>(
    device: &cpal::Device,
    config: StreamConfig,
    queue: Queue,
) -> Result<cpal::Stream, String> {
    let channels = usize::from(config.channels).max(1);
    device
        .build_output_stream(
            config,
            move |data: &mut [T], _| {
                let mut queue = queue.lock().unwrap_or_else(PoisonError::into_inner);
                for frame in data.chunks_mut(channels) {
                    let s = queue.pop_front().unwrap_or(0.0);
                    for out in frame {
                        *out = T::from_sample(s);
                    }
                }
            },
            |e| log::warn!("sound: {e}"),
            None,
        )
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sound::Speaker;

    /// Where there is no audio device (CI, this machine), cues cost the frame nothing: each
    /// is handed to the sound thread, which has found no device and ended, or plays it.
    #[test]
    fn cues_never_wait_for_a_device() {
        let mut speaker = Native::default();
        let start = std::time::Instant::now();
        for _ in 0..100 {
            for cue in Cue::ALL {
                speaker.play(cue, 0.0);
            }
        }
        assert!(start.elapsed() < std::time::Duration::from_millis(200));
    }
}
