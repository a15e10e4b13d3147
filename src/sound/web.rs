//! The browser's sound: Web Audio. Browsers start an `AudioContext` only after the page has
//! been touched, so the context is made at the first tap or key ([`super::Speaker::wake`]);
//! a cue before that, or where the browser has no audio, plays nothing.

use super::{samples, Cue};
use web_sys::{AudioContext, AudioContextState};

#[derive(Default)]
pub struct Web {
    context: Option<AudioContext>,
}

impl super::Speaker for Web {
    fn wake(&mut self) {
        match &self.context {
            Some(context) => {
                if context.state() == AudioContextState::Suspended {
                    let _ = context.resume();
                }
            }
            None => match AudioContext::new() {
                Ok(context) => self.context = Some(context),
                Err(e) => log::info!("no sound: {e:?}"),
            },
        }
    }

    fn play(&mut self, cue: Cue, volume: f32) {
        let Some(context) = &self.context else {
            return;
        };
        if let Err(e) = play_on(context, cue, volume) {
            log::info!("a sound did not play: {e:?}");
        }
    }
}

/// `cue` at `volume` through `context`: a buffer of its samples, through a gain.
fn play_on(context: &AudioContext, cue: Cue, volume: f32) -> Result<(), wasm_bindgen::JsValue> {
    let rate = context.sample_rate();
    let mut sound = samples(cue, rate as u32);
    let buffer = context.create_buffer(1, sound.len().max(1) as u32, rate)?;
    buffer.copy_to_channel(&mut sound[..], 0)?;
    let source = context.create_buffer_source()?;
    source.set_buffer(Some(&buffer));
    let gain = context.create_gain()?;
    gain.gain().set_value(volume);
    source.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&context.destination())?;
    source.start()?;
    Ok(())
}
