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

use crate::matcher::golden;

use crate::matcher::targets::Hits;
use crate::matcher::{GuardedValue, Matcher, Rules, TargetValue};

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
    golden::corpus("NUM", 6, 0x5EED_0010, &[4, 16, 64])
}

/// Targets from the text's digit runs: each run, and each two runs joined (at most 64).
fn own_targets(s: &str) -> Vec<GuardedValue> {
    let runs = golden::digit_runs(s);
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
