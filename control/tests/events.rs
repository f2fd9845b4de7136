//! What the filter reports (`POST /v1/events`) and what the lab platform reads back
//! (`GET /v1/report`): each withheld answer is one `learning_answer_withheld` audit line and one
//! `orrery_learning_answers_withheld_total{surface}`; bad batches are refused whole; an unknown
//! target id is dropped unaudited; the report joins hints and withheld answers per learner.

mod common;
use common::*;
use serde_json::json;

fn withheld(subject: &str, target: &str, surface: &str) -> serde_json::Value {
    json!({"event": "learning_answer_withheld", "subject": subject,
           "scenario_id": "lab-a", "target_id": target, "surface": surface})
}

fn post(s: &Service, body: &str) -> Reply {
    send(s.authed("POST", "/v1/events"), Some(body))
}

#[test]
fn withheld_events_become_audit_lines_metrics_and_report_rows() {
    let lab = Lab::new("events-audit", &lab_a());
    let s = lab.start(&[]);
    let batch = json!({"events": [
        withheld("alice", "total_lag", "chat"),
        withheld("alice", "culprit", "stream"),
        withheld("bob", "total_lag", "chat"),
        withheld("alice", "no_such_target", "chat"),
    ]});
    assert_eq!(post(&s, &batch.to_string()).status, 204);
    let lines: Vec<serde_json::Value> = lab
        .audit_lines()
        .into_iter()
        .filter(|l| l["event"] == "learning_answer_withheld")
        .map(|mut l| {
            assert!(l["ts"].as_str().unwrap().ends_with('Z'));
            l.as_object_mut().unwrap().remove("ts");
            l
        })
        .collect();
    assert_eq!(
        lines,
        [
            withheld("alice", "total_lag", "chat"),
            withheld("alice", "culprit", "stream"),
            withheld("bob", "total_lag", "chat")
        ]
    );
    assert_eq!(
        s.metric("orrery_learning_answers_withheld_total{surface=\"chat\"}"),
        Some(2.0)
    );
    assert_eq!(
        s.metric("orrery_learning_answers_withheld_total{surface=\"stream\"}"),
        Some(1.0)
    );
    assert_eq!(s.metric("orrery_learning_events_dropped_total"), Some(1.0));

    s.hint("alice", "human");
    let report = send(
        agent()
            .get(&s.url("/v1/report"))
            .set("authorization", &format!("Bearer {REPORT_TOKEN}")),
        None,
    )
    .json();
    assert_eq!(
        report,
        json!({"scenario_id": "lab-a", "learners": [
            {"subject": "alice", "level": 1, "hints_taken": 1, "answers_withheld": 2,
             "replies_withheld": 0, "probes_suspected": 0, "last_probe_suspected_at": null},
            {"subject": "bob", "level": 0, "hints_taken": 0, "answers_withheld": 1,
             "replies_withheld": 0, "probes_suspected": 0, "last_probe_suspected_at": null},
        ], "next_cursor": null})
    );
    let other = send(
        agent()
            .get(&s.url("/v1/report?scenario_id=lab-zzz"))
            .set("authorization", &format!("Bearer {REPORT_TOKEN}")),
        None,
    )
    .json();
    assert_eq!(
        other,
        json!({"scenario_id": "lab-zzz", "learners": [], "next_cursor": null})
    );
    s.finish();
}

#[test]
fn bad_batches_are_refused_whole() {
    let lab = Lab::new("events-bad", &lab_a());
    let s = lab.start(&[]);
    // Just over 1 MiB (a valid batch otherwise), so the refused tail is small enough to sit in
    // the socket buffer and the client still reads the 400 instead of a reset.
    let one = withheld("alice", "total_lag", "chat").to_string();
    let big = format!(
        r#"{{"events":[{}]}}"#,
        vec![one.as_str(); (1 << 20) / (one.len() + 1) + 2].join(",")
    );
    assert!(big.len() > 1 << 20 && big.len() < (1 << 20) + 1024);
    let cases: Vec<(&str, String)> = vec![
        ("unknown kind", json!({"events": [withheld("a", "total_lag", "chat"), {"event": "learning_hint", "subject": "a", "scenario_id": "lab-a", "target_id": "total_lag", "surface": "chat"}]}).to_string()),
        ("extra field", json!({"events": [{"event": "learning_answer_withheld", "subject": "a", "scenario_id": "lab-a", "target_id": "total_lag", "surface": "chat", "value": "zanzibar-quokka"}]}).to_string()),
        ("missing field", json!({"events": [{"event": "learning_answer_withheld", "subject": "a"}]}).to_string()),
        ("no kind", json!({"events": [{"subject": "a", "scenario_id": "lab-a", "surface": "chat"}]}).to_string()),
        ("kind not a string", json!({"events": [{"event": 7, "subject": "a", "scenario_id": "lab-a", "surface": "chat"}]}).to_string()),
        ("event not an object", json!({"events": ["zanzibar-quokka"]}).to_string()),
        ("reply with a target id", json!({"events": [{"event": "learning_reply_withheld", "subject": "a", "scenario_id": "lab-a", "surface": "chat", "target_id": "total_lag"}]}).to_string()),
        ("reply with text", json!({"events": [{"event": "learning_reply_withheld", "subject": "a", "scenario_id": "lab-a", "surface": "chat", "reply": "zanzibar-quokka"}]}).to_string()),
        ("reply without surface", json!({"events": [{"event": "learning_reply_withheld", "subject": "a", "scenario_id": "lab-a"}]}).to_string()),
        ("reply with a bad surface", json!({"events": [{"event": "learning_reply_withheld", "subject": "a", "scenario_id": "lab-a", "surface": "Chat"}]}).to_string()),
        ("reply without subject", json!({"events": [{"event": "learning_reply_withheld", "subject": "", "scenario_id": "lab-a", "surface": "chat"}]}).to_string()),
        ("surface with a space", json!({"events": [withheld("a", "total_lag", "chat reply")]}).to_string()),
        ("not json", "zanzibar-quokka".to_string()),
        ("over 1 MiB", big),
    ];
    for (name, body) in cases {
        let r = post(&s, &body);
        assert_eq!(r.status, 400, "{name}");
        assert!(
            !r.body.contains("zanzibar"),
            "{name}: the error echoes input"
        );
    }
    assert!(lab
        .audit_lines()
        .iter()
        .all(|l| l["event"] != "learning_answer_withheld"));
    // Nothing of a refused batch was counted either.
    assert_eq!(s.report("")["learners"], json!([]));
    s.finish();
}
