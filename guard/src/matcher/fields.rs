//! A value split over named fields of a structure ([`view`]): a mantissa and an exponent
//! (`{"mantissa": 2.75, "exponent": 3}`, `coefficient: 51` / `power_of_ten: 2`,
//! `{"m": 275, "e": 1}`), read back as the number they make. The view holds one number a
//! line, for the number rules to compare exactly.
//!
//! False-positive controls: the two fields must be within 80 bytes of each other, each key a
//! word of its own followed by `:` or `=` (or, for a key word, a space) and a number; the one-letter keys `m` and `e` count
//! only quoted (`"m":`); the exponent is a whole number from -18 to 18.
//!
//! Cost: a few substring searches for the key words decide most texts.

/// Keys of the mantissa, and whether the key must be quoted.
const MANTISSA: &[(&str, bool)] = &[
    ("mantissa", false),
    ("significand", false),
    ("coefficient", false),
    ("coeff", false),
    ("m", true),
];

/// Keys of the exponent (a power of ten).
const EXPONENT: &[(&str, bool)] = &[
    ("exponent", false),
    ("power_of_ten", false),
    ("power of ten", false),
    ("powerOfTen", false),
    ("exp", false),
    ("exp10", false),
    ("e", true),
];

/// Most bytes between the two fields.
const MAX_APART: usize = 80;

/// The numbers the text's mantissa and exponent fields make, one a line; `None` without any.
pub(crate) fn view(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let any = ["mantissa", "significand", "coefficient", "coeff", "\"m\""]
        .iter()
        .any(|k| memchr::memmem::find(b, k.as_bytes()).is_some());
    if !any {
        return None;
    }
    let ms = fields(s, MANTISSA);
    let es = fields(s, EXPONENT);
    let mut out = String::new();
    for (ma, me, m) in &ms {
        for (ea, ee, e) in &es {
            let apart = if ea >= me {
                ea - me
            } else if ma >= ee {
                ma - ee
            } else {
                continue;
            };
            if apart > MAX_APART {
                continue;
            }
            let Ok(exp) = e.parse::<i32>() else {
                continue;
            };
            if let Some(v) = shifted(m, exp) {
                out.push_str(&v);
                out.push('\n');
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Each field with one of `keys`: (start, end, the number's text).
fn fields<'a>(s: &'a str, keys: &[(&str, bool)]) -> Vec<(usize, usize, &'a str)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    for &(key, quoted) in keys {
        let mut from = 0;
        while let Some(k) = s.get(from..).and_then(|r| r.find(key)) {
            let at = from + k;
            from = at + key.len();
            let before = at.checked_sub(1).and_then(|p| b.get(p)).copied();
            let after = b.get(at + key.len()).copied();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_')
                || after.is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_')
            {
                continue;
            }
            let q = |c: Option<u8>| matches!(c, Some(b'"' | b'\''));
            if quoted && !(q(before) && q(after)) {
                continue;
            }
            // `"key": 2.75`, `key = 3`, `key: -2`.
            let mut p = at + key.len() + usize::from(q(after));
            while matches!(b.get(p), Some(b' ' | b'\t')) {
                p += 1;
            }
            if matches!(b.get(p), Some(b':' | b'=')) {
                p += 1;
            } else if quoted || key.len() < 3 || p == at + key.len() {
                // In prose a key word and a space will do (`mantissa 2.75, exponent 3`).
                continue;
            }
            while matches!(b.get(p), Some(b' ' | b'\t' | b'"' | b'\'')) {
                p += 1;
            }
            let start = p;
            if matches!(b.get(p), Some(b'-' | b'+')) {
                p += 1;
            }
            while b.get(p).is_some_and(|c| c.is_ascii_digit() || *c == b'.') {
                p += 1;
            }
            if let Some(num) = s
                .get(start..p)
                .filter(|n| n.bytes().any(|c| c.is_ascii_digit()))
            {
                out.push((at, p, num));
            }
        }
    }
    out
}

/// `m × 10^exp` written as a decimal (`2.75`, 3 → `2750`), exactly, by moving the point.
fn shifted(m: &str, exp: i32) -> Option<String> {
    if !(-18..=18).contains(&exp) {
        return None;
    }
    let (neg, m) = match m.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, m.strip_prefix('+').unwrap_or(m)),
    };
    let (int, frac) = m.split_once('.').unwrap_or((m, ""));
    if frac.contains('.') {
        return None;
    }
    let digits: String = format!("{int}{frac}");
    let point = i64::try_from(int.len()).ok()? + i64::from(exp);
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    if point <= 0 {
        out.push_str("0.");
        for _ in 0..-point {
            out.push('0');
        }
        out.push_str(&digits);
    } else {
        let p = usize::try_from(point).ok()?;
        if p >= digits.len() {
            out.push_str(&digits);
            for _ in digits.len()..p {
                out.push('0');
            }
        } else {
            out.push_str(digits.get(..p)?);
            out.push('.');
            out.push_str(digits.get(p..)?);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::{shifted, view};

    #[test]
    fn mantissa_and_exponent_fields() {
        let v = |s: &str| view(s).unwrap_or_default();
        assert_eq!(v("{\"mantissa\": 2.75, \"exponent\": 3}"), "2750\n");
        assert_eq!(v("mantissa: 2.75\nexponent: 3"), "2750\n");
        assert_eq!(v("coefficient: 51\npower_of_ten: 2"), "5100\n");
        assert_eq!(v("{\"m\": 275, \"e\": 1}"), "2750\n");
        assert_eq!(v("{\"exponent\": 2, \"mantissa\": 51}"), "5100\n");
        assert_eq!(v("mantissa 5.1, exponent 3"), "5100\n");
        assert_eq!(v("{\"lag\": {\"mantissa\": 51, \"exp10\": 2}}"), "5100\n");
        // Unquoted one-letter keys, another word, fields far apart: nothing.
        assert_eq!(view("m: 275, e: 1"), None);
        assert_eq!(view("{\"mantissa_bits\": 52, \"exponent\": 11}"), None);
    }

    #[test]
    fn shifting_the_point() {
        assert_eq!(shifted("2.75", 3).as_deref(), Some("2750"));
        assert_eq!(shifted("51", 2).as_deref(), Some("5100"));
        assert_eq!(shifted("5100", -2).as_deref(), Some("51.00"));
        assert_eq!(shifted("5.1", -1).as_deref(), Some("0.51"));
        assert_eq!(shifted("1.2.3", 1), None);
    }
}
