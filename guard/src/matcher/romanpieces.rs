//! Roman numerals in pieces and backwards. This module owns three views of the normalised
//! text, each with its Roman pieces rewritten in decimal:
//! - **pieces joined**: numerals one separator apart (`·`, `|`, `/`, `•`, `-`, `_`, `and`, or
//!   one space between two numerals) whose letters together are one canonical numeral (`MM·DCC·L` is `MMDCCL`, 2750);
//! - **pieces in a row**: the same pieces, and digit runs beside them, as their decimals
//!   written one after another (`XXVII|L` is `2750`, `LI·00` is `5100`);
//! - **backwards**: a token of four letters or more that is no numeral but reads as one
//!   backwards (`LCCDMM` is `MMDCCL`), and numerals beside an arithmetic word (`MMMCCL minus
//!   M`), each as its decimal.
//!
//! False-positive controls: a run of pieces needs two pieces, one of them a numeral of two
//! letters or more, every piece upper case and canonical; the arithmetic form a word (`plus`,
//! `minus`, `times`) between two numerals, one of two letters or more; a backwards token four
//! letters or more and not a numeral as written. The caller compares exactly.
//!
//! Cost: one byte pass for a whole word of two numeral letters or more that is a numeral (or
//! four letters or more); a text without one is left after it.

use super::lang::roman_value;

/// Separators between pieces (as written after normalising).
fn is_sep(t: &str) -> bool {
    matches!(
        t,
        "·" | "|" | "/" | "•" | "-" | "_" | "‧" | "∙" | "⋅" | "・" | "," | "and" | "&" | "+"
    )
}

const OPS: [&str; 8] = [
    "plus", "minus", "times", "less", "add", "subtract", "over", "divided",
];

#[derive(Debug)]
struct Tok<'a> {
    s: usize,
    e: usize,
    text: &'a str,
}

/// Tokens: runs of ASCII letters, runs of digits, and every other non-space char alone.
fn tokens(s: &str) -> Vec<Tok<'_>> {
    let mut out = Vec::new();
    let mut it = s.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        if c.is_whitespace() {
            continue;
        }
        let kind = |c: char| {
            if c.is_ascii_alphabetic() {
                1
            } else if c.is_ascii_digit() {
                2
            } else {
                0
            }
        };
        let k = kind(c);
        let mut e = i + c.len_utf8();
        if k != 0 {
            while let Some(&(j, d)) = it.peek() {
                if kind(d) != k {
                    break;
                }
                e = j + d.len_utf8();
                it.next();
            }
        }
        out.push(Tok {
            s: i,
            e,
            text: s.get(i..e).unwrap_or(""),
        });
    }
    out
}

fn upper_roman(t: &str) -> Option<u32> {
    if t.bytes().all(|c| b"IVXLCDM".contains(&c)) {
        roman_value(t)
    } else {
        None
    }
}

/// Does the text hold a whole word of upper-case numeral letters, two or more, that is a
/// numeral or (four letters or more) may be one backwards? (`CPU`, `ID` and `MiB` are not.)
fn may_hold(b: &[u8]) -> bool {
    let r = |c: u8| b"IVXLCDM".contains(&c);
    let mut i = 0;
    while i < b.len() {
        let Some(&c) = b.get(i) else { break };
        if !c.is_ascii_alphabetic() {
            i += 1;
            continue;
        }
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_alphabetic) {
            i += 1;
        }
        let word = b.get(start..i).unwrap_or(&[]);
        if word.len() >= 2 && word.iter().all(|&c| r(c)) {
            let canonical = std::str::from_utf8(word)
                .ok()
                .and_then(roman_value)
                .is_some();
            if canonical || word.len() >= 4 {
                return true;
            }
        }
    }
    false
}

/// The views (see the module doc) that differ from `s`.
pub(crate) fn views(s: &str) -> Vec<String> {
    if !may_hold(s.as_bytes()) {
        return Vec::new();
    }
    let t = tokens(s);
    // Edits per view: (start, end, replacement).
    let mut joined: Vec<(usize, usize, String)> = Vec::new();
    let mut row: Vec<(usize, usize, String)> = Vec::new();
    let mut back: Vec<(usize, usize, String)> = Vec::new();
    let mut k = 0;
    while k < t.len() {
        let Some(tok) = t.get(k) else { break };
        let roman = upper_roman(tok.text);
        let digits = tok.text.bytes().all(|c| c.is_ascii_digit());
        if roman.is_some() || digits {
            // A run of pieces: piece (sep piece)*.
            let mut pieces = vec![k];
            let mut j = k;
            let is_piece = |x: &Tok<'_>| {
                upper_roman(x.text).is_some() || x.text.bytes().all(|c| c.is_ascii_digit())
            };
            loop {
                // A numeral one space after a numeral (`XXVII L`), or a piece after a
                // separator.
                let cur = t.get(j);
                let next = t.get(j + 1);
                let spaced = match (cur, next) {
                    (Some(c), Some(n)) => {
                        upper_roman(c.text).is_some()
                            && upper_roman(n.text).is_some()
                            && s.get(c.e..n.s) == Some(" ")
                    }
                    _ => false,
                };
                if spaced {
                    pieces.push(j + 1);
                    j += 1;
                    continue;
                }
                match (next, t.get(j + 2)) {
                    (Some(sep), Some(n)) if is_sep(sep.text) && is_piece(n) => {
                        pieces.push(j + 2);
                        j += 2;
                    }
                    _ => break,
                }
            }
            let texts: Vec<&str> = pieces
                .iter()
                .filter_map(|&p| t.get(p).map(|x| x.text))
                .collect();
            let long_roman = texts
                .iter()
                .any(|x| x.len() >= 2 && upper_roman(x).is_some());
            if pieces.len() >= 2 && long_roman {
                let (a, e) = (tok.s, t.get(j).map_or(tok.e, |x| x.e));
                let letters: String = texts.concat();
                if let Some(v) = upper_roman(&letters) {
                    joined.push((a, e, v.to_string()));
                }
                let dec: Option<String> = texts
                    .iter()
                    .map(|x| {
                        if x.bytes().all(|c| c.is_ascii_digit()) {
                            Some((*x).to_string())
                        } else {
                            upper_roman(x).map(|v| v.to_string())
                        }
                    })
                    .collect();
                if let Some(d) = dec {
                    row.push((a, e, d));
                }
                k = j + 1;
                continue;
            }
        }
        // Backwards: four letters or more, no numeral as written.
        if roman.is_none()
            && tok.text.len() >= 4
            && tok.text.bytes().all(|c| b"IVXLCDM".contains(&c))
        {
            let rev: String = tok.text.chars().rev().collect();
            if let Some(v) = upper_roman(&rev) {
                back.push((tok.s, tok.e, v.to_string()));
            }
        }
        // Beside an arithmetic word: `MMMCCL minus M`.
        if let (Some(v), Some(op), Some(next)) = (roman, t.get(k + 1), t.get(k + 2)) {
            let w = op.text.to_ascii_lowercase();
            if OPS.contains(&w.as_str()) {
                if let Some(n) = upper_roman(next.text) {
                    if tok.text.len() >= 2 || next.text.len() >= 2 {
                        back.push((tok.s, tok.e, v.to_string()));
                        back.push((next.s, next.e, n.to_string()));
                        k += 3;
                        continue;
                    }
                }
            }
        }
        k += 1;
    }
    [joined, row, back]
        .into_iter()
        .filter(|e| !e.is_empty())
        .map(|edits| apply(s, &edits))
        .collect()
}

fn apply(s: &str, edits: &[(usize, usize, String)]) -> String {
    let mut out = String::with_capacity(s.len());
    let mut at = 0;
    for (a, e, r) in edits {
        if *a < at {
            continue;
        }
        out.push_str(s.get(at..*a).unwrap_or(""));
        out.push_str(r);
        at = *e;
    }
    out.push_str(s.get(at..).unwrap_or(""));
    out
}

#[cfg(test)]
mod tests {
    use super::views;

    #[test]
    fn pieces_and_backwards() {
        for (t, want) in [
            ("MM·DCC·L", "2750"),
            ("XXVII|L", "2750"),
            ("XXVII and L side by side", "2750"),
            ("XXVII·L", "2750"),
            ("XXVII L", "2750"),
            ("LI·00", "5100"),
            ("LCCDMM", "2750"),
            ("LCCDMM (read it backwards)", "2750"),
            ("MMMCCL minus M", "3250 minus 1000"),
        ] {
            let v = views(t);
            assert!(v.iter().any(|v| v.contains(want)), "{t}: {v:?}");
        }
    }

    #[test]
    fn near_misses() {
        for t in [
            "CPU and MEM",
            "size L",
            "DIMM slots",
            "the CLI / API",
            "ID 42",
        ] {
            let v = views(t);
            assert!(
                v.iter().all(|v| !v.chars().any(|c| c.is_ascii_digit())
                    || v.chars().filter(char::is_ascii_digit).count()
                        == t.chars().filter(char::is_ascii_digit).count()),
                "{t}: {v:?}"
            );
        }
    }
}
