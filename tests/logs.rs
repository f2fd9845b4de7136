//! Logs and tokens under a real Envoy: the access log names paths without their query, so a
//! target value or a token sent in a query string never lands in it; jwt_authn takes the token
//! from the `Authorization` header only (not Envoy's default `access_token` query parameter);
//! a header name with an underscore is refused before it reaches any filter or upstream; and the
//! final log scan every test runs reads the access log and finds a token or a value there when
//! the format would log them (so the scan is not a check that cannot fail).
mod common;
use common::*;

/// The query a learner might send: a value and a token where a log would keep them.
fn leaky_query(token: &str) -> String {
    format!("/unlisted/echo?text=5100&access_token={token}")
}

#[test]
fn a_query_with_a_value_and_a_token_stays_out_of_every_log() {
    let s = Stack::start("logs-query", Options::default());
    let alice = s.token("alice", "human");
    let bob = s.token("bob", "human");
    // A token in the query is not a credential: without the header the request is refused.
    let r = s.get(&leaky_query(&alice), None);
    assert_eq!(r.status, 401, "{}", r.text());
    // `Bearer` in another header, or the token alone, is not one either.
    let r = s.request(
        "GET",
        "/unlisted/echo",
        None,
        &[("x-access-token", &alice)],
        None,
    );
    assert_eq!(r.status, 401);
    // With the header, the request goes through (guarded) while the query carries another
    // token and a value.
    let r = s.get(&leaky_query(&bob), Some(&alice));
    assert_eq!(r.status, 200, "{}", r.text());
    assert_no_value(&r.text(), &default_manifest(), "unlisted echo");
    let console = s.get("/console?say=orders-worker-kestrel", None);
    assert_eq!(console.status, 200);
    assert_no_value(&console.text(), &default_manifest(), "console page");

    s.check_logs();
    // check_logs stopped Envoy: its access log is complete. The paths are there, the queries not.
    let access = std::fs::read_to_string(s.dir.join(ACCESS_LOG)).unwrap();
    let echo: Vec<&str> = access
        .lines()
        .filter(|l| l.contains("/unlisted/echo"))
        .collect();
    assert_eq!(echo.len(), 3, "one access log line per echo request");
    assert!(access.lines().any(|l| l.contains("GET /console ")));
    assert!(
        !access.contains('?'),
        "a query string in the access log: {}",
        s.dir.display()
    );
}

#[test]
fn a_header_name_with_an_underscore_is_refused() {
    let s = Stack::start("logs-underscore", Options::default());
    let alice = s.token("alice", "human");
    s.clear_standin_requests();
    let r = s.request(
        "GET",
        "/me",
        Some(&alice),
        &[("x_orrery_learning_level", "3")],
        None,
    );
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(
        s.standin_requests().is_empty(),
        "the request reached the stand-in"
    );
    // The dashed spelling is stripped by the filter as before; the request itself is fine.
    let r = s.request(
        "GET",
        "/me",
        Some(&alice),
        &[("x-orrery-learning-level", "3")],
        None,
    );
    assert_eq!(r.status, 200);
    assert_eq!(r.json().unwrap()["learning"]["level"], 0);
    s.check_logs();
}

/// The scan must fail on an access log that keeps the query: the same requests through a
/// config whose access log uses `%REQ(:PATH)%` (the path with its query) leave the value and the
/// token in the access log, and the scan names that file.
#[test]
fn the_log_scan_reads_the_access_log_and_finds_a_token_there() {
    fn full_path(cfg: String) -> String {
        assert!(cfg.contains("%PATH(NQ)%"));
        cfg.replace("%PATH(NQ)%", "%REQ(:PATH)%")
    }
    let s = Stack::start(
        "logs-scan-proof",
        Options {
            edit_envoy: Some(full_path),
            ..Options::default()
        },
    );
    let alice = s.token("alice", "human");
    let bob = s.token("bob", "human");
    assert_eq!(s.get(&leaky_query(&bob), Some(&alice)).status, 200);
    s.stop_envoy();
    let (_, hits) = scan_logs(
        &s.dir,
        &[default_manifest()],
        &[SECRET.to_string(), bob.clone()],
    );
    let in_access: Vec<&String> = hits.iter().filter(|h| h.contains(ACCESS_LOG)).collect();
    assert!(
        in_access
            .iter()
            .any(|h| h.ends_with("holds a manifest value")),
        "{hits:?}"
    );
    assert!(
        in_access
            .iter()
            .any(|h| h.ends_with("holds a token or secret")),
        "{hits:?}"
    );
    assert!(
        in_access
            .iter()
            .any(|h| h.ends_with("holds a JWT-shaped string")),
        "{hits:?}"
    );
    // Only the access log: every other log stays clean even so.
    assert_eq!(hits.len(), in_access.len(), "{hits:?}");
}
