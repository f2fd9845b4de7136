//! Integers written in another base with a marker other than C's `0x`/`0o`/`0b` prefix (a
//! stretch rule, part of `Rules::hex`; octal and binary also need `Rules::binary_octal`).
//! `numbers/radix.rs` owns the C prefixes, the digit-first suffixes (`13ECh`) and C octal
//! (`011754`); this module owns the markers the digit scanner never meets first:
//! - prefixes: `$13EC` (Pascal, 6502), `&H13EC` / `&O11754` / `&B…` (BASIC), `#x13EC` /
//!   `#o11754` / `#b…` / `#16r13EC` (Lisp), `16#13EC#` / `8#11754#` / `2#…#` (Ada; bash
//!   without the closing `#`);
//! - a base after the digits: `13EC_16`, `13EC_{16}`, `(13EC)16`, `(13EC)_16` and the
//!   subscript `13EC₁₆` (normalisation writes a subscript run as `_16`) or
//!   `13EC<sub>16</sub>` (in the markup-kept reading), for bases 2, 8, 10 and 16;
//! - a base named in words beside the digits: `hex: 13EC`, `in hexadecimal it is 13EC`,
//!   `13EC hex`, `13EC (hex)`, `13EC in base 16`, `octal 11754`, `11754 (octal)`, and any
//!   base from 2 to 36 by number or name: `3XO in base 36`, `20604 (base 7)`, `radix 9: 6886`,
//!   `2B50 duodecimal`, `in senary it is 35340`;
//! - a code point's notation `U+13EC`, and escaped bytes `\x13\xec` read together as one
//!   big-endian number (two to eight of them);
//! - digits printed in groups, joined big-endian: after a base word (`binary: 0001 0011 1110
//!   1100`, `hex: 13 EC`, `octal: 11 754`) and as a dump of prefixed bytes (`0x13 0xEC`,
//!   `0x0a,0xbe`). Groups have the size the base is printed in (4 or 8 binary digits, 2 or 4
//!   hex, 3 octal; the first may be shorter), all the same size, one space, `_` or comma
//!   between.
//!
//! # False-positive controls
//!
//! A reading states only a target exactly equal to it (no rounding, approximation or oracle
//! candidate). The marker must stand at a token boundary and the digits must end at one
//! (`US$13`, `foo$1`, `x#16` are not read). `$` is also money: an amount with cents or
//! thousands groups (`$13.50`, `$5,100`) or of fewer than four decimal digits (`$13`, `$250`)
//! is not hex (`$1100` is read both ways), and a `$`-token of letters alone must be in
//! capitals (`$ABE`), since `$cafe`, `$add`, `$bed` are shell and PHP variables. After a
//! base subscript the same: letters alone must be capitals (`ABE_16`, not `face_16`); a token
//! that is part of a longer `_` chain (`1_000_16`, `max_lag_16`) is a name. A base word must
//! be a whole word (`hexdump` is not one) and reads only the next token after at most two
//! short filler words (`is`, `it's`, `would be`), or the token right before it; a decimal
//! number before `to hex` / `into octal` is the number being converted, not the result, and is
//! not read (`convert 5100 to hex` reads nothing); after `in` it is read both ways (`11754 in
//! octal` is 5100 written in octal, or 11754 about to be converted: a reading states only an
//! exact target, so the second costs nothing). Hex-looking words without a marker
//! (`beef`, `deadbeef`, git hashes, UUIDs, MAC addresses) are never read here.
//!
//! # Cost
//!
//! Two `memchr` passes find the marker bytes (`$ & #`, then `_ )`); each hit is decided
//! from a few bytes around it. Base words are found by one case-sensitive Aho-Corasick pass
//! (three casings, so its SIMD prefilter stays on).
use super::numbers::{alnum_at, alnum_before, at};
use super::targets::{Hits, NumTargets};
use aho_corasick::{AhoCorasick, MatchKind};
use std::sync::OnceLock;

/// Most digits read in one token (a 64-bit value in binary).
const MAX_DIGITS: usize = 64;

/// Record every target that an integer written with a base marker in `s` equals.
/// `octal_binary`: read bases 8 and 2 as well as 16.
pub(crate) fn scan(s: &str, nums: &NumTargets, hits: &mut Hits, octal_binary: bool) {
    // Bases other than 10 and 16 (octal, binary, `base 7`, `duodecimal`) are the stretch part.
    let allowed = |base: u32| base == 16 || base == 10 || octal_binary;
    read_all(s, &allowed, &mut |v| {
        let v = v as f64;
        nums.range(v, v, hits);
    });
}

/// Every integer written with a base marker in `s`, in a base `allowed` accepts.
fn read_all(s: &str, allowed: &dyn Fn(u32) -> bool, found: &mut dyn FnMut(u64)) {
    let b = s.as_bytes();
    for i in memchr::memchr3_iter(b'$', b'&', b'#', b) {
        if let Some(v) = prefixed(s, i, allowed) {
            found(v);
        }
    }
    for i in memchr::memchr2_iter(b'_', b')', b) {
        if let Some(v) = subscripted(s, i, allowed) {
            found(v);
        }
    }
    for i in memchr::memmem::find_iter(b, b"<sub>") {
        if let Some(v) = sub_tagged(s, i, allowed) {
            found(v);
        }
    }
    // `U+13EC`: a code point's notation, read as the hex number it is.
    for i in memchr::memchr_iter(b'+', b) {
        if let Some(v) = code_point(s, i) {
            found(v);
        }
    }
    // `0x13 0xEC`, `0x0a,0xbe`: a dump of prefixed bytes, read together.
    for i in memchr::memmem::find_iter(b, b"0x") {
        if !alnum_before(s, i) {
            if let Some(v) = groups(s, i, 16, true) {
                found(v);
            }
        }
    }
    // `\x13\xec`: escaped bytes, read together as one big-endian number.
    for i in memchr::memmem::find_iter(b, b"\\x") {
        if let Some(v) = escaped_bytes(b, i) {
            found(v);
        }
    }
    if let Some(ac) = base_words() {
        for m in ac.find_iter(s) {
            let Some(&(_, named)) = BASE_WORDS.get(m.pattern().as_usize() / 3) else {
                continue;
            };
            if alnum_before(s, m.start()) {
                continue;
            }
            // `base 7`, `base-12`, `base36`, `radix 20`: the base is the number after the word.
            let (base, end) = match named {
                Some(base) => (base, m.end()),
                None => match numbered_base(b, m.end()) {
                    Some(x) => x,
                    None => continue,
                },
            };
            if !allowed(base) || alnum_at(s, end) {
                continue;
            }
            for v in cued(s, m.start(), end, base).into_iter().flatten() {
                found(v);
            }
        }
    }
}

/// The base written after `base`/`radix` at `p`: ` 7`, `-12`, `36`, from 2 to 36; with the
/// end of its digits.
fn numbered_base(b: &[u8], p: usize) -> Option<(u32, usize)> {
    let p = if matches!(at(b, p), b' ' | b'-' | b'_') {
        p + 1
    } else {
        p
    };
    let (base, e) = digits_in(b, p, 10)?;
    let base = u32::try_from(base).ok().filter(|x| (2..=36).contains(x))?;
    (e - p <= 2).then_some((base, e))
}

/// `U+13EC` (4 to 6 hex digits after `U+` at a token start), where `i` is the `+`.
fn code_point(s: &str, i: usize) -> Option<u64> {
    let b = s.as_bytes();
    if i == 0 || !at(b, i - 1).eq_ignore_ascii_case(&b'u') || alnum_before(s, i - 1) {
        return None;
    }
    let (v, e) = digits_in(b, i + 1, 16)?;
    ((4..=6).contains(&(e - i - 1)) && ends_token(s, e)).then_some(v)
}

/// Two to eight `\xHH` escapes in a row from `i` (not the tail of a longer run), read as one
/// big-endian number: `\x13\xec` is 0x13EC.
fn escaped_bytes(b: &[u8], i: usize) -> Option<u64> {
    let pair = |k: usize| {
        let h = char::from(at(b, k)).to_digit(16)?;
        let l = char::from(at(b, k + 1)).to_digit(16)?;
        Some(u64::from(h << 4 | l))
    };
    let escape = |k: usize| at(b, k) == b'\\' && at(b, k + 1).eq_ignore_ascii_case(&b'x');
    if i >= 4 && escape(i - 4) && pair(i - 2).is_some() {
        return None;
    }
    let mut v: u64 = 0;
    let mut n = 0;
    let mut p = i;
    while escape(p) {
        let Some(byte) = pair(p + 2) else { break };
        if n == 8 {
            return None;
        }
        v = v << 8 | byte;
        n += 1;
        p += 4;
    }
    (n >= 2 && !at(b, p).is_ascii_hexdigit()).then_some(v)
}

/// Words that name a base, with the base; `None`: the base is the number after the word
/// (`base 7`, `radix 20`).
const BASE_WORDS: [(&str, Option<u32>); 19] = [
    ("hexadecimal", Some(16)),
    ("hex", Some(16)),
    ("octal", Some(8)),
    ("binary", Some(2)),
    // Bytes are printed in hex and bits in binary (`lag bytes: 13 EC`, `bits: 1010 1011 1110`).
    ("bytes", Some(16)),
    ("bits", Some(2)),
    ("duodecimal", Some(12)),
    ("dozenal", Some(12)),
    ("vigesimal", Some(20)),
    ("ternary", Some(3)),
    ("trinary", Some(3)),
    ("quaternary", Some(4)),
    ("quinary", Some(5)),
    ("senary", Some(6)),
    ("septenary", Some(7)),
    ("nonary", Some(9)),
    ("hexatrigesimal", Some(36)),
    ("base", None),
    ("radix", None),
];

/// The base-word automaton: each word in lowercase, Capitalised and UPPERCASE (pattern `3k +
/// casing` is `BASE_WORDS[k]`), case-sensitive so the SIMD prefilter stays on.
fn base_words() -> Option<&'static AhoCorasick> {
    static AC: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    AC.get_or_init(|| {
        let mut pats: Vec<String> = Vec::new();
        for (w, _) in BASE_WORDS {
            let mut cap = w.to_string();
            if let Some(f) = cap.get_mut(..1) {
                f.make_ascii_uppercase();
            }
            pats.extend([w.to_string(), cap, w.to_ascii_uppercase()]);
        }
        crate::matcher::dfa_builder()
            .match_kind(MatchKind::LeftmostLongest)
            .build(pats)
            .ok()
    })
    .as_ref()
}

/// Words that may stand between a base word and its digits (`in hex it is 13EC`).
const FILLERS: [&str; 12] = [
    "is", "it's", "its", "it", "that's", "would", "be", "as", "reads", "gives", "form", "notation",
];

/// The digits a base word at `w..we` names: the token after it (past punctuation and at most
/// two filler words), the token right before it, and the groups starting after it.
fn cued(s: &str, w: usize, we: usize, base: u32) -> [Option<u64>; 3] {
    let b = s.as_bytes();
    // After: `hex: 13EC`, `in hexadecimal it is 13EC`, `octal = 11754`.
    let mut p = we;
    let mut fillers = 0;
    let mut grouped = None;
    let after = loop {
        while matches!(
            at(b, p),
            b' ' | b':' | b'=' | b'(' | b')' | b'*' | b'`' | b'"' | b'\'' | b','
        ) && p - we < 24
        {
            p += 1;
        }
        let mut q = p;
        // A word with an apostrophe inside (`it's`) is one token; a quote after it is not.
        while at(b, q).is_ascii_alphanumeric()
            || (at(b, q) == b'\'' && q > p && at(b, q + 1).is_ascii_alphabetic())
        {
            q += 1;
        }
        let tok = b.get(p..q).unwrap_or(&[]);
        if let Some((v, e)) = digits_in(b, p, base).filter(|(_, e)| *e == q) {
            grouped = groups(s, p, base, false);
            break (ends_token(s, e) && plausible_hex(tok)).then_some(v);
        }
        let filler = FILLERS
            .iter()
            .any(|f| f.as_bytes().eq_ignore_ascii_case(tok));
        if !filler || fillers == 2 || q == p {
            break None;
        }
        fillers += 1;
        p = q;
    };
    // Before: `13EC hex`, `13EC (hex)`, `13EC in base 16`; not the decimal in `5100 in hex`.
    let mut e = w;
    while e > 0 && matches!(at(b, e - 1), b' ' | b'(' | b'*' | b'`') && w - e < 3 {
        e -= 1;
    }
    let mut converted = false;
    // `5100 to hex`, `5100 into octal`: the number being converted. `11754 in octal` is
    // read both ways (written in octal, or converted): a reading states only an exact target.
    for word in ["in", "to", "into"] {
        let l = word.len();
        let whole = e > l && at(b, e - l - 1) == b' ';
        if whole
            && b.get(e - l..e)
                .is_some_and(|x| x.eq_ignore_ascii_case(word.as_bytes()))
        {
            e -= l;
            converted = word != "in";
            while e > 0 && at(b, e - 1) == b' ' && w - e < 8 {
                e -= 1;
            }
            break;
        }
    }
    let mut start = e;
    while start > 0 && at(b, start - 1).is_ascii_alphanumeric() && e - start < MAX_DIGITS {
        start -= 1;
    }
    let tok = b.get(start..e).unwrap_or(&[]);
    let decimal = tok.iter().all(u8::is_ascii_digit);
    let before =
        (start < e && !alnum_before(s, start) && !(converted && decimal) && plausible_hex(tok))
            .then(|| {
                digits_in(b, start, base)
                    .filter(|(_, q)| *q == e)
                    .map(|(v, _)| v)
            })
            .flatten();
    [after, before, grouped]
}

/// Digits of `base` at `p` written in groups a reader joins (`binary: 0001 0011 1110 1100`,
/// `hex: 13 EC`, `0x13 0xEC`): two groups or more of the group size the base is printed in
/// (four or eight binary digits, two or four hex digits, three octal digits; the first group
/// may be shorter), one space, `_` or `, ` between them, each group alone a token. The value
/// of all the groups together, big-endian.
/// `dump`: every group carries its C prefix (`0x13 0xEC`), as a byte dump writes them without
/// a base word.
fn groups(s: &str, p: usize, base: u32, dump: bool) -> Option<u64> {
    let b = s.as_bytes();
    let sizes: &[usize] = match base {
        2 => &[4, 8],
        16 => &[2, 4],
        8 => &[3],
        _ => return None,
    };
    // A prefixed group is hex whatever its case (`0xbe`); a bare one needs a digit or
    // capitals, as every base-word token does.
    let group = |at: usize| -> Option<(u64, usize)> {
        let prefixed = at_prefix(b, at, base);
        if dump && !prefixed {
            return None;
        }
        let at = at + if prefixed { 2 } else { 0 };
        let (v, e) = digits_in(b, at, base)?;
        let tok = b.get(at..e)?;
        (prefixed || plausible_hex(tok)).then_some((v, e))
    };
    let (mut v, mut e) = group(p)?;
    let first = e - p;
    let mut size = None;
    let mut n = 1;
    while n < 16 {
        let sep = match (at(b, e), at(b, e + 1)) {
            (b' ' | b'_', c) if c != b' ' => e + 1,
            (b',', b' ') => e + 2,
            (b',', _) if dump => e + 1,
            _ => break,
        };
        let Some((g, ge)) = group(sep) else {
            break;
        };
        let digits = ge - sep - if at_prefix(b, sep, base) { 2 } else { 0 };
        if !sizes.contains(&digits) || size.is_some_and(|s| s != digits) || alnum_at(s, ge) {
            break;
        }
        size = Some(digits);
        v = v
            .checked_mul(u64::from(base).checked_pow(u32::try_from(digits).ok()?)?)?
            .checked_add(g)?;
        e = ge;
        n += 1;
    }
    let size = size?;
    (first <= size + usize::from(at_prefix(b, p, base)) * 2 && ends_token(s, e)).then_some(v)
}

/// A C prefix for `base` at `p` (`0x`, `0b`, `0o`), as each byte of a dump may carry.
fn at_prefix(b: &[u8], p: usize, base: u32) -> bool {
    at(b, p) == b'0' && letter_base(at(b, p + 1)) == Some(base) && base != 10
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
            // A short amount of decimal digits is money (`$13`, `$250`), never hex.
            let money = tok.len() < 4 && tok.iter().all(u8::is_ascii_digit);
            (ends_token(s, e) && plausible_hex(tok) && !money).then_some(v)
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
    if e == p || !ends_token(s, e) {
        return None;
    }
    digits_before(s, i, paren, base, allowed)
}

/// `13EC<sub>16</sub>`, `(13EC)<sub>16</sub>` as the markup-kept reading shows them (the
/// normalised one drops the tags and glues the base to the digits).
fn sub_tagged(s: &str, i: usize, allowed: &dyn Fn(u32) -> bool) -> Option<u64> {
    let b = s.as_bytes();
    let (base, e) = digits_in(b, i + 5, 10)?;
    if !b.get(e..e + 6)?.eq_ignore_ascii_case(b"</sub>") || !ends_token(s, e + 6) {
        return None;
    }
    let paren = i > 0 && at(b, i - 1) == b')';
    digits_before(s, i - usize::from(paren), paren, base, allowed)
}

/// The integer in `base` that ends at `end` (the closing parenthesis when `paren`), back to a
/// token boundary or the opening parenthesis.
fn digits_before(
    s: &str,
    end: usize,
    paren: bool,
    base: u64,
    allowed: &dyn Fn(u32) -> bool,
) -> Option<u64> {
    let b = s.as_bytes();
    let base = u32::try_from(base)
        .ok()
        .filter(|x| matches!(x, 2 | 8 | 10 | 16))?;
    if !allowed(base) {
        return None;
    }
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
        let mut out = Vec::new();
        read_all(s, &|_| true, &mut |v| out.push(v));
        out
    }

    #[test]
    fn markers_read_their_base() {
        for s in [
            "binary: 0001 0011 1110 1100",
            "in binary it is 1 0011 1110 1100",
            "binary 00010011 11101100",
            "hex: 13 EC",
            "in hex: 0x13 0xEC",
            "bytes 0x13 0xEC",
            "0x13, 0xEC",
            "0x13,0xec",
            "octal: 11 754",
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
            "hex: 13EC",
            "in hexadecimal it is 13EC",
            "5100 in hex is 13EC",
            "13EC hex",
            "13EC (hex)",
            "13EC in base 16",
            "HEX 13ec",
            "octal 11754",
            "11754 (octal)",
            "in octal that's 11754",
            "base-8: 11754",
            "hex '13EC'",
            "in hex, it's 13EC",
            "13EC<sub>16</sub>",
            "(13EC)<sub>16</sub>",
            "lag bytes: 13 EC",
            "bits: 0001 0011 1110 1100",
        ] {
            assert!(read(s).contains(&5100), "{s}: {:?}", read(s));
        }
        for s in [
            "3xo in base 36",
            "2b50 in base 12",
            "6886 in base 9",
            "20604 (base 7)",
            "cf0 (base 20)",
            "base-7: 20604",
            "radix 9: 6886",
            "2B50 duodecimal",
            "in senary it is 35340",
            "11754 in octal",
            "U+13EC",
            "u+13ec",
            "\\x13\\xec",
            "\\x00\\x00\\x13\\xEC",
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
            "$13",
            "$250 a month",
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
            "a hexdump of 13EC",
            "hex-encoded payload",
            "convert 5100 to hex",
            "5100 into octal",
            "in base 64",
            "base 1: 11",
            "a base 37 number",
            "database 7",
            "U+13EC0000",
            "xU+13EC",
            "U+13E",
            "\\x13",
            "ternary operator",
            "vigesimal counting",
            "the hex value is unknown",
            "binary 2",
            "H<sub>2</sub>O",
            "face<sub>16</sub>",
            "64 bits per word",
            "bytes in flight",
            "bytes: 1.5 MB",
        ] {
            assert!(read(s).is_empty(), "{s}: {:?}", read(s));
        }
        // Groups that a reader would not join: no base word, lowercase letters without a
        // prefix, uneven groups, a bare group after a prefixed one, a group glued on.
        for s in [
            "1000 1100 1110 1100",
            "hex: 13 ec",
            "binary: 0001 0011 111 01100",
            "0x13 EC",
            "hex: 13 EC00",
        ] {
            assert!(!read(s).contains(&5100), "{s}: {:?}", read(s));
        }
    }
}
