//! Response headers are read by the learner too: a header that states a target at the
//! learner's level is removed before the headers leave (counted as withheld), one that states
//! nothing passes, and at level 3 nothing is removed. The stand-in sends the reply as the
//! response header `x-orrery-reply` on request (`x-standin-reply-header`).
mod common;
use common::*;

#[test]
fn a_header_that_states_a_target_is_removed() {
    let s = Stack::start("headers", Options::default());
    let m = default_manifest();
    let alice = s.token("alice", "human");
    let ask = |msg: &str| {
        s.request(
            "POST",
            "/chat",
            Some(&alice),
            &[("x-standin-reply-header", "1")],
            Some(serde_json::json!({ "message": msg }).to_string().as_bytes()),
        )
    };

    let r = ask("echo: the lag is 5100");
    assert_eq!(r.status, 200);
    assert!(r.header("x-orrery-reply").is_none(), "{:?}", r.headers);
    assert_no_value(&r.text(), &m, "body");
    for (k, v) in &r.headers {
        assert_no_value(&format!("{k}: {v}"), &m, "header");
    }

    let r = ask("echo: nothing to hide here");
    assert_eq!(r.status, 200);
    assert_eq!(
        r.header("x-orrery-reply"),
        Some("nothing to hide here"),
        "{:?}",
        r.headers
    );

    // At level 3 the answer is the learner's: the header goes as upstream sent it.
    for _ in 0..3 {
        assert_eq!(s.hint(&alice).status, 200);
        std::thread::sleep(std::time::Duration::from_millis(1100));
    }
    let r = ask("echo: the lag is 5100");
    assert_eq!(r.header("x-orrery-reply"), Some("the lag is 5100"));

    s.check_logs();
}
