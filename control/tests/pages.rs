//! The control service's pages (src/pages.rs): the author playground is read from the pages
//! directory with a policy that forbids every connection (404 naming `make pages` when it is not
//! built); the report page and its timeline answer an instructor only, through the same check
//! as the JSON report, and the timeline holds hint times, withheld answers per surface and probe
//! flags from the audit file, never a value.
mod common;
use common::*;
use serde_json::{json, Value};

const HTML: &str = "text/html,application/xhtml+xml,*/*;q=0.8";

fn instructor(s: &Service, path: &str, accept: &str) -> Reply {
    send(
        s.authed("GET", path)
            .set("x-orrery-learning-principal", "human")
            .set("x-orrery-learning-instructor", "true")
            .set("accept", accept),
        None,
    )
}

#[test]
fn the_author_playground_is_served_from_the_pages_dir_or_named_as_unbuilt() {
    let lab = Lab::new("pages-author", &lab_a());
    let empty = lab.dir.join("no-pages");
    std::fs::create_dir_all(&empty).unwrap();
    let mut c = lab.command(&[]);
    c.env("ORRERY_LEARNING_PAGES_DIR", &empty);
    let s = lab.spawn(c);
    let r = send(agent().get(&s.url("/learning/author/")), None);
    assert_eq!(r.status, 404);
    assert!(r.body.contains("make pages"), "{}", r.body);
    s.finish();

    let built = lab.dir.join("pages");
    std::fs::create_dir_all(&built).unwrap();
    std::fs::write(
        built.join("author.html"),
        "<!doctype html><title>playground</title>",
    )
    .unwrap();
    let mut c = lab.command(&[]);
    c.env("ORRERY_LEARNING_PAGES_DIR", &built);
    let s = lab.spawn(c);
    let r = agent().get(&s.url("/learning/author/")).call().unwrap();
    assert_eq!(r.status(), 200);
    assert!(r.content_type().starts_with("text/html"));
    let csp = r
        .header("content-security-policy")
        .unwrap_or("")
        .to_string();
    assert!(
        csp.contains("connect-src 'none'") && csp.contains("form-action 'none'"),
        "{csp}"
    );
    assert!(r.into_string().unwrap().contains("playground"));
    s.finish();
}

#[test]
fn the_report_page_and_timeline_for_an_instructor_only() {
    let lab = Lab::new("pages-report", &lab_a());
    let s = lab.start(&[]);
    assert_eq!(s.hint("alice", "human").status, 200);
    let events = json!({"events": [
        {"event": "learning_answer_withheld", "subject": "alice", "scenario_id": "lab-a",
         "target_id": "total_lag", "surface": "chat"},
        {"event": "learning_answer_withheld", "subject": "alice", "scenario_id": "lab-a",
         "target_id": "culprit", "surface": "triage"},
    ]});
    let r = send(s.authed("POST", "/v1/events"), Some(&events.to_string()));
    assert_eq!(r.status, 204, "{}", r.body);

    // The page for a browser, the JSON for anything else, the JSON for a browser with a query.
    let page = instructor(&s, "/learning/report", HTML);
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Help report"));
    assert!(instructor(&s, "/learning/report", "*/*").json()["learners"].is_array());
    assert!(instructor(&s, "/learning/report?limit=1", HTML).json()["learners"].is_array());

    let t: Value = instructor(&s, "/learning/report?view=timeline", "application/json").json();
    let a = t["learners"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["subject"] == "alice")
        .cloned()
        .unwrap_or_else(|| panic!("{t}"));
    assert_eq!(a["level"], 1);
    assert_eq!(a["hints"].as_array().map(Vec::len), Some(1));
    assert_eq!(a["withheld"], json!({"chat": 1, "triage": 1}));
    let body = t.to_string();
    for v in NUMBER_VALUES
        .map(|n| n.to_string())
        .iter()
        .map(String::as_str)
        .chain(STRING_VALUES)
    {
        assert!(!body.contains(v), "a value in the timeline");
    }

    // Neither the page nor the timeline without the instructor header or the secret.
    for path in ["/learning/report", "/learning/report?view=timeline"] {
        let learner = send(
            s.authed("GET", path)
                .set("x-orrery-learning-principal", "human")
                .set("accept", HTML),
            None,
        );
        assert_eq!(learner.status, 403, "{path}");
        let anonymous = send(agent().get(&s.url(path)).set("accept", HTML), None);
        assert_eq!(anonymous.status, 401, "{path}");
    }
    s.finish();
}
