//! Finished paired games rated exactly once across servers: the stream `QIPAN_RESULTS`.
//!
//! The server whose change ends a paired game first writes the room (over, not yet
//! recorded: the end is decided, once, by the room's compare-and-swap), then publishes one
//! message on `qipan.results.<room>.<round>` with `Nats-Expected-Last-Subject-Sequence: 0`,
//! so that a game has one message however many servers try (a server that stopped in
//! between is replaced by whoever next reads the room). The message holds both players'
//! standings at the end.
//!
//! Every server pulls from one durable consumer, `settler`, that lets one message out at
//! a time (`max_ack_pending` 1): results are applied in the stream's order, one after the
//! other. Applying a message: each player's entry gets their new standing (their own
//! standing now against the opponent's at the end), the game in their last games, and the
//! message's sequence as `applied`, in one compare-and-swap; an entry whose `applied` is
//! already that far was done before (a server stopped mid-way, the message came again).
//! Then the record is stored and the room marked recorded, then the message acknowledged.
//! So a result changes each rating exactly once, whatever fails in between; the two
//! entries are written one after the other, milliseconds apart.

use std::sync::Arc;
use std::time::Duration;

use async_nats::jetstream::consumer::{pull, AckPolicy, PullConsumer};
use async_nats::jetstream::context::PublishErrorKind;
use async_nats::jetstream::message::PublishMessage;
use async_nats::jetstream::{self, kv};
use futures_util::StreamExt;
use qipan_engine::games::Side;
use serde::{Deserialize, Serialize};

use super::players::Players;
use super::{load_room, update_room};
use crate::names::NameKey;
use crate::room::Room;
use crate::store::{RatingRule, Standing, StoreError, Written};

pub const STREAM: &str = "QIPAN_RESULTS";
const SUBJECTS: &str = "qipan.results";
const CONSUMER: &str = "settler";

/// One finished paired game.
#[derive(Debug, Serialize, Deserialize)]
struct Finished {
    room: String,
    round: u32,
    /// The players' standings in the game when it ended, `[x, o]`.
    at_end: [Standing; 2],
}

fn seat_key(room: &Room, side: Side) -> Option<NameKey> {
    room.player(side).map(|p| NameKey::of(&p.key))
}

/// The standing of a room's seat now.
async fn standing(players: &Players, room: &Room, side: Side) -> Result<Standing, StoreError> {
    let Some(key) = seat_key(room, side) else {
        return Ok(Standing::NEW);
    };
    Ok(match players.get(&key).await? {
        Some((entry, _)) => entry.info(&key).standing(room.game),
        None => Standing::NEW,
    })
}

/// Publishes the result of a room written over and not yet recorded (nothing if it was
/// published already).
pub async fn publish(
    js: &jetstream::Context,
    players: &Players,
    room: &Room,
) -> Result<(), StoreError> {
    let result = Finished {
        room: room.code.clone(),
        round: room.round,
        at_end: [
            standing(players, room, Side::X).await?,
            standing(players, room, Side::O).await?,
        ],
    };
    let data = serde_json::to_vec(&result).map_err(StoreError::Encode)?;
    let subject = format!("{SUBJECTS}.{}.{}", room.code, room.round);
    let message = PublishMessage::build()
        .payload(data.into())
        .expected_last_subject_sequence(0);
    let ack = js
        .send_publish(subject, message)
        .await
        .map_err(|e| StoreError::nats("publishing a result", e))?;
    match ack.await {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == PublishErrorKind::WrongLastSequence => Ok(()),
        Err(e) => Err(StoreError::nats("publishing a result", e)),
    }
}

/// What applies the results.
pub struct Results {
    consumer: PullConsumer,
    rooms: kv::Store,
    players: Players,
    /// How each player's new standing is worked out.
    rule: Arc<RatingRule>,
}

impl Results {
    pub async fn open(
        js: &jetstream::Context,
        rooms: kv::Store,
        players: Players,
        rule: Arc<RatingRule>,
    ) -> Result<Results, StoreError> {
        let stream = js
            .get_or_create_stream(jetstream::stream::Config {
                name: STREAM.to_owned(),
                description: Some("Qipan finished paired games, to be rated (qipan-server)".into()),
                subjects: vec![format!("{SUBJECTS}.>")],
                // Applied within moments; a day is what a server that is down may catch up.
                max_age: Duration::from_secs(24 * 3600),
                num_replicas: 1,
                ..Default::default()
            })
            .await
            .map_err(|e| StoreError::nats(format!("stream {STREAM}"), e))?;
        let consumer = stream
            .get_or_create_consumer(
                CONSUMER,
                pull::Config {
                    durable_name: Some(CONSUMER.to_owned()),
                    ack_policy: AckPolicy::Explicit,
                    ack_wait: Duration::from_secs(10),
                    max_ack_pending: 1,
                    ..Default::default()
                },
            )
            .await
            .map_err(|e| StoreError::nats(format!("consumer {CONSUMER}"), e))?;
        Ok(Results {
            consumer,
            rooms,
            players,
            rule,
        })
    }

    /// Pulls and applies results for as long as the store lives.
    pub async fn apply_forever(self) {
        loop {
            match self.consumer.messages().await {
                Ok(mut messages) => {
                    while let Some(Ok(message)) = messages.next().await {
                        let seq = match message.info() {
                            Ok(info) => info.stream_sequence,
                            Err(_) => continue,
                        };
                        match self.apply(seq, &message.payload).await {
                            Ok(()) => {
                                if let Err(e) = message.ack().await {
                                    tracing::warn!(error = %e, "acknowledging a result");
                                }
                            }
                            // Not acknowledged: it comes again after the consumer's ack wait.
                            Err(e) => tracing::error!(error = %e, "applying a result"),
                        }
                    }
                }
                Err(e) => tracing::warn!(error = %e, "pulling results"),
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }

    async fn apply(&self, seq: u64, payload: &[u8]) -> Result<(), StoreError> {
        let Ok(result) = serde_json::from_slice::<Finished>(payload) else {
            tracing::warn!(seq, "a result that does not read: skipped");
            return Ok(());
        };
        let Some(stored) = load_room(&self.rooms, &result.room).await? else {
            return Ok(());
        };
        let room = stored.room;
        if room.settled || room.round != result.round || !room.needs_settling() {
            return Ok(());
        }
        let id = format!("{}.{}", room.code, room.round);
        let mut afters = [None, None];
        for side in [Side::X, Side::O] {
            let Some(key) = seat_key(&room, side) else {
                continue;
            };
            let opponent = result.at_end[side.opponent().index()];
            afters[side.index()] = self
                .players
                .apply(&key, room.game, seq, &id, |own| {
                    (self.rule)(&room, side, own, opponent)
                })
                .await?;
        }
        self.players
            .put_record(&id, &room.recorded(afters).record())
            .await?;
        // The room, recorded; other changes to it (a player leaving) may come in between.
        let mut stored = Some((room, stored.revision));
        while let Some((room, revision)) = stored {
            if room.settled || room.round != result.round {
                break;
            }
            match update_room(&self.rooms, &room.recorded(afters), revision).await? {
                Written::Done(_) => break,
                Written::Conflict => {
                    stored = load_room(&self.rooms, &result.room)
                        .await?
                        .map(|s| (s.room, s.revision));
                }
            }
        }
        Ok(())
    }
}
