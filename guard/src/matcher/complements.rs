//! Two numbers on a line that a reader combines in one step because the line says how, in a
//! lab's own vocabulary: a lag as the gap between two offsets (`LOG-END-OFFSET 15100,
//! CURRENT-OFFSET 10000`, `produced 20000, consumed 14900`, `the difference between 15100 and
//! 10000`, `1000 requests, 630 succeeded, the rest failed`), a share of a count (`1000
//! requests at a 37% error ratio`, `success ratio 63% over 1000 requests; the failures are
//! the rest`) and an average or a rate times a count (`5 partitions average a lag of 1020`,
//! `74 failures per minute for 5 minutes`). This module owns those readings; each value is
//! compared exactly (`Matcher::computed`).
//!
//! A line is read only when it holds a cue of its kind ([`CUES`]): a word that asks for a
//! difference, the rest or a remainder, or one label of each side of a gap (an end offset and
//! a committed one, produced and consumed, requests and successes) with an equation that
//! names the gap (`lag = end - committed`); a percent; an average or a rate with a span.
//!
//! Raw offsets are left alone: `log end offset 25100, committed offset 20000` or a
//! `kafka-consumer-groups --describe` row without its LAG column is the evidence a learner
//! works the lag out from (that is the diagnosis, and the LAG column itself is read as a
//! number); a line that does the subtraction for the reader, or tells them to, states it.
//! Near-misses left alone: two numbers with no cue (`5 pods and 100 restarts`), a line of
//! more than [`MAX_NUMBERS`] numbers (a table row or a dump: the candidate rule owns lists),
//! numbers glued to letters (`p99`, `v2`, `10ms` stays a number but `x15100` does not), and
//! any combination that is not exactly a target.
use std::sync::OnceLock;

use aho_corasick::AhoCorasick;

/// Numbers on a line beyond which the line is data, not a statement.
const MAX_NUMBERS: usize = 8;

#[derive(Clone, Copy, PartialEq)]
enum Cue {
    /// Asks for the gap between two numbers.
    Difference,
    /// The upper side of a gap: where a log or a count ends.
    End,
    /// The lower side: how far a consumer or the successes got.
    Reached,
    /// The part that is not the other: a share's complement.
    Rest,
    /// An average, or a rate over a span: a product.
    Product,
    /// A span a rate runs over (`for 5 minutes`), with `per`.
    Span,
    Per,
    /// An equation between labels (`lag = end - committed`): with an end and a reached
    /// label, it asks for their gap.
    Equation,
}

/// Cue words, ASCII case-insensitive.
const CUES: &[(&str, Cue)] = &[
    ("difference", Cue::Difference),
    ("differ ", Cue::Difference),
    ("the gap", Cue::Difference),
    ("subtract", Cue::Difference),
    ("behind", Cue::Difference),
    (" minus ", Cue::Difference),
    ("lag =", Cue::Equation),
    ("lag is end", Cue::Equation),
    (" - ", Cue::Equation),
    ("remainder", Cue::Rest),
    ("the rest", Cue::Rest),
    ("remaining", Cue::Rest),
    ("left over", Cue::Rest),
    ("leftover", Cue::Rest),
    ("the others", Cue::Rest),
    ("everything else", Cue::Rest),
    ("all other", Cue::Rest),
    ("outstanding", Cue::Rest),
    ("still lagging", Cue::Rest),
    ("not yet", Cue::Rest),
    ("log-end", Cue::End),
    ("log end", Cue::End),
    ("log_end", Cue::End),
    ("end offset", Cue::End),
    ("end-offset", Cue::End),
    ("log ends", Cue::End),
    ("high watermark", Cue::End),
    ("high-watermark", Cue::End),
    ("latest offset", Cue::End),
    ("produced", Cue::End),
    ("published", Cue::End),
    ("requests", Cue::End),
    ("current-offset", Cue::Reached),
    ("current offset", Cue::Reached),
    ("current_offset", Cue::Reached),
    ("committed", Cue::Reached),
    ("consumed", Cue::Reached),
    ("processed", Cue::Reached),
    ("succeeded", Cue::Reached),
    ("successful", Cue::Reached),
    (" ok", Cue::Reached),
    ("acked", Cue::Reached),
    ("group is at", Cue::Reached),
    ("average", Cue::Product),
    ("mean ", Cue::Product),
    ("avg", Cue::Product),
    ("apiece", Cue::Product),
    (" each", Cue::Product),
    (" per ", Cue::Per),
    ("/min", Cue::Per),
    ("/s ", Cue::Per),
    (" for ", Cue::Span),
    (" over ", Cue::Span),
    (" across ", Cue::Span),
    (" during ", Cue::Span),
];

fn cues() -> Option<&'static AhoCorasick> {
    static AC: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    AC.get_or_init(|| {
        crate::matcher::dfa_builder()
            .ascii_case_insensitive(true)
            .build(CUES.iter().map(|(w, _)| *w))
            .ok()
    })
    .as_ref()
}

/// A number on a line: its value and whether a `%` follows it.
#[derive(Clone, Copy)]
struct Num {
    value: f64,
    percent: bool,
}

/// Every value the lines of `s` combine two numbers into, by their cues.
pub(crate) fn values(s: &str, out: &mut impl FnMut(f64)) {
    let Some(ac) = cues() else {
        return;
    };
    for line in s.split('\n') {
        if !line.bytes().any(|b| b.is_ascii_digit()) {
            continue;
        }
        let mut has = [false; 8];
        for m in ac.find_overlapping_iter(line) {
            if let Some((_, c)) = CUES.get(m.pattern().as_usize()) {
                if let Some(h) = has.get_mut(*c as usize) {
                    *h = true;
                }
            }
        }
        let cued = |c: Cue| has.get(c as usize).copied().unwrap_or(false);
        let difference = cued(Cue::Difference)
            || cued(Cue::Rest)
            || (cued(Cue::End) && cued(Cue::Reached) && cued(Cue::Equation));
        let product = cued(Cue::Product) || (cued(Cue::Per) && cued(Cue::Span));
        let percent = line.contains('%');
        if !(difference || product || percent) {
            continue;
        }
        let nums = numbers(line);
        if nums.len() < 2 || nums.len() > MAX_NUMBERS {
            continue;
        }
        for (i, a) in nums.iter().enumerate() {
            for b in nums.iter().skip(i + 1) {
                match (a.percent, b.percent) {
                    (false, false) => {
                        if difference {
                            out((a.value - b.value).abs());
                        }
                        if product {
                            out(a.value * b.value);
                        }
                    }
                    (true, false) | (false, true) => {
                        let (p, n) = if a.percent {
                            (a.value, b.value)
                        } else {
                            (b.value, a.value)
                        };
                        out(p / 100.0 * n);
                        if cued(Cue::Rest) && p <= 100.0 {
                            out((100.0 - p) / 100.0 * n);
                        }
                    }
                    (true, true) => {}
                }
            }
        }
    }
}

/// The numbers of a line in digits (`15100`, `88,750`, `18.5%`), left to right, none glued
/// to a letter before it; past [`MAX_NUMBERS`] the count is all that matters.
fn numbers(line: &str) -> Vec<Num> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let Some(&c) = b.get(i) else { break };
        let glued = i > 0
            && b.get(i - 1)
                .is_some_and(|p| p.is_ascii_alphanumeric() || *p == b'_');
        if !c.is_ascii_digit() || glued {
            i += 1;
            continue;
        }
        let mut j = i;
        let mut text = String::new();
        while let Some(&d) = b.get(j) {
            let grouped = d == b','
                && b.get(j + 1..j + 4)
                    .is_some_and(|g| g.iter().all(u8::is_ascii_digit))
                && !b.get(j + 4).is_some_and(u8::is_ascii_digit);
            let point =
                d == b'.' && !text.contains('.') && b.get(j + 1).is_some_and(u8::is_ascii_digit);
            if d.is_ascii_digit() || point {
                text.push(char::from(d));
            } else if !grouped {
                break;
            }
            j += 1;
        }
        let percent = b.get(j) == Some(&b'%');
        if let Ok(value) = text.parse::<f64>() {
            out.push(Num { value, percent });
            if out.len() > MAX_NUMBERS {
                break;
            }
        }
        i = j.max(i + 1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn states(s: &str, v: f64) -> bool {
        let mut found = false;
        values(s, &mut |x| found |= (x - v).abs() < 1e-6);
        found
    }

    #[test]
    fn gaps_shares_and_products() {
        for (s, v) in [
            (
                "LOG-END-OFFSET 15100, CURRENT-OFFSET 10000 — lag is the difference",
                5100.0,
            ),
            (
                "log end offset 25100, committed offset 20000; lag = end - committed",
                5100.0,
            ),
            (
                "end offset: 88,750; committed: 86,000; lag = end - committed",
                2750.0,
            ),
            (
                "produced 20000, consumed 14900, lag = produced - consumed",
                5100.0,
            ),
            (
                "Of 20000 messages produced, 14900 have been consumed; the rest is the lag.",
                5100.0,
            ),
            ("the difference between 15100 and 10000", 5100.0),
            (
                "1000 requests came in and 630 of them succeeded; the rest failed.",
                370.0,
            ),
            ("failures: 1000 requests at a 37% error ratio", 370.0),
            ("failures: 2000 requests, 18.5% failed", 370.0),
            (
                "success ratio 63% over 1000 requests; the failures are the rest",
                370.0,
            ),
            ("5 partitions average a lag of 1020", 5100.0),
            ("mean lag 775 over the group's 5 partitions", 3875.0),
            ("74 failures per minute for 5 minutes", 370.0),
        ] {
            assert!(states(s, v), "{s}");
        }
    }

    #[test]
    fn near_misses() {
        for (s, v) in [
            // No cue.
            ("5 pods and 100 restarts", 5100.0),
            ("offsets 15100 10000", 5100.0),
            // Raw offsets: the evidence, not the answer.
            ("log end offset 25100, committed offset 20000", 5100.0),
            ("CURRENT-OFFSET 86000 LOG-END-OFFSET 88750", 2750.0),
            ("requests: 1000, ok: 630", 370.0),
            // A cue but another value.
            ("the difference between 15100 and 10001", 5100.0),
            ("1000 requests at a 36% error ratio", 370.0),
            // Glued to letters.
            ("the difference between x15100 and 10000", 5100.0),
            // Too many numbers: data.
            ("the rest: 15100 10000 1 2 3 4 5 6 7", 5100.0),
            // Per without a span is a rate, not a total.
            ("74 failures per minute, 5 replicas", 370.0),
        ] {
            assert!(!states(s, v), "{s}");
        }
    }
}
