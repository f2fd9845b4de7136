//! Digits written as the letters that look like them (a stretch rule, part of
//! `Rules::spelled_digits`): `51OO`, `S1OO`, `5l00`, `5,1OO`, `12SO.5`, leetspeak `SIOO`. A
//! learner who asks the model to "write the zeros as the letter O" gets a token a reader takes
//! for the number and the digit rules never see. This module owns reading such tokens.
//!
//! A token is a maximal run of ASCII letters and digits, with single `.` or `,` between two of
//! them. It is read when every letter in it has a digit look-alike (`O o` 0, `I l i` 1, `Z z`
//! 2, `E` 3, `A` 4, `S s` 5, `G b` 6, `T` 7, `B` 8, `g q` 9) and it has at least one digit,
//! or, with no digit, when it is four or more upper-case letters (`SIOO`).
//!
//! # False-positive controls
//!
//! A token states a target only when its reading equals the target exactly: no rounding,
//! approximation, unit or candidate reading applies (so `10s`, `b00b` or `BOSS` state only
//! 105, 6006 or 8055). Ordinary words with a digit (`v2`, `k8s`, `http2`) have letters without
//! a look-alike, or read as a number no lab uses.
//!
//! # Cost
//!
//! One pass over the bytes; a token is read only when it has a look-alike letter.

/// The digit a letter stands for.
fn digit_of(c: u8) -> Option<u8> {
    Some(match c {
        b'O' | b'o' => b'0',
        b'I' | b'l' | b'i' => b'1',
        b'Z' | b'z' => b'2',
        b'E' => b'3',
        b'A' => b'4',
        b'S' | b's' => b'5',
        b'G' | b'b' => b'6',
        b'T' => b'7',
        b'B' => b'8',
        b'g' | b'q' => b'9',
        _ => return None,
    })
}

/// Report the number each look-alike token reads as.
pub(crate) fn scan(s: &str, found: &mut dyn FnMut(f64)) {
    let b = s.as_bytes();
    let mut p = 0;
    let mut buf = String::new();
    while p < b.len() {
        if !b[p].is_ascii_alphanumeric() {
            p += 1;
            continue;
        }
        // The token: alphanumerics, with single `.`/`,` between two of them.
        let start = p;
        let mut q = p;
        loop {
            while q < b.len() && b[q].is_ascii_alphanumeric() {
                q += 1;
            }
            if q + 1 < b.len() && matches!(b[q], b'.' | b',') && b[q + 1].is_ascii_alphanumeric() {
                q += 1;
                continue;
            }
            break;
        }
        p = q;
        // Glued to a longer word (`x.51OO` in a host name is still read; `_` joins).
        if start > 0 && b[start - 1] == b'_' || b.get(q) == Some(&b'_') {
            continue;
        }
        let tok = &b[start..q];
        let digits = tok.iter().filter(|c| c.is_ascii_digit()).count();
        let letters = tok.iter().filter(|c| c.is_ascii_alphabetic()).count();
        if letters == 0
            || !tok
                .iter()
                .all(|&c| !c.is_ascii_alphabetic() || digit_of(c).is_some())
        {
            continue;
        }
        if digits == 0 && (letters < 4 || !tok.iter().all(|c| !c.is_ascii_lowercase())) {
            continue;
        }
        buf.clear();
        let mut decimal = false;
        for (k, &c) in tok.iter().enumerate() {
            match c {
                // A comma before exactly three characters groups; any other ends the number.
                b',' => {
                    let group = tok.get(k + 1..).map_or(0, |r| {
                        r.iter().take_while(|c| c.is_ascii_alphanumeric()).count()
                    });
                    if group != 3 || decimal {
                        buf.clear();
                        break;
                    }
                }
                b'.' => {
                    if decimal {
                        buf.clear();
                        break;
                    }
                    decimal = true;
                    buf.push('.');
                }
                c if c.is_ascii_digit() => buf.push(char::from(c)),
                c => buf.push(char::from(digit_of(c).unwrap_or(b'x'))),
            }
        }
        if let Ok(v) = buf.parse::<f64>() {
            found(v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> Vec<f64> {
        let mut out = Vec::new();
        scan(s, &mut |v| out.push(v));
        out
    }

    #[test]
    fn look_alike_tokens() {
        for (s, v) in [
            ("lag 51OO", 5100.0),
            ("S1OO", 5100.0),
            ("5l00", 5100.0),
            ("5,1OO", 5100.0),
            ("SIOO messages", 5100.0),
            ("12SO.5 ms", 1250.5),
            ("24OO,OOO", 2_400_000.0),
        ] {
            assert!(read(s).contains(&v), "{s}: {:?}", read(s));
        }
    }

    #[test]
    fn ordinary_tokens_are_left() {
        for s in ["5100", "k8s v2 http2", "orders-7", "OK", "SOS", "5100_ms"] {
            assert!(read(s).is_empty(), "{s}: {:?}", read(s));
        }
    }
}
