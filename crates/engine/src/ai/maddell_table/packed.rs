//! The payload kept in memory as deflated blocks: what a phone's page holds. The reduced
//! table's 12.7 MB become about 5 MB (blocks of 4096 values deflate to about two fifths),
//! and a value costs at most one block's inflation: the computer reads the table only for
//! the moves of the position on the board, never inside a search (docs/web.md).

use miniz_oxide::deflate::core::{compress, create_comp_flags_from_zip_params};
use miniz_oxide::deflate::core::{CompressorOxide, TDEFLFlush, TDEFLStatus};
use miniz_oxide::inflate::decompress_slice_iter_to_slice;
use std::sync::Mutex;

/// Values a block: small enough that inflating one is quick, large enough that deflate finds
/// the table's repeats.
const BLOCK: usize = 4096;
/// Blocks kept inflated, each in the slot of its number modulo this.
const CACHED: usize = 256;
/// Deflate's fastest level: the page packs while the player waits, and level 6 saves only
/// a tenth more.
const LEVEL: u8 = 1;

/// A payload of `len` bytes in deflated blocks.
pub(crate) struct Packed {
    len: usize,
    /// Where each block starts in `bytes`, and where the last ends.
    starts: Vec<u32>,
    bytes: Vec<u8>,
    cache: Mutex<Cache>,
}

/// Blocks inflated lately: block `b` in slot `b % CACHED`, if it is there.
#[derive(Default)]
struct Cache {
    slots: Vec<Option<(usize, Box<[u8]>)>>,
}

impl Clone for Packed {
    fn clone(&self) -> Packed {
        Packed {
            len: self.len,
            starts: self.starts.clone(),
            bytes: self.bytes.clone(),
            cache: Mutex::default(),
        }
    }
}

impl Packed {
    /// The bytes it takes in memory (the blocks and their starts).
    pub(crate) fn stored_len(&self) -> usize {
        self.bytes.len() + 4 * self.starts.len()
    }

    /// The value in slot `index`.
    pub(crate) fn get(&self, index: usize) -> Option<u8> {
        if index >= self.len {
            return None;
        }
        let block = index / BLOCK;
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if cache.slots.is_empty() {
            cache.slots.resize_with(CACHED, || None);
        }
        let slot = &mut cache.slots[block % CACHED];
        match slot {
            Some((cached, values)) if *cached == block => values.get(index % BLOCK).copied(),
            _ => {
                let values = self.inflate(block)?;
                let value = values.get(index % BLOCK).copied();
                *slot = Some((block, values));
                value
            }
        }
    }

    /// The values of slots `start..start + len`, inflated (for the whole-table questions:
    /// longest win, counts, the reduced copy).
    pub(crate) fn range(&self, start: usize, len: usize) -> Option<Vec<u8>> {
        let end = start.checked_add(len).filter(|&end| end <= self.len)?;
        let mut out = Vec::with_capacity(len);
        let mut at = start;
        while at < end {
            let block = at / BLOCK;
            let values = self.inflate(block)?;
            let from = at % BLOCK;
            let to = (end - block * BLOCK).min(values.len());
            out.extend_from_slice(values.get(from..to)?);
            at = block * BLOCK + to;
        }
        Some(out)
    }

    /// Block `block`'s values; `None` only if its bytes do not inflate to its length (a bug:
    /// they are the packer's own).
    fn inflate(&self, block: usize) -> Option<Box<[u8]>> {
        let from = *self.starts.get(block)? as usize;
        let to = *self.starts.get(block + 1)? as usize;
        let len = BLOCK.min(self.len - block * BLOCK);
        let mut values = vec![0u8; len].into_boxed_slice();
        let written = decompress_slice_iter_to_slice(
            &mut values,
            std::iter::once(self.bytes.get(from..to)?),
            false,
            true,
        )
        .ok()?;
        (written == len).then_some(values)
    }
}

/// Packs a payload handed over in pieces of any size, a block at a time, so that the whole
/// payload never sits in memory unpacked.
pub(crate) struct Packer {
    compressor: Box<CompressorOxide>,
    /// Values of the block being filled.
    pending: Vec<u8>,
    /// Deflate's output for one block (a block never grows by more than a few bytes).
    scratch: Vec<u8>,
    /// The values added so far.
    received: usize,
    packed: Packed,
}

impl Packer {
    /// A packer for a payload of `len` values.
    pub(crate) fn new(len: usize) -> Packer {
        let mut starts = Vec::with_capacity(len.div_ceil(BLOCK) + 1);
        starts.push(0);
        let flags = create_comp_flags_from_zip_params(LEVEL.into(), 0, 0);
        Packer {
            compressor: Box::new(CompressorOxide::new(flags)),
            pending: Vec::with_capacity(BLOCK),
            scratch: vec![0; 2 * BLOCK + 64],
            received: 0,
            packed: Packed {
                len,
                starts,
                // Room for the table's two fifths and more, taken once: a growing vector
                // would copy itself, and the page's memory keeps every size it ever had.
                bytes: Vec::with_capacity(len / 2),
                cache: Mutex::default(),
            },
        }
    }

    /// Adds the next values; more than the length given to [`Packer::new`] is refused.
    pub(crate) fn push(&mut self, mut values: &[u8]) -> Result<(), &'static str> {
        if self.received + values.len() > self.packed.len {
            return Err("more values than the payload holds");
        }
        self.received += values.len();
        while !values.is_empty() {
            let take = (BLOCK - self.pending.len()).min(values.len());
            self.pending.extend_from_slice(&values[..take]);
            values = &values[take..];
            if self.pending.len() == BLOCK {
                self.seal()?;
            }
        }
        Ok(())
    }

    /// The packed payload, once every value has come.
    pub(crate) fn finish(mut self) -> Result<Packed, &'static str> {
        if !self.pending.is_empty() {
            self.seal()?;
        }
        if self.received != self.packed.len {
            return Err("fewer values than the payload holds");
        }
        Ok(self.packed)
    }

    /// Deflates the pending block onto the packed bytes.
    fn seal(&mut self) -> Result<(), &'static str> {
        self.compressor.reset();
        let (status, read, written) = compress(
            &mut self.compressor,
            &self.pending,
            &mut self.scratch,
            TDEFLFlush::Finish,
        );
        if status != TDEFLStatus::Done || read != self.pending.len() {
            return Err("a block did not deflate");
        }
        self.packed
            .bytes
            .extend_from_slice(&self.scratch[..written]);
        let end = u32::try_from(self.packed.bytes.len()).map_err(|_| "packed past 4 GB")?;
        self.packed.starts.push(end);
        self.pending.clear();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    /// Values with the table's kind of spread: mostly small distances, runs, some rare ones.
    fn sample(len: usize) -> Vec<u8> {
        let mut rng = crate::random::seeded(7, 0);
        (0..len)
            .map(|i| match rng.random_range(0..10) {
                0 => rng.random(),
                1..=3 => (i / 97) as u8,
                _ => rng.random_range(0..24),
            })
            .collect()
    }

    #[test]
    fn every_value_reads_back_whatever_the_pieces() {
        let values = sample(3 * BLOCK + 123);
        for piece in [1, 100, BLOCK, values.len()] {
            let mut packer = Packer::new(values.len());
            for chunk in values.chunks(piece) {
                packer.push(chunk).unwrap();
            }
            let packed = packer.finish().unwrap();
            assert!(packed.stored_len() < values.len());
            // Forwards, then backwards (every block leaves the cache and comes back).
            for i in (0..values.len()).chain((0..values.len()).rev()) {
                assert_eq!(
                    packed.get(i),
                    Some(values[i]),
                    "slot {i}, pieces of {piece}"
                );
            }
            assert_eq!(packed.get(values.len()), None);
            assert_eq!(packed.range(0, values.len()).as_deref(), Some(&values[..]));
            assert_eq!(
                packed.range(BLOCK - 5, BLOCK + 10).as_deref(),
                Some(&values[BLOCK - 5..2 * BLOCK + 5])
            );
            assert_eq!(packed.range(values.len() - 1, 2), None);
        }
    }

    #[test]
    fn a_payload_of_the_wrong_length_is_refused() {
        let mut packer = Packer::new(10);
        assert!(packer.push(&[0; 11]).is_err());
        packer.push(&[0; 9]).unwrap();
        assert!(packer.finish().is_err());
    }
}
