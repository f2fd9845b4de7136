//! Names spelled letter by letter in a spelling alphabet (part of the fuzzy name rules): a
//! learner who asks for the worker's name "in the phonetic alphabet" gets `kilo echo sierra
//! tango romeo echo lima`, or `K as in Kilo, E as in Echo, …`. This module owns reading those
//! back: [`letters_view`] writes the text again with each run of three or more spelled letters
//! as the letters themselves (`orders-worker-kilo echo sierra …` → `orders-worker-kestrel`),
//! and the name rules read that view as they read the text.
//!
//! False-positive controls: a run needs three spelled letters in a row, separated only by
//! spaces, commas, hyphens, slashes or full stops (`tango` or `echo server` alone is a word);
//! the view is scanned for names only, never for numbers.
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use std::sync::OnceLock;

/// The ICAO/NATO spelling alphabet, with its common variant spellings.
const ALPHABET: &[(&str, char)] = &[
    ("alfa", 'a'),
    ("alpha", 'a'),
    ("bravo", 'b'),
    ("charlie", 'c'),
    ("delta", 'd'),
    ("echo", 'e'),
    ("foxtrot", 'f'),
    ("golf", 'g'),
    ("hotel", 'h'),
    ("india", 'i'),
    ("juliett", 'j'),
    ("juliet", 'j'),
    ("kilo", 'k'),
    ("lima", 'l'),
    ("mike", 'm'),
    ("november", 'n'),
    ("oscar", 'o'),
    ("papa", 'p'),
    ("quebec", 'q'),
    ("romeo", 'r'),
    ("sierra", 's'),
    ("tango", 't'),
    ("uniform", 'u'),
    ("victor", 'v'),
    ("whiskey", 'w'),
    ("whisky", 'w'),
    ("xray", 'x'),
    ("x-ray", 'x'),
    ("yankee", 'y'),
    ("zulu", 'z'),
];

/// Fewest spelled letters in a row that make a run.
const MIN_RUN: usize = 3;

fn alphabet() -> Option<&'static AhoCorasick> {
    static AC: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    AC.get_or_init(|| {
        AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::LeftmostLongest)
            .build(ALPHABET.iter().map(|(w, _)| w))
            .ok()
    })
    .as_ref()
}

/// One spelled letter: its byte range in the text (including a leading `X as in ` / `X for `)
/// and the letter.
struct Spelled {
    start: usize,
    end: usize,
    letter: char,
}

/// The text with every run of spelled letters written as the letters; `None` when it has none.
pub(crate) fn letters_view(s: &str) -> Option<String> {
    let ac = alphabet()?;
    let b = s.as_bytes();
    let word_at = |i: usize| b.get(i).is_some_and(u8::is_ascii_alphanumeric);
    let mut spelled: Vec<Spelled> = Vec::new();
    for m in ac.find_iter(s) {
        if (m.start() > 0 && word_at(m.start() - 1)) || word_at(m.end()) {
            continue;
        }
        let letter = ALPHABET.get(m.pattern().as_usize()).map(|(_, l)| *l)?;
        spelled.push(Spelled {
            start: lead_in(s, m.start(), letter).unwrap_or(m.start()),
            end: m.end(),
            letter,
        });
    }
    if spelled.len() < MIN_RUN {
        return None;
    }
    // Group into runs joined only by separators.
    let mut out = String::with_capacity(s.len());
    let mut copied = 0;
    let mut i = 0;
    let mut any = false;
    while i < spelled.len() {
        let mut j = i + 1;
        while j < spelled.len() && joined(s.get(spelled[j - 1].end..spelled[j].start)) {
            j += 1;
        }
        if j - i >= MIN_RUN {
            out.push_str(s.get(copied..spelled[i].start).unwrap_or(""));
            out.extend(spelled[i..j].iter().map(|x| x.letter));
            copied = spelled[j - 1].end;
            any = true;
        }
        i = j;
    }
    if !any {
        return None;
    }
    out.push_str(s.get(copied..).unwrap_or(""));
    Some(out)
}

/// `K as in ` / `K for ` right before a spelling word for `k`: where that lead-in starts.
fn lead_in(s: &str, at: usize, letter: char) -> Option<usize> {
    let head = s.get(..at)?;
    let head = head.strip_suffix(' ')?;
    let head = head
        .strip_suffix(" as in")
        .or_else(|| head.strip_suffix(" for"))?;
    let mut cs = head.char_indices().rev();
    let (k, c) = cs.next()?;
    let alone = cs.next().is_none_or(|(_, p)| !p.is_alphanumeric());
    (alone && c.eq_ignore_ascii_case(&letter)).then_some(k)
}

/// Is the gap between two spelled letters only separators?
fn joined(gap: Option<&str>) -> bool {
    gap.is_some_and(|g| {
        !g.is_empty()
            && g.len() <= 4
            && g.chars()
                .all(|c| matches!(c, ' ' | ',' | '-' | '/' | '.' | '\t'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_read_as_letters() {
        let v = |s: &str| letters_view(s);
        assert_eq!(
            v("kilo echo sierra tango romeo echo lima").as_deref(),
            Some("kestrel")
        );
        assert_eq!(
            v("orders-worker-Kilo-Echo-Sierra-Tango-Romeo-Echo-Lima.").as_deref(),
            Some("orders-worker-kestrel.")
        );
        assert_eq!(
            v("K as in Kilo, E as in Echo, S as in Sierra, T for Tango").as_deref(),
            Some("kest")
        );
        assert_eq!(v("KILO ECHO SIERRA").as_deref(), Some("kes"));
    }

    #[test]
    fn near_misses() {
        for t in [
            "the echo server runs in lima",
            "tango and golf on the hotel roof",
            "Alpha, then the delta",
            "mike said echo; hotel later",
            "kilos of echoes",
        ] {
            assert_eq!(letters_view(t), None, "{t:?}");
        }
    }
}
