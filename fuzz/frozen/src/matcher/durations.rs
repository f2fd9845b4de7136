//! Durations written in several parts (part of `Rules::units`, for targets whose manifest unit
//! is a time): clock notation (`0:00:01.2505`, `1:25.5`), ISO 8601 (`PT1.2505S`, `PT1M25S`)
//! and compound units (`1 s 250.5 ms`, `1m 25s`, `2 hours and 5 minutes`). `units.rs` reads a
//! number followed by one unit; a learner who asks for "hh:mm:ss" or "an ISO duration" gets
//! these instead. This module owns reading them into one written value in the finest unit
//! used, which [`super::units::check`] then compares like any other scaled unit (the same
//! rounding and three-significant-digit rule).
//!
//! # False-positive controls
//!
//! Clock notation needs three parts (`h:mm:ss`) or a fraction of a second (`m:ss.f`): a bare
//! `10:05` is a time of day. Minutes and seconds parts are below 60. A compound needs two or
//! more parts in strictly decreasing units. Only targets with a time unit are compared.
use super::numbers::{alnum_at, alnum_before, at};
use super::targets::{Dec, Written};
use super::units::time_unit;

/// A duration as read: the written value in its finest unit and that unit in seconds.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Duration {
    pub written: Written,
    pub unit_seconds: f64,
}

/// Digits (and a fraction) at `p`: the value as a [`Dec`], its decimals, and the end.
fn decimal(b: &[u8], p: usize) -> Option<(Dec, u32, usize)> {
    let mut q = p;
    let mut mant: u64 = 0;
    while at(b, q).is_ascii_digit() {
        mant = mant
            .checked_mul(10)?
            .checked_add(u64::from(at(b, q) - b'0'))?;
        q += 1;
    }
    if q == p {
        return None;
    }
    let mut decimals = 0u32;
    if matches!(at(b, q), b'.' | b',') && at(b, q + 1).is_ascii_digit() {
        q += 1;
        while at(b, q).is_ascii_digit() {
            mant = mant
                .checked_mul(10)?
                .checked_add(u64::from(at(b, q) - b'0'))?;
            decimals += 1;
            q += 1;
        }
    }
    let exp = -i32::try_from(decimals).ok()?;
    Some((Dec::new(mant, exp), decimals, q))
}

/// Sum `parts` (value, unit in seconds) into the finest unit, keeping the last part's decimals.
fn total(parts: &[(Dec, f64)], decimals: u32) -> Option<Duration> {
    let &(_, finest) = parts.last()?;
    let mut sum = 0f64;
    for (v, unit) in parts {
        sum += v.to_f64() * (unit / finest);
    }
    let value = Dec::from_f64(sum)?;
    let mut sig = 0;
    let mut m = value.mant;
    while m > 0 {
        sig += 1;
        m /= 10;
    }
    Some(Duration {
        written: Written {
            value,
            decimals,
            sig,
            ieee: None,
        },
        unit_seconds: finest,
    })
}

/// Report every multi-part duration in `s`.
pub(crate) fn scan(s: &str, found: &mut dyn FnMut(Duration)) {
    let b = s.as_bytes();
    let mut p = 0;
    while p < b.len() {
        let c = at(b, p);
        let after_sep = p > 0 && matches!(at(b, p - 1), b'.' | b':');
        let boundary = !(alnum_before(s, p) || after_sep);
        if c.is_ascii_digit() && boundary {
            if let Some(e) = clock(s, p, found).or_else(|| compound(s, p, found)) {
                p = e;
                continue;
            }
            while at(b, p).is_ascii_digit() {
                p += 1;
            }
            continue;
        }
        if matches!(c, b'P' | b'p') && boundary {
            if let Some(e) = iso(s, p, found) {
                p = e;
                continue;
            }
        }
        p += 1;
    }
}

/// `h:mm:ss(.f)` or `m:ss.f` at `p`.
fn clock(s: &str, p: usize, found: &mut dyn FnMut(Duration)) -> Option<usize> {
    let b = s.as_bytes();
    let mut ints = [0u64; 3];
    let mut n = 0;
    let mut q = p;
    let last: Option<(Dec, u32)>;
    loop {
        let (v, dec, e) = decimal(b, q)?;
        if n > 0 && e - q - usize::try_from(dec).ok()? - usize::from(dec > 0) != 2 {
            return None;
        }
        if dec > 0 || at(b, e) != b':' || n == 2 {
            last = Some((v, dec));
            q = e;
            break;
        }
        ints[n] = v.to_f64() as u64;
        n += 1;
        q = e + 1;
    }
    let (sec, decimals) = last?;
    if n == 0 || (n == 1 && decimals == 0) || alnum_at(s, q) || at(b, q) == b':' {
        return None;
    }
    if sec.to_f64() >= 60.0 || (n == 2 && ints[1] >= 60) {
        return None;
    }
    let mut parts: Vec<(Dec, f64)> = Vec::with_capacity(3);
    let units: &[f64] = if n == 2 { &[3600.0, 60.0] } else { &[60.0] };
    for (k, unit) in units.iter().enumerate() {
        parts.push((Dec::new(ints[k], 0), *unit));
    }
    parts.push((sec, 1.0));
    found(total(&parts, decimals)?);
    Some(q)
}

/// ISO 8601 `P[nD]T[nH][nM][nS]` at `p` (any case).
fn iso(s: &str, p: usize, found: &mut dyn FnMut(Duration)) -> Option<usize> {
    let b = s.as_bytes();
    let mut q = p + 1;
    let mut parts: Vec<(Dec, f64)> = Vec::new();
    let mut decimals = 0;
    let mut in_time = false;
    loop {
        if !in_time && matches!(at(b, q), b'T' | b't') {
            in_time = true;
            q += 1;
            continue;
        }
        let Some((v, dec, e)) = decimal(b, q) else {
            break;
        };
        let unit = match (in_time, at(b, e).to_ascii_uppercase()) {
            (false, b'D') => 86400.0,
            (false, b'W') => 7.0 * 86400.0,
            (true, b'H') => 3600.0,
            (true, b'M') => 60.0,
            (true, b'S') => 1.0,
            _ => return None,
        };
        if parts.last().is_some_and(|(_, u)| *u <= unit) {
            return None;
        }
        parts.push((v, unit));
        decimals = dec;
        q = e + 1;
    }
    if parts.is_empty() || alnum_at(s, q) {
        return None;
    }
    found(total(&parts, decimals)?);
    Some(q)
}

/// Two or more number-unit parts in decreasing units at `p` (`1 s 250.5 ms`, `1m25s`).
fn compound(s: &str, p: usize, found: &mut dyn FnMut(Duration)) -> Option<usize> {
    let b = s.as_bytes();
    let mut parts: Vec<(Dec, f64)> = Vec::new();
    let mut decimals = 0;
    let mut q = p;
    let mut end = p;
    while parts.len() < 6 {
        let Some((v, dec, e)) = decimal(b, q) else {
            break;
        };
        let mut u = e;
        if at(b, u) == b' ' {
            u += 1;
        }
        let w_end = u + s
            .get(u..)?
            .chars()
            .take_while(|c| c.is_alphabetic())
            .map(char::len_utf8)
            .sum::<usize>();
        let Some(unit) = s.get(u..w_end).and_then(time_unit) else {
            break;
        };
        if w_end == u || parts.last().is_some_and(|(_, last)| *last <= unit) {
            break;
        }
        parts.push((v, unit));
        decimals = dec;
        end = w_end;
        // To the next part: spaces, a comma or `and`.
        let mut r = w_end;
        while matches!(at(b, r), b' ' | b',') && r - w_end < 3 {
            r += 1;
        }
        if s.get(r..r + 4)
            .is_some_and(|x| x.eq_ignore_ascii_case("and "))
        {
            r += 4;
        }
        if !at(b, r).is_ascii_digit() {
            break;
        }
        q = r;
    }
    if parts.len() < 2 {
        return None;
    }
    found(total(&parts, decimals)?);
    Some(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seconds(s: &str) -> Vec<f64> {
        let mut out = Vec::new();
        scan(s, &mut |d| {
            out.push(d.written.value.to_f64() * d.unit_seconds)
        });
        out
    }

    fn near(v: &[f64], x: f64) -> bool {
        v.iter().any(|y| (y - x).abs() < 1e-9 * x.max(1.0))
    }

    #[test]
    fn durations_read() {
        for (s, x) in [
            ("0:00:01.2505", 1.2505),
            ("00:00:01.2505", 1.2505),
            ("1:25.5", 85.5),
            ("PT1.2505S", 1.2505),
            ("pt1.2505s", 1.2505),
            ("PT1M25S", 85.0),
            ("P1DT2H", 93_600.0),
            ("1 s 250.5 ms", 1.2505),
            ("1s 250.5ms", 1.2505),
            ("1m25s", 85.0),
            ("2 hours and 5 minutes", 7500.0),
            ("1 second, 250.5 milliseconds", 1.2505),
        ] {
            assert!(near(&seconds(s), x), "{s}: {:?}", seconds(s));
        }
    }

    #[test]
    fn near_misses() {
        for s in [
            "at 10:05 the lag",
            "12:75:00",
            "1.5 s",
            "PT",
            "api/v1/PT5",
            "5 ms 2 s",
        ] {
            assert!(seconds(s).is_empty(), "{s}: {:?}", seconds(s));
        }
    }
}
