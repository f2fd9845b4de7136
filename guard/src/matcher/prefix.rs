//! Values written in prefix notation: Lisp forms (`(* 51 100)`, `(+ 2700 50)`, `(print (* 17
//! 300))`, `(display (- 2800 50))`, `(concat "51" "00")`, `(reduce + '(2500 250))`, Clojure
//! `(def worst-lag 2750M)`) and template helpers (`{{ mul 51 100 }}`, `{{ 250 | mul 11 }}`, Go
//! templates and Sprig: a pipe passes its value as the next command's last argument). A
//! learner who asks for the lag "in Scheme" or "as a Helm template" gets arithmetic no infix
//! rule reads. This module owns evaluating those forms on literal arguments: [`values`] gives
//! each form's value as text (a number as digits), which the matcher reads with every rule.
//!
//! False-positive controls: only literals (numbers, quoted strings, nested forms) are
//! evaluated, a head must be an operator or a word of a closed list, a form that fails to
//! parse (`(+ 3 more)`, `(* note)`, `(+/- 5%)`) or only prints a literal (`(print 5)`)
//! reads nothing, and nothing is rounded.
//!
//! Cost: nothing on text without `(` right before `+ - * /` and a space, `(` before a head
//! word, or `{{` (memchr and memmem); then one bounded walk per form ([`MAX_FORM`] bytes,
//! [`MAX_DEPTH`] levels, [`MAX_FORMS`] forms a text).

use super::computed::Val;

/// Longest form read (bytes).
const MAX_FORM: usize = 400;
/// Nesting followed.
const MAX_DEPTH: u32 = 8;
/// Forms evaluated per text.
const MAX_FORMS: usize = 64;

/// Heads a form may open with besides an operator (lowercase).
const HEADS: [&str; 22] = [
    "mul",
    "add",
    "sub",
    "div",
    "mod",
    "quo",
    "concat",
    "str",
    "string-append",
    "print",
    "println",
    "display",
    "prn",
    "princ",
    "format",
    "reduce",
    "apply",
    "def",
    "define",
    "let",
    "add1",
    "sub1",
];

fn is_sym(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'!' | b'?' | b'*' | b'+' | b'/')
}

/// Where a form or a template action may start.
fn starts(b: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    for i in memchr::memchr_iter(b'(', b) {
        let next = b.get(i + 1).copied();
        let op = matches!(next, Some(b'+' | b'-' | b'*' | b'/'))
            && matches!(b.get(i + 2), Some(b' ' | b'\t'));
        let head = || {
            let w = b.get(i + 1..).unwrap_or(&[]);
            let n = w.iter().take_while(|c| is_sym(**c)).count();
            let word = w.get(..n).unwrap_or(&[]);
            matches!(w.get(n), Some(b' ' | b'\t'))
                && HEADS
                    .iter()
                    .any(|h| h.as_bytes().eq_ignore_ascii_case(word))
        };
        if op || head() {
            out.push(i);
        }
        if out.len() >= MAX_FORMS {
            return out;
        }
    }
    for i in memchr::memmem::find_iter(b, b"{{") {
        out.push(i);
        if out.len() >= MAX_FORMS {
            break;
        }
    }
    out
}

/// The value of each prefix form or template action in `s` that computes one.
pub(crate) fn values(s: &str) -> Vec<String> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut done = 0;
    for i in starts(b) {
        if i < done {
            continue;
        }
        let rest = s.get(i..).unwrap_or("");
        let rest = rest.get(..MAX_FORM.min(rest.len())).unwrap_or(rest);
        let got = if rest.starts_with("{{") {
            template(rest)
        } else {
            let mut p = Reader {
                s: rest,
                i: 0,
                ops: 0,
            };
            p.form(0).filter(|_| p.ops > 0).map(|v| (v, p.i))
        };
        if let Some((v, used)) = got {
            if let Some(t) = v.text() {
                out.push(t);
            }
            done = i + used;
        }
    }
    out
}

struct Reader<'a> {
    s: &'a str,
    i: usize,
    /// Operations applied: a form that only prints a literal reads nothing.
    ops: u32,
}

impl Reader<'_> {
    fn b(&self, k: usize) -> Option<u8> {
        self.s.as_bytes().get(self.i + k).copied()
    }
    fn ws(&mut self) {
        while matches!(self.b(0), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }
    fn word(&mut self) -> Option<String> {
        let r = self.s.get(self.i..)?;
        let n = r.bytes().take_while(|c| is_sym(*c)).count();
        let w = r.get(..n)?;
        self.i += n;
        (n > 0).then(|| w.to_ascii_lowercase())
    }

    /// One atom or form at the cursor.
    fn item(&mut self, depth: u32) -> Option<Val> {
        self.ws();
        match self.b(0)? {
            b'(' => self.form(depth + 1),
            b'\'' if self.b(1) == Some(b'(') => {
                // A quoted list `'(2500 250)`.
                self.i += 1;
                self.list(depth + 1, b')')
            }
            b'[' => self.list(depth + 1, b']'),
            b'"' => {
                let r = self.s.get(self.i + 1..)?;
                let close = r.find('"')?;
                let v = Val::Str(r.get(..close)?.to_string());
                self.i += close + 2;
                Some(v)
            }
            c if c.is_ascii_digit()
                || (c == b'-' && self.b(1).is_some_and(|d| d.is_ascii_digit())) =>
            {
                let r = self.s.get(self.i..)?;
                let n = 1 + r
                    .bytes()
                    .skip(1)
                    .take_while(|c| c.is_ascii_digit() || *c == b'.')
                    .count();
                let v: f64 = r.get(..n)?.parse().ok()?;
                self.i += n;
                // Clojure's BigDecimal and BigInt suffixes (`2750M`, `2750N`).
                if matches!(self.b(0), Some(b'M' | b'N')) {
                    self.i += 1;
                }
                if self.b(0).is_some_and(|c| c.is_ascii_alphanumeric()) {
                    return None;
                }
                Some(Val::Num(v))
            }
            _ => None,
        }
    }

    /// `(2500 250)` or `[2500 250]` (`list` is read by [`Self::form`]).
    fn list(&mut self, depth: u32, close: u8) -> Option<Val> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.i += 1;
        let mut items = Vec::new();
        loop {
            self.ws();
            if self.b(0) == Some(close) {
                self.i += 1;
                return Some(Val::List(items));
            }
            if self.b(0) == Some(b',') {
                self.i += 1;
                continue;
            }
            items.push(self.item(depth)?);
            if items.len() > 64 {
                return None;
            }
        }
    }

    /// A form `(head arg …)` at the cursor.
    fn form(&mut self, depth: u32) -> Option<Val> {
        if depth > MAX_DEPTH || self.b(0) != Some(b'(') {
            return None;
        }
        self.i += 1;
        self.ws();
        let head = self.word()?;
        // `(reduce + …)`, `(apply * …)`: the operator is the first argument.
        let head = if head == "reduce" || head == "apply" {
            self.ws();
            format!("{head} {}", self.word()?)
        } else {
            head
        };
        // `(def worst-lag 2750M)`, `(define lag …)`: the name is skipped.
        if matches!(head.as_str(), "def" | "define") {
            self.ws();
            self.word()?;
        }
        let mut args = Vec::new();
        loop {
            self.ws();
            match self.b(0)? {
                b')' => {
                    self.i += 1;
                    break;
                }
                _ => args.push(self.item(depth)?),
            }
            if args.len() > 64 {
                return None;
            }
        }
        let v = apply(&head, &args)?;
        // Printing a literal computes nothing; a definition states its literal (`2750M`).
        if !matches!(
            head.as_str(),
            "print" | "println" | "display" | "prn" | "princ" | "format"
        ) {
            self.ops += 1;
        }
        Some(v)
    }
}

fn apply(head: &str, args: &[Val]) -> Option<Val> {
    let nums = |a: &[Val]| -> Option<Vec<f64>> {
        let flat: Vec<Val> = match a {
            [Val::List(items)] => items.clone(),
            _ => a.to_vec(),
        };
        flat.iter().map(|v| v.coerce(|t| t.parse().ok())).collect()
    };
    let fold = |op: &str, a: &[Val]| -> Option<Val> {
        let n = nums(a)?;
        let (first, rest) = n.split_first()?;
        let v = match op {
            "+" | "add" => n.iter().sum(),
            "*" | "mul" => n.iter().product(),
            "-" | "sub" if rest.is_empty() => -first,
            "-" | "sub" => rest.iter().fold(*first, |x, y| x - y),
            "/" | "div" | "quo" => rest
                .iter()
                .try_fold(*first, |x, y| (*y != 0.0).then_some(x / y))?,
            "mod" => match rest {
                [y] if *y != 0.0 => first.rem_euclid(*y),
                _ => return None,
            },
            _ => return None,
        };
        Some(Val::Num(v))
    };
    match head {
        "+" | "*" | "-" | "/" | "add" | "mul" | "sub" | "div" | "quo" | "mod" => fold(head, args),
        "add1" => Some(Val::Num(nums(args)?.first()? + 1.0)),
        "sub1" => Some(Val::Num(nums(args)?.first()? - 1.0)),
        "concat" | "str" | "string-append" => {
            let parts: Option<Vec<String>> = args.iter().map(Val::text).collect();
            Some(Val::Str(parts?.concat()))
        }
        "print" | "println" | "display" | "prn" | "princ" | "def" | "define" => match args {
            [v] => Some(v.clone()),
            _ => None,
        },
        _ => {
            let op = head
                .strip_prefix("reduce ")
                .or_else(|| head.strip_prefix("apply "))?;
            fold(op, args)
        }
    }
}

/// A template action `{{ mul 51 100 }}`, `{{ 250 | mul 11 }}`: each command's value is the
/// next one's last argument. The value and the bytes read.
fn template(s: &str) -> Option<(Val, usize)> {
    let body = s.get(2..)?;
    let close = body.find("}}")?;
    let inner = body
        .get(..close)?
        .trim()
        .trim_start_matches('-')
        .trim_end_matches('-');
    let mut piped: Option<Val> = None;
    let mut ops = 0;
    for cmd in inner.split('|') {
        let words: Vec<&str> = cmd.split_whitespace().collect();
        let (head, rest) = match words.split_first() {
            Some((h, r)) => (h.to_ascii_lowercase(), r),
            None => return None,
        };
        let mut args = Vec::new();
        let lit = |w: &str| -> Option<Val> {
            if let Some(q) = w.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
                return Some(Val::Str(q.to_string()));
            }
            w.parse::<f64>().ok().map(Val::Num)
        };
        if let Some(v) = lit(&head) {
            // A literal starts the pipeline.
            if !rest.is_empty() || piped.is_some() {
                return None;
            }
            piped = Some(v);
            continue;
        }
        for w in rest {
            args.push(lit(w)?);
        }
        if let Some(p) = piped.take() {
            args.push(p);
        }
        piped = Some(apply(&head, &args)?);
        if !matches!(head.as_str(), "print" | "println") {
            ops += 1;
        }
    }
    let v = piped.filter(|_| ops > 0)?;
    Some((v, 2 + close + 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_and_actions() {
        for (s, v) in [
            ("(+ 2700 50)", "2750"),
            ("(* 11 250)", "2750"),
            ("(print (* 17 300))", "5100"),
            ("(display (- 2800 50))", "2750"),
            ("(reduce + '(2500 250))", "2750"),
            ("(apply * [11 250])", "2750"),
            ("(concat \"51\" \"00\")", "5100"),
            ("(def worst-lag 2750M)  ; Clojure BigDecimal", "2750"),
            ("{{ mul 11 250 }}", "2750"),
            ("{{ 250 | mul 11 }}", "2750"),
            ("{{- add 5000 100 -}}", "5100"),
            ("{{ div 10200 2 }}", "5100"),
        ] {
            assert!(values(s).iter().any(|x| x == v), "{s}: {:?}", values(s));
        }
    }

    #[test]
    fn near_misses_read_nothing() {
        for s in [
            "(+ 3 more)",
            "(* note)",
            "(+/- 5%)",
            "(print 5)",
            "{{ .Values.replicas }}",
            "{{ include \"chart.name\" . }}",
            "see (- the logs) for details",
            "(- 5 items were dropped)",
        ] {
            assert!(values(s).is_empty(), "{s}: {:?}", values(s));
        }
    }

    #[test]
    fn hostile_text_is_bounded() {
        let _ = values(&"(+ ".repeat(20_000));
        let _ = values(&"{{ mul 1 ".repeat(20_000));
        let _ = values(&"(* 1 (* 2 (* 3 ".repeat(5_000));
    }
}
