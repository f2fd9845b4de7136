//! The filter's configuration under a real Envoy: a bad or partial learning config, an inline
//! proxy secret, or a missing or short secret in Envoy's environment stops Envoy from starting,
//! with a log line naming the problem; the proxy secret never shows in the admin `/config_dump`;
//! and the `lease` sync mode (no bootstrap singleton, as under Istio's WasmPlugin) keeps the stack
//! working.
mod common;
use common::*;
use std::time::{Duration, Instant};

/// What Envoy's environment holds for the proxy secret.
enum Env {
    Secret(&'static str),
    Unset,
}

/// Render the demo config with one edit, start Envoy with `env`, and expect it to exit with an
/// error.
fn envoy_refuses(name: &str, edit: impl Fn(String) -> String, env: Env, want_in_log: &str) {
    let dir = root().join("target/e2e").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let cfg = render_demo(free_port(), free_port(), free_port(), free_port());
    let cfg = edit(cfg);
    let path = dir.join("envoy.yaml");
    std::fs::write(&path, cfg).unwrap();
    let mut cmd = envoy_command(&path, &dir);
    match env {
        Env::Secret(v) => cmd.env(SECRET_ENV, v),
        Env::Unset => cmd.env_remove(SECRET_ENV),
    };
    let mut child = cmd.spawn().expect("start Envoy");
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
    let refusal = log
        .lines()
        .find(|l| l.contains("refusing to start"))
        .expect("the filter's refusal line");
    for secret in [SECRET, SHORT_SECRET, INLINE_SECRET] {
        assert!(!log.contains(secret), "a proxy secret in Envoy's log");
    }
    assert!(!refusal.contains(SECRET), "the proxy secret in the refusal");
}

const SHORT_SECRET: &str = "tiny-s3cr3t";
const INLINE_SECRET: &str = "inline-s3cr3t-0123456789";

#[test]
fn a_bad_filter_config_stops_envoy() {
    // The proxy secret in Envoy's environment too short.
    envoy_refuses(
        "config-short-secret",
        |c| c,
        Env::Secret(SHORT_SECRET),
        "the proxy secret in ORRERY_LEARNING_PROXY_SECRET is shorter than 16 bytes",
    );
    // Not in Envoy's environment at all.
    envoy_refuses(
        "config-secret-unset",
        |c| c,
        Env::Unset,
        "ORRERY_LEARNING_PROXY_SECRET is not set in the VM's environment",
    );
    // In Envoy's environment, but not passed into the VM.
    envoy_refuses(
        "config-secret-not-passed",
        |c| {
            c.replace(
                "environment_variables: { host_env_keys: [ORRERY_LEARNING_PROXY_SECRET] }",
                "",
            )
        },
        Env::Secret(SECRET),
        "ORRERY_LEARNING_PROXY_SECRET is not set in the VM's environment",
    );
    // Inline in the configuration (config_dump would show it): refused, even beside the env var.
    envoy_refuses(
        "config-secret-inline",
        |c| {
            c.replacen(
                r#""proxy_secret_env": "#,
                &format!(r#""proxy_secret": "{INLINE_SECRET}", "proxy_secret_env": "#),
                1,
            )
        },
        Env::Secret(SECRET),
        "control.proxy_secret must not be inline",
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
        Env::Secret(SECRET),
        "unknown field `fail_open`",
    );
    // Not JSON at all, in the sync service's config.
    envoy_refuses(
        "config-sync-not-json",
        |c| c.replacen(r#"'{"role": "sync", "#, r#"'{"role": sync, "#, 1),
        Env::Secret(SECRET),
        "not valid JSON",
    );
}

/// The admin `/config_dump` (what an operator or a support bundle sees) holds no proxy secret,
/// the rendered config holds none, and traffic still works with the secret from the environment.
#[test]
fn the_proxy_secret_is_not_in_config_dump() {
    let s = Stack::start("config-dump-no-secret", Options::default());
    let rendered = std::fs::read_to_string(s.dir.join("envoy.yaml")).unwrap();
    assert!(
        !rendered.contains(SECRET),
        "the secret in the rendered config"
    );
    assert!(rendered.contains(r#""proxy_secret_env": "ORRERY_LEARNING_PROXY_SECRET""#));
    let dump = http(s.admin, "GET", "/config_dump?include_eds", &[], None).expect("config_dump");
    assert_eq!(dump.status, 200);
    let text = dump.text();
    assert!(
        text.contains("proxy_secret_env"),
        "not the filter's config dump"
    );
    assert!(!text.contains(SECRET), "the proxy secret in /config_dump");
    // The filter reached the control service with it: a hint needs the proxy secret there.
    let alice = s.token("alice", "human");
    let r = s.chat(&alice, "echo: the lag is 5100", None);
    assert_eq!(r.status, 200);
    assert_no_value(&r.text(), &default_manifest(), "chat");
    assert_eq!(s.hint(&alice).status, 200);
    assert_eq!(
        s.get("/me", Some(&alice)).json().unwrap()["learning"]["level"],
        1
    );
    s.check_logs();
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
