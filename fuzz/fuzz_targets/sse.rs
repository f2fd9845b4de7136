//! Fuzz target: the streaming hold. Any bytes, split anywhere: never a panic; the output does
//! not depend on the chunking; below level 3 no output frame states a target; the output is a
//! fixed point (fed back at level 3 it comes out unchanged).
#![no_main]
use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use orrery_learning_guard::guard::{Guard, GuardSet};
use orrery_learning_guard::manifest::{Target, TargetValue};
use orrery_learning_guard::sse::{SseGuard, StreamOut, StreamPolicy};

#[derive(Debug, Arbitrary)]
struct Input {
    stream: Vec<u8>,
    cuts: Vec<u16>,
    level: u8,
    small_frames: bool,
}

/// Compiled once: compiling per input would dominate the run.
fn guard() -> &'static Guard {
    static GUARD: std::sync::OnceLock<Guard> = std::sync::OnceLock::new();
    GUARD.get_or_init(compile)
}

fn compile() -> Guard {
    let target = |id: &str, value: TargetValue| Target {
        id: id.into(),
        descriptor: "total lag of group orders-processor".into(),
        value,
        unit: None,
    };
    Guard::compile(GuardSet {
        scenario_id: "fuzz".into(),
        default_disclosure: 0,
        targets: vec![
            target("total_lag", TargetValue::Number(5100.0)),
            target("topic", TargetValue::Text("payments-eu-west".into())),
        ],
        retired: vec![],
    })
}

fn run(g: &Guard, policy: &StreamPolicy, input: &[u8], cuts: &[usize], level: u8) -> StreamOut {
    let mut hold = SseGuard::new(policy.clone());
    let mut all = StreamOut::default();
    let mut at = 0;
    for &p in cuts.iter().chain(std::iter::once(&input.len())) {
        let o = hold.push(&input[at..p], g, level);
        all.bytes.extend(o.bytes);
        all.failed |= o.failed;
        at = p;
    }
    let o = hold.finish(g, level);
    all.bytes.extend(o.bytes);
    all.failed |= o.failed;
    all
}

fuzz_target!(|input: Input| {
    let g: &Guard = guard();
    let level = input.level % 5;
    let policy = StreamPolicy {
        max_frame_bytes: if input.small_frames { 64 } else { 1 << 20 },
        ..StreamPolicy::default()
    };
    let len = input.stream.len();
    let mut cuts: Vec<usize> = input.cuts.iter().map(|&c| c as usize % (len + 1)).collect();
    cuts.sort_unstable();

    let whole = run(g, &policy, &input.stream, &[], level);
    let chunked = run(g, &policy, &input.stream, &cuts, level);
    assert_eq!(whole.bytes, chunked.bytes);
    assert_eq!(whole.failed, chunked.failed);

    let text = String::from_utf8(whole.bytes.clone()).expect("output is UTF-8");
    if level < 3 {
        for frame in text.split("\n\n") {
            assert!(g.find(frame).is_empty(), "a frame states a target");
        }
    }
    let open = StreamPolicy::default();
    let again = run(g, &open, &whole.bytes, &[], 3);
    assert_eq!(
        again.bytes, whole.bytes,
        "canonical output is a fixed point"
    );
});
