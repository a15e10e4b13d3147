//! A server on a manual clock: the turn's time, its loss and every `turn_ms` follow the
//! clock handed to the server, not the wall clock.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::{server_with_clock, Player};
use qipan_server::ManualClock;
use serde_json::json;

#[test]
fn the_turn_runs_on_the_clock_the_server_is_handed() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        tokio::time::timeout(Duration::from_secs(30), async {
            let dir = tempfile::tempdir().expect("tempdir");
            let clock = Arc::new(ManualClock::new(1_800_000_000_000));
            let srv = server_with_clock(&dir.path().join("db.sqlite"), 60_000, clock.clone()).await;
            let mut x = Player::create(srv.addr(), "shuangcheng", "x").await;
            let mut o = Player::join(srv.addr(), &x.room).await;
            let both = |s: &serde_json::Value| s["connected"] == json!({"x": true, "o": true});
            let state = o.client.state_where(both).await;
            x.client.state_where(both).await;
            // Time stands still: the whole turn is left, however long the test takes.
            assert_eq!(state["turn_ms"], 60_000);

            clock.advance(25_000);
            let mut fan = Player::join(srv.addr(), &x.room).await;
            assert_eq!(fan.client.recv_type("state").await["turn_ms"], 35_000);
            clock.advance(34_999);
            assert!(
                o.client.quiet(300).await.is_empty(),
                "1 ms of the turn is left"
            );

            clock.advance(1);
            let lost = o.client.state_with_plies(1).await;
            assert_eq!(lost["plies"], json!(["timeout"]));
            assert_eq!(lost["turn_ms"], 60_000, "a fresh turn, at the clock's time");
            assert_eq!(x.client.state_with_plies(1).await, lost);
            srv.stop().await;
        })
        .await
        .expect("the test finished in time");
    });
}
