//! Identity mapping under a real Envoy: the filter configured with the Keycloak fixture's
//! `identity` block (`guard/tests/fixtures/identity/keycloak.json`), and tokens of that
//! provider's shape (signed with the demo key, so the demo `jwt_authn` verifies them): the
//! learner takes a hint, the service account, the token-exchange agent and a user without a
//! lab role cannot, the instructor reads the help report. A configuration that names no way to
//! recognise a human stops Envoy at start, naming the field.
mod common;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use common::*;
use hmac::{Hmac, Mac};
use serde_json::Value;
use std::time::{Duration, Instant};

const KEYCLOAK: &str = include_str!("../guard/tests/fixtures/identity/keycloak.json");
/// The demo signing key (`stand-in/src/token.rs`; public, demo only).
const DEMO_KEY: &[u8] = b"orrery-learning-demo-signing-key-not-for-production";
const FILTER: &str = r#"'{"role": "filter", "#;

fn fixture() -> Value {
    serde_json::from_str(KEYCLOAK).expect("the Keycloak fixture")
}

/// The demo config with the filter's `identity` set to `identity`.
fn with_identity(cfg: String, identity: &Value) -> String {
    assert_eq!(cfg.matches(FILTER).count(), 1, "one filter configuration");
    let json = identity.to_string();
    assert!(!json.contains('\''), "single-quoted YAML");
    cfg.replace(
        FILTER,
        &format!(r#"'{{"role": "filter", "identity": {json}, "#),
    )
}

fn keycloak_mapping(cfg: String) -> String {
    with_identity(cfg, &fixture()["identity"])
}

/// A token with the fixture's claims, re-issued by the demo issuer for the demo `jwt_authn`.
fn sign(payload: &Value) -> String {
    let mut claims = payload.clone();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    claims["iss"] = "orrery-learning-demo".into();
    claims["aud"] = "orrery".into();
    claims["iat"] = now.into();
    claims["exp"] = (now + 600).into();
    let head = URL_SAFE_NO_PAD.encode(br#"{"alg":"HS256","typ":"JWT"}"#);
    let body = URL_SAFE_NO_PAD.encode(claims.to_string());
    let input = format!("{head}.{body}");
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(DEMO_KEY).expect("an HMAC key");
    mac.update(input.as_bytes());
    let sig = URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes());
    format!("{input}.{sig}")
}

#[test]
fn keycloak_tokens_take_hints_as_their_principal() {
    let s = Stack::start(
        "identity-keycloak",
        Options {
            edit_envoy: Some(keycloak_mapping),
            ..Options::default()
        },
    );
    let f = fixture();
    let tokens: Vec<(String, String, String)> = f["tokens"]
        .as_array()
        .expect("tokens")
        .iter()
        .map(|t| {
            let tok = sign(&t["payload"]);
            s.remember_token(&tok);
            (
                t["name"].as_str().unwrap_or("").to_string(),
                t["principal"].as_str().unwrap_or("none").to_string(),
                tok,
            )
        })
        .collect();
    // The demo's own human token has no lab role: under this mapping it is unknown.
    let demo = s.token("alice", "human");
    assert_eq!(
        s.hint(&demo).status,
        403,
        "a demo token under the Keycloak mapping"
    );
    for (name, principal, tok) in &tokens {
        let me = s.get("/me", Some(tok));
        assert_eq!(me.status, 200, "{name}");
        let learning = &me.json().expect("/me JSON")["learning"];
        // The agent acting for alice shares her subject, so her level (1 after her hint).
        let want = if principal == "delegated" { 1 } else { 0 };
        assert_eq!(learning["level"], want, "{name}");
        assert_eq!(learning["can_take_hint"], principal == "human", "{name}");
        let r = s.hint(tok);
        if principal == "human" {
            assert_eq!(r.status, 200, "{name}");
            assert_eq!(r.json().expect("hint JSON")["level"], 1, "{name}");
        } else {
            assert_eq!(r.status, 403, "{name}: a {principal} took a hint");
        }
    }
    // The instructor (realm role `instructor`) reads the report; the learner does not.
    let by_name = |n: &str| {
        tokens
            .iter()
            .find(|t| t.0.starts_with(n))
            .map(|t| t.2.clone())
            .expect("a fixture token")
    };
    assert_eq!(
        s.get("/learning/report", Some(&by_name("instructor")))
            .status,
        200
    );
    assert_eq!(
        s.get("/learning/report", Some(&by_name("learner"))).status,
        403
    );
    // Every hint is audited, under the provider's subject.
    let hints = s.wait_audit("learning_hint", 2);
    assert!(hints.iter().any(|h| h
        .to_string()
        .contains("7c1e5a52-3b0e-4d53-9f7a-2f1f0c9a1d11")));
    s.check_logs();
}

#[test]
fn a_config_with_no_way_to_recognise_a_human_stops_envoy() {
    let dir = root().join("target/e2e/identity-no-human");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the test directory");
    let cfg = render_demo(free_port(), free_port(), free_port(), free_port());
    let cfg = with_identity(cfg, &serde_json::json!({"human": []}));
    let path = dir.join("envoy.yaml");
    std::fs::write(&path, cfg).expect("write envoy.yaml");
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
    assert!(!st.success());
    let log = std::fs::read_to_string(dir.join("envoy.log")).unwrap_or_default();
    assert!(
        log.contains("identity.human names no way to recognise a human"),
        "see {}",
        dir.display()
    );
}
