//! The response mode machine and the hint write, natively against the fake host: what Envoy
//! never does on its own (refuse a body write, a header write, a reset, a local reply; race a
//! compare-and-set; start a resync between two calls).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::{Http, Mode};
use crate::host::fake::FakeHost;
use crate::host::{Buffer, Map, Stream};
use crate::store;
use crate::testing::*;
use orrery_learning_guard::policy::{keys, replies};
use proxy_wasm::traits::HttpContext;
use proxy_wasm::types::Action;

const CHAT_BODY: &[u8] = br#"{"session_id":"s1","response":"The lag is 5100."}"#;

fn header(host: &FakeHost, map: Map, name: &str) -> Option<String> {
    host.headers(map)
        .into_iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v)
}

/// A chat turn of alice at the default level, up to the response headers.
fn chat(host: &FakeHost, extra: serde_json::Value, resp: &[(&str, &str)]) -> Http<FakeHost> {
    publish(host, "L1");
    let mut h = http(
        host,
        std::rc::Rc::new(config_with("filter", extra).unwrap()),
    );
    let p = payload("alice");
    let a = request(
        &mut h,
        host,
        "POST",
        "/chat",
        &[("x-orrery-jwt-payload", &p)],
    );
    assert_eq!(a, Action::Continue);
    assert_eq!(respond(&mut h, host, "200", resp), Action::Continue);
    h
}

fn body(h: &mut Http<FakeHost>, host: &FakeHost, bytes: &[u8], end: bool) -> Action {
    host.set_body(Buffer::RESPONSE_BODY, bytes);
    h.on_http_response_body(bytes.len(), end)
}

fn json() -> serde_json::Value {
    serde_json::json!({})
}

#[test]
fn request_headers_are_stripped_and_stamped() {
    let host = FakeHost::new();
    publish(&host, "L1");
    host.put(&store::level_key("alice"), b"L1:kafka-lag-7f3a:2");
    let mut h = http(&host, config().unwrap());
    let p = payload("alice");
    let a = request(
        &mut h,
        &host,
        "POST",
        "/chat",
        &[
            ("x-orrery-jwt-payload", &p),
            ("X-Orrery-Learning-Level", "3"),
            ("accept-encoding", "gzip"),
        ],
    );
    assert_eq!(a, Action::Continue);
    assert_eq!(h.level, 2);
    let req = Map::REQUEST_HEADERS;
    assert_eq!(
        header(&host, req, "x-orrery-learning-level").as_deref(),
        Some("2")
    );
    assert_eq!(
        header(&host, req, "x-orrery-learning-scenario").as_deref(),
        Some(SCENARIO)
    );
    assert_eq!(header(&host, req, "x-orrery-jwt-payload"), None);
    assert_eq!(header(&host, req, "accept-encoding"), None);
    assert!(host.state().replies.is_empty());
}

#[test]
fn a_refused_request_header_write_answers_503() {
    let host = FakeHost::new();
    publish(&host, "L1");
    let mut h = http(&host, config().unwrap());
    host.state().refuse.header_writes = true;
    assert_eq!(request(&mut h, &host, "POST", "/chat", &[]), Action::Pause);
    let replies = host.state().replies.clone();
    assert_eq!(replies.len(), 1);
    assert_eq!(replies[0].status, 503);
    assert_eq!(replies[0].body, replies::NOT_READY.as_bytes());
}

#[test]
fn not_ready_without_a_snapshot_and_a_refused_local_reply_still_holds() {
    let host = FakeHost::new();
    let mut h = http(&host, config().unwrap());
    assert_eq!(request(&mut h, &host, "POST", "/chat", &[]), Action::Pause);
    assert_eq!(host.state().replies[0].status, 503);
    assert_eq!(host.counter("orrery_learning.refused.not_ready"), 1);

    let host = FakeHost::new();
    host.state().refuse.local_reply = true;
    let mut h = http(&host, config().unwrap());
    assert_eq!(request(&mut h, &host, "POST", "/chat", &[]), Action::Pause);
    assert_eq!(
        host.counter("orrery_learning.refused.local_reply_failed"),
        1
    );
    assert_logs_clean(&host);
}

#[test]
fn a_denied_route_passes_its_own_reply() {
    let host = FakeHost::new();
    publish(&host, "L1");
    let mut h = http(&host, config().unwrap());
    assert_eq!(
        request(&mut h, &host, "GET", "/admin/x", &[]),
        Action::Pause
    );
    assert_eq!(host.state().replies[0].status, 403);
    assert_eq!(host.counter("orrery_learning.refused.admin"), 1);
    assert_eq!(respond(&mut h, &host, "403", &[]), Action::Continue);
    assert!(matches!(h.mode, Mode::Pass));
    assert_eq!(body(&mut h, &host, b"anything", true), Action::Continue);
    assert_eq!(host.body(Buffer::RESPONSE_BODY), b"anything");
}

#[test]
fn buffer_mode_holds_until_the_end_and_rewrites() {
    let host = FakeHost::new();
    let resp = [
        ("content-type", "application/json"),
        ("content-length", "48"),
    ];
    let mut h = chat(&host, json(), &resp);
    assert!(matches!(h.mode, Mode::Buffer));
    // The length changes: the upstream's is gone before the headers leave.
    assert_eq!(header(&host, Map::RESPONSE_HEADERS, "content-length"), None);
    assert_eq!(body(&mut h, &host, &CHAT_BODY[..20], false), Action::Pause);
    assert_eq!(body(&mut h, &host, CHAT_BODY, true), Action::Continue);
    let out = String::from_utf8(host.body(Buffer::RESPONSE_BODY)).unwrap();
    assert!(!out.contains(VALUE), "{out}");
    assert!(matches!(h.mode, Mode::Pass));
    assert_eq!(host.counter("orrery_learning.withheld.chat"), 1);
    // The event line names the target, never its value.
    let events = host.get(keys::EVENTS).unwrap();
    assert!(events.contains("total_lag") && !events.contains(VALUE));
    assert_eq!(host.counter("orrery_learning.sync.replies_reported"), 1);
    assert_logs_clean(&host);
}

#[test]
fn stream_mode_rewrites_each_chunk() {
    let host = FakeHost::new();
    publish(&host, "L1");
    let mut h = http(&host, config().unwrap());
    let p = payload("alice");
    request(
        &mut h,
        &host,
        "POST",
        "/chat/stream",
        &[("x-orrery-jwt-payload", &p)],
    );
    respond(
        &mut h,
        &host,
        "200",
        &[("content-type", "text/event-stream")],
    );
    assert!(matches!(h.mode, Mode::Stream(_)));
    let mut seen = Vec::new();
    for (chunk, end) in [
        (&b"event: message\ndata: {\"response\":\"The lag"[..], false),
        (&b" is 5100.\"}\n\n"[..], false),
        (&b"event: end\ndata: {}\n\n"[..], true),
    ] {
        assert_eq!(body(&mut h, &host, chunk, end), Action::Continue);
        seen.extend(host.body(Buffer::RESPONSE_BODY));
    }
    let seen = String::from_utf8(seen).unwrap();
    assert!(!seen.contains(VALUE), "{seen}");
    assert!(seen.contains("event: end"), "{seen}");
    assert_eq!(host.counter("orrery_learning.withheld.chat_stream"), 1);
    assert_logs_clean(&host);
}

#[test]
fn replace_mode_sends_the_fixed_body_once() {
    let host = FakeHost::new();
    let mut h = chat(&host, json(), &[("content-encoding", "gzip")]);
    assert!(matches!(h.mode, Mode::Replace { .. }));
    assert_eq!(
        header(&host, Map::RESPONSE_HEADERS, ":status").as_deref(),
        Some("502")
    );
    assert_eq!(body(&mut h, &host, b"\x1f\x8b...", false), Action::Continue);
    assert_eq!(
        host.body(Buffer::RESPONSE_BODY),
        replies::COMPRESSED.as_bytes()
    );
    assert_eq!(body(&mut h, &host, b"more", true), Action::Continue);
    assert!(host.body(Buffer::RESPONSE_BODY).is_empty());
    assert_eq!(host.counter("orrery_learning.refused.compressed"), 1);
}

#[test]
fn a_declared_length_over_the_limit_is_replaced_before_the_headers_leave() {
    let host = FakeHost::new();
    let limits = serde_json::json!({"limits": {"max_body_bytes": 1024}});
    let mut h = chat(&host, limits, &[("content-length", "5000")]);
    assert!(matches!(h.mode, Mode::Replace { .. }));
    assert_eq!(body(&mut h, &host, &[b'x'; 5000], true), Action::Continue);
    assert_eq!(
        host.body(Buffer::RESPONSE_BODY),
        replies::TOO_LARGE.as_bytes()
    );
    assert_eq!(host.counter("orrery_learning.refused.too_large"), 1);
}

#[test]
fn a_body_growing_over_the_limit_after_the_headers_resets() {
    let host = FakeHost::new();
    let limits = serde_json::json!({"limits": {"max_body_bytes": 1024}});
    let mut h = chat(&host, limits, &[]);
    assert_eq!(body(&mut h, &host, &[b'x'; 2000], false), Action::Pause);
    assert!(matches!(h.mode, Mode::Reset));
    assert_eq!(host.state().resets, vec![Stream::Response]);
    assert!(host.body(Buffer::RESPONSE_BODY).is_empty());
    assert_eq!(host.counter("orrery_learning.refused.too_large"), 1);
    assert_eq!(host.counter("orrery_learning.refused.stream_reset"), 1);
    // Whatever still comes is dropped.
    assert_eq!(body(&mut h, &host, b"late 5100", true), Action::Pause);
    assert!(host.body(Buffer::RESPONSE_BODY).is_empty());
}

#[test]
fn a_refused_body_rewrite_resets_the_stream() {
    let host = FakeHost::new();
    let mut h = chat(&host, json(), &[]);
    host.state().refuse.body_writes = true;
    assert_eq!(body(&mut h, &host, CHAT_BODY, true), Action::Pause);
    assert!(matches!(h.mode, Mode::Reset));
    assert_eq!(host.state().resets, vec![Stream::Response]);
    assert_eq!(host.counter("orrery_learning.refused.body_write_failed"), 1);
    assert_eq!(host.counter("orrery_learning.refused.stream_reset"), 1);
    // Nothing was reported as withheld: nothing was written.
    assert_eq!(host.counter("orrery_learning.withheld.chat"), 0);
    assert_eq!(body(&mut h, &host, b"", true), Action::Pause);
    assert_logs_clean(&host);
}

#[test]
fn a_refused_reset_leaves_the_body_paused() {
    let host = FakeHost::new();
    let mut h = chat(&host, json(), &[]);
    {
        let mut s = host.state();
        s.refuse.body_writes = true;
        s.refuse.reset = true;
    }
    assert_eq!(body(&mut h, &host, CHAT_BODY, true), Action::Pause);
    assert!(matches!(h.mode, Mode::Reset));
    assert!(host.state().resets.is_empty());
    assert_eq!(host.counter("orrery_learning.refused.reset_failed"), 1);
    assert!(host
        .logs()
        .iter()
        .any(|(_, l)| l.contains("stays paused") && l.contains("held")));
    assert_logs_clean(&host);
}

#[test]
fn a_refused_response_header_write_resets() {
    let host = FakeHost::new();
    publish(&host, "L1");
    let mut h = http(&host, config().unwrap());
    request(&mut h, &host, "POST", "/chat", &[]);
    host.state().refuse.header_writes = true;
    assert_eq!(respond(&mut h, &host, "200", &[]), Action::Continue);
    assert!(matches!(h.mode, Mode::Reset));
    assert_eq!(host.state().resets, vec![Stream::Response]);
    assert_eq!(body(&mut h, &host, CHAT_BODY, true), Action::Pause);
}

#[test]
fn a_response_header_stating_the_value_is_removed() {
    let host = FakeHost::new();
    let mut h = chat(&host, json(), &[("x-debug", "lag=5100"), ("x-ok", "fine")]);
    assert_eq!(header(&host, Map::RESPONSE_HEADERS, "x-debug"), None);
    assert_eq!(
        header(&host, Map::RESPONSE_HEADERS, "x-ok").as_deref(),
        Some("fine")
    );
    assert!(matches!(h.mode, Mode::Buffer));
    // Trailers too, and they end a held body.
    host.set_body(Buffer::RESPONSE_BODY, br#"{"response":"ok"}"#);
    host.set_headers(Map::RESPONSE_TRAILERS, &[("grpc-message", "lag 5100")]);
    assert_eq!(h.on_http_response_trailers(1), Action::Continue);
    assert!(host.headers(Map::RESPONSE_TRAILERS).is_empty());
    assert!(matches!(h.mode, Mode::Pass));
    assert_eq!(host.counter("orrery_learning.withheld.chat"), 2);
    assert_logs_clean(&host);
}

/// A hint turn of alice, through to the control service's `200` answer `body`.
fn hint(host: &FakeHost, answer: &str) {
    let mut h = http(host, config().unwrap());
    let p = payload("alice");
    let a = request(
        &mut h,
        host,
        "POST",
        "/learning/hint",
        &[("x-orrery-jwt-payload", &p)],
    );
    assert_eq!(a, Action::Continue);
    let req = Map::REQUEST_HEADERS;
    assert_eq!(
        header(host, req, "x-orrery-learning-subject").as_deref(),
        Some("alice")
    );
    assert_eq!(
        header(host, req, "x-orrery-learning-proxy-secret").as_deref(),
        Some(SECRET)
    );
    respond(&mut h, host, "200", &[("content-type", "application/json")]);
    assert_eq!(
        body(&mut h, host, answer.as_bytes(), true),
        Action::Continue
    );
    assert_logs_clean(host);
}

const HINT_2: &str =
    r#"{"scenario_id":"kafka-lag-7f3a","level":2,"max_level":3,"can_take_hint":true}"#;

#[test]
fn a_hint_answer_writes_the_level_at_once() {
    let host = FakeHost::new();
    publish(&host, "L1");
    hint(&host, HINT_2);
    let key = store::level_key("alice");
    assert_eq!(host.get(&key).as_deref(), Some("L1:kafka-lag-7f3a:2"));
    assert_eq!(host.counter("orrery_learning.sync.hint_level_written"), 1);
    // Another scenario's answer, or a level out of range, writes nothing.
    hint(
        &host,
        r#"{"scenario_id":"other","level":3,"max_level":3,"can_take_hint":false}"#,
    );
    hint(
        &host,
        r#"{"scenario_id":"kafka-lag-7f3a","level":9,"max_level":3,"can_take_hint":false}"#,
    );
    assert_eq!(host.get(&key).as_deref(), Some("L1:kafka-lag-7f3a:2"));
}

#[test]
fn a_hint_write_that_loses_a_cas_race_retries() {
    let host = FakeHost::new();
    publish(&host, "L1");
    let key = store::level_key("alice");
    host.put(&key, b"L1:kafka-lag-7f3a:0");
    // The watch brings level 1 between the filter's read and its write.
    let k = key.clone();
    host.before_set(&key, move |h| h.put(&k, b"L1:kafka-lag-7f3a:1"));
    hint(&host, HINT_2);
    assert_eq!(host.get(&key).as_deref(), Some("L1:kafka-lag-7f3a:2"));
    assert_eq!(host.counter("orrery_learning.sync.hint_level_written"), 1);
}

#[test]
fn a_hint_write_never_lowers_a_level_the_watch_brought() {
    // The record exists, so the write is a compare-and-set. (An absent key has no CAS token in
    // proxy-wasm: a level the watch creates between the read and the write is overwritten,
    // which can only lower it, i.e. withhold more, until the next level change.)
    let host = FakeHost::new();
    publish(&host, "L1");
    let key = store::level_key("alice");
    host.put(&key, b"L1:kafka-lag-7f3a:0");
    let k = key.clone();
    host.before_set(&key, move |h| h.put(&k, b"L1:kafka-lag-7f3a:3"));
    hint(&host, HINT_2);
    assert_eq!(host.get(&key).as_deref(), Some("L1:kafka-lag-7f3a:3"));
    assert_eq!(host.counter("orrery_learning.sync.hint_level_written"), 0);
}

#[test]
fn a_resync_between_read_and_write_gets_the_hint_under_the_new_epoch() {
    let host = FakeHost::new();
    publish(&host, "L1");
    let key = store::level_key("alice");
    host.put(&key, b"L1:kafka-lag-7f3a:1");
    // A full resync publishes alice's old level under L2, then switches to L2.
    let k = key.clone();
    host.before_set(&key, move |h| {
        h.put(&k, b"L2:kafka-lag-7f3a:1");
        set_generation(h, "L2");
    });
    hint(&host, HINT_2);
    assert_eq!(host.get(&key).as_deref(), Some("L2:kafka-lag-7f3a:2"));
    assert_eq!(host.counter("orrery_learning.sync.hint_level_written"), 1);
}

#[test]
fn a_resync_right_after_the_write_is_not_overwritten() {
    // The epoch changes after the write, to one of another control process (a restart): the
    // record of the old epoch is not carried over (the new store may not hold the hint), so the
    // turn reads the default level (fail closed) until the watch brings the level.
    let host = FakeHost::new();
    publish(&host, "L1");
    let key = store::level_key("alice");
    host.before_set(&key, |h| set_generation(h, "L2"));
    hint(&host, HINT_2);
    assert_eq!(host.get(&key).as_deref(), Some("L1:kafka-lag-7f3a:2"));
    assert_eq!(level_now(&host, "alice"), 0);
}

#[test]
fn a_resync_of_the_same_control_process_after_the_write_carries_the_hint_over() {
    // Our own record, left under the epoch we read when the same control process resynced
    // (a lease change, say): within one process a level never falls, so it is carried into
    // the new epoch rather than left to read as the default with no delta to follow.
    let host = FakeHost::new();
    publish(&host, "c1.100.1");
    let key = store::level_key("alice");
    host.before_set(&key, |h| set_generation(h, "c1.200.2"));
    hint(&host, HINT_2);
    assert_eq!(host.get(&key).as_deref(), Some("c1.200.2:kafka-lag-7f3a:2"));
    assert_eq!(level_now(&host, "alice"), 2);
}

/// Not a test: the filter's own cost per `/chat` turn (4 KiB benign reply, read before, so the
/// guard's hit cache answers), natively against the fake host, split by callback.
/// `cargo test --release -p orrery-learning-filter --lib per_turn_cost -- --ignored --nocapture`
#[test]
#[ignore]
fn per_turn_cost() {
    use std::time::{Duration, Instant};
    let host = FakeHost::new();
    publish(&host, "L1");
    let cfg = config().unwrap();
    let cache: store::SharedCache = Default::default();
    let metrics = std::rc::Rc::new(crate::metrics::Metrics::define(host.clone()));
    let corpus = include_str!("../../guard/tests/data/benign_ops.txt");
    let mut reply = String::new();
    for l in corpus.lines().filter(|l| !l.contains('"')) {
        if reply.len() > 4096 {
            break;
        }
        reply.push_str(l);
        reply.push(' ');
    }
    let body_json = serde_json::json!({"session_id": "s1", "response": reply}).to_string();
    let p = payload("alice");
    let n = 3000u32;
    let mut t = [Duration::ZERO; 3];
    for _ in 0..n {
        let mut h = Http::new(
            host.clone(),
            Some(cfg.clone()),
            metrics.clone(),
            cache.clone(),
        );
        let s = Instant::now();
        request(
            &mut h,
            &host,
            "POST",
            "/chat",
            &[("x-orrery-jwt-payload", &p)],
        );
        let s1 = Instant::now();
        respond(
            &mut h,
            &host,
            "200",
            &[("content-type", "application/json")],
        );
        let s2 = Instant::now();
        body(&mut h, &host, body_json.as_bytes(), true);
        let s3 = Instant::now();
        t[0] += s1 - s;
        t[1] += s2 - s1;
        t[2] += s3 - s2;
    }
    let us = |d: Duration| d.as_secs_f64() * 1e6 / f64::from(n);
    println!(
        "per turn, a reply read before: request headers {:.1} µs, response headers {:.1} µs, \
         body ({} B) {:.1} µs",
        us(t[0]),
        us(t[1]),
        body_json.len(),
        us(t[2])
    );
    // A new reply every turn (as in a lab): the matcher reads every byte.
    let m = 300u32;
    let mut fresh = Duration::ZERO;
    for k in 0..m {
        let text = format!("Turn {k}. {reply}");
        let b = serde_json::json!({"session_id": "s1", "response": text}).to_string();
        let mut h = Http::new(
            host.clone(),
            Some(cfg.clone()),
            metrics.clone(),
            cache.clone(),
        );
        request(
            &mut h,
            &host,
            "POST",
            "/chat",
            &[("x-orrery-jwt-payload", &p)],
        );
        respond(
            &mut h,
            &host,
            "200",
            &[("content-type", "application/json")],
        );
        let s = Instant::now();
        body(&mut h, &host, b.as_bytes(), true);
        fresh += s.elapsed();
    }
    println!(
        "per turn, a new reply: body {:.1} µs",
        fresh.as_secs_f64() * 1e6 / f64::from(m)
    );
}
