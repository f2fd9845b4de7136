//! Encoded tokens: base64, base32 and hex that decode to text (`NTEwMA==` is `5100`,
//! `6f72646572732d37` is `orders-7`, `\x35\x31\x30\x30`). The decoded text is matched like any
//! other reply (one level deep), so every written form the matcher knows is caught inside an
//! encoding too. Whole-text escapes are decoded the same way: URL percent-encoding, backslash
//! escapes (`\u0035`, `\u{35}`, octal), quoted-printable, runs of decimal character codes
//! (`53 49 48 48`), and lists of code tokens (`0x35 0x31 0x30 0x30`, `U+006B …`, bytes in
//! binary).
//!
//! Candidates: a base64 token (standard or URL-safe alphabet, padded or not) of at least 6
//! characters before padding, that holds a digit, an uppercase letter or `+/=` (a plain lowercase word is not
//! worth decoding); a base32 token (RFC 4648 or extended hex) of at least 7 characters in one
//! letter case; a hex token of at least 6 digits, even length (optionally `0x`); a run of
//! at least three hex byte pairs separated by spaces, `:` or `\x`. A token is kept only when it
//! decodes to printable UTF-8 of at least three characters.
//!
//! False-positive controls: hashes, commit ids and random tokens decode to binary and are
//! dropped; what is kept is matched by the ordinary rules, with their own controls.
//!
//! # Cost
//! `decoded` reads every normalised view, so each gate skips only what the decoders refuse
//! anyway. A base64 or base32 token is decoded by hand into a stack buffer before the engines
//! are asked: an engine that accepts it returns exactly those bytes, so bytes [`printable`]
//! refuses are refused after it too. Tokens under four bytes, and those with no digit,
//! capital or `+/=` that are not hex, are not tried (no decoder accepts them). Radix decodes
//! stay on the stack until kept; hex pairs are counted before they are copied; digits are
//! found eight bytes at a time and code-list starts by `memchr` on a byte each start holds.
use base64::engine::general_purpose::{STANDARD_NO_PAD, URL_SAFE_NO_PAD};
use base64::Engine;

mod compressed;
mod ebcdic;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod golden;
mod reversed;
mod shifted;
mod utf7;
pub(crate) use utf7::utf7;

/// Most decoded texts one reply yields (a reply full of tokens costs a bounded amount).
const MAX_DECODED: usize = 64;

/// Texts that encoded tokens in `s` decode to.
pub(crate) fn decoded(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    // Whole-text escapes: URL percent-encoding, backslash escapes, quoted-printable, decimal
    // character codes. Each decodes the text as a whole; what changed is matched again.
    for f in [
        percent,
        backslash,
        quoted_printable,
        decimal_codes,
        code_lists,
        radix_tokens,
        chunked,
    ] {
        if let Some(t) = f(s) {
            out.push(t);
        }
    }
    // The same escapes of a text written backwards (`03%03%13%53%`), behind their own gate.
    out.extend(reversed::escapes(s));
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() && out.len() < MAX_DECODED {
        let c = b[i];
        if !is_b64(c) && c != b'\\' {
            i += 1;
            continue;
        }
        // Hex byte pairs with separators: `35 31 30 30`, `35:31:30:30`, `\x35\x31`; a run
        // starts with `\` or a hex digit.
        if c == b'\\' || class(c) & HEX != 0 {
            if let Some((text, end)) = hex_pairs(b, i) {
                // A run of `\x` escapes may be the whole text `backslash` decoded already.
                if !out.contains(&text) {
                    out.push(text);
                }
                i = end;
                continue;
            }
        }
        let start = i;
        // A token with no digit, capital or `+/=` that is not all hex digits is neither hex,
        // base64 (`decode_token` wants one of those) nor base32 (which wants capitals or
        // digits, or lowercase with a digit or padding): most words of prose (`kube-proxy`),
        // skipped without the decode attempts. Nor is a token under four bytes
        // (`decode_token` wants six hex digits or four base64 characters, `decode_base32`
        // seven).
        let (mut all, mut any) = (HEX, 0);
        while let Some(&c) = b.get(i) {
            let k = class(c);
            if k & TOKEN == 0 {
                break;
            }
            all &= k;
            any |= k;
            i += 1;
        }
        if i - start < 4 || (any & WORTH == 0 && all & HEX == 0) {
            if i == start {
                i += 1;
            }
            continue;
        }
        let tok = s.get(start..i).unwrap_or("");
        let before = out.len();
        if let Some(text) = decode_token(tok) {
            out.push(text);
        }
        if let Some(text) = decode_base32(tok) {
            out.push(text);
        }
        // The last part of a dashed name encoded alone (`orders-worker-a2VzdHJlbA==`,
        // `orders-worker-6b65737472656c`): that part decoded.
        if out.len() == before {
            let tail = tok
                .rsplit_once('-')
                .map(|(_, t)| t)
                .filter(|t| t.len() >= 6);
            if let Some(t) = tail {
                let t = t.strip_prefix("0x").unwrap_or(t);
                if let Some(text) = decode_token(t).or_else(|| decode_base32(t)) {
                    out.push(text);
                }
            }
        }
        // A token that reads as nothing forwards may be one written backwards (`==AMwETN`).
        if out.len() == before {
            // Or a compressed stream (`eJw…`, `H4sI…`, `789c…`), inflated under a cap.
            // Or one whose letters were shifted after encoding (`AGRjZN==`: ROT13 of base64).
            if let Some(text) = compressed::token(tok)
                .or_else(|| reversed::token(tok, start > 0 && b.get(start - 1) == Some(&b'=')))
                .or_else(|| shifted::token(tok))
            {
                out.push(text);
            }
        }
        if i == start {
            i += 1;
        }
    }
    out
}

/// Tokens a run of one encoding stops at: a wrapped body is rarely longer.
const MAX_CHUNKS: usize = 24;

/// One encoded token cut into pieces by spaces or line breaks: hex in groups of any size
/// (`3531 3030`, `6b6573 74 72656c`, `xxd`'s columns), base64 or base32 in chunks (`NTEw MA==`,
/// `a2Vz dHJl bA==`, a body wrapped at 64 or 76 columns). A run of two or more tokens that
/// could each be a piece is joined and decoded as one token, whole and without its first or
/// last token (a label before, a word after: `ID NTEw MA==`).
///
/// False-positive controls: a piece is hex digits, or base64 letters with a digit, a capital
/// after its first letter, `+`, `/` or padding (prose words are not pieces: `Check the API` is
/// no run); a hex join is decoded only when every byte's high digit is 2 to f (printable ASCII,
/// UTF-8 and EBCDIC; a run of numbers such as `1200 1300` or `2026 1130` fails at its first
/// byte), and what decodes is kept only when printable, as for any token.
fn chunked(s: &str) -> Option<String> {
    let mut out = String::new();
    let mut run: Vec<&str> = Vec::new();
    for raw in s.split_ascii_whitespace() {
        let tok = raw.trim_end_matches(['.', ',', ';', ')']);
        let tok = tok.trim_start_matches(['(', '"', '\'', '`']);
        let tok = tok.trim_end_matches(['"', '\'', '`']);
        if chunk_piece(tok) && run.len() < MAX_CHUNKS {
            // Padding ends a body: a piece after one starts a new run.
            if run.last().is_some_and(|t| t.ends_with('=')) {
                join_run(&run, &mut out);
                run.clear();
            }
            run.push(tok);
            continue;
        }
        join_run(&run, &mut out);
        run.clear();
        if chunk_piece(tok) {
            run.push(tok);
        }
    }
    join_run(&run, &mut out);
    (!out.is_empty()).then_some(out)
}

/// Could `t` be a piece of an encoded token (see [`chunked`])?
fn chunk_piece(t: &str) -> bool {
    let b = t.as_bytes();
    let body = t.trim_end_matches('=');
    if b.len() < 2 || b.len() > MAX_RADIX_TOKEN || body.is_empty() {
        return false;
    }
    if body.bytes().all(|c| c.is_ascii_hexdigit()) {
        return true;
    }
    body.bytes()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'/' | b'-' | b'_'))
        && (body.len() < t.len()
            || body
                .bytes()
                .any(|c| c.is_ascii_digit() || matches!(c, b'+' | b'/'))
            || body.bytes().skip(1).any(|c| c.is_ascii_uppercase()))
}

/// Decode a run of [`chunked`] pieces joined: whole, and without its first or last piece.
fn join_run(run: &[&str], out: &mut String) {
    let n = run.len();
    // Byte pairs alone (`35 31 30 30`) are [`hex_pairs`]' to read.
    if n < 2 || run.iter().all(|t| t.len() == 2) {
        return;
    }
    let mut joined = String::new();
    for (a, e) in [(0, n), (1, n), (0, n - 1), (1, n - 1)] {
        if e < a + 2 || (a, e) != (0, n) && n == 2 {
            continue;
        }
        let Some(pieces) = run.get(a..e) else {
            continue;
        };
        // Padding only at the very end.
        if pieces.iter().rev().skip(1).any(|t| t.ends_with('=')) {
            continue;
        }
        joined.clear();
        pieces.iter().for_each(|t| joined.push_str(t));
        let hex = joined.bytes().all(|c| c.is_ascii_hexdigit());
        if hex
            && !joined
                .as_bytes()
                .chunks(2)
                .all(|p| p.first().is_some_and(|h| !matches!(h, b'0' | b'1')))
        {
            continue;
        }
        if let Some(t) = decode_token(&joined).or_else(|| decode_base32(&joined)) {
            out.push_str(&t);
            out.push('\n');
            // The whole run decoded: its parts add nothing.
            return;
        }
    }
}

/// `%35%31%30%30`, `2.4%20MB%2Fs`.
fn percent(s: &str) -> Option<String> {
    let b = s.as_bytes();
    // Most texts hold no `%XX` at all: look before copying.
    memchr::memchr_iter(b'%', b).find(|&i| {
        b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
    })?;
    let mut bytes = Vec::with_capacity(b.len());
    let mut changed = false;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            if let (Some(h), Some(l)) = (
                b.get(i + 1).and_then(|c| hex_val(*c)),
                b.get(i + 2).and_then(|c| hex_val(*c)),
            ) {
                bytes.push(h << 4 | l);
                changed = true;
                i += 3;
                continue;
            }
        }
        bytes.push(b[i]);
        i += 1;
    }
    changed.then_some(())?;
    String::from_utf8(bytes).ok()
}

/// `\u0035`, `\u{35}`, `\U00000035`, octal `\065`.
fn backslash(s: &str) -> Option<String> {
    if !s.contains('\\') {
        return None;
    }
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut changed = false;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            let (digits, radix, skip, close) = match b.get(i + 1) {
                Some(b'u') if b.get(i + 2) == Some(&b'{') => (i + 3, 16, 3, true),
                Some(b'u') => (i + 2, 16, 2, false),
                Some(b'U') => (i + 2, 16, 2, false),
                // `\x6b` inside a word (`orders-worker-\x6bestrel`, `5\x3100`); a run of
                // them is also `hex_pairs`'s.
                Some(b'x') => (i + 2, 16, 2, false),
                Some(c) if (b'0'..=b'7').contains(c) => (i + 1, 8, 1, false),
                _ => (0, 0, 0, false),
            };
            if radix > 0 {
                let hex_byte = b.get(i + 1) == Some(&b'x');
                let max = match (radix, skip, close) {
                    (8, _, _) => 3,
                    _ if hex_byte => 2,
                    (_, _, true) => 6,
                    _ if b.get(i + 1) == Some(&b'U') => 8,
                    _ => 4,
                };
                let mut k = digits;
                while k - digits < max && b.get(k).is_some_and(|c| (*c as char).is_digit(radix)) {
                    k += 1;
                }
                let end = if close {
                    (b.get(k) == Some(&b'}')).then_some(k + 1)
                } else {
                    Some(k)
                };
                if let (Some(end), true) = (end, k > digits) {
                    if let Some(ch) = s
                        .get(digits..k)
                        .and_then(|d| u32::from_str_radix(d, radix).ok())
                        .and_then(char::from_u32)
                        // `\x` only as printable ASCII (`C:\x86` is a path).
                        .filter(|c| !hex_byte || (' '..='~').contains(c))
                    {
                        out.push(ch);
                        changed = true;
                        i = end;
                        continue;
                    }
                }
            }
        }
        let len = s
            .get(i..)
            .and_then(|r| r.chars().next())
            .map_or(1, char::len_utf8);
        out.push_str(s.get(i..i + len).unwrap_or(""));
        i += len;
    }
    changed.then_some(out)
}

/// Lists of three or more character codes, each written as a token: `0x35 0x31 0x30 0x30`,
/// `U+006B U+0065 …`, or bytes in binary (`01101011 01100101 …`). Each list becomes the text
/// it spells, its separators (spaces, commas, semicolons) dropped.
fn code_lists(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let plus = memchr::memchr(b'+', b).is_some();
    let hex = memchr::memmem::find(b, b"0x").is_some() || memchr::memmem::find(b, b"0X").is_some();
    let bits = has_bit_run(b);
    if !plus && !hex && !bits {
        return None;
    }
    // One code at `i`: its character and the index after it.
    let code = |i: usize| -> Option<(char, usize)> {
        if i > 0 && b.get(i - 1).is_some_and(u8::is_ascii_alphanumeric) {
            return None;
        }
        let (start, min, max, radix) = match (b.get(i), b.get(i + 1)) {
            (Some(b'0'), Some(b'x' | b'X')) => (i + 2, 2, 2, 16),
            (Some(b'U' | b'u'), Some(b'+')) => (i + 2, 4, 6, 16),
            (Some(b'0' | b'1'), _) => (i, 8, 8, 2),
            _ => return None,
        };
        let mut k = start;
        while k - start < max && b.get(k).is_some_and(|c| (*c as char).is_digit(radix)) {
            k += 1;
        }
        if k - start < min || b.get(k).is_some_and(u8::is_ascii_alphanumeric) {
            return None;
        }
        let v = u32::from_str_radix(s.get(start..k)?, radix).ok()?;
        char::from_u32(v)
            .filter(|c| !c.is_control())
            .map(|c| (c, k))
    };
    // Built only once a run is found; `copied`: how much of `s` it holds.
    let mut out: Option<String> = None;
    let mut copied = 0;
    let mut run = String::new();
    // `i`: the first byte not yet read.
    let mut i = 0;
    // A start is found by its first byte (`0`, `1`) when binary codes are looked for, else by
    // its second (`x`, `X`); `U+` by its `+`. Every start `may_start` admits has one of these
    // at it or right after it, and they come in order: the others are stepped over unread.
    let (t0, t1) = if bits { (b'0', b'1') } else { (b'x', b'X') };
    for j in memchr::memchr3_iter(t0, t1, b'+', b) {
        let st = if matches!(b[j], b'0' | b'1') {
            j
        } else if let Some(st) = j.checked_sub(1) {
            st
        } else {
            continue;
        };
        if st < i {
            continue;
        }
        i = st;
        // A code starts with one of these ASCII bytes, and only in a shape the text holds
        // somewhere (`code` refuses every other start).
        let may_start = match b[i] {
            b'0' => bits || (hex && matches!(b.get(i + 1), Some(b'x' | b'X'))),
            b'1' => bits,
            b'U' | b'u' => plus && b.get(i + 1) == Some(&b'+'),
            _ => false,
        };
        if !may_start {
            i += 1;
            continue;
        }
        run.clear();
        let mut count = 0;
        let mut p = i;
        let mut end = i;
        while let Some((c, next)) = code(p) {
            run.push(c);
            count += 1;
            end = next;
            p = next;
            let mut gap = 0;
            while gap < 2 && matches!(b.get(p), Some(b' ' | b',' | b';')) {
                p += 1;
                gap += 1;
            }
        }
        if count >= 3 {
            let o = out.get_or_insert_with(|| String::with_capacity(s.len()));
            o.push_str(s.get(copied..i).unwrap_or(""));
            o.push_str(&run);
            copied = end;
            i = end;
            continue;
        }
        i += 1;
    }
    let mut o = out?;
    o.push_str(s.get(copied..).unwrap_or(""));
    Some(o)
}

/// Does `b` hold eight `0`/`1` bytes in a row? Such a run covers an index that is 7 modulo
/// 8: only those are looked at, and the run through one that is `0` or `1` measured.
fn has_bit_run(b: &[u8]) -> bool {
    let bit = |c: &u8| matches!(c, b'0' | b'1');
    (7..b.len()).step_by(8).any(|m| {
        b.get(m).is_some_and(bit) && {
            let after = b
                .get(m + 1..)
                .map_or(0, |r| r.iter().take_while(|c| bit(c)).take(7).count());
            let before = b
                .get(..m)
                .map_or(0, |r| r.iter().rev().take_while(|c| bit(c)).take(7).count());
            before + 1 + after >= 8
        }
    })
}

/// Quoted-printable: three or more `=XX` in a row (`=35=31=30=30`).
fn quoted_printable(s: &str) -> Option<String> {
    let b = s.as_bytes();
    // Three `=XX` in a row somewhere, before copying (Prometheus lines are full of `=`).
    memchr::memchr_iter(b'=', b).find(|&i| {
        (0..3).all(|k| {
            b.get(i + 3 * k) == Some(&b'=')
                && b.get(i + 3 * k + 1).is_some_and(u8::is_ascii_hexdigit)
                && b.get(i + 3 * k + 2).is_some_and(u8::is_ascii_hexdigit)
        })
    })?;
    let mut bytes = Vec::with_capacity(b.len());
    let mut changed = false;
    let mut i = 0;
    while i < b.len() {
        let mut k = i;
        let mut run = Vec::new();
        while b.get(k) == Some(&b'=') {
            match (
                b.get(k + 1).and_then(|c| hex_val(*c)),
                b.get(k + 2).and_then(|c| hex_val(*c)),
            ) {
                (Some(h), Some(l)) => {
                    run.push(h << 4 | l);
                    k += 3;
                }
                _ => break,
            }
        }
        if run.len() >= 3 {
            bytes.extend(run);
            changed = true;
            i = k;
        } else {
            bytes.push(b[i]);
            i += 1;
        }
    }
    changed.then_some(())?;
    String::from_utf8(bytes).ok()
}

/// Decimal character codes: three or more numbers from 32 to 126 with one separator kind
/// (`53 49 48 48`, `53,49,48,48`), read as the text they encode; and octal ones, two or three
/// octal digits each, one of three at least (`153 145 163 164`, `157 162 55 153`).
fn decimal_codes(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut found = String::new();
    // One pair of buffers for every list (most lists are a single number).
    let (mut codes, mut octal) = (Vec::new(), Vec::new());
    while i < b.len() {
        let Some(d) = next_digit(b, i) else {
            break;
        };
        i = d;
        if i > 0 && b[i - 1].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        let mut k = i;
        // Each token read in decimal and, when it is three octal digits, in octal (`153 145
        // 163` is `kes`); a list is decoded in each base all its tokens are printable in.
        codes.clear();
        octal.clear();
        let (mut all_decimal, mut all_octal, mut octal_three) = (true, true, false);
        let mut sep: Option<u8> = None;
        loop {
            let st = k;
            let (mut v, mut o) = (0u32, 0u32);
            while b.get(k).is_some_and(u8::is_ascii_digit) && k - st < 3 {
                v = v * 10 + u32::from(b[k] - b'0');
                o = o * 8 + u32::from(b[k] - b'0');
                k += 1;
            }
            let printable = |x: u32| (32..=126).contains(&x);
            // Two octal digits too (`55` is `-`, between the letters of a name), in a list
            // with a three-digit code.
            let is_octal = (2..=3).contains(&(k - st))
                && b.get(st..k).is_some_and(|d| d.iter().all(|c| *c < b'8'))
                && printable(o);
            octal_three |= k - st == 3;
            if k == st
                || b.get(k).is_some_and(u8::is_ascii_alphanumeric)
                || !(printable(v) || is_octal)
            {
                k = st;
                break;
            }
            all_decimal &= printable(v);
            all_octal &= is_octal;
            codes.push(v as u8);
            octal.push(o as u8);
            match b.get(k) {
                Some(&c) if matches!(c, b' ' | b',' | b';') && sep.is_none_or(|x| x == c) => {
                    let n = if c != b' ' && b.get(k + 1) == Some(&b' ') {
                        2
                    } else {
                        1
                    };
                    if !b.get(k + n).is_some_and(u8::is_ascii_digit) {
                        break;
                    }
                    sep = Some(c);
                    k += n;
                }
                _ => break,
            }
        }
        if codes.len() >= 3 {
            for (bytes, all) in [(&codes, all_decimal), (&octal, all_octal && octal_three)] {
                if let Ok(t) = std::str::from_utf8(bytes) {
                    if all {
                        found.push_str(t);
                        found.push('\n');
                    }
                }
            }
        }
        i = k.max(i + 1);
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
    }
    (!found.is_empty()).then_some(found)
}

/// The first ASCII digit in `b` at `from` or after. Eight bytes at a time: a byte is a digit
/// when it XOR `0x30` is below 10, and the borrow test below flags a word exactly when one of
/// its bytes is (a borrow reaches a byte only from a lower byte that is itself flagged).
fn next_digit(b: &[u8], from: usize) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut i = from;
    while let Some(chunk) = b.get(i..i + 8).and_then(|c| <[u8; 8]>::try_from(c).ok()) {
        let t = u64::from_le_bytes(chunk) ^ (ONES * 0x30);
        if t.wrapping_sub(ONES * 10) & !t & HIGH != 0 {
            break;
        }
        i += 8;
    }
    b.get(i..)?
        .iter()
        .position(u8::is_ascii_digit)
        .map(|d| i + d)
}

/// Longest token the base58/base85/uuencode decoders look at.
const MAX_RADIX_TOKEN: usize = 128;
const B58: &[u8] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const B85: &[u8] =
    b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~";

/// Whitespace-separated tokens in base58 (`2MrsCb`), Ascii85 (`2)-d=`, `<~…~>`), base85 (RFC
/// 1924 / git alphabet) or one uuencoded line (`$-3$P,`), decoded when what they hold is
/// printable ASCII with three digits or three lowercase letters in a row; the decoded tokens
/// one a line. A plain word
/// (letters of one case) is not tried; a token is tried as Ascii85 or uuencode only when it
/// holds punctuation, as base58 only when it mixes digits or capitals with letters.
fn radix_tokens(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = String::new();
    // The tokens of `split_ascii_whitespace`, read by byte class.
    let mut i = 0;
    while i < b.len() {
        if class(b[i]) & SPACE != 0 {
            i += 1;
            continue;
        }
        let start = i;
        let mut all = LOWER | UPPER;
        while let Some(&c) = b.get(i) {
            let k = class(c);
            if k & SPACE != 0 {
                break;
            }
            all &= k;
            i += 1;
        }
        // Trimming only shortens a token: one under five bytes is skipped below anyway; and
        // a token of letters of one case is trimmed of nothing, and skipped below too.
        if i - start < 5 || all != 0 {
            continue;
        }
        // Whitespace is ASCII: both ends are char boundaries.
        if let Some(raw) = s.get(start..i) {
            radix_token(raw, &mut out);
        }
    }
    (!out.is_empty()).then_some(out)
}

/// One whitespace-separated token of [`radix_tokens`], its decodes pushed to `out`.
fn radix_token(raw: &str, out: &mut String) {
    let tok = raw.trim_end_matches(['.', ',']);
    if tok.len() < 5 || tok.len() > MAX_RADIX_TOKEN {
        return;
    }
    let b = tok.as_bytes();
    // The classes every byte has: all lowercase, all uppercase, all alphanumeric.
    let all = b.iter().fold(LOWER | UPPER | ALNUM, |a, c| a & class(*c));
    if all & (LOWER | UPPER) != 0 {
        return;
    }
    let punct = all & ALNUM == 0;
    // Each decoder returns only a decode worth keeping (see [`kept`]).
    let mut found = Vec::new();
    if punct {
        let a85 = tok.strip_prefix("<~").unwrap_or(tok);
        let a85 = a85.strip_suffix("~>").unwrap_or(a85);
        found.extend(ascii85(a85.as_bytes()));
        found.extend(uudecode(raw.as_bytes()));
    } else {
        found.extend(base58(b));
    }
    found.extend(base85(b));
    // A token the base64, base32 and hex readers decode is theirs (asked only of a
    // token that decodes here: most decode to nothing printable).
    if found.is_empty() || decode_token(tok).is_some() || decode_base32(tok).is_some() {
        return;
    }
    for bytes in found {
        out.push_str(&String::from_utf8_lossy(&bytes));
        out.push('\n');
    }
}

/// A radix decode is kept when it is printable ASCII of three bytes or more that looks like
/// words ([`word_like`]); copied out only then.
fn kept(bytes: &[u8]) -> Option<Vec<u8>> {
    (bytes.len() >= 3
        && bytes.iter().all(|c| c.is_ascii_graphic() || *c == b' ')
        && word_like(bytes))
    .then(|| bytes.to_vec())
}

/// Three digits or three lowercase letters in a row: what a value or a name decodes to, and
/// what the garbage a lenient alphabet decodes other tokens to rarely holds.
fn word_like(b: &[u8]) -> bool {
    let run = |f: fn(&u8) -> bool| b.windows(3).any(|w| w.iter().all(f));
    run(u8::is_ascii_digit) || run(u8::is_ascii_lowercase)
}

/// The value of each byte in an alphabet (`NONE`: not in it): one load a byte instead of a
/// search of the alphabet.
const fn digit_table(alphabet: &[u8]) -> [u8; 256] {
    let mut t = [NONE; 256];
    let mut i = 0;
    while i < alphabet.len() {
        t[alphabet[i] as usize] = i as u8;
        i += 1;
    }
    t
}
const NONE: u8 = u8::MAX;
const B58_DIGIT: [u8; 256] = digit_table(B58);
const B85_DIGIT: [u8; 256] = digit_table(B85);

/// Base58 (Bitcoin alphabet), only when [`kept`]. Leading `1`s stand for zero bytes, which
/// are never kept: such a token is refused at once.
fn base58(b: &[u8]) -> Option<Vec<u8>> {
    if b.first() == Some(&b'1') {
        return None;
    }
    // The number in 32-bit limbs, least significant first: 58^128 < 2^768.
    let mut limbs = [0u32; MAX_RADIX_TOKEN * 6 / 32];
    let mut used = 0;
    for c in b {
        let d = B58_DIGIT[usize::from(*c)];
        if d == NONE {
            return None;
        }
        let mut carry = u64::from(d);
        for l in limbs.iter_mut().take(used) {
            let t = u64::from(*l) * 58 + carry;
            *l = t as u32;
            carry = t >> 32;
        }
        if carry > 0 {
            *limbs.get_mut(used)? = carry as u32;
            used += 1;
        }
    }
    // Big-endian bytes without leading zeros.
    let mut bytes = [0u8; MAX_RADIX_TOKEN * 6 / 8];
    let mut n = 0;
    for l in limbs.iter().take(used).rev() {
        for x in l.to_be_bytes() {
            if n > 0 || x != 0 {
                *bytes.get_mut(n)? = x;
                n += 1;
            }
        }
    }
    kept(bytes.get(..n)?)
}

/// Groups of five characters, each a base-85 digit (`digit` maps a byte to 0..85), as four
/// bytes; a short last group padded as Ascii85 pads it. `None` as soon as a whole group is
/// not printable, and only when [`kept`].
fn base85_groups(b: &[u8], digit: impl Fn(u8) -> Option<u32>, z: bool) -> Option<Vec<u8>> {
    // Four bytes for five characters (`b` is a token of at most `MAX_RADIX_TOKEN`).
    let mut out = [0u8; MAX_RADIX_TOKEN];
    let mut n = 0;
    let mut group = [0u32; 5];
    let mut k = 0;
    for c in b {
        if z && *c == b'z' && k == 0 {
            // Four zero bytes: never printable, and the caller keeps printable text only.
            return None;
        }
        if let Some(slot) = group.get_mut(k) {
            *slot = digit(*c)?;
        }
        k += 1;
        if k == 5 {
            let v = group
                .iter()
                .try_fold(0u32, |a, d| a.checked_mul(85)?.checked_add(*d))?;
            // The caller keeps printable text only: stop at the first group that is not.
            if !v
                .to_be_bytes()
                .iter()
                .all(|c| c.is_ascii_graphic() || *c == b' ')
            {
                return None;
            }
            out.get_mut(n..n + 4)?.copy_from_slice(&v.to_be_bytes());
            n += 4;
            k = 0;
        }
    }
    if k == 1 {
        return None;
    }
    if k > 1 {
        for slot in group.iter_mut().skip(k) {
            *slot = 84;
        }
        let v = group
            .iter()
            .try_fold(0u32, |a, d| a.checked_mul(85)?.checked_add(*d))?;
        let tail = v.to_be_bytes();
        out.get_mut(n..n + k - 1)?
            .copy_from_slice(tail.get(..k - 1)?);
        n += k - 1;
    }
    kept(out.get(..n)?)
}

fn ascii85(b: &[u8]) -> Option<Vec<u8>> {
    base85_groups(
        b,
        |c| (b'!'..=b'u').contains(&c).then(|| u32::from(c - b'!')),
        true,
    )
}

fn base85(b: &[u8]) -> Option<Vec<u8>> {
    base85_groups(
        b,
        |c| {
            let d = B85_DIGIT[usize::from(c)];
            (d != NONE).then_some(u32::from(d))
        },
        false,
    )
}

/// One uuencoded line: a length character, then four characters per three bytes; only when
/// [`kept`].
fn uudecode(b: &[u8]) -> Option<Vec<u8>> {
    let (first, body) = b.split_first()?;
    let len = usize::from(first.checked_sub(32)? & 0x3F);
    // Trailing spaces (zero bits) may have been trimmed: at most the last group's.
    if len == 0 || body.len() + 3 < len.div_ceil(3) * 4 {
        return None;
    }
    let val = |c: u8| -> Option<u32> {
        (b' '..=b'`')
            .contains(&c)
            .then(|| u32::from((c - 32) & 0x3F))
    };
    // At most 63 bytes (a six-bit length), in groups of three.
    let mut out = [0u8; 66];
    let mut n = 0;
    let groups = len.div_ceil(3);
    if body.len().div_ceil(4) < groups {
        return None;
    }
    for chunk in body.chunks(4).take(groups) {
        let mut v = 0u32;
        for i in 0..4 {
            v = v << 6 | val(chunk.get(i).copied().unwrap_or(b' '))?;
        }
        out.get_mut(n..n + 3)?
            .copy_from_slice(v.to_be_bytes().get(1..)?);
        n += 3;
    }
    kept(out.get(..n.min(len))?)
}

/// Byte classes, one load a byte: ASCII lowercase, uppercase, alphanumeric, a base64 byte of
/// either alphabet, ASCII whitespace (what `split_ascii_whitespace` splits on), a token byte,
/// a byte that makes a token worth decoding, a hex digit.
const LOWER: u8 = 1;
const UPPER: u8 = 2;
const ALNUM: u8 = 4;
const B64: u8 = 8;
const SPACE: u8 = 16;
/// A byte of the tokens `decoded` tries: a base64 byte or `=`.
const TOKEN: u8 = 32;
/// What makes a token worth a base64 or base32 decode: a digit, a capital, `+`, `/` or `=`.
const WORTH: u8 = 64;
const HEX: u8 = 128;
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let mut k = 0;
        if b.is_ascii_lowercase() {
            k |= LOWER | ALNUM | B64;
        }
        if b.is_ascii_uppercase() {
            k |= UPPER | ALNUM | B64;
        }
        if b.is_ascii_digit() {
            k |= ALNUM | B64;
        }
        if matches!(b, b'+' | b'/' | b'-' | b'_') {
            k |= B64;
        }
        if k & B64 != 0 || b == b'=' {
            k |= TOKEN;
        }
        if b.is_ascii_digit() || b.is_ascii_uppercase() || matches!(b, b'+' | b'/' | b'=') {
            k |= WORTH;
        }
        if b.is_ascii_hexdigit() {
            k |= HEX;
        }
        if b.is_ascii_whitespace() {
            k |= SPACE;
        }
        t[c] = k;
        c += 1;
    }
    t
};

fn class(c: u8) -> u8 {
    CLASS[usize::from(c)]
}

fn is_b64(c: u8) -> bool {
    class(c) & B64 != 0
}

/// Printable UTF-8 of three chars or more.
fn printable(bytes: Vec<u8>) -> Option<String> {
    let t = String::from_utf8(bytes).ok()?;
    printable_str(&t).then_some(t)
}

/// [`printable`] without the copy: what it would keep.
fn printable_bytes(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok_and(printable_str)
}

fn printable_str(t: &str) -> bool {
    t.chars().count() >= 3
        && t.chars()
            .all(|c| !c.is_control() || matches!(c, '\n' | '\t' | '\r'))
}

fn decode_token(tok: &str) -> Option<String> {
    let hex_body = tok
        .strip_prefix("0x")
        .or_else(|| tok.strip_prefix("0X"))
        .unwrap_or(tok);
    if hex_body.len() >= 6
        && hex_body.len().is_multiple_of(2)
        && hex_body.bytes().all(|c| c.is_ascii_hexdigit())
    {
        let bytes = hex_decode(hex_body.as_bytes())?;
        // UTF-16 in hex (`006b0065…`): every other byte zero, read as the bytes between.
        let half = |k: usize| bytes.iter().skip(k).step_by(2).all(|x| *x == 0);
        let utf16 = bytes.len() >= 6 && (half(0) || half(1));
        let narrow = utf16.then(|| {
            let keep = usize::from(half(0));
            bytes
                .iter()
                .skip(keep)
                .step_by(2)
                .copied()
                .collect::<Vec<u8>>()
        });
        // EBCDIC digits and letters (`F5F1F0F0`): never printable UTF-8, read by table.
        let ebcdic = ebcdic::text(&bytes);
        if let Some(t) = printable(bytes) {
            return Some(t);
        }
        if let Some(t) = narrow.and_then(printable) {
            return Some(t);
        }
        if ebcdic.is_some() {
            return ebcdic;
        }
    }
    let body = tok.trim_end_matches('=');
    // Three bytes (`100`, the smallest target) encode to four characters. A length of 4k+1
    // is never valid unpadded base64 (both engines refuse it): skip the two decode attempts.
    if body.len() < 4 || body.len() % 4 == 1 {
        return None;
    }
    let worth = tok
        .bytes()
        .any(|c| c.is_ascii_digit() || c.is_ascii_uppercase() || matches!(c, b'+' | b'/' | b'='));
    if !worth {
        return None;
    }
    let may_print = printable_start(body.as_bytes()) && base64_may_print(body.as_bytes());
    // UTF-16 text in base64 (`NQAxADAAMAA=`, what PowerShell's `-EncodedCommand` takes): its
    // zero bytes fail the gates above, so its own first look decides.
    let wide = !may_print && utf16_start(body.as_bytes());
    if !may_print && !wide {
        return None;
    }
    for engine in [&STANDARD_NO_PAD, &URL_SAFE_NO_PAD] {
        if let Ok(bytes) = engine.decode(body) {
            if wide {
                if let Some(t) = narrow_utf16(&bytes).and_then(printable) {
                    return Some(t);
                }
                continue;
            }
            if let Some(t) = printable(bytes) {
                return Some(t);
            }
        }
    }
    None
}

/// Do the first four base64 characters of `body` decode to the start of ASCII text in
/// UTF-16 (`x 0 y`, little-endian, or `0 x 0`, big-endian)?
fn utf16_start(body: &[u8]) -> bool {
    let Some(q) = body.get(..4) else {
        return false;
    };
    let mut v = 0u32;
    for &c in q {
        let Some(x) = sextet(c) else {
            return false;
        };
        v = v << 6 | u32::from(x);
    }
    let [_, a, b, c] = v.to_be_bytes();
    let p = |x: u8| (0x20..0x7F).contains(&x);
    (p(a) && b == 0 && p(c)) || (a == 0 && p(b) && c == 0)
}

/// The bytes of ASCII-range UTF-16 text without its zero halves (little- or big-endian),
/// when every other byte is zero; at least three characters.
fn narrow_utf16(bytes: &[u8]) -> Option<Vec<u8>> {
    let half = |k: usize| bytes.iter().skip(k).step_by(2).all(|x| *x == 0);
    if bytes.len() < 6 {
        return None;
    }
    let keep = if half(1) {
        0
    } else if half(0) {
        1
    } else {
        return None;
    };
    Some(bytes.iter().skip(keep).step_by(2).copied().collect())
}

/// Could the base64 `body` (four characters or more) decode to printable text? Its first
/// four characters are decoded by hand (`+` and `-`, `/` and `_` alike, so one look serves
/// both alphabets): [`printable`] refuses a text whose first byte is a control character,
/// DEL or no UTF-8 lead, or whose second or third is a control character or DEL. Most
/// ordinary tokens (`ClusterIP`, `kube-proxy`) fail here, before two decodes and copies.
fn printable_start(body: &[u8]) -> bool {
    let Some(&[a, b, c, d]) = body.get(..4).and_then(|q| <&[u8; 4]>::try_from(q).ok()) else {
        return true;
    };
    let (Some(a), Some(b), Some(c), Some(d)) = (sextet(a), sextet(b), sextet(c), sextet(d)) else {
        // Not base64 in either alphabet: let the decoders say so.
        return true;
    };
    let bytes = [a << 2 | b >> 4, (b & 15) << 4 | c >> 2, (c & 3) << 6 | d];
    let control = |x: u8| (x < 0x20 && !matches!(x, b'\t' | b'\n' | b'\r')) || x == 0x7f;
    let lead = |x: u8| x < 0x80 || (0xc2..=0xf4).contains(&x);
    lead(bytes[0]) && !bytes.iter().any(|&x| control(x))
}

/// A base64 sextet in either alphabet (`+` and `-`, `/` and `_` alike).
fn sextet(c: u8) -> Option<u8> {
    Some(match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' | b'-' => 62,
        b'/' | b'_' => 63,
        _ => return None,
    })
}

/// Longest body the decode gates below read by hand (a longer one goes to the decoders).
const MAX_GATED: usize = 1024;

/// Could the base64 `body` decode to printable text in either alphabet? It is decoded by hand
/// (both alphabets at once, as [`printable_start`] does) into a stack buffer: when either
/// engine accepts `body`, it returns exactly these bytes (an unpadded tail's spare bits are
/// dropped, or the engine refuses them), so when [`printable`] refuses them, both decodes
/// would be refused too, and the two decodes and their copies are skipped. A byte outside
/// both alphabets, or a body longer than [`MAX_GATED`], is left to the engines.
fn base64_may_print(body: &[u8]) -> bool {
    if body.len() > MAX_GATED {
        return true;
    }
    let mut out = [0u8; MAX_GATED * 6 / 8];
    let mut n = 0;
    let (mut acc, mut bits) = (0u32, 0u32);
    for &c in body {
        let Some(v) = sextet(c) else {
            return true;
        };
        acc = (acc << 6 | u32::from(v)) & 0xFFF;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            let Some(slot) = out.get_mut(n) else {
                return true;
            };
            *slot = (acc >> bits) as u8;
            n += 1;
        }
    }
    out.get(..n).is_none_or(printable_bytes)
}

/// Could the base32 `body` (letters of one case and digits) decode to printable text in
/// either alphabet? As [`base64_may_print`]: decoded by hand in each alphabet (after the
/// uppercasing [`decode_base32`] does); a body with a byte outside an alphabet fails that
/// engine, and one whose bytes [`printable`] refuses is refused after it too.
fn base32_may_print(body: &[u8]) -> bool {
    if body.len() > MAX_GATED {
        return true;
    }
    let rfc = |c: u8| match c.to_ascii_uppercase() {
        c @ b'A'..=b'Z' => Some(c - b'A'),
        c @ b'2'..=b'7' => Some(c - b'2' + 26),
        _ => None,
    };
    let hex = |c: u8| match c.to_ascii_uppercase() {
        c @ b'0'..=b'9' => Some(c - b'0'),
        c @ b'A'..=b'V' => Some(c - b'A' + 10),
        _ => None,
    };
    let prints = |value: &dyn Fn(u8) -> Option<u8>| -> bool {
        let mut out = [0u8; MAX_GATED * 5 / 8];
        let mut n = 0;
        let (mut acc, mut bits) = (0u32, 0u32);
        for &c in body {
            let Some(v) = value(c) else {
                return false;
            };
            acc = (acc << 5 | u32::from(v)) & 0x1FFF;
            bits += 5;
            if bits >= 8 {
                bits -= 8;
                let Some(slot) = out.get_mut(n) else {
                    return true;
                };
                *slot = (acc >> bits) as u8;
                n += 1;
            }
        }
        out.get(..n).is_none_or(printable_bytes)
    };
    prints(&rfc) || prints(&hex)
}

/// A base32 token (RFC 4648 or its extended-hex alphabet, padded or not, one letter case): at
/// least seven characters before padding, since four bytes (`5100`) encode to seven.
fn decode_base32(tok: &str) -> Option<String> {
    let body = tok.trim_end_matches('=');
    // Unpadded base32 has 0, 2, 4, 5 or 7 characters in its last group of 8: any other
    // length fails both decoders, so skip the copy and the two attempts.
    if body.len() < 7 || matches!(body.len() % 8, 1 | 3 | 6) {
        return None;
    }
    let upper = body
        .bytes()
        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
    let lower = body
        .bytes()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    // A plain lowercase word (`partition`) is not worth decoding: lowercase base32 needs a
    // digit or its padding.
    let marked = body.len() < tok.len() || body.bytes().any(|c| c.is_ascii_digit());
    if !(upper || (lower && marked)) || !base32_may_print(body.as_bytes()) {
        return None;
    }
    let body = body.to_ascii_uppercase();
    for engine in [
        &data_encoding::BASE32_NOPAD,
        &data_encoding::BASE32HEX_NOPAD,
    ] {
        if let Ok(bytes) = engine.decode(body.as_bytes()) {
            if let Some(t) = printable(bytes) {
                return Some(t);
            }
        }
    }
    None
}

fn hex_val(c: u8) -> Option<u8> {
    let v = HEX_DIGIT[usize::from(c)];
    (v != NONE).then_some(v)
}
const HEX_DIGIT: [u8; 256] = {
    let mut t = digit_table(b"0123456789abcdef");
    let mut c = b'A';
    while c <= b'F' {
        t[c as usize] = c - b'A' + 10;
        c += 1;
    }
    t
};

fn hex_decode(h: &[u8]) -> Option<Vec<u8>> {
    h.chunks_exact(2)
        .map(|p| Some(hex_val(*p.first()?)? << 4 | hex_val(*p.get(1)?)?))
        .collect()
}

/// Three or more hex byte pairs with one separator kind between (or `\x` before each).
fn hex_pairs(b: &[u8], i: usize) -> Option<(String, usize)> {
    // Most starts hold fewer than three pairs: counted first, copied only when there are
    // three (the second walk is the same walk).
    let (count, _) = hex_pair_run(b, i, |_| {});
    if count < 3 {
        return None;
    }
    let mut bytes = Vec::with_capacity(count);
    let (_, p) = hex_pair_run(b, i, |x| bytes.push(x));
    // A run that prints nothing may be EBCDIC (`F5 F1 F0 F0`) or written backwards
    // (`03 03 13 53`).
    let e = ebcdic::text(&bytes);
    let t = printable(bytes)
        .or(e)
        .or_else(|| reversed::pairs(b.get(i..p)?))?;
    Some((t, p))
}

/// The run of [`hex_pairs`] at `i`: each byte to `each`; how many, and the index after.
fn hex_pair_run(b: &[u8], i: usize, mut each: impl FnMut(u8)) -> (usize, usize) {
    let escaped = b.get(i) == Some(&b'\\');
    let mut p = i;
    let mut count = 0;
    let mut sep: Option<u8> = None;
    loop {
        if escaped {
            if b.get(p) != Some(&b'\\') || !matches!(b.get(p + 1), Some(b'x') | Some(b'X')) {
                break;
            }
            p += 2;
        }
        let (Some(&h), Some(&l)) = (b.get(p), b.get(p + 1)) else {
            break;
        };
        let (Some(h), Some(l)) = (hex_val(h), hex_val(l)) else {
            break;
        };
        if b.get(p + 2).is_some_and(|c| c.is_ascii_alphanumeric()) {
            break;
        }
        each(h << 4 | l);
        count += 1;
        p += 2;
        if escaped {
            continue;
        }
        match b.get(p) {
            Some(&c) if matches!(c, b' ' | b':' | b'-' | b',') && sep.is_none_or(|s| s == c) => {
                if !b.get(p + 1).is_some_and(u8::is_ascii_hexdigit) {
                    break;
                }
                sep = Some(c);
                p += 1;
            }
            _ => break,
        }
    }
    (count, p)
}

#[cfg(test)]
mod tests {
    #[test]
    fn base58_base85_uuencode() {
        let r = |t: &str| super::radix_tokens(t).unwrap_or_default();
        assert_eq!(r("the lag is 2MrsCb"), "5100\n");
        assert_eq!(r("2)-d="), "5100\n");
        assert_eq!(r("<~2)-d=~>"), "5100\n");
        assert!(r("H8C(S").contains("5100"));
        assert!(r("$-3$P,").contains("5100"));
        assert!(r("CLqR/Eb0%").contains("kestrel"));
        assert!(r("553wGNzBT9").contains("kestrel"));
        assert_eq!(
            super::radix_tokens("plain words only, nothing encoded"),
            None
        );
    }

    use super::*;

    #[test]
    fn chunked_pieces_join() {
        let c = |t: &str| chunked(t).unwrap_or_default();
        for (t, want) in [
            ("lag: 3531 3030", "5100"),
            ("353 13030", "5100"),
            ("consumer: 6b6573 74 72656c", "kestrel"),
            ("consumer: 6b657374 72656c", "kestrel"),
            ("lag: NTEw MA==", "5100"),
            ("lag: NT EwMA==", "5100"),
            ("consumer: a2Vz dHJl bA==", "kestrel"),
            ("consumer: a2VzdH\nJlbA==", "kestrel"),
            ("ID NTEw MA== ok", "5100"),
            ("(NTEw MA==).", "5100"),
            ("lag: GUYT AMA=", "5100"),
        ] {
            assert!(c(t).contains(want), "{t:?} gave {:?}", c(t));
        }
        for t in [
            "Check the API and the DB",
            "partitions 1200 1300 1250 1350",
            "seeded 2026 1130 0930",
            "commit 4f2a9c1 and 8be7d20",
            "lag NTEwMA== alone",
            "one token",
        ] {
            assert_eq!(chunked(t), None, "{t:?}");
        }
    }

    /// `printable_start` refuses only tokens that neither alphabet decodes to printable text:
    /// every four-character start over a sample of the alphabet, with a printable tail.
    #[test]
    fn printable_start_refuses_only_unprintable_decodes() {
        let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_";
        let tail = "NTEwMA"; // `5100`
        let mut refused = 0;
        let mut k = 1u64;
        for _ in 0..200_000 {
            k = k
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let start: String = (0..4)
                .map(|i| char::from(alphabet[((k >> (16 * i)) % alphabet.len() as u64) as usize]))
                .collect();
            let tok = format!("{start}{tail}");
            if printable_start(tok.as_bytes()) {
                continue;
            }
            refused += 1;
            for engine in [&STANDARD_NO_PAD, &URL_SAFE_NO_PAD] {
                if let Ok(bytes) = engine.decode(&tok) {
                    assert!(printable(bytes).is_none(), "{tok}");
                }
            }
        }
        assert!(refused > 100_000, "{refused}");
        // And what an encoder writes for text always passes.
        for t in ["5100", "orders-worker-kestrel", "é5100", "\n\t51", "ünf"] {
            for engine in [&STANDARD_NO_PAD, &URL_SAFE_NO_PAD] {
                assert!(printable_start(engine.encode(t).as_bytes()), "{t}");
            }
        }
    }

    /// The length prefilters of `decode_token` and `decode_base32` skip only what the
    /// decoders refuse anyway: every length they skip fails both engines.
    #[test]
    fn length_prefilters_skip_only_undecodable_lengths() {
        for len in 6..80usize {
            let tok: String =
                "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0NTY3ODkwYWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo"
                    .chars()
                    .cycle()
                    .take(len)
                    .collect();
            if len % 4 == 1 {
                assert!(STANDARD_NO_PAD.decode(&tok).is_err(), "{len}");
                assert!(URL_SAFE_NO_PAD.decode(&tok).is_err(), "{len}");
            }
            let b32: String = "GUYTAMBAGUYTAMBA".chars().cycle().take(len).collect();
            if matches!(len % 8, 1 | 3 | 6) {
                assert!(
                    data_encoding::BASE32_NOPAD.decode(b32.as_bytes()).is_err(),
                    "{len}"
                );
                assert!(
                    data_encoding::BASE32HEX_NOPAD
                        .decode(b32.as_bytes())
                        .is_err(),
                    "{len}"
                );
            }
        }
    }

    #[test]
    fn decodes_tokens() {
        assert_eq!(decoded("it is NTEwMA== ok"), vec!["5100".to_string()]);
        assert_eq!(decoded("b3JkZXJzLTc="), vec!["orders-7".to_string()]);
        assert_eq!(decoded("6f72646572732d37"), vec!["orders-7".to_string()]);
        assert_eq!(decoded("35 31 30 30"), vec!["5100".to_string()]);
        // Octal codes, a two-digit one among them (`55` is `-`).
        assert!(decoded("157 162 55 153 145 163")
            .iter()
            .any(|t| t.contains("or-kes")));
        // Two-digit octal alone is not read as octal.
        assert!(!decoded("55 66 77").iter().any(|t| t.contains('-')));
        assert_eq!(decoded("\\x35\\x31\\x30\\x30"), vec!["5100".to_string()]);
        assert!(backslash("orders-worker-\\x6bestrel").as_deref() == Some("orders-worker-kestrel"));
        assert!(backslash("lag 5\\x3100").as_deref() == Some("lag 5100"));
        assert_eq!(backslash("C:\\x86\\bin"), None);
        for t in [
            "orders-worker-a2VzdHJlbA==",
            "orders-worker-6b65737472656c",
            "orders-worker-0x6b65737472656c",
            "orders-worker-NNSXG5DSMVWA====",
        ] {
            assert!(
                decoded(t).iter().any(|d| d == "kestrel"),
                "{t}: {:?}",
                decoded(t)
            );
        }
        assert!(decoded("commit 3f9a2c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f").is_empty());
        assert!(decoded("the consumer group orders-processor is lagging").is_empty());
        assert_eq!(decoded("%35%31%30%30"), vec!["5100".to_string()]);
        assert_eq!(
            decoded("\\u0035\\u0031\\u0030\\u0030"),
            vec!["5100".to_string()]
        );
        assert_eq!(decoded("=35=31=30=30"), vec!["5100".to_string()]);
        assert_eq!(decoded("35-31-30-30"), vec!["5100".to_string()]);
        assert!(decoded("53 49 48 48").iter().any(|t| t.contains("5100")));
    }
}
