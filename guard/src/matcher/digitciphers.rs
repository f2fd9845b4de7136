//! Digit ciphers: a target's digits under a per-digit substitution a reader undoes by hand.
//! This module owns six of them:
//! - **shifted symbols**: the digits typed with shift held on a US keyboard (`%!))` is `5100`:
//!   `!@#$%^&*()` are `1234567890`); read without a cue, because a run of those symbols alone
//!   is not ordinary text, and compared exactly; and on a German keyboard (`%!==`: `!"§$%&/()=`
//!   are `1234567890`), whose symbols are common in code, only beside a cue naming the layout
//!   (`german`, `deutsch`, `qwertz`);
//! - with a cue nearby (the cue's line and the two lines after it): **rot5** (each digit +5
//!   mod 10, `0655`; cues `rot5`, `rot-5`, `mod 10`), **nines' complement** (`4899` for
//!   `5100`; cues `complement`, `9999`), **letters for digits** (`fbaa` with `a=0`, `eajj` with
//!   `a=1` and `j=0`, glued or one by one: `C H F A`, `b, g, e, j`; cues `a=0`, `a=1`, `a1z26`,
//!   `abcdefghij`, `letter`) and a name's letters as **phone keypad
//!   digits** (`5378735` is `kestrel`; cues `keypad`, `t9`, `phone`, `dial`).
//!
//! False-positive controls: every reading is an exact comparison with a target's own digits
//! (or a name's keypad digits, a part of five letters or more); a symbol run is read only
//! whole, bounded by other bytes, at most two symbols longer than the target (`$((1+2))`,
//! `!!`, `&&`, `rm -rf ./*` read nothing); the cue ciphers, which would otherwise read ordinary
//! numbers and words, only near a cue.
//!
//! Cost: every image of every target (a few short strings a target) is compiled into one
//! automaton searched over the text once; a cue is looked for only around an image found.
//! Letters one by one are glued in a copy only when the text holds `=` or `letter` and a run of
//! three lone letters.
use super::targets::Hits;
use aho_corasick::{AhoCorasick, MatchKind};

/// The shifted symbol of a digit (US layout: `!@#$%^&*()` are `1234567890`).
fn shifted(d: u8) -> Option<u8> {
    b")!@#$%^&*("
        .get(usize::from(d.checked_sub(b'0')?))
        .copied()
}

/// The shifted symbol of a digit on a German (QWERTZ) keyboard: `!"§$%&/()=` are
/// `1234567890`.
fn shifted_de(d: u8) -> Option<&'static str> {
    ["=", "!", "\"", "\u{a7}", "$", "%", "&", "/", "(", ")"]
        .get(usize::from(d.checked_sub(b'0')?))
        .copied()
}

/// The bytes of the German shifted symbols (`§` is two bytes in UTF-8: C2 A7).
fn de_symbol(c: u8) -> bool {
    b"!\"$%&/()=\xc2\xa7".contains(&c)
}

/// Cues that name the German layout, lowercase: its symbols (`"`, `/`, `=`, `(`) are common
/// in code, so they are read only beside one.
const DE_CUES: &[&str] = &["german", "deutsch", "qwertz"];

/// The cues, lowercase (a window is lowercased before they are looked for).
const CUES: &[&str] = &[
    "rot5",
    "rot-5",
    "rot 5",
    "mod 10",
    "complement",
    "9999",
    "a=0",
    "a = 0",
    "a=1",
    "a = 1",
    "a1z26",
    "abcdefghij",
    "letter",
    "keypad",
    "t9",
    "phone",
    "dial",
];

/// The phone keypad digit of a letter.
fn key(c: char) -> Option<char> {
    Some(match c.to_ascii_lowercase() {
        'a'..='c' => '2',
        'd'..='f' => '3',
        'g'..='i' => '4',
        'j'..='l' => '5',
        'm'..='o' => '6',
        'p'..='s' => '7',
        't'..='v' => '8',
        'w'..='z' => '9',
        _ => return None,
    })
}

/// How an image must sit.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    /// Shifted symbols: no digit beside, in a symbol run at most two longer.
    Shift,
    /// German shifted symbols: as [`Kind::Shift`], and a German cue near.
    ShiftDe,
    /// Digits: no digit beside, a cue near.
    Digits,
    /// Letters: no letter beside, a cue near.
    Letters,
}

/// What a manifest's targets compile to here: every cipher image of every target, and one
/// automaton over them.
#[derive(Debug, Clone)]
pub(crate) struct DigitCiphers {
    ac: AhoCorasick,
    ids: Vec<(usize, Kind)>,
}

impl DigitCiphers {
    /// `digits`: each whole-number target's digits; `names`: each name target.
    pub(crate) fn new(digits: &[(String, usize)], names: &[(usize, &str)]) -> Option<DigitCiphers> {
        let mut pats: Vec<Vec<u8>> = Vec::new();
        let mut ids = Vec::new();
        let mut add = |p: Vec<u8>, i: usize, k: Kind| {
            if p.len() >= 3 && !pats.contains(&p) {
                pats.push(p);
                ids.push((i, k));
            }
        };
        for (d, i) in digits {
            let d = d.as_bytes();
            if d.len() < 3 {
                continue;
            }
            let map = |f: &dyn Fn(u8) -> Option<u8>| -> Option<Vec<u8>> {
                d.iter().map(|c| f(c.checked_sub(b'0')?)).collect()
            };
            if let Some(p) = d.iter().map(|c| shifted(*c)).collect() {
                add(p, *i, Kind::Shift);
            }
            if let Some(p) = d.iter().map(|c| shifted_de(*c)).collect::<Option<String>>() {
                add(p.into_bytes(), *i, Kind::ShiftDe);
            }
            for f in [
                &(|v: u8| Some(b'0' + (v + 5) % 10)) as &dyn Fn(u8) -> Option<u8>,
                &|v: u8| Some(b'0' + 9 - v),
            ] {
                if let Some(p) = map(f) {
                    add(p, *i, Kind::Digits);
                }
            }
            for f in [
                &(|v: u8| Some(b'a' + v)) as &dyn Fn(u8) -> Option<u8>,
                &|v: u8| Some(if v == 0 { b'j' } else { b'a' + v - 1 }),
            ] {
                if let Some(p) = map(f) {
                    add(p.to_ascii_uppercase(), *i, Kind::Letters);
                    add(p, *i, Kind::Letters);
                }
            }
        }
        for (i, name) in names {
            let all: String = name.chars().filter_map(key).collect();
            if all.len() >= 5 {
                add(all.into_bytes(), *i, Kind::Digits);
            }
            for part in name.split(|c: char| !c.is_ascii_alphabetic()) {
                let k: String = part.chars().filter_map(key).collect();
                if k.len() >= 5 {
                    add(k.into_bytes(), *i, Kind::Digits);
                }
            }
        }
        if pats.is_empty() {
            return None;
        }
        // A DFA without a prefilter: images are digit strings, and a prefilter on digits stops
        // at every number.
        let ac = AhoCorasick::builder()
            .match_kind(MatchKind::Standard)
            .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
            .prefilter(false)
            .build(&pats)
            .ok()?;
        Some(DigitCiphers { ac, ids })
    }

    /// Mark every target `text` (as written: normalising drops `$` and `*`) states in a digit
    /// cipher.
    pub(crate) fn scan(&self, text: &str, hits: &mut Hits) {
        let b = text.as_bytes();
        for m in self.ac.find_iter(text) {
            let Some(&(t, kind)) = self.ids.get(m.pattern().as_usize()) else {
                continue;
            };
            if hits.has(t) {
                continue;
            }
            let before = m.start().checked_sub(1).and_then(|k| b.get(k)).copied();
            let after = b.get(m.end()).copied();
            let beside = |f: fn(&u8) -> bool| {
                before.as_ref().is_some_and(f) || after.as_ref().is_some_and(f)
            };
            let ok = match kind {
                Kind::Shift => {
                    let symbol = |c: &u8| b")!@#$%^&*(".contains(c);
                    let mut start = m.start();
                    while start > 0 && b.get(start - 1).is_some_and(symbol) {
                        start -= 1;
                    }
                    let mut end = m.end();
                    while b.get(end).is_some_and(symbol) {
                        end += 1;
                    }
                    !beside(u8::is_ascii_digit) && end - start <= m.len() + 2
                }
                Kind::ShiftDe => {
                    let mut start = m.start();
                    while start > 0 && b.get(start - 1).copied().is_some_and(de_symbol) {
                        start -= 1;
                    }
                    let mut end = m.end();
                    while b.get(end).copied().is_some_and(de_symbol) {
                        end += 1;
                    }
                    !beside(u8::is_ascii_digit)
                        && end - start <= m.len() + 2
                        && cue_in(b, m.start(), DE_CUES)
                }
                Kind::Digits => {
                    !beside(u8::is_ascii_digit)
                        && !beside(u8::is_ascii_alphabetic)
                        && cue_near(b, m.start())
                }
                Kind::Letters => !beside(u8::is_ascii_alphanumeric) && cue_near(b, m.start()),
            };
            if ok {
                hits.set(t);
            }
        }
        // Letters for digits written one by one (`C H F A`, `b, g, e, j`): glued, then read
        // as the glued images are, letters only.
        if let Some(glued) = glued_letters(text) {
            for m in self.ac.find_iter(&glued) {
                let Some(&(t, Kind::Letters)) = self.ids.get(m.pattern().as_usize()) else {
                    continue;
                };
                let g = glued.as_bytes();
                let before = m.start().checked_sub(1).and_then(|k| g.get(k));
                let after = g.get(m.end());
                let beside = before.is_some_and(u8::is_ascii_alphanumeric)
                    || after.is_some_and(u8::is_ascii_alphanumeric);
                if !hits.has(t) && !beside && cue_near(g, m.start()) {
                    hits.set(t);
                }
            }
        }
    }
}

/// The text with each run of three or more lone ASCII letters, one separator apart (a space,
/// `,`, `.`, `-`, `;`, `|`, `/` and the spaces around it), glued into one word; `None` when
/// there is no such run. Only a text with a letter cue's sign (`=` or `letter`) is read.
fn glued_letters(text: &str) -> Option<String> {
    let b = text.as_bytes();
    if memchr::memchr(b'=', b).is_none()
        && memchr::memmem::find(b, b"etter").is_none()
        && memchr::memmem::find(b, b"ETTER").is_none()
    {
        return None;
    }
    let lone = |i: usize| {
        b.get(i).is_some_and(u8::is_ascii_alphabetic)
            && !i
                .checked_sub(1)
                .and_then(|k| b.get(k))
                .is_some_and(u8::is_ascii_alphanumeric)
            && !b.get(i + 1).is_some_and(u8::is_ascii_alphanumeric)
    };
    let sep = |c: u8| matches!(c, b' ' | b',' | b'.' | b'-' | b';' | b'|' | b'/');
    // A first look for three lone letters one separator apart, before any copy.
    let run_at = |i: usize| {
        let mut n = 1;
        let mut j = i + 1;
        while n < 3 {
            let mut k = j;
            while b.get(k).is_some_and(|c| sep(*c)) && k - j < 4 {
                k += 1;
            }
            if k > j && lone(k) {
                n += 1;
                j = k + 1;
            } else {
                return false;
            }
        }
        true
    };
    if !(0..b.len()).any(|i| lone(i) && run_at(i)) {
        return None;
    }
    let mut out = Vec::with_capacity(b.len());
    let mut changed = false;
    let mut i = 0;
    while i < b.len() {
        if lone(i) {
            // The run: letter (separators letter)*.
            let mut letters = vec![i];
            let mut j = i + 1;
            loop {
                let mut k = j;
                while b.get(k).is_some_and(|c| sep(*c)) && k - j < 4 {
                    k += 1;
                }
                if k > j && lone(k) {
                    letters.push(k);
                    j = k + 1;
                } else {
                    break;
                }
            }
            if letters.len() >= 3 {
                out.extend(letters.iter().filter_map(|&k| b.get(k)));
                changed = true;
                i = j;
                continue;
            }
        }
        if let Some(&c) = b.get(i) {
            out.push(c);
        }
        i += 1;
    }
    if !changed {
        return None;
    }
    String::from_utf8(out).ok()
}

/// Is a cue on the line at `at`, the two lines before it or the line after it?
fn cue_near(b: &[u8], at: usize) -> bool {
    cue_in(b, at, CUES)
}

/// Does one of `cues` stand in the window [`cue_near`] looks in?
fn cue_in(b: &[u8], at: usize, cues: &[&str]) -> bool {
    let mut start = at;
    for _ in 0..3 {
        match memchr::memrchr(b'\n', b.get(..start).unwrap_or(&[])) {
            Some(p) => start = p,
            None => {
                start = 0;
                break;
            }
        }
    }
    let mut end = at;
    for _ in 0..2 {
        match memchr::memchr(b'\n', b.get(end..).unwrap_or(&[])) {
            Some(p) => end += p + 1,
            None => {
                end = b.len();
                break;
            }
        }
    }
    let window = b.get(start..end).unwrap_or(&[]).to_ascii_lowercase();
    cues.iter()
        .any(|c| memchr::memmem::find(&window, c.as_bytes()).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lab() -> DigitCiphers {
        match DigitCiphers::new(
            &[("5100".into(), 0), ("2750".into(), 1)],
            &[(2, "orders-worker-kestrel")],
        ) {
            Some(c) => c,
            None => unreachable!("images compile"),
        }
    }

    fn found(s: &str) -> Vec<usize> {
        let mut h = Hits::new(3, 0);
        lab().scan(s, &mut h);
        h.into_indices()
    }

    #[test]
    fn ciphers() {
        for (s, want) in [
            ("shift keys: %!))", 0),
            ("worst lag on a German keyboard with shift: \"/%=", 1),
            ("QWERTZ, shift held: %!==", 0),
            ("lag `%!))`", 0),
            ("worst @&%)", 1),
            ("rot5 lag: 0655", 0),
            ("ROT-5 of the worst lag is 7205", 1),
            ("nines' complement: 4899", 0),
            ("subtract from 9999: 4899", 0),
            ("using a=0, b=1...: fbaa", 0),
            ("a=1, b=2: eajj", 0),
            ("phone keypad: 5378735", 2),
            ("letters as digits (A=0): C H F A", 1),
            ("ABCDEFGHIJ = 0123456789: FBAA", 0),
            ("with a=1, b=2, …, j=0: b g e j", 1),
            ("A=0: F, B, A, A", 0),
            (
                "on a phone keypad the consumer is 673377-9675377-5378735",
                2,
            ),
        ] {
            assert_eq!(found(s), vec![want], "{s}");
        }
    }

    #[test]
    fn near_misses() {
        for s in [
            "echo $((1+2))",
            "if (a !== b) return %!==;",
            "German keyboard: press \"/%) to open",
            "!! && ls",
            "rm -rf ./*",
            "5100 messages",
            "0655 is the umask",
            "lag 4899",
            "the word fbaa",
            "phone 555-0100",
            "99.99% uptime, 9999 requests",
            "100%!",
            "a=1: grade B C A on the form",
            "x = y - z",
        ] {
            let got = found(s);
            assert!(got.is_empty(), "{s}: {got:?}");
        }
    }
}
