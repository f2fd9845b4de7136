//! Digits one by one in the words of other languages and of radio phonetics (a stretch rule
//! under `Rules::spelled_digits`): `fünf eins null null`, `cinq un zéro zéro`,
//! `beş bir sıfır sıfır`, `πέντε ένα μηδέν μηδέν`, `пять один ноль ноль`, `五 一 零 零`, and
//! ICAO `fife wun zero zero`, `two seven fife zero`. English digit words alone are
//! `spelled.rs`'s; here they may mix with the others.
//!
//! This module owns that reading: a run of three or more digit words separated by spaces,
//! hyphens or commas, whose digits in order are an integer target's digits exactly. Text
//! arrives normalised (NFKD without marks: `fünf` is `funf`, `zéro` is `zero`, `πέντε` is
//! `πεντε`); case is folded here.
//!
//! False-positive controls: an exact match of all the target's digits only (no rounding, no
//! candidates), and at least three words in a row, so a stray `un` or `tre` in prose reads
//! nothing.
use aho_corasick::{AhoCorasick, MatchKind};
use std::sync::OnceLock;

/// Digit words by value, every language in one list (a word belongs to one digit only).
#[rustfmt::skip]
const WORDS: [&[&str]; 10] = [
    &["zero", "null", "cero", "zéro", "nul", "sifir", "sıfır", "μηδεν", "ноль", "нуль", "零", "〇", "oh", "nil"],
    &["one", "eins", "ein", "uno", "un", "une", "um", "uma", "bir", "ενα", "μια", "один", "одна", "jeden", "een", "ett", "一", "壹", "wun"],
    &["two", "zwei", "zwo", "dos", "deux", "due", "dois", "duas", "iki", "δυο", "два", "две", "dwa", "twee", "tva", "二", "两", "貳", "too"],
    &["three", "drei", "tres", "trois", "tre", "treis", "uc", "üç", "τρια", "τρεις", "три", "trzy", "drie", "三", "叁", "tree"],
    &["four", "vier", "cuatro", "quatre", "quattro", "quatro", "dort", "dört", "τεσσερα", "τεσσερις", "четыре", "cztery", "fyra", "四", "肆", "fower"],
    &["five", "funf", "fünf", "fuenf", "cinco", "cinq", "cinque", "bes", "beş", "πεντε", "пять", "piec", "vijf", "fem", "五", "伍", "fife"],
    &["six", "sechs", "seis", "sei", "alti", "altı", "εξι", "шесть", "szesc", "zes", "sex", "六", "陆"],
    &["seven", "sieben", "siete", "sept", "sette", "sete", "yedi", "επτα", "εφτα", "семь", "siedem", "zeven", "sju", "七", "柒"],
    &["eight", "acht", "ocho", "huit", "otto", "oito", "sekiz", "οκτω", "οχτω", "восемь", "osiem", "atta", "八", "捌", "ait"],
    &["nine", "neun", "nueve", "neuf", "nove", "dokuz", "εννεα", "εννια", "девять", "dziewiec", "negen", "nio", "九", "玖", "niner"],
];

/// One automaton over every digit word (ASCII case-insensitive) and the digit of each pattern.
fn automaton() -> Option<&'static (AhoCorasick, Vec<u8>)> {
    static AC: OnceLock<Option<(AhoCorasick, Vec<u8>)>> = OnceLock::new();
    AC.get_or_init(|| {
        let mut pats: Vec<String> = Vec::new();
        let mut ds = Vec::new();
        for (d, ws) in WORDS.iter().enumerate() {
            for w in *ws {
                // Greek and Cyrillic in both cases (the automaton folds ASCII only); the final
                // sigma too.
                for v in [w.to_string(), w.to_uppercase(), w.replace('σ', "ς")] {
                    if !pats.contains(&v) {
                        pats.push(v);
                        ds.push(u8::try_from(d).unwrap_or(0));
                    }
                }
            }
        }
        let ac = crate::matcher::dfa_builder()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::LeftmostLongest)
            .build(&pats)
            .ok()?;
        Some((ac, ds))
    })
    .as_ref()
}

/// Mark each integer target (`digits`: its digits and compiled index) that `s` spells out
/// digit by digit.
pub(crate) fn scan(digits: &[(String, usize)], s: &str, hits: &mut super::targets::Hits) {
    let Some((ac, ds)) = automaton() else {
        return;
    };
    if digits.is_empty() {
        return;
    }
    let mut run = String::new();
    let mut last_end: Option<usize> = None;
    for m in ac.find_iter(s) {
        let word = s.get(m.start()..m.end()).unwrap_or("");
        let ideograph = word.chars().all(is_ideograph);
        let before = s.get(..m.start()).and_then(|h| h.chars().next_back());
        let after = s.get(m.end()..).and_then(|t| t.chars().next());
        let letter = |c: Option<char>| c.is_some_and(|c| c.is_alphabetic() && !is_ideograph(c));
        if !ideograph && (letter(before) || letter(after)) {
            continue;
        }
        let joined = last_end.is_some_and(|e| {
            s.get(e..m.start())
                .is_some_and(|g| g.chars().all(|c| matches!(c, ' ' | '-' | ',' | '\t')))
        });
        if !joined {
            check(&run, digits, hits);
            run.clear();
        }
        if let Some(d) = ds.get(m.pattern().as_usize()) {
            run.push(char::from(b'0' + d));
        }
        last_end = Some(m.end());
    }
    check(&run, digits, hits);
}

fn is_ideograph(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}')
}

/// A run of digit words states each target whose digits it holds as a whole run of three or
/// more (`5 1 0 0` inside `2 5 1 0 0` is another number).
fn check(run: &str, digits: &[(String, usize)], hits: &mut super::targets::Hits) {
    if run.len() < 3 {
        return;
    }
    for (t, idx) in digits {
        if t == run {
            hits.set(*idx);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matcher::targets::Hits;

    fn has(text: &str, target: &str) -> bool {
        let mut hits = Hits::new(1, 0);
        scan(&[(target.to_string(), 0)], text, &mut hits);
        hits.any()
    }

    #[test]
    fn digit_words_read() {
        for t in [
            "total lag: funf eins null null",
            "cinq-un-zero-zero",
            "cinco uno cero cero",
            "bes bir sifir sifir",
            "πεντε ενα μηδεν μηδεν",
            "пять один ноль ноль",
            "五 一 零 零",
            "五一零零",
            "fife wun zero zero",
        ] {
            assert!(has(t, "5100"), "{t:?}");
        }
        assert!(has("two seven fife zero", "2750"));
    }

    #[test]
    fn near_misses() {
        for t in [
            "un deux trois",
            "funf eins null",
            "zwei funf eins null null",
            "cinq un zero zero un",
            "uno, due, tre",
        ] {
            assert!(!has(t, "5100"), "{t:?}");
        }
    }
}
