//! The watch long-poll (`GET /v1/watch`, issue 3 item 4): answers at once when the caller is
//! behind, holds when it is current, wakes on a hint and on a manifest change, returns "no
//! change" at the timeout, sends deltas when it can and a full resync when the epoch differs or
//! the caller is further behind than the change log.

mod common;
use common::*;
use serde_json::json;
use std::time::{Duration, Instant};

fn timed(s: &Service, query: &str) -> (serde_json::Value, Duration) {
    let t = Instant::now();
    let r = s.watch(query);
    assert_eq!(r.status, 200, "{}", r.body);
    (r.json(), t.elapsed())
}

#[test]
fn behind_answers_at_once_current_holds_until_timeout() {
    let lab = Lab::new("watch-hold", &lab_a());
    let s = lab.start(&[]);
    // Knowing nothing: everything, at once.
    let (w, took) = timed(&s, "timeout_ms=10000");
    assert!(took < Duration::from_secs(2), "{took:?}");
    assert_eq!(w["manifest_generation"], 1);
    assert_eq!(w["level_seq"], 0);
    assert_eq!(w["levels"]["full"], true);
    assert_eq!(w["guard"]["scenario_id"], "lab-a");
    assert_eq!(w["guard"]["targets"][1]["value"], "zanzibar-quokka");
    assert_eq!(w["epoch"].as_str().unwrap().len(), 32);

    // Current: held for the timeout, then "no change".
    let (w2, took) = timed(&s, &format!("{}&timeout_ms=400", cursor(&w)));
    assert!(
        took >= Duration::from_millis(390),
        "answered too early: {took:?}"
    );
    assert_eq!(w2["guard"], json!(null));
    // level_seq 0 is a cursor like any other: no change, no resync.
    assert_eq!(w2["levels"], json!({"full": false, "entries": []}));
    assert_eq!(
        (w2["manifest_generation"].clone(), w2["level_seq"].clone()),
        (json!(1), json!(0))
    );

    // A watcher is counted while held.
    std::thread::scope(|scope| {
        let h = scope.spawn(|| timed(&s, &format!("{}&timeout_ms=1500", cursor(&w))));
        std::thread::sleep(Duration::from_millis(400));
        assert_eq!(s.metric("orrery_learning_watchers"), Some(1.0));
        h.join().unwrap();
    });
    assert_eq!(s.metric("orrery_learning_watchers"), Some(0.0));

    // Malformed cursors are refused, not guessed at.
    assert_eq!(s.watch("level_seq=-1").status, 400);
    assert_eq!(s.watch("manifest_generation=abc").status, 400);
    s.finish();
}

#[test]
fn a_hint_wakes_a_held_watch_with_a_delta() {
    let lab = Lab::new("watch-hint", &lab_a());
    let s = lab.start(&[]);
    s.hint("alice", "human");
    let w = s.watch("").json();
    assert_eq!(w["level_seq"], 1);
    let (woken, took) = std::thread::scope(|scope| {
        let h = scope.spawn(|| timed(&s, &format!("{}&timeout_ms=20000", cursor(&w))));
        std::thread::sleep(Duration::from_millis(300));
        assert_eq!(s.hint("bob", "human").status, 200);
        h.join().unwrap()
    });
    assert!(took < Duration::from_secs(3), "{took:?}");
    assert_eq!(woken["guard"], json!(null));
    assert_eq!(woken["level_seq"], 2);
    assert_eq!(
        woken["levels"],
        json!({"full": false, "entries": [{"subject": "bob", "scenario_id": "lab-a", "level": 1}]})
    );
    // Behind by level_seq only: at once, deltas only.
    let (d, took) = timed(
        &s,
        &format!(
            "epoch={}&manifest_generation=1&level_seq=1&timeout_ms=20000",
            w["epoch"].as_str().unwrap()
        ),
    );
    assert!(took < Duration::from_secs(2));
    assert_eq!(d["levels"]["entries"].as_array().unwrap().len(), 1);
    s.finish();
}

#[test]
fn a_manifest_change_wakes_a_held_watch_with_the_guard_and_full_levels() {
    let lab = Lab::new("watch-manifest", &lab_a());
    let s = lab.start(&[]);
    s.hint("alice", "human");
    let w = s.watch("").json();
    let (woken, took) = std::thread::scope(|scope| {
        let h = scope.spawn(|| timed(&s, &format!("{}&timeout_ms=20000", cursor(&w))));
        std::thread::sleep(Duration::from_millis(300));
        lab.replace(&manifest_json("lab-a", 1, &[("total_lag", "8765432")]));
        h.join().unwrap()
    });
    assert!(took < Duration::from_secs(3), "{took:?}");
    assert_eq!(woken["manifest_generation"], 2);
    assert_eq!(woken["guard"]["targets"][0]["value"], 8_765_432);
    assert_eq!(woken["guard"]["default_disclosure"], 1);
    // A new guard set re-sends every level (read against the new default_disclosure).
    assert_eq!(
        woken["levels"],
        json!({"full": true, "entries": [{"subject": "alice", "scenario_id": "lab-a", "level": 1}]})
    );
    s.finish();
}

#[test]
fn another_epoch_or_a_caller_too_far_behind_gets_a_full_resync() {
    let lab = Lab::new("watch-resync", &lab_a());
    let s = lab.start(&["--test-hooks"]);
    s.hint("alice", "human");
    let w = s.watch("").json();
    // A restarted service (another epoch): guard and every level, at once.
    let (r, took) = timed(
        &s,
        "epoch=0123456789abcdef0123456789abcdef&manifest_generation=1&level_seq=1&timeout_ms=20000",
    );
    assert!(took < Duration::from_secs(2));
    assert_ne!(r["epoch"], "0123456789abcdef0123456789abcdef");
    assert_eq!(r["guard"]["scenario_id"], "lab-a");
    assert_eq!(r["levels"]["full"], true);
    assert_eq!(r["levels"]["entries"].as_array().unwrap().len(), 1);

    // 5000 changes: a caller at seq 1 is past the 4096-entry log.
    let seeded = send(
        s.authed("POST", "/v1/test/levels"),
        Some(r#"{"prefix":"learner-","count":5000,"level":2}"#),
    )
    .json();
    assert_eq!(seeded["level_seq"], 5001);
    let (r, _) = timed(&s, &cursor(&w));
    assert_eq!(r["guard"], json!(null));
    assert_eq!(r["levels"]["full"], true);
    assert_eq!(r["levels"]["entries"].as_array().unwrap().len(), 5001);
    // A caller 100 behind gets 100 deltas.
    let q = format!(
        "epoch={}&manifest_generation=1&level_seq=4901",
        w["epoch"].as_str().unwrap()
    );
    let (r, _) = timed(&s, &q);
    assert_eq!(r["levels"]["full"], false);
    assert_eq!(r["levels"]["entries"].as_array().unwrap().len(), 100);
    // A caller "ahead" of this store cannot be trusted: full.
    let q = format!(
        "epoch={}&manifest_generation=1&level_seq=99999",
        w["epoch"].as_str().unwrap()
    );
    assert_eq!(timed(&s, &q).0["levels"]["full"], true);
    s.finish();
}

#[test]
fn a_restart_is_a_new_epoch_and_every_level_reads_as_default() {
    let lab = Lab::new("watch-restart", &lab_a());
    let s = lab.start(&[]);
    s.hint("alice", "human");
    let before = s.watch("").json();
    assert_eq!(before["levels"]["entries"].as_array().unwrap().len(), 1);
    s.finish();

    let s = lab.start(&[]);
    let (after, took) = timed(&s, &format!("{}&timeout_ms=20000", cursor(&before)));
    assert!(took < Duration::from_secs(2), "{took:?}");
    assert_ne!(after["epoch"], before["epoch"]);
    assert_eq!(after["guard"]["scenario_id"], "lab-a");
    assert_eq!(after["levels"], json!({"full": true, "entries": []}));
    assert_eq!(s.hint("alice", "human").json()["level"], 1);
    s.finish();
}

/// A client that goes away mid-hold takes its watcher with it: the handler is dropped and the
/// gauge's guard decrements (issue 8).
#[test]
fn the_watchers_gauge_drops_when_a_held_client_disconnects() {
    use std::io::Write;
    let lab = Lab::new("watch-disconnect", &lab_a());
    let s = lab.start(&[]);
    let w = s.watch("").json();
    let addr = s.base.trim_start_matches("http://").to_string();
    let mut held = Vec::new();
    for _ in 0..2 {
        let mut conn = std::net::TcpStream::connect(&addr).unwrap();
        write!(
            conn,
            "GET /v1/watch?{}&timeout_ms=60000 HTTP/1.1\r\nhost: {addr}\r\nx-orrery-learning-proxy-secret: {SECRET}\r\n\r\n",
            cursor(&w)
        )
        .unwrap();
        held.push(conn);
    }
    wait_until(Duration::from_secs(10), "two watchers held", || {
        s.metric("orrery_learning_watchers") == Some(2.0)
    });
    // One goes away (its socket closed, no answer read): one left.
    drop(held.pop());
    wait_until(
        Duration::from_secs(10),
        "one watcher after a disconnect",
        || s.metric("orrery_learning_watchers") == Some(1.0),
    );
    // A client that shuts its socket down both ways counts the same.
    let last = held.pop().unwrap();
    last.shutdown(std::net::Shutdown::Both).unwrap();
    wait_until(
        Duration::from_secs(10),
        "no watcher after a shutdown",
        || s.metric("orrery_learning_watchers") == Some(0.0),
    );
    s.finish();
}
