//! What the differential guard compares on (not frozen: the test and the fuzz target share
//! it): the target sets, and a deterministic generator of texts (seed texts, then mutated
//! spellings of them). Types are the frozen matcher's own; callers convert for the live one.
use crate::matcher::{GuardedValue, Matcher, Rules, TargetValue};

/// A manifest for the comparison: (value, unit).
pub type TargetSet = Vec<(TargetValue, Option<&'static str>)>;

fn n(v: f64, unit: Option<&'static str>) -> (TargetValue, Option<&'static str>) {
    (TargetValue::Number(v), unit)
}
fn s(v: &str) -> (TargetValue, Option<&'static str>) {
    (TargetValue::Text(v.into()), None)
}

/// The lab's manifests the guard's test tables use, plus sets that exercise other shapes
/// (negative, small, round, non-ASCII names, several strings of one shape).
pub fn target_sets() -> Vec<TargetSet> {
    vec![
        vec![
            n(5100.0, Some("messages")),
            s("orders-7"),
            s("KafkaConsumerLagHigh"),
            n(2_400_000.0, Some("bytes/s")),
            n(1250.5, Some("ms")),
        ],
        vec![
            n(5100.0, Some("messages")),
            s("orders-7"),
            s("KafkaConsumerLagHigh"),
            n(2_400_000.0, Some("bytes/s")),
            n(1250.5, Some("ms")),
            s("Zürich-3"),
            n(100.0, None),
        ],
        vec![
            s("orders-3"),
            s("DiskAlmostFull"),
            n(340.0, None),
            n(-4200.0, None),
            n(1250.0, Some("s")),
        ],
        vec![
            n(104_729.0, None),
            n(112_648.5, None),
            n(9090.0, Some("requests/s")),
            n(4096.0, Some("bytes")),
            s("secret-target-9"),
        ],
    ]
}

/// Did the frozen matcher find target `i` in `text` only as a list of candidates that needs
/// numbers read backwards? The live matcher counts a number's digits backwards as half a
/// candidate (an offsets table, `1015, 1065, 1084`, reads `5101, 5601, 4801` backwards: three
/// candidates of 5100 in every such table), so that is the one finding of the frozen matcher
/// the live one may lack. Compiles twice: call it only on a loss.
pub fn reversed_list_only(values: &[GuardedValue], text: &str, i: usize) -> bool {
    let without = |rules: Rules| !Matcher::compile_with(values, rules).find(text).contains(&i);
    without(Rules {
        min_candidates: 0,
        ..Rules::DEFAULT
    }) && without(Rules {
        reversed: false,
        ..Rules::DEFAULT
    })
}

/// xorshift64*: deterministic, no dependency.
pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs.get(self.below(xs.len())).copied().unwrap_or("")
    }
}

/// Spellings and pieces a mutation splices in: the targets in many written forms, separators,
/// markup, invisible and look-alike characters, words.
pub const PIECES: &[&str] = &[
    "5100",
    "5,100",
    "5.1k",
    "5 100",
    "5\u{202F}100",
    "five thousand one hundred",
    "51",
    "00",
    "5",
    "1",
    "0",
    "100",
    "orders-7",
    "ORDERS_7",
    "orders",
    "7",
    "17",
    "KafkaConsumerLagHigh",
    "kafka consumer lag high",
    "2.4",
    "MB/s",
    "2400000",
    "2.4 MB/s",
    "1250.5",
    "1.2505 s",
    "ms",
    " ms",
    "s",
    " ",
    ", ",
    ".",
    "\n",
    "*",
    "**",
    "`",
    "<b>",
    "</b>",
    "&#53;",
    "&amp;",
    "~~",
    "_",
    "about ",
    "roughly ",
    "0x13EC",
    " + ",
    " x ",
    " * ",
    "e3",
    "\u{200B}",
    "\u{00AD}",
    "\u{0301}",
    "\u{FF15}",
    "\u{0665}",
    "\u{043E}",
    "\u{00A0}",
    "\u{2212}",
    "\u{2014}",
    "\u{00B3}",
    "\u{00BD}",
    "é",
    "Zürich-3",
    "thousand",
    "hundred",
    "one",
    "oh",
    "point",
    "(",
    ")",
    "/",
    ":",
    "#",
    "=",
    "'",
    "\"",
    "%35",
    "%",
    "[",
    "]",
    "{",
    "}",
    "|",
    "NTEwMA==",
    "GUYTAMA=",
    "35-31-30-30",
    "\\u0035",
    "0015",
    "7-sredro",
    "MMMMMC",
    "cinq mille cent",
    "五千一百",
    "starts with 51",
    "ends in 00",
    "5000 plus 100",
    "half of 10200",
    "S1OO",
    "51OO",
    "0:00:01.2505",
    "PT1.2505S",
    "<span hidden>9</span>",
    "340",
    "4200",
    "-4200",
    "orders-3",
    "DiskAlmostFull",
    "1250",
    "104729",
    "104,729",
    "9090",
    "4096",
    "4 KiB",
    "secret-target-9",
    "5000 5010 5020",
    "orders-0 orders-1 orders-2",
];

/// The differential corpus's seeds: every non-empty string literal of `sources` (the guard's
/// test tables), the lines of `ops`, and [`PIECES`]; sorted, no duplicates.
pub fn seeds(sources: &[&str], ops: &str) -> Vec<String> {
    let mut seeds: Vec<String> = sources
        .iter()
        .flat_map(|s| string_literals(s))
        .filter(|s| !s.is_empty())
        .collect();
    seeds.extend(ops.lines().map(str::to_string));
    seeds.extend(PIECES.iter().map(|p| p.to_string()));
    seeds.sort();
    seeds.dedup();
    seeds
}

/// Every string literal in Rust source (the guard's test tables): escapes decoded, raw strings
/// taken as written. Approximate on purpose: a mis-read literal is just one more text.
pub fn string_literals(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b: Vec<char> = src.chars().collect();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == '/' && b.get(i + 1) == Some(&'/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '\'' {
            // A char literal ('"', '\'', '\u{..}') or a lifetime: skip to its end.
            if b.get(i + 2) == Some(&'\'') {
                i += 3;
                continue;
            }
            if b.get(i + 1) == Some(&'\\') {
                let mut j = i + 2;
                while j < b.len() && j < i + 14 && b[j] != '\'' {
                    j += 1;
                }
                i = j + 1;
                continue;
            }
            i += 1;
            continue;
        }
        if c == 'r' && (b.get(i + 1) == Some(&'"') || b.get(i + 1) == Some(&'#')) {
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) == Some(&'"') && (i == 0 || !b[i - 1].is_alphanumeric()) {
                let start = j + 1;
                let mut k = start;
                let mut lit = String::new();
                while k < b.len() {
                    if b[k] == '"' && (0..hashes).all(|h| b.get(k + 1 + h) == Some(&'#')) {
                        break;
                    }
                    lit.push(b[k]);
                    k += 1;
                }
                out.push(lit);
                i = k + 1 + hashes;
                continue;
            }
        }
        if c == '"' {
            let mut lit = String::new();
            let mut k = i + 1;
            while k < b.len() && b[k] != '"' {
                if b[k] == '\\' {
                    k += 1;
                    match b.get(k) {
                        Some('n') => lit.push('\n'),
                        Some('t') => lit.push('\t'),
                        Some('r') => lit.push('\r'),
                        Some('0') => lit.push('\0'),
                        Some('u') => {
                            let mut hex = String::new();
                            k += 2;
                            while k < b.len() && b[k] != '}' {
                                hex.push(b[k]);
                                k += 1;
                            }
                            if let Some(ch) =
                                u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32)
                            {
                                lit.push(ch);
                            }
                        }
                        Some('x') => {
                            let hex: String = b[k + 1..(k + 3).min(b.len())].iter().collect();
                            if let Some(ch) = u8::from_str_radix(&hex, 16).ok().map(char::from) {
                                lit.push(ch);
                            }
                            k += 2;
                        }
                        Some('\n') => {
                            while k + 1 < b.len() && b[k + 1].is_whitespace() {
                                k += 1;
                            }
                        }
                        Some(&other) => lit.push(other),
                        None => {}
                    }
                    k += 1;
                    continue;
                }
                lit.push(b[k]);
                k += 1;
            }
            out.push(lit);
            i = k + 1;
            continue;
        }
        i += 1;
    }
    out
}

/// One mutation of `t` (a spelling spliced in, digits in another script, an invisible or
/// combining character, case flips, markup around a span, look-alike separators, two texts
/// joined).
pub fn mutate(t: &str, other: &str, r: &mut Rng) -> String {
    let chars: Vec<char> = t.chars().collect();
    let at = r.below(chars.len() + 1);
    let (head, tail): (String, String) =
        (chars[..at].iter().collect(), chars[at..].iter().collect());
    match r.below(9) {
        0 | 1 => format!("{head}{}{tail}", r.pick(PIECES)),
        2 => t
            .chars()
            .map(|c| match (c.to_digit(10), r.below(3)) {
                (Some(d), 0) => char::from_u32(0xFF10 + d).unwrap_or(c),
                (Some(d), 1) => char::from_u32(0x0660 + d).unwrap_or(c),
                _ => c,
            })
            .collect(),
        3 => {
            let inv = [
                "\u{200B}", "\u{00AD}", "\u{0301}", "\u{2060}", "\u{FEFF}", "\u{034F}",
            ];
            format!("{head}{}{tail}", r.pick(&inv))
        }
        4 => t
            .chars()
            .map(|c| {
                if r.below(3) == 0 {
                    if c.is_lowercase() {
                        c.to_ascii_uppercase()
                    } else {
                        c.to_ascii_lowercase()
                    }
                } else {
                    c
                }
            })
            .collect(),
        5 => {
            let end = at + r.below(chars.len() - at + 1);
            let mid: String = chars[at..end].iter().collect();
            let rest: String = chars[end..].iter().collect();
            let wrap = [
                ("**", "**"),
                ("<b>", "</b>"),
                ("`", "`"),
                ("~~", "~~"),
                ("<i>", "</i>"),
            ];
            let (o, c) = wrap[r.below(wrap.len())];
            format!("{head}{o}{mid}{c}{rest}")
        }
        6 => t
            .chars()
            .map(|c| match (c, r.below(2)) {
                (' ', 0) => '\u{00A0}',
                ('-', 0) => '\u{2010}',
                (',', 0) => '\u{201A}',
                ('.', 0) => '\u{2024}',
                ('o', 0) => '\u{043E}',
                _ => c,
            })
            .collect(),
        7 => format!("{t} {other}"),
        _ => format!("{head}{}{}{tail}", r.pick(PIECES), r.pick(PIECES)),
    }
}

/// The generated corpus: every seed, each ops corpus window, then `rounds` mutations of each
/// seed (a mutation may stack on the previous one).
pub fn corpus(seeds: &[String], ops: &str, rounds: usize, seed: u64) -> Vec<String> {
    let mut out: Vec<String> = seeds.to_vec();
    let lines: Vec<&str> = ops.lines().collect();
    for w in lines.chunks(6) {
        out.push(w.join("\n"));
    }
    let mut r = Rng(seed | 1);
    for k in 0..seeds.len() {
        let mut t = seeds[k].clone();
        for _ in 0..rounds {
            let other = &seeds[r.below(seeds.len())];
            t = if r.below(4) == 0 {
                mutate(&seeds[k], other, &mut r)
            } else {
                mutate(&t, other, &mut r)
            };
            if t.len() > 4096 {
                t = seeds[k].clone();
            }
            out.push(t.clone());
        }
    }
    out
}
