//! A dump of what `numbers.rs`, `phrases.rs`, `halves.rs`, `brackets.rs` and `expr.rs` report
//! over a large corpus, to compare two versions of them: a speed change must leave every
//! output byte for byte as it was. Ignored (it writes a file);
//! `NUM_DUMP=/path cargo test -p orrery-learning-guard --lib numbers_golden -- --ignored`,
//! run before and after a change, then `cmp` the two files. Extra texts (one JSON object a
//! line with a `"text"` field, as the red-team corpora are) come from `NUM_EXTRA`, a list of
//! paths separated by `:`.
//!
//! Each normalised text is read for a fixed list of targets (with units) and for targets made
//! from its own digit runs (so that any number a reader finds shows), with candidates counted
//! from one: the targets each scanner marks, and every value `expr::scan` reports.
use std::io::Write;

use orrery_learning_frozen_matcher::diff;

use crate::matcher::targets::Hits;
use crate::matcher::{GuardedValue, Matcher, Rules, TargetValue};

const SOURCES: &[&str] = &[
    include_str!("../../../tests/patient_learner.rs"),
    include_str!("../../../tests/matcher.rs"),
    include_str!("../../../tests/matcher_diff.rs"),
    include_str!("../../../tests/matcher_prop.rs"),
    include_str!("../../../tests/matcher_fp.rs"),
    include_str!("../../../tests/lang_numerals.rs"),
    include_str!("../../../tests/guard.rs"),
    include_str!("../../../tests/surfaces.rs"),
];
const OPS: &str = include_str!("../../../tests/data/benign_ops.txt");

/// Targets every text is read for, with their units.
const FIXED: [(f64, Option<&str>); 12] = [
    (5100.0, None),
    (2750.0, Some("ms")),
    (4125.0, None),
    (1700.0, Some("bytes/s")),
    (20400.0, None),
    (104729.0, None),
    (0.25, None),
    (3.5, Some("s")),
    (2_400_000.0, Some("bytes/s")),
    (120567.0, None),
    (42.0, Some("%")),
    (10200.0, None),
];

fn texts() -> Vec<String> {
    let mut seeds = diff::seeds(SOURCES, OPS);
    let extra = std::env::var("NUM_EXTRA").unwrap_or_default();
    for path in extra.split(':').filter(|p| !p.is_empty()) {
        let body = std::fs::read_to_string(path).unwrap_or_default();
        for l in body.lines() {
            if let Ok(v) = serde_json::from_str::<serde_json::Value>(l) {
                if let Some(t) = v.get("text").and_then(|t| t.as_str()) {
                    seeds.push(t.to_string());
                }
            }
        }
    }
    seeds.sort();
    seeds.dedup();
    let mut texts = diff::corpus(&seeds, OPS, 6, 0x5EED_0010);
    texts.extend(seeds);
    let lines: Vec<&str> = OPS.lines().collect();
    for w in [4usize, 16, 64] {
        texts.extend(lines.chunks(w).map(|c| c.join("\n")));
    }
    texts
}

/// Targets from the text's digit runs: each run, and each two runs joined (at most 64).
fn own_targets(s: &str) -> Vec<GuardedValue> {
    let b = s.as_bytes();
    let mut runs = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let from = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            runs.push(&s[from..i]);
        } else {
            i += 1;
        }
    }
    let mut out: Vec<String> = Vec::new();
    for (k, r) in runs.iter().enumerate() {
        out.push(r.to_string());
        if let Some(n) = runs.get(k + 1) {
            out.push(format!("{r}{n}"));
        }
    }
    out.retain(|d| d.len() <= 15);
    out.sort();
    out.dedup();
    out.truncate(64);
    out.iter()
        .filter_map(|d| d.parse::<f64>().ok())
        .enumerate()
        .map(|(i, v)| GuardedValue::new(format!("t{i}"), TargetValue::Number(v)))
        .collect()
}

fn fixed_targets() -> Vec<GuardedValue> {
    FIXED
        .iter()
        .enumerate()
        .map(|(i, (v, u))| GuardedValue {
            target_id: format!("f{i}"),
            value: TargetValue::Number(*v),
            unit: u.map(str::to_string),
        })
        .collect()
}

/// What each scanner marks in `s` for `m`'s targets.
fn read(m: &Matcher, n: usize, s: &str, out: &mut String) {
    use std::fmt::Write as _;
    let mut hits = Hits::new(n, 1);
    let mut ctx = super::Ctx {
        nums: &m.nums,
        rules: &m.rules,
        hits: &mut hits,
        units: &m.units,
        spelled_until: 0,
    };
    super::scan(s, &mut ctx);
    hits.settle_candidates();
    let _ = write!(out, "\tn{:?}", hits.into_indices());
    let mut hits = Hits::new(n, 1);
    crate::matcher::phrases::scan(s, &m.digit_strings, &mut hits);
    let _ = write!(out, "\tp{:?}", hits.into_indices());
    let mut hits = Hits::new(n, 1);
    crate::matcher::halves::scan(s, &m.whole_digits, &mut hits);
    let _ = write!(out, "\th{:?}", hits.into_indices());
    let mut hits = Hits::new(n, 1);
    crate::matcher::brackets::scan(&m.nums, s, &mut hits);
    hits.settle_candidates();
    let _ = write!(out, "\tb{:?}", hits.into_indices());
}

#[test]
#[ignore]
fn numbers_golden_dump() {
    let Ok(path) = std::env::var("NUM_DUMP") else {
        return;
    };
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).expect("dump file"));
    let rules = Rules {
        min_candidates: 1,
        ..Rules::DEFAULT
    };
    let fixed = fixed_targets();
    let fm = Matcher::compile_with(&fixed, rules);
    let texts = texts();
    for (k, t) in texts.iter().enumerate() {
        let s = crate::matcher::normalize::normalize(t).into_owned();
        let mut line = format!("{k}");
        read(&fm, fixed.len(), &s, &mut line);
        let own = own_targets(&s);
        if !own.is_empty() {
            let om = Matcher::compile_with(&own, rules);
            read(&om, own.len(), &s, &mut line);
        }
        let mut v = Vec::new();
        crate::matcher::expr::scan(&s, &mut |x| v.push(x.to_bits()));
        writeln!(out, "{line}\te{v:?}").expect("write");
    }
    writeln!(out, "{} texts", texts.len()).expect("write");
}
