//! A value said as another amount moved by a delta, or as the result of an operation on the
//! unknown (a stretch rule under `Rules::arithmetic`, fourteenth red-team round), each
//! computed and compared exactly:
//! - a verb with `by` after the first amount: `5000 bumped by 100`, `5000, topped up by a
//!   hundred`, `5200 knocked down by 100`, `5200 messages reduced by 100`;
//! - what is taken off or consumed: `5200 with 100 taken off`, `5200 after 100 are consumed`,
//!   `it was 5200 until 100 got processed`;
//! - a signed delta: `5000 (+100)`, `5200 (−100)`, `5000, then +100`, `5000-and-a-hundred`,
//!   `the 5000 from before, now 100 higher`;
//! - the delta first: `a century short of 5200`, `100 messages under 5200`, `just 100 above
//!   the 5000 mark`, `down 100 from 5200`, `up 100 from 5000`;
//! - an operation on the unknown and its result: `add 900 to the lag and you get 6000`,
//!   `subtract 100 from it and you get 5000`, `if the lag doubled it would be 10200`, `double
//!   it and you get 10200`, `three of these lags make 15300`;
//! - counted multiples and shares of a stated amount: `2550 pairs`, `1020 fives`, `51-fold
//!   100`, `275 tenfold`, `5.1‰ of a million`, `27.5 basis points of a million`;
//! - digit edits a line asks for, applied to the numbers near the instruction: `5200 but with
//!   the 2 changed to 1`, `like 5900 except the second digit is 1`, `51007 with the 7
//!   dropped`, `the first four digits of 510087`, `95100 without its leading 9`.
//!
//! `expr.rs` reads symbols between numbers, `equations.rs` an unknown beside an operator,
//! `readings/appended.rs` amounts added on top, `digitops.rs` digits swapped, reversed or
//! shifted; this module owns deltas, multiples and digit edits said in words.
//!
//! # False-positive controls
//!
//! A reading states a target only when exactly equal to it. A verb needs `by` and a number
//! after it (`5200 dropped 100 messages` reads nothing); a delta first needs its relation
//! word right after it (one noun may stand between: `100 messages under 5200`); a signed
//! delta needs brackets, `then` or `now … higher`; an operation on the unknown needs its
//! result after a connector (`you get`, `it would be`, `make`) within the sentence; a count of
//! equal parts needs `of these` (or `of those`, `of them`, `such`) and is two to ten.
//!
//! # Cost
//!
//! Read on the text and its second readings, not on every view. One case-insensitive
//! automaton over the text finds the cue words; only the lines that hold one as a whole word
//! and a digit are lowercased, tokenised and read.
use super::targets::{Hits, NumTargets};
use aho_corasick::{AhoCorasick, MatchKind};
use std::sync::OnceLock;

/// Mark every target a delta or an operation on the unknown in `s` states.
pub(crate) fn scan(nums: &NumTargets, s: &str, hits: &mut Hits) {
    values(s, &mut |v| {
        if v.is_finite() && v > 0.0 {
            let eps = (v * 1e-9).max(1e-9);
            nums.range(v - eps, v + eps, hits);
        }
    });
}

/// Cue words: one of them must be on a line, as a whole word (a stem may take a suffix, a
/// `fold` a number word before it), for the line to be read.
#[rustfmt::skip]
const CUES: &[&str] = &[
    "by", "taken", "off", "after", "until", "(+", "(-", "(\u{2212}", "then", "and-a", "and a",
    "now", "short", "shy", "under", "below", "beneath", "less", "fewer", "lower", "smaller",
    "above", "over", "more", "beyond", "past", "higher", "greater", "excess", "down", "up",
    "add", "subtract", "take", "remov", "doubl", "tripl", "quadrupl", "halv", "make", "drop",
    "fold", "pairs", "fives", "fifties", "times", "digit", "chang", "replac", "swap",
    "delet", "without", "decimal", "% of", "% share", "\u{2030}", "\u{2031}", "per cent",
    "percent", "per mille", "basis", "bps", "ppm", "ppb",
];

/// Cues that may take a suffix (`doubled`, `changed`, `digits`).
const STEMS: &[&str] = &[
    "remov", "doubl", "tripl", "quadrupl", "halv", "chang", "replac", "delet", "digit", "drop",
    "swap", "add", "take", "make",
];

fn cues() -> Option<&'static AhoCorasick> {
    static AC: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    AC.get_or_init(|| {
        super::dfa_builder()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            .build(CUES)
            .ok()
    })
    .as_ref()
}

#[derive(Clone, Copy, Debug)]
enum Tok<'a> {
    /// A number and its digits as written (group commas dropped).
    Num(f64, &'a str),
    Word(&'a str),
    Sym(char),
}

/// The tokens of one line: numbers (digits with `,` groups and a decimal point), words
/// (ASCII letters and `'`), and every other character but spaces as a symbol.
fn tokens(line: &str) -> Vec<Tok<'_>> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if c.is_ascii_digit() {
            let s = i;
            let mut dot = false;
            let mut groups = false;
            while let Some(&d) = b.get(i) {
                let next_digit = b.get(i + 1).is_some_and(u8::is_ascii_digit);
                // A group separator, or one decimal point.
                let sep = d == b',' && next_digit && i > s;
                let point = d == b'.' && next_digit && !dot;
                if !(d.is_ascii_digit() || sep || point) {
                    break;
                }
                groups |= sep;
                dot |= point;
                i += 1;
            }
            let raw = line.get(s..i).unwrap_or("");
            // A number glued to letters is an identifier (`v5000`; `5000ms` stays a number).
            let glued = s > 0 && b.get(s - 1).is_some_and(u8::is_ascii_alphabetic);
            let v = if groups {
                raw.replace(',', "").parse::<f64>()
            } else {
                raw.parse::<f64>()
            };
            match v {
                Ok(v) if !glued && raw.len() <= 20 => out.push(Tok::Num(v, raw)),
                _ => out.push(Tok::Word("")),
            }
        } else if c.is_ascii_alphabetic() {
            let s = i;
            while b
                .get(i)
                .is_some_and(|d| d.is_ascii_alphabetic() || *d == b'\'')
            {
                i += 1;
            }
            out.push(Tok::Word(line.get(s..i).unwrap_or("")));
        } else if c.is_ascii_whitespace() {
            i += 1;
        } else {
            let ch = line.get(i..).and_then(|r| r.chars().next()).unwrap_or(' ');
            out.push(Tok::Sym(ch));
            i += ch.len_utf8();
        }
    }
    out
}

/// Every value the lines of `s` holding a cue and a digit state, to `hit`.
fn values(s: &str, hit: &mut impl FnMut(f64)) {
    let b = s.as_bytes();
    if !b.iter().any(u8::is_ascii_digit) {
        return;
    }
    let Some(ac) = cues() else {
        return;
    };
    for line in s.split('\n') {
        // Most prose lines hold no digit: the cue search is for lines that do.
        // Every reader below looks a bounded number of tokens around each one, so a line of
        // any length is read whole (a cap would let padding hide a delta).
        if !line.bytes().any(|c| c.is_ascii_digit()) {
            continue;
        }
        let lb = line.as_bytes();
        let cued = ac.find_iter(line).any(|m| {
            // A whole word (`off` in `offset`, `up` in `group`, `by` in `bytes` is none).
            let cue = CUES.get(m.pattern().as_usize()).copied().unwrap_or("");
            let alpha = |k: Option<&u8>| k.is_some_and(u8::is_ascii_alphabetic);
            let word_cue = cue.bytes().all(|c| c.is_ascii_alphabetic());
            let before = m.start().checked_sub(1).and_then(|k| lb.get(k));
            let after = lb.get(m.end());
            !(word_cue
                && ((alpha(before) && cue != "fold") || (alpha(after) && !STEMS.contains(&cue))))
        });
        if cued {
            // Lowercased once: every word compares exactly.
            read_line(&tokens(&line.to_ascii_lowercase()), hit);
        }
    }
}

const UP_VERBS: &[&[&str]] = &[
    &["bumped"],
    &["bumped", "up"],
    &["topped", "up"],
    &["raised"],
    &["increased"],
    &["boosted"],
    &["upped"],
    &["grown"],
    &["grew"],
    &["rose"],
    &["risen"],
    &["climbed"],
    &["jumped"],
    &["incremented"],
    &["inflated"],
    &["padded"],
    &["pushed", "up"],
    &["went", "up"],
    &["goes", "up"],
    &["gone", "up"],
    &["going", "up"],
];

const DOWN_VERBS: &[&[&str]] = &[
    &["knocked", "down"],
    &["brought", "down"],
    &["reduced"],
    &["lowered"],
    &["cut"],
    &["dropped"],
    &["decreased"],
    &["decremented"],
    &["shrunk"],
    &["shrank"],
    &["trimmed"],
    &["fell"],
    &["fallen"],
    &["sank"],
    &["slashed"],
    &["docked"],
    &["went", "down"],
    &["goes", "down"],
    &["gone", "down"],
    &["going", "down"],
];

/// Taken off: `A with B <one of these>`.
const TAKEN: &[&[&str]] = &[
    &["taken", "off"],
    &["taken", "away"],
    &["knocked", "off"],
    &["shaved", "off"],
    &["removed"],
    &["subtracted"],
    &["deducted"],
    &["off"],
];

/// What consumes a backlog: `A after B are consumed`.
const CONSUMED: &[&str] = &[
    "consumed",
    "processed",
    "drained",
    "removed",
    "acked",
    "acknowledged",
    "handled",
    "read",
    "committed",
    "cleared",
    "deleted",
    "done",
];

const BELOW: &[&[&str]] = &[
    &["short", "of"],
    &["shy", "of"],
    &["under"],
    &["below"],
    &["beneath"],
    &["less", "than"],
    &["fewer", "than"],
    &["lower", "than"],
    &["smaller", "than"],
];

const ABOVE: &[&[&str]] = &[
    &["above"],
    &["over"],
    &["more", "than"],
    &["beyond"],
    &["past"],
    &["higher", "than"],
    &["greater", "than"],
    &["on", "top", "of"],
    &["in", "excess", "of"],
];

/// Words that lead to an operation's result (`and you get 6000`, `it would be 10200`).
const RESULT: &[&str] = &[
    "get", "gets", "got", "give", "gives", "make", "makes", "yield", "yields", "equals", "equal",
    "is", "be", "becomes", "become", "reach", "reaches", "hit", "hits", "total", "totals", "have",
    "reads", "shows",
];

fn word_at<'a>(t: &[Tok<'a>], k: usize) -> Option<&'a str> {
    match t.get(k) {
        Some(Tok::Word(w)) => Some(w),
        _ => None,
    }
}

/// Is the word at `k` `w` (lowercase; the line was lowercased)?
fn is(t: &[Tok<'_>], k: usize, w: &str) -> bool {
    word_at(t, k) == Some(w)
}

fn sym(t: &[Tok<'_>], k: usize, c: &[char]) -> bool {
    matches!(t.get(k), Some(Tok::Sym(x)) if c.contains(x))
}

/// The phrase of `phrases` at `k`, if one is there: where it ends.
fn phrase(t: &[Tok<'_>], k: usize, phrases: &[&[&str]]) -> Option<usize> {
    phrases
        .iter()
        .filter(|p| p.iter().enumerate().all(|(j, w)| is(t, k + j, w)))
        .map(|p| k + p.len())
        .max()
}

/// A number at `k`: digits, or `a`/`one` and a scale word (`a hundred`, `a century`).
fn num(t: &[Tok<'_>], k: usize) -> Option<(f64, usize)> {
    match t.get(k) {
        Some(Tok::Num(v, _)) => Some((*v, k + 1)),
        Some(Tok::Word(w)) if w.eq_ignore_ascii_case("a") || w.eq_ignore_ascii_case("one") => {
            let scale = word_at(t, k + 1)?;
            let v = match scale {
                "hundred" | "century" => 100.0,
                "thousand" | "grand" => 1000.0,
                "million" => 1e6,
                "billion" => 1e9,
                "dozen" => 12.0,
                "score" => 20.0,
                _ => return None,
            };
            Some((v, k + 2))
        }
        _ => None,
    }
}

/// A number at `k` with groups of three after a space joined (`10 000`).
fn amount(t: &[Tok<'_>], k: usize) -> Option<f64> {
    let (mut v, mut e) = num(t, k)?;
    while let Some(Tok::Num(g, raw)) = t.get(e) {
        if raw.len() != 3 || !raw.bytes().all(|c| c.is_ascii_digit()) {
            break;
        }
        v = v * 1000.0 + g;
        e += 1;
    }
    Some(v)
}

/// A count of two to ten, in digits or a word.
fn count(t: &[Tok<'_>], k: usize) -> Option<f64> {
    const WORDS: [&str; 9] = [
        "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    match t.get(k)? {
        Tok::Num(v, _) if (2.0..=10.0).contains(v) && v.fract() == 0.0 => Some(*v),
        Tok::Word(w) => WORDS
            .iter()
            .position(|x| x.eq_ignore_ascii_case(w))
            .and_then(|p| u32::try_from(p + 2).ok())
            .map(f64::from),
        _ => None,
    }
}

/// The first number after a result word within the next few tokens from `k` (the end of the
/// sentence stops the look).
fn result_after(t: &[Tok<'_>], k: usize) -> Option<f64> {
    let mut seen = false;
    for j in k..(k + 10).min(t.len()) {
        match t.get(j) {
            Some(Tok::Sym('.' | ';' | '?' | '!')) => return None,
            Some(Tok::Sym('=')) => seen = true,
            Some(Tok::Word(w)) if RESULT.iter().any(|r| r.eq_ignore_ascii_case(w)) => seen = true,
            Some(Tok::Num(..)) if seen => return num(t, j).map(|(v, _)| v),
            _ => {}
        }
    }
    None
}

fn read_line(t: &[Tok<'_>], hit: &mut impl FnMut(f64)) {
    for i in 0..t.len() {
        forward(t, i, hit);
        backward(t, i, hit);
        unknown(t, i, hit);
        multiples(t, i, hit);
    }
    edits(t, hit);
}

/// Counted multiples in words at `i`: `2550 pairs`, `1020 fives`, `204 twenty-fives`, `51-fold
/// 100`, `a hundredfold 51`, `275 tenfold`, `a hundred, 27.5 times`.
fn multiples(t: &[Tok<'_>], i: usize, hit: &mut impl FnMut(f64)) {
    const FOLDS: [(&str, f64); 6] = [
        ("twofold", 2.0),
        ("threefold", 3.0),
        ("fourfold", 4.0),
        ("tenfold", 10.0),
        ("hundredfold", 100.0),
        ("thousandfold", 1000.0),
    ];
    let fold = |w: &str| {
        FOLDS
            .iter()
            .find(|(f, _)| f.eq_ignore_ascii_case(w))
            .map(|(_, v)| *v)
    };
    if let Some((a, e)) = num(t, i) {
        // `2550 pairs` (a noun of its own after the word is another count: `pairs of`).
        let groups = match word_at(t, e) {
            Some("pairs") => Some(2.0),
            Some("fives") => Some(5.0),
            Some("fifties") => Some(50.0),
            Some("twenty") if sym(t, e + 1, &['-']) && is(t, e + 2, "fives") => Some(25.0),
            _ => None,
        };
        if let Some(g) = groups {
            hit(a * g);
        }
        // `51-fold 100`, `51 fold 100`.
        let d = usize::from(sym(t, e, &['-']));
        if is(t, e + d, "fold") {
            if let Some((b, _)) = num(t, e + d + 1) {
                hit(a * b);
            }
        }
        // `275 tenfold`.
        if let Some(f) = word_at(t, e).and_then(fold) {
            hit(a * f);
        }
        // `a hundred, 27.5 times`.
        if sym(t, e, &[',']) {
            if let Some((b, e2)) = num(t, e + 1) {
                if is(t, e2, "times") && !matches!(t.get(e2 + 1), Some(Tok::Num(..))) {
                    hit(a * b);
                }
            }
        }
    }
    // `5.1‰ of a million`, `27.5 basis points of a million`, `a 51% share of 10 000`.
    if let Some((a, e)) = num(t, i) {
        let (per, mut k) = match (t.get(e), word_at(t, e)) {
            (Some(Tok::Sym('%')), _) => (1e-2, e + 1),
            (Some(Tok::Sym('\u{2030}')), _) => (1e-3, e + 1),
            (Some(Tok::Sym('\u{2031}')), _) => (1e-4, e + 1),
            (_, Some(w)) => match w {
                "percent" | "pct" => (1e-2, e + 1),
                "per" if is(t, e + 1, "cent") => (1e-2, e + 2),
                "per" if is(t, e + 1, "mille") || is(t, e + 1, "mil") => (1e-3, e + 2),
                "permille" => (1e-3, e + 1),
                "basis" if is(t, e + 1, "points") => (1e-4, e + 2),
                "bps" => (1e-4, e + 1),
                "ppm" => (1e-6, e + 1),
                "ppb" => (1e-9, e + 1),
                _ => (0.0, e),
            },
            _ => (0.0, e),
        };
        if per > 0.0 {
            if word_at(t, k).is_some_and(|w| {
                ["share", "cut", "slice", "portion", "part", "fraction"]
                    .iter()
                    .any(|x| x.eq_ignore_ascii_case(w))
            }) {
                k += 1;
            }
            if is(t, k, "of") {
                let k = if is(t, k + 1, "the") { k + 2 } else { k + 1 };
                if let Some(b) = amount(t, k) {
                    hit(a * per * b);
                    // Written as a share, read as a count: `5.1 × 1000` in binary.
                    hit((a * per * b * 1e6).round() / 1e6);
                }
            }
        }
    }
    // `a hundredfold 51`, `tenfold 275`.
    let k = if is(t, i, "a") { i + 1 } else { i };
    if let Some(f) = word_at(t, k).and_then(fold) {
        if let Some((b, _)) = num(t, k + 1) {
            hit(f * b);
        }
    }
}

/// A digit named in words or digits at `k`.
fn digit(t: &[Tok<'_>], k: usize) -> Option<u8> {
    match t.get(k)? {
        Tok::Num(_, d) if d.len() == 1 => d.bytes().next().map(|c| c - b'0'),
        Tok::Word(w) => super::words::UNITS
            .iter()
            .position(|u| u.eq_ignore_ascii_case(w))
            .and_then(|p| u8::try_from(p).ok()),
        _ => None,
    }
}

/// An edit of a number's digits a line asks for.
#[derive(Clone, Copy, Debug)]
enum Edit {
    /// Each single occurrence of the first digit as the second.
    Replace(u8, u8),
    /// The digit at a position (from the left if `true`, else from the right) as `d`.
    Set(usize, bool, u8),
    /// Each single occurrence of the digit removed.
    Remove(u8),
    First,
    Last,
    /// The first (`true`) or last `k` digits.
    Keep(usize, bool),
    /// The decimal point moved right (`true`) by `k` places.
    Shift(i32, bool),
}

/// Digit edits a line asks for (`5200 but with the 2 changed to 1`, `51007 with the 7
/// dropped`, `the first four digits of 510087`, `95100 without its leading 9`), each applied
/// to the numbers within [`EDIT_REACH`] tokens of it; each result is compared exactly.
fn edits(t: &[Tok<'_>], hit: &mut impl FnMut(f64)) {
    const ORD: [&str; 6] = ["first", "second", "third", "fourth", "fifth", "sixth"];
    const PLACES: [&str; 4] = ["ones", "tens", "hundreds", "thousands"];
    let lower = |k: usize| word_at(t, k);
    let mut ops: Vec<Edit> = Vec::new();
    for k in 0..t.len() {
        let Some(w) = lower(k) else { continue };
        match w {
            // `the 2 changed to 1`, `the 8 replaced by 7`, `swap the 2 for a 1`.
            "changed" | "replaced" | "swapped" | "switched" | "turned" => {
                let to = if is(t, k + 1, "to")
                    || is(t, k + 1, "by")
                    || is(t, k + 1, "with")
                    || is(t, k + 1, "for")
                    || is(t, k + 1, "into")
                {
                    k + 2
                } else {
                    continue;
                };
                let to = if is(t, to, "a") || is(t, to, "an") {
                    to + 1
                } else {
                    to
                };
                let Some(e) = digit(t, to) else { continue };
                if let Some(d) = named_digit(t, k) {
                    ops.push(Edit::Replace(d, e));
                }
                // `the second digit changed to 1`, `the hundreds digit changed to 1`.
                if is(t, k.wrapping_sub(1), "digit") {
                    push_place(&mut ops, lower(k.wrapping_sub(2)), e, &ORD, &PLACES);
                }
            }
            // `the second digit is 1`, `the hundreds digit set to 1`, `the tens digit 5`.
            "digit" => {
                let mut v = k + 1;
                if is(t, v, "is") || is(t, v, "as") || sym(t, v, &['=', ':']) {
                    v += 1;
                } else if is(t, v, "set") && is(t, v + 1, "to") {
                    v += 2;
                }
                if let Some(e) = digit(t, v) {
                    push_place(&mut ops, lower(k.wrapping_sub(1)), e, &ORD, &PLACES);
                }
                // `drop the last digit of`, `minus its last digit`, `without its first digit`.
                match lower(k.wrapping_sub(1)) {
                    Some("last" | "final" | "trailing") => ops.push(Edit::Last),
                    Some("first" | "leading") => ops.push(Edit::First),
                    _ => {}
                }
            }
            // `the first four digits of 510087`.
            "digits" => {
                if let Some(n) = k.checked_sub(1).and_then(|p| count_word(t, p)) {
                    match lower(k.wrapping_sub(2)) {
                        Some("first" | "leading" | "top") => ops.push(Edit::Keep(n, true)),
                        Some("last" | "final" | "trailing" | "bottom") => {
                            ops.push(Edit::Keep(n, false))
                        }
                        _ => {}
                    }
                }
            }
            // `the 7 dropped`, `one zero removed`, `drop the 9`, `without its leading 9`.
            "dropped" | "removed" | "deleted" | "cut" | "omitted" | "erased" | "stripped" => {
                if let Some(d) = named_digit(t, k) {
                    ops.push(Edit::Remove(d));
                }
            }
            "drop" | "remove" | "delete" | "omit" | "erase" | "strip" | "without" => {
                // An article first (`drop the 9`; `drop 2 partitions` is no edit).
                if !ARTICLES.iter().any(|a| is(t, k + 1, a)) {
                    continue;
                }
                let v = k + 2;
                match lower(v) {
                    Some("leading" | "first") if digit(t, v + 1).is_some() => ops.push(Edit::First),
                    Some("trailing" | "last" | "final") if digit(t, v + 1).is_some() => {
                        ops.push(Edit::Last)
                    }
                    _ => {
                        if let Some(d) = digit(t, v) {
                            ops.push(Edit::Remove(d));
                        }
                    }
                }
            }
            // `move the decimal point in 51.0 two places right`.
            "places" | "place" => {
                let right = match lower(k + 1) {
                    Some("right") => true,
                    Some("left") => false,
                    _ => continue,
                };
                let n = k.checked_sub(1).and_then(|p| count_word(t, p));
                let decimal = (0..k).any(|j| is(t, j, "decimal") || is(t, j, "point"));
                if let (Some(n), true) = (n, decimal) {
                    ops.push(Edit::Shift(i32::try_from(n).unwrap_or(0), right));
                }
            }
            _ => {}
        }
        // Each instruction applies to the numbers near it: decoys elsewhere on a long line
        // neither hide the number nor make the work grow faster than the line.
        for op in ops.drain(..) {
            let near = t
                .iter()
                .enumerate()
                .skip(k.saturating_sub(EDIT_REACH))
                .take(2 * EDIT_REACH + 1);
            for (_, x) in near {
                if let Tok::Num(_, raw) = x {
                    let digits: String = raw
                        .chars()
                        .filter(|c| c.is_ascii_digit() || *c == '.')
                        .collect();
                    apply(&digits, op, hit);
                }
            }
        }
    }
}

/// How many tokens either side of a digit instruction its number may stand
/// (`the first four digits of 510087`, `take 51009 and drop the 9`).
const EDIT_REACH: usize = 12;

/// What names one digit of a number before it (`the 7`, `one zero`, `its 9`).
const ARTICLES: [&str; 6] = ["the", "its", "a", "one", "that", "this"];

/// The digit an edit word at `k` acts on: right before it, after an article (`the 7
/// dropped`, `one zero removed`; `0 dropped` in a counter line is a count).
fn named_digit(t: &[Tok<'_>], k: usize) -> Option<u8> {
    let d = digit(t, k.checked_sub(1)?)?;
    let a = k.checked_sub(2)?;
    ARTICLES.iter().any(|w| is(t, a, w)).then_some(d)
}

/// A count of one to nine, in digits or a word (`four`, `2`).
fn count_word(t: &[Tok<'_>], k: usize) -> Option<usize> {
    if is(t, k, "one") || matches!(t.get(k), Some(Tok::Num(v, _)) if *v == 1.0) {
        return Some(1);
    }
    count(t, k).and_then(|v| (v <= 9.0).then_some(v as usize))
}

/// `second`, `hundreds` before `digit`: a position for [`Edit::Set`].
fn push_place(ops: &mut Vec<Edit>, w: Option<&str>, e: u8, ord: &[&str], places: &[&str]) {
    let Some(w) = w else { return };
    if let Some(p) = ord.iter().position(|o| *o == w) {
        ops.push(Edit::Set(p, true, e));
    } else if let Some(p) = places.iter().position(|o| *o == w) {
        ops.push(Edit::Set(p, false, e));
    } else if w == "last" {
        ops.push(Edit::Set(0, false, e));
    }
}

/// The edit applied to a number's digits (`.` kept); each result to `hit`.
fn apply(digits: &str, op: Edit, hit: &mut impl FnMut(f64)) {
    let b = digits.as_bytes();
    let mut emit = |v: Vec<u8>| {
        if let Some(x) = std::str::from_utf8(&v)
            .ok()
            .and_then(|s| s.parse::<f64>().ok())
        {
            hit(x);
        }
    };
    let digit_at = |k: usize| b.get(k).is_some_and(u8::is_ascii_digit);
    match op {
        Edit::Replace(d, _) | Edit::Remove(d) => {
            for (k, &c) in b.iter().enumerate() {
                if c == b'0' + d {
                    let mut v = b.to_vec();
                    if let Edit::Replace(_, e) = op {
                        v[k] = b'0' + e;
                    } else {
                        v.remove(k);
                    }
                    emit(v);
                }
            }
        }
        Edit::Set(p, from_left, e) => {
            let whole: Vec<usize> = (0..b.len())
                .filter(|&k| digit_at(k))
                .take_while(|&k| !b.get(..k).is_some_and(|h| h.contains(&b'.')))
                .collect();
            let k = if from_left {
                whole.get(p).copied()
            } else {
                whole
                    .len()
                    .checked_sub(p + 1)
                    .and_then(|q| whole.get(q).copied())
            };
            if let Some(k) = k {
                let mut v = b.to_vec();
                v[k] = b'0' + e;
                emit(v);
            }
        }
        Edit::First => emit(b.get(1..).unwrap_or_default().to_vec()),
        Edit::Last => emit(
            b.get(..b.len().saturating_sub(1))
                .unwrap_or_default()
                .to_vec(),
        ),
        Edit::Keep(n, first) => {
            if !digits.contains('.') && n < b.len() {
                let v = if first {
                    b.get(..n)
                } else {
                    b.get(b.len() - n..)
                };
                emit(v.unwrap_or_default().to_vec());
            }
        }
        Edit::Shift(n, right) => {
            if let Ok(x) = digits.parse::<f64>() {
                let f = 10f64.powi(n);
                hit(if right { x * f } else { x / f });
            }
        }
    }
}

/// The first amount at `i`, then its delta.
fn forward(t: &[Tok<'_>], i: usize, hit: &mut impl FnMut(f64)) {
    let Some((a, mut j)) = num(t, i) else {
        return;
    };
    // `5000-and-a-hundred`, `5000 and a hundred`.
    let dash = usize::from(sym(t, j, &['-']));
    if is(t, j + dash, "and") {
        let d2 = usize::from(sym(t, j + dash + 1, &['-']));
        if is(t, j + dash + 1 + d2, "a") {
            let k = j + dash + 1 + d2;
            let k = if sym(t, k + 1, &['-']) { k + 1 } else { k };
            let scale = word_at(t, k + 1);
            let b = match scale {
                Some("hundred") => Some(100.0),
                Some("thousand") => Some(1000.0),
                _ => None,
            };
            if let Some(b) = b {
                hit(a + b);
            }
        }
    }
    // `5000 (+100)`, `5200 (−100)`.
    if sym(t, j, &['(', '[']) && sym(t, j + 1, &['+', '-', '\u{2212}']) {
        if let Some((b, e)) = num(t, j + 2) {
            if sym(t, e, &[')', ']']) {
                let plus = sym(t, j + 1, &['+']);
                hit(if plus { a + b } else { a - b });
            }
        }
    }
    // One noun or a comma may stand between the amount and its verb.
    let mut k = j;
    if sym(t, k, &[',']) {
        k += 1;
    }
    // `5000, then +100`.
    if is(t, k, "then") && sym(t, k + 1, &['+', '-', '\u{2212}']) {
        if let Some((b, _)) = num(t, k + 2) {
            hit(if sym(t, k + 1, &['+']) { a + b } else { a - b });
        }
    }
    // A verb needs `by` after it: most numbers have none near.
    let by = (k..(k + 5).min(t.len())).any(|x| is(t, x, "by"));
    for skip in 0..if by { 2 } else { 0 } {
        let v = k + skip;
        if skip == 1 && word_at(t, k).is_none() {
            break;
        }
        let (up, e) = match (phrase(t, v, UP_VERBS), phrase(t, v, DOWN_VERBS)) {
            (Some(e), _) => (true, e),
            (None, Some(e)) => (false, e),
            _ => continue,
        };
        if is(t, e, "by") {
            if let Some((b, _)) = num(t, e + 1) {
                hit(if up { a + b } else { a - b });
            }
        }
    }
    // `5200 with 100 taken off`.
    if is(t, k, "with") {
        if let Some((b, e)) = num(t, k + 1) {
            if phrase(t, e, TAKEN).is_some() {
                hit(a - b);
            }
        }
    }
    // `5200 after 100 are consumed`, `5200 until 100 got processed`.
    if is(t, k, "after") || is(t, k, "until") || is(t, k, "once") {
        if let Some((b, mut e)) = num(t, k + 1) {
            // A noun, then an auxiliary.
            for _ in 0..3 {
                if word_at(t, e).is_some_and(|w| CONSUMED.iter().any(|c| c.eq_ignore_ascii_case(w)))
                {
                    hit(a - b);
                    break;
                }
                if word_at(t, e).is_none() {
                    break;
                }
                e += 1;
            }
        }
    }
    // `the 5000 from before, now 100 higher`.
    j = k;
    for n in j..(j + 8).min(t.len()) {
        if sym(t, n, &['.', ';', '?', '!']) {
            break;
        }
        if is(t, n, "now") {
            if let Some((b, e)) = num(t, n + 1) {
                match word_at(t, e) {
                    Some("higher" | "more" | "up" | "bigger" | "larger" | "greater") => hit(a + b),
                    Some("lower" | "less" | "fewer" | "down" | "smaller") => hit(a - b),
                    _ => {}
                }
            }
            break;
        }
    }
}

/// The delta first at `i`: `100 short of 5200`, `down 100 from 5200`.
fn backward(t: &[Tok<'_>], i: usize, hit: &mut impl FnMut(f64)) {
    // `down 100 from 5200`, `up 100 from 5000`.
    if is(t, i, "down") || is(t, i, "up") {
        if let Some((b, e)) = num(t, i + 1) {
            let e = if word_at(t, e).is_some() && is(t, e + 1, "from") {
                e + 1
            } else {
                e
            };
            if is(t, e, "from") {
                if let Some((a, _)) = num(t, e + 1) {
                    hit(if is(t, i, "up") { a + b } else { a - b });
                }
            }
        }
        return;
    }
    let Some((b, e)) = num(t, i) else {
        return;
    };
    for skip in 0..2 {
        let k = e + skip;
        if skip == 1 && word_at(t, e).is_none() {
            break;
        }
        // The first words of [`BELOW`] and [`ABOVE`].
        if !matches!(
            word_at(t, k),
            Some(
                "short"
                    | "shy"
                    | "under"
                    | "below"
                    | "beneath"
                    | "less"
                    | "fewer"
                    | "lower"
                    | "smaller"
                    | "above"
                    | "over"
                    | "more"
                    | "beyond"
                    | "past"
                    | "higher"
                    | "greater"
                    | "on"
                    | "in"
            )
        ) {
            continue;
        }
        let (below, mut n) = match (phrase(t, k, BELOW), phrase(t, k, ABOVE)) {
            (Some(n), _) => (true, n),
            (None, Some(n)) => (false, n),
            _ => continue,
        };
        if is(t, n, "the") {
            n += 1;
        }
        if let Some((a, _)) = num(t, n) {
            hit(if below { a - b } else { a + b });
        }
        break;
    }
}

/// An operation on the unknown and its result at `i`: `add 900 to the lag and you get 6000`,
/// `if the lag doubled it would be 10200`, `three of these lags make 15300`.
fn unknown(t: &[Tok<'_>], i: usize, hit: &mut impl FnMut(f64)) {
    if let Some(k) = count(t, i) {
        // `three of these lags make 15300`.
        let marked = (is(t, i + 1, "of")
            && (is(t, i + 2, "these") || is(t, i + 2, "those") || is(t, i + 2, "them")))
            || is(t, i + 1, "such");
        if marked {
            let start = if is(t, i + 1, "such") { i + 2 } else { i + 3 };
            if let Some(c) = result_after(t, start) {
                hit(c / k);
            }
        }
        return;
    }
    let Some(w) = word_at(t, i) else {
        return;
    };
    match w {
        "add" | "adding" | "plus" => {
            if let Some((b, e)) = num(t, i + 1) {
                if is(t, e, "to") {
                    if let Some(c) = result_after(t, e + 1) {
                        hit(c - b);
                    }
                }
            }
        }
        "subtract" | "subtracting" | "take" | "taking" | "remove" | "removing" => {
            if let Some((b, e)) = num(t, i + 1) {
                let e = if is(t, e, "away") { e + 1 } else { e };
                if is(t, e, "from") || is(t, e, "off") {
                    if let Some(c) = result_after(t, e + 1) {
                        hit(c + b);
                    }
                }
            }
        }
        "double" | "doubled" | "doubling" => op(t, i, |c| c / 2.0, hit),
        "triple" | "tripled" | "tripling" => op(t, i, |c| c / 3.0, hit),
        "quadruple" | "quadrupled" | "quadrupling" => op(t, i, |c| c / 4.0, hit),
        "halve" | "halved" | "halving" => op(t, i, |c| c * 2.0, hit),
        _ => {}
    }
}

/// An operation word at `i` with no number of its own: its result undone.
fn op(t: &[Tok<'_>], i: usize, undo: impl Fn(f64) -> f64, hit: &mut impl FnMut(f64)) {
    // `double 2550` is arithmetic (`wordmath.rs`): here the operand is a word.
    if matches!(t.get(i + 1), Some(Tok::Num(..))) {
        return;
    }
    if let Some(c) = result_after(t, i + 1) {
        hit(undo(c));
    }
}

#[cfg(test)]
mod tests {
    use super::values;

    fn read(s: &str) -> Vec<f64> {
        let mut out = Vec::new();
        values(s, &mut |v| out.push(v));
        out
    }

    #[test]
    fn deltas_and_operations() {
        for (text, want) in [
            ("5000 bumped by 100", 5100.0),
            ("5000, topped up by a hundred", 5100.0),
            ("5200 knocked down by 100", 5100.0),
            ("5200 messages reduced by 100", 5100.0),
            ("5200 with 100 taken off", 5100.0),
            ("5200 after 100 are consumed", 5100.0),
            ("it was 5200 until 100 got processed", 5100.0),
            ("5000 (+100)", 5100.0),
            ("5200 (\u{2212}100)", 5100.0),
            ("5000, then +100", 5100.0),
            ("5000-and-a-hundred", 5100.0),
            ("the 5000 from before, now 100 higher", 5100.0),
            ("a century short of 5200", 5100.0),
            ("100 messages under 5200", 5100.0),
            ("just 100 above the 5000 mark", 5100.0),
            ("down 100 from 5200", 5100.0),
            ("up 100 from 5000", 5100.0),
            ("add 900 to the lag and you get 6000", 5100.0),
            ("subtract 100 from it and you get 5000", 5100.0),
            ("if the lag doubled it would be 10200", 5100.0),
            ("double it and you get 10200", 5100.0),
            ("three of these lags make 15300", 5100.0),
            ("halve it and you get 1375", 2750.0),
            ("5.1\u{2030} of a million", 5100.0),
            ("51.0 basis points of a million", 5100.0),
            ("a 51.0% share of 10000", 5100.0),
            ("27.5 per cent of 10 000", 2750.0),
            ("2.75 ppm of a billion", 2750.0),
            ("2550 pairs", 5100.0),
            ("1020 fives", 5100.0),
            ("204 twenty-fives", 5100.0),
            ("102.0 fifties", 5100.0),
            ("51-fold 100", 5100.0),
            ("a hundredfold 27.5", 2750.0),
            ("275 tenfold", 2750.0),
            ("a hundred, 27.5 times", 2750.0),
            ("5200 but with the 2 changed to 1", 5100.0),
            ("like 5900 except the second digit is 1", 5100.0),
            ("5000 with the hundreds digit set to 1", 5100.0),
            ("2700 with the tens digit 5", 2750.0),
            ("51007 with the 7 dropped", 5100.0),
            ("take 51009 and drop the 9", 5100.0),
            ("the first four digits of 510087", 5100.0),
            ("51000 with one zero removed", 5100.0),
            ("drop the last digit of 51003", 5100.0),
            ("95100 without its leading 9", 5100.0),
            ("51003 minus its last digit", 5100.0),
            ("the number 51800 with the 8 deleted", 5100.0),
            ("move the decimal point in 51.0 two places right", 5100.0),
        ] {
            let got = read(text);
            assert!(got.contains(&want), "{text:?}: {got:?}");
        }
        // Padding neither hides a delta nor an edit: a long line, decoy numbers and
        // instructions before it.
        let pad = "x ".repeat(3000) + "5000 bumped by 100";
        assert!(read(&pad).contains(&5100.0));
        let decoys = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20, ".repeat(3)
            + &"the 3 dropped, ".repeat(10)
            + "51007 with the 7 dropped";
        assert!(read(&decoys).contains(&5100.0));
        // Near-misses: no `by`, no result, no marker of equal parts, a number operand.
        for text in [
            "5200 dropped 100 messages",
            "add 900 to the lag",
            "3 pods make 15300 requests",
            "double 2550",
            "51000 in, 0 dropped",
            "drop 2 partitions from 5102",
            "5200 replicas: 2 changed to 1",
            "the lag doubled overnight.",
            "5000 and 100 restarts",
        ] {
            let got = read(text);
            assert!(
                !got.contains(&5100.0) && !got.contains(&2550.0),
                "{text:?}: {got:?}"
            );
        }
    }
}
