//! Unit families: the same quantity written in a scaled unit of the target's unit (`2.4 MB/s`,
//! `2400 kB/s`, `2.4MBps` for 2,400,000 bytes/s; `1.2505 s` for 1,250.5 ms).
//!
//! The families are a closed table (`data_unit`, `time_unit`, `rate_word`): data size (bytes; SI and IEC prefixes; bits
//! as an eighth), data rate (the same over seconds, minutes or hours: `/s`, `ps`, `per
//! second`), time (ns to days) and event rate (messages, requests, records, operations per
//! second, minute or hour; `rps`, `qps`, `tps`, `rpm`). A target takes part when its manifest
//! `unit` parses in the same table; its value is stored in the family's base unit (bytes,
//! bytes per second, seconds, events per second).
//!
//! A number followed by a unit of the same family states the target when the target lies
//! within the written value's rounding (`2.4 MB/s` states 2,350,000 ≤ t < 2,450,000 bytes/s),
//! except that a one-significant-digit value (`2 MB/s`) states only its exact value, as `5k`
//! does, and a rounding must keep three significant digits or all of the target's (`1.3 s`
//! does not state 1,250.5 ms; `1.25 s` does). Ambiguous units are read every way (fail closed):
//! `kb` as kilobytes and kilobits, `Mb` as megabits and megabytes; `MB` is SI (10^6), `MiB` IEC.
//!
//! False-positive controls: a unit of another family never matches (`2.4 seconds` beside a
//! 2.4 MB/s target), a number glued to letters that are not a unit reads nothing, and
//! without a unit the number is matched only by the ordinary rules.
use super::numbers::{alnum_at, at};
use super::targets::{cell, Hits, Written};

/// What a unit measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dim {
    Data,
    DataRate,
    Time,
    Rate,
}

/// A target with a unit family: its value in the family's base unit.
#[derive(Debug, Clone, Copy)]
pub(crate) struct UnitTarget {
    pub dim: Dim,
    pub base_value: f64,
    /// The factor of the manifest's unit to the family's base unit: roundings are decided on
    /// the grid cell of the value as the manifest writes it, the cell every other rule uses
    /// (one grid, so no two readings can be played against each other).
    pub unit_factor: f64,
    pub idx: usize,
}

/// One way to read a unit: its family and the factor to the family's base unit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Reading {
    pub dim: Dim,
    pub factor: f64,
}

const KI: f64 = 1024.0;

/// Base units of data size (before any `/time`), case-sensitive spellings first.
pub(crate) fn data_unit(w: &str) -> &'static [f64] {
    match w {
        "B" | "byte" | "bytes" | "Byte" | "Bytes" => &[1.0],
        // SI for `xB` (what rates and disks mean; reading them as IEC too flagged ordinary
        // `2.3 MB/s` beside a 2.4 MB/s target), IEC for `xiB`.
        "kB" | "KB" => &[1e3],
        "MB" => &[1e6],
        "GB" => &[1e9],
        "TB" => &[1e12],
        "KiB" | "kiB" | "Ki" => &[KI],
        "MiB" | "Mi" => &[KI * KI],
        "GiB" | "Gi" => &[KI * KI * KI],
        "TiB" | "Ti" => &[KI * KI * KI * KI],
        "b" | "bit" | "bits" => &[0.125],
        "kb" | "Kb" | "kbit" | "Kbit" | "kbits" => &[125.0, 1e3, KI],
        "Mb" | "mb" | "Mbit" | "Mbits" => &[125_000.0, 1e6, KI * KI],
        "Gb" | "gb" | "Gbit" | "Gbits" => &[125_000_000.0, 1e9, KI * KI * KI],
        "Tb" | "tb" | "Tbit" => &[125_000_000_000.0, 1e12],
        _ => data_word(w),
    }
}

/// Data units in words, any case.
fn data_word(w: &str) -> &'static [f64] {
    let l = w.to_ascii_lowercase();
    let l = l.strip_suffix('s').unwrap_or(&l);
    match l {
        "kbyte" => &[1e3],
        "mbyte" => &[1e6],
        "gbyte" => &[1e9],
        "tbyte" => &[1e12],
        "kbit" => &[125.0],
        "mbit" => &[125_000.0],
        "gbit" => &[125_000_000.0],
        "kilobyte" => &[1e3, KI],
        "megabyte" => &[1e6, KI * KI],
        "gigabyte" => &[1e9, KI * KI * KI],
        "terabyte" => &[1e12, KI * KI * KI * KI],
        "kibibyte" | "kib" => &[KI],
        "mebibyte" | "mib" => &[KI * KI],
        "gibibyte" | "gib" => &[KI * KI * KI],
        "tebibyte" | "tib" => &[KI * KI * KI * KI],
        "kilobit" => &[125.0],
        "megabit" => &[125_000.0],
        "gigabit" => &[125_000_000.0],
        "byte" => &[1.0],
        "bit" => &[0.125],
        _ => &[],
    }
}

/// Time units, in seconds.
pub(crate) fn time_unit(w: &str) -> Option<f64> {
    if w == "\u{00B5}s" || w == "\u{03BC}s" {
        return Some(1e-6);
    }
    let l = w.to_ascii_lowercase();
    Some(match l.as_str() {
        "ns" | "nanosecond" | "nanoseconds" | "nsec" => 1e-9,
        "us" | "microsecond" | "microseconds" | "usec" => 1e-6,
        "ms" | "millisecond" | "milliseconds" | "msec" | "msecs" => 1e-3,
        // Sub-units a learner picks so the digits change (`125.05 centiseconds`).
        "cs" | "centisecond" | "centiseconds" => 1e-2,
        "ds" | "decisecond" | "deciseconds" => 1e-1,
        "s" | "sec" | "secs" | "second" | "seconds" => 1.0,
        "m" | "min" | "mins" | "minute" | "minutes" => 60.0,
        "h" | "hr" | "hrs" | "hour" | "hours" => 3600.0,
        "d" | "day" | "days" => 86400.0,
        _ => return None,
    })
}

/// Words that count events (the numerator of an event rate).
pub(crate) fn count_word(w: &str) -> bool {
    let l = w.to_ascii_lowercase();
    matches!(
        l.as_str(),
        "msg"
            | "msgs"
            | "message"
            | "messages"
            | "req"
            | "reqs"
            | "request"
            | "requests"
            | "event"
            | "events"
            | "record"
            | "records"
            | "op"
            | "ops"
            | "operation"
            | "operations"
            | "txn"
            | "txns"
            | "transaction"
            | "transactions"
            | "call"
            | "calls"
            | "query"
            | "queries"
            | "hit"
            | "hits"
            | "write"
            | "writes"
            | "read"
            | "reads"
    )
}

/// Event-rate abbreviations (per second unless said).
pub(crate) fn rate_word(w: &str) -> Option<f64> {
    let l = w.to_ascii_lowercase();
    Some(match l.as_str() {
        "rps" | "qps" | "tps" | "ops" | "eps" | "mps" | "iops" | "hz" => 1.0,
        "rpm" | "qpm" | "tpm" => 1.0 / 60.0,
        _ => return None,
    })
}

/// What an amount in a conversion phrase measures (`readings/measures.rs`: `85 minutes in
/// seconds`, `the number of grams in 5.1 kg`, `cents in $27.50`). Unlike [`Dim`], which joins a
/// target to its manifest unit, these only convert one written amount into another unit, so
/// the table is wider (mass, length, volume, money, counted things) and every reading of an
/// ambiguous symbol is kept (`m` is a minute and a metre: the other side of the phrase picks).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Measure {
    Time,
    Data,
    Mass,
    Length,
    Volume,
    /// In cents (pence): a dollar, a euro or a pound is 100.
    Money,
    /// Things counted (`messages`, `events`): a prefix scales them (`milli-messages`).
    Count,
}

/// SI prefixes in words and their factors.
const SI_WORDS: &[(&str, f64)] = &[
    ("nano", 1e-9),
    ("micro", 1e-6),
    ("milli", 1e-3),
    ("centi", 1e-2),
    ("deci", 1e-1),
    ("deca", 1e1),
    ("hecto", 1e2),
    ("kilo", 1e3),
    ("mega", 1e6),
    ("giga", 1e9),
];

/// What a word may be to the phrase reader of `readings/measures.rs`, by a lookup that
/// allocates nothing (it runs on every word after digits and before ` in` on a line the
/// readings rewrite). A superset of [`measure_units`], [`count_word`] and [`rate_word`] (a
/// test checks it): a word it passes is then read exactly.
pub(crate) mod class {
    /// A time unit (`s`, `min`, `hours`).
    pub const TIME: u8 = 1;
    /// Any other unit a conversion reads (data, mass, length, volume, money).
    pub const MEASURE: u8 = 2;
    /// Counted things (`messages`, `requests`).
    pub const COUNT: u8 = 4;
    /// Counted things with an SI prefix word glued on (`millimessages`).
    pub const PREFIXED: u8 = 8;
    /// A rate word (`rps`, `rpm`) or `per`.
    pub const RATE: u8 = 16;
    /// An SI prefix word alone (`milli` before `-messages`).
    pub const PREFIX: u8 = 32;
}

/// The [`class`] bits of `w`.
pub(crate) fn word_class(w: &str) -> u8 {
    let mut buf = [0u8; 16];
    let mut b = w.as_bytes();
    let mut n = 0;
    // `µs`, `μg`: the micro sign as `u`.
    if b.first().is_some_and(|c| *c >= 0x80) {
        for m in ['\u{00B5}', '\u{03BC}'] {
            if let Some(rest) = w.strip_prefix(m) {
                b = rest.as_bytes();
                if let Some(d) = buf.first_mut() {
                    *d = b'u';
                }
                n = 1;
            }
        }
    }
    if b.is_empty() || b.len() + n > buf.len() || !b.is_ascii() {
        return 0;
    }
    for (d, c) in buf.iter_mut().skip(n).zip(b) {
        *d = c.to_ascii_lowercase();
    }
    let Some(l) = buf.get(..b.len() + n) else {
        return 0;
    };
    let mut out = 0;
    if time_bytes(l) {
        out |= class::TIME;
    }
    if measure_bytes(l) {
        out |= class::MEASURE;
    }
    if count_bytes(l) {
        out |= class::COUNT;
    } else if si_strip(l).is_some_and(count_bytes) {
        out |= class::PREFIXED;
    }
    if matches!(
        l,
        b"rps"
            | b"qps"
            | b"tps"
            | b"ops"
            | b"eps"
            | b"mps"
            | b"iops"
            | b"hz"
            | b"rpm"
            | b"qpm"
            | b"tpm"
            | b"per"
    ) {
        out |= class::RATE;
    }
    if (4..=5).contains(&l.len()) && SI_WORDS.iter().any(|(p, _)| p.as_bytes() == l) {
        out |= class::PREFIX;
    }
    out
}

/// Does `w` start with an SI prefix word (any case: `millimessages`, `Kilograms`)?
pub(crate) fn si_prefixed(w: &str) -> bool {
    let b = w.as_bytes();
    if !matches!(
        b.first().map(u8::to_ascii_lowercase),
        Some(b'n' | b'm' | b'c' | b'd' | b'h' | b'k' | b'g')
    ) {
        return false;
    }
    SI_WORDS.iter().any(|(p, _)| {
        b.get(..p.len())
            .is_some_and(|h| h.eq_ignore_ascii_case(p.as_bytes()))
    })
}

/// `l` (lowercase) without an SI prefix word it starts with, if it has one.
fn si_strip(l: &[u8]) -> Option<&[u8]> {
    // Every prefix word starts with one of these letters (most words are settled here).
    if !matches!(
        l.first(),
        Some(b'n' | b'm' | b'c' | b'd' | b'h' | b'k' | b'g')
    ) || l.len() < 5
    {
        return None;
    }
    SI_WORDS
        .iter()
        .find_map(|(p, _)| l.strip_prefix(p.as_bytes()))
        .filter(|r| !r.is_empty())
}

fn time_bytes(l: &[u8]) -> bool {
    matches!(
        l,
        b"ns"
            | b"nanosecond"
            | b"nanoseconds"
            | b"nsec"
            | b"us"
            | b"microsecond"
            | b"microseconds"
            | b"usec"
            | b"ms"
            | b"millisecond"
            | b"milliseconds"
            | b"msec"
            | b"msecs"
            | b"cs"
            | b"centisecond"
            | b"centiseconds"
            | b"ds"
            | b"decisecond"
            | b"deciseconds"
            | b"s"
            | b"sec"
            | b"secs"
            | b"second"
            | b"seconds"
            | b"m"
            | b"min"
            | b"mins"
            | b"minute"
            | b"minutes"
            | b"h"
            | b"hr"
            | b"hrs"
            | b"hour"
            | b"hours"
            | b"d"
            | b"day"
            | b"days"
    )
}

fn measure_bytes(l: &[u8]) -> bool {
    // Symbols: a base letter with at most one prefix letter (`g`, `km`, `ml`, `kb`, `mb`).
    let base = |c: Option<&u8>| matches!(c, Some(b'g' | b'm' | b'l' | b'b'));
    match l.len() {
        1 => return base(l.first()),
        2 if base(l.get(1))
            && matches!(
                l.first(),
                Some(b'n' | b'u' | b'm' | b'c' | b'd' | b'k' | b'g' | b't')
            ) =>
        {
            return true
        }
        _ => {}
    }
    if matches!(
        l,
        b"kib" | b"mib" | b"gib" | b"tib" | b"ki" | b"mi" | b"gi" | b"ti" | b"kilo" | b"kilos"
    ) {
        return true;
    }
    let stem = si_strip(l).unwrap_or(l);
    let stem = stem.strip_suffix(b"s").unwrap_or(stem);
    matches!(
        stem,
        b"byte"
            | b"bit"
            | b"kbyte"
            | b"mbyte"
            | b"gbyte"
            | b"tbyte"
            | b"kbit"
            | b"mbit"
            | b"gbit"
            | b"tbit"
            | b"terabyte"
            | b"kibibyte"
            | b"mebibyte"
            | b"gibibyte"
            | b"tebibyte"
            | b"gram"
            | b"gramme"
            | b"metre"
            | b"meter"
            | b"litre"
            | b"liter"
            | b"dollar"
            | b"buck"
            | b"usd"
            | b"euro"
            | b"eur"
            | b"pound"
            | b"quid"
            | b"gbp"
            | b"cent"
            | b"penny"
            | b"pence"
            | b"pennie"
            | b"dime"
            | b"nickel"
    )
}

fn count_bytes(l: &[u8]) -> bool {
    let stem = l.strip_suffix(b"s").unwrap_or(l);
    matches!(
        stem,
        b"msg"
            | b"message"
            | b"req"
            | b"request"
            | b"event"
            | b"record"
            | b"op"
            | b"operation"
            | b"txn"
            | b"transaction"
            | b"call"
            | b"query"
            | b"querie"
            | b"hit"
            | b"write"
            | b"read"
            | b"item"
            | b"row"
            | b"entry"
            | b"entrie"
            | b"offset"
    )
}

/// Every reading of a unit word or symbol as a [`Measure`], with its factor to the measure's
/// base unit (seconds, bytes, grams, metres, litres, cents, one thing). Time and data come
/// from the tables above; the rest from [`metric_unit`], [`money_unit`] and [`count_unit`].
pub(crate) fn measure_units(w: &str) -> Vec<(Measure, f64)> {
    let mut out = Vec::new();
    // The allocation-free classes first: only the tables a class allows are looked in.
    let c = word_class(w);
    if c & class::TIME != 0 {
        if let Some(t) = time_unit(w) {
            out.push((Measure::Time, t));
        }
    }
    if c & class::MEASURE != 0 {
        for f in data_unit(w) {
            out.push((Measure::Data, *f));
        }
        if let Some(m) = metric_unit(w) {
            out.push(m);
        }
        if let Some(c) = money_unit(w) {
            out.push((Measure::Money, c));
        }
    }
    if c & (class::COUNT | class::PREFIXED) != 0 {
        if let Some(c) = count_unit(w) {
            out.push((Measure::Count, c));
        }
    }
    out
}

/// Grams, metres and litres: symbols (case-sensitive, one SI prefix letter: `kg`, `mL`,
/// `km`, `cm`) and words with a prefix word (`kilograms`, `millilitres`, `kilos`).
fn metric_unit(w: &str) -> Option<(Measure, f64)> {
    let base_symbol = |s: &str| match s {
        "g" => Some(Measure::Mass),
        "m" => Some(Measure::Length),
        "l" | "L" => Some(Measure::Volume),
        _ => None,
    };
    if let Some(m) = base_symbol(w) {
        return Some((m, 1.0));
    }
    if w.len() == 2 || (w.len() == 3 && w.starts_with(['\u{00B5}', '\u{03BC}'])) {
        let (p, rest) = w.split_at(w.len() - 1);
        let f = match p {
            "n" => 1e-9,
            "u" | "\u{00B5}" | "\u{03BC}" => 1e-6,
            "m" => 1e-3,
            "c" => 1e-2,
            "d" => 1e-1,
            "k" => 1e3,
            "M" => 1e6,
            "G" => 1e9,
            _ => return None,
        };
        return base_symbol(rest).map(|m| (m, f));
    }
    let l = w.to_ascii_lowercase();
    if l == "kilo" || l == "kilos" {
        return Some((Measure::Mass, 1e3));
    }
    let (f, rest) = SI_WORDS
        .iter()
        .find_map(|(p, f)| l.strip_prefix(p).map(|r| (*f, r)))
        .unwrap_or((1.0, l.as_str()));
    let m = match rest.strip_suffix('s').unwrap_or(rest) {
        "gram" | "gramme" => Measure::Mass,
        "metre" | "meter" => Measure::Length,
        "litre" | "liter" => Measure::Volume,
        _ => return None,
    };
    Some((m, f))
}

/// Money in cents: dollars, euros and pounds are 100 (`$`, `€`, `£` before a number are read
/// by the phrase reader), cents and pence 1.
fn money_unit(w: &str) -> Option<f64> {
    let l = w.to_ascii_lowercase();
    Some(match l.as_str() {
        "dollar" | "dollars" | "buck" | "bucks" | "usd" | "euro" | "euros" | "eur" | "pound"
        | "pounds" | "quid" | "gbp" => 100.0,
        "cent" | "cents" | "penny" | "pence" | "pennies" => 1.0,
        "dime" | "dimes" => 10.0,
        "nickel" | "nickels" => 5.0,
        _ => return None,
    })
}

/// Counted things (the event words of [`count_word`], and items, rows, entries), with an SI
/// prefix word glued on (`millimessages`, `centimessages`; `kilomessages` is read as `5.1
/// thousand messages` before this table is asked).
fn count_unit(w: &str) -> Option<f64> {
    let counted = |x: &str| {
        count_word(x)
            || matches!(
                x.to_ascii_lowercase().as_str(),
                "item" | "items" | "row" | "rows" | "entry" | "entries" | "offset" | "offsets"
            )
    };
    if counted(w) {
        return Some(1.0);
    }
    let l = w.to_ascii_lowercase();
    SI_WORDS
        .iter()
        .find_map(|(p, f)| l.strip_prefix(p).filter(|r| counted(r)).map(|_| *f))
}

/// Up to four readings of one unit.
pub(crate) type Readings = Vec<Reading>;

/// Parse a unit phrase: `MB/s`, `MBps`, `MB per second`, `messages/min`, `ms`, `rps`.
/// `first` is the first word (letters, `µ` allowed); `per` the time word after `/` or `per`.
fn readings(first: &str, per: Option<&str>) -> Readings {
    let mut out = Readings::new();
    let first = if first.is_ascii() {
        first
    } else {
        latin_unit(first).unwrap_or(first)
    };
    let per = per.map(|p| {
        if p.is_ascii() {
            p
        } else {
            latin_unit(p).unwrap_or(p)
        }
    });
    let per_factor = match per {
        Some(p) => match time_unit(p) {
            Some(f) => Some(f),
            None => return out,
        },
        None => None,
    };
    let data = data_unit(first);
    match per_factor {
        Some(t) => {
            for f in data {
                out.push(Reading {
                    dim: Dim::DataRate,
                    factor: f / t,
                });
            }
            if count_word(first) {
                out.push(Reading {
                    dim: Dim::Rate,
                    factor: 1.0 / t,
                });
            }
        }
        None => {
            for f in data {
                out.push(Reading {
                    dim: Dim::Data,
                    factor: *f,
                });
            }
            if let Some(t) = time_unit(first) {
                out.push(Reading {
                    dim: Dim::Time,
                    factor: t,
                });
            }
            if let Some(r) = rate_word(first) {
                out.push(Reading {
                    dim: Dim::Rate,
                    factor: r,
                });
            }
            // `MBps`, `kbps`, `Bps`: a data unit, then `ps`.
            if let Some(stem) = first.strip_suffix("ps").filter(|s| !s.is_empty()) {
                for f in data_unit(stem) {
                    out.push(Reading {
                        dim: Dim::DataRate,
                        factor: *f,
                    });
                }
            }
        }
    }
    out
}

/// The family and factor of a manifest `unit` (its first reading), if it has one.
pub(crate) fn family(unit: &str) -> Option<Reading> {
    let u = unit.trim();
    let (first, rest) = split_word(u, 0);
    let first = u.get(..first).unwrap_or("");
    let rest_s = u.get(rest..).unwrap_or("").trim_start();
    let per = if let Some(r) = rest_s.strip_prefix('/') {
        Some(r.trim())
    } else if let Some(r) = rest_s
        .strip_prefix("per ")
        .or_else(|| rest_s.strip_prefix("Per "))
    {
        Some(r.trim())
    } else if rest_s.is_empty() {
        None
    } else {
        return None;
    };
    readings(first, per).first().copied()
}

/// The end of a unit word starting at `p` (ASCII letters, and `µ`/`μ` at the start; or
/// Cyrillic letters, read through [`latin_unit`]).
fn split_word(s: &str, p: usize) -> (usize, usize) {
    let b = s.as_bytes();
    let mut q = p;
    if let Some(rest) = s.get(p..) {
        for m in ['\u{00B5}', '\u{03BC}'] {
            if rest.starts_with(m) {
                q += m.len_utf8();
            }
        }
        if rest.starts_with(is_cyrillic) {
            let n: usize = rest
                .chars()
                .take_while(|c| is_cyrillic(*c))
                .take(24)
                .map(char::len_utf8)
                .sum();
            return (p + n, p + n);
        }
    }
    while at(b, q).is_ascii_alphabetic() && q - p < 16 {
        q += 1;
    }
    (q, q)
}

fn is_cyrillic(c: char) -> bool {
    ('\u{0400}'..='\u{04FF}').contains(&c)
}

/// A unit written in Russian or Ukrainian, as the table spells it (`МБ/с` is `MB/s`, `мс` is
/// `ms`, `секунд` is `seconds`). A learner who asks for the answer "in Russian" gets these.
fn latin_unit(w: &str) -> Option<&'static str> {
    let l = w.to_lowercase();
    let exact = match w {
        "Б" => Some("B"),
        "КБ" | "кБ" => Some("kB"),
        "МБ" => Some("MB"),
        "ГБ" => Some("GB"),
        "ТБ" => Some("TB"),
        "КиБ" => Some("KiB"),
        "МиБ" => Some("MiB"),
        "ГиБ" => Some("GiB"),
        _ => None,
    };
    if exact.is_some() {
        return exact;
    }
    let stem = |stems: &[&str]| stems.iter().any(|s| l.starts_with(s));
    Some(match l.as_str() {
        "нс" => "ns",
        "мкс" => "us",
        "мс" => "ms",
        "с" | "сек" => "s",
        "мин" | "хв" => "min",
        "ч" | "год" => "h",
        "кбит" => "kbit",
        "мбит" => "Mbit",
        "гбит" => "Gbit",
        _ if stem(&["миллисекунд", "мілісекунд"]) => "ms",
        _ if stem(&["микросекунд", "мікросекунд"]) => "us",
        _ if stem(&["наносекунд"]) => "ns",
        _ if stem(&["секунд"]) => "s",
        _ if stem(&["минут", "хвилин"]) => "min",
        _ if stem(&["час", "годин"]) => "h",
        // The text arrives normalised: NFKD without marks turns `й` into `и` (`байт` → `баит`).
        _ if stem(&["килобаит", "кілобаит"]) => "kilobyte",
        _ if stem(&["мегабаит"]) => "megabyte",
        _ if stem(&["гигабаит", "гігабаит"]) => "gigabyte",
        _ if stem(&["баит"]) => "byte",
        _ if stem(&["бит", "біт"]) => "bit",
        _ => return None,
    })
}

/// The unit after a number ending at `e` (one optional space), with where it ends.
pub(crate) fn unit_after(s: &str, e: usize) -> Option<(Readings, usize)> {
    let b = s.as_bytes();
    let p = if at(b, e) == b' ' { e + 1 } else { e };
    let (q, _) = split_word(s, p);
    if q == p {
        return None;
    }
    let first = s.get(p..q)?;
    if let Some(r) = fraction_of_unit(s, first, q) {
        return Some(r);
    }
    // `/s`, `/sec`, ` per second`.
    let mut per = None;
    let mut end = q;
    if at(b, q) == b'/' {
        let (r, _) = split_word(s, q + 1);
        if r > q + 1 {
            per = s.get(q + 1..r);
            end = r;
        }
    } else if at(b, q) == b' ' {
        let rest = s.get(q + 1..).unwrap_or("");
        // `per second`, `every second`, `each second`, `a second`; `s^-1` (`s⁻¹`).
        for lead in ["per ", "every ", "each ", "a ", "в ", "за ", "на "] {
            if rest
                .get(..lead.len())
                .is_some_and(|w| w.eq_ignore_ascii_case(lead))
            {
                let from = q + 1 + lead.len();
                let (r, _) = split_word(s, from);
                if r > from {
                    per = s.get(from..r);
                    end = r;
                }
                break;
            }
        }
        if per.is_none() {
            let (r, _) = split_word(s, q + 1);
            if r > q + 1 && s.get(r..r + 3) == Some("^-1") {
                per = s.get(q + 1..r);
                end = r + 3;
            }
        }
    }
    if alnum_at(s, end) {
        return None;
    }
    let r = readings(first, per);
    if r.is_empty() {
        // The per-part was not a time unit: read the first word alone.
        if per.is_some() {
            let r = readings(first, None);
            return (!r.is_empty() && !alnum_at(s, q)).then_some((r, q));
        }
        return None;
    }
    Some((r, end))
}

/// A fraction of a time unit (`half-milliseconds`, `half ms`, `tenths of a ms`, `hundredths
/// of a second`): the unit's factor times the fraction. `first` is the word at `…q`.
fn fraction_of_unit(s: &str, first: &str, q: usize) -> Option<(Readings, usize)> {
    let frac = match first.to_ascii_lowercase().as_str() {
        "half" => 0.5,
        "tenth" | "tenths" => 0.1,
        "hundredth" | "hundredths" => 0.01,
        "thousandth" | "thousandths" => 0.001,
        _ => return None,
    };
    let b = s.as_bytes();
    let mut from = q;
    if frac == 0.5 {
        // `half-ms`, `half ms`.
        if !matches!(at(b, q), b'-' | b' ') {
            return None;
        }
        from += 1;
    } else {
        // `tenths of a ms`, `tenths of ms`.
        let rest = s.get(q..).unwrap_or("");
        let lead = [" of a ", " of an ", " of "].into_iter().find(|l| {
            rest.get(..l.len())
                .is_some_and(|w| w.eq_ignore_ascii_case(l))
        })?;
        from += lead.len();
    }
    let (r, _) = split_word(s, from);
    let unit = time_unit(s.get(from..r)?)?;
    if r == from || alnum_at(s, r) {
        return None;
    }
    Some((
        vec![Reading {
            dim: Dim::Time,
            factor: unit * frac,
        }],
        r,
    ))
}

/// Significant digits of `v` written in shortest form (`1.2505` has 5).
fn sig_digits(v: f64) -> u32 {
    super::targets::Dec::from_f64(v).map_or(u32::MAX, |d| {
        let mut n = 0;
        let mut m = d.mant;
        while m > 0 {
            n += 1;
            m /= 10;
        }
        n
    })
}

/// Record the unit targets a written number with a unit states. A rounding states a target
/// only when it keeps at least three significant digits, or all of the target's in that unit:
/// `1.3 s` is a rounding of 1,250.5 ms, but one that ordinary latencies share (`GC pause 1.3
/// s`), while `1.25 s` and `2.4 MB/s` (all of 2,400,000 bytes/s) are not.
pub(crate) fn check(targets: &[UnitTarget], w: Written, readings: &[Reading], hits: &mut Hits) {
    let v = w.value.to_f64();
    let decimals = i32::try_from(w.decimals).unwrap_or(i32::MAX).min(30);
    let half = 0.5 * 10f64.powi(-decimals);
    for r in readings {
        for t in targets.iter().filter(|t| t.dim == r.dim) {
            let stated = v * r.factor;
            let needed = sig_digits(t.base_value.abs() / r.factor).min(3);
            if w.sig < needed {
                continue;
            }
            let hit = if w.sig < 2 {
                (stated - t.base_value).abs() <= t.base_value.abs() * 1e-9
            } else {
                // The rounding's interval holds the target's grid cell, not only the target
                // (`targets::GRID`: a learner's list of `1.250 s`, `1.251 s` … learns at most
                // the cell). A relative margin covers float error at the edges.
                let f = r.factor / t.unit_factor;
                let lo = (v - half).max(0.0) * f * (1.0 - 1e-12);
                let hi = (v + half) * f * (1.0 + 1e-12);
                let k = cell(t.base_value / t.unit_factor);
                (if lo > 0.0 { cell(lo) } else { i64::MIN }) <= k && k <= cell(hi)
            };
            if hit {
                hits.set(t.idx);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_and_sub_units_of_time() {
        let r = |s: &str| unit_after(s, 0).map(|(r, e)| (r.first().map(|x| x.factor), e));
        assert_eq!(r("half-milliseconds"), Some((Some(5e-4), 17)));
        assert_eq!(r("tenths of a ms"), Some((Some(1e-4), 14)));
        assert_eq!(r("centiseconds").and_then(|x| x.0), Some(1e-2));
        assert_eq!(r("ds").and_then(|x| x.0), Some(1e-1));
        // Near-misses: a half of no unit, tenths of something else.
        assert_eq!(r("half the requests"), None);
        assert_eq!(r("tenths of a percent"), None);
    }

    #[test]
    fn families_of_manifest_units() {
        let f = |u: &str| family(u).map(|r| (r.dim, r.factor));
        assert_eq!(f("bytes/s"), Some((Dim::DataRate, 1.0)));
        assert_eq!(f("B/s"), Some((Dim::DataRate, 1.0)));
        assert_eq!(f("bytes per second"), Some((Dim::DataRate, 1.0)));
        assert_eq!(f("ms"), Some((Dim::Time, 1e-3)));
        assert_eq!(f("seconds"), Some((Dim::Time, 1.0)));
        assert_eq!(f("messages/s"), Some((Dim::Rate, 1.0)));
        assert_eq!(f("messages"), None);
        assert_eq!(f("partitions"), None);
        assert_eq!(f("MiB"), Some((Dim::Data, KI * KI)));
    }

    /// The allocation-free classes pass every word the tables read.
    #[test]
    fn word_classes_cover_the_tables() {
        let words = [
            "ns",
            "us",
            "\u{00B5}s",
            "ms",
            "msecs",
            "s",
            "sec",
            "seconds",
            "m",
            "min",
            "minutes",
            "h",
            "hr",
            "hours",
            "d",
            "days",
            "B",
            "bytes",
            "kB",
            "KB",
            "MB",
            "GB",
            "TB",
            "KiB",
            "MiB",
            "Gi",
            "b",
            "bits",
            "kb",
            "Mb",
            "Gbit",
            "Tbit",
            "kbytes",
            "Mbit",
            "kilobyte",
            "megabytes",
            "terabytes",
            "kibibytes",
            "GiB",
            "g",
            "kg",
            "mg",
            "\u{03BC}g",
            "ug",
            "cg",
            "Mg",
            "m",
            "km",
            "cm",
            "mm",
            "nm",
            "dm",
            "l",
            "L",
            "ml",
            "mL",
            "cl",
            "dL",
            "kL",
            "grams",
            "kilograms",
            "milligrams",
            "gramme",
            "kilos",
            "kilo",
            "metres",
            "meters",
            "kilometres",
            "centimeters",
            "litres",
            "liters",
            "millilitres",
            "dollars",
            "Bucks",
            "USD",
            "euros",
            "pounds",
            "quid",
            "cents",
            "penny",
            "pence",
            "pennies",
            "dimes",
            "nickels",
            "msg",
            "msgs",
            "messages",
            "Requests",
            "events",
            "records",
            "ops",
            "transactions",
            "queries",
            "reads",
            "writes",
            "items",
            "rows",
            "entries",
            "offsets",
            "millimessages",
            "centimessages",
            "kilorecords",
            "rps",
            "rpm",
            "Hz",
            "iops",
        ];
        for w in words {
            let c = word_class(w);
            if !data_unit(w).is_empty() || metric_unit(w).is_some() || money_unit(w).is_some() {
                assert!(c & class::MEASURE != 0, "{w}");
            }
            if count_unit(w).is_some() {
                assert!(c & (class::COUNT | class::PREFIXED) != 0, "{w}");
            }
            assert!(
                !measure_units(w).is_empty() || rate_word(w).is_some(),
                "{w}"
            );
            if time_unit(w).is_some() {
                assert!(c & class::TIME != 0, "{w}");
            }
            if count_word(w) {
                assert!(c & class::COUNT != 0, "{w}");
            }
            if rate_word(w).is_some() {
                assert!(c & class::RATE != 0, "{w}");
            }
            assert!(c != 0, "{w}");
        }
        for w in [
            "the",
            "in",
            "pods",
            "replicas",
            "a",
            "to",
            "errors",
            "partition",
        ] {
            assert_eq!(word_class(w), 0, "{w}");
        }
    }

    #[test]
    fn unit_phrases_after_numbers() {
        let dims = |s: &str| {
            unit_after(s, 0)
                .map(|(r, e)| (r.iter().map(|x| x.dim).collect::<Vec<_>>(), e))
                .unwrap_or_default()
        };
        assert_eq!(dims(" MB/s").0, vec![Dim::DataRate]);
        assert_eq!(dims("MBps").0, vec![Dim::DataRate]);
        assert_eq!(dims(" MB per second").0, vec![Dim::DataRate]);
        assert_eq!(dims(" MByte every second").0, vec![Dim::DataRate]);
        assert_eq!(dims(" MB s^-1").0, vec![Dim::DataRate]);
        assert_eq!(dims(" s").0, vec![Dim::Time]);
        assert_eq!(dims(" seconds ago").0, vec![Dim::Time]);
        assert_eq!(dims(" msg/min").0, vec![Dim::Rate]);
        assert!(dims(" partitions").0.is_empty());
        assert!(dims("MBx").0.is_empty());
    }
}
