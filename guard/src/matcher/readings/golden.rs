//! A dump of every reading over a large corpus, to compare two versions of this module: a
//! speed change must leave each reading byte for byte as it was. Ignored (it writes a file);
//! `READINGS_DUMP=/path cargo test -p orrery-learning-guard --lib golden -- --ignored`, run
//! before and after a change, then `cmp` the two files. Extra texts (one JSON object a line
//! with a `"text"` field, as the red-team corpora are) come from `READINGS_EXTRA`, a list of
//! paths separated by `:`; Rust sources whose string literals
//! are seeds from `READINGS_SOURCES`.
use std::hash::{Hash, Hasher};
use std::io::Write;

use crate::matcher::golden;

fn texts() -> Vec<String> {
    // Larger texts: the ops corpus in windows of many lines (the readings look per line).
    golden::corpus("READINGS", 6, 0x5EED_0010, &[16, 64])
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
