//! Property tests for the answer matcher (native only; proptest is not built for wasm):
//! every generated spelling of a random value of 100 or more matches it, and spellings of a
//! different number, in the same formats, do not.
#![cfg(not(target_arch = "wasm32"))]

use orrery_learning_guard::manifest::TargetValue;
use orrery_learning_guard::matcher::{GuardedValue, Matcher};
use proptest::prelude::*;

fn matcher(v: f64) -> Matcher {
    Matcher::compile(&[GuardedValue {
        target_id: "t".into(),
        value: TargetValue::Number(v),
        unit: None,
    }])
}

/// Group an integer's digits in threes with `sep`.
fn grouped(n: u64, sep: &str) -> String {
    let d = n.to_string();
    let mut out = String::new();
    for (i, c) in d.chars().enumerate() {
        if i > 0 && (d.len() - i).checked_rem(3) == Some(0) {
            out.push_str(sep);
        }
        out.push(c);
    }
    out
}

const ONES: [&str; 20] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];
const TENS: [&str; 10] = [
    "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];

fn below_thousand(n: u64) -> String {
    let mut parts = Vec::new();
    if n >= 100 {
        parts.push(format!("{} hundred", ONES[(n / 100) as usize]));
    }
    let r = n % 100;
    if r >= 20 {
        let t = TENS[(r / 10) as usize];
        parts.push(if r.checked_rem(10) == Some(0) {
            t.to_string()
        } else {
            format!("{t}-{}", ONES[(r % 10) as usize])
        });
    } else if r > 0 {
        parts.push(ONES[r as usize].to_string());
    }
    parts.join(" ")
}

/// An integer (1 ≤ n < 10^15) in English words.
fn words(n: u64) -> String {
    let scales = [
        (1_000_000_000_000, "trillion"),
        (1_000_000_000, "billion"),
        (1_000_000, "million"),
        (1_000, "thousand"),
    ];
    let mut n = n;
    let mut parts = Vec::new();
    for (s, name) in scales {
        if n >= s {
            parts.push(format!("{} {name}", below_thousand(n / s)));
            n %= s;
        }
    }
    if n > 0 {
        parts.push(below_thousand(n));
    }
    parts.join(" ")
}

/// Spellings of an integer value that state it exactly.
fn integer_formats(n: u64) -> Vec<String> {
    let mut f = vec![
        n.to_string(),
        grouped(n, ","),
        grouped(n, "."),
        grouped(n, "_"),
        grouped(n, "'"),
        grouped(n, "\u{00A0}"),
        grouped(n, "\u{202F}"),
        grouped(n, "\u{2009}"),
        format!("{n}.0"),
        format!("{},00", grouped(n, ".")),
        format!("{}.00", grouped(n, ",")),
        format!("**{n}**"),
        format!("`{}`", grouped(n, ",")),
        format!("-{n}"),
        n.to_string()
            .chars()
            .map(|c| char::from_u32(c as u32 - '0' as u32 + 0xFF10).unwrap_or(c))
            .collect(),
        n.to_string()
            .chars()
            .flat_map(|c| [c, '\u{200B}'])
            .collect(),
        format!("{n}ms"),
        format!("{}k", fmt_scaled(n, 3)),
        format!("{:e}", n as f64),
        format!("0x{n:X}"),
        format!("{}+1", n - 1),
        format!("{} * 2", n as f64 / 2.0),
        format!("The value is {} today.", grouped(n, ",")),
    ];
    if n < 1_000_000_000_000_000 {
        f.push(words(n));
        f.push(words(n).to_uppercase());
    }
    if n < 10_000_000_000 {
        f.push(
            n.to_string()
                .chars()
                .map(|c| ONES[c as usize - '0' as usize])
                .collect::<Vec<_>>()
                .join(" "),
        );
        f.push(
            n.to_string()
                .chars()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join("-"),
        );
    }
    f
}

/// `n / 10^exp` with every digit kept (`5123` → `5.123`).
fn fmt_scaled(n: u64, exp: u32) -> String {
    let d = n.to_string();
    let cut = d.len().saturating_sub(exp as usize);
    let (int, frac) = d.split_at(cut);
    let int = if int.is_empty() { "0" } else { int };
    let frac = format!("{:0>width$}", frac, width = exp as usize);
    let frac = frac.trim_end_matches('0');
    if frac.is_empty() {
        int.to_string()
    } else {
        format!("{int}.{frac}")
    }
}

proptest! {
    #[test]
    fn every_format_of_an_integer_matches(n in 100u64..(1u64 << 53)) {
        let m = matcher(n as f64);
        for f in integer_formats(n) {
            prop_assert!(m.is_match(&f), "format {:?}", f);
        }
    }

    #[test]
    fn every_format_of_a_decimal_matches(int in 100u64..10_000_000, frac in 1u64..100) {
        let v: f64 = format!("{int}.{frac:02}").parse().unwrap();
        let shown = format!("{v}");
        let (i, f) = shown.split_once('.').unwrap();
        let i: u64 = i.parse().unwrap();
        let m = matcher(v);
        for s in [
            shown.clone(),
            format!("{}.{f}", grouped(i, ",")),
            format!("{},{f}", grouped(i, ".")),
            format!("{}.{f}", grouped(i, " ")),
            format!("{shown}0"),
            format!("~{shown}"),
        ] {
            prop_assert!(m.is_match(&s), "format {:?}", s);
        }
    }

    #[test]
    fn formats_of_another_integer_do_not_match(n in 100u64..(1u64 << 53), w in 100u64..(1u64 << 53)) {
        prop_assume!(n != w);
        let m = matcher(n as f64);
        // Space grouping is left out: `123 456` also reads as `123` followed by `456`.
        for f in integer_formats(w).into_iter().filter(|f| !f.contains('\u{00A0}') && !f.contains('\u{202F}') && !f.contains('\u{2009}')) {
            prop_assert!(!m.is_match(&f), "target {} matched format {:?} of {}", n, f, w);
        }
    }

    #[test]
    fn near_misses_of_the_target_do_not_match(n in 100u64..(1u64 << 50)) {
        let m = matcher(n as f64);
        for f in [
            format!("{n}0"),
            format!("1{n}"),
            (n / 10).to_string(),
            format!("{n}.5"),
            format!("{},000", grouped(n, ",")),
            format!("a{n}"),
            format!("{n}abc"),
            format!("v{n}"),
            format!("{n}_x"),
        ] {
            prop_assert!(!m.is_match(&f), "format {:?}", f);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,200}", v in 100.0f64..9.0e15) {
        let m = matcher(v);
        let _ = m.find(&s);
    }
}
