//! Builds the table in steps of bounded time, so that a native thread and the web page's
//! sliced task can both drive it (`Builder::step`).
//!
//! **Sliding phase.** Subgames are solved in order of total pieces: a capture only leads to
//! fewer. A subgame (m, n) is solved together with (n, m), since a quiet move leads from one
//! to the other. Retrograde analysis, level by level: the positions decided at distance d
//! (`current`, a bitmap) are unmoved to their predecessors. A predecessor of a loss in d is
//! a win in d + 1 unless it was decided before (so every win is the fastest); a predecessor
//! of a win loses one undecided child (`counters`) and, when none is left, is a loss in
//! d + 1 (so every loss is the slowest, its last child to be decided being its longest).
//! Captures lead into subgames already solved: at level d their positions decided at d are
//! unmoved too (a slide that formed a mill, and the taken piece put back), so a capture
//! counts exactly like a quiet move. Whatever is undecided at the end is a draw.
//!
//! **Placement phase.** Backward induction, one stage (pieces in hand) at a time, from the
//! sliding table back to the start.
//!
//! Natively each chunk of work is split between threads; the builder's own state is only
//! ever touched between chunks.

use super::code::{self, Best, DRAW};
use super::index::{bits, compress, count, rank_all, rank_within, ALL};
use super::layout::{Layout, Subgame, FEWEST};
use super::rules::{completes_mill, for_each_unslide, slide_summary, takeable};
use super::{BuildError, Checksum, Table, HEADER_LEN};
use crate::games::Side;
use std::ops::Range;
use std::sync::atomic::{AtomicU16, AtomicU64, Ordering::Relaxed};
use web_time::{Duration, Instant};

/// Where a build stands after a step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Progress {
    /// Still working; the share of the work done so far (0 to 1).
    Working(f32),
    /// The table is complete: take it with [`Builder::finish`].
    Done,
}

/// A table under construction.
pub struct Builder {
    layout: Layout,
    threads: usize,
    /// The header's room, then the payload, filled as subgames and stages finish.
    data: Vec<u8>,
    /// How many positions of each finished subgame hold each byte.
    histograms: Vec<Option<Box<[u64; 256]>>>,
    state: State,
    /// Positions per chunk for each kind of work ([`Work`]), adapted so that a chunk takes
    /// about `CHUNK_TIME`: a position costs very different amounts in each.
    chunks: [usize; 6],
    /// The kind of work the last chunk did, and how many positions it did: a chunk cut
    /// short by the end of its range says nothing about how large a chunk could be.
    last_work: Work,
    last_units: usize,
    done_units: u64,
    total_units: u64,
    /// The payload's checksum, once sealed.
    sum: Option<u64>,
}

enum State {
    Sliding(Box<PairWork>),
    Placement(Box<PlacementWork>),
    /// Summing the payload for the header, a chunk at a time.
    Sealing {
        cursor: usize,
        sum: Box<Checksum>,
    },
    Finished,
}

/// The subgames of one pair while they are being solved.
struct PairWork {
    pair: usize,
    /// The pair's subgames and where each starts in the pair's own arrays.
    members: Vec<(usize, usize)>,
    len: usize,
    /// A position's byte (high half) and, while it is undecided, how many of its children
    /// are not yet known to be wins for the opponent (low half): one cache line for both.
    slots: Vec<AtomicU16>,
    /// Positions decided at the current level; those decided during this pass.
    current: Box<[AtomicU64]>,
    next: Box<[AtomicU64]>,
    next_count: u64,
    decided: u64,
    level: u32,
    /// (solved subgame a capture leads into, the pair member it is a capture from).
    exits: Vec<(usize, usize)>,
    /// The longest distance in the exit subgames: the passes go at least this far.
    exit_levels: u32,
    step: PairStep,
}

/// The kinds of work, each with its own chunk size.
#[derive(Clone, Copy, Debug)]
enum Work {
    Init,
    Quiet,
    Capture,
    Finish,
    Placement,
    Seal,
}

#[derive(Clone, Copy, Debug)]
enum PairStep {
    Init {
        cursor: usize,
    },
    /// Unmoving this level's positions of the pair itself (a cursor over bitmap words).
    Quiet {
        cursor: usize,
    },
    /// Unmoving this level's positions of an exit subgame (a cursor over its slots).
    Capture {
        exit: usize,
        cursor: usize,
    },
    /// Every position decided at this level has been unmoved.
    EndOfPass,
    /// Solved: the bytes are copied into the payload (undecided positions are draws).
    Finish {
        cursor: usize,
    },
}

/// One placement stage being worked out from the next.
struct PlacementWork {
    stage: usize,
    cursor: usize,
    /// The stage's bytes, when it is not stored in the payload.
    output: Option<Vec<u8>>,
    /// The next stage's bytes, when that one is not stored either.
    next_stage: Option<Vec<u8>>,
}

/// How long a chunk should take at most: long enough that starting threads costs little,
/// and never more than half a step's budget (the web's steps are 8 ms: half a frame).
const CHUNK_TIME: Duration = Duration::from_millis(25);

const MIN_CHUNK: usize = 1 << 10;
/// The most bytes of a solved subgame one chunk scans for the positions of a level (about
/// a millisecond).
const SCAN_LIMIT: usize = 1 << 20;
const MAX_CHUNK: usize = 1 << 24;

impl Builder {
    /// A build of the table for at most `max_pieces` pieces a side (3 to 6; 6 is the real
    /// game), on up to `threads` threads (1 on the web, which has only the page's thread).
    pub fn new(max_pieces: usize, threads: usize) -> Result<Builder, BuildError> {
        if !(FEWEST..=super::MAX_PIECES).contains(&max_pieces) {
            return Err(BuildError::PieceCount(max_pieces));
        }
        let layout = Layout::new(max_pieces);
        let total_units =
            2 * layout.sliding_len as u64 + layout.stages.iter().map(|s| s.len as u64).sum::<u64>();
        let mut builder = Builder {
            threads: if cfg!(target_arch = "wasm32") {
                1
            } else {
                threads.max(1)
            },
            data: vec![0; HEADER_LEN + layout.payload_len],
            histograms: vec![None; layout.subgames.len()],
            state: State::Finished,
            chunks: [MIN_CHUNK * 16; 6],
            last_work: Work::Init,
            last_units: 0,
            done_units: 0,
            total_units,
            sum: None,
            layout,
        };
        builder.state = State::Sliding(Box::new(builder.start_pair(0)));
        Ok(builder)
    }

    /// Works for about `budget` (at least one chunk); says whether the table is complete.
    pub fn step(&mut self, budget: Duration) -> Result<Progress, BuildError> {
        let start = Instant::now();
        let target = CHUNK_TIME.min(budget / 2);
        loop {
            if matches!(self.state, State::Finished) {
                return Ok(Progress::Done);
            }
            let chunk_start = Instant::now();
            self.last_units = 0;
            self.work_chunk()?;
            let took = chunk_start.elapsed();
            let full = self.last_units * 2 >= self.chunks[self.last_work as usize];
            let chunk = &mut self.chunks[self.last_work as usize];
            if took < target / 2 && full {
                *chunk = (*chunk * 2).min(MAX_CHUNK);
            } else if took > target * 2 {
                *chunk = (*chunk / 2).max(MIN_CHUNK);
            }
            // Stop before a chunk like the last would overrun the budget.
            if start.elapsed() + took >= budget {
                break;
            }
        }
        Ok(if matches!(self.state, State::Finished) {
            Progress::Done
        } else {
            Progress::Working(self.fraction())
        })
    }

    /// Runs the build to the end on this thread.
    pub fn run(mut self) -> Result<Table, BuildError> {
        while self.step(Duration::from_secs(1))? != Progress::Done {}
        self.finish()
    }

    /// What the build is working on: `sliding 5v6` (pieces of the side to move against the
    /// other's), `placement 3` (the placement stage), or `done`.
    pub fn phase(&self) -> String {
        match &self.state {
            State::Sliding(work) => {
                let s = self.layout.subgames[work.members[0].0];
                format!("sliding {}v{}", s.mover, s.opp)
            }
            State::Placement(work) => format!("placement {}", work.stage),
            State::Sealing { .. } => "sealing".to_owned(),
            State::Finished => "done".to_owned(),
        }
    }

    /// The share of the work done so far, from 0 to 1.
    pub fn fraction(&self) -> f32 {
        (self.done_units as f64 / self.total_units.max(1) as f64).min(1.0) as f32
    }

    /// The finished table (an error if the build is not done).
    pub fn finish(self) -> Result<Table, BuildError> {
        let State::Finished = self.state else {
            return Err(BuildError::Unfinished);
        };
        let sum = self.sum.ok_or(BuildError::Unfinished)?;
        Ok(Table::from_payload(self.layout, self.data, sum))
    }

    /// Positions for the next chunk of `work`.
    fn chunk(&mut self, work: Work) -> usize {
        self.last_work = work;
        self.chunks[work as usize]
    }

    fn work_chunk(&mut self) -> Result<(), BuildError> {
        match std::mem::replace(&mut self.state, State::Finished) {
            State::Sliding(mut work) => {
                let done = self.pair_chunk(&mut work)?;
                self.state = if !done {
                    State::Sliding(work)
                } else {
                    self.finish_pair(&work);
                    if work.pair + 1 < self.layout.pairs.len() {
                        State::Sliding(Box::new(self.start_pair(work.pair + 1)))
                    } else {
                        self.start_placement()
                    }
                };
            }
            State::Placement(mut work) => {
                let done = self.placement_chunk(&mut work)?;
                self.state = if !done {
                    State::Placement(work)
                } else if work.stage == 0 {
                    State::Sealing {
                        cursor: 0,
                        sum: Box::new(Checksum::new()),
                    }
                } else {
                    let next_stage = work.output.take();
                    State::Placement(Box::new(self.placement_stage(work.stage - 1, next_stage)))
                };
            }
            State::Sealing { cursor, mut sum } => {
                let chunk = self.chunk(Work::Seal) * 64;
                let payload = &self.data[HEADER_LEN..];
                let end = (cursor + chunk).min(payload.len());
                self.last_units = (end - cursor) / 64;
                sum.update(&payload[cursor..end]);
                self.state = if end < payload.len() {
                    State::Sealing { cursor: end, sum }
                } else {
                    self.sum = Some(sum.finish());
                    State::Finished
                };
            }
            State::Finished => {}
        }
        Ok(())
    }

    fn start_pair(&self, pair: usize) -> PairWork {
        let mut members = Vec::new();
        let mut len = 0;
        for &id in &self.layout.pairs[pair] {
            members.push((id, len));
            len += self.layout.subgames[id].shape.len;
        }
        let mut exits = Vec::new();
        for (member, &(id, _)) in members.iter().enumerate() {
            let s = self.layout.subgames[id];
            if s.opp > FEWEST {
                if let Some(exit) = self.layout.subgame_id(s.opp - 1, s.mover) {
                    exits.push((exit, member));
                }
            }
        }
        let exit_levels = exits
            .iter()
            .filter_map(|&(exit, _)| self.histograms[exit].as_ref())
            .filter_map(|h| h.iter().rposition(|&n| n > 0))
            .map(|code| code.saturating_sub(1) as u32)
            .max()
            .unwrap_or(0);
        let words = len.div_ceil(64);
        PairWork {
            pair,
            members,
            len,
            // Filled as the positions are first visited, so that no single step pays for all.
            slots: Vec::with_capacity(len),
            current: (0..words).map(|_| AtomicU64::new(0)).collect(),
            next: (0..words).map(|_| AtomicU64::new(0)).collect(),
            next_count: 0,
            decided: 0,
            level: 0,
            exits,
            exit_levels,
            step: PairStep::Init { cursor: 0 },
        }
    }

    /// One chunk of a pair's work; `true` once the pair is solved.
    fn pair_chunk(&mut self, work: &mut PairWork) -> Result<bool, BuildError> {
        let chunk = self.chunk(match work.step {
            PairStep::Init { .. } => Work::Init,
            PairStep::Quiet { .. } => Work::Quiet,
            PairStep::Capture { .. } => Work::Capture,
            PairStep::EndOfPass | PairStep::Finish { .. } => Work::Finish,
        });
        let layout = &self.layout;
        let threads = self.threads;
        match work.step {
            PairStep::Init { cursor } => {
                let end = (cursor + chunk).min(work.len);
                self.last_units = end - cursor;
                work.slots.extend((cursor..end).map(|_| AtomicU16::new(0)));
                let shared = &*work;
                let threads = worth_splitting(threads, end - cursor);
                let tallies = split_run(threads, cursor..end, |range| {
                    init_range(layout, shared, range)
                });
                let (losses, wins) = tallies
                    .iter()
                    .fold((0, 0), |(l, w), &(dl, dw)| (l + dl, w + dw));
                work.next_count += wins;
                work.decided += losses + wins;
                self.done_units += (end - cursor) as u64;
                work.step = if end < work.len {
                    PairStep::Init { cursor: end }
                } else {
                    PairStep::Quiet { cursor: 0 }
                };
            }
            PairStep::Quiet { cursor } => {
                let words = work.current.len();
                // As many words as hold a chunk's worth of marked positions.
                let (mut end, mut marked) = (cursor, 0);
                while end < words && marked < chunk && end - cursor < MAX_CHUNK / 64 {
                    marked += work.current[end].load(Relaxed).count_ones() as usize;
                    end += 1;
                }
                self.last_units = marked;
                let pass = Pass::new(work)?;
                let shared = &*work;
                let threads = worth_splitting(threads, marked);
                let decided: u64 = split_run(threads, cursor..end, |range| {
                    quiet_range(layout, shared, &pass, range)
                })
                .iter()
                .sum();
                self.record(work, decided);
                work.step = if end < words {
                    PairStep::Quiet { cursor: end }
                } else {
                    self.next_capture_source(work, 0)
                };
            }
            PairStep::Capture { exit, cursor } => {
                let (exit_id, member) = work.exits[exit];
                let subgame = layout.subgames[exit_id];
                let pass = Pass::new(work)?;
                let child_code = code::of_distance(work.level).unwrap_or(DRAW);
                let exit_bytes = &self.data[HEADER_LEN + subgame.offset..][..subgame.shape.len];
                // As far as a chunk's worth of positions decided at this level (scanning is
                // cheap, unmoving them is not), or a scan's worth of bytes.
                let limit = (cursor + SCAN_LIMIT).min(subgame.shape.len);
                let (mut end, mut found) = (limit, 0);
                for i in positions_of(&exit_bytes[cursor..limit], child_code) {
                    found += 1;
                    if found == chunk {
                        end = cursor + i + 1;
                        break;
                    }
                }
                let parent = layout.subgames[work.members[member].0];
                let parent_offset = work.members[member].1;
                self.last_units = found;
                let threads = worth_splitting(threads, found);
                let decided: u64 = split_run(threads, cursor..end, |range| {
                    let mut decided = 0;
                    let mut parents = Vec::with_capacity(24 * 12);
                    for i in positions_of(&exit_bytes[range.clone()], child_code) {
                        let (child_mover, child_opp) = subgame.shape.sets(range.start + i);
                        decided += capture_parents(
                            child_mover,
                            child_opp,
                            &parent,
                            parent_offset,
                            &pass,
                            &mut parents,
                        );
                    }
                    decided
                })
                .iter()
                .sum();
                self.record(work, decided);
                work.step = if end < subgame.shape.len {
                    PairStep::Capture { exit, cursor: end }
                } else {
                    self.next_capture_source(work, exit + 1)
                };
            }
            PairStep::Finish { cursor } => {
                let end = (cursor + chunk).min(work.len);
                self.last_units = end - cursor;
                for (id, start, slots) in member_runs(layout, work, cursor..end) {
                    let subgame = layout.subgames[id];
                    let histogram = self.histograms[id].get_or_insert_with(|| Box::new([0; 256]));
                    let out = &mut self.data[HEADER_LEN + subgame.offset..][slots.clone()];
                    let from = &work.slots[start + slots.start..start + slots.end];
                    for (byte, slot) in out.iter_mut().zip(from) {
                        *byte = (slot.load(Relaxed) >> 8) as u8;
                        histogram[*byte as usize] += 1;
                    }
                }
                if end == work.len {
                    return Ok(true);
                }
                work.step = PairStep::Finish { cursor: end };
            }
            PairStep::EndOfPass => {
                if work.next_count == 0 && work.level >= work.exit_levels {
                    work.step = PairStep::Finish { cursor: 0 };
                    return Ok(false);
                }
                std::mem::swap(&mut work.current, &mut work.next);
                for word in work.next.iter() {
                    word.store(0, Relaxed);
                }
                work.next_count = 0;
                work.level += 1;
                work.step = PairStep::Quiet { cursor: 0 };
            }
        }
        Ok(false)
    }

    fn record(&mut self, work: &mut PairWork, decided: u64) {
        work.next_count += decided;
        work.decided += decided;
        self.done_units += decided;
    }

    /// The first exit subgame from `from` on with positions decided at this level.
    fn next_capture_source(&self, work: &PairWork, from: usize) -> PairStep {
        let code = code::of_distance(work.level).unwrap_or(DRAW);
        (from..work.exits.len())
            .find(|&exit| {
                self.histograms[work.exits[exit].0]
                    .as_ref()
                    .is_some_and(|h| h[code as usize] > 0)
            })
            .map_or(PairStep::EndOfPass, |exit| PairStep::Capture {
                exit,
                cursor: 0,
            })
    }

    /// Counts the undecided positions of a solved pair as done.
    fn finish_pair(&mut self, work: &PairWork) {
        self.done_units += (work.len as u64).saturating_sub(work.decided);
    }

    fn start_placement(&self) -> State {
        let last = self.layout.stages.len() - 1;
        State::Placement(Box::new(self.placement_stage(last, None)))
    }

    fn placement_stage(&self, stage: usize, next_stage: Option<Vec<u8>>) -> PlacementWork {
        let info = &self.layout.stages[stage];
        PlacementWork {
            stage,
            cursor: 0,
            output: info.offset.is_none().then(|| vec![DRAW; info.len]),
            next_stage,
        }
    }

    /// One chunk of a placement stage; `true` once the stage is done.
    fn placement_chunk(&mut self, work: &mut PlacementWork) -> Result<bool, BuildError> {
        let chunk = self.chunk(Work::Placement);
        let layout = &self.layout;
        let stage = &layout.stages[work.stage];
        let next_index = work.stage + 1;
        let end = (work.cursor + chunk).min(stage.len);
        self.last_units = end - work.cursor;
        let range = work.cursor..end;
        let payload = &mut self.data[HEADER_LEN..];
        let (output, source): (&mut [u8], ChildSource) = match work.output.as_mut() {
            Some(own) => {
                let source = match work.next_stage.as_deref() {
                    Some(bytes) => ChildSource::Stage(bytes),
                    None if next_index == layout.stages.len() => ChildSource::Sliding(&*payload),
                    None => ChildSource::stored(layout, next_index, payload)?,
                };
                (&mut own[range.clone()], source)
            }
            None => {
                // Stored stages follow the sliding table in order: the next one starts
                // right after this one, so the two never overlap.
                let offset = stage
                    .offset
                    .ok_or(BuildError::Internal("stage not stored"))?;
                let (before, after) = payload.split_at_mut(offset + stage.len);
                let source = match work.next_stage.as_deref() {
                    Some(bytes) => ChildSource::Stage(bytes),
                    None => {
                        let next_len = layout.stages.get(next_index).map_or(0, |s| s.len);
                        ChildSource::Stage(
                            after
                                .get(..next_len)
                                .ok_or(BuildError::Internal("next stage outside the payload"))?,
                        )
                    }
                };
                (&mut before[offset..][range.clone()], source)
            }
        };
        let threads = worth_splitting(self.threads, output.len());
        let failed = split_run_mut(threads, output, range.start, |first, out| {
            let mut failed = false;
            for (i, byte) in out.iter_mut().enumerate() {
                let (x, o) = stage.board(first + i);
                match placement_code_fast(layout, work.stage, x, o, &source) {
                    Some(code) => *byte = code,
                    None => failed = true,
                }
            }
            failed
        });
        if failed.into_iter().any(|f| f) {
            return Err(BuildError::Internal(
                "a placement child is missing or too deep",
            ));
        }
        self.done_units += (end - work.cursor) as u64;
        work.cursor = end;
        Ok(end == stage.len)
    }
}

/// Where the children of a placement stage's positions are read.
#[derive(Clone, Copy)]
enum ChildSource<'a> {
    /// The payload, whose sliding table follows the last placement.
    Sliding(&'a [u8]),
    /// The next stage's own bytes.
    Stage(&'a [u8]),
}

impl<'a> ChildSource<'a> {
    fn stored(layout: &Layout, index: usize, payload: &'a [u8]) -> Result<Self, BuildError> {
        let stage = &layout.stages[index];
        let offset = stage
            .offset
            .ok_or(BuildError::Internal("stage not stored"))?;
        payload
            .get(offset..offset + stage.len)
            .map(ChildSource::Stage)
            .ok_or(BuildError::Internal("stage outside the payload"))
    }

    /// The bytes of the children with `x` pieces of x's and `o` of o's on the board, and
    /// how many slots each of x's sets has there (both kinds rank x's set first).
    #[inline]
    fn region(
        &self,
        layout: &Layout,
        next_index: usize,
        x: usize,
        o: usize,
    ) -> Option<(&'a [u8], usize)> {
        let (bytes, offset, shape) = match *self {
            // Both hands are empty and x moves first.
            ChildSource::Sliding(payload) => {
                let subgame = layout.subgame(x, o)?;
                (payload, subgame.offset, subgame.shape)
            }
            ChildSource::Stage(bytes) => {
                let segment = layout.stages.get(next_index)?.segment(x, o)?;
                (bytes, segment.offset, segment.shape)
            }
        };
        Some((bytes.get(offset..offset + shape.len)?, shape.minor_slots()))
    }

    /// The byte of the child (x's set, o's set).
    #[inline]
    fn code(&self, layout: &Layout, next_index: usize, x: u32, o: u32) -> Option<u8> {
        let (bytes, slots) = self.region(layout, next_index, count(x), count(o))?;
        bytes
            .get(rank_all(x) as usize * slots + rank_within(o, x) as usize)
            .copied()
    }
}

/// [`placement_code`] as the builder runs it, over every position of the last stages: the
/// same rules, with the children's slots worked out incrementally. A placement without a
/// take changes one set by one point, so the child's slot comes from the parent's sets in
/// the coordinates of the points x leaves free: a table read or two instead of a ranking.
#[inline(never)]
fn placement_code_fast(
    layout: &Layout,
    stage: usize,
    x: u32,
    o: u32,
    source: &ChildSource,
) -> Option<u8> {
    let info = &layout.stages[stage];
    let next = stage + 1;
    let x_places = info.to_move == Side::X;
    let (a, b) = (count(x), count(o));
    // The children without a take: (x + q, o) or (x, o + q).
    let (bytes, slots) = if x_places {
        source.region(layout, next, a + 1, b)?
    } else {
        source.region(layout, next, a, b + 1)?
    };
    let (own, opp) = if x_places { (x, o) } else { (o, x) };
    let opp_hand = info.hands[usize::from(x_places)];
    let takes = takeable(opp);
    let o_in_free = compress(o, x);
    let o_places_base = rank_all(x) as usize * slots;
    let mut best = Best::new();
    // q runs over the points x leaves free; j is its number among them.
    for (j, q) in bits(ALL & !x).enumerate() {
        if o & 1 << q != 0 {
            continue;
        }
        let after = own | 1 << q;
        if opp != 0 && completes_mill(after, q) {
            for take in bits(takes) {
                let left = opp & !(1 << take);
                if opp_hand + count(left) < FEWEST {
                    // The opponent is down to two: it has lost, a win in one.
                    return code::of_distance(1);
                }
                let (x, o) = if x_places {
                    (after, left)
                } else {
                    (left, after)
                };
                best.add(source.code(layout, next, x, o)?);
            }
        } else if x_places {
            let below = (1u32 << j) - 1;
            let o_in_rest = (o_in_free & below) | (o_in_free >> 1 & !below);
            let slot = rank_all(after) as usize * slots + rank_all(o_in_rest) as usize;
            best.add(*bytes.get(slot)?);
        } else {
            let slot = o_places_base + rank_all(o_in_free | 1 << j) as usize;
            best.add(*bytes.get(slot)?);
        }
    }
    best.code()
}

/// The byte of a placement position of stage `stage` (x's set, o's set) from its children's,
/// which `child(x, o)` gives for the next stage (`None`: missing, or a distance too long).
#[inline]
pub(crate) fn placement_code(
    layout: &Layout,
    stage: usize,
    x: u32,
    o: u32,
    child: &impl Fn(u32, u32) -> Option<u8>,
) -> Option<u8> {
    let info = &layout.stages[stage];
    let me = info.to_move.index();
    let (own, opp) = if me == 0 { (x, o) } else { (o, x) };
    let opp_hand = info.hands[1 - me] as u32;
    let takes = takeable(opp);
    let board = |own: u32, opp: u32| if me == 0 { (own, opp) } else { (opp, own) };
    let mut best = Best::new();
    for to in bits(ALL & !(x | o)) {
        let after = own | 1 << to;
        if opp != 0 && completes_mill(after, to) {
            for take in bits(takes) {
                let left = opp & !(1 << take);
                if opp_hand as usize + count(left) < FEWEST {
                    // The opponent is down to two: it has lost, a win in one.
                    return code::of_distance(1);
                }
                let (x, o) = board(after, left);
                best.add(child(x, o)?);
            }
        } else {
            let (x, o) = board(after, opp);
            best.add(child(x, o)?);
        }
    }
    best.code()
}

/// What one pass does to the predecessors of the positions decided at its level.
struct Pass<'a> {
    slots: &'a [AtomicU16],
    next: &'a [AtomicU64],
    /// Whether the positions being unmoved are losses for their side to move.
    child_loses: bool,
    /// The predecessors' byte if this decides them, in the high half of a slot.
    parent_code: u16,
}

impl<'a> Pass<'a> {
    fn new(work: &'a PairWork) -> Result<Pass<'a>, BuildError> {
        Ok(Pass {
            slots: &work.slots,
            next: &work.next,
            child_loses: work.level.is_multiple_of(2),
            parent_code: u16::from(code::of_distance(work.level + 1).ok_or(BuildError::TooDeep)?)
                << 8,
        })
    }

    /// [`Pass::reach`] for every predecessor of one position. The slots are read first with
    /// plain loads, whose cache misses the processor overlaps; a locked instruction would
    /// wait for each in turn. Only the undecided ones are then updated.
    #[inline]
    fn reach_all(&self, parents: &mut Vec<usize>) -> u64 {
        parents.retain(|&parent| {
            self.slots
                .get(parent)
                .is_some_and(|s| s.load(Relaxed) >> 8 == 0)
        });
        parents.iter().map(|&p| self.reach(p)).sum()
    }

    /// Tells the predecessor in slot `parent` that one of its children is decided; returns
    /// 1 if that decided the predecessor.
    #[inline]
    fn reach(&self, parent: usize) -> u64 {
        let slot = &self.slots[parent];
        let mut old = slot.load(Relaxed);
        if old >> 8 != 0 {
            return 0;
        }
        if self.child_loses {
            // The first loss found is the fastest win: later ones find the byte set. Another
            // thread may change the counter meanwhile: then try again.
            while let Err(now) =
                slot.compare_exchange_weak(old, old | self.parent_code, Relaxed, Relaxed)
            {
                if now >> 8 != 0 {
                    return 0;
                }
                old = now;
            }
        } else {
            // A position with a lost child never counts down to zero, so the counter never
            // borrows from the byte, and whoever takes it to zero owns the byte.
            if slot.fetch_sub(1, Relaxed) & 0xFF != 1 {
                return 0;
            }
            slot.fetch_or(self.parent_code, Relaxed);
        }
        self.next[parent / 64].fetch_or(1 << (parent % 64), Relaxed);
        1
    }
}

/// Counts every position's moves, and decides those with none (lost) and those whose mill
/// leaves the opponent two pieces (won in one). Returns (losses, wins) decided.
fn init_range(layout: &Layout, work: &PairWork, range: Range<usize>) -> (u64, u64) {
    let (mut losses, mut wins) = (0, 0);
    for (id, start, slots) in member_runs(layout, work, range) {
        let subgame = layout.subgames[id];
        for slot in slots {
            let local = start + slot;
            let (mover, opp) = subgame.shape.sets(slot);
            let (count, mill) = slide_summary(mover, opp);
            if count == 0 {
                work.slots[local].store(u16::from(code::of_distance(0).unwrap_or(1)) << 8, Relaxed);
                work.current[local / 64].fetch_or(1 << (local % 64), Relaxed);
                losses += 1;
            } else if mill && subgame.opp == FEWEST {
                work.slots[local].store(u16::from(code::of_distance(1).unwrap_or(2)) << 8, Relaxed);
                work.next[local / 64].fetch_or(1 << (local % 64), Relaxed);
                wins += 1;
            } else {
                // At most 24 slides, each taking one of at most 6 pieces: fits in a byte.
                work.slots[local].store(count.min(u8::MAX as u32) as u16, Relaxed);
            }
        }
    }
    (losses, wins)
}

/// Splits a range of the pair's slots by subgame: (subgame id, where it starts in the pair,
/// its own slots in the range).
fn member_runs(
    layout: &Layout,
    work: &PairWork,
    range: Range<usize>,
) -> impl Iterator<Item = (usize, usize, Range<usize>)> {
    let members: Vec<(usize, usize, usize)> = work
        .members
        .iter()
        .map(|&(id, start)| (id, start, start + layout.subgames[id].shape.len))
        .collect();
    members.into_iter().filter_map(move |(id, start, end)| {
        let lo = range.start.max(start);
        let hi = range.end.min(end);
        (lo < hi).then(|| (id, start, lo - start..hi - start))
    })
}

/// Unmoves the pair's positions marked in `current` over a range of bitmap words.
fn quiet_range(layout: &Layout, work: &PairWork, pass: &Pass, words: Range<usize>) -> u64 {
    let mut decided = 0;
    let mut parents = Vec::with_capacity(24);
    for w in words {
        let mut word = work.current[w].load(Relaxed);
        while word != 0 {
            let local = w * 64 + word.trailing_zeros() as usize;
            word &= word - 1;
            let member = work
                .members
                .iter()
                .rposition(|&(_, start)| start <= local)
                .unwrap_or(0);
            let (id, start) = work.members[member];
            let subgame = layout.subgames[id];
            let (child_mover, child_opp) = subgame.shape.sets(local - start);
            // A quiet move led here from the other member (or this one, when m = n).
            let parent_member = if work.members.len() == 2 {
                1 - member
            } else {
                0
            };
            let (parent_id, parent_start) = work.members[parent_member];
            decided += quiet_parents(
                child_mover,
                child_opp,
                &layout.subgames[parent_id],
                parent_start,
                pass,
                &mut parents,
            );
        }
    }
    decided
}

/// The predecessors by a slide that formed no mill: the side that just moved (`child_opp`)
/// slides back; the side to move keeps its pieces.
#[inline]
fn quiet_parents(
    child_mover: u32,
    child_opp: u32,
    parent: &Subgame,
    parent_start: usize,
    pass: &Pass,
    parents: &mut Vec<usize>,
) -> u64 {
    parents.clear();
    for_each_unslide(child_opp, child_mover, |before, formed_mill| {
        if !formed_mill {
            parents.push(parent_start + parent.shape.index(before, child_mover));
        }
    });
    pass.reach_all(parents)
}

/// The predecessors by a slide that formed a mill and took a piece: the side that just
/// moved slides back, and the taken piece returns to any empty point where it was takeable.
#[inline]
fn capture_parents(
    child_mover: u32,
    child_opp: u32,
    parent: &Subgame,
    parent_start: usize,
    pass: &Pass,
    parents: &mut Vec<usize>,
) -> u64 {
    parents.clear();
    let empty = ALL & !(child_mover | child_opp);
    let mut takeable_back = 0;
    for taken in bits(empty) {
        if takeable(child_mover | 1 << taken) & 1 << taken != 0 {
            takeable_back |= 1 << taken;
        }
    }
    for_each_unslide(child_opp, child_mover, |before, formed_mill| {
        if !formed_mill {
            return;
        }
        let base = parent_start + rank_all(before) as usize * parent.shape.minor_slots();
        // The taken piece cannot have stood where the mover's piece came from.
        for taken in bits(takeable_back & !before) {
            parents.push(base + rank_within(child_mover | 1 << taken, before) as usize);
        }
    });
    pass.reach_all(parents)
}

/// Where `bytes` holds `byte`, in order. Eight bytes are tested at once (a word has a byte
/// equal to `byte` exactly when the word XOR eight copies of it has a zero byte), since
/// most of a solved subgame is at other levels.
fn positions_of(bytes: &[u8], byte: u8) -> impl Iterator<Item = usize> + '_ {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let pattern = ONES * u64::from(byte);
    bytes.chunks(8).enumerate().flat_map(move |(w, chunk)| {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let v = u64::from_le_bytes(word) ^ pattern;
        // May flag a byte above a true match, never miss one: every flag is checked below.
        let maybe = v.wrapping_sub(ONES) & !v & HIGHS != 0;
        let hits = if maybe { chunk.len() } else { 0 };
        (0..hits)
            .filter(move |&i| chunk[i] == byte)
            .map(move |i| w * 8 + i)
    })
}

/// The threads worth starting for `positions` positions of work: starting and joining a
/// thread costs as much as a few thousand positions (more on a busy machine).
fn worth_splitting(threads: usize, positions: usize) -> usize {
    if positions < 8192 {
        1
    } else {
        threads
    }
}

/// Runs `work` over `range`, split between up to `threads` threads.
fn split_run<R: Send>(
    threads: usize,
    range: Range<usize>,
    work: impl Fn(Range<usize>) -> R + Sync,
) -> Vec<R> {
    #[cfg(not(target_arch = "wasm32"))]
    if threads > 1 && range.len() >= 2 * threads {
        let per = range.len().div_ceil(threads);
        let parts: Vec<Range<usize>> = (0..threads)
            .map(|t| range.start + t * per..(range.start + (t + 1) * per).min(range.end))
            .filter(|r| !r.is_empty())
            .collect();
        let work = &work;
        return std::thread::scope(|scope| {
            let handles: Vec<_> = parts[1..]
                .iter()
                .map(|part| {
                    let part = part.clone();
                    scope.spawn(move || work(part))
                })
                .collect();
            let mut results = vec![work(parts[0].clone())];
            for handle in handles {
                results.push(
                    handle
                        .join()
                        .unwrap_or_else(|e| std::panic::resume_unwind(e)),
                );
            }
            results
        });
    }
    let _ = threads;
    vec![work(range)]
}

/// Runs `work(first_slot, bytes)` over `out` (whose first byte is slot `first`), split
/// between up to `threads` threads.
fn split_run_mut<R: Send>(
    threads: usize,
    out: &mut [u8],
    first: usize,
    work: impl Fn(usize, &mut [u8]) -> R + Sync,
) -> Vec<R> {
    #[cfg(not(target_arch = "wasm32"))]
    if threads > 1 && out.len() >= 2 * threads {
        let per = out.len().div_ceil(threads);
        let work = &work;
        return std::thread::scope(|scope| {
            let handles: Vec<_> = out
                .chunks_mut(per)
                .enumerate()
                .map(|(t, part)| scope.spawn(move || work(first + t * per, part)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
    }
    let _ = threads;
    vec![work(first, out)]
}

#[cfg(test)]
mod tests {
    use super::positions_of;
    use rand::Rng;

    /// The word-at-a-time scan finds exactly the bytes a plain scan finds, whatever the
    /// neighbouring bytes and the length.
    #[test]
    fn positions_of_finds_every_matching_byte_and_no_other() {
        let mut rng = crate::random::seeded(3, 0);
        for len in [0, 1, 7, 8, 9, 63, 64, 200] {
            for byte in [0u8, 1, 2, 0x7F, 0x80, 0x81, 0xFF] {
                // Mostly the byte and its neighbours, the cases a word trick gets wrong.
                let bytes: Vec<u8> = (0..len)
                    .map(|_| byte.wrapping_add(rng.random_range(0..3)).wrapping_sub(1))
                    .collect();
                let plain: Vec<usize> = (0..len).filter(|&i| bytes[i] == byte).collect();
                assert_eq!(positions_of(&bytes, byte).collect::<Vec<_>>(), plain);
            }
        }
    }
}
