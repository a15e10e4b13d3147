//! The rules engines as a whole: perft regression data, properties over random playouts, and
//! parsers fed arbitrary text. (Each game's rule-by-rule tests live beside its module.)

use proptest::prelude::*;
use qipan_engine::games::ToGame;
use qipan_engine::games::{perft, AnyGame, Game, GameId, Status, Variant};
use qipan_engine::with_game;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Leaf counts above this are skipped in the test run (they are for `cargo bench` and the
/// release build); everything below runs on every CI build. Every game's data is checked
/// here, and only here.
const PERFT_TEST_LIMIT: u64 = 6_000_000;

#[test]
fn perft_matches_the_regression_data() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft");
    let mut checked = 0;
    // One file per game (its options' lines inside it), and no file for a game that is not
    // registered.
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .expect("perft data")
        .map(|entry| {
            entry
                .expect("perft file")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    files.sort();
    let mut expected: Vec<String> = GameId::ALL.map(|id| format!("{}.txt", id.name())).into();
    expected.sort();
    assert_eq!(files, expected, "tests/data/perft/ holds one file per game");
    for game in GameId::ALL.map(GameId::name) {
        let path = format!("{dir}/{game}.txt");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let mut parts = line.splitn(4, ' ');
            let (Some(id), Some(depth), Some(count), Some(position)) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            else {
                panic!("{path}:{}: malformed line", n + 1);
            };
            let variant = Variant::parse(id).expect("game id");
            let depth: u32 = depth.parse().expect("depth");
            let expected: u64 = count.parse().expect("count");
            if expected > PERFT_TEST_LIMIT {
                continue;
            }
            let found = with_game!(variant.to_game(), g => {
                let pos = g.parse_position(position).expect("position");
                assert_eq!(g.format_position(&pos), position, "{path}:{}", n + 1);
                perft(&g, &pos, depth)
            });
            assert_eq!(found, expected, "{path}:{}: {line}", n + 1);
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} perft lines checked");
}

#[test]
fn start_positions_are_the_ones_games_md_gives() {
    let expected = [
        (
            "push",
            "xxxxxxxxxxx..xxx.............................ooo..ooooooooooo x",
        ),
        ("shuangcheng", "ooos.sxxx x 0"),
        ("maddell", ".................. x 6 6"),
        ("blockade", "xxxxxx...x.....o...oooooo x"),
        ("blockade:solidarity", "xxxxxx...x.....o...oooooo x"),
        ("cannon", "ooooooooooooooo...........xxx. x -"),
    ];
    let mut ids: Vec<String> = expected.iter().map(|(id, _)| id.to_string()).collect();
    let mut registered: Vec<String> = Variant::ALL.iter().map(Variant::to_string).collect();
    ids.sort();
    registered.sort();
    assert_eq!(
        ids, registered,
        "a start position for every game and option"
    );
    for (id, text) in expected {
        let variant = Variant::parse(id).expect("id");
        let start = with_game!(variant.to_game(), g => g.format_position(&g.start()));
        assert_eq!(start, text, "{id}");
    }
}

#[test]
fn game_ids_parse_and_unknown_options_are_refused() {
    for variant in Variant::ALL {
        assert_eq!(Variant::parse(&variant.to_string()), Ok(variant));
    }
    for bad in [
        "",
        "chess",
        "push:solidarity",
        "blockade:",
        "blockade:x",
        "Push",
        "cannon ",
    ] {
        assert!(Variant::parse(bad).is_err(), "{bad:?}");
    }
}

/// Plays `games` random games of up to `max_plies` and checks the invariants every game
/// must keep at every ply.
fn random_playouts<G: Game>(game: &G, seed: u64, games: usize, max_plies: usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut pos = game.start();
        for _ in 0..max_plies {
            // The position text round-trips, and so does the hash.
            let text = game.format_position(&pos);
            let reparsed = game.parse_position(&text).expect("own text parses");
            assert_eq!(reparsed, pos, "{text}");
            assert_eq!(game.hash(&reparsed), game.hash(&pos));

            moves.clear();
            game.legal_moves(&pos, &mut moves);
            let status = game.status(&pos);
            assert_eq!(game.count_moves(&pos), moves.len() as u64, "{text}");
            if status.is_over() {
                assert!(moves.is_empty(), "a finished game has no moves: {text}");
                break;
            }
            // A game that is not over always has a move (in push, perhaps only `pass`).
            assert!(!moves.is_empty(), "ongoing without a move: {text}");

            // Every move's spelling is unique and reads back as the same move.
            let mut spellings: Vec<String> = moves.iter().map(|&m| game.format_move(m)).collect();
            for (mv, spelling) in moves.iter().zip(&spellings) {
                assert_eq!(game.check_move_syntax(spelling), Ok(()), "{spelling}");
                assert_eq!(
                    game.parse_move(&pos, spelling).as_ref(),
                    Ok(mv),
                    "{spelling}"
                );
            }
            spellings.sort();
            spellings.dedup();
            assert_eq!(spellings.len(), moves.len(), "duplicate moves in {text}");

            let mv = moves[rng.random_range(0..moves.len())];
            let next = game.play(&pos, mv);
            // Pieces never appear from nowhere.
            let (before, after) = (game.material(&pos), game.material(&next));
            assert!(
                after[0] <= before[0] && after[1] <= before[1],
                "material rose after {} in {text}",
                game.format_move(mv)
            );
            assert_ne!(
                game.side_to_move(&next),
                game.side_to_move(&pos),
                "the turn passes"
            );
            let skipped = game.skip_turn(&pos);
            assert_eq!(
                game.side_to_move(&skipped),
                game.side_to_move(&pos).opponent()
            );
            assert_eq!(game.material(&skipped), before);
            pos = next;
        }
    }
}

#[test]
fn random_playouts_keep_every_invariant() {
    for (i, variant) in Variant::ALL.into_iter().enumerate() {
        with_game!(variant.to_game(), g => random_playouts(&g, 1000 + i as u64, 200, 300));
    }
}

#[test]
fn games_without_captures_keep_every_piece() {
    let mut rng = StdRng::seed_from_u64(7);
    for variant in ["shuangcheng", "blockade", "blockade:solidarity"] {
        let variant = Variant::parse(variant).expect("id");
        with_game!(variant.to_game(), g => {
            let mut moves = Vec::new();
            for _ in 0..50 {
                let mut pos = g.start();
                let material = g.material(&pos);
                while g.status(&pos) == Status::Ongoing {
                    moves.clear();
                    g.legal_moves(&pos, &mut moves);
                    pos = g.play(&pos, moves[rng.random_range(0..moves.len())]);
                    assert_eq!(g.material(&pos), material);
                    if rng.random_range(0..400) == 0 {
                        break;
                    }
                }
            }
        });
    }
}

/// A handful of real position texts to mutate.
fn sample_texts(game: &AnyGame) -> Vec<String> {
    with_game!(*game, g => {
        let mut rng = StdRng::seed_from_u64(3);
        let mut pos = g.start();
        let mut texts = vec![g.format_position(&pos)];
        let mut moves = Vec::new();
        for _ in 0..40 {
            moves.clear();
            g.legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            pos = g.play(&pos, moves[rng.random_range(0..moves.len())]);
            texts.push(g.format_position(&pos));
        }
        texts
    })
}

fn parse_anything(variant: Variant, text: &str) {
    with_game!(variant.to_game(), g => {
        let _ = g.parse_position(text);
        let _ = g.check_move_syntax(text);
        let start = g.start();
        let _ = g.parse_move(&start, text);
    });
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// No text, however strange, makes a parser panic.
    #[test]
    fn parsers_never_panic_on_arbitrary_text(text in "\\PC{0,80}") {
        for variant in Variant::ALL {
            parse_anything(variant, &text);
        }
    }

    /// Near-misses of real texts: one character replaced, inserted or removed.
    #[test]
    fn parsers_never_panic_on_mutated_texts(
        game in 0..Variant::ALL.len(),
        sample in 0usize..40,
        at in 0usize..80,
        with in prop::sample::select(vec!['x', 'o', 's', '.', ' ', '-', '1', '9', 'é', '棋', 'X']),
        mode in 0u8..3,
    ) {
        let variant = Variant::ALL[game];
        let texts = sample_texts(&variant.to_game());
        let mut chars: Vec<char> = texts[sample % texts.len()].chars().collect();
        let at = at % (chars.len() + 1);
        match mode {
            0 if at < chars.len() => chars[at] = with,
            1 => chars.insert(at, with),
            _ if at < chars.len() => { chars.remove(at); }
            _ => {}
        }
        let text: String = chars.into_iter().collect();
        parse_anything(variant, &text);
        // A mutated text either reads as a position that prints back the same way, or is
        // refused.
        with_game!(variant.to_game(), g => {
            if let Ok(pos) = g.parse_position(&text) {
                prop_assert_eq!(g.format_position(&pos), text);
            }
        });
    }
}
