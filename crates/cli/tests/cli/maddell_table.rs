//! Sixpenny Maddell's solved table: `solve maddell`, `bestmove maddell` from a table file
//! or without one, and damaged tables.

use super::*;
use std::time::{Duration, Instant};

/// `qipan-cli solve maddell` builds what a position needs and prints the table's value;
/// a damaged `--table` file is bad input.
#[test]
fn solve_maddell_gives_the_tables_value_and_refuses_damaged_tables() {
    use qipan_engine::ai::maddell_table::Builder;
    use qipan_engine::games::maddell::{Maddell, Position};
    use qipan_engine::games::{Game, Side};
    let table = Builder::new(4, 2).and_then(Builder::run).expect("builds");
    // Three-a-side sliding positions, fixed so that a failure replays.
    let positions = [
        ([0b111u32, 0b111 << 9], Side::X),
        ([0b1_0000_0101, 0b110 << 12], Side::O),
        ([1 | 1 << 5 | 1 << 10, 1 << 2 | 1 << 7 | 1 << 14], Side::X),
    ];
    for (pieces, to_move) in positions {
        let pos = Position {
            pieces,
            hand: [0, 0],
            to_move,
        };
        let text = Maddell.format_position(&pos);
        let expected = table.value(&pos).expect("covered").to_string() + "\n";
        assert_eq!(
            ok(&["solve", "maddell", "--pos", &text]),
            expected,
            "{text}"
        );
    }
    let dir = std::env::temp_dir().join(format!("qipan-cli-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("makes a directory");
    let bad = dir.join("bad.bin");
    std::fs::write(
        &bad,
        b"not a table at all, but long enough to have a header: 0123456789",
    )
    .expect("writes");
    let bad = bad.to_string_lossy().into_owned();
    refused(
        &["solve", "maddell", "--table", &bad],
        "not a Maddell table",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The 4-piece Maddell table, built once per test run and stored in a file (the whole game's
/// table takes minutes in a test build; the 4-piece one is the same code, rules and file
/// format, and covers every position with at most four pieces a side).
fn small_table() -> &'static (qipan_engine::ai::maddell_table::Table, PathBuf) {
    use qipan_engine::ai::maddell_table::{save, Builder};
    static TABLE: OnceLock<(qipan_engine::ai::maddell_table::Table, PathBuf)> = OnceLock::new();
    TABLE.get_or_init(|| {
        let table = Builder::new(4, 2).and_then(Builder::run).expect("builds");
        let path = scratch("small-table").join("maddell-4.bin");
        save(&table, &path).expect("stores the table");
        (table, path)
    })
}

/// Four-a-side Maddell positions, fixed so that a failure replays: sliding and placing,
/// won ones (where the fastest win must be found), drawn and lost. Seed 18 gives seven won
/// (four in more than four plies), three drawn and two lost.
fn small_maddell_positions() -> Vec<qipan_engine::games::maddell::Position> {
    use qipan_engine::games::maddell::{Maddell, Position};
    use qipan_engine::games::{Game, Side};
    use rand::Rng;
    let mut rng = qipan_engine::random::seeded(18, 0);
    let mut positions = Vec::new();
    while positions.len() < 12 {
        let placing = positions.len() % 3 == 2;
        let to_move = if rng.random() { Side::X } else { Side::O };
        let hand: [u8; 2] = match (placing, to_move) {
            (false, _) => [0, 0],
            (true, Side::X) => [1, 1],
            (true, Side::O) => [0, 1],
        };
        let mut pos = Position {
            pieces: [0, 0],
            hand,
            to_move,
        };
        for side in [Side::X, Side::O] {
            let count = rng.random_range(3..=4) - u32::from(hand[side.index()]).min(1);
            pos.place_at_random(side, count, &mut rng);
        }
        if !Maddell.status(&pos).is_over() {
            positions.push(pos);
        }
    }
    positions
}

/// `bestmove maddell` with a table file (`--table`, or the file where the app keeps it)
/// plays the table's best move at master: the fastest win, a drawing move, the slowest
/// loss; and writes nothing to standard error.
#[test]
fn bestmove_maddell_plays_the_tables_best_move_from_a_table_file() {
    use qipan_engine::ai::{solver, SolvedValue};
    use qipan_engine::games::maddell::Maddell;
    use qipan_engine::games::Game;
    let (table, path) = small_table();
    let path = path.to_string_lossy().into_owned();
    // The same file where the app keeps it: `$XDG_DATA_HOME/qipan/maddell-table-v2.bin`.
    let home = scratch("data-with-table");
    std::fs::create_dir_all(home.join("qipan")).expect("makes the app's folder");
    std::fs::copy(&path, home.join("qipan").join("maddell-table-v2.bin")).expect("copies");
    let value_of = |p: &_| table.value(p).unwrap_or(SolvedValue::Draw);
    let positions = small_maddell_positions();
    let mut wins = 0;
    for (i, pos) in positions.into_iter().enumerate() {
        let best = solver::best_move(&Maddell, &pos, value_of).expect("a move");
        let best_value = value_of(&Maddell.play(&pos, best));
        let text = Maddell.format_position(&pos);
        let base = ["bestmove", "maddell", "--level", "master", "--pos", &text];
        let chosen = if i % 2 == 0 {
            let mut args = base.to_vec();
            args.extend(["--table", &path, "--movetime", "1000"]);
            ok(&args)
        } else {
            let out = cli_in(&home, &base);
            assert_eq!(out.status.code(), Some(0), "{text}");
            assert!(out.stderr.is_empty(), "{text}");
            String::from_utf8(out.stdout).expect("utf-8 output")
        };
        let mv = Maddell
            .parse_move(&pos, chosen.trim_end())
            .expect("a legal move");
        assert_eq!(
            value_of(&Maddell.play(&pos, mv)),
            best_value,
            "{text}: {chosen} instead of {}",
            Maddell.format_move(best)
        );
        wins += usize::from(matches!(best_value, SolvedValue::Loss(d) if d > 4));
    }
    assert!(wins >= 2, "the positions hold long wins to find");
    // Easy, from the table, errs on purpose in the table's way: the table's best move, or
    // the best of the moves that give up part of the result; never another move (its own
    // search would pick moves of every kind). This tells that the table is used even where
    // a search finds the best move too.
    let mut mistakes = 0;
    for pos in small_maddell_positions() {
        let best = solver::best_move(&Maddell, &pos, value_of).expect("a move");
        let mistake = solver::best_mistake(&Maddell, &pos, value_of).expect("a move");
        let allowed = [best, mistake].map(|mv| value_of(&Maddell.play(&pos, mv)));
        let text = Maddell.format_position(&pos);
        for seed in ["1", "2", "3"] {
            let chosen = ok(&[
                "bestmove", "maddell", "--level", "easy", "--seed", seed, "--pos", &text,
                "--table", &path,
            ]);
            let mv = Maddell.parse_move(&pos, chosen.trim_end()).expect("legal");
            let value = value_of(&Maddell.play(&pos, mv));
            assert!(allowed.contains(&value), "{text} seed {seed}: {chosen}");
            mistakes += usize::from(value != allowed[0]);
        }
    }
    assert!(mistakes >= 3, "easy errs now and then");
    // The table's longest win, played out by master (in 300 ms a move) against the table's
    // longest resistance: won in exactly the table's distance, which a search does not find.
    let (distance, mut pos) = table.longest_win().expect("a won position");
    let winner = pos.to_move;
    let mut plies = 0;
    while !Maddell.status(&pos).is_over() {
        assert!(plies < distance, "not won in {distance} plies");
        let mv = if pos.to_move == winner {
            let text = Maddell.format_position(&pos);
            let args = ["bestmove", "maddell", "--level", "master", "--pos", &text];
            let mut args = args.to_vec();
            args.extend(["--table", &path, "--movetime", "300"]);
            let chosen = ok(&args);
            Maddell.parse_move(&pos, chosen.trim_end()).expect("legal")
        } else {
            solver::best_move(&Maddell, &pos, value_of).expect("a move")
        };
        pos = Maddell.play(&pos, mv);
        plies += 1;
    }
    assert_eq!(Maddell.status(&pos).winner(), Some(winner));
    assert_eq!(plies, distance);
}

/// A release ships the table beside `qipan-cli` (tools/release.sh): a command without
/// `--table` reads it while the app keeps none, so master plays from it at once; a table the
/// app keeps comes first, and a damaged one there is an error naming it, not passed over.
#[test]
fn a_table_beside_the_executable_is_read_when_the_app_keeps_none() {
    let (_, table) = small_table();
    let release = scratch("release");
    let exe = release.join("qipan-cli");
    std::fs::copy(env!("CARGO_BIN_EXE_qipan-cli"), &exe).expect("copies the command line");
    let run = |data_home: &Path| {
        Command::new(&exe)
            .args(["bestmove", "maddell", "--level", "master"])
            .args(["--movetime", "500"])
            .env("XDG_DATA_HOME", data_home)
            .output()
            .expect("qipan-cli runs")
    };
    // No table anywhere: it searches, and says so.
    let out = run(&empty_data_dir());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), SEARCHING_NOTE);
    // The release's table: read, so nothing is said.
    std::fs::copy(table, release.join("maddell-table-v2.bin")).expect("copies the table");
    let out = run(&empty_data_dir());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert!(!out.stdout.is_empty());
    // The app's own file comes first, even damaged.
    let home = scratch("data-with-a-damaged-table");
    std::fs::create_dir_all(home.join("qipan")).expect("makes the app's folder");
    let damaged = home.join("qipan").join("maddell-table-v2.bin");
    std::fs::write(
        &damaged,
        b"not a table at all, but long enough to have a header",
    )
    .expect("writes");
    let out = run(&home);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(&*damaged.to_string_lossy()), "{stderr}");
}

/// Without a table, `bestmove maddell --movetime 500` searches instead of building it (which
/// takes half a minute or more): it answers in about the movetime, says so on standard
/// error, and leaves the app's data folder as it was.
#[test]
fn bestmove_maddell_without_a_table_keeps_to_its_movetime() {
    let home = scratch("data-without-table");
    let started = Instant::now();
    let out = cli_in(
        &home,
        &[
            "bestmove",
            "maddell",
            "--level",
            "master",
            "--movetime",
            "500",
        ],
    );
    let elapsed = started.elapsed();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), SEARCHING_NOTE);
    let chosen = String::from_utf8(out.stdout).expect("utf-8 output");
    assert!(
        ok(&["moves", "maddell"])
            .lines()
            .any(|m| format!("{m}\n") == chosen),
        "{chosen}"
    );
    assert!(elapsed < Duration::from_millis(1500), "took {elapsed:?}");
    assert_eq!(
        std::fs::read_dir(&home).expect("lists").count(),
        0,
        "nothing was built or stored"
    );
}

/// A damaged table where the app keeps it, or at `--table`, is bad input for every command
/// that plays or judges Maddell, and is left as it was; `--table` is only for Maddell.
#[test]
fn damaged_maddell_tables_are_refused_and_left_alone() {
    let home = scratch("data-damaged");
    let file = home.join("qipan").join("maddell-table-v2.bin");
    std::fs::create_dir_all(home.join("qipan")).expect("makes the app's folder");
    let junk = b"not a table at all, but long enough to have a header: 0123456789";
    std::fs::write(&file, junk).expect("writes");
    for args in [
        &["bestmove", "maddell", "--level", "master"][..],
        &[
            "bestmove",
            "maddell",
            "--level",
            "easy",
            "--movetime",
            "100",
        ],
        &["solve", "maddell"],
        &["analyse", "maddell", "--depth", "2"],
        &["review", "maddell", "a1"],
        &[
            "match", "maddell", "--x", "easy", "--o", "easy", "--games", "1",
        ],
    ] {
        let out = cli_in(&home, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains("not a Maddell table"), "{args:?}: {stderr}");
        assert!(
            stderr.contains("maddell-table-v2.bin"),
            "{args:?}: {stderr}"
        );
    }
    assert_eq!(std::fs::read(&file).expect("reads"), junk, "left alone");
    let file = file.to_string_lossy().into_owned();
    refused(
        &["bestmove", "maddell", "--level", "master", "--table", &file],
        "not a Maddell table",
    );
    refused(
        &["bestmove", "push", "--level", "easy", "--table", &file],
        "--table",
    );
    refused(
        &[
            "match", "cannon", "--x", "easy", "--o", "easy", "--games", "1", "--table", &file,
        ],
        "--table",
    );
}
