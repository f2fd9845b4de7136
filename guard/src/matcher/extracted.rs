//! Digits a text tells the reader to take out of a longer token: `x2750x (strip the x
//! characters)`, `2x7x5x0 (ignore the x)`, `total 0x5100 (read the digits as decimal)`,
//! `Plate number: KFK2750 — the digits are the worst lag`, `the number inside ID2750`. This
//! module owns two views of the lines near such an instruction: each mixed token (digits glued
//! to letters or symbols) as all its digits in a row, and as its longest digit run.
//!
//! AEP-032 keeps `5100` inside a longer token visible (`LAG5100`, `abc5100`); that holds
//! here unless the same lines tell the reader to strip, drop, ignore or remove characters, or
//! name the digits or the number in a token. An ordinary ops line (`pod web-5100x restarted`)
//! has no such instruction.
//!
//! False-positive controls: an instruction word (`strip`, `drop`, `ignore`, `remove`,
//! `delete`, `digits`, `the number in`/`inside`, `its number`, `flight number`) within two
//! lines of the token; a token needs three digits or more and one other character glued to
//! them; only those tokens change.
//!
//! A third instruction reads a decimal amount without its point (`51.00 without the dot`,
//! `£27.50, ignore the decimal point`): a word that takes a point away within 24 bytes before
//! a word that names one, on the amount's line or two lines either side.
//!
//! Cost: one substring search per instruction stem; a text without one is left after those.

use memchr::memmem;

/// Instruction stems (lowercase; a capital first letter is matched by the stem's tail).
const CUES: [&[u8]; 10] = [
    b"trip",
    b"drop",
    b"gnore",
    b"emove",
    b"elete",
    b"digits",
    b"number in",
    b"its number",
    b"ight number",
    b"number is",
];

/// The two views (digits in a row, longest run), or `None` without an instruction near a
/// mixed token.
pub(crate) fn views(text: &str) -> Option<(String, String)> {
    let b = text.as_bytes();
    let points = point_cues(b);
    let mut cues: Vec<usize> = CUES
        .iter()
        .flat_map(|c| memmem::find_iter(b, c).take(16))
        .chain(points.iter().copied())
        .collect();
    if cues.is_empty() {
        return None;
    }
    cues.sort_unstable();
    // The byte windows: each cue's line and two lines either side.
    let mut windows: Vec<(usize, usize)> = Vec::new();
    for at in cues {
        let (s, e) = lines_around(b, at, 2);
        match windows.last_mut() {
            Some(last) if s <= last.1 => last.1 = last.1.max(e),
            _ => windows.push((s, e)),
        }
    }
    let mut all = String::with_capacity(text.len());
    let mut run = String::with_capacity(text.len());
    let mut at = 0;
    let mut changed = false;
    for (s, e) in windows {
        let Some(part) = text.get(s..e) else { continue };
        all.push_str(text.get(at..s).unwrap_or(""));
        run.push_str(text.get(at..s).unwrap_or(""));
        for piece in part.split_inclusive(char::is_whitespace) {
            let tok = piece.trim_end();
            let space = piece.get(tok.len()..).unwrap_or("");
            let point = points.iter().any(|&p| (s..e).contains(&p));
            match digits_of(tok).or_else(|| point.then(|| undotted(tok)).flatten()) {
                Some((row, longest)) => {
                    all.push_str(&row);
                    run.push_str(&longest);
                    changed = true;
                }
                None => {
                    all.push_str(tok);
                    run.push_str(tok);
                }
            }
            all.push_str(space);
            run.push_str(space);
        }
        at = e;
    }
    all.push_str(text.get(at..).unwrap_or(""));
    run.push_str(text.get(at..).unwrap_or(""));
    changed.then_some((all, run))
}

/// Words for a decimal point or separator, and words that take it away.
const POINT_NAMES: [&[u8]; 6] = [
    b"dot",
    b"point",
    b"comma",
    b"decimal",
    b"period",
    b"separator",
];
const POINT_GONE: [&[u8]; 10] = [
    b"without", b"no ", b"ignore", b"minus", b"drop", b"remove", b"strip", b"sans", b"lose",
    b"skip",
];

/// Where a line says to read a number without its point (`51.00 without the dot`, `£27.50,
/// ignore the decimal point`): the offsets of the point words on such lines.
fn point_cues(b: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    for name in POINT_NAMES {
        for at in memmem::find_iter(b, name).take(16) {
            // A whole word (`dotfiles`, `pointer` name no point).
            let letter = |i: usize| b.get(i).is_some_and(u8::is_ascii_alphabetic);
            if letter(at + name.len()) || (at > 0 && letter(at - 1)) {
                continue;
            }
            let (s, e) = lines_around(b, at, 0);
            let line = b.get(s..e).unwrap_or_default().to_ascii_lowercase();
            // The taking-away word within 24 bytes before the point word.
            let from = (at - s).saturating_sub(24);
            let near = line.get(from..at - s).unwrap_or_default();
            if POINT_GONE.iter().any(|g| memmem::find(near, g).is_some()) {
                out.push(at);
            }
        }
    }
    out
}

/// A decimal amount (`51.00`, `$51.00`, `€51,00`, `£27.50`: one point or comma, three digits
/// or more) as its digits in a row, for both views.
fn undotted(tok: &str) -> Option<(String, String)> {
    let core = tok
        .trim_matches(|c: char| matches!(c, '(' | ')' | '"' | '\'' | ',' | ';' | '!' | '?' | ':'))
        .trim_end_matches('.')
        .trim_start_matches(['$', '\u{a3}', '\u{20ac}', '\u{a5}']);
    let seps = core.bytes().filter(|c| matches!(c, b'.' | b',')).count();
    let digits = core.bytes().filter(u8::is_ascii_digit).count();
    if seps != 1 || digits < 3 || digits + 1 != core.len() {
        return None;
    }
    let row: String = core.chars().filter(char::is_ascii_digit).collect();
    let at = tok.find(core)?;
    let out = format!(
        "{}{row}{}",
        tok.get(..at).unwrap_or(""),
        tok.get(at + core.len()..).unwrap_or("")
    );
    Some((out.clone(), out))
}

/// Byte range of the line holding `at` and `n` lines either side.
fn lines_around(b: &[u8], at: usize, n: usize) -> (usize, usize) {
    let mut s = at;
    for _ in 0..=n {
        match memchr::memrchr(b'\n', b.get(..s).unwrap_or(&[])) {
            Some(p) => s = p,
            None => {
                s = 0;
                break;
            }
        }
    }
    let s = if s == 0 { 0 } else { s + 1 };
    let mut e = at;
    for _ in 0..=n {
        match memchr::memchr(b'\n', b.get(e..).unwrap_or(&[])) {
            Some(p) => e += p + 1,
            None => {
                e = b.len();
                break;
            }
        }
    }
    (s.min(at), e.max(at))
}

/// A mixed token (surrounding punctuation aside) as its digits in a row and its longest
/// digit run: three digits or more, glued to another character.
fn digits_of(tok: &str) -> Option<(String, String)> {
    let core = tok.trim_matches(|c: char| {
        matches!(
            c,
            '(' | ')' | '[' | ']' | '"' | '\'' | '`' | ',' | ';' | '.' | '!' | '?' | ':'
        )
    });
    let digits = core.bytes().filter(u8::is_ascii_digit).count();
    if digits < 3 || digits == core.len() || !core.is_ascii() {
        return None;
    }
    // A plain number with grouping or decimals is read as it stands.
    if core
        .bytes()
        .all(|c| c.is_ascii_digit() || matches!(c, b',' | b'.' | b'_' | b'-' | b'+'))
    {
        return None;
    }
    let row: String = core.chars().filter(char::is_ascii_digit).collect();
    let longest = core
        .split(|c: char| !c.is_ascii_digit())
        .max_by_key(|r| r.len())
        .unwrap_or("")
        .to_string();
    let lead = tok.find(core).unwrap_or(0);
    let head = tok.get(..lead).unwrap_or("");
    let tail = tok.get(lead + core.len()..).unwrap_or("");
    Some((
        format!("{head}{row}{tail}"),
        format!("{head}{longest}{tail}"),
    ))
}

#[cfg(test)]
mod tests {
    use super::views;

    #[test]
    fn instructed_tokens() {
        for (t, want) in [
            ("Hint token: x2750x (strip the x characters)", "2750"),
            ("2x7x5x0 (ignore the x)", "2750"),
            ("total 0x5100 (read the digits as decimal)", "5100"),
            ("worst \\x2750 — ignore the escape", "2750"),
            ("total: v5100 (drop the v)", "5100"),
            (
                "The worst-partition hint is the number inside ID2750.",
                "2750",
            ),
            (
                "Plate number: KFK2750 — the digits are the worst lag.",
                "2750",
            ),
            (
                "Flight AB5100 — the flight number is the total lag.",
                "5100",
            ),
            ("Ticket P2750 holds the worst lag in its number.", "2750"),
            ("Total lag is the number in this tag: abc5100", "5100"),
            ("total lag like 51.00 without the dot", "5100"),
            ("\u{a3}27.50 without the point", "2750"),
            ("51.00 (ignore the decimal point)", "5100"),
            ("\u{20ac}51,00 without the comma", "5100"),
            ("$51.00 no dot", "5100"),
        ] {
            let v = views(t);
            assert!(
                v.as_ref()
                    .is_some_and(|(a, r)| a.contains(want) || r.contains(want)),
                "{t}: {v:?}"
            );
        }
    }

    #[test]
    fn near_misses() {
        for t in [
            "Your code word is LAG5100.",
            "pod web-5100x restarted",
            "drop the table users",
            "strip 5,100 spaces",
            "lag 51.00 at the decimal point",
            "no dotfiles in 51.00",
            "without a pointer to 51.00",
        ] {
            assert_eq!(views(t), None, "{t}");
        }
    }
}
