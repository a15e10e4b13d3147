//! One evaluation per game. Each scores a position for the side to move, in hundredths of a
//! piece. The weights are tables rather than constants so that `examples/tune.rs` can match
//! one set against another; the values kept are the ones those matches favoured (docs/engine.md
//! lists every trial).

mod blockade;
mod cannon;
mod maddell;
mod push;
mod shuangcheng;

#[cfg(test)]
mod tests {
    use crate::ai::{Evaluate, MAX_WEIGHTS};
    use crate::games::{GameId, ToGame, Variant};
    use crate::with_game;

    /// Every table fits in [`crate::ai::Weights`] and names each weight once, so that the
    /// tuning tool's output maps back onto the code.
    #[test]
    fn weight_tables_fit_and_name_each_weight_once() {
        for id in GameId::ALL {
            with_game!(Variant::plain(id).to_game(), game => {
                let table = game.weight_table();
                assert!(!table.is_empty() && table.len() <= MAX_WEIGHTS, "{id:?}");
                let mut names: Vec<_> = table.iter().map(|(name, _)| *name).collect();
                names.sort_unstable();
                names.dedup();
                assert_eq!(names.len(), table.len(), "{id:?}");
                let weights = game.default_weights();
                assert!(weights.0[table.len()..].iter().all(|&w| w == 0), "{id:?}");
            });
        }
    }
}
