//! `POST /learning/hint` through a real Envoy: human principals only, rate-limited, one step at
//! a time; the new level applies from the next turn, and a hint pressed while a stream runs
//! neither changes nor breaks that turn.
mod common;
use common::*;
use std::time::Duration;

const NUDGE: &str = "I can't give that value yet.";

fn level_of(s: &Stack, token: &str) -> serde_json::Value {
    s.get("/me", Some(token)).json().expect("me JSON")["learning"]["level"].clone()
}

#[test]
fn hints_by_principal_rate_limit_and_next_turn() {
    let s = Stack::start(
        "hints",
        Options {
            hint_interval_seconds: 2,
            ..Options::default()
        },
    );
    let m = default_manifest();
    let alice = s.token("alice", "human");
    let alice_bot = s.token("alice", "delegated");
    let svc = s.token("alice", "service");

    // Delegated and service principals cannot raise the level.
    for (who, t) in [("delegated", &alice_bot), ("service", &svc)] {
        let r = s.hint(t);
        assert_eq!(r.status, 403, "{who}");
    }
    assert_eq!(level_of(&s, &alice), 0);

    // A human can, by exactly one step, and /me shows it at once (no wait for the watch).
    let r = s.hint(&alice);
    assert_eq!(r.status, 200);
    let v = r.json().unwrap();
    assert_eq!(v["level"], 1);
    assert_eq!(v["scenario_id"], "kafka-lag-7f3a");
    assert_eq!(level_of(&s, &alice), 1);

    // Rate limit: a second press within the interval is refused with Retry-After.
    let r = s.hint(&alice);
    assert_eq!(r.status, 429);
    assert!(r.header("retry-after").is_some());
    assert_eq!(level_of(&s, &alice), 1);

    // The delegated agent acting for alice gets her level (keyed by subject), but no hint.
    let me = s.get("/me", Some(&alice_bot)).json().unwrap();
    assert_eq!(me["learning"]["level"], 1);
    assert_eq!(me["learning"]["can_take_hint"], false);

    // Below 3 the value is still withheld; at level 3 the next turn is unguarded.
    let r = s.chat(&alice, "echo: the lag is 5100", None);
    assert!(r.json().unwrap()["response"]
        .as_str()
        .unwrap()
        .starts_with(NUDGE));
    for want in [2, 3] {
        std::thread::sleep(Duration::from_millis(2100));
        let r = s.hint(&alice);
        assert_eq!(r.status, 200);
        assert_eq!(r.json().unwrap()["level"], want);
    }
    let me = s.get("/me", Some(&alice)).json().unwrap();
    assert_eq!(me["learning"]["level"], 3);
    assert_eq!(me["learning"]["can_take_hint"], false);
    // (The reply states a value, so it is read but never printed or logged.)
    let r = s.chat(&alice, "echo: the lag is 5100", None);
    assert_eq!(r.json().unwrap()["response"], "the lag is 5100");
    // The stamped level reached Orrery.
    let last = s
        .standin_requests()
        .into_iter()
        .rfind(|q| q["path"] == "/chat")
        .expect("a /chat request");
    assert_eq!(last["headers"]["x-orrery-learning-level"], "3");

    // Bob is untouched by alice's hints.
    let bob = s.token("bob", "human");
    assert_eq!(level_of(&s, &bob), 0);
    let r = s.chat(&bob, "echo: the lag is 5100", None);
    assert_no_value(&r.text(), &m, "bob's chat");

    // At level 3 a hint is a no-op.
    std::thread::sleep(Duration::from_millis(2100));
    let r = s.hint(&alice);
    assert_eq!(r.status, 200);
    assert_eq!(r.json().unwrap()["level"], 3);

    let hints = s.wait_audit("learning_hint", 3);
    assert!(hints.iter().all(|h| h["subject"] == "alice"));
    s.check_logs();
}

#[test]
fn a_hint_during_a_running_stream_changes_nothing_in_that_turn() {
    let s = Stack::start(
        "hints-mid-stream",
        Options {
            hint_interval_seconds: 1,
            ..Options::default()
        },
    );
    let m = default_manifest();
    let alice = s.token("alice", "human");
    for _ in 0..2 {
        assert_eq!(s.hint(&alice).status, 200);
        std::thread::sleep(Duration::from_millis(1100));
    }
    assert_eq!(level_of(&s, &alice), 2);

    // A slow stream at level 2; the hint to level 3 lands while it runs.
    let token = alice.clone();
    let port = s.listen;
    let runner = std::thread::spawn(move || {
        let body =
            serde_json::json!({"message": "slow echo: the lag is 5100 messages"}).to_string();
        let auth = format!("Bearer {token}");
        stream_request(
            port,
            "/chat/stream",
            &[
                ("authorization", &auth),
                ("content-type", "application/json"),
            ],
            body.as_bytes(),
        )
    });
    std::thread::sleep(Duration::from_millis(400));
    let r = s.hint(&alice);
    assert_eq!(r.status, 200);
    assert_eq!(r.json().unwrap()["level"], 3);
    let st = runner.join().expect("the stream thread");

    // The running turn completed normally, guarded at its own level (2).
    assert_eq!(st.status, 200);
    let frames = st.frames();
    assert!(frames.iter().all(|(e, _)| e != "delta"));
    assert!(frames.iter().all(|(e, _)| e != "error"), "the stream broke");
    let (_, data) = frames
        .iter()
        .find(|(e, _)| e == "message")
        .expect("message frame");
    let v: serde_json::Value = serde_json::from_str(data).unwrap();
    assert!(v["response"].as_str().unwrap().starts_with(NUDGE));
    assert_no_value(&st.text(), &m, "the running turn");

    // The next turn runs at level 3.
    let r = s.chat(&alice, "echo: the lag is 5100", None);
    assert_eq!(r.json().unwrap()["response"], "the lag is 5100");
    s.check_logs();
}
