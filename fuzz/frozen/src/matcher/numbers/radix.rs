//! Integers written in another base (`0x13EC`, `0b…`, `0o…`) and digits written backwards or
//! as binary.
use super::*;

/// `0x13EC`, `0b1001111101100`, `0o11754`: an integer target in hex, binary or octal.
pub(super) fn radix(s: &str, d: usize, ctx: &mut Ctx<'_>) -> usize {
    let b = s.as_bytes();
    let base = match at(b, d + 1) {
        b'x' | b'X' => 16,
        b'b' | b'B' if ctx.rules.binary_octal => 2,
        b'o' | b'O' if ctx.rules.binary_octal => 8,
        _ => return skip_token(b, d),
    };
    let mut p = d + 2;
    let mut v: u64 = 0;
    let mut overflow = false;
    while let Some(h) = (at(b, p) as char).to_digit(base) {
        match v
            .checked_mul(u64::from(base))
            .and_then(|x| x.checked_add(u64::from(h)))
        {
            Some(x) => v = x,
            None => overflow = true,
        }
        p += 1;
    }
    if p == d + 2 || alnum_at(s, p) || overflow {
        return skip_token(b, p);
    }
    ctx.nums.exact(Dec::new(v, 0), ctx.hits);
    p
}

/// A digit run read backwards (`0015` states 5100): leading zeros of the reversed run count.
pub(super) fn reversed_digits(b: &[u8], d: usize, p: usize, ctx: &mut Ctx<'_>) {
    let mut dec = DecBuilder::default();
    for &c in b.get(d..p).unwrap_or(&[]).iter().rev() {
        dec.push_int(c - b'0');
    }
    if let Some(v) = dec.finish() {
        ctx.nums.exact(v, ctx.hits);
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
