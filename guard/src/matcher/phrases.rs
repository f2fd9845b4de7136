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
use aho_corasick::{AhoCorasick, MatchKind};
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
    ("first half", true),
    ("top half", true),
    ("upper half", true),
    ("front half", true),
    ("left half", true),
    ("high part", true),
    ("high half", true),
    ("high digits", true),
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
    ("second half", false),
    ("bottom half", false),
    ("lower half", false),
    ("back half", false),
    ("right half", false),
    ("low part", false),
    ("low half", false),
    ("low digits", false),
];

fn automaton() -> Option<&'static AhoCorasick> {
    static AC: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    AC.get_or_init(|| {
        crate::matcher::dfa_builder()
            .match_kind(MatchKind::LeftmostLongest)
            .ascii_case_insensitive(true)
            .build(PHRASES.iter().map(|(p, _)| *p))
            .ok()
    })
    .as_ref()
}

/// One piece after a position phrase: a candidate of every target it could be a piece of (a
/// list of `starts with 10, starts with 11, …` is an oracle question like a list of values, and
/// is withheld whole from three pieces on), and a hit when it is one.
fn note(piece: &str, start: bool, digits: &[(String, usize)], hits: &mut Hits) {
    let key = piece.bytes().fold(u64::from(start) + 0x9E37, |h, b| {
        h.rotate_left(9) ^ u64::from(b)
    });
    for (full, idx) in digits {
        if piece.len() >= full.len() {
            continue;
        }
        hits.candidate(*idx, key);
        let fits = if start {
            full.starts_with(piece)
        } else {
            full.ends_with(piece)
        };
        if fits {
            hits.set(*idx);
        }
    }
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
        // The first piece may hold separators between digits (`5 1`); later ones, listed after
        // it (`500, 501 or 502`), are plain digit runs.
        let mut q = p;
        for n in 0..16 {
            let mut piece = String::new();
            while q < b.len() && piece.len() < 20 {
                let c = b[q];
                if c.is_ascii_digit() {
                    piece.push(char::from(c));
                } else if !(n == 0
                    && matches!(c, b',' | b'-' | b' ')
                    && b.get(q + 1).is_some_and(u8::is_ascii_digit))
                {
                    break;
                }
                q += 1;
            }
            if piece.is_empty() {
                break;
            }
            note(&piece, start, digits, hits);
            // `, `, ` or `, ` and `, `/` between listed pieces.
            let mut r = q;
            while r < b.len() && r - q < 6 && matches!(b[r], b',' | b' ' | b';' | b'/') {
                r += 1;
            }
            for w in ["or ", "and "] {
                if s.get(r..r + w.len())
                    .is_some_and(|x| x.eq_ignore_ascii_case(w))
                {
                    r += w.len();
                }
            }
            if r == q || !b.get(r).is_some_and(u8::is_ascii_digit) {
                break;
            }
            q = r;
        }
    }
}
