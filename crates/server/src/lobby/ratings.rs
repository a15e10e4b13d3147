//! Ratings: Glicko-2 per player and game id, settled as `lobby.md` says, through the
//! `skillratings` crate. Pure: the time is an argument, nothing is stored here.
//!
//! What the crate does and what this module adds (checked against Glickman's "Example of the
//! Glicko-2 system" by the tests below):
//! - the rating period itself (Glickman's steps 2 to 8) is `glicko2_rating_period`: its τ
//!   and its convergence tolerance are settings ([`TAU`], [`CONVERGENCE`]), its volatility
//!   iteration is Glickman's (Illinois) with `|B − A| > ε` as the loop's test, and its step 6
//!   adds σ′² once, uncapped, as the spec wants;
//! - the growth of RD with idle time is this module's: the crate's `decay_deviation` grows
//!   by exactly one period and caps at RD 350, where the spec grows by 0.21436 periods a day
//!   and caps at 500 (and `glicko2_rating_period` with no result decays that way, so it is
//!   never called without one);
//! - the new RD is kept within [45, 500] here.

use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// τ, the constraint on volatility changes (lobby.md; Lichess's value).
pub const TAU: f64 = 0.75;

/// ε, the volatility iteration's convergence tolerance (lobby.md; Glickman's suggestion).
pub const CONVERGENCE: f64 = 0.000_001;

/// How many rating periods a day without a rated game counts for, in RD's growth.
pub const PERIODS_PER_DAY: f64 = 0.21436;

/// The range RD is kept within: above it means nothing is known, below it a rating would
/// hardly move any more.
pub const MIN_DEVIATION: f64 = 45.0;
pub const MAX_DEVIATION: f64 = 500.0;

/// Glicko-2's scale factor between the Glicko scale (R, RD) and its own (μ, φ).
const GLICKO2_SCALE: f64 = 173.7178;

const MS_PER_DAY: f64 = 86_400_000.0;

/// A player's rating in one game id as storage keeps it; its growth and its change after
/// a game are this module's.
pub use crate::store::Standing;

impl Standing {
    /// RD grown for the time since the last rated game: φ′ = √(φ² + σ²·t), t = days ×
    /// 0.21436, capped at [`MAX_DEVIATION`]. A clock that reads earlier than the last game
    /// (another server's) counts as no time.
    pub fn grown_deviation(&self, now_ms: u64) -> f64 {
        let Some(last) = self.last_rated_ms else {
            return self.deviation;
        };
        let days = now_ms.saturating_sub(last) as f64 / MS_PER_DAY;
        let periods = days * PERIODS_PER_DAY;
        let phi = self.deviation / GLICKO2_SCALE;
        let grown = (phi * phi + self.volatility * self.volatility * periods).sqrt();
        (grown * GLICKO2_SCALE).min(MAX_DEVIATION)
    }

    /// What the rating period starts from: this standing with RD grown to `now_ms`.
    fn before_game(&self, now_ms: u64) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.grown_deviation(now_ms),
            volatility: self.volatility,
        }
    }

    /// Every figure a number. Stored standings only come from [`rate_game`], so this guards
    /// against a hand-edited store: the volatility iteration need not end on infinities.
    fn is_finite(&self) -> bool {
        self.rating.is_finite() && self.deviation.is_finite() && self.volatility.is_finite()
    }
}

/// A game's result for its first player (`x` in [`rate_game`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Win,
    Draw,
    Loss,
}

impl Score {
    fn outcome(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        }
    }

    fn reversed(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }
}

/// τ and ε of one use of Glicko-2: [`SPEC`] for every rated game; Glickman's worked example
/// (τ 0.5) checks the same code with its own.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Settings {
    tau: f64,
    convergence: f64,
}

const SPEC: Settings = Settings {
    tau: TAU,
    convergence: CONVERGENCE,
};

/// One Glicko-2 rating period of `player` with `results` (Glickman's steps 2 to 8). With no
/// result the player is returned as they are: RD's growth is [`Standing::grown_deviation`]'s.
fn period(
    player: Glicko2Rating,
    results: &[(Glicko2Rating, Score)],
    settings: Settings,
) -> Glicko2Rating {
    if results.is_empty() {
        return player;
    }
    let results: Vec<_> = results
        .iter()
        .map(|&(opponent, score)| (opponent, score.outcome()))
        .collect();
    let config = Glicko2Config {
        tau: settings.tau,
        convergence_tolerance: settings.convergence,
    };
    glicko2_rating_period(&player, &results, &config)
}

/// Both players' standings after a rated game that ended at `now_ms`, `x_score` being x's
/// result: each RD first grows with its idle time, then the game is one full rating period
/// for each player against the other's grown rating (both computed from the ratings before
/// the game), then each RD is kept within [45, 500]. Standings that are not all numbers are
/// returned unchanged.
pub fn rate_game(x: &Standing, o: &Standing, x_score: Score, now_ms: u64) -> (Standing, Standing) {
    if !(x.is_finite() && o.is_finite()) {
        return (*x, *o);
    }
    let (x_before, o_before) = (x.before_game(now_ms), o.before_game(now_ms));
    let x_after = period(x_before, &[(o_before, x_score)], SPEC);
    let o_after = period(o_before, &[(x_before, x_score.reversed())], SPEC);
    let settle = |standing: &Standing, after: Glicko2Rating| Standing {
        rating: after.rating,
        deviation: after.deviation.clamp(MIN_DEVIATION, MAX_DEVIATION),
        volatility: after.volatility,
        games: standing.games.saturating_add(1),
        last_rated_ms: Some(now_ms),
    };
    (settle(x, x_after), settle(o, o_after))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use qipan_protocol::GameRating;

    const DAY_MS: u64 = 86_400_000;

    fn glicko(rating: f64, deviation: f64, volatility: f64) -> Glicko2Rating {
        Glicko2Rating {
            rating,
            deviation,
            volatility,
        }
    }

    fn standing(rating: f64, deviation: f64, volatility: f64) -> Standing {
        Standing {
            rating,
            deviation,
            volatility,
            ..Standing::NEW
        }
    }

    /// Glickman's worked example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and to
    /// 1700/300, τ 0.5, in one period. The paper prints r′ 1464.06, RD′ 151.52, σ′ 0.05999.
    /// It computes on the Glicko-2 scale and prints μ′ −0.2069 and φ′ 0.8722 to four places,
    /// then converts those rounded figures back (173.7178 × −0.2069 + 1500 = 1464.06); exact
    /// arithmetic gives r′ 1464.0507 and RD′ 151.5165, which are the same μ′ and φ′ to the
    /// paper's four places. σ′ is 0.0599960, printed cut to 0.05999.
    #[test]
    fn glickmans_worked_example() {
        let example = Settings {
            tau: 0.5,
            convergence: CONVERGENCE,
        };
        let after = period(
            glicko(1500.0, 200.0, 0.06),
            &[
                (glicko(1400.0, 30.0, 0.06), Score::Win),
                (glicko(1550.0, 100.0, 0.06), Score::Loss),
                (glicko(1700.0, 300.0, 0.06), Score::Loss),
            ],
            example,
        );
        let mu = (after.rating - 1500.0) / GLICKO2_SCALE;
        let phi = after.deviation / GLICKO2_SCALE;
        let four_places = |x: f64| (x * 10_000.0).round() / 10_000.0;
        assert_eq!(four_places(mu), -0.2069, "μ′ {mu}");
        assert_eq!(four_places(phi), 0.8722, "φ′ {phi}");
        // The paper's route to its printed figures, from μ′ and φ′ to four places.
        let printed = |x: f64| format!("{:.2}", x);
        assert_eq!(printed(four_places(mu) * GLICKO2_SCALE + 1500.0), "1464.06");
        assert_eq!(printed(four_places(phi) * GLICKO2_SCALE), "151.52");
        assert_eq!(
            format!("{:.5}", (after.volatility * 1e5).trunc() / 1e5),
            "0.05999"
        );
        // And the exact figures within one unit of the paper's last printed digit.
        assert!((after.rating - 1464.06).abs() < 0.01, "{}", after.rating);
        assert!(
            (after.deviation - 151.52).abs() < 0.01,
            "{}",
            after.deviation
        );
        assert!(
            (after.volatility - 0.05999).abs() < 0.00001,
            "{}",
            after.volatility
        );
    }

    /// Glickman's Glicko-2 written out from the paper, apart from the crate: one period of
    /// one player. The tests below hold the module to it, so that a τ, an ε, a step 6 or a
    /// growth that strays from the spec shows.
    fn paper_period(
        player: Glicko2Rating,
        results: &[(Glicko2Rating, f64)],
        tau: f64,
    ) -> Glicko2Rating {
        let pi2 = std::f64::consts::PI * std::f64::consts::PI;
        let mu = (player.rating - 1500.0) / GLICKO2_SCALE;
        let phi = player.deviation / GLICKO2_SCALE;
        let sigma = player.volatility;
        let g = |phi_j: f64| 1.0 / (1.0 + 3.0 * phi_j * phi_j / pi2).sqrt();
        let terms: Vec<(f64, f64, f64)> = results
            .iter()
            .map(|(o, s)| {
                let gj = g(o.deviation / GLICKO2_SCALE);
                let ej = 1.0 / (1.0 + (-gj * (mu - (o.rating - 1500.0) / GLICKO2_SCALE)).exp());
                (gj, ej, *s)
            })
            .collect();
        let v = 1.0
            / terms
                .iter()
                .map(|(g, e, _)| g * g * e * (1.0 - e))
                .sum::<f64>();
        let sum = terms.iter().map(|(g, e, s)| g * (s - e)).sum::<f64>();
        let delta = v * sum;
        // Step 5: the new volatility, by the Illinois algorithm to within ε.
        let a0 = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
                - (x - a0) / (tau * tau)
        };
        let mut a = a0;
        let mut b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a0 - k * tau) < 0.0 {
                k += 1.0;
            }
            a0 - k * tau
        };
        let (mut fa, mut fb) = (f(a), f(b));
        while (b - a).abs() > CONVERGENCE {
            let c = a + (a - b) * fa / (fb - fa);
            let fc = f(c);
            if fc * fb <= 0.0 {
                a = b;
                fa = fb;
            } else {
                fa /= 2.0;
            }
            b = c;
            fb = fc;
        }
        let sigma_new = (a / 2.0).exp();
        // Step 6: σ′² added once, no cap. Steps 7 and 8.
        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        glicko(
            mu_new * GLICKO2_SCALE + 1500.0,
            phi_new * GLICKO2_SCALE,
            sigma_new,
        )
    }

    /// lobby.md's game, from the paper: growth, one period each from both grown ratings,
    /// RD within [45, 500].
    fn paper_game(
        x: &Standing,
        o: &Standing,
        x_points: f64,
        now_ms: u64,
    ) -> (Glicko2Rating, Glicko2Rating) {
        let grown = |s: &Standing| {
            let days = s.last_rated_ms.map_or(0.0, |last| {
                now_ms.saturating_sub(last) as f64 / 86_400_000.0
            });
            let phi = s.deviation / GLICKO2_SCALE;
            let phi = (phi * phi + s.volatility * s.volatility * days * 0.21436).sqrt();
            glicko(s.rating, (phi * GLICKO2_SCALE).min(500.0), s.volatility)
        };
        let (xg, og) = (grown(x), grown(o));
        let clamp =
            |r: Glicko2Rating| glicko(r.rating, r.deviation.clamp(45.0, 500.0), r.volatility);
        (
            clamp(paper_period(xg, &[(og, x_points)], 0.75)),
            clamp(paper_period(og, &[(xg, 1.0 - x_points)], 0.75)),
        )
    }

    /// The same result as far as the paper defines one: its step 5 finds the volatility
    /// only to within [`CONVERGENCE`] of `ln σ′²`, and the crate's iteration may stop at
    /// another point of that interval than this one's (it did, by 2e-12 on σ′), so σ′
    /// agrees to within `σ′ × ε / 2` and the figures computed from it to within 1e-6.
    fn assert_same(standing: &Standing, paper: Glicko2Rating) {
        assert!(
            (standing.rating - paper.rating).abs() < 1e-6,
            "{standing:?} {paper:?}"
        );
        assert!(
            (standing.deviation - paper.deviation).abs() < 1e-6,
            "{standing:?} {paper:?}"
        );
        assert!(
            (standing.volatility - paper.volatility).abs() <= paper.volatility * CONVERGENCE / 2.0,
            "{standing:?} {paper:?}"
        );
    }

    #[test]
    fn the_paper_and_the_crate_agree_on_the_worked_example() {
        let paper = paper_period(
            glicko(1500.0, 200.0, 0.06),
            &[
                (glicko(1400.0, 30.0, 0.06), 1.0),
                (glicko(1550.0, 100.0, 0.06), 0.0),
                (glicko(1700.0, 300.0, 0.06), 0.0),
            ],
            0.5,
        );
        assert!((paper.rating - 1464.0507).abs() < 1e-4, "{paper:?}");
        assert!((paper.deviation - 151.5165).abs() < 1e-4, "{paper:?}");
    }

    /// τ is the spec's 0.75: a surprise moves the volatility as the paper does with 0.75, and
    /// measurably otherwise than with the crate's default of 0.5.
    #[test]
    fn tau_is_three_quarters() {
        let (x, o) = (standing(1500.0, 60.0, 0.06), standing(2300.0, 60.0, 0.06));
        let (upset, _) = rate_game(&x, &o, Score::Win, 0);
        let (paper, _) = paper_game(&x, &o, 1.0, 0);
        assert_same(&upset, paper);
        let with_half = paper_period(
            glicko(1500.0, 60.0, 0.06),
            &[(glicko(2300.0, 60.0, 0.06), 1.0)],
            0.5,
        );
        assert!(
            (upset.volatility - with_half.volatility).abs() > 1e-5,
            "{} vs {}",
            upset.volatility,
            with_half.volatility
        );
        assert!(upset.volatility > 0.06, "an upset raises the volatility");
        assert_eq!((TAU, CONVERGENCE), (0.75, 0.000_001));
    }

    #[test]
    fn a_new_player_starts_at_1500_500_and_0_09() {
        let new = Standing::NEW;
        assert_eq!(
            (
                new.rating,
                new.deviation,
                new.volatility,
                new.games,
                new.last_rated_ms
            ),
            (1500.0, 500.0, 0.09, 0, None)
        );
        assert!(new.is_provisional());
        assert_eq!(
            new.to_wire(),
            GameRating {
                rating: 1500.0,
                deviation: 500.0,
                volatility: 0.09,
                games: 0,
            }
        );
    }

    #[test]
    fn provisional_means_rd_above_110() {
        assert!(!standing(1500.0, 110.0, 0.09).is_provisional());
        assert!(standing(1500.0, 110.01, 0.09).is_provisional());
        assert!(!standing(1500.0, 45.0, 0.09).is_provisional());
    }

    #[test]
    fn rd_grows_with_idle_days_from_the_last_rated_game() {
        let last = 1_000 * DAY_MS;
        let played = Standing {
            last_rated_ms: Some(last),
            ..standing(1700.0, 100.0, 0.09)
        };
        // 30 days: t = 6.4308 periods; φ = 100 / 173.7178.
        let phi: f64 = 100.0 / 173.7178;
        let want = (phi * phi + 0.09 * 0.09 * 30.0 * 0.21436).sqrt() * 173.7178;
        assert!((played.grown_deviation(last + 30 * DAY_MS) - want).abs() < 1e-9);
        assert!((want - 107.57).abs() < 0.01, "{want}");
        // Half a day counts as half a day.
        assert!(played.grown_deviation(last + DAY_MS / 2) > 100.0);
        assert!(played.grown_deviation(last + DAY_MS / 2) < played.grown_deviation(last + DAY_MS));
        // No time, or a clock behind the last game: no growth.
        assert_eq!(played.grown_deviation(last), 100.0);
        assert_eq!(played.grown_deviation(last - DAY_MS), 100.0);
        // No rated game yet: t = 0, whatever the clock.
        assert_eq!(
            standing(1500.0, 300.0, 0.09).grown_deviation(u64::MAX),
            300.0
        );
    }

    /// RD grows up to 500, not to the crate's 350: `decay_deviation` would stop there.
    #[test]
    fn rd_growth_is_capped_at_500() {
        let last = 5 * DAY_MS;
        let idle = Standing {
            last_rated_ms: Some(last),
            ..standing(1700.0, 340.0, 0.09)
        };
        let grown = idle.grown_deviation(last + 1_000 * DAY_MS);
        assert!((grown - 409.9).abs() < 0.1, "{grown}");
        let crate_decay = skillratings::glicko2::decay_deviation(&glicko(1700.0, 340.0, 0.09));
        assert!(crate_decay.deviation <= 350.0);
        assert_eq!(idle.grown_deviation(last + 100_000 * DAY_MS), 500.0);
    }

    /// The game is one period for each player, against the other's rating grown to the
    /// game's end and taken before the game: neither sees the other's new rating.
    #[test]
    fn each_player_is_rated_from_both_grown_ratings_before_the_game() {
        let now = 400 * DAY_MS;
        let x = Standing {
            last_rated_ms: Some(now - 200 * DAY_MS),
            games: 7,
            ..standing(1600.0, 80.0, 0.07)
        };
        let o = Standing {
            last_rated_ms: Some(now - DAY_MS),
            games: 40,
            ..standing(1450.0, 60.0, 0.05)
        };
        let (x_after, o_after) = rate_game(&x, &o, Score::Loss, now);
        let xg = glicko(1600.0, x.grown_deviation(now), 0.07);
        let og = glicko(1450.0, o.grown_deviation(now), 0.05);
        let x_period = period(xg, &[(og, Score::Loss)], SPEC);
        let o_period = period(og, &[(xg, Score::Win)], SPEC);
        assert_eq!(
            (x_after.rating, x_after.deviation),
            (x_period.rating, x_period.deviation)
        );
        assert_eq!(
            (o_after.rating, o_after.deviation),
            (o_period.rating, o_period.deviation)
        );
        // Without the growth x's rating would move less: its RD had grown from 80.
        let ungrown = period(glicko(1600.0, 80.0, 0.07), &[(og, Score::Loss)], SPEC);
        assert!(x_after.rating < ungrown.rating);
        assert_eq!((x_after.games, o_after.games), (8, 41));
        assert_eq!(x_after.last_rated_ms, Some(now));
        assert_eq!(o_after.last_rated_ms, Some(now));
        let (paper_x, paper_o) = paper_game(&x, &o, 0.0, now);
        assert_same(&x_after, paper_x);
        assert_same(&o_after, paper_o);
    }

    /// Step 6 adds σ′² once and is not capped: a player at RD 500 with a high volatility,
    /// against an opponent who tells nothing (a huge RD), leaves the period above 500 before
    /// the clamp, and is then held at 500.
    #[test]
    fn step_six_is_uncapped_and_rd_is_then_kept_within_45_and_500() {
        let unsure = standing(1500.0, 500.0, 1.0);
        let unknown = standing(1500.0, 3000.0, 0.09);
        let raw = period(
            unsure.before_game(0),
            &[(unknown.before_game(0), Score::Win)],
            SPEC,
        );
        assert!(raw.deviation > 500.0, "{raw:?}");
        let (after, _) = rate_game(&unsure, &unknown, Score::Win, 0);
        assert_eq!(after.deviation, MAX_DEVIATION);

        // A settled player's RD would drop below 45: it stays at 45.
        let settled = standing(2000.0, 45.0, 0.03);
        let raw = period(
            settled.before_game(0),
            &[(settled.before_game(0), Score::Draw)],
            SPEC,
        );
        assert!(raw.deviation < 45.0, "{raw:?}");
        let (after, _) = rate_game(&settled, &settled, Score::Draw, 0);
        assert_eq!(after.deviation, MIN_DEVIATION);
    }

    #[test]
    fn results_move_ratings_the_right_way() {
        let (a, b) = (Standing::NEW, Standing::NEW);
        let (won, lost) = rate_game(&a, &b, Score::Win, 0);
        assert!(won.rating > 1500.0 && lost.rating < 1500.0);
        assert!(
            (won.rating - 1500.0 + lost.rating - 1500.0).abs() < 1e-9,
            "symmetric"
        );
        let (drew_x, drew_o) = rate_game(&a, &b, Score::Draw, 0);
        assert!((drew_x.rating - 1500.0).abs() < 1e-9 && (drew_o.rating - 1500.0).abs() < 1e-9);
        assert!(drew_x.deviation < 500.0, "a game tells something");
        // A draw against a stronger player is a gain.
        let strong = standing(1900.0, 60.0, 0.06);
        let (up, down) = rate_game(&a, &strong, Score::Draw, 0);
        assert!(up.rating > 1500.0 && down.rating < 1900.0);
    }

    #[test]
    fn figures_that_are_not_numbers_change_nothing() {
        let broken = standing(f64::NAN, 100.0, 0.06);
        let (x, o) = rate_game(&broken, &Standing::NEW, Score::Win, 0);
        assert!(x.rating.is_nan());
        assert_eq!(o, Standing::NEW);
        let infinite = standing(1500.0, 100.0, f64::INFINITY);
        assert_eq!(
            rate_game(&Standing::NEW, &infinite, Score::Loss, 0).0,
            Standing::NEW
        );
    }

    proptest! {
        /// Over any standings a game can meet, the module is the paper with lobby.md's
        /// settings.
        #[test]
        fn every_game_is_rated_as_the_paper_says(
            x in (500.0..3200.0f64, 45.0..500.0f64, 0.03..0.12f64, prop::option::of(0..4_000u64)),
            o in (500.0..3200.0f64, 45.0..500.0f64, 0.03..0.12f64, prop::option::of(0..4_000u64)),
            score in prop::sample::select(vec![Score::Win, Score::Draw, Score::Loss]),
            now_hours in 0..100_000u64,
        ) {
            let now = now_hours * 3_600_000;
            let make = |(rating, deviation, volatility, ago): (f64, f64, f64, Option<u64>)| Standing {
                rating,
                deviation,
                volatility,
                games: 3,
                last_rated_ms: ago.map(|days| now.saturating_sub(days * DAY_MS)),
            };
            let (x, o) = (make(x), make(o));
            let points = match score {
                Score::Win => 1.0,
                Score::Draw => 0.5,
                Score::Loss => 0.0,
            };
            let (x_after, o_after) = rate_game(&x, &o, score, now);
            let (paper_x, paper_o) = paper_game(&x, &o, points, now);
            assert_same(&x_after, paper_x);
            assert_same(&o_after, paper_o);
            prop_assert!((MIN_DEVIATION..=MAX_DEVIATION).contains(&x_after.deviation));
            prop_assert!((MIN_DEVIATION..=MAX_DEVIATION).contains(&o_after.deviation));
        }
    }
}
