//! Candidate lists for string targets (the oracle rule, AEP-032 threat model): a reply that
//! names several strings of a target's shape is withheld whole, whether or not the target is
//! among them, so that asking the model to repeat half of a list per request tells nothing.
//!
//! A target is split into parts: at name separators (`-`, `_`, space, `.`, `:`, `/`, `#`), at
//! CamelCase and at letter/digit boundaries, lowercased (`orders-7` → `orders`, `7`;
//! `KafkaConsumerLagHigh` → `kafka`, `consumer`, `lag`, `high`). The text is split the same
//! way into runs of parts joined by at most three separators. A window of as many joined
//! parts is a candidate when it equals the target except for its digit parts (`orders-12`),
//! or, for a target of three parts or more, except for one part of the same kind
//! (`KafkaConsumerLagLow`). The target itself is a candidate too. Distinct candidates are
//! counted per target ([`Hits::candidate`]).
//!
//! False-positive controls: a target of one part has no shape (any word would do); a target
//! of two letter parts has none either (`lag high` would make every `lag <word>` a
//! candidate); parts must be joined (a comma or a line end breaks a run); digit parts only
//! stand for digit parts and letter parts for letter parts.
use super::targets::Hits;

/// One token of a name in the string view: literal text (letters, or a `~` mark), or a digit
/// run (any digits).
#[derive(Debug, Clone, PartialEq, Eq)]
enum ViewTok {
    Lit(String),
    Digits,
}

/// A string target with digits, as a shape in the string view (`orders7` → `orders` + digits):
/// the view folds case, separators, look-alikes and letter spacing, so `оrders-3`,
/// `o r d e r s 4` and `ORDERS_05` are all candidates of `orders-7`. Reversed targets have
/// their own shape (`7sredro` → digits + `sredro`).
#[derive(Debug, Clone)]
pub(crate) struct ViewShape {
    toks: Vec<ViewTok>,
    /// Index of the first literal of three letters or more (the anchor searched for).
    anchor: usize,
    idx: usize,
}

impl ViewShape {
    /// The shape of a target's string view, if it has a digit run and a letter run of three
    /// letters or more.
    pub(crate) fn new(view: &str, idx: usize) -> Option<ViewShape> {
        let mut toks = Vec::new();
        let mut chars = view.chars().peekable();
        while let Some(&c) = chars.peek() {
            if c.is_ascii_digit() {
                while chars.peek().is_some_and(char::is_ascii_digit) {
                    chars.next();
                }
                toks.push(ViewTok::Digits);
            } else if c.is_alphanumeric() {
                let mut l = String::new();
                while let Some(&d) = chars.peek() {
                    if !d.is_alphanumeric() || d.is_ascii_digit() {
                        break;
                    }
                    l.push(d);
                    chars.next();
                }
                toks.push(ViewTok::Lit(l));
            } else {
                toks.push(ViewTok::Lit(c.to_string()));
                chars.next();
            }
        }
        let anchor = toks.iter().position(
            |t| matches!(t, ViewTok::Lit(l) if l.chars().filter(|c| c.is_alphanumeric()).count() >= 3),
        )?;
        toks.contains(&ViewTok::Digits)
            .then_some(ViewShape { toks, anchor, idx })
    }

    /// The compiled-value index of the target.
    pub(crate) fn idx(&self) -> usize {
        self.idx
    }

    /// Note every candidate of this shape in the string view `v`: at each occurrence of the
    /// anchor, the tokens before it are matched backwards and the ones after it forwards; the
    /// candidate's key is its digit runs.
    pub(crate) fn scan(&self, v: &str, hits: &mut Hits) {
        let Some(ViewTok::Lit(anchor)) = self.toks.get(self.anchor) else {
            return;
        };
        let b = v.as_bytes();
        let before = self.toks.get(..self.anchor).unwrap_or(&[]);
        let after = self.toks.get(self.anchor + 1..).unwrap_or(&[]);
        for at in memchr::memmem::find_iter(b, anchor.as_bytes()) {
            let mut key: u64 = 0xcbf2_9ce4_8422_2325;
            let mut feed = |run: &[u8]| {
                for &x in run.iter().chain(std::iter::once(&0xFF)) {
                    key ^= u64::from(x);
                    key = key.wrapping_mul(0x0100_0000_01b3);
                }
            };
            let backwards = before.iter().rev().try_fold(at, |p, t| {
                let q = match t {
                    ViewTok::Digits => {
                        let mut q = p;
                        while q > 0 && b.get(q - 1).is_some_and(u8::is_ascii_digit) {
                            q -= 1;
                        }
                        (q < p).then_some(q)?
                    }
                    ViewTok::Lit(l) => p
                        .checked_sub(l.len())
                        .filter(|&q| b.get(q..p) == Some(l.as_bytes()))?,
                };
                if *t == ViewTok::Digits {
                    feed(b.get(q..p).unwrap_or(&[]));
                }
                Some(q)
            });
            let forwards = backwards.and_then(|_| {
                after.iter().try_fold(at + anchor.len(), |p, t| {
                    let q = match t {
                        ViewTok::Digits => {
                            let mut q = p;
                            while b.get(q).is_some_and(u8::is_ascii_digit) {
                                q += 1;
                            }
                            (q > p).then_some(q)?
                        }
                        ViewTok::Lit(l) => {
                            Some(p + l.len()).filter(|&q| b.get(p..q) == Some(l.as_bytes()))?
                        }
                    };
                    if *t == ViewTok::Digits {
                        feed(b.get(p..q).unwrap_or(&[]));
                    }
                    Some(q)
                })
            });
            if forwards.is_some() {
                hits.candidate(self.idx, key);
            }
        }
    }
}

/// One part of a name: its lowercase text and whether it is digits.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Part {
    text: String,
    digits: bool,
}

/// A string target's shape.
#[derive(Debug, Clone)]
pub(crate) struct Shape {
    parts: Vec<Part>,
    idx: usize,
    /// Some part is digits (so digit variations count).
    has_digits: bool,
    /// Three parts or more: one varying letter part counts.
    one_part: bool,
}

impl Shape {
    /// The shape of target `t` (index `idx`), if it has one.
    pub(crate) fn new(t: &str, idx: usize) -> Option<Shape> {
        let n = super::normalize::normalize(t);
        let runs = split(&n);
        // A target is one run; take its parts in order.
        let parts: Vec<Part> = runs.into_iter().flatten().map(|(p, _, _)| p).collect();
        let has_digits = parts.iter().any(|p| p.digits);
        let has_letters = parts.iter().any(|p| !p.digits);
        let one_part = parts.len() >= 3;
        if parts.len() < 2 || parts.len() > 12 || !has_letters || !(has_digits || one_part) {
            return None;
        }
        Some(Shape {
            parts,
            idx,
            has_digits,
            one_part,
        })
    }

    /// Digit variations are counted by the target's [`ViewShape`] instead (one key per
    /// candidate, so two candidates are never counted as four).
    pub(crate) fn digits_counted_elsewhere(mut self) -> Shape {
        self.has_digits = false;
        self
    }

    /// Is `window` a candidate of this shape?
    fn fits(&self, window: &[(Part, usize, usize)]) -> bool {
        if window.len() != self.parts.len() {
            return false;
        }
        let mut letter_diffs = 0;
        let mut digit_diffs = 0;
        for ((w, _, _), t) in window.iter().zip(&self.parts) {
            if w.digits != t.digits {
                return false;
            }
            if w.text != t.text {
                if w.digits {
                    digit_diffs += 1;
                } else {
                    letter_diffs += 1;
                }
            }
        }
        match (letter_diffs, digit_diffs) {
            (0, 0) => true,
            (0, _) => self.has_digits,
            (1, 0) => self.one_part,
            _ => false,
        }
    }
}

/// Split normalised text into runs of joined parts: (part, start byte, end byte).
fn split(s: &str) -> Vec<Vec<(Part, usize, usize)>> {
    let mut runs: Vec<Vec<(Part, usize, usize)>> = Vec::new();
    let mut run: Vec<(Part, usize, usize)> = Vec::new();
    let mut cur = String::new();
    let mut cur_start = 0;
    let mut cur_digits = false;
    let mut prev_lower = false;
    let mut gap = 0usize;
    let flush = |cur: &mut String, run: &mut Vec<(Part, usize, usize)>, start, end, digits| {
        if !cur.is_empty() {
            run.push((
                Part {
                    text: std::mem::take(cur),
                    digits,
                },
                start,
                end,
            ));
        }
    };
    for (i, c) in s.char_indices() {
        if c.is_alphanumeric() {
            let digit = c.is_ascii_digit();
            let camel = c.is_uppercase() && prev_lower;
            if !cur.is_empty() && (digit != cur_digits || camel || gap > 0) {
                flush(&mut cur, &mut run, cur_start, i, cur_digits);
            }
            if gap > 3 && !run.is_empty() {
                runs.push(std::mem::take(&mut run));
            }
            gap = 0;
            if cur.is_empty() {
                cur_start = i;
                cur_digits = digit;
            }
            if digit {
                // Leading zeros do not make another name (`orders-07`).
                let leading_zero = cur.is_empty()
                    && c == '0'
                    && s.get(i + 1..)
                        .is_some_and(|r| r.starts_with(|n: char| n.is_ascii_digit()));
                if !leading_zero {
                    cur.push(c);
                }
            } else {
                cur.extend(c.to_lowercase());
            }
            prev_lower = c.is_lowercase();
        } else {
            flush(&mut cur, &mut run, cur_start, i, cur_digits);
            prev_lower = false;
            if matches!(c, '-' | '_' | ' ' | '.' | ':' | '/' | '#') {
                gap += 1;
            } else {
                if !run.is_empty() {
                    runs.push(std::mem::take(&mut run));
                }
                gap = 0;
            }
        }
    }
    flush(&mut cur, &mut run, cur_start, s.len(), cur_digits);
    if !run.is_empty() {
        runs.push(run);
    }
    runs
}

/// FNV-1a over a window's parts: the candidate's key.
fn key(window: &[(Part, usize, usize)]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (p, _, _) in window {
        for b in p.text.bytes().chain(std::iter::once(0xFF)) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// Bytes around an occurrence of a fixed part that are split into parts (a candidate is a few
/// parts long, so it lies within this distance of one of its fixed parts).
const REACH: usize = 96;

/// Note every candidate of every shape in normalised text `s`. Only the neighbourhoods of the
/// shapes' letter parts are split (most text holds none of them), so the cost is a substring
/// search per letter part plus work proportional to the text near the hits.
pub(crate) fn scan(shapes: &[Shape], s: &str, hits: &mut Hits) {
    if shapes.is_empty() {
        return;
    }
    let lower = s.to_ascii_lowercase();
    let mut spans: Vec<(usize, usize)> = Vec::new();
    for sh in shapes {
        for p in sh.parts.iter().filter(|p| !p.digits) {
            for at in memchr::memmem::find_iter(lower.as_bytes(), p.text.as_bytes()) {
                spans.push((
                    at.saturating_sub(REACH),
                    (at + p.text.len() + REACH).min(s.len()),
                ));
            }
        }
    }
    if spans.is_empty() {
        return;
    }
    spans.sort_unstable();
    let mut merged: Vec<(usize, usize)> = Vec::new();
    for (a, b) in spans {
        match merged.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(b),
            _ => merged.push((a, b)),
        }
    }
    for (a, b) in merged {
        let (mut a, mut b) = (a, b);
        while a > 0 && !s.is_char_boundary(a) {
            a -= 1;
        }
        while b < s.len() && !s.is_char_boundary(b) {
            b += 1;
        }
        let Some(part) = s.get(a..b) else {
            continue;
        };
        for run in split(part) {
            for sh in shapes {
                let n = sh.parts.len();
                if run.len() < n {
                    continue;
                }
                for w in run.windows(n) {
                    if sh.fits(w) {
                        hits.candidate(sh.idx, key(w));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(s: &str) -> Vec<Vec<String>> {
        split(s)
            .into_iter()
            .map(|r| r.into_iter().map(|(p, _, _)| p.text).collect())
            .collect()
    }

    #[test]
    fn splitting() {
        assert_eq!(parts("orders-7"), vec![vec!["orders", "7"]]);
        assert_eq!(parts("orders-07"), vec![vec!["orders", "7"]]);
        assert_eq!(
            parts("KafkaConsumerLagHigh"),
            vec![vec!["kafka", "consumer", "lag", "high"]]
        );
        assert_eq!(
            parts("orders7, orders 8"),
            vec![vec!["orders", "7"], vec!["orders", "8"]]
        );
        assert_eq!(parts("a      b"), vec![vec!["a"], vec!["b"]]);
    }

    #[test]
    fn shapes() {
        assert!(Shape::new("orders-7", 0).is_some());
        assert!(Shape::new("KafkaConsumerLagHigh", 0).is_some());
        assert!(Shape::new("payments", 0).is_none());
        assert!(Shape::new("lag-high", 0).is_none());
        let sh = Shape::new("orders-7", 0).unwrap_or_else(|| unreachable!());
        let w = |s: &str| split(s).into_iter().next().unwrap_or_default();
        assert!(sh.fits(&w("orders-12")));
        assert!(sh.fits(&w("orders 7")));
        assert!(!sh.fits(&w("payments-7")));
        let sh = Shape::new("KafkaConsumerLagHigh", 0).unwrap_or_else(|| unreachable!());
        assert!(sh.fits(&w("KafkaConsumerLagLow")));
        assert!(sh.fits(&w("kafka_producer_lag_high")));
        assert!(!sh.fits(&w("KafkaProducerLagLow")));
    }
}
