//! DESIGN.md's fail-closed table, row by row, through a real Envoy. Rows covered elsewhere:
//! client-sent level/identity headers (forged_headers.rs), missing or foreign-scenario level
//! (manifest.rs, hints.rs).
mod common;
use common::*;

const NOT_READY: &str = r#"{"error":"learning sandbox not ready"}"#;

/// No snapshot yet / control service unreachable at start: 503 with a fixed message on guarded
/// routes, `/healthz` not ready; once the control service is up, the stack becomes ready.
#[test]
fn not_ready_until_the_control_service_answers() {
    let mut s = Stack::start(
        "fail-closed-not-ready",
        Options {
            start_control: false,
            wait_ready: false,
            ..Options::default()
        },
    );
    let alice = s.token("alice", "human");
    let r = s.get("/healthz", None);
    assert_eq!(r.status, 503);
    assert_eq!(r.json().unwrap()["status"], "not_ready");
    assert_eq!(r.json().unwrap()["mode"], "learning");
    let r = s.chat(&alice, "echo: the lag is 5100", None);
    assert_eq!(r.status, 503);
    assert_eq!(r.text(), NOT_READY);
    let r = s.get("/me", Some(&alice));
    assert_eq!(r.status, 503);
    assert!(
        s.standin_requests().iter().all(|q| q["path"] != "/chat"),
        "a request reached Orrery before the guard was ready"
    );
    assert!(s.stat("refused.not_ready") >= 2);

    s.start_control();
    s.wait_ready();
    let r = s.chat(&alice, "echo: the lag is 5100", None);
    assert_eq!(r.status, 200);
    assert_no_value(&r.text(), &default_manifest(), "chat after ready");
    s.check_logs();
}

#[test]
fn each_fail_closed_row() {
    let s = Stack::start("fail-closed", Options::default());
    let m = default_manifest();
    let alice = s.token("alice", "human");

    // Body over the limit (1 MiB): a fixed error, never the body.
    let r = s.chat(&alice, "big: 1500000", None);
    assert_eq!(r.status, 502, "over-limit body");
    assert_eq!(
        r.text(),
        r#"{"error":"response too large for the learning sandbox"}"#
    );
    // Under the limit it passes.
    let r = s.chat(&alice, "big: 200000", None);
    assert_eq!(r.status, 200);
    assert!(r.body.len() > 200_000);

    // A compressed body that still arrives is refused (accept-encoding was stripped upstream).
    let r = s.request(
        "POST",
        "/chat",
        Some(&alice),
        &[("accept-encoding", "gzip")],
        Some(br#"{"message":"gzip: the lag is 5100"}"#),
    );
    assert_eq!(r.status, 502, "compressed body");
    assert_eq!(
        r.text(),
        r#"{"error":"compressed response refused by the learning sandbox"}"#
    );
    assert!(r.header("content-encoding").is_none());
    let saw_encoding = s
        .standin_requests()
        .iter()
        .any(|q| q["headers"].get("accept-encoding").is_some());
    assert!(!saw_encoding, "accept-encoding reached Orrery");

    // WebSocket / upgrade: refused, never forwarded.
    s.clear_standin_requests();
    let r = s.request(
        "GET",
        "/chat",
        Some(&alice),
        &[
            ("upgrade", "websocket"),
            ("connection", "Upgrade"),
            ("sec-websocket-version", "13"),
            ("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ],
        None,
    );
    assert_eq!(r.status, 403, "upgrade");
    assert_eq!(r.text(), r#"{"error":"upgrade refused in learning mode"}"#);
    assert!(
        s.standin_requests().is_empty(),
        "the upgrade reached Orrery"
    );

    // Unknown route: scrubbed.
    let r = s.get("/unlisted/echo?text=5%31%30%30%20messages", Some(&alice));
    assert_eq!(r.status, 200);
    assert_no_value(&r.text(), &m, "unknown route");

    // Admin and Studio: 403 however the path is spelled (and never forwarded).
    s.clear_standin_requests();
    for path in [
        "/admin",
        "/admin/users",
        "/studio",
        "/studio/agents/x",
        "/ADMIN",
        "/x/../admin",
        "//admin",
        "/%61dmin",
        "/chat/..%2fadmin",
    ] {
        let r = s.get(path, Some(&alice));
        assert_eq!(r.status, 403, "{path}");
        assert_eq!(
            r.text(),
            r#"{"error":"not available in learning mode"}"#,
            "{path}"
        );
    }
    let r = s.post("/studio/run", Some(&alice), &serde_json::json!({}));
    assert_eq!(r.status, 403);
    assert!(
        s.standin_requests().is_empty(),
        "an admin route reached Orrery"
    );

    // Unparseable JSON on a guarded route: scrubbed as text.
    let r = s.chat(&alice, "raw: the lag is 5,100 messages", None);
    assert_eq!(r.status, 200);
    assert_no_value(&r.text(), &m, "non-JSON body");
    let r = s.chat(&alice, "raw: nothing to see", None);
    assert_eq!(r.text(), "nothing to see", "a benign non-JSON body passes");

    // Odd spellings of a guarded route are scrubbed, never passed raw.
    for path in ["/chat/", "/chat?x=1"] {
        let r = s.request(
            "POST",
            path,
            Some(&alice),
            &[],
            Some(br#"{"message":"echo: lag 5100"}"#),
        );
        assert_no_value(&r.text(), &m, path);
    }

    assert!(s.stat("refused.too_large") >= 1);
    assert!(s.stat("refused.compressed") >= 1);
    assert!(s.stat("refused.upgrade") >= 1);
    assert!(s.stat("refused.admin") >= 1);
    assert!(s.stat("refused.studio") >= 1);
    s.check_logs();
}

/// Control service restart: every level back to default_disclosure (withholds more, never less).
#[test]
fn a_control_restart_sends_every_level_back_to_default() {
    let mut s = Stack::start("fail-closed-control-restart", Options::default());
    let m = default_manifest();
    let alice = s.token("alice", "human");
    for want in 1..=3 {
        let r = s.hint(&alice);
        assert_eq!(r.status, 200, "hint {want}");
        assert_eq!(r.json().unwrap()["level"], want);
        std::thread::sleep(std::time::Duration::from_millis(1100));
    }
    // Level 3: unguarded.
    let r = s.chat(&alice, "echo: the lag is 5100", None);
    assert_eq!(r.json().unwrap()["response"], "the lag is 5100");

    s.restart_control();
    wait_until(std::time::Duration::from_secs(20), "levels reset", || {
        s.get("/me", Some(&alice)).json().unwrap()["learning"]["level"] == 0
    });
    let r = s.chat(&alice, "echo: the lag is 5100", None);
    assert_no_value(&r.text(), &m, "chat after a control restart");

    // While the control service is down, the last snapshot keeps guarding, and the withheld
    // event is reported once it is back.
    let before = s.wait_audit("learning_answer_withheld", 1).len();
    std::thread::sleep(std::time::Duration::from_millis(500));
    let before = before.max(
        s.audit()
            .iter()
            .filter(|e| e["event"] == "learning_answer_withheld")
            .count(),
    );
    s.stop_control();
    let r = s.chat(&alice, "echo: the lag is 5100", None);
    assert_eq!(r.status, 200);
    assert_no_value(&r.text(), &m, "chat with the control service down");
    std::thread::sleep(std::time::Duration::from_millis(600));
    s.start_control();
    s.wait_audit("learning_answer_withheld", before + 1);
    s.check_logs();
}
