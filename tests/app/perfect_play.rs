//! Sixpenny Maddell's perfect play: the solved table prepared once, and the status line's note.

use crate::app_with;
use egui_kittest::kittest::Queryable;
use qipan::i18n::Lang;
use qipan_engine::games::GameId;

/// Issue 14: opening Maddell starts preparing its solved table (once), and the status line
/// says how far it is, in both languages; no other game shows the note. The table here is a
/// stand-in whose readiness the test sets (the real one takes a minute to build, and
/// `App::new` prepares it; `maddell_table`'s own tests check the table).
#[test]
fn opening_maddell_prepares_perfect_play_and_the_status_line_says_so() {
    use qipan::ui::PerfectPlay;
    use qipan_engine::ai::maddell_table::Readiness;
    use std::sync::{Arc, Mutex};

    let state = Arc::new(Mutex::new(Readiness::NotStarted));
    let starts = Arc::new(Mutex::new(Vec::<egui::Context>::new()));
    let set = |r: Readiness| *state.lock().unwrap() = r;
    let (mut harness, _clock) = app_with(GameId::ShuangCheng);
    let (in_start, in_readiness, started) =
        (Arc::clone(&state), Arc::clone(&state), Arc::clone(&starts));
    harness.state_mut().set_perfect_play(PerfectPlay::custom(
        move |ctx| {
            *in_start.lock().unwrap() = Readiness::Building(0.0);
            started.lock().unwrap().push(ctx);
        },
        move || in_readiness.lock().unwrap().clone(),
    ));
    harness.run();
    assert!(
        starts.lock().unwrap().is_empty(),
        "Shuang Cheng needs no table"
    );
    assert_eq!(harness.state().perfect_play_note(), None);
    assert!(harness.query_by_label_contains("Perfect play").is_none());

    harness.get_by_label("Sixpenny Maddell").click();
    harness.run();
    assert_eq!(
        starts.lock().unwrap().len(),
        1,
        "the first Maddell game starts it"
    );
    harness.get_by_label("Perfect play: solving the game… 0%");
    set(Readiness::Building(0.427));
    // As the real preparation does: it wakes the app when its state changes.
    starts.lock().unwrap()[0].request_repaint();
    harness.run();
    harness.get_by_label("Perfect play: solving the game… 42%");

    // Another game: no note; back to Maddell: the same preparation, not a second one.
    harness.get_by_label("Line-Board Shuang Cheng").click();
    harness.run();
    assert!(harness.query_by_label_contains("Perfect play").is_none());
    harness.get_by_label("Sixpenny Maddell").click();
    harness.run();
    assert_eq!(starts.lock().unwrap().len(), 1, "prepared once");

    set(Readiness::Loading);
    harness.run();
    harness.get_by_label("Perfect play: reading the solved table…");
    set(Readiness::Ready { note: None });
    harness.run();
    harness.get_by_label("Perfect play ready");
    harness.state_mut().set_lang(Lang::Zh);
    harness.run();
    harness.get_by_label("完美着法已就绪");
    set(Readiness::Building(0.05));
    harness.run();
    harness.get_by_label("完美着法：正在解算本棋… 5%");
    set(Readiness::Failed("disk full".into()));
    harness.run();
    harness.get_by_label("无法启用完美着法：disk full。电脑改用搜索。");
    harness.state_mut().set_lang(Lang::En);
    harness.run();
    harness.get_by_label("No perfect play: disk full. The computer searches instead.");
    set(Readiness::Ready {
        note: Some("read-only".into()),
    });
    harness.run();
    harness.get_by_label_contains("Perfect play ready (not stored");
}
