//! Every learner-facing surface through a real Envoy, below level 3: the chat reply, the
//! transcript, the session list, triage, activity, pending confirmations, `/me`, the probes,
//! unknown routes, and the withheld-answer reporting (audit stream + Envoy stats).
mod common;
use common::*;
use serde_json::Value;

const NUDGE: &str = "I can't give that value yet.";

#[test]
fn every_surface_is_guarded_below_level_3() {
    let s = Stack::start("surfaces", Options::default());
    let m = default_manifest();
    let alice = s.token("alice", "human");

    // POST /chat: a reply stating a value becomes one nudge; the learner gets no value.
    let r = s.chat(&alice, "echo: the total lag is 5,100 messages", None);
    assert_eq!(r.status, 200);
    let v = r.json().expect("chat JSON");
    let reply = v["response"].as_str().unwrap_or_default();
    assert!(reply.starts_with(NUDGE), "chat reply not nudged");
    assert_no_value(&r.text(), &m, "POST /chat");
    let session = v["session_id"].as_str().expect("session_id").to_string();

    // A benign reply passes as written.
    let r = s.chat(&alice, "echo: the consumers look healthy", None);
    assert_eq!(r.json().unwrap()["response"], "the consumers look healthy");

    // A string value, in another spelling of case.
    let r = s.chat(&alice, "echo: it is Orders-Worker-Kestrel", None);
    assert!(r.json().unwrap()["response"]
        .as_str()
        .unwrap()
        .starts_with(NUDGE));

    // GET /session/{id}: assistant text nudged, the learner's own text kept, the rest scrubbed.
    let r = s.get(&format!("/session/{session}"), Some(&alice));
    assert_eq!(r.status, 200);
    let t = r.json().expect("transcript JSON");
    let msgs = t["messages"].as_array().expect("messages");
    let mut saw_nudge = false;
    for msg in msgs {
        let text = msg["text"].as_str().unwrap_or_default();
        match msg["role"].as_str() {
            Some("assistant") => {
                assert_no_value(text, &m, "transcript assistant text");
                saw_nudge |= text.starts_with(NUDGE);
            }
            Some("user") => assert!(text.starts_with("echo: "), "user text changed"),
            _ => assert_no_value(text, &m, "transcript other role"),
        }
    }
    assert!(
        saw_nudge,
        "the assistant's value-stating reply was not nudged"
    );
    assert_no_value(&t["title"].to_string(), &m, "transcript title");

    // GET /sessions: scrubbed (titles come from messages).
    let r = s.get("/sessions", Some(&alice));
    assert_eq!(r.status, 200);
    assert_no_value(&r.text(), &m, "GET /sessions");
    assert!(r.json().unwrap()["sessions"]
        .as_array()
        .is_some_and(|a| !a.is_empty()));

    // GET /session/{id}/triage: only the session id and the severity.
    let r = s.get(&format!("/session/{session}/triage"), Some(&alice));
    assert_eq!(r.status, 200);
    let tri = r.json().expect("triage JSON");
    let keys: Vec<&String> = tri.as_object().unwrap().keys().collect();
    for k in &keys {
        assert!(
            ["session_id", "incident_severity", "severity"].contains(&k.as_str()),
            "triage kept {k}"
        );
    }
    assert!(keys.iter().any(|k| k.contains("severity")));
    assert_no_value(&r.text(), &m, "triage");

    // GET /session/{id}/activity: entries keep operation, agent, status, timestamp only.
    let r = s.get(&format!("/session/{session}/activity"), Some(&alice));
    assert_eq!(r.status, 200);
    let act = r.json().expect("activity JSON");
    let entries = act["entries"].as_array().expect("entries");
    assert!(!entries.is_empty());
    for e in entries {
        for k in e.as_object().unwrap().keys() {
            assert!(
                ["operation", "agent", "status", "timestamp"].contains(&k.as_str()),
                "activity entry kept {k}"
            );
        }
    }
    assert_no_value(&r.text(), &m, "activity");

    // GET /confirmations/pending: model-written args scrubbed.
    let r = s.chat(&alice, "echo: restart the consumer at offset 2750", None);
    assert!(r.json().unwrap()["response"]
        .as_str()
        .unwrap()
        .starts_with(NUDGE));
    let r = s.get("/confirmations/pending", Some(&alice));
    assert_eq!(r.status, 200);
    assert_no_value(&r.text(), &m, "confirmations");
    assert!(
        r.json().unwrap()["pending"].is_object(),
        "pending confirmation missing"
    );

    // GET /me: the learning block.
    let r = s.get("/me", Some(&alice));
    assert_eq!(r.status, 200);
    let me = r.json().expect("me JSON");
    assert_eq!(
        me["learning"],
        serde_json::json!({"scenario_id": "kafka-lag-7f3a", "level": 0, "max_level": 3, "can_take_hint": true})
    );
    let bot = s.token("alice", "delegated");
    let me = s.get("/me", Some(&bot)).json().unwrap();
    assert_eq!(
        me["learning"]["can_take_hint"], false,
        "delegated principals cannot hint"
    );

    // The probes: learning mode and this Envoy's scenario id, without a token.
    for probe in ["/healthz", "/readyz"] {
        let r = s.get(probe, None);
        assert_eq!(r.status, 200, "{probe}");
        let v = r.json().unwrap();
        assert_eq!(v["mode"], "learning");
        assert_eq!(v["scenario_id"], "kafka-lag-7f3a");
    }

    // An unknown route is scrubbed (the value spelled with escapes so no log shows it plainly).
    let r = s.get("/unlisted/echo?text=lag%20is%205%31%30%30", Some(&alice));
    assert_eq!(r.status, 200);
    assert_no_value(&r.text(), &m, "unknown route");
    assert!(r.text().contains("withheld"), "unknown route not scrubbed");

    // Reporting: each withheld answer is audited (ids, no values) and counted in Envoy stats.
    // Events arrive in batches from the poller: wait for each surface's, not for a count.
    let has_all = |events: &[serde_json::Value]| {
        ["chat", "transcript", "confirmations"]
            .iter()
            .all(|want| events.iter().any(|e| e["surface"] == *want))
    };
    wait_until(
        std::time::Duration::from_secs(30),
        "withheld events for chat, transcript and confirmations",
        || has_all(&s.wait_audit("learning_answer_withheld", 5)),
    );
    let withheld = s.wait_audit("learning_answer_withheld", 5);
    assert!(withheld
        .iter()
        .all(|e| e["subject"] == "alice" && e["scenario_id"] == "kafka-lag-7f3a"));
    assert!(withheld.iter().any(|e| e["target_id"] == "total_lag"));
    assert!(s.stat("withheld.chat") >= 2);
    assert!(s.stat("withheld.other") >= 1);

    s.check_logs();
}

#[test]
fn learning_routes_reach_only_the_learner_endpoints() {
    let s = Stack::start("learning-routes", Options::default());
    let alice = s.token("alice", "human");
    // The watch API and the event intake are never reachable through Envoy.
    for (method, path) in [
        ("GET", "/learning/v1/watch"),
        ("POST", "/learning/v1/events"),
        ("GET", "/learning/metrics"),
        ("GET", "/learning/hint"),
    ] {
        let r = s.request(method, path, Some(&alice), &[], Some(b"{}"));
        assert_eq!(r.status, 404, "{method} {path}");
    }
    let r = s.get("/learning/../v1/watch", Some(&alice));
    assert_ne!(r.status, 200, "the watch API leaked through a dot segment");
    assert!(!r.text().contains("\"guard\""));
    let r = s.hint(&alice);
    assert_eq!(r.status, 200);
    assert_eq!(r.json().unwrap()["level"], 1);
    let v: Value = s.get("/me", Some(&alice)).json().unwrap();
    assert_eq!(v["learning"]["level"], 1);
    s.check_logs();
}
