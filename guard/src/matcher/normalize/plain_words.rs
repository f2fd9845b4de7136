//! Number words in disguise read as plain words ([`plain_words`]): three disguises a reader
//! sees through at a glance, undone in one pass for one reading beside the normalised text.
//! - Look-alike letters from another script inside a Latin word (`fivе` with a Cyrillic `е`,
//!   `twο` with a Greek `ο`): each such letter as its UTS #39 skeleton when that is one ASCII
//!   letter. Normalising keeps them (a Cyrillic word is a word), so `fivе` is no number word
//!   there.
//! - Emphasis and escape markers inside a word (`fi**ve**`, `thou*sand*`, `fi__ve__`,
//!   `thou\sand`), dropped.
//! - Symbols joining number words (`five·thousand·one·hundred`, `two.thousand`, `five→one`,
//!   `five★thousand`), read as spaces: only between two number words.
//! - Beside them, [`digit_lookalikes`]: a digit's look-alike from another script inside a
//!   number (`5ᛁ00`, `51ଠଠ`), read as the digit.
//!
//! False-positive controls: a look-alike is replaced only in a word that also holds a Latin
//! letter, or in a word whose every letter has a Latin look-alike inside a text with Latin
//! words (Russian prose keeps its letters); a marker is dropped only with a letter on one
//! side; a joining symbol only between number words (`one.two` in a domain stays). The
//! reading is returned only when it differs from the text.
//!
//! Cost: texts without a non-ASCII letter, a marker beside a letter, or a symbol between
//! letters are settled by byte tests; the reading is one pass.
use crate::matcher::words::{TEENS, TENS, UNITS};

/// Number words a symbol may join (`five·thousand`), besides units, teens and tens.
const JOINABLE: &[&str] = &[
    "hundred", "thousand", "million", "and", "oh", "double", "triple", "grand",
];

fn is_number_word(w: &str) -> bool {
    (2..=9).contains(&w.len())
        && UNITS
            .iter()
            .chain(TEENS.iter())
            .chain(TENS.iter())
            .chain(JOINABLE.iter())
            .any(|x| x.eq_ignore_ascii_case(w))
}

/// The ASCII letter a letter of another script looks like (`е` → `e`, `ο` → `o`), if any.
fn lookalike(c: char) -> Option<char> {
    if c.is_ascii() || !c.is_alphabetic() {
        return None;
    }
    let mut buf = [0u8; 4];
    let mut sk = unicode_security::skeleton(c.encode_utf8(&mut buf));
    let first = match (sk.next(), sk.next()) {
        (Some(f), None) if f.is_ascii_alphabetic() => f,
        // Small capitals and other phonetic letters (`ᴛʜᴏᴜsᴀɴᴅ`), which have no skeleton
        // in ASCII: their names say which Latin letter they are.
        _ if matches!(u32::from(c), 0x250..=0x2AF | 0x1D00..=0x1DBF) => {
            let d = deunicode::deunicode_char(c)?;
            let mut it = d.chars();
            match (it.next(), it.next()) {
                (Some(f), None) if f.is_ascii_alphabetic() => f,
                _ => return None,
            }
        }
        _ => return None,
    };
    Some(first.to_ascii_lowercase()).map(|l| {
        if c.is_uppercase() {
            l.to_ascii_uppercase()
        } else {
            l
        }
    })
}

/// Is `c` a marker that can sit inside a word?
fn marker(c: char) -> bool {
    matches!(c, '*' | '_' | '`' | '\\')
}

/// Could the letters pass change `text`? A byte test: a lead byte of the blocks with Latin
/// look-alikes (IPA and spacing letters U+0250–U+02FF, Greek, Cyrillic and Armenian
/// U+0370–U+058F: `0xC9`–`0xD6`; phonetic extensions U+1D00–U+1DBF: `E1 B4`–`E1 B6`), or a
/// marker beside a letter.
fn may_change(text: &str) -> bool {
    let b = text.as_bytes();
    let lookalikes = !text.is_ascii()
        && (memchr::memchr_iter(0xE1, b).any(|i| matches!(b.get(i + 1), Some(0xB4..=0xB6)))
            || b.iter().any(|c| (0xC9..=0xD6).contains(c)));
    lookalikes
        || memchr::memchr3_iter(b'*', b'`', b'\\', b).any(|i| {
            i.checked_sub(1)
                .and_then(|p| b.get(p))
                .is_some_and(u8::is_ascii_alphabetic)
                || b.get(i + 1).is_some_and(u8::is_ascii_alphabetic)
        })
        || memchr::memmem::find(b, b"__").is_some()
}

/// The text with look-alike letters as Latin, markers inside words dropped and symbols
/// between number words as spaces; `None` when none of that is there.
pub(crate) fn plain_words(text: &str) -> Option<String> {
    let letters = if may_change(text) {
        letters_pass(text)
    } else {
        None
    };
    let base = letters.as_deref().unwrap_or(text);
    joined(base).or(letters).filter(|v| v != text)
}

/// Pass 1: words (letters, with markers inside) with their look-alikes replaced and their
/// markers dropped.
fn letters_pass(text: &str) -> Option<String> {
    let latin_text = text.bytes().any(|c| c.is_ascii_alphabetic());
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<char> = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars.get(i).copied().unwrap_or(' ');
        if !c.is_alphabetic() {
            out.push(c);
            i += 1;
            continue;
        }
        // A word: letters and markers between letters (`fi**ve**`), plus trailing markers.
        let start = i;
        let mut end = i;
        while end < chars.len() {
            let d = chars.get(end).copied().unwrap_or(' ');
            if d.is_alphabetic() {
                end += 1;
            } else if marker(d) {
                let mut k = end;
                while chars.get(k).is_some_and(|x| marker(*x)) {
                    k += 1;
                }
                // One `_` is a snake-case joint (`orders_worker`), not emphasis.
                if k == end + 1 && d == '_' {
                    break;
                }
                if chars.get(k).is_some_and(|x| x.is_alphabetic()) {
                    end = k;
                } else {
                    // Markers after the word: dropped too when they close an emphasis.
                    if chars.get(start.wrapping_sub(1)).is_some_and(|x| marker(*x))
                        || chars
                            .get(start..end)
                            .is_some_and(|w| w.iter().any(|x| marker(*x)))
                    {
                        end = k;
                    }
                    break;
                }
            } else {
                break;
            }
        }
        let word = chars.get(start..end).unwrap_or(&[]);
        let has_latin = word.iter().any(char::is_ascii_alphabetic);
        let all_alike = word
            .iter()
            .all(|c| c.is_ascii_alphabetic() || marker(*c) || lookalike(*c).is_some());
        let swap = all_alike && (has_latin || latin_text);
        // Markers right before the word (`**five`) go too.
        let run = out.iter().rev().take_while(|x| marker(**x)).count();
        let joint = run == 1 && out.last() == Some(&'_');
        // After a digit the markers join a literal (`0x13__EC`), not emphasis.
        let glued = out
            .len()
            .checked_sub(run + 1)
            .and_then(|k| out.get(k))
            .is_some_and(|c| c.is_alphanumeric());
        if !joint && !glued {
            out.truncate(out.len() - run);
        }
        for &ch in word {
            if marker(ch) {
                continue;
            }
            out.push(if swap {
                lookalike(ch).unwrap_or(ch)
            } else {
                ch
            });
        }
        i = end;
    }
    let s: String = out.iter().collect();
    (s != text).then_some(s)
}

/// Pass 2: symbols between two number words as one space (`five·thousand`); `None` when
/// there is no such symbol. Only a symbol run with an ASCII letter on both sides is looked at.
fn joined(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut edits: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b.get(i).is_some_and(u8::is_ascii_alphabetic) {
            i += 1;
            continue;
        }
        let a = i;
        while b.get(i).is_some_and(u8::is_ascii_alphabetic) {
            i += 1;
        }
        let e = i;
        // The symbol run after the word: no letter, digit or space, at most three chars.
        let rest = s.get(e..).unwrap_or("");
        let slen = rest
            .find(|c: char| c.is_alphanumeric() || c.is_whitespace())
            .unwrap_or(rest.len());
        if slen == 0 || !b.get(e + slen).is_some_and(u8::is_ascii_alphabetic) {
            continue;
        }
        let sym = rest.get(..slen).unwrap_or("");
        // A hyphen or a comma is how number words are written anyway.
        if matches!(sym, "-" | ",") || sym.chars().count() > 3 {
            continue;
        }
        let f = e + slen;
        let g = f + b.get(f..).map_or(0, |r| {
            r.iter().take_while(|c| c.is_ascii_alphabetic()).count()
        });
        let word = |x: usize, y: usize| s.get(x..y).is_some_and(is_number_word);
        if word(a, e) && word(f, g) {
            edits.push((e, f));
        }
    }
    if edits.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(s.len());
    let mut at = 0;
    for (e, f) in edits {
        out.push_str(s.get(at..e)?);
        out.push(' ');
        at = f;
    }
    out.push_str(s.get(at..)?);
    Some(out)
}

/// A die face (`⚀`…`⚅`, U+2680…U+2685) as its pips.
fn die_face(c: char) -> Option<char> {
    let k = u32::from(c).checked_sub(0x2680).filter(|k| *k < 6)?;
    char::from_digit(k + 1, 10)
}

/// A digit's look-alike from another script inside a number (`5ᛁ00` with a runic `ᛁ`,
/// `51ଠଠ` with Oriya `ଠ`, `ᒿ750` with a syllabics `ᒿ`): the character as the digit its UTS #39
/// skeleton is (`2`), or as `1` for an `l`-like and `0` for an `o`-like skeleton; `丨` as
/// `1`; a die face as its pips (`⚄⚀00`). Only in a token that holds an ASCII digit or a die face; digits of other scripts are normalising's.
/// `None` when nothing changes.
pub(crate) fn digit_lookalikes(text: &str) -> Option<String> {
    if text.is_ascii() {
        return None;
    }
    let as_digit = |c: char| -> Option<char> {
        if c.is_ascii() || c.is_numeric() {
            return None;
        }
        if c == '\u{4E28}' {
            return Some('1');
        }
        // Die faces `⚀`…`⚅` are their pips.
        if let Some(d) = die_face(c) {
            return Some(d);
        }
        let mut buf = [0u8; 4];
        let mut sk = unicode_security::skeleton(c.encode_utf8(&mut buf));
        match (sk.next(), sk.next()) {
            (Some(d), None) if d.is_ascii_digit() => Some(d),
            (Some('l' | 'I' | '|'), None) => Some('1'),
            (Some('o' | 'O'), None) => Some('0'),
            _ => None,
        }
    };
    let mut out = String::with_capacity(text.len());
    let mut changed = false;
    for token in text.split_inclusive(char::is_whitespace) {
        let digits = token.bytes().any(|c| c.is_ascii_digit())
            || token.chars().any(|c| die_face(c).is_some());
        if digits && !token.is_ascii() {
            for c in token.chars() {
                match as_digit(c) {
                    Some(d) => {
                        out.push(d);
                        changed = true;
                    }
                    None => out.push(c),
                }
            }
        } else {
            out.push_str(token);
        }
    }
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::plain_words;

    fn p(s: &str) -> String {
        plain_words(s).unwrap_or_else(|| s.to_string())
    }

    #[test]
    fn digit_lookalikes_read_as_digits() {
        let d = |s: &str| super::digit_lookalikes(s).unwrap_or_default();
        assert_eq!(d("lag 5ᛁ00"), "lag 5100");
        assert_eq!(d("lag 51ଠଠ"), "lag 5100");
        assert_eq!(d("worst ᒿ750"), "worst 2750");
        assert_eq!(d("lag 5丨00"), "lag 5100");
        assert_eq!(d("lag \u{2684}\u{2680}00"), "lag 5100");
        assert_eq!(d("lag \u{2684}\u{2680} then 00"), "lag 51 then 00");
        // No ASCII digit in the token, or digits of another script: nothing.
        assert_eq!(super::digit_lookalikes("ᛁଠ"), None);
        assert_eq!(super::digit_lookalikes("٥١٠٠"), None);
    }

    #[test]
    fn lookalike_letters_read_as_latin() {
        assert_eq!(p("fivе thousand onе hundrеd"), "five thousand one hundred");
        assert_eq!(p("twο thοusand"), "two thousand");
        assert_eq!(p("fifty-οne hundred"), "fifty-one hundred");
        assert_eq!(p("five ᴛʜᴏᴜsᴀɴᴅ"), "five thousand");
        // Russian prose keeps its letters.
        assert_eq!(plain_words("Кафка работает"), None);
    }

    #[test]
    fn markers_inside_words_dropped() {
        assert_eq!(
            p("fi**ve** thou*sand* one hundred"),
            "five thousand one hundred"
        );
        assert_eq!(p("fi__ve__ thousand"), "five thousand");
        assert_eq!(p("two thou\\sand"), "two thousand");
        assert_eq!(p("twenty-*seven* fif**ty**"), "twenty-seven fifty");
        // `a * b` keeps its operator (no letter beside it); snake case keeps its joints.
        assert_eq!(p("a * b"), "a * b");
        assert_eq!(plain_words("orders_worker_kestrel"), None);
        assert_eq!(plain_words("0x13__EC"), None);
    }

    #[test]
    fn symbols_between_number_words() {
        assert_eq!(p("five·thousand·one·hundred"), "five thousand one hundred");
        assert_eq!(
            p("two.thousand.seven.hundred.fifty"),
            "two thousand seven hundred fifty"
        );
        assert_eq!(p("five→one→zero→zero"), "five one zero zero");
        assert_eq!(p("five…thousand"), "five thousand");
        // Not between number words: kept.
        assert_eq!(p("api.example.com"), "api.example.com");
        assert_eq!(p("one.example"), "one.example");
    }
}
