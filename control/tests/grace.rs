//! Grace (AEP-032 §2): a value that leaves the manifest — new scenario_id, or the same id
//! re-seeded with new values — stays in the guard set's `retired` list for
//! ORRERY_LEARNING_GRACE_SECONDS; its expiry bumps the manifest generation and wakes watchers.
//! Time is moved with the `--test-hooks` clock, never slept.

mod common;
use common::*;
use std::time::{Duration, Instant};

fn retired_ids(w: &serde_json::Value) -> Vec<String> {
    w["guard"]["retired"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_reseed_keeps_the_old_value_guarded_until_grace_ends() {
    let lab = Lab::new("grace-reseed", &lab_a());
    let s = lab.start(&["--test-hooks", "--grace-seconds", "3600"]);
    let start_ms = s.advance_clock(0)["now_unix_ms"].as_u64().unwrap();
    // Same scenario_id, one value changed: only that one is retired.
    lab.replace(&manifest_json(
        "lab-a",
        0,
        &[("total_lag", "8765432"), ("culprit", "\"zanzibar-quokka\"")],
    ));
    let w = s.watch("").json();
    assert_eq!(w["manifest_generation"], 2);
    assert_eq!(retired_ids(&w), ["total_lag"]);
    let r = &w["guard"]["retired"][0];
    assert_eq!(r["value"], 9_876_543);
    let expires = r["expires_at_unix"].as_u64().unwrap();
    let expected = start_ms / 1000 + 3600;
    assert!(
        (expected..=expected + 2).contains(&expires),
        "{expires} vs {expected}"
    );

    // Just before the end: still guarded, same generation.
    let before = s.advance_clock(3590);
    assert_eq!(before["manifest_generation"], 2);
    assert_eq!(retired_ids(&s.watch("").json()), ["total_lag"]);
    assert_eq!(s.metric("orrery_learning_retired_values"), Some(1.0));

    // A watcher at generation 2 is woken by the expiry.
    let w2 = s.watch("").json();
    let held = std::thread::scope(|scope| {
        let h = scope.spawn(|| {
            let t = Instant::now();
            let r = s.watch(&format!("{}&timeout_ms=20000", cursor(&w2))).json();
            (r, t.elapsed())
        });
        std::thread::sleep(Duration::from_millis(300));
        let after = s.advance_clock(20);
        assert_eq!(after["manifest_generation"], 3);
        h.join().unwrap()
    });
    let (woken, took) = held;
    assert!(
        took < Duration::from_secs(5),
        "watch not woken by expiry: {took:?}"
    );
    assert_eq!(woken["manifest_generation"], 3);
    assert!(retired_ids(&woken).is_empty());
    assert_eq!(woken["guard"]["targets"][0]["value"], 8_765_432);
    assert_eq!(s.metric("orrery_learning_retired_values"), Some(0.0));
    s.finish();
}

#[test]
fn a_new_scenario_retires_every_value_and_a_returning_value_is_current_again() {
    let lab = Lab::new("grace-new-scenario", &lab_a());
    let s = lab.start(&["--test-hooks", "--grace-seconds", "60"]);
    lab.replace(&manifest_json("lab-b", 0, &[("answer", "7654321")]));
    let w = s.watch("").json();
    let mut ids = retired_ids(&w);
    ids.sort();
    assert_eq!(ids, ["culprit", "total_lag"]);
    // Back to lab-a's lag within grace: it is current, so no longer listed as retired.
    lab.replace(&manifest_json("lab-c", 0, &[("lag_again", "9876543")]));
    let w = s.watch("").json();
    let mut ids = retired_ids(&w);
    ids.sort();
    assert_eq!(ids, ["answer", "culprit"]);
    // Grace is measured from each value's own retirement; 61 s later all have ended.
    s.advance_clock(61);
    let w = s.watch("").json();
    assert!(retired_ids(&w).is_empty());
    assert_eq!(w["manifest_generation"], 4);
    s.finish();
}
