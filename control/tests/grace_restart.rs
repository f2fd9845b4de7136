//! Grace across restarts (issue 8, docs/api.md "Grace across restarts"): with
//! `--grace-file`, values that left the manifest stay guarded after the control service is
//! killed and started again, a manifest swapped while it was down retires the old values at the
//! next start, expiry still ends grace, an unusable file refuses start (unless
//! `--grace-file-reset`), the file is mode 0600, a failed write is counted and logged without a
//! value and grace goes on from memory. Each service is stopped with SIGKILL, as a crash would.

mod common;
use common::*;
use std::os::unix::fs::PermissionsExt;
use std::process::Stdio;
use std::time::Duration;

/// Three values, so a swap retires three (the soak's count).
fn lab_three() -> String {
    manifest_json(
        "lab-a",
        0,
        &[
            ("total_lag", "9876543"),
            ("culprit", "\"zanzibar-quokka\""),
            ("offset", "7654321"),
        ],
    )
}

fn lab_b() -> String {
    manifest_json("lab-b", 0, &[("answer", "8765432")])
}

fn grace_path(lab: &Lab) -> String {
    lab.dir.join("grace.json").to_str().unwrap().to_string()
}

/// The retired list as (id, expires_at_unix), sorted by id.
fn retired(w: &serde_json::Value) -> Vec<(String, u64)> {
    let mut r: Vec<(String, u64)> = w["guard"]["retired"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["id"].as_str().unwrap().to_string(),
                r["expires_at_unix"].as_u64().unwrap(),
            )
        })
        .collect();
    r.sort();
    r
}

fn ids(r: &[(String, u64)]) -> Vec<&str> {
    r.iter().map(|(id, _)| id.as_str()).collect()
}

fn mode(path: &str) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[test]
fn a_swap_then_a_kill_keeps_the_retired_values_guarded() {
    let lab = Lab::new("grace-restart-kill", &lab_three());
    let grace = grace_path(&lab);
    let args = ["--grace-file", grace.as_str(), "--grace-seconds", "3600"];
    let s = lab.start(&args);
    assert_eq!(mode(&grace), 0o600, "written at start, mode 0600");
    lab.replace(&lab_b());
    let before = retired(&s.watch("").json());
    assert_eq!(ids(&before), ["culprit", "offset", "total_lag"]);
    assert_eq!(s.metric("orrery_learning_retired_values"), Some(3.0));
    s.finish();

    let s = lab.start(&args);
    let w = s.watch("").json();
    assert_eq!(w["guard"]["scenario_id"], "lab-b");
    assert_eq!(retired(&w), before, "same values, same expiry");
    let values: Vec<serde_json::Value> = w["guard"]["retired"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["value"].clone())
        .collect();
    for v in [
        serde_json::json!(9_876_543),
        serde_json::json!("zanzibar-quokka"),
        serde_json::json!(7_654_321),
    ] {
        assert!(values.contains(&v), "a retired value is missing");
    }
    assert_eq!(s.metric("orrery_learning_retired_values"), Some(3.0));
    assert_eq!(mode(&grace), 0o600);
    let log = lab.stderr();
    assert!(log.contains("grace state restored"), "{log}");
    assert!(log.contains("retired_restored=3"), "{log}");
    assert!(!log.contains("will not survive a restart"), "{log}");
    s.finish();
}

#[test]
fn a_swap_while_down_puts_the_old_values_in_grace_at_start() {
    let lab = Lab::new("grace-restart-swap-down", &lab_three());
    let grace = grace_path(&lab);
    let args = ["--grace-file", grace.as_str(), "--grace-seconds", "600"];
    let s = lab.start(&args);
    assert_eq!(s.healthz()["scenario_id"], "lab-a");
    s.finish();

    lab.replace(&lab_b());
    let s = lab.start(&[
        "--grace-file",
        grace.as_str(),
        "--grace-seconds",
        "600",
        "--test-hooks",
    ]);
    let now_s = s.advance_clock(0)["now_unix_ms"].as_u64().unwrap() / 1000;
    let w = s.watch("").json();
    assert_eq!(w["guard"]["scenario_id"], "lab-b");
    let r = retired(&w);
    assert_eq!(ids(&r), ["culprit", "offset", "total_lag"]);
    for (_, expires) in &r {
        // Grace counts from this start (the stop is the only moment the swap could be seen).
        assert!(
            (now_s + 590..=now_s + 601).contains(expires),
            "{expires} vs {now_s}"
        );
    }
    assert_eq!(s.metric("orrery_learning_retired_values"), Some(3.0));
    assert!(lab.stderr().contains("values_entering_grace=3"));
    s.finish();

    // Started again with the same manifest: nothing more enters grace, the three stay.
    let s = lab.start(&args);
    assert_eq!(retired(&s.watch("").json()), r);
    s.finish();
}

#[test]
fn grace_still_ends_after_a_restart_and_the_end_is_kept() {
    let lab = Lab::new("grace-restart-expiry", &lab_three());
    let grace = grace_path(&lab);
    let args = [
        "--grace-file",
        grace.as_str(),
        "--grace-seconds",
        "60",
        "--test-hooks",
    ];
    let s = lab.start(&args);
    lab.replace(&lab_b());
    assert_eq!(ids(&retired(&s.watch("").json())).len(), 3);
    s.finish();

    let s = lab.start(&args);
    assert_eq!(s.advance_clock(30)["manifest_generation"], 1);
    assert_eq!(s.metric("orrery_learning_retired_values"), Some(3.0));
    let after = s.advance_clock(31);
    assert_eq!(
        after["manifest_generation"], 2,
        "the expiry bumps the generation"
    );
    let w = s.watch("").json();
    assert!(retired(&w).is_empty());
    assert_eq!(s.metric("orrery_learning_retired_values"), Some(0.0));
    assert_eq!(w["guard"]["targets"][0]["value"], 8_765_432);
    s.finish();

    // The expiry was written: a start without the clock offset does not bring them back.
    let state: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&grace).unwrap()).unwrap();
    assert_eq!(state["retired"], serde_json::json!([]));
    assert_eq!(state["in_force"]["scenario_id"], "lab-b");
    let s = lab.start(&args);
    assert!(retired(&s.watch("").json()).is_empty());
    s.finish();
}

/// Run `serve` with `extra`; return (exit code, stderr) and append stderr to the lab's log.
fn run(lab: &Lab, extra: &[&str]) -> (Option<i32>, String) {
    let mut child = lab
        .command(extra)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    for _ in 0..150 {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    let mut all = lab.stderr();
    all.push_str(&stderr);
    std::fs::write(lab.stderr_path(), all).unwrap();
    (out.status.code(), stderr)
}

#[test]
fn an_unusable_grace_file_refuses_start_unless_reset() {
    let lab = Lab::new("grace-restart-corrupt", &lab_b());
    let grace = grace_path(&lab);
    // Torn JSON holding values: the error must name the file, never quote it.
    std::fs::write(
        &grace,
        r#"{"format":1,"in_force":{"scenario_id":"lab-a","values":[{"id":"culprit","value":"zanzibar-quokka"},{"id":"total_lag","value":9876543"#,
    )
    .unwrap();
    let (code, err) = run(&lab, &["--grace-file", &grace]);
    assert_eq!(code, Some(2), "{err}");
    let line = err
        .lines()
        .find(|l| l.contains("refusing to start"))
        .unwrap_or_else(|| panic!("no refusal in {err}"));
    assert!(line.contains(&grace), "{line}");
    assert!(line.contains("corrupt"), "{line}");
    assert!(line.contains("--grace-file-reset"), "{line}");

    // Values that break the manifest rules are refused too (the filter would refuse them).
    std::fs::write(
        &grace,
        r#"{"format":1,"in_force":{"scenario_id":"lab-a","values":[{"id":"total_lag","value":5}]},"retired":[]}"#,
    )
    .unwrap();
    let (code, err) = run(&lab, &["--grace-file", &grace]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("invalid_values"), "{err}");

    // A directory where the file should be.
    std::fs::remove_file(&grace).unwrap();
    std::fs::create_dir(&grace).unwrap();
    let (code, err) = run(&lab, &["--grace-file", &grace]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("not_a_regular_file"), "{err}");
    std::fs::remove_dir(&grace).unwrap();

    // The operator's way past it: a WARN, no grace values, and a fresh file.
    std::fs::write(&grace, "\u{0}garbage").unwrap();
    std::fs::set_permissions(&grace, std::fs::Permissions::from_mode(0o644)).unwrap();
    let s = lab.start(&["--grace-file", &grace, "--grace-file-reset"]);
    assert!(retired(&s.watch("").json()).is_empty());
    let log = lab.stderr();
    let warn = log
        .lines()
        .find(|l| l.contains("--grace-file-reset given"))
        .expect("a reset line");
    assert!(warn.contains("WARN") && warn.contains(&grace), "{warn}");
    let state: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&grace).unwrap()).unwrap();
    assert_eq!(state["in_force"]["scenario_id"], "lab-b");
    assert_eq!(mode(&grace), 0o600);
    s.finish();
}

#[test]
fn without_a_grace_file_one_warning_says_grace_is_memory_only() {
    let lab = Lab::new("grace-restart-unset", &lab_three());
    let s = lab.start(&[]);
    lab.replace(&lab_b());
    assert_eq!(ids(&retired(&s.watch("").json())).len(), 3);
    s.finish();
    let s = lab.start(&[]);
    assert!(
        retired(&s.watch("").json()).is_empty(),
        "as before: memory only"
    );
    let warnings: Vec<String> = lab
        .stderr()
        .lines()
        .filter(|l| l.contains("grace values will not survive a restart"))
        .map(str::to_string)
        .collect();
    assert_eq!(warnings.len(), 2, "one per start: {warnings:?}");
    assert!(warnings.iter().all(|l| l.contains("WARN")));
    s.finish();
}

#[test]
fn a_failed_write_is_counted_and_logged_and_grace_goes_on_from_memory() {
    let lab = Lab::new("grace-restart-write-fails", &lab_three());
    let grace = grace_path(&lab);
    let s = lab.start(&["--grace-file", &grace, "--grace-seconds", "3600"]);
    // A directory in the file's place: the rename over it fails.
    std::fs::remove_file(&grace).unwrap();
    std::fs::create_dir(&grace).unwrap();
    lab.replace(&lab_b());
    assert_eq!(
        ids(&retired(&s.watch("").json())).len(),
        3,
        "guarded from memory"
    );
    wait_until(Duration::from_secs(10), "a counted write error", || {
        s.metric("orrery_learning_grace_file_write_errors_total")
            .is_some_and(|n| n >= 1.0)
    });
    let log = lab.stderr();
    let line = log
        .lines()
        .find(|l| l.contains("grace file write failed"))
        .expect("an error line");
    assert!(line.contains("ERROR") && line.contains(&grace), "{line}");
    // Retried every second, logged once.
    std::thread::sleep(Duration::from_millis(2500));
    assert_eq!(lab.stderr().matches("grace file write failed").count(), 1);

    // Once the path is free again the retry writes the state.
    std::fs::remove_dir(&grace).unwrap();
    wait_until(Duration::from_secs(10), "the retried write", || {
        lab.stderr().contains("grace file written again")
    });
    s.finish();
    let s = lab.start(&["--grace-file", &grace]);
    assert_eq!(ids(&retired(&s.watch("").json())).len(), 3);
    s.finish();
}
