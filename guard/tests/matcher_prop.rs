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

mod patient_learner {
    //! Normalisation is idempotent, and a target survives every transform a patient learner
    //! can ask the model for.
    use super::*;
    use base64::Engine;
    use orrery_learning_guard::matcher::normalize_for_matching;

    const INVISIBLE: &[char] = &[
        '\u{200B}',
        '\u{200D}',
        '\u{034F}',
        '\u{FE0F}',
        '\u{17B4}',
        '\u{3164}',
        '\u{2060}',
        '\u{00AD}',
        '\u{0301}',
        '\u{0000}',
        '\u{E0020}',
        '\u{180E}',
    ];
    /// Zeros of other digit systems (Nd runs start at their zero).
    const ZEROS: &[u32] = &[
        0x0660, 0x06F0, 0x0966, 0x09E6, 0x0E50, 0x0F20, 0xFF10, 0x1D7CE,
    ];

    fn text_piece() -> impl Strategy<Value = String> {
        prop::sample::select(vec![
            "5", "100", "&#53;", "&amp;", "<b>", "</b>", "<br>", "~~", "~", "*", "\u{0301}",
            "\u{200B}", "\u{00BD}", "\u{FF15}", "\u{0665}", "é", "a", " ", "-", ";", "&", "<", ">",
            "#", "x", "\u{00B3}", "\u{2212}", "\u{2776}",
        ])
        .prop_map(str::to_string)
    }

    fn spell_with(n: u64, f: impl Fn(char, usize) -> String) -> String {
        n.to_string()
            .chars()
            .enumerate()
            .map(|(i, c)| f(c, i))
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

        #[test]
        fn normalisation_is_idempotent(pieces in prop::collection::vec(text_piece(), 0..24)) {
            let s = pieces.concat();
            let once = normalize_for_matching(&s).into_owned();
            prop_assert_eq!(normalize_for_matching(&once).into_owned(), once);
        }

        #[test]
        fn a_number_survives_every_transform(
            n in 100u64..10_000_000,
            k in 0usize..1000,
            sep in prop::sample::select(vec![", ", "/", " | ", "\n", "-", "; ", " "]),
        ) {
            let m = matcher(n as f64);
            let inv = INVISIBLE[k % INVISIBLE.len()];
            let zero = ZEROS[k % ZEROS.len()];
            let digit = |c: char| c.to_digit(10).unwrap_or(0);
            let forms = vec![
                spell_with(n, |c, _| format!("{c}{inv}")),
                spell_with(n, |c, _| char::from_u32(zero + digit(c)).map(String::from).unwrap_or_default()),
                spell_with(n, |c, i| if i % 2 == 1 { format!("<b>{c}</b>") } else { c.to_string() }),
                spell_with(n, |c, _| format!("&#{};", u32::from(c))),
                spell_with(n, |c, _| format!("{c}\u{FE0F}\u{20E3}")),
                n.to_string().chars().map(String::from).collect::<Vec<_>>().join(sep),
                n.to_string().chars().rev().collect(),
                base64::engine::general_purpose::STANDARD.encode(n.to_string()),
                format!("{n:#x}"),
                format!("{n:#b}"),
            ];
            for f in forms {
                prop_assert!(m.is_match(&f), "{} not found in {:?}", n, f);
            }
        }

        #[test]
        fn a_name_survives_every_transform(
            p in 0u32..64,
            sep in prop::sample::select(vec!["-", "_", " ", ".", ":", "/", "#", "", " - "]),
            upper in any::<bool>(),
            cyr in any::<bool>(),
        ) {
            let m = Matcher::compile(&[GuardedValue {
                target_id: "p".into(),
                value: TargetValue::Text(format!("orders-{p}")),
                unit: None,
            }]);
            let word = if cyr { "\u{043E}rd\u{0435}rs" } else { "orders" };
            let word = if upper { word.to_uppercase() } else { word.to_string() };
            let forms = vec![
                format!("the hot one is {word}{sep}{p}"),
                format!("{word}{sep}0{p}"),
                format!("{word}{sep}{p}").chars().rev().collect::<String>(),
                base64::engine::general_purpose::STANDARD.encode(format!("orders-{p}")),
            ];
            for f in forms {
                prop_assert!(m.is_match(&f), "orders-{} not found in {:?}", p, f);
            }
        }
    }
}
