//! The coach: what the engine thinks of a position and of the moves played. A hint, the
//! evaluation bar, a mistake alert and a whole game's review all come from here; the app runs
//! these jobs on the worker ([`super::worker::Background`]) and `qipan-cli` runs them at once
//! (`analyse`, `review`).
//!
//! Values are exact where the game is solved (Shuang Cheng; Maddell once its table is in)
//! and otherwise come from the same search the computer plays with, without noise. A review
//! searches every position to a fixed depth with a fresh table, so it gives the same labels
//! on every machine and every run.

use super::search::{decided_in, Limits, Searcher};
use super::worker::Job;
use super::{solver, Evaluate, SolvedValue, Tables, TABLE_BITS};
use crate::games::{Game, Side, Status};
use std::fmt;
use web_time::Duration;

/// How a position stands for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// The search's estimate, in hundredths of a piece.
    Estimate(i32),
    /// A win in this many plies, from a solved table or proven by the search.
    Win(u32),
    /// A loss in this many plies, from a solved table or proven by the search.
    Loss(u32),
    /// A draw with best play (solved), or a game the rules have drawn.
    Draw,
}

/// What a decided score counts for where estimates and decided scores are compared: more
/// than any estimate, a faster win a little more.
const DECIDED_CENTIS: i32 = 10_000;
/// Estimates are capped below every decided score.
const ESTIMATE_CAP: i32 = 9_000;

impl Score {
    /// A search score (decided scores count plies to the end).
    pub fn from_search(score: i32) -> Score {
        match decided_in(score) {
            Some(plies) if score > 0 => Score::Win(plies),
            Some(plies) => Score::Loss(plies),
            None => Score::Estimate(score),
        }
    }

    /// Whether the result is known (not an estimate).
    pub fn is_decided(self) -> bool {
        !matches!(self, Score::Estimate(_))
    }

    /// The same standing from the other side's view (a win for one is a loss for the other).
    pub fn for_other_side(self) -> Score {
        match self {
            Score::Estimate(centis) => Score::Estimate(-centis),
            Score::Win(plies) => Score::Loss(plies),
            Score::Loss(plies) => Score::Win(plies),
            Score::Draw => Score::Draw,
        }
    }

    /// The value for the mover of the move that led here, from this value for the side to
    /// move now (one ply further from the end).
    pub fn before_the_move(self) -> Score {
        match self.for_other_side() {
            Score::Win(plies) => Score::Win(plies + 1),
            Score::Loss(plies) => Score::Loss(plies + 1),
            other => other,
        }
    }

    /// Hundredths of a piece, with decided results beyond every estimate; for losses and
    /// the evaluation chart.
    pub fn centis(self) -> i32 {
        let plies = |n: u32| n.min(999) as i32;
        match self {
            Score::Estimate(centis) => centis.clamp(-ESTIMATE_CAP, ESTIMATE_CAP),
            Score::Win(n) => DECIDED_CENTIS - plies(n),
            Score::Loss(n) => -(DECIDED_CENTIS - plies(n)),
            Score::Draw => 0,
        }
    }

    /// Win 2, draw 1, loss 0; `None` for an estimate.
    fn result_rank(self) -> Option<u8> {
        match self {
            Score::Estimate(_) => None,
            Score::Win(_) => Some(2),
            Score::Draw => Some(1),
            Score::Loss(_) => Some(0),
        }
    }
}

impl From<SolvedValue> for Score {
    fn from(value: SolvedValue) -> Score {
        match value {
            SolvedValue::Win(n) => Score::Win(n),
            SolvedValue::Loss(n) => Score::Loss(n),
            SolvedValue::Draw => Score::Draw,
        }
    }
}

/// `qipan-cli analyse`'s form: `-125`, `win 7`, `loss 4`, `draw`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Estimate(centis) => write!(f, "{centis}"),
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
            Score::Draw => f.write_str("draw"),
        }
    }
}

/// How hard to look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// To a fixed depth with no time limit: the same answer everywhere (reviews, tests).
    Depth(i32),
    /// As deep as this time allows (hints, the evaluation bar).
    Time(Duration),
}

/// Deepest search a time budget may reach (the search's own ply limit is higher).
const DEEPEST: i32 = 64;
/// Longest line shown; a solved line stops here too.
const MAX_LINE: usize = 24;

/// What the coach found in a position, for its side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis<M> {
    pub score: Score,
    pub best: M,
    /// The expected line, starting with `best`.
    pub line: Vec<M>,
    /// The deepest completed search iteration (0 for a solved position).
    pub depth: i32,
    pub nodes: u64,
}

/// Why there is nothing to analyse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOver;

impl fmt::Display for GameOver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the game is over: there is no move to analyse")
    }
}

/// One position's analysis, in slices.
pub struct AnalysisJob<G: Evaluate> {
    game: G,
    root: G::Position,
    plan: AnalysisPlan<G>,
}

enum AnalysisPlan<G: Evaluate> {
    Solved(Analysis<G::Move>),
    Search(Box<Searcher<G>>),
}

impl<G: Evaluate> AnalysisJob<G> {
    /// Prepares the analysis of `pos`, reached after `history` (for repetitions); a
    /// position `tables` covers is read, not searched.
    pub fn new(
        game: &G,
        pos: &G::Position,
        history: &[G::Position],
        budget: Budget,
        tables: &Tables,
    ) -> Result<AnalysisJob<G>, GameOver> {
        let mut moves = Vec::new();
        game.legal_moves(pos, &mut moves);
        if game.status(pos).is_over() || moves.is_empty() {
            return Err(GameOver);
        }
        let plan = match solved_analysis(game, pos, tables) {
            Some(analysis) => AnalysisPlan::Solved(analysis),
            None => {
                let (max_depth, budget) = match budget {
                    Budget::Depth(depth) => (depth.max(1), None),
                    Budget::Time(time) => (DEEPEST, Some(time)),
                };
                let limits = Limits {
                    max_depth,
                    budget,
                    noise: 0,
                    quiescence: true,
                    seed: 0,
                    table_bits: TABLE_BITS,
                };
                AnalysisPlan::Search(Box::new(Searcher::new(game.clone(), *pos, history, limits)))
            }
        };
        Ok(AnalysisJob {
            game: game.clone(),
            root: *pos,
            plan,
        })
    }

    /// Works for about `slice` (`None`: to the end); the analysis once done.
    pub fn step(&mut self, slice: Option<Duration>) -> Option<Analysis<G::Move>> {
        let searcher = match &mut self.plan {
            AnalysisPlan::Solved(analysis) => return Some(analysis.clone()),
            AnalysisPlan::Search(searcher) => searcher,
        };
        if !searcher.step(slice) {
            return None;
        }
        let outcome = searcher.outcome();
        // A finished search of a position with moves always has one.
        let best = match outcome.best {
            Some(best) => best,
            None => {
                let mut moves = Vec::new();
                self.game.legal_moves(&self.root, &mut moves);
                *moves.first()?
            }
        };
        let mut line = searcher.principal_variation(MAX_LINE);
        if line.first() != Some(&best) {
            line = vec![best];
        }
        Some(Analysis {
            score: Score::from_search(outcome.score),
            best,
            line,
            depth: outcome.depth,
            nodes: outcome.nodes,
        })
    }

    /// Positions searched so far.
    pub fn nodes(&self) -> u64 {
        match &self.plan {
            AnalysisPlan::Solved(_) => 0,
            AnalysisPlan::Search(searcher) => searcher.outcome().nodes,
        }
    }
}

impl<G: Evaluate> Job for AnalysisJob<G> {
    type Output = Analysis<G::Move>;

    fn step(&mut self, slice: Duration) -> Option<Self::Output> {
        AnalysisJob::step(self, Some(slice))
    }
}

/// Analyses `pos` on this thread until done, with the tables installed in this process.
pub fn analyse<G: Evaluate>(
    game: &G,
    pos: &G::Position,
    history: &[G::Position],
    budget: Budget,
) -> Result<Analysis<G::Move>, GameOver> {
    let mut job = AnalysisJob::new(game, pos, history, budget, &Tables::installed())?;
    loop {
        if let Some(analysis) = job.step(None) {
            return Ok(analysis);
        }
    }
}

/// The exact analysis of a position a solved table covers: its value, the table's best
/// move (fastest win, else a draw, else slowest loss) and the line of best moves.
fn solved_analysis<G: Evaluate>(
    game: &G,
    pos: &G::Position,
    tables: &Tables,
) -> Option<Analysis<G::Move>> {
    let value = game.exact_value(pos, tables)?;
    let value_of = |p: &G::Position| game.exact_value(p, tables).unwrap_or(SolvedValue::Draw);
    let best = solver::best_move(game, pos, value_of)?;
    let mut line = vec![best];
    let mut at = game.play(pos, best);
    while line.len() < MAX_LINE
        && !game.status(&at).is_over()
        && game.exact_value(&at, tables).is_some()
    {
        let Some(next) = solver::best_move(game, &at, value_of) else {
            break;
        };
        line.push(next);
        at = game.play(&at, next);
    }
    Some(Analysis {
        score: value.into(),
        best,
        line,
        depth: 0,
        nodes: 0,
    })
}

/// The value of a finished position for its side to move.
fn final_score<G: Game>(game: &G, pos: &G::Position) -> Option<Score> {
    match game.status(pos) {
        Status::Ongoing => None,
        Status::Draw(_) => Some(Score::Draw),
        Status::Win(side, _) if side == game.side_to_move(pos) => Some(Score::Win(0)),
        Status::Win(..) => Some(Score::Loss(0)),
    }
}

/// How good a move was, by what it gave up against the best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Label {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

/// From this loss (hundredths of a piece) on, a move is an inaccuracy.
pub const INACCURACY_FROM: i32 = 50;
/// From a piece's worth on, a move is a mistake, and the coach says so at once.
pub const MISTAKE_FROM: i32 = 100;
/// From two and a half pieces on, a blunder.
pub const BLUNDER_FROM: i32 = 250;

impl Label {
    pub const ALL: [Label; 5] = [
        Label::Best,
        Label::Good,
        Label::Inaccuracy,
        Label::Mistake,
        Label::Blunder,
    ];

    /// The label of a move that lost `centis` against the best move.
    pub fn for_loss(centis: i32) -> Label {
        match centis {
            i32::MIN..=0 => Label::Best,
            c if c < INACCURACY_FROM => Label::Good,
            c if c < MISTAKE_FROM => Label::Inaccuracy,
            c if c < BLUNDER_FROM => Label::Mistake,
            _ => Label::Blunder,
        }
    }

    /// `qipan-cli review`'s word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            Label::Best => "best",
            Label::Good => "good",
            Label::Inaccuracy => "inaccuracy",
            Label::Mistake => "mistake",
            Label::Blunder => "blunder",
        }
    }

    /// Whether the coach raises an alert for it.
    pub fn is_alert(self) -> bool {
        self >= Label::Mistake
    }
}

/// What a move gave up against the best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loss {
    /// Hundredths of a piece (0 for the best move).
    Centis(i32),
    /// An exact result thrown away: a win to a draw or a loss, a draw to a loss.
    Result,
}

impl fmt::Display for Loss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Loss::Centis(centis) => write!(f, "{centis}"),
            Loss::Result => f.write_str("-"),
        }
    }
}

/// The verdict on one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict<M> {
    pub mover: Side,
    pub played: M,
    pub best: M,
    pub label: Label,
    pub loss: Loss,
    /// The position before the move, for the mover.
    pub before: Score,
    /// The position after the move, for the mover.
    pub after: Score,
}

/// Judges `played` from the analysis of the position before it and the value of the
/// position after it, both for the mover. Exact values on both sides compare results
/// only: throwing a result away is a blunder, keeping it never is. A proven win given up
/// for an estimate, or an estimate given up for a proven loss, is a blunder too (a loss of
/// "a hundred pieces" says nothing). Otherwise the label follows the loss in hundredths of
/// a piece.
pub fn judge<M: Copy + PartialEq>(
    mover: Side,
    played: M,
    before: &Analysis<M>,
    after: Score,
) -> Verdict<M> {
    let (label, loss) = match (before.score.result_rank(), after.result_rank()) {
        (Some(was), Some(now)) if now < was => (Label::Blunder, Loss::Result),
        (Some(_), Some(_)) => {
            let label = if played == before.best || after == before.score {
                Label::Best
            } else {
                Label::Good
            };
            (label, Loss::Centis(0))
        }
        _ if played == before.best => (Label::Best, Loss::Centis(0)),
        (Some(2), None) | (None, Some(0)) => (Label::Blunder, Loss::Result),
        _ => {
            let centis = (before.score.centis() - after.centis()).max(0);
            (Label::for_loss(centis), Loss::Centis(centis))
        }
    };
    Verdict {
        mover,
        played,
        best: before.best,
        label,
        loss,
        before: before.score,
        after,
    }
}

/// A game's review: a verdict on every move and the value of every position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review<M> {
    /// One per ply; `None` for a turn lost to the timer (no move to judge).
    pub verdicts: Vec<Option<Verdict<M>>>,
    /// The value of each position (the start, then after each ply) from Dark's (x's) view.
    pub values: Vec<Score>,
}

impl<M> Review<M> {
    /// How many moves of each side got each label: `[x, o]`, in [`Label::ALL`] order.
    pub fn summary(&self) -> [[u32; 5]; 2] {
        let mut counts = [[0; 5]; 2];
        for verdict in self.verdicts.iter().flatten() {
            counts[verdict.mover.index()][verdict.label as usize] += 1;
        }
        counts
    }
}

/// A whole game's review in slices: each position analysed in turn to a fixed depth, then
/// the position after each move that was not the best one, a ply less deep.
///
/// Why the second search: the value after a move is what the search before it saw for that
/// move, one ply further on. Taking it from the next position's own search to the full
/// depth would judge the two sides at different horizons, and in a one-sided game every
/// move of the side falling behind lost most of a piece that way.
pub struct ReviewJob<G: Evaluate> {
    game: G,
    positions: Vec<G::Position>,
    moves: Vec<Option<G::Move>>,
    depth: i32,
    analyses: Vec<Option<Analysis<G::Move>>>,
    /// Per ply, once every position is analysed: the position after a move other than the
    /// best, searched `depth - 1` deep (`None` where not needed).
    replies: Vec<Option<Analysis<G::Move>>>,
    current: Option<AnalysisJob<G>>,
    tables: Tables,
}

impl<G: Evaluate> ReviewJob<G> {
    /// Reviews the game whose positions are `positions` (the start first) and whose plies are
    /// `moves` (`moves[i]` leads from `positions[i]` to `positions[i + 1]`; `None`: a turn
    /// lost to the timer). Every position is searched `depth` plies deep, or read from
    /// `tables` where they cover it.
    pub fn new(
        game: &G,
        positions: Vec<G::Position>,
        moves: Vec<Option<G::Move>>,
        depth: i32,
        tables: Tables,
    ) -> ReviewJob<G> {
        debug_assert_eq!(positions.len(), moves.len() + 1);
        ReviewJob {
            game: game.clone(),
            analyses: Vec::with_capacity(positions.len()),
            replies: Vec::with_capacity(moves.len()),
            positions,
            moves,
            depth,
            current: None,
            tables,
        }
    }

    /// The share of the work done, from 0 to 1 (positions and replies counted alike).
    pub fn progress(&self) -> f32 {
        let total = self.positions.len() + self.moves.len();
        (self.analyses.len() + self.replies.len()) as f32 / total.max(1) as f32
    }

    /// Works for about `slice` (`None`: to the end); the review once done.
    pub fn step(&mut self, slice: Option<Duration>) -> Option<Review<G::Move>> {
        let started = web_time::Instant::now();
        loop {
            let next = if self.analyses.len() < self.positions.len() {
                let index = self.analyses.len();
                Some((index, index, self.depth))
            } else if self.replies.len() < self.moves.len() {
                let ply = self.replies.len();
                let needed = match (&self.analyses[ply], self.moves[ply]) {
                    (Some(before), Some(played)) => {
                        played != before.best && !before.score.is_decided()
                    }
                    _ => false,
                };
                if !needed {
                    self.replies.push(None);
                    continue;
                }
                Some((ply, ply + 1, (self.depth - 1).max(1)))
            } else {
                None
            };
            let Some((slot, index, depth)) = next else {
                return Some(self.verdicts());
            };
            let left = slice.map(|s| s.saturating_sub(started.elapsed()));
            if left.is_some_and(|l| l.is_zero()) {
                return None;
            }
            if self.current.is_none() {
                let pos = &self.positions[index];
                let history = &self.positions[..index];
                let budget = Budget::Depth(depth);
                match AnalysisJob::new(&self.game, pos, history, budget, &self.tables) {
                    Ok(job) => self.current = Some(job),
                    Err(GameOver) => {
                        self.record(slot, None);
                        continue;
                    }
                }
            }
            match self.current.as_mut().and_then(|job| job.step(left)) {
                Some(analysis) => {
                    self.current = None;
                    self.record(slot, Some(analysis));
                }
                None => return None,
            }
        }
    }

    /// Files a finished analysis: a position's in the first pass, a reply's in the second.
    fn record(&mut self, slot: usize, analysis: Option<Analysis<G::Move>>) {
        if self.analyses.len() < self.positions.len() {
            debug_assert_eq!(slot, self.analyses.len());
            self.analyses.push(analysis);
        } else {
            debug_assert_eq!(slot, self.replies.len());
            self.replies.push(analysis);
        }
    }

    /// The verdicts, once every position is analysed.
    fn verdicts(&self) -> Review<G::Move> {
        let game = &self.game;
        let value_of = |index: usize| -> Score {
            match &self.analyses[index] {
                Some(analysis) => analysis.score,
                // Over, or (never in these games) ongoing without a move: judge it even.
                None => final_score(game, &self.positions[index]).unwrap_or(Score::Draw),
            }
        };
        let values = (0..self.positions.len())
            .map(|i| match game.side_to_move(&self.positions[i]) {
                Side::X => value_of(i),
                Side::O => value_of(i).for_other_side(),
            })
            .collect();
        let verdicts = self
            .moves
            .iter()
            .enumerate()
            .map(|(i, played)| {
                let played = (*played)?;
                let before = self.analyses[i].as_ref()?;
                let mover = game.side_to_move(&self.positions[i]);
                let next = &self.positions[i + 1];
                let seen = match self.replies.get(i) {
                    Some(Some(reply)) => reply.score,
                    _ => value_of(i + 1),
                };
                let after = if game.side_to_move(next) == mover {
                    seen
                } else {
                    seen.before_the_move()
                };
                Some(judge(mover, played, before, after))
            })
            .collect();
        Review { verdicts, values }
    }
}

impl<G: Evaluate> Job for ReviewJob<G> {
    type Output = Review<G::Move>;

    fn step(&mut self, slice: Duration) -> Option<Self::Output> {
        ReviewJob::step(self, Some(slice))
    }

    fn progress(&self) -> f32 {
        ReviewJob::progress(self)
    }
}

/// Reviews a whole game on this thread, with the tables installed in this process.
pub fn review<G: Evaluate>(
    game: &G,
    positions: Vec<G::Position>,
    moves: Vec<Option<G::Move>>,
    depth: i32,
) -> Review<G::Move> {
    let mut job = ReviewJob::new(game, positions, moves, depth, Tables::installed());
    loop {
        if let Some(review) = job.step(None) {
            return review;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn before(score: Score, best: u8) -> Analysis<u8> {
        Analysis {
            score,
            best,
            line: vec![best],
            depth: 1,
            nodes: 1,
        }
    }

    #[test]
    fn labels_follow_the_thresholds() {
        assert_eq!(Label::for_loss(0), Label::Best);
        assert_eq!(Label::for_loss(1), Label::Good);
        assert_eq!(Label::for_loss(INACCURACY_FROM - 1), Label::Good);
        assert_eq!(Label::for_loss(INACCURACY_FROM), Label::Inaccuracy);
        assert_eq!(Label::for_loss(MISTAKE_FROM - 1), Label::Inaccuracy);
        assert_eq!(Label::for_loss(MISTAKE_FROM), Label::Mistake);
        assert_eq!(Label::for_loss(BLUNDER_FROM - 1), Label::Mistake);
        assert_eq!(Label::for_loss(BLUNDER_FROM), Label::Blunder);
        assert!(!Label::Inaccuracy.is_alert() && Label::Mistake.is_alert());
    }

    #[test]
    fn a_move_is_judged_by_its_loss_or_by_the_result_it_gives_up() {
        let x = Side::X;
        // Estimates: the loss in hundredths decides.
        let v = judge(x, 2, &before(Score::Estimate(150), 1), Score::Estimate(30));
        assert_eq!((v.label, v.loss), (Label::Mistake, Loss::Centis(120)));
        // The best move is best whatever the next search says.
        let v = judge(
            x,
            1,
            &before(Score::Estimate(150), 1),
            Score::Estimate(-500),
        );
        assert_eq!((v.label, v.loss), (Label::Best, Loss::Centis(0)));
        // A move that looks better than the best loses nothing.
        let v = judge(x, 2, &before(Score::Estimate(0), 1), Score::Estimate(40));
        assert_eq!((v.label, v.loss), (Label::Best, Loss::Centis(0)));
        // A proven win let go, a proven loss walked into: blunders, whatever the numbers.
        let v = judge(x, 2, &before(Score::Win(9), 1), Score::Estimate(800));
        assert_eq!((v.label, v.loss), (Label::Blunder, Loss::Result));
        let v = judge(x, 2, &before(Score::Estimate(-20), 1), Score::Loss(6));
        assert_eq!((v.label, v.loss), (Label::Blunder, Loss::Result));
        // Exact on both sides: a slower win is still a win.
        let v = judge(x, 2, &before(Score::Win(3), 1), Score::Win(7));
        assert_eq!((v.label, v.loss), (Label::Good, Loss::Centis(0)));
        let v = judge(x, 2, &before(Score::Draw, 1), Score::Loss(12));
        assert_eq!((v.label, v.loss), (Label::Blunder, Loss::Result));
    }

    #[test]
    fn scores_turn_around_between_the_sides() {
        assert_eq!(Score::Win(4).before_the_move(), Score::Loss(5));
        assert_eq!(Score::Loss(0).before_the_move(), Score::Win(1));
        assert_eq!(Score::Estimate(-30).before_the_move(), Score::Estimate(30));
        assert_eq!(Score::Draw.for_other_side(), Score::Draw);
        assert!(Score::Win(1).centis() > Score::Win(5).centis());
        assert!(Score::Win(999).centis() > Score::Estimate(i32::MAX).centis());
        assert_eq!(
            Score::from_search(crate::ai::search::WIN - 3),
            Score::Win(3)
        );
        assert_eq!(
            Score::from_search(-(crate::ai::search::WIN - 2)),
            Score::Loss(2)
        );
        assert_eq!(Score::from_search(-125).to_string(), "-125");
    }
}
