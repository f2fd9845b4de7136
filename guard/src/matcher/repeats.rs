//! A constant repeated a counted number of times and then aggregated, in whatever language
//! the learner asks for: Haskell `sum (replicate 51 100)`, Ruby `51.times.sum { 100 }` and
//! `([250]*11).sum`, Kotlin `(1..11).sumOf { 250 }`, Rust `vec![100; 51].iter().sum()`, C#
//! `Enumerable.Repeat(100, 51).Sum()`, jq `[range(51)] | map(100) | add`, PowerShell `1..11 |
//! % {250} | measure -Sum`, APL `+/51⍴100`, Raku `[+] 250 xx 11`, R `sum(rep(100, 51))`,
//! MATLAB `sum(250*ones(1,11))`, SQL `SUM(250) FROM generate_series(1, 11)`, shell `seq 51 |
//! awk '{s+=100} END{print s}'` and `yes 100 | head -n 51 | paste -sd+ | bc`, numpy
//! `numpy.full(11, 250).sum()`, Clojure `(reduce + (repeat 11 250))`; and a literal list
//! reduced with `+` or `*` (`[2500,250].reduce((a,b)=>a+b)`, `[11, 250].inject(:*)`). This
//! module owns that target-level reading of one line: the scenario's value is the count
//! times the constant (or the list's sum or product), compared exactly.
//!
//! What is read: a line that holds exactly one count construct (`replicate N`, `rep(V, N)`,
//! `Repeat(V, N)`, `full(N, V)`, `ones(1, N)`, `N.times`, `N⍴`, `xx N`, `range(N)`,
//! `range(a, b)`, `a..b`, `a..=b`, `seq N`, `seq a b`, `generate_series(a, b)`, `head -N`,
//! `head -n N`, `[V]*N`, `vec![V; N]`, `[V; N]`) and an aggregate (`sum`, `sumOf`, `add`,
//! `reduce`, `inject`, `fold`, `+/`, `[+]`, awk's `+=`, `paste -sd+`, `count(*)`, `$((s+V))`). The
//! constant is the one numeric literal left on the line once the count's own literals, a 0
//! or 1 (a range's start, an identity), awk fields (`$3`) and literals glued to a name (`i32`,
//! `5m`) are set aside; two different literals left read nothing. `a..b` is inclusive in
//! Kotlin, Ruby and PowerShell and exclusive in Rust, so both counts are read.
//!
//! False-positive controls: a count alone (`range(51)`, `replicas: 3`, `seq 10 | xargs`), an
//! aggregate alone (`sum(latencies)`, `sum(rate(x[5m]))`), or a count with an aggregate over
//! data (`head -20 | awk '{s+=$3}'`) read nothing; every value is compared exactly.
//!
//! Cost: [`triggered`] looks for the rare bytes of a count construct (`(` after a known name,
//! `..` between digits, `times`, `seq `, `head -`, ` xx `, `⍴`, `]`) with memchr/memmem and
//! only then tokenises the lines that hold one (at most [`MAX_LINE`] bytes each).

/// Longest line tokenised (bytes).
const MAX_LINE: usize = 600;
/// Lines read per text.
const MAX_LINES: usize = 64;
/// Largest count read (a count beyond it is not a scenario value's factor).
const MAX_COUNT: f64 = 1e9;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(f64),
    Word(String),
    Sym(char),
}

/// One token with whether a `$` came right before it (an awk or shell field, `$3`).
#[derive(Clone, Debug)]
struct T {
    tok: Tok,
    field: bool,
}

/// Names a count construct opens with before `(` (lowercase).
const COUNT_CALLS: [&[u8]; 8] = [
    b"rep",
    b"repeat",
    b"full",
    b"ones",
    b"range",
    b"generate_series",
    b"replicate",
    b"vec",
];

/// Does the text hold a count construct's bytes anywhere?
fn triggered(s: &str) -> bool {
    let b = s.as_bytes();
    let before_open = |i: usize| {
        let mut start = i;
        while start > 0 && i - start < 16 && b.get(start - 1).is_some_and(|c| is_word(*c)) {
            start -= 1;
        }
        let name = b.get(start..i).unwrap_or(&[]);
        COUNT_CALLS.iter().any(|c| c.eq_ignore_ascii_case(name))
    };
    let after_open = |i: usize| {
        let rest = b.get(i + 1..).unwrap_or(&[]);
        rest.get(..9)
            .is_some_and(|w| w.eq_ignore_ascii_case(b"replicate"))
            || rest
                .get(..6)
                .is_some_and(|w| w.eq_ignore_ascii_case(b"repeat"))
    };
    memchr::memchr_iter(b'(', b).any(|i| before_open(i) || after_open(i))
        || memchr::memmem::find_iter(b, "..").any(|i| {
            i > 0
                && b.get(i - 1).is_some_and(u8::is_ascii_digit)
                && b.get(i + 2)
                    .is_some_and(|c| c.is_ascii_digit() || matches!(c, b'=' | b'<'))
        })
        || memchr::memmem::find_iter(b, "times").any(|i| i > 0 && b.get(i - 1) == Some(&b'.'))
        || memchr::memmem::find(b, b"seq ").is_some()
        || memchr::memmem::find(b, b"head -").is_some()
        || memchr::memmem::find(b, b" xx ").is_some()
        || memchr::memmem::find(b, "⍴".as_bytes()).is_some()
        || memchr::memmem::find(b, b"replicate ").is_some()
        || memchr::memchr_iter(b']', b).any(|i| {
            // `[V]*N`, `[V; N]`, or a literal list reduced (`].reduce(`, `].inject(`).
            let prev = i.checked_sub(1).and_then(|p| b.get(p));
            let next = b.get(i + 1..).unwrap_or(&[]);
            prev.is_some_and(u8::is_ascii_digit)
                && (next.first() == Some(&b'*')
                    || next.starts_with(b" *")
                    || next.starts_with(b".")
                    || next.starts_with(b")"))
        })
}

fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The values the text's repeat-then-aggregate lines compute.
pub(crate) fn values(s: &str) -> Vec<f64> {
    let mut out = Vec::new();
    if !triggered(s) {
        return out;
    }
    for line in s.lines().filter(|l| l.len() <= MAX_LINE).take(MAX_LINES) {
        if triggered(line) {
            line_values(line, &mut out);
        }
    }
    out
}

fn tokens(line: &str) -> Vec<T> {
    let mut out = Vec::new();
    let b = line.as_bytes();
    let mut i = 0;
    let mut field = false;
    while let Some(&c) = b.get(i) {
        if c.is_ascii_digit() {
            let mut j = i;
            while b.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
            // A decimal part, not a range's `..`.
            if b.get(j) == Some(&b'.') && b.get(j + 1).is_some_and(u8::is_ascii_digit) {
                j += 1;
                while b.get(j).is_some_and(u8::is_ascii_digit) {
                    j += 1;
                }
            }
            // A literal glued to a name (`5m`, `250px`, `i32` is a word) is no constant.
            if b.get(j)
                .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
            {
                while b.get(j).is_some_and(|c| is_word(*c)) {
                    j += 1;
                }
                out.push(T {
                    tok: Tok::Word(line.get(i..j).unwrap_or("").to_ascii_lowercase()),
                    field,
                });
            } else if let Some(n) = line.get(i..j).and_then(|t| t.parse::<f64>().ok()) {
                out.push(T {
                    tok: Tok::Num(n),
                    field,
                });
            }
            field = false;
            i = j;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let mut j = i;
            while b.get(j).is_some_and(|c| is_word(*c)) {
                j += 1;
            }
            out.push(T {
                tok: Tok::Word(line.get(i..j).unwrap_or("").to_ascii_lowercase()),
                field,
            });
            field = false;
            i = j;
        } else if c == b' ' || c == b'\t' {
            field = false;
            i += 1;
        } else {
            let ch = line.get(i..).and_then(|t| t.chars().next()).unwrap_or(' ');
            field = ch == '$';
            out.push(T {
                tok: Tok::Sym(ch),
                field: false,
            });
            i += ch.len_utf8().max(1);
        }
    }
    out
}

/// A count construct found at a token: the counts it may mean, the constant it names (when
/// it names one) and the tokens it spans.
struct Count {
    counts: Vec<f64>,
    value: Option<f64>,
    span: std::ops::Range<usize>,
}

fn line_values(line: &str, out: &mut Vec<f64>) {
    let t = tokens(line);
    let at = |k: usize| t.get(k).map(|x| &x.tok);
    let num = |k: usize| match at(k) {
        Some(Tok::Num(n)) => Some(*n),
        _ => None,
    };
    let word = |k: usize, w: &str| matches!(at(k), Some(Tok::Word(x)) if x == w);
    let sym = |k: usize, c: char| at(k) == Some(&Tok::Sym(c));
    let awk = t.iter().any(|x| x.tok == Tok::Word("awk".into()));
    let aggregate = (0..t.len()).any(|k| {
        matches!(at(k), Some(Tok::Word(w)) if matches!(w.as_str(),
            "sum" | "sumof" | "add" | "reduce" | "inject" | "fold" | "foldl" | "foldr" | "paste"))
            || (sym(k, '+') && (sym(k + 1, '/') || sym(k + 1, ']')))
            // `+=` where a total starts at zero by the language's rule (awk); elsewhere the
            // start is unknown (`for i in range(100): total += 51` states nothing).
            || (sym(k, '+') && sym(k + 1, '=') && awk)
            || (word(k, "count") && sym(k + 1, '(') && sym(k + 2, '*'))
            // `$((s+250))`: a running total in shell arithmetic.
            || (sym(k, '$') && sym(k + 1, '(') && sym(k + 2, '(')
                && matches!(at(k + 3), Some(Tok::Word(_))) && sym(k + 4, '+'))
    });
    let mut found: Vec<Count> = Vec::new();
    let mut k = 0;
    while k < t.len() {
        if let Some(c) = count_at(k, &num, &word, &sym) {
            k = c.span.end.max(k + 1);
            found.push(c);
        } else {
            k += 1;
        }
    }
    if aggregate {
        if let [c] = found.as_slice() {
            let value = c.value.or_else(|| {
                let mut left = t.iter().enumerate().filter_map(|(k, x)| match x.tok {
                    Tok::Num(n) if !c.span.contains(&k) && !x.field && n != 0.0 && n != 1.0 => {
                        Some(n)
                    }
                    _ => None,
                });
                let v = left.next()?;
                left.all(|n| n == v).then_some(v)
            });
            if let Some(v) = value {
                for n in &c.counts {
                    if *n > 0.0 && *n <= MAX_COUNT && n.fract() == 0.0 {
                        out.push(n * v);
                    }
                }
            }
        }
    }
    if found.is_empty() {
        reduced_lists(&t, &sym, &word, out);
    }
}

/// `[a, b, …].reduce((x, y) => x + y)`, `[a, b].inject(:*)`, `[a, b].sum`: a literal list
/// reduced, its sum or product.
fn reduced_lists(
    t: &[T],
    sym: &dyn Fn(usize, char) -> bool,
    word: &dyn Fn(usize, &str) -> bool,
    out: &mut Vec<f64>,
) {
    let mut k = 0;
    while k < t.len() {
        if !sym(k, '[') {
            k += 1;
            continue;
        }
        let mut items = Vec::new();
        let mut j = k + 1;
        let mut ok = false;
        while let Some(x) = t.get(j) {
            match &x.tok {
                Tok::Num(n) => items.push(*n),
                Tok::Sym(',') => {}
                Tok::Sym(']') => {
                    ok = true;
                    break;
                }
                _ => break,
            }
            j += 1;
        }
        if !ok || items.len() < 2 {
            k = j.max(k + 1);
            continue;
        }
        // After the list: `.reduce(`, `.inject(`, `.sum`, `.fold(`.
        let m = j + 2;
        if sym(j + 1, '.') && (word(m, "reduce") || word(m, "inject") || word(m, "fold")) {
            // The operator in the reducer's body: the first `+` or `*` before the line ends.
            let op = t.get(m..).unwrap_or(&[]).iter().find_map(|x| match x.tok {
                Tok::Sym('+') => Some('+'),
                Tok::Sym('*') => Some('*'),
                _ => None,
            });
            match op {
                Some('+') => out.push(items.iter().sum()),
                Some('*') => out.push(items.iter().product()),
                _ => {}
            }
        } else if sym(j + 1, '.') && word(m, "sum") {
            out.push(items.iter().sum());
        }
        k = j + 1;
    }
}

fn count_at(
    k: usize,
    num: &dyn Fn(usize) -> Option<f64>,
    word: &dyn Fn(usize, &str) -> bool,
    sym: &dyn Fn(usize, char) -> bool,
) -> Option<Count> {
    let one = |counts: Vec<f64>, value: Option<f64>, end: usize| {
        Some(Count {
            counts,
            value,
            span: k..end,
        })
    };
    // `replicate 51 100`, Clojure `(repeat 11 250)`: count first.
    if (word(k, "replicate") || word(k, "repeat")) && !sym(k + 1, '(') {
        let n = num(k + 1)?;
        return one(vec![n], num(k + 2), k + 3);
    }
    // `rep(100, 51)`, `Repeat(100, 51)`, `rep(100, times = 51)`: value first.
    if (word(k, "rep") || word(k, "repeat") || word(k, "replicate")) && sym(k + 1, '(') {
        let v = num(k + 2)?;
        if !sym(k + 3, ',') {
            return None;
        }
        let named = word(k + 4, "times") && sym(k + 5, '=');
        let at = if named { k + 6 } else { k + 4 };
        let n = num(at)?;
        if !sym(at + 1, ')') {
            return None;
        }
        // Haskell's `replicate(51, 100)` is count first.
        return if word(k, "replicate") {
            one(vec![v], Some(n), at + 2)
        } else {
            one(vec![n], Some(v), at + 2)
        };
    }
    // `numpy.full(11, 250)`.
    if word(k, "full") && sym(k + 1, '(') && sym(k + 3, ',') && sym(k + 5, ')') {
        return one(vec![num(k + 2)?], Some(num(k + 4)?), k + 6);
    }
    // `ones(1, 11)`, `ones(11)`: the constant multiplies it elsewhere on the line.
    if word(k, "ones") && sym(k + 1, '(') {
        let a = num(k + 2)?;
        if sym(k + 3, ')') {
            return one(vec![a], None, k + 4);
        }
        if sym(k + 3, ',') && sym(k + 5, ')') {
            return one(vec![a * num(k + 4)?], None, k + 6);
        }
        return None;
    }
    // `range(11)`, `range(0, 11)`, `generate_series(1, 11)` (inclusive).
    if (word(k, "range") || word(k, "generate_series")) && sym(k + 1, '(') {
        let a = num(k + 2)?;
        if sym(k + 3, ')') && word(k, "range") {
            return one(vec![a], None, k + 4);
        }
        if sym(k + 3, ',') && sym(k + 5, ')') {
            let b = num(k + 4)?;
            let n = if word(k, "range") { b - a } else { b - a + 1.0 };
            return one(vec![n], None, k + 6);
        }
        return None;
    }
    // `seq 51`, `seq 1 51`.
    if word(k, "seq") {
        let a = num(k + 1)?;
        return match num(k + 2) {
            Some(b) => one(vec![b - a + 1.0], None, k + 3),
            None => one(vec![a], None, k + 2),
        };
    }
    // `head -51`, `head -n 51`.
    if word(k, "head") && sym(k + 1, '-') {
        if let Some(n) = num(k + 2) {
            return one(vec![n], None, k + 3);
        }
        if word(k + 2, "n") {
            return one(vec![num(k + 3)?], None, k + 4);
        }
        return None;
    }
    // Raku `250 xx 11`.
    if word(k, "xx") {
        return one(vec![num(k + 1)?], None, k + 2);
    }
    if let Some(a) = num(k) {
        // `51.times`.
        if sym(k + 1, '.') && word(k + 2, "times") {
            return one(vec![a], None, k + 3);
        }
        // APL `51⍴100`.
        if sym(k + 1, '⍴') {
            return one(vec![a], num(k + 2), k + 3);
        }
        // `1..11` (inclusive, or exclusive in Rust), `1..=11`, `0..<11`.
        if sym(k + 1, '.') && sym(k + 2, '.') {
            if sym(k + 3, '=') {
                return one(vec![num(k + 4)? - a + 1.0], None, k + 5);
            }
            if sym(k + 3, '<') {
                return one(vec![num(k + 4)? - a], None, k + 5);
            }
            let b = num(k + 3)?;
            return one(vec![b - a + 1.0, b - a], None, k + 4);
        }
        // `11 * [250]`.
        if sym(k + 1, '*') && sym(k + 2, '[') && sym(k + 4, ']') {
            return one(vec![a], Some(num(k + 3)?), k + 5);
        }
        return None;
    }
    // `[250]*11`, `[250] * 11`, `vec![100; 51]`, `[100; 51]`.
    if sym(k, '[') {
        let v = num(k + 1)?;
        if sym(k + 2, ']') && sym(k + 3, '*') {
            return one(vec![num(k + 4)?], Some(v), k + 5);
        }
        if sym(k + 2, ';') && sym(k + 4, ']') {
            return one(vec![num(k + 3)?], Some(v), k + 5);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads(s: &str, v: f64) -> bool {
        values(s).contains(&v)
    }

    #[test]
    fn repeats_then_aggregates() {
        for (s, v) in [
            ("sum (replicate 11 250)", 2750.0),
            ("main = print $ sum (replicate 51 100)", 5100.0),
            ("puts 11.times.sum { 250 }", 2750.0),
            ("puts ([250]*11).sum", 2750.0),
            ("println((1..11).sumOf { 250 })", 2750.0),
            (
                "Console.WriteLine(Enumerable.Repeat(100, 51).Sum());",
                5100.0,
            ),
            ("jq -n '[range(51)] | map(100) | add'", 5100.0),
            ("1..11 | % {250} | measure -Sum", 2750.0),
            ("+/51⍴100", 5100.0),
            ("sum(rep(100, 51))", 5100.0),
            ("sum(250*ones(1,11))", 2750.0),
            ("SELECT SUM(250) FROM generate_series(1, 11);", 2750.0),
            ("SELECT 100 * COUNT(*) FROM generate_series(1,51);", 5100.0),
            ("seq 51 | awk '{s+=100} END{print s}'", 5100.0),
            ("yes 100 | head -n 51 | paste -sd+ - | bc", 5100.0),
            ("yes 250 | head -11 | paste -sd+ | bc", 2750.0),
            ("print(numpy.full(11, 250).sum())", 2750.0),
            (
                "println!(\"{}\", (1..=11).map(|_| 250).sum::<i32>());",
                2750.0,
            ),
            (
                "println!(\"{}\", vec![100; 51].iter().sum::<i32>());",
                5100.0,
            ),
            ("(reduce + (repeat 11 250))", 2750.0),
            ("say [+] 250 xx 11;", 2750.0),
            (
                "seq 11 | while read i; do s=$((s+250)); done; echo $s",
                2750.0,
            ),
            (
                "console.log([250,250,250,250,250,250,250,250,250,250,250].reduce((a,b)=>a+b))",
                2750.0,
            ),
            ("[11, 250].inject(:*)", 2750.0),
        ] {
            assert!(reads(s, v), "{s}");
        }
    }

    #[test]
    fn near_misses_read_nothing() {
        for s in [
            "for i in range(51): print(i)",
            "replicas: 3",
            "sum(latencies)",
            "sum(rate(http_requests_total[5m])) by (pod)",
            "kubectl get pods | head -20 | awk '{s+=$3} END {print s}'",
            "seq 10 | xargs -n1 kubectl delete pod",
            "for p in 0..11 { total += lag[p] }",
            "for i in range(100): total += 51",
            "sum(range(100))",
            "see pages 10..12 for the sum of 3 and 4",
            "The sum was about 5100... wait",
        ] {
            assert!(values(s).is_empty(), "{s}: {:?}", values(s));
        }
    }

    #[test]
    fn hostile_text_is_bounded() {
        let s = "sum(rep(1, 2)) ".repeat(10_000);
        let _ = values(&s);
        let s = "[1,".repeat(50_000);
        let _ = values(&s);
    }
}
