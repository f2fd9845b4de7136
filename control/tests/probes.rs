//! Probe detection (docs/api.md "Probe detection"): the filter reports one
//! `learning_reply_withheld` per withheld model-turn reply; a learner with `threshold` of them in
//! the sliding window is flagged — one `learning_probe_suspected` audit entry per crossing (no
//! value, no descriptor, no text), `orrery_learning_probes_suspected_total`, the report's flag
//! count and time — and the flag reaches the filter through the watch long-poll.

mod common;
use common::*;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn reply(subject: &str, surface: &str) -> Value {
    json!({"event": "learning_reply_withheld", "subject": subject,
           "scenario_id": "lab-a", "surface": surface})
}

fn answer(subject: &str, target: &str) -> Value {
    json!({"event": "learning_answer_withheld", "subject": subject,
           "scenario_id": "lab-a", "target_id": target, "surface": "chat"})
}

/// One withheld reply as the filter reports it: the target lines and the reply line.
fn withheld_reply(s: &Service, subject: &str) {
    let batch = json!({"events": [answer(subject, "total_lag"), answer(subject, "culprit"),
                                  reply(subject, "chat")]});
    let r = send(s.authed("POST", "/v1/events"), Some(&batch.to_string()));
    assert_eq!(r.status, 204, "{}", r.body);
}

fn probe_lines(lab: &Lab) -> Vec<Value> {
    lab.audit_lines()
        .into_iter()
        .filter(|l| l["event"] == "learning_probe_suspected")
        .collect()
}

fn learner<'a>(report: &'a Value, subject: &str) -> &'a Value {
    report["learners"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["subject"] == subject)
        .unwrap_or_else(|| panic!("{subject} not in the report: {report}"))
}

#[test]
fn the_threshold_flags_once_per_crossing_and_rearms_after_the_window() {
    let lab = Lab::new("probes-crossing", &lab_a());
    let s = lab.start(&["--test-hooks"]);
    for _ in 0..4 {
        withheld_reply(&s, "alice");
    }
    for _ in 0..4 {
        withheld_reply(&s, "bob");
    }
    assert!(probe_lines(&lab).is_empty(), "flagged below the threshold");
    assert_eq!(
        s.metric("orrery_learning_probes_suspected_total"),
        Some(0.0)
    );

    // The fifth withheld reply in ten minutes: one entry, with the count and the window only.
    withheld_reply(&s, "alice");
    let lines = probe_lines(&lab);
    assert_eq!(lines.len(), 1);
    let mut entry = lines[0].clone();
    let ts = entry["ts"].as_str().unwrap().to_string();
    entry.as_object_mut().unwrap().remove("ts");
    assert_eq!(
        entry,
        json!({"event": "learning_probe_suspected", "subject": "alice",
               "scenario_id": "lab-a", "withheld_in_window": 5, "window_seconds": 600})
    );
    // Not again on every later reply of the same run.
    for _ in 0..6 {
        withheld_reply(&s, "alice");
    }
    assert_eq!(probe_lines(&lab).len(), 1);
    assert_eq!(
        s.metric("orrery_learning_probes_suspected_total"),
        Some(1.0)
    );
    assert_eq!(
        s.metric("orrery_learning_replies_withheld_total{surface=\"chat\"}"),
        Some(15.0)
    );
    // Labels never carry a subject.
    assert!(!s.metrics().contains("alice"));

    let report = s.report("");
    let a = learner(&report, "alice");
    assert_eq!(a["replies_withheld"], 11);
    assert_eq!(a["answers_withheld"], 22);
    assert_eq!(a["probes_suspected"], 1);
    assert_eq!(a["last_probe_suspected_at"], ts.as_str());
    let b = learner(&report, "bob");
    assert_eq!(b["probes_suspected"], 0);
    assert_eq!(b["last_probe_suspected_at"], Value::Null);

    // A window later the old replies have left it: a new run of five flags again.
    s.advance_clock(601);
    for _ in 0..4 {
        withheld_reply(&s, "alice");
    }
    assert_eq!(probe_lines(&lab).len(), 1);
    withheld_reply(&s, "alice");
    let lines = probe_lines(&lab);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["withheld_in_window"], 5);
    assert_eq!(
        s.metric("orrery_learning_probes_suspected_total"),
        Some(2.0)
    );
    let report = s.report("");
    assert_eq!(learner(&report, "alice")["probes_suspected"], 2);
    assert_eq!(
        learner(&report, "alice")["last_probe_suspected_at"],
        lines[1]["ts"]
    );

    // The entries carry no value, no descriptor and no reply text (`finish` greps the audit
    // file and the log for every value and descriptor of the manifest as well).
    let audit = std::fs::read_to_string(lab.audit_path()).unwrap();
    for line in audit
        .lines()
        .filter(|l| l.contains("learning_probe_suspected"))
    {
        let v: Value = serde_json::from_str(line).unwrap();
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys.len(),
            6,
            "unexpected fields in a probe entry: {keys:?}"
        );
        for needle in ["9876543", "9,876,543", "zanzibar", "of the seeded fault"] {
            assert!(!line.to_lowercase().contains(needle), "a value in {line}");
        }
    }
    s.finish();
}

#[test]
fn a_flag_wakes_the_watch_and_travels_with_its_age() {
    let lab = Lab::new("probes-watch", &lab_a());
    let s = lab.start(&["--probe-threshold", "2", "--probe-window-seconds", "60"]);
    let w = s.watch("").json();
    assert_eq!(w["probe_seq"], 0);
    assert_eq!(w["probes"], json!({"full": true, "entries": []}));
    let held = format!("{}&probe_seq={}", cursor(&w), w["probe_seq"]);

    // A held watch is woken by the flag. (A cursor of 0 holds no flags: it gets them all.)
    withheld_reply(&s, "alice");
    let (woken, took) = std::thread::scope(|scope| {
        let h = scope.spawn(|| {
            let t = Instant::now();
            let r = s.watch(&format!("{held}&timeout_ms=20000"));
            (r.json(), t.elapsed())
        });
        std::thread::sleep(Duration::from_millis(300));
        withheld_reply(&s, "alice");
        h.join().unwrap()
    });
    assert!(took < Duration::from_secs(3), "not woken: {took:?}");
    assert_eq!(woken["probe_seq"], 1);
    assert_eq!(woken["probes"]["full"], true);
    let entries = woken["probes"]["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["subject"], "alice");
    assert_eq!(entries[0]["scenario_id"], "lab-a");
    assert!(entries[0]["age_ms"].as_u64().unwrap() < 3_000);
    let audit = probe_lines(&lab);
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0]["withheld_in_window"], 2);
    assert_eq!(audit[0]["window_seconds"], 60);

    // A fresh poller (no cursor) gets every recent flag of the scenario, with its age.
    std::thread::sleep(Duration::from_millis(200));
    let full = s.watch("").json();
    assert_eq!(full["probes"]["full"], true);
    let entries = full["probes"]["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 1);
    assert!(entries[0]["age_ms"].as_u64().unwrap() >= 200);
    // Up to date: held, and answered with no flags at the timeout.
    let now = format!("{}&probe_seq=1&timeout_ms=300", cursor(&full));
    let t = Instant::now();
    let idle = s.watch(&now).json();
    assert!(t.elapsed() >= Duration::from_millis(290));
    assert_eq!(idle["probes"], json!({"full": false, "entries": []}));
    // A later flag comes as a delta: only the new one.
    withheld_reply(&s, "bob");
    withheld_reply(&s, "bob");
    let delta = s.watch(&format!("{}&probe_seq=1", cursor(&full))).json();
    assert_eq!(delta["probe_seq"], 2);
    assert_eq!(delta["probes"]["full"], false);
    let entries = delta["probes"]["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["subject"], "bob");
    // A cursor ahead of the store is answered with the full list.
    let ahead = s.watch(&format!("{}&probe_seq=9", cursor(&full))).json();
    assert_eq!(ahead["probes"]["full"], true);
    assert_eq!(s.watch("probe_seq=x").status, 400);
    s.finish();
}
