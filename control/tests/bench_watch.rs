//! Benchmark (issue 3 item 9), ignored by default; run it with `make bench-control`
//! (`cargo test --release -p orrery-learning-control --test bench_watch -- --ignored --nocapture`).
//! Measures the service's resident memory (VmRSS/VmHWM from /proc) with 100k learners' levels,
//! the time for 10 watchers to take a full resync of them, and the fan-out latency from a hint
//! press to the answer reaching each of 10 held watchers.

mod common;
use common::*;
use std::time::{Duration, Instant};

const LEARNERS: usize = 100_000;
const WATCHERS: usize = 10;
const ROUNDS: usize = 30;

fn proc_kb(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse().ok())
        .unwrap()
}

fn pct(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

#[test]
#[ignore = "benchmark: run with make bench-control"]
fn memory_and_fan_out() {
    let lab = Lab::new("bench", &lab_a());
    let s = lab.start(&["--test-hooks", "--hint-interval-seconds", "1"]);
    let pid = s.pid();
    let rss0 = proc_kb(pid, "VmRSS:");
    let seeded = send(
        s.authed("POST", "/v1/test/levels"),
        Some(&format!(
            r#"{{"prefix":"learner-","count":{LEARNERS},"level":1}}"#
        )),
    );
    assert_eq!(seeded.status, 200);
    let rss_levels = proc_kb(pid, "VmRSS:");

    let t = Instant::now();
    // Timed to the last byte received; parsing 10 x 6 MB in this process is not the service's cost.
    let replies: Vec<Reply> = std::thread::scope(|scope| {
        let hs: Vec<_> = (0..WATCHERS)
            .map(|_| scope.spawn(|| s.watch("timeout_ms=1000")))
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let resync = t.elapsed();
    let full_bytes = replies[0].body.len();
    let fulls: Vec<serde_json::Value> = replies.iter().map(Reply::json).collect();
    assert!(fulls
        .iter()
        .all(|w| w["levels"]["entries"].as_array().unwrap().len() == LEARNERS));
    let rss_after_resync = proc_kb(pid, "VmRSS:");
    let hwm = proc_kb(pid, "VmHWM:");

    let mut cursors: Vec<String> = fulls.iter().map(cursor).collect();
    let mut latencies = Vec::new();
    for round in 0..ROUNDS {
        let pressed: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
        let pressed = &pressed;
        let results: Vec<(serde_json::Value, Duration)> = std::thread::scope(|scope| {
            let hs: Vec<_> = cursors
                .iter()
                .map(|c| {
                    let q = format!("{c}&timeout_ms=30000");
                    let s = &s;
                    scope.spawn(move || {
                        let r = s.watch(&q).json();
                        let at = Instant::now();
                        (r, at.duration_since(*pressed.get().unwrap()))
                    })
                })
                .collect();
            while s.metric("orrery_learning_watchers") != Some(WATCHERS as f64) {
                std::thread::sleep(Duration::from_millis(5));
            }
            pressed.set(Instant::now()).unwrap();
            assert_eq!(s.hint(&format!("bench-{round}"), "human").status, 200);
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        cursors = results.iter().map(|(r, _)| cursor(r)).collect();
        latencies.extend(results.into_iter().map(|(_, d)| d));
    }
    latencies.sort();
    println!("control-service benchmark ({LEARNERS} learners, {WATCHERS} watchers, release build)");
    println!("  VmRSS at start:                    {:>7} kB", rss0);
    println!(
        "  VmRSS with {LEARNERS} levels:          {:>7} kB",
        rss_levels
    );
    println!(
        "  VmRSS after 10 full resyncs:       {:>7} kB",
        rss_after_resync
    );
    println!("  VmHWM (peak):                      {:>7} kB", hwm);
    println!(
        "  full resync body:                  {:>7} kB",
        full_bytes / 1024
    );
    println!(
        "  10 concurrent full resyncs:        {:>7.1} ms",
        resync.as_secs_f64() * 1e3
    );
    println!(
        "  hint -> watcher fan-out ({} samples): p50 {:.2} ms, p90 {:.2} ms, max {:.2} ms",
        latencies.len(),
        pct(&latencies, 0.5).as_secs_f64() * 1e3,
        pct(&latencies, 0.9).as_secs_f64() * 1e3,
        latencies.last().unwrap().as_secs_f64() * 1e3
    );
    assert!(
        rss_levels <= 30 * 1024,
        "resident memory with {LEARNERS} levels over 30 MB: {rss_levels} kB"
    );
    s.finish();
}
