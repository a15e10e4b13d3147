//! The engine against the plain reading of the rules (`reference.rs`).

use super::*;
use crate::games::perft;
use rand::Rng;

/// The engine's moves and results, in the reference's form.
fn engine_moves(p: &Position) -> Vec<(String, String)> {
    let mut list = Vec::new();
    Push.legal_moves(p, &mut list);
    let mut out: Vec<(String, String)> = list
        .into_iter()
        .map(|m| (Push.format_move(m), Push.format_position(&Push.play(p, m))))
        .collect();
    out.sort();
    out
}

fn check_against_reference(p: &Position) {
    let text = Push.format_position(p);
    let expected = reference::Board::read(&text).moves();
    let got = engine_moves(p);
    assert_eq!(got, expected, "{text}");
    assert_eq!(Push.count_moves(p), got.len() as u64, "{text}");
    assert_eq!(
        Push.can_move(p),
        !got.is_empty() && got[0].0 != "pass",
        "{text}"
    );
    let mut list = Vec::new();
    Push.legal_moves(p, &mut list);
    for m in list {
        assert_eq!(Push.parse_move(p, &Push.format_move(m)), Ok(m));
        let q = Push.play(p, m);
        // is_push / shove agree with what play does to the other side.
        let them = p.to_move.opponent().index();
        let moved = p.pieces[them] != q.pieces[them];
        assert_eq!(Push.is_push(p, m), moved, "{text} {}", Push.format_move(m));
        assert_eq!(Push.shove(p, m).is_some(), moved);
        if let Some(s) = Push.shove(p, m) {
            let lost = p.pieces[them].count_ones() - q.pieces[them].count_ones();
            assert_eq!(lost, u32::from(s.pushed_off.is_some()));
            assert_eq!(s.shoved & p.pieces[them], s.shoved);
        }
    }
}

#[test]
fn engine_agrees_with_a_plain_reading_of_the_rules() {
    let start = Push.start();
    // The whole tree two plies deep.
    check_against_reference(&start);
    let mut list = Vec::new();
    Push.legal_moves(&start, &mut list);
    for m in list {
        check_against_reference(&Push.play(&start, m));
    }
    let mut rng = crate::random::seeded(0x5EED_0000_0061, 0);
    // Random games from the start.
    for _ in 0..40 {
        let mut p = start;
        for _ in 0..120 {
            check_against_reference(&p);
            let mut list = Vec::new();
            Push.legal_moves(&p, &mut list);
            if list.is_empty() {
                break;
            }
            p = Push.play(&p, list[rng.random_range(0..list.len())]);
        }
    }
    // Crowded random set-ups: 9-14 pieces a side scattered over the board, lots of contact.
    for _ in 0..1500 {
        let mut board = ['.'; CELLS];
        for side in ['x', 'o'] {
            let n = 9 + rng.random_range(0..6);
            let mut placed = 0;
            while placed < n {
                let c = rng.random_range(0..CELLS);
                if board[c] == '.' {
                    board[c] = side;
                    placed += 1;
                }
            }
        }
        let side = if rng.random() { 'x' } else { 'o' };
        let text: String = board.iter().collect::<String>() + " " + &side.to_string();
        let p = pos(&text);
        check_against_reference(&p);
        // And a few plies on from there.
        let mut q = p;
        for _ in 0..6 {
            let mut list = Vec::new();
            Push.legal_moves(&q, &mut list);
            if list.is_empty() {
                break;
            }
            q = Push.play(&q, list[rng.random_range(0..list.len())]);
            check_against_reference(&q);
        }
    }
}

#[test]
fn perft_from_the_start_matches_the_reference_at_depth_3() {
    fn reference_perft(text: &str, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        reference::Board::read(text)
            .moves()
            .iter()
            .map(|(_, next)| reference_perft(next, depth - 1))
            .sum()
    }
    let start = Push.start();
    let text = Push.format_position(&start);
    assert_eq!(perft(&Push, &start, 3), reference_perft(&text, 3));
}
