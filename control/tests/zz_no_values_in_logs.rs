//! The confidentiality promise (AEP-032 §2, issue 3 item 8): no target value in any log line
//! or audit entry. Named `zz_` so cargo runs it after the other socket tests: it greps every
//! stderr log, refusal log and audit file they wrote under `target/tmp/control-tests/`, after
//! producing one of each kind of line itself (so it cannot pass on an empty directory).

mod common;
use common::*;

#[test]
fn no_log_or_audit_file_written_by_the_tests_holds_a_target_value() {
    let lab = Lab::new("zz-every-line", &lab_a());
    let grace = lab.dir.join("grace.json");
    let grace_args = ["--test-hooks", "--grace-file", grace.to_str().unwrap()];
    let s = lab.start(&grace_args);
    s.hint("alice", "human");
    s.hint("alice", "human");
    s.watch("");
    let events = r#"{"events":[{"event":"learning_answer_withheld","subject":"alice","scenario_id":"lab-a","target_id":"total_lag","surface":"chat"},{"event":"learning_answer_withheld","subject":"alice","scenario_id":"lab-a","target_id":"zanzibar-quokka","surface":"chat"}]}"#;
    assert_eq!(
        send(s.authed("POST", "/v1/events"), Some(events)).status,
        204
    );
    // Invalid: a too-short string and a value inside its own descriptor.
    lab.replace(
        &manifest_json("lab-b", 0, &[("culprit", "\"abc\"")])
            .replace("the culprit", "marmalade-ocelot"),
    );
    s.healthz();
    lab.replace(&manifest_json("lab-b", 0, &[("total_lag", "8765432")]));
    s.healthz();
    s.finish();
    // A restart with values in grace, then their expiry.
    let s = lab.start(&grace_args);
    s.advance_clock(7200);
    s.healthz();
    let log = lab.stderr();
    for needle in [
        "manifest reload rejected",
        "manifest reloaded",
        "grace state restored",
        "grace ended",
        "hint step",
        "withheld events with an unknown target id were dropped",
    ] {
        assert!(log.contains(needle), "expected a {needle:?} line in\n{log}");
    }
    s.finish();

    let mut checked = 0;
    let mut stack = vec![logs_root()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "log" || e == "jsonl") {
                assert_no_values(&path);
                checked += 1;
            }
        }
    }
    assert!(checked >= 2, "no files checked");
    println!("checked {checked} log and audit files");
}
