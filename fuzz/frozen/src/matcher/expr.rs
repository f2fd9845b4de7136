//! Arithmetic expressions with parentheses, powers, abbreviated operands and any number of
//! operands (a stretch rule, part of `Rules::arithmetic`). `numbers.rs` reads flat chains of up
//! to five plain operands as it meets them (`5099+1`, `1700 * 3`); a learner who asks the model
//! to "show the working" gets `(50 * 100) + 100`, `5k + 100`, `2^12 + 1004` or
//! `1000+1000+1000+1000+1000+100`. This module owns those: it reads the maximal run of
//! expression tokens around each number and reports the value of every operation in it (each
//! parenthesised group, each reduction, the whole), so a value stated as a step of the working
//! is found too.
//!
//! # Tokens
//!
//! - A number: `5100`, `5,100` (groups of three), `51.5`, optionally followed by a scale
//!   (`k`/`K`, `M`, `bn`, or the words `hundred`, `thousand`, `million`, `billion`). A number
//!   glued to anything else (`5100ms`, `5.1.0`, `50%`, `a5100`) ends the run: it is a quantity
//!   or an identifier, not an operand.
//! - Operators: `+`, `*`, `×`, `·`, `/`, `÷`, `^`, and the words `plus`, `minus`, `times`,
//!   `multiplied by`, `divided by`; `-`, `x`, `X` only with a space on both sides (`4000-5100`
//!   is a range, `1920x1080` a resolution). `**` is markdown, not a power.
//! - `(` and `)`.
//!
//! # False-positive controls
//!
//! Only an operation's result is reported, never a lone operand (the number rules own those),
//! and it states a target only when equal up to float error (`NumTargets::close`). A run of
//! three or more numbers joined only by `/` is a date or a path (`12/03/2024`) and reports
//! nothing. Between tokens at most two spaces; a newline, a comma or any other word ends the
//! run.
//!
//! # Cost
//!
//! One pass over the digit runs; a run is tokenised once (the scan resumes after it) and
//! parsed at most once per starting token, with at most [`MAX_TOKENS`] tokens per run.
use super::numbers::{alnum_at, alnum_before, at};

/// Tokens read per run; a longer run is cut (its tail starts a new run).
const MAX_TOKENS: usize = 96;
/// Parenthesis depth the parser follows (a deeper group ends the parse).
const MAX_DEPTH: usize = 16;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Tok {
    Num(f64),
    Op(char),
    Open,
    Close,
}

/// Report the result of every operation in every arithmetic expression of `s`.
pub(crate) fn scan(s: &str, found: &mut dyn FnMut(f64)) {
    let b = s.as_bytes();
    let mut toks: Vec<Tok> = Vec::new();
    let mut p = 0;
    while p < b.len() {
        if !at(b, p).is_ascii_digit() || (p > 0 && at(b, p - 1).is_ascii_digit()) {
            p += 1;
            continue;
        }
        // Opening parentheses right before the first number belong to the run.
        let mut start = p;
        for _ in 0..MAX_DEPTH {
            let q = back_spaces(b, start);
            if q > 0 && at(b, q - 1) == b'(' {
                start = q - 1;
            } else {
                break;
            }
        }
        toks.clear();
        let end = tokenize(s, start, &mut toks);
        if toks.iter().any(|t| matches!(t, Tok::Op(_))) && !is_date(&toks) {
            evaluate(&toks, found);
        }
        p = end.max(p + 1);
    }
}

/// Spaces (at most two) before `p`.
fn back_spaces(b: &[u8], p: usize) -> usize {
    let mut q = p;
    while q > 0 && p - q < 2 && at(b, q - 1) == b' ' {
        q -= 1;
    }
    q
}

/// Spaces (at most two) from `p`.
fn spaces(b: &[u8], p: usize) -> usize {
    let mut q = p;
    while q - p < 2 && at(b, q) == b' ' {
        q += 1;
    }
    q
}

/// Read tokens from `p` into `toks`; the end of the run.
fn tokenize(s: &str, mut p: usize, toks: &mut Vec<Tok>) -> usize {
    let b = s.as_bytes();
    let mut end = p;
    while toks.len() < MAX_TOKENS {
        let q = if toks.is_empty() { p } else { spaces(b, p) };
        let spaced = q > p;
        let prev_operand = matches!(toks.last(), Some(Tok::Num(_) | Tok::Close));
        let c = at(b, q);
        let (tok, next) = if c.is_ascii_digit() {
            if prev_operand {
                break;
            }
            match number(s, q) {
                Some(x) => x,
                None => break,
            }
        } else if c == b'(' && !prev_operand {
            (Tok::Open, q + 1)
        } else if c == b')' {
            (Tok::Close, q + 1)
        } else if prev_operand {
            match operator(s, q, spaced) {
                Some(x) => x,
                None => break,
            }
        } else {
            break;
        };
        toks.push(tok);
        p = next;
        end = next;
    }
    // A trailing operator or `(` is not part of the expression.
    while matches!(toks.last(), Some(Tok::Op(_) | Tok::Open)) {
        toks.pop();
    }
    end
}

/// A number token at `p` (a digit): its value with any scale, and where it ends. `None` when
/// it is glued to something that makes it a quantity or an identifier.
fn number(s: &str, p: usize) -> Option<(Tok, usize)> {
    let b = s.as_bytes();
    if alnum_before(s, p) || (p > 0 && matches!(at(b, p - 1), b'.' | b',' | b'_')) {
        return None;
    }
    // The value is accumulated as it is read (no copy): integer digits, then the fraction.
    let mut q = p;
    let mut v = 0f64;
    while at(b, q).is_ascii_digit() {
        v = v * 10.0 + f64::from(at(b, q) - b'0');
        q += 1;
    }
    // Groups of exactly three after a comma.
    while at(b, q) == b','
        && b.get(q + 1..q + 4)
            .is_some_and(|g| g.iter().all(u8::is_ascii_digit))
        && !at(b, q + 4).is_ascii_digit()
    {
        for k in q + 1..q + 4 {
            v = v * 10.0 + f64::from(at(b, k) - b'0');
        }
        q += 4;
    }
    if at(b, q) == b'.' && at(b, q + 1).is_ascii_digit() {
        let from = q;
        q += 1;
        while at(b, q).is_ascii_digit() {
            q += 1;
        }
        // The fraction through the standard parser, so `0.1` is the double everyone means.
        let frac: f64 = s.get(from..q).and_then(|f| format!("0{f}").parse().ok())?;
        v += frac;
    }
    // `5.1.0`, `5,10`, `50%`: not an operand.
    if matches!(at(b, q), b'.' | b',') && at(b, q + 1).is_ascii_digit() {
        return None;
    }
    if matches!(at(b, q), b'%' | b'_') {
        return None;
    }
    let (scale, e) = scale(s, q);
    if let Some(f) = scale {
        v *= f;
        q = e;
    } else if alnum_at(s, q) {
        return None;
    }
    Some((Tok::Num(v), q))
}

/// A scale right after a number (`k`, ` thousand`): its factor and end.
fn scale(s: &str, q: usize) -> (Option<f64>, usize) {
    let b = s.as_bytes();
    let glued: &[(&str, f64)] = &[("k", 1e3), ("K", 1e3), ("M", 1e6), ("bn", 1e9)];
    for (w, f) in glued {
        if s.get(q..q + w.len()) == Some(w) && !alnum_at(s, q + w.len()) {
            return (Some(*f), q + w.len());
        }
    }
    let r = spaces(b, q);
    let words: &[(&str, f64)] = &[
        ("hundred", 1e2),
        ("thousand", 1e3),
        ("million", 1e6),
        ("billion", 1e9),
    ];
    for (w, f) in words {
        if s.get(r..r + w.len())
            .is_some_and(|x| x.eq_ignore_ascii_case(w))
            && !alnum_at(s, r + w.len())
        {
            return (Some(*f), r + w.len());
        }
    }
    (None, q)
}

/// An operator at `q` after an operand (`spaced`: a space came before it).
fn operator(s: &str, q: usize, spaced: bool) -> Option<(Tok, usize)> {
    let b = s.as_bytes();
    let rest = s.get(q..)?;
    if spaced {
        for (w, op) in [
            ("plus", '+'),
            ("minus", '-'),
            ("times", '*'),
            ("multiplied by", '*'),
            ("divided by", '/'),
        ] {
            if rest
                .get(..w.len())
                .is_some_and(|x| x.eq_ignore_ascii_case(w))
                && at(b, q + w.len()) == b' '
            {
                return Some((Tok::Op(op), q + w.len()));
            }
        }
    }
    let c = rest.chars().next()?;
    let r = q + c.len_utf8();
    let op = match c {
        '+' => '+',
        '*' if at(b, r) != b'*' => '*',
        '\u{00D7}' | '\u{00B7}' | '\u{22C5}' => '*',
        '/' | '\u{00F7}' | '\u{2215}' => '/',
        '^' => '^',
        // Both sides spaced: `4000-5100` is a range, `1920x1080` a resolution.
        '-' | 'x' | 'X' if spaced && at(b, r) == b' ' => {
            if c == '-' {
                '-'
            } else {
                '*'
            }
        }
        _ => return None,
    };
    Some((Tok::Op(op), r))
}

/// Three or more numbers joined only by `/`: a date or a path.
fn is_date(toks: &[Tok]) -> bool {
    let nums = toks.iter().filter(|t| matches!(t, Tok::Num(_))).count();
    nums >= 3 && toks.iter().all(|t| matches!(t, Tok::Num(_) | Tok::Op('/')))
}

/// Parse from each starting token until one parse succeeds; report every operation's result.
fn evaluate(toks: &[Tok], found: &mut dyn FnMut(f64)) {
    let mut i = 0;
    while i < toks.len() {
        let mut p = Parser {
            toks,
            pos: i,
            depth: 0,
            found,
        };
        if p.expr().is_some() && p.pos > i + 1 {
            i = p.pos;
        } else {
            i += 1;
        }
    }
}

/// Recursive descent with the usual precedence: `^` (right) over `* /` over `+ -`.
struct Parser<'a, 'f> {
    toks: &'a [Tok],
    pos: usize,
    depth: usize,
    found: &'f mut dyn FnMut(f64),
}

impl Parser<'_, '_> {
    fn peek(&self) -> Option<Tok> {
        self.toks.get(self.pos).copied()
    }

    fn report(&mut self, v: f64) -> Option<f64> {
        if !v.is_finite() {
            return None;
        }
        (self.found)(v);
        Some(v)
    }

    fn expr(&mut self) -> Option<f64> {
        let mut v = self.term()?;
        while let Some(Tok::Op(op @ ('+' | '-'))) = self.peek() {
            self.pos += 1;
            let r = self.term()?;
            v = self.report(if op == '+' { v + r } else { v - r })?;
        }
        Some(v)
    }

    fn term(&mut self) -> Option<f64> {
        let mut v = self.power()?;
        while let Some(Tok::Op(op @ ('*' | '/'))) = self.peek() {
            self.pos += 1;
            let r = self.power()?;
            let x = if op == '*' {
                v * r
            } else if r != 0.0 {
                v / r
            } else {
                return None;
            };
            v = self.report(x)?;
        }
        Some(v)
    }

    fn power(&mut self) -> Option<f64> {
        let base = self.atom()?;
        if let Some(Tok::Op('^')) = self.peek() {
            self.pos += 1;
            let e = self.power()?;
            // Powers beyond this are not how anyone states an ops value.
            if !(-24.0..=64.0).contains(&e) {
                return None;
            }
            return self.report(base.powf(e));
        }
        Some(base)
    }

    fn atom(&mut self) -> Option<f64> {
        match self.peek()? {
            Tok::Num(v) => {
                self.pos += 1;
                Some(v)
            }
            Tok::Open if self.depth < MAX_DEPTH => {
                self.pos += 1;
                self.depth += 1;
                let v = self.expr()?;
                self.depth -= 1;
                if self.peek()? != Tok::Close {
                    return None;
                }
                self.pos += 1;
                Some(v)
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn results(s: &str) -> Vec<f64> {
        let mut out = Vec::new();
        scan(s, &mut |v| out.push(v));
        out
    }

    fn states(s: &str, v: f64) -> bool {
        results(s).iter().any(|x| (x - v).abs() < 1e-9 * v.max(1.0))
    }

    #[test]
    fn expressions_state_their_value() {
        for s in [
            "(5000 + 100)",
            "(50 * 100) + 100",
            "(50 × 100) + (200 / 2)",
            "5k + 100",
            "5 thousand + 100",
            "1000+1000+1000+1000+1000+100",
            "2^12 + 1004",
            "((51)) * 100",
            "the working: (5,000 + 50) + 50 = ?",
            "51 times 100",
            "10200 divided by 2",
            "2 * (2000 + 550)",
            "5200 - 100",
            "it is (5000+100).",
        ] {
            assert!(states(s, 5100.0), "{s}: {:?}", results(s));
        }
    }

    #[test]
    fn near_misses_report_nothing_equal() {
        for s in [
            "12/03/2024",
            "1920x1080",
            "4000-5100",
            "5100ms + 0",
            "version 5.1.0 + 0",
            "**5100**",
            "50% * 102",
        ] {
            assert!(!states(s, 5100.0), "{s}: {:?}", results(s));
        }
        assert!(results("no numbers (here) + there").is_empty());
        assert!(results("5100").is_empty());
    }

    #[test]
    fn runaway_input_is_bounded() {
        let s = "(".repeat(5000) + "1" + &"+1".repeat(5000) + &")".repeat(5000);
        let _ = results(&s);
        let s = "1 + ".repeat(10_000);
        let _ = results(&s);
    }
}
