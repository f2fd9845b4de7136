//! Fuzz target: the differential guard of the performance work (issue 10). The live matcher
//! against the frozen one (`fuzz/frozen/`, the matcher before any speed work): on fuzzed text,
//! every target the frozen matcher finds, the live one finds too (a speed-up may withhold
//! more, never less). The first byte picks a manifest from `diff::target_sets()`, or (past
//! them) takes the numbers and the first word of the text's first line as the targets, so the
//! fuzzer also explores values near what it writes.
#![no_main]
use libfuzzer_sys::fuzz_target;
use orrery_learning_frozen_matcher::diff;
use orrery_learning_frozen_matcher::matcher as frozen;
use orrery_learning_guard::manifest::TargetValue;
use orrery_learning_guard::matcher::{GuardedValue, Matcher};
use std::sync::OnceLock;

/// Targets read from a line: up to four numbers (with a unit word after some of them) and one
/// word of four or more characters.
fn own_targets(line: &str) -> Vec<(frozen::TargetValue, Option<String>)> {
    const UNITS: &[&str] = &["ms", "bytes/s", "messages", "s", "bytes"];
    let mut out = Vec::new();
    for (k, w) in line.split_whitespace().enumerate() {
        if out.len() >= 5 {
            break;
        }
        if let Ok(v) = w.parse::<f64>() {
            if v.is_finite() && v.abs() >= 1.0 && v.abs() < 1e15 {
                let unit = UNITS.get(k % 8).map(|u| u.to_string());
                out.push((frozen::TargetValue::Number(v), unit));
            }
        } else if w.chars().count() >= 4 && w.len() <= 64 {
            out.push((frozen::TargetValue::Text(w.to_string()), None));
        }
    }
    out
}

/// One target set as the frozen matcher's values.
fn frozen_values(set: &[(frozen::TargetValue, Option<String>)]) -> Vec<frozen::GuardedValue> {
    set.iter()
        .enumerate()
        .map(|(i, (v, u))| frozen::GuardedValue {
            target_id: format!("t{i}"),
            value: v.clone(),
            unit: u.clone(),
        })
        .collect()
}

/// Both matchers over one target set.
fn compile(set: &[(frozen::TargetValue, Option<String>)]) -> (frozen::Matcher, Matcher) {
    let old = frozen::Matcher::compile(&frozen_values(set));
    let new = Matcher::compile(
        &set.iter()
            .enumerate()
            .map(|(i, (v, u))| GuardedValue {
                target_id: format!("t{i}"),
                value: match v {
                    frozen::TargetValue::Number(n) => TargetValue::Number(*n),
                    frozen::TargetValue::Text(t) => TargetValue::Text(t.clone()),
                },
                unit: u.clone(),
            })
            .collect::<Vec<_>>(),
    );
    (old, new)
}

type Compiled = Vec<(
    Vec<(frozen::TargetValue, Option<String>)>,
    frozen::Matcher,
    Matcher,
)>;

/// The fixed manifests, compiled once per process (compiling per input would dominate).
fn fixed() -> &'static Compiled {
    static FIXED: OnceLock<Compiled> = OnceLock::new();
    FIXED.get_or_init(|| {
        diff::target_sets()
            .into_iter()
            .map(|s| {
                let set: Vec<_> = s
                    .into_iter()
                    .map(|(v, u)| (v, u.map(str::to_string)))
                    .collect();
                let (o, n) = compile(&set);
                (set, o, n)
            })
            .collect()
    })
}

fn check(
    set: &[(frozen::TargetValue, Option<String>)],
    old: &frozen::Matcher,
    new: &Matcher,
    text: &str,
) {
    let o = old.find(text);
    if o.is_empty() {
        return;
    }
    let n = new.find(text);
    for i in &o {
        if n.contains(i) {
            continue;
        }
        // The one finding the live matcher may lack (`diff::reversed_list_only`).
        assert!(
            diff::reversed_list_only(&frozen_values(set), text, *i),
            "the frozen matcher found target {i} ({:?}), the live one did not: {text:?}",
            set.get(*i)
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let fixed = fixed();
    match fixed.get(usize::from(pick % 8)) {
        Some((set, old, new)) => check(set, old, new, &text),
        None => {
            let set = own_targets(text.lines().next().unwrap_or(""));
            let (old, new) = compile(&set);
            check(&set, &old, &new, &text);
        }
    }
});
