//! Integers written in another base with a marker other than C's `0x`/`0o`/`0b` prefix (a
//! stretch rule, part of `Rules::hex`; octal and binary also need `Rules::binary_octal`).
//! `numbers/radix.rs` owns the C prefixes, the digit-first suffixes (`13ECh`) and C octal
//! (`011754`); this module owns the markers the digit scanner never meets first:
//! - prefixes: `$13EC` (Pascal, 6502), `&H13EC` / `&O11754` / `&B…` (BASIC), `#x13EC` /
//!   `#o11754` / `#b…` / `#16r13EC` (Lisp), `16#13EC#` / `8#11754#` / `2#…#` (Ada; bash
//!   without the closing `#`);
//! - a base after the digits: `13EC_16`, `13EC_{16}`, `(13EC)16`, `(13EC)_16` and the
//!   subscript `13EC₁₆` (normalisation writes a subscript run as `_16`), for bases 2, 8, 10
//!   and 16.
//!
//! # False-positive controls
//!
//! A reading states only a target exactly equal to it (no rounding, approximation or oracle
//! candidate). The marker must stand at a token boundary and the digits must end at one
//! (`US$13`, `foo$1`, `x#16` are not read). `$` is also money: an amount with cents or
//! thousands groups (`$13.50`, `$5,100`) is not hex, and a `$`-token of letters alone must be
//! in capitals (`$ABE`), since `$cafe`, `$add`, `$bed` are shell and PHP variables. After a
//! base subscript the same: letters alone must be capitals (`ABE_16`, not `face_16`); a token
//! that is part of a longer `_` chain (`1_000_16`, `max_lag_16`) is a name. Hex-looking words
//! without a marker (`beef`, `deadbeef`, git hashes, UUIDs, MAC addresses) are never read here.
//!
//! # Cost
//!
//! Two `memchr` passes find the marker bytes (`$ & #`, then `_ )`); each hit is decided
//! from a few bytes around it.
use super::numbers::{alnum_at, alnum_before, at};
use super::targets::{Hits, NumTargets};

/// Most digits read in one token (a 64-bit value in binary).
const MAX_DIGITS: usize = 64;

/// Record every target that an integer written with a base marker in `s` equals.
/// `octal_binary`: read bases 8 and 2 as well as 16.
pub(crate) fn scan(s: &str, nums: &NumTargets, hits: &mut Hits, octal_binary: bool) {
    let b = s.as_bytes();
    let mut found = |v: u64| {
        let v = v as f64;
        nums.range(v, v, hits);
    };
    let allowed = |base: u32| base == 16 || base == 10 || octal_binary;
    for i in memchr::memchr3_iter(b'$', b'&', b'#', b) {
        if let Some(v) = prefixed(s, i, &allowed) {
            found(v);
        }
    }
    for i in memchr::memchr2_iter(b'_', b')', b) {
        if let Some(v) = subscripted(s, i, &allowed) {
            found(v);
        }
    }
}

/// Digits of `base` from `p`: (value, end). `None` without a digit or on overflow.
pub(crate) fn digits_in(b: &[u8], p: usize, base: u32) -> Option<(u64, usize)> {
    let mut q = p;
    let mut v: u64 = 0;
    while let Some(d) = char::from(at(b, q)).to_digit(base) {
        if q - p >= MAX_DIGITS {
            return None;
        }
        v = v.checked_mul(u64::from(base))?.checked_add(u64::from(d))?;
        q += 1;
    }
    (q > p).then_some((v, q))
}

/// Does a token end at `e` (not glued to a letter, a digit, `_`, or a decimal or grouped
/// continuation such as `$13.50`, `$5,100`)?
fn ends_token(s: &str, e: usize) -> bool {
    let b = s.as_bytes();
    let c = at(b, e);
    if alnum_at(s, e) || c == b'_' {
        return false;
    }
    !(matches!(c, b'.' | b',' | b':') && at(b, e + 1).is_ascii_alphanumeric())
}

/// Letters-only hex tokens must be in capitals (`ABE`); lowercase ones are words or names.
fn plausible_hex(tok: &[u8]) -> bool {
    tok.iter().any(u8::is_ascii_digit) || !tok.iter().any(u8::is_ascii_lowercase)
}

/// The base a marker letter names (`x` 16, `o` 8, `b` 2).
fn letter_base(c: u8) -> Option<u32> {
    match c.to_ascii_lowercase() {
        b'x' | b'h' => Some(16),
        b'o' => Some(8),
        b'b' => Some(2),
        _ => None,
    }
}

/// A prefixed integer whose marker byte (`$`, `&`, `#`) is at `i`.
fn prefixed(s: &str, i: usize, allowed: &dyn Fn(u32) -> bool) -> Option<u64> {
    let b = s.as_bytes();
    match at(b, i) {
        b'$' => {
            if alnum_before(s, i) || (i > 0 && at(b, i - 1) == b'$') {
                return None;
            }
            let (v, e) = digits_in(b, i + 1, 16)?;
            let tok = b.get(i + 1..e)?;
            (ends_token(s, e) && plausible_hex(tok)).then_some(v)
        }
        b'&' => {
            // `&H13EC`, `&O11754`, `&B1011`: the marker letter in either case.
            if alnum_before(s, i) || at(b, i + 1).eq_ignore_ascii_case(&b'x') {
                return None;
            }
            let base = letter_base(at(b, i + 1)).filter(|x| allowed(*x))?;
            let (v, e) = digits_in(b, i + 2, base)?;
            ends_token(s, e).then_some(v)
        }
        _ => {
            // `#x13EC`, `#o11754`, `#b1011`, `#16r13EC`.
            if !alnum_before(s, i) {
                let h = at(b, i + 1).eq_ignore_ascii_case(&b'h');
                if let Some(base) = letter_base(at(b, i + 1)).filter(|_| !h) {
                    if !allowed(base) {
                        return None;
                    }
                    let (v, e) = digits_in(b, i + 2, base)?;
                    return ends_token(s, e).then_some(v);
                }
                let (base, r) = digits_in(b, i + 1, 10)?;
                let base = u32::try_from(base)
                    .ok()
                    .filter(|x| matches!(x, 2 | 8 | 16))?;
                if !matches!(at(b, r), b'r' | b'R') || !allowed(base) {
                    return None;
                }
                let (v, e) = digits_in(b, r + 1, base)?;
                return ends_token(s, e).then_some(v);
            }
            // `16#13EC#`, `8#11754#`, `2#1011#`; bash writes `16#13EC` without the closing `#`.
            let mut k = i;
            while k > 0 && at(b, k - 1).is_ascii_digit() && i - k < 2 {
                k -= 1;
            }
            if k == i || alnum_before(s, k) {
                return None;
            }
            let base = match b.get(k..i)? {
                b"16" => 16,
                b"8" => 8,
                b"2" => 2,
                _ => return None,
            };
            if !allowed(base) {
                return None;
            }
            let (v, mut e) = digits_in(b, i + 1, base)?;
            if at(b, e) == b'#' {
                e += 1;
            }
            ends_token(s, e).then_some(v)
        }
    }
}

/// An integer with its base after it, where `i` is the `_` or `)` before the base:
/// `13EC_16`, `13EC_{16}`, `(13EC)16`, `(13EC)_16`, `(13EC)_{16}`.
fn subscripted(s: &str, i: usize, allowed: &dyn Fn(u32) -> bool) -> Option<u64> {
    let b = s.as_bytes();
    let paren = at(b, i) == b')';
    let mut p = i + 1;
    if paren && at(b, p) == b'_' {
        p += 1;
    }
    let braced = at(b, p) == b'{';
    if braced {
        p += 1;
    }
    let (base, mut e) = digits_in(b, p, 10)?;
    if braced {
        if at(b, e) != b'}' {
            return None;
        }
        e += 1;
    }
    let base = u32::try_from(base)
        .ok()
        .filter(|x| matches!(x, 2 | 8 | 10 | 16))?;
    if !allowed(base) || e == p || !ends_token(s, e) {
        return None;
    }
    // The digits before the marker, back to a token boundary (or the opening parenthesis).
    let end = i;
    let mut start = end;
    while start > 0 && at(b, start - 1).is_ascii_alphanumeric() && end - start < MAX_DIGITS {
        start -= 1;
    }
    if paren {
        if start == 0 || at(b, start - 1) != b'(' || alnum_before(s, start - 1) {
            return None;
        }
    } else if alnum_before(s, start) || (start > 0 && at(b, start - 1) == b'_') {
        return None;
    }
    let tok = b.get(start..end)?;
    let (v, q) = digits_in(b, start, base)?;
    (q == end && plausible_hex(tok)).then_some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> Vec<u64> {
        let b = s.as_bytes();
        let all = |_: u32| true;
        let mut out = Vec::new();
        for i in memchr::memchr3_iter(b'$', b'&', b'#', b) {
            out.extend(prefixed(s, i, &all));
        }
        for i in memchr::memchr2_iter(b'_', b')', b) {
            out.extend(subscripted(s, i, &all));
        }
        out
    }

    #[test]
    fn markers_read_their_base() {
        for s in [
            "$13EC",
            "&H13EC",
            "&h13ec",
            "#x13EC",
            "#X13ec",
            "16#13EC#",
            "16#13EC",
            "#16r13EC",
            "13EC_16",
            "13EC_{16}",
            "(13EC)16",
            "(13EC)_16",
            "&O11754",
            "#o11754",
            "8#11754#",
            "11754_8",
            "(11754)8",
            "#b1001111101100",
            "2#1001111101100#",
            "5100_10",
            "it is $13EC.",
            "(in hex: 13EC_16)",
        ] {
            assert!(read(s).contains(&5100), "{s}: {:?}", read(s));
        }
        assert!(read("$ABE").contains(&2750));
        assert!(read("ABE_16").contains(&2750));
    }

    #[test]
    fn near_misses_read_nothing() {
        for s in [
            "$13.50",
            "$5,100",
            "US$13",
            "$cafe",
            "$add and $bed",
            "face_16",
            "max_lag_16",
            "1_000_16",
            "#ABE",
            "#5100",
            "issue #16",
            "x#16",
            "f(13)16x",
            "v2#13",
        ] {
            assert!(read(s).is_empty(), "{s}: {:?}", read(s));
        }
    }
}
