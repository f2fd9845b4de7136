//! Manifest changes through a real Envoy: a manifest replaced atomically is guarded and
//! `/healthz` shows the new id; a value that left the manifest stays guarded through the grace
//! period and no longer after it; a level reached on another scenario reads as the default.
mod common;
use common::*;
use std::time::Duration;

const NUDGE: &str = "I can't give that value yet.";

fn nudged(r: &Resp) -> bool {
    r.json()
        .and_then(|v| v["response"].as_str().map(|s| s.starts_with(NUDGE)))
        .unwrap_or(false)
}

#[test]
fn a_replaced_manifest_is_guarded_and_old_levels_do_not_carry_over() {
    let mut s = Stack::start(
        "manifest-replace",
        Options {
            hint_interval_seconds: 1,
            ..Options::default()
        },
    );
    let alice = s.token("alice", "human");
    // Alice reaches level 3 on scenario A.
    for _ in 0..3 {
        assert_eq!(s.hint(&alice).status, 200);
        std::thread::sleep(Duration::from_millis(1100));
    }
    let r = s.chat(&alice, "echo: the lag is 5100", None);
    assert!(!nudged(&r), "level 3 should be unguarded");

    // The lab reseeds: new scenario id, new values.
    let b = manifest("kafka-lag-b21c", 7300, 4400, "orders-worker-osprey");
    s.replace_manifest(&b);
    s.wait_scenario("kafka-lag-b21c");
    let v = s.get("/readyz", None).json().unwrap();
    assert_eq!(v["scenario_id"], "kafka-lag-b21c");

    // Level 3 on A reads as the default on B: the new values are guarded for alice...
    let me = s.get("/me", Some(&alice)).json().unwrap();
    assert_eq!(me["learning"]["level"], 0);
    assert_eq!(me["learning"]["scenario_id"], "kafka-lag-b21c");
    let r = s.chat(&alice, "echo: the lag is now 7,300", None);
    assert!(nudged(&r));
    assert_no_value(&r.text(), &b, "new values");
    let r = s.chat(&alice, "echo: it is orders-worker-osprey", None);
    assert!(nudged(&r));
    // ...and the old ones stay guarded through the grace period.
    let r = s.chat(&alice, "echo: the old lag was 5100", None);
    assert!(nudged(&r), "a retired value leaked within the grace period");
    let upstream = s
        .standin_requests()
        .into_iter()
        .rfind(|q| q["path"] == "/chat")
        .expect("a /chat request");
    assert_eq!(
        upstream["headers"]["x-orrery-learning-scenario"],
        "kafka-lag-b21c"
    );
    assert_eq!(upstream["headers"]["x-orrery-learning-level"], "0");
    s.check_logs();
}

#[test]
fn a_retired_value_is_guarded_until_the_grace_ends() {
    let mut s = Stack::start(
        "manifest-grace",
        Options {
            grace_seconds: 3,
            ..Options::default()
        },
    );
    let alice = s.token("alice", "human");
    // Same scenario id, one value changed (5100 -> 6200).
    let next = manifest("kafka-lag-7f3a", 6200, 2750, "orders-worker-kestrel");
    s.replace_manifest(&next);
    wait_until(Duration::from_secs(20), "the new value guarded", || {
        nudged(&s.chat(&alice, "echo: lag 6200", None))
    });
    let r = s.chat(&alice, "echo: the old lag was 5100", None);
    assert!(
        nudged(&r),
        "the retired value leaked within the grace period"
    );
    // After the grace the retired value is no longer guarded (the control service bumps the
    // generation when it expires, and Envoy recompiles).
    wait_until(Duration::from_secs(20), "the grace to end", || {
        !nudged(&s.chat(&alice, "echo: the old lag was 5100", None))
    });
    let r = s.chat(&alice, "echo: lag 6200", None);
    assert!(nudged(&r), "the current value must stay guarded");
    // 5100 is no longer a value after its grace, but it still was one: keep it in the grep.
    s.check_logs();
}
