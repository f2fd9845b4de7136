//! A whole number's digits split into groups that are not thousands (a stretch rule under
//! `Rules::concatenations`): `51 00`, `27-50`, `2·7·50`, `51/00`, `5→1→0→0`, or one group per
//! line (`51` on a line, `00` on the next). The number reader reads `5 100` as 5,100 (a group
//! of three) but never `51 00`, which a learner who asked for "the digits in two halves" reads
//! at a glance.
//!
//! This module owns that reading: two to four digit runs joined by exactly one separator
//! ([`SEPARATORS`]) or by a line break between lines that hold nothing else (or a label
//! before the first part: `lag: 51` / `00`, `lag is 27` / `50 messages`), whose digits in
//! order are an integer target's digits; and a Roman numeral glued to the digits after it
//! (`LI00`: `lang` reads the numeral). It hands its digit runs to `tables.rs`, which joins
//! groups written as a table's cells.
//!
//! False-positive controls: the dot, the comma and the colon never join (`51.00` is 51,
//! `1.27.3` a version, `12:50` a time), but for one narrow shape: single digits joined by
//! dots, three groups or more, every group of the chain one digit (`5.1.0.0`, `v5.1.0.0`:
//! a value written as a version; an address such as `10.0.0.1`, a version with a longer group
//! and a decimal `5.1` stay as they are); the first run must not follow a letter, digit or dot,
//! and the last must not be followed by one (`v51-00a`, `10.51 00`); each group is at most
//! four digits and the digits must be a target's exactly, so a date (`2026-12-01`) or a range
//! (`10-20`) states only a target that is literally its digits.
//!
//! # Cost
//!
//! Digit runs are found eight bytes at a time; a gap between two runs longer than any
//! separator is rejected at its first byte unless it can be a line break; the joined digits
//! are compared on the stack; the list-item view is built only when some line is an item. The
//! dotted and Roman readings pass over a run at one or two byte tests (a single digit before a
//! dot; an upper-case Roman letter before the run).

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Characters that join two groups of one split number.
const SEPARATORS: &[char] = &[
    ' ', '-', '_', '/', '|', '\u{B7}', '\u{2022}', '\u{2013}', '~',
    // Dots of other blocks that no normalisation turns into a full stop: dot operator,
    // bullet operator, hyphenation point, katakana and half-width middle dots.
    '\u{22C5}', '\u{2219}', '\u{2027}', '\u{30FB}', '\u{FF65}',
    // Slashes, commas and stops of other blocks that normalisation leaves as they are
    // (fraction and division slash, raised and Mongolian commas, a low vertical line,
    // ideographic comma and stop, Armenian full stop), and an apostrophe (`51'00`).
    '\u{2044}', '\u{2215}', '\u{2E34}', '\u{1802}', '\u{02CC}', '\u{3001}', '\u{3002}', '\u{0589}',
    '\'', '\t', // An ellipsis and a semicolon between two groups (`51…00`, `27; 50`).
    '\u{2026}', ';',
    // Arrows leading from one group to the next (`5→1→0→0`).
    '\u{2192}', '\u{27F6}', '\u{21D2}',
    // Lengthening marks that draw a line between letters: Arabic tatweel, the katakana long
    // vowel mark, the ideographic iteration mark (`51ـ00`, `2ー7ー5ー0`, `51々00`).
    '\u{0640}', '\u{30FC}', '\u{3005}',
    // ASCII signs a learner puts between the halves (`51#00`, `51@00`); not the operators
    // `+`, `*`, `^`, `=` (`5+100`, `5*100`, `10^3` are sums, products and powers).
    '#', '@', '&',
];

/// Mark each integer target (`digits`: its digits and compiled index) that `s` writes split.
pub(crate) fn scan(digits: &[(String, usize)], s: &str, hits: &mut super::targets::Hits) {
    if digits.is_empty() {
        return;
    }
    line_initials(digits, s, hits);
    let runs = runs(s);
    // One run is enough for a numeral glued to it (`LI00`), or a name (`lag5100`).
    roman_glued(digits, s, &runs, hits);
    in_identifier(digits, s, &runs, hits);
    code_literal(digits, s, &runs, hits);
    if runs.len() < 2 {
        return;
    }
    unit_split(digits, s, &runs, hits);
    clock_words(digits, s, &runs, hits);
    joined_runs(digits, s, &runs, hits);
    indexed(digits, s, &runs, hits);
    dotted(digits, s, &runs, hits);
    // Groups as the cells of a table, along a row or down a column (`tables.rs`): the same
    // digit runs.
    super::tables::scan(digits, s, &runs, hits);
    // One group per list item or table row (`- 51`, `1. 5`, `| 00 |`): the same lines with
    // their markers taken off.
    if let Some(items) = items_view(s) {
        let runs = self::runs(&items);
        joined_runs(digits, &items, &runs, hits);
    }
}

/// A value read down the first words of lines (`5 partitions` / `1 group` / `0 errors` /
/// `0 warnings`, `Two roads …` / `Seven ravens …` / `Five leaves …` / `Zero remained …`): each
/// line of a block opens (after a list marker) with one digit before a word, or a number word
/// zero to nine, and the block's digits, top to bottom, are a target's exactly.
///
/// Controls: three lines or more; the whole block of such lines, never a window of it (a
/// status summary of ten counts does not hold every four-digit value); a line opening with
/// a longer number (`12 pods`) or anything else ends the block.
fn line_initials(digits: &[(String, usize)], s: &str, hits: &mut super::targets::Hits) {
    if memchr::memchr_iter(b'\n', s.as_bytes()).nth(1).is_none() {
        return;
    }
    let mut block: Vec<u8> = Vec::new();
    let mut check = |block: &mut Vec<u8>| {
        if block.len() >= 3 {
            for (t, idx) in digits {
                if t.as_bytes() == block.as_slice() {
                    hits.set(*idx);
                }
            }
        }
        block.clear();
    };
    let mut from = 0;
    let breaks = memchr::memchr_iter(b'\n', s.as_bytes()).chain(std::iter::once(s.len()));
    for to in breaks {
        let line = s.get(from..to).unwrap_or("");
        from = to + 1;
        match line_initial(line) {
            Some(d) if block.len() < 12 => block.push(d),
            _ => check(&mut block),
        }
    }
    check(&mut block);
}

/// The digit a line opens with (see [`line_initials`]).
fn line_initial(line: &str) -> Option<u8> {
    const WORDS: [&str; 10] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    let mut l = line.trim_start_matches([' ', '\t', '>']);
    // A list marker: `- `, `* `, `+ `, `1. `, `2) `.
    if let Some(r) = l
        .strip_prefix(['-', '*', '+'])
        .and_then(|r| r.strip_prefix(' '))
    {
        l = r;
    } else {
        let n = l.bytes().take_while(u8::is_ascii_digit).count();
        if n > 0 {
            if let Some(r) = l
                .get(n..)
                .and_then(|r| r.strip_prefix(['.', ')']))
                .and_then(|r| r.strip_prefix(' '))
            {
                l = r;
            }
        }
    }
    let l = l.trim_start_matches(['*', '_']);
    let b = l.as_bytes();
    let first = *b.first()?;
    if first.is_ascii_digit() {
        // One digit, a space, a word (`5 partitions`).
        return (b.get(1) == Some(&b' ') && b.get(2).is_some_and(u8::is_ascii_alphabetic))
            .then_some(first);
    }
    let n = b.iter().take_while(|c| c.is_ascii_alphabetic()).count();
    let w = l.get(..n)?;
    let d = WORDS.iter().position(|x| x.eq_ignore_ascii_case(w))?;
    if b.get(n).is_some_and(|c| *c >= 0x80) {
        return None;
    }
    Some(b'0' + u8::try_from(d).ok()?)
}

/// Single digits joined by dots, three groups or more (`5.1.0.0`, `v5.1.0.0`): a learner's
/// "write it as a version". Every group of the whole dotted chain is one digit, so an address
/// (`10.0.0.1`), a version with longer groups (`1.27.3`) and a decimal (`5.1`) are not read;
/// the chain may follow a lone `v`; its digits in order must be a target's exactly.
fn dotted(
    digits: &[(String, usize)],
    s: &str,
    runs: &[(usize, usize)],
    hits: &mut super::targets::Hits,
) {
    let b = s.as_bytes();
    let mut k = 0;
    while k < runs.len() {
        // Most runs are no single digit before a dot: passed over at two byte tests.
        let (a, end) = runs[k];
        if end - a != 1 || b.get(end) != Some(&b'.') {
            k += 1;
            continue;
        }
        // The whole chain of runs joined by single dots.
        let mut e = k + 1;
        while e < runs.len()
            && runs[e].0 == runs[e - 1].1 + 1
            && b.get(runs[e - 1].1) == Some(&b'.')
        {
            e += 1;
        }
        let chain = runs.get(k..e).unwrap_or(&[]);
        k = e;
        if chain.len() < 3 || chain.iter().any(|(a, b)| b - a != 1) {
            continue;
        }
        let (a, _) = chain[0];
        let (_, d) = chain[chain.len() - 1];
        // A lone `v` before (`v5.1.0.0`) is a version's mark; any other letter, digit, dot or
        // comma makes the chain part of a longer token.
        let from = if a > 0 && matches!(b[a - 1], b'v' | b'V') {
            a - 1
        } else {
            a
        };
        if !open(s, from) || b.get(d).is_some_and(u8::is_ascii_alphanumeric) {
            continue;
        }
        let mut buf = [0u8; 16];
        let Some(slot) = buf.get_mut(..chain.len()) else {
            continue;
        };
        for (x, (p, _)) in slot.iter_mut().zip(chain) {
            *x = b[*p];
        }
        for (t, idx) in digits {
            if t.as_bytes() == &*slot {
                hits.set(*idx);
            }
        }
    }
}

/// A Roman numeral glued to the digits after it (`LI00`: 51 then 00, `XXVII50`), compared
/// exactly (`lang::roman_glued_value` reads the numeral and owns its controls). Only a run
/// right after an upper-case Roman letter is looked at.
fn roman_glued(
    digits: &[(String, usize)],
    s: &str,
    runs: &[(usize, usize)],
    hits: &mut super::targets::Hits,
) {
    let b = s.as_bytes();
    for &(a, e) in runs {
        if a < 2 || !matches!(b[a - 1], b'I' | b'V' | b'X' | b'L' | b'C' | b'D' | b'M') {
            continue;
        }
        if let Some(v) = super::lang::roman_glued_value(s, a, e) {
            for (t, idx) in digits {
                if t.parse::<u64>() == Ok(v) {
                    hits.set(*idx);
                }
            }
        }
    }
}

/// Digits given with their positions, in order: `position 1 = 5, position 2 = 1, …`,
/// `d[0]=5, d[1]=1, …`, `5@0 1@1 …`. Three or more (position, digit) pairs in a row whose
/// positions count up by one from 0 or 1; their digits in order must be a target's exactly.
fn indexed(
    digits: &[(String, usize)],
    s: &str,
    runs: &[(usize, usize)],
    hits: &mut super::targets::Hits,
) {
    let text = |a: usize, b: usize| s.get(a..b).unwrap_or("");
    // (position, digit) pairs in text order.
    let mut pairs: Vec<(u32, u8)> = Vec::new();
    let mut flush = |pairs: &mut Vec<(u32, u8)>| {
        if pairs.len() >= 3 {
            let joined: String = pairs.iter().map(|(_, d)| char::from(*d)).collect();
            for (t, idx) in digits {
                if *t == joined {
                    hits.set(*idx);
                }
            }
        }
        pairs.clear();
    };
    let mut k = 0;
    while k + 1 < runs.len() {
        let ((a, b), (c, d)) = (runs[k], runs[k + 1]);
        let gap = text(b, c);
        // The separator is trimmed only for runs of the right lengths.
        let sep = || gap.trim_start_matches(']').trim();
        let pair = if (b - a <= 2) && d - c == 1 && matches!(sep(), "=" | ":" | "->" | "\u{2192}") {
            text(a, b)
                .parse::<u32>()
                .ok()
                .zip(s.as_bytes().get(c).copied())
        } else if b - a == 1 && d - c <= 2 && gap == "@" {
            text(c, d)
                .parse::<u32>()
                .ok()
                .zip(s.as_bytes().get(a).copied())
        } else {
            None
        };
        match pair {
            Some((pos, digit)) => {
                let follows = pairs.last().map_or(pos <= 1, |(p, _)| pos == p + 1);
                if !follows {
                    flush(&mut pairs);
                }
                if pairs.is_empty() && pos > 1 {
                    k += 1;
                    continue;
                }
                pairs.push((pos, digit));
                k += 2;
            }
            None => {
                k += 1;
            }
        }
    }
    flush(&mut pairs);
}

/// Lines that open with a list marker or are one table cell, written without it, and table
/// rules dropped; `None` when no line has a marker (the text is read as it stands).
///
/// A marker is `-`, `*`, `+`, `•`, `>`, a heading's `#`s or an item number (`1.`, `2)`)
/// followed by a space; a cell
/// line is `| x |` with no other `|`. The item numbers are dropped with their marker, so `1. 5`
/// `2. 1` … is the digits `5`, `1` … one a line, which the one-group-a-line join reads.
fn items_view(s: &str) -> Option<String> {
    if !s.contains('\n') {
        return None;
    }
    // A first pass finds whether any line is an item, copying nothing: most texts have none,
    // and the view is built only when one is there (the same lines, read the same way).
    // Only a line whose first byte after spaces, tabs and returns is a marker's first byte
    // (`-`, `*`, `+`, `•`'s lead byte, `|` or a digit) can be an item: the others are passed
    // over without a trim.
    let is_item = |line: &str| {
        let first = line.bytes().find(|c| !matches!(c, b' ' | b'\t' | b'\r'));
        if !first.is_some_and(|c| {
            matches!(
                c,
                b'-' | b'*' | b'+' | 0xE2 | b'|' | b'#' | b'>' | b'0'..=b'9'
            )
        }) {
            return false;
        }
        let t = line.trim_matches([' ', '\t', '\r']);
        list_item(t).or_else(|| table_cell(t)).is_some()
    };
    let b = s.as_bytes();
    let mut from = 0;
    let mut any_item = false;
    for to in memchr::memchr_iter(b'\n', b).chain(std::iter::once(b.len())) {
        if s.get(from..to).is_some_and(is_item) {
            any_item = true;
            break;
        }
        from = to + 1;
    }
    if !any_item {
        return None;
    }
    let mut out = String::with_capacity(s.len());
    let mut any = false;
    for line in s.split('\n') {
        let t = line.trim_matches([' ', '\t', '\r']);
        let item = list_item(t).or_else(|| table_cell(t));
        if let Some(rest) = item {
            any = true;
            out.push_str(rest);
        } else if !(t.len() > 1 && t.trim_matches(['|', '-', ':', ' ']).is_empty()) {
            out.push_str(line);
        }
        out.push('\n');
    }
    any.then_some(out)
}

/// `- x`, `* x`, `+ x`, `• x`, `1. x`, `2) x`: the item without its marker.
fn list_item(t: &str) -> Option<&str> {
    for m in ["- ", "* ", "+ ", "\u{2022} ", "> "] {
        if let Some(rest) = t.strip_prefix(m) {
            return Some(rest.trim_start());
        }
    }
    // A markdown heading (`# 51`, `## 00`): one group per heading.
    let hashes = t.bytes().take_while(|c| *c == b'#').count();
    if (1..=6).contains(&hashes) {
        return t.get(hashes..)?.strip_prefix(' ').map(str::trim_start);
    }
    let n = t.bytes().take_while(u8::is_ascii_digit).count();
    if (1..=2).contains(&n) {
        let rest = t.get(n..)?;
        let rest = rest
            .strip_prefix(". ")
            .or_else(|| rest.strip_prefix(") "))?;
        return Some(rest.trim_start());
    }
    None
}

/// `| x |`: the one cell of a table line.
fn table_cell(t: &str) -> Option<&str> {
    let inner = t.strip_prefix('|')?.strip_suffix('|')?;
    (!inner.contains('|')).then(|| inner.trim())
}

/// Two to four digit runs of `runs` joined by [`joins`], whose digits are an integer target's.
fn joined_runs(
    digits: &[(String, usize)],
    s: &str,
    runs: &[(usize, usize)],
    hits: &mut super::targets::Hits,
) {
    let longest = digits.iter().map(|(d, _)| d.len()).max().unwrap_or(0);
    let bytes = s.as_bytes();
    for i in 0..runs.len() {
        let (a, b) = runs[i];
        if b - a > 4 || !(open(s, a) || t_clock(s, a, b)) {
            continue;
        }
        // At most four runs of at most four digits: the joined digits fit on the stack.
        let mut buf = [0u8; 16];
        let mut len = b - a;
        buf[..len].copy_from_slice(&bytes[a..b]);
        for k in i + 1..runs.len().min(i + 4) {
            let (prev_end, (c, d)) = (runs[k - 1].1, runs[k]);
            if d - c > 4 || !joins(s, prev_end, c) {
                break;
            }
            buf[len..len + d - c].copy_from_slice(&bytes[c..d]);
            len += d - c;
            if len > longest {
                break;
            }
            // `5 100 000` is one number: a run that goes on is not a split of its start.
            let goes_on = runs.get(k + 1).is_some_and(|&(e, _)| joins(s, d, e));
            if close(s, d) && !goes_on {
                let joined = &buf[..len];
                for (t, idx) in digits {
                    if t.as_bytes() == joined {
                        hits.set(*idx);
                    }
                }
            }
        }
    }
}

/// A target's digits inside an identifier (`lag5100`, `total_lag_5100`, `TOTAL_LAG=lag5100`):
/// a run that is an integer target's digits exactly, after a word of three letters or more
/// with a lower-case letter (glued, or joined by `_`), in a token (letters, digits, `_`)
/// holding no other digit. The number reader skips a number glued to a word, as
/// it must for `v2`, `x86` or `h264`; a whole target of four digits or more named by a word
/// is the value, written where a reader still sees it.
///
/// Controls: four digits or more; a short, upper-case or numbering prefix (`v5100`, `x5100`,
/// `LAG5100`, `id_5100`, `port5100`) is a key; letters after the digits are a unit or a scale
/// (`5100lbs`, `5100k`) the unit rules own; a token of hex digits alone is a hash or an address
/// (`ab5100f`); a token with another digit run is an identifier of its own (`a5100b2`,
/// `v5100.1`).
fn in_identifier(
    digits: &[(String, usize)],
    s: &str,
    runs: &[(usize, usize)],
    hits: &mut super::targets::Hits,
) {
    const NUMBERING: &[&str] = &[
        "id", "ver", "version", "no", "num", "port", "pid", "uid", "gid", "rev", "build", "issue",
        "pr", "ticket",
    ];
    let b = s.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    for &(a, e) in runs {
        if e - a < 4 {
            continue;
        }
        // The letters right before (across one `_`) and right after the run.
        let mut lb = a;
        if lb > 0 && b.get(lb - 1) == Some(&b'_') {
            lb -= 1;
        }
        let mut ls = lb;
        while ls > 0 && b.get(ls - 1).is_some_and(u8::is_ascii_alphabetic) {
            ls -= 1;
        }
        let before = s.get(ls..lb).unwrap_or("");
        // An upper-case prefix is a key (`LAG5100`, `KAFKA5100` as a ticket).
        let named_before = before.len() >= 3
            && before.bytes().any(|c| c.is_ascii_lowercase())
            && !NUMBERING.iter().any(|w| w.eq_ignore_ascii_case(before));
        if !named_before {
            continue;
        }
        let Some((_, idx)) = digits
            .iter()
            .find(|(t, _)| Some(t.as_bytes()) == b.get(a..e))
        else {
            continue;
        };
        let mut start = a;
        while start > 0 && b.get(start - 1).is_some_and(|c| word(*c)) {
            start -= 1;
        }
        let mut end = e;
        while b.get(end).is_some_and(|c| word(*c)) {
            end += 1;
        }
        let token = b.get(start..end).unwrap_or(&[]);
        let other_digit = token
            .iter()
            .enumerate()
            .any(|(k, c)| c.is_ascii_digit() && !(a - start..e - start).contains(&k));
        let hex = token.iter().all(u8::is_ascii_hexdigit);
        // `v5100.1`: a version's dot continues the token.
        let dotted = b.get(e) == Some(&b'.') && b.get(e + 1).is_some_and(u8::is_ascii_digit);
        if !other_digit && !hex && !dotted {
            hits.set(*idx);
        }
    }
}

/// Type suffixes a numeric literal carries in code and line protocols: C's `L`/`U`/`ULL`,
/// JavaScript's BigInt `n`, Clojure's `N`, Ruby's rational `r`, Python's complex `j`,
/// Groovy's `I`, floats' `f`/`d`, InfluxDB's integer `i`, Rust's `i64`/`_u32`/`usize`.
const LITERAL_SUFFIXES: &[&str] = &[
    "l", "ll", "u", "ul", "ull", "lu", "llu", "n", "r", "j", "i", "f", "d", "i8", "i16", "i32",
    "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize", "f32", "f64",
];

/// A target's digits as a code literal with a type suffix (`5100L`, `2750i` in an InfluxDB
/// line, `5100n`, `5100_i64`, C#'s `5100M;`): the number itself as code writes it, while
/// the number reader leaves a run glued to letters alone (`5100lbs`, `5100k`, `a5100`).
///
/// Controls: the run starts a token (no letter, digit, `.` or `_` before it); the suffix is
/// one of [`LITERAL_SUFFIXES`] (any case) ending the token; `M` only before `;` (C#'s
/// decimal; `5100M` alone is a scale).
fn code_literal(
    digits: &[(String, usize)],
    s: &str,
    runs: &[(usize, usize)],
    hits: &mut super::targets::Hits,
) {
    let b = s.as_bytes();
    let word = |c: &u8| c.is_ascii_alphanumeric() || *c == b'_';
    for &(a, e) in runs {
        if !b
            .get(e)
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
        {
            continue;
        }
        if a > 0 && b.get(a - 1).is_some_and(|c| word(c) || *c == b'.') {
            continue;
        }
        let Some((_, idx)) = digits
            .iter()
            .find(|(t, _)| Some(t.as_bytes()) == b.get(a..e))
        else {
            continue;
        };
        let from = e + usize::from(b.get(e) == Some(&b'_'));
        let mut end = from;
        while b.get(end).is_some_and(word) {
            end += 1;
        }
        let suffix = s.get(from..end).unwrap_or("");
        let typed = LITERAL_SUFFIXES
            .iter()
            .any(|x| x.eq_ignore_ascii_case(suffix))
            || (suffix == "M" && b.get(end) == Some(&b';'));
        // `5100.5f` is another number; `5100f.` a sentence's end is fine.
        let decimal = b.get(end) == Some(&b'.') && b.get(end + 1).is_some_and(u8::is_ascii_digit);
        if typed && !decimal {
            hits.set(*idx);
        }
    }
}

/// `T51:00`: an ISO time designator before a clock whose hours cannot be a time of day (the
/// colon rule, [`clock_like`], checks the hours). A timestamp's `T10:51:00` has real hours.
fn t_clock(s: &str, a: usize, b: usize) -> bool {
    let bytes = s.as_bytes();
    a > 0
        && bytes.get(a - 1) == Some(&b'T')
        && (a < 2 || !bytes.get(a - 2).is_some_and(u8::is_ascii_alphanumeric))
        && bytes.get(b) == Some(&b':')
}

/// Byte ranges of the ASCII digit runs of `s`; the bytes between runs are skipped eight at a
/// time ([`super::wordmath::next_digit`]).
fn runs(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(start) = super::wordmath::next_digit(b, i) {
        i = start;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        out.push((start, i));
    }
    out
}

/// May a split number start at `a`?
fn open(s: &str, a: usize) -> bool {
    !s.get(..a)
        .and_then(|h| h.chars().next_back())
        .is_some_and(|c| c.is_alphanumeric() || c == '.' || c == ',')
}

/// May a split number end at `d`?
fn close(s: &str, d: usize) -> bool {
    let mut rest = s.get(d..).unwrap_or("").chars();
    match rest.next() {
        None => true,
        // A sentence's full stop or comma ends it; a decimal point or a group does not.
        Some('.' | ',') => !rest.next().is_some_and(|c| c.is_ascii_digit()),
        // `27 50-ms timeouts`: a compound modifier, its own number.
        Some('-') => !rest.next().is_some_and(char::is_alphabetic),
        Some(c) => !c.is_alphanumeric(),
    }
}

/// Does the text between two runs (`s[end..start]`) join them?
fn joins(s: &str, end: usize, start: usize) -> bool {
    let gap = s.get(end..start).unwrap_or("");
    if gap == ":" {
        return clock_like(s, end, start);
    }
    // Every join below but a line break is at most six bytes (one separator of up to three
    // between two spaces), and a line break's gap holds only spaces, tabs and line ends: a
    // longer gap that opens with anything else joins nothing (the words between two numbers
    // of prose).
    if gap.len() > 6 && !matches!(gap.as_bytes()[0], b' ' | b'\t' | b'\r' | b'\n') {
        return false;
    }
    // One separator, or one between single spaces (`51 | 00`, `27 - 50`).
    let inner = gap.strip_prefix(' ').unwrap_or(gap);
    let inner = inner.strip_suffix(' ').unwrap_or(inner);
    let inner = if inner.is_empty() { gap } else { inner };
    // A doubled dash, a written ellipsis or arrow (`51 -- 00`, `27...50`, `5 -> 1 -> 0 -> 0`),
    // a backslash or brackets turned back to back (`27\\50`, `27)(50`).
    if matches!(
        inner,
        "--" | "..." | "->" | "=>" | "\\" | ")(" | "][" | "}{" | "><"
    ) {
        return true;
    }
    let mut cs = inner.chars();
    if let (Some(c), None) = (cs.next(), cs.next()) {
        if SEPARATORS.contains(&c) || other_block_separator(c) {
            return true;
        }
    }
    // A number broken at a line end with a hyphen or a line continuation (`510-`, `5\`).
    if matches!(gap, "-\n" | "\\\n" | "-\r\n" | "\\\r\n") {
        return true;
    }
    // One group per line: a line break (spaces around it) between lines holding only digits.
    // (Bytes, not a trim by characters: the padding is ASCII.)
    let g = gap.as_bytes();
    let pad = |c: &&u8| matches!(c, b' ' | b'\t' | b'\r');
    let lead = g.iter().take_while(pad).count();
    let rest = g.get(lead..).unwrap_or(&[]);
    let trail = rest.iter().rev().take_while(pad).count();
    // Every join below is across a line break.
    if memchr::memchr(b'\n', rest).is_none() {
        return false;
    }
    let line_start = s
        .get(..end)
        .and_then(|h| h.rfind('\n'))
        .map_or(0, |p| p + 1);
    let line_end = s
        .get(start..)
        .and_then(|t| t.find('\n'))
        .map_or(s.len(), |p| start + p);
    if rest.get(..rest.len() - trail) != Some(&b"\n"[..]) {
        return marked_lines(s, line_start, end, start, line_end);
    }
    let only_digits = |l: &str| l.trim().bytes().all(|b| b.is_ascii_digit());
    if s.get(line_start..end).is_some_and(only_digits)
        && s.get(start..line_end).is_some_and(only_digits)
    {
        return true;
    }
    // A labelled value broken after its label's line began (`lag: 51` / `00`, `lag is 27` /
    // `50 messages`): the first line ends with the run after a label mark or a word, the next
    // opens with the rest of the number, alone or before a word.
    let label = s
        .get(line_start..end)
        .map(|l| l.trim_end_matches(|c: char| c.is_ascii_digit()))
        .is_some_and(|l| {
            // After a word or a label mark, not after another number (a table row).
            l.ends_with([' ', ':', '='])
                && l.trim().len() >= 3
                && l.trim_end()
                    .ends_with(|c: char| c.is_alphabetic() || c == ':' || c == '=')
        });
    let next = s.get(start..line_end).unwrap_or("");
    let digits = next.trim_start_matches(|c: char| c.is_ascii_digit());
    if !label || digits.len() == next.len() {
        return false;
    }
    if digits.trim().is_empty() {
        return true;
    }
    // Before a word (`00 messages`) only after a label that says a value follows (`lag: 51`,
    // `lag = 51`, `lag is 51`): `row 51` / `00 more` stays two numbers.
    let said = s.get(line_start..end).is_some_and(|l| {
        let l = l.trim_end_matches(|c: char| c.is_ascii_digit()).trim_end();
        l.ends_with([':', '='])
            || [" is", " was", " of"].iter().any(|w| {
                l.get(l.len().saturating_sub(w.len())..)
                    .is_some_and(|t| t.eq_ignore_ascii_case(w))
            })
    });
    said && digits.starts_with(' ') && digits.trim_start().starts_with(char::is_alphabetic)
}

/// One group per line, each line holding only its group inside markdown marks (`**51**` /
/// `**00**`, `` `27` `` / `` `50` ``, `>!51!<`, `> 51`), with up to two blank or mark-only
/// lines between (`51` / blank / `00`, fenced blocks one after the other, a quote's `>`
/// line): the groups still read as one value, one piece a block. Whole lines only, and
/// only marks (`*_~` `` ` `` `>!<|#`), so a table row or a sentence is not a group's line.
fn marked_lines(s: &str, line_start: usize, end: usize, start: usize, line_end: usize) -> bool {
    const MARKS: &[u8] = b"*_~`>!<|# \t\r";
    let group_line = |l: &str| {
        let l = l.as_bytes();
        let d = l.iter().filter(|c| c.is_ascii_digit()).count();
        d > 0 && l.iter().all(|c| c.is_ascii_digit() || MARKS.contains(c))
    };
    let gap = s.as_bytes().get(end..start).unwrap_or(&[]);
    let breaks = gap.iter().filter(|&&c| c == b'\n').count();
    if !(1..=3).contains(&breaks) || !gap.iter().all(|&c| c == b'\n' || MARKS.contains(&c)) {
        return false;
    }
    s.get(line_start..end).is_some_and(group_line) && s.get(start..line_end).is_some_and(group_line)
}

/// Any mark of another block between two groups (`51♦00`, `51✱00`, `2‖7‖5‖0`, `27‿50`,
/// `5⸱1⸱0⸱0`, `2ꞏ7ꞏ5ꞏ0`): it says nothing, so it joins the two as a separator does. The class is
/// the non-ASCII punctuation and symbols, and the Latin letters that are dots (`ꞏ`); not the
/// operators `×`, `÷`, `−`, `∗` (products and differences), the Arabic decimal and thousands
/// marks (`51٫00` is 51.00), nor a currency sign (`51€00` is a price).
fn other_block_separator(c: char) -> bool {
    if c.is_ascii() {
        return false;
    }
    if matches!(
        c,
        '\u{00D7}' | '\u{00F7}' | '\u{2212}' | '\u{2217}' | '\u{066B}' | '\u{066C}'
    ) {
        return false;
    }
    if c == '\u{A78F}' {
        return true;
    }
    matches!(
        c.general_category(),
        GeneralCategory::MathSymbol
            | GeneralCategory::OtherSymbol
            | GeneralCategory::ModifierSymbol
            | GeneralCategory::ConnectorPunctuation
            | GeneralCategory::DashPunctuation
            | GeneralCategory::OpenPunctuation
            | GeneralCategory::ClosePunctuation
            | GeneralCategory::InitialPunctuation
            | GeneralCategory::FinalPunctuation
            | GeneralCategory::OtherPunctuation
    )
}

/// `51:00`, `27:50`: a colon joins a group that cannot be an hour (24 or more) to two digits,
/// as minutes and seconds would be written; `12:50`, `10:42` stay times of day.
fn clock_like(s: &str, end: usize, start: usize) -> bool {
    let b = s.as_bytes();
    let mut a = end;
    while a > 0 && b.get(a - 1).is_some_and(u8::is_ascii_digit) {
        a -= 1;
    }
    let mut d = start;
    while b.get(d).is_some_and(u8::is_ascii_digit) {
        d += 1;
    }
    let hours = s.get(a..end).and_then(|h| h.parse::<u32>().ok());
    // Not a piece of a longer time (`10:51:00`, `51:00:00`), unless the hours before it are
    // zero (`00:51:00` is 51 minutes, and a timestamp's `T00:51:00` stays a time).
    let zero_hours = a > 0 && b.get(a - 1) == Some(&b':') && {
        let mut z = a - 1;
        while z > 0 && b.get(z - 1) == Some(&b'0') {
            z -= 1;
        }
        z < a - 1
            && (z == 0
                || !b
                    .get(z - 1)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b':'))
    };
    // Seconds of zero after it (`51:00:00`, `T27:50:00`) still read the first two groups: a
    // clock that cannot be a time of day, its seconds padding. Any other seconds (`51:00:17`)
    // make a duration of its own.
    let zero_seconds = b.get(d) == Some(&b':')
        && b.get(d + 1) == Some(&b'0')
        && b.get(d + 2) == Some(&b'0')
        && !b
            .get(d + 3)
            .is_some_and(|c| c.is_ascii_digit() || matches!(c, b':' | b'.' | b','));
    let chained = (a > 0 && b.get(a - 1) == Some(&b':') && !zero_hours)
        || (b.get(d) == Some(&b':') && !zero_seconds);
    d - start == 2 && hours.is_some_and(|h| h >= 24) && !chained
}

/// Minutes and seconds (or hours and minutes) written with their units: `51m00s`, `51 min 00
/// s`, `27h50m`. The second group is two digits, as a clock writes it; the digits of both in
/// order are read as one number (a learner's "the value as a duration").
fn unit_split(
    digits: &[(String, usize)],
    s: &str,
    runs: &[(usize, usize)],
    hits: &mut super::targets::Hits,
) {
    const BIG: &[&str] = &[
        "h", "hr", "hrs", "hour", "hours", "m", "min", "mins", "minute", "minutes",
    ];
    const SMALL: &[&str] = &[
        "m", "min", "mins", "minute", "minutes", "s", "sec", "secs", "second", "seconds",
    ];
    let word = |from: usize| word_at(s, from);
    for pair in runs.windows(2) {
        let [(a, b), (c, d)] = [pair[0], pair[1]];
        // `PT51H00M`: an ISO 8601 duration's designators (looked for only when needed).
        let iso = || {
            s.get(..a).is_some_and(|h| {
                h.ends_with("PT")
                    && !h
                        .get(..h.len() - 2)
                        .and_then(|x| x.chars().next_back())
                        .is_some_and(char::is_alphanumeric)
            })
        };
        if b - a > 4 || d - c != 2 || !(open(s, a) || iso()) {
            continue;
        }
        let (w1, e1) = word(b);
        if !BIG.iter().any(|u| w1.eq_ignore_ascii_case(u))
            || s.get(e1..c).is_none_or(|g| !g.trim_matches(' ').is_empty())
        {
            continue;
        }
        let (w2, e2) = word(d);
        // `51h00`: hours glued to two minutes with no unit after, as a clock in French or an
        // airline writes it; hours of 24 or more (`14h30` is a time of day).
        if w2.is_empty() && w1.eq_ignore_ascii_case("h") && e1 == b + 1 && e1 == c {
            let hours = s.get(a..b).and_then(|h| h.parse::<u32>().ok());
            let after = s.as_bytes().get(d).copied();
            let beyond = s.as_bytes().get(d + 1).copied();
            let ends = match after {
                None => true,
                Some(b':') => false,
                Some(b'.' | b',') => !beyond.is_some_and(|c| c.is_ascii_digit()),
                Some(c) => !c.is_ascii_alphanumeric() && c < 0x80,
            };
            if ends && hours.is_some_and(|h| h >= 24) {
                join_pair(digits, s, (a, b), (c, d), hits);
            }
            continue;
        }
        let small = SMALL.iter().any(|u| w2.eq_ignore_ascii_case(u));
        if !small
            || s.get(e2..)
                .and_then(|r| r.chars().next())
                .is_some_and(char::is_alphanumeric)
        {
            continue;
        }
        // Units in full (`27 minutes 50 seconds`) are how a person states a duration; only a
        // clock's zero-padded second group (`51 minutes 00 seconds`) reads as digits to join.
        let compact = w1.len() <= 3 && w2.len() <= 3;
        if !compact && s.as_bytes().get(c) != Some(&b'0') {
            continue;
        }
        join_pair(digits, s, (a, b), (c, d), hits);
    }
}

/// Are the two runs' digits in order some target's digits?
fn pair_matches(
    digits: &[(String, usize)],
    s: &str,
    (a, b): (usize, usize),
    (c, d): (usize, usize),
) -> bool {
    let (Some(x), Some(y)) = (s.get(a..b), s.get(c..d)) else {
        return false;
    };
    digits
        .iter()
        .any(|(t, _)| t.len() == x.len() + y.len() && t.starts_with(x) && t.ends_with(y))
}

/// Mark the targets whose digits are the two runs' digits in order.
fn join_pair(
    digits: &[(String, usize)],
    s: &str,
    (a, b): (usize, usize),
    (c, d): (usize, usize),
    hits: &mut super::targets::Hits,
) {
    let (Some(x), Some(y)) = (s.get(a..b), s.get(c..d)) else {
        return;
    };
    for (t, idx) in digits {
        if t.len() == x.len() + y.len() && t.starts_with(x) && t.ends_with(y) {
            hits.set(*idx);
        }
    }
}

/// Does `hay` contain `needle` (ASCII lowercase) in any ASCII case?
fn contains_ci(hay: &str, needle: &str) -> bool {
    let n = needle.as_bytes();
    hay.as_bytes()
        .windows(n.len())
        .any(|w| w.eq_ignore_ascii_case(n))
}

/// Words that say a value is shown on a clock (`51.00 minutes on the stopwatch`).
const CLOCK_WORDS: &[&str] = &["stopwatch", "timer", "clock", "countdown", "chrono"];

/// The ASCII word of letters at `from` after spaces, and its end.
fn word_at(s: &str, from: usize) -> (&str, usize) {
    let rest = s.get(from..).unwrap_or("");
    let skip = rest.len() - rest.trim_start_matches(' ').len();
    let w = rest
        .get(skip..)
        .and_then(|r| r.split(|c: char| !c.is_ascii_alphabetic()).next())
        .unwrap_or("");
    (w, from + skip + w.len())
}

/// Is `w` a word of the unit `unit` (`minute`: `minute`, `minutes`, `min`, `mins`)?
fn unit_word(w: &str, unit: &str) -> bool {
    let w = w.strip_suffix(['s', 'S']).unwrap_or(w);
    w.eq_ignore_ascii_case(unit)
        || unit.get(..3).is_some_and(|u| u.eq_ignore_ascii_case(w))
        || (unit == "hour" && w.eq_ignore_ascii_case("hr"))
}

/// `s` without the prefix `p` (ASCII lowercase) in any ASCII case.
fn strip_ci<'a>(s: &'a str, p: &str) -> Option<&'a str> {
    let head = s.get(..p.len())?;
    head.eq_ignore_ascii_case(p).then(|| s.get(p.len()..))?
}

/// Clock readings in words and decimals, their two groups joined (a learner's "as a stopwatch
/// reading"): `51.00 minutes` (a decimal of minutes or hours with two decimals: `.00`, or any
/// two on a line that names a clock, so `took 12.50 minutes` stays a duration),
/// `the 51st minute and 00 seconds` (an ordinal minute), `minute 51, second 00` (labels
/// before each group). The second group is two digits; units go hour → minute → second.
fn clock_words(
    digits: &[(String, usize)],
    s: &str,
    runs: &[(usize, usize)],
    hits: &mut super::targets::Hits,
) {
    const NEXT: [(&str, &str); 2] = [("hour", "minute"), ("minute", "second")];
    for pair in runs.windows(2) {
        let [(a, b), (c, d)] = [pair[0], pair[1]];
        if b - a > 4 || d - c != 2 || s.as_bytes().get(d).is_some_and(u8::is_ascii_alphanumeric) {
            continue;
        }
        let gap = s.get(b..c).unwrap_or("");
        if gap.len() > 24 {
            continue;
        }
        // `51.00 minutes`.
        if gap == "." && open(s, a) {
            let (w, _) = word_at(s, d);
            let unit = NEXT.iter().any(|(big, _)| unit_word(w, big)) || unit_word(w, "second");
            // `27.50.1` is a version, `27.50%` a share.
            let more = s.get(d..).unwrap_or("");
            let version =
                more.starts_with('.') && more.as_bytes().get(1).is_some_and(u8::is_ascii_digit);
            // The line is read only when the digits are a target's (a JSON line of decimals
            // would otherwise be read once per decimal).
            if (unit || (w.is_empty() && !more.starts_with(['%', '/', '-'])))
                && !version
                && pair_matches(digits, s, (a, b), (c, d))
            {
                let line_start = s.get(..a).and_then(|h| h.rfind('\n')).map_or(0, |p| p + 1);
                let line_end = s
                    .get(d..)
                    .and_then(|t| t.find('\n'))
                    .map_or(s.len(), |p| d + p);
                let line = s.get(line_start..line_end).unwrap_or("");
                // A bare decimal (no unit) only on a line that names a clock.
                let zeros = unit && s.get(c..d) == Some("00");
                if zeros || CLOCK_WORDS.iter().any(|w| contains_ci(line, w)) {
                    join_pair(digits, s, (a, b), (c, d), hits);
                }
            }
            continue;
        }
        if !open(s, a) && !s.get(..a).is_some_and(|h| h.ends_with(' ')) {
            continue;
        }
        // `the 51st minute and 00 seconds`: an ordinal suffix, the big unit, then the small.
        let rest = ["st ", "nd ", "rd ", "th "]
            .iter()
            .find_map(|o| strip_ci(gap, o));
        if let Some(rest) = rest {
            let (w, e) = word_at(rest, 0);
            let tail = rest.get(e..).unwrap_or("").trim_start_matches([',', ' ']);
            let tail = strip_ci(tail, "and ").unwrap_or(tail).trim_start();
            let (w2, _) = word_at(s, d);
            if tail.is_empty()
                && NEXT
                    .iter()
                    .any(|(big, small)| unit_word(w, big) && unit_word(w2, small))
            {
                join_pair(digits, s, (a, b), (c, d), hits);
            }
            continue;
        }
        // `minute 51, second 00`: the label of each group before it.
        let before = s.get(..a).unwrap_or("").trim_end_matches([' ', ':', '=']);
        let w_before = before
            .rsplit(|c: char| !c.is_ascii_alphabetic())
            .next()
            .unwrap_or("");
        let mid = gap.trim_start_matches([',', ' ']);
        let mid = strip_ci(mid, "and ").unwrap_or(mid);
        let (w_mid, e) = word_at(mid, 0);
        let mid_rest = mid.get(e..).unwrap_or("").trim_matches([' ', ':', '=']);
        if mid_rest.is_empty()
            && !w_mid.is_empty()
            && NEXT
                .iter()
                .any(|(big, small)| unit_word(w_before, big) && unit_word(w_mid, small))
        {
            join_pair(digits, s, (a, b), (c, d), hits);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn initials(text: &str, target: &str) -> bool {
        let mut hits = super::super::targets::Hits::new(1, 0);
        line_initials(&[(target.to_string(), 0)], text, &mut hits);
        hits.any()
    }

    #[test]
    fn line_initials_read_down_whole_blocks() {
        assert!(initials(
            "5 partitions\n1 group\n0 errors\n0 warnings",
            "5100"
        ));
        assert!(initials(
            "- Five pods\n- One node\n- Zero alerts\n- Zero pages",
            "5100"
        ));
        assert!(initials("Intro\n2 a\n7 b\n5 c\n0 d\n(read down)", "2750"));
        // A window of a longer block, a longer count, two lines, a number word glued.
        assert!(!initials("3 brokers\n5 a\n1 b\n0 c\n0 d", "5100"));
        assert!(!initials("5 a\n1 b\n10 c", "510"));
        assert!(!initials("5 a\n1 b", "51"));
        assert!(!initials("fivefold\none\nzero\nzero", "5100"));
    }
    use crate::matcher::targets::Hits;

    fn has(text: &str, target: &str) -> bool {
        let mut hits = Hits::new(1, 0);
        scan(&[(target.to_string(), 0)], text, &mut hits);
        hits.any()
    }

    #[test]
    fn typed_code_literals() {
        for t in [
            "5100L",
            "x = 5100ull;",
            "lag=5100i 17",
            "5100n",
            "5100_i64",
            "5100M;",
            "(5100N)",
        ] {
            assert!(has(t, "5100"), "{t}");
        }
        for t in [
            "5100k", "5100M", "a5100L", "5100lbs", "5101L", "5100.5f", "1.5100f", "_5100L",
        ] {
            assert!(!has(t, "5100"), "{t}");
        }
    }

    #[test]
    fn splits_read() {
        for t in [
            "The lag is 51 00.",
            "the lag is 27-50",
            "2\u{B7}7\u{B7}50",
            "51/00",
            "halves: 51 | 00",
            "lag:\n51\n00\n",
            "lag: 51\n00",
            "lag 5→1→0→0",
            "5 -> 1 -> 0 -> 0",
            "lag 51#00",
            "lag 51@00",
            "total lag:\n# 51\n## 00",
            "lag 51\u{0640}00",
            "5\u{30FC}1\u{30FC}0\u{30FC}0",
            "export TOTAL_LAG=lag5100",
            "metric total_lag_5100",
            "lag_5100",
            "lag 51\u{2666}00",
            "lag 51 \u{2605} 00",
            "total lag = 51\n00 messages",
            "worst partition lag is 27\n50",
            "lag is 5\n100",
            "```\nlag=51\n00\n```",
            "lag: 51 \r\n 00",
            "51_00 messages",
            "The total lag is 51:00.",
            "lag 27:50",
            "at 00:51:00",
            "0:51:00",
            "51m00s",
            "Timer shows 51 min 00 s",
            "27h50m",
            "51 minutes 00 seconds",
            "51:00:00",
            "at T51:00",
            "T51:00:00",
            "51h00",
            "Timer shows 51H00.",
            "51.00 minutes",
            "27.50 minutes on the stopwatch",
            "Timer: 27.50 min",
            "the 51st minute and 00 seconds",
            "the 27th minute, 50 seconds",
            "minute 51, second 00",
            "hour 27 and minute 50",
            "minute: 51, second: 00",
            "PT51H00M",
            "Timer shows 27.50 (read it without the dot)",
            "stopwatch: 51.00",
        ] {
            let target = if t.contains("27") || t.contains('\u{B7}') {
                "2750"
            } else {
                "5100"
            };
            assert!(has(t, target), "{t:?}");
        }
    }

    #[test]
    fn items_and_broken_lines() {
        for t in [
            "1. 5\n2. 1\n3. 0\n4. 0",
            "* 51\n* 00",
            "Digits in order:\n  \u{2022} 5\n  \u{2022} 1\n  \u{2022} 0\n  \u{2022} 0",
            "1) 51\n2) 00",
            "| 5 |\n| 1 |\n| 0 |\n| 0 |",
            "| hi |\n|----|\n| 51 |\n| 00 |",
            "51\r\n00",
            "51\t00",
            "5\\\n100",
            "510-\n0",
        ] {
            assert!(has(t, "5100"), "{t:?}");
        }
        for t in [
            "1. restart 5 pods\n2. wait 100 s",
            "- 51 partitions\n- 00 errors",
            "1. 51\n2. 001",
            "* 5100a\n* 7",
            "- 5\n- 1\n- 0\n- 7",
            "51\n\n- 17",
            "port 5\t100ms",
        ] {
            assert!(!has(t, "5100"), "{t:?}");
        }
    }

    #[test]
    fn roman_glued_to_digits() {
        assert!(has("LI00", "5100"));
        assert!(has("lag: XXVII50.", "2750"));
        for t in ["MIX00", "DC10", "XLI00", "LI00a", "Li00", "aLI00", "LI00.5"] {
            assert!(!has(t, "5100"), "{t:?}");
        }
    }

    #[test]
    fn dotted_single_digits() {
        for t in [
            "5.1.0.0",
            "version 5.1.0.0",
            "v5.1.0.0",
            "V5.1.0.0.",
            "(5.1.0.0)",
        ] {
            assert!(has(t, "5100"), "{t:?}");
        }
        assert!(has("2.7.5.0", "2750"));
        assert!(!has("1.0.0.1", "5100"));
    }

    #[test]
    fn indexed_digits() {
        for t in [
            "position 1 = 5, position 2 = 1, position 3 = 0, position 4 = 0",
            "d[0]=5, d[1]=1, d[2]=0, d[3]=0",
            "5@0 1@1 0@2 0@3",
            "digit 1: 5; digit 2: 1; digit 3: 0; digit 4: 0",
        ] {
            assert!(has(t, "5100"), "{t:?}");
        }
        for t in [
            "position 1 = 5, position 3 = 1, position 4 = 0, position 5 = 0",
            "d[0]=5, d[1]=1, d[2]=0, d[3]=7",
            "p0=5 p1=1",
            "replicas: 5, 1, 0, 0",
            "node 2: 5, node 3: 1, node 4: 0, node 5: 0",
        ] {
            assert!(!has(t, "5100"), "{t:?}");
        }
    }

    #[test]
    fn near_misses() {
        for t in [
            "51.00",
            "ab5100f",
            "5100ee",
            "a5100b2",
            "v5100.1",
            "x51",
            "v5100",
            "x5100",
            "id_5100",
            "5100_total",
            "5100k",
            "port5100",
            "5\u{00D7}100",
            "5*100",
            "5+100",
            "5 = 100",
            "1.27.3",
            "10.0.0.1",
            "5.1",
            "5.1.0.0.1",
            "5.1.00",
            "x5.1.0.0",
            "5.1.0.0a",
            "1.5.1.0.0",
            "12:50",
            "at 5:10:0",
            "51:000",
            "fired at 10:51:00",
            "51:00:17 ago",
            "T10:51",
            "2026-11-30T10:51:00Z",
            "14h30",
            "51h00x",
            "51h00:10",
            "took 51.10 minutes",
            "51.00 ms",
            "$51.00",
            "minute 51, hour 00",
            "the 51st hour and 00 seconds",
            "51 minutes, second 00",
            "the clock drifted 51.00.1",
            "clock skew 51.00%",
            "XPT51H00M",
            "lag 51.00 on the dashboard",
            "v51-00a",
            "10.51 00",
            "51 001",
            "51, 00",
            "row 51\n00 more",
            "orders 0 2500 2550 51\n00",
            "retries: 51\n00:00 start",
            "lag: 51\n001",
            "lag 51\n0 0",
            "51 000",
            "51 00 7",
            "2026-08-03T00:51:00Z",
            "10:00:51:00",
            "51m00",
            "51m00sec2",
            "51m000s",
            "51 00s",
            "x51m00s",
        ] {
            assert!(!has(t, "5100"), "{t:?}");
        }
        assert!(!has("2026-12-01", "5100"));
        assert!(!has("Mean time to recovery 27 minutes 50 seconds", "2750"));
        assert!(has("27m50s", "2750"));
    }
}
