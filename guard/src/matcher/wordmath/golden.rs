//! A dump of what `wordmath.rs`, `code.rs` and `splits.rs` return over a large corpus, to
//! compare two versions of them: a speed change must leave every output byte for byte as it
//! was. Ignored (it writes a file);
//! `WM_DUMP=/path cargo test -p orrery-learning-guard --lib wordmath_golden -- --ignored`,
//! run before and after a change, then `cmp` the two files. Extra texts (one JSON object a
//! line with a `"text"` field, as the red-team corpora are) come from `WM_EXTRA`, a list of
//! paths separated by `:`.
//!
//! Each text is read as written and normalised: the values [`super::values`] reads (sorted,
//! distinct, as bits), the text [`crate::matcher::code::view`] writes, and the targets
//! [`crate::matcher::splits::scan`] marks, for a fixed list of targets and for every digit
//! string the text could join (one to four digit runs in a row, or every other run for the
//! indexed digits), so that a change in which joins are read shows.
use std::io::Write;

use orrery_learning_frozen_matcher::diff;

use crate::matcher::targets::Hits;

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

/// Integer targets every text is read for.
const FIXED: [&str; 8] = [
    "5100", "2750", "4125", "1700", "20400", "104729", "120567", "10200",
];

/// Most candidate digit strings read per text (a window of ops text has hundreds of runs).
const MAX_CANDIDATES: usize = 3000;

fn texts() -> Vec<String> {
    let mut seeds = diff::seeds(SOURCES, OPS);
    let extra = std::env::var("WM_EXTRA").unwrap_or_default();
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
    // Larger texts: the ops corpus in windows of many lines.
    let lines: Vec<&str> = OPS.lines().collect();
    for w in [4usize, 16, 64] {
        texts.extend(lines.chunks(w).map(|c| c.join("\n")));
    }
    texts
}

/// Every digit string `s` could state split: runs `i..i+m` joined (m ≤ 4) and every other
/// run from `i` (up to 12 of them), at most 24 digits.
fn candidates(s: &str) -> Vec<String> {
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
    let mut out: Vec<String> = FIXED.iter().map(|t| t.to_string()).collect();
    for i in 0..runs.len() {
        for step in [1usize, 2] {
            let mut joined = String::new();
            let most = if step == 1 { 4 } else { 12 };
            for r in runs.iter().skip(i).step_by(step).take(most) {
                joined.push_str(r);
                if joined.len() > 24 {
                    break;
                }
                out.push(joined.clone());
            }
        }
    }
    out.sort();
    out.dedup();
    out.truncate(MAX_CANDIDATES);
    out
}

fn splits_hits(s: &str, targets: &[String]) -> Vec<usize> {
    let digits: Vec<(String, usize)> = targets.iter().cloned().zip(0..).collect();
    let mut hits = Hits::new(digits.len(), 0);
    crate::matcher::splits::scan(&digits, s, &mut hits);
    hits.into_indices()
}

#[test]
#[ignore]
fn wordmath_golden_dump() {
    let Ok(path) = std::env::var("WM_DUMP") else {
        return;
    };
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).expect("dump file"));
    let texts = texts();
    let (mut valued, mut viewed, mut split) = (0usize, 0usize, 0usize);
    for (k, t) in texts.iter().enumerate() {
        let norm = crate::matcher::normalize::normalize(t).into_owned();
        for (form, s) in [("w", t.as_str()), ("n", norm.as_str())] {
            if form == "n" && norm == *t {
                continue;
            }
            let mut v = Vec::new();
            super::values(s, &mut |x| v.push(x.to_bits()));
            v.sort_unstable();
            v.dedup();
            valued += usize::from(!v.is_empty());
            let view = crate::matcher::code::view(s);
            viewed += usize::from(view.is_some());
            let fixed: Vec<String> = FIXED.iter().map(|t| t.to_string()).collect();
            let cands = candidates(s);
            let hit_fixed = splits_hits(s, &fixed);
            let hit_all: Vec<&str> = splits_hits(s, &cands)
                .into_iter()
                .filter_map(|i| cands.get(i).map(String::as_str))
                .collect();
            split += usize::from(!hit_all.is_empty());
            writeln!(
                out,
                "{k}{form}\t{v:?}\t{view:?}\t{hit_fixed:?}\t{hit_all:?}"
            )
            .expect("write");
        }
    }
    writeln!(
        out,
        "{} texts, {valued} with values, {viewed} with a code view, {split} with splits",
        texts.len()
    )
    .expect("write");
}
