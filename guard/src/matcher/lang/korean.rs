//! Sino-Korean numerals in Hangul (`오천백` 5100, `이천칠백오십` 2750, `오천 백`), ASCII digits
//! mixed with Korean units (`5천1백`, `5천 100`, `2천750`, `240만`), read by the CJK positional
//! reader ([`positional`]): the same units (`십` 10, `백` 100, `천` 1000) and myriads (`만`
//! 10^4, `억` 10^8, `조` 10^12). NFKD hands hangul over as conjoining jamo, so each syllable is
//! composed back here (precomposed syllables are read too).
//!
//! Korean glues particles and counters to a number (`오천백개`, `오천백이`), and its digit
//! syllables are common syllables of other words (`이` "this", `사` "company"), so: a run
//! starts only at a word start; it must hold a unit (never digit by digit); a following word
//! joins it only when it is all numeral syllables or begins with two (`오천 백`, not `이
//! 백화점`); a run ending in a glued `이` (the subject particle) is also read without it.
use super::cjk::{positional, C};
use super::Out;

/// Tokens per run.
const MAX_KO: usize = 64;

/// The Hangul syllable at the start of `s`, precomposed or as conjoining jamo (leading
/// consonant, vowel, optional final consonant), and its length in bytes.
fn syllable(s: &str) -> Option<(char, usize)> {
    let mut it = s.chars();
    let c = it.next()?;
    if ('\u{AC00}'..='\u{D7A3}').contains(&c) {
        return Some((c, c.len_utf8()));
    }
    let l = (c as u32).checked_sub(0x1100).filter(|&l| l < 19)?;
    let v = it
        .next()
        .and_then(|v| (v as u32).checked_sub(0x1161))
        .filter(|&v| v < 21)?;
    let (t, len) = match it.next().map(|t| t as u32) {
        Some(t @ 0x11A8..=0x11C2) => (t - 0x11A7, 9),
        _ => (0, 6),
    };
    char::from_u32(0xAC00 + (l * 21 + v) * 28 + t).map(|c| (c, len))
}

fn numeral(c: char) -> Option<C> {
    Some(match c {
        '일' => C::Digit(1, true),
        '이' => C::Digit(2, true),
        '삼' => C::Digit(3, true),
        '사' => C::Digit(4, true),
        '오' => C::Digit(5, true),
        '육' | '륙' => C::Digit(6, true),
        '칠' => C::Digit(7, true),
        '팔' => C::Digit(8, true),
        '구' => C::Digit(9, true),
        '십' => C::Unit(10.0),
        '백' => C::Unit(100.0),
        '천' => C::Unit(1000.0),
        '만' => C::Big(1e4),
        '억' => C::Big(1e8),
        '조' => C::Big(1e12),
        _ => return None,
    })
}

fn is_hangul(c: char) -> bool {
    matches!(c, '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}' | '\u{A960}'..='\u{A97F}'
        | '\u{AC00}'..='\u{D7FF}')
}

/// Whether the text may hold Hangul: jamo (lead byte E1) or syllables (EA..=ED).
pub(super) fn has_hangul(b: &[u8]) -> bool {
    memchr::memchr3(0xE1, 0xEA, 0xEB, b).is_some() || memchr::memchr2(0xEC, 0xED, b).is_some()
}

pub(super) fn scan_korean(text: &str, out: &mut Out) {
    let b = text.as_bytes();
    let mut i = 0;
    // Where a run of ASCII digits standing at a word start began (`5천`), if one ends at `i`.
    let mut digits: Option<usize> = None;
    // The previous character glues (a letter, or a digit not starting a word).
    let mut glued = false;
    while let Some(&byte) = b.get(i) {
        if byte.is_ascii() {
            let d = byte.is_ascii_digit();
            // A decimal point inside the digits (`5.1천`): the run reader takes one.
            let point = byte == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit);
            digits = match digits {
                Some(s) if d || point => Some(s),
                None if d && !glued => Some(i),
                _ => None,
            };
            glued = byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'.' | b',');
            i += 1;
            continue;
        }
        let Some(rest) = text.get(i..) else { break };
        if let Some((syl, len)) = syllable(rest) {
            if numeral(syl).is_some() && (!glued || digits.is_some()) {
                i = read_run(text, digits.unwrap_or(i), out).max(i + len);
                // The run ends at a non-numeral: whatever follows is glued to it.
                glued = true;
                digits = None;
                continue;
            }
            i += len;
            glued = true;
            digits = None;
            continue;
        }
        let c = rest.chars().next().unwrap_or(' ');
        glued = c.is_alphanumeric();
        digits = None;
        i += c.len_utf8();
    }
}

/// How many numeral syllables begin `s`, and whether the word ends after them.
fn lead_numerals(s: &str) -> (usize, bool) {
    let mut k = 0;
    let mut p = 0;
    while let Some((c, len)) = s.get(p..).and_then(syllable) {
        if numeral(c).is_none() {
            return (k, false);
        }
        k += 1;
        p += len;
    }
    let ends = s
        .get(p..)
        .and_then(|r| r.chars().next())
        .is_none_or(|c| !c.is_alphanumeric() && !is_hangul(c));
    (k, ends)
}

/// Read the run starting at `s`, report its numbers, return where it ends.
fn read_run(text: &str, s: usize, out: &mut Out) -> usize {
    let mut toks = [C::Zero; MAX_KO];
    let mut n = 0;
    let mut p = s;
    let mut last_i = false;
    while n < MAX_KO {
        let Some(rest) = text.get(p..) else { break };
        let bytes = rest.as_bytes();
        if bytes.first().is_some_and(u8::is_ascii_digit) {
            let mut e = 0;
            let mut dot = false;
            while let Some(&d) = bytes.get(e) {
                let next_digit = bytes.get(e + 1).is_some_and(u8::is_ascii_digit);
                if d.is_ascii_digit() || (d == b'.' && !dot && next_digit) {
                    dot |= d == b'.';
                    e += 1;
                } else {
                    break;
                }
            }
            match rest
                .get(..e)
                .filter(|t| t.len() <= 16)
                .map(str::parse::<f64>)
            {
                Some(Ok(v)) => toks[n] = C::Ascii(v),
                _ => break,
            }
            n += 1;
            p += e;
            last_i = false;
            continue;
        }
        if let Some((c, len)) = syllable(rest) {
            let Some(t) = numeral(c) else { break };
            toks[n] = t;
            n += 1;
            p += len;
            last_i = c == '이';
            continue;
        }
        // One space, then a word that is a number, or digits after a unit (`5천 100`).
        let Some(next) = rest.strip_prefix(' ') else {
            break;
        };
        let after_unit = n > 0 && matches!(toks[n - 1], C::Unit(_) | C::Big(_));
        let joins = if next.as_bytes().first().is_some_and(u8::is_ascii_digit) {
            after_unit
        } else {
            let (k, ends) = lead_numerals(next);
            k >= 2 || (k == 1 && ends)
        };
        if !joins {
            break;
        }
        p += 1;
    }
    let toks = toks.get(..n).unwrap_or(&[]);
    if toks.iter().any(|t| matches!(t, C::Unit(_) | C::Big(_))) {
        positional(toks, false, out);
        if last_i {
            positional(toks.get(..n - 1).unwrap_or(&[]), false, out);
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::super::tests::{check_table, vals};
    use crate::matcher::normalize::normalize;

    #[test]
    fn korean() {
        let table: Vec<(String, f64)> = [
            ("오천백", 5100.0),
            ("오천 백", 5100.0),
            ("오천일백", 5100.0),
            ("이천칠백오십", 2750.0),
            ("5천1백", 5100.0),
            ("5천 100", 5100.0),
            ("2천750", 2750.0),
            ("240만", 2_400_000.0),
            ("이백사십만", 2_400_000.0),
            ("천이백오십", 1250.0),
            ("지연은 오천백 개입니다", 5100.0),
            ("오천백개", 5100.0),
            ("5.1천", 5100.0),
            ("27.5백 개", 2750.0),
        ]
        .iter()
        .map(|&(s, v)| (normalize(s).into_owned(), v))
        .collect();
        let table: Vec<(&str, f64)> = table.iter().map(|(s, v)| (s.as_str(), *v)).collect();
        check_table(&table);
        // Precomposed syllables (unnormalised) read the same.
        assert!(vals("오천백").contains(&5100.0));
        assert_eq!(vals(&normalize("오천이백")), vec![5200.0]);
        // A glued `이` may be the particle: both readings.
        assert_eq!(vals(&normalize("오천백이 넘는다")), vec![5102.0, 5100.0]);
        assert_eq!(vals(&normalize("오천칠")), vec![5007.0]);
        for s in [
            "이 백화점",
            "사이",
            "이상",
            "천천히",
            "만약",
            "회사이백",
            "안녕하세요, 오늘 날씨가 좋네요",
            "구십",
            "오백원v2",
        ] {
            let n = normalize(s);
            let got: Vec<f64> = vals(&n).into_iter().filter(|&v| v != 500.0).collect();
            assert_eq!(got, Vec::<f64>::new(), "{s:?}");
        }
    }
}
