//! Labelled pieces (part of `Rules::position_phrases`): a value given as two halves or as
//! single digits, each piece next to a label that says where it goes (`hi=51 lo=00`, `head=51,
//! tail=00`, `51 up front, 00 at the back`, `Half one is 51. Half two is 00.`, `first=5
//! second=1 third=0 fourth=0`, `char 3 is 0, char 1 is 5 …`, `index 0: 5`, `thousands: 5` / `hundreds: 1` / `tens: 0` / `ones: 0`, the
//! same as JSON keys, `upper_half=51`, `"lowHalf": "00"`; in words through the second
//! readings: `hi fifty-one, lo zero zero`). This module owns joining such pieces back: the pieces of one label
//! family, next to each other in the text, are put in the order their labels give and the
//! digits compared with each integer target's.
//!
//! False-positive controls: the joined digits must be a target's digits exactly (`hi=51
//! lo=7` is 517, `upper: 80` / `lower: 20` is 8020); a label is a closed list, on word
//! boundaries, with only punctuation or `is`/`are`/`digits` between it and its number (or only
//! spaces, for labels that follow their number); each piece is a digit run standing alone
//! (not `5.1`, `51a`); pieces are joined only when at most 24 characters lie between them,
//! punctuation or `and`/`then` (prose between two numbers is not a list of pieces); the
//! labels must fill their places without a gap (`first`, `second`; `tens`, `ones`), each
//! label once; a place (`tens: 0`) holds one digit. A lone piece states nothing here
//! (`phrases.rs` reads `first half: 51` as a prefix).
//!
//! Cost: a text with fewer than two digit runs is settled by one byte pass; otherwise one
//! Aho-Corasick pass over the labels.
use super::targets::Hits;
use aho_corasick::{AhoCorasick, MatchKind};
use std::sync::OnceLock;

/// A label family: pieces of one family join.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Family {
    /// Two halves: slot 0 before slot 1.
    Halves,
    /// Ordinals: slot 0 (`first`) before slot 1 (`second`) …
    Ordinals,
    /// Places: the slot is the power of ten (`ones` 0, `tens` 1 …); one digit each.
    Places,
}

/// (label, family, slot, the number follows the label).
const LABELS: &[(&str, Family, u8, bool)] = &[
    ("hi", Family::Halves, 0, true),
    ("high", Family::Halves, 0, true),
    ("high half", Family::Halves, 0, true),
    ("high part", Family::Halves, 0, true),
    ("upper", Family::Halves, 0, true),
    ("upper half", Family::Halves, 0, true),
    ("top", Family::Halves, 0, true),
    ("top two", Family::Halves, 0, true),
    ("top half", Family::Halves, 0, true),
    ("left", Family::Halves, 0, true),
    ("left half", Family::Halves, 0, true),
    ("leading", Family::Halves, 0, true),
    ("head", Family::Halves, 0, true),
    ("front", Family::Halves, 0, true),
    ("front half", Family::Halves, 0, true),
    ("starts", Family::Halves, 0, true),
    ("begins", Family::Halves, 0, true),
    ("first half", Family::Halves, 0, true),
    ("first two", Family::Halves, 0, true),
    ("half one", Family::Halves, 0, true),
    ("half 1", Family::Halves, 0, true),
    ("part one", Family::Halves, 0, true),
    ("part 1", Family::Halves, 0, true),
    ("first part", Family::Halves, 0, true),
    ("most significant", Family::Halves, 0, true),
    ("part a", Family::Halves, 0, true),
    ("piece one", Family::Halves, 0, true),
    ("piece 1", Family::Halves, 0, true),
    ("chunk one", Family::Halves, 0, true),
    ("chunk 1", Family::Halves, 0, true),
    ("chunk #1", Family::Halves, 0, true),
    ("line 1", Family::Halves, 0, true),
    ("start", Family::Halves, 0, true),
    ("opening", Family::Halves, 0, true),
    ("opening digits", Family::Halves, 0, true),
    ("up front", Family::Halves, 0, false),
    ("at the front", Family::Halves, 0, false),
    ("in front", Family::Halves, 0, false),
    ("first", Family::Ordinals, 0, true),
    ("second", Family::Ordinals, 1, true),
    ("third", Family::Ordinals, 2, true),
    ("fourth", Family::Ordinals, 3, true),
    ("fifth", Family::Ordinals, 4, true),
    ("sixth", Family::Ordinals, 5, true),
    ("seventh", Family::Ordinals, 6, true),
    ("1st", Family::Ordinals, 0, true),
    ("2nd", Family::Ordinals, 1, true),
    ("3rd", Family::Ordinals, 2, true),
    ("4th", Family::Ordinals, 3, true),
    ("5th", Family::Ordinals, 4, true),
    ("6th", Family::Ordinals, 5, true),
    ("7th", Family::Ordinals, 6, true),
    ("lo", Family::Halves, 1, true),
    ("low", Family::Halves, 1, true),
    ("low half", Family::Halves, 1, true),
    ("low part", Family::Halves, 1, true),
    ("lower", Family::Halves, 1, true),
    ("lower half", Family::Halves, 1, true),
    ("bottom", Family::Halves, 1, true),
    ("bottom two", Family::Halves, 1, true),
    ("bottom half", Family::Halves, 1, true),
    ("right", Family::Halves, 1, true),
    ("right half", Family::Halves, 1, true),
    ("trailing", Family::Halves, 1, true),
    ("tail", Family::Halves, 1, true),
    ("back", Family::Halves, 1, true),
    ("back half", Family::Halves, 1, true),
    ("ends", Family::Halves, 1, true),
    ("second half", Family::Halves, 1, true),
    ("last two", Family::Halves, 1, true),
    ("half two", Family::Halves, 1, true),
    ("half 2", Family::Halves, 1, true),
    ("part two", Family::Halves, 1, true),
    ("part 2", Family::Halves, 1, true),
    ("second part", Family::Halves, 1, true),
    ("least significant", Family::Halves, 1, true),
    ("part b", Family::Halves, 1, true),
    ("piece two", Family::Halves, 1, true),
    ("piece 2", Family::Halves, 1, true),
    ("chunk two", Family::Halves, 1, true),
    ("chunk 2", Family::Halves, 1, true),
    ("chunk #2", Family::Halves, 1, true),
    ("line 2", Family::Halves, 1, true),
    ("end", Family::Halves, 1, true),
    ("closing", Family::Halves, 1, true),
    ("closing digits", Family::Halves, 1, true),
    ("at the back", Family::Halves, 1, false),
    ("at the end", Family::Halves, 1, false),
    ("millions", Family::Places, 6, true),
    ("hundred thousands", Family::Places, 5, true),
    ("ten thousands", Family::Places, 4, true),
    ("thousands", Family::Places, 3, true),
    ("hundreds", Family::Places, 2, true),
    ("tens", Family::Places, 1, true),
    ("ones", Family::Places, 0, true),
    ("units", Family::Places, 0, true),
    // What is left below the places named before it (`thousands: 5` / `remainder: 100`).
    ("remainder", Family::Places, 0, true),
    ("rest", Family::Places, 0, true),
];

/// A label's family, slot, and whether the number follows it.
type Label = (Family, u8, bool);

/// Words that, with a place number after them, label one digit of a value told position by
/// position (`char 1 is 5, char 2 is 1`, `position #3: 0`, `slot three = 0`), in any order.
const POSITION_WORDS: &[&str] = &["char", "character", "position", "pos", "slot", "digit"];

/// Place numbers in words, first to seventh.
const NUMBER_NAMES: &[&str] = &["one", "two", "three", "four", "five", "six", "seven"];

/// Words that may stand between a label and its number (`Half one is 51`, `top two digits
/// 51`, `tens place: 0`).
const FILLER_WORDS: &[&str] = &[
    "is", "are", "was", "digits", "digit", "place", "holds", "has",
];

/// Most characters between a label and its number.
const MAX_FILLER: usize = 16;

/// Most characters between one piece and the next label.
const MAX_GAP: usize = 24;

/// Most pieces joined (seven places or ordinals).
const MAX_PIECES: usize = 7;

/// The label automaton and, for each of its patterns, the index of its label. A label of
/// several words is also written with `_`, `-` or nothing between them, as a key would be
/// (`upper_half`, `upperHalf`).
fn automaton() -> Option<&'static (AhoCorasick, Vec<Label>)> {
    static AC: OnceLock<Option<(AhoCorasick, Vec<Label>)>> = OnceLock::new();
    AC.get_or_init(|| {
        let mut pats: Vec<String> = Vec::new();
        let mut ids: Vec<Label> = Vec::new();
        let positions = POSITION_WORDS.iter().flat_map(|w| {
            (0..MAX_PIECES).flat_map(move |n| {
                let one = n + 1;
                let word = NUMBER_NAMES.get(n).copied().unwrap_or("");
                let slot = u8::try_from(n).unwrap_or(u8::MAX);
                [
                    (format!("{w} {one}"), slot),
                    (format!("{w} #{one}"), slot),
                    (format!("{w} no. {one}"), slot),
                    (format!("{w} number {one}"), slot),
                    (format!("{w} {word}"), slot),
                ]
            })
        });
        // Zero-based, as code counts (`index 0 is 5`, `s[0] = 5` is read elsewhere); and
        // one-based places standing alone in brackets or as keys (`[3]=5`, `"d2": 7`).
        let indexes = (0..MAX_PIECES).flat_map(|n| {
            let slot = u8::try_from(n).unwrap_or(u8::MAX);
            let one = n + 1;
            [
                (format!("index {n}"), slot),
                (format!("[{one}]"), slot),
                (format!("d{one}"), slot),
            ]
        });
        let generated: Vec<(String, Label)> = positions
            .chain(indexes)
            .map(|(p, slot)| (p, (Family::Ordinals, slot, true)))
            .collect();
        let written = LABELS
            .iter()
            .map(|&(l, f, s, a)| (l.to_string(), (f, s, a)));
        for (l, label) in written.chain(generated) {
            if l.contains(' ') {
                for sep in ["_", "-", ""] {
                    pats.push(l.replace(' ', sep));
                    ids.push(label);
                }
            }
            pats.push(l);
            ids.push(label);
        }
        let ac = crate::matcher::dfa_builder()
            .match_kind(MatchKind::LeftmostLongest)
            .ascii_case_insensitive(true)
            .build(&pats)
            .ok()?;
        Some((ac, ids))
    })
    .as_ref()
}

/// One labelled piece: the byte range of label and number together, the family, the slot and
/// the digits.
#[derive(Clone, Debug)]
struct Piece {
    start: usize,
    end: usize,
    family: Family,
    slot: u8,
    digits: String,
}

/// Does `s` hold two digit runs (the least a joined value needs)?
fn two_digit_runs(b: &[u8]) -> bool {
    let mut runs = 0;
    let mut prev = false;
    for c in b {
        let d = c.is_ascii_digit();
        if d && !prev {
            runs += 1;
            if runs == 2 {
                return true;
            }
        }
        prev = d;
    }
    false
}

/// Mark each integer target (`digits`: its digits and compiled index) that `s` gives as
/// labelled pieces.
pub(crate) fn scan(s: &str, digits: &[(String, usize)], hits: &mut Hits) {
    let b = s.as_bytes();
    if digits.is_empty() || !two_digit_runs(b) {
        return;
    }
    let Some((ac, ids)) = automaton() else {
        return;
    };
    let word = |i: usize| {
        b.get(i)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c >= 0x80)
    };
    let mut pieces: Vec<Piece> = Vec::new();
    for m in ac.find_iter(s) {
        if (m.start() > 0 && word(m.start() - 1)) || word(m.end()) {
            continue;
        }
        let Some(&(family, slot, after)) = ids.get(m.pattern().as_usize()) else {
            continue;
        };
        let found = if after {
            number_after(s, m.end()).map(|(e, d)| (m.start(), e, d))
        } else {
            number_before(s, m.start()).map(|(a, d)| (a, m.end(), d))
        };
        let Some((start, end, d)) = found else {
            continue;
        };
        pieces.push(Piece {
            start,
            end,
            family,
            slot,
            digits: d,
        });
    }
    join_all(s, &mut pieces, digits, hits);
    // The numbered labels of any word, joined apart from the closed list's pieces (the same
    // span may be both, `Part A` / `Part B`).
    let mut numbered = Vec::new();
    let longest = digits.iter().map(|(d, _)| d.len()).max().unwrap_or(0);
    numbered_labels(s, longest, &mut numbered);
    join_all(s, &mut numbered, digits, hits);
}

/// Join runs of neighbouring pieces of one family and mark each target whose digits they give.
fn join_all(s: &str, pieces: &mut [Piece], digits: &[(String, usize)], hits: &mut Hits) {
    if pieces.len() < 2 {
        return;
    }
    pieces.sort_by_key(|p| p.start);
    for i in 0..pieces.len() {
        for k in i + 1..pieces.len().min(i + MAX_PIECES) {
            let (prev, next) = (&pieces[k - 1], &pieces[k]);
            if next.family != prev.family || !near(s, prev.end, next.start) {
                break;
            }
            if let Some(joined) = pieces.get(i..=k).and_then(join) {
                for (t, idx) in digits {
                    if *t == joined {
                        hits.set(*idx);
                    }
                }
            }
        }
    }
}

/// Words that may stand between two pieces (`hi 51 and lo 00`).
const GAP_WORDS: &[&str] = &["and", "then", "the"];

/// Is the text between two pieces short, free of digits, and punctuation or a joining word?
/// (Prose between them, `the first 5 requests failed, the second 100`, is not a list.)
fn near(s: &str, end: usize, start: usize) -> bool {
    if start < end || start - end > MAX_GAP {
        return false;
    }
    let Some(g) = s.get(end..start) else {
        return false;
    };
    !g.bytes().any(|c| c.is_ascii_digit())
        && g.split(|c: char| !c.is_alphanumeric())
            .all(|w| w.is_empty() || GAP_WORDS.iter().any(|x| w.eq_ignore_ascii_case(x)))
}

/// The digits of a chain of pieces in the order their labels give, when the labels fill
/// their places without a gap, each once.
fn join(chain: &[Piece]) -> Option<String> {
    let mut sorted: Vec<&Piece> = chain.iter().collect();
    let family = sorted.first()?.family;
    if family == Family::Places && sorted.iter().any(|p| p.digits.len() > 1) {
        return place_sum(&sorted);
    }
    if family == Family::Places {
        // Highest place first, down to the ones.
        sorted.sort_by_key(|p| std::cmp::Reverse(p.slot));
        if sorted.last()?.slot != 0 {
            return None;
        }
    } else {
        sorted.sort_by_key(|p| p.slot);
        if sorted.first()?.slot != 0 {
            return None;
        }
    }
    if sorted
        .windows(2)
        .any(|w| w[0].slot.abs_diff(w[1].slot) != 1)
    {
        return None;
    }
    Some(sorted.iter().map(|p| p.digits.as_str()).collect())
}

/// Places holding more than a digit add up as place values (`hundreds: 51` / `units: 00` is
/// 5100, `thousands: 5` / `remainder: 100` is 5100), each place once, down to the ones and in
/// descending order as written; the sum's digits, as a target's are compared.
fn place_sum(chain: &[&Piece]) -> Option<String> {
    if chain.last()?.slot != 0 || chain.windows(2).any(|w| w[0].slot <= w[1].slot) {
        return None;
    }
    let mut sum: u64 = 0;
    for p in chain {
        let v: u64 = p.digits.parse().ok()?;
        let scale = 10u64.checked_pow(u32::from(p.slot))?;
        sum = sum.checked_add(v.checked_mul(scale)?)?;
    }
    Some(sum.to_string())
}

/// Words that number things of an ops text, whose values are independent readings
/// (`partition 1: 27` / `partition 2: 50` are two lags): never a label of pieces.
pub(crate) const ENTITY_WORDS: &[&str] = &[
    "partition",
    "broker",
    "replica",
    "node",
    "pod",
    "shard",
    "disk",
    "cpu",
    "core",
    "worker",
    "host",
    "server",
    "zone",
    "rack",
    "thread",
    "queue",
    "topic",
    "member",
    "consumer",
    "instance",
    "container",
    "job",
    "task",
    "test",
    "run",
    "day",
    "week",
    "hour",
];

/// Pieces under one word with a numbered place (`Hint 1: 27` / `Hint 2: 50`, `clue #1 = 51`,
/// `Box A: 27`, `secret one: 51`): any word, the same in every piece, then the place as a
/// digit 1–7, `#N`, a number name or a letter A–G, then the number. Read as ordinals: the
/// pieces must fill places 1, 2, … without a gap, each once (`join`). Words that number ops
/// entities ([`ENTITY_WORDS`]) are not labels.
fn numbered_labels(s: &str, longest: usize, pieces: &mut Vec<Piece>) {
    let b = s.as_bytes();
    let mut found: Vec<(Piece, String)> = Vec::new();
    // From each digit run back to a label word before it (digit runs are far fewer than
    // words); the forward reading then confirms the piece.
    let mut i = 0;
    while let Some(a) = super::wordmath::next_digit(b, i) {
        i = a;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        // A piece is shorter than the longest target.
        if i - a >= longest {
            continue;
        }
        let Some(ws) = label_word_before(b, a) else {
            continue;
        };
        let mut we = ws;
        while b.get(we).is_some_and(u8::is_ascii_alphabetic) {
            we += 1;
        }
        if !(2..=16).contains(&(we - ws)) {
            continue;
        }
        let Some((slot, after_place)) = place_after(b, we) else {
            continue;
        };
        let Some((end, d)) = number_after(s, after_place).filter(|(e, _)| *e >= i) else {
            continue;
        };
        let Some(word) = s.get(ws..we) else { continue };
        let word = word.to_ascii_lowercase();
        if ENTITY_WORDS.contains(&word.as_str())
            || NUMBER_NAMES.contains(&word.as_str())
            || LABELS.iter().any(|l| l.0 == word)
        {
            continue;
        }
        found.push((
            Piece {
                start: ws,
                end,
                family: Family::Ordinals,
                slot,
                digits: d,
            },
            word,
        ));
    }
    // Only a word that labels two pieces or more is a label; each such family is offered to
    // the joiner on its own (`Hint 1`, `Hint 2` never join `Box 3`).
    for (piece, word) in &found {
        if found.iter().filter(|(_, w)| w == word).count() >= 2 {
            pieces.push(piece.clone());
        }
    }
}

/// Where the label word of a numbered place before the digit run at `a` starts, if the bytes
/// before the run read as one (`Hint 2: `, `clue #1 = `, `Box B is `, `secret two: `).
fn label_word_before(b: &[u8], a: usize) -> Option<usize> {
    let mut q = a;
    let place_start = loop {
        let floor = a.saturating_sub(MAX_FILLER + 8);
        while q > floor
            && b.get(q - 1).is_some_and(|c| {
                matches!(
                    c,
                    b' ' | b'\t' | b':' | b'=' | b'"' | b'\'' | b'`' | b'*' | b'(' | b'-' | b'>'
                )
            })
        {
            q -= 1;
        }
        // A number glued to what is before it (`x86`, `v2`, `10.4`) is no labelled piece.
        if q == a {
            return None;
        }
        let c = *b.get(q.checked_sub(1)?)?;
        if (b'1'..=b'7').contains(&c) {
            let p = q - 1;
            break if p > 0 && b.get(p - 1) == Some(&b'#') {
                p - 1
            } else {
                p
            };
        }
        if !c.is_ascii_alphabetic() {
            return None;
        }
        let mut w = q;
        while w > 0 && b.get(w - 1).is_some_and(u8::is_ascii_alphabetic) && q - w <= 6 {
            w -= 1;
        }
        let word = b.get(w..q)?;
        if FILLER_WORDS
            .iter()
            .any(|f| f.as_bytes().eq_ignore_ascii_case(word))
        {
            q = w;
            continue;
        }
        // A place: one letter A–G or a number name (most words before a number are neither).
        let place = match word {
            [c] => (b'a'..=b'g').contains(&c.to_ascii_lowercase()),
            _ => NUMBER_NAMES
                .iter()
                .any(|n| n.as_bytes().eq_ignore_ascii_case(word)),
        };
        let glued = w
            .checked_sub(1)
            .is_some_and(|p| b.get(p).is_some_and(u8::is_ascii_alphabetic));
        if !place || glued {
            return None;
        }
        break w;
    };
    if !matches!(b.get(place_start.checked_sub(1)?)?, b' ' | b'_' | b'-') {
        return None;
    }
    let we = place_start - 1;
    let mut ws = we;
    while ws > 0 && b.get(ws - 1).is_some_and(u8::is_ascii_alphabetic) && we - ws <= 16 {
        ws -= 1;
    }
    if ws == we || (ws > 0 && b.get(ws - 1).is_some_and(u8::is_ascii_alphanumeric)) {
        return None;
    }
    Some(ws)
}

/// The numbered place right after a label word (`␣1`, `␣#2`, `_3`, `␣two`, `␣B`), as a slot
/// counted from 0, and where it ends; the place must stand alone.
fn place_after(b: &[u8], we: usize) -> Option<(u8, usize)> {
    let mut p = we;
    let sep = b.get(p)?;
    if !matches!(sep, b' ' | b'_' | b'-') {
        return None;
    }
    p += 1;
    if b.get(p) == Some(&b'#') {
        p += 1;
    }
    let c = *b.get(p)?;
    let (slot, end) = if (b'1'..=b'7').contains(&c) {
        (c - b'1', p + 1)
    } else if c.is_ascii_alphabetic() {
        let mut e = p;
        while b.get(e).is_some_and(u8::is_ascii_alphabetic) && e - p <= 5 {
            e += 1;
        }
        let w = b.get(p..e)?;
        if e - p == 1 && (b'a'..=b'g').contains(&c.to_ascii_lowercase()) {
            (c.to_ascii_lowercase() - b'a', e)
        } else {
            let n = NUMBER_NAMES
                .iter()
                .position(|x| x.as_bytes().eq_ignore_ascii_case(w))?;
            (u8::try_from(n).ok()?, e)
        }
    } else {
        return None;
    };
    if b.get(end).is_some_and(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    Some((slot, end))
}

/// The digit run after a label: only punctuation and a few words between (`: `, `=`, `": "`,
/// ` is `, ` digits `), standing alone.
fn number_after(s: &str, from: usize) -> Option<(usize, String)> {
    let b = s.as_bytes();
    let mut p = from;
    while p < b.len() && p - from <= MAX_FILLER {
        let c = b[p];
        if c.is_ascii_digit() {
            break;
        }
        if matches!(
            c,
            b' ' | b'\t' | b':' | b'=' | b'"' | b'\'' | b'`' | b'*' | b'(' | b'-' | b'>'
        ) {
            p += 1;
            continue;
        }
        // A filler word on word boundaries (the byte before is filler punctuation).
        let w = FILLER_WORDS.iter().find(|w| {
            s.get(p..p + w.len())
                .is_some_and(|x| x.eq_ignore_ascii_case(w))
                && !b.get(p + w.len()).is_some_and(u8::is_ascii_alphanumeric)
        })?;
        p += w.len();
    }
    let (mut a, mut e) = standalone_run(b, p)?;
    let mut digits = String::from(s.get(a..e)?);
    // Single digits with one space between (`lo 0 0`, as `zero zero` reads).
    while e - a == 1 && b.get(e) == Some(&b' ') {
        match standalone_run(b, e + 1) {
            Some((a2, e2)) if e2 - a2 == 1 => {
                digits.push_str(s.get(a2..e2)?);
                (a, e) = (a2, e2);
            }
            _ => break,
        }
    }
    Some((e, digits))
}

/// The digit run right before a label that follows its number (`51 up front`): spaces only.
fn number_before(s: &str, at: usize) -> Option<(usize, String)> {
    let b = s.as_bytes();
    let mut e = at;
    while e > 0 && at - e < 2 && b.get(e - 1) == Some(&b' ') {
        e -= 1;
    }
    if e == at {
        return None;
    }
    let mut a = e;
    while a > 0 && b.get(a - 1).is_some_and(u8::is_ascii_digit) {
        a -= 1;
    }
    if a == e {
        return None;
    }
    standalone_run(b, a)
        .filter(|r| r.1 == e)
        .and_then(|(a, e)| Some((a, s.get(a..e)?.to_string())))
}

/// The digit run starting at `a`, when it is a whole number of its own (not `5.1`, `51a`,
/// `a51`, `1,000`).
fn standalone_run(b: &[u8], a: usize) -> Option<(usize, usize)> {
    if !b.get(a).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let before = a.checked_sub(1).and_then(|p| b.get(p));
    if before.is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b',' | b'_')) {
        return None;
    }
    let mut e = a;
    while b.get(e).is_some_and(u8::is_ascii_digit) {
        e += 1;
    }
    let after = b.get(e);
    let then_digit = b.get(e + 1).is_some_and(u8::is_ascii_digit);
    let glued = after.is_some_and(|c| {
        c.is_ascii_alphanumeric()
            || *c >= 0x80
            || *c == b'_'
            || (matches!(c, b'.' | b',' | b':' | b'/') && then_digit)
    });
    (e - a <= 9 && !glued).then_some((a, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has(text: &str, target: &str) -> bool {
        let mut hits = Hits::new(1, 0);
        scan(text, &[(target.to_string(), 0)], &mut hits);
        hits.any()
    }

    #[test]
    fn position_words_in_any_order() {
        assert!(has(
            "char 3 is 0, char 1 is 5, char 4 is 0, char 2 is 1",
            "5100"
        ));
        assert!(has(
            "pos #2 = 1; pos #1 = 5; pos #3 = 0; pos #4 = 0",
            "5100"
        ));
        assert!(has(
            "index 0 is 2, index 1 is 7, index 2 is 5, index 3 is 0",
            "2750"
        ));
        assert!(has(
            "character two: 7, character one: 2, character three: 5, character four: 0",
            "2750"
        ));
        // A gap in the places, a place twice, a count after the digit.
        assert!(!has(
            "char 1 is 5, char 3 is 1, char 4 is 0, char 5 is 0",
            "5100"
        ));
        assert!(!has(
            "slot 1 = 5 pods, slot 2 = 1 pod, slot 3 = 0, slot 4 = 0",
            "5100"
        ));
        assert!(!has(
            "char 12 is 5, char 2 is 1, char 3 is 0, char 4 is 0",
            "5100"
        ));
    }

    #[test]
    fn labelled_pieces_join() {
        for t in [
            "left half 51, right half 00",
            "top two digits 51, bottom two 00",
            "leading 51, trailing 00",
            "51 up front, 00 at the back",
            "starts 51 ends 00",
            "upper: 51\nlower: 00",
            "The value has two halves. Half one is 51. Half two is 00.",
            "head=51, tail=00",
            "hi=51 lo=00",
            "{\"hi\": 51, \"lo\": \"00\"}",
            "lo=00 hi=51",
            "first=5 second=1 third=0 fourth=0",
            "thousands: 5\nhundreds: 1\ntens: 0\nones: 0",
            "{\"thousands\": 5, \"hundreds\": 1, \"tens\": 0, \"ones\": 0}",
            "ones: 0, tens: 0, hundreds: 1, thousands: 5",
            "- **High**: 51\n- **Low**: 00",
            "hi is 51 and lo is 00",
            "hi 51, lo 0 0",
            "upper_half=51 lower_half=00",
            "{\"highHalf\": 51, \"lowHalf\": \"00\"}",
            "first: 51, second: 00",
            "most significant digits: 51, least significant digits: 00",
            "part 1: 51, part 2: 00",
            "1st: 5, 2nd: 1, 3rd: 0, 4th: 0",
            "digit 1 = 5, digit 2 = 1, digit 3 = 0, digit 4 = 0",
            "thousands place: 5, hundreds place: 1, tens place: 0, ones place: 0",
        ] {
            assert!(has(t, "5100"), "{t:?}");
        }
        assert!(has("hi=27 lo=50", "2750"));
        assert!(has("first: 2, second: 7, third: 5, fourth: 0", "2750"));
    }

    #[test]
    fn numbered_labels_of_any_word() {
        for t in [
            "Hint 1: 51\nHint 2: 00",
            "clue #2 = 00, clue #1 = 51",
            "Box A: 51, Box B: 00",
            "secret one is 51, secret two is 00",
            "key_1=51 key_2=00",
        ] {
            assert!(has(t, "5100"), "{t:?}");
        }
        for t in [
            "Partition 1: 51\nPartition 2: 00",
            "Hint 1: 51\nClue 2: 00",
            "Hint 1: 51\nHint 3: 00",
            "Hint 2: 51\nHint 3: 00",
            "Hint 1: 51",
        ] {
            assert!(!has(t, "5100"), "{t:?}");
        }
    }

    #[test]
    fn places_holding_more_than_a_digit_add_up() {
        assert!(has("Hundreds: 51\nUnits: 00", "5100"));
        assert!(has("Thousands: 5\nRemainder: 100", "5100"));
        assert!(has("thousands: 2, rest: 750", "2750"));
        // Out of order, or a place twice, or not down to the ones.
        assert!(!has("Units: 00\nHundreds: 51", "5100"));
        assert!(!has("Hundreds: 51\nTens: 00", "5100"));
        assert!(!has("Thousands: 5\nThousands: 100", "5100"));
    }

    #[test]
    fn near_misses() {
        for t in [
            "hi=51 lo=7",
            "head=3 tail=12",
            "upper: 80\nlower: 20",
            "hi=51",
            "first=5 third=1 fourth=0",
            "thousands: 5\nhundreds: 1\nones: 0",
            "thousands: 5\nhundreds: 10\ntens: 0",
            "first 5 pods, and after 300 seconds the second 100",
            "hi=5.1 lo=00",
            "upper 51a, lower 00",
            "the high 51 and, much later in the same long report, the low 00",
            "second=1 third=0 fourth=0 fifth=5",
            "the first 5 requests failed, the second 100 passed",
            "top 51 consumers by lag, bottom 00",
        ] {
            assert!(!has(t, "5100"), "{t:?}");
        }
    }
}
