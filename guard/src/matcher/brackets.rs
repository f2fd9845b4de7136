//! A value pinned between two bounds (a stretch rule under `Rules::approximations`):
//! `5099 < lag < 5101`, `it lies in [2749, 2751]`, `more than 5099, fewer than 5101`. Neither
//! bound is the target, yet together they state it, as tightly as an approximation would.
//!
//! This module owns that reading: on a line with a word or sign of comparison or range
//! ([`CUES`]), two numbers that are neighbours in value and hold a numeric target strictly
//! between them, no further apart than [`WIDTH`] of the smaller (at least 2, so `99 < x < 101`
//! pins 100), state that target. Only neighbours are compared: if any pair pins a target,
//! a neighbouring pair inside it does too.
//!
//! False-positive controls: a line without a cue is not read (a table row of two close
//! numbers is data, and the candidate rule owns lists of three); `between 5000 and 5200`
//! (a band of ±2 %) stays visible; numbers are read in digits only, thousands groups with
//! commas and a decimal part allowed.
use super::targets::{Hits, NumTargets};

/// How far apart two bounds may be, relative to the smaller, and still pin what lies between.
const WIDTH: f64 = 0.02;

/// Words and signs that make two numbers on a line bounds (ASCII case-insensitive).
const CUES: &[&str] = &[
    "<", ">", "\u{2264}", "\u{2265}", "[", "(", "between", "than", "range", "least", "most",
    "above", "below", "under", "over", "exceed", "from", " to ", "..", "\u{2026}", "within", "and",
];

/// Numbers per line beyond which a line is data, not a statement (a table row or a dump).
const MAX_NUMBERS: usize = 12;

/// Mark every target that a line of `s` pins between two bounds.
pub(crate) fn scan(nums: &NumTargets, s: &str, hits: &mut Hits) {
    for line in s.split('\n') {
        if !line.bytes().any(|b| b.is_ascii_digit()) {
            continue;
        }
        let mut vs = numbers(line);
        if vs.len() < 2 || vs.len() > MAX_NUMBERS {
            continue;
        }
        vs.sort_by(f64::total_cmp);
        let close = |a: f64, b: f64| b > a && b - a <= (a * WIDTH).max(2.0);
        // No two neighbours close enough: nothing can be pinned, whatever the cues say (the
        // cue search is the dearer test, so it comes second).
        if !vs.windows(2).any(|w| close(w[0], w[1])) {
            continue;
        }
        if !cues().is_some_and(|ac| ac.is_match(line)) {
            continue;
        }
        for w in vs.windows(2) {
            let (a, b) = (w[0], w[1]);
            if close(a, b) {
                // Strictly between: the bounds themselves are the literal rules' business.
                let eps = (b - a) * 1e-9;
                nums.range(a + eps, b - eps, hits);
            }
        }
    }
}

/// [`CUES`], ASCII case-insensitive, in one automaton (a lowercased copy of every line with
/// digits and 22 substring searches cost more than the rest of the rule).
fn cues() -> Option<&'static aho_corasick::AhoCorasick> {
    static AC: std::sync::OnceLock<Option<aho_corasick::AhoCorasick>> = std::sync::OnceLock::new();
    AC.get_or_init(|| {
        crate::matcher::dfa_builder()
            .ascii_case_insensitive(true)
            .build(CUES)
            .ok()
    })
    .as_ref()
}

/// The numbers written in digits on a line (`5,099`, `2749.5`), left to right; past
/// [`MAX_NUMBERS`] the line is data and the count is all that matters.
fn numbers(line: &str) -> Vec<f64> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let starts = b[i].is_ascii_digit()
            && !(i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.'));
        if !starts {
            i += 1;
            continue;
        }
        // The number's digits (and point) without the thousands commas, in a fixed buffer:
        // longer runs than it holds are ids or hashes, read as no bound.
        let mut text = [0u8; 40];
        let mut n = 0;
        let mut fits = true;
        let mut put = |c: u8| {
            match text.get_mut(n) {
                Some(slot) => *slot = c,
                None => fits = false,
            }
            n += 1;
        };
        while i < b.len() && b[i].is_ascii_digit() {
            put(b[i]);
            i += 1;
        }
        // Thousands groups: a comma and exactly three digits.
        while b.get(i) == Some(&b',')
            && b.get(i + 1..i + 4)
                .is_some_and(|g| g.iter().all(u8::is_ascii_digit))
            && !b.get(i + 4).is_some_and(u8::is_ascii_digit)
        {
            for &d in b.get(i + 1..i + 4).unwrap_or(&[]) {
                put(d);
            }
            i += 4;
        }
        if b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            put(b'.');
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                put(b[i]);
                i += 1;
            }
        }
        // Glued to letters (`5100abc`, `v2`): an identifier, not a bound.
        if b.get(i).is_some_and(u8::is_ascii_alphabetic) || !fits {
            continue;
        }
        let parsed = text.get(..n).and_then(parse);
        if let Some(v) = parsed {
            out.push(v);
            if out.len() > MAX_NUMBERS {
                break;
            }
        }
    }
    out
}

/// The digits (and point) of one number as `f64`: up to 15 digits without a point read as an
/// integer, which `f64` holds exactly, so the value is the one `str::parse` gives; the rest
/// through `str::parse`.
fn parse(t: &[u8]) -> Option<f64> {
    if t.len() <= 15 && t.iter().all(u8::is_ascii_digit) {
        let v = t.iter().fold(0u64, |v, &c| v * 10 + u64::from(c - b'0'));
        return Some(v as f64);
    }
    std::str::from_utf8(t).ok()?.parse::<f64>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pinned(text: &str, target: f64) -> bool {
        let mut hits = Hits::new(1, 0);
        scan(&NumTargets::single(target), text, &mut hits);
        hits.any()
    }

    #[test]
    fn bounds_pin() {
        for (t, v) in [
            ("5099 < lag < 5101", 5100.0),
            ("It lies in [2749, 2751].", 2750.0),
            ("More than 5099, fewer than 5101.", 5100.0),
            ("strictly between 5,099 and 5,101", 5100.0),
            ("99 < x < 101", 100.0),
            ("above 5050 and below 5150", 5100.0),
        ] {
            assert!(pinned(t, v), "{t:?}");
        }
    }

    #[test]
    fn near_misses() {
        for (t, v) in [
            ("between 5000 and 5200", 5100.0),
            ("5099 5101", 5100.0),
            ("more than 5100", 5100.0),
            ("from v5099 to v5101", 5100.0),
            ("below 4000 and above 6000", 5100.0),
        ] {
            assert!(!pinned(t, v), "{t:?}");
        }
    }
}
