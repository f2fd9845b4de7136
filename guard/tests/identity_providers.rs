//! The identity mapping of the filter configuration against the token shapes of real identity
//! providers (Keycloak, Entra ID, Auth0): each fixture under `tests/fixtures/identity/` holds an
//! `identity` block a lab would configure and token payloads as that provider issues them, with
//! the principal, subject and instructor bit the filter must read. The fixtures are embedded
//! (`include_str!`), so the same test runs compiled to wasm32-wasip1.
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use orrery_learning_guard::policy::{FilterConfig, Principal};
use serde_json::{json, Value};

const FIXTURES: [(&str, &str); 3] = [
    ("keycloak", include_str!("fixtures/identity/keycloak.json")),
    ("entra", include_str!("fixtures/identity/entra.json")),
    ("auth0", include_str!("fixtures/identity/auth0.json")),
];

fn config(identity: &Value) -> Result<FilterConfig, String> {
    let cfg = json!({
        "role": "filter",
        "control": {"cluster": "learning_control", "proxy_secret_env": "ORRERY_LEARNING_PROXY_SECRET"},
        "identity": identity,
    });
    FilterConfig::parse(cfg.to_string().as_bytes()).map_err(|e| e.0)
}

fn principal(word: &Value) -> Option<Principal> {
    match word.as_str()? {
        "human" => Some(Principal::Human),
        "delegated" => Some(Principal::Delegated),
        "service" => Some(Principal::Service),
        "unknown" => Some(Principal::Unknown),
        other => panic!("fixture principal {other}"),
    }
}

#[test]
fn each_provider_fixture_reads_as_written() {
    for (name, text) in FIXTURES {
        let f: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let cfg = config(&f["identity"]).unwrap_or_else(|e| panic!("{name}: {e}"));
        let tokens = f["tokens"].as_array().expect("tokens");
        assert!(tokens.len() >= 4, "{name}");
        for t in tokens {
            let what = format!("{name}: {}", t["name"]);
            let header = URL_SAFE_NO_PAD.encode(t["payload"].to_string());
            let got = cfg.identity.read(&header);
            match principal(&t["principal"]) {
                None => assert_eq!(got, None, "{what}"),
                Some(p) => {
                    let id = got.unwrap_or_else(|| panic!("{what}: no identity"));
                    assert_eq!(id.principal, p, "{what}");
                    assert_eq!(Some(id.subject.as_str()), t["subject"].as_str(), "{what}");
                    assert_eq!(Value::Bool(id.instructor), t["instructor"], "{what}");
                }
            }
        }
        // Under the default mapping (the demo issuer's claims) none of these tokens is a human:
        // a real provider's learner reads as unknown until the lab maps its claims.
        let default = config(&json!({})).expect("default identity");
        for t in tokens {
            let header = URL_SAFE_NO_PAD.encode(t["payload"].to_string());
            if let Some(id) = default.identity.read(&header) {
                assert_ne!(id.principal, Principal::Human, "{name}: {}", t["name"]);
            }
        }
    }
}

#[test]
fn a_config_that_cannot_recognise_a_human_is_refused_naming_the_field() {
    let cases = [
        (
            json!({"human": []}),
            "identity.human names no way to recognise a human",
        ),
        (json!({"human": [{"claim": ""}]}), "identity.human"),
        (json!({"human": [{"claim": "a..b"}]}), "identity.human"),
        (
            json!({"human": [{"claim": "role", "value": ""}]}),
            "identity.human",
        ),
        (json!({"human": [{"claim": []}]}), "identity.human"),
        (json!({"service": [{"claim": ".x"}]}), "identity.service"),
        (
            json!({"delegation": [{"claim": "act", "value": ""}]}),
            "identity.delegation",
        ),
        (json!({"subject": ""}), "identity.subject"),
        (json!({"subject": ["a", ""]}), "identity.subject"),
        (
            json!({"human": [{"claim": "role", "value": "learner", "x": 1}]}),
            "unknown field",
        ),
        (json!({"human": {"claim": "role"}}), "invalid type"),
        (json!({"humans": []}), "unknown field `humans`"),
    ];
    for (identity, want) in cases {
        let err = config(&identity).expect_err(&identity.to_string());
        assert!(err.contains(want), "{identity}: {err}");
        assert!(!err.contains("learner"), "{identity}: a value in {err}");
    }
}

#[test]
fn rules_decide_in_the_fail_closed_order() {
    let cfg = config(&json!({
        "subject": "user.id",
        "human": [{"claim": "kind", "value": "person"}],
        "service": [{"claim": "kind", "value": "robot"}, {"claim": "azp"}],
        "delegation": [{"claim": "on_behalf_of"}]
    }))
    .expect("config");
    let cases = [
        (
            json!({"user": {"id": "u1"}, "kind": "person"}),
            Some(Principal::Human),
        ),
        (
            json!({"user": {"id": "u1"}, "kind": ["person"]}),
            Some(Principal::Human),
        ),
        (
            json!({"user": {"id": "u1"}, "kind": "person", "azp": "c"}),
            Some(Principal::Service),
        ),
        (
            json!({"user": {"id": "u1"}, "kind": "person", "azp": ""}),
            Some(Principal::Human),
        ),
        (
            json!({"user": {"id": "u1"}, "kind": "person", "on_behalf_of": {"sub": "x"}}),
            Some(Principal::Delegated),
        ),
        (
            json!({"user": {"id": "u1"}, "kind": "person", "on_behalf_of": null}),
            Some(Principal::Human),
        ),
        (
            json!({"user": {"id": "u1"}, "kind": "person", "on_behalf_of": {}}),
            Some(Principal::Human),
        ),
        (
            json!({"user": {"id": "u1"}, "kind": "robot"}),
            Some(Principal::Service),
        ),
        (
            json!({"user": {"id": "u1"}, "kind": "Person"}),
            Some(Principal::Unknown),
        ),
        (
            json!({"user": {"id": "u1"}, "kind": {"person": true}}),
            Some(Principal::Unknown),
        ),
        (json!({"user": {"id": "u1"}}), Some(Principal::Unknown)),
        // `sub` is not the subject here.
        (json!({"sub": "u1", "kind": "person"}), None),
        (json!({"user": "u1", "kind": "person"}), None),
        (json!({"user": {"id": 7}, "kind": "person"}), None),
        (json!({"user.id": "u1", "kind": "person"}), None),
    ];
    for (payload, want) in cases {
        let got = cfg
            .identity
            .read(&URL_SAFE_NO_PAD.encode(payload.to_string()))
            .map(|i| i.principal);
        assert_eq!(got, want, "{payload}");
    }
}
