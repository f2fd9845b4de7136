//! The poller natively against the fake host: the lease election, a resync after a control
//! restart, the watch backoff, and the event queue's posting, requeue and backoff.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::Poller;
use crate::host::fake::{Call, FakeHost};
use crate::host::{Buffer, Map};
use crate::metrics::Metrics;
use crate::store;
use crate::testing::*;
use orrery_learning_guard::policy::{self, keys};
use std::rc::Rc;

fn poller(host: &FakeHost, leased: bool, root_id: u32) -> Poller<FakeHost> {
    let role = if leased { "filter" } else { "sync" };
    let extra = if leased {
        serde_json::json!({"sync": "lease"})
    } else {
        serde_json::json!({})
    };
    let cfg = Rc::new(config_with(role, extra).unwrap());
    let metrics = Rc::new(Metrics::define(host.clone()));
    Poller::new(host.clone(), cfg, metrics, leased, root_id)
}

fn path(c: &Call) -> String {
    c.header(":path").unwrap_or_default().to_string()
}

fn watches(calls: &[Call]) -> Vec<&Call> {
    calls
        .iter()
        .filter(|c| path(c).starts_with("/v1/watch"))
        .collect()
}

/// Answer callout `token` with `status` and `body`.
fn answer(p: &mut Poller<FakeHost>, host: &FakeHost, token: u32, status: &str, body: &str) {
    host.set_headers(Map::CALL_RESPONSE_HEADERS, &[(":status", status)]);
    host.set_body(Buffer::CALL_RESPONSE_BODY, body.as_bytes());
    p.on_http_call_response(token, 1, body.len());
}

fn watch_answer(epoch: &str, levels: &[(&str, u8)]) -> String {
    let entries: Vec<_> = levels
        .iter()
        .map(|(s, l)| serde_json::json!({"subject": s, "scenario_id": SCENARIO, "level": l}))
        .collect();
    serde_json::json!({
        "epoch": epoch,
        "manifest_generation": 1,
        "guard": guard_set(),
        "level_seq": 1,
        "levels": {"full": true, "entries": entries},
    })
    .to_string()
}

#[test]
fn one_root_holds_the_lease_and_another_takes_it_when_it_lapses() {
    let host = FakeHost::new();
    let (mut a, mut b) = (poller(&host, true, 1), poller(&host, true, 2));
    a.on_tick();
    b.on_tick();
    let calls = host.take_calls();
    assert_eq!(watches(&calls).len(), 1, "only the lease holder polls");
    let a_token = calls[0].token;
    // a renews while it ticks; b keeps out.
    host.advance(1_000);
    a.on_tick();
    b.on_tick();
    assert!(host.take_calls().is_empty());
    // a stops ticking (its worker is stuck): after the lease time b takes over.
    host.advance(3_001);
    b.on_tick();
    assert_eq!(watches(&host.take_calls()).len(), 1);
    a.on_tick();
    assert!(!a.holds_lease);
    assert!(host
        .logs()
        .iter()
        .any(|(_, l)| l == "orrery-learning: sync lease lost"));
    // a's watch answer, arriving after it lost the lease, publishes nothing.
    answer(&mut a, &host, a_token, "200", &watch_answer("e1", &[]));
    assert!(host.get(keys::GENERATION).is_none());
    assert_logs_clean(&host);
}

#[test]
fn two_roots_racing_for_a_lapsed_lease_elect_one() {
    let host = FakeHost::new();
    host.put(keys::LEASE, b"9-0|1");
    let mut a = poller(&host, true, 1);
    // Another root writes the lease between a's read and its compare-and-set.
    host.before_set(keys::LEASE, |h| {
        h.put(keys::LEASE, b"2-0|99999999999999");
    });
    a.on_tick();
    assert!(!a.holds_lease);
    assert!(host.take_calls().is_empty());
}

#[test]
fn a_control_restart_resyncs_every_level() {
    let host = FakeHost::new();
    let mut p = poller(&host, false, 1);
    p.on_tick();
    let first = host.take_calls();
    assert_eq!(path(&first[0]), "/v1/watch?timeout_ms=25000");
    assert_eq!(
        first[0].header("x-orrery-learning-proxy-secret"),
        Some(SECRET)
    );
    answer(
        &mut p,
        &host,
        first[0].token,
        "200",
        &watch_answer("e1", &[("alice", 2), ("bob", 1)]),
    );
    assert_eq!((level_now(&host, "alice"), level_now(&host, "bob")), (2, 1));
    let epoch1 = store::generation(&host).unwrap().levels_epoch;
    // The next watch goes out at once, with what the poller now knows.
    let next = host.take_calls();
    assert_eq!(
        path(&next[0]),
        "/v1/watch?timeout_ms=25000&epoch=e1&manifest_generation=1&level_seq=1"
    );
    // The control service restarted: a new epoch, and only alice has a level now.
    host.advance(10);
    answer(
        &mut p,
        &host,
        next[0].token,
        "200",
        &watch_answer("e2", &[("alice", 1)]),
    );
    let epoch2 = store::generation(&host).unwrap().levels_epoch;
    assert_ne!(epoch1, epoch2);
    // bob's record belongs to the old epoch: he reads the default, never his old level.
    assert_eq!((level_now(&host, "alice"), level_now(&host, "bob")), (1, 0));
    assert_eq!(host.counter("orrery_learning.sync.levels_full_resync"), 2);
    assert_eq!(host.counter("orrery_learning.sync.watch_ok"), 2);
    assert!(path(&host.take_calls()[0]).contains("epoch=e2"));
    assert_logs_clean(&host);
}

#[test]
fn a_refused_answer_asks_again_from_scratch_after_a_backoff() {
    let host = FakeHost::new();
    let mut p = poller(&host, false, 1);
    p.on_tick();
    let t = host.take_calls()[0].token;
    answer(
        &mut p,
        &host,
        t,
        "200",
        &watch_answer("e1", &[("alice", 2)]),
    );
    let t = host.take_calls()[0].token;
    // A guard set the filter refuses (no target): nothing published changes.
    let mut bad: serde_json::Value = serde_json::from_str(&watch_answer("e2", &[])).unwrap();
    bad["guard"]["targets"] = serde_json::json!([]);
    answer(&mut p, &host, t, "200", &bad.to_string());
    assert_eq!(host.counter("orrery_learning.sync.guard_refused"), 1);
    assert_eq!(level_now(&host, "alice"), 2);
    assert!(host.take_calls().is_empty(), "no retry before the backoff");
    host.advance(249);
    p.on_tick();
    assert!(host.take_calls().is_empty());
    host.advance(1);
    p.on_tick();
    assert_eq!(path(&host.take_calls()[0]), "/v1/watch?timeout_ms=25000");
    assert_logs_clean(&host);
}

#[test]
fn watch_failures_back_off_doubling_to_five_seconds() {
    let host = FakeHost::new();
    host.state().refuse.callouts = true;
    let mut p = poller(&host, false, 1);
    let errors = |h: &FakeHost| h.counter("orrery_learning.sync.watch_error");
    p.on_tick();
    assert_eq!(errors(&host), 1);
    let mut waits = Vec::new();
    for _ in 0..7 {
        let before = errors(&host);
        let mut waited = 0;
        while errors(&host) == before {
            host.advance(10);
            waited += 10;
            p.on_tick();
        }
        waits.push(waited);
    }
    assert_eq!(waits, [250, 500, 1000, 2000, 4000, 5000, 5000]);
}

#[test]
fn events_are_posted_requeued_on_failure_with_backoff_and_dropped_on_4xx() {
    let host = FakeHost::new();
    for target in ["t1", "t2"] {
        let line = policy::event_line("alice", SCENARIO, target, "chat");
        assert!(store::append_event(&host, &line));
    }
    let mut p = poller(&host, false, 1);
    let post = |h: &FakeHost| -> Option<Call> {
        h.take_calls().into_iter().find(|c| path(c) == "/v1/events")
    };
    p.on_tick();
    let c = post(&host).unwrap();
    assert_eq!(c.header("x-orrery-learning-proxy-secret"), Some(SECRET));
    assert!(
        host.get(keys::EVENTS).unwrap().is_empty(),
        "taken while in flight"
    );
    // The control service is down: the events go back, and the next post waits.
    answer(&mut p, &host, c.token, "503", "");
    assert_eq!(host.counter("orrery_learning.sync.events_post_error"), 2);
    assert_eq!(host.get(keys::EVENTS).unwrap().lines().count(), 2);
    host.advance(200);
    p.on_tick();
    assert!(post(&host).is_none());
    host.advance(50);
    p.on_tick();
    let c = post(&host).unwrap();
    answer(&mut p, &host, c.token, "204", "");
    assert_eq!(host.counter("orrery_learning.sync.events_posted"), 2);
    // The backoff is reset: a new event goes on the next tick.
    let line = policy::event_line("alice", SCENARIO, "t3", "chat");
    assert!(store::append_event(&host, &line));
    p.on_tick();
    let c = post(&host).unwrap();
    // A 4xx would be refused again: dropped and counted.
    answer(&mut p, &host, c.token, "400", "");
    assert_eq!(host.counter("orrery_learning.sync.events_dropped"), 1);
    assert!(host.get(keys::EVENTS).unwrap().is_empty());
    assert_logs_clean(&host);
}

#[test]
fn the_event_queue_is_bounded_and_survives_contention() {
    let host = FakeHost::new();
    let line = "x".repeat(1023);
    let fits = policy::MAX_PENDING_EVENT_BYTES / 1024;
    for _ in 0..fits {
        assert!(store::append_event(&host, &line));
    }
    assert!(!store::append_event(&host, &line), "over the bound");
    assert_eq!(
        host.get(keys::EVENTS).unwrap().len(),
        policy::MAX_PENDING_EVENT_BYTES
    );

    // Another worker appends between our read and our compare-and-set: both lines stay.
    let host = FakeHost::new();
    assert!(store::append_event(&host, "first"));
    host.before_set(keys::EVENTS, |h| h.put(keys::EVENTS, b"first\nother\n"));
    assert!(store::append_event(&host, "mine"));
    assert_eq!(
        host.get(keys::EVENTS).as_deref(),
        Some("first\nother\nmine\n")
    );

    // Taking races an append the same way: nothing is taken, nothing lost.
    host.before_set(keys::EVENTS, |h| {
        h.put(keys::EVENTS, b"first\nother\nmine\nlate\n")
    });
    assert_eq!(store::take_events(&host), None);
    assert_eq!(host.get(keys::EVENTS).unwrap().lines().count(), 4);

    // A host that refuses every write: the line is dropped, not retried forever.
    host.state().refuse.shared_writes = true;
    assert!(!store::append_event(&host, "refused"));
}

#[test]
fn a_hint_record_written_under_the_old_epoch_during_a_resync_is_settled() {
    // A hint answer that read the old generation writes its record between the resync's level
    // write and its generation switch: read back, it is written again under the new epoch.
    let host = FakeHost::new();
    let mut p = poller(&host, false, 1);
    p.on_tick();
    let token = watches(&host.take_calls())[0].token;
    let key = store::level_key("alice");
    let k = key.clone();
    host.before_set(keys::GENERATION, move |h| {
        h.put(&k, format!("old.1.1:{SCENARIO}:1").as_bytes())
    });
    answer(
        &mut p,
        &host,
        token,
        "200",
        &watch_answer("c1", &[("alice", 1)]),
    );
    assert_eq!(level_now(&host, "alice"), 1);
    assert!(host.get(&key).unwrap().starts_with("c1."));
}
