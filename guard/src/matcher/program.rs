//! Values a small program builds over several statements: a learner who asks for the lag "as
//! a script" gets `lag = 5000` then `lag += 100`, `a = 51` then `b = a * 100`, `x=51; echo
//! "${x}00"`, `printf '%d%02d' 51 0`, `f'{51}{0:02d}'`, `'51'.ljust(4, '0')` or `ord('Ꮼ')`:
//! no single line holds the target, nor a literal call `code.rs` evaluates, yet anyone who
//! reads the code knows what it prints. This module owns a tiny straight-line interpreter over
//! one text: statements split at line ends, `;`, comment markers and inline-code backticks;
//! assignments (`name = expr`, declarations `let`/`var`/`const`/`int`/`my`/`local`/`export`
//! …, `$name`, `@name`, `:=`, `<-`, compound `+= -= *= /= //= %= **= <<= >>= .=`, tuples
//! `hi, lo = 51, 0`); names assigned earlier; numeric literals with `_` separators, exponents
//! and base prefixes; strings with escapes and interpolation (`${x}`, `$x`, `$((…))`, `#{x}`,
//! f-strings, JS templates); `%`/printf and `{}`/`.format`/`format!` formats with fill, width,
//! zero-padding, sign and grouping; `ljust`/`rjust`/`center`/`zfill`/`padStart`/`padEnd`/
//! `repeat`/`replace`/slices; `ord`/`chr`/`codePointAt`/`charCodeAt`/`str`/`int` and
//! `the code point of 'Ꮼ'`; `x++`; `| & << >>` on integers; Lua's `..` and PHP's ` . `;
//! `print`/`echo`/`printf`/`console.log`/`puts`/`cout <<` (and `print(…, sep='')`); a program
//! quoted after `-c`/`-e` (`python3 -c "x=51; print(x*100)"`); REPL prompts (`>>>`, `$`,
//! `In [1]:`); prose after an assignment that uses its names (`Let a = 51. The lag is a*100`).
//!
//! Each value a statement computes ([`Readings`]) is a reading the matcher checks: numbers
//! equal up to float error, strings by every rule. False-positive controls: only a value a
//! statement *computes* is reported (an operator, a call, a format, an interpolation or a name
//! read): a config block of `key = value` lines reports nothing, and two values are only
//! combined when a statement combines them. Straight-line only: a loop, branch or function
//! header drops every name assigned in its line and in the block under it (indented or in
//! braces), so `for i in range(100): total += 51` reads nothing. An unknown name fails the
//! statement, and a failed statement forgets the name it assigns. A right-hand side must end
//! at a clean boundary (`backoff=800ms` is no assignment of 800).
//!
//! Cost: nothing unless the text holds a trigger ([`triggered`]: a compound assignment, a
//! spaced or line-leading `=` whose right side is not a lone literal, a spaced literal
//! assignment with an operator between two values elsewhere, a printf or format field, an
//! interpolation, a known call before `(`, `++`, `<<`, `<-`, `code point`), found by three
//! memchr passes over rare bytes and one search for `point`: +0.3 % of a read of the 64 KB
//! benchmark reply (`examples/v8_reads.rs`), which holds no trigger. Then one pass over the
//! lines, bounded: at most [`MAX_STATEMENTS`] statements, [`MAX_VARS`] names, [`MAX_STR`]
//! bytes per string, [`MAX_DEPTH`] nested expressions, [`MAX_OPERANDS`] operands per text.

use super::computed::{fmt_num, Val};

/// Statements interpreted per text; the rest is not read.
const MAX_STATEMENTS: usize = 256;
/// Names remembered; a new name beyond this is not stored (its later uses fail).
const MAX_VARS: usize = 64;
/// Longest string value built (a padding or repetition beyond it fails).
const MAX_STR: usize = 512;
/// Nesting of expressions followed (parentheses, calls, interpolations).
const MAX_DEPTH: u32 = 24;
/// Longest segment read as a statement (bytes).
const MAX_SEGMENT: usize = 600;
/// Operands read per text, over every statement and every attempt in prose.
const MAX_OPERANDS: usize = 20_000;
/// Most digits of precision a format field may ask for.
const MAX_PREC: usize = 32;

/// What a program computes: numbers, and the strings it builds or prints (one a line).
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Readings {
    pub numbers: Vec<f64>,
    pub text: String,
}

/// A plain decimal (`5100`, `-51.5`, `05100`): digits, one optional sign and point.
fn parse_decimal(s: &str) -> Option<f64> {
    let body = s.strip_prefix(['-', '+']).unwrap_or(s);
    if body.is_empty() || !body.bytes().all(|c| c.is_ascii_digit() || c == b'.') {
        return None;
    }
    s.parse().ok()
}

/// Does the text hold anything this module reads? Three memchr passes over the rare bytes
/// (`=`, `(`, `%`; `{`, `$`; `<`, `+`) and one search for `point`, each hit checked against its
/// neighbours.
pub(crate) fn triggered(s: &str) -> bool {
    let b = s.as_bytes();
    // A spaced assignment of a literal (`lag = 5000`): a trigger together with an operator
    // between two values elsewhere (`lag + 100` on a REPL line).
    let mut literal_head = false;
    for i in memchr::memchr3_iter(b'=', b'(', b'%', b) {
        let hit = match b.get(i) {
            Some(b'=') => match assignment_trigger(b, i) {
                Assign::Combines => true,
                Assign::Literal => {
                    literal_head = true;
                    false
                }
                Assign::No => false,
            },
            Some(b'(') => known_call_before(b, i),
            // Not after a digit: `73% of` is a percentage.
            _ => {
                !(i > 0 && b.get(i - 1).is_some_and(u8::is_ascii_digit))
                    && printf_spec(b, i + 1).is_some()
            }
        };
        if hit {
            return true;
        }
    }
    if memchr::memchr2_iter(b'{', b'$', b).any(|i| brace_trigger(b, i)) {
        return true;
    }
    let mut operator = false;
    for i in memchr::memchr3_iter(b'<', b'+', b'*', b) {
        match b.get(i) {
            // `x <- 5000` (R): an arrow with a name before it and a space after; `cout <<`.
            Some(b'<') => {
                if b.get(i + 1) == Some(&b'<')
                    || (b.get(i + 1) == Some(&b'-')
                        && b.get(i + 2) == Some(&b' ')
                        && i >= 2
                        && b.get(i - 1) == Some(&b' ')
                        && b.get(i - 2).is_some_and(|c| is_ident(*c)))
                {
                    return true;
                }
            }
            // `x++`, `++x`.
            Some(b'+') if b.get(i + 1) == Some(&b'+') => return true,
            _ => operator = operator || between_values(b, i),
        }
    }
    if operator && literal_head {
        return true;
    }
    // A literal assignment and a coefficient glued to a short name (`Let x = 51.` then
    // `100x`): a digit before a one- or two-letter word, the name read only if assigned.
    if literal_head && coefficient_shape(b) {
        return true;
    }
    // Adjacent quoted literals (`"27" "50"`, `"27""50"`), prints that leave the line open
    // (`echo -n`, a shell `printf`), PHP, Ruby's `.to_s` and a program quoted after `-e`.
    let adjacent = memchr::memchr2_iter(b'"', b'\'', b).any(|i| {
        i > 0
            && b.get(i - 1).is_some_and(u8::is_ascii_alphanumeric)
            && b.get(i + 1..)
                .unwrap_or(&[])
                .iter()
                .find(|c| !matches!(c, b' ' | b'\t'))
                .is_some_and(|c| Some(c) == b.get(i))
    });
    if adjacent
        || [
            &b"echo -n "[..],
            b"printf ",
            b"<?php",
            b"<?=",
            b".to_s",
            b" -e '",
            b" -e \"",
        ]
        .iter()
        .any(|t| memchr::memmem::find(b, t).is_some())
    {
        return true;
    }
    memchr::memmem::find_iter(b, b"point").any(|i| {
        let before = b.get(i.saturating_sub(5)..i).unwrap_or(&[]);
        before.eq_ignore_ascii_case(b"code ")
            || before.ends_with(b"code")
            || before.ends_with(b"Code")
    })
}

/// Does `b` hold a digit glued to a word of one or two letters (`100x`, `55k`) that ends on a
/// non-name byte? (Only after a literal assignment: the rare case is paid for there.)
fn coefficient_shape(b: &[u8]) -> bool {
    let mut from = 0;
    while let Some(d) = super::wordmath::next_digit(b, from) {
        let mut j = d;
        while b.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        let n = b
            .get(j..)
            .unwrap_or(&[])
            .iter()
            .take_while(|c| c.is_ascii_alphabetic())
            .count();
        if (1..=2).contains(&n) && !b.get(j + n).is_some_and(|c| is_ident(*c)) {
            return true;
        }
        from = j.max(d + 1);
    }
    false
}

/// Is the operator byte at `i` between two values (a name, a digit or a bracket on each
/// side, one space allowed)? Markdown's `**` and a bullet's `* ` are not.
fn between_values(b: &[u8], i: usize) -> bool {
    let op = b.get(i).copied();
    let near = |k: Option<usize>| {
        let c = k.and_then(|k| b.get(k)).copied();
        if c == Some(b' ') {
            None
        } else {
            c
        }
    };
    let before = near(i.checked_sub(1)).or_else(|| {
        (b.get(i.wrapping_sub(1)) == Some(&b' '))
            .then(|| i.checked_sub(2).and_then(|k| b.get(k)).copied())
            .flatten()
    });
    let after = near(Some(i + 1)).or_else(|| {
        (b.get(i + 1) == Some(&b' '))
            .then(|| b.get(i + 2).copied())
            .flatten()
    });
    before != op
        && after != op
        && before.is_some_and(|c| is_ident(c) || c == b')')
        && after.is_some_and(|c| is_ident(c) || c == b'(')
}

/// What an `=` says about the text: an assignment that combines values, one of a lone
/// literal (spaced), or neither.
enum Assign {
    Combines,
    Literal,
    No,
}

/// Does the text hold a `$` interpolation (`${x}`, `$x`, `$((`)? Normalising drops `$`, so
/// the matcher asks this of the text as written: one memchr pass with few hits.
pub(crate) fn interpolates(s: &str) -> bool {
    let b = s.as_bytes();
    memchr::memchr_iter(b'$', b).any(|i| brace_trigger(b, i))
}

/// `=` as a compound assignment (`+=`, `<<=`, `.=`, `//=`), or a plain or `:=` assignment
/// whose right side is more than a lone literal: a spaced `=` or one at a line start,
/// followed on its line by a letter, `$`, `(`, a quote or an operator after a value.
fn assignment_trigger(b: &[u8], i: usize) -> Assign {
    let prev = i.checked_sub(1).and_then(|p| b.get(p)).copied();
    let next = b.get(i + 1).copied();
    if matches!(next, Some(b'=' | b'>' | b'~')) || matches!(prev, Some(b'=' | b'!')) {
        return Assign::No;
    }
    match prev {
        Some(b'+' | b'-' | b'*' | b'/' | b'%' | b'.') => return Assign::Combines,
        Some(b'<' | b'>') if i >= 2 && b.get(i - 2) == prev.as_ref() => return Assign::Combines,
        Some(b'<' | b'>') => return Assign::No,
        _ => {}
    }
    let spaced = prev == Some(b' ') || prev == Some(b':');
    if !spaced && !head_at_line_start(b, i) {
        return Assign::No;
    }
    // Unspaced (`x=…`, a shell assignment or a `key=value` field): its first word only, so
    // `retention.ms=259200000 segment.bytes=…` is no trigger.
    let rest = b.get(i + 1..).unwrap_or(&[]);
    let line = rest
        .iter()
        .take_while(|c| !matches!(**c, b'\n' | b';' | b'#') && (spaced || **c != b' '))
        .take(200);
    let mut seen_value = false;
    for &c in line {
        match c {
            b'a'..=b'z' | b'A'..=b'Z' | b'$' | b'(' | b'\'' | b'"' | b'`' | b'@' | b'_' => {
                return Assign::Combines
            }
            b'+' | b'*' | b'/' | b'%' | b'<' | b'>' | b'-' if seen_value => {
                return Assign::Combines
            }
            b'0'..=b'9' => seen_value = true,
            _ => {}
        }
    }
    if spaced {
        Assign::Literal
    } else {
        Assign::No
    }
}

/// Is the name before the `=` at `i` the first word of its line (after indentation)?
fn head_at_line_start(b: &[u8], i: usize) -> bool {
    let mut k = i;
    while k > 0 && b.get(k - 1).is_some_and(|c| is_ident(*c) || *c == b'.') {
        k -= 1;
    }
    if k == i {
        return false;
    }
    while k > 0 && matches!(b.get(k - 1), Some(b' ' | b'\t')) {
        k -= 1;
    }
    k == 0 || matches!(b.get(k - 1), Some(b'\n' | b'`' | b';'))
}

/// `{` opening a format field (`{}`, `{:02d}`, `{0}`, `{x}` after a quote or `}`), or `$`
/// before a name, `{` or `(` (an interpolation), or `#{`.
fn brace_trigger(b: &[u8], i: usize) -> bool {
    let next = b.get(i + 1).copied();
    match b.get(i) {
        Some(b'$') => next.is_some_and(|c| c == b'{' || c == b'(' || c.is_ascii_alphabetic()),
        _ => {
            let prev = i.checked_sub(1).and_then(|p| b.get(p)).copied();
            if prev == Some(b'#') {
                return true;
            }
            match next {
                Some(b'}' | b':') => true,
                Some(c) if c.is_ascii_alphanumeric() || c == b'_' => {
                    matches!(prev, Some(b'\'' | b'"' | b'}' | b'`'))
                }
                _ => false,
            }
        }
    }
}

/// Function and method names whose `(` opens the interpreter.
const CALL_TRIGGERS: [&[u8]; 34] = [
    b"prod",
    // Arithmetic as calls (`operator.mul(51, 100)`, `Math.multiplyExact`, `Fraction(…)`).
    b"mul",
    b"multiply",
    b"multiplyexact",
    b"addexact",
    b"valueof",
    b"fraction",
    b"decimal",
    b"reduce",
    b"truediv",
    b"floordiv",
    b"divmod",
    b"ord",
    b"chr",
    b"ljust",
    b"rjust",
    b"center",
    b"zfill",
    b"padstart",
    b"padend",
    b"repeat",
    b"codepointat",
    b"charcodeat",
    b"format",
    b"printf",
    b"sprintf",
    b"print",
    b"println",
    b"log",
    b"puts",
    b"str",
    b"string",
    b"replace",
    b"fromcharcode",
];

fn known_call_before(b: &[u8], open: usize) -> bool {
    let mut start = open;
    // `format!(` (Rust) reads as `format(`.
    let end = if open > 0 && b.get(open - 1) == Some(&b'!') {
        open - 1
    } else {
        open
    };
    start = start.min(end);
    while start > 0 && end - start < 16 && b.get(start - 1).is_some_and(u8::is_ascii_alphabetic) {
        start -= 1;
    }
    let name = b.get(start..end).unwrap_or(&[]);
    !name.is_empty() && CALL_TRIGGERS.iter().any(|c| c.eq_ignore_ascii_case(name))
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

/// What the statements of `s` compute; `None` when nothing (the gate and the run in one).
#[cfg(test)]
pub(crate) fn readings(s: &str) -> Option<Readings> {
    if !triggered(s) {
        return None;
    }
    run(s)
}

/// What the statements of `s` compute, without the trigger check (the caller made it).
pub(crate) fn run(s: &str) -> Option<Readings> {
    let mut run = Run::default();
    run.program(s);
    (!run.out.numbers.is_empty() || !run.out.text.is_empty()).then_some(run.out)
}

/// One interpretation: the names assigned so far and what was computed.
#[derive(Default)]
struct Run {
    vars: Vec<(String, Val, bool)>,
    out: Readings,
    statements: usize,
    /// Operands read so far ([`MAX_OPERANDS`] in all): bounds the work on a hostile text.
    operands: std::cell::Cell<usize>,
    /// Inside a program quoted on a command line (`python3 -c "…"`): not read again.
    nested: bool,
    /// What prints without a line end left on the current line (`print("27", end="")`,
    /// `echo -n 27`, `process.stdout.write("27")`): the next print continues it.
    pending: String,
}

/// Words that open a loop, a branch or a function: their line and block are not run.
const CONTROL: [&str; 19] = [
    "for", "while", "if", "elif", "else", "def", "function", "fn", "do", "until", "case", "switch",
    "foreach", "loop", "try", "catch", "with", "lambda", "func",
];

/// Declaration words skipped before a name.
const DECLS: [&str; 40] = [
    "let", "var", "const", "val", "mut", "my", "our", "local", "export", "declare", "readonly",
    "typeset", "set", "dim", "static", "final", "int", "long", "short", "unsigned", "signed",
    "double", "float", "auto", "char", "string", "str", "integer", "number", "bigint", "usize",
    "u64", "i64", "u32", "i32", "int64_t", "uint64_t", "size_t", "def", "global",
];

impl Run {
    fn program(&mut self, s: &str) {
        // A block under a control line: (indentation of the control line, open braces).
        let mut block: Option<(usize, i64)> = None;
        let lines: Vec<&str> = s.split('\n').collect();
        let mut skip_to = 0;
        for (at, line) in lines.iter().enumerate() {
            let line = *line;
            if self.statements >= MAX_STATEMENTS {
                return;
            }
            if at < skip_to {
                continue;
            }
            // A counted loop whose body only accumulates constants, run as its product.
            if block.is_none() {
                if let Some(end) = self.counted(&lines, at) {
                    skip_to = end;
                    continue;
                }
            }
            let indent = line.len() - line.trim_start().len();
            let trimmed = line.trim();
            if let Some((ind, braces)) = block {
                let inside = if braces > 0 {
                    true
                } else {
                    !trimmed.is_empty() && indent > ind
                };
                if inside || trimmed.is_empty() {
                    let depth = braces + brace_balance(line);
                    self.forget_assigned(line);
                    block = Some((ind, depth.max(0)));
                    if braces > 0 && depth <= 0 {
                        block = None;
                    }
                    continue;
                }
                block = None;
            }
            let mut control = false;
            for seg in segments(line) {
                if control {
                    self.forget_assigned(seg);
                    continue;
                }
                if starts_control(seg) {
                    control = true;
                    self.forget_assigned(seg);
                    continue;
                }
                self.statement(seg);
            }
            if control {
                let braces = brace_balance(line);
                block = Some((indent, braces.max(0)));
            }
        }
    }

    /// A counted loop starting on line `at` (after statements on its line before it): `for i
    /// in range(11):`, `for (let i=0;i<11;i++)`, `for i := 0; i < 51; i++ {`, its body inline
    /// or the block under it, every statement of the body an accumulation of a constant into
    /// a name already holding a number (`n += 250`, `s -= 5`, `x *= 2`, `s = s + 250`). Run as
    /// the count times the constant (each name's final value reported); the index of the
    /// first line after the loop, or `None` (nothing run: the line is read as before).
    fn counted(&mut self, lines: &[&str], at: usize) -> Option<usize> {
        let line = lines.get(at)?;
        let b = line.as_bytes();
        // `for` at the line's start or after a `;` (`let s=0; for (…)`).
        let p = memchr::memmem::find_iter(b, b"for").find(|&p| {
            let before = line.get(..p).unwrap_or("").trim_end();
            (before.is_empty() || before.ends_with(';'))
                && b.get(p + 3).is_some_and(|c| *c == b' ' || *c == b'(')
        })?;
        let (n, inline, braced) = counted_loop(line.get(p..)?)?;
        let indent = line.len() - line.trim_start().len();
        // The body's statements and where the loop ends (line index, text after it).
        let mut body: Vec<&str> = Vec::new();
        let mut end = at + 1;
        let mut after = "";
        let inline = inline.trim();
        if braced {
            // Up to the closing brace, on this line or below.
            let mut text = inline;
            let mut k = at;
            loop {
                if let Some(c) = text.find('}') {
                    body.extend(text.get(..c)?.split(';'));
                    after = text.get(c + 1..)?;
                    end = k + 1;
                    break;
                }
                body.extend(text.split(';'));
                k += 1;
                if k > at + 16 {
                    return None;
                }
                text = lines.get(k)?;
            }
        } else if !inline.is_empty() {
            // Python's `for …: n += 250`: the whole rest; C's `for (…) s+=250;`: one statement.
            if line
                .get(p..)?
                .trim_start_matches("for")
                .trim_start()
                .starts_with('(')
            {
                let (first, rest) = inline.split_once(';').unwrap_or((inline, ""));
                body.push(first);
                after = rest;
            } else {
                body.extend(inline.split(';'));
            }
        } else {
            // The indented block under a Python header.
            while let Some(l) = lines.get(end) {
                let ind = l.len() - l.trim_start().len();
                if l.trim().is_empty() || ind <= indent || end > at + 16 {
                    break;
                }
                body.push(l);
                end += 1;
            }
        }
        let acc: Vec<(&str, Op, f64)> = body
            .iter()
            .map(|t| t.trim())
            .filter(|t| !t.is_empty())
            .map(accumulation)
            .collect::<Option<_>>()?;
        if acc.is_empty() {
            return None;
        }
        // The statements before the loop on its line, then the loop, then the rest. A name
        // not holding a number is forgotten (as a loop's names are).
        for seg in segments(line.get(..p)?) {
            self.statement(seg);
        }
        let known = acc
            .iter()
            .all(|(name, _, _)| matches!(self.get(name), Some((Val::Num(_), _))));
        for (name, op, k) in acc {
            if !known {
                self.forget(name);
                continue;
            }
            let Some((Val::Num(v), _)) = self.get(name) else {
                continue;
            };
            let w = match op {
                Op::Add => v + k * n,
                Op::Sub => v - k * n,
                _ => v * k.powf(n),
            };
            if !w.is_finite() {
                return None;
            }
            self.set(name, Val::Num(w), true);
            self.report(&Val::Num(w));
        }
        for seg in segments(after) {
            self.statement(seg);
        }
        Some(end)
    }

    /// Drop every name `seg` assigns (its values are not known in straight-line order).
    fn forget_assigned(&mut self, seg: &str) {
        let b = seg.as_bytes();
        for i in memchr::memchr_iter(b'=', b) {
            let mut end = i;
            while end > 0 && matches!(b.get(end - 1), Some(b'+' | b'-' | b'*' | b'/' | b' ')) {
                end -= 1;
            }
            let mut start = end;
            while start > 0 && b.get(start - 1).is_some_and(|c| is_ident(*c)) {
                start -= 1;
            }
            if let Some(name) = seg.get(start..end) {
                self.vars.retain(|(n, _, _)| n != name);
            }
        }
    }

    fn get(&self, name: &str) -> Option<(&Val, bool)> {
        self.vars
            .iter()
            .rev()
            .find(|(n, _, _)| n == name)
            .map(|(_, v, d)| (v, *d))
    }

    fn set(&mut self, name: &str, v: Val, derived: bool) {
        if let Some(slot) = self.vars.iter_mut().find(|(n, _, _)| n == name) {
            slot.1 = v;
            slot.2 = derived;
        } else if self.vars.len() < MAX_VARS {
            self.vars.push((name.to_string(), v, derived));
        }
    }

    fn forget(&mut self, name: &str) {
        self.vars.retain(|(n, _, _)| n != name);
    }

    /// Note a computed value.
    fn report(&mut self, v: &Val) {
        match v {
            Val::Num(n) => self.out.numbers.push(*n),
            Val::Str(s) => {
                if let Some(n) = parse_decimal(s.trim()) {
                    self.out.numbers.push(n);
                }
                self.out.text.push_str(s);
                self.out.text.push('\n');
            }
            Val::List(items) => {
                for it in items {
                    if !matches!(it, Val::List(_)) {
                        self.report(it);
                    }
                }
            }
        }
    }

    /// One segment: an assignment, a print, an expression, or prose with expressions in it.
    fn statement(&mut self, seg: &str) {
        let seg = strip_prompt(seg.trim());
        if seg.is_empty() || seg.len() > MAX_SEGMENT {
            return;
        }
        self.statements += 1;
        if self.step(seg) || self.cout(seg) {
            return;
        }
        if self.inline_program(seg) {
            return;
        }
        let mut after = 0;
        // Where the last right side read ends: prose after it may use the names
        // (`Let a = 51 and b = 100. The lag is a * b.`).
        let mut tail = None;
        if let Some(head) = parse_head(seg) {
            after = head.rhs;
            tail = self.assign(seg, &head);
        } else if self.print(seg) {
            return;
        }
        // Prose with spaced assignments in it (`so lag = hi*100+lo`, `a = 51 then b = a*100`).
        let mut any = after > 0;
        while let Some(head) = spaced_head(seg, after) {
            after = head.rhs;
            any = true;
            tail = self.assign(seg, &head);
        }
        if !any {
            self.expressions(seg);
        } else if let Some(t) = tail.and_then(|end| seg.get(end..)) {
            if t.len() > 2 && (t.contains(' ') || !t.starts_with(char::is_alphanumeric)) {
                self.expressions(t);
            }
        }
    }

    /// `python3 -c "x=51; print(x*100)"`, `node -e '…'`, `bash -c '…'`: the quoted program
    /// read as statements (one level deep). Whether the segment was one.
    fn inline_program(&mut self, seg: &str) -> bool {
        if self.nested {
            return false;
        }
        let Some(k) = [" -c ", " -e ", " -Command "]
            .iter()
            .find_map(|f| seg.find(f).map(|k| k + f.len()))
        else {
            return false;
        };
        let rest = seg.get(k..).unwrap_or("").trim_start();
        if !rest.starts_with(['\'', '"']) {
            return false;
        }
        let Some((words, _)) = shell_words(rest, self) else {
            return true;
        };
        let Some(code) = words.into_iter().next() else {
            return true;
        };
        self.nested = true;
        for line in code.split('\n') {
            for part in segments(line) {
                self.statement(part);
            }
        }
        self.nested = false;
        true
    }

    /// One assignment; the byte of `seg` where its right side ends, when read as an expression.
    fn assign(&mut self, seg: &str, head: &Head) -> Option<usize> {
        let rhs = seg.get(head.rhs..).unwrap_or("");
        let mut p = Parser::new(rhs, self);
        let value = p.expr_list().filter(|_| p.clean_end());
        let end = value.as_ref().map(|_| head.rhs + p.i);
        let derived = p.derived;
        let extra = std::mem::take(&mut p.extra);
        // A shell word (`x=${x}00`) when the expression does not read.
        let (value, derived) = match value {
            Some(v) => (Some(v), derived),
            None if head.unspaced => match shell_words(rhs, self) {
                Some((words, d)) if words.len() == 1 => (words.into_iter().next().map(Val::Str), d),
                _ => (None, false),
            },
            None => (None, false),
        };
        for n in extra {
            self.out.numbers.push(n);
        }
        let Some(value) = value else {
            for n in &head.names {
                self.forget(n);
            }
            return end;
        };
        match (&head.op, head.names.as_slice()) {
            (Some(op), [name]) => {
                let Some((old, _)) = self.get(name) else {
                    self.forget(name);
                    return end;
                };
                let old = old.clone();
                let mut extra = Vec::new();
                match binary(*op, &old, &value, &mut extra) {
                    Some(v) => {
                        self.report(&v);
                        self.out.numbers.extend(extra);
                        self.set(name, v, true);
                    }
                    None => self.forget(name),
                }
            }
            (None, [name]) => {
                if derived {
                    self.report(&value);
                }
                self.set(name, value, derived);
            }
            (None, names) => {
                let items = match value {
                    Val::List(items) => items,
                    _ => Vec::new(),
                };
                if items.len() != names.len() {
                    for n in names {
                        self.forget(n);
                    }
                    return end;
                }
                for (n, v) in names.iter().zip(items) {
                    if derived {
                        self.report(&v);
                    }
                    self.set(n, v, derived);
                }
            }
            (Some(_), names) => {
                for n in names {
                    self.forget(n);
                }
            }
        }
        end
    }

    /// `x++`, `++x`, `x--`, `--x` on a known number. Whether the segment was one.
    fn step(&mut self, seg: &str) -> bool {
        let t = seg.trim_end_matches(';').trim();
        let (name, by) = if let Some(n) = t.strip_suffix("++").or_else(|| t.strip_prefix("++")) {
            (n, 1.0)
        } else if let Some(n) = t.strip_suffix("--").or_else(|| t.strip_prefix("--")) {
            (n, -1.0)
        } else {
            return false;
        };
        let name = name.trim().trim_start_matches(['$', '@']);
        if name.is_empty() || !name.bytes().all(|c| is_ident(c) || c == b'.') {
            return false;
        }
        match self.get(name) {
            Some((Val::Num(n), _)) => {
                let v = Val::Num(n + by);
                self.report(&v);
                self.set(name, v, true);
            }
            _ => self.forget(name),
        }
        true
    }

    /// `cout << x << "00";` (C++): the pieces printed one after another.
    fn cout(&mut self, seg: &str) -> bool {
        let Some(rest) = seg
            .strip_prefix("std::cout")
            .or_else(|| seg.strip_prefix("cout"))
            .map(str::trim_start)
        else {
            return false;
        };
        let Some(rest) = rest.strip_prefix("<<") else {
            return false;
        };
        let mut out = String::new();
        let mut derived = false;
        for piece in rest.trim_end_matches(';').split("<<") {
            let piece = piece.trim();
            if matches!(piece, "endl" | "std::endl" | "\"\\n\"" | "'\\n'") {
                continue;
            }
            let mut p = Parser::new(piece, self);
            let v = p.expr().filter(|_| p.b(0).is_none());
            derived |= p.derived;
            match v.and_then(|v| v.text()) {
                Some(t) => out.push_str(&t),
                None => return true,
            }
        }
        if derived || out.len() > 1 {
            self.report(&Val::Str(out));
        }
        true
    }

    /// `print(…)`, `console.log(…)`, `echo …`, `printf …`, `puts …`: report what it prints when
    /// that is computed. Whether the segment was a print.
    fn print(&mut self, seg: &str) -> bool {
        let b = seg.as_bytes();
        let n = b
            .iter()
            .take_while(|c| is_ident(**c) || **c == b'.' || **c == b'-' || **c == b'!')
            .count();
        let name = seg.get(..n).unwrap_or("").to_ascii_lowercase();
        let rest = seg.get(n..).unwrap_or("");
        let short = name.rsplit('.').next().unwrap_or("");
        let shell = matches!(
            name.as_str(),
            "echo" | "printf" | "write-output" | "write-host" | "print" | "puts" | "say"
        ) && rest.starts_with([' ', '\t']);
        // PHP's and Perl's `echo 27 . 50`, `print 51 . "00"`: an expression the shell would
        // print as words.
        if shell && matches!(name.as_str(), "echo" | "print") && rest.contains('.') {
            let mut p = Parser::new(rest.trim_start(), self);
            let v = p.expr();
            let ok = p.derived && p.ops > 0 && p.clean_end();
            if let Some(o) = v.filter(|_| ok).and_then(|v| v.text()) {
                self.emit(Some(o.clone()), Some(o), false);
                return true;
            }
        }
        if shell
            && matches!(
                name.as_str(),
                "echo" | "printf" | "write-output" | "write-host"
            )
        {
            let Some((words, derived)) = shell_words(rest.trim_start(), self) else {
                return true;
            };
            let flags: Vec<&str> = words
                .iter()
                .map(String::as_str)
                .take_while(|w| w.starts_with('-') && w.len() <= 3)
                .collect();
            let words: Vec<&str> = words
                .iter()
                .map(String::as_str)
                .skip_while(|w| w.starts_with('-') && w.len() <= 3)
                .collect();
            let (out, literal, no_nl) = if name == "printf" {
                let Some((fmt, args)) = words.split_first() else {
                    return true;
                };
                let args: Vec<Val> = args.iter().map(|a| Val::Str((*a).to_string())).collect();
                let o = printf(fmt, &args, true);
                // A shell printf ends a line only where its format says so.
                let open = !fmt.contains("\\n") && !fmt.contains('\n');
                // A format without a field prints as it is (`printf 27`).
                let shown = o.clone().or_else(|| Some(unescape_printf(fmt)));
                (o, shown, open)
            } else {
                let joined = words.join(" ");
                let open = name == "echo" && flags.iter().any(|f| f.contains('n'));
                (derived.then(|| joined.clone()), Some(joined), open)
            };
            self.emit(out, literal, no_nl);
            return true;
        }
        let is_print = matches!(
            short,
            "print"
                | "println"
                | "print!"
                | "println!"
                | "log"
                | "puts"
                | "printf"
                | "say"
                | "write"
                | "writeline"
                | "info"
        );
        if !is_print {
            return false;
        }
        let body = rest.trim_start();
        let (inner, paren) = match body.strip_prefix('(') {
            Some(r) => match find_close(r, b')') {
                Some(c) => (r.get(..c).unwrap_or(""), true),
                None => return true,
            },
            None => (body, false),
        };
        let mut p = Parser::new(inner, self);
        let args = p.args();
        let ok = args.is_some() && (paren || p.clean_end());
        let derived = p.derived;
        let sep = p.sep.take();
        let end = p.end.take();
        let extra = std::mem::take(&mut p.extra);
        self.out.numbers.extend(extra);
        let Some(args) = args.filter(|_| ok) else {
            return true;
        };
        let rust = short.ends_with('!');
        let out = match args.split_first() {
            Some((Val::Str(f), rest)) if short == "printf" => printf(f, rest, false),
            Some((Val::Str(f), rest)) if rust => py_format(f, rest, self),
            // `console.log('%d%s', 51, '00')` formats like printf.
            Some((Val::Str(f), rest)) if short == "log" && !rest.is_empty() && f.contains('%') => {
                printf(f, rest, false)
            }
            // Several arguments print joined (`print(51, '00', sep='')`).
            _ if derived || args.len() > 1 => {
                let parts: Option<Vec<String>> = args.iter().map(Val::text).collect();
                parts.map(|p| p.join(sep.as_deref().unwrap_or(" ")))
            }
            _ => None,
        };
        // What the statement prints even when it computes nothing, and whether it leaves
        // the line open: `print(…, end='')`, `process.stdout.write(…)`, Java's
        // `System.out.print(…)`.
        let literal = out.clone().or_else(|| {
            let parts: Option<Vec<String>> = args.iter().map(Val::text).collect();
            parts.map(|p| p.join(sep.as_deref().unwrap_or(" ")))
        });
        let open = end.as_deref().is_some_and(|e| !e.contains('\n'))
            || (short == "write" && name.contains("stdout"))
            || name.ends_with("out.print");
        let literal = match (&end, open) {
            (Some(e), true) => literal.map(|l| l + e),
            _ => literal,
        };
        self.emit(out, literal, open);
        true
    }

    /// Reports what a print statement shows: `out` (what it computes) or, after a print that
    /// left its line open, the line so far and `literal` (what it shows); `open`: this print
    /// leaves the line open too.
    fn emit(&mut self, out: Option<String>, literal: Option<String>, open: bool) {
        if open {
            // What it computes is stated whether or not the line goes on (`printf '%d%02d'
            // 51 0`).
            if let Some(o) = &out {
                self.report(&Val::Str(o.clone()));
            }
            if let Some(l) = literal {
                if self.pending.len() + l.len() <= MAX_STR {
                    self.pending.push_str(&l);
                }
            }
            return;
        }
        if self.pending.is_empty() {
            if let Some(o) = out {
                self.report(&Val::Str(o));
            }
            return;
        }
        let mut line = std::mem::take(&mut self.pending);
        if let Some(t) = out.or(literal) {
            line.push_str(&t);
        }
        self.report(&Val::Str(line));
    }

    /// Expressions inside prose or a bare expression line: at each place one may start (a
    /// quote, a known name, `ord(`, `f'`), the longest computed expression; and `the code
    /// point of 'Ꮼ'`.
    fn expressions(&mut self, seg: &str) {
        let b = seg.as_bytes();
        if memchr::memmem::find(b, b"oint").is_some() || memchr::memmem::find(b, b"rd of").is_some()
        {
            code_point_phrase(seg, &mut self.out.numbers);
        }
        // Prose pays nothing: an expression here starts at a quote, `$`, `@`, a call or a
        // name this run knows.
        let opens = memchr::memchr3(b'\'', b'"', b'`', b).is_some()
            || memchr::memchr3(b'$', b'@', b'(', b).is_some()
            || self
                .vars
                .iter()
                .any(|(n, _, _)| memchr::memmem::find(b, n.as_bytes()).is_some());
        if !opens {
            return;
        }
        let mut i = 0;
        let mut tries = 0;
        while i < b.len() && tries < 64 {
            let c = b.get(i).copied().unwrap_or(b' ');
            let boundary = i == 0 || !b.get(i - 1).is_some_and(|p| is_ident(*p) || *p == b'.');
            let start = boundary
                && (matches!(c, b'\'' | b'"' | b'`' | b'$' | b'(' | b'@')
                    || (is_ident_start(c) && self.starts_known(seg, i))
                    || (c.is_ascii_digit() && self.coefficient_at(seg, i)));
            if start {
                tries += 1;
                let rest = seg.get(i..).unwrap_or("");
                let mut p = Parser::new(rest, self);
                let v = p.expr();
                let (derived, ops, used) = (p.derived, p.ops, p.i);
                let extra = std::mem::take(&mut p.extra);
                if let Some(v) = v.filter(|_| derived && ops > 0) {
                    self.out.numbers.extend(extra);
                    self.report(&v);
                    i += used.max(1);
                    continue;
                }
            }
            i += seg
                .get(i..)
                .and_then(|t| t.chars().next())
                .map_or(1, char::len_utf8);
        }
    }

    /// Does a number glued to a name this run knows start at `i` (`100x`, `55k`)?
    fn coefficient_at(&self, seg: &str, i: usize) -> bool {
        let rest = seg.get(i..).unwrap_or("");
        let d = rest.bytes().take_while(u8::is_ascii_digit).count();
        let tail = rest.get(d..).unwrap_or("");
        let n = tail.bytes().take_while(|c| is_ident(*c)).count();
        n > 0
            && tail.bytes().next().is_some_and(is_ident_start)
            && tail.get(..n).is_some_and(|name| self.get(name).is_some())
    }

    /// Does a name this run knows, or a function it evaluates, start at `i`?
    fn starts_known(&self, seg: &str, i: usize) -> bool {
        let rest = seg.get(i..).unwrap_or("");
        let n = rest
            .bytes()
            .take_while(|c| is_ident(*c) || *c == b'.')
            .count();
        let word = rest.get(..n).unwrap_or("");
        let call = rest
            .get(n..)
            .is_some_and(|t| t.starts_with('(') || t.starts_with("!("));
        let short = word.rsplit('.').next().unwrap_or(word);
        self.get(word).is_some()
            || (call && FUNCTIONS.iter().any(|f| f.eq_ignore_ascii_case(short)))
            || ((word == "f" || word == "F")
                && rest.get(1..).is_some_and(|t| t.starts_with(['\'', '"'])))
    }
}

/// Iterations of a counted loop header at the start of `t`, the text after the header on its
/// line, and whether the body is in braces: `for i in range(11):`, `for _ in range(1, 12):`,
/// `for (let i=0;i<11;i++)`, `for(int i=1;i<=11;++i) {`, `for i := 0; i < 51; i++ {`. The
/// count is a whole number from 1 to a million (a longer loop is data, not arithmetic).
fn counted_loop(t: &str) -> Option<(f64, &str, bool)> {
    let rest = t.strip_prefix("for")?;
    let whole = |n: f64| ((1.0..=1e6).contains(&n) && n.fract() == 0.0).then_some(n);
    if let Some(k) = rest.find(" in range(") {
        let after = rest.get(k + 10..)?;
        let close = after.find(')')?;
        let args: Vec<f64> = after
            .get(..close)?
            .split(',')
            .map(|a| parse_decimal(a.trim()))
            .collect::<Option<_>>()?;
        let n = match args.as_slice() {
            [n] => *n,
            [a, b] => b - a,
            _ => return None,
        };
        let body = after.get(close + 1..)?.trim_start().strip_prefix(':')?;
        return Some((whole(n)?, body, false));
    }
    let rest = rest.trim_start();
    let paren = rest.starts_with('(');
    let rest = rest.strip_prefix('(').unwrap_or(rest);
    let mut parts = rest.splitn(3, ';');
    let (init, cond, tail) = (parts.next()?, parts.next()?, parts.next()?);
    // `int i = 0`, `let i=0`, `i := 0`.
    let (lhs, start) = init.rsplit_once('=')?;
    let name = lhs.trim_end_matches(':').split_whitespace().last()?;
    let start = parse_decimal(start.trim())?;
    let (cv, bound) = cond.split_once('<')?;
    (cv.trim() == name).then_some(())?;
    let (incl, bound) = match bound.strip_prefix('=') {
        Some(b) => (1.0, b),
        None => (0.0, bound),
    };
    let bound = parse_decimal(bound.trim())?;
    // The increment, then `)` (C, JS) or `{` (Go).
    let close = if paren {
        tail.find(')')?
    } else {
        tail.find('{')?
    };
    let incr: String = tail
        .get(..close)?
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let one = [
        format!("{name}++"),
        format!("++{name}"),
        format!("{name}+=1"),
    ];
    one.contains(&incr).then_some(())?;
    let mut body = tail.get(close + 1..)?.trim_start();
    let braced = !paren || body.starts_with('{');
    if paren {
        body = body.strip_prefix('{').unwrap_or(body);
    }
    Some((whole(bound - start + incl)?, body, braced))
}

/// A statement that adds, takes or multiplies a constant into a name: `n += 250`, `s-=5`, `x
/// *= 2`, `s = s + 250`, `s=s+250` (the name, the operation, the constant).
fn accumulation(t: &str) -> Option<(&str, Op, f64)> {
    let t = t.trim_end_matches(';').trim();
    let n = t.bytes().take_while(|c| is_ident(*c)).count();
    let name = t.get(..n)?;
    if n == 0 || !t.bytes().next().is_some_and(is_ident_start) {
        return None;
    }
    let rest = t.get(n..)?.trim_start();
    let (op, k) = if let Some(k) = rest.strip_prefix("+=") {
        (Op::Add, k)
    } else if let Some(k) = rest.strip_prefix("-=") {
        (Op::Sub, k)
    } else if let Some(k) = rest.strip_prefix("*=") {
        (Op::Mul, k)
    } else {
        let r = rest
            .strip_prefix('=')?
            .trim_start()
            .strip_prefix(name)?
            .trim_start();
        if let Some(k) = r.strip_prefix('+') {
            (Op::Add, k)
        } else {
            (Op::Sub, r.strip_prefix('-')?)
        }
    };
    Some((name, op, parse_decimal(k.trim())?))
}

/// A segment's first word opens a loop, a branch or a function.
fn starts_control(seg: &str) -> bool {
    let t = strip_prompt(seg.trim());
    let n = t.bytes().take_while(|c| c.is_ascii_alphabetic()).count();
    let word = t.get(..n).unwrap_or("");
    let rest = t.get(n..).unwrap_or("");
    // Code, not prose: the keyword in lowercase, and a header's mark (`:`, a bracket, `in`,
    // `do`): `If a = 51 then b = a * 100` is a sentence and is read.
    CONTROL.contains(&word)
        && (rest.is_empty() || rest.starts_with([' ', '(', ':', '{']))
        && (rest.is_empty()
            || rest.contains([':', '{', '(', '['])
            || rest.contains(" in ")
            || rest.contains(" do"))
}

/// Open minus closed braces on a line (outside quotes: close enough for a block's end).
fn brace_balance(line: &str) -> i64 {
    let open = memchr::memchr_iter(b'{', line.as_bytes()).count() as i64;
    let close = memchr::memchr_iter(b'}', line.as_bytes()).count() as i64;
    open - close
}

/// A REPL or shell prompt, a list marker or a quote marker before a statement; `((…))` and
/// `{ … }` around one.
fn strip_prompt(s: &str) -> &str {
    let mut t = s;
    for p in [
        ">>> ", "... ", "$ ", "> ", "- ", "* ", "% ", "In [", "<?php ", "<?= ",
    ] {
        if let Some(r) = t.strip_prefix(p) {
            t = if p == "In [" {
                r.split_once("]:").map_or(r, |(_, x)| x)
            } else {
                r
            };
            break;
        }
    }
    let t = t.trim();
    for (open, close) in [("((", "))"), ("{", "}")] {
        if let Some(inner) = t.strip_prefix(open).and_then(|r| r.strip_suffix(close)) {
            return inner.trim();
        }
    }
    t
}

/// The statements of a line: split at `;`, at a comment marker (` #`, `//`, ` --`) and at a
/// backtick that opens inline code, outside quotes. A comment is a statement of its own
/// (`# lag = hi*100+lo`).
fn segments(line: &str) -> Vec<&str> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    let mut quote: Option<u8> = None;
    let mut i = 0;
    while i < b.len() {
        let c = b.get(i).copied().unwrap_or(b' ');
        match quote {
            Some(q) => {
                if c == b'\\' {
                    i += 2;
                    continue;
                }
                if c == q {
                    quote = None;
                }
            }
            None => {
                let prev = i.checked_sub(1).and_then(|p| b.get(p)).copied();
                let after_space = prev.is_none_or(|p| p == b' ' || p == b'\t');
                let cut = match c {
                    b';' => Some(1),
                    b'#' if after_space && b.get(i + 1) != Some(&b'{') => Some(1),
                    // `//` opens a comment unless a number or `(` follows (Python's `a // 2`).
                    b'/' if after_space
                        && b.get(i + 1) == Some(&b'/')
                        && !b
                            .get(i + 2..)
                            .unwrap_or(&[])
                            .iter()
                            .find(|c| **c != b' ')
                            .is_some_and(|c| c.is_ascii_digit() || *c == b'(') =>
                    {
                        Some(2)
                    }
                    b'-' if after_space
                        && b.get(i + 1) == Some(&b'-')
                        && b.get(i + 2) == Some(&b' ') =>
                    {
                        Some(2)
                    }
                    b'`' if !value_position(b, i) => Some(1),
                    // An apostrophe inside a word (`let's`) opens no quote.
                    b'\''
                        if prev.is_some_and(|p| p.is_ascii_alphabetic())
                            && b.get(i + 1).is_some_and(u8::is_ascii_alphabetic) =>
                    {
                        None
                    }
                    b'\'' | b'"' | b'`' => {
                        quote = Some(c);
                        None
                    }
                    _ => None,
                };
                if let Some(len) = cut {
                    if let Some(s) = line.get(from..i) {
                        out.push(s);
                    }
                    from = i + len;
                    i += len;
                    continue;
                }
            }
        }
        i += 1;
    }
    if let Some(s) = line.get(from..) {
        out.push(s);
    }
    out
}

/// Is the backtick at `i` where a value goes (a JS template after `=`, `(`, `,`, `+`, `:`,
/// `return`) rather than markdown's inline code?
fn value_position(b: &[u8], i: usize) -> bool {
    let before = b.get(..i).unwrap_or(&[]);
    let t: Vec<u8> = before
        .iter()
        .rev()
        .copied()
        .skip_while(|c| *c == b' ')
        .take(6)
        .collect();
    match t.first() {
        Some(b'=' | b'(' | b',' | b'+' | b':') => true,
        _ => t.starts_with(b"nruter"),
    }
}

/// An assignment's left side: the names, a compound operator, where the right side starts,
/// and whether `=` had no spaces (a shell assignment).
#[derive(Debug)]
struct Head {
    names: Vec<String>,
    op: Option<Op>,
    rhs: usize,
    unspaced: bool,
}

/// A statement's left side at the start of `seg`.
fn parse_head(seg: &str) -> Option<Head> {
    let b = seg.as_bytes();
    let mut i = 0;
    let skip_ws = |i: &mut usize| {
        while matches!(b.get(*i), Some(b' ' | b'\t')) {
            *i += 1;
        }
    };
    // Declaration words (`let mut`, `final int`, `declare -i`).
    for _ in 0..4 {
        let n = b.get(i..)?.iter().take_while(|c| is_ident(**c)).count();
        let word = seg.get(i..i + n)?;
        let after = b.get(i + n).copied();
        if n > 0 && after == Some(b' ') && DECLS.iter().any(|d| d.eq_ignore_ascii_case(word)) {
            i += n;
            skip_ws(&mut i);
            while b.get(i) == Some(&b'-') {
                i += b.get(i..)?.iter().take_while(|c| **c != b' ').count();
                skip_ws(&mut i);
            }
        } else {
            break;
        }
    }
    let mut names = Vec::new();
    let bracket = matches!(b.get(i), Some(b'[' | b'('));
    if bracket {
        i += 1;
    }
    loop {
        skip_ws(&mut i);
        let sigil = matches!(b.get(i), Some(b'$' | b'@'));
        if sigil {
            i += 1;
        }
        let start = i;
        if !b.get(i).is_some_and(|c| is_ident_start(*c)) {
            return None;
        }
        while b.get(i).is_some_and(|c| is_ident(*c) || *c == b'.') {
            i += 1;
        }
        let name = seg.get(start..i)?.trim_end_matches('.');
        names.push(name.to_string());
        skip_ws(&mut i);
        if b.get(i) == Some(&b',') && names.len() < 8 {
            i += 1;
            continue;
        }
        break;
    }
    if bracket {
        if !matches!(b.get(i), Some(b']' | b')')) {
            return None;
        }
        i += 1;
        skip_ws(&mut i);
    }
    // A type annotation (`x: int =`, `let x: u64 =`).
    if b.get(i) == Some(&b':') && b.get(i + 1) != Some(&b'=') {
        i += 1;
        skip_ws(&mut i);
        i += b.get(i..)?.iter().take_while(|c| is_ident(**c)).count();
        skip_ws(&mut i);
    }
    let spaced_before = i > 0 && b.get(i - 1) == Some(&b' ');
    let (op, len) = assign_op(b.get(i..)?)?;
    if op.is_some() && names.len() != 1 {
        return None;
    }
    i += len;
    let unspaced = !spaced_before && !matches!(b.get(i), Some(b' ' | b'\t'));
    Some(Head {
        names,
        op,
        rhs: i,
        unspaced,
    })
}

/// `name = ` or `name op= ` inside prose, with spaces around the operator, after byte `from`.
fn spaced_head(seg: &str, from: usize) -> Option<Head> {
    let b = seg.as_bytes();
    for i in memchr::memchr_iter(b'=', b.get(from..)?).map(|k| k + from) {
        let mut k = i;
        while k > 0
            && matches!(
                b.get(k - 1),
                Some(b'+' | b'-' | b'*' | b'/' | b'<' | b'>' | b'.' | b'%' | b':')
            )
        {
            k -= 1;
        }
        if k == 0 || b.get(k - 1) != Some(&b' ') || b.get(i + 1) != Some(&b' ') {
            continue;
        }
        let end = k - 1;
        let mut start = end;
        while start > 0
            && b.get(start - 1)
                .is_some_and(|c| is_ident(*c) || *c == b'.' || *c == b'$' || *c == b'@')
        {
            start -= 1;
        }
        if start == end {
            continue;
        }
        let tail = seg.get(start..)?;
        let mut head = parse_head(tail)?;
        head.rhs += start;
        return Some(head);
    }
    None
}

/// An assignment operator at the start of `b`: the compound operator (None: plain) and its
/// length.
fn assign_op(b: &[u8]) -> Option<(Option<Op>, usize)> {
    const OPS: [(&[u8], Option<Op>); 13] = [
        (b"//=", Some(Op::FloorDiv)),
        (b"**=", Some(Op::Pow)),
        (b"<<=", Some(Op::Shl)),
        (b">>=", Some(Op::Shr)),
        (b"+=", Some(Op::Add)),
        (b"-=", Some(Op::Sub)),
        (b"*=", Some(Op::Mul)),
        (b"/=", Some(Op::Div)),
        (b"%=", Some(Op::Mod)),
        (b".=", Some(Op::Add)),
        (b":=", None),
        (b"<-", None),
        (b"=", None),
    ];
    for (pat, op) in OPS {
        if b.starts_with(pat) {
            let next = b.get(pat.len()).copied();
            if pat == b"=" && matches!(next, Some(b'=' | b'>' | b'~')) {
                return None;
            }
            return Some((op, pat.len()));
        }
    }
    None
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Op {
    Add,
    /// Lua's `..`, PHP's and Perl's spaced `.`: both sides as text.
    Concat,
    Or,
    And,
    Sub,
    Mul,
    Div,
    FloorDiv,
    Mod,
    Pow,
    Shl,
    Shr,
}

/// `a op b`. `extra`: a second reading of an ambiguous operation (JS reads `'51' * 100` as
/// 5100 where Python repeats the string).
fn binary(op: Op, a: &Val, b: &Val, extra: &mut Vec<f64>) -> Option<Val> {
    use Val::{Num, Str};
    match (op, a, b) {
        (Op::Concat, x, y) => cap(format!("{}{}", x.text()?, y.text()?)),
        (Op::Add, Str(x), y) => cap(format!("{x}{}", y.text()?)),
        (Op::Add, x @ Num(_), Str(y)) => cap(format!("{}{y}", x.text()?)),
        (Op::Mul, Str(x), Num(n)) | (Op::Mul, Num(n), Str(x)) => {
            if let Some(v) = parse_decimal(x.trim()) {
                extra.push(v * n);
            }
            repeat(x, *n)
        }
        // `[100] * 51`: a list repeated (a whole count, bounded as a string is).
        (Op::Mul, Val::List(items), Num(n)) | (Op::Mul, Num(n), Val::List(items)) => {
            let count = items.len() as f64 * n;
            if n.fract() != 0.0 || *n < 0.0 || count > MAX_STR as f64 {
                return None;
            }
            Some(Val::List(
                items.iter().cycle().take(count as usize).cloned().collect(),
            ))
        }
        (Op::Mod, Str(f), args) => {
            let args = match args {
                Val::List(items) => items.clone(),
                v => vec![v.clone()],
            };
            printf(f, &args, false).map(Str)
        }
        (_, Num(x), Num(y)) => num_op(op, *x, *y).map(Num),
        // JS coerces a numeric string in `-`, `*`, `/`.
        (Op::Sub | Op::Div | Op::Mul, x, y) => {
            num_op(op, x.coerce(parse_decimal)?, y.coerce(parse_decimal)?).map(Num)
        }
        _ => None,
    }
}

fn num_op(op: Op, x: f64, y: f64) -> Option<f64> {
    let v = match op {
        Op::Add => x + y,
        Op::Concat => return None,
        Op::Sub => x - y,
        Op::Mul => x * y,
        Op::Div => {
            if y == 0.0 {
                return None;
            }
            x / y
        }
        Op::FloorDiv => {
            if y == 0.0 {
                return None;
            }
            (x / y).floor()
        }
        Op::Mod => {
            if y == 0.0 {
                return None;
            }
            x.rem_euclid(y)
        }
        Op::Pow => {
            if !(0.0..=64.0).contains(&y) {
                return None;
            }
            x.powf(y)
        }
        Op::Or | Op::And => {
            if x.fract() != 0.0 || y.fract() != 0.0 || x < 0.0 || y < 0.0 || x > 1e15 || y > 1e15 {
                return None;
            }
            let (a, b) = (x as u64, y as u64);
            (if op == Op::Or { a | b } else { a & b }) as f64
        }
        Op::Shl | Op::Shr => {
            if x.fract() != 0.0 || y.fract() != 0.0 || !(0.0..=62.0).contains(&y) || x.abs() > 1e15
            {
                return None;
            }
            let (a, k) = (x as i64, y as u32);
            let v = if op == Op::Shl {
                a.checked_shl(k).filter(|v| v >> k == a)?
            } else {
                a >> k
            };
            v as f64
        }
    };
    v.is_finite().then_some(v)
}

fn cap(s: String) -> Option<Val> {
    (s.len() <= MAX_STR).then_some(Val::Str(s))
}

/// `len`, `max`, `min` or `sum` of `range(…)` (or of `x for x in range(…)`) in closed form,
/// whatever its length: `len(range(0, 5500, 2))` is 2750, `max(x for x in range(2751))`
/// 2750. Whole arguments and a positive step only.
fn range_closed(short: &str, inner: &str) -> Option<Val> {
    if !matches!(short, "len" | "max" | "min" | "sum") {
        return None;
    }
    let mut t = inner.trim();
    // `len("ab" * 1375)`: a repeated literal's length, however long the string would be.
    if short == "len" {
        if let Some((lit, count)) = t.rsplit_once('*') {
            let lit = lit.trim();
            let q = lit.chars().next().filter(|c| matches!(c, '"' | '\''));
            let body = q.and_then(|q| lit.strip_prefix(q)?.strip_suffix(q));
            let n = count.trim().parse::<u64>().ok();
            if let (Some(body), Some(n)) = (body, n) {
                if !body.contains(['"', '\'', '\\']) && n <= 1_000_000_000 {
                    return Some(Val::Num(body.chars().count() as f64 * n as f64));
                }
            }
        }
    }
    // A generator over the range that yields its variable unchanged.
    if let Some((var, rest)) = t.split_once(" for ") {
        let rest = rest.trim_start();
        let (var2, it) = rest.split_once(" in ")?;
        if var.trim() != var2.trim() || var.trim().is_empty() {
            return None;
        }
        t = it.trim();
    }
    let args = t.strip_prefix("range(")?.strip_suffix(')')?;
    let nums: Option<Vec<f64>> = args
        .split(',')
        .map(|a| a.trim().parse::<f64>().ok())
        .collect();
    let (a, b, step) = match nums?.as_slice() {
        [b] => (0.0, *b, 1.0),
        [a, b] => (*a, *b, 1.0),
        [a, b, s] => (*a, *b, *s),
        _ => return None,
    };
    if [a, b, step]
        .iter()
        .any(|x| x.fract() != 0.0 || x.abs() > 1e12)
        || step <= 0.0
    {
        return None;
    }
    let count = ((b - a) / step).ceil().max(0.0);
    let v = match short {
        "len" => count,
        "max" if count > 0.0 => a + step * (count - 1.0),
        "min" if count > 0.0 => a,
        "sum" => count * a + step * count * (count - 1.0) / 2.0,
        _ => return None,
    };
    Some(Val::Num(v))
}

fn repeat(s: &str, n: f64) -> Option<Val> {
    if n.fract() != 0.0
        || !(0.0..=64.0).contains(&n)
        || s.len().saturating_mul(n as usize) > MAX_STR
    {
        return None;
    }
    Some(Val::Str(s.repeat(n as usize)))
}

/// Functions [`Parser::call`] evaluates (lowercase, the last part of a dotted name).
const FUNCTIONS: [&str; 36] = [
    "prod",
    "mul",
    "multiply",
    "multiplyexact",
    "addexact",
    "valueof",
    "fraction",
    "decimal",
    "reduce",
    "truediv",
    "floordiv",
    "divmod",
    "ord",
    "chr",
    "str",
    "string",
    "int",
    "float",
    "number",
    "parseint",
    "parsefloat",
    "abs",
    "round",
    "sum",
    "pow",
    "min",
    "max",
    "len",
    "hex",
    "fromcharcode",
    "sprintf",
    "format",
    "printf",
    "tostring",
    "bigint",
    "long",
];

/// A recursive-descent reader of one expression over the names of a [`Run`].
struct Parser<'a> {
    s: &'a str,
    i: usize,
    run: &'a Run,
    /// A value was computed (an operator, a call, a format, an interpolation, a name read).
    derived: bool,
    /// Operations applied (a bare name or literal is not an expression worth reporting).
    ops: u32,
    depth: u32,
    extra: Vec<f64>,
    /// Python's `print(…, sep='')`.
    sep: Option<String>,
    /// Python's `print(…, end='')`: the next print continues the line.
    end: Option<String>,
}

impl<'a> Parser<'a> {
    fn new(s: &'a str, run: &'a Run) -> Parser<'a> {
        Parser {
            s,
            i: 0,
            run,
            derived: false,
            ops: 0,
            depth: 0,
            extra: Vec::new(),
            sep: None,
            end: None,
        }
    }

    fn b(&self, k: usize) -> Option<u8> {
        self.s.as_bytes().get(self.i + k).copied()
    }

    fn rest(&self) -> &'a str {
        self.s.get(self.i..).unwrap_or("")
    }

    fn ws(&mut self) {
        while matches!(self.b(0), Some(b' ' | b'\t')) {
            self.i += 1;
        }
    }

    fn eat(&mut self, t: &str) -> bool {
        self.ws();
        if self.rest().starts_with(t) {
            self.i += t.len();
            true
        } else {
            false
        }
    }

    /// Is the parse at a clean end: nothing left, a comment, prose after a space, or prose
    /// punctuation (`, `, `. `)?
    fn clean_end(&mut self) -> bool {
        let had_space = matches!(self.b(0), Some(b' ' | b'\t'))
            || self
                .i
                .checked_sub(1)
                .and_then(|k| self.s.as_bytes().get(k))
                .is_some_and(|c| *c == b' ' || *c == b'\t');
        self.ws();
        let r = self.rest();
        let first = r.as_bytes().first().copied();
        match first {
            None => true,
            Some(b'#' | b'`' | b';') => true,
            Some(b'/') => r.starts_with("//") || r.starts_with("/*"),
            Some(b',' | b'.' | b')' | b':' | b'!' | b'?') => {
                r.as_bytes().get(1).is_none_or(|c| *c == b' ' || *c == b'`')
            }
            Some(c) => had_space && (c.is_ascii_alphabetic() || c == b'(' || c == b'-'),
        }
    }

    /// Comma-separated expressions: one value, or a tuple.
    fn expr_list(&mut self) -> Option<Val> {
        let first = self.expr()?;
        let mut items = vec![first];
        loop {
            let save = self.i;
            if self.eat(",") {
                self.ws();
                if self.b(0).is_none() {
                    break;
                }
                match self.expr() {
                    Some(v) if items.len() < 16 => {
                        items.push(v);
                        continue;
                    }
                    _ => {
                        self.i = save;
                        break;
                    }
                }
            }
            break;
        }
        if items.len() == 1 {
            items.pop()
        } else {
            Some(Val::List(items))
        }
    }

    /// Arguments of a call, up to the end of the text.
    fn args(&mut self) -> Option<Vec<Val>> {
        let mut out = Vec::new();
        self.ws();
        if self.b(0).is_none() {
            return Some(out);
        }
        loop {
            // A keyword argument (`sep=''`, `end=''`) is skipped.
            let save = self.i;
            self.ws();
            let n = self.rest().bytes().take_while(|c| is_ident(*c)).count();
            if n > 0
                && self
                    .rest()
                    .get(n..)
                    .is_some_and(|r| r.starts_with('=') && !r.starts_with("=="))
            {
                let key = self.rest().get(..n).unwrap_or("");
                let (sep, end) = (key == "sep", key == "end");
                self.i += n + 1;
                let v = self.expr()?;
                if sep {
                    self.sep = v.text();
                } else if end {
                    self.end = v.text();
                }
            } else {
                self.i = save;
                out.push(self.expr()?);
            }
            if !self.eat(",") || out.len() > 16 {
                break;
            }
        }
        self.ws();
        Some(out)
    }

    fn expr(&mut self) -> Option<Val> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        let v = self.bits(b'|');
        self.depth -= 1;
        v
    }

    /// `a | b` over `a & b` over shifts (integers only); `||`, `&&`, `|=` are not read.
    fn bits(&mut self, op: u8) -> Option<Val> {
        let mut v = if op == b'|' {
            self.bits(b'&')?
        } else {
            self.shift()?
        };
        loop {
            let save = self.i;
            self.ws();
            let lone = self.b(0) == Some(op) && !matches!(self.b(1), Some(b'|' | b'&' | b'='));
            if !lone {
                self.i = save;
                return Some(v);
            }
            self.i += 1;
            let r = if op == b'|' {
                self.bits(b'&')
            } else {
                self.shift()
            };
            let Some(r) = r else {
                self.i = save;
                return Some(v);
            };
            let kind = if op == b'|' { Op::Or } else { Op::And };
            v = self.apply(kind, &v, &r)?;
        }
    }

    fn shift(&mut self) -> Option<Val> {
        let mut v = self.additive()?;
        loop {
            let op = if self.eat("<<") {
                Op::Shl
            } else if self.eat(">>") {
                Op::Shr
            } else {
                return Some(v);
            };
            let r = self.additive()?;
            v = self.apply(op, &v, &r)?;
        }
    }

    fn additive(&mut self) -> Option<Val> {
        let mut v = self.term()?;
        loop {
            self.ws();
            let op = match (self.b(0), self.b(1)) {
                (Some(b'+'), Some(c)) if c != b'=' && c != b'+' => Op::Add,
                (Some(b'-'), Some(c)) if c != b'=' && c != b'-' && c != b'>' => Op::Sub,
                // Lua joins strings with `..`; PHP and Perl with a spaced `.`.
                (Some(b'.'), Some(b'.')) if self.b(2) != Some(b'.') => Op::Concat,
                (Some(b'.'), Some(b' '))
                    if self.i > 0 && self.s.as_bytes().get(self.i - 1) == Some(&b' ') =>
                {
                    Op::Concat
                }
                // PHP's `"27"."50"`: a dot between two quoted strings.
                (Some(b'.'), Some(b'"' | b'\''))
                    if self.i > 0
                        && matches!(self.s.as_bytes().get(self.i - 1), Some(b'"' | b'\'')) =>
                {
                    Op::Concat
                }
                _ => return Some(v),
            };
            let save = self.i;
            self.i += if self.b(1) == Some(b'.') { 2 } else { 1 };
            let Some(r) = self.term() else {
                self.i = save;
                return Some(v);
            };
            v = self.apply(op, &v, &r)?;
        }
    }

    fn term(&mut self) -> Option<Val> {
        let mut v = self.unary()?;
        loop {
            self.ws();
            let (op, len) = match (self.b(0), self.b(1), self.b(2)) {
                (Some(b'/'), Some(b'/'), Some(c)) if c != b'=' => (Op::FloorDiv, 2),
                (Some(b'*'), Some(c), _) if c != b'*' && c != b'=' => (Op::Mul, 1),
                (Some(b'/'), Some(c), _) if c != b'=' && c != b'/' && c != b'*' => (Op::Div, 1),
                (Some(b'%'), Some(c), _) if c != b'=' => (Op::Mod, 1),
                _ => return Some(v),
            };
            let save = self.i;
            self.i += len;
            let Some(r) = self.unary() else {
                self.i = save;
                return Some(v);
            };
            v = self.apply(op, &v, &r)?;
        }
    }

    fn unary(&mut self) -> Option<Val> {
        self.ws();
        match (self.b(0), self.b(1)) {
            (Some(b'-'), Some(c)) if c != b'-' && c != b'=' => {
                self.i += 1;
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return None;
                }
                let v = self.unary()?;
                self.depth -= 1;
                self.ops += 1;
                match v {
                    Val::Num(n) => Some(Val::Num(-n)),
                    _ => None,
                }
            }
            (Some(b'+'), Some(c)) if c != b'+' && c != b'=' => {
                self.i += 1;
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return None;
                }
                let v = self.unary();
                self.depth -= 1;
                v
            }
            _ => self.power(),
        }
    }

    fn power(&mut self) -> Option<Val> {
        let base = self.postfix()?;
        let save = self.i;
        self.ws();
        if self.rest().starts_with("**") && !self.rest().starts_with("**=") {
            self.i += 2;
            let Some(e) = self.unary() else {
                self.i = save;
                return Some(base);
            };
            return self.apply(Op::Pow, &base, &e);
        }
        self.i = save;
        Some(base)
    }

    fn apply(&mut self, op: Op, a: &Val, b: &Val) -> Option<Val> {
        self.derived = true;
        self.ops += 1;
        binary(op, a, b, &mut self.extra)
    }

    /// A primary with its method calls and subscripts (`'51'.ljust(4, '0')`, `s[::-1]`).
    fn postfix(&mut self) -> Option<Val> {
        let mut v = self.primary()?;
        loop {
            if self.rest().starts_with('.') {
                let r = self.rest().get(1..).unwrap_or("");
                let n = r.bytes().take_while(|c| is_ident(*c)).count();
                let name = r.get(..n).unwrap_or("");
                // Rust's turbofish (`.sum::<i32>()`) names a type, not an argument.
                let fish = r
                    .get(n..)
                    .filter(|t| t.starts_with("::<"))
                    .and_then(|t| t.find(">("))
                    .filter(|k| *k < 24)
                    .map_or(0, |k| k + 1);
                let n2 = n + fish;
                if n == 0 || !r.get(n2..).is_some_and(|t| t.starts_with('(')) {
                    return Some(v);
                }
                let body = r.get(n2 + 1..).unwrap_or("");
                let close = find_close(body, b')')?;
                let inner = body.get(..close)?;
                let args = self.sub_args(inner)?;
                let out = method(&name.to_ascii_lowercase(), &v, &args, self.run)?;
                self.i += 1 + n2 + 1 + close + 1;
                self.derived = true;
                self.ops += 1;
                v = out;
            } else if self.rest().starts_with('[') {
                let body = self.rest().get(1..).unwrap_or("");
                let close = find_close(body, b']')?;
                let inner = body.get(..close)?;
                let out = subscript(&v, inner)?;
                self.i += close + 2;
                self.derived = true;
                self.ops += 1;
                v = out;
            } else {
                return Some(v);
            }
        }
    }

    /// Arguments read by a parser over `inner` sharing this one's state.
    fn sub_args(&mut self, inner: &str) -> Option<Vec<Val>> {
        let mut p = Parser::new(inner, self.run);
        p.depth = self.depth + 1;
        if p.depth > MAX_DEPTH {
            return None;
        }
        let args = p.args()?;
        if p.b(0).is_some() {
            return None;
        }
        self.derived |= p.derived;
        self.extra.append(&mut p.extra);
        Some(args)
    }

    /// `reduce(operator.mul, [11, 250])`, `reduce(operator.add, …)`, `reduce(mul, …)`: the
    /// product or sum of the list (the reducer named, not a lambda).
    fn reduce(&mut self, inner: &str) -> Option<Val> {
        let (head, list) = inner.split_once(',')?;
        let head = head.trim();
        let short = head.rsplit('.').next().unwrap_or(head).to_ascii_lowercase();
        let product = match short.as_str() {
            "mul" | "__mul__" | "imul" => true,
            "add" | "__add__" | "iadd" => false,
            _ => return None,
        };
        let items = match self.sub_expr(list.trim())? {
            Val::List(items) => items,
            _ => return None,
        };
        let nums: Option<Vec<f64>> = items.iter().map(|v| v.coerce(parse_decimal)).collect();
        let nums = nums?;
        Some(Val::Num(if product {
            nums.iter().product()
        } else {
            nums.iter().sum()
        }))
    }

    /// An expression read by a parser over `inner` (an interpolation, a parenthesis).
    fn sub_expr(&mut self, inner: &str) -> Option<Val> {
        let mut p = Parser::new(inner, self.run);
        p.depth = self.depth + 1;
        if p.depth > MAX_DEPTH {
            return None;
        }
        let v = p.expr_list()?;
        p.ws();
        if p.b(0).is_some() {
            return None;
        }
        self.derived |= p.derived;
        self.ops += p.ops;
        self.extra.append(&mut p.extra);
        Some(v)
    }

    fn primary(&mut self) -> Option<Val> {
        let used = self.run.operands.get() + 1;
        if used > MAX_OPERANDS {
            return None;
        }
        self.run.operands.set(used);
        self.ws();
        let c = self.b(0)?;
        match c {
            b'0'..=b'9' => self.number(),
            b'.' if self.b(1).is_some_and(|d| d.is_ascii_digit()) => self.number(),
            b'\'' | b'"' | b'`' => self.string(""),
            b'(' => {
                // `$((…))` is read at `$`; here a parenthesis or a tuple.
                let body = self.rest().get(1..)?;
                let close = find_close(body, b')')?;
                let inner = body.get(..close)?;
                let v = self.sub_expr(inner)?;
                self.i += close + 2;
                Some(v)
            }
            b'[' => {
                let body = self.rest().get(1..)?;
                let close = find_close(body, b']')?;
                let inner = body.get(..close)?;
                let items = self.sub_args(inner)?;
                self.i += close + 2;
                Some(Val::List(items))
            }
            b'$' | b'@' => {
                if self.rest().starts_with("$((") {
                    let body = self.rest().get(3..)?;
                    let close = body.find("))")?;
                    let v = self.sub_expr(body.get(..close)?)?;
                    self.i += close + 5;
                    self.derived = true;
                    self.ops += 1;
                    return Some(v);
                }
                if self.rest().starts_with("${") {
                    let body = self.rest().get(2..)?;
                    let close = body.find('}')?;
                    let name = body.get(..close)?;
                    let (v, d) = self.run.get(name)?;
                    let v = v.clone();
                    self.derived |= d;
                    self.i += close + 3;
                    return Some(v);
                }
                if c == b'$' && matches!(self.b(1), Some(b'"' | b'\'')) {
                    // C# `$"…{x}…"`.
                    self.i += 1;
                    return self.string("f");
                }
                self.i += 1;
                self.name()
            }
            c if is_ident_start(c) => {
                // String prefixes: `f'…'`, `rf"…"`, `b'…'`.
                let n = self
                    .rest()
                    .bytes()
                    .take_while(|c| c.is_ascii_alphabetic())
                    .count();
                let word = self.rest().get(..n)?;
                if n <= 2
                    && matches!(self.b(n), Some(b'\'' | b'"'))
                    && word
                        .bytes()
                        .all(|c| matches!(c.to_ascii_lowercase(), b'f' | b'r' | b'b' | b'u'))
                {
                    self.i += n;
                    return self.string(&word.to_ascii_lowercase());
                }
                self.name()
            }
            _ => None,
        }
    }

    /// A number literal: decimal with `_` separators, exponent, `0x`/`0o`/`0b`, and a type
    /// suffix (`u64`, `L`, `n`). A leading zero before a digit is octal or a typo: not read.
    fn number(&mut self) -> Option<Val> {
        let r = self.rest();
        let b = r.as_bytes();
        let radix = match (b.first(), b.get(1).map(u8::to_ascii_lowercase)) {
            (Some(b'0'), Some(b'x')) => 16,
            (Some(b'0'), Some(b'o')) => 8,
            (Some(b'0'), Some(b'b')) => 2,
            _ => 10,
        };
        let (v, mut n, special) = if radix != 10 {
            let n = b
                .get(2..)?
                .iter()
                .take_while(|c| c.is_ascii_hexdigit() || **c == b'_')
                .count();
            let digits: String = r.get(2..2 + n)?.chars().filter(|c| *c != '_').collect();
            (
                u64::from_str_radix(&digits, radix).ok()? as f64,
                2 + n,
                true,
            )
        } else {
            let mut n = 0;
            let mut special = false;
            let mut seen_point = false;
            while let Some(&c) = b.get(n) {
                if c.is_ascii_digit() {
                    n += 1;
                } else if c == b'_' && b.get(n + 1).is_some_and(u8::is_ascii_digit) && n > 0 {
                    special = true;
                    n += 1;
                } else if c == b'.' && !seen_point && b.get(n + 1).is_some_and(u8::is_ascii_digit) {
                    seen_point = true;
                    n += 1;
                } else {
                    break;
                }
            }
            if matches!(b.get(n), Some(b'e' | b'E')) {
                let sign = usize::from(matches!(b.get(n + 1), Some(b'+' | b'-')));
                let d = b
                    .get(n + 1 + sign..)?
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .count();
                if d > 0 && d <= 3 {
                    n += 1 + sign + d;
                    special = true;
                }
            }
            let text: String = r.get(..n)?.chars().filter(|c| *c != '_').collect();
            if text.len() > 1 && text.starts_with('0') && !text.starts_with("0.") {
                return None;
            }
            (text.parse::<f64>().ok()?, n, special)
        };
        // A type suffix.
        for suf in [
            "u64", "i64", "u32", "i32", "usize", "_u64", "_i64", "L", "l", "n", "u", "f",
        ] {
            if r.get(n..).is_some_and(|t| t.starts_with(suf))
                && !r
                    .as_bytes()
                    .get(n + suf.len())
                    .is_some_and(|c| is_ident(*c))
            {
                n += suf.len();
                break;
            }
        }
        // A coefficient glued to a name this run knows (`100x` after `Let x = 51`): the
        // product, as written in algebra. Only a whole name that is assigned (`800ms` is no
        // product unless `ms` was set).
        let rb = r.as_bytes();
        if radix == 10 && rb.get(n).is_some_and(|c| is_ident_start(*c)) {
            let m = rb
                .get(n..)
                .unwrap_or(&[])
                .iter()
                .take_while(|c| is_ident(**c))
                .count();
            let glued = r.get(n..n + m).and_then(|name| self.run.get(name));
            if let Some((Val::Num(x), _)) = glued {
                let x = *x;
                self.i += n + m;
                self.derived = true;
                self.ops += 1;
                return Some(Val::Num(v * x));
            }
        }
        // Ruby's `27.to_s`: the number as text.
        if radix == 10
            && r.get(n..).is_some_and(|t| t.starts_with(".to_s"))
            && !rb.get(n + 5).is_some_and(|c| is_ident(*c))
        {
            self.i += n + 5;
            self.derived = true;
            self.ops += 1;
            return Some(Val::Str(fmt_num(v)));
        }
        // Glued to a word or a version's next part (`800ms`, `5.1.2`); a full stop ends it.
        if rb.get(n).is_some_and(|c| is_ident(*c))
            || (rb.get(n) == Some(&b'.') && rb.get(n + 1).is_some_and(|c| is_ident(*c)))
        {
            return None;
        }
        self.i += n;
        if special {
            self.derived = true;
        }
        Some(Val::Num(v))
    }

    /// A name assigned earlier, or a call of a function this module evaluates.
    fn name(&mut self) -> Option<Val> {
        let r = self.rest();
        let n = r.bytes().take_while(|c| is_ident(*c) || *c == b'.').count();
        let n = r.get(..n)?.trim_end_matches('.').len();
        let name = r.get(..n)?;
        let after = r.get(n..)?;
        let macro_call = after.starts_with("!(");
        if after.starts_with('(') || macro_call {
            let body = after.get(1 + usize::from(macro_call)..)?;
            let close = find_close(body, b')')?;
            let inner = body.get(..close)?;
            let short = name.rsplit('.').next().unwrap_or(name).to_ascii_lowercase();
            // `len(range(0, 5500, 2))`, `max(x for x in range(2751))`, `reduce(operator.mul,
            // […])`: read before the arguments (a range beyond `MAX_STR` items is never built;
            // a function as an argument is no value).
            let v = match range_closed(&short, inner) {
                Some(v) => v,
                None if short == "reduce" => self.reduce(inner)?,
                None => {
                    let args = self.sub_args(inner)?;
                    call(&short, &args, macro_call, self.run)?
                }
            };
            self.i += n + 1 + usize::from(macro_call) + close + 1;
            self.derived = true;
            self.ops += 1;
            return Some(v);
        }
        let Some((v, d)) = self.run.get(name) else {
            // Python's and JS's booleans in arithmetic (`5099 + True`); not a value alone.
            let b = match name {
                "True" | "true" => 1.0,
                "False" | "false" => 0.0,
                _ => return None,
            };
            self.i += n;
            return Some(Val::Num(b));
        };
        let v = v.clone();
        self.derived |= d;
        // A name read counts as an operation: `lag` after `lag = 5000 + 100` restates it,
        // and `b = a` copies a computed value.
        self.derived = true;
        self.i += n;
        Some(v)
    }

    /// A quoted string at the cursor; `prefix` holds `f` (an f-string), `r` (raw).
    fn string(&mut self, prefix: &str) -> Option<Val> {
        let r = self.rest();
        let q = *r.as_bytes().first()?;
        let body = r.get(1..)?;
        let raw = prefix.contains('r');
        let fmt = prefix.contains('f');
        let mut out = String::new();
        let mut k = 0;
        let bb = body.as_bytes();
        loop {
            let c = *bb.get(k)?;
            if c == q {
                break;
            }
            if c == b'\\' && !raw {
                let (ch, len) = escape(body.get(k..)?)?;
                out.push_str(&ch);
                k += len;
                continue;
            }
            if c == b'\n' {
                return None;
            }
            let interp =
                (q == b'`' || q == b'"') && c == b'$' || c == b'#' && bb.get(k + 1) == Some(&b'{');
            if interp {
                if let Some((v, len)) = self.interpolate(body.get(k..)?, q == b'`') {
                    out.push_str(&v);
                    k += len;
                    continue;
                }
            }
            if fmt && c == b'{' {
                if bb.get(k + 1) == Some(&b'{') {
                    out.push('{');
                    k += 2;
                    continue;
                }
                let close = find_close(body.get(k + 1..)?, b'}')?;
                let field = body.get(k + 1..k + 1 + close)?;
                out.push_str(&self.fstring_field(field)?);
                k += close + 2;
                continue;
            }
            if fmt && c == b'}' && bb.get(k + 1) == Some(&b'}') {
                out.push('}');
                k += 2;
                continue;
            }
            let ch = body.get(k..)?.chars().next()?;
            out.push(ch);
            k += ch.len_utf8();
            if out.len() > MAX_STR {
                return None;
            }
        }
        self.i += 1 + k + 1;
        // Adjacent literals join (`"27" "50"` in Python, C and Ruby; `"27""50"` in a shell):
        // a value the code builds.
        let r = self.rest();
        let gap = r.bytes().take_while(|c| *c == b' ' || *c == b'\t').count();
        if matches!(q, b'"' | b'\'') && matches!(r.as_bytes().get(gap), Some(b'"' | b'\'')) {
            let save = self.i;
            self.i += gap;
            if let Some(Val::Str(next)) = self.string("") {
                self.derived = true;
                self.ops += 1;
                out.push_str(&next);
                return cap(out);
            }
            self.i = save;
        }
        Some(Val::Str(out))
    }

    /// `${x}`, `$x`, `$((x*100))`, `#{x}` at the start of `t` (inside a string): the text and
    /// the bytes it takes. `template`: `${…}` holds an expression (JS).
    fn interpolate(&mut self, t: &str, template: bool) -> Option<(String, usize)> {
        let v;
        let len;
        if let Some(body) = t.strip_prefix("$((") {
            let close = body.find("))")?;
            v = self.sub_expr(body.get(..close)?)?;
            len = close + 5;
        } else if let Some(body) = t.strip_prefix("$(") {
            // PowerShell's subexpression `$($x * 100)`.
            let close = find_close(body, b')')?;
            v = self.sub_expr(body.get(..close)?)?;
            len = close + 3;
        } else if let Some(body) = t.strip_prefix("${").or_else(|| t.strip_prefix("#{")) {
            let close = find_close(body, b'}')?;
            let inner = body.get(..close)?;
            v = if template || t.starts_with('#') {
                self.sub_expr(inner)?
            } else {
                self.run.get(inner.trim())?.0.clone()
            };
            len = close + 3;
        } else {
            let body = t.get(1..)?;
            let n = body.bytes().take_while(|c| is_ident(*c)).count();
            if n == 0 {
                return None;
            }
            v = self.run.get(body.get(..n)?)?.0.clone();
            len = n + 1;
        }
        self.derived = true;
        self.ops += 1;
        Some((v.text()?, len))
    }

    /// An f-string field `expr[!r][:spec]`.
    fn fstring_field(&mut self, field: &str) -> Option<String> {
        let (expr, spec) = split_spec(field);
        let expr = expr.split_once('!').map_or(expr, |(e, _)| e);
        let expr = expr.strip_suffix('=').unwrap_or(expr);
        let v = self.sub_expr(expr)?;
        self.derived = true;
        self.ops += 1;
        format_spec(&v, spec.unwrap_or(""))
    }
}

/// Split a format field at its top-level `:` (`0:02d` → (`0`, `02d`)).
fn split_spec(field: &str) -> (&str, Option<&str>) {
    let mut depth = 0i32;
    for (k, c) in field.bytes().enumerate() {
        match c {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b':' if depth == 0 => {
                return (field.get(..k).unwrap_or(""), field.get(k + 1..));
            }
            _ => {}
        }
    }
    (field, None)
}

/// A backslash escape at the start of `t`: its text and length.
fn escape(t: &str) -> Option<(String, usize)> {
    let b = t.as_bytes();
    let c = *b.get(1)?;
    let hex = |from: usize, n: usize| -> Option<(String, usize)> {
        let h = t.get(from..from + n)?;
        let code = u32::from_str_radix(h, 16).ok()?;
        Some((char::from_u32(code)?.to_string(), from + n))
    };
    match c {
        b'n' => Some(("\n".into(), 2)),
        b't' => Some(("\t".into(), 2)),
        b'x' => hex(2, 2),
        b'u' if b.get(2) == Some(&b'{') => {
            let close = t.get(3..)?.find('}')?;
            let h = t.get(3..3 + close)?;
            let code = u32::from_str_radix(h, 16).ok()?;
            Some((char::from_u32(code)?.to_string(), 3 + close + 1))
        }
        b'u' => hex(2, 4),
        b'U' => hex(2, 8),
        _ => {
            let ch = t.get(1..)?.chars().next()?;
            Some((ch.to_string(), 1 + ch.len_utf8()))
        }
    }
}

/// The position of the closing `end` byte at depth zero (quotes, brackets and braces).
fn find_close(s: &str, end: u8) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote: Option<u8> = None;
    let mut skip = false;
    for (i, c) in s.bytes().enumerate() {
        if skip {
            skip = false;
            continue;
        }
        match quote {
            Some(_) if c == b'\\' => skip = true,
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None => match c {
                _ if c == end && depth == 0 => return Some(i),
                b'"' | b'\'' | b'`' => quote = Some(c),
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth = depth.checked_sub(1)?,
                b'\n' => return None,
                _ => {}
            },
        }
    }
    None
}

/// `s[i]`, `s[a:b]`, `s[::-1]` on a string (or a list).
fn subscript(v: &Val, inner: &str) -> Option<Val> {
    let idx = |t: &str| -> Option<Option<i64>> {
        let t = t.trim();
        if t.is_empty() {
            Some(None)
        } else {
            t.parse::<i64>().ok().map(Some)
        }
    };
    let parts: Vec<&str> = inner.split(':').collect();
    match v {
        Val::Str(s) => {
            let chars: Vec<char> = s.chars().collect();
            let len = chars.len() as i64;
            let at = |k: i64| if k < 0 { (len + k).max(0) } else { k.min(len) };
            match parts.as_slice() {
                [one] => {
                    let k = idx(one)??;
                    let k = if k < 0 { len + k } else { k };
                    chars
                        .get(usize::try_from(k).ok()?)
                        .map(|c| Val::Str(c.to_string()))
                }
                [a, b] | [a, b, ""] => {
                    let a = idx(a)?.map_or(0, at);
                    let b = idx(b)?.map_or(len, at);
                    let (a, b) = (usize::try_from(a).ok()?, usize::try_from(b).ok()?);
                    Some(Val::Str(chars.get(a..b.max(a))?.iter().collect()))
                }
                // `'a2b7c5d0'[1::2]`, `'05729'[3::-1]`, `'9001599'[4:0:-1]`: Python's
                // extended slice.
                [a, b, step] => {
                    let st = idx(step)?.unwrap_or(1);
                    let mut out = String::new();
                    if st > 0 {
                        let a = idx(a)?.map_or(0, at);
                        let b = idx(b)?.map_or(len, at);
                        let mut k = a;
                        while k < b {
                            out.push(*chars.get(usize::try_from(k).ok()?)?);
                            k += st;
                        }
                    } else if st < 0 {
                        // Negative step: start defaults to the end, stop to before the start.
                        let clamp = |k: i64| if k < 0 { len + k } else { k.min(len - 1) };
                        let a = idx(a)?.map_or(len - 1, clamp);
                        let b = idx(b)?.map_or(-1, |k| if k < 0 { (len + k).max(-1) } else { k });
                        let mut k = a;
                        while k > b && k >= 0 {
                            out.push(*chars.get(usize::try_from(k).ok()?)?);
                            k += st;
                        }
                    } else {
                        return None;
                    }
                    Some(Val::Str(out))
                }
                _ => None,
            }
        }
        Val::List(items) => match parts.as_slice() {
            [one] => {
                let k = idx(one)??;
                let k = if k < 0 { items.len() as i64 + k } else { k };
                items.get(usize::try_from(k).ok()?).cloned()
            }
            _ => None,
        },
        Val::Num(_) => None,
    }
}

/// A method on a value.
fn method(name: &str, v: &Val, args: &[Val], run: &Run) -> Option<Val> {
    let text = || v.text();
    let width = |k: usize| -> Option<usize> {
        let w = args.get(k)?.coerce(parse_decimal)?;
        (w.fract() == 0.0 && (0.0..=64.0).contains(&w)).then_some(w as usize)
    };
    let fill = |k: usize, default: char| -> Option<char> {
        match args.get(k) {
            None => Some(default),
            Some(Val::Str(f)) => f.chars().next(),
            Some(_) => None,
        }
    };
    let pad = |left: bool, default: char| -> Option<Val> {
        let s = text()?;
        let w = width(0)?;
        let f = fill(1, default)?;
        let n = s.chars().count();
        let padding: String = std::iter::repeat_n(f, w.saturating_sub(n)).collect();
        Some(Val::Str(if left { padding + &s } else { s + &padding }))
    };
    match name {
        "ljust" | "padend" => pad(false, ' '),
        "rjust" | "padstart" => pad(true, ' '),
        "zfill" => {
            let s = text()?;
            let w = width(0)?;
            let (sign, digits) = match s.strip_prefix('-') {
                Some(d) => ("-", d),
                None => ("", s.as_str()),
            };
            let n = s.chars().count();
            Some(Val::Str(format!(
                "{sign}{}{digits}",
                "0".repeat(w.saturating_sub(n))
            )))
        }
        "center" => {
            let s = text()?;
            let w = width(0)?;
            let f = fill(1, ' ')?;
            let n = s.chars().count();
            let total = w.saturating_sub(n);
            // Python's rule for the odd fill character (`str.center`).
            let left = total / 2 + (total & w & 1);
            let l: String = std::iter::repeat_n(f, left).collect();
            let r: String = std::iter::repeat_n(f, total - left).collect();
            Some(Val::Str(l + &s + &r))
        }
        "repeat" => repeat(&text()?, args.first()?.coerce(parse_decimal)?),
        "codepointat" | "charcodeat" => {
            let k = args
                .first()
                .and_then(|v| v.coerce(parse_decimal))
                .unwrap_or(0.0);
            let s = text()?;
            let ch = s.chars().nth(k as usize)?;
            Some(Val::Num(f64::from(u32::from(ch))))
        }
        "tostring" => match (v, args) {
            (Val::Num(_), []) => Some(Val::Str(text()?)),
            (Val::Num(n), [Val::Num(r)]) => radix_text(*n, *r as u32).map(Val::Str),
            _ => None,
        },
        "format" => match v {
            Val::Str(f) => py_format(f, args, run).map(Val::Str),
            _ => None,
        },
        "join" => match (v, args) {
            (Val::Str(sep), [Val::List(items)]) | (Val::List(items), [Val::Str(sep)]) => {
                let parts: Option<Vec<String>> = items.iter().map(Val::text).collect();
                cap(parts?.join(sep))
            }
            _ => None,
        },
        "concat" => {
            let mut s = text()?;
            for a in args {
                s.push_str(&a.text()?);
            }
            cap(s)
        }
        "replace" | "replaceall" => match args {
            [Val::Str(a), b] if !a.is_empty() => cap(text()?.replace(a.as_str(), &b.text()?)),
            _ => None,
        },
        "strip" | "trim" => Some(Val::Str(text()?.trim().to_string())),
        // `(11).__mul__(250)`, `BigInteger.valueOf(51).multiply(…)`, `(250).__add__(2500)`.
        "__mul__" | "multiply" | "mul" | "times" | "__add__" | "add" | "plus" | "__sub__"
        | "subtract" | "minus" => {
            let (a, b) = (
                v.coerce(parse_decimal)?,
                args.first()?.coerce(parse_decimal)?,
            );
            if args.len() != 1 || matches!(v, Val::Str(_)) {
                return None;
            }
            Some(Val::Num(match name {
                "__mul__" | "multiply" | "mul" | "times" => a * b,
                "__add__" | "add" | "plus" => a + b,
                _ => a - b,
            }))
        }
        // `numpy.array([…]).sum()`, `[…].iter().sum::<i32>()`: a list's sum.
        "sum" if args.is_empty() => match v {
            Val::List(items) => {
                let nums: Option<Vec<f64>> =
                    items.iter().map(|v| v.coerce(parse_decimal)).collect();
                Some(Val::Num(nums?.iter().sum()))
            }
            _ => None,
        },
        "iter" | "to_vec" if args.is_empty() => Some(v.clone()),
        _ => None,
    }
}

fn radix_text(n: f64, radix: u32) -> Option<String> {
    if n.fract() != 0.0 || !(0.0..=1e15).contains(&n) || !(2..=36).contains(&radix) {
        return None;
    }
    let mut v = n as u64;
    let mut out = Vec::new();
    loop {
        out.push(char::from_digit((v % u64::from(radix)) as u32, radix)?);
        v /= u64::from(radix);
        if v == 0 {
            break;
        }
    }
    Some(out.iter().rev().collect())
}

/// A function on evaluated arguments. `macro_call`: Rust's `format!` family.
fn call(name: &str, args: &[Val], macro_call: bool, run: &Run) -> Option<Val> {
    let one = || match args {
        [v] => Some(v),
        _ => None,
    };
    let nums = || -> Option<Vec<f64>> {
        let flat: Vec<Val> = match args {
            [Val::List(items)] => items.clone(),
            _ => args.to_vec(),
        };
        flat.iter().map(|v| v.coerce(parse_decimal)).collect()
    };
    match name {
        "format" | "println" | "print" | "write" | "writeln" if macro_call => {
            match args.split_first()? {
                (Val::Str(f), rest) => py_format(f, rest, run).map(Val::Str),
                _ => None,
            }
        }
        "ord" => {
            let s = one()?.text()?;
            let mut cs = s.chars();
            let c = cs.next()?;
            cs.next()
                .is_none()
                .then(|| Val::Num(f64::from(u32::from(c))))
        }
        "chr" | "fromcharcode" => {
            let cs: Option<String> = nums()?
                .into_iter()
                .map(|n| {
                    (n.fract() == 0.0 && (0.0..=1_114_111.0).contains(&n))
                        .then(|| char::from_u32(n as u32))
                        .flatten()
                })
                .collect();
            Some(Val::Str(cs?))
        }
        "str" | "string" | "tostring" => Some(Val::Str(one()?.text()?)),
        "int" | "parseint" | "bigint" | "long" | "number" | "float" | "parsefloat" => {
            let (v, base) = match args {
                [v] => (v, 10),
                [v, b] => (v, b.coerce(parse_decimal)? as u32),
                _ => return None,
            };
            if base == 10 {
                let n = match v {
                    Val::Num(n) => *n,
                    Val::Str(s) => {
                        let t = s.trim();
                        let t: String = t.chars().filter(|c| *c != '_').collect();
                        let t = if name == "parseint" {
                            let k = t
                                .bytes()
                                .take_while(|c| c.is_ascii_digit() || *c == b'-')
                                .count();
                            t.get(..k)?.to_string()
                        } else {
                            t
                        };
                        parse_decimal(&t)?
                    }
                    Val::List(_) => return None,
                };
                let int = matches!(name, "int" | "parseint" | "bigint" | "long");
                return Some(Val::Num(if int { n.trunc() } else { n }));
            }
            if !(2..=36).contains(&base) {
                return None;
            }
            let t = v.text()?;
            let d = t.trim();
            let d = d
                .strip_prefix("0x")
                .or_else(|| d.strip_prefix("0o"))
                .or_else(|| d.strip_prefix("0b"))
                .unwrap_or(d);
            u64::from_str_radix(d, base)
                .ok()
                .map(|n| Val::Num(n as f64))
        }
        "abs" => Some(Val::Num(one()?.coerce(parse_decimal)?.abs())),
        // Arithmetic written as calls: `operator.mul(51, 100)`, `int.__mul__(51, 100)`,
        // `Math.multiplyExact(51, 100)`, `operator.add(…)`, `Fraction(10200, 2)`.
        "mul" | "__mul__" | "multiply" | "multiplyexact" => match nums()?.as_slice() {
            [a, b] => Some(Val::Num(a * b)),
            _ => None,
        },
        "add" | "__add__" | "addexact" => match nums()?.as_slice() {
            [a, b] => Some(Val::Num(a + b)),
            _ => None,
        },
        "sub" | "__sub__" | "subtract" | "subtractexact" => match nums()?.as_slice() {
            [a, b] => Some(Val::Num(a - b)),
            _ => None,
        },
        "truediv" | "__truediv__" | "fraction" | "divide" => match nums()?.as_slice() {
            [a, b] if *b != 0.0 => Some(Val::Num(a / b)),
            [a] if name == "fraction" => Some(Val::Num(*a)),
            _ => None,
        },
        "floordiv" | "__floordiv__" => match nums()?.as_slice() {
            [a, b] if *b != 0.0 => Some(Val::Num((a / b).floor())),
            _ => None,
        },
        // `Decimal("5.1")`, `BigInteger.valueOf(51)`, `new BigDecimal("5.1")`: the number.
        "decimal" | "valueof" | "bigdecimal" | "biginteger" => match one()? {
            Val::Num(n) => Some(Val::Num(*n)),
            Val::Str(t) => parse_decimal(t.trim()).map(Val::Num),
            Val::List(_) => None,
        },
        // `sum(range(1, 101))`: the whole numbers of a range (at most `MAX_STR` of them).
        "range" => {
            let (a, b, step) = match nums()?.as_slice() {
                [b] => (0.0, *b, 1.0),
                [a, b] => (*a, *b, 1.0),
                [a, b, s] => (*a, *b, *s),
                _ => return None,
            };
            let whole = [a, b, step].iter().all(|x| x.fract() == 0.0);
            let count = ((b - a) / step).ceil();
            if !whole || step == 0.0 || !(0.0..=MAX_STR as f64).contains(&count) {
                return None;
            }
            Some(Val::List(
                (0..count as usize)
                    .map(|k| Val::Num(a + step * k as f64))
                    .collect(),
            ))
        }
        // `math.lcm(50, 55)`, `math.gcd(…)`, `math.factorial(5)` on whole numbers.
        "gcd" | "lcm" => match nums()?.as_slice() {
            [a, b] if a.fract() == 0.0 && b.fract() == 0.0 && *a > 0.0 && *b > 0.0 => {
                let (mut x, mut y) = (*a as u64, *b as u64);
                while y != 0 {
                    (x, y) = (y, x % y);
                }
                let g = x as f64;
                Some(Val::Num(if name == "gcd" { g } else { a / g * b }))
            }
            _ => None,
        },
        "factorial" => {
            let n = one()?.coerce(parse_decimal)?;
            (n.fract() == 0.0 && (0.0..=20.0).contains(&n))
                .then(|| Val::Num((1..=n as u64).product::<u64>() as f64))
        }
        "round" => Some(Val::Num(one()?.coerce(parse_decimal)?.round())),
        "sum" => Some(Val::Num(nums()?.iter().sum())),
        // `math.prod([2, 2, 3, 5, 5, 17])`, `np.prod([11, 250])`.
        "prod" => Some(Val::Num(nums()?.iter().product())),
        // `divmod(10200, 2)`: quotient and remainder (`[0]` picks one).
        "divmod" => match nums()?.as_slice() {
            [a, b] if *b != 0.0 => Some(Val::List(vec![
                Val::Num((a / b).floor()),
                Val::Num(a.rem_euclid(*b)),
            ])),
            _ => None,
        },
        "min" => nums()?.into_iter().reduce(f64::min).map(Val::Num),
        "max" => nums()?.into_iter().reduce(f64::max).map(Val::Num),
        "pow" => match nums()?.as_slice() {
            [a, b] => num_op(Op::Pow, *a, *b).map(Val::Num),
            _ => None,
        },
        "len" => match one()? {
            Val::Str(s) => Some(Val::Num(s.chars().count() as f64)),
            Val::List(l) => Some(Val::Num(l.len() as f64)),
            Val::Num(_) => None,
        },
        "hex" => radix_text(one()?.coerce(parse_decimal)?, 16).map(|h| Val::Str(format!("0x{h}"))),
        "sprintf" | "printf" => match args.split_first()? {
            (Val::Str(f), rest) => printf(f, rest, false).map(Val::Str),
            _ => None,
        },
        // `String.format("%d%02d", …)`, `format(x, '05d')`.
        "format" => match args {
            [Val::Str(f), rest @ ..] if f.contains('%') => printf(f, rest, false).map(Val::Str),
            [v, Val::Str(spec)] => format_spec(v, spec).map(Val::Str),
            _ => None,
        },
        _ => None,
    }
}

/// A printf-style conversion at `b[i..]` (after `%`): its flags, width, precision, conversion
/// and length; `None` when it is not one (`97% (`).
fn printf_spec(b: &[u8], i: usize) -> Option<(Spec, usize)> {
    let mut k = i;
    let mut spec = Spec::default();
    while let Some(&c) = b.get(k) {
        match c {
            b'-' => spec.align = Some('<'),
            b'+' => spec.sign = Some('+'),
            b'#' => {}
            b'0' => spec.zero = true,
            _ => break,
        }
        k += 1;
    }
    let w = b
        .get(k..)?
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if w > 0 {
        spec.width = std::str::from_utf8(b.get(k..k + w)?).ok()?.parse().ok()?;
        k += w;
    }
    if b.get(k) == Some(&b'.') {
        let p = b
            .get(k + 1..)?
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        spec.prec = Some(
            std::str::from_utf8(b.get(k + 1..k + 1 + p)?)
                .ok()?
                .parse()
                .unwrap_or(0),
        );
        k += 1 + p;
    }
    while matches!(b.get(k), Some(b'l' | b'h' | b'q' | b'j' | b'z')) {
        k += 1;
    }
    let conv = *b.get(k)?;
    if !matches!(
        conv,
        b'd' | b'i'
            | b'u'
            | b's'
            | b'f'
            | b'F'
            | b'x'
            | b'X'
            | b'o'
            | b'c'
            | b'e'
            | b'E'
            | b'b'
            | b'v'
    ) {
        return None;
    }
    // `5% done`, `50%s` in prose: a conversion is glued to the `%`'s flags or letters only.
    spec.ty = Some(char::from(conv));
    if spec.width > 64 {
        return None;
    }
    Some((spec, k + 1 - i))
}

/// A format's field: fill, alignment, sign, zero padding, width, grouping, precision, type.
#[derive(Debug, Default, Clone)]
struct Spec {
    fill: Option<char>,
    align: Option<char>,
    sign: Option<char>,
    zero: bool,
    width: usize,
    group: Option<char>,
    prec: Option<usize>,
    ty: Option<char>,
}

/// printf formatting (`%d%02d`); `shell`: the format is reused while arguments remain (bash).
fn printf(f: &str, args: &[Val], shell: bool) -> Option<String> {
    let b = f.as_bytes();
    let mut out = String::new();
    let mut next = 0;
    let mut any = false;
    for _round in 0..8 {
        let mut i = 0;
        let mut from = 0;
        while i < b.len() {
            if b.get(i) != Some(&b'%') {
                i += 1;
                continue;
            }
            out.push_str(f.get(from..i)?);
            if b.get(i + 1) == Some(&b'%') {
                out.push('%');
                i += 2;
                from = i;
                continue;
            }
            let (spec, len) = printf_spec(b, i + 1)?;
            let v = match args.get(next) {
                Some(v) => v.clone(),
                None if shell => Val::Str(String::new()),
                None => return None,
            };
            next += 1;
            any = true;
            out.push_str(&render(&v, &spec, true)?);
            i += 1 + len;
            from = i;
            if out.len() > MAX_STR {
                return None;
            }
        }
        out.push_str(f.get(from..)?);
        if !shell || next >= args.len() || !any {
            break;
        }
    }
    let out = if shell { unescape_printf(&out) } else { out };
    any.then_some(out)
}

/// `\n`, `\t` in a shell printf format.
fn unescape_printf(s: &str) -> String {
    s.replace("\\n", "\n").replace("\\t", "\t")
}

/// `{}`/`{0}`/`{:02d}`/`{name}` formatting (`str.format`, Rust `format!`).
fn py_format(f: &str, args: &[Val], run: &Run) -> Option<String> {
    let b = f.as_bytes();
    let mut out = String::new();
    let mut auto = 0;
    let mut i = 0;
    let mut from = 0;
    let mut any = false;
    while i < b.len() {
        match b.get(i) {
            Some(b'{') if b.get(i + 1) == Some(&b'{') => {
                out.push_str(f.get(from..i)?);
                out.push('{');
                i += 2;
                from = i;
            }
            Some(b'}') if b.get(i + 1) == Some(&b'}') => {
                out.push_str(f.get(from..i)?);
                out.push('}');
                i += 2;
                from = i;
            }
            Some(b'{') => {
                out.push_str(f.get(from..i)?);
                let close = f.get(i + 1..)?.find('}')?;
                let field = f.get(i + 1..i + 1 + close)?;
                let (key, spec) = split_spec(field);
                let key = key.split_once('!').map_or(key, |(k, _)| k).trim();
                let v = if key.is_empty() {
                    auto += 1;
                    args.get(auto - 1)?.clone()
                } else if let Ok(k) = key.parse::<usize>() {
                    args.get(k)?.clone()
                } else {
                    run.get(key)?.0.clone()
                };
                out.push_str(&format_spec(&v, spec.unwrap_or(""))?);
                any = true;
                i += close + 2;
                from = i;
                if out.len() > MAX_STR {
                    return None;
                }
            }
            _ => i += 1,
        }
    }
    out.push_str(f.get(from..)?);
    any.then_some(out)
}

/// A Python/Rust format spec (`02d`, `0<4`, `>6`, `,`, `+.1f`) applied to a value.
fn format_spec(v: &Val, spec: &str) -> Option<String> {
    let cs: Vec<char> = spec.chars().collect();
    let mut k = 0;
    let mut s = Spec::default();
    let is_align = |c: Option<&char>| matches!(c, Some('<' | '>' | '^' | '='));
    if is_align(cs.get(1)) {
        s.fill = cs.first().copied();
        s.align = cs.get(1).copied();
        k = 2;
    } else if is_align(cs.first()) {
        s.align = cs.first().copied();
        k = 1;
    }
    if let Some(c @ ('+' | '-' | ' ')) = cs.get(k) {
        s.sign = Some(*c);
        k += 1;
    }
    if cs.get(k) == Some(&'#') {
        k += 1;
    }
    if cs.get(k) == Some(&'0') {
        s.zero = true;
        k += 1;
    }
    let mut w = String::new();
    while let Some(c) = cs.get(k).filter(|c| c.is_ascii_digit()) {
        w.push(*c);
        k += 1;
    }
    if !w.is_empty() {
        s.width = w.parse().ok()?;
    }
    if let Some(c @ (',' | '_')) = cs.get(k) {
        s.group = Some(*c);
        k += 1;
    }
    if cs.get(k) == Some(&'.') {
        let mut p = String::new();
        k += 1;
        while let Some(c) = cs.get(k).filter(|c| c.is_ascii_digit()) {
            p.push(*c);
            k += 1;
        }
        s.prec = Some(p.parse().ok()?);
    }
    if let Some(c) = cs.get(k) {
        s.ty = Some(*c);
        k += 1;
    }
    if k != cs.len() || s.width > 64 {
        return None;
    }
    render(v, &s, false)
}

/// A value under a spec. `c_style`: printf (a string's zero flag pads with spaces).
fn render(v: &Val, s: &Spec, c_style: bool) -> Option<String> {
    if s.prec.is_some_and(|p| p > MAX_PREC) {
        return None;
    }
    let numeric = matches!(
        s.ty,
        Some('d' | 'i' | 'u' | 'f' | 'F' | 'x' | 'X' | 'o' | 'b' | 'e' | 'E' | '%')
    ) || (s.ty.is_none_or(|t| t == 'v') && matches!(v, Val::Num(_)));
    let body = if numeric {
        let n = v.coerce(parse_decimal)?;
        let mag = n.abs();
        let digits = match s.ty {
            Some('d' | 'i' | 'u') => fmt_num(mag.trunc()),
            Some('f' | 'F') => format!("{mag:.*}", s.prec.unwrap_or(6)),
            Some('%') => format!("{:.*}%", s.prec.unwrap_or(6), mag * 100.0),
            Some('x') => radix_text(mag, 16)?,
            Some('X') => radix_text(mag, 16)?.to_ascii_uppercase(),
            Some('o') => radix_text(mag, 8)?,
            Some('b') => radix_text(mag, 2)?,
            Some('e' | 'E') => {
                let t = format!("{mag:.*e}", s.prec.unwrap_or(6));
                let (m, e) = t.split_once('e')?;
                let e: i32 = e.parse().ok()?;
                let sign = if e < 0 { '-' } else { '+' };
                format!("{m}e{sign}{:02}", e.abs())
            }
            _ => match s.prec {
                Some(p) => format!("{mag:.p$}"),
                None => fmt_num(mag),
            },
        };
        let digits = match s.group {
            Some(g) => group(&digits, g),
            None => digits,
        };
        let sign = if n < 0.0 {
            "-"
        } else {
            match s.sign {
                Some('+') => "+",
                Some(' ') => " ",
                _ => "",
            }
        };
        let len = sign.len() + digits.chars().count();
        if s.zero && s.align.is_none() && s.fill.is_none() && s.width > len {
            return Some(format!("{sign}{}{digits}", "0".repeat(s.width - len)));
        }
        if s.align == Some('=') {
            let fill = s.fill.unwrap_or(if s.zero { '0' } else { ' ' });
            let pad: String = std::iter::repeat_n(fill, s.width.saturating_sub(len)).collect();
            return Some(format!("{sign}{pad}{digits}"));
        }
        format!("{sign}{digits}")
    } else {
        let t = match (s.ty, v) {
            (Some('c'), Val::Num(n)) => char::from_u32(*n as u32)?.to_string(),
            _ => v.text()?,
        };
        match s.prec {
            Some(p) => t.chars().take(p).collect(),
            None => t,
        }
    };
    let n = body.chars().count();
    if s.width <= n {
        return Some(body);
    }
    let zero_str = s.zero && !numeric && !c_style;
    let fill = s.fill.unwrap_or(if zero_str { '0' } else { ' ' });
    let align = s.align.unwrap_or(if numeric { '>' } else { '<' });
    let total = s.width - n;
    let (l, r) = match align {
        '<' => (0, total),
        '^' => (total / 2, total - total / 2),
        _ => (total, 0),
    };
    let lp: String = std::iter::repeat_n(fill, l).collect();
    let rp: String = std::iter::repeat_n(fill, r).collect();
    Some(lp + &body + &rp)
}

/// `5100` → `5,100` (integer part only).
fn group(digits: &str, sep: char) -> String {
    let (int, frac) = digits
        .split_once('.')
        .map_or((digits, None), |(a, b)| (a, Some(b)));
    let mut out = String::new();
    let n = int.len();
    for (k, c) in int.chars().enumerate() {
        if k > 0 && (n - k) % 3 == 0 {
            out.push(sep);
        }
        out.push(c);
    }
    if let Some(f) = frac {
        out.push('.');
        out.push_str(f);
    }
    out
}

/// Shell words (`'%d%02d' 51 0`, `"${x}00"`, `$((x*100))`): each word's text, and whether any
/// was interpolated. Stops at a pipe, a redirection or `&&`.
fn shell_words(s: &str, run: &Run) -> Option<(Vec<String>, bool)> {
    let b = s.as_bytes();
    let mut words = Vec::new();
    let mut derived = false;
    let mut i = 0;
    let mut p = Parser::new("", run);
    loop {
        while matches!(b.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        match b.get(i) {
            None | Some(b'|' | b'>' | b'&' | b'#') => break,
            _ => {}
        }
        let mut w = String::new();
        while let Some(&c) = b.get(i) {
            match c {
                b' ' | b'\t' | b'|' | b'>' | b'&' => break,
                b'\'' | b'"' if i > 0 && matches!(b.get(i - 1), Some(b'"' | b'\'')) => {
                    // A quoted part right after another (`"27""50"`): the shell joins them.
                    derived = true;
                    let q = c;
                    let body = s.get(i + 1..)?;
                    let close = body.find(char::from(q))?;
                    w.push_str(body.get(..close)?);
                    i += close + 2;
                }
                b'\'' => {
                    let body = s.get(i + 1..)?;
                    let close = body.find('\'')?;
                    w.push_str(body.get(..close)?);
                    i += close + 2;
                }
                b'"' => {
                    let body = s.get(i + 1..)?;
                    let mut k = 0;
                    loop {
                        let c = *body.as_bytes().get(k)?;
                        match c {
                            b'"' => break,
                            b'\\' => {
                                let ch = body.get(k + 1..)?.chars().next()?;
                                if !matches!(ch, '"' | '\\' | '$' | '`') {
                                    w.push('\\');
                                }
                                w.push(ch);
                                k += 1 + ch.len_utf8();
                            }
                            b'$' => match p.interpolate(body.get(k..)?, false) {
                                Some((t, len)) => {
                                    w.push_str(&t);
                                    k += len;
                                    derived = true;
                                }
                                None => return None,
                            },
                            _ => {
                                let ch = body.get(k..)?.chars().next()?;
                                w.push(ch);
                                k += ch.len_utf8();
                            }
                        }
                    }
                    i += k + 2;
                }
                b'$' => {
                    let (t, len) = p.interpolate(s.get(i..)?, false)?;
                    w.push_str(&t);
                    i += len;
                    derived = true;
                }
                _ => {
                    let ch = s.get(i..)?.chars().next()?;
                    w.push(ch);
                    i += ch.len_utf8();
                }
            }
            if w.len() > MAX_STR {
                return None;
            }
        }
        words.push(w);
        if words.len() > 32 {
            return None;
        }
    }
    Some((words, derived))
}

/// `the code point of 'Ꮼ'`, `codepoint of Ꮼ`, `ord of 'Ꮼ'`, `Ꮼ's code point`: one
/// non-ASCII character next to the phrase (quoted or alone), read as its code point. ASCII
/// is left alone (`the code point of 'a'` is 97: no ops value is written that way).
fn code_point_phrase(seg: &str, out: &mut Vec<f64>) {
    let lower = seg.to_ascii_lowercase();
    let quote = |c: char| matches!(c, '\'' | '"' | '`' | '‘' | '’' | '“' | '”');
    for phrase in [
        "code point of",
        "codepoint of",
        "code point for",
        "codepoint for",
        "ord of",
    ] {
        let mut from = 0;
        while let Some(k) = lower.get(from..).and_then(|t| t.find(phrase)) {
            let at = from + k + phrase.len();
            from = at;
            let rest = seg.get(at..).unwrap_or("").trim_start();
            let rest = rest
                .strip_prefix("the character")
                .map_or(rest, str::trim_start);
            let mut cs = rest.chars();
            let Some(first) = cs.next() else { continue };
            let (ch, after) = if quote(first) {
                let Some(c) = cs.next() else { continue };
                (c, cs.next())
            } else {
                (first, cs.next())
            };
            let closed = after.is_none_or(|a| !a.is_alphanumeric());
            if closed && !ch.is_ascii() {
                out.push(f64::from(u32::from(ch)));
            }
        }
    }
    // `Ꮼ's code point`, `'Ꮼ' code point`: the character right before the phrase.
    for phrase in [
        "'s code point",
        "’s code point",
        " code point",
        "'s codepoint",
        " codepoint",
    ] {
        let mut from = 0;
        while let Some(k) = seg.get(from..).and_then(|t| t.find(phrase)) {
            let at = from + k;
            from = at + phrase.len();
            let mut before = seg.get(..at).unwrap_or("").chars().rev();
            let mut ch = before.next();
            if ch.is_some_and(quote) {
                ch = before.next();
            }
            let Some(ch) = ch else { continue };
            let open = before.next().is_none_or(|c| !c.is_alphanumeric());
            if open && !ch.is_ascii() && !ch.is_whitespace() {
                out.push(f64::from(u32::from(ch)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::readings;

    /// Does the program compute `n` (a number, or a string reading as it)?
    fn states(s: &str, n: f64) -> bool {
        readings(s).is_some_and(|r| {
            r.numbers.iter().any(|v| (v - n).abs() < 1e-6)
                || r.text.lines().any(|l| l.trim() == super::fmt_num(n))
        })
    }

    #[test]
    fn assignments_over_statements() {
        assert!(states("lag = 5000\nlag += 100", 5100.0));
        assert!(states("x = 5000; x += 100  # lag", 5100.0));
        assert!(states("lag = 51\nlag *= 100\nprint(lag)", 5100.0));
        assert!(states("a = 51\nb = a * 100  # total lag", 5100.0));
        assert!(states(
            "let lag = 2000; lag += 750; // worst partition",
            2750.0
        ));
        assert!(states("worst = 275\nworst *= 10", 2750.0));
        assert!(states("hi, lo = 51, 0  # lag = hi*100+lo", 5100.0));
        assert!(states("lag = 5_000 + 1_00", 5100.0));
        assert!(states("lag = 4.5e3 + 600", 5100.0));
        assert!(states("$lag = 5000;\n$lag += 100;", 5100.0));
        assert!(states("x := 51\ny := x * 100", 5100.0));
        assert!(states("lag <- 5000\nlag <- lag + 100", 5100.0));
        assert!(states("int a = 10200;\na /= 2;", 5100.0));
        assert!(states("x = 1275\nx <<= 2", 5100.0));
        assert!(states("[a, b] = [51, 100]\nc = a * b", 5100.0));
        assert!(states("SET @lag = 5000; SET @lag = @lag + 100;", 5100.0));
        assert!(states("Try this: a = 51 then b = a * 100", 5100.0));
        assert!(states("lag = 51_00", 5100.0));
        assert!(states("x = 5099\nx++", 5100.0));
        assert!(states("local x = 51\nprint(x .. \"00\")", 5100.0));
        assert!(
            states("$x = 51; echo $x . \"00\";", 5100.0)
                || states("$x = 51; $y = $x . \"00\";", 5100.0)
        );
        assert!(states(
            "int x = 51;\nstd::cout << x << \"00\" << std::endl;",
            5100.0
        ));
        assert!(states("print(51, '00', sep='')", 5100.0));
        assert!(states("console.log('%d%s', 51, '00')", 5100.0));
        assert!(states("$x = 51\nWrite-Output \"$($x * 100)\"", 5100.0));
        assert!(states("my $x = 51; print \"${x}00\";", 5100.0));
        assert!(states("x = 51\nputs \"#{x}00\"", 5100.0));
        assert!(states("lag = 0x1000 + 0x3EC", 5100.0));
        assert!(states("hi = 0x13\nlo = 0xEC\nlag = hi << 8 | lo", 5100.0));
        assert!(states("python3 -c \"x=51; print(x*100)\"", 5100.0));
        assert!(states(">>> lag = 5000\n>>> lag + 100", 5100.0));
        assert!(states(
            "Let base = 5000 and delta = 100. The lag is base + delta.",
            5100.0
        ));
    }

    #[test]
    fn formats_and_padding() {
        assert!(states("x=51; echo \"${x}00\"", 5100.0));
        assert!(states("x=51\necho $x\"00\"", 5100.0));
        assert!(states("x=51; echo $((x*100))", 5100.0));
        assert!(states("printf '%d%02d' 51 0", 5100.0));
        assert!(states("print(f'{51}{0:02d}')", 5100.0));
        assert!(states("print('%d%02d' % (51, 0))", 5100.0));
        assert!(states("'{}{:02d}'.format(51, 0)", 5100.0));
        assert!(states("f'{51:0<4}'", 5100.0));
        assert!(states("lag = '51'.ljust(4, '0')", 5100.0));
        assert!(states("lag = '275'.ljust(4,'0')", 2750.0));
        assert!(states("'51'.padEnd(4, '0')", 5100.0));
        assert!(states("String(51).padEnd(4, \"0\")", 5100.0));
        assert!(states("const s = `${51}00`;", 5100.0));
        assert!(states("x = 51\ns = f\"{x}00\"", 5100.0));
        assert!(states("println!(\"{}{:02}\", 51, 0);", 5100.0));
        assert!(states("fmt.Sprintf(\"%d%02d\", 51, 0)", 5100.0));
        assert!(states("lag = ord('\u{13ec}')", 5100.0));
        assert!(states("lag = ord('\\u13ec')", 5100.0));
        assert!(states("'\u{13ec}'.codePointAt(0)", 5100.0));
        assert!(states("lag is the code point of '\u{13ec}'", 5100.0));
        assert!(states("lag is \u{13ec}'s code point", 5100.0));
        assert!(states(
            "lag: the code point of the character \u{13ec}",
            5100.0
        ));
        assert!(states("s = '0015'\nprint(s[::-1])", 5100.0));
        assert!(states("'5x00'.replace('x', '1')", 5100.0));
        assert!(states("x = '51'\ny = x + '00'", 5100.0));
    }

    #[test]
    fn near_misses_compute_no_target() {
        for s in [
            "replicas = 3\nreplicas += 2",
            "timeout = 5000  # ms\nretries = 3",
            "max.poll.records = 500\nsession.timeout.ms = 45000",
            "for i in range(100): total += 51",
            // A counted loop of a constant is run (`counted_loops_and_coefficients`); one
            // whose body reads the loop's name or branches is not.
            "total = 0\nfor i in range(100):\n    total += i\nprint(total)",
            "total = 0\nfor i in range(102):\n    if i > 1:\n        total += 51\nprint(total)",
            "x = 51\ny = 100",
            "printf '%d' 51",
            "ord('a')",
            "retention.ms=259200000 segment.bytes=1073741824",
            "2026-01-27 INFO retrying id=58573 backoff=800ms",
            "disk usage at 97% (439GiB of 500GiB)",
            "lag = 5000\nlag = 100",
            "x = 5000\nif x > 1:\n    x += 100",
            "x=5000\nfor i in 1 2; do\n  x=$((x+50))\ndone\necho $x",
            "x = 5000; while (x < 5100) { x += 100; }",
        ] {
            assert!(!states(s, 5100.0), "{s:?}");
        }
        assert_eq!(readings("timeout = 5000  # ms\nretries = 3"), None);
        assert_eq!(readings("x = 51\ny = 100"), None);
        assert_eq!(readings("no code at all"), None);
    }

    #[test]
    fn counted_loops_and_coefficients() {
        for (t, v) in [
            ("n = 0\nfor i in range(11):\n    n += 250\nprint(n)", 2750.0),
            (
                "lag = 0\nfor _ in range(51):\n    lag += 100\nprint(lag)",
                5100.0,
            ),
            (
                "let s=0; for (let i=0;i<11;i++) s+=250; console.log(s);",
                2750.0,
            ),
            (
                "int s=0; for(int i=0;i<51;i++) s+=100; printf(\"%d\\n\", s);",
                5100.0,
            ),
            (
                "total := 0\nfor i := 0; i < 51; i++ {\n    total += 100\n}\nfmt.Println(total)",
                5100.0,
            ),
            (
                "s = 0\nfor d in range(5):\n    s += 1000\ns += 100\nprint(s)",
                5100.0,
            ),
            ("s = 0\nfor i in range(1, 12): s = s + 250", 2750.0),
            ("x = 1275\nfor (int i = 1; i <= 2; ++i) { x *= 2; }", 5100.0),
            ("print(sum([100] * 51))", 5100.0),
            ("print(sum([250]*11))", 2750.0),
            ("print(math.prod([2,2,3,5,5,17]))", 5100.0),
            ("print(divmod(10200,2)[0])", 5100.0),
            ("Let x = 51.\nThe lag is 100x.", 5100.0),
            ("Let y = 2550.\nThe total is 2y.", 5100.0),
            ("Suppose k = 50.\nThen the worst lag is 55k.", 2750.0),
            ("a = 51\nanswer = 100a", 5100.0),
            ("print(sum(range(1, 101)) + 50)", 5100.0),
            ("print(math.lcm(50, 55) * 5)", 2750.0),
            ("If a = 2000 and b = 750, the lag is a + b.", 2750.0),
        ] {
            assert!(states(t, v), "{t:?} should state {v}");
        }
        for (t, v) in [
            // A loop body that is no constant accumulation, or a count not whole.
            ("n = 0\nfor i in range(11):\n    print(i)\nprint(n)", 11.0),
            (
                "n = 0\nfor i in range(11):\n    if i > 5:\n        n += 250",
                2750.0,
            ),
            ("n = 0\nfor i in range(11):\n    n += i", 55.0),
            ("print(sum([1,2,3]))", 5100.0),
            ("timeout = 30\nbackoff is 800ms", 24000.0),
        ] {
            assert!(!states(t, v), "{t:?} should not state {v}");
        }
    }

    #[test]
    fn calls_methods_slices_and_open_lines() {
        for (s, n) in [
            ("print(operator.mul(51, 100))", 5100.0),
            ("print(functools.reduce(operator.mul, [11, 250]))", 2750.0),
            ("print((11).__mul__(250))", 2750.0),
            ("print(int.__mul__(51, 100))", 5100.0),
            ("print((250).__add__(2500))", 2750.0),
            ("print(Decimal(\"5.1\") * 1000)", 5100.0),
            ("print(Fraction(10200, 2))", 5100.0),
            ("print(len(range(0, 5500, 2)))", 2750.0),
            ("print(max(x for x in range(2751)))", 2750.0),
            ("print(len(\"ab\"*1375))", 2750.0),
            ("print(5099 + True)", 5100.0),
            ("print(Math.multiplyExact(51, 100))", 5100.0),
            (
                "x = BigInteger.valueOf(51).multiply(BigInteger.valueOf(100))",
                5100.0,
            ),
            ("print(int(\"27\" \"50\"))", 2750.0),
            ("print(\"a2b7c5d0\"[1::2])", 2750.0),
            ("print(\"05729\"[3::-1])", 2750.0),
            ("print(\"9001599\"[4:0:-1])", 5100.0),
            ("print(\"27\", end=\"\")\nprint(\"50\")", 2750.0),
            ("echo -n 51; echo 00", 5100.0),
            ("printf 27; printf \"50\\n\"", 2750.0),
            ("<?php echo \"51\" . \"00\"; ?>", 5100.0),
            ("puts 27.to_s + 50.to_s", 2750.0),
            ("echo \"27\"\"50\"", 2750.0),
        ] {
            assert!(states(s, n), "{s}: {:?}", readings(s));
        }
        for s in [
            "print(operator.mul(3, 4))",
            "print(True)",
            "print('retry', end='')\nprint(' done')",
            "echo -n ok; echo done",
            "print(len(range(10)))",
            "for i in range(100): total += 51",
        ] {
            assert!(!states(s, 5100.0) && !states(s, 2750.0), "{s}");
        }
    }

    #[test]
    fn bounded_on_hostile_text() {
        let nested = format!(
            "x = 1\n{}",
            "x = ((((((((((((((((((((((((((x))))))))))))))))))))))))) + 1\n".repeat(400)
        );
        let parens = format!("a = 1; {}", "(".repeat(590)).repeat(300);
        let quotes = format!("x += 1; {}", "'a' ".repeat(150)).repeat(300);
        let pads = "s = 'a'\n".to_string() + &"s = s.ljust(64, 'b') + s * 64\n".repeat(300);
        let minus = format!("x = 1; y = {}1", "- ".repeat(290));
        for t in [nested, parens, quotes, pads, minus] {
            let start = std::time::Instant::now();
            let _ = readings(&t);
            assert!(start.elapsed().as_secs_f64() < 2.0, "{:?}", t.get(..40));
        }
    }
}
