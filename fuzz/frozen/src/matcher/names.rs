//! Topic-partition names said in other words: a string target made of a name and a number
//! (`orders-7`) is also stated by the name and the number near each other with only filler
//! between, the number in digits, in words or in Roman numerals: `orders seven`, `orders VII`,
//! `orders p7`, `partition 7 of the orders topic`, `topic: orders, partition: 7`,
//! `TopicPartition(orders, 7)`.
//!
//! Within 48 bytes on either side of the name, the words between it and the number must all
//! be filler (`partition`, `topic`, `of`, `the`, `number`, `no`, `index`, `is`, …) and
//! punctuation.
//!
//! False-positive controls: the number must equal the target's; a number followed by a plural
//! word is a count, not an index (`orders topic, 7 partitions`, `orders is 7 days old`); any
//! other word in between breaks the link (`orders has 7 consumers`); a one-letter Roman numeral
//! must be upper case.
use super::targets::Hits;
use super::words::{TEENS, TENS, UNITS};

/// A target `<name><sep><number>`.
#[derive(Debug, Clone)]
pub(crate) struct NameNumber {
    /// The name, lowercase ASCII letters.
    name: String,
    number: u32,
    idx: usize,
}

impl NameNumber {
    /// The shape of target text `t` (normalised), if it is letters then a number below 1000.
    pub(crate) fn new(t: &str, idx: usize) -> Option<NameNumber> {
        let t = t.trim();
        let split = t.find(|c: char| c.is_ascii_digit())?;
        let (name, num) = t.split_at(split);
        let name: String = name
            .trim_end_matches(['-', '_', ' ', '.', ':', '/', '#'])
            .to_ascii_lowercase();
        if name.len() < 3 || !name.bytes().all(|c| c.is_ascii_lowercase()) {
            return None;
        }
        let number: u32 = num.parse().ok().filter(|n| *n < 1000)?;
        Some(NameNumber { name, number, idx })
    }
}

const WINDOW: usize = 48;

/// Words that may stand between a name and its number.
const FILLER: &[&str] = &[
    "partition",
    "part",
    "topic",
    "of",
    "the",
    "number",
    "no",
    "nr",
    "index",
    "idx",
    "is",
    "was",
    "id",
    "shard",
    "queue",
    "at",
    "in",
    "on",
    "topicpartition",
];

/// A number word or Roman numeral below 100 (`seven`, `twenty-one` arrives as two words).
fn small_number(w: &str, raw: &str) -> Option<u32> {
    if let Some(i) = UNITS.iter().chain(TEENS.iter()).position(|u| *u == w) {
        return u32::try_from(i).ok();
    }
    if let Ok(n) = w.parse::<u32>() {
        return Some(n);
    }
    // `p7`
    if let Some(n) = w.strip_prefix('p').and_then(|d| d.parse::<u32>().ok()) {
        return Some(n);
    }
    roman(w, raw)
}

fn roman(w: &str, raw: &str) -> Option<u32> {
    if w.is_empty() || w.len() > 8 || !w.bytes().all(|c| b"ivxlc".contains(&c)) {
        return None;
    }
    if w.len() == 1 && !raw.bytes().all(|c| c.is_ascii_uppercase()) {
        return None;
    }
    let val = |c: u8| match c {
        b'i' => 1,
        b'v' => 5,
        b'x' => 10,
        b'l' => 50,
        _ => 100,
    };
    let b = w.as_bytes();
    let mut total: u32 = 0;
    for (k, &c) in b.iter().enumerate() {
        let v = val(c);
        if b.get(k + 1).is_some_and(|&n| val(n) > v) {
            total = total.checked_sub(v)?;
        } else {
            total += v;
        }
    }
    Some(total)
}

/// Words of `s` (ASCII alphanumeric runs) with their byte spans.
fn words(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b.get(i).is_some_and(u8::is_ascii_alphanumeric) {
            let st = i;
            while b.get(i).is_some_and(u8::is_ascii_alphanumeric) {
                i += 1;
            }
            out.push((st, i));
        } else {
            i += 1;
        }
    }
    out
}

/// Record every name-number target stated in normalised text `s`.
pub(crate) fn scan(targets: &[NameNumber], s: &str, hits: &mut Hits) {
    if targets.is_empty() {
        return;
    }
    let lower = s.to_ascii_lowercase();
    let lb = lower.as_bytes();
    for t in targets {
        for at in memchr::memmem::find_iter(lb, t.name.as_bytes()) {
            let end = at + t.name.len();
            // The name is a whole word (or the start of `TopicPartition(orders`).
            let glued_before = at > 0 && lb.get(at - 1).is_some_and(u8::is_ascii_alphabetic);
            if glued_before || lb.get(end).is_some_and(u8::is_ascii_alphabetic) {
                continue;
            }
            let mut lo = at.saturating_sub(WINDOW);
            let mut hi = (end + WINDOW).min(s.len());
            while lo > 0 && !s.is_char_boundary(lo) {
                lo -= 1;
            }
            while hi < s.len() && !s.is_char_boundary(hi) {
                hi += 1;
            }
            let (Some(la), Some(ra), Some(lb4), Some(rb4)) = (
                lower.get(end..hi),
                s.get(end..hi),
                lower.get(lo..at),
                s.get(lo..at),
            ) else {
                continue;
            };
            if after(t, la, ra) || before(t, lb4, rb4) {
                hits.set(t.idx);
            }
        }
    }
}

/// The number after the name: filler words, then the number, not followed by a plural word.
fn after(t: &NameNumber, lower: &str, raw: &str) -> bool {
    let ws = words(lower);
    for (k, &(a, b)) in ws.iter().enumerate() {
        let w = lower.get(a..b).unwrap_or("");
        let n = small_number(w, raw.get(a..b).unwrap_or("")).or_else(|| {
            let tens = TENS.iter().position(|x| *x == w)?;
            let base = 20 + 10 * u32::try_from(tens).ok()?;
            let unit = ws
                .get(k + 1)
                .and_then(|&(c, d)| small_number(lower.get(c..d)?, raw.get(c..d)?))
                .filter(|u| *u < 10)
                .unwrap_or(0);
            Some(base + unit)
        });
        if let Some(n) = n {
            let plural_next = ws.get(k + 1).is_some_and(|&(c, d)| {
                d - c > 3 && lower.get(c..d).is_some_and(|x| x.ends_with('s'))
            });
            return n == t.number && !plural_next;
        }
        if !FILLER.contains(&w) {
            return false;
        }
    }
    false
}

/// The number before the name: `partition 7 of the orders`.
fn before(t: &NameNumber, lower: &str, raw: &str) -> bool {
    let ws = words(lower);
    for &(a, b) in ws.iter().rev() {
        let w = lower.get(a..b).unwrap_or("");
        if let Some(n) = small_number(w, raw.get(a..b).unwrap_or("")) {
            // `partition 7 of the orders`: the word before the number must name an index.
            return n == t.number
                && lower
                    .get(..a)
                    .unwrap_or("")
                    .trim_end_matches(|c: char| !c.is_ascii_alphanumeric())
                    .ends_with("partition");
        }
        if !FILLER.contains(&w) {
            return false;
        }
    }
    false
}
