//! The shipped puzzle sets (`assets/puzzles/`), checked puzzle by puzzle: in Shuang Cheng
//! and Maddell against the solver and the table (the solver's move is the only one that
//! keeps the win at each of its turns, the replies resist longest, the game is won at the
//! end); in the other games, the line is legal and its gain (or win) is real.

use qipan_engine::ai::maddell_table::{Builder, Table};
use qipan_engine::ai::puzzles::{self, PuzzleSource, MADDELL_PIECES};
use qipan_engine::ai::{Evaluate, SolvedValue, Tables};
use qipan_engine::games::blockade::Blockade;
use qipan_engine::games::cannon::Cannon;
use qipan_engine::games::maddell::Maddell;
use qipan_engine::games::push::Push;
use qipan_engine::games::shuangcheng::ShuangCheng;
use qipan_engine::games::Game;
use std::collections::HashSet;
use std::path::Path;
use std::sync::OnceLock;

/// One shipped puzzle, read back.
struct Shipped<G: Game> {
    text: String,
    position: G::Position,
    line: Vec<G::Move>,
    goal: String,
    theme: String,
}

/// Reads `assets/puzzles/<name>.txt`: five tab-separated fields a line, each a valid text.
fn shipped<G: Game>(game: &G, name: &str) -> Vec<Shipped<G>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/puzzles")
        .join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path).expect("the shipped set");
    let mut seen = HashSet::new();
    let set: Vec<Shipped<G>> = text
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 5, "{line}");
            let position = game.parse_position(fields[0]).expect("a position");
            assert!(seen.insert(position), "twice: {line}");
            let mut at = position;
            let mut moves = Vec::new();
            for text in fields[1].split(' ') {
                let mv = game
                    .parse_move(&at, text)
                    .unwrap_or_else(|e| panic!("{line}: {e}"));
                moves.push(mv);
                at = game.play(&at, mv);
            }
            assert_eq!(moves.len() % 2, 1, "ends with the solver's move: {line}");
            let theme = fields[3];
            assert!(
                !theme.is_empty() && theme.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{line}"
            );
            let difficulty: u32 = fields[4].parse().expect("a difficulty");
            let floor = puzzles::difficulty(moves.len().div_ceil(2), 0);
            assert!(
                (floor..=floor + 500).contains(&difficulty),
                "{line}: not the formula's rating for its length"
            );
            Shipped {
                text: line.to_owned(),
                position,
                line: moves,
                goal: fields[2].to_owned(),
                theme: theme.to_owned(),
            }
        })
        .collect();
    assert!(set.len() >= 50, "{name}: {} puzzles", set.len());
    set
}

/// The exact value for the side that made the move into `child`.
fn mover_value<G: Game>(
    game: &G,
    child: &G::Position,
    exact: &dyn Fn(&G::Position) -> Option<SolvedValue>,
) -> SolvedValue {
    if let Some(winner) = game.status(child).winner() {
        return if winner == game.side_to_move(child) {
            SolvedValue::Loss(0)
        } else {
            SolvedValue::Win(0)
        };
    }
    match exact(child).expect("covered") {
        SolvedValue::Win(n) => SolvedValue::Loss(n + 1),
        SolvedValue::Loss(n) => SolvedValue::Win(n + 1),
        SolvedValue::Draw => SolvedValue::Draw,
    }
}

/// A solved game's set: at every solver turn the move played is the only winning move; at
/// every other turn the reply is a slowest loss; the game is won at the end.
fn check_solved<G: Game>(
    game: &G,
    name: &str,
    exact: &dyn Fn(&G::Position) -> Option<SolvedValue>,
) {
    for puzzle in shipped(game, name) {
        let text = &puzzle.text;
        assert_eq!(puzzle.goal, "win", "{text}");
        let solver = game.side_to_move(&puzzle.position);
        let mut at = puzzle.position;
        for &played in &puzzle.line {
            let mut moves = Vec::new();
            game.legal_moves(&at, &mut moves);
            let values: Vec<(G::Move, SolvedValue)> = moves
                .iter()
                .map(|&m| (m, mover_value(game, &game.play(&at, m), exact)))
                .collect();
            if game.side_to_move(&at) == solver {
                let winning: Vec<G::Move> = values
                    .iter()
                    .filter(|(_, v)| matches!(v, SolvedValue::Win(_)))
                    .map(|&(m, _)| m)
                    .collect();
                assert_eq!(winning, vec![played], "{text}: the only winning move");
            } else {
                let slowest = values
                    .iter()
                    .filter_map(|&(_, v)| match v {
                        SolvedValue::Loss(n) => Some(n),
                        _ => None,
                    })
                    .max();
                let value = values.iter().find(|(m, _)| *m == played).map(|&(_, v)| v);
                assert_eq!(
                    value.map(Some),
                    Some(slowest.map(SolvedValue::Loss)),
                    "{text}"
                );
            }
            at = game.play(&at, played);
        }
        assert_eq!(
            game.status(&at).winner(),
            Some(solver),
            "{text}: won at the end"
        );
    }
}

/// A self-play game's set: the line is legal (read above), a win ends the game won by the
/// solver, a gain of K is K pieces net.
fn check_material<G: Game>(game: &G, name: &str, themes: &[&str]) {
    for puzzle in shipped(game, name) {
        let text = &puzzle.text;
        let solver = game.side_to_move(&puzzle.position);
        let end = puzzle
            .line
            .iter()
            .fold(puzzle.position, |at, &mv| game.play(&at, mv));
        // The line goes on only while the game does.
        let mut at = puzzle.position;
        for &mv in &puzzle.line[..puzzle.line.len() - 1] {
            at = game.play(&at, mv);
            assert!(!game.status(&at).is_over(), "{text}");
        }
        assert!(themes.contains(&puzzle.theme.as_str()), "{text}");
        if puzzle.goal == "win" {
            assert_eq!(game.status(&end).winner(), Some(solver), "{text}");
            continue;
        }
        let k: i64 = puzzle
            .goal
            .strip_prefix("gain ")
            .and_then(|k| k.parse().ok())
            .unwrap_or_else(|| panic!("{text}: goal"));
        assert!(k >= 1, "{text}");
        let (before, after) = (game.material(&puzzle.position), game.material(&end));
        let me = solver.index();
        let lost = |side: usize| i64::from(before[side]) - i64::from(after[side]);
        assert_eq!(lost(1 - me) - lost(me), k, "{text}: the gain");
    }
}

fn maddell_table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        Builder::new(MADDELL_PIECES, 2)
            .and_then(Builder::run)
            .expect("the small table builds")
    })
}

#[test]
fn shipped_shuang_cheng_puzzles_have_one_winning_move_at_each_turn() {
    check_solved(&ShuangCheng, "shuangcheng", &|p| {
        ShuangCheng.exact_value(p, &Tables::default())
    });
}

#[test]
fn shipped_maddell_puzzles_have_one_winning_move_at_each_turn() {
    let table = maddell_table();
    check_solved(&Maddell, "maddell", &|p| table.value(p));
}

#[test]
fn shipped_push_puzzles_win_what_they_say() {
    check_material(&Push, "push", &["push-off"]);
}

#[test]
fn shipped_blockade_puzzles_win_what_they_say() {
    check_material(&Blockade::default(), "blockade", &["blockade"]);
}

#[test]
fn shipped_cannon_puzzles_win_what_they_say() {
    check_material(&Cannon, "cannon", &["capture", "boxed", "platform"]);
}

/// Puzzle k depends on the seed and the puzzles before it only: a shorter run is a prefix
/// of a longer one, and another seed gives other puzzles.
fn check_prefix<G: PuzzleSource>(game: &G, exact: &dyn Fn(&G::Position) -> Option<SolvedValue>) {
    let long = puzzles::generate(game, 4, 5, exact).expect("puzzles");
    let short = puzzles::generate(game, 2, 5, exact).expect("puzzles");
    assert_eq!(&long[..2], &short[..]);
    let other = puzzles::generate(game, 2, 6, exact).expect("puzzles");
    assert_ne!(other, short);
}

#[test]
fn puzzle_k_does_not_depend_on_the_count() {
    check_prefix(&ShuangCheng, &|p| {
        ShuangCheng.exact_value(p, &Tables::default())
    });
    let table = maddell_table();
    check_prefix(&Maddell, &|p| table.value(p));
    check_prefix(&Blockade::default(), &|_| None);
    check_prefix(&Cannon, &|_| None);
}

/// Maddell without values covering its puzzles is an error, not an endless search.
#[test]
fn maddell_puzzles_need_the_table() {
    assert_eq!(
        puzzles::generate(&Maddell, 1, 0, &|_| None),
        Err(puzzles::PuzzleError::NoValues)
    );
}
