//! Links to a game, a position and a line: `?game=ID&pos=TEXT&moves=M1,M2,…&ply=N`
//! (docs/playing.md). The page reads them from its address, the desktop from `--link`; the
//! session opens them ([`crate::Command::OpenLink`]) as it loads a file, with its own words
//! for what is wrong.

use crate::any::AnyMatch;
use crate::controller::Players;
use crate::save::{self, SaveError, SaveFile};
use qipan_engine::ai::Level;
use qipan_engine::games::{Side, Variant};

pub use crate::errors::LinkError;

/// A link's game, read but not yet replayed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameLink {
    /// The game and its options, as saved games name them (`blockade:solidarity`).
    pub game: String,
    /// The start position's text; the game's standard start when absent.
    pub position: Option<String>,
    /// The line from there, in notation.
    pub moves: Vec<String>,
    /// The ply to show (the line's end when absent).
    pub ply: Option<String>,
}

/// The link in an address's query (with or without its `?`); `None` when it names no game
/// (e.g. only an online `room=`).
pub fn parse_query(query: &str) -> Option<GameLink> {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut link = GameLink::default();
    let mut named = false;
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        match key.as_ref() {
            "game" => {
                named = true;
                link.game = value.into_owned();
            }
            "pos" => link.position = Some(value.into_owned()),
            "moves" => {
                link.moves = value
                    .split(',')
                    .map(str::trim)
                    .filter(|m| !m.is_empty())
                    .map(str::to_owned)
                    .collect()
            }
            "ply" => link.ply = Some(value.into_owned()),
            // Other keys (an online room, a tracker's) are not the link's business.
            _ => {}
        }
    }
    named.then_some(link)
}

/// The query (without `?`) that opens `game` as it stands: its start, its moves and, when
/// `ply` is given (the review's ply shown), that ply.
pub fn to_query(game: &AnyMatch, ply: Option<usize>) -> String {
    let mut query = form_urlencoded::Serializer::new(String::new());
    query.append_pair("game", &game.variant().to_string());
    query.append_pair("pos", &game.start_text());
    let moves = game.ply_texts();
    if !moves.is_empty() {
        query.append_pair("moves", &moves.join(","));
    }
    if let Some(ply) = ply {
        query.append_pair("ply", &ply.to_string());
    }
    query.finish()
}

/// Replays a link's game with the person at `human` (`None`: two at the screen).
pub fn open(
    link: &GameLink,
    human: Option<Side>,
    level: Level,
    seed: u64,
    now: f64,
) -> Result<AnyMatch, LinkError> {
    let variant =
        Variant::parse(&link.game).map_err(|_| LinkError::UnknownGame(link.game.clone()))?;
    let start = match &link.position {
        Some(text) => text.clone(),
        None => {
            let players = Players { human, level };
            AnyMatch::new(variant, Side::X, players, seed, now).start_text()
        }
    };
    let cursor = match &link.ply {
        None => link.moves.len(),
        Some(text) => match text.trim().parse::<usize>() {
            Ok(n) if n <= link.moves.len() => n,
            _ => return Err(LinkError::Ply(text.clone())),
        },
    };
    let file = SaveFile {
        format: save::FORMAT.to_owned(),
        version: save::VERSION,
        game: link.game.clone(),
        start,
        human: match human {
            Some(Side::X) => "x",
            Some(Side::O) => "o",
            None => "both",
        }
        .to_owned(),
        plies: link.moves.clone(),
        cursor,
    };
    save::from_file(&file, level, seed, now).map_err(|error| match error {
        SaveError::Move {
            number,
            text,
            illegal,
        } => LinkError::Move {
            number,
            text,
            illegal,
        },
        SaveError::AfterEnd { number } => LinkError::AfterEnd { number },
        SaveError::Game(game) => LinkError::UnknownGame(game),
        SaveError::Cursor => LinkError::Ply(cursor.to_string()),
        // The file is made here: what else can go wrong is the position.
        _ => LinkError::Position(file.start.clone()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use qipan_engine::games::GameId;

    fn open_query(query: &str) -> Result<AnyMatch, LinkError> {
        let link = parse_query(query).expect("names a game");
        open(&link, Some(Side::X), Level::Easy, 1, 0.0)
    }

    #[test]
    fn a_query_without_a_game_is_no_link() {
        assert_eq!(parse_query("?room=ABCD1234"), None);
        assert_eq!(parse_query(""), None);
    }

    #[test]
    fn a_game_alone_opens_its_start() {
        let game = open_query("?game=maddell").expect("opens");
        assert_eq!(game.variant(), Variant::plain(GameId::Maddell));
        assert!(game.is_empty());
    }

    #[test]
    fn a_game_round_trips_through_its_link() {
        for id in GameId::ALL {
            let players = Players {
                human: None,
                level: Level::Easy,
            };
            let mut game = AnyMatch::new(Variant::plain(id), Side::X, players, 3, 0.0);
            for _ in 0..6 {
                let Some(&mv) = game.legal_moves().first() else {
                    break;
                };
                game.play(mv, 0.0).expect("legal");
            }
            let query = to_query(&game, Some(2));
            let back = open_query(&query).expect("the link opens");
            assert_eq!(back.ply_texts(), game.ply_texts(), "{query}");
            assert_eq!(back.start_text(), game.start_text());
            assert_eq!(back.cursor(), 2, "{query}");
        }
        // Options travel with the game.
        let players = Players {
            human: None,
            level: Level::Easy,
        };
        let variant = Variant::plain(GameId::Blockade)
            .with(qipan_engine::games::RuleOption::Solidarity, true);
        let game = AnyMatch::new(variant, Side::X, players, 3, 0.0);
        assert_eq!(
            open_query(&to_query(&game, None)).map(|g| g.variant()),
            Ok(variant)
        );
    }

    #[test]
    fn a_broken_link_names_what_is_wrong() {
        assert_eq!(
            open_query("game=chess").err(),
            Some(LinkError::UnknownGame("chess".into()))
        );
        assert!(matches!(
            open_query("game=push&pos=nonsense").err(),
            Some(LinkError::Position(_))
        ));
        assert!(matches!(
            open_query("game=shuangcheng&moves=bh-c,zz-zz").err(),
            Some(LinkError::Move {
                number: 2,
                illegal: false,
                ..
            })
        ));
        assert_eq!(
            open_query("game=shuangcheng&moves=bh-c&ply=5").err(),
            Some(LinkError::Ply("5".into()))
        );
        assert_eq!(
            open_query("game=shuangcheng&ply=x").err(),
            Some(LinkError::Ply("x".into()))
        );
    }
}
