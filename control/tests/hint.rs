//! The hint endpoint (AEP-032 §3, issue 3 item 3): human principals only, +1 per press up to
//! 3 and never lower, rate-limited per subject with 429 + Retry-After, exact under concurrent
//! presses, audited as `learning_hint` and counted in `orrery_learning_hints_total{level}`.

mod common;
use common::*;

#[test]
fn presses_step_once_per_interval_up_to_three() {
    let lab = Lab::new("hint-steps", &lab_a());
    let s = lab.start(&["--test-hooks"]);
    let r = s.hint("alice", "human");
    assert_eq!(r.status, 200);
    assert_eq!(
        r.json(),
        serde_json::json!({"scenario_id": "lab-a", "level": 1, "max_level": 3, "can_take_hint": true})
    );
    let limited = s.hint("alice", "human");
    assert_eq!(limited.status, 429);
    assert_eq!(limited.retry_after.as_deref(), Some("30"));
    assert_eq!(limited.json()["error"], "rate limited");
    // The limit is per subject.
    assert_eq!(s.hint("bob", "human").json()["level"], 1);

    s.advance_clock(10);
    assert_eq!(s.hint("alice", "human").retry_after.as_deref(), Some("20"));
    s.advance_clock(20);
    assert_eq!(s.hint("alice", "human").json()["level"], 2);
    s.advance_clock(30);
    let top = s.hint("alice", "human").json();
    assert_eq!(
        (top["level"].as_u64(), top["can_take_hint"].as_bool()),
        (Some(3), Some(false))
    );
    // At 3 a press is a no-op: 200, no rate-limit cost, no audit entry.
    for _ in 0..3 {
        let again = s.hint("alice", "human");
        assert_eq!(again.status, 200);
        assert_eq!(again.json()["level"], 3);
    }
    let hints: Vec<(u64, u64)> = lab
        .audit_lines()
        .into_iter()
        .filter(|l| l["event"] == "learning_hint" && l["subject"] == "alice")
        .map(|l| {
            assert_eq!(l["scenario_id"], "lab-a");
            (
                l["old_level"].as_u64().unwrap(),
                l["new_level"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(hints, [(0, 1), (1, 2), (2, 3)]);
    for (level, n) in [("1", 2.0), ("2", 1.0), ("3", 1.0)] {
        assert_eq!(
            s.metric(&format!("orrery_learning_hints_total{{level=\"{level}\"}}")),
            Some(n)
        );
    }
    s.finish();
}

#[test]
fn a_level_belongs_to_its_scenario_and_starts_at_default_disclosure() {
    let lab = Lab::new(
        "hint-scenario",
        &manifest_json("lab-a", 2, &[("total_lag", "9876543")]),
    );
    let s = lab.start(&["--test-hooks"]);
    assert_eq!(s.hint("alice", "human").json()["level"], 3);
    // A new scenario: alice's level 3 on lab-a reads as lab-b's default.
    lab.replace(&manifest_json("lab-b", 1, &[("total_lag", "8765432")]));
    s.advance_clock(30);
    let r = s.hint("alice", "human").json();
    assert_eq!(
        (r["scenario_id"].as_str(), r["level"].as_u64()),
        (Some("lab-b"), Some(2))
    );
    s.finish();
}

#[test]
fn only_a_human_principal_may_press() {
    let lab = Lab::new("hint-principals", &lab_a());
    let s = lab.start(&[]);
    for principal in ["delegated", "service", "unknown", "Human", ""] {
        let r = s.hint("alice", principal);
        assert_eq!(r.status, 403, "{principal:?}");
        assert_eq!(r.json()["error"], "human principal required");
    }
    // No principal header at all.
    let r = send(
        s.authed("POST", "/learning/hint")
            .set("x-orrery-learning-subject", "alice"),
        None,
    );
    assert_eq!(r.status, 403);
    // A human without a subject.
    let r = send(
        s.authed("POST", "/learning/hint")
            .set("x-orrery-learning-principal", "human"),
        None,
    );
    assert_eq!(r.status, 403);
    assert_eq!(r.json()["error"], "subject required");
    assert!(lab
        .audit_lines()
        .iter()
        .all(|l| l["event"] != "learning_hint"));
    s.finish();
}

#[test]
fn a_hundred_concurrent_presses_take_exactly_one_step() {
    let lab = Lab::new("hint-concurrent", &lab_a());
    let s = lab.start(&[]);
    let statuses: Vec<u16> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..100)
            .map(|_| scope.spawn(|| s.hint("carol", "human").status))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(
        statuses.iter().filter(|&&c| c == 200).count(),
        1,
        "{statuses:?}"
    );
    assert_eq!(statuses.iter().filter(|&&c| c == 429).count(), 99);
    let steps = lab
        .audit_lines()
        .into_iter()
        .filter(|l| l["event"] == "learning_hint")
        .count();
    assert_eq!(steps, 1);
    let w = s.watch("").json();
    assert_eq!(
        w["levels"]["entries"],
        serde_json::json!([{"subject": "carol", "scenario_id": "lab-a", "level": 1}])
    );
    assert_eq!(w["level_seq"], 1);
    s.finish();
}
