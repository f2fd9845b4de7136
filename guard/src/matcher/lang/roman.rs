//! Roman numerals: one byte-table pass over the text for whole tokens of `IVXLCDM`, the
//! canonical-form check that gives each its value, and the stop list of canonical numerals that
//! are acronyms or words in ops text (`CD`, `CLI`, `MIX`).
use super::find::is_glue;
use super::Out;

/// Longest Roman token read (`MMMMMMMMMDCCCLXXXVIII` is 21).
const MAXR: usize = 40;

/// Canonical numerals ≥ 100 that are English words, acronyms or format strings in ops text.
/// Every two-letter one is an acronym (CI, CD, DC, MM, ML, MX, …).
pub(super) const ROMAN_STOP: &[&str] = &[
    // Two letters: every canonical one ≥ 100 is an acronym.
    "CC", "CD", "CI", "CL", "CM", "CV", "CX", "DC", "DI", "DL", "DV", "DX", "MC", "MD", "MI", "ML",
    "MM", "MV", "MX",
    // Acronyms, identifiers and date formats (CXX and CII were found in real docs).
    "CCC", "CCI", "CDI", "CII", "CIV", "CLI", "CLV", "CLX", "CML", "CXI", "CXL", "CXX", "DCC",
    "DCI", "DCL", "DIV", "DIX", "DLI", "DVI", "MCC", "MCI", "MCL", "MCM", "MDC", "MDI", "MDL",
    "MDX", "MIV", "MIX", "MLX", "MMC", "MMI", "MML", "MMM", "MMX", "MMIX", "MMMM",
    // Found in localised tool messages: the CDX index format, PostgreSQL's MCV lists.
    "CDX", "MCV",
    // English words (most are not canonical anyway; listed so a rule change cannot let them in).
    "CIVIC", "CIVIL", "DID", "DILL", "DIM", "LID", "LIVID", "MID", "MILD", "MILL", "MIMIC", "VIVID",
];

const C_GLUE: u8 = 1;
const C_UP: u8 = 2;
const C_LO: u8 = 4;
/// `(`, `|`, `[`: a bracketed group may start there ([`scan_roman_extended`]).
const C_OPEN: u8 = 8;
/// An ASCII letter or digit (glue but `_`).
const C_ALNUM: u8 = 16;
/// A non-ASCII byte (a lead byte may start an extended numeral).
const C_HIGH: u8 = 32;
/// Bytes [`scan_roman_extended`] may start a numeral at.
const C_START: u8 = C_UP | C_LO | C_OPEN | C_HIGH;

/// Byte classes for the Roman passes: ASCII glue, Roman upper, Roman lower, brackets, ASCII
/// letters and digits, non-ASCII.
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        if i >= 128 {
            t[i] = C_HIGH;
            i += 1;
            continue;
        }
        let c = i as u8;
        if c.is_ascii_alphanumeric() || c == b'_' {
            t[i] = C_GLUE;
        }
        if c.is_ascii_alphanumeric() {
            t[i] |= C_ALNUM;
        }
        if matches!(c, b'(' | b'|' | b'[') {
            t[i] |= C_OPEN;
        }
        match c {
            b'I' | b'V' | b'X' | b'L' | b'C' | b'D' | b'M' => t[i] |= C_UP,
            b'i' | b'v' | b'x' | b'l' | b'c' | b'd' | b'm' => t[i] |= C_LO,
            _ => {}
        }
        i += 1;
    }
    t
};

pub(super) fn scan_roman(text: &str, out: &mut Out) {
    // A token is a maximal run of glue bytes; it is checked when it is two or more Roman
    // letters of one case. A run that meets any other glue byte is stepped over to its end.
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if CLASS[usize::from(c)] & C_GLUE == 0 {
            i += 1;
            continue;
        }
        let s = i;
        let mut mask = C_UP | C_LO;
        while let Some(&x) = b.get(i) {
            let k = CLASS[usize::from(x)];
            if k & (C_UP | C_LO) == 0 {
                break;
            }
            mask &= k;
            i += 1;
        }
        if is_at(b, i, C_GLUE) {
            while is_at(b, i, C_GLUE) {
                i += 1;
            }
            continue;
        }
        if i - s >= 2 && mask != 0 {
            roman_token(text, s, i, mask, out);
        }
    }
}

/// `LI00`, `XXVII50`: the value of the digit run `text[a..e]` with an upper-case numeral of
/// two letters or more glued before it, read as the numeral's digits then the run's. The run
/// is one to four digits and ends the token (`XC90x`, `MI6a` are identifiers); the numeral
/// starts it, stands alone and is not on the stop list (`MIX00`, `DC10`, `MI6`). The caller
/// (`splits.rs`, which has the digit runs) compares the value exactly.
pub(crate) fn glued_value(text: &str, a: usize, e: usize) -> Option<u64> {
    let b = text.as_bytes();
    let mut s = a;
    while s > 0
        && b.get(s - 1)
            .is_some_and(|&c| CLASS[usize::from(c)] & C_UP != 0)
    {
        s -= 1;
    }
    if a - s < 2 || !(1..=4).contains(&(e - a)) || is_at(b, e, C_GLUE) {
        return None;
    }
    // A decimal (`LI00.5`) or a group (`LI00,000`) goes on past the token.
    let goes_on =
        matches!(b.get(e), Some(b'.' | b',')) && b.get(e + 1).is_some_and(u8::is_ascii_digit);
    if goes_on || !standalone(text, s, e) {
        return None;
    }
    let v = numeral(b.get(s..a)?)?;
    let tail = b
        .get(a..e)?
        .iter()
        .fold(0u64, |n, d| n * 10 + u64::from(d - b'0'));
    Some(u64::from(v) * 10u64.pow((e - a) as u32) + tail)
}

/// The value of a canonical, upper- or lower-case numeral token not on the stop list.
fn numeral(tok: &[u8]) -> Option<u32> {
    if ROMAN_STOP
        .iter()
        .any(|w| w.as_bytes().eq_ignore_ascii_case(tok))
    {
        return None;
    }
    roman(tok)
}

/// Does `text[s..e]` stand alone: not glued to a non-ASCII letter or digit, not inside base64
/// (`+`, `/`: a certificate, a secret) and not a piece of a longer identifier joined by `-`,
/// `.` or `@` (pod suffixes `orders-8795b65d-mdclx`, UUID groups `-dccc-`, host names)?
fn standalone(text: &str, s: usize, e: usize) -> bool {
    let mut back = text.get(..s).unwrap_or("").chars().rev();
    let mut fwd = text.get(e..).unwrap_or("").chars();
    for (next, beyond) in [(back.next(), back.next()), (fwd.next(), fwd.next())] {
        let part_of_longer = match next {
            Some('+' | '/' | '\\') => true,
            Some('-' | '.' | '@' | '\u{2010}' | '\u{2011}') => beyond.is_some_and(is_glue),
            Some(c) => is_glue(c),
            None => false,
        };
        if part_of_longer {
            return false;
        }
    }
    true
}

/// `LI C`, `LI hundred`: an upper-case numeral of two letters or more before a hundred (the
/// letter `C` or the word, standing alone), read as that many hundreds.
fn hundreds(text: &str, e: usize, v: u32, out: &mut Out) {
    let rest = text.get(e..).unwrap_or("");
    let Some(rest) = rest.strip_prefix(' ') else {
        return;
    };
    let word_len = if rest.starts_with('C') {
        1
    } else if rest
        .get(..7)
        .is_some_and(|w| w.eq_ignore_ascii_case("hundred"))
    {
        if rest
            .as_bytes()
            .get(7)
            .is_some_and(|c| *c == b's' || *c == b'S')
        {
            8
        } else {
            7
        }
    } else {
        return;
    };
    let after = rest.get(word_len..).and_then(|r| r.chars().next());
    if after.is_some_and(is_glue) {
        return;
    }
    out.exact.push(f64::from(v) * 100.0);
}

/// Is the byte at `i` in one of the classes `k` (false past the end)?
fn is_at(b: &[u8], i: usize, k: u8) -> bool {
    b.get(i).is_some_and(|&x| CLASS[usize::from(x)] & k != 0)
}

/// Check the all-Roman-letter ASCII token `text[s..e]` (`mask`: its case) and report it.
fn roman_token(text: &str, s: usize, e: usize, mask: u8, out: &mut Out) {
    let len = e - s;
    if len > MAXR || (mask & C_UP == 0 && len < 4) {
        return;
    }
    // The token must stand alone.
    if !standalone(text, s, e) {
        return;
    }
    let Some(tok) = text.as_bytes().get(s..e) else {
        return;
    };
    if let Some(v) = numeral(tok) {
        out.emit(f64::from(v));
        if mask & C_UP != 0 {
            hundreds(text, e, v, out);
        }
    }
}

/// The value of a whole token that is a canonical Roman numeral of one case, stop list or
/// not (for a piece a label already marks: `Part B: L`, `first: MMDCC`; for pieces in a row,
/// `romanpieces.rs`).
pub(crate) fn value(tok: &str) -> Option<u32> {
    let b = tok.as_bytes();
    let one_case = b.iter().all(u8::is_ascii_uppercase) || b.iter().all(u8::is_ascii_lowercase);
    if !one_case || b.is_empty() || b.len() > MAXR {
        return None;
    }
    roman(b)
}

/// Roman numeral letters, largest first, with the subtractive pairs.
const TABLE: [(u32, &str); 13] = [
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "XC"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
];

/// A number in canonical Roman letters (`5100` → `MMMMMC`; thousands repeat `M`).
pub(crate) fn letters(n: u32) -> String {
    let mut out = String::new();
    let mut rest = n;
    for (v, s) in TABLE {
        while rest >= v {
            out.push_str(s);
            rest -= v;
        }
    }
    out
}

/// Value of a canonical Roman numeral (re-encoding it gives the token back).
fn roman(tok: &[u8]) -> Option<u32> {
    // Every letter value fits an i64 (at most 1000).
    let val = |c: u8| letter_value(c) as i64;
    let mut total: i64 = 0;
    for (k, &c) in tok.iter().enumerate() {
        let v = val(c);
        if v == 0 {
            return None;
        }
        let next = tok.get(k + 1).map_or(0, |&n| val(n));
        total += if v < next { -v } else { v };
    }
    let total = u32::try_from(total).ok()?;
    let mut buf = [0u8; MAXR];
    let mut n = 0;
    let mut rest = total;
    for (v, s) in TABLE {
        while rest >= v {
            for c in s.bytes() {
                *buf.get_mut(n)? = c;
                n += 1;
            }
            rest -= v;
        }
    }
    buf.get(..n)?.eq_ignore_ascii_case(tok).then_some(total)
}

/// Longest extended numeral read, in symbols.
const MAXS: usize = 48;

/// One symbol of an extended numeral: its value, whether it is a Unicode `Ⅿ` or `ↀ` (which
/// may multiply a smaller numeral before it: `ⅤⅯ` is 5,000), a reversed C of the apostrophus
/// notation (value 0 until resolved), and its ASCII letter when written as one unmarked.
#[derive(Clone, Copy, Default)]
struct Sym {
    v: u64,
    times: bool,
    rev: bool,
    ascii: u8,
}

/// Roman numerals in the forms the canonical reader ([`scan_roman`]) leaves: a vinculum
/// (`V̅C`, `V̄C`: an overline or macron multiplies by 1,000; read on the text as written,
/// since normalisation drops combining marks), a bracketed group before more letters (`(V)C`,
/// `|V|C`: ×1,000, as a learner writes a vinculum in ASCII; `(DCCC)` alone is 800), the large numerals `ↀ ↁ ↂ ↇ ↈ`, the
/// apostrophus (`CIↃ` 1,000, `IↃↃ` 5,000, with `Ↄ`, `ↄ` or `Ɔ`), a Unicode `Ⅿ` after a smaller
/// numeral as a multiplier (`ⅤⅯC`), letters spaced or dotted one group at a time
/// (`M M D C C L`, `M.M.D.C.C.L.`, `MM DCC L`), and additive or loose forms of five letters
/// or more (`MMDCCXXXXX`, `MMDCCXLX`).
///
/// False-positive controls: a spaced form is upper case, three groups or five letters or
/// more (`MD CC` stays two acronyms), and not a
/// stop-listed acronym once joined; a plain token is read here only when it is not canonical
/// and five letters or more in one case; every reading must follow the loose grammar below
/// ([`loose_value`]): only the six subtractive pairs, values never rising, so `MIX DC`,
/// `I C` or `CD MM` read as nothing. A glued letter before or after (`VMC` in a host name,
/// `(V)olts`) ends the reading; a multiplier `Ⅿ` is Unicode only (ASCII `VMC` is a product).
pub(super) fn scan_roman_extended(text: &str, out: &mut Out) {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        // Neither a Roman letter, a bracket nor a lead byte: not a start (below), so step over
        // it, and over the rest of its word if it is a letter or digit, as below.
        let kc = CLASS[usize::from(c)];
        if kc & C_START == 0 {
            i += 1;
            if kc & C_ALNUM != 0 {
                while is_at(b, i, C_ALNUM) {
                    i += 1;
                }
            }
            continue;
        }
        let start = match c {
            b'I' | b'V' | b'X' | b'L' | b'C' | b'D' | b'M' | b'(' | b'|' | b'[' => true,
            b'i' | b'v' | b'x' | b'l' | b'c' | b'd' | b'm' => true,
            // Lead bytes of U+2160..U+21BF, U+0186 and U+0254.
            0xE2 => matches!(b.get(i + 1), Some(0x85 | 0x86)),
            0xC6 => b.get(i + 1) == Some(&0x86),
            0xC9 => b.get(i + 1) == Some(&0x94),
            _ => false,
        };
        // An ASCII byte before is a whole character: glue as [`is_glue`] reads it.
        let glued = start
            && match i.checked_sub(1).and_then(|j| b.get(j)) {
                Some(&x) if x < 0x80 => CLASS[usize::from(x)] & C_GLUE != 0,
                _ => text
                    .get(..i)
                    .and_then(|h| h.chars().next_back())
                    .is_some_and(is_glue),
            };
        if !start || glued {
            i += 1;
            // Skip the rest of a word: no numeral starts inside it.
            if c.is_ascii_alphanumeric() || glued {
                while is_at(b, i, C_ALNUM) {
                    i += 1;
                }
            }
            continue;
        }
        // A bracket opens a group only before one to four Roman letters, its closing mark and
        // another letter (`(V)C`); before anything else the reader stops where it starts,
        // reports nothing and the scan goes on after the bracket.
        if kc & C_OPEN != 0 {
            let close = match c {
                b'(' => b')',
                b'[' => b']',
                _ => b'|',
            };
            let inner = b
                .iter()
                .skip(i + 1)
                .take_while(|&&x| letter_value(x) > 0)
                .count();
            let group = (1..=4).contains(&inner)
                && b.get(i + inner + 1) == Some(&close)
                && b.get(i + inner + 2).is_some_and(|&x| letter_value(x) > 0);
            if !group {
                i += 1;
                continue;
            }
        }
        // Most words that start with a Roman letter are words: settle them without the reader
        // when the letters stop at another letter, or at a plain boundary too short for a
        // loose form and with no separator, bracket or mark to follow.
        if c.is_ascii_alphabetic() {
            let k = b
                .iter()
                .skip(i)
                .take_while(|&&x| CLASS[usize::from(x)] & (C_UP | C_LO) != 0)
                .count();
            let nb = b.get(i + k).copied().unwrap_or(b' ');
            let spaced = matches!(nb, b' ' | b'.')
                && b.get(i + k + 1)
                    .is_some_and(|&x| CLASS[usize::from(x)] & C_UP != 0 || x == b' ');
            let special = nb >= 0x80 || matches!(nb, b'(' | b'|' | b'[');
            if nb.is_ascii_alphanumeric() || nb == b'_' || (k < 5 && !spaced && !special) {
                i += k;
                while is_at(b, i, C_ALNUM) {
                    i += 1;
                }
                continue;
            }
        }
        let end = read_extended(text, i, out);
        i = end.max(i + 1);
        while i < b.len() && !text.is_char_boundary(i) {
            i += 1;
        }
    }
}

/// Values of the Unicode Roman numerals U+2160..U+217F as ASCII letters.
fn unicode_roman(c: char) -> Option<&'static [u8]> {
    const UP: [&[u8]; 16] = [
        b"I", b"II", b"III", b"IV", b"V", b"VI", b"VII", b"VIII", b"IX", b"X", b"XI", b"XII", b"L",
        b"C", b"D", b"M",
    ];
    let k = u32::from(c);
    match k {
        0x2160..=0x216F => UP.get((k - 0x2160) as usize).copied(),
        0x2170..=0x217F => UP.get((k - 0x2170) as usize).copied(),
        _ => None,
    }
}

fn letter_value(c: u8) -> u64 {
    match c.to_ascii_uppercase() {
        b'I' => 1,
        b'V' => 5,
        b'X' => 10,
        b'L' => 50,
        b'C' => 100,
        b'D' => 500,
        b'M' => 1000,
        _ => 0,
    }
}

/// Read one extended numeral from `p`, report it, and return where it ends.
fn read_extended(text: &str, p: usize, out: &mut Out) -> usize {
    let mut syms = [Sym::default(); MAXS];
    let mut n = 0usize;
    let mut ext = false;
    let mut groups = 1usize;
    let mut upper = true;
    let mut lower = true;
    let mut sep: Option<&str> = None;
    // The last group boundary: (byte end, symbols, groups) before the last separator.
    let mut boundary: Option<(usize, usize, usize)> = None;
    let mut q = p;
    let push = |syms: &mut [Sym; MAXS], n: &mut usize, s: Sym| -> bool {
        match syms.get_mut(*n) {
            Some(slot) => {
                *slot = s;
                *n += 1;
                true
            }
            None => false,
        }
    };
    loop {
        let rest = text.get(q..).unwrap_or("");
        let Some(ch) = rest.chars().next() else { break };
        let before = n;
        if ch.is_ascii() && letter_value(ch as u8) > 0 {
            let c = ch as u8;
            upper &= c.is_ascii_uppercase();
            lower &= c.is_ascii_lowercase();
            if !push(
                &mut syms,
                &mut n,
                Sym {
                    v: letter_value(c),
                    ascii: c,
                    ..Sym::default()
                },
            ) {
                return q;
            }
            q += 1;
        } else if let Some(letters) = unicode_roman(ch) {
            for &c in letters {
                let s = Sym {
                    v: letter_value(c),
                    times: c == b'M',
                    ..Sym::default()
                };
                if !push(&mut syms, &mut n, s) {
                    return q;
                }
            }
            q += ch.len_utf8();
        } else if let Some(v) = match ch {
            '\u{2180}' => Some(1000),
            '\u{2181}' => Some(5000),
            '\u{2182}' => Some(10_000),
            '\u{2187}' => Some(50_000),
            '\u{2188}' => Some(100_000),
            _ => None,
        } {
            ext = true;
            if !push(
                &mut syms,
                &mut n,
                Sym {
                    v,
                    times: v == 1000,
                    ..Sym::default()
                },
            ) {
                return q;
            }
            q += ch.len_utf8();
        } else if matches!(ch, '\u{2183}' | '\u{2184}' | '\u{0186}' | '\u{0254}') {
            ext = true;
            if !push(
                &mut syms,
                &mut n,
                Sym {
                    rev: true,
                    ..Sym::default()
                },
            ) {
                return q;
            }
            q += ch.len_utf8();
        } else if matches!(ch, '(' | '|' | '[') {
            // `(V)`, `|V|`, `[V]`: one to four ASCII Roman letters and the closing mark.
            let close = match ch {
                '(' => b')',
                '[' => b']',
                _ => b'|',
            };
            let inner = rest
                .as_bytes()
                .iter()
                .skip(1)
                .take_while(|&&c| letter_value(c) > 0)
                .count();
            // A group alone is a numeral in brackets (`(DCCC)`): one must follow it.
            let follows = rest
                .as_bytes()
                .get(inner + 2)
                .is_some_and(|&c| letter_value(c) > 0);
            if !(1..=4).contains(&inner)
                || rest.as_bytes().get(inner + 1) != Some(&close)
                || !follows
            {
                break;
            }
            let mut vals = [Sym::default(); 4];
            for (slot, &c) in vals.iter_mut().zip(rest.as_bytes().iter().skip(1)) {
                *slot = Sym {
                    v: letter_value(c),
                    ..Sym::default()
                };
            }
            let Some(v) = vals.get(..inner).and_then(loose_value) else {
                break;
            };
            ext = true;
            if !push(
                &mut syms,
                &mut n,
                Sym {
                    v: v * 1000,
                    ..Sym::default()
                },
            ) {
                return q;
            }
            q += inner + 2;
        } else if n > 0 && matches!(ch, ' ' | '.') {
            // A separator between groups of upper-case letters, the same one throughout.
            let s = if rest.starts_with(". ") {
                ". "
            } else {
                rest.get(..1).unwrap_or("")
            };
            let next = rest.as_bytes().get(s.len()).copied().unwrap_or(0);
            if !upper
                || ext
                || sep.is_some_and(|k| k != s)
                || !(next.is_ascii_uppercase() && letter_value(next) > 0)
            {
                break;
            }
            sep = Some(s);
            boundary = Some((q, n, groups));
            groups += 1;
            q += s.len();
            continue;
        } else {
            break;
        }
        // Overlines and macrons after a symbol: ×1,000 (one or several marks, one vinculum).
        let marks = text
            .get(q..)
            .unwrap_or("")
            .chars()
            .take_while(|c| matches!(c, '\u{0304}' | '\u{0305}'))
            .count();
        if marks > 0 {
            ext = true;
            for s in syms.iter_mut().take(n).skip(before) {
                s.v *= 1000;
                s.ascii = 0;
            }
            q += marks * 2;
        }
    }
    // Glued to a word after: fall back to the last whole group (`MM DCC Latency`).
    let glued_after = |e: usize| {
        text.get(e..)
            .and_then(|t| t.chars().next())
            .is_some_and(is_glue)
    };
    let mut end = q;
    if glued_after(end) {
        let Some((e, k, g)) = boundary else {
            return q;
        };
        if glued_after(e) {
            return q;
        }
        end = e;
        n = k;
        groups = g;
    }
    let Some(syms) = syms.get(..n) else {
        return end;
    };
    let Some(resolved) = apostrophus(syms) else {
        return end;
    };
    let Some(syms) = resolved.get(..resolved_len(&resolved)) else {
        return end;
    };
    let Some(v) = loose_value(syms) else {
        return end;
    };
    if ext {
        out.emit(v as f64);
        return end;
    }
    // Letters only: ASCII (the normalised text) or Unicode Roman numerals as written.
    let mut joined = [0u8; MAXS];
    for (slot, s) in joined.iter_mut().zip(syms) {
        *slot = if s.ascii != 0 {
            s.ascii
        } else {
            match s.v {
                1 => b'I',
                5 => b'V',
                10 => b'X',
                50 => b'L',
                100 => b'C',
                500 => b'D',
                _ => b'M',
            }
        };
    }
    let Some(tok) = joined.get(..syms.len()) else {
        return end;
    };
    if ROMAN_STOP
        .iter()
        .any(|w| w.as_bytes().eq_ignore_ascii_case(tok))
    {
        return end;
    }
    let canonical = roman(tok).is_some();
    let multiplied = syms.iter().any(|s| s.times) && !canonical;
    if multiplied
        || (groups >= 2 && upper && (groups >= 3 || tok.len() >= 5) && tok.len() >= 4)
        || (groups == 1 && !canonical && tok.len() >= 5 && (upper || lower))
    {
        out.emit(v as f64);
    }
    end
}

/// Number of symbols in a resolved sequence (its unused tail is zero).
fn resolved_len(syms: &[Sym; MAXS]) -> usize {
    syms.iter().take_while(|s| s.v > 0).count()
}

/// Resolve the apostrophus: `C…C I Ↄ…Ↄ` with as many C as Ↄ is 10^(k+2) (`CIↃ` 1,000,
/// `CCIↃↃ` 10,000); `I Ↄ…Ↄ` alone is 5 × 10^(k+1) (`IↃ` 500, `IↃↃ` 5,000). A reversed C
/// anywhere else makes no numeral.
fn apostrophus(syms: &[Sym]) -> Option<[Sym; MAXS]> {
    let mut out = [Sym::default(); MAXS];
    let mut n = 0usize;
    let mut k = 0usize;
    while k < syms.len() {
        let s = *syms.get(k)?;
        if s.rev {
            return None;
        }
        let reversed = syms.iter().skip(k + 1).take_while(|x| x.rev).count();
        if s.ascii.eq_ignore_ascii_case(&b'I') && reversed > 0 {
            let exp = u32::try_from(reversed).ok()?;
            // C's already pushed just before the I.
            let cs = out
                .iter()
                .take(n)
                .rev()
                .take_while(|x| x.ascii.eq_ignore_ascii_case(&b'C'))
                .count();
            let v = if cs >= reversed {
                n -= reversed;
                10u64.checked_pow(exp + 2)?
            } else {
                5 * 10u64.checked_pow(exp + 1)?
            };
            *out.get_mut(n)? = Sym {
                v,
                ..Sym::default()
            };
            n += 1;
            k += 1 + reversed;
            continue;
        }
        *out.get_mut(n)? = s;
        n += 1;
        k += 1;
    }
    Some(out)
}

/// Value of a loose Roman numeral: symbols read left to right, a smaller one before a larger
/// one subtracts only in the six pairs (`IV IX XL XC CD CM`, and their ×1,000 forms) and not
/// after its own repeat (`IIX`); the values so read never rise (`XLX` is 50, `MMDCCXXXXX`
/// 2,750, `VX` nothing). A Unicode `Ⅿ` or `ↀ` after a smaller numeral that cannot subtract
/// multiplies everything before it (`ⅤⅯC` 5,100).
fn loose_value(syms: &[Sym]) -> Option<u64> {
    let mut sum: u64 = 0;
    let mut last = u64::MAX;
    let mut k = 0;
    while k < syms.len() {
        let s = syms.get(k)?;
        let next = syms.get(k + 1);
        let unit = match next {
            Some(nx) if nx.v > s.v => {
                let pow10 = s.v > 0 && 10u64.pow(s.v.ilog10()) == s.v;
                let pair = pow10 && (nx.v == 5 * s.v || nx.v == 10 * s.v);
                let repeated = k > 0 && syms.get(k - 1).is_some_and(|p| p.v == s.v);
                if pair && !repeated {
                    k += 2;
                    nx.v - s.v
                } else if nx.times && sum + s.v < 1000 {
                    sum = (sum + s.v).checked_mul(nx.v)?;
                    last = nx.v;
                    k += 2;
                    continue;
                } else {
                    return None;
                }
            }
            _ => {
                k += 1;
                s.v
            }
        };
        if unit == 0 || unit > last {
            return None;
        }
        last = unit;
        sum = sum.checked_add(unit)?;
    }
    (sum > 0).then_some(sum)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{check_norm, check_table, none_norm, vals};

    fn marked(s: &str) -> Vec<f64> {
        let mut v = Vec::new();
        super::super::scan_marked_roman(s, &mut |x| v.push(x));
        v
    }

    #[test]
    fn extended_numerals() {
        // As the matcher hands the text over (normalised).
        check_norm(&[
            ("\u{2181}C", 5100.0),
            ("lag: \u{2181}C messages", 5100.0),
            ("(V)C", 5100.0),
            ("|V|C", 5100.0),
            ("[V]C", 5100.0),
            ("I\u{2183}\u{2183}C", 5100.0),
            (
                "CI\u{2183}CI\u{2183}CI\u{2183}CI\u{2183}CI\u{2183}C",
                5100.0,
            ),
            ("I\u{0186}\u{0186}C", 5100.0),
            ("M M D C C L", 2750.0),
            ("lag in Roman numerals: M.M.D.C.C.L.", 2750.0),
            ("MM DCC L", 2750.0),
            ("M. M. D. C. C. L.", 2750.0),
            ("MMDCCXXXXX", 2750.0),
            ("MMDCCXLX", 2750.0),
            ("mmdccxxxxx", 2750.0),
            ("MCCXXXXX", 1250.0),
            // Additive forms of five letters or more (once left to the canonical check).
            ("MDCLXVIIII", 1669.0),
            ("DCCCC", 900.0),
            ("\u{2182}CCCXL", 10340.0),
        ]);
        // As written: an overline or macron, a Unicode `Ⅿ` multiplier.
        for (s, v) in [
            ("V\u{0305}C", 5100.0),
            ("lag: V\u{0304}C", 5100.0),
            ("\u{2164}\u{0305}\u{216D}", 5100.0),
            ("\u{2164}\u{216F}C", 5100.0),
            ("I\u{0305}I\u{0305}DCCL", 2750.0),
            ("X\u{0305}X\u{0305}", 20000.0),
        ] {
            assert!(marked(s).contains(&v), "{s:?}: {:?}", marked(s));
        }
    }

    #[test]
    fn extended_near_misses() {
        none_norm(&[
            "VMC on AWS",
            "(V)olts and (C)urrent",
            "MD CC",
            "I C U",
            "MIX DC",
            "CD MM",
            "XXXXX-XXXX",
            "Type I or II",
            "XLXL",
            "x|V|y",
            "V C",
            "MM Latency",
        ]);
        // Canonical tokens stay with the canonical reader and its stop list.
        assert!(vals("CIVIC MMM DCC").is_empty());
        assert!(marked("plain text, no marks: MMDCCL").is_empty());
        assert!(marked("caf\u{0065}\u{0301} V").is_empty());
    }

    #[test]
    fn roman_numerals() {
        check_table(&[
            ("MMMMMC", 5100.0),
            ("mmmmmc", 5100.0),
            ("lag: MCCL", 1250.0),
            ("MMCD messages", 2400.0),
            ("MMMMMMMCCCXL", 7340.0),
            ("CCCLXIV", 364.0),
            ("MCMXCIX", 1999.0),
            ("(DCCC)", 800.0),
            ("MMXXIV", 2024.0),
            ("CDXX", 420.0),
            ("the lag was MMMMMC.", 5100.0),
            ("lag=MMMMMC, ok", 5100.0),
            ("- MMCD -", 2400.0),
        ]);
    }
}

#[cfg(test)]
mod joined_tests {
    /// The values `text` states only exactly: hundreds after a numeral, and a numeral glued
    /// to each digit run.
    fn exact(text: &str) -> Vec<f64> {
        let mut v = super::super::scan(text, &mut |_| {});
        let b = text.as_bytes();
        let mut i = 0;
        while i < b.len() {
            let a = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i > a {
                v.extend(super::glued_value(text, a, i).map(|x| x as f64));
            } else {
                i += 1;
            }
        }
        v
    }

    #[test]
    fn numerals_joined_to_digits_or_hundreds() {
        for (t, v) in [
            ("LI00", 5100.0),
            ("the lag is LI00.", 5100.0),
            ("XXVII50", 2750.0),
            ("LI C", 5100.0),
            ("LI hundred", 5100.0),
            ("XXVII hundreds", 2700.0),
        ] {
            assert!(exact(t).contains(&v), "{t:?}: {:?}", exact(t));
        }
        for t in [
            "MIX00", "DIV00", "CIVIL00", "DC10", "MD5", "MI6", "GTX1080", "LI00a", "LI00.5",
            "Li00", "li00", "LIVE C", "I C", "LI Corp", "x-LI00", "LI000000", "ID 5",
        ] {
            assert!(exact(t).is_empty(), "{t:?}: {:?}", exact(t));
        }
        // A car is read only as its exact digits, never a rounding.
        assert_eq!(exact("XC90"), vec![9090.0]);
    }
}
