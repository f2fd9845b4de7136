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
//! Sound-alikes of the English digit words are digit words too: `won` (1), `to`, `tu` (2),
//! `for`, `fore` (4), `ate` (8), and `sicks`, `sics`, `zeero` (`fife won zero zero`, `five won
//! oh oh`).
//!
//! False-positive controls: an exact match of all the target's digits only (no rounding, no
//! candidates), and at least three words in a row, so a stray `un` or `tre` in prose reads
//! nothing. The sound-alikes that are English words (`won`, `to`, `tu`, `for`, `fore`, `ate`)
//! count only between two other digit words (`he won 2 games`, `one for all`, `five one zero
//! zero for ten minutes` read as before), and a run is also read with them as breaks, as it
//! was without them (`five one zero zero to two seven five zero` is both numbers).
//!
//! Cost: one Aho-Corasick pass over the text; the sound-alikes add matches on common words
//! (`to`, `for`), each rejected by a look at the next match.
use aho_corasick::{AhoCorasick, MatchKind};
use std::sync::OnceLock;

/// Digit words by value, every language in one list (a word belongs to one digit only).
#[rustfmt::skip]
const WORDS: [&[&str]; 10] = [
    &["zero", "zeero", "null", "cero", "zéro", "nul", "sifir", "sıfır", "μηδεν", "ноль", "нуль", "零", "〇", "oh", "nil", "zee-ro", "ze-ro"],
    &["one", "eins", "ein", "uno", "un", "une", "um", "uma", "bir", "ενα", "μια", "один", "одна", "jeden", "een", "ett", "一", "壹", "wun", "won"],
    &["two", "zwei", "zwo", "dos", "deux", "due", "dois", "duas", "iki", "δυο", "два", "две", "dwa", "twee", "tva", "二", "两", "貳", "too", "to", "tu"],
    &["three", "drei", "tres", "trois", "tre", "treis", "uc", "üç", "τρια", "τρεις", "три", "trzy", "drie", "三", "叁", "tree"],
    &["four", "vier", "cuatro", "quatre", "quattro", "quatro", "dort", "dört", "τεσσερα", "τεσσερις", "четыре", "cztery", "fyra", "四", "肆", "fower", "for", "fore"],
    &["five", "funf", "fünf", "fuenf", "cinco", "cinq", "cinque", "bes", "beş", "πεντε", "пять", "piec", "vijf", "fem", "五", "伍", "fife"],
    &["six", "sechs", "seis", "sei", "alti", "altı", "εξι", "шесть", "szesc", "zes", "sex", "六", "陆", "sicks", "sics"],
    &["seven", "sieben", "siete", "sept", "sette", "sete", "yedi", "επτα", "εφτα", "семь", "siedem", "zeven", "sju", "七", "柒"],
    &["eight", "acht", "ocho", "huit", "otto", "oito", "sekiz", "οκτω", "οχτω", "восемь", "osiem", "atta", "八", "捌", "ait", "ate"],
    &["nine", "neun", "nueve", "neuf", "nove", "dokuz", "εννεα", "εννια", "девять", "dziewiec", "negen", "nio", "九", "玖", "niner"],
];

/// Sound-alikes that are English words: a digit only between two other digit words.
const SOFT: &[&str] = &["won", "to", "tu", "for", "fore", "ate"];

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
        // The soft words' digits carry a mark (10 + digit).
        for (p, d) in pats.iter().zip(ds.iter_mut()) {
            if SOFT.contains(&p.to_lowercase().as_str()) {
                *d += 10;
            }
        }
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
    // `run` reads the soft words between digit words, `plain` breaks at them (as the run
    // read before they were digit words); `soft` is a soft word's digit waiting for the next
    // word to be another digit word.
    let mut run = String::new();
    let mut plain = String::new();
    let mut soft: Option<u8> = None;
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
        let Some(&d) = ds.get(m.pattern().as_usize()) else {
            continue;
        };
        if !joined {
            check_both(&run, &plain, digits, hits);
            run.clear();
            plain.clear();
            soft = None;
        }
        if d >= 10 {
            // A soft word: kept only after a digit word and before another one.
            if soft.is_some() || run.is_empty() {
                check_both(&run, &plain, digits, hits);
                run.clear();
                plain.clear();
                soft = None;
            } else {
                soft = Some(d - 10);
                check(&plain, digits, hits);
                plain.clear();
            }
            last_end = Some(m.end());
            continue;
        }
        if let Some(sd) = soft.take() {
            run.push(char::from(b'0' + sd));
        }
        run.push(char::from(b'0' + d));
        plain.push(char::from(b'0' + d));
        last_end = Some(m.end());
    }
    check_both(&run, &plain, digits, hits);
}

/// [`check`] a run as read with its soft words and, when that differs, as read without them.
fn check_both(run: &str, plain: &str, digits: &[(String, usize)], hits: &mut super::targets::Hits) {
    check(run, digits, hits);
    if run != plain {
        check(plain, digits, hits);
    }
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
    fn sound_alikes_between_digit_words() {
        for t in [
            "fife won zero zero",
            "five won oh oh",
            "FIVE WON ZERO ZERO",
            "five one zeero zeero",
            "five one zero zero for ten minutes",
            "five one zero zero to two seven five zero",
            "to five one zero zero",
        ] {
            assert!(has(t, "5100"), "{t:?}");
        }
        for (t, n) in [
            ("two seven fife zero", "2750"),
            ("too seven five zero", "2750"),
            ("five tu five", "525"),
            ("five one zero zero to two seven five zero", "2750"),
            ("one two three for five", "12345"),
            ("one ate one", "181"),
            ("one for one", "141"),
            ("tree sicks niner", "369"),
            ("fower fore fower", "444"),
        ] {
            assert!(has(t, n), "{t:?}");
        }
        // A soft word at either end of a run, two in a row, or beside digits is no digit.
        for (t, n) in [
            ("he won two games", "122"),
            ("I ate at ten", "8"),
            ("one for all", "14"),
            ("go to five for ten minutes", "254"),
            ("from two to four", "24"),
            ("two to four", "24"),
            ("five to to one", "5221"),
            ("one ate ate", "188"),
            ("five won", "51"),
            ("one to one", "11"),
            ("to seven five zero", "2750"),
        ] {
            assert!(!has(t, n), "{t:?}");
        }
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
