//! The help report as an instructor reads it: `GET /learning/report` through the real Envoy,
//! where the filter sets the instructor header from the verified token's claim and the control
//! service answers only with it. A learner, a delegated principal and an anonymous caller are
//! refused; the report survives a control-service restart (rebuilt from the audit file) while
//! levels return to the default; pages are walked with `next_cursor`; no value anywhere.
mod common;
use common::*;

fn rows(v: &serde_json::Value) -> Vec<serde_json::Value> {
    v["learners"].as_array().cloned().unwrap_or_default()
}

fn row<'a>(v: &'a [serde_json::Value], sub: &str) -> Option<&'a serde_json::Value> {
    v.iter().find(|r| r["subject"] == sub)
}

#[test]
fn instructor_report_through_the_gateway() {
    let mut s = Stack::start("report", Options::default());
    let m = default_manifest();
    let alice = s.token("alice", "human");
    let bob = s.token("bob", "human");
    let teacher = s.token_with_role("tess", "human", "instructor");
    let teacher_bot = s.token_with_role("tess", "delegated", "instructor");
    let pretender = s.token_with_role("mallory", "human", "learner");

    // Help to report: alice takes a hint and has an answer withheld; bob has one withheld.
    assert_eq!(s.hint(&alice).status, 200);
    for t in [&alice, &bob] {
        let r = s.chat(t, "echo: the lag is 5100", None);
        assert_eq!(r.status, 200);
        assert_no_value(&r.text(), &m, "chat");
    }
    s.wait_audit("learning_answer_withheld", 2);

    // Only a verified human instructor reads it; everyone else is refused before the control
    // service (the filter) or by it.
    for (who, tok) in [
        ("learner", Some(&alice)),
        ("other role", Some(&pretender)),
        ("delegated instructor", Some(&teacher_bot)),
    ] {
        let r = s.get("/learning/report", tok.map(String::as_str));
        assert_eq!(r.status, 403, "{who}: {}", r.text());
    }
    assert_eq!(s.get("/learning/report", None).status, 401);
    // A forged instructor header from a learner is stripped.
    let r = s.request(
        "GET",
        "/learning/report",
        Some(&alice),
        &[
            ("x-orrery-learning-instructor", "true"),
            ("x-orrery-learning-principal", "human"),
        ],
        None,
    );
    assert_eq!(r.status, 403, "forged header: {}", r.text());

    let r = s.get("/learning/report", Some(&teacher));
    assert_eq!(r.status, 200, "{}", r.text());
    assert_no_value(&r.text(), &m, "report");
    let v = r.json().expect("report JSON");
    let all = rows(&v);
    let a = row(&all, "alice").expect("alice in the report");
    assert_eq!(a["level"], 1);
    assert_eq!(a["hints_taken"], 1);
    assert!(a["answers_withheld"].as_u64() >= Some(1), "{a}");
    assert!(row(&all, "bob").is_some(), "{v}");

    // Pages: one learner per page, walked with next_cursor, each learner once.
    let mut seen = Vec::new();
    let mut path = "/learning/report?limit=1".to_string();
    for _ in 0..10 {
        let p = s.get(&path, Some(&teacher)).json().expect("page JSON");
        seen.extend(rows(&p).iter().map(|r| r["subject"].to_string()));
        match p["next_cursor"].as_str() {
            Some(c) => path = format!("/learning/report?limit=1&cursor={c}"),
            None => break,
        }
    }
    assert_eq!(seen.len(), all.len(), "{seen:?}");

    // A control-service restart: levels return to the default, the report is rebuilt.
    s.restart_control();
    s.wait_ready();
    wait_until(
        std::time::Duration::from_secs(20),
        "level back to 0",
        || {
            s.get("/me", Some(&alice))
                .json()
                .map(|v| v["learning"]["level"].clone())
                == Some(serde_json::json!(0))
        },
    );
    let v = s
        .get("/learning/report", Some(&teacher))
        .json()
        .expect("report JSON");
    let after = rows(&v);
    let a = row(&after, "alice").expect("alice after the restart");
    assert_eq!(a["hints_taken"], 1, "{a}");
    assert!(a["answers_withheld"].as_u64() >= Some(1), "{a}");

    s.check_logs();
}
