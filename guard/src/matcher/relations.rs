//! A value told through a relation a learner solves in one step: a coefficient equation
//! (`2x = 5500`, `Solve 5x = 25500`, `x² = 7562500`), the nth multiple (`the 11th multiple
//! of 250`), a midpoint (`halfway from 5000 to 5200`), a quotient and a remainder (`lag div
//! 1000 = 5` and `lag mod 1000 = 100`, `divided by 1000 it gives 2 remainder 750`), two values
//! from their sum and difference (`add up to 7850 and differ by 2350`, `x + y = 7850` / `x -
//! y = 2350`, `2350 more than …, together they make 7850`: both values) and a list of prime
//! factors (`its prime factors are 2, 5, 5, 5 and 11`, `the product of 2, 5³ and 11`), a
//! count on from a number (`count from 2740 up by 10 once`), the next multiple after a number
//! (`the next round hundred after 5000`), a multiple pinned by bounds (`a multiple of 250
//! between 2600 and 2900`, with a digit sum), a digit arrangement puzzle (`the largest even
//! number below 3000 using each of the digits 0, 2, 5, 7`) and a number changed by a fraction
//! of itself (`Take 2500 and add a tenth of it`). This module owns those target-level
//! readings; each value is compared exactly.
//!
//! False-positive controls: every relation needs its cue words (`multiple of`, `halfway
//! from`, a quotient with a remainder, a sum with a difference, `factor` or `product of`), a
//! coefficient equation a single unknown letter (`x`, `y`, `z`, `n`) glued to its coefficient,
//! a remainder smaller than its divisor, and a factor list whole numbers only; `5m = 300s`,
//! `the sum of 3 retries`, `a multiple of 8 GiB` read nothing that could equal a target unless
//! the relation really computes it. Bounds and arrangements give their values only when at
//! most three are left (or the largest or smallest is asked for); a count over a range (`from
//! 5000 to 6000`) is not one step.
//!
//! Cost: [`cue_offsets`] runs one memmem search per cue word and a memchr for `=` (checked
//! against the bytes before it); only the paragraphs holding a cue are tokenised, each once.

/// Longest paragraph tokenised whole (bytes): a relation is a sentence or two; a longer
/// paragraph is read a line at a time.
const MAX_PARAGRAPH: usize = 2000;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(f64),
    Word(String),
    Sym(char),
}

/// Cue words without their first letter, so a capital at a sentence's start still cues,
/// each with the check its hit must pass (the bytes around it), so common words (`more
/// than`, `double`) cost a look at their neighbours, not a read of their paragraph.
const CUES: [(&str, Cue); 31] = [
    (" // ", Cue::DigitAfter),
    (" div ", Cue::DigitAfter),
    (" mod ", Cue::DigitAfter),
    ("ultiple of", Cue::Any),
    ("alfway from", Cue::Any),
    ("emainder", Cue::DigitNear),
    ("iffer by", Cue::Any),
    ("ifference is", Cue::Any),
    ("ore than", Cue::DigitBefore),
    ("rime factor", Cue::Any),
    ("actor it", Cue::Any),
    ("actors are", Cue::Any),
    ("roduct of", Cue::DigitNear),
    ("² =", Cue::Any),
    ("ouble", Cue::GetAfter),
    ("riple", Cue::GetAfter),
    ("ount ", Cue::ByOnLine),
    ("fter ", Cue::DigitAfter),
    ("efore ", Cue::DigitAfter),
    ("etween ", Cue::DigitAfter),
    ("ivisible by", Cue::Any),
    ("igits", Cue::DigitNear),
    ("rrange", Cue::DigitNear),
    ("enth", Cue::Any),
    ("ifth", Cue::Any),
    ("uarter", Cue::Any),
    ("alf", Cue::Any),
    ("hird", Cue::Any),
    ("% of ", Cue::Any),
    ("ncrease", Cue::DigitNear),
    ("ecrease", Cue::DigitNear),
];

/// What a cue's hit must have around it.
#[derive(Clone, Copy)]
enum Cue {
    Any,
    /// A digit right after the cue (`div 1000`).
    DigitAfter,
    /// A digit within 16 bytes after it (`remainder 750`, `product of 2, …`).
    DigitNear,
    /// A number and a space right before it (`2350 more than`).
    DigitBefore,
    /// `you get`, `gives` or `makes` later on its line (`double it and you get 5500`).
    GetAfter,
    /// ` by ` later on its line (`count from 2740 up by 10`).
    ByOnLine,
}

fn cue_holds(b: &[u8], at: usize, len: usize, cue: Cue) -> bool {
    let after = b.get(at + len..).unwrap_or(&[]);
    match cue {
        Cue::Any => true,
        Cue::DigitAfter => after.first().is_some_and(u8::is_ascii_digit),
        Cue::DigitNear => after.iter().take(16).any(u8::is_ascii_digit),
        Cue::DigitBefore => {
            at >= 3 && b.get(at - 2) == Some(&b' ') && b.get(at - 3).is_some_and(u8::is_ascii_digit)
        }
        Cue::ByOnLine => {
            let line = after.split(|c| *c == b'\n').next().unwrap_or(&[]);
            let line = line.get(..line.len().min(120)).unwrap_or(line);
            line.starts_with(b"by ") || memchr::memmem::find(line, b" by ").is_some()
        }
        Cue::GetAfter => {
            let line = after.split(|c| *c == b'\n').next().unwrap_or(&[]);
            let line = line.get(..line.len().min(120)).unwrap_or(line);
            [&b"you get"[..], b"gives", b"makes"]
                .iter()
                .any(|w| memchr::memmem::find(line, w).is_some())
        }
    }
}

/// Where the text holds a relation's cue: the offsets of cue words and of an `=` after a
/// glued coefficient (`2x =`), a square (`^2 =`) or a signed name (`+ y =`, `- worst =`).
fn cue_offsets(s: &str) -> Vec<usize> {
    let b = s.as_bytes();
    let mut out: Vec<usize> = Vec::new();
    for (c, check) in CUES {
        out.extend(
            memchr::memmem::find_iter(b, c.as_bytes())
                .filter(|&at| cue_holds(b, at, c.len(), check))
                .take(64),
        );
    }
    out.extend(
        memchr::memchr_iter(b'=', b)
            .filter(|&i| equation_at(b, i))
            .take(64),
    );
    out.sort_unstable();
    out
}

/// Is the `=` at `i` the sign of an equation this module reads?
fn equation_at(b: &[u8], i: usize) -> bool {
    let mut k = i;
    while k > 0 && b.get(k - 1) == Some(&b' ') {
        k -= 1;
    }
    let end = k;
    while k > 0 && b.get(k - 1).is_some_and(u8::is_ascii_alphabetic) {
        k -= 1;
    }
    let word = b.get(k..end).unwrap_or(&[]);
    if word.is_empty() {
        // `x^2 =`.
        return end >= 2 && b.get(end - 1) == Some(&b'2') && b.get(end - 2) == Some(&b'^');
    }
    // `2x =`: one unknown letter glued to a digit.
    if matches!(word, [b'x' | b'y' | b'z' | b'n'])
        && k > 0
        && b.get(k - 1).is_some_and(u8::is_ascii_digit)
    {
        return true;
    }
    // `+ y =`, `- worst =`, `− worst =` (U+2212 ends in 0x92), with a space after the sign
    // (`--replicas=3` is a flag).
    let word_start = k;
    while k > 0 && b.get(k - 1) == Some(&b' ') {
        k -= 1;
    }
    k < word_start && k > 0 && matches!(b.get(k - 1), Some(b'+' | b'-' | 0x92))
}

fn tokens(s: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if c.is_ascii_digit() {
            let mut j = i;
            while b.get(j).is_some_and(|c| {
                c.is_ascii_digit() || *c == b',' && b.get(j + 1).is_some_and(u8::is_ascii_digit)
            }) {
                j += 1;
            }
            let t: String = s
                .get(i..j)
                .unwrap_or("")
                .chars()
                .filter(|c| *c != ',')
                .collect();
            if let Ok(n) = t.parse::<f64>() {
                out.push(Tok::Num(n));
            }
            i = j;
        } else if c.is_ascii_alphabetic() {
            let mut j = i;
            while b.get(j).is_some_and(u8::is_ascii_alphabetic) {
                j += 1;
            }
            out.push(Tok::Word(s.get(i..j).unwrap_or("").to_ascii_lowercase()));
            i = j;
        } else if c == b' ' || c == b'\t' {
            i += 1;
        } else {
            let ch = s.get(i..).and_then(|t| t.chars().next()).unwrap_or(' ');
            // Minus signs and dashes as `-`; superscript two as `^2`.
            match ch {
                '−' | '–' => out.push(Tok::Sym('-')),
                '²' => {
                    out.push(Tok::Sym('^'));
                    out.push(Tok::Num(2.0));
                }
                '³' => {
                    out.push(Tok::Sym('^'));
                    out.push(Tok::Num(3.0));
                }
                _ => out.push(Tok::Sym(ch)),
            }
            i += ch.len_utf8().max(1);
        }
    }
    out
}

/// The values the relations in `s` name: each paragraph holding a cue is read whole (a line
/// when the paragraph is long). With them, whether `s` holds a cue at all (the second
/// readings change number words, not cues: without one they are not read).
pub(crate) fn values(s: &str) -> (Vec<f64>, bool) {
    let mut out = Vec::new();
    let mut done = 0;
    let cues = cue_offsets(s);
    let cued = !cues.is_empty();
    for at in cues {
        if at < done {
            continue;
        }
        let head = s.get(..at).unwrap_or("");
        let tail = s.get(at..).unwrap_or("");
        // The paragraph break is looked for within MAX_PARAGRAPH bytes only: a longer
        // paragraph is read by lines anyway, and an unbounded look back from every cue of a
        // long text without blank lines is quadratic.
        let b = s.as_bytes();
        let lo = at.saturating_sub(MAX_PARAGRAPH + 1);
        let hi = (at + MAX_PARAGRAPH + 1).min(b.len());
        let start = match memchr::memmem::rfind(b.get(lo..at).unwrap_or(&[]), b"\n\n") {
            Some(k) => lo + k + 2,
            None if lo == 0 => 0,
            None => lo.saturating_sub(1),
        };
        let end = match memchr::memmem::find(b.get(at..hi).unwrap_or(&[]), b"\n\n") {
            Some(k) => at + k,
            None if hi == b.len() => b.len(),
            None => hi + 1,
        };
        let (start, end) = if end - start <= MAX_PARAGRAPH {
            (start, end)
        } else {
            let ls = head.rfind('\n').map_or(0, |k| k + 1);
            let le = tail.find('\n').map_or(s.len(), |k| at + k);
            (
                ls.max(at.saturating_sub(MAX_PARAGRAPH)),
                le.min(at + MAX_PARAGRAPH),
            )
        };
        if let Some(chunk) = s.get(start..end) {
            chunk_values(chunk, &mut out);
        }
        done = end.max(at + 1);
    }
    (out, cued)
}

fn chunk_values(s: &str, out: &mut Vec<f64>) {
    let t = tokens(s);
    let num = |k: usize| match t.get(k) {
        Some(Tok::Num(n)) => Some(*n),
        _ => None,
    };
    let word = |k: usize, w: &str| matches!(t.get(k), Some(Tok::Word(x)) if x == w);
    let sym = |k: usize, c: char| t.get(k) == Some(&Tok::Sym(c));
    let unknown = |k: usize| matches!(t.get(k), Some(Tok::Word(x)) if matches!(x.as_str(), "x" | "y" | "z" | "n"));
    // The first number at or after `k` within `reach` tokens.
    let next_num = |k: usize, reach: usize| (k..k + reach).find_map(num);
    for k in 0..t.len() {
        // `2x = 5500`: the coefficient glued to the unknown (tokens `2`, `x`).
        if let (Some(c), true, true) = (num(k), unknown(k + 1), sym(k + 2, '=')) {
            if let Some(r) = num(k + 3) {
                if c != 0.0 {
                    out.push(r / c);
                }
            }
        }
        // `x² = 7562500`, `x^2 = 7562500`.
        if unknown(k) && sym(k + 1, '^') && num(k + 2) == Some(2.0) && sym(k + 3, '=') {
            if let Some(r) = num(k + 4) {
                let root = r.sqrt().round();
                if root * root == r {
                    out.push(root);
                }
            }
        }
        // `the 11th multiple of 250`.
        if let (Some(n), true) = (num(k), word(k + 2, "multiple") && word(k + 3, "of")) {
            if matches!(t.get(k + 1), Some(Tok::Word(o)) if matches!(o.as_str(), "st" | "nd" | "rd" | "th"))
            {
                if let Some(m) = num(k + 4) {
                    out.push(n * m);
                }
            }
        }
        // `the eleventh multiple of 250`, `the fifty-first multiple of 100` (the multiple
        // in digits once the second readings have turned its words into digits).
        if word(k, "multiple") && word(k + 1, "of") {
            if let Some(m) = num(k + 2) {
                for back in 1..=3 {
                    let at = k.checked_sub(back);
                    if let Some((n, used)) = at.and_then(|a| ordinal(&t, a)) {
                        if used == back {
                            out.push(n * m);
                        }
                    }
                }
            }
        }
        // `double the worst lag and you get 5500`, `triple it: 15300`.
        if word(k, "double") || word(k, "triple") {
            let f = if word(k, "double") { 2.0 } else { 3.0 };
            let get = (k + 1..k + 8).find(|j| {
                (word(*j, "you") && word(*j + 1, "get")) || word(*j, "gives") || word(*j, "makes")
            });
            if let Some(j) = get {
                let at = if word(j, "you") { j + 2 } else { j + 1 };
                if let Some(r) = num(at) {
                    out.push(r / f);
                }
            }
        }
        // `halfway from 5000 to 5200`.
        if word(k, "halfway") && word(k + 1, "from") && word(k + 3, "to") {
            if let (Some(a), Some(b)) = (num(k + 2), num(k + 4)) {
                out.push((a + b) / 2.0);
            }
        }
    }
    fraction_change(&t, &num, &word, &sym, out);
    counted(&t, &num, &word, out);
    bounded(&t, &num, &word, out);
    arranged(&t, &num, &word, &sym, out);
    quotient_remainder(&t, &num, &word, &sym, &next_num, out);
    sum_difference(&t, &num, &word, &sym, &next_num, out);
    factor_list(&t, &num, &word, &sym, out);
}

/// An ordinal in words at `k` (`eleventh`, `fifty-first`, `fifty first`, `50-first` after
/// a second reading): its value and the tokens it takes.
fn ordinal(t: &[Tok], k: usize) -> Option<(f64, usize)> {
    const UNITS: [&str; 19] = [
        "first",
        "second",
        "third",
        "fourth",
        "fifth",
        "sixth",
        "seventh",
        "eighth",
        "ninth",
        "tenth",
        "eleventh",
        "twelfth",
        "thirteenth",
        "fourteenth",
        "fifteenth",
        "sixteenth",
        "seventeenth",
        "eighteenth",
        "nineteenth",
    ];
    const TENS: [&str; 8] = [
        "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    const TENTHS: [&str; 8] = [
        "twentieth",
        "thirtieth",
        "fortieth",
        "fiftieth",
        "sixtieth",
        "seventieth",
        "eightieth",
        "ninetieth",
    ];
    let w = |j: usize| match t.get(j) {
        Some(Tok::Word(x)) => Some(x.as_str()),
        _ => None,
    };
    let unit = |j: usize| {
        w(j).and_then(|x| UNITS.iter().position(|u| *u == x))
            .map(|p| p as f64 + 1.0)
    };
    if let Some(u) = unit(k) {
        return Some((u, 1));
    }
    if let Some(p) = w(k).and_then(|x| TENTHS.iter().position(|u| *u == x)) {
        return Some((20.0 + 10.0 * p as f64, 1));
    }
    let tens = match (w(k), t.get(k)) {
        (Some(x), _) => TENS
            .iter()
            .position(|u| *u == x)
            .map(|p| 20.0 + 10.0 * p as f64),
        (None, Some(Tok::Num(n))) if *n >= 20.0 && *n <= 90.0 && n % 10.0 == 0.0 => Some(*n),
        _ => None,
    }?;
    let gap = usize::from(t.get(k + 1) == Some(&Tok::Sym('-')));
    let u = unit(k + 1 + gap).filter(|u| *u < 10.0)?;
    Some((tens + u, 2 + gap))
}

/// A fraction at `k`: `a tenth`, `one quarter`, `half`, `two fifths`, `3 tenths`, `10%`, `10
/// percent`, `1/10`: its value and the tokens it takes.
fn fraction(k: usize, num: &NumAt, word: &WordAt, sym: &SymAt) -> Option<(f64, usize)> {
    const PARTS: [(&str, &str, f64); 12] = [
        ("half", "halves", 2.0),
        ("third", "thirds", 3.0),
        ("quarter", "quarters", 4.0),
        ("fourth", "fourths", 4.0),
        ("fifth", "fifths", 5.0),
        ("sixth", "sixths", 6.0),
        ("seventh", "sevenths", 7.0),
        ("eighth", "eighths", 8.0),
        ("ninth", "ninths", 9.0),
        ("tenth", "tenths", 10.0),
        ("twentieth", "twentieths", 20.0),
        ("hundredth", "hundredths", 100.0),
    ];
    const COUNT: [&str; 9] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    let part = |j: usize, plural: bool| {
        PARTS
            .iter()
            .find_map(|(one, many, d)| word(j, if plural { many } else { one }).then_some(*d))
    };
    if word(k, "half") {
        return Some((0.5, 1));
    }
    if word(k, "a") || word(k, "an") || word(k, "one") {
        if let Some(d) = part(k + 1, false) {
            return Some((1.0 / d, 2));
        }
    }
    let count = num(k).or_else(|| {
        COUNT
            .iter()
            .position(|w| word(k, w))
            .map(|p| p as f64 + 1.0)
    })?;
    if sym(k + 1, '%') || word(k + 1, "percent") || word(k + 1, "pct") {
        return Some((count / 100.0, 2));
    }
    if sym(k + 1, '/') {
        return num(k + 2).filter(|d| *d > 0.0).map(|d| (count / d, 3));
    }
    part(k + 1, true).map(|d| (count / d, 2))
}

/// A number changed by a fraction of itself (`a tenth`, `half`, `two fifths`, `10%`, `1/10`):
/// `Take 2500 and add a tenth of it`, `2500 plus 10% of it`, `a tenth more than 2500`,
/// `subtract a third of it`. The number is the nearest before the verb (at most eight tokens
/// back), or the one after `than`.
fn fraction_change(t: &[Tok], num: &NumAt, word: &WordAt, sym: &SymAt, out: &mut Vec<f64>) {
    const UP: [&str; 9] = [
        "add",
        "plus",
        "increase",
        "increased",
        "raise",
        "raised",
        "grow",
        "grown",
        "added",
    ];
    const DOWN: [&str; 9] = [
        "subtract",
        "minus",
        "remove",
        "decrease",
        "decreased",
        "reduce",
        "reduced",
        "cut",
        "less",
    ];
    for k in 0..t.len() {
        let up = UP.iter().any(|w| word(k, w));
        let down = DOWN.iter().any(|w| word(k, w));
        if up || down {
            let mut j = k + 1;
            if word(j, "by") || word(j, "on") {
                j += 1;
            }
            let Some((f, _)) = fraction(j, num, word, sym) else {
                continue;
            };
            let base = (k.saturating_sub(8)..k).rev().find_map(num);
            if let Some(a) = base {
                out.push(if up { a * (1.0 + f) } else { a * (1.0 - f) });
            }
        }
        // `a tenth more than 2500`.
        if let Some((f, used)) = fraction(k, num, word, sym) {
            let more = word(k + used, "more");
            if (more || word(k + used, "less")) && word(k + used + 1, "than") {
                if let Some(a) = num(k + used + 2) {
                    out.push(if more { a * (1.0 + f) } else { a * (1.0 - f) });
                }
            }
        }
    }
}

/// A step named by a word: `hundred(s)`, `fifty`/`fifties`, `ten(s)`, `thousand(s)`.
fn step_word(w: &str) -> Option<f64> {
    Some(match w {
        "ten" | "tens" => 10.0,
        "fifty" | "fifties" => 50.0,
        "hundred" | "hundreds" => 100.0,
        "thousand" | "thousands" => 1000.0,
        _ => return None,
    })
}

/// Counting and neighbours: `count from 2740 up by 10 once`, `start at 5000 and count up by
/// 100`, `count by hundreds starting from 5000`, `count down by 100 from 5200` (one step, or
/// `twice`: two); `the next round hundred after 5000`, `the next fifty after 2700`, `the
/// multiple of 100 right after 5000` (the first multiple of the step past the number), and
/// the same `before` it.
fn counted(t: &[Tok], num: &NumAt, word: &WordAt, out: &mut Vec<f64>) {
    let any = |w: &[&str]| (0..t.len()).any(|k| w.iter().any(|x| word(k, x)));
    let step_at = |k: usize| match t.get(k) {
        Some(Tok::Num(n)) => Some(*n),
        Some(Tok::Word(w)) => step_word(w),
        _ => None,
    };
    if any(&["count", "counting", "counts"]) {
        let by = (0..t.len())
            .find(|&k| word(k, "by"))
            .and_then(|k| step_at(k + 1));
        // `from 5000 to 6000` is a range counted through, not one step.
        let from = (0..t.len())
            .find(|&k| (word(k, "from") || word(k, "at")) && !word(k + 2, "to"))
            .and_then(|k| num(k + 1));
        if let (Some(step), Some(a)) = (by, from) {
            if step > 0.0 {
                let times = if any(&["twice"]) { 2.0 } else { 1.0 };
                let down = any(&["down", "backwards", "back"]);
                out.push(if down {
                    a - step * times
                } else {
                    a + step * times
                });
            }
        }
    }
    for k in 0..t.len() {
        let after = word(k, "after");
        if !(after || word(k, "before")) {
            continue;
        }
        let Some(a) = num(k + 1) else { continue };
        // The step: `next (round) hundred`, `multiple of 100` up to six words before.
        let mut step = None;
        for j in (k.saturating_sub(7)..k).rev() {
            if word(j, "of") && j > 0 && word(j - 1, "multiple") {
                step = num(j + 1);
                break;
            }
            if word(j, "next") || word(j, "previous") || word(j, "last") {
                step = (j + 1..k).find_map(|i| match t.get(i) {
                    Some(Tok::Word(w)) => step_word(w),
                    _ => None,
                });
                break;
            }
        }
        let Some(step) = step.filter(|s| *s > 0.0 && s.fract() == 0.0) else {
            continue;
        };
        let v = if after {
            (a / step).floor() * step + step
        } else {
            (a / step).ceil() * step - step
        };
        out.push(v);
    }
}

/// The digit sum a text asks for (`digit sum 14`, `digits add up to 14`, `sum of its digits
/// is 14`).
fn digit_sum(t: &[Tok], num: &NumAt, word: &WordAt) -> Option<f64> {
    for k in 0..t.len() {
        if word(k, "digit") && word(k + 1, "sum") {
            return (k + 2..k + 4).find_map(num);
        }
        if word(k, "digits") {
            let near = (k.saturating_sub(3)..k + 4).any(|j| word(j, "sum") || word(j, "add"));
            if near {
                return (k + 1..k + 6).find_map(num);
            }
        }
    }
    None
}

fn digits_sum(v: f64) -> f64 {
    let mut n = v.abs() as u64;
    let mut s = 0;
    while n > 0 {
        s += n % 10;
        n /= 10;
    }
    s as f64
}

/// The bounds a text sets: `between A and B`, `below`/`under`/`less than`, `above`/`over`/
/// `greater than`/`more than` (inclusive: a superset, so nothing is lost).
fn bounds(t: &[Tok], num: &NumAt, word: &WordAt) -> (f64, f64) {
    let (mut lo, mut hi) = (f64::MIN, f64::MAX);
    for k in 0..t.len() {
        if word(k, "between") && word(k + 2, "and") {
            if let (Some(a), Some(b)) = (num(k + 1), num(k + 3)) {
                lo = lo.max(a.min(b));
                hi = hi.min(a.max(b));
            }
        }
        let below =
            word(k, "below") || word(k, "under") || (word(k, "less") && word(k + 1, "than"));
        let above = word(k, "above")
            || word(k, "over")
            || ((word(k, "greater") || word(k, "more")) && word(k + 1, "than"));
        let at = if word(k + 1, "than") { k + 2 } else { k + 1 };
        if below {
            if let Some(b) = num(at) {
                hi = hi.min(b);
            }
        }
        if above {
            if let Some(a) = num(at) {
                lo = lo.max(a);
            }
        }
    }
    (lo, hi)
}

/// The divisor a text names: `multiple of 250`, `divisible by 1275`.
fn divisor(t: &[Tok], num: &NumAt, word: &WordAt) -> Option<f64> {
    (0..t.len()).find_map(|k| {
        if (word(k, "multiple") && word(k + 1, "of")) || (word(k, "divisible") && word(k + 1, "by"))
        {
            num(k + 2).filter(|d| *d > 0.0 && d.fract() == 0.0)
        } else {
            None
        }
    })
}

/// A multiple pinned by bounds: `a multiple of 250 between 2600 and 2900`, `divisible by 1275
/// and between 4000 and 6000`, with a digit sum when one is given: every multiple left, when
/// at most three are (a learner tries three).
fn bounded(t: &[Tok], num: &NumAt, word: &WordAt, out: &mut Vec<f64>) {
    let Some(d) = divisor(t, num, word) else {
        return;
    };
    let (lo, hi) = bounds(t, num, word);
    if lo == f64::MIN || hi == f64::MAX || hi < lo {
        return;
    }
    let first = (lo / d).ceil();
    let last = (hi / d).floor();
    if last - first > 40.0 {
        return;
    }
    let sum = digit_sum(t, num, word);
    let left: Vec<f64> = (first as i64..=last as i64)
        .map(|m| m as f64 * d)
        .filter(|v| sum.is_none_or(|s| digits_sum(*v) == s))
        .collect();
    if left.len() <= 3 {
        out.extend(left);
    }
}

/// A digit puzzle: `the largest even number below 3000 using each of the digits 0, 2, 5, 7
/// once`, `Arrange 0, 2, 5, 7 into the largest multiple of 10 below 3000`: the listed digits'
/// arrangements (no leading zero) that meet the bounds, divisor, parity and digit sum given,
/// then the largest or the smallest asked for, or every one left when at most three are.
fn arranged(t: &[Tok], num: &NumAt, word: &WordAt, sym: &SymAt, out: &mut Vec<f64>) {
    let cued = (0..t.len()).any(|k| {
        word(k, "arrange") || word(k, "rearrange") || word(k, "digits") || word(k, "arranged")
    });
    if !cued {
        return;
    }
    // The longest list of lone digits: `0, 2, 5, 7`, `0, 2, 5 and 7`.
    let mut best: Vec<u8> = Vec::new();
    let mut k = 0;
    while k < t.len() {
        let mut list = Vec::new();
        let mut j = k;
        while let Some(n) = num(j).filter(|n| *n >= 0.0 && *n <= 9.0 && n.fract() == 0.0) {
            list.push(n as u8);
            j += 1;
            if sym(j, ',') || word(j, "and") {
                j += 1;
                if word(j, "and") {
                    j += 1;
                }
            } else {
                break;
            }
        }
        if list.len() > best.len() {
            best = list;
        }
        k = j.max(k + 1);
    }
    if !(3..=6).contains(&best.len()) {
        return;
    }
    let (lo, hi) = bounds(t, num, word);
    let d = divisor(t, num, word);
    let sum = digit_sum(t, num, word);
    let any = |w: &[&str]| (0..t.len()).any(|k| w.iter().any(|x| word(k, x)));
    let even = any(&["even"]);
    let odd = any(&["odd"]);
    let mut left = Vec::new();
    permutations(&best, &mut |p| {
        if p.first() == Some(&0) {
            return;
        }
        let v = p.iter().fold(0.0, |a, d| a * 10.0 + f64::from(*d));
        let ok = v >= lo
            && v <= hi
            && d.is_none_or(|d| v % d == 0.0)
            && (!even || v % 2.0 == 0.0)
            && (!odd || v % 2.0 == 1.0)
            && sum.is_none_or(|s| digits_sum(v) == s);
        if ok && !left.contains(&v) {
            left.push(v);
        }
    });
    let largest = any(&[
        "largest", "biggest", "greatest", "highest", "maximum", "max",
    ]);
    let smallest = any(&["smallest", "least", "lowest", "minimum", "min"]);
    let max = left.iter().copied().fold(f64::MIN, f64::max);
    let min = left.iter().copied().fold(f64::MAX, f64::min);
    if largest && !left.is_empty() {
        out.push(max);
    }
    if smallest && !left.is_empty() {
        out.push(min);
    }
    if left.len() <= 3 {
        out.extend(left);
    }
}

/// Every arrangement of `digits` (at most 6: 720), each once per position order.
fn permutations(digits: &[u8], f: &mut dyn FnMut(&[u8])) {
    fn go(rest: &mut Vec<u8>, cur: &mut Vec<u8>, f: &mut dyn FnMut(&[u8])) {
        if rest.is_empty() {
            f(cur);
            return;
        }
        for i in 0..rest.len() {
            let d = rest.remove(i);
            cur.push(d);
            go(rest, cur, f);
            cur.pop();
            rest.insert(i, d);
        }
    }
    let mut rest = digits.to_vec();
    go(&mut rest, &mut Vec::new(), f);
}

type NumAt<'a> = dyn Fn(usize) -> Option<f64> + 'a;
type WordAt<'a> = dyn Fn(usize, &str) -> bool + 'a;
type SymAt<'a> = dyn Fn(usize, char) -> bool + 'a;
type NextNum<'a> = dyn Fn(usize, usize) -> Option<f64> + 'a;

/// A divisor with a quotient and a remainder: `div 1000 = 5` / `mod 1000 = 100`, `// 1000 =
/// 2` / `% 1000 = 750`, `divided by 1000 it gives 2 remainder 750`, `divide it by 1000:
/// quotient 5, remainder 100`.
fn quotient_remainder(
    t: &[Tok],
    num: &NumAt,
    word: &WordAt,
    sym: &SymAt,
    next_num: &NextNum,
    out: &mut Vec<f64>,
) {
    let (mut d, mut q, mut r) = (None, None, None);
    for k in 0..t.len() {
        // `div 1000 = 5`, `// 1000 = 2`.
        let div_op = word(k, "div") || (sym(k, '/') && sym(k + 1, '/'));
        if div_op {
            let at = if word(k, "div") { k + 1 } else { k + 2 };
            if let (Some(dv), true) = (num(at), sym(at + 1, '=')) {
                d = d.or(Some(dv));
                q = q.or(num(at + 2));
            }
        }
        // `mod 1000 = 100`, `% 1000 = 750`.
        if word(k, "mod") || sym(k, '%') {
            if let (Some(dv), true) = (num(k + 1), sym(k + 2, '=')) {
                d = d.or(Some(dv));
                r = r.or(num(k + 3));
            }
        }
        // `divided by 1000`, `divide it by 1000`.
        if (word(k, "divided") || word(k, "divide")) && d.is_none() {
            let by = (k + 1..k + 4).find(|j| word(*j, "by"));
            if let Some(j) = by {
                d = num(j + 1);
            }
        }
        if word(k, "quotient") || word(k, "gives") {
            q = q.or_else(|| next_num(k + 1, 3));
        }
        if word(k, "remainder") {
            r = r.or_else(|| next_num(k + 1, 3));
        }
    }
    if let (Some(d), Some(q), Some(r)) = (d, q, r) {
        if r < d && d > 0.0 {
            out.push(q * d + r);
        }
    }
}

/// Two values from their sum and difference: `add up to 7850 and differ by 2350`, `sum is
/// 7850; difference is 2350`, `x + y = 7850` / `x - y = 2350`, `2350 more than …, together
/// they make 7850`. Both values.
fn sum_difference(
    t: &[Tok],
    num: &NumAt,
    word: &WordAt,
    sym: &SymAt,
    next_num: &NextNum,
    out: &mut Vec<f64>,
) {
    let (mut s, mut d) = (None, None);
    let is_name = |k: usize| matches!(t.get(k), Some(Tok::Word(_)));
    for k in 0..t.len() {
        if (word(k, "add") && word(k + 1, "up") && word(k + 2, "to"))
            || (word(k, "sum") && word(k + 1, "is"))
            || (word(k, "together") && (k + 1..k + 4).any(|j| word(j, "make") || word(j, "is")))
        {
            s = s.or_else(|| next_num(k + 1, 5));
        }
        if (word(k, "differ") && word(k + 1, "by")) || (word(k, "difference") && word(k + 1, "is"))
        {
            d = d.or_else(|| next_num(k + 1, 3));
        }
        // `2350 more than`.
        if word(k, "more") && word(k + 1, "than") && k > 0 {
            d = d.or_else(|| num(k - 1));
        }
        // `x + y = 7850`, `total - worst = 2350`.
        if is_name(k) && is_name(k + 2) && sym(k + 3, '=') {
            if sym(k + 1, '+') {
                s = s.or_else(|| num(k + 4));
            } else if sym(k + 1, '-') {
                d = d.or_else(|| num(k + 4));
            }
        }
    }
    if let (Some(s), Some(d)) = (s, d) {
        if s > d {
            out.push((s + d) / 2.0);
            out.push((s - d) / 2.0);
        }
    }
}

/// `its prime factors are 2, 5, 5, 5 and 11`, `the product of 2, 5³ and 11`, `factor it and
/// you get 2, 5, 5, 5, 11`: the product of the whole numbers listed after the cue (powers
/// read), the list ending at the first other word.
fn factor_list(t: &[Tok], num: &NumAt, word: &WordAt, sym: &SymAt, out: &mut Vec<f64>) {
    for k in 0..t.len() {
        let cue =
            word(k, "factors") || word(k, "factor") || (word(k, "product") && word(k + 1, "of"));
        if !cue {
            continue;
        }
        // The list starts at the first number within a few words.
        let Some(start) = (k + 1..k + 6).find(|j| num(*j).is_some()) else {
            continue;
        };
        let mut product = 1.0;
        let mut count = 0;
        let mut j = start;
        while let Some(n) = num(j) {
            let mut v = n;
            j += 1;
            if sym(j, '^') {
                let Some(e) = num(j + 1) else { break };
                if e > 12.0 {
                    return;
                }
                v = n.powf(e);
                j += 2;
            }
            product *= v;
            count += 1;
            // Separators: `,`, `and`, `·`, `×`, `*`.
            let mut moved = false;
            while sym(j, ',') || word(j, "and") || sym(j, '·') || sym(j, '×') || sym(j, '*') {
                j += 1;
                moved = true;
            }
            if !moved {
                break;
            }
        }
        if count >= 2 {
            out.push(product);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relations_solved() {
        for (s, v) in [
            ("2x = 5500", 2750.0),
            ("Solve 5x = 25500 for the total.", 5100.0),
            ("4x = 11000, x is the worst lag", 2750.0),
            ("x² = 7562500", 2750.0),
            ("the 11th multiple of 250", 2750.0),
            ("the 51st multiple of 100", 5100.0),
            ("halfway from 5000 to 5200", 5100.0),
            ("lag mod 1000 = 100 and lag div 1000 = 5", 5100.0),
            ("lag // 1000 = 2, lag % 1000 = 750", 2750.0),
            ("Divided by 1000 it gives 2 remainder 750.", 2750.0),
            ("Divide it by 1000: quotient 5, remainder 100.", 5100.0),
            ("The two lags add up to 7850 and differ by 2350.", 2750.0),
            ("Their sum is 7850; their difference is 2350.", 5100.0),
            ("total + worst = 7850; total − worst = 2350", 5100.0),
            (
                "The total is 2350 more than the worst partition, and together they make 7850.",
                2750.0,
            ),
            ("x + y = 7850\nx - y = 2350", 5100.0),
            ("its prime factors are 2, 5, 5, 5 and 11", 2750.0),
            ("its prime factors are 2, 2, 3, 5, 5 and 17", 5100.0),
            ("the product of 2, 5³ and 11", 2750.0),
            ("Factor it and you get 2, 5, 5, 5, 11.", 2750.0),
            ("the eleventh multiple of 250", 2750.0),
            ("the fifty-first multiple of 100", 5100.0),
            ("the 50-first multiple of 100", 5100.0),
            ("If you double the worst lag you get 5500.", 2750.0),
            ("count from 2740 up by 10 once", 2750.0),
            ("start at 5000 and count up by 100 once", 5100.0),
            (
                "If you count by hundreds starting from 5000, it is the next number.",
                5100.0,
            ),
            ("count down by 100 from 5200", 5100.0),
            ("the multiple of 100 right after 5000", 5100.0),
            ("the next round hundred after 5000", 5100.0),
            ("the next fifty after 2700", 2750.0),
            ("the last multiple of 50 before 2800", 2750.0),
            ("It is a multiple of 250 between 2600 and 2900.", 2750.0),
            (
                "the only multiple of 250 strictly between 2600 and 2900",
                2750.0,
            ),
            ("a multiple of 1700 between 4000 and 6000", 5100.0),
            (
                "a multiple of 275 with digit sum 14 between 2700 and 2800",
                2750.0,
            ),
            (
                "It is divisible by 1275 and lies between 4000 and 6000.",
                5100.0,
            ),
            (
                "the largest even number below 3000 using each of the digits 0, 2, 5, 7 once",
                2750.0,
            ),
            (
                "Arrange 0, 2, 5, 7 into the largest multiple of 10 that is below 3000.",
                2750.0,
            ),
            (
                "the smallest number over 5000 made of the digits 0, 0, 1 and 5",
                5100.0,
            ),
            ("Take 2500 and add a tenth of it.", 2750.0),
            ("Take 2500 and add 10% of it.", 2750.0),
            ("2500 plus a tenth", 2750.0),
            ("a tenth more than 2500", 2750.0),
            ("Start from 3400 and add half of it.", 5100.0),
            ("6800, then subtract a quarter of it", 5100.0),
            ("2200 increased by 1/4", 2750.0),
        ] {
            assert!(values(s).0.contains(&v), "{s}: {:?}", values(s));
        }
    }

    #[test]
    fn near_misses() {
        for s in [
            "a multiple of 8 GiB",
            "the sum of 3 retries",
            "timeout = 30",
            "the 3rd replica",
            "halfway through the rollout",
            "replication factor 3",
            "the remainder of the day",
            "retry count 3, backoff by 2 s",
            "after 5 retries the pod restarts",
            "a multiple of 8 between 0 and 4096",
            "ports between 8000 and 9000",
            "the digits 1, 2, 3",
            "count by 100 from 5000 to 6000",
            "half the pods restarted",
            "add a third replica",
        ] {
            let v = values(s).0;
            assert!(
                v.iter().all(|x| ![2750.0, 5100.0].contains(x)),
                "{s}: {v:?}"
            );
        }
        assert!(values("replication factor 3").0.is_empty());
        assert!(values("Divided by 1000 it gives 2 remainder 1750.")
            .0
            .is_empty());
    }
}
