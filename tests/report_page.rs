//! The instructor report page through the real Envoy: the instructor route answers a browser
//! (`Accept: text/html`) with the page and its security headers, the page's data
//! (`?view=timeline`) holds hint times, withheld answers per surface and probe flags, the JSON
//! report is unchanged for everyone else, and a learner gets neither. The page itself is driven
//! in Chromium by tools/test-pages.
mod common;
use common::*;

const HTML: &str = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8";

#[test]
fn the_report_page_and_its_timeline_for_an_instructor_only() {
    let s = Stack::start("report_page", Options::default());
    let m = default_manifest();
    let alice = s.token("alice", "human");
    let teacher = s.token_with_role("tess", "human", "instructor");

    assert_eq!(s.hint(&alice).status, 200);
    let r = s.chat(&alice, "echo: the lag is 5100", None);
    assert_eq!(r.status, 200);
    s.wait_audit("learning_answer_withheld", 1);

    // A learner gets neither the page nor its data.
    for path in ["/learning/report", "/learning/report?view=timeline"] {
        let r = s.request("GET", path, Some(&alice), &[("accept", HTML)], None);
        assert_eq!(r.status, 403, "{path}");
    }

    let page = s.request(
        "GET",
        "/learning/report",
        Some(&teacher),
        &[("accept", HTML)],
        None,
    );
    assert_eq!(page.status, 200, "{}", page.text());
    assert!(page
        .header("content-type")
        .unwrap_or("")
        .starts_with("text/html"));
    let csp = page.header("content-security-policy").unwrap_or("");
    assert!(
        csp.contains("connect-src 'self'") && csp.contains("default-src 'none'"),
        "{csp}"
    );
    assert!(page.text().contains("Help report"));

    // Without an HTML Accept the route answers the JSON report as before.
    let json = s
        .get("/learning/report", Some(&teacher))
        .json()
        .expect("report JSON");
    assert!(json["learners"].is_array(), "{json}");

    let t = s
        .get("/learning/report?view=timeline", Some(&teacher))
        .json()
        .expect("timeline JSON");
    let rows = t["learners"].as_array().cloned().unwrap_or_default();
    let a = rows
        .iter()
        .find(|r| r["subject"] == "alice")
        .unwrap_or_else(|| panic!("alice in the timeline: {t}"));
    assert_eq!(a["level"], 1, "{a}");
    assert_eq!(a["hints"][0]["level"], 1, "{a}");
    assert!(
        a["hints"][0]["at"]
            .as_str()
            .is_some_and(|at| at.ends_with('Z')),
        "{a}"
    );
    assert!(a["withheld"]["chat"].as_u64() >= Some(1), "{a}");
    assert_eq!(t["audit"], "file");
    assert_no_value(&t.to_string(), &m, "timeline");
    assert_no_value(&page.text(), &m, "page");
    s.check_logs();
}
