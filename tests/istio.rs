//! The filter as Istio delivers it, under a real Envoy. The Envoy config is derived from the
//! rendered `deploy/overlays/istio-e2e` (`kubectl kustomize`), not from a second hand-written
//! copy, and shaped the way istiod translates those objects for the ingress gateway:
//!
//! * `WasmPlugin` → an `envoy.filters.http.wasm` filter after authentication and authorization
//!   (`phase: STATS`), `fail_open` from `failStrategy`, its configuration the `pluginConfig`
//!   as JSON, `vmConfig.env` (`valueFrom: HOST`) as `host_env_keys`; no bootstrap singleton.
//! * `RequestAuthentication` → `jwt_authn` with one provider per `jwtRules` entry (issuer,
//!   audiences, `jwks` inline, `fromHeaders`, `outputPayloadToHeader`, `forwardOriginalToken`)
//!   and Istio's one rule: every path, the token optional (`requires_any` with
//!   `allow_missing`), the payload in dynamic metadata.
//! * `AuthorizationPolicy` (`DENY`, `notRequestPrincipals: ["*"]`, `notPaths`) → an `rbac`
//!   filter denying a request with no verified payload on any path but `notPaths` (Istio reads
//!   its own `istio_authn` metadata; plain Envoy has jwt_authn's, which means the same here).
//! * `VirtualService` routes → the route table, each destination host on a loopback port.
//!
//! On it run the surface and hint tests: chat, stream, transcript, /me, unknown and admin
//! routes guarded; a human takes hints, an agent and a service cannot; a token-free request
//! outside the public paths is refused by the policy before the filter, and a forged payload
//! header names nobody; `/healthz` shows the manifest generation, so a re-seed that keeps the
//! scenario id shows. Also: the policy's `notPaths` are exactly the filter's public paths.
mod common;
use common::*;
use orrery_learning_guard::policy::FilterConfig;
use serde_json::{json, Value};
use std::process::Command;

const NUDGE: &str = "I can't give that value yet.";

/// Every object of the rendered overlay, as JSON.
fn rendered(overlay: &str) -> Vec<Value> {
    let out = Command::new("kubectl")
        .args(["kustomize"])
        .arg(root().join("deploy/overlays").join(overlay))
        .output()
        .expect("run kubectl kustomize (kubectl is required: make test-deploy checks for it)");
    assert!(
        out.status.success(),
        "kubectl kustomize {overlay}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8 YAML");
    // kubectl kustomize separates documents with a bare `---` line.
    text.split("\n---\n")
        .map(|d| {
            let v: serde_yaml::Value = serde_yaml::from_str(d).expect("a YAML document");
            serde_json::to_value(v).expect("YAML as JSON")
        })
        .filter(|v| !v.is_null())
        .collect()
}

fn one<'a>(docs: &'a [Value], kind: &str) -> &'a Value {
    let found: Vec<&Value> = docs.iter().filter(|d| d["kind"] == kind).collect();
    assert_eq!(found.len(), 1, "one {kind} in the overlay");
    found[0]
}

fn text(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

/// Istio's cluster name for a destination.
fn outbound(host: &str, port: u64) -> String {
    format!("outbound|{port}||{host}")
}

/// An Istio path pattern (`/x/*` a prefix, else exact) as an Envoy path matcher.
fn path_matcher(p: &str) -> Value {
    match p.strip_suffix('*') {
        Some(prefix) => json!({"prefix": prefix}),
        None => json!({"exact": p}),
    }
}

/// The jwt_authn filter as istiod writes it for a RequestAuthentication.
fn jwt_authn(ra: &Value) -> (Value, Vec<String>) {
    let mut providers = serde_json::Map::new();
    let mut issuers = Vec::new();
    let mut requirements = Vec::new();
    for (i, rule) in ra["spec"]["jwtRules"]
        .as_array()
        .expect("jwtRules")
        .iter()
        .enumerate()
    {
        let name = format!("origins-{i}");
        let issuer = text(&rule["issuer"]).to_string();
        let from_headers: Vec<Value> = rule["fromHeaders"]
            .as_array()
            .expect("fromHeaders: never Envoy's defaults, which read ?access_token=")
            .iter()
            .map(|h| json!({"name": h["name"], "value_prefix": h["prefix"]}))
            .collect();
        assert!(
            rule.get("jwksUri").is_none(),
            "the e2e overlay inlines its JWKS"
        );
        providers.insert(
            name.clone(),
            json!({
                "issuer": issuer,
                "audiences": rule["audiences"],
                "local_jwks": {"inline_string": text(&rule["jwks"])},
                "from_headers": from_headers,
                "forward": rule["forwardOriginalToken"].as_bool().unwrap_or(false),
                "forward_payload_header": rule["outputPayloadToHeader"],
                "payload_in_metadata": issuer,
            }),
        );
        requirements.push(json!({"provider_name": name}));
        issuers.push(issuer);
    }
    requirements.push(json!({"allow_missing": {}}));
    let filter = json!({
        "name": "envoy.filters.http.jwt_authn",
        "typed_config": {
            "@type": "type.googleapis.com/envoy.extensions.filters.http.jwt_authn.v3.JwtAuthentication",
            "providers": providers,
            "rules": [{"match": {"prefix": "/"},
                       "requires": {"requires_any": {"requirements": requirements}}}],
        }
    });
    (filter, issuers)
}

/// The rbac filter for a DENY AuthorizationPolicy of `notRequestPrincipals: ["*"]` rules.
fn rbac(ap: &Value, issuers: &[String]) -> Value {
    assert_eq!(ap["spec"]["action"], "DENY");
    let verified: Vec<Value> = issuers
        .iter()
        .map(|i| {
            json!({"metadata": {"filter": "envoy.filters.http.jwt_authn",
                                "path": [{"key": i}], "value": {"present_match": true}}})
        })
        .collect();
    let mut policies = serde_json::Map::new();
    for (i, rule) in ap["spec"]["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .enumerate()
    {
        let source = &rule["from"][0]["source"];
        assert_eq!(source["notRequestPrincipals"], json!(["*"]), "rule {i}");
        let not_paths: Vec<Value> = rule["to"][0]["operation"]["notPaths"]
            .as_array()
            .expect("notPaths")
            .iter()
            .map(|p| json!({"url_path": {"path": path_matcher(text(p))}}))
            .collect();
        policies.insert(
            format!(
                "ns[istio-system]-policy[{}]-rule[{i}]",
                text(&ap["metadata"]["name"])
            ),
            json!({
                "permissions": [{"not_rule": {"or_rules": {"rules": not_paths}}}],
                "principals": [{"not_id": {"or_ids": {"ids": verified}}}],
            }),
        );
    }
    json!({
        "name": "envoy.filters.http.rbac",
        "typed_config": {
            "@type": "type.googleapis.com/envoy.extensions.filters.http.rbac.v3.RBAC",
            "rules": {"action": "DENY", "policies": policies},
        }
    })
}

/// The Wasm filter for the WasmPlugin (no bootstrap singleton: Istio has none).
fn wasm(wp: &Value) -> (Value, Value) {
    let spec = &wp["spec"];
    assert_eq!(
        spec["phase"], "STATS",
        "after authentication and authorization"
    );
    let env: Vec<Value> = spec["vmConfig"]["env"]
        .as_array()
        .expect("vmConfig.env")
        .iter()
        .filter(|e| e["valueFrom"] == "HOST")
        .map(|e| e["name"].clone())
        .collect();
    let cfg = spec["pluginConfig"].clone();
    let filter = json!({
        "name": "envoy.filters.http.wasm",
        "typed_config": {
            "@type": "type.googleapis.com/envoy.extensions.filters.http.wasm.v3.Wasm",
            "config": {
                "name": format!("istio-system.{}", text(&wp["metadata"]["name"])),
                "root_id": "",
                "fail_open": spec["failStrategy"] != "FAIL_CLOSE",
                "vm_config": {
                    "vm_id": "",
                    "runtime": "envoy.wasm.runtime.v8",
                    "code": {"local": {"filename": wasm_path()}},
                    "environment_variables": {"host_env_keys": env},
                },
                "configuration": {
                    "@type": "type.googleapis.com/google.protobuf.StringValue",
                    "value": cfg.to_string(),
                },
            }
        }
    });
    (filter, cfg)
}

/// The gateway's Envoy config for this stack, from the rendered istio-e2e overlay.
fn istio_envoy(s: &Stack) -> String {
    let docs = rendered("istio-e2e");
    let (jwt, issuers) = jwt_authn(one(&docs, "RequestAuthentication"));
    let policy = rbac(one(&docs, "AuthorizationPolicy"), &issuers);
    let (filter, _) = wasm(one(&docs, "WasmPlugin"));
    let vs = one(&docs, "VirtualService");
    // Each destination on a loopback port: the control service or the stand-in as Orrery.
    let port_of = |host: &str| {
        if host.starts_with("orrery-learning-control.") {
            s.control
        } else {
            s.orrery
        }
    };
    let mut routes = Vec::new();
    let mut clusters = Vec::new();
    for http in vs["spec"]["http"].as_array().expect("http routes") {
        let d = &http["route"][0]["destination"];
        let cluster = outbound(text(&d["host"]), d["port"]["number"].as_u64().unwrap_or(80));
        routes.push(json!({
            "match": {"prefix": text(&http["match"][0]["uri"]["prefix"])},
            "route": {"cluster": cluster, "timeout": text(&http["timeout"])},
        }));
        if !clusters.iter().any(|c: &Value| c["name"] == cluster) {
            clusters.push(json!({
                "name": cluster,
                "type": "STATIC",
                "connect_timeout": "2s",
                "load_assignment": {"cluster_name": cluster, "endpoints": [{"lb_endpoints": [
                    {"endpoint": {"address": {"socket_address": {
                        "address": "127.0.0.1", "port_value": port_of(text(&d["host"]))}}}}]}]},
            }));
        }
    }
    let router = json!({"name": "envoy.filters.http.router", "typed_config": {
        "@type": "type.googleapis.com/envoy.extensions.filters.http.router.v3.Router"}});
    json!({
        "static_resources": {
            "listeners": [{
                "name": "gateway",
                "address": {"socket_address": {"address": "127.0.0.1", "port_value": s.listen}},
                "per_connection_buffer_limit_bytes": 8388608,
                "filter_chains": [{"filters": [{
                    "name": "envoy.filters.network.http_connection_manager",
                    "typed_config": {
                        "@type": "type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager",
                        "stat_prefix": "gateway",
                        // Istio's gateway normalises paths (meshConfig pathNormalization BASE);
                        // the runbook asks for merge_slashes and underscore refusal too.
                        "normalize_path": true,
                        "merge_slashes": true,
                        "common_http_protocol_options": {"headers_with_underscores_action": "REJECT_REQUEST"},
                        "access_log": [{"name": "envoy.access_loggers.stdout", "typed_config": {
                            "@type": "type.googleapis.com/envoy.extensions.access_loggers.stream.v3.StdoutAccessLog",
                            "log_format": {"text_format_source": {"inline_string":
                                "[%START_TIME%] \"%REQ(:METHOD)% %PATH(NQ)% %PROTOCOL%\" %RESPONSE_CODE% %RESPONSE_FLAGS% %RESPONSE_CODE_DETAILS% \"%UPSTREAM_CLUSTER%\"\n"}}}}],
                        "route_config": {"name": "gateway", "virtual_hosts": [
                            {"name": "lab", "domains": ["*"], "routes": routes}]},
                        "http_filters": [jwt, policy, filter, router],
                    }
                }]}],
            }],
            "clusters": clusters,
        },
        "admin": {"address": {"socket_address": {"address": "127.0.0.1", "port_value": s.admin}}},
    })
    .to_string()
}

#[test]
fn the_policy_exempts_exactly_the_filters_public_paths() {
    for overlay in ["istio", "istio-e2e"] {
        let docs = rendered(overlay);
        let wp = one(&docs, "WasmPlugin");
        let cfg = FilterConfig::parse(wp["spec"]["pluginConfig"].to_string().as_bytes())
            .unwrap_or_else(|e| panic!("{overlay}: pluginConfig: {}", e.0));
        assert_eq!(
            wp["spec"]["pluginConfig"]["sync"], "lease",
            "{overlay}: no singleton under Istio"
        );
        assert_eq!(wp["spec"]["failStrategy"], "FAIL_CLOSE", "{overlay}");
        let r = &cfg.routes;
        let mut public: Vec<String> = r
            .health
            .iter()
            .chain(&r.learning_assets)
            .chain(&r.console_pages)
            .cloned()
            .chain(r.public_static_prefixes.iter().map(|p| format!("{p}*")))
            .collect();
        let ap = one(&docs, "AuthorizationPolicy");
        let mut not_paths: Vec<String> = ap["spec"]["rules"][0]["to"][0]["operation"]["notPaths"]
            .as_array()
            .expect("notPaths")
            .iter()
            .map(|p| text(p).to_string())
            .collect();
        public.sort();
        not_paths.sort();
        assert_eq!(
            not_paths, public,
            "{overlay}: notPaths vs the filter's public paths"
        );
        // The proxy secret reaches the VM from the gateway's environment, never inline.
        assert!(!wp["spec"]["pluginConfig"]["control"]
            .as_object()
            .is_some_and(|c| c.contains_key("proxy_secret")));
        // The control service named as Istio names the Service's cluster.
        let vs = one(&docs, "VirtualService");
        let learning = &vs["spec"]["http"][0];
        assert_eq!(
            cfg.control.cluster,
            outbound(
                text(&learning["route"][0]["destination"]["host"]),
                learning["route"][0]["destination"]["port"]["number"]
                    .as_u64()
                    .unwrap_or(0)
            ),
            "{overlay}: control.cluster"
        );
    }
}

#[test]
fn surfaces_and_hints_through_the_istio_shaped_gateway() {
    let mut s = Stack::start(
        "istio",
        Options {
            render: Some(istio_envoy),
            ..Options::default()
        },
    );
    let m = default_manifest();
    let alice = s.token("alice", "human");
    let agent = s.token("alice", "delegated");
    let svc = s.token("svc", "service");

    // The probe shows learning mode without a token.
    let h = s.get("/healthz", None).json().expect("healthz JSON");
    assert_eq!(h["mode"], "learning");
    assert_eq!(h["scenario_id"], "kafka-lag-7f3a");
    assert_eq!(h["manifest_generation"], 1);

    // Surfaces below level 3.
    let r = s.chat(&alice, "echo: the total lag is 5,100 messages", None);
    assert_eq!(r.status, 200);
    let v = r.json().expect("chat JSON");
    assert!(text(&v["response"]).starts_with(NUDGE), "chat not nudged");
    assert_no_value(&r.text(), &m, "POST /chat");
    let session = text(&v["session_id"]).to_string();
    let st = s.stream(&alice, "echo: the worst partition lag is 2750");
    assert_no_value(&String::from_utf8_lossy(&st.body), &m, "POST /chat/stream");
    let r = s.get(&format!("/session/{session}"), Some(&alice));
    assert_eq!(r.status, 200);
    // The learner's own messages are kept (they typed the value); the assistant's are guarded.
    let t = r.json().expect("transcript JSON");
    for msg in t["messages"].as_array().expect("messages") {
        if msg["role"] != "user" {
            assert_no_value(&msg.to_string(), &m, "transcript");
        }
    }
    let r = s.get(&format!("/session/{session}/triage"), Some(&alice));
    assert_no_value(&r.text(), &m, "triage");
    let r = s.get("/unlisted/echo?text=lag%20is%205%31%30%30", Some(&alice));
    assert_eq!(r.status, 200);
    assert_no_value(&r.text(), &m, "unknown route");
    assert_eq!(s.get("/admin/users", Some(&alice)).status, 403);
    let me = s.get("/me", Some(&alice)).json().expect("/me JSON");
    assert_eq!(me["learning"]["level"], 0);
    assert_eq!(me["learning"]["can_take_hint"], true);

    // Public paths need no token; the bundles are guarded at the default disclosure.
    assert_eq!(s.get("/", None).status, 200);
    assert_eq!(s.get("/learning/console.js", None).status, 200);
    let page = s.get("/", None).text();
    let js = page
        .split("\"/assets/")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .expect("a bundle in the Vite index");
    let r = s.get(&format!("/assets/{js}?say=lag%20is%205100"), None);
    assert_eq!(r.status, 200);
    assert_no_value(&r.text(), &m, "a bundle stating a value");

    // Without a token, everything else is refused by the policy, before the filter; a forged
    // payload header does not help.
    let forged = b64url(br#"{"sub":"alice","principal_kind":"human"}"#);
    for (method, path) in [
        ("POST", "/learning/hint"),
        ("GET", "/me"),
        ("POST", "/chat"),
    ] {
        for headers in [&[][..], &[("x-orrery-jwt-payload", forged.as_str())][..]] {
            let body = (method == "POST").then_some(&b"{\"message\":\"hi\"}"[..]);
            let r = s.request(method, path, None, headers, body);
            assert_eq!(r.status, 403, "{method} {path} without a token");
        }
    }
    // A bad token is refused by jwt_authn.
    assert_eq!(s.get("/me", Some("e30.e30.c2ln")).status, 401);

    // Hints: only a human; one step at a time, rate limited; level 3 unguards.
    assert_eq!(s.hint(&agent).status, 403, "an agent took a hint");
    assert_eq!(s.hint(&svc).status, 403, "a service took a hint");
    for want in 1..=3 {
        if want > 1 {
            std::thread::sleep(std::time::Duration::from_millis(1100));
        }
        let r = s.hint(&alice);
        assert_eq!(r.status, 200, "hint {want}");
        assert_eq!(r.json().expect("hint JSON")["level"], want);
        if want == 1 {
            assert_eq!(s.hint(&alice).status, 429, "rate limit");
        }
    }
    let r = s.chat(&alice, "echo: the total lag is 5100", None);
    assert_eq!(
        r.json().expect("chat JSON")["response"],
        "the total lag is 5100"
    );
    s.wait_audit("learning_hint", 3);

    // A re-seed that keeps the scenario id shows in /healthz as a new manifest generation.
    s.replace_manifest(&manifest(
        "kafka-lag-7f3a",
        6200,
        3100,
        "orders-worker-osprey",
    ));
    wait_until(
        std::time::Duration::from_secs(30),
        "manifest generation 2 in /healthz",
        || {
            s.get("/healthz", None)
                .json()
                .is_some_and(|h| h["manifest_generation"] == 2)
        },
    );
    s.check_logs();
}
