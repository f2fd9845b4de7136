//! A dump of every reading over a large corpus, to compare two versions of this module: a
//! speed change must leave each reading byte for byte as it was. Ignored (it writes a file);
//! `READINGS_DUMP=/path cargo test -p orrery-learning-guard --lib golden -- --ignored`, run
//! before and after a change, then `cmp` the two files. Extra texts (one JSON object a line
//! with a `"text"` field, as the red-team corpora are) come from `READINGS_EXTRA`, a list of
//! paths separated by `:`; Rust sources whose string literals
//! are seeds from `READINGS_SOURCES`.
use std::hash::{Hash, Hasher};
use std::io::Write;

use orrery_learning_frozen_matcher::diff;

const SOURCES: &[&str] = &[
    include_str!("../../../tests/patient_learner.rs"),
    include_str!("../../../tests/matcher.rs"),
    include_str!("../../../tests/matcher_diff.rs"),
    include_str!("../../../tests/matcher_prop.rs"),
    include_str!("../../../tests/matcher_fp.rs"),
    include_str!("../../../tests/lang_numerals.rs"),
    include_str!("../../../tests/guard.rs"),
    include_str!("../../../tests/surfaces.rs"),
];
const OPS: &str = include_str!("../../../tests/data/benign_ops.txt");

fn texts() -> Vec<String> {
    let mut seeds = diff::seeds(SOURCES, OPS);
    // Rust sources whose string literals are seeds too (this module's own, as they stood
    // before the change: the literals of a test added with it would make the corpora differ).
    let sources = std::env::var("READINGS_SOURCES").unwrap_or_default();
    for path in sources.split(':').filter(|p| !p.is_empty()) {
        let body = std::fs::read_to_string(path).unwrap_or_default();
        seeds.extend(
            diff::string_literals(&body)
                .into_iter()
                .filter(|s| !s.is_empty()),
        );
    }
    let extra = std::env::var("READINGS_EXTRA").unwrap_or_default();
    for path in extra.split(':').filter(|p| !p.is_empty()) {
        let body = std::fs::read_to_string(path).unwrap_or_default();
        for l in body.lines() {
            if let Ok(v) = serde_json::from_str::<serde_json::Value>(l) {
                if let Some(t) = v.get("text").and_then(|t| t.as_str()) {
                    seeds.push(t.to_string());
                }
            }
        }
    }
    seeds.sort();
    seeds.dedup();
    let rounds = std::env::var("READINGS_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6);
    let mut texts = diff::corpus(&seeds, OPS, rounds, 0x5EED_0010);
    texts.extend(seeds);
    // Larger texts: the ops corpus in windows of many lines (the readings look per line).
    let lines: Vec<&str> = OPS.lines().collect();
    for w in [16usize, 64] {
        texts.extend(lines.chunks(w).map(|c| c.join("\n")));
    }
    texts
}

#[test]
#[ignore]
fn golden_readings_dump() {
    let Ok(path) = std::env::var("READINGS_DUMP") else {
        return;
    };
    let full = std::env::var_os("READINGS_FULL").is_some();
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).expect("dump file"));
    let texts = texts();
    let mut changed = 0usize;
    for (k, t) in texts.iter().enumerate() {
        let s = crate::matcher::normalize::normalize(t).into_owned();
        let r = super::readings(&s);
        changed += usize::from(!r.is_empty());
        if full {
            writeln!(out, "{k}\t{s:?}\t{r:?}").expect("write");
        } else {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            r.hash(&mut h);
            writeln!(out, "{k}\t{:016x}", h.finish()).expect("write");
        }
    }
    writeln!(out, "{} texts, {changed} with readings", texts.len()).expect("write");
}
