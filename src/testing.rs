//! Fixtures of the native unit tests: a filter configuration, a guard set with one numeric
//! target, publishing it in the fake host's shared data as the poller would, a verified
//! identity header, and the check every test ends with: no target value in any log line.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::host::fake::FakeHost;
use crate::host::Map;
use crate::http::Http;
use crate::metrics::Metrics;
use crate::store::{self, GuardCache, SharedCache};
use base64::Engine;
use orrery_learning_guard::guard::GuardSet;
use orrery_learning_guard::manifest::{Target, TargetValue};
use orrery_learning_guard::policy::{self, keys, ConfigError, FilterConfig, Generation};
use proxy_wasm::traits::HttpContext;
use proxy_wasm::types::Action;
use std::cell::RefCell;
use std::rc::Rc;

pub const SCENARIO: &str = "kafka-lag-7f3a";
/// The one target's value, as a learner would see it stated.
pub const VALUE: &str = "5100";
pub const SECRET: &str = "test-proxy-secret-0123456789";

/// A configuration of `role`, with `extra` JSON members merged at the top level. The test
/// unwraps the result (the filter crate's own code never does).
pub fn config_with(role: &str, extra: serde_json::Value) -> Result<FilterConfig, ConfigError> {
    let mut v = serde_json::json!({
        "role": role,
        "control": {"cluster": "learning_control", "proxy_secret_env": "ORRERY_LEARNING_PROXY_SECRET"},
    });
    if let (Some(obj), Some(more)) = (v.as_object_mut(), extra.as_object()) {
        for (k, x) in more {
            obj.insert(k.clone(), x.clone());
        }
    }
    let mut cfg = FilterConfig::parse(v.to_string().as_bytes())?;
    cfg.control.set_proxy_secret(SECRET.into())?;
    Ok(cfg)
}

pub fn config() -> Result<Rc<FilterConfig>, ConfigError> {
    config_with("filter", serde_json::json!({})).map(Rc::new)
}

pub fn guard_set() -> GuardSet {
    GuardSet {
        scenario_id: SCENARIO.into(),
        default_disclosure: 0,
        targets: vec![Target {
            id: "total_lag".into(),
            descriptor: "total lag of group orders-processor".into(),
            value: TargetValue::Number(5100.0),
            unit: None,
        }],
        retired: vec![],
    }
}

/// Publish the guard set and a generation record naming `levels_epoch`, as the poller does.
pub fn publish(host: &FakeHost, levels_epoch: &str) {
    // A set that cannot be written publishes nothing, and the test finds no guard.
    let json = serde_json::to_string(&guard_set()).unwrap_or_default();
    host.put(keys::GUARD, policy::encode_guard("e1/1", &json).as_bytes());
    set_generation(host, levels_epoch);
}

pub fn set_generation(host: &FakeHost, levels_epoch: &str) {
    let gen = Generation {
        guard_id: "e1/1".into(),
        levels_epoch: levels_epoch.into(),
    };
    host.put(keys::GENERATION, gen.encode().as_bytes());
}

/// The level `subject`'s next turn would run at, read as a fresh worker reads it.
pub fn level_now(host: &FakeHost, subject: &str) -> u8 {
    let cache: SharedCache = Rc::new(RefCell::new(GuardCache::default()));
    store::snapshot(host, &cache).map_or(u8::MAX, |s| s.level_of(host, Some(subject)))
}

/// The verified payload header jwt_authn would write for a human `subject`.
pub fn payload(subject: &str) -> String {
    let claims = serde_json::json!({"sub": subject, "principal_kind": "human"});
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(claims.to_string())
}

/// A request context over `host`, with the counters defined.
pub fn http(host: &FakeHost, cfg: Rc<FilterConfig>) -> Http<FakeHost> {
    let cache: SharedCache = Rc::new(RefCell::new(GuardCache::default()));
    let metrics = Rc::new(Metrics::define(host.clone()));
    Http::new(host.clone(), Some(cfg), metrics, cache)
}

/// Run the request-headers callback for `method path` with `headers`.
pub fn request(
    http: &mut Http<FakeHost>,
    host: &FakeHost,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
) -> Action {
    let mut all = vec![
        (":method", method),
        (":path", path),
        (":authority", "orrery"),
    ];
    all.extend_from_slice(headers);
    host.set_headers(Map::REQUEST_HEADERS, &all);
    http.on_http_request_headers(all.len(), false)
}

/// Run the response-headers callback with `headers` (and `:status`).
pub fn respond(
    http: &mut Http<FakeHost>,
    host: &FakeHost,
    status: &str,
    headers: &[(&str, &str)],
) -> Action {
    let mut all = vec![(":status", status)];
    all.extend_from_slice(headers);
    host.set_headers(Map::RESPONSE_HEADERS, &all);
    http.on_http_response_headers(all.len(), false)
}

/// No log line the filter wrote states the target value, nor the proxy secret.
pub fn assert_logs_clean(host: &FakeHost) {
    for (level, line) in host.logs() {
        assert!(
            !line.contains(VALUE),
            "{level:?} log line states the value: {line}"
        );
        assert!(
            !line.contains(SECRET),
            "{level:?} log line states the secret"
        );
    }
}
