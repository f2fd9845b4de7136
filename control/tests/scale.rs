//! Scale (issue 3 item 4): 100k learners' levels and 10 Envoys watching. Ten concurrent callers
//! that know nothing each get the full resync (every one of the 100k levels), then, held at the
//! current cursor, each is woken by one hint with a one-entry delta.

mod common;
use common::*;
use serde_json::json;
use std::time::{Duration, Instant};

const LEARNERS: usize = 100_000;
const WATCHERS: usize = 10;

#[test]
fn ten_watchers_resync_100k_levels_and_then_get_deltas() {
    let lab = Lab::new("scale", &lab_a());
    let s = lab.start(&["--test-hooks"]);
    let seeded = send(
        s.authed("POST", "/v1/test/levels"),
        Some(&format!(
            r#"{{"prefix":"learner-","count":{LEARNERS},"level":1}}"#
        )),
    )
    .json();
    assert_eq!(seeded["stored_levels"], LEARNERS);
    assert_eq!(s.metric("orrery_learning_levels"), Some(LEARNERS as f64));

    let fulls: Vec<serde_json::Value> = std::thread::scope(|scope| {
        let hs: Vec<_> = (0..WATCHERS)
            .map(|_| scope.spawn(|| s.watch("timeout_ms=1000").json()))
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for w in &fulls {
        assert_eq!(w["levels"]["full"], true);
        let entries = w["levels"]["entries"].as_array().unwrap();
        assert_eq!(entries.len(), LEARNERS);
        assert!(entries
            .iter()
            .all(|e| e["level"] == 1 && e["scenario_id"] == "lab-a"));
        assert_eq!(w["level_seq"], LEARNERS);
    }

    let t = Instant::now();
    let deltas: Vec<(serde_json::Value, Duration)> = std::thread::scope(|scope| {
        let hs: Vec<_> = fulls
            .iter()
            .map(|w| {
                let q = format!("{}&timeout_ms=30000", cursor(w));
                let s = &s;
                scope.spawn(move || {
                    let r = s.watch(&q).json();
                    (r, t.elapsed())
                })
            })
            .collect();
        let deadline = Instant::now() + Duration::from_secs(20);
        while s.metric("orrery_learning_watchers") != Some(WATCHERS as f64) {
            assert!(Instant::now() < deadline, "watchers not all held");
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(s.hint("learner-42", "human").status, 200);
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (d, took) in &deltas {
        assert!(*took < Duration::from_secs(25), "{took:?}");
        assert_eq!(d["level_seq"], LEARNERS + 1);
        assert_eq!(
            d["levels"],
            json!({"full": false, "entries": [{"subject": "learner-42", "scenario_id": "lab-a", "level": 2}]})
        );
    }
    s.finish();
}
