//! The numeric-token scanner: finds every digit run in one pass (eight bytes at a time), lexes
//! it once into digit groups and separators, reads each way the run can be a number (grouped
//! thousands, a decimal, a plain run), and looks each reading up in the compiled targets. The
//! stretch rules that start from digits live here too: k/M/B abbreviations and scale words,
//! scientific notation, hex, arithmetic, digits one by one (`5-1-0-0`) and approximations.
use super::targets::{Dec, DecBuilder, Hits, NumTargets, Written};
use super::units::{self, UnitTarget};
use super::Rules;

/// The state one scan writes into.
pub(crate) struct Ctx<'a> {
    pub nums: &'a NumTargets,
    pub rules: &'a Rules,
    pub hits: &'a mut Hits,
    /// Targets with a unit family (empty when no target has one, or the rule is off).
    pub units: &'a [UnitTarget],
    /// Digits one by one have been read up to here (a sequence is read once, from its start).
    pub spelled_until: usize,
}

impl Ctx<'_> {
    /// A number ending at `e`, as written: record the unit targets a unit after it states.
    fn unit_check(&mut self, s: &str, w: Written, e: usize) {
        if self.units.is_empty() {
            return;
        }
        if let Some((readings, _)) = units::unit_after(s, e) {
            units::check(self.units, w, &readings, self.hits);
        }
    }
}

/// Byte at `i`, or 0 past the end (never panics).
#[inline]
pub(crate) fn at(b: &[u8], i: usize) -> u8 {
    b.get(i).copied().unwrap_or(0)
}

#[inline]
fn is_digit(c: u8) -> bool {
    c.is_ascii_digit()
}

/// The char that ends just before byte `i` (None at the start or inside a char).
pub(crate) fn char_before(s: &str, i: usize) -> Option<char> {
    s.get(..i)?.chars().next_back()
}

/// The char that starts at byte `i`.
pub(crate) fn char_at(s: &str, i: usize) -> Option<char> {
    s.get(i..)?.chars().next()
}

/// Is the char at/ before a position part of a word (letters and digits of any script)?
pub(crate) fn alnum(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric())
}

/// `alnum_before(s, i)`, deciding an ASCII neighbour from its byte (the common case)
/// without decoding: an ASCII byte before `i` always ends a char.
#[inline]
pub(crate) fn alnum_before(s: &str, i: usize) -> bool {
    if i == 0 {
        return false;
    }
    let c = at(s.as_bytes(), i - 1);
    if c < 0x80 {
        c.is_ascii_alphanumeric()
    } else {
        alnum(char_before(s, i))
    }
}

/// `alnum_at(s, i)`, with the same ASCII fast path (past the end reads as 0).
#[inline]
pub(crate) fn alnum_at(s: &str, i: usize) -> bool {
    let c = at(s.as_bytes(), i);
    if c < 0x80 {
        c.is_ascii_alphanumeric()
    } else {
        alnum(char_at(s, i))
    }
}

/// First ASCII digit at or after `i`: sixteen bytes per step as two words (SWAR), then the
/// tail byte by byte. `chunks_exact` lets the loop run without per-word bounds checks.
pub(crate) fn next_digit(b: &[u8], i: usize) -> Option<usize> {
    let rest = b.get(i..)?;
    let mut blocks = rest.chunks_exact(16);
    let mut off = i;
    for block in &mut blocks {
        let (lo, hi) = block.split_at(8);
        let t = digit_bits(lo);
        if t != 0 {
            return Some(off + (t.trailing_zeros() / 8) as usize);
        }
        let t = digit_bits(hi);
        if t != 0 {
            return Some(off + 8 + (t.trailing_zeros() / 8) as usize);
        }
        off += 16;
    }
    blocks
        .remainder()
        .iter()
        .position(|c| is_digit(*c))
        .map(|k| off + k)
}

/// The high bit of each digit byte of an eight-byte word (the lowest flagged byte is exact;
/// borrows may flag bytes above it).
#[inline]
fn digit_bits(w: &[u8]) -> u64 {
    const ZEROS: u64 = 0x3030_3030_3030_3030;
    const TENS: u64 = 0x0A0A_0A0A_0A0A_0A0A;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // A byte is a digit iff (byte ^ 0x30) < 10.
    let x = <[u8; 8]>::try_from(w).map_or(0, u64::from_le_bytes) ^ ZEROS;
    x.wrapping_sub(TENS) & !x & HIGH
}

/// Markdown characters that may sit around or inside a number (`5**1**00`, `` `5100` ``).
#[inline]
fn is_markdown(c: u8) -> bool {
    c == b'*' || c == b'`'
}

/// Separators between digit groups: comma, dot, space (no-break and thin spaces are spaces
/// after NFKC), underscore, apostrophe.
#[inline]
fn is_sep(c: u8) -> bool {
    matches!(c, b',' | b'.' | b' ' | b'_' | b'\'')
}

/// Most groups one run keeps; a longer run is split at a space or skipped.
const MAXG: usize = 12;

/// One digit run: groups of digits (possibly with markdown inside) and the separator before
/// each group (0 for the first).
#[derive(Default)]
struct Run {
    n: usize,
    start: [usize; MAXG],
    end: [usize; MAXG],
    len: [u32; MAXG],
    sep: [u8; MAXG],
    /// Too many groups with no space to split at: a hash, an IP list; read nothing.
    truncated: bool,
}

impl Run {
    fn len(&self, k: usize) -> u32 {
        self.len.get(k).copied().unwrap_or(0)
    }
    /// Separator before group `k` (0 when `k` is past the end).
    fn sep(&self, k: usize) -> u8 {
        if k < self.n {
            self.sep.get(k).copied().unwrap_or(0)
        } else {
            0
        }
    }
    fn end(&self, k: usize) -> usize {
        self.end.get(k).copied().unwrap_or(0)
    }
    fn start(&self, k: usize) -> usize {
        self.start.get(k).copied().unwrap_or(0)
    }
}

/// Lex one digit group at `p` (a digit). Returns (end, digit count).
///
/// Markdown may sit inside a number (`5**1**00`, `**5**100`), but emphasis comes in pairs:
/// when the runs inside the group (plus one right before it) are odd in number, the last run
/// is an operator, not markup (`1700*3`, `10**3`), and the group ends before it.
fn lex_group(b: &[u8], mut p: usize) -> (usize, u32) {
    let before = usize::from(p > 0 && is_markdown(at(b, p - 1)));
    let mut n = 0u32;
    let mut runs = 0usize;
    let mut cut = (p, 0u32);
    loop {
        while is_digit(at(b, p)) {
            p += 1;
            n = n.saturating_add(1);
        }
        let mut q = p;
        while is_markdown(at(b, q)) && q - p < 4 {
            q += 1;
        }
        if q > p && is_digit(at(b, q)) {
            runs += 1;
            cut = (p, n);
            p = q;
            continue;
        }
        if runs > 0 && (runs + before) % 2 == 1 {
            return cut;
        }
        return (p, n);
    }
}

/// Lex the run at `p` (a digit with a valid left boundary) into `r`; returns its end.
fn lex_run(b: &[u8], p: usize, r: &mut Run) -> usize {
    r.truncated = false;
    let (mut e, n) = lex_group(b, p);
    r.start[0] = p;
    r.end[0] = e;
    r.len[0] = n;
    r.n = 1;
    loop {
        let s = at(b, e);
        if !(is_sep(s) && is_digit(at(b, e + 1))) {
            break;
        }
        if r.n == MAXG {
            if s == b' ' {
                break;
            }
            r.truncated = true;
        }
        let (ne, nn) = lex_group(b, e + 1);
        if r.n < MAXG {
            let k = r.n;
            r.start[k] = e + 1;
            r.end[k] = ne;
            r.len[k] = nn;
            r.sep[k] = s;
            r.n += 1;
        }
        e = ne;
    }
    e
}

/// Digits of groups `from..=to` (integer part) and optionally `frac` (fraction), as written.
fn written(b: &[u8], r: &Run, from: usize, to: usize, frac: Option<usize>) -> Option<Written> {
    let mut d = DecBuilder::default();
    let mut sig = 0u32;
    let mut seen_nonzero = false;
    let mut push = |c: u8, is_frac: bool, d: &mut DecBuilder| {
        let v = c - b'0';
        if v != 0 {
            seen_nonzero = true;
        }
        if seen_nonzero {
            sig = sig.saturating_add(1);
        }
        if is_frac {
            d.push_frac(v);
        } else {
            d.push_int(v);
        }
    };
    for k in from..=to {
        for &c in b.get(r.start(k)..r.end(k))? {
            if is_digit(c) {
                push(c, false, &mut d);
            }
        }
    }
    let mut decimals = 0u32;
    if let Some(f) = frac {
        for &c in b.get(r.start(f)..r.end(f))? {
            if is_digit(c) {
                push(c, true, &mut d);
                decimals = decimals.saturating_add(1);
            }
        }
    }
    // More significant digits than a double holds (`1250.50000000000000001`): the value a
    // JSON parser reads, which is the correctly rounded double, is stated too.
    let ieee = if d.digits() > 15 {
        let mut lit = String::with_capacity(40);
        for k in from..=to {
            let g = b.get(r.start(k)..r.end(k))?;
            lit.extend(g.iter().filter(|c| is_digit(**c)).map(|c| char::from(*c)));
        }
        if let Some(f) = frac {
            lit.push('.');
            let g = b.get(r.start(f)..r.end(f))?;
            lit.extend(g.iter().filter(|c| is_digit(**c)).map(|c| char::from(*c)));
        }
        lit.parse::<f64>().ok().and_then(Dec::from_f64)
    } else {
        None
    };
    let value = match d.finish() {
        Some(v) => v,
        None => ieee?,
    };
    Some(Written {
        value,
        decimals,
        sig,
        ieee,
    })
}

/// Up to three readings of one number inside a run, and the group it ends at.
struct Item {
    first: usize,
    last: usize,
    reads: [Option<Written>; 3],
}

/// Read the number that starts at group `i`: grouped thousands (B), a decimal (C), a plain
/// run (A). Each reading must end where the run ends or at a space (or a list comma), so
/// `5,100,000` is never read as `5,100` and `10.0.5100` is not read at all.
fn read_item(b: &[u8], r: &Run, i: usize) -> Option<Item> {
    let free_after = |k: usize| -> bool {
        let s = r.sep(k + 1);
        s == 0 || s == b' '
    };
    let mut item = Item {
        first: i,
        last: i,
        reads: [None, None, None],
    };
    let li = r.len(i);
    // B: 1-3 digits, then groups of exactly three with one separator, then maybe a fraction.
    if (1..=3).contains(&li) && r.len(i + 1) == 3 && is_sep(r.sep(i + 1)) && i + 1 < r.n {
        let s = r.sep(i + 1);
        let mut j = i + 1;
        while j + 1 < r.n && r.sep(j + 1) == s && r.len(j + 1) == 3 {
            j += 1;
        }
        let ds = r.sep(j + 1);
        let mut frac = None;
        if j + 1 < r.n && (ds == b'.' || ds == b',') && ds != s {
            frac = Some(j + 1);
        }
        let last = frac.unwrap_or(j);
        if free_after(last) {
            item.reads[0] = written(b, r, i, j, frac);
            item.last = last;
        }
    }
    // C: digits, a decimal point or comma, digits.
    let cs = r.sep(i + 1);
    if i + 1 < r.n && (cs == b'.' || cs == b',') && free_after(i + 1) {
        item.reads[1] = written(b, r, i, i, Some(i + 1));
        item.last = item.last.max(i + 1);
    }
    // A: the group alone, when nothing joins it to the next group.
    let a_ok = free_after(i) || (cs == b',' && (li >= 4 || r.len(i + 1) >= 4));
    if a_ok {
        item.reads[2] = written(b, r, i, i, None);
    }
    if item.reads.iter().all(Option::is_none) {
        return None;
    }
    Some(item)
}

/// Words that make the number after them an approximation.
const APPROX_WORDS: &[&str] = &[
    "about",
    "around",
    "roughly",
    "approximately",
    "approx",
    "nearly",
    "almost",
    "circa",
    "ca",
];

/// Is the token starting at `p` introduced by `about`, `roughly`, `~`, `≈` and the like?
pub(crate) fn approx_before(s: &str, p: usize) -> bool {
    let b = s.as_bytes();
    if p == 0 || !matches!(at(b, p - 1), b' ' | b'*' | b'_' | b'`' | b'(' | b'~' | 0x88) {
        return false;
    }
    let mut q = p;
    let mut skipped = 0;
    while q > 0 && skipped < 4 && matches!(at(b, q - 1), b' ' | b'*' | b'_' | b'`' | b'(') {
        q -= 1;
        skipped += 1;
    }
    if q == 0 {
        return false;
    }
    if at(b, q - 1) == b'~' || s.get(..q).is_some_and(|h| h.ends_with('\u{2248}')) {
        return true;
    }
    if at(b, q - 1) == b'.' {
        q -= 1;
    }
    let end = q;
    while q > 0 && at(b, q - 1).is_ascii_alphabetic() && end - q < 14 {
        q -= 1;
    }
    if q == end || (q > 0 && at(b, q - 1).is_ascii_alphanumeric()) {
        return false;
    }
    let Some(word) = s.get(q..end) else {
        return false;
    };
    APPROX_WORDS.iter().any(|w| w.eq_ignore_ascii_case(word))
}

/// Is `w` one of [`UNITS`] (any case)? No unit is longer than four letters.
#[inline]
fn is_unit(w: &str) -> bool {
    if w.is_empty() || w.len() > 4 {
        return false;
    }
    // Lowercase into a fixed buffer and compare with one `match` instead of 36 comparisons.
    let mut buf = [0u8; 4];
    for (d, c) in buf.iter_mut().zip(w.bytes()) {
        *d = c.to_ascii_lowercase();
    }
    let lower = buf.get(..w.len()).unwrap_or(&[]);
    let found = matches!(
        lower,
        b"ms"
            | b"s"
            | b"sec"
            | b"secs"
            | b"m"
            | b"min"
            | b"mins"
            | b"h"
            | b"hr"
            | b"hrs"
            | b"d"
            | b"us"
            | b"ns"
            | b"b"
            | b"kb"
            | b"mb"
            | b"gb"
            | b"tb"
            | b"kib"
            | b"mib"
            | b"gib"
            | b"tib"
            | b"ki"
            | b"mi"
            | b"gi"
            | b"rps"
            | b"qps"
            | b"tps"
            | b"x"
            | b"st"
            | b"nd"
            | b"rd"
            | b"th"
            | b"px"
            | b"req"
            | b"msgs"
    );
    debug_assert_eq!(found, UNITS.iter().any(|u| u.eq_ignore_ascii_case(w)));
    found
}

/// Unit suffixes that end a number as well as a space would (`5100ms`, `5100MiB`, `5100x`).
/// Anything else glued to digits (`5100abc`) makes the run part of a longer token.
const UNITS: &[&str] = &[
    "ms", "s", "sec", "secs", "m", "min", "mins", "h", "hr", "hrs", "d", "us", "ns", "b", "kb",
    "mb", "gb", "tb", "kib", "mib", "gib", "tib", "ki", "mi", "gi", "rps", "qps", "tps", "x", "st",
    "nd", "rd", "th", "px", "req", "msgs",
];

/// Scale suffixes after a number, and whether a space may come between (`5.1 K`, not `5 B`).
fn scale_suffix(word: &str, spaced: bool) -> Option<i32> {
    let w = word;
    // Scale words of other languages and number systems (`5,1 Tausend`, `2,4 Mio`, `24 lakh`).
    if (3..=10).contains(&w.len()) {
        let l = w.to_ascii_lowercase();
        let x = match l.as_str() {
            "tsd" | "tausend" | "mille" | "mila" | "mil" => Some(3),
            "mio" | "mln" | "millionen" | "millones" | "milioni" | "millions" => Some(6),
            "mrd" | "milliarden" | "billions" => Some(9),
            "lakh" | "lac" | "lakhs" => Some(5),
            "crore" | "crores" => Some(7),
            _ => None,
        };
        if x.is_some() {
            return x;
        }
    }
    // Every scale below is 1, 2, 7, 8 or 9 letters long: most words are rejected here.
    if !matches!(w.len(), 1 | 2 | 7 | 8 | 9) {
        return None;
    }
    // Plural scale words (`5 thousands`) scale the same.
    let w = match w.len() {
        8 | 9 if w.ends_with(['s', 'S']) => w.get(..w.len() - 1).unwrap_or(w),
        _ => w,
    };
    let exp = match w {
        "k" | "K" => 3,
        "M" => 6,
        "B" if !spaced => 9,
        "bn" | "Bn" | "BN" => 9,
        "mn" | "Mn" => 6,
        _ => {
            if w.eq_ignore_ascii_case("thousand") {
                3
            } else if w.eq_ignore_ascii_case("million") {
                6
            } else if w.eq_ignore_ascii_case("billion") {
                9
            } else if w.eq_ignore_ascii_case("trillion") {
                12
            } else if w.eq_ignore_ascii_case("hundred") {
                2
            } else {
                return None;
            }
        }
    };
    Some(exp)
}

/// Words that make an arithmetic operator (`5000 plus 100`).
fn is_operator_word(w: &str) -> bool {
    ["plus", "minus", "times", "multiplied", "divided"]
        .iter()
        .any(|o| o.eq_ignore_ascii_case(w))
}

/// ASCII letters starting at `p`, and the position after them.
fn letters(s: &str, p: usize) -> (&str, usize) {
    let b = s.as_bytes();
    let mut q = p;
    while at(b, q).is_ascii_alphabetic() && q - p < 16 {
        q += 1;
    }
    (s.get(p..q).unwrap_or(""), q)
}

/// What follows a number's last digit.
enum After {
    /// Nothing glued on: the number stands alone.
    Free,
    /// A scale (`k`, `thousand`): the value is the mantissa times 10^exp.
    Scale(i32),
    /// An exponent (`e3`, `× 10^3`): exact value mantissa × 10^exp.
    Exp(i32),
    /// Part of a longer token: read nothing.
    Glued,
}

fn after_number(s: &str, e: usize, rules: &Rules) -> (After, usize) {
    let b = s.as_bytes();
    let c = at(b, e);
    // Fast path: most numbers end at punctuation or a space before a plain word.
    let next = at(b, e + 1);
    let quiet = match c {
        0 | b'\n' | b'\r' | b'\t' | b')' | b']' | b'}' | b';' | b':' | b'"' | b'%' | b'|'
        | b'=' | b'<' | b'>' | b'!' | b'?' | b'#' | b'@' | b'&' | b',' | b'.' | b'\'' | b'-' => {
            true
        }
        b' ' => {
            !(matches!(
                next,
                b'k' | b'K'
                    | b'M'
                    | b'B'
                    | b'b'
                    | b'm'
                    | b't'
                    | b'T'
                    | b'h'
                    | b'H'
                    | b'x'
                    | b'X'
                    | b'*'
            ) || next >= 0x80)
        }
        _ => false,
    };
    if quiet {
        return (After::Free, e);
    }
    if rules.scientific {
        if let Some((x, end)) = exponent(s, e) {
            return (After::Exp(x), end);
        }
    }
    if rules.abbreviations {
        let (spaced, p) = if c == b' ' { (true, e + 1) } else { (false, e) };
        let (w, q) = letters(s, p);
        if !w.is_empty() && !alnum_at(s, q) {
            if let Some(x) = scale_suffix(w, spaced) {
                return (After::Scale(x), q);
            }
        }
    }
    if c.is_ascii_alphabetic() {
        let (w, q) = letters(s, e);
        let unit = is_unit(w) || super::units::count_word(w);
        if unit && !alnum_at(s, q) && at(b, q) != b'_' {
            return (After::Free, q);
        }
        return (After::Glued, e);
    }
    if c >= 0x80 {
        if let Some(ch) = char_at(s, e) {
            if ch == '\u{00B5}' || ch == '\u{03BC}' {
                // µs
                let (w, q) = letters(s, e + ch.len_utf8());
                if w == "s" && !alnum_at(s, q) {
                    return (After::Free, q);
                }
            }
            if ch.is_alphanumeric() {
                return (After::Glued, e);
            }
        }
    }
    if c == b'_' && alnum_at(s, e + 1) {
        return (After::Glued, e);
    }
    (After::Free, e)
}

/// Skip at most `max` spaces.
fn spaces(b: &[u8], mut p: usize, max: usize) -> usize {
    let start = p;
    while at(b, p) == b' ' && p - start < max {
        p += 1;
    }
    p
}

/// Exponent digits with an optional sign: returns (exponent, end).
fn exp_digits(b: &[u8], mut p: usize) -> Option<(i32, usize)> {
    let mut neg = false;
    if at(b, p) == b'+' || at(b, p) == b'-' {
        neg = at(b, p) == b'-';
        p += 1;
    }
    let start = p;
    let mut x: i32 = 0;
    while is_digit(at(b, p)) && p - start < 3 {
        x = x * 10 + i32::from(at(b, p) - b'0');
        p += 1;
    }
    if p == start || is_digit(at(b, p)) {
        return None;
    }
    Some((if neg { -x } else { x }, p))
}

/// `e3`, `E+3`, `× 10^3`, `x10^3`, `* 10**3`, `·10^3` after a mantissa ending at `e`.
fn exponent(s: &str, e: usize) -> Option<(i32, usize)> {
    let b = s.as_bytes();
    if matches!(at(b, e), b'e' | b'E') {
        let (x, end) = exp_digits(b, e + 1)?;
        if alnum_at(s, end) {
            return None;
        }
        return Some((x, end));
    }
    let p = spaces(b, e, 1);
    // First bytes of the operators below (`×` C3 97, `·` C2 B7, `⋅` E2 8B 85).
    if !matches!(at(b, p), 0xC2 | 0xC3 | 0xE2 | b'*' | b'x' | b'X') {
        return None;
    }
    let rest = s.get(p..)?;
    let op_len = ['\u{00D7}', '\u{00B7}', '\u{22C5}', '*', 'x', 'X']
        .iter()
        .find(|op| rest.starts_with(**op))
        .map(|op| op.len_utf8())?;
    let p = spaces(b, p + op_len, 1);
    if !(at(b, p) == b'1' && at(b, p + 1) == b'0') {
        return None;
    }
    let p = spaces(b, p + 2, 1);
    let p = if at(b, p) == b'^' {
        p + 1
    } else if at(b, p) == b'*' && at(b, p + 1) == b'*' {
        p + 2
    } else {
        return None;
    };
    let (x, end) = exp_digits(b, p)?;
    if alnum_at(s, end) {
        return None;
    }
    Some((x, end))
}

/// Does the number at `d` follow an approximation word? Asked only when a reading could
/// reach a target as an approximation (most cannot), and answered once per number.
struct ApproxBefore {
    d: usize,
    /// `None` until first asked; `Some(false)` from the start when the rule is off.
    memo: Option<bool>,
}

impl ApproxBefore {
    fn new(rules: &Rules, d: usize) -> ApproxBefore {
        ApproxBefore {
            d,
            memo: (!rules.approximations).then_some(false),
        }
    }
    fn get(&mut self, s: &str) -> bool {
        let d = self.d;
        *self.memo.get_or_insert_with(|| approx_before(s, d))
    }
}

/// Record what one reading states, given what follows it. `approx`: the reading starts the
/// run, so an approximation word before the run applies to it.
fn check_reading(
    ctx: &mut Ctx<'_>,
    s: &str,
    w: Written,
    after: &After,
    approx: Option<&mut ApproxBefore>,
) {
    let v = match after {
        After::Free => {
            ctx.nums.exact(w.value, ctx.hits);
            if let Some(d) = w.ieee {
                ctx.nums.exact(d, ctx.hits);
            }
            w.value.to_f64()
        }
        After::Scale(x) => {
            ctx.nums
                .rounded(w, *x, ctx.rules.one_digit_abbreviations, ctx.hits);
            w.value.shift(*x).to_f64()
        }
        After::Exp(x) => {
            let v = w.value.shift(*x);
            ctx.nums.exact(v, ctx.hits);
            v.to_f64()
        }
        After::Glued => return,
    };
    let rel = ctx.rules.approx_tolerance;
    if let Some(a) = approx {
        if ctx.nums.may_approx(v, rel) && a.get(s) {
            ctx.nums.approx(v, rel, ctx.hits);
        }
    }
}

/// Scan all digit runs of `s` (already normalised).
pub(crate) fn scan(s: &str, ctx: &mut Ctx<'_>) {
    let b = s.as_bytes();
    let mut i = 0;
    let mut run = Run::default();
    while let Some(d) = next_digit(b, i) {
        i = scan_at(s, d, &mut run, ctx).max(d + 1);
    }
}

/// Skip the rest of a token that is not a number (`v5100`, `a5100b`, `1.2.3-rc1`).
fn skip_token(b: &[u8], mut p: usize) -> usize {
    while at(b, p).is_ascii_alphanumeric()
        || (matches!(at(b, p), b'.' | b',' | b'_') && at(b, p + 1).is_ascii_alphanumeric())
    {
        p += 1;
    }
    p
}

/// Handle the digit at `d`; returns where scanning resumes.
fn scan_at(s: &str, d: usize, run: &mut Run, ctx: &mut Ctx<'_>) -> usize {
    let b = s.as_bytes();
    // The char before the digit: an ASCII byte is decided without decoding; a non-ASCII
    // char is never `.` or `_`.
    let pb = if d > 0 { at(b, d - 1) } else { 0 };
    if pb >= 0x80 {
        if alnum_before(s, d) {
            return skip_token(b, d);
        }
    } else if pb == b'.' {
        match dot_before(s, d) {
            Dot::Boundary => {}
            Dot::Leading => return leading_dot(s, d, ctx),
            Dot::Glued => return skip_token(b, d),
        }
    } else if d > 0 && (pb.is_ascii_alphanumeric() || (pb == b'_' && alnum_before(s, d - 1))) {
        return skip_token(b, d);
    }
    if ctx.rules.hex
        && at(b, d) == b'0'
        && matches!(at(b, d + 1), b'x' | b'X' | b'b' | b'B' | b'o' | b'O')
    {
        return radix(s, d, ctx);
    }
    let mut resume = d + 1;
    if ctx.rules.spelled_digits && !is_digit(at(b, d + 1)) && d >= ctx.spelled_until {
        // Each digit of the sequence is still read on its own (the last may start `5,100`).
        let end = super::spelled::one_by_one(s, d, ctx);
        ctx.spelled_until = end;
    }
    if ctx.rules.concatenations {
        if let Some(end) = concatenation(s, d, ctx) {
            resume = resume.max(end);
        }
    }
    if let Some(end) = fast_plain(s, d, ctx) {
        return end.max(resume);
    }
    let e = lex_run(b, d, run);
    let run: &Run = run;
    if run.truncated {
        return skip_token(b, e).max(resume);
    }
    let mut approx = ApproxBefore::new(ctx.rules, d);
    let mut i = 0;
    while i < run.n {
        let Some(item) = read_item(b, run, i) else {
            // Not a number here (a version, an IP): skip to the next space in the run.
            i += 1;
            while i < run.n && run.sep(i) != b' ' {
                i += 1;
            }
            continue;
        };
        let is_last = item.last + 1 >= run.n;
        let first = item.first == 0;
        if is_last {
            let num_end = run.end(item.last);
            let (after, end) = after_number(s, num_end, ctx.rules);
            for w in item.reads.iter().flatten() {
                check_reading(ctx, s, *w, &after, first.then_some(&mut approx));
                match after {
                    After::Exp(x) => {
                        // `2.4e6 B/s`, `1.2505e6 us`: the unit after the exponent.
                        let decimals = i64::from(w.decimals) - i64::from(x);
                        let shifted = Written {
                            value: w.value.shift(x),
                            decimals: u32::try_from(decimals.max(0)).unwrap_or(0),
                            sig: w.sig,
                            ieee: None,
                        };
                        ctx.unit_check(s, shifted, end);
                    }
                    _ => ctx.unit_check(s, *w, num_end),
                }
                if first && ctx.rules.arithmetic {
                    if let Some(f) = factor_before(s, d) {
                        ctx.nums.close(w.value.to_f64() * f, ctx.hits);
                    }
                }
                if ctx.rules.fractions && matches!(after, After::Free) {
                    fraction_after(s, *w, num_end, ctx);
                }
            }
            if ctx.rules.arithmetic && matches!(after, After::Free) && end == run.end(item.last) {
                if let Some(w) = item.reads.iter().flatten().next() {
                    arithmetic(s, run.start(item.first), w.value, end, ctx);
                }
            }
            return resume.max(end);
        }
        for w in item.reads.iter().flatten() {
            check_reading(ctx, s, *w, &After::Free, first.then_some(&mut approx));
            if ctx.rules.fractions && w.decimals == 0 {
                fraction_after(s, *w, run.end(item.last), ctx);
            }
        }
        i = item.last + 1;
    }
    resume.max(e)
}

/// What a `.` right before a digit run is.
enum Dot {
    /// An ellipsis (`...5100`, `…5100`) or an abbreviation (`No.5100`): the number stands alone.
    Boundary,
    /// A decimal with no integer part (`.0024 GB/s`).
    Leading,
    /// Part of a longer token (`v1.5100`, `10.0.5100.1`, `host.5100`).
    Glued,
}

fn dot_before(s: &str, d: usize) -> Dot {
    let b = s.as_bytes();
    if d < 2 {
        return Dot::Leading;
    }
    let c = at(b, d - 2);
    if c == b'.' {
        return Dot::Boundary;
    }
    if !c.is_ascii_alphanumeric() {
        return Dot::Leading;
    }
    let mut q = d - 1;
    while q > 0 && at(b, q - 1).is_ascii_alphabetic() && d - 1 - q < 4 {
        q -= 1;
    }
    let word = s.get(q..d - 1).unwrap_or("");
    let alone = q == 0 || !at(b, q - 1).is_ascii_alphanumeric();
    if alone
        && ["no", "nr", "num"]
            .iter()
            .any(|w| w.eq_ignore_ascii_case(word))
    {
        return Dot::Boundary;
    }
    Dot::Glued
}

/// `.0024` (then a unit, maybe): the digits as a fraction.
fn leading_dot(s: &str, d: usize, ctx: &mut Ctx<'_>) -> usize {
    let b = s.as_bytes();
    let mut dec = DecBuilder::default();
    let mut p = d;
    let mut sig = 0u32;
    while is_digit(at(b, p)) && p - d < 18 {
        let v = at(b, p) - b'0';
        if v != 0 || sig > 0 {
            sig += 1;
        }
        dec.push_frac(v);
        p += 1;
    }
    if alnum_at(s, p) && !ctx.units.is_empty() {
        // A glued unit (`.0024GB/s`) is read by the unit rule below.
    } else if alnum_at(s, p) {
        return skip_token(b, p);
    }
    let Some(value) = dec.finish() else {
        return skip_token(b, p);
    };
    ctx.nums.exact(value, ctx.hits);
    let decimals = u32::try_from(p - d).unwrap_or(u32::MAX);
    ctx.unit_check(
        s,
        Written {
            value,
            decimals,
            sig,
            ieee: None,
        },
        p,
    );
    p
}

/// `half of 10200`, `twice 2550`: a factor written before the number at `d`.
fn factor_before(s: &str, d: usize) -> Option<f64> {
    let b = s.as_bytes();
    // Every factor phrase ends in a letter and a space: most numbers are rejected here.
    if d < 2 || at(b, d - 1) != b' ' || !at(b, d - 2).is_ascii_alphabetic() {
        return None;
    }
    let mut from = d.saturating_sub(16);
    while from < d && !s.is_char_boundary(from) {
        from += 1;
    }
    let head = s.get(from..d)?;
    let lower = head.to_ascii_lowercase();
    const FACTORS: [(&str, f64); 8] = [
        ("half of ", 0.5),
        ("a third of ", 1.0 / 3.0),
        ("a quarter of ", 0.25),
        ("twice ", 2.0),
        ("double ", 2.0),
        ("thrice ", 3.0),
        ("triple ", 3.0),
        ("two times ", 2.0),
    ];
    FACTORS.iter().find_map(|(w, f)| {
        let before = lower.strip_suffix(w)?;
        before
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_ascii_alphanumeric())
            .then_some(*f)
    })
}

/// The common case, decided without lexing: a bare integer (`443`, `2024`, `12`) that ends at
/// punctuation or at a space before a plain word. Its only reading is itself (plus, after
/// `about`, an approximation), so one filter test settles it. `None` sends the number to the
/// full scanner (separators, suffixes, exponents, operators, markdown, digits one by one).
#[inline]
fn fast_plain(s: &str, d: usize, ctx: &mut Ctx<'_>) -> Option<usize> {
    let b = s.as_bytes();
    let mut p = d;
    let mut v: u64 = 0;
    while is_digit(at(b, p)) {
        if p - d >= 18 {
            return None;
        }
        v = v * 10 + u64::from(at(b, p) - b'0');
        p += 1;
    }
    let c = at(b, p);
    let next = at(b, p + 1);
    let quiet = match c {
        0 | b'\n' | b'\r' | b'\t' | b')' | b']' | b'}' | b';' | b':' | b'"' | b'%' | b'|'
        | b'=' | b'<' | b'>' | b'!' | b'?' | b'#' | b'@' | b'&' => true,
        b',' | b'.' | b'\'' => !is_digit(next),
        // A date or range (`2026-03-19`, `4000-5100`): `-` is no separator, operator (it
        // needs spaces) or suffix, so the full scanner reads only the integer. A single
        // digit may start `5-1-0-0`.
        b'-' => p - d > 1,
        b' ' => {
            if next.is_ascii_alphabetic() {
                // A plain word (`30 minutes`), unless it is a scale or a times sign.
                let (w, _) = letters(s, p + 1);
                !(w == "x" || w == "X" || scale_suffix(w, true).is_some() || is_operator_word(w))
            } else {
                !is_digit(next) && !matches!(next, b'*' | b'+' | b'-' | b'/' | b'~') && next < 0x80
            }
        }
        _ => false,
    };
    let mut end = p;
    if !quiet && c.is_ascii_alphabetic() && !matches!(c, b'e' | b'E' | b'x' | b'X') {
        // A unit (`200ms`, `512Mi`) ends the number; other letters (`5100abc`) glue it into
        // a longer token. A scale (`51k`) needs the full scanner.
        let (w, q) = letters(s, p);
        if scale_suffix(w, false).is_some() {
            return None;
        }
        let unit = is_unit(w) || super::units::count_word(w);
        if !unit || alnum_at(s, q) || at(b, q) == b'_' {
            // A unit of a target's family may still be glued on (`2400000Bps`).
            let value = Dec::new(v, 0);
            let sig = u32::try_from(p - d).unwrap_or(u32::MAX);
            ctx.unit_check(
                s,
                Written {
                    value,
                    decimals: 0,
                    sig,
                    ieee: None,
                },
                p,
            );
            return Some(skip_token(b, p));
        }
        end = q;
    } else if !quiet {
        return None;
    }
    if d > 0 && is_markdown(at(b, d - 1)) {
        return None;
    }
    let value = Dec::new(v, 0);
    ctx.nums.exact(value, ctx.hits);
    if ctx.rules.arithmetic && d > 0 {
        if let Some(f) = factor_before(s, d) {
            ctx.nums.close(v as f64 * f, ctx.hits);
        }
    }
    if p - d >= 3 {
        if ctx.rules.reversed {
            reversed_digits(b, d, p, ctx);
        }
        if ctx.rules.binary_octal && p - d >= 8 {
            binary_digits(b, d, p, ctx);
        }
    }
    if !ctx.units.is_empty() {
        let sig = u32::try_from(p - d).unwrap_or(u32::MAX);
        ctx.unit_check(
            s,
            Written {
                value,
                decimals: 0,
                sig,
                ieee: None,
            },
            p,
        );
    }
    if ctx.rules.fractions && c == b' ' {
        fraction_after(
            s,
            Written {
                value,
                decimals: 0,
                sig: 1,
                ieee: None,
            },
            p,
            ctx,
        );
    }
    if !ctx.rules.approximations {
        return Some(end);
    }
    let rel = ctx.rules.approx_tolerance;
    if c == b'-' && is_digit(next) {
        // Taken over from the full scanner: approximate exactly as `check_reading` does.
        let f = value.to_f64();
        if ctx.nums.may_approx(f, rel) && approx_before(s, d) {
            ctx.nums.approx(f, rel, ctx.hits);
        }
    } else if ctx.nums.near_any(v as f64, rel) && approx_before(s, d) {
        ctx.nums.approx(v as f64, rel, ctx.hits);
    }
    Some(end)
}

/// `0x13EC`, `0b1001111101100`, `0o11754`: an integer target in hex, binary or octal.
fn radix(s: &str, d: usize, ctx: &mut Ctx<'_>) -> usize {
    let b = s.as_bytes();
    let base = match at(b, d + 1) {
        b'x' | b'X' => 16,
        b'b' | b'B' if ctx.rules.binary_octal => 2,
        b'o' | b'O' if ctx.rules.binary_octal => 8,
        _ => return skip_token(b, d),
    };
    let mut p = d + 2;
    let mut v: u64 = 0;
    let mut overflow = false;
    while let Some(h) = (at(b, p) as char).to_digit(base) {
        match v
            .checked_mul(u64::from(base))
            .and_then(|x| x.checked_add(u64::from(h)))
        {
            Some(x) => v = x,
            None => overflow = true,
        }
        p += 1;
    }
    if p == d + 2 || alnum_at(s, p) || overflow {
        return skip_token(b, p);
    }
    ctx.nums.exact(Dec::new(v, 0), ctx.hits);
    p
}

/// A digit run read backwards (`0015` states 5100): leading zeros of the reversed run count.
fn reversed_digits(b: &[u8], d: usize, p: usize, ctx: &mut Ctx<'_>) {
    let mut dec = DecBuilder::default();
    for &c in b.get(d..p).unwrap_or(&[]).iter().rev() {
        dec.push_int(c - b'0');
    }
    if let Some(v) = dec.finish() {
        ctx.nums.exact(v, ctx.hits);
    }
}

/// A run of eight or more 0s and 1s read as binary.
fn binary_digits(b: &[u8], d: usize, p: usize, ctx: &mut Ctx<'_>) {
    let run = b.get(d..p).unwrap_or(&[]);
    if run.len() > 63 || !run.iter().all(|c| matches!(c, b'0' | b'1')) {
        return;
    }
    let v = run.iter().fold(0u64, |v, c| (v << 1) | u64::from(c - b'0'));
    ctx.nums.exact(Dec::new(v, 0), ctx.hits);
}

/// A simple fraction after an integer `w` ending at `e`: ` 1/2`, ` 3/4` (also from `½`),
/// ` and a half`, ` and three quarters`; states `w + fraction`.
pub(crate) fn fraction_after(s: &str, w: Written, e: usize, ctx: &mut Ctx<'_>) {
    if w.decimals != 0 {
        return;
    }
    let Some(frac) = fraction_tail(s, e) else {
        return;
    };
    ctx.nums.close(w.value.to_f64() + frac, ctx.hits);
}

/// The fraction written at `e` (after one or two spaces), if any.
pub(crate) fn fraction_tail(s: &str, e: usize) -> Option<f64> {
    let b = s.as_bytes();
    let p = spaces(b, e, 2);
    if p == e {
        return None;
    }
    if is_digit(at(b, p)) {
        // `1/2`: one or two digits each side, nothing glued after.
        let mut q = p;
        let mut num = 0u32;
        while is_digit(at(b, q)) && q - p < 2 {
            num = num * 10 + u32::from(at(b, q) - b'0');
            q += 1;
        }
        if at(b, q) != b'/' {
            return None;
        }
        let r0 = q + 1;
        let mut r = r0;
        let mut den = 0u32;
        while is_digit(at(b, r)) && r - r0 < 2 {
            den = den * 10 + u32::from(at(b, r) - b'0');
            r += 1;
        }
        if r == r0 || den == 0 || num >= den || is_digit(at(b, r)) || at(b, r) == b'/' {
            return None;
        }
        return Some(f64::from(num) / f64::from(den));
    }
    let rest = s.get(p..)?;
    let (word, after) = rest.split_once(' ').unwrap_or((rest, ""));
    if !word.eq_ignore_ascii_case("and") {
        return None;
    }
    let mut words = after
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty());
    let count = words.next()?;
    let n = match count.to_ascii_lowercase().as_str() {
        "a" | "an" | "one" => 1.0,
        "two" => 2.0,
        "three" => 3.0,
        _ => return None,
    };
    let unit = words.next()?.to_ascii_lowercase();
    let d = match unit.as_str() {
        "half" | "halves" => 2.0,
        "third" | "thirds" => 3.0,
        "quarter" | "quarters" | "fourth" | "fourths" => 4.0,
        "fifth" | "fifths" => 5.0,
        "tenth" | "tenths" => 10.0,
        _ => return None,
    };
    (n < d).then_some(n / d)
}

/// `5K1` (a scale letter as the decimal point: 5.1k) and `(51)(100)` (parenthesised groups
/// side by side, read as a product and as one run of digits). Returns where it ended.
fn concatenation(s: &str, d: usize, ctx: &mut Ctx<'_>) -> Option<usize> {
    let b = s.as_bytes();
    let mut p = d;
    while is_digit(at(b, p)) && p - d < 9 {
        p += 1;
    }
    let int_digits = b.get(d..p)?;
    // `5K1`, `2M4`: digits, one scale letter, digits, then a boundary.
    let scale = match at(b, p) {
        b'k' | b'K' => Some(3),
        b'M' => Some(6),
        b'G' => Some(9),
        _ => None,
    };
    if let Some(x) = scale {
        let mut q = p + 1;
        while is_digit(at(b, q)) && q - p <= 6 {
            q += 1;
        }
        if q > p + 1 && !alnum_at(s, q) {
            let mut dec = DecBuilder::default();
            for &c in int_digits {
                dec.push_int(c - b'0');
            }
            for &c in b.get(p + 1..q)? {
                dec.push_frac(c - b'0');
            }
            if let Some(v) = dec.finish() {
                ctx.nums.exact(v.shift(x), ctx.hits);
            }
            return Some(q);
        }
    }
    // `(51)(100)`, `(51)(00)`, `(5)(1)(0)(0)`: up to six groups.
    if d == 0 || at(b, d - 1) != b'(' || at(b, p) != b')' || at(b, p + 1) != b'(' {
        return None;
    }
    let mut groups: Vec<&[u8]> = vec![int_digits];
    let mut q = p + 1;
    while at(b, q) == b'(' && groups.len() < 6 {
        let g0 = q + 1;
        let mut g = g0;
        while is_digit(at(b, g)) && g - g0 < 9 {
            g += 1;
        }
        if g == g0 || at(b, g) != b')' {
            break;
        }
        groups.push(b.get(g0..g)?);
        q = g + 1;
    }
    if groups.len() < 2 {
        return None;
    }
    let mut joined = DecBuilder::default();
    let mut product = 1f64;
    for g in &groups {
        let mut v = 0f64;
        for &c in *g {
            joined.push_int(c - b'0');
            v = v * 10.0 + f64::from(c - b'0');
        }
        product *= v;
    }
    if let Some(v) = joined.finish() {
        ctx.nums.exact(v, ctx.hits);
    }
    ctx.nums.close(product, ctx.hits);
    Some(q)
}

/// Parse one plain operand at `p`: a digit run read as a single number with nothing glued on.
fn operand(s: &str, p: usize) -> Option<(f64, usize)> {
    let b = s.as_bytes();
    if !is_digit(at(b, p)) {
        return None;
    }
    let mut run = Run::default();
    let e = lex_run(b, p, &mut run);
    if run.truncated {
        return None;
    }
    let item = read_item(b, &run, 0)?;
    if item.last + 1 < run.n {
        return None;
    }
    let w = item.reads.iter().flatten().next()?;
    let (after, end) = after_number(s, e, &Rules::AEP_032);
    if !matches!(after, After::Free) || end != e {
        return None;
    }
    Some((w.value.to_f64(), e))
}

/// An arithmetic operator at `p` (after optional spaces). `-` and `x` need spaces on both
/// sides (`4000-5100` is a range, `1920x1080` a resolution).
fn operator(s: &str, p: usize) -> Option<(char, usize)> {
    let b = s.as_bytes();
    let q = spaces(b, p, 2);
    let spaced_before = q > p;
    let rest = s.get(q..)?;
    if spaced_before {
        // `5000 plus 100`, `51 times 100`, `10200 divided by 2`.
        for (w, op) in [
            ("plus ", '+'),
            ("minus ", '-'),
            ("times ", '*'),
            ("multiplied by ", '*'),
            ("divided by ", '/'),
        ] {
            if rest
                .get(..w.len())
                .is_some_and(|x| x.eq_ignore_ascii_case(w))
            {
                return Some((op, spaces(b, q + w.len(), 2)));
            }
        }
    }
    let c = rest.chars().next()?;
    let op = match c {
        '+' => '+',
        '*' => '*',
        '\u{00D7}' => '*',
        '/' => '/',
        '\u{00F7}' => '/',
        '-' | 'x' | 'X' if spaced_before => {
            if c == '-' {
                '-'
            } else {
                '*'
            }
        }
        _ => return None,
    };
    let r = q + c.len_utf8();
    let after = spaces(b, r, 2);
    if (c == '-' || c == 'x' || c == 'X') && after == r {
        return None;
    }
    if c == '*' && at(b, r) == b'*' {
        return None;
    }
    Some((op, after))
}

/// `5099+1`, `1700 * 3`, `10200/2`: up to five operands, usual precedence; the whole
/// expression and each adjacent pair are checked. Chains of three or more divisions-or-more
/// (`12/03/2024`) are dates, not arithmetic.
fn arithmetic(s: &str, start: usize, first: Dec, mut p: usize, ctx: &mut Ctx<'_>) {
    let b = s.as_bytes();
    if operator(s, p).is_none() {
        return;
    }
    // A date or path such as `2024/05/10` or `a/1/2`: the first operand must not follow `/`.
    if start > 0 && matches!(at(b, start - 1), b'/' | b'-' | b'+' | b':') {
        return;
    }
    let mut vals = [0f64; 5];
    let mut ops = ['+'; 4];
    vals[0] = first.to_f64();
    let mut n = 1;
    let mut slash = false;
    while n < vals.len() {
        let Some((op, q)) = operator(s, p) else {
            break;
        };
        let Some((v, e)) = operand(s, q) else {
            break;
        };
        slash |= op == '/';
        ops[n - 1] = op;
        vals[n] = v;
        n += 1;
        p = e;
    }
    if n < 2 || (slash && n >= 3) {
        return;
    }
    // Something glued after the last operand (`1/2/`, `3+4=`) still counts; `=` is fine.
    for k in 0..n - 1 {
        if let Some(v) = apply(vals[k], ops[k], vals[k + 1]) {
            ctx.nums.close(v, ctx.hits);
        }
    }
    if n > 2 {
        // Precedence: sum of products.
        let mut sum = 0.0;
        let mut term = vals[0];
        for k in 0..n - 1 {
            match ops[k] {
                '+' | '-' => {
                    sum += term;
                    term = if ops[k] == '-' {
                        -vals[k + 1]
                    } else {
                        vals[k + 1]
                    };
                }
                op => match apply(term, op, vals[k + 1]) {
                    Some(t) => term = t,
                    None => return,
                },
            }
        }
        ctx.nums.close(sum + term, ctx.hits);
    }
}

fn apply(a: f64, op: char, b: f64) -> Option<f64> {
    let v = match op {
        '+' => a + b,
        '-' => a - b,
        '*' => a * b,
        '/' if b != 0.0 => a / b,
        _ => return None,
    };
    v.is_finite().then_some(v)
}
