//! Fuzz target: the answer matcher and the compiled guard. Values compiled from fuzzed input
//! (numbers and strings, valid or not), `find` on fuzzed text: never a panic, indices in range
//! and ascending, `is_match` agrees with `find`; and for a guard over valid values, a withheld
//! reply's replacement states no guarded value.
#![no_main]
use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use orrery_learning_guard::guard::{Guard, GuardSet, RetiredValue};
use orrery_learning_guard::manifest::{Target, TargetValue};
use orrery_learning_guard::matcher::{GuardedValue, Matcher};

#[derive(Debug, Arbitrary)]
enum Value {
    Int(i64),
    Float(f64),
    Text(String),
}

#[derive(Debug, Arbitrary)]
struct Input {
    values: Vec<Value>,
    text: String,
    level: u8,
}

fn valid(v: &TargetValue) -> bool {
    match v {
        TargetValue::Number(n) => {
            n.is_finite() && n.abs() >= 100.0 && n.abs() < 9_007_199_254_740_992.0
        }
        TargetValue::Text(s) => s.trim().chars().count() >= 4 && s.chars().count() <= 256,
    }
}

fuzz_target!(|input: Input| {
    let values: Vec<TargetValue> = input
        .values
        .into_iter()
        .take(16)
        .map(|v| match v {
            Value::Int(n) => TargetValue::Number(n as f64),
            Value::Float(f) => TargetValue::Number(f),
            Value::Text(s) => TargetValue::Text(s),
        })
        .collect();
    let guarded: Vec<GuardedValue> = values
        .iter()
        .enumerate()
        .map(|(i, v)| GuardedValue {
            target_id: format!("t{i}"),
            value: v.clone(),
            unit: None,
        })
        .collect();
    let matcher = Matcher::compile(&guarded);
    let hits = matcher.find(&input.text);
    assert!(hits.iter().all(|&i| i < guarded.len()));
    assert!(
        hits.windows(2).all(|w| w[0] < w[1]),
        "ascending, no duplicates"
    );
    assert_eq!(matcher.is_match(&input.text), !hits.is_empty());

    let valid_values: Vec<TargetValue> = values.into_iter().filter(valid).collect();
    let Some((first, rest)) = valid_values.split_first() else {
        return;
    };
    let set = GuardSet {
        scenario_id: "fuzz".into(),
        default_disclosure: 0,
        targets: vec![Target {
            id: "t0".into(),
            descriptor: "total lag of group orders-processor".into(),
            value: first.clone(),
            unit: None,
        }],
        retired: rest
            .iter()
            .enumerate()
            .map(|(i, v)| RetiredValue {
                id: format!("r{i}"),
                value: v.clone(),
                expires_at_unix: 0,
            })
            .collect(),
    };
    let guard = Guard::compile(set);
    let verdict = guard.guard_reply(&input.text, input.level);
    if let Some(shown) = &verdict.replacement {
        assert!(input.level < 3);
        assert!(!verdict.targets.is_empty());
        assert!(guard.find(shown).is_empty(), "replacement states a value");
    }
    let scrubbed = guard.scrub(&input.text, input.level);
    if let Some(shown) = &scrubbed.replacement {
        assert!(guard.find(shown).is_empty(), "scrub mark states a value");
    }
});
