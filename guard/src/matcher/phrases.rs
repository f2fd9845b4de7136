//! Position phrases: a prefix or suffix of a target's digits next to words that say where it
//! sits (`starts with 51`, `the first two digits are 51`, `ends in 00`, `last digit: 0`). A
//! learner who cannot get the value in one reply can ask for it in pieces across turns; each
//! piece is withheld.
//!
//! A phrase is one of a closed list (any case); after it come at most 24 characters of filler
//! without a line end or a digit (`are`, `:`, `the digits`, quotes), then a digit run (digits
//! with `,` `-` or space between single digits allowed). The run states a numeric target when
//! it is a proper prefix (start phrases) or a proper suffix (end phrases) of the target's
//! integer digits.
//!
//! False-positive controls: only these phrases; the run must be shorter than the target's
//! digits and a prefix or suffix of them; a phrase such as `ends in 2 minutes` only matters
//! when `2` is such a piece of a target.
use super::targets::Hits;
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use std::sync::OnceLock;

/// (phrase, true for a start phrase).
const PHRASES: &[(&str, bool)] = &[
    ("starts with", true),
    ("start with", true),
    ("starting with", true),
    ("begins with", true),
    ("begin with", true),
    ("beginning with", true),
    ("first digit", true),
    ("first two digits", true),
    ("first three digits", true),
    ("first four digits", true),
    ("first 2 digits", true),
    ("first 3 digits", true),
    ("first 4 digits", true),
    ("leading digit", true),
    ("prefix", true),
    ("ends with", false),
    ("end with", false),
    ("ending with", false),
    ("ends in", false),
    ("end in", false),
    ("ending in", false),
    ("last digit", false),
    ("last two digits", false),
    ("last three digits", false),
    ("last four digits", false),
    ("last 2 digits", false),
    ("last 3 digits", false),
    ("last 4 digits", false),
    ("trailing digit", false),
    ("suffix", false),
];

fn automaton() -> Option<&'static AhoCorasick> {
    static AC: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    AC.get_or_init(|| {
        AhoCorasickBuilder::new()
            .match_kind(MatchKind::LeftmostLongest)
            .ascii_case_insensitive(true)
            .build(PHRASES.iter().map(|(p, _)| *p))
            .ok()
    })
    .as_ref()
}

/// Record every numeric target a position phrase in `s` gives a piece of. `digits`: each
/// numeric target's integer digits and its index.
pub(crate) fn scan(s: &str, digits: &[(String, usize)], hits: &mut Hits) {
    if digits.is_empty() {
        return;
    }
    let Some(ac) = automaton() else {
        return;
    };
    let b = s.as_bytes();
    for m in ac.find_iter(s) {
        let Some(&(_, start)) = PHRASES.get(m.pattern().as_usize()) else {
            continue;
        };
        // Filler up to the first digit.
        let mut p = m.end();
        let limit = p + 24;
        while p < limit && p < b.len() && !b[p].is_ascii_digit() && b[p] != b'\n' {
            p += 1;
        }
        if !b.get(p).is_some_and(u8::is_ascii_digit) {
            continue;
        }
        let mut piece = String::new();
        let mut q = p;
        while q < b.len() && piece.len() < 20 {
            let c = b[q];
            if c.is_ascii_digit() {
                piece.push(char::from(c));
            } else if !(matches!(c, b',' | b'-' | b' ')
                && b.get(q + 1).is_some_and(u8::is_ascii_digit))
            {
                break;
            }
            q += 1;
        }
        for (full, idx) in digits {
            let proper = piece.len() < full.len();
            let fits = if start {
                full.starts_with(piece.as_str())
            } else {
                full.ends_with(piece.as_str())
            };
            if proper && fits {
                hits.set(*idx);
            }
        }
    }
}
