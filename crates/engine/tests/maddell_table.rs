//! The solved Sixpenny Maddell table (`ai::maddell_table`), checked on the game started with
//! four pieces a side (`.................. x 4 4`): the same rules and code as the real
//! game's table, small enough to build and check in full here. The full table is built and
//! spot-checked by `full_table_agrees_with_the_rules` (ignored: a minute in release).

use qipan_engine::ai::maddell_table::{self, Builder, Sample, Table, TableError, TableReader};
use qipan_engine::ai::search::{Limits, Searcher, WIN};
use qipan_engine::ai::{choose_move, solve, Level, SolvedValue};
use qipan_engine::games::maddell::{Maddell, Position, ADJACENT, MILLS, POINTS};
use qipan_engine::games::{Game, Side};
use qipan_engine::random::{seeded, SeededRng};
use rand::Rng;
use std::sync::{Arc, OnceLock};

/// The most pieces a side in the tables checked here.
const SMALL: usize = 4;

/// The 4-piece table, built once and installed, so that the computer plays from it.
fn small_table() -> Arc<Table> {
    static TABLE: OnceLock<Arc<Table>> = OnceLock::new();
    Arc::clone(TABLE.get_or_init(|| {
        // The reduced layout, as the app stores and plays from it.
        let table = Arc::new(full_small_table().reduced());
        assert!(table.is_reduced());
        maddell_table::install(Arc::clone(&table));
        table
    }))
}

/// The 4-piece table in the builder's full layout, every position in a slot of its own.
fn full_small_table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        Builder::new(SMALL, 2)
            .and_then(Builder::run)
            .expect("the 4-piece table builds")
    })
}

/// A random position with at most `most` pieces a side (at least 3): sliding, or (when
/// `placing`) with hands as play leaves them.
fn random_position(rng: &mut SeededRng, most: u32, placing: bool) -> Position {
    loop {
        let mut hand = [0u8; 2];
        let to_move = if rng.random() { Side::X } else { Side::O };
        if placing {
            let h = rng.random_range(1..=most as u8);
            hand = match to_move {
                Side::X => [h, h],
                Side::O => [h - 1, h],
            };
        }
        let mut pos = Position {
            pieces: [0, 0],
            hand,
            to_move,
        };
        for side in [Side::X, Side::O] {
            let in_hand = u32::from(hand[side.index()]);
            let count = rng.random_range(3u32.saturating_sub(in_hand)..=most - in_hand);
            pos.place_at_random(side, count, rng);
        }
        if hand != [0, 0] || !Maddell.status(&pos).is_over() {
            return pos;
        }
    }
}

/// Every position of the 4-piece game (sliding and placement) agrees with its children,
/// through the game's own move generator: wins are fastest, losses slowest, draws hold.
#[test]
fn every_small_variant_position_agrees_with_the_rules() {
    let full =
        maddell_table::verify(full_small_table(), Sample::All, 2).unwrap_or_else(|e| panic!("{e}"));
    assert!(full > 5_000_000, "{full}");
    // The reduced table: every block it keeps, each child looked up through its image.
    let reduced =
        maddell_table::verify(&small_table(), Sample::All, 2).unwrap_or_else(|e| panic!("{e}"));
    assert!(reduced > 800_000, "{reduced}");
}

/// The board's 12 symmetries: the triangle's 3 rotations and 3 reflections, each with the
/// outer and inner triangles swapped or not.
fn symmetries() -> Vec<[u32; POINTS]> {
    let mut all = Vec::new();
    for swap_rings in [false, true] {
        for reflect in [false, true] {
            for turn in 0..3 {
                let mut map = [0u32; POINTS];
                for (point, image) in map.iter_mut().enumerate() {
                    let (ring, n) = (point / 6, point % 6);
                    let ring = if swap_rings { 2 - ring } else { ring };
                    let n = if reflect { (6 - n) % 6 } else { n };
                    *image = (ring * 6 + (n + 2 * turn) % 6) as u32;
                }
                all.push(map);
            }
        }
    }
    all
}

fn map_set(map: &[u32; POINTS], set: u32) -> u32 {
    (0..POINTS)
        .filter(|&p| set & 1 << p != 0)
        .fold(0, |out, p| out | 1 << map[p])
}

/// The 12 maps are distinct symmetries of the board (they keep every line and every mill),
/// and give equal values on random positions, sliding and placing.
#[test]
fn the_twelve_symmetries_give_equal_values() {
    let table = small_table();
    let maps = symmetries();
    for (i, map) in maps.iter().enumerate() {
        assert!(maps[..i].iter().all(|other| other != map));
        for p in 0..POINTS {
            assert_eq!(map_set(map, ADJACENT[p]), ADJACENT[map[p] as usize]);
        }
        for mill in MILLS {
            assert!(MILLS.contains(&map_set(map, mill)));
        }
    }
    let mut rng = seeded(12, 0);
    let mut decided = 0;
    for i in 0..3000 {
        let pos = random_position(&mut rng, SMALL as u32, i % 3 == 0);
        let value = table.value(&pos).expect("covered");
        decided += usize::from(value != SolvedValue::Draw);
        for map in &maps {
            let image = Position {
                pieces: [map_set(map, pos.pieces[0]), map_set(map, pos.pieces[1])],
                ..pos
            };
            assert_eq!(
                table.value(&image),
                Some(value),
                "{} and {}",
                Maddell.format_position(&pos),
                Maddell.format_position(&image)
            );
        }
    }
    assert!(
        decided > 1000,
        "too few decided positions to be a test: {decided}"
    );
}

/// A plain search to depth 7, which knows nothing of the table, finds the same wins and
/// losses within its horizon, at the same distances, and the table finds no short win or
/// loss that the search misses.
#[test]
fn a_table_free_search_to_depth_seven_agrees() {
    let table = small_table();
    let mut rng = seeded(7, 0);
    let mut seen = 0;
    for _ in 0..150 {
        let pos = random_position(&mut rng, SMALL as u32, false);
        let limits = Limits {
            max_depth: 7,
            budget: None,
            noise: 0,
            quiescence: false,
            seed: 0,
            table_bits: 16,
        };
        let score = Searcher::new(Maddell, pos, &[], limits).run().score;
        let searched = if score >= WIN - 7 {
            Some(SolvedValue::Win((WIN - score) as u32))
        } else if score <= -(WIN - 7) {
            Some(SolvedValue::Loss((WIN + score) as u32))
        } else {
            None
        };
        let value = table.value(&pos).expect("covered");
        let short = match value {
            SolvedValue::Win(d) | SolvedValue::Loss(d) if d <= 7 => Some(value),
            _ => None,
        };
        assert_eq!(searched, short, "{}", Maddell.format_position(&pos));
        seen += usize::from(searched.is_some());
    }
    assert!(
        seen > 30,
        "too few decided within 7 plies to be a test: {seen}"
    );
}

/// Master against master from won positions: the game ends in exactly the table's distance,
/// won by the side that was to move.
#[test]
fn master_against_master_wins_in_exactly_the_tables_distance() {
    let _table = small_table();
    let mut rng = seeded(3, 0);
    let mut games = 0;
    while games < 40 {
        let start = random_position(&mut rng, SMALL as u32, games % 2 == 0);
        let Some(SolvedValue::Win(distance)) = solve(&Maddell, &start) else {
            continue;
        };
        let mut pos = start;
        let mut plies = 0;
        while !Maddell.status(&pos).is_over() {
            let mv = choose_move(&Maddell, &pos, &[], Level::Master, 1, None).expect("a move");
            pos = Maddell.play(&pos, mv);
            plies += 1;
            assert!(plies <= distance, "{}", Maddell.format_position(&start));
        }
        assert_eq!(plies, distance, "{}", Maddell.format_position(&start));
        assert_eq!(Maddell.status(&pos).winner(), Some(start.to_move));
        games += 1;
    }
}

/// Master keeps a drawn position drawn and a lost one as long as the table says.
#[test]
fn master_holds_draws_and_resists_as_long_as_the_table_says() {
    let _table = small_table();
    let mut rng = seeded(4, 0);
    let (mut draws, mut losses) = (0, 0);
    while draws < 20 || losses < 20 {
        let pos = random_position(&mut rng, SMALL as u32, false);
        let Some(value) = solve(&Maddell, &pos) else {
            continue;
        };
        let mv = choose_move(&Maddell, &pos, &[], Level::Master, 1, None).expect("a move");
        let after = solve(&Maddell, &Maddell.play(&pos, mv)).expect("covered");
        match value {
            SolvedValue::Draw if draws < 20 => {
                assert_eq!(after, SolvedValue::Draw);
                draws += 1;
            }
            SolvedValue::Loss(d) if losses < 20 => {
                assert_eq!(after, SolvedValue::Win(d - 1));
                losses += 1;
            }
            _ => {}
        }
    }
}

/// The lower levels err on purpose in a solved game, as in Shuang Cheng: over many drawn
/// or won positions, easy gives away its result far more often than hard, and master never.
#[test]
fn lower_levels_err_at_their_rates() {
    let _table = small_table();
    let mut rng = seeded(5, 0);
    let class = |v: SolvedValue| match v {
        SolvedValue::Win(_) => 2,
        SolvedValue::Draw => 1,
        SolvedValue::Loss(_) => 0,
    };
    let mut errors = [0u32; 4];
    let mut tried = 0;
    while tried < 300 {
        let pos = random_position(&mut rng, SMALL as u32, false);
        let Some(value) = solve(&Maddell, &pos) else {
            continue;
        };
        if value == SolvedValue::Loss(0) || matches!(value, SolvedValue::Loss(_)) {
            continue;
        }
        // Only positions where some move gives the result away can show an error.
        let mut moves = Vec::new();
        Maddell.legal_moves(&pos, &mut moves);
        let spoils = |mv| 2 - class(solve(&Maddell, &Maddell.play(&pos, mv)).expect("covered"));
        if moves.iter().all(|&mv| spoils(mv) == class(value)) {
            continue;
        }
        tried += 1;
        for (i, level) in Level::ALL.into_iter().enumerate() {
            let mv = choose_move(&Maddell, &pos, &[], level, tried, None).expect("a move");
            errors[i] += u32::from(spoils(mv) < class(value));
        }
    }
    let rates = errors.map(|e| e as f64 / tried as f64);
    for (rate, level) in rates.iter().zip(Level::ALL) {
        let expected = level.config().error_rate;
        assert!(
            (rate - expected).abs() < 0.1,
            "{level:?}: {rate} vs {expected}"
        );
    }
}

/// Stored bytes read back as the same table; damaged, foreign, truncated or re-versioned
/// bytes are refused with the matching error, never trusted.
#[test]
fn stored_tables_round_trip_and_damaged_ones_are_refused() {
    let table = small_table();
    let bytes = table.as_bytes().expect("a built table is plain").to_vec();
    let again = Table::from_bytes(bytes.clone()).expect("reads back");
    assert_eq!(again.as_bytes(), table.as_bytes());

    let mut damaged = bytes.clone();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 0x10;
    assert_eq!(Table::from_bytes(damaged).err(), Some(TableError::Checksum));

    let mut foreign = bytes.clone();
    foreign[..4].copy_from_slice(b"PK\x03\x04");
    assert_eq!(
        Table::from_bytes(foreign).err(),
        Some(TableError::NotATable)
    );

    let mut other_version = bytes.clone();
    other_version[16] = other_version[16].wrapping_add(1);
    assert!(matches!(
        Table::from_bytes(other_version),
        Err(TableError::Version(_))
    ));

    let truncated = bytes[..bytes.len() - 1].to_vec();
    assert!(matches!(
        Table::from_bytes(truncated),
        Err(TableError::Layout(_))
    ));
    assert!(matches!(
        Table::from_bytes(bytes[..10].to_vec()),
        Err(TableError::TooShort(10))
    ));
    assert!(Table::from_bytes(Vec::new()).is_err());
}

/// `bytes` handed to a [`TableReader`] in pieces of `piece` bytes.
fn read_in_pieces(bytes: &[u8], piece: usize) -> Result<Table, TableError> {
    let mut reader = TableReader::new(bytes.len());
    for chunk in bytes.chunks(piece) {
        reader.push(chunk)?;
    }
    reader.finish()
}

/// Read in pieces, as the web page reads a file, a table is packed and gives every value
/// the plain one gives; what [`Table::from_bytes`] refuses, the reader refuses too.
#[test]
fn a_table_read_in_pieces_is_packed_and_agrees_with_the_plain_one() {
    let table = small_table();
    let bytes = table.as_bytes().expect("a built table is plain");
    for piece in [7, 1 << 16, bytes.len()] {
        let packed = read_in_pieces(bytes, piece).expect("reads");
        assert!(packed.is_packed() && !table.is_packed());
        assert_eq!(packed.as_bytes(), None);
        assert_eq!(packed.max_pieces(), SMALL);
        assert_eq!(packed.sliding_counts(), table.sliding_counts());
        assert_eq!(packed.longest_win(), table.longest_win());
        assert_eq!(
            packed.value(&Maddell.start()),
            table.value(&Maddell.start())
        );
    }
    let packed = read_in_pieces(bytes, 1 << 20).expect("reads");
    let mut rng = seeded(21, 0);
    for placing in [false, true] {
        for _ in 0..50_000 {
            let pos = random_position(&mut rng, SMALL as u32, placing);
            assert_eq!(
                packed.value(&pos),
                table.value(&pos),
                "{}",
                Maddell.format_position(&pos)
            );
        }
    }

    let mut damaged = bytes.to_vec();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 0x10;
    assert_eq!(
        read_in_pieces(&damaged, 4096).err(),
        Some(TableError::Checksum)
    );
    let mut foreign = bytes.to_vec();
    foreign[..4].copy_from_slice(b"PK\x03\x04");
    assert_eq!(
        read_in_pieces(&foreign, 4096).err(),
        Some(TableError::NotATable)
    );
    let mut other_version = bytes.to_vec();
    other_version[16] = other_version[16].wrapping_add(1);
    assert!(matches!(
        read_in_pieces(&other_version, 4096),
        Err(TableError::Version(_))
    ));
    // Told the file is one byte longer than it is, or given a byte more than it was told.
    let mut short = TableReader::new(bytes.len() + 1);
    assert!(matches!(short.push(bytes), Err(TableError::Layout(_))));
    let mut long = TableReader::new(bytes.len());
    long.push(bytes).expect("the whole file");
    assert!(long.push(&[0]).is_err());
    let mut truncated = TableReader::new(bytes.len());
    truncated.push(&bytes[..bytes.len() - 1]).expect("a prefix");
    assert!(truncated.finish().is_err());
    assert!(matches!(
        TableReader::new(10).finish(),
        Err(TableError::TooShort(_))
    ));
}

/// On disk: written atomically, read back; a damaged file is refused.
#[test]
fn tables_on_disk_are_read_back_and_damage_is_refused() {
    let table = small_table();
    let dir = std::env::temp_dir().join(format!("qipan-table-test-{}", std::process::id()));
    let path = dir.join("deeper").join("table.bin");
    maddell_table::save(&table, &path).expect("saves");
    let read = maddell_table::load(&path).expect("loads");
    assert_eq!(read.as_bytes(), table.as_bytes());
    let leftovers: Vec<_> = std::fs::read_dir(path.parent().expect("has a parent"))
        .expect("lists")
        .filter_map(Result::ok)
        .filter(|e| e.file_name() != "table.bin")
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
    let mut bytes = std::fs::read(&path).expect("reads");
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).expect("writes");
    assert_eq!(maddell_table::load(&path).err(), Some(TableError::Checksum));
    assert!(maddell_table::load(&dir.join("missing.bin")).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The real game's table: built (or read from `QIPAN_MADDELL_TABLE`), then a million random
/// positions over the sliding table and every placement stage checked against the rules.
/// About a minute in release: `cargo test --release --test maddell_table -- --ignored`.
#[test]
#[ignore]
fn full_table_agrees_with_the_rules() {
    let table = match std::env::var("QIPAN_MADDELL_TABLE") {
        Ok(path) => maddell_table::load(path.as_ref()).expect("a valid table"),
        Err(_) => Builder::new(maddell_table::MAX_PIECES, 2)
            .and_then(Builder::run)
            .expect("builds")
            .reduced(),
    };
    let checked = maddell_table::verify(
        &table,
        Sample::Random {
            count: 1_000_000,
            seed: 1,
        },
        2,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(checked, 1_000_000);
    assert_eq!(table.value(&Maddell.start()), Some(SolvedValue::Win(37)));
    // The figures of docs/engine.md, counted in the full layout before the table was
    // reduced: a reduced table counts each kept block for its orbit.
    assert_eq!(table.sliding_counts(), [62_111_610, 40_786_182, 4_049_412]);
    assert_eq!(table.longest_win().map(|w| w.0), Some(79));
    // Packed, as the web page keeps it: the same values.
    let bytes = table.as_bytes().expect("a loaded or built table is plain");
    let packed = read_in_pieces(bytes, 1 << 20).expect("packs");
    assert_eq!(packed.sliding_counts(), table.sliding_counts());
    assert_eq!(packed.longest_win(), table.longest_win());
    let mut rng = seeded(5, 0);
    for placing in [false, true] {
        for _ in 0..100_000 {
            let pos = random_position(&mut rng, maddell_table::MAX_PIECES as u32, placing);
            assert_eq!(packed.value(&pos), table.value(&pos));
        }
    }
}

/// The plain form of the readiness that the web page publishes (`data-perfect`) and the
/// browser tests read: they wait for exactly `ready` and read the share after `building `.
#[test]
fn readiness_reads_plainly() {
    use maddell_table::Readiness;
    assert_eq!(Readiness::NotStarted.to_string(), "not started");
    assert_eq!(Readiness::Loading.to_string(), "loading");
    assert_eq!(Readiness::Building(0.42).to_string(), "building 0.420");
    assert_eq!(Readiness::Ready { note: None }.to_string(), "ready");
    let unsaved = Readiness::Ready {
        note: Some("quota".into()),
    };
    assert_eq!(unsaved.to_string(), "ready (quota)");
    assert_eq!(Readiness::Failed("why".into()).to_string(), "failed: why");
}

/// The reduced layout (one block per orbit of the board's symmetries, what is stored and
/// played from) gives every position the full layout's value: every sliding position and
/// every stored placement position of the 4-piece game, looked up both ways; and the
/// counts of won, lost and drawn positions agree. It is about an eleventh of the bytes.
#[test]
fn the_reduced_table_agrees_with_the_full_one_everywhere() {
    let full = full_small_table();
    let reduced = small_table();
    assert!(!full.is_reduced());
    assert_eq!(full.sliding_counts(), reduced.sliding_counts());
    assert_eq!(
        full.longest_win().map(|w| w.0),
        reduced.longest_win().map(|w| w.0)
    );
    let stored = |t: &Table| t.as_bytes().map_or(0, <[u8]>::len) as f64;
    let ratio = stored(full) / stored(&reduced);
    assert!((8.0..12.0).contains(&ratio), "{ratio}");
    let mut compared = 0u64;
    // Every board with at most SMALL pieces a side, each hand as play leaves it.
    let sets: Vec<u32> = (0..1u32 << POINTS)
        .filter(|s| s.count_ones() <= SMALL as u32)
        .collect();
    for &x in &sets {
        for &o in sets.iter().filter(|&&o| o & x == 0) {
            for (hand, to_move) in [
                ([0, 0], Side::X),
                ([0, 0], Side::O),
                ([1, 1], Side::X),
                ([0, 1], Side::O),
                ([2, 2], Side::X),
            ] {
                let (nx, no) = (x.count_ones() + hand[0], o.count_ones() + hand[1]);
                if nx > SMALL as u32 || no > SMALL as u32 {
                    continue;
                }
                let pos = Position {
                    pieces: [x, o],
                    hand: [hand[0] as u8, hand[1] as u8],
                    to_move,
                };
                let value = full.value(&pos);
                assert_eq!(
                    reduced.value(&pos),
                    value,
                    "{}",
                    Maddell.format_position(&pos)
                );
                compared += u64::from(value.is_some());
            }
        }
    }
    assert!(compared > 15_000_000, "{compared}");
    assert_eq!(
        reduced.value(&Maddell.start()),
        full.value(&Maddell.start())
    );
}
