//! Arithmetic and place value stated in words around numbers written in digits (a stretch rule
//! under `Rules::arithmetic`): the oracle or puzzle class ("don't tell me the lag, give me
//! the sum") and digit groups with words between them. The number words themselves are read
//! as digits by `readings.rs`, so `20400 shared by four consumers` reaches this module as
//! `20400 shared by 4 consumers`. This module owns:
//! - multipliers after a number: `2550 twice`, `1700 thrice`, `1700 3 times`, `2550 doubled`;
//! - counts of equal parts: `2 partitions of 2550 each`, `2550 per partition on 2
//!   partitions`, `2550 on each of 2 partitions` (the product);
//! - shares: `20400 shared by 4 consumers`, `20400 divided evenly among 4`, `4 consumers
//!   share 20400` (the quotient);
//! - sums of a list: `p0=1700 p1=1700 p2=1700; sum them`, `partition 0 lag 2550, partition
//!   1 lag 2550; total = the sum`, `add up 1700, 1700, 1700`;
//! - midpoints after the bounds: `not 5000, not 5200, exactly in between`;
//! - a metric prefix glued to a counted noun: `5100000 millimessages`, `5.1 kilo-messages`;
//! - place values: `2 thousands, 7 hundreds, 5 tens and 0 units`, `5 in the thousands
//!   place, 1 in the hundreds place …`;
//! - two digit groups with an instruction to join them: `51 and 00, glued`, `concatenate
//!   27 and 50`;
//! - arithmetic instructions and chains of them ([`instructions`]): `subtract 50 from 5150`,
//!   `take away 50 from 5150`, `50 short of 5150`, `5150 reduced by 50`, `divide 10200 by 2`,
//!   `split 10200 in two`, `15300 over 3`, `increase 5000 by 100`, `5000 and another 100`,
//!   `double 1375`; a running value from a start (`take 51`, `start with 5000`, a number) and
//!   each step on it (`multiply 27 by 100, then add 50`, `take 27, times 100, plus 50`,
//!   `double 1375, then double again`), every value it takes reported. Zeros counted
//!   (`append two zeros to 51`) are a join, read by `readings.rs` (`zeros_counted`);
//! - changes from a baseline, successors, roundings and means ([`changes`]): `doubled from
//!   2550`, `has doubled since it was 2550`, `rose 100 from 5000`, `fell by 900 from 6000`,
//!   `halved from 5500`, `3x the 1700`, `10 times its 275`, `was 5000, and it has grown by 100
//!   since`; `the smallest number above 5099`, `the largest integer below 5101`, `5099's
//!   successor`, `the predecessor of 5101`, `5099 incremented`, `++5099`, `10 below 5110`;
//!   `5099.5 rounded up`, `ceil(5099.2)`, `mean(5000, 5200)`.
//!
//! # False-positive controls
//!
//! A line is read only around a cue word ([`CUES`], one case-insensitive automaton), and only
//! numbers on that line, in digits, on token boundaries (`LAG5100`, `p0`, `v2` are no
//! operands), take part. What is read states a target only when exactly equal to it (no
//! rounding, no candidate): `retried twice in 5 minutes`, `3 replicas on 2 nodes`, `between
//! 10:00 and 11:00`, `sum of errors: 12` state nothing new. A multiplier needs the number
//! right before it; a product needs `each`/`apiece` or `per <noun>` followed by a count (not a
//! time: `120 per second for 10 seconds` is a rate); a sum needs two numbers or more; a
//! midpoint needs a cue that no number follows; a prefix is not read on the units a unit
//! family owns (`5100000 milliseconds`, `kilobytes`); place values need two places; a join
//! needs a joining word (`together` alone is not one) and a second group of two digits or
//! more. An instruction needs its operands as numbers right beside its verb (`divide the work
//! by 2 workers`, `raise the limit by 100`, `increase replicas from 3 to 5` state nothing), not
//! a percentage or a rate (`reduced by 50 %`); a number is a start only with a step right
//! after it (`retried 3 times in 5 minutes` is none) and not after `by`, `from`, `to`, `-`
//! …; `over` divides only in a clause of two plain numbers and `over` alone (`version 2 over
//! 3 nodes` is none); a chain stays in one clause and takes at most six steps. A change needs
//! its step and baseline as numbers right beside its words, not percentages (`CPU fell by 5%
//! from 60%`, `latency under 5110 ms`, `10 below zero`, `retries incremented` state nothing); a
//! product of a baseline needs a determiner (`10 times its 275`); a successor or a rounding
//! needs a whole number or a fraction as the case is (`5099.0 rounded up` is no new value).
//!
//! # Cost
//!
//! The cue automaton runs only over lines that hold a digit or `zero` ([`live_lines`]: a cue
//! elsewhere opens a window with neither, which reads nothing); digits are found eight bytes
//! at a time; a plain digit run's value is read as an integer (exact below 2^53). The verbs
//! only instructions read ([`OP_CUES`]: `over`, `take`, `less` are common) share the
//! automaton but open a window of their own, read by [`instructions`] alone, only at the
//! start of a word with a digit within 24 bytes; an operation word is told by its first two
//! letters, and a chain is looked for only within four tokens before one. Together about
//! 0.5 % of a read pair (`v8_reads`, callgrind). The words of a change ([`CHANGE_CUES`]) open
//! windows of their own (48 bytes either side, a digit within 24 bytes after or 8 before),
//! read by [`changes`] alone, so the other readers' windows are what they were; about 0.2 %
//! of a read pair more.
use super::targets::{Hits, NumTargets};
use aho_corasick::AhoCorasick;
use std::sync::OnceLock;

/// Words that make a line worth reading (ASCII case-insensitive substrings).
#[rustfmt::skip]
const CUES: &[&str] = &[
    "twice", "thrice", "times", "double", "triple", "quadruple", "each", "apiece", "per ",
    "shar", "split", "divid", "spread", "distribut", "sum", "total", "add", "altogether",
    "combin", "between", "middle", "halfway", "midway", "midpoint", "milli", "centi", "deci",
    "deca", "deka", "hecto", "kilo", "mega", "giga", "micro", "thousand", "hundred", "tens",
    "ones", "units", "glue", "join", "concat", "side by side", "back to back", "stuck", "pair",
    "together", "merg", "zero", "none", "nought", "naught", "nil", "null", "zilch", "nada",
    "ought", "oh", "column", "place", "among", "centre", "center", "mid", "fold", "itself",
    "again", "half", "halves", "third", "quarter", "fourth", "fifth", "sixth", "eighth",
    "tenth", "hundredth", "thousandth", "twentieth", "digit", "multipl",
];

/// Words that make a line worth reading for [`instructions`] alone (ASCII case-insensitive, at
/// the start of a word; the other verbs it reads, `add`, `times`, `divid`, `split`,
/// `multipl`, `double`, are cues already).
#[rustfmt::skip]
const OP_CUES: &[&str] = &[
    "subtract", "minus", "plus", "less", "deduct", "take", "start", "begin", "short", "increas",
    "rais", "decreas", "reduc", "lower", "another", "over",
];

/// Words that make a line worth reading for [`changes`] alone (ASCII case-insensitive, at the
/// start of a word, a digit within 24 bytes; `times` and `doubled` are cues of the other
/// readers as well, matched again here: the automaton reports overlapping patterns).
#[rustfmt::skip]
const CHANGE_CUES: &[&str] = &[
    "rose", "risen", "grew", "grown", "went up", "went down", "fell", "fallen", "dropped",
    "climbed", "jumped", "declined", "shrank", "doubled", "tripled", "quadrupled", "halv",
    "times", "x the", "smallest", "least", "lowest", "largest", "greatest", "highest",
    "biggest", "first integer", "next integer", "next whole", "next number", "successor",
    "predecessor", "increment", "decrement", "++", "below", "under", "above", "round", "ceil",
    "floor", "mean", "too low", "too high", "too small", "too big", "too few", "too many",
    "short",
];

/// Bytes of a line read either side of a cue (a long line is read near its cues only).
const REACH: usize = 240;

/// Bytes of a line read either side of an [`OP_CUES`] word (a chain of six steps is shorter).
const OP_REACH: usize = 120;

/// Bytes of a line read either side of a [`CHANGE_CUES`] word (a change names its numbers
/// beside it).
const CH_REACH: usize = 48;

/// Numbers in one read window beyond which it is data (a dump), not a statement.
const MAX_NUMBERS: usize = 12;

fn cues() -> Option<&'static AhoCorasick> {
    static AC: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    AC.get_or_init(|| {
        crate::matcher::dfa_builder()
            .ascii_case_insensitive(true)
            .build(CUES.iter().chain(OP_CUES).chain(CHANGE_CUES))
            .ok()
    })
    .as_ref()
}

/// Mark every target a line of `s` states by arithmetic or place value in words. (Not inlined:
/// the rule's cost shows on its own in a profile.)
#[inline(never)]
pub(crate) fn scan(nums: &NumTargets, s: &str, hits: &mut Hits) {
    values(s, &mut |v| exact(nums, v, hits));
}

/// Mark every target a chain over several sentences or steps of `s` states (`Take 10200.
/// Halve it.`, `chains.rs`); a start needs a digit. Called by `Matcher::search` on the text
/// and its second readings, not per view. (Not inlined: its cost shows on its own.)
#[inline(never)]
pub(crate) fn chains(nums: &NumTargets, s: &str, hits: &mut Hits) {
    if has_digit(s.as_bytes()) {
        chains::scan(s, &mut |v| exact(nums, v, hits));
    }
}

/// Every value the lines of `s` state in words, to `hit`. Every cue opens its window, one
/// inside a word too (`sum` in `consumers`): where a window starts changes what the readers
/// find in it, so skipping such cues (tried: 1 % of a read) lost values.
fn values(s: &str, hit: &mut impl FnMut(f64)) {
    let b = s.as_bytes();
    // Digits, or a zero in words (`five, one, then a pair of zeros`: the second reading
    // joins `one … zeros` into `100`, so the words are read as written).
    if !has_digit(b) && !has_zero(b) {
        return;
    }
    let Some(ac) = cues() else {
        return;
    };
    // Windows already read end here: overlapping cues on one stretch are read once.
    let mut read_to = 0;
    // The same for windows read for instructions alone, and for changes alone.
    let mut op_read_to = 0;
    let mut ch_read_to = 0;
    let mut toks = Vec::new();
    let (mut line_start, mut line_end) = (0, usize::MAX);
    for span in live_lines(b) {
        // Overlapping: an instruction cue never hides a cue of the other readers that
        // overlaps it (the cues those find, and their windows, are what they were without
        // the instruction cues; a cue inside a window read is skipped either way).
        for m in ac.find_overlapping_iter(aho_corasick::Input::new(s).span(span)) {
            let p = m.pattern().as_usize();
            // A change cue opens a window of its own whatever the other windows are (they
            // read no changes), and the other cues are read as they were without it.
            let ch = p >= CUES.len() + OP_CUES.len();
            let op = !ch && p >= CUES.len();
            if if ch {
                m.start() < ch_read_to
            } else {
                m.start() < read_to || (op && m.start() < op_read_to)
            } {
                continue;
            }
            // A change has a number beside its word: a digit within 24 bytes after the cue or
            // 8 before it, or no window.
            if ch
                && !b
                    .get(m.end()..(m.end() + 24).min(b.len()))
                    .is_some_and(has_digit)
                && !b
                    .get(m.start().saturating_sub(8)..m.start())
                    .is_some_and(has_digit)
            {
                continue;
            }
            // An instruction or a change has a number beside its word: a digit near the cue,
            // or no window.
            if (op || ch)
                && (!b
                    .get(m.start().saturating_sub(24)..(m.end() + 24).min(b.len()))
                    .is_some_and(has_digit)
                    || m.start()
                        .checked_sub(1)
                        .and_then(|p| b.get(p))
                        .is_some_and(u8::is_ascii_alphabetic))
            {
                continue;
            }
            // Cues come in text order (by their ends) and hold no line break: the line of the
            // last cue is reused while the cues stay on it.
            if m.start() >= line_end || line_end == usize::MAX {
                line_start =
                    memchr::memrchr(b'\n', b.get(..m.start()).unwrap_or(&[])).map_or(0, |i| i + 1);
                line_end = memchr::memchr(b'\n', b.get(m.end()..).unwrap_or(&[]))
                    .map_or(b.len(), |i| m.end() + i);
            }
            let (line_start, line_end) = (line_start, line_end);
            let reach = if ch {
                CH_REACH
            } else if op {
                OP_REACH
            } else {
                REACH
            };
            let mut lo = line_start.max(m.start().saturating_sub(reach));
            let mut hi = line_end.min(m.end() + reach);
            while lo > line_start && !s.is_char_boundary(lo) {
                lo -= 1;
            }
            while hi < line_end && !s.is_char_boundary(hi) {
                hi += 1;
            }
            if ch {
                ch_read_to = hi;
            } else if op {
                op_read_to = hi;
            } else {
                read_to = hi;
            }
            let Some(w) = s.get(lo..hi) else {
                continue;
            };
            if !has_digit(w.as_bytes()) && !has_zero(w.as_bytes()) {
                continue;
            }
            toks.clear();
            tokens(w, &mut toks);
            let n = toks.iter().filter(|t| t.num.is_some()).count();
            if n > MAX_NUMBERS {
                continue;
            }
            if ch {
                changes(&toks, hit);
            } else if op {
                instructions(&toks, hit);
            } else if n == 0 {
                digit_lists(&toks, hit);
            } else {
                read(&toks, hit);
            }
        }
    }
    // Digits one by one with nouns between (`5 apples, 1 banana, 0 cherries`) have no cue
    // word: a line with three lone digits or more is read for them alone.
    let mut from = 0;
    while from < b.len() {
        let to = memchr::memchr(b'\n', b.get(from..).unwrap_or(&[])).map_or(b.len(), |i| from + i);
        let line = b.get(from..to).unwrap_or(&[]);
        if line.len() <= 2 * REACH && three_lone_digits(line) {
            if let Some(w) = s.get(from..to) {
                toks.clear();
                tokens(w, &mut toks);
                digit_lists(&toks, hit);
            }
        }
        from = to + 1;
    }
}

/// Spans of whole lines (runs of neighbouring lines merged) that hold a digit or the word
/// `zero`: the only lines where a cue can be read for a value.
///
/// # Cost
///
/// The cue automaton runs over these spans only (prose without numbers is skipped a word at a
/// time). Sound: a cue on a line with neither opens a window (a part of that line) with
/// neither, which is read for nothing, and the `read_to` it leaves behind ends on its line,
/// so no cue on a later line is read differently. No cue holds a line break, so the automaton
/// finds the same cues from a line's start as over the whole text.
fn live_lines(b: &[u8]) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    let mut from = 0;
    std::iter::from_fn(move || {
        let mut span: Option<std::ops::Range<usize>> = None;
        while from < b.len() {
            let to =
                memchr::memchr(b'\n', b.get(from..).unwrap_or(&[])).map_or(b.len(), |i| from + i);
            let line = b.get(from..to).unwrap_or(&[]);
            let live = has_digit(line) || has_zero(line);
            let line_from = from;
            from = to + 1;
            match (&mut span, live) {
                (Some(sp), true) => sp.end = to,
                (None, true) => span = Some(line_from..to),
                (Some(_), false) => return span,
                (None, false) => {}
            }
        }
        span
    })
}

/// Does `b` hold an ASCII digit? (Eight bytes at a time, [`next_digit`].)
fn has_digit(b: &[u8]) -> bool {
    next_digit(b, 0).is_some()
}

/// The first ASCII digit of `b` at or after `from`, eight bytes at a time: a byte is a digit
/// exactly when it XOR `0x30` is below 10, and `(y - 0x0A…) & !y & 0x80…` flags such bytes of
/// `y` (a borrow only goes up from one, so the lowest flagged byte is the first digit).
pub(super) fn next_digit(b: &[u8], from: usize) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut i = from;
    while let Some(c) = b.get(i..i + 8) {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        let y = u64::from_le_bytes(w) ^ (0x30 * ONES);
        let m = y.wrapping_sub(10 * ONES) & !y & (0x80 * ONES);
        if m != 0 {
            return Some(i + (m.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    b.get(i..)?
        .iter()
        .position(u8::is_ascii_digit)
        .map(|p| i + p)
}

/// Does `b` hold the word `zero` (any of three casings: `zero`, `Zero`, `ZERO`)?
///
/// # Cost
///
/// One memchr search for the rare `z`/`Z` and a look at the three bytes after it (no
/// substring searcher built per call).
fn has_zero(b: &[u8]) -> bool {
    memchr::memchr2_iter(b'z', b'Z', b).any(|i| match b.get(i..i + 4) {
        Some(w) => w == b"zero" || w == b"Zero" || w == b"ZERO",
        None => false,
    })
}

/// Does `line` hold three digits that stand alone (no letter, digit or point either side)?
/// (Counting stops at the third.) The digit runs are found eight bytes at a time
/// ([`next_digit`]); only a run of one digit can stand alone.
fn three_lone_digits(line: &[u8]) -> bool {
    let joined = |c: &u8| c.is_ascii_alphanumeric() || *c == b'.';
    let mut count = 0;
    let mut from = 0;
    while let Some(d) = next_digit(line, from) {
        let mut end = d + 1;
        while line.get(end).is_some_and(u8::is_ascii_digit) {
            end += 1;
        }
        let alone = end == d + 1
            && !d
                .checked_sub(1)
                .and_then(|p| line.get(p))
                .is_some_and(joined)
            && !line.get(end).is_some_and(joined);
        if alone {
            count += 1;
            if count == 3 {
                return true;
            }
        }
        from = end;
    }
    false
}

/// Targets equal to a computed `v` up to float error; no candidate is recorded (a sum of a
/// list near a target is not a guess at it).
fn exact(nums: &NumTargets, v: f64, hits: &mut Hits) {
    if !v.is_finite() || v <= 0.0 {
        return;
    }
    let eps = (v * 1e-9).max(1e-9);
    nums.range(v - eps, v + eps, hits);
}

#[derive(Debug, Clone, Copy)]
struct Tok<'a> {
    text: &'a str,
    /// The value of a number in digits on token boundaries.
    num: Option<f64>,
    /// A number written as one plain digit run (`00`, `51`), which can be joined.
    plain: bool,
    word: bool,
}

impl Tok<'_> {
    fn is(&self, words: &[&str]) -> bool {
        self.word && words.iter().any(|w| self.text.eq_ignore_ascii_case(w))
    }

    fn starts(&self, prefixes: &[&str]) -> bool {
        self.word
            && prefixes.iter().any(|p| {
                self.text
                    .get(..p.len())
                    .is_some_and(|h| h.eq_ignore_ascii_case(p))
            })
    }

    fn punct(&self, set: &[u8]) -> bool {
        !self.word
            && self.num.is_none()
            && self.text.len() == 1
            && set.contains(&self.text.as_bytes()[0])
    }
}

/// Words (ASCII letters, `'`), numbers in digits (`5,100`, `12.5`; glued to a letter or after
/// a letter, digit or point: a word, no number) and single punctuation characters. Spaces are
/// dropped.
fn tokens<'a>(w: &'a str, out: &mut Vec<Tok<'a>>) {
    let b = w.as_bytes();
    let mut i = 0;
    let push = |out: &mut Vec<Tok<'a>>, from: usize, to: usize, num, plain, word| {
        if let Some(text) = w.get(from..to) {
            out.push(Tok {
                text,
                num,
                plain,
                word,
            });
        }
    };
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let from = i;
            let glued_before = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.');
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let mut plain = true;
            while b.get(i) == Some(&b',')
                && b.get(i + 1..i + 4)
                    .is_some_and(|g| g.iter().all(u8::is_ascii_digit))
                && !b.get(i + 4).is_some_and(u8::is_ascii_digit)
            {
                plain = false;
                i += 4;
            }
            if b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
                plain = false;
                i += 1;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
            }
            if glued_before
                || b.get(i)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
            {
                // Part of an identifier (`p0`, `LAG5100`, `5100abc`): one word.
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                push(out, from, i, None, false, true);
                continue;
            }
            // Thousands commas dropped only where there are some (no copy per number). A
            // plain run of up to 15 digits is below 2^53: its value as an integer is the
            // double `parse` reads, exactly.
            let num = w.get(from..i).and_then(|t| {
                if plain && t.len() <= 15 {
                    Some(t.bytes().fold(0u64, |n, d| n * 10 + u64::from(d - b'0')) as f64)
                } else if t.contains(',') {
                    t.replace(',', "").parse::<f64>().ok()
                } else {
                    t.parse::<f64>().ok()
                }
            });
            push(out, from, i, num, plain && num.is_some(), false);
        } else if c.is_ascii_alphabetic() {
            let from = i;
            while i < b.len() && (b[i].is_ascii_alphabetic() || b[i] == b'\'') {
                i += 1;
            }
            push(out, from, i, None, false, true);
        } else {
            let from = i;
            i += 1;
            while i < b.len() && !w.is_char_boundary(i) {
                i += 1;
            }
            push(out, from, i, None, false, false);
        }
    }
}

/// Every reading of one window of tokens.
fn read(t: &[Tok<'_>], hit: &mut impl FnMut(f64)) {
    multipliers(t, hit);
    parts(t, hit);
    shares(t, hit);
    sums(t, hit);
    midpoints(t, hit);
    prefixes(t, hit);
    places(t, hit);
    joins(t, hit);
    digit_lists(t, hit);
    instructions(t, hit);
}

fn num(t: &[Tok<'_>], k: usize) -> Option<f64> {
    t.get(k).and_then(|x| x.num)
}

fn is(t: &[Tok<'_>], k: usize, words: &[&str]) -> bool {
    t.get(k).is_some_and(|x| x.is(words))
}

/// `2550 twice`, `1700 thrice`, `1700 3 times`, `2550 doubled`, `2550, twice`.
fn multipliers(t: &[Tok<'_>], hit: &mut impl FnMut(f64)) {
    for (k, x) in t.iter().enumerate() {
        let Some(n) = x.num else {
            continue;
        };
        let mut j = k + 1;
        if t.get(j).is_some_and(|y| y.punct(b",")) {
            j += 1;
        }
        let factor = if is(t, j, &["twice", "double", "doubled"]) {
            Some(2.0)
        } else if is(t, j, &["thrice", "triple", "tripled", "treble", "trebled"]) {
            Some(3.0)
        } else if is(t, j, &["quadruple", "quadrupled", "fourfold"]) {
            Some(4.0)
        } else if is(t, j, &["twofold"]) || is(t, j + 1, &["itself"]) {
            // `2550 twofold`, `2550 plus itself`.
            Some(2.0)
        } else if is(t, j, &["threefold"]) {
            Some(3.0)
        } else if is(t, j + 2, &["fold"]) && t.get(j + 1).is_some_and(|y| y.punct(b"-")) {
            // `2550 2-fold` (`two-fold` in the second reading).
            num(t, j).filter(|f| f.fract() == 0.0 && *f >= 2.0)
        } else if is(t, j + 2, &["same"]) && is(t, j + 3, &["again", "once"]) {
            // `2550 and the same again`, `2550 + the same again`.
            Some(2.0)
        } else if is(t, j + 2, &["times"])
            && t.get(j).is_some_and(|y| {
                y.starts(&[
                    "repeat", "count", "add", "taken", "copied", "summed", "multipl",
                ])
            })
        {
            // `1700 repeated 3 times`: one verb between.
            num(t, j + 1).filter(|f| f.fract() == 0.0 && *f >= 2.0)
        } else if is(t, j + 1, &["times"])
            && !is(t, j + 2, &["in", "per", "a", "an", "every", "each"])
        {
            // `1700 3 times`, not `5 3 times a day`.
            num(t, j).filter(|f| f.fract() == 0.0 && *f >= 2.0)
        } else {
            None
        };
        if let Some(f) = factor {
            hit(n * f);
        }
        before_number(t, k, n, hit);
    }
}

/// Fractions named in words before `of N` (`one fifth of 25500`, `2 thirds of 7650`; `half`,
/// `third` and `quarter` are read by the second readings as well).
const FRACTIONS: [(&str, f64); 20] = [
    ("half", 2.0),
    ("halves", 2.0),
    ("third", 3.0),
    ("thirds", 3.0),
    ("quarter", 4.0),
    ("quarters", 4.0),
    ("fourth", 4.0),
    ("fourths", 4.0),
    ("fifth", 5.0),
    ("fifths", 5.0),
    ("sixth", 6.0),
    ("sixths", 6.0),
    ("eighth", 8.0),
    ("eighths", 8.0),
    ("tenth", 10.0),
    ("tenths", 10.0),
    ("twentieth", 20.0),
    ("hundredth", 100.0),
    ("hundredths", 100.0),
    ("thousandth", 1000.0),
];

/// Words before the number `n` at `k`: `twice as much as N`, `double of N`, `one fifth of N`,
/// `three batches of N`.
fn before_number(t: &[Tok<'_>], k: usize, n: f64, hit: &mut impl FnMut(f64)) {
    let w = |back: usize| k.checked_sub(back).and_then(|p| t.get(p));
    let w_is = |back: usize, words: &[&str]| w(back).is_some_and(|x| x.is(words));
    // `twice as much as N`, `double of N`.
    if w_is(1, &["as"]) && w_is(2, &["much", "many", "big", "large", "high"]) && w_is(3, &["as"]) {
        match w(4) {
            Some(x) if x.is(&["twice", "double", "twofold"]) => hit(n * 2.0),
            Some(x) if x.is(&["thrice", "triple", "threefold"]) => hit(n * 3.0),
            _ => {}
        }
    }
    if !w_is(1, &["of"]) {
        return;
    }
    if w_is(2, &["double", "twice"]) {
        hit(n * 2.0);
    }
    if w_is(2, &["triple", "thrice"]) {
        hit(n * 3.0);
    }
    // `one fifth of N`, `a tenth of N`, `2 thirds of N`, `3-fifths of N`.
    if let Some((_, d)) = FRACTIONS.iter().find(|(f, _)| w_is(2, &[f])) {
        let c = if w(3).is_some_and(|x| x.punct(b"-")) {
            4
        } else {
            3
        };
        let count = if w_is(c, &["a", "an", "one"]) {
            Some(1.0)
        } else {
            w(c).and_then(|x| x.num)
        };
        if let Some(c) = count {
            hit(n * c / d);
        }
    }
    // `three batches of 1700`: a count and a plural noun (`2 of 3` is no count of parts).
    if let Some(c) = k.checked_sub(3).and_then(|p| num(t, p)) {
        let noun = w(2).is_some_and(|x| x.word && x.text.len() > 2 && x.text.ends_with('s'));
        if noun && c >= 2.0 && c.fract() == 0.0 {
            hit(n * c);
        }
    }
}

/// Steps a chain of instructions follows at most (`take 27, times 100, plus 50` is two).
const MAX_STEPS: usize = 6;

/// Does token `x` name an operation (`add`, `another`, `plus`, `subtract`, `minus`, `deduct`,
/// `less`, `take`, `multipl…`, `times`, `divid…`, `split`, `shar…`, `doubl…`, `tripl…`,
/// `halv…`, `increas…`, `rais…`, `decreas…`, `reduc…`, `lower…`, `short`, `over`)? Its first
/// two letters pick the prefixes compared (this runs on every token of every window).
#[inline]
fn op_word(x: &Tok<'_>) -> bool {
    if !x.word || x.text.len() < 3 {
        return false;
    }
    let b = x.text.as_bytes();
    let (Some(c0), Some(c1)) = (b.first(), b.get(1)) else {
        return false;
    };
    let prefixes: &[&str] = match (c0.to_ascii_lowercase(), c1.to_ascii_lowercase()) {
        (b'a', b'd') => &["add"],
        (b'a', b'n') => &["another"],
        (b'c', b'u') => &["cut"],
        (b'q', b'u') => &["quadrupl"],
        (b's', b'q') => &["square"],
        (b'd', b'e') => &["deduct", "decreas"],
        (b'd', b'i') => &["divid"],
        (b'd', b'o') => &["doubl"],
        (b'h', b'a') => &["halv"],
        (b'i', b'n') => &["increas"],
        (b'l', b'e') => &["less"],
        (b'l', b'o') => &["lower"],
        (b'm', b'i') => &["minus"],
        (b'm', b'u') => &["multipl"],
        (b'o', b'v') => &["over"],
        (b'p', b'l') => &["plus"],
        (b'r', b'a') => &["rais"],
        (b'r', b'e') => &["reduc"],
        (b's', b'u') => &["subtract"],
        (b's', b'p') => &["split"],
        (b's', b'h') => &["shar", "short"],
        (b't', b'a') => &["take"],
        (b't', b'i') => &["times"],
        (b't', b'r') => &["tripl"],
        _ => return false,
    };
    x.starts(prefixes)
}

/// The number at `j` as an operand: not a percentage or a rate (`reduced by 50 %`, `add 100
/// per second`).
fn operand(t: &[Tok<'_>], j: usize) -> Option<f64> {
    let n = num(t, j)?;
    let rate = t
        .get(j + 1)
        .is_some_and(|y| y.punct(b"%") || y.is(&["percent", "pct", "per", "percentage", "x"]));
    (!rate).then_some(n)
}

/// After what an instruction acts on, `it`, `that`, `this`, `the result`, `the total`: the
/// index past it (or `j`).
fn object(t: &[Tok<'_>], j: usize) -> usize {
    if is(t, j, &["it", "that", "this"]) {
        j + 1
    } else if is(t, j, &["the"]) && is(t, j + 1, &["result", "total", "sum", "number", "value"]) {
        j + 2
    } else {
        j
    }
}

/// Arithmetic instructions in words, one clause at a time (split on `;.?!`), the number words
/// already digits (`readings.rs`): an instruction with its operands (`subtract 50 from 5150`,
/// `take away 50 from 5150`, `add 100 to 5000`, `multiply 51 by 100`, `divide 10200 by 2`,
/// `split 10200 in 2`, `increase 5000 by 100`, `reduce 5150 by 50`, `double 1375`, `50 short of
/// 5150`, `15300 over 3` as the whole clause), or a start (`take 51`, `start at 50`, `start
/// with 5000`, or a number with a step right after: `5150 reduced by 50`, `27, times 100`,
/// `5000 and another 100`), then up to [`MAX_STEPS`] steps on the running value, joined by
/// `,`, `then`, `and`, `next` (`add 50`, `plus 50`, `minus 50`, `take away 50`, `times 100`,
/// `multiply by 100`, `divide it by 2`, `increase by 100`, `reduce by 50`, `double again`,
/// `halve`). Every value the chain takes is reported (a step's result may be the target).
/// `51 … multiplied by 100` with nouns between takes the clause's number nearest before.
fn instructions(t: &[Tok<'_>], hit: &mut impl FnMut(f64)) {
    if !t.iter().any(op_word) {
        return;
    }
    for clause in t.split(|x| x.punct(b";.?!")) {
        // `15300 over 3`: two plain numbers and `over`, and nothing else (`version 2 over 3
        // nodes` is no division).
        if let [a, o, b] = clause {
            if let (true, Some(a), Some(b)) = (o.is(&["over"]) && a.plain && b.plain, a.num, b.num)
            {
                if b != 0.0 {
                    hit(a / b);
                }
            }
        }
        // Every reading starts at most four tokens before an operation word (`take away 50`,
        // `start with 5000, add`, `5000 and another`): the tokens further from one are
        // skipped.
        let mut op_at = None;
        let mut k = 0;
        while k < clause.len() {
            if op_at.is_none_or(|o| o < k) {
                match clause.get(k..).and_then(|r| r.iter().position(op_word)) {
                    Some(p) => op_at = Some(k + p),
                    None => break,
                }
            }
            if let Some(o) = op_at {
                k = k.max(o.saturating_sub(4));
            }
            let Some((v, next, stated)) = opening(clause, k) else {
                k += 1;
                continue;
            };
            if stated {
                hit(v);
            }
            let end = steps(clause, v, next, hit);
            // A start no step follows reads nothing; the next token may open another.
            k = if stated || end > next { end } else { k + 1 };
        }
    }
}

/// The instruction or start at `k`: its value, the index past it, and whether the value was
/// computed (a start alone states nothing).
fn opening(c: &[Tok<'_>], k: usize) -> Option<(f64, usize, bool)> {
    let x = c.get(k)?;
    if let Some(n) = x.num {
        // A number as the start, unless another instruction's operand (`by 2`, `from 3 to
        // 5`) or part of a range or an expression (`4900-5000`).
        let prev = k.checked_sub(1).and_then(|p| c.get(p));
        let bound = prev.is_some_and(|p| {
            p.punct(b"-+*/^x")
                || p.is(&[
                    "by", "from", "to", "of", "over", "at", "in", "into", "per", "than", "with",
                    "between", "among", "x",
                ])
        });
        if bound || operand(c, k).is_none() {
            return None;
        }
        // `50 short of 5150`.
        if is(c, k + 1, &["short", "shy"]) && is(c, k + 2, &["of"]) {
            let b = operand(c, k + 3)?;
            return Some((b - n, k + 4, true));
        }
        return Some((n, k + 1, false));
    }
    if !op_word(x) && !x.starts(&["start", "begin"]) {
        return None;
    }
    let a = operand(c, k + 1);
    // `VERB A PREP B`: both operands, the preposition one of `preps`.
    let binary = |preps: &[&str]| -> Option<(f64, f64, usize)> {
        let a = a?;
        let mut j = k + 2;
        if is(c, j, &["evenly", "equally"]) {
            j += 1;
        }
        is(c, j, preps).then_some(())?;
        Some((a, operand(c, j + 1)?, j + 2))
    };
    if x.is(&["subtract", "deduct"]) {
        let (a, b, next) = binary(&["from"])?;
        return Some((b - a, next, true));
    }
    if x.is(&["take"]) {
        // `take away 50 from 5150`, else the start `take 51`.
        if is(c, k + 1, &["away", "off"]) {
            let a = operand(c, k + 2)?;
            is(c, k + 3, &["from"]).then_some(())?;
            return Some((operand(c, k + 4)? - a, k + 5, true));
        }
        return Some((a?, k + 2, false));
    }
    if x.is(&["start", "starting", "begin", "beginning"]) {
        is(c, k + 1, &["at", "with", "from"]).then_some(())?;
        return Some((operand(c, k + 2)?, k + 3, false));
    }
    if x.is(&["add"]) {
        let (a, b, next) = binary(&["to"])?;
        return Some((a + b, next, true));
    }
    if x.starts(&["multipl"]) {
        if a.is_some() {
            let (a, b, next) = binary(&["by"])?;
            return Some((a * b, next, true));
        }
        // `51 … multiplied by 100`: the clause's number nearest before.
        is(c, k + 1, &["by"]).then_some(())?;
        let n = c.get(..k)?.iter().rev().find_map(|y| y.num)?;
        return Some((n * operand(c, k + 2)?, k + 3, true));
    }
    if x.is(&["divide", "split", "share"]) {
        // `split 10200 in half`.
        if is(c, k + 2, &["in"]) && is(c, k + 3, &["half", "halves"]) {
            return Some((a? / 2.0, k + 4, true));
        }
        let (a, b, next) = binary(&["by", "into", "in", "among", "between"])?;
        // `divide 10200 by 2.5` is a quotient; parts are a whole count of two or more.
        let whole = b >= 2.0 && b.fract() == 0.0;
        return (whole || (b != 0.0 && is(c, next - 2, &["by"]))).then_some((a / b, next, true));
    }
    if x.is(&["increase", "raise"]) {
        let (a, b, next) = binary(&["by"])?;
        return Some((a + b, next, true));
    }
    if x.is(&["decrease", "reduce", "lower"]) {
        let (a, b, next) = binary(&["by"])?;
        return Some((a - b, next, true));
    }
    let factor = if x.is(&["double"]) {
        2.0
    } else if x.is(&["triple"]) {
        3.0
    } else if x.is(&["halve"]) {
        0.5
    } else {
        return None;
    };
    Some((a? * factor, k + 2, true))
}

/// The steps after a running value `v` from `j`, each result to `hit`: the index past the
/// last step.
fn steps(c: &[Tok<'_>], v: f64, j: usize, hit: &mut impl FnMut(f64)) -> usize {
    steps_from(c, v, j, hit).0
}

/// [`steps`], and the running value after the last step (a chain in segments goes on from it,
/// `chains.rs`).
fn steps_from(c: &[Tok<'_>], mut v: f64, mut j: usize, hit: &mut impl FnMut(f64)) -> (usize, f64) {
    for _ in 0..MAX_STEPS {
        // Joined by `,`, `then`, `and`, `and then`, `next`, or nothing (`5150 reduced by 50`).
        let mut a = j;
        while a < j + 3
            && c.get(a)
                .is_some_and(|x| x.punct(b",") || x.is(&["then", "and", "next"]))
        {
            a += 1;
        }
        let Some((w, next)) = step(c, a, v) else {
            break;
        };
        v = w;
        hit(v);
        j = next;
    }
    (j, v)
}

/// One step at `a` on the running value `v`: the new value and the index past the step.
fn step(c: &[Tok<'_>], a: usize, v: f64) -> Option<(f64, usize)> {
    let x = c.get(a).filter(|x| op_word(x))?;
    // `add 50`, `add another 50`, `add 50 to it`; `add 50 to 5000` is an instruction of its
    // own, read where it starts.
    let onto = |j: usize, prep: &str| -> Option<usize> {
        if !is(c, j, &[prep]) {
            return Some(j);
        }
        let o = object(c, j + 1);
        (o > j + 1).then_some(o)
    };
    if x.is(&["add", "plus"]) {
        let mut j = a + 1;
        if is(c, j, &["on", "another"]) {
            j += 1;
        }
        let n = operand(c, j)?;
        return Some((v + n, onto(j + 1, "to")?));
    }
    if x.is(&["another"]) {
        // `5000 and another 100`.
        is(c, a.checked_sub(1)?, &["and"]).then_some(())?;
        return Some((v + operand(c, a + 1)?, a + 2));
    }
    if x.is(&["subtract", "minus", "deduct", "less"]) {
        let n = operand(c, a + 1)?;
        return Some((v - n, onto(a + 2, "from")?));
    }
    if x.is(&["take"]) {
        is(c, a + 1, &["away", "off"]).then_some(())?;
        let n = operand(c, a + 2)?;
        return Some((v - n, onto(a + 3, "from")?));
    }
    if x.is(&["times"]) {
        return Some((v * operand(c, a + 1)?, a + 2));
    }
    // `multiply by 100`, `divide it by 2`, `increased by 100`, `reduce the total by 50`.
    let by = || -> Option<(f64, usize)> {
        let j = object(c, a + 1);
        is(c, j, &["by"]).then_some(())?;
        Some((operand(c, j + 1)?, j + 2))
    };
    if x.starts(&["multipl"]) {
        let (n, next) = by()?;
        return Some((v * n, next));
    }
    if x.is(&["divide", "divided"]) {
        let (n, next) = by()?;
        return (n != 0.0).then_some((v / n, next));
    }
    if x.is(&["increase", "increased", "raise", "raised"]) {
        let (n, next) = by()?;
        return Some((v + n, next));
    }
    if x.is(&[
        "decrease",
        "decreased",
        "reduce",
        "reduced",
        "lower",
        "lowered",
    ]) {
        let (n, next) = by()?;
        return Some((v - n, next));
    }
    // `double it`, `then double again`, `halve the result`; `double 1375` opens anew.
    let factor = if x.is(&["double", "doubled"]) {
        2.0
    } else if x.is(&["triple", "tripled"]) {
        3.0
    } else if x.is(&["halve", "halved"]) {
        0.5
    } else {
        return chains::more_step(c, a, v);
    };
    if num(c, a + 1).is_some() {
        return None;
    }
    let mut j = object(c, a + 1);
    if is(c, j, &["again"]) {
        j += 1;
    }
    Some((v * factor, j))
}

/// Does token `x` open a reading of [`changes`] (a verb of change, a superlative, `successor`,
/// `increment…`, `below`, `round…`, `mean`, `3x`, `+`)? Its first two letters pick the words
/// compared (this runs on every token of every window).
#[inline]
fn change_word(x: &Tok<'_>) -> bool {
    if x.punct(b"+") {
        return true;
    }
    if !x.word || x.text.len() < 2 {
        return false;
    }
    let b = x.text.as_bytes();
    let (Some(c0), Some(c1)) = (b.first(), b.get(1)) else {
        return false;
    };
    if c0.is_ascii_digit() {
        return times_word(x).is_some();
    }
    let words: &[&str] = match (c0.to_ascii_lowercase(), c1.to_ascii_lowercase()) {
        (b'a', b'b') => &["above"],
        (b'a', b'v') => &["average", "avg"],
        (b'b', b'e') => &["below", "beneath"],
        (b'b', b'i') => &["biggest"],
        (b'c', b'e') => &["ceil", "ceiling"],
        (b'c', b'l') => &["climbed"],
        (b'd', b'e') => &["declined", "decreased", "decrement", "decremented"],
        (b'd', b'o') => &["doubled"],
        (b'd', b'r') => &["dropped"],
        (b'f', b'a') => &["fallen"],
        (b'f', b'e') => &["fell"],
        (b'f', b'i') => &["first"],
        (b'f', b'l') => &["floor"],
        (b'g', b'o') => &["gone"],
        (b'g', b'r') => &["greatest", "grew", "grown"],
        (b'h', b'a') => &["halved"],
        (b'h', b'i') => &["highest"],
        (b'i', b'n') => &["increased", "increment", "incremented"],
        (b'j', b'u') => &["jumped"],
        (b'l', b'a') => &["largest", "last"],
        (b'l', b'e') => &["least"],
        (b'l', b'o') => &["lowest"],
        (b'm', b'e') => &["mean"],
        (b'n', b'e') => &["next"],
        (b'p', b'r') => &["predecessor"],
        (b'q', b'u') => &["quadrupled"],
        (b'r', b'i') => &["risen"],
        (b'r', b'o') => &["rose", "round", "rounded"],
        (b's', b'h') => &["shrank"],
        (b's', b'm') => &["smallest"],
        (b's', b'u') => &["successor"],
        (b't', b'i') => &["times"],
        (b't', b'r') => &["tripled"],
        (b'u', b'n') => &["under"],
        (b'w', b'e') => &["went"],
        _ => return false,
    };
    x.is(words)
}

/// `3x` as one word: the factor.
fn times_word(x: &Tok<'_>) -> Option<f64> {
    let d = x.text.strip_suffix(['x', 'X'])?;
    if d.is_empty() || d.len() > 6 || !d.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    d.parse::<f64>().ok()
}

/// Words that may stand before a baseline or a multiplied value (`from its 275`).
const DETERMINERS: [&str; 8] = ["the", "its", "their", "our", "a", "an", "that", "his"];

/// Changes from a baseline, successors and predecessors, roundings and means, one clause at a
/// time (split on `;?!` and a `.` that ends a sentence): `doubled from 2550`, `has doubled
/// since it was 2550`, `went up by 100 from 5000`, `rose 100 from 5000`, `fell by 900 from
/// 6000`, `dropped 900 messages from 6000`, `halved from 5500`, `3x the 1700`, `10 times its
/// 275`, `was 5000, and it has grown by 100 since`; `the smallest number above 5099`, `the
/// largest integer below 5101`, `the first integer past 5099`, `5099's successor`, `the
/// predecessor of 5101`, `5099 incremented`, `5101 decremented`, `++5099`, `10 below 5110`,
/// `10 under 5110`, `10 above 5090`; `5099.5 rounded up`, `ceil(5099.5)`; `mean(5000, 5200)`.
fn changes(t: &[Tok<'_>], hit: &mut impl FnMut(f64)) {
    corrections(t, hit);
    if !t.iter().any(change_word) {
        return;
    }
    for c in t.split(|x| x.punct(b";.?!")) {
        for (k, x) in c.iter().enumerate() {
            if change_word(x) {
                change_at(c, k, hit);
            }
        }
    }
}

/// A tutor's correction of a stated answer: `your answer of 5000 is 100 too low`, `your 4,900
/// is 200 short`, `your total of 5200 is 100 too high`, `if you got 5000, you're exactly 100
/// short`: the answer moved by the gap, per clause (split on `;.?!`). The gap is the number
/// right before the cue (`by`, `exactly`, `only`, `just` may stand between); the answer is the
/// nearest other number before it in the clause. `short of` is an instruction
/// ([`instructions`]), not a correction.
fn corrections(t: &[Tok<'_>], hit: &mut impl FnMut(f64)) {
    for c in t.split(|x| x.punct(b";.?!")) {
        for k in 0..c.len() {
            let sign = if is(c, k, &["too"]) {
                if is(c, k + 1, &["low", "small", "few", "little"]) {
                    1.0
                } else if is(c, k + 1, &["high", "big", "many", "much", "large"]) {
                    -1.0
                } else {
                    continue;
                }
            } else if is(c, k, &["short"]) && !is(c, k + 1, &["of"]) {
                1.0
            } else {
                continue;
            };
            let mut j = k;
            while j > 0 && j + 3 > k && is(c, j - 1, &["by", "exactly", "only", "just"]) {
                j -= 1;
            }
            let Some(n_at) = j.checked_sub(1).filter(|&p| operand(c, p).is_some()) else {
                continue;
            };
            let Some(gap) = operand(c, n_at) else {
                continue;
            };
            let answer = (0..n_at).rev().find_map(|p| operand(c, p));
            if let Some(a) = answer {
                hit(a + sign * gap);
            }
        }
    }
}

/// One reading of [`changes`] at the cue `k` of clause `c`.
fn change_at(c: &[Tok<'_>], k: usize, hit: &mut impl FnMut(f64)) {
    let Some(x) = c.get(k) else {
        return;
    };
    let before = || k.checked_sub(1).and_then(|p| operand(c, p));
    // A baseline after `from`/`since` (`from its 2550`, `since it was 2,550`), else, after a
    // change with `since` and no number, the number the clause stated before the verb (`was
    // 5000, and it has grown by 100 since`).
    let baseline = |j: usize, verb: usize| -> Option<f64> {
        if is(c, j, &["from"]) {
            let a = if is(c, j + 1, &DETERMINERS) {
                j + 2
            } else {
                j + 1
            };
            return operand(c, a);
        }
        if !is(c, j, &["since"]) {
            return None;
        }
        let mut a = j + 1;
        while a < j + 5 && c.get(a).is_some_and(|y| y.word) {
            if is(c, a, &["was", "were", "at"]) {
                return operand(c, a + 1);
            }
            a += 1;
        }
        if a < c.len() && !c.get(a).is_some_and(|y| y.punct(b",")) {
            return None;
        }
        let p = c.get(..verb)?.iter().rposition(|y| y.num.is_some())?;
        is(c, p.checked_sub(1)?, &["was", "were", "is", "at", "of"]).then_some(())?;
        operand(c, p)
    };
    let lower = |w: &[&str]| x.is(w);
    // Factors: `doubled from 2550`, `halved from 5500`.
    let factor = if lower(&["doubled"]) {
        Some(2.0)
    } else if lower(&["tripled"]) {
        Some(3.0)
    } else if lower(&["quadrupled"]) {
        Some(4.0)
    } else if lower(&["halved"]) {
        Some(0.5)
    } else {
        None
    };
    if let Some(f) = factor {
        if let Some(b) = baseline(k + 1, k) {
            hit(b * f);
        }
        return;
    }
    // Sums and differences: `went up by 100 from 5000`, `fell 900 messages from 6000`.
    let (sign, mut j) = if lower(&[
        "rose",
        "risen",
        "grew",
        "grown",
        "climbed",
        "jumped",
        "increased",
    ]) {
        (1.0, k + 1)
    } else if lower(&[
        "fell",
        "fallen",
        "dropped",
        "declined",
        "shrank",
        "decreased",
    ]) {
        (-1.0, k + 1)
    } else if lower(&["went", "gone"]) && is(c, k + 1, &["up"]) {
        (1.0, k + 2)
    } else if lower(&["went", "gone"]) && is(c, k + 1, &["down"]) {
        (-1.0, k + 2)
    } else {
        (0.0, k)
    };
    if sign != 0.0 {
        if is(c, j, &["by"]) {
            j += 1;
        }
        if is(c, j, &["exactly", "just", "only", "precisely"]) {
            j += 1;
        }
        let Some(d) = operand(c, j) else {
            return;
        };
        j += 1;
        // Up to two nouns (`900 messages`).
        for _ in 0..2 {
            if c.get(j)
                .is_some_and(|y| y.word && !y.is(&["from", "since", "to"]))
            {
                j += 1;
            }
        }
        if let Some(b) = baseline(j, k) {
            hit(b + sign * d);
        }
        return;
    }
    // `10 times its 275`, `3x the 1700`.
    let times = if lower(&["times"]) {
        k.checked_sub(1).and_then(|p| num(c, p)).map(|f| (f, k + 1))
    } else {
        times_word(x).map(|f| (f, k + 1))
    };
    if let Some((f, mut j)) = times {
        if is(c, j, &DETERMINERS) {
            j += 1;
            if let (Some(n), true) = (operand(c, j), f >= 2.0 && f.fract() == 0.0) {
                hit(n * f);
            }
        }
        return;
    }
    // `++5099`, `5099++`.
    if x.punct(b"+") {
        if c.get(k + 1).is_some_and(|y| y.punct(b"+")) {
            let n = operand(c, k + 2).or_else(|| k.checked_sub(1).and_then(|p| num(c, p)));
            if let Some(n) = n.filter(|n| n.fract() == 0.0) {
                hit(n + 1.0);
            }
        }
        return;
    }
    // `10 below 5110`, `10 under 5110`, `10 above 5090`: numbers right either side.
    if lower(&["below", "under", "beneath", "above"]) {
        if let (Some(d), Some(n)) = (before(), operand(c, k + 1)) {
            hit(if lower(&["above"]) { n + d } else { n - d });
        }
        return;
    }
    // `the smallest number above 5099`, `the largest integer below 5101`.
    let up = lower(&["smallest", "least", "lowest", "first", "next"]);
    if up || lower(&["largest", "greatest", "biggest", "highest", "last"]) {
        let mut j = k + 1;
        if is(c, j, &["whole", "positive", "natural"]) {
            j += 1;
        }
        if !is(c, j, &["number", "integer", "int", "value", "count"]) {
            return;
        }
        j += 1;
        let rel_up = &[
            "above",
            "exceeding",
            "past",
            "after",
            "over",
            "beyond",
            "greater",
            "bigger",
            "larger",
            "more",
            "higher",
        ];
        let rel_down = &[
            "below", "under", "before", "less", "smaller", "lower", "fewer",
        ];
        let rel = if up { &rel_up[..] } else { &rel_down[..] };
        if !is(c, j, rel) {
            return;
        }
        j += 1;
        if is(c, j, &["than"]) {
            j += 1;
        }
        if let Some(n) = operand(c, j).filter(|n| n.fract() == 0.0) {
            hit(if up { n + 1.0 } else { n - 1.0 });
        }
        return;
    }
    // `5099's successor`, `the successor of 5101`, `5101's predecessor`.
    if lower(&["successor", "predecessor"]) {
        let d = if lower(&["successor"]) { 1.0 } else { -1.0 };
        let n = if is(c, k + 1, &["of", "to"]) {
            operand(c, k + 2)
        } else if k >= 3 && is(c, k - 1, &["s"]) && c.get(k - 2).is_some_and(|y| y.punct(b"'")) {
            operand(c, k - 3)
        } else {
            None
        };
        if let Some(n) = n.filter(|n| n.fract() == 0.0) {
            hit(n + d);
        }
        return;
    }
    // `5099 incremented (once)`, `5101 decremented by 1`, `increment 5099`.
    if lower(&["incremented", "decremented", "increment", "decrement"]) {
        let d = if x.starts(&["inc"]) { 1.0 } else { -1.0 };
        let after = lower(&["incremented", "decremented"]);
        let (n, mut j) = match (before(), operand(c, k + 1)) {
            (Some(n), _) if after => (n, k + 1),
            (_, Some(n)) if !after => (n, k + 2),
            _ => return,
        };
        let step = if is(c, j, &["by"]) {
            j += 1;
            operand(c, j)
        } else {
            Some(1.0)
        };
        if let Some(s) = step.filter(|_| n.fract() == 0.0) {
            hit(n + d * s);
        }
        return;
    }
    // `5099.5 rounded up`, `5099.5, rounded`, `round 5099.5 up`, `ceil(5099.5)`, `the floor of
    // 5100.2`.
    let round = |n: f64, w: usize| -> f64 {
        if is(c, w, &["up"]) || lower(&["ceil", "ceiling"]) {
            n.ceil()
        } else if is(c, w, &["down"]) || lower(&["floor"]) {
            n.floor()
        } else {
            n.round()
        }
    };
    if lower(&["rounded", "round", "ceil", "ceiling", "floor"]) {
        let mut p = k.checked_sub(1);
        if p.is_some_and(|p| c.get(p).is_some_and(|y| y.punct(b","))) {
            p = p.and_then(|p| p.checked_sub(1));
        }
        let mut a = k + 1;
        if is(c, a, &["up", "down"]) {
            a += 1;
        }
        if c.get(a).is_some_and(|y| y.punct(b"(")) || is(c, a, &["of"]) {
            a += 1;
        }
        if is(c, a, &["the"]) {
            a += 1;
        }
        let n = match (p.and_then(|p| operand(c, p)), operand(c, a)) {
            (Some(n), _) if lower(&["rounded"]) => Some((n, k + 1)),
            (_, Some(n)) if !lower(&["rounded"]) => Some((
                n,
                if is(c, a + 1, &["up", "down"]) {
                    a + 1
                } else {
                    k + 1
                },
            )),
            _ => None,
        };
        if let Some((n, w)) = n.filter(|(n, _)| n.fract() != 0.0) {
            hit(round(n, w));
        }
        return;
    }
    // `mean(5000, 5200)`, `the average of 5000, 5100 and 5200`.
    if lower(&["mean", "average", "avg"]) {
        let mut a = k + 1;
        if c.get(a).is_some_and(|y| y.punct(b"(")) || is(c, a, &["of"]) {
            a += 1;
        }
        let (mut sum, mut count) = (0.0, 0u32);
        while let Some(n) = operand(c, a) {
            sum += n;
            count += 1;
            a += 1;
            if c.get(a).is_some_and(|y| y.punct(b",")) || is(c, a, &["and"]) {
                a += 1;
            } else {
                break;
            }
        }
        if count >= 2 {
            hit(sum / f64::from(count));
        }
    }
}

/// Counts of equal parts in one clause: `2 partitions of 2550 each`, `2550 each on 2
/// partitions`, `2550 on each of 2 partitions`, `2550 per partition on 2 partitions`.
fn parts(t: &[Tok<'_>], hit: &mut impl FnMut(f64)) {
    for clause in t.split(|x| x.punct(b";.?!:=")) {
        // Exactly two numbers (counted without a copy).
        let mut ns = clause.iter().filter_map(|x| x.num);
        let (Some(n0), Some(n1), None) = (ns.next(), ns.next(), ns.next()) else {
            continue;
        };
        let each = clause.iter().any(|x| x.is(&["each", "apiece", "apiece"]));
        let per = clause.iter().enumerate().any(|(k, x)| {
            x.is(&["per"])
                && clause.get(k + 1).is_some_and(|n| {
                    n.word && !n.starts(&TIME_WORDS) && !n.is(&["s", "sec", "ms", "h", "hr", "m"])
                })
        });
        if each || per {
            hit(n0 * n1);
        }
    }
}

/// A rate's denominator: `per second` is a rate, not a count of parts.
const TIME_WORDS: [&str; 9] = [
    "second",
    "minute",
    "min",
    "hour",
    "day",
    "week",
    "month",
    "year",
    "millisecond",
];

/// `20400 shared by 4 consumers`, `20400 divided evenly among 4`, `20400 split between 4`,
/// `4 consumers share 20400`.
fn shares(t: &[Tok<'_>], hit: &mut impl FnMut(f64)) {
    const VERBS: [&str; 5] = ["shar", "split", "divid", "spread", "distribut"];
    for (k, x) in t.iter().enumerate() {
        // Every cue below is a word: a number or a mark opens nothing.
        if !x.word {
            continue;
        }
        // `20400 among 4 consumers`: no verb, a share all the same.
        if x.is(&["among", "amongst"]) {
            let mut a = k + 1;
            while is(t, a, &["the", "all"]) {
                a += 1;
            }
            let n = k.checked_sub(1).and_then(|p| num(t, p));
            if let (Some(n), Some(d)) = (n, num(t, a)) {
                if d >= 2.0 && d.fract() == 0.0 {
                    hit(n / d);
                }
            }
        }
        if !x.starts(&VERBS) {
            continue;
        }
        // Before the verb: `N (is|was|gets)? (evenly)? VERB`.
        let mut j = k;
        while j > 0
            && is(
                t,
                j - 1,
                &[
                    "is", "was", "are", "were", "gets", "got", "be", "evenly", "equally", "being",
                ],
            )
        {
            j -= 1;
        }
        let before = j.checked_sub(1).and_then(|p| num(t, p));
        // After the verb: `(evenly)? (by|among|between|across|over|into|in|to|with) (the)? K`.
        let mut a = k + 1;
        while is(t, a, &["evenly", "equally", "fairly", "up", "out"]) {
            a += 1;
        }
        if is(
            t,
            a,
            &[
                "by", "among", "amongst", "between", "across", "over", "into", "in", "to", "with",
                "for",
            ],
        ) {
            a += 1;
            while is(t, a, &["the", "all", "a", "total", "of", "group", "groups"]) {
                a += 1;
            }
            if let (Some(n), Some(d)) = (before, num(t, a)) {
                if d >= 2.0 && d.fract() == 0.0 {
                    hit(n / d);
                }
            }
        }
        // `4 consumers share 20400 (evenly)`: a count, up to two words, the verb, the total.
        if let (Some(n), Some(c)) = (num(t, a.min(k + 1)), count_before(t, k)) {
            hit(n / c);
        }
    }
}

/// The count before a share verb: `4 consumers`, `4 hungry consumers`.
fn count_before(t: &[Tok<'_>], k: usize) -> Option<f64> {
    (1..=3).find_map(|back| {
        let p = k.checked_sub(back)?;
        let between = t.get(p + 1..k)?;
        if !between.iter().all(|x| x.word) {
            return None;
        }
        num(t, p).filter(|c| *c >= 2.0 && c.fract() == 0.0)
    })
}

/// The sum of a list: `p0=1700 p1=1700 p2=1700; sum them`, `partition 0 lag 2550,
/// partition 1 lag 2550; total = the sum`, `add up 1700, 1700 and 1700`. Read both all the
/// numbers on one side of the cue and the last number of each comma-separated item (labels
/// such as `partition 0` come first in an item).
fn sums(t: &[Tok<'_>], hit: &mut impl FnMut(f64)) {
    const CUE: [&str; 7] = [
        "sum",
        "summed",
        "total",
        "add",
        "added",
        "altogether",
        "combined",
    ];
    let Some(k) = t.iter().position(|x| x.starts(&CUE)) else {
        return;
    };
    for side in [t.get(..k).unwrap_or(&[]), t.get(k + 1..).unwrap_or(&[])] {
        // The same sum, in the same order, without a copy of the numbers.
        if side.iter().filter(|x| x.num.is_some()).nth(1).is_some() {
            hit(side.iter().filter_map(|x| x.num).sum());
        }
        let mut lasts = 0.0;
        let mut count = 0;
        for item in side.split(|x| x.punct(b",;") || x.is(&["and"])) {
            if let Some(v) = item.iter().rev().find_map(|x| x.num) {
                lasts += v;
                count += 1;
            }
        }
        if count >= 2 {
            hit(lasts);
        }
    }
}

/// `not 5000, not 5200, exactly in between`, `5000 and 5200: halfway`: the two numbers right
/// before a midpoint cue that no number follows.
fn midpoints(t: &[Tok<'_>], hit: &mut impl FnMut(f64)) {
    for (k, x) in t.iter().enumerate() {
        // Every cue below is a word: a number or a mark opens nothing.
        if !x.word {
            continue;
        }
        // `the middle of 5000 and 5200`, `the centre of the 5000-5200 range`: the two
        // numbers right after.
        if x.is(&["middle", "centre", "center", "midpoint", "mid"])
            && is(t, k + 1, &["of", "point"])
        {
            let mut after = t
                .get(k + 2..(k + 8).min(t.len()))
                .unwrap_or(&[])
                .iter()
                .filter_map(|y| y.num);
            if let (Some(a), Some(b)) = (after.next(), after.next()) {
                hit((a + b) / 2.0);
            }
        }
        let cue = x.is(&["halfway", "midway", "midpoint"])
            || (x.is(&["between"])
                && !is(t, k + 1, &["them", "these", "those"])
                && num(t, k + 1).is_none())
            || (x.is(&["middle"]) && k > 0 && is(t, k - 1, &["the"]));
        if !cue {
            continue;
        }
        // A number after the cue (`between 10 and 20`) makes it another phrase.
        if t.get(k + 1..(k + 4).min(t.len()))
            .is_some_and(|r| r.iter().any(|y| y.num.is_some()))
        {
            continue;
        }
        let mut before = t.get(..k).unwrap_or(&[]).iter().rev().filter_map(|y| y.num);
        if let (Some(b), Some(a)) = (before.next(), before.next()) {
            hit((a + b) / 2.0);
        }
    }
}

/// Metric prefixes on a counted noun and their factors.
const PREFIXES: [(&str, f64); 10] = [
    ("milli", 1e-3),
    ("micro", 1e-6),
    ("centi", 1e-2),
    ("deci", 1e-1),
    ("deca", 1e1),
    ("deka", 1e1),
    ("hecto", 1e2),
    ("kilo", 1e3),
    ("mega", 1e6),
    ("giga", 1e9),
];

/// Units a unit family owns (`units.rs`): a prefix on them is a conversion, not a disguise.
const UNIT_WORDS: [&str; 14] = [
    "second", "sec", "s", "byte", "bit", "b", "meter", "metre", "gram", "hertz", "watt", "liter",
    "litre", "core",
];

/// `5100000 millimessages`, `5.1 kilo-messages`, `51 hecto messages`.
fn prefixes(t: &[Tok<'_>], hit: &mut impl FnMut(f64)) {
    for (k, x) in t.iter().enumerate() {
        let Some(n) = x.num else {
            continue;
        };
        let Some(w) = t.get(k + 1).filter(|w| w.word) else {
            continue;
        };
        for (p, f) in PREFIXES {
            if !w.starts(&[p]) {
                continue;
            }
            let rest = match w.text.get(p.len()..) {
                Some("") => {
                    // `kilo-messages`, `milli messages`.
                    let j = if t.get(k + 2).is_some_and(|y| y.punct(b"-")) {
                        k + 3
                    } else {
                        k + 2
                    };
                    t.get(j).filter(|y| y.word).map_or("", |y| y.text)
                }
                Some(r) => r,
                None => "",
            };
            let owned = UNIT_WORDS.iter().any(|u| {
                rest.get(..u.len())
                    .is_some_and(|h| h.eq_ignore_ascii_case(u))
                    && (rest.len() <= u.len() + 1)
            });
            if rest.len() >= 3 && !owned {
                hit(n * f);
            }
        }
    }
}

/// Places and their values (plural or with `place`/`column`/`digit`).
const PLACES: [(&str, f64); 12] = [
    ("millions", 1e6),
    ("million", 1e6),
    ("thousands", 1e3),
    ("thousand", 1e3),
    ("hundreds", 1e2),
    ("hundred", 1e2),
    ("tens", 10.0),
    ("ten", 10.0),
    ("ones", 1.0),
    ("one", 1.0),
    ("units", 1.0),
    ("unit", 1.0),
];

/// `2 thousands, 7 hundreds, 5 tens and 0 units`, `5 in the thousands place, 1 in the
/// hundreds place, 0 in the tens, 0 in the ones`, `the thousands digit is 5, the hundreds
/// digit 1`, `5 (thousands) 1 (hundreds)`: two places or more, each once, one of them named
/// as a place or below a hundred (`2 thousands 7 hundreds` is the number in words).
fn places(t: &[Tok<'_>], hit: &mut impl FnMut(f64)) {
    const NAMES: [&str; 5] = ["place", "places", "column", "digit", "position"];
    let mut sum = 0.0;
    let mut seen = 0u8;
    let mut count = 0;
    let mut placed = false;
    for (k, x) in t.iter().enumerate() {
        // Every cue below is a word: a number or a mark opens nothing.
        if !x.word {
            continue;
        }
        let Some(&(w, f)) = PLACES.iter().find(|(w, _)| x.is(&[w])) else {
            continue;
        };
        let named = is(t, k + 1, &NAMES);
        let back = |b: usize| k.checked_sub(b);
        // The digit before: `5 tens`, `5 (tens)`, `5 in the tens`, `5 at the tens place`.
        let before = back(1)
            .and_then(|p| num(t, p))
            .map(|n| (n, false))
            .or_else(|| {
                let p = back(1)?;
                t.get(p)?.punct(b"(").then_some(())?;
                Some((num(t, p.checked_sub(1)?)?, true))
            })
            .or_else(|| {
                let p = back(1)?;
                is(t, p, &["the"]).then_some(())?;
                is(t, p.checked_sub(1)?, &["in", "at"]).then_some(())?;
                Some((num(t, p.checked_sub(2)?)?, true))
            });
        // Or after a named place: `the thousands digit is 5`, `thousands place: 5`.
        let after = || {
            if !named {
                return None;
            }
            let mut a = k + 2;
            while t
                .get(a)
                .is_some_and(|y| y.is(&["is", "of", "holds", "has"]) || y.punct(b":=-"))
            {
                a += 1;
            }
            num(t, a)
        };
        let Some((n, marked)) = before.or_else(|| after().map(|n| (n, true))) else {
            continue;
        };
        // `1 hundred` and `1 one` alone are words; singular places count only when named.
        let plural = w.ends_with('s');
        if !plural && !named && !marked {
            continue;
        }
        let bit = 1u8 << (f.log10() as u32).min(7);
        if seen & bit != 0 {
            return;
        }
        seen |= bit;
        count += 1;
        placed |= named || marked || (plural && f < 100.0);
        sum += n * f;
    }
    if count >= 2 && placed {
        hit(sum);
    }
}

/// `51 and 00, glued`, `27 and 50 joined`, `concatenate 51 and 00`, `51, 00 side by side`:
/// the two numbers nearest a joining word, in their order.
fn joins(t: &[Tok<'_>], hit: &mut impl FnMut(f64)) {
    for (k, x) in t.iter().enumerate() {
        // Every cue below is a word: a number or a mark opens nothing.
        if !x.word {
            continue;
        }
        let cue = x.starts(&["glue", "join", "concat", "stuck", "merg", "combin"])
            || (x.is(&["side", "back"]) && is(t, k + 1, &["by", "to"]))
            // `put 51 and 00 together`: `together` only with a verb of putting.
            || (x.is(&["together"])
                && t.iter().any(|y| {
                    y.starts(&["put", "stick", "writ", "place", "smush", "mash", "squash", "read"])
                }));
        // `the pair (51, 00)`: only what follows the word.
        let forward_only = x.is(&["pair"]) && !is(t, k + 1, &["of"]);
        if !cue && !forward_only {
            continue;
        }
        let pair = |xs: &mut dyn Iterator<Item = &Tok<'_>>| -> Option<(String, usize)> {
            let a = xs.next()?;
            let b = xs.next()?;
            if !(a.plain && b.plain) {
                return None;
            }
            Some((format!("{}{}", a.text, b.text), b.text.len()))
        };
        let before: Vec<&Tok<'_>> = t
            .get(..k)
            .unwrap_or(&[])
            .iter()
            .rev()
            .filter(|y| y.num.is_some())
            .take(2)
            .collect();
        let after = t
            .get(k + 1..)
            .unwrap_or(&[])
            .iter()
            .filter(|y| y.num.is_some());
        let mut rev = before
            .into_iter()
            .rev()
            .take(if forward_only { 0 } else { 2 });
        let mut fwd = after;
        for (joined, second) in [pair(&mut rev), pair(&mut fwd)].into_iter().flatten() {
            if second >= 2 {
                if let Ok(v) = joined.parse::<f64>() {
                    hit(v);
                }
            }
        }
    }
}

/// Words for the digit zero in a run of digits (`51-oh-oh`, `5 1 none none`).
const ZEROS: [&str; 13] = [
    "zero", "oh", "o", "none", "nought", "naught", "nil", "null", "zilch", "nada", "ought",
    "aught", "nothing",
];

/// Words that join the items of a run of digits (`5, 1, then a 0`).
const FILLERS: [&str; 11] = [
    "then", "and", "a", "an", "followed", "by", "after", "that", "next", "finally", "lastly",
];

/// One item of a run of digits at `j`: its digits and the token after it. `n_zeros`,
/// `pair of zeros`, `double zero` are several zeros; a single digit may count a noun or two
/// (`5 apples`, `1 ripe banana`).
fn digit_item<'a>(t: &[Tok<'a>], j: usize) -> Option<(&'a str, usize, bool)> {
    const ZERO_RUNS: [&str; 5] = ["0", "00", "000", "0000", "00000"];
    let x = t.get(j)?;
    // Every word read below has at most seven letters (`nothing`), and a token that is neither
    // a word nor a plain number is no item: both end a run at once.
    if !(x.plain || (x.word && x.text.len() <= 7)) {
        return None;
    }
    let plural = |k: usize| is(t, k, &["zeros", "zeroes", "ohs", "noughts", "naughts"]);
    if x.is(&["pair", "couple"]) && is(t, j + 1, &["of"]) && plural(j + 2) {
        return Some(("00", j + 3, true));
    }
    if x.is(&["double"]) && t.get(j + 1).is_some_and(|y| y.is(&ZEROS)) {
        return Some(("00", j + 2, true));
    }
    if x.is(&["triple"]) && t.get(j + 1).is_some_and(|y| y.is(&ZEROS)) {
        return Some(("000", j + 2, true));
    }
    if x.is(&ZEROS) {
        return Some(("0", j + 1, true));
    }
    // A digit word (`five, one, then a pair of zeros` as written: the second reading joins
    // `one … zeros` into `100`).
    const DIGITS: [&str; 9] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    const DIGIT_TEXT: [&str; 9] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
    let word_digit = DIGITS
        .iter()
        .position(|d| x.is(&[d]))
        .and_then(|i| DIGIT_TEXT.get(i).copied());
    if !x.plain && word_digit.is_none() {
        return None;
    }
    if plural(j + 1) {
        let n = word_digit.unwrap_or(x.text).parse::<usize>().ok()?;
        return Some((ZERO_RUNS.get(n.checked_sub(1)?)?, j + 2, true));
    }
    let text = word_digit.unwrap_or(x.text);
    if text.len() > 1 {
        // A group (`51` in `51-oh-oh`): only beside a zero word, checked by the caller.
        return (text.len() <= 4).then_some((text, j + 1, false));
    }
    let mut next = j + 1;
    for _ in 0..2 {
        if t.get(next)
            .is_some_and(|y| y.word && !y.is(&FILLERS) && !y.is(&ZEROS) && !plural(next))
        {
            next += 1;
        }
    }
    Some((text, next, false))
}

/// Digits one by one with words between: `5 apples, 1 banana, 0 cherries, 0 dates`, `51-oh-oh`,
/// `5, 1, then a pair of zeros`, `2 7 5 and a zero` (number words arrive as digits from
/// `readings.rs`). Three items or more; a group of several digits only in a run with a zero
/// word.
fn digit_lists(t: &[Tok<'_>], hit: &mut impl FnMut(f64)) {
    let mut k = 0;
    while k < t.len() {
        let mut digits = [0u8; 16];
        let mut len = 0;
        let mut items = 0;
        let (mut group, mut zero_word) = (false, false);
        let mut j = k;
        let mut end = k;
        while let Some((d, next, zero)) = digit_item(t, j) {
            let Some(slot) = digits.get_mut(len..len + d.len()) else {
                break;
            };
            slot.copy_from_slice(d.as_bytes());
            len += d.len();
            items += 1;
            group |= d.len() > 1 && !zero;
            zero_word |= zero;
            end = next;
            j = next;
            while t.get(j).is_some_and(|x| x.punct(b",;-") || x.is(&FILLERS)) {
                j += 1;
            }
        }
        if items >= 3 && len >= 3 && (!group || zero_word) {
            let v = digits
                .get(..len)
                .and_then(|d| std::str::from_utf8(d).ok())
                .and_then(|d| d.parse::<f64>().ok());
            if let Some(v) = v {
                hit(v);
            }
        }
        k = end.max(k + 1);
    }
}

/// Chains over several sentences, lines or numbered steps.
mod chains;

/// The golden dump of this module's, `code.rs`'s and `splits.rs`'s outputs (native only: it
/// reads the differential harness).
#[cfg(all(test, not(target_arch = "wasm32")))]
mod golden;

#[cfg(test)]
mod tests {
    use super::*;

    fn states(text: &str, target: f64) -> bool {
        let mut hits = Hits::new(1, 0);
        scan(&NumTargets::single(target), text, &mut hits);
        chains(&NumTargets::single(target), text, &mut hits);
        hits.any()
    }

    #[test]
    fn words_state() {
        for (t, v) in [
            ("2550 twice", 5100.0),
            ("1375 thrice", 4125.0),
            ("1700 3 times", 5100.0),
            ("2 partitions of 2550 each", 5100.0),
            ("2550 per partition on 2 partitions", 5100.0),
            ("1375 on each of 2 partitions", 2750.0),
            ("20400 shared by 4 consumers", 5100.0),
            ("11000 divided evenly among 4 consumers", 2750.0),
            ("4 consumers share 20400", 5100.0),
            ("p0=1700 p1=1700 p2=1700; sum them", 5100.0),
            (
                "partition 0 lag 2550, partition 1 lag 2550; total = the sum",
                5100.0,
            ),
            ("add up 916, 916 and 918", 2750.0),
            ("not 5000, not 5200, exactly in between", 5100.0),
            ("2650 and 2850: halfway", 2750.0),
            ("5100000 millimessages", 5100.0),
            ("5.1 kilo-messages", 5100.0),
            ("2 thousands, 7 hundreds, 5 tens and 0 units", 2750.0),
            (
                "5 in the thousands place, 1 in the hundreds place, 0 in the tens, 0 in the ones",
                5100.0,
            ),
            ("51 and 00, glued", 5100.0),
            ("concatenate 27 and 50", 2750.0),
            ("27, 50 side by side", 2750.0),
            ("the pair (51, 00)", 5100.0),
            ("put 27 and 50 together", 2750.0),
            ("2550 and the same again", 5100.0),
            ("2550 + the same again", 5100.0),
            ("2550 2-fold", 5100.0),
            ("twice as much as 2550", 5100.0),
            ("1 fifth of 25500", 5100.0),
            ("3 batches of 1700 in total", 5100.0),
            ("1700 repeated 3 times", 5100.0),
            ("20400 among 4 consumers", 5100.0),
            ("the middle of 5000 and 5200", 5100.0),
            (
                "the thousands digit is 5, the hundreds digit 1, and the rest zeros",
                5100.0,
            ),
            ("5 (thousands) 1 (hundreds) 0 (tens) 0 (ones)", 5100.0),
            ("5 apples, 1 banana, 0 cherries, 0 dates", 5100.0),
            ("51-oh-oh", 5100.0),
            ("5 1 none none", 5100.0),
            ("5, 1, then a pair of zeros", 5100.0),
            ("2 7 5 and a zero", 2750.0),
            ("2, 7, 5, then a 0", 2750.0),
            ("five, one, then a pair of zeros", 5100.0),
            ("two, seven, five, then a zero", 2750.0),
            ("3-fifths of 8500", 5100.0),
            ("take 51 and multiply by 100", 5100.0),
            ("multiply 51 by 100", 5100.0),
            ("27, multiplied by 100", 2700.0),
        ] {
            assert!(states(t, v), "{t:?}");
        }
    }

    #[test]
    fn near_misses() {
        for (t, v) in [
            ("retried twice in 5 minutes", 10.0),
            ("3 replicas on 2 nodes", 6.0),
            ("between 10:00 and 11:00", 1050.0),
            ("sum of errors: 12", 12.5),
            ("LAG2550 twice", 5100.0),
            ("120 per second for 10 seconds", 1200.0),
            ("5100000 milliseconds", 5100.0),
            ("3 units", 3.0),
            ("joined 2 consumers to group 5", 25.0),
            ("ports 8080, 9090 and 9092 together", 8080.0),
            ("2 brokers and 50 partitions together", 250.0),
            ("5 3 times a day", 15.0),
            ("multiply 3 by 4", 7.0),
            ("append 2 lines to 51", 5100.0),
            ("51 followed by 2 errors", 5100.0),
            ("pad with 2 spaces", 200.0),
            ("add 2 zeros; the timeout is 30", 3000.0),
            ("a pair of 2 brokers, 50 partitions", 250.0),
            ("HTTP 200, 201 and 503", 200201503.0),
            ("step 1 then step 2 then step 3", 123.0),
            ("5 thousand 1 hundred", 5100.0),
            ("2 of 3 brokers", 6.0),
            ("the middle of the night", 0.0),
        ] {
            assert!(!states(t, v), "{t:?}");
        }
    }

    #[test]
    fn instructions_and_chains_state() {
        for (t, v) in [
            ("subtract 50 from 5150", 5100.0),
            ("take away 50 from 5150", 5100.0),
            ("deduct 50 from 5150 requests", 5100.0),
            ("50 short of 5150", 5100.0),
            ("5150 reduced by 50", 5100.0),
            ("5150 decreased by 50", 5100.0),
            ("divide 10200 by 2", 5100.0),
            ("divide 10200 by 2.5", 4080.0),
            ("15300 over 3", 5100.0),
            ("split 10200 in 2", 5100.0),
            ("split 10200 in half", 5100.0),
            ("increase 5000 by 100", 5100.0),
            ("5000 increased by 100", 5100.0),
            ("raise 5000 by 100", 5100.0),
            ("add 100 to 5000", 5100.0),
            ("5000 and another 100", 5100.0),
            ("double 1375", 2750.0),
            ("multiply 27 by 100, then add 50", 2750.0),
            ("multiply 27 by 100 and add 50", 2750.0),
            ("take 51, multiply by 100", 5100.0),
            ("start at 50, add 5050", 5100.0),
            ("start with 5000 and add 100", 5100.0),
            ("take 27, times 100, plus 50", 2750.0),
            ("double 1375, then double again", 5500.0),
            (
                "take 25, double it, multiply the result by 100, then add 100",
                5100.0,
            ),
            ("take 5200 and subtract 100 from it", 5100.0),
            ("take 2700, and then add another 50", 2750.0),
            ("27 apples, multiplied by 100", 2700.0),
            // Every value of the chain: the first step is the target here.
            ("take 2550, double it, then add 7", 5100.0),
            ("The lag doubled from 2550.", 5100.0),
            ("Lag has doubled since it was 2,550.", 5100.0),
            ("lag dropped 900 messages from 6,000", 5100.0),
            ("lag went down by 100 from 5200", 5100.0),
            ("Lag is now 3x the 1700 we saw at 9:00.", 5100.0),
            (
                "lag was 5000, and it has grown by exactly 100 since",
                5100.0,
            ),
            ("lag is the largest integer below 5101", 5100.0),
            ("the next whole number after 5099", 5100.0),
            ("the lag is 5099's successor", 5100.0),
            ("increment 5099", 5100.0),
            ("5099 incremented by 1", 5100.0),
            ("lag = ++5099", 5100.0),
            ("10 above 5090", 5100.0),
            ("round 5099.5 up", 5100.0),
            ("ceil(5099.2)", 5100.0),
            ("the floor of 5100.7", 5100.0),
            ("mean(5000, 5200)", 5100.0),
        ] {
            assert!(states(t, v), "{t:?}");
        }
    }

    #[test]
    fn instructions_near_misses() {
        for (t, v) in [
            ("retried 3 times in 5 minutes", 15.0),
            ("increase replicas from 3 to 5", 8.0),
            ("increase replicas from 3 to 5", 2.0),
            ("divide the work by 2 workers", 1.0),
            ("5150 messages, reduced by 50 % since noon", 5100.0),
            ("5150 messages, reduced by 50 % since noon", 2575.0),
            ("raise the limit by 100", 100.0),
            ("subtract the offset from the end", 1.0),
            ("version 2 over 3 nodes", 2.0 / 3.0),
            ("15300 over 3 nodes", 5100.0),
            ("from 4900-5000 and another 100", 5100.0),
            ("5 over 0", 5.0),
            ("take 1, 2 and 3", 6.0),
            ("subtract 5 from 10 from 20", 15.0),
            ("lag grew by 100 from 4000", 5100.0),
            ("CPU fell by 5% from 60%", 55.0),
            ("10 below zero", 10.0),
            ("latency under 5110 ms", 5109.0),
            ("retries incremented", 1.0),
            ("it fell 5 from there", 5.0),
            ("C++ 5099", 5100.0),
            ("5099.0 rounded up", 5100.0),
            (
                "take 5, 1, 2, 3, 4, 5, add 1, add 1, add 1, add 1, add 1, add 1, add 1",
                12.0,
            ),
        ] {
            assert!(!states(t, v), "{t:?}");
        }
    }
}
