//! Digits appended and amounts added on in prose, read in the forward reading before the
//! words are digits ([`rewrite`]):
//! - zeros appended to a number, written as the join `followed by` that the join rule glues:
//!   `275 with a zero appended`, `275 with a trailing zero`, `51 with two trailing zeros`,
//!   `take 51 and append 00`, `51 padded with 00 on the right`, `275 then a 0`, `275, plus a
//!   0 at the end`, `51 with 00 tacked on`, `51 with two zeros after it`, `51 with a couple of zeros tacked on`, `51 shifted two
//!   decimal places left` (× 100), and the zeros before the number: `append "00" to 51`, `add a
//!   zero to the end of 275`;
//! - a second amount said to come on top of a first, across a comma, semicolon, dash or
//!   sentence break, written as `A + B`: `five thousand, plus another hundred`, `5000
//!   messages, and then 100 more on top`, `2000 messages, and another 750 on top`, `five
//!   thousand; add a hundred to that`, `Five thousand messages waited, then a hundred more
//!   joined them`, `5000 and change — the change being exactly 100`; and without a break
//!   after a joining word: `5000 and 100 more`, `5000 + another 100`, `5000 with 100 on
//!   top`, `5000 with an extra 100`.
//!
//! # False-positive controls
//!
//! A zero appended needs a number right before the joining words, and a weak join (`with`,
//! `and`, `plus`: `51 plus 00` is arithmetic) needs `trailing` or a closing phrase
//! (`appended`, `tacked on`, `at the end`, `on the right`); only zeros are appended (`port 51
//! then port 00`, `version 51 with two trailing spaces` stay). A sum needs a cue that the
//! second amount is more of the same (`another`, `more`, `on top`, `add … to that`, `the
//! change being`), one break between the amounts, and at most two words (a noun, a verb)
//! after the first; after `another B` only `more`, `on top` or the first amount's noun may
//! follow, so `5000 messages, plus another 100 errors` (other things counted) and `3 pods,
//! and another 2 on standby` are not summed. `5000 and change` alone states nothing.
//!
//! # Cost
//!
//! The caller runs this only on trigger lines; a line without `zero`, a lone `0` run,
//! `another`, `more`, `add`, `being`, `shift` or `append` is left after one byte scan.

use std::sync::OnceLock;

/// The text with appended zeros and added amounts rewritten (see the module doc); `None`
/// when nothing is.
pub(super) fn rewrite(s: &str) -> Option<String> {
    if !may_hold(s.as_bytes()) {
        return None;
    }
    let w = Words::new(s);
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for k in 0..w.len() {
        if let Some(e) = zeros_at(&w, k)
            .or_else(|| appended_to(&w, k))
            .or_else(|| sum_at(&w, k))
        {
            if edits.last().is_none_or(|l| l.1 <= e.0) {
                edits.push(e);
            }
        }
    }
    if edits.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(s.len() + 8);
    let mut copied = 0;
    for (a, b, text) in edits {
        out.push_str(s.get(copied..a).unwrap_or(""));
        out.push_str(&text);
        copied = b;
    }
    out.push_str(s.get(copied..).unwrap_or(""));
    // `51 followed by 00` (the zeros counted before) is already a join.
    (out != s).then_some(out)
}

/// A cheap look for the anchors as whole words: `zero…`, a `0` after a space, `another`,
/// `more`, `add`, `being`, `shift…` (one SIMD search each with finders built once; a hit is
/// then checked for word boundaries).
fn may_hold(b: &[u8]) -> bool {
    use memchr::memmem::Finder;
    static FINDERS: OnceLock<[Finder<'static>; 13]> = OnceLock::new();
    let finders = FINDERS.get_or_init(|| {
        [
            b"nother".as_slice(),
            b"more",
            b"More",
            b"add",
            b"Add",
            b"being",
            b"shift",
            b" 0",
            b"ppend",
            b" top",
            b"xtra",
            b"urther",
            b"dditional",
        ]
        .map(Finder::new)
    });
    let letter = |i: usize| b.get(i).is_some_and(u8::is_ascii_alphabetic);
    // A word starts at `i`: no letter before it.
    let opens = |i: usize| i == 0 || !letter(i - 1);
    if memchr::memchr2_iter(b'z', b'Z', b).any(|i| {
        opens(i)
            && b.get(i..i + 4)
                .is_some_and(|w| w.eq_ignore_ascii_case(b"zero"))
    }) {
        return true;
    }
    finders.iter().enumerate().any(|(k, f)| {
        let n = f.needle().len();
        f.find_iter(b).any(|i| match k {
            // `another`/`Another`: the letter before is `a`/`A`.
            0 => i >= 1 && opens(i - 1) && !letter(i + n),
            // `append…`/`Append…`.
            8 => i >= 1 && opens(i - 1),
            // ` top` after `on`.
            9 => !letter(i + n),
            // `extra`, `further`, `additional`: the first letter before.
            10..=12 => i >= 1 && opens(i - 1) && !letter(i + n),
            // ` 0`, `shift…`: the start only.
            6 => opens(i),
            // ` 00`: a word of zeros only (`0.5`, `0x13EC`, `05` are no zeros appended).
            7 => {
                let mut e = i + 1;
                while b.get(e) == Some(&b'0') {
                    e += 1;
                }
                match b.get(e) {
                    Some(b'.') => !b.get(e + 1).is_some_and(u8::is_ascii_digit),
                    Some(c) => !c.is_ascii_alphanumeric(),
                    None => true,
                }
            }
            _ => opens(i) && !letter(i + n),
        })
    })
}

/// The words of a text split at spaces, with their byte ranges.
struct Words<'a> {
    s: &'a str,
    /// Each word's start, end, and end without the punctuation after it.
    at: Vec<(usize, usize, usize)>,
}

impl<'a> Words<'a> {
    fn new(s: &'a str) -> Self {
        let mut at = Vec::new();
        let mut start = None;
        for (i, c) in s.char_indices().chain(std::iter::once((s.len(), ' '))) {
            match (c == ' ' || c == '\n', start) {
                (true, Some(a)) => {
                    let core = s
                        .get(a..i)
                        .unwrap_or("")
                        .trim_end_matches([',', '.', ';', ':', '!', '?']);
                    at.push((a, i, a + core.len()));
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        Words { s, at }
    }
    fn len(&self) -> usize {
        self.at.len()
    }
    /// Word `k` as written.
    fn raw(&self, k: usize) -> &'a str {
        self.at
            .get(k)
            .and_then(|&(a, b, _)| self.s.get(a..b))
            .unwrap_or("")
    }
    /// Word `k` without the punctuation after it.
    fn core(&self, k: usize) -> &'a str {
        self.at
            .get(k)
            .and_then(|&(a, _, c)| self.s.get(a..c))
            .unwrap_or("")
    }
    /// Where word `k`'s core ends (its punctuation dropped).
    fn core_end(&self, k: usize) -> usize {
        self.at.get(k).map_or(0, |&(_, _, c)| c)
    }
    fn start(&self, k: usize) -> usize {
        self.at.get(k).map_or(self.s.len(), |&(a, _, _)| a)
    }
    fn is(&self, k: usize, ws: &[&str]) -> bool {
        let c = self.core(k);
        !c.is_empty() && ws.iter().any(|w| c.eq_ignore_ascii_case(w))
    }
    /// Does punctuation end word `k` (a break in the prose)?
    fn breaks(&self, k: usize) -> bool {
        self.at.get(k).is_some_and(|&(_, b, c)| b > c)
    }
    /// Is word `k` a dash standing alone (`—`, `–`, `-`)?
    fn dash(&self, k: usize) -> bool {
        matches!(self.raw(k), "\u{2014}" | "\u{2013}" | "-" | "--")
    }
    /// Is word `k` a number: digits, or a number word (`fifty-one`)?
    fn number(&self, k: usize) -> bool {
        let c = self.core(k);
        !c.is_empty()
            && (c.bytes().all(|b| b.is_ascii_digit())
                || c.split('-').all(|p| super::word(p).is_some()))
    }
}

/// Verbs of appending, after which digits are appended whatever follows.
const APPEND: &[&str] = &[
    "append",
    "appended",
    "appending",
    "pad",
    "padded",
    "padding",
    "tack",
    "tacked",
    "suffix",
    "suffixed",
    "affix",
    "affixed",
    "attach",
    "attached",
    "stick",
    "stuck",
    "add",
    "added",
    "adding",
    "put",
    "place",
    "write",
];
/// Those of [`APPEND`] that may also mean arithmetic (`add 00`).
const ARITHMETIC_VERBS: &[&str] = &["add", "added", "adding", "put", "place", "write"];
const COUNTS: &[&str] = &[
    "two", "three", "four", "five", "six", "seven", "eight", "nine",
];

/// A count at word `k`: `two`…`nine`, or digits within `digits`.
fn count_at(w: &Words<'_>, k: usize, digits: std::ops::RangeInclusive<usize>) -> Option<usize> {
    COUNTS
        .iter()
        .position(|x| w.is(k, &[x]))
        .map(|i| i + 2)
        .or_else(|| {
            w.core(k)
                .parse::<usize>()
                .ok()
                .filter(|n| digits.contains(n))
        })
}

/// At word `k`, zeros appended to the number before: the edit (byte range, text).
fn zeros_at(w: &Words<'_>, k: usize) -> Option<(usize, usize, String)> {
    if w.is(k, &["shifted", "shift", "moved"]) {
        return shifted(w, k);
    }
    let c = w.core(k);
    let literal = !c.is_empty() && c.len() <= 4 && c.bytes().all(|b| b == b'0');
    let plural = w.is(k, &["zeros", "zeroes", "0s", "0's"]);
    if !literal && !plural && !w.is(k, &["zero"]) {
        return None;
    }
    // The count, then `trailing` between it and the zeros.
    let mut j = k;
    let trailing = j > 0 && w.is(j - 1, &["trailing"]);
    if trailing {
        j -= 1;
    }
    let (count, first) = if literal && !(j > 0 && w.is(j - 1, &["a", "one"])) {
        (c.len(), j)
    } else if plural {
        let p = j.checked_sub(1)?;
        // `a couple of zeros`, `a pair of 0s`.
        let pair =
            w.is(p, &["of"]) && p >= 2 && w.is(p - 1, &["couple", "pair"]) && w.is(p - 2, &["a"]);
        if pair {
            (2, p - 2)
        } else {
            (count_at(w, p, 2..=9)?, p)
        }
    } else {
        // `a zero`, `one 0`
        let p = j.checked_sub(1).filter(|&p| w.is(p, &["a", "one"]))?;
        (1, p)
    };
    // A closing phrase after the zeros.
    let mut end = k;
    let closing = if w.is(
        k + 1,
        &["appended", "added", "attached", "suffixed", "affixed"],
    ) {
        end = k + 1;
        true
    } else if w.is(k + 1, &["after", "behind"]) && w.is(k + 2, &["it", "that", "them"]) {
        // `51 with two zeros after it`.
        end = k + 2;
        true
    } else if w.is(k + 1, &["tacked", "stuck", "added"]) && w.is(k + 2, &["on"]) {
        end = k + 2;
        true
    } else if w.is(k + 1, &["at", "on", "to"])
        && w.is(k + 2, &["the"])
        && w.is(k + 3, &["end", "right"])
    {
        end = k + 3;
        true
    } else {
        false
    };
    // The joining words before the count.
    let at = first.checked_sub(1)?;
    let (strong, from) = if w.is(at, APPEND) {
        let strong = !(literal && w.is(at, ARITHMETIC_VERBS));
        (strong, at)
    } else if (w.is(at, &["with"]) && at > 0 && w.is(at - 1, APPEND))
        || (w.is(at, &["on"]) && at > 0 && w.is(at - 1, &["tack", "stick", "add"]))
    {
        // `padded with`, `tack on`
        (true, at - 1)
    } else if w.is(at, &["then"]) {
        (true, at)
    } else if w.is(at, &["by"]) && at > 0 && w.is(at - 1, &["followed"]) {
        (true, at - 1)
    } else if w.is(at, &["with", "and", "plus"]) {
        (false, at)
    } else {
        return None;
    };
    if !(strong || trailing || closing) {
        return None;
    }
    // `and then append`, `then append`, `and append`: the joining words go too.
    let mut from = from;
    while from > 0 && w.is(from - 1, &["and", "then"]) && !w.breaks(from - 1) {
        from -= 1;
    }
    let n = from.checked_sub(1).filter(|&n| w.number(n))?;
    Some((
        w.core_end(n),
        w.core_end(end),
        format!(" followed by {}", "0".repeat(count)),
    ))
}

/// At an appending verb (word `k`) with the zeros before the number: `append 0 to 275`,
/// `append "00" to 51`, `add a zero to the end of 275` (`to the end of`, `to the right of`),
/// rewritten as `N followed by 00`. A verb that may mean arithmetic (`add`, `put`, `write`) needs `the end of` or `the right
/// of` (`add 0 to 275` is a sum).
fn appended_to(w: &Words<'_>, k: usize) -> Option<(usize, usize, String)> {
    if !w.is(k, APPEND) {
        return None;
    }
    let unquoted = |j: usize| w.core(j).trim_matches(['"', '\'', '`']);
    let zeros = |j: usize| {
        let c = unquoted(j);
        (!c.is_empty() && c.len() <= 4 && c.bytes().all(|b| b == b'0')).then_some(c.len())
    };
    let (count, mut j) = if let Some(n) = zeros(k + 1) {
        (n, k + 2)
    } else if w.is(k + 1, &["a", "one"]) && (w.is(k + 2, &["zero"]) || zeros(k + 2) == Some(1)) {
        (1, k + 3)
    } else if w.is(k + 2, &["zeros", "zeroes", "0s"]) {
        (count_at(w, k + 1, 2..=9)?, k + 3)
    } else {
        return None;
    };
    if !w.is(j, &["to", "onto"]) {
        return None;
    }
    j += 1;
    let end_of =
        w.is(j, &["the"]) && w.is(j + 1, &["end", "right", "back"]) && w.is(j + 2, &["of"]);
    if end_of {
        j += 3;
    }
    if w.is(k, ARITHMETIC_VERBS) && !end_of {
        return None;
    }
    let c = w.core(j);
    if c.is_empty() || !c.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((
        w.start(k),
        w.core_end(j),
        format!("{c} followed by {}", "0".repeat(count)),
    ))
}

/// At `shifted` (word `k`): `N shifted two decimal places left` (`2 places to the left`) as
/// `N followed by 00`.
fn shifted(w: &Words<'_>, k: usize) -> Option<(usize, usize, String)> {
    let n = k.checked_sub(1).filter(|&n| w.number(n) && !w.breaks(n))?;
    let count = count_at(w, k + 1, 1..=6)?;
    let mut j = k + 2;
    if w.is(j, &["decimal"]) {
        j += 1;
    }
    if !w.is(j, &["places", "digits", "positions"]) {
        return None;
    }
    let end = if w.is(j + 1, &["left"]) {
        j + 1
    } else if w.is(j + 1, &["to"]) && w.is(j + 2, &["the"]) && w.is(j + 3, &["left"]) {
        j + 3
    } else {
        return None;
    };
    Some((
        w.core_end(n),
        w.core_end(end),
        format!(" followed by {}", "0".repeat(count)),
    ))
}

/// The number words of a run starting at word `k` (`a hundred`, `seven hundred and fifty`,
/// `750`): the index after the run's last word; a run stops after a word with punctuation.
fn run_from(w: &Words<'_>, k: usize) -> Option<usize> {
    let c = w.core(k);
    if !c.is_empty() && c.bytes().all(|b| b.is_ascii_digit()) {
        return Some(k + 1);
    }
    let mut j = k;
    if w.is(j, &["a"]) && !w.breaks(j) {
        j += 1;
    }
    if w.core(j).bytes().any(|b| b.is_ascii_digit()) || !w.number(j) {
        return None;
    }
    loop {
        if w.breaks(j) {
            return Some(j + 1);
        }
        if w.number(j + 1) && !w.core(j + 1).bytes().any(|b| b.is_ascii_digit()) {
            j += 1;
        } else if w.is(j + 1, &["and"]) && !w.breaks(j + 1) && w.number(j + 2) {
            j += 2;
        } else {
            return Some(j + 1);
        }
    }
}

/// The start of the number run that ends with word `e` (inclusive), read backwards.
fn run_back(w: &Words<'_>, e: usize) -> Option<usize> {
    if !w.number(e) {
        return None;
    }
    if w.core(e).bytes().all(|b| b.is_ascii_digit()) {
        return Some(e);
    }
    let mut j = e;
    while j > 0 && !w.breaks(j - 1) {
        if w.number(j - 1) && !w.core(j - 1).bytes().any(|b| b.is_ascii_digit()) {
            j -= 1;
        } else if j > 1 && w.is(j - 1, &["and"]) && w.number(j - 2) && !w.breaks(j - 2) {
            j -= 2;
        } else {
            break;
        }
    }
    if j > 0 && w.is(j - 1, &["a"]) && !w.breaks(j - 1) {
        j -= 1;
    }
    Some(j)
}

/// At word `k`, a second amount said to come on top of a first one: the edit that writes
/// `A + B` in place of everything from the end of `A` to the cue's last word.
fn sum_at(w: &Words<'_>, k: usize) -> Option<(usize, usize, String)> {
    // (first word of B, word after B, last word taken, where the joining words end)
    let (b0, b1, last, join_end) = if w.is(k, &["another"]) {
        let b1 = run_from(w, k + 1)?;
        let last = if w.breaks(b1 - 1) {
            b1 - 1
        } else if w.is(b1, &["more"]) {
            b1
        } else if w.is(b1, &["on"]) && w.is(b1 + 1, &["top"]) {
            b1 + 1
        } else if b1 >= w.len() {
            b1 - 1
        } else {
            // The same noun as after A is checked below.
            usize::MAX
        };
        (k + 1, b1, last, k)
    } else if w.is(k, &["more"]) && k > 0 && !w.breaks(k - 1) {
        let b0 = run_back(w, k - 1)?;
        let last = if !w.breaks(k) && w.is(k + 1, &["on"]) && w.is(k + 2, &["top"]) {
            k + 2
        } else {
            k
        };
        (b0, k, last, b0)
    } else if w.is(k, &["extra", "further", "additional"]) && k > 0 && w.is(k - 1, &["an", "a"]) {
        // `5000 with an extra 100`, `5000 and a further 100`.
        let b1 = run_from(w, k + 1)?;
        (k + 1, b1, b1 - 1, k - 1)
    } else if w.is(k, &["on"]) && w.is(k + 1, &["top"]) && k > 0 && !w.breaks(k - 1) {
        // `5000 with 100 on top`.
        let b0 = run_back(w, k - 1)?;
        (b0, k, k + 1, b0)
    } else if w.is(k, &["add"]) {
        let b1 = run_from(w, k + 1)?;
        if w.breaks(b1 - 1) || !w.is(b1, &["to"]) || !w.is(b1 + 1, &["that", "it"]) {
            return None;
        }
        (k + 1, b1, b1 + 1, k)
    } else if w.is(k, &["being"]) && k >= 2 && w.is(k - 1, &["change"]) && w.is(k - 2, &["the"]) {
        let b0 = if w.is(k + 1, &["exactly", "just"]) {
            k + 2
        } else {
            k + 1
        };
        let b1 = run_from(w, b0)?;
        (b0, b1, b1 - 1, k - 2)
    } else {
        return None;
    };
    // The joining words before B (`, plus`, `, and then`, `; add`) back to the break.
    let mut j = join_end;
    while j > 0
        && !w.breaks(j - 1)
        && !w.dash(j - 1)
        && w.is(j - 1, &["and", "then", "plus", "add", "+", "with"])
    {
        j -= 1;
    }
    // The break: punctuation on the word before, or a dash word; or, without one, a joining
    // word and a cue that B comes on top (`5000 and 100 more`, `5000 + another 100`, `5000
    // with 100 on top`): `add … to that` and `the change being` keep their break.
    let p = j.checked_sub(1)?;
    let p = if w.dash(p) { p.checked_sub(1)? } else { p };
    let on_top = j < join_end && !w.is(k, &["add", "being"]);
    if !w.breaks(p) && !w.dash(p + 1) && !on_top {
        return None;
    }
    // `A and change — the change being B`: A before `and change`.
    let change = w.is(k, &["being"]);
    let (a, noun) = if change {
        if !(w.is(p, &["change"]) && p >= 2 && w.is(p - 1, &["and"])) {
            return None;
        }
        (p - 2, None)
    } else if w.number(p) {
        (p, None)
    } else if p >= 1 && w.number(p - 1) && !w.breaks(p - 1) {
        (p - 1, Some(p))
    } else if p >= 2 && w.number(p - 2) && !w.breaks(p - 2) && !w.breaks(p - 1) {
        (p - 2, Some(p - 1))
    } else {
        return None;
    };
    if !w.number(a) || noun.is_some_and(|n| w.number(n) || w.is(n, &["a", "and"])) {
        return None;
    }
    // After `another B`: only A's noun (`2000 messages, and another 750 messages`).
    let last = if last == usize::MAX {
        let same = noun.is_some_and(|n| w.core(n).eq_ignore_ascii_case(w.core(b1)));
        if !same {
            return None;
        }
        b1
    } else {
        last
    };
    let b = w.s.get(w.start(b0)..w.core_end(b1 - 1))?;
    // `another hundred`: a scale word opens a number only after `a`.
    let article = if w.is(b0, &["hundred", "thousand"]) {
        "a "
    } else {
        ""
    };
    Some((w.core_end(a), w.core_end(last), format!(" + {article}{b}")))
}

#[cfg(test)]
mod tests {
    use super::rewrite;

    #[test]
    fn zeros_appended() {
        for (t, want) in [
            ("worst lag is 275 with a zero appended", "275 followed by 0"),
            ("worst lag is 275 with a trailing zero", "275 followed by 0"),
            ("lag is 51 with two trailing zeros", "51 followed by 00"),
            ("lag: take 51 and append 00", "51 followed by 00"),
            ("lag is 51 padded with 00 on the right", "51 followed by 00"),
            ("worst lag = 275 then a 0", "275 followed by 0"),
            ("worst lag: 275, plus a 0 at the end", "275 followed by 0"),
            ("51 with 00 tacked on", "51 followed by 00"),
            (
                "lag is 51 shifted two decimal places left",
                "51 followed by 00",
            ),
            ("51 with two zeros after it", "51 followed by 00"),
            ("51 with a couple of zeros tacked on", "51 followed by 00"),
            ("51 followed by a pair of zeroes", "51 followed by 00"),
            ("append 0 to 275", "275 followed by 0"),
            ("append \"00\" to 51", "51 followed by 00"),
            ("Append two zeros to 51.", "51 followed by 00"),
            ("add a zero to the end of 275", "275 followed by 0"),
        ] {
            let r = rewrite(t);
            assert!(
                r.as_deref().is_some_and(|r| r.contains(want)),
                "{t:?}: {r:?}"
            );
        }
        for t in [
            "add 2 zeros to the timeout",
            "port 51 then port 00",
            "version 51 with two trailing spaces",
            "51 plus 00",
            "51 with 00",
            "a trailing zero here",
            "add 0 to 275",
            "append 5 to 275",
            "append 0 to the list",
        ] {
            assert_eq!(rewrite(t), None, "{t:?}");
        }
    }

    #[test]
    fn amounts_added_on() {
        for (t, want) in [
            (
                "The lag: five thousand, plus another hundred.",
                "five thousand + a hundred",
            ),
            (
                "The backlog is five thousand messages, plus another hundred.",
                "five thousand + a hundred",
            ),
            (
                "It's 5000 messages, and then 100 more on top.",
                "5000 + 100",
            ),
            (
                "worst partition: 2000 messages, and another 750 on top",
                "2000 + 750",
            ),
            (
                "The lag is five thousand; add a hundred to that.",
                "five thousand + a hundred",
            ),
            (
                "Five thousand messages waited, then a hundred more joined them.",
                "Five thousand + a hundred",
            ),
            (
                "5000 and change \u{2014} the change being exactly 100",
                "5000 + 100",
            ),
            (
                "Worst partition: two thousand, then another seven hundred and fifty.",
                "two thousand + seven hundred and fifty",
            ),
            ("2000 messages, and another 750 messages", "2000 + 750"),
            // Without a break, a joining word and a cue that B comes on top.
            ("the lag is 5000 and 100 more", "5000 + 100"),
            ("5000 messages and 100 more", "5000 + 100"),
            ("5000 + another 100", "5000 + 100"),
            ("it's 5000 with 100 on top", "5000 + 100"),
            ("5000 with an extra 100", "5000 + 100"),
            ("5000 and a further 100", "5000 + 100"),
            (
                "five thousand and another hundred",
                "five thousand + a hundred",
            ),
        ] {
            let r = rewrite(t);
            assert!(
                r.as_deref().is_some_and(|r| r.contains(want)),
                "{t:?}: {r:?}"
            );
        }
        for t in [
            "5000 messages, plus another 100 errors",
            "3 pods, and another 2 on standby",
            "5000 and change",
            "5000 100 more",
            "we need another 100",
            "5000 with 100 replicas on top of the rack",
        ] {
            assert_eq!(rewrite(t), None, "{t:?}");
        }
    }
}
