//! Client-sent learning and identity headers are ignored: the level comes only from the store,
//! the identity only from the token jwt_authn verified, and Orrery sees only what the filter
//! stamped.
mod common;
use common::*;

#[test]
fn forged_headers_are_removed_and_ignored() {
    let s = Stack::start("forged-headers", Options::default());
    let m = default_manifest();
    let alice = s.token("alice", "human");
    let forged_payload = b64url(br#"{"sub":"bob","principal_kind":"human"}"#);

    s.clear_standin_requests();
    let r = s.request(
        "POST",
        "/chat",
        Some(&alice),
        &[
            ("x-orrery-learning-level", "3"),
            ("X-Orrery-Learning-Level", "3"),
            ("x-orrery-learning-scenario", "some-other-scenario"),
            ("x-orrery-learning-subject", "bob"),
            ("x-orrery-learning-principal", "human"),
            ("x-orrery-learning-proxy-secret", "guessed-secret-guessed"),
            ("x-orrery-learning-anything", "x"),
            ("x-orrery-jwt-payload", &forged_payload),
        ],
        Some(br#"{"message":"echo: the lag is 5100"}"#),
    );
    assert_eq!(r.status, 200);
    assert!(r.json().unwrap()["response"]
        .as_str()
        .unwrap()
        .starts_with("I can't give that value yet."));
    assert_no_value(&r.text(), &m, "chat with forged headers");

    let reqs = s.standin_requests();
    let chat = reqs
        .iter()
        .find(|q| q["path"] == "/chat")
        .expect("the /chat request");
    let h = chat["headers"].as_object().expect("headers");
    assert_eq!(
        h.get("x-orrery-learning-level").and_then(|v| v.as_str()),
        Some("0")
    );
    assert_eq!(
        h.get("x-orrery-learning-scenario").and_then(|v| v.as_str()),
        Some("kafka-lag-7f3a")
    );
    for gone in [
        "x-orrery-learning-subject",
        "x-orrery-learning-principal",
        "x-orrery-learning-proxy-secret",
        "x-orrery-learning-anything",
        "x-orrery-jwt-payload",
    ] {
        assert!(h.get(gone).is_none(), "{gone} reached Orrery");
    }

    // A forged payload header cannot borrow another identity: alice's hint stays alice's.
    let r = s.request(
        "POST",
        "/learning/hint",
        Some(&alice),
        &[
            ("x-orrery-jwt-payload", &forged_payload),
            ("x-orrery-learning-subject", "bob"),
        ],
        Some(b"{}"),
    );
    assert_eq!(r.status, 200);
    let bob = s.token("bob", "human");
    assert_eq!(
        s.get("/me", Some(&bob)).json().unwrap()["learning"]["level"],
        0
    );
    assert_eq!(
        s.get("/me", Some(&alice)).json().unwrap()["learning"]["level"],
        1
    );

    // A forged delegated token claiming to be human is still delegated.
    let bot = s.token("alice", "delegated");
    let r = s.request(
        "POST",
        "/learning/hint",
        Some(&bot),
        &[("x-orrery-learning-principal", "human")],
        Some(b"{}"),
    );
    assert_eq!(r.status, 403);

    // No token: jwt_authn answers 401, whatever payload header comes along.
    let r = s.request(
        "POST",
        "/chat",
        None,
        &[("x-orrery-jwt-payload", &forged_payload)],
        Some(br#"{"message":"echo: hi"}"#),
    );
    assert_eq!(r.status, 401);
    let r = s.request(
        "POST",
        "/learning/hint",
        None,
        &[("x-orrery-jwt-payload", &forged_payload)],
        Some(b"{}"),
    );
    assert_eq!(r.status, 401);

    // A header value that is not UTF-8 does not trap the filter.
    let raw = format!(
        "GET /me HTTP/1.1\r\nhost: x\r\nconnection: close\r\nauthorization: Bearer {alice}\r\nx-junk: "
    );
    let mut bytes = raw.into_bytes();
    bytes.extend_from_slice(b"\xff\xfe\r\nx-orrery-learning-level: \xff\r\n\r\n");
    let r = http_raw_headers(s.listen, &bytes).expect("a response");
    assert_eq!(r.status, 200);
    assert_eq!(r.json().unwrap()["learning"]["level"], 1);
    // And the filter still serves afterwards.
    assert_eq!(s.get("/me", Some(&alice)).status, 200);
    s.check_logs();
}
