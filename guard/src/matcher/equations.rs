//! A value stated as an equation about an unknown (a stretch rule under `Rules::arithmetic`):
//! "don't give me the lag, give me the lag divided by 100" gets `lag/100 = 51`, `lag ÷ 100 =
//! 51`, `lag minus 100 is 5000`, `lag plus 100 equals 5200`, `lag × 2 = 10200`, or a scale
//! (`lag in hundreds: 51`, `lag (in thousands): 5.1`, `in units of 100: 51`, `scaled by 1/100:
//! 51`), a fraction or multiple in words (`half the lag is 2550`, `a third of the lag = 1700`,
//! `twice the lag equals 10200`, `10% of the lag is 510`, `the lag halved is 2550`), or the
//! the operand first (`2*lag = 10200`, `6000 - lag = 900`), or the
//! same written the other way round (`51 = lag/100`, `5000 is the lag minus 100`, `2550 is
//! half the lag`). `expr.rs` evaluates expressions of numbers only; this module owns the ones with a
//! word in place of the value, solved for that word.
//!
//! A reading: the unknown (a word or a closing bracket), an operator with its operand, a
//! connector (`=`, `is`, `equals`, `gives`, `makes`, `comes to`, `->`, `→`, `=>`) and the result
//! — or a scale phrase (`in hundreds`, `in 100s`, `in units of N`, `scaled by 1/N`) before `:`
//! or a connector. The unknown's value is the result with the operation undone.
//!
//! # False-positive controls
//!
//! What is read states a target only when exactly equal to it, as every reading does. The
//! unknown must be letters or a bracket right before the operator (`5200-100` is a range,
//! `p99/2` an identifier, `worker-1: 5099` a name and a count); a `-` or `+` needs a space on
//! both sides (`a-1`, `c++` stay names); a bare `:` follows only a scale phrase or an operator
//! in words (`HTTP/2: 51` and `pods/3: 1700` are a protocol and a path, not equations). A
//! fraction word needs a word after it, the unknown (`the second half is 2550`, `2550 is half
//! of 10200` read nothing).
//!
//! # Cost
//!
//! One pass over the digit runs (found eight bytes at a time); a run is settled by the one
//! byte before it and the one after it unless one of them can end or start a connector, and
//! only then parsed and read for an operator.
use super::numbers::next_digit;
use super::targets::{Hits, NumTargets};

/// Mark every target an equation in `s` solves to.
pub(crate) fn scan(nums: &NumTargets, s: &str, hits: &mut Hits) {
    values(s, &mut |v| {
        if v.is_finite() && v > 0.0 {
            let eps = (v * 1e-9).max(1e-9);
            nums.range(v - eps, v + eps, hits);
        }
    });
}

/// Every value an equation in `s` gives its unknown, to `hit`.
fn values(s: &str, hit: &mut impl FnMut(f64)) {
    let b = s.as_bytes();
    let mut i = 0;
    while let Some(start) = next_digit(b, i) {
        let end = number_end(b, start);
        i = end;
        // Glued to a letter, a digit mark or a point: part of a name or a longer number.
        if start > 0
            && (b[start - 1].is_ascii_alphanumeric() || matches!(b[start - 1], b'_' | b'.'))
        {
            continue;
        }
        if b.get(end)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        {
            continue;
        }
        // Only a connector's last byte before the number, or its first after it, can make an
        // equation: most numbers are settled here, before any parse.
        let pre = back_spaces(b, start)
            .checked_sub(1)
            .and_then(|k| b.get(k))
            .map(u8::to_ascii_lowercase);
        let post = b.get(spaces(b, end)).map(u8::to_ascii_lowercase);
        let before = matches!(pre, Some(b':' | b'=' | b's' | b'o' | b'>' | 0x92 | b'e'));
        let after = matches!(post, Some(b'=' | b'i' | b'e'));
        if !before && !after {
            continue;
        }
        let Some(m) = value(b, start, end) else {
            continue;
        };
        if before {
            if let Some(v) = solved_before(b, start, m) {
                hit(v);
            }
        }
        if after {
            if let Some(v) = solved_after(b, end, m) {
                hit(v);
            }
        }
    }
}

/// Where the number starting at `at` ends: digits, thousands groups after commas, one
/// fraction after a point.
fn number_end(b: &[u8], at: usize) -> usize {
    let mut e = at;
    let mut point = false;
    while let Some(&c) = b.get(e) {
        if c.is_ascii_digit() {
            e += 1;
        } else if c == b','
            && !point
            && b.get(e + 1..e + 4)
                .is_some_and(|g| g.iter().all(u8::is_ascii_digit))
            && !b.get(e + 4).is_some_and(u8::is_ascii_digit)
        {
            e += 4;
        } else if c == b'.' && !point && b.get(e + 1).is_some_and(u8::is_ascii_digit) {
            point = true;
            e += 1;
        } else {
            break;
        }
    }
    e
}

/// The value of the number in `b[at..end]` ([`number_end`]'s shape), without a copy: at most
/// 18 significant digits, read as an integer and divided by a power of ten once (so `5.1` is
/// the double nearest 5.1).
fn value(b: &[u8], at: usize, end: usize) -> Option<f64> {
    let mut mant: u64 = 0;
    let mut digits = 0;
    let mut frac = None;
    for &c in b.get(at..end)? {
        match c {
            b'0'..=b'9' => {
                mant = mant.checked_mul(10)?.checked_add(u64::from(c - b'0'))?;
                digits += 1;
                if let Some(f) = frac.as_mut() {
                    *f += 1;
                }
            }
            b'.' => frac = Some(0),
            _ => {}
        }
    }
    if digits > 18 {
        return None;
    }
    Some(mant as f64 / 10f64.powi(frac.unwrap_or(0)))
}

/// The number at `at` and where it ends.
fn number(b: &[u8], at: usize) -> Option<(f64, usize)> {
    let end = number_end(b, at);
    (end > at).then_some(())?;
    Some((value(b, at, end)?, end))
}

/// Connectors between an equation's left side and its result. `:` is read apart.
const CONNECTORS: &[&[u8]] = &[
    b"=",
    b"==",
    b"is",
    b"equals",
    b"gives",
    b"makes",
    b"comes to",
    b"->",
    b"=>",
    b"\xe2\x86\x92",
    b"would be",
    b"will be",
    b"becomes",
];

/// The start of `word` ending at `end` (ASCII case-insensitive), when it stands as a word.
fn ends_with_word(b: &[u8], end: usize, word: &[u8]) -> Option<usize> {
    let from = end.checked_sub(word.len())?;
    let got = b.get(from..end)?;
    if !got.eq_ignore_ascii_case(word) {
        return None;
    }
    let alpha_word = word.first().is_some_and(u8::is_ascii_alphabetic);
    if alpha_word && from > 0 && b[from - 1].is_ascii_alphabetic() {
        return None;
    }
    Some(from)
}

/// Spaces (and tabs) back from `end`.
fn back_spaces(b: &[u8], mut end: usize) -> usize {
    while end > 0 && matches!(b[end - 1], b' ' | b'\t') {
        end -= 1;
    }
    end
}

/// Back over one comma and the spaces before it, if `end` follows a comma.
fn back_comma(b: &[u8], end: usize) -> usize {
    if end > 0 && b[end - 1] == b',' {
        back_spaces(b, end - 1)
    } else {
        end
    }
}

/// Spaces forward from `at`.
fn spaces(b: &[u8], mut at: usize) -> usize {
    while matches!(b.get(at), Some(b' ' | b'\t')) {
        at += 1;
    }
    at
}

/// An operation: what undoes it on the result.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Op {
    /// The unknown was divided by this: multiply.
    Div(f64),
    /// The unknown was multiplied by this: divide.
    Mul(f64),
    /// This was added: subtract.
    Add(f64),
    /// This was subtracted: add.
    Sub(f64),
    /// The unknown was subtracted from this (`6000 - lag`).
    SubFrom(f64),
    /// This was divided by the unknown (`10200 / lag`).
    DivInto(f64),
}

impl Op {
    fn undo(self, r: f64) -> Option<f64> {
        let v = match self {
            Op::Div(n) => r * n,
            Op::Mul(n) if n != 0.0 => r / n,
            Op::Mul(_) => return None,
            Op::Add(n) => r - n,
            Op::Sub(n) => r + n,
            Op::SubFrom(n) => n - r,
            Op::DivInto(n) if r != 0.0 => n / r,
            Op::DivInto(_) => return None,
        };
        Some(v)
    }
}

/// `lag/100 = 51`: the left side ending before the number at `start`, solved.
fn solved_before(b: &[u8], start: usize, result: f64) -> Option<f64> {
    let end = back_spaces(b, start);
    // A bare colon: only after a scale phrase or an operator in words.
    if end > 0 && b[end - 1] == b':' {
        let left = back_spaces(b, end - 1);
        // A quoted key (`"lag_k": 5.1`).
        let left = if left > 0 && matches!(b[left - 1], b'"' | b'\'') {
            left - 1
        } else {
            left
        };
        let left = if left > 0 && b[left - 1] == b')' {
            back_spaces(b, left - 1)
        } else {
            left
        };
        if let Some(op) = scale_before(b, left) {
            return op.undo(result);
        }
        if let Some(op) = factor_before(b, left) {
            return op.undo(result);
        }
        let (op, words) = operation_before(b, left)?;
        return if words { op.undo(result) } else { None };
    }
    let last = end
        .checked_sub(1)
        .and_then(|k| b.get(k))?
        .to_ascii_lowercase();
    let connector = CONNECTORS
        .iter()
        .filter(|c| c.last() == Some(&last))
        .filter_map(|c| ends_with_word(b, end, c))
        .min()?;
    // `lag, divided by 100, is 51`: one comma may set the connector off.
    let left = back_comma(b, back_spaces(b, connector));
    let left =
        if left > 0 && b[left - 1] == b')' && scale_before(b, back_spaces(b, left - 1)).is_some() {
            back_spaces(b, left - 1)
        } else {
            left
        };
    if let Some(op) = scale_before(b, left) {
        return op.undo(result);
    }
    let op = operation_before(b, left)
        .map(|(op, _)| op)
        .or_else(|| factor_before(b, left))
        .or_else(|| operand_first(b, left))?;
    op.undo(result)
}

/// Fractions and multiples said in words before the unknown (`half the lag`, `a third of the
/// lag`, `twice the lag`), as the multiplication each stands for.
const FACTORS: [(&[u8], f64); 14] = [
    (b"half", 0.5),
    (b"third", 1.0 / 3.0),
    (b"quarter", 0.25),
    (b"fourth", 0.25),
    (b"fifth", 0.2),
    (b"tenth", 0.1),
    (b"hundredth", 0.01),
    (b"thousandth", 0.001),
    (b"double", 2.0),
    (b"twice", 2.0),
    (b"triple", 3.0),
    (b"thrice", 3.0),
    (b"quadruple", 4.0),
    (b"tenfold", 10.0),
];

/// The same said after it (`the lag halved`).
const FACTORS_AFTER: [(&[u8], f64); 4] = [
    (b"halved", 0.5),
    (b"doubled", 2.0),
    (b"tripled", 3.0),
    (b"quartered", 0.25),
];

/// `half the lag`, `a third of the lag`, `twice the lag`, `10% of the lag`, `the lag halved`
/// ending at `end`: the multiplication it stands for. The unknown is one or two words.
fn factor_before(b: &[u8], end: usize) -> Option<Op> {
    let mut u = end;
    while u > 0 && b[u - 1].is_ascii_alphabetic() {
        u -= 1;
    }
    let word = b.get(u..end).filter(|w| !w.is_empty())?;
    let mut p = back_spaces(b, u);
    if let Some((_, f)) = FACTORS_AFTER
        .iter()
        .find(|(w, _)| word.eq_ignore_ascii_case(w))
    {
        // `lag halved`: the unknown is the word before.
        return (p > 0 && b[p - 1].is_ascii_alphabetic()).then_some(Op::Mul(*f));
    }
    // The unknown may be two words (`half the total lag`).
    for _ in 0..2 {
        let mut q = p;
        if let Some(at) = ends_with_word(b, q, b"the") {
            q = back_spaces(b, at);
        }
        if let Some(at) = ends_with_word(b, q, b"of") {
            q = back_spaces(b, at);
        }
        if let Some((_, f)) = FACTORS
            .iter()
            .find(|(w, _)| ends_with_word(b, q, w).is_some())
        {
            return Some(Op::Mul(*f));
        }
        let pct = ends_with_word(b, q, b"%").or_else(|| ends_with_word(b, q, b"percent"));
        if let Some(pct) = pct {
            let (n, _) = number_before(b, back_spaces(b, pct))?;
            return Some(Op::Mul(n / 100.0));
        }
        // One more word of the unknown, then look again.
        let mut w = p;
        while w > 0 && b[w - 1].is_ascii_alphabetic() {
            w -= 1;
        }
        if w == p {
            return None;
        }
        p = back_spaces(b, w);
    }
    None
}

/// `half the lag`, `twice the lag`, `a third of the lag` starting at `at`: the multiplication,
/// when a word (the unknown) follows.
fn factor_after(b: &[u8], mut at: usize) -> Option<Op> {
    let word_at = |k: usize, w: &[u8]| {
        b.get(k..k + w.len())
            .is_some_and(|g| g.eq_ignore_ascii_case(w))
            && !b.get(k + w.len()).is_some_and(u8::is_ascii_alphabetic)
    };
    for article in [&b"a "[..], b"one "] {
        if word_at(at, article.trim_ascii_end()) {
            at = spaces(b, at + article.len() - 1);
        }
    }
    let (w, f) = FACTORS.iter().find(|(w, _)| word_at(at, w))?;
    at = spaces(b, at + w.len());
    for filler in [&b"of"[..], b"the"] {
        if word_at(at, filler) {
            at = spaces(b, at + filler.len());
        }
    }
    b.get(at)
        .is_some_and(u8::is_ascii_alphabetic)
        .then_some(Op::Mul(*f))
}

/// `in hundreds`, `in 100s`, `in units of 100`, `in thousands`, `scaled by 1/100` ending at
/// `end`, as the division it stands for.
fn scale_before(b: &[u8], end: usize) -> Option<Op> {
    const SCALES: [(&[u8], f64); 22] = [
        // A key that names its scale (`total_lag_k: 5.1`, `"lag_hundreds": 51`,
        // `lag, thousands: 5.1`).
        (b"_k", 1e3),
        (b"_thousands", 1e3),
        (b"_in_thousands", 1e3),
        (b"_hundreds", 100.0),
        (b"_in_hundreds", 100.0),
        (b"_tens", 10.0),
        (b"_000s", 1e3),
        (b"thousands", 1e3),
        (b"hundreds", 100.0),
        (b"-k", 1e3),
        (b"_kmsgs", 1e3),
        // An accountant's thousands column (`lag ('000): 5.1`, `’000s`).
        (b"'000", 1e3),
        (b"'000s", 1e3),
        ("\u{2019}000".as_bytes(), 1e3),
        (b"in tens", 10.0),
        (b"in hundreds", 100.0),
        (b"in thousands", 1e3),
        (b"in millions", 1e6),
        (b"in 10s", 10.0),
        (b"in 100s", 100.0),
        (b"in 1000s", 1e3),
        (b"in k", 1e3),
    ];
    for (w, f) in SCALES {
        if ends_with_word(b, end, w).is_some() {
            return Some(Op::Div(f));
        }
    }
    // `in units of 100`, `scaled by 1/100`, `divided by 100` read as a scale.
    let (n, from) = number_before(b, end)?;
    let before = back_spaces(b, from);
    if ends_with_word(b, before, b"in units of").is_some() {
        return Some(Op::Div(n));
    }
    if before > 0 && b[before - 1] == b'/' {
        let one = back_spaces(b, before - 1);
        if one > 0 && b[one - 1] == b'1' && (one < 2 || !b[one - 2].is_ascii_digit()) {
            let by = back_spaces(b, one - 1);
            if ends_with_word(b, by, b"scaled by").is_some()
                || ends_with_word(b, by, b"times").is_some()
                || ends_with_word(b, by, b"multiplied by").is_some()
            {
                return Some(Op::Div(n));
            }
        }
    }
    None
}

/// The number ending at `end` (plain digits, an optional fraction) and where it starts.
fn number_before(b: &[u8], end: usize) -> Option<(f64, usize)> {
    let mut from = end;
    while from > 0 && (b[from - 1].is_ascii_digit() || b[from - 1] == b'.') {
        from -= 1;
    }
    while from < end && b[from] == b'.' {
        from += 1;
    }
    if from == end {
        return None;
    }
    let (n, e) = number(b, from)?;
    (e == end).then_some((n, from))
}

/// `lag/100`, `lag ÷ 100`, `lag divided by 100`, `lag minus 100`, `(lag) * 2` ending at `end`:
/// the operation and whether its operator was a word.
fn operation_before(b: &[u8], end: usize) -> Option<(Op, bool)> {
    let (n, from) = number_before(b, end)?;
    let spaced_after = from > 0 && matches!(b[from - 1], b' ' | b'\t');
    let op_end = back_spaces(b, from);
    const WORDS: [(&[u8], u8); 8] = [
        (b"divided by", b'/'),
        (b"over", b'/'),
        (b"minus", b'-'),
        (b"less", b'-'),
        (b"plus", b'+'),
        (b"times", b'*'),
        (b"multiplied by", b'*'),
        (b"x", b'*'),
    ];
    let mut found = None;
    for (w, op) in WORDS {
        if let Some(at) = ends_with_word(b, op_end, w) {
            // `x` only spaced (`lag x 2`), never glued (`0x2`).
            if w == b"x" && !spaced_after {
                continue;
            }
            found = Some((at, op, true));
            break;
        }
    }
    if found.is_none() {
        found = symbol_before(b, op_end, spaced_after).map(|(at, op)| (at, op, false));
    }
    let (at, op, words) = found?;
    // The unknown: letters (a word) or a closing bracket right before the operator, with one
    // comma allowed between (`lag, divided by 100`).
    let u = back_comma(b, back_spaces(b, at));
    let unknown = u > 0 && (b[u - 1].is_ascii_alphabetic() || matches!(b[u - 1], b')' | b']'));
    if !unknown {
        return None;
    }
    let op = match op {
        b'/' => Op::Div(n),
        b'*' => Op::Mul(n),
        b'+' => Op::Add(n),
        _ => Op::Sub(n),
    };
    Some((op, words))
}

/// Operator symbols and the operation each stands for.
const OP_SYMBOLS: [(&[u8], u8); 8] = [
    (b"/", b'/'),
    (b"\xc3\xb7", b'/'),
    (b"*", b'*'),
    (b"\xc3\x97", b'*'),
    (b"\xc2\xb7", b'*'),
    (b"-", b'-'),
    (b"\xe2\x88\x92", b'-'),
    (b"+", b'+'),
];

/// The operator symbol ending at `end`: where it starts and its operation. A sign needs a
/// space on both sides (`a-1`, `c++1` are names); `spaced_after`: a space follows it.
fn symbol_before(b: &[u8], end: usize, spaced_after: bool) -> Option<(usize, u8)> {
    let (at, op) = OP_SYMBOLS
        .iter()
        .find_map(|(w, op)| ends_with_word(b, end, w).map(|at| (at, *op)))?;
    let spaced_before = at > 0 && matches!(b[at - 1], b' ' | b'\t');
    (!matches!(op, b'-' | b'+') || (spaced_before && spaced_after)).then_some((at, op))
}

/// `2*lag`, `2·lag`, `6000 - lag`, `900 + lag`, `10200 / lag` ending at `end`: a number, an
/// operator symbol and the unknown (a word of two letters or more), the operation.
fn operand_first(b: &[u8], end: usize) -> Option<Op> {
    let mut ws = end;
    while ws > 0 && b[ws - 1].is_ascii_alphabetic() {
        ws -= 1;
    }
    if end - ws < 2 || (ws > 0 && (b[ws - 1].is_ascii_alphanumeric() || b[ws - 1] == b'_')) {
        return None;
    }
    let spaced_after = ws > 0 && matches!(b[ws - 1], b' ' | b'\t');
    let (at, op) = symbol_before(b, back_spaces(b, ws), spaced_after)?;
    let (n, from) = number_before(b, back_spaces(b, at))?;
    // The number stands alone (`v2 * lag`, `1.2.3 - lag` are no operands).
    if from > 0 && (b[from - 1].is_ascii_alphanumeric() || matches!(b[from - 1], b'.' | b'_')) {
        return None;
    }
    Some(match op {
        b'*' => Op::Mul(n),
        b'/' => Op::DivInto(n),
        b'+' => Op::Add(n),
        _ => Op::SubFrom(n),
    })
}

/// `51 = lag/100`, `5000 is the lag minus 100`: the right side after the number ending at
/// `end`, solved.
fn solved_after(b: &[u8], end: usize, result: f64) -> Option<f64> {
    let at = spaces(b, end);
    let connector = [&b"="[..], b"==", b"is", b"equals"]
        .iter()
        .filter(|c| {
            b.get(at..at + c.len())
                .is_some_and(|g| g.eq_ignore_ascii_case(c))
                && !b
                    .get(at + c.len())
                    .is_some_and(|n| c[0].is_ascii_alphabetic() && n.is_ascii_alphabetic())
        })
        .map(|c| c.len())
        .max()?;
    let mut k = spaces(b, at + connector);
    if b.get(k..k + 4)
        .is_some_and(|g| g.eq_ignore_ascii_case(b"the "))
    {
        k = spaces(b, k + 4);
    }
    if let Some(op) = factor_after(b, k) {
        return op.undo(result);
    }
    // One word, the unknown.
    let w = k;
    while b
        .get(k)
        .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
    {
        k += 1;
    }
    if k == w {
        return None;
    }
    // Its operation up to the next number's end: find that number, then read backwards.
    let mut e = k;
    while e < b.len() && e < k + 20 && !b[e].is_ascii_digit() {
        e += 1;
    }
    let (_, n_end) = number(b, e).filter(|_| e < b.len())?;
    if b.get(n_end).is_some_and(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    let (op, _) = operation_before(b, n_end)?;
    op.undo(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> Vec<f64> {
        let mut out = Vec::new();
        values(s, &mut |v| out.push(v));
        out
    }

    #[test]
    fn equations_solve() {
        for (s, v) in [
            ("lag/100 = 51", 5100.0),
            ("lag ÷ 100 = 51", 5100.0),
            ("lag divided by 100 is 51", 5100.0),
            ("lag minus 100 is 5000", 5100.0),
            ("lag - 100 = 5000", 5100.0),
            ("lag plus 100 equals 5200", 5100.0),
            ("lag × 2 = 10200", 5100.0),
            ("(lag) * 2 == 10200", 5100.0),
            ("lag in hundreds: 51", 5100.0),
            ("lag (in thousands): 5.1", 5100.0),
            ("lag ('000): 5.1", 5100.0),
            ("2*lag = 10200", 5100.0),
            ("2\u{b7}lag = 10200", 5100.0),
            ("6000 - lag = 900", 5100.0),
            ("3000 - worst = 250", 2750.0),
            ("900 + lag = 6000", 5100.0),
            ("{\"total_lag_k\": 5.1}", 5100.0),
            ("total_lag_in_hundreds: 51", 5100.0),
            ("lag, thousands: 5.1", 5100.0),
            ("worst_lag_tens: 275", 2750.0),
            ("worst partition lag (\u{2019}000): 2.75", 2750.0),
            ("the lag in units of 100 is 51", 5100.0),
            ("scaled by 1/100: 51", 5100.0),
            ("lag over 100 gives 27.5", 2750.0),
            ("51 = lag/100", 5100.0),
            ("5000 is the lag minus 100", 5100.0),
            ("lag in 100s: 27.5", 2750.0),
            ("lag divided by 100: 51", 5100.0),
            ("half the lag is 2550", 5100.0),
            ("a quarter of the lag is 1275", 5100.0),
            ("one third of the lag = 1700", 5100.0),
            ("twice the lag equals 10200", 5100.0),
            ("the lag halved is 2550", 5100.0),
            ("lag doubled = 10200", 5100.0),
            ("10% of the lag is 510", 5100.0),
            ("half the lag: 2550", 5100.0),
            ("2550 is half the lag", 5100.0),
            ("1700 is a third of the lag", 5100.0),
            ("10200 = twice the lag", 5100.0),
            ("half the total lag is 2550", 5100.0),
            ("lag, divided by 100, is 51", 5100.0),
        ] {
            let got = read(s);
            assert!(got.iter().any(|g| (g - v).abs() < 1e-6), "{s:?}: {got:?}");
        }
    }

    #[test]
    fn near_misses_read_nothing() {
        for s in [
            "5200-100",
            "worker-1: 5099",
            "HTTP/2: 51",
            "pods/3: 1700",
            "p99/2 = 2550",
            "a-1 = 5099",
            "c++ 5099",
            "0x2 = 2550",
            "10.4.1.2:8080",
            "replicas: 3",
            "lag = 5100",
            "the second half is 2550",
            "half is 2550",
            "half: 2550",
            "2550 is half",
            "2550 is half of 10200",
            "v2 * lag = 10200",
            "6000-lag = 900",
            "2*x = 10200",
        ] {
            let got = read(s);
            assert!(
                !got.iter().any(|g| (g - 5100.0).abs() < 1e-6),
                "{s:?}: {got:?}"
            );
        }
    }
}
