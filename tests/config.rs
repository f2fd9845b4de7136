//! The filter's configuration under a real Envoy: a bad or partial learning config stops Envoy
//! from starting, with a log line naming the problem; and the `lease` sync mode (no bootstrap
//! singleton, as under Istio's WasmPlugin) keeps the stack working.
mod common;
use common::*;
use std::time::{Duration, Instant};

/// Render the demo config with one edit, start Envoy, and expect it to exit with an error.
fn envoy_refuses(name: &str, edit: impl Fn(String) -> String, want_in_log: &str) {
    let dir = root().join("target/e2e").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let tmpl = std::fs::read_to_string(root().join("envoy/demo.yaml.tmpl")).unwrap();
    let jwks = std::fs::read_to_string(root().join("examples/demo/jwks.json")).unwrap();
    let mut cfg = tmpl;
    for (k, v) in [
        ("LISTEN_PORT", free_port().to_string()),
        ("ADMIN_PORT", free_port().to_string()),
        ("ORRERY_PORT", free_port().to_string()),
        ("CONTROL_PORT", free_port().to_string()),
        ("WASM_PATH", wasm_path().to_string_lossy().into_owned()),
        ("PROXY_SECRET", SECRET.to_string()),
        ("JWKS_JSON", jwks.lines().map(str::trim).collect::<String>()),
    ] {
        cfg = cfg.replace(&format!("${{{k}}}"), &v);
    }
    let cfg = edit(cfg);
    let path = dir.join("envoy.yaml");
    std::fs::write(&path, cfg).unwrap();
    let mut child = envoy_command(&path, &dir).spawn().expect("start Envoy");
    let start = Instant::now();
    let status = loop {
        if let Ok(Some(st)) = child.try_wait() {
            break Some(st);
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let st = status.expect("Envoy should refuse to start, but kept running");
    assert!(!st.success(), "Envoy exited successfully");
    let log = std::fs::read_to_string(dir.join("envoy.log")).unwrap_or_default();
    assert!(
        log.contains(want_in_log),
        "the log does not name the problem ({want_in_log}); see {}",
        dir.display()
    );
    // (Envoy at debug prints its own config, secret included; the filter's line never does.)
    let refusal = log
        .lines()
        .find(|l| l.contains("refusing to start"))
        .expect("the filter's refusal line");
    assert!(!refusal.contains(SECRET), "the proxy secret in the refusal");
}

#[test]
fn a_bad_filter_config_stops_envoy() {
    // A partial config: the proxy secret too short.
    envoy_refuses(
        "config-short-secret",
        |c| c.replace(SECRET, "short"),
        "control.proxy_secret is shorter than 16 bytes",
    );
    // An unknown field.
    envoy_refuses(
        "config-unknown-field",
        |c| {
            c.replacen(
                r#""role": "filter", "#,
                r#""role": "filter", "fail_open": true, "#,
                1,
            )
        },
        "unknown field `fail_open`",
    );
    // Not JSON at all, in the sync service's config.
    envoy_refuses(
        "config-sync-not-json",
        |c| c.replacen(r#"'{"role": "sync", "#, r#"'{"role": sync, "#, 1),
        "not valid JSON",
    );
}

fn lease_mode(cfg: String) -> String {
    // No bootstrap singleton: the workers' filter roots elect a poller through the lease.
    let head = cfg
        .split("bootstrap_extensions:")
        .next()
        .unwrap_or_default()
        .to_string();
    let admin = cfg.split("\nadmin:").nth(1).unwrap_or_default();
    let head = head.replacen(
        r#""role": "filter", "#,
        r#""role": "filter", "sync": "lease", "#,
        1,
    );
    format!("{head}\nadmin:{admin}")
}

#[test]
fn lease_mode_keeps_shared_data_fresh_without_a_singleton() {
    let s = Stack::start(
        "config-lease",
        Options {
            edit_envoy: Some(lease_mode),
            hint_interval_seconds: 1,
            ..Options::default()
        },
    );
    let rendered = std::fs::read_to_string(s.dir.join("envoy.yaml")).unwrap();
    assert!(!rendered.contains("envoy.bootstrap.wasm"));
    let m = default_manifest();
    let alice = s.token("alice", "human");
    let r = s.chat(&alice, "echo: the lag is 5100", None);
    assert_eq!(r.status, 200);
    assert_no_value(&r.text(), &m, "lease mode chat");
    assert_eq!(s.hint(&alice).status, 200);
    // The level reaches every worker (the watch, or the hint written at once).
    for _ in 0..6 {
        assert_eq!(
            s.get("/me", Some(&alice)).json().unwrap()["learning"]["level"],
            1
        );
    }
    // Reporting works from the elected poller too.
    s.wait_audit("learning_answer_withheld", 1);
    s.check_logs();
}
