//! The numeric-token scanner: finds every digit run in one pass (eight bytes at a time), lexes
//! it once into digit groups and separators, reads each way the run can be a number (grouped
//! thousands, a decimal, a plain run), and looks each reading up in the compiled targets. The
//! stretch rules that start from digits live here too: k/M/B abbreviations and scale words,
//! scientific notation, hex, arithmetic, digits one by one (`5-1-0-0`) and approximations.
//!
//! This file is the scanner itself and the byte helpers the other matcher modules share;
//! lexing and reading a run is `numbers/lex.rs`, what stands around a number
//! `numbers/around.rs`, arithmetic and factors `numbers/arith.rs`, other bases and reversed
//! digits `numbers/radix.rs`.
use super::targets::{Dec, DecBuilder, Hits, NumTargets, Written};
use super::units::{self, UnitTarget};
use super::Rules;

mod arith;
mod around;
mod lex;
mod radix;

/// The golden dump of this module's and its siblings' outputs (native only: it reads the
/// differential corpus).
#[cfg(all(test, not(target_arch = "wasm32")))]
mod golden;

use arith::{arithmetic, concatenation, descending_difference, factor_before, fraction_after};
use around::{after_number, is_operator_word, letters, scale_suffix, After};
use lex::{is_markdown, lex_run, read_item, Run};
use radix::{binary_digits, c_octal, radix, reversed_digits, suffixed};

pub(crate) use arith::fraction_tail;
pub(crate) use around::approx_before;

/// The state one scan writes into.
pub(crate) struct Ctx<'a> {
    pub nums: &'a NumTargets,
    pub rules: &'a Rules,
    pub hits: &'a mut Hits,
    /// Targets with a unit family (empty when no target has one, or the rule is off).
    pub units: &'a [UnitTarget],
    /// Digits one by one have been read up to here (a sequence is read once, from its start).
    pub spelled_until: usize,
}

impl Ctx<'_> {
    /// A number ending at `e`, as written: record the unit targets a unit after it states.
    fn unit_check(&mut self, s: &str, w: Written, e: usize) {
        if self.units.is_empty() {
            return;
        }
        if let Some((readings, _)) = units::unit_after(s, e) {
            units::check(self.units, w, &readings, self.hits);
        }
    }
}

/// Byte at `i`, or 0 past the end (never panics).
#[inline]
pub(crate) fn at(b: &[u8], i: usize) -> u8 {
    b.get(i).copied().unwrap_or(0)
}

#[inline]
fn is_digit(c: u8) -> bool {
    c.is_ascii_digit()
}

/// The char that ends just before byte `i` (None at the start or inside a char).
pub(crate) fn char_before(s: &str, i: usize) -> Option<char> {
    s.get(..i)?.chars().next_back()
}

/// The char that starts at byte `i`.
pub(crate) fn char_at(s: &str, i: usize) -> Option<char> {
    s.get(i..)?.chars().next()
}

/// Is the char at/ before a position part of a word (letters and digits of any script)? A
/// letter of a script written without spaces between words (Chinese, Japanese, Thai, a
/// Hangul syllable such as the won unit `원`) is not: `5100円` and `合計5100件` are the
/// number on its own, as `5100 yen` is. A CJK numeral still is (`5100万` is 51 million).
pub(crate) fn alnum(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() && (!unspaced_script(c) || super::lang::cjk_numeral(c)))
}

/// Han, kana, Hangul syllables, Thai, Lao, Khmer and Myanmar letters.
fn unspaced_script(c: char) -> bool {
    matches!(
        u32::from(c),
        0x0E00..=0x0EFF
            | 0x1000..=0x109F
            | 0x1780..=0x17FF
            | 0x3040..=0x30FF
            | 0x31F0..=0x31FF
            | 0x3400..=0x4DBF
            | 0x4E00..=0x9FFF
            | 0xAC00..=0xD7AF
            | 0xF900..=0xFAFF
            | 0xFF66..=0xFF9F
            | 0x20000..=0x2FFFF
    )
}

/// `alnum_before(s, i)`, deciding an ASCII neighbour from its byte (the common case)
/// without decoding: an ASCII byte before `i` always ends a char.
#[inline]
pub(crate) fn alnum_before(s: &str, i: usize) -> bool {
    if i == 0 {
        return false;
    }
    let c = at(s.as_bytes(), i - 1);
    if c < 0x80 {
        c.is_ascii_alphanumeric()
    } else {
        alnum(char_before(s, i))
    }
}

/// `alnum_at(s, i)`, with the same ASCII fast path (past the end reads as 0).
#[inline]
pub(crate) fn alnum_at(s: &str, i: usize) -> bool {
    let c = at(s.as_bytes(), i);
    if c < 0x80 {
        c.is_ascii_alphanumeric()
    } else {
        alnum(char_at(s, i))
    }
}

/// First ASCII digit at or after `i`: sixteen bytes per step as two words (SWAR), then the
/// tail byte by byte. `chunks_exact` lets the loop run without per-word bounds checks.
pub(crate) fn next_digit(b: &[u8], i: usize) -> Option<usize> {
    let rest = b.get(i..)?;
    let mut blocks = rest.chunks_exact(16);
    let mut off = i;
    for block in &mut blocks {
        let (lo, hi) = block.split_at(8);
        let t = digit_bits(lo);
        if t != 0 {
            return Some(off + (t.trailing_zeros() / 8) as usize);
        }
        let t = digit_bits(hi);
        if t != 0 {
            return Some(off + 8 + (t.trailing_zeros() / 8) as usize);
        }
        off += 16;
    }
    blocks
        .remainder()
        .iter()
        .position(|c| is_digit(*c))
        .map(|k| off + k)
}

/// The high bit of each digit byte of an eight-byte word (the lowest flagged byte is exact;
/// borrows may flag bytes above it).
#[inline]
fn digit_bits(w: &[u8]) -> u64 {
    const ZEROS: u64 = 0x3030_3030_3030_3030;
    const TENS: u64 = 0x0A0A_0A0A_0A0A_0A0A;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // A byte is a digit iff (byte ^ 0x30) < 10.
    let x = <[u8; 8]>::try_from(w).map_or(0, u64::from_le_bytes) ^ ZEROS;
    x.wrapping_sub(TENS) & !x & HIGH
}

/// Does the number at `d` follow an approximation word? Asked only when a reading could
/// reach a target as an approximation (most cannot), and answered once per number.
struct ApproxBefore {
    d: usize,
    /// `None` until first asked; `Some(false)` from the start when the rule is off.
    memo: Option<bool>,
}

impl ApproxBefore {
    fn new(rules: &Rules, d: usize) -> ApproxBefore {
        ApproxBefore {
            d,
            memo: (!rules.approximations).then_some(false),
        }
    }
    fn get(&mut self, s: &str) -> bool {
        let d = self.d;
        *self.memo.get_or_insert_with(|| approx_before(s, d))
    }
}

/// Record what one reading states, given what follows it. `approx`: the reading starts the
/// run, so an approximation word before the run applies to it.
fn check_reading(
    ctx: &mut Ctx<'_>,
    s: &str,
    w: Written,
    after: &After,
    approx: Option<&mut ApproxBefore>,
) {
    let v = match after {
        After::Free => {
            ctx.nums.exact(w.value, ctx.hits);
            if let Some(d) = w.ieee {
                ctx.nums.exact(d, ctx.hits);
            }
            w.value.to_f64()
        }
        After::Scale(x) => {
            ctx.nums
                .rounded(w, *x, ctx.rules.one_digit_abbreviations, ctx.hits);
            w.value.shift(*x).to_f64()
        }
        After::Exp(x) => {
            let v = w.value.shift(*x);
            ctx.nums.exact(v, ctx.hits);
            v.to_f64()
        }
        After::Glued => return,
    };
    let rel = ctx.rules.approx_tolerance;
    if let Some(a) = approx {
        if ctx.nums.may_approx(v, rel) && a.get(s) {
            ctx.nums.approx(v, rel, ctx.hits);
        }
    }
}

/// Scan all digit runs of `s` (already normalised).
pub(crate) fn scan(s: &str, ctx: &mut Ctx<'_>) {
    let b = s.as_bytes();
    let mut i = 0;
    let mut run = Run::default();
    while let Some(d) = next_digit(b, i) {
        let mut next = scan_at(s, d, &mut run, ctx);
        // After a letter of an unspaced script (`ヒャク5 100`) the digits are read as a number
        // of their own (`5 100`), and, as before that rule, the token they start is also a word
        // with the rest read from its end (`100`): fail closed on both readings.
        if at(b, d.wrapping_sub(1)) >= 0x80
            && s[..d]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric)
        {
            next = next.min(skip_token(b, d));
        }
        i = next.max(d + 1);
    }
}

/// Skip the rest of a token that is not a number (`v5100`, `a5100b`, `1.2.3-rc1`).
fn skip_token(b: &[u8], mut p: usize) -> usize {
    while at(b, p).is_ascii_alphanumeric()
        || (matches!(at(b, p), b'.' | b',' | b'_') && at(b, p + 1).is_ascii_alphanumeric())
    {
        p += 1;
    }
    p
}

/// Handle the digit at `d`; returns where scanning resumes.
fn scan_at(s: &str, d: usize, run: &mut Run, ctx: &mut Ctx<'_>) -> usize {
    let b = s.as_bytes();
    // The char before the digit: an ASCII byte is decided without decoding; a non-ASCII
    // char is never `.` or `_`.
    let pb = if d > 0 { at(b, d - 1) } else { 0 };
    if pb >= 0x80 {
        if alnum_before(s, d) {
            return skip_token(b, d);
        }
    } else if pb == b'.' {
        match dot_before(s, d) {
            Dot::Boundary => {}
            Dot::Leading => return leading_dot(s, d, ctx),
            Dot::Glued => return skip_token(b, d),
        }
    } else if d > 0 && (pb.is_ascii_alphanumeric() || (pb == b'_' && alnum_before(s, d - 1))) {
        return skip_token(b, d);
    }
    if ctx.rules.hex
        && at(b, d) == b'0'
        && matches!(
            at(b, d + 1),
            b'x' | b'X' | b'b' | b'B' | b'o' | b'O' | b'd' | b'D'
        )
    {
        return radix(s, d, ctx);
    }
    // A hex digit after the first: the token may carry an assembler suffix (`13ECh`).
    if ctx.rules.hex && at(b, d + 1).is_ascii_hexdigit() {
        if let Some(end) = suffixed(s, d, ctx) {
            return end;
        }
    }
    if ctx.rules.binary_octal && at(b, d) == b'0' {
        c_octal(s, d, ctx);
    }
    let mut resume = d + 1;
    if ctx.rules.spelled_digits && !is_digit(at(b, d + 1)) && d >= ctx.spelled_until {
        // Each digit of the sequence is still read on its own (the last may start `5,100`).
        let end = super::spelled::one_by_one(s, d, ctx);
        ctx.spelled_until = end;
    }
    if ctx.rules.concatenations {
        if let Some(end) = concatenation(s, d, ctx) {
            resume = resume.max(end);
        }
    }
    if let Some(end) = fast_plain(s, d, ctx) {
        return end.max(resume);
    }
    let e = lex_run(b, d, run);
    let run: &Run = run;
    if run.truncated {
        return skip_token(b, e).max(resume);
    }
    let mut approx = ApproxBefore::new(ctx.rules, d);
    let mut i = 0;
    while i < run.n {
        let Some(item) = read_item(b, run, i) else {
            // Not a number here (a version, an IP): skip to the next space in the run.
            i += 1;
            while i < run.n && run.sep(i) != b' ' {
                i += 1;
            }
            continue;
        };
        let is_last = item.last + 1 >= run.n;
        let first = item.first == 0;
        if is_last {
            let num_end = run.end(item.last);
            let (after, end) = after_number(s, num_end, ctx.rules);
            // The target's digits as a number of their own before a spaced scale word or
            // symbol (`5100 thousand`, `5100 K`), or glued to one the text says to drop
            // (`5100k (ignore the k)`): the digits are shown. A decimal (`5.1 thousand`) is
            // only a rounding, and a glued scale alone (`5100k`) is another number.
            let shown = matches!(after, After::Scale(_))
                && (b.get(num_end) == Some(&b' ') || scale_dropped(s, num_end));
            for w in item.reads.iter().flatten() {
                if shown && w.decimals == 0 {
                    ctx.nums.exact(w.value, ctx.hits);
                }
                check_reading(ctx, s, *w, &after, first.then_some(&mut approx));
                // An exponent set off by a space (`1250.5 e3`) may be no exponent: the
                // mantissa is still written as a number of its own.
                if matches!(after, After::Exp(_)) && s.as_bytes().get(num_end) == Some(&b' ') {
                    ctx.nums.exact(w.value, ctx.hits);
                }
                match after {
                    After::Exp(x) => {
                        // `2.4e6 B/s`, `1.2505e6 us`: the unit after the exponent.
                        let decimals = i64::from(w.decimals) - i64::from(x);
                        let shifted = Written {
                            value: w.value.shift(x),
                            decimals: u32::try_from(decimals.max(0)).unwrap_or(0),
                            sig: w.sig,
                            ieee: None,
                        };
                        ctx.unit_check(s, shifted, end);
                    }
                    _ => ctx.unit_check(s, *w, num_end),
                }
                if first && ctx.rules.arithmetic {
                    if let Some(f) = factor_before(s, d) {
                        ctx.nums.close(w.value.to_f64() * f, ctx.hits);
                    }
                }
                if ctx.rules.fractions && matches!(after, After::Free) {
                    fraction_after(s, *w, num_end, ctx);
                }
            }
            if ctx.rules.arithmetic && matches!(after, After::Free) && end == run.end(item.last) {
                if let Some(w) = item.reads.iter().flatten().next() {
                    arithmetic(s, run.start(item.first), w.value, end, ctx);
                }
            }
            return resume.max(end);
        }
        for w in item.reads.iter().flatten() {
            check_reading(ctx, s, *w, &After::Free, first.then_some(&mut approx));
            if ctx.rules.fractions && w.decimals == 0 {
                fraction_after(s, *w, run.end(item.last), ctx);
            }
        }
        i = item.last + 1;
    }
    resume.max(e)
}

/// Does the line of the number ending at `e` tell the reader to drop a scale after it
/// (`ignore the k`, `drop the thousand`, `minus the million`, `the number before "billion"`)?
/// Asked only for a number with a glued scale; only its line is looked at.
fn scale_dropped(s: &str, e: usize) -> bool {
    const CUES: &[&str] = &[
        "ignore the",
        "drop the",
        "strike",
        "minus the",
        "without the",
        "remove the",
        "delete the",
        "lose the",
        "number before",
        "digits before",
        "just kidding",
    ];
    let b = s.as_bytes();
    let start = memchr::memrchr(b'\n', b.get(..e).unwrap_or_default()).map_or(0, |p| p + 1);
    let end = memchr::memchr(b'\n', b.get(e..).unwrap_or_default()).map_or(s.len(), |p| e + p);
    let Some(line) = s.get(start..end) else {
        return false;
    };
    let l = line.to_ascii_lowercase();
    CUES.iter().any(|c| l.contains(c))
}

/// What a `.` right before a digit run is.
enum Dot {
    /// An ellipsis (`...5100`, `…5100`) or an abbreviation (`No.5100`): the number stands alone.
    Boundary,
    /// A decimal with no integer part (`.0024 GB/s`).
    Leading,
    /// Part of a longer token (`v1.5100`, `10.0.5100.1`, `host.5100`).
    Glued,
}

fn dot_before(s: &str, d: usize) -> Dot {
    let b = s.as_bytes();
    if d < 2 {
        return Dot::Leading;
    }
    let c = at(b, d - 2);
    if c == b'.' {
        return Dot::Boundary;
    }
    if !c.is_ascii_alphanumeric() {
        return Dot::Leading;
    }
    let mut q = d - 1;
    while q > 0 && at(b, q - 1).is_ascii_alphabetic() && d - 1 - q < 4 {
        q -= 1;
    }
    let word = s.get(q..d - 1).unwrap_or("");
    let alone = q == 0 || !at(b, q - 1).is_ascii_alphanumeric();
    if alone
        && ["no", "nr", "num"]
            .iter()
            .any(|w| w.eq_ignore_ascii_case(word))
    {
        return Dot::Boundary;
    }
    Dot::Glued
}

/// `.0024` (then a unit, maybe): the digits as a fraction.
fn leading_dot(s: &str, d: usize, ctx: &mut Ctx<'_>) -> usize {
    let b = s.as_bytes();
    let mut dec = DecBuilder::default();
    let mut p = d;
    let mut sig = 0u32;
    while is_digit(at(b, p)) && p - d < 18 {
        let v = at(b, p) - b'0';
        if v != 0 || sig > 0 {
            sig += 1;
        }
        dec.push_frac(v);
        p += 1;
    }
    if alnum_at(s, p) && !ctx.units.is_empty() {
        // A glued unit (`.0024GB/s`) is read by the unit rule below.
    } else if alnum_at(s, p) {
        return skip_token(b, p);
    }
    let Some(value) = dec.finish() else {
        return skip_token(b, p);
    };
    ctx.nums.exact(value, ctx.hits);
    let decimals = u32::try_from(p - d).unwrap_or(u32::MAX);
    ctx.unit_check(
        s,
        Written {
            value,
            decimals,
            sig,
            ieee: None,
        },
        p,
    );
    p
}

/// The common case, decided without lexing: a bare integer (`443`, `2024`, `12`) that ends at
/// punctuation or at a space before a plain word. Its only reading is itself (plus, after
/// `about`, an approximation), so one filter test settles it. `None` sends the number to the
/// full scanner (separators, suffixes, exponents, operators, markdown, digits one by one).
#[inline]
fn fast_plain(s: &str, d: usize, ctx: &mut Ctx<'_>) -> Option<usize> {
    let b = s.as_bytes();
    let mut p = d;
    let mut v: u64 = 0;
    while is_digit(at(b, p)) {
        if p - d >= 18 {
            return None;
        }
        v = v * 10 + u64::from(at(b, p) - b'0');
        p += 1;
    }
    let c = at(b, p);
    let next = at(b, p + 1);
    let quiet = match c {
        0 | b'\n' | b'\r' | b'\t' | b')' | b']' | b'}' | b';' | b':' | b'"' | b'%' | b'|'
        | b'=' | b'<' | b'>' | b'!' | b'?' | b'#' | b'@' | b'&' => true,
        b',' | b'.' | b'\'' => !is_digit(next),
        // A date or range (`2026-03-19`, `4000-5100`): `-` is no separator, operator (it
        // needs spaces) or suffix, so the full scanner reads only the integer. A single
        // digit may start `5-1-0-0`.
        b'-' => p - d > 1,
        b' ' => {
            if next.is_ascii_alphabetic() {
                // A plain word (`30 minutes`), unless it is a scale or a times sign.
                let (w, _) = letters(s, p + 1);
                !(w == "x" || w == "X" || scale_suffix(w, true).is_some() || is_operator_word(w))
            } else {
                !is_digit(next) && !matches!(next, b'*' | b'+' | b'-' | b'/' | b'~') && next < 0x80
            }
        }
        _ => false,
    };
    let mut end = p;
    if !quiet && (c.is_ascii_alphabetic() || c == b'_') && around::literal_suffix(s, p).is_some() {
        // `5100L`, `5100u64`: the full scanner ends the number there.
        return None;
    }
    if !quiet && c.is_ascii_alphabetic() && !matches!(c, b'e' | b'E' | b'x' | b'X') {
        // A unit (`200ms`, `512Mi`) ends the number; other letters (`5100abc`) glue it into
        // a longer token. A scale (`51k`) needs the full scanner.
        let (w, q) = letters(s, p);
        if scale_suffix(w, false).is_some() || around::scaled_count(w, false).is_some() {
            return None;
        }
        let unit = around::ends_number(w);
        if !unit || alnum_at(s, q) || at(b, q) == b'_' {
            // A unit of a target's family may still be glued on (`2400000Bps`).
            let value = Dec::new(v, 0);
            let sig = u32::try_from(p - d).unwrap_or(u32::MAX);
            ctx.unit_check(
                s,
                Written {
                    value,
                    decimals: 0,
                    sig,
                    ieee: None,
                },
                p,
            );
            return Some(skip_token(b, p));
        }
        end = q;
    } else if !quiet {
        return None;
    }
    if d > 0 && is_markdown(at(b, d - 1)) {
        return None;
    }
    let value = Dec::new(v, 0);
    ctx.nums.exact(value, ctx.hits);
    if ctx.rules.arithmetic && c == b'-' {
        descending_difference(s, d, p, v, ctx);
    }
    if ctx.rules.arithmetic && d > 0 {
        if let Some(f) = factor_before(s, d) {
            ctx.nums.close(v as f64 * f, ctx.hits);
        }
    }
    if p - d >= 3 {
        if ctx.rules.reversed {
            reversed_digits(b, d, p, ctx);
        }
        if ctx.rules.binary_octal && p - d >= 8 {
            binary_digits(b, d, p, ctx);
        }
    }
    if !ctx.units.is_empty() {
        let sig = u32::try_from(p - d).unwrap_or(u32::MAX);
        ctx.unit_check(
            s,
            Written {
                value,
                decimals: 0,
                sig,
                ieee: None,
            },
            p,
        );
    }
    if ctx.rules.fractions && c == b' ' {
        fraction_after(
            s,
            Written {
                value,
                decimals: 0,
                sig: 1,
                ieee: None,
            },
            p,
            ctx,
        );
    }
    if !ctx.rules.approximations {
        return Some(end);
    }
    let rel = ctx.rules.approx_tolerance;
    if c == b'-' && is_digit(next) {
        // Taken over from the full scanner: approximate exactly as `check_reading` does.
        let f = value.to_f64();
        if ctx.nums.may_approx(f, rel) && approx_before(s, d) {
            ctx.nums.approx(f, rel, ctx.hits);
        }
    } else if ctx.nums.near_any(v as f64, rel) && approx_before(s, d) {
        ctx.nums.approx(v as f64, rel, ctx.hits);
    }
    Some(end)
}
