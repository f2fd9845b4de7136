//! Second readings of a text, for values a learner has the model spread over words (a stretch
//! rule, `Rules::second_readings`). The number rules read `five thousand one hundred`, `1700 *
//! 3` and `5, 1, 0, 0`; a learner who asks for "the working in words" gets `three times 1700`,
//! `fifty-one times a hundred`, `three thousand plus two thousand one hundred`, `2550 doubled`,
//! `five one double zero`, `"51" + "00"`, `51 followed by 00` or the whole sentence written
//! backwards (`derdnuh eno dnasuoht evif`). This module owns those: it writes the text again
//! with
//! - every run of English number words as digits (`three` → `3`, `fifty-one` → `51`, `a
//!   hundred` → `100`, `ten thousand two hundred` → `10200`), digit words one after another as
//!   single digits (`five one zero zero` → `5 1 0 0`), `oh` inside such a run as `0`, `double
//!   X` / `triple X` as the digit twice / three times;
//! - `N doubled`, `N tripled`, `N halved`, `N squared`, `N cubed`, `N x2` as `N * 2`, `N * 3`,
//!   `N / 2`, `N ^ 2`, `N ^ 3`, `N * 2`; `N to the power of M` and `N raised to the M` as `N ^
//!   M`, and `10 to the third` (`3rd`, `fourth` … `ninth`, after a ten only) as `10 ^ 3`; `kilo`
//!   and `grand` after a number as `thousand`;
//! - digit groups joined by quotes and `+` (`"51" + "00"`) or by a joining phrase (`followed
//!   by`, `then`, `and then`, `concatenated with`, `joined with`, `appended with`) glued into
//!   one run (`5100`); zeros appended in prose (`275 with a trailing zero`, `take 51 and
//!   append 00`) as such a join, and an amount added on across a break (`five thousand, plus
//!   another hundred`, `5000 and change — the change being 100`) as `A + B`
//!   (`readings/appended.rs`);
//! - relations as their arithmetic: `A more than B`, `A less than B`, `between A and B` with
//!   one integer between, `the sum of`, `A% of B` (`percent`, `per cent`, `pct`, `A % of B`;
//!   `B` may be `10k`), `A shy of B`; and the puzzle relations of
//!   `readings/puzzles.rs` (`the integer right after 5099`, `halfway between 5000 and 5200`,
//!   `avg of 4900 and 5300`, `10200 split in two`, `the smallest multiple of 50 above 5060`);
//!
//! and, when the text holds a number word written backwards (`dnasuoht`, `derdnuh`, `evif`…),
//! the text reversed character by character. The matcher scans each reading with its usual
//! rules, so every control those rules have (boundaries, dates, ranges) applies as before.
//!
//! # False-positive controls
//!
//! A reading only changes spelling: `three` and `3` are one number, so a reading states a
//! target only where the words did (the arithmetic, one-by-one and approximation rules apply
//! to it as to digits). Joins need an explicit joining phrase or quoted operands: `5 pods and
//! 100 restarts` is not `5100`. A reversed reading is taken only when a reversed number word
//! is present, which ordinary text never has.
//!
//! # Cost
//!
//! A text with no number word, operator word or joining phrase is not rewritten (one pass of
//! a shared Aho-Corasick automaton decides). A rewrite is one linear pass.
use super::words::{TEENS, TENS, UNITS};

// The differential harness is a native dev-dependency (the guard's tests also run in wasm).
mod appended;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod golden;
mod measures;
mod mixed;
pub(crate) mod numerals;
mod puzzles;
use aho_corasick::{AhoCorasick, MatchKind};
use std::sync::OnceLock;

/// The readings of `s` (already normalised) that differ from it: at most three strings.
pub(crate) fn readings(s: &str) -> Vec<String> {
    let mut out = if memchr::memchr2(b'(', b'[', s.as_bytes()).is_some() {
        super::labels::readings(s)
    } else {
        Vec::new()
    };
    // The lone letters, for the one-letter triggers and the spaced-letter runs.
    let lone = lone_letters(s.as_bytes());
    let Some((forward, backward)) = trigger_hits(s, &lone) else {
        return out;
    };
    if !forward.is_empty() {
        if let Some(r) = rewrite_lines(s, &forward) {
            out.push(r);
        }
    }
    if backward {
        let rev: String = s.chars().rev().collect();
        let r = rewrite(&rev);
        if r != rev {
            out.push(r);
        }
        out.push(rev);
    }
    // Number words broken up: one per line, between bars, or letter by letter.
    for v in [word_lines(s), spaced_letters(s, &lone)]
        .into_iter()
        .flatten()
    {
        let r = rewrite(&v);
        if r != v {
            out.push(r);
        }
    }
    out
}

/// The text with number words that stand one per line (`five` / `thousand` / `one` /
/// `hundred`) or between bars and slashes (`five | thousand | one | hundred`) put on one line
/// with spaces; `None` when there are none. Only short lines without digits are looked at.
fn word_lines(s: &str) -> Option<String> {
    // First without copying: is there a run to join at all (most texts have none)?
    let mut prev = false;
    let mut any = false;
    for l in s.split('\n') {
        let n = number_words(l).is_some_and(|mut ws| ws.next().is_some());
        if n && (prev || l.contains(['|', '/', ';'])) {
            any = true;
            break;
        }
        prev = n;
    }
    if !any {
        return None;
    }
    let lines: Vec<&str> = s.split('\n').collect();
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut changed = false;
    let mut k = 0;
    while k < lines.len() {
        let mut run: Vec<&str> = Vec::new();
        let mut j = k;
        while let Some(ws) = lines
            .get(j)
            .and_then(|l| number_words(l))
            .map(Iterator::collect::<Vec<&str>>)
            .filter(|ws| !ws.is_empty())
        {
            run.extend(ws);
            j += 1;
        }
        let separated = j == k + 1 && lines.get(k).is_some_and(|l| l.contains(['|', '/', ';']));
        if run.len() >= 2 && (j > k + 1 || separated) {
            out.push(run.join(" "));
            changed = true;
            k = j;
        } else {
            out.push(lines.get(k).copied().unwrap_or("").to_string());
            k += 1;
        }
    }
    changed.then(|| out.join("\n"))
}

/// The words of a short line without digits when every one is a number word (or `and`,
/// `a`), split at spaces, bars, slashes, semicolons, commas and hyphens; `None` otherwise.
fn number_words(l: &str) -> Option<impl Iterator<Item = &str>> {
    if l.len() > 48 || l.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let words = || {
        l.split(|c: char| c.is_whitespace() || matches!(c, '|' | '/' | ';' | ',' | '-'))
            .map(|w| w.trim_matches(|c: char| !c.is_alphabetic()))
            .filter(|w| !w.is_empty())
    };
    let all = words()
        .all(|w| word(w).is_some() || w.eq_ignore_ascii_case("and") || w.eq_ignore_ascii_case("a"));
    all.then(words)
}

/// The text with runs of four or more single letters between single spaces (or `-`, `.`, `_`,
/// line breaks) written as one word, a double space as the word break (`f i v e  t h o u s a n
/// d` → `five thousand`, `f-i-v-e t-h-o-u-s-a-n-d`, one letter a line,
/// `F I V E T H O U S A N D` → `FIVETHOUSAND`, which the glued-words reading splits);
/// `None` when there is no such run.
/// `lone`: the offsets of [`lone_letters`] in `s`.
fn spaced_letters(s: &str, lone: &[usize]) -> Option<String> {
    let b = s.as_bytes();
    let single = |i: usize| {
        b.get(i).is_some_and(u8::is_ascii_alphabetic)
            && !(i > 0 && b.get(i - 1).is_some_and(u8::is_ascii_alphabetic))
            && !b.get(i + 1).is_some_and(u8::is_ascii_alphabetic)
    };
    let mut out = String::new();
    let mut copied = 0;
    let mut i = 0;
    // One buffer for every run's letters (most runs are one letter: `a`, `I`).
    let mut letters = String::new();
    // The single letters are the lone ones; a run starts only at one of them.
    let mut starts = lone.iter().copied().peekable();
    loop {
        while starts.next_if(|&p| p < i).is_some() {}
        let Some(&p) = starts.peek() else { break };
        i = p;
        // Letters at i, i+2, i+4 … joined by one separator (the run's first: a space, `-`,
        // `.`, `_` or a line break); two spaces, the separator doubled, or a space between
        // non-space separators is a word break inside the run.
        let sep = b
            .get(i + 1)
            .copied()
            .filter(|c| matches!(c, b' ' | b'-' | b'.' | b'_' | b'\n'));
        letters.clear();
        let mut count = 0;
        let mut j = i;
        let mut end = i;
        while single(j) {
            letters.push(char::from(b[j]));
            count += 1;
            end = j + 1;
            let Some(sep) = sep else { break };
            if b.get(j + 1) == Some(&sep) && single(j + 2) {
                j += 2;
            } else if single(j + 3)
                && (b.get(j + 1..j + 3) == Some(b"  ") || b.get(j + 1..j + 3) == Some(&[sep, sep]))
            {
                letters.push(' ');
                j += 3;
            } else if single(j + 4) && b.get(j + 1..j + 4) == Some(b"   ") {
                // Three spaces between words, as a spaced-out cipher text writes them.
                letters.push(' ');
                j += 4;
            } else if sep != b' ' && b.get(j + 1) == Some(&b' ') && single(j + 2) {
                letters.push(' ');
                j += 2;
            } else {
                break;
            }
        }
        if count >= 4 {
            out.push_str(s.get(copied..i).unwrap_or(""));
            out.push_str(&letters);
            copied = end;
        }
        i = end.max(i + 1);
    }
    if copied == 0 {
        return None;
    }
    out.push_str(s.get(copied..).unwrap_or(""));
    Some(out)
}

/// The text with each run of four or more spaced letters joined into words (`S V I R   G U B
/// H F N A Q` is `SVIR GUBHFNAQ`), unread: for the letter games read on top (`stacked.rs`).
/// `None` when there is none.
pub(crate) fn spaced_words(s: &str) -> Option<String> {
    spaced_letters(s, &lone_letters(s.as_bytes()))
}

/// Where `s` holds a forward trigger (offsets, ascending), and whether it holds a backward one.
/// `lone`: the offsets of [`lone_letters`] in `s`.
fn trigger_hits(s: &str, lone: &[usize]) -> Option<(Vec<usize>, bool)> {
    let ac = triggers()?;
    let mut forward: Vec<usize> = Vec::new();
    let mut backward = false;
    let b = s.as_bytes();
    let mut glued_checked = usize::MAX;
    for m in ac.find_iter(s) {
        // Whole words only (`someone` holds no number); the operators need no boundary.
        let letter = |i: Option<&u8>| i.is_some_and(|c| c.is_ascii_alphabetic());
        let word = b.get(m.start()).is_some_and(u8::is_ascii_alphabetic);
        if word
            && (letter(m.start().checked_sub(1).and_then(|i| b.get(i))) || letter(b.get(m.end())))
        {
            // Unless the whole run of letters is number words glued (`fivethousandonehundred`).
            let mut a = m.start();
            while a > 0 && letter(b.get(a - 1)) {
                a -= 1;
            }
            if a != glued_checked {
                glued_checked = a;
                let mut e = m.end();
                while letter(b.get(e)) {
                    e += 1;
                }
                if s.get(a..e).and_then(glued_number_words).is_some() {
                    forward.push(a);
                }
            }
            continue;
        }
        if m.pattern().as_usize() < FORWARD.len() {
            forward.push(m.start());
        } else {
            backward = true;
        }
    }
    // The one-letter words (`o` for zero, `x` for times) stand alone; looked up byte by byte
    // rather than in the automaton, where every `o` inside a word would be a match to reject.
    let before = forward.len();
    forward.extend(lone.iter().copied().filter(|&i| {
        b.get(i)
            .is_some_and(|c| matches!(c.to_ascii_lowercase(), b'o' | b'x'))
    }));
    // Mixed forms anchored after digits (`5 thou 100`, `51x100`, `100 over 5k`).
    let mixed = mixed::hits(s, &forward);
    forward.extend(mixed);
    if forward.len() > before {
        forward.sort_unstable();
        forward.dedup();
    }
    Some((forward, backward))
}

/// Offsets of the ASCII letters with no ASCII letter on either side (`x`, `o`, the `f` of `f i
/// v e`), ascending. One pass that skips words whole: most bytes are inside longer words.
fn lone_letters(b: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(rest) = b.get(i..) {
        // The next word, then its length (a slice search each: tight loops).
        let Some(p) = rest.iter().position(u8::is_ascii_alphabetic) else {
            break;
        };
        i += p;
        let word = rest.get(p..).unwrap_or_default();
        let len = word
            .iter()
            .position(|c| !c.is_ascii_alphabetic())
            .unwrap_or(word.len());
        if len == 1 {
            out.push(i);
        }
        i += len;
    }
    out
}

/// The forward reading of the lines of `s` that hold a trigger (`at`: trigger offsets,
/// ascending), as [`changed_lines`] would give it for the whole text rewritten: a line without
/// a trigger is never changed by [`rewrite`] (word runs, joins and relations stop at a line
/// break; a test checks the equivalence) but for a dropped unary minus, which adds nothing
/// the first reading lacks, so only trigger lines are tokenised. `None` when no line changes.
fn rewrite_lines(s: &str, at: &[usize]) -> Option<String> {
    let b = s.as_bytes();
    let starts: Vec<usize> = std::iter::once(0)
        .chain(memchr::memchr_iter(b'\n', b).map(|i| i + 1))
        .collect();
    let line = |k: usize| {
        let end = starts.get(k + 1).map_or(s.len(), |e| e - 1);
        s.get(starts.get(k).copied().unwrap_or(0)..end)
            .unwrap_or("")
    };
    // Each trigger line once, with its reading when that differs from the line.
    let mut read: Vec<(usize, Option<String>)> = Vec::new();
    for &p in at {
        let k = starts.partition_point(|&st| st <= p).saturating_sub(1);
        if read.last().is_some_and(|(c, _)| *c == k) {
            continue;
        }
        let l = line(k);
        let r = rewrite(l);
        if r.contains('\n') {
            // Not expected (a rewrite keeps line breaks); the whole-text reading then.
            let whole = rewrite(s);
            return (whole != s).then(|| changed_lines(s, &whole));
        }
        read.push((k, (r != l).then_some(r)));
    }
    let changed: Vec<(usize, String)> = read
        .into_iter()
        .filter_map(|(k, r)| Some((k, r?)))
        .collect();
    if changed.is_empty() {
        return None;
    }
    let mut next = changed.iter().peekable();
    let shown: Vec<&str> = (0..starts.len())
        .map(|k| match next.next_if(|(c, _)| *c == k) {
            Some((_, r)) => r.as_str(),
            None => line(k),
        })
        .collect();
    let at = |k: usize| shown.get(k).copied().unwrap_or("");
    let keep = super::views::keep_around(shown.len(), changed.iter().map(|(k, _)| *k), 1, at);
    Some(super::views::join_kept(&keep, at))
}

/// The lines of `r` that differ from `s`, each with the line before and after it (a rewrite
/// never adds or removes a line break: word runs, joins and relations stop at one). Only
/// these need a second scan; the rest was read as it stands.
fn changed_lines(s: &str, r: &str) -> String {
    super::views::changed_lines(s, r, 1)
}

/// Words whose presence makes a forward rewrite worthwhile (ASCII case-insensitive, whole
/// words), then the quoted-concatenation operators; the one-letter words `o` and `x` are
/// looked for apart (`trigger_hits`).
#[rustfmt::skip]
const FORWARD: &[&str] = &[
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    "hundred", "thousand", "million", "billion", "doubled", "tripled", "halved", "squared",
    "kilo", "grand", "followed", "then", "concatenated", "joined", "appended", "point",
    "concatenate", "concatenating", "join", "joining", "append", "oh", "nought", "naught",
    "sum", "product", "percent", "% of", "shy", "less", "lots", "zeros", "zeroes", "noughts",
    "batches of", "groups of", "blocks of", "sets of", "bundles of", "chunks of", "packs of",
    "packets of", "rounds of", "crates of", "boxes of", "piles of", "stacks of", "bags of",
    "pages of", "waves of", "bursts of",
    "nada", "zilch", "ought", "aught", "another", "change being", "to that", "padded", "tacked",
    "more", "on top", "an extra", "a further", "exceeds", "surpasses", "tops", "beats",
    "overshoots", "trails", "undercuts", "undershoots", "short of",
    "shifted",
    "per cent", "pct", "cubed", "to the power", "raised to", "to the second", "to the third",
    "to the fourth", "to the fifth", "to the sixth", "to the seventh", "to the eighth",
    "to the ninth", "to the 2nd", "to the 3rd", "to the 4th", "to the 5th", "to the 6th",
    "to the 7th", "to the 8th", "to the 9th",
    "more than", "less than", "fewer than", "between",
    "successor", "predecessor", "halfway", "midway", "midpoint", "avg", "average", "mean",
    "split", "divided", "cut", "multiple", "integer right", "integer just", "integer after",
    "integer before", "integer immediately", "integer directly", "integer following",
    "integer preceding", "number right", "number just", "number after", "number before",
    "number immediately", "number directly", "number following", "number preceding",
    "\" +", "\"+", "' +", "'+", ", plus", ", times", ", minus", ", multiplied", ", divided",
    "0 - ", "1 - ", "2 - ", "3 - ", "4 - ", "5 - ", "6 - ", "7 - ", "8 - ", "9 - ", "\u{d7} -",
    "* -",
    " ++ ", "\"++", " || ", "\"||", "\u{2016}", " <> ", "\"<>", " .. ", "\"..", "concat", "\" .",
    "\".\"", "\" &", "\"&", "\" ~", "\"~", "' .", "'.'", "' &", "'&",
];
/// Number words written backwards.
const BACKWARD: &[&str] = &[
    "orez", "owt", "eerht", "ruof", "evif", "neves", "thgie", "enin", "derdnuh", "dnasuoht",
    "noillim", "ytnewt", "ytriht", "ytrof", "ytfif", "ytxis", "ytneves", "ythgie", "ytenin",
    "neetrif", "neetxis", "nevele", "evlewt",
];

fn triggers() -> Option<&'static AhoCorasick> {
    static AC: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    AC.get_or_init(|| {
        let pats: Vec<&str> = FORWARD.iter().chain(BACKWARD.iter()).copied().collect();
        crate::matcher::dfa_builder()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::LeftmostLongest)
            .build(pats)
            .ok()
    })
    .as_ref()
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Word {
    /// zero..nine
    Unit(u64),
    /// ten..nineteen
    Teen(u64),
    /// twenty..ninety
    Tens(u64),
    Hundred,
    /// thousand, million, billion
    Scale(u64),
}

/// Slang and radio spellings of number words.
const SLANG: &[(&str, &str)] = &[
    ("fiddy", "fifty"),
    ("fitty", "fifty"),
    ("hunnerd", "hundred"),
    ("hunned", "hundred"),
    ("wun", "one"),
    ("fife", "five"),
    ("niner", "nine"),
    ("tree", "three"),
    ("fower", "four"),
    ("fyve", "five"),
    ("phive", "five"),
    ("thou", "thousand"),
    ("tousand", "thousand"),
    // A dropped final letter of a short word (`fiv thousand`): three letters, below the
    // typo search.
    ("fiv", "five"),
];

/// English words one edit from a number word, never read as one.
const NOT_MISSPELT: &[&str] = &[
    "there",
    "these",
    "even",
    "seen",
    "weight",
    "weighty",
    "height",
    "eighth",
    "thirsty",
    "fifth",
    "sixth",
    "ninth",
    "tenth",
    "fourth",
    "forth",
    "fort",
    "forte",
    "sever",
    "thee",
    "twelfth",
    "eleventh",
    "hundredth",
    "thousandth",
    "millionth",
    "tens",
    "teen",
    "teens",
];

/// Token `j` as a misspelt number word (`fiev`, `thousnad`, `hundered`, `tventy`, `fiddy`),
/// read only beside a correctly written one (`fiev thousand`, `five thousnad`): one
/// transposition or dropped letter for the short words, any one edit from six letters.
fn misspelled(toks: &[Tok<'_>], j: usize) -> Option<Word> {
    let t = toks.get(j).filter(|t| t.kind == Kind::Letters)?;
    if t.text.len() < 3 || t.text.len() > 10 {
        return None;
    }
    // The neighbour first: it settles most words without the lowercase copy and the typo
    // search (this runs on every first word of a run on a trigger line).
    // A radio spelling's neighbour may be one too (`fife wun hundred`).
    let exact = |k: usize| {
        toks.get(k).is_some_and(|x| {
            x.kind == Kind::Letters
                && (word(x.text).is_some()
                    || SLANG
                        .iter()
                        .any(|(w, _)| w.as_bytes().eq_ignore_ascii_case(x.text.as_bytes())))
        })
    };
    let joint = |k: usize| toks.get(k).is_some_and(|x| matches!(x.text, " " | "-"));
    if !((j >= 2 && joint(j - 1) && exact(j - 2)) || (joint(j + 1) && exact(j + 2))) {
        return None;
    }
    // Lowercased into a buffer (the word has at most ten bytes), not a new string.
    let mut buf = [0u8; 10];
    for (d, c) in buf.iter_mut().zip(t.text.bytes()) {
        *d = c.to_ascii_lowercase();
    }
    let lw = buf.get(..t.text.len())?;
    let real = match SLANG.iter().find(|(w, _)| w.as_bytes() == lw) {
        Some((_, real)) => *real,
        None => {
            if t.text.len() < 4 || NOT_MISSPELT.iter().any(|n| n.as_bytes() == lw) {
                return None;
            }
            UNITS
                .iter()
                .chain(TEENS.iter())
                .chain(TENS.iter())
                .chain(["hundred", "thousand", "million", "billion"].iter())
                .copied()
                .find(|c| one_typo(lw, c.as_bytes()))?
        }
    };
    word(real)
}

/// Is `w` one typo from the number word `c` (not `c` itself)? Words up to five letters: a
/// swap of two neighbours or one letter dropped (`fiev`, `sevn`); from six letters any one
/// edit (`thousnad`, `hundered`, `tventy`, `thousend`).
fn one_typo(w: &[u8], c: &[u8]) -> bool {
    if w == c {
        return false;
    }
    let swap = w.len() == c.len()
        && (0..w.len().saturating_sub(1)).any(|i| {
            w.get(i) == c.get(i + 1)
                && w.get(i + 1) == c.get(i)
                && w.get(..i) == c.get(..i)
                && w.get(i + 2..) == c.get(i + 2..)
        });
    let dropped = |long: &[u8], short: &[u8]| {
        long.len() == short.len() + 1
            && (0..long.len())
                .any(|i| long.get(..i) == short.get(..i) && long.get(i + 1..) == short.get(i..))
    };
    if swap || dropped(c, w) {
        return true;
    }
    if c.len() < 6 {
        return false;
    }
    let substituted = w.len() == c.len() && w.iter().zip(c).filter(|(a, b)| a != b).count() == 1;
    substituted || dropped(w, c)
}

/// Is token `j` a letter read as zero in a run of digits (`oh`, `o`; not `o'clock`)?
fn zero_letter(toks: &[Tok<'_>], j: usize) -> bool {
    let Some(t) = toks.get(j) else {
        return false;
    };
    let clock = toks.get(j + 1).is_some_and(|n| n.text == "'");
    t.text.eq_ignore_ascii_case("oh") || (t.text.eq_ignore_ascii_case("o") && !clock)
}

fn word(w: &str) -> Option<Word> {
    // No number word is longer than `thousands`; most words are settled by length alone.
    if w.len() < 3 || w.len() > 9 {
        return None;
    }
    let is = |x: &str| w.eq_ignore_ascii_case(x);
    if let Some(i) = UNITS.iter().position(|u| is(u)) {
        return Some(Word::Unit(i as u64));
    }
    // Slang and old words for nothing, read as a digit in a run (`five one nada nada`).
    if is("nought") || is("naught") || is("nada") || is("zilch") || is("ought") || is("aught") {
        return Some(Word::Unit(0));
    }
    if let Some(i) = TEENS.iter().position(|u| is(u)) {
        return Some(Word::Teen(10 + i as u64));
    }
    if let Some(i) = TENS.iter().position(|u| is(u)) {
        return Some(Word::Tens(20 + 10 * i as u64));
    }
    let scale = [
        ("hundred", Word::Hundred),
        ("hundreds", Word::Hundred),
        ("thousand", Word::Scale(1_000)),
        ("thousands", Word::Scale(1_000)),
        ("million", Word::Scale(1_000_000)),
        ("millions", Word::Scale(1_000_000)),
        ("billion", Word::Scale(1_000_000_000)),
        ("billions", Word::Scale(1_000_000_000)),
    ];
    scale.iter().find(|(x, _)| is(x)).map(|(_, v)| *v)
}

/// One token of the text: a word (letters), a digit run, or one other character.
#[derive(Debug, Clone, Copy)]
struct Tok<'a> {
    text: &'a str,
    kind: Kind,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Letters,
    Digits,
    Space,
    Other,
}

/// Token view with the small look-ups every rule over `Tok`s needs (the measures and
/// mixed-numeral readings; each adds its own look-ups in an `impl` of its own).
struct View<'t, 'a> {
    toks: &'t [Tok<'a>],
}

impl<'a> View<'_, 'a> {
    fn get(&self, k: usize) -> Option<&Tok<'a>> {
        self.toks.get(k)
    }
    /// The token's text, or `""` past the end.
    fn text(&self, k: usize) -> &'a str {
        self.get(k).map_or("", |t| t.text)
    }
    /// The token at `k` is `x` in any ASCII case (any kind).
    fn is_text(&self, k: usize, x: &str) -> bool {
        self.get(k).is_some_and(|t| t.text.eq_ignore_ascii_case(x))
    }
    fn kind(&self, k: usize, kind: Kind) -> bool {
        self.get(k).is_some_and(|t| t.kind == kind)
    }
    /// One or two spaces or tabs.
    fn space(&self, k: usize) -> bool {
        self.get(k)
            .is_some_and(|t| t.kind == Kind::Space && t.text.len() <= 2)
    }
    fn digits(&self, k: usize) -> Option<&'a str> {
        self.get(k)
            .filter(|t| t.kind == Kind::Digits)
            .map(|t| t.text)
    }
}

fn tokens(s: &str) -> Vec<Tok<'_>> {
    // Byte by byte with an ASCII fast path (a char decoded only at a non-ASCII byte): the
    // kinds are those of `char::is_alphabetic`, `is_ascii_digit` and `' '`/`'\t'`, which for
    // ASCII are byte tests. A test checks the equivalence with the char-by-char version.
    let b = s.as_bytes();
    let kind_at = |i: usize| -> Option<(Kind, usize)> {
        let c = *b.get(i)?;
        if c < 0x80 {
            let kind = if c.is_ascii_alphabetic() {
                Kind::Letters
            } else if c.is_ascii_digit() {
                Kind::Digits
            } else if c == b' ' || c == b'\t' {
                Kind::Space
            } else {
                Kind::Other
            };
            return Some((kind, 1));
        }
        let ch = s.get(i..)?.chars().next()?;
        let kind = if ch.is_alphabetic() {
            Kind::Letters
        } else {
            Kind::Other
        };
        Some((kind, ch.len_utf8()))
    };
    let mut out = Vec::with_capacity(b.len() / 3 + 4);
    let mut i = 0;
    while let Some((kind, n)) = kind_at(i) {
        let mut end = i + n;
        if kind != Kind::Other {
            while let Some((k, m)) = kind_at(end) {
                if k != kind {
                    break;
                }
                end += m;
            }
        }
        if let Some(text) = s.get(i..end) {
            out.push(Tok { text, kind });
        }
        i = end;
    }
    out
}

/// The char-by-char tokeniser [`tokens`] replaced, kept to check it.
#[cfg(test)]
fn tokens_reference(s: &str) -> Vec<Tok<'_>> {
    let mut out = Vec::new();
    let mut it = s.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        let kind = if c.is_alphabetic() {
            Kind::Letters
        } else if c.is_ascii_digit() {
            Kind::Digits
        } else if c == ' ' || c == '\t' {
            Kind::Space
        } else {
            Kind::Other
        };
        let mut end = i + c.len_utf8();
        if kind != Kind::Other {
            while let Some(&(j, d)) = it.peek() {
                let same = match kind {
                    Kind::Letters => d.is_alphabetic(),
                    Kind::Digits => d.is_ascii_digit(),
                    Kind::Space => d == ' ' || d == '\t',
                    Kind::Other => false,
                };
                if !same {
                    break;
                }
                end = j + d.len_utf8();
                it.next();
            }
        }
        if let Some(text) = s.get(i..end) {
            out.push(Tok { text, kind });
        }
    }
    out
}

/// A number being read from words: `total` holds completed scales, `group` the part below
/// the next scale, `last` the kind of the last word (what may follow it).
#[derive(Debug, Default)]
struct Reader {
    total: u64,
    group: u64,
    last: Option<Word>,
    words: usize,
    /// The last word is a unit right after `thousand` (`two thousand seven`): a tens or teen
    /// word after it says the hundreds in pairs (`two thousand seven fifty` is 2,750, as
    /// `two grand seven fifty` is said).
    unit_after_thousand: bool,
}

impl Reader {
    /// Take `w` if it continues the number; false if it starts a new one.
    fn take(&mut self, w: Word) -> bool {
        let pairs = self.unit_after_thousand
            && matches!(self.last, Some(Word::Unit(u)) if u > 0)
            && matches!(w, Word::Tens(_) | Word::Teen(_));
        let ok = match (self.last, w) {
            (None, _) => true,
            _ if pairs => true,
            // After a unit or a teen only a scale continues (`five hundred`, `twelve thousand`).
            (Some(Word::Unit(_) | Word::Teen(_)), Word::Hundred | Word::Scale(_)) => true,
            (Some(Word::Unit(_) | Word::Teen(_)), _) => false,
            // `fifty one`, `fifty hundred` (rare but unambiguous), `fifty thousand`.
            (Some(Word::Tens(_)), Word::Unit(u)) => u != 0,
            (Some(Word::Tens(_)), Word::Hundred | Word::Scale(_)) => true,
            (Some(Word::Tens(_)), _) => false,
            // `hundred five`, `hundred fifty`, `hundred thousand`; not `hundred hundred`.
            (Some(Word::Hundred), Word::Hundred) => false,
            (Some(Word::Hundred), Word::Scale(s)) => self.group < s.min(1000) * 1000,
            (Some(Word::Hundred), _) => self.group.is_multiple_of(100),
            // `thousand one hundred`; a larger or equal scale after a scale starts anew.
            (Some(Word::Scale(a)), Word::Scale(b)) => b < a,
            (Some(Word::Scale(_)), _) => true,
        };
        if !ok {
            return false;
        }
        if pairs {
            self.group = self.group.saturating_mul(100);
        }
        self.unit_after_thousand =
            matches!(w, Word::Unit(_)) && self.last == Some(Word::Scale(1_000)) && self.group == 0;
        match w {
            Word::Unit(v) | Word::Teen(v) | Word::Tens(v) => self.group += v,
            Word::Hundred => self.group = self.group.max(1).saturating_mul(100),
            Word::Scale(s) => {
                self.total = self
                    .total
                    .saturating_add(self.group.max(1).saturating_mul(s));
                self.group = 0;
            }
        }
        self.last = Some(w);
        self.words += 1;
        true
    }

    fn value(&self) -> u64 {
        self.total.saturating_add(self.group)
    }
}

/// Joining phrases between two digit groups, as word sequences.
const JOINS: &[&[&str]] = &[
    &["followed", "by"],
    &["and", "then"],
    &["then"],
    &["concatenated", "with"],
    &["joined", "with"],
    &["appended", "with"],
    &["and", "after", "that"],
    &["concat"],
    &["cat"],
];

/// Concatenation operators between two digit groups, as character tokens: Haskell's `++`,
/// SQL's `||` (and `‖`), Elixir's `<>`, Lua's `..`; PHP's `.`, VB's `&` and Raku's `~` only
/// between quoted groups (`"51" . "00"`), where they cannot be a decimal point or prose.
const JOIN_OPERATORS: &[(&[&str], bool)] = &[
    (&["+", "+"], false),
    (&["|", "|"], false),
    (&["\u{2016}"], false),
    (&["<", ">"], false),
    (&[".", "."], false),
    (&["."], true),
    (&["&"], true),
    (&["~"], true),
];

/// The forward rewrite (see the module doc).
fn rewrite(s: &str) -> String {
    // Each step reads the tokens of the text as the step before left it; most steps change
    // nothing, and then their tokens are the ones already made (no second tokenising).
    let toks = tokens(s);
    let mixed = mixed::rewrite(s, &toks);
    let (s, toks) = match mixed.as_deref() {
        Some(m) => (m, tokens(m)),
        None => (s, toks),
    };
    let zeros = zeros_counted(s);
    let (s, toks) = match zeros.as_deref() {
        Some(z) => (z, tokens(z)),
        None => (s, toks),
    };
    let added = appended::rewrite(s);
    let (s, toks) = match added.as_deref() {
        Some(z) => (z, tokens(z)),
        None => (s, toks),
    };
    let unglued = unglue_number_words(s, &toks);
    let (s, toks) = match unglued.as_deref() {
        Some(u) => (u, tokens(u)),
        None => (s, toks),
    };
    let spelled = spell_scaled_digits(s, &toks);
    let (s, toks) = match spelled.as_deref() {
        Some(sp) => (sp, tokens(sp)),
        None => (s, toks),
    };
    let mut out = String::with_capacity(s.len() + 16);
    // The last piece that was not a space was a number (digits or words read as digits).
    let mut after_number = false;
    let mut i = 0;
    while i < toks.len() {
        let t = toks[i];
        if t.kind == Kind::Letters {
            if let Some((text, next)) = read_words(&toks, i) {
                out.push_str(&text);
                after_number = true;
                i = next;
                continue;
            }
            // `2550 x2`: a spaced `x` glued to a count (`1920x1080` is a resolution).
            let spaced = i > 0 && toks.get(i - 1).is_some_and(|p| p.kind == Kind::Space);
            let is = |x: &str| t.text.eq_ignore_ascii_case(x);
            let times = is("x")
                && spaced
                && after_number
                && toks.get(i + 1).is_some_and(|n| n.kind == Kind::Digits);
            // `N raised to the …`: the `to` below reads the power.
            if after_number
                && is("raised")
                && toks.get(i + 1).is_some_and(|n| n.kind == Kind::Space)
                && power_at(&toks, i + 2, &out).is_some()
            {
                i += 2;
                continue;
            }
            if after_number {
                if let Some((text, next)) = power_at(&toks, i, &out) {
                    out.push_str(text);
                    // `to the power of three`: the exponent's words are read next.
                    after_number = text.len() > 1;
                    i = next;
                    continue;
                }
            }
            let replaced = match () {
                _ if times => Some("* "),
                _ if after_number && is("doubled") => Some("* 2"),
                _ if after_number && is("tripled") => Some("* 3"),
                _ if after_number && is("halved") => Some("/ 2"),
                _ if after_number && is("squared") => Some("^ 2"),
                _ if after_number && is("cubed") => Some("^ 3"),
                _ if after_number && (is("kilo") || is("grand")) => Some("thousand"),
                _ => None,
            };
            out.push_str(replaced.unwrap_or(t.text));
            after_number = false;
            i += 1;
            continue;
        }
        out.push_str(t.text);
        if t.kind != Kind::Space {
            after_number = t.kind == Kind::Digits;
        }
        i += 1;
    }
    // Nothing read: the tokens of `out` are those of `s`.
    if out == s {
        return glue(&out, &toks);
    }
    glue(&out, &tokens(&out))
}

/// A power after a number, at the token `to` (index `i`): `to the power of` (and `to the
/// power`) is `^` with the exponent still to read; `to the third` (`3rd`, `second` … `ninth`)
/// is `^ 3`, but only after a ten (`out` ends in `10`: `ten to the third` is the scientific
/// phrase; `move 3 to the third node` stays prose). Returns the text and the next token.
fn power_at(toks: &[Tok<'_>], i: usize, out: &str) -> Option<(&'static str, usize)> {
    let word = |k: usize, w: &str| {
        toks.get(k)
            .is_some_and(|x| x.kind == Kind::Letters && x.text.eq_ignore_ascii_case(w))
    };
    let space = |k: usize| toks.get(k).is_some_and(|x| x.kind == Kind::Space);
    if !(word(i, "to") && space(i + 1) && word(i + 2, "the") && space(i + 3)) {
        return None;
    }
    if word(i + 4, "power") {
        if space(i + 5) && word(i + 6, "of") && space(i + 7) {
            return Some(("^", i + 7));
        }
        return space(i + 5).then_some(("^", i + 5));
    }
    let tail = out.trim_end();
    let ten = tail.ends_with("10")
        && !tail[..tail.len() - 2]
            .bytes()
            .next_back()
            .is_some_and(|c| c.is_ascii_digit() || c == b'.');
    if !ten {
        return None;
    }
    const ORDINALS: [(&str, &str, &str); 8] = [
        ("second", "2", "^ 2"),
        ("third", "3", "^ 3"),
        ("fourth", "4", "^ 4"),
        ("fifth", "5", "^ 5"),
        ("sixth", "6", "^ 6"),
        ("seventh", "7", "^ 7"),
        ("eighth", "8", "^ 8"),
        ("ninth", "9", "^ 9"),
    ];
    for (w, d, text) in ORDINALS {
        if word(i + 4, w) {
            return Some((text, i + 5));
        }
        let suffix = toks.get(i + 5).is_some_and(|x| {
            x.kind == Kind::Letters
                && ["nd", "rd", "th"]
                    .iter()
                    .any(|s| x.text.eq_ignore_ascii_case(s))
        });
        if toks.get(i + 4).is_some_and(|x| x.text == d) && suffix {
            return Some((text, i + 6));
        }
    }
    None
}

/// Read a run of number words starting at token `i` (hyphens, single spaces and `and`/`a`
/// between them). Returns the digits (numbers separated by spaces) and the next token.
fn read_words(toks: &[Tok<'_>], i: usize) -> Option<(String, usize)> {
    // Most words start no number: settle them without the walk (and its lowercase copy).
    let first = toks.get(i)?.text;
    // `51 oh oh`, `51 o o`: a letter zero right after digits.
    let after_digits = toks[..i.min(toks.len())]
        .iter()
        .rev()
        .find(|t| t.kind != Kind::Space)
        .is_some_and(|t| t.kind == Kind::Digits);
    // A number word opens a run by itself: the other openers (the typo search above all)
    // are looked at only for the rest (all of them are pure checks, so the order is free).
    let opener = || {
        ["a", "double", "triple"]
            .iter()
            .any(|x| first.eq_ignore_ascii_case(x))
            || (after_digits && zero_letter(toks, i))
            || misspelled(toks, i).is_some()
    };
    if word(first).is_none() && !opener() {
        return None;
    }
    let mut nums: Vec<String> = Vec::new();
    let mut r = Reader::default();
    let mut j = i;
    let mut end = i;
    let mut digit_run = false;
    let mut repeat: Option<usize> = None;
    let mut article = false;
    // After `point`: the digit words that follow are decimals of the last number.
    let mut decimals = false;
    while let Some(t) = toks.get(j) {
        if t.kind != Kind::Letters {
            break;
        }
        let lw = t.text.to_ascii_lowercase();
        let w = word(t.text).or_else(|| {
            // `oh` and `o` are zero only among digit words (`five one oh oh`) or right after
            // digits (`51 o o`).
            let among =
                digit_run || matches!(r.last, Some(Word::Unit(_))) || (j == i && after_digits);
            (among && zero_letter(toks, j))
                .then_some(Word::Unit(0))
                .or_else(|| misspelled(toks, j))
        });
        match (w, lw.as_str()) {
            // A scale word starts a number only after `a` (`a hundred`): after digits it
            // scales them (`5100 thousand` is not 5100), which the number rules read.
            (Some(Word::Hundred | Word::Scale(_)), _)
                if r.words == 0 && nums.is_empty() && !article =>
            {
                break
            }
            (Some(Word::Unit(u)), _) if decimals => {
                if let Some(last) = nums.last_mut() {
                    if !last.contains('.') {
                        last.push('.');
                    }
                    last.push_str(&u.to_string());
                }
                end = j + 1;
            }
            (_, _) if decimals => break,
            (Some(w), _) => {
                if let Some(n) = repeat.take() {
                    if let Word::Unit(u) = w {
                        flush(&mut r, &mut nums);
                        for _ in 0..n {
                            nums.push(u.to_string());
                        }
                        digit_run = true;
                        end = j + 1;
                        j = next_word(toks, j + 1).unwrap_or(toks.len());
                        continue;
                    }
                }
                if !r.take(w) {
                    if matches!(w, Word::Unit(_)) && matches!(r.last, Some(Word::Unit(_))) {
                        digit_run = true;
                    }
                    flush(&mut r, &mut nums);
                    r.take(w);
                }
                end = j + 1;
            }
            // `twelve fifty point five`
            (None, "point") if r.words > 0 => {
                flush(&mut r, &mut nums);
                decimals = true;
            }
            (None, "double") => repeat = Some(2),
            (None, "triple") => repeat = Some(3),
            // `a hundred`, `one hundred and five`
            (None, "a") if r.words == 0 && nums.is_empty() => article = true,
            // `one hundred and five`; `one and two` are two numbers, and `and` stays.
            (None, "and") if r.words > 0 && continues(toks, j, &r) => {}
            _ => break,
        }
        match next_word(toks, j + 1) {
            Some(n) => j = n,
            None => break,
        }
    }
    flush(&mut r, &mut nums);
    if nums.is_empty() {
        return None;
    }
    if let Some(said) = colloquial(&nums) {
        return Some((said, end));
    }
    // `a` alone before a non-number word is not a number: only a read scale or unit counts.
    Some((nums.join(" "), end))
}

/// `twenty-seven fifty`, `three forty`, `fifty-one oh oh`: a number said in pairs of digits,
/// as years and prices are. A first part of 1..99 followed by parts of 10..99 or single
/// zeros (at most three parts after it) is read as one number.
fn colloquial(nums: &[String]) -> Option<String> {
    let (first, rest) = nums.split_first()?;
    if rest.is_empty() || rest.len() > 3 {
        return None;
    }
    let int = |n: &str| n.split('.').next().and_then(|x| x.parse::<u64>().ok());
    let first_ok = first.parse::<u64>().is_ok_and(|v| (1..=99).contains(&v));
    let rest_ok = rest.iter().enumerate().all(|(k, n)| {
        let decimal_last = !n.contains('.') || k + 1 == rest.len();
        decimal_last && int(n).is_some_and(|v| (10..=99).contains(&v) || n == "0")
    });
    (first_ok && rest_ok).then(|| nums.concat())
}

/// Does the word after `and` at `j` continue the number `r` is reading?
fn continues(toks: &[Tok<'_>], j: usize, r: &Reader) -> bool {
    let Some(n) = next_word(toks, j + 1) else {
        return false;
    };
    let Some(w) = toks.get(n).and_then(|t| word(t.text)) else {
        return false;
    };
    let mut probe = Reader {
        total: r.total,
        group: r.group,
        last: r.last,
        words: r.words,
        unit_after_thousand: r.unit_after_thousand,
    };
    probe.take(w)
}

/// The next token after `j` if only one space or hyphen separates it (a word run goes on).
fn next_word(toks: &[Tok<'_>], j: usize) -> Option<usize> {
    let sep = toks.get(j)?;
    let ok = (sep.kind == Kind::Space && sep.text.len() <= 2) || sep.text == "-";
    (ok && toks.get(j + 1).is_some_and(|t| t.kind == Kind::Letters)).then_some(j + 1)
}

fn flush(r: &mut Reader, nums: &mut Vec<String>) {
    if r.words > 0 {
        nums.push(r.value().to_string());
    }
    *r = Reader::default();
}

/// The letters the words of [`glued_number_words`] start with, and end with.
const GLUED_FIRST: &[u8] = b"zotfsenhma";
const GLUED_LAST: &[u8] = b"oerxntyd";

/// A run of letters that is two or more English number words glued together
/// (`fivethousandonehundred`, `FiveThousandOneHundred`, `twentysevenfifty`), with spaces
/// between them; `None` for anything else (`seventeen` is one word, `often` none).
pub(super) fn glued_number_words(run: &str) -> Option<String> {
    if run.len() < 7 || run.len() > 64 {
        return None;
    }
    let vocab = || {
        UNITS
            .iter()
            .chain(TEENS.iter())
            .chain(TENS.iter())
            .chain(["hundred", "thousand", "million", "and"].iter())
    };
    // Most runs that hold a trigger are ordinary words (`someone`, `often`): they neither
    // start nor end with a number word, which two looks settle without a copy; first the
    // letters a number word starts and ends with (a test checks them against the words).
    let b = run.as_bytes();
    let edge =
        |c: Option<&u8>, set: &[u8]| c.is_some_and(|c| set.contains(&c.to_ascii_lowercase()));
    if !edge(b.first(), GLUED_FIRST) || !edge(b.last(), GLUED_LAST) {
        return None;
    }
    let starts = vocab().any(|w| {
        b.get(..w.len())
            .is_some_and(|h| h.eq_ignore_ascii_case(w.as_bytes()))
    });
    let ends = vocab().any(|w| {
        b.len()
            .checked_sub(w.len())
            .and_then(|k| b.get(k..))
            .is_some_and(|t| t.eq_ignore_ascii_case(w.as_bytes()))
    });
    if !starts || !ends {
        return None;
    }
    let lower = run.to_ascii_lowercase();
    let words: Vec<&str> = vocab().copied().collect();
    // Fewest words covering lower[..i], and the word that ends there.
    let n = lower.len();
    let mut best: Vec<Option<(usize, usize)>> = vec![None; n + 1];
    best[0] = Some((0, 0));
    for i in 0..n {
        let Some((count, _)) = best[i] else { continue };
        for (k, w) in words.iter().enumerate() {
            if lower.get(i..).is_some_and(|r| r.starts_with(w)) {
                let j = i + w.len();
                if best[j].is_none_or(|(c, _)| c > count + 1) {
                    best[j] = Some((count + 1, k));
                }
            }
        }
    }
    let (count, _) = best[n]?;
    if count < 2 {
        return None;
    }
    let mut out: Vec<&str> = Vec::new();
    let mut j = n;
    while j > 0 {
        let (_, k) = best[j]?;
        let w = words.get(k)?;
        out.push(w);
        j -= w.len();
    }
    out.reverse();
    if out.first() == Some(&"and") || out.last() == Some(&"and") {
        return None;
    }
    Some(out.join(" "))
}

/// The text with trailing zeros counted in words written as a join, which the join rule
/// glues to the digits before: `51 with two zeros`, `five one and then a pair of zeros`,
/// `fifty-one followed by three zeros`, `51, then append two zeroes`, `51 padded with 2
/// zeros` → `… followed by 00`; and, with the number after the zeros, `put two zeros after
/// 51`, `tack on 2 zeros to 51`, `add two zeros to 51` → `51 followed by 00`. The one place
/// zeros counted in words are read (`wordmath.rs` reads the arithmetic). Only a joining word
/// (`with`, `and`, `then`, `plus`, `followed by`) or a verb of adding on (`append`, `pad`,
/// `tack on`, `put` …) right before the count, and a count of two to nine; after the zeros, a
/// `to`/`after`/`onto` must lead to a number (`add 2 zeros to the timeout` is left as it is).
/// `None` when nothing is rewritten.
fn zeros_counted(s: &str) -> Option<String> {
    // `zero…`, `0s`, `0's`, `nought…`/`naught…` (rare letters found by memchr, then a look
    // at the bytes around them).
    let b = s.as_bytes();
    let zero = memchr::memchr3_iter(b'z', b'Z', b'0', b).any(|i| match b.get(i..) {
        Some([b'0', b's' | b'\'', ..]) => true,
        Some(w) => w.get(..4).is_some_and(|w| w.eq_ignore_ascii_case(b"zero")),
        None => false,
    });
    let nought = || {
        memchr::memchr2_iter(b'g', b'G', b).any(|i| {
            i >= 1
                && b.get(i - 1..i + 3)
                    .is_some_and(|w| w.eq_ignore_ascii_case(b"ught"))
        })
    };
    if !zero && !nought() {
        return None;
    }
    // Words with their byte ranges, split on spaces.
    let mut words: Vec<(usize, usize)> = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices().chain(std::iter::once((s.len(), ' '))) {
        match (c == ' ', start) {
            (true, Some(a)) => {
                words.push((a, i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    let word = |k: usize| {
        words.get(k).and_then(|&(a, b)| s.get(a..b)).map(|w| {
            w.trim_end_matches([',', '.', ';', '!'])
                .to_ascii_lowercase()
        })
    };
    let is = |k: usize, ws: &[&str]| word(k).is_some_and(|w| ws.contains(&w.as_str()));
    // Verbs of adding on, before the count (`then append`, `padded with`, `tack on`).
    const VERBS: [&str; 22] = [
        "append",
        "appended",
        "appending",
        "add",
        "added",
        "adding",
        "pad",
        "padded",
        "padding",
        "tack",
        "tacked",
        "stick",
        "stuck",
        "attach",
        "attached",
        "suffix",
        "suffixed",
        "put",
        "place",
        "write",
        "affix",
        "affixed",
    ];
    const COUNTS: [&str; 8] = [
        "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    let mut out = String::new();
    let mut copied = 0;
    for k in 2..words.len() {
        if !is(k, &["zeros", "zeroes", "noughts", "naughts", "0s", "0's"]) {
            continue;
        }
        // `at`: the word before the count.
        let (count, at) = if is(k - 2, &["pair"]) && is(k - 1, &["of"]) {
            (2, k.saturating_sub(3))
        } else {
            let Some(c) = word(k - 1).and_then(|w| {
                let n = COUNTS.iter().position(|c| *c == w).map(|i| i + 2);
                n.or_else(|| w.parse::<usize>().ok().filter(|n| (2..=9).contains(n)))
            }) else {
                continue;
            };
            (c, k - 2)
        };
        // `a pair of`: the article goes with the count.
        let at = if count == 2 && is(at, &["a"]) {
            at.saturating_sub(1)
        } else {
            at
        };
        // `tack on`, `stick on`, `add on`: the particle goes with the verb.
        let verb_at = if is(at, &["on"]) && at > 0 && is(at - 1, &VERBS) {
            Some(at - 1)
        } else if is(at, &VERBS) {
            Some(at)
        } else if is(at, &["with"]) && at > 0 && is(at - 1, &VERBS) {
            // `padded with`: the verb goes with `with`.
            Some(at - 1)
        } else {
            None
        };
        let (joining, from_word) = match verb_at {
            // `then append`, `and then append`, `and add`: the joining words go too.
            Some(v) if v > 0 && is(v - 1, &["then"]) && v > 1 && is(v - 2, &["and"]) => {
                (true, v - 2)
            }
            Some(v) if v > 0 && is(v - 1, &["then", "and"]) => (true, v - 1),
            Some(v) => (true, v),
            None => match word(at).as_deref() {
                // `and then`, `followed by`: the whole phrase goes.
                Some("then") if at > 0 && is(at - 1, &["and"]) => (true, at - 1),
                Some("with" | "and" | "then" | "plus") => (true, at),
                Some("by") if at > 0 && is(at - 1, &["followed"]) => (true, at - 1),
                _ => (false, at),
            },
        };
        if !joining {
            continue;
        }
        // The number after the zeros (`put two zeros after 51`, `tack on 2 zeros to 51`).
        let mut end = k;
        let mut lead = "";
        if is(k + 1, &["to", "after", "onto", "behind"]) {
            let digits = words
                .get(k + 2)
                .and_then(|&(a, b)| s.get(a..b))
                .map(|w| w.trim_end_matches([',', '.', ';', '!']))
                .filter(|w| !w.is_empty() && w.bytes().all(|c| c.is_ascii_digit()));
            match digits {
                // Only after a verb: `51 and two zeros after 3 retries` is no instruction.
                Some(d) if verb_at.is_some() => {
                    lead = d;
                    end = k + 2;
                }
                _ => continue,
            }
        }
        let (Some(&(from, _)), Some(&(_, to))) = (words.get(from_word), words.get(end)) else {
            continue;
        };
        if from < copied {
            continue;
        }
        out.push_str(s.get(copied..from).unwrap_or(""));
        if !lead.is_empty() {
            out.push_str(lead);
            out.push(' ');
        }
        out.push_str("followed by ");
        out.push_str(&"0".repeat(count));
        copied = to;
    }
    if copied == 0 {
        return None;
    }
    out.push_str(s.get(copied..).unwrap_or(""));
    Some(out)
}

/// The text with every run of glued number words spaced ([`glued_number_words`]).
fn unglue_number_words(s: &str, toks: &[Tok<'_>]) -> Option<String> {
    let mut out = String::new();
    let mut copied = 0;
    let mut pos = 0;
    for t in toks {
        let at = pos;
        pos += t.text.len();
        if t.kind != Kind::Letters || t.text.len() < 7 {
            continue;
        }
        if let Some(spaced) = glued_number_words(t.text) {
            out.push_str(s.get(copied..at).unwrap_or(""));
            out.push_str(&spaced);
            copied = pos;
        }
    }
    if copied == 0 {
        return None;
    }
    out.push_str(s.get(copied..).unwrap_or(""));
    Some(out)
}

/// Digits beside a scale word written as words (`2 thousand 7 hundred 50` → `two thousand
/// seven hundred fifty`, `27 hundred 50`, `5 thousand and 100`), so the word reader reads the
/// whole mixed phrase as one number. A group of at most three digits, with one space between
/// it and the scale word (or ` and ` after one), not part of a decimal (`2.5 thousand` is
/// the number rules'). `None` when nothing is spelled.
fn spell_scaled_digits(s: &str, toks: &[Tok<'_>]) -> Option<String> {
    if !s.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let scale = |k: usize| {
        toks.get(k).is_some_and(|t| {
            t.kind == Kind::Letters
                && [
                    "hundred",
                    "hundreds",
                    "thousand",
                    "thousands",
                    "million",
                    "millions",
                ]
                .iter()
                .any(|w| t.text.eq_ignore_ascii_case(w))
        })
    };
    if !(0..toks.len()).any(scale) {
        return None;
    }
    let space = |k: usize| toks.get(k).is_some_and(|t| t.text == " ");
    let is = |k: usize, w: &str| toks.get(k).is_some_and(|t| t.text.eq_ignore_ascii_case(w));
    let decimal = |k: usize| toks.get(k).is_some_and(|t| matches!(t.text, "." | ","));
    let mut out = String::with_capacity(s.len() + 32);
    let mut changed = false;
    for (i, t) in toks.iter().enumerate() {
        let n = (t.kind == Kind::Digits && t.text.len() <= 3)
            .then(|| t.text.parse::<u64>().ok())
            .flatten()
            .filter(|n| *n > 0);
        let before = i >= 2 && space(i - 1) && scale(i - 2);
        let before_and = i >= 4 && space(i - 1) && is(i - 2, "and") && space(i - 3) && scale(i - 4);
        let after = space(i + 1) && scale(i + 2);
        let in_decimal = (i > 0 && decimal(i - 1)) || decimal(i + 1);
        match n {
            Some(n) if (before || before_and || after) && !in_decimal => {
                out.push_str(&below_1000(n));
                changed = true;
            }
            _ => out.push_str(t.text),
        }
    }
    changed.then_some(out)
}

/// `n` (1..=999) in English words: `seven hundred fifty`, `twenty-seven`.
fn below_1000(n: u64) -> String {
    let mut parts: Vec<String> = Vec::new();
    let (h, rest) = (n / 100, n % 100);
    if let Some(u) = UNITS.get(h as usize).filter(|_| h > 0) {
        parts.push(format!("{u} hundred"));
    }
    let tens = rest / 10;
    let unit = rest % 10;
    if rest >= 20 {
        let t = TENS.get(tens as usize - 2).copied().unwrap_or("");
        match UNITS.get(unit as usize).filter(|_| unit > 0) {
            Some(u) => parts.push(format!("{t}-{u}")),
            None => parts.push(t.to_string()),
        }
    } else if rest >= 10 {
        parts.push(
            TEENS
                .get(rest as usize - 10)
                .copied()
                .unwrap_or("")
                .to_string(),
        );
    } else if let Some(u) = UNITS.get(rest as usize).filter(|_| rest > 0) {
        parts.push((*u).to_string());
    }
    parts.join(" ")
}

/// Glue digit groups joined by quotes and `+` or by a joining phrase.
fn glue(joined: &str, toks: &[Tok<'_>]) -> String {
    let mut out = String::with_capacity(joined.len());
    let mut i = 0;
    // A unary minus was dropped in this expression: the next binary minus adds (`-4000 -
    // 200` has the magnitude of `4000 + 200`).
    let mut negated = false;
    while i < toks.len() {
        let t = toks[i];
        if let Some((said, next)) = relation(toks, i) {
            out.push_str(&said);
            i = next;
            continue;
        }
        if t.text == "-" {
            let prev = toks[..i].iter().rev().find(|p| p.kind != Kind::Space);
            let unary = !prev
                .is_some_and(|p| matches!(p.kind, Kind::Digits | Kind::Letters) || p.text == ")");
            let before_digits = toks.get(i + 1).is_some_and(|n| n.kind == Kind::Digits);
            if unary && before_digits {
                negated = true;
                i += 1;
                continue;
            }
            let spaced = i > 0
                && toks.get(i - 1).is_some_and(|p| p.kind == Kind::Space)
                && toks.get(i + 1).is_some_and(|n| n.kind == Kind::Space);
            if negated && spaced {
                out.push('+');
                i += 1;
                continue;
            }
        }
        if t.kind == Kind::Letters || t.text == "\n" {
            negated = false;
        }
        // `fifty-one, times a hundred`: a comma between an operand and an operator word is
        // prose rhythm, not the end of the working.
        if t.text == "," && comma_before_operator(toks, i) {
            i += 1;
            continue;
        }
        out.push_str(strip_quote_before_digits(toks, i).unwrap_or(t.text));
        if t.kind == Kind::Digits {
            if let Some(next) = join_after(toks, i + 1) {
                i = next;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// At token `i`: `A more than B` (`B + A`), `A less than B` / `A fewer than B` (`B - A`),
/// `between A and B` with exactly one integer strictly between (that integer), `A point B`
/// (`A.B`). Returns the reading and the token after it.
fn relation(toks: &[Tok<'_>], i: usize) -> Option<(String, usize)> {
    if !may_relate(toks, i) {
        return None;
    }
    relation_at(toks, i)
}

/// Can a relation start at token `i`? A cheap gate before [`relation_at`] (which runs on
/// every token of a trigger line): every relation of this module, `puzzles.rs` and `mixed.rs`
/// starts at a word from [`RELATION_HEADS`] followed by a space, or at digits followed by a
/// space and a word from [`RELATION_AFTER`] or `%`, by `%`, `/`, or a group or decimal separator. A
/// test checks the gate on every token of the corpora.
fn may_relate(toks: &[Tok<'_>], i: usize) -> bool {
    let (Some(t), Some(n)) = (toks.get(i), toks.get(i + 1)) else {
        return false;
    };
    let own = match t.kind {
        Kind::Letters => n.kind == Kind::Space && relation_word(t.text, RELATION_HEADS),
        Kind::Digits if n.kind == Kind::Space => toks.get(i + 2).is_some_and(|w| {
            (w.kind == Kind::Letters && relation_word(w.text, RELATION_AFTER)) || w.text == "%"
        }),
        Kind::Digits => matches!(n.text, "%" | "/" | "," | "."),
        Kind::Space | Kind::Other => false,
    };
    // Conversions, rates and prefixed counts (`measures.rs`) have their own starts.
    own || measures::starts(toks, i)
}

/// The words a relation starts with (`the sum of`, `between`, `the integer right after`,
/// `halfway between`, `the smallest multiple of`, `concatenate`), in lowercase.
#[rustfmt::skip]
const RELATION_HEADS: &[&str] = &[
    "sum", "product", "concatenate", "concatenating", "join", "joining", "append", "between",
    "exceeds", "surpasses", "tops", "beats", "overshoots", "trails", "undercuts",
    "undershoots", "short",
    "integer", "integers", "number", "successor", "predecessor", "halfway", "midway",
    "midpoint", "avg", "average", "mean", "smallest", "least", "lowest", "first", "next",
    "largest", "greatest", "biggest", "highest", "last", "nearest", "closest",
];

/// The words right after a number (and one space) that a relation reads on (`100 more than`,
/// `51 percent of`, `10200 split in two`, `11 quarters of`, `100 over 5k`), in lowercase.
#[rustfmt::skip]
const RELATION_AFTER: &[&str] = &[
    "percent", "shy", "less", "lots", "point", "more", "fewer", "split", "divided", "cut",
    "batches", "groups", "blocks", "sets", "bundles", "chunks", "packs", "packets", "rounds",
    "crates", "boxes", "piles", "stacks", "bags", "pages", "waves", "bursts",
    "halves", "thirds", "quarters", "and", "over", "above", "past",
    "beyond", "on", "per", "pct",
];

/// Nouns that count equal groups (`51 lots of 100`, `11 batches of 250 messages`, `51
/// groups of a hundred`): `A … of B` is `A * B`, compared exactly as every product is.
#[rustfmt::skip]
const GROUPS: &[&str] = &[
    "lots", "batches", "groups", "blocks", "sets", "bundles", "chunks", "packs", "packets",
    "rounds", "crates", "boxes", "piles", "stacks", "bags", "pages", "waves", "bursts",
];

/// Is `w` one of `words` (lowercase), ignoring ASCII case?
fn relation_word(w: &str, words: &[&str]) -> bool {
    // Lowercased into a buffer once, then compared by length and bytes (no word is longer).
    let mut buf = [0u8; 13];
    if w.is_empty() || w.len() > buf.len() {
        return false;
    }
    for (d, c) in buf.iter_mut().zip(w.bytes()) {
        *d = c.to_ascii_lowercase();
    }
    let lw = buf.get(..w.len()).unwrap_or_default();
    words.iter().any(|h| h.as_bytes() == lw)
}

/// [`relation`] without the gate.
fn relation_at(toks: &[Tok<'_>], i: usize) -> Option<(String, usize)> {
    let t = toks.get(i)?;
    if let Some(r) = puzzles::relation(toks, i)
        .or_else(|| mixed::relation(toks, i))
        .or_else(|| measures::relation(toks, i))
    {
        return Some(r);
    }
    let word = |k: usize, w: &str| {
        toks.get(k)
            .is_some_and(|x| x.kind == Kind::Letters && x.text.eq_ignore_ascii_case(w))
    };
    let space = |k: usize| toks.get(k).is_some_and(|x| x.kind == Kind::Space);
    let digits = |k: usize| {
        toks.get(k)
            .filter(|x| x.kind == Kind::Digits)
            .map(|x| x.text)
    };
    // A plain number at `k` (`10,000`, `2500`, `12.5`): its text without group commas and
    // the token after it.
    let number = |k: usize| -> Option<(String, usize)> {
        let mut n = String::from(digits(k)?);
        let mut e = k + 1;
        while toks.get(e).is_some_and(|x| x.text == ",")
            && digits(e + 1).is_some_and(|d| d.len() == 3)
        {
            n.push_str(digits(e + 1)?);
            e += 2;
        }
        if toks.get(e).is_some_and(|x| x.text == ".") {
            if let Some(d) = digits(e + 1) {
                n.push('.');
                n.push_str(d);
                e += 2;
            }
        }
        // `10k`: a product, which binds before every operator the relations write.
        if toks
            .get(e)
            .is_some_and(|x| x.kind == Kind::Letters && x.text.eq_ignore_ascii_case("k"))
        {
            n.push_str(" * 1000");
            e += 1;
        }
        Some((n, e))
    };
    // `exceeds 5000 by exactly 100`, `falls short of 5200 by 100`: the amount and the
    // difference (`surpasses`, `tops`, `beats`; `trails`, `undercuts`, `short of`).
    {
        let (op, from) = if ["exceeds", "surpasses", "tops", "beats", "overshoots"]
            .iter()
            .any(|w| word(i, w))
        {
            ('+', i + 2)
        } else if ["trails", "undercuts", "undershoots"]
            .iter()
            .any(|w| word(i, w))
        {
            ('-', i + 2)
        } else if word(i, "short") && space(i + 1) && word(i + 2, "of") {
            ('-', i + 4)
        } else {
            (' ', 0)
        };
        if op != ' ' && space(from - 1) {
            if let Some((a, e)) = number(from) {
                if space(e) && word(e + 1, "by") && space(e + 2) {
                    let b0 = if word(e + 3, "exactly") && space(e + 4) {
                        e + 5
                    } else {
                        e + 3
                    };
                    if let Some((b, e2)) = number(b0) {
                        return Some((format!("{a} {op} {b}"), e2));
                    }
                }
            }
        }
    }
    // `the sum of 5000 and 100`, `the product of 51 and 100`.
    for (w, op) in [("sum", '+'), ("product", '*')] {
        if word(i, w) && space(i + 1) && word(i + 2, "of") && space(i + 3) {
            let (a, e) = number(i + 4)?;
            if space(e) && word(e + 1, "and") && space(e + 2) {
                let (b, e2) = number(e + 3)?;
                return Some((format!("{a} {op} {b}"), e2));
            }
        }
    }
    if t.kind == Kind::Digits {
        if let Some((a, e)) = number(i) {
            // `51% of 10,000`, `51 percent of 10000`, `51 per cent of 10k`, `51 % of`.
            let pct = if toks.get(e).is_some_and(|x| x.text == "%") {
                Some(e + 1)
            } else if space(e)
                && (toks.get(e + 1).is_some_and(|x| x.text == "%")
                    || word(e + 1, "percent")
                    || word(e + 1, "pct"))
            {
                Some(e + 2)
            } else if space(e) && word(e + 1, "per") && space(e + 2) && word(e + 3, "cent") {
                Some(e + 4)
            } else {
                None
            };
            if let Some(p) = pct {
                if space(p) && word(p + 1, "of") && space(p + 2) {
                    let (b, e2) = number(p + 3)?;
                    return Some((format!("{a} * {b} / 100"), e2));
                }
            }
            // `100 shy of 5200`, `5200 less 100`, `51 lots of 100`.
            if space(e) && word(e + 1, "shy") && space(e + 2) && word(e + 3, "of") && space(e + 4) {
                let (b, e2) = number(e + 5)?;
                return Some((format!("{b} - {a}"), e2));
            }
            if space(e) && word(e + 1, "less") && space(e + 2) && digits(e + 3).is_some() {
                let (b, e2) = number(e + 3)?;
                return Some((format!("{a} - {b}"), e2));
            }
            let groups = GROUPS.iter().any(|g| word(e + 1, g));
            if space(e) && groups && space(e + 2) && word(e + 3, "of") && space(e + 4) {
                let (b, e2) = number(e + 5)?;
                return Some((format!("{a} * {b}"), e2));
            }
        }
    }
    if t.kind == Kind::Digits && space(i + 1) {
        if word(i + 2, "point") && space(i + 3) {
            let d = digits(i + 4)?;
            return Some((format!("{}.{d}", t.text), i + 5));
        }
        let more = word(i + 2, "more");
        let less = word(i + 2, "less") || word(i + 2, "fewer");
        if (more || less) && space(i + 3) && word(i + 4, "than") && space(i + 5) {
            let b = digits(i + 6)?;
            let op = if more { '+' } else { '-' };
            return Some((format!("{b} {op} {}", t.text), i + 7));
        }
    }
    // `concatenate 51 and 00`, `join 51 with 00`.
    let glue_word = ["concatenate", "concatenating", "join", "joining", "append"]
        .iter()
        .any(|w| word(i, w));
    if glue_word
        && space(i + 1)
        && space(i + 3)
        && (word(i + 4, "and") || word(i + 4, "with") || word(i + 4, "to"))
        && space(i + 5)
    {
        let a = digits(i + 2)?;
        let b = digits(i + 6)?;
        return Some((format!("{a}{b}"), i + 7));
    }
    if word(i, "between") && space(i + 1) && space(i + 3) && word(i + 4, "and") && space(i + 5) {
        let a: u64 = digits(i + 2)?.parse().ok()?;
        let b: u64 = digits(i + 6)?.parse().ok()?;
        if b.checked_sub(a) == Some(2) {
            return Some(((a + 1).to_string(), i + 7));
        }
    }
    None
}

/// Is the comma at `i` between a digit group and an operator word?
fn comma_before_operator(toks: &[Tok<'_>], i: usize) -> bool {
    let digits_before = i > 0 && toks.get(i - 1).is_some_and(|t| t.kind == Kind::Digits);
    let mut k = i + 1;
    if toks.get(k).is_some_and(|t| t.kind == Kind::Space) {
        k += 1;
    }
    let op = toks.get(k).is_some_and(|t| {
        ["times", "plus", "minus", "multiplied", "divided"]
            .iter()
            .any(|w| t.text.eq_ignore_ascii_case(w))
    });
    digits_before && op
}

/// A quote right before a digit group that a join follows is dropped (`"51" + "00"`).
fn strip_quote_before_digits<'a>(toks: &[Tok<'a>], i: usize) -> Option<&'a str> {
    let t = toks.get(i)?;
    let q = matches!(t.text, "\"" | "'");
    // Only when a join follows: a quote dropped elsewhere (`instance="10.4.1.2:8080"`) changes
    // no reading but makes the line a changed one, read a second time.
    (q && toks.get(i + 1).is_some_and(|n| n.kind == Kind::Digits)
        && join_after(toks, i + 2).is_some())
    .then_some("")
}

/// After a digit group at `i - 1`: if a join follows and then a digit group, the index of
/// that digit group.
fn join_after(toks: &[Tok<'_>], mut i: usize) -> Option<usize> {
    let quoted = toks.get(i).is_some_and(|t| matches!(t.text, "\"" | "'"));
    if quoted {
        i += 1;
    }
    let skip_space = |k: usize| {
        if toks.get(k).is_some_and(|t| t.kind == Kind::Space) {
            k + 1
        } else {
            k
        }
    };
    let mut k = skip_space(i);
    let comma = toks.get(k).is_some_and(|t| t.text == ",");
    if comma {
        k = skip_space(k + 1);
    }
    for (op, needs_quote) in JOIN_OPERATORS {
        if *needs_quote && !quoted {
            continue;
        }
        let matched = op
            .iter()
            .enumerate()
            .all(|(n, c)| toks.get(k + n).is_some_and(|t| t.text == *c));
        // Set off by spaces or quotes: `27 ++ 50`, `"51"||"00"`, not `a++` or `x||y`.
        let spaced = |m: usize| toks.get(m).is_some_and(|t| t.kind == Kind::Space);
        let around = k.checked_sub(1).is_some_and(spaced) && spaced(k + op.len());
        if !matched || !(quoted || around) {
            continue;
        }
        let mut m = skip_space(k + op.len());
        if toks.get(m).is_some_and(|t| matches!(t.text, "\"" | "'")) {
            m += 1;
        }
        if toks.get(m).is_some_and(|t| t.kind == Kind::Digits) {
            return Some(m);
        }
    }
    if quoted && toks.get(k).is_some_and(|t| t.text == "+") {
        k = skip_space(k + 1);
        if toks.get(k).is_some_and(|t| matches!(t.text, "\"" | "'")) {
            k += 1;
        }
        return toks
            .get(k)
            .is_some_and(|t| t.kind == Kind::Digits)
            .then_some(k);
    }
    for phrase in JOINS {
        // A bare `then` joins too (`5 then 1 then 0 then 0`): `wait 5 then 10` reads `510`
        // only in this second reading, which states a target only if it is exactly one.
        let mut m = k;
        let mut ok = true;
        for (n, w) in phrase.iter().enumerate() {
            if n > 0 {
                m = skip_space(m);
            }
            match toks.get(m) {
                Some(t) if t.kind == Kind::Letters && t.text.eq_ignore_ascii_case(w) => m += 1,
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if !ok {
            continue;
        }
        m = skip_space(m);
        if toks.get(m).is_some_and(|t| t.text == ":") {
            m = skip_space(m + 1);
        }
        if toks.get(m).is_some_and(|t| matches!(t.text, "\"" | "'")) {
            m += 1;
        }
        if toks.get(m).is_some_and(|t| t.kind == Kind::Digits) {
            return Some(m);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has(s: &str, want: &str) -> bool {
        readings(s).iter().any(|r| r.contains(want))
    }

    /// The forward reading of only the trigger lines is the whole text's rewrite, cut to its
    /// changed lines: over the benign corpus (in windows of lines) and every text of these
    /// tests.
    #[test]
    fn trigger_lines_read_as_the_whole_text_would() {
        let corpus = include_str!("../../tests/data/benign_ops.txt");
        let this = include_str!("readings.rs");
        let lines: Vec<&str> = corpus.lines().chain(this.lines()).collect();
        let mut checked = 0;
        for w in [1usize, 3, 7] {
            for chunk in lines.chunks(w) {
                let s = crate::matcher::normalize::normalize(&chunk.join("\n")).into_owned();
                let Some((at, _)) = trigger_hits(&s, &lone_letters(s.as_bytes())) else {
                    panic!("triggers")
                };
                // A line whose only change is a dropped unary minus (`-4000` read as `4000`,
                // which the first reading already holds in magnitude) is not read again.
                let whole: Vec<String> = s
                    .split('\n')
                    .zip(rewrite(&s).split('\n'))
                    .map(|(x, y)| {
                        if x != y && x.replace('-', "") == y.replace('-', "") {
                            x.to_string()
                        } else {
                            y.to_string()
                        }
                    })
                    .collect();
                let whole = whole.join("\n");
                let want = (whole != s).then(|| changed_lines(&s, &whole));
                let got = if at.is_empty() {
                    None
                } else {
                    rewrite_lines(&s, &at)
                };
                assert_eq!(got, want, "{s:?}");
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    /// The byte-wise tokeniser gives the char-wise one's tokens: over the benign corpus, this
    /// file, and texts of mixed scripts, marks, tabs and digits of other scripts.
    #[test]
    fn tokens_as_char_by_char() {
        let corpus = include_str!("../../tests/data/benign_ops.txt");
        let this = include_str!("readings.rs");
        let mut texts: Vec<String> = corpus
            .lines()
            .chain(this.lines())
            .map(String::from)
            .collect();
        texts.push(corpus.to_string());
        let odd = [
            "five\tthousand  one\u{a0}hundred",
            "caf\u{e9}5100 na\u{ef}ve \u{663}\u{660} \u{2167}x",
            "\u{3b1}\u{3b2}\u{3b3}12\u{ff15}\u{ff11} \u{2014} \u{1f600}ab",
            "e\u{301}le\u{300}ve 5\u{200b}100 \u{5d0}\u{5d1} \u{4e94}\u{5343}",
            "",
            " ",
            "\u{10ffff}z9",
        ];
        texts.extend(odd.iter().map(|s| s.to_string()));
        // Every char of a sample of scripts, one at a time and between ASCII.
        let chars: String = (0u32..0x3000)
            .step_by(7)
            .chain(0x1_0000..0x1_0400)
            .filter_map(char::from_u32)
            .collect();
        texts.push(chars.clone());
        texts.push(chars.chars().flat_map(|c| [c, 'a', '1', ' ']).collect());
        for t in &texts {
            let a: Vec<(&str, Kind)> = tokens(t).iter().map(|x| (x.text, x.kind)).collect();
            let b: Vec<(&str, Kind)> = tokens_reference(t)
                .iter()
                .map(|x| (x.text, x.kind))
                .collect();
            assert_eq!(a, b, "{t:?}");
        }
    }

    /// No relation starts where the gate says none can: on every token of the benign corpus,
    /// the tests' texts and the phrases of the relation rules, written in words and digits.
    #[test]
    #[cfg(not(target_arch = "wasm32"))] // the literal reader is a native dev-dependency
    fn relation_gate_hides_no_relation() {
        let corpus = include_str!("../../tests/data/benign_ops.txt");
        let sources = [
            include_str!("readings.rs"),
            include_str!("readings/mixed.rs"),
            include_str!("readings/puzzles.rs"),
            include_str!("readings/measures.rs"),
            include_str!("../../tests/matcher.rs"),
            include_str!("../../tests/patient_learner.rs"),
        ];
        let mut texts: Vec<String> = corpus.lines().map(String::from).collect();
        for src in sources {
            texts.extend(orrery_learning_frozen_matcher::diff::string_literals(src));
        }
        let mut found = 0;
        for t in &texts {
            // As `glue` sees them: after the word reader.
            for s in [t.clone(), rewrite(t)] {
                let toks = tokens(&s);
                for i in 0..toks.len() {
                    if relation_at(&toks, i).is_some() {
                        found += 1;
                        assert!(may_relate(&toks, i), "{s:?} at {i}");
                    }
                }
            }
        }
        assert!(found > 50, "{found}");
    }

    /// The word-skipping scan finds exactly the letters with no letter beside them.
    #[test]
    fn lone_letters_are_the_single_ones() {
        let corpus = include_str!("../../tests/data/benign_ops.txt");
        let odd = [
            "",
            "a",
            "ab",
            "a b",
            " x ",
            "x1o",
            "f i v e",
            "\u{e9}o\u{e9}",
            "Zz z",
        ];
        for t in corpus.lines().chain([corpus]).chain(odd) {
            let b = t.as_bytes();
            let single = |i: usize| {
                b.get(i).is_some_and(u8::is_ascii_alphabetic)
                    && !(i > 0 && b.get(i - 1).is_some_and(u8::is_ascii_alphabetic))
                    && !b.get(i + 1).is_some_and(u8::is_ascii_alphabetic)
            };
            let want: Vec<usize> = (0..b.len()).filter(|&i| single(i)).collect();
            assert_eq!(lone_letters(b), want, "{t:?}");
        }
    }

    /// The edge letters of the glued-words check admit every word it reads.
    #[test]
    fn glued_edges_cover_the_words() {
        let vocab = UNITS
            .iter()
            .chain(TEENS.iter())
            .chain(TENS.iter())
            .chain(["hundred", "thousand", "million", "and"].iter());
        for w in vocab {
            let b = w.as_bytes();
            assert!(b.first().is_some_and(|c| GLUED_FIRST.contains(c)), "{w}");
            assert!(b.last().is_some_and(|c| GLUED_LAST.contains(c)), "{w}");
        }
        assert_eq!(
            glued_number_words("FiveThousandOneHundred").as_deref(),
            Some("five thousand one hundred")
        );
    }

    #[test]
    fn words_become_digits() {
        assert!(has("three times 1700", "3 times 1700"));
        assert!(has("fifty-one times a hundred", "51 times 100"));
        assert!(has("fifty-one, times a hundred", "51 times 100"));
        assert!(has(
            "three thousand plus two thousand one hundred",
            "3000 plus 2100"
        ));
        assert!(has("half of ten thousand two hundred", "half of 10200"));
        assert!(has("five one zero zero", "5 1 0 0"));
        assert!(has("five one double zero", "5 1 0 0"));
        assert!(has("five one oh oh", "5 1 0 0"));
        assert!(has("one hundred and five", "105"));
        assert!(has("twenty five", "25"));
        assert!(has("twenty-seven fifty", "2750"));
        assert!(has("three forty", "340"));
        assert!(has("fifty-one oh oh", "5100"));
        assert!(has("twelve fifty point five", "1250.5"));
        assert!(!has("five one zero zero", "5100"));
        assert!(!has("5100 thousand", "5100 1000"));
    }

    #[test]
    fn operators_and_joins() {
        assert!(has("2550 doubled", "2550 * 2"));
        assert!(has("2550 x2", "2550 * 2"));
        assert!(has("5.1 kilo", "5.1 thousand"));
        assert!(has("\"51\" + \"00\"", "5100"));
        assert!(has("'5' + '100'", "5100"));
        assert!(has("51 followed by 00", "5100"));
        assert!(has("51 and then 00", "5100"));
        assert!(has("51, then 00", "5100"));
        assert!(has("100 more than 5000", "5000 + 100"));
        assert!(has("one more than 5099", "5099 + 1"));
        assert!(has("100 less than 5200", "5200 - 100"));
        assert!(has("The lag exceeds 5000 by exactly 100.", "5000 + 100"));
        assert!(has("it exceeds five thousand by one hundred", "5000 + 100"));
        assert!(has("it falls short of 5200 by 100", "5200 - 100"));
        assert!(!has("latency exceeds 5000 ms", "+"));
        assert!(has("strictly between 5099 and 5101", "5100"));
        assert!(has("drift: -4000 - 200", "4000 + 200"));
        assert!(has("2100 \u{d7} -2", "2100 \u{d7} 2"));
        assert!(has("1250 point 5 ms", "1250.5 ms"));
        assert!(has("restarts: 300, plus 40", "300 plus 40"));
        assert!(!has("between 5000 and 6000", "5500"));
        assert!(!has("ran 3 - 2 jobs", "+"));
        // A bare `then` joins adjacent groups (the price: `wait 5 then 10` reads 510 here).
        assert!(has("5 then 1 then 0 then 0", "5100"));
        assert!(!has("wait 5 s then 10 s", "510"));
        assert!(!has("1920x1080", "*"));
        assert!(has("one and two", "1 and 2"));
        assert!(!has("5 pods and 100 restarts", "5100"));
        assert!(!has("5 + 100", "5100"));
    }

    #[test]
    fn only_changed_lines_are_read_again() {
        let text = "pods 5 ready on node\nlag three times 1700\nport 8080 open on node\nport 9090 open on node\nport 7070 open on node";
        let r = readings(text);
        assert_eq!(r.len(), 1);
        assert!(r[0].contains("3 times 1700") && r[0].contains("port 8080"));
        assert!(!r[0].contains("9090") && !r[0].contains("7070"));
    }

    #[test]
    fn zeros_counted_become_a_join() {
        assert_eq!(
            zeros_counted("51 and then two zeros").as_deref(),
            Some("51 followed by 00")
        );
        assert_eq!(
            zeros_counted("fifty-one followed by three zeros.").as_deref(),
            Some("fifty-one followed by 000")
        );
        assert_eq!(
            zeros_counted("5, then a pair of zeros").as_deref(),
            Some("5, followed by 00")
        );
        assert_eq!(zeros_counted("it shows two zeros"), None);
        assert_eq!(zeros_counted("five zeros in a row"), None);
        // Verbs of adding on, the number before or after the zeros.
        for (t, want) in [
            (
                "It's 51, then append two zeroes.",
                "It's 51, followed by 00",
            ),
            ("51 padded with 2 zeros", "51 followed by 00"),
            ("put two zeros after 51", "51 followed by 00"),
            ("tack on 2 zeros to 51.", "51 followed by 00"),
            ("add 3 noughts to 27", "27 followed by 000"),
            ("51, append 2 0s", "51, followed by 00"),
        ] {
            assert_eq!(zeros_counted(t).as_deref(), Some(want), "{t:?}");
        }
        for t in [
            "append 2 lines to 51",
            "retry 5 times, add 2 zeros to the timeout of 30",
            "51 and two zeros after 3 retries",
            "pad with 2 spaces",
        ] {
            assert!(
                !zeros_counted(t).is_some_and(|r| r.contains("followed by 00")),
                "{t:?}"
            );
        }
    }

    #[test]
    fn reversed_only_with_reversed_words() {
        assert!(has("derdnuh eno dnasuoht evif", "5100"));
        assert!(readings("the lag is high on orders").is_empty());
    }
}
