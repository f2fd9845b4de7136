//! Values written as code or maths markup: a learner who asks for the lag "as a spreadsheet
//! formula", "as a Python one-liner" or "in LaTeX" gets `=SUM(5000,100)`, `int('11754', 8)`,
//! `"".join(['5','1','0','0'])`, `chr(53)+chr(49)+…`, `1275 << 2`, `$\frac{10200}{2}$` or
//! `5[1]0{2}`, which state the value to anyone who reads code but hold no digit run, sum or
//! concatenation the other rules read. This module owns evaluating those small literal
//! expressions: [`view`] writes the text again with each one replaced by its value (a number
//! as digits, a string quoted, so `"5"+"1"+"00"` joins as the readings join it), and the
//! matcher reads that view with every rule.
//!
//! What is evaluated: calls of a closed list of functions on literal arguments only (numbers,
//! quoted strings, one list of them): `sum`, `product`, `mean`/`average`/`avg`, `pow`,
//! `concat`/`concatenate`, `chr`, `String.fromCharCode`, `int`/`parseInt`/`Number`/`str` with
//! an optional base, base conversions of digits with no prefix (`HEX2DEC`, `BIN2DEC`,
//! `OCT2DEC`, `DECIMAL(x, b)`, SQL `conv(x, b, 10)`, C `strtol(x, NULL, b)`), `round`,
//! `floor`, `ceil`, `trunc`, `abs`, `sqrt` (of a perfect square); `sep.join([…])` and
//! `[…].join(sep)`; shifts `a << k`, `a >> k`, `a shl k`, `a shr k`; SQL `||` as
//! concatenation; `**` as a power; LaTeX `\times`, `\cdot`, `\frac{a}{b}`, `\sqrt{n}`, braces
//! and `$` delimiters; a regex digit class `[d]` or repeat `d{n}` inside a digit run; CSS
//! escapes (`\35 `) and `%u0035`; Unicode digit names (`DIGIT FIVE`).
//!
//! False-positive controls: only literals are evaluated (`sum(lags)` or `round(x)` is left as
//! it is), a call must be written as one (a known name right before `(`), and the view is only
//! a second reading: what it states is what the code prints, exactly.
//!
//! Cost: nothing on text without a trigger (a known function name before `(`, `.join(`, a
//! LaTeX command or CSS escape after `\`, `[` or `{` after a digit, `<<`, `>>`, `||`, `**`,
//! ` sh`, ` 10^`, `%u`, `digit`, or `*` after a quote), found by memchr; otherwise one walk
//! over the text, copied once.

use super::computed::{fmt_num, Val};

/// Longest argument list read (bytes between the parentheses).
const MAX_ARGS: usize = 400;

/// Does the text hold anything this module reads?
fn triggered(s: &str) -> bool {
    let b = s.as_bytes();
    // `(` only after a function name this module knows; `[`, `{` only after a digit (a
    // regex class or repeat, `^{`) unless a `.join(` is there; `\` only before a LaTeX
    // command this module reads or a hex digit (a CSS escape).
    memchr::memchr_iter(b'(', b).any(|i| known_call_before(s, i))
        || memchr::memchr2_iter(b'[', b'{', b).any(|i| {
            i > 0
                && b.get(i - 1)
                    .is_some_and(|c| c.is_ascii_digit() || *c == b'^')
        })
        || memchr::memchr_iter(b'\\', b).any(|i| {
            b.get(i + 1).is_some_and(|c| {
                c.is_ascii_hexdigit()
                    || matches!(
                        c,
                        b't' | b'c' | b'f' | b's' | b'(' | b'n' | b'S' | b'm' | b'u' | b'o' | b'k'
                    )
            })
        })
        || literal_trigger(b)
        || pairs_between_values(b, b"**")
        || pairs_between_values(b, b"||")
}

/// `op` (`**`, `||`) with a value beside it: a digit, a bracket or a quote as the nearest
/// byte other than a space on either side (`10 ** 2`, `'51' || '00'`). Markdown bold and a
/// shell's `a || b` do not open the view.
fn pairs_between_values(b: &[u8], op: &[u8]) -> bool {
    let value = |c: Option<&u8>| {
        c.is_some_and(|c| c.is_ascii_digit() || matches!(c, b'(' | b')' | b'\'' | b'"' | b'-'))
    };
    memchr::memmem::find_iter(b, op).any(|i| {
        let before = b.get(..i).unwrap_or(&[]).iter().rev().find(|c| **c != b' ');
        let after = b
            .get(i + op.len()..)
            .unwrap_or(&[])
            .iter()
            .find(|c| **c != b' ');
        value(before) || value(after)
    })
}

/// Does `b` hold one of the literal triggers, in any ASCII case: `{,}`, `<<`, `>>`, ` shl`,
/// ` shr`, a quote before `*` (`"*`, `'*`, `" *`, `' *`), ` 10^`, `%u`, `digit ` or `digit-`?
/// (`.join(` and `.repeat(` are triggers too, but [`triggered`] has read them already: the
/// `(` after `join` or `repeat` is a known call.)
///
/// # Cost
///
/// One memchr search per rare byte of a trigger (`{`, `<`/`>`, `*`, `^`, `%`, `g`, `h`)
/// instead of one automaton over every byte; each trigger holds its byte, so a text without
/// the byte holds none of its triggers, and each hit is checked against the trigger's
/// neighbouring bytes exactly (the same answer the automaton gave).
fn literal_trigger(b: &[u8]) -> bool {
    let at = |i: usize| b.get(i).copied();
    let back = |i: usize, k: usize| i.checked_sub(k).and_then(|p| b.get(p)).copied();
    memchr::memchr_iter(b'{', b).any(|i| at(i + 1) == Some(b',') && at(i + 2) == Some(b'}'))
        || memchr::memchr2_iter(b'<', b'>', b).any(|i| at(i + 1) == Some(b[i]))
        || memchr::memchr_iter(b'*', b).any(|i| match back(i, 1) {
            Some(b'"' | b'\'') => true,
            Some(b' ') => matches!(back(i, 2), Some(b'"' | b'\'')),
            _ => false,
        })
        || memchr::memchr_iter(b'^', b).any(|i| {
            back(i, 3) == Some(b' ') && back(i, 2) == Some(b'1') && back(i, 1) == Some(b'0')
        })
        || memchr::memchr_iter(b'%', b).any(|i| matches!(at(i + 1), Some(b'u' | b'U')))
        // `digit ` / `digit-`: at the `g`.
        || memchr::memchr2_iter(b'g', b'G', b).any(|i| {
            i >= 2
                && b.get(i - 2..i + 3)
                    .is_some_and(|w| w.eq_ignore_ascii_case(b"digit"))
                && matches!(at(i + 3), Some(b' ' | b'-'))
        })
        // ` shl` / ` shr`: at the `h`.
        || memchr::memchr2_iter(b'h', b'H', b).any(|i| {
            back(i, 2) == Some(b' ')
                && matches!(back(i, 1), Some(b's' | b'S'))
                && matches!(at(i + 1), Some(b'l' | b'L' | b'r' | b'R'))
        })
}

/// Function names [`call`] evaluates (lowercase, the last part of a dotted name).
const CALLS: [&str; 43] = [
    "sum",
    // Spreadsheets' `TEXTJOIN(sep, ignore_empty, …)`; CSS `calc(…)` (read by [`evaluate`]).
    "textjoin",
    "calc",
    "mean",
    "average",
    "avg",
    "pow",
    "product",
    "concat",
    "concatenate",
    "chr",
    // SQL and spreadsheet `CHAR(53)`, VB `ChrW(53)`, SQL Server `NCHAR`, Python 2 `unichr`.
    "char",
    "chrw",
    "nchar",
    "unichr",
    "fromcharcode",
    "int",
    "parseint",
    "number",
    "long",
    "str",
    "string",
    "float",
    "parsefloat",
    // Base conversions whose digits carry no prefix: spreadsheets' `HEX2DEC("13EC")`,
    // `BIN2DEC`, `OCT2DEC`, `DECIMAL("13EC", 16)`, SQL `conv('13EC', 16, 10)`, C `strtol`.
    "hex2dec",
    "bin2dec",
    "oct2dec",
    "decimal",
    "conv",
    "strtol",
    "strtoul",
    "strtoll",
    "strtoull",
    "round",
    "floor",
    "ceil",
    "trunc",
    "abs",
    "sqrt",
    "isqrt",
    "rept",
    "repeat",
    "join",
];

/// Is the `(` at `open` right after the name of a function this module evaluates?
fn known_call_before(s: &str, open: usize) -> bool {
    let b = s.as_bytes();
    let mut start = open;
    while start > 0 && open - start < 16 && b.get(start - 1).is_some_and(u8::is_ascii_alphabetic) {
        start -= 1;
    }
    let name = s.get(start..open).unwrap_or("");
    let known = |name: &str| !name.is_empty() && CALLS.iter().any(|c| c.eq_ignore_ascii_case(name));
    // A name with a digit in it (`HEX2DEC`): letters and digits back to a letter.
    let mut wide = open;
    while wide > 0 && open - wide < 16 && b.get(wide - 1).is_some_and(u8::is_ascii_alphanumeric) {
        wide -= 1;
    }
    known(name) || (wide < start && known(s.get(wide..open).unwrap_or("")))
}

/// The text with each literal expression this module reads replaced by its value; `None`
/// when nothing changed.
pub(crate) fn view(s: &str) -> Option<String> {
    if !triggered(s) {
        return None;
    }
    let t = latex(s);
    let t = t.as_deref().unwrap_or(s);
    let out = evaluate(t);
    let out = operators(&out);
    (out != s).then_some(out)
}

/// A spreadsheet formula over cells whose values the text gives (`=A1*B1 with A1=51 and
/// B1=100`, `=SUM(A1:A11) where every cell is 250`): each formula line with its cells
/// replaced by their values (a range by its cells' common value, once per cell), for the
/// arithmetic rule and [`view`]. `None` without a formula line (a line opening with `=` and
/// a capital) or without a value for every cell it names.
pub(crate) fn cells_view(s: &str) -> Option<String> {
    let formula_line = |l: &str| {
        let t = l.trim_start();
        t.strip_prefix('=')
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_uppercase()))
    };
    // `=` then a capital, at a line's start after spaces (memchr: prose pays one pass).
    let b = s.as_bytes();
    let opens = memchr::memchr_iter(b'=', b).any(|i| {
        b.get(i + 1).is_some_and(u8::is_ascii_uppercase)
            && b.get(..i)
                .unwrap_or(&[])
                .iter()
                .rev()
                .find(|c| !matches!(c, b' ' | b'\t'))
                .is_none_or(|c| *c == b'\n')
    });
    if !opens {
        return None;
    }
    // `A1=51`, `A1 = 51`, `A1 is 51`; `every cell is 250`.
    let mut defs: Vec<(String, String)> = Vec::new();
    let mut i = 0;
    while i < b.len() && defs.len() < 64 {
        if let Some((name, end)) = cell_ref(s, i) {
            let rest = s.get(end..).unwrap_or("");
            let t = rest.trim_start();
            let t = t
                .strip_prefix('=')
                .or_else(|| t.strip_prefix("is "))
                .map(str::trim_start);
            if let Some(t) = t {
                let n = t
                    .bytes()
                    .take_while(|c| c.is_ascii_digit() || *c == b'.')
                    .count();
                if n > 0 && !t.starts_with('.') {
                    defs.push((name, t.get(..n).unwrap_or("").to_string()));
                }
            }
            i = end;
        } else {
            i += 1;
        }
    }
    let lower = s.to_ascii_lowercase();
    let every = [
        "every cell is ",
        "each cell is ",
        "all cells are ",
        "every cell holds ",
    ]
    .iter()
    .find_map(|cue| lower.find(cue).map(|k| k + cue.len()))
    .and_then(|k| {
        let t = lower.get(k..)?;
        let n = t.bytes().take_while(u8::is_ascii_digit).count();
        (n > 0).then(|| t.get(..n).unwrap_or("").to_string())
    });
    let mut out = String::new();
    for line in s.lines().filter(|l| formula_line(l)) {
        let mut t = String::new();
        let mut i = 0;
        let lb = line.as_bytes();
        let mut complete = true;
        while i < lb.len() {
            if let Some((name, end)) = cell_ref(line, i) {
                // A range `A1:A11` in one column or one row.
                if lb.get(end) == Some(&b':') {
                    if let Some((name2, end2)) = cell_ref(line, end + 1) {
                        let count = range_cells(&name, &name2);
                        match (count, &every) {
                            (Some(c), Some(v)) if c <= 1000 => {
                                t.push_str(&vec![v.as_str(); c].join(","));
                            }
                            _ => complete = false,
                        }
                        i = end2;
                        continue;
                    }
                }
                match defs.iter().find(|(n, _)| *n == name) {
                    Some((_, v)) => t.push_str(v),
                    None => complete = false,
                }
                i = end;
                continue;
            }
            let ch = line.get(i..).and_then(|r| r.chars().next()).unwrap_or(' ');
            t.push(ch);
            i += ch.len_utf8().max(1);
        }
        if complete {
            out.push_str(&t);
            out.push('\n');
        }
    }
    (!out.is_empty()).then_some(out)
}

/// A cell reference at `i` (`A1`, `AB12`: one or two capitals, one to four digits, on word
/// boundaries): its name and end.
fn cell_ref(s: &str, i: usize) -> Option<(String, usize)> {
    let b = s.as_bytes();
    if i > 0
        && b.get(i - 1)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
    {
        return None;
    }
    let l = b
        .get(i..)?
        .iter()
        .take_while(|c| c.is_ascii_uppercase())
        .count();
    let d = b
        .get(i + l..)?
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if !(1..=2).contains(&l) || !(1..=4).contains(&d) {
        return None;
    }
    let end = i + l + d;
    if b.get(end)
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
    {
        return None;
    }
    Some((s.get(i..end)?.to_string(), end))
}

/// Cells in `A1:A11` (one column) or `A1:K1` (one row).
fn range_cells(a: &str, b: &str) -> Option<usize> {
    let split = |r: &str| {
        let k = r.find(|c: char| c.is_ascii_digit())?;
        Some((r.get(..k)?.to_string(), r.get(k..)?.parse::<usize>().ok()?))
    };
    let (ca, ra) = split(a)?;
    let (cb, rb) = split(b)?;
    if ca == cb {
        return rb.checked_sub(ra).map(|n| n + 1);
    }
    if ra == rb && ca.len() == 1 && cb.len() == 1 {
        let (x, y) = (ca.bytes().next()?, cb.bytes().next()?);
        return y.checked_sub(x).map(|n| usize::from(n) + 1);
    }
    None
}

/// LaTeX maths written plainly: `\times`/`\cdot` as `×`, `\frac{a}{b}` as `a / b`,
/// `\sqrt{n}` as `sqrt(n)`, other commands, braces and `$`, `\(`, `\)` dropped.
fn latex(s: &str) -> Option<String> {
    const MARKS: [&str; 20] = [
        "\\times",
        "\\cdot",
        "\\frac",
        "\\sqrt",
        "\\(",
        "\\[",
        "{,}",
        "^{",
        "\\num",
        "\\SI",
        "\\math",
        "\\text",
        "\\underbrace",
        "\\overbrace",
        "\\color",
        "\\sum",
        "\\kilo",
        "\\mega",
        "\\dfrac",
        "\\tfrac",
    ];
    if !MARKS.iter().any(|m| s.contains(m)) {
        return None;
    }
    let mut t = s
        .replace("\\times", " × ")
        .replace("\\cdot", " × ")
        .replace("{,}", ",")
        .replace("\\dfrac{", "\\frac{")
        .replace("\\tfrac{", "\\frac{")
        // siunitx prefixes as the abbreviations the number rules read (`\SI{2.75}{\kilo}`).
        .replace("\\kilo", "k")
        .replace("\\mega", "M");
    t = latex_structures(&t);
    // `\frac{a}{b}` → `a / b` (one level, literal arguments).
    while let Some(i) = t.find("\\frac{") {
        let rest = t.get(i + 6..).unwrap_or("");
        let Some(a_end) = rest.find('}') else { break };
        let a = rest.get(..a_end).unwrap_or("").to_string();
        let after = rest.get(a_end + 1..).unwrap_or("");
        let Some(b_body) = after.strip_prefix('{') else {
            break;
        };
        let Some(b_end) = b_body.find('}') else { break };
        let b = b_body.get(..b_end).unwrap_or("").to_string();
        let tail = b_body.get(b_end + 1..).unwrap_or("").to_string();
        let head = t.get(..i).unwrap_or("").to_string();
        t = format!("{head}{a} / {b}{tail}");
    }
    let t = t.replace("\\sqrt{", "sqrt(");
    let mut out = String::with_capacity(t.len());
    let mut chars = t.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                // Drop a command name (`\mathbf`, `\num`, `\SI`) or `\(`, `\)`, `\[`, `\]`.
                if chars
                    .peek()
                    .is_some_and(|n| matches!(n, '(' | ')' | '[' | ']'))
                {
                    chars.next();
                    out.push(' ');
                } else if chars.peek().is_some_and(char::is_ascii_alphabetic) {
                    while chars.peek().is_some_and(char::is_ascii_alphabetic) {
                        chars.next();
                    }
                } else {
                    out.push(c);
                }
            }
            '{' | '}' | '$' => {}
            _ => out.push(c),
        }
    }
    // `sqrt(` came from `\sqrt{`: its closing brace was dropped; close it after the digits.
    Some(close_sqrt(&out))
}

/// The end of the balanced `{…}` group opening at `open` (the byte after its `}`).
fn group_end(s: &str, open: usize) -> Option<usize> {
    if s.as_bytes().get(open) != Some(&b'{') {
        return None;
    }
    let mut depth = 0usize;
    for (k, c) in s.get(open..)?.bytes().enumerate().take(400) {
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(open + k + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// LaTeX structures that label or colour a value's pieces, or sum a constant: the labels of
/// `\underbrace{27}_{a}` and `\overbrace{27}^{x}` and the colour of `\color{red}{27}` dropped
/// (the pieces stay, and join as the reader sees them), `\sum_{i=1}^{11} 250` as its value.
fn latex_structures(s: &str) -> String {
    let mut t = s.to_string();
    for cmd in ["\\underbrace", "\\overbrace"] {
        let mut from = 0;
        while let Some(k) = t.get(from..).and_then(|r| r.find(cmd)).map(|k| k + from) {
            let Some(arg_end) = group_end(&t, k + cmd.len()) else {
                break;
            };
            from = arg_end;
            let mark = t.as_bytes().get(arg_end).copied();
            if matches!(mark, Some(b'_' | b'^')) {
                if let Some(label_end) = group_end(&t, arg_end + 1) {
                    t.replace_range(arg_end..label_end, "");
                }
            }
        }
    }
    // `\color{red}{27}` / `\color{red}27`: the colour name is no piece of the value.
    let mut from = 0;
    while let Some(k) = t
        .get(from..)
        .and_then(|r| r.find("\\color"))
        .map(|k| k + from)
    {
        match group_end(&t, k + 6) {
            Some(end) => t.replace_range(k..end, ""),
            None => break,
        }
        from = k;
    }
    // `\sum_{i=1}^{11} 250`: a constant summed over a counted index.
    let mut from = 0;
    while let Some(k) = t
        .get(from..)
        .and_then(|r| r.find("\\sum_{"))
        .map(|k| k + from)
    {
        from = k + 5;
        let Some(sub_end) = group_end(&t, k + 5) else {
            break;
        };
        let lo = t
            .get(k + 6..sub_end - 1)
            .and_then(|g| g.split_once('='))
            .and_then(|(_, a)| a.trim().parse::<f64>().ok());
        let rest = t.get(sub_end..).unwrap_or("");
        let Some(r) = rest.strip_prefix('^') else {
            continue;
        };
        let (hi, used) = if r.starts_with('{') {
            let Some(e) = group_end(r, 0) else { continue };
            (
                r.get(1..e - 1).and_then(|g| g.trim().parse::<f64>().ok()),
                e,
            )
        } else {
            let d = r.bytes().take_while(u8::is_ascii_digit).count();
            (r.get(..d).and_then(|g| g.parse::<f64>().ok()), d)
        };
        let body = r.get(used..).unwrap_or("");
        let body_t = body.trim_start().trim_start_matches('{');
        let d = body_t
            .bytes()
            .take_while(|c| c.is_ascii_digit() || *c == b'.')
            .count();
        let v = body_t.get(..d).and_then(|g| g.parse::<f64>().ok());
        // Only a constant body: a term that names the index (`250i`, `i^2`) is no constant.
        let after = body_t.get(d..).unwrap_or("");
        let constant = !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '^');
        if let (Some(lo), Some(hi), Some(v), true) = (lo, hi, v, constant) {
            let n = hi - lo + 1.0;
            if n >= 1.0 && n.fract() == 0.0 {
                let end = sub_end + 1 + used + (body.len() - body_t.len()) + d;
                let value = fmt_num(n * v);
                if let Some(range) = t.get(k..end).map(|_| k..end) {
                    t.replace_range(range, &value);
                    from = k + value.len();
                }
            }
        }
    }
    t
}

/// `sqrt(26010000` (closing brace dropped) → `sqrt(26010000)`.
fn close_sqrt(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    let mut rest = s;
    while let Some(i) = rest.find("sqrt(") {
        out.push_str(rest.get(..i + 5).unwrap_or(""));
        rest = rest.get(i + 5..).unwrap_or("");
        let n = rest
            .bytes()
            .take_while(|b| b.is_ascii_digit() || *b == b'.')
            .count();
        out.push_str(rest.get(..n).unwrap_or(""));
        rest = rest.get(n..).unwrap_or("");
        if !rest.starts_with(')') {
            out.push(')');
        }
    }
    out.push_str(rest);
    out
}

/// Calls on literal arguments (and `"sep".join(…)`, `[…].join(sep)`) replaced by their value.
fn evaluate(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    let b = s.as_bytes();
    while i < b.len() {
        // A quoted separator or a list literal before `.join(`.
        if matches!(b.get(i), Some(b'"' | b'\'' | b'[')) {
            if let Some((v, end)) = join_call(s, i) {
                push_val(&mut out, &v);
                i = end;
                continue;
            }
        }
        let word_start = b.get(i).is_some_and(u8::is_ascii_alphabetic)
            && (i == 0
                || !b
                    .get(i - 1)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_'));
        if word_start {
            let n = b
                .get(i..)
                .unwrap_or(&[])
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || **c == b'.' || **c == b'_')
                .count();
            let name = s.get(i..i + n).unwrap_or("");
            // CSS `calc(11 * 250px)`: the expression without its units, for the arithmetic
            // rule (`calc(100% - 20px)` is `(100 - 20)`, compared exactly like any other).
            if name.eq_ignore_ascii_case("calc") && b.get(i + n) == Some(&b'(') {
                let body = s.get(i + n + 1..).unwrap_or("");
                if let Some(close) = find_close(body, b')') {
                    out.push('(');
                    out.push_str(&without_units(body.get(..close).unwrap_or("")));
                    out.push(')');
                    i += n + 1 + close + 1;
                    continue;
                }
            }
            if b.get(i + n) == Some(&b'(') {
                if let Some((args, end)) = args_at(s, i + n) {
                    if let Some(v) = call(name, &args) {
                        push_val(&mut out, &v);
                        i = end;
                        continue;
                    }
                }
            }
            out.push_str(name);
            i += n.max(1);
            continue;
        }
        let ch = s.get(i..).and_then(|t| t.chars().next()).unwrap_or(' ');
        out.push(ch);
        i += ch.len_utf8().max(1);
    }
    out
}

/// `11 * 250px` → `11 * 250`: letters and `%` right after a digit dropped.
fn without_units(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut after_digit = false;
    for c in s.chars() {
        if after_digit && (c.is_ascii_alphabetic() || c == '%') {
            continue;
        }
        after_digit = c.is_ascii_digit();
        out.push(c);
    }
    out
}

fn push_val(out: &mut String, v: &Val) {
    match v {
        Val::Num(n) => {
            out.push(' ');
            out.push_str(&fmt_num(*n));
            out.push(' ');
        }
        Val::Str(t) => {
            out.push('"');
            out.push_str(t);
            out.push('"');
        }
        Val::List(_) => {}
    }
}

/// The literal arguments of a call whose `(` is at `open`, and the byte after its `)`.
fn args_at(s: &str, open: usize) -> Option<(Vec<Val>, usize)> {
    let rest = s.get(open + 1..)?;
    let close = find_close(rest, b')')?;
    if close > MAX_ARGS {
        return None;
    }
    let body = rest.get(..close)?;
    let args = literals(body)?;
    Some((args, open + 1 + close + 1))
}

/// The position of the closing `end` byte at depth zero (quotes and one level of `[]`).
fn find_close(s: &str, end: u8) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote: Option<u8> = None;
    for (i, c) in s.bytes().enumerate() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None => match c {
                b'"' | b'\'' => quote = Some(c),
                b'[' => depth += 1,
                b']' if depth > 0 => depth -= 1,
                _ if c == end && depth == 0 => return Some(i),
                b'(' | b')' | b'\n' => return None,
                _ => {}
            },
        }
    }
    None
}

/// Comma-separated literals: numbers, quoted strings, a list of those. `None` when any
/// argument is something else (a variable, an expression).
fn literals(body: &str) -> Option<Vec<Val>> {
    let mut out = Vec::new();
    let body = body.trim();
    if body.is_empty() {
        return Some(out);
    }
    let mut rest = body;
    loop {
        rest = rest.trim_start();
        let (v, after) = literal(rest)?;
        out.push(v);
        let after = after.trim_start();
        if after.is_empty() {
            return Some(out);
        }
        rest = after.strip_prefix(',')?;
    }
}

fn literal(s: &str) -> Option<(Val, &str)> {
    let first = *s.as_bytes().first()?;
    // A spreadsheet's empty argument (`TEXTJOIN("",,27,50)`) and its booleans.
    if first == b',' {
        return Some((Val::Str(String::new()), s));
    }
    for (word, v) in [("TRUE", 1.0), ("FALSE", 0.0)] {
        if let Some(rest) = s.strip_prefix(word) {
            return Some((Val::Num(v), rest));
        }
    }
    // C's null end pointer (`strtol("13ec", NULL, 16)`): a placeholder no call reads.
    for word in ["NULL", "nullptr"] {
        if let Some(rest) = s.strip_prefix(word) {
            return Some((Val::List(Vec::new()), rest));
        }
    }
    match first {
        b'"' | b'\'' => {
            let body = s.get(1..)?;
            let end = body.find(char::from(first))?;
            Some((Val::Str(body.get(..end)?.to_string()), body.get(end + 1..)?))
        }
        b'[' => {
            let body = s.get(1..)?;
            let end = find_close(body, b']')?;
            let items = literals(body.get(..end)?)?;
            Some((Val::List(items), body.get(end + 1..)?))
        }
        _ => {
            let n = s
                .bytes()
                .enumerate()
                .take_while(|(k, c)| c.is_ascii_digit() || *c == b'.' || (*k == 0 && *c == b'-'))
                .count();
            let v: f64 = s.get(..n)?.parse().ok()?;
            Some((Val::Num(v), s.get(n..)?))
        }
    }
}

/// Digits in `base` (2 to 36, a `0x`/`0b`/`0o` prefix allowed) as a number.
#[allow(clippy::cast_precision_loss)]
fn radix(digits: &str, base: u32) -> Option<Val> {
    if !(2..=36).contains(&base) {
        return None;
    }
    let d = digits.trim();
    let d = d
        .strip_prefix("0x")
        .or_else(|| d.strip_prefix("0b"))
        .or_else(|| d.strip_prefix("0o"))
        .unwrap_or(d);
    u64::from_str_radix(d, base)
        .ok()
        .map(|n| Val::Num(n as f64))
}

/// `"sep".join([…])` or `[…].join("sep")` at `i`: its value and the byte after it.
fn join_call(s: &str, i: usize) -> Option<(Val, usize)> {
    let (first, after) = literal(s.get(i..)?)?;
    let used = s.len() - i - after.len();
    if let Val::Str(unit) = &first {
        if let Some((n, len)) = repeat_count(after) {
            return Some((Val::Str(unit.repeat(n)), i + used + len));
        }
    }
    let rest = after.strip_prefix(".join(")?;
    let close = find_close(rest, b')')?;
    let args = literals(rest.get(..close)?)?;
    let end = i + used + 6 + close + 1;
    let (sep, items) = match (first, args.as_slice()) {
        (Val::Str(sep), [Val::List(items)]) => (sep, items.clone()),
        (Val::List(items), [Val::Str(sep)]) => (sep.clone(), items),
        (Val::List(items), []) => (",".to_string(), items),
        _ => return None,
    };
    let parts: Option<Vec<String>> = items.iter().map(Val::text).collect();
    Some((Val::Str(parts?.join(&sep)), end))
}

/// `*2`, ` * 3`, `.repeat(2)` after a quoted string: the count (at most 20) and the bytes
/// the repetition takes.
fn repeat_count(after: &str) -> Option<(usize, usize)> {
    let t = after.trim_start();
    let (body, close) = if let Some(r) = t.strip_prefix('*') {
        (r.trim_start(), false)
    } else if let Some(r) = t.strip_prefix(".repeat(") {
        (r, true)
    } else {
        return None;
    };
    let d = body.bytes().take_while(u8::is_ascii_digit).count();
    let n: usize = body.get(..d)?.parse().ok()?;
    if n == 0 || n > 20 {
        return None;
    }
    let mut used = after.len() - body.len() + d;
    if close {
        if !body.get(d..)?.starts_with(')') {
            return None;
        }
        used += 1;
    } else if body
        .as_bytes()
        .get(d)
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'.')
    {
        return None;
    }
    Some((n, used))
}

/// The value of a known function on literal arguments.
fn call(name: &str, args: &[Val]) -> Option<Val> {
    let short = name.rsplit('.').next().unwrap_or(name).to_ascii_lowercase();
    // A list argument spreads (`sum([5000, 100])`).
    let flat: Vec<Val> = match args {
        [Val::List(items)] => items.clone(),
        _ => args.to_vec(),
    };
    let nums = || flat.iter().map(Val::num).collect::<Option<Vec<f64>>>();
    let one = || match flat.as_slice() {
        [v] => v.num(),
        _ => None,
    };
    match short.as_str() {
        "textjoin" => match args {
            [Val::Str(sep), _, rest @ ..] if !rest.is_empty() => {
                let parts: Option<Vec<String>> = rest.iter().map(Val::text).collect();
                Some(Val::Str(parts?.join(sep)))
            }
            _ => None,
        },
        "rept" | "repeat" => match args {
            [v, Val::Num(n)] if *n >= 1.0 && *n <= 20.0 => {
                Some(Val::Str(v.text()?.repeat(*n as usize)))
            }
            _ => None,
        },
        "sum" if flat.len() >= 2 => Some(Val::Num(nums()?.iter().sum())),
        "product" if flat.len() >= 2 => Some(Val::Num(nums()?.iter().product())),
        "mean" | "average" | "avg" if flat.len() >= 2 => {
            let ns = nums()?;
            Some(Val::Num(ns.iter().sum::<f64>() / ns.len() as f64))
        }
        "pow" => match nums()?.as_slice() {
            [a, b] if (0.0..=64.0).contains(b) => Some(Val::Num(a.powf(*b))),
            _ => None,
        },
        "concat" | "concatenate" if flat.len() >= 2 => {
            let parts: Option<Vec<String>> = flat.iter().map(Val::text).collect();
            Some(Val::Str(parts?.concat()))
        }
        "chr" | "char" | "chrw" | "nchar" | "unichr" => {
            char_of(one()?).map(|c| Val::Str(c.to_string()))
        }
        "fromcharcode" => {
            let cs: Option<String> = nums()?.into_iter().map(char_of).collect();
            Some(Val::Str(cs?))
        }
        "int" | "parseint" | "number" | "long" | "str" | "string" | "float" | "parsefloat" => {
            let (digits, base) = match args {
                [v] => (v.text()?, 10),
                [v, Val::Num(b)] => (v.text()?, *b as u32),
                _ => return None,
            };
            if base == 10 {
                let n: f64 = digits.trim().parse().ok()?;
                return Some(Val::Num(if short == "int" { n.trunc() } else { n }));
            }
            radix(&digits, base)
        }
        "hex2dec" | "bin2dec" | "oct2dec" => {
            let base = match short.as_bytes().first() {
                Some(b'h') => 16,
                Some(b'b') => 2,
                _ => 8,
            };
            match args {
                [v] => radix(&v.text()?, base),
                _ => None,
            }
        }
        // `DECIMAL(text, base)`, `strtol(text, end, base)`, `conv(text, from, 10)`.
        "decimal" => match args {
            [v, Val::Num(b)] => radix(&v.text()?, *b as u32),
            _ => None,
        },
        "strtol" | "strtoul" | "strtoll" | "strtoull" => match args {
            [v, _, Val::Num(b)] => radix(&v.text()?, *b as u32),
            _ => None,
        },
        "conv" => match args {
            [v, Val::Num(b), Val::Num(to)] if *to == 10.0 => radix(&v.text()?, *b as u32),
            _ => None,
        },
        "round" => Some(Val::Num(one()?.round())),
        "floor" => Some(Val::Num(one()?.floor())),
        "ceil" => Some(Val::Num(one()?.ceil())),
        "trunc" => Some(Val::Num(one()?.trunc())),
        "abs" => Some(Val::Num(one()?.abs())),
        "sqrt" | "isqrt" => {
            let n = one()?;
            let r = n.sqrt().round();
            (r * r == n).then_some(Val::Num(r))
        }
        _ => None,
    }
}

fn char_of(n: f64) -> Option<char> {
    if n.fract() != 0.0 || !(0.0..=1_114_111.0).contains(&n) {
        return None;
    }
    char::from_u32(n as u32)
}

/// Shifts of integer literals (`1275 << 2`, `20400 >> 2`, `1275 shl 2`) as their value; SQL
/// `||` between quoted strings as `+`; `**` as `^`; a regex `[d]` or `d{n}` inside a digit run.
fn operators(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b.get(i).copied().unwrap_or(b' ');
        let starts_num = c.is_ascii_digit()
            && (i == 0
                || !b
                    .get(i - 1)
                    .is_some_and(|p| p.is_ascii_alphanumeric() || *p == b'.'));
        if starts_num {
            if let Some((v, end)) = shift_at(s, i) {
                out.push_str(&v.to_string());
                i = end;
                continue;
            }
        }
        if c.is_ascii_digit() {
            // `5[1]00` → `5100`; `510{2}` → `5100`.
            if b.get(i + 1) == Some(&b'{') && b.get(i + 3) == Some(&b'}') {
                if let Some(n) = b.get(i + 2).filter(|d| d.is_ascii_digit()) {
                    for _ in 0..(n - b'0') {
                        out.push(char::from(c));
                    }
                    i += 4;
                    continue;
                }
            }
            if b.get(i + 1) == Some(&b'[')
                && b.get(i + 3) == Some(&b']')
                && b.get(i + 2).is_some_and(u8::is_ascii_digit)
                && b.get(i + 4).is_some_and(u8::is_ascii_digit)
            {
                out.push(char::from(c));
                if let Some(d) = b.get(i + 2) {
                    out.push(char::from(*d));
                }
                i += 4;
                continue;
            }
        }
        // `5.1 10^3`: a mantissa and a power of ten with only a space between.
        if c == b' '
            && out.ends_with(|p: char| p.is_ascii_digit())
            && s.get(i + 1..).is_some_and(|t| t.starts_with("10^"))
        {
            out.push_str(" × ");
            i += 1;
            continue;
        }
        // A CSS escape (`\35 `) or `%u0035`: the character it writes.
        if let Some((ch, len)) = escape_at(s, i) {
            out.push(ch);
            i += len;
            continue;
        }
        // A Unicode character name (`DIGIT FIVE`, `digit-one`): the digit.
        if matches!(c, b'd' | b'D')
            && (i == 0 || !b.get(i - 1).is_some_and(u8::is_ascii_alphabetic))
        {
            if let Some((d, len)) = digit_name(s, i) {
                out.push(d);
                i += len;
                continue;
            }
        }
        if c == b'|' && b.get(i + 1) == Some(&b'|') {
            out.push('+');
            i += 2;
            continue;
        }
        if c == b'*' && b.get(i + 1) == Some(&b'*') {
            while out.ends_with(' ') {
                out.pop();
            }
            out.push('^');
            i += 2;
            while b.get(i) == Some(&b' ') {
                i += 1;
            }
            continue;
        }
        let ch = s.get(i..).and_then(|t| t.chars().next()).unwrap_or(' ');
        out.push(ch);
        i += ch.len_utf8().max(1);
    }
    out
}

/// `\35 ` (CSS: one to six hex digits, one optional space) or `%u0035` at `i`: the
/// character and the bytes it takes. Only characters a value or name is written with (ASCII
/// letters, digits, `-`, `_`, `.`) are read.
fn escape_at(s: &str, i: usize) -> Option<(char, usize)> {
    let b = s.as_bytes();
    let (from, max) = match (b.get(i), b.get(i + 1)) {
        (Some(b'\\'), Some(c)) if c.is_ascii_hexdigit() => (i + 1, 6),
        (Some(b'%'), Some(b'u' | b'U')) => (i + 2, 4),
        _ => return None,
    };
    let n = b
        .get(from..)?
        .iter()
        .take(max)
        .take_while(|c| c.is_ascii_hexdigit())
        .count();
    if n < 2 {
        return None;
    }
    let code = u32::from_str_radix(s.get(from..from + n)?, 16).ok()?;
    let ch = char::from_u32(code)
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))?;
    let mut len = from + n - i;
    if b.get(i) == Some(&b'\\') && b.get(from + n) == Some(&b' ') {
        len += 1;
    }
    Some((ch, len))
}

/// `DIGIT FIVE`, `digit-one` at `i`: the digit and the bytes the name takes.
fn digit_name(s: &str, i: usize) -> Option<(char, usize)> {
    const NAMES: [&str; 10] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    let head = s.get(i..i + 6)?;
    if !head.get(..5)?.eq_ignore_ascii_case("digit")
        || !matches!(head.as_bytes().get(5), Some(b' ' | b'-'))
    {
        return None;
    }
    let rest = s.get(i + 6..)?;
    let n = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
    let word = rest.get(..n)?;
    let d = NAMES.iter().position(|w| w.eq_ignore_ascii_case(word))?;
    Some((char::from(b'0' + d as u8), 6 + n))
}

/// `a << k`, `a >> k`, `a shl k`, `a shr k` at `i`: the value and the byte after `k`.
fn shift_at(s: &str, i: usize) -> Option<(u64, usize)> {
    let b = s.as_bytes();
    let digits = |from: usize| {
        b.get(from..)
            .unwrap_or(&[])
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count()
    };
    let n = digits(i);
    let a: u64 = s.get(i..i + n)?.parse().ok()?;
    let mut j = i + n;
    while b.get(j) == Some(&b' ') {
        j += 1;
    }
    let op = s.get(j..j + 3).unwrap_or("");
    let (left, len) = if op.starts_with("<<") {
        (true, 2)
    } else if op.starts_with(">>") {
        (false, 2)
    } else if op.eq_ignore_ascii_case("shl") {
        (true, 3)
    } else if op.eq_ignore_ascii_case("shr") {
        (false, 3)
    } else {
        return None;
    };
    j += len;
    while b.get(j) == Some(&b' ') {
        j += 1;
    }
    let m = digits(j);
    if m == 0 || m > 2 {
        return None;
    }
    let k: u32 = s.get(j..j + m)?.parse().ok()?;
    let end = j + m;
    if b.get(end)
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'.')
    {
        return None;
    }
    let v = if left {
        a.checked_shl(k).filter(|v| v >> k == a)?
    } else {
        a.checked_shr(k)?
    };
    Some((v, end))
}

#[cfg(test)]
mod tests {
    use super::view;

    fn v(s: &str) -> String {
        view(s).unwrap_or_default()
    }

    #[test]
    fn calls_evaluated() {
        assert!(v("=SUM(5000,100)").contains(" 5100 "));
        assert_eq!(
            v("CHAR(53)&CHAR(49)&ChrW(48)&NCHAR(48)"),
            "\"5\"&\"1\"&\"0\"&\"0\""
        );
        assert!(v("lag = mean(5000, 5200)").contains(" 5100 "));
        assert!(v("=AVERAGE(5000,5200)").contains(" 5100 "));
        assert!(v("pow(2, 12) + 1004").contains("4096"));
        assert!(v("=PRODUCT(51,100)").contains(" 5100 "));
        assert_eq!(v("=CONCAT(\"51\",\"00\")"), "=\"5100\"");
        assert!(v("int('11754', 8)").contains(" 5100 "));
        assert!(v("parseInt(\"13ec\", 16)").contains(" 5100 "));
        assert!(v("=HEX2DEC(\"13EC\")").contains(" 5100 "));
        assert!(v("=DECIMAL(\"13EC\",16)").contains(" 5100 "));
        assert!(v("SELECT conv('13EC',16,10);").contains(" 5100 "));
        assert!(v("strtol(\"13ec\", NULL, 16)").contains(" 5100 "));
        assert!(v("Number.parseInt('13ec',16)").contains(" 5100 "));
        assert!(v("=BIN2DEC(\"1010\")").contains(" 10 "));
        assert!(v("=OCT2DEC(\"11754\")").contains(" 5100 "));
        assert!(!v("SELECT conv('13EC',16,2);").contains(" 5100 "));
        assert!(v("Math.round(5100.4)").contains(" 5100 "));
        assert_eq!(
            v("chr(53)+chr(49)+chr(48)+chr(48)"),
            "\"5\"+\"1\"+\"0\"+\"0\""
        );
        assert_eq!(v("\"\".join(['5', '1', '0', '0'])"), "\"5100\"");
        assert_eq!(v("['a', 'b'].join('-')"), "\"a-b\"");
        assert_eq!(v("String.fromCharCode(107,101)"), "\"ke\"");
        assert!(v("sqrt(26010000)").contains(" 5100 "));
    }

    #[test]
    fn operators_and_markup() {
        assert_eq!(v("1275 << 2"), "5100");
        assert_eq!(v("20400 >> 2"), "5100");
        assert_eq!(v("1275 shl 2"), "5100");
        assert_eq!(v("SELECT '51' || '00';"), "SELECT '51' + '00';");
        assert_eq!(v("5.1 * 10 ** 3"), "5.1 * 10^3");
        assert_eq!(v("5[1]00"), "5100");
        assert_eq!(v("\"51\" + \"0\"*2"), "\"51\" + \"00\"");
        assert_eq!(v("'51' + '0'.repeat(2)"), "'51' + \"00\"");
        assert_eq!(v("=REPT(\"0\",2)"), "=\"00\"");
        assert_eq!(v("5.1 10^3 [x]"), "5.1 × 10^3 [x]");
        assert_eq!(v("5.1 10^3"), "5.1 × 10^3");
        assert_eq!(v("\\35 \\31 \\30 \\30 "), "5100");
        assert_eq!(v("%u0035%u0031%u0030%u0030"), "5100");
        assert_eq!(v("\\6b \\65 \\73"), "kes");
        assert_eq!(v("DIGIT FIVE, DIGIT ONE, digit-zero"), "5, 1, 0");
        assert_eq!(v("510{2}"), "5100");
        assert!(v("$\\frac{10200}{2}$").contains("10200 / 2"));
        let c = |s: &str| super::cells_view(s).unwrap_or_default();
        assert!(c("=A1*B1 with A1=51 and B1=100").contains("=51*100"));
        assert!(c("=SUM(A1:A11) where every cell is 250").contains("SUM(250,250,"));
        assert!(super::cells_view("=SUM(A1:A10)").is_none());
        assert!(super::cells_view("=A1*B1").is_none());
        assert!(v("$\\sqrt{26010000}$").contains("5100"));
        assert!(v("5.1 \\times 10^{3}").contains("5.1  ×  10^3"));
    }

    #[test]
    fn near_misses_left_alone() {
        assert_eq!(view("sum(lags) over 5m"), None);
        assert_eq!(view("round(x, 2)"), None);
        assert_eq!(view("no code here"), None);
        assert_eq!(view("1 << 20 bytes"), Some("1048576 bytes".into()));
        assert_eq!(view("a5[1]00"), Some("a5100".into()));
        assert_eq!(view("sqrt(2) scale"), None);
        assert_eq!(view("[0-9]{4}"), None);
        assert_eq!(view("x5100 << 1"), None);
        assert_eq!(view("\"ab\" * x"), None);
        assert_eq!(view("the digit sum is 12"), None);
        assert_eq!(view("C:\\Users\\x"), None);
        assert_eq!(view("[see 3 10^6]"), Some("[see 3 × 10^6]".into()));
    }
}
