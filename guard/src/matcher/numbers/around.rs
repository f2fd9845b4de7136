//! What stands around a number: an approximation word before it, and after it a scale (`k`,
//! `thousand`), an exponent (`e3`, `× 10^3`), a unit word, or letters that glue it into a
//! longer token.
use super::*;

/// Words that make the number after them an approximation.
pub(super) const APPROX_WORDS: &[&str] = &[
    "about",
    "around",
    "roughly",
    "approximately",
    "approx",
    "nearly",
    "almost",
    "circa",
    "ca",
];

/// Is the token starting at `p` introduced by `about`, `roughly`, `~`, `≈` and the like?
pub(crate) fn approx_before(s: &str, p: usize) -> bool {
    let b = s.as_bytes();
    if p == 0 || !matches!(at(b, p - 1), b' ' | b'*' | b'_' | b'`' | b'(' | b'~' | 0x88) {
        return false;
    }
    let mut q = p;
    let mut skipped = 0;
    while q > 0 && skipped < 4 && matches!(at(b, q - 1), b' ' | b'*' | b'_' | b'`' | b'(') {
        q -= 1;
        skipped += 1;
    }
    if q == 0 {
        return false;
    }
    if at(b, q - 1) == b'~' || s.get(..q).is_some_and(|h| h.ends_with('\u{2248}')) {
        return true;
    }
    if at(b, q - 1) == b'.' {
        q -= 1;
    }
    let end = q;
    while q > 0 && at(b, q - 1).is_ascii_alphabetic() && end - q < 14 {
        q -= 1;
    }
    if q == end || (q > 0 && at(b, q - 1).is_ascii_alphanumeric()) {
        return false;
    }
    let Some(word) = s.get(q..end) else {
        return false;
    };
    APPROX_WORDS.iter().any(|w| w.eq_ignore_ascii_case(word))
}

/// Is `w` one of [`UNITS`] (any case)? No unit is longer than four letters.
#[inline]
/// Letters glued after a number that end it rather than glue it into a longer token: a unit,
/// a counted thing (`5100msgs`), or a shrug (`5100ish`).
pub(super) fn ends_number(w: &str) -> bool {
    is_unit(w) || super::super::units::count_word(w) || w.eq_ignore_ascii_case("ish")
}

pub(super) fn is_unit(w: &str) -> bool {
    if w.is_empty() || w.len() > 4 {
        return false;
    }
    // Lowercase into a fixed buffer and compare with one `match` instead of 36 comparisons.
    let mut buf = [0u8; 4];
    for (d, c) in buf.iter_mut().zip(w.bytes()) {
        *d = c.to_ascii_lowercase();
    }
    let lower = buf.get(..w.len()).unwrap_or(&[]);
    let found = matches!(
        lower,
        b"ms"
            | b"s"
            | b"sec"
            | b"secs"
            | b"m"
            | b"min"
            | b"mins"
            | b"h"
            | b"hr"
            | b"hrs"
            | b"d"
            | b"us"
            | b"ns"
            | b"b"
            | b"kb"
            | b"mb"
            | b"gb"
            | b"tb"
            | b"kib"
            | b"mib"
            | b"gib"
            | b"tib"
            | b"ki"
            | b"mi"
            | b"gi"
            | b"rps"
            | b"qps"
            | b"tps"
            | b"x"
            | b"st"
            | b"nd"
            | b"rd"
            | b"th"
            | b"px"
            | b"req"
            | b"msgs"
    );
    debug_assert_eq!(found, UNITS.iter().any(|u| u.eq_ignore_ascii_case(w)));
    found
}

/// Unit suffixes that end a number as well as a space would (`5100ms`, `5100MiB`, `5100x`).
/// Anything else glued to digits (`5100abc`) makes the run part of a longer token.
pub(super) const UNITS: &[&str] = &[
    "ms", "s", "sec", "secs", "m", "min", "mins", "h", "hr", "hrs", "d", "us", "ns", "b", "kb",
    "mb", "gb", "tb", "kib", "mib", "gib", "tib", "ki", "mi", "gi", "rps", "qps", "tps", "x", "st",
    "nd", "rd", "th", "px", "req", "msgs",
];

/// Scale suffixes after a number, and whether a space may come between (`5.1 K`, not `5 B`).
pub(super) fn scale_suffix(word: &str, spaced: bool) -> Option<i32> {
    let w = word;
    // Scale words of other languages and number systems (`5,1 Tausend`, `2,4 Mio`, `24 lakh`).
    if (3..=10).contains(&w.len()) {
        let l = w.to_ascii_lowercase();
        let x = match l.as_str() {
            "tsd" | "tausend" | "mille" | "mila" | "mil" => Some(3),
            "mio" | "mln" | "millionen" | "millones" | "milioni" | "millions" => Some(6),
            "mrd" | "milliarden" | "billions" => Some(9),
            "lakh" | "lac" | "lakhs" => Some(5),
            "crore" | "crores" => Some(7),
            _ => None,
        };
        if x.is_some() {
            return x;
        }
    }
    // Every scale below is 1, 2, 7, 8 or 9 letters long: most words are rejected here.
    if !matches!(w.len(), 1 | 2 | 7 | 8 | 9) {
        return None;
    }
    // Plural scale words (`5 thousands`) scale the same.
    let w = match w.len() {
        8 | 9 if w.ends_with(['s', 'S']) => w.get(..w.len() - 1).unwrap_or(w),
        _ => w,
    };
    let exp = match w {
        "k" | "K" => 3,
        "M" => 6,
        "B" if !spaced => 9,
        "bn" | "Bn" | "BN" => 9,
        "mn" | "Mn" => 6,
        _ => {
            if w.eq_ignore_ascii_case("thousand") {
                3
            } else if w.eq_ignore_ascii_case("million") {
                6
            } else if w.eq_ignore_ascii_case("billion") {
                9
            } else if w.eq_ignore_ascii_case("trillion") {
                12
            } else if w.eq_ignore_ascii_case("hundred") {
                2
            } else {
                return None;
            }
        }
    };
    Some(exp)
}

/// A scale glued to a counted thing (`5.1Kmsg`, `2.75kmessages`, `5.1thousandrecords`): the
/// scale as [`scale_suffix`] reads it, when the letters after it are a count word. Units of
/// measure stay out (`5.1kB` is 5.1 kilobytes, read by the unit families, not 5,100).
pub(super) fn scaled_count(w: &str, spaced: bool) -> Option<i32> {
    if w.len() < 3 {
        return None;
    }
    [1, 7, 8, 9].into_iter().find_map(|k| {
        let (scale, rest) = (w.get(..k)?, w.get(k..)?);
        let x = scale_suffix(scale, spaced)?;
        super::super::units::count_word(rest).then_some(x)
    })
}

/// Words that make an arithmetic operator (`5000 plus 100`).
pub(super) fn is_operator_word(w: &str) -> bool {
    ["plus", "minus", "times", "multiplied", "divided"]
        .iter()
        .any(|o| o.eq_ignore_ascii_case(w))
}

/// ASCII letters starting at `p`, and the position after them.
pub(super) fn letters(s: &str, p: usize) -> (&str, usize) {
    let b = s.as_bytes();
    let mut q = p;
    while at(b, q).is_ascii_alphabetic() && q - p < 16 {
        q += 1;
    }
    (s.get(p..q).unwrap_or(""), q)
}

/// What follows a number's last digit.
pub(super) enum After {
    /// Nothing glued on: the number stands alone.
    Free,
    /// A scale (`k`, `thousand`): the value is the mantissa times 10^exp.
    Scale(i32),
    /// An exponent (`e3`, `× 10^3`): exact value mantissa × 10^exp.
    Exp(i32),
    /// Part of a longer token: read nothing.
    Glued,
}

pub(super) fn after_number(s: &str, e: usize, rules: &Rules) -> (After, usize) {
    let b = s.as_bytes();
    let c = at(b, e);
    // Fast path: most numbers end at punctuation or a space before a plain word.
    let next = at(b, e + 1);
    let quiet = match c {
        0 | b'\n' | b'\r' | b'\t' | b')' | b']' | b'}' | b';' | b':' | b'"' | b'%' | b'|'
        | b'=' | b'<' | b'>' | b'!' | b'?' | b'#' | b'@' | b'&' | b',' | b'.' | b'\'' | b'-' => {
            true
        }
        // `5.1 E 3`, `5.1 d3`: a spaced or Fortran exponent is read below.
        b' ' if matches!(next, b'e' | b'E' | b'd' | b'D')
            && matches!(at(b, e + 2), b' ' | b'+' | b'-' | b'0'..=b'9') =>
        {
            false
        }
        b' ' => {
            !(matches!(
                next,
                b'k' | b'K'
                    | b'M'
                    | b'B'
                    | b'b'
                    | b'm'
                    | b't'
                    | b'T'
                    | b'h'
                    | b'H'
                    | b'x'
                    | b'X'
                    | b'*'
            ) || next >= 0x80)
        }
        _ => false,
    };
    if quiet {
        return (After::Free, e);
    }
    if rules.scientific {
        if let Some((x, end)) = exponent(s, e) {
            return (After::Exp(x), end);
        }
    }
    if rules.abbreviations {
        let (spaced, p) = if c == b' ' { (true, e + 1) } else { (false, e) };
        let (w, q) = letters(s, p);
        if !w.is_empty() && !alnum_at(s, q) {
            if let Some(x) = scale_suffix(w, spaced) {
                return (After::Scale(x), q);
            }
            if let Some(x) = scaled_count(w, spaced).filter(|_| at(b, q) != b'_') {
                return (After::Scale(x), q);
            }
        }
    }
    if let Some(q) = literal_suffix(s, e) {
        return (After::Free, q);
    }
    if c.is_ascii_alphabetic() {
        let (w, q) = letters(s, e);
        let unit = ends_number(w);
        if unit && !alnum_at(s, q) && at(b, q) != b'_' {
            return (After::Free, q);
        }
        return (After::Glued, e);
    }
    if c >= 0x80 {
        if let Some(ch) = char_at(s, e) {
            if ch == '\u{00B5}' || ch == '\u{03BC}' {
                // µs
                let (w, q) = letters(s, e + ch.len_utf8());
                if w == "s" && !alnum_at(s, q) {
                    return (After::Free, q);
                }
            }
            if super::alnum(Some(ch)) {
                return (After::Glued, e);
            }
        }
    }
    if c == b'_' && alnum_at(s, e + 1) {
        return (After::Glued, e);
    }
    (After::Free, e)
}

/// The end of a programming-language type suffix on a number literal (`5100L`, `5100UL`,
/// `5100n`, `5100u64`, `5_100_i32`, `51.0f32`), which ends the number as a unit does: a
/// learner who asks for "the value as a Java long" gets `5100L`. `None` when the letters
/// after `e` are not one, or run on into a longer word (`5100lbs` is no literal).
pub(super) fn literal_suffix(s: &str, e: usize) -> Option<usize> {
    let b = s.as_bytes();
    let p = if at(b, e) == b'_' { e + 1 } else { e };
    let (w, mut q) = letters(s, p);
    let sized = matches!(w, "u" | "i" | "f") && is_digit(at(b, q));
    if sized {
        let d = q;
        while is_digit(at(b, q)) && q - d < 3 {
            q += 1;
        }
        let bits = s.get(d..q).unwrap_or("");
        let ok = match w {
            "f" => matches!(bits, "32" | "64"),
            _ => matches!(bits, "8" | "16" | "32" | "64" | "128"),
        };
        if !ok {
            return None;
        }
    } else if !matches!(
        w,
        "L" | "l"
            | "LL"
            | "ll"
            | "U"
            | "u"
            | "UL"
            | "ul"
            | "uL"
            | "LU"
            | "ULL"
            | "ull"
            | "LLU"
            | "n"
            | "f"
            | "F"
            | "D"
            | "M"
            | "usize"
            | "isize"
    ) {
        return None;
    }
    if alnum_at(s, q) || at(b, q) == b'_' {
        return None;
    }
    Some(q)
}

/// Does the number ending at `e` have a decimal point (`5.1`, `27.50`)?
fn decimal_mantissa(b: &[u8], e: usize) -> bool {
    let mut p = e;
    while p > 0 && is_digit(at(b, p - 1)) {
        p -= 1;
    }
    p < e && p >= 2 && at(b, p - 1) == b'.' && is_digit(at(b, p - 2))
}

/// Skip at most `max` spaces.
pub(super) fn spaces(b: &[u8], mut p: usize, max: usize) -> usize {
    let start = p;
    while at(b, p) == b' ' && p - start < max {
        p += 1;
    }
    p
}

/// Exponent digits with an optional sign: returns (exponent, end).
pub(super) fn exp_digits(b: &[u8], mut p: usize) -> Option<(i32, usize)> {
    let mut neg = false;
    if at(b, p) == b'+' || at(b, p) == b'-' {
        neg = at(b, p) == b'-';
        p += 1;
    }
    let start = p;
    let mut x: i32 = 0;
    while is_digit(at(b, p)) && p - start < 3 {
        x = x * 10 + i32::from(at(b, p) - b'0');
        p += 1;
    }
    if p == start || is_digit(at(b, p)) {
        return None;
    }
    Some((if neg { -x } else { x }, p))
}

/// `e3`, `E+3`, `× 10^3`, `x10^3`, `* 10**3`, `·10^3` after a mantissa ending at `e`; after
/// a mantissa with a decimal point also Fortran's `d3`/`D+03` and an exponent set off by
/// spaces (`5.1 E 3`, `5.1E 3`), which a whole number before (`5 e 3`, `3 d 4`) never takes.
pub(super) fn exponent(s: &str, e: usize) -> Option<(i32, usize)> {
    let b = s.as_bytes();
    if matches!(at(b, e), b'e' | b'E') {
        if let Some((x, end)) = exp_digits(b, e + 1) {
            if alnum_at(s, end) {
                return None;
            }
            return Some((x, end));
        }
    }
    if decimal_mantissa(b, e) {
        let p = spaces(b, e, 1);
        let c = at(b, p);
        if matches!(c, b'e' | b'E' | b'd' | b'D') {
            let q = spaces(b, p + 1, 1);
            // Glued `e3` was read above: here a space or a `d` marks the exponent.
            if p > e || q > p + 1 || matches!(c, b'd' | b'D') {
                if let Some((x, end)) = exp_digits(b, q) {
                    if !alnum_at(s, end) {
                        return Some((x, end));
                    }
                }
            }
        }
    }
    let p = spaces(b, e, 1);
    // First bytes of the operators below (`×` C3 97, `·` C2 B7, `⋅` E2 8B 85).
    if !matches!(at(b, p), 0xC2 | 0xC3 | 0xE2 | b'*' | b'x' | b'X') {
        return None;
    }
    let rest = s.get(p..)?;
    let op_len = ['\u{00D7}', '\u{00B7}', '\u{22C5}', '*', 'x', 'X']
        .iter()
        .find(|op| rest.starts_with(**op))
        .map(|op| op.len_utf8())?;
    let p = spaces(b, p + op_len, 1);
    if !(at(b, p) == b'1' && at(b, p + 1) == b'0') {
        return None;
    }
    let p = spaces(b, p + 2, 1);
    let p = if at(b, p) == b'^' {
        p + 1
    } else if at(b, p) == b'*' && at(b, p + 1) == b'*' {
        p + 2
    } else {
        return None;
    };
    let (x, end) = exp_digits(b, p)?;
    if alnum_at(s, end) {
        return None;
    }
    Some((x, end))
}
