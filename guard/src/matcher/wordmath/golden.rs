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

use crate::matcher::golden;

use crate::matcher::targets::Hits;

/// Integer targets every text is read for.
const FIXED: [&str; 8] = [
    "5100", "2750", "4125", "1700", "20400", "104729", "120567", "10200",
];

/// Most candidate digit strings read per text (a window of ops text has hundreds of runs).
const MAX_CANDIDATES: usize = 3000;

fn texts() -> Vec<String> {
    // Larger texts: the ops corpus in windows of many lines.
    golden::corpus("WM", 6, 0x5EED_0010, &[4, 16, 64])
}

/// Every digit string `s` could state split: runs `i..i+m` joined (m ≤ 4) and every other
/// run from `i` (up to 12 of them), at most 24 digits.
fn candidates(s: &str) -> Vec<String> {
    let runs = golden::digit_runs(s);
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
