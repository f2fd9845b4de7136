//! What each stretch rule costs: the matcher on 64 KB of ops text (the peers bench's manifest,
//! the ops corpus) with all rules, then with one rule family off at a time; the difference is
//! that family's share. A profiling aid for issue 10, not a benchmark with a goal.
//!
//! `cargo run --release -p orrery-learning-guard --example rule_costs [-- --all]` (`--all`:
//! only the full rule set, ten times longer, for `perf record`).
use orrery_learning_guard::manifest::TargetValue;
use orrery_learning_guard::matcher::{GuardedValue, Matcher, Rules};
use std::time::Instant;
const CORPUS: &str = include_str!("../tests/data/benign_ops.txt");
fn text(size: usize) -> String {
    let ops: Vec<&str> = CORPUS.lines().collect();
    let mut out = String::new();
    let mut k = 7usize;
    while out.len() < size {
        k = k.wrapping_mul(31).wrapping_add(17);
        out.push_str(ops[k % ops.len()]);
        out.push('\n');
    }
    out.truncate(size);
    out
}
fn main() {
    let vals: Vec<GuardedValue> = [
        TargetValue::Number(104_729.0),
        TargetValue::Number(112_648.5),
        TargetValue::Number(120_567.0),
        TargetValue::Number(128_486.5),
        TargetValue::Text("secret-target-9".into()),
    ]
    .into_iter()
    .enumerate()
    .map(|(i, v)| GuardedValue {
        target_id: format!("t{i}"),
        value: v,
        unit: None,
    })
    .collect();
    let t = text(64 * 1024);
    let base = Rules::DEFAULT;
    let variants: Vec<(&str, Rules)> = vec![
        ("all", base),
        (
            "-encodings",
            Rules {
                encodings: false,
                ..base
            },
        ),
        (
            "-second_readings",
            Rules {
                second_readings: false,
                ..base
            },
        ),
        (
            "-other_numerals",
            Rules {
                other_numerals: false,
                ..base
            },
        ),
        (
            "-words",
            Rules {
                words: false,
                spelled_digits: false,
                ..base
            },
        ),
        (
            "-loose_strings",
            Rules {
                loose_strings: false,
                ..base
            },
        ),
        (
            "-name_parts/fuzzy",
            Rules {
                name_parts: false,
                fuzzy_strings: false,
                ..base
            },
        ),
        (
            "-ciphered_words",
            Rules {
                ciphered_words: false,
                ..base
            },
        ),
        (
            "-concat",
            Rules {
                concatenations: false,
                ..base
            },
        ),
        (
            "-approx",
            Rules {
                approximations: false,
                ..base
            },
        ),
        (
            "-arith",
            Rules {
                arithmetic: false,
                ..base
            },
        ),
        (
            "-units",
            Rules {
                units: false,
                ..base
            },
        ),
        (
            "-candidates",
            Rules {
                min_candidates: 0,
                ..base
            },
        ),
        (
            "-position",
            Rules {
                position_phrases: false,
                ..base
            },
        ),
    ];
    let only_all = std::env::args().any(|a| a == "--all");
    for (name, r) in variants {
        if only_all && name != "all" {
            continue;
        }
        let m = Matcher::compile_with(&vals, r);
        let n = if only_all { 300 } else { 30 };
        let s = Instant::now();
        for _ in 0..n {
            std::hint::black_box(m.find(&t));
        }
        let dt = s.elapsed().as_secs_f64() / n as f64;
        println!(
            "{name:20} {:.2} ms/64KB  {:.1} MB/s",
            dt * 1e3,
            65536.0 / dt / 1e6
        );
    }
}
