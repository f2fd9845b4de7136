//! A dump of everything this module and `letters.rs` report over a large corpus, to compare
//! two versions: a speed change must leave every reported value, and their order, byte for
//! byte as it was. Ignored (it writes a file);
//! `LANG_DUMP=/path cargo test -p orrery-learning-guard --lib golden_lang -- --ignored`, run
//! before and after a change, then `cmp` the two files. Extra texts (one JSON object a line
//! with a `"text"` field, as the red-team corpora are) come from `LANG_EXTRA`, a list of
//! paths separated by `:`; Rust sources whose string literals are seeds from `LANG_SOURCES`
//! (pass copies of this module's sources taken before the change). Each text is read as written and normalised (the view the matcher
//! hands over).
use std::io::Write;

use crate::matcher::golden::{self, OPS};

use crate::matcher::letters;

fn texts() -> Vec<String> {
    // Larger texts: the ops corpus in windows of many lines, and whole.
    let mut texts = golden::corpus("LANG", 6, 0x5EED_0020, &[4, 16, 64]);
    texts.push(OPS.to_string());
    texts
}

/// Every value each reader reports on `s`, in order, one line.
fn line(out: &mut impl Write, tag: &str, k: usize, s: &str) {
    let mut lang = Vec::new();
    super::scan(s, &mut |v| lang.push(v.to_bits()));
    let mut marked = Vec::new();
    super::scan_marked_roman(s, &mut |v| marked.push(v.to_bits()));
    let mut lt = Vec::new();
    letters::scan(s, &mut |v| lt.push(v.to_bits()));
    let mut sym = Vec::new();
    letters::scan_symbols(s, &mut |v| sym.push(v.to_bits()));
    writeln!(out, "{k}{tag}\t{lang:x?}\t{marked:x?}\t{lt:x?}\t{sym:x?}").expect("write");
}

#[test]
#[ignore]
fn golden_lang_dump() {
    let Ok(path) = std::env::var("LANG_DUMP") else {
        return;
    };
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).expect("dump file"));
    let texts = texts();
    for (k, t) in texts.iter().enumerate() {
        line(&mut out, "r", k, t);
        let n = crate::matcher::normalize::normalize(t);
        if *n != **t {
            line(&mut out, "n", k, &n);
        }
        if let Some(alt) = crate::matcher::normalize::normalize_alt(t) {
            if *alt != *n {
                line(&mut out, "a", k, &alt);
            }
        }
    }
    writeln!(out, "{} texts", texts.len()).expect("write");
}
