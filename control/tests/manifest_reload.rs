//! Manifest loading (AEP-032 §2, issue 3 item 1): an atomic replace (temp file + rename) is
//! in force on the next request; an invalid version keeps the last valid manifest, logs and
//! audits locations/kinds only and bumps `orrery_learning_manifest_errors_total`; a change is
//! picked up by the file watch without any request.

mod common;
use common::*;
use std::time::{Duration, Instant};

fn lab_b() -> String {
    manifest_json("lab-b", 1, &[("total_lag", "8765432")])
}

#[test]
fn atomic_replace_is_in_force_on_the_next_request() {
    let lab = Lab::new("reload-atomic", &lab_a());
    let s = lab.start(&[]);
    assert_eq!(s.healthz()["manifest_generation"], 1);
    lab.replace(&lab_b());
    // No sleep: the request itself stats the file.
    let h = s.healthz();
    assert_eq!(h["scenario_id"], "lab-b");
    assert_eq!(h["manifest_generation"], 2);
    let w = s.watch("").json();
    assert_eq!(w["guard"]["scenario_id"], "lab-b");
    assert_eq!(w["guard"]["default_disclosure"], 1);
    assert_eq!(w["guard"]["targets"][0]["value"], 8_765_432);
    // Both old values stay guarded through the grace period.
    let retired: Vec<&serde_json::Value> =
        w["guard"]["retired"].as_array().unwrap().iter().collect();
    assert_eq!(retired.len(), 2);
    assert_eq!(s.metric("orrery_learning_manifest_generation"), Some(2.0));
    let loaded: Vec<_> = lab
        .audit_lines()
        .into_iter()
        .filter(|l| l["event"] == "learning_manifest_loaded")
        .map(|l| {
            (
                l["scenario_id"].as_str().unwrap().to_string(),
                l["generation"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(loaded, [("lab-a".to_string(), 1), ("lab-b".to_string(), 2)]);
    s.finish();
}

#[test]
fn rewriting_the_same_manifest_is_not_a_new_generation() {
    let lab = Lab::new("reload-same", &lab_a());
    let s = lab.start(&[]);
    lab.replace(&lab_a());
    assert_eq!(s.healthz()["manifest_generation"], 1);
    s.finish();
}

#[test]
fn invalid_reload_keeps_the_last_valid_manifest_and_counts_once() {
    let lab = Lab::new("reload-invalid", &lab_a());
    let s = lab.start(&[]);
    assert_eq!(s.metric("orrery_learning_manifest_errors_total"), Some(0.0));
    // Too-short and too-small values, an unknown field holding a value: all must stay unlogged.
    lab.replace(
        &manifest_json(
            "lab-c",
            0,
            &[
                ("total_lag", "7654321"),
                ("culprit", "\"abc\""),
                ("tiny", "5"),
            ],
        )
        .replace(
            "\"default_disclosure\":0",
            "\"default_disclosure\":0,\"answer\":\"marmalade-ocelot\"",
        ),
    );
    let h = s.healthz();
    assert_eq!(
        h["scenario_id"], "lab-a",
        "the last valid manifest stays in force"
    );
    assert_eq!(h["manifest_generation"], 1);
    assert_eq!(s.metric("orrery_learning_manifest_errors_total"), Some(1.0));
    // The same bad file is one error, however many requests see it.
    for _ in 0..3 {
        s.healthz();
    }
    std::thread::sleep(Duration::from_millis(1200));
    assert_eq!(s.metric("orrery_learning_manifest_errors_total"), Some(1.0));
    let w = s.watch("").json();
    assert_eq!(w["guard"]["targets"][0]["value"], 9_876_543);

    let rejected: Vec<_> = lab
        .audit_lines()
        .into_iter()
        .filter(|l| l["event"] == "learning_manifest_rejected")
        .collect();
    assert_eq!(rejected.len(), 1);
    let errors = rejected[0]["errors"].as_array().unwrap();
    assert!(!errors.is_empty());
    for e in errors {
        let keys: Vec<&String> = e.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["kind", "location"]);
    }
    let log = lab.stderr();
    let line = log
        .lines()
        .find(|l| l.contains("manifest reload rejected"))
        .expect("an error line");
    assert!(line.contains("ERROR"), "{line}");

    // A later valid version is taken again.
    lab.replace(&manifest_json("lab-d", 0, &[("total_lag", "6543219")]));
    assert_eq!(s.healthz()["scenario_id"], "lab-d");
    assert_eq!(s.healthz()["manifest_generation"], 2);

    // A vanished file keeps the manifest in force too.
    std::fs::remove_file(&lab.manifest).unwrap();
    assert_eq!(s.healthz()["scenario_id"], "lab-d");
    assert_eq!(s.metric("orrery_learning_manifest_errors_total"), Some(2.0));
    s.finish();
}

#[test]
fn the_file_watch_reloads_without_a_request() {
    let lab = Lab::new("reload-watch", &lab_a());
    let s = lab.start(&[]);
    lab.replace(&lab_b());
    // Only /metrics, which never stats the manifest, is asked.
    let deadline = Instant::now() + Duration::from_secs(5);
    while s.metric("orrery_learning_manifest_generation") != Some(2.0) {
        assert!(Instant::now() < deadline, "no reload without a request");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(lab.stderr().contains("manifest reloaded"));
    s.finish();
}
