//! Names a text defines for a number and uses later, read with the number in their place
//! ([`view`]): `Let A = 51. Total lag = A hundred.`, `If x is 51, the lag is x hundred.`,
//! `x = 51; the lag is x with two zeros appended`, `n = 275; worst = 10n` (`10*275`),
//! `A=5, B=1, C=0. Lag = ABCC.` (a run of defined letters is their values in a row), `Let n
//! be fifty-one. Lag = 100n.`, and the number a text asks the reader to keep (`Remember 51.
//! The lag is that number followed by two zeros.`, `… that many hundreds`). The view is read
//! by every rule and the second readings, so what the names stand in for is read as any text.
//!
//! False-positive controls: a name is one ASCII letter standing alone; a definition is `N =
//! value` or `N := value` (a line's assignment in code as in prose), or `let`/`if`/`where`/
//! `set`/`suppose`/`say` before `N is|be|equals value`; the value is digits (with a decimal
//! point) or number words; only uses after the definition change, each a whole word (a run
//! of letters changes only when every letter in it is defined). A kept number needs `remember`,
//! `keep`, `note` or `think of` right before it and is used only as `that number` or `that
//! many`. What the view holds states a target only when a rule reads it exactly, as in any
//! text.
//!
//! Cost: a byte gate (a lone letter before `=`, ` is `, ` be `, ` equals `, or a keeping
//! word); most texts have no definition and are left after it, before any copy.

/// Words before `N is|be|equals value` that make it a definition.
const OPENERS: &[&str] = &["let", "if", "where", "set", "suppose", "say", "assume"];
/// Words between a name and its value in prose.
const VERBS: &[&str] = &["is", "be", "equals"];
/// Words before a number the reader is asked to keep.
const KEEP: &[&str] = &["remember", "keep", "note", "memorize", "memorise"];
/// Is `p` a number word a value may be written in (read later by the second readings)?
fn number_word(p: &str) -> bool {
    use super::words::{TEENS, TENS, UNITS};
    UNITS
        .iter()
        .chain(&TEENS)
        .chain(&TENS)
        .chain(&["hundred", "thousand"])
        .any(|n| p.eq_ignore_ascii_case(n))
}

/// One word of the text: byte range.
#[derive(Clone, Copy)]
struct W {
    s: usize,
    e: usize,
}

/// The words of `s`: runs of ASCII letters, runs of digits (with one inner `.`), and every
/// other non-space character alone.
fn words(s: &str) -> Vec<W> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let st = i;
        if c.is_ascii_alphabetic() {
            while b
                .get(i)
                .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'-')
            {
                i += 1;
            }
            // A trailing hyphen belongs to what follows.
            while i > st + 1 && b.get(i - 1) == Some(&b'-') {
                i -= 1;
            }
        } else if c.is_ascii_digit() {
            while b.get(i).is_some_and(|c| c.is_ascii_digit())
                || (b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit))
            {
                i += 1;
            }
        } else {
            i += s
                .get(i..)
                .and_then(|r| r.chars().next())
                .map_or(1, char::len_utf8);
        }
        out.push(W { s: st, e: i });
    }
    out
}

/// A letter standing alone at `i` (no letter, digit or `_` beside it)?
fn lone_letter(b: &[u8], i: usize) -> bool {
    let word = |k: Option<usize>| {
        k.and_then(|k| b.get(k))
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
    };
    b.get(i).is_some_and(u8::is_ascii_alphabetic) && !word(i.checked_sub(1)) && !word(Some(i + 1))
}

/// Could the text define a name or keep a number? A lone letter before `=` (or `:=`, spaces
/// between), a lone letter before ` is `, ` be ` or ` equals `, or a keeping word. The gate
/// before any copy: an ops text's `key=value` pairs have longer keys.
fn may_define(b: &[u8]) -> bool {
    let assign = memchr::memchr_iter(b'=', b).any(|i| {
        let mut k = i;
        if k > 0 && b.get(k - 1) == Some(&b':') {
            k -= 1;
        }
        while k > 0 && b.get(k - 1) == Some(&b' ') {
            k -= 1;
        }
        k > 0 && lone_letter(b, k - 1) && b.get(i + 1) != Some(&b'=')
    });
    assign
        || [&b" is "[..], b" be ", b" equals "]
            .iter()
            .any(|v| memchr::memmem::find_iter(b, v).any(|i| i > 0 && lone_letter(b, i - 1)))
        || [
            &b"emember "[..],
            b"keep ",
            b"note ",
            b"emorize ",
            b"emorise ",
            b"hink of ",
        ]
        .iter()
        .any(|c| {
            // Digits right after it (`Remember 51`): `keep an eye`, `Note that` are prose.
            memchr::memmem::find_iter(b, c)
                .any(|i| b.get(i + c.len()).is_some_and(u8::is_ascii_digit))
        })
}

/// The text with each defined name (and kept number) replaced by its value after its
/// definition; `None` when the text defines nothing.
pub(crate) fn view(s: &str) -> Option<String> {
    let b = s.as_bytes();
    if !may_define(b) {
        return None;
    }
    let ws = words(s);
    let text = |w: &W| s.get(w.s..w.e).unwrap_or("");
    let is = |k: usize, set: &[&str]| {
        ws.get(k)
            .is_some_and(|w| set.iter().any(|x| text(w).eq_ignore_ascii_case(x)))
    };
    let letter = |k: usize| {
        ws.get(k)
            .is_some_and(|w| w.e == w.s + 1 && b.get(w.s).is_some_and(u8::is_ascii_alphabetic))
    };
    // The value at word `k`: digits, or number words in a row; its text and the word after.
    let value = |k: usize| -> Option<(String, usize)> {
        let w = ws.get(k)?;
        if b.get(w.s).is_some_and(u8::is_ascii_digit) {
            return Some((text(w).to_string(), k + 1));
        }
        let mut j = k;
        while ws
            .get(j)
            .is_some_and(|w| text(w).split('-').all(number_word))
        {
            j += 1;
        }
        if j == k {
            return None;
        }
        let (a, z) = (ws.get(k)?.s, ws.get(j - 1)?.e);
        Some((s.get(a..z)?.to_string(), j))
    };
    // (letter, value, where its uses start)
    let mut defs: Vec<(u8, String, usize)> = Vec::new();
    let mut kept: Option<(String, usize)> = None;
    for k in 0..ws.len() {
        // `N = v`, `N := v`
        if letter(k) {
            let mut j = k + 1;
            if is(j, &[":"]) && is(j + 1, &["="]) {
                j += 1;
            }
            let assign = is(j, &["="]) && !is(j + 1, &["="]);
            let prose = is(j, VERBS) && k > 0 && is(k - 1, OPENERS);
            if assign || prose {
                if let Some((v, end)) = value(j + 1) {
                    let Some(&name) = ws.get(k).and_then(|w| b.get(w.s)) else {
                        continue;
                    };
                    let at = ws.get(end - 1).map_or(s.len(), |w| w.e);
                    defs.retain(|d| d.0 != name);
                    defs.push((name, v, at));
                }
            }
        }
        if is(k, KEEP) || (is(k, &["think"]) && is(k + 1, &["of"])) {
            let j = if is(k, &["think"]) { k + 2 } else { k + 1 };
            if let Some((v, end)) = value(j) {
                kept = Some((v, ws.get(end - 1).map_or(s.len(), |w| w.e)));
            }
        }
    }
    if defs.is_empty() && kept.is_none() {
        return None;
    }
    let def_of = |c: u8, at: usize| {
        defs.iter()
            .find(|d| d.0 == c && d.2 <= at)
            .map(|d| d.1.as_str())
    };
    let mut out = String::with_capacity(s.len() + 16);
    let mut copied = 0;
    let mut changed = false;
    let mut k = 0;
    while let Some(w) = ws.get(k) {
        let t = text(w);
        // `that number`, `that many`: the kept number.
        if let Some((v, _)) = kept.as_ref().filter(|(_, from)| w.s >= *from) {
            if t.eq_ignore_ascii_case("that") && is(k + 1, &["number", "many"]) {
                out.push_str(s.get(copied..w.s).unwrap_or(""));
                out.push_str(v);
                copied = ws.get(k + 1).map_or(w.e, |n| n.e);
                changed = true;
                k += 2;
                continue;
            }
        }
        let letters = t.bytes().all(|c| c.is_ascii_alphabetic()) && t.len() <= 8;
        if letters && !defs.is_empty() {
            let vals: Option<Vec<&str>> = t.bytes().map(|c| def_of(c, w.s)).collect();
            if let Some(vals) = vals {
                out.push_str(s.get(copied..w.s).unwrap_or(""));
                // `100n`: a product with the digits glued before it.
                let glued = w.s > 0 && b.get(w.s - 1).is_some_and(u8::is_ascii_digit);
                if glued {
                    out.push('*');
                }
                out.push_str(&vals.concat());
                copied = w.e;
                changed = true;
            }
        }
        k += 1;
    }
    out.push_str(s.get(copied..).unwrap_or(""));
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::view;

    #[test]
    fn names_read_as_their_values() {
        for (t, want) in [
            (
                "Let A = 51. Total lag = A hundred.",
                "Total lag = 51 hundred.",
            ),
            (
                "Let A = 51. Total lag = A times one hundred.",
                "= 51 times one hundred",
            ),
            ("If x is 51, the lag is x hundred.", "the lag is 51 hundred"),
            (
                "x = 51; the lag is x with two zeros appended",
                "the lag is 51 with two zeros",
            ),
            ("n = 275; worst = 10n", "worst = 10*275"),
            ("A=5, B=1, C=0. Lag = ABCC.", "Lag = 5100."),
            ("Let A = 51 and B = 00. The lag is AB.", "The lag is 5100."),
            ("Let n be fifty-one. Lag = 100n.", "Lag = 100*fifty-one."),
            ("Let n = 51. Lag = 100\u{b7}n.", "Lag = 100\u{b7}51."),
            (
                "Remember 51. The lag is that number followed by two zeros.",
                "The lag is 51 followed by two zeros.",
            ),
            (
                "Remember 27. The worst partition lag is that number followed by 50.",
                "is 27 followed by 50",
            ),
        ] {
            let v = view(t);
            assert!(
                v.as_deref().is_some_and(|v| v.contains(want)),
                "{t:?}: {v:?}"
            );
        }
        // No definition, a comparison, a use before the definition, a longer name.
        for t in [
            "The lag is high.",
            "if a == 5 then b",
            "lag is A hundred; let A = 51",
            "let lag = 51",
        ] {
            let v = view(t);
            assert!(
                v.as_deref().is_none_or(|v| !v.contains("51 hundred")),
                "{t:?}: {v:?}"
            );
        }
    }
}
