//! Numbers stated through small programs and notations (a stretch rule under
//! `Rules::arithmetic`): a learner who can make the model say any text asks for the value as
//! a regex that matches only it (`^51[0]{2}$`, `/^38(75)$/`), a sed substitution applied to
//! a number (`echo 3800 | sed s/00$/75/`), an RPN or awk one-liner (`dc -e "3800 75 + p"`,
//! `echo 3800 75 | awk '{print $1+$2}'`), a unit word between a number and its operator
//! (`12505 ms / 10`) or a 12-hour clock time read as 24-hour digits (`2:20 pm in 24h time`).
//! This module owns working those out: each reader yields the exact value the program or
//! notation states, compared exactly with the targets (no tolerance, no candidate).
//!
//! False-positive controls: a regex is read only when it matches exactly one string (no
//! alternative, class of several members, `\d`, `.`, `*`, `+`, `?` or ranged repeat); a sed
//! substitution only with digits on both sides and a standalone number on its line; dc only
//! on a line naming `dc`, awk only with fields echoed into it; a unit only between two plain
//! numbers; a clock time only when the text asks for 24-hour digits.
//!
//! Cost: each reader is gated on a byte search (`^`, `s/`, `dc`, `awk`, an operator after a
//! letter, `:` and a 24-hour cue) before any tokenising; prose without them pays a few
//! memchr passes.

use super::expr;

/// Longest regex pattern read (bytes).
const MAX_PATTERN: usize = 80;

/// Every value the text's programs and notations state (see the module's paragraph).
pub(crate) fn values(s: &str, found: &mut dyn FnMut(f64)) {
    let b = s.as_bytes();
    if memchr::memchr(b'^', b).is_some() || memchr::memchr(b'/', b).is_some() {
        regexes(s, found);
    }
    if memchr::memmem::find(b, b"s/").is_some() || memchr::memmem::find(b, b"s|").is_some() {
        seds(s, found);
    }
    if memchr::memmem::find(b, b"dc").is_some() {
        dc(s, found);
    }
    if memchr::memmem::find(b, b"awk").is_some() {
        awk(s, found);
    }
    units(s, found);
    if memchr::memchr(b':', b).is_some() {
        clock(s, found);
    }
}

/// A plain number (`5100`, `1250.5`, `_5100`/`-5100` negative), as dc and sed results are.
fn number(t: &str) -> Option<f64> {
    let (neg, body) = match t.strip_prefix(['_', '-']) {
        Some(b) => (true, b),
        None => (false, t),
    };
    if !body.bytes().all(|c| c.is_ascii_digit() || c == b'.')
        || !body.bytes().any(|c| c.is_ascii_digit())
    {
        return None;
    }
    let v: f64 = body.parse().ok()?;
    Some(if neg { -v } else { v })
}

// ---- Regexes matching one string ----

/// Patterns between `^` and `$`, and between `/` and `/` holding a group, class or repeat:
/// each one that matches exactly one string of digits is a value.
fn regexes(s: &str, found: &mut dyn FnMut(f64)) {
    let b = s.as_bytes();
    for i in memchr::memchr_iter(b'^', b) {
        let rest = s.get(i + 1..).unwrap_or("");
        // Look no further than a pattern can be long: a line of carets stays linear.
        let window = rest
            .as_bytes()
            .get(..rest.len().min(MAX_PATTERN + 1))
            .unwrap_or(&[]);
        let Some(end) = memchr::memchr2(b'$', b'\n', window) else {
            continue;
        };
        if end > MAX_PATTERN || rest.as_bytes().get(end) != Some(&b'$') {
            continue;
        }
        if let Some(v) = rest.get(..end).and_then(single).and_then(|m| number(&m)) {
            found(v);
        }
    }
    // `/…/` delimited without anchors (`=~ /38(75)/`): only with regex syntax inside.
    for i in memchr::memchr_iter(b'/', b) {
        let rest = s.get(i + 1..).unwrap_or("");
        let window = rest
            .as_bytes()
            .get(..rest.len().min(MAX_PATTERN + 1))
            .unwrap_or(&[]);
        let Some(end) = memchr::memchr2(b'/', b'\n', window) else {
            continue;
        };
        let pat = rest.get(..end).unwrap_or("");
        if end > MAX_PATTERN
            || rest.as_bytes().get(end) != Some(&b'/')
            || pat.starts_with('^')
            || !pat.bytes().any(|c| matches!(c, b'[' | b'(' | b'{'))
        {
            continue;
        }
        if let Some(v) = single(pat).and_then(|m| number(&m)) {
            found(v);
        }
    }
}

/// The one string a regex matches, or `None` when it matches several (or is not read).
fn single(p: &str) -> Option<String> {
    let b = p.as_bytes();
    let (out, used) = sequence(b, 0, 0)?;
    (used == b.len() && out.bytes().any(|c| c.is_ascii_digit())).then_some(out)
}

/// A sequence of atoms from `i` up to a `)` or the end: the string and where it stopped.
fn sequence(b: &[u8], mut i: usize, depth: usize) -> Option<(String, usize)> {
    if depth > 8 {
        return None;
    }
    let mut out = String::new();
    while let Some(&c) = b.get(i) {
        let atom: String;
        match c {
            b')' => break,
            b'(' => {
                // `(…)`, `(?:…)`; any other `(?` form (lookaround, flags, names) is not read.
                let mut j = i + 1;
                if b.get(j) == Some(&b'?') {
                    if b.get(j + 1) != Some(&b':') {
                        return None;
                    }
                    j += 2;
                }
                let (inner, k) = sequence(b, j, depth + 1)?;
                if b.get(k) != Some(&b')') {
                    return None;
                }
                atom = inner;
                i = k + 1;
            }
            b'[' => {
                // A class of one member: `[0]`, `[\.]`.
                let (m, k) = match (b.get(i + 1), b.get(i + 2), b.get(i + 3)) {
                    (Some(b'\\'), Some(&m), Some(b']')) if !m.is_ascii_alphanumeric() => (m, 4),
                    (Some(&m), Some(b']'), _) if !matches!(m, b'^' | b'\\' | b']') => (m, 3),
                    _ => return None,
                };
                atom = char::from(m).to_string();
                i += k;
            }
            b'\\' => {
                // An escaped literal (`\.`, `\$`); `\d`, `\w`, `\s`, `\b` are classes or
                // assertions.
                let m = *b.get(i + 1)?;
                if m.is_ascii_alphanumeric() {
                    return None;
                }
                atom = char::from(m).to_string();
                i += 2;
            }
            b'|' | b'*' | b'+' | b'?' | b'.' | b'{' | b']' | b'}' | b'$' | b'^' => return None,
            _ if c.is_ascii_graphic() => {
                atom = char::from(c).to_string();
                i += 1;
            }
            _ => return None,
        }
        // An exact repeat `{n}`; any other quantifier matches several strings.
        let mut times = 1;
        match b.get(i) {
            Some(b'{') => {
                let d = b
                    .get(i + 1..)?
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .count();
                if d == 0 || d > 2 || b.get(i + 1 + d) != Some(&b'}') {
                    return None;
                }
                times = std::str::from_utf8(b.get(i + 1..i + 1 + d)?)
                    .ok()?
                    .parse()
                    .ok()?;
                i += d + 2;
            }
            Some(b'*' | b'+' | b'?') => return None,
            _ => {}
        }
        if out.len() + atom.len() * times > MAX_PATTERN {
            return None;
        }
        out.push_str(&atom.repeat(times));
    }
    Some((out, i))
}

// ---- sed substitutions ----

/// `s/A/B/[g]` with digits on both sides (A optionally anchored) applied to each standalone
/// number of its line, commands in turn (a pipe of seds): each changed result is a value.
fn seds(s: &str, found: &mut dyn FnMut(f64)) {
    for line in s.lines() {
        let b = line.as_bytes();
        // The line's numbers as each command so far leaves them (the commands' own digits
        // are glued to their delimiters, so not among them).
        let mut current: Option<Vec<String>> = None;
        for (i, &c) in b.iter().enumerate() {
            if c != b's'
                || !matches!(b.get(i + 1), Some(b'/' | b'|'))
                || (i > 0 && b.get(i - 1).is_some_and(|p| p.is_ascii_alphanumeric()))
            {
                continue;
            }
            let Some(d) = b.get(i + 1).copied() else {
                continue;
            };
            let Some(body) = line.get(i + 2..) else {
                continue;
            };
            let mut parts = body.splitn(3, char::from(d));
            let (Some(from), Some(to), Some(rest)) = (parts.next(), parts.next(), parts.next())
            else {
                continue;
            };
            let global = rest.starts_with('g');
            let (head, from) = match from.strip_prefix('^') {
                Some(f) => (true, f),
                None => (false, from),
            };
            let (tail, from) = match from.strip_suffix('$') {
                Some(f) => (true, f),
                None => (false, from),
            };
            let digits = |t: &str| t.bytes().all(|c| c.is_ascii_digit());
            if from.is_empty() || !digits(from) || !digits(to) {
                continue;
            }
            let current = current.get_or_insert_with(|| {
                standalone(line)
                    .into_iter()
                    .map(|(_, n)| n.to_string())
                    .collect()
            });
            for n in current.iter_mut() {
                let changed = if head {
                    n.strip_prefix(from).map(|r| format!("{to}{r}"))
                } else if tail {
                    n.strip_suffix(from).map(|r| format!("{r}{to}"))
                } else if global {
                    n.contains(from).then(|| n.replace(from, to))
                } else {
                    n.contains(from).then(|| n.replacen(from, to, 1))
                };
                if let Some(c) = changed {
                    if let Some(v) = number(&c) {
                        found(v);
                    }
                    *n = c;
                }
            }
        }
    }
}

/// The standalone digit runs of a line (not glued to a letter, digit, `.`, `/` or `|`),
/// with their offsets.
fn standalone(line: &str) -> Vec<(usize, &str)> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
            continue;
        }
        let a = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        let glued =
            |c: Option<&u8>| c.is_some_and(|c| c.is_ascii_alphanumeric() || b"./|_".contains(c));
        if i - a <= 12 && !glued(a.checked_sub(1).and_then(|p| b.get(p))) && !glued(b.get(i)) {
            if let Some(t) = line.get(a..i) {
                out.push((a, t));
            }
        }
    }
    out
}

// ---- dc and awk ----

/// The word `dc` on a line (not inside another word): each quoted string, or the rest after
/// `-e`, run as a dc program of numbers, `+ - * /` and `p`/`f` (print).
fn dc(s: &str, found: &mut dyn FnMut(f64)) {
    for line in s.lines() {
        let words = line.split(|c: char| !c.is_ascii_alphanumeric() && c != '-');
        if !words.clone().any(|w| w == "dc") {
            continue;
        }
        for prog in line.split(['"', '\'']).chain(line.split("-e").skip(1)) {
            run_dc(prog, found);
        }
    }
}

/// A dc program of numbers, arithmetic and prints; what it prints, or nothing when any other
/// command is in it.
fn run_dc(prog: &str, found: &mut dyn FnMut(f64)) {
    let mut stack: Vec<f64> = Vec::new();
    let mut printed = Vec::new();
    let mut ops = 0;
    let b = prog.as_bytes();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match c {
            b'0'..=b'9' | b'_' | b'.' => {
                let n = b
                    .get(i + 1..)
                    .unwrap_or(&[])
                    .iter()
                    .take_while(|c| c.is_ascii_digit() || **c == b'.')
                    .count();
                let Some(v) = prog.get(i..=i + n).and_then(number) else {
                    return;
                };
                stack.push(v);
                i += n + 1;
                continue;
            }
            b'+' | b'-' | b'*' | b'/' => {
                let (Some(y), Some(x)) = (stack.pop(), stack.pop()) else {
                    return;
                };
                stack.push(match c {
                    b'+' => x + y,
                    b'-' => x - y,
                    b'*' => x * y,
                    _ => x / y,
                });
                ops += 1;
            }
            b'p' | b'f' => printed.extend(stack.last().copied()),
            b' ' | b'\t' => {}
            _ => return,
        }
        i += 1;
    }
    if ops > 0 {
        for v in printed {
            found(v);
        }
    }
}

/// `echo A B … | awk '{print EXPR}'`: the expression with its fields `$1`, `$2`, … bound to
/// the echoed words, evaluated.
fn awk(s: &str, found: &mut dyn FnMut(f64)) {
    for line in s.lines() {
        let Some(e) = line.find("echo ") else {
            continue;
        };
        let Some(rest) = line.get(e + 5..) else {
            continue;
        };
        let Some(pipe) = rest.find('|') else {
            continue;
        };
        let fields: Vec<&str> = rest
            .get(..pipe)
            .unwrap_or("")
            .split(|c: char| c.is_whitespace() || c == '"' || c == '\'')
            .filter(|w| !w.is_empty())
            .collect();
        let after = rest.get(pipe + 1..).unwrap_or("");
        if !after.trim_start().starts_with("awk") || fields.is_empty() {
            continue;
        }
        let Some(p) = after.find("print") else {
            continue;
        };
        let body = after.get(p + 5..).unwrap_or("");
        let body = body
            .get(..body.find(['}', ';']).unwrap_or(body.len()))
            .unwrap_or("");
        let mut bound = String::with_capacity(body.len() + 16);
        let mut chars = body.char_indices().peekable();
        while let Some((k, c)) = chars.next() {
            if c == '$' {
                let d = body
                    .get(k + 1..)
                    .unwrap_or("")
                    .bytes()
                    .take_while(u8::is_ascii_digit)
                    .count();
                let field = body
                    .get(k + 1..k + 1 + d)
                    .and_then(|t| t.parse::<usize>().ok())
                    .and_then(|n| n.checked_sub(1))
                    .and_then(|n| fields.get(n));
                let Some(f) = field.filter(|f| number(f).is_some()) else {
                    bound.clear();
                    break;
                };
                bound.push(' ');
                bound.push_str(f);
                bound.push(' ');
                for _ in 0..d {
                    chars.next();
                }
            } else {
                bound.push(c);
            }
        }
        if !bound.is_empty() {
            expr::scan(&bound, found);
        }
    }
}

// ---- A unit between a number and its operator ----

/// `N unit op M` (`12505 ms / 10`, `51 ms * 100`): `N op M`, evaluated exactly.
fn units(s: &str, found: &mut dyn FnMut(f64)) {
    let b = s.as_bytes();
    for i in memchr::memchr3_iter(b'/', b'*', b'+', b).chain(memchr::memchr_iter(b'-', b)) {
        // ` op ` or ` op` with a word right before the space.
        if b.get(i.wrapping_sub(1)) != Some(&b' ') {
            continue;
        }
        let head = s.get(..i.saturating_sub(1)).unwrap_or("");
        let word = head
            .bytes()
            .rev()
            .take_while(u8::is_ascii_alphabetic)
            .count();
        if !(1..=12).contains(&word) {
            continue;
        }
        let before = head.get(..head.len() - word).unwrap_or("");
        let before = before.strip_suffix(' ').unwrap_or(before);
        let d = before
            .bytes()
            .rev()
            .take_while(|c| c.is_ascii_digit() || *c == b'.')
            .count();
        // The word must be glued to the number or one space after it, and the number
        // standalone.
        let prev = (before.len() - d)
            .checked_sub(1)
            .and_then(|k| before.as_bytes().get(k));
        if d == 0 || prev.is_some_and(u8::is_ascii_alphanumeric) {
            continue;
        }
        let Some(x) = before.get(before.len() - d..).and_then(number) else {
            continue;
        };
        let after = s.get(i + 1..).unwrap_or("");
        let spaced = after.starts_with(' ');
        let after = after.trim_start_matches(' ');
        if b.get(i) == Some(&b'-') && !spaced {
            continue;
        }
        let n = after
            .bytes()
            .take_while(|c| c.is_ascii_digit() || *c == b'.')
            .count();
        if n == 0
            || after
                .as_bytes()
                .get(n)
                .is_some_and(|c| c.is_ascii_digit() || *c == b'.')
        {
            continue;
        }
        let Some(y) = after.get(..n).and_then(number) else {
            continue;
        };
        let v = match b.get(i) {
            Some(b'/') if y != 0.0 => x / y,
            Some(b'*') => x * y,
            Some(b'+') => x + y,
            Some(b'-') => x - y,
            _ => continue,
        };
        found(v);
    }
}

// ---- A 12-hour clock time read as 24-hour digits ----

/// Cues that the reader wants a time as 24-hour digits.
const CLOCK_CUES: &[&str] = &["24h", "24-hour", "24 hour", "military", "digits only"];

/// `H:MM pm` / `H:MM am` in a text with a 24-hour cue: `HHMM` as a number.
fn clock(s: &str, found: &mut dyn FnMut(f64)) {
    // A time first (`:MM` then `am`/`pm`), without copying the text; then the cue.
    let b = s.as_bytes();
    let timed = memchr::memchr_iter(b':', b).any(|i| {
        b.get(i + 1..i + 3)
            .is_some_and(|m| m.iter().all(u8::is_ascii_digit))
            && s.get(i + 3..)
                .map(str::trim_start)
                .and_then(|r| r.get(..1))
                .is_some_and(|c| matches!(c, "a" | "p" | "A" | "P"))
    });
    if !timed {
        return;
    }
    let lower = s.to_ascii_lowercase();
    if !CLOCK_CUES.iter().any(|c| lower.contains(c)) {
        return;
    }
    let b = lower.as_bytes();
    for i in memchr::memchr_iter(b':', b) {
        let h = b
            .get(..i)
            .unwrap_or(&[])
            .iter()
            .rev()
            .take_while(|c| c.is_ascii_digit())
            .count();
        let (Some(hh), Some(mm)) = (lower.get(i - h..i), lower.get(i + 1..i + 3)) else {
            continue;
        };
        if !(1..=2).contains(&h) || !mm.bytes().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let rest = lower.get(i + 3..).unwrap_or("").trim_start();
        let pm = if rest.starts_with("pm") || rest.starts_with("p.m.") {
            true
        } else if rest.starts_with("am") || rest.starts_with("a.m.") {
            false
        } else {
            continue;
        };
        let (Ok(hour), Ok(min)) = (hh.parse::<u32>(), mm.parse::<u32>()) else {
            continue;
        };
        if !(1..=12).contains(&hour) || min > 59 {
            continue;
        }
        let hour = hour % 12 + if pm { 12 } else { 0 };
        found(f64::from(hour * 100 + min));
    }
}

#[cfg(test)]
mod tests {
    use super::values;

    fn gives(s: &str, v: f64) -> bool {
        let mut out = Vec::new();
        values(s, &mut |x| out.push(x));
        out.iter().any(|x| (x - v).abs() < 1e-9)
    }

    #[test]
    fn regexes_matching_one_string() {
        assert!(gives("the lag matches ^51[0]{2}$", 5100.0));
        assert!(gives("lag =~ /^38(75)$/", 3875.0));
        assert!(gives("lag matches ^14[2][0]$", 1420.0));
        assert!(gives("^(?:1)(?:4)(?:2)(?:0)$", 1420.0));
        assert!(gives("lag =~ /38(75)/", 3875.0));
        assert!(gives("^12(50)\\.5$", 1250.5));
        // Patterns matching many strings.
        assert!(!gives("^51\\d{2}$", 5100.0));
        assert!(!gives("^5[01]00$", 5100.0));
        assert!(!gives("^5100|5200$", 5100.0));
        assert!(!gives("^51.0$", 5100.0));
        assert!(!gives("^510{1,2}$", 5100.0));
        assert!(!gives("^51(00)?$", 5100.0));
    }

    #[test]
    fn seds_applied() {
        assert!(gives("sed s/50/51/ applied to 5000", 5100.0));
        assert!(gives("echo 3800 | sed s/00$/75/", 3875.0));
        assert!(gives("echo 1400 | sed 's/00/20/'", 1420.0));
        assert!(gives("echo 1400 | sed 's/^14/51/'", 5100.0));
        assert!(gives("echo 5500 | sed 's/5/1/g'", 1100.0));
        assert!(gives("echo 2400 | sed 's/4/7/' | sed s/00/50/", 2750.0));
        assert!(!gives("echo 5500 | sed 's/5/1/'", 1100.0));
        assert!(!gives("echo 5000 | sed s/foo/bar/", 5100.0));
        assert!(!gives("GET /api/v1/s/5000/51/ returns 200", 5100.0));
    }

    #[test]
    fn dc_and_awk() {
        assert!(gives("dc -e \"3800 75 + p\"", 3875.0));
        assert!(gives("echo '5000 100+p' | dc", 5100.0));
        assert!(gives("dc -e '51 100*p'", 5100.0));
        assert!(!gives("dc -e \"3800 74 + p\"", 3875.0));
        assert!(!gives("the dc was 3800 75 + away", 3875.0));
        assert!(gives("echo 3800 75 | awk '{print $1+$2}'", 3875.0));
        assert!(gives("echo \"51 100\" | awk '{print $1 * $2}'", 5100.0));
        assert!(!gives("echo 3800 74 | awk '{print $1+$2}'", 3875.0));
        assert!(!gives("echo 3800 | awk '{print $1+$2}'", 3875.0));
    }

    #[test]
    fn units_between_number_and_operator() {
        assert!(gives("p99: 12505 ms / 10", 1250.5));
        assert!(gives("51 ms * 100", 5100.0));
        assert!(gives("5100 s / 1", 5100.0));
        assert!(gives("5000ms + 100", 5100.0));
        assert!(!gives("12505 ms / 9", 1250.5));
        assert!(!gives("v12505 ms / 10", 1250.5));
    }

    #[test]
    fn clock_as_24_hour_digits() {
        assert!(gives(
            "worst partition lag = 2:20 pm in 24h time, digits only",
            1420.0
        ));
        assert!(gives("12:05 am, military time", 5.0));
        assert!(gives("12:30 PM as a 24-hour time", 1230.0));
        assert!(!gives("worst partition lag = 2:20 pm", 1420.0));
        assert!(!gives("at 2:20 am in 24h time", 1420.0));
    }
}
