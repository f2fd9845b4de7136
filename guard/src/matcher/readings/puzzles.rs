//! Puzzle relations in the forward reading: a value given as a riddle over other numbers
//! (the oracle or puzzle class: "don't tell me the lag, tell me the integer right after
//! 5099"). Each phrase is read as the arithmetic or the value it names, and the matcher's
//! rules read that:
//! - neighbours: `the integer right after 5099`, `the number just before 5101`, `the integer
//!   following 5099`, `the successor of 5099`, `the predecessor of 5101` (`N + 1`, `N - 1`);
//! - midpoints and means: `exactly halfway between 5000 and 5200`, `midway between`, `the
//!   midpoint of 5000 and 5200`, `avg of 4900 and 5300`, `the average of 4900, 5000 and
//!   5400`, `the mean of 5000 and 5200` (`(A + B) / 2`, up to six operands);
//! - shares: `10200 split in two`, `10200 split into 2 parts`, `10200 divided in half`,
//!   `10200 cut in two`, `10200 split two ways` (`N / K`);
//! - multiples: `the smallest multiple of 50 above 5060`, `the next multiple of 50 after
//!   5060`, `the largest multiple of 100 below 5150`, `the nearest multiple of 100 to 5080`.
//!
//! # False-positive controls
//!
//! Only the exact phrasing is read: a neighbour needs the noun `integer`/`number` (or
//! `successor`/`predecessor of`), a midpoint needs `halfway`/`midway`/`midpoint`, so `between
//! 4000 and 6000 messages` states no midpoint; a mean needs `of` and at least two numbers
//! joined by commas or `and` (`the average latency was 120 ms` is prose). What is read states a
//! target only when exactly equal to it, as any arithmetic does.
use super::{Kind, Tok};

/// A puzzle relation starting at token `i`: its reading and the token after it.
pub(super) fn relation(toks: &[Tok<'_>], i: usize) -> Option<(String, usize)> {
    let t = toks.get(i)?;
    if t.kind != Kind::Letters && t.kind != Kind::Digits {
        return None;
    }
    let r = Reader { toks };
    if t.kind == Kind::Digits {
        return r.share(i);
    }
    r.neighbour(i)
        .or_else(|| r.midpoint(i))
        .or_else(|| r.mean(i))
        .or_else(|| r.multiple(i))
}

struct Reader<'t, 'a> {
    toks: &'t [Tok<'a>],
}

impl Reader<'_, '_> {
    fn word(&self, k: usize, words: &[&str]) -> bool {
        self.toks.get(k).is_some_and(|x| {
            x.kind == Kind::Letters && words.iter().any(|w| x.text.eq_ignore_ascii_case(w))
        })
    }

    fn space(&self, k: usize) -> bool {
        self.toks.get(k).is_some_and(|x| x.kind == Kind::Space)
    }

    /// `word` then a space at `k`: the index after both.
    fn then(&self, k: usize, words: &[&str]) -> Option<usize> {
        (self.word(k, words) && self.space(k + 1)).then_some(k + 2)
    }

    /// Optional `word` then a space at `k`.
    fn maybe(&self, k: usize, words: &[&str]) -> usize {
        self.then(k, words).unwrap_or(k)
    }

    /// A plain number at `k` (`5,100`, `5100`, `12.5`): its value and the token after it.
    fn number(&self, k: usize) -> Option<(f64, usize)> {
        let digits = |k: usize| {
            self.toks
                .get(k)
                .filter(|x| x.kind == Kind::Digits)
                .map(|x| x.text)
        };
        let mut n = String::from(digits(k)?);
        let mut e = k + 1;
        while self.toks.get(e).is_some_and(|x| x.text == ",")
            && digits(e + 1).is_some_and(|d| d.len() == 3)
        {
            n.push_str(digits(e + 1)?);
            e += 2;
        }
        if self.toks.get(e).is_some_and(|x| x.text == ".") {
            if let Some(d) = digits(e + 1) {
                n.push('.');
                n.push_str(d);
                e += 2;
            }
        }
        // Glued to a word (`5099th`, `5099ms`) it is no operand.
        if self.toks.get(e).is_some_and(|x| x.kind == Kind::Letters) {
            return None;
        }
        Some((n.parse().ok()?, e))
    }

    /// `the integer right after 5099`, `the successor of 5099`.
    fn neighbour(&self, i: usize) -> Option<(String, usize)> {
        let (k, step) = if let Some(k) = self.then(i, &["integer", "number", "integers"]) {
            let k = self.maybe(k, &["right", "just", "immediately", "directly"]);
            if let Some(k) = self.then(k, &["after", "following"]) {
                (k, 1.0)
            } else {
                (self.then(k, &["before", "preceding"])?, -1.0)
            }
        } else if let Some(k) = self.then(i, &["successor"]) {
            (self.then(k, &["of", "to"])?, 1.0)
        } else {
            let k = self.then(i, &["predecessor"])?;
            (self.then(k, &["of", "to"])?, -1.0)
        };
        let (n, e) = self.number(k)?;
        if n.fract() != 0.0 {
            return None;
        }
        Some((show(n + step)?, e))
    }

    /// `halfway between 5000 and 5200`, `the midpoint of 5000 and 5200`.
    fn midpoint(&self, i: usize) -> Option<(String, usize)> {
        let k = if let Some(k) = self.then(i, &["halfway", "midway"]) {
            self.then(k, &["between"])?
        } else {
            let k = self.then(i, &["midpoint"])?;
            self.then(k, &["of", "between"])?
        };
        let (a, e) = self.number(k)?;
        let e = self.and(e)?;
        let (b, e) = self.number(e)?;
        Some((show((a + b) / 2.0)?, e))
    }

    /// `and` between two operands (with spaces), or `, `: the index after it.
    fn and(&self, e: usize) -> Option<usize> {
        if self.space(e) {
            return self.then(e + 1, &["and"]);
        }
        if self.toks.get(e).is_some_and(|x| x.text == ",") && self.space(e + 1) {
            let k = e + 2;
            return Some(self.maybe(k, &["and"]));
        }
        None
    }

    /// `avg of 4900 and 5300`, `the mean of 5000, 5100 and 5200`.
    fn mean(&self, i: usize) -> Option<(String, usize)> {
        let k = self.then(i, &["avg", "average", "mean"])?;
        let k = self.then(k, &["of"])?;
        let (first, mut e) = self.number(k)?;
        let mut sum = first;
        let mut n = 1.0;
        while n < 6.0 {
            let Some((v, e2)) = self.and(e).and_then(|k| self.number(k)) else {
                break;
            };
            sum += v;
            n += 1.0;
            e = e2;
        }
        if n < 2.0 {
            return None;
        }
        Some((show(sum / n)?, e))
    }

    /// `10200 split in two`, `10200 divided into 2 parts`, `10200 split two ways`.
    fn share(&self, i: usize) -> Option<(String, usize)> {
        let (n, e) = self.number(i)?;
        if !self.space(e) {
            return None;
        }
        let k = self.then(e + 1, &["split", "divided", "cut"])?;
        let k = self.maybe(k, &["evenly", "equally"]);
        let (parts, e) = if let Some(k) = self.then(k, &["in", "into"]) {
            if self.word(k, &["half", "halves"]) {
                (2.0, k + 1)
            } else {
                let (p, e) = self.number(k)?;
                let e = if self.space(e) && self.word(e + 1, &["parts", "pieces", "halves"]) {
                    e + 2
                } else {
                    e
                };
                (p, e)
            }
        } else {
            let (p, e) = self.number(k)?;
            (self.space(e) && self.word(e + 1, &["ways"])).then_some(())?;
            (p, e + 2)
        };
        if parts < 2.0 || parts.fract() != 0.0 {
            return None;
        }
        Some((show(n / parts)?, e))
    }

    /// `the smallest multiple of 50 above 5060`, `the largest multiple of 100 below 5150`,
    /// `the nearest multiple of 100 to 5080`.
    fn multiple(&self, i: usize) -> Option<(String, usize)> {
        #[derive(PartialEq)]
        enum Dir {
            Up,
            Down,
            Near,
        }
        let dir = if self.word(i, &["smallest", "least", "lowest", "first", "next"]) {
            Dir::Up
        } else if self.word(i, &["largest", "greatest", "biggest", "highest", "last"]) {
            Dir::Down
        } else if self.word(i, &["nearest", "closest"]) {
            Dir::Near
        } else {
            return None;
        };
        let k = self
            .then(i + 2, &["multiple"])
            .filter(|_| self.space(i + 1))?;
        let k = self.then(k, &["of"])?;
        let (m, e) = self.number(k)?;
        if !self.space(e) || m <= 0.0 {
            return None;
        }
        let k = e + 1;
        let k = match dir {
            Dir::Up => self
                .then(k, &["above", "over", "after", "exceeding", "past"])
                .or_else(|| {
                    let k = self.then(k, &["greater", "larger", "bigger", "more", "higher"])?;
                    self.then(k, &["than"])
                })?,
            Dir::Down => self.then(k, &["below", "under", "before"]).or_else(|| {
                let k = self.then(k, &["less", "smaller", "lower", "fewer"])?;
                self.then(k, &["than"])
            })?,
            Dir::Near => self.then(k, &["to"])?,
        };
        let (n, e) = self.number(k)?;
        let q = n / m;
        let v = match dir {
            Dir::Up => (q.floor() + 1.0) * m,
            Dir::Down => (q.ceil() - 1.0) * m,
            Dir::Near => q.round() * m,
        };
        if v < 0.0 {
            return None;
        }
        Some((show(v)?, e))
    }
}

/// A computed value as the number rules read it (`5100`, `5100.5`).
fn show(v: f64) -> Option<String> {
    (v.is_finite() && v.abs() < 1e15).then(|| format!("{v}"))
}

#[cfg(test)]
mod tests {
    use super::super::tokens;
    use super::*;

    /// The first relation in `s` and what it reads.
    fn read(s: &str) -> Option<String> {
        let toks = tokens(s);
        (0..toks.len()).find_map(|i| relation(&toks, i).map(|(r, _)| r))
    }

    #[test]
    fn puzzles_read_their_value() {
        for s in [
            "the integer right after 5099",
            "the integer just before 5101",
            "the number immediately following 5099",
            "the successor of 5099",
            "the predecessor of 5101",
            "exactly halfway between 5000 and 5200",
            "midway between 4000 and 6200",
            "the midpoint of 5000 and 5200",
            "avg of 4900 and 5300",
            "average of 4900 and 5300",
            "the mean of 5000 and 5200",
            "the average of 5000, 5100 and 5200",
            "10200 split in two",
            "10200 split into 2 parts",
            "10200 divided in half",
            "10,200 split 2 ways",
            "the smallest multiple of 50 above 5060",
            "the next multiple of 50 after 5050",
            "the largest multiple of 100 below 5150",
            "the nearest multiple of 100 to 5080",
        ] {
            let s2 = s.replace(" two", " 2");
            assert_eq!(read(&s2).as_deref(), Some("5100"), "{s}");
        }
    }

    #[test]
    fn near_misses_read_nothing() {
        for s in [
            "between 4000 and 6000 messages",
            "the average latency was 120 ms",
            "the mean time to recovery",
            "number of partitions after the rebalance",
            "right after 5099 was committed",
            "split the topic in 2",
            "average of 5100ms",
            "the largest multiple",
        ] {
            assert_eq!(read(s), None, "{s}");
        }
    }
}
