//! What the UI asks the engine: which group a tap on an opposing piece pushes with.

use super::*;
use rand::Rng;

#[test]
fn push_by_target_picks_the_bigger_group() {
    // o on E5 can be shoved by the pair E3E4 (east), by the pair C3D4 and by the triple
    // B2C3D4 (north-east; B2 is parked). Tapping E5 picks the triple.
    let p = open(&["E3", "E4", "C3", "D4"], &["E5"], Side::X);
    let shovers: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| Push.shove(&p, mv(&p, m)).is_some())
        .collect();
    assert_eq!(shovers, strings(&["B2C3D4-NE", "C3D4-NE", "E3E4-E"]));
    assert_eq!(Push.shovable(&p), bit(cell("E5")));
    assert_eq!(
        Push.shover_of(&p, cell("E5")).map(|m| Push.format_move(m)),
        Some("B2C3D4-NE".to_owned())
    );
    assert_eq!(Push.shover_of(&p, cell("E6")), None);
    // Any piece of the shoved run works: both of a run of two.
    let q = open(&["E2", "E3", "E4"], &["E5", "E6"], Side::X);
    assert_eq!(Push.shovable(&q), cells(&["E5", "E6"]));
    for target in ["E5", "E6"] {
        assert_eq!(
            Push.shover_of(&q, cell(target))
                .map(|m| Push.format_move(m)),
            Some("E2E3E4-E".to_owned())
        );
    }
}

#[test]
fn push_by_target_picks_the_bigger_group_and_the_first_of_equal_groups() {
    // Over many positions of random games: for every opposing piece some move shoves, the
    // engine's choice shoves it, no shover is bigger, and among the biggest it comes first in
    // `legal_moves` order. At least one position must offer a real tie, or this proves
    // nothing about the tie-break.
    let mut rng = crate::random::seeded(0x2545_F491_4F6C_DD1D, 0);
    let mut ties = 0;
    for _game in 0..40 {
        let mut p = Push.start();
        for _ply in 0..60 {
            let mut list = Vec::new();
            Push.legal_moves(&p, &mut list);
            if list.is_empty() {
                break;
            }
            let theirs = p.pieces[p.to_move.opponent().index()];
            for cell in (0..CELLS as Cell).filter(|&c| theirs & bit(c) != 0) {
                let shovers: Vec<Move> = list
                    .iter()
                    .copied()
                    .filter(|&mv| {
                        Push.shove(&p, mv)
                            .is_some_and(|s| s.shoved & bit(cell) != 0)
                    })
                    .collect();
                let chosen = Push.shover_of(&p, cell);
                let Some(biggest) = shovers.iter().map(|m| m.cells().count_ones()).max() else {
                    assert_eq!(chosen, None);
                    continue;
                };
                let first_biggest = shovers
                    .iter()
                    .copied()
                    .find(|m| m.cells().count_ones() == biggest);
                if shovers
                    .iter()
                    .filter(|m| m.cells().count_ones() == biggest)
                    .count()
                    > 1
                {
                    ties += 1;
                }
                assert_eq!(chosen, first_biggest, "{}", Push.format_position(&p));
            }
            p = Push.play(&p, list[rng.random_range(0..list.len())]);
        }
    }
    assert!(ties > 0, "no position with two equal shovers was seen");
}
