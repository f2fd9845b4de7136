//! Digits one by one: single digits, as figures or words, with any punctuation between them
//! (`5, 1, 0, 0`, `5/1/0/0`, `5-1-0-0`, one per line, `five one oh oh`, `5 one 0 zero`).
//!
//! A sequence is read from its first single digit: tokens are a digit standing alone (no digit
//! or letter glued on either side) or a digit word (`zero` … `nine`, `oh`, `nought`, any
//! case), separated by one to three characters that are neither letters nor digits. Every
//! stretch of three or more consecutive tokens is looked up, forwards and (a stretch rule)
//! backwards, so a value inside a longer list of digits is found too.
//!
//! False-positive controls: a single `.` between digits ends the sequence (`1.0.0` is a
//! version, not 100); a word that is not a digit word ends it (`1 of 3 brokers`); three
//! tokens at least; at most 32 tokens per sequence (longer lists are read in pieces).
use super::numbers::{alnum_at, alnum_before, at, Ctx};
use super::targets::DecBuilder;

/// Most tokens one sequence holds.
const MAX_TOKENS: usize = 32;

/// Digit words, lowercase.
const DIGIT_WORDS: [(&str, u8); 12] = [
    ("zero", 0),
    ("oh", 0),
    ("nought", 0),
    ("one", 1),
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
    ("seven", 7),
    ("eight", 8),
    ("nine", 9),
];

/// The single digit token at `p` and its end.
fn token(s: &str, p: usize) -> Option<(u8, usize)> {
    let b = s.as_bytes();
    if alnum_before(s, p) {
        return None;
    }
    let c = at(b, p);
    if c.is_ascii_digit() {
        return (!alnum_at(s, p + 1)).then_some((c - b'0', p + 1));
    }
    let mut q = p;
    while at(b, q).is_ascii_alphabetic() && q - p < 7 {
        q += 1;
    }
    if q == p || alnum_at(s, q) {
        return None;
    }
    let w = s.get(p..q)?;
    DIGIT_WORDS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(w))
        .map(|(_, v)| (*v, q))
}

/// The next token start after a separator at `p` (1–3 chars, no letters or digits; not a
/// lone `.`).
fn separator(s: &str, p: usize) -> Option<usize> {
    let b = s.as_bytes();
    let mut q = p;
    while q - p < 3 {
        let c = at(b, q);
        if c == 0 || c.is_ascii_alphanumeric() || c >= 0x80 {
            break;
        }
        q += 1;
    }
    if q == p || (q == p + 1 && at(b, p) == b'.') {
        return None;
    }
    Some(q)
}

/// The word `point` at `p` (any case) followed by a separator: where the next token starts.
fn point_word(s: &str, p: usize) -> Option<usize> {
    let w = s.get(p..p + 5)?;
    if !w.eq_ignore_ascii_case("point") || alnum_at(s, p + 5) {
        return None;
    }
    separator(s, p + 5)
}

/// Read the sequence starting at `start`; returns where it ended (`start` when fewer than
/// three tokens were read, so callers go on as before).
pub(crate) fn one_by_one(s: &str, start: usize, ctx: &mut Ctx<'_>) -> usize {
    let mut digits = [0u8; MAX_TOKENS];
    let mut n = 0;
    let mut p = start;
    let mut end = start;
    // Digits read before `point` (`one two three four point five`).
    let mut point_at: Option<usize> = None;
    while n < MAX_TOKENS {
        let Some((d, q)) = token(s, p) else {
            if point_at.is_none() && n > 0 {
                if let Some(next) = point_word(s, p) {
                    point_at = Some(n);
                    p = next;
                    continue;
                }
            }
            break;
        };
        if let Some(slot) = digits.get_mut(n) {
            *slot = d;
        }
        n += 1;
        end = q;
        match separator(s, q) {
            Some(next) => p = next,
            None => break,
        }
    }
    if n < 3 {
        return start;
    }
    let seq = digits.get(..n).unwrap_or(&[]);
    if let Some(k) = point_at.filter(|k| *k < n) {
        let mut dec = DecBuilder::default();
        for (i, &d) in seq.iter().enumerate() {
            if i < k {
                dec.push_int(d);
            } else {
                dec.push_frac(d);
            }
        }
        if let Some(v) = dec.finish() {
            ctx.nums.exact(v, ctx.hits);
        }
    }
    for i in 0..n {
        let mut fwd = DecBuilder::default();
        let mut back = DecBuilder::default();
        for (k, &d) in seq.iter().skip(i).take(18).enumerate() {
            fwd.push_int(d);
            if k >= 2 {
                if let Some(v) = fwd.finish() {
                    ctx.nums.exact(v, ctx.hits);
                }
            }
        }
        if ctx.rules.reversed {
            for (k, &d) in seq.iter().take(n - i).rev().take(18).enumerate() {
                back.push_int(d);
                if k >= 2 {
                    if let Some(v) = back.finish() {
                        ctx.nums.exact(v, ctx.hits);
                    }
                }
            }
        }
    }
    end
}
