//! Integers written in another base (`0x13EC`, `0b…`, `0o…`; assembler suffixes `13ECh`,
//! `0ABEh`, `11754o`, `11754q`, `1011…b`; C octal `011754`) and digits written backwards or
//! as binary. Markers the digit scanner does not meet first (`$13EC`, `&H13EC`, `13EC_16`)
//! are `bases.rs`.
use super::*;

/// An assembler suffix on a digit-first token at `d`: `13ECh`, `13ech`, `0ABEh` (hex),
/// `11754o`, `11754q` (octal), `1001111101100b` (binary). Returns the token's end when the
/// token was read as hex with a letter digit (nothing else can read it); `None` otherwise,
/// so a decimal token goes on to the decimal scanner as well.
///
/// Controls: an all-decimal hex token needs four digits or more (`24h`, `168h`, `720h` are
/// durations; `8760h` is read, and states only a target equal to 0x8760), and one whose only
/// letters are `d` is days and hours (`3d4h`, `12d6h`; `3D4h` is lost with them); octal needs four
/// digits, binary eight; the suffix must end the token (`13ECha`, `12bit` are words).
pub(super) fn suffixed(s: &str, d: usize, ctx: &mut Ctx<'_>) -> Option<usize> {
    let b = s.as_bytes();
    let mut p = d;
    let mut letter = false;
    while at(b, p).is_ascii_hexdigit() {
        if p - d > 16 {
            return None;
        }
        letter |= !is_digit(at(b, p));
        p += 1;
    }
    let ends = |q: usize| {
        !alnum_at(s, q)
            && at(b, q) != b'_'
            && !(matches!(at(b, q), b'.' | b',') && at(b, q + 1).is_ascii_alphanumeric())
    };
    let record = |ctx: &mut Ctx<'_>, v: u64| ctx.nums.range(v as f64, v as f64, ctx.hits);
    let tok = b.get(d..p)?;
    // `3d4h`, `12d6h`: days then hours, a duration (its only letter is a `d` between digits).
    let duration = tok
        .iter()
        .all(|c| is_digit(*c) || c.eq_ignore_ascii_case(&b'd'))
        && !tok.first().is_some_and(|c| c.eq_ignore_ascii_case(&b'd'));
    if matches!(at(b, p), b'h' | b'H')
        && ends(p + 1)
        && ((letter && !duration) || (!letter && tok.len() >= 4))
    {
        let v = super::super::bases::digits_in(b, d, 16)
            .filter(|(_, e)| *e == p)?
            .0;
        record(ctx, v);
        return letter.then_some(p + 1);
    }
    if !ctx.rules.binary_octal {
        return None;
    }
    if matches!(at(b, p), b'o' | b'O' | b'q' | b'Q') && ends(p + 1) && !letter && tok.len() >= 4 {
        if let Some((v, e)) = super::super::bases::digits_in(b, d, 8) {
            if e == p {
                record(ctx, v);
            }
        }
        return None;
    }
    // `…b`: the hex scan took the `b` as a digit.
    if let Some((&last, body)) = tok.split_last() {
        if matches!(last, b'b' | b'B')
            && ends(p)
            && body.len() >= 8
            && body.iter().all(|c| matches!(c, b'0' | b'1'))
        {
            if let Some((v, _)) = super::super::bases::digits_in(b, d, 2) {
                record(ctx, v);
            }
        }
    }
    None
}

/// A C octal literal at `d`: `0`, a digit 1-7, then octal digits, five digits or more in all
/// (`011754`, `05276`). Recorded beside the decimal reading, which goes on.
///
/// Controls: a zero-padded id has more than one leading zero (`000123`) and is not read; a
/// file mode has four digits (`chmod 0755`, `0644`) and is too short; a digit 8 or 9, a
/// decimal point or a date, time or version around it (`2026-011754`, `12:01234`,
/// `1.01234`) makes it decimal.
pub(super) fn c_octal(s: &str, d: usize, ctx: &mut Ctx<'_>) {
    let b = s.as_bytes();
    if at(b, d) != b'0' || !matches!(at(b, d + 1), b'1'..=b'7') {
        return;
    }
    if d >= 2 && matches!(at(b, d - 1), b'-' | b':' | b'/' | b'.' | b',') && is_digit(at(b, d - 2))
    {
        return;
    }
    let mut p = d + 1;
    while matches!(at(b, p), b'0'..=b'7') {
        p += 1;
    }
    if p - d < 5 || p - d > 22 {
        return;
    }
    let c = at(b, p);
    if is_digit(c)
        || alnum_at(s, p)
        || c == b'_'
        || (matches!(c, b'-' | b':' | b'/' | b'.' | b',') && is_digit(at(b, p + 1)))
    {
        return;
    }
    if let Some((v, _)) = super::super::bases::digits_in(b, d, 8) {
        ctx.nums.range(v as f64, v as f64, ctx.hits);
    }
}

/// `0x13EC`, `0b1001111101100`, `0o11754`, `0d5100`: an integer target in hex, binary, octal
/// or decimal with a prefix, its digits grouped by `_` or not (`0x13_EC`); and a hex float
/// (`0x1.3ecp+12`, C's `%a`), whose value is exact in binary.
pub(super) fn radix(s: &str, d: usize, ctx: &mut Ctx<'_>) -> usize {
    let b = s.as_bytes();
    let base = match at(b, d + 1) {
        b'x' | b'X' => 16,
        b'b' | b'B' if ctx.rules.binary_octal => 2,
        b'o' | b'O' if ctx.rules.binary_octal => 8,
        // `0d5100`: a decimal prefix some languages and a learner's "with its base" write.
        b'd' | b'D' if is_digit(at(b, d + 2)) => 10,
        _ => return skip_token(b, d),
    };
    let mut p = d + 2;
    let mut v: u64 = 0;
    let mut overflow = false;
    // The value before the first `_`: read as it always was (`0x13EC_a` states 0x13EC).
    let mut before_group: Option<u64> = None;
    loop {
        // `0x13_EC`, `0b1_0011_1110_1100`: a `_` between digits groups them (Rust, Python,
        // Java, C#), as a reader skips it.
        if at(b, p) == b'_' && p > d + 2 && (at(b, p + 1) as char).is_digit(base) {
            if before_group.is_none() && !overflow {
                before_group = Some(v);
            }
            p += 1;
        }
        let Some(h) = (at(b, p) as char).to_digit(base) else {
            break;
        };
        match v
            .checked_mul(u64::from(base))
            .and_then(|x| x.checked_add(u64::from(h)))
        {
            Some(x) => v = x,
            None => overflow = true,
        }
        p += 1;
    }
    if let Some(g) = before_group {
        ctx.nums.exact(Dec::new(g, 0), ctx.hits);
    }
    if base == 16 && at(b, p) == b'.' && p > d + 2 && !overflow {
        if let Some((value, end)) = hex_float(s, v, p) {
            ctx.nums.exact(Dec::new(value, 0), ctx.hits);
            return end;
        }
    }
    if p == d + 2 || alnum_at(s, p) || overflow {
        return skip_token(b, p);
    }
    ctx.nums.exact(Dec::new(v, 0), ctx.hits);
    p
}

/// The fraction and binary exponent of a hex float after its integer part `int` (`.3ecp+12`
/// at `dot`): its value when it is a whole number, and the literal's end.
fn hex_float(s: &str, int: u64, dot: usize) -> Option<(u64, usize)> {
    let b = s.as_bytes();
    let mut q = dot + 1;
    let mut m = int;
    let mut bits: i32 = 0;
    while let Some(h) = (at(b, q) as char).to_digit(16) {
        m = m.checked_mul(16)?.checked_add(u64::from(h))?;
        bits += 4;
        q += 1;
    }
    if !matches!(at(b, q), b'p' | b'P') {
        return None;
    }
    let (x, end) = super::around::exp_digits(b, q + 1)?;
    if alnum_at(s, end) {
        return None;
    }
    let shift = x - bits;
    let value = if shift >= 0 {
        m.checked_mul(1u64.checked_shl(u32::try_from(shift).ok()?)?)?
    } else {
        let div = 1u64.checked_shl(u32::try_from(-shift).ok()?)?;
        if !m.is_multiple_of(div) {
            return None;
        }
        m / div
    };
    Some((value, end))
}

/// A digit run read backwards (`0015` states 5100): leading zeros of the reversed run count.
pub(super) fn reversed_digits(b: &[u8], d: usize, p: usize, ctx: &mut Ctx<'_>) {
    let mut dec = DecBuilder::default();
    for &c in b.get(d..p).unwrap_or(&[]).iter().rev() {
        dec.push_int(c - b'0');
    }
    if let Some(v) = dec.finish() {
        ctx.nums.exact_reversed(v, ctx.hits);
    }
}

/// A run of eight or more 0s and 1s read as binary.
pub(super) fn binary_digits(b: &[u8], d: usize, p: usize, ctx: &mut Ctx<'_>) {
    let run = b.get(d..p).unwrap_or(&[]);
    if run.len() > 63 || !run.iter().all(|c| matches!(c, b'0' | b'1')) {
        return;
    }
    let v = run.iter().fold(0u64, |v, c| (v << 1) | u64::from(c - b'0'));
    ctx.nums.exact(Dec::new(v, 0), ctx.hits);
}

#[cfg(test)]
mod tests {
    use crate::manifest::TargetValue;
    use crate::matcher::{GuardedValue, Matcher};

    fn states(text: &str, v: f64) -> bool {
        Matcher::compile(&[GuardedValue::new("t", TargetValue::Number(v))]).is_match(text)
    }

    #[test]
    fn suffixes_and_c_octal() {
        for (text, v) in [
            ("13ECh", 5100.0),
            ("0ABEh", 2750.0),
            ("1100h", 4352.0),
            ("11754o", 5100.0),
            ("11754Q", 5100.0),
            ("1001111101100b", 5100.0),
            ("011754", 5100.0),
            ("x = 05276;", 2750.0),
            ("lag = 0x13_EC", 5100.0),
            ("0b1_0011_1110_1100", 5100.0),
            ("0o11_754", 5100.0),
        ] {
            assert!(states(text, v), "{text}");
        }
        for (text, v) in [
            ("24h", 36.0),
            ("restarts 12 (3d4h ago)", 980.0),
            ("720h", 1824.0),
            ("13ECha", 5100.0),
            ("0x13__EC", 5100.0),
            ("chmod 0755", 493.0),
            ("id 000123", 83.0),
            ("12:01234", 668.0),
            ("1.01234", 668.0),
            ("011784", 5100.0),
        ] {
            assert!(!states(text, v), "{text}");
        }
    }

    #[test]
    fn descending_pairs_with_a_one_digit_end_are_differences() {
        assert!(states("5101-1", 5100.0));
        assert!(states("lag 2751-1 now", 2750.0));
        for text in [
            "5200-100",
            "4000-5101",
            "2026-03",
            "ip-10-5101-1",
            "5101-1.5",
            "5101-1a",
        ] {
            assert!(!states(text, 5100.0), "{text}");
        }
    }
}
