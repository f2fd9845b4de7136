//! The help report (issue 8): rebuilt from the audit file at start, so it reads the same after
//! a restart while every level in force is back at the default; paginated by subject with an
//! opaque cursor; and served to an instructor through the gateway (`GET /learning/report`: proxy
//! secret, human principal, instructor header, as the filter sets them), never to anyone else.

mod common;
use common::*;
use serde_json::{json, Value};

fn post_events(s: &Service, events: Vec<Value>) {
    let r = send(
        s.authed("POST", "/v1/events"),
        Some(&json!({ "events": events }).to_string()),
    );
    assert_eq!(r.status, 204, "{}", r.body);
}

fn answer(subject: &str) -> Value {
    json!({"event": "learning_answer_withheld", "subject": subject, "scenario_id": "lab-a",
           "target_id": "total_lag", "surface": "chat"})
}

fn reply(subject: &str) -> Value {
    json!({"event": "learning_reply_withheld", "subject": subject, "scenario_id": "lab-a",
           "surface": "chat"})
}

/// Every page of the report, walked with the cursor; the pages' rows in order.
fn all_pages(s: &Service, limit: usize) -> (Vec<Value>, usize) {
    let mut rows = Vec::new();
    let mut pages = 0;
    let mut cursor = String::new();
    loop {
        let page = s.report(&format!("?limit={limit}&cursor={cursor}"));
        pages += 1;
        let learners = page["learners"].as_array().unwrap();
        assert!(learners.len() <= limit);
        rows.extend(learners.iter().cloned());
        match page["next_cursor"].as_str() {
            Some(c) => cursor = c.to_string(),
            None => break,
        }
    }
    (rows, pages)
}

#[test]
fn the_report_survives_a_restart_and_levels_go_back_to_the_default() {
    let lab = Lab::new("report-restart", &lab_a());
    let args = ["--test-hooks", "--probe-threshold", "2"];
    let s = lab.start(&args);
    for _ in 0..2 {
        assert_eq!(s.hint("alice", "human").status, 200);
        s.advance_clock(31);
    }
    assert_eq!(s.hint("bob", "human").status, 200);
    post_events(
        &s,
        vec![
            answer("alice"),
            reply("alice"),
            answer("carol"),
            reply("carol"),
        ],
    );
    post_events(&s, vec![answer("carol"), reply("carol")]);
    let before = s.report("");
    let alice = &before["learners"][0];
    assert_eq!(
        (alice["subject"].clone(), alice["level"].clone()),
        (json!("alice"), json!(2))
    );
    let carol = &before["learners"][2];
    assert_eq!(carol["probes_suspected"], 1, "{before}");
    assert_eq!(carol["replies_withheld"], 2);
    assert_eq!(before["learners"].as_array().unwrap().len(), 3);
    s.finish();

    // Same audit file, new process: the same report, but no level in force.
    let s = lab.start(&args);
    assert_eq!(s.report(""), before);
    let w = s.watch("").json();
    assert_eq!(w["levels"], json!({"full": true, "entries": []}));
    assert!(
        s.metric("orrery_learning_report_replayed_entries_total")
            .unwrap()
            > 0.0
    );
    // A hint now starts from the default, and adds to the history.
    let r = s.hint("alice", "human").json();
    assert_eq!(r["level"], 1);
    let after = s.report("");
    assert_eq!(after["learners"][0]["hints_taken"], 3);
    assert_eq!(after["learners"][0]["level"], 2, "the level reached stays");
    s.finish();

    // And a second restart still agrees (the history includes what the second process wrote).
    let s = lab.start(&args);
    assert_eq!(s.report(""), after);
    s.finish();
}

#[test]
fn pages_are_sorted_by_subject_and_walk_every_learner_once() {
    let lab = Lab::new("report-pages", &lab_a());
    let s = lab.start(&[]);
    // 250 learners, posted out of order.
    let mut subjects: Vec<String> = (0..250).map(|i| format!("learner-{i:03}")).collect();
    subjects.reverse();
    for chunk in subjects.chunks(50) {
        post_events(&s, chunk.iter().map(|n| answer(n)).collect());
    }
    subjects.sort();

    let first = s.report("?limit=100");
    assert_eq!(first["learners"].as_array().unwrap().len(), 100);
    assert!(first["next_cursor"].is_string());
    let (rows, pages) = all_pages(&s, 100);
    assert_eq!(pages, 3);
    let got: Vec<&str> = rows
        .iter()
        .map(|r| r["subject"].as_str().unwrap())
        .collect();
    assert_eq!(got, subjects);
    // The default page is 100; a limit over 1000 is read as 1000.
    assert_eq!(s.report("")["learners"].as_array().unwrap().len(), 100);
    let all = s.report("?limit=5000");
    assert_eq!(all["learners"].as_array().unwrap().len(), 250);
    assert_eq!(all["next_cursor"], Value::Null);
    assert_eq!(all_pages(&s, 250).1, 1, "an exact fit has no further page");

    for bad in ["limit=0", "limit=x", "limit=-3", "cursor=zz", "cursor=abc"] {
        let r = send(
            agent()
                .get(&s.url(&format!("/v1/report?{bad}")))
                .set("authorization", &format!("Bearer {REPORT_TOKEN}")),
            None,
        );
        assert_eq!(r.status, 400, "{bad}: {}", r.body);
    }
    s.finish();
}

#[test]
fn the_instructor_route_needs_the_secret_a_human_and_the_instructor_claim() {
    let lab = Lab::new("report-instructor", &lab_a());
    let s = lab.start(&[]);
    s.hint("alice", "human");
    post_events(&s, vec![answer("bob")]);
    let get = |secret: Option<&str>, principal: Option<&str>, instructor: Option<&str>| {
        let mut req = agent().get(&s.url("/learning/report?limit=1"));
        if let Some(v) = secret {
            req = req.set("x-orrery-learning-proxy-secret", v);
        }
        if let Some(v) = principal {
            req = req.set("x-orrery-learning-principal", v);
        }
        if let Some(v) = instructor {
            req = req.set("x-orrery-learning-instructor", v);
        }
        send(req, None)
    };
    let ok = get(Some(SECRET), Some("human"), Some("true"));
    assert_eq!(ok.status, 200, "{}", ok.body);
    assert_eq!(
        ok.json(),
        s.report("?limit=1"),
        "the same JSON as /v1/report"
    );
    let cursor = ok.json()["next_cursor"].as_str().unwrap().to_string();
    let next = send(
        s.authed("GET", &format!("/learning/report?limit=1&cursor={cursor}"))
            .set("x-orrery-learning-principal", "human")
            .set("x-orrery-learning-instructor", "true"),
        None,
    );
    assert_eq!(next.json()["learners"][0]["subject"], "bob");

    let cases = [
        (None, Some("human"), Some("true"), 401),
        (
            Some("wrong-secret-0123456789"),
            Some("human"),
            Some("true"),
            401,
        ),
        (Some(SECRET), Some("human"), None, 403),
        (Some(SECRET), Some("human"), Some("false"), 403),
        (Some(SECRET), Some("human"), Some("TRUE"), 403),
        (Some(SECRET), Some("delegated"), Some("true"), 403),
        (Some(SECRET), Some("service"), Some("true"), 403),
        (Some(SECRET), None, Some("true"), 403),
        // A learner through the gateway: secret and human principal, no instructor claim.
        (Some(SECRET), Some("human"), Some(""), 403),
    ];
    for (secret, principal, instructor, want) in cases {
        let r = get(secret, principal, instructor);
        assert_eq!(r.status, want, "{secret:?} {principal:?} {instructor:?}");
        let want_body = if want == 401 {
            json!({"error": "unauthenticated"})
        } else {
            json!({"error": "instructor required"})
        };
        assert_eq!(r.json(), want_body);
    }
    // The lab platform's bearer token does not open the instructor route.
    let r = send(
        agent()
            .get(&s.url("/learning/report"))
            .set("authorization", &format!("Bearer {REPORT_TOKEN}")),
        None,
    );
    assert_eq!(r.status, 401);
    s.finish();
}
