//! Numbers that state a target through arithmetic: a factor written before them (`half of
//! 10200`), a fraction after them (` and a half`), a concatenation, and a short expression
//! (`1700*3`).
use super::around::spaces;
use super::*;

/// `half of 10200`, `twice 2550`: a factor written before the number at `d`.
pub(super) fn factor_before(s: &str, d: usize) -> Option<f64> {
    let b = s.as_bytes();
    // Every factor phrase ends in `f`, `e` or `s` and a space: most numbers are rejected here.
    if d < 2 || at(b, d - 1) != b' ' || !matches!(at(b, d - 2) | 0x20, b'f' | b'e' | b's') {
        return None;
    }
    let mut from = d.saturating_sub(16);
    while from < d && !s.is_char_boundary(from) {
        from += 1;
    }
    let head = b.get(from..d)?;
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
    // Compared in place, ASCII case-insensitive (no lowercased copy): a phrase is ASCII, so
    // where it starts is a char boundary, and the char before it is a word char only if it
    // is an ASCII letter or digit.
    FACTORS.iter().find_map(|(w, f)| {
        let cut = head.len().checked_sub(w.len())?;
        if !head.get(cut..)?.eq_ignore_ascii_case(w.as_bytes()) {
            return None;
        }
        (cut == 0 || !at(head, cut - 1).is_ascii_alphanumeric()).then_some(*f)
    })
}

/// A simple fraction after an integer `w` ending at `e`: ` 1/2`, ` 3/4` (also from `½`),
/// ` and a half`, ` and three quarters`, ` and 1/2`; states `w + fraction`.
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
    // `1250 and 1/2`: the digit fraction after `and`.
    if after.starts_with(|c: char| c.is_ascii_digit()) {
        return fraction_tail(s, p + word.len());
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
pub(super) fn concatenation(s: &str, d: usize, ctx: &mut Ctx<'_>) -> Option<usize> {
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
pub(super) fn operand(s: &str, p: usize) -> Option<(f64, usize)> {
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
pub(super) fn operator(s: &str, p: usize) -> Option<(char, usize)> {
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
pub(super) fn arithmetic(s: &str, start: usize, first: Dec, mut p: usize, ctx: &mut Ctx<'_>) {
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

pub(super) fn apply(a: f64, op: char, b: f64) -> Option<f64> {
    let v = match op {
        '+' => a + b,
        '-' => a - b,
        '*' => a * b,
        '/' if b != 0.0 => a / b,
        _ => return None,
    };
    v.is_finite().then_some(v)
}

/// `5101-1`: a hyphen between two integers without spaces is a range (`4000-5100`), but a
/// range is written low to high, and one that falls from a number of two digits or more to a
/// single digit is no range at all: such a pair is read as a difference too (the range
/// reading stays). `a` is the integer at `d..p`, `p` the hyphen.
///
/// Controls: the second number is one digit, 1-9 (`5200-100` may be a range counted down and
/// stays one; spaced, `5200 - 100` is arithmetic); exactly two plain integers (a chain such
/// as `2026-03-19`, `ip-10-0-1-5` or `1.2-3` is a date, a name or a version); no leading zero
/// (`2026-03` is a month); nothing glued after it (`5101-1a`, `5101-1.5`). A pair that is
/// neither (opening hours `10-5`) states a target only if the difference equals it exactly.
pub(super) fn descending_difference(s: &str, d: usize, p: usize, a: u64, ctx: &mut Ctx<'_>) {
    let b = s.as_bytes();
    if d > 0 && matches!(at(b, d - 1), b'-' | b'.' | b'/' | b':' | b'_' | b'+') {
        return;
    }
    let q = p + 1;
    if !matches!(at(b, q), b'1'..=b'9') {
        return;
    }
    let mut r = q;
    let mut v: u64 = 0;
    while at(b, r).is_ascii_digit() {
        if r - q >= 18 {
            return;
        }
        v = v * 10 + u64::from(at(b, r) - b'0');
        r += 1;
    }
    let c = at(b, r);
    if alnum_at(s, r)
        || matches!(c, b'-' | b'/' | b':' | b'_')
        || (matches!(c, b'.' | b',') && at(b, r + 1).is_ascii_digit())
    {
        return;
    }
    if r == q + 1 && v < a {
        let diff = (a - v) as f64;
        ctx.nums.range(diff, diff, ctx.hits);
    }
}
