//! Perft counts worked out by hand from the rules, for every game: depth 1 and 2 from the
//! start and from tricky positions, each with the reasoning that gives it. The regression
//! data in `tests/data/perft/` was produced by the engine itself, so it can only say that
//! the engine did not change; these counts say that it is right.
//!
//! Where a position's replies were counted one by one, the table lists them (`replies`: each
//! first move and the number of moves the opponent then has), and the test checks that list
//! too: the same moves, and each count.
//!
//! Position texts: the board in the game's point order, the side to move, then the game's
//! own fields (Shuang Cheng's lock, Maddell's two hands, Earthen Cannon's decided field).

use qipan_engine::games::ToGame;
use qipan_engine::games::{perft, Game, Variant};
use qipan_engine::with_game;

struct HandCount {
    game: &'static str,
    position: &'static str,
    depth1: u64,
    depth2: u64,
    /// Every legal move and the opponent's move count after it, when counted one by one.
    replies: &'static [(&'static str, u64)],
}

/// Checks every count; reports all disagreements at once.
fn check(counts: &[HandCount]) {
    let mut wrong = Vec::new();
    for count in counts {
        let variant = Variant::parse(count.game).expect("game id");
        with_game!(variant.to_game(), g => {
            let pos = g.parse_position(count.position).expect("position text");
            let found = (perft(&g, &pos, 1), perft(&g, &pos, 2));
            if found != (count.depth1, count.depth2) {
                wrong.push(format!(
                    "{} [{}]: by hand {} {}, engine {} {}",
                    count.game, count.position, count.depth1, count.depth2, found.0, found.1
                ));
            }
            if !count.replies.is_empty() {
                // The table itself must add up before it can vouch for the engine.
                assert_eq!(count.replies.len() as u64, count.depth1, "{}", count.position);
                let sum: u64 = count.replies.iter().map(|(_, n)| n).sum();
                assert_eq!(sum, count.depth2, "{}", count.position);
                let mut moves = Vec::new();
                g.legal_moves(&pos, &mut moves);
                let mut engine: Vec<(String, u64)> = moves
                    .into_iter()
                    .map(|mv| (g.format_move(mv), perft(&g, &g.play(&pos, mv), 1)))
                    .collect();
                engine.sort();
                let mut hand: Vec<(String, u64)> =
                    count.replies.iter().map(|&(m, n)| (m.to_owned(), n)).collect();
                hand.sort();
                if engine != hand {
                    wrong.push(format!(
                        "{} [{}]: replies by hand {hand:?}, engine {engine:?}",
                        count.game, count.position
                    ));
                }
            }
        });
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Push the Line. Cells are row A..I (x's edge to o's edge) and diagonal number; a cell's
/// neighbours are E (r, d+1), W (r, d-1), NE (r+1, d+1), NW (r+1, d), SE (r-1, d),
/// SW (r-1, d-1). A move is a group of 1-3 own pieces in a gapless straight line going one
/// cell: in-line (along its own axis; only the head's next cell matters, and it may push a
/// strictly shorter run of opposing pieces into an empty cell or off the board) or broadside
/// (every destination empty). Own pieces never leave the board and always block.
#[test]
fn push_the_line_by_hand() {
    check(&[
        // The start: x on A1-A5, B1-B6, C3-C5, o mirrored at the top; rows D to F empty.
        // Nothing can move south or along rows A and B (own pieces or the edge). Singles: B1
        // NE, NW; B2 NW; B5 NE; B6 NE, NW; C3 NE, NW, W; C4 NE, NW; C5 NE, NW, E = 14. Row
        // groups: C3C4 W, C4C5 E, C3C4C5 E and W in-line; B1B2 NW and B5B6 NE broadside; the
        // three C groups NE and NW broadside = 12. NW-axis groups (d constant): in-line NW
        // for A1B1, A2B2, B3C3, A3B3C3, B4C4, A4B4C4, B5C5, A5B5C5; broadside B5C5 NE = 9.
        // NE-axis groups: in-line NE for B2C3, A1B2C3, B3C4, A2B3C4, B4C5, A3B4C5, A4B5,
        // A5B6; broadside B2C3 NW = 9. Total 14 + 12 + 9 + 9 = 44. o's start is x's turned
        // half a circle, and x's moves reach row D only while o's reach row F only, so o
        // has 44 after each: 44 * 44 = 1936.
        HandCount {
            game: "push",
            position: "xxxxxxxxxxx..xxx.............................ooo..ooooooooooo x",
            depth1: 44,
            depth2: 1936,
            replies: &[],
        },
        // Stacked rows: x on A and C, o on B and D, x to move. Every x cell's neighbours are
        // full and no two x pieces touch along a diagonal axis, so x has no move, not even a
        // push: the only move is `pass`. Then o: the B pieces are boxed in the same way; each
        // D piece steps NE or NW into empty row E (16), and each of the 7 pairs and 6 triples
        // of row D goes NE or NW broadside (26): 42.
        HandCount {
            game: "push",
            position: "xxxxxooooooxxxxxxxoooooooo................................... x",
            depth1: 1,
            depth2: 42,
            replies: &[("pass", 42)],
        },
        // The same rows, but B1 is x and o has a piece on E1. x's only moves are pushes:
        // A1B1C1-NW pushes D1 and E1 (3 against 2), and E1 leaves the board (there is no F1);
        // B1C1 against D1E1 is a standoff (2 against 2); B1C2-NE pushes D3 to the empty E4.
        // After A1B1C1-NW (A1 empty, D1 x, o lost E1): B2 steps SW to A1; B2B3 and B2B3B4 push
        // B1 off to the west; D2..D8 step NE and NW (14); E1 steps E and NE (2); the 6 pairs
        // and 5 triples of D2..D8 go NE and NW broadside (22); D2D3 and D2D3D4 push D1 off to
        // the west (2): 3 + 14 + 2 + 22 + 2 = 43.
        // After B1C2-NE (B1 empty, D3 x, o on E4): B2 steps W, B2B3 and B2B3B4 go W (3);
        // singles D1 NE, D2 NE and NW, D4 NE, D5..D8 both, E1 E and NE, E4 E, W, NE, NW
        // (18); D1D2 NE (E1 blocks NW), D4D5 and D4D5D6 NE only (E4 blocks NW), the other
        // five groups of D4..D8 both ways (13); the new column pair D1E1 pushes C1 SE into
        // the empty B1 and goes NE broadside (2); the pair D4E4 goes NW and NE, but cannot
        // push C4 SE, with B4 (o's own) behind it (2): 38.
        HandCount {
            game: "push",
            position: "xxxxxxoooooxxxxxxxooooooooo.................................. x",
            depth1: 2,
            depth2: 81,
            replies: &[("A1B1C1-NW", 43), ("B1C2-NE", 38)],
        },
    ]);
}

/// Line-Board Shuang Cheng. Points in text order tl th tr l c r bl bh br; segments tl-th,
/// tr-th, bl-bh, br-bh, th-c, c-bh, l-c, c-r, th-l, th-r, bh-l, bh-r, tl-l, l-bl, tr-r, r-br.
/// A move is one step to an adjacent empty point with an own piece or, when the lock is 0,
/// a shared piece `s`; moving a shared piece sets the lock for the opponent's turn. A side
/// with no move has lost.
#[test]
fn shuang_cheng_by_hand() {
    check(&[
        // Start: only c is empty; next to it are th (o), bh (x) and the shared l and r, so x
        // has bh-c, l-c, r-c. After bh-c only bh is empty: o may move l or r into it (2).
        // After l-c (lock 1) only l is empty and shared pieces are locked: o's th-l, tl-l
        // (2); r-c likewise th-r, tr-r (2).
        HandCount {
            game: "shuangcheng",
            position: "ooos.sxxx x 0",
            depth1: 3,
            depth2: 6,
            replies: &[("bh-c", 2), ("l-c", 2), ("r-c", 2)],
        },
        // Locked: shared pieces on l and c, o to move with lock 1, only r empty. o's pieces
        // next to r: th, tr. After th-r, th is empty and x (lock 0 now) moves a shared piece
        // in: c-th, l-th. After tr-r, tr is empty and its neighbours th and r are o's: x has
        // no move and has lost, so that line ends at depth 1 (0 at depth 2).
        HandCount {
            game: "shuangcheng",
            position: "oooss.xxx o 1",
            depth1: 2,
            depth2: 2,
            replies: &[("th-r", 2), ("tr-r", 0)],
        },
        // Open board: o on tl, x on bh, the one shared piece on c, x to move, lock 0. x: bh to
        // bl, br, l, r (c is taken) and the shared piece c to th, l, r (bh is taken) = 7.
        // o's replies: after a bh move, tl to th and l (if still empty) plus the shared piece
        // from c to each empty neighbour among th, bh, l, r: bh-bl 2 + 4, bh-br 2 + 4, bh-l
        // 1 + 3, bh-r 2 + 3. After a shared move the lock stops o's shared piece: c-th leaves
        // tl only l (1), c-l leaves tl only th (1), c-r leaves tl both (2). 25 in all.
        HandCount {
            game: "shuangcheng",
            position: "o...s..x. x 0",
            depth1: 7,
            depth2: 25,
            replies: &[
                ("bh-bl", 6),
                ("bh-br", 6),
                ("bh-l", 4),
                ("bh-r", 5),
                ("c-th", 1),
                ("c-l", 1),
                ("c-r", 2),
            ],
        },
    ]);
}

/// Sixpenny Maddell. Triangles a (outer), b, c with points 1-6 clockwise from the top corner;
/// lines along each perimeter and the spokes a2-b2-c2, a4-b4-c4, a6-b6-c6. Mills: each side
/// (x1 x2 x3, x3 x4 x5, x5 x6 x1) and each spoke. With pieces in hand a side places, else it
/// slides one step; completing a mill takes one opposing piece, a piece in a mill only when
/// all of them are, one take even for two mills, each choice a separate move.
#[test]
fn sixpenny_maddell_by_hand() {
    check(&[
        // Start: 18 empty points to place on, then 17 for o; no mill with one piece each.
        HandCount {
            game: "maddell",
            position: ".................. x 6 6",
            depth1: 18,
            depth2: 18 * 17,
            replies: &[],
        },
        // Placing phase. x on a1 a2 a4 a5, o on b1 b2 b3 (a mill) and c5, two in hand each;
        // 10 empty points. a3 completes two mills (a1-a2-a3, a3-a4-a5) and a6 one
        // (a5-a6-a1); either takes one piece, and only c5 is takeable, since b1 b2 b3 are in a
        // mill and c5 is not. The other 8 placements complete nothing: 10 moves. o then
        // places on any empty point (no line holds two o pieces and a gap): 9 after a plain
        // placement, 10 after a take, which frees c5: 8 * 9 + 2 * 10 = 92.
        HandCount {
            game: "maddell",
            position: "xx.xx.ooo.......o. x 2 2",
            depth1: 10,
            depth2: 92,
            replies: &[
                ("a3xc5", 10),
                ("a6xc5", 10),
                ("b4", 9),
                ("b5", 9),
                ("b6", 9),
                ("c1", 9),
                ("c2", 9),
                ("c3", 9),
                ("c4", 9),
                ("c6", 9),
            ],
        },
        // x slides while o still places: x on a1 a2 a4 with an empty hand, o on c1 c2 c3 (a
        // mill) with one in hand. Slides: a1-a6, a2-a3, a2-b2, a4-a5, a4-b4, and a4-a3 which
        // completes a1-a2-a3; every o piece is in a mill, so any may go: 3 takes, 8 moves.
        // o places next: 12 empty points after a plain slide. After a take, 13 empty points,
        // and o can refill its broken mill, taking any x piece (all three in the new mill):
        // 12 + 3 = 15. 5 * 12 + 3 * 15 = 105.
        HandCount {
            game: "maddell",
            position: "xx.x........ooo... x 0 1",
            depth1: 8,
            depth2: 105,
            replies: &[
                ("a1-a6", 12),
                ("a2-a3", 12),
                ("a2-b2", 12),
                ("a4-a5", 12),
                ("a4-b4", 12),
                ("a4-a3xc1", 15),
                ("a4-a3xc2", 15),
                ("a4-a3xc3", 15),
            ],
        },
    ]);
}

/// Two-or-Three-Step Blockade. Points a1..e5; lines: the orthogonal grid and six three-point
/// diagonals, c1-d2-e3, b2-c3-d4, a3-b4-c5 and a3-b2-c1, b4-c3-d2, c5-d4-e3 (so a diagonal
/// move is always two steps end to end, and the corners have none). A move goes exactly two
/// or three steps along one straight line, every passed point and the end empty. A side
/// with no move has lost.
#[test]
fn blockade_by_hand() {
    check(&[
        // Start: x on a1-e1, a2, e2; o on a5-e5, a4, e4. a1 and e1 are boxed in. b1-b3, b1-b4;
        // c1-c3, c1-c4 and the diagonals c1-a3, c1-e3; d1-d3, d1-d4; a2-c2, a2-d2 (a2-a4 ends
        // on o's a4); e2-c2, e2-b2: 12. o has the mirror 12, less those x's piece now blocks
        // (b3: 2; b4: 6 (b5's two, c5-a3, a4-c4, a4-d4, e4-b4); a3: 1; c3: 2; c4: 6; e3: 1;
        // d3: 2; d4: 6; c2, d2 or b2: 1), plus a4-a2 or e4-e2 when a2 or e2 moved away:
        // 10 + 6 + 11 + 10 + 6 + 11 + 10 + 6 + 12 + 12 + 12 + 12 = 118.
        HandCount {
            game: "blockade",
            position: "xxxxxx...x.....o...oooooo x",
            depth1: 12,
            depth2: 118,
            replies: &[
                ("b1-b3", 10),
                ("b1-b4", 6),
                ("c1-a3", 11),
                ("c1-c3", 10),
                ("c1-c4", 6),
                ("c1-e3", 11),
                ("d1-d3", 10),
                ("d1-d4", 6),
                ("a2-c2", 12),
                ("a2-d2", 12),
                ("e2-c2", 12),
                ("e2-b2", 12),
            ],
        },
        // Corner and centre: x on a1 and e3, o on c3. a1 has no diagonal: a1-a3, a1-a4, a1-c1,
        // a1-d1. e3: e3-e1, e3-e5, and the diagonal ends c1 and c5 (c3 blocks the rank): 8.
        // o's c3 is the middle of both its diagonals, so it has only c3-c1, c3-c5, c3-a3 and
        // c3-e3, each unless x stands on its end (e3 does, until it moves): a1-a3 2, a1-a4 3,
        // a1-c1 2, a1-d1 3, e3-e1 4, e3-e5 4, e3-c1 3, e3-c5 3 = 24.
        HandCount {
            game: "blockade",
            position: "x...........o.x.......... x",
            depth1: 8,
            depth2: 24,
            replies: &[
                ("a1-a3", 2),
                ("a1-a4", 3),
                ("a1-c1", 2),
                ("a1-d1", 3),
                ("e3-e1", 4),
                ("e3-e5", 4),
                ("e3-c1", 3),
                ("e3-c5", 3),
            ],
        },
        // o trapped: o's only piece on a5, x on a4 and c5 (blocking its file and its rank)
        // and on e1. x: a4-a2, a4-a1, a4-c4, a4-d4; c5-c3, c5-c2, c5-e5, c5-a3, c5-e3 (b5
        // then a5 is taken); e1-e3, e1-e4, e1-c1, e1-b1: 13. After an e1 move o still has no
        // move: lost, 0. After a4 leaves, o gets a5-a3 and a5-a2 (only a5-a3 when x went to
        // a2); after c5 leaves, a5-c5 and a5-d5: 1 + 2 + 2 + 2 + 5 * 2 = 17.
        HandCount {
            game: "blockade",
            position: "....x..........x....o.x.. x",
            depth1: 13,
            depth2: 17,
            replies: &[
                ("a4-a1", 2),
                ("a4-a2", 1),
                ("a4-c4", 2),
                ("a4-d4", 2),
                ("c5-a3", 2),
                ("c5-c2", 2),
                ("c5-c3", 2),
                ("c5-e3", 2),
                ("c5-e5", 2),
                ("e1-b1", 0),
                ("e1-c1", 0),
                ("e1-e3", 0),
                ("e1-e4", 0),
            ],
        },
    ]);
}

/// Blockade with Solidarity: besides the plain rules, a piece with no piece on an adjacent
/// point (one drawn segment away, diagonals included) cannot move, and its end point must be
/// adjacent to some other piece.
#[test]
fn blockade_solidarity_by_hand() {
    check(&[
        // Start: every piece has a neighbour. Of the 12 plain moves, b1-b3, c1-c3 and d1-d3
        // end on points with no neighbour (b3: b2 b4 a3 c3; c3: eight empty neighbours; d3: d2
        // d4 c3 e3): 9. For o the same 12 are filtered the same way, after x's move: each x
        // piece can give an end point its neighbour (x on a3 lets b5-b3 end by it) or take
        // one away (c1 leaving strands c5-c2). Counted move by move: b1-b4 5, c1-a3 8, c1-c4
        // 4, c1-e3 8, d1-d4 5, a2-c2 10, a2-d2 11, e2-c2 10, e2-b2 11 = 72.
        HandCount {
            game: "blockade:solidarity",
            position: "xxxxxx...x.....o...oooooo x",
            depth1: 9,
            depth2: 72,
            replies: &[
                ("b1-b4", 5),
                ("c1-a3", 8),
                ("c1-c4", 4),
                ("c1-e3", 8),
                ("d1-d4", 5),
                ("a2-c2", 10),
                ("a2-d2", 11),
                ("e2-c2", 10),
                ("e2-b2", 11),
            ],
        },
        // x on c1 and d2 (joined by a diagonal), o on e3 (joined to d2) and a5 (alone, so
        // frozen). Plainly x has 10 moves: c1-c3, c1-c4, c1-a1, c1-e1, c1-a3; d2-d4, d2-d5,
        // d2-b2, d2-a2, d2-b4. Only three end next to another piece: c1-c3 (by d2), d2-d4 (by
        // e3), d2-b2 (by c1). Then o's e3: after c1-c3 its moves end on lonely points (e1,
        // e5, c5): 0, o has lost; after d2-d4 only e3-c3 (by d4) of e3-e1, e3-e5, e3-c3,
        // e3-b3: 1; after d2-b2 e3 has no neighbour left: 0.
        HandCount {
            game: "blockade:solidarity",
            position: "..x.....x.....o.....o.... x",
            depth1: 3,
            depth2: 1,
            replies: &[("c1-c3", 0), ("d2-d4", 1), ("d2-b2", 0)],
        },
        // x on b1 and c1, o on c3 and e5 (alone). b1: b1-b3 (by c3) and b1-b4 (by c3 along
        // the b4-c3 diagonal); c1: c1-e1, c1-e3, c1-a3 are plain moves to lonely points, and
        // c3 blocks the file: 2. o's c3 then: after b1-b3 its moves c3-c5 and c3-e3 end
        // alone (c3-c1 and c3-a3 are blocked): 0, o has lost; after b1-b4, c3-c5 and c3-a3
        // end next to b4: 2.
        HandCount {
            game: "blockade:solidarity",
            position: ".xx.........o...........o x",
            depth1: 2,
            depth2: 2,
            replies: &[("b1-b3", 0), ("b1-b4", 2)],
        },
    ]);
}

/// Earthen Cannon Chess. Points a1..e6; lines: the orthogonal grid plus a6-b5 and e6-d5.
/// x is the cannons, o the soldiers. Either side steps to an adjacent empty point; a cannon
/// may also look along a rank or file, pass over any pieces, and if the first empty point is
/// a single gap followed by a soldier, land on that soldier and take it. After every move a
/// cannon with every adjacent point occupied is removed. Soldiers win with all three
/// platforms (b6 c6 d6) held, or when their last one or two all stand on platforms and the
/// cannons' next move does not take one; cannons win by taking a soldier on a platform.
#[test]
fn earthen_cannon_by_hand() {
    check(&[
        // Start: cannons b6 c6 d6, soldiers on ranks 1-3. b6 to a6, b5; c6 to c5; d6 to d5,
        // e6; no capture (two gaps down every file, the edge after the gap along the rank):
        // 5. The soldiers of rank 3 then step up into rank 4: 5 each, 25.
        HandCount {
            game: "cannon",
            position: "ooooooooooooooo...........xxx. x -",
            depth1: 5,
            depth2: 25,
            replies: &[
                ("b6-a6", 5),
                ("b6-b5", 5),
                ("c6-c5", 5),
                ("d6-d5", 5),
                ("d6-e6", 5),
            ],
        },
        // Captures over pieces: cannon c5, soldiers c4, c2, a5. Steps c6, b5, d5; down, c4 is
        // passed over, c3 is a single gap and c2 a soldier: c5xc2; left, b5 is a single gap
        // before a5: c5xa5; right, two gaps: no capture. 5. Soldiers then step to empty
        // neighbours: c4 (c3, b4, d4, c5 once vacated) 4, c2 4, a5 (a4, a6, b5) 3, less b5
        // when the cannon stands there, less a taken soldier: 11, 10, 11, 7, 8 = 47.
        HandCount {
            game: "cannon",
            position: ".......o.........o..o.x....... x -",
            depth1: 5,
            depth2: 47,
            replies: &[
                ("c5-b5", 10),
                ("c5-c6", 11),
                ("c5-d5", 11),
                ("c5xa5", 8),
                ("c5xc2", 7),
            ],
        },
        // Last soldiers on platforms: soldiers b6 and d6 only, cannons c4 and e6, x to move.
        // c4 steps four ways (no capture: two gaps every way); e6 steps to e5 and, by the
        // diagonal, d5, or passes over d6 and the single gap c6 to take b6: 7. Every one of
        // them ends the game: the take wins for the cannons (a soldier on a platform), any
        // other move leaves both last soldiers on platforms untaken, a win for them. 0.
        HandCount {
            game: "cannon",
            position: ".................x........o.ox x -",
            depth1: 7,
            depth2: 0,
            replies: &[
                ("c4-b4", 0),
                ("c4-c3", 0),
                ("c4-c5", 0),
                ("c4-d4", 0),
                ("e6-d5", 0),
                ("e6-e5", 0),
                ("e6xb6", 0),
            ],
        },
        // Surrounding: cannons a6 and e1, soldiers b6, a5, c5, o to move. b6 to c6, b5; a5 to
        // a4, b5; c5 to c4, c6, b5, d5: 8. c5-b5 fills a6's last free neighbour (b6, a5 and,
        // by the diagonal, b5): a6 is removed, e1 keeps its 2 steps. Otherwise e1 has 2 and
        // a6 steps into its free neighbours, and captures where a gap meets a soldier:
        // after b6-c6, a6 steps to b6 or b5 or takes c6 across the gap at b6 (3); after a5-a4
        // it steps to a5 or b5 or takes a4 across the gap at a5 (3); b6-b5 and a5-b5 leave
        // it one step; the other c5 moves leave it b5 (one soldier then two gaps every way).
        // 5 + 3 + 5 + 3 + 2 + 3 + 3 + 3 = 27.
        HandCount {
            game: "cannon",
            position: "....x...............o.o..xo... o -",
            depth1: 8,
            depth2: 27,
            replies: &[
                ("b6-c6", 5),
                ("b6-b5", 3),
                ("a5-a4", 5),
                ("a5-b5", 3),
                ("c5-b5", 2),
                ("c5-c4", 3),
                ("c5-c6", 3),
                ("c5-d5", 3),
            ],
        },
    ]);
}
