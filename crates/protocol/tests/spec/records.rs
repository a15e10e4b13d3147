//! The records API's JSON bodies, as lobby.md writes them.

use super::*;

#[test]
fn the_records_api_reads_and_writes_as_written() {
    let (record_text, finished) = resigned_record();
    record(&record_text, finished.clone());

    // A friend's room, still on: no seat taken through pairing.
    let friends = fill(
        &list_of(&full_record(), "PLY"),
        &[
            ROOM,
            ("GAME", r#""cannon""#),
            ("POS", r#""s""#),
            ("LIST", ""),
            ("STATUS", r#""ongoing""#),
            ("REASON", "null"),
            ("BOOL", "false"),
            ("SEAT", "null"),
            ("SEAT", "null"),
            ("DAYS", "null"),
        ],
    );
    record(
        &friends,
        GameRecord {
            room: room(),
            game: "cannon".into(),
            start: "s".into(),
            plies: Vec::new(),
            status: "ongoing".into(),
            reason: None,
            rated: false,
            players: Seats::none(),
            days: None,
        },
    );

    let (ratings_text, ratings) = ratings();
    for (games, list) in [
        (vec![finished.clone()], record_text.clone()),
        (Vec::new(), String::new()),
    ] {
        record(
            &fill(
                &list_of(PLAYER_RECORD, "RECORD"),
                &[
                    ("NAME", r#""Ann_1""#),
                    ("BOOL", "false"),
                    ("RATINGS", &ratings_text),
                    ("LIST", &list),
                ],
            ),
            PlayerRecord {
                name: "Ann_1".into(),
                bot: false,
                ratings: ratings.clone(),
                games,
            },
        );
    }

    let entry = r#"{"name":NAME,"rating":R,"deviation":RD,"games":N}"#;
    let entries = [
        fill(
            entry,
            &[
                ("NAME", r#""李雷""#),
                ("R", "2011.5"),
                ("RD", "45.0"),
                ("N", "312"),
            ],
        ),
        fill(
            entry,
            &[
                ("NAME", r#""Ann_1""#),
                ("R", "1532.75"),
                ("RD", "109.875"),
                ("N", "20"),
            ],
        ),
    ];
    record(
        &fill(
            &list_of(LEADERBOARD, entry),
            &[("GAME", r#""shuangcheng""#), ("LIST", &entries.join(","))],
        ),
        Leaderboard {
            game: "shuangcheng".into(),
            players: vec![
                LeaderboardEntry {
                    name: "李雷".into(),
                    rating: 2011.5,
                    deviation: 45.0,
                    games: 312,
                },
                LeaderboardEntry {
                    name: "Ann_1".into(),
                    rating: 1532.75,
                    deviation: 109.875,
                    games: 20,
                },
            ],
        },
    );
}
