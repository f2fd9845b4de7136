//! The identity hand-off (docs/api.md "Authentication"): identity headers count only together
//! with the proxy secret; a direct request with forged identity is refused; the watch API (the
//! only endpoint with values) and the events endpoint need the secret; the report endpoint
//! needs the lab platform's bearer token; the test hooks exist only with `--test-hooks`.

mod common;
use common::*;

#[test]
fn forged_identity_without_the_secret_is_refused() {
    let lab = Lab::new("identity-forged", &lab_a());
    let s = lab.start(&[]);
    let forged = |secret: Option<&str>| {
        let mut req = agent()
            .post(&s.url("/learning/hint"))
            .set("x-orrery-learning-subject", "mallory")
            .set("x-orrery-learning-principal", "human");
        if let Some(secret) = secret {
            req = req.set("x-orrery-learning-proxy-secret", secret);
        }
        send(req, None)
    };
    let cases = [
        None,
        Some(""),
        Some("test-proxy-secret-012345678"),   // one byte short
        Some("test-proxy-secret-01234567890"), // one byte long
        Some("TEST-PROXY-SECRET-0123456789"),
    ];
    for secret in cases {
        let r = forged(secret);
        assert_eq!(r.status, 401, "{secret:?}");
        assert_eq!(r.json(), serde_json::json!({"error": "unauthenticated"}));
    }
    assert!(lab
        .audit_lines()
        .iter()
        .all(|l| l["event"] != "learning_hint"));
    // The same headers with the secret are the filter's hand-off, and count.
    assert_eq!(forged(Some(SECRET)).status, 200);
    s.finish();
}

#[test]
fn every_endpoint_but_healthz_and_metrics_needs_the_secret() {
    let lab = Lab::new("identity-endpoints", &lab_a());
    let s = lab.start(&[]);
    let a = agent();
    let events = r#"{"events":[]}"#;
    assert_eq!(send(a.get(&s.url("/v1/watch")), None).status, 401);
    let wrong = send(
        a.get(&s.url("/v1/watch"))
            .set("x-orrery-learning-proxy-secret", "nope-nope-nope-nope"),
        None,
    );
    assert_eq!(wrong.status, 401);
    assert!(!wrong.body.contains("9876543"));
    assert_eq!(send(a.post(&s.url("/v1/events")), Some(events)).status, 401);
    assert_eq!(
        send(s.authed("POST", "/v1/events"), Some(events)).status,
        204
    );
    assert_eq!(send(a.get(&s.url("/healthz")), None).status, 200);
    assert_eq!(send(a.get(&s.url("/metrics")), None).status, 200);
    // Without --test-hooks the clock cannot be moved.
    assert_eq!(
        send(
            s.authed("POST", "/v1/test/advance-clock"),
            Some(r#"{"seconds":1}"#)
        )
        .status,
        404
    );
    assert_eq!(
        send(
            s.authed("POST", "/v1/test/levels"),
            Some(r#"{"prefix":"x","count":1,"level":3}"#)
        )
        .status,
        404
    );
    s.finish();
}

#[test]
fn the_report_needs_the_bearer_token() {
    let lab = Lab::new("identity-report", &lab_a());
    let s = lab.start(&[]);
    let a = agent();
    let bearer = format!("Bearer {REPORT_TOKEN}");
    let cases: [(Option<&str>, Option<&str>, u16); 6] = [
        (None, None, 401),
        (Some("Bearer wrong-token-wrong-token"), None, 401),
        (Some(REPORT_TOKEN), None, 401),    // no "Bearer " prefix
        (Some(&bearer), None, 200),         // directly on loopback
        (Some(&bearer), Some(SECRET), 200), // through Envoy
        (Some(&bearer), Some("wrong-secret-wrong-secret"), 401),
    ];
    for (auth, secret, want) in cases {
        let mut req = a.get(&s.url("/v1/report"));
        if let Some(v) = auth {
            req = req.set("authorization", v);
        }
        if let Some(v) = secret {
            req = req.set("x-orrery-learning-proxy-secret", v);
        }
        assert_eq!(send(req, None).status, want, "{auth:?} {secret:?}");
    }
    // The proxy secret alone is not the lab platform's credential.
    assert_eq!(send(s.authed("GET", "/v1/report"), None).status, 401);
    s.finish();
}
