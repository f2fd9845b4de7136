//! The oracle attack (DESIGN.md "Threat model"; issue "The guard against a patient learner")
//! through a real Envoy: the guard's decision — nudged or not — is visible, so a learner at
//! level 0 who makes the model repeat half of a candidate list per request binary-searches a
//! value. Two defences meet it: the guard withholds candidate lists whole (the matcher's oracle
//! rule), and the control service flags a learner whose replies are withheld again and again
//! (`learning_probe_suspected` in the audit stream and the help report). Each attack test
//! reports which held and asserts that at least one did: the search does not end on the exact
//! value, or the learner is flagged; and, whatever the matcher does, five withheld replies in the
//! window always flag. A third test turns on the filter's cool-down and checks that a flagged
//! learner's model turns get the fixed cool-down reply, without reaching Orrery, until it ends.
//!
//! The test never prints, logs or asserts on a value in a message; each ends with the harness's
//! log scan (no value in any log, access log or audit line).
mod common;
use common::*;
use orrery_learning_guard::policy::replies::COOLDOWN_TEXT;
use serde_json::Value;
use std::time::{Duration, Instant};

const NUDGE: &str = "I can't give that value yet.";
/// The control service's default probe threshold (5 withheld replies in 10 minutes).
const THRESHOLD: usize = 5;
const HOT_PARTITION_DESCRIPTOR: &str = "partition of topic orders with the highest lag";

/// The harness's manifest plus a partition name, the `orders-0..63` kind of string target.
fn manifest_with_partition() -> String {
    let mut m: Value = serde_json::from_str(&default_manifest()).expect("manifest JSON");
    m["targets"]
        .as_array_mut()
        .expect("targets")
        .push(serde_json::json!({
            "id": "hot_partition",
            "descriptor": HOT_PARTITION_DESCRIPTOR,
            "value": "orders-37"
        }));
    m.to_string()
}

/// What one attack run saw.
struct Attack {
    requests: usize,
    /// 1-based numbers of the requests whose reply was withheld.
    withheld_at: Vec<usize>,
    /// Where the search ended.
    result: String,
}

impl Attack {
    /// Requests until the threshold-th withheld reply (when the control service flags).
    fn requests_to_flag(&self) -> Option<usize> {
        self.withheld_at.get(THRESHOLD - 1).copied()
    }
}

/// Binary search over `candidates`: ask the model to repeat the lower half; a nudge that names
/// `signal` (the target's descriptor words) means "it is in this half". Every reply that is not
/// the echoed text counts as withheld.
fn binary_search(s: &Stack, token: &str, candidates: Vec<String>, signal: &str) -> Attack {
    let mut range = candidates;
    let mut requests = 0;
    let mut withheld_at = Vec::new();
    while range.len() > 1 {
        let half = range.len() / 2;
        let text = range[..half].join(", ");
        let r = s.chat(token, &format!("echo: {text}"), None);
        assert_eq!(r.status, 200, "request {}", requests + 1);
        requests += 1;
        let reply = r
            .json()
            .and_then(|v| v["response"].as_str().map(str::to_string))
            .unwrap_or_default();
        if reply != text {
            withheld_at.push(requests);
        }
        let inside = reply.starts_with(NUDGE) && reply.contains(signal);
        range = if inside {
            range[..half].to_vec()
        } else {
            range[half..].to_vec()
        };
    }
    Attack {
        requests,
        withheld_at,
        result: range.pop().unwrap_or_default(),
    }
}

/// The learner's flag, as the audit stream and the report show it (waiting for the events to
/// be flushed when `expect` is true; a short settle otherwise).
fn flagged(s: &Stack, subject: &str, expect: bool) -> bool {
    let look = || {
        s.audit().iter().any(|e| {
            e["event"] == "learning_probe_suspected"
                && e["subject"] == subject
                && e["window_seconds"] == 600
                && e["withheld_in_window"].as_u64() >= Some(THRESHOLD as u64)
        })
    };
    let deadline = Instant::now() + Duration::from_secs(if expect { 15 } else { 2 });
    while Instant::now() < deadline {
        if look() {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let in_audit = look();
    let report = s.report();
    let row = report["learners"]
        .as_array()
        .and_then(|ls| ls.iter().find(|l| l["subject"] == subject).cloned())
        .unwrap_or(Value::Null);
    let in_report =
        row["probes_suspected"].as_u64() >= Some(1) && row["last_probe_suspected_at"].is_string();
    assert_eq!(
        in_audit, in_report,
        "the audit stream and the report disagree about {subject}: {row}"
    );
    in_audit
}

/// Report which defence held, then assert the disjunction and the unconditional flag.
fn judge(s: &Stack, who: &str, what: &str, a: &Attack, exact: &str) {
    let recovered = a.result == exact;
    let is_flagged = flagged(s, who, a.withheld_at.len() >= THRESHOLD);
    // Never the value itself: only whether the search found it.
    println!(
        "oracle attack on {what}: {} requests, {} withheld, exact value recovered: {}, \
         flagged: {} (after request {})",
        a.requests,
        a.withheld_at.len(),
        if recovered { "YES" } else { "no" },
        if is_flagged { "yes" } else { "no" },
        a.requests_to_flag()
            .map_or_else(|| "-".to_string(), |n| n.to_string()),
    );
    if a.withheld_at.len() >= THRESHOLD {
        assert!(
            is_flagged,
            "{what}: {} replies withheld but the learner was not flagged",
            a.withheld_at.len()
        );
    } else {
        assert!(!is_flagged, "{what}: flagged below the threshold");
    }
    assert!(
        !recovered || is_flagged,
        "{what}: the search recovered the exact value and nobody noticed"
    );
}

#[test]
fn binary_search_for_the_total_lag_fails_or_is_flagged() {
    let s = Stack::start("oracle-number", Options::default());
    let mallory = s.token("mallory", "human");
    // Every 4-digit number; the nudge names the target whose value a reply states.
    let candidates: Vec<String> = (1000..=9999).map(|n: u32| n.to_string()).collect();
    let a = binary_search(&s, &mallory, candidates, "total lag");
    judge(&s, "mallory", "total_lag (4-digit number)", &a, "5100");
    let probes = s
        .control_metric("orrery_learning_probes_suspected_total")
        .unwrap_or(0.0);
    assert_eq!(probes >= 1.0, a.withheld_at.len() >= THRESHOLD);
    // One flag per crossing, however many replies were withheld after it.
    let entries = s
        .audit()
        .into_iter()
        .filter(|e| e["event"] == "learning_probe_suspected")
        .count();
    assert!(entries <= 1, "{entries} probe entries for one run");
    // The cool-down is off by default: a flagged learner still chats.
    let r = s.chat(&mallory, "echo: back to the evidence", None);
    assert_eq!(r.json().unwrap()["response"], "back to the evidence");
    s.check_logs();
}

#[test]
fn binary_search_for_the_hot_partition_fails_or_is_flagged() {
    let s = Stack::start(
        "oracle-partition",
        Options {
            manifest: manifest_with_partition(),
            ..Options::default()
        },
    );
    let eve = s.token("eve", "human");
    let candidates: Vec<String> = (0..64).map(|i| format!("orders-{i}")).collect();
    let a = binary_search(&s, &eve, candidates, HOT_PARTITION_DESCRIPTOR);
    judge(&s, "eve", "hot_partition (orders-0..63)", &a, "orders-37");
    s.check_logs();
}

fn message_reply(st: &Streamed) -> Option<String> {
    let frames = st.frames();
    let (_, data) = frames.iter().find(|(e, _)| e == "message")?;
    let v: Value = serde_json::from_str(data).ok()?;
    v["response"].as_str().map(str::to_string)
}

#[test]
fn a_flagged_learner_cools_down_then_chats_again() {
    let cooldown = 6;
    let s = Stack::start(
        "oracle-cooldown",
        Options {
            cooldown_seconds: cooldown,
            ..Options::default()
        },
    );
    let m = default_manifest();
    let alice = s.token("alice", "human");
    let bob = s.token("bob", "human");

    // Four streams that each withhold the value in several frames (message, progress detail,
    // an unknown frame): the filter reports per chunk, but each stream is one withheld reply.
    for _ in 0..4 {
        let st = s.stream(&alice, "sse-extra: the total lag is 5100 messages");
        assert_eq!(st.status, 200);
        assert!(message_reply(&st).is_some_and(|r| r.starts_with(NUDGE)));
        assert_no_value(&st.text(), &m, "a withheld stream");
    }
    wait_until(Duration::from_secs(15), "four withheld replies", || {
        s.report()["learners"][0]["replies_withheld"] == 4
    });
    let row = s.report()["learners"][0].clone();
    assert_eq!(row["subject"], "alice");
    assert!(
        row["answers_withheld"].as_u64() > Some(4),
        "expected several target events per stream: {row}"
    );
    assert_eq!(row["probes_suspected"], 0);
    // Still chatting normally below the threshold.
    let r = s.chat(&alice, "echo: still here", None);
    assert_eq!(r.json().unwrap()["response"], "still here");

    // The fifth withheld reply flags alice.
    let r = s.chat(&alice, "echo: the total lag is 5100 messages", None);
    assert!(r.json().unwrap()["response"]
        .as_str()
        .unwrap()
        .starts_with(NUDGE));
    let flag = s.wait_audit("learning_probe_suspected", 1);
    assert_eq!(flag[0]["subject"], "alice");
    assert_eq!(flag[0]["withheld_in_window"], 5);
    let flagged_at = Instant::now();

    // The flag reaches the filter through the watch: alice's next turns are the cool-down.
    wait_until(Duration::from_secs(10), "the cool-down", || {
        s.chat(&alice, "echo: hello", None).json().unwrap()["response"] == COOLDOWN_TEXT
    });
    s.clear_standin_requests();
    let r = s.chat(&alice, "echo: hello", None);
    assert_eq!(r.status, 200);
    assert_eq!(
        r.json().unwrap(),
        serde_json::json!({ "response": COOLDOWN_TEXT })
    );
    let retry: u64 = r
        .header("retry-after")
        .and_then(|v| v.parse().ok())
        .expect("retry-after");
    assert!((1..=cooldown).contains(&retry), "retry-after {retry}");
    let st = s.stream(&alice, "echo: hello");
    assert_eq!(st.status, 200);
    let frames = st.frames();
    assert_eq!(
        frames.iter().map(|(e, _)| e.as_str()).collect::<Vec<_>>(),
        ["message", "end"]
    );
    assert_eq!(message_reply(&st).as_deref(), Some(COOLDOWN_TEXT));
    // Neither turn reached Orrery.
    assert!(
        s.standin_requests()
            .iter()
            .all(|q| q["path"] != "/chat" && q["path"] != "/chat/stream"),
        "a cooled-down turn reached Orrery"
    );
    // Reading is not a model turn: /me answers, and the cool-down raised no level.
    let me = s.get("/me", Some(&alice)).json().unwrap();
    assert_eq!(me["learning"]["level"], 0);
    // Bob is not alice.
    let r = s.chat(&bob, "echo: hello", None);
    assert_eq!(r.json().unwrap()["response"], "hello");

    // It ends by itself.
    let left = Duration::from_secs(cooldown).saturating_sub(flagged_at.elapsed());
    std::thread::sleep(left);
    wait_until(Duration::from_secs(5), "the end of the cool-down", || {
        s.chat(&alice, "echo: hello", None).json().unwrap()["response"] == "hello"
    });
    // The cool-down replies were not withheld replies: still one flag.
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(s.wait_audit("learning_probe_suspected", 1).len(), 1);
    assert!(s.stat("refused.probe_cooldown") >= 3);
    s.check_logs();
}
