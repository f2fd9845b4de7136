//! Startup preconditions (AEP-032 §1, issue 3 item 7): each missing condition on its own
//! refuses start with a message naming it; with all of them met the service starts.

mod common;
use common::*;
use std::process::Stdio;
use std::time::Duration;

/// Run `serve` with the lab's good settings edited by `edit`; return (exit code, stderr).
fn run(lab: &Lab, edit: impl FnOnce(&mut std::process::Command)) -> (Option<i32>, String) {
    let mut c = lab.command(&[]);
    edit(&mut c);
    let mut child = c
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A refusal is immediate; a service that starts is stopped after a grace second.
    for _ in 0..100 {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    std::fs::write(lab.dir.join("refusals.log"), &stderr).unwrap();
    (out.status.code(), stderr)
}

/// Replace every `serve` argument with `args` (so one setting can be left out).
fn args(c: &mut std::process::Command, lab: &Lab, args: &[(&str, &str)]) {
    let mut fresh = std::process::Command::new(BIN);
    fresh.env_clear().arg("serve");
    for (k, v) in args {
        let v = v
            .replace("$MANIFEST", lab.manifest.to_str().unwrap())
            .replace("$DIR", lab.dir.to_str().unwrap());
        fresh.arg(k);
        if !v.is_empty() {
            fresh.arg(v);
        }
    }
    *c = fresh;
}

/// A `serve` command line as (flag, value) pairs; `$MANIFEST` and `$DIR` name the lab's files.
type Argv = Vec<(&'static str, &'static str)>;

const GOOD: [(&str, &str); 3] = [
    ("--manifest", "$MANIFEST"),
    ("--proxy-secret", SECRET),
    ("--listen", "127.0.0.1:0"),
];

fn without(flag: &str) -> Argv {
    GOOD.iter().copied().filter(|(k, _)| *k != flag).collect()
}

fn with(flag: &'static str, value: &'static str) -> Argv {
    let mut v = without(flag);
    v.push((flag, value));
    v
}

#[test]
fn each_missing_condition_refuses_start_and_names_itself() {
    let lab = Lab::new("preconditions", &lab_a());
    std::fs::create_dir_all(lab.dir.join("a-directory")).unwrap();
    let invalid = lab.dir.join("invalid.json");
    std::fs::write(
        &invalid,
        r#"{"schema_version":1,"scenario_id":"lab-x","value":"zanzibar-quokka"}"#,
    )
    .unwrap();
    std::fs::write(lab.dir.join("secret"), "short\n").unwrap();

    let cases: Vec<(&str, Argv, &str)> = vec![
        ("manifest unset", without("--manifest"), "no manifest path"),
        (
            "manifest missing",
            with("--manifest", "/nonexistent/manifest.json"),
            "does not exist",
        ),
        (
            "manifest a directory",
            with("--manifest", "$DIR/a-directory"),
            "not a regular file",
        ),
        (
            "manifest invalid",
            with("--manifest", "$DIR/invalid.json"),
            "manifest (ORRERY_SCENARIO_MANIFEST) is invalid",
        ),
        (
            "no proxy secret",
            without("--proxy-secret"),
            "no proxy secret",
        ),
        (
            "short proxy secret",
            with("--proxy-secret", "fifteen-bytes!!"),
            "shorter than 16 bytes",
        ),
        (
            "short secret file",
            {
                let mut v = without("--proxy-secret");
                v.push(("--proxy-secret-file", "$DIR/secret"));
                v
            },
            "shorter than 16 bytes",
        ),
        (
            "non-loopback",
            with("--listen", "0.0.0.0:0"),
            "not loopback",
        ),
        (
            "bad listen",
            with("--listen", "localhost"),
            "ORRERY_LEARNING_LISTEN",
        ),
        (
            "grace not a number",
            {
                let mut v = GOOD.to_vec();
                v.push(("--grace-seconds", "1h"));
                v
            },
            "ORRERY_LEARNING_GRACE_SECONDS",
        ),
        (
            "grace zero",
            {
                let mut v = GOOD.to_vec();
                v.push(("--grace-seconds", "0"));
                v
            },
            "ORRERY_LEARNING_GRACE_SECONDS",
        ),
        (
            "interval zero",
            {
                let mut v = GOOD.to_vec();
                v.push(("--hint-interval-seconds", "0"));
                v
            },
            "ORRERY_LEARNING_HINT_INTERVAL_SECONDS",
        ),
        (
            "interval negative",
            {
                let mut v = GOOD.to_vec();
                v.push(("--hint-interval-seconds", "-30"));
                v
            },
            "ORRERY_LEARNING_HINT_INTERVAL_SECONDS",
        ),
        (
            "probe threshold zero",
            {
                let mut v = GOOD.to_vec();
                v.push(("--probe-threshold", "0"));
                v
            },
            "ORRERY_LEARNING_PROBE_THRESHOLD",
        ),
        (
            "probe threshold too high",
            {
                let mut v = GOOD.to_vec();
                v.push(("--probe-threshold", "1000"));
                v
            },
            "ORRERY_LEARNING_PROBE_THRESHOLD",
        ),
        (
            "probe window not a number",
            {
                let mut v = GOOD.to_vec();
                v.push(("--probe-window-seconds", "10m"));
                v
            },
            "ORRERY_LEARNING_PROBE_WINDOW_SECONDS",
        ),
        (
            "probe window zero",
            {
                let mut v = GOOD.to_vec();
                v.push(("--probe-window-seconds", "0"));
                v
            },
            "ORRERY_LEARNING_PROBE_WINDOW_SECONDS",
        ),
        (
            "test hooks off loopback",
            vec![
                ("--manifest", "$MANIFEST"),
                ("--proxy-secret", SECRET),
                ("--listen", "0.0.0.0:0"),
                ("--allow-non-loopback", ""),
                ("--test-hooks", ""),
            ],
            "loopback listener only",
        ),
    ];
    for (name, argv, want) in cases {
        let (code, stderr) = run(&lab, |c| args(c, &lab, &argv));
        assert_eq!(
            code,
            Some(2),
            "{name}: should refuse, got {code:?}: {stderr}"
        );
        assert!(stderr.contains("refusing to start"), "{name}: {stderr}");
        assert!(
            stderr.contains(want),
            "{name}: {stderr:?} should name {want:?}"
        );
        assert!(!stderr.contains(SECRET), "{name}: the secret leaked");
    }
    assert_no_values(&lab.dir.join("refusals.log"));
}

#[test]
fn environment_variables_work_like_flags() {
    let lab = Lab::new("preconditions-env", &lab_a());
    let (code, stderr) = run(&lab, |c| {
        let mut fresh = std::process::Command::new(BIN);
        fresh
            .env_clear()
            .arg("serve")
            .env("ORRERY_SCENARIO_MANIFEST", &lab.manifest)
            .env("ORRERY_LEARNING_PROXY_SECRET", SECRET)
            .env("ORRERY_LEARNING_LISTEN", "127.0.0.1:0")
            .env("ORRERY_LEARNING_GRACE_SECONDS", "soon");
        *c = fresh;
    });
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("ORRERY_LEARNING_GRACE_SECONDS"), "{stderr}");
    for (var, value) in [
        ("ORRERY_LEARNING_PROBE_THRESHOLD", "-1"),
        ("ORRERY_LEARNING_PROBE_WINDOW_SECONDS", "86401"),
    ] {
        let (code, stderr) = run(&lab, |c| {
            let mut fresh = std::process::Command::new(BIN);
            fresh
                .env_clear()
                .arg("serve")
                .env("ORRERY_SCENARIO_MANIFEST", &lab.manifest)
                .env("ORRERY_LEARNING_PROXY_SECRET", SECRET)
                .env("ORRERY_LEARNING_LISTEN", "127.0.0.1:0")
                .env(var, value);
            *c = fresh;
        });
        assert_eq!(code, Some(2), "{var}: {stderr}");
        assert!(stderr.contains(var), "{var}: {stderr}");
    }
}

#[test]
fn with_every_condition_met_it_starts_and_the_opt_in_allows_non_loopback() {
    let lab = Lab::new("preconditions-ok", &lab_a());
    let s = lab.start(&[]);
    assert_eq!(s.healthz()["scenario_id"], "lab-a");
    s.finish();

    let (code, stderr) = run(&lab, |c| {
        args(
            c,
            &lab,
            &[
                ("--manifest", "$MANIFEST"),
                ("--proxy-secret", SECRET),
                ("--listen", "0.0.0.0:0"),
                ("--allow-non-loopback", ""),
            ],
        )
    });
    assert_eq!(code, None, "killed while serving, not refused: {stderr}");
    assert!(stderr.contains("listening on 0.0.0.0:"), "{stderr}");
}
