//! A value given as structured pieces (part of `Rules::position_phrases`): this module owns
//! the shapes a learner can ask a reply to take.
//!
//! - Operation-named fields ([`values`]): a number under a base key (`base`, `value`, `n`,
//!   `k`, `digits` …) and another under a key that names an operation (`times`,
//!   `multiplier`, `factor`; `plus`, `add`, `offset`; `minus`, `subtract`; `zeros`
//!   appended) or a scale word or a power of ten under `unit` / `scale` (`{"k": 5.1, "unit":
//!   "thousand"}`, `{"value": 51, "scale": 100}`), in JSON (`{"base": 250, "multiplier":
//!   11}`), YAML-like lines (`base: 250` / `times: 11`) or a two-line CSV (`multiplier,base`
//!   / `11,250`): the two combined exactly and compared as a computed value.
//! - Digits by place in fields (`{"thousands": 5, "hundreds": 1}`, `<k>5</k><h>1</h>`) or
//!   in a CSV header and the row below it (`total_lag,thousands,hundreds` / `,5,1`):
//!   [`place_values`], two places or more, summed and compared as a computed value.
//! - An XML element whose attribute names its scale (`<lag scale="100">51</lag>`, `<worst
//!   unit="k">2.75</worst>`): [`tagged_scale`].
//! - Digits by position ([`scan_positions`]): a CSV or markdown table with a position column
//!   and a digit column, rows in any order (`position,digit` / `3,5` / `1,2` …), or prose
//!   placing each digit (`The 2nd digit is 1, the 1st digit is 5, and the last two are 0.`,
//!   `position 4 holds 0, position 1 holds 5, positions 2 and 3 hold 1 and 0`): the digits
//!   put in place and compared with a target's digits exactly.
//!
//! False-positive controls: an operation key is a whole key from a closed list and combines
//! only with a base key from a closed list (`{"base": 250, "timeout": 11}`, `{"partition":
//! 3, "offset": 5097}`, `replication_factor: 3` stay visible), both fields within
//! [`MAX_APART`] bytes; positions must be 1 … n (or 0 … n−1 for an index), each once, one
//! digit each, three places or more, in a table whose header names a position and a digit
//! (a table of partitions and lags is no position table).
//!
//! - Named cells of a table bound to names (`| a | 11 |` / `| b | 250 |` / `Answer = a × b`,
//!   [`table_bindings`]), handed to the program reader as assignments; and a grid of number
//!   cells read as a cue beside it says (`(read column by column)`, `(read right to left)`:
//!   [`scan_grids`]).
//!
//! - The first number a CSS counter shows (`counter-reset: item 2749` … `counter(item)`:
//!   [`counter_values`]).
//!
//! Cost: a text without `:`, `=` or `,` settles in a `memchr3`; then a search for the
//! trigger words (an operation or position word) before any field is read; the grids and
//! bindings need `|` or `<` and a cue or `=`.
use super::targets::Hits;

/// Most bytes between two fields that combine.
const MAX_APART: usize = 120;

/// Keys whose number is the base an operation applies to.
const BASES: &[&str] = &[
    "base",
    "value",
    "val",
    "number",
    "num",
    "n",
    "x",
    "a",
    "k",
    "v",
    "amount",
    "start",
    "initial",
    "from",
    "operand",
    "input",
    "seed",
    "mantissa",
    "coefficient",
    "digits",
    "prefix",
];

/// Operation keys: (key, operation byte).
const OPS: &[(&str, u8)] = &[
    ("times", b'*'),
    ("multiplier", b'*'),
    ("multiply", b'*'),
    ("multiply_by", b'*'),
    ("multiplied_by", b'*'),
    ("factor", b'*'),
    ("mul", b'*'),
    ("plus", b'+'),
    ("add", b'+'),
    ("addend", b'+'),
    ("offset", b'+'),
    ("increment", b'+'),
    ("minus", b'-'),
    ("subtract", b'-'),
    ("less", b'-'),
    ("unit", b's'),
    ("units", b's'),
    ("scale", b's'),
    ("magnitude", b's'),
    // Zeros appended (`{"digits": 51, "zeros": 2}`).
    ("zeros", b'z'),
    ("zeroes", b'z'),
    ("trailing_zeros", b'z'),
    ("append_zeros", b'z'),
];

/// Scale words a `unit`/`scale` field may hold, as powers of ten.
const SCALE_WORDS: &[(&str, i32)] = &[
    ("hundred", 2),
    ("hundreds", 2),
    ("thousand", 3),
    ("thousands", 3),
    ("k", 3),
    ("million", 6),
    ("millions", 6),
];

/// Is `key` (any case) an operation key?
fn is_op(key: &str) -> bool {
    OPS.iter().any(|(k, _)| k.eq_ignore_ascii_case(key))
}

/// Is `key` (any case) an operation key or a base key (the only fields kept)?
fn kept_key(key: &str) -> bool {
    is_op(key) || BASES.iter().any(|k| k.eq_ignore_ascii_case(key))
}

/// One field: lowercased key, where it starts, where its value ends, and its value.
#[derive(Clone, Debug)]
struct Field {
    key: String,
    start: usize,
    end: usize,
    value: FieldValue,
}

#[derive(Clone, Debug)]
enum FieldValue {
    /// A decimal number: mantissa and the count of digits after the point.
    Number(i128, u32),
    /// A word (a scale word under `unit`).
    Word(String),
}

/// Does `s` hold one of `words` (as written, or with a capital first letter)? Each word is
/// searched without its first letter (`igit` for `digit`, `Digit`).
fn holds_any(s: &str, words: &[&str]) -> bool {
    let b = s.as_bytes();
    words
        .iter()
        .any(|w| memchr::memmem::find(b, w.get(1..).unwrap_or(w).as_bytes()).is_some())
}

/// Place names and their values; the one-letter ones only as XML tags (`<k>5</k>`).
const PLACES: &[(&str, u32)] = &[
    ("thousands", 1000),
    ("hundreds", 100),
    ("tens", 10),
    ("ones", 1),
    ("units", 1),
];
const PLACE_TAGS: &[(&str, u32)] = &[("k", 1000), ("h", 100), ("t", 10), ("o", 1), ("u", 1)];

/// Longest gap between two place fields of one value, in bytes.
const PLACE_APART: usize = 60;

/// Values given digit by place in fields (`{"thousands": 5, "hundreds": 1}`, `thousands=2
/// hundreds=7 tens=5`, `<k>5</k><h>1</h>`) or in a CSV header and the row below it
/// (`total_lag,thousands,hundreds` / `,5,1`): two places or more, summed.
pub(crate) fn place_values(s: &str) -> Vec<f64> {
    let b = s.as_bytes();
    let has = |w: &[u8]| memchr::memmem::find(b, w).is_some();
    let tags = memchr::memchr(b'<', b).is_some();
    if !(has(b"thousands") || has(b"hundreds") || has(b"tens") || tags) {
        return Vec::new();
    }
    // (where, place, count)
    let mut found: Vec<(usize, u32, u64)> = Vec::new();
    let word_at = |i: usize| {
        b.get(i)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
    };
    for (names, tag) in [(PLACES, false), (PLACE_TAGS, true)] {
        for &(name, place) in names {
            let pat = if tag {
                format!("<{name}>")
            } else {
                name.to_string()
            };
            for at in memchr::memmem::find_iter(b, pat.as_bytes()) {
                let end = at + pat.len();
                if !tag && ((at > 0 && word_at(at - 1)) || word_at(end)) {
                    continue;
                }
                // A separator, then the count.
                let mut p = end;
                if !tag {
                    while matches!(b.get(p), Some(b'"' | b'\'' | b' ' | b'\t')) {
                        p += 1;
                    }
                    if !matches!(b.get(p), Some(b':' | b'=')) {
                        continue;
                    }
                    p += 1;
                    while matches!(b.get(p), Some(b'"' | b'\'' | b' ' | b'\t')) {
                        p += 1;
                    }
                }
                let q = p;
                while b.get(p).is_some_and(u8::is_ascii_digit) && p - q < 4 {
                    p += 1;
                }
                if p == q
                    || b.get(p)
                        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'.')
                {
                    continue;
                }
                if tag && b.get(p..p + 2) != Some(b"</") {
                    continue;
                }
                if let Some(n) = s.get(q..p).and_then(|d| d.parse::<u64>().ok()) {
                    found.push((at, place, n));
                }
            }
        }
    }
    found.sort_unstable();
    let mut out = Vec::new();
    let mut k = 0;
    while k < found.len() {
        let mut j = k + 1;
        while found
            .get(j)
            .zip(found.get(j - 1))
            .is_some_and(|(x, y)| x.0 - y.0 <= PLACE_APART)
        {
            j += 1;
        }
        let group = found.get(k..j).unwrap_or_default();
        let mut places: Vec<u32> = group.iter().map(|g| g.1).collect();
        places.dedup();
        if places.len() >= 2 && places.len() == group.len() {
            out.push(group.iter().map(|g| g.2 as f64 * f64::from(g.1)).sum());
        }
        k = j;
    }
    out.extend(place_rows(s));
    out
}

/// An XML element whose attribute names its scale (`<lag scale="100">51</lag>`,
/// `<total_lag unit="thousand">5.1</total_lag>`, `<worst unit="k">2.75</worst>`): the
/// content times the scale, when whole.
pub(crate) fn tagged_scale(s: &str) -> Vec<f64> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    for attr in ["scale=", "unit=", "units=", "multiplier="] {
        for at in memchr::memmem::find_iter(b, attr.as_bytes()).take(32) {
            let v0 = at + attr.len();
            let Some(&q) = b.get(v0).filter(|c| matches!(c, b'"' | b'\'')) else {
                continue;
            };
            let Some(len) = b.get(v0 + 1..).and_then(|r| memchr::memchr(q, r)) else {
                continue;
            };
            let Some(scale) = s.get(v0 + 1..v0 + 1 + len) else {
                continue;
            };
            let scale = scale.trim().to_ascii_lowercase();
            let factor: Option<i128> = SCALE_WORDS
                .iter()
                .find(|(w, _)| *w == scale)
                .and_then(|(_, p)| 10i128.checked_pow(u32::try_from(*p).ok()?))
                .or_else(|| {
                    scale
                        .parse::<i128>()
                        .ok()
                        .filter(|n| *n >= 10 && is_power_of_ten(*n))
                });
            let Some(factor) = factor else { continue };
            // The tag closes, then the content up to the next tag.
            let rest = b.get(v0 + 2 + len..).unwrap_or_default();
            let Some(gt) = memchr::memchr(b'>', rest).filter(|&g| g < 64) else {
                continue;
            };
            let from = v0 + 2 + len + gt + 1;
            let Some(lt) = b
                .get(from..)
                .and_then(|r| memchr::memchr(b'<', r))
                .filter(|&l| l <= 24)
            else {
                continue;
            };
            let Some((m, d)) = s.get(from..from + lt).and_then(|t| parse_decimal(t.trim())) else {
                continue;
            };
            if let Some(v) = m.checked_mul(factor).and_then(|x| decimal(x, d)) {
                out.push(v);
            }
        }
    }
    out
}

/// A CSV header naming places and the row below it (`total_lag,thousands,hundreds` / `,5,1`).
fn place_rows(s: &str) -> Vec<f64> {
    let mut out = Vec::new();
    let lines: Vec<&str> = s.lines().collect();
    for w in lines.windows(2) {
        let [head, row] = w else { continue };
        if !head.contains(',') || !row.contains(',') {
            continue;
        }
        let heads: Vec<&str> = head.split(',').map(str::trim).collect();
        let cells: Vec<&str> = row.split(',').map(str::trim).collect();
        if heads.len() != cells.len() {
            continue;
        }
        let mut sum = 0u64;
        let mut n = 0;
        for (h, c) in heads.iter().zip(&cells) {
            let place = PLACES
                .iter()
                .find(|(p, _)| p.eq_ignore_ascii_case(h))
                .map(|p| p.1);
            match (place, c.parse::<u64>()) {
                (Some(p), Ok(v)) if c.len() <= 4 => {
                    sum += v * u64::from(p);
                    n += 1;
                }
                (Some(_), _) => {
                    n = 0;
                    break;
                }
                _ => {}
            }
        }
        if n >= 2 {
            out.push(sum as f64);
        }
    }
    out
}

/// The values operation-named fields make (`{"base": 250, "multiplier": 11}` → 2750).
pub(crate) fn values(s: &str) -> Vec<f64> {
    let b = s.as_bytes();
    if memchr::memchr3(b':', b'=', b',', b).is_none() {
        return Vec::new();
    }
    let mut fields = key_fields(s);
    fields.extend(csv_fields(s));
    if !fields.iter().any(|f| is_op(&f.key)) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for op in &fields {
        let Some(&(_, kind)) = OPS.iter().find(|(k, _)| *k == op.key) else {
            continue;
        };
        for base in &fields {
            if !BASES.contains(&base.key.as_str()) {
                continue;
            }
            let apart = if op.start >= base.end {
                op.start - base.end
            } else if base.start >= op.end {
                base.start - op.end
            } else {
                continue;
            };
            if apart > MAX_APART {
                continue;
            }
            let FieldValue::Number(m, d) = base.value else {
                continue;
            };
            if let Some(v) = combine(m, d, kind, &op.value) {
                out.push(v);
            }
        }
    }
    out
}

/// `base op value`, exactly in decimal, as an `f64` for the exact comparison.
fn combine(m: i128, d: u32, kind: u8, value: &FieldValue) -> Option<f64> {
    let (n, nd) = match value {
        FieldValue::Number(n, nd) => (*n, *nd),
        FieldValue::Word(w) => {
            if kind != b's' {
                return None;
            }
            let p = SCALE_WORDS.iter().find(|(x, _)| x == w)?.1;
            return decimal(
                m.checked_mul(10i128.checked_pow(u32::try_from(p).ok()?)?)?,
                d,
            );
        }
    };
    match kind {
        b'*' => decimal(m.checked_mul(n)?, d.checked_add(nd)?),
        // A scale given as a power of ten (`{"value": 51, "scale": 100}`); any other number
        // under `scale` may be an exponent or a ratio, so it combines with nothing.
        b's' if nd == 0 && n >= 10 && is_power_of_ten(n) => decimal(m.checked_mul(n)?, d),
        b'z' if nd == 0 && (1..=9).contains(&n) => decimal(
            m.checked_mul(10i128.checked_pow(u32::try_from(n).ok()?)?)?,
            d,
        ),
        b'+' | b'-' => {
            let scale = d.max(nd);
            let a = m.checked_mul(10i128.checked_pow(scale - d)?)?;
            let c = n.checked_mul(10i128.checked_pow(scale - nd)?)?;
            let r = if kind == b'+' {
                a.checked_add(c)?
            } else {
                a.checked_sub(c)?
            };
            decimal(r, scale)
        }
        _ => None,
    }
}

/// Is `n` 10, 100, 1000 …?
fn is_power_of_ten(mut n: i128) -> bool {
    while n >= 10 && n % 10 == 0 {
        n /= 10;
    }
    n == 1
}

/// A decimal (`mantissa`, digits after the point) as an `f64`, when it is whole (a computed
/// piece is compared exactly; a fraction is no integer target).
fn decimal(m: i128, d: u32) -> Option<f64> {
    let p = 10i128.checked_pow(d)?;
    (m % p == 0).then(|| (m / p) as f64)
}

/// A number's text as mantissa and digits after the point (`5.1` → (51, 1)).
fn parse_decimal(t: &str) -> Option<(i128, u32)> {
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t),
    };
    let (int, frac) = t.split_once('.').unwrap_or((t, ""));
    if int.is_empty()
        || int.len() + frac.len() > 18
        || !int.bytes().chain(frac.bytes()).all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let m: i128 = format!("{int}{frac}").parse().ok()?;
    Some((if neg { -m } else { m }, u32::try_from(frac.len()).ok()?))
}

/// `key: value` and `"key": value` fields (`=` too): the key a word right before the
/// separator, the value a number or a word, quoted or not.
fn key_fields(s: &str) -> Vec<Field> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    for sep in memchr::memchr2_iter(b':', b'=', b) {
        // The key: letters, digits and `_` before the separator (after a closing quote).
        let mut ke = sep;
        while ke > 0 && matches!(b.get(ke - 1), Some(b' ' | b'\t')) {
            ke -= 1;
        }
        let quoted = ke > 0 && matches!(b.get(ke - 1), Some(b'"' | b'\''));
        if quoted {
            ke -= 1;
        }
        let mut ks = ke;
        while ks > 0
            && b.get(ks - 1)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        {
            ks -= 1;
        }
        if ks == ke || ke - ks > 24 {
            continue;
        }
        // A key stands alone: line start, a bracket, a comma or a quote before it.
        let before = ks
            .checked_sub(1 + usize::from(quoted))
            .and_then(|p| b.get(p));
        let open = match before {
            None => true,
            Some(c) => matches!(c, b'{' | b',' | b' ' | b'\n' | b'\t' | b';' | b'-' | b'*'),
        };
        if !open {
            continue;
        }
        let Some(key) = s.get(ks..ke).filter(|k| kept_key(k)) else {
            continue;
        };
        // The value.
        let mut p = sep + 1;
        while matches!(b.get(p), Some(b' ' | b'\t')) {
            p += 1;
        }
        let q = matches!(b.get(p), Some(b'"' | b'\''));
        if q {
            p += 1;
        }
        let vs = p;
        while b
            .get(p)
            .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-' | b'_'))
        {
            p += 1;
        }
        if q {
            if !matches!(b.get(p), Some(b'"' | b'\'')) {
                continue;
            }
        } else if b
            .get(p)
            .is_some_and(|c| !matches!(c, b',' | b'}' | b'\n' | b' ' | b';' | b'\r'))
        {
            continue;
        }
        let Some(v) = s.get(vs..p).filter(|v| !v.is_empty()) else {
            continue;
        };
        let value = match parse_decimal(v) {
            Some((m, d)) => FieldValue::Number(m, d),
            None if v.bytes().all(|c| c.is_ascii_alphabetic()) => {
                FieldValue::Word(v.to_ascii_lowercase())
            }
            None => continue,
        };
        out.push(Field {
            key: key.to_ascii_lowercase(),
            start: ks,
            end: p,
            value,
        });
    }
    out
}

/// Fields of a two-line CSV (`multiplier,base` / `11,250`): a header of words, the next line
/// as many numbers.
fn csv_fields(s: &str) -> Vec<Field> {
    let mut out = Vec::new();
    let mut offset = 0;
    let mut lines = s.split('\n').map(|l| {
        let at = offset;
        offset += l.len() + 1;
        (at, l)
    });
    let mut prev = lines.next();
    for next in lines {
        let (Some((ha, head)), (_, row)) = (prev.replace(next), next) else {
            continue;
        };
        let ha = &ha;
        // A header of a few keys, one of them an operation.
        let header = head.len() <= 80
            && head.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
            && head
                .bytes()
                .all(|c| c.is_ascii_alphabetic() || matches!(c, b'_' | b',' | b' ' | b'\r'))
            && head.contains(',');
        if !header || !head.split(',').any(|k| is_op(k.trim())) {
            continue;
        }
        let keys: Vec<&str> = head.split(',').map(str::trim).collect();
        let vals: Vec<&str> = row.split(',').map(str::trim).collect();
        if keys.len() != vals.len()
            || keys.len() > 6
            || !keys
                .iter()
                .all(|k| !k.is_empty() && k.bytes().all(|c| c.is_ascii_alphabetic() || c == b'_'))
        {
            continue;
        }
        let mut row_fields = Vec::new();
        for (k, v) in keys.iter().zip(&vals) {
            let value = match parse_decimal(v) {
                Some((m, d)) => FieldValue::Number(m, d),
                None if v.bytes().all(|c| c.is_ascii_alphabetic()) && !v.is_empty() => {
                    FieldValue::Word(v.to_ascii_lowercase())
                }
                None => break,
            };
            row_fields.push(Field {
                key: k.to_ascii_lowercase(),
                start: *ha,
                end: *ha,
                value,
            });
        }
        if row_fields.len() == keys.len() {
            out.extend(row_fields);
        }
    }
    out
}

/// Position words of a table header, and whether they count from zero.
const POSITION_HEADS: &[(&str, bool)] = &[
    ("position", false),
    ("pos", false),
    ("place", false),
    ("digit position", false),
    ("digit_position", false),
    ("index", true),
    ("idx", true),
];

/// Digit words of a table header.
const DIGIT_HEADS: &[&str] = &["digit", "value", "char", "character", "number"];

/// Mark each integer target (`digits`: its digits and compiled index) that `s` gives digit by
/// digit with positions (a position table, or prose placing each digit).
pub(crate) fn scan_positions(s: &str, digits: &[(String, usize)], hits: &mut Hits) {
    // Every shape names a digit or a position (a table's header: `position,digit`).
    if digits.is_empty() || !holds_any(s, &["digit", "position"]) {
        return;
    }
    let mut found = |joined: &str| {
        for (t, idx) in digits {
            if t == joined {
                hits.set(*idx);
            }
        }
    };
    for j in position_tables(s) {
        found(&j);
    }
    if let Some(j) = prose_positions(s) {
        found(&j);
    }
    if holds_any(s, &["positions"]) {
        if let Some(j) = permuted_list(s) {
            found(&j);
        }
    }
}

/// A list of single digits, then `positions` and a permutation of 1 … n picking from it
/// (`Digits in ascending order: 0, 2, 5, 7. Actual order uses positions 2, 4, 3, 1 of that
/// list.`): the digits picked in that order. The picks must be each place of the list once.
fn permuted_list(s: &str) -> Option<String> {
    let lower = s.to_ascii_lowercase();
    let at = lower.find("positions")?;
    let list = |t: &str| -> Vec<usize> {
        t.split([',', ' ', ';'])
            .filter(|w| !w.is_empty() && *w != "and")
            .map_while(|w| w.parse::<usize>().ok())
            .collect()
    };
    let picks = list(lower.get(at + "positions".len()..)?);
    // The last run of three or more single digits before `positions`.
    let head = lower.get(..at)?;
    let digits: Vec<u8> = head
        .rsplit(|c: char| !(c.is_ascii_digit() || matches!(c, ',' | ' ')))
        .find_map(|seg| {
            let ds: Vec<&str> = seg.split([',', ' ']).filter(|w| !w.is_empty()).collect();
            let all_single = ds.len() >= 3 && ds.iter().all(|w| w.len() == 1);
            all_single.then(|| ds.iter().filter_map(|w| w.bytes().next()).collect())
        })?;
    let n = digits.len();
    if picks.len() != n {
        return None;
    }
    let mut seen = vec![false; n];
    let mut out = String::new();
    for p in picks {
        let i = p.checked_sub(1)?;
        let slot = seen.get_mut(i)?;
        if *slot {
            return None;
        }
        *slot = true;
        out.push(char::from(*digits.get(i)?));
    }
    Some(out)
}

/// The cells of a CSV or markdown table row, trimmed (`| 3 | 5 |`, `3,5`).
fn cells(l: &str) -> Vec<String> {
    let l = l.trim();
    if l.contains('|') {
        l.trim_matches('|')
            .split('|')
            .map(|c| c.trim().to_ascii_lowercase())
            .collect()
    } else {
        l.split([',', '\t'])
            .map(|c| c.trim().to_ascii_lowercase())
            .collect()
    }
}

/// Each position table's digits put in place.
fn position_tables(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, head) in s.split('\n').enumerate() {
        // A header is short and has two cells.
        if head.len() > 48 || !head.contains([',', '|', '\t']) {
            continue;
        }
        let h = cells(head);
        if h.len() != 2 {
            continue;
        }
        let pos_col = h
            .iter()
            .position(|c| POSITION_HEADS.iter().any(|(p, _)| p == c));
        let dig_col = h.iter().position(|c| DIGIT_HEADS.contains(&c.as_str()));
        let (Some(pc), Some(dc)) = (pos_col, dig_col) else {
            continue;
        };
        if pc == dc {
            continue;
        }
        let zero_based = h
            .get(pc)
            .and_then(|c| POSITION_HEADS.iter().find(|(p, _)| p == c))
            .is_some_and(|x| x.1);
        let mut placed: Vec<(usize, u8)> = Vec::new();
        for row in s.split('\n').skip(i + 1) {
            let r = cells(row);
            if r.iter()
                .all(|c| c.bytes().all(|b| matches!(b, b'-' | b':' | b' ')))
                && !r.is_empty()
                && row.contains('-')
            {
                continue;
            }
            let (Some(p), Some(d)) = (r.get(pc), r.get(dc)) else {
                break;
            };
            let (Ok(p), [d @ b'0'..=b'9']) = (p.parse::<usize>(), d.as_bytes()) else {
                break;
            };
            placed.push((p, d - b'0'));
        }
        if let Some(j) = in_place(&placed, zero_based) {
            out.push(j);
        }
    }
    out
}

/// Digits at positions 1 … n (or 0 … n−1), each once, three or more, joined in order.
fn in_place(placed: &[(usize, u8)], zero_based: bool) -> Option<String> {
    let n = placed.len();
    if !(3..=12).contains(&n) {
        return None;
    }
    let mut slots = vec![None; n];
    for &(p, d) in placed {
        let i = if zero_based { p } else { p.checked_sub(1)? };
        let slot = slots.get_mut(i)?;
        if slot.is_some() {
            return None;
        }
        *slot = Some(char::from(b'0' + d));
    }
    slots.into_iter().collect()
}

/// Ordinal words and their positions.
const ORDINAL_WORDS: &[(&str, usize)] = &[
    ("first", 1),
    ("1st", 1),
    ("second", 2),
    ("2nd", 2),
    ("third", 3),
    ("3rd", 3),
    ("fourth", 4),
    ("4th", 4),
    ("fifth", 5),
    ("5th", 5),
    ("sixth", 6),
    ("6th", 6),
];

/// Count words for `the last two`, `a four-digit answer`.
const COUNTS: &[(&str, usize)] = &[
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
    ("2", 2),
    ("3", 3),
    ("4", 4),
    ("5", 5),
    ("6", 6),
];

/// A single digit as a word or numeral.
fn digit_token(w: &str) -> Option<u8> {
    match w.as_bytes() {
        [c @ b'0'..=b'9'] => Some(c - b'0'),
        _ => {
            let i = super::words::UNITS.iter().position(|u| *u == w)?;
            u8::try_from(i).ok()
        }
    }
}

/// Prose placing each digit: `the 2nd digit is 1`, `position 4 holds 0`, `positions 2 and 3
/// hold 1 and 0`, `the last two are 0`, with the length from `four-digit` when given.
fn prose_positions(s: &str) -> Option<String> {
    let lower = s.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let verbs = [
        "is", "are", "holds", "hold", "has", "have", "equals", "equal",
    ];
    let mut placed: Vec<(usize, u8)> = Vec::new();
    let mut last: Option<(usize, u8)> = None;
    let mut length: Option<usize> = None;
    let at = |i: usize| words.get(i).copied().unwrap_or("");
    let mut i = 0;
    while i < words.len() {
        let w = at(i);
        // `four-digit answer`, `4 digit number`.
        if let Some(&(_, n)) = COUNTS.iter().find(|(c, _)| *c == w) {
            if at(i + 1) == "digit" && at(i + 2) != "is" {
                length = Some(n);
            }
        }
        // `the 2nd digit is 1`.
        if let Some(&(_, p)) = ORDINAL_WORDS.iter().find(|(o, _)| *o == w) {
            if at(i + 1) == "digit" && verbs.contains(&at(i + 2)) {
                if let Some(d) = digit_token(at(i + 3)) {
                    placed.push((p, d));
                    i += 4;
                    continue;
                }
            }
        }
        // `position 4 holds 0`, `positions 2 and 3 hold 1 and 0`.
        if w == "position" || w == "positions" || w == "digit" || w == "digits" {
            let mut ps = Vec::new();
            let mut k = i + 1;
            while let Ok(p) = at(k).parse::<usize>() {
                ps.push(p);
                k += 1;
                if at(k) == "and" {
                    k += 1;
                }
            }
            if !ps.is_empty() && verbs.contains(&at(k)) {
                let mut ds = Vec::new();
                k += 1;
                while let Some(d) = digit_token(at(k)) {
                    ds.push(d);
                    k += 1;
                    if ds.len() < ps.len() && at(k) == "and" {
                        k += 1;
                    }
                    if ds.len() == ps.len() {
                        break;
                    }
                }
                if ds.len() == ps.len() {
                    placed.extend(ps.into_iter().zip(ds));
                    i = k;
                    continue;
                }
            }
        }
        // `the last two are 0`.
        if w == "last" {
            if let Some(&(_, n)) = COUNTS.iter().find(|(c, _)| *c == at(i + 1)) {
                let mut k = i + 2;
                if at(k) == "digits" {
                    k += 1;
                }
                if verbs.contains(&at(k)) {
                    if let Some(d) = digit_token(at(k + 1)) {
                        last = Some((n, d));
                        i = k + 2;
                        continue;
                    }
                }
            }
        }
        i += 1;
    }
    if let Some((n, d)) = last {
        let len = length.unwrap_or(placed.len() + n);
        for p in len.checked_sub(n)? + 1..=len {
            placed.push((p, d));
        }
    }
    if length.is_some_and(|l| l != placed.len()) {
        return None;
    }
    in_place(&placed, false)
}

/// Cues that say how to read a grid of pieces, and the order each gives.
const GRID_CUES: &[(&str, Grid)] = &[
    ("column by column", Grid::Columns),
    ("column-major", Grid::Columns),
    ("column major", Grid::Columns),
    ("down each column", Grid::Columns),
    ("down the columns", Grid::Columns),
    ("right to left", Grid::RightToLeft),
    ("bottom to top", Grid::BottomUp),
    ("bottom row first", Grid::BottomUp),
];

#[derive(Clone, Copy, PartialEq)]
enum Grid {
    Columns,
    RightToLeft,
    BottomUp,
}

/// Mark each integer target a table of number cells gives when read as a cue beside it says
/// (`(read column by column)`, `(read right to left)`, `bottom to top`): markdown rows
/// (`| 2 | 5 |`) or HTML rows (`<tr><td>50</td><td>27</td></tr>`), every cell a digit run,
/// the rows of one width. Without a cue a table reads as written (`tables.rs`).
pub(crate) fn scan_grids(s: &str, digits: &[(String, usize)], hits: &mut Hits) {
    if digits.is_empty() || memchr::memchr2(b'|', b'<', s.as_bytes()).is_none() {
        return;
    }
    let cues: Vec<Grid> = GRID_CUES
        .iter()
        .filter(|(c, _)| holds_any(s, &[*c]))
        .map(|x| x.1)
        .collect();
    if cues.is_empty() {
        return;
    }
    let rows = grid_rows(&s.to_ascii_lowercase());
    let width = rows.first().map_or(0, Vec::len);
    if rows.is_empty() || width == 0 || rows.iter().any(|r| r.len() != width) {
        return;
    }
    for cue in cues {
        let mut joined = String::new();
        match cue {
            Grid::Columns => {
                for c in 0..width {
                    for r in &rows {
                        joined.push_str(r.get(c).map_or("", String::as_str));
                    }
                }
            }
            Grid::RightToLeft => {
                for r in &rows {
                    for c in r.iter().rev() {
                        joined.push_str(c);
                    }
                }
            }
            Grid::BottomUp => {
                for r in rows.iter().rev() {
                    joined.push_str(&r.concat());
                }
            }
        }
        for (t, idx) in digits {
            if *t == joined {
                hits.set(*idx);
            }
        }
    }
}

/// The rows of number cells: markdown rows whose cells are all digit runs, or the `<td>`
/// cells of each `<tr>`.
fn grid_rows(s: &str) -> Vec<Vec<String>> {
    let number = |c: &str| !c.is_empty() && c.len() <= 9 && c.bytes().all(|b| b.is_ascii_digit());
    let mut rows = Vec::new();
    if s.contains("<tr") {
        for tr in s.split("<tr").skip(1) {
            let tr = tr.split("</tr>").next().unwrap_or("");
            let cells: Vec<String> = tr
                .split("<td")
                .skip(1)
                .filter_map(|c| {
                    let c = c.split_once('>')?.1;
                    Some(c.split("</td").next().unwrap_or("").trim().to_string())
                })
                .collect();
            if !cells.is_empty() && cells.iter().all(|c| number(c)) {
                rows.push(cells);
            }
        }
        return rows;
    }
    for l in s.lines().filter(|l| l.trim_start().starts_with('|')) {
        let c = cells(l);
        if c.iter().all(|x| number(x)) {
            rows.push(c);
        }
    }
    rows
}

/// Named cells of a markdown table as assignments, with the lines that use them (`| a | 11
/// |` / `| b | 250 |` / `Answer = a × b` → `a = 11` / `b = 250` / `Answer = a * b`), for the
/// program reader (`program.rs`) to evaluate; `None` unless two rows or more bind a name to a
/// number and another line assigns an expression of them. The program reader reports only
/// what a statement computes, so a table alone reports nothing.
pub(crate) fn table_bindings(s: &str) -> Option<String> {
    let b = s.as_bytes();
    if memchr::memchr(b'|', b).is_none() || memchr::memchr(b'=', b).is_none() {
        return None;
    }
    let mut out = String::new();
    let mut names: Vec<String> = Vec::new();
    let mut uses = false;
    for l in s.lines() {
        let t = l.trim();
        if t.starts_with('|') {
            let c = cells(t);
            if let [name, value] = c.as_slice() {
                let ident = !name.is_empty()
                    && name.len() <= 12
                    && name.bytes().all(|x| x.is_ascii_lowercase() || x == b'_');
                if ident && parse_decimal(value).is_some() {
                    out.push_str(&format!("{name} = {value}\n"));
                    names.push(name.clone());
                }
            }
            continue;
        }
        if let Some((_, rhs)) = t.split_once('=') {
            let rhs = rhs.to_ascii_lowercase();
            let used = rhs
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .filter(|w| names.iter().any(|n| n == w))
                .count();
            if used >= 2 {
                uses = true;
                out.push_str(
                    &t.to_ascii_lowercase()
                        .replace(['\u{d7}', '\u{b7}', '\u{22c5}'], "*"),
                );
                out.push('\n');
            }
        }
    }
    (names.len() >= 2 && uses).then_some(out)
}

/// The first number a CSS counter shows (`counter-reset: item 2749` with `counter-increment:
/// item` shows 2750 on the first item), when a `content: counter(…)` shows it.
pub(crate) fn counter_values(s: &str) -> Vec<f64> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let Some(reset) = memchr::memmem::find(b, b"counter-reset") else {
        return out;
    };
    if memchr::memmem::find(b, b"counter(").is_none() {
        return out;
    }
    let after = |at: usize| -> Vec<&str> {
        s.get(at..)
            .unwrap_or("")
            .trim_start_matches(|c: char| c.is_ascii_alphabetic() || c == '-')
            .trim_start_matches([':', ' '])
            .split([';', '}', '"', '\n'])
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect()
    };
    let r = after(reset);
    let (Some(name), Some(start)) = (r.first(), r.get(1).and_then(|v| v.parse::<i64>().ok()))
    else {
        return out;
    };
    let step = memchr::memmem::find(b, b"counter-increment")
        .map(after)
        .filter(|i| i.first() == Some(name))
        .map_or(1, |i| {
            i.get(1).and_then(|v| v.parse::<i64>().ok()).unwrap_or(1)
        });
    if let Some(v) = start.checked_add(step) {
        out.push(v as f64);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has(text: &str, target: &str) -> bool {
        let mut hits = Hits::new(1, 0);
        scan_positions(text, &[(target.to_string(), 0)], &mut hits);
        let v: f64 = target.parse().unwrap_or(0.0);
        hits.any() || values(text).contains(&v)
    }

    #[test]
    fn tagged_scales() {
        for (t, want) in [
            ("<lag scale=\"100\">51</lag>", 5100.0),
            ("<total_lag unit=\"thousand\">5.1</total_lag>", 5100.0),
            ("<worst unit='k'>2.75</worst>", 2750.0),
        ] {
            assert!(
                tagged_scale(t).contains(&want),
                "{t:?}: {:?}",
                tagged_scale(t)
            );
        }
        for t in [
            "<lag scale=\"2\">51</lag>",
            "<lag unit=\"ms\">5.1</lag>",
            "<lag scale=\"100\">51 and more text that is not one number</lag>",
        ] {
            assert!(tagged_scale(t).is_empty(), "{t:?}");
        }
    }

    #[test]
    fn place_fields() {
        for (t, want) in [
            (
                "{\"total_lag\": {\"thousands\": 5, \"hundreds\": 1}}",
                5100.0,
            ),
            (
                "{\"worst\": {\"thousands\": 2, \"hundreds\": 7, \"tens\": 5}}",
                2750.0,
            ),
            ("<lag><k>5</k><h>1</h></lag>", 5100.0),
            ("total_lag,thousands,hundreds\n,5,1", 5100.0),
            ("thousands=2 hundreds=7 tens=5 ones=0", 2750.0),
        ] {
            assert!(
                place_values(t).contains(&want),
                "{t:?}: {:?}",
                place_values(t)
            );
        }
        // One place alone, a place twice, a place in prose, far apart.
        for t in [
            "{\"thousands\": 5}",
            "thousands: 5, thousands: 1",
            "thousands: 5, and after a long stretch of other words about the cluster and its many brokers, hundreds: 1",
            "<b>5</b><i>1</i>",
        ] {
            assert!(
                !place_values(t).contains(&5100.0),
                "{t:?}: {:?}",
                place_values(t)
            );
        }
    }

    #[test]
    fn operation_fields() {
        for (t, target) in [
            ("{\"base\": 250, \"multiplier\": 11}", "2750"),
            ("{\"value\": 5000, \"plus\": 100}", "5100"),
            ("{\"k\": 5.1, \"unit\": \"thousand\"}", "5100"),
            ("base: 250\ntimes: 11", "2750"),
            ("multiplier,base\n11,250", "2750"),
            ("value = 5200\nminus = 100", "5100"),
            ("{'n': 2.75, 'scale': 'thousand'}", "2750"),
            ("{\"value\": 51, \"scale\": 100}", "5100"),
            ("value: 2.75\nscale: 1000", "2750"),
            ("{\"digits\": 51, \"zeros\": 2}", "5100"),
            ("prefix: 275\ntrailing_zeros: 1", "2750"),
        ] {
            assert!(has(t, target), "{t:?}");
        }
    }

    #[test]
    fn positions() {
        for (t, target) in [
            ("position,digit\n3,5\n1,2\n4,0\n2,7", "2750"),
            (
                "| position | digit |\n|---|---|\n| 3 | 5 |\n| 1 | 2 |\n| 4 | 0 |\n| 2 | 7 |",
                "2750",
            ),
            (
                "The 2nd digit is 1, the 1st digit is 5, and the last two are 0.",
                "5100",
            ),
            (
                "In the four-digit answer, position 4 holds 0, position 1 holds 5, positions 2 and 3 hold 1 and 0.",
                "5100",
            ),
            ("index,digit\n0,5\n1,1\n2,0\n3,0", "5100"),
            (
                "Digits in ascending order: 0, 2, 5, 7. Actual order uses positions 2, 4, 3, 1 of that list.",
                "2750",
            ),
        ] {
            assert!(has(t, target), "{t:?}");
        }
    }

    fn grid(text: &str, target: &str) -> bool {
        let mut hits = Hits::new(1, 0);
        scan_grids(text, &[(target.to_string(), 0)], &mut hits);
        hits.any()
    }

    #[test]
    fn table_cells_bound_to_names() {
        let p = table_bindings(
            "| factor | value |\n|---|---|\n| a | 11 |\n| b | 250 |\n\nAnswer = a \u{d7} b",
        );
        assert_eq!(p.as_deref(), Some("a = 11\nb = 250\nanswer = a * b\n"));
        assert!(table_bindings("| a | 11 |\n| b | 250 |").is_none());
        assert!(table_bindings("| a | 11 |\n| b | 250 |\nx = a").is_none());
    }

    #[test]
    fn css_counters() {
        assert_eq!(
            counter_values("ol { counter-reset: item 2749 } li { counter-increment: item } li::before { content: counter(item) }"),
            vec![2750.0]
        );
        assert_eq!(
            counter_values("body { counter-reset: s 5000 } h2 { counter-increment: s 100 } h2::before { content: counter(s) }"),
            vec![5100.0]
        );
        assert!(
            counter_values("ol { counter-reset: item } li::before { content: counter(item) }")
                .is_empty()
        );
    }

    #[test]
    fn grids_read_as_a_cue_says() {
        assert!(grid(
            "<table><tr><td>50</td><td>27</td></tr></table> (read right to left)",
            "2750"
        ));
        assert!(grid(
            "| a | b |\n|---|---|\n| 2 | 5 |\n| 7 | 0 |\n(read column by column)",
            "2750"
        ));
        assert!(grid(
            "| a | b |\n|---|---|\n| 5 | 0 |\n| 1 | 0 |\n(read column by column)",
            "5100"
        ));
        assert!(!grid("| a | b |\n|---|---|\n| 2 | 5 |\n| 7 | 0 |", "2750"));
        assert!(!grid(
            "| a | b |\n|---|---|\n| 2 | 5 |\n| 7 | 0 |\n(read right to left)",
            "2750"
        ));
    }

    #[test]
    fn near_misses() {
        for (t, target) in [
            ("{\"replicas\": 3, \"port\": 8080}", "8080"),
            ("{\"base\": 250, \"timeout\": 11}", "2750"),
            ("{\"partition\": 3, \"offset\": 5097}", "5100"),
            ("replication_factor: 11\nbase_lag: 250", "2750"),
            ("partition,lag\n1,2\n2,7\n3,5\n4,0", "2750"),
            (
                "| partition | lag |\n|---|---|\n| 3 | 5 |\n| 1 | 2 |\n| 4 | 0 |\n| 2 | 7 |",
                "2750",
            ),
            ("position,digit\n1,2\n1,7\n3,5\n4,0", "2750"),
            ("The 2nd digit is 1, the 1st digit is 5.", "5100"),
            (
                "Digits: 0, 2, 5, 7. Positions 2, 4, 3, 3 of that list.",
                "2750",
            ),
            ("{\"base\": 250, \"multiplier\": 11}", "2751"),
            // A scale that is no power of ten may be an exponent or a ratio.
            ("{\"value\": 51, \"scale\": 2}", "5100"),
            ("{\"value\": 2550, \"scale\": 2}", "5100"),
            ("{\"digits\": 51, \"zeros\": 3}", "5100"),
        ] {
            assert!(!has(t, target), "{t:?}");
        }
    }
}
