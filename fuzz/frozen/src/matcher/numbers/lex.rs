//! Lexing and reading a digit run: its groups and separators (markdown inside a number
//! included), and each way the run can be a number (grouped thousands, a decimal, a plain run).
use super::*;

/// Markdown characters that may sit around or inside a number (`5**1**00`, `` `5100` ``).
#[inline]
pub(super) fn is_markdown(c: u8) -> bool {
    c == b'*' || c == b'`'
}

/// Separators between digit groups: comma, dot, space (no-break and thin spaces are spaces
/// after NFKC), underscore, apostrophe.
#[inline]
pub(super) fn is_sep(c: u8) -> bool {
    matches!(c, b',' | b'.' | b' ' | b'_' | b'\'')
}

/// Most groups one run keeps; a longer run is split at a space or skipped.
pub(super) const MAXG: usize = 12;

/// One digit run: groups of digits (possibly with markdown inside) and the separator before
/// each group (0 for the first).
#[derive(Default)]
pub(super) struct Run {
    pub(super) n: usize,
    pub(super) start: [usize; MAXG],
    pub(super) end: [usize; MAXG],
    pub(super) len: [u32; MAXG],
    pub(super) sep: [u8; MAXG],
    /// Too many groups with no space to split at: a hash, an IP list; read nothing.
    pub(super) truncated: bool,
}

impl Run {
    pub(super) fn len(&self, k: usize) -> u32 {
        self.len.get(k).copied().unwrap_or(0)
    }
    /// Separator before group `k` (0 when `k` is past the end).
    pub(super) fn sep(&self, k: usize) -> u8 {
        if k < self.n {
            self.sep.get(k).copied().unwrap_or(0)
        } else {
            0
        }
    }
    pub(super) fn end(&self, k: usize) -> usize {
        self.end.get(k).copied().unwrap_or(0)
    }
    pub(super) fn start(&self, k: usize) -> usize {
        self.start.get(k).copied().unwrap_or(0)
    }
}

/// Lex one digit group at `p` (a digit). Returns (end, digit count).
///
/// Markdown may sit inside a number (`5**1**00`, `**5**100`), but emphasis comes in pairs:
/// when the runs inside the group (plus one right before it) are odd in number, the last run
/// is an operator, not markup (`1700*3`, `10**3`), and the group ends before it.
pub(super) fn lex_group(b: &[u8], mut p: usize) -> (usize, u32) {
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
pub(super) fn lex_run(b: &[u8], p: usize, r: &mut Run) -> usize {
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
pub(super) fn written(
    b: &[u8],
    r: &Run,
    from: usize,
    to: usize,
    frac: Option<usize>,
) -> Option<Written> {
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
pub(super) struct Item {
    pub(super) first: usize,
    pub(super) last: usize,
    pub(super) reads: [Option<Written>; 3],
}

/// Read the number that starts at group `i`: grouped thousands (B), a decimal (C), a plain
/// run (A). Each reading must end where the run ends or at a space (or a list comma), so
/// `5,100,000` is never read as `5,100` and `10.0.5100` is not read at all.
pub(super) fn read_item(b: &[u8], r: &Run, i: usize) -> Option<Item> {
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
