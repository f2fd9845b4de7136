//! The matcher as Envoy runs it: 64 KB of reply (coaching prose, a line of tool output in six)
//! and of ops text, the peers bench's five targets, read once to build, then timed, the best
//! of `N` reads (40). Built for wasm32-wasip1 it runs under Node's V8 (the cargo runner,
//! `tools/wasi-run`), the engine Envoy and Istio embed; natively it gives the figure to compare.
//! A profiling aid for issue 10, not a benchmark with a goal: `make bench-v8`.
use orrery_learning_guard::manifest::TargetValue;
use orrery_learning_guard::matcher::{GuardedValue, Matcher};
use std::time::Instant;

// The peers bench's text (`benches/support/text.rs`).
#[path = "../benches/support/text.rs"]
mod text;
use text::text;

fn main() {
    let reads: usize = std::env::var("N")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(40);
    let targets = [
        TargetValue::Number(104_729.0),
        TargetValue::Number(112_648.5),
        TargetValue::Number(120_567.0),
        TargetValue::Number(128_486.5),
        TargetValue::Text("secret-target-9".into()),
    ];
    let values: Vec<GuardedValue> = targets
        .into_iter()
        .enumerate()
        .map(|(i, value)| GuardedValue {
            target_id: format!("t{i}"),
            value,
            unit: None,
        })
        .collect();
    let m = Matcher::compile(&values);
    let engine = if cfg!(target_arch = "wasm32") {
        "wasm (V8)"
    } else {
        "native"
    };
    for (name, ops_only) in [("reply 64 KB", false), ("ops text 64 KB", true)] {
        let t = text(64 * 1024, ops_only);
        m.find(&t);
        let mut best = f64::MAX;
        for _ in 0..reads {
            let start = Instant::now();
            std::hint::black_box(m.find(&t));
            best = best.min(start.elapsed().as_secs_f64());
        }
        println!(
            "{engine:<10} {name:<15} best of {reads}: {:7.2} ms  {:6.1} MB/s",
            best * 1e3,
            t.len() as f64 / best / 1e6
        );
    }
}
