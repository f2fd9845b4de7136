//! `POST /chat/stream` through a real Envoy: no delta frame ever reaches the learner, progress
//! frames arrive while the turn is still running, the message frame is guarded, and CRLF line
//! ends and frames split across chunks change nothing.
mod common;
use common::*;
use std::time::Duration;

const NUDGE: &str = "I can't give that value yet.";

fn message_reply(st: &Streamed) -> String {
    let frames = st.frames();
    let (_, data) = frames
        .iter()
        .find(|(e, _)| e == "message")
        .expect("a message frame");
    let v: serde_json::Value = serde_json::from_str(data).expect("message data is JSON");
    v["response"].as_str().unwrap_or_default().to_string()
}

#[test]
fn the_stream_holds_deltas_and_guards_the_message() {
    let s = Stack::start("streaming", Options::default());
    let m = default_manifest();
    let alice = s.token("alice", "human");

    // Deltas carry the reply piece by piece (a value split across them); none is forwarded.
    for (prefix, what) in [
        ("echo: ", "LF frames"),
        ("sse-crlf: ", "CRLF frames"),
        ("sse-split: ", "frames split across chunks"),
        ("sse-split-crlf: ", "split CRLF frames"),
        ("sse-extra: ", "unknown events"),
    ] {
        let st = s.stream(&alice, &format!("{prefix}the total lag is 5100 messages"));
        assert_eq!(st.status, 200, "{what}");
        assert!(
            st.header("content-length").is_none(),
            "{what}: stale content-length"
        );
        let frames = st.frames();
        assert!(
            frames.iter().all(|(e, _)| e != "delta"),
            "{what}: a delta frame reached the learner"
        );
        assert!(
            message_reply(&st).starts_with(NUDGE),
            "{what}: message not nudged"
        );
        assert_no_value(&st.text(), &m, what);
    }

    // A benign stream: the message as written, the end frame kept.
    let st = s.stream(&alice, "echo: all consumers are committing");
    let frames = st.frames();
    assert!(frames.iter().all(|(e, _)| e != "delta"));
    assert!(frames.iter().any(|(e, _)| e == "end"), "no end frame");
    assert_eq!(message_reply(&st), "all consumers are committing");

    // Progress frames go out at once: under `slow echo:` (300 ms between frames, progress first)
    // the first progress frame arrives long before the stream ends.
    let st = s.stream(&alice, "slow echo: the lag is 5,100");
    let progress = st.arrived_at("event: progress").expect("a progress frame");
    assert!(st.frames().iter().filter(|(e, _)| e == "progress").count() >= 2);
    assert!(
        st.total.saturating_sub(progress) >= Duration::from_millis(250),
        "progress held until the end ({progress:?} of {:?})",
        st.total
    );
    assert!(message_reply(&st).starts_with(NUDGE));
    assert_no_value(&st.text(), &m, "slow stream");
    assert!(s.stat("withheld.chat_stream") >= 6);

    s.check_logs();
}

/// A frame over the stream limit (1 MiB): the stream ends with the fixed error frame, and
/// nothing of the oversized frame goes out. (Slow: the stand-in sends ~1500 delta frames 20 ms
/// apart before the oversized message frame; its own stack lets it overlap the other test.)
#[test]
fn an_oversized_frame_fails_the_stream_closed() {
    let s = Stack::start("streaming-oversized", Options::default());
    let alice = s.token("alice", "human");
    let st = s.stream(&alice, "big: 1500000");
    assert_eq!(st.status, 200);
    let frames = st.frames();
    assert!(frames.iter().all(|(e, _)| e != "message" && e != "delta"));
    let (event, data) = frames.last().expect("an error frame");
    assert_eq!(event, "error");
    assert_eq!(
        data,
        r#"{"error":"stream interrupted by the learning sandbox"}"#
    );
    assert!(st.body.len() < 4096, "the oversized frame leaked");
    assert!(s.stat("refused.stream_failed") >= 1);
    s.check_logs();
}

trait Header {
    fn header(&self, name: &str) -> Option<&str>;
}
impl Header for Streamed {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}
