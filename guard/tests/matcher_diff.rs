//! Differential test against the matcher as it stood before the patient-learner work (a frozen
//! copy in `fuzz/legacy/`, commit in `fuzz/legacy/COMMIT`): on generated texts built from
//! spellings of the targets, near-misses, Unicode and markup, every target the old matcher
//! found the new one finds too. The new rules only add. Native only (proptest).
#![cfg(not(target_arch = "wasm32"))]

/// The legacy matcher refers to `crate::manifest::TargetValue`.
mod manifest {
    pub use orrery_learning_guard::manifest::TargetValue;
}
#[allow(dead_code, unused_imports, clippy::all)]
#[path = "../../fuzz/legacy/matcher/mod.rs"]
mod legacy;

use orrery_learning_guard::manifest::TargetValue;
use orrery_learning_guard::matcher::{GuardedValue, Matcher};
use proptest::prelude::*;

const PIECES: &[&str] = &[
    "5100",
    "5,100",
    "5.1k",
    "five thousand one hundred",
    "51",
    "00",
    "5",
    "1",
    "0",
    "100",
    "orders-7",
    "ORDERS-7",
    "orders",
    "-",
    "7",
    "17",
    "KafkaConsumerLagHigh",
    "lag",
    "high",
    "2.4",
    "MB/s",
    "2400000",
    "1250.5",
    "ms",
    "s",
    " ",
    " ",
    ", ",
    ".",
    "\n",
    "*",
    "**",
    "`",
    "<b>",
    "</b>",
    "&#53;",
    "&amp;",
    "~",
    "~~",
    "_",
    "about ",
    "0x13EC",
    "+",
    " x ",
    "e3",
    "\u{200B}",
    "\u{0301}",
    "\u{FF15}",
    "\u{0665}",
    "\u{043E}",
    "\u{00A0}",
    "\u{2212}",
    "\u{00B3}",
    "\u{00BD}",
    "é",
    "Zürich-3",
    "thousand",
    "hundred",
    "one",
    "oh",
    "point",
    "v",
    "a",
    "(",
    ")",
    "/",
    ":",
    "#",
    "=",
    "'",
    "\"",
    "%",
    "[",
    "]",
    "{",
    "}",
    "|",
];

fn targets() -> Vec<(TargetValue, &'static str)> {
    vec![
        (TargetValue::Number(5100.0), "messages"),
        (TargetValue::Text("orders-7".into()), ""),
        (TargetValue::Text("KafkaConsumerLagHigh".into()), ""),
        (TargetValue::Number(2_400_000.0), "bytes/s"),
        (TargetValue::Number(1250.5), "ms"),
        (TargetValue::Text("Zürich-3".into()), ""),
        (TargetValue::Number(100.0), ""),
    ]
}

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 1..24).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]
    #[test]
    fn new_matcher_finds_everything_the_old_one_found(t in text()) {
        let ts = targets();
        let old = legacy::Matcher::compile(
            &ts.iter()
                .enumerate()
                .map(|(i, (v, _))| legacy::GuardedValue { target_id: format!("t{i}"), value: v.clone() })
                .collect::<Vec<_>>(),
        );
        let new = Matcher::compile(
            &ts.iter()
                .enumerate()
                .map(|(i, (v, u))| GuardedValue {
                    target_id: format!("t{i}"),
                    value: v.clone(),
                    unit: (!u.is_empty()).then(|| u.to_string()),
                })
                .collect::<Vec<_>>(),
        );
        let o = old.find(&t);
        let n = new.find(&t);
        for i in &o {
            prop_assert!(n.contains(i), "old found {i} in {t:?}, new found {n:?}");
        }
    }
}

/// A fixed-seed pass (deterministic in CI): 30,000 generated texts, every loss listed.
#[test]
fn fixed_seed_pass_loses_nothing() {
    let ts = targets();
    let old = legacy::Matcher::compile(
        &ts.iter()
            .enumerate()
            .map(|(i, (v, _))| legacy::GuardedValue {
                target_id: format!("t{i}"),
                value: v.clone(),
            })
            .collect::<Vec<_>>(),
    );
    let new = Matcher::compile(
        &ts.iter()
            .enumerate()
            .map(|(i, (v, u))| GuardedValue {
                target_id: format!("t{i}"),
                value: v.clone(),
                unit: (!u.is_empty()).then(|| u.to_string()),
            })
            .collect::<Vec<_>>(),
    );
    let mut x: u64 = 12345;
    let mut fails = 0;
    for _ in 0..30_000 {
        let mut t = String::new();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let n = 1 + (x % 12) as usize;
        for _ in 0..n {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            t.push_str(PIECES[(x % PIECES.len() as u64) as usize]);
        }
        let o = old.find(&t);
        let nn = new.find(&t);
        if o.iter().any(|i| !nn.contains(i)) {
            fails += 1;
            if fails < 20 {
                println!("old {o:?} new {nn:?} text {t:?}");
            }
        }
    }
    assert_eq!(
        fails, 0,
        "texts where the new matcher lost a target the old one found"
    );
}
