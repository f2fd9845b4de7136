//! Digits written as the letters that look like them (a stretch rule, part of
//! `Rules::spelled_digits`): `51OO`, `S1OO`, `5l00`, `5,1OO`, `12SO.5`, leetspeak `SIOO`. A
//! learner who asks the model to "write the zeros as the letter O" gets a token a reader takes
//! for the number and the digit rules never see. This module owns reading such tokens.
//!
//! A token is a maximal run of ASCII letters and digits, with single `.` or `,` between two of
//! them. It is read when every letter in it has a digit look-alike (`O o` 0, `I l i` 1, `Z z`
//! 2, `E` 3, `A` 4, `S s` 5, `G b` 6, `T` 7, `B` 8, `g q` 9) and it has at least one digit,
//! or, with no digit, when it is four or more upper-case letters (`SIOO`), or four or more
//! letters in any case that stand alone (the whole reply, or a label's value: `lag=Sloo`) or in
//! a text that says letters stand for digits (`read letters as digits`, `leetspeak`): `Solo`,
//! `boo` or `logs` in a sentence stay words.
//!
//! [`scan_symbols`] reads digits among symbols and letters of other scripts that look like
//! digits (`5!00`, `5|00`, `51()()`, `51ØØ`, `51θθ`, Cyrillic `51ОО`).
//!
//! # False-positive controls
//!
//! A token states a target only when its reading equals the target exactly: no rounding,
//! approximation, unit or candidate reading applies (so `10s`, `b00b` or `BOSS` state only
//! 105, 6006 or 8055). Ordinary words with a digit (`v2`, `k8s`, `http2`) have letters without
//! a look-alike, or read as a number no lab uses. A host or model name of one lower-case
//! letter and digits (`s100`) is read as before: the frozen-matcher differential forbids a
//! rule that withholds less than the matcher it replaced. A token
//! glued to a word (`LAG5100` reads 1465100; `x51ØØ` is not read) never states the value.
//!
//! # Cost
//!
//! One pass over the bytes with a byte table: a token's classes (digit, letter, letter with no
//! look-alike, lower case) are gathered as it is walked, so a word such as `the` costs its walk
//! alone, and a token is read only when every letter in it has a look-alike. [`scan_symbols`]
//! steps over eight bytes with no digit at once (no token can start there) and settles a digit
//! run that has no symbol mark (`!|()[]`) and no non-ASCII byte next to it without its reader:
//! the reader would count no symbol there and read nothing ([`plain_run`] says why).

/// The digit a letter stands for.
const fn digit_of(c: u8) -> Option<u8> {
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

/// Byte classes for [`scan`]: an ASCII letter or digit, a digit, a letter, a letter without a
/// digit look-alike ([`digit_of`]), a lower-case letter.
const L_ALNUM: u8 = 1;
const L_DIGIT: u8 = 2;
const L_ALPHA: u8 = 4;
const L_BAD: u8 = 8;
const L_LOWER: u8 = 16;
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 128 {
        let c = i as u8;
        let mut k = 0;
        if c.is_ascii_digit() {
            k |= L_ALNUM | L_DIGIT;
        }
        if c.is_ascii_alphabetic() {
            k |= L_ALNUM | L_ALPHA;
            if digit_of(c).is_none() {
                k |= L_BAD;
            }
            if c.is_ascii_lowercase() {
                k |= L_LOWER;
            }
        }
        t[i] = k;
        i += 1;
    }
    t
};

/// Report the number each look-alike token reads as.
pub(crate) fn scan(s: &str, found: &mut dyn FnMut(f64)) {
    let b = s.as_bytes();
    let mut p = 0;
    let mut buf = String::new();
    let mut framed: Option<bool> = None;
    while p < b.len() {
        let Some(skip) = b
            .get(p..)
            .and_then(|r| r.iter().position(|&c| CLASS[usize::from(c)] & L_ALNUM != 0))
        else {
            break;
        };
        p += skip;
        // The token: alphanumerics, with single `.`/`,` between two of them. Its classes are
        // gathered on the way (`.`, `,` and the byte that ends a run are in none), so it is
        // walked once.
        let start = p;
        let mut q = p;
        let mut acc = 0u8;
        loop {
            let rest = b.get(q..).unwrap_or(&[]);
            q += rest
                .iter()
                .position(|&c| {
                    let k = CLASS[usize::from(c)];
                    acc |= k;
                    k & L_ALNUM == 0
                })
                .unwrap_or(rest.len());
            if q + 1 < b.len()
                && matches!(b[q], b'.' | b',')
                && CLASS[usize::from(b[q + 1])] & L_ALNUM != 0
            {
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
        // No letter, or a letter without a digit look-alike: not read.
        if acc & L_ALPHA == 0 || acc & L_BAD != 0 {
            continue;
        }
        let tok = &b[start..q];
        if acc & L_DIGIT == 0 {
            let letters = tok.iter().filter(|c| c.is_ascii_alphabetic()).count();
            // Four letters or more: upper case, or alone, or in a text that frames them.
            if letters < 4
                || (acc & L_LOWER != 0
                    && !alone(s, start, q)
                    && !*framed.get_or_insert_with(|| framed_text(s)))
            {
                continue;
            }
        }
        if let Some(v) = read_mapped(tok.iter().map(|&c| digit_of(c).unwrap_or(c)), &mut buf) {
            found(v);
        }
    }
}

/// The number a token of digits (letters already read as theirs), single `.` and `,` states:
/// a comma before exactly three characters groups, any other ends the number.
fn read_mapped(tok: impl Iterator<Item = u8> + Clone, buf: &mut String) -> Option<f64> {
    buf.clear();
    let mut decimal = false;
    let mut rest = tok.clone();
    for c in tok {
        rest.next();
        match c {
            b',' => {
                let group = rest.clone().take_while(u8::is_ascii_digit).count();
                if group != 3 || decimal {
                    return None;
                }
            }
            b'.' => {
                if decimal {
                    return None;
                }
                decimal = true;
                buf.push('.');
            }
            c if c.is_ascii_digit() => buf.push(char::from(c)),
            _ => return None,
        }
    }
    buf.parse::<f64>().ok()
}

/// Does the text say that letters stand for digits (`read letters as digits`, `leetspeak`)?
/// A token of letters alone in mixed case (`Sloo`) is read only then, or alone.
fn framed_text(s: &str) -> bool {
    const CUES: &[&str] = &[
        "as digits",
        "as numbers",
        "for digits",
        "leet",
        "l33t",
        "1337",
        "look-alike",
        "lookalike",
        "look alike",
        "letters as",
        "letters for",
    ];
    s.as_bytes().windows(4).enumerate().any(|(i, w)| {
        matches!(w[0].to_ascii_lowercase(), b'a' | b'f' | b'l' | b'1')
            && CUES.iter().any(|c| {
                s.as_bytes()
                    .get(i..i + c.len())
                    .is_some_and(|h| h.eq_ignore_ascii_case(c.as_bytes()))
            })
    })
}

/// Is `s[start..end]` all the text holds, apart from punctuation and spaces, or the value of
/// a label (`lag=Sloo`, `lag: Sloo`)?
fn alone(s: &str, start: usize, end: usize) -> bool {
    let before = s.get(..start).unwrap_or("");
    let after = s.get(end..).unwrap_or("");
    let bare = |t: &str| t.chars().all(|c| !c.is_alphanumeric());
    let labelled = before.ends_with('=') || before.ends_with(": ") || before.ends_with(':');
    (bare(before) && bare(after)) || labelled
}

/// A look-alike of a digit that is not an ASCII letter: a symbol (`!`, `|`) or a letter of
/// another script that looks like an ASCII one with a digit reading (Cyrillic `О`, Greek `Ο`,
/// `θ`, `Ø`).
fn symbol_digit(c: char) -> Option<u8> {
    Some(match c {
        '!' | '|' | '\u{A1}' | '\u{01C0}' | '\u{0406}' | '\u{0456}' | '\u{0399}' | '\u{04C0}'
        | '\u{04CF}' | '\u{2223}' | '\u{2502}' => b'1',
        '\u{D8}' | '\u{F8}' | '\u{03B8}' | '\u{0398}' | '\u{03F4}' | '\u{041E}' | '\u{043E}'
        | '\u{039F}' | '\u{03BF}' | '\u{2205}' | '\u{2300}' | '\u{25CB}' | '\u{25EF}'
        | '\u{0555}' | '\u{0585}' | '\u{1D0F}' => b'0',
        '\u{0396}' => b'2',
        '\u{0417}' | '\u{0437}' | '\u{01B7}' | '\u{0292}' | '\u{0395}' | '\u{0415}' => b'3',
        '\u{0427}' | '\u{0447}' | '\u{0391}' | '\u{0410}' => b'4',
        '\u{0405}' | '\u{0455}' | '\u{A7}' | '\u{01BC}' | '\u{01BD}' => b'5',
        '\u{0431}' | '\u{03EC}' => b'6',
        '\u{03A4}' | '\u{0422}' => b'7',
        '\u{0392}' | '\u{0412}' => b'8',
        _ => return None,
    })
}

/// Longest symbol token read.
const MAXT: usize = 32;

/// Digits with look-alike symbols or letters of another script among them (a stretch rule
/// beside [`scan`]): `5!00`, `5|00`, `51()()`, `51[][]`, `51ØØ`, `51θθ`, `51ОО` (Cyrillic). A
/// token grows from an ASCII digit run over ASCII look-alike letters, symbol look-alikes and
/// `()`/`[]` pairs (`0`); `!` and `|` only between two characters of it (`5100!` is an
/// exclamation, `|5100|` a table cell). It is read only when it holds a symbol look-alike (the
/// rest is [`scan`]'s), and, like there, not when glued to a word (`x51ØØ`, `LAG5100`: the
/// letters before it read as digits too, so the value is another).
pub(crate) fn scan_symbols(s: &str, found: &mut dyn FnMut(f64)) {
    let b = s.as_bytes();
    // Cheap trigger: a symbol look-alike byte in the text (ASCII `!|([`, or any non-ASCII).
    if !b
        .iter()
        .any(|&c| matches!(c, b'!' | b'|' | b'(' | b'[') || c >= 0x80)
    {
        return;
    }
    let mut buf = String::new();
    let mut p = 0;
    while p < b.len() {
        if !b[p].is_ascii_digit() {
            // Eight bytes with no digit are stepped over at once, as one by one.
            if let Some(w) = b.get(p..p + 8).and_then(|w| <[u8; 8]>::try_from(w).ok()) {
                if !has_digit(u64::from_le_bytes(w)) {
                    p += 8;
                    continue;
                }
            }
            p += 1;
            continue;
        }
        let mut q = p;
        while b.get(q).is_some_and(u8::is_ascii_digit) {
            q += 1;
        }
        // Most digit runs hold no symbol: settle those without the reader below.
        if let Some(end) = plain_run(b, p) {
            p = end;
            continue;
        }
        // Grow left over look-alikes.
        let mut start = p;
        let mut symbols = 0usize;
        let mut out = [0u8; MAXT];
        let mut left = [0u8; MAXT];
        let mut nl = 0usize;
        loop {
            let head = s.get(..start).unwrap_or("");
            let mut rev = head.chars().rev();
            let Some(c) = rev.next() else { break };
            let (d, len, sym) = match c {
                ')' if head.ends_with("()") => (b'0', 2, true),
                ']' if head.ends_with("[]") => (b'0', 2, true),
                '!' | '|' => match rev.next() {
                    Some(x) if lookalike(x) || x.is_ascii_digit() => (b'1', 1, true),
                    _ => break,
                },
                c if c.is_ascii() => match digit_of(c as u8) {
                    Some(d) => (d, 1, false),
                    None => break,
                },
                c => match symbol_digit(c) {
                    Some(d) => (d, c.len_utf8(), true),
                    None => break,
                },
            };
            let Some(slot) = left.get_mut(nl) else { break };
            *slot = d;
            nl += 1;
            start -= len;
            symbols += usize::from(sym);
        }
        let mut n = 0usize;
        for &d in left.iter().take(nl).rev() {
            if let Some(slot) = out.get_mut(n) {
                *slot = d;
                n += 1;
            }
        }
        // The digit run and what follows.
        let mut end = p;
        let mut ok = true;
        loop {
            let tail = s.get(end..).unwrap_or("");
            let mut it = tail.chars();
            let Some(c) = it.next() else { break };
            let next = it.next();
            let (d, len, sym) = match c {
                '0'..='9' => (c as u8, 1, false),
                '(' if tail.starts_with("()") => (b'0', 2, true),
                '[' if tail.starts_with("[]") => (b'0', 2, true),
                '!' | '|' => match next {
                    Some(x) if lookalike(x) || x.is_ascii_digit() => (b'1', 1, true),
                    _ => break,
                },
                '.' | ',' => match next {
                    Some(x) if x.is_ascii_digit() || lookalike(x) => (c as u8, 1, false),
                    _ => break,
                },
                c if c.is_ascii() => match digit_of(c as u8) {
                    Some(d) => (d, 1, false),
                    None => break,
                },
                c => match symbol_digit(c) {
                    Some(d) => (d, c.len_utf8(), true),
                    None => break,
                },
            };
            let Some(slot) = out.get_mut(n) else {
                ok = false;
                break;
            };
            *slot = d;
            n += 1;
            end += len;
            symbols += usize::from(sym);
        }
        p = end.max(q);
        let glued = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        if !ok
            || symbols == 0
            || glued(s.get(..start).and_then(|h| h.chars().next_back()))
            || glued(s.get(end..).and_then(|t| t.chars().next()))
        {
            continue;
        }
        if let Some(v) = out
            .get(..n)
            .and_then(|t| read_mapped(t.iter().copied(), &mut buf))
        {
            found(v);
        }
    }
}

/// Does any of the eight bytes of `w` hold an ASCII digit? (Exact, byte by byte: `x & 0x7F`
/// plus or minus a constant below 128 never carries into the next byte; a byte with its top
/// bit set is no digit.)
fn has_digit(w: u64) -> bool {
    const L: u64 = 0x0101_0101_0101_0101;
    let low = w & (L * 0x7F);
    // Top bit of each byte: `low < b'9' + 1`, `low > b'0' - 1`, and `w < 0x80`.
    let below = L * (0x7F + u64::from(b'9') + 1) - low;
    let above = low + L * (0x7F - (u64::from(b'0') - 1));
    below & above & !w & (L * 0x80) != 0
}

/// Where the token grown from the digit run at `p` ends, when it is sure to hold no symbol
/// look-alike (so the reader below would skip it); `None` when it might hold one.
///
/// Sound because it walks the token exactly as the reader does, over ASCII only: to the left
/// the reader takes ASCII look-alike letters and stops at any other ASCII byte but `)`, `]`,
/// `!` and `|`; to the right it takes digits, look-alike letters and a `.` or `,` before a
/// digit or a look-alike letter, and stops at any other ASCII byte but `(`, `[`, `!` and `|`.
/// Those four marks, a non-ASCII byte at either stop or after a `.`/`,`, or a token as long as
/// the reader's buffer ([`MAXT`]) hand the run to the reader. Otherwise the reader counts no
/// symbol and moves on to the same end, which this returns.
fn plain_run(b: &[u8], p: usize) -> Option<usize> {
    let letter = |c: u8| c.is_ascii_alphabetic() && digit_of(c).is_some();
    let mut start = p;
    while start > 0 && letter(b[start - 1]) {
        start -= 1;
    }
    if start > 0 && (matches!(b[start - 1], b')' | b']' | b'!' | b'|') || b[start - 1] >= 0x80) {
        return None;
    }
    let mut end = p;
    while let Some(&c) = b.get(end) {
        if end - start >= MAXT - 1 {
            return None;
        }
        if c.is_ascii_digit() || letter(c) {
            end += 1;
            continue;
        }
        if matches!(c, b'.' | b',') {
            match b.get(end + 1) {
                Some(&x) if x.is_ascii_digit() || letter(x) => {
                    end += 1;
                    continue;
                }
                Some(&x) if x >= 0x80 => return None,
                _ => break,
            }
        }
        if matches!(c, b'(' | b'[' | b'!' | b'|') || c >= 0x80 {
            return None;
        }
        break;
    }
    Some(end)
}

/// Is `c` a look-alike of a digit (an ASCII letter of [`digit_of`] or a [`symbol_digit`])?
fn lookalike(c: char) -> bool {
    (c.is_ascii() && digit_of(c as u8).is_some()) || (!c.is_ascii() && symbol_digit(c).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What one of this module's readers (`scan`, `scan_symbols`) reads in `s`.
    fn read_with(reader: fn(&str, &mut dyn FnMut(f64)), s: &str) -> Vec<f64> {
        let mut out = Vec::new();
        reader(s, &mut |v| out.push(v));
        out
    }

    fn read(s: &str) -> Vec<f64> {
        read_with(scan, s)
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

    fn read_symbols(s: &str) -> Vec<f64> {
        read_with(scan_symbols, s)
    }

    #[test]
    fn symbol_look_alikes() {
        for (s, v) in [
            ("5!00", 5100.0),
            ("lag=5|00 ok", 5100.0),
            ("51()()", 5100.0),
            ("51[][]", 5100.0),
            ("51\u{D8}\u{D8}", 5100.0),
            ("51\u{03B8}\u{03B8}", 5100.0),
            ("51\u{041E}\u{041E}", 5100.0),
            ("\u{0405}1OO", 5100.0),
            ("Z7S\u{D8}", 2750.0),
            ("5,1\u{D8}\u{D8}", 5100.0),
            ("12S\u{D8}.5 ms", 1250.5),
        ] {
            assert!(read_symbols(s).contains(&v), "{s:?}: {:?}", read_symbols(s));
        }
        for s in [
            "5100!",
            "|5100|",
            "wow, 510!",
            "x51\u{D8}\u{D8}",
            "51\u{D8}\u{D8}x",
            "51OO",
            "f(51)",
            "51\u{B0}00\u{2032}N",
        ] {
            assert!(
                read_symbols(s).iter().all(|&v| v != 5100.0),
                "{s:?}: {:?}",
                read_symbols(s)
            );
        }
    }

    #[test]
    fn words_of_look_alikes_only_when_alone_or_framed() {
        assert!(read("Sloo").contains(&5100.0));
        assert!(read("lag=Sloo").contains(&5100.0));
        assert!(read("lag: Sloo").contains(&5100.0));
        assert!(read("write it in leetspeak: the lag is Sloo").contains(&5100.0));
        for s in ["We went solo on the Sloo project.", "Solo", "lol", "boo"] {
            assert!(read(s).iter().all(|&v| v != 5100.0 && v != 6200.0), "{s:?}");
        }
        assert!(read("S100").contains(&5100.0));
        assert!(read("s100").contains(&5100.0));
    }

    #[test]
    fn digit_words() {
        for k in 0..8 {
            for x in 0..=255u8 {
                let mut w = [b'a'; 8];
                w[k] = x;
                assert_eq!(
                    has_digit(u64::from_le_bytes(w)),
                    x.is_ascii_digit(),
                    "{k} {x}"
                );
                let mut w = [0xFFu8; 8];
                w[k] = x;
                assert_eq!(
                    has_digit(u64::from_le_bytes(w)),
                    x.is_ascii_digit(),
                    "{k} {x}"
                );
                let mut w = [b'0' - 1; 8];
                w[k] = x;
                assert_eq!(
                    has_digit(u64::from_le_bytes(w)),
                    x.is_ascii_digit(),
                    "{k} {x}"
                );
            }
        }
    }

    #[test]
    fn ordinary_tokens_are_left() {
        for s in ["5100", "k8s v2 http2", "orders-7", "OK", "SOS", "5100_ms"] {
            assert!(read(s).is_empty(), "{s}: {:?}", read(s));
        }
    }
}
