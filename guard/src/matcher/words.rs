//! Numbers in words. Every worded number of 100 or more contains a scale word (`hundred`,
//! `thousand`, `million`, `billion`, `trillion`) or, spelled digit by digit, a digit word; an
//! Aho-Corasick automaton finds those anchors in one pass, then the parser walks back to where
//! the worded number starts and reads it forward: `five thousand one hundred`, `fifty-one
//! hundred`, `five thousand, one hundred`, `five thousand and one hundred`, `2.4 million`,
//! `5 thousand 100`, `two point four million`, and (a stretch rule) `five one zero zero`.
//!
//! An ordinal word ends a number (`five thousand one hundredth`, `fifty-one hundredth`,
//! `two thousand seven hundred fiftieth`, `five thousand one hundred and first`): `first` ..
//! `ninth`, `tenth` .. `nineteenth`, `twentieth` .. `ninetieth`, `hundredth`, `thousandth`,
//! `millionth`, `billionth`. Controls: `second` is also a unit of time, so it is read as 2
//! only where it ends a run after `and` or a tens word (`one hundred and second`,
//! `twenty-second`; not `a hundred second timeout`); an ordinal followed by `of`, or a bare
//! `a`/`one` before an ordinal scale, is a fraction (`a thousandth of a second`, `one
//! hundredth`) and is not read; a plural ordinal (`fifty-one hundredths`) is a fraction too
//! and ends the number before it.
use super::numbers::{alnum_at, alnum_before, approx_before, at, Ctx};
use aho_corasick::{AhoCorasick, MatchKind};
use std::sync::OnceLock;

pub(crate) const UNITS: [&str; 10] = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
];
pub(crate) const TEENS: [&str; 10] = [
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];
pub(crate) const TENS: [&str; 8] = [
    "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];
const SCALES: [(&str, f64); 4] = [
    ("thousand", 1e3),
    ("million", 1e6),
    ("billion", 1e9),
    ("trillion", 1e12),
];

/// The anchor automaton: digit words and scale words, ASCII case-insensitive (`fIVE tHOUSAND`
/// is as readable as `five thousand`). Built once per process and shared (cloning is a
/// reference count).
pub(crate) fn anchors() -> Option<AhoCorasick> {
    static ANCHORS: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    ANCHORS.get_or_init(build_anchors).clone()
}

fn build_anchors() -> Option<AhoCorasick> {
    // Plural scales (`thousands`) contain their singular, so the singular anchors both.
    let pats: Vec<&str> = UNITS
        .iter()
        .copied()
        .chain([
            "hundred", "thousand", "million", "billion", "trillion", "oh", "nought",
        ])
        .collect();
    crate::matcher::dfa_builder()
        .match_kind(MatchKind::LeftmostFirst)
        .ascii_case_insensitive(true)
        .build(&pats)
        .ok()
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Tok {
    Unit(f64),
    Teen(f64),
    Tens(f64),
    Hundred,
    Hundreds,
    Scale(f64),
    And,
    A,
    Point,
    Num(f64),
}

fn classify(w: &str) -> Option<Tok> {
    let eq = |x: &str| x.eq_ignore_ascii_case(w);
    if let Some(i) = UNITS.iter().position(|x| eq(x)) {
        return Some(Tok::Unit(i as f64));
    }
    if let Some(i) = TEENS.iter().position(|x| eq(x)) {
        return Some(Tok::Teen(10.0 + i as f64));
    }
    if let Some(i) = TENS.iter().position(|x| eq(x)) {
        return Some(Tok::Tens(20.0 + 10.0 * i as f64));
    }
    // Plural scales read as the singular (`fifty-one hundreds`, `5 thousands`).
    let singular = match w.len() {
        8..=9 if w.ends_with(['s', 'S']) => w.get(..w.len() - 1).unwrap_or(w),
        _ => w,
    };
    if "hundred".eq_ignore_ascii_case(singular) {
        // `hundreds` ends a number (`fifty-one hundreds`): nothing below a hundred follows it.
        return Some(if singular.len() < w.len() {
            Tok::Hundreds
        } else {
            Tok::Hundred
        });
    }
    if let Some((_, v)) = SCALES
        .iter()
        .find(|(x, _)| x.eq_ignore_ascii_case(singular))
    {
        return Some(Tok::Scale(*v));
    }
    if eq("and") {
        return Some(Tok::And);
    }
    if eq("a") {
        return Some(Tok::A);
    }
    if eq("point") {
        return Some(Tok::Point);
    }
    None
}

/// An ordinal number word as the cardinal it ends a number with, and whether it is the
/// weak `second` (also a unit of time).
fn ordinal(w: &str) -> Option<(Tok, bool)> {
    if !(5..=12).contains(&w.len()) {
        return None;
    }
    let eq = |x: &str| x.eq_ignore_ascii_case(w);
    for (x, v) in [
        ("first", 1.0),
        ("second", 2.0),
        ("third", 3.0),
        ("fifth", 5.0),
        ("eighth", 8.0),
        ("ninth", 9.0),
    ] {
        if eq(x) {
            return Some((Tok::Unit(v), x == "second"));
        }
    }
    if eq("twelfth") {
        return Some((Tok::Teen(12.0), false));
    }
    let n = w.len();
    if !w.get(n - 2..)?.eq_ignore_ascii_case("th") {
        return None;
    }
    let stem = w.get(..n - 2)?;
    // `twentieth`: the stem `twentie` is `twenty`.
    if stem.len() > 4 && stem.get(stem.len() - 2..)?.eq_ignore_ascii_case("ie") {
        let mut tens = String::with_capacity(stem.len() - 1);
        tens.push_str(stem.get(..stem.len() - 2)?);
        tens.push('y');
        return match classify(&tens)? {
            t @ Tok::Tens(_) => Some((t, false)),
            _ => None,
        };
    }
    match classify(stem)? {
        t @ (Tok::Unit(_) | Tok::Teen(_) | Tok::Hundred | Tok::Scale(_)) => Some((t, false)),
        _ => None,
    }
}

/// A plain number inside worded text (`5` in `5 thousand`, `2.4` in `2.4 million`).
fn numeric(s: &str, p: usize) -> Option<(f64, usize)> {
    let b = s.as_bytes();
    let mut q = p;
    let mut int: f64 = 0.0;
    while at(b, q).is_ascii_digit() || (at(b, q) == b',' && at(b, q + 1).is_ascii_digit()) {
        if at(b, q) != b',' {
            int = int * 10.0 + f64::from(at(b, q) - b'0');
        }
        q += 1;
    }
    if q == p {
        return None;
    }
    if at(b, q) == b'.' && at(b, q + 1).is_ascii_digit() {
        q += 1;
        let mut f = 0.1;
        while at(b, q).is_ascii_digit() {
            int += f * f64::from(at(b, q) - b'0');
            f /= 10.0;
            q += 1;
        }
    }
    if alnum_at(s, q) {
        return None;
    }
    Some((int, q))
}

/// The token at `p` (no separators skipped), and its end.
fn token_at(s: &str, p: usize) -> Option<(Tok, usize)> {
    match token_or_ordinal(s, p)? {
        (t, q, None) => Some((t, q)),
        _ => None,
    }
}

/// The token at `p` and its end, or an ordinal word as its cardinal, its end and whether it
/// is the weak `second`.
fn token_or_ordinal(s: &str, p: usize) -> Option<(Tok, usize, Option<bool>)> {
    let b = s.as_bytes();
    if alnum_before(s, p) {
        return None;
    }
    if at(b, p).is_ascii_digit() {
        let (v, e) = numeric(s, p)?;
        return Some((Tok::Num(v), e, None));
    }
    let mut q = p;
    while at(b, q).is_ascii_alphabetic() && q - p < 12 {
        q += 1;
    }
    if q == p || alnum_at(s, q) {
        return None;
    }
    let w = s.get(p..q)?;
    match classify(w) {
        Some(t) => Some((t, q, None)),
        None => ordinal(w).map(|(t, weak)| (t, q, Some(weak))),
    }
}

/// Is the word after `q` (past spaces) `of`? An ordinal before it is a fraction.
fn of_after(b: &[u8], q: usize) -> bool {
    let mut p = q;
    while at(b, p) == b' ' && p - q < 2 {
        p += 1;
    }
    p > q
        && at(b, p).eq_ignore_ascii_case(&b'o')
        && at(b, p + 1).eq_ignore_ascii_case(&b'f')
        && !at(b, p + 2).is_ascii_alphanumeric()
}

/// Separators between worded-number tokens: spaces, a hyphen, a comma, markdown.
/// Returns (next token start, saw a comma).
fn skip_seps(b: &[u8], mut p: usize) -> (usize, bool) {
    let start = p;
    let mut comma = false;
    while p - start < 4 && matches!(at(b, p), b' ' | b'-' | b',' | b'*' | b'_' | b'`') {
        // A comma, or a dash with spaces around it, may end the number as well as continue it.
        comma |= at(b, p) == b','
            || (at(b, p) == b'-' && p > start && at(b, p - 1) == b' ' && at(b, p + 1) == b' ');
        p += 1;
    }
    (p, comma)
}

/// Walk back from the token at `p` over worded-number tokens; returns the earliest start.
fn walk_back(s: &str, p: usize) -> usize {
    let b = s.as_bytes();
    let mut start = p;
    for _ in 0..24 {
        let mut q = start;
        while q > 0
            && start - q < 4
            && matches!(at(b, q - 1), b' ' | b'-' | b',' | b'*' | b'_' | b'`')
        {
            q -= 1;
        }
        if q == start || q == 0 {
            break;
        }
        let end = q;
        while q > 0
            && (at(b, q - 1).is_ascii_alphanumeric()
                || (matches!(at(b, q - 1), b'.' | b',')
                    && q >= 2
                    && at(b, q - 2).is_ascii_digit()
                    && at(b, q).is_ascii_digit()))
            && end - q < 24
        {
            q -= 1;
        }
        match token_at(s, q) {
            Some((_, e)) if e == end => start = q,
            _ => break,
        }
    }
    start
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Last {
    None,
    A,
    Unit,
    Teen,
    Tens,
    Hundred,
    Scale,
    And,
    Num,
    Point,
    PointDigit,
}

/// One worded number being read.
#[derive(Clone)]
struct Expr {
    total: f64,
    current: f64,
    last: Last,
    min_scale: f64,
    has_scale: bool,
    frac: f64,
    approx: bool,
    /// A plural `hundreds` ended the number.
    closed: bool,
}

impl Expr {
    fn new(approx: bool) -> Expr {
        Expr {
            total: 0.0,
            current: 0.0,
            last: Last::None,
            min_scale: f64::INFINITY,
            has_scale: false,
            frac: 0.1,
            approx,
            closed: false,
        }
    }

    /// Take an ordinal word (as its cardinal `t`), which ends the number; false when it
    /// cannot end this one (see the module doc for `second` and fractions).
    fn accept_ordinal(&mut self, t: Tok, weak: bool, comma: bool) -> bool {
        use Last as L;
        if weak && !matches!(self.last, L::And | L::Tens) {
            return false;
        }
        let bare =
            self.last == L::A || (self.last == L::Unit && self.current == 1.0 && self.total == 0.0);
        if bare && matches!(t, Tok::Hundred | Tok::Scale(_)) {
            return false;
        }
        if !self.accept(t, comma) {
            return false;
        }
        self.closed = true;
        true
    }

    /// Take the next token; false when it cannot continue this number.
    fn accept(&mut self, t: Tok, comma: bool) -> bool {
        use Last as L;
        if self.closed {
            return false;
        }
        if comma && !matches!(self.last, L::Scale | L::Hundred) {
            return false;
        }
        match t {
            Tok::A => {
                if self.last != L::None {
                    return false;
                }
                self.last = L::A;
            }
            Tok::And => {
                if !matches!(self.last, L::Hundred | L::Scale) {
                    return false;
                }
                self.last = L::And;
            }
            Tok::Unit(v) | Tok::Teen(v) | Tok::Tens(v) => {
                if matches!(self.last, L::Point | L::PointDigit) {
                    if !matches!(t, Tok::Unit(_)) {
                        return false;
                    }
                    self.current += v * self.frac;
                    self.frac /= 10.0;
                    self.last = L::PointDigit;
                    return true;
                }
                let fresh = matches!(self.last, L::None | L::And | L::Hundred | L::Scale);
                let tens_unit = self.last == L::Tens && matches!(t, Tok::Unit(_)) && v > 0.0;
                if !(fresh || tens_unit) {
                    return false;
                }
                if matches!(self.last, L::Scale | L::And) && self.min_scale <= v {
                    return false;
                }
                self.current += v;
                self.last = match t {
                    Tok::Unit(_) => L::Unit,
                    Tok::Teen(_) => L::Teen,
                    _ => L::Tens,
                };
            }
            Tok::Num(v) => {
                if !matches!(self.last, L::None | L::Scale | L::And) || self.min_scale <= v {
                    return false;
                }
                self.current += v;
                self.last = L::Num;
            }
            Tok::Point => {
                if !matches!(self.last, L::Unit | L::Teen | L::Tens) {
                    return false;
                }
                self.last = L::Point;
            }
            Tok::Hundred | Tok::Hundreds => {
                self.closed = t == Tok::Hundreds;
                match self.last {
                    L::A => self.current = 100.0,
                    L::Unit | L::Teen | L::Tens | L::Num | L::PointDigit
                        if self.current > 0.0 && self.current < 100.0 =>
                    {
                        self.current *= 100.0
                    }
                    _ => return false,
                }
                if self.min_scale <= self.current {
                    return false;
                }
                self.has_scale = true;
                self.last = L::Hundred;
            }
            Tok::Scale(sc) => {
                let v = match self.last {
                    L::A => 1.0,
                    L::Unit | L::Teen | L::Tens | L::Num | L::Hundred | L::PointDigit
                        if self.current > 0.0 =>
                    {
                        self.current
                    }
                    _ => return false,
                };
                if sc >= self.min_scale {
                    return false;
                }
                self.total += v * sc;
                self.current = 0.0;
                self.min_scale = sc;
                self.has_scale = true;
                self.last = L::Scale;
            }
        }
        true
    }

    fn emit(&self, ctx: &mut Ctx<'_>, s: &str, end: usize) {
        if !self.has_scale {
            return;
        }
        let v = self.total + self.current;
        ctx.nums.close(v, ctx.hits);
        if ctx.rules.fractions && v.fract() == 0.0 {
            if let Some(f) = super::numbers::fraction_tail(s, end) {
                ctx.nums.close(v + f, ctx.hits);
            }
        }
        if self.approx {
            ctx.nums.approx(v, ctx.rules.approx_tolerance, ctx.hits);
        }
    }
}

/// Read worded numbers forward from `start`; returns where the last one ended.
/// How many readings a comma may fork (`five thousand one hundred, two hours later` is 5,100
/// and `one hundred, five thousand one hundred` holds 5,100 too): bounded, so the work stays
/// linear.
const MAX_FORKS: u32 = 1;

fn read_forward(s: &str, start: usize, ctx: &mut Ctx<'_>) -> usize {
    read_forward_forked(s, start, ctx, 0)
}

fn read_forward_forked(s: &str, start: usize, ctx: &mut Ctx<'_>, forks: u32) -> usize {
    let b = s.as_bytes();
    let approx_on = ctx.rules.approximations;
    let mut e = Expr::new(approx_on && approx_before(s, start));
    let mut p = start;
    let mut end = start;
    let mut comma = false;
    // Where the number being read ends (a fraction may follow it).
    let mut expr_end = start;
    for _ in 0..64 {
        let Some((t, q, ord)) = token_or_ordinal(s, p) else {
            break;
        };
        if let Some(weak) = ord {
            // An ordinal ends the number it continues, and starts none.
            if !of_after(b, q) && e.accept_ordinal(t, weak, comma) {
                expr_end = q;
                end = q;
            }
            break;
        }
        let before = comma.then(|| e.clone());
        if !e.accept(t, comma) {
            e.emit(ctx, s, expr_end);
            e = Expr::new(approx_on && approx_before(s, p));
            // `and`, `a`, `point` cannot start a number on their own; a fresh number may.
            let _ = e.accept(t, false);
        } else if let Some(before) = before {
            // The number may have ended at the comma, and another may start after it: read
            // both ways.
            before.emit(ctx, s, expr_end);
            if forks < MAX_FORKS {
                read_forward_forked(s, p, ctx, forks + 1);
            }
        }
        expr_end = q;
        end = q;
        let (np, c) = skip_seps(b, q);
        if np == q {
            break;
        }
        p = np;
        comma = c;
    }
    e.emit(ctx, s, expr_end);
    end
}

/// Find and read every worded number in `s`.
pub(crate) fn scan(s: &str, ac: &AhoCorasick, ctx: &mut Ctx<'_>) {
    let b = s.as_bytes();
    let mut done = 0usize;
    for m in ac.find_iter(s) {
        let p = m.start();
        if p < done {
            continue;
        }
        let mut word_end = m.end();
        // A plural scale: the automaton matched its singular.
        if matches!(at(b, word_end), b's' | b'S') && m.end() - p >= 7 {
            word_end += 1;
        }
        // An ordinal scale (`fifty thousandth`) is read from the number before it.
        let ordinal_scale = m.end() - p >= 7
            && at(b, word_end).eq_ignore_ascii_case(&b't')
            && at(b, word_end + 1).eq_ignore_ascii_case(&b'h')
            && !alnum_at(s, word_end + 2);
        if ordinal_scale && !alnum_before(s, p) {
            if ctx.rules.words {
                let start = walk_back(s, p);
                done = read_forward(s, start, ctx).max(word_end + 2);
            }
            continue;
        }
        if at(b, p.wrapping_sub(1)).is_ascii_alphabetic() || at(b, word_end).is_ascii_alphabetic() {
            continue;
        }
        if alnum_before(s, p) || alnum_at(s, word_end) {
            continue;
        }
        let mut end = word_end;
        if ctx.rules.words {
            let start = walk_back(s, p);
            end = end.max(read_forward(s, start, ctx));
        }
        if ctx.rules.spelled_digits && p >= ctx.spelled_until {
            let e = super::spelled::one_by_one(s, p, ctx);
            ctx.spelled_until = e;
            end = end.max(e);
        }
        done = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_as_cardinals() {
        assert_eq!(ordinal("hundredth"), Some((Tok::Hundred, false)));
        assert_eq!(ordinal("Thousandth"), Some((Tok::Scale(1e3), false)));
        assert_eq!(ordinal("fiftieth"), Some((Tok::Tens(50.0), false)));
        assert_eq!(ordinal("ninetieth"), Some((Tok::Tens(90.0), false)));
        assert_eq!(ordinal("nineteenth"), Some((Tok::Teen(19.0), false)));
        assert_eq!(ordinal("twelfth"), Some((Tok::Teen(12.0), false)));
        assert_eq!(ordinal("eighth"), Some((Tok::Unit(8.0), false)));
        assert_eq!(ordinal("second"), Some((Tok::Unit(2.0), true)));
        for w in [
            "hundredths",
            "tenths",
            "month",
            "length",
            "both",
            "earth",
            "seconds",
        ] {
            assert_eq!(ordinal(w), None, "{w}");
        }
    }
}
