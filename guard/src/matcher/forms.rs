//! Sample written forms of one target, for the author playground's "what the guard catches"
//! panel: this module owns turning a [`GuardedValue`] into a short list of texts a learner might
//! see, one or a few per rule the [`Rules`] switch on, each labelled with that rule.
//!
//! The forms are rendered from the tables the matcher itself reads (the number words of
//! `words.rs`, the unit families of `units.rs`, the rule switches of [`Rules`]), and every
//! candidate is then read by a matcher compiled for that one value with the same rules: a form
//! the matcher does not catch is dropped, so the list never promises coverage the guard lacks.
//! Nothing here takes part in matching; it only calls the public [`Matcher`] API.
//!
//! The forms hold the value: they are for the author who wrote the manifest (offline, in their
//! own browser), never for a learner-facing surface.
use super::{units, words, GuardedValue, Matcher, Rules, TargetValue};
use base64::Engine as _;

/// One sample form: the rule that reads it (a [`Rules`] field name, or `digits` / `string` for
/// the AEP-032 base rules) and the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Form {
    pub rule: &'static str,
    pub text: String,
}

/// Sample forms of `value` that a matcher with `rules` withholds, in rule order, no
/// duplicates. Every returned text is caught (checked here, by a matcher for this value alone).
pub fn forms(value: &GuardedValue, rules: Rules) -> Vec<Form> {
    let mut out: Vec<Form> = Vec::new();
    let mut add = |rule: &'static str, text: String| out.push(Form { rule, text });
    match &value.value {
        TargetValue::Number(n) => number_forms(*n, value.unit.as_deref(), rules, &mut add),
        TargetValue::Text(t) => text_forms(t, rules, &mut add),
    }
    let m = Matcher::compile_with(std::slice::from_ref(value), rules);
    let mut seen: Vec<String> = Vec::new();
    out.retain(|f| {
        let keep = !f.text.is_empty() && !seen.contains(&f.text) && m.is_match(&f.text);
        if keep {
            seen.push(f.text.clone());
        }
        keep
    });
    out
}

/// An integer below 10^12 in English words, from the matcher's word tables.
pub(super) fn in_words(n: u64) -> Option<String> {
    fn below_thousand(n: u64, out: &mut Vec<String>) {
        let (h, rest) = (n / 100, n % 100);
        if h > 0 {
            out.push(format!("{} hundred", words::UNITS[h as usize]));
        }
        match rest {
            0 => {}
            1..=9 => out.push(words::UNITS[rest as usize].to_string()),
            10..=19 => out.push(words::TEENS[(rest - 10) as usize].to_string()),
            _ => {
                let tens = words::TENS[(rest / 10 - 2) as usize];
                out.push(match rest % 10 {
                    0 => tens.to_string(),
                    u => format!("{tens}-{}", words::UNITS[u as usize]),
                });
            }
        }
    }
    if n == 0 || n >= 1_000_000_000_000 {
        return None;
    }
    let mut out = Vec::new();
    for (scale, name) in [
        (1_000_000_000, "billion"),
        (1_000_000, "million"),
        (1_000, "thousand"),
    ] {
        let part = (n / scale) % 1000;
        if part > 0 {
            below_thousand(part, &mut out);
            out.push(name.to_string());
        }
    }
    below_thousand(n % 1000, &mut out);
    Some(out.join(" "))
}

/// Digits grouped in threes with `sep`.
pub(super) fn grouped(digits: &str, sep: &str) -> String {
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push_str(sep);
        }
        out.push(c);
    }
    out
}

/// The shortest decimal of `v` (no exponent, no trailing zeros).
pub(super) fn plain(v: f64) -> String {
    let s = format!("{v}");
    if s.contains('e') {
        format!("{v:.0}")
    } else {
        s
    }
}

/// `v` rounded to `sig` significant digits, written plainly.
fn sig(v: f64, sig: i32) -> String {
    if v == 0.0 {
        return "0".into();
    }
    let mag = v.abs().log10().floor() as i32;
    let decimals = (sig - 1 - mag).max(0) as usize;
    let s = format!("{v:.decimals$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// Roman numerals (the matcher reads them as an other-numerals stretch), up to 10,000.
fn roman(n: u64) -> Option<String> {
    if n == 0 || n > 10_000 {
        return None;
    }
    Some(super::lang::roman_letters(u32::try_from(n).ok()?))
}

/// Units to try for a unit family; each is read by the matcher's own unit table
/// ([`units::family`]) and used only when it lands in the target's family.
const UNIT_SPELLINGS: &[&str] = &[
    "B",
    "kB",
    "MB",
    "GB",
    "KiB",
    "MiB",
    "B/s",
    "kB/s",
    "MB/s",
    "GB/s",
    "MBps",
    "ms",
    "s",
    "min",
    "h",
    "per second",
    "/s",
    "per minute",
];

fn number_forms(
    n: f64,
    unit: Option<&str>,
    rules: Rules,
    add: &mut dyn FnMut(&'static str, String),
) {
    let a = n.abs();
    let int = (a.fract() == 0.0 && a < 1e15).then_some(a as u64);
    let digits = plain(a);
    add("digits", digits.clone());
    if let Some(i) = int {
        let d = i.to_string();
        for sep in [",", ".", " ", "_", "'"] {
            add("digits", grouped(&d, sep));
        }
        add("digits", format!("{d}.0"));
        if rules.words {
            if let Some(w) = in_words(i) {
                add("words", w);
            }
        }
        if rules.ciphered_words {
            if let Some(w) = in_words(i) {
                add("ciphered_words", rot13(&w));
                add("ciphered_words", w.replace('o', "0").replace('e', "3"));
            }
        }
        if rules.spelled_digits {
            let spelled: Vec<&str> = d
                .bytes()
                .map(|b| words::UNITS[usize::from(b - b'0')])
                .collect();
            add("spelled_digits", spelled.join(" "));
            let dashed: Vec<String> = d.chars().map(String::from).collect();
            add("spelled_digits", dashed.join("-"));
        }
        if rules.hex {
            add("hex", format!("0x{i:X}"));
        }
        if rules.binary_octal {
            add("binary_octal", format!("0b{i:b}"));
        }
        if rules.reversed {
            add("reversed", d.chars().rev().collect());
        }
        if rules.other_numerals {
            if let Some(r) = roman(i) {
                add("other_numerals", r);
            }
        }
        if rules.arithmetic && i > 1 {
            add("arithmetic", format!("{} + 1", i - 1));
            if i.is_multiple_of(2) {
                add("arithmetic", format!("{} * 2", i / 2));
            }
        }
        if rules.concatenations && d.len() >= 4 {
            let (l, r) = d.split_at(d.len() / 2);
            add("concatenations", format!("({l})({r})"));
        }
        if rules.position_phrases && d.len() >= 4 {
            add(
                "position_phrases",
                format!("starts with {}", &d[..d.len() / 2]),
            );
            let (l, r) = d.split_at(d.len() / 2);
            add("position_phrases", format!("hi={l} lo={r}"));
        }
        if rules.encodings {
            add(
                "encodings",
                base64::engine::general_purpose::STANDARD.encode(&d),
            );
            let hex: Vec<String> = d.bytes().map(|b| format!("{b:02x}")).collect();
            add("encodings", hex.join("-"));
        }
    } else {
        add("digits", digits.replace('.', ","));
    }
    if rules.abbreviations && a >= 1000.0 {
        for (div, k, word) in [
            (1e3, "k", "thousand"),
            (1e6, "M", "million"),
            (1e9, "B", "billion"),
        ] {
            if a >= div && a < div * 1000.0 {
                let s = sig(a / div, significant(a).max(2));
                add("abbreviations", format!("{s}{k}"));
                add("abbreviations", format!("{s} {word}"));
            }
        }
    }
    if rules.scientific && a >= 100.0 {
        let e = a.log10().floor() as i32;
        let m = sig(a / 10f64.powi(e), significant(a).max(2));
        add("scientific", format!("{m}e{e}"));
    }
    if rules.approximations {
        add("approximations", format!("about {}", sig(a * 1.03, 2)));
    }
    if rules.fractions && a.fract() == 0.5 {
        add("fractions", format!("{} and a half", a.trunc()));
    }
    if rules.units {
        if let Some(fam) = unit.and_then(units::family) {
            let base = a * fam.factor;
            for u in UNIT_SPELLINGS {
                if let Some(r) = units::family(u).filter(|r| r.dim == fam.dim) {
                    let v = base / r.factor;
                    if (0.001..1e7).contains(&v) && Some(*u) != unit {
                        let sep = if u.starts_with('/') { "" } else { " " };
                        add(
                            "units",
                            format!("{}{sep}{u}", sig(v, significant(a).max(2))),
                        );
                    }
                }
            }
        }
    }
}

/// ROT13 of the ASCII letters of `s`.
fn rot13(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            'a'..='m' | 'A'..='M' => char::from(c as u8 + 13),
            'n'..='z' | 'N'..='Z' => char::from(c as u8 - 13),
            _ => c,
        })
        .collect()
}

/// Significant digits of a number as written plainly (`5100` → 2, `1250.5` → 5).
fn significant(v: f64) -> i32 {
    let s = plain(v.abs()).replace('.', "");
    let t = s.trim_start_matches('0').trim_end_matches('0');
    (t.len() as i32).max(1)
}

fn text_forms(t: &str, rules: Rules, add: &mut dyn FnMut(&'static str, String)) {
    add("string", t.to_string());
    add("string", t.to_uppercase());
    add("string", format!("**{t}**"));
    if rules.loose_strings {
        let parts: Vec<&str> = t
            .split(|c: char| !c.is_alphanumeric())
            .filter(|p| !p.is_empty())
            .collect();
        if parts.len() > 1 {
            add("loose_strings", parts.join("_"));
            add("loose_strings", parts.join(" "));
            add("loose_strings", parts.join(""));
            let camel: String = parts
                .iter()
                .map(|p| {
                    let mut c = p.chars();
                    c.next()
                        .map(|f| f.to_uppercase().chain(c).collect::<String>())
                        .unwrap_or_default()
                })
                .collect();
            add("loose_strings", camel);
        }
        // Cyrillic look-alikes (UTS #39 confusables the matcher folds).
        add(
            "loose_strings",
            t.replace('o', "\u{43E}").replace('a', "\u{430}"),
        );
        if t.ends_with(|c: char| c.is_ascii_digit()) {
            let cut = t.trim_end_matches(|c: char| c.is_ascii_digit()).len();
            add("loose_strings", format!("{}0{}", &t[..cut], &t[cut..]));
        }
    }
    if rules.reversed {
        add("reversed", t.chars().rev().collect());
    }
    if rules.name_parts {
        // Every part; the matcher's check keeps only the distinctive ones.
        for p in t.split(|c: char| !c.is_alphanumeric()) {
            if p.len() < t.len() {
                add("name_parts", format!("the {p} instance"));
            }
        }
    }
    if rules.fuzzy_strings {
        // The last part spelled with English letter names and as alphabet positions.
        let last = t
            .rsplit(|c: char| !c.is_alphanumeric())
            .next()
            .unwrap_or("");
        if last.len() >= 3 && last.bytes().all(|b| b.is_ascii_alphabetic()) {
            let head = t.get(..t.len() - last.len()).unwrap_or("");
            let lower = last.to_ascii_lowercase();
            let names: Vec<&str> = lower.bytes().map(letter_name).collect();
            add("fuzzy_strings", format!("{head}{}", names.join(" ")));
            let positions: Vec<String> =
                lower.bytes().map(|b| (b - b'a' + 1).to_string()).collect();
            add("fuzzy_strings", format!("{head}{}", positions.join("-")));
        }
    }
    if rules.encodings {
        add(
            "encodings",
            base64::engine::general_purpose::STANDARD.encode(t),
        );
        add("encodings", t.bytes().map(|b| format!("{b:02x}")).collect());
    }
}

/// The English name of a lowercase ASCII letter (`k` → `kay`).
fn letter_name(b: u8) -> &'static str {
    const NAMES: [&str; 26] = [
        "ay", "bee", "cee", "dee", "ee", "ef", "gee", "aitch", "eye", "jay", "kay", "el", "em",
        "en", "oh", "pee", "cue", "ar", "ess", "tee", "you", "vee", "double-u", "ex", "wy", "zed",
    ];
    NAMES
        .get(usize::from(b.wrapping_sub(b'a')))
        .copied()
        .unwrap_or("")
}
