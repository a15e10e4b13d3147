//! Sixpenny Maddell solved outright: the exact value of every position, in a byte table.
//!
//! The sliding phase (at most 6 pieces a side on 18 points, 1.07 × 10⁸ positions once the
//! side to move is folded in) is solved by retrograde analysis over a combinatorially
//! indexed array (`index.rs`, `builder.rs`); the placement phase by backward induction from
//! it. Values are from the side to move: a win or a loss with its distance in plies (the
//! fastest win, the slowest loss), or a draw, as in [`crate::ai::solver`].
//!
//! How the app uses it:
//! - [`Builder`] builds in steps of bounded time (`step`), natively on a thread, on the web
//!   in slices between frames;
//! - [`Table::as_bytes`] / [`Table::from_bytes`] store it with a format version and a
//!   checksum; a damaged or foreign blob is refused with a [`TableError`]; [`TableReader`]
//!   reads a stored table in pieces into a packed one (deflated blocks, `packed.rs`), which
//!   is what the web page keeps;
//! - [`install`] makes it the process's table; the computations read it from the
//!   [`crate::ai::Tables`] they are handed ([`crate::ai::Tables::installed`] takes the
//!   installed one), never from the static itself;
//! - [`readiness`] says where the background preparation stands (for a status note);
//!   natively `prepare_in_background` loads it from the app's data directory or builds and
//!   stores it there, on the web the same with the browser's IndexedDB.

mod builder;
mod code;
mod index;
mod layout;
mod packed;
mod rules;
mod symmetry;
mod verify;

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(target_arch = "wasm32")]
mod web;

pub use builder::{Builder, Progress};
pub use layout::MAX_PIECES;
#[cfg(not(target_arch = "wasm32"))]
pub use native::{
    bundled_path, cli_default_path, default_path, load, pieces_a_side, prepare_in_background, save,
    table_for_cli, CliNeed, CLI_SMALL_PIECES,
};
pub use verify::{verify, Sample};
#[cfg(target_arch = "wasm32")]
pub use web::prepare_in_background;

use crate::ai::SolvedValue;
use crate::games::maddell::{Maddell, Position};
use crate::games::{Game, Side};
use builder::placement_code;
use code::Best;
use index::{bits, ALL};
use layout::{Layout, FEWEST};
use rand::Rng;
use rules::{for_each_slide, takeable};
use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, Mutex, RwLock};

/// The version of the stored format: a file of another version is rebuilt, never read.
/// Version 2: the reduced layout (one block per orbit of the board's symmetries) and an
/// XXH3 checksum.
pub const FORMAT_VERSION: u32 = 2;
/// The stored table's file name, in the app's data folder and on the web site beside the
/// page: the format version is in it too, so that versions never overwrite each other's
/// files.
pub const FILE_NAME: &str = "maddell-table-v2.bin";
/// The stored table's first bytes.
const MAGIC: &[u8; 16] = b"qipan-maddell-tb";
/// Magic, version, pieces a side, payload length, checksum, layout (0 full, 1 reduced), then
/// room to spare.
pub(crate) const HEADER_LEN: usize = 64;
/// How many positions a load checks against their children before trusting a file.
const LOAD_SPOT_CHECKS: usize = 4096;
/// The same for a table read into packed blocks, where a check inflates blocks of the
/// children's values (a few seconds on a phone for 4096; the checksum guards the bytes).
const PACKED_SPOT_CHECKS: usize = 1024;

/// Why a build stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// Tables exist for 3 to 6 pieces a side.
    PieceCount(usize),
    /// A distance does not fit in a byte (never seen with these rules).
    TooDeep,
    /// `finish` was called before the build was done.
    Unfinished,
    Internal(&'static str),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::PieceCount(n) => {
                write!(f, "a Maddell table has 3 to 6 pieces a side, not {n}")
            }
            BuildError::TooDeep => f.write_str("a distance to the end does not fit in a byte"),
            BuildError::Unfinished => f.write_str("the table is not finished yet"),
            BuildError::Internal(what) => write!(f, "internal error while building: {what}"),
        }
    }
}

impl std::error::Error for BuildError {}

/// Why stored bytes were not accepted as a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// Shorter than the header.
    TooShort(usize),
    /// Not a Maddell table at all.
    NotATable,
    /// A table in another format version.
    Version(u32),
    /// The header's sizes do not match the bytes or the layout.
    Layout(String),
    /// The bytes were changed after they were written.
    Checksum,
    /// A value disagrees with its children's values.
    Inconsistent(String),
    Io(String),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::TooShort(n) => write!(f, "{n} bytes is too short for a Maddell table"),
            TableError::NotATable => f.write_str("not a Maddell table"),
            TableError::Version(v) => write!(
                f,
                "a Maddell table of format version {v}, not {FORMAT_VERSION}"
            ),
            TableError::Layout(why) => write!(f, "malformed Maddell table: {why}"),
            TableError::Checksum => f.write_str("damaged Maddell table: wrong checksum"),
            TableError::Inconsistent(why) => write!(f, "damaged Maddell table: {why}"),
            TableError::Io(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for TableError {}

/// The exact values of every Maddell position with at most `max_pieces` pieces a side.
pub struct Table {
    layout: Layout,
    store: Store,
}

/// Where a table's values are kept.
#[derive(Clone)]
enum Store {
    /// The stored form itself: the header, then the payload (the sliding subgames, then the
    /// stored placement stages).
    Plain(Vec<u8>),
    /// The payload in deflated blocks: about two fifths of the memory.
    Packed(packed::Packed),
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, bytes) = match &self.store {
            Store::Plain(data) => ("plain", data.len()),
            Store::Packed(packed) => ("packed", packed.stored_len()),
        };
        f.debug_struct("Table")
            .field("max_pieces", &self.layout.max_pieces)
            .field(kind, &bytes)
            .finish()
    }
}

impl Table {
    /// Seals a built payload (whose checksum is `sum`): fills in the header.
    pub(crate) fn from_payload(layout: Layout, mut data: Vec<u8>, sum: u64) -> Table {
        let header = &mut data[..HEADER_LEN];
        header.fill(0);
        header[..16].copy_from_slice(MAGIC);
        header[16..20].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
        header[20..24].copy_from_slice(&(layout.max_pieces as u32).to_le_bytes());
        header[24..32].copy_from_slice(&(layout.payload_len as u64).to_le_bytes());
        header[32..40].copy_from_slice(&sum.to_le_bytes());
        header[40] = u8::from(layout.reduced);
        Table {
            layout,
            store: Store::Plain(data),
        }
    }

    /// Reads a table stored by [`Table::as_bytes`]; anything damaged, foreign or of another
    /// format version is refused.
    pub fn from_bytes(data: Vec<u8>) -> Result<Table, TableError> {
        let (layout, sum) = parse_header(&data, data.len())?;
        let summed = checksum(&data[HEADER_LEN..]);
        Table::checked(layout, Store::Plain(data), sum == summed, LOAD_SPOT_CHECKS)
    }

    /// The table read from a file, if its checksum agreed and `spot_checks` of its values
    /// agree with their children's.
    fn checked(
        layout: Layout,
        store: Store,
        checksum_agrees: bool,
        spot_checks: usize,
    ) -> Result<Table, TableError> {
        if !checksum_agrees {
            return Err(TableError::Checksum);
        }
        let table = Table { layout, store };
        table.spot_check(spot_checks)?;
        Ok(table)
    }

    /// The stored form: header (format version, checksum) and payload; `None` for a packed
    /// table, which keeps no stored form (the page keeps the file itself).
    pub fn as_bytes(&self) -> Option<&[u8]> {
        match &self.store {
            Store::Plain(data) => Some(data),
            Store::Packed(_) => None,
        }
    }

    /// Whether the values are kept packed ([`TableReader`] made it).
    pub fn is_packed(&self) -> bool {
        matches!(self.store, Store::Packed(_))
    }

    /// The most pieces a side the table covers (6: the whole game).
    pub fn max_pieces(&self) -> usize {
        self.layout.max_pieces
    }

    /// The value of `pos` for the side to move with perfect play, if the table covers it:
    /// every position in which each side has at most `max_pieces` pieces in hand and on the
    /// board and the hands are as play leaves them (x places when they are equal, o when it
    /// holds one more; both empty in the sliding phase). A finished game has its rule value.
    pub fn value(&self, pos: &Position) -> Option<SolvedValue> {
        let status = Maddell.status(pos);
        if let Some(winner) = status.winner() {
            return Some(if winner == pos.to_move {
                SolvedValue::Win(0)
            } else {
                SolvedValue::Loss(0)
            });
        }
        if status.is_draw() {
            return Some(SolvedValue::Draw);
        }
        self.code(pos).map(code::to_value)
    }

    /// The table's byte for `pos`, without looking at whether the game is over.
    pub(crate) fn code(&self, pos: &Position) -> Option<u8> {
        let [x, o] = pos.pieces;
        if x & o != 0 || (x | o) & !ALL != 0 {
            return None;
        }
        let hands = [pos.hand[0] as usize, pos.hand[1] as usize];
        if hands == [0, 0] {
            let me = pos.to_move.index();
            let index = self
                .layout
                .sliding_index(pos.pieces[me], pos.pieces[1 - me])?;
            return self.byte(index);
        }
        let stage = self.layout.stage_of(hands, pos.to_move)?;
        self.stage_code(stage, x, o)
    }

    /// The byte of a placement position; the last two stages are worked out from the next.
    fn stage_code(&self, stage: usize, x: u32, o: u32) -> Option<u8> {
        let Some(info) = self.layout.stages.get(stage) else {
            // After the last placement both hands are empty and x slides first.
            let index = self.layout.sliding_index(x, o)?;
            return self.byte(index);
        };
        match info.offset {
            Some(offset) => self.byte(offset + info.index(x, o)?),
            None => placement_code(&self.layout, stage, x, o, &|x, o| {
                self.stage_code(stage + 1, x, o)
            }),
        }
    }

    /// The payload's byte in slot `index`.
    #[inline]
    fn byte(&self, index: usize) -> Option<u8> {
        match &self.store {
            Store::Plain(data) => data.get(HEADER_LEN + index).copied(),
            Store::Packed(packed) => packed.get(index),
        }
    }

    /// The payload's bytes in `start..start + len`, borrowed when the table is plain.
    fn payload_range(&self, start: usize, len: usize) -> Option<Cow<'_, [u8]>> {
        match &self.store {
            Store::Plain(data) => data
                .get(HEADER_LEN + start..)
                .and_then(|rest| rest.get(..len))
                .map(Cow::Borrowed),
            Store::Packed(packed) => packed.range(start, len).map(Cow::Owned),
        }
    }

    /// The longest win in the sliding table: its length and a position with it.
    pub fn longest_win(&self) -> Option<(u32, Position)> {
        let payload = self.payload_range(0, self.layout.sliding_len)?;
        let (index, &byte) = payload
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b != code::DRAW && !code::is_loss(b))
            .max_by_key(|&(i, &b)| (b, std::cmp::Reverse(i)))?;
        let (mover, opp) = self.sliding_sets(index)?;
        Some((
            code::distance(byte),
            Position {
                pieces: [mover, opp],
                hand: [0, 0],
                to_move: Side::X,
            },
        ))
    }

    /// How many sliding positions are won, lost and drawn for the side to move (in a
    /// reduced table each kept block counts for its orbit).
    pub fn sliding_counts(&self) -> [u64; 3] {
        let mut counts = [0u64; 3];
        for subgame in &self.layout.subgames {
            let Some(bytes) = self.payload_range(subgame.offset, subgame.len) else {
                continue;
            };
            let slots = subgame.shape.minor_slots().max(1);
            for (block, bytes) in bytes.chunks(slots).enumerate() {
                let weight = layout::block_weight(self.layout.reduced, &subgame.shape, block);
                for &byte in bytes {
                    counts[match byte {
                        code::DRAW => 2,
                        b if code::is_loss(b) => 1,
                        _ => 0,
                    }] += weight;
                }
            }
        }
        counts
    }

    /// Whether only one block per orbit of the board's symmetries is kept.
    pub fn is_reduced(&self) -> bool {
        self.layout.reduced
    }

    /// The same values in the reduced layout ([`Layout::reduced`]): about an eleventh of the
    /// bytes, which is what is stored, fetched and played from. A reduced table is returned
    /// copied.
    pub fn reduced(&self) -> Table {
        if self.layout.reduced {
            return Table {
                layout: self.layout.clone(),
                store: self.store.clone(),
            };
        }
        let full = &self.layout;
        let small = Layout::reduced(full.max_pieces);
        let mut data = vec![0u8; HEADER_LEN + small.payload_len];
        let payload = self
            .payload_range(0, full.payload_len)
            .unwrap_or(Cow::Borrowed(&[]));
        let out = &mut data[HEADER_LEN..];
        // Each kept block is its major set's block of the full layout, copied whole.
        let mut copy = |shape: &index::PairShape, from: usize, to: usize| {
            let slots = shape.minor_slots();
            for (block, &set) in symmetry::kept(shape.major).sets.iter().enumerate() {
                let source = from + index::rank_all(set) as usize * slots;
                out[to + block * slots..][..slots].copy_from_slice(&payload[source..][..slots]);
            }
        };
        for (big, small_one) in full.subgames.iter().zip(&small.subgames) {
            copy(&big.shape, big.offset, small_one.offset);
        }
        for (big, small_one) in full.stages.iter().zip(&small.stages) {
            if let (Some(from), Some(to)) = (big.offset, small_one.offset) {
                for (a, b) in big.segments.iter().zip(&small_one.segments) {
                    copy(&a.shape, from + a.offset, to + b.offset);
                }
            }
        }
        let sum = checksum(&data[HEADER_LEN..]);
        Table::from_payload(small, data, sum)
    }

    /// The sliding position (side to move's set, other side's set) in payload slot `index`.
    fn sliding_sets(&self, index: usize) -> Option<(u32, u32)> {
        let subgame = self
            .layout
            .subgames
            .iter()
            .rev()
            .find(|s| s.offset <= index && index < s.offset + s.len)?;
        Some(layout::sets(
            self.layout.reduced,
            &subgame.shape,
            index - subgame.offset,
        ))
    }

    /// Checks `count` positions spread over the table against their children's values, with
    /// the builder's own rules: a cheap guard against a file that passed the checksum but
    /// was written by something else.
    fn spot_check(&self, count: usize) -> Result<(), TableError> {
        let mut rng = crate::random::seeded(0x5EED, 0);
        let stored: Vec<usize> = (0..self.layout.stages.len())
            .filter(|&s| self.layout.stages[s].offset.is_some())
            .collect();
        for i in 0..count {
            let mismatch = if i % 2 == 0 || stored.is_empty() {
                let index = rng.random_range(0..self.layout.sliding_len);
                let (mover, opp) = self
                    .sliding_sets(index)
                    .ok_or_else(|| TableError::Inconsistent("a slot outside the layout".into()))?;
                let expected = self.sliding_code_from_children(mover, opp);
                (expected != self.byte(index)).then(|| format!("slot {index}"))
            } else {
                let stage = stored[rng.random_range(0..stored.len())];
                let info = &self.layout.stages[stage];
                let index = rng.random_range(0..info.len);
                let (x, o) = info.board(index);
                let expected = placement_code(&self.layout, stage, x, o, &|x, o| {
                    self.stage_code(stage + 1, x, o)
                });
                (expected != self.stage_code(stage, x, o))
                    .then(|| format!("stage {stage} slot {index}"))
            };
            if let Some(slot) = mismatch {
                return Err(TableError::Inconsistent(format!(
                    "the value in {slot} disagrees with its children"
                )));
            }
        }
        Ok(())
    }

    /// A sliding position's byte worked out from its children's bytes.
    fn sliding_code_from_children(&self, mover: u32, opp: u32) -> Option<u8> {
        let mut best = Best::new();
        let mut moves = 0;
        let takes = takeable(opp);
        let mut missing = false;
        let mut child = |mover: u32, opp: u32| {
            moves += 1;
            if mover.count_ones() < FEWEST as u32 {
                best.add(code::of_distance(0).unwrap_or(1));
            } else {
                match self
                    .layout
                    .sliding_index(mover, opp)
                    .and_then(|i| self.byte(i))
                {
                    Some(byte) => best.add(byte),
                    None => missing = true,
                }
            }
        };
        for_each_slide(mover, mover | opp, |after, _, forms_mill| {
            if forms_mill {
                for take in bits(takes) {
                    child(opp & !(1 << take), after);
                }
            } else {
                child(opp, after);
            }
        });
        if missing {
            return None;
        }
        if moves == 0 {
            return code::of_distance(0);
        }
        best.code()
    }
}

/// Reads the header of a stored table of `total_len` bytes: its layout and checksum, or why
/// the bytes are not a table this build reads.
fn parse_header(data: &[u8], total_len: usize) -> Result<(Layout, u64), TableError> {
    let Some(header) = data.get(..HEADER_LEN) else {
        return Err(TableError::TooShort(total_len));
    };
    if &header[..16] != MAGIC {
        return Err(TableError::NotATable);
    }
    let word = |at: usize| {
        u32::from_le_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]])
    };
    let long = |at: usize| u64::from(word(at)) | u64::from(word(at + 4)) << 32;
    let version = word(16);
    if version != FORMAT_VERSION {
        return Err(TableError::Version(version));
    }
    let max_pieces = word(20) as usize;
    if !(FEWEST..=MAX_PIECES).contains(&max_pieces) {
        return Err(TableError::Layout(format!(
            "{max_pieces} pieces a side (3 to 6 expected)"
        )));
    }
    let reduced = match header[40] {
        0 => false,
        1 => true,
        other => return Err(TableError::Layout(format!("layout kind {other}"))),
    };
    let layout = Layout::with(max_pieces, reduced);
    let payload_len = long(24);
    if payload_len != layout.payload_len as u64 || total_len != HEADER_LEN + layout.payload_len {
        return Err(TableError::Layout(format!(
            "{} payload bytes (header says {payload_len}), {} expected",
            total_len.saturating_sub(HEADER_LEN),
            layout.payload_len
        )));
    }
    Ok((layout, long(32)))
}

/// Reads a stored table handed over in pieces (as a browser reads a file) into a packed
/// [`Table`], checked as [`Table::from_bytes`] checks one, without ever holding the whole
/// file: the page's memory holds the packed blocks and one piece.
pub struct TableReader {
    total_len: usize,
    /// The header's bytes, until all of them have come.
    header: Vec<u8>,
    /// Once the header is read: the layout, the checksum it gives, the sum so far, and the
    /// packer of the payload.
    payload: Option<(Layout, u64, Checksum, packed::Packer)>,
}

impl TableReader {
    /// A reader of a stored table of `total_len` bytes (the file's size).
    pub fn new(total_len: usize) -> TableReader {
        TableReader {
            total_len,
            header: Vec::with_capacity(HEADER_LEN),
            payload: None,
        }
    }

    /// The next bytes of the file. A header that is not a table's, or more bytes than the
    /// size given, is an error at once.
    pub fn push(&mut self, mut bytes: &[u8]) -> Result<(), TableError> {
        if self.payload.is_none() {
            let take = (HEADER_LEN - self.header.len()).min(bytes.len());
            self.header.extend_from_slice(&bytes[..take]);
            bytes = &bytes[take..];
            if self.header.len() < HEADER_LEN {
                return Ok(());
            }
            let (layout, sum) = parse_header(&self.header, self.total_len)?;
            let packer = packed::Packer::new(layout.payload_len);
            self.payload = Some((layout, sum, Checksum::new(), packer));
        }
        if let Some((_, _, checksum, packer)) = self.payload.as_mut() {
            packer
                .push(bytes)
                .map_err(|why| TableError::Layout(why.into()))?;
            checksum.update(bytes);
        }
        Ok(())
    }

    /// The table, once the whole file has come: its checksum and a spot check of its values
    /// against their children's, as [`Table::from_bytes`] does.
    pub fn finish(self) -> Result<Table, TableError> {
        let Some((layout, sum, checksum, packer)) = self.payload else {
            return Err(TableError::TooShort(self.header.len()));
        };
        let packed = packer
            .finish()
            .map_err(|why| TableError::Layout(why.into()))?;
        let agrees = checksum.finish() == sum;
        Table::checked(layout, Store::Packed(packed), agrees, PACKED_SPOT_CHECKS)
    }
}

/// The payload's checksum: XXH3 (64 bits, from the `xxhash-rust` crate), fed in pieces
/// (`update`) so that the web build spreads it over frames.
#[derive(Clone)]
pub(crate) struct Checksum(xxhash_rust::xxh3::Xxh3);

impl fmt::Debug for Checksum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Checksum")
    }
}

impl Checksum {
    pub(crate) fn new() -> Checksum {
        Checksum(xxhash_rust::xxh3::Xxh3::new())
    }

    /// Adds the next bytes (any number).
    pub(crate) fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    /// The sum of every byte added.
    pub(crate) fn finish(&self) -> u64 {
        self.0.digest()
    }
}

/// The checksum of `bytes` in one go.
fn checksum(bytes: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(bytes)
}

/// The table the computer plays from, once one is ready.
static INSTALLED: RwLock<Option<Arc<Table>>> = RwLock::new(None);

/// Makes `table` the one the computer plays from (a smaller table never replaces a larger).
pub fn install(table: Arc<Table>) {
    let mut slot = INSTALLED.write().unwrap_or_else(|e| e.into_inner());
    if slot
        .as_ref()
        .is_none_or(|old| old.max_pieces() <= table.max_pieces())
    {
        *slot = Some(table);
    }
}

/// The table the computer plays from, if one is installed.
pub fn installed() -> Option<Arc<Table>> {
    INSTALLED.read().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Where preparing the table in the background stands, for the app's status note.
#[derive(Clone, Debug, PartialEq)]
pub enum Readiness {
    NotStarted,
    /// Reading a stored table.
    Loading,
    /// Building; the share done (0 to 1).
    Building(f32),
    /// Installed: the computer plays perfectly. `note` says why it could not be stored, if
    /// it could not (it is then built again next time).
    Ready {
        note: Option<String>,
    },
    Failed(String),
}

/// A short plain form for pages and logs (the web page's `data-perfect`, the browser tests):
/// `not started`, `loading`, `building 0.420`, `ready`, `ready (why it was not stored)`,
/// `failed: why`.
impl fmt::Display for Readiness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Readiness::NotStarted => f.write_str("not started"),
            Readiness::Loading => f.write_str("loading"),
            Readiness::Building(done) => write!(f, "building {done:.3}"),
            Readiness::Ready { note: None } => f.write_str("ready"),
            Readiness::Ready { note: Some(note) } => write!(f, "ready ({note})"),
            Readiness::Failed(why) => write!(f, "failed: {why}"),
        }
    }
}

static READINESS: Mutex<Readiness> = Mutex::new(Readiness::NotStarted);

/// Where preparing the table in the background stands.
pub fn readiness() -> Readiness {
    READINESS.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

fn set_readiness(readiness: Readiness) {
    *READINESS.lock().unwrap_or_else(|e| e.into_inner()) = readiness;
}

/// Claims the one background preparation of this process; `false` if it has started.
fn claim_preparation() -> bool {
    let mut state = READINESS.lock().unwrap_or_else(|e| e.into_inner());
    if *state != Readiness::NotStarted {
        return false;
    }
    *state = Readiness::Loading;
    true
}
