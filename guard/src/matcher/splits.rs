//! A whole number's digits split into groups that are not thousands (a stretch rule under
//! `Rules::concatenations`): `51 00`, `27-50`, `2·7·50`, `51/00`, or one group per line
//! (`51` on a line, `00` on the next). The number reader reads `5 100` as 5,100 (a group of
//! three) but never `51 00`, which a learner who asked for "the digits in two halves" reads at
//! a glance.
//!
//! This module owns that reading: two to four digit runs joined by exactly one separator
//! ([`SEPARATORS`]) or by a line break between lines that hold nothing else, whose digits in
//! order are an integer target's digits.
//!
//! False-positive controls: the dot, the comma and the colon never join (`51.00` is 51,
//! `5.1.0.0` a version, `12:50` a time); the first run must not follow a letter, digit or dot,
//! and the last must not be followed by one (`v51-00a`, `10.51 00`); each group is at most
//! four digits and the digits must be a target's exactly, so a date (`2026-12-01`) or a range
//! (`10-20`) states only a target that is literally its digits.

/// Characters that join two groups of one split number.
const SEPARATORS: &[char] = &[
    ' ', '-', '_', '/', '|', '\u{B7}', '\u{2022}', '\u{2013}', '~',
    // Dots of other blocks that no normalisation turns into a full stop: dot operator,
    // bullet operator, hyphenation point, katakana and half-width middle dots.
    '\u{22C5}', '\u{2219}', '\u{2027}', '\u{30FB}', '\u{FF65}',
    // Slashes, commas and stops of other blocks that normalisation leaves as they are
    // (fraction and division slash, raised and Mongolian commas, a low vertical line,
    // ideographic comma and stop, Armenian full stop), and an apostrophe (`51'00`).
    '\u{2044}', '\u{2215}', '\u{2E34}', '\u{1802}', '\u{02CC}', '\u{3001}', '\u{3002}', '\u{0589}',
    '\'',
];

/// Mark each integer target (`digits`: its digits and compiled index) that `s` writes split.
pub(crate) fn scan(digits: &[(String, usize)], s: &str, hits: &mut super::targets::Hits) {
    if digits.is_empty() {
        return;
    }
    let runs = runs(s);
    if runs.len() < 2 {
        return;
    }
    unit_split(digits, s, &runs, hits);
    let longest = digits.iter().map(|(d, _)| d.len()).max().unwrap_or(0);
    for i in 0..runs.len() {
        let (a, b) = runs[i];
        if b - a > 4 || !open(s, a) {
            continue;
        }
        let mut joined = String::from(s.get(a..b).unwrap_or(""));
        for k in i + 1..runs.len().min(i + 4) {
            let (prev_end, (c, d)) = (runs[k - 1].1, runs[k]);
            if d - c > 4 || !joins(s, prev_end, c) {
                break;
            }
            joined.push_str(s.get(c..d).unwrap_or(""));
            if joined.len() > longest {
                break;
            }
            // `5 100 000` is one number: a run that goes on is not a split of its start.
            let goes_on = runs.get(k + 1).is_some_and(|&(e, _)| joins(s, d, e));
            if close(s, d) && !goes_on {
                for (t, idx) in digits {
                    if *t == joined {
                        hits.set(*idx);
                    }
                }
            }
        }
    }
}

/// Byte ranges of the ASCII digit runs of `s`.
fn runs(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push((start, i));
        } else {
            i += 1;
        }
    }
    out
}

/// May a split number start at `a`?
fn open(s: &str, a: usize) -> bool {
    !s.get(..a)
        .and_then(|h| h.chars().next_back())
        .is_some_and(|c| c.is_alphanumeric() || c == '.' || c == ',')
}

/// May a split number end at `d`?
fn close(s: &str, d: usize) -> bool {
    let mut rest = s.get(d..).unwrap_or("").chars();
    match rest.next() {
        None => true,
        // A sentence's full stop or comma ends it; a decimal point or a group does not.
        Some('.' | ',') => !rest.next().is_some_and(|c| c.is_ascii_digit()),
        // `27 50-ms timeouts`: a compound modifier, its own number.
        Some('-') => !rest.next().is_some_and(char::is_alphabetic),
        Some(c) => !c.is_alphanumeric(),
    }
}

/// Does the text between two runs (`s[end..start]`) join them?
fn joins(s: &str, end: usize, start: usize) -> bool {
    let gap = s.get(end..start).unwrap_or("");
    if gap == ":" {
        return clock_like(s, end, start);
    }
    // One separator, or one between single spaces (`51 | 00`, `27 - 50`).
    let inner = gap.strip_prefix(' ').unwrap_or(gap);
    let inner = inner.strip_suffix(' ').unwrap_or(inner);
    let inner = if inner.is_empty() { gap } else { inner };
    let mut cs = inner.chars();
    if let (Some(c), None) = (cs.next(), cs.next()) {
        if SEPARATORS.contains(&c) {
            return true;
        }
    }
    // One group per line: a line break (spaces around it) between lines holding only digits.
    if gap.trim_matches([' ', '\t']) != "\n" {
        return false;
    }
    let line_start = s
        .get(..end)
        .and_then(|h| h.rfind('\n'))
        .map_or(0, |p| p + 1);
    let line_end = s
        .get(start..)
        .and_then(|t| t.find('\n'))
        .map_or(s.len(), |p| start + p);
    let only_digits = |l: &str| l.trim().bytes().all(|b| b.is_ascii_digit());
    s.get(line_start..end).is_some_and(only_digits)
        && s.get(start..line_end).is_some_and(only_digits)
}

/// `51:00`, `27:50`: a colon joins a group that cannot be an hour (24 or more) to two digits,
/// as minutes and seconds would be written; `12:50`, `10:42` stay times of day.
fn clock_like(s: &str, end: usize, start: usize) -> bool {
    let b = s.as_bytes();
    let mut a = end;
    while a > 0 && b.get(a - 1).is_some_and(u8::is_ascii_digit) {
        a -= 1;
    }
    let mut d = start;
    while b.get(d).is_some_and(u8::is_ascii_digit) {
        d += 1;
    }
    let hours = s.get(a..end).and_then(|h| h.parse::<u32>().ok());
    // Not a piece of a longer time (`10:51:00`, `51:00:00`), unless the hours before it are
    // zero (`00:51:00` is 51 minutes, and a timestamp's `T00:51:00` stays a time).
    let zero_hours = a > 0 && b.get(a - 1) == Some(&b':') && {
        let mut z = a - 1;
        while z > 0 && b.get(z - 1) == Some(&b'0') {
            z -= 1;
        }
        z < a - 1
            && (z == 0
                || !b
                    .get(z - 1)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b':'))
    };
    let chained = (a > 0 && b.get(a - 1) == Some(&b':') && !zero_hours) || b.get(d) == Some(&b':');
    d - start == 2 && hours.is_some_and(|h| h >= 24) && !chained
}

/// Minutes and seconds (or hours and minutes) written with their units: `51m00s`, `51 min 00
/// s`, `27h50m`. The second group is two digits, as a clock writes it; the digits of both in
/// order are read as one number (a learner's "the value as a duration").
fn unit_split(
    digits: &[(String, usize)],
    s: &str,
    runs: &[(usize, usize)],
    hits: &mut super::targets::Hits,
) {
    const BIG: &[&str] = &[
        "h", "hr", "hrs", "hour", "hours", "m", "min", "mins", "minute", "minutes",
    ];
    const SMALL: &[&str] = &[
        "m", "min", "mins", "minute", "minutes", "s", "sec", "secs", "second", "seconds",
    ];
    let word = |from: usize| -> (&str, usize) {
        let rest = s.get(from..).unwrap_or("");
        let skip = rest.len() - rest.trim_start_matches(' ').len();
        let w = rest
            .get(skip..)
            .and_then(|r| r.split(|c: char| !c.is_ascii_alphabetic()).next())
            .unwrap_or("");
        (w, from + skip + w.len())
    };
    for pair in runs.windows(2) {
        let [(a, b), (c, d)] = [pair[0], pair[1]];
        if b - a > 4 || d - c != 2 || !open(s, a) {
            continue;
        }
        let (w1, e1) = word(b);
        if !BIG.iter().any(|u| w1.eq_ignore_ascii_case(u))
            || s.get(e1..c).is_none_or(|g| !g.trim_matches(' ').is_empty())
        {
            continue;
        }
        let (w2, e2) = word(d);
        let small = SMALL.iter().any(|u| w2.eq_ignore_ascii_case(u));
        if !small
            || s.get(e2..)
                .and_then(|r| r.chars().next())
                .is_some_and(char::is_alphanumeric)
        {
            continue;
        }
        // Units in full (`27 minutes 50 seconds`) are how a person states a duration; only a
        // clock's zero-padded second group (`51 minutes 00 seconds`) reads as digits to join.
        let compact = w1.len() <= 3 && w2.len() <= 3;
        if !compact && s.as_bytes().get(c) != Some(&b'0') {
            continue;
        }
        let joined = format!("{}{}", s.get(a..b).unwrap_or(""), s.get(c..d).unwrap_or(""));
        for (t, idx) in digits {
            if *t == joined {
                hits.set(*idx);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matcher::targets::Hits;

    fn has(text: &str, target: &str) -> bool {
        let mut hits = Hits::new(1, 0);
        scan(&[(target.to_string(), 0)], text, &mut hits);
        hits.any()
    }

    #[test]
    fn splits_read() {
        for t in [
            "The lag is 51 00.",
            "the lag is 27-50",
            "2\u{B7}7\u{B7}50",
            "51/00",
            "halves: 51 | 00",
            "lag:\n51\n00\n",
            "51_00 messages",
            "The total lag is 51:00.",
            "lag 27:50",
            "at 00:51:00",
            "0:51:00",
            "51m00s",
            "Timer shows 51 min 00 s",
            "27h50m",
            "51 minutes 00 seconds",
        ] {
            let target = if t.contains("27") || t.contains('\u{B7}') {
                "2750"
            } else {
                "5100"
            };
            assert!(has(t, target), "{t:?}");
        }
    }

    #[test]
    fn near_misses() {
        for t in [
            "51.00",
            "5.1.0.0",
            "12:50",
            "at 5:10:0",
            "51:000",
            "fired at 10:51:00",
            "51:00:00 ago",
            "v51-00a",
            "10.51 00",
            "51 001",
            "51, 00",
            "row 51\n00 more",
            "51 000",
            "51 00 7",
            "2026-08-03T00:51:00Z",
            "10:00:51:00",
            "51m00",
            "51m00sec2",
            "51m000s",
            "51 00s",
            "x51m00s",
        ] {
            assert!(!has(t, "5100"), "{t:?}");
        }
        assert!(!has("2026-12-01", "5100"));
        assert!(!has("Mean time to recovery 27 minutes 50 seconds", "2750"));
        assert!(has("27m50s", "2750"));
    }
}
