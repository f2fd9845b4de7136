//! A dump of what [`super::decoded`] returns over a large corpus, to compare two versions of
//! this module: a speed change must leave each output byte for byte as it was. Ignored (it
//! writes a file); `ENCODINGS_DUMP=/path cargo test -p orrery-learning-guard --lib
//! encodings::golden -- --ignored`, run before and after a change, then `cmp` the two files.
//! Extra texts (one JSON object a line with a `"text"` field, as the red-team corpora are)
//! come from `ENCODINGS_EXTRA`, a list of paths separated by `:`.
use std::io::Write;

use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD};
use base64::Engine;
use orrery_learning_frozen_matcher::diff;

use crate::matcher::golden::{self, OPS};

/// Written forms of `t` in every encoding this module reads (and a few near misses).
fn encoded(t: &str) -> Vec<String> {
    let b = t.as_bytes();
    let hex: String = b.iter().map(|c| format!("{c:02x}")).collect();
    let join = |f: &dyn Fn(&u8) -> String, sep: &str| b.iter().map(f).collect::<Vec<_>>().join(sep);
    let b32 = data_encoding::BASE32.encode(b);
    let mut v = vec![
        STANDARD.encode(b),
        STANDARD_NO_PAD.encode(b),
        URL_SAFE.encode(b),
        URL_SAFE_NO_PAD.encode(b),
        b32.clone(),
        b32.to_ascii_lowercase(),
        b32.trim_end_matches('=').to_string(),
        data_encoding::BASE32HEX.encode(b),
        data_encoding::BASE32HEX_NOPAD
            .encode(b)
            .to_ascii_lowercase(),
        hex.clone(),
        hex.to_ascii_uppercase(),
        format!("0x{hex}"),
        b.iter()
            .flat_map(|c| [0u8, *c])
            .map(|c| format!("{c:02x}"))
            .collect(),
        join(&|c| format!("{c:02x}"), " "),
        join(&|c| format!("{c:02X}"), ":"),
        join(&|c| format!("{c:02x}"), "-"),
        join(&|c| format!("{c:02x}"), ","),
        join(&|c| format!("\\x{c:02x}"), ""),
        join(&|c| format!("%{c:02X}"), ""),
        join(&|c| format!("={c:02X}"), ""),
        join(&|c| format!("\\u{c:04x}"), ""),
        join(&|c| format!("\\u{{{c:x}}}"), ""),
        join(&|c| format!("\\U{:08x}", c), ""),
        join(&|c| format!("\\{c:03o}"), ""),
        join(&|c| format!("{c}"), " "),
        join(&|c| format!("{c}"), ","),
        join(&|c| format!("{c}"), ", "),
        join(&|c| format!("{c}"), ";"),
        join(&|c| format!("{c:03o}"), " "),
        join(&|c| format!("0x{c:02x}"), " "),
        join(&|c| format!("0X{c:02X}"), ", "),
        join(&|c| format!("U+{c:04X}"), " "),
        join(&|c| format!("u+{c:04x}"), ","),
        join(&|c| format!("{c:08b}"), " "),
        join(&|c| format!("{c:08b}"), ";"),
    ];
    // Near misses: one character dropped, one changed, the case flipped.
    let mut more = Vec::new();
    for (k, e) in v.iter().enumerate() {
        let mut chars: Vec<char> = e.chars().collect();
        if chars.len() > 3 {
            let at = (k * 7 + 3) % chars.len();
            let mut d = chars.clone();
            d.remove(at);
            more.push(d.into_iter().collect::<String>());
            chars[at] = if chars[at] == 'A' { '!' } else { 'A' };
            more.push(chars.iter().collect::<String>());
        }
        more.push(
            e.chars()
                .map(|c| {
                    if c.is_ascii_lowercase() {
                        c.to_ascii_uppercase()
                    } else {
                        c.to_ascii_lowercase()
                    }
                })
                .collect(),
        );
    }
    v.extend(more);
    v
}

fn texts() -> Vec<String> {
    let seeds = golden::seeds("ENCODINGS");
    let rounds = golden::rounds("ENCODINGS", 6);
    let mut texts = diff::corpus(&seeds, OPS, rounds, 0x5EED_0E0C);
    // Encoded forms of short seeds, alone and inside a sentence.
    let short: Vec<&String> = seeds
        .iter()
        .filter(|s| (1..=40).contains(&s.len()))
        .collect();
    for (k, s) in short.iter().enumerate() {
        for (j, e) in encoded(s).into_iter().enumerate() {
            if (k + j) % 3 == 0 {
                texts.push(format!(
                    "the value is {e}, see {}",
                    short[(k * 31 + j) % short.len()]
                ));
            }
            texts.push(e);
        }
    }
    texts.extend(seeds);
    // Larger texts: the ops corpus in windows of many lines, and whole.
    texts.extend(golden::windows(&[16, 64]));
    texts.push(OPS.to_string());
    texts
}

#[test]
#[ignore]
fn golden_encodings_dump() {
    let Ok(path) = std::env::var("ENCODINGS_DUMP") else {
        return;
    };
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).expect("dump file"));
    let texts = texts();
    let mut changed = 0usize;
    for (k, t) in texts.iter().enumerate() {
        // The raw text and its normalised view (what the matcher passes).
        let n = crate::matcher::normalize::normalize(t).into_owned();
        for (v, s) in [("r", t.as_str()), ("n", n.as_str())] {
            if v == "n" && n == *t {
                continue;
            }
            let d = super::decoded(s);
            changed += usize::from(!d.is_empty());
            writeln!(out, "{k}{v}\t{d:?}").expect("write");
        }
    }
    writeln!(out, "{} texts, {changed} with output", texts.len()).expect("write");
}
