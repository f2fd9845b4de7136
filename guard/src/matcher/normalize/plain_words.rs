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

/// Filler a gap between two number words may hold beside its punctuation (`five thousand
/// 'n' one hundred`, `(and)`, `— and then`⏎).
const GAP_FILLERS: &[&str] = &["n", "and", "then"];
/// The most characters a gap between two number words may span, and the most line breaks (a
/// blank line between two lines of a poem).
const MAX_GAP: usize = 16;
const MAX_GAP_LINES: usize = 3;

/// The gap after a word ending at `e`: where the next word starts, whether the gap is only
/// what number words are written with anyway (one space or `-`) and how many line
/// breaks it holds; `None` if something other than punctuation, space and filler is there.
fn gap(s: &str, e: usize) -> Option<(usize, bool, usize)> {
    let b = s.as_bytes();
    let mut i = e;
    let mut chars = 0;
    let mut lines = 0;
    let mut filler = false;
    loop {
        let rest = s.get(i..)?;
        let c = rest.chars().next()?;
        if c.is_ascii_alphabetic() {
            let w = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
            let word = rest.get(..w)?;
            // A filler word, then more gap: part of the gap (never the gap's last word).
            if i > e && GAP_FILLERS.iter().any(|f| f.eq_ignore_ascii_case(word)) {
                let after = b.get(i + w).copied();
                if after.is_some_and(|a| !a.is_ascii_alphanumeric()) {
                    filler = true;
                    i += w;
                    chars += w;
                    continue;
                }
            }
            break;
        }
        if c.is_alphanumeric() || chars > MAX_GAP {
            return None;
        }
        lines += usize::from(c == '\n');
        chars += 1;
        i += c.len_utf8();
    }
    let g = s.get(e..i)?;
    let plain = !filler && matches!(g, " " | "-");
    // A filler word needs punctuation beside it (`'n'`, `(and)`): `five thousand and one` is
    // read as written.
    let punct = g
        .chars()
        .any(|c| !c.is_whitespace() && !c.is_ascii_alphabetic());
    (i > e && lines <= MAX_GAP_LINES && (!filler || punct)).then_some((i, plain, lines))
}

/// Pass 2: what stands between two number words as one space: a symbol (`five·thousand`),
/// quotes, brackets, an ellipsis or a dash around each word (`[five] [thousand]`, `five
/// thousand... one hundred`), a comma after each (`five, thousand, one, hundred`), a filler
/// in punctuation (`'n'`, `(and)`), line breaks and a blank line (a poem's lines); and a word
/// hyphenated at a line end (`thou-`⏎`sand`) joined. Line breaks the joins remove are put back
/// after the joined line, so the reading keeps the text's line count (a second view is read
/// only where its lines differ). `None` when there is nothing to join.
fn joined(s: &str) -> Option<String> {
    let b = s.as_bytes();
    // (gap start, gap end, what replaces it).
    let mut edits: Vec<(usize, usize, &str)> = Vec::new();
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
        let word = |x: usize, y: usize| s.get(x..y).is_some_and(is_number_word);
        let next_word = |f: usize| {
            f + b.get(f..).map_or(0, |r| {
                r.iter().take_while(|c| c.is_ascii_alphabetic()).count()
            })
        };
        // A number word hyphenated at a line end (`thou-`⏎`sand`).
        let cr = usize::from(b.get(e + 1) == Some(&b'\r'));
        if b.get(e) == Some(&b'-') && b.get(e + 1 + cr) == Some(&b'\n') {
            let f = e + 2 + cr;
            let g = next_word(f);
            let whole = format!("{}{}", s.get(a..e).unwrap_or(""), s.get(f..g).unwrap_or(""));
            if g > f && is_number_word(&whole) {
                edits.push((e, f, ""));
                i = f;
                continue;
            }
        }
        let Some((f, plain, _)) = gap(s, e) else {
            continue;
        };
        if plain {
            continue;
        }
        if word(a, e) && word(f, next_word(f)) {
            edits.push((e, f, " "));
            // The gap's filler words are not read again.
            i = f;
        }
    }
    if edits.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(s.len());
    let mut at = 0;
    // Line breaks removed by the joins so far, put back at the joined line's end.
    let mut owed = 0;
    let copy = |out: &mut String, from: usize, to: usize, owed: &mut usize| {
        let seg = s.get(from..to).unwrap_or("");
        match seg.find('\n') {
            Some(k) if *owed > 0 => {
                out.push_str(seg.get(..k).unwrap_or(""));
                out.extend(std::iter::repeat_n('\n', *owed));
                *owed = 0;
                out.push_str(seg.get(k..).unwrap_or(""));
            }
            _ => out.push_str(seg),
        }
    };
    for (e, f, with) in edits {
        copy(&mut out, at, e, &mut owed);
        owed += s.get(e..f).map_or(0, |g| g.matches('\n').count());
        out.push_str(with);
        at = f;
    }
    copy(&mut out, at, s.len(), &mut owed);
    out.extend(std::iter::repeat_n('\n', owed));
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

/// A digit drawn as a symbol: a hand showing fingers (`✋` `🖐` five, `☝` one, `✌` two) or a
/// circle standing for zero (`⭕`, `🅾`).
fn drawn_digit(c: char) -> Option<char> {
    match c {
        '\u{270B}' | '\u{1F590}' => Some('5'),
        '\u{261D}' => Some('1'),
        '\u{270C}' => Some('2'),
        '\u{2B55}' | '\u{1F17E}' => Some('0'),
        _ => None,
    }
}

/// Digits drawn as symbols inside a run of digits (`🖐️☝️⭕⭕`, `☝️ 4 ✌️ ⭕`, `✋ ☝️ 0️⃣ 0️⃣`):
/// each symbol as its digit. A run is three or more digits or drawn digits, with spaces,
/// variation selectors and keycap marks between and nothing else, at least one of them a
/// hand or a digit (a row of circles is no number). `None` when nothing changes, and at once
/// for a text with no drawn digit.
pub(crate) fn drawn_digits(text: &str) -> Option<String> {
    if text.is_ascii() || !text.chars().any(|c| drawn_digit(c).is_some()) {
        return None;
    }
    let chars: Vec<char> = text.chars().collect();
    let filler = |c: char| matches!(c, ' ' | '\u{FE0F}' | '\u{FE0E}' | '\u{20E3}');
    let mut out = String::with_capacity(text.len());
    let mut changed = false;
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        if drawn_digit(c).is_none() && !c.is_ascii_digit() {
            out.push(c);
            i += 1;
            continue;
        }
        // The run from here: digits and drawn digits, fillers between.
        let (mut j, mut items, mut strong) = (i, 0usize, false);
        let mut end = i;
        while let Some(&d) = chars.get(j) {
            if d.is_ascii_digit() || drawn_digit(d).is_some() {
                items += 1;
                strong |= d.is_ascii_digit() || drawn_digit(d).is_some_and(|x| x != '0');
                j += 1;
                end = j;
            } else if filler(d) {
                j += 1;
            } else {
                break;
            }
        }
        let run = chars.get(i..end).unwrap_or_default();
        if items >= 3 && strong {
            for &d in run {
                match drawn_digit(d) {
                    Some(x) => {
                        out.push(x);
                        changed = true;
                    }
                    None => out.push(d),
                }
            }
        } else {
            out.extend(run);
        }
        i = end.max(i + 1);
    }
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::plain_words;

    #[test]
    fn drawn_digits_in_a_run() {
        let d = |s: &str| super::drawn_digits(s).unwrap_or_default();
        assert_eq!(
            d("lag: \u{1F590}\u{FE0F}\u{261D}\u{FE0F}\u{2B55}\u{2B55}"),
            "lag: 5\u{FE0F}1\u{FE0F}00"
        );
        assert_eq!(
            d("worst: \u{261D}\u{FE0F} 4 \u{270C}\u{FE0F} \u{2B55}"),
            "worst: 1\u{FE0F} 4 2\u{FE0F} 0"
        );
        assert_eq!(
            d("\u{270B} \u{261D}\u{FE0F} 0\u{FE0F}\u{20E3} 0\u{FE0F}\u{20E3}"),
            "5 1\u{FE0F} 0\u{FE0F}\u{20E3} 0\u{FE0F}\u{20E3}"
        );
        // Near-misses: one hand, words between, circles alone.
        assert_eq!(super::drawn_digits("great job \u{270C}\u{FE0F}"), None);
        assert_eq!(
            super::drawn_digits("\u{270B} stop \u{2B55} ok \u{261D}"),
            None
        );
        assert_eq!(
            super::drawn_digits("\u{2B55}\u{2B55}\u{2B55} tic tac toe"),
            None
        );
        assert_eq!(super::drawn_digits("plain ascii 5100"), None);
    }

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

    #[test]
    fn punctuation_and_line_breaks_between_number_words() {
        for (text, want) in [
            (
                "[five] [thousand] [one] [hundred]",
                "[five thousand one hundred]",
            ),
            ("'five' 'thousand'", "'five thousand'"),
            (
                "\u{ab}five\u{bb} \u{ab}thousand\u{bb}",
                "\u{ab}five thousand\u{bb}",
            ),
            (
                "five, thousand, one, hundred,",
                "five thousand one hundred,",
            ),
            ("five thousand... one hundred", "five thousand one hundred"),
            ("five thousand 'n' one hundred", "five thousand one hundred"),
            (
                "five thousand (and) one hundred",
                "five thousand one hundred",
            ),
            // A poem's lines: the joined line keeps the text's line count.
            (
                "five thousand\n\none hundred wait",
                "five thousand one hundred wait\n\n",
            ),
            (
                "Lag climbs\nfive thousand,\none\nhundred wait\nok",
                "Lag climbs\nfive thousand one hundred wait\n\n\nok",
            ),
            (
                "Five thousand \u{2014} and then\none hundred more",
                "Five thousand one hundred more\n",
            ),
            // A number word hyphenated at a line end.
            (
                "five thou-\nsand one hundred",
                "five thousand one hundred\n",
            ),
            (
                "two thousand seven hun-\r\ndred fifty",
                "two thousand seven hundred fifty\n",
            ),
        ] {
            assert_eq!(p(text), want, "{text:?}");
        }
        // Written as number words are anyway, or with words between: unchanged.
        for text in [
            "five thousand one hundred",
            "twenty-seven",
            "five thousand and one hundred",
            "one of two",
            "one, then restart",
            "one-\nliner",
            "five thousand (roughly) one hundred",
        ] {
            assert_eq!(plain_words(text), None, "{text:?}");
        }
    }
}
