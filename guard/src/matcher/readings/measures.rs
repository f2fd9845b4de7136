//! Measures in the forward reading: an amount converted to another unit, a rate times a
//! duration, and a count in a prefixed unit, each written as the number it comes to (the
//! conversion, rate × duration and prefixed-count classes: "give the lag as seconds in a
//! duration", "as a backlog time at a rate"). After the words are digits, [`relation`] reads
//! - a conversion phrase: `85 minutes in seconds` (`to`, `into`, `as`, `expressed in`,
//!   `converted to`, `written in`, `measured in`, `in terms of`), `the number of seconds in 85
//!   minutes`, `seconds in 1 hour 25 minutes`, `seconds in an hour and 25 minutes`, `how many
//!   grams are in 5.1 kg`, `ms in 2.75 s`, `bytes in 5.1 kB`, `$51.00 in cents`, `cents in
//!   $27.50`, `cents in 27 dollars and 50 cents`;
//! - a rate and a duration in one sentence whose product is a count: `at 10 msg/s the worst
//!   partition is 275 seconds behind`, `50 msg/min for 55 minutes`, `lag is 85 minutes worth at
//!   1 msg/s`, `backlog clears in 51 s at 100 msg/s`, `grows 10/s; it has been stalled 8.5
//!   minutes`, `1 message every 2 seconds for …`;
//! - an amount of counted things in a prefixed unit: `5.1e6 milli-messages`, `51
//!   centimessages` (then `x 10000` is the expression rules').
//!
//! The unit table is `units.rs` ([`units::measure_units`]: time, data, mass, length, volume,
//! money, counted things; SI prefixes; every reading of an ambiguous symbol). Arithmetic is
//! exact ([`Ratio`]): a result that is no finite decimal is no reading, and what is read
//! states a target only when exactly equal to it, as any reading does.
//!
//! # False-positive controls
//!
//! A conversion needs both units in one measure (`5 minutes in production`, `85 records in 5
//! minutes` read nothing), the phrase's own words between them, and no number after the
//! second unit (`10 minutes in 2 hours` is no conversion). An amount alone in its unit is
//! never converted (`5.1 kg`, `$51.00 total`, `85 minutes` stay as written); only a prefixed
//! count is (`milli-messages` has no other reading). A rate times a duration needs the
//! duration to be one the rate ran for: a cue word before it (`for`, `stalled`, `stopped`,
//! `behind`, `takes`, `clears`, `backlog is`, `over the last` …), after it (`ago`, `behind`,
//! `worth`, `of traffic`), `at` or an operator joining the two; a latency word before it
//! (`p99`, `latency`, `timeout`, `interval`, `every`, `per`) rules it out, and the two stay in
//! one sentence and one table cell (`send rate 100 msg/s, p99 51 ms` reads nothing).
//!
//! # Cost
//!
//! Anchored in the digit-run pass of `mixed::hits` ([`anchor`]), only on lines no other
//! trigger marks: the structure around a number is looked at first (a conversion word after
//! its unit, a rate's `/`, `per`, `every`, a rate word, an SI prefix, ` in ` right before
//! it) and a word is classified ([`units::word_class`], no allocation) only when it calls
//! for it; a rate anchors its line only with a duration on it (`about 2846 rps at peak` does
//! not). [`relation`] runs behind `may_relate`'s gate ([`starts`]: a unit word after digits,
//! a unit word before `in`, a currency symbol, `a`/`an` before a time word) and looks at the
//! word after a number before building any table. Measured on `examples/v8_reads` (64 KB of
//! reply and of ops text): +1.8 % instructions per read pair over the matcher without it.
//! Arithmetic is on `u128` rationals, checked.
use super::{Kind, Tok, View};
use crate::matcher::targets::Dec;
use crate::matcher::units::{self, class, Measure};

/// An exact non-negative rational, reduced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Ratio {
    num: u128,
    den: u128,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let r = a % b;
        a = b;
        b = r;
    }
    a
}

impl Ratio {
    const ONE: Ratio = Ratio { num: 1, den: 1 };

    fn new(num: u128, den: u128) -> Option<Ratio> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den).max(1);
        Some(Ratio {
            num: num / g,
            den: den / g,
        })
    }

    fn int(n: u128) -> Ratio {
        Ratio { num: n, den: 1 }
    }

    /// `mant × 10^exp` exactly (exponents beyond ±24 are no amount anyone writes).
    fn decimal_parts(mant: u128, exp: i32) -> Option<Ratio> {
        if !(-24..=24).contains(&exp) {
            return None;
        }
        let p = 10u128.checked_pow(exp.unsigned_abs())?;
        if exp >= 0 {
            Ratio::new(mant.checked_mul(p)?, 1)
        } else {
            Ratio::new(mant, p)
        }
    }

    /// A table factor (a float written in the table as a short decimal: `1e-3`, `0.125`,
    /// `3600`) as the decimal it was written as.
    fn factor(f: f64) -> Option<Ratio> {
        // Every factor of the table is a whole number or one over one (`1e-3`, `0.125`): read
        // so without a decimal conversion; anything else through its shortest decimal.
        if f >= 1.0 && f.fract() == 0.0 && f < 1e30 {
            return Some(Ratio::int(f as u128));
        }
        let inv = (1.0 / f).round();
        if f > 0.0 && inv < 1e30 && (inv * f - 1.0).abs() < 1e-12 {
            return Ratio::new(1, inv as u128);
        }
        let d = Dec::from_f64(f)?;
        Ratio::decimal_parts(u128::from(d.mant), d.exp)
    }

    fn mul(self, o: Ratio) -> Option<Ratio> {
        // Cross-reduced first, so the products stay small.
        let g1 = gcd(self.num, o.den).max(1);
        let g2 = gcd(o.num, self.den).max(1);
        Ratio::new(
            (self.num / g1).checked_mul(o.num / g2)?,
            (self.den / g2).checked_mul(o.den / g1)?,
        )
    }

    fn div(self, o: Ratio) -> Option<Ratio> {
        if o.num == 0 {
            return None;
        }
        self.mul(Ratio {
            num: o.den,
            den: o.num,
        })
    }

    fn add(self, o: Ratio) -> Option<Ratio> {
        let g = gcd(self.den, o.den).max(1);
        let den = (self.den / g).checked_mul(o.den)?;
        let num = self
            .num
            .checked_mul(o.den / g)?
            .checked_add(o.num.checked_mul(self.den / g)?)?;
        Ratio::new(num, den)
    }

    /// The value as a finite decimal (`5100`, `0.51`), or `None` when it has none within
    /// twelve decimals (`100 s` in minutes).
    fn written(self) -> Option<String> {
        let whole = self.num / self.den;
        let mut rem = self.num % self.den;
        if rem == 0 {
            return Some(whole.to_string());
        }
        let mut frac = String::new();
        for _ in 0..12 {
            rem = rem.checked_mul(10)?;
            frac.push(char::from(b'0' + u8::try_from(rem / self.den).ok()?));
            rem %= self.den;
            if rem == 0 {
                return Some(format!("{whole}.{frac}"));
            }
        }
        None
    }
}

impl View<'_, '_> {
    /// The word `w` (any ASCII case) at `k`.
    fn is(&self, k: usize, w: &str) -> bool {
        self.get(k)
            .is_some_and(|t| t.kind == Kind::Letters && t.text.eq_ignore_ascii_case(w))
    }
    /// The words `ws` at `k`, one space apart; the token after them.
    fn words(&self, k: usize, ws: &[&str]) -> Option<usize> {
        let mut k = k;
        for (n, w) in ws.iter().enumerate() {
            if n > 0 {
                if !self.space(k) {
                    return None;
                }
                k += 1;
            }
            if !self.is(k, w) {
                return None;
            }
            k += 1;
        }
        Some(k)
    }
}

/// A number at `k`: digits, comma groups of three, a fraction, a scientific exponent (`5.1e6`,
/// `5.1E+6`). Its value and the token after it.
fn number(v: &View<'_, '_>, k: usize) -> Option<(Ratio, usize)> {
    // Digits pushed onto one mantissa (no copy: this runs on every number a rate search meets).
    fn push(mant: &mut u128, count: &mut usize, d: &str) -> Option<()> {
        for c in d.bytes() {
            *mant = mant.checked_mul(10)?.checked_add(u128::from(c - b'0'))?;
        }
        *count += d.len();
        (*count <= 30).then_some(())
    }
    let first = v.digits(k)?;
    let (mut mant, mut count) = (0u128, 0usize);
    push(&mut mant, &mut count, first)?;
    let mut e = k + 1;
    if first.len() <= 3 {
        while v.text(e) == "," && v.digits(e + 1).is_some_and(|d| d.len() == 3) {
            push(&mut mant, &mut count, v.digits(e + 1)?)?;
            e += 2;
        }
    }
    let mut exp: i32 = 0;
    if v.text(e) == "." {
        if let Some(f) = v.digits(e + 1) {
            push(&mut mant, &mut count, f)?;
            exp = -i32::try_from(f.len()).ok()?;
            e += 2;
        }
    }
    if v.is(e, "e") {
        let (x, next) = match (v.digits(e + 1), v.text(e + 1)) {
            (Some(x), _) => (x, e + 2),
            (None, "+") => (v.digits(e + 2)?, e + 3),
            _ => ("", e),
        };
        if !x.is_empty() {
            exp = exp.checked_add(x.parse::<i32>().ok().filter(|x| *x <= 15)?)?;
            e = next;
        }
    }
    Some((Ratio::decimal_parts(mant, exp)?, e))
}

/// The token after the number at `k` ([`number`]'s end, without its value).
fn number_end(v: &View<'_, '_>, k: usize) -> Option<usize> {
    let first = v.digits(k)?;
    let mut e = k + 1;
    if first.len() <= 3 {
        while v.text(e) == "," && v.digits(e + 1).is_some_and(|d| d.len() == 3) {
            e += 2;
        }
    }
    if v.text(e) == "." && v.digits(e + 1).is_some() {
        e += 2;
    }
    if v.is(e, "e") {
        if v.digits(e + 1).is_some() {
            e += 2;
        } else if v.text(e + 1) == "+" && v.digits(e + 2).is_some() {
            e += 3;
        }
    }
    Some(e)
}

/// Readings of one unit (up to the table's handful), each exact.
type Units = Vec<(Measure, Ratio)>;

/// The unit at `k` (`kg`, `minutes`, `milli-messages`): its readings and the token after it.
fn unit(v: &View<'_, '_>, k: usize) -> Option<(Units, usize)> {
    let t = v.get(k).filter(|t| t.kind == Kind::Letters)?;
    let c = units::word_class(t.text);
    if c == 0 {
        return None;
    }
    let (mut word, mut end) = (t.text.to_string(), k + 1);
    if c & class::PREFIX != 0 && v.text(k + 1) == "-" && v.kind(k + 2, Kind::Letters) {
        word.push_str(v.text(k + 2));
        end = k + 3;
    }
    let out: Units = units::measure_units(&word)
        .into_iter()
        .filter_map(|(m, f)| Some((m, Ratio::factor(f)?)))
        .collect();
    (!out.is_empty()).then_some((out, end))
}

/// Is the word at `k` a minor unit of money (`cents`, `pence`)?
fn minor_money(v: &View<'_, '_>, k: usize) -> bool {
    v.get(k).is_some_and(|t| {
        units::measure_units(t.text)
            .iter()
            .any(|(m, f)| *m == Measure::Money && *f == 1.0)
    })
}

/// A currency symbol (read as a unit before the number).
fn currency(t: &str) -> bool {
    matches!(t, "$" | "\u{00A3}" | "\u{20AC}")
}

/// An amount at `k`: one or more number-unit parts in strictly smaller units of one measure
/// (`1 hour 25 minutes`, `45 min 50 s`, `an hour and 25 minutes`, `$27 and 50 cents`, `1h25m`).
/// Per measure the parts agree on, the total in its base unit; and the token after it.
fn amount(v: &View<'_, '_>, k: usize) -> Option<(Vec<(Measure, Ratio)>, usize)> {
    // Per reading of the first part: (measure, total, last part's factor).
    let mut acc: Vec<(Measure, Ratio, Ratio)> = Vec::new();
    let mut end = k;
    let mut q = k;
    // One number-unit part at `q` (`a`/`an` only first): value, unit readings, the end.
    let part_at = |q: usize, first: bool| -> Option<(Ratio, Units, usize)> {
        if currency(v.text(q)) {
            let (n, e) = number(v, q + 1)?;
            return Some((n, vec![(Measure::Money, Ratio::int(100))], e));
        }
        if first && (v.is(q, "a") || v.is(q, "an")) && v.space(q + 1) {
            let (u, e) = unit(v, q + 2)?;
            return Some((Ratio::ONE, u, e));
        }
        let (n, mut e) = number(v, q)?;
        if v.space(e) && v.kind(e + 1, Kind::Letters) {
            e += 1;
        }
        let (u, e) = unit(v, e)?;
        Some((n, u, e))
    };
    for part in 0..6 {
        let Some((n, units, e)) = part_at(q, part == 0) else {
            break;
        };
        // A rate (`10 msg/s`) is no amount.
        if v.text(e) == "/" {
            break;
        }
        if part == 0 {
            for (m, f) in units {
                acc.push((m, n.mul(f)?, f));
            }
        } else {
            let mut next = Vec::new();
            for (m, total, last) in &acc {
                for (m2, f) in &units {
                    // Strictly smaller units only (`5 ms 2 s` is two amounts).
                    if m2 == m && f.num * last.den < last.num * f.den {
                        next.push((*m, total.add(n.mul(*f)?)?, *f));
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            acc = next;
        }
        end = e;
        // To the next part: a space, `, `, ` and `, `, and `, or nothing (`1h25m`).
        let mut r = e;
        if v.text(r) == "," {
            r += 1;
        }
        if v.space(r) {
            r += 1;
        }
        if let Some(a) = v.words(r, &["and"]).filter(|a| v.space(*a)) {
            r = a + 1;
        }
        if !(v.kind(r, Kind::Digits) || currency(v.text(r))) {
            break;
        }
        q = r;
    }
    // Digits glued after the last unit (`1h25`) or a rate's `/` leave the amount unread.
    if acc.is_empty() || v.kind(end, Kind::Digits) || v.text(end) == "/" {
        return None;
    }
    Some((acc.into_iter().map(|(m, t, _)| (m, t)).collect(), end))
}

/// The words that turn an amount into the unit after them: `in`, `to`, `into`, `as`,
/// `expressed in`, `converted to`, `written in`, `measured in`, `counted in`, `in terms of`,
/// `in units of`. Returns the token of the unit.
fn conversion_words(v: &View<'_, '_>, k: usize) -> Option<usize> {
    const PHRASES: &[&[&str]] = &[
        &["in", "terms", "of"],
        &["in", "units", "of"],
        &["expressed", "in"],
        &["expressed", "as"],
        &["converted", "to"],
        &["converted", "into"],
        &["written", "in"],
        &["written", "as"],
        &["measured", "in"],
        &["counted", "in"],
        &["given", "in"],
        &["in"],
        &["to"],
        &["into"],
        &["as"],
    ];
    // `85 hours, in minutes`: a comma may set the phrase off.
    let k = if v.is_text(k, ",") { k + 1 } else { k };
    if !v.space(k) {
        return None;
    }
    PHRASES
        .iter()
        .find_map(|p| v.words(k + 1, p))
        .filter(|e| v.space(*e))
        .map(|e| e + 1)
}

/// `total` (per measure, in base units) in the unit at `k`, which nothing numeric follows.
fn convert(v: &View<'_, '_>, total: &[(Measure, Ratio)], k: usize) -> Option<(String, usize)> {
    let (to, e) = unit(v, k)?;
    // `10 minutes in 2 hours` is no conversion, nor is `5 s in s3`.
    let after = if v.space(e) { e + 1 } else { e };
    if v.kind(e, Kind::Digits) || v.kind(after, Kind::Digits) || v.text(e) == "/" {
        return None;
    }
    for (m, t) in total {
        for (m2, f) in &to {
            if m == m2 {
                if let Some(w) = t.div(*f).and_then(Ratio::written) {
                    return Some((w, e));
                }
            }
        }
    }
    None
}

/// A rate at `k` in events per second: `10 msg/s`, `100 msgs/min`, `10/s`, `1 message per
/// second`, `100 messages a minute`, `1 message every 2 seconds`, `10 per second`, `100 rps`.
/// Its value and the token after it.
fn rate(v: &View<'_, '_>, k: usize) -> Option<(Ratio, usize)> {
    // What follows the number first (most numbers are no rate), its value after.
    let mut e = number_end(v, k)?;
    let after = if v.space(e) { e + 1 } else { e };
    let plausible = v.text(e) == "/"
        || v.get(after).is_some_and(|t| {
            t.kind == Kind::Letters && units::word_class(t.text) & (class::COUNT | class::RATE) != 0
        });
    if !plausible {
        return None;
    }
    let (n, _) = number(v, k)?;
    let time = |k: usize| -> Option<(Ratio, usize)> {
        let t = v.get(k).filter(|t| t.kind == Kind::Letters)?;
        Some((Ratio::factor(units::time_unit(t.text)?)?, k + 1))
    };
    // `10/s`
    if v.text(e) == "/" {
        let (t, end) = time(e + 1)?;
        return Some((n.div(t)?, end));
    }
    if v.space(e) {
        e += 1;
    }
    let w = v.get(e).filter(|t| t.kind == Kind::Letters)?;
    let c = units::word_class(w.text);
    if c & (class::COUNT | class::RATE) == 0 {
        return None;
    }
    let count = units::count_word(w.text);
    if count && v.text(e + 1) == "/" {
        let (t, end) = time(e + 2)?;
        return Some((n.div(t)?, end));
    }
    if let Some(r) = units::rate_word(w.text) {
        // Per second or per minute (`rpm`): 1/60 is no short decimal, so it is built exactly.
        let per = if r >= 1.0 {
            Ratio::factor(r)?
        } else {
            Ratio::new(1, (1.0 / r).round() as u128)?
        };
        return Some((n.mul(per)?, e + 1));
    }
    // `messages per second`, `per second`, `a minute`, `every 2 seconds`.
    let p = if count && v.space(e + 1) { e + 2 } else { e };
    let lead = ["per", "a", "an", "every", "each"]
        .iter()
        .find(|l| v.is(p, l))
        .copied()?;
    if !(count || lead == "per") || !v.space(p + 1) {
        return None;
    }
    let (every, q) = match (lead, number(v, p + 2)) {
        ("every", Some((m, q))) if v.space(q) => (m, q + 1),
        _ => (Ratio::ONE, p + 2),
    };
    let (t, end) = time(q)?;
    Some((n.div(t.mul(every)?)?, end))
}

/// A duration at `k` (an amount of time, not a rate): its seconds and the token after it.
fn duration(v: &View<'_, '_>, k: usize) -> Option<(Ratio, usize)> {
    let (total, e) = amount(v, k)?;
    let secs = total.iter().find(|(m, _)| *m == Measure::Time)?.1;
    Some((secs, e))
}

/// Words after which a duration is one a rate ran for (within three words before it).
#[rustfmt::skip]
const CUE_BEFORE: &[&str] = &[
    "for", "since", "over", "during", "within", "past", "last", "after", "stalled", "stopped",
    "paused", "halted", "stuck", "hung", "frozen", "down", "offline", "idle", "dead", "behind",
    "lagging", "lag", "backlog", "clear", "clears", "cleared", "clearing", "drain", "drains",
    "drained", "draining", "take", "takes", "took", "taking", "need", "needs", "needed", "ran",
    "run", "runs", "running", "lasted", "lasts", "elapsed", "outage", "gone", "caught", "catch",
    "accumulated", "accumulating", "piled", "built", "worth",
];
/// Words right after a duration that make it one a rate ran for.
const CUE_AFTER: &[&str] = &["behind", "ago", "late", "worth", "back", "old", "of"];
/// Words before a duration that make it a latency or a period, never a span the rate ran for.
#[rustfmt::skip]
const LATENCY: &[&str] = &[
    "p50", "p75", "p90", "p95", "p99", "p999", "latency", "latencies", "timeout", "timeouts",
    "interval", "intervals", "every", "each", "per", "ttl", "deadline", "poll", "polling",
    "retention", "heartbeat", "session", "expiry", "median", "mean", "avg", "average",
];
/// Operators that join a rate and a duration into their product.
const TIMES: &[&str] = &["x", "times", "\u{00D7}", "*", "multiplied"];

/// A token that ends a sentence, a table cell or a line: a rate and a duration on either
/// side of it are not one statement.
fn clause_end(v: &View<'_, '_>, k: usize) -> bool {
    match v.text(k) {
        "!" | "?" | "|" | "\n" | "\r" => true,
        "." => !v.kind(k + 1, Kind::Digits),
        _ => false,
    }
}

/// Is the duration at `k..e` one a rate ran for (see the module doc)? The words before it are
/// read back to `from` (the end of the rate before it: its own `per` is no latency word).
fn ran_for(v: &View<'_, '_>, from: usize, k: usize, e: usize) -> bool {
    // Up to three words before, within the clause.
    let mut words = 0;
    let mut j = k;
    let mut cue = false;
    while words < 3 && j > from {
        let Some(p) = j.checked_sub(1) else { break };
        j = p;
        let Some(t) = v.get(j) else { break };
        if clause_end(v, j) || matches!(t.text, "," | ";" | ":" | "(" | ")") {
            break;
        }
        if t.kind == Kind::Letters || t.kind == Kind::Digits {
            words += 1;
            let w = t.text;
            let is = |list: &[&str]| list.iter().any(|x| w.eq_ignore_ascii_case(x));
            if is(LATENCY) {
                return false;
            }
            cue |= is(CUE_BEFORE) || is(TIMES);
        } else if is_times(t.text) {
            cue = true;
        }
    }
    if cue {
        return true;
    }
    // Right after: `ago`, `behind`, `worth`, `of traffic`, `at <rate>`, `× <rate>`.
    let a = if v.space(e) { e + 1 } else { e };
    let after = |list: &[&str]| list.iter().any(|w| v.is(a, w));
    (after(CUE_AFTER) && !(v.is(a, "of") && v.space(a + 1) && v.kind(a + 2, Kind::Digits)))
        || after(TIMES)
        || is_times(v.text(a))
        || (v.is(a, "at") && v.space(a + 1) && rate(v, a + 2).is_some())
}

fn is_times(t: &str) -> bool {
    matches!(t, "*" | "\u{00D7}")
}

/// How far a rate and its duration may stand apart, in tokens.
const REACH: usize = 40;

/// After a rate ending at `e`: the first duration in the clause that the rate ran for.
fn duration_after(v: &View<'_, '_>, e: usize) -> Option<(Ratio, usize)> {
    let mut j = e;
    while j < e + REACH && !clause_end(v, j) {
        let t = v.get(j)?;
        let start = t.kind == Kind::Digits
            && !j
                .checked_sub(1)
                .is_some_and(|p| v.kind(p, Kind::Letters) || matches!(v.text(p), "." | "/" | "_"))
            || ((v.is(j, "a") || v.is(j, "an")) && v.space(j + 1));
        if start {
            if let Some((secs, end)) = duration(v, j) {
                if ran_for(v, e, j, end) {
                    return Some((secs, end));
                }
                j = end;
                continue;
            }
        }
        j += 1;
    }
    None
}

/// After a duration ending at `e`: the first rate in the clause.
fn rate_after(v: &View<'_, '_>, e: usize) -> Option<(Ratio, usize)> {
    let mut j = e;
    while j < e + REACH && !clause_end(v, j) {
        let t = v.get(j)?;
        let plain = !j
            .checked_sub(1)
            .is_some_and(|p| v.kind(p, Kind::Letters) || matches!(v.text(p), "." | "/" | "_"));
        if t.kind == Kind::Digits && plain {
            if let Some(r) = rate(v, j) {
                return Some(r);
            }
        }
        j += 1;
    }
    None
}

/// The reading at token `i` (see the module doc), and the token after what it replaces.
pub(super) fn relation(toks: &[Tok<'_>], i: usize) -> Option<(String, usize)> {
    let v = View { toks };
    let t = v.get(i)?;
    // A number glued to a word or a version before it is an identifier (`v1.5 min`, `x-85`).
    let glued = i.checked_sub(1).is_some_and(|p| {
        v.kind(p, Kind::Letters) || v.kind(p, Kind::Digits) || matches!(v.text(p), "." | "_")
    });
    if glued {
        return None;
    }
    if t.kind == Kind::Letters {
        return head(&v, i).or_else(|| duration_first(&v, i));
    }
    if currency(t.text) {
        return amount_reading(&v, i);
    }
    if t.kind != Kind::Digits {
        return None;
    }
    // The word after the number decides which reading is tried (most numbers a rewritten line
    // holds are neither converted nor a rate's: they stop here, before any table is built).
    let (n, e) = number(&v, i)?;
    if v.text(e) == "/" {
        return rate_times_duration(&v, i);
    }
    let u = if v.space(e) { e + 1 } else { e };
    let w = v.get(u).filter(|t| t.kind == Kind::Letters)?;
    let c = units::word_class(w.text);
    if c == 0 {
        // `51.00 in cents` (a `$` dropped), `255 score` (a count that was words).
        if conversion_words(&v, e).is_some_and(|k| minor_money(&v, k)) {
            return amount_reading(&v, i);
        }
        return counted(&v, i);
    }
    if c & (class::PREFIXED | class::PREFIX) != 0 {
        return amount_reading(&v, i);
    }
    if c & (class::TIME | class::MEASURE) != 0 {
        // Converted, or one part of several (`1 hour 25 minutes`): the whole amount.
        let mut r = u + 1;
        if v.text(r) == "," {
            r += 1;
        }
        if v.space(r) {
            r += 1;
        }
        if v.is(r, "and") && v.space(r + 1) {
            r += 2;
        }
        let more = v.kind(r, Kind::Digits) || currency(v.text(r));
        if more || conversion_words(&v, u + 1).is_some() {
            return amount_reading(&v, i);
        }
        // One duration a rate after it ran for (`85 minutes worth at 1 msg/s`); the rate is
        // looked for first (most durations have none after them).
        if c & class::TIME == 0 {
            return None;
        }
        let (r, end) = rate_after(&v, u + 1)?;
        if !ran_for(&v, 0, i, u + 1) {
            return None;
        }
        let secs = n.mul(time_ratio(w.text)?)?;
        return Some((r.mul(secs)?.written()?, end));
    }
    rate_times_duration(&v, i)
}

/// `at 10 msg/s … 275 seconds behind`: a rate at `i`, then a duration in its clause.
fn rate_times_duration(v: &View<'_, '_>, i: usize) -> Option<(String, usize)> {
    let (r, e) = rate(v, i)?;
    let (secs, end) = duration_after(v, e)?;
    Some((r.mul(secs)?.written()?, end))
}

/// A time unit's length in seconds, exactly.
fn time_ratio(w: &str) -> Option<Ratio> {
    Ratio::factor(units::time_unit(w)?)
}

/// `255 score`, `35 gross and 60` where the number was words (`two hundred fifty-five
/// score`): the mixed-forms rewrite reads digits before the words are read, this after.
fn counted(v: &View<'_, '_>, i: usize) -> Option<(String, usize)> {
    let n: u128 = v.digits(i)?.parse().ok()?;
    if !v.space(i + 1) {
        return None;
    }
    let f = u128::from(
        v.get(i + 2)
            .and_then(|t| super::mixed::count_factor(t.text))?,
    );
    if v.space(i + 3) && v.is(i + 4, "of") {
        return None;
    }
    let total = n.checked_mul(f)?;
    if let Some(a) = v
        .words(i + 4, &["and"])
        .filter(|a| v.space(i + 3) && v.space(*a))
    {
        let more: Option<u128> = v.digits(a + 1).and_then(|m| m.parse().ok());
        if let Some(m) = more.filter(|m| *m < f && !v.kind(a + 2, Kind::Letters)) {
            return Some((total.checked_add(m)?.to_string(), a + 2));
        }
    }
    Some((total.to_string(), i + 3))
}

/// An amount at `i` read on: converted (`85 minutes in seconds`), a prefixed count alone
/// (`5.1e6 milli-messages`), or a duration a rate after it ran for.
fn amount_reading(v: &View<'_, '_>, i: usize) -> Option<(String, usize)> {
    let Some((total, e)) = amount(v, i) else {
        // `51.00 in cents`: normalising drops a `$` (LaTeX), so a bare number converted to
        // the minor unit is read in the major one.
        let (n, e) = number(v, i)?;
        let u = conversion_words(v, e)?;
        return convert(v, &[(Measure::Money, n.mul(Ratio::int(100))?)], u)
            .filter(|_| minor_money(v, u));
    };
    if let Some(u) = conversion_words(v, e) {
        if let Some(r) = convert(v, &total, u) {
            return Some(r);
        }
    }
    // A count whose total is not its number had a prefix (`milli-messages`: 1e-3).
    if let [(Measure::Count, n)] = total.as_slice() {
        let written = number(v, i).map(|(w, _)| w);
        return (written != Some(*n))
            .then(|| n.written())
            .flatten()
            .map(|w| (w, e));
    }
    duration_first(v, i)
}

/// `seconds in 85 minutes`, `grams are in 5.1 kg`, `cents in $27.50`: the unit at `i`, then
/// `in` (after `are`, `there are`, `are there`), then an amount that nothing numeric follows.
fn head(v: &View<'_, '_>, i: usize) -> Option<(String, usize)> {
    // `it's in 5 minutes`: a unit symbol of one letter needs a word boundary before it.
    if i.checked_sub(1)
        .is_some_and(|p| matches!(v.text(p), "'" | "\u{2019}" | "-"))
    {
        return None;
    }
    // The phrase first (`in` after the unit), the unit's readings only then.
    let mut k = i + 1;
    if !v.space(k) {
        return None;
    }
    k += 1;
    for lead in [&["there", "are"][..], &["are", "there"], &["are"], &["is"]] {
        if let Some(n) = v.words(k, lead).filter(|n| v.space(*n)) {
            k = n + 1;
            break;
        }
    }
    let k = v.words(k, &["in"]).filter(|n| v.space(*n))? + 1;
    let (to, _) = unit(v, i)?;
    let (total, end) = match amount(v, k) {
        Some(a) => a,
        // `cents in 27.50` (a `$` dropped by normalising): the major unit.
        None if minor_money(v, i) => {
            let (n, e) = number(v, k)?;
            (vec![(Measure::Money, n.mul(Ratio::int(100))?)], e)
        }
        None => return None,
    };
    let after = if v.space(end) { end + 1 } else { end };
    if v.kind(after, Kind::Digits) {
        return None;
    }
    for (m, t) in &total {
        for (m2, f) in &to {
            if m == m2 {
                if let Some(w) = t.div(*f).and_then(Ratio::written) {
                    return Some((w, end));
                }
            }
        }
    }
    None
}

/// `85 minutes worth at 1 msg/s`, `an hour at 1 message per second`: a duration the rate ran
/// for at `i`, then a rate in the clause.
fn duration_first(v: &View<'_, '_>, i: usize) -> Option<(String, usize)> {
    let (secs, e) = duration(v, i)?;
    let (r, end) = rate_after(v, e)?;
    if !ran_for(v, 0, i, e) {
        return None;
    }
    Some((r.mul(secs)?.written()?, end))
}

/// Can a reading of this module start at token `i`? The gate `may_relate` asks this beside
/// its own words: a unit word after digits (spaced or glued), a unit word followed by a space
/// (a head, `seconds in`), a currency symbol before digits, `a`/`an` before a time word.
pub(super) fn starts(toks: &[Tok<'_>], i: usize) -> bool {
    let v = View { toks };
    let Some(t) = v.get(i) else { return false };
    match t.kind {
        Kind::Letters => {
            if !v.space(i + 1) {
                return false;
            }
            // `a`/`an` before a time word (`an hour … at 1 msg/s`).
            if t.text.len() <= 2
                && (t.text.eq_ignore_ascii_case("a") || t.text.eq_ignore_ascii_case("an"))
            {
                return v
                    .get(i + 2)
                    .is_some_and(|w| units::word_class(w.text) & class::TIME != 0);
            }
            // A head: the word after it is `in` (or `are`, `there`, `is` before one), looked
            // at before the unit tables (this runs on every word of a rewritten line).
            let next = v.text(i + 2);
            let lead = next.len() <= 5
                && ["in", "are", "there", "is"]
                    .iter()
                    .any(|x| next.eq_ignore_ascii_case(x));
            lead && units::word_class(t.text) & (class::TIME | class::MEASURE) != 0
        }
        Kind::Digits => {
            // `5.1e6 milli-messages` (the `.` is the gate's own).
            if v.is(i + 1, "e") && (v.kind(i + 2, Kind::Digits) || v.text(i + 2) == "+") {
                return true;
            }
            // An amount after a currency symbol (`$51 in cents`, the relation read from the
            // digits as from the symbol).
            if i > 0
                && v.get(i - 1)
                    .is_some_and(|p| p.kind == Kind::Other && currency(p.text))
            {
                return true;
            }
            let k = if v.space(i + 1) { i + 2 } else { i + 1 };
            v.get(k).is_some_and(|w| {
                w.kind == Kind::Letters
                    && (units::word_class(w.text) != 0
                        || super::mixed::count_factor(w.text).is_some())
            })
        }
        Kind::Other => currency(t.text) && v.kind(i + 1, Kind::Digits),
        Kind::Space => false,
    }
}

/// Is the digit run at `start..e` of `s` an anchor for this module? A unit after it (across
/// a fraction, an exponent and one space) followed by a conversion word; a rate (`/time`, a
/// rate word, `per`, a counted word and `/`, `per`, `a`, `every`) with a duration on its
/// line; a prefixed count; or a `<unit> in` (or `$`) in the 48 bytes before it on its line.
pub(super) fn anchor(s: &str, start: usize, e: usize) -> bool {
    let b = s.as_bytes();
    // The fraction of a number (`1` of `5.1 kg`) was looked at with its integer part.
    if start >= 2
        && matches!(b.get(start - 1), Some(b'.' | b','))
        && b.get(start - 2).is_some_and(u8::is_ascii_digit)
    {
        return false;
    }
    let mut k = e;
    if b.get(k) == Some(&b'.') && b.get(k + 1).is_some_and(u8::is_ascii_digit) {
        k += 1;
        while b.get(k).is_some_and(u8::is_ascii_digit) {
            k += 1;
        }
    }
    if matches!(b.get(k), Some(b'e' | b'E')) {
        let mut x = k + 1;
        if b.get(x) == Some(&b'+') {
            x += 1;
        }
        if b.get(x).is_some_and(u8::is_ascii_digit) {
            k = x;
            while b.get(k).is_some_and(u8::is_ascii_digit) {
                k += 1;
            }
        }
    }
    let a = match b.get(k) {
        // `10/s`, `10/min`
        Some(b'/') => {
            return word_at(s, k + 1).is_some_and(|w| units::word_class(w) & class::TIME != 0)
                && duration_on_line(s, start)
        }
        Some(b' ') => k + 1,
        Some(c) if c.is_ascii_alphabetic() || *c >= 0x80 => k,
        // `cents in $27.50`, `cents in 27.50`: right after `in`.
        _ => return after_in(s, start),
    };
    let Some(w) = word_at(s, a) else {
        return after_in(s, start);
    };
    let rest = s.get(a + w.len()..).unwrap_or("");
    // The structure around the word is looked at first and the word classified only when it
    // calls for it (this runs on every number followed by a word).
    // `$51.00 in cents`, `51.00 in cents` (a `$` dropped by normalising).
    if conversion_word(w) {
        let tail = s.get(k..).unwrap_or("");
        return currency_before(s, start) || minor_money_after(tail);
    }
    // `85 minutes in seconds`
    if conversion_after(rest) {
        return units::word_class(w) & (class::TIME | class::MEASURE) != 0;
    }
    // A rate: `100 rps`, `10 per second`, `100 msgs/min`, `1 message per second`.
    let rate_word = (2..=4).contains(&w.len())
        && [
            "rps", "qps", "tps", "ops", "eps", "mps", "iops", "hz", "rpm", "qpm", "tpm", "per",
        ]
        .iter()
        .any(|r| r.len() == w.len() && w.eq_ignore_ascii_case(r));
    let counted_rate =
        (rest.starts_with('/') || lead_after(rest)) && units::word_class(w) & class::COUNT != 0;
    if rate_word || counted_rate {
        return duration_on_line(s, start);
    }
    // `5.1e6 milli-messages`, `51 centimessages`.
    if w.len() >= 4 && units::si_prefixed(w) {
        let c = units::word_class(w);
        if c & class::PREFIXED != 0 || (c & class::PREFIX != 0 && rest.starts_with('-')) {
            return true;
        }
    }
    // Glued parts after the first (`1h25m in seconds`): their digits are no anchor of their own.
    if rest.starts_with(|c: char| c.is_ascii_digit()) {
        let mut rest = rest;
        for _ in 0..5 {
            let d = rest.bytes().take_while(u8::is_ascii_digit).count();
            let l = rest
                .get(d..)
                .map_or(0, |r| r.bytes().take_while(u8::is_ascii_alphabetic).count());
            if d == 0 || l == 0 {
                break;
            }
            rest = rest.get(d + l..).unwrap_or("");
        }
        if conversion_after(rest) && units::word_class(w) & class::TIME != 0 {
            return true;
        }
    }
    // The amount of a head phrase (`seconds in 85 minutes`, `seconds in an hour and 25 …`).
    unit_in_before(s, start)
}

/// Is there a duration on the line of `at`: digits followed (across one space) by a time word
/// and not after a `/` (`51 minutes`, `8.5 min`), or `a`/`an` before one (`an hour`)? A rate
/// alone (`about 2846 rps at peak`) leaves its line unread.
fn duration_on_line(s: &str, at: usize) -> bool {
    let b = s.as_bytes();
    let from = b
        .get(..at)
        .and_then(|h| memchr::memrchr(b'\n', h))
        .map_or(0, |n| n + 1);
    let to = b
        .get(at..)
        .and_then(|t| memchr::memchr(b'\n', t))
        .map_or(b.len(), |n| at + n);
    let mut i = from;
    while i < to {
        let c = b.get(i).copied().unwrap_or(b' ');
        let word_start = i == from || !b.get(i - 1).is_some_and(u8::is_ascii_alphanumeric);
        if c.is_ascii_digit() && word_start && !(i > from && b.get(i - 1) == Some(&b'/')) {
            let mut e = i;
            while b.get(e).is_some_and(|c| c.is_ascii_digit() || *c == b'.') {
                e += 1;
            }
            let a = if b.get(e) == Some(&b' ') { e + 1 } else { e };
            let timed = word_at(s, a).is_some_and(|w| {
                units::word_class(w) & class::TIME != 0 && b.get(a + w.len()) != Some(&b'/')
            });
            if timed {
                return true;
            }
            i = e.max(i + 1);
            continue;
        }
        if matches!(c, b'a' | b'A') && word_start {
            let art = if b.get(i + 1) == Some(&b' ') {
                Some(i + 2)
            } else if matches!(b.get(i + 1), Some(b'n' | b'N')) && b.get(i + 2) == Some(&b' ') {
                Some(i + 3)
            } else {
                None
            };
            if art
                .and_then(|a| word_at(s, a))
                .is_some_and(|w| units::word_class(w) & class::TIME != 0)
            {
                return true;
            }
        }
        i += 1;
    }
    false
}

/// ASCII letters at `a` (a `µ` or `μ` first), up to 24.
fn word_at(s: &str, a: usize) -> Option<&str> {
    let b = s.as_bytes();
    let mut z = a;
    if b.get(a).is_some_and(|c| *c >= 0x80) {
        if let Some(r) = s.get(a..) {
            for m in ['\u{00B5}', '\u{03BC}'] {
                if r.starts_with(m) {
                    z += m.len_utf8();
                }
            }
        }
    }
    z += b
        .get(z..)
        .unwrap_or_default()
        .iter()
        .take(24)
        .take_while(|c| c.is_ascii_alphabetic())
        .count();
    (z > a).then(|| s.get(a..z)).flatten()
}

/// ` in `, ` to `, ` into `, ` as `, ` expressed`, ` converted`, ` written`, ` measured`,
/// ` counted`, ` given` at the start of `rest`.
fn conversion_after(rest: &str) -> bool {
    // `85 hours, in minutes`: a comma may set the phrase off.
    let rest = rest.strip_prefix(',').unwrap_or(rest);
    let Some(r) = rest.strip_prefix(' ') else {
        return false;
    };
    let w = r
        .as_bytes()
        .iter()
        .take(10)
        .take_while(|c| c.is_ascii_alphabetic())
        .count();
    if r.as_bytes().get(w) != Some(&b' ') {
        return false;
    }
    r.get(..w).is_some_and(conversion_word)
}

/// `in`, `to`, `into`, `as`, `expressed`, `converted`, `written`, `measured`, `counted`,
/// `given` (any case): the words that turn an amount into the unit after them.
fn conversion_word(w: &str) -> bool {
    let is = |x: &str| w.eq_ignore_ascii_case(x);
    match w.len() {
        2 => is("in") || is("to") || is("as"),
        4 => is("into"),
        5 => is("given"),
        7 => is("written") || is("counted"),
        8 => is("measured"),
        9 => is("expressed") || is("converted"),
        _ => false,
    }
}

/// ` in cents`, ` to pence` … at the start of `rest` (after the conversion word).
fn minor_money_after(rest: &str) -> bool {
    let r = rest.trim_start_matches(' ');
    let w = r.find(' ').and_then(|p| r.get(p + 1..)).unwrap_or("");
    let end = w
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(w.len());
    w.get(..end).is_some_and(|u| {
        units::measure_units(u)
            .iter()
            .any(|(m, f)| *m == Measure::Money && *f == 1.0)
    })
}

/// ` per `, ` a `, ` an `, ` every `, ` each ` at the start of `rest` (a count's rate).
fn lead_after(rest: &str) -> bool {
    let Some(r) = rest.strip_prefix(' ') else {
        return false;
    };
    if !matches!(
        r.as_bytes().first().map(u8::to_ascii_lowercase),
        Some(b'p' | b'a' | b'e')
    ) {
        return false;
    }
    ["per ", "a ", "an ", "every ", "each "]
        .iter()
        .any(|p| r.get(..p.len()).is_some_and(|x| x.eq_ignore_ascii_case(p)))
}

/// A currency symbol right before `start`.
fn currency_before(s: &str, start: usize) -> bool {
    s.get(..start)
        .is_some_and(|h| h.ends_with(['$', '\u{00A3}', '\u{20AC}']))
}

/// Is the number at `start` the amount of a head phrase: right after `<unit> in ` (`seconds in
/// 85`, `cents in $27.50`, `seconds there are in 85`), or the second part after `<unit> in
/// a(n) <unit>` (`seconds in an hour and 25`)? Byte comparisons backwards from `start`.
fn unit_in_before(s: &str, start: usize) -> bool {
    if after_in(s, start) {
        return true;
    }
    // `… in an hour and 25`, `… in a minute, 30`: the first part without digits.
    let h = s.get(..start).unwrap_or("");
    let Some(h) = h.strip_suffix(" and ").or_else(|| h.strip_suffix(", ")) else {
        return false;
    };
    let (rest, w) = last_word(h);
    let Some(rest) = rest.strip_suffix(' ') else {
        return false;
    };
    let (rest, art) = last_word(rest);
    let article = art.eq_ignore_ascii_case("a") || art.eq_ignore_ascii_case("an");
    article
        && rest.strip_suffix(" in ").is_some_and(unit_word_before)
        && units::word_class(w) & class::TIME != 0
}

/// Is the number at `start` right after `<unit> in ` (`seconds in 85`, `cents in $27.50`,
/// `seconds there are in 85`)?
fn after_in(s: &str, start: usize) -> bool {
    let b = s.as_bytes();
    // Most numbers follow a space not after `in`, or no space: settled by two byte tests.
    if start < 4 || !matches!(b.get(start - 1), Some(b' ' | b'$' | 0xA3 | 0xAC)) {
        return false;
    }
    if b.get(start - 1) == Some(&b' ') && b.get(start - 2) != Some(&b'n') {
        return false;
    }
    // A currency symbol before the number: `$`, or `£` / `€`.
    let ends = |x: &[u8]| start >= x.len() && b.get(start - x.len()..start) == Some(x);
    let p = if ends(b"$") {
        start - 1
    } else if ends("\u{00A3}".as_bytes()) {
        start - 2
    } else if ends("\u{20AC}".as_bytes()) {
        start - 3
    } else {
        start
    };
    p >= 4 && b.get(p - 4..p) == Some(b" in ") && s.get(..p - 4).is_some_and(unit_word_before)
}

/// The ASCII word `h` ends with, and what comes before it.
fn last_word(h: &str) -> (&str, &str) {
    let n = h
        .bytes()
        .rev()
        .take(24)
        .take_while(u8::is_ascii_alphabetic)
        .count();
    let at = h.len() - n;
    (h.get(..at).unwrap_or(""), h.get(at..).unwrap_or(""))
}

/// Does `h` end with a unit word (across `are`, `there`, `is`: `seconds there are`)?
fn unit_word_before(h: &str) -> bool {
    let mut h = h;
    for _ in 0..3 {
        let (rest, w) = last_word(h);
        if ["are", "there", "is"]
            .iter()
            .any(|x| w.eq_ignore_ascii_case(x))
        {
            match rest.strip_suffix(' ') {
                Some(r) => h = r,
                None => return false,
            }
            continue;
        }
        return units::word_class(w) & (class::TIME | class::MEASURE) != 0;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::tokens;
    use super::*;

    #[test]
    fn conversion_set_off_by_a_comma() {
        assert_eq!(read("85 minutes, in seconds"), vec!["5100".to_string()]);
        assert_eq!(read("85 hours, in minutes"), vec!["5100".to_string()]);
    }

    /// Every reading of `s` at every token, as the glue step would take them.
    fn read(s: &str) -> Vec<String> {
        let toks = tokens(s);
        (0..toks.len())
            .filter(|&i| super::super::may_relate(&toks, i))
            .filter_map(|i| relation(&toks, i).map(|(r, _)| r))
            .collect()
    }

    #[test]
    fn ratio_is_exact() {
        let r = Ratio::decimal_parts(51, -1).and_then(|x| x.mul(Ratio::int(1000)));
        assert_eq!(r.and_then(Ratio::written).as_deref(), Some("5100"));
        let third = Ratio::new(1, 3).and_then(Ratio::written);
        assert_eq!(third, None);
        assert_eq!(
            Ratio::factor(1e-3).and_then(Ratio::written).as_deref(),
            Some("0.001")
        );
    }

    #[test]
    fn conversions() {
        for (s, want) in [
            ("lag is 85 minutes expressed in seconds", "5100"),
            ("lag = 85 min in s", "5100"),
            ("85min to s", "5100"),
            ("the number of seconds in 85 minutes", "5100"),
            ("there are seconds in 1 hour 25 minutes", "5100"),
            ("seconds in an hour and 25 minutes", "5100"),
            ("worst lag = seconds in 45 min 50 s", "2750"),
            ("number of minutes in 85 hours", "5100"),
            ("how many seconds are there in 85 minutes", "5100"),
            ("the lag is 5.1 kilograms in grams", "5100"),
            ("the number of grams in 5.1 kg", "5100"),
            ("metres in 2.75 km", "2750"),
            ("millilitres in 5.1 litres", "5100"),
            ("ms in 2.75 s", "2750"),
            ("bytes in 5.1 kB", "5100"),
            ("lag $51.00 in cents", "5100"),
            ("lag 51.00 in cents", "5100"),
            ("worst lag: cents in 27.50", "2750"),
            ("cents in 51 dollars", "5100"),
            ("worst lag: cents in $27.50", "2750"),
            ("cents in $27 and 50 cents", "2750"),
            ("2.75 kg as grams", "2750"),
            ("5.1 km in terms of metres", "5100"),
            ("5.1e6 milli-messages", "5100"),
            ("51 centimessages x 10000", "0.51"),
            ("5.1e+6 millimessages", "5100"),
            ("255 score", "5100"),
            ("35 gross and 60", "5100"),
            ("1h25m in seconds", "5100"),
        ] {
            let r = read(s);
            assert!(r.iter().any(|x| x == want), "{s}: {r:?}");
        }
    }

    #[test]
    fn rates_times_durations() {
        for (s, want) in [
            ("lag is 85 minutes worth at 1 msg/s", "5100"),
            (
                "at 1 message per second the backlog is 1 hour 25 minutes",
                "5100",
            ),
            (
                "at 10 msg/s the worst partition is 275 seconds behind",
                "2750",
            ),
            ("at 100 msgs/min the backlog would take 51 minutes", "5100"),
            ("backlog clears in 51 s at 100 msg/s", "5100"),
            (
                "producers write 100 msgs/min and the worker stopped 51 minutes ago",
                "5100",
            ),
            ("worst partition: 50 msg/min for 55 minutes", "2750"),
            ("lag grows 10/s; it has been stalled 8.5 minutes", "5100"),
            ("1 message every 2 seconds for 170 minutes", "5100"),
            ("10 per second for 510 seconds", "5100"),
            ("100 rps over the last 51 seconds", "5100"),
            ("85 minutes at 1 msg/s", "5100"),
            ("1 msg/s * 85 min", "5100"),
            ("an hour and 25 minutes at 1 msg/s", "5100"),
            ("1 hour 25 minutes behind at 1 msg/s", "5100"),
        ] {
            let r = read(s);
            assert!(r.iter().any(|x| x == want), "{s}: {r:?}");
        }
    }

    #[test]
    fn near_misses() {
        for s in [
            "timeout 85 minutes",
            "the job ran 85 minutes at 60% CPU",
            "5.1 kg",
            "$51.00 total",
            "send rate 100 msg/s, p99 51 ms",
            "send rate 100 msg/s, p99 latency 51 s",
            "100 msg/s. The worker stopped 51 s ago",
            "| 100 msg/s | 51 s behind |",
            "85 records in 5 minutes",
            "10 minutes in 2 hours",
            "5 minutes in production",
            "it's in 85 minutes",
            "at 100 msg/s the poll interval is 51 s",
            "v1.5 min in s",
            "85 minutes",
            "5 ms 2 s in ms",
        ] {
            let r = read(s);
            assert!(!r.iter().any(|x| x == "5100" || x == "2750"), "{s}: {r:?}");
        }
        // Amounts that read, but to other values.
        assert_eq!(read("at 10 msg/s for 3 seconds"), vec!["30"]);
        assert!(read("100 s in minutes").is_empty());
    }

    #[test]
    fn anchors() {
        let a = |s: &str| {
            let b = s.as_bytes();
            let mut out = false;
            let mut i = 0;
            while i < b.len() {
                if b.get(i).is_some_and(u8::is_ascii_digit) {
                    let mut e = i;
                    while b.get(e).is_some_and(u8::is_ascii_digit) {
                        e += 1;
                    }
                    out |= anchor(s, i, e);
                    i = e;
                } else {
                    i += 1;
                }
            }
            out
        };
        for s in [
            "85 minutes expressed in seconds",
            "85min in s",
            "seconds in an hour and 25 minutes",
            "$51.00 in cents",
            "cents in $27.50",
            "pence in \u{00A3}27.50",
            "cents in \u{20AC}27.50",
            "5.1e6 milli-messages",
            "51 centimessages",
            "at 10 msg/s the 5 s",
            "grows 10/s; stalled 8.5 min",
            "1 message per second for an hour",
            "10 per second, 5 min",
            "5.1 kg in g",
            "1h25m in seconds",
            "at 85 msg/min for an hour",
            "how many seconds there are in 85 minutes",
        ] {
            assert!(a(s), "{s}");
        }
        for s in [
            "85 minutes",
            "5.1 kg",
            "$51.00 total",
            "p99 51 ms",
            "v1.2.3",
        ] {
            assert!(!a(s), "{s}");
        }
    }
}
